/* transcript.h - a finished partie as readable text: every deal's actions
 * with who made them, each deal's score, and the outcome.
 */
#ifndef ARENA_TRANSCRIPT_H
#define ARENA_TRANSCRIPT_H

#include <stdio.h>
#include "arena/referee.h"

/* Writes the whole partie (verbose) or only the result lines. */
void transcript_print(FILE *out, const struct referee *ref, int verbose);

#endif

/* transcript.h - a finished partie as readable text: every deal's actions
 * with who made them, each deal's score, and the outcome; or a summary.
 */
#ifndef ARENA_PLAY_TRANSCRIPT_H
#define ARENA_PLAY_TRANSCRIPT_H

#include <stdio.h>
#include "arena/play/referee.h"

/* Writes the whole partie (verbose) or only the result lines. */
void transcript_print(FILE *out, const struct referee *ref, int verbose);

/* One line for the whole partie (who dealt first, totals, deals, result)
 * and a second line for a forfeit, saying who and why. */
void transcript_print_summary(FILE *out, const struct referee *ref);

#endif

/* roster.h - the two growable lists every reader of results fills for the
 * rating fit (stats/ratings.h): bot names, each once, and parties. The
 * lists live in the reader's own struct (pgn.h, results.h); these
 * functions grow them by doubling.
 */
#ifndef RECORDS_ROSTER_H
#define RECORDS_ROSTER_H

#include <stddef.h>
#include "stats/ratings.h"

/* The index of `name` in names[0..*n-1], appended (a strdup'd copy the
 * list owns) when new; -1 when out of memory. */
int roster_bot(char ***names, int *n, int *cap, const char *name);

/* Appends a copy of *p to the parties. 0, or -1 when out of memory. */
int roster_partie(struct ratings_partie **parties, size_t *n, size_t *cap, const struct ratings_partie *p);

#endif

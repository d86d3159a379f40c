/* support_seats.h - the test vector of docs/statistics.md section 6, read
 * by the ratings, head-to-head and PGN tests. */
#ifndef SUPPORT_SEATS_H
#define SUPPORT_SEATS_H

#include "stats/ratings.h"

/* Four deals (sets 0..3), each played three times by A, B and C (bots 0, 1,
 * 2) with the seats rotated; in the three matches of a deal the bots finish
 * in the same order, A B C, A C B, B A C, C A B, with 2, 1 and 0 points. */
#define SUPPORT_SEATS_TABLES 12
extern const struct ratings_table support_seats_tables[SUPPORT_SEATS_TABLES];

#endif

/* ladder.h - which table the ladder arena (`arena serve`) plays next,
 * among the bots connected now (docs/design.md "Tournaments").
 *
 * The rule, in this order:
 *   1. only bots that may play now: registered, not retired, not paused
 *      after repeated faults, with a free connection;
 *   2. the bot with the fewest matches first (ties: the lower index, so
 *      that the choice is deterministic);
 *   3. its opponents (the other entrants of the table) are the bots whose
 *      mean score is closest to its own, so that ratings near each other
 *      are tested where they are least certain;
 *   4. never the same table twice in a row when another one is possible.
 * A table is chosen whole and played as one duplicate set (every seating
 * on the same packs).
 */
#ifndef ARENA_TOURNAMENT_LADDER_H
#define ARENA_TOURNAMENT_LADDER_H

#include <stdint.h>

enum { LADDER_MAX_BOTS = 256, LADDER_MAX_ENTRANTS = 5 };

struct ladder_bot {
    int available;          /* may play now (rule 1) */
    long matches;           /* matches played */
    double score;           /* sum of its match scores (1 win, 0.5 draw, 0 loss;
                               at a table of more, the share of the others it beat) */
};

struct ladder {
    int n_bots;
    struct ladder_bot bots[LADDER_MAX_BOTS];
    int last[LADDER_MAX_ENTRANTS];   /* the last table, sorted; n_last 0: none */
    int n_last;
};

/* Chooses a table of `entrants` bots into table[0..entrants-1] (the
 * chosen bot first, then its opponents, closest first). 1, or 0 when
 * fewer than `entrants` bots are available. */
int ladder_choose(struct ladder *self, int entrants, int *table);

#endif

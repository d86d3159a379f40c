/* solver.h - the exact play solver: alpha-beta over the remaining tricks of
 * a full-information position (both hands known), for the search bots.
 *
 * The value of a position is what elder will score minus what younger will
 * score from now to the end of the deal: trick points (R21 or the variant
 * in force), the cards (R22: 10 for 7+ tricks, 40 for capot) and the pique
 * (R25: +30 to elder when his score reaches 30 before younger's first play
 * point). Tricks are won and scored by the engine's own helpers
 * (engine/piquet/deal.h) on a position lighter than a deal, and the whole is
 * tested against pq_deal_apply (tests/test_solver.c). Declarations and
 * the repique are decided before the play and are no part of the value.
 *
 * Search: MTD(f) over alpha-beta with a transposition table at trick
 * boundaries, keyed on the order of the cards still in play in each suit
 * (who holds the lowest, the next, ...: ranks themselves do not matter to
 * the value) and the state that still matters (leader, elder's tricks,
 * pique, scoring rule), with the best card as a hint for the next search;
 * equivalent cards (same hand, same suit, no card still in play between
 * them) are searched once. The table's entries are true of every position
 * with their key, so it stays valid across solves of different worlds and
 * is never cleared except by solver_clear().
 */
#ifndef BOTS_SOLVER_H
#define BOTS_SOLVER_H

#include <stdbool.h>
#include <stdint.h>
#include "engine/piquet/deal.h"

/* A position of the play: plain data. */
struct solver_position {
    pq_mask hand[PQ_SEATS];   /* cards still held */
    int8_t lead_card;         /* card led to the current trick, -1 at a trick's start */
    uint8_t leader;           /* seat leading the current trick */
    uint8_t trick;            /* 0..11 the trick being played, 12 when over */
    uint8_t tricks[PQ_SEATS]; /* tricks won so far */
    uint8_t trick_scoring;    /* enum pq_trick_scoring */
    uint8_t pique_live;       /* elder may still score the pique (R25) */
    int16_t elder_score;      /* elder's score counting toward the pique */
};

struct solver_entry;

struct solver {
    struct solver_entry *table;   /* owned; 2^bits entries */
    uint32_t mask;
    bool use_table;               /* both on by default; off only in tests */
    bool use_equivalence;
    uint64_t nodes;               /* positions searched, for benchmarks */
};

/* Allocates a table of 2^bits entries (12 bytes each; 20 is a good size).
 * Returns 0, or -1 when out of memory. */
int solver_init(struct solver *self, int bits);

/* Frees the table; safe on a zeroed or released solver. */
void solver_release(struct solver *self);

/* Forgets every stored position. */
void solver_clear(struct solver *self);

/* The position of a deal in its play phase (or in the look phase). */
void solver_position_from_deal(struct solver_position *out, const struct pq_deal *deal);

/* The seat to play in a position, or -1 when the deal is over. */
int solver_to_play(const struct solver_position *pos);

/* Cards the seat to play may play (R20). */
pq_mask solver_playable(const struct solver_position *pos);

/* Plays `card` (which must be playable); returns the points elder gains
 * minus those younger gains by it (trick, cards, pique). */
int solver_play(struct solver_position *pos, int card);

/* The exact value of the position (elder minus younger, see top). */
int solver_value(struct solver *self, const struct solver_position *pos);

/* The exact value after each playable card, into values[card] (elder minus
 * younger, including what the card itself scores); returns the playable
 * cards. */
pq_mask solver_values(struct solver *self, const struct solver_position *pos, int values[PQ_CARDS]);

#endif

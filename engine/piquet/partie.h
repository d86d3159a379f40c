/* partie.h - a partie: six deals (or the Law 71 variant of four), two more
 * on a tie, then the settlement (docs/rules-piquet.md R4, R28, R29).
 *
 * Players are A (0) and B (1). `first_dealer` deals deal 1; the deal then
 * alternates, so the other player is elder in odd deals. Each deal's pack
 * comes from the seed (rng.h: the same seed gives the same packs whoever
 * deals first) or from the caller (replaying a record). Plain fixed-size
 * data like the deal it holds.
 */
#ifndef PQ_PARTIE_H
#define PQ_PARTIE_H

#include "engine/piquet/deal.h"

enum { PQ_PLAYER_A, PQ_PLAYER_B, PQ_MAX_DEALS = 8 };

struct pq_partie {
    struct pq_rules rules;
    uint64_t seed;
    uint8_t first_dealer;          /* player dealing deal 1 */
    uint8_t deal_no;               /* 1-based number of the current deal */
    uint8_t n_deals;               /* deals scheduled: 6 (4), +2 after a tie */
    uint8_t over;
    int8_t winner;                 /* player, or -1 (drawn, or not over) */
    int32_t settlement;            /* what the winner gains (R29), 0 drawn */
    int16_t totals[2];             /* per player, doubled deals counted twice */
    int16_t deal_scores[PQ_MAX_DEALS][2];  /* per deal and player, as counted */
    struct pq_deal deal;           /* the current deal */
    struct pq_deal finished;       /* the last finished deal (deal_no - 1, or
                                      deal_no when over) */
};

/* Starts a partie; the first deal's pack comes from the seed. */
void pq_partie_init(struct pq_partie *self, const struct pq_rules *rules,
                    uint64_t seed, int first_dealer);

/* Starts a partie whose first deal uses `deck` (replaying a record).
 * Returns -1 when deck is not a permutation. */
int pq_partie_init_deck(struct pq_partie *self, const struct pq_rules *rules,
                        int first_dealer, const uint8_t deck[32]);

/* The player who is elder in deal `deal_no` (from 1) of a partie whose
 * first deal `first_dealer` deals: the deal alternates (R4) and the player
 * who does not deal is elder. The one place this is computed; records,
 * transcripts and viewers call it. Inline, as the two below: a playout
 * asks who is to act at every action. */
static inline int pq_partie_elder_in(int first_dealer, int deal_no)
{
    int dealer = deal_no % 2 == 1 ? first_dealer : 1 - first_dealer;
    return 1 - dealer;
}

/* Player who is elder in the current deal. */
static inline int pq_partie_elder(const struct pq_partie *self)
{
    return pq_partie_elder_in(self->first_dealer, self->deal_no);
}

/* Player to act, or -1 when the partie is over. */
static inline int pq_partie_to_act(const struct pq_partie *self)
{
    if (self->over) return -1;
    int seat = pq_deal_to_act(&self->deal), elder = pq_partie_elder(self);
    /* elder's player for the elder (0), the other for younger (1): no
     * branch on the seat, which alternates as the tricks fall. */
    return seat < 0 ? 1 - elder : elder ^ seat;
}

/* Applies the current player's action. When it ends the deal, the deal's
 * scores are added and, unless the partie is over, the next deal starts
 * from the seed's pack (pq_partie_apply_deck: from `next_deck`, for
 * replays). Returns 1 when this action ended a deal, 0 when not, -1 with a
 * reason when it is illegal (nothing changes). */
int pq_partie_apply(struct pq_partie *self, const struct pq_action *action, char *err, int cap);
int pq_partie_apply_deck(struct pq_partie *self, const struct pq_action *action,
                         const uint8_t next_deck[32], char *err, int cap);

/* Applies the current player's n-th legal action (pq_deal_apply_legal):
 * the same as pq_partie_apply of it. 1, 0, or -1 when there is no n-th
 * legal action (nothing changes). */
int pq_partie_apply_legal(struct pq_partie *self, int n);

/* Multiplier of deal `deal_no` (2 for deals 1 and 4 of a four-deal partie). */
int pq_partie_weight(const struct pq_partie *self, int deal_no);

/* R29 from two totals: the winner's gain (0 when equal). */
int pq_settlement(int winner_total, int loser_total);

#endif

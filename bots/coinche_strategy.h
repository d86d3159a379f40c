/* coinche_strategy.h - bot-greedy's Coinche (shared/RULES-coinche.md):
 * decisions as plain functions of what a seat may know, its view (the
 * JSON object engine/coinche/coinche.h documents under "The view") and
 * its legal actions as text. No sockets: bot-greedy wraps it with the SDK,
 * tests call it on real views.
 *
 * The heuristic (issue 17):
 *   bidding    each denomination's value for the hand (coinche_strategy_
 *              estimate: the trump Jack and Nine, trump length, Aces,
 *              belote; NT and AT from Aces and Jacks), plus what the
 *              partner's bid in it promises; the seat bids the lowest legal
 *              value in its best denomination up to that estimate, and
 *              passes above it; with a sure capot (its trumps from the
 *              top, nothing but Aces beside) it bids capot;
 *   coinche    when the opponents' bid is above what they can make against
 *              the seat's own defence (its trumps and Aces in their
 *              contract), and always against a capot the seat can beat
 *              with a master card;
 *   surcoinche when its side's contract is within the seat's estimate;
 *   melds      declared in full (the most melds the seat may);
 *   belote     always announced, rebelote too;
 *   play       the takers draw trumps while they hold the master trump;
 *              otherwise leads a master card, else low; follows with the
 *              cheapest card that wins for sure (or, last to play, wins at
 *              all), else the cheapest card; never overtakes a partner who
 *              is winning, and gives him points when his trick is safe.
 *              "Master" is judged on the cards still unseen.
 */
#ifndef BOTS_COINCHE_STRATEGY_H
#define BOTS_COINCHE_STRATEGY_H

#include <stddef.h>
#include <cjson/cJSON.h>
#include "engine/card.h"

/* What one seat knows, read from its view. */
struct coinche_strategy {
    int seat;
    pq_mask hand, played;
    int den;                        /* the contract's (or highest bid's)
                                       denomination: 0..3 S H D C, 4 NT, 5 AT;
                                       -1 before any bid */
    int taker, value, coinche;      /* taker -1 before any bid */
    int bid_value[4], bid_den[4];   /* each seat's last bid (value 0: none) */
    int leader, n_trick;
    int trick[4];                   /* the current trick, leader first */
    int void_of[4];                 /* bit s: the seat showed it holds no suit s */
};

/* Reads a view. 0, or -1 with the reason in err (a key missing or of the
 * wrong type: a view this module does not understand). */
int coinche_strategy_read(struct coinche_strategy *self, const cJSON *view, char *err, size_t cap);

/* The index (0..n-1) of the action to take among the n legal ones, as the
 * request lists them. */
int coinche_strategy_choose(const struct coinche_strategy *self, const char *const *legal, int n);

/* The value a hand is worth as the takers' in denomination `den` (0..5),
 * on the scale of bids (80 is a fair opening): the bidding evaluation,
 * exposed for tests. */
int coinche_strategy_estimate(pq_mask hand, int den);

/* What the seat reckons its side can make in denomination `den` (0..5)
 * on the scale of bids: its own estimate, or with the partner's bid in
 * `den` that bid and the seat's support; NT and AT 10 less. The seat bids
 * in the denomination where it is highest, up to it. */
int coinche_strategy_support(const struct coinche_strategy *self, int den);

#endif

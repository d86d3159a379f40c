/* tarot_strategy.h - bot-greedy's French Tarot (shared/RULES-tarot.md, 3
 * to 5 players): decisions as plain functions of what a seat may know,
 * its view (the JSON object engine/tarot/tarot.h documents under "The
 * view") and its legal actions as text. No sockets: bot-greedy wraps it
 * with the SDK, tests call it on views the engine writes.
 *
 * The heuristic (issue 18):
 *   bidding    a point count of the hand: bouts (the Petit only when
 *              guarded by trumps), trumps and high trumps, kings, queens,
 *              cavaliers and long suits, scaled to the hand's size; each
 *              contract needs more, and only a contract above the last bid
 *              is said;
 *   the call   (5 players) a king it does not hold, in its longest suit;
 *   discard    built from the hand, not the listed sample: the suits with
 *              fewest cards emptied first (a void to trump), then the
 *              cards worth most (queens, cavaliers: safe in the discard),
 *              never a king, a bout or a trump unless forced (F18);
 *   chelem     never announced;
 *   poignée    shown by the taker when he holds one (it goes to the camp
 *              that wins, and a taker with that many trumps usually
 *              does): the lowest trumps of the highest level he can show,
 *              the Excuse only when it is needed; defenders show none;
 *   play       the attack draws trumps while it holds the highest trump
 *              left; a leader cashes a king or a master card, else leads
 *              low from its shortest suit; a follower wins a trick worth
 *              it with its cheapest winning card, loads points onto a
 *              trick its camp wins for sure, else plays its cheapest card;
 *              the Petit is saved (played only when it wins for sure, its
 *              camp wins the trick, or it is forced), and the Excuse is
 *              played to save a valuable card or before the last trick.
 *              "For sure" is judged on the unseen cards, less the voids
 *              play revealed.
 */
#ifndef BOTS_TAROT_STRATEGY_H
#define BOTS_TAROT_STRATEGY_H

#include <stddef.h>
#include <cjson/cJSON.h>
#include "engine/tarot/tarot.h"

/* What one seat knows, read from its view. */
struct tarot_strategy {
    int players, seat, taker, partner, contract, called, highest_bid;
    int phase;                      /* enum tarot_phase */
    int hand_size, tricks_done;
    tarot_mask hand, played, unseen;
    tarot_mask discard_own;
    uint8_t void_suit[TAROT_MAX_SEATS];  /* bit s: known void in suit s */
    uint8_t no_trump[TAROT_MAX_SEATS];
    int leader, n_trick, trick[TAROT_MAX_SEATS];
    int may_show;                   /* a poignée is offered */
    int poignee_threshold[4];       /* by level, for this player count */
};

/* Reads a view. 0, or -1 with the reason in err (a key missing or of the
 * wrong type). */
int tarot_strategy_read(struct tarot_strategy *self, const cJSON *view, const char *const *legal, int n_legal,
                        char *err, size_t cap);

/* The index of the legal action to play, or -1 with its own action text
 * in answer (a discard or a poignée it built). */
int tarot_strategy_choose(const struct tarot_strategy *self, const char *const *legal, int n_legal, char *answer,
                          size_t cap);

/* Greedy's discard (the heuristic above, F18) of d cards from the taker's
 * hand with the dog in it: bot-search's first candidate
 * (bots/tarot_discards.h). */
tarot_mask tarot_strategy_discard(tarot_mask hand, int d);

/* The hand's bidding strength (points, scaled to 18 cards). */
int tarot_strategy_strength(tarot_mask hand, int players);

/* Greedy's bid: the highest contract whose need the bid strength reaches
 * (tarot_strategy_strength, 4 more at five players), when that contract
 * is above the last bid; else a pass. Both read by bots/tarot_bids.h. */
int tarot_strategy_bid_strength(tarot_mask hand, int players);
/* The bid strength a contract (enum tarot_contract) needs: 0 a pass. */
int tarot_strategy_bid_need(int contract);

#endif

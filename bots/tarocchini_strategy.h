/* tarocchini_strategy.h - bot-greedy's Tarocchini (shared/RULES-tarocchini.md):
 * decisions as plain functions of what a seat may know, its view (the JSON
 * object engine/tarocchini/tarocchini.h documents under "The view") and its
 * legal actions as text. No sockets: bot-greedy wraps it with the SDK,
 * tests call it on views of real deals. Rules are judged by the engine's
 * own functions (combinations, trick winners); the view does not carry the
 * variant flags, so ranks are the default ones (round_suits_inverted).
 *
 * The heuristic (issue 19):
 *   monte      throws in only five cards without a trump or a counter;
 *   discard    the pair that costs least: a Queen, Knight or Jack that makes
 *              no hand combination is banked (the discards join the
 *              dealer's won cards, O12), then blanks, emptying a short suit
 *              when it can;
 *   declare    every combination that scores: each turn the declaration
 *              whose value plus the best the rest of the hand can still
 *              declare is highest (so a wild goes where it is worth most);
 *   lead       a sure winner (no later seat may beat it) when it holds one,
 *              else its cheapest card; `volo` whenever it is true (honest),
 *              no other signal;
 *   follow     on a partner's sure trick, the most valuable suit card it
 *              may give (its trumps kept to take tricks); when an opponent
 *              wins, the cheapest card that wins for sure (every won card
 *              is combination material), else, third to play or on a trick
 *              with points, the cheapest card that beats it, else the Matto
 *              (kept by its team, a worthless card given back) when its
 *              other cards are worth something, else its cheapest card.
 * "Sure" is judged on the cards each later seat may hold: the cards it has
 * not seen, less the voids play revealed, plus the cards that seat declared.
 */
#ifndef BOTS_TAROCCHINI_STRATEGY_H
#define BOTS_TAROCCHINI_STRATEGY_H

#include <stddef.h>
#include <cjson/cJSON.h>
#include "engine/tarocchini/tarocchini.h"

/* What one seat knows, read from its view. */
struct tarocchini_strategy {
    int seat;
    tar_mask hand;
    tar_mask gone;                  /* played cards, and its own discards */
    tar_mask possible[TAR_SEATS];   /* the cards each other seat may hold */
    int leader, n_trick;
    uint8_t trick[TAR_SEATS];       /* the current trick, leader first */
    struct tar_rules rules;
};

/* Reads a view. 0, or -1 with the reason in err (a key missing or of the
 * wrong type: a view this module does not understand). */
int tarocchini_strategy_read(struct tarocchini_strategy *self, const cJSON *view, char *err, size_t cap);

/* The index (0..n-1) of the action to take among the n legal ones, as the
 * request lists them. */
int tarocchini_strategy_choose(const struct tarocchini_strategy *self, const char *const *legal, int n);

/* What giving card c away costs (counters and combination cards dearest),
 * exposed for tests. */
int tarocchini_strategy_cost(int card);

#endif

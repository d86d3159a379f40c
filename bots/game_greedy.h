/* game_greedy.h - the greedy heuristic of every protocol-2 game but Piquet,
 * one entry point: the view names its game and the game's strategy module
 * (belote_strategy.h, coinche_strategy.h, tarot_strategy.h,
 * tarocchini_strategy.h) decides. bot-greedy plays it; bot-search falls back
 * on it where it does not search.
 */
#ifndef BOTS_GAME_GREEDY_H
#define BOTS_GAME_GREEDY_H

#include <stddef.h>
#include <cjson/cJSON.h>
#include "engine/game.h"

/* The index of the legal action to play (0..n-1), or -1 after writing an
 * action text of its own into answer (cap bytes: a Tarot discard built from
 * the hand). A view the strategies cannot read is said in err and the first
 * legal action (0) is returned. */
int game_greedy_choose(const cJSON *view, const char *const *legal, int n, char *answer, size_t cap, char *err,
                       size_t err_cap);

/* The same choice in a full state, for the player to act (its view written
 * by the game): bot-search's playout policy (search.h struct
 * search_policy; ctx unused). The index of the legal action, -1 with the
 * action text in text (a Tarot discard), or -2 when the view cannot be
 * written or read. */
int game_greedy_policy(void *ctx, const struct game *g, const void *state, char *text, int cap);

/* Whether bot-search plays its card plays' playouts out by greedy's
 * heuristic (game_greedy_policy) by default rather than by the game's
 * rules of thumb: where it measured a gain (Belote at two;
 * bots/README.md "Greedy's heuristic in the playouts at two"). */
int game_greedy_playouts_by_default(const struct game *g, int players);

/* The playouts of a searched bid (bot-search's small choices that are no
 * card play): the game's rules of thumb for the card plays (game.h
 * playout; one action in SEARCH_THUMB_RANDOM per mille at random, -2),
 * greedy's heuristic (game_greedy_policy) for the rest of the auction, the
 * exchanges, discards and declarations. ctx: a struct pq_rng, the
 * playouts' luck. */
int game_greedy_bid_policy(void *ctx, const struct game *g, const void *state, char *text, int cap);

#endif

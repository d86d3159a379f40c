/* test_belote_support.h - helpers the Belote tests share: reading
 * fixtures, replaying deal and match records through the game interface
 * (engine/game.h) as `arena replay` does, and results as cJSON trees. */
#ifndef TEST_BELOTE_SUPPORT_H
#define TEST_BELOTE_SUPPORT_H

#include <stdint.h>
#include <cjson/cJSON.h>
#include "engine/belote/belote.h"

/* The parsed JSON file at `path` (relative to the checkout); the caller
 * deletes it. Fails the test when unreadable. */
cJSON *bt_read_json(const char *path);

/* Starts a one-deal match of `game` ("belote", ...) with `players`,
 * `rules` ("name=value" strings, NULL-terminated, or NULL), `deck` (NULL:
 * from the seed) and `reserve`. Fails the test on any error. */
const struct game *bt_start(struct bel_match *m, const char *game, int players, const char *const *rules,
                            const char *deck, long reserve);

/* Replays a deal record (its game, players, rules, deck, reserve and
 * actions). Returns the index of the first refused action (its reason in
 * err), the number of actions when the deal is not over after them, or
 * -1 when the deal ended exactly with the last action. */
int bt_replay(struct bel_match *m, const cJSON *record, char *err, int cap);

/* Applies one action text; GAME_* result. */
int bt_do(struct bel_match *m, const char *action, char *err, int cap);

/* The last deal's result / the match result / a view as a cJSON object
 * (the caller deletes it). */
cJSON *bt_deal_result(const struct bel_match *m);
cJSON *bt_match_result(const struct bel_match *m);
cJSON *bt_view(const struct bel_match *m, int player);

/* The game module of a match. */
const struct game *bt_game(const struct bel_match *m);

/* The integers of a JSON array into out (at most max); their number. */
int bt_ints(const cJSON *array, long *out, int max);

#endif

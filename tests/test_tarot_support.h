/* test_tarot_support.h - helpers the Tarot tests share: one-deal matches
 * from a pack and actions through the game interface (engine/game.h) as
 * `arena replay` plays them, packs built from hands, fixtures, and
 * results and views as cJSON trees. */
#ifndef TEST_TAROT_SUPPORT_H
#define TEST_TAROT_SUPPORT_H

#include <cjson/cJSON.h>
#include "engine/tarot/tarot.h"

/* The parsed JSON file at `path`; the caller deletes it. */
cJSON *tt_read_json(const char *path);

/* A one-deal match of `players` with `rules` ("name=value", NULL-ended, or
 * NULL) and `deck` (NULL: from the seed). Fails the test on any error. */
void tt_start(struct tarot_match *m, int players, const char *const *rules, const char *deck);

/* The mask of space-separated card texts ("05 06 2S"); a bad or repeated
 * token fails the calling test. */
tarot_mask tt_cards(const char *list);

/* A pack order whose seat s holds the cards of hands[s] and whose dog
 * holds dog (space-separated tokens, each list possibly short): the rest
 * fill the blocks in pack order. Written into out (TAROT_DECK_TEXT). */
void tt_deck(int players, const char *const *hands, const char *dog, char *out);

/* Applies one action; GAME_* result, reason in err (may be NULL). */
int tt_do(struct tarot_match *m, const char *action, char *err, int cap);
/* Applies each action of a NULL-ended list, failing the test on a refusal. */
void tt_play(struct tarot_match *m, const char *const *actions);
/* Whether `action` is legal now (find_legal), checked against apply on a copy. */
int tt_legal(const struct tarot_match *m, const char *action);

/* Loads fixture tests/fixtures/tarot/ID.json's record into a one-deal
 * match and plays its first `count` actions (-1: all). */
void tt_fixture(struct tarot_match *m, const char *id, int count, const char *const *extra_rules);

/* The last deal's result / the match result / a view (caller deletes). */
cJSON *tt_deal_result(const struct tarot_match *m);
cJSON *tt_match_result(const struct tarot_match *m);
cJSON *tt_view(const struct tarot_match *m, int player);

/* An integer field of a cJSON object, and an element of an array field. */
long tt_int(const cJSON *obj, const char *key);
long tt_at(const cJSON *obj, const char *key, int i);

enum { TAROT_DECK_TEXT = 240 };

#endif

/* test_coinche_support.h - helpers the Coinche tests share: one-deal
 * matches from a pack and rules, actions applied through the game
 * interface (engine/game.h) as `arena replay` applies them, and results
 * and views as cJSON trees. */
#ifndef TEST_COINCHE_SUPPORT_H
#define TEST_COINCHE_SUPPORT_H

#include <cjson/cJSON.h>
#include "engine/coinche/coinche.h"

/* The constructed packs of RULES-coinche.md section 13. */
extern const char *const ct_pack_r, *const ct_pack_s, *const ct_pack_t;

/* A pack order (K6) from the hands of seats 0..3, each a text of up to
 * 8 cards ("JS 9S AH"); hands left short are filled, seat by seat, with
 * the unused cards in card order. `out` holds 96 bytes. */
void ct_pack(char *out, const char *s0, const char *s1, const char *s2, const char *s3);

/* Starts a one-deal match (seat s is player s) with `rules`
 * ("name=value" strings, NULL-terminated, or NULL) and `deck` (NULL: from
 * seed 1). Fails the test on any error. */
void ct_start(struct coinche_match *m, const char *const *rules, const char *deck);

/* Applies one action text; GAME_* result, the reason in err. */
int ct_do(struct coinche_match *m, const char *action, char *err, int cap);

/* Applies a list of actions separated by ", " ("pass, bid 80 H, pass");
 * fails the test at the first refused one. Returns the last GAME_* result. */
int ct_run(struct coinche_match *m, const char *actions);

/* Whether `action` is refused now (without changing the state), and the
 * reason in err. */
int ct_refused(struct coinche_match *m, const char *action, char *err, int cap);

/* Whether `action` is in the legal list now (by find_legal). */
int ct_legal(const struct coinche_match *m, const char *action);

/* The last deal's result / the match result / a view (caller deletes). */
cJSON *ct_deal_result(const struct coinche_match *m);
cJSON *ct_match_result(const struct coinche_match *m);
cJSON *ct_view(const struct coinche_match *m, int player);

/* Element i of an integer array field of obj. */
long ct_at(const cJSON *obj, const char *field, int i);

/* Events of `category` with `seat` and `points` in a deal result. */
int ct_events(const cJSON *result, const char *category, int seat, long points);

#endif

/* test_tarocchini_support.h - helpers the Tarocchini tests share: one-deal
 * matches started from a pack, actions applied through the game interface
 * (engine/game.h) as `arena replay` applies them, results and views as
 * cJSON trees, the worked packs of RULES-tarocchini.md section 10, and
 * running the real programs. */
#ifndef TEST_TAROCCHINI_SUPPORT_H
#define TEST_TAROCCHINI_SUPPORT_H

#include <stddef.h>
#include <stdint.h>
#include <cjson/cJSON.h>
#include "engine/tarocchini/tarocchini.h"

/* Section 10's packs and E2's 71 actions. */
extern const char *const tk_e2_deck, *const tk_e3_deck;
extern const char *const tk_e2_actions[];
enum { TT_E2_ACTIONS = 71 };

/* Starts a one-deal match (seat s is player s) with `rules` ("name=value",
 * NULL-terminated, or NULL) and `deck` (NULL: from seed 1). Fails the test
 * on any error. */
void tk_start(struct tar_match *m, const char *const *rules, const char *deck);

/* Applies one action text: GAME_* result, the reason in err. */
int tk_do(struct tar_match *m, const char *action, char *err, int cap);

/* Applies n actions, failing the test on a refusal; the last result. */
int tk_play(struct tar_match *m, const char *const *actions, int n);

/* A random legal action of the player to act, applied; GAME_* result. */
int tk_random_action(struct tar_match *m, uint64_t *rng_state);

/* The last deal's result / the match result / a view (caller deletes). */
cJSON *tk_deal_result(const struct tar_match *m);
cJSON *tk_match_result(const struct tar_match *m);
cJSON *tk_view(const struct tar_match *m, int player);

/* The named integer of an event list: the points of the first event with
 * this category and seat, 0 when none. */
long tk_event(const cJSON *result, const char *category, int seat);

/* The legal actions as one text, one per line (for strstr). */
void tk_legal_list(const struct tar_match *m, char *buf, size_t cap);

/* A card's number from its token (fails the test when unknown); a mask
 * from a space-separated list. */
int tk_card(const char *token);
tar_mask tk_cards(const char *list);

/* Runs a shell command, its stdout and stderr into out; its exit status. */
int tk_run(const char *cmd, char *out, size_t cap);
/* $BIN, or build/bin. */
const char *tk_bin(void);

#endif

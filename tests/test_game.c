/* test_game.c - the generic game interface (engine/game.h): a whole
 * partie driven only through `struct game`, as the arena will drive it.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "engine/game.h"
#include "engine/partie.h"
#include "engine/rng.h"
#include "protocol/json_writer.h"

Test(game, piquet_is_found_by_name_and_unknown_games_are_not)
{
    cr_assert_eq(game_find("piquet"), &piquet_game);
    cr_assert_null(game_find("bezique"));
}

Test(game, a_partie_played_through_the_interface_matches_the_engine)
{
    const struct game *g = &piquet_game;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        void *state = malloc(g->state_size);
        struct pq_partie direct;
        struct pq_rules rules;
        struct pq_rng rng;
        char err[160];
        int deals_ended = 0;
        cr_assert_eq(g->create(state, seed, (int)(seed % 2), NULL, err, sizeof err), 0, "%s", err);
        pq_rules_default(&rules);
        pq_partie_init(&direct, &rules, seed, (int)(seed % 2));
        pq_rng_seed(&rng, seed);
        while (g->to_act(state) >= 0) {
            char text[PQ_ACTION_TEXT_MAX];
            struct pq_action a;
            int n = g->legal_count(state);
            cr_assert_eq(n, pq_deal_legal_count(&direct.deal));
            cr_assert_eq(g->to_act(state), pq_partie_to_act(&direct));
            int pick = (int)pq_rng_below(&rng, (uint32_t)n);
            g->legal_text(state, pick, text, sizeof text);
            pq_deal_legal_nth(&direct.deal, pick, &a);
            int rc = g->apply(state, text, (int)strlen(text), err, sizeof err);
            cr_assert_geq(rc, 0, "%s: %s", text, err);
            cr_assert_eq(rc, pq_partie_apply(&direct, &a, NULL, 0));
            deals_ended += rc == 1;
            cr_assert_eq(g->deal_number(state), direct.deal_no);
        }
        cr_assert(deals_ended == 6 || deals_ended == 8);
        cr_assert_eq(g->winner(state), direct.winner);
        cr_assert_eq(g->settlement(state), direct.settlement);
        cr_assert_eq(memcmp(state, &direct, sizeof direct), 0, "same actions, same partie");
        free(state);
    }
}

Test(game, views_and_results_are_written_through_the_writer)
{
    const struct game *g = &piquet_game;
    struct pq_partie state;
    char err[160];
    cr_assert_eq(g->create(&state, 3, 0, NULL, err, sizeof err), 0);
    cJSON *root = cJSON_CreateObject();
    struct json_writer jw;
    json_writer_init(&jw, root);
    g->view(&state, g->to_act(&state), "view", &jw.writer);
    cr_assert_not(jw.failed);
    cJSON *view = cJSON_GetObjectItem(root, "view");
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(view, "seat")), "elder");
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(view, "phase")), "discard");
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(view, "hand")), 12);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(view, "opponent_shown")), 0);
    cJSON_Delete(root);
}

Test(game, options_set_variant_flags_and_bad_ones_are_refused)
{
    const struct game *g = &piquet_game;
    struct pq_partie state;
    char err[160];
    const char *good[] = { "trick_scoring=penguin", "partie_deals=4", NULL };
    cr_assert_eq(g->create(&state, 1, 0, good, err, sizeof err), 0, "%s", err);
    cr_assert_eq(state.rules.trick_scoring, PQ_TRICKS_PENGUIN);
    cr_assert_eq(state.n_deals, 4);
    const char *unknown[] = { "trumps=spades", NULL };
    cr_assert_eq(g->create(&state, 1, 0, unknown, err, sizeof err), -1);
    cr_assert(strstr(err, "unknown flag 'trumps'"), "%s", err);
    const char *shape[] = { "law49", NULL };
    cr_assert_eq(g->create(&state, 1, 0, shape, err, sizeof err), -1);
    cr_assert(strstr(err, "name=value"), "%s", err);
}

Test(game, an_illegal_text_action_is_refused_and_changes_nothing)
{
    const struct game *g = &piquet_game;
    struct pq_partie state, before;
    char err[160];
    g->create(&state, 5, 1, NULL, err, sizeof err);
    before = state;
    cr_assert_eq(g->apply(&state, "play AS", 7, err, sizeof err), -1);
    cr_assert(strstr(err, "must act with 'discard'"), "%s", err);
    cr_assert_eq(g->apply(&state, "discard", 7, err, sizeof err), -1);
    cr_assert(strstr(err, "must discard 1 to 5 cards, not 0"), "%s", err);
    cr_assert_eq(memcmp(&state, &before, sizeof state), 0);
}

/* test_game.c - the one door to every game (engine/game.h): a whole
 * partie driven only through `struct game`, as the arena drives it, and
 * the helpers every module shares.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/game.h"
#include "engine/piquet/partie.h"
#include "engine/rng.h"
#include "protocol/json_writer.h"

static int create(const struct game *g, void *state, uint64_t seed, int first_dealer,
                  const char *const *rules, char *err, int cap)
{
    struct game_setup setup = { 0, seed, first_dealer, rules, 0 };
    return g->create(state, &setup, err, cap);
}

Test(game, piquet_is_found_by_name_and_unknown_games_are_not)
{
    cr_assert_eq(game_find("piquet"), &piquet_game);
    cr_assert_null(game_find("bezique"));
    int found = 0;
    for (int i = 0; game_modules[i]; i++) found += game_modules[i] == &piquet_game;
    cr_assert_eq(found, 1);
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
        cr_assert_eq(create(g, state, seed, (int)(seed % 2), NULL, err, sizeof err), 0, "%s", err);
        cr_assert_eq(g->players(state), 2);
        cr_assert_eq(g->teams(state), 2);
        cr_assert_eq(g->team(state, 1), 1);
        pq_rules_default(&rules);
        pq_partie_init(&direct, &rules, seed, (int)(seed % 2));
        pq_rng_seed(&rng, seed);
        while (g->to_act(state) >= 0) {
            char text[GAME_ACTION_MAX];
            struct pq_action a;
            int n = g->legal_count(state);
            cr_assert_eq(n, pq_deal_legal_count(&direct.deal));
            cr_assert_eq(g->to_act(state), pq_partie_to_act(&direct));
            int pick = (int)pq_rng_below(&rng, (uint32_t)n);
            g->legal_text(state, pick, text, sizeof text);
            cr_assert_eq(g->find_legal(state, text, (int)strlen(text)), pick, "%s", text);
            pq_deal_legal_nth(&direct.deal, pick, &a);
            int rc = g->apply(state, text, (int)strlen(text), err, sizeof err);
            cr_assert_geq(rc, 0, "%s: %s", text, err);
            cr_assert_eq(rc, pq_partie_apply(&direct, &a, NULL, 0));
            deals_ended += rc == GAME_DEAL_OVER;
            cr_assert_eq(g->deal_number(state), direct.deal_no);
        }
        cr_assert(deals_ended == 6 || deals_ended == 8);
        long points[2], totals[2];
        g->match_points(state, points);
        g->scores(state, totals);
        cr_assert_eq(totals[0], direct.totals[0]);
        cr_assert_eq(totals[1], direct.totals[1]);
        cr_assert_eq(game_winner(g, state, points), direct.winner);
        if (direct.winner >= 0) {
            cr_assert_eq(points[direct.winner], direct.settlement);
            cr_assert_eq(points[1 - direct.winner], -direct.settlement);
        }
        cr_assert_eq(memcmp(state, &direct, sizeof direct), 0, "same actions, same partie");
        free(state);
    }
}

Test(game, the_same_discard_in_another_card_order_is_the_same_legal_action)
{
    const struct game *g = &piquet_game;
    struct pq_partie state;
    char err[160], text[GAME_ACTION_MAX];
    cr_assert_eq(create(g, &state, 7, 0, NULL, err, sizeof err), 0);
    int n = g->legal_count(&state), found = 0;
    for (int i = 0; i < n && !found; i++) {
        g->legal_text(&state, i, text, sizeof text);
        if (strncmp(text, "discard ", 8) || strlen(text) < 16) continue;
        /* "discard AA BB CC..." with the first two cards swapped */
        char swapped[GAME_ACTION_MAX];
        snprintf(swapped, sizeof swapped, "discard %.2s %.2s%s", text + 11, text + 8, text + 13);
        cr_assert_neq(strcmp(swapped, text), 0);
        cr_assert_eq(g->find_legal(&state, swapped, (int)strlen(swapped)), i, "%s / %s", swapped, text);
        found = 1;
    }
    cr_assert(found);
    cr_assert_eq(g->find_legal(&state, "play AS", 7), -1);
    cr_assert_eq(g->find_legal(&state, "nonsense", 8), -1);
}

Test(game, views_and_results_are_written_through_the_writer)
{
    const struct game *g = &piquet_game;
    struct pq_partie state;
    char err[160];
    cr_assert_eq(create(g, &state, 3, 0, NULL, err, sizeof err), 0);
    cJSON *root = cJSON_CreateObject();
    struct json_writer jw;
    json_writer_init(&jw, root);
    g->view(&state, g->to_act(&state), &jw.writer);
    cr_assert_not(jw.failed);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(root, "seat")), "elder");
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(root, "phase")), "discard");
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(root, "hand")), 12);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(root, "opponent_shown")), 0);
    cJSON_Delete(root);
}

Test(game, rules_set_variant_flags_and_bad_ones_are_refused)
{
    const struct game *g = &piquet_game;
    struct pq_partie state;
    char err[160];
    const char *good[] = { "trick_scoring=penguin", "partie_deals=4", NULL };
    cr_assert_eq(create(g, &state, 1, 0, good, err, sizeof err), 0, "%s", err);
    cr_assert_eq(state.rules.trick_scoring, PQ_TRICKS_PENGUIN);
    cr_assert_eq(state.n_deals, 4);
    const char *unknown[] = { "trumps=spades", NULL };
    cr_assert_eq(create(g, &state, 1, 0, unknown, err, sizeof err), -1);
    cr_assert(strstr(err, "unknown flag 'trumps'"), "%s", err);
    const char *shape[] = { "law49", NULL };
    cr_assert_eq(create(g, &state, 1, 0, shape, err, sizeof err), -1);
    cr_assert(strstr(err, "name=value"), "%s", err);
    struct game_setup three = { 3, 1, 0, NULL, 0 };
    cr_assert_eq(g->create(&state, &three, err, sizeof err), -1);
    cr_assert(strstr(err, "piquet is played by 2"), "%s", err);
}

Test(game, an_illegal_text_action_is_refused_and_changes_nothing)
{
    const struct game *g = &piquet_game;
    struct pq_partie state, before;
    char err[160];
    create(g, &state, 5, 1, NULL, err, sizeof err);
    before = state;
    cr_assert_eq(g->apply(&state, "play AS", 7, err, sizeof err), GAME_ILLEGAL);
    cr_assert(strstr(err, "must act with 'discard'"), "%s", err);
    cr_assert_eq(g->apply(&state, "discard", 7, err, sizeof err), GAME_ILLEGAL);
    cr_assert(strstr(err, "must discard 1 to 5 cards, not 0"), "%s", err);
    cr_assert_eq(memcmp(&state, &before, sizeof state), 0);
}

Test(game, a_deck_is_set_only_before_the_deals_first_action)
{
    const struct game *g = &piquet_game;
    struct pq_partie state;
    char err[160], action[GAME_ACTION_MAX];
    const char *deck = "7S 8S 9S TS JS QS KS AS 7H 8H 9H TH JH QH KH AH "
                       "7D 8D 9D TD JD QD KD AD 7C 8C 9C TC JC QC KC AC";
    create(g, &state, 5, 0, NULL, err, sizeof err);
    cr_assert_eq(g->set_deck(&state, deck, err, sizeof err), 0, "%s", err);
    char text[100];
    cr_assert_eq(g->deck_text(&state, text, sizeof text), (int)strlen(deck));
    cr_assert_str_eq(text, deck);
    cr_assert_eq(g->set_deck(&state, "7S 8S", err, sizeof err), -1);
    cr_assert(strstr(err, "31") || strstr(err, "32"), "%s", err);
    g->legal_text(&state, 0, action, sizeof action);
    cr_assert_eq(g->apply(&state, action, (int)strlen(action), err, sizeof err), GAME_GOES_ON, "%s", err);
    cr_assert_eq(g->set_deck(&state, deck, err, sizeof err), -1);
    cr_assert(strstr(err, "before its first action"), "%s", err);
}

Test(game, a_forfeit_is_a_rubicon_loss_on_the_totals_so_far)
{
    const struct game *g = &piquet_game;
    struct pq_partie state;
    char err[160];
    long points[2];
    create(g, &state, 9, 0, NULL, err, sizeof err);
    state.totals[0] = 40;
    state.totals[1] = 75;
    g->forfeit_points(&state, 1, points);
    cr_assert_eq(points[0], 215);
    cr_assert_eq(points[1], -215);
    cr_assert_eq(game_winner(g, &state, points), 0);
}

Test(game, flag_values_are_checked_against_the_table)
{
    char err[160];
    const struct game_flag *f = game_flag_find(&piquet_game, "law49");
    cr_assert_not_null(f);
    cr_assert_null(game_flag_find(&piquet_game, "trumps"));
    cr_assert_eq(game_flag_check(f, "true", err, sizeof err), 0);
    cr_assert_eq(game_flag_check(f, "yes", err, sizeof err), -1);
    cr_assert_str_eq(err, "rules.law49: 'yes' is not false or true");
    struct game_flag target = { "target", GAME_FLAG_NUMBER, NULL, "0", "", 0, 1500 };
    cr_assert_eq(game_flag_check(&target, "750", err, sizeof err), 0);
    cr_assert_eq(game_flag_check(&target, "0750", err, sizeof err), -1);
    cr_assert_eq(game_flag_check(&target, "1501", err, sizeof err), -1);
    cr_assert_str_eq(err, "rules.target: '1501' is not a whole number from 0 to 1500");
}

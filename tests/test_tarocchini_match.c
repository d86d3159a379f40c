/* test_tarocchini_match.c - the match (shared/RULES-tarocchini.md O33-O36):
 * the dealer's rotation and the seats, the fixed number of deals, the
 * totals and settlement, duplicate packs, the target and its cap, and the
 * forfeit. Deals are thrown in by monte (flag monte) where only the match's
 * bookkeeping matters. */
#include <criterion/criterion.h>
#include <string.h>
#include "tests/test_tarocchini_support.h"

static void create(struct tar_match *m, const char *const *rules, int first_dealer, uint64_t seed)
{
    char err[200];
    struct game_setup setup = { 4, seed, first_dealer, rules, 0 };
    cr_assert_eq(tarocchini_game.create(m, &setup, err, sizeof err), 0, "%s", err);
}

static int throw_in(struct tar_match *m)
{
    static const char *const montes[] = { "monte", "monte", "monte", "monte" };
    return tk_play(m, montes, 4);
}

Test(tarocchini_match, o33_deal_k_is_dealt_by_first_dealer_plus_k_and_seat_s_is_dealer_plus_1_plus_s)
{
    static const char *const rules[] = { "monte=true", NULL };
    struct tar_match m;
    create(&m, rules, 2, 9);   /* C deals first */
    for (int k = 0; k < 8; k++) {
        cJSON *v = tk_view(&m, 0);
        int dealer = (2 + k) % 4;
        char letter[2] = { (char)('A' + dealer), 0 };
        cr_expect_str_eq(cJSON_GetObjectItem(v, "dealer")->valuestring, letter, "deal %d", k);
        for (int s = 0; s < 4; s++) {
            char seat[2] = { (char)('A' + (dealer + 1 + s) % 4), 0 };
            cr_expect_str_eq(cJSON_GetArrayItem(cJSON_GetObjectItem(v, "seats"), s)->valuestring, seat);
        }
        cr_expect_eq(tarocchini_game.to_act(&m), (dealer + 1) % 4);   /* seat 0 speaks first */
        cJSON_Delete(v);
        cr_assert_eq(throw_in(&m), GAME_DEAL_OVER);
    }
    cr_expect_lt(tarocchini_game.to_act(&m), 0);   /* 8 deals by default */
    cr_expect_eq(tarocchini_game.deal_number(&m), 8);
}

Test(tarocchini_match, o33_the_number_of_deals_is_a_multiple_of_4)
{
    static const char *const bad[] = { "deals=6", NULL };
    static const char *const twelve[] = { "deals=12", "monte=true", NULL };
    struct tar_match m;
    char err[200];
    struct game_setup setup = { 4, 1, 0, bad, 0 };
    cr_expect_eq(tarocchini_game.create(&m, &setup, err, sizeof err), -1);
    cr_expect(strstr(err, "multiple of 4"), "%s", err);
    create(&m, twelve, 0, 1);
    for (int k = 0; k < 12; k++) cr_assert_eq(throw_in(&m), GAME_DEAL_OVER);
    cr_expect_lt(tarocchini_game.to_act(&m), 0);
}

Test(tarocchini_match, o33_o34_the_totals_go_to_the_partnerships_and_the_higher_wins_by_the_difference)
{
    struct tar_match m;
    static const char *const four[] = { "deals=4", NULL };
    create(&m, four, 0, 3);   /* A deals: seat 0 is B, team 0 = BD */
    tarocchini_game.set_deck(&m, tk_e2_deck, NULL, 0);
    cr_assert_eq(tk_play(&m, tk_e2_actions, TT_E2_ACTIONS), GAME_DEAL_OVER);
    cr_expect_eq(m.totals[1], 893);
    cr_expect_eq(m.totals[0], 176);
    long s[4], p[4];
    tarocchini_game.scores(&m, s);
    cr_expect_eq(s[1], 893);
    cr_expect_eq(s[3], 893);
    cr_expect_eq(s[0], 176);
    /* B deals deal 2: seat 0 is C, team 0 = AC */
    tarocchini_game.set_deck(&m, tk_e2_deck, NULL, 0);
    tk_play(&m, tk_e2_actions, TT_E2_ACTIONS);
    cr_expect_eq(m.totals[0], 176 + 893);
    uint64_t seed = 3;
    while (tarocchini_game.to_act(&m) >= 0) tk_random_action(&m, &seed);
    tarocchini_game.match_points(&m, p);
    long diff = (long)m.totals[0] - m.totals[1];
    cr_expect_eq(p[0], diff);
    cr_expect_eq(p[2], diff);
    cr_expect_eq(p[1], -diff);
    cJSON *r = tk_match_result(&m);
    cr_expect_eq(cJSON_GetObjectItem(r, "settlement")->valueint, diff < 0 ? -diff : diff);
    cr_expect_str_eq(cJSON_GetObjectItem(r, "winner")->valuestring, diff > 0 ? "AC" : "BD");
    cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(r, "deals")), 4);
    cJSON_Delete(r);
}

Test(tarocchini_match, o34_equal_totals_are_a_draw)
{
    static const char *const rules[] = { "monte=true", "deals=4", NULL };
    struct tar_match m;
    long p[4];
    create(&m, rules, 0, 1);
    for (int k = 0; k < 4; k++) throw_in(&m);
    tarocchini_game.match_points(&m, p);
    for (int i = 0; i < 4; i++) cr_expect_eq(p[i], 0);
    cJSON *r = tk_match_result(&m);
    cr_expect(cJSON_IsNull(cJSON_GetObjectItem(r, "winner")));
    cr_expect_eq(cJSON_GetObjectItem(r, "settlement")->valueint, 0);
    cJSON_Delete(r);
}

Test(tarocchini_match, o35_the_packs_depend_on_the_seed_and_deal_only_so_duplicates_replay_them)
{
    static const char *const rules[] = { "monte=true", "deals=4", NULL };
    struct tar_match a, b;
    create(&a, rules, 0, 42);
    create(&b, rules, 1, 42);   /* the partnerships swapped: B deals first */
    for (int k = 0; k < 4; k++) {
        char da[400], db[400];
        tarocchini_game.deck_text(&a, da, sizeof da);
        tarocchini_game.deck_text(&b, db, sizeof db);
        cr_expect_str_eq(da, db, "deal %d", k + 1);
        cr_expect_eq(tar_match_partnership(tar_match_seat_player(&a, 0)),
                     1 - tar_match_partnership(tar_match_seat_player(&b, 0)));
        throw_in(&a);
        throw_in(&b);
    }
    create(&b, rules, 0, 43);
    char da[400], db[400];
    create(&a, rules, 0, 42);
    tarocchini_game.deck_text(&a, da, sizeof da);
    tarocchini_game.deck_text(&b, db, sizeof db);
    cr_expect_str_neq(da, db);
}

Test(tarocchini_match, o36_a_target_match_ends_after_the_deal_that_reaches_it_one_more_deal_on_equal_totals)
{
    static const char *const rules[] = { "target=800", "monte=true", NULL };
    struct tar_match m;
    create(&m, rules, 0, 1);
    m.totals[0] = m.totals[1] = 900;   /* equal, past the target: one more deal */
    cr_assert_eq(throw_in(&m), GAME_DEAL_OVER);
    cr_expect_geq(tarocchini_game.to_act(&m), 0);
    m.totals[0] = 700;
    m.totals[1] = 799;                 /* below it: on */
    throw_in(&m);
    cr_expect_geq(tarocchini_game.to_act(&m), 0);
    m.totals[1] = 800;                 /* reached */
    throw_in(&m);
    cr_expect_lt(tarocchini_game.to_act(&m), 0);
    cr_expect_eq(m.n_results, 3);
}

Test(tarocchini_match, o36_a_target_match_stops_at_60_deals)
{
    static const char *const rules[] = { "target=800", "monte=true", NULL };
    struct tar_match m;
    create(&m, rules, 0, 1);
    int deals = 0;
    while (tarocchini_game.to_act(&m) >= 0 && deals < 100) {
        throw_in(&m);
        deals++;
    }
    cr_expect_eq(deals, 60);
    long p[4];
    tarocchini_game.match_points(&m, p);
    cr_expect_eq(p[0], 0);   /* 0 to 0: a draw */
}

Test(tarocchini_match, a_forfeit_gives_the_other_partnership_its_lead_plus_2000)
{
    struct tar_match m;
    long p[4];
    create(&m, NULL, 0, 1);
    m.totals[0] = 300;
    m.totals[1] = 100;
    tarocchini_game.forfeit_points(&m, 1, p);   /* B forfeits: AC wins by 200 + 2000 */
    cr_expect_eq(p[0], 2200);
    cr_expect_eq(p[2], 2200);
    cr_expect_eq(p[1], -2200);
    tarocchini_game.forfeit_points(&m, 0, p);   /* A forfeits while ahead: BD wins by 2000 */
    cr_expect_eq(p[1], 2000);
    cr_expect_eq(p[0], -2000);
}

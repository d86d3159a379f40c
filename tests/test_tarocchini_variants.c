/* test_tarocchini_variants.c - every variant flag of shared/RULES-tarocchini.md
 * section 6, each with what it changes against the default, and bad values
 * refused with a reason. */
#include <criterion/criterion.h>
#include <string.h>
#include "tests/test_tarocchini_support.h"

static int winner(const struct tar_rules *r, const char *a, const char *b)
{
    uint8_t cards[2] = { (uint8_t)tk_card(a), (uint8_t)tk_card(b) };
    return tar_trick_winner(r, cards, 2, 0);
}

Test(tarocchini_variants, round_suits_inverted_false_ranks_cups_and_coins_like_swords)
{
    struct tar_rules r;
    tar_rules_default(&r);
    cr_expect_eq(winner(&r, "TC", "6C"), 1);   /* default: 6 beats T in cups */
    cr_expect_eq(winner(&r, "AD", "9D"), 0);   /* A beats 9 in coins */
    cr_expect_eq(tar_rules_set(&r, "round_suits_inverted", "false", NULL, 0), 0);
    cr_expect_eq(winner(&r, "TC", "6C"), 0);
    cr_expect_eq(winner(&r, "AD", "9D"), 1);
    cr_expect_eq(winner(&r, "TS", "6S"), 0);   /* swords unchanged */
}

Test(tarocchini_variants, monte_true_adds_the_round_before_the_discard)
{
    static const char *const on[] = { "monte=true", NULL };
    struct tar_match m;
    char err[64], list[64];
    tk_start(&m, NULL, tk_e2_deck);
    cr_expect_eq(tk_do(&m, "monte", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "not your turn");
    tk_start(&m, on, tk_e2_deck);
    cr_expect_eq(tarocchini_game.to_act(&m), 0);
    tk_legal_list(&m, list, sizeof list);
    cr_expect_str_eq(list, "monte\npass\n");
    cr_expect_eq(tk_do(&m, "discard 6S 6B", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "not your turn");
}

Test(tarocchini_variants, discard_rule_any_lets_the_dealer_discard_five_point_cards)
{
    static const char *const any[] = { "discard_rule=any", NULL };
    struct tar_match m;
    char err[64];
    tk_start(&m, any, tk_e2_deck);
    cr_expect_eq(tarocchini_game.legal_count(&m), 136);   /* C(17, 2) */
    cr_expect_eq(tk_do(&m, "discard MA 6S", err, sizeof err), GAME_GOES_ON, "%s", err);
    /* the discarded Matto follows the discards (O26): here to team 0, team 1 taking no trick */
    static const char *const rest[] = { "pass", "pass", "pass", "pass" };
    tk_play(&m, rest, 4);
    uint64_t seed = 1;
    while (tarocchini_game.to_act(&m) >= 0) tk_random_action(&m, &seed);
    cr_expect_eq(m.results[0].matto_seat, -1);
    int team = m.results[0].tricks[1] > 0 ? 1 : 0;
    cr_expect(m.results[0].piles[team] & TAR_BIT(TAR_MA));
}

Test(tarocchini_variants, suit_wilds_2_allows_both_wilds_in_a_suit_sequence)
{
    struct tar_rules r;
    tar_rules_default(&r);
    tar_mask two = tk_cards("KS QS MA BE");
    int total, count;
    cr_expect_lt(tar_sequence_family(two, &r), 0);
    tar_pile_sequences(tk_cards("KS QS NS MA BE"), &r, &total, &count);
    cr_expect_eq(total, 15);   /* one wild: K Q N + one = 4 cards; the other has nowhere to go */
    cr_expect_eq(tar_rules_set(&r, "suit_wilds", "2", NULL, 0), 0);
    cr_expect_eq(tar_sequence_family(two, &r), TAR_FAMILY_SWORDS);
    cr_expect_eq(tar_sequence_value(two), 15);
    tar_pile_sequences(tk_cards("KS QS NS MA BE"), &r, &total, &count);
    cr_expect_eq(total, 20);
    cr_expect_lt(tar_sequence_family(tk_cards("KS MA BE"), &r), 0);   /* still a natural top card */
}

Test(tarocchini_variants, signals_off_makes_every_signal_illegal)
{
    static const char *const off[] = { "signals=off", NULL };
    struct tar_match m;
    char err[64];
    tk_start(&m, off, tk_e2_deck);
    tk_play(&m, tk_e2_actions, 11);
    cr_expect_eq(tk_do(&m, "play AN busso", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "signal not allowed");
    cr_expect_eq(tarocchini_game.legal_count(&m), 15);   /* the bare cards */
    tk_start(&m, NULL, tk_e2_deck);
    tk_play(&m, tk_e2_actions, 11);
    cr_expect_eq(tarocchini_game.legal_count(&m), 15 * 4);   /* none, busso, striscio, both: volo is false */
}

Test(tarocchini_variants, deals_sets_the_length_of_a_fixed_match)
{
    static const char *const four[] = { "deals=4", "monte=true", NULL };
    static const char *const montes[] = { "monte", "monte", "monte", "monte" };
    char err[128];
    struct tar_match m;
    struct game_setup setup = { 4, 1, 0, four, 0 };
    cr_assert_eq(tarocchini_game.create(&m, &setup, err, sizeof err), 0, "%s", err);
    for (int k = 0; k < 4; k++) tk_play(&m, montes, 4);
    cr_expect_lt(tarocchini_game.to_act(&m), 0);
    cr_expect_eq(m.n_results, 4);
}

Test(tarocchini_variants, target_plays_until_a_total_reaches_it)
{
    static const char *const target[] = { "target=800", NULL };
    char err[128];
    struct tar_match m;
    struct game_setup setup = { 4, 1, 3, target, 0 };
    cr_assert_eq(tarocchini_game.create(&m, &setup, err, sizeof err), 0, "%s", err);
    tarocchini_game.set_deck(&m, tk_e2_deck, err, sizeof err);
    cr_expect_eq(tk_play(&m, tk_e2_actions, TT_E2_ACTIONS), GAME_DEAL_OVER);
    cr_expect_lt(tarocchini_game.to_act(&m), 0);   /* AC reached 893 after one deal */
    cr_expect_eq(m.totals[0], 893);
}

Test(tarocchini_variants, bad_flags_and_values_are_refused_with_a_reason)
{
    static const char *const bad[][2] = {
        { "suit_wilds=3", "suit_wilds" },   { "signals=maybe", "signals" },   { "monte=yes", "monte" },
        { "discard_rule=all", "discard_rule" }, { "deals=0", "deals" },     { "target=-5", "target" },
        { "colour=red", "unknown flag" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *rules[2] = { bad[i][0], NULL };
        struct tar_match m;
        char err[200];
        struct game_setup setup = { 4, 1, 0, rules, 0 };
        cr_expect_eq(tarocchini_game.create(&m, &setup, err, sizeof err), -1, "%s", bad[i][0]);
        cr_expect(strstr(err, bad[i][1]), "%s: %s", bad[i][0], err);
    }
}

/* test_tarocchini_rules.c - the numbered rules of shared/RULES-tarocchini.md,
 * O1-O36, one behaviour per test, each named after its rule; what a seat
 * sees (O37-O41) is in test_tarocchini_view.c, the worked examples in
 * test_tarocchini_worked.c, the variant flags in test_tarocchini_variants.c.
 * Tricks and hands are built from the packs of section 10 or set up
 * directly in a deal's state, then judged by the engine's own functions. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "tests/test_tarocchini_support.h"

static const struct tar_rules *defaults(void)
{
    static struct tar_rules r;
    tar_rules_default(&r);
    return &r;
}

/* The winner's position (0..3 from the leader) of a trick given as text. */
static int winner_of(const char *cards, const struct tar_rules *r)
{
    uint8_t c[4];
    int n = 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", cards);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) c[n++] = (uint8_t)tk_card(tok);
    return tar_trick_winner(r, c, n, 0);
}

/* A deal in the play phase, the hands set directly (discards: none). */
static void play_phase(struct tar_deal *d, const char *h0, const char *h1, const char *h2, const char *h3)
{
    uint8_t deck[TAR_CARDS];
    for (int i = 0; i < TAR_CARDS; i++) deck[i] = (uint8_t)i;
    tar_deal_init(d, defaults(), deck);
    d->hand[0] = tk_cards(h0);
    d->hand[1] = tk_cards(h1);
    d->hand[2] = tk_cards(h2);
    d->hand[3] = tk_cards(h3);
    d->phase = TAR_PHASE_PLAY;
    d->to_act = 0;
    tar_deal_refresh(d);
}

static int play(struct tar_deal *d, const char *text, char *err, int cap)
{
    struct tar_action a;
    if (tar_action_parse(text, (int)strlen(text), &a, err, cap) < 0 || tar_deal_check(d, &a, err, cap) < 0) return -1;
    return tar_deal_apply(d, &a);
}

/* ---- 1. players, pack, notation ---- */

Test(tarocchini_rules, o1_o8_four_players_in_two_partnerships_partners_opposite)
{
    const struct game *g = game_find("tarocchini");
    cr_assert_not_null(g);
    cr_expect_eq(g->min_players, 4);
    cr_expect_eq(g->max_players, 4);
    struct tar_match m;
    tk_start(&m, NULL, NULL);
    cr_expect_eq(g->teams(&m), 2);
    cr_expect_eq(g->team(&m, 0), g->team(&m, 2));
    cr_expect_eq(g->team(&m, 1), g->team(&m, 3));
    cr_expect_neq(g->team(&m, 0), g->team(&m, 1));
    for (int s = 0; s < 4; s++) cr_expect_eq(tar_team(s), s % 2, "seat %d", s);
    char err[128];
    struct game_setup three = { 3, 1, 0, NULL, 0 };
    cr_expect_eq(g->create(&m, &three, err, sizeof err), -1);
    cr_expect(strstr(err, "4"), "%s", err);
}

Test(tarocchini_rules, o2_62_cards_one_token_each_in_the_canonical_pack_order)
{
    static const char *const order =
        "AN WO SU MO T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 M1 M2 M3 M4 BE MA "
        "KS QS NS JS TS 9S 8S 7S 6S AS KB QB NB JB TB 9B 8B 7B 6B AB "
        "KC QC NC JC TC 9C 8C 7C 6C AC KD QD ND JD TD 9D 8D 7D 6D AD";
    char text[400];
    cr_expect_eq(tar_cards_format(TAR_ALL, text, sizeof text), (int)strlen(order));
    cr_expect_str_eq(text, order);
    cr_expect_eq(tk_card("T9"), TAR_NUMBERED(9));   /* "T" + digit: a trump */
    cr_expect_eq(tk_card("TS"), TAR_CARD(TAR_SWORDS, TAR_TEN));   /* "T" + suit: a ten */
    cr_expect_lt(tar_card_parse("T4", 2), 0);
    cr_expect_lt(tar_card_parse("T17", 3), 0);
    cr_expect_lt(tar_card_parse("ks", 2), 0);
    cr_expect_lt(tar_card_parse("M5", 2), 0);
    struct tar_match m;
    tk_start(&m, NULL, order);
    cr_expect_eq(tarocchini_game.deck_text(&m, text, sizeof text), (int)strlen(order));
    cr_expect_str_eq(text, order);
}

Test(tarocchini_rules, o2_a_deck_that_is_not_the_pack_is_refused_with_a_reason)
{
    struct tar_match m;
    char err[200], deck[400];
    tk_start(&m, NULL, NULL);
    snprintf(deck, sizeof deck, "%s", tk_e2_deck);
    memcpy(deck, "WO", 2);   /* AN replaced: WO twice */
    cr_expect_eq(tarocchini_game.set_deck(&m, deck, err, sizeof err), -1);
    cr_expect(strstr(err, "twice"), "%s", err);
    cr_expect_eq(tarocchini_game.set_deck(&m, "AN WO", err, sizeof err), -1);
    cr_expect(strstr(err, "62"), "%s", err);
    cr_expect_eq(tarocchini_game.set_deck(&m, "AN XX", err, sizeof err), -1);
    cr_expect(strstr(err, "XX"), "%s", err);
}

Test(tarocchini_rules, o3_trumps_rank_angel_world_sun_moon_16_to_5_moors_begato)
{
    const struct tar_rules *r = defaults();
    cr_expect_eq(winner_of("WO AN T16 BE", r), 1);   /* the Angel beats the World */
    cr_expect_eq(winner_of("MO SU T16 T15", r), 1);
    cr_expect_eq(winner_of("T5 M1 BE T6", r), 3);
    cr_expect_eq(winner_of("M1 T5 BE 6S", r), 1);
    cr_expect_eq(winner_of("BE KS QS NS", r), 0);    /* the lowest trump still trumps */
    cr_expect_gt(tar_rank(TAR_MO, r), tar_rank(TAR_NUMBERED(16), r));
}

Test(tarocchini_rules, o4_swords_and_batons_rank_k_to_ace_cups_and_coins_inverted)
{
    const struct tar_rules *r = defaults();
    cr_expect_eq(winner_of("AS TS 9S 6S", r), 1);    /* swords: T 9 ... 6 A */
    cr_expect_eq(winner_of("AB 6B JB 7B", r), 2);
    cr_expect_eq(winner_of("TC 9C AC 6C", r), 2);    /* cups: K Q N J A 6 7 8 9 T */
    cr_expect_eq(winner_of("TD 6D 9D 7D", r), 1);
    cr_expect_eq(winner_of("AD JD 6D KD", r), 3);
}

Test(tarocchini_rules, o5_of_several_moors_the_last_played_ranks_highest_unless_a_higher_trump_beats_them)
{
    const struct tar_rules *r = defaults();
    cr_expect_eq(winner_of("M1 M2 BE M3", r), 3);
    cr_expect_eq(winner_of("M4 M3 6S 7S", r), 1);
    cr_expect_eq(winner_of("M1 M2 T5 M3", r), 2);    /* T5 beats every Moor */
    cr_expect_eq(winner_of("KS M2 M1 AS", r), 2);
}

Test(tarocchini_rules, o6_twenty_counters_worth_76_the_rest_blanks)
{
    int counters = 0, total = 0;
    for (int c = 0; c < TAR_CARDS; c++) {
        int v = tar_card_value(c);
        counters += v > 0;
        total += v;
    }
    cr_expect_eq(counters, 20);
    cr_expect_eq(total, 76);
    cr_expect_eq(tar_card_value(TAR_AN), 5);
    cr_expect_eq(tar_card_value(TAR_MA), 5);
    cr_expect_eq(tar_card_value(TAR_BE), 5);
    cr_expect_eq(tar_card_value(TAR_SU), 0);
    cr_expect_eq(tar_card_value(tk_card("QC")), 4);
    cr_expect_eq(tar_card_value(tk_card("NB")), 3);
    cr_expect_eq(tar_card_value(tk_card("JD")), 2);
    cr_expect_eq(tar_card_value(tk_card("AS")), 0);
    cr_expect_eq(tar_card_value(TAR_M1), 0);
}

/* ---- 2-3. seats, the deal ---- */

Test(tarocchini_rules, o7_seat_3_deals_and_seat_0_speaks_first_and_leads_trick_1)
{
    struct tar_match m;
    tk_start(&m, NULL, tk_e2_deck);
    cr_expect_eq(tarocchini_game.to_act(&m), 3);   /* the discard */
    tk_play(&m, tk_e2_actions, 1);
    cr_expect_eq(tarocchini_game.to_act(&m), 0);   /* the first declarations */
    tk_play(&m, tk_e2_actions + 1, 10);
    cr_expect_eq(tarocchini_game.to_act(&m), 0);   /* the first lead */
    cr_expect_eq(m.deal.phase, TAR_PHASE_PLAY);
}

Test(tarocchini_rules, o9_seat_s_holds_p15s_to_p15s14_and_the_dealer_also_p60_p61)
{
    struct tar_match m;
    tk_start(&m, NULL, tk_e2_deck);
    cr_expect_eq(m.deal.hand[0], tk_cards("AN WO SU MO T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6"));
    cr_expect_eq(m.deal.hand[2], tk_cards("M3 M4 BE JS JB JC JD AS AB AC AD TS TB TC TD"));
    cr_expect_eq(tar_count(m.deal.hand[3]), 17);
    cr_expect(m.deal.hand[3] & tk_cards("7D 6D"));
    for (int s = 0; s < 3; s++) cr_expect_eq(tar_count(m.deal.hand[s]), 15);
}

Test(tarocchini_rules, o10_four_montes_throw_the_deal_in_and_the_first_pass_ends_the_round)
{
    static const char *const rules[] = { "monte=true", NULL };
    static const char *const montes[] = { "monte", "monte", "monte", "monte" };
    struct tar_match m;
    char err[128];
    tk_start(&m, rules, tk_e2_deck);
    cr_expect_eq(tk_play(&m, montes, 4), GAME_DEAL_OVER);
    cJSON *r = tk_deal_result(&m);
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(r, "monte")));
    cr_expect_eq(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "teams"), 0)->valueint, 0);
    cJSON_Delete(r);
    tk_start(&m, rules, tk_e2_deck);
    cr_expect_eq(tk_do(&m, "monte", err, sizeof err), GAME_GOES_ON);
    cr_expect_eq(tk_do(&m, "pass", err, sizeof err), GAME_GOES_ON);
    cr_expect_eq(m.deal.phase, TAR_PHASE_DISCARD);
    cr_expect_eq(tarocchini_game.to_act(&m), 3);
    cr_expect_eq(tk_do(&m, "monte", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "not your turn");
}

Test(tarocchini_rules, o10_o33_a_monte_deal_counts_as_a_deal_of_the_match)
{
    static const char *const rules[] = { "monte=true", "deals=4", NULL };
    struct game_setup setup = { 4, 5, 0, rules, 0 };
    struct tar_match m;
    char err[128];
    cr_assert_eq(tarocchini_game.create(&m, &setup, err, sizeof err), 0, "%s", err);
    for (int k = 0; k < 4; k++) {
        cr_assert_eq(tarocchini_game.deal_number(&m), k + 1);
        for (int i = 0; i < 3; i++) cr_assert_eq(tk_do(&m, "monte", err, sizeof err), GAME_GOES_ON, "%s", err);
        cr_assert_eq(tk_do(&m, "monte", err, sizeof err), GAME_DEAL_OVER);
    }
    cr_expect_lt(tarocchini_game.to_act(&m), 0);
    cr_expect_eq(m.n_results, 4);
}

Test(tarocchini_rules, o11_the_dealer_discards_exactly_two_and_no_five_point_card)
{
    struct tar_match m;
    char err[128];
    tk_start(&m, NULL, tk_e2_deck);
    cr_expect_eq(tk_do(&m, "discard 6S", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "discard exactly 2 cards");
    cr_expect_eq(tk_do(&m, "discard 6S 6B 6C", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "discard exactly 2 cards");
    cr_expect_eq(tk_do(&m, "discard 6S 6S", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "discard exactly 2 cards");
    cr_expect_eq(tk_do(&m, "discard MA 6S", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "five-point card");
    cr_expect_eq(tk_do(&m, "discard AN 6S", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "not in hand");
    cr_expect_eq(tk_do(&m, "discard 6S XX", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "unknown card");
    cr_expect_eq(tk_do(&m, "play 6S", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "not your turn");
    /* 17 cards, MA excluded: C(16, 2) pairs */
    cr_expect_eq(tarocchini_game.legal_count(&m), 120);
    cr_expect_eq(tk_do(&m, "discard 6B 6S", err, sizeof err), GAME_GOES_ON, "%s", err);   /* any order */
    cr_expect_eq(m.deal.discards, tk_cards("6S 6B"));
    cr_expect_eq(tar_count(m.deal.hand[3]), 15);
}

Test(tarocchini_rules, o11_trumps_may_be_discarded)
{
    struct tar_match m;
    char err[128];
    tk_start(&m, NULL, tk_e3_deck);   /* the dealer holds T6 */
    cr_expect_eq(tk_do(&m, "discard T6 9S", err, sizeof err), GAME_GOES_ON, "%s", err);
}

Test(tarocchini_rules, o12_the_discards_go_to_the_dealers_team_if_it_took_a_trick_else_to_the_other)
{
    struct tar_match m;
    tk_start(&m, NULL, tk_e2_deck);   /* E2: team 1 takes no trick */
    tk_play(&m, tk_e2_actions, TT_E2_ACTIONS);
    cr_expect(m.results[0].piles[0] & tk_cards("6S 6B"));
    cr_expect_eq(tar_count(m.results[0].piles[0]), 62);
    struct tar_deal d;
    char err[128];
    play_phase(&d, "6S", "KS", "7S", "8S");
    d.discards = tk_cards("9C 9D");
    d.trick = 14;   /* the last trick: the dealer's partner wins it with KS */
    play(&d, "play 6S", err, sizeof err);
    play(&d, "play KS", err, sizeof err);
    play(&d, "play 7S", err, sizeof err);
    cr_assert_eq(play(&d, "play 8S", err, sizeof err), 1);
    struct tar_result r;
    tar_score(&d, &r);
    cr_expect_eq(r.piles[1], tk_cards("6S KS 7S 8S 9C 9D"));
    cr_expect_eq(r.piles[0], 0);
}

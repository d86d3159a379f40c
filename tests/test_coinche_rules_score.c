/* test_coinche_rules_score.c - RULES-coinche.md sections 7-8 and 12
 * (K28-K40, K44): card points and capot, the contract made or failed, the
 * scores of K32-K35 under every scoring flag, the events, and the match.
 * Most tests score a deal's sheet directly (coinche_score), so each case
 * of K32's table is one small, exact example; the worked deals replay the
 * same rules through whole deals (test_coinche_worked.c). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "tests/test_coinche_support.h"

static struct coinche_rules rules;
static struct coinche_sheet sheet;
static struct coinche_result res;
static struct coinche_match m;
static char err[256];

/* Rules from "name=value" strings (NULL-terminated). */
static void set_rules(const char *const *flags)
{
    coinche_rules_default(&rules);
    for (int i = 0; flags && flags[i]; i++) {
        char name[32];
        const char *eq = strchr(flags[i], '=');
        snprintf(name, sizeof name, "%.*s", (int)(eq - flags[i]), flags[i]);
        cr_assert_eq(coinche_rules_set(&rules, name, eq + 1, err, sizeof err), 0, "%s", err);
    }
}

/* A sheet: the contract, tricks per seat, side 0's card points without
 * the last trick (side 1 has the rest of 152), the last trick's winner. */
static void deal(int taker, int value, int den, int coinche, const int tricks[4], int cards0, int last)
{
    memset(&sheet, 0, sizeof sheet);
    sheet.contract.taker = (int8_t)taker;
    sheet.contract.level = (uint8_t)(value == 500 ? COINCHE_LEVEL_GENERALE : value == 250 ? COINCHE_LEVEL_CAPOT
                                                                                            : (value - 80) / 10);
    sheet.contract.den = (uint8_t)den;
    sheet.contract.coinche = (uint8_t)coinche;
    for (int i = 0; i < 4; i++) sheet.tricks[i] = (uint8_t)tricks[i];
    sheet.cards[0] = (int16_t)cards0;
    sheet.cards[1] = (int16_t)(coinche_pack_points(den, &rules) - 10 - cards0);
    sheet.last = (int8_t)last;
    sheet.meld_winner = -1;
}

static void score(void)
{
    coinche_score(&sheet, &rules, &res);
    long sums[2] = { 0, 0 };
    for (int e = 0; e < res.n_events; e++) sums[res.events[e].side] += res.events[e].points;
    cr_assert_eq(sums[0], res.scores[0], "K44: side 0's events sum to its score");
    cr_assert_eq(sums[1], res.scores[1], "K44: side 1's events sum to its score");
}

static int has_event(int side, int category, int seat, int points)
{
    for (int e = 0; e < res.n_events; e++)
        if (res.events[e].side == side && res.events[e].category == category && res.events[e].seat == seat &&
            res.events[e].points == points)
            return 1;
    return 0;
}

static const int mixed[4] = { 3, 2, 2, 1 };     /* side 0 five tricks, side 1 three */
static const int capot0[4] = { 5, 0, 3, 0 };

Test(coinche_rules, k28_card_points_sum_to_162_and_a_capot_counts_250)
{
    set_rules(NULL);
    deal(0, 80, COINCHE_H, 0, mixed, 90, 3);
    score();
    cr_expect_eq(res.card_points[0] + res.card_points[1], 162);
    cr_expect_eq(res.card_points[1], 62 + 10);
    deal(0, 80, COINCHE_H, 0, capot0, 152, 2);
    score();
    cr_expect_eq(res.scores[0], 250 + 80);
    cr_expect(has_event(0, COINCHE_EV_CAPOT, 0, 88));
}

Test(coinche_rules, k28_capot_points_252)
{
    set_rules((const char *[]){ "capot_points=252", NULL });
    deal(0, 80, COINCHE_H, 0, capot0, 152, 2);
    score();
    cr_expect_eq(res.scores[0], 252 + 80);
    cr_expect(has_event(0, COINCHE_EV_CAPOT, 0, 90));
}

Test(coinche_rules, k29_k30_belote_and_melds_count_toward_the_contract)
{
    set_rules(NULL);
    deal(0, 100, COINCHE_H, 0, mixed, 80, 1);       /* P = [80, 82] */
    score();
    cr_expect_eq(res.outcome, COINCHE_FAILED);
    sheet.belotes[2] = 1;                           /* S = 100 */
    score();
    cr_expect_eq(res.outcome, COINCHE_MADE);
    cr_expect_eq(res.scores[0], 80 + 100 + 20);
    sheet.belotes[2] = 0;
    sheet.meld_winner = 0;
    sheet.meld_n[0] = 1;
    sheet.meld_val[0][0] = 2;                       /* a tierce: S = 100 */
    score();
    cr_expect_eq(res.outcome, COINCHE_MADE);
    cr_expect_eq(res.melds[0], 20);
}

Test(coinche_rules, k30_a_bid_of_80_needs_82_or_80_with_eighty_needs)
{
    set_rules(NULL);
    deal(0, 80, COINCHE_H, 0, mixed, 71, 2);        /* P_T = 81 */
    score();
    cr_expect_eq(res.outcome, COINCHE_FAILED);
    set_rules((const char *[]){ "eighty_needs=80", NULL });
    score();
    cr_expect_eq(res.outcome, COINCHE_MADE);
    set_rules(NULL);
    deal(0, 90, COINCHE_H, 0, mixed, 80, 1);        /* P_T = 80 < 90 */
    score();
    cr_expect_eq(res.outcome, COINCHE_FAILED);
}

Test(coinche_rules, k30_must_beat_defence_an_equal_total_fails)
{
    set_rules(NULL);
    deal(0, 80, COINCHE_H, 0, mixed, 81, 3);        /* T 81, D 81 */
    set_rules((const char *[]){ "eighty_needs=80", NULL });
    score();
    cr_expect_eq(res.outcome, COINCHE_MADE, "the takers need not beat the defence");
    set_rules((const char *[]){ "eighty_needs=80", "must_beat_defence=true", NULL });
    score();
    cr_expect_eq(res.outcome, COINCHE_FAILED);
}

Test(coinche_rules, k30_capot_bid_needs_all_8_tricks_generale_the_taker_alone)
{
    set_rules(NULL);
    deal(0, 250, COINCHE_S, 0, mixed, 140, 0);
    score();
    cr_expect_eq(res.outcome, COINCHE_FAILED, "a capot bid fails with 5 tricks and 150 points");
    cr_expect_eq(res.scores[1], 160 + 250, "K34: 410");
    set_rules((const char *[]){ "generale=true", NULL });
    deal(0, 500, COINCHE_S, 0, capot0, 152, 0);
    score();
    cr_expect_eq(res.outcome, COINCHE_FAILED, "the partner won 3 tricks");
    deal(0, 500, COINCHE_S, 0, (const int[]){ 8, 0, 0, 0 }, 152, 0);
    score();
    cr_expect_eq(res.outcome, COINCHE_MADE);
    cr_expect_eq(res.scores[0], 250 + 500);
}

Test(coinche_rules, k31_points_faits_the_bid_term_is_0_below_capot)
{
    set_rules((const char *[]){ "scoring=points_faits", NULL });
    deal(0, 100, COINCHE_H, 0, mixed, 100, 0);      /* P_T = 110 */
    score();
    cr_expect_eq(res.scores[0], 110);
    cr_expect_eq(res.scores[1], 52);
    deal(0, 100, COINCHE_H, 0, mixed, 60, 1);
    score();
    cr_expect_eq(res.scores[1], 160, "failed: F + W with W = 0");
    deal(0, 250, COINCHE_H, 0, capot0, 152, 0);
    score();
    cr_expect_eq(res.scores[0], 250 + 250, "capot keeps W = V");
    deal(0, 100, COINCHE_H, 1, mixed, 100, 0);
    score();
    cr_expect_eq(res.scores[0], 2 * 160, "coinched: m(F + W + melds), always under points_faits");
}

Test(coinche_rules, k32_failed_the_defence_scores_160_plus_the_bid_and_all_melds)
{
    set_rules(NULL);
    deal(0, 100, COINCHE_H, 0, mixed, 20, 1);      /* S_T = 20 + 50 + 20 */
    sheet.meld_winner = 0;
    sheet.meld_n[0] = 1;
    sheet.meld_val[0][0] = 5;
    sheet.belotes[1] = 1;
    sheet.belotes[0] = 1;
    score();
    cr_expect_eq(res.outcome, COINCHE_FAILED);
    cr_expect_eq(res.scores[1], 160 + 100 + 50 + 20);
    cr_expect_eq(res.scores[0], 20, "belote_on_failure: keep");
    cr_expect(has_event(1, COINCHE_EV_MELD, 0, 50), "the takers' meld scored by the defence");
    set_rules((const char *[]){ "belote_on_failure=transfer", NULL });
    score();
    cr_expect_eq(res.scores[1], 160 + 100 + 50 + 40);
    cr_expect_eq(res.scores[0], 0);
    cr_expect(has_event(1, COINCHE_EV_BELOTE, 0, 20));
}

Test(coinche_rules, k32_coinche_applies_bid_or_total_and_the_surcoinche_multiplier)
{
    set_rules(NULL);
    deal(0, 100, COINCHE_H, 1, mixed, 100, 0);
    score();
    cr_expect_eq(res.scores[0], 160 + 200);
    cr_expect_eq(res.scores[1], 0);
    sheet.contract.coinche = 2;
    score();
    cr_expect_eq(res.scores[0], 160 + 400);
    set_rules((const char *[]){ "surcoinche_multiplier=3", NULL });
    score();
    cr_expect_eq(res.scores[0], 160 + 300);
    set_rules((const char *[]){ "coinche_applies=total", NULL });
    sheet.belotes[0] = 1;
    score();
    cr_expect_eq(res.scores[0], 4 * (160 + 100) + 20, "belote is never multiplied");
    cr_expect(has_event(0, COINCHE_EV_BASE, 0, 640));
}

Test(coinche_rules, k33_bid_only_scores_m_times_the_bid)
{
    set_rules((const char *[]){ "scoring=bid_only", NULL });
    deal(0, 100, COINCHE_H, 1, mixed, 100, 0);
    sheet.belotes[1] = 1;
    score();
    cr_expect_eq(res.scores[0], 200);
    cr_expect_eq(res.scores[1], 0);
    cr_expect_eq(res.n_events, 1);
    cr_expect(has_event(0, COINCHE_EV_CONTRACT, 0, 200));
}

Test(coinche_rules, k34_the_examples_of_k32)
{
    set_rules(NULL);
    deal(0, 100, COINCHE_H, 0, mixed, 100, 0);      /* P_T = 110 */
    score();
    cr_expect_eq(res.scores[0], 210);
    cr_expect_eq(res.scores[1], 52);
    deal(0, 100, COINCHE_H, 0, mixed, 60, 1);
    score();
    cr_expect_eq(res.scores[1], 260);
    cr_expect_eq(res.scores[0], 0);
    deal(0, 100, COINCHE_H, 2, mixed, 60, 1);
    score();
    cr_expect_eq(res.scores[1], 560);
    deal(0, 250, COINCHE_H, 0, capot0, 152, 0);
    score();
    cr_expect_eq(res.scores[0], 500);
    deal(0, 90, COINCHE_H, 0, capot0, 152, 0);
    score();
    cr_expect_eq(res.scores[0], 250 + 90, "an unbid capot");
}

Test(coinche_rules, k35_rounding_tens_after_scoring_5_up)
{
    set_rules((const char *[]){ "rounding=tens", NULL });
    deal(0, 100, COINCHE_H, 0, mixed, 105, 0);      /* 115 + 100 = 215, D 47 */
    score();
    cr_expect_eq(res.scores[0], 220);
    cr_expect_eq(res.scores[1], 50);
    cr_expect(has_event(0, COINCHE_EV_ROUNDING, 0, 5));
    cr_expect(has_event(1, COINCHE_EV_ROUNDING, 1, 3));
    deal(0, 100, COINCHE_H, 0, mixed, 102, 0);      /* 212, D 50 */
    score();
    cr_expect_eq(res.scores[0], 210);
    cr_expect(has_event(0, COINCHE_EV_ROUNDING, 0, -2));
}

Test(coinche_rules, k36_k37_invariants_and_the_void_deal)
{
    set_rules(NULL);
    memset(&sheet, 0, sizeof sheet);
    sheet.is_void = 1;
    score();
    cr_expect_eq(res.outcome, COINCHE_VOID);
    cr_expect_eq(res.n_events, 0);
    cr_expect_eq(res.scores[0] + res.scores[1], 0);
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "bid 80 H, pass, pass, pass");
    for (int s = 0; s < 4; s++) cr_expect_eq(pq_mask_count(m.deal.hand[s]), 8, "K36: 8 cards a hand at trick 1");
}

/* ---- K38-K40: the match ---- */

Test(coinche_rules, k38_a_match_of_16_deals_the_deal_rotates_and_partnerships_total)
{
    struct game_setup setup = { 4, 5, 2, NULL, 0 };    /* C deals first */
    cr_assert_eq(coinche_game.create(&m, &setup, err, sizeof err), 0, "%s", err);
    int dealt[4] = { 0 }, side0_ac = 0;
    for (int d = 0; d < 16; d++) {
        cr_assert_eq(coinche_game.deal_number(&m), d + 1);
        cr_expect_eq(coinche_match_dealer(&m), (2 + d) % 4);
        dealt[coinche_match_dealer(&m)]++;
        side0_ac += coinche_match_seat_player(&m, 0) % 2 == 0;
        cr_expect_eq(coinche_match_seat_player(&m, 0), (coinche_match_dealer(&m) + 1) % 4);
        ct_run(&m, d % 2 ? "pass, pass, pass, pass" : "bid 80 S, pass, pass, pass");
        while (coinche_game.to_act(&m) >= 0 && coinche_game.deal_number(&m) == d + 1) {
            char text[64];
            coinche_game.legal_text(&m, 0, text, sizeof text);
            coinche_game.apply(&m, text, (int)strlen(text), err, sizeof err);
        }
    }
    cr_expect_eq(coinche_game.to_act(&m), -1, "over after 16 deals, void deals counted");
    for (int p = 0; p < 4; p++) cr_expect_eq(dealt[p], 4);
    cr_expect_eq(side0_ac, 8, "each partnership is side 0 in half of the deals");
    cJSON *r = ct_match_result(&m);
    long ac = (long)cJSON_GetObjectItem(cJSON_GetObjectItem(r, "totals"), "AC")->valuedouble;
    long bd = (long)cJSON_GetObjectItem(cJSON_GetObjectItem(r, "totals"), "BD")->valuedouble;
    cr_expect_eq((long)cJSON_GetObjectItem(r, "settlement")->valuedouble, ac > bd ? ac - bd : bd - ac);
    cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(r, "deals")), 16);
    long points[4];
    coinche_game.match_points(&m, points);
    cr_expect_eq(points[0], ac - bd);
    cr_expect_eq(points[1], bd - ac);
    cJSON_Delete(r);
    const char *bad[] = { "deals=6", NULL };
    struct game_setup six = { 4, 5, 0, bad, 0 };
    cr_expect_eq(coinche_game.create(&m, &six, err, sizeof err), -1);
    cr_expect(strstr(err, "multiple of 4"), "%s", err);
}

Test(coinche_rules, k39_a_duplicate_pair_plays_the_same_packs_from_the_other_side)
{
    struct coinche_match other;
    struct game_setup setup = { 4, 77, 1, NULL, 0 };
    cr_assert_eq(coinche_game.create(&m, &setup, err, sizeof err), 0);
    cr_assert_eq(coinche_game.create(&other, &setup, err, sizeof err), 0);
    for (int d = 0; d < 4; d++) {
        char a[100], b[100];
        coinche_game.deck_text(&m, a, sizeof a);
        coinche_game.deck_text(&other, b, sizeof b);
        cr_expect_str_eq(a, b, "deal %d: the same pack order", d + 1);
        ct_run(&m, "pass, pass, pass, pass");
        ct_run(&other, "pass, pass, pass, pass");
    }
}

Test(coinche_rules, k40_target_plays_until_a_partnership_reaches_it)
{
    const char *target[] = { "target=1000", NULL };
    struct game_setup setup = { 4, 9, 0, target, 0 };
    cr_assert_eq(coinche_game.create(&m, &setup, err, sizeof err), 0, "%s", err);
    int deals = 0;
    while (coinche_game.to_act(&m) >= 0) {
        /* seat 0 bids capot S; the play goes by the first legal card */
        ct_run(&m, "bid capot S, pass, pass, pass");
        while (coinche_game.to_act(&m) >= 0 && coinche_game.deal_number(&m) == deals + 1) {
            char text[64];
            coinche_game.legal_text(&m, 0, text, sizeof text);
            coinche_game.apply(&m, text, (int)strlen(text), err, sizeof err);
        }
        deals++;
    }
    cr_expect(m.totals[0] >= 1000 || m.totals[1] >= 1000);
    cr_expect_neq(m.totals[0], m.totals[1]);
    cr_expect_lt(deals, 100);
    const char *bad[] = { "target=1500", NULL };
    struct game_setup b = { 4, 9, 0, bad, 0 };
    cr_expect_eq(coinche_game.create(&m, &b, err, sizeof err), -1);
}

/* ---- K44: the result's keys and events ---- */

Test(coinche_rules, k44_the_deal_result_keys_in_order_and_events_in_category_order)
{
    static const char *const keys[] = { "game", "players", "outcome", "contract", "tricks", "card_points", "melds",
                                        "belote", "scores", "events", NULL };
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "bid 80 H, pass, pass, pass, play JH, play TH, play QH belote, play 7H, play 9H, play AH, "
               "play KH rebelote, play 8H, play JS, play AS, play KS, play 8S, play TS, play QS, play 7S, play 9S, "
               "play AD, play KD, play 8D, play JD, play TD, play QD, play 7D, play 9D, play AC, play KC, play 8C, "
               "play JC, play TC, play QC, play 7C, play 9C");
    cJSON *r = ct_deal_result(&m);
    int i = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, r) {
        cr_assert_not_null(keys[i], "extra key %s", item->string);
        cr_expect_str_eq(item->string, keys[i]);
        i++;
    }
    static const char *const order[] = { "cards", "contract", "belote", "cards", "last" };
    i = 0;
    cJSON_ArrayForEach(item, cJSON_GetObjectItem(r, "events")) {
        cr_assert_lt(i, 5);
        cr_expect_str_eq(cJSON_GetObjectItem(item, "category")->valuestring, order[i]);
        cr_expect_eq(cJSON_GetObjectItem(item, "side")->valueint, i < 3 ? 0 : 1);
        i++;
    }
    cr_expect_eq(i, 5);
    cr_expect_eq(ct_events(r, "belote", 2, 20), 1, "seat = the holder");
    cJSON_Delete(r);
}

/* test_belote_rules_score.c - RULES-belote.md B27-B45 (scoring, reserve,
 * match, views), BM1-BM6 (Marseillaise), BP1-BP6 (Partnership) and the
 * match flags. Scoring rules are shown on hand-made deal sheets scored by
 * bel_score (engine/belote/belote.h), the rest through the game
 * interface. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "engine/rng.h"
#include "tests/test_belote_support.h"

static struct bel_sheet sheet(int form, int n, int maker, const int *tricks, const int *cards, int last)
{
    struct bel_sheet s;
    memset(&s, 0, sizeof s);
    s.form = (uint8_t)form;
    s.n = (uint8_t)n;
    s.maker = (int8_t)maker;
    s.trump = PQ_HEARTS;
    s.exchange = s.meld_winner = -1;
    s.last = (int8_t)last;
    for (int i = 0; i < n; i++) {
        s.tricks[i] = (uint8_t)tricks[i];
        s.cards[i] = (int16_t)cards[i];
    }
    return s;
}

static struct bel_result score(const struct bel_sheet *s, const char *const *flags)
{
    struct bel_rules r;
    struct bel_result out;
    const struct game *g = s->form == BEL_MARSEILLAISE ? &belote_marseillaise_game
                           : s->form == BEL_PARTNERSHIP ? &belote_partnership_game : &belote_game;
    char err[256];
    bel_rules_default(&r, s->form, s->n);
    for (int i = 0; flags && flags[i]; i++) {
        char name[64];
        const char *eq = strchr(flags[i], '=');
        snprintf(name, sizeof name, "%.*s", (int)(eq - flags[i]), flags[i]);
        cr_assert_eq(bel_rules_set(&r, g, name, eq + 1, err, sizeof err), 0, "%s", err);
    }
    bel_score(s, &r, &out);
    return out;
}

static int events_of(const struct bel_result *r, int category, int seat)
{
    int sum = 0;
    for (int e = 0; e < r->n_events; e++)
        if (r->events[e].category == category && r->events[e].seat == seat) sum += r->events[e].points;
    return sum;
}

/* Plays the fixture's actions on a match already started and set. */
static void play_fixture(struct bel_match *m, const char *id)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "tests/fixtures/belote/%s.json", id);
    cJSON *root = bt_read_json(path);
    const cJSON *rec = cJSON_GetObjectItem(root, "record"), *a;
    cr_assert_eq(bt_game(m)->set_deck(m, cJSON_GetObjectItem(rec, "deck")->valuestring, err, sizeof err), 0, "%s", err);
    int rc = GAME_GOES_ON;
    cJSON_ArrayForEach(a, cJSON_GetObjectItem(rec, "actions")) {
        rc = bt_do(m, a->valuestring, err, sizeof err);
        cr_assert_neq(rc, GAME_ILLEGAL, "%s: %s: %s", id, a->valuestring, err);
    }
    cr_assert_eq(rc, GAME_DEAL_OVER);
    cJSON_Delete(root);
}

Test(belote_score, b27_a_count_is_cards_last_melds_belote_and_capot)
{
    struct bel_sheet s = sheet(BEL_BASIC, 2, 1, (int[]){ 1, 8 }, (int[]){ 11, 83 }, 1);
    s.meld_winner = 1;
    s.meld_n[1] = 1;
    s.meld_val[1][0] = 10;
    s.belote[1] = 1;
    struct bel_result r = score(&s, NULL);
    cr_assert_eq(r.counts[0], 11);
    cr_assert_eq(r.counts[1], 213, "W1: 83 + 10 + 100 + 20");
}

Test(belote_score, b28_a_two_hand_capot_adds_100_on_top_of_the_10)
{
    struct bel_sheet s = sheet(BEL_BASIC, 2, 1, (int[]){ 0, 9 }, (int[]){ 0, 95 }, 1);
    struct bel_result r = score(&s, NULL);
    cr_assert_eq(r.counts[1], 205);
    cr_assert_eq(events_of(&r, BEL_EV_CAPOT, 1), 100);
}

Test(belote_score, b29_trickless_seats_give_100_to_share_among_the_others)
{
    /* three hands, s2 trickless: 50 each (W7); four hands, two trickless: 100 each */
    struct bel_sheet s = sheet(BEL_BASIC, 3, 1, (int[]){ 6, 3, 0 }, (int[]){ 67, 66, 0 }, 0);
    struct bel_result r = score(&s, NULL);
    cr_assert_eq(events_of(&r, BEL_EV_CAPOT, 0), 50);
    cr_assert_eq(events_of(&r, BEL_EV_CAPOT, 1), 50);
    s = sheet(BEL_BASIC, 4, 0, (int[]){ 5, 3, 0, 0 }, (int[]){ 100, 52, 0, 0 }, 0);
    r = score(&s, NULL);
    cr_assert_eq(events_of(&r, BEL_EV_CAPOT, 0), 100);
    cr_assert_eq(events_of(&r, BEL_EV_CAPOT, 1), 100);
    s = sheet(BEL_BASIC, 4, 0, (int[]){ 4, 2, 2, 0 }, (int[]){ 80, 40, 32, 0 }, 0);
    r = score(&s, NULL);
    cr_assert_eq(events_of(&r, BEL_EV_CAPOT, 2), 33, "100 / 3, the odd point dropped");
    s = sheet(BEL_BASIC, 4, 0, (int[]){ 8, 0, 0, 0 }, (int[]){ 152, 0, 0, 0 }, 0);
    r = score(&s, NULL);
    cr_assert_eq(events_of(&r, BEL_EV_CAPOT, 0), 100, "one seat with every trick: 100, not 300");
}

Test(belote_score, b30_counts_are_rounded_to_the_nearest_ten_five_up)
{
    struct bel_sheet s = sheet(BEL_BASIC, 3, 0, (int[]){ 5, 3, 1 }, (int[]){ 75, 84, 4 }, 0);
    struct bel_result r = score(&s, NULL);
    cr_assert_eq(r.rounded[0], 90, "85");
    cr_assert_eq(r.rounded[1], 80, "84");
    cr_assert_eq(r.rounded[2], 0, "4");
    cr_assert_eq(events_of(&r, BEL_EV_ROUNDING, 0), 5);
    cr_assert_eq(events_of(&r, BEL_EV_ROUNDING, 2), -4);
}

Test(belote_score, rounding_flag_none_keeps_exact_counts)
{
    struct bel_sheet s = sheet(BEL_BASIC, 3, 0, (int[]){ 5, 3, 1 }, (int[]){ 75, 84, 4 }, 0);
    const char *none[] = { "rounding=none", NULL };
    struct bel_result r = score(&s, none);
    cr_assert_eq(r.scores[0], 85);
    cr_assert_eq(r.scores[2], 4);
}

Test(belote_score, b31_a_failed_makers_points_are_shared_by_the_tied_best_in_tens)
{
    struct bel_sheet s = sheet(BEL_BASIC, 3, 0, (int[]){ 3, 3, 3 }, (int[]){ 50, 80, 70 }, 2);
    struct bel_result r = score(&s, NULL);
    cr_assert_eq(r.outcome, BEL_FAILED);
    cr_assert_eq(r.scores[0], 0);
    cr_assert_eq(r.scores[1], 110, "80 + 30: the remainder to the first");
    cr_assert_eq(r.scores[2], 100, "80 + 20");
    cr_assert_eq(events_of(&r, BEL_EV_FAILED, 0), -50);
}

Test(belote_score, compare_flag_exact_tests_the_contract_on_unrounded_counts)
{
    struct bel_sheet s = sheet(BEL_BASIC, 2, 0, (int[]){ 5, 4 }, (int[]){ 52, 40 }, 1);
    struct bel_result r = score(&s, NULL);
    cr_assert_eq(r.outcome, BEL_LITIGE, "50 against 50");
    const char *exact[] = { "compare=exact", NULL };
    r = score(&s, exact);
    cr_assert_eq(r.outcome, BEL_MADE, "52 against 50");
}

Test(belote_score, b32_the_failed_makers_receivers_also_share_the_reserve)
{
    struct bel_sheet s = sheet(BEL_BASIC, 3, 0, (int[]){ 3, 3, 3 }, (int[]){ 50, 80, 70 }, 2);
    s.reserve_in = 30;
    struct bel_result r = score(&s, NULL);
    cr_assert_eq(r.scores[1], 130);
    cr_assert_eq(r.scores[2], 110);
    cr_assert_eq(r.reserve_out, 0);
    cr_assert_eq(events_of(&r, BEL_EV_RESERVE_WON, 1), 20);
}

Test(belote_score, b33_belote_on_failure_the_makers_belote_goes_with_his_points_or_stays_with_keep)
{
    struct bel_sheet s = sheet(BEL_BASIC, 2, 1, (int[]){ 6, 3 }, (int[]){ 66, 35 }, 0);
    s.belote[1] = 1;
    s.meld_winner = 0;
    s.meld_n[0] = 1;
    s.meld_val[0][0] = 2;
    struct bel_result r = score(&s, NULL);
    cr_assert_eq(r.scores[0], 160);
    cr_assert_eq(r.scores[1], 0);
    const char *keep[] = { "belote_on_failure=keep", NULL };
    r = score(&s, keep);
    cr_assert_eq(r.scores[0], 140);
    cr_assert_eq(r.scores[1], 20);
}

Test(belote_score, b34_in_a_target_match_a_trickless_seat_loses_melds_that_would_reach_the_target)
{
    static struct bel_match m;
    char err[256];
    cJSON *root = bt_read_json("tests/fixtures/belote/W4.json");
    cJSON *actions = cJSON_GetObjectItem(cJSON_GetObjectItem(root, "record"), "actions");
    cJSON_ReplaceItemInArray(actions, 4, cJSON_CreateString("meld"));   /* s1 declares nothing */
    const char *deck = cJSON_GetObjectItem(cJSON_GetObjectItem(root, "record"), "deck")->valuestring;
    for (int near = 0; near < 2; near++) {
        const char *target[] = { "target=500", NULL };
        bt_start(&m, "belote", 2, target, deck, 0);
        m.totals[0] = near ? 450 : 0;
        const cJSON *a;
        cJSON_ArrayForEach(a, actions) cr_assert_neq(bt_do(&m, a->valuestring, err, sizeof err), GAME_ILLEGAL, "%s", err);
        cJSON *r = bt_deal_result(&m);
        long scores[2];
        bt_ints(cJSON_GetObjectItem(r, "scores"), scores, 2);
        cr_assert_eq(scores[0], near ? 0 : 60, "three tierces, trickless, %s the target", near ? "near" : "far from");
        cJSON_Delete(r);
    }
    cJSON_Delete(root);
}

Test(belote_score, b36_a_litige_adds_to_the_reserve_which_grows)
{
    struct bel_sheet s = sheet(BEL_BASIC, 2, 0, (int[]){ 5, 4 }, (int[]){ 52, 40 }, 1);
    s.reserve_in = 50;
    struct bel_result r = score(&s, NULL);
    cr_assert_eq(r.outcome, BEL_LITIGE);
    cr_assert_eq(r.reserve_out, 100);
    cr_assert_eq(events_of(&r, BEL_EV_RESERVE_HELD, 0), -50);
}

Test(belote_score, b37_void_deals_pass_the_reserve_on_and_a_fixed_match_loses_it_at_the_end)
{
    struct bel_sheet s = sheet(BEL_BASIC, 2, -1, (int[]){ 0, 0 }, (int[]){ 0, 0 }, -1);
    s.is_void = 1;
    s.reserve_in = 50;
    struct bel_result r = score(&s, NULL);
    cr_assert_eq(r.reserve_out, 50);
    static struct bel_match m;
    char err[256];
    const char *two[] = { "deals=2", NULL };
    struct game_setup setup = { 2, 1, 0, two, 0 };
    cr_assert_eq(belote_game.create(&m, &setup, err, sizeof err), 0);
    play_fixture(&m, "W1");
    play_fixture(&m, "W3");
    cJSON *res = bt_match_result(&m);
    cr_assert_eq(cJSON_GetObjectItem(res, "reserve_lost")->valueint, 50);
    cJSON_Delete(res);
}

Test(belote_score, b38_deals_rotate_and_each_deal_seats_from_the_dealers_left)
{
    static struct bel_match m;
    char err[256], text[GAME_ACTION_MAX];
    struct game_setup setup = { 3, 5, 1, NULL, 0 };
    cr_assert_eq(belote_game.create(&m, &setup, err, sizeof err), 0);
    cr_assert_eq(m.rules.deals, 9);
    cJSON *v = bt_view(&m, 0);
    cr_assert_str_eq(cJSON_GetObjectItem(v, "dealer")->valuestring, "B");
    char *seats = cJSON_PrintUnformatted(cJSON_GetObjectItem(v, "seats"));
    cr_assert_str_eq(seats, "[\"C\",\"A\",\"B\"]");
    cr_assert_eq(belote_game.to_act(&m), 2, "seat 0 is C");
    cJSON_free(seats);
    cJSON_Delete(v);
    while (belote_game.deal_number(&m) == 1) {
        belote_game.legal_text(&m, belote_game.legal_count(&m) - 1, text, sizeof text);
        bt_do(&m, text, err, sizeof err);
    }
    cr_assert_eq(bel_match_dealer(&m), 2);
    cr_assert_eq(belote_game.to_act(&m), 0, "deal 2: C deals, A is seat 0");
    /* ranking shares equal totals; three entrants have no settlement */
    m.totals[0] = 100;
    m.totals[1] = 100;
    m.totals[2] = 40;
    cJSON *r = bt_match_result(&m);
    char *ranking = cJSON_PrintUnformatted(cJSON_GetObjectItem(r, "ranking"));
    cr_assert_str_eq(ranking, "[[\"A\",\"B\"],[\"C\"]]");
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(r, "winner")));
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(r, "settlement")));
    cJSON_free(ranking);
    cJSON_Delete(r);
}

Test(belote_score, deals_flag_sets_the_match_length_as_a_multiple_of_the_players)
{
    static struct bel_match m;
    char err[256], text[GAME_ACTION_MAX];
    const char *four[] = { "deals=4", NULL }, *three[] = { "deals=3", NULL };
    struct game_setup setup = { 2, 3, 0, four, 0 };
    cr_assert_eq(belote_game.create(&m, &setup, err, sizeof err), 0, "%s", err);
    int deals = 0;
    while (belote_game.to_act(&m) >= 0) {
        belote_game.legal_text(&m, 0, text, sizeof text);
        deals += bt_do(&m, text, err, sizeof err) == GAME_DEAL_OVER;
    }
    cr_assert_eq(deals, 4);
    setup.rules = three;
    cr_assert_eq(belote_game.create(&m, &setup, err, sizeof err), -1);
    cr_assert(strstr(err, "multiple"), "%s", err);
    const char *bad[] = { "deals=x", NULL }, *unknown[] = { "trumps=S", NULL }, *shape[] = { "deals", NULL };
    setup.rules = bad;
    cr_assert_eq(belote_game.create(&m, &setup, err, sizeof err), -1);
    cr_assert(strstr(err, "rules.deals"), "%s", err);
    setup.rules = unknown;
    cr_assert_eq(belote_game.create(&m, &setup, err, sizeof err), -1);
    cr_assert(strstr(err, "unknown flag 'trumps'"), "%s", err);
    setup.rules = shape;
    cr_assert_eq(belote_game.create(&m, &setup, err, sizeof err), -1);
    cr_assert(strstr(err, "name=value"), "%s", err);
}

Test(belote_score, b39_target_flag_plays_until_a_unique_total_reaches_it_capped_at_100_deals)
{
    static struct bel_match m;
    char err[256];
    const char *target[] = { "target=500", NULL };
    struct game_setup setup = { 2, 3, 0, target, 0 };
    cr_assert_eq(belote_game.create(&m, &setup, err, sizeof err), 0, "%s", err);
    m.totals[0] = m.totals[1] = 1400;
    for (int i = 0; i < 4; i++) bt_do(&m, "pass", err, sizeof err);     /* a void deal */
    cr_assert_geq(belote_game.to_act(&m), 0, "equal totals: another deal");
    m.totals[1] = 1300;
    for (int i = 0; i < 4; i++) bt_do(&m, "pass", err, sizeof err);
    cr_assert_eq(belote_game.to_act(&m), -1, "A is over the target alone");
    cr_assert_eq(belote_game.create(&m, &setup, err, sizeof err), 0);
    m.deal_no = 100;
    for (int i = 0; i < 4; i++) bt_do(&m, "pass", err, sizeof err);
    cr_assert_eq(belote_game.to_act(&m), -1, "the cap");
}

Test(belote_score, b40_the_turn_up_is_public_from_the_start_and_the_bergere_once_the_deal_is_complete)
{
    static struct bel_match m;
    char err[256];
    bt_start(&m, "belote", 2, NULL, "AS KS QS 8D 7D 9C 7H KH QH AD KD 9S JH 8C 7C TD TH 9H 8H JS TS 8S 7S AH QD JD 9D AC KC QC JC TC", 0);
    cJSON *v = bt_view(&m, 0);
    cr_assert_str_eq(cJSON_GetObjectItem(v, "turnup")->valuestring, "JH");
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(v, "bergere")));
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(v, "hand")), 6);
    cJSON_Delete(v);
    bt_do(&m, "pass", err, sizeof err);
    bt_do(&m, "take", err, sizeof err);
    bt_do(&m, "exchange", err, sizeof err);
    v = bt_view(&m, 0);
    cr_assert_str_eq(cJSON_GetObjectItem(v, "bergere")->valuestring, "TC");
    cr_assert_str_eq(cJSON_GetObjectItem(v, "turnup_place")->valuestring, "7H");
    cr_assert_eq(cJSON_GetObjectItem(v, "exchange")->valueint, 1);
    cr_assert_str_eq(cJSON_GetObjectItem(v, "phase")->valuestring, "meld");
    cJSON_Delete(v);
}

Test(belote_score, b42_b44_a_seat_never_sees_the_stock_or_another_hand_even_its_partners)
{
    static struct bel_match m;
    bt_start(&m, "belote-partnership", 4, NULL, NULL, 0);
    for (int p = 0; p < 4; p++) {
        cJSON *v = bt_view(&m, p);
        cJSON_DeleteItemFromObject(v, "totals");     /* its keys "AC", "BD" are no cards */
        char *text = cJSON_PrintUnformatted(v);
        for (int c = 0; c < 32; c++) {
            char card[8] = "\"";
            pq_card_format(c, card + 1);
            strcat(card, "\"");
            int mine = (m.deal.hand[p] & PQ_BIT(c)) || c == m.deal.turnup;
            cr_assert_eq(strstr(text, card) != NULL, mine, "player %d, card %s", p, card);
        }
        cJSON_free(text);
        cJSON_Delete(v);
    }
}

Test(belote_score, b43_both_marseillaise_seats_see_the_same_cards)
{
    static struct bel_match m;
    char err[256], text[GAME_ACTION_MAX];
    struct pq_rng rng;
    pq_rng_seed(&rng, 4);
    bt_start(&m, "belote-marseillaise", 2, NULL, NULL, 0);
    for (int i = 0; i < 20; i++) {
        cJSON *a = bt_view(&m, 0), *b = bt_view(&m, 1);
        char *la = cJSON_PrintUnformatted(cJSON_GetObjectItem(a, "layouts")), *lb = cJSON_PrintUnformatted(cJSON_GetObjectItem(b, "layouts"));
        cr_assert_str_eq(la, lb);
        cJSON_free(la);
        cJSON_free(lb);
        cJSON_Delete(a);
        cJSON_Delete(b);
        belote_marseillaise_game.legal_text(&m, (int)pq_rng_below(&rng, (uint32_t)belote_marseillaise_game.legal_count(&m)), text, sizeof text);
        bt_do(&m, text, err, sizeof err);
    }
}

Test(belote_score, b45_events_come_in_the_stated_order)
{
    static struct bel_match m;
    char err[256];
    cJSON *root = bt_read_json("tests/fixtures/belote/W7.json");
    cr_assert_eq(bt_replay(&m, cJSON_GetObjectItem(root, "record"), err, sizeof err), -1, "%s", err);
    cJSON *r = bt_deal_result(&m);
    const char *want[] = { "0 cards 67", "0 last 10", "0 meld 20", "0 belote 20", "0 capot 50", "1 cards 66", "1 capot 50",
                           "0 rounding 3", "1 rounding 4", "1 failed -120", "0 failed 120", NULL };
    const cJSON *ev;
    int i = 0;
    cJSON_ArrayForEach(ev, cJSON_GetObjectItem(r, "events")) {
        char got[64];
        snprintf(got, sizeof got, "%d %s %d", cJSON_GetObjectItem(ev, "seat")->valueint,
                 cJSON_GetObjectItem(ev, "category")->valuestring, cJSON_GetObjectItem(ev, "points")->valueint);
        cr_assert_not_null(want[i], "extra event %s", got);
        cr_expect_str_eq(got, want[i]);
        i++;
    }
    cr_assert_null(want[i]);
    cJSON_Delete(r);
    cJSON_Delete(root);
}

/* ---- Marseillaise ---- */

static const char *const W9_DECK = "AH KS KD QS JS KC 8S 9C 7D 9H 7S 9S TC 7H JC TH QC QD AS 9D AD QH 8C 8H 7C AC 8D KH TD JH TS JD";

Test(belote_marseillaise, bm1_the_layout_packets_the_proposed_trump_and_no_exchange)
{
    static struct bel_match m;
    char err[256];
    bt_start(&m, "belote-marseillaise", 2, NULL, W9_DECK, 0);
    pq_mask tops0 = 0;
    for (int j = 0; j < 8; j++) tops0 |= PQ_BIT(pq_card_parse(W9_DECK + 3 * (16 + j)));
    cr_assert_eq(m.deal.hand[0], tops0);
    cr_assert_eq(m.deal.turnup, pq_card_parse("JD"));
    cr_assert(m.deal.hand[1] & PQ_BIT(pq_card_parse("JD")), "the proposed trump stays in the dealer's layout");
    cr_assert_eq(bt_do(&m, "take", err, sizeof err), GAME_GOES_ON);
    cr_assert_eq(bt_do(&m, "exchange", err, sizeof err), GAME_ILLEGAL);
    cJSON *r;
    bt_start(&m, "belote-marseillaise", 2, NULL, NULL, 0);
    play_fixture(&m, "W9");  /* the whole deal from its pack */
    r = bt_deal_result(&m);
    long tricks[2];
    bt_ints(cJSON_GetObjectItem(r, "tricks"), tricks, 2);
    cr_assert_eq(tricks[0] + tricks[1], 16);
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(r, "bergere")));
    cJSON_Delete(r);
}

Test(belote_marseillaise, bm2_only_available_cards_play_and_a_turned_card_waits_for_the_next_trick)
{
    static struct bel_match m;
    char err[256];
    bt_start(&m, "belote-marseillaise", 2, NULL, W9_DECK, 0);
    bt_do(&m, "take", err, sizeof err);
    cr_assert_eq(bt_do(&m, "play QS", err, sizeof err), GAME_ILLEGAL);
    cr_assert(strstr(err, "available"), "%s", err);
    bt_do(&m, "play 9D", err, sizeof err);
    cJSON *v = bt_view(&m, 1);
    cJSON *packet = cJSON_GetArrayItem(cJSON_GetArrayItem(cJSON_GetObjectItem(v, "layouts"), 0), 3);
    cr_assert_str_eq(cJSON_GetObjectItem(packet, "up")->valuestring, "QS", "turned at once (reveal on_play)");
    cr_assert_not(m.deal.hand[0] & PQ_BIT(pq_card_parse("QS")));
    cJSON_Delete(v);
    bt_do(&m, "play JD", err, sizeof err);
    cr_assert(m.deal.hand[0] & PQ_BIT(pq_card_parse("QS")), "available from the next trick");
}

Test(belote_marseillaise, reveal_flag_end_of_trick_turns_beneath_cards_when_the_trick_is_complete)
{
    static struct bel_match m;
    char err[256];
    const char *late[] = { "reveal=end_of_trick", NULL };
    bt_start(&m, "belote-marseillaise", 2, late, W9_DECK, 0);
    bt_do(&m, "take", err, sizeof err);
    bt_do(&m, "play 9D", err, sizeof err);
    cJSON *v = bt_view(&m, 1);
    cJSON *packet = cJSON_GetArrayItem(cJSON_GetArrayItem(cJSON_GetObjectItem(v, "layouts"), 0), 3);
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(packet, "up")));
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(packet, "down")));
    cJSON_Delete(v);
    bt_do(&m, "play JD", err, sizeof err);
    cr_assert(m.deal.hand[0] & PQ_BIT(pq_card_parse("QS")));
}

Test(belote_marseillaise, bm3_claims_follow_won_tricks_and_a_card_serves_in_one_sequence_only)
{
    static struct bel_match m;
    char err[256];
    bt_start(&m, "belote-marseillaise", 2, NULL, W9_DECK, 0);
    bt_do(&m, "take", err, sizeof err);
    cr_assert_eq(bt_do(&m, "meld", err, sizeof err), GAME_ILLEGAL);
    cr_assert(strstr(err, "only after winning a trick"), "%s", err);
    bt_do(&m, "play 9D", err, sizeof err);
    bt_do(&m, "play JD", err, sizeof err);
    cr_assert_eq(bt_do(&m, "play AC", err, sizeof err), GAME_ILLEGAL, "the winner claims first");
    struct bel_deal d = m.deal;
    d.claimed_seq[1] = PQ_BIT(pq_card_parse("TH"));
    pq_mask again = PQ_BIT(pq_card_parse("JH")) | PQ_BIT(pq_card_parse("TH")) | PQ_BIT(pq_card_parse("9H"));
    d.hand[1] |= again;
    cr_assert_eq(bel_meld_check(&d, 1, &again, 1, err, sizeof err), -1);
    cr_assert(strstr(err, "already claimed in a sequence"), "%s", err);
}

Test(belote_marseillaise, bm4_the_best_claim_scores_and_equal_keys_go_to_the_first_claimer)
{
    static struct bel_match m;
    bt_start(&m, "belote-marseillaise", 2, NULL, W9_DECK, 0);
    struct bel_deal *d = &m.deal;
    char err[256];
    bt_do(&m, "take", err, sizeof err);
    d->trick = 15;
    d->hand[0] = PQ_BIT(pq_card_parse("8H"));     /* top cards of their layouts */
    d->hand[1] = PQ_BIT(pq_card_parse("JH"));
    d->call[0] = PQ_BIT(pq_card_parse("AS")) | PQ_BIT(pq_card_parse("KS")) | PQ_BIT(pq_card_parse("QS"));
    d->call[1] = PQ_BIT(pq_card_parse("AC")) | PQ_BIT(pq_card_parse("KC")) | PQ_BIT(pq_card_parse("QC"));
    d->best_at[0] = 9;
    d->best_at[1] = 5;
    d->played_all = PQ_ALL_CARDS & ~(d->hand[0] | d->hand[1]);    /* keeps B35's check true */
    d->cards_won[0] = 150;
    cr_assert_eq(bt_do(&m, "play 8H", err, sizeof err), GAME_GOES_ON, "%s", err);
    cr_assert_eq(bt_do(&m, "play JH", err, sizeof err), GAME_DEAL_OVER, "%s", err);
    cr_assert_eq(m.sheets[0].meld_winner, 1);
}

Test(belote_marseillaise, bm5_belote_is_automatic_and_the_suffixes_are_refused)
{
    static struct bel_match m;
    char err[256];
    bt_start(&m, "belote-marseillaise", 2, NULL, W9_DECK, 0);
    bt_do(&m, "take", err, sizeof err);
    cr_assert_eq(bt_do(&m, "play 9D belote", err, sizeof err), GAME_ILLEGAL);
    cr_assert(strstr(err, "automatic"), "%s", err);
}

Test(belote_marseillaise, bm6_scoring_as_two_hands_capot_on_16_tricks_and_8_deals)
{
    struct bel_sheet s = sheet(BEL_MARSEILLAISE, 2, 0, (int[]){ 16, 0 }, (int[]){ 152, 0 }, 0);
    struct bel_result r = score(&s, NULL);
    cr_assert_eq(r.counts[0], 262);
    static struct bel_match m;
    const char *target[] = { "target=500", NULL };
    bt_start(&m, "belote-marseillaise", 2, target, NULL, 0);
    struct game_setup setup = { 2, 1, 0, NULL, 0 };
    char err[256];
    cr_assert_eq(belote_marseillaise_game.create(&m, &setup, err, sizeof err), 0);
    cr_assert_eq(m.rules.deals, 8);
}

/* ---- Partnership ---- */

Test(belote_partnership, bp1_no_seven_exchange_unless_the_flag_restores_it)
{
    static struct bel_match m;
    char err[256];
    cJSON *root = bt_read_json("tests/fixtures/belote/W8.json");
    const char *deck = cJSON_GetObjectItem(cJSON_GetObjectItem(root, "record"), "deck")->valuestring;
    bt_start(&m, "belote-partnership", 4, NULL, deck, 0);
    bt_do(&m, "pass", err, sizeof err);
    bt_do(&m, "take", err, sizeof err);
    cr_assert_eq(m.deal.phase, BEL_PHASE_PLAY);
    const char *yes[] = { "seven_exchange=true", NULL };
    bt_start(&m, "belote-partnership", 4, yes, deck, 0);
    bt_do(&m, "pass", err, sizeof err);
    bt_do(&m, "take", err, sizeof err);
    cr_assert_eq(m.deal.phase, BEL_PHASE_EXCHANGE);
    cJSON_Delete(root);
}

Test(belote_partnership, bp2_the_winners_partners_melds_score_too)
{
    struct bel_sheet s = sheet(BEL_PARTNERSHIP, 4, 0, (int[]){ 4, 2, 2, 0 }, (int[]){ 100, 20, 32, 0 }, 0);
    s.meld_n[0] = s.meld_n[2] = 1;
    s.meld_val[0][0] = 5;
    s.meld_val[2][0] = 2;
    struct bel_result r = score(&s, NULL);
    cr_assert_eq(events_of(&r, BEL_EV_MELD, 2), 20);
    cr_assert_eq(r.counts[0], 100 + 10 + 32 + 50 + 20);
}

Test(belote_partnership, bp3_a_seat_may_discard_when_its_partner_wins_the_trick)
{
    static struct bel_match m;
    char err[256];
    cJSON *root = bt_read_json("tests/fixtures/belote/W5.json");
    cJSON *rec = cJSON_GetObjectItem(root, "record");
    cr_assert_eq(bt_replay(&m, rec, err, sizeof err), -1, "%s", err);
    cJSON_ReplaceItemInObject(rec, "game", cJSON_CreateString("belote"));
    cJSON_AddStringToObject(cJSON_GetObjectItem(rec, "rules"), "seven_exchange", "false");
    cr_assert_eq(bt_replay(&m, rec, err, sizeof err), 23, "without partners the discard is illegal");
    cJSON_Delete(root);
}

Test(belote_partnership, bp4_a_side_with_every_trick_scores_100_instead_of_the_10)
{
    struct bel_sheet s = sheet(BEL_PARTNERSHIP, 4, 0, (int[]){ 5, 0, 3, 0 }, (int[]){ 120, 0, 32, 0 }, 0);
    struct bel_result r = score(&s, NULL);
    cr_assert_eq(r.counts[0], 252);
    cr_assert_eq(r.rounded[0], 250);
    cr_assert_eq(events_of(&r, BEL_EV_LAST, 0), 0);
    cr_assert_eq(r.counts[1], 0, "no capot share for a trickless side");
    const char *plus[] = { "capot_last=plus", NULL };
    r = score(&s, plus);
    cr_assert_eq(r.counts[0], 252, "capot_last is ignored in Partnership");
}

Test(belote_partnership, bp5_counts_rounding_and_the_contract_are_per_side)
{
    struct bel_sheet s = sheet(BEL_PARTNERSHIP, 4, 1, (int[]){ 2, 2, 2, 2 }, (int[]){ 40, 30, 44, 38 }, 2);
    struct bel_result r = score(&s, NULL);
    cr_assert_eq(r.units, 2);
    cr_assert_eq(r.counts[0], 94);
    cr_assert_eq(r.counts[1], 68);
    cr_assert_eq(r.outcome, BEL_FAILED);
    cr_assert_eq(r.scores[0], 160);
    cr_assert_eq(r.scores[1], 0);
    for (int e = 0; e < r.n_events; e++) cr_assert_geq(r.events[e].side, 0);
}

Test(belote_partnership, bp6_the_match_is_between_two_sides_over_8_deals)
{
    static struct bel_match m;
    char err[256], text[GAME_ACTION_MAX];
    struct pq_rng rng;
    struct game_setup setup = { 4, 8, 2, NULL, 0 };
    const struct game *g = &belote_partnership_game;
    pq_rng_seed(&rng, 8);
    cr_assert_eq(g->create(&m, &setup, err, sizeof err), 0);
    int deals = 0;
    while (g->to_act(&m) >= 0) {
        g->legal_text(&m, (int)pq_rng_below(&rng, (uint32_t)g->legal_count(&m)), text, sizeof text);
        deals += bt_do(&m, text, err, sizeof err) == GAME_DEAL_OVER;
    }
    cr_assert_eq(deals, 8);
    long totals[4], points[4];
    g->scores(&m, totals);
    cr_assert_eq(totals[0], totals[2]);
    cr_assert_eq(totals[1], totals[3]);
    g->match_points(&m, points);
    cr_assert_eq(points[0], totals[0] - totals[1]);
    cr_assert_eq(points[1], -points[0]);
    cJSON *r = bt_match_result(&m);
    cr_assert_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(r, "totals"), "AC")->valueint, totals[0]);
    cr_assert_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(r, "totals"), "BD")->valueint, totals[1]);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(r, "deals")), 8);
    cJSON_Delete(r);
}

Test(belote_score, a_forfeit_costs_1000_more_than_the_lead_or_ranks_the_forfeiter_last)
{
    static struct bel_match m;
    long points[4];
    bt_start(&m, "belote", 2, NULL, NULL, 0);
    m.totals[0] = 300;
    m.totals[1] = 100;
    belote_game.forfeit_points(&m, 0, points);
    cr_assert_eq(points[1], 1000);
    cr_assert_eq(points[0], -1000);
    belote_game.forfeit_points(&m, 1, points);
    cr_assert_eq(points[0], 1200);
    bt_start(&m, "belote", 3, NULL, NULL, 0);
    m.totals[0] = 300;
    m.totals[1] = 100;
    m.totals[2] = 900;
    belote_game.forfeit_points(&m, 2, points);
    cr_assert_eq(points[2], -900);
    cr_assert_eq(points[0], 300);
}

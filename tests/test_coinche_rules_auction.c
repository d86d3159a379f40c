/* test_coinche_rules_auction.c - RULES-coinche.md sections 1-4 (K1-K16):
 * the pack and notation, ranks and points, seats, the deal convention
 * and the auction with coinche and surcoinche, each test named after the
 * rule it checks, and the auction's variant flags. */
#include <criterion/criterion.h>
#include <string.h>
#include "engine/belote/belote.h"
#include "tests/test_coinche_support.h"

static struct coinche_match m;
static char err[256];

static int count_legal(const struct coinche_match *s)
{
    return coinche_game.legal_count(s);
}

Test(coinche_rules, k1_cards_are_rank_then_suit_and_bids_name_a_denomination)
{
    ct_start(&m, NULL, ct_pack_r);
    cr_expect(ct_legal(&m, "bid 80 S"));
    cr_expect(ct_refused(&m, "bid 250 S", err, sizeof err), "250 is spelt capot");
    cr_expect(ct_refused(&m, "bid 80 SA", err, sizeof err));
    cr_expect(ct_refused(&m, "bid 80 NT", err, sizeof err), "NT needs nt_at");
    cr_expect(strstr(err, "nt_at"), "%s", err);
    cr_expect(ct_refused(&m, "bid 80 AT", err, sizeof err));
    cr_expect(ct_refused(&m, "bid  80 S", err, sizeof err), "single spaces");
    uint8_t deck[32];
    cr_expect_eq(pq_deck_parse("AS KS", deck, err, sizeof err), -1);
}

Test(coinche_rules, k1_nt_at_flag_adds_the_nt_and_at_denominations)
{
    const char *rules[] = { "nt_at=true", NULL };
    ct_start(&m, NULL, ct_pack_r);
    int plain = count_legal(&m);
    ct_start(&m, rules, ct_pack_r);
    cr_expect(ct_legal(&m, "bid 80 NT"));
    cr_expect(ct_legal(&m, "bid capot AT"));
    cr_expect_eq(count_legal(&m), plain + 2 * 10, "two more denominations at every level");
}

Test(coinche_rules, k2_suit_contract_points_152_in_the_cards)
{
    struct coinche_rules r;
    coinche_rules_default(&r);
    for (int trump = 0; trump < 4; trump++) {
        int sum = 0, in_trump = 0;
        for (int c = 0; c < 32; c++) {
            sum += coinche_card_points(c, trump, &r);
            if (PQ_SUIT(c) == trump) in_trump += coinche_card_points(c, trump, &r);
        }
        cr_expect_eq(sum, 152);
        cr_expect_eq(in_trump, 62);
    }
    cr_expect_eq(coinche_card_points(pq_card_parse("JH"), COINCHE_H, &r), 20);
    cr_expect_eq(coinche_card_points(pq_card_parse("9H"), COINCHE_H, &r), 14);
    cr_expect_eq(coinche_card_points(pq_card_parse("JS"), COINCHE_H, &r), 2);
    cr_expect_eq(coinche_pack_points(COINCHE_H, &r), 162);
    /* trick order: J 9 A T K Q 8 7 in trumps, A T K Q J 9 8 7 plain */
    cr_expect(coinche_beats(pq_card_parse("9H"), pq_card_parse("AH"), COINCHE_H));
    cr_expect(coinche_beats(pq_card_parse("AS"), pq_card_parse("TS"), COINCHE_H));
    cr_expect(!coinche_beats(pq_card_parse("9S"), pq_card_parse("JS"), COINCHE_H));
    cr_expect(coinche_beats(pq_card_parse("7H"), pq_card_parse("AS"), COINCHE_H), "a trump beats a plain card");
}

Test(coinche_rules, k3_nt_and_at_tables_normalized_and_seed)
{
    struct coinche_rules r;
    coinche_rules_default(&r);
    int nt = 0, at = 0;
    for (int c = 0; c < 32; c++) {
        nt += coinche_card_points(c, COINCHE_NT, &r);
        at += coinche_card_points(c, COINCHE_AT, &r);
    }
    cr_expect_eq(nt, 152);
    cr_expect_eq(at, 152);
    cr_expect_eq(coinche_card_points(pq_card_parse("AD"), COINCHE_NT, &r), 19);
    cr_expect_eq(coinche_card_points(pq_card_parse("JD"), COINCHE_AT, &r), 14);
    cr_expect_eq(coinche_card_points(pq_card_parse("QD"), COINCHE_AT, &r), 1);
    cr_expect(coinche_beats(pq_card_parse("9D"), pq_card_parse("AD"), COINCHE_AT), "AT order J 9 A");
    cr_expect(coinche_beats(pq_card_parse("AD"), pq_card_parse("TD"), COINCHE_NT));
    cr_expect(!coinche_beats(pq_card_parse("JS"), pq_card_parse("7D"), COINCHE_AT), "no suit trumps another");
}

Test(coinche_rules, k3_nt_at_points_seed_gives_parletts_130_and_258)
{
    const char *rules[] = { "nt_at_points=seed", NULL };
    ct_start(&m, rules, NULL);
    int nt = 0, at = 0;
    for (int c = 0; c < 32; c++) {
        nt += coinche_card_points(c, COINCHE_NT, &m.rules);
        at += coinche_card_points(c, COINCHE_AT, &m.rules);
    }
    cr_expect_eq(nt + 10, 130);
    cr_expect_eq(at + 10, 258);
    cr_expect_eq(coinche_pack_points(COINCHE_AT, &m.rules), 258);
    cr_expect_eq(coinche_card_points(pq_card_parse("AD"), COINCHE_NT, &m.rules), 11);
}

Test(coinche_rules, k3a_meld_sequences_use_the_natural_order_in_every_contract)
{
    pq_mask jt9 = PQ_BIT(pq_card_parse("JH")) | PQ_BIT(pq_card_parse("TH")) | PQ_BIT(pq_card_parse("9H"));
    pq_mask ak7 = PQ_BIT(pq_card_parse("AH")) | PQ_BIT(pq_card_parse("KH")) | PQ_BIT(pq_card_parse("7H"));
    cr_expect_eq(bel_meld_value(jt9), 20);
    cr_expect_eq(bel_meld_key(ak7), 0, "no wrap");
}

Test(coinche_rules, k4_seat_0_speaks_first_and_leads_seat_3_deals)
{
    struct game_setup setup = { 4, 7, 0, NULL, 0 };     /* player A deals */
    cr_assert_eq(coinche_game.create(&m, &setup, err, sizeof err), 0, "%s", err);
    cr_expect_eq(coinche_game.to_act(&m), 1, "B is seat 0");
    cJSON *v = ct_view(&m, 1);
    cr_expect_eq(cJSON_GetObjectItem(v, "seat")->valueint, 0);
    cr_expect_str_eq(cJSON_GetObjectItem(v, "dealer")->valuestring, "A");
    cJSON_Delete(v);
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "pass, bid 80 S, pass, pass, pass");
    cr_expect_eq(coinche_game.to_act(&m), 0, "seat 0 leads to trick 1, not the taker");
}

Test(coinche_rules, k5_partners_sit_opposite_ac_against_bd)
{
    ct_start(&m, NULL, NULL);
    cr_expect_eq(coinche_game.teams(&m), 2);
    for (int p = 0; p < 4; p++) cr_expect_eq(coinche_game.team(&m, p), p % 2);
    cJSON *v = ct_view(&m, 3);
    cr_expect_eq(cJSON_GetObjectItem(v, "side")->valueint, 1);
    cJSON_Delete(v);
}

Test(coinche_rules, k6_seat_s_holds_cards_8s_to_8s_plus_7_nothing_turned_up)
{
    ct_start(&m, NULL, ct_pack_r);
    cJSON *v = ct_view(&m, 1);
    char *hand = cJSON_PrintUnformatted(cJSON_GetObjectItem(v, "hand"));
    cr_expect_str_eq(hand, "[\"TS\",\"AS\",\"TH\",\"AH\",\"TD\",\"AD\",\"TC\",\"AC\"]");
    cJSON_free(hand);
    cJSON_Delete(v);
    char deck[100];
    coinche_game.deck_text(&m, deck, sizeof deck);
    cr_expect_str_eq(deck, ct_pack_r);
}

Test(coinche_rules, k6_every_deal_of_a_match_is_a_fresh_shuffle_from_the_seed)
{
    struct game_setup setup = { 4, 42, 0, NULL, 0 };
    char a[100], b[100];
    cr_assert_eq(coinche_game.create(&m, &setup, err, sizeof err), 0);
    coinche_game.deck_text(&m, a, sizeof a);
    ct_run(&m, "pass, pass, pass, pass");
    coinche_game.deck_text(&m, b, sizeof b);
    cr_expect_str_neq(a, b);
}

Test(coinche_rules, k7_a_player_who_passed_may_bid_later)
{
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "pass, bid 80 S, pass, pass");
    cr_expect(ct_legal(&m, "bid 90 H"), "seat 0 passed and may bid now");
    ct_run(&m, "bid 90 H");
    cr_expect_eq(m.deal.contract.taker, 0);
}

Test(coinche_rules, k8_bid_values_80_to_160_capot_and_generale_with_its_flag)
{
    ct_start(&m, NULL, ct_pack_r);
    cr_expect(ct_legal(&m, "bid 160 C"));
    cr_expect(ct_refused(&m, "bid 85 C", err, sizeof err));
    cr_expect(ct_refused(&m, "bid 170 C", err, sizeof err));
    cr_expect(ct_legal(&m, "bid capot C"));
    cr_expect(ct_refused(&m, "bid generale C", err, sizeof err));
    cr_expect(strstr(err, "generale"), "%s", err);
    const char *rules[] = { "generale=true", NULL };
    ct_start(&m, rules, ct_pack_r);
    ct_run(&m, "bid generale C");
    cr_expect_eq(coinche_level_value(m.deal.contract.level), 500);
}

Test(coinche_rules, k9_value_order_a_higher_value_the_denomination_does_not_count)
{
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "bid 80 C");
    cr_expect(ct_refused(&m, "bid 80 D", err, sizeof err));
    cr_expect(ct_refused(&m, "bid 80 S", err, sizeof err));
    cr_expect(ct_legal(&m, "bid 90 C"));
    ct_run(&m, "pass, bid 90 C, pass");
    cr_expect(ct_legal(&m, "bid 100 C"), "a player may overcall his partner");
}

Test(coinche_rules, k9_bid_order_bridge_the_same_value_in_a_higher_denomination_overcalls)
{
    const char *rules[] = { "bid_order=bridge", "nt_at=true", NULL };
    ct_start(&m, rules, ct_pack_r);
    ct_run(&m, "bid 80 C");
    cr_expect(ct_legal(&m, "bid 80 D"));
    cr_expect(ct_legal(&m, "bid 80 NT"));
    ct_run(&m, "bid 80 H");
    cr_expect(ct_refused(&m, "bid 80 D", err, sizeof err), "D is below H");
    cr_expect(strstr(err, "K9"), "%s", err);
    ct_run(&m, "bid capot D");
    cr_expect(ct_legal(&m, "bid capot H"));
    cr_expect(!ct_legal(&m, "bid capot C"));
    /* the legal list follows the order C < D < H < S < NT < AT */
    char text[64];
    coinche_game.legal_text(&m, 1, text, sizeof text);
    cr_expect_str_eq(text, "bid capot H");
}

Test(coinche_rules, k10_coinche_only_against_the_other_sides_bid_in_turn)
{
    ct_start(&m, NULL, ct_pack_r);
    cr_expect(ct_refused(&m, "coinche", err, sizeof err), "no bid yet");
    ct_run(&m, "bid 80 H, pass");
    cr_expect(ct_refused(&m, "coinche", err, sizeof err), "seat 2 is the bidder's partner");
    cr_expect(strstr(err, "K10"), "%s", err);
    ct_run(&m, "pass");
    cr_expect(ct_legal(&m, "coinche"), "seat 3 is an opponent");
}

Test(coinche_rules, k11_a_coinche_ends_the_bidding_and_the_coinched_side_answers_in_order)
{
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "pass, bid 90 S, coinche");      /* seat 2 coinches seat 1's bid */
    cr_expect_eq(m.deal.to_act, 3, "the seat after the coincher");
    cr_expect(ct_refused(&m, "bid 100 S", err, sizeof err), "nobody may bid again");
    cr_expect(ct_refused(&m, "coinche", err, sizeof err));
    cr_expect_eq(count_legal(&m), 2);
    ct_run(&m, "pass");
    cr_expect_eq(m.deal.to_act, 1, "then the seat before the coincher");
    ct_run(&m, "pass");
    cr_expect_eq(m.deal.phase, COINCHE_PHASE_PLAY, "two passes end it, coinched");
    cr_expect_eq(m.deal.contract.coinche, 1);
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "pass, bid 90 S, coinche, surcoinche");
    cr_expect_eq(m.deal.phase, COINCHE_PHASE_PLAY, "a surcoinche ends the auction at once");
    cr_expect_eq(m.deal.contract.coinche, 2);
    cr_expect_eq(m.deal.to_act, 0);
}

Test(coinche_rules, k11_surcoinche_only_answers_a_coinche)
{
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "bid 80 S");
    cr_expect(ct_refused(&m, "surcoinche", err, sizeof err));
    cr_expect(strstr(err, "K11"), "%s", err);
}

Test(coinche_rules, k12_three_passes_after_a_bid_make_the_last_bid_the_contract)
{
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "bid 80 S, bid 90 H, pass, pass");
    cr_expect_eq(m.deal.phase, COINCHE_PHASE_AUCTION, "two passes do not end it");
    ct_run(&m, "pass");
    cr_expect_eq(m.deal.phase, COINCHE_PHASE_PLAY);
    cr_expect_eq(m.deal.contract.taker, 1);
    cr_expect_eq(m.deal.contract.den, COINCHE_H);
}

Test(coinche_rules, k13_four_passes_make_a_void_deal)
{
    ct_start(&m, NULL, ct_pack_r);
    cr_expect_eq(ct_run(&m, "pass, pass, pass"), GAME_GOES_ON);
    cr_expect_eq(ct_run(&m, "pass"), GAME_DEAL_OVER);
    cJSON *r = ct_deal_result(&m);
    cr_expect_str_eq(cJSON_GetObjectItem(r, "outcome")->valuestring, "void");
    cr_expect(cJSON_IsNull(cJSON_GetObjectItem(r, "contract")));
    cJSON_Delete(r);
    ct_start(&m, NULL, ct_pack_r);
    cr_expect_eq(ct_run(&m, "pass, pass, pass, bid 80 C"), GAME_GOES_ON, "the fourth may still bid");
}

Test(coinche_rules, k14_after_capot_only_generale_coinche_or_pass)
{
    const char *rules[] = { "generale=true", NULL };
    ct_start(&m, rules, ct_pack_r);
    ct_run(&m, "bid capot S");
    cr_expect_eq(count_legal(&m), 1 + 4 + 1, "pass, generale in 4 denominations, coinche");
    cr_expect(ct_refused(&m, "bid capot H", err, sizeof err));
    ct_run(&m, "bid generale D");
    cr_expect_eq(count_legal(&m), 2, "pass, coinche");
    cr_expect(ct_legal(&m, "coinche"));
}

Test(coinche_rules, k15_the_contract_carries_its_multiplier_in_the_view)
{
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "bid 100 D, coinche");
    cJSON *v = ct_view(&m, 2);
    const cJSON *c = cJSON_GetObjectItem(v, "contract");
    cr_expect_eq(cJSON_GetObjectItem(c, "coinche")->valueint, 1);
    cr_expect_eq(cJSON_GetObjectItem(c, "value")->valueint, 100);
    cr_expect_str_eq(cJSON_GetObjectItem(c, "denomination")->valuestring, "D");
    cr_expect_str_eq(cJSON_GetObjectItem(v, "phase")->valuestring, "surcoinche");
    cJSON_Delete(v);
}

Test(coinche_rules, k16_no_trump_and_all_trump_let_no_suit_trump_another)
{
    const char *rules[] = { "nt_at=true", NULL };
    ct_start(&m, rules, ct_pack_s);   /* each seat holds one suit */
    ct_run(&m, "bid 80 NT, pass, pass, pass, play AH, play 7S, play 7D, play 7C");
    cr_expect_eq(m.deal.to_act, 0, "the led suit wins: nobody trumps in NT");
    ct_start(&m, rules, ct_pack_s);
    ct_run(&m, "bid 80 AT, pass, pass, pass, play 7H, play JS, play JD, play JC");
    cr_expect_eq(m.deal.to_act, 0, "in AT a Jack of another suit does not win");
    ct_start(&m, NULL, ct_pack_s);
    ct_run(&m, "bid 80 S, pass, pass, pass, play AH, play 7S, play 7D, play 7C");
    cr_expect_eq(m.deal.to_act, 1, "in a suit contract the trump wins");
}

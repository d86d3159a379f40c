/* test_coinche_rules_play.c - RULES-coinche.md sections 5-6 (K17-K27):
 * melds and their dialogue, trick play with the trump obligations in
 * every kind of contract, belote-rebelote, and the play's variant flags
 * (undertrump, melds, meld_tie, at_belote). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "engine/belote/belote.h"
#include "tests/test_coinche_support.h"

static struct coinche_match m;
static char err[256], pack[100];

static cJSON *history_item(int player, int index)
{
    cJSON *v = ct_view(&m, player);
    cJSON *item = cJSON_DetachItemFromArray(cJSON_GetObjectItem(v, "history"), index);
    cJSON_Delete(v);
    return item;
}

/* ---- K17-K21: melds ---- */

static const char *const with_melds[] = { "melds=true", NULL };

Test(coinche_rules, k17_meld_kinds_and_values)
{
    const char *melds[][2] = { { "9H,8H,7H", "20" }, { "QH,JH,TH,9H", "50" }, { "AH,KH,QH,JH,TH", "100" },
                               { "AS,AH,AD,AC", "100" }, { "9S,9H,9D,9C", "150" }, { "JS,JH,JD,JC", "200" } };
    ct_start(&m, with_melds, NULL);
    for (size_t i = 0; i < sizeof melds / sizeof melds[0]; i++) {
        struct coinche_action a;
        char text[64];
        snprintf(text, sizeof text, "meld %s", melds[i][0]);
        cr_assert_eq(coinche_action_parse(text, (int)strlen(text), &a, err, sizeof err), 0, "%s", err);
        char want[8];
        snprintf(want, sizeof want, "%d", bel_meld_value(a.melds[0]));
        cr_expect_str_eq(want, melds[i][1], "%s", melds[i][0]);
    }
    ct_pack(pack, "8S 8H 8D 8C 7S", NULL, NULL, NULL);
    ct_start(&m, with_melds, pack);
    ct_run(&m, "bid 80 S, pass, pass, pass");
    cr_expect(ct_refused(&m, "meld 8S,8H,8D,8C", err, sizeof err), "four 8s are no meld");
    cr_expect(strstr(err, "no meld"), "%s", err);
}

Test(coinche_rules, k17_a_card_in_one_sequence_and_one_carre_but_sequences_disjoint)
{
    ct_pack(pack, "AS KS QS AH AD AC JS TS", NULL, NULL, NULL);
    ct_start(&m, with_melds, pack);
    ct_run(&m, "bid 80 S, pass, pass, pass");
    cr_expect(ct_legal(&m, "meld AS,KS,QS AS,AH,AD,AC"));
    cr_expect(ct_refused(&m, "meld AS,KS,QS QS,JS,TS", err, sizeof err));
    cr_expect(strstr(err, "share"), "%s", err);
    cr_expect(ct_legal(&m, "meld AS,KS,QS,JS,TS"));
}

Test(coinche_rules, k18_meld_keys_class_then_carre_then_length_then_top)
{
    struct coinche_action a;
    const char *text = "meld JS,JH,JD,JC 9S,9H,9D,9C AS,AH,AD,AC QS,QH,QD,QC KH,QH,JH,TH,9H AD,KD,QD";
    cr_assert_eq(coinche_action_parse(text, (int)strlen(text), &a, err, sizeof err), 0, "%s", err);
    for (int i = 0; i + 1 < a.n_melds; i++)
        if (i != 2) cr_expect_gt(bel_meld_key(a.melds[i]), bel_meld_key(a.melds[i + 1]), "meld %d", i);
    cr_expect_gt(bel_meld_key(a.melds[2]), bel_meld_key(a.melds[3]), "carré A over Q");
    cr_expect_gt(bel_meld_key(a.melds[3]), bel_meld_key(a.melds[4]), "a carré over a cent");
    pq_mask kqj = PQ_BIT(pq_card_parse("KS")) | PQ_BIT(pq_card_parse("QS")) | PQ_BIT(pq_card_parse("JS"));
    pq_mask kqj_h = kqj << 8;
    cr_expect_eq(bel_meld_key(kqj), bel_meld_key(kqj_h), "equal only in different suits");
}

Test(coinche_rules, k19_each_seat_melds_once_just_before_its_trick_1_play)
{
    ct_start(&m, with_melds, ct_pack_r);
    ct_run(&m, "bid 80 H, pass, pass, pass");
    cr_expect(ct_refused(&m, "play JH", err, sizeof err), "the meld action comes first");
    cr_expect(strstr(err, "K19"), "%s", err);
    cr_expect(ct_refused(&m, "meld AS,AH,AD,AC", err, sizeof err), "cards it does not hold");
    cr_expect(ct_legal(&m, "meld"), "declaring is optional");
    cr_expect(ct_legal(&m, "meld 9S,9H,9D,9C"), "and it may declare less than it holds");
    ct_run(&m, "meld, play JH");
    cr_expect(ct_refused(&m, "play TH", err, sizeof err), "seat 1 melds first too");
    ct_run(&m, "meld, play TH, meld, play QH, meld, play 7H");
    cr_expect(ct_refused(&m, "meld", err, sizeof err), "once, in trick 1");
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "bid 80 H, pass, pass, pass");
    cr_expect(ct_refused(&m, "meld", err, sizeof err), "no meld action without the flag");
}

Test(coinche_rules, k20_the_highest_call_wins_for_the_side_ties_to_the_earlier_seat)
{
    ct_pack(pack, "9H 8H 7H AD KC QS JD TC", "9S 8S 7S AH KD QH JC TD", NULL, NULL);
    ct_start(&m, with_melds, pack);
    ct_run(&m, "bid 80 S, pass, pass, pass, meld 9H,8H,7H, play 9H, meld 9S,8S,7S, play AH, meld, play TH, meld");
    cr_expect_eq(m.deal.meld_winner, 0, "equal keys: seat 0 declared first");
    cr_expect(coinche_melds_score(&m.deal, 2), "the winner's partner scores too");
    cr_expect(!coinche_melds_score(&m.deal, 1));
}

Test(coinche_rules, k20_meld_tie_trump_a_sequence_in_trumps_wins_first)
{
    const char *rules[] = { "melds=true", "meld_tie=trump", NULL };
    ct_pack(pack, "9H 8H 7H AD KC QS JD TC", "9S 8S 7S AH KD QH JC TD", NULL, NULL);
    ct_start(&m, rules, pack);
    ct_run(&m, "bid 80 S, pass, pass, pass, meld 9H,8H,7H, play 9H, meld 9S,8S,7S, play AH, meld, play TH, meld");
    cr_expect_eq(m.deal.meld_winner, 1, "the spade tierce is in trumps");
}

Test(coinche_rules, k21_the_public_dialogue_and_the_melds_shown_at_trick_2)
{
    ct_pack(pack, "9H 8H 7H AD KC QS JD TC", "JS TS 9S 8S AH KD QH JC", NULL, NULL);
    ct_start(&m, with_melds, pack);
    ct_run(&m, "bid 80 S, pass, pass, pass, meld 9H,8H,7H, play 9H, meld JS,TS,9S,8S, play AH, meld, play TH, meld");
    cJSON *first = history_item(2, 4), *second = history_item(2, 6);
    cr_expect_str_eq(cJSON_GetObjectItem(first, "say")->valuestring, "tierce");
    cr_expect_str_eq(cJSON_GetObjectItem(first, "action")->valuestring, "meld", "another seat's meld stays bare");
    cr_expect_str_eq(cJSON_GetObjectItem(second, "say")->valuestring, "cinquante");
    cJSON_Delete(first);
    cJSON_Delete(second);
    cJSON *own = history_item(0, 4);
    cr_expect_str_eq(cJSON_GetObjectItem(own, "action")->valuestring, "meld 9H,8H,7H", "its own in full");
    cJSON_Delete(own);
    ct_run(&m, "play 7C");                      /* trick 1 to seat 1's AH */
    cr_expect_eq(m.deal.to_act, 1);
    cJSON *v = ct_view(&m, 0);
    cr_expect_eq(cJSON_GetArraySize(cJSON_GetArrayItem(cJSON_GetObjectItem(v, "shown"), 1)), 0, "not before trick 2");
    cJSON_Delete(v);
    ct_run(&m, "play JS");
    v = ct_view(&m, 0);
    const cJSON *shown = cJSON_GetArrayItem(cJSON_GetObjectItem(v, "shown"), 1);
    cr_expect_str_eq(cJSON_GetArrayItem(shown, 0)->valuestring, "JS,TS,9S,8S");
    cJSON_Delete(v);
}

Test(coinche_rules, k21_how_high_between_two_calls_of_one_class)
{
    ct_pack(pack, "9H 8H 7H AD KC 7S JD TC", "KS QS JS AH KD QH JC TD", NULL, NULL);
    ct_start(&m, with_melds, pack);
    ct_run(&m, "bid 80 D, pass, pass, pass, meld 9H,8H,7H, play AD, meld KS,QS,JS, play KD");
    cJSON *item = history_item(3, 6);
    cr_expect_str_eq(cJSON_GetObjectItem(item, "say")->valuestring, "not good");
    cr_expect_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(item, "asked"), "seat")->valueint, 0);
    cr_expect_str_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(item, "call"), "top")->valuestring, "K");
    cJSON_Delete(item);
}

/* ---- K22-K26: play ---- */

Test(coinche_rules, k22_the_highest_trump_or_the_highest_of_the_suit_led_wins_and_leads)
{
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "pass, bid 90 D, pass, pass, pass, play JD, play TD, play QD, play 7D");
    cr_expect_eq(m.deal.to_act, 0);
    cr_expect_eq(m.deal.tricks_won[0], 1);
    ct_run(&m, "play 9D, play AD, play KD, play 8D, play JS, play AS, play KS, play 8S");
    cr_expect_eq(m.deal.to_act, 1, "the Ace of a plain suit led wins");
}

/* K23 pack: seat 0 leads 8S in a spade contract; seat 1 holds no spade. */
static void k23_pack(void)
{
    ct_pack(pack, "8S AH KH QH JH TH 9H 8H", "AD KD QD JD TD 9D 8D 7D", "7S 9S AC KC QC JC TC 9C",
            "AS TS KS QS JS 7H 8C 7C");
}

Test(coinche_rules, k23_a_trump_lead_must_be_headed_even_over_the_partner)
{
    k23_pack();
    ct_start(&m, NULL, pack);
    ct_run(&m, "bid 80 S, pass, pass, pass, play 8S, play AD");
    cr_expect(ct_refused(&m, "play 7S", err, sizeof err), "partner winning, still over 8S");
    cr_expect_str_eq(err, "must overtrump");
    cr_expect(ct_refused(&m, "play AC", err, sizeof err));
    ct_run(&m, "play 9S");
    cr_expect_eq(coinche_game.legal_count(&m), 1, "seat 3 must play the JS, the one trump above 9S");
    cr_expect(ct_legal(&m, "play JS"));
}

/* Pack of K24 (c): seat 0 leads AH, seat 1 ruffs with 9S; seat 2 holds
 * `spades` and no heart. */
static void k24_pack(const char *s2, const char *s3)
{
    ct_pack(pack, "AH KH QH 7H 8D 9D TD JD", "9S AD KD QD 7C 8C 9C TC", s2, s3);
}

Test(coinche_rules, k24_follow_suit_first_need_not_head)
{
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "bid 80 H, pass, pass, pass, play JH, play AH, play KH");
    cr_expect(ct_refused(&m, "play 7S", err, sizeof err));
    cr_expect_str_eq(err, "must follow suit");
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "bid 80 H, pass, pass, pass, play JH, play AH, play KH, play 7H, play JS");
    cr_expect(ct_legal(&m, "play TS"), "seat 1 need not head the JS with its AS");
}

Test(coinche_rules, k24a_partner_winning_any_card_k24b_no_trump_in_the_trick_must_trump_k24d_no_trump_any)
{
    ct_start(&m, NULL, ct_pack_t);
    ct_run(&m, "bid 110 S, pass, pass, coinche, pass, pass, play JS, play 7S, play QS, play TS, play AH, play 7H, "
               "play 9H");
    cr_expect(ct_legal(&m, "play 7C"), "(d): seat 3 holds neither heart nor trump");
    ct_run(&m, "play 7C, play AD");
    cr_expect(ct_refused(&m, "play QC", err, sizeof err));
    cr_expect_str_eq(err, "must trump", "(b): W8x's reason");
    ct_run(&m, "play 8S, play 7D, play KD, play AC, play KS, play 8C");
    cr_expect(ct_legal(&m, "play TD"), "(a): partner seat 2 is winning; seat 0 may keep 9S AS");
}

Test(coinche_rules, k24c_over_an_opponents_trump_overtrump_if_possible)
{
    k24_pack("JS TS 7S 8S AC KC QC JC", "AS KS QS TH JH 9H 8H 7D");
    ct_start(&m, NULL, pack);
    ct_run(&m, "bid 80 S, pass, pass, pass, play AH, play 9S");
    cr_expect(ct_refused(&m, "play TS", err, sizeof err));
    cr_expect_str_eq(err, "must overtrump");
    cr_expect(ct_refused(&m, "play AC", err, sizeof err));
    cr_expect_eq(coinche_game.legal_count(&m), 1);
}

Test(coinche_rules, k24c_undertrump_free_any_card_forced_a_trump)
{
    k24_pack("TS 8S 7S AC KC QC JC 7D", "AS KS QS JS TH JH 9H 8H");
    ct_start(&m, NULL, pack);
    ct_run(&m, "bid 80 S, pass, pass, pass, play AH, play 9S");
    cr_expect(ct_legal(&m, "play AC"), "free: any card");
    cr_expect(ct_legal(&m, "play 7S"), "a lower trump included");
    const char *forced[] = { "undertrump=forced", NULL };
    ct_start(&m, forced, pack);
    ct_run(&m, "bid 80 S, pass, pass, pass, play AH, play 9S");
    cr_expect(ct_refused(&m, "play AC", err, sizeof err));
    cr_expect_str_eq(err, "must trump");
    cr_expect_eq(coinche_game.legal_count(&m), 3, "TS 8S 7S");
}

Test(coinche_rules, k25_no_trump_follow_suit_else_any_card)
{
    const char *rules[] = { "nt_at=true", NULL };
    ct_start(&m, rules, ct_pack_r);
    ct_run(&m, "bid 80 NT, pass, pass, pass, play JS");
    cr_expect(ct_refused(&m, "play AH", err, sizeof err));
    cr_expect(ct_legal(&m, "play TS"), "no obligation to head");
    ct_start(&m, rules, ct_pack_s);
    ct_run(&m, "bid 80 NT, pass, pass, pass, play 7H");
    cr_expect_eq(coinche_game.legal_count(&m), 8, "void: any card");
}

Test(coinche_rules, k26_all_trump_follow_suit_and_head_the_trick_even_over_the_partner)
{
    const char *rules[] = { "nt_at=true", NULL };
    ct_start(&m, rules, ct_pack_t);
    ct_run(&m, "bid 80 AT, pass, pass, pass, play AH, play 8H");
    cr_expect(ct_refused(&m, "play QH", err, sizeof err), "9H and JH head the AH");
    cr_expect_str_eq(err, "must head the trick");
    ct_run(&m, "play JH");
    cr_expect(ct_legal(&m, "play 7C"), "void: any card");
    ct_run(&m, "play 7C");
    cr_expect_eq(m.deal.to_act, 2, "JH wins: J 9 A T K Q 8 7");
    ct_start(&m, rules, ct_pack_t);
    ct_run(&m, "bid 80 AT, pass, pass, pass, play TH, play 7H, play 9H");
    cr_expect(ct_legal(&m, "play 7C"), "seat 3 void in hearts");
}

/* ---- K27: belote ---- */

Test(coinche_rules, k27_belote_with_the_first_rebelote_with_the_second)
{
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "bid 80 H, pass, pass, pass, play JH, play TH");
    cr_expect(ct_refused(&m, "play QH rebelote", err, sizeof err));
    cr_expect(ct_legal(&m, "play QH belote"));
    cr_expect(ct_legal(&m, "play QH"), "both words are optional");
    ct_run(&m, "play QH belote, play 7H, play 9H, play AH");
    cr_expect(ct_refused(&m, "play KH belote", err, sizeof err));
    cr_expect(strstr(err, "K27"), "%s", err);
    ct_run(&m, "play KH rebelote");
    cr_expect_eq(m.deal.belote[2], 0x22, "belote and rebelote in hearts");
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "bid 80 H, pass, pass, pass, play JH");
    cr_expect(ct_refused(&m, "play AH belote", err, sizeof err));
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "bid 80 S, pass, pass, pass, play JH, play TH");
    cr_expect(ct_refused(&m, "play QH belote", err, sizeof err), "only in trumps");
}

Test(coinche_rules, k27_belote_in_every_suit_at_all_trump_none_in_no_trump)
{
    const char *at[] = { "nt_at=true", NULL };
    const char *none[] = { "nt_at=true", "at_belote=none", NULL };
    ct_start(&m, at, ct_pack_r);
    ct_run(&m, "bid 80 AT, pass, pass, pass, play JD, play AD");
    cr_expect(ct_legal(&m, "play KD belote"));
    ct_start(&m, none, ct_pack_r);
    ct_run(&m, "bid 80 AT, pass, pass, pass, play JD, play AD");
    cr_expect(ct_refused(&m, "play KD belote", err, sizeof err), "at_belote: none");
    ct_start(&m, at, ct_pack_r);
    ct_run(&m, "bid 80 NT, pass, pass, pass, play JD, play AD");
    cr_expect(ct_refused(&m, "play KD belote", err, sizeof err), "no belote in NT");
}

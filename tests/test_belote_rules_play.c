/* test_belote_rules_play.c - RULES-belote.md B1-B26 (pack, seats, deal,
 * auction, the Seven, melds, play) and the legal-action lists, one rule
 * or more per test, through the game interface where a deal can show it
 * and on a hand-made deal where a position is easier to set. */
#include <criterion/criterion.h>
#include <string.h>
#include "tests/test_belote_support.h"

static const char *const W1_DECK = "AS KS QS 8D 7D 9C 7H KH QH AD KD 9S JH 8C 7C TD TH 9H 8H JS TS 8S 7S AH QD JD 9D AC KC QC JC TC";

static pq_mask cards(const char *text)
{
    pq_mask m = 0;
    for (const char *p = text; *p; p++)
        if (*p != ' ' && pq_card_parse(p) >= 0 && (p == text || p[-1] == ' ')) m |= PQ_BIT(pq_card_parse(p));
    return m;
}

/* The pack 7S 8S .. AS 7H .. AC (card i at position i). */
static const char *identity_deck(void)
{
    static char text[96];
    uint8_t deck[32];
    for (int i = 0; i < 32; i++) deck[i] = (uint8_t)i;
    pq_deck_format(deck, text);
    return text;
}

/* A deal in play after trick 1 (no melds due), seat 0 to lead. */
static void in_play(struct bel_deal *d, int form, int n, int trump, const char *const *hands)
{
    struct bel_rules r;
    uint8_t deck[32];
    for (int i = 0; i < 32; i++) deck[i] = (uint8_t)i;
    bel_rules_default(&r, form, n);
    bel_deal_init(d, &r, deck);
    d->phase = BEL_PHASE_PLAY;
    d->trump = (int8_t)trump;
    d->maker = 0;
    d->trick = 1;
    d->complete = 1;
    d->melded = 0xf;
    for (int s = 0; s < n; s++) d->hand[s] = cards(hands[s]);
    d->to_act = 0;
}

static int act(struct bel_deal *d, const char *text, char *err)
{
    struct bel_action a;
    if (bel_action_parse(text, (int)strlen(text), &a, err, 256) < 0) return -1;
    return bel_deal_apply(d, &a, err, 256);
}

static int legal_has(const struct bel_match *m, const char *text)
{
    return bt_game(m)->find_legal(m, text, (int)strlen(text)) >= 0;
}

static void legal_list(const struct bel_match *m, char *out, int cap)
{
    const struct game *g = bt_game(m);
    char text[GAME_ACTION_MAX];
    out[0] = '\0';
    for (int i = 0; i < g->legal_count(m); i++) {
        g->legal_text(m, i, text, sizeof text);
        if (i) strncat(out, "|", (size_t)cap - strlen(out) - 1);
        strncat(out, text, (size_t)cap - strlen(out) - 1);
    }
}

Test(belote_rules, b1_cards_are_rank_then_suit_and_a_pack_has_32_different_cards)
{
    static struct bel_match m;
    char err[256];
    cr_assert_eq(pq_card_parse("TD"), PQ_CARD(PQ_DIAMONDS, PQ_RANK_T));
    cr_assert_eq(pq_card_parse("1S"), -1);
    bt_start(&m, "belote", 2, NULL, NULL, 0);
    cr_assert_eq(belote_game.set_deck(&m, "AS KS", err, sizeof err), -1);
    cr_assert_eq(bt_do(&m, "play 1S", err, sizeof err), GAME_ILLEGAL);
}

Test(belote_rules, b2_card_points_are_62_in_trumps_30_in_a_plain_suit_152_in_all)
{
    int trump = 0, plain = 0, all = 0;
    for (int r = 0; r < 8; r++) {
        trump += bel_card_points(PQ_CARD(PQ_HEARTS, r), PQ_HEARTS);
        plain += bel_card_points(PQ_CARD(PQ_SPADES, r), PQ_HEARTS);
    }
    for (int c = 0; c < 32; c++) all += bel_card_points(c, PQ_CLUBS);
    cr_assert_eq(trump, 62);
    cr_assert_eq(plain, 30);
    cr_assert_eq(all, 152);
    cr_assert_eq(bel_card_points(pq_card_parse("JH"), PQ_HEARTS), 20);
    cr_assert_eq(bel_card_points(pq_card_parse("9H"), PQ_HEARTS), 14);
    cr_assert_eq(bel_card_points(pq_card_parse("JS"), PQ_HEARTS), 2);
}

Test(belote_rules, b3_sequences_follow_the_natural_order_without_wrapping)
{
    cr_assert_gt(bel_meld_key(cards("JH TH 9H")), 0);
    cr_assert_eq(bel_meld_key(cards("AH 7H 8H")), 0);
    cr_assert_eq(bel_meld_key(cards("AH KH JH")), 0);
}

Test(belote_rules, b4_seat_0_bids_first_and_leads_and_the_last_seat_deals)
{
    static struct bel_match m;
    const struct game *g = bt_start(&m, "belote", 3, NULL, NULL, 0);
    cr_assert_eq(g->to_act(&m), 0, "one deal: seat s is player s, seat 0 first");
    cJSON *v = bt_view(&m, 0);
    cr_assert_str_eq(cJSON_GetObjectItem(v, "dealer")->valuestring, "C");
    cJSON_Delete(v);
}

Test(belote_rules, b5_partners_sit_opposite_and_basic_seats_play_for_themselves)
{
    static struct bel_match m;
    const struct game *g = bt_start(&m, "belote-partnership", 4, NULL, NULL, 0);
    cr_assert_eq(g->teams(&m), 2);
    cr_assert_eq(g->team(&m, 2), 0);
    cr_assert_eq(g->team(&m, 3), 1);
    g = bt_start(&m, "belote", 4, NULL, NULL, 0);
    cr_assert_eq(g->teams(&m), 4);
    cr_assert_eq(g->team(&m, 2), 2);
}

Test(belote_rules, b6_two_and_three_hands_get_six_then_three_and_the_bottom_card_is_la_bergere)
{
    static struct bel_match m;
    char err[256];
    bt_start(&m, "belote", 3, NULL, identity_deck(), 0);
    cr_assert_eq(m.deal.hand[1], cards("KS AS 7H 8H 9H TH"));
    cr_assert_eq(m.deal.turnup, 18, "p[18] is the turn-up");
    cr_assert_eq(bt_do(&m, "take", err, sizeof err), GAME_GOES_ON, "%s", err);
    /* trump diamonds (p[18] = 9D); the 7D is p[16], seat 2's: it is asked */
    cr_assert_eq(m.deal.hand[0] & ~cards("7S 8S 9S TS JS QS"), cards("TD JD QD"));
    cr_assert_eq(m.deal.hand[2], cards("JH QH KH AH 7D 8D 8C 9C TC"));
    cr_assert_eq(m.deal.to_act, 2, "the 7D's holder is asked");
    cr_assert_eq(m.deal.bergere, 31);
}

Test(belote_rules, b7_four_hands_the_maker_takes_the_turn_up_and_two_others_three)
{
    static struct bel_match m;
    char err[256];
    const char *no_seven[] = { "seven_exchange=false", NULL };
    bt_start(&m, "belote", 4, no_seven, identity_deck(), 0);
    bt_do(&m, "pass", err, sizeof err);
    cr_assert_eq(bt_do(&m, "take", err, sizeof err), GAME_GOES_ON, "%s", err);
    uint8_t *p = m.deal.deck;
    cr_assert_eq(m.deal.hand[0], cards("7S 8S 9S TS JS") | PQ_BIT(p[21]) | PQ_BIT(p[22]) | PQ_BIT(p[23]));
    cr_assert_eq(m.deal.hand[1], cards("QS KS AS 7H 8H") | PQ_BIT(p[20]) | PQ_BIT(p[24]) | PQ_BIT(p[25]));
    cr_assert_eq(m.deal.hand[3], cards("AH 7D 8D 9D TD") | PQ_BIT(p[29]) | PQ_BIT(p[30]) | PQ_BIT(p[31]));
    for (int s = 0; s < 4; s++) cr_assert_eq(pq_mask_count(m.deal.hand[s]), 8);
}

Test(belote_rules, b8_no_flag_deals_in_packets)
{
    for (int i = 0; i < belote_game.n_flags; i++) cr_assert_null(strstr(belote_game.flags[i].name, "packet"));
}

Test(belote_rules, b9_the_first_take_ends_round_one)
{
    static struct bel_match m;
    char err[256], list[512];
    bt_start(&m, "belote", 4, NULL, NULL, 0);
    legal_list(&m, list, sizeof list);
    cr_assert_str_eq(list, "take|pass");
    cr_assert_eq(bt_do(&m, "name S", err, sizeof err), GAME_ILLEGAL);
    bt_do(&m, "pass", err, sizeof err);
    bt_do(&m, "take", err, sizeof err);
    cr_assert_eq(m.deal.maker, 1);
    cr_assert_eq(m.deal.trump, PQ_SUIT(m.deal.turnup));
}

Test(belote_rules, b10_round_two_names_another_suit_than_the_turn_ups)
{
    static struct bel_match m;
    char err[256], list[512];
    bt_start(&m, "belote", 2, NULL, W1_DECK, 0);     /* turn-up JH */
    bt_do(&m, "pass", err, sizeof err);
    bt_do(&m, "pass", err, sizeof err);
    legal_list(&m, list, sizeof list);
    cr_assert_str_eq(list, "name S|name D|name C|pass");
    cr_assert_eq(bt_do(&m, "name H", err, sizeof err), GAME_ILLEGAL);
    cr_assert(strstr(err, "other than the turn-up's"), "%s", err);
    cr_assert_eq(bt_do(&m, "name C", err, sizeof err), GAME_GOES_ON, "%s", err);
    cr_assert_eq(m.deal.trump, PQ_CLUBS);
}

Test(belote_rules, b11_all_passing_twice_voids_the_deal_which_still_counts_and_keeps_the_reserve)
{
    static struct bel_match m;
    char err[256];
    bt_start(&m, "belote", 2, NULL, W1_DECK, 30);
    for (int i = 0; i < 3; i++) cr_assert_eq(bt_do(&m, "pass", err, sizeof err), GAME_GOES_ON);
    cr_assert_eq(bt_do(&m, "pass", err, sizeof err), GAME_DEAL_OVER);
    cJSON *r = bt_deal_result(&m);
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(r, "void")));
    cr_assert_str_eq(cJSON_GetObjectItem(r, "outcome")->valuestring, "void");
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(r, "maker")));
    cr_assert_eq(cJSON_GetObjectItem(r, "reserve_out")->valueint, 30);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(r, "events")), 0);
    cJSON_Delete(r);
}

Test(belote_rules, b12_the_taker_or_namer_is_the_maker_and_its_suit_is_trump)
{
    static struct bel_match m;
    char err[256];
    bt_start(&m, "belote", 3, NULL, NULL, 0);
    for (int i = 0; i < 4; i++) bt_do(&m, "pass", err, sizeof err);
    char text[GAME_ACTION_MAX];
    belote_game.legal_text(&m, 0, text, sizeof text);
    cr_assert_eq(bt_do(&m, text, err, sizeof err), GAME_GOES_ON, "%s", err);
    cr_assert_eq(m.deal.maker, 1);
    cr_assert_eq(m.deal.trump, (int)(strchr("SHDC", text[5]) - "SHDC"));
}

Test(belote_rules, b13_no_exchange_when_trump_was_named_or_the_turn_up_is_the_seven)
{
    static struct bel_match m;
    char err[256];
    bt_start(&m, "belote", 2, NULL, W1_DECK, 0);
    bt_do(&m, "pass", err, sizeof err);
    bt_do(&m, "pass", err, sizeof err);
    bt_do(&m, "name S", err, sizeof err);    /* s0 names spades; 7S is in the stock anyway */
    cr_assert_eq(m.deal.phase, BEL_PHASE_PLAY);
    /* W2: the turn-up is the 7C itself */
    bt_start(&m, "belote", 2, NULL, "JC AC TS AS AH TH 9C KC QC 8C 7H 8H 7C KS QS 7D 9H 8D 9D 7S 8S 9S JS JH QH KH TD JD QD KD AD TC", 0);
    bt_do(&m, "pass", err, sizeof err);
    bt_do(&m, "take", err, sizeof err);
    cr_assert_eq(m.deal.phase, BEL_PHASE_PLAY);
}

Test(belote_rules, b14_at_two_and_three_the_seven_is_exchanged_after_the_deal_is_complete)
{
    static struct bel_match m;
    char err[256], list[512];
    bt_start(&m, "belote", 2, NULL, W1_DECK, 0);
    bt_do(&m, "pass", err, sizeof err);
    bt_do(&m, "take", err, sizeof err);
    legal_list(&m, list, sizeof list);
    cr_assert_str_eq(list, "exchange|keep");
    cr_assert_eq(pq_mask_count(m.deal.hand[1]), 9);
    cr_assert_eq(m.deal.bergere, pq_card_parse("TC"));
    bt_do(&m, "exchange", err, sizeof err);
    cr_assert(m.deal.hand[1] & PQ_BIT(pq_card_parse("JH")));
    cr_assert_eq(m.deal.place, pq_card_parse("7H"));
}

Test(belote_rules, b15_at_four_another_seat_exchanges_before_the_maker_completes)
{
    static struct bel_match m;
    char err[256];
    cJSON *root = bt_read_json("tests/fixtures/belote/W8.json");
    bt_start(&m, "belote", 4, NULL, cJSON_GetObjectItem(cJSON_GetObjectItem(root, "record"), "deck")->valuestring, 0);
    bt_do(&m, "pass", err, sizeof err);
    bt_do(&m, "take", err, sizeof err);
    cr_assert_eq(m.deal.phase, BEL_PHASE_EXCHANGE);
    cr_assert_eq(m.deal.to_act, 2);
    cr_assert_eq(pq_mask_count(m.deal.hand[1]), 5, "the deal waits");
    bt_do(&m, "exchange", err, sizeof err);
    cr_assert(m.deal.hand[1] & PQ_BIT(pq_card_parse("7H")), "the maker takes the Seven");
    cr_assert(m.deal.hand[2] & PQ_BIT(pq_card_parse("8H")));
    cJSON_Delete(root);
}

Test(belote_rules, b15_a_maker_holding_the_seven_is_not_asked)
{
    static struct bel_match m;
    char err[256];
    /* identity pack at four: turn-up p[20] = JD, the 7D (p[16]) is seat 3's */
    bt_start(&m, "belote", 4, NULL, identity_deck(), 0);
    for (int i = 0; i < 3; i++) bt_do(&m, "pass", err, sizeof err);
    bt_do(&m, "take", err, sizeof err);
    cr_assert_eq(m.deal.phase, BEL_PHASE_PLAY);
    cr_assert(m.deal.hand[3] & PQ_BIT(pq_card_parse("JD")));
}

Test(belote_rules, b16_meld_values_and_the_sharing_of_cards)
{
    cr_assert_eq(bel_meld_value(cards("JH TH 9H")), 20);
    cr_assert_eq(bel_meld_value(cards("JH TH 9H 8H")), 50);
    cr_assert_eq(bel_meld_value(cards("AH KH QH JH TH 9H 8H 7H")), 100);
    cr_assert_eq(bel_meld_value(cards("QS QH QD QC")), 100);
    cr_assert_eq(bel_meld_value(cards("9S 9H 9D 9C")), 150);
    cr_assert_eq(bel_meld_value(cards("JS JH JD JC")), 200);
    cr_assert_eq(bel_meld_key(cards("8S 8H 8D 8C")), 0, "four 8s are no meld");
    struct bel_deal d;
    const char *h[] = { "AH KH QH JH TH 9H AS AD AC", "" };
    in_play(&d, BEL_BASIC, 2, PQ_HEARTS, h);
    pq_mask ok[] = { cards("AH KH QH JH TH 9H"), cards("AS AH AD AC") };
    pq_mask overlap[] = { cards("AH KH QH"), cards("QH JH TH") };
    pq_mask two[] = { cards("AH KH QH"), cards("JH TH 9H") };
    char err[256];
    cr_assert_eq(bel_meld_check(&d, 0, ok, 2, err, sizeof err), 0, "a card in one sequence and one carré: %s", err);
    cr_assert_eq(bel_meld_check(&d, 0, overlap, 2, err, sizeof err), -1);
    cr_assert(strstr(err, "must not share"), "%s", err);
    cr_assert_eq(bel_meld_check(&d, 0, two, 2, err, sizeof err), 0, "two sequences in one suit");
}

Test(belote_rules, b17_meld_keys_class_then_carre_over_sequence_then_rank_or_length_and_top)
{
    cr_assert_gt(bel_meld_key(cards("JS JH JD JC")), bel_meld_key(cards("9S 9H 9D 9C")));
    cr_assert_gt(bel_meld_key(cards("9S 9H 9D 9C")), bel_meld_key(cards("AS AH AD AC")));
    cr_assert_gt(bel_meld_key(cards("QS QH QD QC")), bel_meld_key(cards("AH KH QH JH TH 9H 8H 7H")));
    cr_assert_gt(bel_meld_key(cards("AS AH AD AC")), bel_meld_key(cards("TS TH TD TC")));
    cr_assert_gt(bel_meld_key(cards("TS TH TD TC")), bel_meld_key(cards("KS KH KD KC")));
    cr_assert_gt(bel_meld_key(cards("KS KH KD KC")), bel_meld_key(cards("QS QH QD QC")));
    cr_assert_gt(bel_meld_key(cards("KH QH JH TH 9H 8H")), bel_meld_key(cards("AH KH QH JH TH")));
    cr_assert_gt(bel_meld_key(cards("AS KS QS")), bel_meld_key(cards("KH QH JH")));
    cr_assert_eq(bel_meld_key(cards("AS KS QS")), bel_meld_key(cards("AH KH QH")));
}

Test(belote_rules, b18_declaring_is_optional_and_only_held_melds_may_be_declared)
{
    static struct bel_match m;
    char err[256], list[512];
    bt_start(&m, "belote", 2, NULL, W1_DECK, 0);
    bt_do(&m, "pass", err, sizeof err);
    bt_do(&m, "take", err, sizeof err);
    bt_do(&m, "exchange", err, sizeof err);
    cr_assert_eq(bt_do(&m, "play AS", err, sizeof err), GAME_ILLEGAL);
    cr_assert(strstr(err, "before its play"), "%s", err);
    legal_list(&m, list, sizeof list);
    cr_assert_str_eq(list, "meld|meld 9C,8C,7C|meld 9C,8C,7C AS,KS,QS|meld AS,KS,QS");
    cr_assert_eq(belote_game.find_legal(&m, "meld QS,AS,KS 7C,8C,9C", 22), 2, "any card and meld order");
    cr_assert_eq(bt_do(&m, "meld KH,QH,JH", err, sizeof err), GAME_ILLEGAL);
    cr_assert(strstr(err, "does not hold"), "%s", err);
    cr_assert_eq(bt_do(&m, "meld AS,KS", err, sizeof err), GAME_ILLEGAL);
    cr_assert(strstr(err, "is no meld"), "%s", err);
    cr_assert_eq(bt_do(&m, "meld", err, sizeof err), GAME_GOES_ON, "a bare meld declares nothing");
    cr_assert_eq(bt_do(&m, "meld", err, sizeof err), GAME_ILLEGAL, "one meld action");
}

static int meld_winner_of(int tie_rule, const char *h0, const char *m0, const char *h1, const char *m1)
{
    struct bel_deal d;
    char err[256];
    const char *h[] = { h0, h1 };
    in_play(&d, BEL_BASIC, 2, PQ_HEARTS, h);
    d.rules.meld_tie = (uint8_t)tie_rule;
    d.trick = 0;
    d.melded = 0;
    cr_assert_eq(act(&d, m0, err), 0, "%s", err);
    cr_assert_eq(act(&d, "play 7S", err), 0, "%s", err);
    cr_assert_eq(act(&d, m1, err), 0, "%s", err);
    return d.meld_winner;
}

Test(belote_rules, b19_the_best_call_wins_and_equal_keys_go_to_the_earlier_seat)
{
    cr_assert_eq(meld_winner_of(BEL_TIE_PRIORITY, "AS KS QS 7S", "meld AS,KS,QS", "AH KH QH 8S", "meld AH,KH,QH"), 0);
    cr_assert_eq(meld_winner_of(BEL_TIE_PRIORITY, "AS KS QS 7S", "meld AS,KS,QS", "KH QH JH TH 8S", "meld KH,QH,JH,TH"), 1);
}

Test(belote_rules, meld_tie_flag_trump_lets_a_sequence_in_trumps_win_an_equal_key)
{
    cr_assert_eq(meld_winner_of(BEL_TIE_TRUMP, "AS KS QS 7S", "meld AS,KS,QS", "AH KH QH 8S", "meld AH,KH,QH"), 1);
    static struct bel_match m;
    const char *rules[] = { "meld_tie=trump", NULL };
    bt_start(&m, "belote", 2, rules, NULL, 0);
    cr_assert_eq(m.rules.meld_tie, BEL_TIE_TRUMP);
}

Test(belote_rules, b22_the_trick_winner_leads_next)
{
    struct bel_deal d;
    char err[256];
    const char *h[] = { "7S 8H", "AS 9H", "KS TH" };
    in_play(&d, BEL_BASIC, 3, PQ_CLUBS, h);
    act(&d, "play 7S", err);
    act(&d, "play AS", err);
    act(&d, "play KS", err);
    cr_assert_eq(d.to_act, 1);
    cr_assert_eq(d.tricks_won[1], 1);
}

Test(belote_rules, b23_a_trump_lead_must_be_headed_when_possible)
{
    struct bel_deal d;
    char err[256];
    const char *h[] = { "AH 7C", "9H KH 7S", "KC 8D" };
    in_play(&d, BEL_BASIC, 3, PQ_HEARTS, h);
    act(&d, "play AH", err);
    cr_assert_eq(bel_deal_legal_cards(&d), cards("9H"));
    cr_assert_eq(act(&d, "play KH", err), -1);
    cr_assert(strstr(err, "higher trump"), "%s", err);
    cr_assert_eq(act(&d, "play 7S", err), -1);
    cr_assert_eq(act(&d, "play 9H", err), 0);
    cr_assert_eq(bel_deal_legal_cards(&d), cards("KC 8D"), "no trump: any card");
}

Test(belote_rules, b24_a_seat_that_cannot_follow_must_trump_and_overtrump)
{
    struct bel_deal d;
    char err[256];
    const char *h[] = { "AS 7C", "9H 8D", "JH 7H 8C" };
    in_play(&d, BEL_BASIC, 3, PQ_HEARTS, h);
    act(&d, "play AS", err);
    cr_assert_eq(act(&d, "play 8D", err), -1);
    cr_assert(strstr(err, "must trump"), "%s", err);
    act(&d, "play 9H", err);
    cr_assert_eq(bel_deal_legal_cards(&d), cards("JH"), "must overtrump the 9H");
    cr_assert_eq(act(&d, "play 7H", err), -1);
    cr_assert(strstr(err, "overtrump"), "%s", err);
}

Test(belote_rules, b24_a_seat_that_cannot_overtrump_must_still_undertrump_and_must_follow_when_it_can)
{
    struct bel_deal d;
    char err[256];
    const char *h[] = { "AS 7C", "JH 8D", "7H 8C", "" };
    in_play(&d, BEL_BASIC, 3, PQ_HEARTS, h);
    act(&d, "play AS", err);
    act(&d, "play JH", err);
    cr_assert_eq(bel_deal_legal_cards(&d), cards("7H"));
    const char *h2[] = { "AS 7C", "KS 9H", "7H 8C" };
    in_play(&d, BEL_BASIC, 3, PQ_HEARTS, h2);
    act(&d, "play AS", err);
    cr_assert_eq(bel_deal_legal_cards(&d), cards("KS"), "following suit, not heading");
}

Test(belote_rules, b25_the_highest_trump_wins_else_the_highest_of_the_suit_led)
{
    struct bel_deal d;
    char err[256];
    const char *h[] = { "TS", "AD", "7H" };
    in_play(&d, BEL_BASIC, 3, PQ_HEARTS, h);
    act(&d, "play TS", err);
    act(&d, "play AD", err);
    act(&d, "play 7H", err);
    cr_assert_eq(d.tricks_won[2], 1, "the 7 of trumps wins");
    const char *h2[] = { "KS", "AD", "TS" };
    in_play(&d, BEL_BASIC, 3, PQ_HEARTS, h2);
    act(&d, "play KS", err);
    act(&d, "play AD", err);
    act(&d, "play TS", err);
    cr_assert_eq(d.tricks_won[2], 1, "T beats K in a plain suit; the off-suit Ace does nothing");
    cr_assert_eq(d.cards_won[2], 25);
}

Test(belote_rules, b26_belote_and_rebelote_are_offered_only_when_allowed)
{
    static struct bel_match m;
    char err[256];
    struct bel_deal d;
    const char *h[] = { "KH QH 7S", "8S 9S TS" };
    in_play(&d, BEL_BASIC, 2, PQ_HEARTS, h);
    cr_assert_eq(act(&d, "play KH rebelote", err), -1);
    cr_assert(strstr(err, "after the seat's own belote"), "%s", err);
    cr_assert_eq(act(&d, "play KH belote", err), 0, "%s", err);
    act(&d, "play 8S", err);
    cr_assert_eq(d.known[0] & cards("QH"), cards("QH"), "belote tells the Queen is held");
    cr_assert_eq(act(&d, "play QH belote", err), -1);
    cr_assert_eq(act(&d, "play QH rebelote", err), 0, "%s", err);
    cr_assert_eq(d.belote[0], 2);
    /* the list offers the suffix beside the card: W1 before T5 (action 13), s1 to lead */
    char list[512];
    cJSON *root = bt_read_json("tests/fixtures/belote/W1.json");
    const cJSON *rec = cJSON_GetObjectItem(root, "record"), *a;
    bt_start(&m, "belote", 2, NULL, W1_DECK, 0);
    int i = 0;
    cJSON_ArrayForEach(a, cJSON_GetObjectItem(rec, "actions")) {
        if (i++ == 13) break;
        cr_assert_neq(bt_do(&m, a->valuestring, err, sizeof err), GAME_ILLEGAL, "%s", err);
    }
    legal_list(&m, list, sizeof list);
    cr_assert_str_eq(list, "play TH|play QH|play QH belote|play KH|play KH belote|play KD|play AD", "%s", list);
    cr_assert(legal_has(&m, "play KH belote"));
    cJSON_Delete(root);
}

Test(belote_rules, seven_exchange_flag_false_removes_the_exchange)
{
    static struct bel_match m;
    char err[256];
    const char *no[] = { "seven_exchange=false", NULL };
    bt_start(&m, "belote", 2, no, W1_DECK, 0);
    bt_do(&m, "pass", err, sizeof err);
    bt_do(&m, "take", err, sizeof err);
    cr_assert_eq(bt_do(&m, "exchange", err, sizeof err), GAME_ILLEGAL);
    cr_assert_eq(m.deal.phase, BEL_PHASE_PLAY);
}

Test(belote_rules, actions_are_tokens_separated_by_single_spaces_and_unknown_words_are_refused)
{
    static struct bel_match m;
    char err[256];
    bt_start(&m, "belote", 2, NULL, W1_DECK, 0);
    cr_assert_eq(bt_do(&m, "pass ", err, sizeof err), GAME_ILLEGAL);
    cr_assert(strstr(err, "single spaces"), "%s", err);
    cr_assert_eq(bt_do(&m, "bid 80", err, sizeof err), GAME_ILLEGAL);
    cr_assert(strstr(err, "unknown action"), "%s", err);
    cr_assert_eq(bt_do(&m, "play AS", err, sizeof err), GAME_ILLEGAL);
    cr_assert(strstr(err, "take or pass"), "%s", err);
}

/* test_tarot_rules.c - one or more tests per rule of shared/RULES-tarot.md
 * (F1-F47), each named after its rule, through the game interface, with
 * packs built for the situation (tt_deck) or the worked deals' records
 * (tests/fixtures/tarot); and the variant flags, each shown changing what
 * it names. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "engine/rng.h"
#include "tests/test_tarot_support.h"

static struct tarot_match m;

/* A 4-player pack for the play rules: seat 2 has no spades, seat 3 no
 * trump; the trumps 17..21 lie in the dog. */
static const char *const play_hands[] = {
    "01 02 03 04 05 KS QS NS JS TS 9S 8S 7S KH QH NH JH TH",
    "06 07 12 13 14 6S 5S 4S 9H 8H 7H 6H KD QD ND JD TD 9D",
    "08 09 10 11 15 16 5H 4H 3H 2H 1H 8D 7D 6D 5D 4D 3D 2D",
    "EX 1D KC QC NC JC TC 9C 8C 7C 6C 5C 4C 3C 2C 1C 3S 2S",
};

static void start_play_deal(const char *const *rules)
{
    char deck[TAROT_DECK_TEXT];
    static const char *const auction[] = { "bid garde_sans", "pass", "pass", "pass", "pass", NULL };
    tt_deck(4, play_hands, "17 18 19 20 21 1S", deck);
    tt_start(&m, 4, rules, deck);
    tt_play(&m, auction);
}

static const char *str(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItem(obj, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* ---- 1. players, pack, cards, points ---- */

Test(tarot_rules, f1_three_four_or_five_players_and_no_other_count)
{
    char err[256];
    for (int n = 2; n <= 6; n++) {
        struct game_setup setup = { n, 1, 0, NULL, 0 };
        int rc = tarot_game.create(&m, &setup, err, sizeof err);
        cr_expect_eq(rc, n >= 3 && n <= 5 ? 0 : -1, "%d players: %s", n, err);
        if (rc == 0) cr_expect_eq(tarot_game.players(&m), n);
    }
    cr_expect_eq(tarot_game.default_players, 4);
}

Test(tarot_rules, f2_f3_the_78_tokens_in_canonical_order_parse_and_print_back)
{
    char tok[3];
    for (int c = 0; c < TAROT_CARDS; c++) {
        tarot_card_format(c, tok);
        cr_expect_eq(tarot_card_parse(tok), c, "%s", tok);
    }
    tarot_card_format(0, tok);
    cr_expect_str_eq(tok, "01");
    tarot_card_format(TAROT_EXCUSE, tok);
    cr_expect_str_eq(tok, "EX");
    tarot_card_format(TAROT_CARD(0, 0), tok);
    cr_expect_str_eq(tok, "1S");
    tarot_card_format(TAROT_CARD(3, 11), tok);
    cr_expect_str_eq(tok, "NC");
    const char *bad[] = { "00", "22", "kh", "AS", "1X", "Ex", "7Z", "0S" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) cr_expect_lt(tarot_card_parse(bad[i]), 0, "%s", bad[i]);
}

Test(tarot_rules, f3_a_pair_of_characters_reads_as_a_card_only_when_it_is_that_cards_token)
{
    int cards = 0;
    for (int a = 0; a < 256; a++)
        for (int b = 0; b < 256; b++) {
            char pair[3] = { (char)a, (char)b, '\0' }, tok[3];
            int c = tarot_card_parse(pair);
            if (c < 0) continue;
            cards++;
            cr_assert(c < TAROT_CARDS, "%d %d", a, b);
            tarot_card_format(c, tok);
            cr_expect(tok[0] == pair[0] && tok[1] == pair[1], "%d %d read as %s", a, b, tok);
        }
    cr_expect_eq(cards, TAROT_CARDS);
}

Test(tarot_rules, f2_a_pack_is_exactly_the_78_tokens_once)
{
    uint8_t deck[TAROT_CARDS];
    char text[TAROT_DECK_TEXT], err[128];
    for (int i = 0; i < TAROT_CARDS; i++) deck[i] = (uint8_t)i;
    tarot_deck_format(deck, text, sizeof text);
    cr_expect_eq(strncmp(text, "01 02 03", 8), 0);
    cr_expect_eq(tarot_deck_parse(text, deck, err, sizeof err), 0, "%s", err);
    text[strlen(text) - 3] = '\0';
    cr_expect_eq(tarot_deck_parse(text, deck, err, sizeof err), -1);
    cr_expect_str_eq(err, "the pack has 77 cards, not 78");
    memcpy(text + strlen(text) - 2, "01", 2);
    cr_expect_eq(tarot_deck_parse(text, deck, err, sizeof err), -1);
    cr_expect_str_eq(err, "the pack names 01 twice");
}

Test(tarot_rules, f4_the_bouts_are_01_21_and_the_excuse)
{
    tarot_mask b = tarot_bouts();
    cr_expect_eq(tarot_count(b), 3);
    cr_expect(b & TAROT_BIT(tarot_card_parse("01")));
    cr_expect(b & TAROT_BIT(tarot_card_parse("21")));
    cr_expect(b & TAROT_BIT(tarot_card_parse("EX")));
}

Test(tarot_rules, f5_f23_trumps_beat_suits_kings_beat_queens_the_excuse_never_wins)
{
    struct tarot_rules r;
    uint8_t deck[TAROT_CARDS];
    static struct tarot_deal d;
    for (int i = 0; i < TAROT_CARDS; i++) deck[i] = (uint8_t)i;
    tarot_rules_default(&r, 4);
    r.petit_sec = TAROT_PETIT_SEC_OFF;
    tarot_deal_init(&d, &r, deck);
    const char *tricks[][4] = { { "QS", "KS", "1S", "NS" }, { "KS", "02", "QS", "KH" }, { "EX", "3H", "KS", "4H" },
                                { "1S", "KH", "KD", "2S" }, { "02", "21", "EX", "KS" } };
    int want[] = { 1, 1, 3, 3, 1 };
    for (int t = 0; t < 5; t++) {
        for (int i = 0; i < 4; i++) {
            d.plays[i] = (uint8_t)tarot_card_parse(tricks[t][i]);
            d.play_seat[i] = (uint8_t)i;
        }
        cr_expect_eq(tarot_trick_winner(&d, 0, 4), want[t], "trick %d", t);
    }
}

Test(tarot_rules, f6_card_points_in_half_points_total_91)
{
    cr_expect_eq(tarot_mask_halves(TAROT_ALL_CARDS), 182);
    cr_expect_eq(tarot_card_halves(tarot_card_parse("01")), 9);
    cr_expect_eq(tarot_card_halves(tarot_card_parse("EX")), 9);
    cr_expect_eq(tarot_card_halves(tarot_card_parse("KH")), 9);
    cr_expect_eq(tarot_card_halves(tarot_card_parse("QD")), 7);
    cr_expect_eq(tarot_card_halves(tarot_card_parse("NC")), 5);
    cr_expect_eq(tarot_card_halves(tarot_card_parse("JS")), 3);
    cr_expect_eq(tarot_card_halves(tarot_card_parse("TS")), 1);
    cr_expect_eq(tarot_card_halves(tarot_card_parse("20")), 1);
}

/* ---- 2, 3. seats and the deal ---- */

Test(tarot_rules, f7_seat_0_speaks_first_and_leads_seat_n_minus_1_deals)
{
    for (int n = 3; n <= 5; n++) {
        tt_start(&m, n, NULL, NULL);
        tarot_game.settle(&m);
        cr_expect_eq(tarot_game.to_act(&m), 0);
        cJSON *v = tt_view(&m, 0);
        char dealer[2] = { (char)('A' + n - 1), 0 };
        cr_expect_str_eq(str(v, "dealer"), dealer);
        cJSON_Delete(v);
    }
    start_play_deal(NULL);
    cr_expect_eq(tarot_game.to_act(&m), 0, "seat 0 leads trick 1");
}

Test(tarot_rules, f8_the_attack_is_the_taker_and_the_rest_defend)
{
    tt_fixture(&m, "W3", -1, NULL);
    cJSON *r = tt_deal_result(&m);
    for (int s = 0; s < 3; s++) cr_expect_eq(tt_at(r, "scores", s), -96);
    cr_expect_eq(tt_at(r, "scores", 3), 288);
    cJSON_Delete(r);
}

Test(tarot_rules, f9_f10_hands_and_dog_are_fixed_blocks_of_the_pack)
{
    for (int n = 3; n <= 5; n++) {
        tt_start(&m, n, (const char *const[]){ "petit_sec=off", NULL }, NULL);
        int size = n == 4 ? 18 : n == 3 ? 24 : 15, dog = n == 5 ? 3 : 6;
        cr_expect_eq(m.deal.hand_size, size);
        cr_expect_eq(m.deal.dog_size, dog);
        for (int s = 0; s < n; s++) {
            tarot_mask want = 0;
            for (int i = 0; i < size; i++) want |= TAROT_BIT(m.deal.deck[size * s + i]);
            cr_expect(m.deal.hand[s] == want, "%d players, seat %d", n, s);
        }
        tarot_mask dogmask = 0;
        for (int i = TAROT_CARDS - dog; i < TAROT_CARDS; i++) dogmask |= TAROT_BIT(m.deal.deck[i]);
        cr_expect(m.deal.dog == dogmask);
    }
}

/* ---- 4. void deal ---- */

Test(tarot_rules, f11_petit_sec_voids_the_deal_before_any_action)
{
    tt_fixture(&m, "W8-petit-sec", 0, NULL);
    cr_expect_eq(tarot_game.legal_count(&m), 0);
    cr_expect_eq(tarot_game.settle(&m), GAME_DEAL_OVER);
    cJSON *r = tt_deal_result(&m);
    cr_expect_str_eq(str(r, "void"), "petit_sec");
    cJSON_Delete(r);
    tt_fixture(&m, "W8-petit-sec", 0, (const char *const[]){ "petit_sec=off", NULL });
    cr_expect_eq(tarot_game.settle(&m), GAME_GOES_ON, "petit_sec=off plays it");
    cr_expect_gt(tarot_game.legal_count(&m), 0);
}

Test(tarot_rules, f11_the_excuse_saves_a_lone_petit_unless_parlett)
{
    char deck[TAROT_DECK_TEXT];
    const char *hands[] = { "1S 2S 3S 4S 5S 6S 7S 8S 9S TS JS NS QS KS 1H 2H 01 EX", "", "", "" };
    tt_deck(4, hands, "", deck);
    tt_start(&m, 4, NULL, deck);
    cr_expect_eq(tarot_game.settle(&m), GAME_GOES_ON, "fft: 01 with the Excuse is no petit sec");
    tt_start(&m, 4, (const char *const[]){ "petit_sec=parlett", NULL }, deck);
    cr_expect_eq(tarot_game.settle(&m), GAME_DEAL_OVER, "parlett: the Excuse does not save it");
}

/* ---- 5. auction ---- */

Test(tarot_rules, f12_contracts_and_their_multipliers)
{
    const char *names[] = { "prise", "garde", "garde_sans", "garde_contre" };
    int mult[] = { 1, 2, 4, 6 };
    for (int c = 0; c < 4; c++) {
        cr_expect_str_eq(tarot_contract_name(c + 1), names[c]);
        cr_expect_eq(tarot_multiplier(c + 1), mult[c]);
    }
    tt_fixture(&m, "W4", -1, NULL);
    cJSON *r = tt_deal_result(&m);
    cr_expect_eq(tt_int(r, "multiplier"), 6);
    cJSON_Delete(r);
}

Test(tarot_rules, f13_each_seat_speaks_once_and_only_higher_bids)
{
    tt_fixture(&m, "W1", 0, NULL);
    cr_expect_eq(tarot_game.legal_count(&m), 5);
    tt_play(&m, (const char *const[]){ "bid garde", NULL });
    cr_expect(!tt_legal(&m, "bid prise"));
    cr_expect(!tt_legal(&m, "bid garde"));
    cr_expect(tt_legal(&m, "bid garde_sans"));
    cr_expect(tt_legal(&m, "pass"));
    cr_expect(!tt_legal(&m, "bid"));
    cr_expect(!tt_legal(&m, "bid petite"));
    tt_play(&m, (const char *const[]){ "bid garde_contre", "pass", "pass", NULL });
    cr_expect_eq(m.deal.taker, 1, "the highest bidder takes");
    cr_expect_eq(m.deal.phase, TAROT_CHELEM, "the auction is over after every seat spoke once");
}

Test(tarot_rules, f14_all_pass_voids_the_deal)
{
    tt_fixture(&m, "W8-all-pass", -1, NULL);
    cr_expect_lt(tarot_game.to_act(&m), 0);
    cJSON *r = tt_deal_result(&m);
    cr_expect_str_eq(str(r, "void"), "all_pass");
    cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(r, "events")), 0);
    cJSON_Delete(r);
}

/* ---- 6. called king ---- */

Test(tarot_rules, f15_kings_may_be_called_a_queen_only_with_four_kings)
{
    tt_fixture(&m, "W5", 5, NULL);
    cr_expect(tt_legal(&m, "call KS"));
    cr_expect(tt_legal(&m, "call KH"));
    cr_expect(!tt_legal(&m, "call QS"));
    cr_expect(!tt_legal(&m, "call 21"));
    cr_expect(!tt_legal(&m, "call EX"));
    cr_expect_eq(tarot_game.legal_count(&m), 4);
    char deck[TAROT_DECK_TEXT];
    const char *hands[] = { "KS KH KD KC QS 01 02 03", "", "", "", "" };
    tt_deck(5, hands, "", deck);
    tt_start(&m, 5, NULL, deck);
    tt_play(&m, (const char *const[]){ "bid garde", "pass", "pass", "pass", "pass", NULL });
    cr_expect(tt_legal(&m, "call QH"), "four kings: a queen may be called");
    cr_expect(!tt_legal(&m, "call NH"), "not all four queens: no cavalier");
    cr_expect_eq(tarot_game.legal_count(&m), 8);
}

Test(tarot_rules, f16_the_holder_of_the_called_card_is_the_partner_the_taker_may_call_himself)
{
    tt_fixture(&m, "W5", 6, NULL);
    cr_expect_eq(m.deal.partner, 3);
    char deck[TAROT_DECK_TEXT];
    const char *hands[] = { "KS 01 02 03", "", "", "", "" };
    tt_deck(5, hands, "", deck);
    tt_start(&m, 5, NULL, deck);
    tt_play(&m, (const char *const[]){ "bid garde_sans", "pass", "pass", "pass", "pass", "call KS", NULL });
    cr_expect_eq(m.deal.partner, -1, "calling his own king, the taker plays alone");
    cJSON *mine = tt_view(&m, 0), *other = tt_view(&m, 1);
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(mine, "alone")), "the taker knows");
    cr_expect(cJSON_IsFalse(cJSON_GetObjectItem(other, "alone")), "nobody else does");
    cJSON_Delete(mine);
    cJSON_Delete(other);
}

/* ---- 7. dog and discard ---- */

Test(tarot_rules, f17_prise_and_garde_show_the_dog_and_the_taker_discards_d)
{
    tt_fixture(&m, "W1", 4, NULL);
    cr_expect_eq(tarot_count(m.deal.hand[0]), 24, "the dog is in the taker's hand");
    for (int p = 0; p < 4; p++) {
        cJSON *v = tt_view(&m, p);
        cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(v, "dog")), 6, "every seat sees the dog");
        cJSON_Delete(v);
    }
    cr_expect(!tt_legal(&m, "discard 4S 9S 3C 6C TC"), "d = 6 cards");
    cr_expect(tt_legal(&m, "discard 4S 9S 3C 6C TC 2D"));
    cr_expect(tt_legal(&m, "discard 2D TC 6C 3C 9S 4S"), "in any order");
    cr_expect(!tt_legal(&m, "discard 4S 9S 3C 6C TC TC"), "no duplicates");
}

Test(tarot_rules, f18_no_king_no_bout_and_a_trump_only_when_forced)
{
    tt_fixture(&m, "W1", 4, NULL);
    cr_expect(!tt_legal(&m, "discard 4S 9S 3C 6C TC 01"), "a bout");
    cr_expect(!tt_legal(&m, "discard 4S 9S 3C 6C TC EX"), "the Excuse");
    cr_expect(!tt_legal(&m, "discard 4S 9S 3C 6C TC 04"), "a trump while suit cards remain");
    /* a taker with three plain suit cards after the dog must discard
     * them and exactly three trumps */
    char deck[TAROT_DECK_TEXT];
    const char *hands[] = { "02 03 04 05 06 07 08 09 10 11 12 13 14 KS KH KD KC 1S", "", "", "" };
    tt_deck(4, hands, "15 16 17 18 2S 3S", deck);
    tt_start(&m, 4, NULL, deck);
    tt_play(&m, (const char *const[]){ "bid prise", "pass", "pass", "pass", NULL });
    cr_expect(!tt_legal(&m, "discard 1S 2S 3S KS 02 03"), "never a king");
    cr_expect(!tt_legal(&m, "discard 1S 2S 02 03 04 05"), "every suit card goes first");
    cr_expect(tt_legal(&m, "discard 1S 2S 3S 02 03 04"));
    cr_expect_eq(tarot_game.legal_count(&m), (int)tarot_binomial(17, 3), "three of the 17 trumps 02..18");
    tt_play(&m, (const char *const[]){ "discard 1S 2S 3S 02 03 04", NULL });
    cJSON *v = tt_view(&m, 1);
    cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(v, "discard_trumps")), 3, "shown (trump_discard=shown)");
    cr_expect(cJSON_IsNull(cJSON_GetObjectItem(v, "discard")));
    cJSON_Delete(v);
    tt_start(&m, 4, (const char *const[]){ "trump_discard=counted", NULL }, deck);
    tt_play(&m, (const char *const[]){ "bid prise", "pass", "pass", "pass", "discard 1S 2S 3S 02 03 04", NULL });
    v = tt_view(&m, 1);
    cr_expect_eq(tt_int(v, "discard_trumps"), 3, "trump_discard=counted: only their number");
    cJSON_Delete(v);
}

Test(tarot_rules, f19_garde_sans_and_contre_have_no_discard_and_nobody_sees_the_dog)
{
    tt_fixture(&m, "W4", 4, NULL);
    cr_expect_eq(m.deal.phase, TAROT_CHELEM);
    cr_expect(!tt_legal(&m, "discard JD NH 17 6C NC 9S"));
    for (int p = 0; p < 4; p++) {
        cJSON *v = tt_view(&m, p);
        cr_expect(cJSON_IsNull(cJSON_GetObjectItem(v, "dog")));
        cJSON_Delete(v);
    }
    cJSON_Delete(NULL);
}

/* ---- 8, 9. chelem announcement, play ---- */

Test(tarot_rules, f20_f21_an_announced_chelem_makes_the_taker_lead)
{
    tt_fixture(&m, "W3", 5, NULL);
    cr_expect(tt_legal(&m, "chelem"));
    cr_expect(tt_legal(&m, "pass"));
    cr_expect(!tt_legal(&m, "chelem now"));
    tt_play(&m, (const char *const[]){ "chelem", NULL });
    cr_expect_eq(tarot_game.to_act(&m), 3, "the taker leads");
    cJSON *v = tt_view(&m, 0);
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(v, "chelem")), "the announcement is public");
    cJSON_Delete(v);
}

Test(tarot_rules, f21_18_24_or_15_tricks)
{
    const char *ids[] = { "W1", "W6", "W5" };
    int want[] = { 18, 24, 15 };
    for (int i = 0; i < 3; i++) {
        tt_fixture(&m, ids[i], -1, NULL);
        cJSON *r = tt_deal_result(&m);
        long sum = 0;
        for (int s = 0; s < cJSON_GetArraySize(cJSON_GetObjectItem(r, "tricks")); s++) sum += tt_at(r, "tricks", s);
        cr_expect_eq(sum, want[i], "%s", ids[i]);
        cJSON_Delete(r);
    }
}

Test(tarot_rules, f22_follow_suit_else_trump_overtrump_undertrump_and_the_excuse_any_time)
{
    start_play_deal(NULL);
    tt_play(&m, (const char *const[]){ "play 05", NULL });
    cr_expect(tt_legal(&m, "play 06"), "a trump led: any higher trump");
    cr_expect(!tt_legal(&m, "play 6S"), "a trump led: a trump is due");
    tt_play(&m, (const char *const[]){ "play 12", NULL });
    cr_expect(tt_legal(&m, "play 15"), "overtrump");
    cr_expect(!tt_legal(&m, "play 08"), "no undertrump while it can overtrump");
    cr_expect(!tt_legal(&m, "play 5H"));
    tt_play(&m, (const char *const[]){ "play 15", NULL });
    cr_expect(tt_legal(&m, "play 1C"), "no trump: any card");
    cr_expect(tt_legal(&m, "play EX"), "the Excuse at any time");
    tt_play(&m, (const char *const[]){ "play EX", NULL });
    cr_expect_eq(tarot_game.to_act(&m), 2, "15 won the trick");
    tt_play(&m, (const char *const[]){ "play 5H", NULL });
    cr_expect(tt_legal(&m, "play 1C"), "seat 3: no heart, no trump");
    tt_play(&m, (const char *const[]){ "play 1C", NULL });
    cr_expect(tt_legal(&m, "play KH"), "follow suit");
    cr_expect(!tt_legal(&m, "play 04"), "no trump while holding the suit");
    tt_play(&m, (const char *const[]){ "play KH", NULL });
    cr_expect(tt_legal(&m, "play 9H"));
    cr_expect(!tt_legal(&m, "play 3H"), "not in the hand");
    tt_play(&m, (const char *const[]){ "play 9H", "play KS", "play 6S", NULL });
    cr_expect(tt_legal(&m, "play 08"), "void in spades: trump");
    cr_expect(!tt_legal(&m, "play 2H"), "void in spades, holding trumps: no discard");
    tt_play(&m, (const char *const[]){ "play 08", NULL });
    cr_expect(tt_legal(&m, "play 3S"), "seat 3 follows spades");
    cr_expect(!tt_legal(&m, "play 2C"));
}

Test(tarot_rules, f22_after_the_excuse_led_the_second_card_fixes_the_suit)
{
    char deck[TAROT_DECK_TEXT];
    const char *hands[] = { "EX 01 02 03 04 05", "1S 1H 06", "2S 2H 07", "3S 3H 08" };
    tt_deck(4, hands, "", deck);
    tt_start(&m, 4, NULL, deck);
    tt_play(&m, (const char *const[]){ "bid garde_sans", "pass", "pass", "pass", "pass", "play EX", NULL });
    cr_expect_eq(tarot_game.legal_count(&m), 18, "the second seat is free like a leader");
    tt_play(&m, (const char *const[]){ "play 1H", NULL });
    cr_expect(tt_legal(&m, "play 2H"));
    cr_expect(!tt_legal(&m, "play 2S"), "hearts were fixed by the second card");
    tt_play(&m, (const char *const[]){ "play 2H", "play 3H", NULL });
    cr_expect_eq(tarot_game.to_act(&m), 3, "3H wins; the Excuse never does");
}

Test(tarot_rules, f24_the_first_lead_is_no_card_of_the_called_suit_but_the_called_card)
{
    char deck[TAROT_DECK_TEXT];
    const char *hands[] = { "1H 2H 3H 1S 2S 01 02", "03", "KH", "", "" };
    tt_deck(5, hands, "", deck);
    const char *const auction[] = { "pass", "bid garde_sans", "pass", "pass", "pass", "call KH", "pass", NULL };
    tt_start(&m, 5, NULL, deck);
    tt_play(&m, auction);
    cr_expect(!tt_legal(&m, "play 1H"));
    cr_expect(tt_legal(&m, "play 1S"));
    tt_start(&m, 5, (const char *const[]){ "called_suit_lead=free", NULL }, deck);
    tt_play(&m, auction);
    cr_expect(tt_legal(&m, "play 1H"), "called_suit_lead=free");
    tt_play(&m, (const char *const[]){ "play 1H", "play 03", NULL });
    cr_expect(tt_legal(&m, "play KH"));
    cJSON *v = tt_view(&m, 0);
    cr_expect(cJSON_IsNull(cJSON_GetObjectItem(v, "partner")), "the partner is secret");
    cJSON_Delete(v);
    v = tt_view(&m, 2);
    cr_expect_eq(tt_int(v, "partner"), 2, "but for himself");
    cJSON_Delete(v);
    tt_play(&m, (const char *const[]){ "play KH", NULL });
    v = tt_view(&m, 0);
    cr_expect_eq(tt_int(v, "partner"), 2, "known once the called card is played");
    cJSON_Delete(v);
}

Test(tarot_rules, f25_a_poignee_shows_exactly_a_threshold_before_the_first_card)
{
    tt_fixture(&m, "W1", 6, NULL);
    cr_expect(tt_legal(&m, "poignee 20 19 14 12 11 10 08 07 04 01"));
    cr_expect(!tt_legal(&m, "poignee 20 19 14 12 11 10 08 07 04"), "9 is no threshold");
    cr_expect(!tt_legal(&m, "poignee 20 19 14 12 11 10 08 07 04 EX"), "the Excuse only when every trump is shown");
    cr_expect(!tt_legal(&m, "poignee 20 19 14 12 11 10 08 07 04 21"), "a card not held");
    cr_expect_eq(tarot_game.legal_count(&m), 18 + 1, "any of 18 cards to lead, and one simple poignée");
    tt_play(&m, (const char *const[]){ "poignee 20 19 14 12 11 10 08 07 04 01", NULL });
    cr_expect_eq(tarot_game.to_act(&m), 0, "still the seat's turn");
    cr_expect(!tt_legal(&m, "poignee 20 19 14 12 11 10 08 07 04 01"), "once per seat");
    tt_play(&m, (const char *const[]){ "play 20", NULL });
    cJSON *v = tt_view(&m, 1);
    cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(v, "poignees"), 0), "cards")), 10);
    cJSON_Delete(v);
    /* thresholds by player count */
    cr_expect_eq(tarot_poignee_threshold(3, 1), 13);
    cr_expect_eq(tarot_poignee_threshold(4, 2), 13);
    cr_expect_eq(tarot_poignee_threshold(5, 3), 13);
}

Test(tarot_rules, f25_the_excuse_completes_a_poignee_of_every_trump_held)
{
    char deck[TAROT_DECK_TEXT];
    const char *hands[] = { "01 02 03 04 05 06 07 08 09 EX 1S 2S 3S 4S 5S 6S 7S 8S", "", "", "" };
    tt_deck(4, hands, "1D 2D 3D 4D 5D 6D", deck);
    tt_start(&m, 4, NULL, deck);
    tt_play(&m, (const char *const[]){ "bid prise", "pass", "pass", "pass", NULL });
    tt_play(&m, (const char *const[]){ "discard 1D 2D 3D 4D 5D 6D", "pass", NULL });
    cr_expect(tt_legal(&m, "poignee 01 02 03 04 05 06 07 08 09 EX"));
}

Test(tarot_rules, f25_poignee_level_highest_forbids_a_smaller_poignee)
{
    char deck[TAROT_DECK_TEXT];
    const char *hands[] = { "01 02 03 04 05 06 07 08 09 10 11 12 13 1S 2S 3S 4S 5S", "", "", "" };
    tt_deck(4, hands, "", deck);
    const char *const start[] = { "bid garde_sans", "pass", "pass", "pass", "pass", NULL };
    tt_start(&m, 4, NULL, deck);
    tt_play(&m, start);
    cr_expect(tt_legal(&m, "poignee 01 02 03 04 05 06 07 08 09 10"), "free: a simple one");
    cr_expect(tt_legal(&m, "poignee 01 02 03 04 05 06 07 08 09 10 11 12 13"));
    tt_start(&m, 4, (const char *const[]){ "poignee_level=highest", NULL }, deck);
    tt_play(&m, start);
    cr_expect(!tt_legal(&m, "poignee 01 02 03 04 05 06 07 08 09 10"), "highest: the double is due");
    cr_expect(tt_legal(&m, "poignee 01 02 03 04 05 06 07 08 09 10 11 12 13"));
}

/* ---- 10, 11. counting and scoring ---- */

Test(tarot_rules, f26_the_excuse_stays_with_its_camp_for_a_low_card)
{
    tt_fixture(&m, "W1", -1, NULL);
    cJSON *r = tt_deal_result(&m);
    cr_expect_eq(tt_int(r, "half_points"), 82, "the taker's Excuse counts 4 for him in a lost trick");
    cJSON_Delete(r);
    tt_fixture(&m, "W3", -1, NULL);
    r = tt_deal_result(&m);
    cr_expect_eq(tt_int(r, "half_points"), 108, "a defender's Excuse leaves 0.5 to the attack");
    cJSON_Delete(r);
}

/* Plays random legal actions from `seed` until the deal ends. */
static void random_deal(struct tarot_match *x, struct pq_rng *rng)
{
    char text[GAME_ACTION_MAX];
    while (tarot_game.to_act(x) >= 0 && x->deal.phase != TAROT_OVER) {
        int n = tarot_game.legal_count(x);
        tarot_game.legal_text(x, (int)pq_rng_below(rng, (uint32_t)n), text, sizeof text);
        cr_assert_neq(tt_do(x, text, NULL, 0), GAME_ILLEGAL, "%s", text);
    }
}

Test(tarot_rules, f27_the_excuse_played_to_the_last_trick_changes_camp_or_goes_to_the_winner)
{
    struct pq_rng rng;
    int seen = 0;
    pq_rng_seed(&rng, 27);
    for (int k = 0; k < 20000 && seen < 20; k++) {
        static struct tarot_match a, b;
        uint64_t seed = pq_rng_next(&rng);
        struct game_setup setup = { 4, seed, 0, NULL, 1 };
        char err[128];
        const char *winner_rule[] = { "excuse_last=winner", NULL };
        struct game_setup setup_b = { 4, seed, 0, winner_rule, 1 };
        tarot_game.create(&a, &setup, err, sizeof err);
        tarot_game.create(&b, &setup_b, err, sizeof err);
        if (a.deal.phase == TAROT_OVER) continue;
        struct pq_rng play = rng, play2 = rng;
        random_deal(&a, &play);
        random_deal(&b, &play2);
        const struct tarot_deal *d = &a.deal;
        if (d->void_kind) continue;
        int last = d->hand_size - 1, ex = -1;
        for (int i = 0; i < 4; i++)
            if (d->plays[last * 4 + i] == TAROT_EXCUSE) ex = d->play_seat[last * 4 + i];
        if (ex < 0 || ex == d->winner[last]) continue;
        /* an independent count: the attack's tricks without the Excuse, its pile */
        int halves = 0;
        for (int t = 0; t < d->hand_size; t++)
            for (int i = 0; i < 4; i++) {
                int c = d->plays[t * 4 + i];
                if (c != TAROT_EXCUSE && tarot_camp(d, d->winner[t]) == TAROT_ATTACK) halves += tarot_card_halves(c);
            }
        if (d->contract <= TAROT_GARDE) halves += tarot_mask_halves(d->discard);
        else if (d->contract == TAROT_GARDE_SANS) halves += tarot_mask_halves(d->dog);
        int fft = halves + (tarot_camp(d, ex) == TAROT_DEFENCE ? 9 : 0);
        int win = halves + (tarot_camp(d, d->winner[last]) == TAROT_ATTACK ? 9 : 0);
        tarot_score(&a.deal, &a.results[0]);
        tarot_score(&b.deal, &b.results[0]);
        cr_expect_eq(a.results[0].half_points, fft, "fft: the Excuse goes to the other camp");
        cr_expect_eq(b.results[0].half_points, win, "winner: it goes with the trick");
        seen++;
    }
    cr_expect_geq(seen, 10, "random deals with the Excuse in the last trick: %d", seen);
}

Test(tarot_rules, f28_f19_the_dog_counts_for_the_defence_under_garde_contre_and_the_attack_under_garde_sans)
{
    tt_fixture(&m, "W4", -1, NULL);
    cJSON *r = tt_deal_result(&m);
    cr_expect_eq(tt_int(r, "half_points"), 74);
    cJSON_Delete(r);
    tt_fixture(&m, "W7", -1, NULL);
    r = tt_deal_result(&m);
    cr_expect_eq(tt_int(r, "half_points"), 182);
    cJSON_Delete(r);
}

Test(tarot_rules, f29_f30_targets_by_bouts_and_exactly_the_target_is_made)
{
    int bouts[] = { 0, 1, 2, 3 }, targets[] = { 56, 51, 41, 36 };
    (void)bouts;
    struct pq_rng rng;
    int seen[4] = { 0 };
    pq_rng_seed(&rng, 29);
    for (int k = 0; k < 400; k++) {
        struct game_setup setup = { 4, pq_rng_next(&rng), 0, NULL, 1 };
        char err[128];
        tarot_game.create(&m, &setup, err, sizeof err);
        random_deal(&m, &rng);
        if (m.deal.void_kind) continue;
        struct tarot_result r;
        tarot_score(&m.deal, &r);
        cr_expect_eq(r.target, targets[r.bouts]);
        cr_expect_eq(r.made, r.half_points >= 2 * r.target);
        seen[r.bouts]++;
    }
    for (int b = 0; b < 4; b++) cr_expect_gt(seen[b], 0, "no deal with %d bouts", b);
    tt_fixture(&m, "W1", -1, NULL);
    cJSON *r = tt_deal_result(&m);
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(r, "made")), "41 against 41 is made");
    cr_expect_eq(tt_int(r, "difference"), 0);
    cJSON_Delete(r);
}

Test(tarot_rules, f31_the_half_point_goes_to_the_winning_camp_or_is_dropped)
{
    tt_fixture(&m, "W6", -1, NULL);
    cJSON *r = tt_deal_result(&m);
    cr_expect_eq(tt_int(r, "difference"), 7);
    cr_expect_eq(tt_at(r, "scores", 1), 64);
    cJSON_Delete(r);
    tt_fixture(&m, "W6", -1, (const char *const[]){ "half_point=down", NULL });
    r = tt_deal_result(&m);
    cr_expect_eq(tt_int(r, "difference"), 6, "half_point=down");
    cr_expect_eq(tt_at(r, "scores", 1), 62);
    cJSON_Delete(r);
}

Test(tarot_rules, f32_f35_petit_au_bout_to_the_camp_winning_the_last_trick)
{
    tt_fixture(&m, "W3", -1, NULL);
    cJSON *r = tt_deal_result(&m);
    cr_expect_str_eq(str(r, "petit_au_bout"), "attack");
    cJSON_Delete(r);
    /* random deals: 01 in the last trick goes to that trick's camp, with 10 x m */
    struct pq_rng rng;
    int seen = 0;
    pq_rng_seed(&rng, 32);
    for (int k = 0; k < 3000; k++) {
        struct game_setup setup = { 3 + k % 3, pq_rng_next(&rng), 0, NULL, 1 };
        char err[128];
        tarot_game.create(&m, &setup, err, sizeof err);
        random_deal(&m, &rng);
        const struct tarot_deal *d = &m.deal;
        if (d->void_kind) continue;
        struct tarot_result res;
        tarot_score(d, &res);
        int last = d->hand_size - 1, petit = 0, excuse_won = 0;
        for (int i = 0; i < d->n; i++) {
            petit |= d->plays[last * d->n + i] == TAROT_PETIT;
            excuse_won |= d->plays[last * d->n + i] == TAROT_EXCUSE && d->play_seat[last * d->n + i] == d->winner[last];
        }
        if (excuse_won) continue;
        int want = petit ? tarot_camp(d, d->winner[last]) : TAROT_NOBODY;
        cr_expect_eq(res.petit_au_bout, want);
        cr_expect_eq(res.u_petit, want == TAROT_ATTACK ? 10 * res.multiplier : want == TAROT_DEFENCE ? -10 * res.multiplier : 0);
        seen += petit;
    }
    cr_expect_gt(seen, 10);
}

/* The taker (seat 0) holds only low spades and hearts: whatever is
 * played, the defence wins every trick. */
static void defence_chelem_deal(const char *chelem)
{
    char deck[TAROT_DECK_TEXT];
    struct pq_rng rng;
    const char *hands[] = { "1S 2S 3S 4S 5S 6S 7S 8S 9S 1H 2H 3H 4H 5H 6H 7H 8H 9H", "", "", "" };
    tt_deck(4, hands, "", deck);
    tt_start(&m, 4, NULL, deck);
    tt_play(&m, (const char *const[]){ "bid garde_sans", "pass", "pass", "pass", chelem, NULL });
    pq_rng_seed(&rng, 33);
    random_deal(&m, &rng);
}

Test(tarot_rules, f33_f37_a_defence_chelem_costs_200_and_200_more_when_announced)
{
    defence_chelem_deal("pass");
    cJSON *r = tt_deal_result(&m);
    cr_expect_str_eq(str(r, "chelem"), "defence");
    cJSON_Delete(r);
    cr_expect_eq(m.results[0].u_chelem, -200);
    defence_chelem_deal("chelem");
    cr_expect_eq(m.results[0].u_chelem, -400);
    cr_expect_eq(m.results[0].chelem, TAROT_DEFENCE);
}

Test(tarot_rules, f34_f36_f37_contract_poignee_and_unannounced_chelem_values)
{
    tt_fixture(&m, "W2", -1, NULL);
    cr_expect_eq(m.results[0].u_contract, -30, "(25 + 5) x 1, failed");
    cr_expect_eq(m.results[0].u_poignee[0], -20, "the taker's poignée goes to the defence, who won");
    tt_fixture(&m, "W7", 4, NULL);
    tt_play(&m, (const char *const[]){ "pass", NULL });
    struct pq_rng rng;
    pq_rng_seed(&rng, 1);
    /* the W7 play, unannounced: seat 0 leads anyway */
    tt_fixture(&m, "W7", -1, NULL);
    cr_expect_eq(m.results[0].u_chelem, 400, "announced and made");
    cJSON *root = tt_read_json("tests/fixtures/tarot/W7.json");
    cJSON *actions = cJSON_GetObjectItem(cJSON_GetObjectItem(root, "record"), "actions");
    cJSON_ReplaceItemInArray(actions, 4, cJSON_CreateString("pass"));
    tt_start(&m, 4, NULL, cJSON_GetObjectItem(cJSON_GetObjectItem(root, "record"), "deck")->valuestring);
    const cJSON *a;
    cJSON_ArrayForEach(a, actions) cr_assert_neq(tt_do(&m, a->valuestring, NULL, 0), GAME_ILLEGAL, "%s", a->valuestring);
    cJSON_Delete(root);
    cr_expect_eq(m.results[0].u_chelem, 200, "made without announcement");
    cr_expect_eq(m.results[0].scores[0], 3 * (320 + 40 + 200));
}

Test(tarot_rules, f38_the_excuse_wins_the_last_trick_of_a_chelem)
{
    tt_fixture(&m, "W7", -1, NULL);
    cr_expect_eq(m.deal.winner[17], 0);
    cJSON *r = tt_deal_result(&m);
    cr_expect_eq(tt_at(r, "tricks", 0), 18);
    cr_expect_str_eq(str(r, "chelem"), "attack");
    cr_expect_str_eq(str(r, "petit_au_bout"), "attack", "judged on the penultimate trick");
    cJSON_Delete(r);
}

Test(tarot_rules, f39_f40_f41_u_is_paid_3u_2u_and_2u_plus_u_or_4u_alone)
{
    const char *ids[] = { "W1", "W6", "W5" };
    for (int i = 0; i < 3; i++) {
        tt_fixture(&m, ids[i], -1, NULL);
        const struct tarot_result *r = &m.results[0];
        int u = r->u_contract + r->u_petit + r->u_chelem;
        for (int k = 0; k < r->n_poignees; k++) u += r->u_poignee[k];
        int taker_share = r->n == 4 ? 3 : 2;
        cr_expect_eq(r->scores[r->taker], taker_share * u, "%s", ids[i]);
        if (r->partner >= 0) cr_expect_eq(r->scores[r->partner], u);
    }
    char deck[TAROT_DECK_TEXT];
    struct pq_rng rng;
    const char *hands[] = { "KS 01 02 03", "", "", "", "" };
    tt_deck(5, hands, "", deck);
    tt_start(&m, 5, NULL, deck);
    tt_play(&m, (const char *const[]){ "bid garde_sans", "pass", "pass", "pass", "pass", "call KS", "pass", NULL });
    pq_rng_seed(&rng, 40);
    random_deal(&m, &rng);
    const struct tarot_result *r = &m.results[0];
    cr_expect_eq(r->partner, -1);
    cr_expect_eq(r->scores[0], -4 * r->scores[1], "alone against four: 4u");
}

Test(tarot_rules, f42_scores_sum_to_zero_and_the_piles_to_91_in_every_worked_deal)
{
    const char *ids[] = { "W1", "W2", "W3", "W4", "W5", "W6", "W7" };
    for (int i = 0; i < 7; i++) {
        tt_fixture(&m, ids[i], -1, NULL);
        cJSON *r = tt_deal_result(&m);
        long sum = 0, events = 0;
        int n = cJSON_GetArraySize(cJSON_GetObjectItem(r, "scores"));
        for (int s = 0; s < n; s++) sum += tt_at(r, "scores", s);
        const cJSON *e;
        cJSON_ArrayForEach(e, cJSON_GetObjectItem(r, "events")) events += tt_int(e, "points");
        cr_expect_eq(sum, 0, "%s", ids[i]);
        cr_expect_eq(events, 0, "%s", ids[i]);
        cJSON_Delete(r);
    }
}

/* ---- 12. the match ---- */

Test(tarot_rules, f43_a_match_is_a_fixed_multiple_of_n_deals)
{
    char err[256];
    for (int n = 3; n <= 5; n++) {
        struct game_setup setup = { n, 5, 0, NULL, 0 };
        cr_assert_eq(tarot_game.create(&m, &setup, err, sizeof err), 0, "%s", err);
        cr_expect_eq(m.rules.deals, 4 * n);
    }
    const char *six[] = { "deals=6", NULL };
    struct game_setup bad = { 4, 5, 0, six, 0 };
    cr_expect_eq(tarot_game.create(&m, &bad, err, sizeof err), -1);
    cr_expect(strstr(err, "multiple"), "%s", err);
    const char *zero[] = { "deals=0", NULL };
    struct game_setup none = { 4, 5, 0, zero, 0 };
    cr_expect_eq(tarot_game.create(&m, &none, err, sizeof err), -1, "not a positive multiple");
    const char *eight[] = { "deals=8", NULL };
    struct game_setup good = { 4, 5, 0, eight, 0 };
    cr_assert_eq(tarot_game.create(&m, &good, err, sizeof err), 0);
    struct pq_rng rng;
    pq_rng_seed(&rng, 43);
    int ended = 0;
    while (tarot_game.to_act(&m) >= 0) {
        if (tarot_game.settle(&m) == GAME_DEAL_OVER) {
            ended++;
            continue;
        }
        char text[GAME_ACTION_MAX];
        tarot_game.legal_text(&m, (int)pq_rng_below(&rng, (uint32_t)tarot_game.legal_count(&m)), text, sizeof text);
        ended += tt_do(&m, text, NULL, 0) == GAME_DEAL_OVER;
    }
    cr_expect_eq(ended, 8);
    cr_expect_eq(tarot_game.deal_number(&m), 8);
}

Test(tarot_rules, f44_the_deal_passes_to_the_right_and_seats_follow_the_dealer)
{
    char err[256];
    struct game_setup setup = { 4, 5, 1, NULL, 0 };
    cr_assert_eq(tarot_game.create(&m, &setup, err, sizeof err), 0);
    cJSON *v = tt_view(&m, 0);
    cr_expect_str_eq(str(v, "dealer"), "B");
    const char *seats = "CDAB";
    for (int s = 0; s < 4; s++)
        cr_expect_eq(cJSON_GetArrayItem(cJSON_GetObjectItem(v, "seats"), s)->valuestring[0], seats[s]);
    cr_expect_eq(tt_int(v, "seat"), 2, "player A sits in seat 2");
    cJSON_Delete(v);
    cr_expect_eq(tarot_game.to_act(&m), 2, "player C speaks first");
    tt_play(&m, (const char *const[]){ "pass", "pass", "pass", "pass", NULL });
    v = tt_view(&m, 0);
    cr_expect_str_eq(str(v, "dealer"), "C", "the next dealer is the last deal's seat 0");
    cJSON_Delete(v);
}

Test(tarot_rules, f45_totals_rank_the_players_and_a_shared_top_has_no_winner)
{
    char err[256];
    struct game_setup setup = { 4, 5, 0, NULL, 0 };
    cr_assert_eq(tarot_game.create(&m, &setup, err, sizeof err), 0);
    long t[] = { 10, 30, 30, -70 };
    for (int p = 0; p < 4; p++) m.totals[p] = t[p];
    cJSON *r = tt_match_result(&m);
    cr_expect(cJSON_IsNull(cJSON_GetObjectItem(r, "winner")));
    char *rank = cJSON_PrintUnformatted(cJSON_GetObjectItem(r, "ranking"));
    cr_expect_str_eq(rank, "[[\"B\",\"C\"],[\"A\"],[\"D\"]]");
    cJSON_free(rank);
    cJSON_Delete(r);
    m.totals[2] = 20;
    m.totals[3] = -60;
    r = tt_match_result(&m);
    cr_expect_str_eq(str(r, "winner"), "B");
    cJSON_Delete(r);
}

Test(tarot_rules, f46_a_void_deal_counts_as_a_deal_of_the_match)
{
    cJSON *w8 = tt_read_json("tests/fixtures/tarot/W8-petit-sec.json");
    const char *deck = cJSON_GetObjectItem(cJSON_GetObjectItem(w8, "record"), "deck")->valuestring;
    char err[256];
    const char *four[] = { "deals=4", NULL };
    struct game_setup setup = { 4, 5, 0, four, 0 };
    cr_assert_eq(tarot_game.create(&m, &setup, err, sizeof err), 0);
    cr_assert_eq(tarot_game.set_deck(&m, deck, err, sizeof err), 0, "%s", err);
    cr_expect_eq(tarot_game.settle(&m), GAME_DEAL_OVER);
    cr_expect_eq(tarot_game.deal_number(&m), 2);
    cr_expect_eq(m.totals[0] | m.totals[1] | m.totals[2] | m.totals[3], 0);
    cJSON *v = tt_view(&m, 0);
    cr_expect_str_eq(str(v, "dealer"), "B", "the next dealer deals");
    cJSON_Delete(v);
    cJSON_Delete(w8);
}

Test(tarot_rules, f47_a_duplicate_set_plays_every_pack_with_every_player_in_every_seat)
{
    static struct tarot_match set[4];
    char err[256], deck0[TAROT_DECK_TEXT], deck[TAROT_DECK_TEXT];
    for (int r = 0; r < 4; r++) {
        struct game_setup setup = { 4, 77, r, NULL, 0 };
        cr_assert_eq(tarot_game.create(&set[r], &setup, err, sizeof err), 0);
    }
    for (int r = 0; r < 4; r++) {
        tarot_game.deck_text(&set[r], deck, sizeof deck);
        if (r == 0) memcpy(deck0, deck, sizeof deck);
        cr_expect_str_eq(deck, deck0, "the same pack in every match of the set");
        for (int j = 0; j < 4; j++) cr_expect_eq(set[r].seat_player[j], (r + 1 + j) % 4);
    }
}

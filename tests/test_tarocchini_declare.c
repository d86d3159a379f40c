/* test_tarocchini_declare.c - declarations from the hand (shared/
 * RULES-tarocchini.md O13-O20): cricche, sequences with the wild Matto and
 * Bègato, doubling, overlaps, the procedure and the legal-action list, on
 * the packs of section 10 and one built from E2 with the two wilds in seat
 * 0's hand. */
#include <criterion/criterion.h>
#include <string.h>
#include "tests/test_tarocchini_support.h"

/* E2's pack with T7 <-> BE and T6 <-> MA: seat 0 holds the grande and both wilds. */
static const char *const wild_deck =
    "AN WO SU MO T16 T15 T14 T13 T12 T11 T10 T9 T8 BE MA T5 M1 M2 KS KB KC KD QS QB QC QD NS NB NC ND "
    "M3 M4 T7 JS JB JC JD AS AB AC AD TS TB TC TD T6 9S 8S 7S 6S 9B 8B 7B 6B 9C 8C 7C 6C 9D 8D 7D 6D";

static const struct tar_rules *defaults(void)
{
    static struct tar_rules r;
    tar_rules_default(&r);
    return &r;
}

static int seq_value(const char *cards)
{
    tar_mask m = tk_cards(cards);
    return tar_sequence_family(m, defaults()) < 0 ? -1 : tar_sequence_value(m);
}

Test(tarocchini_declare, o13_o14_cricche_of_three_or_four_of_one_kind_and_their_values)
{
    static const int three[5] = { 18, 17, 14, 13, 12 };
    for (int k = 0; k < TAR_CRICCHE; k++) {
        cr_expect_eq(tar_cricca_value(k, 3), three[k]);
        cr_expect_eq(tar_cricca_value(k, 4), 2 * three[k]);
    }
    cr_expect_eq(tar_cricca_kind(tk_cards("AN WO MA")), TAR_CRICCA_TAROCCHI);
    cr_expect_eq(tar_cricca_kind(tk_cards("KS KB KC KD")), TAR_CRICCA_KINGS);
    cr_expect_eq(tar_cricca_kind(tk_cards("JS JB")), -1);
    cr_expect_eq(tar_cricca_kind(tk_cards("KS KB QC")), -1);   /* no wild cards in a cricca */
    cr_expect_eq(tar_cricca_kind(tk_cards("SU MO AN")), -1);
    int total = 0;
    for (int k = 0; k < TAR_CRICCHE; k++) total += tar_cricca_value(k, 4);
    cr_expect_eq(total, 148);   /* the mezzo criccone */
}

Test(tarocchini_declare, o15_o16_sequences_of_each_family_and_their_values)
{
    cr_expect_eq(seq_value("AN WO SU"), 10);
    cr_expect_eq(seq_value("AN SU MA"), 10);            /* t = 1, one wild to the top group */
    cr_expect_eq(seq_value("AN WO SU T16 T14 MA"), 25); /* MA fills 15 */
    cr_expect_eq(seq_value("AN WO SU T16 T14"), -1);
    cr_expect_eq(seq_value("AN WO SU T15 T13 MA BE"), 30);   /* 16 and 14 filled: not consecutive */
    cr_expect_eq(seq_value("AN WO SU T14 MA BE"), -1);       /* 16 and 15 consecutive */
    cr_expect_eq(seq_value("AN MO BE T16"), 15);             /* the Moon is unnumbered: BE fills the top */
    cr_expect_eq(seq_value("WO SU MO"), -1);                 /* no Angel */
    cr_expect_eq(seq_value("KB NB JB"), 10);
    cr_expect_eq(seq_value("KB JB AB MA"), 15);
    cr_expect_eq(seq_value("KB AB MA"), -1);                 /* t = 0 */
    cr_expect_eq(seq_value("KB QB AC"), -1);                 /* another suit's Ace */
    cr_expect_eq(seq_value("QB NB JB"), -1);                 /* no King */
    cr_expect_eq(seq_value("M2 M4 BE"), 10);
    cr_expect_eq(seq_value("M1 M2 M3 M4 BE MA"), 25);
    cr_expect_eq(seq_value("AS AD MA"), 10);
    cr_expect_eq(seq_value("AS MA BE"), -1);
    cr_expect_eq(seq_value("BE MA"), -1);
    cr_expect_eq(seq_value("M1 AS AB"), -1);                 /* two families */
    cr_expect_eq(seq_value("AN WO SU KS QS NS"), -1);
}

Test(tarocchini_declare, o17_three_or_more_cricche_or_sequences_of_one_seat_are_doubled)
{
    static const char *const two[] = { "discard 6S 6B", "pass", "declare cricca KS KB KC KD",
                                       "declare cricca QS QB QC QD", "pass", "pass", "pass" };
    struct tar_match m;
    tk_start(&m, NULL, tk_e2_deck);
    tk_play(&m, tk_e2_actions, TT_E2_ACTIONS);
    cJSON *r = tk_deal_result(&m);
    cr_expect_eq(tk_event(r, "hand_cricche", 1), 176);   /* 34 + 28 + 26, doubled */
    cr_expect_eq(tk_event(r, "hand_cricche", 2), 24);     /* one cricca and one sequence: no doubling */
    cr_expect_eq(tk_event(r, "hand_sequences", 2), 20);
    cJSON_Delete(r);
    cr_expect_eq(tar_doubled(62, 2), 62);
    cr_expect_eq(tar_doubled(62, 3), 124);
    /* the play of `two`: 34 + 28 undoubled */
    tk_start(&m, NULL, tk_e2_deck);
    tk_play(&m, two, 7);
    cr_expect_eq(m.deal.hist[3].value, 28);
    cr_expect_eq(tar_doubled(m.deal.hand_cricche[1], m.deal.n_cricche[1]), 62);
}

Test(tarocchini_declare, o18_a_card_may_count_in_one_cricca_and_one_sequence_a_wild_in_one_sequence)
{
    static const char *const first[] = { "discard 6S 6B", "declare cricca AN WO BE MA",
                                         "declare sequence AN WO SU MO MA" };
    struct tar_match m;
    char err[128];
    tk_start(&m, NULL, wild_deck);
    tk_play(&m, first, 3);
    cr_expect_eq(tk_do(&m, "declare sequence AN WO SU MO T16 BE", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "already declared");   /* one sequence per family */
    cr_expect_eq(tk_do(&m, "declare cricca AN WO BE", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "already declared");   /* one cricca per kind */
    cr_expect_eq(m.deal.hand_cricche[0], 36);
    cr_expect_eq(m.deal.hand_sequences[0], 20);
}

Test(tarocchini_declare, o18_a_seat_may_not_use_one_wild_in_two_sequences)
{
    static const char *const first[] = { "discard 6S 6B", "declare sequence AN WO SU MO T16 BE" };
    struct tar_match m;
    char err[128];
    tk_start(&m, NULL, wild_deck);
    tk_play(&m, first, 2);
    cr_expect_eq(m.deal.wilds_used[0], TAR_BIT(TAR_BE));
    /* the grande is declared; no other family of seat 0 takes a wild, so
     * check the rule on the cricca side and through the list */
    cr_expect_eq(tk_do(&m, "declare cricca AN WO BE MA", err, sizeof err), GAME_GOES_ON, "%s", err);
    char list[8192];
    tk_legal_list(&m, list, sizeof list);
    cr_expect_str_eq(list, "pass\n");
    /* an Ace in its suit sequence and in the Ace sequence (a pile) */
    int total, count;
    tar_pile_sequences(tk_cards("KS QS NS AS AB AC"), defaults(), &total, &count);
    cr_expect_eq(total, 15 + 10);
    cr_expect_eq(count, 2);
    /* one wild, two sequences wanting it: only one gets it */
    tar_pile_sequences(tk_cards("KS QS M1 M2 MA"), defaults(), &total, &count);
    cr_expect_eq(total, 10);
    cr_expect_eq(count, 1);
}

Test(tarocchini_declare, o18_wild_card_used_twice_is_refused_with_its_reason)
{
    /* seat 2 of E2 holds BE, the Moors M3 M4 and the four Aces */
    static const char *const first[] = { "discard 6S 6B", "pass", "pass", "declare sequence AS AB AC AD BE" };
    struct tar_match m;
    char err[128];
    tk_start(&m, NULL, tk_e2_deck);
    tk_play(&m, first, 4);
    cr_expect_eq(tk_do(&m, "declare sequence M3 M4 BE", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "wild card used twice");
    cr_expect_eq(tk_do(&m, "declare sequence BE M4 M3", err, sizeof err), GAME_ILLEGAL);
    cr_expect_eq(tk_do(&m, "declare sequence M3 M4", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "invalid combination");
}

Test(tarocchini_declare, o19_seats_declare_in_order_0_to_3_and_every_sinking_is_listed)
{
    struct tar_match m;
    char err[128], list[16384];
    tk_start(&m, NULL, tk_e2_deck);
    tk_play(&m, tk_e2_actions, 1);
    /* seat 0: the grande without wilds: {WO SU}, {WO MO}, {SU MO}, {WO SU MO}
     * times no run or a run from T16 down to 16..6: 4 x 12, then pass */
    tk_legal_list(&m, list, sizeof list);
    int lines = 0;
    for (const char *p = list; *p; p++) lines += *p == '\n';
    cr_expect_eq(lines, 49, "%s", list);
    cr_expect_eq(tarocchini_game.legal_count(&m), 49);
    cr_expect(strstr(list, "declare sequence AN WO SU\n"));
    cr_expect(strstr(list, "declare sequence AN SU MO T16 T15\n"));
    cr_expect(strstr(list, "declare sequence AN WO SU MO T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6\n"));
    cr_expect(!strstr(list, "declare sequence AN WO T15"));
    cr_expect(!strcmp(list + strlen(list) - 5, "pass\n"));
    cr_expect_eq(tk_do(&m, "declare sequence MO AN SU", err, sizeof err), GAME_GOES_ON, "%s", err);   /* any order */
    cr_expect_eq(tk_do(&m, "declare sequence AN WO SU", err, sizeof err), GAME_ILLEGAL);
    cr_expect_eq(tk_do(&m, "pass", err, sizeof err), GAME_GOES_ON);
    cr_expect_eq(tarocchini_game.to_act(&m), 1);
    cr_expect_eq(tk_do(&m, "declare cricca KS KB KC", err, sizeof err), GAME_GOES_ON, "%s", err);   /* three of four */
    cr_expect_eq(tk_do(&m, "pass", err, sizeof err), GAME_GOES_ON);
    cr_expect_eq(tk_do(&m, "pass", err, sizeof err), GAME_GOES_ON);
    cr_expect_eq(tk_do(&m, "pass", err, sizeof err), GAME_GOES_ON);
    cr_expect_eq(m.deal.phase, TAR_PHASE_PLAY);
    cr_expect_eq(m.deal.hand_sequences[0], 10);
    cr_expect_eq(m.deal.hand_cricche[1], 17);
}

Test(tarocchini_declare, o19_a_declaration_not_held_or_not_valid_is_refused)
{
    struct tar_match m;
    char err[128];
    tk_start(&m, NULL, tk_e2_deck);
    tk_play(&m, tk_e2_actions, 1);
    cr_expect_eq(tk_do(&m, "declare cricca KS KB KC", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "not in hand");
    cr_expect_eq(tk_do(&m, "declare sequence AN WO SU MO T15", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "invalid combination");
    cr_expect_eq(tk_do(&m, "declare sequence AN WO WO", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "invalid combination");
    cr_expect_eq(tk_do(&m, "declare cricca AN WO SU", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "invalid combination");
    cr_expect_eq(tk_do(&m, "declare set AN WO SU", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "unknown action");
    cr_expect_eq(tk_do(&m, "declare sequence AN WO ZZ", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "unknown card");
    cr_expect_eq(tk_do(&m, "discard 6S 6B", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "not your turn");
    cr_expect_eq(tk_do(&m, "play AN", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "not your turn");
    cr_expect_eq(tk_do(&m, "play ZZ", err, sizeof err), GAME_ILLEGAL);   /* the verb's phase first */
    cr_expect_str_eq(err, "not your turn");
    cr_expect_eq(tk_do(&m, "monte now", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "not your turn");
    cr_expect_eq(tk_do(&m, "bid 80", err, sizeof err), GAME_ILLEGAL);
    cr_expect_str_eq(err, "unknown action");
}

Test(tarocchini_declare, o19_the_dealer_declares_from_his_cards_after_the_discard)
{
    /* E2's dealer holds MA and 16 numerals: nothing to declare but pass */
    struct tar_match m;
    char list[256];
    tk_start(&m, NULL, tk_e2_deck);
    tk_play(&m, tk_e2_actions, 10);
    cr_expect_eq(tarocchini_game.to_act(&m), 3);
    tk_legal_list(&m, list, sizeof list);
    cr_expect_str_eq(list, "pass\n");
}

Test(tarocchini_declare, o20_declarations_are_public_and_the_cards_stay_in_the_hand)
{
    struct tar_match m;
    tk_start(&m, NULL, tk_e2_deck);
    tk_play(&m, tk_e2_actions, 11);
    cJSON *v = tk_view(&m, 1);
    char *text = cJSON_PrintUnformatted(cJSON_GetObjectItem(v, "history"));
    cr_expect(strstr(text, "{\"seat\":0,\"action\":\"declare sequence AN WO SU MO T16 T15 T14 T13 T12 T11 T10 T9 T8 "
                           "T7 T6\",\"value\":70}"), "%s", text);
    cr_expect(strstr(text, "{\"seat\":2,\"action\":\"declare sequence BE AS AB AC AD\",\"value\":20}"), "%s", text);
    cr_expect(strstr(text, "{\"seat\":1,\"action\":\"pass\",\"cricche\":176,\"sequences\":0}"), "%s", text);
    cJSON_free(text);
    cJSON_Delete(v);
    cr_expect(m.deal.hand[0] & TAR_BIT(TAR_AN));
    char err[64];
    cr_expect_eq(tk_do(&m, "play AN", err, sizeof err), GAME_GOES_ON, "%s", err);
}

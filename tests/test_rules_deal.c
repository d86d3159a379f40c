/* test_rules_deal.c - docs/rules-piquet.md R1-R12: the pack, the deal convention,
 * carte blanche and its two procedures, the exchange and its limits, what
 * each seat sees of it, and younger's look / not look election.
 * Every deal is written out as elder's hand, younger's hand and the talon
 * (top first); expected values are worked out by hand in the comments.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "tests/support_rules.h"

static void view(const struct pq_deal *d, int seat, struct pq_view *v)
{
    pq_view_build(d, seat, v);
}

/* ---- R1-R3: cards -------------------------------------------------------- */

Test(rules, r1_pack_is_32_cards_ranks_7_to_ace_in_four_suits)
{
    static const char ranks[] = "789TJQKA", suits[] = "SHDC";
    pq_mask all = 0;
    for (int s = 0; s < 4; s++)
        for (int r = 0; r < 8; r++) {
            char text[3] = { ranks[r], suits[s], '\0' };
            int card = pq_card_parse(text);
            cr_assert(card >= 0 && card < 32, "%s", text);
            cr_assert_eq(all & PQ_BIT(card), 0, "%s is a card already", text);
            all |= PQ_BIT(card);
            cr_assert_eq(PQ_RANK(card), r, "%s: ranks 7 to A, low to high", text);
            cr_assert_eq(PQ_SUIT(card), s, "%s", text);
        }
    cr_assert_eq(all, PQ_ALL_CARDS);   /* 4 suits x 8 ranks = 32 */
    cr_assert_eq(pq_card_parse("6S"), -1);
    cr_assert_eq(pq_card_parse("2H"), -1);
    cr_assert_eq(pq_card_parse("AX"), -1);
    cr_assert_eq(pq_card_parse("as"), -1);
}

Test(rules, r1_a_deck_that_is_not_the_pack_is_refused)
{
    struct pq_rules rules;
    struct pq_deal d;
    uint8_t deck[32];
    pq_rules_default(&rules);
    sr_deck(SR_A_ELDER, SR_A_YOUNGER, SR_A_TALON, deck);
    cr_assert_eq(pq_deal_init(&d, &rules, deck), 0);
    deck[31] = deck[0];   /* AS twice, 7C missing */
    cr_assert_eq(pq_deal_init(&d, &rules, deck), -1);
    deck[31] = 32;        /* not a card */
    cr_assert_eq(pq_deal_init(&d, &rules, deck), -1);
}

Test(rules, r2_pip_values_ace_11_courts_and_ten_10_others_face_value)
{
    static const int pips[8] = { 7, 8, 9, 10, 10, 10, 10, 11 };   /* 7 8 9 T J Q K A */
    for (int card = 0; card < 32; card++)
        cr_assert_eq(pq_card_pips(card), pips[PQ_RANK(card)], "card %d", card);
}

Test(rules, r2_pips_break_a_tie_of_point_length)
{
    struct pq_deal d;
    sr_start(&d, NULL, SR_A_ELDER, SR_A_YOUNGER, SR_A_TALON);
    sr_do_list(&d, (const char *const[]){ "discard JH", "discard 7D", NULL });
    /* Elder sinks his eighth spade: 7 9 T J Q K A = 7+9+10+10+10+10+11 = 67;
     * younger 8 9 T J Q K A of diamonds = 8+9+10+10+10+10+11 = 68. */
    sr_do_list(&d, (const char *const[]){
        "declare point 7S 9S TS JS QS KS AS", "declare point 8D 9D TD JD QD KD AD", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_POINT].outcome, PQ_OUTCOME_NOT_GOOD);
    cr_assert_eq(d.classes[PQ_CLASS_POINT].points, 7);   /* the point scores its length */
    cr_assert_eq(d.declared[PQ_YOUNGER][PQ_CAT_POINT], 7);
    cr_assert_eq(d.score[PQ_ELDER], 0);
}

Test(rules, r2_same_length_and_same_pips_is_equal)
{
    struct pq_deal d;
    sr_start(&d, NULL, SR_A_ELDER, SR_A_YOUNGER, SR_A_TALON);
    /* 8 9 T J Q K A: 68 pips in spades and in diamonds. */
    sr_do_list(&d, (const char *const[]){ "discard JH", "discard 7D",
        "declare point 8S 9S TS JS QS KS AS", "declare point 8D 9D TD JD QD KD AD", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_POINT].outcome, PQ_OUTCOME_EQUAL);
    cr_assert_eq(d.classes[PQ_CLASS_POINT].points, 0);
    cr_assert_eq(d.declared[PQ_ELDER][PQ_CAT_POINT] + d.declared[PQ_YOUNGER][PQ_CAT_POINT], 0);
}

Test(rules, r3_courts_are_king_queen_jack_not_ace_or_ten)
{
    for (int card = 0; card < 32; card++) {
        int r = PQ_RANK(card);
        int court = r == PQ_RANK_K || r == PQ_RANK_Q || r == PQ_RANK_J;
        cr_assert_eq((PQ_COURTS & PQ_BIT(card)) != 0, court, "card %d", card);
    }
}

Test(rules, r3_aces_and_tens_do_not_spoil_a_carte_blanche)
{
    struct pq_deal d;
    sr_start(&d, NULL, "AS AH AD AC TS TH TD TC 9S 9H 9D 9C",
             "KS QS JS KH QH JH KD QD JD KC QC JC", "8S 7S 8H 7H 8D 7D 8C 7C");
    cr_assert_eq(d.carte_blanche, PQ_ELDER);
    cr_assert_eq(d.score[PQ_ELDER], 10);
}

Test(rules, r3_a_single_jack_spoils_a_carte_blanche)
{
    struct pq_deal d;
    sr_start(&d, NULL, "AS AH AD AC TS TH TD TC 9S 9H 9D JC",
             "KS QS JS KH QH JH KD QD JD KC QC 9C", "8S 7S 8H 7H 8D 7D 8C 7C");
    cr_assert_eq(d.carte_blanche, -1);
    cr_assert_eq(d.score[PQ_ELDER], 0);
    cr_assert_eq(d.score[PQ_YOUNGER], 0);
    cr_assert_eq(d.phase, PQ_PHASE_DISCARD);
}

/* ---- R5: the deal convention ------------------------------------------- */

Test(rules, r5_elder_holds_deck_0_to_11_younger_12_to_23_talon_top_first)
{
    struct pq_deal d;
    sr_start(&d, NULL, SR_A_ELDER, SR_A_YOUNGER, SR_A_TALON);
    cr_assert_eq(d.dealt[PQ_ELDER], sr_cards(SR_A_ELDER));
    cr_assert_eq(d.dealt[PQ_YOUNGER], sr_cards(SR_A_YOUNGER));
    cr_assert_eq(d.hand[PQ_ELDER], sr_cards(SR_A_ELDER));
    cr_assert_eq(d.to_act, PQ_ELDER);
    sr_do(&d, "discard JH QH KH");            /* k = 3: talon cards 1..3 */
    cr_assert_eq(d.drawn[PQ_ELDER], sr_cards("AC KC QC"));
    sr_do(&d, "discard 7D 8D");               /* m = 2: talon cards 4..5 */
    cr_assert_eq(d.drawn[PQ_YOUNGER], sr_cards("JC TC"));
    cr_assert_eq(d.untaken, sr_cards("9C 8C 7C"));
    cr_assert_eq(pq_mask_count(d.hand[PQ_ELDER]), 12);
    cr_assert_eq(pq_mask_count(d.hand[PQ_YOUNGER]), 12);
}

/* ---- R6-R8: carte blanche ---------------------------------------------- */

Test(rules, r6_carte_blanche_scores_10_at_once_to_elder)
{
    struct pq_deal d;
    sr_start(&d, NULL, SR_CB_BLANK, SR_CB_COURTS, SR_CB_TALON);
    cr_assert_eq(d.carte_blanche, PQ_ELDER);
    cr_assert_eq(d.score[PQ_ELDER], 10);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_CARTE_BLANCHE], 10);
    cr_assert_eq(d.score[PQ_YOUNGER], 0);
    cr_assert_eq(d.n_events, 1);
    cr_assert_eq(d.events[0].seat, PQ_ELDER);
    cr_assert_eq(d.events[0].category, PQ_CAT_CARTE_BLANCHE);
    cr_assert_eq(d.events[0].points, 10);
}

Test(rules, r6_carte_blanche_scores_10_at_once_to_younger)
{
    struct pq_deal d;
    sr_start(&d, NULL, SR_CB_COURTS, SR_CB_BLANK, SR_CB_TALON);
    cr_assert_eq(d.carte_blanche, PQ_YOUNGER);
    cr_assert_eq(d.score[PQ_YOUNGER], 10);
    cr_assert_eq(d.cat[PQ_YOUNGER][PQ_CAT_CARTE_BLANCHE], 10);
    cr_assert_eq(d.score[PQ_ELDER], 0);
}

Test(rules, r6_at_most_one_player_can_hold_a_carte_blanche)
{
    /* 32 cards less 12 courts leave 20: two blank hands would need 24. */
    cr_assert_eq(pq_mask_count(~PQ_COURTS), 20);
    cr_assert_lt(pq_mask_count(~PQ_COURTS), 2 * 12);
    struct pq_deal d;
    sr_start(&d, NULL, SR_CB_BLANK, "9S 8S 7S 9C 8C 7C KS QS JS KH QH JH", "KD QD JD KC QC JC TS AS");
    cr_assert_eq(d.carte_blanche, PQ_ELDER, "the other eight non-courts cannot make a blank hand");
    cr_assert_eq(d.score[PQ_YOUNGER], 0);
}

Test(rules, r6_carte_blanche_is_judged_on_the_hand_as_dealt)
{
    struct pq_deal d;
    /* Elder's blank hand draws JD and JC: still his carte blanche. */
    sr_start(&d, NULL, SR_CB_BLANK, SR_CB_COURTS, SR_CB_TALON);
    sr_do_list(&d, (const char *const[]){ "announce 3", "discard JH", "discard 7D 8D 9D", NULL });
    cr_assert_eq(d.hand[PQ_ELDER] & sr_cards("JD JC"), sr_cards("JD JC"));
    cr_assert_eq(d.carte_blanche, PQ_ELDER);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_CARTE_BLANCHE], 10);
    /* A hand dealt with one jack that throws it out is no carte blanche. */
    sr_start(&d, NULL, "AS AH AD AC TS TH TD TC 9S 9H 9D JC",
             "KS QS JS KH QH JH KD QD JD KC QC 9C", "8S 7S 8H 7H 8D 7D 8C 7C");
    sr_do(&d, "discard JC");
    cr_assert_eq(d.hand[PQ_ELDER] & PQ_COURTS, 0);
    cr_assert_eq(d.carte_blanche, -1);
    cr_assert_eq(d.score[PQ_ELDER], 0);
}

Test(rules, r7a_elder_with_carte_blanche_must_announce_before_discarding)
{
    struct pq_deal d;
    struct pq_view v;
    sr_start(&d, NULL, SR_CB_BLANK, SR_CB_COURTS, SR_CB_TALON);
    cr_assert_eq(d.phase, PQ_PHASE_ANNOUNCE);
    cr_assert_eq(pq_deal_to_act(&d), PQ_ELDER);
    sr_refuse(&d, "discard 7D 8D 9D", "announce");
    sr_refuse(&d, "announce 0", NULL);
    sr_refuse(&d, "announce 6", NULL);
    sr_do(&d, "announce 3");
    cr_assert_eq(d.announced, 3);
    cr_assert_eq(d.phase, PQ_PHASE_DISCARD);
    cr_assert_eq(pq_deal_to_act(&d), PQ_YOUNGER);
    view(&d, PQ_YOUNGER, &v);   /* k is public (R7a) */
    cr_assert_eq(v.announced, 3);
    cr_assert_eq(v.carte_blanche, PQ_ELDER);
}

Test(rules, r7_announce_is_refused_unless_elder_holds_carte_blanche)
{
    struct pq_deal d;
    sr_start(&d, NULL, SR_A_ELDER, SR_A_YOUNGER, SR_A_TALON);
    sr_refuse(&d, "announce 2", "discard");
    sr_start(&d, NULL, SR_CB_COURTS, SR_CB_BLANK, SR_CB_TALON);   /* younger's carte blanche */
    sr_refuse(&d, "announce 2", "discard");
}

Test(rules, r7b_younger_discards_1_to_8_minus_k_before_elder_exchanges)
{
    struct pq_deal d;
    sr_start(&d, NULL, SR_CB_BLANK, SR_CB_COURTS, SR_CB_TALON);
    sr_do(&d, "announce 3");
    sr_refuse(&d, "discard", "(R9, R10)");                              /* m = 0 */
    sr_refuse(&d, "discard JH KH QH KD QD KC", "(R9, R10)");            /* 6 > 8 - 3 */
    sr_refuse(&d, "discard AH", "not in the hand");
    sr_do(&d, "discard JH KH QH KD QD");                                /* 5 = 8 - 3 */
    cr_assert_eq(d.m, 5);
    cr_assert_eq(d.drawn[PQ_YOUNGER], 0, "younger draws after elder (R7e)");
    cr_assert_eq(pq_mask_count(d.hand[PQ_YOUNGER]), 7);
    cr_assert_eq(pq_deal_to_act(&d), PQ_ELDER);
}

Test(rules, r7c_elder_carte_blanche_shown_to_younger_only_after_younger_discards)
{
    struct pq_deal d;
    struct pq_view ve, vy;
    sr_start(&d, NULL, SR_CB_BLANK, SR_CB_COURTS, SR_CB_TALON);
    view(&d, PQ_YOUNGER, &vy);
    cr_assert_eq(vy.carte_blanche, PQ_ELDER);
    cr_assert_eq(vy.opponent_shown, 0);
    cr_assert_eq(vy.score[PQ_ELDER], 10);
    sr_do(&d, "announce 3");
    view(&d, PQ_YOUNGER, &vy);
    cr_assert_eq(vy.opponent_shown, 0, "younger discards without seeing elder's hand (R7b)");
    cr_assert_eq(pq_view_cards(&vy) & d.dealt[PQ_ELDER], 0);
    sr_do(&d, "discard JH");
    view(&d, PQ_YOUNGER, &vy);
    view(&d, PQ_ELDER, &ve);
    cr_assert_eq(vy.opponent_shown, sr_cards(SR_CB_BLANK));
    cr_assert_eq(ve.opponent_shown, 0);
    cr_assert_eq(pq_view_cards(&ve) & d.dealt[PQ_YOUNGER], 0);
    sr_do(&d, "discard 7D 8D 9D");
    view(&d, PQ_YOUNGER, &vy);
    view(&d, PQ_ELDER, &ve);
    cr_assert_eq(vy.opponent_shown, sr_cards(SR_CB_BLANK), "the dealt hand, not what elder drew");
    cr_assert_eq(pq_view_cards(&vy) & d.drawn[PQ_ELDER], 0);
    cr_assert_eq(ve.opponent_shown, 0);
}

Test(rules, r7d_elder_carte_blanche_discards_exactly_k)
{
    struct pq_deal d;
    struct pq_view ve;
    sr_start(&d, NULL, SR_CB_BLANK, SR_CB_COURTS, SR_CB_TALON);
    sr_do_list(&d, (const char *const[]){ "announce 3", "discard JH", NULL });
    sr_refuse(&d, "discard 7D 8D", "elder must discard 3 cards, not 2");
    sr_refuse(&d, "discard 7D 8D 9D TD", "elder must discard 3 cards, not 4");
    sr_do(&d, "discard 7D 8D 9D");
    cr_assert_eq(d.k, 3);
    cr_assert_eq(d.drawn[PQ_ELDER], sr_cards("7C JD JC"));   /* talon 1..3 */
    cr_assert_eq(d.peek, sr_cards("9S 8S"));                 /* talon 4..5 */
    view(&d, PQ_ELDER, &ve);
    cr_assert_eq(ve.peek, sr_cards("9S 8S"));
    cr_assert_eq(ve.discards, sr_cards("7D 8D 9D"));
}

Test(rules, r7e_younger_takes_talon_cards_k_plus_1_to_k_plus_m)
{
    struct pq_deal d;
    /* k = 3, m = 1: younger takes card 4 (9S); cards 5..8 stay. */
    sr_start(&d, NULL, SR_CB_BLANK, SR_CB_COURTS, SR_CB_TALON);
    sr_do_list(&d, (const char *const[]){ "announce 3", "discard JH", "discard 7D 8D 9D", NULL });
    cr_assert_eq(d.drawn[PQ_YOUNGER], sr_cards("9S"));
    cr_assert_eq(d.untaken, sr_cards("8S 9C 8C 7S"));
    cr_assert_eq(pq_mask_count(d.hand[PQ_ELDER]), 12);
    cr_assert_eq(pq_mask_count(d.hand[PQ_YOUNGER]), 12);
    cr_assert_eq(d.phase, PQ_PHASE_CALL);
    /* k = 2, m = 3: elder 7C JD, younger JC 9S 8S, cards 6..8 stay. */
    sr_start(&d, NULL, SR_CB_BLANK, SR_CB_COURTS, SR_CB_TALON);
    sr_do_list(&d, (const char *const[]){ "announce 2", "discard JH QH KH", "discard 7D 8D", NULL });
    cr_assert_eq(d.drawn[PQ_ELDER], sr_cards("7C JD"));
    cr_assert_eq(d.drawn[PQ_YOUNGER], sr_cards("JC 9S 8S"));
    cr_assert_eq(d.untaken, sr_cards("9C 8C 7S"));
}

Test(rules, r8_younger_carte_blanche_elder_exchanges_then_sees_it_then_younger)
{
    struct pq_deal d;
    struct pq_view ve, vy;
    sr_start(&d, NULL, SR_CB_COURTS, SR_CB_BLANK, SR_CB_TALON);
    cr_assert_eq(d.phase, PQ_PHASE_DISCARD, "no announce: elder exchanges normally");
    cr_assert_eq(pq_deal_to_act(&d), PQ_ELDER);
    view(&d, PQ_ELDER, &ve);
    cr_assert_eq(ve.carte_blanche, PQ_YOUNGER, "announced at once");
    cr_assert_eq(ve.score[PQ_YOUNGER], 10);
    cr_assert_eq(ve.opponent_shown, 0);
    cr_assert_eq(pq_view_cards(&ve) & d.dealt[PQ_YOUNGER], 0);
    sr_do(&d, "discard JH");
    view(&d, PQ_ELDER, &ve);
    view(&d, PQ_YOUNGER, &vy);
    cr_assert_eq(ve.opponent_shown, sr_cards(SR_CB_BLANK));
    cr_assert_eq(vy.opponent_shown, 0);
    cr_assert_eq(pq_deal_to_act(&d), PQ_YOUNGER);
    sr_refuse(&d, "discard AH TH 9H 8H 7H AD TD 9D", "(R9, R10)");   /* 8 > 8 - 1 */
    sr_do(&d, "discard 7D");
    cr_assert_eq(d.drawn[PQ_YOUNGER], sr_cards("JD"));   /* talon card 2 */
    view(&d, PQ_ELDER, &ve);
    view(&d, PQ_YOUNGER, &vy);
    cr_assert_eq(ve.opponent_shown, sr_cards(SR_CB_BLANK));
    cr_assert_eq(ve.peek, sr_cards("JD JC 9S 8S"), "elder looked at JD under R9, not through the showing");
    cr_assert_eq(vy.opponent_shown, 0);
    cr_assert_eq(d.phase, PQ_PHASE_CALL);
}

/* ---- R9-R11: the exchange ---------------------------------------------- */

Test(rules, r9_elder_discards_1_to_5_and_takes_as_many_from_the_top)
{
    static const char *const discards[] = {
        "discard JH", "discard JH QH", "discard JH QH KH", "discard JH QH KH AH", "discard JH QH KH AH 7S"
    };
    for (int k = 1; k <= 5; k++) {
        struct pq_deal d;
        struct pq_view ve, vy;
        sr_start(&d, NULL, SR_A_ELDER, SR_A_YOUNGER, SR_A_TALON);
        sr_do(&d, discards[k - 1]);
        cr_assert_eq(d.k, k);
        cr_assert_eq(d.drawn[PQ_ELDER], sr_talon(&d, 0, k), "k = %d", k);
        cr_assert_eq(pq_mask_count(d.hand[PQ_ELDER]), 12);
        view(&d, PQ_ELDER, &ve);
        view(&d, PQ_YOUNGER, &vy);
        cr_assert_eq(ve.peek, sr_talon(&d, k, 5 - k), "k = %d: he may look at cards k+1..5", k);
        cr_assert_eq(vy.peek, 0);
        cr_assert_eq(vy.k, k, "k is public");
        cr_assert_eq(pq_view_cards(&vy) & (d.discards[PQ_ELDER] | d.peek | d.drawn[PQ_ELDER]), 0);
    }
}

Test(rules, r9_elder_discarding_0_or_6_cards_is_refused_and_changes_nothing)
{
    struct pq_deal d;
    sr_start(&d, NULL, SR_A_ELDER, SR_A_YOUNGER, SR_A_TALON);
    sr_refuse(&d, "discard", "elder must discard 1 to 5 cards, not 0");
    sr_refuse(&d, "discard JH QH KH AH 7S 8S", "elder must discard 1 to 5 cards, not 6");
    sr_refuse(&d, "discard AD", "not in the hand");
    sr_refuse(&d, "play AS", "discard");
    sr_refuse(&d, "declare point AS", "discard");
    cr_assert_eq(d.phase, PQ_PHASE_DISCARD);
}

Test(rules, r10_younger_discards_1_to_8_minus_k)
{
    struct pq_deal d;
    struct pq_view ve;
    sr_start(&d, NULL, SR_A_ELDER, SR_A_YOUNGER, SR_A_TALON);
    sr_do(&d, "discard JH QH KH");                                    /* k = 3 */
    sr_refuse(&d, "discard", "younger must discard 1 to 5 cards, not 0");   /* Law 22 */
    sr_refuse(&d, "discard 7D 8D 9D TD JD QD", "younger must discard 1 to 5 cards, not 6");
    sr_do(&d, "discard 7D 8D 9D TD JD");
    cr_assert_eq(d.m, 5);
    cr_assert_eq(d.drawn[PQ_YOUNGER], sr_cards("JC TC 9C 8C 7C"));  /* talon 4..8 */
    cr_assert_eq(d.untaken, 0);
    view(&d, PQ_ELDER, &ve);
    cr_assert_eq(ve.m, 5, "m is public");
    cr_assert_eq(ve.untaken_count, 0);
    cr_assert_eq(pq_view_cards(&ve) & d.discards[PQ_YOUNGER], 0);

    sr_start(&d, NULL, SR_A_ELDER, SR_A_YOUNGER, SR_A_TALON);
    sr_do(&d, "discard JH QH KH AH 7S");                              /* k = 5 */
    sr_refuse(&d, "discard 7D 8D 9D TD", "younger must discard 1 to 3 cards, not 4");
    sr_do(&d, "discard 7D 8D 9D");
    cr_assert_eq(d.drawn[PQ_YOUNGER], sr_cards("9C 8C 7C"));
}

Test(rules, r11_own_discards_visible_the_opponents_never)
{
    struct pq_deal d;
    struct pq_view ve, vy;
    sr_start(&d, NULL, SR_A_ELDER, SR_A_YOUNGER, SR_A_TALON);
    sr_do_list(&d, (const char *const[]){ "discard JH QH", "discard 7D 8D 9D", NULL });
    for (int step = 0; step < 2; step++) {
        view(&d, PQ_ELDER, &ve);
        view(&d, PQ_YOUNGER, &vy);
        cr_assert_eq(ve.discards, sr_cards("JH QH"));
        cr_assert_eq(vy.discards, sr_cards("7D 8D 9D"));
        cr_assert_eq(pq_view_cards(&ve) & sr_cards("7D 8D 9D"), 0);
        cr_assert_eq(pq_view_cards(&vy) & sr_cards("JH QH"), 0);
        sr_finish(&d);   /* and still so when the deal is over */
    }
}

/* ---- R12: look / not look ---------------------------------------------- */

static void deck_a_to_first_lead(struct pq_deal *d)
{
    /* k = 1 (AC), m = 1 (KC): six cards untaken, QC JC TC 9C 8C 7C; elder
     * looked at KC QC JC TC (R9). Nobody declares. */
    sr_start(d, NULL, SR_A_ELDER, SR_A_YOUNGER, SR_A_TALON);
    sr_do_list(d, (const char *const[]){ "discard JH", "discard 7D",
        "pass", "pass", "pass", "pass", "pass", "pass", NULL });
}

Test(rules, r12_look_election_comes_right_after_elders_first_lead)
{
    struct pq_deal d;
    struct pq_view ve, vy;
    deck_a_to_first_lead(&d);
    cr_assert_eq(d.untaken, sr_cards("QC JC TC 9C 8C 7C"));
    sr_refuse(&d, "look", "play");
    sr_do(&d, "play AS");
    cr_assert_eq(d.phase, PQ_PHASE_LOOK);
    cr_assert_eq(pq_deal_to_act(&d), PQ_YOUNGER);
    sr_refuse(&d, "play 8D", "look");
    sr_do(&d, "look");
    cr_assert_eq(d.look, 1);
    view(&d, PQ_ELDER, &ve);
    view(&d, PQ_YOUNGER, &vy);
    cr_assert_eq(ve.untaken, sr_cards("QC JC TC 9C 8C 7C"), "look: both see them");
    cr_assert_eq(vy.untaken, sr_cards("QC JC TC 9C 8C 7C"));
    sr_do_list(&d, (const char *const[]){ "play 8D", "play KS", NULL });
    sr_refuse(&d, "look", "play");     /* once, at trick 1 only */
    sr_refuse(&d, "nolook", "play");
}

Test(rules, r12_nolook_shows_the_untaken_cards_to_neither)
{
    struct pq_deal d;
    struct pq_view ve, vy;
    deck_a_to_first_lead(&d);
    sr_do_list(&d, (const char *const[]){ "play AS", "nolook", NULL });
    cr_assert_eq(d.look, 0);
    cr_assert_eq(d.phase, PQ_PHASE_PLAY);
    view(&d, PQ_ELDER, &ve);
    view(&d, PQ_YOUNGER, &vy);
    cr_assert_eq(ve.untaken, 0);
    cr_assert_eq(vy.untaken, 0);
    cr_assert_eq(ve.untaken_count, 6);
    /* Elder still knows the ones he looked at under R9, not the others. */
    cr_assert_eq(ve.peek, sr_cards("KC QC JC TC"));
    cr_assert_eq(pq_view_cards(&ve) & sr_cards("9C 8C 7C"), 0);
    cr_assert_eq(pq_view_cards(&vy) & sr_cards("QC JC TC 9C 8C 7C"), 0);
}

Test(rules, r12_no_election_when_no_card_is_left)
{
    struct pq_deal d;
    sr_start(&d, NULL, SR_A_ELDER, SR_A_YOUNGER, SR_A_TALON);
    /* k = 5, m = 3: the talon is used up. */
    sr_do_list(&d, (const char *const[]){ "discard JH QH KH 7S 8S", "discard 7D 8D 9D",
        "pass", "pass", "pass", "pass", "pass", "pass", "play AS", NULL });
    cr_assert_eq(d.untaken, 0);
    cr_assert_eq(d.phase, PQ_PHASE_PLAY);
    cr_assert_eq(pq_deal_to_act(&d), PQ_YOUNGER);
    sr_refuse(&d, "look", "play");
    sr_refuse(&d, "nolook", "play");
}

Test(rules, r11_cards_played_and_scores_are_public_hands_never)
{
    struct pq_deal d;
    struct pq_view ve, vy;
    sr_play_script(&d, NULL, &sr_capot);
    sr_do_list(&d, (const char *const[]){ "play AS", "nolook", "play 8D", "play AH", "play 7H", NULL });
    view(&d, PQ_ELDER, &ve);
    view(&d, PQ_YOUNGER, &vy);
    cr_assert_eq(vy.opponent_played, sr_cards("AS AH"));
    cr_assert_eq(ve.opponent_played, sr_cards("8D 7H"));
    cr_assert_eq(ve.trick_cards[0][0], pq_card_parse("AS"));
    cr_assert_eq(vy.trick_cards[1][1], pq_card_parse("7H"));
    cr_assert_eq(vy.score[PQ_ELDER], d.score[PQ_ELDER]);
    cr_assert_eq(ve.score[PQ_YOUNGER], d.score[PQ_YOUNGER]);
    cr_assert_eq(ve.opponent_hand_count, 10);
    /* Elder's scored point and huitieme are public; his KH QH AC are not. */
    cr_assert_eq(pq_view_cards(&vy) & sr_cards("KH QH"), 0);
    /* KC is in younger's hand, but elder looked at it under R9. */
    cr_assert_eq(pq_view_cards(&ve) & d.hand[PQ_YOUNGER], sr_cards("KC"));
}

/* test_rules_declare.c - docs/rules-piquet.md R13-R19: point, sequence and set, sinking
 * and what a call reveals, the dialogue (good, not good, equal, Law 46),
 * extras and Law 49, and when each side's declarations score. Also the
 * variant flags point_min_len 4 and law49 off (section 8).
 * Hands are written out per test; expected values are worked out by hand
 * in the comments from docs/rules-piquet.md, never read back from the engine.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "tests/support_rules.h"

/* Equal deck: after "discard 9H" (7H in), "discard TS" (8S in) elder holds
 * AS KS QS JS, TH 7H, AD 9D 8D 7D, KC AC; younger AH KH QH JH, KD QD JD,
 * 9C 8C 7C, 9S 8S. Points AKQJ 41 pips each; quarts majors each. */
#define EQ_ELDER   "AS KS QS JS 9D 8D 7D TH 9H AD AC KC"
#define EQ_YOUNGER "AH KH QH JH 9C 8C 7C KD QD JD TS 9S"
#define EQ_TALON   "7H 8S 7S 8H TD QC JC TC"

static void deck_a_exchanged(struct pq_deal *d, const struct pq_rules *rules)
{
    sr_start(d, rules, SR_A_ELDER, SR_A_YOUNGER, SR_A_TALON);
    sr_do_list(d, (const char *const[]){ "discard JH", "discard 7D", NULL });
}

/* ---- R13: the point ------------------------------------------------------ */

Test(rules, r13_point_scores_its_length)
{
    struct pq_deal d;
    deck_a_exchanged(&d, NULL);
    /* Eight spades against seven diamonds: longer wins, scores 8. */
    sr_do_list(&d, (const char *const[]){
        "declare point 7S 8S 9S TS JS QS KS AS", "declare point 8D 9D TD JD QD KD AD", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_POINT].outcome, PQ_OUTCOME_GOOD);
    cr_assert_eq(d.classes[PQ_CLASS_POINT].points, 8);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_POINT], 8);
    cr_assert_eq(d.score[PQ_ELDER], 8);
}

Test(rules, r13_a_point_of_one_card_may_be_declared)
{
    struct pq_deal d;
    deck_a_exchanged(&d, NULL);
    sr_do_list(&d, (const char *const[]){ "declare point 7S", "pass", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_POINT].outcome, PQ_OUTCOME_GOOD);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_POINT], 1);
}

Test(rules, r13_one_point_per_player_no_extras_in_the_point)
{
    struct pq_deal d;
    deck_a_exchanged(&d, NULL);
    sr_do_list(&d, (const char *const[]){ "declare point 7S 8S 9S TS JS QS KS AS", "pass", NULL });
    cr_assert_eq(d.phase, PQ_PHASE_CALL, "straight on to the sequence call");
    cr_assert_eq(d.cls, PQ_CLASS_SEQUENCE);
    sr_refuse(&d, "declare point AH KH QH", "the sequence class is being declared");
}

/* ---- R14: sequences ------------------------------------------------------ */

Test(rules, r14_sequence_scores_3_4_15_16_17_18)
{
    static const int scores[9] = { 0, 0, 0, 3, 4, 15, 16, 17, 18 };
    for (int len = 3; len <= 8; len++) {
        pq_mask run = (((pq_mask)1 << len) - 1) << PQ_CARD(PQ_HEARTS, 8 - len);   /* to the ace */
        cr_assert(pq_combo_is(PQ_CLASS_SEQUENCE, run, 1), "length %d", len);
        cr_assert_eq(pq_combo_score(PQ_CLASS_SEQUENCE, run), scores[len], "length %d", len);
    }
    /* In a deal: the huitieme scores 18. */
    struct pq_deal d;
    deck_a_exchanged(&d, NULL);
    sr_do_list(&d, (const char *const[]){ "pass", "pass",
        "declare sequence 7S 8S 9S TS JS QS KS AS", "pass", "pass", NULL });
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_SEQUENCE], 18);
}

Test(rules, r14_ace_is_high_and_runs_do_not_wrap)
{
    struct pq_deal d;
    deck_a_exchanged(&d, NULL);
    sr_do_list(&d, (const char *const[]){ "pass", "pass", NULL });
    sr_refuse(&d, "declare sequence KS AS 7S", "not a sequence");
    sr_refuse(&d, "declare sequence 8S 9S JS", "not a sequence");
    sr_refuse(&d, "declare sequence 7S 8S", "not a sequence");
    sr_refuse(&d, "declare sequence QS KS AS AC", "not a sequence");
    sr_do(&d, "declare sequence QS KS AS");
}

Test(rules, r14_same_length_the_higher_top_card_wins)
{
    struct pq_deal d;
    deck_a_exchanged(&d, NULL);
    /* Septieme to the king (sunk from the huitieme) against septieme to the
     * ace: younger's, 17. */
    sr_do_list(&d, (const char *const[]){ "pass", "pass",
        "declare sequence 7S 8S 9S TS JS QS KS", "declare sequence 8D 9D TD JD QD KD AD", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_SEQUENCE].outcome, PQ_OUTCOME_NOT_GOOD);
    cr_assert_eq(d.classes[PQ_CLASS_SEQUENCE].points, 17);
    cr_assert_eq(d.declared[PQ_YOUNGER][PQ_CAT_SEQUENCE], 17);
}

Test(rules, r14_one_suit_may_hold_two_disjoint_sequences)
{
    struct pq_deal d;
    deck_a_exchanged(&d, NULL);
    /* Quart major AKQJ of spades, then the tierce 987 of the same suit:
     * 4 + 3 = 7. */
    sr_do_list(&d, (const char *const[]){ "pass", "pass",
        "declare sequence JS QS KS AS", "pass", "declare sequence 7S 8S 9S", "pass", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_SEQUENCE].n_extras, 1);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_SEQUENCE], 7);
    struct pq_view vy;
    pq_view_build(&d, PQ_YOUNGER, &vy);
    cr_assert_eq(vy.classes[PQ_CLASS_SEQUENCE].extras, sr_cards("7S 8S 9S"), "extras are public");
    cr_assert_eq(vy.opponent_shown, sr_cards("7S 8S 9S JS QS KS AS"));
}

/* ---- R15: sets ----------------------------------------------------------- */

Test(rules, r15_trio_scores_3_quatorze_14_nines_are_no_set)
{
    cr_assert_eq(pq_combo_score(PQ_CLASS_SET, sr_cards("TS TH TD")), 3);
    cr_assert_eq(pq_combo_score(PQ_CLASS_SET, sr_cards("TS TH TD TC")), 14);
    cr_assert(pq_combo_is(PQ_CLASS_SET, sr_cards("TS TH TD"), 1));
    cr_assert(!pq_combo_is(PQ_CLASS_SET, sr_cards("9S 9H 9D"), 1));
    cr_assert(!pq_combo_is(PQ_CLASS_SET, sr_cards("9S 9H 9D 9C"), 1));
    cr_assert(!pq_combo_is(PQ_CLASS_SET, sr_cards("AS AH"), 1));
    cr_assert(!pq_combo_is(PQ_CLASS_SET, sr_cards("AS AH KD"), 1));
}


/* Younger's carte blanche deck: after "discard JH" (7C in), "discard 7D"
 * (JD in) elder holds AS KS QS JS TS, KH QH KD QD KC QC, 7C: quint major,
 * quatorzes of kings and queens; younger AH TH 9H 8H 7H, AD JD TD 9D 8D,
 * AC TC: trios of aces and tens. */
static void cb_younger_to_sets(struct pq_deal *d)
{
    sr_start(d, NULL, SR_CB_COURTS, SR_CB_BLANK, SR_CB_TALON);
    /* Point: AKQJT 51 pips beats AJT98 of diamonds 48; the quint stands. */
    sr_do_list(d, (const char *const[]){ "discard JH", "discard 7D",
        "declare point TS JS QS KS AS", "declare point 8D 9D TD JD AD",
        "declare sequence TS JS QS KS AS", "pass", "pass", NULL });
    cr_assert_eq(d->cls, PQ_CLASS_SET);
}

Test(rules, r15_quatorze_beats_any_trio)
{
    struct pq_deal d;
    cb_younger_to_sets(&d);
    sr_do_list(&d, (const char *const[]){ "declare set KS KH KD KC", "declare set AH AD AC", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_SET].outcome, PQ_OUTCOME_GOOD);
    cr_assert_eq(d.classes[PQ_CLASS_SET].points, 14);
}

Test(rules, r15_between_trios_the_higher_rank_wins)
{
    struct pq_deal d;
    cb_younger_to_sets(&d);
    /* Elder sinks his quatorze to a trio of kings; the trio of aces wins,
     * and younger adds his trio of tens: 3 + 3 = 6. */
    sr_do_list(&d, (const char *const[]){ "declare set KS KH KD", "declare set AH AD AC",
        "declare set TH TD TC", "pass", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_SET].outcome, PQ_OUTCOME_NOT_GOOD);
    cr_assert_eq(d.declared[PQ_YOUNGER][PQ_CAT_SET], 6);
}

Test(rules, r15_sets_never_tie)
{
    /* Two sets held by different players are disjoint; any two disjoint
     * sets have different keys (a rank has only four cards). */
    for (int r1 = PQ_RANK_T; r1 <= PQ_RANK_A; r1++)
        for (int r2 = PQ_RANK_T; r2 <= PQ_RANK_A; r2++)
            for (unsigned s1 = 0; s1 < 16; s1++)
                for (unsigned s2 = 0; s2 < 16; s2++) {
                    pq_mask a = 0, b = 0;
                    for (int suit = 0; suit < 4; suit++) {
                        if (s1 & (1u << suit)) a |= PQ_BIT(PQ_CARD(suit, r1));
                        if (s2 & (1u << suit)) b |= PQ_BIT(PQ_CARD(suit, r2));
                    }
                    if (!pq_combo_is(PQ_CLASS_SET, a, 1) || !pq_combo_is(PQ_CLASS_SET, b, 1) || (a & b))
                        continue;
                    cr_assert_neq(pq_combo_key(PQ_CLASS_SET, a), pq_combo_key(PQ_CLASS_SET, b));
                }
}

/* ---- R16: sinking and what a call reveals ------------------------------- */

Test(rules, r16_sinking_declares_fewer_cards_a_shorter_run_or_nothing)
{
    struct pq_deal d;
    deck_a_exchanged(&d, NULL);
    /* Five of his eight spades: younger's seven diamonds win. */
    sr_do_list(&d, (const char *const[]){ "declare point TS JS QS KS AS", "declare point 8D 9D TD JD QD KD AD", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_POINT].outcome, PQ_OUTCOME_NOT_GOOD);
    /* A run of three inside the huitieme; younger concedes. */
    sr_do_list(&d, (const char *const[]){ "declare sequence TS JS QS", "pass", "pass", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_SEQUENCE].outcome, PQ_OUTCOME_GOOD);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_SEQUENCE], 3);
    /* Nothing: elder holds a trio of aces and passes. */
    sr_do_list(&d, (const char *const[]){ "pass", "pass", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_SET].outcome, PQ_OUTCOME_NONE);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_SET], 0);
}

Test(rules, r16_only_cards_held_may_be_declared)
{
    struct pq_deal d;
    deck_a_exchanged(&d, NULL);
    sr_refuse(&d, "declare point AD", "not in the hand");
    sr_refuse(&d, "declare point JH", "not in the hand");      /* discarded */
    sr_refuse(&d, "declare point AS AH", "not a point");
    sr_refuse(&d, "declare sequence 7S 8S 9S", "the point class is being declared");
}

Test(rules, r16_combinations_of_one_class_must_be_disjoint)
{
    struct pq_deal d;
    deck_a_exchanged(&d, NULL);
    sr_do_list(&d, (const char *const[]){ "pass", "pass", "declare sequence JS QS KS AS", "pass", NULL });
    sr_refuse(&d, "declare sequence 9S TS JS", "reuse");
    sr_refuse(&d, "declare sequence JS QS KS AS", "reuse");
    sr_do(&d, "declare sequence 7S 8S 9S TS");   /* quart to the ten, disjoint: 4 + 4 */
    sr_do(&d, "pass");
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_SEQUENCE], 8);
}

Test(rules, r16_scored_and_equal_combinations_are_shown)
{
    struct pq_deal d;
    struct pq_view ve, vy;
    sr_start(&d, NULL, EQ_ELDER, EQ_YOUNGER, EQ_TALON);
    sr_do_list(&d, (const char *const[]){ "discard 9H", "discard TS",
        "declare point JS QS KS AS", "declare point JH QH KH AH", NULL });
    pq_view_build(&d, PQ_ELDER, &ve);
    pq_view_build(&d, PQ_YOUNGER, &vy);
    cr_assert_eq(ve.opponent_shown, sr_cards("JH QH KH AH"), "equal: both shown");
    cr_assert_eq(vy.opponent_shown, sr_cards("JS QS KS AS"));
    cr_assert_eq(ve.classes[PQ_CLASS_POINT].answer.known, 2);
    cr_assert_eq(vy.classes[PQ_CLASS_POINT].call.known, 2);
    sr_do_list(&d, (const char *const[]){ "pass", "pass", "declare set AS AD AC", "pass", "pass", NULL });
    pq_view_build(&d, PQ_YOUNGER, &vy);
    cr_assert_eq(vy.opponent_shown, sr_cards("JS QS KS AS AD AC"), "the scored trio too");
}

Test(rules, r16_a_beaten_call_reveals_only_its_length)
{
    struct pq_deal d;
    struct pq_view vy;
    deck_a_exchanged(&d, NULL);
    sr_do_list(&d, (const char *const[]){ "declare point TS JS QS KS AS", "declare point 8D 9D TD JD QD KD AD", NULL });
    pq_view_build(&d, PQ_YOUNGER, &vy);
    const struct pq_view_declaration *call = &vy.classes[PQ_CLASS_POINT].call;
    cr_assert_eq(call->known, 1);
    cr_assert_eq(call->length, 5);
    cr_assert_eq(call->pips, 0, "lengths differ: pips stay unknown");
    cr_assert_eq(call->cards, 0);
    cr_assert_eq(vy.opponent_shown, 0);
    cr_assert_eq(pq_view_cards(&vy) & d.hand[PQ_ELDER], 0);
    /* Younger's winning point scores, so its cards are public. */
    struct pq_view ve;
    pq_view_build(&d, PQ_ELDER, &ve);
    cr_assert_eq(ve.classes[PQ_CLASS_POINT].answer.known, 2);
    cr_assert_eq(ve.classes[PQ_CLASS_POINT].answer.cards, sr_cards("8D 9D TD JD QD KD AD"));
    cr_assert_eq(ve.opponent_shown, sr_cards("8D 9D TD JD QD KD AD"));
}

Test(rules, r16_a_beaten_point_of_the_same_length_reveals_its_pips)
{
    struct pq_deal d;
    struct pq_view vy;
    deck_a_exchanged(&d, NULL);
    /* 7+9+10+10+10+10+11 = 67 against 68. */
    sr_do_list(&d, (const char *const[]){
        "declare point 7S 9S TS JS QS KS AS", "declare point 8D 9D TD JD QD KD AD", NULL });
    pq_view_build(&d, PQ_YOUNGER, &vy);
    const struct pq_view_declaration *call = &vy.classes[PQ_CLASS_POINT].call;
    cr_assert_eq(call->known, 1);
    cr_assert_eq(call->length, 7);
    cr_assert_eq(call->pips, 67);
    cr_assert_eq(call->cards, 0);
    cr_assert_eq(vy.opponent_shown, 0);
}

Test(rules, r16_a_beaten_sequence_of_the_same_length_reveals_its_top)
{
    struct pq_deal d;
    struct pq_view vy;
    deck_a_exchanged(&d, NULL);
    sr_do_list(&d, (const char *const[]){ "pass", "declare point 7H", NULL });
    sr_do_list(&d, (const char *const[]){
        "declare sequence 7S 8S 9S TS JS QS KS", "declare sequence 8D 9D TD JD QD KD AD", NULL });
    pq_view_build(&d, PQ_YOUNGER, &vy);
    const struct pq_view_declaration *call = &vy.classes[PQ_CLASS_SEQUENCE].call;
    cr_assert_eq(call->known, 1);
    cr_assert_eq(call->length, 7);
    cr_assert_eq(call->rank, PQ_RANK_K);
    cr_assert_eq(call->cards, 0);
    cr_assert_eq(vy.opponent_shown, 0);
}

/* Law 49 "not good" deck: after "discard 7S" (7C in), "discard 8S" (TC in)
 * elder holds 9S TS JS QS KS, AH KH QH JH TH, JC 7C; younger AS, 9H 8H 7H,
 * AD KD QD, AC KC QC TC 8C. JD TD 9D 8D 7D stay in the talon. */
#define L49B_ELDER   "KS QS JS TS AH KH QH JH TH JC 9S 7S"
#define L49B_YOUNGER "AS 8S 9H 8H 7H AD KD QD AC KC QC 8C"
#define L49B_TALON   "7C TC JD TD 9D 8D 7D 9C"

Test(rules, r16_a_beaten_set_call_reveals_its_count_and_rank)
{
    struct pq_deal d;
    struct pq_view vy;
    sr_start(&d, NULL, L49B_ELDER, L49B_YOUNGER, L49B_TALON);
    sr_do_list(&d, (const char *const[]){ "discard 7S", "discard 8S",
        "declare point TH JH QH KH AH", "pass",
        "declare sequence TS JS QS KS", "declare sequence QD KD AD", "pass",
        "declare set JS JH JC", "declare set AS AD AC", "pass", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_SET].outcome, PQ_OUTCOME_NOT_GOOD);
    pq_view_build(&d, PQ_YOUNGER, &vy);
    const struct pq_view_declaration *call = &vy.classes[PQ_CLASS_SET].call;
    cr_assert_eq(call->known, 1);
    cr_assert_eq(call->length, 3);
    cr_assert_eq(call->rank, PQ_RANK_J);
    cr_assert_eq(call->cards, 0);
    cr_assert_eq(pq_view_cards(&vy) & sr_cards("JC"), 0, "which jacks stays unknown");
}

Test(rules, r16_a_conceding_answer_reveals_nothing_not_even_a_pass)
{
    struct pq_deal conceded, passed;
    struct pq_view a, b;
    deck_a_exchanged(&conceded, NULL);
    deck_a_exchanged(&passed, NULL);
    sr_do_list(&conceded, (const char *const[]){
        "declare point 7S 8S 9S TS JS QS KS AS", "declare point 8D 9D TD JD QD KD AD", NULL });
    sr_do_list(&passed, (const char *const[]){ "declare point 7S 8S 9S TS JS QS KS AS", "pass", NULL });
    pq_view_build(&conceded, PQ_ELDER, &a);
    pq_view_build(&passed, PQ_ELDER, &b);
    cr_assert_eq(a.classes[PQ_CLASS_POINT].answer.known, 0);
    cr_assert_eq(a.opponent_shown, 0);
    cr_assert_eq(memcmp(&a, &b, sizeof a), 0, "elder's views must not differ");
}

/* ---- R17: the dialogue --------------------------------------------------- */

Test(rules, r17_a_better_call_or_a_pass_makes_the_call_good)
{
    struct pq_deal d;
    deck_a_exchanged(&d, NULL);
    sr_do_list(&d, (const char *const[]){
        "declare point 7S 8S 9S TS JS QS KS AS", "declare point 8D 9D TD JD QD KD AD", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_POINT].outcome, PQ_OUTCOME_GOOD);
    sr_do_list(&d, (const char *const[]){ "declare sequence 7S 8S 9S TS JS QS KS AS", "pass", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_SEQUENCE].outcome, PQ_OUTCOME_GOOD);
    cr_assert_eq(d.phase, PQ_PHASE_EXTRA);
    cr_assert_eq(pq_deal_to_act(&d), PQ_ELDER);
    /* 8 + 18 */
    cr_assert_eq(d.score[PQ_ELDER], 26);
}

Test(rules, r17_a_better_answer_is_not_good_and_younger_wins)
{
    struct pq_deal d;
    deck_a_exchanged(&d, NULL);
    sr_do_list(&d, (const char *const[]){ "pass", "declare point 7H", NULL });
    sr_do_list(&d, (const char *const[]){
        "declare sequence 7S 8S 9S", "declare sequence 8D 9D TD JD", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_SEQUENCE].outcome, PQ_OUTCOME_NOT_GOOD);
    cr_assert_eq(d.phase, PQ_PHASE_EXTRA);
    cr_assert_eq(pq_deal_to_act(&d), PQ_YOUNGER, "the class winner adds extras");
    cr_assert_eq(d.declared[PQ_YOUNGER][PQ_CAT_SEQUENCE], 4);
}

Test(rules, r17_equal_class_scores_nothing_not_even_lesser_combinations)
{
    struct pq_deal d;
    sr_start(&d, NULL, EQ_ELDER, EQ_YOUNGER, EQ_TALON);
    sr_do_list(&d, (const char *const[]){ "discard 9H", "discard TS",
        "declare point JS QS KS AS", "declare point JH QH KH AH", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_POINT].outcome, PQ_OUTCOME_EQUAL);
    sr_do_list(&d, (const char *const[]){ "declare sequence JS QS KS AS", "declare sequence JH QH KH AH", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_SEQUENCE].outcome, PQ_OUTCOME_EQUAL);
    /* No extras: elder's tierce 987 of diamonds and younger's KQJ of
     * diamonds and 987 of clubs score nothing; the set call is next. */
    cr_assert_eq(d.phase, PQ_PHASE_CALL);
    cr_assert_eq(d.cls, PQ_CLASS_SET);
    sr_refuse(&d, "declare sequence 7D 8D 9D", "the set class is being declared");
    /* The set class is decided as usual: trio of aces, 3. */
    sr_do_list(&d, (const char *const[]){ "declare set AS AD AC", "pass", "pass", NULL });
    cr_assert_eq(d.score[PQ_ELDER], 3);
    sr_do(&d, "play AS");
    cr_assert_eq(d.score[PQ_YOUNGER], 0, "nothing for younger after the lead either");
    for (int s = 0; s < PQ_SEATS; s++) {
        cr_assert_eq(d.declared[s][PQ_CAT_POINT], 0);
        cr_assert_eq(d.declared[s][PQ_CAT_SEQUENCE], 0);
    }
}

Test(rules, r1_suits_have_no_rank_equal_combinations_in_two_suits_tie)
{
    struct pq_deal d;
    sr_start(&d, NULL, EQ_ELDER, EQ_YOUNGER, EQ_TALON);
    sr_do_list(&d, (const char *const[]){ "discard 9H", "discard TS",
        "declare point JS QS KS AS", "declare point JH QH KH AH",
        "declare sequence JS QS KS AS", "declare sequence JH QH KH AH", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_POINT].outcome, PQ_OUTCOME_EQUAL, "spades do not beat hearts");
    cr_assert_eq(d.classes[PQ_CLASS_SEQUENCE].outcome, PQ_OUTCOME_EQUAL);
}

Test(rules, r17_law46_elder_passes_and_younger_wins_with_anything)
{
    struct pq_deal d;
    deck_a_exchanged(&d, NULL);
    /* Elder holds eight spades but passes: younger's single 7H wins, 1. */
    sr_do_list(&d, (const char *const[]){ "pass", "declare point 7H", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_POINT].outcome, PQ_OUTCOME_NOT_GOOD);
    cr_assert_eq(d.declared[PQ_YOUNGER][PQ_CAT_POINT], 1);
    /* Same for the sequence: a tierce against elder's unshown huitieme, then
     * younger's disjoint quart AKQJ as an extra: 3 + 4 = 7. */
    sr_do_list(&d, (const char *const[]){ "pass", "declare sequence 8D 9D TD",
        "declare sequence JD QD KD AD", "pass", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_SEQUENCE].outcome, PQ_OUTCOME_NOT_GOOD);
    cr_assert_eq(d.declared[PQ_YOUNGER][PQ_CAT_SEQUENCE], 7);
    cr_assert_eq(d.score[PQ_ELDER], 0);
}

Test(rules, r17_both_pass_nobody_scores_and_no_extras)
{
    struct pq_deal d;
    deck_a_exchanged(&d, NULL);
    sr_do_list(&d, (const char *const[]){ "pass", "pass", "pass", "pass", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_SEQUENCE].outcome, PQ_OUTCOME_NONE);
    cr_assert_eq(d.phase, PQ_PHASE_CALL);
    cr_assert_eq(d.cls, PQ_CLASS_SET);
    sr_do_list(&d, (const char *const[]){ "pass", "pass", NULL });
    cr_assert_eq(d.phase, PQ_PHASE_PLAY);
    cr_assert_eq(d.score[PQ_ELDER] + d.score[PQ_YOUNGER], 0);
}

/* ---- R18: extras and Law 49 ---------------------------------------------- */

/* Law 49 "good" deck: after "discard 7S" (7D in), "discard 8S" (TD in)
 * elder holds KS QS JS TS, AH KH QH JH TH, JD JC 7D; younger AS 9S,
 * 9H 8H 7H, AD KD QD TD, AC KC QC. Outside elder's hand and discard the
 * longest runs are quarts to the ten (clubs T987) and tierces: nothing
 * beats a quart to the king. */
#define L49A_ELDER   "KS QS JS TS AH KH QH JH TH JD JC 7S"
#define L49A_YOUNGER "AS 9S 8S 9H 8H 7H AD KD QD AC KC QC"
#define L49A_TALON   "7D TD 9D 8D TC 9C 8C 7C"

Test(rules, r18_law49_extra_above_a_call_good_against_the_cards_is_allowed)
{
    struct pq_deal d;
    sr_start(&d, NULL, L49A_ELDER, L49A_YOUNGER, L49A_TALON);
    sr_do_list(&d, (const char *const[]){ "discard 7S", "discard 8S",
        "declare point TH JH QH KH AH", "pass",                         /* 5 */
        "declare sequence TS JS QS KS", "declare sequence QD KD AD", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_SEQUENCE].outcome, PQ_OUTCOME_GOOD);
    cr_assert_eq(d.classes[PQ_CLASS_SEQUENCE].limited, 0);
    sr_do(&d, "declare sequence TH JH QH KH AH");   /* quint above the quart: 4 + 15 */
    sr_do(&d, "pass");
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_SEQUENCE], 19);
    /* Quatorze of jacks against a trio of aces, 14. I..IV: 5 + 19 + 14 =
     * 38 with younger at 0: repique, 38 + 60 = 98. */
    sr_do_list(&d, (const char *const[]){ "declare set JS JH JD JC", "declare set AS AD AC", "pass", NULL });
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_SET], 14);
    cr_assert_eq(d.repique, PQ_ELDER);
    cr_assert_eq(d.score[PQ_ELDER], 98);
}

Test(rules, r18_law49_extra_above_a_call_not_good_against_the_cards_is_refused)
{
    struct pq_deal d;
    sr_start(&d, NULL, L49B_ELDER, L49B_YOUNGER, L49B_TALON);
    /* Outside: AD KD QD (younger) and JD TD 9D 8D 7D (talon) make a
     * huitieme, which beats the quart to the king. */
    sr_do_list(&d, (const char *const[]){ "discard 7S", "discard 8S",
        "declare point TH JH QH KH AH", "pass",
        "declare sequence TS JS QS KS", "declare sequence QD KD AD", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_SEQUENCE].outcome, PQ_OUTCOME_GOOD);
    cr_assert_eq(d.classes[PQ_CLASS_SEQUENCE].limited, 1);
    sr_refuse(&d, "declare sequence TH JH QH KH AH", "Law 49");
    sr_refuse(&d, "declare sequence JH QH KH AH", "Law 49");   /* quart to the ace */
    sr_do(&d, "declare sequence TH JH QH KH");                 /* equal to the call: not above */
    sr_do(&d, "pass");
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_SEQUENCE], 8);         /* 4 + 4 */
}

Test(rules, r18_law49_an_equal_combination_outside_does_not_beat_the_call)
{
    struct pq_deal d;
    /* After "discard JC" (8D in), "discard 7S" (QC in): outside elder's
     * hand and discard, KD QD JD TD is a quart to the king, equal to the
     * call; everything else is shorter or lower. */
    sr_start(&d, NULL, "KS QS JS TS AH KH QH JH TH AD 9D JC",
             "AS 9S 8S 7S 9H 8H 7H KD QD JD AC KC", "8D QC TD 7D TC 9C 8C 7C");
    sr_do_list(&d, (const char *const[]){ "discard JC", "discard 7S",
        "declare point TH JH QH KH AH", "pass",
        "declare sequence TS JS QS KS", "declare sequence 7H 8H 9H", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_SEQUENCE].limited, 0);
    sr_do_list(&d, (const char *const[]){ "declare sequence TH JH QH KH AH", "pass", NULL });
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_SEQUENCE], 19);
}

Test(rules, r18_younger_extras_may_rank_above_his_answer)
{
    struct pq_deal d;
    /* After "discard 7S" (7C in), "discard QH" (KC in) younger holds the
     * septieme AS..8S, AH AD AC, KH KC: quatorze of aces, trio of kings. */
    sr_start(&d, NULL, "7S JH TH 9H 8H 7H KD QD JD TD 9D 8D",
             "AS KS QS JS TS 9S 8S AH AD AC KH QH", "7C KC QC JC TC 9C 8C 7D");
    sr_do_list(&d, (const char *const[]){ "discard 7S", "discard QH",
        "declare point 8D 9D TD JD QD KD", "declare point 8S 9S TS JS QS KS AS",
        "declare sequence 8D 9D TD JD QD KD", "declare sequence 8S 9S TS JS QS KS AS", "pass",
        "pass", "declare set KS KH KC", NULL });
    sr_do(&d, "declare set AS AH AD AC");   /* above the trio answered */
    sr_do(&d, "pass");
    cr_assert_eq(d.declared[PQ_YOUNGER][PQ_CAT_SET], 17);   /* 3 + 14 */
}

Test(rules, variant_law49_off_elders_extras_never_rank_above_the_call)
{
    struct pq_rules rules = sr_rules("law49", "false");
    struct pq_deal d;
    sr_start(&d, &rules, L49A_ELDER, L49A_YOUNGER, L49A_TALON);
    sr_do_list(&d, (const char *const[]){ "discard 7S", "discard 8S",
        "declare point TH JH QH KH AH", "pass",
        "declare sequence TS JS QS KS", "declare sequence QD KD AD", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_SEQUENCE].limited, 1, "good against the cards, but law49 is off");
    sr_refuse(&d, "declare sequence TH JH QH KH AH", "Law 49");
    sr_do_list(&d, (const char *const[]){ "declare sequence TH JH QH KH", "pass", NULL });
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_SEQUENCE], 8);
}

/* ---- R19: when declarations score ---------------------------------------- */

Test(rules, r19_elder_scores_at_once_younger_after_elders_first_lead)
{
    struct pq_deal d;
    struct pq_view vy;
    /* After "discard 7C" (8D in), "discard 9D" (9C in): elder AS..9S of
     * spades, quatorze of kings; younger AH QH JH TH 9H 8H 7H (65 pips). */
    sr_start(&d, NULL, "AS KS QS JS TS 9S KH KD KC 7D 8C 7C",
             "AH QH JH TH 9H 8H 7H AD QD JD TD 9D", "8D 9C AC QC JC TC 8S 7S");
    sr_do_list(&d, (const char *const[]){ "discard 7C", "discard 9D",
        "declare point 9S TS JS QS KS AS", "declare point 7H 8H 9H TH JH QH AH", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_POINT].outcome, PQ_OUTCOME_NOT_GOOD);
    cr_assert_eq(d.score[PQ_YOUNGER], 0, "younger's 7 waits for the lead");
    sr_do_list(&d, (const char *const[]){
        "declare sequence 9S TS JS QS KS AS", "declare sequence 7H 8H 9H TH JH QH", NULL });
    cr_assert_eq(d.score[PQ_ELDER], 16, "sixieme to the ace beats to the queen: scored at once");
    sr_do_list(&d, (const char *const[]){ "pass", "declare set KS KH KD KC", "pass", NULL });
    cr_assert_eq(d.score[PQ_ELDER], 30);   /* 16 + 14 */
    sr_do(&d, "pass");
    cr_assert_eq(d.phase, PQ_PHASE_PLAY);
    cr_assert_eq(d.score[PQ_YOUNGER], 0);
    pq_view_build(&d, PQ_YOUNGER, &vy);
    cr_assert_eq(vy.score[PQ_YOUNGER], 0);
    sr_do(&d, "play AS");
    cr_assert_eq(d.score[PQ_ELDER], 31);
    cr_assert_eq(d.score[PQ_YOUNGER], 7, "before younger plays to trick 1");
    cr_assert_eq(d.cat[PQ_YOUNGER][PQ_CAT_POINT], 7);
    cr_assert_eq(d.n_events, 4);
    cr_assert_eq(d.events[2].seat, PQ_ELDER);
    cr_assert_eq(d.events[2].category, PQ_CAT_PLAY);
    cr_assert_eq(d.events[3].seat, PQ_YOUNGER);
    cr_assert_eq(d.events[3].category, PQ_CAT_POINT);
    cr_assert_eq(d.events[3].points, 7);
}

/* ---- variant point_min_len 4 --------------------------------------------- */

static int count_short_points(const struct pq_deal *d, int *declares)
{
    int shorter = 0, n = pq_deal_legal_count(d);
    *declares = 0;
    for (int i = 0; i < n; i++) {
        struct pq_action a;
        pq_deal_legal_nth(d, i, &a);
        if (a.kind != PQ_ACT_DECLARE) continue;
        (*declares)++;
        if (pq_mask_count(a.cards) < 4) shorter++;
    }
    return shorter;
}

Test(rules, variant_point_min_len_4_refuses_shorter_points)
{
    struct pq_rules rules = sr_rules("point_min_len", "4");
    struct pq_deal d;
    int declares;
    deck_a_exchanged(&d, &rules);
    /* Elder: 8 spades, AH KH QH, AC. Points of 4+ cards: only spades,
     * C(8,4)+C(8,5)+C(8,6)+C(8,7)+C(8,8) = 70+56+28+8+1 = 163. */
    cr_assert_eq(count_short_points(&d, &declares), 0);
    cr_assert_eq(declares, 163);
    sr_refuse(&d, "declare point QS KS AS", "long enough");
    sr_refuse(&d, "declare point AC", "long enough");
    sr_do(&d, "declare point JS QS KS AS");
    sr_refuse(&d, "declare point 9H TH", "long enough");
    sr_do(&d, "pass");
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_POINT], 4);
}

Test(rules, variant_point_min_len_default_1_allows_every_point)
{
    struct pq_deal d;
    int declares;
    deck_a_exchanged(&d, NULL);
    /* 2^8 - 1 spade points + 2^3 - 1 hearts + 1 club = 263. */
    cr_assert_eq(count_short_points(&d, &declares), 263 - 163);
    cr_assert_eq(declares, 263);
}

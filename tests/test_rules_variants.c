/* test_rules_variants.c - the variant flags of docs/rules-piquet.md section 8 that
 * change play and bonuses: trick_scoring penguin / lead_only /
 * ten_for_last, younger_must_discard false and carte_rouge (point_min_len
 * and law49 are with the declarations in test_rules_declare.c,
 * partie_deals with the partie in test_rules_partie.c). Expected values
 * are worked out by hand in the comments, from docs/rules-piquet.md and the variant
 * definitions of docs/design.md.
 */
#include <criterion/criterion.h>
#include "engine/rng.h"
#include "tests/support_rules.h"

/* Carte rouge deck: after "discard 8C" (JD in), "discard JC" (AC in)
 * elder holds A K Q J of spades, hearts and diamonds; younger T 9 8 7 of
 * spades and hearts, 9D 8D 7D and AC (his JC keeps him from a carte
 * blanche). Elder wins every trick. */
#define CR_ELDER   "AS KS QS JS AH KH QH JH AD KD QD 8C"
#define CR_YOUNGER "TS 9S 8S 7S TH 9H 8H 7H 9D 8D 7D JC"
#define CR_TALON   "JD AC TD KC QC 7C TC 9C"

static void script_all(struct pq_deal *d, const struct pq_rules *rules, const struct sr_script *s)
{
    sr_play_script(d, rules, s);
    cr_assert(pq_deal_over(d));
}

/* Deck A to the end of the declarations (sr_capot): elder 29. */
static void deck_a_declared(struct pq_deal *d, const struct pq_rules *rules)
{
    sr_play_script(d, rules, &sr_capot);
    cr_assert_eq(d->score[PQ_ELDER], 29);
}

/* ---- variant trick_scoring -------------------------------------------------------------- */

Test(rules, variant_penguin_scores_1_on_own_lead_2_against_it_nothing_for_last)
{
    struct pq_rules rules = sr_rules("trick_scoring", "penguin");
    struct pq_deal d;
    script_all(&d, &rules, &sr_eleven);
    /* Trick 1 elder's first lead 1 (won by him: nothing more); trick 2
     * younger wins against the lead 2; trick 3 elder against the lead 2;
     * tricks 4..12 elder on his own lead 9; no last-trick point.
     * Elder 1 + 2 + 9 = 12, younger 2. Elder 29 + pique 30 + 12 + 10 = 81. */
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PLAY], 12);
    cr_assert_eq(d.cat[PQ_YOUNGER][PQ_CAT_PLAY], 2);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_CARDS], 10);
    cr_assert_eq(d.score[PQ_ELDER], 81);
    cr_assert_eq(d.score[PQ_YOUNGER], 2);
}

Test(rules, variant_lead_only_scores_1_per_lead)
{
    struct pq_rules rules = sr_rules("trick_scoring", "lead_only");
    struct pq_deal d;
    script_all(&d, &rules, &sr_eleven);
    /* Elder leads tricks 1, 2, 4..12: 11; younger leads trick 3: 1.
     * Elder 29 + 30 + 11 + 10 = 80. */
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PLAY], 11);
    cr_assert_eq(d.cat[PQ_YOUNGER][PQ_CAT_PLAY], 1);
    cr_assert_eq(d.score[PQ_ELDER], 80);
    cr_assert_eq(d.score[PQ_YOUNGER], 1);
}

Test(rules, variant_ten_for_last_scores_1_per_trick_10_for_the_last_no_cards)
{
    struct pq_rules rules = sr_rules("trick_scoring", "ten_for_last");
    struct pq_deal d;
    script_all(&d, &rules, &sr_eleven);
    /* Elder wins tricks 1, 3..11: 10, and trick 12: 10 = 20; younger trick
     * 2: 1. No lead points; elder's 30 comes with trick 1 (29 + 1), before
     * younger's first point: pique. No 10 for the cards.
     * Elder 29 + 30 + 20 = 79. */
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PLAY], 20);
    cr_assert_eq(d.cat[PQ_YOUNGER][PQ_CAT_PLAY], 1);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_CARDS], 0);
    cr_assert_eq(d.pique, PQ_ELDER);
    cr_assert_eq(d.score[PQ_ELDER], 79);
    cr_assert_eq(d.score[PQ_YOUNGER], 1);
}

Test(rules, variant_ten_for_last_capot_still_scores_40)
{
    struct pq_rules rules = sr_rules("trick_scoring", "ten_for_last");
    struct pq_deal d;
    deck_a_declared(&d, &rules);
    sr_do(&d, "play AS");
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PLAY], 0, "no lead points");
    sr_finish(&d);
    /* 11 tricks at 1 + the last at 10 = 21; capot 40; pique at trick 1.
     * 29 + 30 + 21 + 40 = 120. */
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PLAY], 21);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_CARDS], 40);
    cr_assert_eq(d.score[PQ_ELDER], 120);
}

/* The trick helpers of engine/piquet/deal.h, value by value: lead, win on one's
 * own lead and against it, first, middle and last trick, and the cards. */
Test(rules, trick_helpers_score_each_scheme_as_written)
{
    static const struct {
        int scoring;
        int lead[2];                 /* trick 0, trick 5 */
        int own[3], against[3];      /* tricks 0, 5, 11 */
        int cards[4];                /* 6, 7, 11, 12 tricks */
    } want[] = {
        { PQ_TRICKS_LAW65, { 1, 1 }, { 0, 0, 1 }, { 1, 1, 2 }, { 0, 10, 10, 40 } },
        { PQ_TRICKS_PENGUIN, { 1, 0 }, { 0, 1, 1 }, { 2, 2, 2 }, { 0, 10, 10, 40 } },
        { PQ_TRICKS_LEAD_ONLY, { 1, 1 }, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 10, 10, 40 } },
        { PQ_TRICKS_TEN_FOR_LAST, { 0, 0 }, { 1, 1, 10 }, { 1, 1, 10 }, { 0, 0, 0, 40 } },
    };
    static const int tricks[3] = { 0, 5, 11 }, won[4] = { 6, 7, 11, 12 };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        int ts = want[i].scoring;
        for (int t = 0; t < 2; t++)
            cr_expect_eq(pq_trick_lead_points(ts, tricks[t]), want[i].lead[t], "scheme %d lead %d", ts, tricks[t]);
        for (int t = 0; t < 3; t++) {
            cr_expect_eq(pq_trick_win_points(ts, tricks[t], false), want[i].own[t], "scheme %d own %d", ts, tricks[t]);
            cr_expect_eq(pq_trick_win_points(ts, tricks[t], true), want[i].against[t], "scheme %d against %d", ts,
                         tricks[t]);
        }
        for (int k = 0; k < 4; k++)
            cr_expect_eq(pq_cards_points(ts, won[k]), want[i].cards[k], "scheme %d, %d tricks", ts, won[k]);
    }
    cr_expect(pq_trick_beats(pq_card_parse("9S"), pq_card_parse("TS")), "R20: the higher card of the suit led");
    cr_expect_not(pq_trick_beats(pq_card_parse("TS"), pq_card_parse("9S")));
    cr_expect_not(pq_trick_beats(pq_card_parse("7S"), pq_card_parse("AH")), "R20: no trumps");
}

/* Random deals under every scheme: what the deal credits for the play and
 * the cards is what the helpers say, trick by trick. */
Test(rules, trick_helpers_are_what_the_deal_credits)
{
    static const int schemes[] = { PQ_TRICKS_LAW65, PQ_TRICKS_PENGUIN, PQ_TRICKS_LEAD_ONLY, PQ_TRICKS_TEN_FOR_LAST };
    char err[256];
    for (size_t k = 0; k < sizeof schemes / sizeof schemes[0]; k++) {
        struct pq_rules rules;
        struct pq_rng rng;
        pq_rules_default(&rules);
        rules.trick_scoring = (uint8_t)schemes[k];
        pq_rng_seed(&rng, 77 + k);
        for (int i = 1; i <= 300; i++) {
            struct pq_deal d;
            struct pq_action a;
            uint8_t deck[32];
            pq_rng_deck(11, i, deck);
            cr_assert_eq(pq_deal_init(&d, &rules, deck), 0);
            while (!pq_deal_over(&d)) {
                pq_deal_legal_nth(&d, (int)pq_rng_below(&rng, (uint32_t)pq_deal_legal_count(&d)), &a);
                cr_assert_eq(pq_deal_apply(&d, &a, err, sizeof err), 0, "%s", err);
            }
            int play[2] = { 0, 0 }, won[2] = { 0, 0 }, leader = PQ_ELDER;
            for (int t = 0; t < 12; t++) {
                int winner = pq_trick_beats(d.trick_cards[t][0], d.trick_cards[t][1]) ? 1 - leader : leader;
                play[leader] += pq_trick_lead_points(schemes[k], t);
                play[winner] += pq_trick_win_points(schemes[k], t, winner != leader);
                won[winner]++;
                leader = winner;
            }
            for (int s = 0; s < PQ_SEATS; s++) {
                cr_assert_eq(d.tricks[s], won[s], "scheme %d deal %d", schemes[k], i);
                cr_assert_eq(d.cat[s][PQ_CAT_PLAY], play[s], "scheme %d deal %d seat %d", schemes[k], i, s);
                cr_assert_eq(d.cat[s][PQ_CAT_CARDS], pq_cards_points(schemes[k], won[s]), "scheme %d deal %d seat %d",
                             schemes[k], i, s);
            }
        }
    }
}

/* ---- variant younger_must_discard false ------------------------------------------------- */

Test(rules, variant_younger_must_discard_false_allows_a_bare_discard)
{
    struct pq_rules rules = sr_rules("younger_must_discard", "false");
    struct pq_deal d;
    struct pq_view ve;
    sr_start(&d, &rules, SR_A_ELDER, SR_A_YOUNGER, SR_A_TALON);
    sr_refuse(&d, "discard", "elder must discard 1 to 5 cards, not 0");   /* R9 stands */
    sr_do(&d, "discard JH");
    sr_refuse(&d, "discard 7D 8D 9D TD JD QD KD AD", "younger must discard 0 to 7 cards, not 8");
    sr_do(&d, "discard");
    cr_assert_eq(d.m, 0);
    cr_assert_eq(d.drawn[PQ_YOUNGER], 0);
    cr_assert_eq(d.hand[PQ_YOUNGER], sr_cards(SR_A_YOUNGER));
    cr_assert_eq(d.untaken, sr_cards("KC QC JC TC 9C 8C 7C"));   /* talon 2..8 */
    cr_assert_eq(d.phase, PQ_PHASE_CALL);
    pq_view_build(&d, PQ_ELDER, &ve);
    cr_assert_eq(ve.untaken_count, 7);
}

/* ---- variant carte_rouge ---------------------------------------------------------------- */

static void carte_rouge_declared(struct pq_deal *d, const struct pq_rules *rules)
{
    /* Point AKQJ of spades 4 (younger's best T987, 34 pips, passes); quart
     * major 4 and the quarts majors of hearts and diamonds 8 (equal to the
     * call, allowed: clubs AKQJT9 outside beat it); trio of aces 3 and trios
     * of kings, queens, jacks 9 (a quatorze of tens is outside).
     * I..IV: 4 + 12 + 12 = 28, every one of the twelve cards in them. */
    sr_start(d, rules, CR_ELDER, CR_YOUNGER, CR_TALON);
    sr_do_list(d, (const char *const[]){ "discard 8C", "discard JC",
        "declare point JS QS KS AS", "pass",
        "declare sequence JS QS KS AS", "pass",
        "declare sequence JH QH KH AH", "declare sequence JD QD KD AD", "pass",
        "declare set AS AH AD", "pass",
        "declare set KS KH KD", "declare set QS QH QD", "declare set JS JH JD", "pass", NULL });
    cr_assert_eq(d->cat[PQ_ELDER][PQ_CAT_POINT] + d->cat[PQ_ELDER][PQ_CAT_SEQUENCE] +
                 d->cat[PQ_ELDER][PQ_CAT_SET], 28);
}

Test(rules, variant_carte_rouge_scores_20_and_counts_toward_repique)
{
    struct pq_rules rules = sr_rules("carte_rouge", "true");
    struct pq_deal d;
    carte_rouge_declared(&d, &rules);
    /* 28 + 20 = 48 with younger at 0: repique. 48 + 60 = 108; capot:
     * 108 + 13 + 40 = 161. */
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_CARTE_ROUGE], 20);
    cr_assert_eq(d.repique, PQ_ELDER);
    cr_assert_eq(d.score[PQ_ELDER], 108);
    sr_finish(&d);
    cr_assert_eq(d.pique, -1);
    cr_assert_eq(d.score[PQ_ELDER], 161);
}

Test(rules, variant_carte_rouge_off_by_default)
{
    struct pq_deal d;
    carte_rouge_declared(&d, NULL);
    /* 28: no repique; leads 1 and 2 make 30 before younger's first play
     * point: pique. 28 + 30 + 13 + 40 = 111. */
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_CARTE_ROUGE], 0);
    cr_assert_eq(d.repique, -1);
    sr_finish(&d);
    cr_assert_eq(d.pique, PQ_ELDER);
    cr_assert_eq(d.score[PQ_ELDER], 111);
}

Test(rules, variant_carte_rouge_needs_every_card_in_a_scored_combination)
{
    struct pq_rules rules = sr_rules("carte_rouge", "true");
    struct pq_deal d;
    /* Only the quart of spades and trios of aces, kings and queens: JH and
     * JD are in no scored combination. 4 + 4 + 9 = 17. */
    sr_start(&d, &rules, CR_ELDER, CR_YOUNGER, CR_TALON);
    sr_do_list(&d, (const char *const[]){ "discard 8C", "discard JC",
        "declare point JS QS KS AS", "pass",
        "declare sequence JS QS KS AS", "pass", "pass",
        "declare set AS AH AD", "pass", "declare set KS KH KD", "declare set QS QH QD", "pass", NULL });
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_CARTE_ROUGE], 0);
    cr_assert_eq(d.score[PQ_ELDER], 17);
}

Test(rules, variant_carte_rouge_of_younger_scores_after_elders_first_lead)
{
    struct pq_rules rules = sr_rules("carte_rouge", "true");
    struct pq_deal d;
    /* The carte rouge deck the other way round: after "discard JC" (AC
     * in), "discard 8C" (JD in) younger holds A K Q J of spades, hearts and
     * diamonds. Younger: point 4 (41 against 34), quart major 4 + two
     * more 8, trio of aces 3 (Law 46) + trios K Q J 9: 28, every card used:
     * carte rouge 20, 48 against 0: repique 60. All of it after elder's
     * first lead (R19): 4 + 12 + 12 + 20 + 60 = 108. */
    sr_start(&d, &rules, "TS 9S 8S 7S TH 9H 8H 7H 9D 8D 7D JC",
             "AS KS QS JS AH KH QH JH AD KD QD 8C", "AC JD TD KC QC 7C TC 9C");
    sr_do_list(&d, (const char *const[]){ "discard JC", "discard 8C",
        "declare point 7S 8S 9S TS", "declare point JS QS KS AS",
        "declare sequence 7S 8S 9S TS", "declare sequence JS QS KS AS",
        "declare sequence JH QH KH AH", "declare sequence JD QD KD AD", "pass",
        "pass", "declare set AS AH AD",
        "declare set KS KH KD", "declare set QS QH QD", "declare set JS JH JD", "pass", NULL });
    cr_assert_eq(d.declared[PQ_YOUNGER][PQ_CAT_CARTE_ROUGE], 20);
    cr_assert_eq(d.repique, PQ_YOUNGER);
    cr_assert_eq(d.score[PQ_YOUNGER], 0);
    sr_do(&d, "play 7S");
    cr_assert_eq(d.cat[PQ_YOUNGER][PQ_CAT_CARTE_ROUGE], 20);
    cr_assert_eq(d.score[PQ_YOUNGER], 108);
    cr_assert_eq(d.score[PQ_ELDER], 1);
}

Test(rules, variant_carte_rouge_hoyles_hand_scores_190)
{
    struct pq_rules rules = sr_rules("carte_rouge", "true");
    struct pq_deal d;
    sr_play_script(&d, &rules, &sr_hoyle);
    /* Every card of Hoyle's hand is in a scored combination: 57 + 20 = 77,
     * repique 60: 137; capot 13 + 40: 190, legal under this variant. */
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_CARTE_ROUGE], 20);
    cr_assert_eq(d.score[PQ_ELDER], 137);
    sr_finish(&d);
    cr_assert_eq(d.score[PQ_ELDER], 190);
}

Test(rules, variant_ten_for_last_hoyles_hand_scores_178)
{
    struct pq_rules rules = sr_rules("trick_scoring", "ten_for_last");
    struct pq_deal d;
    sr_play_script(&d, &rules, &sr_hoyle);
    cr_assert_eq(d.score[PQ_ELDER], 117);   /* 57 + repique 60 */
    /* Capot: 11 tricks at 1 and the last at 10 = 21, capot still 40:
     * 117 + 21 + 40 = 178, legal under this variant. */
    sr_finish(&d);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PLAY], 21);
    cr_assert_eq(d.score[PQ_ELDER], 178);
}

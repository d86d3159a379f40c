/* test_rules_play.c - docs/rules-piquet.md R20-R27: tricks, trick points, the cards,
 * reckoning order, repique, pique and their consequences (R26), the 170
 * maximum. The variant flags of play are in test_rules_variants.c. Hands
 * are written out per test; expected values are worked out by hand in the
 * comments.
 */
#include <criterion/criterion.h>
#include "engine/rng.h"
#include "tests/support_rules.h"

/* Younger's repique deck: after "discard 7S" (7C in), "discard QH" (KC
 * in) younger holds the septieme AS..8S, AH AD AC, KH KC; elder a quint
 * JH..7H, KD..8D and 7C. */
#define YR_ELDER   "7S JH TH 9H 8H 7H KD QD JD TD 9D 8D"
#define YR_YOUNGER "AS KS QS JS TS 9S 8S AH AD AC KH QH"
#define YR_TALON   "7C KC QC JC TC 9C 8C 7D"

/* Equal-point deck: after "discard 7C" (8H in), "discard 7D" (TS in)
 * elder holds KD QD JD TD 9D 8D (57 pips), JS JH JD JC, 7S 8S 8H; younger
 * AH KH QH TH 9H 7H (11+10+10+10+9+7 = 57), AS KS TS 9S, 9C 8C. */
#define EQR_ELDER   "KD QD JD TD 9D 8D JS JH JC 7S 8S 7C"
#define EQR_YOUNGER "AH KH QH TH 9H 7H AS KS 9S 7D 9C 8C"
#define EQR_TALON   "8H TS QS AD AC KC QC TC"

/* Younger's-point deck: after "discard 7C" (8D in), "discard 9D" (9C in)
 * elder holds AS..9S, the four kings, 7D 8D 8C; younger seven hearts
 * AH QH..7H (65 pips), AD QD JD TD, 9C. */
#define YP_ELDER   "AS KS QS JS TS 9S KH KD KC 7D 8C 7C"
#define YP_YOUNGER "AH QH JH TH 9H 8H 7H AD QD JD TD 9D"
#define YP_TALON   "8D 9C AC QC JC TC 8S 7S"

static void script_prefix(struct pq_deal *d, const struct pq_rules *rules,
                          const struct sr_script *s, int n)
{
    sr_start_script(d, rules, s);
    for (int i = 0; i < n; i++) {
        cr_assert(s->actions[i] != NULL);
        sr_do(d, s->actions[i]);
    }
}

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

/* ---- random deals: R20, R21, R22, R27 checked against the tricks --------- */

/* Plays `deals` random deals (uniform legal actions, fixed seeds) and
 * checks after each deal the trick points recomputed here from the cards
 * played (R20 winners, R21 Law 65, R22 the cards), and that the follower
 * never had a choice outside the suit led while holding it. */
static void random_deals(int deals, int *max_total, int *min_play, int *max_play)
{
    struct pq_rules rules;
    struct pq_rng rng;
    char err[256];
    pq_rules_default(&rules);
    pq_rng_seed(&rng, 20240611);
    *max_total = 0;
    *min_play = 1000;
    *max_play = 0;
    for (int i = 1; i <= deals; i++) {
        struct pq_deal d;
        uint8_t deck[32];
        pq_rng_deck(7, i, deck);
        cr_assert_eq(pq_deal_init(&d, &rules, deck), 0);
        while (!pq_deal_over(&d)) {
            struct pq_action a;
            if (d.phase == PQ_PHASE_PLAY && d.lead_card >= 0) {
                pq_mask suit = d.hand[d.to_act] & PQ_SUIT_MASK(PQ_SUIT(d.lead_card));
                int n = pq_deal_legal_count(&d);
                for (int j = 0; suit && j < n; j++) {
                    pq_deal_legal_nth(&d, j, &a);
                    cr_assert(a.cards & suit, "R20: must follow suit");
                }
            }
            pq_deal_legal_nth(&d, (int)pq_rng_below(&rng, (uint32_t)pq_deal_legal_count(&d)), &a);
            cr_assert_eq(pq_deal_apply(&d, &a, err, sizeof err), 0, "%s", err);
        }
        int play[2] = { 0, 0 }, won[2] = { 0, 0 }, leader = PQ_ELDER;
        for (int t = 0; t < 12; t++) {
            int led = d.trick_cards[t][0], followed = d.trick_cards[t][1];
            int winner = (PQ_SUIT(followed) == PQ_SUIT(led) && PQ_RANK(followed) > PQ_RANK(led)) ? 1 - leader : leader;
            play[leader] += 1;                        /* each card led */
            if (winner != leader) play[winner] += 1;  /* won against the lead */
            if (t == 11) play[winner] += 1;           /* the last trick */
            won[winner]++;
            leader = winner;
        }
        for (int s = 0; s < PQ_SEATS; s++) {
            int cards = won[s] == 12 ? 40 : won[s] >= 7 ? 10 : 0;
            cr_assert_eq(d.tricks[s], won[s], "deal %d", i);
            cr_assert_eq(d.cat[s][PQ_CAT_PLAY], play[s], "deal %d seat %d", i, s);
            cr_assert_eq(d.cat[s][PQ_CAT_CARDS], cards, "deal %d seat %d", i, s);
        }
        int total = d.score[0] + d.score[1], played = play[0] + play[1];
        if (total > *max_total) *max_total = total;
        if (played < *min_play) *min_play = played;
        if (played > *max_play) *max_play = played;
    }
}

Test(rules, r20_r21_r22_tricks_and_trick_points_of_random_deals)
{
    int max_total, min_play, max_play;
    random_deals(3000, &max_total, &min_play, &max_play);
    cr_assert(min_play >= 13 && max_play <= 25, "R21: play points %d..%d", min_play, max_play);
}

Test(rules, r27_random_deals_stay_within_170_and_play_13_to_25)
{
    int max_total, min_play, max_play;
    random_deals(3000, &max_total, &min_play, &max_play);
    cr_assert_leq(max_total, 170);
    cr_assert_geq(min_play, 13);
    cr_assert_leq(max_play, 25);
}

/* ---- R20: tricks ----------------------------------------------------------- */

Test(rules, r20_elder_leads_the_follower_follows_suit_no_trumps)
{
    struct pq_deal d;
    /* sr_eleven to the end of the declarations; elder holds the spades,
     * KH QH JH, AC; younger AH TH 9H 8H, AD..8D, KC. */
    script_prefix(&d, NULL, &sr_eleven, 10);
    cr_assert_eq(d.phase, PQ_PHASE_PLAY);
    cr_assert_eq(pq_deal_to_act(&d), PQ_ELDER, "elder leads trick 1");
    sr_do_list(&d, (const char *const[]){ "play KH", "nolook", NULL });
    sr_refuse(&d, "play 8D", "must follow suit");
    sr_do(&d, "play AH");
    cr_assert_eq(d.tricks[PQ_YOUNGER], 1, "the higher card of the suit led wins");
    cr_assert_eq(pq_deal_to_act(&d), PQ_YOUNGER, "the winner leads next");
    sr_do(&d, "play KC");
    sr_refuse(&d, "play AS", "must follow suit");
    sr_do(&d, "play AC");
    cr_assert_eq(d.tricks[PQ_ELDER], 1);
    cr_assert_eq(pq_deal_to_act(&d), PQ_ELDER);
    sr_do_list(&d, (const char *const[]){ "play AS", "play AD", NULL });   /* no spade: any card */
    cr_assert_eq(d.tricks[PQ_ELDER], 2, "an ace of another suit does not win: no trumps");
    cr_assert_eq(d.tricks[PQ_YOUNGER], 1);
}

/* ---- R21: trick points (Law 65) -------------------------------------------- */

Test(rules, r21_law65_lead_1_win_against_the_lead_1_last_trick_1)
{
    struct pq_deal d;
    script_prefix(&d, NULL, &sr_eleven, 10);
    sr_do(&d, "play AS");                         /* elder leads: 1 */
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PLAY], 1);
    sr_do_list(&d, (const char *const[]){ "nolook", "play 8D", NULL });
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PLAY], 1, "winning his own lead adds nothing");
    sr_do_list(&d, (const char *const[]){ "play KH", "play AH", NULL });
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PLAY], 2, "the lead counts though the trick is lost");
    cr_assert_eq(d.cat[PQ_YOUNGER][PQ_CAT_PLAY], 1, "won against the lead");
    sr_do_list(&d, (const char *const[]){ "play KC", "play AC", NULL });
    cr_assert_eq(d.cat[PQ_YOUNGER][PQ_CAT_PLAY], 2);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PLAY], 3);
    /* The rest of the script (from its 18th action): elder leads and wins
     * tricks 4..12: 9 more, and 1 for the last: 13; younger stays at 2.
     * Total 15, within 13..25. */
    for (int i = 17; sr_eleven.actions[i]; i++) sr_do(&d, sr_eleven.actions[i]);
    cr_assert(pq_deal_over(&d));
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PLAY], 13);
    cr_assert_eq(d.cat[PQ_YOUNGER][PQ_CAT_PLAY], 2);
    cr_assert_eq(d.tricks[PQ_ELDER], 11);
    cr_assert_eq(d.score[PQ_ELDER], 82);    /* 29 + pique 30 + 13 + cards 10 */
    cr_assert_eq(d.score[PQ_YOUNGER], 2);
}

/* ---- R22: the cards ----------------------------------------------------------- */

Test(rules, r22_seven_to_eleven_tricks_score_10)
{
    struct pq_deal d;
    script_all(&d, NULL, &sr_eleven);
    cr_assert_eq(d.tricks[PQ_ELDER], 11);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_CARDS], 10);
    cr_assert_eq(d.cat[PQ_YOUNGER][PQ_CAT_CARDS], 0);
}

Test(rules, r22_capot_scores_40_instead_of_10)
{
    struct pq_deal d;
    deck_a_declared(&d, NULL);
    sr_finish(&d);
    cr_assert_eq(d.tricks[PQ_ELDER], 12);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_CARDS], 40);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PLAY], 13);   /* 12 leads + last */
    /* 29 + pique 30 (first lead) + 13 + 40 */
    cr_assert_eq(d.score[PQ_ELDER], 112);
    cr_assert_eq(d.score[PQ_YOUNGER], 0);
}

Test(rules, r22_six_tricks_each_score_nothing_for_the_cards)
{
    struct pq_deal d;
    script_all(&d, NULL, &sr_six_six);
    cr_assert_eq(d.tricks[PQ_ELDER], 6);
    cr_assert_eq(d.tricks[PQ_YOUNGER], 6);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_CARDS], 0);
    cr_assert_eq(d.cat[PQ_YOUNGER][PQ_CAT_CARDS], 0);
    cr_assert_eq(d.score[PQ_ELDER], 7);
    cr_assert_eq(d.score[PQ_YOUNGER], 7);
}

/* ---- R23: reckoning order ------------------------------------------------------ */

Test(rules, r23_sequences_are_reckoned_before_sets_for_the_repique)
{
    struct pq_deal d;
    cr_assert(PQ_CAT_CARTE_BLANCHE < PQ_CAT_POINT && PQ_CAT_POINT < PQ_CAT_SEQUENCE &&
              PQ_CAT_SEQUENCE < PQ_CAT_SET && PQ_CAT_SET < PQ_CAT_PLAY && PQ_CAT_PLAY < PQ_CAT_CARDS);
    /* After "discard 7D" (JH in), "discard 8D" (AC in): elder eight spades
     * and AH KH QH JH; younger TH TD TC, 9H 8H 7H, AD KD QD JD 9D, AC.
     * II: elder 8; III: huitieme 18 + quart AKQJ of hearts 4 = 30 with
     * younger at 0: repique. IV: younger's trio of tens, 3, comes too late. */
    sr_start(&d, NULL, "AS KS QS JS TS 9S 8S 7S AH KH QH 7D",
             "TH TD TC 9H 8H 7H AD KD QD JD 9D 8D", "JH AC KC QC JC 9C 8C 7C");
    sr_do_list(&d, (const char *const[]){ "discard 7D", "discard 8D",
        "declare point 7S 8S 9S TS JS QS KS AS", "pass",
        "declare sequence 7S 8S 9S TS JS QS KS AS", "pass", "declare sequence JH QH KH AH", "pass",
        "pass", "declare set TH TD TC", "pass", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_SET].outcome, PQ_OUTCOME_NOT_GOOD);
    cr_assert_eq(d.repique, PQ_ELDER);
    cr_assert_eq(d.score[PQ_ELDER], 90);   /* 8 + 22 + 60 */
    sr_do(&d, "play AS");
    cr_assert_eq(d.score[PQ_ELDER], 91);
    cr_assert_eq(d.score[PQ_YOUNGER], 3);
}

/* ---- R24: repique ----------------------------------------------------------------- */

Test(rules, r24_repique_60_when_30_is_reached_in_declarations_against_0)
{
    struct pq_deal d;
    /* After "discard QH" (7C in), "discard 7S" (KC in): elder septieme
     * AS..8S, quatorze of aces, KH 7C. Point 7 + septieme 17 + quatorze 14
     * = 38 with younger at 0: repique, 38 + 60 = 98. */
    sr_start(&d, NULL, "AS KS QS JS TS 9S 8S AH AD AC KH QH",
             "7S JH TH 9H 8H 7H KD QD JD TD 9D 8D", "7C KC QC JC TC 9C 8C 7D");
    sr_do_list(&d, (const char *const[]){ "discard QH", "discard 7S",
        "declare point 8S 9S TS JS QS KS AS", "declare point 8D 9D TD JD QD KD",
        "declare sequence 8S 9S TS JS QS KS AS", "declare sequence 8D 9D TD JD QD KD", "pass",
        "declare set AS AH AD AC", "pass", "pass", NULL });
    cr_assert_eq(d.repique, PQ_ELDER);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_REPIQUE], 60);
    cr_assert_eq(d.score[PQ_ELDER], 98);
    cr_assert_eq(d.score[PQ_YOUNGER], 0);
}

Test(rules, r24_a_score_in_an_earlier_category_prevents_the_repique)
{
    struct pq_deal d;
    /* Younger's point of seven (7) in II; elder sixieme 16 + quatorze of
     * kings 14 = 30 in III and IV, but never against 0. */
    sr_start(&d, NULL, YP_ELDER, YP_YOUNGER, YP_TALON);
    sr_do_list(&d, (const char *const[]){ "discard 7C", "discard 9D",
        "declare point 9S TS JS QS KS AS", "declare point 7H 8H 9H TH JH QH AH",
        "declare sequence 9S TS JS QS KS AS", "declare sequence 7H 8H 9H TH JH QH", "pass",
        "declare set KS KH KD KC", "pass", "pass", NULL });
    cr_assert_eq(d.score[PQ_ELDER], 30);
    cr_assert_eq(d.repique, -1);
    sr_finish(&d);
    cr_assert_eq(d.repique, -1);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_REPIQUE] + d.cat[PQ_YOUNGER][PQ_CAT_REPIQUE], 0);
}

static void younger_repique_declared(struct pq_deal *d)
{
    /* Elder loses the point (6 diamonds to 7 spades) and the sequence
     * (sixieme to septieme), passes the sets. Younger: 7 + 17, trio of
     * kings 3 + quatorze of aces 14 as an extra: 41, repique. */
    sr_start(d, NULL, YR_ELDER, YR_YOUNGER, YR_TALON);
    sr_do_list(d, (const char *const[]){ "discard 7S", "discard QH",
        "declare point 8D 9D TD JD QD KD", "declare point 8S 9S TS JS QS KS AS",
        "declare sequence 8D 9D TD JD QD KD", "declare sequence 8S 9S TS JS QS KS AS", "pass",
        "pass", "declare set KS KH KC", "declare set AS AH AD AC", "pass", NULL });
}

Test(rules, r24_younger_can_repique)
{
    struct pq_deal d;
    younger_repique_declared(&d);
    cr_assert_eq(d.repique, PQ_YOUNGER);
    cr_assert_eq(d.score[PQ_YOUNGER], 0, "scored after elder's lead (R19)");
    sr_do(&d, "play 7C");
    cr_assert_eq(d.cat[PQ_YOUNGER][PQ_CAT_REPIQUE], 60);
    cr_assert_eq(d.score[PQ_YOUNGER], 101);   /* 41 + 60 */
}

Test(rules, r24_equalities_never_save_a_repique)
{
    struct pq_deal d;
    /* Points of six, 57 pips each: equal, nobody scores. Elder sixieme to
     * the king 16 + quatorze of jacks 14 = 30, younger still at 0. */
    sr_start(&d, NULL, EQR_ELDER, EQR_YOUNGER, EQR_TALON);
    sr_do_list(&d, (const char *const[]){ "discard 7C", "discard 7D",
        "declare point 8D 9D TD JD QD KD", "declare point 7H 9H TH QH KH AH", NULL });
    cr_assert_eq(d.classes[PQ_CLASS_POINT].outcome, PQ_OUTCOME_EQUAL);
    sr_do_list(&d, (const char *const[]){
        "declare sequence 8D 9D TD JD QD KD", "declare sequence QH KH AH", "pass",
        "declare set JS JH JD JC", "pass", "pass", NULL });
    cr_assert_eq(d.repique, PQ_ELDER);
    cr_assert_eq(d.score[PQ_ELDER], 90);   /* 30 + 60 */
}

/* ---- R25: pique ------------------------------------------------------------------- */

Test(rules, r25_pique_when_elders_first_lead_reaches_30)
{
    struct pq_deal d;
    deck_a_declared(&d, NULL);               /* 29, younger nothing */
    cr_assert_eq(d.pique, -1);
    sr_do(&d, "play AS");                    /* 30 */
    cr_assert_eq(d.pique, PQ_ELDER);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PIQUE], 30);
    cr_assert_eq(d.score[PQ_ELDER], 60);
}

Test(rules, r25_the_lead_that_reaches_30_counts_even_if_the_trick_is_lost)
{
    struct pq_deal d;
    script_prefix(&d, NULL, &sr_eleven, 10);   /* elder 29 */
    sr_do(&d, "play KH");                      /* 30: pique */
    cr_assert_eq(d.pique, PQ_ELDER);
    sr_do_list(&d, (const char *const[]){ "nolook", "play AH", NULL });
    cr_assert_eq(d.tricks[PQ_YOUNGER], 1);
    cr_assert_eq(d.cat[PQ_YOUNGER][PQ_CAT_PLAY], 1);
    cr_assert_eq(d.pique, PQ_ELDER);
    cr_assert_eq(d.score[PQ_ELDER], 60);
    sr_finish(&d);
    cr_assert_eq(d.pique, PQ_ELDER);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PIQUE], 30);
}

Test(rules, r25_no_pique_once_younger_has_a_play_point)
{
    struct pq_deal d;
    /* sr_eleven without the extra tierce: elder 8 + 18 = 26. */
    sr_start_script(&d, NULL, &sr_eleven);
    sr_do_list(&d, (const char *const[]){ "discard 7C", "discard 7D",
        "declare point 7S 8S 9S TS JS QS KS AS", "declare point 8D 9D TD JD QD KD AD",
        "declare sequence 7S 8S 9S TS JS QS KS AS", "pass", "pass", "pass", "pass", NULL });
    cr_assert_eq(d.score[PQ_ELDER], 26);
    /* 27, younger wins (1); younger leads KC (2), elder wins it (28);
     * elder leads QH (29), wins; leads JH: 30, too late. */
    sr_do_list(&d, (const char *const[]){ "play KH", "nolook", "play AH", "play KC", "play AC",
        "play QH", "play TH", "play JH", NULL });
    cr_assert_eq(d.score[PQ_ELDER], 30);
    cr_assert_eq(d.pique, -1);
    sr_finish(&d);
    cr_assert_eq(d.pique, -1);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PIQUE], 0);
}

Test(rules, r25_no_pique_when_younger_scored_in_declarations)
{
    struct pq_deal d;
    sr_start(&d, NULL, YP_ELDER, YP_YOUNGER, YP_TALON);
    sr_do_list(&d, (const char *const[]){ "discard 7C", "discard 9D",
        "declare point 9S TS JS QS KS AS", "declare point 7H 8H 9H TH JH QH AH",
        "declare sequence 9S TS JS QS KS AS", "declare sequence 7H 8H 9H TH JH QH", "pass",
        "declare set KS KH KD KC", "pass", "pass", "play AS", NULL });
    cr_assert_eq(d.score[PQ_ELDER], 31, "30 before younger's first play point");
    cr_assert_eq(d.pique, -1, "but younger's point of seven counts in II");
    sr_finish(&d);
    cr_assert_eq(d.pique, -1);
}

Test(rules, r25_equalities_never_save_a_pique)
{
    struct pq_deal d;
    /* Equal points; elder sinks to a quint 9D..KD 15 + quatorze of jacks
     * 14 = 29: no repique; his first lead makes 30: pique. */
    sr_start(&d, NULL, EQR_ELDER, EQR_YOUNGER, EQR_TALON);
    sr_do_list(&d, (const char *const[]){ "discard 7C", "discard 7D",
        "declare point 8D 9D TD JD QD KD", "declare point 7H 9H TH QH KH AH",
        "declare sequence 9D TD JD QD KD", "declare sequence QH KH AH", "pass",
        "declare set JS JH JD JC", "pass", "pass", NULL });
    cr_assert_eq(d.score[PQ_ELDER], 29);
    cr_assert_eq(d.repique, -1);
    sr_do(&d, "play 8S");
    cr_assert_eq(d.pique, PQ_ELDER);
    cr_assert_eq(d.score[PQ_ELDER], 60);   /* 29 + 1 + 30 */
}

Test(rules, r25_the_cards_never_count_toward_pique)
{
    struct pq_deal d;
    /* Deck A with elder sinking to a point of one (1) and a tierce (3): 4;
     * capot: 13 play points make 17, the 40 for the cards would pass 30. */
    sr_start(&d, NULL, SR_A_ELDER, SR_A_YOUNGER, SR_A_TALON);
    sr_do_list(&d, (const char *const[]){ "discard JH", "discard 7D",
        "declare point 7S", "pass", "declare sequence 7S 8S 9S", "pass", "pass",
        "pass", "pass", NULL });
    sr_finish(&d);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_CARDS], 40);
    cr_assert_eq(d.pique, -1);
    cr_assert_eq(d.score[PQ_ELDER], 57);   /* 4 + 13 + 40 */
}

/* ---- R26: consequences, one by one -------------------------------------------------- */

Test(rules, r26_elders_lead_point_never_saves_youngers_repique)
{
    struct pq_deal d;
    younger_repique_declared(&d);
    sr_do(&d, "play 7C");   /* elder's play point comes first in time */
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PLAY], 1);
    cr_assert_eq(d.repique, PQ_YOUNGER);
    cr_assert_eq(d.score[PQ_YOUNGER], 101);
    sr_finish(&d);
    cr_assert_eq(d.repique, PQ_YOUNGER);
}

Test(rules, r26_younger_carte_blanche_blocks_both_elder_bonuses)
{
    struct pq_deal d;
    /* Elder: point AKQJT 5 (51 against 48), quint 15, quatorzes of kings
     * and queens 28: 48. Younger: carte blanche 10 in category I. */
    sr_start(&d, NULL, SR_CB_COURTS, SR_CB_BLANK, SR_CB_TALON);
    sr_do_list(&d, (const char *const[]){ "discard JH", "discard 7D",
        "declare point TS JS QS KS AS", "declare point 8D 9D TD JD AD",
        "declare sequence TS JS QS KS AS", "pass", "pass",
        "declare set KS KH KD KC", "declare set AH AD AC", "declare set QS QH QD QC", "pass", NULL });
    cr_assert_eq(d.score[PQ_ELDER], 48);
    cr_assert_eq(d.score[PQ_YOUNGER], 10);
    cr_assert_eq(d.repique, -1);
    sr_do(&d, "play AS");
    cr_assert_eq(d.score[PQ_ELDER], 49);
    cr_assert_eq(d.pique, -1);
    sr_finish(&d);
    cr_assert_eq(d.repique, -1);
    cr_assert_eq(d.pique, -1);
}

Test(rules, r26_elder_carte_blanche_blocks_youngers_repique)
{
    struct pq_deal d;
    /* Younger: point of six 6, sixieme 16, quatorzes of kings and queens
     * 28: 50. Elder: carte blanche 10. */
    sr_start(&d, NULL, SR_CB_BLANK, SR_CB_COURTS, SR_CB_TALON);
    sr_do_list(&d, (const char *const[]){ "announce 3", "discard JH", "discard 7D 8D 9D",
        "declare point 7H 8H 9H TH AH", "declare point 9S TS JS QS KS AS",
        "declare sequence 7H 8H 9H TH", "declare sequence 9S TS JS QS KS AS", "pass",
        "declare set AH AD AC", "declare set KS KH KD KC", "declare set QS QH QD QC", "pass", NULL });
    cr_assert_eq(d.declared[PQ_YOUNGER][PQ_CAT_POINT] + d.declared[PQ_YOUNGER][PQ_CAT_SEQUENCE] +
                 d.declared[PQ_YOUNGER][PQ_CAT_SET], 50);
    cr_assert_eq(d.repique, -1);
    sr_do(&d, "play AH");
    cr_assert_eq(d.score[PQ_ELDER], 11);
    cr_assert_eq(d.score[PQ_YOUNGER], 50);
    cr_assert_eq(d.cat[PQ_YOUNGER][PQ_CAT_REPIQUE], 0);
}

Test(rules, r26_younger_can_never_pique)
{
    struct pq_deal d;
    /* Younger sinks to 7 + 17 + a trio of aces 3 = 27 (no repique); elder
     * has nothing in I..IV. Elder leads 7C (1); younger wins with AC (28),
     * leads AS (29) and KS (30) before elder's second play point. */
    sr_start(&d, NULL, YR_ELDER, YR_YOUNGER, YR_TALON);
    sr_do_list(&d, (const char *const[]){ "discard 7S", "discard QH",
        "declare point 8D 9D TD JD QD KD", "declare point 8S 9S TS JS QS KS AS",
        "declare sequence 8D 9D TD JD QD KD", "declare sequence 8S 9S TS JS QS KS AS", "pass",
        "pass", "declare set AS AH AD", "pass",
        "play 7C", "nolook", "play AC", "play AS", "play 7H", "play KS", NULL });
    cr_assert_eq(d.repique, -1);
    cr_assert_eq(d.score[PQ_YOUNGER], 30);
    cr_assert_eq(d.score[PQ_ELDER], 1);
    cr_assert_eq(d.pique, -1);
    sr_finish(&d);
    cr_assert_eq(d.pique, -1);
    cr_assert_eq(d.cat[PQ_YOUNGER][PQ_CAT_PIQUE], 0);
}

Test(rules, r26_a_player_gets_at_most_one_of_pique_and_repique)
{
    struct pq_deal d;
    /* The repique deck: elder 98 with the repique; his lead reaches 99
     * before younger's first play point, which would be a pique otherwise. */
    sr_start(&d, NULL, "AS KS QS JS TS 9S 8S AH AD AC KH QH",
             "7S JH TH 9H 8H 7H KD QD JD TD 9D 8D", "7C KC QC JC TC 9C 8C 7D");
    sr_do_list(&d, (const char *const[]){ "discard QH", "discard 7S",
        "declare point 8S 9S TS JS QS KS AS", "declare point 8D 9D TD JD QD KD",
        "declare sequence 8S 9S TS JS QS KS AS", "declare sequence 8D 9D TD JD QD KD", "pass",
        "declare set AS AH AD AC", "pass", "pass", "play AS", NULL });
    cr_assert_eq(d.repique, PQ_ELDER);
    cr_assert_eq(d.pique, -1);
    cr_assert_eq(d.score[PQ_ELDER], 99);
    sr_finish(&d);
    cr_assert_eq(d.pique, -1);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PIQUE], 0);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_REPIQUE], 60);
}

/* ---- R27: the maximum ------------------------------------------------------------------ */

Test(rules, r27_hoyles_hand_scores_170)
{
    struct pq_deal d;
    sr_play_script(&d, NULL, &sr_hoyle);
    cr_assert_eq(d.score[PQ_ELDER], 117);   /* 3 + 12 + 42 + repique 60 */
    sr_finish(&d);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_PLAY], 13);
    cr_assert_eq(d.cat[PQ_ELDER][PQ_CAT_CARDS], 40);
    cr_assert_eq(d.score[PQ_ELDER], 170);
    cr_assert_eq(d.score[PQ_YOUNGER], 0);
}

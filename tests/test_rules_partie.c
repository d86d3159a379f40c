/* test_rules_partie.c - docs/rules-piquet.md R4, R28, R29 and the partie_deals
 * variant: who is elder in each deal, ties after six deals, the draw after
 * eight, and the settlement with and without a rubicon. Parties are played
 * through pq_partie_apply_deck with scripted deals whose scores are worked
 * out in support_rules.c: sr_six_six 7-7, sr_eleven elder 82 younger 2,
 * sr_hoyle elder 170 younger 0.
 */
#include <criterion/criterion.h>
#include "tests/support_rules.h"

/* Plays n scripted deals (deals[0] is deal 1) in a partie whose player
 * `first_dealer` deals first; elders[i] gets the elder of deal i+1. */
static void play_partie(struct pq_partie *p, const struct pq_rules *rules, int first_dealer,
                        const struct sr_script *const *deals, int n, int *elders)
{
    uint8_t deck[32], next[32];
    struct pq_rules defaults;
    pq_rules_default(&defaults);
    sr_deck(deals[0]->elder, deals[0]->younger, deals[0]->talon, deck);
    cr_assert_eq(pq_partie_init_deck(p, rules ? rules : &defaults, first_dealer, deck), 0);
    for (int i = 0; i < n; i++) {
        const struct sr_script *after = deals[i + 1 < n ? i + 1 : i];
        sr_deck(after->elder, after->younger, after->talon, next);
        cr_assert_eq(p->over, 0, "the partie ended before deal %d", i + 1);
        cr_assert_eq(p->deal_no, i + 1);
        if (elders) elders[i] = pq_partie_elder(p);
        cr_assert_eq(pq_partie_to_act(p), pq_partie_elder(p), "elder acts first in deal %d", i + 1);
        sr_partie_deal(p, deals[i], next);
    }
}

Test(rules, r4_the_deal_alternates_each_player_is_elder_three_times)
{
    const struct sr_script *deals[6] = { &sr_six_six, &sr_six_six, &sr_six_six,
                                         &sr_six_six, &sr_six_six, &sr_six_six };
    struct pq_partie p;
    int elders[6], count[2] = { 0, 0 };
    /* A deals deal 1, so B is elder in odd deals. */
    play_partie(&p, NULL, PQ_PLAYER_A, deals, 6, elders);
    for (int i = 0; i < 6; i++) {
        cr_assert_eq(elders[i], i % 2 == 0 ? PQ_PLAYER_B : PQ_PLAYER_A, "deal %d", i + 1);
        count[elders[i]]++;
    }
    cr_assert_eq(count[PQ_PLAYER_A], 3);
    cr_assert_eq(count[PQ_PLAYER_B], 3);
    play_partie(&p, NULL, PQ_PLAYER_B, deals, 6, elders);
    for (int i = 0; i < 6; i++)
        cr_assert_eq(elders[i], i % 2 == 0 ? PQ_PLAYER_A : PQ_PLAYER_B, "deal %d", i + 1);
}

Test(rules, r4_the_elder_of_any_deal_is_known_from_the_first_dealer_alone)
{
    /* pq_partie_elder_in is what records, transcripts and the viewer use:
     * it must name the elder the partie itself has in each deal, eight
     * deals included. */
    const struct sr_script *deals[8] = { &sr_six_six, &sr_six_six, &sr_six_six, &sr_six_six,
                                         &sr_six_six, &sr_six_six, &sr_six_six, &sr_six_six };
    for (int first = PQ_PLAYER_A; first <= PQ_PLAYER_B; first++) {
        struct pq_partie p;
        int elders[8];
        play_partie(&p, NULL, first, deals, 8, elders);
        for (int i = 0; i < 8; i++)
            cr_assert_eq(pq_partie_elder_in(first, i + 1), elders[i], "first dealer %d, deal %d", first, i + 1);
    }
    cr_assert_eq(pq_partie_elder_in(PQ_PLAYER_A, 1), PQ_PLAYER_B, "the dealer of deal 1 is not elder");
    cr_assert_eq(pq_partie_elder_in(PQ_PLAYER_A, 2), PQ_PLAYER_A);
    cr_assert_eq(pq_partie_elder_in(PQ_PLAYER_B, 1), PQ_PLAYER_A);
    cr_assert_eq(pq_partie_elder_in(PQ_PLAYER_B, 8), PQ_PLAYER_B);
}

Test(rules, r4_each_deal_scores_go_to_the_player_who_was_elder)
{
    const struct sr_script *deals[2] = { &sr_eleven, &sr_eleven };
    struct pq_partie p;
    play_partie(&p, NULL, PQ_PLAYER_A, deals, 2, NULL);
    cr_assert_eq(p.deal_scores[0][PQ_PLAYER_B], 82);   /* B elder in deal 1 */
    cr_assert_eq(p.deal_scores[0][PQ_PLAYER_A], 2);
    cr_assert_eq(p.deal_scores[1][PQ_PLAYER_A], 82);   /* A elder in deal 2 */
    cr_assert_eq(p.deal_scores[1][PQ_PLAYER_B], 2);
    cr_assert_eq(p.totals[PQ_PLAYER_A], 84);
    cr_assert_eq(p.totals[PQ_PLAYER_B], 84);
}

Test(rules, r28_a_tie_after_six_deals_brings_deals_7_and_8)
{
    const struct sr_script *deals[8] = { &sr_six_six, &sr_six_six, &sr_six_six, &sr_six_six,
                                         &sr_six_six, &sr_six_six, &sr_eleven, &sr_six_six };
    struct pq_partie p;
    play_partie(&p, NULL, PQ_PLAYER_A, deals, 6, NULL);
    /* 6 x 7 = 42 each: equal, each deals once more. */
    cr_assert_eq(p.totals[PQ_PLAYER_A], 42);
    cr_assert_eq(p.totals[PQ_PLAYER_B], 42);
    cr_assert_eq(p.over, 0);
    cr_assert_eq(p.n_deals, 8);
    cr_assert_eq(p.deal_no, 7);
    play_partie(&p, NULL, PQ_PLAYER_A, deals, 8, NULL);
    /* Deal 7 (B elder) 82-2 breaks the tie but deal 8 is still played:
     * A 42 + 2 + 7 = 51, B 42 + 82 + 7 = 131. A under 100: rubicon,
     * 100 + 131 + 51 = 282. */
    cr_assert_eq(p.over, 1);
    cr_assert_eq(p.deal_no, 8);
    cr_assert_eq(p.totals[PQ_PLAYER_A], 51);
    cr_assert_eq(p.totals[PQ_PLAYER_B], 131);
    cr_assert_eq(p.winner, PQ_PLAYER_B);
    cr_assert_eq(p.settlement, 282);
}

Test(rules, r28_a_deal_7_win_does_not_end_the_partie_before_deal_8)
{
    const struct sr_script *deals[7] = { &sr_six_six, &sr_six_six, &sr_six_six, &sr_six_six,
                                         &sr_six_six, &sr_six_six, &sr_eleven };
    struct pq_partie p;
    play_partie(&p, NULL, PQ_PLAYER_A, deals, 7, NULL);
    cr_assert_eq(p.over, 0);
    cr_assert_eq(p.deal_no, 8);
    cr_assert_eq(p.winner, -1);
}

Test(rules, r28_still_equal_after_eight_deals_is_a_draw)
{
    const struct sr_script *deals[8] = { &sr_six_six, &sr_six_six, &sr_six_six, &sr_six_six,
                                         &sr_six_six, &sr_six_six, &sr_six_six, &sr_six_six };
    struct pq_partie p;
    char err[256] = "";
    struct pq_action pass = { .kind = PQ_ACT_PASS };
    play_partie(&p, NULL, PQ_PLAYER_A, deals, 8, NULL);
    cr_assert_eq(p.over, 1);
    cr_assert_eq(p.totals[PQ_PLAYER_A], 56);   /* 8 x 7 */
    cr_assert_eq(p.totals[PQ_PLAYER_B], 56);
    cr_assert_eq(p.winner, -1);
    cr_assert_eq(p.settlement, 0);
    cr_assert_eq(pq_partie_to_act(&p), -1);
    cr_assert_eq(pq_partie_apply(&p, &pass, err, sizeof err), -1, "nothing after the end");
    cr_assert(err[0] != '\0');
}

Test(rules, r29_settlement_with_and_without_rubicon)
{
    cr_assert_eq(pq_settlement(150, 120), 130);   /* 100 + 150 - 120 */
    cr_assert_eq(pq_settlement(150, 100), 150);   /* 100 is not a rubicon: 100 + 50 */
    cr_assert_eq(pq_settlement(150, 99), 349);    /* rubicon: 100 + 150 + 99 */
    cr_assert_eq(pq_settlement(90, 60), 250);     /* winner under 100 too: 100 + 90 + 60 */
    cr_assert_eq(pq_settlement(70, 70), 0);
}

Test(rules, r29_partie_without_rubicon_scores_100_plus_the_difference)
{
    const struct sr_script *deals[6] = { &sr_hoyle, &sr_hoyle, &sr_hoyle, &sr_hoyle,
                                         &sr_hoyle, &sr_six_six };
    struct pq_partie p;
    play_partie(&p, NULL, PQ_PLAYER_A, deals, 6, NULL);
    /* B elder in deals 1, 3, 5: 3 x 170 = 510; A in 2, 4: 340; deal 6
     * 7-7. A 347, B 517: B wins after six deals; A over 100:
     * 100 + 517 - 347 = 270. */
    cr_assert_eq(p.over, 1);
    cr_assert_eq(p.n_deals, 6);
    cr_assert_eq(p.totals[PQ_PLAYER_A], 347);
    cr_assert_eq(p.totals[PQ_PLAYER_B], 517);
    cr_assert_eq(p.winner, PQ_PLAYER_B);
    cr_assert_eq(p.settlement, 270);
}

Test(rules, r29_partie_with_rubicon_scores_100_plus_both_totals)
{
    const struct sr_script *deals[6] = { &sr_hoyle, &sr_six_six, &sr_six_six, &sr_six_six,
                                         &sr_six_six, &sr_six_six };
    struct pq_partie p;
    play_partie(&p, NULL, PQ_PLAYER_A, deals, 6, NULL);
    /* B 170 + 5 x 7 = 205, A 5 x 7 = 35 < 100: 100 + 205 + 35 = 340. */
    cr_assert_eq(p.over, 1);
    cr_assert_eq(p.totals[PQ_PLAYER_A], 35);
    cr_assert_eq(p.totals[PQ_PLAYER_B], 205);
    cr_assert_eq(p.winner, PQ_PLAYER_B);
    cr_assert_eq(p.settlement, 340);
}

Test(rules, variant_partie_deals_4_doubles_deals_1_and_4)
{
    const struct sr_script *deals[4] = { &sr_eleven, &sr_six_six, &sr_six_six, &sr_six_six };
    struct pq_rules rules = sr_rules("partie_deals", "4");
    struct pq_partie p;
    play_partie(&p, &rules, PQ_PLAYER_A, deals, 4, NULL);
    cr_assert_eq(pq_partie_weight(&p, 1), 2);
    cr_assert_eq(pq_partie_weight(&p, 2), 1);
    cr_assert_eq(pq_partie_weight(&p, 3), 1);
    cr_assert_eq(pq_partie_weight(&p, 4), 2);
    /* Deal 1 (B elder) 82-2 doubled: B 164, A 4; deals 2, 3: 7-7; deal 4
     * doubled 14-14. A 4 + 7 + 7 + 14 = 32, B 164 + 7 + 7 + 14 = 192;
     * rubicon: 100 + 192 + 32 = 324. */
    cr_assert_eq(p.deal_scores[0][PQ_PLAYER_B], 164);
    cr_assert_eq(p.deal_scores[0][PQ_PLAYER_A], 4);
    cr_assert_eq(p.deal_scores[3][PQ_PLAYER_A], 14);
    cr_assert_eq(p.over, 1);
    cr_assert_eq(p.totals[PQ_PLAYER_A], 32);
    cr_assert_eq(p.totals[PQ_PLAYER_B], 192);
    cr_assert_eq(p.winner, PQ_PLAYER_B);
    cr_assert_eq(p.settlement, 324);
}

/* test_tarocchini_play.c - the play, the Matto and the scoring of a deal
 * (shared/RULES-tarocchini.md O21-O32): obligations, the Matto led and
 * played, trick winners, signals, the Matto's exchange and handover order,
 * piles and card points. Hands are set directly in a deal's state and
 * played through the engine's parser and checks. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "engine/rng.h"
#include "tests/test_tarocchini_support.h"

static struct tar_rules rules_default(void)
{
    struct tar_rules r;
    tar_rules_default(&r);
    return r;
}

static void play_phase(struct tar_deal *d, const char *h0, const char *h1, const char *h2, const char *h3)
{
    uint8_t deck[TAR_CARDS];
    struct tar_rules r = rules_default();
    for (int i = 0; i < TAR_CARDS; i++) deck[i] = (uint8_t)i;
    tar_deal_init(d, &r, deck);
    d->hand[0] = tk_cards(h0);
    d->hand[1] = tk_cards(h1);
    d->hand[2] = tk_cards(h2);
    d->hand[3] = tk_cards(h3);
    d->phase = TAR_PHASE_PLAY;
    d->to_act = 0;
    tar_deal_refresh(d);
}

/* Plays `text` for the seat to act: 0 or 1 (deal over), -1 with err. */
static int play(struct tar_deal *d, const char *text, char *err, int cap)
{
    struct tar_action a;
    if (tar_action_parse(text, (int)strlen(text), &a, err, cap) < 0 || tar_deal_check(d, &a, err, cap) < 0) return -1;
    return tar_deal_apply(d, &a);
}

static void must(struct tar_deal *d, const char *text)
{
    char err[128];
    cr_assert_geq(play(d, text, err, sizeof err), 0, "%s: %s", text, err);
}

Test(tarocchini_play, o21_the_winner_of_a_trick_leads_the_next_and_15_tricks_end_the_deal)
{
    struct tar_deal d;
    play_phase(&d, "6S 6B", "KS 7B", "7S 8B", "8S 9B");
    d.trick = 13;
    must(&d, "play 6S");
    must(&d, "play KS");
    must(&d, "play 7S");
    must(&d, "play 8S");
    cr_expect_eq(d.to_act, 1);
    cr_expect_eq(d.leader, 1);
    char err[64];
    must(&d, "play 7B");
    must(&d, "play 8B");
    must(&d, "play 9B");
    cr_expect_eq(play(&d, "play 6B", err, sizeof err), 1);
    cr_expect_eq(d.phase, TAR_PHASE_OVER);
    cr_expect_eq(d.tricks_won[1], 2);
}

Test(tarocchini_play, o22_follow_suit_else_trump_else_any_card)
{
    struct tar_deal d;
    char err[64];
    play_phase(&d, "6S", "KS T5 KB", "M1 KB", "KC QC");
    d.hand[2] = tk_cards("M1 KD");
    must(&d, "play 6S");
    cr_expect_eq(play(&d, "play T5", err, sizeof err), -1);
    cr_expect_str_eq(err, "must follow suit");
    cr_expect_eq(tar_deal_playable(&d), tk_cards("KS"));
    must(&d, "play KS");
    cr_expect_eq(play(&d, "play KD", err, sizeof err), -1);
    cr_expect_str_eq(err, "must play a trump");
    must(&d, "play M1");
    cr_expect_eq(tar_deal_playable(&d), tk_cards("KC QC"));   /* no sword, no trump: any */
    must(&d, "play QC");
    cr_expect_eq(d.winners[0], 2);
}

Test(tarocchini_play, o22_trumps_are_a_suit_to_follow)
{
    struct tar_deal d;
    char err[64];
    play_phase(&d, "AN", "T5 KS", "6S 7S", "8S 9S");
    must(&d, "play AN");
    cr_expect_eq(play(&d, "play KS", err, sizeof err), -1);
    cr_expect_str_eq(err, "must follow suit");
}

Test(tarocchini_play, o22_the_matto_may_be_played_at_any_time_even_when_able_to_follow)
{
    struct tar_deal d;
    play_phase(&d, "6S", "KS MA", "7S", "8S");
    must(&d, "play 6S");
    cr_expect_eq(tar_deal_playable(&d), tk_cards("KS MA"));
    must(&d, "play MA");
    must(&d, "play 7S");
    must(&d, "play 8S");
    cr_expect_eq(d.winners[0], 3);   /* O24: the Matto never wins */
}

Test(tarocchini_play, o23_after_a_matto_lead_the_next_card_fixes_the_suit)
{
    struct tar_deal d;
    char err[64];
    play_phase(&d, "MA", "6C T5", "KS KC", "T6 7C");
    must(&d, "play MA");
    cr_expect_eq(tar_deal_playable(&d), tk_cards("6C T5"));   /* anything */
    must(&d, "play 6C");
    cr_expect_eq(play(&d, "play KS", err, sizeof err), -1);
    cr_expect_str_eq(err, "must follow suit");
    must(&d, "play KC");
    cr_expect_eq(tar_deal_playable(&d), tk_cards("7C"));
    must(&d, "play 7C");
    cr_expect_eq(d.winners[0], 2);
}

Test(tarocchini_play, o24_the_highest_trump_wins_else_the_highest_card_of_the_suit_led)
{
    struct tar_rules r = rules_default();
    uint8_t t1[4] = { (uint8_t)tk_card("9S"), (uint8_t)tk_card("KB"), (uint8_t)tk_card("6S"), (uint8_t)tk_card("TS") };
    cr_expect_eq(tar_trick_winner(&r, t1, 4, 2), (2 + 3) % 4);   /* TS, the highest sword; KB is off-suit */
    uint8_t t2[4] = { (uint8_t)tk_card("KS"), TAR_BE, (uint8_t)tk_card("QS"), TAR_MA };
    cr_expect_eq(tar_trick_winner(&r, t2, 4, 0), 1);
    uint8_t t3[4] = { TAR_MA, (uint8_t)tk_card("6D"), (uint8_t)tk_card("TD"), (uint8_t)tk_card("KS") };
    cr_expect_eq(tar_trick_winner(&r, t3, 4, 0), 1);   /* coins inverted: 6 beats T */
}

Test(tarocchini_play, o25_signals_on_a_lead_volo_only_when_true)
{
    struct tar_deal d;
    char err[64];
    play_phase(&d, "KS 6S T16", "7S", "8S", "9S");
    cr_expect_eq(play(&d, "play KS volo", err, sizeof err), -1);
    cr_expect_str_eq(err, "volo is false");
    cr_expect_eq(play(&d, "play T16 volo striscio", err, sizeof err), 0, "%s", err);   /* the last trump */
    cr_expect_eq(d.signals[0], TAR_SIGNAL_VOLO | TAR_SIGNAL_STRISCIO);
    cr_expect_eq(play(&d, "play 7S busso", err, sizeof err), -1);
    cr_expect_str_eq(err, "signal not allowed");   /* not a lead */
}

Test(tarocchini_play, o25_up_to_two_different_signals_none_on_the_matto)
{
    struct tar_deal d;
    char err[64], text[64];
    play_phase(&d, "KS 6S MA", "7S", "8S", "9S");
    cr_expect_eq(play(&d, "play KS busso busso", err, sizeof err), -1);
    cr_expect_str_eq(err, "signal not allowed");
    cr_expect_eq(play(&d, "play KS busso striscio volo", err, sizeof err), -1);
    cr_expect_eq(play(&d, "play MA busso", err, sizeof err), -1);
    cr_expect_str_eq(err, "signal not allowed");
    cr_expect_eq(play(&d, "play KS shout", err, sizeof err), -1);
    cr_expect_str_eq(err, "unknown action");
    /* the list: KS and 6S with none, busso, striscio, busso striscio; MA bare */
    cr_expect_eq(tar_deal_legal_count(&d), 9);
    tar_deal_legal_text(&d, 0, text, sizeof text);
    cr_expect_str_eq(text, "play MA");
    tar_deal_legal_text(&d, 3, text, sizeof text);
    cr_expect_str_eq(text, "play KS striscio");
    cr_expect_geq(tar_deal_find_legal(&d, "play KS striscio busso", 22), 0);   /* either order */
    cr_expect_eq(tar_deal_find_legal(&d, "play KS striscio busso", 22), tar_deal_find_legal(&d, "play KS busso striscio", 22));
    d.hand[0] = tk_cards("KS");
    tar_deal_refresh(&d);
    cr_expect_eq(tar_deal_legal_count(&d), 7);   /* volo true: all seven sets */
}

/* A deal at its end: team `own`'s seat `seat` played the Matto in trick
 * `trick`, won by `taker`'s seat; the piles and trick counts as given. */
static void ended(struct tar_deal *d, int seat, int trick, int winner, tar_mask won0, tar_mask won1, int n0, int n1)
{
    play_phase(d, "", "", "", "");
    d->phase = TAR_PHASE_OVER;
    d->to_act = -1;
    d->trick = TAR_TRICKS;
    d->matto_seat = (int8_t)seat;
    d->matto_trick = (int8_t)trick;
    d->winners[trick] = (uint8_t)winner;
    d->winners[TAR_TRICKS - 1] = (uint8_t)(n1 && !n0 ? 1 : 0);
    d->won[0] = won0;
    d->won[1] = won1;
    d->tricks_won[0] = (uint8_t)n0;
    d->tricks_won[1] = (uint8_t)n1;
}

Test(tarocchini_play, o26_the_matto_returns_to_its_team_which_hands_over_one_card)
{
    struct tar_deal d;
    struct tar_result r;
    ended(&d, 0, 2, 1, tk_cards("KS QS 8S AB"), tk_cards("MA KB QB 7B"), 1, 1);
    tar_score(&d, &r);
    cr_expect_eq(r.handover, tk_card("8S"));
    cr_expect_eq(r.piles[0], tk_cards("KS QS MA AB"));
    cr_expect_eq(r.piles[1], tk_cards("8S KB QB 7B"));
    cr_expect_eq(r.matto_kept_by, 0);
    cr_expect_eq(r.matto_trick, 3);
}

Test(tarocchini_play, o26_a_matto_whose_team_took_no_trick_stays_with_the_winners)
{
    struct tar_deal d;
    struct tar_result r;
    ended(&d, 1, 0, 0, tk_cards("MA KB QB 7B"), 0, 1, 0);
    tar_score(&d, &r);
    cr_expect_eq(r.handover, TAR_NO_CARD);
    cr_expect_eq(r.matto_kept_by, 0);
    cr_expect(r.piles[0] & TAR_BIT(TAR_MA));
}

Test(tarocchini_play, o26_a_matto_won_by_its_own_team_stays_and_a_discarded_one_follows_the_discards)
{
    struct tar_deal d;
    struct tar_result r;
    ended(&d, 0, 0, 2, tk_cards("MA KB QB 7B"), tk_cards("6S 7S 8S 9S"), 1, 1);
    tar_score(&d, &r);
    cr_expect_eq(r.handover, TAR_NO_CARD);
    cr_expect_eq(r.matto_kept_by, 0);
    ended(&d, -1, 0, 0, tk_cards("6S 7S 8S 9S"), tk_cards("KB QB 7B 6B"), 1, 1);
    d.discards = tk_cards("MA 9B");
    tar_score(&d, &r);
    cr_expect_eq(r.matto_seat, -1);   /* "matto": null */
    cr_expect(r.piles[1] & TAR_BIT(TAR_MA));
}

Test(tarocchini_play, o27_the_handover_order_numerals_aces_trumps_moors_courts_tarocchi)
{
    static const char *const piles[][2] = {
        { "TS 6B AS KS", "TS" },   { "6B AS KS TD", "6B" },   { "AS AB T5 KD", "AS" },   { "T16 T5 M1 KD", "T5" },
        { "M3 MO JB KD", "M3" },   { "MO SU JB KD", "MO" },   { "SU JB NS KD", "SU" },
        { "JD NS QS KD", "JD" },   { "NB QS KS WO", "NB" },   { "QD KS WO AN", "QD" },
        { "KD WO AN BE", "KD" },   { "WO AN BE KD", "KD" },
    };
    for (size_t i = 0; i < sizeof piles / sizeof piles[0]; i++) {
        struct tar_deal d;
        struct tar_result r;
        ended(&d, 0, 2, 1, tk_cards(piles[i][0]), tk_cards("MA 6C 7C 8C"), 1, 1);
        tar_score(&d, &r);
        cr_expect_eq(r.handover, tk_card(piles[i][1]), "%s: %s", piles[i][0], tar_card_name(r.handover));
    }
    struct tar_deal d;
    struct tar_result r;
    ended(&d, 0, 2, 1, tk_cards("WO AN BE 6C"), tk_cards("MA 7C 8C 9C"), 1, 1);
    d.won[0] = tk_cards("WO AN BE") | TAR_BIT(tk_card("KS"));
    tar_score(&d, &r);
    cr_expect_eq(r.handover, tk_card("KS"));
    d.won[0] = tk_cards("AN BE WO TD");
    tar_score(&d, &r);
    cr_expect_eq(r.handover, tk_card("TD"));
}

Test(tarocchini_play, o28_o32_piles_are_even_hold_62_cards_and_card_points_with_last_make_93)
{
    uint64_t seed = 77;
    for (int deal = 0; deal < 200; deal++) {
        struct tar_match m;
        tk_start(&m, NULL, NULL);
        uint8_t deck[TAR_CARDS];
        tar_deck_from_seed(1000 + (uint64_t)deal, 1, deck);
        tar_deal_init(&m.deal, &m.rules, deck);
        while (tk_random_action(&m, &seed) != GAME_DEAL_OVER) continue;
        const struct tar_result *r = &m.results[0];
        cr_assert_eq(r->piles[0] & r->piles[1], 0);
        cr_assert_eq(r->piles[0] | r->piles[1], TAR_ALL);
        cr_assert_eq(tar_count(r->piles[0]) % 2, 0);
        cr_assert_eq(tar_card_points(r->piles[0]) + tar_card_points(r->piles[1]) + 6, 93);
    }
}

Test(tarocchini_play, o29_a_team_scores_cricche_sequences_cards_and_last_from_its_won_cards)
{
    struct tar_match m;
    tk_start(&m, NULL, tk_e2_deck);
    tk_play(&m, tk_e2_actions, TT_E2_ACTIONS);
    cJSON *r = tk_deal_result(&m);
    static const char *const order[] = { "hand_sequences", "hand_cricche", "hand_cricche", "hand_sequences",
                                         "cricche", "sequences", "cards", "last" };
    int i = 0;
    const cJSON *ev;
    cJSON_ArrayForEach(ev, cJSON_GetObjectItem(r, "events")) {
        cr_assert_lt(i, 8);
        cr_expect_str_eq(cJSON_GetObjectItem(ev, "category")->valuestring, order[i]);
        i++;
    }
    cr_expect_eq(i, 8);
    cJSON_Delete(r);
}

Test(tarocchini_play, o29_the_sequences_are_the_maximum_total_then_doubled)
{
    /* BE fills 14 (grande 50 + swords 10 = 60, two sequences) or makes a
     * third, the Moors (20 + 10 + 10 = 40, doubled 80): the maximum total
     * is 60, O17 does not double it */
    struct tar_rules r;
    int total, count;
    tar_rules_default(&r);
    tar_pile_sequences(tk_cards("AN WO SU T16 T15 T13 T12 T11 T10 T9 BE M1 M2 KS QS NS"), &r, &total, &count);
    cr_expect_eq(total, 60);
    cr_expect_eq(count, 2);
    cr_expect_eq(tar_doubled(total, count), 60);
    /* BE to the grande (15 + 10) or to the Moors (10 + 10 + 10): 30, three sequences, doubled */
    tar_pile_sequences(tk_cards("AN WO SU BE M1 M2 KS QS NS"), &r, &total, &count);
    cr_expect_eq(total, 30);
    cr_expect_eq(count, 3);
}

Test(tarocchini_play, o30_every_pairing_of_a_pile_gives_the_formulas_card_points)
{
    struct pq_rng rng;
    pq_rng_seed(&rng, 30);
    cr_expect_eq(tar_card_points(tk_cards("KS 7S")), 5);
    cr_expect_eq(tar_card_points(tk_cards("KS QS")), 8);
    cr_expect_eq(tar_card_points(tk_cards("7S 8S")), 1);
    cr_expect_eq(tar_card_points(TAR_ALL), 87);
    for (int trial = 0; trial < 500; trial++) {
        uint8_t deck[TAR_CARDS];
        tar_deck_from_seed(31, trial + 1, deck);
        int n = 2 * (1 + (int)pq_rng_below(&rng, 31));
        tar_mask pile = 0;
        int paired = 0;
        for (int i = 0; i < n; i++) pile |= TAR_BIT(deck[i]);
        for (int i = 0; i < n; i += 2) {   /* a random pairing: the deck's order */
            int a = tar_card_value(deck[i]), b = tar_card_value(deck[i + 1]);
            paired += !a && !b ? 1 : !a || !b ? a + b : a + b - 1;
        }
        cr_assert_eq(tar_card_points(pile), paired, "trial %d", trial);
    }
}

Test(tarocchini_play, o31_a_deal_score_is_the_declarations_plus_the_won_cards_with_no_minimum)
{
    struct tar_match m;
    tk_start(&m, NULL, tk_e3_deck);
    static const char *const pre[] = { "discard 6B 6C", "declare sequence AN WO SU MO T16 T15 T14 T13 T12 T11 T10 T9 T8 T7",
                                       "pass", "pass", "pass", "pass" };
    tk_play(&m, pre, 6);
    cr_expect_eq(m.deal.phase, TAR_PHASE_PLAY);
    uint64_t seed = 5;
    while (tk_random_action(&m, &seed) != GAME_DEAL_OVER) continue;
    const struct tar_result *r = &m.results[0];
    int sums[2] = { 0, 0 };
    for (int i = 0; i < r->n_events; i++) sums[r->events[i].side] += r->events[i].points;
    cr_expect_eq(sums[0], r->teams[0]);
    cr_expect_eq(sums[1], r->teams[1]);
    cr_expect_geq(r->teams[0], 65);   /* the hand declaration scores whatever the play */
}

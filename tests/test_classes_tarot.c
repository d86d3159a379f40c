/* test_classes_tarot.c - equivalent cards of a Tarot card play (game.h
 * play_classes, tarot.h tarot_deal_play_classes): a run of half-point
 * cards of one seat with nothing still in play between them is one class,
 * and each reason to keep two cards apart does (a card between them in
 * another hand or on the table, other points, a bout, another suit, the
 * called card, a poignée); -1 outside the card play; and over seeded
 * random matches at 3, 4 and 5 players, every card of a class and its
 * class's first card, each followed by the same later choices, end the
 * deal with the same scores.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/rng.h"
#include "engine/tarot/tarot.h"
#include "tests/support_play.h"
#include "tests/test_tarot_support.h"

static const struct game *const g = &tarot_game;

/* A card play whose seat to act leads trick `trick`. */
static int leads_trick(const void *m, int trick)
{
    const struct tarot_deal *d = &((const struct tarot_match *)m)->deal;
    return d->phase == TAROT_PLAY && d->trick_no == trick && d->in_trick == 0;
}

/* A new match of `players` from `seed`, played at random (void deals
 * settled) until the seat to act leads trick `trick`; NULL when the
 * match ends first. */
static struct tarot_match *lead_of_trick(int players, uint64_t seed, int trick)
{
    struct game_setup setup = { players, seed, 0, NULL, 0 };
    return support_play_until(g, &setup, seed * 7919, leads_trick, trick);
}

static int card(const char *token)
{
    int c = tarot_card_parse(token);
    cr_assert_geq(c, 0);
    return c;
}

/* A 4-player card play at trick `trick` (0 or 2), the seat to act leading
 * it, every hand emptied: the tests deal the cards they need. */
static struct tarot_match *empty_table(int trick)
{
    struct tarot_match *m = NULL;
    for (uint64_t seed = 1; !m; seed++) {
        cr_assert_lt(seed, 100);
        m = lead_of_trick(4, seed, trick);
    }
    for (int s = 0; s < 4; s++) m->deal.hand[s] = 0;
    return m;
}

/* The hand of the seat to act (`own`) and of the next seat (`other`); the
 * cards no hand holds are out of play. */
static void deal_hands(struct tarot_match *m, const char *own, const char *other)
{
    struct tarot_deal *d = &m->deal;
    d->hand[d->to_act] = tt_cards(own);
    d->hand[(d->to_act + 1) % d->n] = tt_cards(other);
    tarot_deal_refresh(d);
}

/* The leader plays `lead` (from a hand of that card alone); the next seat
 * then holds `own`, and the one after it `other`. */
static void lead_then(struct tarot_match *m, const char *lead, const char *own, const char *other)
{
    struct tarot_deal *d = &m->deal;
    int leader = d->to_act;
    d->hand[leader] = tt_cards(lead);
    d->hand[(leader + 1) % 4] = tt_cards(own);
    d->hand[(leader + 2) % 4] = tt_cards(other);
    tarot_deal_refresh(d);
    cr_assert_eq(tarot_deal_play(d, card(lead)), 0);
    cr_assert_eq(d->to_act, (leader + 1) % 4);
}

static uint8_t out[1 << 16];

/* The classes of the seat to act, checked for their form: 0 returned,
 * each class's first its own, each entry at or before its index. */
static void classes(const struct tarot_match *m)
{
    int n = g->legal_count(m);
    cr_assert_leq(n, (int)sizeof out);
    cr_assert_eq(g->play_classes(m, out, n), 0);
    for (int i = 0; i < n; i++) {
        cr_assert_leq(out[i], i);
        cr_assert_eq(out[out[i]], out[i]);
    }
}

/* The legal index of a play of `token` (it must be playable). */
static int index_of(const struct tarot_match *m, const char *token)
{
    int c = card(token);
    cr_assert(tarot_has(m->deal.playable, c), "%s is not playable", token);
    return tarot_count(m->deal.playable & (TAROT_BIT(c) - 1));
}

static int together(const struct tarot_match *m, const char *a, const char *b)
{
    classes(m);
    return out[index_of(m, a)] == out[index_of(m, b)];
}

/* ---- (a) constructed positions ---- */

Test(classes_tarot, a_run_of_half_point_cards_with_nothing_between_is_one_class)
{
    struct tarot_match *m = empty_table(2);
    /* 07 and 4S are out of play: 05 06 08 are one class, 2S 3S 5S another */
    deal_hands(m, "05 06 08 2S 3S 5S", "");
    classes(m);
    static const uint8_t want[6] = { 0, 0, 0, 3, 3, 3 };
    for (int i = 0; i < 6; i++) cr_assert_eq(out[i], want[i], "play %d: class %d, not %d", i, out[i], want[i]);
    free(m);
}

Test(classes_tarot, a_trump_between_in_another_hand_keeps_two_apart)
{
    struct tarot_match *m = empty_table(2);
    deal_hands(m, "05 07", "");
    cr_assert(together(m, "05", "07"), "06 out of play: one class");
    deal_hands(m, "05 07", "06");
    cr_assert_not(together(m, "05", "07"), "06 in another hand");
    /* a run is cut where the other hand's card falls */
    deal_hands(m, "05 06 08", "07");
    cr_assert(together(m, "05", "06"));
    cr_assert_not(together(m, "06", "08"));
    free(m);
}

Test(classes_tarot, a_card_between_on_the_table_keeps_two_apart)
{
    struct tarot_match *m = empty_table(2), *c = malloc(sizeof *c);
    cr_assert(c);
    memcpy(c, m, sizeof *c);
    lead_then(c, "7S", "4S 6S", "");
    cr_assert(together(c, "4S", "6S"), "5S out of play: one class");
    memcpy(c, m, sizeof *c);
    lead_then(c, "5S", "4S 6S", "");
    cr_assert_not(together(c, "4S", "6S"), "5S on the table: 6S wins the trick, 4S does not");
    free(c);
    free(m);
}

Test(classes_tarot, cards_of_other_points_stay_apart)
{
    struct tarot_match *m = empty_table(2);
    /* 10 (half a point), jack (1.5), knight (2.5), queen (3.5), king (4.5) */
    deal_hands(m, "TS JS NS QS KS", "");
    classes(m);
    for (int i = 0; i < 5; i++) cr_assert_eq(out[i], i, "play %d joined %d", i, out[i]);
    free(m);
}

Test(classes_tarot, the_bouts_stay_apart)
{
    struct tarot_match *m = empty_table(2);
    deal_hands(m, "01 02", "");
    cr_assert_not(together(m, "01", "02"), "the Petit (F32) with the 02");
    deal_hands(m, "20 21 EX", "");
    cr_assert_not(together(m, "20", "21"), "the 21 (F29) with the 20");
    cr_assert_not(together(m, "21", "EX"), "the 21 with the Excuse (F26)");
    free(m);
}

Test(classes_tarot, cards_of_two_suits_stay_apart)
{
    struct tarot_match *m = empty_table(2);
    /* the 21, the Excuse, the spades' faces all out of play */
    deal_hands(m, "20 1S", "");
    cr_assert_not(together(m, "20", "1S"), "a trump and a spade");
    deal_hands(m, "TS 1H", "");
    cr_assert_not(together(m, "TS", "1H"), "a spade and a heart");
    free(m);
}

/* The called card is a face card by F15, alone by its points; the rule
 * that keeps it alone is tried here on a pip card called against the
 * rules. */
Test(classes_tarot, the_called_card_stays_alone)
{
    struct tarot_match *m = empty_table(2);
    m->deal.called = (uint8_t)card("KH");
    deal_hands(m, "2S 3S 4S", "");
    cr_assert(together(m, "2S", "4S"));
    m->deal.called = (uint8_t)card("3S");
    deal_hands(m, "2S 3S 4S", "");
    cr_assert_not(together(m, "2S", "3S"), "the called card joined a class");
    cr_assert_not(together(m, "3S", "4S"), "the called card joined a class");
    free(m);
}

Test(classes_tarot, a_poignee_is_its_own_class)
{
    struct tarot_match *m = empty_table(0);
    deal_hands(m, "02 03 04 05 06 07 08 09 10 11 12", "");
    int n = g->legal_count(m), plays = m->deal.n_playable;
    cr_assert_eq(plays, 11);
    cr_assert_gt(n, plays, "a poignée of 10 is showable");
    classes(m);
    for (int i = 0; i < plays; i++) cr_assert_eq(out[i], 0, "the run 02..12 is one class");
    for (int i = plays; i < n; i++) cr_assert_eq(out[i], i, "poignée %d joined %d", i, out[i]);
    free(m);
}

/* ---- (c) outside the card play ---- */

Test(classes_tarot, no_classes_outside_the_card_play)
{
    char err[160];
    struct tarot_match *m = malloc(sizeof *m);
    struct game_setup setup = { 4, 5, 0, NULL, 0 };
    cr_assert(m);
    cr_assert_eq(g->create(m, &setup, err, sizeof err), 0, "%s", err);
    memset(out, 0xa5, 64);
    cr_assert_eq(m->deal.phase, TAROT_AUCTION);
    cr_assert_eq(g->play_classes(m, out, g->legal_count(m)), -1, "the auction");
    m->deal.phase = TAROT_DISCARD;
    cr_assert_eq(g->play_classes(m, out, 8), -1, "the discard");
    m->deal.phase = TAROT_CHELEM;
    cr_assert_eq(g->play_classes(m, out, 2), -1, "the chelem said");
    m->deal.phase = TAROT_OVER;
    cr_assert_eq(g->play_classes(m, out, 0), -1, "a deal over");
    free(m);
    m = empty_table(2);
    deal_hands(m, "05 06", "");
    m->over = 1;
    cr_assert_eq(g->play_classes(m, out, 2), -1, "the match over");
    for (int i = 0; i < 64; i++) cr_assert_eq(out[i], 0xa5, "out[%d] touched", i);
    free(m);
}

/* ---- (b) soundness over random matches ---- */

/* From m, plays action `first`, then to the end of the deal the choice of
 * `way` at every ply: 0 the first legal action, 1 the last, else the
 * index drawn from a generator seeded with `way`; the scores into sc. */
static void play_out(const struct tarot_match *m, int first, uint64_t way, struct tarot_match *x, long *sc,
                     int *counts, int cap)
{
    struct pq_rng rng;
    int deal = m->deal_no, plies = 0;
    memcpy(x, m, sizeof *x);
    pq_rng_seed(&rng, way);
    cr_assert_neq(g->apply_legal(x, first), GAME_ILLEGAL);
    while (x->deal_no == deal && !x->over) {
        int n = g->legal_count(x);
        cr_assert_gt(n, 0);
        if (plies < cap) counts[plies] = n;
        plies++;
        int i = way == 0 ? 0 : way == 1 ? n - 1 : (int)pq_rng_below(&rng, (uint32_t)n);
        cr_assert_neq(g->apply_legal(x, i), GAME_ILLEGAL);
    }
    if (plies < cap) counts[plies] = -1;
    g->scores(x, sc);
}

struct tally {
    long positions, merged_positions, pairs;
};

/* Every card play of one seeded random match: each legal play against its
 * class's first, under four ways of playing on. */
static void check_match(int players, uint64_t seed, const char *const *rules, struct tally *t)
{
    char err[160];
    struct tarot_match *m = malloc(sizeof *m), *x = malloc(sizeof *x), *y = malloc(sizeof *y);
    struct game_setup setup = { players, seed, 0, rules, 0 };
    struct pq_rng rng;
    static int cx[128], cy[128];
    long sx[GAME_MAX_PLAYERS], sy[GAME_MAX_PLAYERS];
    cr_assert(m && x && y);
    cr_assert_eq(g->create(m, &setup, err, sizeof err), 0, "%s", err);
    pq_rng_seed(&rng, seed * 104729);
    while (g->to_act(m) >= 0) {
        if (g->settle(m) == GAME_DEAL_OVER) continue;
        int n = g->legal_count(m);
        cr_assert_gt(n, 0);
        if (m->deal.phase == TAROT_PLAY) {
            int merged = 0;
            classes(m);
            t->positions++;
            for (int i = 0; i < n; i++) {
                if (out[i] == i) continue;
                merged = 1;
                t->pairs++;
                for (uint64_t way = 0; way < 4; way++) {
                    uint64_t w = way < 2 ? way : seed * 1000 + (uint64_t)i * 10 + way;
                    play_out(m, out[i], w, x, sx, cx, 128);
                    play_out(m, i, w, y, sy, cy, 128);
                    for (int k = 0; k < 128 && cx[k] >= 0; k++)
                        cr_assert_eq(cx[k], cy[k], "%d players, seed %llu, deal %d, trick %d: ply %d after plays %d and %d "
                                     "has %d and %d legal actions", players, (unsigned long long)seed, m->deal_no,
                                     m->deal.trick_no, k, out[i], i, cx[k], cy[k]);
                    for (int p = 0; p < players; p++)
                        cr_assert_eq(sx[p], sy[p], "%d players, seed %llu, deal %d, trick %d, way %d: plays %d and %d "
                                     "of one class score %ld and %ld for player %d", players,
                                     (unsigned long long)seed, m->deal_no, m->deal.trick_no, (int)way, out[i], i,
                                     sx[p], sy[p], p);
                }
            }
            t->merged_positions += merged;
        }
        cr_assert_neq(g->apply_legal(m, (int)pq_rng_below(&rng, (uint32_t)n)), GAME_ILLEGAL);
    }
    free(m);
    free(x);
    free(y);
}

Test(classes_tarot, cards_of_one_class_score_alike_over_random_matches, .timeout = 600)
{
    static const char *const variants[] = { "excuse_last=winner", "half_point=down", "called_suit_lead=free", NULL };
    for (int players = 3; players <= 5; players++) {
        struct tally t = { 0, 0, 0 };
        check_match(players, 11 + (uint64_t)players, NULL, &t);
        check_match(players, 23 + (uint64_t)players, variants, &t);
        cr_log_info("tarot %d players: %ld card-play positions, %ld (%.1f%%) with a class of two or more, %ld plays "
                    "merged", players, t.positions, t.merged_positions, 100.0 * (double)t.merged_positions / (double)t.positions,
                    t.pairs);
        fprintf(stderr, "tarot %d players: %ld card-play positions, %ld (%.1f%%) with a class of two or more, %ld plays "
                "merged\n", players, t.positions, t.merged_positions,
                100.0 * (double)t.merged_positions / (double)t.positions, t.pairs);
        cr_assert_gt(t.pairs, 300, "%d players: only %ld merged plays", players, t.pairs);
    }
}

/* test_position_tarocchini.c - Tarocchini's position key (game.h
 * position, tarocchini.h tar_deal_position): two orders of play to one
 * position share a key, every field that bears on the rest of the deal or
 * its score changes it, it is 0 outside the play, and over random matches
 * two states of one key agree on their legal actions and their score. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "engine/rng.h"
#include "tests/support_transpose.h"
#include "tests/test_tarocchini_support.h"

static struct tar_match m, other;

/* E2's plays are 4 to a trick from action 11; trick 5 (T16 KB JB 9B) and
 * trick 6 (T15 KC JC 8B) are both won by seat 0's lead. */
enum { E2_PLAYS = 11, E2_TRICK5 = E2_PLAYS + 4 * 4, E2_TRICK6 = E2_TRICK5 + 4, E2_TRICK7 = E2_TRICK6 + 4 };

static uint64_t key(const struct tar_match *x)
{
    return tarocchini_game.position(x);
}

/* E2 to trick 4's end, then tricks 5 and 6 in the order asked. */
static void e2_to_trick_7(int swapped)
{
    tk_start(&m, NULL, tk_e2_deck);
    tk_play(&m, tk_e2_actions, E2_TRICK5);
    tk_play(&m, tk_e2_actions + (swapped ? E2_TRICK6 : E2_TRICK5), 4);
    tk_play(&m, tk_e2_actions + (swapped ? E2_TRICK5 : E2_TRICK6), 4);
}

Test(position_tarocchini, two_tricks_in_either_order_give_one_key)
{
    char a[4000], b[4000];
    e2_to_trick_7(0);
    other = m;
    e2_to_trick_7(1);
    cr_assert_neq(memcmp(m.deal.cards, other.deal.cards, sizeof m.deal.cards), 0, "two orders of play");
    cr_assert_neq(key(&m), 0);
    cr_expect_eq(key(&m), key(&other));
    tk_legal_list(&m, a, sizeof a);
    tk_legal_list(&other, b, sizeof b);
    cr_expect_str_eq(a, b);
    /* on to the deal's end by the same plays: one score */
    tk_play(&m, tk_e2_actions + E2_TRICK7, TT_E2_ACTIONS - E2_TRICK7 - 2);
    tk_play(&other, tk_e2_actions + E2_TRICK7, TT_E2_ACTIONS - E2_TRICK7 - 2);
    cr_expect_eq(key(&m), key(&other), "two cards before the end");
    tk_play(&m, tk_e2_actions + TT_E2_ACTIONS - 2, 1);
    cr_expect_neq(key(&m), key(&other), "one card more on the table");
    tk_play(&m, tk_e2_actions + TT_E2_ACTIONS - 1, 1);
    tk_play(&other, tk_e2_actions + TT_E2_ACTIONS - 2, 2);
    long sa[4], sb[4];
    tarocchini_game.scores(&m, sa);
    tarocchini_game.scores(&other, sb);
    cr_expect_eq(memcmp(sa, sb, sizeof sa), 0);
}

#define CHANGES(change)                                                                         \
    do {                                                                                        \
        other = m;                                                                              \
        struct tar_deal *d = &other.deal;                                                       \
        change;                                                                                 \
        cr_expect_neq(key(&other), base, "key unchanged by: %s", #change);                      \
    } while (0)

#define KEEPS(change)                                                                           \
    do {                                                                                        \
        other = m;                                                                              \
        struct tar_deal *d = &other.deal;                                                       \
        change;                                                                                 \
        (void)d;                                                                                \
        cr_expect_eq(key(&other), base, "key changed by: %s", #change);                         \
    } while (0)

Test(position_tarocchini, every_field_that_bears_on_the_deal_changes_the_key)
{
    /* trick 7 with two cards down, the Matto played, declarations made */
    e2_to_trick_7(0);
    tk_play(&m, tk_e2_actions + E2_TRICK7, 2);
    cr_assert_eq(m.deal.trick, 6);
    cr_assert_eq(m.deal.n_played, 2);
    cr_assert_eq(m.deal.matto_seat, 3);
    uint64_t base = key(&m);
    tar_mask an = TAR_BIT(TAR_AN), nd = TAR_BIT(tk_card("ND"));
    cr_assert_neq(base, 0);
    cr_assert(m.deal.hand[1] & nd);
    /* the hands, the piles, the discards */
    for (int s = 0; s < 4; s++) CHANGES(d->hand[s] ^= an);
    CHANGES(d->hand[1] &= ~nd; d->hand[2] |= nd);
    CHANGES(d->won[0] ^= an);
    CHANGES(d->won[1] ^= an);
    CHANGES(d->won[0] ^= an; d->won[1] ^= an);
    CHANGES(d->discards ^= an);
    CHANGES(d->tricks_won[0]++);
    CHANGES(d->tricks_won[1]++);
    CHANGES(d->matto_seat = 1);
    /* the trick on the table and the turn */
    CHANGES(d->cards[d->trick][0] = TAR_NUMBERED(13));
    CHANGES(d->cards[d->trick][1] = (uint8_t)tk_card("QD"));
    CHANGES(d->to_act = 3);
    CHANGES(d->leader = 1);
    CHANGES(d->n_played = 1);
    CHANGES(d->trick = 7);
    CHANGES(d->trick_suit = TAR_SWORDS);
    CHANGES(d->best_at = 1);
    CHANGES(d->best_strength++);
    /* the declarations (O19) */
    for (int s = 0; s < 4; s++) {
        CHANGES(d->hand_cricche[s] += 5);
        CHANGES(d->hand_sequences[s] += 5);
        CHANGES(d->n_cricche[s]++);
        CHANGES(d->n_sequences[s]++);
        CHANGES(d->cricche_done[s] ^= 1u << TAR_CRICCA_JACKS);
        CHANGES(d->families_done[s] ^= 1u << TAR_FAMILY_MOORS);
        CHANGES(d->wilds_used[s] ^= TAR_BIT(TAR_BE));
        CHANGES(d->wilds_used[s] ^= TAR_BIT(TAR_MA));
    }
    /* the rules and the kept legal actions */
    CHANGES(d->rules.round_suits_inverted ^= 1);
    CHANGES(d->rules.monte ^= 1);
    CHANGES(d->rules.discard_rule ^= 1);
    CHANGES(d->rules.suit_wilds ^= 3);
    CHANGES(d->rules.signals ^= 1);
    CHANGES(d->playable ^= an);
    CHANGES(d->n_legal++);
    /* what only records the past or what the players know */
    KEEPS(d->void_of[1] ^= 1);
    KEEPS(d->declared[0] ^= an);
    KEEPS(d->hist[0].seat = 2);
    KEEPS(d->cards[0][1] = TAR_AN);
    KEEPS(d->winners[0] = 2; d->leaders[1] = 2);
    KEEPS(d->signals[0] = 0);
    KEEPS(d->matto_trick = 2);
    KEEPS(d->deck[0] = d->deck[1]);
    KEEPS(other.totals[1] += 100);      /* the match around the deal */
}

Test(position_tarocchini, zero_outside_the_play)
{
    static const char *const monte[] = { "monte=true", NULL };
    tk_start(&m, monte, NULL);
    cr_expect_eq(m.deal.phase, TAR_PHASE_MONTE);
    cr_expect_eq(key(&m), 0, "the monte round");
    tk_start(&m, NULL, tk_e2_deck);
    cr_expect_eq(m.deal.phase, TAR_PHASE_DISCARD);
    cr_expect_eq(key(&m), 0, "the discard");
    tk_play(&m, tk_e2_actions, 1);
    cr_expect_eq(m.deal.phase, TAR_PHASE_DECLARE);
    cr_expect_eq(key(&m), 0, "the declarations");
    tk_play(&m, tk_e2_actions + 1, E2_PLAYS - 1);
    cr_expect_eq(m.deal.phase, TAR_PHASE_PLAY);
    cr_expect_neq(key(&m), 0);
    tk_play(&m, tk_e2_actions + E2_PLAYS, TT_E2_ACTIONS - E2_PLAYS);
    cr_expect(m.over);
    cr_expect_eq(key(&m), 0, "the match is over");
    m.over = 0;
    cr_expect_eq(key(&m), 0, "the deal is over");
}

/* With four tricks left, a trick to lead. */
static int late(const void *state)
{
    const struct tar_match *x = state;
    return x->deal.trick == TAR_TRICKS - 4 && x->deal.n_played == 0;
}

/* Seeded random matches under `rules`: at the first card play of each
 * deal and late in it, random lines from there. */
static void random_matches(const char *const *rules, int matches, struct transpose_tally *tally)
{
    char why[300];
    cr_assert_eq(transpose_matches(&tarocchini_game, &m, rules, matches, 2000, 99, 20, 1000, late, tally, why, sizeof why), 0, "%s",
                 why);
}

Test(position_tarocchini, random_matches_one_key_one_set_of_legal_actions_and_one_score, .timeout = 300)
{
    static const char *const plain[] = { "deals=4", NULL };
    static const char *const other_rules[] = { "deals=4", "monte=true", "signals=off", "round_suits_inverted=false",
                                               "discard_rule=any", "suit_wilds=2", NULL };
    struct transpose_tally tally = { 0, 0, 0 };
    random_matches(plain, 3, &tally);
    random_matches(other_rules, 3, &tally);
    cr_log_info("position_tarocchini: %ld states keyed, %ld met again, %ld transpositions", tally.states,
                tally.repeats, tally.transpositions);
    cr_expect_gt(tally.transpositions, 100, "the check compared states reached by other orders of play");
}

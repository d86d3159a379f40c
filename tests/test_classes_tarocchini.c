/* test_classes_tarocchini.c - Tarocchini's equivalent cards (game.h
 * play_classes, tarocchini.h tar_deal_play_classes): on constructed
 * positions the cards that score and rank alike share a class and each
 * reason to keep two apart keeps them apart; over seeded random matches
 * every action of a class, followed by the same later choices, ends the
 * deal with the same scores; -1 outside the card play. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "engine/rng.h"
#include "tests/test_tarocchini_support.h"

static struct tar_match m;

enum { E2_PLAYS = 11 };   /* E2's discard and declarations, then the play */

/* E2 up to its first play, then the hands replaced: seat s holds hands[s]
 * (a card list), seat `to_act` leads. The hands' sizes need not match:
 * the classes read only the hands and the trick. */
static void position(const char *rules_flag, const char *h0, const char *h1, const char *h2, const char *h3,
                     int to_act)
{
    const char *const rules[] = { rules_flag, NULL };
    tk_start(&m, rules_flag ? rules : NULL, tk_e2_deck);
    tk_play(&m, tk_e2_actions, E2_PLAYS);
    cr_assert_eq(m.deal.phase, TAR_PHASE_PLAY);
    const char *hands[4] = { h0, h1, h2, h3 };
    for (int s = 0; s < 4; s++) m.deal.hand[s] = tk_cards(hands[s]);
    m.deal.to_act = (int8_t)to_act;
    m.deal.leader = (uint8_t)to_act;
    tar_deal_refresh(&m.deal);
}

/* The class of the legal action `text` now. */
static int class_of(const char *text)
{
    uint8_t out[256];
    int n = tarocchini_game.legal_count(&m), i = tarocchini_game.find_legal(&m, text, (int)strlen(text));
    cr_assert_geq(i, 0, "'%s' is not legal", text);
    cr_assert_eq(tarocchini_game.play_classes(&m, out, n), 0);
    for (int k = 0; k < n; k++) cr_assert_leq(out[k], k, "a class is its first action");
    return out[i];
}

static int same(const char *a, const char *b)
{
    return class_of(a) == class_of(b);
}

Test(classes_tarocchini, numerals_in_sequence_share_one_class_with_every_signal_of_theirs)
{
    position(NULL, "9S 8S 7S KB", "KS 6B", "QS 7B", "TS 8B", 0);
    cr_expect(same("play 9S", "play 8S"));
    cr_expect(same("play 9S", "play 7S"));
    cr_expect(same("play 7S busso striscio", "play 9S"), "signals bind nobody (O25)");
    cr_expect_eq(class_of("play 8S busso"), tarocchini_game.find_legal(&m, "play 9S", 7), "the first action");
    cr_expect(same("play KB volo", "play KB striscio"));
    cr_expect(!same("play KB", "play 9S"));
    /* a numeral between them already played (out of every hand and the table) */
    position(NULL, "9S 7S", "KS", "QS", "TS", 0);
    cr_expect(same("play 9S", "play 7S"));
}

Test(classes_tarocchini, a_card_between_in_another_hand_keeps_them_apart)
{
    position(NULL, "9S 7S", "KS", "8S", "TS", 0);
    cr_expect(!same("play 9S", "play 7S"));
}

Test(classes_tarocchini, a_card_between_on_the_table_keeps_them_apart)
{
    char err[200];
    position(NULL, "8S", "9S 7S", "KS", "QS", 0);
    cr_assert_eq(tk_do(&m, "play 8S", err, sizeof err), GAME_GOES_ON, "%s", err);
    cr_expect(!same("play 9S", "play 7S"), "9S takes the 8S, 7S does not");
    /* the same trick led with a card above both: they join */
    position(NULL, "TS", "9S 7S", "KS", "QS", 0);
    cr_assert_eq(tk_do(&m, "play TS", err, sizeof err), GAME_GOES_ON, "%s", err);
    cr_expect(same("play 9S", "play 7S"));
}

Test(classes_tarocchini, the_inverted_round_suits_rank_numerals_the_other_way)
{
    /* cups K Q N J A 6 7 8 9 T (O4): 7C lies between 6C and 8C either way */
    position(NULL, "6C 8C", "KS", "7C", "QS", 0);
    cr_expect(!same("play 6C", "play 8C"));
    position("round_suits_inverted=false", "6C 8C", "KS", "7C", "QS", 0);
    cr_expect(!same("play 6C", "play 8C"));
    position(NULL, "6C TC", "KS", "AC", "QS", 0);   /* the Ace ranks below the 6, not between */
    cr_expect(same("play 6C", "play TC"));
}

Test(classes_tarocchini, different_suits_stay_apart)
{
    position(NULL, "9S 9B 9C 9D", "KS", "QS", "JS", 0);
    cr_expect(!same("play 9S", "play 9B"));
    cr_expect(!same("play 9C", "play 9D"));
}

Test(classes_tarocchini, different_points_stay_apart)
{
    /* neighbours in rank: Knight 3 and Jack 2, Jack 2 and the ten 0 */
    position(NULL, "NS JS TS", "KS", "QS", "6S", 0);
    cr_expect(!same("play NS", "play JS"));
    cr_expect(!same("play JS", "play TS"));
    /* the Angel and the World, 5 each, are tarocchi with roles of their own */
    position(NULL, "AN WO", "T16", "T15", "T14", 0);
    cr_expect(!same("play AN", "play WO"));
}

Test(classes_tarocchini, an_ace_counts_in_sequences_and_stays_apart_from_the_numerals)
{
    /* swords ... 7 6 A: the Ace next to the 6, both blanks (O6) */
    position(NULL, "6S AS", "KS", "QS", "JS", 0);
    cr_expect(!same("play 6S", "play AS"));
    /* cups ... J A 6 (inverted): the Ace next to the 6 again */
    position(NULL, "AC 6C", "KS", "QS", "JS", 0);
    cr_expect(!same("play AC", "play 6C"));
}

Test(classes_tarocchini, numbered_trumps_stay_apart_each_a_number_of_the_grande)
{
    position(NULL, "T8 T7", "KS", "QS", "JS", 0);
    cr_expect(!same("play T8", "play T7"));
    position(NULL, "MO T16", "KS", "QS", "JS", 0);
    cr_expect(!same("play MO", "play T16"), "top group and run");
    position(NULL, "T5 M1", "KS", "QS", "JS", 0);
    cr_expect(!same("play T5", "play M1"));
}

Test(classes_tarocchini, the_moors_share_a_class_whatever_moor_is_elsewhere)
{
    position(NULL, "M1 M3 M4", "M2", "QS", "JS", 0);
    cr_expect(same("play M1", "play M3"));
    cr_expect(same("play M1 busso", "play M4"));
}

Test(classes_tarocchini, the_sun_and_the_moon_share_a_class_the_world_does_not)
{
    position(NULL, "WO SU MO", "AN", "QS", "JS", 0);
    cr_expect(same("play SU", "play MO"));
    cr_expect(!same("play WO", "play SU"), "the World is a counter and a tarocco");
}

Test(classes_tarocchini, the_wilds_and_the_matto_stay_apart)
{
    position(NULL, "M4 BE MA", "KS", "QS", "JS", 0);
    cr_expect(!same("play M4", "play BE"), "the Begato: a counter and a wild");
    cr_expect(!same("play BE", "play MA"));
    /* the Matto: alone even beside blanks it could follow with */
    char err[200];
    position(NULL, "KS", "7S 6S MA", "QS", "JS", 0);
    cr_assert_eq(tk_do(&m, "play KS", err, sizeof err), GAME_GOES_ON, "%s", err);
    cr_expect(same("play 7S", "play 6S"));
    cr_expect(!same("play 6S", "play MA"));
}

Test(classes_tarocchini, minus_one_outside_the_play_and_nothing_written)
{
    uint8_t out[256];
    static const char *const monte[] = { "monte=true", NULL };
    memset(out, 0xaa, sizeof out);
    tk_start(&m, monte, tk_e2_deck);
    cr_expect_eq(tarocchini_game.play_classes(&m, out, tarocchini_game.legal_count(&m)), -1, "the monte round");
    tk_start(&m, NULL, tk_e2_deck);
    cr_expect_eq(tarocchini_game.play_classes(&m, out, tarocchini_game.legal_count(&m)), -1, "the discard");
    tk_play(&m, tk_e2_actions, 1);
    cr_expect_eq(tarocchini_game.play_classes(&m, out, tarocchini_game.legal_count(&m)), -1, "the declarations");
    tk_play(&m, tk_e2_actions + 1, E2_PLAYS - 1);
    cr_expect_eq(tarocchini_game.play_classes(&m, out, tarocchini_game.legal_count(&m)), 0, "the play");
    memset(out, 0xaa, sizeof out);
    tk_play(&m, tk_e2_actions + E2_PLAYS, TT_E2_ACTIONS - E2_PLAYS);
    cr_expect(m.over);
    cr_expect_eq(tarocchini_game.play_classes(&m, out, 0), -1, "the match is over");
    m.over = 0;
    cr_expect_eq(tarocchini_game.play_classes(&m, out, 0), -1, "the deal is over");
    for (size_t i = 0; i < sizeof out; i++) cr_assert_eq(out[i], 0xaa, "nothing written");
}

/* ---- soundness over random matches ---- */

struct tally {
    long positions, merged_positions, card_merged_positions;   /* card plays; any class; two cards in one */
    long pairs, card_pairs, moor_pairs, sun_moon_pairs, numeral_pairs;
};

/* Plays the deal of `from` out by action `first`, then by the choices of
 * line `line` (0: always the first legal action, 1: always the last, else
 * seeded random indices); the scores at the deal's end. */
static void play_out(const struct tar_match *from, int first, int line, long scores[4])
{
    static struct tar_match x;
    x = *from;
    struct pq_rng rng;
    pq_rng_seed(&rng, (uint64_t)line * 7919);
    int rc = tarocchini_game.apply_legal(&x, first);
    while (rc == GAME_GOES_ON) {
        int n = tarocchini_game.legal_count(&x);
        int k = line == 0 ? 0 : line == 1 ? n - 1 : (int)pq_rng_below(&rng, (uint32_t)n);
        rc = tarocchini_game.apply_legal(&x, k);
    }
    cr_assert_eq(rc, GAME_DEAL_OVER);
    tarocchini_game.scores(&x, scores);
}

/* The card of legal action i. */
static int card_of(int i)
{
    struct tar_action a;
    cr_assert_eq(tar_deal_legal_nth(&m.deal, i, &a), 0);
    return a.card;
}

static void check_classes(struct tally *t, const char *what)
{
    uint8_t out[256];
    int n = tarocchini_game.legal_count(&m), merged = 0, cards = 0;
    cr_assert_eq(tarocchini_game.play_classes(&m, out, n), 0);
    t->positions++;
    for (int i = 0; i < n; i++) {
        cr_assert_leq(out[i], i);
        cr_assert_eq(out[out[i]], out[i], "a class's first action is its own");
        if (out[i] == i) continue;
        merged = 1;
        int a = card_of(out[i]), b = card_of(i);
        if (a != b) {
            cards = 1;
            t->card_pairs++;
            t->moor_pairs += (a >= TAR_M1 && a < TAR_M1 + 4);
            t->sun_moon_pairs += a == TAR_SU;
            t->numeral_pairs += a >= TAR_SUIT0;
        }
        t->pairs++;
        for (int line = 0; line < 5; line++) {
            long sa[4], sb[4];
            play_out(&m, out[i], line, sa);
            play_out(&m, i, line, sb);
            cr_assert_eq(memcmp(sa, sb, sizeof sa), 0,
                         "%s, deal %d trick %d: actions %d (%s) and %d (%s), line %d: %ld/%ld against %ld/%ld", what,
                         m.deal_no, m.deal.trick + 1, out[i], tar_card_name(a), i, tar_card_name(b), line, sa[0],
                         sa[1], sb[0], sb[1]);
        }
    }
    t->merged_positions += merged;
    t->card_merged_positions += cards;
}

static void random_matches(const char *const *rules, int matches, uint64_t seed, struct tally *t)
{
    char err[200], what[64];
    for (int k = 0; k < matches; k++) {
        struct game_setup setup = { 4, seed + (uint64_t)k, k & 3, rules, 0 };
        struct pq_rng rng;
        cr_assert_eq(tarocchini_game.create(&m, &setup, err, sizeof err), 0, "%s", err);
        pq_rng_seed(&rng, seed * 31 + (uint64_t)k);
        snprintf(what, sizeof what, "%s match %d", rules[1] ? rules[1] : "default", k);
        while (!m.over) {
            if (m.deal.phase == TAR_PHASE_PLAY) check_classes(t, what);
            else {
                uint8_t out[256];
                cr_assert_eq(tarocchini_game.play_classes(&m, out, tarocchini_game.legal_count(&m)), -1);
            }
            int n = tarocchini_game.legal_count(&m);
            cr_assert_neq(tarocchini_game.apply_legal(&m, (int)pq_rng_below(&rng, (uint32_t)n)), GAME_ILLEGAL);
        }
    }
}

Test(classes_tarocchini, random_matches_every_action_of_a_class_ends_the_deal_alike, .timeout = 600)
{
    static const char *const plain[] = { "deals=4", NULL };
    static const char *const other_rules[] = { "deals=4", "round_suits_inverted=false", "signals=off", "monte=true",
                                               "discard_rule=any", "suit_wilds=2", NULL };
    struct tally t = { 0 }, o = { 0 };
    random_matches(plain, 10, 500, &t);
    random_matches(other_rules, 10, 900, &o);
    for (int v = 0; v < 2; v++) {
        const struct tally *x = v ? &o : &t;
        cr_log_info("classes_tarocchini %s: %ld card plays, %ld with a class of two actions or more (%.1f%%), %ld "
                    "with two cards in one class (%.1f%%); %ld actions joined, %ld to another card (numerals %ld, "
                    "Moors %ld, Sun-Moon %ld)",
                    v ? "other rules" : "default rules", x->positions, x->merged_positions,
                    100.0 * (double)x->merged_positions / (double)x->positions, x->card_merged_positions,
                    100.0 * (double)x->card_merged_positions / (double)x->positions, x->pairs, x->card_pairs,
                    x->numeral_pairs, x->moor_pairs, x->sun_moon_pairs);
        cr_expect_gt(x->card_pairs, 200, "cards joined: the check is not vacuous");
        cr_expect_gt(x->numeral_pairs, 100);
        cr_expect_gt(x->moor_pairs, 5);
        cr_expect_gt(x->sun_moon_pairs, 2);
    }
    cr_expect_gt(t.pairs, t.card_pairs, "signal sets joined under the default rules");
    cr_expect_eq(o.pairs, o.card_pairs, "no signals under signals=off");
}

/* test_classes_coinche.c - Coinche's equivalent plays (game.h
 * play_classes, coinche.h coinche_deal_play_classes): on constructed card
 * plays under a suit contract, NT and AT, equal cards with nothing
 * between them share a class, and each reason to keep two apart does (a
 * card between in another hand, or on the table; other points under the
 * contract's table; another suit); the indexes count the belote words of
 * every suit in AT; -1 outside the card play; and over seeded random
 * matches with and without NT, AT and melds, two plays of one class
 * followed by the same later choices end the deal with the same scores.
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <string.h>
#include "engine/coinche/coinche.h"
#include "engine/rng.h"
#include "tests/test_coinche_support.h"
#include "tests/support_transpose.h"
#include "tests/support_rules.h"

/* A card play past trick 1 under `den`, seat 0 to lead, hands empty. */
static void base(struct coinche_deal *d, int den)
{
    struct coinche_rules r;
    uint8_t deck[32];
    for (int i = 0; i < 32; i++) deck[i] = (uint8_t)i;
    coinche_rules_default(&r);
    r.nt_at = 1;
    coinche_deal_init(d, &r, deck);
    d->phase = COINCHE_PHASE_PLAY;
    d->contract.taker = 0;
    d->contract.level = 0;
    d->contract.den = (uint8_t)den;
    d->trick = 3;
    d->leader = 0;
    d->to_act = 0;
    d->n_played = 0;
    memset(d->hand, 0, sizeof d->hand);
}

static int classes(const struct coinche_deal *d, uint8_t *out)
{
    int n = coinche_deal_legal_count(d);
    cr_assert_gt(n, 0);
    cr_assert_eq(coinche_deal_play_classes(d, out, n), 0, "no classes in a card play");
    for (int i = 0; i < n; i++) cr_assert_leq(out[i], i, "out[%d] = %d is no earlier play", i, out[i]);
    return n;
}

static int at(const struct coinche_deal *d, const char *action)
{
    int i = coinche_deal_find_legal(d, action, (int)strlen(action));
    cr_assert_geq(i, 0, "%s is not legal", action);
    return i;
}

static int together(const struct coinche_deal *d, const char *a, const char *b)
{
    uint8_t out[64];
    char pa[16] = "play ", pb[16] = "play ";
    classes(d, out);
    strcat(pa, a);
    strcat(pb, b);
    return out[at(d, pa)] == out[at(d, pb)];
}

/* ---- (a) constructed positions ---- */

Test(classes_coinche, a_suit_contract_merges_equal_cards_with_nothing_between)
{
    struct coinche_deal d;
    uint8_t out[64];
    base(&d, COINCHE_C);
    d.hand[0] = sr_cards("9S 8S 7S AH 8C 7C");
    d.hand[1] = sr_cards("AS TS JC");
    d.hand[2] = sr_cards("9C KS");
    int n = classes(&d, out);
    uint8_t want[6] = { 0, 0, 0, 3, 4, 4 };    /* 7S 8S 9S AH 7C 8C */
    cr_assert_eq(n, 6);
    cr_assert_arr_eq(out, want, sizeof want);
}

Test(classes_coinche, a_card_between_in_another_hand_keeps_them_apart)
{
    struct coinche_deal d;
    base(&d, COINCHE_H);
    d.hand[0] = sr_cards("9S 7S AH");
    d.hand[3] = sr_cards("8S");
    cr_assert_not(together(&d, "9S", "7S"));
    d.hand[3] = sr_cards("AS");
    cr_assert(together(&d, "9S", "7S"));
}

Test(classes_coinche, a_card_between_on_the_table_keeps_them_apart)
{
    struct coinche_deal d;
    base(&d, COINCHE_H);
    d.leader = 3;
    d.n_played = 1;
    d.win_pos = 0;
    d.played[0] = (uint8_t)pq_card_parse("8S");
    d.hand[0] = sr_cards("9S 7S AH");
    cr_assert_not(together(&d, "9S", "7S"));
    d.played[0] = (uint8_t)pq_card_parse("JS");
    cr_assert(together(&d, "9S", "7S"));
}

Test(classes_coinche, other_points_keep_them_apart)
{
    struct coinche_deal d;
    base(&d, COINCHE_H);
    d.hand[0] = sr_cards("JS 9S 8S");
    cr_assert_not(together(&d, "JS", "9S"), "2 and 0");
    cr_assert(together(&d, "9S", "8S"));
}

Test(classes_coinche, other_suits_keep_them_apart)
{
    struct coinche_deal d;
    base(&d, COINCHE_H);
    d.hand[0] = sr_cards("7S 7D");
    cr_assert_not(together(&d, "7S", "7D"));
}

Test(classes_coinche, no_trumps_has_plain_points_in_every_suit)
{
    struct coinche_deal d;
    base(&d, COINCHE_NT);
    /* in a spade contract the 9S would be worth 14 */
    d.hand[0] = sr_cards("9S 8S 9C 8C");
    cr_assert(together(&d, "9S", "8S"));
    cr_assert(together(&d, "9C", "8C"));
    d.rules.nt_at_seed = 1;
    cr_assert(together(&d, "9S", "8S"), "under Parlett's columns too");
}

Test(classes_coinche, all_trumps_has_trump_points_in_every_suit)
{
    struct coinche_deal d;
    base(&d, COINCHE_AT);
    d.hand[0] = sr_cards("9H 8H 7H 8D 7D");
    cr_assert_not(together(&d, "9H", "8H"), "an AT Nine is worth 9 (14 under seed)");
    cr_assert(together(&d, "8H", "7H"));
    cr_assert(together(&d, "8D", "7D"));
    d.rules.nt_at_seed = 1;
    cr_assert_not(together(&d, "9H", "8H"));
}

Test(classes_coinche, the_belote_words_of_every_suit_count_in_the_indexes)
{
    struct coinche_deal d;
    uint8_t out[64];
    base(&d, COINCHE_AT);
    d.hand[0] = sr_cards("KS QS 8H 7H");
    /* play QS, play QS belote, play KS, play KS belote, play 7H, play 8H */
    int n = classes(&d, out);
    uint8_t want[6] = { 0, 1, 2, 3, 4, 4 };
    cr_assert_eq(n, 6);
    cr_assert_arr_eq(out, want, sizeof want);
}

/* ---- (c) -1 outside the card play ---- */

static void expect_none(const struct coinche_match *m, const char *where)
{
    uint8_t out[256];
    memset(out, 0xab, sizeof out);
    cr_assert_eq(coinche_game.play_classes(m, out, coinche_game.legal_count(m)), -1, "%s: classes", where);
    for (size_t i = 0; i < sizeof out; i++) cr_assert_eq(out[i], 0xab, "%s: out written", where);
}

Test(classes_coinche, none_outside_the_card_play)
{
    static struct coinche_match m;
    static const char *const melds[] = { "melds=true", NULL };
    uint8_t out[64];
    cr_assert(coinche_game.play_classes);
    ct_start(&m, melds, NULL);
    expect_none(&m, "the auction");
    ct_run(&m, "bid 80 S, coinche");
    expect_none(&m, "the coinched side's answer");
    ct_run(&m, "pass, pass");
    cr_assert(coinche_deal_meld_due(&m.deal));
    expect_none(&m, "a trick-1 meld due");
    ct_run(&m, "meld");
    cr_assert_eq(coinche_game.play_classes(&m, out, coinche_game.legal_count(&m)), 0, "seat 0's first play");
    cr_assert_eq(coinche_game.play_classes(&m, out, coinche_game.legal_count(&m) - 1), -1, "n is not the legal count");
    while (!m.over) {
        char text[GAME_ACTION_MAX], err[256];
        int len = coinche_game.legal_text(&m, 0, text, sizeof text);
        cr_assert_neq(coinche_game.apply(&m, text, len, err, sizeof err), GAME_ILLEGAL, "%s", err);
    }
    expect_none(&m, "the match is over");
}

/* ---- (b) soundness over seeded random matches ---- */

struct tally {
    long positions, merged, pairs;
};

/* The match's scores once the deal is played out from `from` by the
 * play `first`, then at each decision index 0 (line 0) or an index drawn
 * from line's seed. */
static void play_out(const struct coinche_match *from, int first, uint64_t line, long *out)
{
    static struct coinche_match m;
    const struct game *g = &coinche_game;
    struct pq_rng rng;
    memcpy(&m, from, sizeof m);
    pq_rng_seed(&rng, line * 0x9e3779b97f4a7c15ull + 1);
    int deal = m.deal_no;
    cr_assert_neq(transpose_apply(g, &m, first), GAME_ILLEGAL);
    while (!m.over && m.deal_no == deal) {
        int count = g->legal_count(&m);
        cr_assert_gt(count, 0);
        int k = line == 0 ? 0 : (int)pq_rng_below(&rng, (uint32_t)count);
        cr_assert_neq(transpose_apply(g, &m, k), GAME_ILLEGAL);
    }
    memset(out, 0, sizeof(long) * COINCHE_SEATS);
    g->scores(&m, out);
}

static void check_position(const struct coinche_match *m, int lines, struct tally *t)
{
    const struct game *g = &coinche_game;
    uint8_t out[256];
    int n = g->legal_count(m);
    int rc = g->play_classes(m, out, n);
    int card_play = m->deal.phase == COINCHE_PHASE_PLAY && !coinche_deal_meld_due(&m->deal);
    cr_assert_eq(rc, card_play ? 0 : -1, "classes %d outside or inside the card play", rc);
    if (!card_play) return;
    t->positions++;
    int merged = 0;
    for (int i = 0; i < n; i++) {
        cr_assert_leq(out[i], i);
        cr_assert_eq(out[out[i]], out[i], "a class's first is its own");
        if (out[i] == i) continue;
        merged = 1;
        t->pairs++;
        char a[GAME_ACTION_MAX], b[GAME_ACTION_MAX];
        g->legal_text(m, i, a, sizeof a);
        g->legal_text(m, out[i], b, sizeof b);
        for (int line = 0; line < lines; line++) {
            long sa[COINCHE_SEATS], sb[COINCHE_SEATS];
            play_out(m, i, (uint64_t)line, sa);
            play_out(m, out[i], (uint64_t)line, sb);
            cr_assert_arr_eq(sa, sb, sizeof sa, "deal %d (%s) trick %d: '%s' and '%s' end apart (line %d)", m->deal_no,
                             coinche_den_word(m->deal.contract.den), m->deal.trick, a, b, line);
        }
    }
    t->merged += merged;
}

Test(classes_coinche, one_class_one_outcome_over_random_matches, .timeout = 600)
{
    static const char *const plain[] = { "deals=4", NULL };
    static const char *const rich[] = { "deals=4", "melds=true", "nt_at=true", "generale=true", "undertrump=forced",
                                        "scoring=points_faits", "belote_on_failure=transfer", NULL };
    static const char *const seeded[] = { "deals=4", "nt_at=true", "nt_at_points=seed", "at_belote=none",
                                          "rounding=tens", NULL };
    static const char *const *const sets[] = { plain, rich, seeded };
    static const char *const names[] = { "plain", "melds, NT, AT", "NT, AT seed points" };
    static struct coinche_match m;
    char err[256];
    long dens[COINCHE_DENS] = { 0 };
    struct tally all = { 0, 0, 0 };
    for (int k = 0; k < 3; k++) {
        struct tally t = { 0, 0, 0 };
        for (uint64_t seed = 1; seed <= 20; seed++) {
            struct game_setup setup = { 4, 1000 + seed, (int)(seed & 3), sets[k], 0 };
            struct pq_rng rng;
            cr_assert_eq(coinche_game.create(&m, &setup, err, sizeof err), 0, "%s", err);
            pq_rng_seed(&rng, 77 + seed + 1000 * (uint64_t)k);
            while (!m.over) {
                long before = t.pairs;
                check_position(&m, 6, &t);
                if (t.pairs > before) dens[m.deal.contract.den] += t.pairs - before;
                int count = coinche_game.legal_count(&m);
                cr_assert_gt(count, 0);
                cr_assert_neq(transpose_apply(&coinche_game, &m, (int)pq_rng_below(&rng, (uint32_t)count)), GAME_ILLEGAL);
            }
        }
        cr_assert_geq(t.pairs, 150, "%s: only %ld merged plays", names[k], t.pairs);
        cr_log_info("classes coinche (%s): %ld card plays, %ld (%.1f%%) with a class merged, %ld plays merged",
                    names[k], t.positions, t.merged, 100.0 * (double)t.merged / (double)t.positions, t.pairs);
        all.positions += t.positions;
        all.merged += t.merged;
        all.pairs += t.pairs;
    }
    cr_assert_gt(dens[COINCHE_NT], 10, "few NT plays merged");
    cr_assert_gt(dens[COINCHE_AT], 10, "few AT plays merged");
    cr_log_info("classes coinche: %ld card plays, %ld (%.1f%%) with a class merged; merged plays by contract "
                "S %ld H %ld D %ld C %ld NT %ld AT %ld", all.positions, all.merged,
                100.0 * (double)all.merged / (double)all.positions, dens[0], dens[1], dens[2], dens[3], dens[4], dens[5]);
}

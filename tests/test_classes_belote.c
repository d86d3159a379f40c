/* test_classes_belote.c - the Belote family's equivalent plays (game.h
 * play_classes, belote.h bel_deal_play_classes): on constructed card
 * plays, equal cards with nothing between them share a class, and each
 * reason to keep two apart does (a card between in another hand, or on
 * the table, or face down in Marseillaise; other points; another suit;
 * Marseillaise's face-down card beneath and melds still to claim); the
 * indexes count the belote words; -1 outside the card play; and over
 * seeded random matches of every form and player count, two plays of one
 * class followed by the same later choices end the deal with the same
 * scores.
 */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <string.h>
#include "engine/belote/belote.h"
#include "engine/rng.h"
#include "tests/test_belote_support.h"
#include "tests/support_rules.h"

/* A card play of `form` past trick 1 (no meld due): clubs trumps, seat 0
 * leads, every hand empty and no layout (the test deals what it needs). */
static void base(struct bel_deal *d, int form, int players)
{
    struct bel_rules r;
    uint8_t deck[32];
    for (int i = 0; i < 32; i++) deck[i] = (uint8_t)i;
    bel_rules_default(&r, form, players);
    bel_deal_init(d, &r, deck);
    d->phase = BEL_PHASE_PLAY;
    d->trump = PQ_CLUBS;
    d->maker = 0;
    d->trick = 3;
    d->melded = (uint8_t)((1u << d->n) - 1);
    d->leader = 0;
    d->to_act = 0;
    d->n_played = 0;
    memset(d->hand, 0, sizeof d->hand);
    memset(d->top, BEL_NO_CARD, sizeof d->top);
    memset(d->bottom, BEL_NO_CARD, sizeof d->bottom);
    memset(d->down, 0, sizeof d->down);
}

/* The classes of d's plays into out; their number. */
static int classes(const struct bel_deal *d, uint8_t *out)
{
    int n = bel_deal_legal_count(d);
    cr_assert_gt(n, 0);
    cr_assert_eq(bel_deal_play_classes(d, out, n), 0, "no classes in a card play");
    for (int i = 0; i < n; i++) cr_assert_leq(out[i], i, "out[%d] = %d is no earlier play", i, out[i]);
    return n;
}

static int at(const struct bel_deal *d, const char *action)
{
    int i = bel_deal_find_legal(d, action, (int)strlen(action));
    cr_assert_geq(i, 0, "%s is not legal", action);
    return i;
}

/* Whether the plays of cards a and b ("9S") share a class. */
static int together(const struct bel_deal *d, const char *a, const char *b)
{
    uint8_t out[64];
    char pa[16] = "play ", pb[16] = "play ";
    classes(d, out);
    strcat(pa, a);
    strcat(pb, b);
    return out[at(d, pa)] == out[at(d, pb)];
}

/* ---- (a) constructed positions ---- */

Test(classes_belote, equal_cards_with_nothing_between_share_a_class)
{
    struct bel_deal d;
    uint8_t out[64];
    base(&d, BEL_BASIC, 4);
    d.hand[0] = sr_cards("9S 8S 7S AH 8C 7C");
    d.hand[1] = sr_cards("AS TS KS");
    d.hand[2] = sr_cards("QS JS 9H");
    d.hand[3] = sr_cards("JC 9C AC");
    int n = classes(&d, out);
    cr_assert_eq(n, 6);
    /* card order: 7S 8S 9S AH 7C 8C */
    uint8_t want[6] = { 0, 0, 0, 3, 4, 4 };
    cr_assert_arr_eq(out, want, sizeof want, "plain 9-8-7 one class, trumps 8-7 another, the first of each its own");
    /* the Eight played before: the Nine and Seven have nothing between */
    d.hand[0] = sr_cards("9S 7S AH");
    cr_assert(together(&d, "9S", "7S"));
}

Test(classes_belote, a_card_between_in_another_hand_keeps_them_apart)
{
    struct bel_deal d;
    base(&d, BEL_BASIC, 4);
    d.hand[0] = sr_cards("9S 7S AH");
    d.hand[2] = sr_cards("8S");
    cr_assert_not(together(&d, "9S", "7S"), "8S in another hand ranks between");
    d.hand[2] = sr_cards("AS");
    cr_assert(together(&d, "9S", "7S"));
}

Test(classes_belote, a_card_between_on_the_table_keeps_them_apart)
{
    struct bel_deal d;
    base(&d, BEL_BASIC, 4);
    d.to_act = 1;
    d.n_played = 1;
    d.win_pos = 0;
    d.played[0] = (uint8_t)pq_card_parse("8S");
    d.hand[1] = sr_cards("9S 7S AH");
    cr_assert_not(together(&d, "9S", "7S"), "the 8S led ranks between: one wins, the other not");
    d.played[0] = (uint8_t)pq_card_parse("AS");
    cr_assert(together(&d, "9S", "7S"));
}

Test(classes_belote, other_points_keep_them_apart)
{
    struct bel_deal d;
    base(&d, BEL_BASIC, 4);
    /* J (2) then 9 (0) in the plain order, nothing between */
    d.hand[0] = sr_cards("JS 9S 8S AH");
    cr_assert_not(together(&d, "JS", "9S"), "a Jack and a Nine of spades are worth 2 and 0");
    cr_assert(together(&d, "9S", "8S"));
}

Test(classes_belote, other_suits_keep_them_apart)
{
    struct bel_deal d;
    base(&d, BEL_BASIC, 4);
    d.hand[0] = sr_cards("7S 7H");
    cr_assert_not(together(&d, "7S", "7H"));
}

Test(classes_belote, the_eight_and_seven_of_trumps_share_a_class)
{
    struct bel_deal d;
    base(&d, BEL_BASIC, 2);
    /* trumps J 9 A T K Q 8 7: nothing between the 8C and 7C, whoever
     * holds the higher trumps; the 9C is worth 14 */
    d.hand[0] = sr_cards("9C 8C 7C AH");
    d.hand[1] = sr_cards("JC TC");
    cr_assert(together(&d, "8C", "7C"));
    cr_assert_not(together(&d, "9C", "8C"));
}

Test(classes_belote, the_belote_words_count_in_the_indexes)
{
    struct bel_deal d;
    uint8_t out[64];
    base(&d, BEL_BASIC, 4);
    d.trump = PQ_SPADES;
    d.hand[0] = sr_cards("KS QS 9H 8H 7H");
    /* play QS, play QS belote, play KS, play KS belote, play 7H, 8H, 9H */
    int n = classes(&d, out);
    cr_assert_eq(n, 7);
    uint8_t want[7] = { 0, 1, 2, 3, 4, 4, 4 };
    cr_assert_arr_eq(out, want, sizeof want);
}

Test(classes_belote, only_legal_cards_make_classes)
{
    struct bel_deal d;
    uint8_t out[64];
    base(&d, BEL_BASIC, 4);
    /* hearts led, seat 1 has none: it must trump (B24) */
    d.to_act = 1;
    d.n_played = 1;
    d.played[0] = (uint8_t)pq_card_parse("AH");
    d.hand[1] = sr_cards("9S 8S 7C");
    int n = classes(&d, out);
    cr_assert_eq(n, 1);
    cr_assert_eq(out[0], 0);
}

/* Marseillaise: the layouts and the claims to come */

Test(classes_belote, marseillaise_merges_cards_free_of_the_layout_and_of_melds)
{
    struct bel_deal d;
    base(&d, BEL_MARSEILLAISE, 2);
    d.hand[0] = sr_cards("8S 7S AH");
    d.hand[1] = sr_cards("AS KH");
    /* 9S played: no sequence for the 8S or 7S, and Eights and Sevens make
     * no carré */
    cr_assert(together(&d, "8S", "7S"));
}

Test(classes_belote, marseillaise_a_card_lying_on_a_face_down_card_has_a_role)
{
    struct bel_deal d;
    base(&d, BEL_MARSEILLAISE, 2);
    d.hand[0] = sr_cards("8S 7S AH");
    int beneath = pq_card_parse("AD");
    d.bottom[0][d.packet_of[pq_card_parse("8S")]] = (uint8_t)beneath;
    d.down[0] = PQ_BIT(beneath);
    cr_assert_not(together(&d, "8S", "7S"), "playing the 8S turns the AD up");
}

Test(classes_belote, marseillaise_a_face_down_card_between_keeps_them_apart)
{
    struct bel_deal d;
    base(&d, BEL_MARSEILLAISE, 2);
    d.hand[0] = sr_cards("9S 7S AH");
    int beneath = pq_card_parse("8S");
    d.bottom[1][d.packet_of[beneath]] = (uint8_t)beneath;
    d.down[1] = PQ_BIT(beneath);
    d.hand[1] = sr_cards("AS");
    cr_assert_not(together(&d, "9S", "7S"), "the 8S face down in the other layout is still to be played");
}

Test(classes_belote, marseillaise_a_sequence_still_to_claim_keeps_them_apart)
{
    struct bel_deal d;
    base(&d, BEL_MARSEILLAISE, 2);
    d.hand[0] = sr_cards("8S 7S AH");
    int beneath = pq_card_parse("9S");
    d.bottom[0][d.packet_of[pq_card_parse("AH")]] = (uint8_t)beneath;
    d.down[0] = PQ_BIT(beneath);
    cr_assert_not(together(&d, "8S", "7S"), "with the 9S to come, 9S 8S 7S is a tierce to claim");
}

Test(classes_belote, marseillaise_a_carre_still_to_claim_keeps_them_apart)
{
    struct bel_deal d;
    base(&d, BEL_MARSEILLAISE, 2);
    /* 7D and TD played: no sequence for the 9D or 8D */
    d.hand[0] = sr_cards("9D 8D 9S 9H 9C");
    cr_assert_not(together(&d, "9D", "8D"), "the four Nines are a carré to claim");
    d.hand[0] = sr_cards("9D 8D 9S 9C");
    cr_assert(together(&d, "9D", "8D"), "the 9H played: no carré");
}

Test(classes_belote, marseillaise_a_card_claimed_in_a_sequence_is_in_no_other)
{
    struct bel_deal d;
    base(&d, BEL_MARSEILLAISE, 2);
    /* JS TS 9S claimed (JS played since), 9H played: TS 9S 8S no tierce */
    d.hand[0] = sr_cards("TS 9S 8S 7S");
    d.claimed_seq[0] = sr_cards("JS TS 9S");
    cr_assert(together(&d, "9S", "7S"));
    cr_assert(together(&d, "8S", "7S"));
    d.claimed_seq[0] = 0;
    cr_assert_not(together(&d, "9S", "7S"), "TS 9S 8S still a tierce to claim");
}

/* ---- (c) -1 outside the card play ---- */

static void expect_none(const struct game *g, const struct bel_match *m, const char *where)
{
    uint8_t out[256];
    memset(out, 0xab, sizeof out);
    int n = g->legal_count(m);
    cr_assert_eq(g->play_classes(m, out, n), -1, "%s: classes", where);
    for (size_t i = 0; i < sizeof out; i++) cr_assert_eq(out[i], 0xab, "%s: out written", where);
}

Test(classes_belote, none_outside_the_card_play)
{
    static struct bel_match m;
    char err[256], text[GAME_ACTION_MAX];
    const struct game *g = bt_start(&m, "belote", 4, NULL, NULL, 0);
    cr_assert(g->play_classes);
    expect_none(g, &m, "the auction");
    int found = 0;
    for (uint64_t seed = 1; seed <= 200 && !found; seed++) {
        static const char *const rules[] = { "seven_exchange=true", NULL };
        struct game_setup setup = { 4, seed, 0, rules, 1 };
        cr_assert_eq(g->create(&m, &setup, err, sizeof err), 0, "%s", err);
        while (m.deal.phase == BEL_PHASE_AUCTION1 || m.deal.phase == BEL_PHASE_AUCTION2) {
            int len = g->legal_text(&m, 0, text, sizeof text);   /* take at once */
            cr_assert_neq(g->apply(&m, text, len, err, sizeof err), GAME_ILLEGAL, "%s", err);
        }
        if (m.deal.phase == BEL_PHASE_EXCHANGE) {
            found = 1;
            expect_none(g, &m, "the Seven's exchange");
            bt_do(&m, "keep", err, sizeof err);
        }
    }
    cr_assert(found, "no Seven's exchange in 200 seeds");
    cr_assert(bel_deal_meld_due(&m.deal));
    expect_none(g, &m, "a trick-1 meld due");
    bt_do(&m, "meld", err, sizeof err);
    uint8_t out[64];
    cr_assert_eq(g->play_classes(&m, out, g->legal_count(&m)), 0, "seat 0's first play");
    cr_assert_eq(g->play_classes(&m, out, g->legal_count(&m) + 1), -1, "n is not the legal count");
    while (!m.over) {
        int len = g->legal_text(&m, 0, text, sizeof text);
        cr_assert_neq(g->apply(&m, text, len, err, sizeof err), GAME_ILLEGAL, "%s", err);
    }
    expect_none(g, &m, "the match is over");
    /* Marseillaise: a claim due after a trick */
    bt_start(&m, "belote-marseillaise", 2, NULL, NULL, 0);
    g = bt_game(&m);
    found = 0;
    while (!m.over && !found) {
        if (bel_deal_meld_due(&m.deal)) {
            found = 1;
            expect_none(g, &m, "a Marseillaise claim due");
        }
        int len = g->legal_text(&m, 0, text, sizeof text);
        cr_assert_neq(g->apply(&m, text, len, err, sizeof err), GAME_ILLEGAL, "%s", err);
    }
    cr_assert(found, "no claim due in a Marseillaise deal");
}

/* ---- (b) soundness over seeded random matches ---- */

struct tally {
    long positions;     /* card plays met */
    long merged;        /* of which with a class of two or more */
    long pairs;         /* plays compared with their class's first */
};

/* The match's scores once the deal is played out from `from` by the
 * play `first`, then at each decision index 0 (line 0) or an index drawn
 * from line's seed. */
static void play_out(const struct game *g, const struct bel_match *from, int first, uint64_t line, long *out)
{
    static struct bel_match m;
    struct pq_rng rng;
    memcpy(&m, from, sizeof m);
    pq_rng_seed(&rng, line * 0x9e3779b97f4a7c15ull + 1);
    int deal = m.deal_no, rc = g->apply_legal(&m, first);
    cr_assert_neq(rc, GAME_ILLEGAL);
    while (!m.over && m.deal_no == deal) {
        int count = g->legal_count(&m);
        cr_assert_gt(count, 0);
        int k = line == 0 ? 0 : (int)pq_rng_below(&rng, (uint32_t)count);
        cr_assert_neq(g->apply_legal(&m, k), GAME_ILLEGAL);
    }
    memset(out, 0, sizeof(long) * BEL_MAX_SEATS);
    g->scores(&m, out);
}

/* Every play of a merged class against its class's first: the same
 * scores after each of `lines` lines of later choices. */
static void check_position(const struct game *g, const struct bel_match *m, int lines, struct tally *t)
{
    uint8_t out[256];
    int n = g->legal_count(m);
    int rc = g->play_classes(m, out, n);
    int card_play = m->deal.phase == BEL_PHASE_PLAY && !bel_deal_meld_due(&m->deal);
    cr_assert_eq(rc, card_play ? 0 : -1, "%s: classes %d outside or inside the card play", g->name, rc);
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
            long sa[BEL_MAX_SEATS], sb[BEL_MAX_SEATS];
            play_out(g, m, i, (uint64_t)line, sa);
            play_out(g, m, out[i], (uint64_t)line, sb);
            cr_assert_arr_eq(sa, sb, sizeof sa, "%s deal %d trick %d: '%s' and '%s' end apart (line %d)", g->name,
                             m->deal_no, m->deal.trick, a, b, line);
        }
    }
    t->merged += merged;
}

Test(classes_belote, one_class_one_outcome_over_random_matches, .timeout = 600)
{
    static const char *const reveal_late[] = { "reveal=end_of_trick", "deals=4", NULL };
    static const char *const tie_trump[] = { "meld_tie=trump", "seven_exchange=true", "deals=4", NULL };
    static const char *const four[] = { "deals=4", NULL };
    static const char *const three[] = { "deals=3", NULL };
    static const struct { const char *game; int players; const char *const *rules; long min_pairs; } forms[] = {
        { "belote", 2, four, 150 }, { "belote", 3, three, 150 }, { "belote", 4, four, 150 },
        { "belote", 4, tie_trump, 150 }, { "belote-partnership", 4, four, 150 },
        { "belote-partnership", 4, tie_trump, 150 }, { "belote-marseillaise", 2, four, 50 },
        { "belote-marseillaise", 2, reveal_late, 50 },
    };
    static struct bel_match m;
    char err[256];
    struct tally all = { 0, 0, 0 };
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
        const struct game *g = game_find(forms[f].game);
        cr_assert(g && g->play_classes, "%s", forms[f].game);
        struct tally t = { 0, 0, 0 };
        for (uint64_t seed = 1; seed <= 20; seed++) {
            struct game_setup setup = { forms[f].players, seed, 0, forms[f].rules, 0 };
            struct pq_rng rng;
            cr_assert_eq(g->create(&m, &setup, err, sizeof err), 0, "%s", err);
            pq_rng_seed(&rng, seed * 7919 + f);
            while (!m.over) {
                check_position(g, &m, 6, &t);
                int count = g->legal_count(&m);
                cr_assert_gt(count, 0);
                cr_assert_neq(g->apply_legal(&m, (int)pq_rng_below(&rng, (uint32_t)count)), GAME_ILLEGAL);
            }
            uint8_t out[64];
            cr_assert_eq(g->play_classes(&m, out, 0), -1, "%s: the match is over", g->name);
        }
        cr_assert_geq(t.pairs, forms[f].min_pairs, "%s at %d: only %ld merged plays", g->name, forms[f].players, t.pairs);
        cr_log_info("classes %s at %d%s: %ld card plays, %ld (%.1f%%) with a class merged, %ld plays merged",
                    g->name, forms[f].players, forms[f].rules != four && forms[f].rules != three ? " (rules varied)" : "", t.positions, t.merged,
                    100.0 * (double)t.merged / (double)t.positions, t.pairs);
        all.positions += t.positions;
        all.merged += t.merged;
        all.pairs += t.pairs;
    }
    cr_log_info("classes belote, all forms: %ld card plays, %ld (%.1f%%) with a class merged", all.positions,
                all.merged, 100.0 * (double)all.merged / (double)all.positions);
}

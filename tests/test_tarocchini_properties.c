/* test_tarocchini_properties.c - property runs over 100,000 random deals at
 * fixed seeds, spread over every combination of the variant flags
 * (shared/RULES-tarocchini.md section 6): the cards are conserved (O9,
 * O11, O28), card points and the last trick make 93 (O30, O32) counted by
 * the test's own pairing, scores stay within bounds and equal their events
 * (O31), every event is one of section 9's in its order, and a deal replayed
 * from its pack and actions gives the same result (determinism). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "engine/rng.h"
#include "tests/test_tarocchini_support.h"

enum { DEALS = 100000, COMBOS = 32, HISTORY = 200 };

/* O6 and O30 from the test's own table: the counters pair with blanks first. */
static int pile_points(tar_mask pile)
{
    static const char *const fives = "AN WO BE MA KS KB KC KD";
    int counters[64], n = 0, blanks = 0, points = 0;
    tar_mask five = tk_cards(fives), q = tk_cards("QS QB QC QD"), nn = tk_cards("NS NB NC ND"),
             j = tk_cards("JS JB JC JD");
    for (int c = 0; c < TAR_CARDS; c++) {
        if (!(pile & TAR_BIT(c))) continue;
        int v = five & TAR_BIT(c) ? 5 : q & TAR_BIT(c) ? 4 : nn & TAR_BIT(c) ? 3 : j & TAR_BIT(c) ? 2 : 0;
        if (v) counters[n++] = v;
        else blanks++;
    }
    int i = 0;
    for (; i < n && blanks > 0; i++, blanks--) points += counters[i];   /* counter + blank */
    for (; i + 1 < n; i += 2) points += counters[i] + counters[i + 1] - 1;
    points += blanks / 2;
    return points;
}

static void rules_of(int combo, char texts[5][40], const char *rules[6])
{
    snprintf(texts[0], 40, "round_suits_inverted=%s", combo & 1 ? "false" : "true");
    snprintf(texts[1], 40, "monte=%s", combo & 2 ? "true" : "false");
    snprintf(texts[2], 40, "discard_rule=%s", combo & 4 ? "any" : "no_five");
    snprintf(texts[3], 40, "suit_wilds=%d", combo & 8 ? 2 : 1);
    snprintf(texts[4], 40, "signals=%s", combo & 16 ? "off" : "on");
    for (int i = 0; i < 5; i++) rules[i] = texts[i];
    rules[5] = NULL;
}

static void check_result(const struct tar_match *m, const struct tar_result *r, int deal)
{
    if (r->monte) {
        cr_assert(m->rules.monte, "deal %d: monte without the flag", deal);
        cr_assert_eq(r->teams[0] + r->teams[1], 0);
        cr_assert_eq(r->n_events, 0);
        return;
    }
    cr_assert_eq(r->piles[0] & r->piles[1], 0, "deal %d", deal);
    cr_assert_eq(r->piles[0] | r->piles[1], TAR_ALL, "deal %d: cards lost", deal);
    cr_assert_eq(tar_count(r->piles[0]) % 2, 0);
    cr_assert_eq(r->tricks[0] + r->tricks[1], 15);
    int cards[2] = { 0, 0 }, last[2] = { 0, 0 }, sums[2] = { 0, 0 }, prev = -1;
    for (int i = 0; i < r->n_events; i++) {
        const struct tar_event *e = &r->events[i];
        int key = e->category <= TAR_EV_HAND_SEQUENCES ? e->seat * 2 + e->category
                                                        : 8 + e->side * 4 + (e->category - TAR_EV_CRICCHE);
        cr_assert_gt(key, prev, "deal %d: events out of order", deal);   /* section 9's order */
        prev = key;
        cr_assert_gt(e->points, 0);
        cr_assert_eq(e->side, e->category <= TAR_EV_HAND_SEQUENCES ? e->seat % 2 : e->seat);
        sums[e->side] += e->points;
        if (e->category == TAR_EV_CARDS) cards[e->side] += e->points;
        if (e->category == TAR_EV_LAST) last[e->side] += e->points;
    }
    for (int t = 0; t < 2; t++) {
        cr_assert_eq(sums[t], r->teams[t], "deal %d", deal);
        cr_assert_geq(r->teams[t], 0);
        cr_assert_leq(r->teams[t], 1700, "deal %d: %d", deal, r->teams[t]);
        cr_assert_eq(cards[t], pile_points(r->piles[t]), "deal %d team %d", deal, t);
    }
    cr_assert_eq(cards[0] + cards[1] + last[0] + last[1], 93, "deal %d", deal);
    cr_assert_eq(last[r->last], 6);
}

/* Plays one random deal of a one-deal match; keeps its actions. */
static int random_deal(struct tar_match *m, const char *const *rules, uint64_t pack_seed, uint64_t *choice,
                       char actions[HISTORY][GAME_ACTION_MAX])
{
    struct game_setup setup = { 4, pack_seed, 0, rules, 1 };
    char err[200];
    int n = 0;
    cr_assert_eq(tarocchini_game.create(m, &setup, err, sizeof err), 0, "%s", err);
    struct pq_rng rng;
    pq_rng_seed(&rng, *choice);
    *choice += 1;
    for (;;) {
        int k = tarocchini_game.legal_count(m);
        cr_assert_gt(k, 0);
        cr_assert_lt(n, HISTORY);
        int len = tarocchini_game.legal_text(m, (int)pq_rng_below(&rng, (uint32_t)k), actions[n], GAME_ACTION_MAX);
        cr_assert_gt(len, 0);
        int rc = tarocchini_game.apply(m, actions[n], len, err, sizeof err);
        cr_assert_neq(rc, GAME_ILLEGAL, "'%s': %s", actions[n], err);
        n++;
        if (rc == GAME_DEAL_OVER) return n;
        /* O9, O11: 15 cards each once the discard is made, hands only shrink */
        if (m->deal.phase == TAR_PHASE_DECLARE)
            for (int s = 0; s < 4; s++) cr_assert_eq(tar_count(m->deal.hand[s]), 15);
    }
}

Test(tarocchini_properties, o28_o32_random_deals_conserve_cards_count_93_and_score_within_bounds, .timeout = 120)
{
    static char actions[HISTORY][GAME_ACTION_MAX];
    uint64_t choice = 1;
    int monte = 0, matto_swaps = 0;
    for (int deal = 0; deal < DEALS; deal++) {
        char texts[5][40];
        const char *rules[6];
        struct tar_match m;
        rules_of(deal % COMBOS, texts, rules);
        random_deal(&m, rules, 7000 + (uint64_t)deal, &choice, actions);
        check_result(&m, &m.results[0], deal);
        monte += m.results[0].monte;
        matto_swaps += m.results[0].handover != TAR_NO_CARD;
    }
    cr_expect_gt(monte, DEALS / 2 / 16 / 2, "%d monte deals", monte);   /* about 1 in 16 with the flag */
    cr_expect_gt(matto_swaps, DEALS / 10, "%d Matto exchanges", matto_swaps);
}

Test(tarocchini_properties, a_deal_replayed_from_its_pack_and_actions_gives_the_same_result)
{
    static char actions[HISTORY][GAME_ACTION_MAX];
    uint64_t choice = 99;
    for (int deal = 0; deal < 500; deal++) {
        char texts[5][40], deck[400], err[200];
        const char *rules[6];
        struct tar_match m, again;
        rules_of(deal % COMBOS, texts, rules);
        int n = random_deal(&m, rules, 500 + (uint64_t)deal, &choice, actions);
        tarocchini_game.deck_text(&m, deck, sizeof deck);
        struct game_setup setup = { 4, 12345, 0, rules, 1 };   /* another seed: the pack comes from the record */
        cr_assert_eq(tarocchini_game.create(&again, &setup, err, sizeof err), 0);
        cr_assert_eq(tarocchini_game.set_deck(&again, deck, err, sizeof err), 0, "%s", err);
        for (int i = 0; i < n; i++)
            cr_assert_neq(tarocchini_game.apply(&again, actions[i], (int)strlen(actions[i]), err, sizeof err),
                          GAME_ILLEGAL, "%s: %s", actions[i], err);
        cr_assert_eq(memcmp(&again.results[0], &m.results[0], sizeof m.results[0]), 0, "deal %d", deal);
        cr_assert_eq(memcmp(&again.deal, &m.deal, sizeof m.deal), 0, "deal %d", deal);
    }
}

Test(tarocchini_properties, every_listed_action_is_found_again_by_its_own_text_and_applies)
{
    uint64_t choice = 3;
    for (int deal = 0; deal < 300; deal++) {
        char texts[5][40], text[GAME_ACTION_MAX], err[200];
        const char *rules[6];
        struct tar_match m;
        rules_of(deal % COMBOS, texts, rules);
        struct game_setup setup = { 4, 900 + (uint64_t)deal, 0, rules, 1 };
        cr_assert_eq(tarocchini_game.create(&m, &setup, err, sizeof err), 0);
        while (tarocchini_game.to_act(&m) >= 0) {
            int k = tarocchini_game.legal_count(&m);
            for (int i = 0; i < k; i++) {
                int len = tarocchini_game.legal_text(&m, i, text, sizeof text);
                cr_assert_gt(len, 0);
                cr_assert_eq(tarocchini_game.find_legal(&m, text, len), i, "'%s'", text);
            }
            cr_assert_lt(tarocchini_game.legal_text(&m, k, text, sizeof text), 0);
            tk_random_action(&m, &choice);
        }
    }
}

/* test_tarot_discards.c - bot-search's Tarot discard (bots/tarot_discards.h):
 * the candidates are legal, distinct and begin with greedy's; they offer
 * every void the discard can make; F18's forced trumps leave greedy's
 * alone; and the discard searched from a state rebuilt from the taker's
 * view (as bot-search plays it) is legal in the real deal, at four and
 * five players.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "bots/rebuild.h"
#include "bots/tarot_discards.h"
#include "bots/tarot_strategy.h"
#include "engine/rng.h"
#include "tests/test_tarot_support.h"

/* Plays a one-deal match of `players` from `seed` (or `deck`) to the taker's
 * discard: seat 0 says garde, the others pass, at five the first king
 * listed is called. 0 when the deal is void (a Petit sec, F11). */
static int to_the_discard(struct tarot_match *m, int players, uint64_t seed, const char *deck)
{
    char err[256], call[GAME_ACTION_MAX];
    if (deck) {
        tt_start(m, players, NULL, deck);
    } else {
        struct game_setup setup = { players, seed, 0, NULL, 1 };
        cr_assert_eq(tarot_game.create(m, &setup, err, sizeof err), 0, "%s", err);
    }
    if (tarot_game.settle(m) == GAME_DEAL_OVER) return 0;
    cr_assert_eq(tt_do(m, "bid garde", err, sizeof err), GAME_GOES_ON, "%s", err);
    for (int s = 1; s < players; s++) cr_assert_eq(tt_do(m, "pass", err, sizeof err), GAME_GOES_ON, "%s", err);
    if (players == 5) {
        tarot_game.legal_text(m, 0, call, sizeof call);
        cr_assert_eq(tt_do(m, call, err, sizeof err), GAME_GOES_ON, "%s", err);
    }
    cr_assert_eq(m->deal.phase, TAROT_DISCARD);
    return 1;
}

static tarot_mask plain_of(tarot_mask hand)
{
    return hand & ~TAROT_TRUMP_MASK & ~TAROT_BIT(TAROT_EXCUSE) & ~tarot_kings();
}

Test(tarot_discards, the_candidates_are_legal_distinct_and_begin_with_greedy_s)
{
    static struct tarot_match m;
    int deals = 0, several = 0;
    for (uint64_t seed = 1; seed <= 120; seed++) {
        int players = 3 + (int)(seed % 3), index[TAROT_DISCARDS_MAX];
        char text[TAROT_DISCARDS_MAX][GAME_ACTION_MAX], greedy[GAME_ACTION_MAX] = "discard ";
        if (!to_the_discard(&m, players, seed, NULL)) continue;
        tarot_mask hand = m.deal.hand[0];
        int n = tarot_discards_candidates(&tarot_game, &m, index, TAROT_DISCARDS_MAX), legal = tarot_game.legal_count(&m);
        cr_assert_geq(n, 1, "seed %d", (int)seed);
        cr_assert_leq(n, TAROT_DISCARDS_MAX);
        tarot_mask_format(tarot_strategy_discard(hand, m.deal.dog_size), greedy + 8, GAME_ACTION_MAX - 8);
        for (int i = 0; i < n; i++) {
            cr_assert(index[i] >= 0 && index[i] < legal, "seed %d: index %d of %d", (int)seed, index[i], legal);
            tarot_game.legal_text(&m, index[i], text[i], GAME_ACTION_MAX);
            cr_assert(tt_legal(&m, text[i]), "seed %d: '%s'", (int)seed, text[i]);
            for (int j = 0; j < i; j++) cr_assert_neq(index[i], index[j], "seed %d: '%s' twice", (int)seed, text[i]);
        }
        cr_assert_str_eq(text[0], greedy, "seed %d: greedy's first", (int)seed);
        deals++;
        several += n >= 4;
    }
    cr_expect_gt(several, deals / 2, "several candidates in %d deals of %d", several, deals);
}

Test(tarot_discards, every_void_the_discard_can_make_is_offered)
{
    static struct tarot_match m;
    for (uint64_t seed = 200; seed < 300; seed++) {
        tarot_mask discards[TAROT_DISCARDS_MAX];
        if (!to_the_discard(&m, 4, seed, NULL)) continue;
        tarot_mask hand = m.deal.hand[0], plain = plain_of(hand);
        int d = m.deal.dog_size, n = tarot_discards_build(hand, d, discards, TAROT_DISCARDS_MAX);
        if (tarot_count(plain) <= d) continue;
        for (int s = 0; s < 4; s++) {
            tarot_mask suit = plain & TAROT_SUIT_MASK(s);
            int offered = !suit || tarot_count(suit) > d;
            for (int i = 0; i < n; i++) offered |= (discards[i] & suit) == suit;
            cr_assert(offered, "seed %d: no candidate voids suit %d", (int)seed, s);
        }
        for (int i = 0; i < n; i++) {
            cr_assert_eq(tarot_count(discards[i]), d, "seed %d", (int)seed);
            cr_assert_eq(discards[i] & ~plain, 0, "seed %d: a king, a trump or the Excuse unforced", (int)seed);
        }
    }
}

Test(tarot_discards, forced_trumps_leave_greedy_s_lowest_alone)
{
    static struct tarot_match m;
    char deck[TAROT_DECK_TEXT], text[GAME_ACTION_MAX];
    const char *hands[] = { "02 03 04 05 06 07 08 09 10 11 12 13 14 15 KS KH KD KC", "", "", "" };
    int index[TAROT_DISCARDS_MAX];
    tt_deck(4, hands, "1S 2S 17 18 19 20", deck);
    cr_assert(to_the_discard(&m, 4, 0, deck));
    int n = tarot_discards_candidates(&tarot_game, &m, index, TAROT_DISCARDS_MAX);
    cr_assert_eq(n, 1, "F18: four trumps forced, greedy's lowest only (%d)", n);
    tarot_game.legal_text(&m, index[0], text, sizeof text);
    cr_expect_str_eq(text, "discard 02 03 04 05 1S 2S");
}

Test(tarot_discards, nothing_but_a_tarot_discard_has_candidates)
{
    static struct tarot_match m;
    int index[TAROT_DISCARDS_MAX];
    struct game_setup setup = { 4, 9, 0, NULL, 1 };
    char err[160];
    cr_assert_eq(tarot_game.create(&m, &setup, err, sizeof err), 0);
    cr_expect_eq(tarot_discards_candidates(&tarot_game, &m, index, TAROT_DISCARDS_MAX), 0, "the auction");
    cr_assert(to_the_discard(&m, 4, 9, NULL));
    cr_expect_gt(tarot_discards_candidates(&tarot_game, &m, index, TAROT_DISCARDS_MAX), 0, "the discard");
}

/* The taker's view rebuilt into a state, its discard searched there: the
 * text must be a legal action of the real deal, and one of its
 * candidates. */
static int searched_from_the_view(int players, uint64_t seed)
{
    static struct tarot_match m, rebuilt;
    char err[256], text[GAME_ACTION_MAX], mine[GAME_ACTION_MAX];
    int index[TAROT_DISCARDS_MAX], found = 0;
    struct rebuild_table table = { &tarot_game, players, NULL };
    struct search_options o;
    struct pq_rng rng;
    if (!to_the_discard(&m, players, seed, NULL)) return 0;
    cJSON *view = tt_view(&m, tarot_game.to_act(&m));
    cr_assert_eq(rebuild_state(&rebuilt, &table, view, tarot_game.to_act(&m), seed, 0, NULL, err, sizeof err), 0,
                 "seed %d: %s", (int)seed, err);
    cr_assert_eq(tarot_game.legal_count(&rebuilt), tarot_game.legal_count(&m), "seed %d", (int)seed);
    search_options_default(&o);
    o.worlds = 16;
    pq_rng_seed(&rng, seed);
    int i = tarot_discards_choose(&o, &tarot_game, &rebuilt, tarot_game.to_act(&m), seed, 0, &rng);
    cr_assert_geq(i, 0, "seed %d", (int)seed);
    tarot_game.legal_text(&rebuilt, i, text, sizeof text);
    cr_assert(tt_legal(&m, text), "seed %d: '%s' is not legal in the real deal", (int)seed, text);
    int n = tarot_discards_candidates(&tarot_game, &m, index, TAROT_DISCARDS_MAX);
    for (int k = 0; k < n; k++) {
        tarot_game.legal_text(&m, index[k], mine, sizeof mine);
        found |= !strcmp(mine, text);
    }
    cr_assert(found, "seed %d: '%s' is none of the candidates", (int)seed, text);
    cJSON_Delete(view);
    return 1;
}

Test(tarot_discards, the_discard_searched_from_the_taker_s_view_is_legal, .timeout = 60)
{
    int searched = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        searched += searched_from_the_view(4, seed);
        searched += searched_from_the_view(5, seed + 100);
    }
    cr_expect_geq(searched, 10, "%d discards searched", searched);
}

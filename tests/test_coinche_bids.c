/* test_coinche_bids.c - the Coinche calls a search weighs in the auction
 * (bots/coinche_bids.h): on a constructed opening hand the list is the
 * header's, in its order; over seeded random auctions, with and without
 * NT and AT, each list holds 2 to 8 distinct legal indexes, greedy's call
 * first, pass, and coinche whenever it is legal, the same list for the
 * same state; no list outside the auction proper or in another game.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "bots/coinche_bids.h"
#include "bots/game_greedy.h"
#include "bots/world_fits.h"
#include "engine/coinche/coinche.h"
#include "engine/rng.h"
#include "tests/support_rules.h"
#include "tests/test_coinche_support.h"

static const char *text_of(const struct coinche_match *m, int i, char *text)
{
    cr_assert_gt(coinche_game.legal_text(m, i, text, GAME_ACTION_MAX), 0);
    return text;
}

Test(search, coinche_bid_candidates_follow_the_header_on_an_opening_hand)
{
    static struct coinche_match m;
    char pack[96], text[GAME_ACTION_MAX];
    int out[COINCHE_BIDS_MAX];
    /* hearts reckoned at 132 (Jack, Nine, Ace, five trumps, the AS),
       diamonds and clubs at 52, spades at 50: greedy opens 80 H */
    ct_pack(pack, "JH 9H AH TH KH AS 8D 7C", "", "", "");
    ct_start(&m, NULL, pack);
    static const char *const want[] = { "bid 80 H", "pass", "bid 130 H", "bid 90 H", "bid 80 D" };
    int n = coinche_bid_candidates(&coinche_game, &m, out, COINCHE_BIDS_MAX);
    cr_assert_eq(n, 5);
    for (int i = 0; i < n; i++) cr_assert_str_eq(text_of(&m, out[i], text), want[i], "candidate %d", i);
    /* fewer places: the first ones */
    cr_assert_eq(coinche_bid_candidates(&coinche_game, &m, out, 2), 2);
    cr_assert_str_eq(text_of(&m, out[1], text), "pass");
    /* the next seat, against 80 H: coinche is legal, and no candidate
       unless greedy calls it */
    ct_run(&m, "bid 80 H");
    n = coinche_bid_candidates(&coinche_game, &m, out, COINCHE_BIDS_MAX);
    int coinche = 0;
    for (int i = 0; i < n; i++) coinche += !strcmp(text_of(&m, out[i], text), "coinche");
    cr_assert_eq(coinche, !strcmp(text_of(&m, out[0], text), "coinche"));
    cr_assert_geq(coinche_game.find_legal(&m, "coinche", 7), 0);
    /* the answer to a coinche (two calls) and the card play: no list */
    ct_run(&m, "coinche");
    cr_assert_eq(coinche_bid_candidates(&coinche_game, &m, out, COINCHE_BIDS_MAX), -1);
    ct_run(&m, "pass, pass");
    cr_assert_eq(coinche_bid_candidates(&coinche_game, &m, out, COINCHE_BIDS_MAX), -1);
}

Test(search, coinche_bid_candidates_are_distinct_legal_and_greedy_first, .timeout = 60)
{
    static const char *const nt_at[] = { "nt_at=true", NULL };
    static struct coinche_match m;
    const struct game *g = &coinche_game;
    char text[GAME_ACTION_MAX], err[160];
    long lists = 0, with_coinche = 0;
    for (int form = 0; form < 2; form++)
        for (uint64_t seed = 1; seed <= 4; seed++) {
            struct game_setup setup = { 4, seed, 0, form ? nt_at : NULL, 0 };
            struct pq_rng rng;
            cr_assert_eq(g->create(&m, &setup, err, sizeof err), 0, "%s", err);
            pq_rng_seed(&rng, seed);
            while (g->to_act(&m) >= 0) {
                int n = g->legal_count(&m), out[COINCHE_BIDS_MAX], again[COINCHE_BIDS_MAX];
                int k = coinche_bid_candidates(g, &m, out, COINCHE_BIDS_MAX);
                if (m.deal.phase == COINCHE_PHASE_AUCTION && n >= 2) {
                    cr_assert(k >= 2 && k <= COINCHE_BIDS_MAX, "%d candidates of %d", k, n);
                    cr_assert_eq(coinche_bid_candidates(g, &m, again, COINCHE_BIDS_MAX), k);
                    cr_assert_arr_eq(out, again, (size_t)k * sizeof out[0]);
                    cr_assert_eq(out[0], game_greedy_policy(NULL, g, &m, text, sizeof text), "greedy's call first");
                    int pass = 0, coinche = 0;
                    for (int i = 0; i < k; i++) {
                        cr_assert(out[i] >= 0 && out[i] < n, "%d of %d", out[i], n);
                        for (int j = 0; j < i; j++) cr_assert_neq(out[i], out[j], "listed twice");
                        pass += out[i] == 0;
                        coinche += !strcmp(text_of(&m, out[i], text), "coinche");
                    }
                    cr_assert_eq(pass, 1);
                    cr_assert_eq(coinche, !strcmp(text_of(&m, out[0], text), "coinche"),
                                 "coinche listed though greedy would not call it, or left out though it would");
                    g->legal_text(&m, n - 1, text, sizeof text);
                    with_coinche += !strcmp(text, "coinche");
                    lists++;
                } else {
                    cr_assert_eq(k, -1, "a list outside the auction, or of a single call");
                }
                /* mostly pass, so that auctions end and the play is reached */
                int i = pq_rng_below(&rng, 3) == 0 ? (int)pq_rng_below(&rng, (uint32_t)(n < 6 ? n : 6)) : 0;
                int len = g->legal_text(&m, i, text, sizeof text);
                cr_assert_neq(g->apply(&m, text, len, err, sizeof err), GAME_ILLEGAL, "%s", err);
            }
        }
    cr_assert_gt(lists, 200);
    cr_assert_gt(with_coinche, 10);
    /* another game: no list */
    void *b = malloc(belote_game.state_size);
    struct game_setup setup = { 4, 1, 0, NULL, 0 };
    int out[COINCHE_BIDS_MAX];
    cr_assert(b);
    cr_assert_eq(belote_game.create(b, &setup, err, sizeof err), 0, "%s", err);
    cr_assert_eq(coinche_bid_candidates(&belote_game, b, out, COINCHE_BIDS_MAX), -1);
    free(b);
}

/* The world of a match after `actions`, seat 0's hand replaced by `hand`
 * (the cards exchanged with seat 1's), as a sampler could deal it. */
static void world_with(struct coinche_match *w, const char *pack, const char *actions, const char *hand)
{
    ct_start(w, NULL, pack);
    if (*actions) ct_run(w, actions);
    pq_mask want = sr_cards(hand), all = w->deal.hand[0] | w->deal.hand[1];
    cr_assert_eq(want & ~all, 0, "the hand is not in seats 0 and 1");
    w->deal.hand[0] = want;
    w->deal.hand[1] = all & ~want;
}

Test(search, coinche_worlds_fit_the_auctions_calls)
{
    static struct coinche_match w;
    char pack[96];
    const struct game *g = &coinche_game;
    ct_pack(pack, "JH 9H AH TH KH AS 8D 7C", "7H 8H QH 7S 8S 9S TS JS", "", "");
    /* seat 0 bid 100 H: a hand that reckons hearts at 132 fits, one with
       three low hearts (reckoned 40) does not, for every other seat */
    world_with(&w, pack, "bid 100 H, pass", "JH 9H AH TH KH AS 8D 7C");
    cr_assert(coinche_world_fits(g, &w, 2));
    cr_assert(game_world_fits(g, &w, 2));
    world_with(&w, pack, "bid 100 H, pass", "7H 8H QH 7S 8S 9S 8D 7C");
    cr_assert_not(coinche_world_fits(g, &w, 2));
    cr_assert_not(game_world_fits(g, &w, 2));   /* the one entry for every game's filter */
    cr_assert_not(coinche_world_fits(g, &w, 1));
    /* the searching seat's own calls are not its evidence */
    cr_assert(coinche_world_fits(g, &w, 0));
    /* a pass before any bid by a hand that reckons hearts at 132 does not
       fit (seat 1, who passed too, searches: its hand is its own) */
    world_with(&w, pack, "pass, pass", "JH 9H AH TH KH AS 8D 7C");
    cr_assert_not(coinche_world_fits(g, &w, 1));
    world_with(&w, pack, "pass, pass", "7H 8H QH 7S 8S 9S 8D 7C");
    cr_assert(coinche_world_fits(g, &w, 1));
    /* for seat 2 the strong hand then passed in seat 1's place */
    cr_assert_not(coinche_world_fits(g, &w, 2));
    /* in the card play, the played cards count as dealt */
    world_with(&w, pack, "bid 100 H, pass, pass, pass, play JH", "9H AH TH KH AS 8D 7C");
    cr_assert(coinche_world_fits(g, &w, 2));
    /* another game: every world fits */
    void *b = malloc(belote_game.state_size);
    struct game_setup setup = { 4, 1, 0, NULL, 0 };
    char err[160];
    cr_assert(b);
    cr_assert_eq(belote_game.create(b, &setup, err, sizeof err), 0, "%s", err);
    cr_assert(coinche_world_fits(&belote_game, b, 0));
    free(b);
}

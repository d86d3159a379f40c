/* test_tarot_bids.c - the worlds that fit French Tarot's auction and call
 * (bots/tarot_bids.h), behind game_world_fits (bots/world_fits.h): on a
 * constructed deal at four the real world fits for every seat through the
 * auction, the discard and the play; the world whose garde bidder holds a
 * passer's hand (and whose passer the garde hand) is refused for every
 * other seat, one whose garde came from a hand near a prise is not, a prise from a
 * hand well under one is; a
 * pass a little over greedy's need fits, one more than the slack over it
 * does not; at five greedy's auction and call fit and
 * a taker holding the king it called does not (game_world_fits, which
 * dispatches Tarot at three and four only, takes it).
 */
#include <criterion/criterion.h>
#include <string.h>
#include "bots/game_greedy.h"
#include "bots/tarot_bids.h"
#include "bots/tarot_strategy.h"
#include "bots/world_fits.h"
#include "engine/tarot/tarot.h"
#include "tests/test_tarot_support.h"

/* Seat 0 a garde (greedy's strength 60: 56 needed, 71 for garde sans),
 * seats 1 and 2 weak (8 and 6), seat 3 under a prise (35, 40 needed). */
static const char *const HANDS[4] = {
    "21 20 19 18 17 16 15 01 EX KS KH 2S 3S 4S 2H 3H 4H 2D",
    "02 03 04 5S 6S 7S 5H 6H 7H 3D 4D 5D 6D 2C 3C 4C 5C 6C",
    "05 06 07 1S 8S 9S TS 8H 9H TH 7D 8D 9D TD 7C 8C 9C TC",
    "08 09 10 11 12 13 14 JS NS QS JH NH QH JD ND QD JC NC",
};
static const char *const DOG = "1H 1D KD 1C QC KC";

/* A one-deal match at four whose seats hold hands[order[s]], its auction
 * garde then three passes. */
static void garde_deal(struct tarot_match *m, const int order[4])
{
    const char *hands[4];
    char deck[TAROT_DECK_TEXT];
    for (int s = 0; s < 4; s++) hands[s] = HANDS[order[s]];
    tt_deck(4, hands, DOG, deck);
    tt_start(m, 4, NULL, deck);
    tt_play(m, (const char *const[]){ "bid garde", "pass", "pass", "pass", NULL });
}

Test(tarot_bids, the_real_deal_fits_every_seat_through_the_play)
{
    static struct tarot_match m;
    const struct game *g = &tarot_game;
    char err[256], text[GAME_ACTION_MAX] = "discard ";
    int strength[4];
    for (int s = 0; s < 4; s++) strength[s] = tarot_strategy_bid_strength(tt_cards(HANDS[s]), 4);
    cr_assert(strength[0] >= tarot_strategy_bid_need(TAROT_GARDE) && strength[0] < tarot_strategy_bid_need(TAROT_GARDE_SANS));
    for (int s = 1; s < 4; s++) cr_assert_lt(strength[s], tarot_strategy_bid_need(TAROT_PRISE), "seat %d", s);
    garde_deal(&m, (const int[]){ 0, 1, 2, 3 });
    for (int p = 0; p < 4; p++) cr_assert(tarot_world_fits(g, &m, p), "the discard, player %d", p);
    tarot_mask_format(tarot_strategy_discard(m.deal.hand[0], m.deal.dog_size), text + 8, (int)sizeof text - 8);
    cr_assert_eq(tt_do(&m, text, err, sizeof err), GAME_GOES_ON, "%s", err);
    cr_assert_eq(tt_do(&m, "pass", err, sizeof err), GAME_GOES_ON, "%s", err);
    for (int i = 0; i < 9; i++) {
        cr_assert_eq(m.deal.phase, TAROT_PLAY);
        g->legal_text(&m, 0, text, sizeof text);
        cr_assert_eq(tt_do(&m, text, err, sizeof err), GAME_GOES_ON, "%s: %s", text, err);
        for (int p = 0; p < 4; p++) cr_assert(tarot_world_fits(g, &m, p), "play %d, player %d", i, p);
    }
}

Test(tarot_bids, a_garde_with_a_hand_greedy_passes_is_refused)
{
    static struct tarot_match m, w;
    const struct game *g = &tarot_game;
    garde_deal(&m, (const int[]){ 0, 1, 2, 3 });
    cr_assert(game_world_fits(g, &m, 2));
    /* seats 0 and 1's hands traded: the garde from a hand of 8, the pass
       from one of 60; refused by game_world_fits too (Tarot dispatched) */
    garde_deal(&w, (const int[]){ 1, 0, 2, 3 });
    for (int p = 1; p < 4; p++) cr_assert_not(tarot_world_fits(g, &w, p), "player %d", p);
    cr_assert_not(game_world_fits(g, &w, 2));
    /* seats 1 and 2 traded (both weak): fits */
    garde_deal(&w, (const int[]){ 0, 2, 1, 3 });
    for (int p = 0; p < 4; p++) cr_assert(tarot_world_fits(g, &w, p), "player %d", p);
    /* seats 0 and 3 traded: a garde from 35 is within the slack (bot-search
       says garde with such hands), and seat 3's pass with 60 after a
       garde fits (garde sans needs 71): fits */
    garde_deal(&w, (const int[]){ 3, 1, 2, 0 });
    cr_assert_geq(tarot_strategy_bid_strength(tt_cards(HANDS[3]), 4),
                  tarot_strategy_bid_need(TAROT_PRISE) - TAROT_FIT_BID_SLACK);
    for (int p = 1; p < 4; p++) cr_assert(tarot_world_fits(g, &w, p), "player %d", p);
    cr_assert(tarot_world_fits(g, &w, 0));
    /* a prise from 26, more than the slack under the prise's need (if not
       under its own need's): refused but for the bidder itself */
    const char *h26 = "08 09 10 11 12 13 14 JS NS 1H JH NH 1D JD ND 1C JC NC";
    const char *hands[4] = { h26, HANDS[1], HANDS[2], HANDS[0] };
    char deck[TAROT_DECK_TEXT];
    cr_assert_eq(tarot_strategy_bid_strength(tt_cards(h26), 4), 26);
    tt_deck(4, hands, "QS QH QD KD QC KC", deck);
    tt_start(&w, 4, NULL, deck);
    tt_play(&w, (const char *const[]){ "bid prise", "pass", "pass", "pass", NULL });
    for (int p = 1; p < 4; p++) cr_assert_not(tarot_world_fits(g, &w, p), "player %d", p);
    cr_assert(tarot_world_fits(g, &w, 0));
}

/* Seats 0..2 pass, seat 3 (`h3`) says garde; seat 0 holds `h0`. */
static void pass_deal(struct tarot_match *m, const char *h0, const char *h3, const char *dog)
{
    const char *hands[4] = { h0, HANDS[1], HANDS[2], h3 };
    char deck[TAROT_DECK_TEXT];
    tt_deck(4, hands, dog, deck);
    tt_start(m, 4, NULL, deck);
    tt_play(m, (const char *const[]){ "pass", "pass", "pass", "bid garde", NULL });
}

Test(tarot_bids, a_pass_fits_a_little_over_greedy_s_need_only)
{
    static struct tarot_match m;
    /* seat 3's hand with KC KD for JC NC: 44, over the prise's 40 by less
       than the slack; then QC for JS and KS (from the garde hand) for NS:
       50, over it by more */
    const char *h44 = "08 09 10 11 12 13 14 JS NS QS JH NH QH JD ND QD KC KD";
    const char *h50 = "08 09 10 11 12 13 14 QC KS QS JH NH QH JD ND QD KC KD";
    const char *garde50 = "21 20 19 18 17 16 15 01 EX NS KH 2S 3S 4S 2H 3H 4H 2D";
    cr_assert_eq(tarot_strategy_bid_need(TAROT_PRISE) + TAROT_FIT_PASS_SLACK, 48);
    cr_assert_eq(tarot_strategy_bid_strength(tt_cards(h44), 4), 44);
    cr_assert_eq(tarot_strategy_bid_strength(tt_cards(h50), 4), 50);
    pass_deal(&m, h44, HANDS[0], "1H 1D 1C QC JC NC");
    for (int p = 1; p < 4; p++) cr_assert(tarot_world_fits(&tarot_game, &m, p), "player %d", p);
    pass_deal(&m, h50, garde50, "1H 1D 1C JS JC NC");
    for (int p = 1; p < 4; p++) cr_assert_not(tarot_world_fits(&tarot_game, &m, p), "player %d", p);
    cr_assert(tarot_world_fits(&tarot_game, &m, 0));
}

/* Plays greedy's action for the seat to act: its GAME_* result (all
 * passing ends the deal). */
static int greedy_step(struct tarot_match *m)
{
    char text[GAME_ACTION_MAX], err[256];
    int i = game_greedy_policy(NULL, &tarot_game, m, text, sizeof text);
    cr_assert_geq(i, -1);
    if (i >= 0) tarot_game.legal_text(m, i, text, sizeof text);
    int rc = tt_do(m, text, err, sizeof err);
    cr_assert_geq(rc, 0, "%s: %s", text, err);
    return rc;
}

static void swap_dealt(struct tarot_deal *d, int a, int b)
{
    for (int i = 0; i < TAROT_CARDS; i++)
        d->deck[i] = d->deck[i] == a ? (uint8_t)b : d->deck[i] == b ? (uint8_t)a : d->deck[i];
    for (int s = 0; s < d->n; s++) {
        tarot_mask h = d->hand[s];
        if (tarot_has(h, a) != tarot_has(h, b)) d->hand[s] = h ^ TAROT_BIT(a) ^ TAROT_BIT(b);
    }
}

Test(tarot_bids, at_five_a_taker_holding_the_called_king_is_refused)
{
    static struct tarot_match m, w;
    int tried = 0;
    for (uint64_t seed = 1; seed <= 200 && tried < 5; seed++) {
        char err[256];
        struct game_setup setup = { 5, seed, 0, NULL, 1 };
        cr_assert_eq(tarot_game.create(&m, &setup, err, sizeof err), 0, "%s", err);
        if (tarot_game.settle(&m) == GAME_DEAL_OVER) continue;
        while ((m.deal.phase == TAROT_AUCTION || m.deal.phase == TAROT_CALL) && greedy_step(&m) == GAME_GOES_ON) continue;
        if (m.deal.phase == TAROT_OVER || TAROT_RANK(m.deal.called) != TAROT_KING) continue;
        /* greedy's own auction and call fit exactly, for every player */
        for (int p = 0; p < 5; p++) cr_assert(tarot_world_fits(&tarot_game, &m, p), "seed %d, player %d", (int)seed, p);
        /* the called king traded for the taker's lowest plain card of no
           points: its bid still fits, its call not */
        struct tarot_deal *d = &m.deal;
        tarot_mask taker = tarot_dealt_hand(d, d->taker), low = 0;
        for (int s = 0; s < 4; s++)
            for (int r = 0; r < 4; r++)
                if (s != TAROT_SUIT(d->called) && tarot_has(taker, TAROT_CARD(s, r))) low |= TAROT_BIT(TAROT_CARD(s, r));
        if (!low || (tarot_dealt_dog(d) & TAROT_BIT(d->called))) continue;
        memcpy(&w, &m, sizeof w);
        swap_dealt(&w.deal, d->called, tarot_first(low));
        tarot_mask now = tarot_dealt_hand(&w.deal, d->taker);
        int strength = tarot_strategy_bid_strength(now, 5), c = d->contract;
        if (strength < tarot_strategy_bid_need(TAROT_PRISE) - TAROT_FIT_BID_SLACK ||
            strength < tarot_strategy_bid_need(c) - TAROT_FIT_CONTRACT_SLACK ||
            (c < TAROT_GARDE_CONTRE && strength >= tarot_strategy_bid_need(c + 1) + TAROT_FIT_PASS_SLACK))
            continue;
        tried++;
        for (int p = 0; p < 5; p++)
            if (p != d->taker) cr_assert_not(tarot_world_fits(&tarot_game, &w, p), "seed %d, player %d", (int)seed, p);
        cr_assert(tarot_world_fits(&tarot_game, &w, d->taker));
        /* game_world_fits takes every world at five (bots/world_fits.h) */
        cr_assert(game_world_fits(&tarot_game, &w, (d->taker + 1) % 5));
    }
    cr_assert_eq(tried, 5);
}

/* test_belote_bids.c - the worlds that fit the Belote forms' auction
 * (bots/belote_bids.h) and the one entry for every game's filter
 * (bots/world_fits.h): on a constructed deal at four the real world
 * fits, in the auction and once the deal is complete, for every seat; a
 * world whose taker holds no trump strength, or whose passer holds the
 * taker's hand, does not, except for that seat itself; a name in round
 * two fits only the suit greedy would name; game_world_fits answers as
 * each game's own filter, and takes every world of a game without one.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "bots/belote_bids.h"
#include "bots/world_fits.h"
#include "engine/belote/belote.h"
#include "tests/support_rules.h"
#include "tests/test_belote_support.h"

/* Seat 0 weak, seat 1 strong in hearts (the turn-up 8H), seat 2 spades,
 * seat 3 diamonds; seat 1 receives TH KH as maker, the Seven of hearts
 * goes to seat 3 with the rest of the pack (no exchange). */
static const char *const DECK = "7S 8S 9S 7D 8D JH 9H AH AS AD TS JS QS KS 9D TD JD QD KD 7C 8H "
                                "8C 9C TC TH KH JC QC KC AC QH 7H";

/* Seats a and b's hidden cards traded (the cards known to be theirs
 * stay): the seat with fewer hidden cards takes that many of the other's
 * (the lowest), the other the rest, as a sampler could deal them. */
static void swap_hidden(struct bel_match *w, int a, int b)
{
    struct bel_deal *d = &w->deal;
    pq_mask ka = d->hand[a] & d->known[a], kb = d->hand[b] & d->known[b];
    pq_mask ha = d->hand[a] & ~ka, hb = d->hand[b] & ~kb, pool = ha | hb, some = 0;
    int na = pq_mask_count(ha), nb = pq_mask_count(hb), fewer = na < nb ? a : b;
    pq_mask from = fewer == a ? hb : ha;
    for (int i = 0; i < (na < nb ? na : nb); i++, from &= from - 1) some |= PQ_BIT(pq_mask_first(from));
    d->hand[fewer] = (fewer == a ? ka : kb) | some;
    d->hand[fewer == a ? b : a] = (fewer == a ? kb : ka) | (pool & ~some);
}

Test(search, belote_worlds_fit_the_round_one_calls)
{
    static struct bel_match m, w;
    char err[160];
    const struct game *g = bt_start(&m, "belote", 4, NULL, DECK, 0);
    /* in the auction: seat 0's pass fits its weak hand */
    cr_assert_eq(bt_do(&m, "pass", err, sizeof err), GAME_GOES_ON, "%s", err);
    for (int p = 0; p < 4; p++) cr_assert(belote_world_fits(g, &m, p), "player %d", p);
    /* seat 0 holding seat 1's hand (J 9 A of hearts, two Aces) would
       have taken: not for the others, for seat 0 itself (its own hand) */
    memcpy(&w, &m, sizeof w);
    swap_hidden(&w, 0, 1);
    cr_assert_not(belote_world_fits(g, &w, 2));
    cr_assert_not(belote_world_fits(g, &w, 1));
    cr_assert(belote_world_fits(g, &w, 0));
    /* seat 1 takes: the deal is complete (seat 1 holds the 8H) and the
       real world fits for every seat, whichever 5 of seat 1's 7 other
       cards are drawn as its auction's */
    cr_assert_eq(bt_do(&m, "take", err, sizeof err), GAME_GOES_ON, "%s", err);
    cr_assert(m.deal.complete);
    for (int p = 0; p < 4; p++) cr_assert(belote_world_fits(g, &m, p), "player %d", p);
    /* a taker with seat 2's spades and clubs could not have taken */
    memcpy(&w, &m, sizeof w);
    swap_hidden(&w, 1, 2);
    cr_assert(w.deal.hand[1] & PQ_BIT(pq_card_parse("8H")));
    cr_assert_not(belote_world_fits(g, &w, 0));
    cr_assert_not(belote_world_fits(g, &w, 3));
    cr_assert(belote_world_fits(g, &w, 1));
    /* played cards count as dealt: once seat 0 has led, the real world
       still fits and the taker without trumps still does not */
    cr_assert_eq(bt_do(&m, "meld", err, sizeof err), GAME_GOES_ON, "%s", err);
    cr_assert_eq(bt_do(&m, "play 7S", err, sizeof err), GAME_GOES_ON, "%s", err);
    for (int p = 0; p < 4; p++) cr_assert(belote_world_fits(g, &m, p), "player %d", p);
    memcpy(&w, &m, sizeof w);
    swap_hidden(&w, 1, 2);
    cr_assert_not(belote_world_fits(g, &w, 0));
    /* Marseillaise's bids read face-up cards only: every world fits */
    static struct bel_match mm;
    const struct game *gm = bt_start(&mm, "belote-marseillaise", 2, NULL, NULL, 0);
    cr_assert(belote_world_fits(gm, &mm, 0));
}

Test(search, belote_worlds_fit_a_name_in_round_two)
{
    static struct bel_match m, w;
    char err[160];
    /* turn-up 7C, nobody strong in clubs; seat 2 strong in spades and
       nobody else in any suit, whichever of its cards were its five */
    const struct game *g =
        bt_start(&m, "belote", 4, NULL,
                 "7S 8S 9D 7D 8D 8H 9H QD KD TC JS 9S AS TS AH TD JD KH 7H QC 7C "
                 "8C JC JH 9C QH AD QS KS TH AC KC",
                 0);
    for (int i = 0; i < 6; i++) cr_assert_eq(bt_do(&m, "pass", err, sizeof err), GAME_GOES_ON, "%s", err);
    for (int p = 0; p < 4; p++) cr_assert(belote_world_fits(g, &m, p), "player %d", p);
    cr_assert_eq(bt_do(&m, "name S", err, sizeof err), GAME_GOES_ON, "%s", err);
    for (int p = 0; p < 4; p++) cr_assert(belote_world_fits(g, &m, p), "player %d", p);
    /* seat 2 (the maker, the 7C its own) with seat 3's hearts, diamonds
       and clubs could not have named spades; seat 3 gets the spades */
    memcpy(&w, &m, sizeof w);
    w.deal.hand[2] = sr_cards("7C TD JD KH 7H QC TH AC");
    w.deal.hand[3] = sr_cards("KC JS 9S AS TS AH QS KS");
    cr_assert_not(belote_world_fits(g, &w, 0));
    cr_assert_not(belote_world_fits(g, &w, 1));
    /* in round two, a pass by a seat holding the spades does not fit */
    bt_start(&m, "belote", 4, NULL,
             "7S 8S 9D 7D 8D 8H 9H QD KD TC JS 9S AS TS AH TD JD KH 7H QC 7C "
             "8C JC JH 9C QH AD QS KS TH AC KC",
             0);
    for (int i = 0; i < 5; i++) cr_assert_eq(bt_do(&m, "pass", err, sizeof err), GAME_GOES_ON, "%s", err);
    memcpy(&w, &m, sizeof w);
    swap_hidden(&w, 0, 2);
    cr_assert(belote_world_fits(g, &m, 3));
    cr_assert_not(belote_world_fits(g, &w, 3));
    cr_assert(belote_world_fits(g, &w, 0));
}

Test(search, game_world_fits_answers_as_each_games_own_filter)
{
    static struct bel_match m, w;
    char err[160];
    const struct game *g = bt_start(&m, "belote", 4, NULL, DECK, 0);
    cr_assert_eq(bt_do(&m, "pass", err, sizeof err), GAME_GOES_ON, "%s", err);
    cr_assert_eq(bt_do(&m, "take", err, sizeof err), GAME_GOES_ON, "%s", err);
    memcpy(&w, &m, sizeof w);
    swap_hidden(&w, 1, 2);
    cr_assert(game_world_fits(g, &m, 0));
    cr_assert_not(game_world_fits(g, &w, 0));
    cr_assert(game_world_fits(g, &w, 1));
    /* Partnership: the same deal, the same filter */
    const struct game *gp = bt_start(&m, "belote-partnership", 4, NULL, DECK, 0);
    cr_assert_eq(bt_do(&m, "pass", err, sizeof err), GAME_GOES_ON, "%s", err);
    cr_assert_eq(bt_do(&m, "take", err, sizeof err), GAME_GOES_ON, "%s", err);
    memcpy(&w, &m, sizeof w);
    swap_hidden(&w, 1, 2);
    cr_assert(game_world_fits(gp, &m, 0));
    cr_assert_not(game_world_fits(gp, &w, 0));
    /* a game without a filter: every world, even this one read as its own */
    const struct game *other = game_find("tarocchini");
    void *t = malloc(other->state_size);
    struct game_setup setup = { 4, 1, 0, NULL, 1 };
    cr_assert(t);
    cr_assert_eq(other->create(t, &setup, err, sizeof err), 0, "%s", err);
    cr_assert(game_world_fits(other, t, 0));
    free(t);
}

/* belote_bids.h - what the Belote forms' auction tells a search about the
 * hands it cannot see (bot-search, bench-playout): the sampler (belote.h
 * "Sampling") deals the hidden cards uniformly among the deals the rules
 * allow, blind to the calls, so in its worlds a seat that took holds a
 * trump suit no better than any other's, and one that passed as good a
 * hand as any. This filter keeps the worlds whose hands would have made
 * the calls as greedy makes them (bots/belote_strategy.h: take or name at
 * the bid threshold, the strongest suit named).
 */
#ifndef BOTS_BELOTE_BIDS_H
#define BOTS_BELOTE_BIDS_H

#include "engine/game.h"

/* The tolerances, in greedy's trump strength (its threshold is 4.5 to
 * 5.5): a take or name fits a hand at most BELOTE_FIT_TAKE_SLACK below
 * the threshold, and a named suit one at most that much below the seat's
 * strongest; a pass fits one at most BELOTE_FIT_PASS_SLACK above it.
 * Another bot's calls are not greedy's: in the arena a tenth of
 * bot-search's own takes were made with hands under 2.5 to 3.8 by
 * greedy's measure and about half under its threshold, its passes seldom
 * above it (bots/README.md), so a take says less than greedy's would and
 * a pass nearly as much. */
#define BELOTE_FIT_TAKE_SLACK 2.0
#define BELOTE_FIT_PASS_SLACK 1.0

/* search.h options.fits for `belote` (at 2, 3, 4) and `belote-partnership`:
 * whether every seat other than `player` would have made its recorded
 * round-one take or pass and round-two name or pass with its hand in the
 * world as it was in the auction (greedy's rule within the tolerances).
 * That hand is the world's hand with its played cards put back, the
 * turn-up where it went undone (an exchanger holds the Seven again, the
 * maker at four gives back the card of the turn-up place); once the deal
 * is complete the auction's part of it (5 of 8 at four, 6 of 9 at two and
 * three) is not told by the world, and one is drawn (with the Seven an
 * exchanger at four gave, B15), seeded by the world's hands: a world
 * then fits as often as its hands' auction parts would have made the
 * calls, which is the weight the calls give it. Deterministic for a
 * world. 1 for Marseillaise (its bids read face-up cards only), any
 * other game and a finished match. */
int belote_world_fits(const struct game *g, const void *world, int player);

#endif

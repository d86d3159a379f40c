/* tarot_bids.h - what French Tarot's auction tells a search about the
 * hands it cannot see (bot-search, bench-playout): the sampler (tarot.h
 * "Sampling") deals the hidden cards uniformly among the deals the rules
 * allow, blind to the bids, so in its worlds a seat that said garde holds
 * no more trumps and bouts than one that passed. This filter keeps the
 * worlds whose hands as dealt would have made the bids as greedy makes
 * them (bots/tarot_strategy.h: the highest contract whose need the hand's
 * strength reaches, when above the last bid) and, at five, the call (a
 * king the taker does not hold, in its longest suit).
 */
#ifndef BOTS_TAROT_BIDS_H
#define BOTS_TAROT_BIDS_H

#include "engine/game.h"

/* The tolerances, in greedy's bid strength (the contracts need 40, 56,
 * 71, 81; a hand's strength is mostly 10 to 50): a contract fits a hand
 * at most TAROT_FIT_BID_SLACK under the prise's need and at most
 * TAROT_FIT_CONTRACT_SLACK under its own, and under the next contract's
 * need plus TAROT_FIT_PASS_SLACK (a higher contract greedy would have
 * said); a pass fits a hand under the need of the contract above the
 * last bid plus TAROT_FIT_PASS_SLACK. Another bot's bids are not
 * greedy's: in an arena journal at four (bot-search against greedy, 24
 * pairs, 1536 deals) greedy's bids and passes all kept its rule, while
 * bot-search's own 338 bids were mostly gardes, and came from hands of 29
 * and more whatever the contract (gardes from 29, gardes sans from 44,
 * gardes contre from 53; 304 under the contract's need, by up to 28), its
 * passes at most 7 over a need; so a contract says little more than "a
 * hand near a prise". A call fits a taker that did not hold the called
 * card as dealt and held at most TAROT_FIT_CALL_SLACK cards more in
 * another suit whose king it did not hold. */
#define TAROT_FIT_BID_SLACK 12
#define TAROT_FIT_CONTRACT_SLACK 30
#define TAROT_FIT_PASS_SLACK 8
#define TAROT_FIT_CALL_SLACK 2

/* search.h options.fits for `tarot`: whether every seat other than
 * `player`'s would have made its recorded bid, and the taker at five its
 * call, with its hand as dealt in the world (tarot.h tarot_dealt_hand:
 * played cards back, the dog out of the taker's hand, its discard back),
 * by greedy's rule within the tolerances. Deterministic for a world. 1
 * for any other game, a finished match, and a seat yet to speak. */
int tarot_world_fits(const struct game *g, const void *world, int player);

#endif

/* coinche_bids.h - the few Coinche calls a search weighs in the auction
 * (bot-search, bench-playout's `+bid`): the auction's legal list holds
 * every bid value in every denomination above the current bid, coinche
 * and capot (40 to 67 actions), too many to search each, so the search
 * weighs only these (search.h options.only).
 *
 * The candidates, in this order, each legal and listed once:
 *   1. greedy's own call (bots/coinche_strategy.h, from the seat's view);
 *   2. pass;
 *   3. in the denomination the seat reckons best (coinche_strategy_support,
 *      greedy's own reckoning with the partner's bid): its lowest legal bid,
 *      the bid at that reckoning (greedy's limit, 160 at most), and the
 *      lowest bid + 10;
 *   4. in the second best denomination: its lowest legal bid.
 * Capot and coinche are candidates only when greedy calls them. At most
 * `max` of them (the first ones); with 8, all. A list of `max` actions or
 * fewer (the auction past 160) is taken whole but for coinche, greedy's
 * call first, then the others in legal order.
 *
 * Coinche was a candidate of its own until 2026-11-27: the search's
 * worlds and playouts (the rules of thumb, one card in five at random)
 * make the opponents' contracts fail more often than greedy's play does,
 * so it doubled contracts that failed 58% of the time where a coinche
 * pays only above about 69%; without it the search beat greedy 113-0-15
 * (+350.8 Elo) instead of 96-0-32 (+190.8) over the same 64 pairs
 * (bots/README.md "Coinche: the coinche left to greedy").
 */
#ifndef BOTS_COINCHE_BIDS_H
#define BOTS_COINCHE_BIDS_H

#include "engine/game.h"

enum { COINCHE_BIDS_MAX = 8 };

/* The candidates' legal indexes (game.h legal order) into out[0..max-1]
 * when `state` is a Coinche match (g is coinche_game) in the auction
 * proper (not the answer to a coinche, which lists two calls): their
 * number, at least 2. -1 for any other game or decision, or when the
 * seat's view cannot be written or read. Deterministic for a state. */
int coinche_bid_candidates(const struct game *g, const void *state, int *out, int max);

/* search.h options.fits for Coinche: whether the world's hands would have
 * made the auction's calls of the seats other than `player` as greedy
 * makes them, roughly (the sampler deals the hidden cards uniformly,
 * blind to the auction: an opponent's bid of 100 H is then most often
 * a bluff, and coinche and high bids look better than they are): each of
 * their bids up to 160 in a denomination at most COINCHE_FIT_SLACK above
 * what the bidder reckons it (coinche_strategy_support, with his
 * partner's earlier bid), and each pass before any bid by a hand that
 * reckons no denomination at COINCHE_FIT_SLACK above 80 or more. 1 for
 * any other game or state. */
enum { COINCHE_FIT_SLACK = 10 };
int coinche_world_fits(const struct game *g, const void *world, int player);

#endif

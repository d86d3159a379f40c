/* strategy.h - the reference bots' decisions as pure functions of what a
 * seat may know: its view (engine/piquet/view.h) and its legal actions. No
 * sockets here; the bot programs wrap these with the SDK, and tests and
 * benchmarks call them in-process.
 *
 * random: a uniformly random legal action (seeded generator).
 * greedy: a sensible heuristic (issue 3): elder exchanges five and younger
 *         all the cards left, keeping the point suit, sequences, high sets
 *         and winners; declares everything; looks at untaken cards; cashes
 *         sure winners, wins tricks cheaply, follows low, keeps guards.
 */
#ifndef BOTS_STRATEGY_H
#define BOTS_STRATEGY_H

#include "engine/rng.h"
#include "engine/piquet/view.h"

/* Index of a uniformly random action among n legal ones. */
int strategy_random(struct pq_rng *rng, int n);

/* The greedy player's choice among the n legal actions; returns its index. */
int strategy_greedy(const struct pq_view *view, const struct pq_action *legal, int n);

/* How much the greedy player values keeping `card` (in `hand`) in the
 * exchange: its rank, the point suit, runs of three or more, sets of tens
 * or better. The greedy discard keeps the hand whose cards sum the most;
 * bot-pimc's exchange model (exchanges.h) weighs discards by it. */
int strategy_keep_value(pq_mask hand, int card);

#endif

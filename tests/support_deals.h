/* support_deals.h - seeded deals played to a chosen point of their play,
 * for the tests of the solver, the worlds and bot-pimc. */
#ifndef SUPPORT_DEALS_H
#define SUPPORT_DEALS_H

#include <stdint.h>
#include "engine/piquet/deal.h"

/* Deals pack `pack` of `seed` under `rules` (NULL: the defaults) and plays
 * until `tricks` tricks are played with a card led (`mid`) or not:
 * exchanges and declarations greedy when `greedy`, else random; the
 * look/nolook election is legal action `look` (-1: as the others); cards
 * random, from a generator seeded with `seed`. Stops early when the deal
 * ends first. */
void support_deal_in_play(struct pq_deal *d, const struct pq_rules *rules, uint64_t seed, int pack, int tricks,
                          int mid, int greedy, int look);

#endif

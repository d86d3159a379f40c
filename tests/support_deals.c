/* support_deals.c - seeded deals for the bot tests (support_deals.h). */
#include <criterion/criterion.h>
#include "bots/strategy.h"
#include "engine/rng.h"
#include "engine/piquet/view.h"
#include "tests/support_deals.h"

void support_deal_in_play(struct pq_deal *d, const struct pq_rules *rules, uint64_t seed, int pack, int tricks,
                          int mid, int greedy, int look)
{
    static struct pq_action legal[PQ_MAX_LEGAL];
    struct pq_rules defaults;
    struct pq_rng rng;
    uint8_t deck[32];
    char err[128];
    pq_rules_default(&defaults);
    pq_rng_seed(&rng, seed);
    pq_rng_deck(seed, pack, deck);
    cr_assert_eq(pq_deal_init(d, rules ? rules : &defaults, deck), 0);
    while (!pq_deal_over(d)) {
        if (d->phase == PQ_PHASE_PLAY && d->trick == tricks && (d->lead_card >= 0) == mid) break;
        int n = pq_deal_legal(d, legal, PQ_MAX_LEGAL), pick;
        if (d->phase == PQ_PHASE_LOOK && look >= 0) {
            pick = look;
        } else if (greedy && d->phase != PQ_PHASE_PLAY) {
            struct pq_view v;
            pq_view_build(d, d->to_act, &v);
            pick = strategy_greedy(&v, legal, n);
        } else {
            pick = strategy_random(&rng, n);
        }
        cr_assert_eq(pq_deal_apply(d, &legal[pick], err, sizeof err), 0, "%s", err);
    }
}

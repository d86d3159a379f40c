/* bench.c - random playouts for the engine benchmark (bench.h). The clock
 * is read every 256 deals so that it costs nothing measurable.
 */
#include <time.h>
#include "arena/bench.h"
#include "engine/deal.h"
#include "engine/rng.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void bench_engine_once(double seconds, uint64_t seed, struct bench_engine_run *out)
{
    struct pq_rules rules;
    struct pq_rng rng;
    struct pq_deal deal;
    double start = now(), elapsed = 0;
    long deals = 0, actions = 0;
    pq_rules_default(&rules);
    pq_rng_seed(&rng, seed);
    while (elapsed < seconds) {
        for (int i = 0; i < 256; i++, deals++) {
            uint8_t deck[32];
            pq_rng_deck(seed, (int)deals, deck);
            pq_deal_init(&deal, &rules, deck);
            while (!pq_deal_over(&deal)) {
                struct pq_action a;
                int n = pq_deal_legal_count(&deal);
                pq_deal_legal_nth(&deal, (int)pq_rng_below(&rng, (uint32_t)n), &a);
                pq_deal_apply(&deal, &a, NULL, 0);
                actions++;
            }
        }
        elapsed = now() - start;
    }
    out->deals = deals;
    out->actions = actions;
    out->seconds = elapsed;
}

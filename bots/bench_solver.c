/* bench_solver.c - `bench-solver`: speed of the exact play solver on
 * endings of 8 and 12 cards a hand (greedy exchanges and declarations,
 * random cards to reach the ending; a fresh table for every solve).
 * Prints the mean, median and worst time and the mean positions searched.
 * Usage: bench-solver [COUNT]   (endings of each size, default 200)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "bots/solver.h"
#include "bots/strategy.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* A deal with `cards` cards left in each hand, elder or the trick winner
 * to lead. */
static void ending(struct pq_deal *d, uint64_t seed, int cards)
{
    static struct pq_action legal[PQ_MAX_LEGAL];
    struct pq_rules rules;
    struct pq_rng rng;
    uint8_t deck[32];
    pq_rules_default(&rules);
    pq_rng_seed(&rng, seed);
    pq_rng_deck(seed, 1, deck);
    pq_deal_init(d, &rules, deck);
    while (!(d->phase == PQ_PHASE_PLAY && d->trick == 12 - cards && d->lead_card < 0)) {
        int n = pq_deal_legal(d, legal, PQ_MAX_LEGAL), pick;
        if (d->phase == PQ_PHASE_PLAY) {
            pick = strategy_random(&rng, n);
        } else {
            struct pq_view v;
            pq_view_build(d, d->to_act, &v);
            pick = strategy_greedy(&v, legal, n);
        }
        pq_deal_apply(d, &legal[pick], NULL, 0);
    }
}

int main(int argc, char **argv)
{
    int count = argc > 1 ? atoi(argv[1]) : 200;
    struct solver s;
    if (count < 1) {
        fprintf(stderr, "usage: bench-solver [COUNT]\n");
        return 2;
    }
    if (solver_init(&s, 20) < 0) {
        fprintf(stderr, "bench-solver: out of memory\n");
        return 1;
    }
    double *ms = malloc(sizeof *ms * (size_t)count);
    if (!ms) {
        fprintf(stderr, "bench-solver: out of memory\n");
        solver_release(&s);
        return 1;
    }
    static const int sizes[] = { 8, 12 };
    for (int i = 0; i < 2; i++) {
        double total = 0;
        uint64_t nodes = 0;
        for (int n = 0; n < count; n++) {
            struct pq_deal d;
            struct solver_position pos;
            ending(&d, 1000 * (uint64_t)sizes[i] + (uint64_t)n, sizes[i]);
            solver_position_from_deal(&pos, &d);
            solver_clear(&s);
            s.nodes = 0;
            double t0 = now_ms();
            volatile int v = solver_value(&s, &pos);
            (void)v;
            ms[n] = now_ms() - t0;
            total += ms[n];
            nodes += s.nodes;
        }
        qsort(ms, (size_t)count, sizeof *ms, cmp_double);
        printf("solver %2d-card endings: %d solved, mean %.3f ms, median %.3f ms, worst %.3f ms, "
               "%.0f positions on average\n", sizes[i], count, total / count, ms[count / 2], ms[count - 1],
               (double)nodes / count);
    }
    free(ms);
    solver_release(&s);
    return 0;
}

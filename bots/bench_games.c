/* bench_games.c - `bench-games`: random-playout deals per second on one
 * core, through the game interface (engine/game.h) only, as a generic bot
 * drives a game: at each decision legal_count, one legal_text picked at
 * random, apply; or, for a game that offers apply_legal, the picked
 * index applied without its text, as a search would (--text: the text
 * path for every game). Every game compiled in, at every player count it
 * takes; one line each with the median of 5 runs, saying which path.
 * Time is the thread's CPU time, so a busy machine slows the figures less
 * than wall time would.
 * Usage: bench-games [--text] [SECONDS-PER-RUN]   (default 0.4)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "engine/game.h"
#include "engine/rng.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Deals per second of random playouts for `seconds`. */
static double run(const struct game *g, int players, double seconds, uint64_t seed, void *state, int by_index)
{
    struct pq_rng rng;
    char text[GAME_ACTION_MAX], err[256];
    long deals = 0;
    pq_rng_seed(&rng, seed);
    double start = now_s(), end = start + seconds, t = start;
    while (t < end) {
        struct game_setup setup = { players, pq_rng_next(&rng), 0, NULL, 0 };
        if (g->create(state, &setup, err, sizeof err) < 0) {
            fprintf(stderr, "bench-games: %s: %s\n", g->name, err);
            exit(1);
        }
        for (int k = 0; k < 200; k++) {
            while (g->to_act(state) >= 0) {
                if (g->settle && g->settle(state) == GAME_DEAL_OVER) {   /* a void deal */
                    deals++;
                    continue;
                }
                int n = g->legal_count(state), pick = (int)pq_rng_below(&rng, (uint32_t)n), rc;
                if (by_index) {
                    rc = g->apply_legal(state, pick);
                    if (rc < 0) {
                        fprintf(stderr, "bench-games: %s: legal action %d of %d refused\n", g->name, pick, n);
                        exit(1);
                    }
                } else {
                    int len = g->legal_text(state, pick, text, sizeof text);
                    rc = g->apply(state, text, len, err, sizeof err);
                    if (rc < 0) {
                        fprintf(stderr, "bench-games: %s: '%s' refused: %s\n", g->name, text, err);
                        exit(1);
                    }
                }
                deals += rc == GAME_DEAL_OVER;
            }
            g->create(state, &setup, err, sizeof err);
            setup.seed++;
        }
        t = now_s();
    }
    return (double)deals / (t - start);
}

int main(int argc, char **argv)
{
    int text_only = argc > 1 && !strcmp(argv[1], "--text");
    double seconds = argc > 1 + text_only ? atof(argv[1 + text_only]) : 0.4;
    if (seconds <= 0 || argc > 2 + text_only) {
        fprintf(stderr, "usage: bench-games [--text] [SECONDS-PER-RUN]\n");
        return 2;
    }
    for (int i = 0; game_modules[i]; i++) {
        const struct game *g = game_modules[i];
        void *state = malloc(g->state_size);
        if (!state) {
            fprintf(stderr, "bench-games: out of memory\n");
            return 1;
        }
        for (int players = g->min_players; players <= g->max_players; players++) {
            double rates[5];
            int by_index = g->apply_legal && !text_only;
            for (int r = 0; r < 5; r++) rates[r] = run(g, players, seconds, 1000u + (uint64_t)r, state, by_index);
            qsort(rates, 5, sizeof rates[0], cmp_double);
            printf("%-22s players %d  %10.0f deals/s (median of 5 runs, one core, %s)\n", g->name, players, rates[2],
                   by_index ? "apply_legal" : "text");
            fflush(stdout);
        }
        free(state);
    }
    return 0;
}

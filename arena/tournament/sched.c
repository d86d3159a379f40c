/* sched.c - tournament schedules (sched.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/tournament/sched.h"
#include "engine/rng.h"

const char *sched_format_name(int format)
{
    return format == SCHED_GAUNTLET ? "gauntlet" : "round-robin";
}

int sched_format_parse(const char *name)
{
    if (!strcmp(name, "round-robin")) return SCHED_ROUND_ROBIN;
    if (!strcmp(name, "gauntlet")) return SCHED_GAUNTLET;
    return -1;
}

int sched_build(struct sched *self, int format, int n_bots, int pairs, uint64_t master_seed,
                char *err, size_t cap)
{
    memset(self, 0, sizeof *self);
    if (n_bots < 2 || pairs < 1) {
        snprintf(err, cap, n_bots < 2 ? "a tournament needs at least two bots" : "at least one pair per pairing");
        return -1;
    }
    size_t pairings = format == SCHED_GAUNTLET ? (size_t)(n_bots - 1) : (size_t)n_bots * (size_t)(n_bots - 1) / 2;
    self->parties = calloc(pairings * (size_t)pairs * 2, sizeof *self->parties);
    if (!self->parties) {
        snprintf(err, cap, "out of memory for %zu parties", pairings * (size_t)pairs * 2);
        return -1;
    }
    for (int p = 1; p <= pairs; p++) {
        size_t k = 0;
        for (int i = 0; i < n_bots; i++)
            for (int j = i + 1; j < n_bots; j++) {
                if (format == SCHED_GAUNTLET && i != 0) continue;
                uint64_t seed = pq_rng_mix(master_seed, ((uint64_t)k << 32) + (uint64_t)p);
                for (int first = 0; first < 2; first++) {
                    struct sched_partie *sp = &self->parties[self->n];
                    sp->partie_id = self->n + 1;
                    sp->seed = seed;
                    sp->first_dealer = first;
                    sp->a = i;
                    sp->b = j;
                    sp->pair = (long)(k * (size_t)pairs + (size_t)p);
                    self->n++;
                }
                k++;
            }
    }
    return 0;
}

void sched_release(struct sched *self)
{
    free(self->parties);
    memset(self, 0, sizeof *self);
}

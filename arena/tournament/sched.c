/* sched.c - tournament schedules (sched.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/tournament/sched.h"
#include "arena/tournament/seating.h"
#include "engine/rng.h"

const char *sched_format_name(int format)
{
    return format == SCHED_GAUNTLET ? "gauntlet" : format == SCHED_SWISS ? "swiss" : "round-robin";
}

int sched_format_parse(const char *name)
{
    if (!strcmp(name, "round-robin")) return SCHED_ROUND_ROBIN;
    if (!strcmp(name, "gauntlet")) return SCHED_GAUNTLET;
    if (!strcmp(name, "swiss")) return SCHED_SWISS;
    return -1;
}

/* A Swiss has no whole schedule: each round is paired on the last. */
static int not_swiss(int format, char *err, size_t cap)
{
    if (format != SCHED_SWISS) return 0;
    snprintf(err, cap, "a Swiss is scheduled round by round, each on the results of the last");
    return -1;
}

int sched_build(struct sched *self, int format, int n_bots, int pairs, uint64_t master_seed,
                char *err, size_t cap)
{
    memset(self, 0, sizeof *self);
    if (not_swiss(format, err, cap) < 0) return -1;
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

/* The next combination of k indices out of n in lexicographic order;
 * 0 after the last. */
static int next_combination(int *c, int k, int n)
{
    int i = k - 1;
    while (i >= 0 && c[i] == n - k + i) i--;
    if (i < 0) return 0;
    c[i]++;
    for (int j = i + 1; j < k; j++) c[j] = c[j - 1] + 1;
    return 1;
}

/* The combinations the format plays into combos (k entries each); their
 * number. */
static size_t combinations(int format, int n_bots, int k, int *combos, size_t cap)
{
    int c[GAME_MAX_PLAYERS];
    size_t n = 0;
    if (n_bots < k) {
        /* Copies fill the table. */
        for (int e = 0; combos && cap > 0 && e < k; e++) combos[e] = e % n_bots;
        return 1;
    }
    for (int e = 0; e < k; e++) c[e] = e;
    do {
        if (format == SCHED_GAUNTLET && c[0] != 0) break;
        if (n < cap) memcpy(combos + n * (size_t)k, c, sizeof *c * (size_t)k);
        n++;
    } while (next_combination(c, k, n_bots));
    return n;
}

int sched_build_tables(struct sched *self, int format, int n_bots, int players, const int *team_of, int sets,
                       uint64_t master_seed, char *err, size_t cap)
{
    struct seating seatings[SEATING_MAX];
    memset(self, 0, sizeof *self);
    if (not_swiss(format, err, cap) < 0) return -1;
    int n_seatings = seating_set(players, team_of, seatings), k = seating_entrants(players, team_of);
    if (n_seatings < 0) {
        snprintf(err, cap, "a table of %d players in %d teams has no duplicate set", players, k);
        return -1;
    }
    if (n_bots < 1 || sets < 1 || (format == SCHED_GAUNTLET && n_bots < 2)) {
        snprintf(err, cap, sets < 1 ? "at least one set per table" : "a tournament needs bots");
        return -1;
    }
    size_t n_combos = combinations(format, n_bots, k, NULL, 0);
    int *combos = calloc(n_combos * (size_t)k, sizeof *combos);
    size_t total = n_combos * (size_t)sets * (size_t)n_seatings;
    self->parties = calloc(total, sizeof *self->parties);
    if (!combos || !self->parties || n_combos > 100000) {
        snprintf(err, cap, n_combos > 100000 ? "%zu tables: too many bots for a round robin at this table size"
                                             : "out of memory for %zu matches", n_combos > 100000 ? n_combos : total);
        free(combos);
        sched_release(self);
        return -1;
    }
    combinations(format, n_bots, k, combos, n_combos);
    for (int p = 1; p <= sets; p++)
        for (size_t c = 0; c < n_combos; c++) {
            uint64_t seed = pq_rng_mix(master_seed, ((uint64_t)c << 32) + (uint64_t)p);
            for (int s = 0; s < n_seatings; s++) {
                struct sched_partie *sp = &self->parties[self->n];
                sp->partie_id = self->n + 1;
                sp->seed = seed;
                sp->first_dealer = 0;
                sp->n_seats = players;
                for (int q = 0; q < players; q++) sp->seat[q] = combos[c * (size_t)k + (size_t)seatings[s].entrant[q]];
                sp->a = sp->seat[0];
                sp->b = sp->seat[1];
                sp->pair = (long)(c * (size_t)sets + (size_t)p);
                self->n++;
            }
        }
    free(combos);
    return 0;
}

int sched_set_size(int players, const int *team_of)
{
    struct seating seatings[SEATING_MAX];
    return team_of ? seating_set(players, team_of, seatings) : 2;
}

int sched_build_round(struct sched *self, const int (*tables)[GAME_MAX_PLAYERS], int n_tables, int players,
                      const int *team_of, int sets, int round, uint64_t master_seed, uint64_t first_id,
                      long first_set, char *err, size_t cap)
{
    struct seating seatings[SEATING_MAX];
    memset(self, 0, sizeof *self);
    int n_seatings = team_of ? seating_set(players, team_of, seatings) : 2;
    if (n_seatings < 0 || sets < 1) {
        snprintf(err, cap, sets < 1 ? "at least one set per table" : "a table of %d players has no duplicate set",
                 players);
        return -1;
    }
    size_t total = (size_t)n_tables * (size_t)sets * (size_t)n_seatings;
    if (total && !(self->parties = calloc(total, sizeof *self->parties))) {
        snprintf(err, cap, "out of memory for %zu matches", total);
        return -1;
    }
    for (int p = 1; p <= sets; p++) {
        uint64_t seed = pq_rng_mix(master_seed, ((uint64_t)1 << 63) + ((uint64_t)round << 32) + (uint64_t)p);
        for (int t = 0; t < n_tables; t++)
            for (int s = 0; s < n_seatings; s++) {
                struct sched_partie *sp = &self->parties[self->n];
                sp->partie_id = first_id + self->n;
                sp->seed = seed;
                sp->pair = first_set + (long)(p - 1) * n_tables + t;
                if (!team_of) {
                    /* Piquet's pair: the same packs, each dealing first once. */
                    sp->first_dealer = s;
                    sp->a = tables[t][0];
                    sp->b = tables[t][1];
                } else {
                    sp->n_seats = players;
                    for (int q = 0; q < players; q++) sp->seat[q] = tables[t][seatings[s].entrant[q]];
                    sp->a = sp->seat[0];
                    sp->b = sp->seat[1];
                }
                self->n++;
            }
    }
    return 0;
}

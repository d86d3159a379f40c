/* ladder.c - the ladder's choice of the next table (ladder.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "arena/tournament/ladder.h"

static double mean(const struct ladder_bot *b)
{
    return b->matches ? b->score / (double)b->matches : 0.5;
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* Whether the sorted `table` is the last one. */
static int same_as_last(const struct ladder *self, const int *table, int n)
{
    int sorted[LADDER_MAX_ENTRANTS];
    if (self->n_last != n) return 0;
    memcpy(sorted, table, sizeof *table * (size_t)n);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_int);
    return !memcmp(sorted, self->last, sizeof *sorted * (size_t)n);
}

/* The table of `first` with its n-1 closest available bots, `skip`
 * excluded (-1: none); 1 when there were enough. */
static int closest(const struct ladder *self, int first, int n, int skip, int *table)
{
    int used[LADDER_MAX_BOTS] = { 0 };
    used[first] = 1;
    if (skip >= 0) used[skip] = 1;
    table[0] = first;
    for (int k = 1; k < n; k++) {
        int best = -1;
        double best_gap = 0;
        for (int i = 0; i < self->n_bots; i++) {
            if (used[i] || !self->bots[i].available) continue;
            double gap = fabs(mean(&self->bots[i]) - mean(&self->bots[first]));
            if (best < 0 || gap < best_gap - 1e-12) {
                best = i;
                best_gap = gap;
            }
        }
        if (best < 0) return 0;
        used[best] = 1;
        table[k] = best;
    }
    return 1;
}

int ladder_choose(struct ladder *self, int entrants, int *table)
{
    int first = -1, n = entrants;
    if (n < 2 || n > LADDER_MAX_ENTRANTS) return 0;
    for (int i = 0; i < self->n_bots; i++)
        if (self->bots[i].available && (first < 0 || self->bots[i].matches < self->bots[first].matches)) first = i;
    if (first < 0 || !closest(self, first, n, -1, table)) return 0;
    if (same_as_last(self, table, n)) {
        /* Another table when there is one: the same bot with its closest
         * opponent left out, then the next bots by matches. */
        int other[LADDER_MAX_ENTRANTS], found = 0;
        for (int k = n - 1; k >= 1 && !found; k--)
            found = closest(self, first, n, table[k], other) && !same_as_last(self, other, n);
        for (int i = 0; i < self->n_bots && !found; i++)
            if (i != first && self->bots[i].available)
                found = closest(self, i, n, -1, other) && !same_as_last(self, other, n);
        if (found) memcpy(table, other, sizeof *table * (size_t)n);
    }
    memcpy(self->last, table, sizeof *table * (size_t)n);
    qsort(self->last, (size_t)n, sizeof *self->last, cmp_int);
    self->n_last = n;
    return 1;
}

/* pentanomial.c - head-to-head statistics over duplicate pairs (see
 * pentanomial.h and docs/statistics.md section 3).
 *
 * A struct pentanomial is plain data filled in place; the only allocation is
 * the cluster-sorted index of one tally, freed before returning. Every
 * number it holds is finite: where a formula would give an infinity (a
 * perfect score, a zero variance) a flag says so and the number is 0.
 */
#include "stats/pentanomial.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define Z95 1.959963984540054
#define LN10 2.30258509299404568402

static const double pair_value[PENTANOMIAL_CELLS] = { 0, 0.25, 0.5, 0.75, 1 };

double pentanomial_elo(double s)
{
    return -400.0 * log10(1.0 / s - 1.0);
}

static double normal_cdf(double x)
{
    return 0.5 * erfc(-x / sqrt(2.0));
}

void pentanomial_compute(struct pentanomial *self)
{
    int n = 0;
    for (int k = 0; k < PENTANOMIAL_CELLS; k++) n += self->pairs[k];
    self->n_pairs = n;
    double s = 0.5, var = 0;
    if (n > 0) {
        s = 0;
        for (int k = 0; k < PENTANOMIAL_CELLS; k++)
            s += self->pairs[k] * pair_value[k] / n;
        for (int k = 0; k < PENTANOMIAL_CELLS; k++) {
            double d = pair_value[k] - s;
            var += self->pairs[k] * d * d / n;
        }
    }
    double se = n > 0 ? sqrt(var / n) : 0;
    self->score = s;
    self->variance = var;
    self->score_low = s - Z95 * se;
    self->score_high = s + Z95 * se;

    self->elo_finite = n > 0 && s > 0 && s < 1;
    self->elo = self->elo_finite ? pentanomial_elo(s) : 0;
    self->error_finite = self->elo_finite && self->score_low > 0 &&
                         self->score_high < 1;
    self->elo_error = self->error_finite
        ? (pentanomial_elo(self->score_high) - pentanomial_elo(self->score_low)) / 2
        : 0;
    self->nelo_finite = var > 0 || s == 0.5;
    self->nelo = var > 0 ? (s - 0.5) / sqrt(2 * var) * 800 / LN10 : 0;
    if (se > 0) self->los = normal_cdf((s - 0.5) / se);
    else self->los = s > 0.5 ? 1 : s < 0.5 ? 0 : 0.5;
}

/* A partie between the two bots in cluster order. */
struct member {
    long cluster;
    size_t index;
};

static int compare_member(const void *a, const void *b)
{
    const struct member *x = a, *y = b;
    if (x->cluster != y->cluster) return x->cluster < y->cluster ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

int pentanomial_tally(struct pentanomial *self,
                      const struct ratings_partie *parties, size_t n_parties,
                      int bot, int opponent, char *err, size_t err_size)
{
    if (bot == opponent) {
        snprintf(err, err_size, "pentanomial: bot %d against itself", bot);
        return -1;
    }
    memset(self, 0, sizeof *self);
    self->bot = bot;
    self->opponent = opponent;
    struct member *order = malloc(sizeof *order * (n_parties + 1));
    if (!order) {
        snprintf(err, err_size, "pentanomial: out of memory");
        return -1;
    }
    size_t n = 0;
    for (size_t i = 0; i < n_parties; i++) {
        const struct ratings_partie *p = &parties[i];
        if (!((p->first == bot && p->second == opponent) ||
              (p->first == opponent && p->second == bot)))
            continue;
        if (p->score != 1 && p->score != 0.5 && p->score != 0) {
            snprintf(err, err_size, "pentanomial: partie %zu: score %g is not 1, 0.5 or 0",
                     i, p->score);
            free(order);
            return -1;
        }
        double s = p->first == bot ? p->score : 1 - p->score;
        if (s == 1) self->wins++;
        else if (s == 0) self->losses++;
        else self->draws++;
        order[n++] = (struct member){ p->cluster, i };
    }
    qsort(order, n, sizeof *order, compare_member);

    double margin_sum = 0, margin_sum2 = 0;
    for (size_t start = 0, end; start < n; start = end) {
        for (end = start; end < n && order[end].cluster == order[start].cluster; end++) {}
        const struct ratings_partie *a = &parties[order[start].index];
        const struct ratings_partie *b = &parties[order[end - 1].index];
        if (end - start != 2 || a->first == b->first) {
            self->unpaired += (int)(end - start);
            continue;
        }
        double total = (a->first == bot ? a->score : 1 - a->score) +
                       (b->first == bot ? b->score : 1 - b->score);
        self->pairs[(int)lround(2 * total)]++;
        if (a->has_points && b->has_points) {
            double m = ((a->first == bot ? a->points : -a->points) +
                        (b->first == bot ? b->points : -b->points)) / 2.0;
            self->margin_pairs++;
            margin_sum += m;
            margin_sum2 += m * m;
        }
    }
    free(order);
    pentanomial_compute(self);

    int k = self->margin_pairs;
    if (k > 0) {
        self->margin = margin_sum / k;
        self->margin_interval = k >= 2;
        double half = 0;
        if (k >= 2) {
            double var = (margin_sum2 - k * self->margin * self->margin) / (k - 1);
            half = Z95 * sqrt(fmax(0, var) / k);
        }
        self->margin_low = self->margin - half;
        self->margin_high = self->margin + half;
    }
    return 0;
}

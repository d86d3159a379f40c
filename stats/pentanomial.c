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
    struct score_estimate e = pentanomial_estimate(s, var, n);
    self->score = s;
    self->variance = var;
    self->score_low = e.score_low;
    self->score_high = e.score_high;
    self->elo_finite = e.elo_finite;
    self->elo = e.elo;
    self->error_finite = e.error_finite;
    self->elo_error = e.elo_error;
    self->nelo_finite = var > 0 || s == 0.5;
    self->nelo = var > 0 ? (s - 0.5) / sqrt(2 * var) * 800 / LN10 : 0;
    self->los = e.los;
}

struct score_estimate pentanomial_estimate(double s, double var, int n)
{
    struct score_estimate e;
    double se = n > 0 ? sqrt(var / n) : 0;
    e.score_low = s - Z95 * se;
    e.score_high = s + Z95 * se;
    e.elo_finite = n > 0 && s > 0 && s < 1;
    e.elo = e.elo_finite ? pentanomial_elo(s) : 0;
    e.error_finite = e.elo_finite && e.score_low > 0 && e.score_high < 1;
    e.elo_error = e.error_finite ? (pentanomial_elo(e.score_high) - pentanomial_elo(e.score_low)) / 2 : 0;
    if (se > 0) e.los = normal_cdf((s - 0.5) / se);
    else e.los = s > 0.5 ? 1 : s < 0.5 ? 0 : 0.5;
    return e;
}

/* rho = 2 var(pair mean) / var(partie) - 1 from the sums over n pairs
 * (2n parties), population variances. false when it has no value. */
static bool duplicate_rho(double partie, double partie2, double pair, double pair2, long n, double *rho)
{
    *rho = 0;
    if (n < 2) return false;
    double mean = partie / (2.0 * n);
    double var_partie = partie2 / (2.0 * n) - mean * mean;
    double var_pair = pair2 / n - (pair / n) * (pair / n);
    if (!(var_partie > 1e-12 * (partie2 / (2.0 * n)))) return false;
    *rho = 2 * fmax(0, var_pair) / var_partie - 1;
    return true;
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
    /* For rho: sums over the paired parties and over their pair means. */
    struct { double partie, partie2, pair, pair2; long n; } sc = { 0 }, pt = { 0 };
    margin_init(&self->pair_margins, 2);
    for (size_t start = 0, end; start < n; start = end) {
        for (end = start; end < n && order[end].cluster == order[start].cluster; end++) {}
        const struct ratings_partie *a = &parties[order[start].index];
        const struct ratings_partie *b = &parties[order[end - 1].index];
        if (end - start != 2 || a->first == b->first) {
            self->unpaired += (int)(end - start);
            continue;
        }
        double sa = a->first == bot ? a->score : 1 - a->score;
        double sb = b->first == bot ? b->score : 1 - b->score;
        double total = sa + sb;
        self->pairs[(int)lround(2 * total)]++;
        sc.partie += sa + sb;
        sc.partie2 += sa * sa + sb * sb;
        sc.pair += total / 2;
        sc.pair2 += total * total / 4;
        sc.n++;
        if (a->has_points && b->has_points) {
            double pa = a->first == bot ? a->points : -a->points;
            double pb = b->first == bot ? b->points : -b->points;
            double m = (pa + pb) / 2.0;
            self->margin_pairs++;
            margin_sum += m;
            margin_sum2 += m * m;
            margin_add(&self->pair_margins, pa + pb);
            pt.partie += pa + pb;
            pt.partie2 += pa * pa + pb * pb;
            pt.pair += m;
            pt.pair2 += m * m;
            pt.n++;
        }
    }
    free(order);
    pentanomial_compute(self);
    self->score_rho_finite = duplicate_rho(sc.partie, sc.partie2, sc.pair, sc.pair2, sc.n, &self->score_rho);
    self->margin_rho_finite = duplicate_rho(pt.partie, pt.partie2, pt.pair, pt.pair2, pt.n, &self->margin_rho);

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

/* sprt.c - generalised SPRT over pentanomial or trinomial counts (see
 * sprt.h and docs/statistics.md section 4).
 *
 * For an observed distribution p^ over outcome values a_i, the closest
 * distribution with mean s is p_i(s) = p^_i / (1 + theta (a_i - s)), theta
 * the root of sum_i p^_i (a_i - s) / (1 + theta (a_i - s)) = 0. That sum
 * falls strictly from +inf to -inf over the open interval where every
 * denominator is positive, so bisection on midpoints (never an end) finds
 * the root without a starting guess and never divides by zero. Pure
 * functions over plain values; nothing is allocated.
 */
#include "stats/sprt.h"

#include <math.h>
#include <stdio.h>

#define ZERO_COUNT 1e-3

static double expected_score(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

/* theta of the closest distribution to p with mean s; a_min < s < a_max. */
static double theta_root(const double *p, const double *a, int k, double s)
{
    double a_min = a[0], a_max = a[0];
    for (int i = 1; i < k; i++) {
        a_min = fmin(a_min, a[i]);
        a_max = fmax(a_max, a[i]);
    }
    double lo = -1.0 / (a_max - s), hi = -1.0 / (a_min - s);
    for (;;) {
        double mid = lo + (hi - lo) / 2;
        if (mid <= lo || mid >= hi) return mid;
        double sum = 0;
        for (int i = 0; i < k; i++) {
            double d = a[i] - s;
            sum += p[i] * d / (1 + mid * d);
        }
        if (sum > 0) lo = mid;
        else if (sum < 0) hi = mid;
        else return mid;
    }
}

static double llr(const struct sprt *self, const double *counts,
                  const double *a, int k)
{
    double p[PENTANOMIAL_CELLS] = { 0 }, n = 0;
    for (int i = 0; i < k; i++) {
        p[i] = counts[i] > 0 ? counts[i] : ZERO_COUNT;
        n += p[i];
    }
    for (int i = 0; i < k; i++) p[i] /= n;
    double s0 = expected_score(self->elo0), s1 = expected_score(self->elo1);
    double t0 = theta_root(p, a, k, s0), t1 = theta_root(p, a, k, s1);
    double sum = 0;
    for (int i = 0; i < k; i++)
        sum += p[i] * (log1p(t0 * (a[i] - s0)) - log1p(t1 * (a[i] - s1)));
    return n * sum;
}

int sprt_init(struct sprt *self, double elo0, double elo1, double alpha,
              double beta, char *err, size_t err_size)
{
    if (!(isfinite(elo0) && isfinite(elo1) && elo0 < elo1)) {
        snprintf(err, err_size, "sprt: need elo0 < elo1, got %g and %g", elo0, elo1);
        return -1;
    }
    /* The root interval needs 0 < s < 1 in double precision. */
    if (!(expected_score(elo0) > 0 && expected_score(elo1) < 1)) {
        snprintf(err, err_size, "sprt: bounds %g and %g are beyond any score",
                 elo0, elo1);
        return -1;
    }
    if (!(alpha > 0 && beta > 0 && alpha + beta < 1)) {
        snprintf(err, err_size,
                 "sprt: need alpha, beta > 0 and alpha + beta < 1, got %g and %g",
                 alpha, beta);
        return -1;
    }
    *self = (struct sprt){
        .elo0 = elo0, .elo1 = elo1, .alpha = alpha, .beta = beta,
        .lower = log(beta / (1 - alpha)),
        .upper = log((1 - beta) / alpha),
    };
    return 0;
}

double sprt_llr_pentanomial(const struct sprt *self,
                            const int pairs[PENTANOMIAL_CELLS])
{
    static const double a[PENTANOMIAL_CELLS] = { 0, 0.25, 0.5, 0.75, 1 };
    double counts[PENTANOMIAL_CELLS];
    for (int i = 0; i < PENTANOMIAL_CELLS; i++) counts[i] = pairs[i];
    return llr(self, counts, a, PENTANOMIAL_CELLS);
}

double sprt_llr_trinomial(const struct sprt *self, int wins, int draws,
                          int losses)
{
    static const double a[3] = { 0, 0.5, 1 };
    double counts[3] = { losses, draws, wins };
    return llr(self, counts, a, 3);
}

enum sprt_decision sprt_decide(const struct sprt *self, double value)
{
    if (value >= self->upper) return SPRT_ACCEPT_H1;
    if (value <= self->lower) return SPRT_ACCEPT_H0;
    return SPRT_CONTINUE;
}

const char *sprt_decision_name(enum sprt_decision decision)
{
    switch (decision) {
    case SPRT_CONTINUE: return "continue";
    case SPRT_ACCEPT_H0: return "H0";
    case SPRT_ACCEPT_H1: return "H1";
    }
    return "unknown";
}

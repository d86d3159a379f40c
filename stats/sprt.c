/* sprt.c - generalised SPRT over pentanomial or trinomial counts (see
 * sprt.h and docs/statistics.md section 4).
 *
 * For an observed distribution p^ over outcome values a_i, the closest
 * distribution with mean s is p_i(s) = p^_i / (1 + theta (a_i - s)), theta
 * the root of sum_i p^_i (a_i - s) / (1 + theta (a_i - s)) = 0. That sum
 * falls strictly from +inf to -inf over the open interval where every
 * denominator is positive, so bisection on midpoints (never an end) finds
 * the root without a starting guess and never divides by zero.
 *
 * The normal model (section 4a) has closed forms: with the mean fixed the
 * best spread is the root mean square about it; with mean = t sd fixed,
 * the best 1/sd is the positive root of a quadratic. Pure functions over
 * plain values; nothing is allocated.
 */
#include "stats/sprt.h"

#include <assert.h>
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

static int error_rates(struct sprt *self, double alpha, double beta, char *err,
                       size_t err_size)
{
    if (!(alpha > 0 && beta > 0 && alpha + beta < 1)) {
        snprintf(err, err_size,
                 "sprt: need alpha, beta > 0 and alpha + beta < 1, got %g and %g",
                 alpha, beta);
        return -1;
    }
    self->alpha = alpha;
    self->beta = beta;
    self->lower = log(beta / (1 - alpha));
    self->upper = log((1 - beta) / alpha);
    return 0;
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
    *self = (struct sprt){ .scale = SPRT_ELO, .elo0 = elo0, .elo1 = elo1, .matches = 2 };
    return error_rates(self, alpha, beta, err, err_size);
}

int sprt_init_effect(struct sprt *self, double t0, double t1, double alpha,
                     double beta, char *err, size_t err_size)
{
    if (!(t0 >= -10 && t1 <= 10 && t0 < t1)) {
        snprintf(err, err_size, "sprt: need t0 < t1 within -10..10, got %g and %g", t0, t1);
        return -1;
    }
    *self = (struct sprt){ .scale = SPRT_EFFECT, .t0 = t0, .t1 = t1, .matches = 2 };
    return error_rates(self, alpha, beta, err, err_size);
}

int sprt_init_points(struct sprt *self, double m0, double m1, int matches,
                     double alpha, double beta, char *err, size_t err_size)
{
    if (!(isfinite(m0) && isfinite(m1) && m0 < m1)) {
        snprintf(err, err_size, "sprt: need m0 < m1, got %g and %g", m0, m1);
        return -1;
    }
    if (matches < 1) {
        snprintf(err, err_size, "sprt: need at least one match per set, got %d", matches);
        return -1;
    }
    *self = (struct sprt){ .scale = SPRT_POINTS, .m0 = m0, .m1 = m1, .matches = matches };
    return error_rates(self, alpha, beta, err, err_size);
}

/* Profile log-likelihood per value of mean = t sd, less the constant
 * -ln sqrt(2 pi): with u = 1/sd, n (ln u - m2 u^2 / 2 + t x u - t^2 / 2)
 * is greatest at u = (t x + sqrt(t^2 x^2 + 4 m2)) / (2 m2). */
static double effect_loglik(double t, double x, double m2)
{
    double u = (t * x + sqrt(t * t * x * x + 4 * m2)) / (2 * m2);
    return log(u) - m2 * u * u / 2 + t * x * u - t * t / 2;
}

double sprt_llr_normal(const struct sprt *self, long n, double sum, double sum2)
{
    assert(self->scale == SPRT_EFFECT || self->scale == SPRT_POINTS);
    if (n < 1) return 0;
    double x = sum / n, m2 = sum2 / n, var = m2 - x * x;
    if (self->scale == SPRT_EFFECT) {
        /* Every value 0: the limit as the spread goes to 0 (with x = 0 the
         * LLR does not depend on the spread at all). */
        if (!(m2 > 0)) return n * (self->t0 * self->t0 - self->t1 * self->t1) / 2;
        return n * (effect_loglik(self->t1, x, m2) - effect_loglik(self->t0, x, m2));
    }
    /* No spread yet (every value equal, up to rounding): a mean that sits
     * exactly on a bound would be infinitely likely; no evidence instead. */
    if (n < 2 || !(var > 1e-12 * m2)) return 0;
    double mu0 = self->m0 * self->matches, mu1 = self->m1 * self->matches;
    double v0 = var + (x - mu0) * (x - mu0), v1 = var + (x - mu1) * (x - mu1);
    return n / 2.0 * log(v0 / v1);
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

/* margin.c - the normal model of duplicate-set margins (see margin.h and
 * docs/statistics.md section 4a).
 *
 * Only n, sum(d) and sum(d^2) are kept, so a tally is a few numbers that a
 * live test updates after each pair and a journal's replay rebuilds in
 * order. The variance is taken as sum2/n - mean^2 clamped at 0: pair
 * margins are integers of a few hundred points, far from cancellation.
 */
#include "stats/margin.h"

#include <assert.h>
#include <math.h>

#define Z95 1.959963984540054

void margin_init(struct margin *self, int matches)
{
    assert(matches >= 1);
    *self = (struct margin){ .matches = matches, .los = 0.5 };
}

void margin_add(struct margin *self, double d)
{
    self->n++;
    self->sum += d;
    self->sum2 += d * d;
    margin_compute(self);
}

void margin_compute(struct margin *self)
{
    long n = self->n;
    int k = self->matches;
    double mean = n > 0 ? self->sum / n : 0;
    double var = n > 1 ? fmax(0, (self->sum2 - n * mean * mean) / (n - 1)) : 0;
    double sd = sqrt(var);
    self->mean = mean / k;
    self->sd = sd;
    self->interval = n >= 2;
    double half = n >= 2 ? Z95 * sd / sqrt((double)n) : 0;
    self->low = (mean - half) / k;
    self->high = (mean + half) / k;
    self->effect_finite = n >= 2 && sd > 0;
    if (self->effect_finite) {
        double t = mean / sd, se = sqrt((1 + t * t / 2) / n);
        self->effect = t;
        self->effect_low = t - Z95 * se;
        self->effect_high = t + Z95 * se;
        self->z = mean / (sd / sqrt((double)n));
        self->los = 0.5 * erfc(-self->z / sqrt(2.0));
    } else {
        self->effect = self->effect_low = self->effect_high = self->z = 0;
        self->los = mean > 0 ? 1 : mean < 0 ? 0 : 0.5;
    }
}

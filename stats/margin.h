/* margin.h - the point margin of duplicate sets (docs/statistics.md section 4a).
 *
 * A duplicate set (a pair in Piquet: the same packs twice, seats swapped)
 * gives the test bot's margin d: its settlement points over the set's
 * matches, counted from its side (what it won minus what it lost; in a
 * two-player game the opponent's points are the same number negated, so
 * each point is counted once). The normal model of d: mean(d) with its 95%
 * interval, the normalised effect t = mean(d) / sd(d) with its interval,
 * the z-statistic and LOS. The sums are sufficient: no margin is kept.
 * Plain data, filled in place; nothing is allocated.
 */
#ifndef STATS_MARGIN_H
#define STATS_MARGIN_H

#include <stdbool.h>

struct margin {
    int matches;          /* per set (2 for a duplicate pair), >= 1 */
    long n;               /* sets */
    double sum, sum2;     /* of d and of d^2 */

    /* From the sums by margin_compute(); 0 where a flag says no. */
    double mean;          /* mean(d) / matches: points per match */
    double sd;            /* sample standard deviation of d (n - 1) */
    bool interval;        /* n >= 2; else low = high = mean */
    double low, high;     /* (mean(d) -+ z sd / sqrt(n)) / matches */
    bool effect_finite;   /* n >= 2 and sd > 0 */
    double effect;        /* t = mean(d) / sd */
    double effect_low, effect_high;  /* t -+ z sqrt((1 + t^2 / 2) / n) */
    double z;             /* mean(d) / (sd / sqrt(n)), the evidence so far */
    double los;           /* Phi(z); 1/2 without a spread (1 or 0 by the sign
                           * of a mean with no spread) */
};

/* An empty tally of sets of `matches` matches each. */
void margin_init(struct margin *self, int matches);

/* Counts one set's margin d and recomputes the fields. */
void margin_add(struct margin *self, double d);

/* Recomputes the fields from n, sum and sum2. */
void margin_compute(struct margin *self);

#endif

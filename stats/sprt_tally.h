/* sprt_tally.h - one running sequential test: the pairs so far under both
 * statistics (the pentanomial of section 3, the point margin of section
 * 4a), the LLR of the metric that decides, and its course pair by pair for
 * a plot (docs/statistics.md sections 3 to 4a).
 *
 * The caller owns the struct; the trajectory is the only allocation,
 * freed by sprt_tally_release(). Pairs are counted in the order given (the
 * order they finished in), so a journal replayed in file order gives the
 * same LLRs and the same stop as the live test did.
 */
#ifndef STATS_SPRT_TALLY_H
#define STATS_SPRT_TALLY_H

#include <stddef.h>

#include "stats/margin.h"
#include "stats/pentanomial.h"
#include "stats/sprt.h"

enum sprt_metric {
    SPRT_METRIC_MARGIN,        /* the pair's point margin, normal model */
    SPRT_METRIC_PENTANOMIAL    /* the pair's score: 0, 1/2, 1, 3/2, 2 */
};

/* After each pair: the LLR, and the estimate on the scale of the bounds
 * (Elo, normalised effect or points per partie) with its 95% interval;
 * `finite` 0 where the estimate has none yet (then the three are 0). */
struct sprt_step {
    double llr;
    int finite;
    double estimate, low, high;
};

struct sprt_tally {
    struct sprt test;
    enum sprt_metric metric;
    struct pentanomial counts;   /* wins, draws, losses, pairs[] and the fields
                                  * pentanomial_compute() fills */
    struct margin margin;        /* pair margins d, points (k = 2) */
    struct margin scores;        /* pair scores a - 1/2 (k = 1): the
                                  * pentanomial on the normal scale */
    double llr;
    enum sprt_decision decision;
    struct sprt_step *steps;     /* one per pair, in order */
    size_t n_steps, cap_steps;
    int set_size;                /* 0: pairs of two parties; else duplicate sets
                                  * of this many matches (sprt_tally_init_sets) */
};

/* A test with no pairs. SPRT_ELO bounds go with the pentanomial metric and
 * SPRT_POINTS with the margin (asserted). */
void sprt_tally_init(struct sprt_tally *self, const struct sprt *test, enum sprt_metric metric);

/* Counts one finished pair from the test bot's side: score[i] is 1, 1/2 or
 * 0 and points[i] its signed settlement in partie i. Updates the LLR and
 * the decision (a decided test stays decided: the pair is counted, the
 * decision kept). 0, or -1 when out of memory for the trajectory. */
int sprt_tally_add(struct sprt_tally *self, const double score[2], const int points[2]);

void sprt_tally_release(struct sprt_tally *self);

/* A test over duplicate sets of `set_size` matches at a table of N
 * independent seats (docs/statistics.md section 6), where the test and the
 * base sit with other bots: a set's margin is the test's points minus the
 * base's, summed over its matches, and its score their comparisons over
 * the set scaled to 0..1. The pentanomial's cells have no meaning there
 * and stay empty: the margin metric tests the sets' margins, the
 * pentanomial metric their scores, both on the normal model (SPRT_EFFECT,
 * or SPRT_POINTS for the margin; asserted). */
void sprt_tally_init_sets(struct sprt_tally *self, const struct sprt *test, enum sprt_metric metric, int set_size);

/* Counts one finished set: its score (0..1), its margin in points, and
 * the comparisons it held (the test's wins, draws and losses against the
 * base). 0, or -1 when out of memory for the trajectory. */
int sprt_tally_add_set(struct sprt_tally *self, double score, double margin, int wins, int draws, int losses);

/* "margin" or "pentanomial"; static storage. */
const char *sprt_metric_name(enum sprt_metric metric);

/* What the estimate of the bounds' scale is called: "Elo", "t" or
 * "points per partie"; static storage. */
const char *sprt_tally_scale_name(const struct sprt_tally *self);

/* H0's and H1's values on that scale. */
void sprt_tally_bounds(const struct sprt_tally *self, double *h0, double *h1);

#endif

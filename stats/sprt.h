/* sprt.h - the sequential test "is B better than A" (docs/statistics.md
 * sections 4 and 4a).
 *
 * Bounds on one of three scales. Logistic Elo (sprt_init), as fishtest and
 * fastchess do, for the pentanomial:
 * H0 is elo = elo0, H1 is elo = elo1 (elo0 < elo1), on the scale
 * s = 1 / (1 + 10^(-elo/400)). The log-likelihood ratio is that of the
 * multinomial of observed outcomes under the two closest distributions with
 * expected score s0 and s1 (empirical likelihood). Recompute it after every
 * pair (pentanomial) or partie (trinomial) and stop at the first decision.
 *
 * A normalised effect t0, t1 (sprt_init_effect) or points per match m0, m1
 * (sprt_init_points), for the normal model of per-set values (point
 * margins, or pentanomial pair scores minus 1/2): the LLR is the
 * generalised (profile) likelihood ratio of a normal sample whose spread
 * is unknown, recomputed from n, sum and sum of squares.
 *
 * After a sequential stop the plain Elo estimate of the counts is biased
 * away from the boundary that was not crossed; show it labelled as such.
 */
#ifndef STATS_SPRT_H
#define STATS_SPRT_H

#include <stddef.h>

#include "stats/pentanomial.h"

enum sprt_scale {
    SPRT_ELO,             /* elo0, elo1: logistic Elo of the pentanomial */
    SPRT_EFFECT,          /* t0, t1: mean / sd of the per-set values */
    SPRT_POINTS           /* m0, m1: points per match (margins) */
};

struct sprt {
    enum sprt_scale scale;
    double elo0, elo1;    /* H0 and H1, logistic Elo (SPRT_ELO) */
    double t0, t1;        /* H0 and H1, normalised effect (SPRT_EFFECT) */
    double m0, m1;        /* H0 and H1, points per match (SPRT_POINTS) */
    int matches;          /* matches per set (SPRT_POINTS: mean(d) = m * matches) */
    double alpha, beta;   /* false H1 rate under H0, false H0 rate under H1 */
    double lower;         /* A = ln(beta / (1 - alpha)): accept H0 at or below */
    double upper;         /* B = ln((1 - beta) / alpha): accept H1 at or above */
};

enum sprt_decision {
    SPRT_CONTINUE,
    SPRT_ACCEPT_H0,   /* B is not elo1 better: stop */
    SPRT_ACCEPT_H1    /* B is at least elo1 better: stop */
};

/* Sets up a test. Returns 0, or -1 with the reason in err unless
 * elo0 < elo1 (finite, and elo1 below about 6380, past which its expected
 * score rounds to 1), 0 < alpha, 0 < beta and alpha + beta < 1. */
int sprt_init(struct sprt *self, double elo0, double elo1, double alpha,
              double beta, char *err, size_t err_size);

/* A test with bounds as normalised effects (t0 < t1, each within
 * -10..10) or as points per match (m0 < m1, finite; `matches` >= 1 per
 * set), with the same alpha and beta rules as sprt_init. 0, or -1 with
 * the reason in err. */
int sprt_init_effect(struct sprt *self, double t0, double t1, double alpha,
                     double beta, char *err, size_t err_size);
int sprt_init_points(struct sprt *self, double m0, double m1, int matches,
                     double alpha, double beta, char *err, size_t err_size);

/* LLR of the normal model of n per-set values with sum `sum` and sum of
 * squares `sum2`, for a test of scale SPRT_EFFECT or SPRT_POINTS. Always
 * finite: with effect bounds, values all 0 give the limit n (t0^2 - t1^2)
 * / 2; with point bounds it is 0 until two values differ (a mean exactly
 * on a bound with no spread would be infinitely likely). */
double sprt_llr_normal(const struct sprt *self, long n, double sum,
                       double sum2);

/* LLR of pentanomial pair counts, in the order of struct pentanomial
 * (LL, LD, LW+DD, DW, WW from B's side), for a test of scale SPRT_ELO. Zero counts count as 1e-3, so any
 * counts, even none, give a finite number. */
double sprt_llr_pentanomial(const struct sprt *self,
                            const int pairs[PENTANOMIAL_CELLS]);

/* LLR of partie counts from B's side (trinomial model, pairs ignored). */
double sprt_llr_trinomial(const struct sprt *self, int wins, int draws,
                          int losses);

/* What to do at this LLR. */
enum sprt_decision sprt_decide(const struct sprt *self, double llr);

/* "continue", "H0" or "H1"; static storage. */
const char *sprt_decision_name(enum sprt_decision decision);

#endif

/* sprt.h - the sequential test "is B better than A" (docs/statistics.md section 4).
 *
 * Generalised SPRT with logistic Elo bounds, as fishtest and fastchess do:
 * H0 is elo = elo0, H1 is elo = elo1 (elo0 < elo1), on the scale
 * s = 1 / (1 + 10^(-elo/400)). The log-likelihood ratio is that of the
 * multinomial of observed outcomes under the two closest distributions with
 * expected score s0 and s1 (empirical likelihood). Recompute it after every
 * pair (pentanomial) or partie (trinomial) and stop at the first decision.
 *
 * After a sequential stop the plain Elo estimate of the counts is biased
 * away from the boundary that was not crossed; show it labelled as such.
 */
#ifndef STATS_SPRT_H
#define STATS_SPRT_H

#include <stddef.h>

#include "stats/pentanomial.h"

struct sprt {
    double elo0, elo1;    /* H0 and H1, logistic Elo */
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

/* LLR of pentanomial pair counts, in the order of struct pentanomial
 * (LL, LD, LW+DD, DW, WW from B's side). Zero counts count as 1e-3, so any
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

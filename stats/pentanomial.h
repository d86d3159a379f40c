/* pentanomial.h - head-to-head of one bot against another (docs/statistics.md 3).
 *
 * Counts every partie between the two as a win, draw or loss, and every
 * duplicate pair (two parties of one cluster, seats swapped) by the bot's
 * total over the pair: 0, 1/2, 1, 3/2 or 2 points, the pentanomial. The
 * score, its interval, Elo, normalised Elo and LOS come from the pairs only,
 * so the correlation inside a pair is accounted for; so does the mean
 * settlement margin.
 */
#ifndef STATS_PENTANOMIAL_H
#define STATS_PENTANOMIAL_H

#include <stdbool.h>
#include <stddef.h>

#include "stats/margin.h"
#include "stats/ratings.h"

/* pairs[k] counts pairs where the bot scored k/2 points of 2:
 * LL, LD, LW or DD, DW, WW. */
#define PENTANOMIAL_CELLS 5

struct pentanomial {
    int bot, opponent;
    int wins, draws, losses;        /* every partie between them, bot's side */
    int pairs[PENTANOMIAL_CELLS];   /* duplicate pairs by the bot's total */
    int n_pairs;                    /* sum of pairs[] */
    int unpaired;                   /* parties not in a duplicate pair */

    /* From pairs[] by pentanomial_compute(); a pair's value is the bot's
     * mean score per partie in it, a = 0, 1/4, 1/2, 3/4, 1. */
    double score;                   /* s = sum p_k a_k; 0.5 without pairs */
    double variance;                /* sum p_k (a_k - s)^2, per pair */
    double score_low, score_high;   /* s -+ 1.96 sqrt(variance / n_pairs) */
    bool elo_finite;                /* 0 < s < 1; else elo = 0 */
    double elo;                     /* -400 log10(1/s - 1) */
    bool error_finite;              /* s-+ inside (0, 1); else elo_error = 0 */
    double elo_error;               /* (Elo(s+) - Elo(s-)) / 2 */
    bool nelo_finite;               /* variance > 0 or s = 1/2; else nelo = 0 */
    double nelo;                    /* (s - 1/2) / sqrt(2 variance) * 800 / ln 10 */
    double los;                     /* Phi((s - 1/2) / sqrt(variance / n_pairs)) */

    /* Settlement margin per partie, bot's side, over the pairs whose two
     * parties both have points: the mean of the pair means. */
    int margin_pairs;
    double margin;                  /* 0 without such pairs */
    bool margin_interval;           /* at least 2 such pairs; else low = high
                                     * = margin */
    double margin_low, margin_high; /* margin -+ 1.96 sd(pair means) / sqrt(n) */

    /* The same pairs under the normal model of section 4a: d = the bot's
     * points over the pair; its mean per partie is `margin` above. */
    struct margin pair_margins;

    /* Duplicate efficiency (docs/statistics.md 4a): rho = 2 var(pair mean)
     * / var(partie) - 1 over the pairs, of the bot's score and of its
     * points; finite with at least two pairs and a partie variance. */
    bool score_rho_finite, margin_rho_finite;
    double score_rho, margin_rho;
};

/* Tallies the parties between `bot` and `opponent` (either seat) and
 * computes everything. A cluster holding exactly those two bots' two parties
 * with seats swapped is a pair; any other partie counts as unpaired. Returns
 * 0, or -1 with the reason in err: bot equal to opponent, a score of such a
 * partie other than 1, 0.5 or 0, out of memory. */
int pentanomial_tally(struct pentanomial *self,
                      const struct ratings_partie *parties, size_t n_parties,
                      int bot, int opponent, char *err, size_t err_size);

/* Recomputes n_pairs and the fields from score to los out of pairs[]
 * (for counts kept elsewhere); the other fields are left alone. */
void pentanomial_compute(struct pentanomial *self);

/* Elo of an expected score s in (0, 1): -400 log10(1/s - 1). */
double pentanomial_elo(double s);

/* What section 3 derives from a mean score s in 0..1 with variance var
 * over n independent units (duplicate pairs, or duplicate sets: setscore.h):
 * the 95% interval, the Elo with its error (where finite) and the LOS.
 * The one place these are computed. */
struct score_estimate {
    double score_low, score_high;
    bool elo_finite;
    double elo;
    bool error_finite;
    double elo_error;
    double los;
};
struct score_estimate pentanomial_estimate(double s, double var, int n);

#endif

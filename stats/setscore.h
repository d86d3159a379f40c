/* setscore.h - head-to-head of two bots in a game of N seats, scored per
 * duplicate set (docs/statistics.md section 6): what the pentanomial
 * (pentanomial.h) is to duplicate pairs of two players.
 *
 * In every duplicate set where both bots sat, the bot's results against the
 * opponent (ratings_table_score() of each seat it held against each seat
 * the opponent held, in every match of the set) are summed and divided by
 * their number: a per-set score in 0..1. The histogram of these scores
 * takes the place of the pentanomial's five cells; the mean, its interval,
 * Elo and LOS treat the sets as the independent units, as the pentanomial
 * treats the pairs.
 */
#ifndef STATS_SETSCORE_H
#define STATS_SETSCORE_H

#include <stdbool.h>
#include <stddef.h>

#include "stats/ratings.h"

/* One bar of the histogram: `sets` sets gave the bot this score. */
struct setscore_cell {
    double score;
    int sets;
};

struct setscore {
    int bot, opponent;
    int wins, draws, losses;        /* every comparison between them, bot's side */
    int n_sets;                     /* duplicate sets where both sat */
    struct setscore_cell *cells;    /* the histogram, by score ascending; owned,
                                     * freed by setscore_release() */
    int n_cells;

    double score;                   /* mean per-set score; 0.5 without sets */
    double variance;                /* of the per-set scores (over n_sets) */
    double score_low, score_high;   /* score -+ 1.96 sqrt(variance / n_sets) */
    bool elo_finite;                /* 0 < score < 1; else elo = 0 */
    double elo;                     /* -400 log10(1/score - 1) */
    bool error_finite;              /* score -+ inside (0, 1); else 0 */
    double elo_error;               /* (Elo(score+) - Elo(score-)) / 2 */
    double los;                     /* Phi((score - 1/2) / sqrt(variance / n_sets)) */
};

/* Tallies the matches of `tables` in which both `bot` and `opponent` sat,
 * set by set, and computes everything; self needs no preparation and is
 * released with setscore_release(). Returns 0, or -1 with the reason in err
 * (bot equal to opponent, a bot index below 0, out of memory), self then
 * holding nothing to release. */
int setscore_tally(struct setscore *self, const struct ratings_table *tables,
                   size_t n_tables, int bot, int opponent, char *err,
                   size_t err_size);

/* The Elo with its 95% interval as the head-to-head's text shows it:
 * "+190.8 +- 72.3"; "+190.8 +- inf" when the interval reaches a score of
 * 0 or 1 (no bound in Elo; as stats/pairings.c shows it); "+inf" or
 * "-inf" for a score of 1 or 0. Written into out (cap bytes). */
void setscore_elo_text(const struct setscore *self, char *out, size_t cap);

/* Frees the histogram and leaves self empty; a zeroed or released self is
 * a no-op. */
void setscore_release(struct setscore *self);

/* The log-likelihood ratio of H1 "the bot is elo1 better" against H0 "elo0
 * better", in the normal approximation of the generalised SPRT
 * (docs/statistics.md sections 4 and 6): with s_j = f(elo_j),
 * LLR = n_sets (s1 - s0) (2 score - s0 - s1) / (2 variance). 0 without
 * sets or with a variance of 0 (no information on the spread yet). */
double setscore_llr(const struct setscore *self, double elo0, double elo1);

#endif

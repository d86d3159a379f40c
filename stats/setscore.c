/* setscore.c - head-to-head per duplicate set in games of N seats (see
 * setscore.h and docs/statistics.md section 6).
 *
 * The tally makes two passes over temporary arrays freed before it
 * returns: the matches where both bots sat, sorted by set, then the
 * per-set scores, sorted, whose runs become the histogram. The histogram
 * is the only thing struct setscore owns. Every number it holds is finite:
 * where a formula would give an infinity a flag says so and the number is
 * 0, as in pentanomial.c.
 */
#include "stats/setscore.h"
#include "stats/pentanomial.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* One match where both sat: the bot's points against the opponent in it
 * and how many comparisons they came from. */
struct match {
    long set;
    size_t index;
    double points;
    int comparisons;
};

static int compare_match(const void *a, const void *b)
{
    const struct match *x = a, *y = b;
    if (x->set != y->set) return x->set < y->set ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static int compare_score(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

void setscore_release(struct setscore *self)
{
    free(self->cells);
    memset(self, 0, sizeof *self);
}

/* The bot's comparisons against the opponent in table t, into *m and the
 * win, draw and loss counts; 0 when they did not both sit. */
static int tally_match(struct setscore *self, const struct ratings_table *t,
                       struct match *m)
{
    m->points = 0;
    m->comparisons = 0;
    for (int i = 0; i < t->seats; i++) {
        if (t->bot[i] != self->bot) continue;
        for (int j = 0; j < t->seats; j++) {
            if (t->bot[j] != self->opponent) continue;
            double s = ratings_table_score(t, i, j);
            if (s == 1) self->wins++;
            else if (s == 0) self->losses++;
            else self->draws++;
            m->points += s;
            m->comparisons++;
        }
    }
    return m->comparisons;
}

/* Mean, variance, interval, Elo and LOS from the per-set scores. */
static void compute(struct setscore *self, const double *scores, int n)
{
    double s = 0.5, var = 0;
    if (n > 0) {
        s = 0;
        for (int k = 0; k < n; k++) s += scores[k] / n;
        for (int k = 0; k < n; k++) var += (scores[k] - s) * (scores[k] - s) / n;
    }
    /* Section 3's estimates, the sets read as pairs. */
    struct score_estimate e = pentanomial_estimate(s, var, n);
    self->score = s;
    self->variance = var;
    self->score_low = e.score_low;
    self->score_high = e.score_high;
    self->elo_finite = e.elo_finite;
    self->elo = e.elo;
    self->error_finite = e.error_finite;
    self->elo_error = e.elo_error;
    self->los = e.los;
}

int setscore_tally(struct setscore *self, const struct ratings_table *tables,
                   size_t n_tables, int bot, int opponent, char *err,
                   size_t err_size)
{
    struct match *matches = NULL;
    double *scores = NULL;
    int rc = -1;

    memset(self, 0, sizeof *self);
    if (bot == opponent || bot < 0 || opponent < 0) {
        snprintf(err, err_size, "setscore: bots %d and %d are not two bots",
                 bot, opponent);
        return -1;
    }
    self->bot = bot;
    self->opponent = opponent;
    matches = malloc(sizeof *matches * (n_tables + 1));
    scores = malloc(sizeof *scores * (n_tables + 1));
    if (!matches || !scores) goto oom;

    size_t n = 0;
    for (size_t i = 0; i < n_tables; i++) {
        matches[n] = (struct match){ .set = tables[i].set, .index = i };
        if (tally_match(self, &tables[i], &matches[n]) > 0) n++;
    }
    qsort(matches, n, sizeof *matches, compare_match);
    int n_sets = 0;
    for (size_t start = 0, end; start < n; start = end) {
        double points = 0;
        int comparisons = 0;
        for (end = start; end < n && matches[end].set == matches[start].set; end++) {
            points += matches[end].points;
            comparisons += matches[end].comparisons;
        }
        scores[n_sets++] = points / comparisons;
    }
    qsort(scores, (size_t)n_sets, sizeof *scores, compare_score);

    self->cells = malloc(sizeof *self->cells * ((size_t)n_sets + 1));
    if (!self->cells) goto oom;
    for (int k = 0; k < n_sets; k++) {
        /* Equal fractions divide to equal doubles (division is correctly
         * rounded), so 1/2 and 2/4 share a bar. */
        if (self->n_cells > 0 && self->cells[self->n_cells - 1].score == scores[k])
            self->cells[self->n_cells - 1].sets++;
        else
            self->cells[self->n_cells++] = (struct setscore_cell){ scores[k], 1 };
    }
    self->n_sets = n_sets;
    compute(self, scores, n_sets);
    rc = 0;
    goto out;
oom:
    snprintf(err, err_size, "setscore: out of memory");
    setscore_release(self);
out:
    free(matches);
    free(scores);
    return rc;
}

void setscore_elo_text(const struct setscore *self, char *out, size_t cap)
{
    double elo = self->elo + 0.0;   /* an even score's -0.0 shown as +0.0 */
    if (self->elo_finite && self->error_finite) snprintf(out, cap, "%+.1f +- %.1f", elo, self->elo_error);
    else if (self->elo_finite) snprintf(out, cap, "%+.1f +- inf", elo);
    else snprintf(out, cap, "%s", self->score > 0.5 ? "+inf" : "-inf");
}

double setscore_llr(const struct setscore *self, double elo0, double elo1)
{
    if (self->n_sets == 0 || !(self->variance > 0)) return 0;
    double s0 = 1 / (1 + pow(10, -elo0 / 400)), s1 = 1 / (1 + pow(10, -elo1 / 400));
    return self->n_sets * (s1 - s0) * (2 * self->score - s0 - s1) /
           (2 * self->variance);
}

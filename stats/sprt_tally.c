/* sprt_tally.c - a running sequential test over duplicate pairs (see
 * sprt_tally.h). Both statistics are kept whichever decides, so every
 * status line, summary and plot can show them side by side; the LLR is
 * recomputed from the counts or sums after each pair.
 */
#include "stats/sprt_tally.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

void sprt_tally_init(struct sprt_tally *self, const struct sprt *test, enum sprt_metric metric)
{
    assert(!(test->scale == SPRT_ELO && metric != SPRT_METRIC_PENTANOMIAL));
    assert(!(test->scale == SPRT_POINTS && metric != SPRT_METRIC_MARGIN));
    memset(self, 0, sizeof *self);
    self->test = *test;
    self->metric = metric;
    pentanomial_compute(&self->counts);
    margin_init(&self->margin, 2);
    margin_init(&self->scores, 1);
    self->decision = SPRT_CONTINUE;
}

static double current_llr(const struct sprt_tally *self)
{
    const struct margin *m = self->metric == SPRT_METRIC_MARGIN ? &self->margin : &self->scores;
    if (self->test.scale == SPRT_ELO) return sprt_llr_pentanomial(&self->test, self->counts.pairs);
    return sprt_llr_normal(&self->test, m->n, m->sum, m->sum2);
}

static struct sprt_step current_step(const struct sprt_tally *self)
{
    struct sprt_step s = { .llr = self->llr };
    const struct pentanomial *p = &self->counts;
    const struct margin *m = self->metric == SPRT_METRIC_MARGIN ? &self->margin : &self->scores;
    switch (self->test.scale) {
    case SPRT_ELO:
        if (p->elo_finite && p->error_finite)
            s = (struct sprt_step){ s.llr, 1, p->elo, p->elo - p->elo_error, p->elo + p->elo_error };
        break;
    case SPRT_EFFECT:
        if (m->effect_finite) s = (struct sprt_step){ s.llr, 1, m->effect, m->effect_low, m->effect_high };
        break;
    case SPRT_POINTS:
        if (m->interval) s = (struct sprt_step){ s.llr, 1, m->mean, m->low, m->high };
        break;
    }
    return s;
}

void sprt_tally_init_sets(struct sprt_tally *self, const struct sprt *test, enum sprt_metric metric, int set_size)
{
    assert(test->scale != SPRT_ELO && set_size > 0);
    sprt_tally_init(self, test, metric);
    margin_init(&self->margin, set_size);
    self->set_size = set_size;
}

static int add_step(struct sprt_tally *self)
{
    self->llr = current_llr(self);
    if (self->decision == SPRT_CONTINUE) self->decision = sprt_decide(&self->test, self->llr);
    if (self->n_steps == self->cap_steps) {
        size_t cap = self->cap_steps ? 2 * self->cap_steps : 256;
        struct sprt_step *steps = realloc(self->steps, cap * sizeof *steps);
        if (!steps) return -1;
        self->steps = steps;
        self->cap_steps = cap;
    }
    self->steps[self->n_steps++] = current_step(self);
    return 0;
}

int sprt_tally_add_set(struct sprt_tally *self, double score, double margin, int wins, int draws, int losses)
{
    assert(self->set_size > 0);
    self->counts.wins += wins;
    self->counts.draws += draws;
    self->counts.losses += losses;
    margin_add(&self->margin, margin);
    margin_add(&self->scores, score - 0.5);
    return add_step(self);
}

int sprt_tally_add(struct sprt_tally *self, const double score[2], const int points[2])
{
    for (int i = 0; i < 2; i++) {
        if (score[i] == 1) self->counts.wins++;
        else if (score[i] == 0) self->counts.losses++;
        else self->counts.draws++;
    }
    double total = score[0] + score[1];
    int cell = (int)(2 * total + 0.5);
    assert(cell >= 0 && cell < PENTANOMIAL_CELLS);
    self->counts.pairs[cell]++;
    pentanomial_compute(&self->counts);
    margin_add(&self->margin, (double)points[0] + points[1]);
    margin_add(&self->scores, total / 2 - 0.5);
    return add_step(self);
}

void sprt_tally_release(struct sprt_tally *self)
{
    free(self->steps);
    self->steps = NULL;
    self->n_steps = self->cap_steps = 0;
}

const char *sprt_metric_name(enum sprt_metric metric)
{
    return metric == SPRT_METRIC_MARGIN ? "margin" : "pentanomial";
}

const char *sprt_tally_scale_name(const struct sprt_tally *self)
{
    switch (self->test.scale) {
    case SPRT_ELO: return "Elo";
    case SPRT_EFFECT: return "t";
    case SPRT_POINTS: return "points per partie";
    }
    return "?";
}

void sprt_tally_bounds(const struct sprt_tally *self, double *h0, double *h1)
{
    const struct sprt *t = &self->test;
    *h0 = t->scale == SPRT_ELO ? t->elo0 : t->scale == SPRT_EFFECT ? t->t0 : t->m0;
    *h1 = t->scale == SPRT_ELO ? t->elo1 : t->scale == SPRT_EFFECT ? t->t1 : t->m1;
}

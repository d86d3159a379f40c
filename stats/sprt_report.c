/* sprt_report.c - the text of a running sequential test (sprt_report.h). */
#include <math.h>
#include <stdio.h>
#include "stats/sprt_report.h"
#include "stats/table.h"

/* "v (lo..hi)" with `decimals`, signed unless `percent` (then with '%'). */
static void interval_text(char *out, size_t cap, int decimals, int percent, double v, double lo, double hi)
{
    if (percent) snprintf(out, cap, "%.*f%% (%.*f..%.*f%%)", decimals, v, decimals, lo, decimals, hi);
    else snprintf(out, cap, "%+.*f (%+.*f..%+.*f)", decimals, v, decimals, lo, decimals, hi);
    table_unsign_zeros(out, !percent);
}

static void elo_text(char *out, size_t cap, const struct pentanomial *p)
{
    if (p->elo_finite && p->error_finite) snprintf(out, cap, "%+.1f +- %.1f", p->elo, p->elo_error);
    else if (p->elo_finite) snprintf(out, cap, "%+.1f +- inf", p->elo);
    else snprintf(out, cap, "%s", p->n_pairs == 0 ? "-" : p->score > 0.5 ? "+inf" : "-inf");
}

static void margin_text(char *out, size_t cap, const struct margin *m)
{
    char mean[64], t[64];
    if (m->n == 0) snprintf(mean, sizeof mean, "-");
    else if (m->interval) interval_text(mean, sizeof mean, 1, 0, m->mean, m->low, m->high);
    else snprintf(mean, sizeof mean, "%+.1f", m->mean);
    if (m->effect_finite) interval_text(t, sizeof t, 2, 0, m->effect, m->effect_low, m->effect_high);
    else snprintf(t, sizeof t, "-");
    snprintf(out, cap, "margin %s t %s", mean, t);
}

/* pairs, LLR with its bounds, both estimates with their intervals. */
void sprt_report_status(const struct sprt_tally *t, char *out, size_t cap)
{
    char margin[160], elo[64];
    margin_text(margin, sizeof margin, &t->margin);
    if (t->set_size) {
        snprintf(out, cap, "sets %zu  LLR %+.2f [%+.2f, %+.2f]  %s  score %.1f%%", t->n_steps, t->llr, t->test.lower,
                 t->test.upper, margin, 100 * (t->scores.mean + 0.5));
        table_unsign_zeros(out, 1);
        return;
    }
    elo_text(elo, sizeof elo, &t->counts);
    snprintf(out, cap, "pairs %zu  LLR %+.2f [%+.2f, %+.2f]  %s  score %.1f%% Elo %s", t->n_steps, t->llr,
             t->test.lower, t->test.upper, margin, 100 * t->counts.score, elo);
    table_unsign_zeros(out, 1);
}

const char *sprt_report_verdict(enum sprt_decision d, const char *stopped)
{
    if (d == SPRT_ACCEPT_H1) return "H1 accepted: test is better";
    if (d == SPRT_ACCEPT_H0) return "H0 accepted: test is not better";
    return stopped ? stopped : "inconclusive: max pairs reached";
}


static void bounds_text(char *out, size_t cap, const struct sprt_tally *t)
{
    double h0, h1;
    sprt_tally_bounds(t, &h0, &h1);
    const char *scale = sprt_tally_scale_name(t);
    snprintf(out, cap, "%s, H0 %s = %g, H1 %s = %g, alpha %g, beta %g", sprt_metric_name(t->metric), scale, h0,
             scale, h1, t->test.alpha, t->test.beta);
}

/* The block at the end: bots, pairs, W-D-L, pentanomial counts (labels as
 * in ratings --head-to-head), both estimates, LOS, Z and the ratio of
 * pairs they need, the LLR and the decision. */
void sprt_report_summary(const struct sprt_tally *t, const char *test, const char *base, const char *verdict, FILE *out)
{
    const struct pentanomial *p = &t->counts;
    const struct margin *m = &t->margin, *s = &t->scores;
    char text[256], elo[64], bounds[200];
    elo_text(elo, sizeof elo, p);
    bounds_text(bounds, sizeof bounds, t);
    fprintf(out, "\n");
    fprintf(out, "%-12s test %s against base %s\n", "bots", test, base);
    fprintf(out, "%-12s %s\n", "test", bounds);
    if (t->set_size) {
        /* Duplicate sets at a table with other bots (docs/statistics.md
         * section 6): the test against the base, set by set. */
        fprintf(out, "%-12s %zu of %d matches\n", "sets", t->n_steps, t->set_size);
        fprintf(out, "%-12s %d-%d-%d (the test bot against the base at the same table: more, as many, fewer "
                "points)\n", "W-D-L", p->wins, p->draws, p->losses);
        if (s->n) {
            double sd = s->n > 1 ? sqrt(s->sum2 / s->n - (s->sum / s->n) * (s->sum / s->n)) : 0;
            table_printf(out, "%-12s %.1f%% per set (sd %.1f%%)\n", "score", 100 * (s->mean + 0.5), 100 * sd);
        }
        if (m->n == 0) snprintf(text, sizeof text, "-");
        else if (m->interval) interval_text(text, sizeof text, 1, 0, m->mean, m->low, m->high);
        else snprintf(text, sizeof text, "%+.1f", m->mean);
        table_printf(out, "%-12s %s points per match over the base, ", "margin", text);
        if (m->effect_finite) {
            interval_text(text, sizeof text, 2, 0, m->effect, m->effect_low, m->effect_high);
            table_printf(out, "t %s, LOS %.1f%%, Z %+.2f\n", text, 100 * m->los, m->z);
        } else {
            fprintf(out, "no spread yet\n");
        }
        fprintf(out, "%-12s %+.3f [%+.3f, %+.3f]\n", "LLR", t->llr, t->test.lower, t->test.upper);
        fprintf(out, "%-12s %s\n", "decision", verdict);
        return;
    }
    fprintf(out, "%-12s %zu (%d parties)\n", "pairs", t->n_steps, p->wins + p->draws + p->losses);
    fprintf(out, "%-12s %d-%d-%d (the test bot's wins, draws, losses)\n", "W-D-L", p->wins, p->draws, p->losses);
    fprintf(out, "%-12s LL-LD-WL/DD-DW-WW %d-%d-%d-%d-%d\n", "pentanomial", p->pairs[0], p->pairs[1], p->pairs[2],
            p->pairs[3], p->pairs[4]);
    interval_text(text, sizeof text, 1, 1, 100 * p->score, 100 * p->score_low, 100 * p->score_high);
    table_printf(out, "%-12s %s, Elo %s, LOS %.1f%%", "score", text, elo, 100 * p->los);
    if (s->effect_finite) table_printf(out, ", t %+.2f, Z %+.2f", s->effect, s->z);
    fputc('\n', out);
    if (m->n == 0) snprintf(text, sizeof text, "-");
    else if (m->interval) interval_text(text, sizeof text, 1, 0, m->mean, m->low, m->high);
    else snprintf(text, sizeof text, "%+.1f", m->mean);
    table_printf(out, "%-12s %s points per partie, ", "margin", text);
    if (m->effect_finite) {
        interval_text(text, sizeof text, 2, 0, m->effect, m->effect_low, m->effect_high);
        table_printf(out, "t %s, LOS %.1f%%, Z %+.2f\n", text, 100 * m->los, m->z);
    } else {
        fprintf(out, "no spread yet\n");
    }
    if (m->effect_finite && s->effect_finite && m->z != 0)
        fprintf(out, "%-12s the margin needs %.2fx the pairs of the pentanomial for the same Z ((Z score / Z "
                "margin)^2)\n", "pairs ratio", (s->z / m->z) * (s->z / m->z));
    table_printf(out, "%-12s %+.3f [%+.3f, %+.3f]\n", "LLR", t->llr, t->test.lower, t->test.upper);
    fprintf(out, "%-12s %s\n", "decision", verdict);
}


/* ratings.c - maximum-likelihood Bradley-Terry Elo (docs/statistics.md 1, 2
 * and 6).
 *
 * Both entries, ratings_fit() for parties of two players and
 * ratings_fit_tables() for matches of N seats, turn their input into one
 * list of comparisons (two bots, the seat positions they held, the earlier
 * seat's score, the cluster) and fit that list with the same code: a partie
 * is the comparison of seat 0 (the first dealer) with seat 1, so two seats
 * are section 1 exactly. The seat terms h_s (sum 0) are fitted as the N - 1
 * contrasts d_s = h_s - h_{N-1}; with two seats d_0 is the first dealer's
 * advantage h of section 1, and the published h_s are d_s - mean(d).
 *
 * Parameters are fitted in natural logits (theta = k * Elo, k = ln 10 / 400)
 * so that the information matrix and the constraint rows have comparable
 * sizes, and converted to Elo on the way out. Which bots can be rated is
 * decided before any arithmetic: the strongly connected components of the
 * graph "i scored something against j" (Tarjan) are exactly the sets whose
 * relative ratings have a finite MLE (Zermelo, Ford). This is the closed
 * form of Ordo's way: purging a bot with a perfect or zero score, then
 * purging again among the rest, only ever removes singleton components, and
 * the components also catch what purging misses (two bots that beat two
 * others every time). Only the advantage h can still run to infinity or be
 * confounded with the ratings; then the fit is redone without it and the
 * result says why.
 *
 * Every array of a result is allocated here and owned by the result;
 * ratings_free() releases them all. The workspace of a fit lives and dies in
 * ratings_fit().
 */
#include "stats/ratings.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LN10 2.30258509299404568402
#define LOGIT_PER_ELO (LN10 / 400.0)
#define Z95 1.959963984540054
#define MAX_NEWTON 200
#define MAX_HALVINGS 60
#define STEP_TOL 1e-11       /* logits; about 6e-10 Elo */
#define DIVERGED 60.0        /* logits from the start, about 10400 Elo */
#define SINGULAR_TOL 1e-12   /* pivot relative to the largest entry */

enum fit_outcome { FIT_OK, FIT_UNIDENTIFIED, FIT_UNBOUNDED };

/* One comparison: bot[0] in seat seat[0] against bot[1] in a later seat
 * seat[1] (for a partie: the first dealer, seat 0, against the other). */
struct comparison {
    int bot[2];
    int seat[2];
    double score;     /* bot[0]'s: 1, 0.5, 0 (any value in [0, 1] for parties) */
    long cluster;     /* duplicate pair or set */
    size_t match;     /* the partie or table it comes from */
};

/* The largest number of nonzero entries of a design row: two bots, two
 * seat contrasts. */
#define DESIGN_MAX 4

/* Workspace of the Newton fit over the rated bots. */
struct fit {
    const struct comparison *comparisons;
    size_t n_comparisons;
    int seats;              /* seat positions; seats - 1 contrasts when h >= 0 */
    const int *column;      /* bot -> parameter column, -1 when not rated */
    const int *group;       /* bot -> group, -1 when not rated */
    const int *param_group; /* rating column -> its bot's group */
    int n_params;           /* rated bots, plus seats - 1 when h >= 0 */
    int n_groups;
    int dim;                /* n_params + n_groups: the bordered matrix */
    int h;                  /* column of d_0 (d_s is h + s), or -1 */
    int anchor_column;      /* -1: every group has mean zero */
    int anchor_group;
    double *theta;          /* n_params */
    double *start;          /* n_params: feasible starting point */
    double *trial;          /* n_params */
    double *kkt;            /* dim * dim, overwritten by its LU factors */
    double *rhs;            /* dim */
    int *pivot;             /* dim */
    double scale;           /* largest entry of kkt before factoring */
};

static double log_sigmoid(double z)
{
    return z >= 0 ? -log1p(exp(-z)) : z - log1p(exp(z));
}

static double sigmoid(double z)
{
    return z >= 0 ? 1.0 / (1.0 + exp(-z)) : exp(z) / (1.0 + exp(z));
}

/* The nonzero entries of comparison g's design vector x_g; 0 when it
 * carries no information for this fit. The last seat has no contrast of
 * its own (d_{N-1} = 0). A partie of a bot against itself still tells the
 * first dealer's advantage (section 1); tables never hold such a
 * comparison (section 6: seats held by different bots). */
static int design(const struct fit *f, const struct comparison *g,
                  int col[DESIGN_MAX], double x[DESIGN_MAX])
{
    int n = 0;
    int cw = f->column[g->bot[0]], cb = f->column[g->bot[1]];
    if (cw < 0 || cb < 0 || f->group[g->bot[0]] != f->group[g->bot[1]])
        return 0;
    if (cw != cb) {
        col[n] = cw; x[n++] = 1.0;
        col[n] = cb; x[n++] = -1.0;
    }
    if (f->h >= 0) {
        if (g->seat[0] < f->seats - 1) {
            col[n] = f->h + g->seat[0]; x[n++] = 1.0;
        }
        if (g->seat[1] < f->seats - 1) {
            col[n] = f->h + g->seat[1]; x[n++] = -1.0;
        }
    }
    return n;
}

static double linear(const double *theta, int n, const int col[DESIGN_MAX],
                     const double x[DESIGN_MAX])
{
    double z = 0;
    for (int i = 0; i < n; i++) z += x[i] * theta[col[i]];
    return z;
}

static double log_likelihood(const struct fit *f, const double *theta)
{
    double sum = 0;
    for (size_t i = 0; i < f->n_comparisons; i++) {
        const struct comparison *g = &f->comparisons[i];
        int col[DESIGN_MAX];
        double x[DESIGN_MAX];
        int n = design(f, g, col, x);
        if (n == 0) continue;
        double z = linear(theta, n, col, x);
        sum += g->score * log_sigmoid(z) + (1 - g->score) * log_sigmoid(-z);
    }
    return sum;
}

/* Fills the bordered matrix [H G'; G 0] and the right side [U; 0] at theta.
 * The constraint rows are homogeneous because every iterate stays feasible. */
static void build(struct fit *f, const double *theta)
{
    int d = f->dim;
    memset(f->kkt, 0, sizeof *f->kkt * (size_t)d * (size_t)d);
    memset(f->rhs, 0, sizeof *f->rhs * (size_t)d);
    for (size_t i = 0; i < f->n_comparisons; i++) {
        const struct comparison *g = &f->comparisons[i];
        int col[DESIGN_MAX];
        double x[DESIGN_MAX];
        int n = design(f, g, col, x);
        if (n == 0) continue;
        double p = sigmoid(linear(theta, n, col, x));
        double w = p * (1 - p);
        for (int a = 0; a < n; a++) {
            f->rhs[col[a]] += (g->score - p) * x[a];
            for (int b = 0; b < n; b++)
                f->kkt[col[a] * d + col[b]] += w * x[a] * x[b];
        }
    }
    for (int i = 0; i < f->n_params; i++) {
        if (f->h >= 0 && i >= f->h) continue;
        int grp = f->param_group[i];
        if (grp == f->anchor_group && i != f->anchor_column) continue;
        f->kkt[(f->n_params + grp) * d + i] = 1.0;
        f->kkt[i * d + f->n_params + grp] = 1.0;
    }
    f->scale = 0;
    for (int i = 0; i < d * d; i++)
        if (fabs(f->kkt[i]) > f->scale) f->scale = fabs(f->kkt[i]);
}

/* LU factors of f->kkt in place with partial pivoting; -1 when singular. */
static int factor(struct fit *f)
{
    int n = f->dim;
    double *a = f->kkt;
    for (int k = 0; k < n; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(a[i * n + k]) > fabs(a[p * n + k])) p = i;
        if (fabs(a[p * n + k]) <= SINGULAR_TOL * f->scale) return -1;
        f->pivot[k] = p;
        if (p != k)
            for (int j = 0; j < n; j++) {
                double t = a[k * n + j];
                a[k * n + j] = a[p * n + j];
                a[p * n + j] = t;
            }
        for (int i = k + 1; i < n; i++) {
            double m = a[i * n + k] / a[k * n + k];
            a[i * n + k] = m;
            if (m == 0) continue;
            for (int j = k + 1; j < n; j++) a[i * n + j] -= m * a[k * n + j];
        }
    }
    return 0;
}

/* Solves with the factors of factor(); b is overwritten by the solution. */
static void solve(const struct fit *f, double *b)
{
    int n = f->dim;
    const double *a = f->kkt;
    /* factor() swapped whole rows, multipliers included, so all the swaps
     * come before the forward substitution. */
    for (int k = 0; k < n; k++) {
        int p = f->pivot[k];
        double t = b[k];
        b[k] = b[p];
        b[p] = t;
    }
    for (int k = 0; k < n; k++)
        for (int i = k + 1; i < n; i++) b[i] -= a[i * n + k] * b[k];
    for (int i = n - 1; i >= 0; i--) {
        double s = b[i];
        for (int j = i + 1; j < n; j++) s -= a[i * n + j] * b[j];
        b[i] = s / a[i * n + i];
    }
}

/* Damped Newton from f->start. The log-likelihood is concave, so halving
 * the step until it does not decrease always makes progress; a separated
 * direction shows as parameters running away from the start. */
static enum fit_outcome newton(struct fit *f, int *iterations)
{
    int n = f->n_params;
    memcpy(f->theta, f->start, sizeof *f->theta * (size_t)n);
    double ll = log_likelihood(f, f->theta);
    for (int it = 0; it < MAX_NEWTON; it++) {
        build(f, f->theta);
        if (factor(f) < 0)
            return it == 0 ? FIT_UNIDENTIFIED : FIT_UNBOUNDED;
        solve(f, f->rhs);
        double t = 1.0, next = ll;
        for (int halving = 0; halving < MAX_HALVINGS; halving++, t /= 2) {
            for (int i = 0; i < n; i++)
                f->trial[i] = f->theta[i] + t * f->rhs[i];
            next = log_likelihood(f, f->trial);
            if (next >= ll - 1e-12 * (1 + fabs(ll))) break;
        }
        double moved = 0, far = 0;
        for (int i = 0; i < n; i++) {
            moved = fmax(moved, fabs(f->trial[i] - f->theta[i]));
            far = fmax(far, fabs(f->trial[i] - f->start[i]));
        }
        memcpy(f->theta, f->trial, sizeof *f->theta * (size_t)n);
        ll = next;
        *iterations = it + 1;
        if (far > DIVERGED) return FIT_UNBOUNDED;
        if (moved < STEP_TOL) return FIT_OK;
    }
    return FIT_UNBOUNDED;
}

/* Tarjan's strongly connected components over the dense graph `edge`. */
struct scc {
    int n;
    const unsigned char *edge;
    int *index, *low, *stack, *component;
    unsigned char *on_stack;
    int next_index, depth, n_components;
};

static void scc_visit(struct scc *s, int v)
{
    s->index[v] = s->low[v] = s->next_index++;
    s->stack[s->depth++] = v;
    s->on_stack[v] = 1;
    for (int w = 0; w < s->n; w++) {
        if (!s->edge[(size_t)v * (size_t)s->n + (size_t)w]) continue;
        if (s->index[w] < 0) {
            scc_visit(s, w);
            if (s->low[w] < s->low[v]) s->low[v] = s->low[w];
        } else if (s->on_stack[w] && s->index[w] < s->low[v]) {
            s->low[v] = s->index[w];
        }
    }
    if (s->low[v] != s->index[v]) return;
    int w;
    do {
        w = s->stack[--s->depth];
        s->on_stack[w] = 0;
        s->component[w] = s->n_components;
    } while (w != v);
    s->n_components++;
}

/* Sets status and group of every bot from the results; returns the number
 * of groups, or -1 when out of memory. */
static int find_groups(struct ratings *self, const struct comparison *comparisons,
                       size_t n_comparisons)
{
    int n = self->n_bots, groups = 0, rc = -1;
    size_t nn = (size_t)n * (size_t)n;
    unsigned char *edge = calloc(nn ? nn : 1, 1);
    unsigned char *on_stack = calloc((size_t)n + 1, 1);
    int *work = malloc(sizeof *work * (5 * (size_t)n + 1));
    if (!edge || !on_stack || !work) goto out;

    for (size_t i = 0; i < n_comparisons; i++) {
        const struct comparison *g = &comparisons[i];
        size_t w = (size_t)g->bot[0], b = (size_t)g->bot[1];
        if (w == b) continue;
        if (g->score > 0) edge[w * (size_t)n + b] = 1;
        if (g->score < 1) edge[b * (size_t)n + w] = 1;
    }
    struct scc s = {
        .n = n, .edge = edge, .index = work, .low = work + n,
        .stack = work + 2 * n, .component = work + 3 * n,
        .on_stack = on_stack,
    };
    int *size = work + 4 * n;
    for (int v = 0; v < n; v++) {
        s.index[v] = -1;
        size[v] = 0;
    }
    for (int v = 0; v < n; v++)
        if (s.index[v] < 0) scc_visit(&s, v);
    for (int v = 0; v < n; v++) size[s.component[v]]++;

    /* Groups are numbered in the order of their lowest bot index, so the
     * same results always give the same numbering. */
    int *group_of = s.index;
    for (int c = 0; c < s.n_components; c++) group_of[c] = -1;
    for (int v = 0; v < n; v++) {
        int c = s.component[v];
        if (size[c] >= 2) {
            if (group_of[c] < 0) group_of[c] = groups++;
            self->status[v] = RATINGS_RATED;
            self->group[v] = group_of[c];
        } else {
            self->group[v] = -1;
            if (self->parties[v] == 0) self->status[v] = RATINGS_NO_GAMES;
            else if (self->score[v] == self->parties[v]) self->status[v] = RATINGS_ALL_WINS;
            else if (self->score[v] == 0) self->status[v] = RATINGS_ALL_LOSSES;
            else self->status[v] = RATINGS_SEPARATED;
        }
    }
    /* The side of the rated bots each bot without a rating stands on: a
     * separated bot that scored against rated bots and never let one score
     * against it is above them all, one that only lost to them below. */
    for (int v = 0; v < n; v++) {
        enum ratings_status st = self->status[v];
        self->beyond[v] = st == RATINGS_ALL_WINS ? 1 : st == RATINGS_ALL_LOSSES ? -1 : 0;
        if (st != RATINGS_SEPARATED) continue;
        bool won = false, lost = false;
        for (int w = 0; w < n; w++) {
            if (self->status[w] != RATINGS_RATED) continue;
            won |= edge[(size_t)v * (size_t)n + (size_t)w] != 0;
            lost |= edge[(size_t)w * (size_t)n + (size_t)v] != 0;
        }
        self->beyond[v] = won && !lost ? 1 : lost && !won ? -1 : 0;
    }
    rc = groups;
out:
    free(edge);
    free(on_stack);
    free(work);
    return rc;
}

/* A fitted comparison in cluster order. */
/* One bot's seat in one comparison, for counting its matches and
 * clusters. */
struct sitting {
    int bot;
    long cluster;
    size_t match;
};

static int compare_sitting(const void *a, const void *b)
{
    const struct sitting *x = a, *y = b;
    if (x->bot != y->bot) return x->bot < y->bot ? -1 : 1;
    if (x->cluster != y->cluster) return x->cluster < y->cluster ? -1 : 1;
    return x->match < y->match ? -1 : x->match > y->match;
}

/* Each bot's matches (parties or tables) and distinct clusters against
 * another bot: what decides whether its rating is provisional and its
 * interval worth anything (stats/standings.h). 0, or -1 out of memory. */
static int count_sittings(struct ratings *self, const struct comparison *comparisons, size_t n)
{
    struct sitting *all = malloc(sizeof *all * (2 * n + 1));
    size_t m = 0;
    if (!all) return -1;
    for (size_t i = 0; i < n; i++) {
        const struct comparison *g = &comparisons[i];
        if (g->bot[0] == g->bot[1]) continue;
        for (int k = 0; k < 2; k++) all[m++] = (struct sitting){ g->bot[k], g->cluster, g->match };
    }
    qsort(all, m, sizeof *all, compare_sitting);
    for (size_t i = 0; i < m; i++) {
        const struct sitting *x = &all[i], *prev = i ? &all[i - 1] : NULL;
        bool same_bot = prev && prev->bot == x->bot;
        bool same_cluster = same_bot && prev->cluster == x->cluster;
        if (!same_cluster) self->clusters_of[x->bot]++;
        if (!same_cluster || prev->match != x->match) self->matches[x->bot]++;
    }
    free(all);
    return 0;
}

struct member {
    long cluster;
    size_t index;
};

static int compare_member(const void *a, const void *b)
{
    const struct member *x = a, *y = b;
    if (x->cluster != y->cluster) return x->cluster < y->cluster ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* Model covariance P (the parameter block of the inverse bordered matrix),
 * the robust one P B P C/(C-1) from cluster scores, and rho. */
static int covariances(struct fit *f, struct ratings *self, double *model,
                       double *robust)
{
    int n = f->n_params, rc = -1;
    size_t nn = (size_t)n * (size_t)n;
    double *column = malloc(sizeof *column * ((size_t)f->dim + 1));
    double *meat = calloc(nn + 1, sizeof *meat);
    double *half = malloc(sizeof *half * (nn + 1));
    double *u = calloc((size_t)n + 1, sizeof *u);
    int *touched = malloc(sizeof *touched * ((size_t)n + 1));
    struct member *order = malloc(sizeof *order * (f->n_comparisons + 1));
    if (!column || !meat || !half || !u || !touched || !order) goto out;

    build(f, f->theta);
    if (factor(f) < 0) {
        rc = -2;
        goto out;
    }
    for (int j = 0; j < n; j++) {
        memset(column, 0, sizeof *column * (size_t)f->dim);
        column[j] = 1.0;
        solve(f, column);
        for (int i = 0; i < n; i++) model[i * n + j] = column[i];
    }

    size_t used = 0;
    for (size_t i = 0; i < f->n_comparisons; i++) {
        int col[DESIGN_MAX];
        double x[DESIGN_MAX];
        if (design(f, &f->comparisons[i], col, x) > 0)
            order[used++] = (struct member){ f->comparisons[i].cluster, i };
    }
    qsort(order, used, sizeof *order, compare_member);

    size_t clusters = 0, pairs = 0;
    double sum_e2 = 0, sum_pair2 = 0;
    for (size_t start = 0, end; start < used; start = end) {
        for (end = start; end < used && order[end].cluster == order[start].cluster; end++) {}
        int n_touched = 0;
        int reference = f->comparisons[order[start].index].bot[0];
        double pair_sum = 0, pair_e2 = 0;
        for (size_t k = start; k < end; k++) {
            const struct comparison *g = &f->comparisons[order[k].index];
            int col[DESIGN_MAX];
            double x[DESIGN_MAX];
            int m = design(f, g, col, x);
            double r = g->score - sigmoid(linear(f->theta, m, col, x));
            double e = g->bot[0] == reference ? r : -r;
            pair_sum += e;
            pair_e2 += e * e;
            for (int a = 0; a < m; a++) {
                bool seen = false;
                for (int t = 0; t < n_touched; t++) seen |= touched[t] == col[a];
                if (!seen) touched[n_touched++] = col[a];
                u[col[a]] += r * x[a];
            }
        }
        for (int a = 0; a < n_touched; a++)
            for (int b = 0; b < n_touched; b++)
                meat[touched[a] * n + touched[b]] += u[touched[a]] * u[touched[b]];
        for (int a = 0; a < n_touched; a++) u[touched[a]] = 0;
        clusters++;
        if (end - start == 2) {
            pairs++;
            sum_e2 += pair_e2;
            sum_pair2 += pair_sum * pair_sum;
        }
    }
    self->parties_fitted = used;
    self->clusters = clusters;
    self->pairs = pairs;
    /* rho = 2 var(pair mean) / var(partie) - 1 with var(pair mean) =
     * sum_pair2 / (4 pairs) and var(partie) = sum_e2 / (2 pairs), both
     * around the model; the clamp only absorbs rounding. */
    self->rho = sum_e2 > 0 ? fmin(1.0, fmax(-1.0, sum_pair2 / sum_e2 - 1)) : 0;
    self->robust = clusters >= 2;

    if (!self->robust) {
        memcpy(robust, model, sizeof *robust * nn);
    } else {
        double c = (double)clusters / (double)(clusters - 1);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < n; k++) s += model[i * n + k] * meat[k * n + j];
                half[i * n + j] = s;
            }
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < n; k++) s += half[i * n + k] * model[k * n + j];
                robust[i * n + j] = s * c;
            }
    }
    rc = 0;
out:
    free(column);
    free(meat);
    free(half);
    free(u);
    free(touched);
    free(order);
    return rc;
}

void ratings_free(struct ratings *self)
{
    if (!self) return;
    if (self->names)
        for (int i = 0; i < self->n_bots; i++) free(self->names[i]);
    free(self->names);
    free(self->status);
    free(self->group);
    free(self->beyond);
    free(self->parties);
    free(self->matches);
    free(self->clusters_of);
    free(self->score);
    free(self->rating);
    free(self->se_model);
    free(self->se_robust);
    free(self->low);
    free(self->high);
    free(self->cov_model);
    free(self->cov_robust);
    free(self->los);
    free(self->seat);
    free(self->seat_se_model);
    free(self->seat_se_robust);
    free(self);
}

static struct ratings *result_new(const char *const *names, int n_bots,
                                  int seats)
{
    struct ratings *self = calloc(1, sizeof *self);
    if (!self) return NULL;
    size_t n = (size_t)n_bots, n1 = n + 1, side = n + (size_t)seats - 1;
    self->n_bots = n_bots;
    self->seats = seats;
    self->names = calloc(n1, sizeof *self->names);
    self->status = calloc(n1, sizeof *self->status);
    self->group = calloc(n1, sizeof *self->group);
    self->beyond = calloc(n1, sizeof *self->beyond);
    self->parties = calloc(n1, sizeof *self->parties);
    self->matches = calloc(n1, sizeof *self->matches);
    self->clusters_of = calloc(n1, sizeof *self->clusters_of);
    self->score = calloc(n1, sizeof *self->score);
    self->rating = calloc(n1, sizeof *self->rating);
    self->se_model = calloc(n1, sizeof *self->se_model);
    self->se_robust = calloc(n1, sizeof *self->se_robust);
    self->low = calloc(n1, sizeof *self->low);
    self->high = calloc(n1, sizeof *self->high);
    self->cov_model = calloc(side * side, sizeof *self->cov_model);
    self->cov_robust = calloc(side * side, sizeof *self->cov_robust);
    self->los = calloc(n * n + 1, sizeof *self->los);
    self->seat = calloc((size_t)seats, sizeof *self->seat);
    self->seat_se_model = calloc((size_t)seats, sizeof *self->seat_se_model);
    self->seat_se_robust = calloc((size_t)seats, sizeof *self->seat_se_robust);
    if (!self->names || !self->status || !self->group || !self->beyond || !self->parties ||
        !self->matches || !self->clusters_of ||
        !self->score || !self->rating || !self->se_model || !self->se_robust ||
        !self->low || !self->high || !self->cov_model || !self->cov_robust ||
        !self->los || !self->seat || !self->seat_se_model ||
        !self->seat_se_robust)
        goto fail;
    for (int i = 0; i < n_bots; i++) {
        self->names[i] = strdup(names[i]);
        if (!self->names[i]) goto fail;
    }
    self->anchor = -1;
    return self;
fail:
    ratings_free(self);
    return NULL;
}

/* Checks the bots; 0, or -1 with the reason in err. */
static int check_names(const char *const *names, int n_bots, char *err,
                       size_t err_size)
{
    if (n_bots < 0) {
        snprintf(err, err_size, "ratings: %d bots", n_bots);
        return -1;
    }
    if (n_bots > 0 && !names) {
        snprintf(err, err_size, "ratings: no bot names");
        return -1;
    }
    for (int i = 0; i < n_bots; i++)
        if (!names[i]) {
            snprintf(err, err_size, "ratings: bot %d has no name", i);
            return -1;
        }
    return 0;
}

/* Checks the parties; 0, or -1 with the reason in err. */
static int check_parties(const struct ratings_partie *parties, size_t n_parties,
                         int n_bots, char *err, size_t err_size)
{
    for (size_t i = 0; i < n_parties; i++) {
        const struct ratings_partie *g = &parties[i];
        if (g->first < 0 || g->first >= n_bots || g->second < 0 ||
            g->second >= n_bots) {
            snprintf(err, err_size, "ratings: partie %zu: bot index out of 0..%d",
                     i, n_bots - 1);
            return -1;
        }
        if (!(g->score >= 0 && g->score <= 1)) {
            snprintf(err, err_size, "ratings: partie %zu: score %g is not in [0, 1]",
                     i, g->score);
            return -1;
        }
    }
    return 0;
}

/* Checks the tables: all of one seat count, bots in range, finite points.
 * Returns the seat count (2 when there are no tables), or -1 with the
 * reason in err. */
static int check_tables(const struct ratings_table *tables, size_t n_tables,
                        int n_bots, char *err, size_t err_size)
{
    int seats = n_tables > 0 ? tables[0].seats : 2;
    for (size_t i = 0; i < n_tables; i++) {
        const struct ratings_table *t = &tables[i];
        if (t->seats < 2 || t->seats > RATINGS_MAX_SEATS) {
            snprintf(err, err_size, "ratings: table %zu: %d seats, not 2..%d", i,
                     t->seats, RATINGS_MAX_SEATS);
            return -1;
        }
        if (t->seats != seats) {
            snprintf(err, err_size, "ratings: table %zu: %d seats, table 0 has %d",
                     i, t->seats, seats);
            return -1;
        }
        for (int s = 0; s < t->seats; s++) {
            if (t->bot[s] < 0 || t->bot[s] >= n_bots) {
                snprintf(err, err_size, "ratings: table %zu: seat %c: bot index "
                         "out of 0..%d", i, 'A' + s, n_bots - 1);
                return -1;
            }
            if (!isfinite(t->points[s])) {
                snprintf(err, err_size, "ratings: table %zu: seat %c: points %g "
                         "are not finite", i, 'A' + s, t->points[s]);
                return -1;
            }
        }
    }
    return seats;
}

/* Copies the fitted parameters and their covariances into Elo units, and
 * turns the contrasts d_s into the seat terms h = A d, A[s][t] = [s = t] -
 * 1/seats (t < seats - 1), with covariance A V A'. */
static void publish(struct ratings *self, const struct fit *f,
                    const double *model, const double *robust)
{
    int nb = self->n_bots, n = f->n_params, m = self->seats;
    int side = nb + m - 1;
    double k2 = LOGIT_PER_ELO * LOGIT_PER_ELO;
    for (int i = 0; i < side; i++) {
        int ci = i < nb ? f->column[i] : f->h >= 0 ? f->h + i - nb : -1;
        for (int j = 0; j < side; j++) {
            int cj = j < nb ? f->column[j] : f->h >= 0 ? f->h + j - nb : -1;
            bool both = ci >= 0 && cj >= 0;
            self->cov_model[i * side + j] = both ? model[ci * n + cj] / k2 : 0;
            self->cov_robust[i * side + j] = both ? robust[ci * n + cj] / k2 : 0;
        }
    }
    for (int i = 0; i < nb; i++) {
        int c = f->column[i];
        if (c < 0) continue;
        self->rating[i] = f->theta[c] / LOGIT_PER_ELO;
        self->se_model[i] = sqrt(fmax(0, self->cov_model[i * side + i]));
        self->se_robust[i] = sqrt(fmax(0, self->cov_robust[i * side + i]));
        self->low[i] = self->rating[i] - Z95 * self->se_robust[i];
        self->high[i] = self->rating[i] + Z95 * self->se_robust[i];
    }
    if (f->h >= 0) {
        self->advantage = f->theta[f->h] / LOGIT_PER_ELO;
        self->advantage_se_model = sqrt(fmax(0, self->cov_model[nb * side + nb]));
        self->advantage_se_robust = sqrt(fmax(0, self->cov_robust[nb * side + nb]));
        double mean = 0;
        for (int t = 0; t < m - 1; t++) mean += f->theta[f->h + t] / LOGIT_PER_ELO / m;
        for (int s = 0; s < m; s++) {
            double d = s < m - 1 ? f->theta[f->h + s] / LOGIT_PER_ELO : 0;
            double vm = 0, vr = 0;
            for (int t = 0; t < m - 1; t++)
                for (int u = 0; u < m - 1; u++) {
                    double a = ((s == t) - 1.0 / m) * ((s == u) - 1.0 / m);
                    int at = (nb + t) * side + nb + u;
                    vm += a * self->cov_model[at];
                    vr += a * self->cov_robust[at];
                }
            self->seat[s] = d - mean;
            self->seat_se_model[s] = sqrt(fmax(0, vm));
            self->seat_se_robust[s] = sqrt(fmax(0, vr));
        }
    }
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < nb; j++)
            self->los[i * nb + j] = ratings_los(self, i, j, true);
}

double ratings_los(const struct ratings *self, int i, int j, bool robust)
{
    assert(i >= 0 && i < self->n_bots && j >= 0 && j < self->n_bots);
    if (i == j || self->status[i] != RATINGS_RATED ||
        self->status[j] != RATINGS_RATED || self->group[i] != self->group[j])
        return 0.5;
    int side = self->n_bots + self->seats - 1;
    const double *v = robust ? self->cov_robust : self->cov_model;
    double d = self->rating[i] - self->rating[j];
    double var = v[i * side + i] + v[j * side + j] - 2 * v[i * side + j];
    if (!(var > 0)) return d > 0 ? 1.0 : d < 0 ? 0.0 : 0.5;
    return 0.5 * erfc(-d / sqrt(2 * var));
}

double ratings_table_score(const struct ratings_table *self, int i, int j)
{
    assert(i >= 0 && i < self->seats && j >= 0 && j < self->seats);
    double a = self->points[i], b = self->points[j];
    return a > b ? 1.0 : a < b ? 0.0 : 0.5;
}

int ratings_find(const struct ratings *self, const char *name)
{
    for (int i = 0; i < self->n_bots; i++)
        if (strcmp(self->names[i], name) == 0) return i;
    return -1;
}

const char *ratings_status_name(enum ratings_status status)
{
    switch (status) {
    case RATINGS_RATED: return "rated";
    case RATINGS_NO_GAMES: return "no parties";
    case RATINGS_ALL_WINS: return "all wins";
    case RATINGS_ALL_LOSSES: return "all losses";
    case RATINGS_SEPARATED: return "separated";
    }
    return "unknown";
}

const char *ratings_advantage_name(enum ratings_advantage status)
{
    switch (status) {
    case RATINGS_ADVANTAGE_FITTED: return "fitted";
    case RATINGS_ADVANTAGE_OFF: return "not fitted";
    case RATINGS_ADVANTAGE_UNIDENTIFIED: return "not identifiable";
    case RATINGS_ADVANTAGE_UNBOUNDED: return "no finite value";
    }
    return "unknown";
}

/* The anchor's index, or -1 with the reason in err. */
static int find_anchor(const struct ratings *self, const char *name, char *err,
                       size_t err_size)
{
    int a = ratings_find(self, name);
    if (a < 0) {
        snprintf(err, err_size, "ratings: anchor '%s' is not a bot", name);
        return -1;
    }
    if (self->status[a] != RATINGS_RATED) {
        snprintf(err, err_size, "ratings: anchor '%s' has no finite rating (%s)",
                 name, ratings_status_name(self->status[a]));
        return -1;
    }
    return a;
}

/* The fit of section 1 over `comparisons` from tables of `seats` seats (2 for
 * parties), whose input is already checked. Returns a result the caller
 * owns, or NULL with the reason in err. */
static struct ratings *fit_comparisons(const struct comparison *comparisons,
                                       size_t n_comparisons, int seats,
                                       const char *const *names, int n_bots,
                                       const struct ratings_options *options,
                                       char *err, size_t err_size)
{
    static const struct ratings_options defaults = { .fit_advantage = true };
    struct ratings *self = NULL;
    struct fit f = { .comparisons = comparisons, .n_comparisons = n_comparisons,
                     .seats = seats, .h = -1, .anchor_column = -1,
                     .anchor_group = -1 };
    int *column = NULL, *param_group = NULL;
    double *model = NULL, *robust = NULL;
    bool ok = false;

    if (!options) options = &defaults;
    self = result_new(names, n_bots, seats);
    if (!self) goto oom;
    for (size_t i = 0; i < (size_t)n_bots * (size_t)n_bots; i++) self->los[i] = 0.5;
    for (size_t i = 0; i < n_comparisons; i++) {
        const struct comparison *g = &comparisons[i];
        if (g->bot[0] == g->bot[1]) continue;
        self->parties[g->bot[0]]++;
        self->parties[g->bot[1]]++;
        self->score[g->bot[0]] += g->score;
        self->score[g->bot[1]] += 1 - g->score;
    }
    if (count_sittings(self, comparisons, n_comparisons) < 0) goto oom;
    self->n_groups = find_groups(self, comparisons, n_comparisons);
    if (self->n_groups < 0) goto oom;
    if (options->anchor) {
        self->anchor = find_anchor(self, options->anchor, err, err_size);
        if (self->anchor < 0) goto out;
    }
    self->advantage_status = options->fit_advantage ? RATINGS_ADVANTAGE_FITTED
                                                    : RATINGS_ADVANTAGE_OFF;
    if (self->n_groups == 0) {
        if (options->fit_advantage)
            self->advantage_status = RATINGS_ADVANTAGE_UNIDENTIFIED;
        ok = true;
        goto out;
    }

    column = malloc(sizeof *column * (size_t)n_bots);
    param_group = malloc(sizeof *param_group * ((size_t)n_bots + 1));
    if (!column || !param_group) goto oom;
    int rated = 0;
    for (int i = 0; i < n_bots; i++) {
        column[i] = self->status[i] == RATINGS_RATED ? rated : -1;
        if (column[i] >= 0) param_group[rated++] = self->group[i];
    }
    f.column = column;
    f.group = self->group;
    f.param_group = param_group;
    f.n_groups = self->n_groups;
    f.n_params = rated + (options->fit_advantage ? seats - 1 : 0);
    f.h = options->fit_advantage ? rated : -1;
    f.dim = f.n_params + f.n_groups;
    if (self->anchor >= 0) {
        f.anchor_column = column[self->anchor];
        f.anchor_group = self->group[self->anchor];
    }
    size_t np = (size_t)f.n_params, dim = (size_t)f.dim;
    f.theta = malloc(sizeof *f.theta * np);
    f.start = calloc(np, sizeof *f.start);
    f.trial = malloc(sizeof *f.trial * np);
    f.kkt = malloc(sizeof *f.kkt * dim * dim);
    f.rhs = malloc(sizeof *f.rhs * dim);
    f.pivot = malloc(sizeof *f.pivot * dim);
    model = malloc(sizeof *model * np * np);
    robust = malloc(sizeof *robust * np * np);
    if (!f.theta || !f.start || !f.trial || !f.kkt || !f.rhs || !f.pivot ||
        !model || !robust)
        goto oom;
    for (int i = 0; i < n_bots; i++)
        if (column[i] >= 0 && self->group[i] == f.anchor_group)
            f.start[column[i]] = options->anchor_rating * LOGIT_PER_ELO;

    enum fit_outcome outcome = newton(&f, &self->iterations);
    if (outcome != FIT_OK && f.h >= 0) {
        self->advantage_status = outcome == FIT_UNIDENTIFIED
                                     ? RATINGS_ADVANTAGE_UNIDENTIFIED
                                     : RATINGS_ADVANTAGE_UNBOUNDED;
        f.h = -1;
        f.n_params -= seats - 1;
        f.dim -= seats - 1;
        outcome = newton(&f, &self->iterations);
    }
    /* The components guarantee a finite MLE of the ratings alone; only
     * arithmetic at the edge of double precision can still fail here. */
    int rc = outcome == FIT_OK ? covariances(&f, self, model, robust) : -2;
    if (rc == -1) goto oom;
    if (rc < 0) {
        snprintf(err, err_size, "ratings: the fit did not converge in %d steps",
                 self->iterations);
        goto out;
    }
    publish(self, &f, model, robust);
    ok = true;
    goto out;
oom:
    snprintf(err, err_size, "ratings: out of memory");
out:
    free(column);
    free(param_group);
    free(f.theta);
    free(f.start);
    free(f.trial);
    free(f.kkt);
    free(f.rhs);
    free(f.pivot);
    free(model);
    free(robust);
    if (!ok) {
        ratings_free(self);
        self = NULL;
    }
    return self;
}

struct ratings *ratings_fit(const struct ratings_partie *parties,
                            size_t n_parties, const char *const *names,
                            int n_bots, const struct ratings_options *options,
                            char *err, size_t err_size)
{
    if (check_names(names, n_bots, err, err_size) < 0 ||
        check_parties(parties, n_parties, n_bots, err, err_size) < 0)
        return NULL;
    struct comparison *comparisons = malloc(sizeof *comparisons * (n_parties + 1));
    if (!comparisons) {
        snprintf(err, err_size, "ratings: out of memory");
        return NULL;
    }
    for (size_t i = 0; i < n_parties; i++) {
        const struct ratings_partie *g = &parties[i];
        comparisons[i] = (struct comparison){ { g->first, g->second },
                                              { 0, 1 }, g->score, g->cluster, i };
    }
    struct ratings *self = fit_comparisons(comparisons, n_parties, 2, names,
                                           n_bots, options, err, err_size);
    free(comparisons);
    return self;
}

struct ratings *ratings_fit_tables(const struct ratings_table *tables,
                                   size_t n_tables, const char *const *names,
                                   int n_bots,
                                   const struct ratings_options *options,
                                   char *err, size_t err_size)
{
    int seats;
    if (check_names(names, n_bots, err, err_size) < 0 ||
        (seats = check_tables(tables, n_tables, n_bots, err, err_size)) < 0)
        return NULL;
    size_t per_table = (size_t)seats * (size_t)(seats - 1) / 2;
    struct comparison *comparisons =
        malloc(sizeof *comparisons * (n_tables * per_table + 1));
    if (!comparisons) {
        snprintf(err, err_size, "ratings: out of memory");
        return NULL;
    }
    size_t n = 0;
    for (size_t k = 0; k < n_tables; k++) {
        const struct ratings_table *t = &tables[k];
        for (int i = 0; i < seats; i++)
            for (int j = i + 1; j < seats; j++)
                if (t->bot[i] != t->bot[j])
                    comparisons[n++] = (struct comparison){
                        { t->bot[i], t->bot[j] }, { i, j },
                        ratings_table_score(t, i, j), t->set, k };
    }
    struct ratings *self = fit_comparisons(comparisons, n, seats, names, n_bots,
                                           options, err, err_size);
    free(comparisons);
    return self;
}

/* pairings.c - the head-to-head report (see pairings.h).
 *
 * The parties are first sorted into one slice per pairing (a counting sort
 * on the two bots' places in the report order), so each pairing is tallied
 * over its own parties only: linear in the parties, whatever the number of
 * bots. The pairings own nothing but their array.
 */
#include "stats/pairings.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats/table.h"

#define NAME_COLUMNS 32
#define Z95 1.959963984540054

/* The statistics of the duplicate pairs, as pentanomial_tally() gave them. */
static void use_pairs(struct pairing *p)
{
    const struct pentanomial *c = &p->counts;
    p->basis = PAIRING_PAIRS;
    p->n = c->n_pairs;
    p->score = c->score;
    p->score_low = c->score_low;
    p->score_high = c->score_high;
    p->elo_finite = c->elo_finite;
    p->elo = c->elo;
    p->error_finite = c->error_finite;
    p->elo_error = c->elo_error;
    p->nelo_finite = c->nelo_finite;
    p->nelo = c->nelo;
    p->los = c->los;
    p->margin_n = c->margin_pairs;
    p->margin = c->margin;
    p->margin_interval = c->margin_interval;
    p->margin_low = c->margin_low;
    p->margin_high = c->margin_high;
    double se = c->n_pairs > 0 ? sqrt(c->variance / c->n_pairs) : 0;
    p->score_z_finite = se > 0;
    p->score_z = se > 0 ? (c->score - 0.5) / se : 0;
    const struct margin *m = &c->pair_margins;
    p->margin_t_finite = m->effect_finite;
    p->margin_t = m->effect;
    p->margin_t_low = m->effect_low;
    p->margin_t_high = m->effect_high;
    p->margin_z = m->z;
    p->margin_los = m->los;
    p->score_rho_finite = c->score_rho_finite;
    p->score_rho = c->score_rho;
    p->margin_rho_finite = c->margin_rho_finite;
    p->margin_rho = c->margin_rho;
}

/* Without pairs: the parties as independent. A partie scoring 0, 1/2 or 1
 * is a "pair" in cells LL, WL/DD or WW whose value a is that score, so
 * pentanomial_compute() gives the trinomial score, interval, Elo and LOS.
 * Only nElo needs a correction: its sqrt(2 var) is the per-partie spread
 * of a pair of two parties; for one partie it is sqrt(var). */
static void use_parties(struct pairing *p, const struct ratings_partie *slice,
                        size_t n)
{
    struct pentanomial t = { 0 };
    t.pairs[0] = p->counts.losses;
    t.pairs[2] = p->counts.draws;
    t.pairs[4] = p->counts.wins;
    pentanomial_compute(&t);
    p->basis = PAIRING_PARTIES;
    p->n = t.n_pairs;
    p->score = t.score;
    p->score_low = t.score_low;
    p->score_high = t.score_high;
    p->elo_finite = t.elo_finite;
    p->elo = t.elo;
    p->error_finite = t.error_finite;
    p->elo_error = t.elo_error;
    p->nelo_finite = t.nelo_finite;
    p->nelo = t.nelo * sqrt(2.0);
    p->los = t.los;

    double sum = 0, sum2 = 0;
    int k = 0;
    for (size_t i = 0; i < n; i++) {
        if (!slice[i].has_points) continue;
        double m = slice[i].first == p->counts.bot ? slice[i].points : -slice[i].points;
        sum += m;
        sum2 += m * m;
        k++;
    }
    p->margin_n = k;
    if (k == 0) return;
    p->margin = sum / k;
    p->margin_interval = k >= 2;
    double half = 0;
    if (k >= 2) half = Z95 * sqrt(fmax(0, (sum2 - k * p->margin * p->margin) / (k - 1)) / k);
    p->margin_low = p->margin - half;
    p->margin_high = p->margin + half;
}

void pairings_release(struct pairings *self)
{
    free(self->items);
    *self = (struct pairings){ 0 };
}

int pairings_tally(struct pairings *self, const struct ratings_partie *parties,
                   size_t n_parties, const int *order, int n_bots, char *err,
                   size_t err_size)
{
    size_t n = (size_t)n_bots, keys = n * n;
    int *place = malloc(sizeof *place * (n + 1));
    size_t *start = calloc(keys + 1, sizeof *start);
    struct ratings_partie *sorted = malloc(sizeof *sorted * (n_parties + 1));
    int rc = -1;

    *self = (struct pairings){ 0 };
    if (!place || !start || !sorted) goto oom;
    for (int k = 0; k < n_bots; k++) place[order[k]] = k;

    /* key = upper place * n + lower place; start[key + 1] counts first. */
    for (size_t i = 0; i < n_parties; i++) {
        int a = place[parties[i].first], b = place[parties[i].second];
        if (a == b) continue;
        size_t key = a < b ? (size_t)a * n + (size_t)b : (size_t)b * n + (size_t)a;
        if (start[key + 1]++ == 0) self->n++;
    }
    for (size_t key = 0; key < keys; key++) start[key + 1] += start[key];
    self->items = calloc(self->n + 1, sizeof *self->items);
    if (!self->items) goto oom;
    {
        size_t *fill = malloc(sizeof *fill * (keys + 1));
        if (!fill) goto oom;
        memcpy(fill, start, sizeof *fill * (keys + 1));
        for (size_t i = 0; i < n_parties; i++) {
            int a = place[parties[i].first], b = place[parties[i].second];
            if (a == b) continue;
            size_t key = a < b ? (size_t)a * n + (size_t)b : (size_t)b * n + (size_t)a;
            sorted[fill[key]++] = parties[i];
        }
        free(fill);
    }

    size_t item = 0;
    for (size_t key = 0; key < keys; key++) {
        size_t count = start[key + 1] - start[key];
        if (count == 0) continue;
        struct pairing *p = &self->items[item++];
        const struct ratings_partie *slice = sorted + start[key];
        int bot = order[key / n], opponent = order[key % n];
        if (pentanomial_tally(&p->counts, slice, count, bot, opponent, err, err_size) < 0)
            goto out;
        if (p->counts.n_pairs > 0) use_pairs(p);
        else use_parties(p, slice, count);
    }
    rc = 0;
    goto out;
oom:
    snprintf(err, err_size, "head-to-head: out of memory");
out:
    free(place);
    free(start);
    free(sorted);
    if (rc < 0) pairings_release(self);
    return rc;
}

static const char *basis_name(enum pairing_basis basis)
{
    return basis == PAIRING_PAIRS ? "pairs" : "parties";
}

/* Elo as text: the number, or +inf / -inf for a score of 1 or 0. */
static int set_elo(struct table *t, int column, const struct pairing *p)
{
    if (!p->elo_finite) return table_set(t, column, p->score > 0.5 ? "+inf" : "-inf");
    if (!p->error_finite) return table_setf(t, column, "%+.1f +- inf", p->elo);
    return table_setf(t, column, "%+.1f +- %.1f", p->elo, p->elo_error);
}

int pairings_print_text(const struct pairings *self, const char *const *names,
                        FILE *out)
{
    static const char *const headers[] = {
        "bot", "opponent", "parties", "W-D-L", "LL-LD-WL/DD-DW-WW", "from", "score",
        "Elo +- 95%", "nElo", "LOS", "margin (95%)", "margin t (95%)", "margin LOS", "rho score/margin"
    };
    enum { N = sizeof headers / sizeof headers[0] };
    struct table t;
    int bad = 0;
    if (self->n == 0) return fputs("no two bots played each other\n", out) == EOF ? -1 : 0;
    if (table_init(&t, N) < 0) return -1;
    for (int c = 0; c < N; c++)
        bad |= table_column(&t, c, headers[c], c < 2 ? TABLE_LEFT : TABLE_RIGHT,
                            c < 2 ? NAME_COLUMNS : 0);
    for (size_t k = 0; k < self->n && !bad; k++) {
        const struct pairing *p = &self->items[k];
        const struct pentanomial *c = &p->counts;
        bad |= table_add_row(&t);
        bad |= table_set(&t, 0, names[c->bot]);
        bad |= table_set(&t, 1, names[c->opponent]);
        bad |= table_setf(&t, 2, "%d", c->wins + c->draws + c->losses);
        bad |= table_setf(&t, 3, "%d-%d-%d", c->wins, c->draws, c->losses);
        if (c->n_pairs > 0)
            bad |= table_setf(&t, 4, "%d-%d-%d-%d-%d", c->pairs[0], c->pairs[1],
                              c->pairs[2], c->pairs[3], c->pairs[4]);
        else
            bad |= table_set(&t, 4, "-");
        bad |= table_setf(&t, 5, "%d %s", p->n, p->n != 1 ? basis_name(p->basis)
                          : p->basis == PAIRING_PAIRS ? "pair" : "partie");
        bad |= table_setf(&t, 6, "%.1f%%", 100 * p->score);
        bad |= set_elo(&t, 7, p);
        if (p->nelo_finite) bad |= table_setf(&t, 8, "%+.1f", p->nelo);
        else bad |= table_set(&t, 8, p->score > 0.5 ? "+inf" : "-inf");
        bad |= table_setf(&t, 9, "%.1f%%", 100 * p->los);
        if (p->margin_n == 0) bad |= table_set(&t, 10, "-");
        else if (!p->margin_interval) bad |= table_setf(&t, 10, "%+.1f", p->margin);
        else bad |= table_setf(&t, 10, "%+.1f (%+.1f..%+.1f)", p->margin,
                               p->margin_low, p->margin_high);
        if (p->margin_t_finite) {
            bad |= table_setf(&t, 11, "%+.2f (%+.2f..%+.2f)", p->margin_t, p->margin_t_low, p->margin_t_high);
            bad |= table_setf(&t, 12, "%.1f%%", 100 * p->margin_los);
        } else {
            bad |= table_set(&t, 11, "-");
            bad |= table_set(&t, 12, "-");
        }
        char rho[2][16] = { "-", "-" };
        if (p->score_rho_finite) snprintf(rho[0], sizeof rho[0], "%+.2f", p->score_rho);
        if (p->margin_rho_finite) snprintf(rho[1], sizeof rho[1], "%+.2f", p->margin_rho);
        bad |= table_setf(&t, 13, "%s/%s", rho[0], rho[1]);
    }
    int rc = bad || table_print_text(&t, out, "") < 0 ? -1 : 0;
    table_release(&t);
    if (rc == 0)
        rc = fputs("\nscore, Elo, nElo, LOS and margin (settlement points per partie) are "
                   "from the first bot's side;\n'from' says whether they use duplicate "
                   "pairs (pentanomial) or parties taken as independent.\nmargin t is "
                   "the pairs' mean margin over its sd (docs/statistics.md 4a); rho is "
                   "the duplicate efficiency\nof the score and of the margin: duplicate "
                   "pairs need 1 + rho times the parties of independent play.\n", out) == EOF
                 ? -1 : 0;
    return rc;
}

int pairings_print_csv(const struct pairings *self, const char *const *names,
                       FILE *out)
{
    static const char *const headers[] = {
        "bot", "opponent", "parties", "wins", "draws", "losses", "ll", "ld", "wl_dd",
        "dw", "ww", "unpaired", "basis", "n", "score", "score_low", "score_high", "elo",
        "elo_error", "nelo", "los", "margin", "margin_low", "margin_high", "margin_n",
        "score_z", "margin_t", "margin_t_low", "margin_t_high", "margin_z", "margin_los", "rho_score",
        "rho_margin"
    };
    enum { N = sizeof headers / sizeof headers[0] };
    struct table t;
    int bad = 0;
    if (table_init(&t, N) < 0) return -1;
    for (int c = 0; c < N; c++) bad |= table_column(&t, c, headers[c], TABLE_LEFT, 0);
    for (size_t k = 0; k < self->n && !bad; k++) {
        const struct pairing *p = &self->items[k];
        const struct pentanomial *c = &p->counts;
        bad |= table_add_row(&t);
        bad |= table_set(&t, 0, names[c->bot]);
        bad |= table_set(&t, 1, names[c->opponent]);
        bad |= table_setf(&t, 2, "%d", c->wins + c->draws + c->losses);
        bad |= table_setf(&t, 3, "%d", c->wins);
        bad |= table_setf(&t, 4, "%d", c->draws);
        bad |= table_setf(&t, 5, "%d", c->losses);
        for (int i = 0; i < PENTANOMIAL_CELLS; i++)
            bad |= table_setf(&t, 6 + i, "%d", c->pairs[i]);
        bad |= table_setf(&t, 11, "%d", c->unpaired);
        bad |= table_set(&t, 12, basis_name(p->basis));
        bad |= table_setf(&t, 13, "%d", p->n);
        bad |= table_setf(&t, 14, "%.6f", p->score);
        bad |= table_setf(&t, 15, "%.6f", p->score_low);
        bad |= table_setf(&t, 16, "%.6f", p->score_high);
        if (p->elo_finite) bad |= table_setf(&t, 17, "%.4f", p->elo);
        if (p->elo_finite && p->error_finite) bad |= table_setf(&t, 18, "%.4f", p->elo_error);
        if (p->nelo_finite) bad |= table_setf(&t, 19, "%.4f", p->nelo);
        bad |= table_setf(&t, 20, "%.6f", p->los);
        if (p->margin_n > 0) {
            bad |= table_setf(&t, 21, "%.4f", p->margin);
            bad |= table_setf(&t, 22, "%.4f", p->margin_low);
            bad |= table_setf(&t, 23, "%.4f", p->margin_high);
        }
        bad |= table_setf(&t, 24, "%d", p->margin_n);
        if (p->score_z_finite) bad |= table_setf(&t, 25, "%.4f", p->score_z);
        if (p->margin_t_finite) {
            bad |= table_setf(&t, 26, "%.6f", p->margin_t);
            bad |= table_setf(&t, 27, "%.6f", p->margin_t_low);
            bad |= table_setf(&t, 28, "%.6f", p->margin_t_high);
            bad |= table_setf(&t, 29, "%.4f", p->margin_z);
            bad |= table_setf(&t, 30, "%.6f", p->margin_los);
        }
        if (p->score_rho_finite) bad |= table_setf(&t, 31, "%.6f", p->score_rho);
        if (p->margin_rho_finite) bad |= table_setf(&t, 32, "%.6f", p->margin_rho);
    }
    int rc = bad || table_print_csv(&t, out) < 0 ? -1 : 0;
    table_release(&t);
    return rc;
}

static bool add_number(cJSON *object, const char *key, bool present, double value)
{
    return present ? cJSON_AddNumberToObject(object, key, value) != NULL
                   : cJSON_AddNullToObject(object, key) != NULL;
}

static bool add_pairing(cJSON *array, const struct pairing *p, const char *const *names)
{
    const struct pentanomial *c = &p->counts;
    cJSON *o = cJSON_CreateObject();
    if (!o || !cJSON_AddItemToArray(array, o)) {
        cJSON_Delete(o);
        return false;
    }
    cJSON *cells = cJSON_AddArrayToObject(o, "pentanomial");
    if (!cells) return false;
    for (int i = 0; i < PENTANOMIAL_CELLS; i++) {
        cJSON *cell = cJSON_CreateNumber(c->pairs[i]);
        if (!cell || !cJSON_AddItemToArray(cells, cell)) {
            cJSON_Delete(cell);
            return false;
        }
    }
    bool ok = cJSON_AddStringToObject(o, "bot", names[c->bot]) &&
              cJSON_AddStringToObject(o, "opponent", names[c->opponent]) &&
              add_number(o, "parties", true, c->wins + c->draws + c->losses) &&
              add_number(o, "wins", true, c->wins) &&
              add_number(o, "draws", true, c->draws) &&
              add_number(o, "losses", true, c->losses) &&
              add_number(o, "unpaired", true, c->unpaired) &&
              cJSON_AddStringToObject(o, "basis", basis_name(p->basis)) &&
              add_number(o, "n", true, p->n) &&
              add_number(o, "score", true, p->score) &&
              add_number(o, "score_low", true, p->score_low) &&
              add_number(o, "score_high", true, p->score_high) &&
              add_number(o, "elo", p->elo_finite, p->elo) &&
              add_number(o, "elo_error", p->elo_finite && p->error_finite, p->elo_error) &&
              add_number(o, "nelo", p->nelo_finite, p->nelo) &&
              add_number(o, "los", true, p->los) &&
              add_number(o, "score_z", p->score_z_finite, p->score_z);
    if (!ok) return false;
    cJSON *rho = cJSON_AddObjectToObject(o, "rho");
    if (!rho || !add_number(rho, "score", p->score_rho_finite, p->score_rho) ||
        !add_number(rho, "margin", p->margin_rho_finite, p->margin_rho))
        return false;
    if (p->margin_n == 0) return cJSON_AddNullToObject(o, "margin") != NULL;
    cJSON *m = cJSON_AddObjectToObject(o, "margin");
    return m && add_number(m, "mean", true, p->margin) &&
           add_number(m, "low", true, p->margin_low) &&
           add_number(m, "high", true, p->margin_high) &&
           add_number(m, "n", true, p->margin_n) &&
           add_number(m, "t", p->margin_t_finite, p->margin_t) &&
           add_number(m, "t_low", p->margin_t_finite, p->margin_t_low) &&
           add_number(m, "t_high", p->margin_t_finite, p->margin_t_high) &&
           add_number(m, "z", p->margin_t_finite, p->margin_z) &&
           add_number(m, "los", p->margin_t_finite, p->margin_los);
}

cJSON *pairings_json(const struct pairings *self, const char *const *names)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *array = root ? cJSON_AddArrayToObject(root, "pairings") : NULL;
    bool ok = array != NULL;
    for (size_t k = 0; ok && k < self->n; k++) ok = add_pairing(array, &self->items[k], names);
    if (!ok) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

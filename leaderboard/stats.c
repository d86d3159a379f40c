/* stats.c - snapshots of the standings from the stored parties (stats.h).
 *
 * The stored parties are read once into a tally: the fit's input (struct
 * results, filled by results_read_journal() from compact journal lines, so
 * that the fit sees exactly what `arena ratings` would see for the same
 * journals), the row each fitted partie came from, and
 * per-bot and per-pairing counts. The JSON trees are built with cJSON,
 * printed once, and the tree of each bot is kept for GET /bots/{name}.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/ratings.h"
#include "arena/results.h"
#include "arena/standings.h"
#include "leaderboard/api.h"
#include "leaderboard/stats.h"

/* One stored partie as the tally keeps it. */
struct row {
    long long seq;
    char *run, *names[2], *posted, *faults[2];
    int first_dealer, winner, settlement;
    char *seed;          /* decimal text */
    int bot[2];          /* bot index of A and B once read */
};

struct pairing {
    int parties, wins, draws, losses; /* of the row bot against the column bot */
};

struct tally {
    struct row *rows;
    size_t n_rows, cap;
    struct results res;
    size_t *row_of;      /* fitted partie k came from rows[row_of[k]] */
    int n_bots;
    struct pairing *pairs;  /* n_bots^2 */
    int *wins, *draws, *losses;
    long *settlement;
    cJSON *faults;       /* array: per bot {kind: count} */
};

static char *dup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

static int collect(const struct store_row *r, void *ctx)
{
    struct tally *t = ctx;
    if (t->n_rows == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 256;
        struct row *rows = realloc(t->rows, cap * sizeof *rows);
        if (!rows) return 1;
        t->rows = rows;
        t->cap = cap;
    }
    struct row *row = &t->rows[t->n_rows];
    memset(row, 0, sizeof *row);
    row->seq = r->seq;
    row->first_dealer = r->first_dealer;
    row->winner = r->winner;
    row->settlement = r->settlement;
    t->n_rows++;
    if (!(row->run = dup(r->run)) || !(row->names[0] = dup(r->players[0])) ||
        !(row->names[1] = dup(r->players[1])) || !(row->posted = dup(r->posted)) ||
        !(row->seed = dup(r->seed)) || !(row->faults[0] = dup(r->faults[0])) || !(row->faults[1] = dup(r->faults[1])))
        return 1;
    return 0;
}

static void tally_release(struct tally *t)
{
    for (size_t i = 0; i < t->n_rows; i++) {
        free(t->rows[i].run);
        free(t->rows[i].names[0]);
        free(t->rows[i].names[1]);
        free(t->rows[i].posted);
        free(t->rows[i].seed);
        free(t->rows[i].faults[0]);
        free(t->rows[i].faults[1]);
    }
    free(t->rows);
    results_release(&t->res);
    free(t->row_of);
    free(t->pairs);
    free(t->wins);
    free(t->draws);
    free(t->losses);
    free(t->settlement);
    cJSON_Delete(t->faults);
    memset(t, 0, sizeof *t);
}

/* A JSON string (names hold no control characters, check.h). */
static int put_string(FILE *f, const char *s)
{
    if (fputc('"', f) == EOF) return -1;
    for (; *s; s++) {
        if ((*s == '"' || *s == '\\') && fputc('\\', f) == EOF) return -1;
        if (fputc(*s, f) == EOF) return -1;
    }
    return fputc('"', f) == EOF ? -1 : 0;
}

/* The fit's input: every stored partie as a journal line, in insertion
 * order, read by the arena's journal reader (the run is part of a duplicate
 * pair's identity there, so pairs never span runs). */
static int read_parties(struct tally *t, char *err, size_t cap)
{
    char *text = NULL;
    size_t len = 0;
    int bad = 0;
    if (t->n_rows == 0) return 0;
    t->row_of = malloc(t->n_rows * sizeof *t->row_of);
    FILE *f = t->row_of ? open_memstream(&text, &len) : NULL;
    if (!f) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    for (size_t k = 0; k < t->n_rows; k++) {
        const struct row *r = &t->rows[k];
        bad |= fprintf(f, "{\"type\":\"partie\",\"run\":\"%s\",\"seed\":\"%s\",\"first_dealer\":\"%c\","
                          "\"players\":{\"A\":", r->run, r->seed, r->first_dealer ? 'B' : 'A') < 0;
        bad |= put_string(f, r->names[0]) < 0;
        bad |= fputs(",\"B\":", f) == EOF;
        bad |= put_string(f, r->names[1]) < 0;
        bad |= fprintf(f, "},\"winner\":%s,\"settlement\":%d}\n",
                       r->winner < 0 ? "null" : r->winner ? "\"B\"" : "\"A\"", r->settlement) < 0;
    }
    if (fclose(f) != 0 || bad) {
        free(text);
        snprintf(err, cap, "out of memory");
        return -1;
    }
    FILE *in = fmemopen(text, len, "r");
    int rc = in ? results_read_journal(&t->res, in, "the store", err, cap) : -1;
    if (!in) snprintf(err, cap, "out of memory");
    else fclose(in);
    free(text);
    if (rc < 0) return -1;
    if (t->res.n_parties != t->n_rows) {
        snprintf(err, cap, "%zu parties read of %zu", t->res.n_parties, t->n_rows);
        return -1;
    }
    for (size_t k = 0; k < t->n_rows; k++) {
        const struct ratings_partie *p = &t->res.parties[k];
        int first = t->rows[k].first_dealer;
        t->row_of[k] = k;
        t->rows[k].bot[first] = p->first;
        t->rows[k].bot[1 - first] = p->second;
    }
    return 0;
}

/* Adds {kind: count} of one record to a bot's fault counts. */
static int add_faults(cJSON *into, const char *json)
{
    cJSON *kinds = cJSON_Parse(json), *kind;
    int rc = kinds ? 0 : -1;
    cJSON_ArrayForEach(kind, kinds) {
        if (!cJSON_IsNumber(kind)) continue;
        cJSON *have = cJSON_GetObjectItemCaseSensitive(into, kind->string);
        if (have) cJSON_SetNumberValue(have, have->valuedouble + kind->valuedouble);
        else if (!cJSON_AddNumberToObject(into, kind->string, kind->valuedouble)) rc = -1;
    }
    cJSON_Delete(kinds);
    return rc;
}

static int tally_load(struct tally *t, struct store *store, char *err, size_t cap)
{
    memset(t, 0, sizeof *t);
    results_init(&t->res);
    if (store_each(store, collect, t, err, cap) < 0) return -1;
    if (t->n_rows && !t->rows[t->n_rows - 1].faults[1]) goto oom;
    if (read_parties(t, err, cap) < 0) return -1;
    int n = t->n_bots = t->res.n_bots;
    size_t nn = (size_t)n * (size_t)n + 1;
    t->pairs = calloc(nn, sizeof *t->pairs);
    t->wins = calloc((size_t)n + 1, sizeof(int));
    t->draws = calloc((size_t)n + 1, sizeof(int));
    t->losses = calloc((size_t)n + 1, sizeof(int));
    t->settlement = calloc((size_t)n + 1, sizeof(long));
    t->faults = cJSON_CreateArray();
    if (!t->pairs || !t->wins || !t->draws || !t->losses || !t->settlement || !t->faults) goto oom;
    for (int i = 0; i < n; i++)
        if (!cJSON_AddItemToArray(t->faults, cJSON_CreateObject())) goto oom;
    for (size_t k = 0; k < t->n_rows; k++) {
        const struct row *r = &t->rows[k];
        for (int p = 0; p < 2; p++) {
            int me = r->bot[p], other = r->bot[1 - p];
            struct pairing *pr = &t->pairs[me * n + other];
            pr->parties++;
            if (r->winner < 0) {
                t->draws[me]++;
                pr->draws++;
            } else if (r->winner == p) {
                t->wins[me]++;
                pr->wins++;
                t->settlement[me] += r->settlement;
            } else {
                t->losses[me]++;
                pr->losses++;
                t->settlement[me] -= r->settlement;
            }
            if (add_faults(cJSON_GetArrayItem(t->faults, me), r->faults[p]) < 0) goto oom;
        }
    }
    return 0;
oom:
    snprintf(err, cap, "out of memory");
    return -1;
}

static double fault_total(const cJSON *kinds)
{
    double sum = 0;
    const cJSON *kind;
    cJSON_ArrayForEach(kind, kinds) sum += kind->valuedouble;
    return sum;
}

static cJSON *number_or_null(int rated, double v)
{
    return rated ? cJSON_CreateNumber(v) : cJSON_CreateNull();
}

static char *print(cJSON *root, size_t *len)
{
    char *text = api_json_harden(root ? cJSON_PrintUnformatted(root) : NULL);
    if (text) *len = strlen(text);
    return text;
}

/* {"bots": [...], "cells": [[...]]} in standings order. */
static cJSON *crosstable(const struct tally *t, const struct standings *s, const struct ratings *r)
{
    int n = t->n_bots, ok = 1;
    cJSON *root = cJSON_CreateObject();
    cJSON *bots = cJSON_AddArrayToObject(root, "bots");
    cJSON *cells = cJSON_AddArrayToObject(root, "cells");
    if (!bots || !cells) ok = 0;
    for (int a = 0; ok && a < n; a++) {
        int i = s->order[a];
        cJSON *row = cJSON_CreateArray();
        ok = cJSON_AddItemToArray(bots, cJSON_CreateString(r->names[i])) && cJSON_AddItemToArray(cells, row);
        for (int b = 0; ok && b < n; b++) {
            int j = s->order[b];
            const struct pairing *p = &t->pairs[i * n + j];
            if (i == j || p->parties == 0) {
                ok = cJSON_AddItemToArray(row, cJSON_CreateNull());
                continue;
            }
            cJSON *cell = cJSON_CreateObject();
            ok = cJSON_AddItemToArray(row, cell);
            int comparable = r->status[i] == RATINGS_RATED && r->status[j] == RATINGS_RATED &&
                             r->group[i] == r->group[j];
            double los = r->los[i * n + j];
            ok = ok && cJSON_AddNumberToObject(cell, "parties", p->parties) &&
                 cJSON_AddNumberToObject(cell, "wins", p->wins) && cJSON_AddNumberToObject(cell, "draws", p->draws) &&
                 cJSON_AddNumberToObject(cell, "losses", p->losses) &&
                 cJSON_AddNumberToObject(cell, "score_pct", 100.0 * (p->wins + 0.5 * p->draws) / p->parties) &&
                 cJSON_AddItemToObject(cell, "los", number_or_null(comparable, los));
            if (ok && comparable && (los > 0.975 || los < 0.025))
                ok = cJSON_AddStringToObject(cell, "significant", los > 0.975 ? "better" : "worse") != NULL;
            else if (ok)
                ok = cJSON_AddNullToObject(cell, "significant") != NULL;
        }
    }
    if (!ok) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

/* Each bot's object of GET /bots/{name} (without its history). */
static cJSON *bot_pages(const struct tally *t, const struct standings *s, const struct ratings *r)
{
    int n = t->n_bots, ok = 1;
    cJSON *pages = cJSON_CreateObject();
    for (int a = 0; pages && ok && a < n; a++) {
        int i = s->order[a], rated = r->status[i] == RATINGS_RATED;
        cJSON *bot = cJSON_CreateObject();
        ok = cJSON_AddItemToObject(pages, r->names[i], bot) && cJSON_AddStringToObject(bot, "name", r->names[i]) &&
             cJSON_AddItemToObject(bot, "rank", number_or_null(rated, s->rank[i])) &&
             cJSON_AddStringToObject(bot, "status", rated ? "rated" : ratings_status_name(r->status[i])) &&
             cJSON_AddItemToObject(bot, "rating", number_or_null(rated, r->rating[i])) &&
             cJSON_AddItemToObject(bot, "ci_low", number_or_null(rated, r->low[i])) &&
             cJSON_AddItemToObject(bot, "ci_high", number_or_null(rated, r->high[i])) &&
             cJSON_AddNumberToObject(bot, "parties", t->wins[i] + t->draws[i] + t->losses[i]) &&
             cJSON_AddNumberToObject(bot, "wins", t->wins[i]) && cJSON_AddNumberToObject(bot, "draws", t->draws[i]) &&
             cJSON_AddNumberToObject(bot, "losses", t->losses[i]) &&
             cJSON_AddNumberToObject(bot, "settlement", (double)t->settlement[i]) &&
             cJSON_AddItemToObject(bot, "faults", cJSON_Duplicate(cJSON_GetArrayItem(t->faults, i), 1));
        cJSON *opponents = ok ? cJSON_AddArrayToObject(bot, "opponents") : NULL;
        ok = ok && opponents;
        for (int b = 0; ok && b < n; b++) {
            int j = s->order[b];
            const struct pairing *p = &t->pairs[i * n + j];
            if (i == j || p->parties == 0) continue;
            cJSON *o = cJSON_CreateObject();
            ok = cJSON_AddItemToArray(opponents, o) && cJSON_AddStringToObject(o, "name", r->names[j]) &&
                 cJSON_AddNumberToObject(o, "parties", p->parties) &&
                 cJSON_AddNumberToObject(o, "wins", p->wins) && cJSON_AddNumberToObject(o, "draws", p->draws) &&
                 cJSON_AddNumberToObject(o, "losses", p->losses) &&
                 cJSON_AddNumberToObject(o, "score_pct", 100.0 * (p->wins + 0.5 * p->draws) / p->parties);
        }
    }
    if (!ok || !pages) {
        cJSON_Delete(pages);
        return NULL;
    }
    return pages;
}

/* The standings of standings_json() with the per-bot counts added. */
static cJSON *standings(const struct tally *t, const struct standings *s, const struct ratings *r)
{
    cJSON *root = standings_json(s), *bot;
    int ok = root != NULL;
    cJSON_ArrayForEach(bot, cJSON_GetObjectItemCaseSensitive(root, "bots")) {
        int i = ratings_find(r, cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(bot, "name")));
        if (i < 0) {
            ok = 0;
            break;
        }
        ok = ok && cJSON_AddNumberToObject(bot, "wins", t->wins[i]) &&
             cJSON_AddNumberToObject(bot, "draws", t->draws[i]) &&
             cJSON_AddNumberToObject(bot, "losses", t->losses[i]) &&
             cJSON_AddNumberToObject(bot, "settlement", (double)t->settlement[i]) &&
             cJSON_AddNumberToObject(bot, "faults", fault_total(cJSON_GetArrayItem(t->faults, i)));
    }
    if (ok && t->n_rows) ok = cJSON_AddStringToObject(root, "updated", t->rows[t->n_rows - 1].posted) != NULL;
    else if (ok) ok = cJSON_AddNullToObject(root, "updated") != NULL;
    if (!ok) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

struct stats *stats_compute(struct store *store, char *err, size_t cap)
{
    struct tally t;
    struct standings s = { 0 };
    struct ratings *r = NULL;
    struct stats *self = calloc(1, sizeof *self);
    cJSON *tree = NULL;
    int ok = 0;
    if (!self) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    if (tally_load(&t, store, err, cap) < 0) goto out;
    r = ratings_fit(t.res.parties, t.res.n_parties, (const char *const *)t.res.names, t.res.n_bots, NULL, err, cap);
    if (!r) goto out;
    if (standings_init(&s, r) < 0) goto oom;
    self->parties = (long long)t.n_rows;
    tree = standings(&t, &s, r);
    if (!tree || !(self->standings = print(tree, &self->standings_len))) goto oom;
    cJSON_Delete(tree);
    tree = crosstable(&t, &s, r);
    if (!tree || !(self->crosstable = print(tree, &self->crosstable_len))) goto oom;
    if (!(self->bots = bot_pages(&t, &s, r))) goto oom;
    ok = 1;
    goto out;
oom:
    snprintf(err, cap, "out of memory");
out:
    cJSON_Delete(tree);
    standings_release(&s);
    ratings_free(r);
    tally_release(&t);
    if (!ok) {
        stats_free(self);
        return NULL;
    }
    return self;
}

void stats_free(struct stats *self)
{
    if (!self) return;
    cJSON_free(self->standings);
    cJSON_free(self->crosstable);
    cJSON_Delete(self->bots);
    free(self);
}

struct stats_history *stats_history_compute(struct store *store, char *err, size_t cap)
{
    struct tally t;
    struct stats_history *self = calloc(1, sizeof *self);
    struct ratings_partie *prefix = NULL;
    cJSON *root = NULL;
    int ok = 0;
    if (!self) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    if (tally_load(&t, store, err, cap) < 0) goto out;
    size_t n = t.res.n_parties;
    int points = n < STATS_HISTORY_POINTS ? (int)n : STATS_HISTORY_POINTS;
    root = cJSON_CreateObject();
    cJSON *list = cJSON_AddArrayToObject(root, "points");
    self->per_bot = cJSON_CreateObject();
    prefix = malloc((n + 1) * sizeof *prefix);
    if (!list || !self->per_bot || !prefix) goto oom;
    for (int i = 0; i < t.res.n_bots; i++)
        if (!cJSON_AddArrayToObject(self->per_bot, t.res.names[i])) goto oom;
    for (int k = 1; k <= points; k++) {
        size_t upto = (n * (size_t)k + (size_t)points - 1) / (size_t)points, m = 0;  /* rows 0..upto-1 */
        for (size_t p = 0; p < n; p++)
            if (t.row_of[p] < upto) prefix[m++] = t.res.parties[p];
        struct ratings *r = ratings_fit(prefix, m, (const char *const *)t.res.names, t.res.n_bots, NULL, err, cap);
        if (!r) goto out;
        cJSON *point = cJSON_CreateObject();
        cJSON *ratings = point ? cJSON_CreateObject() : NULL;
        int good = cJSON_AddItemToArray(list, point) && cJSON_AddNumberToObject(point, "parties", (double)upto) &&
                   cJSON_AddItemToObject(point, "ratings", ratings);
        for (int i = 0; good && i < t.res.n_bots; i++) {
            int rated = r->status[i] == RATINGS_RATED;
            cJSON *h = cJSON_CreateObject();
            good = cJSON_AddItemToObject(ratings, t.res.names[i], number_or_null(rated, r->rating[i])) &&
                   cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(self->per_bot, t.res.names[i]), h) &&
                   cJSON_AddNumberToObject(h, "parties", (double)upto) &&
                   cJSON_AddItemToObject(h, "rating", number_or_null(rated, r->rating[i]));
        }
        ratings_free(r);
        if (!good) goto oom;
    }
    if (!(self->json = print(root, &self->len))) goto oom;
    ok = 1;
    goto out;
oom:
    snprintf(err, cap, "out of memory");
out:
    free(prefix);
    cJSON_Delete(root);
    tally_release(&t);
    if (!ok) {
        stats_history_free(self);
        return NULL;
    }
    return self;
}

void stats_history_free(struct stats_history *self)
{
    if (!self) return;
    cJSON_free(self->json);
    cJSON_Delete(self->per_bot);
    free(self);
}

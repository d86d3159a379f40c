/* stats.c - snapshots of the standings from the stored parties (stats.h).
 *
 * The stored parties are read once, as partie records (the store's
 * columns, store.h), into a tally: the fit's input (struct results, filled
 * by results_add_records(), so that the fit sees exactly what `arena
 * ratings` would see for the same journals) and per-bot and per-pairing
 * counts. Stored partie k is fitted partie k. The JSON trees are built
 * with cJSON, printed once, and the tree of each bot is kept for
 * GET /bots/{name}.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "leaderboard/api.h"
#include "leaderboard/stats.h"
#include "protocol/codec.h"
#include "records/results.h"
#include "stats/ratings.h"
#include "stats/standings.h"

struct pairing {
    int parties, wins, draws, losses; /* of the row bot against the column bot */
};

struct tally {
    struct record_partie *parties;   /* every stored partie, in insertion order */
    char **names;        /* per partie: its run, A and B in one block, owned */
    size_t n, cap;
    char *updated;       /* when the last partie was posted, owned */
    int collect_failed;  /* out of memory while collecting */
    struct results res;
    int n_bots;
    struct pairing *pairs;  /* n_bots^2 */
    int *wins, *draws, *losses;
    long *settlement;
    int (*faults)[CODEC_FAULTS];   /* per bot, per kind */
};

/* A stored partie kept: its strings copied into one block. */
static int collect(const struct store_row *r, void *ctx)
{
    struct tally *t = ctx;
    const struct record_partie *p = &r->partie;
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 256;
        struct record_partie *parties = realloc(t->parties, cap * sizeof *parties);
        if (parties) t->parties = parties;
        char **names = parties ? realloc(t->names, cap * sizeof *names) : NULL;
        if (!names) return t->collect_failed = 1;
        t->names = names;
        t->cap = cap;
    }
    size_t lens[3] = { strlen(p->run) + 1, strlen(p->players[0]) + 1, strlen(p->players[1]) + 1 };
    char *block = malloc(lens[0] + lens[1] + lens[2]), *updated = strdup(r->posted);
    if (!block || !updated) {
        free(block);
        free(updated);
        return t->collect_failed = 1;
    }
    struct record_partie *kept = &t->parties[t->n];
    *kept = *p;
    kept->run = memcpy(block, p->run, lens[0]);
    kept->players[0] = memcpy(block + lens[0], p->players[0], lens[1]);
    kept->players[1] = memcpy(block + lens[0] + lens[1], p->players[1], lens[2]);
    t->names[t->n++] = block;
    free(t->updated);
    t->updated = updated;
    return 0;
}

static void tally_release(struct tally *t)
{
    for (size_t i = 0; i < t->n; i++) free(t->names[i]);
    free(t->names);
    free(t->parties);
    free(t->updated);
    results_release(&t->res);
    free(t->pairs);
    free(t->wins);
    free(t->draws);
    free(t->losses);
    free(t->settlement);
    free(t->faults);
    memset(t, 0, sizeof *t);
}

static int tally_load(struct tally *t, struct store *store, char *err, size_t cap)
{
    memset(t, 0, sizeof *t);
    results_init(&t->res);
    if (store_each(store, collect, t, err, cap) < 0) return -1;
    if (t->collect_failed) goto oom;
    if (results_add_records(&t->res, t->parties, t->n, "the store", err, cap) < 0) return -1;
    int n = t->n_bots = t->res.n_bots;
    size_t nn = (size_t)n * (size_t)n + 1;
    t->pairs = calloc(nn, sizeof *t->pairs);
    t->wins = calloc((size_t)n + 1, sizeof(int));
    t->draws = calloc((size_t)n + 1, sizeof(int));
    t->losses = calloc((size_t)n + 1, sizeof(int));
    t->settlement = calloc((size_t)n + 1, sizeof(long));
    t->faults = calloc((size_t)n + 1, sizeof *t->faults);
    if (!t->pairs || !t->wins || !t->draws || !t->losses || !t->settlement || !t->faults) goto oom;
    for (size_t k = 0; k < t->n; k++) {
        const struct record_partie *r = &t->parties[k];
        const struct ratings_partie *fitted = &t->res.parties[k];
        int bot[2];
        bot[r->first_dealer] = fitted->first;
        bot[1 - r->first_dealer] = fitted->second;
        for (int p = 0; p < 2; p++) {
            int me = bot[p], other = bot[1 - p];
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
            for (int f = 0; f < CODEC_FAULTS; f++) t->faults[me][f] += r->faults[p][f];
        }
    }
    return 0;
oom:
    snprintf(err, cap, "out of memory");
    return -1;
}

static int fault_total(const int faults[CODEC_FAULTS])
{
    int sum = 0;
    for (int f = 0; f < CODEC_FAULTS; f++) sum += faults[f];
    return sum;
}

/* {kind: count} in the order of codec_fault_name(). */
static cJSON *faults_json(const int faults[CODEC_FAULTS])
{
    cJSON *o = cJSON_CreateObject();
    for (int f = 0; o && f < CODEC_FAULTS; f++)
        if (!cJSON_AddNumberToObject(o, codec_fault_name(f), faults[f])) {
            cJSON_Delete(o);
            return NULL;
        }
    return o;
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
             cJSON_AddItemToObject(bot, "faults", faults_json(t->faults[i]));
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
             cJSON_AddNumberToObject(bot, "faults", fault_total(t->faults[i]));
    }
    if (ok && t->n) ok = cJSON_AddStringToObject(root, "updated", t->updated) != NULL;
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
    self->parties = (long long)t.n;
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
        size_t upto = (n * (size_t)k + (size_t)points - 1) / (size_t)points, m = 0;  /* parties 0..upto-1 */
        for (size_t p = 0; p < upto; p++) prefix[m++] = t.res.parties[p];
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

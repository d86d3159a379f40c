/* stats.c - snapshots of the standings of one game from the stored
 * records (stats.h).
 *
 * Piquet's stored parties are read once, as partie records (the store's
 * columns, store.h), into a tally: the fit's input (struct results, filled
 * by results_add_records(), so that the fit sees exactly what `arena
 * ratings` would see for the same journals) and per-bot and per-pairing
 * counts. Stored partie k is fitted partie k. Another game's matches are
 * read from the store's match columns into the same tally: a game of two
 * entrants (two players, or two sides each held by one bot) as parties of
 * the entrant of the first dealer against the other, scored by the
 * winner, the first dealer's match points as the settlement, and the
 * duplicate set as the cluster; a game of N >= 3 players each for himself
 * as tables (stats/ratings.h ratings_fit_tables), seat s the player s
 * places after the first dealer. Stored match k is fitted party or table
 * k; a cluster is a duplicate set within its run. The JSON trees are built
 * with cJSON, printed once, and the tree of each bot is kept for
 * GET /bots/{name}.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "leaderboard/api.h"
#include "leaderboard/check.h"
#include "leaderboard/stats.h"
#include "protocol/codec.h"
#include "records/pgn.h"
#include "records/results.h"
#include "stats/pairings.h"
#include "stats/ratings.h"
#include "stats/setscore.h"
#include "stats/standings.h"

struct meeting {
    int parties, wins, draws, losses; /* of the row bot against the column bot */
};

/* A stored match as the tally keeps it, until its clusters are known. */
struct kept_match {
    char *run;           /* owned */
    int has_set;
    long set;
    int players, first_dealer, winner;
    int bot[GAME_MAX_PLAYERS];       /* each player's bot */
    long points[GAME_MAX_PLAYERS];
    int faults[GAME_MAX_PLAYERS][CODEC_FAULTS];
};

/* The rows of one game read from the store so far (stats.h). */
struct stats_rows {
    char game[STORE_GAME_KEY_MAX];
    char run[17];                    /* "": every run */
    int players;                     /* a match game's, as its key says */
    long long last_seq;              /* every row up to this seq is read */
    struct record_partie *parties;   /* Piquet's kept parties, in insertion order */
    char **names;        /* per partie: its run, A and B in one block, owned */
    size_t n, cap;
    char *updated;       /* when the last row kept was posted, owned */
    char (*posted)[24];  /* per row kept: when it was posted (cap) */
    int collect_failed;  /* out of memory while collecting */
    struct kept_match *matches;      /* another game's: n of them (cap) */
    char **bot_names;                /* m_bots, owned */
    int m_bots, bots_cap;
};

/* What one computation derives from the rows; the rows are borrowed. */
struct tally {
    const struct record_partie *parties;  /* the rows' */
    size_t n;
    const char *updated;
    const char (*posted)[24];        /* the rows' */
    struct results res;
    /* Another game's matches: */
    const struct game *game;
    int players, entrants;           /* entrants: 2, or `players` */
    int entrant[GAME_MAX_PLAYERS];   /* each player's */
    const struct kept_match *matches;  /* the rows' */
    char **bot_names;                /* the rows' */
    int m_bots;
    struct ratings_table *tables;    /* n of them when entrants >= 3 */
    struct ratings_partie *own_duels;  /* n of them when entrants == 2 */
    /* The fit's input, whatever the game: */
    const struct ratings_partie *duels;  /* n_fitted, or NULL */
    size_t n_fitted;                 /* duels or tables */
    char **fit_names;                /* n_bots */
    int n_bots;
    struct meeting *pairs;  /* n_bots^2 */
    int *wins, *draws, *losses;
    long *settlement;    /* Piquet: won minus lost settlement; a match game: match points */
    int *played;         /* parties or matches, per bot */
    int (*faults)[CODEC_FAULTS];   /* per bot, per kind */
};

/* A stored partie kept: its strings copied into one block. */
static int collect(const struct store_row *r, void *ctx)
{
    struct stats_rows *t = ctx;
    const struct record_partie *p = &r->partie;
    t->last_seq = r->seq;
    if (t->run[0] && strcmp(p->run, t->run)) return 0;
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 256;
        struct record_partie *parties = realloc(t->parties, cap * sizeof *parties);
        if (parties) t->parties = parties;
        char **names = parties ? realloc(t->names, cap * sizeof *names) : NULL;
        if (names) t->names = names;
        char (*posted)[24] = names ? realloc(t->posted, cap * sizeof *posted) : NULL;
        if (!posted) return t->collect_failed = 1;
        t->posted = posted;
        t->cap = cap;
    }
    snprintf(t->posted[t->n], sizeof t->posted[t->n], "%s", r->posted);
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

void stats_rows_free(struct stats_rows *t)
{
    if (!t) return;
    for (size_t i = 0; i < t->n && t->names; i++) free(t->names[i]);
    for (size_t i = 0; i < t->n && t->matches; i++) free(t->matches[i].run);
    for (int i = 0; i < t->m_bots; i++) free(t->bot_names[i]);
    free(t->bot_names);
    free(t->matches);
    free(t->names);
    free(t->parties);
    free(t->posted);
    free(t->updated);
    free(t);
}

static void tally_release(struct tally *t)
{
    free(t->tables);
    free(t->own_duels);
    free(t->played);
    results_release(&t->res);
    free(t->pairs);
    free(t->wins);
    free(t->draws);
    free(t->losses);
    free(t->settlement);
    free(t->faults);
    memset(t, 0, sizeof *t);
}

/* The per-bot and per-pairing arrays for t->n_bots bots. */
static int tally_arrays(struct tally *t)
{
    size_t n = (size_t)t->n_bots;
    t->pairs = calloc(n * n + 1, sizeof *t->pairs);
    t->wins = calloc(n + 1, sizeof(int));
    t->draws = calloc(n + 1, sizeof(int));
    t->losses = calloc(n + 1, sizeof(int));
    t->played = calloc(n + 1, sizeof(int));
    t->settlement = calloc(n + 1, sizeof(long));
    t->faults = calloc(n + 1, sizeof *t->faults);
    return t->pairs && t->wins && t->draws && t->losses && t->played && t->settlement && t->faults ? 0 : -1;
}

/* Counts one result of bot `me` against `other`: 1 win, 0.5 draw, 0 loss. */
static void count_pairing(struct tally *t, int me, int other, double score)
{
    struct meeting *pr = &t->pairs[me * t->n_bots + other];
    pr->parties++;
    if (score == 1) pr->wins++;
    else if (score == 0) pr->losses++;
    else pr->draws++;
}

static void count_result(struct tally *t, int me, int won, int drawn)
{
    t->played[me]++;
    if (won) t->wins[me]++;
    else if (drawn) t->draws[me]++;
    else t->losses[me]++;
}

static int tally_load_parties(struct tally *t, char *err, size_t cap)
{
    if (results_add_records(&t->res, t->parties, t->n, "the store", err, cap) < 0) return -1;
    t->n_bots = t->res.n_bots;
    t->fit_names = t->res.names;
    t->duels = t->res.parties;
    t->n_fitted = t->res.n_parties;
    if (tally_arrays(t) < 0) goto oom;
    int n = t->n_bots;
    for (size_t k = 0; k < t->n; k++) {
        const struct record_partie *r = &t->parties[k];
        const struct ratings_partie *fitted = &t->res.parties[k];
        int bot[2];
        bot[r->first_dealer] = fitted->first;
        bot[1 - r->first_dealer] = fitted->second;
        for (int p = 0; p < 2; p++) {
            int me = bot[p], other = bot[1 - p];
            count_pairing(t, me, other, r->winner < 0 ? 0.5 : r->winner == p ? 1 : 0);
            count_result(t, me, r->winner == p, r->winner < 0);
            if (r->winner >= 0) t->settlement[me] += r->winner == p ? r->settlement : -r->settlement;
            for (int f = 0; f < CODEC_FAULTS; f++) t->faults[me][f] += r->faults[p][f];
        }
    }
    (void)n;
    return 0;
oom:
    snprintf(err, cap, "out of memory");
    return -1;
}

/* The index of the bot called name among the match game's bots, added
 * when new; -1 when out of memory. */
static int bot_index(struct stats_rows *t, const char *name)
{
    for (int i = 0; i < t->m_bots; i++)
        if (!strcmp(t->bot_names[i], name)) return i;
    if (t->m_bots == t->bots_cap) {
        int cap = t->bots_cap ? 2 * t->bots_cap : 16;
        char **grown = realloc(t->bot_names, (size_t)cap * sizeof *grown);
        if (!grown) return -1;
        t->bot_names = grown;
        t->bots_cap = cap;
    }
    if (!(t->bot_names[t->m_bots] = strdup(name))) return -1;
    return t->m_bots++;
}

/* A stored match kept. */
static int collect_match(const struct store_match_row *r, void *ctx)
{
    struct stats_rows *t = ctx;
    t->last_seq = r->seq;
    if (r->players != t->players) return 0;   /* the key names the number of players */
    if (t->run[0] && strcmp(r->run, t->run)) return 0;
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 256;
        struct kept_match *grown = realloc(t->matches, cap * sizeof *grown);
        if (grown) t->matches = grown;
        char (*posted)[24] = grown ? realloc(t->posted, cap * sizeof *posted) : NULL;
        if (!posted) return t->collect_failed = 1;
        t->posted = posted;
        t->cap = cap;
    }
    snprintf(t->posted[t->n], sizeof t->posted[t->n], "%s", r->posted);
    struct kept_match *m = &t->matches[t->n];
    char *updated = strdup(r->posted);
    memset(m, 0, sizeof *m);
    m->run = strdup(r->run);
    if (!m->run || !updated) {
        free(m->run);
        free(updated);
        return t->collect_failed = 1;
    }
    t->n++;
    m->has_set = r->has_set;
    m->set = r->set;
    m->players = r->players;
    m->first_dealer = r->first_dealer;
    m->winner = r->winner;
    for (int p = 0; p < r->players; p++) {
        if ((m->bot[p] = bot_index(t, r->names[p])) < 0) {
            free(updated);
            return t->collect_failed = 1;
        }
        m->points[p] = r->points[p];
        memcpy(m->faults[p], r->faults[p], sizeof m->faults[p]);
    }
    free(t->updated);
    t->updated = updated;
    return 0;
}

/* Orders matches by run and set (stats_clusters). */
static const struct kept_match *sort_base;
static int by_set(const void *a, const void *b)
{
    const struct kept_match *x = &sort_base[*(const size_t *)a], *y = &sort_base[*(const size_t *)b];
    int c = strcmp(x->run, y->run);
    if (c) return c;
    if (x->has_set != y->has_set) return x->has_set - y->has_set;
    return x->set < y->set ? -1 : x->set > y->set;
}

/* Each match's cluster: one per duplicate set within a run; a match
 * without a set is a cluster of its own. */
static long *stats_clusters(const struct tally *t)
{
    size_t *order = malloc((t->n + 1) * sizeof *order);
    long *cluster = malloc((t->n + 1) * sizeof *cluster), next = 0;
    if (!order || !cluster) {
        free(order);
        free(cluster);
        return NULL;
    }
    for (size_t k = 0; k < t->n; k++) order[k] = k;
    sort_base = t->matches;
    qsort(order, t->n, sizeof *order, by_set);
    for (size_t i = 0; i < t->n; i++) {
        const struct kept_match *m = &t->matches[order[i]];
        int same = i > 0 && m->has_set && !by_set(&order[i - 1], &order[i]);
        cluster[order[i]] = same ? next - 1 : next++;
    }
    free(order);
    return cluster;
}

/* The game of a key "belote-4", and its number of players; NULL when the
 * key names no game the leaderboard rates. */
const struct game *stats_game_of(const char *key, int *players)
{
    const char *dash = strrchr(key, '-');
    char name[STORE_GAME_KEY_MAX], canonical[STORE_GAME_KEY_MAX];
    int entrant[GAME_MAX_PLAYERS];
    if (!strcmp(key, STORE_PIQUET) || !strcmp(key, "piquet-2")) {
        *players = 2;
        return &piquet_game;
    }
    if (!dash || dash == key || (size_t)(dash - key) >= sizeof name || dash[1] < '2' || dash[1] > '9' || dash[2])
        return NULL;
    snprintf(name, sizeof name, "%.*s", (int)(dash - key), key);
    const struct game *g = game_find(name);
    *players = dash[1] - '0';
    if (!g || g == &piquet_game || *players < g->min_players || *players > g->max_players) return NULL;
    check_game_key(g, *players, canonical);
    return !strcmp(canonical, key) && check_entrants(g, *players, entrant) > 0 ? g : NULL;
}

static int tally_load_matches(struct tally *t, const char *key, char *err, size_t cap)
{
    long *cluster = NULL;
    t->game = stats_game_of(key, &t->players);
    assert(t->game);   /* the api checks the key */
    t->entrants = check_entrants(t->game, t->players, t->entrant);
    if (t->entrants <= 0) goto oom;
    t->n_bots = t->m_bots;
    t->fit_names = t->bot_names;
    t->n_fitted = t->n;
    if (tally_arrays(t) < 0 || !(cluster = stats_clusters(t))) goto oom;
    struct ratings_partie *duels = NULL;
    if (t->entrants == 2) {
        t->own_duels = duels = calloc(t->n + 1, sizeof *duels);
        t->duels = duels;
    } else {
        t->tables = calloc(t->n + 1, sizeof *t->tables);
    }
    if (!duels && !t->tables) goto oom;
    for (size_t k = 0; k < t->n; k++) {
        const struct kept_match *m = &t->matches[k];
        int n = m->players, first = m->first_dealer;
        for (int p = 0; p < n; p++) {
            int me = m->bot[p];
            for (int f = 0; f < CODEC_FAULTS; f++) t->faults[me][f] += m->faults[p][f];
        }
        if (duels) {
            /* The two entrants: the first dealer's and the other. */
            int other = -1;
            for (int p = 0; p < n && other < 0; p++)
                if (t->entrant[p] != t->entrant[first]) other = p;
            double score = m->winner < 0 ? 0.5 : t->entrant[m->winner] == t->entrant[first] ? 1 : 0;
            duels[k] = (struct ratings_partie){ m->bot[first], m->bot[other], score, cluster[k], true,
                                                (int)m->points[first] };
            count_pairing(t, m->bot[first], m->bot[other], score);
            count_pairing(t, m->bot[other], m->bot[first], 1 - score);
            count_result(t, m->bot[first], score == 1, score == 0.5);
            count_result(t, m->bot[other], score == 0, score == 0.5);
            t->settlement[m->bot[first]] += m->points[first];
            t->settlement[m->bot[other]] += m->points[other];
            continue;
        }
        struct ratings_table *table = &t->tables[k];
        long best = m->points[0];
        for (int p = 1; p < n; p++) best = m->points[p] > best ? m->points[p] : best;
        table->seats = n;
        table->set = cluster[k];
        for (int s = 0; s < n; s++) {
            int p = (first + s) % n;
            table->bot[s] = m->bot[p];
            table->points[s] = (double)m->points[p];
            count_result(t, m->bot[p], m->winner == p, m->winner < 0 && m->points[p] == best);
            t->settlement[m->bot[p]] += m->points[p];
        }
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (i != j && table->bot[i] != table->bot[j])
                    count_pairing(t, table->bot[i], table->bot[j], ratings_table_score(table, i, j));
    }
    free(cluster);
    return 0;
oom:
    free(cluster);
    snprintf(err, cap, "out of memory");
    return -1;
}

struct stats_rows *stats_rows_new(const char *game, const char *run)
{
    struct stats_rows *self = calloc(1, sizeof *self);
    int players = 2;
    if (!self || !stats_game_of(game, &players)) {
        free(self);
        return NULL;
    }
    snprintf(self->game, sizeof self->game, "%s", game);
    snprintf(self->run, sizeof self->run, "%s", run ? run : "");
    self->players = players;
    return self;
}

int stats_rows_update(struct stats_rows *self, struct store *store, char *err, size_t cap)
{
    int rc = !strcmp(self->game, STORE_PIQUET)
                 ? store_each(store, self->last_seq, collect, self, err, cap)
                 : store_each_match(store, self->game, self->last_seq, collect_match, self, err, cap);
    if (rc == 0 && self->collect_failed) {
        snprintf(err, cap, "out of memory");
        rc = -1;
    }
    return rc;
}

/* The tally of the rows, which it borrows. */
static int tally_load(struct tally *t, const struct stats_rows *rows, char *err, size_t cap)
{
    memset(t, 0, sizeof *t);
    results_init(&t->res);
    t->parties = rows->parties;
    t->matches = rows->matches;
    t->n = rows->n;
    t->updated = rows->updated;
    t->posted = (const char (*)[24])rows->posted;
    t->bot_names = rows->bot_names;
    t->m_bots = rows->m_bots;
    if (!strcmp(rows->game, STORE_PIQUET)) return tally_load_parties(t, err, cap);
    return tally_load_matches(t, rows->game, err, cap);
}

/* The fit of the first `upto` fitted parties or tables. */
static struct ratings *tally_fit(const struct tally *t, size_t upto, char *err, size_t cap)
{
    if (t->tables)
        return ratings_fit_tables(t->tables, upto, (const char *const *)t->fit_names, t->n_bots, NULL, err, cap);
    return ratings_fit(t->duels, upto, (const char *const *)t->fit_names, t->n_bots, NULL, err, cap);
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

/* What a bot's net result is called: Piquet's and a two-entrant game's
 * settlement, or the match points of a table game. */
static const char *points_key(const struct tally *t)
{
    return t->tables ? "points" : "settlement";
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

/* Head-to-head of two bots on their own results (docs/statistics.md 3 and
 * 6): the row bot's mean score and its 95% interval, and its LOS, from
 * duplicate pairs (or single parties) for two entrants, from duplicate
 * sets for tables. */
struct duel {
    int known;
    const char *basis;   /* "pairs", "parties" or "sets" */
    int n;               /* pairs, parties or sets */
    double score, low, high, los;
};

static void set_duel(struct duel *d, struct duel *mirror, const char *basis, int n, double score, double low,
                     double high, double los)
{
    *d = (struct duel){ 1, basis, n, score, low, high, los };
    *mirror = (struct duel){ 1, basis, n, 1 - score, 1 - high, 1 - low, 1 - los };
}

/* Every two bots that met, both ways round (n_bots^2, row-major); NULL
 * with err. The caller frees the array. */
static struct duel *duels_of(const struct tally *t, const struct standings *s, char *err, size_t cap)
{
    int n = t->n_bots;
    struct duel *d = calloc((size_t)n * (size_t)n + 1, sizeof *d);
    if (!d) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    if (!t->tables) {
        struct pairings p = { 0 };
        if (pairings_tally(&p, t->duels, t->n_fitted, s->order, n, err, cap) < 0) {
            free(d);
            return NULL;
        }
        for (size_t k = 0; k < p.n; k++) {
            const struct pairing *x = &p.items[k];
            int i = x->counts.bot, j = x->counts.opponent;
            set_duel(&d[i * n + j], &d[j * n + i], x->basis == PAIRING_PAIRS ? "pairs" : "parties", x->n, x->score,
                     x->score_low, x->score_high, x->los);
        }
        pairings_release(&p);
        return d;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            if (t->pairs[i * n + j].parties == 0) continue;
            struct setscore ss;
            if (setscore_tally(&ss, t->tables, t->n_fitted, i, j, err, cap) < 0) {
                free(d);
                return NULL;
            }
            if (ss.n_sets > 0)
                set_duel(&d[i * n + j], &d[j * n + i], "sets", ss.n_sets, ss.score, ss.score_low, ss.score_high,
                         ss.los);
            setscore_release(&ss);
        }
    return d;
}

/* {"bots": [...], "cells": [[...]]} in standings order. */
static cJSON *crosstable(const struct tally *t, const struct standings *s, const struct ratings *r,
                         const struct duel *duel)
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
            const struct meeting *p = &t->pairs[i * n + j];
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
            /* The colour is the head-to-head's own verdict, not the fit's. */
            const struct duel *d = &duel[i * n + j];
            cJSON *h = d->known ? cJSON_CreateObject() : cJSON_CreateNull();
            ok = ok && cJSON_AddItemToObject(cell, "h2h", h);
            if (ok && d->known)
                ok = cJSON_AddStringToObject(h, "basis", d->basis) && cJSON_AddNumberToObject(h, "n", d->n) &&
                     cJSON_AddNumberToObject(h, "score", d->score) && cJSON_AddNumberToObject(h, "low", d->low) &&
                     cJSON_AddNumberToObject(h, "high", d->high) && cJSON_AddNumberToObject(h, "los", d->los);
            if (ok && d->known && (d->los > 0.975 || d->los < 0.025))
                ok = cJSON_AddStringToObject(cell, "significant", d->los > 0.975 ? "better" : "worse") != NULL;
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
             cJSON_AddItemToObject(bot, "rank", number_or_null(s->rank[i] > 0, s->rank[i])) &&
             cJSON_AddStringToObject(bot, "status", rated ? "rated" : ratings_status_name(r->status[i])) &&
             cJSON_AddBoolToObject(bot, "provisional", standings_provisional(s, i)) &&
             cJSON_AddBoolToObject(bot, "interval_ok", s->interval_ok[i]) &&
             cJSON_AddItemToObject(bot, "rating", number_or_null(rated, r->rating[i])) &&
             cJSON_AddItemToObject(bot, "ci_low", number_or_null(rated, r->low[i])) &&
             cJSON_AddItemToObject(bot, "ci_high", number_or_null(rated, r->high[i])) &&
             cJSON_AddNumberToObject(bot, "parties", t->wins[i] + t->draws[i] + t->losses[i]) &&
             cJSON_AddNumberToObject(bot, "matches", t->played[i]) &&
             cJSON_AddNumberToObject(bot, "wins", t->wins[i]) && cJSON_AddNumberToObject(bot, "draws", t->draws[i]) &&
             cJSON_AddNumberToObject(bot, "losses", t->losses[i]) &&
             cJSON_AddNumberToObject(bot, points_key(t), (double)t->settlement[i]) &&
             cJSON_AddItemToObject(bot, "faults", faults_json(t->faults[i]));
        cJSON *opponents = ok ? cJSON_AddArrayToObject(bot, "opponents") : NULL;
        ok = ok && opponents;
        for (int b = 0; ok && b < n; b++) {
            int j = s->order[b];
            const struct meeting *p = &t->pairs[i * n + j];
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

/* The game's fields of the standings: its key, players and entrants, the
 * records stored, and for a table game the seat terms with their
 * cluster-robust intervals (seat 0: the first dealer). */
static int add_game(cJSON *root, const struct tally *t, const struct ratings *r)
{
    char key[STORE_GAME_KEY_MAX];
    const struct game *g = t->game ? t->game : &piquet_game;
    int players = t->game ? t->players : 2;
    check_game_key(g, players, key);
    int ok = cJSON_AddStringToObject(root, "game", key) && cJSON_AddStringToObject(root, "title", g->title) &&
             cJSON_AddNumberToObject(root, "players", players) &&
             cJSON_AddNumberToObject(root, "entrants", t->game ? t->entrants : 2) &&
             cJSON_AddNumberToObject(root, "matches", (double)t->n);
    cJSON *seats = ok ? (t->tables ? cJSON_AddArrayToObject(root, "seats") : cJSON_AddNullToObject(root, "seats")) : NULL;
    ok = ok && seats;
    for (int s = 0; ok && t->tables && s < t->players; s++) {
        int fitted = r->seats == t->players && r->advantage_status == RATINGS_ADVANTAGE_FITTED;
        double se = fitted ? r->seat_se_robust[s] : 0;
        cJSON *seat = cJSON_CreateObject();
        ok = cJSON_AddItemToArray(seats, seat) && cJSON_AddNumberToObject(seat, "seat", s) &&
             cJSON_AddItemToObject(seat, "rating", number_or_null(fitted, fitted ? r->seat[s] : 0)) &&
             cJSON_AddItemToObject(seat, "se_robust", number_or_null(fitted, se)) &&
             cJSON_AddItemToObject(seat, "ci_low", number_or_null(fitted, fitted ? r->seat[s] - 1.96 * se : 0)) &&
             cJSON_AddItemToObject(seat, "ci_high", number_or_null(fitted, fitted ? r->seat[s] + 1.96 * se : 0));
    }
    return ok;
}

/* The standings of standings_json() with the per-bot counts added. */
static cJSON *standings(const struct tally *t, const struct standings *s, const struct ratings *r)
{
    cJSON *root = standings_json(s, true), *bot;
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
             cJSON_AddNumberToObject(bot, points_key(t), (double)t->settlement[i]) &&
             cJSON_AddNumberToObject(bot, "faults", fault_total(t->faults[i]));
    }
    if (ok && t->n) ok = cJSON_AddStringToObject(root, "updated", t->updated) != NULL;
    else if (ok) ok = cJSON_AddNullToObject(root, "updated") != NULL;
    ok = ok && add_game(root, t, r);
    if (!ok) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

/* Fresh rows of the game (and run) read whole; NULL with err. */
static struct stats_rows *rows_read(struct store *store, const char *game, const char *run, char *err, size_t cap)
{
    struct stats_rows *rows = stats_rows_new(game, run);
    if (!rows) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    if (stats_rows_update(rows, store, err, cap) < 0) {
        stats_rows_free(rows);
        return NULL;
    }
    return rows;
}

struct stats *stats_compute(struct store *store, const char *game, const char *run, int min_matches, char *err,
                            size_t cap)
{
    struct stats_rows *rows = rows_read(store, game, run, err, cap);
    struct stats *self = rows ? stats_compute_rows(rows, min_matches, err, cap) : NULL;
    stats_rows_free(rows);
    return self;
}

struct stats *stats_compute_rows(const struct stats_rows *rows, int min_matches, char *err, size_t cap)
{
    struct tally t;
    struct standings s = { 0 };
    struct ratings *r = NULL;
    struct stats *self = calloc(1, sizeof *self);
    struct duel *duel = NULL;
    cJSON *tree = NULL;
    int ok = 0;
    if (!self) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    if (tally_load(&t, rows, err, cap) < 0) goto out;
    if (!(r = tally_fit(&t, t.n_fitted, err, cap))) goto out;
    if (standings_init(&s, r, &(struct standings_options){ .min_matches = min_matches }) < 0) goto oom;
    self->parties = (long long)t.n;
    tree = standings(&t, &s, r);
    if (!tree || !(self->standings_los = print(tree, &self->standings_los_len))) goto oom;
    cJSON_DeleteItemFromObjectCaseSensitive(tree, "los");
    if (!(self->standings = print(tree, &self->standings_len))) goto oom;
    FILE *csv = open_memstream(&self->standings_csv, &self->standings_csv_len);
    if (!csv) goto oom;
    int bad = standings_print_csv(&s, csv) < 0;
    if (fclose(csv) != 0 || bad) goto oom;
    cJSON_Delete(tree);
    if (!(duel = duels_of(&t, &s, err, cap))) goto out;
    tree = crosstable(&t, &s, r, duel);
    if (!tree || !(self->crosstable = print(tree, &self->crosstable_len))) goto oom;
    if (!(self->bots = bot_pages(&t, &s, r))) goto oom;
    ok = 1;
    goto out;
oom:
    snprintf(err, cap, "out of memory");
out:
    free(duel);
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

/* The order key of Piquet party k: its run's rank of first posting, its id. */
struct duel_key {
    size_t run_rank, at;
    uint64_t id;
};

static int by_run_then_id(const void *x, const void *y)
{
    const struct duel_key *a = x, *b = y;
    if (a->run_rank != b->run_rank) return a->run_rank < b->run_rank ? -1 : 1;
    if (a->id != b->id) return a->id < b->id ? -1 : 1;
    return a->at < b->at ? -1 : a->at > b->at;
}

/* A copy of the tally's duels in canonical order (malloc'd), or NULL. */
static struct ratings_partie *canonical_duels(const struct tally *t)
{
    struct duel_key *keys = malloc((t->n_fitted + 1) * sizeof *keys);
    struct ratings_partie *out = malloc((t->n_fitted + 1) * sizeof *out);
    if (!keys || !out) {
        free(keys);
        free(out);
        return NULL;
    }
    for (size_t k = 0; k < t->n_fitted; k++) {
        const char *run = t->parties[k].run ? t->parties[k].run : "";
        size_t rank = k;
        for (size_t j = 0; j < k; j++)
            if (!strcmp(t->parties[j].run ? t->parties[j].run : "", run)) {
                rank = keys[j].run_rank;
                break;
            }
        keys[k] = (struct duel_key){ rank, k, t->parties[k].id };
    }
    qsort(keys, t->n_fitted, sizeof *keys, by_run_then_id);
    for (size_t k = 0; k < t->n_fitted; k++) out[k] = t->duels[keys[k].at];
    free(keys);
    return out;
}

char *stats_pgn(struct store *store, const char *game, const char *run, size_t *len, char *err, size_t cap)
{
    struct tally t;
    char *text = NULL;
    size_t size = 0;
    FILE *out = NULL;
    int ok = 0;
    struct stats_rows *rows = rows_read(store, game, run, err, cap);
    if (!rows) return NULL;
    if (tally_load(&t, rows, err, cap) < 0) goto done;
    if (!(out = open_memstream(&text, &size))) {
        snprintf(err, cap, "out of memory");
        goto done;
    }
    const char *const *names = (const char *const *)t.fit_names;
    if (t.tables) {
        ok = pgn_write_tables(out, t.tables, t.n_fitted, names, t.n_bots, err, cap) == 0;
    } else {
        /* Piquet's parties as `arena ratings --pgn` writes a run's journal:
         * each run's parties by id (records/results.h "canonical"), the
         * runs in the order they were first posted. */
        struct ratings_partie *sorted = canonical_duels(&t);
        if (!sorted) {
            snprintf(err, cap, "out of memory");
            goto done;
        }
        ok = pgn_write(out, sorted, t.n_fitted, names, t.n_bots, err, cap) == 0;
        free(sorted);
    }
done:
    if (out && fclose(out) != 0 && ok) {
        snprintf(err, cap, "out of memory");
        ok = 0;
    }
    tally_release(&t);
    stats_rows_free(rows);
    if (!ok) {
        free(text);
        return NULL;
    }
    *len = size;
    return text;
}

void stats_free(struct stats *self)
{
    if (!self) return;
    cJSON_free(self->standings);
    cJSON_free(self->standings_los);
    free(self->standings_csv);
    cJSON_free(self->crosstable);
    cJSON_Delete(self->bots);
    free(self);
}

struct stats_history *stats_history_compute(struct store *store, const char *game, char *err, size_t cap)
{
    struct stats_rows *rows = rows_read(store, game, NULL, err, cap);
    struct stats_history *self = rows ? stats_history_compute_rows(rows, err, cap) : NULL;
    stats_rows_free(rows);
    return self;
}

struct stats_history *stats_history_compute_rows(const struct stats_rows *rows, char *err, size_t cap)
{
    struct tally t;
    struct stats_history *self = calloc(1, sizeof *self);
    cJSON *root = NULL;
    int ok = 0;
    if (!self) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    if (tally_load(&t, rows, err, cap) < 0) goto out;
    size_t n = t.n_fitted;
    int points = n < STATS_HISTORY_POINTS ? (int)n : STATS_HISTORY_POINTS;
    root = cJSON_CreateObject();
    cJSON *list = cJSON_AddArrayToObject(root, "points");
    self->per_bot = cJSON_CreateObject();
    if (!list || !self->per_bot) goto oom;
    for (int i = 0; i < t.n_bots; i++)
        if (!cJSON_AddArrayToObject(self->per_bot, t.fit_names[i])) goto oom;
    for (int k = 1; k <= points; k++) {
        size_t upto = (n * (size_t)k + (size_t)points - 1) / (size_t)points;  /* parties 0..upto-1 */
        struct ratings *r = tally_fit(&t, upto, err, cap);
        if (!r) goto out;
        struct standings st;
        if (standings_init(&st, r, NULL) < 0) {
            ratings_free(r);
            goto oom;
        }
        cJSON *point = cJSON_CreateObject();
        cJSON *ratings = point ? cJSON_CreateObject() : NULL;
        cJSON *intervals = ratings ? cJSON_CreateObject() : NULL;
        int good = cJSON_AddItemToArray(list, point) && cJSON_AddNumberToObject(point, "parties", (double)upto) &&
                   cJSON_AddStringToObject(point, "posted", upto ? t.posted[upto - 1] : "") &&
                   cJSON_AddItemToObject(point, "ratings", ratings) &&
                   cJSON_AddItemToObject(point, "intervals", intervals);
        for (int i = 0; good && i < t.n_bots; i++) {
            int rated = r->status[i] == RATINGS_RATED, sure = st.interval_ok[i];
            cJSON *h = cJSON_CreateObject(), *band = sure ? cJSON_CreateArray() : cJSON_CreateNull();
            good = cJSON_AddItemToObject(ratings, t.fit_names[i], number_or_null(rated, r->rating[i])) &&
                   cJSON_AddItemToObject(intervals, t.fit_names[i], band) &&
                   (!sure || (cJSON_AddItemToArray(band, cJSON_CreateNumber(r->low[i])) &&
                              cJSON_AddItemToArray(band, cJSON_CreateNumber(r->high[i])))) &&
                   cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(self->per_bot, t.fit_names[i]), h) &&
                   cJSON_AddNumberToObject(h, "parties", (double)upto) &&
                   cJSON_AddStringToObject(h, "posted", upto ? t.posted[upto - 1] : "") &&
                   cJSON_AddItemToObject(h, "rating", number_or_null(rated, r->rating[i])) &&
                   cJSON_AddItemToObject(h, "ci_low", number_or_null(sure, r->low[i])) &&
                   cJSON_AddItemToObject(h, "ci_high", number_or_null(sure, r->high[i]));
        }
        standings_release(&st);
        ratings_free(r);
        if (!good) goto oom;
    }
    if (!(self->json = print(root, &self->len))) goto oom;
    ok = 1;
    goto out;
oom:
    snprintf(err, cap, "out of memory");
out:
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

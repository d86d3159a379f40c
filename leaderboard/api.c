/* api.c - the routes of the leaderboard API (api.h, leaderboard/README.md).
 *
 * The cache: one slot per game key asked for ("game@run" for one run's
 * standings). `generation` counts successful posts; a snapshot remembers
 * the generation it was computed at and is served while they agree (a
 * post to one game makes every game's snapshot stale: posts are rare,
 * GETs many). A post bumps the generation after its commit, so a snapshot
 * computed later sees the commit. Each slot keeps the rows its snapshot
 * was computed from (stats.h struct stats_rows) and reads only the rows
 * stored since, so the first GET after a post costs a fit, not a read of
 * the whole store. Serving a snapshot copies its text under `lock`;
 * computing one holds `compute` (snapshots) or `history` (histories,
 * with rows of their own), so a burst of GETs after a post computes it
 * once and a history never holds up the standings; a history asked for
 * while another thread computes one is the previous one, when there is
 * one, so that history requests never take up every server thread.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "protocol/curve_keys.h"
#include "protocol/json_tree.h"
#include "leaderboard/api.h"
#include "leaderboard/check.h"
#include "leaderboard/stats.h"
#include "leaderboard/viewer.h"
#include "stats/table.h"

enum { API_JOURNAL_MAX = 256 << 20, API_LIST_DEFAULT = 50, API_LIST_MAX = 200, API_GAME_SLOTS = 32, API_SLOT_KEY_MAX = STORE_GAME_KEY_MAX + 17 };

/* The cached snapshots of one game. */
struct api_slot {
    char game[API_SLOT_KEY_MAX];     /* the game or "game@run"; "" when unused */
    struct stats *snap;
    unsigned long snap_gen;
    struct stats_history *hist;
    unsigned long hist_gen;
    struct stats_rows *rows;         /* what the snapshot was computed from */
    struct stats_rows *hist_rows;    /* the history's own copy */
};

struct api {
    struct store *store;
    int min_matches;           /* stats/standings.h */
    pthread_mutex_t lock;      /* guards the fields below */
    pthread_mutex_t compute;   /* one snapshot computed at a time */
    pthread_mutex_t history;   /* one history computed at a time */
    unsigned long generation;
    struct api_slot slots[API_GAME_SLOTS];
    char *arena_endpoint, *arena_key;   /* the operator's, or NULL */
};

struct api *api_new(struct store *store, int min_matches)
{
    struct api *self = calloc(1, sizeof *self);
    if (!self) return NULL;
    self->store = store;
    self->min_matches = min_matches;
    self->generation = 1;
    pthread_mutex_init(&self->lock, NULL);
    pthread_mutex_init(&self->compute, NULL);
    pthread_mutex_init(&self->history, NULL);
    return self;
}

void api_free(struct api *self)
{
    if (!self) return;
    for (int i = 0; i < API_GAME_SLOTS; i++) {
        stats_free(self->slots[i].snap);
        stats_history_free(self->slots[i].hist);
        stats_rows_free(self->slots[i].rows);
        stats_rows_free(self->slots[i].hist_rows);
    }
    pthread_mutex_destroy(&self->lock);
    pthread_mutex_destroy(&self->compute);
    pthread_mutex_destroy(&self->history);
    free(self->arena_endpoint);
    free(self->arena_key);
    free(self);
}

int api_set_arena(struct api *self, const char *endpoint, const char *server_key)
{
    free(self->arena_endpoint);
    free(self->arena_key);
    self->arena_endpoint = strdup(endpoint);
    self->arena_key = strdup(server_key);
    return self->arena_endpoint && self->arena_key ? 0 : -1;
}

int api_owns(const char *path)
{
    return !strncmp(path, "/api/", 5) || !strcmp(path, "/api");
}

/* Takes over a printed JSON text. */
static void set_body(struct api_reply *reply, int status, char *text)
{
    text = api_json_harden(text);
    reply->status = text ? status : 500;
    reply->body = text;
    reply->len = text ? strlen(text) : 0;
}

char *api_json_harden(char *text)
{
    size_t n = 0, extra = 0;
    if (!text) return NULL;
    for (; text[n]; n++) extra += text[n] == '<' || text[n] == '>' || text[n] == '&';
    if (!extra) return text;
    char *out = malloc(n + 5 * extra + 1), *o = out;
    if (out) {
        for (const char *p = text; *p; p++) {
            if (*p == '<' || *p == '>' || *p == '&') {
                static const char hex[] = "0123456789abcdef";
                unsigned char c = (unsigned char)*p;
                *o++ = '\\';
                *o++ = 'u';
                *o++ = '0';
                *o++ = '0';
                *o++ = hex[c >> 4];
                *o++ = hex[c & 15];
            } else {
                *o++ = *p;
            }
        }
        *o = 0;
    }
    free(text);
    return out;
}

static void reply_json(struct api_reply *reply, int status, cJSON *root)
{
    char *text = root ? cJSON_PrintUnformatted(root) : NULL;
    cJSON_Delete(root);
    if (!text) {
        api_error(reply, 500, "out of memory");
        return;
    }
    set_body(reply, status, text);
}

void api_error(struct api_reply *reply, int status, const char *why)
{
    cJSON *root = cJSON_CreateObject();
    char *text = NULL;
    if (root && cJSON_AddStringToObject(root, "error", why)) text = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    set_body(reply, status, text);
}

static void error_at(struct api_reply *reply, int status, const char *why, int index)
{
    cJSON *root = cJSON_CreateObject();
    if (root && cJSON_AddStringToObject(root, "error", why) && cJSON_AddNumberToObject(root, "index", index)) {
        reply_json(reply, status, root);
        return;
    }
    cJSON_Delete(root);
    api_error(reply, 500, "out of memory");
}

static char *copy_text(const char *text, size_t len)
{
    char *c = malloc(len + 1);
    if (c) memcpy(c, text, len + 1);
    return c;
}

/* The slot of game key `game` (one the key check accepted), taken when
 * new; the least recently made slot is reused past API_GAME_SLOTS games
 * (there are fewer). Called with the lock held. */
static struct api_slot *slot_of(struct api *self, const char *game)
{
    for (int i = 0; i < API_GAME_SLOTS; i++)
        if (!strcmp(self->slots[i].game, game)) return &self->slots[i];
    for (int i = 0; i < API_GAME_SLOTS; i++)
        if (!self->slots[i].game[0]) {
            snprintf(self->slots[i].game, sizeof self->slots[i].game, "%s", game);
            return &self->slots[i];
        }
    struct api_slot *slot = &self->slots[API_GAME_SLOTS - 1];
    stats_free(slot->snap);
    stats_history_free(slot->hist);
    stats_rows_free(slot->rows);
    stats_rows_free(slot->hist_rows);
    memset(slot, 0, sizeof *slot);
    snprintf(slot->game, sizeof slot->game, "%s", game);
    return slot;
}

struct wanted {
    char slot[API_SLOT_KEY_MAX];  /* the cache's key: the game, or "game@run" */
    const char *run;           /* NULL, or the one run */
    int which;                 /* 0 standings, 1 crosstable, 2 history, 3 bot,
                                * 4 standings with every LOS, 5 as CSV,
                                * 6 every bot's rating and matches */
    const char *game;          /* the game key */
    const char *name;
    char *text;
    size_t len;
    int missing;
    cJSON *ratings;            /* which 6: name -> {"rating", "rating_status", "matches"} */
};

/* Brings a slot's snapshot (history 0) or history (1) up to the current
 * generation: the slot's rows read on since the last time (only the new
 * rows come from the store), then the computation from them. Holds
 * `compute` for the snapshot and `history` for the history, never both,
 * so that a history (up to 30 fits) never holds up the standings; while
 * one thread computes a history, the others are not held up either: they
 * serve the slot's previous history (a generation behind) if it has one,
 * and wait only for a slot's first. 0, or -1 with err. */
static int refresh(struct api *self, struct wanted *w, int history, char *err, size_t cap)
{
    pthread_mutex_t *mine = history ? &self->history : &self->compute;
    int rc = -1;
    if (history && pthread_mutex_trylock(mine) != 0) {
        /* Another thread computes a history: rather than wait for it
         * (holding one of the server's few threads), serve the slot's
         * previous history when there is one. */
        pthread_mutex_lock(&self->lock);
        int previous = slot_of(self, w->slot)->hist != NULL;
        pthread_mutex_unlock(&self->lock);
        if (previous) return 0;
        pthread_mutex_lock(mine);
    } else if (!history) {
        pthread_mutex_lock(mine);
    }
    pthread_mutex_lock(&self->lock);
    unsigned long gen = self->generation;
    struct api_slot *slot = slot_of(self, w->slot);
    int stale = history ? !slot->hist || slot->hist_gen != gen : !slot->snap || slot->snap_gen != gen;
    struct stats_rows *rows = history ? slot->hist_rows : slot->rows;
    if (history) slot->hist_rows = NULL;
    else slot->rows = NULL;
    pthread_mutex_unlock(&self->lock);
    if (!stale) {
        rc = 0;
        goto out;
    }
    /* The rows are this thread's while it holds `mine` (taken out of the
     * slot, which another game may take over meanwhile). */
    if (!rows && !(rows = stats_rows_new(w->game, w->run))) {
        snprintf(err, cap, "out of memory");
        goto out;
    }
    if (stats_rows_update(rows, self->store, err, cap) < 0) {
        stats_rows_free(rows);
        rows = NULL;
        goto out;
    }
    struct stats *snap = history ? NULL : stats_compute_rows(rows, self->min_matches, err, cap);
    struct stats_history *hist = history ? stats_history_compute_rows(rows, err, cap) : NULL;
    if (!snap && !hist) goto out;
    pthread_mutex_lock(&self->lock);
    slot = slot_of(self, w->slot);
    if (snap) {
        stats_free(slot->snap);
        slot->snap = snap;
        slot->snap_gen = gen;
    } else {
        stats_history_free(slot->hist);
        slot->hist = hist;
        slot->hist_gen = gen;
    }
    pthread_mutex_unlock(&self->lock);
    rc = 0;
out:
    pthread_mutex_lock(&self->lock);
    slot = slot_of(self, w->slot);
    struct stats_rows **home = history ? &slot->hist_rows : &slot->rows;
    if (!*home) {
        *home = rows;
        rows = NULL;
    }
    pthread_mutex_unlock(&self->lock);
    stats_rows_free(rows);
    pthread_mutex_unlock(mine);
    return rc;
}

/* The current snapshot of w->game (and its history for the history and a
 * bot's page), brought up to date when stale; calls use() with them held
 * under the lock. 0, or -1 with err. */
static int with_stats(struct api *self, struct wanted *w, void (*use)(const struct api_slot *, struct wanted *),
                      char *err, size_t cap)
{
    int history = w->which == 2 || w->which == 3;
    for (int tries = 0; tries < 3; tries++) {
        pthread_mutex_lock(&self->lock);
        struct api_slot *slot = slot_of(self, w->slot);
        int snap_ok = slot->snap && slot->snap_gen == self->generation;
        int hist_ok = !history || (slot->hist && slot->hist_gen == self->generation);
        /* a post between the two computations leaves one a generation
         * behind: still a consistent picture of a moment, and served */
        int usable = slot->snap && (!history || slot->hist);
        if ((snap_ok && hist_ok) || (tries > 0 && usable)) {
            use(slot, w);
            pthread_mutex_unlock(&self->lock);
            return 0;
        }
        pthread_mutex_unlock(&self->lock);
        if (!snap_ok && refresh(self, w, 0, err, cap) < 0) return -1;
        if (!hist_ok && refresh(self, w, 1, err, cap) < 0) return -1;
    }
    snprintf(err, cap, "too many games asked for at once");
    return -1;
}

static void take(const struct api_slot *slot, struct wanted *w)
{
    switch (w->which) {
    case 0:
        w->text = copy_text(slot->snap->standings, w->len = slot->snap->standings_len);
        break;
    case 4:
        w->text = copy_text(slot->snap->standings_los, w->len = slot->snap->standings_los_len);
        break;
    case 5:
        w->text = copy_text(slot->snap->standings_csv, w->len = slot->snap->standings_csv_len);
        break;
    case 1:
        w->text = copy_text(slot->snap->crosstable, w->len = slot->snap->crosstable_len);
        break;
    case 2:
        w->text = copy_text(slot->hist->json, w->len = slot->hist->len);
        break;
    case 6: {
        const cJSON *page;
        w->ratings = cJSON_CreateObject();
        cJSON_ArrayForEach(page, slot->snap->bots) {
            cJSON *r = cJSON_CreateObject();
            const cJSON *rating = cJSON_GetObjectItemCaseSensitive(page, "rating");
            const cJSON *matches = cJSON_GetObjectItemCaseSensitive(page, "matches");
            if (!w->ratings || !r ||
                !cJSON_AddItemToObject(r, "rating", rating ? cJSON_Duplicate(rating, 0) : cJSON_CreateNull()) ||
                !cJSON_AddItemToObject(r, "rating_status", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(page, "status"), 0)) ||
                !cJSON_AddNumberToObject(r, "matches", cJSON_GetNumberValue(matches)) ||
                !cJSON_AddItemToObject(w->ratings, page->string, r)) {
                cJSON_Delete(r);
                cJSON_Delete(w->ratings);
                w->ratings = NULL;
                break;
            }
        }
        break;
    }
    default: {
        const cJSON *page = cJSON_GetObjectItemCaseSensitive(slot->snap->bots, w->name);
        if (!page) {
            w->missing = 1;
            break;
        }
        cJSON *bot = cJSON_Duplicate(page, 1);
        const cJSON *history = cJSON_GetObjectItemCaseSensitive(slot->hist->per_bot, w->name);
        if (bot && cJSON_AddItemToObject(bot, "history", history ? cJSON_Duplicate(history, 1)
                                                                 : cJSON_CreateArray()))
            w->text = api_json_harden(cJSON_PrintUnformatted(bot));
        if (w->text) w->len = strlen(w->text);
        cJSON_Delete(bot);
    }
    }
}

/* The game key of a request's "game" argument into key (Piquet's when
 * absent); -1 after a 400 reply when it names no game the leaderboard
 * rates. */
static int game_arg(const struct api_request *req, char key[STORE_GAME_KEY_MAX], struct api_reply *reply)
{
    const char *text = req->arg ? req->arg(req->arg_ctx, "game") : NULL;
    int players;
    const struct game *g = text && *text ? stats_game_of(text, &players) : &piquet_game;
    if (!g) {
        char why[160];
        snprintf(why, sizeof why, "unknown game '%.40s' (a game and its number of players: piquet, belote-4, "
                 "belote-partnership-4...)", text);
        api_error(reply, 400, why);
        return -1;
    }
    check_game_key(g, g == &piquet_game ? 2 : players, key);
    return 0;
}

static void get_cached(struct api *self, const struct api_request *req, int which, const char *name,
                       struct api_reply *reply)
{
    char game[STORE_GAME_KEY_MAX];
    if (game_arg(req, game, reply) < 0) return;
    struct wanted w = { .which = which, .game = game, .name = name };
    w.run = req->arg ? req->arg(req->arg_ctx, "run") : NULL;
    if (w.run && !*w.run) w.run = NULL;
    if (w.run && (which == 2 || which == 3 || strlen(w.run) != 16 || strspn(w.run, "0123456789abcdef") != 16)) {
        api_error(reply, 400, which == 2 || which == 3 ? "'run' is for the standings and the crosstable"
                                                        : "'run' must be 16 lowercase hex digits");
        return;
    }
    snprintf(w.slot, sizeof w.slot, "%s%s%s", game, w.run ? "@" : "", w.run ? w.run : "");
    char err[256];
    if (with_stats(self, &w, take, err, sizeof err) < 0) {
        api_error(reply, 500, err);
        return;
    }
    if (w.missing) {
        api_error(reply, 404, "no such bot");
        return;
    }
    if (!w.text) {
        api_error(reply, 500, "out of memory");
        return;
    }
    reply->status = 200;
    reply->body = w.text;
    reply->len = w.len;
    if (which == 5) {
        reply->type = "text/csv; charset=utf-8";
        snprintf(reply->filename, sizeof reply->filename, "standings-%s%s%s.csv", game, w.run ? "-" : "",
                 w.run ? w.run : "");
    }
}

/* The "format" argument: json (absent), or one of `others` ("csv",
 * "pgn"); -1 after a 400 reply. */
static int format_arg(const struct api_request *req, const char *const *others, int n, struct api_reply *reply)
{
    const char *f = req->arg ? req->arg(req->arg_ctx, "format") : NULL;
    if (!f || !*f || !strcmp(f, "json")) return 0;
    for (int i = 0; i < n; i++)
        if (!strcmp(f, others[i])) return i + 1;
    api_error(reply, 400, n > 1 ? "'format' must be json, csv or pgn" : "'format' must be json or csv");
    return -1;
}

/* GET /api/v1/standings[?los=1][&run=RUN][&format=csv|pgn] */
static void get_standings(struct api *self, const struct api_request *req, struct api_reply *reply)
{
    static const char *const formats[] = { "csv", "pgn" };
    int format = format_arg(req, formats, 2, reply);
    if (format < 0) return;
    if (format == 1) {
        get_cached(self, req, 5, NULL, reply);
        return;
    }
    if (format == 2) {
        char game[STORE_GAME_KEY_MAX], err[256];
        const char *run = req->arg ? req->arg(req->arg_ctx, "run") : NULL;
        if (game_arg(req, game, reply) < 0) return;
        if (run && *run && (strlen(run) != 16 || strspn(run, "0123456789abcdef") != 16)) {
            api_error(reply, 400, "'run' must be 16 lowercase hex digits");
            return;
        }
        size_t len;
        char *text = stats_pgn(self->store, game, run && *run ? run : NULL, &len, err, sizeof err);
        if (!text) {
            api_error(reply, 500, err);
            return;
        }
        reply->status = 200;
        reply->body = text;
        reply->len = len;
        reply->type = "application/x-chess-pgn; charset=utf-8";
        snprintf(reply->filename, sizeof reply->filename, "%s%s%s.pgn", game, run && *run ? "-" : "",
                 run && *run ? run : "");
        return;
    }
    const char *los = req->arg ? req->arg(req->arg_ctx, "los") : NULL;
    get_cached(self, req, los && !strcmp(los, "1") ? 4 : 0, NULL, reply);
}

/* GET /api/v1/runs/{RUN}/journal?game=KEY: the run's records as JSON
 * lines, at most API_JOURNAL_MAX bytes. */
static void get_journal(struct api *self, const struct api_request *req, const char *rest, struct api_reply *reply)
{
    char game[STORE_GAME_KEY_MAX], run[17], err[256];
    size_t len;
    if (strlen(rest) != 24 || strspn(rest, "0123456789abcdef") != 16 || strcmp(rest + 16, "/journal")) {
        api_error(reply, 404, "no such route (a run is /api/v1/runs/RUN/journal, RUN its 16 hex digits)");
        return;
    }
    if (game_arg(req, game, reply) < 0) return;
    memcpy(run, rest, 16);
    run[16] = 0;
    char *text = store_run_journal(self->store, game, run, API_JOURNAL_MAX, &len, err, sizeof err);
    if (!text) {
        api_error(reply, 500, err);
        return;
    }
    reply->status = 200;
    reply->body = text;
    reply->len = len;
    reply->type = "application/x-ndjson; charset=utf-8";
    snprintf(reply->filename, sizeof reply->filename, "%s-%s.jsonl", game, run);
}

/* GET /api/v1/games: the games that have records. */
static void list_games(struct api *self, struct api_reply *reply)
{
    char err[256];
    cJSON *games = store_games(self->store, err, sizeof err), *g;
    if (!games) {
        api_error(reply, 500, err);
        return;
    }
    int ok = 1;
    cJSON_ArrayForEach(g, games) {
        int players;
        const struct game *game = stats_game_of(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(g, "game")),
                                                &players);
        ok = ok && game && cJSON_AddStringToObject(g, "title", game->title) &&
             cJSON_AddStringToObject(g, "name", game->name) && cJSON_AddNumberToObject(g, "players", players);
    }
    cJSON *root = cJSON_CreateObject();
    if (!ok || !root || !cJSON_AddItemToObject(root, "games", games)) {
        cJSON_Delete(root);
        cJSON_Delete(games);
        api_error(reply, 500, ok ? "out of memory" : "a stored game is not known to this server");
        return;
    }
    reply_json(reply, 200, root);
}

/* A posted body parsed by the protocol's strict parser (json_tree.h),
 * which refuses "\u0000": cJSON cut a name at it, so "g\u0000x" was
 * credited to g. NULL after an error reply. Free with json_tree_free. */
static cJSON *parse_body(const struct api_request *req, struct api_reply *reply)
{
    const char *text = req->body ? req->body : "";
    char why[128];
    size_t end;
    cJSON *doc = json_tree_parse(text, req->body_len, &end);
    if (doc && end == req->body_len) return doc;
    json_tree_free(doc);
    if (end == JSON_TREE_NO_MEMORY) {
        api_error(reply, 500, "out of memory");
        return NULL;
    }
    if (end + 6 <= req->body_len && !strncmp(text + end, "\\u0000", 6))
        snprintf(why, sizeof why, "\\u0000 near byte %zu: no field may hold a NUL character", end);
    else
        snprintf(why, sizeof why, "malformed JSON near byte %zu", end);
    api_error(reply, 400, why);
    return NULL;
}

/* POST /api/v1/parties: one record or an array of them, all or nothing. */
static void post_parties(struct api *self, const struct api_request *req, struct api_reply *reply)
{
    cJSON *doc = parse_body(req, reply);
    struct check_record *checked = NULL;
    struct store_record *parties = NULL;
    int n = 0, done = 0;
    char err[320], why[256];
    if (!doc) return;
    int batch = cJSON_IsArray(doc);
    int count = batch ? cJSON_GetArraySize(doc) : 1;
    if (batch && count == 0) {
        api_error(reply, 400, "an empty batch");
        goto out;
    }
    checked = calloc((size_t)count, sizeof *checked);
    parties = calloc((size_t)count, sizeof *parties);
    if (!checked || !parties) {
        api_error(reply, 500, "out of memory");
        goto out;
    }
    const cJSON *item = batch ? doc->child : doc;
    for (; n < count; n++, item = item->next) {
        int status = check_record(item, &checked[n], why, sizeof why);
        if (status != CHECK_OK) {
            if (batch) {
                snprintf(err, sizeof err, "record %d: %s", n, why);
                error_at(reply, status, err, n);
            } else {
                api_error(reply, status, why);
            }
            n++;
            goto out;
        }
        parties[n] = checked[n].out;
    }
    int stored, duplicates, conflict;
    int rc = store_insert(self->store, parties, count, &stored, &duplicates, &conflict, why, sizeof why);
    if (rc < 0) {
        api_error(reply, 500, why);
        goto out;
    }
    if (rc == 1) {
        snprintf(err, sizeof err, "%s %s is already stored with a different record",
                 parties[conflict].match ? "match" : "partie", parties[conflict].key);
        if (batch) error_at(reply, 409, err, conflict);
        else api_error(reply, 409, err);
        goto out;
    }
    if (stored > 0) {
        pthread_mutex_lock(&self->lock);
        self->generation++;
        pthread_mutex_unlock(&self->lock);
    }
    cJSON *root = cJSON_CreateObject();
    if (root && cJSON_AddNumberToObject(root, "stored", stored) &&
        cJSON_AddNumberToObject(root, "duplicates", duplicates))
        reply_json(reply, 200, root);
    else {
        cJSON_Delete(root);
        api_error(reply, 500, "out of memory");
    }
    done = 1;
out:
    (void)done;
    for (int i = 0; i < n; i++) check_release(&checked[i]);
    free(checked);
    free(parties);
    json_tree_free(doc);
}

/* A query argument that must be an integer in [lo, hi]; 0 when absent. */
static int int_arg(const struct api_request *req, const char *name, long long lo, long long hi, long long *out,
                   struct api_reply *reply)
{
    const char *text = req->arg ? req->arg(req->arg_ctx, name) : NULL;
    char *end;
    if (!text) return 0;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (!*text || *end || errno || v < lo || v > hi) {
        char why[128];
        snprintf(why, sizeof why, "'%s' must be an integer from %lld to %lld", name, lo, hi);
        api_error(reply, 400, why);
        return -1;
    }
    *out = v;
    return 0;
}

/* A query argument as text, NULL when absent or empty. */
static const char *text_arg(const struct api_request *req, const char *name)
{
    const char *text = req->arg ? req->arg(req->arg_ctx, name) : NULL;
    return text && *text ? text : NULL;
}

/* A day "YYYY-MM-DD" that exists (years 1970 to 9998); into `next` (11
 * bytes) the day after. */
static int day_arg(const char *text, char next[11])
{
    static const int length[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    int y, m, d, used = 0;
    if (strlen(text) != 10 || text[4] != '-' || text[7] != '-' || strspn(text, "0123456789-") != 10 ||
        sscanf(text, "%4d-%2d-%2d%n", &y, &m, &d, &used) != 3 || used != 10 || y < 1970 || y > 9998 || m < 1 ||
        m > 12)
        return -1;
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    int days = length[m - 1] + (m == 2 && leap);
    if (d < 1 || d > days) return -1;
    if (++d > days) {
        d = 1;
        if (++m > 12) {
            m = 1;
            y++;
        }
    }
    snprintf(next, 11, "%04u-%02u-%02u", (unsigned)y % 10000u, (unsigned)m % 100u, (unsigned)d % 100u);
    return 0;
}

/* The filters of a list request (store.h struct store_filter): bot,
 * opponent, run, from and to (days, both included), result. -1 after a
 * 400 reply. The filter points into the request and into `to_next`. */
static int filter_args(const struct api_request *req, struct store_filter *f, char to_next[11],
                       struct api_reply *reply)
{
    const char *to = text_arg(req, "to");
    char ignored[11];
    *f = (struct store_filter){ text_arg(req, "bot"), text_arg(req, "opponent"), text_arg(req, "run"),
                                text_arg(req, "from"), NULL, text_arg(req, "result") };
    const char *why = NULL;
    if ((f->opponent || f->result) && !f->bot) why = "'opponent' and 'result' need a 'bot'";
    else if (f->result && strcmp(f->result, "win") && strcmp(f->result, "draw") && strcmp(f->result, "loss"))
        why = "'result' must be win, draw or loss";
    else if (f->run && (strlen(f->run) != 16 || strspn(f->run, "0123456789abcdef") != 16))
        why = "'run' must be 16 lowercase hex digits";
    else if ((f->from && day_arg(f->from, ignored) < 0) || (to && day_arg(to, to_next) < 0))
        why = "'from' and 'to' must be days as YYYY-MM-DD";
    if (why) {
        api_error(reply, 400, why);
        return -1;
    }
    if (to) f->before_time = to_next;
    return 0;
}

/* A list's summaries as CSV (stats/table.h quotes the names): seq, id,
 * posted, first_dealer, winner (letters), forfeit (who), then per
 * player letter its name, its score (Piquet: totals) and, for a match
 * game, its points. NULL when out of memory. */
static char *list_csv(const cJSON *list, size_t *len)
{
    static const char *const letters[] = { "A", "B", "C", "D", "E" };
    const cJSON *first = cJSON_GetArrayItem(list, 0), *item;
    int piquet = !first || cJSON_GetObjectItemCaseSensitive(first, "totals") != NULL;
    int players = piquet ? 2 : (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(first, "players"));
    if (players < 2 || players > 5) players = 2;
    int per = piquet ? 2 : 3, cols = 6 + per * players, bad = 0;
    struct table t;
    char *text = NULL;
    size_t size = 0;
    if (table_init(&t, cols) < 0) return NULL;
    static const char *const heads[] = { "seq", "id", "posted", "first_dealer", "winner", "forfeit" };
    for (int c = 0; c < 6; c++) bad |= table_column(&t, c, heads[c], TABLE_LEFT, 0);
    for (int p = 0; p < players; p++) {
        char h[32];
        snprintf(h, sizeof h, "name_%s", letters[p]);
        bad |= table_column(&t, 6 + per * p, h, TABLE_LEFT, 0);
        snprintf(h, sizeof h, "%s_%s", piquet ? "total" : "score", letters[p]);
        bad |= table_column(&t, 7 + per * p, h, TABLE_LEFT, 0);
        if (!piquet) {
            snprintf(h, sizeof h, "points_%s", letters[p]);
            bad |= table_column(&t, 8 + per * p, h, TABLE_LEFT, 0);
        }
    }
    cJSON_ArrayForEach(item, list) {
        if (bad) break;
        const cJSON *forfeit = cJSON_GetObjectItemCaseSensitive(item, "forfeit");
        const char *winner = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(item, "winner"));
        const char *who = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(forfeit, "player"));
        const cJSON *names = cJSON_GetObjectItemCaseSensitive(item, piquet ? "players" : "names");
        const cJSON *scores = cJSON_GetObjectItemCaseSensitive(item, piquet ? "totals" : "scores");
        const cJSON *points = cJSON_GetObjectItemCaseSensitive(item, "points");
        bad |= table_add_row(&t);
        bad |= table_setf(&t, 0, "%.0f", cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(item, "seq")));
        bad |= table_set(&t, 1, cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(item, "id")));
        bad |= table_set(&t, 2, cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(item, "posted")));
        bad |= table_set(&t, 3, cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(item, "first_dealer")));
        if (winner) bad |= table_set(&t, 4, winner);
        if (who) bad |= table_set(&t, 5, who);
        for (int p = 0; p < players; p++) {
            const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(names, letters[p]));
            const cJSON *score = cJSON_GetObjectItemCaseSensitive(scores, letters[p]);
            const cJSON *pts = cJSON_GetObjectItemCaseSensitive(points, letters[p]);
            if (name) bad |= table_set(&t, 6 + per * p, name);
            if (cJSON_IsNumber(score)) bad |= table_setf(&t, 7 + per * p, "%.0f", score->valuedouble);
            if (!piquet && cJSON_IsNumber(pts)) bad |= table_setf(&t, 8 + per * p, "%.0f", pts->valuedouble);
        }
    }
    FILE *out = bad ? NULL : open_memstream(&text, &size);
    if (out) {
        bad |= table_print_csv(&t, out) < 0;
        bad |= fclose(out) != 0;
    }
    table_release(&t);
    if (bad || !out) {
        free(text);
        return NULL;
    }
    *len = size;
    return text;
}

/* GET /api/v1/parties?game=&bot=&opponent=&run=&from=&to=&result=&limit=&before=
 * (and /matches): Piquet's parties, or another game's matches, listed
 * under `key` ("parties" or "matches", as the path says). */
static void list_parties(struct api *self, const struct api_request *req, const char *key, struct api_reply *reply)
{
    long long limit = API_LIST_DEFAULT, before = 0;
    char err[256], game[STORE_GAME_KEY_MAX], to_next[11];
    struct store_filter filter;
    int more;
    static const char *const formats[] = { "csv" };
    int csv = format_arg(req, formats, 1, reply);
    if (csv < 0 || game_arg(req, game, reply) < 0 || int_arg(req, "limit", 1, API_LIST_MAX, &limit, reply) < 0 ||
        int_arg(req, "before", 1, (long long)1 << 62, &before, reply) < 0 ||
        filter_args(req, &filter, to_next, reply) < 0)
        return;
    cJSON *list = !strcmp(game, STORE_PIQUET)
                      ? store_list(self->store, &filter, (int)limit, before, &more, err, sizeof err)
                      : store_list_matches(self->store, game, &filter, (int)limit, before, &more, err, sizeof err);
    if (!list) {
        api_error(reply, 500, err);
        return;
    }
    cJSON *root = cJSON_CreateObject();
    if (!root || !cJSON_AddStringToObject(root, "game", game) || !cJSON_AddItemToObject(root, key, list)) {
        cJSON_Delete(list);
        cJSON_Delete(root);
        api_error(reply, 500, "out of memory");
        return;
    }
    int n = cJSON_GetArraySize(list);
    const cJSON *last = n ? cJSON_GetArrayItem(list, n - 1) : NULL;
    int ok = more && last ? cJSON_AddNumberToObject(root, "next_before",
                                                    cJSON_GetObjectItemCaseSensitive(last, "seq")->valuedouble) != NULL
                          : cJSON_AddNullToObject(root, "next_before") != NULL;
    if (!ok) {
        cJSON_Delete(root);
        api_error(reply, 500, "out of memory");
        return;
    }
    if (csv) {
        size_t len;
        char *text = list_csv(list, &len);
        cJSON_Delete(root);
        if (!text) {
            api_error(reply, 500, "out of memory");
            return;
        }
        reply->status = 200;
        reply->body = text;
        reply->len = len;
        reply->type = "text/csv; charset=utf-8";
        snprintf(reply->filename, sizeof reply->filename, "%s-%s.csv", game, key);
        return;
    }
    reply_json(reply, 200, root);
}

/* GET /api/v1/parties/{RUN-ID} */
static void get_partie(struct api *self, const char *key, struct api_reply *reply)
{
    char err[256];
    int found;
    cJSON *record = store_get(self->store, key, &found, err, sizeof err);
    if (!record) {
        if (found) api_error(reply, 500, err);
        else api_error(reply, 404, "no such partie or match");
        return;
    }
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(record, "type"));
    cJSON *viewer = type && !strcmp(type, "match") ? viewer_match(record, err, sizeof err)
                                                   : viewer_partie(record, err, sizeof err);
    if (!viewer) {
        cJSON_Delete(record);
        api_error(reply, 500, err);
        return;
    }
    if (!cJSON_AddItemToObject(record, "viewer", viewer)) {
        cJSON_Delete(viewer);
        cJSON_Delete(record);
        api_error(reply, 500, "out of memory");
        return;
    }
    reply_json(reply, 200, record);
}

/* ---- registered bots and the ladder arena (README "Registering a bot") ---------------- */

/* The object body of a registration route, with only the fields in
 * `allowed` (a NULL-ended list), none twice; NULL after a 400. Free with
 * json_tree_free. */
static cJSON *fields_body(const struct api_request *req, const char *const *allowed, struct api_reply *reply)
{
    cJSON *doc = parse_body(req, reply), *item;
    char why[160];
    if (!doc) return NULL;
    if (!cJSON_IsObject(doc)) {
        api_error(reply, 400, "the body must be a JSON object");
        json_tree_free(doc);
        return NULL;
    }
    cJSON_ArrayForEach(item, doc) {
        int known = 0;
        for (int i = 0; allowed[i] && !known; i++) known = !strcmp(item->string, allowed[i]);
        for (const cJSON *other = doc->child; other != item && known; other = other->next)
            known = strcmp(other->string, item->string) != 0;
        if (!known) {
            snprintf(why, sizeof why, "unknown or repeated field '%.40s'", item->string);
            api_error(reply, 400, why);
            json_tree_free(doc);
            return NULL;
        }
    }
    return doc;
}

/* The game key of a body's "game" (required) into key; -1 after a 400. */
static int body_game(const cJSON *doc, char key[STORE_GAME_KEY_MAX], struct api_reply *reply)
{
    const char *text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "game"));
    int players;
    const struct game *g = text ? stats_game_of(text, &players) : NULL;
    if (!g) {
        char why[160];
        snprintf(why, sizeof why, text ? "unknown game '%.40s' (piquet, belote-4...)" : "%s'game' is missing",
                 text ? text : "");
        api_error(reply, 400, why);
        return -1;
    }
    check_game_key(g, g == &piquet_game ? 2 : players, key);
    return 0;
}

/* A body's "public_key": a CURVE public key in Z85; NULL after a 400. */
static const char *body_key(const cJSON *doc, const char *field, struct api_reply *reply)
{
    const char *key = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, field));
    char why[160];
    if (key && curve_key_valid(key)) return key;
    snprintf(why, sizeof why, "'%s' must be a CURVE public key: 40 Z85 characters (arena keys new NAME)", field);
    api_error(reply, 400, why);
    return NULL;
}

/* A bot's name as everywhere else (codec_bot_name_check); -1 after a 400. */
static int name_ok(const char *name, struct api_reply *reply)
{
    const char *why = name ? codec_bot_name_check(name) : "is missing";
    char text[160];
    if (!why) return 0;
    snprintf(text, sizeof text, "the bot's name %s", why);
    api_error(reply, 400, text);
    return -1;
}

/* The reply to a store_bot_* outcome other than STORE_BOT_OK. */
static void bot_refused(int outcome, const char *name, const char *game, const char *why, struct api_reply *reply)
{
    char text[320];
    switch (outcome) {
    case STORE_BOT_NAME_TAKEN:
        snprintf(text, sizeof text, "%s already has a bot named '%s'", game, name);
        api_error(reply, 409, text);
        break;
    case STORE_BOT_KEY_TAKEN:
        snprintf(text, sizeof text, "another bot of %s has that key (make a new pair: arena keys new NAME)", game);
        api_error(reply, 409, text);
        break;
    case STORE_BOT_UNKNOWN:
        snprintf(text, sizeof text, "no bot '%s' is registered for %s", name, game);
        api_error(reply, 404, text);
        break;
    case STORE_BOT_NOT_OWNER:
        snprintf(text, sizeof text, "'%s' of %s was registered by another author", name, game);
        api_error(reply, 403, text);
        break;
    case STORE_BOT_RETIRED:
        snprintf(text, sizeof text, "'%s' of %s is retired", name, game);
        api_error(reply, 409, text);
        break;
    default:
        api_error(reply, 500, why);
    }
}

/* {"name", "game", ...more} as the reply of a registration route. */
static void bot_reply(struct api_reply *reply, int status, const char *name, const char *game, const char *what,
                      const char *value)
{
    cJSON *root = cJSON_CreateObject();
    if (root && cJSON_AddStringToObject(root, "name", name) && cJSON_AddStringToObject(root, "game", game) &&
        cJSON_AddStringToObject(root, what, value))
        reply_json(reply, status, root);
    else {
        cJSON_Delete(root);
        api_error(reply, 500, "out of memory");
    }
}

static int require_author(const struct api_request *req, struct api_reply *reply)
{
    if (req->author) return 0;
    api_error(reply, 401, "registering or changing a bot takes an author token (Authorization: Bearer TOKEN)");
    return -1;
}

/* POST /api/v1/bots {"name", "game", "public_key"} */
static void register_bot(struct api *self, const struct api_request *req, struct api_reply *reply)
{
    static const char *const allowed[] = { "name", "game", "public_key", NULL };
    char game[STORE_GAME_KEY_MAX], err[256];
    if (require_author(req, reply) < 0) return;
    cJSON *doc = fields_body(req, allowed, reply);
    if (!doc) return;
    const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "name")), *key;
    if (name_ok(name, reply) == 0 && body_game(doc, game, reply) == 0 && (key = body_key(doc, "public_key", reply))) {
        int rc = store_bot_register(self->store, game, name, req->author, key, err, sizeof err);
        if (rc == STORE_BOT_OK) bot_reply(reply, 201, name, game, "owner", req->author);
        else bot_refused(rc, name, game, err, reply);
    }
    json_tree_free(doc);
}

/* PUT /api/v1/bots/NAME {"game", "public_key"} (rotation) or {"game",
 * "retired": true} (retirement). */
static void change_bot(struct api *self, const struct api_request *req, const char *name, struct api_reply *reply)
{
    static const char *const allowed[] = { "game", "public_key", "retired", NULL };
    char game[STORE_GAME_KEY_MAX], err[256];
    if (require_author(req, reply) < 0) return;
    cJSON *doc = fields_body(req, allowed, reply);
    if (!doc) return;
    const cJSON *retired = cJSON_GetObjectItemCaseSensitive(doc, "retired");
    int has_key = cJSON_GetObjectItemCaseSensitive(doc, "public_key") != NULL;
    const char *key = NULL;
    if (name_ok(name, reply) < 0 || body_game(doc, game, reply) < 0) goto out;
    if (has_key == (retired != NULL) || (retired && !cJSON_IsTrue(retired))) {
        api_error(reply, 400, "give either a new \"public_key\" or \"retired\": true");
        goto out;
    }
    if (has_key && !(key = body_key(doc, "public_key", reply))) goto out;
    int rc = store_bot_change(self->store, game, name, req->author, key, err, sizeof err);
    if (rc == STORE_BOT_OK) bot_reply(reply, 200, name, game, "status", key ? "key replaced" : "retired");
    else bot_refused(rc, name, game, err, reply);
out:
    json_tree_free(doc);
}

/* GET /api/v1/bots?game=KEY: the registered bots with their rating. */
static void list_bots(struct api *self, const struct api_request *req, struct api_reply *reply)
{
    char game[STORE_GAME_KEY_MAX], err[256];
    if (game_arg(req, game, reply) < 0) return;
    struct wanted w = { .which = 6, .game = game };
    snprintf(w.slot, sizeof w.slot, "%s", game);
    cJSON *bots = store_bots(self->store, game, err, sizeof err), *b, *root = NULL;
    if (!bots || with_stats(self, &w, take, err, sizeof err) < 0) goto fail;
    if (!w.ratings) {
        snprintf(err, sizeof err, "out of memory");
        goto fail;
    }
    int ok = 1;
    cJSON_ArrayForEach(b, bots) {
        const cJSON *r = cJSON_GetObjectItemCaseSensitive(w.ratings,
                                                          cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b, "name")));
        const cJSON *rating = cJSON_GetObjectItemCaseSensitive(r, "rating");
        const cJSON *rating_status = cJSON_GetObjectItemCaseSensitive(r, "rating_status");
        ok = ok && cJSON_AddItemToObject(b, "rating", rating ? cJSON_Duplicate(rating, 0) : cJSON_CreateNull()) &&
             cJSON_AddItemToObject(b, "rating_status", rating_status ? cJSON_Duplicate(rating_status, 0)
                                                                     : cJSON_CreateString("unplayed")) &&
             cJSON_AddNumberToObject(b, "matches", r ? cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(r, "matches")) : 0);
    }
    root = cJSON_CreateObject();
    if (!ok || !root || !cJSON_AddStringToObject(root, "game", game) || !cJSON_AddItemToObject(root, "bots", bots)) {
        snprintf(err, sizeof err, "out of memory");
        goto fail;
    }
    cJSON_Delete(w.ratings);
    reply_json(reply, 200, root);
    return;
fail:
    if (!root || !cJSON_GetObjectItemCaseSensitive(root, "bots")) cJSON_Delete(bots);
    cJSON_Delete(root);
    cJSON_Delete(w.ratings);
    api_error(reply, 500, err);
}

/* POST /api/v1/arena {"game", "endpoint", "server_key", "bots": [{"name",
 * "connections", "playing"}...]}: a ladder arena says where it is and who
 * is connected. */
static void report_arena(struct api *self, const struct api_request *req, struct api_reply *reply)
{
    static const char *const allowed[] = { "game", "endpoint", "server_key", "bots", NULL };
    enum { MAX_BOTS = 256, MAX_ENDPOINT = 256 };
    char game[STORE_GAME_KEY_MAX], err[256];
    const char *names[MAX_BOTS];
    int connections[MAX_BOTS], playing[MAX_BOTS], n = 0;
    const cJSON *b;
    if (!req->may_post) {
        api_error(reply, 401, "an arena's report takes a token allowed to post (Authorization: Bearer TOKEN)");
        return;
    }
    cJSON *doc = fields_body(req, allowed, reply);
    if (!doc) return;
    const char *endpoint = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "endpoint")), *key;
    const cJSON *bots = cJSON_GetObjectItemCaseSensitive(doc, "bots");
    if (body_game(doc, game, reply) < 0 || !(key = body_key(doc, "server_key", reply))) goto out;
    if (!endpoint || strncmp(endpoint, "tcp://", 6) || strlen(endpoint) > MAX_ENDPOINT ||
        strspn(endpoint, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.:/-_[]*") != strlen(endpoint)) {
        api_error(reply, 400, "'endpoint' must be tcp://HOST:PORT (at most 256 characters)");
        goto out;
    }
    if (!cJSON_IsArray(bots) || cJSON_GetArraySize(bots) > MAX_BOTS) {
        api_error(reply, 400, "'bots' must be an array of at most 256 {\"name\", \"connections\", \"playing\"}");
        goto out;
    }
    cJSON_ArrayForEach(b, bots) {
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b, "name"));
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(b, "connections");
        const cJSON *p = cJSON_GetObjectItemCaseSensitive(b, "playing");
        if (name_ok(name, reply) < 0) goto out;
        if (cJSON_GetArraySize(b) != 3 || !cJSON_IsNumber(c) || !cJSON_IsNumber(p) || c->valuedouble < 0 ||
            c->valuedouble > 1000 || p->valuedouble < 0 || p->valuedouble > c->valuedouble ||
            c->valuedouble != (int)c->valuedouble || p->valuedouble != (int)p->valuedouble) {
            api_error(reply, 400, "each of 'bots' is {\"name\", \"connections\", \"playing\"}: 0 <= playing <= "
                      "connections <= 1000, whole numbers");
            goto out;
        }
        names[n] = name;
        connections[n] = (int)c->valuedouble;
        playing[n++] = (int)p->valuedouble;
    }
    if (store_arena_report(self->store, game, endpoint, key, names, connections, playing, n, err, sizeof err) < 0) {
        api_error(reply, 500, err);
        goto out;
    }
    bot_reply(reply, 200, "arena", game, "status", "reported");
out:
    json_tree_free(doc);
}

/* GET /api/v1/arena?game=KEY: where the game's ladder arena listens and
 * its server key; the operator's setting wins over the arena's report. */
static void get_arena(struct api *self, const struct api_request *req, struct api_reply *reply)
{
    char game[STORE_GAME_KEY_MAX], err[256];
    int found;
    if (game_arg(req, game, reply) < 0) return;
    cJSON *arena = store_arena(self->store, game, &found, err, sizeof err);
    if (!arena && found) {
        api_error(reply, 500, err);
        return;
    }
    if (!arena && !self->arena_endpoint) {
        snprintf(err, sizeof err, "no ladder arena for %s (the operator sets one with leaderboard --arena, or "
                 "arena serve --leaderboard reports itself)", game);
        api_error(reply, 404, err);
        return;
    }
    if (!arena && (!(arena = cJSON_CreateObject()) || !cJSON_AddStringToObject(arena, "game", game) ||
                   !cJSON_AddNullToObject(arena, "reported") || !cJSON_AddBoolToObject(arena, "fresh", 0)))
        goto oom;
    if (self->arena_endpoint) {
        cJSON_DeleteItemFromObjectCaseSensitive(arena, "endpoint");
        cJSON_DeleteItemFromObjectCaseSensitive(arena, "server_key");
        if (!cJSON_AddStringToObject(arena, "endpoint", self->arena_endpoint) ||
            !cJSON_AddStringToObject(arena, "server_key", self->arena_key))
            goto oom;
    }
    if (!cJSON_AddStringToObject(arena, "source", self->arena_endpoint ? "operator" : "arena")) goto oom;
    reply_json(reply, 200, arena);
    return;
oom:
    cJSON_Delete(arena);
    api_error(reply, 500, "out of memory");
}

/* The routes: an exact path, or a prefix followed by one path segment. */
enum route_kind { EXACT, PREFIX };

struct route {
    const char *path;
    enum route_kind kind;
    const char *allow;
    int id;
};

enum { R_PARTIES, R_MATCHES, R_PARTIE, R_STANDINGS, R_CROSSTABLE, R_HISTORY, R_BOT, R_GAMES, R_RUN, R_BOTS, R_ARENA };

static const struct route routes[] = {
    { "/api/v1/parties", EXACT, "GET, HEAD, POST", R_PARTIES },
    { "/api/v1/parties/", PREFIX, "GET, HEAD", R_PARTIE },
    { "/api/v1/matches", EXACT, "GET, HEAD, POST", R_MATCHES },
    { "/api/v1/matches/", PREFIX, "GET, HEAD", R_PARTIE },
    { "/api/v1/games", EXACT, "GET, HEAD", R_GAMES },
    { "/api/v1/standings", EXACT, "GET, HEAD", R_STANDINGS },
    { "/api/v1/crosstable", EXACT, "GET, HEAD", R_CROSSTABLE },
    { "/api/v1/history", EXACT, "GET, HEAD", R_HISTORY },
    { "/api/v1/bots", EXACT, "GET, HEAD, POST", R_BOTS },
    { "/api/v1/bots/", PREFIX, "GET, HEAD, PUT", R_BOT },
    { "/api/v1/arena", EXACT, "GET, HEAD, POST", R_ARENA },
    { "/api/v1/runs/", PREFIX, "GET, HEAD", R_RUN },
};

void api_handle(struct api *self, const struct api_request *req, struct api_reply *reply)
{
    const struct route *route = NULL;
    const char *rest = NULL;
    memset(reply, 0, sizeof *reply);
    for (size_t i = 0; i < sizeof routes / sizeof routes[0] && !route; i++) {
        size_t n = strlen(routes[i].path);
        if (routes[i].kind == EXACT && !strcmp(req->path, routes[i].path)) route = &routes[i];
        else if (routes[i].kind == PREFIX && !strncmp(req->path, routes[i].path, n) && req->path[n]) {
            route = &routes[i];
            rest = req->path + n;
        }
    }
    if (!route) {
        api_error(reply, 404, "no such route");
        return;
    }
    int get = !strcmp(req->method, "GET") || !strcmp(req->method, "HEAD");
    int post = !strcmp(req->method, "POST"), put = !strcmp(req->method, "PUT");
    if (!(get || (post && (route->id == R_PARTIES || route->id == R_MATCHES || route->id == R_BOTS ||
                           route->id == R_ARENA)) ||
          (put && route->id == R_BOT))) {
        api_error(reply, 405, "method not allowed");
        reply->allow = route->allow;
        return;
    }
    switch (route->id) {
    case R_PARTIES:
    case R_MATCHES:
        if (post) post_parties(self, req, reply);
        else list_parties(self, req, route->id == R_PARTIES ? "parties" : "matches", reply);
        break;
    case R_GAMES:
        list_games(self, reply);
        break;
    case R_BOTS:
        if (post) register_bot(self, req, reply);
        else list_bots(self, req, reply);
        break;
    case R_ARENA:
        if (post) report_arena(self, req, reply);
        else get_arena(self, req, reply);
        break;
    case R_PARTIE:
        get_partie(self, rest, reply);
        break;
    case R_STANDINGS:
        get_standings(self, req, reply);
        break;
    case R_RUN:
        get_journal(self, req, rest, reply);
        break;
    case R_CROSSTABLE:
        get_cached(self, req, 1, NULL, reply);
        break;
    case R_HISTORY:
        get_cached(self, req, 2, NULL, reply);
        break;
    default:
        if (put) change_bot(self, req, rest, reply);
        else get_cached(self, req, 3, rest, reply);
        break;
    }
}

/* store.c - the SQLite store of posted parties and matches (store.h).
 *
 * One connection, one mutex: every public function takes the lock for its
 * whole use of the connection and its prepared statements, which are made
 * once at open and reset after each use. Writes go through BEGIN IMMEDIATE
 * ... COMMIT, so a batch is all or nothing and a kill at any moment leaves
 * the last committed state (WAL, synchronous=FULL: a 200 means on disk).
 * A match's per-player columns (names, scores, points, faults) are JSON
 * arrays by player that only this file writes and reads.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sqlite3.h>
#include "leaderboard/store.h"
#include "protocol/codec.h"

enum {
    ST_BEGIN, ST_COMMIT, ST_ROLLBACK, ST_FIND, ST_INSERT, ST_EACH, ST_LIST_PARTIES,
    ST_GET, ST_INSERT_MATCH, ST_EACH_MATCH, ST_LIST_MATCHES, ST_GAMES, ST_RUN_PARTIES, ST_RUN_MATCHES,
    ST_BOT_INSERT, ST_BOT_FIND, ST_BOT_BY_KEY, ST_BOT_ROTATE, ST_BOT_RETIRE, ST_BOTS, ST_PRESENCE_CLEAR,
    ST_PRESENCE_SET, ST_ARENA_SET, ST_ARENA_GET, ST_N
};

static const char *const sql_text[ST_N] = {
    [ST_BEGIN] = "BEGIN IMMEDIATE",
    [ST_COMMIT] = "COMMIT",
    [ST_ROLLBACK] = "ROLLBACK",
    [ST_FIND] = "SELECT record FROM parties WHERE key = ?1 UNION ALL SELECT record FROM matches WHERE key = ?1",
    [ST_INSERT] = "INSERT INTO parties (key, run, num, posted, player_a, player_b, first_dealer, "
                  "total_a, total_b, winner, settlement, seed, forfeit, faults_a, faults_b, record) "
                  "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
    [ST_EACH] = "SELECT seq, key, run, posted, player_a, player_b, first_dealer, total_a, total_b, "
                "winner, settlement, seed, forfeit, faults_a, faults_b, num FROM parties WHERE seq > ?1 ORDER BY seq",
    /* The filters of struct store_filter, each NULL for "any": ?3 bot,
     * ?4 opponent (with a bot), ?5 run, ?6 posted from, ?7 posted before,
     * ?8 the bot's result ('win', 'draw', 'loss'). */
    [ST_LIST_PARTIES] = "SELECT seq, key, posted, player_a, player_b, first_dealer, total_a, total_b, "
                    "winner, settlement, forfeit, record FROM parties WHERE seq < ?1 "
                    "AND (?3 IS NULL OR player_a = ?3 OR player_b = ?3) "
                    "AND (?4 IS NULL OR (player_a = ?3 AND player_b = ?4) OR (player_b = ?3 AND player_a = ?4)) "
                    "AND (?5 IS NULL OR run = ?5) AND (?6 IS NULL OR posted >= ?6) AND (?7 IS NULL OR posted < ?7) "
                    "AND (?8 IS NULL OR (?8 = 'draw' AND winner IS NULL) OR "
                    "(?8 = 'win' AND winner = (player_b = ?3)) OR (?8 = 'loss' AND winner = (player_a = ?3))) "
                    "ORDER BY seq DESC LIMIT ?2",
    [ST_GET] = "SELECT seq, posted, record FROM parties WHERE key = ?1 "
               "UNION ALL SELECT seq, posted, record FROM matches WHERE key = ?1",
    [ST_INSERT_MATCH] = "INSERT INTO matches (key, game, run, num, set_id, posted, players, first_dealer, names, "
                        "scores, points, winner, forfeit, faults, record) "
                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
    [ST_EACH_MATCH] = "SELECT seq, key, run, posted, players, first_dealer, names, points, winner, forfeit, "
                      "faults, set_id FROM matches WHERE game = ?1 AND seq > ?2 ORDER BY seq",
    [ST_LIST_MATCHES] = "SELECT seq, key, posted, game, players, names, first_dealer, scores, points, winner, "
                        "record FROM matches WHERE game = ?9 AND seq < ?1 AND (?3 IS NULL OR EXISTS "
                        "(SELECT 1 FROM json_each(matches.names) WHERE value = ?3)) "
                        "AND (?4 IS NULL OR EXISTS (SELECT 1 FROM json_each(matches.names) WHERE value = ?4)) "
                        "AND (?5 IS NULL OR run = ?5) AND (?6 IS NULL OR posted >= ?6) AND (?7 IS NULL OR posted < ?7) "
                        "AND (?8 IS NULL OR (?8 = 'draw' AND winner IS NULL) OR "
                        "(?8 = 'win' AND json_extract(names, '$[' || winner || ']') = ?3) OR "
                        "(?8 = 'loss' AND json_extract(names, '$[' || winner || ']') <> ?3)) "
                        "ORDER BY seq DESC LIMIT ?2",
    [ST_RUN_PARTIES] = "SELECT record FROM parties WHERE run = ?1 ORDER BY seq",
    [ST_RUN_MATCHES] = "SELECT record FROM matches WHERE game = ?2 AND run = ?1 ORDER BY seq",
    [ST_GAMES] = "SELECT 'piquet', COUNT(*), MAX(posted), 0 FROM parties HAVING COUNT(*) > 0 "
                 "UNION ALL SELECT game, COUNT(*), MAX(posted), 1 FROM matches GROUP BY game ORDER BY 4, 1",
    [ST_BOT_INSERT] = "INSERT INTO bots (game, name, owner, public_key, registered, key_set) "
                      "VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
    [ST_BOT_FIND] = "SELECT owner, retired IS NOT NULL FROM bots WHERE game = ?1 AND name = ?2",
    [ST_BOT_BY_KEY] = "SELECT name FROM bots WHERE game = ?1 AND public_key = ?2",
    [ST_BOT_ROTATE] = "UPDATE bots SET public_key = ?3, key_set = ?4 WHERE game = ?1 AND name = ?2",
    [ST_BOT_RETIRE] = "UPDATE bots SET retired = ?3, connections = 0, playing = 0 WHERE game = ?1 AND name = ?2",
    [ST_BOTS] = "SELECT b.name, b.owner, b.public_key, b.registered, b.key_set, b.retired, b.connections, "
                "b.playing, b.last_seen, COALESCE(a.reported, 0) FROM bots b LEFT JOIN arenas a ON a.game = b.game "
                "WHERE b.game = ?1 ORDER BY b.name",
    [ST_PRESENCE_CLEAR] = "UPDATE bots SET connections = 0, playing = 0 WHERE game = ?1",
    [ST_PRESENCE_SET] = "UPDATE bots SET connections = ?3, playing = ?4, last_seen = ?5 "
                        "WHERE game = ?1 AND name = ?2 AND retired IS NULL",
    [ST_ARENA_SET] = "INSERT INTO arenas (game, endpoint, server_key, reported, updated) VALUES (?1, ?2, ?3, ?4, ?5) "
                     "ON CONFLICT (game) DO UPDATE SET endpoint = excluded.endpoint, "
                     "server_key = excluded.server_key, reported = excluded.reported, updated = excluded.updated",
    [ST_ARENA_GET] = "SELECT endpoint, server_key, reported, updated FROM arenas WHERE game = ?1",
};

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS parties ("
    " seq INTEGER PRIMARY KEY AUTOINCREMENT,"
    " key TEXT NOT NULL UNIQUE,"
    " run TEXT NOT NULL,"
    " num INTEGER NOT NULL,"
    " posted TEXT NOT NULL,"
    " player_a TEXT NOT NULL,"
    " player_b TEXT NOT NULL,"
    " first_dealer INTEGER NOT NULL CHECK (first_dealer IN (0, 1)),"
    " total_a INTEGER NOT NULL,"
    " total_b INTEGER NOT NULL,"
    " winner INTEGER CHECK (winner IN (0, 1)),"
    " settlement INTEGER NOT NULL,"
    " seed TEXT NOT NULL,"
    " forfeit INTEGER CHECK (forfeit IN (0, 1)),"
    " faults_a TEXT NOT NULL,"
    " faults_b TEXT NOT NULL,"
    " record TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS parties_by_a ON parties (player_a, seq);"
    "CREATE INDEX IF NOT EXISTS parties_by_b ON parties (player_b, seq);"
    /* Version 2: the matches of the other games. */
    "CREATE TABLE IF NOT EXISTS matches ("
    " seq INTEGER PRIMARY KEY AUTOINCREMENT,"
    " key TEXT NOT NULL UNIQUE,"
    " game TEXT NOT NULL,"
    " run TEXT NOT NULL,"
    " num INTEGER NOT NULL,"
    " set_id INTEGER,"
    " posted TEXT NOT NULL,"
    " players INTEGER NOT NULL,"
    " first_dealer INTEGER NOT NULL,"
    " names TEXT NOT NULL,"
    " scores TEXT NOT NULL,"
    " points TEXT NOT NULL,"
    " winner INTEGER,"
    " forfeit INTEGER,"
    " faults TEXT NOT NULL,"
    " record TEXT NOT NULL);"
    "CREATE INDEX IF NOT EXISTS matches_by_game ON matches (game, seq);"
    /* Version 3: registered bots and the ladder arenas' reports. A key is
     * one bot's in a game, a retired bot's too. */
    "CREATE TABLE IF NOT EXISTS bots ("
    " game TEXT NOT NULL,"
    " name TEXT NOT NULL,"
    " owner TEXT NOT NULL,"
    " public_key TEXT NOT NULL,"
    " registered TEXT NOT NULL,"
    " key_set TEXT NOT NULL,"
    " retired TEXT,"
    " connections INTEGER NOT NULL DEFAULT 0,"
    " playing INTEGER NOT NULL DEFAULT 0,"
    " last_seen TEXT,"
    " PRIMARY KEY (game, name));"
    "CREATE UNIQUE INDEX IF NOT EXISTS bots_by_key ON bots (game, public_key);"
    "CREATE TABLE IF NOT EXISTS arenas ("
    " game TEXT PRIMARY KEY,"
    " endpoint TEXT NOT NULL,"
    " server_key TEXT NOT NULL,"
    " reported INTEGER NOT NULL,"
    " updated TEXT NOT NULL);";

struct store {
    sqlite3 *db;
    sqlite3_stmt *st[ST_N];
    pthread_mutex_t lock;
};

static void say(char *err, size_t cap, const char *what, sqlite3 *db)
{
    snprintf(err, cap, "%s: %s", what, db ? sqlite3_errmsg(db) : "out of memory");
}

/* Runs a statement with no result row. */
static int exec(struct store *self, const char *sql, char *err, size_t cap)
{
    char *msg = NULL;
    if (sqlite3_exec(self->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        snprintf(err, cap, "%s: %s", sql, msg ? msg : "failed");
        sqlite3_free(msg);
        return -1;
    }
    return 0;
}

static int user_version(struct store *self, int *version, char *err, size_t cap)
{
    sqlite3_stmt *st = NULL;
    int rc = -1;
    if (sqlite3_prepare_v2(self->db, "PRAGMA user_version", -1, &st, NULL) != SQLITE_OK ||
        sqlite3_step(st) != SQLITE_ROW) {
        say(err, cap, "cannot read the schema version", self->db);
        goto out;
    }
    *version = sqlite3_column_int(st, 0);
    rc = 0;
out:
    sqlite3_finalize(st);
    return rc;
}

struct store *store_open(const char *path, char *err, size_t cap)
{
    struct store *self = calloc(1, sizeof *self);
    int version = 0;
    char sql[64];
    if (!self) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&self->lock, NULL);
    if (sqlite3_open_v2(path, &self->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK) {
        snprintf(err, cap, "cannot open '%s': %s", path, self->db ? sqlite3_errmsg(self->db) : "out of memory");
        goto fail;
    }
    if (sqlite3_busy_timeout(self->db, 5000) != SQLITE_OK ||
        exec(self, "PRAGMA journal_mode = WAL", err, cap) < 0 ||
        exec(self, "PRAGMA synchronous = FULL", err, cap) < 0 ||
        exec(self, "PRAGMA foreign_keys = ON", err, cap) < 0 ||
        user_version(self, &version, err, cap) < 0)
        goto fail;
    if (version > STORE_SCHEMA_VERSION) {
        snprintf(err, cap, "'%s' has schema version %d; this server knows up to %d", path, version,
                 STORE_SCHEMA_VERSION);
        goto fail;
    }
    snprintf(sql, sizeof sql, "PRAGMA user_version = %d", STORE_SCHEMA_VERSION);
    if (exec(self, "BEGIN IMMEDIATE", err, cap) < 0) goto fail;
    if (exec(self, schema, err, cap) < 0 || exec(self, sql, err, cap) < 0 || exec(self, "COMMIT", err, cap) < 0) {
        sqlite3_exec(self->db, "ROLLBACK", NULL, NULL, NULL);
        goto fail;
    }
    for (int i = 0; i < ST_N; i++)
        if (sqlite3_prepare_v3(self->db, sql_text[i], -1, SQLITE_PREPARE_PERSISTENT, &self->st[i], NULL) !=
            SQLITE_OK) {
            say(err, cap, "cannot prepare a statement", self->db);
            goto fail;
        }
    return self;
fail:
    store_close(self);
    return NULL;
}

void store_close(struct store *self)
{
    if (!self) return;
    for (int i = 0; i < ST_N; i++) sqlite3_finalize(self->st[i]);
    if (self->db) sqlite3_close(self->db);
    pthread_mutex_destroy(&self->lock);
    free(self);
}

static sqlite3_stmt *stmt(struct store *self, int which)
{
    sqlite3_stmt *st = self->st[which];
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return st;
}

static int step_done(struct store *self, int which, char *err, size_t cap)
{
    int rc = sqlite3_step(stmt(self, which));
    sqlite3_reset(self->st[which]);
    if (rc != SQLITE_DONE) {
        say(err, cap, sql_text[which], self->db);
        return -1;
    }
    return 0;
}

static void now_iso(char out[32])
{
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* A player's fault counts as the faults_a and faults_b columns keep them:
 * {kind: count} in the order of codec_fault_name(). */
static void faults_text(const int counts[CODEC_FAULTS], char out[160])
{
    int n = snprintf(out, 160, "{");
    for (int f = 0; f < CODEC_FAULTS; f++)
        n += snprintf(out + n, (size_t)(160 - n), "%s\"%s\":%d", f ? "," : "", codec_fault_name(f), counts[f]);
    snprintf(out + n, (size_t)(160 - n), "}");
}

/* Binds and runs the insert of one partie. */
static int insert_partie(struct store *self, const struct store_record *sp, const char *posted, char *err, size_t cap)
{
    const struct record_partie *p = sp->partie;
    sqlite3_stmt *st = stmt(self, ST_INSERT);
    char seed[24], faults[2][160];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)p->seed);
    faults_text(p->faults[0], faults[0]);
    faults_text(p->faults[1], faults[1]);
    int ok = sqlite3_bind_text(st, 1, sp->key, -1, SQLITE_STATIC) == SQLITE_OK &&
             sqlite3_bind_text(st, 2, p->run, -1, SQLITE_STATIC) == SQLITE_OK &&
             sqlite3_bind_int64(st, 3, (sqlite3_int64)p->id) == SQLITE_OK &&
             sqlite3_bind_text(st, 4, posted, -1, SQLITE_STATIC) == SQLITE_OK &&
             sqlite3_bind_text(st, 5, p->players[0], -1, SQLITE_STATIC) == SQLITE_OK &&
             sqlite3_bind_text(st, 6, p->players[1], -1, SQLITE_STATIC) == SQLITE_OK &&
             sqlite3_bind_int(st, 7, p->first_dealer) == SQLITE_OK &&
             sqlite3_bind_int(st, 8, p->totals[0]) == SQLITE_OK &&
             sqlite3_bind_int(st, 9, p->totals[1]) == SQLITE_OK &&
             (p->winner < 0 ? sqlite3_bind_null(st, 10) : sqlite3_bind_int(st, 10, p->winner)) == SQLITE_OK &&
             sqlite3_bind_int(st, 11, p->settlement) == SQLITE_OK &&
             sqlite3_bind_text(st, 12, seed, -1, SQLITE_STATIC) == SQLITE_OK &&
             (p->forfeit.player < 0 ? sqlite3_bind_null(st, 13) : sqlite3_bind_int(st, 13, p->forfeit.player)) ==
                 SQLITE_OK &&
             sqlite3_bind_text(st, 14, faults[0], -1, SQLITE_STATIC) == SQLITE_OK &&
             sqlite3_bind_text(st, 15, faults[1], -1, SQLITE_STATIC) == SQLITE_OK &&
             sqlite3_bind_text(st, 16, sp->record, -1, SQLITE_STATIC) == SQLITE_OK;
    int rc = ok ? sqlite3_step(st) : SQLITE_ERROR;
    sqlite3_reset(st);
    if (rc != SQLITE_DONE) {
        say(err, cap, "cannot store a partie", self->db);
        return -1;
    }
    return 0;
}

static const char *const letters[GAME_MAX_PLAYERS] = { "A", "B", "C", "D", "E" };

/* Per-player values as a JSON array by player: names (strings) or numbers. */
static char *array_text(int n, const char *const *texts, const long *numbers)
{
    cJSON *a = cJSON_CreateArray();
    char *text = NULL;
    int ok = a != NULL;
    for (int p = 0; ok && p < n; p++)
        ok = cJSON_AddItemToArray(a, texts ? cJSON_CreateString(texts[p]) : cJSON_CreateNumber((double)numbers[p]));
    if (ok) text = cJSON_PrintUnformatted(a);
    cJSON_Delete(a);
    return text;
}

/* Binds and runs the insert of one match. */
static int insert_match(struct store *self, const struct store_record *sm, const char *posted, char *err,
                        size_t cap)
{
    const struct game_record *m = sm->match;
    const char *names[GAME_MAX_PLAYERS];
    char faults[GAME_MAX_PLAYERS * 160 + 8];
    int n = snprintf(faults, sizeof faults, "[");
    for (int p = 0; p < m->players; p++) {
        names[p] = m->names[p];
        char one[160];
        faults_text(m->faults[p], one);
        n += snprintf(faults + n, sizeof faults - (size_t)n, "%s%s", p ? "," : "", one);
    }
    snprintf(faults + n, sizeof faults - (size_t)n, "]");
    char *names_json = array_text(m->players, names, NULL);
    char *scores_json = array_text(m->players, NULL, m->scores);
    char *points_json = array_text(m->players, NULL, m->points);
    int rc = SQLITE_ERROR;
    sqlite3_stmt *st = stmt(self, ST_INSERT_MATCH);
    if (names_json && scores_json && points_json &&
        sqlite3_bind_text(st, 1, sm->key, -1, SQLITE_STATIC) == SQLITE_OK &&
        sqlite3_bind_text(st, 2, sm->game, -1, SQLITE_STATIC) == SQLITE_OK &&
        sqlite3_bind_text(st, 3, m->run, -1, SQLITE_STATIC) == SQLITE_OK &&
        sqlite3_bind_int64(st, 4, (sqlite3_int64)m->id) == SQLITE_OK &&
        (sm->has_set ? sqlite3_bind_int64(st, 5, m->set) : sqlite3_bind_null(st, 5)) == SQLITE_OK &&
        sqlite3_bind_text(st, 6, posted, -1, SQLITE_STATIC) == SQLITE_OK &&
        sqlite3_bind_int(st, 7, m->players) == SQLITE_OK &&
        sqlite3_bind_int(st, 8, m->first_dealer) == SQLITE_OK &&
        sqlite3_bind_text(st, 9, names_json, -1, SQLITE_STATIC) == SQLITE_OK &&
        sqlite3_bind_text(st, 10, scores_json, -1, SQLITE_STATIC) == SQLITE_OK &&
        sqlite3_bind_text(st, 11, points_json, -1, SQLITE_STATIC) == SQLITE_OK &&
        (m->winner < 0 ? sqlite3_bind_null(st, 12) : sqlite3_bind_int(st, 12, m->winner)) == SQLITE_OK &&
        (m->forfeit_player < 0 ? sqlite3_bind_null(st, 13) : sqlite3_bind_int(st, 13, m->forfeit_player)) ==
            SQLITE_OK &&
        sqlite3_bind_text(st, 14, faults, -1, SQLITE_STATIC) == SQLITE_OK &&
        sqlite3_bind_text(st, 15, sm->record, -1, SQLITE_STATIC) == SQLITE_OK)
        rc = sqlite3_step(st);
    sqlite3_reset(st);
    cJSON_free(names_json);
    cJSON_free(scores_json);
    cJSON_free(points_json);
    if (rc != SQLITE_DONE) {
        say(err, cap, "cannot store a match", self->db);
        return -1;
    }
    return 0;
}

/* Whether two records are the same partie: equal as JSON (key order and
 * number spelling aside) once the timings, which a resent record may
 * legitimately carry differently, are left out. */
static int same_partie(const char *old_text, const char *new_text)
{
    static const char *const timings[] = { "think_ms", "decisions" };
    cJSON *a = cJSON_Parse(old_text), *b = cJSON_Parse(new_text);
    int same = 0;
    if (a && b) {
        for (size_t i = 0; i < sizeof timings / sizeof timings[0]; i++) {
            cJSON_DeleteItemFromObjectCaseSensitive(a, timings[i]);
            cJSON_DeleteItemFromObjectCaseSensitive(b, timings[i]);
        }
        same = cJSON_Compare(a, b, 1);
    }
    cJSON_Delete(a);
    cJSON_Delete(b);
    return same;
}

/* 0 not stored, 1 stored with this record, 2 stored with another, -1 error. */
static int find(struct store *self, const char *key, const char *record, char *err, size_t cap)
{
    sqlite3_stmt *st = stmt(self, ST_FIND);
    int found = -1;
    if (sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC) != SQLITE_OK) goto out;
    int rc = sqlite3_step(st);
    if (rc == SQLITE_DONE) found = 0;
    else if (rc == SQLITE_ROW) {
        const char *old = (const char *)sqlite3_column_text(st, 0);
        found = old && (strcmp(old, record) == 0 || same_partie(old, record)) ? 1 : 2;
    }
out:
    if (found < 0) say(err, cap, "cannot look a partie up", self->db);
    sqlite3_reset(st);
    return found;
}

int store_insert(struct store *self, const struct store_record *parties, int n, int *stored, int *duplicates,
                 int *conflict, char *err, size_t cap)
{
    char posted[32];
    int rc = -1, began = 0;
    *stored = *duplicates = 0;
    *conflict = -1;
    now_iso(posted);
    pthread_mutex_lock(&self->lock);
    if (step_done(self, ST_BEGIN, err, cap) < 0) goto out;
    began = 1;
    for (int i = 0; i < n; i++) {
        int found = find(self, parties[i].key, parties[i].record, err, cap);
        if (found < 0) goto out;
        if (found == 2) {
            *conflict = i;
            rc = 1;
            goto out;
        }
        if (found == 1) {
            (*duplicates)++;
            continue;
        }
        if ((parties[i].match ? insert_match(self, &parties[i], posted, err, cap)
                              : insert_partie(self, &parties[i], posted, err, cap)) < 0)
            goto out;
        (*stored)++;
    }
    if (step_done(self, ST_COMMIT, err, cap) < 0) goto out;
    began = 0;
    rc = 0;
out:
    if (began) {
        char ignored[256];
        step_done(self, ST_ROLLBACK, ignored, sizeof ignored);
        *stored = *duplicates = 0;
    }
    pthread_mutex_unlock(&self->lock);
    return rc;
}

static const char *text_or_empty(sqlite3_stmt *st, int col)
{
    const char *s = (const char *)sqlite3_column_text(st, col);
    return s ? s : "";
}

static int int_or(sqlite3_stmt *st, int col, int none)
{
    return sqlite3_column_type(st, col) == SQLITE_NULL ? none : sqlite3_column_int(st, col);
}

/* The faults_a or faults_b column back into counts, through the record
 * reader's own reading of a player's faults. */
static int faults_of(sqlite3_stmt *st, int col, const char *where, int counts[CODEC_FAULTS], char *err, size_t cap)
{
    cJSON *json = cJSON_Parse(text_or_empty(st, col));
    int rc = record_read_faults(json, where, counts, err, cap);
    cJSON_Delete(json);
    return rc;
}

/* A row of ST_EACH as the columns of a partie record (store.h). */
static int row_of(sqlite3_stmt *st, struct store_row *row, char *err, size_t cap)
{
    struct record_partie *p = &row->partie;
    char why[200];
    memset(row, 0, sizeof *row);
    pq_rules_default(&p->rules);
    row->seq = sqlite3_column_int64(st, 0);
    row->key = text_or_empty(st, 1);
    row->posted = text_or_empty(st, 3);
    p->run = text_or_empty(st, 2);
    p->players[0] = text_or_empty(st, 4);
    p->players[1] = text_or_empty(st, 5);
    p->first_dealer = sqlite3_column_int(st, 6) ? PQ_PLAYER_B : PQ_PLAYER_A;
    p->totals[0] = sqlite3_column_int(st, 7);
    p->totals[1] = sqlite3_column_int(st, 8);
    p->winner = int_or(st, 9, -1);
    p->settlement = sqlite3_column_int(st, 10);
    p->forfeit.player = int_or(st, 12, -1);
    p->forfeit.fault = -1;
    p->id = (uint64_t)sqlite3_column_int64(st, 15);
    if (record_seed_parse(text_or_empty(st, 11), &p->seed) < 0) {
        snprintf(err, cap, "stored partie %s: its seed is not a decimal 64-bit number", row->key);
        return -1;
    }
    if (faults_of(st, 13, "faults.A", p->faults[0], why, sizeof why) < 0 ||
        faults_of(st, 14, "faults.B", p->faults[1], why, sizeof why) < 0) {
        snprintf(err, cap, "stored partie %s: %s", row->key, why);
        return -1;
    }
    return 0;
}

int store_each(struct store *self, long long after, int (*each)(const struct store_row *row, void *ctx), void *ctx,
               char *err, size_t cap)
{
    int rc = -1, step = SQLITE_ERROR;
    pthread_mutex_lock(&self->lock);
    sqlite3_stmt *st = stmt(self, ST_EACH);
    if (sqlite3_bind_int64(st, 1, after) == SQLITE_OK)
    while ((step = sqlite3_step(st)) == SQLITE_ROW) {
        struct store_row row;
        if (row_of(st, &row, err, cap) < 0) goto out;
        if (each(&row, ctx)) break;
    }
    if (step == SQLITE_ROW || step == SQLITE_DONE) rc = 0;
    else say(err, cap, "cannot read the parties", self->db);
out:
    sqlite3_reset(st);
    pthread_mutex_unlock(&self->lock);
    return rc;
}

static const char *const player_names[] = { "A", "B" };

static int add_pair(cJSON *parent, const char *key, sqlite3_stmt *st, int col_a, int as_text)
{
    cJSON *o = cJSON_AddObjectToObject(parent, key);
    int ok = o != NULL;
    for (int p = 0; ok && p < 2; p++) {
        if (as_text) ok = cJSON_AddStringToObject(o, player_names[p], text_or_empty(st, col_a + p)) != NULL;
        else ok = cJSON_AddNumberToObject(o, player_names[p], sqlite3_column_int(st, col_a + p)) != NULL;
    }
    return ok;
}

/* The summary of a row of ST_LIST_*; NULL when out of memory. */
static cJSON *summary(sqlite3_stmt *st)
{
    cJSON *o = cJSON_CreateObject();
    int winner = int_or(st, 8, -1);
    int ok = o && cJSON_AddNumberToObject(o, "seq", (double)sqlite3_column_int64(st, 0)) &&
             cJSON_AddStringToObject(o, "id", text_or_empty(st, 1)) &&
             cJSON_AddStringToObject(o, "posted", text_or_empty(st, 2)) && add_pair(o, "players", st, 3, 1) &&
             cJSON_AddStringToObject(o, "first_dealer", player_names[sqlite3_column_int(st, 5) & 1]) &&
             add_pair(o, "totals", st, 6, 0) &&
             (winner < 0 ? cJSON_AddNullToObject(o, "winner")
                         : cJSON_AddStringToObject(o, "winner", player_names[winner & 1])) &&
             cJSON_AddNumberToObject(o, "settlement", sqlite3_column_int(st, 9));
    /* The forfeit object as posted, from the record itself. */
    cJSON *record = ok ? cJSON_Parse(text_or_empty(st, 11)) : NULL;
    cJSON *forfeit = record ? cJSON_DetachItemFromObjectCaseSensitive(record, "forfeit") : NULL;
    if (ok && !forfeit) forfeit = cJSON_CreateNull();
    ok = ok && cJSON_AddItemToObject(o, "forfeit", forfeit);
    if (!ok) {
        cJSON_Delete(forfeit);
        cJSON_Delete(o);
        o = NULL;
    }
    cJSON_Delete(record);
    return o;
}

/* A JSON array column of a match back into per-player values: names
 * (into row->names) or numbers. -1 when it is not what insert_match wrote. */
static int read_array(sqlite3_stmt *st, int col, int players, struct store_match_row *row, long *numbers)
{
    cJSON *a = cJSON_Parse(text_or_empty(st, col));
    int ok = cJSON_IsArray(a) && cJSON_GetArraySize(a) == players;
    for (int p = 0; ok && p < players; p++) {
        const cJSON *item = cJSON_GetArrayItem(a, p);
        if (numbers) {
            ok = cJSON_IsNumber(item);
            if (ok) numbers[p] = (long)item->valuedouble;
        } else {
            ok = cJSON_IsString(item) && strlen(item->valuestring) < sizeof row->names[p];
            if (ok) snprintf(row->names[p], sizeof row->names[p], "%s", item->valuestring);
        }
    }
    cJSON_Delete(a);
    return ok ? 0 : -1;
}

static int match_row_of(sqlite3_stmt *st, struct store_match_row *row, char *err, size_t cap)
{
    char why[200];
    memset(row, 0, sizeof *row);
    row->seq = sqlite3_column_int64(st, 0);
    row->key = text_or_empty(st, 1);
    row->run = text_or_empty(st, 2);
    row->posted = text_or_empty(st, 3);
    row->players = sqlite3_column_int(st, 4);
    row->first_dealer = sqlite3_column_int(st, 5);
    row->winner = int_or(st, 8, -1);
    row->forfeit_player = int_or(st, 9, -1);
    row->has_set = sqlite3_column_type(st, 11) != SQLITE_NULL;
    row->set = (long)sqlite3_column_int64(st, 11);
    if (row->players < 2 || row->players > GAME_MAX_PLAYERS || row->first_dealer < 0 ||
        row->first_dealer >= row->players || read_array(st, 6, row->players, row, NULL) < 0 ||
        read_array(st, 7, row->players, row, row->points) < 0) {
        snprintf(err, cap, "stored match %s: its columns are not what the store writes", row->key);
        return -1;
    }
    cJSON *faults = cJSON_Parse(text_or_empty(st, 10));
    int rc = cJSON_GetArraySize(faults) == row->players ? 0 : -1;
    for (int p = 0; rc == 0 && p < row->players; p++)
        rc = record_read_faults(cJSON_GetArrayItem(faults, p), letters[p], row->faults[p], why, sizeof why);
    cJSON_Delete(faults);
    if (rc < 0) snprintf(err, cap, "stored match %s: its fault counts are not what the store writes", row->key);
    return rc;
}

int store_each_match(struct store *self, const char *game, long long after,
                     int (*each)(const struct store_match_row *row, void *ctx), void *ctx, char *err, size_t cap)
{
    int rc = -1, step = SQLITE_ERROR;
    pthread_mutex_lock(&self->lock);
    sqlite3_stmt *st = stmt(self, ST_EACH_MATCH);
    if (sqlite3_bind_text(st, 1, game, -1, SQLITE_STATIC) == SQLITE_OK &&
        sqlite3_bind_int64(st, 2, after) == SQLITE_OK)
        while ((step = sqlite3_step(st)) == SQLITE_ROW) {
            struct store_match_row row;
            if (match_row_of(st, &row, err, cap) < 0) goto out;
            if (each(&row, ctx)) break;
        }
    if (step == SQLITE_ROW || step == SQLITE_DONE) rc = 0;
    else say(err, cap, "cannot read the matches", self->db);
out:
    sqlite3_reset(st);
    pthread_mutex_unlock(&self->lock);
    return rc;
}

cJSON *store_games(struct store *self, char *err, size_t cap)
{
    cJSON *list = cJSON_CreateArray();
    int step = SQLITE_ERROR, ok = list != NULL;
    pthread_mutex_lock(&self->lock);
    sqlite3_stmt *st = stmt(self, ST_GAMES);
    while (ok && (step = sqlite3_step(st)) == SQLITE_ROW) {
        cJSON *g = cJSON_CreateObject();
        ok = cJSON_AddItemToArray(list, g) && cJSON_AddStringToObject(g, "game", text_or_empty(st, 0)) &&
             cJSON_AddNumberToObject(g, "matches", (double)sqlite3_column_int64(st, 1)) &&
             cJSON_AddStringToObject(g, "updated", text_or_empty(st, 2));
    }
    if (ok && step != SQLITE_DONE) ok = 0;
    if (!ok) say(err, cap, "cannot list the games", self->db);
    sqlite3_reset(st);
    pthread_mutex_unlock(&self->lock);
    if (!ok) {
        cJSON_Delete(list);
        return NULL;
    }
    return list;
}

/* A per-player object {"A": ..., "B": ...} from a JSON array column. */
static int add_by_letter(cJSON *parent, const char *key, sqlite3_stmt *st, int col)
{
    cJSON *a = cJSON_Parse(text_or_empty(st, col)), *item;
    cJSON *o = cJSON_AddObjectToObject(parent, key);
    int ok = o && cJSON_IsArray(a) && cJSON_GetArraySize(a) <= GAME_MAX_PLAYERS, p = 0;
    for (item = ok ? a->child : NULL; ok && item; item = item->next)
        ok = cJSON_AddItemToObject(o, letters[p++], cJSON_Duplicate(item, 1));
    cJSON_Delete(a);
    return ok;
}

/* The summary of a row of ST_LIST_MATCHES; NULL when out of memory. */
static cJSON *match_summary(sqlite3_stmt *st)
{
    cJSON *o = cJSON_CreateObject();
    int players = sqlite3_column_int(st, 4), winner = int_or(st, 9, -1), first = sqlite3_column_int(st, 6);
    int ok = o && players >= 2 && players <= GAME_MAX_PLAYERS && first >= 0 && first < players &&
             winner < players && cJSON_AddNumberToObject(o, "seq", (double)sqlite3_column_int64(st, 0)) &&
             cJSON_AddStringToObject(o, "id", text_or_empty(st, 1)) &&
             cJSON_AddStringToObject(o, "posted", text_or_empty(st, 2)) &&
             cJSON_AddStringToObject(o, "game", text_or_empty(st, 3)) &&
             cJSON_AddNumberToObject(o, "players", players) && add_by_letter(o, "names", st, 5) &&
             cJSON_AddStringToObject(o, "first_dealer", letters[first]) && add_by_letter(o, "scores", st, 7) &&
             add_by_letter(o, "points", st, 8) &&
             (winner < 0 ? cJSON_AddNullToObject(o, "winner") != NULL
                         : cJSON_AddStringToObject(o, "winner", letters[winner]) != NULL);
    cJSON *record = ok ? cJSON_Parse(text_or_empty(st, 10)) : NULL;
    cJSON *forfeit = record ? cJSON_DetachItemFromObjectCaseSensitive(record, "forfeit") : NULL;
    if (ok && !forfeit) forfeit = cJSON_CreateNull();
    ok = ok && cJSON_AddItemToObject(o, "forfeit", forfeit);
    if (!ok) {
        cJSON_Delete(forfeit);
        cJSON_Delete(o);
        o = NULL;
    }
    cJSON_Delete(record);
    return o;
}

/* The rows of a list statement, bound, as summaries (store_list). */
static cJSON *list_rows(struct store *self, sqlite3_stmt *st, cJSON *(*summarize)(sqlite3_stmt *), int limit,
                        int *more, char *err, size_t cap)
{
    cJSON *list = cJSON_CreateArray();
    int step, n = 0, ok = 0;
    *more = 0;
    if (!list) goto out;
    while ((step = sqlite3_step(st)) == SQLITE_ROW) {
        if (n == limit) {
            *more = 1;
            break;
        }
        cJSON *item = summarize(st);
        if (!item || !cJSON_AddItemToArray(list, item)) {
            cJSON_Delete(item);
            goto out;
        }
        n++;
    }
    ok = step == SQLITE_ROW || step == SQLITE_DONE;
out:
    if (!ok) {
        say(err, cap, "cannot list the records", self->db);
        cJSON_Delete(list);
        list = NULL;
    }
    return list;
}

/* Binds a text, or NULL for NULL; true when bound. */
static int bind_text_or_null(sqlite3_stmt *st, int i, const char *text)
{
    return (text ? sqlite3_bind_text(st, i, text, -1, SQLITE_STATIC) : sqlite3_bind_null(st, i)) == SQLITE_OK;
}

/* Binds the list statement's bounds and filters (?1 to ?8). */
static int bind_filter(sqlite3_stmt *st, const struct store_filter *f, int limit, long long before)
{
    static const struct store_filter none = { 0 };
    if (!f) f = &none;
    return sqlite3_bind_int64(st, 1, before > 0 ? before : (long long)1 << 62) == SQLITE_OK &&
           sqlite3_bind_int(st, 2, limit + 1) == SQLITE_OK && bind_text_or_null(st, 3, f->bot) &&
           bind_text_or_null(st, 4, f->opponent) && bind_text_or_null(st, 5, f->run) &&
           bind_text_or_null(st, 6, f->from) && bind_text_or_null(st, 7, f->before_time) &&
           bind_text_or_null(st, 8, f->result);
}

cJSON *store_list(struct store *self, const struct store_filter *filter, int limit, long long before, int *more,
                  char *err, size_t cap)
{
    cJSON *list = NULL;
    *more = 0;
    pthread_mutex_lock(&self->lock);
    sqlite3_stmt *st = stmt(self, ST_LIST_PARTIES);
    if (bind_filter(st, filter, limit, before))
        list = list_rows(self, st, summary, limit, more, err, cap);
    else
        say(err, cap, "cannot list the parties", self->db);
    sqlite3_reset(st);
    pthread_mutex_unlock(&self->lock);
    return list;
}

cJSON *store_list_matches(struct store *self, const char *game, const struct store_filter *filter, int limit,
                          long long before, int *more, char *err, size_t cap)
{
    cJSON *list = NULL;
    *more = 0;
    pthread_mutex_lock(&self->lock);
    sqlite3_stmt *st = stmt(self, ST_LIST_MATCHES);
    if (bind_filter(st, filter, limit, before) && sqlite3_bind_text(st, 9, game, -1, SQLITE_STATIC) == SQLITE_OK)
        list = list_rows(self, st, match_summary, limit, more, err, cap);
    else
        say(err, cap, "cannot list the matches", self->db);
    sqlite3_reset(st);
    pthread_mutex_unlock(&self->lock);
    return list;
}

char *store_run_journal(struct store *self, const char *game, const char *run, size_t max, size_t *len, char *err,
                        size_t cap)
{
    char *text = NULL;
    size_t size = 0;
    int step, ok = 1;
    FILE *out = open_memstream(&text, &size);
    if (!out) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    pthread_mutex_lock(&self->lock);
    int piquet = !strcmp(game, STORE_PIQUET);
    sqlite3_stmt *st = stmt(self, piquet ? ST_RUN_PARTIES : ST_RUN_MATCHES);
    if (sqlite3_bind_text(st, 1, run, -1, SQLITE_STATIC) != SQLITE_OK ||
        (!piquet && sqlite3_bind_text(st, 2, game, -1, SQLITE_STATIC) != SQLITE_OK)) {
        say(err, cap, "cannot read the run", self->db);
        ok = 0;
    }
    while (ok && (step = sqlite3_step(st)) == SQLITE_ROW) {
        const char *record = text_or_empty(st, 0);
        if (fputs(record, out) == EOF || fputc('\n', out) == EOF) {
            snprintf(err, cap, "out of memory");
            ok = 0;
        } else if ((size_t)ftell(out) > max) {
            snprintf(err, cap, "the run's journal is larger than %zu bytes", max);
            ok = 0;
        }
    }
    if (ok && step != SQLITE_DONE) {
        say(err, cap, "cannot read the run", self->db);
        ok = 0;
    }
    sqlite3_reset(st);
    pthread_mutex_unlock(&self->lock);
    if (fclose(out) != 0 && ok) {
        snprintf(err, cap, "out of memory");
        ok = 0;
    }
    if (!ok) {
        free(text);
        return NULL;
    }
    *len = size;
    return text;
}

cJSON *store_get(struct store *self, const char *key, int *found, char *err, size_t cap)
{
    cJSON *record = NULL;
    *found = 1;
    pthread_mutex_lock(&self->lock);
    sqlite3_stmt *st = stmt(self, ST_GET);
    int rc = sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC) == SQLITE_OK ? sqlite3_step(st) : SQLITE_ERROR;
    if (rc == SQLITE_DONE) *found = 0;
    else if (rc != SQLITE_ROW) say(err, cap, "cannot read a partie", self->db);
    else {
        record = cJSON_Parse(text_or_empty(st, 2));
        if (!cJSON_IsObject(record)) {
            snprintf(err, cap, "the stored record of '%s' is not a JSON object", key);
            cJSON_Delete(record);
            record = NULL;
        } else {
            cJSON_DeleteItemFromObjectCaseSensitive(record, "key");
            cJSON_DeleteItemFromObjectCaseSensitive(record, "seq");
            cJSON_DeleteItemFromObjectCaseSensitive(record, "posted");
            if (!cJSON_AddStringToObject(record, "key", key) ||
                !cJSON_AddNumberToObject(record, "seq", (double)sqlite3_column_int64(st, 0)) ||
                !cJSON_AddStringToObject(record, "posted", text_or_empty(st, 1))) {
                snprintf(err, cap, "out of memory");
                cJSON_Delete(record);
                record = NULL;
            }
        }
    }
    sqlite3_reset(st);
    pthread_mutex_unlock(&self->lock);
    return record;
}

/* ---- registered bots ------------------------------------------------------------------ */

/* Binds texts ?1.. in order; 1 when every bind took. */
static int bind_texts(sqlite3_stmt *st, const char *const *texts, int n)
{
    for (int i = 0; i < n; i++)
        if ((texts[i] ? sqlite3_bind_text(st, i + 1, texts[i], -1, SQLITE_STATIC) : sqlite3_bind_null(st, i + 1)) !=
            SQLITE_OK)
            return 0;
    return 1;
}

/* Runs a statement of texts with no result row. */
static int run_texts(struct store *self, int which, const char *const *texts, int n, char *err, size_t cap)
{
    sqlite3_stmt *st = stmt(self, which);
    int rc = bind_texts(st, texts, n) ? sqlite3_step(st) : SQLITE_ERROR;
    sqlite3_reset(st);
    if (rc != SQLITE_DONE) {
        say(err, cap, sql_text[which], self->db);
        return -1;
    }
    return 0;
}

/* Whether the game has a bot with this key other than `name`: 1, 0, or -1. */
static int key_taken(struct store *self, const char *game, const char *key, const char *name, char *err, size_t cap)
{
    sqlite3_stmt *st = stmt(self, ST_BOT_BY_KEY);
    const char *texts[] = { game, key };
    int rc = bind_texts(st, texts, 2) ? sqlite3_step(st) : SQLITE_ERROR, taken = 0;
    if (rc == SQLITE_ROW) taken = !name || strcmp(text_or_empty(st, 0), name) != 0;
    sqlite3_reset(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        say(err, cap, "cannot look a key up", self->db);
        return -1;
    }
    return taken;
}

/* The bot's owner into owner (cap bytes) and whether it is retired: 1
 * found, 0 none, -1 error. */
static int bot_find(struct store *self, const char *game, const char *name, char *owner, size_t owner_cap,
                    int *retired, char *err, size_t cap)
{
    sqlite3_stmt *st = stmt(self, ST_BOT_FIND);
    const char *texts[] = { game, name };
    int rc = bind_texts(st, texts, 2) ? sqlite3_step(st) : SQLITE_ERROR;
    if (rc == SQLITE_ROW) {
        snprintf(owner, owner_cap, "%s", text_or_empty(st, 0));
        *retired = sqlite3_column_int(st, 1);
    }
    sqlite3_reset(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        say(err, cap, "cannot look a bot up", self->db);
        return -1;
    }
    return rc == SQLITE_ROW;
}

int store_bot_register(struct store *self, const char *game, const char *name, const char *owner,
                       const char *public_key, char *err, size_t cap)
{
    char now[32], had[128];
    int rc = -1, began = 0, retired;
    now_iso(now);
    pthread_mutex_lock(&self->lock);
    if (step_done(self, ST_BEGIN, err, cap) < 0) goto out;
    began = 1;
    int found = bot_find(self, game, name, had, sizeof had, &retired, err, cap);
    int taken = found == 0 ? key_taken(self, game, public_key, NULL, err, cap) : 0;
    if (found < 0 || taken < 0) goto out;
    if (found || taken) {
        rc = found ? STORE_BOT_NAME_TAKEN : STORE_BOT_KEY_TAKEN;
        goto out;
    }
    const char *texts[] = { game, name, owner, public_key, now };
    if (run_texts(self, ST_BOT_INSERT, texts, 5, err, cap) < 0 || step_done(self, ST_COMMIT, err, cap) < 0)
        goto out;
    began = 0;
    rc = STORE_BOT_OK;
out:
    if (began) sqlite3_exec(self->db, "ROLLBACK", NULL, NULL, NULL);
    pthread_mutex_unlock(&self->lock);
    return rc;
}

int store_bot_change(struct store *self, const char *game, const char *name, const char *owner,
                     const char *public_key, char *err, size_t cap)
{
    char now[32], had[128];
    int rc = -1, began = 0, retired = 0;
    now_iso(now);
    pthread_mutex_lock(&self->lock);
    if (step_done(self, ST_BEGIN, err, cap) < 0) goto out;
    began = 1;
    int found = bot_find(self, game, name, had, sizeof had, &retired, err, cap);
    if (found < 0) goto out;
    if (!found || strcmp(had, owner) || retired) {
        rc = !found ? STORE_BOT_UNKNOWN : strcmp(had, owner) ? STORE_BOT_NOT_OWNER : STORE_BOT_RETIRED;
        goto out;
    }
    if (public_key) {
        int taken = key_taken(self, game, public_key, name, err, cap);
        if (taken < 0) goto out;
        if (taken) {
            rc = STORE_BOT_KEY_TAKEN;
            goto out;
        }
        const char *texts[] = { game, name, public_key, now };
        if (run_texts(self, ST_BOT_ROTATE, texts, 4, err, cap) < 0) goto out;
    } else {
        const char *texts[] = { game, name, now };
        if (run_texts(self, ST_BOT_RETIRE, texts, 3, err, cap) < 0) goto out;
    }
    if (step_done(self, ST_COMMIT, err, cap) < 0) goto out;
    began = 0;
    rc = STORE_BOT_OK;
out:
    if (began) sqlite3_exec(self->db, "ROLLBACK", NULL, NULL, NULL);
    pthread_mutex_unlock(&self->lock);
    return rc;
}

/* A text column or JSON null. */
static cJSON *text_or_null(sqlite3_stmt *st, int col)
{
    return sqlite3_column_type(st, col) == SQLITE_NULL ? cJSON_CreateNull()
                                                        : cJSON_CreateString(text_or_empty(st, col));
}

cJSON *store_bots(struct store *self, const char *game, char *err, size_t cap)
{
    cJSON *list = cJSON_CreateArray();
    long long now = (long long)time(NULL);
    int rc = SQLITE_ERROR, ok = list != NULL;
    pthread_mutex_lock(&self->lock);
    sqlite3_stmt *st = stmt(self, ST_BOTS);
    if (ok && sqlite3_bind_text(st, 1, game, -1, SQLITE_STATIC) == SQLITE_OK)
        while (ok && (rc = sqlite3_step(st)) == SQLITE_ROW) {
            int retired = sqlite3_column_type(st, 5) != SQLITE_NULL;
            int fresh = now - sqlite3_column_int64(st, 9) <= STORE_ARENA_FRESH_S;
            int connections = fresh && !retired ? sqlite3_column_int(st, 6) : 0;
            int playing = connections ? sqlite3_column_int(st, 7) : 0;
            cJSON *b = cJSON_CreateObject();
            ok = b && cJSON_AddItemToArray(list, b) && cJSON_AddStringToObject(b, "name", text_or_empty(st, 0)) &&
                 cJSON_AddStringToObject(b, "owner", text_or_empty(st, 1)) &&
                 cJSON_AddStringToObject(b, "public_key", text_or_empty(st, 2)) &&
                 cJSON_AddStringToObject(b, "registered", text_or_empty(st, 3)) &&
                 cJSON_AddStringToObject(b, "key_set", text_or_empty(st, 4)) &&
                 cJSON_AddItemToObject(b, "retired", text_or_null(st, 5)) &&
                 cJSON_AddBoolToObject(b, "connected", connections > 0) &&
                 cJSON_AddNumberToObject(b, "connections", connections) &&
                 cJSON_AddNumberToObject(b, "playing", playing) &&
                 cJSON_AddStringToObject(b, "status", retired ? "retired" : playing ? "playing"
                                                                   : connections ? "idle" : "offline") &&
                 cJSON_AddItemToObject(b, "last_seen", text_or_null(st, 8));
            if (!b) break;
        }
    sqlite3_reset(st);
    pthread_mutex_unlock(&self->lock);
    if (!ok || rc != SQLITE_DONE) {
        if (!ok) snprintf(err, cap, "out of memory");
        else say(err, cap, "cannot list the bots", self->db);
        cJSON_Delete(list);
        return NULL;
    }
    return list;
}

int store_arena_report(struct store *self, const char *game, const char *endpoint, const char *server_key,
                       const char *const *names, const int *connections, const int *playing, int n, char *err,
                       size_t cap)
{
    char now[32], reported[24];
    int rc = -1, began = 0;
    now_iso(now);
    snprintf(reported, sizeof reported, "%lld", (long long)time(NULL));
    pthread_mutex_lock(&self->lock);
    if (step_done(self, ST_BEGIN, err, cap) < 0) goto out;
    began = 1;
    const char *arena[] = { game, endpoint, server_key, reported, now };
    if (run_texts(self, ST_ARENA_SET, arena, 5, err, cap) < 0 || run_texts(self, ST_PRESENCE_CLEAR, &game, 1, err, cap) < 0)
        goto out;
    for (int i = 0; i < n; i++) {
        if (connections[i] <= 0) continue;
        sqlite3_stmt *st = stmt(self, ST_PRESENCE_SET);
        const char *texts[] = { game, names[i] };
        int step = bind_texts(st, texts, 2) && sqlite3_bind_int(st, 3, connections[i]) == SQLITE_OK &&
                           sqlite3_bind_int(st, 4, playing[i]) == SQLITE_OK &&
                           sqlite3_bind_text(st, 5, now, -1, SQLITE_STATIC) == SQLITE_OK
                       ? sqlite3_step(st) : SQLITE_ERROR;
        sqlite3_reset(st);
        if (step != SQLITE_DONE) {
            say(err, cap, "cannot keep a bot's presence", self->db);
            goto out;
        }
    }
    if (step_done(self, ST_COMMIT, err, cap) < 0) goto out;
    began = 0;
    rc = 0;
out:
    if (began) sqlite3_exec(self->db, "ROLLBACK", NULL, NULL, NULL);
    pthread_mutex_unlock(&self->lock);
    return rc;
}

cJSON *store_arena(struct store *self, const char *game, int *found, char *err, size_t cap)
{
    cJSON *arena = NULL;
    *found = 1;
    pthread_mutex_lock(&self->lock);
    sqlite3_stmt *st = stmt(self, ST_ARENA_GET);
    int rc = sqlite3_bind_text(st, 1, game, -1, SQLITE_STATIC) == SQLITE_OK ? sqlite3_step(st) : SQLITE_ERROR;
    if (rc == SQLITE_DONE) *found = 0;
    else if (rc != SQLITE_ROW) say(err, cap, "cannot read the arena", self->db);
    else if (!(arena = cJSON_CreateObject()) || !cJSON_AddStringToObject(arena, "game", game) ||
             !cJSON_AddStringToObject(arena, "endpoint", text_or_empty(st, 0)) ||
             !cJSON_AddStringToObject(arena, "server_key", text_or_empty(st, 1)) ||
             !cJSON_AddStringToObject(arena, "reported", text_or_empty(st, 3)) ||
             !cJSON_AddBoolToObject(arena, "fresh", (long long)time(NULL) - sqlite3_column_int64(st, 2) <=
                                                    STORE_ARENA_FRESH_S)) {
        snprintf(err, cap, "out of memory");
        cJSON_Delete(arena);
        arena = NULL;
    }
    sqlite3_reset(st);
    pthread_mutex_unlock(&self->lock);
    return arena;
}

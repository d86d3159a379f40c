/* store.h - the leaderboard's embedded store: one SQLite file in WAL mode
 * holding every partie and match posted, keyed by RUN-ID
 * (leaderboard/README.md). Piquet's parties (records/record.h) live in the
 * table "parties", as since the first schema; the matches of every other
 * game (records/game_record.h) in "matches", each with its game key: the
 * game's name and its number of players, "belote-4". A key is stored once
 * over both tables.
 *
 * Every statement is prepared; values are bound, never spliced into SQL.
 * One connection guarded by a mutex serves every thread, so each function
 * may be called from any thread. A batch is stored in one transaction:
 * all of it or nothing, even when the process is killed in the middle.
 * The schema carries a version (PRAGMA user_version); a file written by a
 * newer schema is refused, an older one is brought up to date when opened
 * (version 1 had parties only: version 2 adds the matches; version 3 the
 * registered bots and the arenas' reports), its records untouched.
 *
 * Registered bots (leaderboard/README.md "Registering a bot") are rows of
 * their own beside the results: a name unique per game, its owner (the
 * author whose token registered it), its CURVE public key (unique per
 * game, kept by a retired bot so that no other bot takes it), and what the
 * ladder arena of its game last said of it (connections, matches in
 * play, last seen). Nothing of them is ever deleted, and no result
 * depends on them.
 */
#ifndef LEADERBOARD_STORE_H
#define LEADERBOARD_STORE_H

#include <stddef.h>
#include <cjson/cJSON.h>
#include "engine/game.h"
#include "protocol/codec.h"
#include "records/game_record.h"
#include "records/record.h"

enum { STORE_SCHEMA_VERSION = 3, STORE_GAME_KEY_MAX = 48 };

/* What a registration or a change of a registered bot came to. */
enum store_bot_outcome {
    STORE_BOT_OK = 0,
    STORE_BOT_NAME_TAKEN,     /* register: the game has a bot of that name */
    STORE_BOT_KEY_TAKEN,      /* the game has a bot with that key */
    STORE_BOT_UNKNOWN,        /* change: no such bot */
    STORE_BOT_NOT_OWNER,      /* change: registered by another author */
    STORE_BOT_RETIRED         /* change: retired already */
};

/* A ladder arena's report is "now" for this long (store_bots's "connected"). */
enum { STORE_ARENA_FRESH_S = 30 };

/* The game key of Piquet's parties. */
#define STORE_PIQUET "piquet"

struct store;

/* A checked record ready to be stored (check.h fills it): a Piquet partie
 * or another game's match, exactly one of the two. Everything is the
 * caller's. */
struct store_record {
    const char *key;                      /* RUN-ID */
    const struct record_partie *partie;   /* read and checked; its run is set */
    const struct game_record *match;      /* read and checked; its run is set */
    int has_set;                          /* the match names its duplicate set */
    const char *game;                     /* the match's game key, "belote-4" */
    const char *record;                   /* the record as posted, compact JSON */
};

/* One stored partie as the statistics read it (store_each): the columns
 * the store keeps of it, as a partie record read. Filled: run, id, seed,
 * players, first_dealer, totals, winner, settlement, forfeit.player and
 * faults. Not kept in columns (the stored record has them): the course
 * (n_deals is 0, rules are the defaults), forfeit.fault and
 * forfeit.message, decisions, think_ms and pair. */
struct store_row {
    long long seq;            /* insertion order, from 1 */
    const char *key, *posted;
    struct record_partie partie;
};

/* Opens (creating) the database at path, WAL mode, schema checked or
 * created. NULL with the reason in err. The caller frees with store_close. */
struct store *store_open(const char *path, char *err, size_t cap);

/* Closes the database (a WAL checkpoint); NULL is a no-op. */
void store_close(struct store *self);

/* One stored match as the statistics read it (store_each_match): the
 * columns the store keeps of it. Strings live until each() returns. */
struct store_match_row {
    long long seq;            /* insertion order among the matches, from 1 */
    const char *key, *posted, *run;
    int players, first_dealer;
    int winner;               /* player, -1 none */
    int forfeit_player;       /* -1 when nobody forfeited */
    int has_set;
    long set;
    char names[GAME_MAX_PLAYERS][CODEC_NAME_MAX];
    long points[GAME_MAX_PLAYERS];
    int faults[GAME_MAX_PLAYERS][CODEC_FAULTS];
};

/* Stores n records in one transaction. Those whose key is already stored
 * with the same record (equal as JSON, "think_ms" and "decisions" aside)
 * are counted in *duplicates and change nothing.
 * Returns 0; 1 when a key is stored with a different record (nothing is
 * stored, *conflict is its index); -1 on a database error (nothing
 * stored, reason in err). */
int store_insert(struct store *self, const struct store_record *records, int n,
                 int *stored, int *duplicates, int *conflict, char *err, size_t cap);

/* Calls each() for every stored partie whose seq is above `after` (0:
 * all) in insertion order, so that a reader that kept the rows up to
 * `after` reads only the new ones; strings live until each() returns.
 * Stops when each() returns non-zero. 0, or -1 on a database error or a
 * row the store could not have written. */
int store_each(struct store *self, long long after, int (*each)(const struct store_row *row, void *ctx), void *ctx,
               char *err, size_t cap);

/* Calls each() for every stored match of the game key `game` whose seq
 * is above `after` in insertion order, as store_each. */
int store_each_match(struct store *self, const char *game, long long after,
                     int (*each)(const struct store_match_row *row, void *ctx), void *ctx, char *err, size_t cap);

/* The games that have records: a new array of {"game": key, "matches": n,
 * "updated": when the last was posted}, Piquet ("piquet") first when it
 * has parties, then by key. NULL on error. */
cJSON *store_games(struct store *self, char *err, size_t cap);

/* What a list keeps; each NULL for "any". `opponent` and `result` only
 * mean something with a `bot`: the records `bot` played against
 * `opponent`, those it won ("win"), drew ("draw", no winner) or lost
 * ("loss"). `from` and `before_time` bound "posted" (ISO 8601 UTC text,
 * compared as text: "2026-11-26" is that day's start). */
struct store_filter {
    const char *bot, *opponent, *run, *from, *before_time, *result;
};

/* Newest first, parties with seq < before (0: no bound) that pass
 * `filter` (NULL: all), at most limit of them: a new array of summary
 * objects {"seq", "id", "posted", "players", "first_dealer", "totals",
 * "winner", "settlement", "forfeit"}; *more is set when older ones
 * remain. NULL on error. */
cJSON *store_list(struct store *self, const struct store_filter *filter, int limit, long long before, int *more,
                  char *err, size_t cap);

/* The same for the matches of the game key `game`: summary objects
 * {"seq", "id", "posted", "game", "players", "names", "first_dealer",
 * "scores", "points", "winner", "forfeit"}, per player by letter. */
cJSON *store_list_matches(struct store *self, const char *game, const struct store_filter *filter, int limit,
                          long long before, int *more, char *err, size_t cap);

/* The records of one run of the game key `game`, one per line in the
 * order they were stored (a journal without its header line, which
 * `arena ratings` and `arena replay` read), as a malloc'd text of *len
 * bytes; "" for a run without records. NULL with err on error or past max
 * bytes. */
char *store_run_journal(struct store *self, const char *game, const char *run, size_t max, size_t *len, char *err,
                        size_t cap);

/* The stored record of `key` (a partie or a match) as a new cJSON object
 * with "key", "seq" and "posted" added; NULL with *found 0 when there is none, NULL with *found
 * 1 on error. */
cJSON *store_get(struct store *self, const char *key, int *found, char *err, size_t cap);

/* Registers bot `name` of the game key `game` with its public key (Z85,
 * checked by the caller) for the author `owner`. STORE_BOT_OK, another
 * enum store_bot_outcome, or -1 with err. */
int store_bot_register(struct store *self, const char *game, const char *name, const char *owner,
                       const char *public_key, char *err, size_t cap);

/* Changes a registered bot, for its owner only: a new key (public_key not
 * NULL: rotation) or its retirement (public_key NULL). STORE_BOT_OK,
 * another outcome, or -1 with err. */
int store_bot_change(struct store *self, const char *game, const char *name, const char *owner,
                     const char *public_key, char *err, size_t cap);

/* The registered bots of a game, by name: a new array of {"name",
 * "owner", "public_key", "registered", "key_set", "retired" (when, or
 * null), "connected" (true when the arena's last report, under
 * STORE_ARENA_FRESH_S old, had it connected), "connections", "playing"
 * (matches in play), "status" ("playing", "idle", "offline" or
 * "retired"), "last_seen" (or null)}. NULL with err. */
cJSON *store_bots(struct store *self, const char *game, char *err, size_t cap);

/* A ladder arena's report for a game: where it listens, its server key,
 * and its bots connected now (names[i] with connections[i] connections,
 * playing[i] matches in play); the bots not named have none. Names not
 * registered are ignored. 0, or -1 with err. */
int store_arena_report(struct store *self, const char *game, const char *endpoint, const char *server_key,
                       const char *const *names, const int *connections, const int *playing, int n, char *err,
                       size_t cap);

/* The last report of the game's arena: a new object {"game", "endpoint",
 * "server_key", "reported" (ISO time), "fresh" (under
 * STORE_ARENA_FRESH_S old)}; NULL with *found 0 when none, NULL with
 * *found 1 on error. */
cJSON *store_arena(struct store *self, const char *game, int *found, char *err, size_t cap);

#endif

/* store.h - the leaderboard's embedded store: one SQLite file in WAL mode
 * holding every partie posted, keyed by RUN-ID (leaderboard/README.md).
 *
 * Every statement is prepared; values are bound, never spliced into SQL.
 * One connection guarded by a mutex serves every thread, so each function
 * may be called from any thread. A batch is stored in one transaction:
 * all of it or nothing, even when the process is killed in the middle.
 * The schema carries a version (PRAGMA user_version); a file written by a
 * newer schema is refused.
 */
#ifndef LEADERBOARD_STORE_H
#define LEADERBOARD_STORE_H

#include <stddef.h>
#include <cjson/cJSON.h>
#include "records/record.h"

enum { STORE_SCHEMA_VERSION = 1 };

struct store;

/* A checked partie ready to be stored (check.h fills it). Everything is
 * the caller's. */
struct store_partie {
    const char *key;                      /* RUN-ID */
    const struct record_partie *partie;   /* read and checked; its run is set */
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

/* Stores n parties in one transaction. Those whose key is already stored
 * with the same record (equal as JSON, "think_ms" and "decisions" aside)
 * are counted in *duplicates and change nothing.
 * Returns 0; 1 when a key is stored with a different record (nothing is
 * stored, *conflict is its index); -1 on a database error (nothing
 * stored, reason in err). */
int store_insert(struct store *self, const struct store_partie *parties, int n,
                 int *stored, int *duplicates, int *conflict, char *err, size_t cap);

/* Calls each() for every stored partie in insertion order; strings live
 * until each() returns. Stops when each() returns non-zero. 0, or -1 on a
 * database error or a row the store could not have written. */
int store_each(struct store *self, int (*each)(const struct store_row *row, void *ctx), void *ctx,
               char *err, size_t cap);

/* Newest first, parties with seq < before (0: no bound) where `bot` (NULL:
 * any) played, at most limit of them: a new array of summary objects
 * {"seq", "id", "posted", "players", "first_dealer", "totals", "winner",
 * "settlement", "forfeit"}; *more is set when older ones remain. NULL on
 * error. */
cJSON *store_list(struct store *self, const char *bot, int limit, long long before, int *more,
                  char *err, size_t cap);

/* The stored record of `key` as a new cJSON object with "key", "seq" and
 * "posted" added; NULL with *found 0 when there is none, NULL with *found
 * 1 on error. */
cJSON *store_get(struct store *self, const char *key, int *found, char *err, size_t cap);

#endif

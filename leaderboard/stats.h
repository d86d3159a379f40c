/* stats.h - standings, crosstable, per-bot pages and rating history,
 * computed from every stored partie with the arena's statistics code:
 * the store hands its parties out as partie records (store.h,
 * records/record.h), records/results.h makes them the fit's input exactly as
 * `arena ratings` makes a journal's records, stats/ratings.h fits and
 * stats/standings.h orders and writes the standings.
 *
 * Duplicate pairs are found within a run and never across runs (results
 * keys a pair by run, seed and bots); bots are merged by name over all
 * runs, so results posted by several arenas combine. A snapshot is
 * immutable once made: the server caches it and makes a new one after a
 * post.
 */
#ifndef LEADERBOARD_STATS_H
#define LEADERBOARD_STATS_H

#include <stddef.h>
#include <cjson/cJSON.h>
#include "leaderboard/store.h"

enum { STATS_HISTORY_POINTS = 30 };

struct stats {
    char *standings;     /* GET /api/v1/standings, compact JSON */
    size_t standings_len;
    char *crosstable;    /* GET /api/v1/crosstable */
    size_t crosstable_len;
    cJSON *bots;         /* name -> the bot's object without "history" */
    long long parties;   /* parties in the snapshot */
};

struct stats_history {
    char *json;          /* GET /api/v1/history */
    size_t len;
    cJSON *per_bot;      /* name -> [{"parties", "rating"}...] */
};

/* A snapshot of everything stored now. NULL with the reason in err. The
 * caller frees it with stats_free. */
struct stats *stats_compute(struct store *store, char *err, size_t cap);
void stats_free(struct stats *self);

/* The rating of every bot after each of up to STATS_HISTORY_POINTS evenly
 * spaced prefixes of the stored parties (insertion order). */
struct stats_history *stats_history_compute(struct store *store, char *err, size_t cap);
void stats_history_free(struct stats_history *self);

#endif

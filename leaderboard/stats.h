/* stats.h - standings, crosstable, per-bot pages and rating history of
 * one game (its key: "piquet", "belote-4"; store.h), computed from every
 * stored partie or match of that game with the arena's statistics code:
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
 *
 * Another game's matches (records/game_record.h) are rated as two-entrant
 * parties when the game has two entrants (two players, or two sides each
 * held by one bot), else as tables of N seats (stats/ratings.h
 * ratings_fit_tables, docs/statistics.md section 6) with a term per seat;
 * see stats.c for the mapping.
 */
#ifndef LEADERBOARD_STATS_H
#define LEADERBOARD_STATS_H

#include <stddef.h>
#include <cjson/cJSON.h>
#include "engine/game.h"
#include "leaderboard/store.h"

enum { STATS_HISTORY_POINTS = 30 };

struct stats {
    char *standings;     /* GET /api/v1/standings, compact JSON, without
                          * the LOS of every two bots */
    size_t standings_len;
    char *standings_los; /* GET /api/v1/standings?los=1: with "los" */
    size_t standings_los_len;
    char *standings_csv; /* ?format=csv: standings_print_csv(), malloc'd */
    size_t standings_csv_len;
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

/* The game of a key ("piquet", "piquet-2", "belote-4"...) and its number
 * of players; NULL when the key names no game at a number of players the
 * leaderboard rates. */
const struct game *stats_game_of(const char *key, int *players);

/* The rows of one game (and run) read from the store, kept between
 * computations so that after a post only the new rows are read
 * (stats_rows_update): the store is the source of truth, the rows a copy
 * of what it held up to the last seq read. Not thread-safe: one user at a
 * time. */
struct stats_rows;

/* Empty rows of the game key `game` (as stats_game_of accepts it), of one
 * run when run is not NULL. NULL when out of memory or the key names no
 * game. Free with stats_rows_free (NULL is a no-op). */
struct stats_rows *stats_rows_new(const char *game, const char *run);
void stats_rows_free(struct stats_rows *self);

/* Reads the rows stored since the last update (all, the first time). 0,
 * or -1 with err; the rows may then be half updated: free them. */
int stats_rows_update(struct stats_rows *self, struct store *store, char *err, size_t cap);

/* A snapshot of the rows read so far: as stats_compute, without reading
 * the store. */
struct stats *stats_compute_rows(const struct stats_rows *rows, int min_matches, char *err, size_t cap);

/* The history of the rows read so far: as stats_history_compute. */
struct stats_history *stats_history_compute_rows(const struct stats_rows *rows, char *err, size_t cap);

/* A snapshot of everything stored now for the game key `game` (as
 * stats_game_of accepts it; Piquet's as "piquet"), of one run only when
 * run is not NULL (its 16 hex digits), bots with fewer than
 * min_matches matches provisional (stats/standings.h). NULL with the reason in err. The
 * caller frees it with stats_free. */
struct stats *stats_compute(struct store *store, const char *game, const char *run, int min_matches, char *err,
                            size_t cap);
void stats_free(struct stats *self);

/* The game's stored parties or matches (one run's when run is not NULL)
 * as PGN, exactly as `arena ratings --pgn` writes a journal's: a malloc'd
 * text of *len bytes, or NULL with err. */
char *stats_pgn(struct store *store, const char *game, const char *run, size_t *len, char *err, size_t cap);

/* The rating of every bot after each of up to STATS_HISTORY_POINTS evenly
 * spaced prefixes of the game's stored parties or matches (insertion
 * order). */
struct stats_history *stats_history_compute(struct store *store, const char *game, char *err, size_t cap);
void stats_history_free(struct stats_history *self);

#endif

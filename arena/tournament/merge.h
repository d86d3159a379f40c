/* merge.h - the journals of a tournament's shards (shard.h) joined into
 * the journal one machine would have written (`arena merge`).
 *
 * The checks, in the order journals are added:
 * - each journal has one header, first, holding "shard": "K/N", N the
 *   same in every journal and each K given once;
 * - the headers are one tournament's: equal but for the keys that say
 *   where a shard's files went or which run it was (MERGE_LOCAL_KEYS), so
 *   the same bots (the same files: their fingerprints), format, pairs,
 *   seed, game, rules and clocks;
 * - every partie (Piquet) or match (any other game) is one the schedule
 *   gives that journal's shard, on the schedule's seed, and appears in no
 *   other journal.
 * What is missing is counted per shard once every journal is in
 * (merge_missing, merge_report_missing).
 *
 * The merged journal holds the header of the lowest shard given without
 * "shard", "results" and "log_dir" (that shard's files, not the whole
 * tournament's) and with a run id of its own (arena resume plays what is
 * missing under it), then every record in schedule order, each with the
 * run of the shard that played it, then every "posted" and
 * "post_refused" mark of the shards as they were (they name that run), so
 * `arena post` sends only what no shard has posted. It is written to a
 * temporary file beside the output, synced, and linked into place: it
 * appears whole or not at all, and never replaces an existing file.
 */
#ifndef ARENA_TOURNAMENT_MERGE_H
#define ARENA_TOURNAMENT_MERGE_H

#include <stddef.h>
#include <stdio.h>
#include <cjson/cJSON.h>
#include "arena/tournament/sched.h"

/* The header keys that may differ between shards. */
#define MERGE_LOCAL_KEYS { "run", "shard", "results", "log_dir", "post", "token_file", "listen", "server_key", \
                          "insecure_remote" }

struct merge {
    cJSON *header;            /* the lowest shard's header, owned */
    int header_shard;         /* its K */
    char *header_source;      /* the journal it came from, owned */
    int n;                    /* N of every shard; 0 before the first journal */
    char **shard_source;      /* per shard K, the journal given (owned), NULL when none */
    struct sched sched;       /* the whole schedule */
    int *shard_of;            /* per schedule place */
    cJSON **records;          /* per schedule place: the record found (owned), NULL when missing */
    char **record_source;     /* per schedule place: "FILE:LINE" (owned) */
    cJSON *marks;             /* "posted" and "post_refused" lines, in the order read */
    int matches;              /* 1: the records are matches of another game; 0: Piquet parties */
    int torn;                 /* journals that ended with a torn line */
};

void merge_init(struct merge *self);
void merge_release(struct merge *self);

/* Reads the journal at path into self. 0; -1 with "PATH:LINE: why" in err
 * when it cannot be read, is not a shard of the tournament of the
 * journals before it, or holds a record of another shard or one already
 * given; then self is left as it was but for that journal's records,
 * and the caller must not write it. */
int merge_add(struct merge *self, const char *path, char *err, size_t cap);

/* The number of scheduled parties or matches no journal holds. */
size_t merge_missing(const struct merge *self);

/* Says what is missing, shard by shard ("shard 2/4: no journal given: 15
 * parties missing", "shard 1/4 (b.jsonl): 3 of 15 parties missing: ids 7,
 * 11, 19"). */
void merge_report_missing(const struct merge *self, FILE *out);

/* Writes the merged journal to path (which must not exist). 0, or -1 with
 * err. */
int merge_write(const struct merge *self, const char *path, char *err, size_t cap);

/* "parties" (Piquet) or "matches" (other games). */
const char *merge_word(const struct merge *self);

#endif

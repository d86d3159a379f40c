/* journal.h - the append-only journal of a tournament: JSON lines, one
 * record per line, each written whole and fsync'd before the call returns,
 * so a finished partie is never lost (docs/design.md "Tournaments").
 *
 * Every reader of a journal (replay, resume, ratings, sprt, post) goes
 * through journal_reader_read(), and every reader of a partie's fields
 * (ratings, resume, replay) through record_read() (records/record.h); the
 * journal reader itself looks at a partie's identity only, to find it
 * twice. The journal's rules:
 * - each line is exactly one JSON object, no key of it given twice, and
 *   its "type" is one the arena has ever written: "header" (tournament.h),
 *   "partie" (record.h), "posted" or "post_refused" (poster.h), "match"
 *   (the other games' matches, game_record.h), "round" (a Swiss round
 *   over, with its tables and standings: arena/tournament/swiss.h);
 * - a partie is known by its run and its id, and appears once: twice in
 *   one run, in one file or in two files read through one reader, is an
 *   error naming both places. A partie's run is its "run", else its
 *   file's header's (a header older than run ids: the run derived from its
 *   seed, which names nothing outside its file), else none (a record of
 *   an older `arena match` or `arena sprt`: ids restart at 1 in each, so
 *   such a partie is known by its id, seed and players within its file).
 *   A partie record without an id (the arena always writes one) cannot be
 *   checked here; record_read() refuses it.
 * - a torn last line (a crash in the middle of a write) is reported, not an
 *   error; a bad line anywhere else is an error.
 */
#ifndef RECORDS_JOURNAL_H
#define RECORDS_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cjson/cJSON.h>

struct journal {
    int fd;                 /* -1 when closed */
    char path[1024];
};

/* Opens (creating) a journal for appending. 0, or -1 with err. */
int journal_open(struct journal *self, const char *path, char *err, size_t cap);

/* Appends one record as a line and fsyncs. 0, or -1 with err. */
int journal_append(struct journal *self, const cJSON *record, char *err, size_t cap);

void journal_close(struct journal *self);

/* The record types, as written in "type". */
enum journal_type { JOURNAL_HEADER, JOURNAL_PARTIE, JOURNAL_POSTED, JOURNAL_POST_REFUSED, JOURNAL_MATCH, JOURNAL_ROUND };

/* One record as the reader hands it on; everything in it lives until the
 * callback returns. */
struct journal_entry {
    enum journal_type type;
    const cJSON *record;
    int line;               /* from 1 */
    /* A partie's or match's identity (JOURNAL_PARTIE and JOURNAL_MATCH): */
    bool has_id;
    uint64_t id;
    const char *run;        /* its run (see above), "" when it has none */
};

/* What `each` is called with; it returns 0 to go on, or -1 with the reason
 * in err (the reader adds "SOURCE:LINE: " before it). */
typedef int journal_each(const struct journal_entry *entry, void *ctx, char *err, size_t cap);

/* The parties read so far through one reader, over one or more files. */
struct journal_seen;
struct journal_reader {
    struct journal_seen *seen;  /* hash table, owned */
    size_t seen_cap, seen_used;
    char **sources;             /* the files read, for messages; owned */
    int n_sources;
};

/* A reader that has seen nothing. A zeroed struct is one too. */
void journal_reader_init(struct journal_reader *self);

/* Frees what the reader holds and leaves it as after init. */
void journal_reader_release(struct journal_reader *self);

/* Reads the journal open as `in` (`source` names it in messages), calling
 * `each` for every record in order. *torn is set when the last line was
 * cut short (and skipped). Returns the number of records read, or -1 with
 * "SOURCE:LINE: why" in err; then the reader is as it was before the call
 * (nothing of this file is remembered). */
int journal_reader_read(struct journal_reader *self, FILE *in, const char *source, journal_each *each, void *ctx,
                        int *torn, char *err, size_t cap);

/* journal_reader_read() of the file at `path` with a reader of its own. */
int journal_read(const char *path, journal_each *each, void *ctx, int *torn, char *err, size_t cap);

/* Cuts a torn last line (journal_read said *torn) off the file at path,
 * so that records appended next start on a line of their own. 0, or -1
 * when the file cannot be opened or cut. */
int journal_cut_torn(const char *path);

#endif

/* journal.h - the append-only journal of a tournament: JSON lines, one
 * record per line, each written whole and fsync'd before the call returns,
 * so a finished partie is never lost (docs/design.md "Tournaments").
 *
 * Reading tolerates a torn last line (a crash in the middle of a write):
 * it is reported, not an error; a bad line anywhere else is an error.
 */
#ifndef ARENA_JOURNAL_H
#define ARENA_JOURNAL_H

#include <stddef.h>
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

/* Calls `each` for every record of the file in order (the record is
 * freed after the call; `each` returns 0 to go on, non-zero to stop).
 * *torn is set when the last line was cut short (and skipped). Returns
 * the number of records read, or -1 with "PATH:LINE: why" in err. */
int journal_read(const char *path, int (*each)(const cJSON *record, int line, void *ctx), void *ctx,
                 int *torn, char *err, size_t cap);

#endif

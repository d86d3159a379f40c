/* merge.c - shards' journals into one (merge.h). self owns every record
 * kept (copies of the journal reader's, which live for one callback), the
 * header, the marks and the names of the journals; the schedule is built
 * once from the first header read and every later journal is held to it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "arena/tournament/merge.h"
#include "arena/tournament/shard.h"
#include "arena/tournament/tournament.h"
#include "records/journal.h"
#include "records/record.h"

void merge_init(struct merge *self)
{
    memset(self, 0, sizeof *self);
}

void merge_release(struct merge *self)
{
    for (size_t i = 0; i < self->sched.n; i++) {
        cJSON_Delete(self->records ? self->records[i] : NULL);
        free(self->record_source ? self->record_source[i] : NULL);
    }
    for (int k = 0; self->shard_source && k < self->n; k++) free(self->shard_source[k]);
    free(self->shard_source);
    free(self->records);
    free(self->record_source);
    free(self->shard_of);
    sched_release(&self->sched);
    cJSON_Delete(self->header);
    cJSON_Delete(self->marks);
    free(self->header_source);
    merge_init(self);
}

const char *merge_word(const struct merge *self)
{
    return self->matches ? "matches" : "parties";
}

/* A value as a short text for a message. */
static void shown(const cJSON *item, char *out, size_t cap)
{
    char *text = item ? cJSON_PrintUnformatted(item) : NULL;
    snprintf(out, cap, "%.60s%s", text ? text : "nothing", text && strlen(text) > 60 ? "..." : "");
    free(text);
}

/* The first key whose value differs between two headers, the keys that
 * may differ aside; NULL when they are one tournament's. */
static const char *header_difference(const cJSON *a, const cJSON *b, const cJSON **in_a, const cJSON **in_b)
{
    static const char *const local[] = MERGE_LOCAL_KEYS;
    const cJSON *x = a ? a->child : NULL;
    for (int pass = 0; pass < 2; pass++, x = b ? b->child : NULL)
        for (; x; x = x->next) {
            int skip = 0;
            for (size_t i = 0; i < sizeof local / sizeof local[0]; i++) skip |= !strcmp(x->string, local[i]);
            if (skip) continue;
            *in_a = cJSON_GetObjectItemCaseSensitive(a, x->string);
            *in_b = cJSON_GetObjectItemCaseSensitive(b, x->string);
            if (!*in_a || !*in_b || !cJSON_Compare(*in_a, *in_b, 1)) return x->string;
        }
    return NULL;
}

/* What one journal's reading knows. */
struct reading {
    struct merge *self;
    const char *path;
    struct shard shard;
    int header_line;
};

/* The first header: the tournament, its schedule and its shards. */
static int start(struct merge *self, const cJSON *header, int n, char *err, size_t cap)
{
    static struct tournament t;
    char why[400];
    int rc = -1;
    tournament_init(&t);
    if (tournament_from_json(&t, header, why, sizeof why) < 0) {
        snprintf(err, cap, "the header: %s", why);
        goto out;
    }
    if (tournament_schedule(&t, &self->sched, why, sizeof why) < 0) {
        snprintf(err, cap, "the header's tournament: %s", why);
        goto out;
    }
    self->n = n;
    self->shard_source = calloc((size_t)n, sizeof *self->shard_source);
    self->shard_of = calloc(self->sched.n + 1, sizeof *self->shard_of);
    self->records = calloc(self->sched.n + 1, sizeof *self->records);
    self->record_source = calloc(self->sched.n + 1, sizeof *self->record_source);
    self->marks = cJSON_CreateArray();
    if (!self->shard_source || !self->shard_of || !self->records || !self->record_source || !self->marks) {
        snprintf(err, cap, "out of memory");
        goto out;
    }
    if (shard_assign(&self->sched, n, self->shard_of, why, sizeof why) < 0) {
        snprintf(err, cap, "%s", why);
        goto out;
    }
    self->matches = cJSON_GetObjectItemCaseSensitive(header, "game") != NULL;
    rc = 0;
out:
    tournament_release(&t);
    return rc;
}

static int read_header(struct reading *r, const struct journal_entry *e, char *err, size_t cap)
{
    struct merge *self = r->self;
    const char *text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e->record, "shard"));
    const cJSON *in_a, *in_b;
    char why[200], a[80], b[80];
    if (r->header_line) {
        snprintf(err, cap, "a second header (the first is on line %d)", r->header_line);
        return -1;
    }
    if (e->line != 1) {
        snprintf(err, cap, "the header must be the journal's first record");
        return -1;
    }
    r->header_line = e->line;
    if (!text) {
        snprintf(err, cap, "not the journal of a shard: its header has no \"shard\" (arena run --shard K/N "
                           "writes one)");
        return -1;
    }
    if (shard_parse(&r->shard, text, why, sizeof why) < 0) {
        snprintf(err, cap, "%s", why);
        return -1;
    }
    if (!self->n && start(self, e->record, r->shard.n, err, cap) < 0) return -1;
    if (r->shard.n != self->n) {
        snprintf(err, cap, "shard %s is one of %d shards, %s's of %d: not one split of one tournament", text,
                 r->shard.n, self->header_source, self->n);
        return -1;
    }
    const char *key = self->header ? header_difference(self->header, e->record, &in_a, &in_b) : NULL;
    if (key) {
        shown(in_b, b, sizeof b);
        shown(in_a, a, sizeof a);
        snprintf(err, cap, "not a shard of the tournament of %s: the headers' \"%.40s\" differ (%s here, %s there)",
                 self->header_source, key, b, a);
        return -1;
    }
    if (self->shard_source[r->shard.k]) {
        snprintf(err, cap, "shard %s is given twice: %s holds it too", text, self->shard_source[r->shard.k]);
        return -1;
    }
    if (!(self->shard_source[r->shard.k] = strdup(r->path))) goto oom;
    if (!self->header || r->shard.k < self->header_shard) {
        cJSON *copy = cJSON_Duplicate(e->record, 1);
        char *source = strdup(r->path);
        if (!copy || !source) {
            cJSON_Delete(copy);
            free(source);
            goto oom;
        }
        cJSON_Delete(self->header);
        free(self->header_source);
        self->header = copy;
        self->header_source = source;
        self->header_shard = r->shard.k;
    }
    return 0;
oom:
    snprintf(err, cap, "out of memory");
    return -1;
}

static int read_record(struct reading *r, const struct journal_entry *e, char *err, size_t cap)
{
    struct merge *self = r->self;
    const char *word = e->type == JOURNAL_MATCH ? "match" : "partie";
    uint64_t seed;
    char place[1100], a[16], b[16];
    if (!r->header_line) {
        snprintf(err, cap, "a %s before the header", word);
        return -1;
    }
    if ((e->type == JOURNAL_MATCH) != self->matches) {
        snprintf(err, cap, "a %s record in a tournament of %s", word, self->matches ? "another game" : "Piquet");
        return -1;
    }
    if (!e->has_id || e->id < 1 || e->id > self->sched.n) {
        snprintf(err, cap, "a %s without an id of the schedule (1 to %zu)", word, self->sched.n);
        return -1;
    }
    size_t i = (size_t)(e->id - 1);
    if (self->shard_of[i] != r->shard.k) {
        snprintf(err, cap, "%s %llu belongs to shard %s, not to this journal's %s", word, (unsigned long long)e->id,
                 shard_format(&(struct shard){ self->shard_of[i], self->n }, a, sizeof a),
                 shard_format(&r->shard, b, sizeof b));
        return -1;
    }
    if (record_seed(cJSON_GetObjectItemCaseSensitive(e->record, "seed"), &seed) < 0 ||
        seed != self->sched.parties[i].seed) {
        snprintf(err, cap, "%s %llu was not played on the packs the schedule gives it (seed %llu)", word,
                 (unsigned long long)e->id, (unsigned long long)self->sched.parties[i].seed);
        return -1;
    }
    if (self->records[i]) {
        snprintf(err, cap, "%s %llu appears twice (first in %s)", word, (unsigned long long)e->id,
                 self->record_source[i]);
        return -1;
    }
    snprintf(place, sizeof place, "%.1000s:%d", r->path, e->line);
    cJSON *copy = cJSON_Duplicate(e->record, 1);
    if (!copy || !(self->record_source[i] = strdup(place))) {
        cJSON_Delete(copy);
        snprintf(err, cap, "out of memory");
        return -1;
    }
    /* A record keeps the run that played it; one without (no arena run
     * writes one) takes its journal's. */
    if (!cJSON_GetObjectItemCaseSensitive(copy, "run") && e->run[0]) cJSON_AddStringToObject(copy, "run", e->run);
    self->records[i] = copy;
    return 0;
}

static int each(const struct journal_entry *e, void *ctx, char *err, size_t cap)
{
    struct reading *r = ctx;
    switch (e->type) {
    case JOURNAL_HEADER: return read_header(r, e, err, cap);
    case JOURNAL_PARTIE:
    case JOURNAL_MATCH: return read_record(r, e, err, cap);
    case JOURNAL_POSTED:
    case JOURNAL_POST_REFUSED: {
        cJSON *copy = r->header_line ? cJSON_Duplicate(e->record, 1) : NULL;
        if (!copy) {
            snprintf(err, cap, r->header_line ? "out of memory" : "a mark before the header");
            return -1;
        }
        cJSON_AddItemToArray(r->self->marks, copy);
        return 0;
    }
    case JOURNAL_ROUND: return 0;   /* a Swiss's: its header was refused (not sharded) */
    }
    return 0;
}

int merge_add(struct merge *self, const char *path, char *err, size_t cap)
{
    struct reading r = { self, path, { 0, 0 }, 0 };
    int torn = 0;
    if (journal_read(path, each, &r, &torn, err, cap) < 0) return -1;
    if (!r.header_line) {
        snprintf(err, cap, "%s: no header: not the journal of a shard", path);
        return -1;
    }
    if (torn) self->torn++;
    return 0;
}

size_t merge_missing(const struct merge *self)
{
    size_t missing = 0;
    for (size_t i = 0; i < self->sched.n; i++) missing += !self->records[i];
    return missing;
}

void merge_report_missing(const struct merge *self, FILE *out)
{
    char name[16];
    for (int k = 0; k < self->n; k++) {
        size_t total = 0, missing = 0, listed = 0;
        for (size_t i = 0; i < self->sched.n; i++)
            if (self->shard_of[i] == k) {
                total++;
                missing += !self->records[i];
            }
        shard_format(&(struct shard){ k, self->n }, name, sizeof name);
        if (!self->shard_source[k]) {
            fprintf(out, "shard %s: no journal given: its %zu %s are missing\n", name, total, merge_word(self));
            continue;
        }
        if (!missing) continue;
        fprintf(out, "shard %s (%s): %zu of %zu %s missing: ids", name, self->shard_source[k], missing, total,
                merge_word(self));
        for (size_t i = 0; i < self->sched.n && listed < 12; i++)
            if (self->shard_of[i] == k && !self->records[i])
                fprintf(out, "%s %llu", listed++ ? "," : "", (unsigned long long)self->sched.parties[i].partie_id);
        fprintf(out, "%s\n", missing > listed ? ", ..." : "");
    }
}

static int write_line(FILE *f, const cJSON *record)
{
    char *text = cJSON_PrintUnformatted(record);
    int rc = text && fprintf(f, "%s\n", text) >= 0 ? 0 : -1;
    free(text);
    return rc;
}

int merge_write(const struct merge *self, const char *path, char *err, size_t cap)
{
    char tmp[1100], run[RECORD_RUN_ID_LEN + 1];
    cJSON *header = NULL;
    FILE *f = NULL;
    int rc = -1, fd = -1, made = 0;
    snprintf(tmp, sizeof tmp, "%.1000s.merge-XXXXXX", path);
    if (!self->header) {
        snprintf(err, cap, "no journal to merge");
        return -1;
    }
    if (record_new_run_id(run) < 0) {
        snprintf(err, cap, "cannot read /dev/urandom for the run id");
        return -1;
    }
    if (!(header = cJSON_Duplicate(self->header, 1))) goto oom;
    /* The shard's own files are not the whole tournament's: arena resume
     * of the merged journal writes its logs beside it, and its results
     * where --results says. */
    cJSON_DeleteItemFromObjectCaseSensitive(header, "shard");
    cJSON_DeleteItemFromObjectCaseSensitive(header, "run");
    cJSON_DeleteItemFromObjectCaseSensitive(header, "results");
    cJSON_DeleteItemFromObjectCaseSensitive(header, "log_dir");
    if (!cJSON_AddStringToObject(header, "run", run)) goto oom;
    made = (fd = mkstemp(tmp)) >= 0;
    if (!made || fchmod(fd, 0644) < 0 || !(f = fdopen(fd, "w"))) {
        snprintf(err, cap, "cannot write '%s': %s", tmp, strerror(errno));
        if (made) close(fd);
        goto out;
    }
    int bad = write_line(f, header) < 0;
    for (size_t i = 0; !bad && i < self->sched.n; i++)
        if (self->records[i]) bad = write_line(f, self->records[i]) < 0;
    const cJSON *mark;
    cJSON_ArrayForEach(mark, self->marks)
        if (!bad) bad = write_line(f, mark) < 0;
    if (bad || fflush(f) != 0 || fsync(fileno(f)) != 0) {
        snprintf(err, cap, "cannot write '%s': %s", tmp, strerror(errno ? errno : EIO));
        goto out;
    }
    /* link() never replaces a file; rename() where links are not kept. */
    if (link(tmp, path) < 0) {
        if (errno == EEXIST || access(path, F_OK) == 0 || rename(tmp, path) < 0) {
            snprintf(err, cap, "cannot write '%s': %s", path, errno == EEXIST ? "it exists" : strerror(errno));
            goto out;
        }
    }
    rc = 0;
    goto out;
oom:
    snprintf(err, cap, "out of memory");
out:
    if (f) fclose(f);
    if (made) unlink(tmp);   /* the name linked stays; after a rename, nothing to do */
    cJSON_Delete(header);
    return rc;
}

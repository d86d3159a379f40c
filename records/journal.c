/* journal.c - JSON-lines journal (journal.h). A record is formatted first
 * and written with one write() call loop, then fsync, so readers only ever
 * see whole lines except after a crash mid-write.
 *
 * The reader parses each line with the strict parser of protocol/json_tree.h,
 * which keeps a repeated key (so a second "type" is seen, where cJSON would
 * hide it), and remembers every partie under a key in a hash table: "R" RUN
 * US ID for a partie of a drawn run id, which two files may share; "F" FILE
 * US RUN US ID (US SEED US DEALER US A US B without a run) for one whose run
 * is derived from a seed or absent, which names nothing outside its file. A
 * failed read marks the keys of its file forgotten (source -1), so that a
 * reader is after a failure as it was before.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "records/journal.h"
#include "protocol/json_tree.h"
#include "records/record.h"

int journal_open(struct journal *self, const char *path, char *err, size_t cap)
{
    snprintf(self->path, sizeof self->path, "%s", path);
    self->fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (self->fd < 0) {
        snprintf(err, cap, "cannot open journal '%s': %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int journal_append(struct journal *self, const cJSON *record, char *err, size_t cap)
{
    char *text = cJSON_PrintUnformatted(record);
    int rc = -1;
    if (!text) {
        snprintf(err, cap, "out of memory formatting a journal record");
        return -1;
    }
    size_t len = strlen(text);
    text[len] = '\n';   /* replaces the NUL; len + 1 bytes go out */
    for (size_t done = 0; done < len + 1;) {
        ssize_t n = write(self->fd, text + done, len + 1 - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            snprintf(err, cap, "cannot write journal '%s': %s", self->path, strerror(errno));
            goto out;
        }
        done += (size_t)n;
    }
    if (fsync(self->fd) < 0) {
        snprintf(err, cap, "cannot sync journal '%s': %s", self->path, strerror(errno));
        goto out;
    }
    rc = 0;
out:
    free(text);
    return rc;
}

void journal_close(struct journal *self)
{
    if (self->fd >= 0) close(self->fd);
    self->fd = -1;
}

static const char *const type_names[] = { "header", "partie", "posted", "post_refused", "match", "round" };

struct journal_seen {
    char *key;              /* NULL: a free slot */
    int source;             /* index in sources; -1: forgotten */
    int line;
};

/* What the reader knows of the file being read: its header's run. */
struct file_state {
    char run[RECORD_RUN_ID_LEN + 1];   /* "" without a header, or a header without run or seed */
    bool derived;                      /* derived from the seed of a header older than run ids */
};

void journal_reader_init(struct journal_reader *self)
{
    memset(self, 0, sizeof *self);
}

void journal_reader_release(struct journal_reader *self)
{
    for (size_t i = 0; i < self->seen_cap; i++) free(self->seen[i].key);
    free(self->seen);
    for (int i = 0; i < self->n_sources; i++) free(self->sources[i]);
    free(self->sources);
    journal_reader_init(self);
}

static uint64_t hash(const char *s)
{
    uint64_t h = 1469598103934665603u;   /* FNV-1a */
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static struct journal_seen *probe(struct journal_seen *slots, size_t cap, const char *key)
{
    size_t i = (size_t)(hash(key) & (cap - 1));
    while (slots[i].key && strcmp(slots[i].key, key) != 0) i = (i + 1) & (cap - 1);
    return &slots[i];
}

/* The slot of `key`: a new one has key copied and source -1. NULL when
 * out of memory. */
static struct journal_seen *seen_slot(struct journal_reader *self, const char *key)
{
    if (2 * (self->seen_used + 1) > self->seen_cap) {
        size_t cap = self->seen_cap ? 2 * self->seen_cap : 256;
        struct journal_seen *slots = calloc(cap, sizeof *slots);
        if (!slots) return NULL;
        for (size_t i = 0; i < self->seen_cap; i++)
            if (self->seen[i].key) *probe(slots, cap, self->seen[i].key) = self->seen[i];
        free(self->seen);
        self->seen = slots;
        self->seen_cap = cap;
    }
    struct journal_seen *s = probe(self->seen, self->seen_cap, key);
    if (!s->key) {
        if (!(s->key = strdup(key))) return NULL;
        s->source = -1;
        self->seen_used++;
    }
    return s;
}

/* Text as shown in a message: at most 40 bytes, anything but printable
 * ASCII as '?'. */
static const char *shown(const char *text, char buf[48])
{
    size_t n = 0;
    for (; text && text[n] && n < 40; n++) {
        unsigned char c = (unsigned char)text[n];
        buf[n] = c >= 0x20 && c < 0x7f ? (char)c : '?';
    }
    if (text && text[n]) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n] = '\0';
    return buf;
}

/* The record's type: exactly one "type", naming a known type. No key may
 * repeat: two readers of a record must never see two different records. */
static int classify(const cJSON *rec, enum journal_type *type, char *why, size_t cap)
{
    const cJSON *item, *other, *found = NULL;
    char a[48];
    cJSON_ArrayForEach(item, rec) {
        for (other = rec->child; other != item; other = other->next)
            if (!strcmp(other->string, item->string)) {
                snprintf(why, cap, "\"%s\" given twice", shown(item->string, a));
                return -1;
            }
        if (!strcmp(item->string, "type")) found = item;
    }
    if (!found) {
        snprintf(why, cap, "a record without \"type\"");
        return -1;
    }
    const char *name = cJSON_GetStringValue(found);
    for (size_t i = 0; name && i < sizeof type_names / sizeof *type_names; i++)
        if (!strcmp(name, type_names[i])) {
            *type = (enum journal_type)i;
            return 0;
        }
    if (name) snprintf(why, cap, "unknown record type '%s' (header, partie, match, round, posted or post_refused)", shown(name, a));
    else snprintf(why, cap, "\"type\" is not a string");
    return -1;
}

/* A header: the run its parties without one belong to. */
static int read_header(const cJSON *rec, struct file_state *fs, char *why, size_t cap)
{
    const cJSON *run = cJSON_GetObjectItemCaseSensitive(rec, "run");
    uint64_t seed;
    fs->run[0] = '\0';
    fs->derived = false;
    if (run) {
        if (!record_run_id_ok(cJSON_GetStringValue(run))) {
            snprintf(why, cap, "the header's \"run\" must be %d lowercase hex digits", RECORD_RUN_ID_LEN);
            return -1;
        }
        snprintf(fs->run, sizeof fs->run, "%s", run->valuestring);
    } else if (record_seed(cJSON_GetObjectItemCaseSensitive(rec, "seed"), &seed) == 0) {
        record_run_of_seed(seed, fs->run);
        fs->derived = true;
    }
    return 0;
}

/* A partie: its id and run into e, and its key among those seen. */
static int read_partie(struct journal_reader *self, int src, const struct file_state *fs, struct journal_entry *e,
                       char *why, size_t cap)
{
    const cJSON *rec = e->record, *id = cJSON_GetObjectItemCaseSensitive(rec, "id");
    const cJSON *run = cJSON_GetObjectItemCaseSensitive(rec, "run");
    if (run && !record_run_id_ok(cJSON_GetStringValue(run))) {
        snprintf(why, cap, "\"run\" must be %d lowercase hex digits", RECORD_RUN_ID_LEN);
        return -1;
    }
    e->run = run ? run->valuestring : fs->run;
    if (!id) return 0;
    double v = cJSON_GetNumberValue(id);
    if (!cJSON_IsNumber(id) || !(v >= 0 && v <= 9007199254740991.0) || (double)(uint64_t)v != v) {
        snprintf(why, cap, "\"id\" must be an integer from 0");
        return -1;
    }
    e->has_id = true;
    e->id = (uint64_t)v;

    /* A partie names its players in "players", a match in "names". */
    const cJSON *players = cJSON_GetObjectItemCaseSensitive(rec, e->type == JOURNAL_MATCH ? "names" : "players");
    const char *a = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(players, "A"));
    const char *b = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(players, "B"));
    const char *dealer = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "first_dealer"));
    const cJSON *seed = cJSON_GetObjectItemCaseSensitive(rec, "seed");
    char seed_text[32] = "", key[1024], what[256], sa[48], sb[48];
    if (cJSON_IsString(seed)) snprintf(seed_text, sizeof seed_text, "%.24s", seed->valuestring);
    else if (cJSON_IsNumber(seed)) snprintf(seed_text, sizeof seed_text, "%.17g", seed->valuedouble);
    bool local = !e->run[0] || (fs->derived && !strcmp(e->run, fs->run));
    if (!local) snprintf(key, sizeof key, "R%s\x1f%llu", e->run, (unsigned long long)e->id);
    else if (e->run[0]) snprintf(key, sizeof key, "F%d\x1f%s\x1f%llu", src, e->run, (unsigned long long)e->id);
    else
        snprintf(key, sizeof key, "F%d\x1f\x1f%llu\x1f%s\x1f%.4s\x1f%.400s\x1f%.400s", src, (unsigned long long)e->id,
                 seed_text, dealer ? dealer : "", a ? a : "", b ? b : "");
    struct journal_seen *slot = seen_slot(self, key);
    if (!slot) {
        snprintf(why, cap, "out of memory");
        return -1;
    }
    if (slot->source < 0) {
        slot->source = src;
        slot->line = e->line;
        return 0;
    }
    if (e->run[0]) snprintf(what, sizeof what, "partie %llu of run %s", (unsigned long long)e->id, e->run);
    else
        snprintf(what, sizeof what, "partie %llu (seed %s, %s against %s)", (unsigned long long)e->id, seed_text,
                 shown(a, sa), shown(b, sb));
    if (slot->source == src) snprintf(why, cap, "%s appears twice (first on line %d)", what, slot->line);
    else snprintf(why, cap, "%s appears twice (first in %s:%d)", what, self->sources[slot->source], slot->line);
    return -1;
}

int journal_reader_read(struct journal_reader *self, FILE *in, const char *source, journal_each *each, void *ctx,
                        int *torn, char *err, size_t cap)
{
    struct file_state fs = { "", false };
    char *line = NULL, why[512];
    size_t size = 0;
    int count = 0, number = 0, src = -1, failed = 1;
    ssize_t len;
    *torn = 0;
    char **sources = realloc(self->sources, ((size_t)self->n_sources + 1) * sizeof *sources);
    if (sources) self->sources = sources;
    if (!sources || !(self->sources[self->n_sources] = strdup(source))) {
        snprintf(err, cap, "%s: out of memory", source);
        return -1;
    }
    src = self->n_sources++;
    for (;;) {
        errno = 0;
        if ((len = getline(&line, &size, in)) < 0) {
            if (!ferror(in)) break;
            snprintf(err, cap, "%s: cannot read: %s", source, strerror(errno ? errno : EIO));
            goto out;
        }
        number++;
        int complete = len > 0 && line[len - 1] == '\n';
        if (complete) len--;
        if (len == 0) continue;
        size_t end = 0;
        cJSON *record = json_tree_parse(line, (size_t)len, &end);
        if (end == JSON_TREE_NO_MEMORY) {
            snprintf(err, cap, "%s:%d: out of memory", source, number);
            goto out;
        }
        if (!record || end != (size_t)len || !cJSON_IsObject(record)) {
            json_tree_free(record);
            if (!complete && feof(in)) {   /* the last line, cut by a crash */
                *torn = 1;
                break;
            }
            if (!record) snprintf(err, cap, "%s:%d: not JSON (at byte %zu)", source, number, end + 1);
            else if (end != (size_t)len)
                snprintf(err, cap, "%s:%d: more than one JSON value on the line", source, number);
            else snprintf(err, cap, "%s:%d: not a JSON object", source, number);
            goto out;
        }
        struct journal_entry e = { .record = record, .line = number, .run = "" };
        why[0] = '\0';
        int bad = classify(record, &e.type, why, sizeof why) < 0 ||
                  (e.type == JOURNAL_HEADER && read_header(record, &fs, why, sizeof why) < 0) ||
                  ((e.type == JOURNAL_PARTIE || e.type == JOURNAL_MATCH) &&
                   read_partie(self, src, &fs, &e, why, sizeof why) < 0) ||
                  each(&e, ctx, why, sizeof why) != 0;
        json_tree_free(record);
        if (bad) {
            snprintf(err, cap, "%s:%d: %s", source, number, why[0] ? why : "refused");
            goto out;
        }
        count++;
    }
    failed = 0;
out:
    free(line);
    if (failed) {
        for (size_t i = 0; i < self->seen_cap; i++)
            if (self->seen[i].key && self->seen[i].source == src) self->seen[i].source = -1;
        free(self->sources[src]);
        self->n_sources--;
    }
    return failed ? -1 : count;
}

int journal_read(const char *path, journal_each *each, void *ctx, int *torn, char *err, size_t cap)
{
    struct journal_reader reader;
    FILE *f = fopen(path, "r");
    *torn = 0;
    if (!f) {
        snprintf(err, cap, "cannot open journal '%s': %s", path, strerror(errno));
        return -1;
    }
    journal_reader_init(&reader);
    int count = journal_reader_read(&reader, f, path, each, ctx, torn, err, cap);
    journal_reader_release(&reader);
    fclose(f);
    return count;
}

int journal_cut_torn(const char *path)
{
    FILE *f = fopen(path, "r+");
    long keep = 0, pos = 0;
    int c;
    while (f && (c = fgetc(f)) != EOF) {
        pos++;
        if (c == '\n') keep = pos;
    }
    int rc = f && ftruncate(fileno(f), keep) == 0 ? 0 : -1;
    if (f) fclose(f);
    return rc;
}

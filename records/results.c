/* results.c - result files of every kind merged into one list of parties
 * (see results.h).
 *
 * A read either appends all the parties of its file or, on the first error,
 * rolls self back to what it held before the call, so a caller can report
 * the error and still trust what was read. Duplicate-pair ids live in a hash
 * table that lasts one file: they are local to it. struct results owns its
 * arrays and the names.
 */
#include "records/game_record.h"
#include "records/results.h"
#include "records/roster.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "records/pgn.h"
#include "records/record.h"

#define CSV_FIELDS 5

void results_init(struct results *self)
{
    *self = (struct results){ 0 };
}

void results_release(struct results *self)
{
    journal_reader_release(&self->journals);
    for (int i = 0; i < self->n_bots; i++) free(self->names[i]);
    free(self->names);
    free(self->parties);
    free(self->tables);
    results_init(self);
}

/* What self held before a read, to roll back to. */
struct mark {
    size_t n_parties, n_tables;
    int n_bots;
    long n_clusters;
};

static struct mark mark_of(const struct results *self)
{
    return (struct mark){ self->n_parties, self->n_tables, self->n_bots, self->n_clusters };
}

static void roll_back(struct results *self, struct mark m)
{
    for (int i = m.n_bots; i < self->n_bots; i++) free(self->names[i]);
    self->n_bots = m.n_bots;
    self->n_parties = m.n_parties;
    self->n_tables = m.n_tables;
    self->n_clusters = m.n_clusters;
    if (!self->n_tables) self->game[0] = '\0';
}

/* The index of bot `name`, added when new; -1 when out of memory. */
static int bot_index(struct results *self, const char *name)
{
    return roster_bot(&self->names, &self->n_bots, &self->names_cap, name);
}

static int add_partie(struct results *self, const struct ratings_partie *p)
{
    return roster_partie(&self->parties, &self->n_parties, &self->parties_cap, p);
}

/* Whether s is well-formed UTF-8 (no overlong forms or surrogates). */
static bool utf8_valid(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned char c = *p;
        size_t len = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2
                   : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
        if (len == 0) return false;
        for (size_t i = 1; i < len; i++)
            if ((p[i] & 0xC0) != 0x80) return false;
        if ((c == 0xE0 && p[1] < 0xA0) || (c == 0xED && p[1] >= 0xA0) ||
            (c == 0xF0 && p[1] < 0x90) || (c == 0xF4 && p[1] >= 0x90))
            return false;
        p += len;
    }
    return true;
}

/* A field as shown in a message: at most 40 bytes, anything but printable
 * ASCII as '?', so that a message never carries control characters. */
static const char *shown(const char *field, char buf[48])
{
    size_t n = 0;
    for (; field[n] && n < 40; n++) {
        unsigned char c = (unsigned char)field[n];
        buf[n] = c >= 0x20 && c < 0x7F ? (char)c : '?';
    }
    if (field[n]) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n] = '\0';
    return buf;
}

/* Checks a player name; NULL when fine, else why not. */
static const char *bad_name(const char *name)
{
    if (!name[0]) return "empty player name";
    if (!utf8_valid(name)) return "player name is not valid UTF-8";
    return NULL;
}

/* Duplicate-pair ids of one file: open addressing, linear probing. */
struct pair_slot {
    char *id;          /* NULL: free slot */
    long cluster;
    int first, second; /* of the pair's first partie */
    int count;         /* parties seen, 1 or 2 */
    size_t line, line2;
};

struct pair_index {
    struct pair_slot *slots;
    size_t cap, used;
};

static uint64_t hash(const char *s)
{
    uint64_t h = 1469598103934665603u;   /* FNV-1a */
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static void pair_index_release(struct pair_index *ix)
{
    for (size_t i = 0; i < ix->cap; i++) free(ix->slots[i].id);
    free(ix->slots);
    *ix = (struct pair_index){ 0 };
}

static struct pair_slot *probe(struct pair_slot *slots, size_t cap, const char *id)
{
    size_t i = (size_t)(hash(id) & (cap - 1));
    while (slots[i].id && strcmp(slots[i].id, id) != 0) i = (i + 1) & (cap - 1);
    return &slots[i];
}

/* The slot of `id`, claimed (id copied, count 0) when new; NULL when out
 * of memory. */
static struct pair_slot *pair_slot(struct pair_index *ix, const char *id)
{
    if (2 * (ix->used + 1) > ix->cap) {
        size_t cap = ix->cap ? 2 * ix->cap : 64;
        struct pair_slot *slots = calloc(cap, sizeof *slots);
        if (!slots) return NULL;
        for (size_t i = 0; i < ix->cap; i++)
            if (ix->slots[i].id) *probe(slots, cap, ix->slots[i].id) = ix->slots[i];
        free(ix->slots);
        ix->slots = slots;
        ix->cap = cap;
    }
    struct pair_slot *s = probe(ix->slots, ix->cap, id);
    if (!s->id) {
        if (!(s->id = strdup(id))) return NULL;
        ix->used++;
    }
    return s;
}

/* Splits `line` in place into at most CSV_FIELDS fields (RFC 4180 quoting
 * within the line; spaces around unquoted fields dropped). Returns the
 * number of fields, or -1 with *why set. */
static int split(char *line, char *fields[CSV_FIELDS], const char **why)
{
    char *p = line;
    int n = 0;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (n == CSV_FIELDS) {
            *why = "more than 5 fields (first,second,score,pair,settlement)";
            return -1;
        }
        if (*p == '"') {
            char *out = ++p;
            fields[n++] = out;
            for (;;) {
                if (!*p) {
                    *why = "quoted field not closed on its line";
                    return -1;
                }
                if (*p == '"' && p[1] != '"') break;
                if (*p == '"') p++;
                *out++ = *p++;
            }
            p++;
            *out = '\0';
            while (*p == ' ' || *p == '\t') p++;
            if (*p && *p != ',') {
                *why = "text after a closing quote";
                return -1;
            }
        } else {
            fields[n++] = p;
            p += strcspn(p, ",\"");
            if (*p == '"') {
                *why = "quote inside an unquoted field";
                return -1;
            }
            char *end = p, separator = *p;
            while (end > fields[n - 1] && (end[-1] == ' ' || end[-1] == '\t')) end--;
            *end = '\0';
            if (separator != ',') return n;
            p++;
            continue;
        }
        if (*p != ',') return n;
        p++;
    }
}

/* Parses a score field: 1, 0.5 or 0 (any spelling strtod reads as those). */
static int parse_score(const char *field, double *score)
{
    char *end;
    errno = 0;
    double v = strtod(field, &end);
    if (!field[0] || *end || errno || !(v == 0 || v == 0.5 || v == 1)) return -1;
    *score = v;
    return 0;
}

static int parse_points(const char *field, int *points)
{
    char *end;
    errno = 0;
    long v = strtol(field, &end, 10);
    if (!field[0] || *end || errno || v < INT_MIN || v > INT_MAX) return -1;
    *points = (int)v;
    return 0;
}

/* Turns the fields of one data line into a partie. Returns 0, or -1 with
 * the reason in err. */
static int read_row(struct results *self, struct pair_index *pairs, char **f,
                    int n, const char *source, size_t line_no, char *err,
                    size_t err_size)
{
    char a[48], b[48], c[48];
    const char *why;
    struct ratings_partie p = { 0 };
    const char *pair = n > 3 ? f[3] : "", *points = n > 4 ? f[4] : "";

    if (n < 3) {
        snprintf(err, err_size, "%s:%zu: %d field%s, want at least first,second,score",
                 source, line_no, n, n == 1 ? "" : "s");
        return -1;
    }
    if ((why = bad_name(f[0])) || (why = bad_name(f[1]))) {
        snprintf(err, err_size, "%s:%zu: %s", source, line_no, why);
        return -1;
    }
    if (strcmp(f[0], f[1]) == 0) {
        snprintf(err, err_size, "%s:%zu: '%s' plays itself", source, line_no,
                 shown(f[0], a));
        return -1;
    }
    if (parse_score(f[2], &p.score) < 0) {
        snprintf(err, err_size, "%s:%zu: unknown score '%s' (want 1, 0.5 or 0)",
                 source, line_no, shown(f[2], a));
        return -1;
    }
    if (points[0]) {
        if (parse_points(points, &p.points) < 0) {
            snprintf(err, err_size, "%s:%zu: settlement '%s' is not an integer",
                     source, line_no, shown(points, a));
            return -1;
        }
        if ((p.score == 1 && p.points < 0) || (p.score == 0 && p.points > 0)) {
            snprintf(err, err_size, "%s:%zu: settlement %d contradicts score %g",
                     source, line_no, p.points, p.score);
            return -1;
        }
        p.has_points = true;
    }
    p.first = bot_index(self, f[0]);
    p.second = p.first < 0 ? -1 : bot_index(self, f[1]);
    if (p.second < 0) goto oom;
    p.cluster = self->n_clusters;
    if (pair[0]) {
        struct pair_slot *s = pair_slot(pairs, pair);
        if (!s) goto oom;
        if (s->count == 2) {
            snprintf(err, err_size, "%s:%zu: pair '%s' already has two parties (lines %zu and %zu)",
                     source, line_no, shown(pair, a), s->line, s->line2);
            return -1;
        }
        if (s->count == 1) {
            if (s->first != p.second || s->second != p.first) {
                snprintf(err, err_size, "%s:%zu: pair '%s' must repeat line %zu with seats swapped (%s first, %s second)",
                         source, line_no, shown(pair, a), s->line,
                         shown(self->names[s->second], b), shown(self->names[s->first], c));
                return -1;
            }
            p.cluster = s->cluster;
            s->line2 = line_no;
        } else {
            *s = (struct pair_slot){ s->id, p.cluster, p.first, p.second, 0, line_no, 0 };
        }
        s->count++;
    }
    if (add_partie(self, &p) < 0) goto oom;
    if (p.cluster == self->n_clusters) self->n_clusters++;
    return 0;
oom:
    snprintf(err, err_size, "%s: out of memory", source);
    return -1;
}

int results_read_csv(struct results *self, FILE *in, const char *source,
                     char *err, size_t err_size)
{
    struct mark m = mark_of(self);
    struct pair_index pairs = { 0 };
    char *line = NULL, *f[CSV_FIELDS];
    size_t line_cap = 0, line_no = 0, header_line = 0;
    int rc = -1;

    for (;;) {
        errno = 0;
        ssize_t len = getline(&line, &line_cap, in);
        if (len < 0) {
            if (errno != 0 || ferror(in)) {
                snprintf(err, err_size, "%s: cannot read: %s", source,
                         strerror(errno ? errno : EIO));
                goto out;
            }
            break;
        }
        line_no++;
        if (strlen(line) != (size_t)len) {
            snprintf(err, err_size, "%s:%zu: NUL byte in the line", source, line_no);
            goto out;
        }
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = '\0';
        char *p = line;
        if (line_no == 1 && strncmp(p, "\xEF\xBB\xBF", 3) == 0) p += 3;
        char *q = p + strspn(p, " \t");
        if (!*q || *q == '#') continue;

        const char *why = NULL;
        int n = split(p, f, &why);
        if (n < 0) {
            snprintf(err, err_size, "%s:%zu: %s", source, line_no, why);
            goto out;
        }
        if (!header_line) {
            static const char *const names[CSV_FIELDS] = {
                "first", "second", "score", "pair", "settlement"
            };
            for (int i = 0; i < CSV_FIELDS; i++)
                if (i >= n || strcmp(f[i], names[i]) != 0) {
                    snprintf(err, err_size, "%s:%zu: expected the header '%s'",
                             source, line_no, RESULTS_CSV_HEADER);
                    goto out;
                }
            header_line = line_no;
            continue;
        }
        if (read_row(self, &pairs, f, n, source, line_no, err, err_size) < 0)
            goto out;
    }
    if (line_no == 0) {
        snprintf(err, err_size, "%s:1: empty file (expected the header '%s')",
                 source, RESULTS_CSV_HEADER);
        goto out;
    }
    if (!header_line) {
        snprintf(err, err_size, "%s:%zu: end of file before the header '%s'",
                 source, line_no, RESULTS_CSV_HEADER);
        goto out;
    }
    if (self->n_parties == m.n_parties) {
        snprintf(err, err_size, "%s:%zu: no parties after the header", source,
                 header_line);
        goto out;
    }
    rc = 0;
out:
    free(line);
    pair_index_release(&pairs);
    if (rc < 0) roll_back(self, m);
    return rc;
}

int results_read_pgn(struct results *self, FILE *in, const char *source,
                     char *err, size_t err_size)
{
    struct mark m = mark_of(self);
    struct pgn games;
    int *bot = NULL, rc = -1;

    pgn_init(&games);
    if (pgn_read_stream(&games, in, source, err, err_size) < 0) goto out;
    if (games.n_parties == 0) {
        snprintf(err, err_size, "%s:1: no finished games", source);
        goto out;
    }
    bot = malloc(sizeof *bot * ((size_t)games.n_bots + 1));
    if (!bot) goto oom;
    for (int i = 0; i < games.n_bots; i++) {
        const char *why = bad_name(games.names[i]);
        char a[48];
        if (why) {
            snprintf(err, err_size, "%s: '%s': %s", source, shown(games.names[i], a), why);
            goto out;
        }
        if ((bot[i] = bot_index(self, games.names[i])) < 0) goto oom;
    }
    for (size_t g = 0; g < games.n_parties; g++) {
        struct ratings_partie p = games.parties[g];
        if (p.first == p.second) {
            char a[48];
            snprintf(err, err_size, "%s: game %zu: '%s' plays itself", source, g + 1,
                     shown(games.names[p.first], a));
            goto out;
        }
        p.first = bot[p.first];
        p.second = bot[p.second];
        p.cluster = self->n_clusters++;
        if (add_partie(self, &p) < 0) goto oom;
    }
    rc = 0;
    goto out;
oom:
    snprintf(err, err_size, "%s: out of memory", source);
out:
    free(bot);
    pgn_release(&games);
    if (rc < 0) roll_back(self, m);
    return rc;
}

/* One partie record (records/record.h) as a result; the pair is found by
 * the run, the seed and the two bots, whichever seat each had. */
static int add_record(struct results *self, struct pair_index *pairs, const struct record_partie *rec, char *err,
                      size_t err_size)
{
    const char *a = rec->players[0], *b = rec->players[1], *why;
    if ((why = bad_name(a)) || (why = bad_name(b))) {
        snprintf(err, err_size, "%s", why);
        return -1;
    }
    struct ratings_partie p = { 0 };
    p.first = bot_index(self, rec->players[rec->first_dealer]);
    p.second = p.first < 0 ? -1 : bot_index(self, rec->players[1 - rec->first_dealer]);
    if (p.second < 0) goto oom;
    p.score = rec->winner < 0 ? 0.5 : rec->winner == rec->first_dealer ? 1 : 0;
    p.has_points = true;
    p.points = p.score == 1 ? rec->settlement : p.score == 0 ? -rec->settlement : 0;
    char id[200];
    int low = strcmp(a, b) < 0;
    /* Runs that share a master seed share packs, so the run is part of the
     * pair's identity when the records carry it (the leaderboard mixes runs). */
    snprintf(id, sizeof id, "%.60s\x1f%.60s\x1f%.20s\x1f%llu", low ? a : b, low ? b : a, rec->run ? rec->run : "",
             (unsigned long long)rec->seed);
    struct pair_slot *slot = pair_slot(pairs, id);
    if (!slot) goto oom;
    if (slot->count == 1) p.cluster = slot->cluster;
    else p.cluster = self->n_clusters++;
    if (slot->count == 0) slot->cluster = p.cluster;
    slot->count++;
    if (add_partie(self, &p) < 0) goto oom;
    return 0;
oom:
    snprintf(err, err_size, "out of memory");
    return -1;
}

struct journal_read {
    struct results *self;
    struct pair_index pairs;
    uint64_t *ids;           /* the id of each partie or match this file added, in file order */
    size_t n_ids, ids_cap;
};

static int remember_id(struct journal_read *j, uint64_t id, char *err, size_t cap)
{
    if (j->n_ids == j->ids_cap) {
        size_t n = j->ids_cap ? 2 * j->ids_cap : 256;
        uint64_t *grown = realloc(j->ids, n * sizeof *grown);
        if (!grown) {
            snprintf(err, cap, "out of memory");
            return -1;
        }
        j->ids = grown;
        j->ids_cap = n;
    }
    j->ids[j->n_ids++] = id;
    return 0;
}

struct keyed {
    uint64_t id;
    size_t at;               /* place in file order */
};

static int compare_keyed(const void *a, const void *b)
{
    const struct keyed *x = a, *y = b;
    if (x->id != y->id) return x->id < y->id ? -1 : 1;
    return x->at < y->at ? -1 : x->at > y->at;
}

/* A label given in the file (a bot or a cluster from `first` on) renamed
 * to its rank of first appearance in the canonical order. */
static long relabel(long *map, long first, long *next, long label)
{
    if (label < first) return label;
    if (map[label - first] < 0) map[label - first] = (*next)++;
    return map[label - first];
}

/* The parties or matches the file added (from mark m), sorted by id as
 * results.h says, their new bots and clusters renumbered in that order. */
static int canonical_order(struct results *self, struct mark m, const struct journal_read *j)
{
    bool tables = self->n_tables > m.n_tables;
    size_t n = tables ? self->n_tables - m.n_tables : self->n_parties - m.n_parties;
    size_t new_bots = (size_t)(self->n_bots - m.n_bots), new_clusters = (size_t)(self->n_clusters - m.n_clusters);
    struct keyed *order = malloc((n + 1) * sizeof *order);
    long *bot_map = malloc((new_bots + 1) * sizeof *bot_map), *cluster_map = malloc((new_clusters + 1) * sizeof *cluster_map);
    void *copy = malloc((n + 1) * (tables ? sizeof(struct ratings_table) : sizeof(struct ratings_partie)));
    char **names = malloc((new_bots + 1) * sizeof *names);
    long next_bot = m.n_bots, next_cluster = m.n_clusters;
    int rc = -1;
    if (!order || !bot_map || !cluster_map || !copy || !names || j->n_ids != n) goto out;
    for (size_t i = 0; i < n; i++) order[i] = (struct keyed){ j->ids[i], i };
    qsort(order, n, sizeof *order, compare_keyed);
    for (size_t i = 0; i < new_bots; i++) bot_map[i] = -1;
    for (size_t i = 0; i < new_clusters; i++) cluster_map[i] = -1;
    for (size_t i = 0; i < n; i++) {
        if (tables) {
            struct ratings_table t = self->tables[m.n_tables + order[i].at];
            for (int s = 0; s < t.seats; s++) t.bot[s] = (int)relabel(bot_map, m.n_bots, &next_bot, t.bot[s]);
            t.set = relabel(cluster_map, m.n_clusters, &next_cluster, t.set);
            ((struct ratings_table *)copy)[i] = t;
        } else {
            struct ratings_partie p = self->parties[m.n_parties + order[i].at];
            p.first = (int)relabel(bot_map, m.n_bots, &next_bot, p.first);
            p.second = (int)relabel(bot_map, m.n_bots, &next_bot, p.second);
            p.cluster = relabel(cluster_map, m.n_clusters, &next_cluster, p.cluster);
            ((struct ratings_partie *)copy)[i] = p;
        }
    }
    /* Every new bot and cluster came with a record, so each has its rank. */
    for (size_t i = 0; i < new_bots; i++) {
        if (bot_map[i] < 0) goto out;
        names[bot_map[i] - m.n_bots] = self->names[m.n_bots + (int)i];
    }
    memcpy(self->names + m.n_bots, names, new_bots * sizeof *names);
    if (tables) memcpy(self->tables + m.n_tables, copy, n * sizeof(struct ratings_table));
    else memcpy(self->parties + m.n_parties, copy, n * sizeof(struct ratings_partie));
    rc = 0;
out:
    free(order);
    free(bot_map);
    free(cluster_map);
    free(copy);
    free(names);
    return rc;
}

/* A match of another game as a table: one seat per entrant (the first
 * player of each team), its points, clustered by its run and set. */
static int add_match(struct results *self, struct pair_index *sets, const struct game_record *rec, char *err,
                     size_t cap)
{
    struct game_setup setup = { rec->players, 0, 0, NULL, 0 };
    char key[48], id[96], why[160];
    int team_of[GAME_MAX_PLAYERS], teams = 0;
    void *state = malloc(rec->game->state_size);
    if (!state) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    int made = rec->game->create(state, &setup, why, sizeof why);
    for (int p = 0; made == 0 && p < rec->players; p++) {
        team_of[p] = rec->game->team(state, p);
        if (team_of[p] + 1 > teams) teams = team_of[p] + 1;
    }
    free(state);
    if (made < 0) {
        snprintf(err, cap, "%s: %s", rec->game->name, why);
        return -1;
    }
    snprintf(key, sizeof key, "%s-%d", rec->game->name, rec->players);
    if (self->n_parties) {
        snprintf(err, cap, "a %s match among Piquet parties: rate each game apart", key);
        return -1;
    }
    if (self->game[0] && strcmp(self->game, key)) {
        snprintf(err, cap, "a %s match among %s matches: rate each game apart", key, self->game);
        return -1;
    }
    if (self->n_tables == self->tables_cap) {
        size_t n = self->tables_cap ? 2 * self->tables_cap : 256;
        struct ratings_table *grown = realloc(self->tables, n * sizeof *grown);
        if (!grown) {
            snprintf(err, cap, "out of memory");
            return -1;
        }
        self->tables = grown;
        self->tables_cap = n;
    }
    struct ratings_table *t = &self->tables[self->n_tables];
    memset(t, 0, sizeof *t);
    t->seats = teams;
    for (int p = 0; p < rec->players; p++) {
        int team = team_of[p], first = 1;
        for (int q = 0; q < p; q++) first &= team_of[q] != team;
        if (!first) continue;
        if ((t->bot[team] = bot_index(self, rec->names[p])) < 0) {
            snprintf(err, cap, "out of memory");
            return -1;
        }
        t->points[team] = (double)rec->points[p];
    }
    snprintf(id, sizeof id, "%s\x1f%ld", rec->run, rec->set);
    struct pair_slot *slot = rec->set ? pair_slot(sets, id) : NULL;
    if (rec->set && !slot) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    if (slot && slot->count == 0) slot->cluster = self->n_clusters++;
    if (slot) slot->count++;
    t->set = slot ? slot->cluster : self->n_clusters++;
    snprintf(self->game, sizeof self->game, "%s", key);
    self->n_tables++;
    return 0;
}

static int read_entry(const struct journal_entry *e, void *ctx, char *err, size_t cap)
{
    struct journal_read *j = ctx;
    struct record_partie rec;
    if (e->type == JOURNAL_MATCH) {
        struct game_record match;
        if (game_record_read(e->record, &match, err, cap) < 0 || add_match(j->self, &j->pairs, &match, err, cap) < 0)
            return -1;
        return remember_id(j, match.id, err, cap);
    }
    if (e->type != JOURNAL_PARTIE) return 0;
    if (j->self->n_tables) {
        snprintf(err, cap, "a Piquet partie among %s matches: rate each game apart", j->self->game);
        return -1;
    }
    if (record_read(e->record, &rec, err, cap) < 0 || add_record(j->self, &j->pairs, &rec, err, cap) < 0) return -1;
    return remember_id(j, rec.id, err, cap);
}

int results_read_journal(struct results *self, FILE *in, const char *source, char *err, size_t err_size)
{
    struct mark m = mark_of(self);
    struct journal_read j = { self, { 0 }, NULL, 0, 0 };
    int torn, rc = -1;
    if (journal_reader_read(&self->journals, in, source, read_entry, &j, &torn, err, err_size) < 0) goto out;
    if (self->n_parties == m.n_parties && self->n_tables == m.n_tables) {
        snprintf(err, err_size, "%s: no partie or match records", source);
        goto out;
    }
    if (self->canonical && canonical_order(self, m, &j) < 0) {
        snprintf(err, err_size, "%s: out of memory", source);
        goto out;
    }
    rc = 0;
out:
    free(j.ids);
    pair_index_release(&j.pairs);
    if (rc < 0) roll_back(self, m);
    return rc;
}

int results_add_records(struct results *self, const struct record_partie *records, size_t n, const char *source,
                        char *err, size_t err_size)
{
    struct mark m = mark_of(self);
    struct pair_index pairs = { 0 };
    char why[256];
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < n; i++)
        if ((rc = add_record(self, &pairs, &records[i], why, sizeof why)) < 0)
            snprintf(err, err_size, "%s: partie %zu: %s", source, i + 1, why);
    pair_index_release(&pairs);
    if (rc < 0) roll_back(self, m);
    return rc;
}

/* A reader per kind of file; the first that claims a name reads it. */
struct reader {
    bool (*claims)(const char *path);
    int (*read)(struct results *self, FILE *in, const char *source, char *err,
                size_t err_size);
};

static bool ends_with_pgn(const char *path)
{
    size_t n = strlen(path);
    if (n < 4) return false;
    const char *ext = path + n - 4;
    return ext[0] == '.' && (ext[1] | 0x20) == 'p' && (ext[2] | 0x20) == 'g' &&
           (ext[3] | 0x20) == 'n';
}

static bool ends_with_jsonl(const char *path)
{
    size_t n = strlen(path);
    return n >= 6 && strcmp(path + n - 6, ".jsonl") == 0;
}

static bool any_name(const char *path)
{
    (void)path;
    return true;
}

static const struct reader readers[] = {
    { ends_with_pgn, results_read_pgn },
    { ends_with_jsonl, results_read_journal },
    { any_name, results_read_csv },
};

int results_read(struct results *self, const char *path, char *err,
                 size_t err_size)
{
    const struct reader *r = readers;
    while (!r->claims(path)) r++;
    FILE *in = fopen(path, "r");
    if (!in) {
        snprintf(err, err_size, "cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    int rc = r->read(self, in, path, err, err_size);
    fclose(in);
    return rc;
}

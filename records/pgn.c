/* pgn.c - reading results from PGN and writing them back (see pgn.h).
 *
 * A line-based reader: a tag line after movetext starts the next game, and
 * the game in progress is finished at the next tag section or at the end of
 * the input. Brace comments may span lines and hide brackets. A read either
 * appends every game of the input or, on the first error, rolls self back to
 * what it held before the call. struct pgn owns its arrays and the names.
 */
#include "records/pgn.h"
#include "records/roster.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Tags of the game being read; NULL until seen. */
struct game {
    char *white, *black, *result;
    size_t line;      /* where the game started, for messages */
};

static void game_clear(struct game *g)
{
    free(g->white);
    free(g->black);
    free(g->result);
    *g = (struct game){ 0 };
}

void pgn_init(struct pgn *self)
{
    *self = (struct pgn){ 0 };
}

void pgn_release(struct pgn *self)
{
    for (int i = 0; i < self->n_bots; i++) free(self->names[i]);
    free(self->names);
    free(self->parties);
    pgn_init(self);
}

/* The index of bot `name`, added when new; -1 when out of memory. */
static int bot_index(struct pgn *self, const char *name)
{
    return roster_bot(&self->names, &self->n_bots, &self->names_cap, name);
}

static int add_partie(struct pgn *self, const struct ratings_partie *p)
{
    return roster_partie(&self->parties, &self->n_parties, &self->parties_cap, p);
}

/* Parses one `[Name "value"]` at *pos, unescaping the value in place.
 * Returns the slot of g the tag fills (NULL for tags that do not matter)
 * through *slot, and 0, or -1 when malformed. */
static int parse_tag(char **pos, struct game *g, char ***slot, char **value)
{
    char *p = *pos + 1;
    while (*p == ' ' || *p == '\t') p++;
    char *name = p;
    while ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
           (*p >= '0' && *p <= '9') || *p == '_')
        p++;
    size_t name_len = (size_t)(p - name);
    while (*p == ' ' || *p == '\t') p++;
    if (name_len == 0 || *p != '"') return -1;
    char *out = ++p;
    *value = p;
    while (*p && *p != '"') {
        if (*p == '\\' && (p[1] == '"' || p[1] == '\\')) p++;
        *out++ = *p++;
    }
    if (*p != '"') return -1;
    p++;
    *out = '\0';
    while (*p == ' ' || *p == '\t') p++;
    if (*p != ']') return -1;
    *pos = p + 1;

    *slot = NULL;
    if (name_len == 5 && strncmp(name, "White", 5) == 0) *slot = &g->white;
    else if (name_len == 5 && strncmp(name, "Black", 5) == 0) *slot = &g->black;
    else if (name_len == 6 && strncmp(name, "Result", 6) == 0) *slot = &g->result;
    return 0;
}

/* Turns the tags of a finished game into a partie. Returns 0, or -1 with
 * the reason in err. */
static int finish_game(struct pgn *self, struct game *g, const char *source,
                       char *err, size_t err_size)
{
    const char *missing = !g->white ? "White" : !g->black ? "Black"
                        : !g->result ? "Result" : NULL;
    if (missing) {
        snprintf(err, err_size, "%s:%zu: game without a [%s] tag", source,
                 g->line, missing);
        return -1;
    }
    if (!g->white[0] || !g->black[0]) {
        snprintf(err, err_size, "%s:%zu: empty player name", source, g->line);
        return -1;
    }
    struct ratings_partie p = { .cluster = (long)self->n_parties };
    if (strcmp(g->result, "1-0") == 0) p.score = 1.0;
    else if (strcmp(g->result, "0-1") == 0) p.score = 0.0;
    else if (strcmp(g->result, "1/2-1/2") == 0) p.score = 0.5;
    else if (strcmp(g->result, "*") == 0) return 0;
    else {
        snprintf(err, err_size, "%s:%zu: unknown result '%s'", source, g->line,
                 g->result);
        return -1;
    }
    p.first = bot_index(self, g->white);
    p.second = p.first < 0 ? -1 : bot_index(self, g->black);
    if (p.second < 0 || add_partie(self, &p) < 0) {
        snprintf(err, err_size, "%s: out of memory", source);
        return -1;
    }
    return 0;
}

int pgn_read_stream(struct pgn *self, FILE *in, const char *source, char *err,
                    size_t err_size)
{
    size_t old_parties = self->n_parties;
    int old_bots = self->n_bots;
    struct game g = { 0 };
    char *line = NULL;
    size_t line_cap = 0, line_no = 0;
    bool in_game = false, in_moves = false, in_comment = false;
    int rc = -1;

    for (;;) {
        errno = 0;
        if (getline(&line, &line_cap, in) < 0) {
            if (errno != 0 || ferror(in)) {
                snprintf(err, err_size, "%s: cannot read: %s", source,
                         strerror(errno ? errno : EIO));
                goto out;
            }
            break;
        }
        line_no++;
        char *p = line;
        if (line_no == 1 && strncmp(p, "\xEF\xBB\xBF", 3) == 0) p += 3;
        if (*p == '%') continue;
        for (;;) {
            while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
            if (!*p) break;
            if (in_comment) {
                char *close = strchr(p, '}');
                if (!close) break;
                in_comment = false;
                p = close + 1;
            } else if (*p == '[') {
                char **slot, *value;
                if (parse_tag(&p, &g, &slot, &value) < 0) {
                    snprintf(err, err_size, "%s:%zu: malformed tag", source,
                             line_no);
                    goto out;
                }
                /* Tags after movetext, or a second White, Black or Result
                 * (games without movetext), begin the next game. */
                if (in_moves || (slot && *slot)) {
                    if (finish_game(self, &g, source, err, err_size) < 0)
                        goto out;
                    game_clear(&g);
                    in_moves = false;
                    in_game = false;
                }
                if (!in_game) g.line = line_no;
                in_game = true;
                if (slot && !(*slot = strdup(value))) {
                    snprintf(err, err_size, "%s: out of memory", source);
                    goto out;
                }
            } else if (*p == '{') {
                in_comment = true;
                p++;
            } else if (*p == ';') {
                break;
            } else {
                if (!in_game) g.line = line_no;
                in_game = true;
                in_moves = true;
                p += strcspn(p, " \t\r\n{;[");
            }
        }
    }
    if (in_comment) {
        snprintf(err, err_size, "%s:%zu: comment not closed", source, line_no);
        goto out;
    }
    if (in_game && finish_game(self, &g, source, err, err_size) < 0) goto out;
    rc = 0;
out:
    free(line);
    game_clear(&g);
    if (rc < 0) {
        for (int i = old_bots; i < self->n_bots; i++) free(self->names[i]);
        self->n_bots = old_bots;
        self->n_parties = old_parties;
    }
    return rc;
}

/* Writes s as a PGN string value, escaping quotes and backslashes. */
static int put_string(FILE *out, const char *s)
{
    for (; *s; s++) {
        if ((*s == '"' || *s == '\\') && fputc('\\', out) == EOF) return -1;
        if (fputc(*s, out) == EOF) return -1;
    }
    return 0;
}

int pgn_write(FILE *out, const struct ratings_partie *parties, size_t n_parties,
              const char *const *names, int n_bots, char *err, size_t err_size)
{
    for (size_t i = 0; i < n_parties; i++) {
        const struct ratings_partie *p = &parties[i];
        const char *result = p->score == 1.0 ? "1-0" : p->score == 0.0 ? "0-1"
                           : p->score == 0.5 ? "1/2-1/2" : NULL;
        if (p->first < 0 || p->first >= n_bots || p->second < 0 ||
            p->second >= n_bots || !result) {
            snprintf(err, err_size, "pgn: partie %zu: %s", i,
                     result ? "bot index out of range" : "score is not 1, 0.5 or 0");
            return -1;
        }
        if (fprintf(out, "[Event \"piquet arena\"]\n[Round \"%zu\"]\n[White \"", i + 1) < 0 ||
            put_string(out, names[p->first]) < 0 ||
            fputs("\"]\n[Black \"", out) == EOF ||
            put_string(out, names[p->second]) < 0 ||
            fprintf(out, "\"]\n[Result \"%s\"]\n\n%s\n\n", result, result) < 0)
            break;
    }
    if (fflush(out) == EOF || ferror(out)) {
        snprintf(err, err_size, "pgn: cannot write: %s",
                 strerror(errno ? errno : EIO));
        return -1;
    }
    return 0;
}

/* Checks table i for pgn_write_tables(); 0, or -1 with the reason in err. */
static int check_table(const struct ratings_table *t, size_t i, int n_bots,
                       char *err, size_t err_size)
{
    if (t->seats < 2 || t->seats > RATINGS_MAX_SEATS) {
        snprintf(err, err_size, "pgn: table %zu: %d seats, not 2..%d", i,
                 t->seats, RATINGS_MAX_SEATS);
        return -1;
    }
    for (int s = 0; s < t->seats; s++) {
        if (t->bot[s] < 0 || t->bot[s] >= n_bots) {
            snprintf(err, err_size, "pgn: table %zu: seat %c: bot index out of range",
                     i, 'A' + s);
            return -1;
        }
        if (!isfinite(t->points[s])) {
            snprintf(err, err_size, "pgn: table %zu: seat %c: points are not finite",
                     i, 'A' + s);
            return -1;
        }
    }
    return 0;
}

int pgn_write_tables(FILE *out, const struct ratings_table *tables,
                     size_t n_tables, const char *const *names, int n_bots,
                     char *err, size_t err_size)
{
    for (size_t k = 0; k < n_tables; k++)
        if (check_table(&tables[k], k, n_bots, err, err_size) < 0) return -1;
    bool failed = false;
    for (size_t k = 0; k < n_tables && !failed; k++) {
        const struct ratings_table *t = &tables[k];
        for (int i = 0; i < t->seats && !failed; i++)
            for (int j = i + 1; j < t->seats && !failed; j++) {
                if (t->bot[i] == t->bot[j]) continue;
                double s = ratings_table_score(t, i, j);
                const char *result = s == 1 ? "1-0" : s == 0 ? "0-1" : "1/2-1/2";
                failed = fprintf(out, "[Event \"arena\"]\n[Round \"%zu\"]\n[White \"",
                                 k + 1) < 0 ||
                         put_string(out, names[t->bot[i]]) < 0 ||
                         fputs("\"]\n[Black \"", out) == EOF ||
                         put_string(out, names[t->bot[j]]) < 0 ||
                         fprintf(out, "\"]\n[Result \"%s\"]\n[Set \"%ld\"]\n"
                                 "[WhiteSeat \"%c\"]\n[BlackSeat \"%c\"]\n\n%s\n\n",
                                 result, t->set, 'A' + i, 'A' + j, result) < 0;
            }
    }
    if (fflush(out) == EOF || ferror(out)) {
        snprintf(err, err_size, "pgn: cannot write: %s",
                 strerror(errno ? errno : EIO));
        return -1;
    }
    return 0;
}

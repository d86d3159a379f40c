/* test_cmd_ratings.c - the real `arena ratings` program ($BIN/arena) on the
 * Ordo fixture (tests/fixtures/ratings) and on results files written here in
 * the test's scratch directory: Ordo's numbers in text and JSON, CSV and PGN round trips,
 * cluster-robust intervals from pair ids, head-to-head counts, bots that
 * cannot be rated, awkward names, and bad input of every kind.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "tests/support_scratch.h"

#define Z95 1.959963984540054

/* Relative to the top of the checkout, where make test runs the tests. */
static const char *fixture(void)
{
    return "tests/fixtures/ratings/games.pgn";
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "cannot write %s", path);
    cr_assert_eq(fputs(text, f) >= 0, 1);
    cr_assert_eq(fclose(f), 0);
}

/* The whole file, NUL-terminated; the caller frees it. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot read %s", path);
    size_t cap = 4096, n = 0;
    char *text = malloc(cap);
    for (size_t got; (got = fread(text + n, 1, cap - n - 1, f)) > 0;) {
        n += got;
        if (cap - n < 2) text = realloc(text, cap *= 2);
        cr_assert_not_null(text);
    }
    fclose(f);
    text[n] = '\0';
    return text;
}

struct run {
    int status;
    char *out, *err;
};

/* Runs `$BIN/arena ratings ARGS` (ARGS as printf), stdout and stderr into
 * files of this test's directory. */
static struct run ratings(const char *format, ...) __attribute__((format(printf, 1, 2)));
static struct run ratings(const char *format, ...)
{
    char args[2048], cmd[4096];
    const char *bin = getenv("BIN");
    va_list ap;
    va_start(ap, format);
    vsnprintf(args, sizeof args, format, ap);
    va_end(ap);
    /* (Not support_scratch_path: the callers' paths stay in its buffers.) */
    const char *dir = support_scratch_dir();
    snprintf(cmd, sizeof cmd, "'%s/arena' ratings %s >'%s/stdout' 2>'%s/stderr'", bin ? bin : "build/bin", args, dir,
             dir);
    int status = system(cmd);
    cr_assert(status != -1 && WIFEXITED(status), "cannot run %s", cmd);
    snprintf(cmd, sizeof cmd, "%s/stdout", dir);
    char *out = slurp(cmd);
    snprintf(cmd, sizeof cmd, "%s/stderr", dir);
    struct run r = { WEXITSTATUS(status), out, slurp(cmd) };
    return r;
}

static void run_free(struct run *r)
{
    free(r->out);
    free(r->err);
}

/* The JSON printed by `arena ratings OPTIONS 'PATH'`; the caller deletes
 * it. */
static cJSON *json_of(const char *options, const char *path)
{
    struct run r = ratings("%s '%s'", options, path);
    cr_assert_eq(r.status, 0, "exit %d: %s", r.status, r.err);
    cJSON *root = cJSON_Parse(r.out);
    cr_assert_not_null(root, "not JSON: %s", r.out);
    run_free(&r);
    return root;
}

static cJSON *bot_named(cJSON *root, const char *name)
{
    cJSON *bot;
    cJSON_ArrayForEach(bot, cJSON_GetObjectItem(root, "bots")) {
        cJSON *n = cJSON_GetObjectItem(bot, "name");
        if (cJSON_IsString(n) && strcmp(n->valuestring, name) == 0) return bot;
    }
    cr_assert_fail("no bot '%s' in the JSON", name);
    return NULL;
}

static double number(cJSON *object, const char *key)
{
    cJSON *item = cJSON_GetObjectItem(object, key);
    cr_assert(cJSON_IsNumber(item), "'%s' is not a number", key);
    return item->valuedouble;
}

/* The rating column of `name`'s row in the text table. */
static const char *text_rating(const char *out, const char *name, char buf[32])
{
    size_t len = strlen(name);
    for (const char *line = out; line && *line; line = strchr(line, '\n'), line += !!line) {
        char rank[16];
        int used = 0;
        if (sscanf(line, "%15s %n", rank, &used) == 1 && strncmp(line + used, name, len) == 0 &&
            line[used + len] == ' ' && sscanf(line + used + len, "%31s", buf) == 1)
            return buf;
    }
    cr_assert_fail("no row for %s in:\n%s", name, out);
    return NULL;
}

Test(cmd_ratings, prints_ordos_ratings_and_advantage_for_the_fixture)
{
    char buf[32];
    struct run r = ratings("'%s'", fixture());
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_str_eq(text_rating(r.out, "Alpha", buf), "56.84");
    cr_assert_str_eq(text_rating(r.out, "Beta", buf), "-8.01");
    cr_assert_str_eq(text_rating(r.out, "Gamma", buf), "-48.83");
    cr_assert_not_null(strstr(r.out, "first-dealer advantage: 41.40 +- 16.88"), "%s", r.out);
    cr_assert_not_null(strstr(r.out, "duplicate pairs: 0"), "%s", r.out);
    cr_assert_str_empty(r.err);
    run_free(&r);
}

Test(cmd_ratings, json_has_every_field_and_ordos_numbers)
{
    static const char *const names[] = { "Alpha", "Beta", "Gamma" };
    static const double rating[] = { 56.8426, -8.0086, -48.8339 };
    static const double se[] = { 13.89, 13.63, 13.82 };
    static const char *const fields[] = {
        "name", "rating", "ci_low", "ci_high", "parties", "score", "se_model",
        "se_robust", "status", "rank", "los_next"
    };
    cJSON *root = json_of("--json", fixture());
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(root, "bots")), 3);
    for (int i = 0; i < 3; i++) {
        cJSON *bot = cJSON_GetArrayItem(cJSON_GetObjectItem(root, "bots"), i);
        for (size_t f = 0; f < sizeof fields / sizeof fields[0]; f++)
            cr_assert_not_null(cJSON_GetObjectItem(bot, fields[f]), "no %s", fields[f]);
        cr_assert_str_eq(cJSON_GetObjectItem(bot, "name")->valuestring, names[i]);
        cr_assert_str_eq(cJSON_GetObjectItem(bot, "status")->valuestring, "rated");
        cr_assert_float_eq(number(bot, "rating"), rating[i], 1e-4);
        cr_assert_float_eq(number(bot, "se_model"), se[i], 0.005);
        cr_assert_eq(number(bot, "parties"), 300);
        double r = number(bot, "rating"), s = number(bot, "se_robust");
        cr_assert_float_eq(number(bot, "ci_low"), r - Z95 * s, 1e-9);
        cr_assert_float_eq(number(bot, "ci_high"), r + Z95 * s, 1e-9);
    }
    cJSON *a = cJSON_GetObjectItem(root, "advantage");
    cr_assert_float_eq(number(a, "rating"), 41.40, 0.005);
    cr_assert_float_eq(number(a, "se_model"), 16.88, 0.005);
    cr_assert_str_eq(cJSON_GetObjectItem(a, "status")->valuestring, "fitted");
    cr_assert_eq(number(root, "parties"), 450);
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(root, "rho")));
    cJSON *los = cJSON_GetObjectItem(cJSON_GetObjectItem(root, "los"), "Alpha");
    cr_assert_float_eq(number(los, "Beta"), number(bot_named(root, "Alpha"), "los_next"), 1e-12);
    cJSON_Delete(root);
}

Test(cmd_ratings, no_advantage_matches_ordo_without_the_first_player_term)
{
    cJSON *root = json_of("--no-advantage --json", fixture());
    cr_assert_float_eq(number(bot_named(root, "Alpha"), "rating"), 56.0611, 1e-4);
    cr_assert_float_eq(number(bot_named(root, "Beta"), "rating"), -7.8986, 1e-4);
    cr_assert_float_eq(number(bot_named(root, "Gamma"), "rating"), -48.1625, 1e-4);
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(cJSON_GetObjectItem(root, "advantage"), "rating")));
    cJSON_Delete(root);
}

Test(cmd_ratings, anchor_fixes_one_bot_and_keeps_the_differences)
{
    cJSON *root = json_of("--anchor Beta=100 --json", fixture());
    cr_assert_float_eq(number(bot_named(root, "Beta"), "rating"), 100, 1e-9);
    cr_assert_float_eq(number(bot_named(root, "Alpha"), "rating"), 100 + 64.851, 5e-4);
    cr_assert_float_eq(number(bot_named(root, "Gamma"), "rating"), 100 - 40.825, 5e-4);
    cr_assert_str_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(root, "anchor"), "name")->valuestring,
                     "Beta");
    cJSON_Delete(root);
}

/* An RFC 4180 parser for the test: rows of fields, quotes undone. */
struct csv {
    char *cells[64][24];
    int rows, cols[64];
};

static void csv_parse(struct csv *c, const char *text)
{
    memset(c, 0, sizeof *c);
    const char *p = text;
    while (*p) {
        cr_assert_lt(c->rows, 64);
        int row = c->rows++;
        for (;;) {
            char field[1024];
            size_t n = 0;
            if (*p == '"') {
                for (p++;; p++) {
                    cr_assert(*p, "quote not closed");
                    if (*p == '"' && p[1] != '"') break;
                    if (*p == '"') p++;
                    field[n++] = *p;
                }
                p++;
            } else {
                while (*p && *p != ',' && *p != '\n') field[n++] = *p++;
            }
            field[n] = '\0';
            cr_assert_lt(c->cols[row], 24);
            c->cells[row][c->cols[row]++] = strdup(field);
            if (*p == ',') {
                p++;
                continue;
            }
            cr_assert(*p == '\n', "record does not end in LF");
            p++;
            break;
        }
    }
}

static void csv_free(struct csv *c)
{
    for (int r = 0; r < c->rows; r++)
        for (int k = 0; k < c->cols[r]; k++) free(c->cells[r][k]);
}

static int csv_column(const struct csv *c, const char *header)
{
    for (int k = 0; k < c->cols[0]; k++)
        if (strcmp(c->cells[0][k], header) == 0) return k;
    cr_assert_fail("no column %s", header);
    return -1;
}

/* Duplicate pairs between three bots with awkward names. In each pair the
 * deal decides more than the bots: often the same seat wins both parties,
 * so a bot's two results in a pair are strongly correlated. */
static const char *write_paired_results(void)
{
    static const char *const bots[] = { "Greedy, \"v2\"", "random", "caf\xC3\xA9 \xE6\xBC\xA2" };
    /* Per pair: who wins the first partie, then the second ('f' first
     * dealer, 's' second, 'd' draw), cycled. */
    static const char *const pattern[] = { "ff", "ff", "ss", "fs", "ff", "sf", "fd", "ss", "ff", "fs" };
    const char *path = support_scratch_path("paired.csv");
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs("# three bots, duplicate pairs\nfirst,second,score,pair,settlement\n", f);
    int id = 0;
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            for (int k = 0; k < 40; k++, id++) {
                const char *w = pattern[(k + 3 * i + j) % 10];
                for (int half = 0; half < 2; half++) {
                    const char *first = bots[half ? j : i], *second = bots[half ? i : j];
                    char c = w[half];
                    /* the better-placed bot wins some extra parties */
                    if (c == 's' && half == 0 && k % 4 == 0) c = 'f';
                    const char *score = c == 'f' ? "1" : c == 's' ? "0" : "0.5";
                    int points = c == 'f' ? 100 + k : c == 's' ? -(100 + j) : 0;
                    fputc('"', f);
                    for (const char *p = first; *p; p++) fprintf(f, *p == '"' ? "\"\"" : "%c", *p);
                    fputs("\",\"", f);
                    for (const char *p = second; *p; p++) fprintf(f, *p == '"' ? "\"\"" : "%c", *p);
                    fprintf(f, "\",%s,pair-%d,%d\n", score, id, points);
                }
            }
    cr_assert_eq(fclose(f), 0);
    return path;
}

Test(cmd_ratings, csv_agrees_with_json_and_quotes_names)
{
    const char *results = write_paired_results();
    cJSON *root = json_of("--json", results);
    struct run r = ratings("--csv '%s'", results);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_not_null(strstr(r.out, ",\"Greedy, \"\"v2\"\"\",rated,"), "%s", r.out);
    struct csv c;
    csv_parse(&c, r.out);
    cr_assert_eq(c.rows, 4);
    int name = csv_column(&c, "bot"), rating = csv_column(&c, "rating");
    int low = csv_column(&c, "ci_low"), high = csv_column(&c, "ci_high");
    int parties = csv_column(&c, "parties");
    for (int row = 1; row < c.rows; row++) {
        cJSON *bot = bot_named(root, c.cells[row][name]);
        cr_assert_float_eq(atof(c.cells[row][rating]), number(bot, "rating"), 1e-4);
        cr_assert_float_eq(atof(c.cells[row][low]), number(bot, "ci_low"), 1e-4);
        cr_assert_float_eq(atof(c.cells[row][high]), number(bot, "ci_high"), 1e-4);
        cr_assert_eq(atoi(c.cells[row][parties]), (int)number(bot, "parties"));
    }
    csv_free(&c);
    cJSON_Delete(root);
    run_free(&r);
}

/* Ratings of two JSON reports agree to 1e-9 for every bot of the first. */
static void assert_same_ratings(cJSON *a, cJSON *b)
{
    cJSON *bot;
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(a, "bots")),
                 cJSON_GetArraySize(cJSON_GetObjectItem(b, "bots")));
    cJSON_ArrayForEach(bot, cJSON_GetObjectItem(a, "bots")) {
        const char *name = cJSON_GetObjectItem(bot, "name")->valuestring;
        cr_assert_float_eq(number(bot, "rating"), number(bot_named(b, name), "rating"), 1e-9,
                           "%s", name);
    }
    cr_assert_float_eq(number(cJSON_GetObjectItem(a, "advantage"), "rating"),
                       number(cJSON_GetObjectItem(b, "advantage"), "rating"), 1e-9);
}

Test(cmd_ratings, pgn_export_reads_back_to_the_same_ratings)
{
    const char *inputs[] = { fixture(), write_paired_results() };
    for (int i = 0; i < 2; i++) {
        const char *out = support_scratch_path("export.pgn");
        struct run r = ratings("--pgn '%s'", inputs[i]);
        cr_assert_eq(r.status, 0, "%s", r.err);
        cr_assert_not_null(strstr(r.out, "[White \""));
        write_file(out, r.out);
        run_free(&r);
        cJSON *before = json_of("--json", inputs[i]);
        cJSON *after = json_of("--json", out);
        assert_same_ratings(before, after);
        cr_assert_eq(number(after, "pairs"), 0);
        cJSON_Delete(before);
        cJSON_Delete(after);
    }
}

Test(cmd_ratings, pair_ids_give_robust_intervals_apart_from_the_model)
{
    const char *paired = write_paired_results();
    char *text = slurp(paired);
    /* The same parties with the pair ids left out. */
    for (char *p = strstr(text, ",pair-"); p; p = strstr(p, ",pair-")) {
        char *end = strchr(p + 1, ',');
        memmove(p + 1, end, strlen(end) + 1);
        p++;
    }
    write_file(support_scratch_path("unpaired.csv"), text);
    free(text);

    cJSON *with = json_of("--json", paired);
    cJSON *without = json_of("--json", support_scratch_path("unpaired.csv"));
    assert_same_ratings(with, without);
    cr_assert_eq(number(with, "pairs"), 120);
    cr_assert_eq(number(with, "clusters"), 120);
    cr_assert_eq(number(without, "pairs"), 0);
    cr_assert(cJSON_IsNumber(cJSON_GetObjectItem(with, "rho")));
    cJSON *bot;
    cJSON_ArrayForEach(bot, cJSON_GetObjectItem(with, "bots")) {
        const char *name = cJSON_GetObjectItem(bot, "name")->valuestring;
        double model = number(bot, "se_model"), robust = number(bot, "se_robust");
        double alone = number(bot_named(without, name), "se_robust");
        cr_assert_gt(fabs(robust - model), 0.1 * model, "%s: %g vs %g", name, robust, model);
        cr_assert_gt(fabs(robust - alone), 0.1 * alone, "%s: %g vs %g", name, robust, alone);
        cr_assert_float_eq(number(bot, "ci_high") - number(bot, "ci_low"), 2 * Z95 * robust, 1e-9);
    }
    cJSON_Delete(with);
    cJSON_Delete(without);
}

Test(cmd_ratings, text_reports_pairs_rho_and_names_safely)
{
    struct run r = ratings("'%s'", write_paired_results());
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_not_null(strstr(r.out, "duplicate pairs: 120"), "%s", r.out);
    cr_assert_not_null(strstr(r.out, "duplicate efficiency: rho "), "%s", r.out);
    cr_assert_not_null(strstr(r.out, "Greedy, \"v2\""), "%s", r.out);
    cr_assert_not_null(strstr(r.out, "caf\xC3\xA9 \xE6\xBC\xA2"), "%s", r.out);
    run_free(&r);

    write_file(support_scratch_path("escape.csv"), "first,second,score,pair,settlement\n"
                                   "\"\x1B[31mred\",blue,1\nblue,\"\x1B[31mred\",0.5\n");
    r = ratings("'%s'", support_scratch_path("escape.csv"));
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_null(strchr(r.out, '\x1B'), "raw escape in:\n%s", r.out);
    cr_assert_not_null(strstr(r.out, "\\x1B[31mred"), "%s", r.out);
    run_free(&r);
    cJSON *root = json_of("--json", support_scratch_path("escape.csv"));
    cr_assert_not_null(bot_named(root, "\x1B[31mred"));
    cJSON_Delete(root);
}

Test(cmd_ratings, long_names_are_cut_in_the_table_and_whole_in_json)
{
    char text[1024], name[201];
    memset(name, 'n', 200);
    name[200] = '\0';
    snprintf(text, sizeof text, "first,second,score,pair,settlement\n%s,short,1\nshort,%s,0.5\n",
             name, name);
    write_file(support_scratch_path("long.csv"), text);
    struct run r = ratings("'%s'", support_scratch_path("long.csv"));
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_null(strstr(r.out, name), "%s", r.out);
    cr_assert_not_null(strstr(r.out, "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn..."), "%s", r.out);
    for (const char *line = r.out; *line; line = strchr(line, '\n') + 1)
        cr_assert_lt(strcspn(line, "\n"), 120, "wide line: %s", line);
    run_free(&r);
    cJSON *root = json_of("--json", support_scratch_path("long.csv"));
    cr_assert_not_null(bot_named(root, name));
    cJSON_Delete(root);
}

Test(cmd_ratings, head_to_head_counts_pairs_and_parties)
{
    cJSON *root = json_of("--head-to-head --json", write_paired_results());
    cJSON *pairings = cJSON_GetObjectItem(root, "pairings"), *p;
    cr_assert_eq(cJSON_GetArraySize(pairings), 3);
    cJSON_ArrayForEach(p, pairings) {
        int sum = 0;
        cJSON *cell;
        cJSON_ArrayForEach(cell, cJSON_GetObjectItem(p, "pentanomial")) sum += cell->valueint;
        cr_assert_eq(sum, 40);
        cr_assert_eq(number(p, "parties"), 80);
        cr_assert_eq(number(p, "wins") + number(p, "draws") + number(p, "losses"), 80);
        cr_assert_str_eq(cJSON_GetObjectItem(p, "basis")->valuestring, "pairs");
        cr_assert_eq(number(p, "unpaired"), 0);
        cJSON *m = cJSON_GetObjectItem(p, "margin");
        cr_assert_eq(number(m, "n"), 40);
        cr_assert(cJSON_IsNumber(cJSON_GetObjectItem(m, "t")), "the margin's normalised effect");
        cr_assert_leq(number(m, "t_low"), number(m, "t"));
        cr_assert(cJSON_IsObject(cJSON_GetObjectItem(p, "rho")), "duplicate efficiency of each statistic");
        cr_assert(cJSON_GetObjectItem(cJSON_GetObjectItem(p, "rho"), "margin"));
        cr_assert_leq(number(m, "low"), number(m, "mean"));
        cr_assert_geq(number(m, "high"), number(m, "mean"));
        cr_assert(number(p, "score_low") <= number(p, "score") &&
                  number(p, "score") <= number(p, "score_high"));
    }
    cJSON_Delete(root);

    root = json_of("--head-to-head --json", fixture());
    cJSON_ArrayForEach(p, cJSON_GetObjectItem(root, "pairings")) {
        cr_assert_eq(number(p, "parties"), 150);
        cr_assert_eq(number(p, "n"), 150);
        cr_assert_str_eq(cJSON_GetObjectItem(p, "basis")->valuestring, "parties");
    }
    p = cJSON_GetArrayItem(cJSON_GetObjectItem(root, "pairings"), 0);
    cr_assert_str_eq(cJSON_GetObjectItem(p, "bot")->valuestring, "Alpha");
    cr_assert_str_eq(cJSON_GetObjectItem(p, "opponent")->valuestring, "Beta");
    cJSON_Delete(root);

    struct run r = ratings("--head-to-head '%s'", fixture());
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_not_null(strstr(r.out, "LL-LD-WL/DD-DW-WW"), "%s", r.out);
    cr_assert_not_null(strstr(r.out, "rho score/margin"), "%s", r.out);
    cr_assert_not_null(strstr(r.out, "83-6-61"), "%s", r.out);
    run_free(&r);
}

Test(cmd_ratings, bots_that_cannot_be_rated_are_listed_apart)
{
    write_file(support_scratch_path("unrated.csv"),
               "first,second,score,pair,settlement\n"
               "A,B,1\nB,A,1\nA,B,0\nB,A,0.5\n"
               "Winner,A,1\nB,Winner,0\nLoser,A,0\nB,Loser,1\n");
    struct run r = ratings("'%s'", support_scratch_path("unrated.csv"));
    cr_assert_eq(r.status, 0, "%s", r.err);
    const char *apart = strstr(r.out, "not rated: why");
    cr_assert_not_null(apart, "%s", r.out);
    cr_assert_not_null(strstr(apart, "Winner  all wins"), "%s", r.out);
    cr_assert_not_null(strstr(apart, "Loser   all losses"), "%s", r.out);
    run_free(&r);
    cJSON *root = json_of("--json", support_scratch_path("unrated.csv"));
    cJSON *winner = bot_named(root, "Winner");
    cr_assert_str_eq(cJSON_GetObjectItem(winner, "status")->valuestring, "all wins");
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(winner, "rating")));
    cr_assert_str_eq(cJSON_GetObjectItem(bot_named(root, "A"), "status")->valuestring, "rated");
    cJSON_Delete(root);

    r = ratings("--anchor Winner '%s'", support_scratch_path("unrated.csv"));
    cr_assert_eq(r.status, 2);
    cr_assert_not_null(strstr(r.err, "'Winner' has no finite rating (all wins)"), "%s", r.err);
    cr_assert_str_empty(r.out);
    run_free(&r);
}

Test(cmd_ratings, several_files_merge_bots_by_name)
{
    write_file(support_scratch_path("one.csv"), "first,second,score,pair,settlement\nA,B,1,x,3\nB,A,1,x,4\n");
    write_file(support_scratch_path("two.csv"), "# same pair id, other file: another pair\n"
                               "first,second,score,pair,settlement\nA,B,0,x,\nB,A,0.5,x,\n");
    struct run r = ratings("--json '%s' '%s'", support_scratch_path("one.csv"), support_scratch_path("two.csv"));
    cr_assert_eq(r.status, 0, "%s", r.err);
    cJSON *root = cJSON_Parse(r.out);
    cr_assert_not_null(root);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(root, "bots")), 2);
    cr_assert_eq(number(bot_named(root, "A"), "parties"), 4);
    cr_assert_eq(number(root, "pairs"), 2);
    cJSON_Delete(root);
    run_free(&r);
}

/* A bad run: exit 2, nothing on stdout, `expect` on stderr. */
static void assert_rejected(const char *file, const char *text, const char *expect)
{
    if (text) write_file(support_scratch_path(file), text);
    struct run r = ratings("'%s' '%s'", fixture(), support_scratch_path(file));
    cr_assert_eq(r.status, 2, "%s: exit %d", file, r.status);
    cr_assert_str_empty(r.out, "%s: stdout not empty", file);
    char want[4200];
    snprintf(want, sizeof want, "%s%s", support_scratch_path(file), expect);
    cr_assert_not_null(strstr(r.err, want), "%s: want '%s' in '%s'", file, want, r.err);
    run_free(&r);
}

Test(cmd_ratings, bad_input_exits_2_naming_file_and_line)
{
    static const char *const header = "first,second,score,pair,settlement\n";
    char text[256];
    assert_rejected("missing.csv", NULL, "': No such file");
    assert_rejected("empty.csv", "", ":1: empty file");
    assert_rejected("empty.pgn", "", ":1: no finished games");
    assert_rejected("header.csv", header, ":1: no parties");
    assert_rejected("noheader.csv", "A,B,1\n", ":1: expected the header");
    snprintf(text, sizeof text, "# c\n%sA,B,1\nA,B,2\n", header);
    assert_rejected("score.csv", text, ":4: unknown score '2'");
    snprintf(text, sizeof text, "%sA,B,1\nA,B,win\n", header);
    assert_rejected("word.csv", text, ":3: unknown score 'win'");
    snprintf(text, sizeof text, "%sA,B\n", header);
    assert_rejected("short.csv", text, ":2: 2 fields");
    snprintf(text, sizeof text, "%sA,B,1,,,9\n", header);
    assert_rejected("long.csv", text, ":2: more than 5 fields");
    snprintf(text, sizeof text, "%s\"A,B,1\n", header);
    assert_rejected("quote.csv", text, ":2: quoted field not closed");
    snprintf(text, sizeof text, "%sA,B,1,,many\n", header);
    assert_rejected("points.csv", text, ":2: settlement 'many' is not an integer");
    snprintf(text, sizeof text, "%sA,B,1,,-5\n", header);
    assert_rejected("sign.csv", text, ":2: settlement -5 contradicts score 1");
    snprintf(text, sizeof text, "%sA,A,1\n", header);
    assert_rejected("self.csv", text, ":2: 'A' plays itself");
    snprintf(text, sizeof text, "%s,B,1\n", header);
    assert_rejected("noname.csv", text, ":2: empty player name");
    snprintf(text, sizeof text, "%sA,B,1,p\nA,B,0,p\n", header);
    assert_rejected("unswapped.csv", text, ":3: pair 'p' must repeat line 2 with seats swapped");
    snprintf(text, sizeof text, "%sA,B,1,p\nB,A,0,p\nA,B,1,p\n", header);
    assert_rejected("triple.csv", text, ":4: pair 'p' already has two parties");
    snprintf(text, sizeof text, "%s\xFF,B,1\n", header);
    assert_rejected("utf8.csv", text, ":2: player name is not valid UTF-8");
    assert_rejected("result.pgn", "[White \"A\"]\n[Black \"B\"]\n[Result \"2-0\"]\n\n2-0\n",
                    ":1: unknown result '2-0'");
}

Test(cmd_ratings, bad_usage_exits_2)
{
    struct run r = ratings("%s", "");
    cr_assert_eq(r.status, 2);
    cr_assert_not_null(strstr(r.err, "no FILE given"));
    run_free(&r);
    r = ratings("--bogus '%s'", fixture());
    cr_assert_eq(r.status, 2);
    cr_assert_not_null(strstr(r.err, "unknown option '--bogus'"));
    run_free(&r);
    r = ratings("--json --csv '%s'", fixture());
    cr_assert_eq(r.status, 2);
    cr_assert_str_empty(r.out);
    run_free(&r);
    r = ratings("--anchor Nobody '%s'", fixture());
    cr_assert_eq(r.status, 2);
    cr_assert_not_null(strstr(r.err, "'Nobody' is not a bot"), "%s", r.err);
    run_free(&r);
}

Test(cmd_ratings, help_documents_the_results_format)
{
    struct run r = ratings("%s", "--help");
    cr_assert_eq(r.status, 0);
    cr_assert_not_null(strstr(r.out, "first,second,score,pair,settlement"));
    cr_assert_not_null(strstr(r.out, "--head-to-head"));
    run_free(&r);
}

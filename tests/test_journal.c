/* test_journal.c - the journal: records written by a real match replay to
 * the same totals through `arena replay`'s library; a torn last line is
 * tolerated and reported; a bad line elsewhere is an error with its line.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "records/journal.h"
#include "records/replay.h"
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

struct seen {
    int parties;
    int replayed;
};

static int check_record(const struct journal_entry *entry, void *ctx, char *err, size_t cap)
{
    const cJSON *record = entry->record;
    struct seen *seen = ctx;
    struct replay r;
    (void)err;
    (void)cap;
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(record, "type")), "partie");
    seen->parties++;
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(record, "forfeit")));
    cr_assert_eq(replay_json(record, 0, &r), REPLAY_OK, "%s", r.error);
    const cJSON *want = cJSON_GetObjectItem(record, "totals"), *got = cJSON_GetObjectItem(r.result, "totals");
    cr_assert(cJSON_Compare(want, got, 1), "the journal's totals are what the replay gives");
    cr_assert_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(record, "settlement")),
                 cJSON_GetNumberValue(cJSON_GetObjectItem(r.result, "settlement")));
    seen->replayed++;
    cJSON_Delete(r.result);
    return 0;
}

Test(journal, a_matchs_records_replay_to_the_same_totals, .timeout = 60)
{
    const char *path = support_scratch_path("match.jsonl");
    char cmd[4096], err[256];
    int torn = 0;
    struct seen seen = { 0, 0 };
    snprintf(cmd, sizeof cmd, "%s/arena match --quiet --journal %s --seed 11 '%s/bot-greedy' '%s/bot-random' > /dev/null",
             support_bin_dir(), path, support_bin_dir(), support_bin_dir());
    cr_assert_eq(system(cmd), 0);
    cr_assert_eq(journal_read(path, check_record, &seen, &torn, err, sizeof err), 2, "%s", err);
    cr_assert_eq(seen.replayed, 2);
    cr_assert_not(torn);
}

static int count(const struct journal_entry *entry, void *ctx, char *err, size_t cap)
{
    (void)entry;
    (void)err;
    (void)cap;
    ++*(int *)ctx;
    return 0;
}

Test(journal, a_torn_last_line_is_skipped_and_reported)
{
    const char *path = support_scratch_path("torn.jsonl");
    struct journal j;
    char err[256];
    int torn = 0, n = 0;
    cr_assert_eq(journal_open(&j, path, err, sizeof err), 0, "%s", err);
    for (int id = 1; id <= 2; id++) {
        cJSON *rec = cJSON_CreateObject();
        cJSON_AddStringToObject(rec, "type", "partie");
        cJSON_AddNumberToObject(rec, "id", id);
        cr_assert_eq(journal_append(&j, rec, err, sizeof err), 0, "%s", err);
        cJSON_Delete(rec);
    }
    journal_close(&j);
    FILE *f = fopen(path, "a");
    fputs("{\"type\":\"partie\",\"deals\":[{\"deck\":", f);   /* a crash mid-write */
    fclose(f);
    cr_assert_eq(journal_read(path, count, &n, &torn, err, sizeof err), 2, "%s", err);
    cr_assert_eq(n, 2);
    cr_assert(torn);
}

Test(journal, a_bad_line_in_the_middle_is_an_error_naming_it)
{
    const char *path = support_scratch_path("bad.jsonl");
    char err[256];
    int torn = 0, n = 0;
    FILE *f = fopen(path, "w");
    fputs("{\"type\":\"partie\"}\nnot json\n{\"type\":\"partie\"}\n", f);
    fclose(f);
    cr_assert_eq(journal_read(path, count, &n, &torn, err, sizeof err), -1);
    cr_assert(strstr(err, "bad.jsonl:2:"), "%s", err);
}

/* ---- the readers of a journal on real files: replay, resume, ratings ---- */


/* Runs a shell command; its stdout and stderr into out, its exit status. */
static int run_program(const char *cmd, char *out, size_t cap)
{
    char full[4096];
    snprintf(full, sizeof full, "%s 2>&1", cmd);
    FILE *p = popen(full, "r");
    cr_assert_not_null(p, "cannot run %s", cmd);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The lines of a file, without their newlines (at most 64). */
struct lines {
    char *text[64];
    int n;
};

static void read_lines(const char *path, struct lines *l)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    cr_assert_not_null(f, "cannot read %s", path);
    l->n = 0;
    while ((len = getline(&line, &cap, f)) >= 0) {
        cr_assert_lt(l->n, 64);
        if (len > 0 && line[len - 1] == '\n') line[len - 1] = '\0';
        l->text[l->n++] = strdup(line);
    }
    free(line);
    fclose(f);
}

static void free_lines(struct lines *l)
{
    for (int i = 0; i < l->n; i++) free(l->text[i]);
    l->n = 0;
}

/* Writes lines[0..n-1], each with a newline. */
static void write_lines(const char *path, char *const *lines, int n)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "cannot write %s", path);
    for (int i = 0; i < n; i++) fprintf(f, "%s\n", lines[i]);
    cr_assert_eq(fclose(f), 0);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    char *text = NULL;
    size_t len = 0;
    cr_assert_not_null(f, "cannot read %s", path);
    FILE *out = open_memstream(&text, &len);
    int c;
    while ((c = getc(f)) != EOF) putc(c, out);
    fclose(out);
    fclose(f);
    return text;
}

/* A finished tournament of 2 bots and 2 pairs (a header and 4 parties). */
static const char *play_tournament(const char *name)
{
    char cmd[2048], out[4096];
    const char *path = support_scratch_path(name);
    snprintf(cmd, sizeof cmd,
             "%s/arena run --quiet --bot greedy=%s/bot-greedy --bot random='%s/bot-random --seed 5' --pairs 2 "
             "--seed 3 --concurrency 2 --journal '%s' --log-dir '%s'",
             support_bin_dir(), support_bin_dir(), support_bin_dir(), path, support_scratch_path("logs"));
    cr_assert_eq(run_program(cmd, out, sizeof out), 0, "%s", out);
    return path;
}

/* "partie ID of run RUN" for a partie record's line. */
static void partie_words(const char *line, char *out, size_t cap)
{
    cJSON *rec = cJSON_Parse(line);
    cr_assert_not_null(rec);
    snprintf(out, cap, "partie %.0f of run %s", cJSON_GetNumberValue(cJSON_GetObjectItem(rec, "id")),
             cJSON_GetStringValue(cJSON_GetObjectItem(rec, "run")));
    cJSON_Delete(rec);
}

/* replay --check, resume and ratings all refuse `path` (exit 2) with
 * `expect` in their message, and resume leaves the file as it was. */
static void assert_every_reader_refuses(const char *path, const char *expect)
{
    const char *const commands[] = { "replay --check", "resume --quiet", "ratings" };
    char cmd[2048], out[1 << 16];
    char *before = slurp(path);
    for (int i = 0; i < 3; i++) {
        snprintf(cmd, sizeof cmd, "%s/arena %s '%s'", support_bin_dir(), commands[i], path);
        int status = run_program(cmd, out, sizeof out);
        cr_assert_eq(status, 2, "arena %s: exit %d, not 2: %s", commands[i], status, out);
        cr_assert(strstr(out, expect), "arena %s does not say '%s': %s", commands[i], expect, out);
    }
    char *after = slurp(path);
    cr_assert_str_eq(after, before, "a refused journal was changed");
    free(before);
    free(after);
}

Test(journal, a_partie_recorded_twice_is_refused_by_every_reader, .timeout = 120)
{
    struct lines l;
    char words[128], expect[512];
    read_lines(play_tournament("t.jsonl"), &l);
    cr_assert_eq(l.n, 5, "a header and 4 parties");
    /* One record line written again at the end (line 6). */
    l.text[l.n] = strdup(l.text[2]);
    l.n++;
    write_lines(support_scratch_path("dup.jsonl"), l.text, l.n);
    partie_words(l.text[2], words, sizeof words);
    snprintf(expect, sizeof expect, "dup.jsonl:6: %s appears twice (first on line 3)", words);
    assert_every_reader_refuses(support_scratch_path("dup.jsonl"), expect);
    free_lines(&l);
}

/* Replaces the first `from` in s by `to` (s has room). */
static void replace(char *s, size_t cap, const char *from, const char *to)
{
    char *at = strstr(s, from);
    cr_assert_not_null(at, "no '%s' in %.80s", from, s);
    size_t tail = strlen(at + strlen(from));
    cr_assert_lt(strlen(s) - strlen(from) + strlen(to), cap);
    memmove(at + strlen(to), at + strlen(from), tail + 1);
    memcpy(at, to, strlen(to));
}

Test(journal, a_line_that_is_not_one_known_record_is_refused, .timeout = 120)
{
    struct lines l;
    const char *const cases[][3] = {
        /* from, to, what the readers say */
        { "\"type\":\"partie\"", "\"tyXe\":\"partie\"", "bad.jsonl:3: a record without \"type\"" },
        { "\"type\":\"partie\"", "\"type\":\"partiX\"", "bad.jsonl:3: unknown record type 'partiX'" },
        { "\"type\":\"partie\"", "\"type\":\"partie\",\"type\":\"header\"", "bad.jsonl:3: \"type\" given twice" },
        { "\"id\":", "\"id\":\"x\",\"iX\":", "bad.jsonl:3: \"id\" must be an integer" },
    };
    read_lines(play_tournament("t.jsonl"), &l);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *saved = l.text[2], line[1 << 15];
        snprintf(line, sizeof line, "%s", saved);
        replace(line, sizeof line, cases[i][0], cases[i][1]);
        l.text[2] = line;
        write_lines(support_scratch_path("bad.jsonl"), l.text, l.n);
        l.text[2] = saved;
        assert_every_reader_refuses(support_scratch_path("bad.jsonl"), cases[i][2]);
    }
    /* Two records on one line, a newline lost between them. */
    char *glued = malloc(strlen(l.text[2]) + strlen(l.text[3]) + 1);
    strcpy(glued, l.text[2]);
    strcat(glued, l.text[3]);
    char *lines[] = { l.text[0], l.text[1], glued, l.text[4] };
    write_lines(support_scratch_path("bad.jsonl"), lines, 4);
    assert_every_reader_refuses(support_scratch_path("bad.jsonl"), "bad.jsonl:3: more than one JSON value on the line");
    free(glued);
    free_lines(&l);
}

Test(journal, the_same_partie_in_two_journals_is_refused_by_ratings, .timeout = 120)
{
    struct lines l;
    char cmd[2048], out[1 << 16], words[128], expect[512];
    const char *path = play_tournament("t.jsonl");
    read_lines(path, &l);
    /* A copy holding one of the parties, as a copied or merged file would. */
    char *copy[] = { l.text[0], l.text[3] };
    write_lines(support_scratch_path("copy.jsonl"), copy, 2);
    partie_words(l.text[3], words, sizeof words);
    snprintf(cmd, sizeof cmd, "%s/arena ratings '%s' '%s'", support_bin_dir(), path, support_scratch_path("copy.jsonl"));
    cr_assert_eq(run_program(cmd, out, sizeof out), 2, "%s", out);
    snprintf(expect, sizeof expect, "copy.jsonl:2: %s appears twice (first in %s:4)", words, path);
    cr_assert(strstr(out, expect), "'%s' not in: %s", expect, out);
    /* Each alone is fine. */
    snprintf(cmd, sizeof cmd, "%s/arena ratings '%s' && %s/arena ratings '%s'", support_bin_dir(), path, support_bin_dir(),
             support_scratch_path("copy.jsonl"));
    cr_assert_eq(run_program(cmd, out, sizeof out), 0, "%s", out);
    free_lines(&l);
}

/* A partie record as an earlier arena wrote it: no run id, no pair,
 * the seed a JSON number. */
static char *as_older_record(const char *line)
{
    cJSON *rec = cJSON_Parse(line);
    cr_assert_not_null(rec);
    cJSON_DeleteItemFromObject(rec, "run");
    cJSON_DeleteItemFromObject(rec, "pair");
    const char *seed = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "seed"));
    if (seed) cJSON_ReplaceItemInObject(rec, "seed", cJSON_CreateNumber(strtod(seed, NULL)));
    char *text = cJSON_PrintUnformatted(rec);
    cJSON_Delete(rec);
    return text;
}

Test(journal, journals_of_earlier_versions_still_replay_rate_and_resume, .timeout = 120)
{
    struct lines l;
    char cmd[4096], out[1 << 16];
    /* A tournament journal from before run ids, with posting marks. */
    read_lines(play_tournament("t.jsonl"), &l);
    cJSON *header = cJSON_Parse(l.text[0]);
    cJSON_DeleteItemFromObject(header, "run");
    cJSON_DeleteItemFromObject(header, "reuse");
    free(l.text[0]);
    l.text[0] = cJSON_PrintUnformatted(header);
    cJSON_Delete(header);
    for (int i = 1; i < l.n; i++) {
        char *old = as_older_record(l.text[i]);
        free(l.text[i]);
        l.text[i] = old;
    }
    l.text[l.n++] = strdup("{\"type\":\"posted\",\"run\":\"0123456789abcdef\",\"url\":\"http://127.0.0.1:9\","
                           "\"ids\":[1,2]}");
    l.text[l.n++] = strdup("{\"type\":\"post_refused\",\"run\":\"0123456789abcdef\",\"url\":\"http://127.0.0.1:9\","
                           "\"id\":3,\"status\":400,\"error\":\"no\"}");
    write_lines(support_scratch_path("old.jsonl"), l.text, l.n);
    free_lines(&l);
    snprintf(cmd, sizeof cmd, "%s/arena replay --check '%s'", support_bin_dir(), support_scratch_path("old.jsonl"));
    cr_assert_eq(run_program(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "4 parties replayed, 0 failed"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena ratings '%s'", support_bin_dir(), support_scratch_path("old.jsonl"));
    cr_assert_eq(run_program(cmd, out, sizeof out), 0, "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena resume --quiet '%s'", support_bin_dir(), support_scratch_path("old.jsonl"));
    cr_assert_eq(run_program(cmd, out, sizeof out), 0, "%s", out);

    /* Two matches appended to one journal by an arena that wrote no run
     * id: partie ids 1 and 2 twice, on different seeds. */
    for (int seed = 1; seed <= 2; seed++) {
        snprintf(cmd, sizeof cmd, "%s/arena match --quiet --journal '%s' --seed %d --log-dir '%s' "
                 "greedy='%s/bot-greedy' random='%s/bot-random'", support_bin_dir(), support_scratch_path("m.jsonl"), seed,
                 support_scratch_path("logs"), support_bin_dir(), support_bin_dir());
        cr_assert_eq(run_program(cmd, out, sizeof out), 0, "%s", out);
    }
    read_lines(support_scratch_path("m.jsonl"), &l);
    cr_assert_eq(l.n, 4);
    for (int i = 0; i < l.n; i++) {
        char *old = as_older_record(l.text[i]);
        free(l.text[i]);
        l.text[i] = old;
    }
    write_lines(support_scratch_path("old-match.jsonl"), l.text, l.n);
    free_lines(&l);
    snprintf(cmd, sizeof cmd, "%s/arena replay --check '%s' && %s/arena ratings '%s'", support_bin_dir(),
             support_scratch_path("old-match.jsonl"), support_bin_dir(), support_scratch_path("old-match.jsonl"));
    cr_assert_eq(run_program(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "4 parties replayed, 0 failed"), "%s", out);
}

Test(journal, two_matches_on_one_seed_appended_to_a_journal_are_two_runs, .timeout = 120)
{
    char cmd[4096], out[1 << 16];
    for (int k = 0; k < 2; k++) {
        snprintf(cmd, sizeof cmd, "%s/arena match --quiet --journal '%s' --seed 4 --log-dir '%s' "
                 "greedy='%s/bot-greedy' random='%s/bot-random'", support_bin_dir(), support_scratch_path("m.jsonl"),
                 support_scratch_path("logs"), support_bin_dir(), support_bin_dir());
        cr_assert_eq(run_program(cmd, out, sizeof out), 0, "%s", out);
    }
    snprintf(cmd, sizeof cmd, "%s/arena replay --check '%s' && %s/arena ratings --json '%s'", support_bin_dir(),
             support_scratch_path("m.jsonl"), support_bin_dir(), support_scratch_path("m.jsonl"));
    cr_assert_eq(run_program(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "4 parties replayed, 0 failed"), "%s", out);
    cr_assert(strstr(out, "\"parties\":\t4"), "%s", out);
}

/* test_leaderboard_lists.c - the lists' filters (bot, opponent, run, days,
 * result) counted against the journal itself, and the crosstable's
 * head-to-head verdicts against `arena ratings --head-to-head --json`, on
 * a real server with the 24 parties of a real `arena run` journal
 * (g beats r1 and r2 every time; r1 and r2 split). */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#define ZLIB_CONST
#include <zlib.h>
#include "tests/support_scratch.h"
#include "tests/test_leaderboard_support.h"

/* How many parties a list holds; the list asked with limit=200. */
static int listed(const struct lb_server *s, const char *query)
{
    char path[512];
    snprintf(path, sizeof path, "/api/v1/parties?limit=200&%s", query);
    cJSON *page = lb_get(s, path, 200);
    int n = cJSON_GetArraySize(cJSON_GetObjectItem(page, "parties"));
    cJSON_Delete(page);
    return n;
}

/* The journal's own count of parties between a and b (b NULL: any) that
 * a won (want 1), drew (0.5) or lost (0), or played (want < 0). */
static int counted(const cJSON *records, const char *a, const char *b, double want)
{
    int n = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, records) {
        const cJSON *pl = cJSON_GetObjectItem(r, "players");
        const char *pa = cJSON_GetObjectItem(pl, "A")->valuestring, *pb = cJSON_GetObjectItem(pl, "B")->valuestring;
        const char *me = !strcmp(pa, a) ? "A" : !strcmp(pb, a) ? "B" : NULL;
        if (!me) continue;
        const char *other = *me == 'A' ? pb : pa;
        if (b && strcmp(other, b)) continue;
        const cJSON *w = cJSON_GetObjectItem(r, "winner");
        double score = cJSON_IsString(w) ? !strcmp(w->valuestring, me) : 0.5;
        n += want < 0 || score == want;
    }
    return n;
}

Test(leaderboard_lists, filters_keep_exactly_the_parties_the_journal_has, .timeout = 60)
{
    struct lb_server s;
    cJSON *records = lb_records();
    lb_start(&s);
    cJSON_Delete(lb_post(&s, records, 200));
    static const char *const bots[] = { "g", "r1", "r2" };
    char q[256];
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++) {
            if (i == j) continue;
            snprintf(q, sizeof q, "bot=%s&opponent=%s", bots[i], bots[j]);
            cr_assert_eq(listed(&s, q), counted(records, bots[i], bots[j], -1), "%s", q);
        }
        static const char *const results[] = { "win", "draw", "loss" };
        static const double score[] = { 1, 0.5, 0 };
        for (int k = 0; k < 3; k++) {
            snprintf(q, sizeof q, "bot=%s&result=%s", bots[i], results[k]);
            cr_assert_eq(listed(&s, q), counted(records, bots[i], NULL, score[k]), "%s", q);
        }
    }
    cr_assert_eq(counted(records, "g", NULL, 1), 16, "the journal: g won all 16 of its parties");
    snprintf(q, sizeof q, "bot=r1&opponent=r2&result=win");
    cr_assert_eq(listed(&s, q), counted(records, "r1", "r2", 1));

    const char *run = cJSON_GetObjectItem(cJSON_GetArrayItem(records, 0), "run")->valuestring;
    snprintf(q, sizeof q, "run=%s", run);
    cr_assert_eq(listed(&s, q), 24);
    cr_assert_eq(listed(&s, "run=00000000000000aa"), 0);

    /* Posted today (UTC): from today keeps all, to yesterday none. */
    char today[16], yesterday[16];
    time_t now = time(NULL), before = now - 86400;
    struct tm tm;
    strftime(today, sizeof today, "%Y-%m-%d", gmtime_r(&now, &tm));
    strftime(yesterday, sizeof yesterday, "%Y-%m-%d", gmtime_r(&before, &tm));
    snprintf(q, sizeof q, "from=%s", today);
    cr_assert_eq(listed(&s, q), 24);
    snprintf(q, sizeof q, "to=%s", today);
    cr_assert_eq(listed(&s, q), 24, "'to' includes the whole day");
    snprintf(q, sizeof q, "to=%s", yesterday);
    cr_assert_eq(listed(&s, q), 0);

    static const char *const bad[] = { "opponent=g", "result=win", "bot=g&result=won", "run=XYZ",
                                       "from=2026-02-30", "to=2026-13-01", "from=26-11-2026", "to=2026-11-2x" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char path[256];
        snprintf(path, sizeof path, "/api/v1/parties?%s", bad[i]);
        cJSON *e = lb_get(&s, path, 400);
        cr_assert(cJSON_IsString(cJSON_GetObjectItem(e, "error")), "%s", bad[i]);
        cJSON_Delete(e);
    }
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}

/* `arena ratings --head-to-head --json` on the journal. */
static cJSON *arena_head_to_head(void)
{
    char cmd[1024], *text = NULL;
    size_t len = 0;
    const char *bin = getenv("BIN");
    snprintf(cmd, sizeof cmd, "'%s/arena' ratings --head-to-head --json '%s'", bin ? bin : "build/bin", lb_journal());
    FILE *p = popen(cmd, "r"), *out = open_memstream(&text, &len);
    cr_assert(p && out);
    for (int c; (c = getc(p)) != EOF;) putc(c, out);
    cr_assert_eq(pclose(p), 0);
    fclose(out);
    cJSON *doc = cJSON_Parse(text);
    free(text);
    cr_assert_not_null(doc);
    return doc;
}

Test(leaderboard_lists, crosstable_colours_by_the_head_to_head_both_ways, .timeout = 60)
{
    struct lb_server s;
    cJSON *records = lb_records();
    lb_start(&s);
    cJSON_Delete(lb_post(&s, records, 200));
    cJSON *xt = lb_get(&s, "/api/v1/crosstable", 200), *h2h = arena_head_to_head(), *p;
    cJSON *names = cJSON_GetObjectItem(xt, "bots"), *cells = cJSON_GetObjectItem(xt, "cells");
    int n = cJSON_GetArraySize(names), checked = 0, coloured = 0;
    cJSON_ArrayForEach(p, cJSON_GetObjectItem(h2h, "pairings")) {
        const char *a = cJSON_GetObjectItem(p, "bot")->valuestring, *b = cJSON_GetObjectItem(p, "opponent")->valuestring;
        int i = -1, j = -1;
        for (int k = 0; k < n; k++) {
            if (!strcmp(cJSON_GetArrayItem(names, k)->valuestring, a)) i = k;
            if (!strcmp(cJSON_GetArrayItem(names, k)->valuestring, b)) j = k;
        }
        cr_assert(i >= 0 && j >= 0);
        cJSON *ab = cJSON_GetArrayItem(cJSON_GetArrayItem(cells, i), j);
        cJSON *ba = cJSON_GetArrayItem(cJSON_GetArrayItem(cells, j), i);
        double los = cJSON_GetObjectItem(p, "los")->valuedouble;
        cJSON *hab = cJSON_GetObjectItem(ab, "h2h"), *hba = cJSON_GetObjectItem(ba, "h2h");
        cr_assert_float_eq(cJSON_GetObjectItem(hab, "los")->valuedouble, los, 1e-12, "%s vs %s", a, b);
        cr_assert_float_eq(cJSON_GetObjectItem(hba, "los")->valuedouble, 1 - los, 1e-12, "%s vs %s mirrored", b, a);
        cr_assert_float_eq(cJSON_GetObjectItem(hab, "score")->valuedouble,
                           cJSON_GetObjectItem(p, "score")->valuedouble, 1e-12);
        cr_assert_str_eq(cJSON_GetObjectItem(hab, "basis")->valuestring, cJSON_GetObjectItem(p, "basis")->valuestring);
        const char *want = los > 0.975 ? "better" : los < 0.025 ? "worse" : NULL;
        const char *mirror = los > 0.975 ? "worse" : los < 0.025 ? "better" : NULL;
        cJSON *sab = cJSON_GetObjectItem(ab, "significant"), *sba = cJSON_GetObjectItem(ba, "significant");
        if (want) {
            cr_assert_str_eq(sab->valuestring, want, "%s vs %s", a, b);
            cr_assert_str_eq(sba->valuestring, mirror, "%s vs %s", b, a);
            coloured++;
        } else {
            cr_assert(cJSON_IsNull(sab) && cJSON_IsNull(sba));
        }
        checked++;
    }
    cr_assert_eq(checked, 3);
    cr_assert_gt(coloured, 0, "g's 16-0 is significant on its own results, rated or not");
    cJSON_Delete(xt);
    cJSON_Delete(h2h);
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}

/* The gzip body of a reply, inflated (the caller frees). */
static char *inflated(const struct lb_reply *r, size_t *len)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    cr_assert_eq(inflateInit2(&z, 15 + 16), Z_OK);
    size_t cap = 1 << 22;
    char *out = malloc(cap);
    cr_assert_not_null(out);
    z.next_in = (const Bytef *)r->body;
    z.avail_in = (uInt)r->len;
    z.next_out = (Bytef *)out;
    z.avail_out = (uInt)cap - 1;
    cr_assert_eq(inflate(&z, Z_FINISH), Z_STREAM_END, "not one whole gzip stream");
    *len = z.total_out;
    out[*len] = 0;
    inflateEnd(&z);
    return out;
}

Test(leaderboard_lists, downloads_gzip_csv_pgn_and_a_runs_journal, .timeout = 60)
{
    struct lb_server s;
    cJSON *records = lb_records();
    lb_start(&s);
    cJSON_Delete(lb_post(&s, records, 200));
    struct lb_reply plain, packed;
    cr_assert_eq(lb_request(&s, "GET", "/api/v1/standings?los=1", NULL, 0, NULL, NULL, &plain), 0);
    cr_assert_eq(lb_request(&s, "GET", "/api/v1/standings?los=1", NULL, 0, NULL, "Accept-Encoding: br, gzip;q=0.8",
                            &packed), 0);
    cr_assert_null(strcasestr(plain.headers, "Content-Encoding"), "no gzip unless asked");
    cr_assert_not_null(strcasestr(packed.headers, "Content-Encoding: gzip"), "%s", packed.headers);
    cr_assert_not_null(strcasestr(packed.headers, "Vary: Accept-Encoding"));
    size_t len;
    char *text = inflated(&packed, &len);
    cr_assert_eq(len, plain.len);
    cr_assert(!memcmp(text, plain.body, len), "the same JSON once inflated");
    cr_assert_lt(packed.len, plain.len);
    free(text);
    lb_reply_release(&packed);
    lb_reply_release(&plain);
    /* a page file too, the same bytes once inflated */
    cr_assert_eq(lb_request(&s, "GET", "/home.js", NULL, 0, NULL, NULL, &plain), 0);
    cr_assert_eq(lb_request(&s, "GET", "/home.js", NULL, 0, NULL, "Accept-Encoding: gzip", &packed), 0);
    cr_assert_not_null(strcasestr(packed.headers, "Content-Encoding: gzip"), "%s", packed.headers);
    text = inflated(&packed, &len);
    cr_assert(len == plain.len && !memcmp(text, plain.body, len), "home.js the same once inflated");
    free(text);
    lb_reply_release(&packed);
    lb_reply_release(&plain);
    cr_assert_eq(lb_request(&s, "GET", "/api/v1/standings?los=1", NULL, 0, NULL, "Accept-Encoding: gzip;q=0",
                            &packed), 0);
    cr_assert_null(strcasestr(packed.headers, "Content-Encoding"), "q=0 refuses gzip");
    lb_reply_release(&packed);
    lb_reply_release(&plain);

    /* CSV and PGN exactly as arena ratings writes them for the journal. */
    const char *bin = getenv("BIN");
    char cmd[1024];
    static const char *const forms[][2] = { { "csv", "--csv" }, { "pgn", "--pgn" } };
    for (int f = 0; f < 2; f++) {
        char path[64], *want = NULL;
        size_t want_len = 0;
        snprintf(path, sizeof path, "/api/v1/standings?format=%s", forms[f][0]);
        cr_assert_eq(lb_request(&s, "GET", path, NULL, 0, NULL, NULL, &plain), 0);
        cr_assert_eq(plain.status, 200);
        cr_assert_not_null(strcasestr(plain.headers, "Content-Disposition: attachment"));
        snprintf(cmd, sizeof cmd, "'%s/arena' ratings %s '%s'", bin ? bin : "build/bin", forms[f][1], lb_journal());
        FILE *p = popen(cmd, "r"), *out = open_memstream(&want, &want_len);
        for (int c; (c = getc(p)) != EOF;) putc(c, out);
        cr_assert_eq(pclose(p), 0);
        fclose(out);
        cr_assert_str_eq(plain.body, want, "%s", forms[f][0]);
        free(want);
        lb_reply_release(&plain);
    }

    /* The run's journal: every record back, which arena ratings rates as
     * the server does. */
    const char *run = cJSON_GetObjectItem(cJSON_GetArrayItem(records, 0), "run")->valuestring;
    char path[128];
    snprintf(path, sizeof path, "/api/v1/runs/%s/journal", run);
    cr_assert_eq(lb_request(&s, "GET", path, NULL, 0, NULL, NULL, &plain), 0);
    cr_assert_eq(plain.status, 200);
    int lines = 0;
    for (const char *c = plain.body; *c; c++) lines += *c == '\n';
    cr_assert_eq(lines, 24);
    const char *copy = support_scratch_path("run.jsonl");
    FILE *f = fopen(copy, "w");
    cr_assert(f && fwrite(plain.body, 1, plain.len, f) == plain.len && fclose(f) == 0);
    lb_reply_release(&plain);
    cJSON *mine = lb_get(&s, "/api/v1/standings?los=1", 200), *again = lb_arena_ratings(copy);
    cr_assert(cJSON_Compare(cJSON_GetObjectItem(mine, "los"), cJSON_GetObjectItem(again, "los"), 1));
    cJSON_Delete(mine);
    cJSON_Delete(again);
    cJSON_Delete(lb_get(&s, "/api/v1/runs/0123456789abcdef/nothing", 404));

    /* The run's own standings; another run's are empty. */
    snprintf(path, sizeof path, "/api/v1/standings?run=%s", run);
    mine = lb_get(&s, path, 200);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(mine, "bots")), 3);
    cJSON_Delete(mine);
    mine = lb_get(&s, "/api/v1/standings?run=00000000000000aa", 200);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(mine, "bots")), 0);
    cJSON_Delete(mine);
    cJSON_Delete(lb_get(&s, "/api/v1/standings?run=XYZ", 400));
    cJSON_Delete(lb_get(&s, "/api/v1/standings?format=xml", 400));

    /* A list as CSV: a header and one line per partie. */
    cr_assert_eq(lb_request(&s, "GET", "/api/v1/parties?bot=g&limit=200&format=csv", NULL, 0, NULL, NULL, &plain), 0);
    lines = 0;
    for (const char *c = plain.body; *c; c++) lines += *c == '\n';
    cr_assert_eq(lines, 1 + 16, "%s", plain.body);
    cr_assert(!strncmp(plain.body, "seq,id,posted,first_dealer,winner,forfeit,name_A,total_A,name_B,total_B\n", 72));
    lb_reply_release(&plain);
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}

/* The standings as text, with "updated" (the time of the last post) left
 * out. */
static char *standings_text(const struct lb_server *s, const char *path)
{
    cJSON *st = lb_get(s, path, 200);
    cJSON_DeleteItemFromObject(st, "updated");
    char *text = cJSON_PrintUnformatted(st);
    cJSON_Delete(st);
    return text;
}

Test(leaderboard_lists, standings_read_on_after_each_post_equal_a_fresh_read, .timeout = 90)
{
    static const char *const games[][2] = { { "piquet", NULL }, { "belote-4", "belote" } };
    for (int g = 0; g < 2; g++) {
        struct lb_server s;
        cJSON *records = games[g][1] ? lb_matches_of(lb_game_journal(games[g][1], 4)) : lb_records();
        char path[128];
        snprintf(path, sizeof path, "/api/v1/standings?los=1&game=%s", games[g][0]);
        lb_start(&s);
        int n = cJSON_GetArraySize(records);
        /* three posts, the standings asked after each: the server reads
         * on from where it was */
        for (int part = 0; part < 3; part++) {
            cJSON *batch = cJSON_CreateArray();
            for (int k = part * n / 3; k < (part + 1) * n / 3; k++)
                cJSON_AddItemToArray(batch, cJSON_Duplicate(cJSON_GetArrayItem(records, k), 1));
            cJSON_Delete(lb_post(&s, batch, 200));
            cJSON_Delete(batch);
            free(standings_text(&s, path));
            cJSON_Delete(lb_get(&s, games[g][1] ? "/api/v1/history?game=belote-4" : "/api/v1/history", 200));
        }
        char *incremental = standings_text(&s, path);
        lb_stop(&s);
        lb_restart(&s);
        char *fresh = standings_text(&s, path);
        cr_assert_str_eq(incremental, fresh, "%s: read on after posts, then read whole after a restart", games[g][0]);
        free(incremental);
        free(fresh);
        cJSON_Delete(records);
        lb_stop(&s);
        lb_cleanup(&s);
    }
}

Test(leaderboard_lists, a_table_games_crosstable_uses_duplicate_sets_both_ways, .timeout = 60)
{
    struct lb_server s;
    cJSON *records = lb_matches_of(lb_game_journal("belote", 4));
    lb_start(&s);
    cJSON_Delete(lb_post(&s, records, 200));
    cJSON *xt = lb_get(&s, "/api/v1/crosstable?game=belote-4", 200);
    cJSON *cells = cJSON_GetObjectItem(xt, "cells");
    int n = cJSON_GetArraySize(cJSON_GetObjectItem(xt, "bots")), checked = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            cJSON *ab = cJSON_GetArrayItem(cJSON_GetArrayItem(cells, i), j);
            cJSON *ba = cJSON_GetArrayItem(cJSON_GetArrayItem(cells, j), i);
            if (i == j || cJSON_IsNull(ab)) continue;
            cJSON *h = cJSON_GetObjectItem(ab, "h2h"), *m = cJSON_GetObjectItem(ba, "h2h");
            cr_assert_str_eq(cJSON_GetObjectItem(h, "basis")->valuestring, "sets");
            cr_assert_gt(cJSON_GetObjectItem(h, "n")->valueint, 0);
            cr_assert_float_eq(cJSON_GetObjectItem(h, "los")->valuedouble + cJSON_GetObjectItem(m, "los")->valuedouble,
                               1, 1e-12);
            cr_assert_float_eq(cJSON_GetObjectItem(h, "score")->valuedouble + cJSON_GetObjectItem(m, "score")->valuedouble,
                               1, 1e-12);
            checked++;
        }
    cr_assert_gt(checked, 0);
    cJSON_Delete(xt);
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}

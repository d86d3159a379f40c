/* test_journal.c - the journal: records written by a real match replay to
 * the same totals through `arena replay`'s library; a torn last line is
 * tolerated and reported; a bad line elsewhere is an error with its line.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "arena/journal.h"
#include "arena/replay.h"

static const char *bin_dir(void)
{
    const char *dir = getenv("BIN");
    return dir ? dir : "build/bin";
}

struct seen {
    int parties;
    int replayed;
};

static int check_record(const cJSON *record, int line, void *ctx)
{
    struct seen *seen = ctx;
    struct replay r;
    (void)line;
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
    const char *path = "/tmp/pq_test_journal.jsonl";
    char cmd[1024], err[256];
    int torn = 0;
    struct seen seen = { 0, 0 };
    unlink(path);
    snprintf(cmd, sizeof cmd, "%s/arena match --quiet --journal %s --seed 11 '%s/bot-greedy' '%s/bot-random' > /dev/null",
             bin_dir(), path, bin_dir(), bin_dir());
    cr_assert_eq(system(cmd), 0);
    cr_assert_eq(journal_read(path, check_record, &seen, &torn, err, sizeof err), 2, "%s", err);
    cr_assert_eq(seen.replayed, 2);
    cr_assert_not(torn);
}

static int count(const cJSON *record, int line, void *ctx)
{
    (void)record;
    (void)line;
    ++*(int *)ctx;
    return 0;
}

Test(journal, a_torn_last_line_is_skipped_and_reported)
{
    const char *path = "/tmp/pq_test_torn.jsonl";
    struct journal j;
    char err[256];
    int torn = 0, n = 0;
    unlink(path);
    cr_assert_eq(journal_open(&j, path, err, sizeof err), 0, "%s", err);
    cJSON *rec = cJSON_CreateObject();
    cJSON_AddStringToObject(rec, "type", "partie");
    cr_assert_eq(journal_append(&j, rec, err, sizeof err), 0, "%s", err);
    cr_assert_eq(journal_append(&j, rec, err, sizeof err), 0, "%s", err);
    cJSON_Delete(rec);
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
    const char *path = "/tmp/pq_test_bad.jsonl";
    char err[256];
    int torn = 0, n = 0;
    FILE *f = fopen(path, "w");
    fputs("{\"type\":\"partie\"}\nnot json\n{\"type\":\"partie\"}\n", f);
    fclose(f);
    cr_assert_eq(journal_read(path, count, &n, &torn, err, sizeof err), -1);
    cr_assert(strstr(err, "pq_test_bad.jsonl:2:"), "%s", err);
}

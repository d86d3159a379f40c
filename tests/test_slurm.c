/* test_slurm.c - a tournament run by a real Slurm as a job array of four
 * shards and a dependent merge job (tools/slurm/arena-slurm), compared
 * with the same tournament on one machine: the same records and the same
 * standings, to the last digit.
 *
 * As root (CI) the test starts a Slurm of its own with
 * tools/slurm/private-slurm.sh: munged, slurmctld and slurmd on the test's
 * own ports, with their key, state, spool, logs and pid files in the
 * test's scratch directory, and stops every one of them at the end, passed
 * or failed. Not root, it uses the Slurm that `sinfo` reaches (on a
 * cluster of several nodes TMPDIR must then be a directory every node
 * sees), and skips, saying why, when there is none.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cjson/cJSON.h>
#include "records/journal.h"
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

static char checkout[PATH_MAX];   /* where the tests run: tools/slurm/ is here */
static int own_slurm;             /* this test started the daemons */

/* The daemons this test started go, whatever happened to it. */
static void stop_slurm(void)
{
    if (!own_slurm) return;
    own_slurm = 0;
    support_scratch_sh("%s/tools/slurm/private-slurm.sh stop slurm > stop.out 2>&1", checkout);
    static const char *const pids[] = { "slurm/slurmd.pid", "slurm/slurmctld.pid", "slurm/munge/munged.pid" };
    for (size_t i = 0; i < sizeof pids / sizeof pids[0]; i++)
        cr_expect_eq(access(support_scratch_path(pids[i]), F_OK), -1, "%s is still there: a daemon not stopped",
                     pids[i]);
}

TestSuite(shards);

static void records_of(const char *journal, cJSON *by_id);

static int collect(const struct journal_entry *e, void *ctx, char *err, size_t cap)
{
    char key[32];
    (void)err;
    (void)cap;
    if (e->type != JOURNAL_PARTIE && e->type != JOURNAL_MATCH) return 0;
    cJSON *copy = cJSON_Duplicate(e->record, 1);
    cJSON_DeleteItemFromObject(copy, "run");
    cJSON_DeleteItemFromObject(copy, "think_ms");
    snprintf(key, sizeof key, "%llu", (unsigned long long)e->id);
    cJSON_AddItemToObject(ctx, key, copy);
    return 0;
}

static void records_of(const char *journal, cJSON *by_id)
{
    char err[512];
    int torn;
    cr_assert_geq(journal_read(support_scratch_path(journal), collect, by_id, &torn, err, sizeof err), 0, "%s", err);
}

/* What Slurm left to read when something went wrong. */
static char *evidence(void)
{
    support_scratch_sh("(tail -n 20 out/*.out; squeue; tail -n 20 slurm/log/*.log) > evidence.txt 2>&1");
    return support_scratch_slurp("evidence.txt");
}

Test(shards, a_slurm_job_array_of_four_shards_merges_to_the_standings_of_one_machine, .timeout = 300,
     .fini = stop_slurm)
{
    char conf[PATH_MAX + 64] = "";
    cr_assert_not_null(getcwd(checkout, sizeof checkout));
    /* Slurm's and munge's daemons are in /usr/sbin, not on every PATH */
    static char path[8192];
    snprintf(path, sizeof path, "%s:/usr/sbin", getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
    setenv("PATH", path, 1);
    if (geteuid() != 0) {
        if (support_scratch_sh("sinfo -h > sinfo.out 2>&1") != 0)
            cr_skip_test("no Slurm: not root (a private Slurm needs root) and sinfo reaches none (%s)",
                         support_scratch_slurp("sinfo.out"));
    } else {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        own_slurm = 1;
        cr_assert_eq(support_scratch_sh("mkdir slurm && %s/tools/slurm/private-slurm.sh start slurm %d %d > start.out 2>&1", checkout,
                        support_scratch_port(), support_scratch_port()), 0, "a private Slurm did not start:\n%s",
                     support_scratch_slurp("start.out"));
        clock_gettime(CLOCK_MONOTONIC, &t1);
        cr_log_info("private Slurm up in %.1f s", (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9);
        snprintf(conf, sizeof conf, "SLURM_CONF=%s ", support_scratch_path("slurm/slurm.conf"));
    }
    /* 3 bots in a round robin of 4 pairs per pairing: 12 pairs, 3 a shard. */
    FILE *f = fopen(support_scratch_path("t.json"), "w");
    char real[PATH_MAX];
    cr_assert_not_null(realpath(support_bin_dir(), real));
    fprintf(f, "{\"bots\": [{\"name\": \"greedy\", \"command\": \"%s/bot-greedy\"},\n"
               "          {\"name\": \"random\", \"command\": \"%s/bot-random --seed 5\"},\n"
               "          {\"name\": \"g4\", \"command\": \"%s/bot-greedy --exchange 4\"}],\n"
               " \"pairs\": 4, \"seed\": \"17\"}\n", real, real, real);
    fclose(f);
    cr_assert_eq(support_scratch_sh("%s/arena run --quiet --file t.json --journal one.jsonl > one.out 2>&1", real), 0, "%s",
                 support_scratch_slurp("one.out"));

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    cr_assert_eq(support_scratch_sh("%sARENA=%s/arena %s/tools/slurm/arena-slurm t.json 4 out > submit.out 2>&1", conf, real, checkout),
                 0, "%s", support_scratch_slurp("submit.out"));
    char *submitted = support_scratch_slurp("submit.out");
    long array = 0, merge = 0;
    const char *a = strstr(submitted, "job array "), *m = strstr(submitted, "merge: job ");
    cr_assert(a && m, "%s", submitted);
    array = strtol(a + 10, NULL, 10);
    merge = strtol(m + 11, NULL, 10);
    free(submitted);
    cr_assert(array > 0 && merge > 0);
    /* Both jobs leave the queue once the merge has run. */
    int left = 1;
    for (int waited = 0; left && waited < 2400; waited++) {
        left = support_scratch_sh("%ssqueue -h -j %ld,%ld 2>/dev/null | grep -q .", conf, array, merge) == 0;
        if (left) {
            struct timespec pause = { 0, 100 * 1000000L };
            nanosleep(&pause, NULL);
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    cr_assert_not(left, "the jobs did not finish in 240 s:\n%s", evidence());
    cr_log_info("the array and the merge ran in %.1f s",
                (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9);
    cr_assert_eq(access(support_scratch_path("out/tournament.jsonl"), F_OK), 0, "no merged journal:\n%s", evidence());
    for (int k = 0; k < 4; k++) {
        char name[32], want[64];
        snprintf(name, sizeof name, "out/shard-%d.out", k);
        snprintf(want, sizeof want, "arena-array: shard %d/4 of ", k);
        char *text = support_scratch_slurp(name);
        cr_assert(strstr(text, want), "%s: %s", name, text);
        free(text);
    }
    char *merged = support_scratch_slurp("out/merge.out");
    cr_assert(strstr(merged, "4 shards, 24 of 24 parties"), "%s", merged);
    free(merged);

    /* The same records and, in every form, the same standings. */
    cJSON *one = cJSON_CreateObject(), *many = cJSON_CreateObject();
    records_of("one.jsonl", one);
    records_of("out/tournament.jsonl", many);
    cr_assert_eq(cJSON_GetArraySize(one), 24);
    cr_assert(cJSON_Compare(one, many, 1), "the merged records differ from one machine's");
    cJSON_Delete(one);
    cJSON_Delete(many);
    static const char *const forms[] = { "--format json", "", "--head-to-head --format json" };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        cr_assert_eq(support_scratch_sh("%s/arena ratings %s one.jsonl > r1 && %s/arena ratings %s out/tournament.jsonl > r2", real,
                        forms[i], real, forms[i]), 0);
        char *x = support_scratch_slurp("r1"), *y = support_scratch_slurp("r2");
        cr_assert_str_eq(x, y, "arena ratings %s differs", forms[i]);
        free(x);
        free(y);
    }
    stop_slurm();
}

/* test_start_ahead.c - the runner starts the processes of the next partie
 * while the parties in flight are played (runner.h peek_job): they are
 * the processes that partie then plays with (no more are started than
 * without), and one started for a job that never comes is stopped with
 * the rest when the run ends.
 *
 * The runner is driven in-process with bot-instant; a bot process is a
 * child of the test process (no sandbox), so the processes alive at a
 * partie's end are counted from /proc.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "arena/play/match.h"
#include "arena/play/runner.h"
#include "tests/support_scratch.h"

struct jobs {
    const char *command;
    long next, total;
    int stray;               /* peek names a bot that next_job never gives */
    int children_at_first;   /* processes alive when the first partie ended */
    int forfeits, finished;
};

/* The live children of this process (zombies left out). */
static int children(void)
{
    DIR *d = opendir("/proc");
    cr_assert(d);
    struct dirent *e;
    int n = 0;
    pid_t self = getpid();
    while ((e = readdir(d))) {
        char path[300], line[512];
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f) continue;
        if (fgets(line, sizeof line, f)) {
            const char *close = strrchr(line, ')');
            char state;
            int ppid;
            if (close && sscanf(close + 1, " %c %d", &state, &ppid) == 2 && ppid == self && state != 'Z') n++;
        }
        fclose(f);
    }
    closedir(d);
    return n;
}

/* Partie k (from 1) of duplicate pairs between bots a and b. */
static void job_of(const struct jobs *j, long k, struct runner_job *job)
{
    memset(job, 0, sizeof *job);
    job->partie_id = (uint64_t)k;
    job->seed = (uint64_t)k;
    job->first_dealer = (int)(k % 2);
    job->pair = (k + 1) / 2;
    for (int p = 0; p < 2; p++) {
        snprintf(job->bots[p].name, sizeof job->bots[p].name, "%c", 'a' + p);
        job->bots[p].command = j->command;
    }
}

static int next(void *ctx, struct runner_job *job)
{
    struct jobs *j = ctx;
    if (j->next >= j->total) return 0;
    job_of(j, ++j->next, job);
    return 1;
}

static int peek(void *ctx, struct runner_job *job)
{
    struct jobs *j = ctx;
    if (j->next >= j->total) return 0;
    job_of(j, j->next + 1, job);
    if (j->stray) snprintf(job->bots[0].name, sizeof job->bots[0].name, "stray");
    return 1;
}

static void done(void *ctx, const struct runner_job *job, struct referee *ref)
{
    struct jobs *j = ctx;
    if (job->partie_id == 1) j->children_at_first = children();
    j->forfeits += ref->forfeited;
    j->finished++;
}

static struct jobs run(int ahead, int stray, struct runner *r)
{
    static char bot[1024];
    const char *dir = getenv("BIN");
    cr_assert(dir, "BIN must be set (make test sets it)");
    snprintf(bot, sizeof bot, "%s/bot-instant", dir);
    static struct match_config config;
    match_config_default(&config);
    support_scratch_dir();
    config.log_dir = support_scratch_path("logs");
    struct jobs j = { .command = bot, .total = 6, .stray = stray };
    char err[256];
    memset(r, 0, sizeof *r);
    r->config = &config;
    r->concurrency = 1;
    r->reuse = RUN_DEFAULT_REUSE;
    r->next_job = next;
    r->peek_job = ahead ? peek : NULL;
    r->done = done;
    r->ctx = &j;
    cr_assert_eq(runner_run(r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(j.finished, 6);
    cr_assert_eq(j.forfeits, 0, "%d parties forfeited", j.forfeits);
    cr_assert_eq(children(), 0, "%d bot processes outlived the run", children());
    return j;
}

Test(start_ahead, the_next_partie_s_processes_start_while_one_is_played_and_play_it, .timeout = 60)
{
    struct runner r;
    struct jobs j = run(1, 0, &r);
    /* partie 1's two processes, and partie 2's (the other half of the
     * pair: fresh ones), started while partie 1 was played */
    cr_expect_eq(j.children_at_first, 4, "%d processes alive at the first partie's end", j.children_at_first);
    cr_expect_eq(r.started_ahead, 2);
    /* and no more than without: two a seat, each kept for later pairs */
    cr_expect_eq(r.started, 4, "%d processes for 3 pairs", r.started);
}

Test(start_ahead, without_peek_each_partie_s_processes_start_when_it_begins, .timeout = 60)
{
    struct runner r;
    struct jobs j = run(0, 0, &r);
    cr_expect_eq(j.children_at_first, 2, "%d processes alive at the first partie's end", j.children_at_first);
    cr_expect_eq(r.started_ahead, 0);
    cr_expect_eq(r.started, 4);
}

/* peek names a bot ("stray") that never plays: its processes wait in the
 * pool, the parties play with their own, and the run ends with every
 * process stopped (run() checks the children). */
Test(start_ahead, a_process_started_for_a_job_that_never_comes_is_stopped_at_the_end, .timeout = 60)
{
    struct runner r;
    run(1, 1, &r);
    cr_expect_geq(r.started_ahead, 1);
}

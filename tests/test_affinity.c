/* test_affinity.c - the arena's own threads on one processor: pinning,
 * giving the mask back, bots never pinned, and the runner's choice of when
 * (auto pins at one or two parties in flight, on and off as said). Every
 * test needs two processors to pin anything; with one, it is skipped.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <dirent.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "arena/play/affinity.h"
#include "arena/play/botproc.h"
#include "arena/play/match.h"
#include "arena/play/runner.h"
#include "tests/support_scratch.h"

static int processors_now(void)
{
    cpu_set_t set;
    cr_assert_eq(sched_getaffinity(0, sizeof set, &set), 0);
    return CPU_COUNT(&set);
}

static void need_two_processors(void)
{
    if (processors_now() < 2) cr_skip_test("one processor only: nothing to pin");
}

/* The number of processors a thread of this process may run on, from
 * /proc (tid 0: the calling thread). */
static int processors_of_task(long tid)
{
    char path[96], line[512];
    snprintf(path, sizeof path, tid ? "/proc/self/task/%ld/status" : "/proc/thread-self/status", tid);
    FILE *f = fopen(path, "r");
    cr_assert(f, "cannot open %s", path);
    int count = -1;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "Cpus_allowed:", 13)) {
            count = 0;
            for (const char *p = line + 13; *p; p++)
                if (*p >= '0' && *p <= '9') count += __builtin_popcount((unsigned)(*p - '0'));
                else if (*p >= 'a' && *p <= 'f') count += __builtin_popcount((unsigned)(*p - 'a' + 10));
        }
    fclose(f);
    return count;
}

Test(affinity, pinning_holds_the_thread_to_its_processor_and_restore_gives_its_mask_back)
{
    need_two_processors();
    int before = processors_now();
    struct affinity pin;
    int cpu = affinity_pin_here(&pin);
    cr_assert_geq(cpu, 0);
    cr_expect(pin.pinned);
    cr_expect_eq(processors_now(), 1);
    cr_expect_eq(sched_getcpu(), cpu, "the thread runs on the processor it was pinned to");
    affinity_restore(&pin);
    cr_expect_eq(processors_now(), before);
}

Test(affinity, a_thread_that_may_run_on_one_processor_only_is_left_alone)
{
    need_two_processors();
    cpu_set_t one, all;
    sched_getaffinity(0, sizeof all, &all);
    CPU_ZERO(&one);
    CPU_SET(sched_getcpu(), &one);
    cr_assert_eq(sched_setaffinity(0, sizeof one, &one), 0);
    struct affinity pin;
    cr_expect_eq(affinity_pin_here(&pin), -1);
    cr_expect_not(pin.pinned);
    affinity_restore(&pin);   /* a no-op: still one processor */
    cr_expect_eq(processors_now(), 1);
    sched_setaffinity(0, sizeof all, &all);
}

Test(affinity, a_zeroed_affinity_restores_nothing)
{
    need_two_processors();
    struct affinity none;
    memset(&none, 0, sizeof none);
    int before = processors_now();
    affinity_restore(&none);
    cr_expect_eq(processors_now(), before);
}

static void pause_ms(int ms)
{
    struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

/* The Cpus_allowed_list line a bot started by a pinned arena prints, with
 * or without the pin given to it to undo. */
static void bot_processors(int undo, char *out, size_t cap)
{
    struct botproc b;
    struct botproc_limits limits;
    struct affinity pin;
    char err[256], ep[PATH_MAX + 8];
    const char *log = support_scratch_path(undo ? "undone.log" : "kept.log");
    snprintf(ep, sizeof ep, "ipc://%s", support_scratch_path("never.sock"));
    botproc_limits_default(&limits);
    cr_assert_geq(affinity_pin_here(&pin), 0);
    if (undo) limits.arena_pin = pin;
    int rc = botproc_start(&b, "grep Cpus_allowed_list /proc/self/status", ep, log, &limits, NULL, err, sizeof err);
    affinity_restore(&pin);
    cr_assert_eq(rc, 0, "%s", err);
    for (int i = 0; i < 400 && botproc_alive(&b); i++) pause_ms(5);
    cr_assert(b.exited);
    FILE *f = fopen(log, "r");
    cr_assert(f);
    size_t n = fread(out, 1, cap - 1, f);
    out[n] = '\0';
    fclose(f);
}

Test(affinity, a_bot_started_by_a_pinned_arena_runs_where_the_arena_could_before)
{
    need_two_processors();
    char undone[256], kept[256], mine[256] = "";
    bot_processors(1, undone, sizeof undone);
    bot_processors(0, kept, sizeof kept);
    FILE *f = fopen("/proc/thread-self/status", "r");
    cr_assert(f);
    while (fgets(mine, sizeof mine, f) && strncmp(mine, "Cpus_allowed_list", 17)) {}
    fclose(f);
    cr_expect_str_eq(undone, mine, "the bot's processors: %s, the arena's before it pinned: %s", undone, mine);
    /* The control: a bot not told of the pin inherits it. */
    cr_expect_str_neq(kept, mine, "a bot given no pin to undo runs where the arena did: %s", kept);
}

/* ---- the runner's choice ---------------------------------------------- */

struct watch {
    const char *command;
    int next, total;
    long before[64];   /* the threads there were before the run (Criterion's) */
    int n_before;
    int least, most;   /* over the arena's threads at each partie's end */
    int threads;       /* how many were looked at, at the last one */
};

/* The process's threads other than the calling one, into tids. */
static int other_threads(long *tids, int cap)
{
    DIR *d = opendir("/proc/self/task");
    cr_assert(d);
    struct dirent *e;
    int n = 0;
    long self = (long)gettid();
    while ((e = readdir(d)))
        if (e->d_name[0] != '.' && atol(e->d_name) != self && n < cap) tids[n++] = atol(e->d_name);
    closedir(d);
    return n;
}

static int watch_next(void *ctx, struct runner_job *job)
{
    struct watch *w = ctx;
    if (w->next >= w->total) return 0;
    memset(job, 0, sizeof *job);
    job->partie_id = (uint64_t)++w->next;
    job->seed = (uint64_t)w->next;
    job->pair = (uint64_t)(w->next + 1) / 2;
    for (int p = 0; p < 2; p++) {
        snprintf(job->bots[p].name, sizeof job->bots[p].name, "%c", 'a' + p);
        job->bots[p].command = w->command;
    }
    return 1;
}

/* At each partie's end, from the arena's main thread: how many processors
 * it and each thread the run made (ZeroMQ's) may run on. */
static void watch_done(void *ctx, const struct runner_job *job, struct referee *ref)
{
    struct watch *w = ctx;
    (void)job;
    (void)ref;
    long tids[64];
    int n = other_threads(tids, 64);
    w->threads = 1;
    w->least = w->most = processors_of_task(0);
    for (int i = 0; i < n; i++) {
        int old = 0;
        for (int j = 0; j < w->n_before; j++) old |= tids[i] == w->before[j];
        if (old) continue;
        int k = processors_of_task(tids[i]);
        if (k < w->least) w->least = k;
        if (k > w->most) w->most = k;
        w->threads++;
    }
}

static struct watch run_watched(int concurrency, enum runner_pin pin, int *pinned_cpu)
{
    static char bot[1024];
    const char *dir = getenv("BIN");
    cr_assert(dir, "BIN must be set (make test sets it)");
    snprintf(bot, sizeof bot, "%s/bot-instant", dir);
    struct match_config config;
    match_config_default(&config);
    support_scratch_dir();
    config.log_dir = support_scratch_path("logs");
    struct watch w = { .command = bot, .total = 2 * concurrency, .least = -1 };
    w.n_before = other_threads(w.before, 64);
    struct runner r;
    char err[256];
    memset(&r, 0, sizeof r);
    r.config = &config;
    r.concurrency = concurrency;
    r.reuse = RUN_DEFAULT_REUSE;
    r.pin = pin;
    r.next_job = watch_next;
    r.done = watch_done;
    r.ctx = &w;
    cr_assert_eq(runner_run(&r, err, sizeof err), 0, "%s", err);
    *pinned_cpu = r.pinned_cpu;
    return w;
}

Test(affinity, at_one_partie_in_flight_every_thread_of_the_arena_is_pinned_and_let_go_after, .timeout = 60)
{
    need_two_processors();
    int before = processors_now(), cpu;
    struct watch w = run_watched(1, RUNNER_PIN_AUTO, &cpu);
    cr_expect_geq(cpu, 0);
    cr_expect_eq(w.most, 1, "a thread of the arena could run on %d processors", w.most);
    cr_expect_eq(w.least, 1);
    cr_expect_geq(w.threads, 2, "ZeroMQ's I/O thread was not looked at");
    cr_expect_eq(processors_now(), before, "the caller's mask is given back");
}

Test(affinity, auto_leaves_three_parties_in_flight_alone_and_off_and_on_do_as_said, .timeout = 60)
{
    need_two_processors();
    int all = processors_now(), cpu;
    struct watch w = run_watched(3, RUNNER_PIN_AUTO, &cpu);
    cr_expect_eq(cpu, -1);
    cr_expect_eq(w.least, all, "auto pinned at three parties in flight");
    w = run_watched(1, RUNNER_PIN_OFF, &cpu);
    cr_expect_eq(cpu, -1);
    cr_expect_eq(w.least, all, "off pinned");
    w = run_watched(3, RUNNER_PIN_ON, &cpu);
    cr_expect_geq(cpu, 0);
    cr_expect_eq(w.most, 1, "on did not pin");
    cr_expect_eq(processors_now(), all);
}

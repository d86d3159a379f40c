/* test_cpuwait.c - the clock does not charge a bot for time it waited for
 * a processor (arena/play/cpuwait.h, runner.c credit_starved): a real bot
 * process pinned to one CPU at nice 19 beside CPU hogs pinned to the same
 * CPU waits on its run queue; it must not be timed out, while a bot that
 * sleeps past its limit on the same starved CPU still is. And the
 * arithmetic of cpuwait_starved_ns on readings written out by hand.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "arena/play/cpuwait.h"
#include "arena/play/match.h"
#include "tests/support_cmd.h"
#include "tests/support_scratch.h"

enum { HOGS = 2, HOG_MS = 2500 };

static pid_t hogs[HOGS];

static int64_t clock_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The CPU the bot and the hogs share: the last one this process may use. */
static int shared_cpu(void)
{
    cpu_set_t set;
    int cpu = 0;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        for (int i = 0; i < CPU_SETSIZE; i++)
            if (CPU_ISSET(i, &set)) cpu = i;
    return cpu;
}

/* HOGS processes spinning on `cpu` for ms, then ending by themselves. */
static void start_hogs(int cpu, int ms)
{
    for (int i = 0; i < HOGS; i++) {
        hogs[i] = fork();
        cr_assert_geq(hogs[i], 0);
        if (hogs[i] == 0) {
            cpu_set_t set;
            CPU_ZERO(&set);
            CPU_SET(cpu, &set);
            sched_setaffinity(0, sizeof set, &set);
            int64_t end = clock_ms() + ms;
            while (clock_ms() < end) {
            }
            _exit(0);
        }
    }
}

static void stop_hogs(void)
{
    for (int i = 0; i < HOGS; i++)
        if (hogs[i] > 0) {
            kill(hogs[i], SIGKILL);
            waitpid(hogs[i], NULL, 0);
            hogs[i] = 0;
        }
}

/* One partie of Piquet (four deals) between `starved` run on the hogs'
 * CPU at nice 19 and bot-instant, at 50 ms a move, no bank, 50 ms of grace
 * (and handshake_ms for the hellos; 0: the default), the hogs spinning
 * for hog_ms, without
 * the sandbox (whose session of its own would put the bot in a scheduling
 * group of its own, out of reach of the hogs). */
static void play_starved(const char *starved, int handshake_ms, int hog_ms, struct referee *ref)
{
    static char a[1024], b[1024];
    struct match_config config;
    char err[256];
    int cpu = shared_cpu();
    match_config_default(&config);
    config.log_dir = support_scratch_path("logs");
    config.rules.partie_deals = 4;
    config.clock = (struct referee_clock){ 50, 0, 50 };
    if (handshake_ms) config.handshake_ms = handshake_ms;
    snprintf(a, sizeof a, "taskset -c %d nice -n 19 %s/%s", cpu, support_bin_dir(), starved);
    snprintf(b, sizeof b, "%s/bot-instant", support_bin_dir());
    config.bots[0].command = a;
    config.bots[1].command = b;
    snprintf(config.bots[0].name, sizeof config.bots[0].name, "starved");
    snprintf(config.bots[1].name, sizeof config.bots[1].name, "instant");
    start_hogs(cpu, hog_ms);
    int rc = match_play(&config, 1, 21, 0, ref, err, sizeof err);
    stop_hogs();
    cr_assert_eq(rc, 0, "%s", err);
    cr_assert_eq(ref->state, REFEREE_DONE);
}

Test(cpuwait, a_bot_starved_of_a_processor_is_not_timed_out, .timeout = 60)
{
    struct referee ref;
    play_starved("bot-random --seed 5", 0, HOG_MS, &ref);
    cr_expect_not(ref.forfeited, "forfeit of %s: %s", ref.names[ref.forfeit.player], ref.forfeit.message);
    cr_expect(ref.partie.over);
    referee_release(&ref);
}

/* A bot that thinks on the processor (5 ms of CPU time an answer, a
 * twentieth of its limit) is preempted by the hogs in the middle of its
 * thought and waits again: a wait still going on at a look, after the
 * thread ran since the look before, is not charged either (the looks
 * before cpuwait_stalled knew it forfeited about half these parties; the
 * hogs spin twice as long here to starve more requests). */
Test(cpuwait, a_bot_preempted_while_it_thinks_on_a_starved_processor_is_not_timed_out, .timeout = 60)
{
    struct referee ref;
    play_starved("bot-faulty --mode busy --busy-ms 5 --chance 100", 0, 2 * HOG_MS, &ref);
    cr_expect_not(ref.forfeited, "forfeit of %s: %s", ref.names[ref.forfeit.player], ref.forfeit.message);
    cr_expect(ref.partie.over);
    referee_release(&ref);
}

Test(cpuwait, a_bot_that_sleeps_past_its_limit_is_timed_out_though_starved, .timeout = 60)
{
    struct referee ref;
    play_starved("bot-faulty --mode late --after 3 --sleep-ms 2000", 0, HOG_MS, &ref);
    cr_expect(strstr(ref.forfeit.message, "no answer to request"), "%s", ref.forfeit.message);
    cr_assert(ref.forfeited);
    cr_expect_eq(ref.forfeit.player, 0, "%s", ref.forfeit.message);
    cr_expect_eq(ref.forfeit.fault, CODEC_FAULT_TIMEOUT, "%s", ref.forfeit.message);
    referee_release(&ref);
}

/* The handshake's clock leaves the waits out too: a bot started at nice 19
 * beside the hogs takes far longer than 150 ms to say hello (its start
 * gets under 1% of the processor; the hogs spin for its start, 400 ms,
 * and leave the moves to the test above), and is not timed out; one that
 * never says hello is. (150 ms, not 50: the other bot, bot-instant, is
 * not starved but must start within the handshake too, and under the
 * sanitizers with the suite beside it once took more than 50 ms.) */
Test(cpuwait, a_bot_starved_at_its_start_is_not_timed_out_before_its_hello, .timeout = 60)
{
    struct referee ref;
    play_starved("bot-random --seed 5", 150, 400, &ref);
    cr_expect_not(ref.forfeited, "forfeit of %s: %s", ref.names[ref.forfeit.player], ref.forfeit.message);
    cr_expect(ref.partie.over);
    referee_release(&ref);
}

Test(cpuwait, a_bot_that_never_says_hello_is_timed_out_though_starved, .timeout = 60)
{
    struct referee ref;
    play_starved("bot-faulty --mode silent", 150, 400, &ref);
    cr_assert(ref.forfeited);
    cr_expect(strstr(ref.forfeit.message, "no hello within 150 ms"), "%s", ref.forfeit.message);
    cr_expect_eq(ref.forfeit.player, 0, "%s", ref.forfeit.message);
    referee_release(&ref);
}

/* Readings written out by hand: thread t of process index p. */
static void thread(struct cpuwait *r, pid_t tid, int process, uint64_t ran_ms, uint64_t waited_ms)
{
    struct cpuwait_thread *t = &r->threads[r->n_threads++];
    t->tid = tid;
    t->process = process;
    t->ran_ns = ran_ms * 1000000u;
    t->waited_ns = waited_ms * 1000000u;
}

static void reading(struct cpuwait *r, pid_t pid, uint64_t ticks)
{
    memset(r, 0, sizeof *r);
    r->complete = 1;
    r->n_processes = 1;
    r->processes[0].pid = pid;
    r->processes[0].ticks = ticks;
}

/* Two readings of process 100 whose one thread, 100, ran and waited so
 * much (ms) at each. */
static void lone_thread(struct cpuwait *before, struct cpuwait *after, uint64_t ran0, uint64_t waited0, uint64_t ran1,
                        uint64_t waited1)
{
    reading(before, 100, 0);
    thread(before, 100, 0, ran0, waited0);
    reading(after, 100, 0);
    thread(after, 100, 0, ran1, waited1);
}

/* Whether a tree may be waiting for a processor now (cpuwait_stalled):
 * readings `ms` apart, thread 100 ready at the second. */
static int stalled_after(struct cpuwait *before, struct cpuwait *after, int64_t ms)
{
    before->at_ms = 1000;
    after->at_ms = 1000 + ms;
    after->threads[0].ready = 1;
    return cpuwait_stalled(before, after, 0);
}

Test(cpuwait, a_lone_thread_is_credited_all_it_waited)
{
    struct cpuwait before, after;
    reading(&before, 100, 0);
    thread(&before, 100, 0, 5, 10);
    reading(&after, 100, 0);
    thread(&after, 100, 0, 7, 310);
    cr_expect_eq(cpuwait_starved_ns(&before, &after), 300 * 1000000ull);
}

Test(cpuwait, threads_that_kept_each_other_waiting_are_credited_nothing_and_not_stalled)
{
    /* Four threads spinning on two CPUs for a second: each waited half the
     * time while the others ran. */
    struct cpuwait before, after;
    reading(&before, 100, 0);
    reading(&after, 100, 0);
    for (int i = 0; i < 4; i++) {
        thread(&before, 100 + i, 0, 0, 0);
        thread(&after, 100 + i, 0, 500, 500);
        after.threads[i].ready = 1;
    }
    cr_expect_eq(cpuwait_starved_ns(&before, &after), 0);
    cr_expect_not(stalled_after(&before, &after, 1000));
}

/* Two readings of process 100: its main thread 100 ran and waited so much
 * (ms) between them, its helper 101 ran so much and waited 1 ms. */
static void main_and_helper(struct cpuwait *before, struct cpuwait *after, uint64_t ran, uint64_t waited,
                            uint64_t helper_ran)
{
    reading(before, 100, 0);
    thread(before, 100, 0, 0, 0);
    thread(before, 101, 0, 0, 0);
    reading(after, 100, 0);
    thread(after, 100, 0, ran, waited);
    thread(after, 101, 0, helper_ran, 1);
}

Test(cpuwait, what_other_threads_ran_is_taken_off_a_wait)
{
    /* The main thread waited 300 ms; a helper ran 40 ms of it. */
    struct cpuwait before, after;
    main_and_helper(&before, &after, 2, 300, 40);
    cr_expect_eq(cpuwait_starved_ns(&before, &after), 260 * 1000000ull);
}

Test(cpuwait, time_only_the_process_times_hold_is_taken_off_a_wait)
{
    /* A thread that ended, or a child reaped, between the readings: its
     * 100 ms are only in the process's CPU times (10 ticks of 10 ms with
     * USER_HZ 100). */
    struct cpuwait before, after;
    long hz = sysconf(_SC_CLK_TCK);
    uint64_t ticks = (uint64_t)(hz > 0 ? hz : 100) / 10;   /* 100 ms */
    reading(&before, 100, 0);
    thread(&before, 100, 0, 0, 0);
    reading(&after, 100, ticks);
    thread(&after, 100, 0, 0, 300);
    cr_expect_eq(cpuwait_starved_ns(&before, &after), 200 * 1000000ull);
}

Test(cpuwait, an_incomplete_reading_credits_nothing)
{
    struct cpuwait before, after;
    reading(&before, 100, 0);
    thread(&before, 100, 0, 0, 0);
    reading(&after, 100, 0);
    thread(&after, 100, 0, 0, 300);
    after.complete = 0;
    cr_expect_eq(cpuwait_starved_ns(&before, &after), 0);
}

Test(cpuwait, a_lone_thread_is_stalled_while_preempted_not_while_it_runs_or_sleeps)
{
    /* It waited 200 ms for a processor, got one for 1 ms and was
     * preempted: ready again, waiting 88 ms that no counter holds yet. */
    struct cpuwait before, after;
    lone_thread(&before, &after, 30, 2000, 31, 2000);
    cr_expect(stalled_after(&before, &after, 89));
    after.threads[0].ready = 0;   /* asleep, not waiting */
    cr_expect_not(cpuwait_stalled(&before, &after, 0));
    /* Running on a processor of its own all the while. */
    lone_thread(&before, &after, 30, 2000, 118, 2001);
    cr_expect_not(stalled_after(&before, &after, 89));
}

Test(cpuwait, a_thread_that_waited_more_than_it_ran_for_others_is_stalled)
{
    /* A helper ran 150 ms of the 200; the ready thread waited 195 ms of
     * which only 150 were for its own tree, and ran 1. */
    struct cpuwait before, after;
    main_and_helper(&before, &after, 1, 195, 150);
    cr_expect(stalled_after(&before, &after, 200));
}

Test(cpuwait, a_reading_covers_the_children_of_a_process)
{
    struct cpuwait r;
    pid_t child = fork();
    cr_assert_geq(child, 0);
    if (child == 0) {
        pause();
        _exit(0);
    }
    int rc = cpuwait_read(&r, getpid());
    int found = 0;
    for (int i = 0; i < r.n_processes; i++) found |= r.processes[i].pid == child;
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
    cr_assert_eq(rc, 0);
    cr_expect(r.complete);
    cr_expect(found, "the child %d is not in the reading", (int)child);
    cr_expect_geq(r.n_threads, 2);
    cr_expect_eq(cpuwait_read(&r, 0), -1);
}

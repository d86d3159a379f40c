/* test_botproc.c - real bot processes: environment, limits, logs, no
 * inherited descriptors, stopping stubborn processes, no zombies.
 */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <signal.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "arena/play/botproc.h"
#include "tests/support_scratch.h"

static void pause_ms(int ms)
{
    struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

/* An ipc endpoint in the test's directory: the bots below are given one
 * but never connect. */
static const char *endpoint(const char *name)
{
    static char text[PATH_MAX + 8];
    snprintf(text, sizeof text, "ipc://%s", support_scratch_path(name));
    return text;
}

/* True when pid exists and is not a zombie (an orphan's zombie waits for
 * whoever adopted it; it no longer runs). */
static int process_runs(pid_t pid)
{
    char path[64], stat[512];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    size_t n = fread(stat, 1, sizeof stat - 1, f);
    fclose(f);
    stat[n] = '\0';
    const char *state = strrchr(stat, ')');
    return state && state[1] == ' ' && state[2] != 'Z' && state[2] != 'X';
}

static void read_file(const char *path, char *buf, size_t cap)
{
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(buf, 1, cap - 1, f) : 0;
    buf[n] = '\0';
    if (f) fclose(f);
}

static void wait_exit(struct botproc *b)
{
    for (int i = 0; i < 400 && botproc_alive(b); i++) pause_ms(5);
}

Test(botproc, the_bot_gets_endpoint_token_and_limits_and_its_output_is_logged)
{
    struct botproc b;
    struct botproc_limits limits;
    char err[256], log[4096];
    char want[PATH_MAX + 128], ep[PATH_MAX + 8];
    const char *path = support_scratch_path("env.log");
    snprintf(ep, sizeof ep, "%s", endpoint("x.sock"));
    botproc_limits_default(&limits);
    limits.cpu_seconds = 7;
    limits.open_files = 64;
    cr_assert_eq(botproc_start(&b, "echo \"ep=$PIQUET_ENDPOINT tok=$PIQUET_TOKEN\"; ulimit -t; ulimit -n; ulimit -c; "
                                   "echo err >&2; ls /proc/self/fd | wc -l",
                               ep, path, &limits, NULL, err, sizeof err), 0, "%s", err);
    wait_exit(&b);
    cr_assert(b.exited);
    read_file(path, log, sizeof log);
    snprintf(want, sizeof want, "ep=%s tok=%s\n7\n64\n0\nerr\n", ep, b.token);
    cr_assert(strstr(log, want), "log was: %s", log);
    /* stdin, stdout, stderr, and the one ls opens for the listing. */
    cr_assert(strstr(log, "err\n4\n"), "the bot inherited descriptors: %s", log);
    cr_assert_eq(strlen(b.token), 32);
}

Test(botproc, a_bot_that_ignores_sigterm_is_killed_and_reaped)
{
    struct botproc b;
    struct botproc_limits limits;
    char err[256], how[128];
    botproc_limits_default(&limits);
    cr_assert_eq(botproc_start(&b, "trap '' TERM; while :; do sleep 0.05; done", endpoint("y"),
                               support_scratch_path("stubborn.log"), &limits, NULL, err, sizeof err), 0, "%s", err);
    pid_t pid = b.pid;
    pause_ms(100);
    cr_assert(botproc_alive(&b));
    botproc_stop(&b, 100);
    cr_assert_not(botproc_alive(&b));
    cr_assert(b.exited);
    botproc_describe_exit(&b, how, sizeof how);
    cr_assert(strstr(how, "signal 9"), "%s", how);
    cr_assert_eq(kill(pid, 0), -1, "process %d still exists (zombie or orphan)", (int)pid);
}

Test(botproc, children_of_the_bot_are_stopped_with_it)
{
    struct botproc b;
    struct botproc_limits limits;
    char err[256], log[256];
    const char *path = support_scratch_path("child.log");
    botproc_limits_default(&limits);
    cr_assert_eq(botproc_start(&b, "sleep 30 & echo $!; wait", endpoint("z"), path, &limits, NULL, err, sizeof err), 0);
    pause_ms(150);
    read_file(path, log, sizeof log);
    pid_t child = (pid_t)atoi(log);
    cr_assert_gt(child, 0, "log: %s", log);
    botproc_stop(&b, 200);
    pause_ms(50);
    cr_assert_not(process_runs(child), "the bot's child %d survived", (int)child);
}

Test(botproc, a_crash_is_described_and_a_missing_program_reported)
{
    struct botproc b;
    struct botproc_limits limits;
    char err[256], how[128], log[512];
    botproc_limits_default(&limits);
    cr_assert_eq(botproc_start(&b, "kill -SEGV $$", endpoint("w"), support_scratch_path("crash.log"), &limits, NULL, err,
                               sizeof err), 0);
    wait_exit(&b);
    botproc_describe_exit(&b, how, sizeof how);
    cr_assert(strstr(how, "signal 11"), "%s", how);
    const char *missing = support_scratch_path("missing.log");
    cr_assert_eq(botproc_start(&b, "/nonexistent/bot", endpoint("w"), missing, &limits, NULL, err, sizeof err), 0);
    wait_exit(&b);
    botproc_describe_exit(&b, how, sizeof how);
    cr_assert(strstr(how, "exit status 127"), "%s", how);
    read_file(missing, log, sizeof log);
    cr_assert(strstr(log, "/nonexistent/bot"), "the log says what failed: %s", log);
    cr_assert_eq(botproc_start(&b, "true", endpoint("w"), "/nonexistent-dir/x.log", &limits, NULL, err, sizeof err), -1);
    cr_assert(strstr(err, "cannot open bot log"), "%s", err);
}

Test(botproc, a_bot_dies_with_a_killed_arena)
{
    /* A child process plays the arena: it starts a bot, writes the bot's
     * pid, and is killed with SIGKILL; the bot must follow it. */
    const char *pid_path = support_scratch_path("orphan.pid"), *log_path = support_scratch_path("orphan.log");
    pid_t arena = fork();
    if (arena == 0) {
        struct botproc b;
        struct botproc_limits limits;
        char err[256];
        botproc_limits_default(&limits);
        if (botproc_start(&b, "sleep 30", endpoint("o"), log_path, &limits, NULL, err, sizeof err) < 0)
            _exit(1);
        FILE *f = fopen(pid_path, "w");
        fprintf(f, "%d\n", (int)b.pid);
        fclose(f);
        pause();
        _exit(0);
    }
    pause_ms(300);
    char text[64];
    read_file(pid_path, text, sizeof text);
    pid_t bot = (pid_t)atoi(text);
    cr_assert_gt(bot, 0, "pid file: %s", text);
    cr_assert(process_runs(bot));
    kill(arena, SIGKILL);
    waitpid(arena, NULL, 0);
    pause_ms(200);
    cr_assert_not(process_runs(bot), "the bot %d outlived the arena", (int)bot);
}

/* The soft CPU limit of a reused process is renewed for each partie. */
Test(botproc, the_cpu_limit_is_renewed_for_each_partie)
{
    struct botproc b;
    struct botproc_limits limits;
    char err[256], path[64], line[256];
    botproc_limits_default(&limits);
    limits.cpu_seconds = 7;
    cr_assert_eq(botproc_start(&b, "sleep 30", endpoint("none"), support_scratch_path("cpu.log"), &limits, NULL, err,
                               sizeof err), 0,
                 "%s", err);
    /* Renewing is for a process that already played: wait for the exec. */
    snprintf(path, sizeof path, "/proc/%d/comm", (int)b.pid);
    for (int i = 0; i < 200; i++) {
        FILE *comm = fopen(path, "r");
        int started = comm && fgets(line, sizeof line, comm) && !strncmp(line, "sleep", 5);
        if (comm) fclose(comm);
        if (started) break;
        struct timespec pause = { 0, 10 * 1000000L };
        nanosleep(&pause, NULL);
    }
    cr_assert_eq(botproc_renew_cpu(&b, 11), 0);
    snprintf(path, sizeof path, "/proc/%d/limits", (int)b.pid);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f);
    long soft = -1, hard = -1;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "Max cpu time", 12)) sscanf(line + 12, "%ld %ld", &soft, &hard);
    fclose(f);
    cr_assert_eq(soft, 11, "soft limit %ld", soft);
    cr_assert_eq(hard, 7 * BOTPROC_CPU_PARTIES, "hard limit %ld", hard);
    botproc_stop(&b, 0);
}

/* test_sandbox.c - the sandbox around bots (arena/play/sandbox.h), tried
 * the way a hostile bot author would (issue 12's audit): real tournaments
 * of the real arena with tests/bot_hostile.c against bot-random, then the
 * hostile bot's own report (its log) and the arena's records (journal,
 * exit status, leftover processes). Where an attack can be shown harmful
 * without the sandbox and harmless to the machine, the same test runs it
 * with --no-sandbox too, so that the measurement is seen to work.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "arena/play/botlog.h"
#include "records/journal.h"
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

/* Runs a tournament of the bot `hostile` (a shell command) against
 * bot-random in DIR, with EXTRA flags; returns the arena's exit status. */
static int run_bot(const char *dir, const char *hostile, const char *extra)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd,
             "%s/arena run --quiet --pairs 1 --move-ms 3000 --journal %s/j.jsonl --log-dir %s/logs %s "
             "--bot \"hostile=%s\" --bot random='%s/bot-random --seed 4' > %s/out 2>&1",
             support_bin_dir(), dir, dir, extra, hostile, support_bin_dir(), dir);
    int status = system(cmd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The same with the hostile bot (MODE and its arguments). */
static int run_hostile(const char *dir, const char *hostile_args, const char *extra)
{
    char bot[4096];
    snprintf(bot, sizeof bot, "%s/bot-hostile %s", support_bin_dir(), hostile_args);
    return run_bot(dir, bot, extra);
}

/* The largest N of "hostile: KEY=N" in the hostile bot's logs, -1 when no
 * log says it. */
static long hostile_report(const char *dir, const char *key)
{
    char cmd[1200], line[512], want[80];
    long best = -1;
    snprintf(cmd, sizeof cmd, "cat %s/logs/*/hostile-*.log 2>/dev/null", dir);
    snprintf(want, sizeof want, "hostile: %s=", key);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    while (fgets(line, sizeof line, p))
        if (!strncmp(line, want, strlen(want))) {
            long v = atol(line + strlen(want));
            if (v > best) best = v;
        }
    pclose(p);
    return best;
}

struct tally_of {
    const char *name;
    int parties, faults;
};

/* Parties, and faults or forfeits charged to one player. */
static int count_player(const struct journal_entry *entry, void *ctx, char *err, size_t cap)
{
    const cJSON *rec = entry->record;
    struct tally_of *t = ctx;
    (void)err;
    (void)cap;
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "type"));
    if (!type || strcmp(type, "partie")) return 0;
    t->parties++;
    const cJSON *players = cJSON_GetObjectItem(rec, "players"), *forfeit = cJSON_GetObjectItem(rec, "forfeit");
    for (int p = 0; p < 2; p++) {
        const char *seat = p ? "B" : "A", *kind_name;
        if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(players, seat)), t->name)) continue;
        const cJSON *kind;
        cJSON_ArrayForEach(kind, cJSON_GetObjectItem(cJSON_GetObjectItem(rec, "faults"), seat)) t->faults += kind->valueint;
        kind_name = cJSON_IsObject(forfeit) ? cJSON_GetStringValue(cJSON_GetObjectItem(forfeit, "player")) : NULL;
        if (kind_name && !strcmp(kind_name, seat)) t->faults++;
    }
    return 0;
}

static struct tally_of tally(const char *dir, const char *name)
{
    char path[1100], err[256];
    int torn;
    struct tally_of t = { name, 0, 0 };
    snprintf(path, sizeof path, "%s/j.jsonl", dir);
    cr_assert_geq(journal_read(path, count_player, &t, &torn, err, sizeof err), 0, "%s", err);
    return t;
}

static void show_output(const char *dir)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "cat %s/out >&2", dir);
    cr_expect_eq(system(cmd), 0);
}

Test(sandbox, a_bot_sees_no_other_process_no_token_and_no_private_file, .timeout = 120)
{
    char args[2048];
    const char *dir = support_scratch_dir();
    /* Its targets: the journal, every log of the run, the opponent's
     * processes through /proc. */
    snprintf(args, sizeof args, "snoop %s/j.jsonl %s/logs", dir, dir);
    int status = run_hostile(dir, args, "");
    if (status) show_output(dir);
    cr_assert_eq(status, 0);
    cr_expect_eq(hostile_report(dir, "foreign_tokens"), 0);
    cr_expect_eq(hostile_report(dir, "mem_opened"), 0);
    cr_expect_eq(hostile_report(dir, "arena_cmdlines"), 0);
    cr_expect_eq(hostile_report(dir, "files_read"), 0);
    cr_expect_eq(hostile_report(dir, "wrote_cwd"), 0);
    cr_expect_eq(hostile_report(dir, "wrote_tmp"), 1, "the bot's private /tmp is not writable");
    long seen = hostile_report(dir, "processes_seen");
    cr_expect(seen >= 1 && seen <= 3, "the bot saw %ld processes: only its sandbox's (PID 1, its shell, itself)", seen);
    cr_expect_eq(tally(dir, "random").faults, 0);
    /* The same attack without the sandbox reaches the opponent's token and
     * the arena: what the sandbox takes away. */
    support_scratch_remove();
    dir = support_scratch_dir();
    snprintf(args, sizeof args, "snoop %s/j.jsonl", dir);
    cr_assert_eq(run_hostile(dir, args, "--no-sandbox"), 0);
    cr_expect_geq(hostile_report(dir, "foreign_tokens"), 1, "without a sandbox the opponent's token is readable");
    cr_expect_geq(hostile_report(dir, "arena_cmdlines"), 1);
}

Test(sandbox, a_bot_cannot_steal_the_opponents_token, .timeout = 120)
{
    const char *dir = support_scratch_dir();
    cr_assert_eq(run_hostile(dir, "steal", ""), 0);
    cr_expect_eq(hostile_report(dir, "tokens_stolen"), 0);
    cr_expect_eq(hostile_report(dir, "stolen_welcomed"), 0);
    struct tally_of random = tally(dir, "random");
    cr_expect_eq(random.parties, 2);
    cr_expect_eq(random.faults, 0, "the opponent was charged %d faults", random.faults);
}

Test(sandbox, a_bot_cannot_signal_the_arena_or_its_opponent, .timeout = 120)
{
    const char *dir = support_scratch_dir();
    int status = run_hostile(dir, "signal", "");
    if (status) show_output(dir);
    cr_assert_eq(status, 0, "the arena did not finish (exit %d)", status);
    cr_expect_geq(hostile_report(dir, "signal_targets"), 1, "the attack did not run");
    cr_expect_eq(hostile_report(dir, "killed"), 0, "it reached processes outside its sandbox");
    struct tally_of random = tally(dir, "random");
    cr_expect_eq(random.parties, 2, "the tournament lost parties");
    cr_expect_eq(random.faults, 0, "the opponent was charged %d faults", random.faults);
}

/* The hostile bot's setsid child: "MARKER 3600". */
static int count_marked(const char *marker)
{
    char line[PATH_MAX + 16];
    snprintf(line, sizeof line, "%s 3600", marker);
    return support_scratch_processes(line);
}

static void sleep_ms(int ms)
{
    struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

Test(sandbox, nothing_a_bot_started_outlives_a_killed_arena, .timeout = 120)
{
    char cmd[8192];
    const char *dir = support_scratch_dir(), *marker = support_scratch_path("marker");
    /* An opponent that hangs keeps the partie going while the arena is
     * killed. */
    snprintf(cmd, sizeof cmd,
             "exec %s/arena run --quiet --pairs 1 --move-ms 20000 --journal %s/j.jsonl --log-dir %s/logs "
             "--bot hostile='%s/bot-hostile setsid %s' --bot slow='%s/bot-faulty --mode hang --after 1' > %s/out 2>&1",
             support_bin_dir(), dir, dir, support_bin_dir(), marker, support_bin_dir(), dir);
    pid_t arena = fork();
    cr_assert_geq(arena, 0);
    if (arena == 0) {
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    int waited = 0;
    while (hostile_report(dir, "left_child") != 1 && waited < 20000) {
        sleep_ms(50);
        waited += 50;
    }
    cr_assert_eq(hostile_report(dir, "left_child"), 1, "the hostile bot never left its child");
    cr_expect_geq(count_marked(marker), 1, "the child is not running");
    kill(arena, SIGKILL);
    waitpid(arena, NULL, 0);
    for (waited = 0; count_marked(marker) > 0 && waited < 3000; waited += 50) sleep_ms(50);
    cr_expect_eq(count_marked(marker), 0, "a setsid() child of a bot outlived the SIGKILLed arena");
}

Test(sandbox, a_flood_on_stderr_is_cut_at_the_cap_and_the_bot_plays_on, .timeout = 120)
{
    char cmd[1200], line[256];
    const char *dir = support_scratch_dir();
    cr_assert_eq(run_hostile(dir, "spew 1024", ""), 0);   /* 1 GiB */
    snprintf(cmd, sizeof cmd, "stat -c '%%s %%a' %s/logs/*/hostile-*.log", dir);
    FILE *p = popen(cmd, "r");
    long size;
    unsigned mode;
    int files = 0;
    while (p && fscanf(p, "%ld %o", &size, &mode) == 2) {
        files++;
        cr_expect_leq(size, BOTLOG_DEFAULT_BYTES + 200, "a log of %ld bytes", size);
        cr_expect_eq(mode, 0600u, "a log of mode %o", mode);
    }
    if (p) pclose(p);
    cr_assert_geq(files, 1);
    snprintf(cmd, sizeof cmd, "tail -n 1 %s/logs/*/hostile-*.log | grep -c 'log cut here'", dir);
    p = popen(cmd, "r");
    cr_assert(p && fgets(line, sizeof line, p));
    pclose(p);
    cr_expect_geq(atoi(line), 1, "the log does not say it was cut");
    cr_expect_eq(tally(dir, "hostile").faults, 0, "the spewing bot could not go on playing");
    cr_expect_eq(tally(dir, "hostile").parties, 2);
}

Test(sandbox, the_log_directory_is_private_to_the_arena, .timeout = 120)
{
    char path[1100];
    struct stat st;
    const char *dir = support_scratch_dir();
    cr_assert_eq(run_hostile(dir, "fork 3", ""), 0);
    snprintf(path, sizeof path, "%s/logs", dir);
    cr_assert_eq(stat(path, &st), 0);
    cr_expect_eq(st.st_mode & 0777, 0700);
    FILE *p;
    char cmd[1200], line[1200];
    snprintf(cmd, sizeof cmd, "find %s/logs -mindepth 1", dir);
    p = popen(cmd, "r");
    int n = 0;
    while (p && fgets(line, sizeof line, p)) {
        line[strcspn(line, "\n")] = '\0';
        cr_assert_eq(stat(line, &st), 0);
        cr_expect_eq(st.st_mode & 0777, S_ISDIR(st.st_mode) ? 0700 : 0600, "%s has mode %o", line, st.st_mode & 0777);
        n++;
    }
    if (p) pclose(p);
    cr_expect_geq(n, 3, "one run directory and a log per process");
}

Test(sandbox, a_fork_bomb_stops_at_the_process_cap, .timeout = 120)
{
    const char *dir = support_scratch_dir();
    cr_assert_eq(run_hostile(dir, "fork 5000", ""), 0);
    long forked = hostile_report(dir, "forked");
    cr_expect(forked >= 10 && forked < 64, "forked %ld processes under a cap of 64", forked);
    cr_expect_eq(tally(dir, "random").faults, 0);
}

/* A listening TCP socket on a free loopback port; its port in *port. */
static int listener(int *port)
{
    int s = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a;
    socklen_t len = sizeof a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    cr_assert_geq(s, 0);
    cr_assert_eq(bind(s, (struct sockaddr *)&a, sizeof a), 0);
    cr_assert_eq(listen(s, 16), 0);
    cr_assert_eq(getsockname(s, (struct sockaddr *)&a, &len), 0);
    *port = ntohs(a.sin_port);
    return s;
}

Test(sandbox, a_bot_has_no_network_unless_the_tournament_allows_it, .timeout = 120)
{
    char args[64];
    int port, s = listener(&port);
    snprintf(args, sizeof args, "connect %d", port);
    const char *dir = support_scratch_dir();
    cr_assert_eq(run_hostile(dir, args, ""), 0);
    cr_expect_eq(hostile_report(dir, "connected"), 0, "a sandboxed bot reached 127.0.0.1:%d", port);
    support_scratch_remove();
    dir = support_scratch_dir();
    cr_assert_eq(run_hostile(dir, args, "--bot-network"), 0);
    cr_expect_eq(hostile_report(dir, "connected"), 1, "--bot-network did not let the bot connect");
    close(s);
}

static int run_refused(const char *dir, const char *env, const char *bot, const char *extra, char *out, size_t cap)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "%s %s/arena run --quiet --pairs 1 --journal %s/j.jsonl --log-dir %s/logs %s "
                              "--bot a='%s' --bot b=%s/bot-random 2>&1",
             env, support_bin_dir(), dir, dir, extra, bot, support_bin_dir());
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

Test(sandbox, without_bubblewrap_the_arena_refuses_unless_told_no_sandbox, .timeout = 120)
{
    char out[4096], bot[600], path[1100];
    struct stat st;
    const char *dir = support_scratch_dir();
    snprintf(bot, sizeof bot, "%s/bot-random", support_bin_dir());
    cr_expect_eq(run_refused(dir, "PIQUET_BWRAP=/nonexistent/bwrap", bot, "", out, sizeof out), 2, "%s", out);
    cr_expect(strstr(out, "bubblewrap") && strstr(out, "apt-get install bubblewrap") && strstr(out, "--no-sandbox"),
              "%s", out);
    snprintf(path, sizeof path, "%s/j.jsonl", dir);
    cr_expect_neq(stat(path, &st), 0, "a journal was started by a run that could not start its bots");
    /* A bubblewrap that cannot build namespaces (as where user namespaces
     * are off) is refused with its own words. */
    snprintf(path, sizeof path, "%s/fake-bwrap", dir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fprintf(f, "#!/bin/sh\necho 'bwrap: No permissions to creating new namespace' >&2\nexit 1\n");
    fclose(f);
    chmod(path, 0755);
    char env[1200];
    snprintf(env, sizeof env, "PIQUET_BWRAP=%s", path);
    cr_expect_eq(run_refused(dir, env, bot, "", out, sizeof out), 2, "%s", out);
    cr_expect(strstr(out, "No permissions to creating new namespace") && strstr(out, "--no-sandbox"), "%s", out);
    /* Told --no-sandbox, it plays. */
    cr_expect_eq(run_refused(dir, "PIQUET_BWRAP=/nonexistent/bwrap", bot, "--no-sandbox", out, sizeof out), 0, "%s", out);
}

Test(sandbox, a_bot_program_that_cannot_run_stops_the_run_before_it_starts, .timeout = 60)
{
    char out[4096], path[1100];
    struct stat st;
    const char *dir = support_scratch_dir();
    cr_expect_eq(run_refused(dir, "", "/nonexistent/bot --fast", "", out, sizeof out), 2, "%s", out);
    cr_expect(strstr(out, "/nonexistent/bot") && strstr(out, "cannot be run"), "%s", out);
    cr_expect_eq(run_refused(dir, "", "no-such-bot-program", "", out, sizeof out), 2, "%s", out);
    cr_expect(strstr(out, "no-such-bot-program") && strstr(out, "not found"), "%s", out);
    snprintf(path, sizeof path, "%s/j.jsonl", dir);
    cr_expect_neq(stat(path, &st), 0, "a journal was started");
}

/* The first directory above path that others may not pass (no o+x), or
 * NULL. */
static const char *closed_above(const char *path)
{
    static char prefix[PATH_MAX];
    struct stat st;
    for (const char *slash = strchr(path + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
        snprintf(prefix, sizeof prefix, "%.*s", (int)(slash - path), path);
        if (stat(prefix, &st) == 0 && !(st.st_mode & S_IXOTH)) return prefix;
    }
    return NULL;
}

Test(sandbox, a_normal_users_arena_walls_its_bots_in_a_user_namespace, .timeout = 120)
{
    char cmd[4096];
    const char *dir = support_scratch_dir();
    /* As root, the arena itself runs as nobody from a copy of the programs
     * in a directory nobody may read (the checkout may not be). */
    const char *as = "";
    if (getuid() == 0) {
        const char *closed = closed_above(dir);
        cr_assert_null(closed, "nobody cannot reach %s: %s is closed to others; run the tests with a TMPDIR whose "
                               "directories others may pass (chmod o+x)", dir, closed);
        snprintf(cmd, sizeof cmd, "cp %s/arena %s/bot-hostile %s/bot-random %s/ && chmod 0755 %s && chown 65534:65534 %s",
                 support_bin_dir(), support_bin_dir(), support_bin_dir(), dir, dir, dir);
        cr_assert_eq(system(cmd), 0, "%s", cmd);
        as = "setpriv --reuid 65534 --regid 65534 --clear-groups";
    } else {
        snprintf(cmd, sizeof cmd, "cp %s/arena %s/bot-hostile %s/bot-random %s/", support_bin_dir(), support_bin_dir(), support_bin_dir(), dir);
        cr_assert_eq(system(cmd), 0, "%s", cmd);
    }
    snprintf(cmd, sizeof cmd,
             "cd %s && %s ./arena run --quiet --pairs 1 --journal j.jsonl --log-dir logs "
             "--bot hostile='./bot-hostile snoop j.jsonl logs' --bot random=./bot-random > out 2>&1",
             dir, as);
    int status = system(cmd);
    if (status) show_output(dir);
    cr_assert_eq(status, 0);
    cr_expect_eq(hostile_report(dir, "uid"), getuid() == 0 ? 65534 : (long)getuid(), "not the arena user's uid");
    cr_expect_eq(hostile_report(dir, "foreign_tokens"), 0);
    cr_expect_eq(hostile_report(dir, "mem_opened"), 0);
    cr_expect_eq(hostile_report(dir, "arena_cmdlines"), 0);
    cr_expect_eq(hostile_report(dir, "files_read"), 0);
    cr_expect_eq(hostile_report(dir, "wrote_cwd"), 0);
    cr_expect_eq(tally(dir, "random").faults, 0);
}

Test(sandbox, a_bot_that_grabs_memory_stops_at_the_address_space_limit, .timeout = 120)
{
#if defined(__SANITIZE_ADDRESS__)
    cr_skip_test("an AddressSanitizer build lifts the address-space limit (botproc.h)");
#endif
    const char *dir = support_scratch_dir();
    cr_assert_eq(run_hostile(dir, "memory 8192", ""), 0);
    long got = hostile_report(dir, "allocated_mib");
    cr_expect(got >= 64 && got < 2048, "allocated %ld MiB under a 2048 MiB limit", got);
    cr_expect_eq(tally(dir, "random").parties, 2);
}

Test(sandbox, a_bot_that_spins_is_charged_a_timeout_and_stopped, .timeout = 120)
{
    const char *dir = support_scratch_dir();
    /* Its process named after the test's directory, to be looked for. */
    cr_assert_eq(run_bot(dir, support_scratch_command("bot-hostile", "spin"), "--move-ms 300 --bank-ms 0"), 0);
    struct tally_of hostile = tally(dir, "hostile");
    cr_expect_eq(hostile.parties, 2);
    cr_expect_geq(hostile.faults, 2, "each partie a timeout");
    cr_expect_eq(tally(dir, "random").faults, 0);
    /* No spinning process is left behind. */
    cr_expect_eq(support_scratch_processes(support_scratch_path("bot-hostile")), 0,
                 "a spinning bot outlived its tournament");
}

Test(sandbox, bots_run_from_a_checkout_under_tmp_or_behind_a_closed_directory, .timeout = 120)
{
    char cmd[4096];
    const char *dir = support_scratch_dir();   /* 0700: closed to every other uid */
    snprintf(cmd, sizeof cmd, "mkdir -p %s/a/b/co/bin && cp %s/arena %s/bot-greedy %s/bot-random %s/a/b/co/bin/ && "
             "chmod 0755 %s/a %s/a/b %s/a/b/co", dir, support_bin_dir(), support_bin_dir(), support_bin_dir(), dir, dir, dir, dir);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    /* One bot by a path from the working directory, one by its absolute
     * path: /tmp is the bot's own, and as root the scratch directory is
     * closed to the bots' uids, so both must be bound back. */
    snprintf(cmd, sizeof cmd,
             "cd %s/a/b/co && ./bin/arena run --quiet --pairs 1 --journal %s/j.jsonl --log-dir %s/logs "
             "--bot greedy=./bin/bot-greedy --bot random=%s/a/b/co/bin/bot-random > %s/out 2>&1",
             dir, dir, dir, dir, dir);
    int status = system(cmd);
    if (status) show_output(dir);
    cr_assert_eq(status, 0);
    struct tally_of t = tally(dir, "greedy");
    cr_expect_eq(t.parties, 2);
    cr_expect_eq(t.faults, 0);
}

/* bwrap arms the parent-death signal of a sandbox's PID 1 only after its
 * mounts are set up; an arena SIGKILLed in that window left the sandbox
 * running for good, until the guard (arena/play/botproc.c) held it. Kills at
 * many moments of the start, with reuse 1 so that sandboxes keep being
 * built. */
Test(sandbox, an_arena_killed_while_sandboxes_start_leaves_none_behind, .timeout = 180)
{
    char cmd[4096], marked[PATH_MAX + 16];
    snprintf(marked, sizeof marked, "%s", support_scratch_path("bot-random"));
    for (int k = 0; k < 12; k++) {
        snprintf(cmd, sizeof cmd,
                 "%s/arena run --quiet --reuse 1 --concurrency 4 --pairs 20 --journal %s --log-dir %s "
                 "--bot a=\"%s\" --bot b=\"%s\" > /dev/null 2>&1 & pid=$!; sleep 0.%03d; kill -9 $pid; "
                 "wait $pid 2>/dev/null; exit 0",
                 support_bin_dir(), support_scratch_path("j.jsonl"), support_scratch_path("logs"),
                 support_scratch_command("bot-random", "--seed 1"), support_scratch_command("bot-random", "--seed 2"),
                 40 + 37 * k);
        cr_assert_eq(system(cmd), 0);
        unlink(support_scratch_path("j.jsonl"));
    }
    /* A sandbox ends a moment after its arena: the guard's grace, then the
     * kernel ending the namespace; under AddressSanitizer on a loaded
     * machine that has taken over 5 s. A guard is a fork of its arena (its
     * command line names this test's directory) and exits only once its
     * sandbox is gone; bwrap's arguments and the bots' names hold the
     * directory too. So the one check that cannot be fooled by a bot that
     * a starting sandbox execs a moment later is that nothing naming the
     * directory is left: not a guard, not a bwrap left to init, not a bot.
     * Only what is still there after 30 s has outlived its arena. */
    static char left[8192];
    int waited = 0;
    for (; support_scratch_mentions(NULL, 0) > 0 && waited < 30000; waited += 50) sleep_ms(50);
    cr_expect_eq(support_scratch_mentions(left, sizeof left), 0,
                 "killed arenas left these processes behind for over 30 s:\n%s", left);
    cr_expect_eq(support_scratch_processes(marked), 0, "sandboxed bots outlived their killed arenas");
}

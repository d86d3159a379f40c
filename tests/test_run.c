/* test_run.c - tournaments with real bots: a round robin ends with the
 * journal holding every scheduled partie; killed with SIGKILL at several
 * points and resumed, it ends with the same parties and results as an
 * uninterrupted run (timings aside); SIGINT stops it cleanly.
 */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "records/journal.h"
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

enum { RUN_TEST_MAX = 64 };

static void sleep_ms(int ms)
{
    struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

static char bots[2048];

/* The random bot's process is named after the test's directory
 * (support_scratch_command), so that a test looking for it among the
 * processes finds only its own. */
static void set_bots(int seed)
{
    char args[32];
    snprintf(args, sizeof args, "--seed %d", seed);
    snprintf(bots, sizeof bots, "--bot greedy=%s/bot-greedy --bot \"random=%s\" --bot g2='%s/bot-greedy --exchange 4'",
             support_bin_dir(), support_scratch_command("bot-random", args), support_bin_dir());
}

struct parties {
    cJSON *by_id;    /* object: id -> record without timings and run id */
    int headers;
    char run[32];    /* the header's run id: every record must carry it */
};

static int collect(const struct journal_entry *entry, void *ctx, char *err, size_t cap)
{
    const cJSON *rec = entry->record;
    struct parties *p = ctx;
    char key[32];
    (void)err;
    (void)cap;
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "type"));
    const char *run = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "run"));
    cr_assert(run && strlen(run) == 16, "a %s record without a run id", type ? type : "typeless");
    if (type && !strcmp(type, "header")) {
        if (!p->headers++) snprintf(p->run, sizeof p->run, "%s", run);
    }
    if (!type || strcmp(type, "partie")) return 0;
    cr_assert_str_eq(run, p->run, "a record of another run");
    cJSON *copy = cJSON_Duplicate(rec, 1);
    cJSON_DeleteItemFromObject(copy, "think_ms");
    cJSON_DeleteItemFromObject(copy, "run");   /* drawn afresh by each run */
    snprintf(key, sizeof key, "%.0f", cJSON_GetNumberValue(cJSON_GetObjectItem(rec, "id")));
    cr_assert_null(cJSON_GetObjectItem(p->by_id, key), "partie %s recorded twice", key);
    cJSON_AddItemToObject(p->by_id, key, copy);
    return 0;
}

static void read_parties(const char *path, struct parties *p)
{
    char err[256];
    int torn;
    p->by_id = cJSON_CreateObject();
    p->headers = 0;
    cr_assert_geq(journal_read(path, collect, p, &torn, err, sizeof err), 0, "%s", err);
    cr_assert_not(torn, "%s ends with a torn line", path);
}

Test(run, a_killed_tournament_resumes_to_the_same_results, .timeout = 240)
{
    char cmd[8192], random[PATH_MAX + 16];
    struct parties whole, resumed;
    const char *whole_path = support_scratch_path("whole.jsonl"), *killed = support_scratch_path("killed.jsonl");
    set_bots(31);
    snprintf(random, sizeof random, "%s --seed 31", support_scratch_path("bot-random"));
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet %s --pairs 5 --seed 21 --journal %s > /dev/null",
             support_bin_dir(), bots, whole_path);
    cr_assert_eq(system(cmd), 0);
    read_parties(whole_path, &whole);
    cr_assert_eq(cJSON_GetArraySize(whole.by_id), 3 * 5 * 2, "every scheduled partie is in the journal");
    cr_assert_eq(whole.headers, 1);
    static const char *const delays[] = { "0.05", "0.4", "0.9" };
    for (int k = 0; k < 3; k++) {
        unlink(killed);
        snprintf(cmd, sizeof cmd,
                 "%s/arena run --quiet %s --pairs 5 --seed 21 --journal %s > /dev/null 2>&1 & "
                 "pid=$!; for i in $(seq 200); do [ -s %s ] && break; sleep 0.01; done; "
                 "sleep %s; kill -9 $pid; wait $pid 2>/dev/null; sleep 0.3",
                 support_bin_dir(), bots, killed, killed, delays[k]);
        cr_assert_eq(system(cmd), 0);
        /* The sandboxes die with the arena, a moment later on a loaded
         * machine: an orphan would wait for its arena forever. */
        for (int waited = 0; support_scratch_processes(random) > 0 && waited < 5000; waited += 50) sleep_ms(50);
        cr_assert_eq(support_scratch_processes(random), 0, "bot processes outlived the killed arena (kill at %s s)",
                     delays[k]);
        snprintf(cmd, sizeof cmd, "%s/arena resume --quiet %s > /dev/null", support_bin_dir(), killed);
        cr_assert_eq(system(cmd), 0, "resume after a kill at %s s", delays[k]);
        read_parties(killed, &resumed);
        cr_assert_eq(resumed.headers, 1);
        cr_assert_eq(cJSON_GetArraySize(resumed.by_id), cJSON_GetArraySize(whole.by_id), "kill at %s s", delays[k]);
        const cJSON *rec;
        cJSON_ArrayForEach(rec, whole.by_id) {
            const cJSON *other = cJSON_GetObjectItem(resumed.by_id, rec->string);
            cr_assert(other, "partie %s missing after resume", rec->string);
            cr_assert(cJSON_Compare(rec, other, 1), "partie %s differs after a kill at %s s", rec->string, delays[k]);
        }
        cJSON_Delete(resumed.by_id);
    }
    cJSON_Delete(whole.by_id);
}

Test(run, sigint_stops_cleanly_and_says_how_to_resume, .timeout = 120)
{
    char cmd[4096], want[PATH_MAX + 32];
    const char *journal = support_scratch_path("int.jsonl"), *err_path = support_scratch_path("int.err");
    set_bots(3);
    snprintf(cmd, sizeof cmd,
             "%s/arena run --quiet %s --pairs 40 --journal %s > /dev/null 2> %s & "
             /* Once a partie is journaled the arena handles signals (a
              * loaded machine may take longer than any fixed sleep to start). */
             "pid=$!; for i in $(seq 600); do [ $( (wc -l < %s) 2>/dev/null || echo 0) -ge 2 ] && break; sleep 0.05; done; "
             "kill -INT $pid; wait $pid",
             support_bin_dir(), bots, journal, err_path, journal);
    int status = system(cmd);
    cr_assert_eq(WEXITSTATUS(status), 130, "status %d", WEXITSTATUS(status));
    FILE *f = fopen(err_path, "r");
    char err[1024] = "";
    size_t n = fread(err, 1, sizeof err - 1, f);
    err[n] = '\0';
    fclose(f);
    snprintf(want, sizeof want, "arena resume %s", journal);
    cr_assert(strstr(err, want), "%s", err);
    struct parties p;
    read_parties(journal, &p);
    cr_assert_lt(cJSON_GetArraySize(p.by_id), 3 * 40 * 2);
    cJSON_Delete(p.by_id);
}

Test(run, bad_usage_and_an_existing_journal_are_refused)
{
    char cmd[1024];
    const char *journal = support_scratch_path("exists.jsonl");
    snprintf(cmd, sizeof cmd, "%s/arena run --bot a=x > /dev/null 2>&1", support_bin_dir());
    cr_assert_eq(WEXITSTATUS(system(cmd)), 2, "one bot is not a tournament");
    snprintf(cmd, sizeof cmd, "%s/arena run --bot a=x --bot a=y > /dev/null 2>&1", support_bin_dir());
    cr_assert_eq(WEXITSTATUS(system(cmd)), 2, "two bots with one name");
    snprintf(cmd, sizeof cmd, "touch %s; %s/arena run --bot a=x --bot b=y --journal %s > /dev/null 2>&1", journal,
             support_bin_dir(), journal);
    cr_assert_eq(WEXITSTATUS(system(cmd)), 2, "a journal is never overwritten");
}

static int count_forfeits(const struct journal_entry *entry, void *ctx, char *err, size_t cap)
{
    const cJSON *rec = entry->record;
    int *counts = ctx;
    (void)err;
    (void)cap;
    const cJSON *f = cJSON_GetObjectItem(rec, "forfeit");
    if (cJSON_IsObject(f) && !strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(f, "fault")), "disqualified")) {
        counts[0]++;
        cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(rec, "deals")), 0, "an unplayed partie has no deals");
    }
    if (cJSON_IsObject(f)) counts[1]++;
    return 0;
}

Test(run, a_bot_over_the_fault_threshold_forfeits_the_rest, .timeout = 120)
{
    char cmd[4096], err[256], out[4096];
    int counts[2] = { 0, 0 }, torn;
    const char *journal = support_scratch_path("dq.jsonl");
    snprintf(cmd, sizeof cmd,
             "%s/arena run --concurrency 1 --bot greedy=%s/bot-greedy --bot faulty='%s/bot-faulty --mode crash --after 4' "
             "--pairs 5 --max-faults 2 --journal %s 2>&1",
             support_bin_dir(), support_bin_dir(), support_bin_dir(), journal);
    FILE *p = popen(cmd, "r");
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = '\0';
    pclose(p);
    cr_assert(strstr(out, "faulty is disqualified after 2 faults"), "%s", out);
    cr_assert(strstr(out, "faults: faulty: crash 2 (disqualified)"), "%s", out);
    cr_assert_eq(journal_read(journal, count_forfeits, counts, &torn, err, sizeof err), 11, "%s", err);
    cr_assert_eq(counts[1], 10, "every partie of the faulty bot is a forfeit");
    cr_assert_eq(counts[0], 8, "two crashes, then eight parties recorded unplayed");
}

/* Per partie id, its pair, from a journal. */
static int pair_of_partie(const struct journal_entry *entry, void *ctx, char *err, size_t cap)
{
    const cJSON *rec = entry->record;
    long *pairs = ctx;
    (void)err;
    (void)cap;
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "type"));
    if (!type || strcmp(type, "partie")) return 0;
    int id = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(rec, "id"));
    cr_assert(id >= 1 && id <= 64);
    pairs[id] = (long)cJSON_GetNumberValue(cJSON_GetObjectItem(rec, "pair"));
    return 0;
}

Test(run, processes_are_reused_but_never_within_a_pair, .timeout = 120)
{
    char cmd[4096], err[256], path[PATH_MAX], line[256];
    long pairs[65] = { 0 };
    int torn, files = 0, reused = 0, parties_seen = 0;
    const char *journal = support_scratch_path("reuse.jsonl"), *logs = support_scratch_path("reuse_logs");
    snprintf(cmd, sizeof cmd,
             "%s/arena run --quiet --concurrency 2 --reuse 8 --log-dir %s "
             "--bot r1='%s/bot-random --seed 5' --bot r2='%s/bot-random --seed 6' --bot r3='%s/bot-random --seed 7' "
             "--pairs 4 --journal %s >/dev/null 2>&1",
             support_bin_dir(), logs, support_bin_dir(), support_bin_dir(), support_bin_dir(), journal);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    cr_assert_eq(journal_read(journal, pair_of_partie, pairs, &torn, err, sizeof err), 25, "%s", err);
    /* Each log file is one process (in the run's directory under
     * --log-dir); bot-random writes a line per partie. */
    snprintf(cmd, sizeof cmd, "ls -d %s/*/*", logs);
    FILE *ls = popen(cmd, "r");
    char name[PATH_MAX];
    while (fgets(name, sizeof name, ls)) {
        name[strcspn(name, "\n")] = '\0';
        snprintf(path, sizeof path, "%s", name);
        FILE *f = fopen(path, "r");
        cr_assert_not_null(f);
        long seen[RUN_TEST_MAX] = { 0 };
        int n = 0;
        unsigned long long id;
        while (fgets(line, sizeof line, f))
            if (sscanf(line, "partie %llu", &id) == 1) {
                cr_assert(id >= 1 && id <= 24, "%s", line);
                for (int k = 0; k < n; k++)
                    cr_assert_neq(seen[k], pairs[id], "%s played both parties of pair %ld", name, pairs[id]);
                cr_assert_lt(n, 8, "%s played more than --reuse parties", name);
                seen[n++] = pairs[id];
                parties_seen++;
            }
        fclose(f);
        files++;
        reused += n > 1;
    }
    pclose(ls);
    cr_assert_eq(parties_seen, 48, "every partie has its two players in the logs");
    cr_assert_gt(reused, 0, "no process played a second partie");
    cr_assert_lt(files, 48, "%d processes for 24 parties: nothing was reused", files);
}

/* The remote tests' token file, readable by us only. */
static const char *token_file(const char *token)
{
    char cmd[PATH_MAX + 128];
    const char *path = support_scratch_path("remote.token");
    snprintf(cmd, sizeof cmd, "umask 077 && echo '%s' > %s", token, path);
    cr_assert_eq(system(cmd), 0);
    return path;
}

/* A remote bot `friend` (bot-random with `bot_args`, its output in
 * bot_log) started by someone else (here: the shell), knowing only the
 * endpoint and its token, in `arena run` with `run_args` before it (its
 * bots come first): the run's exit status. */
static int remote_run(const char *bot_args, const char *bot_log, const char *run_args)
{
    char cmd[8192];
    int port = support_scratch_port();
    const char *token = token_file("remote-token-0123456789abcdef");
    snprintf(cmd, sizeof cmd,
             "(sleep 0.3; PIQUET_ENDPOINT=tcp://127.0.0.1:%d PIQUET_TOKEN=remote-token-0123456789abcdef "
             "exec %s/bot-random %s > %s 2>&1) & bot=$!; "
             "%s/arena run --quiet %s --remote friend=%s --listen tcp://127.0.0.1:%d "
             "> /dev/null; status=$?; kill $bot; exit $status",
             port, support_bin_dir(), bot_args, bot_log, support_bin_dir(), run_args, token, port);
    return system(cmd);
}

/* The remote friend plays every partie of 3 pairs against a local
 * greedy: its parties and forfeits from the results. */
static void remote_friend(const char *args, int *parties, int *forfeits)
{
    char run_args[4096];
    const char *results = support_scratch_path("remote.json");
    snprintf(run_args, sizeof run_args, "--bot greedy=%s/bot-greedy --pairs 3 --journal %s --results %s",
             support_bin_dir(), support_scratch_path("remote.jsonl"), results);
    cr_assert_eq(remote_run(args, support_scratch_path("remote_bot.log"), run_args), 0, "%s", run_args);
    FILE *f = fopen(results, "r");
    char text[16384];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    cJSON *res = cJSON_Parse(text);
    const cJSON *friend = cJSON_GetArrayItem(cJSON_GetObjectItem(res, "bots"), 1);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(friend, "name")), "friend");
    *parties = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(friend, "parties"));
    *forfeits = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(friend, "forfeits"));
    cJSON_Delete(res);
}

Test(run, a_remote_bot_connects_itself_with_its_token, .timeout = 120)
{
    int parties, forfeits;
    remote_friend("--seed 8 --name visitor", &parties, &forfeits);
    cr_assert_eq(parties, 6);
    cr_assert_eq(forfeits, 0, "the remote bot played every partie");
}

/* A remote connection is spoken to in the protocol its hello named, in
 * every partie (it was sent protocol 1's messages: only a local process's
 * first hello set the referee's protocol). */
Test(run, a_remote_bot_of_protocol_2_plays_piquet_in_it, .timeout = 120)
{
    int parties, forfeits;
    remote_friend("--seed 8 --game piquet", &parties, &forfeits);
    cr_assert_eq(parties, 6);
    cr_assert_eq(forfeits, 0, "%d of the protocol-2 remote bot's 6 parties forfeited", forfeits);
}

/* A remote bot whose hello does not name the run's game is refused at its
 * hello, with the reason (it was seated, then sent what it could not
 * read); its parties wait for a connection that plays the game. */
Test(run, a_remote_bot_of_another_game_is_refused_at_its_hello, .timeout = 120)
{
    char cmd[4096], run_args[4096], out[512];
    const char *log = support_scratch_path("other_game.log");
    snprintf(run_args, sizeof run_args,
             "--game belote --players 2 --bot greedy='%s/bot-greedy --game belote' --pairs 1 --remote-wait-ms 1500 "
             "--journal %s",
             support_bin_dir(), support_scratch_path("other_game.jsonl"));
    cr_assert_eq(remote_run("--seed 8", log, run_args), 0, "%s", run_args);
    snprintf(cmd, sizeof cmd, "cat %s", log);
    support_run(cmd, out, sizeof out);
    cr_assert(strstr(out, "this arena plays belote, a game the bot's hello does not name"), "the bot was told: %s", out);
}

/* One partie at a time, so that the faults before the disqualification
 * are exactly the threshold: with two in flight, a partie started while
 * the first fault was judged ends in a third. */
Test(run, a_remote_bot_with_a_wrong_token_never_plays, .timeout = 120)
{
    char cmd[8192], out[4096];
    int port = support_scratch_port();
    const char *token = token_file("remote-token-0123456789abcdef");
    snprintf(cmd, sizeof cmd,
             "(sleep 0.3; PIQUET_ENDPOINT=tcp://127.0.0.1:%d PIQUET_TOKEN=not-the-token-0123456789 "
             "exec %s/bot-random > /dev/null 2>&1) & bot=$!; "
             "%s/arena run --concurrency 1 --bot greedy=%s/bot-greedy --remote friend=%s --remote-wait-ms 400 "
             "--max-faults 2 --listen tcp://127.0.0.1:%d --pairs 2 --journal %s 2>&1; kill $bot",
             port, support_bin_dir(), support_bin_dir(), support_bin_dir(), token, port, support_scratch_path("remote2.jsonl"));
    FILE *p = popen(cmd, "r");
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = '\0';
    pclose(p);
    cr_assert(strstr(out, "friend is disqualified after 2 faults"), "%s", out);
    cr_assert(strstr(out, "faults: friend: timeout 2 (disqualified)"), "%s", out);
}

/* What a journal says about faults, per record. */
struct fault_audit {
    int parties, forfeits_by_faulty, other_faults, inconsistent;
    int crash, timeout;
};

static int audit_faults(const struct journal_entry *entry, void *ctx, char *err, size_t cap)
{
    const cJSON *rec = entry->record;
    struct fault_audit *a = ctx;
    (void)err;
    (void)cap;
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "type"));
    if (!type || strcmp(type, "partie")) return 0;
    a->parties++;
    const cJSON *players = cJSON_GetObjectItem(rec, "players"), *faults = cJSON_GetObjectItem(rec, "faults");
    const cJSON *forfeit = cJSON_GetObjectItem(rec, "forfeit");
    for (int p = 0; p < 2; p++) {
        const char *seat = p ? "B" : "A";
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(players, seat));
        const cJSON *mine = cJSON_GetObjectItem(faults, seat), *kind;
        int total = 0;
        cJSON_ArrayForEach(kind, mine) total += (int)kind->valuedouble;
        int forfeited = cJSON_IsObject(forfeit) && !strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(forfeit, "player")), seat);
        if (strcmp(name, "faulty")) {
            a->other_faults += total + forfeited;
            continue;
        }
        /* A fault is exactly one forfeit of the faulty bot, of its kind. */
        if (total != forfeited) a->inconsistent++;
        if (forfeited) {
            a->forfeits_by_faulty++;
            a->crash += (int)cJSON_GetNumberValue(cJSON_GetObjectItem(mine, "crash"));
            a->timeout += (int)cJSON_GetNumberValue(cJSON_GetObjectItem(mine, "timeout"));
        }
    }
    return 0;
}

Test(run, a_bot_that_crashes_or_hangs_sometimes_is_accounted_exactly, .timeout = 240)
{
    char cmd[8192], err[256], text[1 << 16], faulty_bot[PATH_MAX + 32];
    struct fault_audit a = { 0 };
    int torn;
    const char *journal = support_scratch_path("broken.jsonl"), *results = support_scratch_path("broken.json");
    /* The broken bot's processes are named after the test's directory, so
     * that they are told from any other test's. */
    snprintf(faulty_bot, sizeof faulty_bot, "%s --mode crash,hang", support_scratch_path("bot-faulty"));
    snprintf(cmd, sizeof cmd,
             "%s/arena run --quiet --concurrency 8 --max-faults 0 --move-ms 1000 --bank-ms 1000 --grace-ms 200 "
             "--bot greedy=%s/bot-greedy --bot random='%s/bot-random --seed 51' --bot g4='%s/bot-greedy --exchange 4' "
             "--bot \"faulty=%s\" --pairs 3 --journal %s --results %s > /dev/null",
             support_bin_dir(), support_bin_dir(), support_bin_dir(), support_bin_dir(),
             support_scratch_command("bot-faulty", "--mode crash,hang --chance 0.6 --seed 5"), journal, results);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    cr_assert_eq(journal_read(journal, audit_faults, &a, &torn, err, sizeof err), 37, "%s", err);
    cr_assert_eq(a.parties, 36, "6 pairings of 3 duplicate pairs");
    cr_assert_eq(a.other_faults, 0, "only the broken bot faults");
    cr_assert_eq(a.inconsistent, 0, "every fault is one forfeit");
    cr_assert_gt(a.forfeits_by_faulty, 0, "the broken bot never broke");
    cr_assert_lt(a.forfeits_by_faulty, 18, "the broken bot broke in every partie");
    cr_assert_gt(a.crash + a.timeout, 0);
    /* The results file says the same. */
    FILE *f = fopen(results, "r");
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    cJSON *res = cJSON_Parse(text);
    const cJSON *faulty = cJSON_GetArrayItem(cJSON_GetObjectItem(res, "bots"), 3);
    const cJSON *faults = cJSON_GetObjectItem(faulty, "faults");
    cr_assert_eq((int)cJSON_GetNumberValue(cJSON_GetObjectItem(faulty, "forfeits")), a.forfeits_by_faulty);
    cr_assert_eq((int)cJSON_GetNumberValue(cJSON_GetObjectItem(faults, "crash")), a.crash);
    cr_assert_eq((int)cJSON_GetNumberValue(cJSON_GetObjectItem(faults, "timeout")), a.timeout);
    cJSON_Delete(res);
    /* No process of the broken bot outlives the tournament. */
    cr_assert_eq(support_scratch_processes(faulty_bot), 0, "a bot-faulty process was left behind");
}

static int count_faulty(const struct journal_entry *entry, void *ctx, char *err, size_t cap)
{
    const cJSON *rec = entry->record;
    int *faulty = ctx;
    (void)err;
    (void)cap;
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "type"));
    if (type && !strcmp(type, "partie") && !cJSON_IsNull(cJSON_GetObjectItem(rec, "forfeit"))) (*faulty)++;
    return 0;
}

/* Forty processes at once: the runner's table of processes grows while
 * hellos arrive (a table that moved once broke the matching of tokens). */
Test(run, many_parties_at_once_start_and_finish_cleanly, .timeout = 180)
{
    char cmd[4096], err[256];
    int torn, faulty = 0;
    const char *journal = support_scratch_path("wide.jsonl");
    snprintf(cmd, sizeof cmd,
             "%s/arena run --quiet --concurrency 20 --bot greedy=%s/bot-greedy --bot random='%s/bot-random --seed 61' "
             "--pairs 20 --journal %s > /dev/null",
             support_bin_dir(), support_bin_dir(), support_bin_dir(), journal);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    cr_assert_eq(journal_read(journal, count_faulty, &faulty, &torn, err, sizeof err), 41, "%s", err);
    cr_assert_eq(faulty, 0, "%d parties forfeited", faulty);
}

/* bot-instant, the benchmark's bot, reads requests by scanning them: it
 * must still answer every one legally (the exchange and carte blanche
 * included) or the harness would measure faults. */
Test(run, the_instant_bot_plays_whole_parties_without_a_fault, .timeout = 120)
{
    char cmd[4096], err[256];
    int torn, faulty = 0;
    const char *journal = support_scratch_path("instant.jsonl");
    snprintf(cmd, sizeof cmd,
             "%s/arena run --quiet --bot i1=%s/bot-instant --bot i2=%s/bot-instant --bot r='%s/bot-random --seed 71' "
             "--rule younger_must_discard=false --pairs 8 --journal %s > /dev/null",
             support_bin_dir(), support_bin_dir(), support_bin_dir(), support_bin_dir(), journal);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    cr_assert_eq(journal_read(journal, count_faulty, &faulty, &torn, err, sizeof err), 49, "%s", err);
    cr_assert_eq(faulty, 0, "%d parties forfeited", faulty);
}

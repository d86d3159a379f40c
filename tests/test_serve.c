/* test_serve.c - `arena serve`, the ladder arena, with real processes: a
 * leaderboard, the arena on a loopback tcp port with CURVE, bots in C and
 * in Python connected with their own key pairs. Registered bots play
 * duplicate pairs that reach the leaderboard; a bot whose key is not
 * registered, or that trusts another server key, never plays; a bot killed
 * in a match is charged that match and plays again once reconnected; a
 * bot retired from the bots file gets no new match; an arena killed with
 * SIGKILL and resumed loses no match and posts none twice.
 */
#include <criterion/criterion.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "tests/support_scratch.h"
#include "tests/test_leaderboard_support.h"

static const char *bin_dir(void)
{
    const char *dir = getenv("BIN");
    return dir ? dir : "build/bin";
}

static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int sh(const char *fmt, ...)
{
    char cmd[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    int status = system(cmd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* A bot process connected to the arena at `port` with its key pair
 * `key` (NULL: none) and the server key file `server`; returns its pid. */
static pid_t start_bot(int port, const char *command, const char *key, const char *server, const char *log)
{
    char endpoint[64];
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid > 0) return pid;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    snprintf(endpoint, sizeof endpoint, "tcp://127.0.0.1:%d", port);
    setenv("PIQUET_ENDPOINT", endpoint, 1);
    setenv("PIQUET_TOKEN", "any-token-the-key-decides", 1);
    setenv("PIQUET_SERVER_KEY", server, 1);
    if (key) setenv("PIQUET_KEY_FILE", key, 1);
    else unsetenv("PIQUET_KEY_FILE");
    freopen(log, "w", stdout);
    freopen(log, "a", stderr);
    execl("/bin/sh", "sh", "-c", command, (char *)NULL);
    _exit(127);
}

static void stop(pid_t pid, int sig)
{
    if (pid <= 0) return;
    kill(pid, sig);
    waitpid(pid, NULL, 0);
}

/* The arena serve process; returns its pid. */
static pid_t start_serve(const struct lb_server *lb, int port, const char *extra)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd,
             "cd %s && exec %s/arena serve --listen tcp://127.0.0.1:%d --server-key %s --bots %s --post http://127.0.0.1:%d "
             "--token-file %s --concurrency 2 --remote-wait-ms 5000 %s >> %s 2>&1",
             support_scratch_dir(), bin_dir(), port, support_scratch_path("arena.key"), support_scratch_path("bots.txt"), lb->port,
             support_scratch_path("lb.token"), extra, support_scratch_path("serve.out"));
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid > 0) return pid;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
}

/* Matches in the journal (lines of type match or partie), and how many
 * hold `name` (NULL: all). */
static int journal_count(const char *name)
{
    char cmd[1024], out[64];
    snprintf(cmd, sizeof cmd, "grep '\"type\":\"partie\"' %s 2>/dev/null %s | wc -l", support_scratch_path("ladder.jsonl"),
             name ? "| grep -F \"\\\"$N\\\"\"" : "");
    setenv("N", name ? name : "", 1);
    FILE *p = popen(cmd, "r");
    cr_assert(p);
    cr_assert(fgets(out, sizeof out, p));
    pclose(p);
    return atoi(out);
}

/* The last lines the arena printed, for a failure's message. */
static const char *serve_tail(void)
{
    static char text[2048];
    FILE *f = fopen(support_scratch_path("serve.out"), "r");
    size_t n = 0;
    text[0] = '\0';
    if (f) {
        fseek(f, 0, SEEK_END);
        long size = ftell(f);
        fseek(f, size > (long)sizeof text - 1 ? size - (long)sizeof text + 1 : 0, SEEK_SET);
        n = fread(text, 1, sizeof text - 1, f);
        fclose(f);
    }
    text[n] = '\0';
    return text;
}

/* Waits until the journal holds at least n matches (at most `seconds`). */
static int wait_matches(int n, int seconds)
{
    for (int i = 0; i < seconds * 10; i++) {
        if (journal_count(NULL) >= n) return 1;
        struct timespec ts = { 0, 100000000L };
        nanosleep(&ts, NULL);
    }
    return 0;
}

Test(serve, registered_bots_play_a_ladder_that_reaches_the_leaderboard, .timeout = 240)
{
    struct lb_server lb;
    const char *dir = support_scratch_dir();
    int port = support_scratch_port(), python = access("/usr/bin/python3", X_OK) == 0;
    lb_start(&lb);
    cr_assert_eq(sh("cd %s && umask 077 && echo %s > lb.token && for n in arena greedy random py stranger other "
                    "late; do %s/arena keys new $n > /dev/null 2>&1 || exit 1; done && "
                    "printf 'greedy greedy.pub\\nrandom random.pub\\nlate late.pub\\n' > bots.txt && %s",
                    dir, LB_TOKEN, bin_dir(), python ? "echo 'py py.pub' >> bots.txt" : "true"),
                 0);
    char greedy[PATH_MAX + 64], random_bot[PATH_MAX + 64], py[128];
    snprintf(greedy, sizeof greedy, "exec %s/bot-greedy", bin_dir());
    snprintf(random_bot, sizeof random_bot, "exec %s/bot-random --seed 3", bin_dir());
    snprintf(py, sizeof py, "exec /usr/bin/python3 bots/python/example_bot.py");   /* from the checkout's top */
    pid_t serve = start_serve(&lb, port, "--journal ladder.jsonl");
    char server[PATH_MAX], key[PATH_MAX], log[PATH_MAX];
    snprintf(server, sizeof server, "%s", support_scratch_path("arena.pub"));
#define KEY(n) (snprintf(key, sizeof key, "%s/" n ".key", dir), key)
#define LOG(n) (snprintf(log, sizeof log, "%s/" n ".log", dir), log)
    pid_t g = start_bot(port, greedy, KEY("greedy"), server, LOG("greedy"));
    pid_t r = start_bot(port, random_bot, KEY("random"), server, LOG("random"));
    pid_t p = python ? start_bot(port, py, KEY("py"), server, LOG("py")) : 0;
    /* Not registered; and registered but trusting another arena's key. */
    pid_t x = start_bot(port, random_bot, KEY("stranger"), server, LOG("stranger"));
    char other[PATH_MAX];
    snprintf(other, sizeof other, "%s/other.pub", dir);
    pid_t w = start_bot(port, random_bot, KEY("late"), other, LOG("late"));
    cr_assert(wait_matches(8, 60), "the ladder did not play: %d matches\n%s", journal_count(NULL), serve_tail());
    /* Kill a bot: it forfeits the match it was in; back, it plays again. */
    stop(g, SIGKILL);
    int before = journal_count("greedy");
    g = start_bot(port, greedy, KEY("greedy"), server, LOG("greedy2"));
    cr_assert(wait_matches(journal_count(NULL) + 8, 60), "the ladder stopped after a bot was killed\n%s", serve_tail());
    for (int i = 0; i < 300 && journal_count("greedy") <= before; i++) {
        struct timespec ts = { 0, 100000000L };
        nanosleep(&ts, NULL);
    }
    cr_assert_gt(journal_count("greedy"), before, "greedy did not play again after reconnecting");
    /* Kill the arena itself, and resume it. */
    stop(serve, SIGKILL);
    int kept = journal_count(NULL), py_before = python ? journal_count("py") : 0;
    serve = start_serve(&lb, port, "--resume ladder.jsonl");
    cr_assert(wait_matches(kept + 6, 60), "the resumed ladder did not play\n%s", serve_tail());
    /* Every bot said hello again to the new arena: the Python one plays too. */
    for (int i = 0; python && i < 600 && journal_count("py") <= py_before; i++) {
        struct timespec ts = { 0, 100000000L };
        nanosleep(&ts, NULL);
    }
    if (python) cr_assert_gt(journal_count("py"), py_before, "the Python bot did not come back\n%s", serve_tail());
    /* Retire random: it gets no match after the arena has read the file. */
    cr_assert_eq(sh("cd %s && grep -v '^random ' bots.txt > b && mv b bots.txt", dir), 0);
    for (int i = 0; i < 100 && sh("grep -q '^retired: random' %s", support_scratch_path("serve.out")); i++) {
        struct timespec ts = { 0, 100000000L };
        nanosleep(&ts, NULL);
    }
    cr_assert_eq(sh("grep -q '^retired: random' %s", support_scratch_path("serve.out")), 0);
    int random_at_retirement = journal_count("random");
    cr_assert(wait_matches(journal_count(NULL) + 6, 60), "the ladder stopped after a retirement\n%s", serve_tail());
    cr_assert_leq(journal_count("random"), random_at_retirement + 2, "random played on after it was retired");
    stop(serve, SIGTERM);
    stop(g, SIGKILL);
    stop(r, SIGKILL);
    stop(p, SIGKILL);
    stop(x, SIGKILL);
    stop(w, SIGKILL);
    int total = journal_count(NULL);
    cr_assert_geq(total, 20);
    cr_assert_eq(journal_count("stranger"), 0);
    cr_assert_eq(journal_count("late"), 0, "a bot trusting another server key played");
    if (python) cr_assert_gt(journal_count("py"), 0, "the Python bot never played");
    /* Every match replays; the killed bot was charged a crash. */
    cr_assert_eq(sh("%s/arena replay --check %s > /dev/null", bin_dir(), support_scratch_path("ladder.jsonl")), 0);
    cr_assert_eq(sh("grep '\"type\":\"partie\"' %s | grep -q '\"crash\"'", support_scratch_path("ladder.jsonl")), 0,
                 "no crash recorded for the bot killed in a match");
    /* The leaderboard holds every match once: none lost, none twice. */
    cr_assert_eq(sh("%s/arena post %s --token-file %s/lb.token --post http://127.0.0.1:%d > /dev/null 2>&1", bin_dir(),
                    support_scratch_path("ladder.jsonl"), dir, lb.port),
                 0);
    cr_assert_eq(lb_count(&lb), total, "the leaderboard has %d matches, the journal %d", lb_count(&lb), total);
    cJSON *standings = lb_get(&lb, "/api/v1/standings", 200);
    cr_assert_geq(cJSON_GetArraySize(cJSON_GetObjectItem(standings, "bots")), 2 + python);
    cJSON_Delete(standings);
    lb_stop(&lb);
}

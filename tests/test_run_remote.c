/* test_run_remote.c - remote bots under attack (issue 12), with a real
 * arena process and real ZeroMQ clients (build/bin/bot-hostile): a
 * connection that said hello and left, or stopped answering heartbeats,
 * is never given a partie and costs the live bot nothing.
 *
 * Each test has its own port and its own files under /tmp/pq_rr_<test>.
 */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "arena/journal.h"

static const char *bin_dir(void)
{
    const char *dir = getenv("BIN");
    return dir ? dir : "build/bin";
}

static const char *const friend_token = "friend-token-0123456789abcdef";
static const char *const foe_token = "foe-token-0123456789abcdef";

/* A free TCP port on loopback (bound then released). */
static int free_port(void)
{
    FILE *p = popen("/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind((\"127.0.0.1\",0)); "
                    "print(s.getsockname()[1])'", "r");
    int port = 0;
    cr_assert(p && fscanf(p, "%d", &port) == 1);
    pclose(p);
    return port;
}

/* /tmp/pq_rr_<test>.friend.token and .foe.token, readable by us only. */
static void write_tokens(const char *test)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cd /tmp && umask 077 && echo %s > pq_rr_%s.friend.token && echo %s > pq_rr_%s.foe.token",
             friend_token, test, foe_token, test);
    cr_assert_eq(system(cmd), 0);
}

static void slurp(const char *path, char *text, size_t cap)
{
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(text, 1, cap - 1, f) : 0;
    text[n] = '\0';
    if (f) fclose(f);
}

/* What bot-hostile's `connections` mode printed. */
struct answers {
    int welcome, bad_token, unexpected, other, silent;
};

static struct answers read_answers(const char *path)
{
    char text[256];
    struct answers a = { -1, -1, -1, -1, -1 };
    slurp(path, text, sizeof text);
    cr_assert_eq(sscanf(text, "welcome %d bad_token %d unexpected %d other %d silent %d", &a.welcome, &a.bad_token,
                        &a.unexpected, &a.other, &a.silent), 5, "%s: '%s'", path, text);
    return a;
}

/* One bot's line of a results file: its parties, forfeits and crashes. */
static void bot_result(const char *path, const char *name, int *parties, int *forfeits, int *crash)
{
    static char text[1 << 16];
    slurp(path, text, sizeof text);
    cJSON *res = cJSON_Parse(text), *bot;
    cr_assert_not_null(res, "%s is not JSON", path);
    *parties = *forfeits = *crash = -1;
    cJSON_ArrayForEach(bot, cJSON_GetObjectItem(res, "bots")) {
        if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(bot, "name")), name)) continue;
        *parties = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(bot, "parties"));
        *forfeits = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(bot, "forfeits"));
        *crash = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(cJSON_GetObjectItem(bot, "faults"), "crash"));
    }
    cJSON_Delete(res);
}

/* Remote connections that say hello and leave at once, before and after
 * the live bot connects: while the partie waits for the other bot (foe)
 * and while they sit in the pool. Not one of them may be given a partie,
 * and the live bot plays every partie without a fault. */
Test(run, a_remote_connection_that_said_hello_and_left_never_gets_a_partie, .timeout = 120)
{
    char cmd[4096];
    int port = free_port(), parties, forfeits, crash;
    write_tokens("left");
    system("rm -f /tmp/pq_rr_left.jsonl /tmp/pq_rr_left.json /tmp/pq_rr_left_[ab].out");
    snprintf(cmd, sizeof cmd,
             "B=%s; E=tcp://127.0.0.1:%d; "
             "(sleep 0.2; PIQUET_ENDPOINT=$E PIQUET_TOKEN=%s exec $B/bot-hostile connections --count 2 --leave 2 "
             "  > /tmp/pq_rr_left_a.out) & "
             "(sleep 0.6; PIQUET_ENDPOINT=$E PIQUET_TOKEN=%s exec $B/bot-hostile play --name live > /dev/null 2>&1) & live=$!; "
             "(sleep 0.9; PIQUET_ENDPOINT=$E PIQUET_TOKEN=%s exec $B/bot-hostile connections --count 2 --leave 2 "
             "  > /tmp/pq_rr_left_b.out) & "
             "(sleep 1.3; PIQUET_ENDPOINT=$E PIQUET_TOKEN=%s exec $B/bot-random --seed 4 > /dev/null 2>&1) & foe=$!; "
             "$B/arena run --quiet --concurrency 1 --remote friend=/tmp/pq_rr_left.friend.token "
             "  --remote foe=/tmp/pq_rr_left.foe.token --listen $E --pairs 3 "
             "  --journal /tmp/pq_rr_left.jsonl --results /tmp/pq_rr_left.json > /dev/null; "
             "status=$?; kill $live $foe 2>/dev/null; wait; exit $status",
             bin_dir(), port, friend_token, friend_token, friend_token, foe_token);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    struct answers a = read_answers("/tmp/pq_rr_left_a.out"), b = read_answers("/tmp/pq_rr_left_b.out");
    cr_assert_eq(a.welcome + b.welcome, 4, "the leavers had the right token and were under the cap");
    bot_result("/tmp/pq_rr_left.json", "friend", &parties, &forfeits, &crash);
    cr_assert_eq(parties, 6);
    cr_assert_eq(crash, 0, "the live bot was charged for a connection that had left");
    cr_assert_eq(forfeits, 0, "the live bot played every partie");
}

/* A connection that says hello and is then frozen (SIGSTOP: not even its
 * heartbeats are answered) while its partie waits for the other bot. The
 * arena drops it when the heartbeats time out (about 6 s); the other bot
 * connects after that, and the live connection plays. */
Test(run, a_remote_connection_that_stops_answering_heartbeats_never_gets_a_partie, .timeout = 120)
{
    char cmd[4096];
    int port = free_port(), parties, forfeits, crash;
    write_tokens("hung");
    system("rm -f /tmp/pq_rr_hung.jsonl /tmp/pq_rr_hung.json /tmp/pq_rr_hung.out");
    snprintf(cmd, sizeof cmd,
             "B=%s; E=tcp://127.0.0.1:%d; "
             "(sleep 0.2; PIQUET_ENDPOINT=$E PIQUET_TOKEN=%s exec $B/bot-hostile connections --count 1 --stop "
             "  > /tmp/pq_rr_hung.out) & hung=$!; "
             "(sleep 0.5; PIQUET_ENDPOINT=$E PIQUET_TOKEN=%s exec $B/bot-hostile play --name live > /dev/null 2>&1) & live=$!; "
             "(sleep 8; PIQUET_ENDPOINT=$E PIQUET_TOKEN=%s exec $B/bot-random --seed 4 > /dev/null 2>&1) & foe=$!; "
             "$B/arena run --quiet --concurrency 1 --remote friend=/tmp/pq_rr_hung.friend.token "
             "  --remote foe=/tmp/pq_rr_hung.foe.token --listen $E --pairs 2 "
             "  --journal /tmp/pq_rr_hung.jsonl --results /tmp/pq_rr_hung.json > /dev/null; "
             "status=$?; kill -9 $hung $live $foe 2>/dev/null; wait; exit $status",
             bin_dir(), port, friend_token, friend_token, foe_token);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    cr_assert_eq(read_answers("/tmp/pq_rr_hung.out").welcome, 1);
    bot_result("/tmp/pq_rr_hung.json", "friend", &parties, &forfeits, &crash);
    cr_assert_eq(parties, 4);
    cr_assert_eq(forfeits, 0, "the frozen connection was given a partie (%d crash)", crash);
}

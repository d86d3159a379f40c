/* test_run_curve.c - remote bots over CurveZMQ, with a real arena, real
 * bots (the C SDK and the Python one) and the bytes on the wire captured
 * by a loopback proxy: with --server-key no request, card or token crosses
 * the wire in clear, and without it they do (so the capture can see them);
 * a bot without the arena's public key, or with another one, never plays;
 * an address other than loopback needs --server-key or --insecure-remote;
 * `arena keys new` writes a pair only its owner reads and never
 * overwrites one, and an arena refuses a key file others may read.
 */
#define _GNU_SOURCE   /* memmem */
#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cjson/cJSON.h>
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

static const char *const token = "friend-token-0123456789abcdef";

/* The arena's key pair and the friend's token in the scratch directory. */
static void prepare(void)
{
    char cmd[2 * PATH_MAX + 300], out[4096];
    snprintf(cmd, sizeof cmd, "cd %s && rm -f arena.key arena.pub other.key other.pub && umask 077 && "
             "echo %s > friend.token && %s/arena keys new arena 2>&1 && %s/arena keys new other 2>&1",
             support_scratch_dir(), token, support_bin_dir(), support_bin_dir());
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 0, "%s", out);
}

/* A TCP relay from 127.0.0.1:`from` to 127.0.0.1:`to` in a child process,
 * appending every byte in both directions to `capture`; returns its pid. */
static pid_t start_proxy(int from, int to, const char *capture)
{
    int listener = socket(AF_INET, SOCK_STREAM, 0), one = 1;
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)from),
                             .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
    cr_assert(listener >= 0);
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    cr_assert_eq(bind(listener, (struct sockaddr *)&a, sizeof a), 0, "bind %d: %s", from, strerror(errno));
    cr_assert_eq(listen(listener, 16), 0);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid > 0) {
        close(listener);
        return pid;
    }
    FILE *out = fopen(capture, "wb");
    struct pollfd fds[33];
    int peer[33], n = 1;
    char buf[65536];
    fds[0] = (struct pollfd){ listener, POLLIN, 0 };
    for (;;) {
        if (poll(fds, (nfds_t)n, -1) < 0) continue;
        if ((fds[0].revents & POLLIN) && n + 2 <= 33) {
            int c = accept(listener, NULL, NULL), u = socket(AF_INET, SOCK_STREAM, 0);
            struct sockaddr_in b = a;
            b.sin_port = htons((uint16_t)to);
            if (c >= 0 && u >= 0 && connect(u, (struct sockaddr *)&b, sizeof b) == 0) {
                fds[n] = (struct pollfd){ c, POLLIN, 0 };
                peer[n++] = u;
                fds[n] = (struct pollfd){ u, POLLIN, 0 };
                peer[n++] = c;
            } else {
                if (c >= 0) close(c);
                if (u >= 0) close(u);
            }
        }
        for (int i = 1; i < n; i++) {
            if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            ssize_t got = read(fds[i].fd, buf, sizeof buf);
            if (got <= 0) {
                fds[i].events = 0;   /* this direction is over */
                shutdown(peer[i], SHUT_WR);
                continue;
            }
            fwrite(buf, 1, (size_t)got, out);
            fflush(out);
            if (write(peer[i], buf, (size_t)got) != got) fds[i].events = 0;
        }
    }
}

static void stop(pid_t pid)
{
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
}

/* Whether the file holds `needle`. */
static int holds(const char *path, const char *needle)
{
    static char text[1 << 22];
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f) fclose(f);
    return memmem(text, n, needle, strlen(needle)) != NULL;
}

static long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

/* How long the arena waits for the remote friend: long enough for a bot
 * that can play to connect under a sanitizer on a loaded machine; a bot
 * that is refused forfeits whatever the wait, so its tests wait less. */
enum { PLAYING_WAIT_MS = 4000, REFUSED_WAIT_MS = 1000 };

/* One pair between a local bot and the remote friend (`bot` started with
 * `env`) through the proxy, the arena waiting wait_ms for it; the arena's
 * exit status. */
static int play_through_proxy(const char *arena_options, const char *env, const char *bot, const char *capture,
                              int wait_ms, char *out, size_t cap)
{
    char cmd[8192];
    int arena_port = support_scratch_port(), proxy_port = support_scratch_port();
    pid_t proxy = start_proxy(proxy_port, arena_port, capture);
    snprintf(cmd, sizeof cmd,
             "D=%s; B=%s; (sleep 0.3; cd $D && PIQUET_ENDPOINT=tcp://127.0.0.1:%d PIQUET_TOKEN=%s %s timeout 60 %s "
             "> $D/bot.log 2>&1) & bot=$!; "
             "$B/arena run --quiet --no-sandbox --concurrency 1 --bot r=$B/bot-random --remote friend=$D/friend.token "
             "--listen tcp://127.0.0.1:%d --remote-wait-ms %d --pairs 1 --journal $D/j-$$.jsonl "
             "--results $D/results.json %s 2>&1; status=$?; kill $bot 2>/dev/null; wait; exit $status",
             support_scratch_dir(), support_bin_dir(), proxy_port, token, env, bot, arena_port, wait_ms, arena_options);
    int status = support_run_stdout(cmd, out, cap);
    stop(proxy);
    return status;
}

/* The friend's parties and forfeits from results.json. */
static void friend_result(int *parties, int *forfeits)
{
    static char text[1 << 16];
    FILE *f = fopen(support_scratch_path("results.json"), "r");
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f) fclose(f);
    text[n] = '\0';
    cJSON *res = cJSON_Parse(text), *bot;
    cr_assert_not_null(res, "results.json is not JSON: %s", text);
    *parties = *forfeits = -1;
    cJSON_ArrayForEach(bot, cJSON_GetObjectItem(res, "bots")) {
        if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(bot, "name")), "friend")) continue;
        *parties = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(bot, "parties"));
        *forfeits = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(bot, "forfeits"));
    }
    cJSON_Delete(res);
}

Test(curve, a_remote_bot_plays_encrypted_and_nothing_crosses_the_wire_in_clear, .timeout = 120)
{
    static char out[1 << 16];
    char env[512];
    int parties, forfeits;
    const char *plain = support_scratch_path("plain.bytes"), *sealed = support_scratch_path("sealed.bytes");
    prepare();
    /* Without CURVE the capture sees the protocol: the test can fail. */
    cr_assert_eq(play_through_proxy("", "", "$B/bot-greedy", plain, PLAYING_WAIT_MS, out, sizeof out), 0, "%s", out);
    cr_assert(holds(plain, "\"request\""), "the plain capture shows no request (%ld bytes)", file_size(plain));
    cr_assert(holds(plain, token), "the plain capture shows no token");
    friend_result(&parties, &forfeits);
    cr_assert_eq(parties, 2);
    cr_assert_eq(forfeits, 0);
    snprintf(env, sizeof env, "PIQUET_SERVER_KEY=\"$(cat $D/arena.pub)\"");
    cr_assert_eq(play_through_proxy("--server-key $D/arena.key", env, "$B/bot-greedy", sealed, PLAYING_WAIT_MS, out, sizeof out), 0,
                 "%s", out);
    friend_result(&parties, &forfeits);
    cr_assert_eq(parties, 2);
    cr_assert_eq(forfeits, 0, "the CURVE bot did not play: %s", out);
    cr_assert_gt(file_size(sealed), 2000, "nothing went through the proxy");
    static const char *const clear[] = { "request", "\"type\"", "hello", "legal", "friend-token", "play " };
    for (size_t i = 0; i < sizeof clear / sizeof clear[0]; i++)
        cr_assert_not(holds(sealed, clear[i]), "'%s' crossed the wire in clear", clear[i]);
}

Test(curve, the_python_sdk_connects_with_its_own_key_pair, .timeout = 120)
{
    static char out[1 << 16];
    char env[1024];
    int parties, forfeits;
    const char *sealed = support_scratch_path("python.bytes");
    if (access("/usr/bin/python3", X_OK) != 0) cr_skip_test("no /usr/bin/python3");
    prepare();
    snprintf(env, sizeof env, "PIQUET_SERVER_KEY=$D/arena.pub PIQUET_KEY_FILE=$D/other.key");
    char bot[PATH_MAX + 64], top[PATH_MAX];
    cr_assert_not_null(getcwd(top, sizeof top), "the tests run from the top of the checkout");
    snprintf(bot, sizeof bot, "/usr/bin/python3 %s/bots/python/example_bot.py", top);
    cr_assert_eq(play_through_proxy("--server-key $D/arena.key", env, bot, sealed, PLAYING_WAIT_MS, out, sizeof out), 0, "%s", out);
    friend_result(&parties, &forfeits);
    cr_assert_eq(forfeits, 0, "the Python bot did not play over CURVE: %s", out);
    cr_assert_eq(parties, 2);
    cr_assert_not(holds(sealed, "request"), "a request crossed the wire in clear");
}

Test(curve, a_bot_without_the_arenas_key_or_with_another_never_plays, .timeout = 120)
{
    static char out[1 << 16];
    int parties, forfeits;
    prepare();
    const char *capture = support_scratch_path("none.bytes");
    cr_assert_eq(play_through_proxy("--server-key $D/arena.key", "", "$B/bot-greedy", capture, REFUSED_WAIT_MS, out,
                                    sizeof out),
                 0, "%s", out);
    friend_result(&parties, &forfeits);
    cr_assert_eq(forfeits, 2, "a bot speaking in clear to a CURVE arena played: %s", out);
    cr_assert_not(holds(capture, token), "the token went out to a CURVE arena in clear");
    cr_assert_eq(play_through_proxy("--server-key $D/arena.key", "PIQUET_SERVER_KEY=\"$(cat $D/other.pub)\"",
                                    "$B/bot-greedy", capture, REFUSED_WAIT_MS, out, sizeof out),
                 0, "%s", out);
    friend_result(&parties, &forfeits);
    cr_assert_eq(forfeits, 2, "a bot trusting another server key played: %s", out);
}

Test(curve, an_address_beyond_loopback_needs_a_server_key, .timeout = 60)
{
    char cmd[4096], out[8192];
    prepare();
    snprintf(cmd, sizeof cmd, "D=%s; %s/arena run --bot r=%s/bot-random --remote friend=$D/friend.token "
             "--listen tcp://0.0.0.0:%d --pairs 1 --journal $D/far.jsonl 2>&1",
             support_scratch_dir(), support_bin_dir(), support_bin_dir(), support_scratch_port());
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "is not a loopback address: give --server-key"), "%s", out);
    /* A key file others may read is refused, naming the fix. */
    snprintf(cmd, sizeof cmd, "D=%s; chmod 644 $D/arena.key && %s/arena run --bot r=%s/bot-random --remote "
             "friend=$D/friend.token --listen tcp://0.0.0.0:%d --server-key $D/arena.key --pairs 1 "
             "--journal $D/far2.jsonl 2>&1", support_scratch_dir(), support_bin_dir(), support_bin_dir(), support_scratch_port());
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "chmod 600 it"), "%s", out);
}

Test(curve, keys_are_written_for_their_owner_and_never_overwritten)
{
    char cmd[4096], out[8192];
    struct stat st;
    prepare();
    cr_assert_eq(stat(support_scratch_path("arena.key"), &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0600);
    cr_assert_eq(stat(support_scratch_path("arena.pub"), &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0644);
    cr_assert_eq(st.st_size, 41, "the public key alone on a line");
    snprintf(cmd, sizeof cmd, "%s/arena keys new arena --dir %s 2>&1", support_bin_dir(), support_scratch_dir());
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 1, "%s", out);
    cr_assert(strstr(out, "never overwritten"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena keys new ../up --dir %s 2>&1", support_bin_dir(), support_scratch_dir());
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 1, "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena keys old x 2>&1", support_bin_dir());
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 2, "%s", out);
}

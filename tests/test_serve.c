/* test_serve.c - `arena serve`, the ladder arena, with real processes: a
 * leaderboard, the arena on a loopback tcp port with CURVE, bots in C and
 * in Python connected with their own key pairs. Registered bots play
 * duplicate pairs that reach the leaderboard; a bot whose key is not
 * registered, or that trusts another server key, never plays; a bot killed
 * in a match is charged that match and plays again once reconnected; a
 * bot retired from the bots file gets no new match; an arena killed with
 * SIGKILL and resumed loses no match and posts none twice.
 *
 * With --leaderboard the bots are those registered through the API by
 * their authors: they play, the board lists them connected and keeps
 * their standings as `arena ratings` computes them from the journal, a
 * bot killed in a match is charged that one forfeit and plays again once
 * back, a bot retired through the API by its owner gets no new match, a resumed
 * arena takes its bots from the board again, and the bytes a loopback
 * proxy sees between a bot and the arena hold no request and no card.
 */
#include <criterion/criterion.h>
#include <arpa/inet.h>
#include <limits.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "tests/support_scratch.h"
#include "tests/test_leaderboard_support.h"
#include "tests/support_cmd.h"

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

/* The arena serve process, its bots from the bots file or (registered)
 * from the leaderboard; returns its pid. */
static pid_t start_serve_from(const struct lb_server *lb, int port, int registered, const char *extra)
{
    char cmd[4096], source[1024];
    if (registered) snprintf(source, sizeof source, "--leaderboard http://127.0.0.1:%d", lb->port);
    else snprintf(source, sizeof source, "--bots %s --post http://127.0.0.1:%d", support_scratch_path("bots.txt"), lb->port);
    snprintf(cmd, sizeof cmd,
             "cd %s && exec %s/arena serve --listen tcp://127.0.0.1:%d --server-key %s %s "
             "--token-file %s --concurrency 2 --remote-wait-ms 5000 %s >> %s 2>&1",
             support_scratch_dir(), support_bin_dir(), port, support_scratch_path("arena.key"), source,
             support_scratch_path("lb.token"), extra, support_scratch_path("serve.out"));
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid > 0) return pid;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
}

static pid_t start_serve(const struct lb_server *lb, int port, const char *extra)
{
    return start_serve_from(lb, port, 0, extra);
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

/* The first line of a file of the scratch directory, for a message. */
static const char *slurp_text(const char *name)
{
    static char text[512];
    FILE *f = fopen(support_scratch_path(name), "r");
    text[0] = '\0';
    if (f) {
        if (!fgets(text, sizeof text, f)) text[0] = '\0';
        fclose(f);
    }
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
                    dir, LB_TOKEN, support_bin_dir(), python ? "echo 'py py.pub' >> bots.txt" : "true"),
                 0);
    char greedy[PATH_MAX + 64], random_bot[PATH_MAX + 64], py[128];
    snprintf(greedy, sizeof greedy, "exec %s/bot-greedy", support_bin_dir());
    snprintf(random_bot, sizeof random_bot, "exec %s/bot-random --seed 3", support_bin_dir());
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
    cr_assert_eq(sh("%s/arena replay --check %s > /dev/null", support_bin_dir(), support_scratch_path("ladder.jsonl")), 0);
    cr_assert_eq(sh("grep '\"type\":\"partie\"' %s | grep -q '\"crash\"'", support_scratch_path("ladder.jsonl")), 0,
                 "no crash recorded for the bot killed in a match");
    /* The leaderboard holds every match once: none lost, none twice. */
    cr_assert_eq(sh("%s/arena post %s --token-file %s/lb.token --post http://127.0.0.1:%d > /dev/null 2>&1", support_bin_dir(),
                    support_scratch_path("ladder.jsonl"), dir, lb.port),
                 0);
    cr_assert_eq(lb_count(&lb), total, "the leaderboard has %d matches, the journal %d", lb_count(&lb), total);
    cJSON *standings = lb_get(&lb, "/api/v1/standings", 200);
    cr_assert_geq(cJSON_GetArraySize(cJSON_GetObjectItem(standings, "bots")), 2 + python);
    cJSON_Delete(standings);
    lb_stop(&lb);
}

/* ---- bots registered on the leaderboard, and what crosses the wire ---------------------- */

/* A loopback TCP proxy: every connection to `port` is joined to the
 * arena's port, and every byte either way is kept in `seen`. */
struct proxy {
    int listener, upstream_port, port;
    volatile int stop;
    pthread_t thread;
    pthread_mutex_t lock;
    char *seen;
    size_t len, cap;
    int connections;
    /* The trap: with `trap` set, the next message of 500 bytes or more from
     * the arena (a request, or a partie's start: the bot is in a match) is
     * kept back, and `trapped` says so; the bot never sees it. */
    volatile int trap, trapped;
};

static void proxy_keep(struct proxy *p, const char *data, size_t n)
{
    pthread_mutex_lock(&p->lock);
    if (p->len + n > p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 1 << 16;
        while (cap < p->len + n) cap *= 2;
        char *grown = realloc(p->seen, cap);
        if (grown) {
            p->seen = grown;
            p->cap = cap;
        }
    }
    if (p->len + n <= p->cap) {
        memcpy(p->seen + p->len, data, n);
        p->len += n;
    }
    pthread_mutex_unlock(&p->lock);
}

static void *proxy_run(void *arg)
{
    enum { PAIRS = 16 };
    struct proxy *p = arg;
    int fd[PAIRS][2], n = 0;
    char buf[65536];
    while (!p->stop) {
        struct pollfd pf[1 + 2 * PAIRS];
        pf[0] = (struct pollfd){ p->listener, POLLIN, 0 };
        for (int i = 0; i < n; i++)
            for (int k = 0; k < 2; k++) pf[1 + 2 * i + k] = (struct pollfd){ fd[i][k], POLLIN, 0 };
        if (poll(pf, (nfds_t)(1 + 2 * n), 100) <= 0) continue;
        if ((pf[0].revents & POLLIN) && n < PAIRS) {
            int in = accept(p->listener, NULL, NULL), out = socket(AF_INET, SOCK_STREAM, 0);
            struct sockaddr_in to = { .sin_family = AF_INET, .sin_port = htons((uint16_t)p->upstream_port) };
            to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            if (in >= 0 && out >= 0 && connect(out, (struct sockaddr *)&to, sizeof to) == 0) {
                fd[n][0] = in;
                fd[n][1] = out;
                n++;
                pthread_mutex_lock(&p->lock);
                p->connections++;
                pthread_mutex_unlock(&p->lock);
            } else {
                if (in >= 0) close(in);
                if (out >= 0) close(out);
            }
        }
        for (int i = 0; i < n; i++)
            for (int k = 0; k < 2; k++) {
                if (!(pf[1 + 2 * i + k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
                ssize_t got = read(fd[i][k], buf, sizeof buf);
                if (got > 0) {
                    proxy_keep(p, buf, (size_t)got);
                    if (k == 1 && got >= 500 && p->trap) {
                        p->trap = 0;
                        p->trapped = 1;
                        continue;
                    }
                    for (ssize_t sent = 0, w; sent < got; sent += w)
                        if ((w = write(fd[i][!k], buf + sent, (size_t)(got - sent))) <= 0) break;
                    continue;
                }
                /* one side ended: end the pair (poll's slots are rebuilt next turn) */
                close(fd[i][0]);
                close(fd[i][1]);
                fd[i][0] = fd[n - 1][0];
                fd[i][1] = fd[n - 1][1];
                n--;
                i = n;   /* the slots moved: leave the loop */
                break;
            }
    }
    for (int i = 0; i < n; i++) {
        close(fd[i][0]);
        close(fd[i][1]);
    }
    return NULL;
}

static void proxy_start(struct proxy *p, int upstream_port)
{
    struct sockaddr_in at = { .sin_family = AF_INET, .sin_port = 0 };
    socklen_t len = sizeof at;
    memset(p, 0, sizeof *p);
    at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    p->upstream_port = upstream_port;
    p->listener = socket(AF_INET, SOCK_STREAM, 0);
    cr_assert_geq(p->listener, 0);
    cr_assert_eq(bind(p->listener, (struct sockaddr *)&at, sizeof at), 0);
    cr_assert_eq(listen(p->listener, 16), 0);
    cr_assert_eq(getsockname(p->listener, (struct sockaddr *)&at, &len), 0);
    p->port = ntohs(at.sin_port);
    pthread_mutex_init(&p->lock, NULL);
    cr_assert_eq(pthread_create(&p->thread, NULL, proxy_run, p), 0);
}

static void proxy_stop(struct proxy *p)
{
    p->stop = 1;
    pthread_join(p->thread, NULL);
    close(p->listener);
    pthread_mutex_destroy(&p->lock);
}

/* Whether the bytes seen hold `text`. */
static int proxy_saw(struct proxy *p, const char *text)
{
    size_t n = strlen(text);
    for (size_t i = 0; i + n <= p->len; i++)
        if (!memcmp(p->seen + i, text, n)) return 1;
    return 0;
}

/* Registers a bot through the API with an author's token; the status. */
static long register_on(const struct lb_server *lb, const char *token, const char *name, const char *pub_file)
{
    char key[64] = "", body[512];
    FILE *f = fopen(pub_file, "r");
    cr_assert(f && fgets(key, sizeof key, f), "cannot read %s", pub_file);
    fclose(f);
    key[strcspn(key, "\r\n")] = '\0';
    snprintf(body, sizeof body, "{\"name\":\"%s\",\"game\":\"piquet\",\"public_key\":\"%s\"}", name, key);
    struct lb_reply r;
    cr_assert_eq(lb_request(lb, "POST", "/api/v1/bots", body, strlen(body), token, NULL, &r), 0);
    long status = r.status;
    lb_reply_release(&r);
    return status;
}

/* The status the leaderboard lists for a registered bot ("" when none). */
static const char *listed_status(const struct lb_server *lb, const char *name)
{
    static char status[32];
    const cJSON *b;
    cJSON *list = lb_get(lb, "/api/v1/bots?game=piquet", 200);
    status[0] = '\0';
    cJSON_ArrayForEach(b, cJSON_GetObjectItem(list, "bots"))
        if (!strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(b, "name")), name))
            snprintf(status, sizeof status, "%s", cJSON_GetStringValue(cJSON_GetObjectItem(b, "status")));
    cJSON_Delete(list);
    return status;
}

static void pause_ms(long ms)
{
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

Test(serve, bots_registered_on_the_leaderboard_play_over_curve_and_the_board_keeps_their_standings, .timeout = 300)
{
    struct lb_server lb;
    struct proxy proxy;
    const char *dir = support_scratch_dir();
    int port = support_scratch_port();
    lb_start(&lb);
    cr_assert_eq(sh("cd %s && umask 077 && echo %s > lb.token && for n in arena greedy random wired py stranger "
                    "late other; do %s/arena keys new $n > /dev/null 2>&1 || exit 1; done",
                    dir, LB_TOKEN, support_bin_dir()),
                 0);
    char pub[PATH_MAX];
#define PUB(n) (snprintf(pub, sizeof pub, "%s/" n ".pub", dir), pub)
    /* Two authors register four bots, and a fifth that will trust another
     * arena's key; "stranger" is never registered. */
    cr_assert_eq(register_on(&lb, LB_AUTHOR_TOKEN, "greedy", PUB("greedy")), 201);
    cr_assert_eq(register_on(&lb, LB_AUTHOR_TOKEN, "random", PUB("random")), 201);
    cr_assert_eq(register_on(&lb, LB_AUTHOR2_TOKEN, "wired", PUB("wired")), 201);
    cr_assert_eq(register_on(&lb, LB_AUTHOR2_TOKEN, "py", PUB("py")), 201);
    cr_assert_eq(register_on(&lb, LB_AUTHOR2_TOKEN, "late", PUB("late")), 201);
    proxy_start(&proxy, port);
    pid_t serve = start_serve_from(&lb, port, 1, "--journal ladder.jsonl");
    char greedy[PATH_MAX + 64], random_bot[PATH_MAX + 64], wired[PATH_MAX + 64], key[PATH_MAX], log[PATH_MAX];
    char server[PATH_MAX], other[PATH_MAX];
    const char *py = "exec /usr/bin/python3 bots/python/example_bot.py";   /* from the checkout's top */
    snprintf(greedy, sizeof greedy, "exec %s/bot-greedy", support_bin_dir());
    snprintf(random_bot, sizeof random_bot, "exec %s/bot-random --seed 3", support_bin_dir());
    snprintf(wired, sizeof wired, "exec %s/bot-random --seed 11", support_bin_dir());
    snprintf(server, sizeof server, "%s/arena.pub", dir);
    snprintf(other, sizeof other, "%s/other.pub", dir);
#define KEY(n) (snprintf(key, sizeof key, "%s/" n ".key", dir), key)
#define LOG(n) (snprintf(log, sizeof log, "%s/" n ".log", dir), log)
    pid_t g = start_bot(port, greedy, KEY("greedy"), server, LOG("greedy"));
    pid_t r = start_bot(port, random_bot, KEY("random"), server, LOG("random"));
    pid_t w = start_bot(proxy.port, wired, KEY("wired"), server, LOG("wired"));   /* through the proxy */
    pid_t p = start_bot(port, py, KEY("py"), server, LOG("py"));
    pid_t x = start_bot(port, random_bot, KEY("stranger"), server, LOG("stranger"));
    pid_t l = start_bot(port, random_bot, KEY("late"), other, LOG("late"));
    cr_assert(wait_matches(10, 90), "the ladder did not play: %d matches\n%s", journal_count(NULL), serve_tail());
    /* The arena reports who is there: the leaderboard lists them connected. */
    int connected = 0;
    for (int i = 0; i < 100 && !connected; i++) {
        connected = strcmp(listed_status(&lb, "greedy"), "offline") && strcmp(listed_status(&lb, "py"), "offline") &&
                    strcmp(listed_status(&lb, "wired"), "offline");
        if (!connected) pause_ms(100);
    }
    cr_assert(connected, "the leaderboard never listed the bots connected (greedy %s)", listed_status(&lb, "greedy"));
    cr_assert_str_eq(listed_status(&lb, "stranger"), "");
    cr_assert_str_eq(listed_status(&lb, "late"), "offline", "a bot trusting another arena never connects");
    cJSON *arena = lb_get(&lb, "/api/v1/arena?game=piquet", 200);
    char arena_pub[64] = "";
    FILE *f = fopen(server, "r");
    cr_assert(f && fgets(arena_pub, sizeof arena_pub, f));
    fclose(f);
    arena_pub[strcspn(arena_pub, "\r\n")] = '\0';
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(arena, "server_key")), arena_pub);
    cJSON_Delete(arena);
    /* Kill a bot in its match: the proxy holds back a request to it, so
     * that it dies in the match for sure. That match is its forfeit, and
     * once back it plays again. */
    proxy.trap = 1;
    for (int i = 0; i < 600 && !proxy.trapped; i++) pause_ms(50);
    cr_assert(proxy.trapped, "no request to the bot behind the proxy in 30 s");
    stop(w, SIGKILL);
    int wired_before = journal_count("wired");
    w = start_bot(proxy.port, wired, KEY("wired"), server, LOG("wired2"));
    for (int i = 0; i < 600 && journal_count("wired") <= wired_before + 1; i++) pause_ms(100);
    cr_assert_gt(journal_count("wired"), wired_before + 1, "the killed bot did not play again once back\n%s",
                 serve_tail());
    /* Kill the arena and resume it: its bots come from the leaderboard again. */
    stop(serve, SIGKILL);
    int kept = journal_count(NULL);
    serve = start_serve_from(&lb, port, 1, "--resume ladder.jsonl");
    cr_assert(wait_matches(kept + 6, 90), "the resumed ladder did not play\n%s", serve_tail());
    /* Its owner retires random through the API: no new match for it. */
    struct lb_reply reply;
    const char *retire = "{\"game\":\"piquet\",\"retired\":true}";
    cr_assert_eq(lb_request(&lb, "PUT", "/api/v1/bots/random", retire, strlen(retire), LB_AUTHOR2_TOKEN, NULL, &reply), 0);
    cr_assert_eq(reply.status, 403, "only its owner retires a bot");
    lb_reply_release(&reply);
    cr_assert_eq(lb_request(&lb, "PUT", "/api/v1/bots/random", retire, strlen(retire), LB_AUTHOR_TOKEN, NULL, &reply), 0);
    cr_assert_eq(reply.status, 200);
    lb_reply_release(&reply);
    for (int i = 0; i < 100 && sh("grep -q '^retired: random' %s", support_scratch_path("serve.out")); i++) pause_ms(100);
    cr_assert_eq(sh("grep -q '^retired: random' %s", support_scratch_path("serve.out")), 0,
                 "the arena did not see the retirement\n%s", serve_tail());
    int random_at_retirement = journal_count("random");
    cr_assert(wait_matches(journal_count(NULL) + 6, 90), "the ladder stopped after a retirement\n%s", serve_tail());
    cr_assert_leq(journal_count("random"), random_at_retirement + 2, "random played on after it was retired");
    cr_assert(wait_matches(20, 60));
    stop(serve, SIGTERM);
    stop(g, SIGKILL);
    stop(r, SIGKILL);
    stop(w, SIGKILL);
    stop(p, SIGKILL);
    stop(x, SIGKILL);
    stop(l, SIGKILL);
    proxy_stop(&proxy);
    int total = journal_count(NULL);
    cr_assert_geq(total, 20);
    cr_assert_eq(journal_count("stranger"), 0, "an unregistered key played");
    cr_assert_eq(journal_count("late"), 0, "a bot trusting another server key played");
    cr_assert_gt(journal_count("py"), 0, "the Python bot never played");
    cr_assert_gt(journal_count("wired"), 0, "the bot behind the proxy never played");
    /* CURVE is on: what crossed the proxy holds no request and no card. */
    cr_assert_gt(proxy.len, 4096u, "the proxy saw only %zu bytes", proxy.len);
    static const char ranks[] = "789TJQKA", suits[] = "SHDC";
    cr_assert(!proxy_saw(&proxy, "request"), "the word 'request' crossed the wire in clear");
    cr_assert(!proxy_saw(&proxy, "hello"), "a hello crossed the wire in clear");
    cr_assert(!proxy_saw(&proxy, "\"type\":\""), "a message's type crossed the wire in clear");
    /* A card in a JSON list, followed by the next or the list's end (five
     * bytes: random ciphertext holds one of these 64 about once in 2^34
     * bytes, where a bare two-letter token would turn up in any capture). */
    for (int a = 0; a < 8; a++)
        for (int b = 0; b < 4; b++)
            for (int end = 0; end < 2; end++) {
                char card[6] = { '"', ranks[a], suits[b], '"', end ? ']' : ',', '\0' };
                cr_assert(!proxy_saw(&proxy, card), "the card %s crossed the wire in clear", card);
            }
    free(proxy.seen);
    /* The leaderboard holds every match once, with the journal's standings. */
    /* (what the arena had journaled but not yet posted when it was killed
     * is sent by arena post, as the README says) */
    cr_assert_eq(sh("%s/arena post %s --token-file %s/lb.token --post http://127.0.0.1:%d > /dev/null 2>&1", support_bin_dir(),
                    support_scratch_path("ladder.jsonl"), dir, lb.port),
                 0);
    cr_assert_eq(lb_count(&lb), total, "the leaderboard has %d matches, the journal %d", lb_count(&lb), total);
    cJSON *mine = lb_get(&lb, "/api/v1/standings", 200), *theirs = lb_arena_ratings(support_scratch_path("ladder.jsonl"));
    const cJSON *a = cJSON_GetObjectItem(mine, "bots"), *b = cJSON_GetObjectItem(theirs, "bots");
    cr_assert_eq(cJSON_GetArraySize(a), cJSON_GetArraySize(b));
    cr_assert_geq(cJSON_GetArraySize(a), 4);
    for (int i = 0; i < cJSON_GetArraySize(a); i++) {
        const cJSON *m = cJSON_GetArrayItem(a, i), *t = cJSON_GetArrayItem(b, i);
        cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(m, "name")),
                         cJSON_GetStringValue(cJSON_GetObjectItem(t, "name")));
        cr_assert(cJSON_Compare(cJSON_GetObjectItem(m, "parties"), cJSON_GetObjectItem(t, "parties"), 1));
        cr_assert(cJSON_Compare(cJSON_GetObjectItem(m, "score"), cJSON_GetObjectItem(t, "score"), 1));
        cr_assert(cJSON_Compare(cJSON_GetObjectItem(m, "rank"), cJSON_GetObjectItem(t, "rank"), 1));
    }
    cJSON_Delete(mine);
    cJSON_Delete(theirs);
    cr_assert_str_eq(listed_status(&lb, "random"), "retired");
    /* The killed bot was charged that one match, and nobody else a crash
     * (the arena's own SIGKILL abandons its matches in flight). */
    cr_assert_eq(sh("/usr/bin/python3 -c 'import json,sys\n"
                    "c = [r[\"players\"][r[\"forfeit\"][\"player\"]] for r in map(json.loads, open(sys.argv[1]))\n"
                    "     if r.get(\"type\") == \"partie\" and r.get(\"forfeit\") and r[\"forfeit\"][\"fault\"] == \"crash\"]\n"
                    "print(c, [r[\"forfeit\"] for r in map(json.loads, open(sys.argv[1])) if r.get(\"forfeit\")])\n"
                    "sys.exit(0 if c == [\"wired\"] else 1)' %s > %s",
                    support_scratch_path("ladder.jsonl"), support_scratch_path("crashes.txt")),
                 0, "the bot killed in a match is not charged exactly one forfeit: %s", slurp_text("crashes.txt"));
    cr_assert_eq(sh("%s/arena replay --check %s > /dev/null", support_bin_dir(), support_scratch_path("ladder.jsonl")), 0);
    /* Under the sanitizer build, the arena's and the C bots' reports land
     * in their logs: there must be none. */
    cr_assert_neq(sh("cd %s && grep -l 'ERROR: [A-Za-z]*Sanitizer\\|runtime error' serve.out *.log", dir), 0,
                  "a sanitizer report in the arena's or a bot's log");
    lb_stop(&lb);
}

Test(serve, takes_its_bots_from_one_place_and_says_so, .timeout = 60)
{
    const char *dir = support_scratch_dir();
    int port = support_scratch_port();
    cr_assert_eq(sh("cd %s && umask 077 && %s/arena keys new arena > /dev/null 2>&1 && echo t > lb.token && : > bots.txt",
                    dir, support_bin_dir()),
                 0);
    /* Neither, both, and a leaderboard without the token to report there. */
    static const char *const bad[] = {
        "",
        "--bots bots.txt --leaderboard http://127.0.0.1:1",
        "--leaderboard http://127.0.0.1:1",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert_eq(sh("cd %s && %s/arena serve --listen tcp://127.0.0.1:%d --server-key arena.key --journal j%zu.jsonl "
                        "%s > out.txt 2>&1",
                        dir, support_bin_dir(), port, i, bad[i]),
                     2, "case %zu", i);
    cr_assert_eq(sh("grep -q 'takes --token-file' %s/out.txt", dir), 0);
    /* A leaderboard that does not answer at the start: the reason, status 1. */
    cr_assert_eq(sh("cd %s && %s/arena serve --listen tcp://127.0.0.1:%d --server-key arena.key --journal j.jsonl "
                    "--leaderboard http://127.0.0.1:1 --token-file lb.token > out.txt 2>&1",
                    dir, support_bin_dir(), port),
                 1);
    cr_assert_eq(sh("grep -q 'cannot fetch the registered bots from http://127.0.0.1:1/api/v1/bots?game=piquet' %s/out.txt",
                    dir),
                 0, "no reason given");
}

/* A port another program listens on: the ladder stops at once with the
 * reason and leaves no journal behind (it used to keep one with the
 * header alone, and the same command run again was refused for it). */
Test(serve, a_listen_address_in_use_stops_the_ladder_and_leaves_no_journal, .timeout = 60)
{
    const char *dir = support_scratch_dir();
    int port = support_scratch_port_in_use();
    cr_assert_eq(sh("cd %s && umask 077 && for n in arena b1; do %s/arena keys new $n > /dev/null 2>&1 || exit 1; done && "
                    "echo \"b1 $(head -n 1 b1.pub)\" > bots.txt",
                    dir, support_bin_dir()),
                 0);
    int status = sh("cd %s && %s/arena serve --quiet --listen tcp://127.0.0.1:%d --server-key arena.key --bots bots.txt "
                    "--journal j.jsonl > out.txt 2>&1",
                    dir, support_bin_dir(), port);
    cr_assert_eq(status, 1, "%s", slurp_text("out.txt"));
    cr_assert(strstr(slurp_text("out.txt"), "cannot bind 'tcp://127.0.0.1:"), "%s", slurp_text("out.txt"));
    cr_assert(access(support_scratch_path("j.jsonl"), F_OK) < 0,
              "a journal of no match was left behind: the same command would be refused");
}

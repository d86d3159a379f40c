/* bot_hostile.c - `bot-hostile MODE [ARGS]`: a bot that attacks the arena,
 * its opponent and the machine the way a hostile bot author would (issue
 * 12's audit), then plays the first legal action of every request so that
 * the tournament goes on. Each attack runs once, at the first partie's
 * start (both seats' processes exist then), and reports what it achieved
 * on stderr, which is the bot's log, as "hostile: KEY=N" lines; the tests
 * (tests/test_sandbox.c) read them and check the arena's own records.
 *
 *   snoop [PATH...]   reads every /proc/PID/environ it can (counts tokens
 *                     not its own), opens /proc/PID/mem, reads command lines
 *                     that name the arena, reads each PATH (every file under
 *                     it for a directory), writes a file in the working
 *                     directory
 *   steal             takes a token not its own from /proc and says hello
 *                     with it on a second connection
 *   signal            SIGSTOPs then SIGKILLs every process it can see, its
 *                     own ancestors and itself excepted (the arena, the
 *                     opponent)
 *   setsid MARKER     leaves a child that called setsid() and sleeps with
 *                     MARKER in its command line
 *   spew MIB          writes MIB MiB to stderr
 *   fork N            forks up to N sleeping children (a bounded fork bomb)
 *   connect PORT      opens a TCP connection to 127.0.0.1:PORT
 *   memory MIB        allocates and touches up to MIB MiB, 64 MiB at a time
 *   spin              loops on the CPU forever instead of answering
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zmq.h>
#include "protocol/sdk.h"

static int n_args;
static char **args;
static const char *mode;

/* Process ids visible in /proc, into pids (at most cap); returns the count. */
static int visible_pids(pid_t *pids, int cap)
{
    DIR *d = opendir("/proc");
    struct dirent *e;
    int n = 0;
    while (d && (e = readdir(d)) && n < cap) {
        char *end;
        long pid = strtol(e->d_name, &end, 10);
        if (*end == '\0' && pid > 0) pids[n++] = (pid_t)pid;
    }
    if (d) closedir(d);
    return n;
}

static ssize_t read_file(const char *path, char *buf, size_t cap)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buf, cap - 1);
    close(fd);
    if (n >= 0) buf[n] = '\0';
    return n;
}

/* A PIQUET_TOKEN in process pid's environment that is not ours, into out. */
static int foreign_token(pid_t pid, char *out, size_t cap)
{
    char path[64], env[16384];
    const char *mine = getenv("PIQUET_TOKEN");
    snprintf(path, sizeof path, "/proc/%d/environ", (int)pid);
    ssize_t n = read_file(path, env, sizeof env);
    for (ssize_t i = 0; i < n; i += (ssize_t)strlen(env + i) + 1)
        if (!strncmp(env + i, "PIQUET_TOKEN=", 13) && (!mine || strcmp(env + i + 13, mine))) {
            snprintf(out, cap, "%s", env + i + 13);
            return 1;
        }
    return 0;
}

/* True when pid is this process or one of its ancestors. */
static int ancestor(pid_t pid)
{
    for (pid_t p = getpid(); p > 0;) {
        if (p == pid) return 1;
        char path[64], text[4096];
        snprintf(path, sizeof path, "/proc/%d/status", (int)p);
        if (read_file(path, text, sizeof text) <= 0) return 0;
        const char *at = strstr(text, "PPid:");
        if (!at) return 0;
        p = (pid_t)atoi(at + 5);
    }
    return 0;
}

/* Reads PATH, or every file under it (three levels) when it is a
 * directory; returns how many files gave bytes. */
static int read_tree(const char *path, int depth)
{
    char text[4096], sub[4096];
    DIR *d = opendir(path);
    struct dirent *e;
    int n = 0;
    if (!d) {
        if (read_file(path, text, sizeof text) > 0) {
            fprintf(stderr, "hostile: read %s\n", path);
            return 1;
        }
        return 0;
    }
    while ((e = readdir(d)) && depth > 0)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
            n += read_tree(sub, depth - 1);
        }
    closedir(d);
    return n;
}

static void snoop(void)
{
    pid_t pids[4096];
    int n = visible_pids(pids, 4096), tokens = 0, mem = 0, arena = 0, files = 0, wrote = 0;
    char token[256], path[64], text[4096];
    for (int i = 0; i < n; i++) {
        if (pids[i] == getpid()) continue;
        /* The arena's command line: "arena run ...". */
        snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pids[i]);
        ssize_t len = read_file(path, text, sizeof text);
        const char *name = strrchr(text, '/');
        name = name && len > 0 ? name + 1 : text;
        if (len > 0 && !strcmp(name, "arena") && (size_t)len > strlen(text) + 1 && !strcmp(text + strlen(text) + 1, "run"))
            arena++;
        if (ancestor(pids[i])) continue;   /* a sandbox's own PID 1 holds nothing of anyone else */
        tokens += foreign_token(pids[i], token, sizeof token);
        snprintf(path, sizeof path, "/proc/%d/mem", (int)pids[i]);
        int fd = open(path, O_RDONLY);
        if (fd >= 0) {
            mem++;
            close(fd);
        }
    }
    for (int i = 0; i < n_args; i++) files += read_tree(args[i], 3);
    FILE *f = fopen("hostile-was-here", "w");
    if (f) {
        wrote = 1;
        fclose(f);
        unlink("hostile-was-here");
    }
    fprintf(stderr, "hostile: uid=%u\n", (unsigned)getuid());
    fprintf(stderr, "hostile: processes_seen=%d\nhostile: foreign_tokens=%d\nhostile: mem_opened=%d\n"
                    "hostile: arena_cmdlines=%d\nhostile: files_read=%d\nhostile: wrote_cwd=%d\n",
            n, tokens, mem, arena, files, wrote);
}

static void steal(void)
{
    pid_t pids[4096];
    int n = visible_pids(pids, 4096), stolen = 0, welcomed = 0;
    char token[256];
    for (int i = 0; i < n && !stolen; i++)
        if (pids[i] != getpid() && foreign_token(pids[i], token, sizeof token)) stolen = 1;
    if (stolen) {
        void *ctx = zmq_ctx_new(), *s = zmq_socket(ctx, ZMQ_DEALER);
        int zero = 0, wait_ms = 2000;
        char hello[512], reply[4096];
        zmq_setsockopt(s, ZMQ_LINGER, &zero, sizeof zero);
        zmq_setsockopt(s, ZMQ_RCVTIMEO, &wait_ms, sizeof wait_ms);
        snprintf(hello, sizeof hello, "{\"type\":\"hello\",\"protocol\":1,\"token\":\"%s\",\"name\":\"thief\",\"version\":\"\"}", token);
        if (zmq_connect(s, getenv("PIQUET_ENDPOINT")) == 0 && zmq_send(s, hello, strlen(hello), 0) >= 0) {
            int got = zmq_recv(s, reply, sizeof reply - 1, 0);
            if (got > 0 && (reply[got < (int)sizeof reply - 1 ? got : (int)sizeof reply - 1] = '\0', strstr(reply, "welcome")))
                welcomed = 1;
        }
        zmq_close(s);
        zmq_ctx_term(ctx);
    }
    fprintf(stderr, "hostile: tokens_stolen=%d\nhostile: stolen_welcomed=%d\n", stolen, welcomed);
}


/* True inside a bubblewrap sandbox's PID namespace (its PID 1 is bwrap). */
static int in_sandbox(void)
{
    char comm[64];
    return read_file("/proc/1/comm", comm, sizeof comm) > 0 && !strncmp(comm, "bwrap", 5);
}

static void signal_all(void)
{
    pid_t pids[4096];
    /* Outside a sandbox this would signal every process of the user, or of
     * the machine for root: the attack is only ever run where it is
     * supposed to fail. */
    if (!in_sandbox()) {
        fprintf(stderr, "hostile: refusing to signal processes outside a sandbox\n");
        return;
    }
    int n = visible_pids(pids, 4096), stopped = 0, killed = 0;
    for (int i = 0; i < n; i++)
        if (!ancestor(pids[i]) && kill(pids[i], SIGSTOP) == 0) stopped++;
    for (int i = 0; i < n; i++)
        if (!ancestor(pids[i]) && kill(pids[i], SIGKILL) == 0) killed++;
    fprintf(stderr, "hostile: signal_targets=%d\nhostile: stopped=%d\nhostile: killed=%d\n", n, stopped, killed);
}

static void leave_child(const char *marker)
{
    pid_t pid = fork();
    if (pid == 0) {
        setsid();
        if (fork() == 0) {
            execl("/bin/sleep", marker, "3600", (char *)NULL);   /* MARKER is its argv[0] */
            _exit(127);
        }
        _exit(0);
    }
    if (pid > 0) waitpid(pid, NULL, 0);
    fprintf(stderr, "hostile: left_child=%d\n", pid > 0);
}

static void spew(long mib)
{
    static char chunk[65536];
    long failed = 0;
    memset(chunk, 'x', sizeof chunk);
    for (long i = 0; i < mib * 16; i++)
        if (write(2, chunk, sizeof chunk) < 0) failed++;
    fprintf(stderr, "hostile: spew_failed_writes=%ld\n", failed);
}

static void fork_many(int n)
{
    int made = 0;
    for (int i = 0; i < n; i++) {
        pid_t pid = fork();
        if (pid == 0) {
            pause();
            _exit(0);
        }
        if (pid < 0) break;
        made++;
    }
    fprintf(stderr, "hostile: forked=%d\n", made);
}

static void connect_tcp(int port)
{
    int s = socket(AF_INET, SOCK_STREAM, 0), ok = 0;
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (s >= 0 && connect(s, (struct sockaddr *)&a, sizeof a) == 0) ok = 1;
    if (s >= 0) close(s);
    fprintf(stderr, "hostile: connected=%d\n", ok);
}

static void hog(long mib)
{
    long got = 0;
    for (; got + 64 <= mib; got += 64) {
        char *block = malloc((size_t)64 << 20);
        if (!block) break;
        memset(block, 1, (size_t)64 << 20);   /* touched: really used */
    }
    fprintf(stderr, "hostile: allocated_mib=%ld\n", got);
}

static void spin(void)
{
    fprintf(stderr, "hostile: spinning\n");
    for (volatile unsigned long i = 0;; i++) {
    }
}

static void attack(void)
{
    if (!strcmp(mode, "snoop")) snoop();
    else if (!strcmp(mode, "steal")) steal();
    else if (!strcmp(mode, "signal")) signal_all();
    else if (!strcmp(mode, "setsid")) leave_child(n_args ? args[0] : "hostile-marker");
    else if (!strcmp(mode, "spew")) spew(n_args ? atol(args[0]) : 1024);
    else if (!strcmp(mode, "fork")) fork_many(n_args ? atoi(args[0]) : 1000);
    else if (!strcmp(mode, "connect")) connect_tcp(n_args ? atoi(args[0]) : 80);
    else if (!strcmp(mode, "memory")) hog(n_args ? atol(args[0]) : 4096);
    else if (!strcmp(mode, "spin")) spin();
    fprintf(stderr, "hostile: done %s\n", mode);
    fflush(stderr);
}

static int act(void *ctx, const struct codec_request *request, const struct pq_action *legal, int n)
{
    (void)ctx;
    (void)request;
    (void)legal;
    (void)n;
    return 0;
}

static void partie_start(void *ctx, const struct codec_partie_start *start)
{
    static int attacked;
    (void)ctx;
    (void)start;
    if (!attacked++) attack();
}

int main(int argc, char **argv)
{
    static const char *const modes[] = { "snoop", "steal", "signal", "setsid", "spew", "fork", "connect", "memory",
                                         "spin", NULL };
    int known = 0;
    for (int i = 0; argc > 1 && modes[i]; i++) known |= !strcmp(argv[1], modes[i]);
    if (!known) {
        fprintf(stderr, "usage: bot-hostile snoop|steal|signal|setsid|spew|fork|connect|memory|spin [ARGS]\n"
                        "A bot that attacks the arena (tests only); see tests/bot_hostile.c.\n");
        return 2;
    }
    mode = argv[1];
    args = argv + 2;
    n_args = argc - 2;
    struct sdk_bot bot = { "hostile", "1.0", act, partie_start, NULL, NULL, 0 };
    return sdk_run(&bot, NULL);
}

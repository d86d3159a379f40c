/* bot_hostile.c - `bot-hostile MODE [args]`: bots and peers that attack
 * the arena on purpose, for the tests (tests/test_run_remote.c,
 * tests/test_sandbox.c). Each mode is one
 * function in the table `modes`; a new attack is a new row. Every mode
 * reads PIQUET_ENDPOINT and PIQUET_TOKEN like a bot (--token overrides the
 * token) and reports what the arena answered on stdout, one line, so that
 * a test can compare it with what the arena must do.
 *
 *   connections  opens --count N DEALER connections and says hello on each
 *                (--hellos H times on each: H > 1 is a second hello on the
 *                same connection); the first --leave K close as soon as
 *                they have their answer ("said hello and left"). Waits up
 *                to --wait-ms for the answers and prints
 *                "welcome W bad_token B unexpected U other O silent S"
 *                (answers by kind, one per hello at most; S: hellos with
 *                no answer, a leaver's later ones included), then keeps the
 *                other connections open --hold-ms, or freezes the whole
 *                process with SIGSTOP when --stop is given (its connections
 *                then stop answering heartbeats).
 *   play         a well-behaved bot on the C SDK: plays the first legal
 *                action (after --think-ms), --name NAME.
 *   second-hello plays like `play`, and at its first partie opens a second
 *                connection with its own token and says hello on it too;
 *                prints "second hello: welcome" or "second hello: error
 *                CODE" (stderr, i.e. the bot's log when the arena started
 *                it).
 *
 * Connections never reconnect (ZMQ_RECONNECT_IVL -1), so a connection the
 * arena ends stays ended and the arena's descriptors can be counted; they
 * are opened once a probe has seen the arena accept a connection.
  *
 * Bots the arena starts, which attack once, at their first partie's start
 * (both seats' processes exist then), report what they achieved on stderr
 * (the bot's log) as "hostile: KEY=N" lines, and then play the first legal
 * action of every request so that the tournament goes on; their arguments
 * follow the mode word:
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
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>
#include "protocol/sdk.h"

struct options {
    const char *endpoint, *token, *name;
    long count, leave, hellos, wait_ms, hold_ms, think_ms;
    int stop;
    char **args;                  /* the words after the mode that are not options */
    int n_args;
};

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void pause_ms(long ms)
{
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

static int set_int(void *socket, int option, int value)
{
    return zmq_setsockopt(socket, option, &value, sizeof value);
}

/* A DEALER connected to the arena that never reconnects; NULL on failure. */
static void *open_dealer(void *ctx, const char *endpoint)
{
    void *socket = zmq_socket(ctx, ZMQ_DEALER);
    if (!socket) return NULL;
    if (set_int(socket, ZMQ_LINGER, 0) || set_int(socket, ZMQ_RECONNECT_IVL, -1) || zmq_connect(socket, endpoint)) {
        zmq_close(socket);
        return NULL;
    }
    return socket;
}

static int say_hello(void *socket, const char *token, const char *name)
{
    struct codec_hello hello = { .protocol = PROTOCOL_VERSION_1, .version = "hostile" };
    struct codec_frame frame = { NULL, 0 };
    char err[256];
    snprintf(hello.token, sizeof hello.token, "%s", token);
    snprintf(hello.name, sizeof hello.name, "%s", name);
    if (codec_encode_hello(&frame, &hello, err, sizeof err) != CODEC_OK) {
        fprintf(stderr, "bot-hostile: %s\n", err);
        return -1;
    }
    int rc = zmq_send(socket, frame.data, frame.len, 0) < 0 ? -1 : 0;
    codec_frame_release(&frame);
    return rc;
}

/* Waits until the arena accepts connections (a connection that never
 * reconnects would give up at once on an arena not listening yet): a probe
 * that does reconnect, watched for ZMQ_EVENT_CONNECTED. 0, or -1 when the
 * time ran out. */
static int wait_for_arena(void *ctx, const char *endpoint, int64_t until)
{
    int rc = -1;
    void *probe = zmq_socket(ctx, ZMQ_DEALER), *events = zmq_socket(ctx, ZMQ_PAIR);
    if (!probe || !events || set_int(probe, ZMQ_LINGER, 0) || set_int(events, ZMQ_LINGER, 0) ||
        zmq_socket_monitor(probe, "inproc://hostile-probe", ZMQ_EVENT_CONNECTED) ||
        zmq_connect(events, "inproc://hostile-probe") || zmq_connect(probe, endpoint))
        goto out;
    zmq_pollitem_t item = { events, 0, ZMQ_POLLIN, 0 };
    if (zmq_poll(&item, 1, (long)(until - now_ms())) == 1) rc = 0;
out:
    if (probe) zmq_socket_monitor(probe, NULL, 0);
    if (events) zmq_close(events);
    if (probe) zmq_close(probe);
    return rc;
}

/* What an answer to a hello is: "welcome", an error's code, or "other". */
static const char *answer_kind(const char *frame, int len)
{
    static struct codec_arena_message msg;
    char err[128];
    if (len < 0 || len > PROTOCOL_MAX_FRAME || codec_decode_arena(frame, (size_t)len, NULL, &msg, err, sizeof err))
        return "other";
    if (msg.type == CODEC_WELCOME) return "welcome";
    if (msg.type == CODEC_ERROR) return codec_code_name(msg.as.error.code);
    return "other";
}

/* Lets this process hold as many descriptors as it may (two per socket). */
static void raise_file_limit(void)
{
    struct rlimit lim;
    if (getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur < lim.rlim_max) {
        lim.rlim_cur = lim.rlim_max;
        setrlimit(RLIMIT_NOFILE, &lim);
    }
}

static int mode_connections(const struct options *o)
{
    static char buf[PROTOCOL_MAX_FRAME + 1];
    enum { WELCOME, BAD_TOKEN, UNEXPECTED, OTHER, KINDS };
    long tally[KINDS] = { 0 }, silent = 0, n = o->count;
    int status = 1;
    raise_file_limit();
    void *ctx = zmq_ctx_new();
    void **sockets = calloc((size_t)n, sizeof *sockets);
    int *answered = calloc((size_t)n, sizeof *answered);
    zmq_pollitem_t *items = calloc((size_t)n, sizeof *items);
    if (!ctx || !sockets || !answered || !items || zmq_ctx_set(ctx, ZMQ_MAX_SOCKETS, (int)n + 16)) {
        fprintf(stderr, "bot-hostile: out of memory for %ld connections\n", n);
        goto out;
    }
    if (wait_for_arena(ctx, o->endpoint, now_ms() + o->wait_ms) < 0) {
        fprintf(stderr, "bot-hostile: nothing accepts connections at '%s'\n", o->endpoint);
        goto out;
    }
    for (long i = 0; i < n; i++) {
        if (!(sockets[i] = open_dealer(ctx, o->endpoint))) {
            fprintf(stderr, "bot-hostile: connection %ld: %s\n", i, zmq_strerror(zmq_errno()));
            goto out;
        }
        for (long h = 0; h < o->hellos; h++)
            if (say_hello(sockets[i], o->token, o->name) < 0) goto out;
    }
    /* Every answer counts by its kind, up to one per hello; a leaver
     * closes once it has its first. */
    long pending = n;
    int64_t until = now_ms() + o->wait_ms;
    while (pending > 0 && now_ms() < until) {
        long m = 0;
        for (long i = 0; i < n; i++)
            if (sockets[i] && answered[i] < o->hellos) items[m++] = (zmq_pollitem_t){ sockets[i], 0, ZMQ_POLLIN, 0 };
        if (zmq_poll(items, (int)m, (long)(until - now_ms())) <= 0) continue;
        for (long i = 0; i < n; i++) {
            int len;
            while (sockets[i] && answered[i] < o->hellos && (len = zmq_recv(sockets[i], buf, sizeof buf, ZMQ_DONTWAIT)) >= 0) {
                const char *kind = answer_kind(buf, len);
                tally[!strcmp(kind, "welcome") ? WELCOME : !strcmp(kind, "bad_token") ? BAD_TOKEN
                      : !strcmp(kind, "unexpected") ? UNEXPECTED : OTHER]++;
                if (++answered[i] == o->hellos) pending--;
                if (i < o->leave) {
                    if (answered[i] < o->hellos) pending--;
                    zmq_close(sockets[i]);
                    sockets[i] = NULL;
                }
            }
        }
    }
    for (long i = 0; i < n; i++) silent += o->hellos - answered[i];
    printf("welcome %ld bad_token %ld unexpected %ld other %ld silent %ld\n", tally[WELCOME], tally[BAD_TOKEN],
           tally[UNEXPECTED], tally[OTHER], silent);
    fflush(stdout);
    if (o->stop) raise(SIGSTOP);
    pause_ms(o->hold_ms);
    status = 0;
out:
    for (long i = 0; sockets && i < n; i++)
        if (sockets[i]) zmq_close(sockets[i]);
    if (ctx) zmq_ctx_term(ctx);
    free(items);
    free(answered);
    free(sockets);
    return status;
}

static const struct options *playing;

static int first_legal(void *ctx, const struct codec_request *request, const struct pq_action *legal, int n)
{
    (void)ctx; (void)request; (void)legal; (void)n;
    if (playing->think_ms > 0) pause_ms(playing->think_ms);
    return 0;
}

static int mode_play(const struct options *o)
{
    struct sdk_bot bot = { o->name, "hostile", first_legal, NULL, NULL, NULL, 0 };
    playing = o;
    return sdk_run(&bot, NULL);
}

/* At the first partie, a second connection says hello with this
 * process's token, which is bound to the first one by now. */
static void second_hello(void *ctx, const struct codec_partie_start *start)
{
    static char buf[PROTOCOL_MAX_FRAME + 1];
    static int done;
    (void)ctx; (void)start;
    if (done++) return;
    void *zctx = zmq_ctx_new(), *socket = zctx ? open_dealer(zctx, playing->endpoint) : NULL;
    zmq_pollitem_t item = { socket, 0, ZMQ_POLLIN, 0 };
    if (socket && say_hello(socket, playing->token, playing->name) == 0 && zmq_poll(&item, 1, 3000) == 1) {
        int len = zmq_recv(socket, buf, sizeof buf, 0);
        const char *kind = answer_kind(buf, len);
        fprintf(stderr, "second hello: %s%s\n", strcmp(kind, "welcome") ? "error " : "", kind);
    } else {
        fprintf(stderr, "second hello: no answer\n");
    }
    if (socket) zmq_close(socket);
    if (zctx) zmq_ctx_term(zctx);
}

static int mode_second_hello(const struct options *o)
{
    struct sdk_bot bot = { o->name, "hostile", first_legal, second_hello, NULL, NULL, 0 };
    playing = o;
    return sdk_run(&bot, NULL);
}

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
    int wrote_tmp = 0;
    char tmp_path[64];
    snprintf(tmp_path, sizeof tmp_path, "/tmp/hostile-%d", (int)getpid());
    if ((f = fopen(tmp_path, "w"))) {
        wrote_tmp = fputs("scratch", f) >= 0;
        fclose(f);
        unlink(tmp_path);
    }
    fprintf(stderr, "hostile: wrote_tmp=%d\n", wrote_tmp);
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

static int attack_act(void *ctx, const struct codec_request *request, const struct pq_action *legal, int n)
{
    (void)ctx;
    (void)request;
    (void)legal;
    (void)n;
    return 0;
}

static void attack_at_start(void *ctx, const struct codec_partie_start *start)
{
    static int attacked;
    (void)ctx;
    (void)start;
    if (!attacked++) attack();
}

/* The attacks of a bot the arena starts: the attack at the first partie,
 * then the first legal action of every request. */
static int mode_attack(const struct options *o)
{
    args = o->args;
    n_args = o->n_args;
    struct sdk_bot bot = { o->name, "1.0", attack_act, attack_at_start, NULL, NULL, 0 };
    return sdk_run(&bot, NULL);
}

static const struct {
    const char *name;
    int (*run)(const struct options *o);
} modes[] = {
    { "connections", mode_connections },
    { "play", mode_play },
    { "second-hello", mode_second_hello },
    { "snoop", mode_attack }, { "steal", mode_attack }, { "signal", mode_attack }, { "setsid", mode_attack },
    { "spew", mode_attack }, { "fork", mode_attack }, { "connect", mode_attack }, { "memory", mode_attack },
    { "spin", mode_attack },
};

static int usage(void)
{
    fprintf(stderr, "usage: bot-hostile MODE [ARGS] [--token T] [--name NAME] [--count N] [--leave K] [--hellos H]\n"
                    "                    [--wait-ms MS] [--hold-ms MS] [--stop] [--think-ms MS]\n"
                    "modes:");
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) fprintf(stderr, " %s", modes[i].name);
    fprintf(stderr, " (PIQUET_ENDPOINT and PIQUET_TOKEN in the environment)\n");
    return 2;
}

int main(int argc, char **argv)
{
    static char *words[64];
    struct options o = { getenv("PIQUET_ENDPOINT"), getenv("PIQUET_TOKEN"), "hostile", 1, 0, 1, 5000, 0, 0, 0,
                         words, 0 };
    if (argc < 2) return usage();
    mode = argv[1];
    for (int i = 2; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        long *slot = !strcmp(opt, "--count") ? &o.count : !strcmp(opt, "--leave") ? &o.leave
                   : !strcmp(opt, "--hellos") ? &o.hellos : !strcmp(opt, "--wait-ms") ? &o.wait_ms
                   : !strcmp(opt, "--hold-ms") ? &o.hold_ms : !strcmp(opt, "--think-ms") ? &o.think_ms : NULL;
        if (!strcmp(opt, "--stop")) {
            o.stop = 1;
        } else if (slot && val) {
            *slot = atol(val);
            i++;
        } else if (!strcmp(opt, "--token") && val) {
            o.token = argv[++i];
        } else if (!strcmp(opt, "--name") && val) {
            o.name = argv[++i];
        } else if (opt[0] != '-' && o.n_args < 64) {
            words[o.n_args++] = argv[i];
        } else {
            return usage();
        }
    }
    if (!o.endpoint || !o.token || o.count < 1 || o.hellos < 1) return usage();
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        if (!strcmp(argv[1], modes[i].name)) return modes[i].run(&o);
    return usage();
}

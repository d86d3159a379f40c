/* bot_hostile.c - `bot-hostile MODE [args]`: peers that attack the arena
 * on purpose, for the tests (tests/test_run_remote.c). Each mode is one
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
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <zmq.h>
#include "protocol/sdk.h"

struct options {
    const char *endpoint, *token, *name;
    long count, leave, hellos, wait_ms, hold_ms, think_ms;
    int stop;
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
    struct codec_hello hello = { PROTOCOL_VERSION, "", "", "hostile" };
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

static const struct {
    const char *name;
    int (*run)(const struct options *o);
} modes[] = {
    { "connections", mode_connections },
    { "play", mode_play },
    { "second-hello", mode_second_hello },
};

static int usage(void)
{
    fprintf(stderr, "usage: bot-hostile MODE [--token T] [--name NAME] [--count N] [--leave K] [--hellos H]\n"
                    "                    [--wait-ms MS] [--hold-ms MS] [--stop] [--think-ms MS]\n"
                    "modes:");
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) fprintf(stderr, " %s", modes[i].name);
    fprintf(stderr, " (PIQUET_ENDPOINT and PIQUET_TOKEN in the environment)\n");
    return 2;
}

int main(int argc, char **argv)
{
    struct options o = { getenv("PIQUET_ENDPOINT"), getenv("PIQUET_TOKEN"), "hostile", 1, 0, 1, 5000, 0, 0, 0 };
    if (argc < 2) return usage();
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
        } else {
            return usage();
        }
    }
    if (!o.endpoint || !o.token || o.count < 1 || o.hellos < 1) return usage();
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        if (!strcmp(argv[1], modes[i].name)) return modes[i].run(&o);
    return usage();
}

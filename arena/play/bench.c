/* bench.c - the benchmarks of bench.h: random playouts for the engine
 * (the thread's CPU clock read every 256 deals so that it costs nothing
 * measurable);
 * the raw floors, forked echo peers on the arena's socket timed in plain
 * blocking ZeroMQ calls (one peer in turn, or several with a request each
 * in flight); the whole arena path through runner.h; process starts.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>
#include "arena/play/bench.h"
#include "arena/play/botproc.h"
#include "arena/play/hub.h"
#include "arena/play/runner.h"
#include "engine/piquet/deal.h"
#include "engine/rng.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The calling thread's CPU time: a busy machine slows the engine's
 * figure less than wall time would (bench-games counts the same way). */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void bench_engine_once(double seconds, uint64_t seed, struct bench_engine_run *out)
{
    struct pq_rules rules;
    struct pq_rng rng;
    struct pq_deal deal;
    double start = cpu_now(), elapsed = 0;
    long deals = 0, actions = 0;
    pq_rules_default(&rules);
    pq_rng_seed(&rng, seed);
    while (elapsed < seconds) {
        for (int i = 0; i < 256; i++, deals++) {
            uint8_t deck[32];
            pq_rng_deck(seed, (int)deals, deck);
            pq_deal_init(&deal, &rules, deck);
            while (!pq_deal_over(&deal)) {
                int n = pq_deal_legal_count(&deal);
                pq_deal_apply_legal(&deal, (int)pq_rng_below(&rng, (uint32_t)n));
                actions++;
            }
        }
        elapsed = cpu_now() - start;
    }
    out->deals = deals;
    out->actions = actions;
    out->seconds = elapsed;
}

/* The echo peer: connects a DEALER and answers every frame with a short
 * one, as a bot answers a request with an action. */
static void echo_peer(const char *endpoint, const char *server_key)
{
    void *ctx = zmq_ctx_new();
    void *s = zmq_socket(ctx, ZMQ_DEALER);
    int zero = 0;
    static char buf[PROTOCOL_MAX_FRAME];
    static const char answer[] = "{\"type\":\"action\",\"id\":1,\"action\":\"play AS\"}";
    zmq_setsockopt(s, ZMQ_LINGER, &zero, sizeof zero);
    if (server_key) {   /* a CURVE client with a pair of its own, as the SDKs make one */
        char public_key[41], secret_key[41];
        zmq_curve_keypair(public_key, secret_key);
        zmq_setsockopt(s, ZMQ_CURVE_SERVERKEY, server_key, 40);
        zmq_setsockopt(s, ZMQ_CURVE_PUBLICKEY, public_key, 40);
        zmq_setsockopt(s, ZMQ_CURVE_SECRETKEY, secret_key, 40);
    }
    if (zmq_connect(s, endpoint) == 0) {
        zmq_send(s, "ready", 5, 0);
        for (;;) {
            int n = zmq_recv(s, buf, sizeof buf, 0);
            if (n < 0 || (n == 4 && !memcmp(buf, "stop", 4))) break;
            if (n <= 64) zmq_send(s, buf, (size_t)n, 0);       /* the plain echo */
            else zmq_send(s, answer, sizeof answer - 1, 0);
        }
    }
    zmq_close(s);
    zmq_ctx_term(ctx);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int bench_zmq_pingpong(int trips, int peers, int size, struct bench_rtt *out, char *err, int cap)
{
    return bench_zmq_pingpong_on(trips, peers, size, BENCH_IPC, out, err, cap);
}

/* The echo peers of the raw benchmarks: a hub (the arena's socket) and
 * `peers` forked processes that said "ready", known by their identities. */
struct echo {
    struct hub hub;
    int started;
    pid_t pids[BENCH_MAX_PEERS];
    uint8_t ids[BENCH_MAX_PEERS][HUB_MAX_IDENTITY];
    size_t id_len[BENCH_MAX_PEERS];
};

static void echo_close(struct echo *e)
{
    for (int p = 0; p < e->started; p++) {
        kill(e->pids[p], SIGKILL);
        waitpid(e->pids[p], NULL, 0);
    }
    e->started = 0;
    hub_close(&e->hub);
}

/* The peers are forked before the hub exists, while this process has no
 * thread of ZeroMQ's: a child forked beside running threads may inherit
 * a lock one of them held (the allocator's, under AddressSanitizer) and
 * hang in its first malloc. Each waits on a pipe for the endpoint and the
 * server key, then connects. */
static int echo_open(struct echo *e, int peers, enum bench_transport transport, char *err, int cap)
{
    char endpoint[600] = "", server_public[41] = "", server_secret[41], told[700];
    int pipes[BENCH_MAX_PEERS];
    struct hub_message m;
    e->started = 0;
    if (peers < 1 || peers > BENCH_MAX_PEERS) {
        snprintf(err, (size_t)cap, "1 to %d peers", BENCH_MAX_PEERS);
        return -1;
    }
    if (transport == BENCH_CURVE && zmq_curve_keypair(server_public, server_secret) != 0) {
        snprintf(err, (size_t)cap, "no CURVE in this libzmq");
        return -1;
    }
    fflush(NULL);
    for (; e->started < peers; e->started++) {
        int k = e->started, fds[2];
        if (pipe(fds) < 0) break;
        e->pids[k] = fork();
        if (e->pids[k] == 0) {
            close(fds[1]);
            for (int j = 0; j < k; j++) close(pipes[j]);   /* the earlier peers' ends: their EOF */
            ssize_t n = 0, got;
            while ((size_t)n < sizeof told - 1 && (got = read(fds[0], told + n, sizeof told - 1 - (size_t)n)) > 0) n += got;
            told[n] = '\0';
            char *key = strchr(told, '\n');
            if (!key) _exit(1);   /* the parent gave up */
            *key++ = '\0';
            echo_peer(told, transport == BENCH_CURVE ? key : NULL);
            _exit(0);
        }
        close(fds[0]);
        if (e->pids[k] < 0) {
            close(fds[1]);
            break;
        }
        pipes[k] = fds[1];
    }
    int ok = e->started == peers;
    if (!ok) snprintf(err, (size_t)cap, "cannot start the echo peers: %s", strerror(errno));
    else if (hub_open(&e->hub, NULL, err, (size_t)cap) < 0) ok = 0;
    else {
        snprintf(endpoint, sizeof endpoint, "%s", e->hub.endpoint);
        if (transport != BENCH_IPC &&
            hub_bind(&e->hub, "tcp://127.0.0.1:0", transport == BENCH_CURVE ? server_secret : NULL, endpoint,
                     sizeof endpoint, err, (size_t)cap) < 0) {
            hub_close(&e->hub);
            ok = 0;
        }
    }
    /* The peers are told where to connect (or, with nothing, to give up). */
    int len = snprintf(told, sizeof told, "%s\n%s", endpoint, server_public);
    for (int k = 0; k < e->started; k++) {
        if (ok) (void)!write(pipes[k], told, (size_t)len);
        close(pipes[k]);
    }
    if (!ok) {
        for (int k = 0; k < e->started; k++) waitpid(e->pids[k], NULL, 0);
        e->started = 0;
        return -1;
    }
    for (int k = 0; k < peers; k++) {
        if (hub_recv(&e->hub, &m, 20000) != 1) {
            snprintf(err, (size_t)cap, "an echo peer did not start within 20 s");
            echo_close(e);
            return -1;
        }
        e->id_len[k] = m.identity_len;
        memcpy(e->ids[k], m.identity, m.identity_len);
        hub_message_release(&m);
    }
    return 0;
}

/* One request to peer p and its answer's arrival, in plain blocking
 * ZeroMQ calls on the ROUTER (no poll, no monitor): the floor the arena's
 * socket layer is measured against. Returns the peer that answered, or -1. */
static int raw_send(struct echo *e, int p, const char *payload, int size)
{
    if (zmq_send(e->hub.router, e->ids[p], e->id_len[p], ZMQ_SNDMORE) < 0) return -1;
    return zmq_send(e->hub.router, payload, (size_t)size, 0) < 0 ? -1 : 0;
}

static int raw_receive(struct echo *e, int peers)
{
    uint8_t id[HUB_MAX_IDENTITY];
    static char frame[PROTOCOL_MAX_FRAME];
    int n = zmq_recv(e->hub.router, id, sizeof id, 0);
    if (n < 0 || zmq_recv(e->hub.router, frame, sizeof frame, 0) < 0) return -1;
    for (int p = 0; p < peers; p++)
        if (e->id_len[p] == (size_t)n && !memcmp(e->ids[p], id, (size_t)n)) return p;
    return -1;
}

/* A request of `size` bytes (15 or less: the 15-byte ping); malloc'ed. */
static char *bench_payload(int *size)
{
    char *payload = malloc((size_t)(*size > 15 ? *size : 15));
    if (!payload) return NULL;
    if (*size <= 15) {
        memcpy(payload, "{\"type\":\"ping\"}", 15);
        *size = 15;
    } else {
        memset(payload, ' ', (size_t)*size);
        payload[0] = '{';
        payload[*size - 1] = '}';
    }
    return payload;
}

int bench_zmq_pingpong_on(int trips, int peers, int size, enum bench_transport transport, struct bench_rtt *out,
                          char *err, int cap)
{
    struct echo e;
    int five_s = 5000;
    double *times = malloc(sizeof *times * (size_t)trips);
    char *payload = bench_payload(&size);
    int rc = -1;
    if (!times || !payload) {
        snprintf(err, (size_t)cap, "out of memory");
        goto out_free;
    }
    if (echo_open(&e, peers, transport, err, cap) < 0) goto out_free;
    if (zmq_setsockopt(e.hub.router, ZMQ_RCVTIMEO, &five_s, sizeof five_s) < 0) {
        snprintf(err, (size_t)cap, "cannot set a receive timeout: %s", zmq_strerror(errno));
        goto out;
    }
    double start = now();
    for (int i = 0; i < trips; i++) {
        int p = i % peers;
        double t0 = now();
        if (raw_send(&e, p, payload, size) < 0 || raw_receive(&e, peers) != p) {
            snprintf(err, (size_t)cap, "round trip %d failed", i);
            goto out;
        }
        times[i] = (now() - t0) * 1e6;
    }
    out->mean_us = (now() - start) * 1e6 / trips;
    qsort(times, (size_t)trips, sizeof *times, cmp_double);
    out->median_us = times[trips / 2];
    out->p99_us = times[(int)(trips * 0.99)];
    rc = 0;
out:
    echo_close(&e);
out_free:
    free(times);
    free(payload);
    return rc;
}

int bench_zmq_multiplexed(int trips, int peers, int size, struct bench_rate *out, char *err, int cap)
{
    struct echo e;
    char *payload = bench_payload(&size);
    int rc = -1, answered = 0, five_s = 5000;
    if (!payload) {
        snprintf(err, (size_t)cap, "out of memory");
        return -1;
    }
    if (trips < peers) trips = peers;
    if (echo_open(&e, peers, BENCH_IPC, err, cap) < 0) goto out_free;
    if (zmq_setsockopt(e.hub.router, ZMQ_RCVTIMEO, &five_s, sizeof five_s) < 0) {
        snprintf(err, (size_t)cap, "cannot set a receive timeout: %s", zmq_strerror(errno));
        goto out;
    }
    double start = now();
    /* One request in flight per peer, as one per partie; each answer is
     * followed at once by the peer's next request, until `trips` were sent. */
    int sent = 0;
    for (; sent < peers; sent++)
        if (raw_send(&e, sent, payload, size) < 0) {
            snprintf(err, (size_t)cap, "a first request failed");
            goto out;
        }
    while (answered < trips) {
        int p = raw_receive(&e, peers);
        if (p < 0) {
            snprintf(err, (size_t)cap, "answer %d did not come from a known peer", answered);
            goto out;
        }
        answered++;
        if (sent < trips) {
            if (raw_send(&e, p, payload, size) < 0) {
                snprintf(err, (size_t)cap, "request %d failed", sent);
                goto out;
            }
            sent++;
        }
    }
    double seconds = now() - start;
    out->per_second = trips / seconds;
    out->us_each = seconds * 1e6 / trips;
    rc = 0;
out:
    echo_close(&e);
out_free:
    free(payload);
    return rc;
}

/* The CPU time of this process (every thread, ZeroMQ's included), in
 * seconds, and the times its threads went to sleep. */
static double cpu_seconds(long *sleeps)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    *sleeps = u.ru_nvcsw;
    return (double)u.ru_utime.tv_sec + (double)u.ru_stime.tv_sec + ((double)u.ru_utime.tv_usec + (double)u.ru_stime.tv_usec) * 1e-6;
}

struct harness {
    const char *command;
    long next, total, decisions, faults;
    int seats;
};

/* The harness's partie number k (from 1). */
static void harness_job(const struct harness *h, long k, struct runner_job *job)
{
    memset(job, 0, sizeof *job);
    job->partie_id = (uint64_t)k;
    job->seed = (uint64_t)k;
    job->first_dealer = k % 2;
    for (int p = 0; p < h->seats; p++) {
        snprintf(job->bots[p].name, sizeof job->bots[p].name, "%c", 'a' + p);
        job->bots[p].command = h->command;
    }
    /* Piquet as duplicate pairs; a game's matches each on packs of their
     * own, so any process may play the next one. */
    job->pair = h->seats == 2 ? (k + 1) / 2 : 0;
}

static int harness_next(void *ctx, struct runner_job *job)
{
    struct harness *h = ctx;
    if (h->next >= h->total) return 0;
    harness_job(h, ++h->next, job);
    return 1;
}

static int harness_peek(void *ctx, struct runner_job *job)
{
    const struct harness *h = ctx;
    if (h->next >= h->total) return 0;
    harness_job(h, h->next + 1, job);
    return 1;
}

static void harness_done(void *ctx, const struct runner_job *job, struct referee *ref)
{
    struct harness *h = ctx;
    (void)job;
    for (int p = 0; p < ref->n_players; p++) h->decisions += ref->decisions[p];
    h->faults += ref->forfeited;
}

int bench_harness(const char *bot_command, int parties, const struct bench_harness_level *level,
                  struct bench_harness_run *out, char *err, int cap)
{
    struct match_config config;
    struct harness h = { bot_command, 0, parties, 0, 0, 2 };
    struct runner r;
    char log_dir[1024];
    const char *tmp = getenv("TMPDIR");
    match_config_default(&config);
    if (level->game && level->game != &piquet_game) {
        config.game = level->game;
        config.players = level->players ? level->players : level->game->default_players;
        h.seats = config.players;
    }
    snprintf(log_dir, sizeof log_dir, "%.900s/piquet-arena-logs", tmp && *tmp ? tmp : "/tmp");
    config.log_dir = level->log_dir ? level->log_dir : log_dir;
    config.sandbox = level->sandbox;
    memset(&r, 0, sizeof r);
    r.config = &config;
    r.concurrency = level->concurrency;
    r.pin = level->pin;
    r.reuse = level->reuse;
    if (level->move_ms > 0) config.clock.move_ms = (uint32_t)level->move_ms;
    r.next_job = harness_next;
    r.peek_job = level->start_late ? NULL : harness_peek;
    r.done = harness_done;
    r.ctx = &h;
    long sleeps0, sleeps1;
    double t0 = now(), cpu0 = cpu_seconds(&sleeps0);
    if (runner_run(&r, err, (size_t)cap) < 0) return -1;
    out->seconds = now() - t0;
    double cpu1 = cpu_seconds(&sleeps1);
    out->cpu_us = h.decisions ? (cpu1 - cpu0) * 1e6 / (double)h.decisions : 0;
    out->sleeps = h.decisions ? (double)(sleeps1 - sleeps0) / (double)h.decisions : 0;
    out->parties = parties;
    out->decisions = h.decisions;
    out->faults = h.faults;
    out->processes = r.started;
    out->work_us = r.answers ? r.answer_work_us / (double)r.answers : 0;
    return 0;
}

static int cmp_ms(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int bench_start(const char *bot_command, int n, struct sandbox *sandbox, const char *log_dir,
                struct bench_start_run *out, char *err, int cap)
{
    struct hub hub;
    struct botproc_limits limits;
    char path[1100];
    double *ms = calloc((size_t)n, sizeof *ms), total = 0;
    int rc = -1;
    if (!ms) {
        snprintf(err, (size_t)cap, "out of memory");
        return -1;
    }
    botproc_limits_default(&limits);
    snprintf(path, sizeof path, "%.1000s/bench-start.log", log_dir);
    if (hub_open(&hub, NULL, err, (size_t)cap) < 0) goto out_free;
    for (int i = 0; i < n; i++) {
        struct botproc proc;
        struct hub_message m;
        double t0 = now();
        if (botproc_start(&proc, bot_command, hub.endpoint, path, &limits, sandbox, err, (size_t)cap) < 0) goto out;
        int got = hub_recv(&hub, &m, 10000);
        ms[i] = (now() - t0) * 1000;
        if (got == 1) hub_message_release(&m);
        botproc_stop(&proc, 0);
        if (got != 1) {
            snprintf(err, (size_t)cap, "no hello within 10 s from '%s' (see %s)", bot_command, path);
            goto out;
        }
        total += ms[i];
    }
    qsort(ms, (size_t)n, sizeof *ms, cmp_ms);
    out->median_ms = ms[n / 2];
    out->mean_ms = total / n;
    rc = 0;
out:
    hub_close(&hub);
out_free:
    free(ms);
    return rc;
}

/* bench.h - the engine benchmark (`arena bench engine`): random playouts
 * of whole deals, from the shuffle through exchange, declarations and 12
 * tricks, with uniformly random legal actions picked by index and applied
 * by pq_deal_apply_legal (as a playout or a search does), on one core.
 */
#ifndef ARENA_PLAY_BENCH_H
#define ARENA_PLAY_BENCH_H

#include <stdint.h>
#include "arena/play/runner.h"

struct sandbox;

struct bench_engine_run {
    long deals;           /* deals played */
    long actions;         /* actions applied */
    double seconds;       /* the thread's CPU time */
};

/* Plays random deals for about `seconds`, deals seeded from `seed`. */
void bench_engine_once(double seconds, uint64_t seed, struct bench_engine_run *out);

/* Starts `n` processes of bot_command one after the other, each in
 * SANDBOX (NULL: none), and measures from the start to the arrival of its
 * hello; each process is killed once it said hello. Fills the median and
 * the mean in milliseconds. Returns 0, or -1 with err. */
struct bench_start_run {
    double median_ms, mean_ms;
};
int bench_start(const char *bot_command, int n, struct sandbox *sandbox, const char *log_dir,
                struct bench_start_run *out, char *err, int cap);

#endif

/* Raw ZeroMQ round trips between this process (ROUTER) and `peers` forked
 * echo processes (DEALER) over ipc://, taken in turn: the physical floor
 * under every decision the arena referees. Frames of `size` bytes (15 or
 * less: a 15-byte ping echoed back; more: a frame of that size answered by
 * a short action-sized frame, as a request and its answer). Fills per-round-
 * trip microseconds over `trips` round trips: median, 99th percentile and
 * mean (the whole time over the trips, as the harness counts a decision).
 * Returns 0, or -1 with err. */
struct bench_rtt {
    double median_us, p99_us, mean_us;
};
int bench_zmq_pingpong(int trips, int peers, int size, struct bench_rtt *out, char *err, int cap);

/* The same over another transport: plain tcp on loopback, or tcp with
 * CURVE (the remote bots' way with --server-key: every frame encrypted,
 * each peer with a key pair of its own). */
enum bench_transport { BENCH_IPC, BENCH_TCP, BENCH_CURVE };
int bench_zmq_pingpong_on(int trips, int peers, int size, enum bench_transport transport, struct bench_rtt *out,
                          char *err, int cap);

enum { BENCH_MAX_PEERS = 8 };

/* The raw multiplexed ceiling: `peers` echo processes (DEALER) on one
 * ROUTER over ipc://, each with one request of `size` bytes in flight at
 * all times (answered by an action-sized frame), the next request sent as
 * soon as its answer arrived, as the arena plays `peers` parties at once
 * with nothing of its own to do. Fills round trips per second over `trips`
 * answers, and the microseconds each took of the whole. 0, or -1 with err. */
struct bench_rate {
    double per_second, us_each;
};
int bench_zmq_multiplexed(int trips, int peers, int size, struct bench_rate *out, char *err, int cap);

struct bench_harness_run {
    long parties, decisions;
    long faults;                 /* parties lost to a fault (none expected) */
    int processes;               /* bot processes started */
    double seconds;
    double work_us;              /* the arena's own time per answer (runner.h) */
    double cpu_us;               /* the arena's CPU time per decision, every thread (its
                                  * ZeroMQ I/O thread's included), user and system: what
                                  * the machine's load changes least */
    double sleeps;               /* the times its threads went to sleep (voluntary context
                                  * switches), per decision: each one a wake-up to pay */
};

struct bench_harness_level {
    int concurrency;
    int reuse;                   /* parties per bot process (runner.h) */
    int move_ms;                 /* per-move limit; 0: the default */
    struct sandbox *sandbox;     /* the bots' sandbox; NULL: none */
    const char *log_dir;         /* NULL: $TMPDIR/piquet-arena-logs */
    const struct game *game;     /* NULL: Piquet */
    int players;                 /* the game's table (0: its default) */
    enum runner_pin pin;         /* the arena's threads (runner.h); 0: auto */
    int start_late;              /* 1: each partie's processes started when it
                                    begins; 0 (as arena run): those of the next
                                    one while the parties in flight are played
                                    (runner.h peek_job) */
};

/* Plays `parties` parties, as duplicate pairs, between two copies of
 * `bot_command` (an instant bot) through the real arena path (runner,
 * referee, codec, processes); with level->game, matches of that game with
 * a copy at every seat. Returns 0, or -1 with err. */
int bench_harness(const char *bot_command, int parties, const struct bench_harness_level *level,
                  struct bench_harness_run *out, char *err, int cap);

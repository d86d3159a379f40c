/* runner.h - many refereed parties at once, multiplexed by one event loop
 * on one ROUTER socket (docs/design.md "Tournaments").
 *
 * The caller hands out jobs (which bots, seed, who deals first) through
 * next_job() and receives each finished partie through done(). Up to
 * `concurrency` parties are in flight.
 *
 * Bot processes: a local bot (a command) is started on demand and, after a
 * partie it finished without a fault, kept for another partie of the same
 * bot, up to `reuse` parties, but never for a second partie of the same
 * duplicate pair (job.pair), so that no process ever sees a pack twice. A
 * process that faulted is stopped (and a fresh one started when the bot
 * plays again). Hellos are matched to processes by the per-process token.
 * What a hello says (its protocol version, its name, the games it names)
 * holds for every partie its process or connection plays.
 *
 * Remote bots (a job bot with command NULL) start themselves, anywhere:
 * they connect to `listen` (tcp://...) and say hello with the token of
 * their entry in `remotes`. Each connection plays one partie at a time and
 * may play any number, both parties of a pair included (the arena cannot
 * restart them); a connection that faults is dropped and the bot may
 * connect again. A bot has at most remote_max_connections at once; a hello
 * past that, with a token nobody was given, or with a token already bound
 * to another connection (a local process's) is refused with an error and
 * the connection ended, and the runner keeps nothing of it; so is a hello
 * that does not name the run's game (with the reason). A connection
 * that closes or stops answering heartbeats leaves the pool at once and is
 * never given a partie; during a partie it is a crash fault. A partie waits
 * up to remote_wait_ms for a free connection of a remote bot, then records
 * a timeout fault against it.
 *
 * When *stop becomes non-zero (a signal handler), no new partie starts, the
 * ones in flight are abandoned (done() is not called for them, so a journal
 * never holds a partie that did not finish) and runner_run returns. Every
 * process is stopped and reaped before runner_run returns.
 */
#ifndef ARENA_PLAY_RUNNER_H
#define ARENA_PLAY_RUNNER_H

#include <signal.h>
#include "arena/play/match.h"

struct runner_job {
    uint64_t partie_id;
    uint64_t seed;
    int first_dealer;
    struct match_bot bots[GAME_MAX_PLAYERS];   /* player A, B, ... (config's players);
                                                  command NULL: remote */
    long pair;                      /* duplicate pair (no process plays two
                                     * parties of one pair); 0: none */
    long tag;                       /* the caller's, passed back to done() */
};

struct runner_remote {
    const char *name;               /* as in job.bots[].name */
    const char *token;              /* the bot's hello must carry it; NULL: known by key */
    const char *key;                /* with keys (runner.keys): its CURVE public key
                                       (Z85); a connection made with it is this bot,
                                       whatever token its hello carries */
    int retired;                    /* no new connection, idle ones are cut (keys); a
                                       key changed cuts the connections made with the
                                       old one the same way */
};

enum { RUNNER_REUSE_MAX = 64, RUN_DEFAULT_REUSE = 32, RUNNER_REMOTE_MAX_CONNECTIONS = 8 };

/* Where the arena's own threads run (affinity.h): pinned to the processor
 * the arena starts on when at most RUNNER_PIN_AUTO_MAX parties are in
 * flight (auto, the default), always (on) or never (off). Bots are never
 * pinned by it. */
enum runner_pin { RUNNER_PIN_AUTO, RUNNER_PIN_ON, RUNNER_PIN_OFF };
enum { RUNNER_PIN_AUTO_MAX = 2 };

/* "on" and "off" as named, anything else (the option's check allows only
 * "auto" besides) auto. */
enum runner_pin runner_pin_parse(const char *text);

struct runner {
    const struct match_config *config;     /* rules, clocks, limits, logs, packs */
    int concurrency;                       /* parties in flight, at least 1 */
    enum runner_pin pin;                   /* the arena's threads on one processor; 0: auto */
    int reuse;                             /* parties per local process, 1..RUNNER_REUSE_MAX;
                                            * 0 means 1: a fresh process every partie */
    const struct runner_remote *remotes;   /* may be NULL */
    int n_remotes;
    const char *listen;                    /* endpoint for remote bots, or NULL */
    const char *curve_secret;              /* the arena's CURVE secret key (Z85) for listen, or NULL */
    int remote_wait_ms;                    /* 0: 60000 */
    int remote_max_connections;            /* per remote bot at once; 0: RUNNER_REMOTE_MAX_CONNECTIONS */
    int keys;                              /* remote bots are known by their CURVE keys: a
                                            * handshake with a key no remote (not retired)
                                            * has fails (hub_zap); needs curve_secret */
    int endless;                           /* next_job() returning 0 means "nothing now":
                                            * ask again, and run until *stop */
    void *loop;                            /* runner_run's own, for runner_idle_connections */
    /* 1 and *job filled, or 0 when there is no more work for now. */
    int (*next_job)(void *ctx, struct runner_job *job);
    /* May be NULL. 1 and *job filled with the job next_job() would give
     * now, without giving it (nothing changes), or 0. When every partie's
     * place is taken, the processes that job's local bots will need and
     * the pool cannot give are started then, so that their start-up
     * overlaps the parties in flight instead of delaying the next one. A
     * process started so and never used (the job changed meanwhile) is
     * stopped when the run ends or reused as any other. */
    int (*peek_job)(void *ctx, struct runner_job *job);
    /* The finished match; the referee is released when done() returns, so
     * a callee that keeps it takes ref->transcript (and sets it NULL). */
    void (*done)(void *ctx, const struct runner_job *job, struct referee *ref);
    void *ctx;
    volatile sig_atomic_t *stop;           /* may be NULL */
    /* Filled by runner_run. */
    int abandoned;                         /* parties dropped after a stop */
    int started;                           /* bot processes started */
    int started_ahead;                     /* of which for a peeked job (peek_job) */
    int pinned_cpu;                        /* the processor the arena's threads ran on, or -1 */
    long answers;                          /* messages from bots in a partie */
    double answer_work_us;                 /* the loop's time from each one's
                                            * arrival to the end of its handling
                                            * (the next request sent): the
                                            * arena's own work per decision */
};

/* The idle connections of remote bot `index` now (from next_job, while
 * runner_run runs; 0 otherwise). */
int runner_idle_connections(const struct runner *self, int index);

/* The connections of remote bot `index` now, and in *playing those in a
 * match (from next_job, while runner_run runs; 0 otherwise). */
int runner_connections(const struct runner *self, int index, int *playing);

/* Runs until next_job() has no more and every partie ended, or *stop.
 * Returns 0, or -1 when the arena itself failed (socket, fork, log file),
 * with err. */
int runner_run(struct runner *self, char *err, size_t cap);

#endif

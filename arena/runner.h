/* runner.h - many refereed parties at once, multiplexed by one event loop
 * on one ROUTER socket (DESIGN.md "Tournaments").
 *
 * The caller hands out jobs (which bots, seed, who deals first) through
 * next_job() and receives each finished partie through done(). Up to
 * `concurrency` parties are in flight; each has its own two fresh bot
 * processes, started when the partie starts and stopped (and reaped) when
 * it ends. Hellos are matched to parties by the per-process token. When
 * *stop becomes non-zero (a signal handler), no new partie starts, the ones
 * in flight are abandoned (done() is not called for them, so a journal
 * never holds a partie that did not finish) and runner_run returns.
 */
#ifndef ARENA_RUNNER_H
#define ARENA_RUNNER_H

#include <signal.h>
#include "arena/match.h"

struct runner_job {
    uint64_t partie_id;
    uint64_t seed;
    int first_dealer;
    struct match_bot bots[2];       /* player A, player B */
    long tag;                       /* the caller's, passed back to done() */
};

struct runner {
    const struct match_config *config;     /* rules, clocks, limits, logs, packs */
    int concurrency;                       /* parties in flight, at least 1 */
    /* 1 and *job filled, or 0 when there is no more work for now. */
    int (*next_job)(void *ctx, struct runner_job *job);
    void (*done)(void *ctx, const struct runner_job *job, const struct referee *ref);
    void *ctx;
    volatile sig_atomic_t *stop;           /* may be NULL */
    int abandoned;                         /* parties dropped after a stop */
};

/* Runs until next_job() has no more and every partie ended, or *stop.
 * Returns 0, or -1 when the arena itself failed (socket, fork, log file),
 * with err. */
int runner_run(struct runner *self, char *err, size_t cap);

#endif

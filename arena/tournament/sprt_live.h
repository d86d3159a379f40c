/* sprt_live.h - the live side of `arena sprt`: the runner's jobs for a
 * test of one bot against another (duplicate pairs, the two seatings of a
 * two-entrant game, or the seatings of a table with fill bots), each
 * finished match journaled and counted, and the tally fed pair by pair or
 * set by set (stats/sprt_tally.h). The command (arena/cmd_sprt.c) fills
 * struct sprt_live, hands sprt_live_next and sprt_live_done to the runner,
 * and reads the outcome back.
 */
#ifndef ARENA_TOURNAMENT_SPRT_LIVE_H
#define ARENA_TOURNAMENT_SPRT_LIVE_H

#include <signal.h>
#include <stdint.h>
#include "arena/play/runner.h"
#include "arena/tournament/seating.h"
#include "records/journal.h"
#include "records/record.h"
#include "stats/sprt_tally.h"

enum { SPRT_LIVE_STATUS_EVERY = 10 };   /* plain status lines: every N pairs */

/* A partie as the test counts it: the test bot's score and points. */
struct sprt_live_result {
    double score;
    int points;         /* the test's signed points; at a table with fill bots,
                           the test's points minus the base's */
};

struct sprt_live {
    struct sprt_tally *tally;
    const struct match_config *config;
    /* Another game than Piquet: the two seatings of a duplicate pair
     * (arena/tournament/seating.h), entrant 0 the test, 1 the base. */
    int game;
    struct seating seatings[SEATING_MAX];
    int per_set;                      /* matches in a pair or set: 2, or the seatings
                                         of a table with fill bots */
    int filled;                       /* a table of independent seats: entrants 2.. fill */
    uint64_t seed;
    long max_pairs, next_partie;
    unsigned char *recorded;          /* per partie id - 1: in the journal already */
    struct sprt_live_result *results;    /* per partie id - 1 */
    unsigned char *pair_parties;      /* per pair: parties finished */
    int faults[2];                    /* test, base */
    int max_faults;
    struct journal journal, record;
    char run[RECORD_RUN_ID_LEN + 1];
    int quiet, terminal, failed, shown;
    char stopped[200];                /* why the test stopped short, or "" */
    char error[512];
    volatile sig_atomic_t *stop;      /* set to end the run (the decision, a failure) */
};

/* The status line: updated in place on a terminal, else a plain line at
 * the first pair and every SPRT_LIVE_STATUS_EVERY (`last`: the final one). */
void sprt_live_status(struct sprt_live *l, int last);

/* The runner's next job, the one it would give without giving it, and
 * finished match (runner.h next_job, peek_job, done; ctx is the struct
 * sprt_live). */
int sprt_live_next(void *ctx, struct runner_job *job);
int sprt_live_peek(void *ctx, struct runner_job *job);
void sprt_live_done(void *ctx, const struct runner_job *job, struct referee *ref);

/* Counts match `index` (id - 1); when it completes its pair or set, that
 * goes into the tally. 0, or -1 when out of memory. */
int sprt_live_count(struct sprt_live *l, long index, struct sprt_live_result result);

/* A Piquet partie from the test's side (player 0): its score and points. */
struct sprt_live_result sprt_live_result_of(int winner, int settlement);

/* A game's match `index` (id - 1) as the test counts it, from its
 * players' match points and winner (-1: none) in its seating
 * (seatings[index % per_set]): at a table with fill bots the test's points
 * minus the base's, else the test's side's points and result. */
struct sprt_live_result sprt_live_game_result(const struct sprt_live *l, long index, const long *points, int winner);

/* The test's (out[0]) and the base's (out[1]) faults in a game's match
 * `index`, from its players' fault counts. */
void sprt_live_game_faults(const struct sprt_live *l, long index, const int (*faults)[CODEC_FAULTS], int out[2]);

/* Whether a bot is over --max-faults; says who in l->stopped. */
int sprt_live_over_faults(struct sprt_live *l);

#endif

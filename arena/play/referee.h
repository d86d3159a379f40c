/* referee.h - one partie between two connected bots, driven by events.
 *
 * The referee owns the engine partie and the clocks. It never touches a
 * socket: frames go out through `send`, and the caller reports what comes
 * in (an action, a fault it detected such as a crash or a bad frame) and
 * the passing of time. So one event loop can run many referees at once.
 *
 * Clocks (docs/design.md "Clocks and faults"): each decision has move_ms free;
 * time beyond it comes out of the player's bank for the partie; an answer
 * later than move_ms + bank + grace_ms is a timeout. Late answers to an old
 * request id are ignored, never applied.
 *
 * Faults: referee_fault_policy() is the one place that decides what a fault
 * costs; by default the faulting player forfeits the partie, scored as a
 * rubicon loss on the totals so far: the other wins 100 + both totals.
 */
#ifndef ARENA_PLAY_REFEREE_H
#define ARENA_PLAY_REFEREE_H

#include <stdint.h>
#include "engine/partie.h"
#include "protocol/codec.h"
#include "records/record.h"

struct referee_clock {
    uint32_t move_ms, bank_ms, grace_ms;
};

enum referee_state { REFEREE_READY, REFEREE_WAITING, REFEREE_DONE };

struct referee {
    struct pq_partie partie;
    struct pq_deal deals[PQ_MAX_DEALS];  /* finished deals, for records */
    int n_deals;
    uint64_t partie_id;
    char names[2][CODEC_NAME_MAX];
    struct referee_clock clock;
    int64_t bank_left[2];                /* ms */
    int since[2];                        /* per seat of the current deal: history seen */
    uint64_t next_id;
    uint64_t pending_id;                 /* request awaiting an answer */
    int pending_player;
    int64_t sent_at;                     /* ms, when the pending request went out */
    int state;                           /* enum referee_state */
    int started;                         /* both bots connected; partie_start sent */
    int64_t think_ms[2];                 /* total decision time per player */
    int decisions[2];
    /* Outcome once DONE. */
    int winner;                          /* player, -1 drawn */
    int32_t settlement;
    int forfeited;
    struct codec_forfeit forfeit;
    int faults[2][CODEC_FAULTS];
    /* Packs given by the caller for the first deals (arena check); the
     * seed's packs after them. */
    const uint8_t (*decks)[32];
    int n_decks;
    /* Where frames go: player 0 (A) or 1 (B). Returns 0, -1 when the
     * player cannot be reached (then a crash fault follows). */
    int (*send)(void *ctx, int player, const struct codec_frame *frame);
    void *ctx;
};

/* Prepares a partie: `seed` gives every pack, player `first_dealer` deals
 * first, names[] are the two bots' names. */
void referee_init(struct referee *self, uint64_t partie_id, uint64_t seed, int first_dealer,
                  const struct pq_rules *rules, const struct referee_clock *clock,
                  const char *name_a, const char *name_b,
                  int (*send)(void *ctx, int player, const struct codec_frame *frame), void *ctx);

/* Like referee_init, but deal i (from 1) uses decks[i-1] while i <= n;
 * the array must outlive the referee. */
void referee_init_decks(struct referee *self, uint64_t partie_id, uint64_t seed, int first_dealer,
                        const struct pq_rules *rules, const struct referee_clock *clock,
                        const char *name_a, const char *name_b, const uint8_t (*decks)[32], int n,
                        int (*send)(void *ctx, int player, const struct codec_frame *frame), void *ctx);

/* Sends partie_start to both and the first request. */
void referee_start(struct referee *self, int64_t now_ms);

/* An action arrived from `player`. Stale or unexpected actions are
 * ignored; an illegal one is a fault. */
void referee_on_action(struct referee *self, int player, const struct codec_action *action, int64_t now_ms);

/* The caller detected a fault of `player` (crash, protocol error). */
void referee_on_fault(struct referee *self, int player, int fault, const char *message);

/* Time passed: a pending request past its deadline becomes a timeout. */
void referee_on_tick(struct referee *self, int64_t now_ms);

/* When the pending request times out (ms), or INT64_MAX when nothing is
 * pending. */
int64_t referee_deadline(const struct referee *self);

/* What a fault costs (the one policy): sets the outcome of a forfeit. */
void referee_fault_policy(struct referee *self, int player, int fault, const char *message);

/* What the record of this finished partie says (records/record.h), played
 * from `seed`; out points into the referee, which must outlive it. */
void referee_record_play(const struct referee *self, uint64_t seed, struct record_play *out);

/* The record itself (record_write of the above); the caller owns it. NULL
 * when out of memory. */
cJSON *referee_record(const struct referee *self, uint64_t seed);

#endif

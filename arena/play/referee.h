/* referee.h - one match at a table of connected bots, driven by events,
 * for any game behind engine/game.h.
 *
 * The referee owns the game's state and the clocks. It never touches a
 * socket: frames go out through `send`, and the caller reports what comes
 * in (an action, a fault it detected such as a crash or a bad frame) and
 * the passing of time. So one event loop can run many referees at once.
 *
 * Each player's bot speaks its own protocol version (protocol[p], from its
 * hello): a protocol-1 bot plays Piquet with Piquet's own frames
 * (partie_start, typed requests with events, deal_end, partie_end); a
 * protocol-2 bot plays any game with the frames every game shares
 * (match_start, request with the game's view and legal actions, deal_end,
 * match_end). Piquet keeps its own record of finished deals (deals[],
 * records/record.h); every other game is recorded as deck and action texts
 * (transcript, records/game_record.h).
 *
 * Clocks (docs/design.md "Clocks and faults"): each decision has move_ms free;
 * time beyond it comes out of the player's bank for the match; an answer
 * later than move_ms + bank + grace_ms is a timeout. Late answers to an old
 * request id are ignored, never applied. Time the caller knows a player
 * spent waiting for a processor is not charged (referee_credit): it is
 * given back to the pending request and to the bank, within what they
 * were charged.
 *
 * Faults: referee_fault_policy() is the one place that decides what a fault
 * costs: the faulting player forfeits the match and every player scores
 * what the game's forfeit_points gives (Piquet: a rubicon loss on the
 * totals so far, the other wins 100 + both totals).
 *
 * Ownership: a referee holds memory (the transcript of its deals, which
 * arena check reads back); referee_release frees it. referee_release of a
 * zeroed referee is harmless.
 */
#ifndef ARENA_REFEREE_H
#define ARENA_REFEREE_H

#include <stdint.h>
#include <cjson/cJSON.h>
#include "engine/game.h"
#include "engine/piquet/partie.h"
#include "protocol/codec.h"
#include "records/record.h"

struct referee_clock {
    uint32_t move_ms, bank_ms, grace_ms;
};

enum referee_state { REFEREE_READY, REFEREE_WAITING, REFEREE_DONE };

/* The largest game state a referee holds (checked when it starts). */
enum { REFEREE_STATE_MAX = 32768 };

struct referee {
    const struct game *game;
    int n_players;
    struct pq_partie partie;             /* Piquet's state (game == &piquet_game) */
    _Alignas(16) unsigned char game_state[REFEREE_STATE_MAX];   /* any other game's */
    struct pq_deal deals[PQ_MAX_DEALS];  /* Piquet: finished deals, for records */
    int n_deals;
    cJSON *transcript;                   /* [{"deck", "actions"}...] of every deal, owned */
    const char *const *rules;            /* other games: "name=value", the caller's */
    uint64_t partie_id;
    char names[GAME_MAX_PLAYERS][CODEC_NAME_MAX];
    int protocol[GAME_MAX_PLAYERS];      /* each bot's protocol version (1 until told) */
    struct referee_clock clock;
    int64_t bank_left[GAME_MAX_PLAYERS]; /* ms */
    int since[2];                        /* Piquet, per seat of the current deal: history seen */
    struct codec_replay replay;          /* Piquet: the current deal replayed as far as the last
                                          * request or deal end, so that the next replays only the
                                          * actions since (codec.h) */
    uint64_t next_id;
    uint64_t pending_id;                 /* request awaiting an answer */
    int pending_player;
    int64_t sent_at;                     /* ms, when the pending request went out */
    int64_t credited_ms;                 /* of the pending request's time, not charged */
    int64_t charged_ms[GAME_MAX_PLAYERS];   /* taken from the bank since the last credit */
    int state;                           /* enum referee_state */
    int started;                         /* every bot connected; the start sent */
    int64_t think_ms[GAME_MAX_PLAYERS];  /* total decision time per player */
    int decisions[GAME_MAX_PLAYERS];
    /* Outcome once DONE. */
    int winner;                          /* player, -1 drawn or none */
    int32_t settlement;                  /* Piquet: what the winner gains */
    long points[GAME_MAX_PLAYERS];       /* match points (game.h match_points) */
    int forfeited;
    struct codec_forfeit forfeit;
    int faults[GAME_MAX_PLAYERS][CODEC_FAULTS];
    /* Packs given by the caller for the first deals (arena check): deal i
     * (from 1) takes game_decks[i-1] while there is one, as a deck text of
     * the game (NULL-terminated; it must outlive the referee); the seed's
     * packs after them. */
    const char *const *game_decks;
    /* Where frames go: player 0 (A), 1 (B), ... Returns 0, -1 when the
     * player cannot be reached (then a crash fault follows). */
    int (*send)(void *ctx, int player, const struct codec_frame *frame);
    void *ctx;
};

/* Prepares a Piquet partie: `seed` gives every pack, player `first_dealer`
 * deals first, names are the two bots' names. */
void referee_init(struct referee *self, uint64_t partie_id, uint64_t seed, int first_dealer,
                  const struct pq_rules *rules, const struct referee_clock *clock,
                  const char *name_a, const char *name_b,
                  int (*send)(void *ctx, int player, const struct codec_frame *frame), void *ctx);

/* Prepares a match of any game: `players` seats (0: the game's default),
 * `rules` as "name=value" strings (NULL-terminated; they must outlive the
 * referee), names[0..players-1]. Piquet is played as by referee_init.
 * 0, or -1 with the game's reason in err (bad rules, players). */
int referee_init_game(struct referee *self, const struct game *game, uint64_t match_id, uint64_t seed,
                      int first_dealer, int players, const char *const *rules,
                      const struct referee_clock *clock, const char *const *names,
                      int (*send)(void *ctx, int player, const struct codec_frame *frame), void *ctx,
                      char *err, size_t cap);

/* Frees what the referee holds; it may be initialised again after. */
void referee_release(struct referee *self);

/* The game's state (Piquet's partie, or the state buffer). */
void *referee_game_state(struct referee *self);
const void *referee_game_state_const(const struct referee *self);

/* Sends the start to every player and the first request. */
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

/* No request waits longer than this many times move_ms + bank_ms +
 * grace_ms, nor REFEREE_BACKSTOP_MIN_MS when that is longer, whatever it
 * was credited: the wall-clock backstop. */
enum { REFEREE_CREDIT_BACKSTOP = 10, REFEREE_BACKSTOP_MIN_MS = 10000 };

/* When the pending request's backstop passes (ms), or INT64_MAX. */
int64_t referee_backstop(const struct referee *self);

/* `player` spent `ms` since the previous credit (or the partie's start)
 * waiting for a processor: that time is not charged. It goes first to the
 * pending request when it is the player's (at most the time the request
 * has taken so far, and never past the backstop), then back to the bank,
 * at most what the bank was charged since the previous credit. Returns the
 * milliseconds given (0: the deadline did not move). */
int64_t referee_credit(struct referee *self, int player, int64_t ms, int64_t now_ms);

/* What a fault costs (the one policy): sets the outcome of a forfeit. */
void referee_fault_policy(struct referee *self, int player, int fault, const char *message);

/* What the record of this finished Piquet partie says (records/record.h),
 * played from `seed`; out points into the referee, which must outlive it. */
void referee_record_play(const struct referee *self, uint64_t seed, struct record_play *out);

/* The record itself: a Piquet partie record (record_write), or a game
 * match record (records/game_record.h) for any other game; the caller
 * owns it. NULL when out of memory. */
cJSON *referee_record(const struct referee *self, uint64_t seed);

#endif

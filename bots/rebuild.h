/* rebuild.h - a full game state rebuilt from one player's view, through
 * engine/game.h only, so that a protocol-2 bot can sample and search a game
 * it only sees through its view (bots/README.md "bot-search").
 *
 * A bot receives a view (its hand, the public part of the deal and the
 * deal's public history, in seats), never a state. rebuild_state() finds one
 * state the player cannot tell from the real one: it starts the current
 * deal afresh (a match whose first dealer is the view's dealer), sets a
 * pack, and replays the history through the engine. Actions the view hides
 * or redacts (a hidden discard, an exchange not shown) are replaced by a
 * legal action of the same kind; an action the engine refuses because the
 * pack put a named card elsewhere, and every card of the rebuilt view that
 * differs from the real view (the hand, a turn-up, a shown card), repairs
 * the pack: the two cards' places are swapped and the real one is pinned.
 * An entry that tells more than its action (Belote's meld dialogue: `say`)
 * is replayed by an action that tells the same, the seat holding the cards
 * it later `shows`. The rebuilt state is accepted only when its view for
 * the player equals the given view in every field but the match context
 * (REBUILD_SKIPPED) and `say` (a dialogue word the hands' melds decide,
 * which the engine's own sampler does not keep either), so it carries
 * everything else the view reveals; the engine's sampler (game.h sample)
 * then redeals the unseen cards from it.
 *
 * A bot keeps a rebuild_cache between its decisions of one deal
 * (rebuild_state_cached): the next rebuild starts from the pack that gave
 * the last state, which the history's new public entries rarely break.
 *
 * Games whose view has no `history` (Piquet) cannot be rebuilt: -1.
 * Deterministic for a given view and seed (and, with a cache, the deal's
 * earlier views).
 */
#ifndef BOTS_REBUILD_H
#define BOTS_REBUILD_H

#include <stdint.h>
#include <cjson/cJSON.h>
#include "engine/game.h"

/* The view's top-level fields that describe the match, not the deal: a
 * rebuilt deal starts a new match, so they are not compared. */
#define REBUILD_SKIPPED { "deal", "totals", "last_deal" }

/* What the match's start told the player (protocol 2 match_start). */
struct rebuild_table {
    const struct game *game;
    int players;
    const char *const *rules;       /* "name=value", NULL-terminated; NULL: defaults */
};

/* Statistics of the last rebuild, for logs, tests and the benchmark. */
struct rebuild_stats {
    int attempts;                   /* packs tried (the cached one included) */
    int replays;                    /* replays of the history in all */
    int from_cache;                 /* 1: the cached pack gave the state */
};

/* The replay that gave the last rebuilt state, kept where the caller asks
 * (rebuild_cache replay): the deal's state before its first action (its
 * pack set) and every action applied after it, as texts the engine took
 * (a hidden action as the one drawn). bots/infer.h replays a sampled
 * world's pack through them. */
struct rebuild_replay {
    void *start;                        /* the game's state_size bytes, the caller's */
    char (*actions)[GAME_ACTION_MAX];   /* cap entries, the caller's */
    int n, cap;                         /* n: 0 when the replay was longer than cap */
};

/* The pack (and its pins) of the last state rebuilt for one player in one
 * deal, kept by the bot between its decisions: the next rebuild of the same
 * deal starts from it, so only the history's new entries (mostly public
 * plays) can need repairs, about one replay instead of dozens. Used only
 * when the match tag, game, player, deal number and dealer are the same
 * and the view's history begins with the cached one; the state it gives
 * is accepted by the same exact check as a fresh one. Init before use;
 * clear releases (and empties) it. */
struct rebuild_cache {
    cJSON *history;                 /* the rebuilt view's history (owned); NULL: empty */
    uint64_t match;                 /* the caller's tag of the match */
    const struct game *game;
    int player, dealer, deal, n_cards;
    uint64_t hidden_seed;           /* the hidden actions' draws */
    int deck[GAME_DECK_MAX];
    unsigned char pinned[GAME_DECK_MAX];
    struct rebuild_replay *replay;  /* the caller's, set after init (kept by
                                       clear); NULL: none kept */
};

/* Writes into `out` (table->game->state_size bytes) a state of the current
 * deal in which `player` is to act and whose view for `player` equals
 * `view` but for REBUILD_SKIPPED. 0, or -1 with a reason in err (no
 * history in the view, or no consistent state found within the bounded
 * number of attempts, or within cap_ms milliseconds when cap_ms > 0,
 * checked between replays). `stats` may be NULL. */
int rebuild_state(void *out, const struct rebuild_table *table, const cJSON *view, int player, uint64_t seed,
                  double cap_ms, struct rebuild_stats *stats, char *err, int cap);

/* rebuild_state() starting from `cache` when it holds an earlier decision
 * of the same deal of the match tagged `match` (then, if that pack fails,
 * from fresh packs as rebuild_state()), and keeping the pack of the state
 * found in it. cache may be NULL (rebuild_state()). With a cache, the state
 * found depends on the deal's earlier views too, as deterministically. */
int rebuild_state_cached(void *out, const struct rebuild_table *table, const cJSON *view, int player, uint64_t seed,
                         double cap_ms, struct rebuild_cache *cache, uint64_t match, struct rebuild_stats *stats,
                         char *err, int cap);

void rebuild_cache_init(struct rebuild_cache *self);
void rebuild_cache_clear(struct rebuild_cache *self);

/* Whether two views are the same but for REBUILD_SKIPPED. */
int rebuild_views_match(const cJSON *a, const cJSON *b);

/* The view of `player` in `state` as a new cJSON object (the caller
 * deletes it), or NULL when out of memory. */
cJSON *rebuild_view(const struct game *g, const void *state, int player);

#endif

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
 * Games whose view has no `history` (Piquet) cannot be rebuilt: -1.
 * Deterministic for a given view and seed.
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
    int attempts;                   /* fresh packs tried */
    int replays;                    /* replays of the history in all */
};

/* Writes into `out` (table->game->state_size bytes) a state of the current
 * deal in which `player` is to act and whose view for `player` equals
 * `view` but for REBUILD_SKIPPED. 0, or -1 with a reason in err (no
 * history in the view, or no consistent state found within the bounded
 * number of attempts, or within cap_ms milliseconds when cap_ms > 0,
 * checked between replays). `stats` may be NULL. */
int rebuild_state(void *out, const struct rebuild_table *table, const cJSON *view, int player, uint64_t seed,
                  double cap_ms, struct rebuild_stats *stats, char *err, int cap);

/* Whether two views are the same but for REBUILD_SKIPPED. */
int rebuild_views_match(const cJSON *a, const cJSON *b);

/* The view of `player` in `state` as a new cJSON object (the caller
 * deletes it), or NULL when out of memory. */
cJSON *rebuild_view(const struct game *g, const void *state, int player);

#endif

/* game.h - the generic two-player card game interface the arena drives,
 * so that a second game can be added without touching the arena.
 *
 * A game module is a constant table of functions over an opaque state of
 * `state_size` bytes that the caller owns (plain data, copyable with
 * memcpy). Players are 0 and 1; actions are text in the game's notation;
 * views and results are written through a pq_writer. Piquet is the first
 * module (piquet_game, engine/piquet.c).
 */
#ifndef GAME_H
#define GAME_H

#include <stddef.h>
#include <stdint.h>
#include "engine/writer.h"

struct game {
    const char *name;
    size_t state_size;
    /* Option names and defaults, NULL-terminated pairs {name, default}. */
    const char *const *options;
    /* Starts a match from a seed; player `first_dealer` deals first.
     * options: NULL-terminated "name=value" strings. 0, or -1 and err. */
    int (*create)(void *state, uint64_t seed, int first_dealer,
                  const char *const *options, char *err, int cap);
    /* Player to act, or -1 when the match is over. */
    int (*to_act)(const void *state);
    /* Number of legal actions, and the text of the n-th. */
    int (*legal_count)(const void *state);
    int (*legal_text)(const void *state, int n, char *buf, int cap);
    /* Applies the acting player's action: 0, 1 when it ended a deal,
     * -1 with a reason in err (nothing changes). */
    int (*apply)(void *state, const char *text, int len, char *err, int cap);
    /* What `player` may know now, as an object under `key`. */
    void (*view)(const void *state, int player, const char *key, const struct pq_writer *w);
    /* Number of the current deal (1-based), and the last finished deal's
     * result written as the fields of the current object. */
    int (*deal_number)(const void *state);
    void (*deal_result)(const void *state, const struct pq_writer *w);
    /* The match result (fields of the current object); winner -1 for a
     * draw; settlement is what the winner gains. */
    void (*result)(const void *state, const struct pq_writer *w);
    int (*winner)(const void *state);
    int (*settlement)(const void *state);
};

/* Piquet, the first module (engine/piquet.c). */
extern const struct game piquet_game;

/* The game modules compiled in, NULL-terminated, and lookup by name. */
extern const struct game *const game_modules[];
const struct game *game_find(const char *name);

#endif

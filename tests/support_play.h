/* support_play.h - a new match of any game (engine/game.h) played at
 * random to a state a test wants, for the tests of the search, the
 * position keys and the equivalent cards. */
#ifndef SUPPORT_PLAY_H
#define SUPPORT_PLAY_H

#include <stdint.h>
#include "engine/game.h"

/* Creates a match of g from `setup` (asserting it can) and plays random
 * legal actions (a generator seeded with `rng_seed`; void deals settled)
 * until `reached(state, arg)`: the state, malloc'ed (the caller frees
 * it), or NULL when the match ends first. */
void *support_play_until(const struct game *g, const struct game_setup *setup, uint64_t rng_seed,
                         int (*reached)(const void *state, int arg), int arg);

#endif

/* support_transpose.h - a soundness check of a game's position key
 * (game.h position), read by the tests/test_position_*.c suites: random
 * lines of play from one card-play position, every state met keyed, and
 * each two states of one key compared by what the key promises (the same
 * legal actions, the same score at the deal's end). */
#ifndef SUPPORT_TRANSPOSE_H
#define SUPPORT_TRANSPOSE_H

#include <stdint.h>
#include "engine/game.h"

struct transpose_tally {
    long states;            /* card-play states keyed */
    long repeats;           /* states whose key was met before */
    long transpositions;    /* of those, met before along another line */
};

/* Plays `lines` random lines (from `seed`) from `root`, a state of game
 * `g` with a nonzero position key, each until the key is 0 (the deal
 * over, or out of the card play). At every state it keys, it notes the
 * legal action texts and the scores (game.h scores) once the deal is
 * played out by always taking legal action 0. Two states of one key must
 * agree on both: 0 when they all do, else -1 with what differed in `why`.
 * Adds to `tally`. */
int transpose_check(const struct game *g, const void *root, int lines, uint64_t seed, struct transpose_tally *tally,
                    char *why, int cap);

/* Plays `matches` seeded random matches of g at four players under `rules`
 * (setup seeds from `seed`, first dealers in turn, the random choices from
 * `rng_seed`) into `state`; in each deal runs transpose_check from the
 * first keyed state with `lines_first` lines and from the first keyed
 * state `late` accepts with `lines_late` lines. 0 when every check
 * passes, else -1 with the match, deal and what differed in `why`. */
int transpose_matches(const struct game *g, void *state, const char *const *rules, int matches, uint64_t seed,
                      uint64_t rng_seed, int lines_first, int lines_late, int (*late)(const void *state),
                      struct transpose_tally *tally, char *why, int cap);

/* Applies legal action n of the player to act (apply_legal when the game
 * has it, else its text): the GAME_* result. */
int transpose_apply(const struct game *g, void *state, int n);

#endif

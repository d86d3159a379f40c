/* support_game_frames.h - the protocol-2 frames of protocol/belote.md's
 * example: a four-player Belote match (id 5, seed 11, A deals first) played
 * by seeded random choices, seen by player B. The document's test and the
 * program that printed the examples use this one function.
 */
#ifndef TESTS_SUPPORT_GAME_FRAMES_H
#define TESTS_SUPPORT_GAME_FRAMES_H

#include "protocol/codec.h"

enum { SUPPORT_GAME_FRAMES_MAX = 400 };

/* An example match: `game` at `players` (match id 5, A deals first,
 * seat and random choices from `seed`), seen by player B, whose hello
 * names `games` (NULL-terminated, at most 2). */
struct support_game_example {
    const struct game *game;
    int players;
    uint64_t seed;
    const char *games[3];
};

/* Fills out[] with every frame B sends or receives in `example`: as
 * support_game_frames. */
int support_game_frames_of(const struct support_game_example *example, struct codec_frame *out, int cap, char *err,
                           size_t err_cap);

/* protocol/belote.md's example: four-player Belote, seed 11.
 * Fills out[] with every frame B sends or receives, in order: hello,
 * welcome, match_start, each request to B and B's action, each deal_end,
 * match_end; returns how many (0 on an encoder failure, with err). */
int support_game_frames(struct codec_frame *out, int cap, char *err, size_t err_cap);

#endif

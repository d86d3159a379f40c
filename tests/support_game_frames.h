/* support_game_frames.h - the protocol-2 frames of protocol/belote.md's
 * example: a four-player Belote match (id 5, seed 11, A deals first) played
 * by seeded random choices, seen by player B. The document's test and the
 * program that printed the examples use this one function.
 */
#ifndef TESTS_SUPPORT_GAME_FRAMES_H
#define TESTS_SUPPORT_GAME_FRAMES_H

#include "engine/game.h"
#include "protocol/codec.h"

enum { SUPPORT_GAME_FRAMES_MAX = 400 };

/* Fills out[] with every frame B sends or receives, in order: hello,
 * welcome, match_start, each request to B and B's action, each deal_end,
 * match_end; returns how many (0 on an encoder failure, with err). */
int support_game_frames(struct codec_frame *out, int cap, char *err, size_t err_cap);

/* The same for another game's document: match `match` of `game` at
 * `players` with `rules`, packs and choices from `seed`, seen by player 1
 * (named names[1]), whose hello names `games`. */
struct support_game_example {
    const struct game *game;
    int players;
    uint64_t match, seed;
    const char *const *rules;
    const char *names[GAME_MAX_PLAYERS];
    int n_games;
    const char *games[2];
};
int support_game_frames_of(const struct support_game_example *ex, struct codec_frame *out, int cap, char *err,
                           size_t err_cap);

/* Checks a game's protocol document against the frames of its example
 * match (`example`; NULL: support_game_frames, Belote's): every ```json
 * block of the file at `doc_path` (from the top of the checkout) is one
 * of those frames exactly, and decodes as its reader would (the arena for
 * hello and action, a protocol-2 bot for the rest). Asserts each; returns
 * the number of blocks. */
int support_game_doc_check(const char *doc_path, const struct support_game_example *example);

#endif

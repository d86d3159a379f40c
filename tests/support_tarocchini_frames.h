/* support_tarocchini_frames.h - the protocol-2 frames of
 * protocol/tarocchini.md's example: a Tarocchini match (id 5, seed 11, A
 * deals first, 4 deals) played by seeded random choices, seen by player B.
 * The document's test and the program that printed the examples use this
 * one function.
 */
#ifndef TESTS_SUPPORT_TAROCCHINI_FRAMES_H
#define TESTS_SUPPORT_TAROCCHINI_FRAMES_H

#include "protocol/codec.h"

enum { SUPPORT_TAROCCHINI_FRAMES_MAX = 200 };

/* Fills out[] with every frame B sends or receives, in order: hello,
 * welcome, match_start, each request to B and B's action, each deal_end,
 * match_end; returns how many (0 on an encoder failure, with err). */
int support_tarocchini_frames(struct codec_frame *out, int cap, char *err, size_t err_cap);

#endif

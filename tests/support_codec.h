/* support_codec.h - helpers of the codec tests (test_codec.c,
 * test_codec_frames.c, test_json_tree.c): frames decoded from exact-size
 * heap copies with no NUL after them, so that the sanitizer run catches any
 * read past a frame, and seeded deals and parties to encode. The helpers assert (Criterion)
 * instead of returning errors.
 */
#ifndef SUPPORT_CODEC_H
#define SUPPORT_CODEC_H

#include <stddef.h>
#include <stdint.h>
#include "engine/piquet/partie.h"
#include "protocol/codec.h"

/* A heap copy of exactly len bytes (no terminator); the caller frees it. */
char *support_exact(const char *text, size_t len);

/* Decodes text (len bytes; or a C string) from an exact copy as a bot's
 * message; err has room for 200 bytes. */
enum codec_code support_bot_text(const char *text, size_t len, struct codec_bot_message *out, char *err);
enum codec_code support_bot(const char *text, struct codec_bot_message *out, char *err);

/* The same for the arena's messages. */
enum codec_code support_arena_text(const char *text, size_t len, struct codec_arena_message *out, char *err);

/* One cleared arena message (large: static, one for the whole binary). */
struct codec_arena_message *support_arena_message(void);

/* A hello every field of which is valid. */
extern const char *const support_good_hello;

/* A deal played at random from a seed up to `steps` actions (or its end). */
void support_random_deal(struct pq_deal *d, uint64_t seed, int steps);

/* A whole partie played at random from a seed, A dealing first. */
void support_play_partie(struct pq_partie *p, uint64_t seed);

#endif

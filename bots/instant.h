/* instant.h - the answer of bot-instant: the first legal action of a
 * request, found by reading as little of the frame as possible. It exists
 * so that `arena bench harness` measures the arena, not the bot.
 *
 * instant_answer() scans the arena's own request layout for the id and the
 * first entry of "legal" (or, in the exchange, the hand and the smallest
 * discard); a frame it cannot read that way is decoded in full by the codec.
 * Only requests get an answer: the other messages return INSTANT_NONE.
 */
#ifndef BOTS_INSTANT_H
#define BOTS_INSTANT_H

#include <stddef.h>
#include <stdint.h>

enum instant_path {
    INSTANT_NONE = -1,     /* not a request (welcome, partie_start, deal_end...) */
    INSTANT_SCANNED = 0,   /* answered from the scan */
    INSTANT_DECODED = 1    /* answered after a full decode */
};

/* Writes the request's id and the action text (NUL-terminated, at most
 * cap bytes) and says how it found them. */
enum instant_path instant_answer(const char *frame, size_t len, uint64_t *id, char *text, size_t cap);

#endif

/* instant.c - bot-instant's answer (instant.h). The scan relies on the
 * arena writing "type" then "id" first in a request, and no "legal" key
 * after the request's own; a frame it cannot read that way falls back to
 * the codec, so the bot stays correct if that layout changes, only slower
 * (tests/test_instant.c checks the scan reads every request the arena
 * writes, of Piquet and of every game).
 */
#define _GNU_SOURCE   /* memmem, memrchr */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bots/instant.h"
#include "protocol/codec.h"

static const char request_head[] = "{\"type\":\"request\",\"id\":";
static const char legal_key[] = "\"legal\":[\"";
static const char discard_key[] = "\"discard\":{\"min\":";
static const char hand_key[] = "\"hand\":[";

#define LIT_LEN(s) (sizeof(s) - 1)

/* The last `"legal":["` of the frame (a key: a string's own quotes are
 * escaped), found from the end: the list comes after the view, which a
 * search from the start went through first (the larger part of the bot's
 * work), and only the events and the time come after it, neither with a
 * "legal" key. '[' is the anchor: few bytes after the list are one. */
static const char *last_key(const char *frame, size_t len, const char *key, size_t n)
{
    const size_t anchor = n - 2;   /* the '[' of `...":["` */
    size_t left = len;
    const char *at;
    while (left > 0 && (at = memrchr(frame, key[anchor], left)) != NULL) {
        size_t i = (size_t)(at - frame);
        if (i >= anchor && i - anchor + n <= len && !memcmp(at - anchor, key, n)) return at - anchor;
        left = i;
    }
    return NULL;
}

static int scan(const char *frame, size_t len, uint64_t *id, char *text, size_t cap)
{
    const char *end = frame + len, *at;
    char digits[24];
    size_t n_digits = 0;
    if (len < LIT_LEN(request_head) + 8 || memcmp(frame, request_head, LIT_LEN(request_head))) return -1;
    /* strtoull would read past a frame that is not NUL-terminated. */
    for (at = frame + LIT_LEN(request_head); at < end && *at >= '0' && *at <= '9' && n_digits < 20; at++)
        digits[n_digits++] = *at;
    if (!n_digits || at >= end || *at != ',') return -1;
    digits[n_digits] = '\0';
    *id = strtoull(digits, NULL, 10);
    at = last_key(frame, len, legal_key, LIT_LEN(legal_key));
    if (at) {
        at += LIT_LEN(legal_key);
        const char *q = memchr(at, '"', (size_t)(end - at));
        if (!q || (size_t)(q - at) >= cap) return -1;
        memcpy(text, at, (size_t)(q - at));
        text[q - at] = '\0';
        return 0;
    }
    /* The exchange: the first `min` cards of the hand. */
    at = memmem(frame, len, discard_key, LIT_LEN(discard_key));
    const char *hand = memmem(frame, len, hand_key, LIT_LEN(hand_key));
    if (!at || !hand || at + LIT_LEN(discard_key) >= end) return -1;
    at += LIT_LEN(discard_key);
    if (*at < '0' || *at > '9') return -1;
    int min = *at - '0';
    size_t n = (size_t)snprintf(text, cap, "discard");
    hand += LIT_LEN(hand_key);
    for (int k = 0; k < min; k++) {
        if (hand + 4 > end || hand[0] != '"' || hand[3] != '"' || n + 4 >= cap) return -1;
        text[n++] = ' ';
        text[n++] = hand[1];
        text[n++] = hand[2];
        text[n] = '\0';
        hand += 4;
        if (hand < end && *hand == ',') hand++;
    }
    return 0;
}

/* The same from the full decode, for anything scan() does not read. */
static int decoded(const char *frame, size_t len, uint64_t *id, char *text, size_t cap)
{
    static struct codec_arena_message msg;
    char err[128];
    if (codec_decode_arena(frame, len, NULL, &msg, err, sizeof err) != CODEC_OK || msg.type != CODEC_REQUEST) return -1;
    const struct codec_request *r = &msg.as.request;
    struct pq_action a;
    *id = r->id;
    if (r->discard) {
        memset(&a, 0, sizeof a);
        a.kind = PQ_ACT_DISCARD;
        for (pq_mask m = r->view.hand; m && pq_mask_count(a.cards) < r->discard_min; m &= m - 1) a.cards |= m & -m;
    } else {
        a = r->legal[0];
    }
    return pq_action_format(&a, text, (int)cap) < 0 ? -1 : 0;
}

/* Whether the frame names another type than a request first: then it is
 * no request (a second "type" is refused by the codec), and needs no
 * decode to say so. The deal end before each deal's first request was
 * decoded in full for nothing. */
static int names_another_type(const char *frame, size_t len)
{
    static const char type_key[] = "{\"type\":\"", request[] = "request\"";
    return len >= LIT_LEN(type_key) + LIT_LEN(request) && !memcmp(frame, type_key, LIT_LEN(type_key)) &&
           memcmp(frame + LIT_LEN(type_key), request, LIT_LEN(request)) != 0;
}

enum instant_path instant_answer(const char *frame, size_t len, uint64_t *id, char *text, size_t cap)
{
    if (scan(frame, len, id, text, cap) == 0) return INSTANT_SCANNED;
    if (names_another_type(frame, len)) return INSTANT_NONE;
    if (decoded(frame, len, id, text, cap) == 0) return INSTANT_DECODED;
    return INSTANT_NONE;
}

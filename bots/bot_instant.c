/* bot_instant.c - `bot-instant`: answers every request at once with its
 * first legal action, reading no more of the request than it needs (the
 * id, the first entry of "legal", or the hand and the smallest exchange).
 * It is the instant bot of `arena bench harness`: what it costs is as close
 * to nothing as a bot can be, so the benchmark measures the arena. A frame
 * it cannot read that way is decoded in full by the codec. Not a player:
 * it always plays the first legal action.
 */
#define _GNU_SOURCE   /* memmem */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>
#include "protocol/codec.h"

/* The first legal action found by scanning the arena's own frame; 0, or -1
 * when the frame is not what the arena writes. */
static int scan(const char *frame, size_t len, uint64_t *id, char *text, size_t cap)
{
    const char *end = frame + len, *at;
    char *stop = NULL;
    if (len < 32 || memcmp(frame, "{\"type\":\"request\",\"id\":", 24)) return -1;
    *id = strtoull(frame + 24, &stop, 10);
    if (!stop || stop >= end || *stop != ',') return -1;
    at = memmem(frame, len, "\"legal\":[\"", 10);
    if (at) {
        at += 10;
        const char *q = memchr(at, '"', (size_t)(end - at));
        if (!q || (size_t)(q - at) >= cap) return -1;
        memcpy(text, at, (size_t)(q - at));
        text[q - at] = '\0';
        return 0;
    }
    /* The exchange: the first `min` cards of the hand. */
    at = memmem(frame, len, "\"discard\":{\"min\":", 17);
    const char *hand = memmem(frame, len, "\"hand\":[", 8);
    if (!at || !hand) return -1;
    int min = atoi(at + 17), n = snprintf(text, cap, "discard");
    hand += 8;
    for (int k = 0; k < min; k++) {
        if (hand + 4 > end || hand[0] != '"' || hand[3] != '"' || (size_t)n + 4 >= cap) return -1;
        n += snprintf(text + n, cap - (size_t)n, " %c%c", hand[1], hand[2]);
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

int main(int argc, char **argv)
{
    static char buf[PROTOCOL_MAX_FRAME + 1];
    const char *endpoint = getenv("PIQUET_ENDPOINT"), *token = getenv("PIQUET_TOKEN");
    if (argc > 1 || !endpoint || !token) {
        fprintf(stderr, "usage: bot-instant (started by the arena, which sets PIQUET_ENDPOINT and PIQUET_TOKEN)\n"
                        "Answers every request at once with its first legal action: the instant bot of\n"
                        "arena bench harness.\n");
        return argc > 1 && !strcmp(argv[1], "--help") ? 0 : 2;
    }
    void *ctx = zmq_ctx_new(), *socket = zmq_socket(ctx, ZMQ_DEALER);
    int zero = 0, status = 1;
    struct codec_frame f = { NULL, 0 };
    char err[256], text[PQ_ACTION_TEXT_MAX];
    struct codec_hello hello = { PROTOCOL_VERSION, "", "instant", "1.0" };
    snprintf(hello.token, sizeof hello.token, "%s", token);
    if (!socket || zmq_setsockopt(socket, ZMQ_LINGER, &zero, sizeof zero) || zmq_connect(socket, endpoint) ||
        codec_encode_hello(&f, &hello, err, sizeof err) != CODEC_OK || zmq_send(socket, f.data, f.len, 0) < 0) {
        fprintf(stderr, "bot-instant: cannot reach the arena at '%s'\n", endpoint);
        goto out;
    }
    codec_frame_release(&f);
    for (;;) {
        uint64_t id;
        int len = zmq_recv(socket, buf, sizeof buf - 1, 0);
        if (len < 0 || len > PROTOCOL_MAX_FRAME) break;
        if (scan(buf, (size_t)len, &id, text, sizeof text) < 0 && decoded(buf, (size_t)len, &id, text, sizeof text) < 0) {
            if (len > 16 && !memcmp(buf, "{\"type\":\"error\"", 15)) break;
            continue;   /* welcome, partie_start, deal_end, partie_end */
        }
        if (codec_encode_action(&f, id, text, err, sizeof err) != CODEC_OK || zmq_send(socket, f.data, f.len, 0) < 0)
            break;
        codec_frame_release(&f);
    }
    status = 0;
out:
    codec_frame_release(&f);
    if (socket) zmq_close(socket);
    if (ctx) zmq_ctx_term(ctx);
    return status;
}

/* sdk.c - the C bot SDK (sdk.h): one DEALER socket, one loop. Messages are
 * decoded into a single static arena message (a request with its legal
 * list and events is large), so the SDK allocates nothing per message.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>
#include "protocol/sdk.h"

static void *current_socket;

static int set_int(void *socket, int option, int value)
{
    return zmq_setsockopt(socket, option, &value, sizeof value);
}

static int send_frame(void *socket, const struct codec_frame *frame)
{
    return zmq_send(socket, frame->data, frame->len, 0) < 0 ? -1 : 0;
}

void sdk_log(const char *text)
{
    struct codec_frame frame = { NULL, 0 };
    char err[128];
    if (current_socket && codec_encode_log(&frame, text, err, sizeof err) == CODEC_OK)
        send_frame(current_socket, &frame);
    codec_frame_release(&frame);
}

int sdk_legal_actions(const struct codec_request *request, struct pq_action *out, int cap)
{
    if (!request->discard) {
        int n = request->n_legal < cap ? request->n_legal : cap;
        memcpy(out, request->legal, sizeof *out * (size_t)n);
        return n;
    }
    /* Every subset of the hand's cards with discard_min..discard_max cards,
     * by position in the hand. */
    pq_mask hand = request->view.hand;
    int cards = pq_mask_count(hand), n = 0;
    for (uint32_t pick = 0; pick < (1u << cards) && n < cap; pick++) {
        int size = pq_mask_count(pick);
        if (size < request->discard_min || size > request->discard_max) continue;
        pq_mask chosen = 0;
        for (uint32_t m = pick; m; m &= m - 1) chosen |= PQ_BIT(pq_mask_nth(hand, pq_mask_first(m)));
        memset(&out[n], 0, sizeof out[n]);
        out[n].kind = PQ_ACT_DISCARD;
        out[n].cards = chosen;
        out[n].pad = request->seat;
        n++;
    }
    return n;
}

static int answer(void *socket, const struct sdk_bot *bot, void *ctx, const struct codec_request *request)
{
    static struct pq_action legal[PQ_MAX_LEGAL];
    struct codec_frame frame = { NULL, 0 };
    char text[PQ_ACTION_TEXT_MAX], err[256];
    int n = sdk_legal_actions(request, legal, PQ_MAX_LEGAL);
    if (n <= 0) {
        fprintf(stderr, "%s: a request with no legal action\n", bot->name);
        return -1;
    }
    int pick = bot->act(ctx, request, legal, n);
    if (pick < 0 || pick >= n) {
        fprintf(stderr, "%s: act() returned %d, outside 0..%d; playing the first legal action\n", bot->name, pick, n - 1);
        pick = 0;
    }
    pq_action_format(&legal[pick], text, sizeof text);
    if (codec_encode_action(&frame, request->id, text, err, sizeof err) != CODEC_OK) {
        fprintf(stderr, "%s: cannot encode an action: %s\n", bot->name, err);
        return -1;
    }
    int rc = send_frame(socket, &frame);
    codec_frame_release(&frame);
    return rc;
}

int sdk_run(const struct sdk_bot *bot, void *ctx)
{
    static struct codec_arena_message msg;
    static char buf[PROTOCOL_MAX_FRAME + 1];
    const char *endpoint = getenv("PIQUET_ENDPOINT"), *token = getenv("PIQUET_TOKEN");
    struct codec_frame frame = { NULL, 0 };
    struct codec_hello hello;
    struct pq_rules rules;
    char err[256];
    int status = 1, parties = 0;
    void *zctx = NULL, *socket = NULL;
    pq_rules_default(&rules);
    if (!endpoint || !token) {
        fprintf(stderr, "%s: PIQUET_ENDPOINT and PIQUET_TOKEN must be set (the arena sets them when it starts a bot)\n",
                bot->name);
        return 1;
    }
    memset(&hello, 0, sizeof hello);
    hello.protocol = PROTOCOL_VERSION;
    snprintf(hello.token, sizeof hello.token, "%s", token);
    snprintf(hello.name, sizeof hello.name, "%s", bot->name);
    snprintf(hello.version, sizeof hello.version, "%s", bot->version ? bot->version : "");
    if (codec_encode_hello(&frame, &hello, err, sizeof err) != CODEC_OK) {
        fprintf(stderr, "%s: cannot say hello: %s\n", bot->name, err);
        return 1;
    }
    zctx = zmq_ctx_new();
    socket = zctx ? zmq_socket(zctx, ZMQ_DEALER) : NULL;
    if (!socket || set_int(socket, ZMQ_LINGER, 0) || set_int(socket, ZMQ_HEARTBEAT_IVL, PROTOCOL_HEARTBEAT_IVL_MS) ||
        set_int(socket, ZMQ_HEARTBEAT_TTL, PROTOCOL_HEARTBEAT_TTL_MS) ||
        set_int(socket, ZMQ_HEARTBEAT_TIMEOUT, PROTOCOL_HEARTBEAT_TIMEOUT_MS) || zmq_connect(socket, endpoint)) {
        fprintf(stderr, "%s: cannot connect to '%s': %s\n", bot->name, endpoint, zmq_strerror(errno));
        goto out;
    }
    current_socket = socket;
    if (send_frame(socket, &frame) < 0) {
        fprintf(stderr, "%s: cannot send hello: %s\n", bot->name, zmq_strerror(errno));
        goto out;
    }
    for (;;) {
        int len = zmq_recv(socket, buf, sizeof buf, 0);
        if (len < 0) {
            if (errno == EINTR) continue;
            fprintf(stderr, "%s: receive failed: %s\n", bot->name, zmq_strerror(errno));
            goto out;
        }
        if (len > PROTOCOL_MAX_FRAME) {
            fprintf(stderr, "%s: a frame over %d bytes from the arena\n", bot->name, PROTOCOL_MAX_FRAME);
            goto out;
        }
        if (codec_decode_arena(buf, (size_t)len, &rules, &msg, err, sizeof err) != CODEC_OK) {
            fprintf(stderr, "%s: cannot read a message from the arena: %s\n", bot->name, err);
            goto out;
        }
        switch (msg.type) {
        case CODEC_PARTIE_START:
            rules = msg.as.partie_start.rules;
            if (bot->partie_start) bot->partie_start(ctx, &msg.as.partie_start);
            break;
        case CODEC_REQUEST:
            if (answer(socket, bot, ctx, &msg.as.request) < 0) goto out;
            break;
        case CODEC_DEAL_END:
            if (bot->deal_end) bot->deal_end(ctx, &msg.as.deal_end);
            break;
        case CODEC_PARTIE_END:
            if (bot->partie_end) bot->partie_end(ctx, &msg.as.partie_end);
            if (bot->max_parties && ++parties >= bot->max_parties) {
                status = 0;
                goto out;
            }
            break;
        case CODEC_ERROR:
            fprintf(stderr, "%s: the arena says %s: %s\n", bot->name, codec_code_name(msg.as.error.code),
                    msg.as.error.message);
            goto out;
        default:
            break;   /* welcome */
        }
    }
out:
    current_socket = NULL;
    codec_frame_release(&frame);
    if (socket) zmq_close(socket);
    if (zctx) zmq_ctx_term(zctx);
    return status;
}

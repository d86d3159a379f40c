/* sdk.c - the C bot SDK (sdk.h): one DEALER socket, one loop. Messages are
 * decoded into a single static arena message (a request with its legal
 * list and events is large), so the SDK allocates nothing per message.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>
#include "protocol/curve_keys.h"
#include "protocol/sdk.h"

static void *current_socket;

/* A bot on tcp (another machine) says hello again whenever its socket
 * reconnects (ZeroMQ reconnects by itself: the arena restarted, a network
 * blip): the new connection is a new one to the arena, which knows a bot
 * only by its hello. The monitor reports each completed handshake. */
static struct {
    void *monitor;                 /* PAIR on the socket's events, or NULL (ipc) */
    struct codec_frame hello;      /* the hello, kept to send again */
    int handshakes;
} link_state;

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

int sdk_set_curve(void *socket, const char *name)
{
    const char *server = getenv("PIQUET_SERVER_KEY"), *key_file = getenv("PIQUET_KEY_FILE");
    char server_key[CURVE_KEY_TEXT], public_key[CURVE_KEY_TEXT], secret_key[CURVE_KEY_TEXT], err[512];
    if (!server || !*server) return 0;
    if (curve_key_valid(server)) snprintf(server_key, sizeof server_key, "%s", server);
    else if (curve_key_read_public(server, server_key, err, sizeof err) < 0) {
        fprintf(stderr, "%s: PIQUET_SERVER_KEY is neither a key nor a file holding one: %s\n", name, err);
        return -1;
    }
    if (key_file && *key_file) {
        if (curve_keys_read(key_file, public_key, secret_key, err, sizeof err) < 0) {
            fprintf(stderr, "%s: PIQUET_KEY_FILE: %s\n", name, err);
            return -1;
        }
    } else if (zmq_curve_keypair(public_key, secret_key) != 0) {
        fprintf(stderr, "%s: cannot make a CURVE key pair: %s\n", name, zmq_strerror(errno));
        return -1;
    }
    int rc = zmq_setsockopt(socket, ZMQ_CURVE_SERVERKEY, server_key, 40) ||
             zmq_setsockopt(socket, ZMQ_CURVE_PUBLICKEY, public_key, 40) ||
             zmq_setsockopt(socket, ZMQ_CURVE_SECRETKEY, secret_key, 40);
    memset(secret_key, 0, sizeof secret_key);
    if (rc) fprintf(stderr, "%s: cannot set the CURVE keys: %s\n", name, zmq_strerror(errno));
    return rc ? -1 : 0;
}

/* Reads PIQUET_ENDPOINT and PIQUET_TOKEN, connects a DEALER socket with
 * the protocol's heartbeats (and CURVE when PIQUET_SERVER_KEY is set) and
 * sends the hello (token filled in here).
 * 0, or -1 after saying why on stderr; *zctx and *socket are set either
 * way (NULL when not made) for the caller to close. */
static int connect_hello(struct codec_hello *hello, void **zctx, void **socket)
{
    const char *endpoint = getenv("PIQUET_ENDPOINT"), *token = getenv("PIQUET_TOKEN");
    struct codec_frame frame = { NULL, 0 };
    char err[256];
    int rc = -1;
    *zctx = *socket = NULL;
    if (!endpoint || !token) {
        fprintf(stderr, "%s: PIQUET_ENDPOINT and PIQUET_TOKEN must be set (the arena sets them when it starts a bot)\n",
                hello->name);
        return -1;
    }
    snprintf(hello->token, sizeof hello->token, "%s", token);
    if (codec_encode_hello(&frame, hello, err, sizeof err) != CODEC_OK) {
        fprintf(stderr, "%s: cannot say hello: %s\n", hello->name, err);
        return -1;
    }
    *zctx = zmq_ctx_new();
    *socket = *zctx ? zmq_socket(*zctx, ZMQ_DEALER) : NULL;
    if (!*socket || set_int(*socket, ZMQ_LINGER, 0) || set_int(*socket, ZMQ_HEARTBEAT_IVL, PROTOCOL_HEARTBEAT_IVL_MS) ||
        set_int(*socket, ZMQ_HEARTBEAT_TTL, PROTOCOL_HEARTBEAT_TTL_MS) ||
        set_int(*socket, ZMQ_HEARTBEAT_TIMEOUT, PROTOCOL_HEARTBEAT_TIMEOUT_MS) || sdk_set_curve(*socket, hello->name)) {
        fprintf(stderr, "%s: cannot set up the socket: %s\n", hello->name, zmq_strerror(errno));
        goto out;
    }
    current_socket = *socket;
    link_state.handshakes = 0;
    link_state.monitor = NULL;
    /* The monitor is attached before connecting, so that the first
     * handshake is counted and every later one is a reconnection. */
    if (!strncmp(endpoint, "tcp://", 6)) {
        char where[64];
        snprintf(where, sizeof where, "inproc://sdk-monitor-%p", *socket);
        link_state.monitor = zmq_socket(*zctx, ZMQ_PAIR);
        if (!link_state.monitor || zmq_socket_monitor(*socket, where, ZMQ_EVENT_HANDSHAKE_SUCCEEDED) ||
            zmq_connect(link_state.monitor, where)) {
            fprintf(stderr, "%s: cannot watch the connection: %s\n", hello->name, zmq_strerror(errno));
            goto out;
        }
    }
    if (zmq_connect(*socket, endpoint)) {
        fprintf(stderr, "%s: cannot connect to '%s': %s\n", hello->name, endpoint, zmq_strerror(errno));
        goto out;
    }
    if (send_frame(*socket, &frame) < 0) {
        fprintf(stderr, "%s: cannot send hello: %s\n", hello->name, zmq_strerror(errno));
        goto out;
    }
    link_state.hello = frame;   /* kept: sent again on a reconnection */
    frame.data = NULL;
    rc = 0;
out:
    codec_frame_release(&frame);
    return rc;
}

/* The next frame from the arena into buf; its length, or -1 after saying
 * why on stderr. */
static int receive_frame(void *socket, const char *name, char *buf, size_t cap)
{
    for (;;) {
        if (link_state.monitor) {
            zmq_pollitem_t items[2] = { { socket, 0, ZMQ_POLLIN, 0 }, { link_state.monitor, 0, ZMQ_POLLIN, 0 } };
            if (zmq_poll(items, 2, -1) < 0) {
                if (errno == EINTR) continue;
                fprintf(stderr, "%s: receive failed: %s\n", name, zmq_strerror(errno));
                return -1;
            }
            if (items[1].revents & ZMQ_POLLIN) {
                zmq_msg_t event;
                int more = 1;
                while (more) {   /* an event is two frames: number and value, then the address */
                    zmq_msg_init(&event);
                    if (zmq_msg_recv(&event, link_state.monitor, ZMQ_DONTWAIT) < 0) more = 0;
                    else more = zmq_msg_more(&event);
                    zmq_msg_close(&event);
                }
                if (++link_state.handshakes > 1 && link_state.hello.data) {
                    fprintf(stderr, "%s: connected again: hello again\n", name);
                    send_frame(socket, &link_state.hello);
                }
            }
            if (!(items[0].revents & ZMQ_POLLIN)) continue;
        }
        int len = zmq_recv(socket, buf, cap, 0);
        if (len < 0 && errno == EINTR) continue;
        if (len < 0) fprintf(stderr, "%s: receive failed: %s\n", name, zmq_strerror(errno));
        else if (len > PROTOCOL_MAX_FRAME) fprintf(stderr, "%s: a frame over %d bytes from the arena\n", name, PROTOCOL_MAX_FRAME);
        else return len;
        return -1;
    }
}

static void hang_up(void *zctx, void *socket)
{
    current_socket = NULL;
    if (link_state.monitor) zmq_close(link_state.monitor);
    link_state.monitor = NULL;
    codec_frame_release(&link_state.hello);
    if (socket) zmq_close(socket);
    if (zctx) zmq_ctx_term(zctx);
}

int sdk_run(const struct sdk_bot *bot, void *ctx)
{
    static struct codec_arena_message msg;
    static char buf[PROTOCOL_MAX_FRAME + 1];
    struct codec_hello hello;
    struct pq_rules rules;
    char err[256];
    int status = 1, parties = 0;
    void *zctx, *socket;
    pq_rules_default(&rules);
    memset(&hello, 0, sizeof hello);
    hello.protocol = PROTOCOL_VERSION_1;
    snprintf(hello.name, sizeof hello.name, "%s", bot->name);
    snprintf(hello.version, sizeof hello.version, "%s", bot->version ? bot->version : "");
    if (connect_hello(&hello, &zctx, &socket) < 0) goto out;
    for (;;) {
        int len = receive_frame(socket, bot->name, buf, sizeof buf);
        if (len < 0) goto out;
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
    hang_up(zctx, socket);
    return status;
}

/* ---- protocol 2 ---------------------------------------------------------------- */

/* The bot's answer to a request, sent as it is: legal[pick], or the text
 * act() wrote. Whether it is legal is the arena's question. */
static int answer_game(void *socket, const struct sdk_game_bot *bot, void *ctx, const struct codec_game_message *req)
{
    struct codec_frame frame = { NULL, 0 };
    char own[GAME_ACTION_MAX], err[256];
    own[0] = '\0';
    int pick = bot->act(ctx, req, own, sizeof own);
    const char *text = own;
    if (pick >= 0 && pick < req->n_legal) {
        text = req->legal[pick];
    } else if (pick >= 0 || !own[0]) {
        fprintf(stderr, "%s: act() returned %d, not an index of 0..%d nor -1 with a text; playing the first legal "
                        "action as the SDK documents\n", bot->name, pick, req->n_legal - 1);
        text = req->legal[0];
    }
    if (codec_encode_action(&frame, req->id, text, err, sizeof err) != CODEC_OK) {
        fprintf(stderr, "%s: cannot send the action '%.60s': %s\n", bot->name, text, err);
        return -1;
    }
    int rc = send_frame(socket, &frame);
    codec_frame_release(&frame);
    return rc;
}

int sdk_game_run(const struct sdk_game_bot *bot, void *ctx)
{
    static char buf[PROTOCOL_MAX_FRAME + 1];
    struct codec_game_message msg;
    struct codec_hello hello;
    char err[256];
    int status = 1, matches = 0;
    void *zctx, *socket;
    memset(&hello, 0, sizeof hello);
    memset(&msg, 0, sizeof msg);
    hello.protocol = PROTOCOL_VERSION_2;
    snprintf(hello.name, sizeof hello.name, "%s", bot->name);
    snprintf(hello.version, sizeof hello.version, "%s", bot->version ? bot->version : "");
    for (int i = 0; bot->games && bot->games[i] && i < CODEC_GAMES_MAX; i++)
        snprintf(hello.games[hello.n_games++], CODEC_GAME_NAME_MAX, "%s", bot->games[i]);
    if (connect_hello(&hello, &zctx, &socket) < 0) goto out;
    for (;;) {
        int len = receive_frame(socket, bot->name, buf, sizeof buf);
        if (len < 0) goto out;
        codec_game_message_release(&msg);
        if (codec_decode_game(buf, (size_t)len, &msg, err, sizeof err) != CODEC_OK) {
            fprintf(stderr, "%s: cannot read a message from the arena: %s\n", bot->name, err);
            goto out;
        }
        switch (msg.type) {
        case CODEC_MATCH_START:
            if (bot->match_start) bot->match_start(ctx, &msg);
            break;
        case CODEC_REQUEST:
            if (answer_game(socket, bot, ctx, &msg) < 0) goto out;
            break;
        case CODEC_DEAL_END:
            if (bot->deal_end) bot->deal_end(ctx, &msg);
            break;
        case CODEC_MATCH_END:
            if (bot->match_end) bot->match_end(ctx, &msg);
            if (bot->max_matches && ++matches >= bot->max_matches) {
                status = 0;
                goto out;
            }
            break;
        case CODEC_ERROR:
            fprintf(stderr, "%s: the arena says %s: %s\n", bot->name, codec_code_name(msg.error.code),
                    msg.error.message);
            goto out;
        default:
            break;   /* welcome */
        }
    }
out:
    codec_game_message_release(&msg);
    hang_up(zctx, socket);
    return status;
}

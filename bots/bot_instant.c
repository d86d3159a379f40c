/* bot_instant.c - `bot-instant`: answers every request at once with its
 * first legal action, reading no more of the request than it needs (the
 * id, the first entry of "legal", or the hand and the smallest exchange).
 * It is the instant bot of `arena bench harness`: what it costs is as close
 * to nothing as a bot can be, so the benchmark measures the arena
 * (bots/instant.h). Not a player: it always plays the first legal action.
 * With PIQUET_SERVER_KEY it connects over CURVE as the SDK's bots do
 * (sdk_set_curve), so that `arena bench serve` plays it on a ladder.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>
#include "bots/instant.h"
#include "protocol/codec.h"
#include "protocol/sdk.h"

int main(int argc, char **argv)
{
    static char buf[PROTOCOL_MAX_FRAME + 1];
    const char *endpoint = getenv("PIQUET_ENDPOINT"), *token = getenv("PIQUET_TOKEN");
    const char *game = argc == 3 && !strcmp(argv[1], "--game") ? argv[2] : NULL;
    if ((argc > 1 && !game) || !endpoint || !token) {
        fprintf(stderr, "usage: bot-instant [--game G] (started by the arena, which sets PIQUET_ENDPOINT and\n"
                        "PIQUET_TOKEN). Answers every request at once with its first legal action: the instant\n"
                        "bot of arena bench harness. Piquet over protocol 1; with --game, game G over protocol 2,\n"
                        "whose requests list the legal actions the same way.\n");
        return argc > 1 && !strcmp(argv[1], "--help") ? 0 : 2;
    }
    void *ctx = zmq_ctx_new(), *socket = zmq_socket(ctx, ZMQ_DEALER);
    int zero = 0, status = 1;
    struct codec_frame f = { NULL, 0 };
    char err[256], text[GAME_ACTION_MAX];
    struct codec_hello hello = { .protocol = PROTOCOL_VERSION_1, .name = "instant", .version = "1.0" };
    snprintf(hello.token, sizeof hello.token, "%s", token);
    if (game) {
        hello.protocol = PROTOCOL_VERSION_2;
        hello.n_games = 1;
        snprintf(hello.games[0], sizeof hello.games[0], "%s", game);
    }
    if (!socket || zmq_setsockopt(socket, ZMQ_LINGER, &zero, sizeof zero) || sdk_set_curve(socket, "bot-instant") ||
        zmq_connect(socket, endpoint) ||
        codec_encode_hello(&f, &hello, err, sizeof err) != CODEC_OK || zmq_send(socket, f.data, f.len, 0) < 0) {
        fprintf(stderr, "bot-instant: cannot reach the arena at '%s'\n", endpoint);
        goto out;
    }
    codec_frame_release(&f);
    for (;;) {
        uint64_t id;
        int len = zmq_recv(socket, buf, sizeof buf - 1, 0);
        if (len < 0 || len > PROTOCOL_MAX_FRAME) break;
        if (instant_answer(buf, (size_t)len, &id, text, sizeof text) == INSTANT_NONE) {
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

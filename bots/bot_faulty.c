/* bot_faulty.c - `bot-faulty`: a bot that misbehaves on purpose, for
 * testing the arena and for bot authors to see what each fault looks like.
 * It plays the first legal action, except at its Nth request (--after N,
 * default 3), where it does what --mode says:
 *   crash     exits with status 3         hang      never answers
 *   garbage   sends a frame that is not JSON
 *   unknown   sends a well-formed message of an unknown type
 *   oversize  sends a 70000-byte frame     illegal   sends a legal-looking
 *                                                    action that is not legal
 *   stale     answers an old request id first, then correctly (no fault)
 *   late      answers after sleeping --sleep-ms (default 3000)
 *   busy      answers after --busy-ms (default 10) of its own CPU time,
 *             spinning (no fault: a bot that thinks on the processor)
 *   silent    never says hello           badtoken  says hello with a wrong token
 * With --chance P it misbehaves instead at each request with probability
 * P percent, in one of the modes of a comma-separated --mode list
 * (--mode crash,hang --chance 0.5), drawn from --seed and the partie id,
 * so a given partie goes the same way whichever process plays it.
 * It talks to the arena with the codec directly, not the SDK, so that it
 * can send what the SDK never would.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zmq.h>
#include "engine/rng.h"
#include "protocol/codec.h"

static void pause_ms(long ms)
{
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

/* Spins until this thread has run ms of CPU time (however long that
 * takes on the wall clock: a processor shared with others gives less). */
static void spin_cpu_ms(long ms)
{
    struct timespec start, now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
    do
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    while ((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000 < ms);
}

static void send_frame(void *socket, const struct codec_frame *f)
{
    zmq_send(socket, f->data, f->len, 0);
}

static void send_action(void *socket, uint64_t id, const char *text)
{
    struct codec_frame f = { NULL, 0 };
    char err[128];
    if (codec_encode_action(&f, id, text, err, sizeof err) == CODEC_OK) send_frame(socket, &f);
    codec_frame_release(&f);
}

/* The first legal action of a request, as text. */
static void first_legal(const struct codec_request *r, char *text, size_t cap)
{
    struct pq_action a;
    if (r->discard) {
        memset(&a, 0, sizeof a);
        a.kind = PQ_ACT_DISCARD;
        for (pq_mask m = r->view.hand; m && pq_mask_count(a.cards) < (r->discard_min ? r->discard_min : 0); m &= m - 1)
            a.cards |= m & -m;
    } else {
        a = r->legal[0];
    }
    pq_action_format(&a, text, (int)cap);
}

int main(int argc, char **argv)
{
    static struct codec_arena_message msg;
    static char buf[PROTOCOL_MAX_FRAME + 1];
    const char *modes = "crash", *endpoint = getenv("PIQUET_ENDPOINT"), *token = getenv("PIQUET_TOKEN");
    long after = 3, sleep_ms = 3000, busy_ms = 10, requests = 0;
    double chance = 0;
    unsigned long long seed = 1;
    struct pq_rng rng;
    char mode[32];
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--mode")) modes = argv[i + 1];
        else if (!strcmp(argv[i], "--after")) after = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--sleep-ms")) sleep_ms = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--busy-ms")) busy_ms = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--chance")) chance = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "--seed")) seed = strtoull(argv[i + 1], NULL, 10);
    }
    if (!endpoint || !token) {
        fprintf(stderr, "usage: bot-faulty --mode MODE[,MODE...] [--after N | --chance PERCENT [--seed N]] "
                        "[--sleep-ms MS] [--busy-ms MS] (started by the arena)\n");
        return 2;
    }
    pq_rng_seed(&rng, seed);
    snprintf(mode, sizeof mode, "%.*s", (int)strcspn(modes, ","), modes);
    void *ctx = zmq_ctx_new(), *socket = zmq_socket(ctx, ZMQ_DEALER);
    int zero = 0;
    zmq_setsockopt(socket, ZMQ_LINGER, &zero, sizeof zero);
    zmq_connect(socket, endpoint);
    if (!strcmp(mode, "silent")) {
        pause_ms(60000);
        return 0;
    }
    struct codec_hello hello = { .protocol = PROTOCOL_VERSION_1, .name = "faulty", .version = "1.0" };
    snprintf(hello.token, sizeof hello.token, "%s", strcmp(mode, "badtoken") ? token : "0000");
    struct codec_frame f = { NULL, 0 };
    char err[256], text[PQ_ACTION_TEXT_MAX];
    codec_encode_hello(&f, &hello, err, sizeof err);
    send_frame(socket, &f);
    codec_frame_release(&f);
    struct pq_rules rules;
    pq_rules_default(&rules);
    for (;;) {
        int len = zmq_recv(socket, buf, sizeof buf, 0);
        if (len < 0 || len > PROTOCOL_MAX_FRAME) break;
        if (codec_decode_arena(buf, (size_t)len, &rules, &msg, err, sizeof err) != CODEC_OK) break;
        if (msg.type == CODEC_PARTIE_START) {
            rules = msg.as.partie_start.rules;
            pq_rng_seed(&rng, pq_rng_mix(seed, msg.as.partie_start.partie));
        }
        if (msg.type != CODEC_REQUEST) continue;
        const struct codec_request *r = &msg.as.request;
        first_legal(r, text, sizeof text);
        ++requests;
        if (chance > 0) {
            if ((double)pq_rng_below(&rng, 1000000) >= chance * 10000) {
                send_action(socket, r->id, text);
                continue;
            }
            /* One of the listed modes. */
            int n = 1, k;
            for (const char *c = modes; *c; c++) n += *c == ',';
            k = (int)pq_rng_below(&rng, (uint32_t)n);
            const char *start = modes;
            while (k-- > 0) start = strchr(start, ',') + 1;
            snprintf(mode, sizeof mode, "%.*s", (int)strcspn(start, ","), start);
        } else if (requests != after) {
            send_action(socket, r->id, text);
            continue;
        }
        if (!strcmp(mode, "crash")) return 3;
        if (!strcmp(mode, "hang")) {
            pause_ms(600000);
            return 0;
        }
        if (!strcmp(mode, "garbage")) {
            zmq_send(socket, "this is not json", 16, 0);
        } else if (!strcmp(mode, "unknown")) {
            zmq_send(socket, "{\"type\":\"fold\",\"id\":1}", 22, 0);
        } else if (!strcmp(mode, "oversize")) {
            static char big[70000];
            memset(big, ' ', sizeof big);
            zmq_send(socket, big, sizeof big, 0);
        } else if (!strcmp(mode, "illegal")) {
            send_action(socket, r->id, r->view.phase == PQ_PHASE_PLAY ? "pass" : "play AS");
        } else if (!strcmp(mode, "stale")) {
            send_action(socket, r->id - 1, text);
            send_action(socket, r->id, text);
        } else if (!strcmp(mode, "late")) {
            pause_ms(sleep_ms);
            send_action(socket, r->id, text);
        } else if (!strcmp(mode, "busy")) {
            spin_cpu_ms(busy_ms);
            send_action(socket, r->id, text);
        } else {
            send_action(socket, r->id, text);
        }
    }
    zmq_close(socket);
    zmq_ctx_term(ctx);
    return 0;
}

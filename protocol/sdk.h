/* sdk.h - the C bot SDK: everything between a bot's decision function and
 * the arena (protocol/README.md).
 *
 * A bot implements act(): it receives the request (its seat's view, time,
 * events since its last request) and the full list of legal actions (the
 * SDK expands the exchange, which travels as a size range), and returns the
 * index of the action it plays. sdk_run() connects to PIQUET_ENDPOINT with
 * a DEALER socket, says hello with PIQUET_TOKEN, answers every request, and
 * calls the optional callbacks. It returns when the arena sends an error
 * (exit status 1), or 0 once `max_parties` parties ended (0: never; the
 * arena stops the process when it no longer needs it).
 *
 *   static int act(void *ctx, const struct codec_request *req,
 *                  const struct pq_action *legal, int n) { return 0; }
 *   int main(void) {
 *       struct sdk_bot bot = { "first-legal", "1.0", act };
 *       return sdk_run(&bot, NULL);
 *   }
 */
#ifndef SDK_H
#define SDK_H

#include "protocol/codec.h"

struct sdk_bot {
    const char *name;       /* shown in standings; 1..63 bytes */
    const char *version;    /* free text, may be "" */
    /* Required: index (0..n-1) of the action to play. */
    int (*act)(void *ctx, const struct codec_request *request, const struct pq_action *legal, int n);
    /* Optional. */
    void (*partie_start)(void *ctx, const struct codec_partie_start *start);
    void (*deal_end)(void *ctx, const struct codec_deal_end *end);
    void (*partie_end)(void *ctx, const struct codec_partie_end *end);
    int max_parties;        /* return after this many parties; 0: run until stopped */
};

/* Runs the bot; see the top. Problems (no endpoint, a frame the SDK
 * cannot read, an error from the arena) are reported on stderr. */
int sdk_run(const struct sdk_bot *bot, void *ctx);

/* Fills out with every legal action of a request (the exchange expanded:
 * every set of discard_min..discard_max cards of the hand); returns n. */
int sdk_legal_actions(const struct codec_request *request, struct pq_action *out, int cap);

/* Sends a log line to the arena (kept in the bot's log); only during act()
 * or a callback. */
void sdk_log(const char *text);

#endif

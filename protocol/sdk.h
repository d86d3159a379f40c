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

/* ---- protocol 2: any game ------------------------------------------------------ */

/* A bot for any game (protocol 2). act() gets the request (its view as
 * JSON, its legal actions as text) and returns the index of the legal
 * action it plays, or -1 after writing its own action text into answer
 * (cap bytes): the SDK sends that text as it is, and the arena, not the
 * SDK, judges it (card order inside an action never matters; an illegal
 * one is the bot's fault). An index out of range, or -1 with no text, is
 * the bot's own bug: the SDK says so on stderr and plays legal[0].
 *
 *   static int act(void *ctx, const struct codec_game_message *req,
 *                  char *answer, size_t cap) { return 0; }
 *   int main(void) {
 *       static const char *const games[] = { "belote", NULL };
 *       struct sdk_game_bot bot = { "first-legal", "1.0", games, act };
 *       return sdk_game_run(&bot, NULL);
 *   }
 */
struct sdk_game_bot {
    const char *name;                   /* 1..63 bytes */
    const char *version;                /* may be "" */
    const char *const *games;           /* the games it plays, NULL-terminated */
    int (*act)(void *ctx, const struct codec_game_message *request, char *answer, size_t cap);
    /* Optional. */
    void (*match_start)(void *ctx, const struct codec_game_message *start);
    void (*deal_end)(void *ctx, const struct codec_game_message *end);
    void (*match_end)(void *ctx, const struct codec_game_message *end);
    int max_matches;                    /* return after this many; 0: run until stopped */
};

/* Runs the bot as sdk_run does, speaking protocol 2. */
int sdk_game_run(const struct sdk_game_bot *bot, void *ctx);

/* Sends a log line to the arena (kept in the bot's log); only during act()
 * or a callback. */
void sdk_log(const char *text);

/* With PIQUET_SERVER_KEY (the arena's public key, or a file holding it):
 * makes `socket` (before its connect) a CURVE client of that server, with
 * the bot's pair from PIQUET_KEY_FILE or, without it, a pair made for
 * this connection; without PIQUET_SERVER_KEY, does nothing. The SDK's
 * bots call it; a bot of its own socket (bot-instant) may too. 0, or -1
 * after saying why on stderr (`name` first). */
int sdk_set_curve(void *socket, const char *name);

#endif

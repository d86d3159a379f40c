/* codec.h - the wire format between the arena and the bots (protocol/README.md):
 * one JSON object per ZeroMQ frame, encoded from and decoded into plain
 * fixed-size C structs.
 *
 * Arena to bot: welcome, partie_start, request, deal_end, partie_end, error.
 * Bot to arena: hello, action, log.
 *
 * Encoding: every codec_encode_*() fills a struct codec_frame with a buffer
 * it allocates; the caller owns it and frees it with codec_frame_release(),
 * the only way to free it. On failure the frame is left empty ({NULL, 0}).
 *
 * Decoding: every codec_decode_*() reads a frame of `len` bytes (a ZeroMQ
 * frame: not NUL-terminated, may hold anything) and returns CODEC_OK, or an
 * error code with a one-line reason in `err` (cap bytes, always
 * NUL-terminated when cap > 0). Bad input never crashes, aborts or exits:
 * frames over PROTOCOL_MAX_FRAME are refused before parsing; NUL bytes,
 * invalid UTF-8, raw control characters in strings, "\u0000" escapes and
 * bytes after the object are refused; every field is checked for presence,
 * type, range and length, and refused when given twice. Unknown fields are
 * ignored; an unknown "type" is an error. On an error `out` holds no
 * meaningful data except where a function says otherwise.
 *
 * The codec keeps no state of its own between calls (cJSON's allocator
 * hooks and last-error pointer are cJSON's).
 */
#ifndef CODEC_H
#define CODEC_H

#include <stddef.h>
#include <stdint.h>
#include <cjson/cJSON.h>
#include "engine/piquet/action.h"
#include "engine/piquet/deal.h"
#include "engine/game.h"
#include "engine/piquet/partie.h"
#include "engine/piquet/view.h"

enum {
    /* The major versions in hello and welcome. 1: Piquet's own frames
     * (partie_start, request with typed view and events, deal_end,
     * partie_end). 2: one frame for every game (match_start, request with
     * the game's view and its legal actions as text, deal_end, match_end;
     * protocol/README.md). The arena speaks both, each bot its own. */
    PROTOCOL_VERSION_1 = 1,
    PROTOCOL_VERSION_2 = 2,
    PROTOCOL_VERSION = PROTOCOL_VERSION_2,   /* the newest */
    PROTOCOL_MAX_FRAME = 65536,    /* bytes, either direction */
    /* Heartbeats (ZMQ_HEARTBEAT_IVL / _TTL / _TIMEOUT) the arena sets on
     * its ROUTER socket and recommends to bots for their DEALER socket. */
    PROTOCOL_HEARTBEAT_IVL_MS = 1000,
    PROTOCOL_HEARTBEAT_TTL_MS = 5000,
    PROTOCOL_HEARTBEAT_TIMEOUT_MS = 5000,
    /* How long a started bot has to say hello, unless configured otherwise. */
    PROTOCOL_HANDSHAKE_MS = 10000
};

/* Sizes of the text fields, each including the terminating NUL. */
enum {
    CODEC_TOKEN_MAX = 128,     /* hello.token: 1..127 printable ASCII bytes */
    CODEC_NAME_MAX = 64,       /* bot names: 1..63 bytes of UTF-8 */
    CODEC_VERSION_MAX = 32,    /* hello.version, welcome.arena: 0..31 bytes */
    CODEC_LOG_MAX = 1024,      /* log.text: longer text is cut, not refused */
    CODEC_MESSAGE_MAX = 256    /* error and forfeit messages */
};

/* The largest legal list outside the exchange: a point call from 12 cards
 * with 8 of one suit and 4 of another (255 + 15 subsets) plus pass. The
 * exchange is never listed (request.discard instead). */
enum { CODEC_LEGAL_MAX = 272 };
/* Protocol 2: a request lists every legal action when their texts take
 * at most CODEC_LEGAL_BYTES (measured up to CODEC_LEGAL_MEASURED actions);
 * otherwise a uniform sample of CODEC_LEGAL_LISTED of them and
 * "legal_count" (protocol/README.md). */
enum { CODEC_LEGAL_LISTED = 512, CODEC_LEGAL_MEASURED = 8192, CODEC_LEGAL_BYTES = 40000 };

/* Events since a seat's previous request: at most every action and every
 * score of a deal. */
enum { CODEC_EVENTS_MAX = PQ_MAX_HISTORY + PQ_MAX_EVENTS };

/* Ids (request id, partie id) are integers 0..CODEC_ID_MAX (15 digits),
 * exact in the doubles of every JSON library. */
#define CODEC_ID_MAX ((uint64_t)999999999999999u)

/* The codes of the error message on the wire (names in codec_code_name()),
 * also the results of the codec: decoders return CODEC_OK to
 * CODEC_BAD_ACTION, CODEC_PROTOCOL_VERSION (hello) and CODEC_UNEXPECTED (a
 * typed decoder given another message); encoders CODEC_BAD_FIELD,
 * CODEC_BAD_ACTION, CODEC_OVERSIZED and CODEC_INTERNAL. The arena decides
 * the others (token, legality, time). */
enum codec_code {
    CODEC_OK,               /* "ok" (never sent) */
    CODEC_OVERSIZED,        /* "oversized": frame over PROTOCOL_MAX_FRAME */
    CODEC_BAD_ENCODING,     /* "bad_encoding": NUL, invalid UTF-8, \u0000 */
    CODEC_BAD_JSON,         /* "bad_json": not exactly one JSON object */
    CODEC_UNKNOWN_TYPE,     /* "unknown_type": "type" missing or unknown */
    CODEC_BAD_FIELD,        /* "bad_field": a field missing, mistyped, out of range */
    CODEC_BAD_ACTION,       /* "bad_action": text not in the action notation */
    CODEC_PROTOCOL_VERSION, /* "protocol_version": unsupported major version */
    CODEC_BAD_TOKEN,        /* "bad_token": token unknown or already used */
    CODEC_UNEXPECTED,       /* "unexpected": message not allowed now */
    CODEC_ILLEGAL_ACTION,   /* "illegal_action": well formed, not legal now */
    CODEC_TIMEOUT,          /* "timeout": no hello or no answer in time */
    CODEC_INTERNAL,         /* "internal": the arena's own failure (memory) */
    CODEC_CODES
};

/* Wire name of a code, and the code of a wire name (-1 when unknown). */
const char *codec_code_name(int code);
int codec_code_parse(const char *name);

/* Faults that forfeit a partie (docs/design.md "Clocks and faults"). */
enum codec_fault {
    CODEC_FAULT_TIMEOUT,    /* "timeout" */
    CODEC_FAULT_CRASH,      /* "crash": the process died or disconnected */
    CODEC_FAULT_PROTOCOL,   /* "protocol": bad frame or message */
    CODEC_FAULT_ILLEGAL,    /* "illegal_action" */
    CODEC_FAULTS
};
const char *codec_fault_name(int fault);

/* ---- bot names -------------------------------------------------------------- */

/* The name rule for the bots of a tournament, everywhere a name enters
 * (--bot, tournament files, --remote, records posted to the leaderboard):
 * 1..CODEC_BOT_NAME_LEN bytes of valid UTF-8, no control characters (C0,
 * DEL, C1), no '/' (names become file names) and no '=' (NAME=COMMAND).
 * Returns NULL when NAME obeys it, else the reason in words ("is empty",
 * "holds '/'", ...), a static string. */
enum { CODEC_BOT_NAME_LEN = CODEC_NAME_MAX - 1 };   /* 63 */
const char *codec_bot_name_check(const char *name);

/* ---- frames ------------------------------------------------------------ */

struct codec_frame {
    char *data;    /* the JSON text (a NUL follows it, not part of the frame) */
    size_t len;    /* bytes to send */
};

/* Frees a frame made by an encoder and empties it; NULL or an empty frame
 * is a no-op. */
void codec_frame_release(struct codec_frame *self);

/* ---- bot to arena ------------------------------------------------------- */

/* The games a protocol-2 bot names in its hello: at most CODEC_GAMES_MAX
 * names of 1..31 bytes of lowercase letters, digits and '-'. */
enum { CODEC_GAMES_MAX = 8, CODEC_GAME_NAME_MAX = 32 };

struct codec_hello {
    uint32_t protocol;                  /* 1..65535; 1 or 2 to be accepted */
    char token[CODEC_TOKEN_MAX];        /* printable ASCII, no spaces */
    char name[CODEC_NAME_MAX];          /* no control characters */
    char version[CODEC_VERSION_MAX];    /* no control characters, may be empty */
    uint8_t n_games;                    /* protocol 2: "games"; protocol 1: 0 (Piquet) */
    char games[CODEC_GAMES_MAX][CODEC_GAME_NAME_MAX];
};

/* True when the bot of this hello plays `game`: a protocol-1 bot plays
 * Piquet only, a protocol-2 bot the games it named. */
int codec_hello_plays(const struct codec_hello *hello, const char *game);

struct codec_action {
    uint64_t id;                        /* the request answered */
    char text[GAME_ACTION_MAX];         /* as sent: 1..GAME_ACTION_MAX-1 printable ASCII bytes */
    struct pq_action action;            /* parsed as Piquet's notation when it is
                                           (else CODEC_BAD_ACTION); legality is
                                           the referee's */
};

struct codec_log {
    char text[CODEC_LOG_MAX];           /* one line: control characters became spaces */
};

/* ---- arena to bot ------------------------------------------------------- */

struct codec_welcome {
    uint32_t protocol;
    char arena[CODEC_VERSION_MAX];      /* the arena's name and version */
};

struct codec_clocks {
    uint32_t move_ms;                   /* free time per decision */
    uint32_t bank_ms;                   /* reserve per partie for decisions over move_ms */
    uint32_t grace_ms;                  /* tolerance for transport, not to be planned on */
};

struct codec_partie_start {
    uint64_t partie;                    /* partie id */
    uint8_t player;                     /* PQ_PLAYER_A or PQ_PLAYER_B: this bot */
    uint8_t first_dealer;               /* player dealing deal 1 */
    char opponent[CODEC_NAME_MAX];
    struct pq_rules rules;
    struct codec_clocks clocks;
};

struct codec_time {
    uint32_t move_ms;                   /* free time for this decision */
    uint32_t bank_ms;                   /* bank left before it */
};

enum codec_event_kind { CODEC_EVENT_ACTION, CODEC_EVENT_SCORE };

/* Something that happened in the deal, as one seat may see it. Fields a
 * kind does not use are zero, so two events compare with memcmp. */
struct codec_event {
    uint8_t kind;       /* enum codec_event_kind */
    uint8_t seat;       /* who acted or scored (enum pq_seat) */
    uint8_t phase;      /* action: the phase it was taken in (enum pq_phase) */
    uint8_t cls;        /* action in the call, answer or extra phase: the class */
    uint8_t visible;    /* action: 1 when `action` is the whole action */
    uint8_t count;      /* hidden discard: how many cards */
    uint8_t category;   /* score: enum pq_category */
    uint8_t pad;
    int16_t points;     /* score */
    struct pq_action action;                 /* visible action, pad = seat */
    struct pq_view_declaration declaration;  /* hidden call or answer, as view.h */
};

struct codec_request {
    uint64_t id;
    uint64_t partie;
    uint8_t deal;                       /* 1..PQ_MAX_DEALS */
    uint8_t seat;                       /* enum pq_seat, = view.seat */
    uint8_t discard;                    /* 1: exchange; legal is not listed */
    uint8_t discard_min, discard_max;   /* exchange: any min..max cards of the hand */
    uint16_t n_legal;
    uint16_t n_events;
    struct codec_time time;
    struct pq_view view;
    struct pq_action legal[CODEC_LEGAL_MAX];     /* pad = seat, engine order */
    struct codec_event events[CODEC_EVENTS_MAX];
};

/* A deal's result, the shape of pq_report_deal (report.h). */
struct codec_class_result {
    uint8_t outcome;                    /* enum pq_outcome */
    int8_t winner;                      /* seat, -1 none */
    int16_t points;
};

struct codec_deal_result {
    int16_t score[PQ_SEATS];
    uint8_t tricks[PQ_SEATS];
    int8_t carte_blanche, repique, pique;   /* seat, -1 none */
    uint8_t n_scores;
    struct codec_class_result classes[PQ_CLASSES];
    int16_t categories[PQ_SEATS][PQ_CATEGORIES];
    struct pq_event scores[PQ_MAX_EVENTS];  /* every score of the deal, in time order */
};

struct codec_deal_end {
    uint64_t partie;
    uint8_t deal;
    uint8_t seat;                       /* the bot's seat in that deal */
    uint16_t n_events;
    struct codec_deal_result result;
    struct codec_event events[CODEC_EVENTS_MAX];  /* since the seat's last request */
};

/* A partie's result, the shape of pq_report_partie (report.h). */
struct codec_partie_deal {
    uint8_t number, elder, weight;      /* elder: player */
    int16_t score[2];                   /* per player, weighted */
};

struct codec_partie_result {
    int16_t totals[2];
    int8_t winner;                      /* player, -1 none */
    uint8_t over;
    uint8_t n_deals;
    int32_t settlement;
    struct codec_partie_deal deals[PQ_MAX_DEALS];
};

struct codec_forfeit {
    uint8_t player;                     /* who faulted */
    uint8_t fault;                      /* enum codec_fault */
    char message[CODEC_MESSAGE_MAX];
};

struct codec_partie_end {
    uint64_t partie;
    int8_t winner;                      /* player, -1 drawn: the final word */
    uint8_t forfeited;                  /* 1: `forfeit` says why */
    int32_t settlement;                 /* the winner's gain */
    struct codec_forfeit forfeit;
    struct codec_partie_result result;  /* the engine's record so far */
};

struct codec_error {
    uint8_t code;                       /* enum codec_code */
    char message[CODEC_MESSAGE_MAX];
};

/* ---- events: what a seat may see (docs/rules-piquet.md section 7) -------------------- */

/* Writes into out (cap of them) the events `seat` may see of `deal` since
 * its previous request: `since` is the deal's history length (n_history)
 * when that request was made, 0 when there was none in this deal. Every
 * action from number `since` on comes whole when the seat may see it all
 * (own actions, announce, look/nolook, plays, extras, and calls and answers
 * whose cards view.h shows or that passed); otherwise an opponent's discard
 * as its count, an opponent's call or answer as view.h shows it now.
 * Scores follow the action that made them; the scores made at the deal's
 * start (carte blanche) open the seat's first request. Returns the number
 * of events (at most CODEC_EVENTS_MAX). */
int codec_events_since(const struct pq_deal *deal, int seat, int since,
                       struct codec_event *out, int cap);

/* A deal replayed from its pack as far as its history went at the last
 * call: what codec_events_since() learns by replaying the whole deal for
 * each request (the phase and class of each action, the scores each made),
 * kept by the caller from one request to the next so that only the actions
 * since are replayed. Zero it (or codec_replay_reset) before first use;
 * a deal that is not the one followed (another pack, rules, or history)
 * is replayed from its start, so a stale replay costs time, never a
 * wrong event. */
struct codec_replay {
    struct pq_deal deal;                 /* the replay, n_history actions in */
    uint8_t phase[PQ_MAX_HISTORY];       /* the phase action i was taken in */
    uint8_t cls[PQ_MAX_HISTORY];         /* and the class then */
    uint8_t made[PQ_MAX_HISTORY + 1];    /* scores made before action i */
    uint8_t first_to_act;
    uint8_t valid;                       /* 0: nothing followed yet */
};

void codec_replay_reset(struct codec_replay *replay);

/* codec_events_since() through `replay`, which follows `deal` first:
 * the same events. */
int codec_events_since_replayed(struct codec_replay *replay, const struct pq_deal *deal, int seat, int since,
                                struct codec_event *out, int cap);

/* ---- encoders ----------------------------------------------------------- */

/* Each returns CODEC_OK, or CODEC_BAD_FIELD (an input out of the
 * protocol's range), CODEC_OVERSIZED (the frame would pass the cap) or
 * CODEC_INTERNAL (out of memory), with the reason in err. */

enum codec_code codec_encode_hello(struct codec_frame *out, const struct codec_hello *msg,
                                   char *err, size_t cap);
enum codec_code codec_encode_action(struct codec_frame *out, uint64_t id, const char *text,
                                    char *err, size_t cap);
/* The text is cut to CODEC_LOG_MAX - 1 bytes at a character boundary. */
enum codec_code codec_encode_log(struct codec_frame *out, const char *text, char *err, size_t cap);

enum codec_code codec_encode_welcome(struct codec_frame *out, const struct codec_welcome *msg,
                                     char *err, size_t cap);
enum codec_code codec_encode_partie_start(struct codec_frame *out, const struct codec_partie_start *msg,
                                          char *err, size_t cap);

/* The request to the seat to act in `deal` (which must not be over): its
 * view, its legal actions (or the exchange sizes), its events since its
 * action number `since`, and its time. */
enum codec_code codec_encode_request(struct codec_frame *out, uint64_t id, uint64_t partie,
                                     int deal_number, const struct pq_deal *deal, int since,
                                     const struct codec_time *time, char *err, size_t cap);

/* The same request, with its events found through `replay`
 * (codec_events_since_replayed): the same bytes, for less work when the
 * caller keeps the replay from one request of the deal to the next. */
enum codec_code codec_encode_request_replayed(struct codec_frame *out, uint64_t id, uint64_t partie,
                                              int deal_number, const struct pq_deal *deal, int since,
                                              const struct codec_time *time, struct codec_replay *replay,
                                              char *err, size_t cap);

/* The end of `deal` (over) for `seat`, with its events since `since`. */
enum codec_code codec_encode_deal_end(struct codec_frame *out, uint64_t partie, int deal_number,
                                      const struct pq_deal *deal, int seat, int since,
                                      char *err, size_t cap);

/* The same deal end, its events found through `replay` (as for the
 * request): the same bytes. */
enum codec_code codec_encode_deal_end_replayed(struct codec_frame *out, uint64_t partie, int deal_number,
                                               const struct pq_deal *deal, int seat, int since,
                                               struct codec_replay *replay, char *err, size_t cap);

/* The end of a partie: the final winner (-1 drawn) and settlement as the
 * arena decided them, the forfeit (NULL when none), and the engine's record. */
enum codec_code codec_encode_partie_end(struct codec_frame *out, uint64_t partie,
                                        const struct pq_partie *partie_state, int winner,
                                        int settlement, const struct codec_forfeit *forfeit,
                                        char *err, size_t cap);

/* The message is cut to CODEC_MESSAGE_MAX - 1 bytes; control characters
 * become spaces. */
enum codec_code codec_encode_error(struct codec_frame *out, int code, const char *message,
                                   char *err, size_t cap);

/* ---- decoders ----------------------------------------------------------- */

/* CODEC_PROTOCOL_VERSION when the version is well formed but not
 * PROTOCOL_VERSION; `out` is then complete. */
enum codec_code codec_decode_hello(const char *frame, size_t len, struct codec_hello *out,
                                   char *err, size_t cap);
/* CODEC_BAD_ACTION when the text is not in the action notation; out->id and
 * out->text are then valid. */
enum codec_code codec_decode_action(const char *frame, size_t len, struct codec_action *out,
                                    char *err, size_t cap);
enum codec_code codec_decode_log(const char *frame, size_t len, struct codec_log *out,
                                 char *err, size_t cap);

enum codec_code codec_decode_welcome(const char *frame, size_t len, struct codec_welcome *out,
                                     char *err, size_t cap);
enum codec_code codec_decode_partie_start(const char *frame, size_t len, struct codec_partie_start *out,
                                          char *err, size_t cap);
/* The view on the wire omits the rules (sent once, in partie_start): they
 * are copied from `rules` (NULL: the defaults). The view's own played cards
 * are rebuilt from the tricks. */
enum codec_code codec_decode_request(const char *frame, size_t len, const struct pq_rules *rules,
                                     struct codec_request *out, char *err, size_t cap);
enum codec_code codec_decode_deal_end(const char *frame, size_t len, struct codec_deal_end *out,
                                      char *err, size_t cap);
enum codec_code codec_decode_partie_end(const char *frame, size_t len, struct codec_partie_end *out,
                                        char *err, size_t cap);
enum codec_code codec_decode_error(const char *frame, size_t len, struct codec_error *out,
                                   char *err, size_t cap);

/* Any message, by its "type". */
enum codec_type {
    CODEC_HELLO, CODEC_ACTION, CODEC_LOG,
    CODEC_WELCOME, CODEC_PARTIE_START, CODEC_REQUEST, CODEC_DEAL_END, CODEC_PARTIE_END, CODEC_ERROR,
    CODEC_MATCH_START, CODEC_MATCH_END,          /* protocol 2 */
    CODEC_TYPES
};
const char *codec_type_name(int type);

/* What the arena receives. On CODEC_PROTOCOL_VERSION and CODEC_BAD_ACTION
 * `type` and the member are filled as the typed decoders say. */
struct codec_bot_message {
    uint8_t type;    /* CODEC_HELLO, CODEC_ACTION or CODEC_LOG */
    union {
        struct codec_hello hello;
        struct codec_action action;
        struct codec_log log;
    } as;
};
enum codec_code codec_decode_bot(const char *frame, size_t len, struct codec_bot_message *out,
                                 char *err, size_t cap);

/* What a bot receives (large: a request holds its legal list and events;
 * allocate it once). `rules` as for codec_decode_request. */
struct codec_arena_message {
    uint8_t type;    /* CODEC_WELCOME .. CODEC_ERROR */
    union {
        struct codec_welcome welcome;
        struct codec_partie_start partie_start;
        struct codec_request request;
        struct codec_deal_end deal_end;
        struct codec_partie_end partie_end;
        struct codec_error error;
    } as;
};
enum codec_code codec_decode_arena(const char *frame, size_t len, const struct pq_rules *rules,
                                   struct codec_arena_message *out, char *err, size_t cap);

/* ---- protocol 2: one frame for every game -------------------------------- */

/* What a bot is told when a match starts. */
struct codec_match_start {
    uint64_t match;                     /* the match id; every later message carries it */
    const struct game *game;
    int players;                        /* seats at the table */
    int player;                         /* this bot's seat, 0..players-1 (A, B, ...) */
    int first_dealer;                   /* the player dealing the first deal */
    const char *const *rules;           /* "name=value" as given (others: defaults) */
    const char *names[GAME_MAX_PLAYERS];/* every player's bot name */
    struct codec_clocks clocks;
};

/* match_start: the game, its rules (every flag, typed by its table), the
 * seats, this bot's seat, team and partners, the names and the clocks.
 * `state` is the match just created (for the teams). */
enum codec_code codec_encode_match_start(struct codec_frame *out, const struct codec_match_start *msg,
                                         const void *state, char *err, size_t cap);

/* request: the view of the player to act, its legal actions as text, and
 * its time. */
enum codec_code codec_encode_game_request(struct codec_frame *out, uint64_t id, uint64_t match,
                                          const struct game *game, const void *state,
                                          const struct codec_time *time, char *err, size_t cap);

/* deal_end: the deal just finished (the game's deal result, the same for
 * every player) and each player's running score. */
enum codec_code codec_encode_game_deal_end(struct codec_frame *out, uint64_t match, const struct game *game,
                                           const void *state, char *err, size_t cap);

/* match_end: each player's match points as the arena decided them, the
 * winner (-1: none), the forfeit (NULL: none) and the game's result. */
enum codec_code codec_encode_match_end(struct codec_frame *out, uint64_t match, const struct game *game,
                                       const void *state, const long *points, int winner,
                                       const struct codec_forfeit *forfeit, char *err, size_t cap);

/* What a protocol-2 bot receives. `root` is the parsed frame: view,
 * result and rules point into it; free it with codec_game_message_release()
 * (the only way). Strings are NUL-terminated. */
struct codec_game_message {
    uint8_t type;                       /* CODEC_WELCOME, CODEC_MATCH_START, CODEC_REQUEST,
                                           CODEC_DEAL_END, CODEC_MATCH_END or CODEC_ERROR */
    uint64_t match, id;
    int deal, player, players;
    char game[CODEC_GAME_NAME_MAX];
    struct codec_time time;             /* request */
    struct codec_clocks clocks;         /* match_start */
    const cJSON *view;                  /* request: the game's view */
    const cJSON *rules;                 /* match_start */
    const cJSON *result;                /* deal_end, match_end */
    const cJSON *points;                /* match_end: per player */
    int n_legal;                        /* request */
    const char **legal;                 /* request: n_legal action texts */
    struct codec_welcome welcome;
    struct codec_error error;
    cJSON *root;
};

enum codec_code codec_decode_game(const char *frame, size_t len, struct codec_game_message *out,
                                  char *err, size_t cap);
void codec_game_message_release(struct codec_game_message *self);

#endif

/* msg_game.c - protocol 2, one frame for every game (protocol/README.md
 * "Protocol 2"): match_start, request, deal_end and match_end written from
 * a game module's state through engine/game.h, and read back by bots into
 * a struct codec_game_message whose view and results stay JSON.
 *
 * The request is written straight to text (codec_stream), as protocol 1's
 * is: it is the message of every decision.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "protocol/codec_json.h"
#include "protocol/json_tree.h"
#include "engine/rng.h"

static const char *const player_letters[GAME_MAX_PLAYERS] = { "A", "B", "C", "D", "E" };

/* The value of flag `f` among "name=value" strings, else its default. */
static const char *rule_value(const struct game_flag *f, const char *const *rules)
{
    size_t n = strlen(f->name);
    for (int i = 0; rules && rules[i]; i++)
        if (!strncmp(rules[i], f->name, n) && rules[i][n] == '=') return rules[i] + n + 1;
    return f->fallback;
}

/* Every flag of the game with its value, typed by its table: a boolean, a
 * number or a string. */
static void write_rules(const struct pq_writer *w, const struct game *g, const char *const *rules)
{
    w->begin(w->ctx, "rules", 0);
    for (int i = 0; i < g->n_flags; i++) {
        const struct game_flag *f = &g->flags[i];
        const char *value = rule_value(f, rules);
        if (f->type == GAME_FLAG_BOOL) w->boolean(w->ctx, f->name, !strcmp(value, "true"));
        else if (f->type == GAME_FLAG_NUMBER) w->integer(w->ctx, f->name, strtol(value, NULL, 10));
        else w->string(w->ctx, f->name, value);
    }
    w->end(w->ctx);
}

static void write_players(const struct pq_writer *w, const char *key, const long *values, int n)
{
    w->begin(w->ctx, key, 1);
    for (int p = 0; p < n; p++) w->integer(w->ctx, NULL, values[p]);
    w->end(w->ctx);
}

enum codec_code codec_encode_match_start(struct codec_frame *out, const struct codec_match_start *msg,
                                         const void *state, char *err, size_t cap)
{
    struct json_writer jw;
    const struct game *g = msg->game;
    out->data = NULL;
    out->len = 0;
    if (msg->match > CODEC_ID_MAX)
        return codec_refuse(err, cap, CODEC_BAD_FIELD, "match_start: match id over 999999999999999");
    if (msg->players < 1 || msg->players > GAME_MAX_PLAYERS || msg->player < 0 || msg->player >= msg->players)
        return codec_refuse(err, cap, CODEC_BAD_FIELD, "match_start: the seat is not at the table");
    cJSON *root = codec_start(&jw, CODEC_MATCH_START);
    if (!root) return codec_frame_from(NULL, 1, out, err, cap);
    const struct pq_writer *w = &jw.writer;
    w->integer(w->ctx, "match", (long)msg->match);
    w->string(w->ctx, "game", g->name);
    w->integer(w->ctx, "players", msg->players);
    w->integer(w->ctx, "player", msg->player);
    w->string(w->ctx, "letter", player_letters[msg->player]);
    w->integer(w->ctx, "team", g->team(state, msg->player));
    w->begin(w->ctx, "partners", 1);
    for (int p = 0; p < msg->players; p++)
        if (p != msg->player && g->team(state, p) == g->team(state, msg->player)) w->integer(w->ctx, NULL, p);
    w->end(w->ctx);
    w->begin(w->ctx, "names", 1);
    for (int p = 0; p < msg->players; p++) w->string(w->ctx, NULL, msg->names[p] ? msg->names[p] : "");
    w->end(w->ctx);
    w->integer(w->ctx, "first_dealer", msg->first_dealer);
    write_rules(w, g, msg->rules);
    w->begin(w->ctx, "clocks", 0);
    w->integer(w->ctx, "move_ms", (long)msg->clocks.move_ms);
    w->integer(w->ctx, "bank_ms", (long)msg->clocks.bank_ms);
    w->integer(w->ctx, "grace_ms", (long)msg->clocks.grace_ms);
    w->end(w->ctx);
    return codec_frame_from(root, jw.failed, out, err, cap);
}

enum codec_code codec_encode_game_request(struct codec_frame *out, uint64_t id, uint64_t match,
                                          const struct game *game, const void *state,
                                          const struct codec_time *time, char *err, size_t cap)
{
    struct codec_stream stream;
    char text[GAME_ACTION_MAX];
    int player = game->to_act(state);
    out->data = NULL;
    out->len = 0;
    if (id > CODEC_ID_MAX || match > CODEC_ID_MAX)
        return codec_refuse(err, cap, CODEC_BAD_FIELD, "request: id over 999999999999999");
    if (player < 0) return codec_refuse(err, cap, CODEC_BAD_FIELD, "request: the match is over");
    codec_stream_start(&stream, CODEC_REQUEST);
    const struct pq_writer *w = &stream.writer;
    w->integer(w->ctx, "id", (long)id);
    w->integer(w->ctx, "match", (long)match);
    w->integer(w->ctx, "deal", game->deal_number(state));
    w->integer(w->ctx, "player", player);
    w->begin(w->ctx, "view", 0);
    game->view(state, player, w);
    w->end(w->ctx);
    w->begin(w->ctx, "legal", 1);
    int n = game->legal_count(state), bytes = 0;
    for (int i = 0; n > CODEC_LEGAL_LISTED && n <= CODEC_LEGAL_MEASURED && bytes <= CODEC_LEGAL_BYTES; i++) {
        if (i == n) break;
        int len = game->legal_text(state, i, text, sizeof text);
        bytes += (len > 0 ? len : 0) + 3;
    }
    int sampled = n > CODEC_LEGAL_MEASURED || bytes > CODEC_LEGAL_BYTES;
    int too_long = 0, listed = sampled ? CODEC_LEGAL_LISTED : n;
    /* More legal actions than a frame carries (a Tarot discard may have
     * hundreds of thousands): a uniform sample of them in their order
     * (selection sampling, seeded by the request), so a uniform choice
     * among those listed is a uniform choice among all. */
    struct pq_rng rng;
    pq_rng_seed(&rng, pq_rng_mix(match, id));
    for (int i = 0, left = listed; i < n && left > 0; i++) {
        if (sampled && pq_rng_below(&rng, (uint32_t)(n - i)) >= (uint32_t)left) continue;
        left--;
        int len = game->legal_text(state, i, text, sizeof text);
        if (len < 0 || (size_t)len >= sizeof text) too_long = 1;
        else w->string(w->ctx, NULL, text);
    }
    w->end(w->ctx);
    if (sampled) w->integer(w->ctx, "legal_count", n);
    w->begin(w->ctx, "time", 0);
    w->integer(w->ctx, "move_ms", (long)time->move_ms);
    w->integer(w->ctx, "bank_ms", (long)time->bank_ms);
    w->end(w->ctx);
    enum codec_code code = codec_stream_finish(&stream, out, err, cap);
    if (code == CODEC_OK && too_long) {
        /* The game wrote an action longer than the protocol carries: our
         * bug, never sent. */
        codec_frame_release(out);
        return codec_refuse(err, cap, CODEC_INTERNAL, "request: a legal action is longer than 159 bytes");
    }
    return code;
}

enum codec_code codec_encode_game_deal_end(struct codec_frame *out, uint64_t match, const struct game *game,
                                           const void *state, char *err, size_t cap)
{
    struct codec_stream stream;
    long scores[GAME_MAX_PLAYERS];
    int over = game->to_act(state) < 0, number = game->deal_number(state);
    out->data = NULL;
    out->len = 0;
    if (match > CODEC_ID_MAX) return codec_refuse(err, cap, CODEC_BAD_FIELD, "deal_end: match id over 999999999999999");
    codec_stream_start(&stream, CODEC_DEAL_END);
    const struct pq_writer *w = &stream.writer;
    w->integer(w->ctx, "match", (long)match);
    /* The deal that ended: the current one once the match is over, else
     * the one before the deal now being played. */
    w->integer(w->ctx, "deal", over ? number : number - 1);
    w->begin(w->ctx, "result", 0);
    game->deal_result(state, w);
    w->end(w->ctx);
    game->scores(state, scores);
    write_players(w, "scores", scores, game->players(state));
    return codec_stream_finish(&stream, out, err, cap);
}

enum codec_code codec_encode_match_end(struct codec_frame *out, uint64_t match, const struct game *game,
                                       const void *state, const long *points, int winner,
                                       const struct codec_forfeit *forfeit, char *err, size_t cap)
{
    struct codec_stream stream;
    long scores[GAME_MAX_PLAYERS];
    int n = game->players(state);
    out->data = NULL;
    out->len = 0;
    if (match > CODEC_ID_MAX) return codec_refuse(err, cap, CODEC_BAD_FIELD, "match_end: match id over 999999999999999");
    codec_stream_start(&stream, CODEC_MATCH_END);
    const struct pq_writer *w = &stream.writer;
    w->integer(w->ctx, "match", (long)match);
    write_players(w, "points", points, n);
    game->scores(state, scores);
    write_players(w, "scores", scores, n);
    if (winner >= 0) w->integer(w->ctx, "winner", winner);
    else w->string(w->ctx, "winner", NULL);
    if (forfeit) {
        char message[CODEC_MESSAGE_MAX];
        codec_copy_line(message, sizeof message, forfeit->message);
        w->begin(w->ctx, "forfeit", 0);
        w->integer(w->ctx, "player", forfeit->player);
        w->string(w->ctx, "fault", codec_fault_name(forfeit->fault));
        w->string(w->ctx, "message", message);
        w->end(w->ctx);
    } else {
        w->string(w->ctx, "forfeit", NULL);
    }
    w->begin(w->ctx, "result", 0);
    game->result(state, w);
    w->end(w->ctx);
    return codec_stream_finish(&stream, out, err, cap);
}

/* ---- reading (the bot's side) ------------------------------------------------ */

static int read_object(struct codec_reader *r, const cJSON *root, const char *name, const cJSON **out)
{
    const cJSON *v = codec_get(r, root, NULL, name, 1);
    if (!v) return -1;
    if (!cJSON_IsObject(v)) return codec_fail(r, CODEC_BAD_FIELD, "%s must be an object", name);
    *out = v;
    return 0;
}

static int read_legal(struct codec_reader *r, const cJSON *root, struct codec_game_message *out)
{
    const cJSON *list = codec_get(r, root, NULL, "legal", 1), *item;
    if (!list) return -1;
    if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) < 1)
        return codec_fail(r, CODEC_BAD_FIELD, "legal must be an array of 1 or more actions");
    int n = cJSON_GetArraySize(list), i = 0;
    out->legal = malloc(sizeof *out->legal * (size_t)n);
    if (!out->legal) return codec_fail(r, CODEC_INTERNAL, "out of memory");
    cJSON_ArrayForEach(item, list) {
        if (!cJSON_IsString(item) || !codec_text_ok(item->valuestring, 1, GAME_ACTION_MAX - 1, CODEC_TEXT_LINE))
            return codec_fail(r, CODEC_BAD_FIELD, "legal[%d] must be an action of 1..%d bytes", i, GAME_ACTION_MAX - 1);
        out->legal[i++] = item->valuestring;
    }
    out->n_legal = n;
    return 0;
}

static int read_int(struct codec_reader *r, const cJSON *root, const char *name, long long lo, long long hi,
                    int *out)
{
    long long v;
    if (codec_get_int(r, root, NULL, name, lo, hi, &v) < 0) return -1;
    *out = (int)v;
    return 0;
}

static int read_match_start(struct codec_reader *r, const cJSON *root, struct codec_game_message *out)
{
    const cJSON *clocks;
    long long v;
    if (codec_get_id(r, root, NULL, "match", &out->match) < 0 ||
        codec_get_text(r, root, NULL, "game", 1, CODEC_GAME_NAME_MAX - 1, CODEC_TEXT_TOKEN, out->game) < 0 ||
        read_int(r, root, "players", 1, GAME_MAX_PLAYERS, &out->players) < 0 ||
        read_int(r, root, "player", 0, out->players - 1, &out->player) < 0 ||
        read_object(r, root, "rules", &out->rules) < 0 || read_object(r, root, "clocks", &clocks) < 0)
        return -1;
    if (codec_get_int(r, clocks, "clocks", "move_ms", 0, UINT32_MAX, &v) < 0) return -1;
    out->clocks.move_ms = (uint32_t)v;
    if (codec_get_int(r, clocks, "clocks", "bank_ms", 0, UINT32_MAX, &v) < 0) return -1;
    out->clocks.bank_ms = (uint32_t)v;
    if (codec_get_int(r, clocks, "clocks", "grace_ms", 0, UINT32_MAX, &v) < 0) return -1;
    out->clocks.grace_ms = (uint32_t)v;
    return 0;
}

static int read_request(struct codec_reader *r, const cJSON *root, struct codec_game_message *out)
{
    const cJSON *time;
    long long v;
    if (codec_get_id(r, root, NULL, "id", &out->id) < 0 || codec_get_id(r, root, NULL, "match", &out->match) < 0 ||
        read_int(r, root, "deal", 1, 1000000, &out->deal) < 0 ||
        read_int(r, root, "player", 0, GAME_MAX_PLAYERS - 1, &out->player) < 0 ||
        read_object(r, root, "view", &out->view) < 0 || read_legal(r, root, out) < 0 ||
        read_object(r, root, "time", &time) < 0)
        return -1;
    if (codec_get_int(r, time, "time", "move_ms", 0, UINT32_MAX, &v) < 0) return -1;
    out->time.move_ms = (uint32_t)v;
    if (codec_get_int(r, time, "time", "bank_ms", 0, UINT32_MAX, &v) < 0) return -1;
    out->time.bank_ms = (uint32_t)v;
    return 0;
}

static int read_deal_end(struct codec_reader *r, const cJSON *root, struct codec_game_message *out)
{
    if (codec_get_id(r, root, NULL, "match", &out->match) < 0 ||
        read_int(r, root, "deal", 0, 1000000, &out->deal) < 0 || read_object(r, root, "result", &out->result) < 0)
        return -1;
    return 0;
}

static int read_match_end(struct codec_reader *r, const cJSON *root, struct codec_game_message *out)
{
    if (codec_get_id(r, root, NULL, "match", &out->match) < 0 || read_object(r, root, "result", &out->result) < 0)
        return -1;
    out->points = codec_get(r, root, NULL, "points", 1);
    if (!out->points) return -1;
    if (!cJSON_IsArray(out->points)) return codec_fail(r, CODEC_BAD_FIELD, "points must be an array");
    return 0;
}

enum codec_code codec_decode_game(const char *frame, size_t len, struct codec_game_message *out,
                                  char *err, size_t cap)
{
    struct codec_reader r;
    memset(out, 0, sizeof *out);
    codec_reader_init(&r, err, cap);
    out->root = codec_parse(&r, frame, len);
    int type = out->root ? codec_message_type(&r, out->root) : -1;
    out->type = (uint8_t)(type < 0 ? CODEC_TYPES : type);
    switch (type) {
    case -1: break;
    case CODEC_WELCOME: codec_read_welcome(&r, out->root, &out->welcome); break;
    case CODEC_MATCH_START: read_match_start(&r, out->root, out); break;
    case CODEC_REQUEST: read_request(&r, out->root, out); break;
    case CODEC_DEAL_END: read_deal_end(&r, out->root, out); break;
    case CODEC_MATCH_END: read_match_end(&r, out->root, out); break;
    case CODEC_ERROR: codec_read_error(&r, out->root, &out->error); break;
    default:
        codec_fail(&r, CODEC_UNKNOWN_TYPE, "the arena does not send '%s' messages in protocol 2",
                   codec_type_name(type));
    }
    return r.code;
}

void codec_game_message_release(struct codec_game_message *self)
{
    if (!self) return;
    free(self->legal);
    json_tree_free(self->root);
    memset(self, 0, sizeof *self);
}

/* msg_bot.c - the messages a bot sends: hello, action, log (protocol/README.md).
 * Encoders refuse what the decoders would refuse, so a frame made here is
 * always accepted by the arena's codec. They write straight to text
 * (codec_stream, the bytes cJSON would print): an action is sent at every
 * decision, on the way back to the arena.
 */
#include <stdio.h>
#include <string.h>
#include "protocol/codec_json.h"

enum codec_code codec_encode_hello(struct codec_frame *out, const struct codec_hello *msg,
                                   char *err, size_t cap)
{
    struct codec_stream stream;
    out->data = NULL;
    out->len = 0;
    if (msg->protocol < 1 || msg->protocol > 65535)
        return codec_refuse(err, cap, CODEC_BAD_FIELD, "hello: protocol must be from 1 to 65535");
    if (!codec_text_ok(msg->token, 1, CODEC_TOKEN_MAX - 1, CODEC_TEXT_TOKEN))
        return codec_refuse(err, cap, CODEC_BAD_FIELD,
                            "hello: token must be 1..127 printable ASCII bytes without spaces");
    if (!codec_text_ok(msg->name, 1, CODEC_NAME_MAX - 1, CODEC_TEXT_LINE))
        return codec_refuse(err, cap, CODEC_BAD_FIELD,
                            "hello: name must be 1..63 bytes without control characters");
    if (!codec_text_ok(msg->version, 0, CODEC_VERSION_MAX - 1, CODEC_TEXT_LINE))
        return codec_refuse(err, cap, CODEC_BAD_FIELD,
                            "hello: version must be 0..31 bytes without control characters");
    codec_stream_start(&stream, CODEC_HELLO);
    const struct pq_writer *w = &stream.writer;
    w->integer(w->ctx, "protocol", (long)msg->protocol);
    w->string(w->ctx, "token", msg->token);
    w->string(w->ctx, "name", msg->name);
    w->string(w->ctx, "version", msg->version);
    if (msg->protocol >= PROTOCOL_VERSION_2 && msg->n_games > 0) {
        w->begin(w->ctx, "games", 1);
        for (int i = 0; i < msg->n_games && i < CODEC_GAMES_MAX; i++) w->string(w->ctx, NULL, msg->games[i]);
        w->end(w->ctx);
    }
    return codec_stream_finish(&stream, out, err, cap);
}

enum codec_code codec_encode_action(struct codec_frame *out, uint64_t id, const char *text,
                                    char *err, size_t cap)
{
    struct codec_stream stream;
    size_t n = strlen(text);
    out->data = NULL;
    out->len = 0;
    if (id > CODEC_ID_MAX)
        return codec_refuse(err, cap, CODEC_BAD_FIELD, "action: id is over 999999999999999");
    if (n == 0 || n >= GAME_ACTION_MAX || !codec_text_ok(text, 1, GAME_ACTION_MAX - 1, CODEC_TEXT_LINE))
        return codec_refuse(err, cap, CODEC_BAD_FIELD, "action: the text must be 1..159 bytes of one line");
    codec_stream_start(&stream, CODEC_ACTION);
    const struct pq_writer *w = &stream.writer;
    w->integer(w->ctx, "id", (long)id);
    w->string(w->ctx, "action", text);
    return codec_stream_finish(&stream, out, err, cap);
}

enum codec_code codec_encode_log(struct codec_frame *out, const char *text, char *err, size_t cap)
{
    struct codec_stream stream;
    char line[CODEC_LOG_MAX];
    codec_copy_line(line, sizeof line, text);
    codec_stream_start(&stream, CODEC_LOG);
    stream.writer.string(stream.writer.ctx, "text", line);
    return codec_stream_finish(&stream, out, err, cap);
}

/* A game's name: 1..31 bytes of lowercase letters, digits and '-'. */
static int game_name_ok(const char *s)
{
    size_t n = strlen(s);
    if (n < 1 || n >= CODEC_GAME_NAME_MAX) return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-')) return 0;
    return 1;
}

/* hello.games (protocol 2): the games the bot plays, required. */
static int read_games(struct codec_reader *r, const cJSON *root, struct codec_hello *out)
{
    const cJSON *games = codec_get(r, root, NULL, "games", 1), *item;
    if (!games) return -1;
    if (!cJSON_IsArray(games) || cJSON_GetArraySize(games) < 1 || cJSON_GetArraySize(games) > CODEC_GAMES_MAX)
        return codec_fail(r, CODEC_BAD_FIELD, "games must be an array of 1 to %d game names", CODEC_GAMES_MAX);
    cJSON_ArrayForEach(item, games) {
        if (!cJSON_IsString(item) || !game_name_ok(item->valuestring))
            return codec_fail(r, CODEC_BAD_FIELD, "games[%d] must be a game's name (lowercase letters, digits, '-')",
                              out->n_games);
        snprintf(out->games[out->n_games++], CODEC_GAME_NAME_MAX, "%s", item->valuestring);
    }
    return 0;
}

int codec_read_hello(struct codec_reader *r, const cJSON *root, struct codec_hello *out)
{
    long long protocol;
    memset(out, 0, sizeof *out);
    if (codec_get_int(r, root, NULL, "protocol", 1, 65535, &protocol) < 0 ||
        codec_get_text(r, root, NULL, "token", 1, CODEC_TOKEN_MAX - 1, CODEC_TEXT_TOKEN, out->token) < 0 ||
        codec_get_text(r, root, NULL, "name", 1, CODEC_NAME_MAX - 1, CODEC_TEXT_LINE, out->name) < 0 ||
        codec_get_text(r, root, NULL, "version", 0, CODEC_VERSION_MAX - 1, CODEC_TEXT_LINE, out->version) < 0)
        return -1;
    out->protocol = (uint32_t)protocol;
    if (protocol != PROTOCOL_VERSION_1 && protocol != PROTOCOL_VERSION_2)
        return codec_fail(r, CODEC_PROTOCOL_VERSION,
                          "protocol version %lld is not supported; this arena speaks 1 and 2", protocol);
    return protocol == PROTOCOL_VERSION_2 ? read_games(r, root, out) : 0;
}

int codec_hello_plays(const struct codec_hello *hello, const char *game)
{
    if (hello->protocol < PROTOCOL_VERSION_2) return !strcmp(game, "piquet");
    for (int i = 0; i < hello->n_games; i++)
        if (!strcmp(hello->games[i], game)) return 1;
    return 0;
}

int codec_read_action(struct codec_reader *r, const cJSON *root, struct codec_action *out)
{
    memset(out, 0, sizeof *out);
    if (codec_get_id(r, root, NULL, "id", &out->id) < 0) return -1;
    const cJSON *text = codec_get(r, root, NULL, "action", 1);
    if (!text) return -1;
    if (!cJSON_IsString(text) || !text->valuestring)
        return codec_fail(r, CODEC_BAD_FIELD, "action must be a string");
    return codec_read_action_text(r, text->valuestring, strlen(text->valuestring), out);
}

int codec_read_action_text(struct codec_reader *r, const char *text, size_t n, struct codec_action *out)
{
    char why[160], shown[40];
    if (n >= GAME_ACTION_MAX)
        return codec_fail(r, CODEC_BAD_FIELD, "action is longer than %d bytes", GAME_ACTION_MAX - 1);
    memcpy(out->text, text, n);
    out->text[n] = '\0';
    /* The notation is ASCII; pq_action_parse names a bad byte itself. */
    if (pq_action_parse(out->text, (int)n, &out->action, why, sizeof why) < 0) {
        codec_quote(shown, sizeof shown, out->text);
        return codec_fail(r, CODEC_BAD_ACTION, "action '%s': %s", shown, why);
    }
    return 0;
}

int codec_read_log(struct codec_reader *r, const cJSON *root, struct codec_log *out)
{
    memset(out, 0, sizeof *out);
    const cJSON *text = codec_get(r, root, NULL, "text", 1);
    if (!text) return -1;
    if (!cJSON_IsString(text) || !text->valuestring)
        return codec_fail(r, CODEC_BAD_FIELD, "text must be a string");
    codec_copy_line(out->text, sizeof out->text, text->valuestring);
    return 0;
}

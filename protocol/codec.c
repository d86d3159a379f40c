/* codec.c - the codec's front door (codec.h): names of codes, faults and
 * message types, and the decoders by type and by direction. Each decoder
 * parses once, checks "type", hands the tree to its reader (msg_*.c) and
 * frees it with json_tree_free() (the tree is pooled, never cJSON_Delete'd);
 * `out` is cleared before anything is read into it.
 */
#include <string.h>
#include "protocol/codec_json.h"
#include "protocol/json_tree.h"

/* Ids up to CODEC_ID_MAX travel through pq_writer's `long`. */
_Static_assert(sizeof(long) >= 8, "the codec needs a 64-bit long (LP64)");

static const char *const code_names[CODEC_CODES] = {
    "ok", "oversized", "bad_encoding", "bad_json", "unknown_type", "bad_field",
    "bad_action", "protocol_version", "bad_token", "unexpected", "illegal_action",
    "timeout", "internal"
};

static const char *const fault_names[CODEC_FAULTS] = {
    "timeout", "crash", "protocol", "illegal_action"
};

static const char *const type_names[CODEC_TYPES] = {
    "hello", "action", "log",
    "welcome", "partie_start", "request", "deal_end", "partie_end", "error",
    "match_start", "match_end"
};

const char *codec_code_name(int code)
{
    return code >= 0 && code < CODEC_CODES ? code_names[code] : "internal";
}

int codec_code_parse(const char *name)
{
    for (int i = 0; i < CODEC_CODES; i++)
        if (!strcmp(name, code_names[i])) return i;
    return -1;
}

const char *codec_fault_name(int fault)
{
    return fault >= 0 && fault < CODEC_FAULTS ? fault_names[fault] : "protocol";
}

const char *codec_type_name(int type)
{
    return type >= 0 && type < CODEC_TYPES ? type_names[type] : "unknown";
}

/* Parses a frame that must hold a message of `type`; NULL after an error. */
static cJSON *open_as(struct codec_reader *r, const char *frame, size_t len, int type)
{
    cJSON *root = codec_parse(r, frame, len);
    int got = root ? codec_message_type(r, root) : -1;
    if (got >= 0 && got != type)
        codec_fail(r, CODEC_UNEXPECTED, "expected a '%s' message, not '%s'",
                   codec_type_name(type), codec_type_name(got));
    if (r->code != CODEC_OK) {
        json_tree_free(root);
        return NULL;
    }
    return root;
}

enum codec_code codec_decode_hello(const char *frame, size_t len, struct codec_hello *out,
                                   char *err, size_t cap)
{
    struct codec_reader r;
    codec_reader_init(&r, err, cap);
    cJSON *root = open_as(&r, frame, len, CODEC_HELLO);
    if (root) codec_read_hello(&r, root, out);
    json_tree_free(root);
    return r.code;
}

enum codec_code codec_decode_action(const char *frame, size_t len, struct codec_action *out,
                                    char *err, size_t cap)
{
    struct codec_reader r;
    codec_reader_init(&r, err, cap);
    cJSON *root = open_as(&r, frame, len, CODEC_ACTION);
    if (root) codec_read_action(&r, root, out);
    json_tree_free(root);
    return r.code;
}

enum codec_code codec_decode_log(const char *frame, size_t len, struct codec_log *out,
                                 char *err, size_t cap)
{
    struct codec_reader r;
    codec_reader_init(&r, err, cap);
    cJSON *root = open_as(&r, frame, len, CODEC_LOG);
    if (root) codec_read_log(&r, root, out);
    json_tree_free(root);
    return r.code;
}

enum codec_code codec_decode_welcome(const char *frame, size_t len, struct codec_welcome *out,
                                     char *err, size_t cap)
{
    struct codec_reader r;
    codec_reader_init(&r, err, cap);
    cJSON *root = open_as(&r, frame, len, CODEC_WELCOME);
    if (root) codec_read_welcome(&r, root, out);
    json_tree_free(root);
    return r.code;
}

enum codec_code codec_decode_partie_start(const char *frame, size_t len, struct codec_partie_start *out,
                                          char *err, size_t cap)
{
    struct codec_reader r;
    codec_reader_init(&r, err, cap);
    cJSON *root = open_as(&r, frame, len, CODEC_PARTIE_START);
    if (root) codec_read_partie_start(&r, root, out);
    json_tree_free(root);
    return r.code;
}

enum codec_code codec_decode_request(const char *frame, size_t len, const struct pq_rules *rules,
                                     struct codec_request *out, char *err, size_t cap)
{
    struct codec_reader r;
    codec_reader_init(&r, err, cap);
    cJSON *root = open_as(&r, frame, len, CODEC_REQUEST);
    if (root) codec_read_request(&r, root, rules, out);
    json_tree_free(root);
    return r.code;
}

enum codec_code codec_decode_deal_end(const char *frame, size_t len, struct codec_deal_end *out,
                                      char *err, size_t cap)
{
    struct codec_reader r;
    codec_reader_init(&r, err, cap);
    cJSON *root = open_as(&r, frame, len, CODEC_DEAL_END);
    if (root) codec_read_deal_end(&r, root, out);
    json_tree_free(root);
    return r.code;
}

enum codec_code codec_decode_partie_end(const char *frame, size_t len, struct codec_partie_end *out,
                                        char *err, size_t cap)
{
    struct codec_reader r;
    codec_reader_init(&r, err, cap);
    cJSON *root = open_as(&r, frame, len, CODEC_PARTIE_END);
    if (root) codec_read_partie_end(&r, root, out);
    json_tree_free(root);
    return r.code;
}

enum codec_code codec_decode_error(const char *frame, size_t len, struct codec_error *out,
                                   char *err, size_t cap)
{
    struct codec_reader r;
    codec_reader_init(&r, err, cap);
    cJSON *root = open_as(&r, frame, len, CODEC_ERROR);
    if (root) codec_read_error(&r, root, out);
    json_tree_free(root);
    return r.code;
}

/* An action exactly as codec_encode_action writes it, and as most bots
 * send it: {"type":"action","id":DIGITS,"action":"TEXT"} with no space,
 * an id of 1 to 15 digits without a leading zero, and a text of printable
 * ASCII without '"' or '\\'. Such a frame holds nothing the parser would
 * refuse or read otherwise, so its id and text are taken as they stand;
 * every other frame, well-formed or not, goes through the parser. The
 * answer of every decision is read here, on the way to the next request. */
static int plain_action(const char *frame, size_t len, uint64_t *id, const char **text, size_t *n)
{
    static const char head[] = "{\"type\":\"action\",\"id\":", middle[] = ",\"action\":\"";
    const size_t head_len = sizeof head - 1, middle_len = sizeof middle - 1;
    const char *at = frame + head_len, *end = frame + len;
    if (len < head_len + 1 + middle_len + 2 || len > PROTOCOL_MAX_FRAME || memcmp(frame, head, head_len)) return 0;
    uint64_t v = 0;
    const char *digits = at;
    while (at < end && *at >= '0' && *at <= '9' && at - digits < 15) v = v * 10 + (uint64_t)(*at++ - '0');
    if (at == digits || (*digits == '0' && at - digits > 1) || (size_t)(end - at) < middle_len + 2 ||
        memcmp(at, middle, middle_len))
        return 0;
    at += middle_len;
    if (end[-2] != '"' || end[-1] != '}' || (size_t)(end - 2 - at) >= GAME_ACTION_MAX) return 0;
    for (const char *c = at; c < end - 2; c++)
        if (*c < 0x20 || *c > 0x7e || *c == '"' || *c == '\\') return 0;
    *id = v;
    *text = at;
    *n = (size_t)(end - 2 - at);
    return 1;
}

enum codec_code codec_decode_bot(const char *frame, size_t len, struct codec_bot_message *out,
                                 char *err, size_t cap)
{
    struct codec_reader r;
    const char *text;
    size_t n;
    codec_reader_init(&r, err, cap);
    if (plain_action(frame, len, &out->as.action.id, &text, &n)) {
        out->type = CODEC_ACTION;
        memset(out->as.action.text, 0, sizeof out->as.action.text);
        memset(&out->as.action.action, 0, sizeof out->as.action.action);
        codec_read_action_text(&r, text, n, &out->as.action);
        return r.code;
    }
    cJSON *root = codec_parse(&r, frame, len);
    int type = root ? codec_message_type(&r, root) : -1;
    out->type = (uint8_t)(type < 0 ? CODEC_TYPES : type);
    switch (type) {
    case -1: break;
    case CODEC_HELLO: codec_read_hello(&r, root, &out->as.hello); break;
    case CODEC_ACTION: codec_read_action(&r, root, &out->as.action); break;
    case CODEC_LOG: codec_read_log(&r, root, &out->as.log); break;
    default:
        codec_fail(&r, CODEC_UNKNOWN_TYPE, "a bot may not send a '%s' message", codec_type_name(type));
    }
    json_tree_free(root);
    return r.code;
}

enum codec_code codec_decode_arena(const char *frame, size_t len, const struct pq_rules *rules,
                                   struct codec_arena_message *out, char *err, size_t cap)
{
    struct codec_reader r;
    codec_reader_init(&r, err, cap);
    cJSON *root = codec_parse(&r, frame, len);
    int type = root ? codec_message_type(&r, root) : -1;
    out->type = (uint8_t)(type < 0 ? CODEC_TYPES : type);
    switch (type) {
    case -1: break;
    case CODEC_WELCOME: codec_read_welcome(&r, root, &out->as.welcome); break;
    case CODEC_PARTIE_START: codec_read_partie_start(&r, root, &out->as.partie_start); break;
    case CODEC_REQUEST: codec_read_request(&r, root, rules, &out->as.request); break;
    case CODEC_DEAL_END: codec_read_deal_end(&r, root, &out->as.deal_end); break;
    case CODEC_PARTIE_END: codec_read_partie_end(&r, root, &out->as.partie_end); break;
    case CODEC_ERROR: codec_read_error(&r, root, &out->as.error); break;
    default:
        codec_fail(&r, CODEC_UNKNOWN_TYPE, "the arena does not send '%s' messages", codec_type_name(type));
    }
    json_tree_free(root);
    return r.code;
}

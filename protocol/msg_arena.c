/* msg_arena.c - the arena's messages other than the request: welcome,
 * partie_start (with the rules), deal_end, partie_end and error
 * (protocol/README.md). Results are the engine's report shapes
 * (report.h), read back into the plain structs of codec.h.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include "engine/piquet/report.h"
#include "protocol/codec_json.h"

static const char *category_name(int category) { return pq_category_name(category); }
static const char *outcome_name(int outcome) { return pq_outcome_name(outcome); }
static const char *fault_name(int fault) { return codec_fault_name(fault); }
static const char *code_name(int code) { return codec_code_name(code); }

static const cJSON *object(struct codec_reader *r, const cJSON *obj, const char *path, const char *name)
{
    const cJSON *node = codec_get(r, obj, path, name, 1);
    if (node && !cJSON_IsObject(node)) {
        if (path) codec_fail(r, CODEC_BAD_FIELD, "%s.%s must be an object", path, name);
        else codec_fail(r, CODEC_BAD_FIELD, "%s must be an object", name);
        return NULL;
    }
    return node;
}

/* ---- rules ------------------------------------------------------------------ */

/* Each flag with the JSON type its table entry gives (engine/piquet/rules.h):
 * a boolean, a number or a string. */
void codec_write_rules(const struct pq_writer *w, const char *key, const struct pq_rules *rules)
{
    w->begin(w->ctx, key, 0);
    for (int i = 0; i < PQ_RULE_FLAGS; i++) {
        const struct pq_rule_flag *flag = &pq_rule_flags[i];
        int value = pq_rules_value(rules, flag);
        if (flag->type == PQ_RULE_BOOL) w->boolean(w->ctx, flag->name, value != 0);
        else if (flag->type == PQ_RULE_NUMBER) w->integer(w->ctx, flag->name, value);
        else w->string(w->ctx, flag->name, pq_rules_get(rules, flag->name, NULL));
    }
    w->end(w->ctx);
}

/* Flags not named keep their defaults, as in a deal record. */
int codec_read_rules(struct codec_reader *r, const cJSON *obj, const char *name, struct pq_rules *out)
{
    const cJSON *rules = object(r, obj, NULL, name), *flag;
    pq_rules_default(out);
    if (!rules) return -1;
    cJSON_ArrayForEach(flag, rules) {
        char value[32], why[160], shown[40];
        if (!codec_get(r, rules, name, flag->string, 1)) return -1;   /* refuses repeats */
        if (cJSON_IsString(flag) && flag->valuestring && strlen(flag->valuestring) < sizeof value) {
            snprintf(value, sizeof value, "%s", flag->valuestring);
        } else if (cJSON_IsBool(flag)) {
            snprintf(value, sizeof value, "%s", cJSON_IsTrue(flag) ? "true" : "false");
        } else if (cJSON_IsNumber(flag) && flag->valuedouble >= 0 && flag->valuedouble <= 99 &&
                   flag->valuedouble == (double)(int)flag->valuedouble) {
            snprintf(value, sizeof value, "%d", (int)flag->valuedouble);
        } else {
            codec_quote(shown, sizeof shown, flag->string);
            return codec_fail(r, CODEC_BAD_FIELD, "%s.%s must be a short string, a small number or a boolean",
                              name, shown);
        }
        if (pq_rules_set(out, flag->string, value, why, sizeof why) < 0)
            return codec_fail(r, CODEC_BAD_FIELD, "%s", why);
    }
    return 0;
}

/* ---- welcome ---------------------------------------------------------------- */

enum codec_code codec_encode_welcome(struct codec_frame *out, const struct codec_welcome *msg,
                                     char *err, size_t cap)
{
    struct json_writer jw;
    out->data = NULL;
    out->len = 0;
    if (msg->protocol < 1 || msg->protocol > 65535)
        return codec_refuse(err, cap, CODEC_BAD_FIELD, "welcome: protocol must be from 1 to 65535");
    if (!codec_text_ok(msg->arena, 0, CODEC_VERSION_MAX - 1, CODEC_TEXT_LINE))
        return codec_refuse(err, cap, CODEC_BAD_FIELD,
                            "welcome: arena must be 0..31 bytes without control characters");
    cJSON *root = codec_start(&jw, CODEC_WELCOME);
    if (!root) return codec_frame_from(NULL, 1, out, err, cap);
    jw.writer.integer(jw.writer.ctx, "protocol", (long)msg->protocol);
    jw.writer.string(jw.writer.ctx, "arena", msg->arena);
    return codec_frame_from(root, jw.failed, out, err, cap);
}

int codec_read_welcome(struct codec_reader *r, const cJSON *root, struct codec_welcome *out)
{
    long long protocol;
    memset(out, 0, sizeof *out);
    if (codec_get_int(r, root, NULL, "protocol", 1, 65535, &protocol) < 0 ||
        codec_get_text(r, root, NULL, "arena", 0, CODEC_VERSION_MAX - 1, CODEC_TEXT_LINE, out->arena) < 0)
        return -1;
    out->protocol = (uint32_t)protocol;
    return 0;
}

/* ---- partie_start ------------------------------------------------------------ */

enum codec_code codec_encode_partie_start(struct codec_frame *out, const struct codec_partie_start *msg,
                                          char *err, size_t cap)
{
    struct json_writer jw;
    out->data = NULL;
    out->len = 0;
    if (msg->partie > CODEC_ID_MAX)
        return codec_refuse(err, cap, CODEC_BAD_FIELD, "partie_start: partie id over 999999999999999");
    if (msg->player > 1 || msg->first_dealer > 1)
        return codec_refuse(err, cap, CODEC_BAD_FIELD,
                            "partie_start: player and first_dealer must be A (0) or B (1)");
    if (!codec_text_ok(msg->opponent, 1, CODEC_NAME_MAX - 1, CODEC_TEXT_LINE))
        return codec_refuse(err, cap, CODEC_BAD_FIELD,
                            "partie_start: opponent must be 1..63 bytes without control characters");
    cJSON *root = codec_start(&jw, CODEC_PARTIE_START);
    if (!root) return codec_frame_from(NULL, 1, out, err, cap);
    const struct pq_writer *w = &jw.writer;
    w->integer(w->ctx, "partie", (long)msg->partie);
    w->string(w->ctx, "player", codec_player_name(msg->player));
    w->string(w->ctx, "opponent", msg->opponent);
    w->string(w->ctx, "game", "piquet");
    w->string(w->ctx, "first_dealer", codec_player_name(msg->first_dealer));
    codec_write_rules(w, "rules", &msg->rules);
    w->begin(w->ctx, "clocks", 0);
    w->integer(w->ctx, "move_ms", (long)msg->clocks.move_ms);
    w->integer(w->ctx, "bank_ms", (long)msg->clocks.bank_ms);
    w->integer(w->ctx, "grace_ms", (long)msg->clocks.grace_ms);
    w->end(w->ctx);
    return codec_frame_from(root, jw.failed, out, err, cap);
}

int codec_read_partie_start(struct codec_reader *r, const cJSON *root, struct codec_partie_start *out)
{
    int player, first;
    long long move, bank, grace;
    char game[16];
    const cJSON *clocks;
    memset(out, 0, sizeof *out);
    if (codec_get_id(r, root, NULL, "partie", &out->partie) < 0 ||
        codec_get_enum(r, root, NULL, "player", codec_player_name, 2, 0, &player) < 0 ||
        codec_get_text(r, root, NULL, "opponent", 1, CODEC_NAME_MAX - 1, CODEC_TEXT_LINE, out->opponent) < 0 ||
        codec_get_text(r, root, NULL, "game", 1, sizeof game - 1, CODEC_TEXT_LINE, game) < 0)
        return -1;
    if (strcmp(game, "piquet")) return codec_fail(r, CODEC_BAD_FIELD, "game must be \"piquet\"");
    if (codec_get_enum(r, root, NULL, "first_dealer", codec_player_name, 2, 0, &first) < 0 ||
        codec_read_rules(r, root, "rules", &out->rules) < 0 ||
        !(clocks = object(r, root, NULL, "clocks")) ||
        codec_get_int(r, clocks, "clocks", "move_ms", 0, UINT32_MAX, &move) < 0 ||
        codec_get_int(r, clocks, "clocks", "bank_ms", 0, UINT32_MAX, &bank) < 0 ||
        codec_get_int(r, clocks, "clocks", "grace_ms", 0, UINT32_MAX, &grace) < 0)
        return -1;
    out->player = (uint8_t)player;
    out->first_dealer = (uint8_t)first;
    out->clocks.move_ms = (uint32_t)move;
    out->clocks.bank_ms = (uint32_t)bank;
    out->clocks.grace_ms = (uint32_t)grace;
    return 0;
}

/* ---- deal_end ------------------------------------------------------------------ */

enum codec_code codec_encode_deal_end(struct codec_frame *out, uint64_t partie, int deal_number,
                                      const struct pq_deal *deal, int seat, int since,
                                      char *err, size_t cap)
{
    struct codec_replay replay;
    codec_replay_reset(&replay);
    return codec_encode_deal_end_replayed(out, partie, deal_number, deal, seat, since, &replay, err, cap);
}

/* Written straight to text as the request is (codec_stream): the same
 * bytes as cJSON would print. */
enum codec_code codec_encode_deal_end_replayed(struct codec_frame *out, uint64_t partie, int deal_number,
                                               const struct pq_deal *deal, int seat, int since,
                                               struct codec_replay *replay, char *err, size_t cap)
{
    struct codec_stream stream;
    struct codec_event events[CODEC_EVENTS_MAX];
    out->data = NULL;
    out->len = 0;
    assert(pq_deal_over(deal));
    assert(seat == PQ_ELDER || seat == PQ_YOUNGER);
    if (partie > CODEC_ID_MAX)
        return codec_refuse(err, cap, CODEC_BAD_FIELD, "deal_end: partie id over 999999999999999");
    if (deal_number < 1 || deal_number > PQ_MAX_DEALS)
        return codec_refuse(err, cap, CODEC_BAD_FIELD, "deal_end: deal number out of 1..8");
    int n = codec_events_since_replayed(replay, deal, seat, since, events, CODEC_EVENTS_MAX);
    codec_stream_start(&stream, CODEC_DEAL_END);
    const struct pq_writer *w = &stream.writer;
    w->integer(w->ctx, "partie", (long)partie);
    w->integer(w->ctx, "deal", deal_number);
    w->string(w->ctx, "seat", pq_seat_name(seat));
    w->begin(w->ctx, "result", 0);
    pq_report_deal(deal, w);
    w->end(w->ctx);
    codec_write_events(w, "events", events, n);
    return codec_stream_finish(&stream, out, err, cap);
}

static int read_seat_ints(struct codec_reader *r, const cJSON *obj, const char *path, const char *name,
                          long long lo, long long hi, long long out[2])
{
    char where[64];
    const cJSON *node = object(r, obj, path, name);
    codec_path(where, sizeof where, path, name, 0);
    if (!node ||
        codec_get_int(r, node, where, "elder", lo, hi, &out[0]) < 0 ||
        codec_get_int(r, node, where, "younger", lo, hi, &out[1]) < 0)
        return -1;
    return 0;
}

static int read_deal_classes(struct codec_reader *r, const cJSON *result, struct codec_deal_result *out)
{
    char where[48];
    const cJSON *classes = object(r, result, "result", "classes");
    if (!classes) return -1;
    for (int cls = 0; cls < PQ_CLASSES; cls++) {
        const cJSON *one = object(r, classes, "result.classes", pq_class_name(cls));
        int outcome, winner;
        long long points;
        codec_path(where, sizeof where, "result.classes", pq_class_name(cls), 0);
        if (!one ||
            codec_get_enum(r, one, where, "outcome", outcome_name, PQ_OUTCOME_NONE + 1, 0, &outcome) < 0 ||
            codec_get_enum(r, one, where, "winner", codec_seat_name, PQ_SEATS, 1, &winner) < 0 ||
            codec_get_int(r, one, where, "points", 0, 1000, &points) < 0)
            return -1;
        out->classes[cls] = (struct codec_class_result){ (uint8_t)outcome, (int8_t)winner, (int16_t)points };
    }
    return 0;
}

static int read_deal_categories(struct codec_reader *r, const cJSON *result, struct codec_deal_result *out)
{
    char where[48];
    const cJSON *all = object(r, result, "result", "categories");
    if (!all) return -1;
    for (int s = 0; s < PQ_SEATS; s++) {
        const cJSON *seat = object(r, all, "result.categories", pq_seat_name(s));
        codec_path(where, sizeof where, "result.categories", pq_seat_name(s), 0);
        if (!seat) return -1;
        for (int cat = 0; cat < PQ_CATEGORIES; cat++) {
            long long points;
            if (codec_get_int(r, seat, where, pq_category_name(cat), 0, 1000, &points) < 0) return -1;
            out->categories[s][cat] = (int16_t)points;
        }
    }
    return 0;
}

static int read_deal_scores(struct codec_reader *r, const cJSON *result, struct codec_deal_result *out)
{
    char where[48];
    const cJSON *list = codec_get(r, result, "result", "events", 1), *item;
    if (!list) return -1;
    if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) > PQ_MAX_EVENTS)
        return codec_fail(r, CODEC_BAD_FIELD, "result.events must be an array of at most %d scores", PQ_MAX_EVENTS);
    cJSON_ArrayForEach(item, list) {
        int seat, category;
        long long points;
        codec_path(where, sizeof where, "result.events", NULL, out->n_scores);
        if (!cJSON_IsObject(item)) return codec_fail(r, CODEC_BAD_FIELD, "%s must be an object", where);
        if (codec_get_enum(r, item, where, "seat", codec_seat_name, PQ_SEATS, 0, &seat) < 0 ||
            codec_get_enum(r, item, where, "category", category_name, PQ_CATEGORIES, 0, &category) < 0 ||
            codec_get_int(r, item, where, "points", 1, 1000, &points) < 0)
            return -1;
        out->scores[out->n_scores++] = (struct pq_event){ (uint8_t)seat, (uint8_t)category, (int16_t)points };
    }
    return 0;
}

static int read_deal_result(struct codec_reader *r, const cJSON *root, struct codec_deal_result *out)
{
    long long elder, younger, tricks[2];
    int cb, repique, pique;
    const cJSON *result = object(r, root, NULL, "result");
    if (!result ||
        codec_get_int(r, result, "result", "elder", 0, 1000, &elder) < 0 ||
        codec_get_int(r, result, "result", "younger", 0, 1000, &younger) < 0 ||
        read_seat_ints(r, result, "result", "tricks", 0, 12, tricks) < 0 ||
        codec_get_enum(r, result, "result", "carte_blanche", codec_seat_name, PQ_SEATS, 1, &cb) < 0 ||
        codec_get_enum(r, result, "result", "repique", codec_seat_name, PQ_SEATS, 1, &repique) < 0 ||
        codec_get_enum(r, result, "result", "pique", codec_seat_name, PQ_SEATS, 1, &pique) < 0)
        return -1;
    out->score[0] = (int16_t)elder;
    out->score[1] = (int16_t)younger;
    out->tricks[0] = (uint8_t)tricks[0];
    out->tricks[1] = (uint8_t)tricks[1];
    out->carte_blanche = (int8_t)cb;
    out->repique = (int8_t)repique;
    out->pique = (int8_t)pique;
    if (read_deal_classes(r, result, out) < 0 || read_deal_categories(r, result, out) < 0 ||
        read_deal_scores(r, result, out) < 0)
        return -1;
    return 0;
}

int codec_read_deal_end(struct codec_reader *r, const cJSON *root, struct codec_deal_end *out)
{
    long long deal;
    int seat;
    memset(out, 0, sizeof *out);
    if (codec_get_id(r, root, NULL, "partie", &out->partie) < 0 ||
        codec_get_int(r, root, NULL, "deal", 1, PQ_MAX_DEALS, &deal) < 0 ||
        codec_get_enum(r, root, NULL, "seat", codec_seat_name, PQ_SEATS, 0, &seat) < 0 ||
        read_deal_result(r, root, &out->result) < 0 ||
        codec_read_events(r, root, "events", out->events, &out->n_events) < 0)
        return -1;
    out->deal = (uint8_t)deal;
    out->seat = (uint8_t)seat;
    return 0;
}

/* ---- partie_end ---------------------------------------------------------------- */

enum codec_code codec_encode_partie_end(struct codec_frame *out, uint64_t partie,
                                        const struct pq_partie *partie_state, int winner,
                                        int settlement, const struct codec_forfeit *forfeit,
                                        char *err, size_t cap)
{
    struct json_writer jw;
    char message[CODEC_MESSAGE_MAX];
    out->data = NULL;
    out->len = 0;
    if (partie > CODEC_ID_MAX)
        return codec_refuse(err, cap, CODEC_BAD_FIELD, "partie_end: partie id over 999999999999999");
    if (winner < -1 || winner > 1)
        return codec_refuse(err, cap, CODEC_BAD_FIELD,
                            "partie_end: winner must be A (0), B (1) or none (-1)");
    if (settlement < 0 || settlement > 1000000)
        return codec_refuse(err, cap, CODEC_BAD_FIELD, "partie_end: settlement out of 0..1000000");
    if (forfeit && (forfeit->player > 1 || forfeit->fault >= CODEC_FAULTS))
        return codec_refuse(err, cap, CODEC_BAD_FIELD,
                            "partie_end: forfeit names an unknown player or fault");
    cJSON *root = codec_start(&jw, CODEC_PARTIE_END);
    if (!root) return codec_frame_from(NULL, 1, out, err, cap);
    const struct pq_writer *w = &jw.writer;
    w->integer(w->ctx, "partie", (long)partie);
    w->string(w->ctx, "winner", winner < 0 ? NULL : codec_player_name(winner));
    w->integer(w->ctx, "settlement", settlement);
    if (forfeit) {
        codec_copy_line(message, sizeof message, forfeit->message);
        w->begin(w->ctx, "forfeit", 0);
        w->string(w->ctx, "player", codec_player_name(forfeit->player));
        w->string(w->ctx, "fault", codec_fault_name(forfeit->fault));
        w->string(w->ctx, "message", message);
        w->end(w->ctx);
    } else {
        w->string(w->ctx, "forfeit", NULL);
    }
    w->begin(w->ctx, "result", 0);
    pq_report_partie(partie_state, NULL, 0, w);
    w->end(w->ctx);
    return codec_frame_from(root, jw.failed, out, err, cap);
}

static int read_partie_deals(struct codec_reader *r, const cJSON *result, struct codec_partie_result *out)
{
    char where[48];
    const cJSON *list = codec_get(r, result, "result", "deals", 1), *item;
    if (!list) return -1;
    if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) > PQ_MAX_DEALS)
        return codec_fail(r, CODEC_BAD_FIELD, "result.deals must be an array of at most %d deals", PQ_MAX_DEALS);
    cJSON_ArrayForEach(item, list) {
        struct codec_partie_deal *d = &out->deals[out->n_deals];
        long long number, weight, a, b;
        int elder;
        codec_path(where, sizeof where, "result.deals", NULL, out->n_deals);
        if (!cJSON_IsObject(item)) return codec_fail(r, CODEC_BAD_FIELD, "%s must be an object", where);
        if (codec_get_int(r, item, where, "number", 1, PQ_MAX_DEALS, &number) < 0 ||
            codec_get_enum(r, item, where, "elder", codec_player_name, 2, 0, &elder) < 0 ||
            codec_get_int(r, item, where, "weight", 1, 2, &weight) < 0 ||
            codec_get_int(r, item, where, "A", 0, 2000, &a) < 0 ||
            codec_get_int(r, item, where, "B", 0, 2000, &b) < 0)
            return -1;
        *d = (struct codec_partie_deal){ (uint8_t)number, (uint8_t)elder, (uint8_t)weight, { (int16_t)a, (int16_t)b } };
        out->n_deals++;
    }
    return 0;
}

static int read_partie_result(struct codec_reader *r, const cJSON *root, struct codec_partie_result *out)
{
    long long a, b, settlement;
    int winner, over;
    const cJSON *result = object(r, root, NULL, "result"), *totals;
    if (!result || !(totals = object(r, result, "result", "totals")) ||
        codec_get_int(r, totals, "result.totals", "A", 0, 16000, &a) < 0 ||
        codec_get_int(r, totals, "result.totals", "B", 0, 16000, &b) < 0 ||
        codec_get_enum(r, result, "result", "winner", codec_player_name, 2, 1, &winner) < 0 ||
        codec_get_int(r, result, "result", "settlement", 0, 1000000, &settlement) < 0 ||
        codec_get_bool(r, result, "result", "over", &over) < 0 ||
        read_partie_deals(r, result, out) < 0)
        return -1;
    out->totals[0] = (int16_t)a;
    out->totals[1] = (int16_t)b;
    out->winner = (int8_t)winner;
    out->settlement = (int32_t)settlement;
    out->over = (uint8_t)over;
    return 0;
}

int codec_read_partie_end(struct codec_reader *r, const cJSON *root, struct codec_partie_end *out)
{
    long long settlement;
    int winner;
    const cJSON *forfeit;
    memset(out, 0, sizeof *out);
    if (codec_get_id(r, root, NULL, "partie", &out->partie) < 0 ||
        codec_get_enum(r, root, NULL, "winner", codec_player_name, 2, 1, &winner) < 0 ||
        codec_get_int(r, root, NULL, "settlement", 0, 1000000, &settlement) < 0 ||
        !(forfeit = codec_get(r, root, NULL, "forfeit", 1)))
        return -1;
    out->winner = (int8_t)winner;
    out->settlement = (int32_t)settlement;
    if (!cJSON_IsNull(forfeit)) {
        int player, fault;
        if (!cJSON_IsObject(forfeit)) return codec_fail(r, CODEC_BAD_FIELD, "forfeit must be an object or null");
        if (codec_get_enum(r, forfeit, "forfeit", "player", codec_player_name, 2, 0, &player) < 0 ||
            codec_get_enum(r, forfeit, "forfeit", "fault", fault_name, CODEC_FAULTS, 0, &fault) < 0 ||
            codec_get_text(r, forfeit, "forfeit", "message", 0, CODEC_MESSAGE_MAX - 1, CODEC_TEXT_LINE,
                           out->forfeit.message) < 0)
            return -1;
        out->forfeited = 1;
        out->forfeit.player = (uint8_t)player;
        out->forfeit.fault = (uint8_t)fault;
    }
    return read_partie_result(r, root, &out->result);
}

/* ---- error ------------------------------------------------------------------ */

enum codec_code codec_encode_error(struct codec_frame *out, int code, const char *message,
                                   char *err, size_t cap)
{
    struct json_writer jw;
    char line[CODEC_MESSAGE_MAX];
    out->data = NULL;
    out->len = 0;
    if (code <= CODEC_OK || code >= CODEC_CODES)
        return codec_refuse(err, cap, CODEC_BAD_FIELD, "error: unknown code");
    codec_copy_line(line, sizeof line, message);
    cJSON *root = codec_start(&jw, CODEC_ERROR);
    if (!root) return codec_frame_from(NULL, 1, out, err, cap);
    jw.writer.string(jw.writer.ctx, "code", codec_code_name(code));
    jw.writer.string(jw.writer.ctx, "message", line);
    return codec_frame_from(root, jw.failed, out, err, cap);
}

int codec_read_error(struct codec_reader *r, const cJSON *root, struct codec_error *out)
{
    int code;
    memset(out, 0, sizeof *out);
    if (codec_get_enum(r, root, NULL, "code", code_name, CODEC_CODES, 0, &code) < 0 ||
        codec_get_text(r, root, NULL, "message", 0, CODEC_MESSAGE_MAX - 1, CODEC_TEXT_LINE, out->message) < 0)
        return -1;
    if (code == CODEC_OK) return codec_fail(r, CODEC_BAD_FIELD, "code: \"ok\" is not an error");
    out->code = (uint8_t)code;
    return 0;
}

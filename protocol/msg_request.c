/* msg_request.c - the request: the one message of each decision
 * (protocol/README.md "request"). It carries the seat's own view, its
 * legal actions, the events it may see since its previous request and its
 * time, so that a decision costs one round trip.
 *
 * The exchange is not listed: elder has up to 1585 legal discards and
 * younger up to 4095, and every one is "any min..max cards of the hand".
 * The encoder takes min and max from the engine's own list (its first and
 * last entries, sizes ascending) and checks that the list is exactly every
 * subset of those sizes, so the short form can never disagree with it.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include "engine/piquet/report.h"
#include "protocol/codec_json.h"

static int binomial(int n, int k)
{
    long v = 1;
    if (k < 0 || k > n) return 0;
    for (int i = 1; i <= k; i++) v = v * (n - k + i) / i;
    return (int)v;
}

static void discard_range(const struct pq_deal *deal, int *lo, int *hi)
{
    struct pq_action first, last;
    int count = pq_deal_legal_count(deal), subsets = 0;
    int held = pq_mask_count(deal->hand[deal->to_act]);
    pq_deal_legal_nth(deal, 0, &first);
    pq_deal_legal_nth(deal, count - 1, &last);
    *lo = pq_mask_count(first.cards);
    *hi = pq_mask_count(last.cards);
    for (int k = *lo; k <= *hi; k++) subsets += binomial(held, k);
    assert(subsets == count);
    (void)subsets;
}

/* An action's text, as pq_action_format() writes it; a play of one card
 * (most of a deal's decisions, a dozen of them listed at a time) without
 * its general path. */
static int action_text(const struct pq_action *a, char *text, int cap)
{
    if (a->kind == PQ_ACT_PLAY && a->cards && !(a->cards & (a->cards - 1)) && cap >= 8) {
        memcpy(text, "play ", 5);
        pq_card_format(pq_mask_first(a->cards), text + 5);
        return 7;
    }
    return pq_action_format(a, text, cap);
}

/* The legal list: in one writer call when every text has the same width
 * (plays, or a single action), else a string each. */
static void write_legal(const struct pq_writer *w, const struct pq_action *legal, int count)
{
    enum { WIDTH_MAX = 15 };
    char items[CODEC_LEGAL_MAX * WIDTH_MAX], text[PQ_ACTION_TEXT_MAX];
    int width = count > 0 ? action_text(&legal[0], text, sizeof text) : 0, same = width >= 1 && width <= WIDTH_MAX;
    for (int i = 0; i < count && same; i++) {
        if (i > 0) same = action_text(&legal[i], text, sizeof text) == width;
        if (same) memcpy(items + (size_t)i * (size_t)width, text, (size_t)width);
    }
    if (same) {
        pq_writer_strings(w, "legal", items, width, count);
        return;
    }
    w->begin(w->ctx, "legal", 1);
    for (int i = 0; i < count; i++) {
        action_text(&legal[i], text, sizeof text);
        w->string(w->ctx, NULL, text);
    }
    w->end(w->ctx);
}

enum codec_code codec_encode_request(struct codec_frame *out, uint64_t id, uint64_t partie,
                                     int deal_number, const struct pq_deal *deal, int since,
                                     const struct codec_time *time, char *err, size_t cap)
{
    struct codec_replay replay;
    codec_replay_reset(&replay);
    return codec_encode_request_replayed(out, id, partie, deal_number, deal, since, time, &replay, err, cap);
}

enum codec_code codec_encode_request_replayed(struct codec_frame *out, uint64_t id, uint64_t partie,
                                              int deal_number, const struct pq_deal *deal, int since,
                                              const struct codec_time *time, struct codec_replay *replay,
                                              char *err, size_t cap)
{
    struct codec_stream stream;
    struct pq_view view;
    struct codec_event events[CODEC_EVENTS_MAX];
    struct pq_action legal[CODEC_LEGAL_MAX];
    int seat = pq_deal_to_act(deal);
    out->data = NULL;
    out->len = 0;
    assert(seat >= 0);
    if (id > CODEC_ID_MAX || partie > CODEC_ID_MAX)
        return codec_refuse(err, cap, CODEC_BAD_FIELD, "request: id over 999999999999999");
    if (deal_number < 1 || deal_number > PQ_MAX_DEALS)
        return codec_refuse(err, cap, CODEC_BAD_FIELD, "request: deal number out of 1..8");
    assert(since >= 0 && since <= deal->n_history);
    pq_view_build(deal, seat, &view);
    int n_events = codec_events_since_replayed(replay, deal, seat, since, events, CODEC_EVENTS_MAX);
    codec_stream_start(&stream, CODEC_REQUEST);
    const struct pq_writer *w = &stream.writer;
    w->integer(w->ctx, "id", (long)id);
    w->integer(w->ctx, "partie", (long)partie);
    w->integer(w->ctx, "deal", deal_number);
    w->string(w->ctx, "seat", pq_seat_name(seat));
    pq_report_view(&view, "view", w);
    if (deal->phase == PQ_PHASE_DISCARD) {
        int lo, hi;
        discard_range(deal, &lo, &hi);
        w->begin(w->ctx, "discard", 0);
        w->integer(w->ctx, "min", lo);
        w->integer(w->ctx, "max", hi);
        w->end(w->ctx);
    } else {
        int count = pq_deal_legal(deal, legal, CODEC_LEGAL_MAX);
        assert(count <= CODEC_LEGAL_MAX);
        write_legal(w, legal, count);
    }
    codec_write_events(w, "events", events, n_events);
    w->begin(w->ctx, "time", 0);
    w->integer(w->ctx, "move_ms", (long)time->move_ms);
    w->integer(w->ctx, "bank_ms", (long)time->bank_ms);
    w->end(w->ctx);
    return codec_stream_finish(&stream, out, err, cap);
}

static int read_legal(struct codec_reader *r, const cJSON *root, struct codec_request *out)
{
    const cJSON *list = codec_get(r, root, NULL, "legal", 1), *item;
    char why[160];
    if (!list) return -1;
    if (!cJSON_IsArray(list)) return codec_fail(r, CODEC_BAD_FIELD, "legal must be an array of actions");
    int n = cJSON_GetArraySize(list);
    if (n < 1 || n > CODEC_LEGAL_MAX)
        return codec_fail(r, CODEC_BAD_FIELD, "legal must hold 1 to %d actions", CODEC_LEGAL_MAX);
    cJSON_ArrayForEach(item, list) {
        struct pq_action *a = &out->legal[out->n_legal];
        if (!cJSON_IsString(item) || !item->valuestring || strlen(item->valuestring) >= PQ_ACTION_TEXT_MAX)
            return codec_fail(r, CODEC_BAD_FIELD, "legal[%d] must be an action of at most %d bytes",
                              out->n_legal, PQ_ACTION_TEXT_MAX - 1);
        if (pq_action_parse(item->valuestring, (int)strlen(item->valuestring), a, why, sizeof why) < 0)
            return codec_fail(r, CODEC_BAD_FIELD, "legal[%d]: %s", out->n_legal, why);
        a->pad = out->seat;
        out->n_legal++;
    }
    return 0;
}

static int read_discard(struct codec_reader *r, const cJSON *root, struct codec_request *out)
{
    const cJSON *range = codec_get(r, root, NULL, "discard", 1);
    long long lo, hi;
    if (!range) return -1;
    if (!cJSON_IsObject(range)) return codec_fail(r, CODEC_BAD_FIELD, "discard must be an object");
    if (codec_get_int(r, range, "discard", "min", 0, 8, &lo) < 0 ||
        codec_get_int(r, range, "discard", "max", lo, 8, &hi) < 0)
        return -1;
    out->discard = 1;
    out->discard_min = (uint8_t)lo;
    out->discard_max = (uint8_t)hi;
    return 0;
}

int codec_read_request(struct codec_reader *r, const cJSON *root, const struct pq_rules *rules,
                       struct codec_request *out)
{
    long long deal, move, bank;
    int seat;
    const cJSON *time;
    memset(out, 0, sizeof *out);
    if (codec_get_id(r, root, NULL, "id", &out->id) < 0 ||
        codec_get_id(r, root, NULL, "partie", &out->partie) < 0 ||
        codec_get_int(r, root, NULL, "deal", 1, PQ_MAX_DEALS, &deal) < 0 ||
        codec_get_enum(r, root, NULL, "seat", codec_seat_name, PQ_SEATS, 0, &seat) < 0)
        return -1;
    out->deal = (uint8_t)deal;
    out->seat = (uint8_t)seat;
    if (codec_read_view(r, root, NULL, "view", rules, &out->view) < 0) return -1;
    if (out->view.seat != seat) return codec_fail(r, CODEC_BAD_FIELD, "view.seat differs from seat");
    if (out->view.phase == PQ_PHASE_OVER)
        return codec_fail(r, CODEC_BAD_FIELD, "view.phase: a request comes before the deal is over");
    if ((out->view.phase == PQ_PHASE_DISCARD ? read_discard(r, root, out) : read_legal(r, root, out)) < 0)
        return -1;
    if (codec_read_events(r, root, "events", out->events, &out->n_events) < 0) return -1;
    if (!(time = codec_get(r, root, NULL, "time", 1))) return -1;
    if (!cJSON_IsObject(time)) return codec_fail(r, CODEC_BAD_FIELD, "time must be an object");
    if (codec_get_int(r, time, "time", "move_ms", 0, UINT32_MAX, &move) < 0 ||
        codec_get_int(r, time, "time", "bank_ms", 0, UINT32_MAX, &bank) < 0)
        return -1;
    out->time.move_ms = (uint32_t)move;
    out->time.bank_ms = (uint32_t)bank;
    return 0;
}

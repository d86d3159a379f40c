/* msg_view.c - a seat's view on the wire: the JSON pq_report_view writes
 * (report.h), read back into struct pq_view exactly. Two fields of the
 * struct are not on the wire: the rules (sent once, in partie_start; the
 * caller supplies them) and the seat's own played cards, which are the
 * played cards of the tricks and the current lead that are not the
 * opponent's. Unused parts are what pq_view_build leaves there: zero, and
 * 0xff for unknown ranks and for tricks not played yet.
 */
#include <stdio.h>
#include <string.h>
#include "protocol/codec_json.h"

static const char *const known_names[] = { "unknown", "announced", "cards", "pass" };
static const char ranks[] = "789TJQKA";

static const char *known_name(int known) { return known_names[known]; }
static const char *phase_name(int phase) { return pq_phase_name(phase); }
static const char *class_name(int cls) { return pq_class_name(cls); }
static const char *outcome_name(int outcome) { return pq_outcome_name(outcome); }
static const char *look_name(int look) { return look ? "look" : "nolook"; }

void codec_write_declaration(const struct pq_writer *w, const char *key,
                             const struct pq_view_declaration *d)
{
    w->begin(w->ctx, key, 0);
    w->string(w->ctx, "known", known_names[d->known]);
    if (d->known == 1) {
        w->integer(w->ctx, "length", d->length);
        if (d->rank != 0xff) {
            char rank[2] = { ranks[d->rank & 7], '\0' };
            w->string(w->ctx, "rank", rank);
        }
        if (d->pips) w->integer(w->ctx, "pips", d->pips);
    }
    if (d->known == 2) codec_write_cards(w, "cards", d->cards);
    w->end(w->ctx);
}

int codec_read_declaration(struct codec_reader *r, const cJSON *obj, const char *path,
                           const char *name, struct pq_view_declaration *out)
{
    char where[96];
    int known;
    long long v;
    const cJSON *node = codec_get(r, obj, path, name, 1);
    memset(out, 0, sizeof *out);
    out->rank = 0xff;
    if (!node) return -1;
    codec_path(where, sizeof where, path, name, 0);
    if (!cJSON_IsObject(node)) return codec_fail(r, CODEC_BAD_FIELD, "%s must be an object", where);
    if (codec_get_enum(r, node, where, "known", known_name, 4, 0, &known) < 0) return -1;
    out->known = (uint8_t)known;
    if (known == 2) return codec_get_cards(r, node, where, "cards", &out->cards);
    if (known != 1) return 0;
    if (codec_get_int(r, node, where, "length", 1, 8, &v) < 0) return -1;
    out->length = (uint8_t)v;
    const cJSON *rank = codec_get(r, node, where, "rank", 0);
    if (rank) {
        const char *at = cJSON_IsString(rank) && rank->valuestring && strlen(rank->valuestring) == 1
                       ? strchr(ranks, rank->valuestring[0]) : NULL;
        if (!at)
            return codec_fail(r, CODEC_BAD_FIELD, "%s.rank must be one of 7 8 9 T J Q K A", where);
        out->rank = (uint8_t)(at - ranks);
    }
    if (codec_get(r, node, where, "pips", 0)) {
        if (codec_get_int(r, node, where, "pips", 1, 255, &v) < 0) return -1;
        out->pips = (uint8_t)v;
    }
    return r->code == CODEC_OK ? 0 : -1;
}

static int read_seat_pair(struct codec_reader *r, const cJSON *obj, const char *path,
                          const char *name, long long lo, long long hi, long long out[2])
{
    char where[96];
    const cJSON *node = codec_get(r, obj, path, name, 1);
    if (!node) return -1;
    codec_path(where, sizeof where, path, name, 0);
    if (!cJSON_IsObject(node)) return codec_fail(r, CODEC_BAD_FIELD, "%s must be an object", where);
    if (codec_get_int(r, node, where, "elder", lo, hi, &out[0]) < 0 ||
        codec_get_int(r, node, where, "younger", lo, hi, &out[1]) < 0)
        return -1;
    return 0;
}

static int read_classes(struct codec_reader *r, const cJSON *view, const char *path, struct pq_view *out)
{
    char where[96], cls_path[128];
    const cJSON *node = codec_get(r, view, path, "declarations", 1);
    if (!node) return -1;
    codec_path(where, sizeof where, path, "declarations", 0);
    if (!cJSON_IsObject(node)) return codec_fail(r, CODEC_BAD_FIELD, "%s must be an object", where);
    for (int cls = 0; cls < PQ_CLASSES; cls++) {
        struct pq_view_class *c = &out->classes[cls];
        const cJSON *one = codec_get(r, node, where, pq_class_name(cls), 1);
        int outcome;
        long long points;
        if (!one) return -1;
        codec_path(cls_path, sizeof cls_path, where, pq_class_name(cls), 0);
        if (!cJSON_IsObject(one)) return codec_fail(r, CODEC_BAD_FIELD, "%s must be an object", cls_path);
        if (codec_get_enum(r, one, cls_path, "outcome", outcome_name, PQ_OUTCOME_NONE + 1, 0, &outcome) < 0 ||
            codec_read_declaration(r, one, cls_path, "call", &c->call) < 0 ||
            codec_read_declaration(r, one, cls_path, "answer", &c->answer) < 0 ||
            codec_get_cards(r, one, cls_path, "extras", &c->extras) < 0 ||
            codec_get_int(r, one, cls_path, "points", 0, 1000, &points) < 0)
            return -1;
        c->outcome = (uint8_t)outcome;
        c->points = (int16_t)points;
    }
    return 0;
}

/* The card at position i of a JSON array, or -1. */
static int card_item(const cJSON *list, int i)
{
    const cJSON *item = cJSON_GetArrayItem(list, i);
    if (!cJSON_IsString(item) || !item->valuestring || strlen(item->valuestring) != 2) return -1;
    return pq_card_parse(item->valuestring);
}

static int read_tricks(struct codec_reader *r, const cJSON *view, const char *path, struct pq_view *out)
{
    char where[96];
    const cJSON *list = codec_get(r, view, path, "tricks", 1), *trick;
    int t = 0;
    if (!list) return -1;
    codec_path(where, sizeof where, path, "tricks", 0);
    if (!cJSON_IsArray(list)) return codec_fail(r, CODEC_BAD_FIELD, "%s must be an array", where);
    if (cJSON_GetArraySize(list) != out->trick)
        return codec_fail(r, CODEC_BAD_FIELD, "%s must list the %d tricks played", where, out->trick);
    cJSON_ArrayForEach(trick, list) {
        int pair = cJSON_IsArray(trick) && cJSON_GetArraySize(trick) == 2;
        int led = pair ? card_item(trick, 0) : -1, followed = pair ? card_item(trick, 1) : -1;
        if (led < 0 || followed < 0)
            return codec_fail(r, CODEC_BAD_FIELD, "%s[%d] must be [card led, card played to it]", where, t);
        out->trick_cards[t][0] = (uint8_t)led;
        out->trick_cards[t][1] = (uint8_t)followed;
        t++;
    }
    return 0;
}

int codec_read_view(struct codec_reader *r, const cJSON *obj, const char *path, const char *name,
                    const struct pq_rules *rules, struct pq_view *out)
{
    static const char *const card_fields[] = {
        "hand", "dealt", "discards", "drawn", "peek", "untaken", "opponent_shown", "opponent_played"
    };
    pq_mask *masks[] = {
        &out->hand, &out->dealt, &out->discards, &out->drawn, &out->peek, &out->untaken,
        &out->opponent_shown, &out->opponent_played
    };
    char where[64];
    int seat, phase, to_act, cls, cb, look, leader, lead, repique, pique;
    long long k, m, untaken, opp_count, trick, pair[2];
    const cJSON *view = codec_get(r, obj, path, name, 1);
    memset(out, 0, sizeof *out);
    memset(out->trick_cards, 0xff, sizeof out->trick_cards);
    if (rules) out->rules = *rules;
    else pq_rules_default(&out->rules);
    if (!view) return -1;
    codec_path(where, sizeof where, path, name, 0);
    if (!cJSON_IsObject(view)) return codec_fail(r, CODEC_BAD_FIELD, "%s must be an object", where);
    if (codec_get_enum(r, view, where, "seat", codec_seat_name, PQ_SEATS, 0, &seat) < 0 ||
        codec_get_enum(r, view, where, "phase", phase_name, PQ_PHASE_OVER + 1, 0, &phase) < 0 ||
        codec_get_enum(r, view, where, "to_act", codec_seat_name, PQ_SEATS, 0, &to_act) < 0 ||
        codec_get_enum(r, view, where, "class", class_name, PQ_CLASSES, 0, &cls) < 0)
        return -1;
    out->seat = (uint8_t)seat;
    out->phase = (uint8_t)phase;
    out->to_act = (uint8_t)to_act;
    out->cls = (uint8_t)cls;
    for (size_t i = 0; i < sizeof card_fields / sizeof card_fields[0]; i++)
        if (codec_get_cards(r, view, where, card_fields[i], masks[i]) < 0) return -1;
    if (codec_get_enum(r, view, where, "carte_blanche", codec_seat_name, PQ_SEATS, 1, &cb) < 0) return -1;
    out->carte_blanche = (int8_t)cb;
    if (codec_get(r, view, where, "announced", 0)) {
        long long announced;
        if (codec_get_int(r, view, where, "announced", 1, 5, &announced) < 0) return -1;
        out->announced = (uint8_t)announced;
    }
    if (codec_get_int(r, view, where, "elder_exchanged", 0, 5, &k) < 0 ||
        codec_get_int(r, view, where, "younger_exchanged", 0, 8, &m) < 0 ||
        codec_get_int(r, view, where, "untaken_count", 0, 8, &untaken) < 0 ||
        codec_get_enum(r, view, where, "look", look_name, 2, 1, &look) < 0 ||
        codec_get_int(r, view, where, "opponent_hand_count", 0, 12, &opp_count) < 0)
        return -1;
    out->k = (uint8_t)k;
    out->m = (uint8_t)m;
    out->untaken_count = (uint8_t)untaken;
    out->look = (int8_t)look;
    out->opponent_hand_count = (uint8_t)opp_count;
    if (read_classes(r, view, where, out) < 0) return -1;
    if (codec_get_int(r, view, where, "trick", 0, 12, &trick) < 0 ||
        codec_get_enum(r, view, where, "leader", codec_seat_name, PQ_SEATS, 0, &leader) < 0 ||
        codec_get_card(r, view, where, "lead", 1, &lead) < 0)
        return -1;
    out->trick = (uint8_t)trick;
    out->leader = (uint8_t)leader;
    out->lead_card = (int8_t)lead;
    if (read_tricks(r, view, where, out) < 0) return -1;
    if (read_seat_pair(r, view, where, "tricks_won", 0, 12, pair) < 0) return -1;
    out->tricks[0] = (uint8_t)pair[0];
    out->tricks[1] = (uint8_t)pair[1];
    if (read_seat_pair(r, view, where, "score", 0, 1000, pair) < 0) return -1;
    out->score[0] = (int16_t)pair[0];
    out->score[1] = (int16_t)pair[1];
    if (codec_get_enum(r, view, where, "repique", codec_seat_name, PQ_SEATS, 1, &repique) < 0 ||
        codec_get_enum(r, view, where, "pique", codec_seat_name, PQ_SEATS, 1, &pique) < 0)
        return -1;
    out->repique = (int8_t)repique;
    out->pique = (int8_t)pique;
    /* Own played cards: every card of the tricks and the lead, less the
     * opponent's (each card played belongs to one of the two). */
    pq_mask played = out->lead_card >= 0 ? PQ_BIT(out->lead_card) : 0;
    for (int t = 0; t < out->trick; t++)
        played |= PQ_BIT(out->trick_cards[t][0]) | PQ_BIT(out->trick_cards[t][1]);
    out->played = played & ~out->opponent_played;
    return 0;
}

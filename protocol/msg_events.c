/* msg_events.c - what a seat may see of a deal's actions and scores
 * (docs/rules-piquet.md section 7), and the events list of requests and deal ends.
 *
 * This is a security boundary: an event never holds a card the seat may
 * not see. The deal's history does not record the phase of each action or
 * which scores it made, so the deal is replayed from its pack (a few
 * microseconds), or only its actions since the last request when the
 * caller keeps the replay (struct codec_replay). An opponent's discard is
 * shown as its count (R9, R10); an opponent's call or answer exactly as
 * the seat's view shows it now (view.h, R16), whole only when the view
 * shows its cards or its pass.
 * Everything else is public: announce, look/nolook, plays, extras (always
 * scored, so shown) and every score.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include "protocol/codec_json.h"

static int in_declarations(int phase)
{
    return phase == PQ_PHASE_CALL || phase == PQ_PHASE_ANSWER || phase == PQ_PHASE_EXTRA;
}

/* The action with only the fields its kind uses, as parsing its text gives. */
static struct pq_action canonical(const struct pq_action *a)
{
    struct pq_action c;
    memset(&c, 0, sizeof c);
    c.kind = a->kind;
    c.pad = a->pad;
    if (a->kind == PQ_ACT_DECLARE) c.cls = a->cls;
    if (a->kind == PQ_ACT_ANNOUNCE) c.number = a->number;
    if (a->kind == PQ_ACT_DISCARD || a->kind == PQ_ACT_DECLARE) c.cards = a->cards;
    if (a->kind == PQ_ACT_PLAY) {
        c.number = a->number;
        c.cards = PQ_BIT(a->number);
    }
    return c;
}

static void action_event(const struct pq_deal *deal, const struct pq_view *view, int seat,
                         int i, int phase, int cls, struct codec_event *e)
{
    const struct pq_action *a = &deal->history[i];
    const struct pq_view_declaration *d = NULL;
    memset(e, 0, sizeof *e);
    e->kind = CODEC_EVENT_ACTION;
    e->seat = a->pad;
    e->phase = (uint8_t)phase;
    e->cls = (uint8_t)(in_declarations(phase) ? cls : 0);
    if (a->pad != seat) {
        if (phase == PQ_PHASE_DISCARD) {
            e->count = (uint8_t)pq_mask_count(a->cards);
            return;
        }
        if (phase == PQ_PHASE_CALL) d = &view->classes[cls].call;
        if (phase == PQ_PHASE_ANSWER) d = &view->classes[cls].answer;
        if (d && d->known < 2) {
            e->declaration = *d;
            return;
        }
        assert(!d || (d->known == 3 ? a->kind == PQ_ACT_PASS : d->cards == a->cards));
    }
    e->visible = 1;
    e->action = canonical(a);
}

static void score_event(const struct pq_event *s, struct codec_event *e)
{
    memset(e, 0, sizeof *e);
    e->kind = CODEC_EVENT_SCORE;
    e->seat = s->seat;
    e->category = s->category;
    e->points = s->points;
}

void codec_replay_reset(struct codec_replay *replay)
{
    replay->valid = 0;
}

/* Whether the replay is `deal` as it was some actions ago: the same rules,
 * pack and history so far. */
static int replay_follows(const struct codec_replay *r, const struct pq_deal *deal)
{
    return r->valid && r->deal.n_history <= deal->n_history && !memcmp(r->deal.deck, deal->deck, sizeof deal->deck) &&
           !memcmp(&r->deal.rules, &deal->rules, sizeof deal->rules) &&
           !memcmp(r->deal.history, deal->history, (size_t)r->deal.n_history * sizeof deal->history[0]);
}

/* Brings the replay up to the deal's history: from the pack when it
 * follows another deal, else only the actions since. */
static void replay_follow(struct codec_replay *r, const struct pq_deal *deal)
{
    int rc;
    if (!replay_follows(r, deal)) {
        rc = pq_deal_init(&r->deal, &deal->rules, deal->deck);
        assert(rc == 0);
        r->made[0] = r->deal.n_events;
        r->first_to_act = r->deal.to_act;
        r->valid = 1;
    }
    for (int i = r->deal.n_history; i < deal->n_history; i++) {
        r->phase[i] = r->deal.phase;
        r->cls[i] = r->deal.cls;
        rc = pq_deal_apply(&r->deal, &deal->history[i], NULL, 0);
        assert(rc == 0);
        r->made[i + 1] = r->deal.n_events;
    }
    (void)rc;
}

/* The events from a replay that follows the deal to its end. */
static int events_of(const struct codec_replay *r, const struct pq_deal *deal, int seat, int since,
                     struct codec_event *out, int cap)
{
    struct pq_view view;
    int n = 0;
    assert(since >= 0 && since <= deal->n_history);
    assert(seat == PQ_ELDER || seat == PQ_YOUNGER);
    assert(r->deal.n_history == deal->n_history);
    pq_view_build(deal, seat, &view);
    /* The scores made at the start (carte blanche) go with the seat's
     * first request. since = 0 also follows a request made before any
     * action, which only the seat acting first can have had. */
    int first = since == 0 && !(seat == r->first_to_act && deal->n_history > 0);
    for (int s = first ? 0 : r->made[since]; s < r->made[since]; s++)
        if (n < cap) score_event(&deal->events[s], &out[n++]);
    for (int i = since; i < deal->n_history; i++) {
        if (n < cap) action_event(deal, &view, seat, i, r->phase[i], r->cls[i], &out[n++]);
        for (int s = r->made[i]; s < r->made[i + 1]; s++)
            if (n < cap) score_event(&deal->events[s], &out[n++]);
    }
    return n;
}

int codec_events_since(const struct pq_deal *deal, int seat, int since,
                       struct codec_event *out, int cap)
{
    struct codec_replay r;
    r.valid = 0;
    replay_follow(&r, deal);
    return events_of(&r, deal, seat, since, out, cap);
}

int codec_events_since_replayed(struct codec_replay *replay, const struct pq_deal *deal, int seat, int since,
                                struct codec_event *out, int cap)
{
    replay_follow(replay, deal);
    return events_of(replay, deal, seat, since, out, cap);
}

void codec_write_events(const struct pq_writer *w, const char *key,
                        const struct codec_event *events, int n)
{
    w->begin(w->ctx, key, 1);
    for (int i = 0; i < n; i++) {
        const struct codec_event *e = &events[i];
        w->begin(w->ctx, NULL, 0);
        w->string(w->ctx, "event", e->kind == CODEC_EVENT_SCORE ? "score" : "action");
        w->string(w->ctx, "seat", pq_seat_name(e->seat));
        if (e->kind == CODEC_EVENT_SCORE) {
            w->string(w->ctx, "category", pq_category_name(e->category));
            w->integer(w->ctx, "points", e->points);
        } else {
            w->string(w->ctx, "phase", pq_phase_name(e->phase));
            if (in_declarations(e->phase)) w->string(w->ctx, "class", pq_class_name(e->cls));
            if (e->visible) {
                char text[PQ_ACTION_TEXT_MAX];
                pq_action_format(&e->action, text, sizeof text);
                w->string(w->ctx, "action", text);
            } else if (e->phase == PQ_PHASE_DISCARD) {
                w->integer(w->ctx, "count", e->count);
            } else {
                codec_write_declaration(w, "declaration", &e->declaration);
            }
        }
        w->end(w->ctx);
    }
    w->end(w->ctx);
}

static const char *event_name(int kind) { return kind == CODEC_EVENT_SCORE ? "score" : "action"; }
static const char *phase_name(int phase) { return pq_phase_name(phase); }
static const char *class_name(int cls) { return pq_class_name(cls); }
static const char *category_name(int category) { return pq_category_name(category); }

static int read_action_event(struct codec_reader *r, const cJSON *item, const char *where,
                             struct codec_event *e)
{
    int phase, cls = 0;
    long long count;
    char why[160];
    if (codec_get_enum(r, item, where, "phase", phase_name, PQ_PHASE_PLAY + 1, 0, &phase) < 0) return -1;
    e->phase = (uint8_t)phase;
    if (in_declarations(phase) && codec_get_enum(r, item, where, "class", class_name, PQ_CLASSES, 0, &cls) < 0)
        return -1;
    e->cls = (uint8_t)cls;
    if (codec_get(r, item, where, "action", 0)) {
        char text[PQ_ACTION_TEXT_MAX];
        if (codec_get_text(r, item, where, "action", 1, PQ_ACTION_TEXT_MAX - 1, CODEC_TEXT_LINE, text) < 0)
            return -1;
        if (pq_action_parse(text, (int)strlen(text), &e->action, why, sizeof why) < 0)
            return codec_fail(r, CODEC_BAD_FIELD, "%s.action: %s", where, why);
        e->action.pad = e->seat;
        e->visible = 1;
        return 0;
    }
    if (phase == PQ_PHASE_DISCARD) {
        if (codec_get_int(r, item, where, "count", 0, 8, &count) < 0) return -1;
        e->count = (uint8_t)count;
        return 0;
    }
    if (phase == PQ_PHASE_CALL || phase == PQ_PHASE_ANSWER)
        return codec_read_declaration(r, item, where, "declaration", &e->declaration);
    return codec_fail(r, CODEC_BAD_FIELD, "%s.action is missing", where);
}

int codec_read_events(struct codec_reader *r, const cJSON *obj, const char *name,
                      struct codec_event *out, uint16_t *n)
{
    const cJSON *list = codec_get(r, obj, NULL, name, 1), *item;
    char where[48];
    *n = 0;
    if (!list) return -1;
    if (!cJSON_IsArray(list)) return codec_fail(r, CODEC_BAD_FIELD, "%s must be an array", name);
    if (cJSON_GetArraySize(list) > CODEC_EVENTS_MAX)
        return codec_fail(r, CODEC_BAD_FIELD, "%s holds more than %d events", name, CODEC_EVENTS_MAX);
    cJSON_ArrayForEach(item, list) {
        struct codec_event *e = &out[*n];
        int kind, seat, category;
        long long points;
        codec_path(where, sizeof where, name, NULL, *n);
        memset(e, 0, sizeof *e);
        if (!cJSON_IsObject(item)) return codec_fail(r, CODEC_BAD_FIELD, "%s must be an object", where);
        if (codec_get_enum(r, item, where, "event", event_name, 2, 0, &kind) < 0 ||
            codec_get_enum(r, item, where, "seat", codec_seat_name, PQ_SEATS, 0, &seat) < 0)
            return -1;
        e->kind = (uint8_t)kind;
        e->seat = (uint8_t)seat;
        if (kind == CODEC_EVENT_SCORE) {
            if (codec_get_enum(r, item, where, "category", category_name, PQ_CATEGORIES, 0, &category) < 0 ||
                codec_get_int(r, item, where, "points", 1, 1000, &points) < 0)
                return -1;
            e->category = (uint8_t)category;
            e->points = (int16_t)points;
        } else if (read_action_event(r, item, where, e) < 0) {
            return -1;
        }
        (*n)++;
    }
    return 0;
}

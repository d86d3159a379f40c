/* viewer.c - the per-deal annotation of a partie or a match for the page
 * (viewer.h).
 * The course is read by the arena's record reader (record_read_course);
 * each deal is replayed on its own from its deck with the partie's rules;
 * the engine's state before and after each action says who acted, which
 * class an answer decided and how each trick went. Another game's match
 * is walked through its module alone (engine/game.h): its state after each
 * action, every player's view of it, and the deal results the engine
 * writes; the viewer knows no rule of the game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/game.h"
#include "engine/piquet/partie.h"
#include "engine/piquet/report.h"
#include "leaderboard/viewer.h"
#include "protocol/json_writer.h"
#include "records/game_record.h"
#include "records/game_replay.h"
#include "records/record.h"

static const char *const seats[] = { "elder", "younger" };

static cJSON *card_list(pq_mask mask)
{
    cJSON *list = cJSON_CreateArray();
    for (pq_mask m = mask; list && m; m &= m - 1) {
        char text[3];
        pq_card_format(pq_mask_first(m), text);
        if (!cJSON_AddItemToArray(list, cJSON_CreateString(text))) {
            cJSON_Delete(list);
            return NULL;
        }
    }
    return list;
}

static cJSON *card(int c)
{
    char text[3];
    pq_card_format(c, text);
    return cJSON_CreateString(text);
}

static int add_hands(cJSON *view, const struct pq_deal *d)
{
    cJSON *hands = cJSON_AddObjectToObject(view, "hands");
    int ok = hands != NULL;
    for (int s = 0; ok && s < PQ_SEATS; s++) {
        cJSON *h = cJSON_AddObjectToObject(hands, seats[s]);
        pq_mask held = (d->dealt[s] & ~d->discards[s]) | d->drawn[s];
        ok = h && cJSON_AddItemToObject(h, "dealt", card_list(d->dealt[s])) &&
             cJSON_AddItemToObject(h, "discarded", card_list(d->discards[s])) &&
             cJSON_AddItemToObject(h, "taken", card_list(d->drawn[s])) &&
             cJSON_AddItemToObject(h, "held", card_list(held));
    }
    return ok && cJSON_AddItemToObject(hands, "untaken", card_list(d->untaken));
}

static const char *note_of(int outcome)
{
    switch (outcome) {
    case PQ_OUTCOME_GOOD: return "good";
    case PQ_OUTCOME_NOT_GOOD: return "not good";
    case PQ_OUTCOME_EQUAL: return "equal";
    default: return NULL;
    }
}

/* One deal replayed into its viewer object. */
static cJSON *view_deal(const struct record_deal *record, const struct pq_rules *rules, int number, int elder_player,
                        int unfinished, char *err, size_t cap)
{
    struct pq_deal d;
    const cJSON *item;
    cJSON *view = cJSON_CreateObject();
    if (!view) goto oom;
    pq_deal_init(&d, rules, record->deck);
    cJSON *steps = cJSON_CreateArray(), *tricks = cJSON_CreateArray();
    if (!cJSON_AddNumberToObject(view, "number", number) ||
        !cJSON_AddStringToObject(view, "elder", elder_player ? "B" : "A") ||
        !cJSON_AddBoolToObject(view, "unfinished", unfinished) || !steps || !tricks) {
        cJSON_Delete(steps);
        cJSON_Delete(tricks);
        goto oom;
    }
    int leader = -1, i = 0;
    cJSON *trick = NULL;
    cJSON_ArrayForEach(item, record->actions) {
        const char *action = item->valuestring;
        char reason[160];
        int seat = d.to_act, before[PQ_CLASSES], tricks_before[2] = { d.tricks[0], d.tricks[1] };
        int leading = d.phase == PQ_PHASE_PLAY && d.lead_card < 0;
        for (int c = 0; c < PQ_CLASSES; c++) before[c] = d.classes[c].outcome;
        if (pq_deal_apply_text(&d, action, (int)strlen(action), reason, sizeof reason) < 0) {
            snprintf(err, cap, "deal %d action %d: %s", number, i, reason);
            cJSON_Delete(steps);
            cJSON_Delete(tricks);
            goto fail;
        }
        const char *note = NULL;
        for (int c = 0; c < PQ_CLASSES; c++)
            if (before[c] == PQ_OUTCOME_OPEN && d.classes[c].outcome != PQ_OUTCOME_OPEN)
                note = note_of(d.classes[c].outcome);
        cJSON *step = cJSON_CreateObject(), *score = step ? cJSON_AddObjectToObject(step, "score") : NULL;
        if (!cJSON_AddItemToArray(steps, step) || !score || !cJSON_AddStringToObject(step, "seat", seats[seat]) ||
            !cJSON_AddStringToObject(step, "action", action) ||
            !cJSON_AddNumberToObject(score, "elder", d.score[PQ_ELDER]) ||
            !cJSON_AddNumberToObject(score, "younger", d.score[PQ_YOUNGER]) ||
            !cJSON_AddItemToObject(step, "note", note ? cJSON_CreateString(note) : cJSON_CreateNull()))
            goto oom_lists;
        if (!strncmp(action, "play ", 5)) {
            int played = pq_card_parse(action + 5);
            if (leading) {
                leader = seat;
                trick = cJSON_CreateObject();
                cJSON *cards = trick ? cJSON_AddObjectToObject(trick, "cards") : NULL;
                if (!cJSON_AddItemToArray(tricks, trick) || !cards ||
                    !cJSON_AddStringToObject(trick, "leader", seats[seat]) ||
                    !cJSON_AddItemToObject(cards, seats[seat], card(played)))
                    goto oom_lists;
            } else if (trick) {
                int won = d.tricks[0] > tricks_before[0] ? PQ_ELDER : d.tricks[1] > tricks_before[1] ? PQ_YOUNGER : leader;
                if (!cJSON_AddItemToObject(cJSON_GetObjectItemCaseSensitive(trick, "cards"), seats[seat], card(played)) ||
                    !cJSON_AddStringToObject(trick, "winner", seats[won]))
                    goto oom_lists;
                trick = NULL;
            }
        }
        i++;
    }
    if (!add_hands(view, &d) || !cJSON_AddItemToObject(view, "steps", steps)) goto oom_lists;
    if (!cJSON_AddItemToObject(view, "tricks", tricks)) {
        cJSON_Delete(tricks);
        goto oom;
    }
    cJSON *result = cJSON_AddObjectToObject(view, "result");
    if (!result || !cJSON_AddNumberToObject(result, "elder", d.score[PQ_ELDER]) ||
        !cJSON_AddNumberToObject(result, "younger", d.score[PQ_YOUNGER]))
        goto oom;
    /* The engine's own account of the deal (engine/piquet/report.h): the
     * points of each category per seat, so far when unfinished. */
    cJSON *report = cJSON_AddObjectToObject(view, "report");
    if (!report) goto oom;
    struct json_writer jw;
    json_writer_init(&jw, report);
    pq_report_deal(&d, &jw.writer);
    return view;
oom_lists:
    if (!cJSON_GetObjectItemCaseSensitive(view, "steps")) cJSON_Delete(steps);
    cJSON_Delete(tricks);
oom:
    snprintf(err, cap, "out of memory");
fail:
    cJSON_Delete(view);
    return NULL;
}

cJSON *viewer_partie(const cJSON *record, char *err, size_t cap)
{
    struct record_partie rec;
    if (record_read_course(record, &rec, err, cap) < 0) return NULL;
    cJSON *list = cJSON_CreateArray();
    if (!list) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    for (int k = 0; k < rec.n_deals + rec.has_unfinished; k++) {
        int number = k + 1, unfinished = k == rec.n_deals;
        cJSON *view = view_deal(unfinished ? &rec.unfinished : &rec.deals[k], &rec.rules, number,
                                pq_partie_elder_in(rec.first_dealer, number), unfinished, err, cap);
        if (!cJSON_AddItemToArray(list, view)) {
            cJSON_Delete(view);
            cJSON_Delete(list);
            return NULL;
        }
    }
    return list;
}

/* ---- the other games' matches (viewer_match) ---------------------------- */

static const char *const letters[GAME_MAX_PLAYERS] = { "A", "B", "C", "D", "E" };

/* One deal being walked through: the match state and what the views said
 * after the last action. */
struct walk {
    const struct game *g;
    const cJSON *record;              /* the match record */
    void *state;
    void *alone;                      /* the deal alone (game_replay_deal_alone), for its last trick */
    int players;
    cJSON *views[GAME_MAX_PLAYERS];   /* each player's view now (owned) */
    cJSON *seats;                     /* the deal's letters by seat (in views[0]) */
    int tricks_won[GAME_MAX_PLAYERS]; /* by seat, before the action */
    int tricks_seen;                  /* whether the view counts tricks */
};

static void walk_release_views(struct walk *w)
{
    for (int p = 0; p < w->players; p++) {
        cJSON_Delete(w->views[p]);
        w->views[p] = NULL;
    }
}

/* Every player's view of the state now. -1 when out of memory. */
static int walk_views(struct walk *w)
{
    walk_release_views(w);
    for (int p = 0; p < w->players; p++) {
        struct json_writer jw;
        if (!(w->views[p] = cJSON_CreateObject())) return -1;
        json_writer_init(&jw, w->views[p]);
        w->g->view(w->state, p, &jw.writer);
        if (jw.failed) return -1;
    }
    return 0;
}

/* The view's per-seat trick counts into counts; 0 when it has none. */
static int tricks_of(const cJSON *view_or_result, const char *key, int counts[GAME_MAX_PLAYERS])
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(view_or_result, key), *item;
    int s = 0;
    if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) > GAME_MAX_PLAYERS) return 0;
    cJSON_ArrayForEach(item, list) counts[s++] = cJSON_IsNumber(item) ? item->valueint : 0;
    return 1;
}

/* The letter of the player in seat s of the deal, or NULL. */
static const char *letter_in_seat(const struct walk *w, int s)
{
    return cJSON_GetStringValue(cJSON_GetArrayItem(w->seats, s));
}

/* The seat whose count grew from before to after, or -1. */
static int grown_seat(const int before[GAME_MAX_PLAYERS], const int after[GAME_MAX_PLAYERS], int n)
{
    for (int s = 0; s < n; s++)
        if (after[s] > before[s]) return s;
    return -1;
}

static int add_totals(cJSON *parent, const struct walk *w)
{
    long totals[GAME_MAX_PLAYERS];
    cJSON *o = cJSON_AddObjectToObject(parent, "totals");
    w->g->scores(w->state, totals);
    for (int p = 0; o && p < w->players; p++)
        if (!cJSON_AddNumberToObject(o, letters[p], (double)totals[p])) return 0;
    return o != NULL;
}

/* {letter: hand} of the views; after the deal's last action (views of the
 * next deal), the hands before it without the card played. */
static cJSON *hands_now(const struct walk *w, const cJSON *before, int over, int actor, const char *card)
{
    cJSON *hands = cJSON_CreateObject();
    for (int p = 0; hands && p < w->players; p++) {
        cJSON *hand = over ? cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(before, letters[p]), 1)
                           : cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(w->views[p], "hand"), 1);
        if (!hand) hand = cJSON_CreateArray();
        if (!cJSON_AddItemToObject(hands, letters[p], hand)) {
            cJSON_Delete(hand);
            cJSON_Delete(hands);
            return NULL;
        }
        for (int i = 0; over && card && p == actor && i < cJSON_GetArraySize(hand); i++)
            if (!strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(hand, i)), card)) cJSON_DeleteItemFromArray(hand, i--);
    }
    return hands;
}

/* The text of a deal's field in the first player's view, or a null. */
static cJSON *view_field(const struct walk *w, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(w->views[0], key);
    return v ? cJSON_Duplicate(v, 1) : cJSON_CreateNull();
}

/* One deal of a match walked through into its viewer object. */
static cJSON *view_match_deal(struct walk *w, const cJSON *deal, int number, int unfinished, char *err, size_t cap)
{
    const cJSON *actions = cJSON_GetObjectItemCaseSensitive(deal, "actions"), *item;
    cJSON *view = cJSON_CreateObject(), *steps = NULL, *tricks = NULL, *full = NULL, *trick = NULL;
    char reason[200];
    struct replay start;
    int i = 0;
    memset(&start, 0, sizeof start);
    if (game_replay_start_deal(w->g, w->state, deal, "", &start) != REPLAY_OK ||   /* its pack and own rules */
        game_replay_deal_alone(w->record, w->g, deal, w->alone, &start) != REPLAY_OK) {
        snprintf(err, cap, "deal %d: %s", number, start.error);
        goto fail;
    }
    if (w->g->settle) w->g->settle(w->alone);
    if (!view || walk_views(w) < 0) goto oom;
    w->seats = cJSON_GetObjectItemCaseSensitive(w->views[0], "seats");
    if (!cJSON_AddNumberToObject(view, "number", number) || !cJSON_AddBoolToObject(view, "unfinished", unfinished) ||
        !cJSON_AddItemToObject(view, "dealer", view_field(w, "dealer")) ||
        !cJSON_AddItemToObject(view, "seats", view_field(w, "seats")) ||
        !cJSON_AddItemToObject(view, "turnup", view_field(w, "turnup")) ||
        !(steps = cJSON_AddArrayToObject(view, "steps")) || !(tricks = cJSON_AddArrayToObject(view, "tricks")))
        goto oom;
    /* "hands": each player's largest hand of the deal, the first such. */
    full = hands_now(w, NULL, 0, -1, NULL);
    if (!cJSON_AddItemToObject(view, "hands", full)) {
        cJSON_Delete(full);
        goto oom;
    }
    w->seats = cJSON_GetObjectItemCaseSensitive(view, "seats");
    w->tricks_seen = tricks_of(w->views[0], "tricks_won", w->tricks_won);
    /* A deal void before any action (game.h settle), its hands shown. */
    if (w->g->settle && w->g->settle(w->state) == GAME_DEAL_OVER && cJSON_GetArraySize(actions) > 0) {
        snprintf(err, cap, "deal %d action 0: the deal is void", number);
        goto fail;
    }
    cJSON_ArrayForEach(item, actions) {
        const char *action = item->valuestring;
        int actor = w->g->to_act(w->state);
        int rc = actor < 0 ? GAME_ILLEGAL : w->g->apply(w->state, action, (int)strlen(action), reason, sizeof reason);
        if (rc == GAME_ILLEGAL) {
            snprintf(err, cap, "deal %d action %d: %s", number, i, actor < 0 ? "the match is over" : reason);
            goto fail;
        }
        if (w->g->apply(w->alone, action, (int)strlen(action), reason, sizeof reason) != rc) {
            snprintf(err, cap, "deal %d action %d: the deal alone went another way", number, i);
            goto fail;
        }
        int over = rc == GAME_DEAL_OVER;
        const char *card = !strncmp(action, "play ", 5) ? action + 5 : NULL;
        char played[8] = "";
        if (card) snprintf(played, sizeof played, "%.*s", (int)strcspn(card, " "), card);
        if (!over && walk_views(w) < 0) goto oom;
        cJSON *step = cJSON_CreateObject();
        if (!cJSON_AddItemToArray(steps, step) || !cJSON_AddStringToObject(step, "player", letters[actor]) ||
            !cJSON_AddStringToObject(step, "action", action))
            goto oom;
        const cJSON *history = over ? NULL : cJSON_GetObjectItemCaseSensitive(w->views[actor], "history");
        const cJSON *last = history ? cJSON_GetArrayItem(history, cJSON_GetArraySize(history) - 1) : NULL;
        const char *say = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(last, "say"));
        const cJSON *shows = cJSON_GetObjectItemCaseSensitive(last, "shows");
        if (!cJSON_AddItemToObject(step, "say", say ? cJSON_CreateString(say) : cJSON_CreateNull()) ||
            !cJSON_AddItemToObject(step, "shows", shows ? cJSON_Duplicate(shows, 1) : cJSON_CreateNull()) ||
            !add_totals(step, w))
            goto oom;
        const cJSON *prev = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(steps, i - 1), "hands");
        cJSON *hands = hands_now(w, prev ? prev : full, over, actor, played);
        if (!cJSON_AddItemToObject(step, "hands", hands)) {
            cJSON_Delete(hands);
            goto oom;
        }
        for (int p = 0; !over && p < w->players; p++) {
            cJSON *now = cJSON_GetObjectItemCaseSensitive(hands, letters[p]);
            if (cJSON_GetArraySize(now) > cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(full, letters[p])) &&
                !cJSON_ReplaceItemInObjectCaseSensitive(full, letters[p], cJSON_Duplicate(now, 1)))
                goto oom;
        }
        if (card) {
            cJSON *cards = cJSON_GetObjectItemCaseSensitive(trick, "cards"), *one = cJSON_CreateObject();
            if (!trick) {
                trick = cJSON_CreateObject();
                if (!cJSON_AddItemToArray(tricks, trick) || !cJSON_AddStringToObject(trick, "leader", letters[actor]) ||
                    !(cards = cJSON_AddArrayToObject(trick, "cards"))) {
                    cJSON_Delete(one);
                    goto oom;
                }
            }
            if (!cJSON_AddItemToArray(cards, one) || !cJSON_AddStringToObject(one, "player", letters[actor]) ||
                !cJSON_AddStringToObject(one, "card", played))
                goto oom;
        }
        if (w->tricks_seen && trick) {
            int after[GAME_MAX_PLAYERS] = { 0 }, winner = -1;
            if (!over && tricks_of(w->views[0], "tricks_won", after)) winner = grown_seat(w->tricks_won, after, w->players);
            if (over) {   /* the match has moved on: the deal alone, still on it, counts the last trick */
                struct json_writer jw;
                cJSON *alone = cJSON_CreateObject();
                if (!alone) goto oom;
                json_writer_init(&jw, alone);
                w->g->view(w->alone, 0, &jw.writer);
                if (!jw.failed && tricks_of(alone, "tricks_won", after))
                    winner = grown_seat(w->tricks_won, after, w->players);
                cJSON_Delete(alone);
            }
            if (winner >= 0 || over) {
                const char *who = winner >= 0 ? letter_in_seat(w, winner) : NULL;
                if (!cJSON_AddItemToObject(trick, "winner", who ? cJSON_CreateString(who) : cJSON_CreateNull())) goto oom;
                trick = NULL;
            }
            if (!over) memcpy(w->tricks_won, after, sizeof after);
        }
        i++;
    }
    cJSON *result = cJSON_CreateObject();
    if (!cJSON_AddItemToObject(view, "result", unfinished ? cJSON_CreateNull() : result)) {
        cJSON_Delete(result);
        goto oom;
    }
    if (unfinished) {
        cJSON_Delete(result);
    } else {
        struct json_writer jw;
        json_writer_init(&jw, result);
        w->g->deal_result(w->state, &jw.writer);
        if (jw.failed) goto oom;
    }
    if (!add_totals(view, w)) goto oom;
    return view;
oom:
    snprintf(err, cap, "out of memory");
fail:
    cJSON_Delete(view);
    return NULL;
}

cJSON *viewer_match(const cJSON *record, char *err, size_t cap)
{
    struct game_record rec;
    struct replay r;
    struct walk w;
    cJSON *root = NULL, *deals = NULL, *teams = NULL;
    memset(&w, 0, sizeof w);
    if (game_record_read(record, &rec, err, cap) < 0) return NULL;
    w.g = rec.game;
    w.record = record;
    w.players = rec.players;
    if (!(w.state = malloc(rec.game->state_size)) || !(w.alone = malloc(rec.game->state_size))) goto oom;
    int status = game_replay_create(record, rec.game, w.state, &r);
    cJSON_Delete(r.result);
    if (status != REPLAY_OK) {
        snprintf(err, cap, "%s", r.error);
        goto fail;
    }
    root = cJSON_CreateObject();
    if (!root || !cJSON_AddNumberToObject(root, "players", rec.players) ||
        !(teams = cJSON_AddArrayToObject(root, "teams")) || !(deals = cJSON_AddArrayToObject(root, "deals")))
        goto oom;
    for (int p = 0; p < rec.players; p++)
        if (!cJSON_AddItemToArray(teams, cJSON_CreateNumber(rec.game->team(w.state, p)))) goto oom;
    int number = 0;
    const cJSON *deal;
    cJSON_ArrayForEach(deal, rec.deals) {
        cJSON *one = view_match_deal(&w, deal, ++number, 0, err, cap);
        if (!one) goto fail;
        if (!cJSON_AddItemToArray(deals, one)) {
            cJSON_Delete(one);
            goto oom;
        }
    }
    if (rec.forfeit_player >= 0 && cJSON_IsObject(rec.unfinished)) {
        cJSON *one = view_match_deal(&w, rec.unfinished, ++number, 1, err, cap);
        if (!one) goto fail;
        if (!cJSON_AddItemToArray(deals, one)) {
            cJSON_Delete(one);
            goto oom;
        }
    }
    walk_release_views(&w);
    free(w.state);
    free(w.alone);
    return root;
oom:
    snprintf(err, cap, "out of memory");
fail:
    walk_release_views(&w);
    free(w.state);
    free(w.alone);
    cJSON_Delete(root);
    return NULL;
}

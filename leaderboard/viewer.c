/* viewer.c - the per-deal annotation of a partie for the page (viewer.h).
 * The course is read by the arena's record reader (record_read_course);
 * each deal is replayed on its own from its deck with the partie's rules;
 * the engine's state before and after each action says who acted, which
 * class an answer decided and how each trick went.
 */
#include <stdio.h>
#include <string.h>
#include "engine/partie.h"
#include "leaderboard/viewer.h"
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

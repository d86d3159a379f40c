/* support_told.c - the dialogue's calls read from a view (support_told.h). */
#include "tests/support_told.h"

#include <string.h>

/* Whether `hand` holds a run of `length` cards topped by rank `top` in
 * some suit (a longer run holds it too), or, length 0, a carré of `top`. */
static int holds_meld(pq_mask hand, int length, int top)
{
    for (int s = 0; s < PQ_SUITS; s++) {
        int held = 1;
        for (int k = 0; k < (length ? length : 1) && held; k++)
            held = length ? top - k >= 0 && (hand & PQ_BIT(PQ_CARD(s, top - k))) : 1;
        if (length && held) return 1;
        if (!length && !(hand & PQ_BIT(PQ_CARD(s, top)))) return 0;
    }
    return !length;
}

/* B16-B17's class of a call {"length", "top"} or {"carre"}: 1 tierce ..
 * 5 (a carré of Js); its length (0 for a carré) and top rank. */
static int call_class(const cJSON *call, int *length, int *top)
{
    const cJSON *carre = cJSON_GetObjectItem(call, "carre");
    const char *ranks = "789TJQKA", *t = cJSON_GetStringValue(carre ? carre : cJSON_GetObjectItem(call, "top"));
    *top = (int)(strchr(ranks, t[0]) - ranks);
    *length = carre ? 0 : cJSON_GetObjectItem(call, "length")->valueint;
    if (carre) return *top == PQ_RANK_J ? 5 : *top == PQ_RANK_9 ? 4 : 3;
    return *length == 3 ? 1 : *length == 4 ? 2 : 3;
}

/* Whether `hand` holds a meld of class cls. */
static int holds_class(pq_mask hand, int cls)
{
    if (cls == 4 || cls == 5) return holds_meld(hand, 0, cls == 5 ? PQ_RANK_J : PQ_RANK_9);
    for (int top = 2; top < PQ_RANKS; top++)
        if (holds_meld(hand, cls + 2, top)) return 1;
    if (cls == 3)
        for (int r = PQ_RANK_T; r <= PQ_RANK_A; r++)
            if (r != PQ_RANK_J && holds_meld(hand, 0, r)) return 1;
    return 0;
}

int support_told_failures(const cJSON *view, const pq_mask *hands, int viewer, int *checks, int *detail)
{
    static const char *const classes[] = { "tierce", "cinquante", "cent", "150", "200" };
    pq_mask played[4] = { 0 };
    const cJSON *e;
    int failed = 0;
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(view, "history")) {
        const char *a = cJSON_GetStringValue(cJSON_GetObjectItem(e, "action"));
        if (a && !strncmp(a, "play ", 5)) played[cJSON_GetObjectItem(e, "seat")->valueint] |= PQ_BIT(pq_card_parse(a + 5));
    }
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(view, "history")) {
        const char *say = cJSON_GetStringValue(cJSON_GetObjectItem(e, "say"));
        const cJSON *asked = cJSON_GetObjectItem(e, "asked"), *call = cJSON_GetObjectItem(e, "call");
        int seat = cJSON_GetObjectItem(e, "seat")->valueint, length, top;
        if (!say) continue;
        for (int c = 0; c < 5; c++)
            if (!strcmp(say, classes[c]) && seat != viewer) {
                failed += !holds_class(hands[seat] | played[seat], c + 1);
                (*checks)++;
            }
        if (asked) {
            int holder = cJSON_GetObjectItem(asked, "seat")->valueint, cls = call_class(asked, &length, &top);
            if (holder != viewer) {
                failed += !holds_meld(hands[holder] | played[holder], length, top);
                (*checks)++, (*detail)++;
            }
            if (seat != viewer) {
                failed += !holds_class(hands[seat] | played[seat], cls);
                (*checks)++;
            }
        }
        if (call && seat != viewer) {
            call_class(call, &length, &top);
            failed += !holds_meld(hands[seat] | played[seat], length, top);
            (*checks)++, (*detail)++;
        }
    }
    return failed;
}

/* coinche_score.c - scoring one finished Coinche deal (RULES-coinche.md
 * K28-K37) from its sheet: card points and capot, the totals, the
 * contract made or failed, the scores of K32-K33, rounding, and the events
 * of K44 in their stated order. Pure: the same sheet and rules always give
 * the same result, so a match keeps only the sheets and scores them again
 * for its report. Each side's events sum to its score (K36).
 */
#include <assert.h>
#include <string.h>
#include "engine/coinche/coinche.h"

const char *coinche_category_name(int category)
{
    static const char *const names[] = { "cards", "last", "capot", "base", "contract", "meld", "belote", "rounding" };
    return names[category];
}

const char *coinche_outcome_name(int outcome)
{
    static const char *const names[] = { "made", "failed", "void" };
    return names[outcome];
}

static void event(struct coinche_result *out, int seat, int side, int category, int points)
{
    if (points == 0) return;    /* K44: events of 0 points are omitted */
    assert(out->n_events < COINCHE_MAX_EVENTS);
    struct coinche_event *e = &out->events[out->n_events++];
    e->seat = (int8_t)seat;
    e->side = (int8_t)side;
    e->category = (uint8_t)category;
    e->points = (int16_t)points;
    out->scores[side] += points;
}

/* K44: a `meld` event per scoring meld of the seats of `of_side` (-1:
 * every seat), scored by `side`, `times` its value. */
static void meld_events(struct coinche_result *out, const struct coinche_sheet *s, int of_side, int side, int times)
{
    for (int i = 0; i < COINCHE_SEATS; i++)
        if (of_side < 0 || (i & 1) == of_side)
            for (int k = 0; k < s->meld_n[i]; k++) event(out, i, side, COINCHE_EV_MELD, times * s->meld_val[i][k] * 10);
}

static void belote_events(struct coinche_result *out, const struct coinche_sheet *s, int of_side, int side)
{
    for (int i = of_side; i < COINCHE_SEATS; i += 2)
        for (int k = 0; k < s->belotes[i]; k++) event(out, i, side, COINCHE_EV_BELOTE, 20);
}

/* K44: cards, last and capot of a side that keeps its card points. */
static void card_events(struct coinche_result *out, const struct coinche_sheet *s, int side, int capot_side,
                        const struct coinche_rules *r)
{
    int last = (s->last & 1) == side ? 10 : 0;
    event(out, side, side, COINCHE_EV_CARDS, s->cards[side]);
    event(out, side, side, COINCHE_EV_LAST, last);
    if (capot_side == side) event(out, side, side, COINCHE_EV_CAPOT, r->capot_points - s->cards[side] - last);
}

void coinche_score(const struct coinche_sheet *s, const struct coinche_rules *r, struct coinche_result *out)
{
    memset(out, 0, sizeof *out);
    if (s->is_void) {       /* K37 */
        out->outcome = COINCHE_VOID;
        return;
    }
    const struct coinche_contract *c = &s->contract;
    int t = c->taker & 1, dside = 1 - t, tricks[2] = { 0, 0 }, capot_side = -1, points[2], total[2];
    for (int i = 0; i < COINCHE_SEATS; i++) {
        tricks[i & 1] += s->tricks[i];
        for (int k = 0; k < s->meld_n[i]; k++) out->melds[i & 1] += s->meld_val[i][k] * 10;
        out->belote[i & 1] += 20 * s->belotes[i];
    }
    for (int side = 0; side < 2; side++) {
        out->card_points[side] = s->cards[side] + ((s->last & 1) == side ? 10 : 0);
        if (tricks[side] == 8) capot_side = side;
    }
    assert(out->card_points[0] + out->card_points[1] == coinche_pack_points(c->den, r));   /* K36 */
    for (int side = 0; side < 2; side++) {     /* K28, K29 */
        points[side] = capot_side < 0 ? out->card_points[side] : capot_side == side ? r->capot_points : 0;
        total[side] = points[side] + out->melds[side] + out->belote[side];
    }
    /* K30 */
    int value = coinche_level_value(c->level), made;
    if (c->level == COINCHE_LEVEL_GENERALE) {
        made = s->tricks[c->taker] == 8;
    } else if (c->level == COINCHE_LEVEL_CAPOT) {
        made = tricks[t] == 8;
    } else {
        int need = value == 80 ? r->eighty_needs : value;
        made = total[t] >= need && (!r->must_beat_defence || total[t] > total[dside]);
    }
    out->outcome = made ? COINCHE_MADE : COINCHE_FAILED;
    /* K31 */
    int x = made ? t : dside, y = 1 - x, x_seat = made ? c->taker : x;
    int m = c->coinche == 0 ? 1 : c->coinche == 1 ? 2 : r->surcoinche_multiplier;
    int f = tricks[x] == 8 ? r->capot_points : 160;
    int w = r->scoring == COINCHE_POINTS_FAITS && c->level < COINCHE_LEVEL_CAPOT ? 0 : value;
    int transfer = !made && r->belote_transfer;     /* K32: the failing takers' belote to D */
    int whole = m >= 2 && (r->coinche_total || r->scoring == COINCHE_POINTS_FAITS);
    for (int side = 0; side < 2; side++) {      /* K44: side 0's events, then side 1's */
        if (r->scoring == COINCHE_BID_ONLY) {   /* K33 */
            if (side == x) event(out, x_seat, x, COINCHE_EV_CONTRACT, m * value);
        } else if (m == 1 && made) {            /* K32: each side keeps its points */
            card_events(out, s, side, capot_side, r);
            if (side == t) event(out, c->taker, t, COINCHE_EV_CONTRACT, w);
            meld_events(out, s, side, side, 1);
            belote_events(out, s, side, side);
        } else if (side == x) {                 /* K32: a flat base instead */
            event(out, side, x, COINCHE_EV_BASE, whole ? m * f : f);
            event(out, x_seat, x, COINCHE_EV_CONTRACT, m * w);
            meld_events(out, s, -1, x, whole ? m : 1);
            belote_events(out, s, x, x);
            if (transfer) belote_events(out, s, t, x);
        } else if (!(transfer && y == t)) {
            belote_events(out, s, y, y);
        }
        int exact = out->scores[side];          /* K35 */
        if (r->rounding_tens) event(out, side, side, COINCHE_EV_ROUNDING, (exact + 5) / 10 * 10 - exact);
        assert(out->scores[side] >= 0);
    }
}

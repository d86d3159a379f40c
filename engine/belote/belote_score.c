/* belote_score.c - scoring one finished Belote deal (RULES-belote.md B27-B37,
 * BM6, BP4-BP5) from its sheet: counts, rounding, the contract, the
 * reserve, and the events of B45 in their stated order. Pure: the same
 * sheet and rules always give the same result, so a match keeps only the
 * sheets and scores them again for its report.
 *
 * A unit is what scores: a seat, or a side in Partnership. Every unit's
 * events sum to its score (B35).
 */
#include <assert.h>
#include <string.h>
#include "engine/belote/belote.h"

const char *bel_category_name(int category)
{
    static const char *const names[] = { "cards", "last", "meld", "belote", "capot",
                                         "rounding", "failed", "reserve_held", "reserve_won" };
    return names[category];
}

const char *bel_outcome_name(int outcome)
{
    static const char *const names[] = { "made", "failed", "litige", "void" };
    return names[outcome];
}

static void event(struct bel_result *out, const struct bel_sheet *s, int seat, int unit, int category, int points)
{
    assert(out->n_events < BEL_MAX_EVENTS);
    struct bel_event *e = &out->events[out->n_events++];
    e->seat = (int8_t)seat;
    e->side = (int8_t)(s->form == BEL_PARTNERSHIP ? unit : -1);
    e->category = (uint8_t)category;
    e->points = (int16_t)points;
}

/* B30: to a multiple of ten, 5..9 up. */
static int round10(int count, const struct bel_rules *r)
{
    if (r->rounding == BEL_ROUND_NONE) return count;
    return (count + 5) / 10 * 10;
}

/* B31: `total` shared among `k` units, each share a multiple of ten
 * (rounded down), the remainder to the first. */
static void split(int total, int k, const struct bel_rules *r, int *first, int *other)
{
    int base = total / k;
    if (r->rounding != BEL_ROUND_NONE) base = base / 10 * 10;
    *other = base;
    *first = total - base * (k - 1);
}

void bel_score(const struct bel_sheet *s, const struct bel_rules *r, struct bel_result *out)
{
    int partnership = s->form == BEL_PARTNERSHIP;
    int units = partnership ? 2 : s->n;
    int total_tricks = s->form == BEL_MARSEILLAISE ? 16 : s->n == 4 ? 8 : 9;
    int unit_tricks[BEL_MAX_SEATS] = { 0 }, capot = -1;
    memset(out, 0, sizeof *out);
    out->units = (uint8_t)units;
    out->reserve_out = s->reserve_in;
    if (s->is_void) {
        out->outcome = BEL_VOID;
        return;
    }
    for (int i = 0; i < s->n; i++) unit_tricks[bel_unit(r, i)] += s->tricks[i];
    for (int u = 0; u < units; u++)
        if (unit_tricks[u] == total_tricks) capot = u;
    int instead = partnership || r->capot_last == BEL_CAPOT_INSTEAD;
    int winners = 0, trickless = 0;
    for (int i = 0; i < s->n; i++) {
        winners += s->tricks[i] > 0;
        trickless += s->tricks[i] == 0;
    }
    /* B27: per seat, cards, last, melds, belote, capot */
    for (int i = 0; i < s->n; i++) {
        int u = bel_unit(r, i);
        if (s->cards[i] > 0) event(out, s, i, u, BEL_EV_CARDS, s->cards[i]);
        if (s->last == i && !(capot == u && instead)) event(out, s, i, u, BEL_EV_LAST, 10);
        if (!s->struck[u]) {
            for (int k = 0; k < s->meld_n[i]; k++) event(out, s, i, u, BEL_EV_MELD, s->meld_val[i][k] * 10);
            if (s->belote[i]) event(out, s, i, u, BEL_EV_BELOTE, 20);
        }
        if (partnership) continue;
        if (capot == u) {
            event(out, s, i, u, BEL_EV_CAPOT, 100);             /* B28, B29 */
        } else if (capot < 0 && s->n >= 3 && s->tricks[i] > 0) {
            for (int t = 0; t < trickless; t++) event(out, s, i, u, BEL_EV_CAPOT, 100 / winners);
        }
    }
    if (partnership && capot >= 0) event(out, s, capot, capot, BEL_EV_CAPOT, 100);   /* BP4 */
    for (int e = 0; e < out->n_events; e++) {
        const struct bel_event *ev = &out->events[e];
        out->counts[partnership ? ev->side : ev->seat] += ev->points;
    }
    for (int u = 0; u < units; u++) {
        out->rounded[u] = round10(out->counts[u], r);
        if (out->rounded[u] != out->counts[u]) event(out, s, u, u, BEL_EV_ROUNDING, out->rounded[u] - out->counts[u]);
        out->scores[u] = out->rounded[u];
    }
    /* B31-B33: the contract */
    int mu = bel_unit(r, s->maker), exact = r->compare == BEL_COMPARE_EXACT;
    int best = -1, receivers[BEL_MAX_SEATS], n_recv = 0;
    for (int u = 0; u < units; u++) {
        if (u == mu) continue;
        int v = exact ? out->counts[u] : out->rounded[u];
        if (v > best) {
            best = v;
            n_recv = 0;
        }
        if (v == best) receivers[n_recv++] = u;
    }
    int mine = exact ? out->counts[mu] : out->rounded[mu];
    int kept = r->belote_on_failure == BEL_BELOTE_KEEP && s->belote[s->maker] && !s->struck[mu] ? 20 : 0;
    int m = out->rounded[mu] - kept;
    int won[BEL_MAX_SEATS], n_won = 0;
    if (mine > best) {
        out->outcome = BEL_MADE;
        won[n_won++] = mu;
    } else if (mine < best) {
        int first, other;
        out->outcome = BEL_FAILED;
        out->scores[mu] = kept;
        event(out, s, mu, mu, BEL_EV_FAILED, -m);
        split(m, n_recv, r, &first, &other);
        for (int k = 0; k < n_recv; k++) {
            int share = k == 0 ? first : other;
            out->scores[receivers[k]] += share;
            event(out, s, receivers[k], receivers[k], BEL_EV_FAILED, share);
            won[n_won++] = receivers[k];
        }
    } else {
        out->outcome = BEL_LITIGE;
        out->scores[mu] = kept;
        out->reserve_out += m;
        event(out, s, mu, mu, BEL_EV_RESERVE_HELD, -m);
    }
    /* B37: the reserve goes to this deal's winner(s), divided as M was */
    if (n_won > 0 && s->reserve_in > 0) {
        int first, other;
        split(s->reserve_in, n_won, r, &first, &other);
        for (int k = 0; k < n_won; k++) {
            int share = k == 0 ? first : other;
            out->scores[won[k]] += share;
            event(out, s, won[k], won[k], BEL_EV_RESERVE_WON, share);
        }
        out->reserve_out -= s->reserve_in;
    }
}

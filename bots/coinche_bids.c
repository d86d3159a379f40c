/* coinche_bids.c - the Coinche calls a search weighs in the auction
 * (coinche_bids.h says which). Legal indexes are read off the deal (the
 * bid order of coinche.h: pass, the bids from coinche_bid_first on, then
 * coinche), greedy's call off the seat's view.
 */
#include "bots/coinche_bids.h"

#include <string.h>
#include "bots/coinche_strategy.h"
#include "bots/rebuild.h"
#include "engine/coinche/coinche.h"

enum { LEGAL_MAX = 80 };

struct list {
    int *out, n, max;
};

static void add(struct list *l, int i)
{
    if (i < 0 || l->n >= l->max) return;
    for (int k = 0; k < l->n; k++)
        if (l->out[k] == i) return;
    l->out[l->n++] = i;
}

/* The legal index of the lowest bid in `den` of at least `level` (and
 * 160 at most), or -1. */
static int bid_at(const struct coinche_deal *d, int den, int level)
{
    int first = coinche_bid_first(d), count = coinche_bid_count(&d->rules);
    for (int i = first; i < count; i++) {
        int l, k;
        coinche_bid_of(&d->rules, i, &l, &k);
        if (l >= COINCHE_LEVEL_CAPOT) break;
        if (k == den && l >= level) return 1 + i - first;
    }
    return -1;
}

int coinche_bid_candidates(const struct game *g, const void *state, int *out, int max)
{
    static char texts[LEGAL_MAX][GAME_ACTION_MAX];
    const char *legal[LEGAL_MAX];
    const struct coinche_match *m = state;
    if (strcmp(g->name, "coinche") || m->over || m->deal.phase != COINCHE_PHASE_AUCTION) return -1;
    const struct coinche_deal *d = &m->deal;
    int n = g->legal_count(state);
    if (n < 2 || n > LEGAL_MAX) return -1;
    for (int i = 0; i < n; i++) {
        if (g->legal_text(state, i, texts[i], GAME_ACTION_MAX) < 0) return -1;
        legal[i] = texts[i];
    }
    struct coinche_strategy s;
    char err[160];
    cJSON *view = rebuild_view(g, state, g->to_act(state));
    int bad = !view || coinche_strategy_read(&s, view, err, sizeof err) < 0;
    cJSON_Delete(view);
    if (bad) return -1;

    struct list l = { out, 0, max < COINCHE_BIDS_MAX ? max : COINCHE_BIDS_MAX };
    add(&l, coinche_strategy_choose(&s, legal, n));
    add(&l, 0);
    if (n <= l.max) {           /* few enough (past 160): every one */
        for (int i = 0; i < n; i++)
            if (strcmp(texts[i], "coinche")) add(&l, i);   /* greedy's alone (the header) */
        return l.n;
    }
    /* the two denominations the seat reckons best (the first on ties) */
    int dens = d->rules.nt_at ? COINCHE_DENS : COINCHE_NT, best = -1, second = -1;
    for (int k = 0; k < dens; k++) {
        int e = coinche_strategy_support(&s, k);
        if (best < 0 || e > coinche_strategy_support(&s, best)) second = best, best = k;
        else if (second < 0 || e > coinche_strategy_support(&s, second)) second = k;
    }
    int lowest = bid_at(d, best, 0);
    if (lowest >= 0) {
        int level, den, reckon = coinche_strategy_support(&s, best);
        coinche_bid_of(&d->rules, coinche_bid_first(d) + lowest - 1, &level, &den);
        add(&l, lowest);
        if (reckon >= 90) add(&l, bid_at(d, best, (reckon > 160 ? 160 : reckon) / 10 - 8));
        add(&l, bid_at(d, best, level + 1));
    }
    if (second >= 0) add(&l, bid_at(d, second, 0));
    return l.n >= 2 ? l.n : -1;
}

/* Greedy's reckoning of denomination `den` for `seat` holding `hand`, its
 * partner's last bid `partner_value` in `partner_den` (value 0: none):
 * coinche_strategy_support without a view. */
static int reckon(pq_mask hand, int den, int partner_value, int partner_den)
{
    struct coinche_strategy s;
    memset(&s, 0, sizeof s);
    s.hand = hand;
    s.seat = 0;
    s.bid_value[2] = partner_value;
    s.bid_den[2] = partner_den;
    return coinche_strategy_support(&s, den);
}

int coinche_world_fits(const struct game *g, const void *world, int player)
{
    const struct coinche_match *m = world;
    if (strcmp(g->name, "coinche") || m->over) return 1;
    const struct coinche_deal *d = &m->deal;
    int value[COINCHE_SEATS] = { 0 }, den[COINCHE_SEATS] = { 0 }, any = 0;
    pq_mask dealt[COINCHE_SEATS];
    for (int s = 0; s < COINCHE_SEATS; s++) dealt[s] = d->hand[s];
    for (int i = 0; i < d->n_hist; i++)      /* the hands as dealt: played cards back */
        if (d->hist[i].kind == COINCHE_ACT_PLAY) dealt[d->hist[i].seat] |= PQ_BIT(d->hist[i].card);
    for (int i = 0; i < d->n_hist; i++) {
        const struct coinche_act *a = &d->hist[i];
        int s = a->seat, p = (s + 2) & 3;
        if (a->kind == COINCHE_ACT_BID) {
            int v = coinche_level_value(a->card);
            if (s != player && a->card < COINCHE_LEVEL_CAPOT &&
                reckon(dealt[s], a->den, value[p], den[p]) + COINCHE_FIT_SLACK < v)
                return 0;
            value[s] = v;
            den[s] = a->den;
            any = 1;
        } else if (a->kind == COINCHE_ACT_PASS && !any && s != player) {
            int dens = d->rules.nt_at ? COINCHE_DENS : COINCHE_NT;
            for (int k = 0; k < dens; k++)
                if (reckon(dealt[s], k, 0, 0) >= 80 + COINCHE_FIT_SLACK) return 0;
        }
    }
    return 1;
}

/* belote_bids.c - the worlds that fit the Belote forms' auction
 * (belote_bids.h). Greedy's rule is read from belote_strategy.h, the
 * calls from the deal's history.
 */
#include "bots/belote_bids.h"

#include <string.h>
#include "bots/belote_strategy.h"
#include "engine/belote/belote.h"
#include "engine/rng.h"

/* A seat's calls: round one's take (1) or pass (0), -1 none; round two's
 * named suit, -1 a pass, -2 none. */
struct calls {
    int take, name;
};

/* Whether greedy's rule, within the tolerances, makes `c` with `hand`. */
static int calls_fit(const struct bel_deal *d, pq_mask hand, const struct calls *c)
{
    int form = d->rules.form, n = d->n, up = d->turnup == BEL_NO_CARD ? -1 : d->turnup;
    double threshold = belote_strategy_bid_threshold(form, n);
    if (up < 0) return 1;
    if (c->take >= 0) {
        double own = belote_strategy_bid_strength(form, n, hand, up, PQ_SUIT(up));
        if (c->take ? own < threshold - BELOTE_FIT_TAKE_SLACK : own >= threshold + BELOTE_FIT_PASS_SLACK) return 0;
    }
    if (c->name > -2) {
        double best = -1, named = 0;
        for (int s = 0; s < PQ_SUITS; s++) {
            if (s == PQ_SUIT(up)) continue;
            double v = belote_strategy_bid_strength(form, n, hand, up, s);
            if (v > best) best = v;
            if (s == c->name) named = v;
        }
        if (c->name < 0 ? best >= threshold + BELOTE_FIT_PASS_SLACK
                        : named < threshold - BELOTE_FIT_TAKE_SLACK || named + BELOTE_FIT_TAKE_SLACK < best)
            return 0;
    }
    return 1;
}

/* `k` cards of `dealt` holding `must`, the others drawn uniformly (every
 * card of dealt when it has no more than k). */
static pq_mask auction_part(pq_mask dealt, pq_mask must, int k, struct pq_rng *rng)
{
    pq_mask rest = dealt & ~must, part = must;
    int want = k - pq_mask_count(must), left = pq_mask_count(rest);
    if (left <= want) return dealt;
    for (; rest && want > 0; rest &= rest - 1, left--)
        if ((int)pq_rng_below(rng, (uint32_t)left) < want) {
            part |= PQ_BIT(pq_mask_first(rest));
            want--;
        }
    return part;
}

int belote_world_fits(const struct game *g, const void *world, int player)
{
    const struct bel_match *m = world;
    if (strcmp(g->name, "belote") && strcmp(g->name, "belote-partnership")) return 1;
    const struct bel_deal *d = &m->deal;
    if (m->over || d->rules.form == BEL_MARSEILLAISE || d->turnup == BEL_NO_CARD) return 1;
    int n = d->n, me = bel_match_player_seat(m, player), passes = 0, any = 0;
    struct calls c[BEL_MAX_SEATS];
    pq_mask dealt[BEL_MAX_SEATS];
    for (int s = 0; s < n; s++) {
        c[s].take = -1;
        c[s].name = -2;
        dealt[s] = d->hand[s];
    }
    for (int i = 0; i < d->n_hist; i++) {
        const struct bel_act *a = &d->hist[i];
        if (a->kind == BEL_ACT_PLAY) dealt[a->seat] |= PQ_BIT(a->card);
        else if (a->kind == BEL_ACT_TAKE) c[a->seat].take = 1, any = 1;
        else if (a->kind == BEL_ACT_NAME) c[a->seat].name = a->card, any = 1;
        else if (a->kind == BEL_ACT_PASS) {
            if (passes++ < n) c[a->seat].take = 0;
            else c[a->seat].name = -1;
            any = 1;
        }
    }
    if (!any) return 1;
    /* the turn-up where it went, undone */
    int seven = d->trump >= 0 ? PQ_CARD(d->trump, PQ_RANK_7) : -1;
    pq_mask must[BEL_MAX_SEATS] = { 0 };
    if (d->exchanger >= 0 && seven >= 0) {
        dealt[d->exchanger] = (dealt[d->exchanger] & ~PQ_BIT(d->turnup)) | PQ_BIT(seven);
        if (n == 4) must[d->exchanger] = PQ_BIT(seven);   /* B15: among its five */
    }
    if (n == 4 && d->complete && d->maker >= 0)
        dealt[d->maker] &= ~PQ_BIT(d->exchanger >= 0 && seven >= 0 ? seven : d->turnup);
    /* the auction's part of a completed hand, drawn from the world's own hands */
    struct pq_rng rng;
    uint64_t h = 0x62656c6f7465ull;
    for (int s = 0; s < n; s++) h = pq_rng_mix(h ^ d->hand[s], (uint64_t)s);
    pq_rng_seed(&rng, h);
    for (int s = 0; s < n; s++) {
        if (s == me || (c[s].take < 0 && c[s].name < -1)) continue;
        pq_mask hand = d->complete ? auction_part(dealt[s], must[s], n == 4 ? 5 : 6, &rng) : dealt[s];
        if (!calls_fit(d, hand, &c[s])) return 0;
    }
    return 1;
}

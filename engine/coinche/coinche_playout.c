/* coinche_playout.c - Coinche's rules of thumb for a search's playouts
 * (game.h playout): a card play chosen in a state where every hand is
 * known (a search plays out sampled worlds), by simple habits and no
 * lookahead beyond the trick being played, under the contract's trick
 * order and points (K2, K3: a suit contract, NT, AT):
 *   - leading: a card no opponent after can beat (cashing a master), the
 *     one worth most; else the lowest card of a suit chosen from the seed,
 *     a plain suit in a suit contract while the seat has one (the lowest
 *     trump when only trumps are left);
 *   - following, the trick held by the partner and safe from the
 *     opponents still to play: the card worth most (a plain one in a suit
 *     contract when it can), else the cheapest;
 *   - following otherwise: the cheapest card that wins the trick and that
 *     no opponent still to play can beat; else the cheapest card.
 * "Cheapest": the fewest points, then the lowest in the trick order (a
 * trump above every plain card). What an opponent still to play "can"
 * play follows Coinche's obligations (K23-K26: follow, trump and
 * overtrump, head the trick in AT), as coinche_deal_legal_cards does for
 * the seat to act. A play that may say belote or rebelote says it. Not a
 * play (the auction, the answer to a coinche, a meld due): -1, no
 * opinion.
 */
#include "engine/coinche/coinche.h"
#include "engine/rng.h"

/* Whether `card` ranks in the trump order under `den` (its suit is trumps,
 * or every suit is in AT). */
static int trumpish(int card, int den)
{
    return den == COINCHE_AT || PQ_SUIT(card) == den;
}

/* Points first, then the trick order (a trump above every plain card). */
static int cost(const struct coinche_deal *d, int card)
{
    int r = PQ_RANK(card), den = d->contract.den;
    int order = trumpish(card, den) ? 8 + bel_trump_strength[r] : bel_plain_strength[r];
    return coinche_card_points(card, den, &d->rules) * 32 + order;
}

static int cheapest(const struct coinche_deal *d, pq_mask m)
{
    int best = -1;
    for (; m; m &= m - 1) {
        int c = pq_mask_first(m);
        if (best < 0 || cost(d, c) < cost(d, best)) best = c;
    }
    return best;
}

/* The card worth most points, the lowest in the trick order among equals. */
static int dearest(const struct coinche_deal *d, pq_mask m)
{
    int best = -1, den = d->contract.den;
    for (; m; m &= m - 1) {
        int c = pq_mask_first(m), pc = coinche_card_points(c, den, &d->rules);
        int pb = best < 0 ? -1 : coinche_card_points(best, den, &d->rules);
        if (best < 0 || pc > pb || (pc == pb && cost(d, c) < cost(d, best))) best = c;
    }
    return best;
}

/* The cards a seat of the side not holding the trick may play from `hand`
 * to a trick led in `led` whose winning card is `best` (K23-K26 with the
 * partner not winning). */
static pq_mask may_play(const struct coinche_deal *d, pq_mask hand, int led, int best)
{
    int den = d->contract.den;
    if (den < COINCHE_NT) return bel_follow(hand, led, best, den, 0, d->rules.undertrump_forced);
    pq_mask f = hand & PQ_SUIT_MASK(led);
    if (!f) return hand;
    if (den == COINCHE_NT) return f;
    pq_mask hi = f & bel_trumps_above(best);
    return hi ? hi : f;
}

/* Whether an opponent of `holder` still to play after position `pos` of
 * the trick (led in suit `led`, won so far by `best`, holder's) may play a
 * card that beats it. */
static int threatened(const struct coinche_deal *d, int pos, int led, int best, int holder)
{
    for (int k = pos + 1; k < COINCHE_SEATS; k++) {
        int o = (d->leader + k) & 3;
        if ((o & 1) == (holder & 1)) continue;
        for (pq_mask can = may_play(d, d->hand[o], led, best); can; can &= can - 1)
            if (coinche_beats(pq_mask_first(can), best, d->contract.den)) return 1;
    }
    return 0;
}

static int lead(const struct coinche_deal *d, pq_mask legal, uint64_t seed)
{
    int s = d->to_act, den = d->contract.den;
    pq_mask sure = 0, plain = den < COINCHE_NT ? legal & ~PQ_SUIT_MASK(den) : legal;
    for (pq_mask m = legal; m; m &= m - 1) {
        int c = pq_mask_first(m);
        if (!threatened(d, 0, PQ_SUIT(c), c, s)) sure |= PQ_BIT(c);
    }
    pq_mask trumps = legal & ~plain, out = 0;
    if (den < COINCHE_NT && ((d->contract.taker ^ s) & 1) == 0)
        out = (d->hand[(s + 1) & 3] | d->hand[(s + 3) & 3]) & PQ_SUIT_MASK(den);
    if (out && (sure & trumps)) return dearest(d, sure & trumps);
    if (sure) return dearest(d, sure);
    if (out && pq_mask_count(trumps) >= 2) return cheapest(d, trumps);
    if (!plain) return cheapest(d, legal);
    int suits[PQ_SUITS], n = 0;
    for (int suit = 0; suit < PQ_SUITS; suit++)
        if (plain & PQ_SUIT_MASK(suit)) suits[n++] = suit;
    struct pq_rng rng;
    pq_rng_seed(&rng, seed);
    return cheapest(d, plain & PQ_SUIT_MASK(suits[pq_rng_below(&rng, (uint32_t)n)]));
}

static int follow(const struct coinche_deal *d, pq_mask legal)
{
    int s = d->to_act, den = d->contract.den, pos = d->n_played;
    int led = PQ_SUIT(d->played[0]), best = d->played[d->win_pos];
    int holder = (d->leader + d->win_pos) & 3;
    if ((holder & 1) == (s & 1)) {
        if (threatened(d, pos, led, best, holder)) return cheapest(d, legal);
        pq_mask plain = den < COINCHE_NT ? legal & ~PQ_SUIT_MASK(den) : legal;
        return dearest(d, plain ? plain : legal);
    }
    pq_mask safe = 0;
    for (pq_mask m = legal; m; m &= m - 1) {
        int c = pq_mask_first(m);
        if (coinche_beats(c, best, den) && !threatened(d, pos, led, c, s)) safe |= PQ_BIT(c);
    }
    return cheapest(d, safe ? safe : legal);
}

int coinche_deal_playout(const struct coinche_deal *d, uint64_t seed)
{
    if (d->phase != COINCHE_PHASE_PLAY || d->to_act < 0 || coinche_deal_meld_due(d)) return -1;
    pq_mask legal = coinche_deal_legal_cards(d);
    if (!legal) return -1;
    int card = d->n_played == 0 ? lead(d, legal, seed) : follow(d, legal);
    return card < 0 ? -1 : bel_plays_index_said(legal, d->hand[d->to_act], coinche_deal_belote(d), card);
}

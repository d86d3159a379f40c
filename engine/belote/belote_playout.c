/* belote_playout.c - the Belote forms' rules of thumb for a search's
 * playouts (game.h playout): a card play chosen in a state where every
 * hand is known (a search plays out sampled worlds), by simple habits and
 * no lookahead beyond the trick being played:
 *   - leading: a card no seat after can beat (cashing a master), the one
 *     worth most; else the lowest card of a plain suit chosen from the
 *     seed (the lowest trump when only trumps are left);
 *   - following, the trick held by the seat's side (Partnership) and safe
 *     from the seats still to play: the card worth most (a plain one when
 *     it can), else the cheapest;
 *   - following otherwise: the cheapest card that wins the trick and that
 *     no seat still to play can beat; else the cheapest card.
 * "Cheapest": the fewest points, then the lowest in the trick order.
 * A play that may say belote or rebelote says it. Not a play (the
 * auction, a meld due, a Marseillaise claim): -1, no opinion.
 */
#include "engine/belote/belote.h"
#include "engine/rng.h"

/* Points first, then the trick order (a trump above every plain card). */
static int cost(int card, int trump)
{
    int r = PQ_RANK(card);
    int order = PQ_SUIT(card) == trump ? 8 + bel_trump_strength[r] : bel_plain_strength[r];
    return bel_card_points(card, trump) * 32 + order;
}

static int cheapest(pq_mask m, int trump)
{
    int best = -1;
    for (; m; m &= m - 1) {
        int c = pq_mask_first(m);
        if (best < 0 || cost(c, trump) < cost(best, trump)) best = c;
    }
    return best;
}

/* The card worth most points, the lowest in the trick order among equals. */
static int dearest(pq_mask m, int trump)
{
    int best = -1;
    for (; m; m &= m - 1) {
        int c = pq_mask_first(m), pc = bel_card_points(c, trump), pb = best < 0 ? -1 : bel_card_points(best, trump);
        if (best < 0 || pc > pb || (pc == pb && cost(c, trump) < cost(best, trump))) best = c;
    }
    return best;
}

static int same_side(const struct bel_deal *d, int a, int b)
{
    return a == b || (d->rules.form == BEL_PARTNERSHIP && ((a + 2) & 3) == b);
}

/* Whether a seat still to play after position `pos` of the trick, not on
 * the side of `holder` (whose card `best` wins the trick led in suit
 * `led`), may play a card that beats it. */
static int threatened(const struct bel_deal *d, int pos, int led, int best, int holder)
{
    for (int k = pos + 1; k < d->n; k++) {
        int o = (d->leader + k) % d->n;
        if (same_side(d, o, holder)) continue;
        pq_mask can = bel_follow(d->hand[o], led, best, d->trump, 0, 1);
        for (; can; can &= can - 1)
            if (bel_beats(pq_mask_first(can), best, d->trump)) return 1;
    }
    return 0;
}

static int lead(const struct bel_deal *d, pq_mask legal, uint64_t seed)
{
    int s = d->to_act, trump = d->trump;
    pq_mask sure = 0, plain = legal;
    if (trump >= 0) plain &= ~PQ_SUIT_MASK(trump);
    for (pq_mask m = legal; m; m &= m - 1) {
        int c = pq_mask_first(m);
        if (!threatened(d, 0, PQ_SUIT(c), c, s)) sure |= PQ_BIT(c);
    }
    if (sure) return dearest(sure, trump);
    if (!plain) return cheapest(legal, trump);
    int suits[PQ_SUITS], n = 0;
    for (int suit = 0; suit < PQ_SUITS; suit++)
        if (plain & PQ_SUIT_MASK(suit)) suits[n++] = suit;
    struct pq_rng rng;
    pq_rng_seed(&rng, seed);
    return cheapest(plain & PQ_SUIT_MASK(suits[pq_rng_below(&rng, (uint32_t)n)]), trump);
}

static int follow(const struct bel_deal *d, pq_mask legal)
{
    int s = d->to_act, trump = d->trump, pos = d->n_played;
    int led = PQ_SUIT(d->played[0]), best = d->played[d->win_pos];
    int holder = (d->leader + d->win_pos) % d->n;
    if (same_side(d, holder, s)) {
        if (threatened(d, pos, led, best, holder)) return cheapest(legal, trump);
        pq_mask plain = trump >= 0 ? legal & ~PQ_SUIT_MASK(trump) : legal;
        return dearest(plain ? plain : legal, trump);
    }
    pq_mask safe = 0;
    for (pq_mask m = legal; m; m &= m - 1) {
        int c = pq_mask_first(m);
        if (bel_beats(c, best, trump) && !threatened(d, pos, led, c, s)) safe |= PQ_BIT(c);
    }
    return cheapest(safe ? safe : legal, trump);
}

int bel_deal_playout(const struct bel_deal *d, uint64_t seed)
{
    if (d->phase != BEL_PHASE_PLAY || d->to_act < 0 || bel_deal_meld_due(d)) return -1;
    pq_mask legal = bel_deal_legal_cards(d);
    if (!legal) return -1;
    int card = d->n_played == 0 ? lead(d, legal, seed) : follow(d, legal);
    return card < 0 ? -1 : bel_plays_index_said(legal, d->hand[d->to_act], bel_deal_belote(d), card);
}

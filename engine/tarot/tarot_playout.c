/* tarot_playout.c - French Tarot's rules of thumb for a search's playouts
 * (game.h playout): a card play chosen in a state where every hand is
 * known (a search plays out sampled worlds), by simple habits and no
 * lookahead beyond the trick being played:
 *   - the Excuse is kept for the last two cards (played then), never
 *     chosen otherwise unless it is the only card;
 *   - leading: a card no seat after can beat, the one worth most; else
 *     the lowest card of a plain suit chosen from the seed (the lowest
 *     trump when only trumps are left);
 *   - following, the trick held by the seat's camp and safe from the
 *     seats still to play: the plain card worth most (else the cheapest);
 *   - following otherwise: the cheapest card that wins the trick and that
 *     no seat still to play can beat; else the cheapest card.
 * "Cheapest": the fewest half points (so the Petit and the 21 are kept),
 * then the lowest (any plain card before a trump). Not a card play (the
 * auction, the call, the discard, the chelem): -1, no opinion.
 */
#include "engine/rng.h"
#include "engine/tarot/tarot.h"

static int cost(int card)
{
    return tarot_card_halves(card) * 128 + (TAROT_IS_TRUMP(card) ? 100 + card : TAROT_RANK(card));
}

static int cheapest(tarot_mask m)
{
    int best = -1;
    for (; m; m &= m - 1) {
        int c = tarot_first(m);
        if (best < 0 || cost(c) < cost(best)) best = c;
    }
    return best;
}

static int dearest(tarot_mask m)
{
    int best = -1;
    for (; m; m &= m - 1) {
        int c = tarot_first(m);
        int hc = tarot_card_halves(c), hb = best < 0 ? -1 : tarot_card_halves(best);
        if (best < 0 || hc > hb || (hc == hb && cost(c) < cost(best))) best = c;
    }
    return best;
}

/* F23: whether card c beats w, the trick's best so far (neither the Excuse). */
static int beats(int c, int w)
{
    return TAROT_IS_TRUMP(c) ? !TAROT_IS_TRUMP(w) || c > w : !TAROT_IS_TRUMP(w) && TAROT_SUIT(c) == TAROT_SUIT(w) && c > w;
}

/* F22: the cards of `hand` playable to a trick led with `lead` (not the
 * Excuse) whose best trump is `best` (-1: none). */
static tarot_mask follow_set(tarot_mask hand, int lead, int best)
{
    if (!TAROT_IS_TRUMP(lead)) {
        tarot_mask suit = hand & TAROT_SUIT_MASK(TAROT_SUIT(lead));
        if (suit) return suit;
    }
    tarot_mask trumps = hand & TAROT_TRUMP_MASK;
    if (trumps) {
        tarot_mask above = best < 0 ? trumps : trumps & ~(((tarot_mask)1 << (best + 1)) - 1);
        return above ? above : trumps;
    }
    return hand;
}

/* Whether a seat still to play after position `pos`, not in the camp of
 * `holder` (whose card `top` wins the trick led with `lead`, best trump
 * `best`), may play a card that beats it. */
static int threatened(const struct tarot_deal *d, int pos, int lead, int best, int top, int holder)
{
    int leader = d->leader[d->trick_no], camp = tarot_camp(d, holder);
    for (int k = pos + 1; k < d->n; k++) {
        int o = (leader + k) % d->n;
        if (tarot_camp(d, o) == camp) continue;
        tarot_mask can = tarot_without(follow_set(d->hand[o], lead, best), TAROT_EXCUSE);
        for (; can; can &= can - 1)
            if (beats(tarot_first(can), top)) return 1;
    }
    return 0;
}

static int lead(const struct tarot_deal *d, tarot_mask legal, uint64_t seed)
{
    int s = d->to_act, pos = d->in_trick;
    tarot_mask sure = 0, plain = legal & ~TAROT_TRUMP_MASK & ~TAROT_BIT(TAROT_EXCUSE);
    for (tarot_mask m = tarot_without(legal, TAROT_EXCUSE); m; m &= m - 1) {
        int c = tarot_first(m);
        if (!threatened(d, pos, c, TAROT_IS_TRUMP(c) ? c : -1, c, s)) sure |= TAROT_BIT(c);
    }
    if (sure) return dearest(sure);
    if (!plain) return cheapest(legal);
    int suits[4], n = 0;
    for (int suit = 0; suit < 4; suit++)
        if (plain & TAROT_SUIT_MASK(suit)) suits[n++] = suit;
    struct pq_rng rng;
    pq_rng_seed(&rng, seed);
    return cheapest(plain & TAROT_SUIT_MASK(suits[pq_rng_below(&rng, (uint32_t)n)]));
}

static int follow(const struct tarot_deal *d, tarot_mask legal, uint64_t seed)
{
    int s = d->to_act, pos = d->in_trick;
    if (d->top < 0) return lead(d, legal, seed);   /* only the Excuse was led */
    int top = d->top, holder = d->top_seat, lead_card = d->lead;
    if (tarot_camp(d, holder) == tarot_camp(d, s)) {
        if (threatened(d, pos, lead_card, d->best, top, holder)) return cheapest(legal);
        tarot_mask plain = legal & ~TAROT_TRUMP_MASK;
        return dearest(plain ? plain : legal);
    }
    tarot_mask safe = 0;
    for (tarot_mask m = legal; m; m &= m - 1) {
        int c = tarot_first(m);
        if (c == TAROT_EXCUSE || !beats(c, top)) continue;
        int best = TAROT_IS_TRUMP(c) ? c : d->best;
        if (!threatened(d, pos, lead_card, best, c, s)) safe |= TAROT_BIT(c);
    }
    return cheapest(safe ? safe : legal);
}

int tarot_deal_playout(const struct tarot_deal *d, uint64_t seed)
{
    if (d->phase != TAROT_PLAY || d->to_act < 0 || !d->playable) return -1;
    tarot_mask legal = d->playable, hand = d->hand[d->to_act];
    int card;
    if (tarot_has(legal, TAROT_EXCUSE) && (tarot_count(hand) <= 2 || tarot_count(legal) == 1)) {
        card = TAROT_EXCUSE;
    } else {
        legal = tarot_without(legal, TAROT_EXCUSE);
        card = d->lead < 0 && d->top < 0 && d->in_trick == 0 ? lead(d, legal, seed) : follow(d, legal, seed);
    }
    if (card < 0) return -1;
    return tarot_count(d->playable & (TAROT_BIT(card) - 1));   /* play C in pack order */
}

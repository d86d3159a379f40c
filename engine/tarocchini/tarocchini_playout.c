/* tarocchini_playout.c - Tarocchini's rules of thumb for a search's
 * playouts (game.h playout; the contract is tarocchini.h
 * tar_deal_playout): a card play chosen in a state where every hand is
 * known, by simple habits and no lookahead beyond the trick being played.
 */
#include "engine/rng.h"
#include "engine/tarocchini/tarocchini.h"

/* Value first (O6), then rank, a trump above every suit card. */
static int cost(const struct tar_deal *d, int card)
{
    int order = tar_suit(card) == TAR_SUIT_TRUMPS ? 32 + tar_rank(card, &d->rules) : tar_rank(card, &d->rules);
    return tar_card_value(card) * 128 + order;
}

/* The cheapest card of m (not the Matto unless it is all m holds). */
static int cheapest(const struct tar_deal *d, tar_mask m)
{
    int best = -1;
    if (m & ~TAR_BIT(TAR_MA)) m &= ~TAR_BIT(TAR_MA);
    for (; m; m &= m - 1) {
        int c = __builtin_ctzll(m);
        if (best < 0 || cost(d, c) < cost(d, best)) best = c;
    }
    return best;
}

/* The card of m worth most, the cheapest among equals (not the Matto
 * unless it is all m holds). */
static int dearest(const struct tar_deal *d, tar_mask m)
{
    int best = -1;
    if (m & ~TAR_BIT(TAR_MA)) m &= ~TAR_BIT(TAR_MA);
    for (; m; m &= m - 1) {
        int c = __builtin_ctzll(m), vc = tar_card_value(c), vb = best < 0 ? -1 : tar_card_value(best);
        if (best < 0 || vc > vb || (vc == vb && cost(d, c) < cost(d, best))) best = c;
    }
    return best;
}

/* Whether a seat still to play after position `pos` of the trick, not of
 * `holder`'s team, may play a card that takes the trick from `best`, the
 * card winning it, in a trick whose suit to follow is `suit`. */
static int threatened(const struct tar_deal *d, int pos, int suit, int best, int holder)
{
    for (int k = pos + 1; k < TAR_SEATS; k++) {
        int o = (d->leader + k) % TAR_SEATS;
        if (tar_team(o) == tar_team(holder)) continue;
        for (tar_mask can = tar_hand_playable(d->hand[o], suit); can; can &= can - 1)
            if (tar_card_beats(&d->rules, __builtin_ctzll(can), best, suit)) return 1;
    }
    return 0;
}

/* A lead, or the first card after a led Matto (it fixes the suit, O23). */
static int lead(const struct tar_deal *d, tar_mask legal, int pos, uint64_t seed)
{
    int s = d->to_act;
    tar_mask sure = 0, plain = legal & ~TAR_TRUMPS & ~TAR_BIT(TAR_MA);
    for (tar_mask m = legal & ~TAR_BIT(TAR_MA); m; m &= m - 1) {
        int c = __builtin_ctzll(m);
        if (!threatened(d, pos, tar_suit(c), c, s)) sure |= TAR_BIT(c);
    }
    if (sure) return dearest(d, sure);
    if (!plain) return cheapest(d, legal);
    int suits[TAR_SUITS], n = 0;
    for (int suit = 0; suit < TAR_SUITS; suit++)
        if (plain & tar_suit_cards(suit)) suits[n++] = suit;
    struct pq_rng rng;
    pq_rng_seed(&rng, seed);
    return cheapest(d, plain & tar_suit_cards(suits[pq_rng_below(&rng, (uint32_t)n)]));
}

static int follow(const struct tar_deal *d, tar_mask legal, int pos)
{
    int s = d->to_act, suit = d->trick_suit, best = d->cards[d->trick][d->best_at];
    int holder = (d->leader + d->best_at) % TAR_SEATS;
    if (tar_team(holder) == tar_team(s)) {
        if (threatened(d, pos, suit, best, holder)) return cheapest(d, legal);
        tar_mask plain = legal & ~TAR_TRUMPS;
        return dearest(d, plain & ~TAR_BIT(TAR_MA) ? plain : legal);
    }
    tar_mask safe = 0;
    for (tar_mask m = legal & ~TAR_BIT(TAR_MA); m; m &= m - 1) {
        int c = __builtin_ctzll(m);
        if (tar_card_beats(&d->rules, c, best, suit) && !threatened(d, pos, suit, c, s)) safe |= TAR_BIT(c);
    }
    if (safe) return cheapest(d, safe);
    int c = cheapest(d, legal);
    /* a lost trick: the Matto rather than a card worth something */
    return (legal & TAR_BIT(TAR_MA)) && c >= 0 && tar_card_value(c) > 0 ? TAR_MA : c;
}

int tar_deal_playout(const struct tar_deal *d, uint64_t seed)
{
    if (d->phase != TAR_PHASE_PLAY || d->to_act < 0) return -1;
    tar_mask legal = d->playable;
    if (!legal) return -1;
    int pos = d->n_played;
    int card = d->best_at < 0 ? lead(d, legal, pos, seed) : follow(d, legal, pos);
    return card < 0 ? -1 : tar_deal_play_index(d, card);
}

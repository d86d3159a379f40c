/* tarot_bids.c - the worlds that fit French Tarot's auction and call
 * (tarot_bids.h). Greedy's rule is read from tarot_strategy.h, the bids
 * and the call from the deal.
 */
#include "bots/tarot_bids.h"

#include <string.h>
#include "bots/tarot_strategy.h"
#include "engine/tarot/tarot.h"

/* Whether greedy's rule, within the tolerances, says `bid` (enum
 * tarot_contract) with `hand` after a highest bid of `before`. */
static int bid_fits(tarot_mask hand, int players, int bid, int before)
{
    int strength = tarot_strategy_bid_strength(hand, players);
    if (bid == TAROT_PASS)
        return before >= TAROT_GARDE_CONTRE || strength < tarot_strategy_bid_need(before + 1) + TAROT_FIT_PASS_SLACK;
    if (strength < tarot_strategy_bid_need(TAROT_PRISE) - TAROT_FIT_BID_SLACK ||
        strength < tarot_strategy_bid_need(bid) - TAROT_FIT_CONTRACT_SLACK)
        return 0;
    return bid >= TAROT_GARDE_CONTRE || strength < tarot_strategy_bid_need(bid + 1) + TAROT_FIT_PASS_SLACK;
}

/* Whether greedy's call, within the tolerance, names `called` with the
 * taker's `hand`: a king it does not hold, its suit about the longest of
 * those. Any call fits a taker holding every king (a queen is called). */
static int call_fits(tarot_mask hand, int called)
{
    if (called == TAROT_NO_CARD || TAROT_IS_TRUMP(called) || called == TAROT_EXCUSE) return 1;
    if (hand & TAROT_BIT(called)) return 0;
    if (TAROT_RANK(called) != TAROT_KING) return 1;
    int own = tarot_count(hand & TAROT_SUIT_MASK(TAROT_SUIT(called)));
    for (int s = 0; s < 4; s++)
        if (!(hand & TAROT_BIT(TAROT_CARD(s, TAROT_KING))) &&
            tarot_count(hand & TAROT_SUIT_MASK(s)) > own + TAROT_FIT_CALL_SLACK)
            return 0;
    return 1;
}

int tarot_world_fits(const struct game *g, const void *world, int player)
{
    const struct tarot_match *m = world;
    if (strcmp(g->name, "tarot") || m->over) return 1;
    const struct tarot_deal *d = &m->deal;
    int n = d->n, me = tarot_match_player_seat(m, player), before = TAROT_PASS;
    for (int s = 0; s < n; s++) {
        int bid = d->bids[s];
        if (bid < 0) break;                                 /* seats speak in order (F13) */
        if (s != me && !bid_fits(tarot_dealt_hand(d, s), n, bid, before)) return 0;
        if (bid > before) before = bid;
    }
    if (n == 5 && d->taker >= 0 && d->taker != me && d->called != TAROT_NO_CARD &&
        !call_fits(tarot_dealt_hand(d, d->taker), d->called))
        return 0;
    return 1;
}

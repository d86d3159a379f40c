/* tarot_discards.c - bot-search's Tarot discard, searched over a few
 * candidates built from the hand (tarot_discards.h says which). The
 * legality of a candidate is the engine's to judge: each is looked up in
 * the state's legal list (game.h find_legal) and one it does not list is
 * left out.
 */
#include <stdio.h>
#include <string.h>
#include "bots/game_greedy.h"
#include "bots/tarot_discards.h"
#include "bots/tarot_strategy.h"

enum { VOID_SETS = 16, FILLS = 3 };

/* The ways of filling a discard once its voided suits are in. */
enum fill { FILL_DEAREST, FILL_UNGUARDED, FILL_CHEAPEST };

/* How much fill `f` wants card c of `hand` in the discard (the highest
 * first; ties: the lower card in pack order). */
static int want(enum fill f, tarot_mask hand, int c)
{
    int value = tarot_card_halves(c) * 16 + TAROT_RANK(c);
    switch (f) {
    case FILL_DEAREST: return value;
    case FILL_UNGUARDED: {
        int king = TAROT_CARD(TAROT_SUIT(c), TAROT_KING);
        return (tarot_card_halves(c) > 1 && !tarot_has(hand, king) ? 1000 : 0) + value;
    }
    case FILL_CHEAPEST: return -value;
    }
    return 0;
}

static tarot_mask fill(enum fill f, tarot_mask hand, tarot_mask plain, tarot_mask out, int d)
{
    while (tarot_count(out) < d) {
        int pick = -1, best = 0;
        for (tarot_mask m = plain & ~out; m; m &= m - 1) {
            int c = tarot_first(m), w = want(f, hand, c);
            if (pick < 0 || w > best) pick = c, best = w;
        }
        if (pick < 0) break;
        out |= TAROT_BIT(pick);
    }
    return out;
}

/* Adds `discard` to out[] unless it is there already or out[] is full. */
static int add(tarot_mask *out, int n, int max, tarot_mask discard)
{
    for (int i = 0; i < n; i++)
        if (out[i] == discard) return n;
    if (n < max) out[n++] = discard;
    return n;
}

int tarot_discards_build(tarot_mask hand, int d, tarot_mask *out, int max)
{
    tarot_mask plain = hand & ~TAROT_TRUMP_MASK & ~TAROT_BIT(TAROT_EXCUSE) & ~tarot_kings();
    int n = 0;
    if (max <= 0 || d <= 0) return 0;
    out[n++] = tarot_strategy_discard(hand, d);
    if (tarot_count(plain) <= d) return n;   /* F18: trumps forced in, greedy's lowest */
    /* the sets of suits the discard can empty, most suits then most cards first */
    int sets[VOID_SETS], keys[VOID_SETS], n_sets = 0;
    for (int set = 0; set < VOID_SETS; set++) {
        int cards = 0, suits = 0, ok = 1;
        for (int s = 0; s < 4; s++) {
            if (!(set & 1 << s)) continue;
            int len = tarot_count(plain & TAROT_SUIT_MASK(s));
            ok &= len > 0;
            cards += len;
            suits++;
        }
        if (!ok || cards > d) continue;
        int key = suits * 100 + cards, at = n_sets++;
        for (; at > 0 && keys[at - 1] < key; at--) sets[at] = sets[at - 1], keys[at] = keys[at - 1];
        sets[at] = set;
        keys[at] = key;
    }
    for (int f = 0; f < FILLS; f++)
        for (int i = 0; i < n_sets; i++) {
            tarot_mask voided = 0;
            for (int s = 0; s < 4; s++)
                if (sets[i] & 1 << s) voided |= plain & TAROT_SUIT_MASK(s);
            n = add(out, n, max, fill((enum fill)f, hand, plain, voided, d));
        }
    return n;
}

int tarot_discards_candidates(const struct game *g, const void *state, int *index, int max)
{
    tarot_mask discards[TAROT_DISCARDS_MAX];
    char text[GAME_ACTION_MAX] = "discard ";
    int n = 0;
    if (g != &tarot_game || max <= 0) return 0;
    const struct tarot_deal *deal = &((const struct tarot_match *)state)->deal;
    if (deal->phase != TAROT_DISCARD || deal->to_act != deal->taker || deal->to_act < 0) return 0;
    int legal = g->legal_count(state);
    if (max > TAROT_DISCARDS_MAX) max = TAROT_DISCARDS_MAX;
    int built = tarot_discards_build(deal->hand[deal->taker], deal->dog_size, discards, max);
    for (int i = 0; i < built; i++) {
        int len = tarot_mask_format(discards[i], text + 8, (int)sizeof text - 8);
        int at = len > 0 ? g->find_legal(state, text, 8 + len) : -1;
        if (at >= 0) index[n++] = at;
    }
    if (legal <= max) {   /* every legal discard, greedy's first */
        int first = n > 0 ? index[0] : -1;
        n = 0;
        if (first >= 0) index[n++] = first;
        for (int a = 0; a < legal; a++)
            if (a != first) index[n++] = a;
    }
    return n;
}

/* The playouts' decisions: greedy never announces a chelem (passed here
 * without writing its view), the rest as a searched bid's. */
static int playout_policy(void *ctx, const struct game *g, const void *state, char *text, int cap)
{
    if (((const struct tarot_match *)state)->deal.phase == TAROT_CHELEM) return 0;   /* pass */
    return game_greedy_bid_policy(ctx, g, state, text, cap);
}

int tarot_discards_choose(const struct search_options *options, const struct game *g, const void *state, int player,
                          uint64_t seed, double cap_ms, struct pq_rng *rng)
{
    int only[TAROT_DISCARDS_MAX];
    int n = tarot_discards_candidates(g, state, only, TAROT_DISCARDS_MAX);
    if (n <= 0) return -1;
    struct search_policy policy = { playout_policy, rng };
    struct search_options o = *options;
    o.policy = &policy;
    o.policy_plies = 0;
    o.only = only;
    o.n_only = n;
    if (o.ms <= 0) o.worlds *= TAROT_DISCARDS_WORLDS;
    return search_choose(&o, g, state, player, seed, cap_ms, NULL);
}

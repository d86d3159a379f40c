/* strategy.c - the random and greedy reference players (strategy.h).
 * The greedy player reads only the view; "out of play" cards are those it
 * has seen leave play (played, its own discards, untaken cards it looked
 * at), so it never relies on anything hidden.
 */
#include "bots/strategy.h"

int strategy_random(struct pq_rng *rng, int n)
{
    return (int)pq_rng_below(rng, (uint32_t)n);
}

int strategy_keep_value(pq_mask hand, int card)
{
    int suit = PQ_SUIT(card), rank = PQ_RANK(card);
    pq_mask suit_cards = hand & PQ_SUIT_MASK(suit);
    int value = rank * 2;                                   /* high cards win tricks */
    int longest = 0;
    for (int s = 0; s < PQ_SUITS; s++) {
        int n = pq_mask_count(hand & PQ_SUIT_MASK(s));
        if (n > longest) longest = n;
    }
    if (pq_mask_count(suit_cards) == longest) value += 6;  /* the point suit */
    /* Part of a run of three or more. */
    pq_mask run = PQ_BIT(card);
    for (int c = card + 1; c < suit * 8 + 8 && (hand & PQ_BIT(c)); c++) run |= PQ_BIT(c);
    for (int c = card - 1; c >= suit * 8 && (hand & PQ_BIT(c)); c--) run |= PQ_BIT(c);
    if (pq_mask_count(run) >= 3) value += 3 * pq_mask_count(run);
    /* Part of a set of tens or better. */
    int copies = pq_mask_count(hand & ((pq_mask)0x01010101u << rank));
    if (rank >= PQ_RANK_T && copies >= 3) value += copies == 4 ? 20 : 8;
    else if (rank >= PQ_RANK_T && copies == 2) value += 2;
    return value;
}

/* The discard: the lowest-valued cards, as many as allowed (the most). */
static int choose_discard(const struct pq_view *v, const struct pq_action *legal, int n)
{
    int best = 0, best_score = -(1 << 30), most = 0;
    for (int i = 0; i < n; i++)
        if (pq_mask_count(legal[i].cards) > most) most = pq_mask_count(legal[i].cards);
    for (int i = 0; i < n; i++) {
        if (pq_mask_count(legal[i].cards) != most) continue;
        pq_mask kept = v->hand & ~legal[i].cards;
        int score = 0;
        for (pq_mask m = kept; m; m &= m - 1) score += strategy_keep_value(kept, pq_mask_first(m));
        if (score > best_score) {
            best_score = score;
            best = i;
        }
    }
    return best;
}

/* Declarations: the best combination available (its key), so calls,
 * answers and extras declare everything, best first. */
static int choose_declaration(const struct pq_action *legal, int n)
{
    int best = 0, best_key = 0;
    for (int i = 0; i < n; i++) {
        if (legal[i].kind != PQ_ACT_DECLARE) continue;
        int key = pq_combo_key(legal[i].cls, legal[i].cards);
        if (key > best_key) {
            best_key = key;
            best = i;
        }
    }
    return best;
}

/* Cards no longer in anybody's hand, as far as the seat knows. */
static pq_mask out_of_play(const struct pq_view *v)
{
    return v->played | v->opponent_played | v->discards | v->untaken;
}

/* True when no card above `card` in its suit can be in the opponent's hand. */
static int is_master(const struct pq_view *v, int card)
{
    pq_mask above = PQ_SUIT_MASK(PQ_SUIT(card)) & ~((PQ_BIT(card) << 1) - 1);
    return (above & ~(out_of_play(v) | v->hand)) == 0;
}

static int index_of_card(const struct pq_action *legal, int n, int card)
{
    for (int i = 0; i < n; i++)
        if (legal[i].number == card) return i;
    return 0;
}

/* The card to throw when void in the suit led: the lowest card of the suit
 * with the most cards to spare, never the last guard of a king or queen. */
static int throw_card(const struct pq_view *v, pq_mask hand)
{
    int best = pq_mask_first(hand), best_score = 1 << 30;
    for (pq_mask m = hand; m; m &= m - 1) {
        int card = pq_mask_first(m), suit = PQ_SUIT(card);
        pq_mask suit_cards = hand & PQ_SUIT_MASK(suit);
        int guards = pq_mask_count(suit_cards) - 1;
        int score = PQ_RANK(card) * 4 - pq_mask_count(suit_cards);
        if (is_master(v, card)) score += 40;
        if (guards <= 1 && (suit_cards & ~PQ_BIT(card) & (PQ_BIT(PQ_CARD(suit, PQ_RANK_K)) | PQ_BIT(PQ_CARD(suit, PQ_RANK_Q)))))
            score += 20;   /* keep the guard of a king or queen */
        if (score < best_score) {
            best_score = score;
            best = card;
        }
    }
    return best;
}

static int choose_lead(const struct pq_view *v)
{
    pq_mask hand = v->hand;
    /* Cash a sure winner, from the suit with the most of them. */
    int best = -1, best_count = 0;
    for (pq_mask m = hand; m; m &= m - 1) {
        int card = pq_mask_first(m);
        if (!is_master(v, card)) continue;
        int count = pq_mask_count(hand & PQ_SUIT_MASK(PQ_SUIT(card)));
        if (count > best_count) {
            best_count = count;
            best = card;
        }
    }
    if (best >= 0) return best;
    /* Otherwise lead low from the longest suit. */
    int longest = 0;
    for (int s = 0; s < PQ_SUITS; s++) {
        pq_mask suit_cards = hand & PQ_SUIT_MASK(s);
        if (pq_mask_count(suit_cards) > longest) {
            longest = pq_mask_count(suit_cards);
            best = pq_mask_first(suit_cards);
        }
    }
    return best;
}

static int choose_follow(const struct pq_view *v)
{
    int led = v->lead_card;
    pq_mask follow = v->hand & PQ_SUIT_MASK(PQ_SUIT(led));
    if (!follow) return throw_card(v, v->hand);
    pq_mask higher = follow & ~((PQ_BIT(led) << 1) - 1);
    if (higher) return pq_mask_first(higher);   /* win as cheaply as possible */
    return pq_mask_first(follow);               /* follow low */
}

int strategy_greedy(const struct pq_view *v, const struct pq_action *legal, int n)
{
    switch (legal[0].kind) {
    case PQ_ACT_ANNOUNCE:
        return n - 1;                            /* exchange five */
    case PQ_ACT_DISCARD:
        return choose_discard(v, legal, n);
    case PQ_ACT_LOOK:
    case PQ_ACT_NOLOOK:
        return legal[0].kind == PQ_ACT_LOOK ? 0 : 1;
    case PQ_ACT_PLAY:
        return index_of_card(legal, n, v->lead_card < 0 ? choose_lead(v) : choose_follow(v));
    default:
        return choose_declaration(legal, n);
    }
}

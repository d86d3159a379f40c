/* worlds.c - inference about the opponent's hand and consistent worlds
 * (worlds.h). Everything is derived from the view: the finished tricks
 * give the voids (their leaders are replayed from trick 1, led by elder),
 * the classes give the shown cards and the announced combinations.
 * Groups are disjoint; a hand is `held` plus `count[g]` cards of each
 * group, nothing else.
 */
#include <math.h>
#include <string.h>
#include "bots/worlds.h"

static int seat_opponent_won(int outcome, int opp)
{
    return outcome == (opp == PQ_ELDER ? PQ_OUTCOME_GOOD : PQ_OUTCOME_NOT_GOOD);
}

static void add_group(struct worlds *self, pq_mask cards, int count)
{
    self->group[self->n_groups] = cards;
    self->count[self->n_groups] = count;
    self->n_groups++;
}

int worlds_infer(struct worlds *self, const struct pq_view *v)
{
    int me = v->seat, opp = 1 - me, rc = 0;
    memset(self, 0, sizeof *self);
    pq_mask mine = v->hand | v->played | v->discards | v->dealt | v->drawn | (v->look == 1 ? v->untaken : 0);
    pq_mask declared = 0;
    for (int cls = 0; cls < PQ_CLASSES; cls++) {
        const struct pq_view_class *c = &v->classes[cls];
        const struct pq_view_declaration *d = me == PQ_ELDER ? &c->answer : &c->call;
        if (d->known == 2) declared |= d->cards;
        if (seat_opponent_won(c->outcome, opp)) declared |= c->extras;
        if (d->known == 1)
            self->claims[self->n_claims++] = (struct worlds_claim){ (uint8_t)cls, d->length, d->rank, d->pips };
    }
    int cb = v->carte_blanche == opp;
    pq_mask in_hand = v->opponent_played | declared | (cb ? 0 : v->opponent_shown);
    self->played = v->opponent_played;
    self->held = in_hand & ~v->opponent_played;

    /* Voids: replay who led each finished trick (elder leads the first). */
    int leader = PQ_ELDER;
    for (int t = 0; t < v->trick && t < 12; t++) {
        int led = v->trick_cards[t][0], followed = v->trick_cards[t][1], follower = 1 - leader;
        int same = PQ_SUIT(followed) == PQ_SUIT(led);
        if (follower == opp && !same) self->void_cards |= PQ_SUIT_MASK(PQ_SUIT(led));
        leader = pq_trick_beats(led, followed) ? follower : leader;
    }

    pq_mask unknown = ~(mine | in_hand);
    int need = v->opponent_hand_count - pq_mask_count(self->held), rest = need;
    if (cb) {
        /* R7, R8: he kept 12 minus his discards of the hand he showed. */
        pq_mask shown = v->opponent_shown & unknown;
        int discarded = opp == PQ_ELDER ? v->k : v->m;
        int count = 12 - discarded - pq_mask_count(v->opponent_shown & in_hand);
        add_group(self, shown, count);
        unknown &= ~shown;
        rest -= count;
    }
    if (me == PQ_ELDER && v->peek) {
        /* R9, R10: younger drew the first m of the cards elder left. */
        pq_mask peek = v->peek & unknown;
        int taken = v->m < 5 - v->k ? v->m : 5 - v->k;
        int count = taken - pq_mask_count(v->peek & in_hand);
        add_group(self, peek, count);
        unknown &= ~peek;
        rest -= count;
    }
    add_group(self, unknown, rest);
    for (int g = 0; g < self->n_groups; g++) {
        self->group[g] &= ~self->void_cards;
        int size = pq_mask_count(self->group[g]);
        if (self->count[g] < 0 || self->count[g] > size) {
            rc = -1;
            self->count[g] = self->count[g] < 0 ? 0 : size;
        }
    }
    return rc;
}

/* True when some `length` cards of `suit_cards` total `pips`. */
static bool pips_reachable(pq_mask suit_cards, int length, int pips)
{
    int cards[8], n = 0;
    for (pq_mask m = suit_cards; m; m &= m - 1) cards[n++] = pq_mask_first(m);
    for (unsigned sub = 0; sub < (1u << n); sub++) {
        if (__builtin_popcount(sub) != length) continue;
        int total = 0;
        for (int i = 0; i < n; i++)
            if (sub & (1u << i)) total += pq_card_pips(cards[i]);
        if (total == pips) return true;
    }
    return false;
}

static bool claim_allowed(const struct worlds_claim *c, pq_mask after_exchange)
{
    if (c->cls == PQ_CLASS_SET)
        return c->rank < PQ_RANKS && pq_mask_count(after_exchange & ((pq_mask)0x01010101u << c->rank)) >= c->length;
    for (int suit = 0; suit < PQ_SUITS; suit++) {
        pq_mask cards = after_exchange & PQ_SUIT_MASK(suit);
        if (c->cls == PQ_CLASS_POINT) {
            if (pq_mask_count(cards) >= c->length && (!c->pips || pips_reachable(cards, c->length, c->pips)))
                return true;
            continue;
        }
        for (int top = c->length - 1; top < PQ_RANKS; top++) {
            if (c->rank != 0xff && top != c->rank) continue;
            pq_mask run = ((((pq_mask)1 << c->length) - 1) << (top - c->length + 1)) << (suit * 8);
            if ((cards & run) == run) return true;
        }
    }
    return false;
}

bool worlds_consistent(const struct worlds *self, pq_mask hand)
{
    if ((hand & self->held) != self->held || (hand & self->void_cards) || (hand & self->played)) return false;
    pq_mask allowed = self->held;
    for (int g = 0; g < self->n_groups; g++) {
        if (pq_mask_count(hand & self->group[g]) != self->count[g]) return false;
        allowed |= self->group[g];
    }
    if (hand & ~allowed) return false;
    for (int i = 0; i < self->n_claims; i++)
        if (!claim_allowed(&self->claims[i], hand | self->played)) return false;
    return true;
}

static double binomial(int n, int k)
{
    double out = 1;
    if (k < 0 || k > n) return 0;
    for (int i = 1; i <= k; i++) out = out * (n - k + i) / i;
    return out;
}

double worlds_count(const struct worlds *self)
{
    double out = 1;
    for (int g = 0; g < self->n_groups; g++) out *= binomial(pq_mask_count(self->group[g]), self->count[g]);
    return out;
}

static bool claims_met(const struct worlds *self, pq_mask hand)
{
    for (int i = 0; i < self->n_claims; i++)
        if (!claim_allowed(&self->claims[i], hand | self->played)) return false;
    return true;
}

int worlds_sample(const struct worlds *self, struct pq_rng *rng, int tries, pq_mask *out)
{
    pq_mask hand = self->held;
    for (int attempt = 0; attempt <= tries; attempt++) {
        /* Announced low combinations can be rare under the bias: the
         * second half of the attempts draws uniformly. */
        double bias = attempt < tries / 2 ? self->bias : 0;
        hand = self->held;
        for (int g = 0; g < self->n_groups; g++) {
            int cards[PQ_CARDS], n = 0;
            double odds[PQ_CARDS], total = 0;
            for (pq_mask m = self->group[g]; m; m &= m - 1) {
                cards[n] = pq_mask_first(m);
                odds[n] = bias > 0 ? exp(bias * PQ_RANK(cards[n])) : 1;
                total += odds[n++];
            }
            for (int i = 0; i < self->count[g]; i++) {
                /* pick among cards[i..n-1] with the given odds */
                int j = i;
                if (bias > 0) {
                    double x = (double)(pq_rng_next(rng) >> 11) * (1.0 / 9007199254740992.0) * total;
                    while (j < n - 1 && x >= odds[j]) x -= odds[j++];
                } else {
                    j = i + (int)pq_rng_below(rng, (uint32_t)(n - i));
                }
                int tmp = cards[i];
                double o = odds[i];
                cards[i] = cards[j];
                odds[i] = odds[j];
                cards[j] = tmp;
                odds[j] = o;
                total -= odds[i];
                hand |= PQ_BIT(cards[i]);
            }
        }
        if (claims_met(self, hand)) {
            *out = hand;
            return 0;
        }
    }
    *out = hand;
    return 1;
}

double worlds_weight(const struct worlds *self, pq_mask hand)
{
    if (self->bias <= 0) return 1;
    int ranks = 0;
    for (pq_mask m = hand & ~self->held; m; m &= m - 1) ranks += PQ_RANK(pq_mask_first(m));
    return exp(self->bias * ranks);
}

struct enumeration {
    const struct worlds *worlds;
    pq_mask *out;
    int cap, found;
};

static void enumerate_group(struct enumeration *e, int g, pq_mask from, int left, pq_mask hand)
{
    if (left == 0) {
        if (g + 1 < e->worlds->n_groups) {
            enumerate_group(e, g + 1, e->worlds->group[g + 1], e->worlds->count[g + 1], hand);
            return;
        }
        if (!claims_met(e->worlds, hand)) return;
        if (e->found < e->cap) e->out[e->found] = hand;
        e->found++;
        return;
    }
    if (pq_mask_count(from) < left) return;
    int card = pq_mask_first(from);
    from &= from - 1;
    enumerate_group(e, g, from, left - 1, hand | PQ_BIT(card));
    enumerate_group(e, g, from, left, hand);
}

int worlds_enumerate(const struct worlds *self, pq_mask *out, int cap, int limit)
{
    if (worlds_count(self) > limit) return -1;
    struct enumeration e = { self, out, cap, 0 };
    if (self->n_groups == 0) {
        if (claims_met(self, self->held) && cap > 0) out[0] = self->held;
        return claims_met(self, self->held) ? 1 : 0;
    }
    enumerate_group(&e, 0, self->group[0], self->count[0], self->held);
    return e.found;
}

/* exchanges.c - the opponent's exchange reconstructed from a view
 * (exchanges.h). A sample is drawn in the order the deal happened: the
 * cards of his dealt hand and draw (all the cards he was known to hold
 * among them, the rest at random from the unseen ones), which of them came
 * from the talon (at random, none of a suit he showed void in), then his
 * discard card by card. Nothing here allocates; the struct is plain data.
 */
#include <math.h>
#include <string.h>
#include "bots/exchanges.h"
#include "bots/strategy.h"

int exchanges_init(struct exchanges *self, const struct pq_view *v, double temperature)
{
    memset(self, 0, sizeof *self);
    int opp = 1 - v->seat;
    if (v->phase < PQ_PHASE_CALL || v->phase == PQ_PHASE_OVER || v->carte_blanche >= 0) return -1;
    if (v->seat == PQ_ELDER && v->peek) return -1;
    if (worlds_infer(&self->worlds, v) < 0) return -1;
    self->temperature = temperature > 0 ? temperature : 1;
    self->point_min_len = v->rules.point_min_len;
    self->size = opp == PQ_ELDER ? v->k : v->m;
    self->unseen = ~(v->dealt | v->drawn | (v->look == 1 ? v->untaken : 0));
    self->required = self->worlds.held | self->worlds.played;
    self->banned = self->worlds.void_cards & ~self->worlds.played;
    if (self->size < 1 || (self->required & ~self->unseen) || (self->required & self->banned)) return -1;
    if (pq_mask_count(self->required) > 12 + self->size) return -1;
    if (pq_mask_count(self->unseen) < 12 + self->size) return -1;
    for (int cls = 0; cls < PQ_CLASSES; cls++) {
        const struct pq_view_class *c = &v->classes[cls];
        const struct pq_view_declaration *his = opp == PQ_ELDER ? &c->call : &c->answer;
        self->most[cls] = -1;
        if (his->known == 2) {
            self->most[cls] = pq_combo_key(cls, his->cards);
        } else if (his->known == 3) {
            self->most[cls] = 0;
        } else if (his->known == 1 && c->outcome != PQ_OUTCOME_OPEN) {
            /* A beaten call: its length, and pips or top when told. */
            if (cls == PQ_CLASS_POINT) self->most[cls] = his->length * 256 + (his->pips ? his->pips : 255);
            else if (cls == PQ_CLASS_SEQUENCE) self->most[cls] = his->length * 16 + (his->rank != 0xff ? his->rank : 15);
            else self->most[cls] = his->length * 16 + his->rank;
        } else if (his->known == 0 && opp == PQ_YOUNGER && c->outcome == PQ_OUTCOME_GOOD && c->call.known == 2) {
            /* His answer conceded: worse than the call, or a pass. */
            self->most[cls] = pq_combo_key(cls, c->call.cards) - 1;
        }
    }
    return 0;
}

/* EXCHANGES_SINK_ODDS for each class where `after` (his hand after the
 * exchange) held better than he declared. */
static double sink_weight(const struct exchanges *self, pq_mask after, int point_min_len)
{
    double weight = 1;
    for (int cls = 0; cls < PQ_CLASSES; cls++)
        if (self->most[cls] >= 0 && pq_combo_best_key(cls, after, point_min_len) > self->most[cls])
            weight *= EXCHANGES_SINK_ODDS_PERCENT / 100.0;
    return weight;
}

/* The odds of discarding each card of `held` next: exp(-keep / t),
 * shifted so that the most likely card has odds 1. */
static double discard_odds(pq_mask held, double temperature, double odds[PQ_CARDS])
{
    int keep[PQ_CARDS], least = 1 << 30;
    double total = 0;
    for (pq_mask m = held; m; m &= m - 1) {
        int card = pq_mask_first(m);
        keep[card] = strategy_keep_value(held, card);
        if (keep[card] < least) least = keep[card];
    }
    for (pq_mask m = held; m; m &= m - 1) {
        int card = pq_mask_first(m);
        odds[card] = exp(-(keep[card] - least) / temperature);
        total += odds[card];
    }
    return total;
}

static int pick(pq_mask allowed, const double odds[PQ_CARDS], double mass, struct pq_rng *rng)
{
    double x = (double)(pq_rng_next(rng) >> 11) * (1.0 / 9007199254740992.0) * mass;
    int card = pq_mask_first(allowed);
    for (pq_mask m = allowed; m; m &= m - 1) {
        card = pq_mask_first(m);
        if (x < odds[card]) break;
        x -= odds[card];
    }
    return card;
}

/* Discards `size` cards of `dealt`, never one of `keep`, all of `forced`;
 * returns the discard and multiplies *weight by the probability the
 * unconstrained model had of respecting the constraints; 0 if it cannot. */
static pq_mask discard(pq_mask dealt, int size, pq_mask keep, pq_mask forced, double temperature,
                       struct pq_rng *rng, double *weight)
{
    pq_mask held = dealt, out = 0;
    forced &= dealt;
    if (pq_mask_count(forced) > size) return 0;
    for (int left = size; left > 0; left--) {
        double odds[PQ_CARDS];
        double total = discard_odds(held, temperature, odds), mass = 0;
        pq_mask allowed = held & ~keep;
        if (pq_mask_count(forced & held) == left) allowed = forced & held;
        if (!allowed) return 0;
        for (pq_mask m = allowed; m; m &= m - 1) mass += odds[pq_mask_first(m)];
        *weight *= mass / total;
        int card = pick(allowed, odds, mass, rng);
        out |= PQ_BIT(card);
        held &= ~PQ_BIT(card);
    }
    return out;
}

pq_mask exchanges_discard(pq_mask dealt, int size, double temperature, struct pq_rng *rng)
{
    double weight = 1;
    return discard(dealt, size, 0, 0, temperature > 0 ? temperature : 1, rng, &weight);
}

/* `count` cards of `from` chosen uniformly. */
static pq_mask choose(pq_mask from, int count, struct pq_rng *rng)
{
    int cards[PQ_CARDS], n = 0;
    pq_mask out = 0;
    for (pq_mask m = from; m; m &= m - 1) cards[n++] = pq_mask_first(m);
    for (int i = 0; i < count && i < n; i++) {
        int j = i + (int)pq_rng_below(rng, (uint32_t)(n - i));
        int tmp = cards[i];
        cards[i] = cards[j];
        cards[j] = tmp;
        out |= PQ_BIT(cards[i]);
    }
    return out;
}

int exchanges_sample(const struct exchanges *self, struct pq_rng *rng, int tries, struct exchange *out)
{
    int total = 12 + self->size;
    memset(out, 0, sizeof *out);
    for (int attempt = 0; attempt < tries; attempt++) {
        /* His dealt hand and draw hold every card he is known to have had. */
        pq_mask both = self->required |
                       choose(self->unseen & ~self->required, total - pq_mask_count(self->required), rng);
        pq_mask drawn = choose(both, self->size, rng);
        if (drawn & self->banned) continue;
        pq_mask dealt = both & ~drawn;
        double weight = 1;
        pq_mask discards = discard(dealt, self->size, self->required, self->banned, self->temperature, rng, &weight);
        if (!discards || weight <= 0) continue;
        pq_mask hand = ((dealt & ~discards) | drawn) & ~self->worlds.played;
        if (!worlds_consistent(&self->worlds, hand)) continue;
        out->dealt = dealt;
        out->discards = discards;
        out->drawn = drawn;
        out->hand = hand;
        out->weight = weight * sink_weight(self, hand | self->worlds.played, self->point_min_len);
        return 0;
    }
    return -1;
}

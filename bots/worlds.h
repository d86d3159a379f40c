/* worlds.h - what a seat can infer about the opponent's hand during the
 * play, and the hands (worlds) consistent with it, sampled or enumerated.
 *
 * Inference from a pq_view only (docs/rules-piquet.md section 7): every card the seat
 * knows elsewhere (own hand, discards, drawn and dealt cards, cards played,
 * untaken cards it looked at) is excluded; cards the opponent showed in
 * declarations or played were in his hand after the exchange; a suit he
 * did not follow is void; a beaten call announced a length (and pips or
 * top rank on a tie of length) or a set's count and rank, which the hand
 * after the exchange (current hand plus cards played) must allow. Two
 * groups of cards carry counts of their own: elder's peeked talon cards
 * (younger took exactly min(m, 5-k) of them, R9) and the dealt hand of an
 * opponent holding carte blanche (he kept exactly 12 minus his discards
 * of it, R7, R8). A world is the opponent's current hand.
 */
#ifndef BOTS_WORLDS_H
#define BOTS_WORLDS_H

#include <stdbool.h>
#include "engine/rng.h"
#include "engine/piquet/view.h"

enum { WORLDS_GROUPS = 3 };

struct worlds_claim {       /* a combination the opponent announced */
    uint8_t cls;            /* enum pq_class */
    uint8_t length;         /* point/sequence length, set count */
    uint8_t rank;           /* sequence top or set rank; 0xff unknown */
    uint8_t pips;           /* point pips; 0 unknown */
};

struct worlds {
    pq_mask held;           /* opponent's cards known to be in his hand now */
    pq_mask played;         /* opponent's cards played */
    pq_mask void_cards;     /* cards of suits he showed void in */
    int n_groups;
    pq_mask group[WORLDS_GROUPS];   /* unknown cards, void suits removed */
    int count[WORLDS_GROUPS];       /* how many of each group he holds now */
    int n_claims;
    struct worlds_claim claims[PQ_CLASSES];
    double bias;            /* rank bias, 0 (uniform) after worlds_infer */
};

/* Infers from a view in the play (or look) phase. Returns 0, or -1 when
 * the counts cannot be met (then *self still holds the best relaxed
 * inference: groups trimmed so that sampling works). */
int worlds_infer(struct worlds *self, const struct pq_view *view);

/* True when `hand` could be the opponent's hand now: the known cards, the
 * group counts, the voids and every announced combination. */
bool worlds_consistent(const struct worlds *self, pq_mask hand);

/* Number of hands meeting the counts and voids (announced combinations not
 * applied), as a double (it can be large). */
double worlds_count(const struct worlds *self);

/* A random consistent hand (rejection on the announced combinations;
 * after `tries` rejections the last drawn hand is returned and the result
 * is 1 instead of 0). With bias 0 uniformly random; with bias b > 0 the
 * unknown cards are drawn one by one with odds exp(b * rank), which models
 * an opponent who kept his high cards in the exchange (successive
 * sampling: close to, not exactly, weights proportional to worlds_weight;
 * the second half of the tries draws uniformly, for announced low
 * combinations that the bias makes rare). */
int worlds_sample(const struct worlds *self, struct pq_rng *rng, int tries, pq_mask *out);

/* The weight of a hand under the bias: exp(bias * sum of the ranks of its
 * cards outside `held`), 1 with bias 0. */
double worlds_weight(const struct worlds *self, pq_mask hand);

/* Every consistent hand, into out (at most cap); returns how many there
 * are, or -1 when the counted hands (worlds_count) exceed `limit`. */
int worlds_enumerate(const struct worlds *self, pq_mask *out, int cap, int limit);

#endif

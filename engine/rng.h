/* rng.h - the engine's only source of chance, driven by a caller's seed.
 *
 * Generator: xoshiro256** (Blackman and Vigna, 2018), its 256-bit state
 * filled from the 64-bit seed by four steps of splitmix64. Bounded numbers
 * use the multiply-shift method with rejection, so they are exactly
 * uniform. Only 64-bit integer arithmetic is used: the same seed gives the
 * same numbers on every machine and compiler.
 *
 * Decks: the pack of deal `index` (1, 2, ...) of a partie seeded with
 * `seed` is a Fisher-Yates shuffle of cards 0..31 with a generator seeded by
 * pq_rng_mix(seed, index). It depends only on (seed, index), not on who
 * deals, so a duplicate pair (same seed, seats swapped) replays the same
 * packs with the cards going to the other player.
 */
#ifndef PQ_RNG_H
#define PQ_RNG_H

#include <stdint.h>

struct pq_rng {
    uint64_t s[4];
};

/* Seeds the generator; every 64-bit seed is valid. */
void pq_rng_seed(struct pq_rng *self, uint64_t seed);

/* The next 64 random bits. Inline, as the two below: a random playout
 * draws one number per action, and a call each cost more than the draw. */
static inline uint64_t pq_rng_next(struct pq_rng *self)
{
    uint64_t *s = self->s;
    uint64_t x = s[1] * 5;
    uint64_t result = ((x << 7) | (x >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* A uniform number in 0..bound-1; bound must be at least 1. */
static inline uint32_t pq_rng_below(struct pq_rng *self, uint32_t bound)
{
    /* Multiply-shift with rejection of the short first interval. */
    uint64_t m = (uint64_t)(uint32_t)(pq_rng_next(self) >> 32) * bound;
    uint32_t low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(pq_rng_next(self) >> 32) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* A seed derived from (seed, index) by splitmix64 finalisation, for
 * independent streams (one per deal, per partie, per bot). */
uint64_t pq_rng_mix(uint64_t seed, uint64_t index);

/* Shuffles deck[0..n-1] in place, n at least 1: Fisher-Yates from the
 * top, deck[i] swapped with deck[pq_rng_below(i + 1)] for i = n-1 down to
 * 1 (every game's pack order; here so that each draw is inlined). */
void pq_rng_shuffle(struct pq_rng *self, uint8_t *deck, int n);
/* Fills deck[0..31] with the pack of deal `index` of a partie (see top). */
void pq_rng_deck(uint64_t seed, int index, uint8_t deck[32]);

#endif

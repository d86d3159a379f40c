/* rng.c - xoshiro256** seeded by splitmix64, and the shuffled pack.
 * See rng.h for the contract; the generator is written from its published
 * description (state update and the ** scrambler), in rng.h so that it is
 * inlined.
 */
#include "engine/rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void pq_rng_seed(struct pq_rng *self, uint64_t seed)
{
    for (int i = 0; i < 4; i++) self->s[i] = splitmix64(&seed);
}

uint64_t pq_rng_mix(uint64_t seed, uint64_t index)
{
    uint64_t x = seed ^ (index * 0xd1b54a32d192ed03ull);
    return splitmix64(&x);
}

void pq_rng_deck(uint64_t seed, int index, uint8_t deck[32])
{
    struct pq_rng rng;
    pq_rng_seed(&rng, pq_rng_mix(seed, (uint64_t)index));
    for (int i = 0; i < 32; i++) deck[i] = (uint8_t)i;
    pq_rng_shuffle(&rng, deck, 32);
}

void pq_rng_shuffle(struct pq_rng *self, uint8_t *deck, int n)
{
    /* The generator works on a copy: the deck's bytes may alias anything,
     * so on *self every swap would send its state back to memory. */
    struct pq_rng rng = *self;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)pq_rng_below(&rng, (uint32_t)i + 1);
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    *self = rng;
}

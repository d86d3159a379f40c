/* test_worlds.c - inference from a view: the real hand is always among the
 * consistent worlds, every sampled world respects what the seat knows
 * (checked here independently of worlds.c: known cards, voids, announced
 * combinations), and enumeration finds exactly the consistent worlds.
 */
#include <criterion/criterion.h>
#include <math.h>
#include "bots/strategy.h"
#include "bots/worlds.h"
#include "tests/support_deals.h"

/* A deal from pack 2 of `seed` in its play (support_deals.h): greedy
 * exchanges and declarations unless seed is a multiple of 4, look or not
 * by the seed. */
static void deal_in_play(struct pq_deal *d, uint64_t seed, int tricks, int mid)
{
    support_deal_in_play(d, NULL, seed, 2, tricks, mid, seed % 4 != 0, (int)(seed / 3 % 2));
}

/* The independent check of one world against the view. */
static void check_world(const struct pq_view *v, pq_mask world)
{
    int opp = 1 - v->seat;
    cr_assert_eq(pq_mask_count(world), v->opponent_hand_count);
    pq_mask mine = v->hand | v->played | v->discards | v->dealt | v->drawn | v->untaken;
    cr_assert_eq(world & mine, 0, "a card the seat knows elsewhere");
    cr_assert_eq(world & v->opponent_played, 0, "a card already played");
    if (v->carte_blanche != opp)
        cr_assert_eq(v->opponent_shown & ~v->opponent_played & ~world, 0, "a shown card missing");
    int leader = PQ_ELDER;
    for (int t = 0; t < v->trick; t++) {
        int led = v->trick_cards[t][0], followed = v->trick_cards[t][1];
        if (1 - leader == opp && PQ_SUIT(followed) != PQ_SUIT(led))
            cr_assert_eq(world & PQ_SUIT_MASK(PQ_SUIT(led)), 0, "a card of a suit he did not follow");
        if (PQ_SUIT(followed) == PQ_SUIT(led) && followed > led) leader = 1 - leader;
    }
    pq_mask after = world | v->opponent_played;
    for (int cls = 0; cls < PQ_CLASSES; cls++) {
        const struct pq_view_declaration *d = v->seat == PQ_ELDER ? &v->classes[cls].answer : &v->classes[cls].call;
        if (d->known != 1) continue;
        int found = 0;
        /* Brute force: any combination of the class in the hand after the
         * exchange with the announced features. */
        for (int suit = 0; suit < PQ_SUITS && !found; suit++) {
            pq_mask cards = (after >> (suit * 8)) & 0xff;
            for (unsigned sub = 1; sub < 256 && !found; sub++) {
                if ((sub & cards) != sub) continue;
                pq_mask combo = (pq_mask)sub << (suit * 8);
                if (!pq_combo_is(cls, combo, 1) || pq_mask_count(combo) != d->length) continue;
                int key = pq_combo_key(cls, combo);
                if (cls == PQ_CLASS_POINT && d->pips && key % 256 != d->pips) continue;
                if (cls == PQ_CLASS_SEQUENCE && d->rank != 0xff && key % 16 != d->rank) continue;
                if (cls == PQ_CLASS_SET) continue;
                found = 1;
            }
        }
        if (cls == PQ_CLASS_SET)
            found = pq_mask_count(after & ((pq_mask)0x01010101u << d->rank)) >= d->length;
        cr_assert(found, "announced %s of %d not in the world", pq_class_name(cls), d->length);
    }
}

Test(worlds, the_real_hand_is_always_consistent_and_samples_respect_the_view)
{
    int claims = 0, voids = 0;
    for (uint64_t seed = 1; seed <= 1500; seed++) {
        struct pq_deal d;
        struct pq_view v;
        struct worlds w;
        struct pq_rng rng;
        deal_in_play(&d, seed, (int)(seed % 12), (int)(seed / 12 % 2));
        if (pq_deal_over(&d)) continue;
        int seat = (int)(seed / 24 % 2);
        pq_view_build(&d, seat, &v);
        cr_assert_eq(worlds_infer(&w, &v), 0, "seed %d", (int)seed);
        cr_assert(worlds_consistent(&w, d.hand[1 - seat]), "seed %d: the real hand is refused", (int)seed);
        claims += w.n_claims;
        voids += w.void_cards != 0;
        pq_rng_seed(&rng, seed);
        for (int i = 0; i < 20; i++) {
            pq_mask world;
            w.bias = i % 2 ? 0.4 : 0;   /* biased sampling keeps to the same worlds */
            cr_assert_eq(worlds_sample(&w, &rng, 1000, &world), 0);
            cr_assert(worlds_consistent(&w, world));
            check_world(&v, world);
        }
    }
    /* The cases must have occurred for the test to mean anything. */
    cr_assert_gt(claims, 100);
    cr_assert_gt(voids, 100);
}

/* Every subset of `pool` of size n, by recursion, filtered. */
static int brute(const struct worlds *w, pq_mask pool, int n, pq_mask hand, pq_mask *out, int cap, int found)
{
    if (n == 0) {
        if (worlds_consistent(w, hand)) {
            if (found < cap) out[found] = hand;
            found++;
        }
        return found;
    }
    if (pq_mask_count(pool) < n) return found;
    int card = pq_mask_first(pool);
    pool &= pool - 1;
    found = brute(w, pool, n - 1, hand | PQ_BIT(card), out, cap, found);
    return brute(w, pool, n, hand, out, cap, found);
}

Test(worlds, enumeration_finds_exactly_the_consistent_worlds)
{
    static pq_mask listed[4096], expected[4096];
    int checked = 0;
    for (uint64_t seed = 1; seed <= 400; seed++) {
        struct pq_deal d;
        struct pq_view v;
        struct worlds w;
        deal_in_play(&d, 7000 + seed, 6 + (int)(seed % 5), (int)(seed / 5 % 2));
        if (pq_deal_over(&d)) continue;
        pq_view_build(&d, (int)(seed / 10 % 2), &v);
        worlds_infer(&w, &v);
        int n = worlds_enumerate(&w, listed, 4096, 4096);
        if (n < 0) continue;
        pq_mask mine = v.hand | v.played | v.discards | v.dealt | v.drawn | v.untaken | v.opponent_played;
        int m = brute(&w, ~mine, v.opponent_hand_count, 0, expected, 4096, 0);
        cr_assert_eq(n, m, "seed %d", (int)seed);
        int real = 0;
        for (int i = 0; i < n; i++) {
            int same = 0;
            for (int j = 0; j < m; j++) same |= listed[i] == expected[j];
            cr_assert(same);
            real |= listed[i] == d.hand[1 - v.seat];
        }
        cr_assert(real, "seed %d: the real hand was not enumerated", (int)seed);
        checked++;
    }
    cr_assert_gt(checked, 200);
}

Test(worlds, the_rank_bias_favours_high_cards_and_weights_agree)
{
    struct pq_deal d;
    struct pq_view v;
    struct worlds w;
    struct pq_rng rng;
    deal_in_play(&d, 11, 0, 0);
    pq_view_build(&d, PQ_YOUNGER, &v);
    cr_assert_eq(worlds_infer(&w, &v), 0);
    pq_rng_seed(&rng, 5);
    double mean[2] = { 0, 0 };
    for (int b = 0; b < 2; b++) {
        w.bias = b ? 0.4 : 0;
        for (int i = 0; i < 4000; i++) {
            pq_mask world;
            worlds_sample(&w, &rng, 1000, &world);
            for (pq_mask m = world & ~w.held; m; m &= m - 1) mean[b] += PQ_RANK(pq_mask_first(m));
        }
    }
    cr_assert_gt(mean[1], mean[0] * 1.05, "biased %f, uniform %f", mean[1], mean[0]);
    /* Weights: 1 without bias, exp(bias * ranks outside held) with it. */
    w.bias = 0;
    cr_assert_float_eq(worlds_weight(&w, d.hand[0]), 1.0, 1e-12);
    w.bias = 0.5;
    int ranks = 0;
    for (pq_mask m = d.hand[0] & ~w.held; m; m &= m - 1) ranks += PQ_RANK(pq_mask_first(m));
    cr_assert_float_eq(worlds_weight(&w, d.hand[0]), exp(0.5 * ranks), 1e-9);
}

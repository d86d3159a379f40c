/* test_exchanges.c - the opponent's exchange as bot-pimc reconstructs it:
 * every sample is an exchange he could have made given everything the
 * seat saw (checked here independently of exchanges.c: sizes, cards the
 * seat knows elsewhere, shown and played cards kept, voids, announced
 * combinations), and hands that would have made him sink weigh less.
 */
#include <criterion/criterion.h>
#include "bots/exchanges.h"
#include "tests/support_deals.h"

/* A deal from pack 5 of `seed` in its play (support_deals.h): greedy
 * exchanges and declarations unless seed is a multiple of 4. */
static void deal_in_play(struct pq_deal *d, uint64_t seed, int tricks, int mid)
{
    support_deal_in_play(d, NULL, seed, 5, tricks, mid, seed % 4 != 0, (int)(seed / 3 % 2));
}

/* The independent check of one sampled exchange against the view. */
static void check_exchange(const struct pq_view *v, const struct exchange *x)
{
    int opp = 1 - v->seat, size = opp == PQ_ELDER ? v->k : v->m;
    cr_assert_eq(pq_mask_count(x->dealt), 12);
    cr_assert_eq(pq_mask_count(x->discards), size, "he discards k or m, as the view says");
    cr_assert_eq(pq_mask_count(x->drawn), size);
    cr_assert_eq(x->discards & ~x->dealt, 0, "discards come from his dealt hand");
    cr_assert_eq(x->drawn & x->dealt, 0);
    pq_mask seen = v->dealt | v->drawn | v->untaken;
    cr_assert_eq((x->dealt | x->drawn) & seen, 0, "a card the seat knows elsewhere");
    pq_mask after = (x->dealt & ~x->discards) | x->drawn;
    cr_assert_eq(x->hand, after & ~v->opponent_played);
    cr_assert_eq(pq_mask_count(x->hand), v->opponent_hand_count);
    cr_assert_eq((v->opponent_shown | v->opponent_played) & ~after, 0, "a shown or played card not kept");
    int leader = PQ_ELDER;
    for (int t = 0; t < v->trick; t++) {
        int led = v->trick_cards[t][0], followed = v->trick_cards[t][1];
        if (1 - leader == opp && PQ_SUIT(followed) != PQ_SUIT(led))
            cr_assert_eq(x->hand & PQ_SUIT_MASK(PQ_SUIT(led)), 0, "a card of a suit he did not follow");
        if (PQ_SUIT(followed) == PQ_SUIT(led) && followed > led) leader = 1 - leader;
    }
    for (int cls = 0; cls < PQ_CLASSES; cls++) {
        const struct pq_view_declaration *d = opp == PQ_ELDER ? &v->classes[cls].call : &v->classes[cls].answer;
        if (d->known == 2) cr_assert_eq(d->cards & ~after, 0, "a declared card not held");
        /* A beaten call: some combination of its length in his hand. */
        if (d->known == 1) {
            int found = 0;
            for (int suit = 0; suit < PQ_SUITS && !found; suit++)
                for (unsigned sub = 1; sub < 256 && !found; sub++) {
                    pq_mask combo = (pq_mask)sub << (suit * 8);
                    if ((combo & after) == combo && pq_combo_is(cls, combo, 1) && pq_mask_count(combo) == d->length)
                        found = 1;
                }
            if (cls == PQ_CLASS_SET) found = pq_mask_count(after & ((pq_mask)0x01010101u << d->rank)) >= d->length;
            cr_assert(found, "class %d announced %d cards, not in the sample", cls, d->length);
        }
    }
    cr_assert_gt(x->weight, 0);
    cr_assert_leq(x->weight, 1);
}

Test(exchanges, every_sample_is_an_exchange_he_could_have_made)
{
    int views = 0, samples = 0;
    for (uint64_t seed = 1; seed <= 300; seed++) {
        struct pq_deal d;
        deal_in_play(&d, seed, (int)(seed % 9), (int)(seed / 5 % 2));
        if (pq_deal_over(&d)) continue;
        for (int seat = PQ_ELDER; seat <= PQ_YOUNGER; seat++) {
            struct pq_view v;
            struct exchanges model;
            struct pq_rng rng;
            pq_view_build(&d, seat, &v);
            if (exchanges_init(&model, &v, 3) < 0) {
                cr_assert(v.carte_blanche >= 0 || (seat == PQ_ELDER && v.peek), "seed %d: the model refused a plain view",
                          (int)seed);
                continue;
            }
            pq_rng_seed(&rng, seed * 2 + (uint64_t)seat);
            views++;
            for (int i = 0; i < 20; i++) {
                struct exchange x;
                if (exchanges_sample(&model, &rng, 200, &x) < 0) continue;
                check_exchange(&v, &x);
                samples++;
            }
        }
    }
    cr_assert_gt(views, 300);
    cr_assert_gt(samples, 20 * views * 9 / 10, "most draws succeed (%d of %d)", samples, 20 * views);
}

Test(exchanges, the_real_exchange_passes_the_same_checks)
{
    /* The check above is not vacuous: the opponent's real exchange meets
     * it, and a sample with one of his shown cards discarded does not. */
    for (uint64_t seed = 1; seed <= 60; seed++) {
        struct pq_deal d;
        deal_in_play(&d, seed, (int)(seed % 6), 0);
        if (pq_deal_over(&d) || d.carte_blanche >= 0) continue;
        int seat = (int)(seed % 2), opp = 1 - seat;
        struct pq_view v;
        pq_view_build(&d, seat, &v);
        struct exchange real = { d.dealt[opp], d.discards[opp], d.drawn[opp], d.hand[opp], 1 };
        check_exchange(&v, &real);
    }
}

Test(exchanges, hands_better_than_his_declarations_weigh_at_most_the_sink_odds)
{
    int better = 0;
    for (uint64_t seed = 1; seed <= 80; seed++) {
        struct pq_deal d;
        deal_in_play(&d, seed * 4 + 1, 0, 0);   /* greedy declarations, in full */
        if (pq_deal_over(&d)) continue;
        int seat = (int)(seed % 2), opp = 1 - seat;
        struct pq_view v;
        struct exchanges model;
        struct pq_rng rng;
        pq_view_build(&d, seat, &v);
        if (exchanges_init(&model, &v, 3) < 0) continue;
        pq_rng_seed(&rng, seed);
        for (int i = 0; i < 50; i++) {
            struct exchange x;
            if (exchanges_sample(&model, &rng, 200, &x) < 0) continue;
            pq_mask after = x.hand | v.opponent_played;
            int sunk = 0;
            for (int cls = 0; cls < PQ_CLASSES; cls++) {
                const struct pq_view_declaration *his = opp == PQ_ELDER ? &v.classes[cls].call : &v.classes[cls].answer;
                int best = pq_combo_best_key(cls, after, 1);
                if ((his->known == 2 && best > pq_combo_key(cls, his->cards)) || (his->known == 3 && best > 0)) sunk++;
            }
            if (sunk) {
                better++;
                cr_assert_leq(x.weight, EXCHANGES_SINK_ODDS_PERCENT / 100.0 + 1e-12);
            }
        }
    }
    cr_assert_gt(better, 10, "some samples hold more than he declared");
}

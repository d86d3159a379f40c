/* test_strategy.c - the reference players: they only ever choose legal
 * actions, and the greedy player beats the random one clearly over
 * duplicate pairs (same packs, seats swapped).
 */
#include <criterion/criterion.h>
#include "bots/selfplay.h"
#include "bots/strategy.h"

static int pick_random(void *ctx, const struct pq_view *view, const struct pq_action *legal, int n)
{
    (void)view;
    (void)legal;
    return strategy_random(ctx, n);
}

static int pick_greedy(void *ctx, const struct pq_view *view, const struct pq_action *legal, int n)
{
    (void)ctx;
    return strategy_greedy(view, legal, n);
}

Test(strategy, greedy_beats_random_over_duplicate_pairs, .timeout = 300)
{
    enum { PAIRS = 100 };
    struct pq_rng rng;
    struct selfplay_player players[2] = { { pick_greedy, NULL }, { pick_random, &rng } };
    int wins = 0, parties = 0;
    long margin = 0;
    pq_rng_seed(&rng, 42);
    for (uint64_t seed = 1; seed <= PAIRS; seed++)
        for (int first = 0; first < 2; first++) {
            struct pq_partie p;
            selfplay_partie(seed, first, players, &p);
            parties++;
            wins += p.winner == 0;
            margin += p.winner == 0 ? p.settlement : p.winner == 1 ? -p.settlement : 0;
        }
    cr_log_info("greedy vs random: %d of %d parties won, mean settlement %+.1f", wins, parties,
                (double)margin / parties);
    /* A heuristic player that declares and plays sensibly should win nearly
     * every partie against random choices. */
    cr_assert_geq(wins, parties * 9 / 10, "greedy won only %d of %d", wins, parties);
    cr_assert_gt(margin, 0);
}

Test(strategy, greedy_declares_everything_and_exchanges_the_most)
{
    struct pq_rules rules;
    struct pq_deal d;
    static struct pq_action legal[PQ_MAX_LEGAL];
    uint8_t deck[32];
    pq_rules_default(&rules);
    for (int n = 0; n < 200; n++) {
        pq_rng_deck(3, n, deck);
        pq_deal_init(&d, &rules, deck);
        while (!pq_deal_over(&d)) {
            struct pq_view v;
            int count = pq_deal_legal(&d, legal, PQ_MAX_LEGAL);
            pq_view_build(&d, d.to_act, &v);
            int pick = strategy_greedy(&v, legal, count);
            cr_assert(pick >= 0 && pick < count);
            if (d.phase == PQ_PHASE_DISCARD && !d.announced) {
                int most = d.to_act == PQ_ELDER ? 5 : 8 - d.k;
                cr_assert_eq(pq_mask_count(legal[pick].cards), most);
            }
            if (d.phase == PQ_PHASE_CALL || d.phase == PQ_PHASE_ANSWER)
                cr_assert_eq(legal[pick].kind, count > 1 ? PQ_ACT_DECLARE : PQ_ACT_PASS,
                             "greedy passes only with nothing to declare");
            pq_deal_apply(&d, &legal[pick], NULL, 0);
        }
    }
}

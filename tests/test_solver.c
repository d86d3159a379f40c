/* test_solver.c - the play solver against the engine: its scoring of every
 * card equals pq_deal_apply's (pique and the cards included, under every
 * trick-scoring variant), its value equals a plain minimax that plays
 * through the engine on small endings, and neither the table nor
 * equivalent-card pruning changes a value.
 */
#include <criterion/criterion.h>
#include "bots/solver.h"
#include "bots/strategy.h"
#include "tests/support_deals.h"

static const char *const scorings[] = { "law65", "penguin", "lead_only", "ten_for_last" };

/* Plays a deal from a seeded pack to the play phase and then on until
 * `tricks_left` tricks remain (maybe in the middle of a trick when
 * `mid_trick`): random or greedy exchanges and declarations, random
 * cards. */
static void deal_to_ending(struct pq_deal *d, uint64_t seed, int scoring, int tricks_left, int mid_trick)
{
    struct pq_rules rules;
    char err[128];
    pq_rules_default(&rules);
    cr_assert_eq(pq_rules_set(&rules, "trick_scoring", scorings[scoring], err, sizeof err), 0);
    support_deal_in_play(d, &rules, seed, 1, 12 - tricks_left, !!mid_trick, seed % 2, -1);
}

/* What the play is worth to elder minus younger so far, as the engine
 * scored it. */
static int play_score(const struct pq_deal *d)
{
    int v = 0;
    for (int s = 0; s < PQ_SEATS; s++) {
        int pts = d->cat[s][PQ_CAT_PLAY] + d->cat[s][PQ_CAT_CARDS] + d->cat[s][PQ_CAT_PIQUE];
        v += s == PQ_ELDER ? pts : -pts;
    }
    return v;
}

/* Plain minimax through the engine: every legal card, no pruning. */
static int minimax(const struct pq_deal *d)
{
    if (pq_deal_over(d)) return play_score(d);
    struct pq_action legal[12];
    int n = pq_deal_legal(d, legal, 12);
    int elder = d->to_act == PQ_ELDER, best = elder ? -10000 : 10000;
    for (int i = 0; i < n; i++) {
        struct pq_deal child = *d;
        char err[128];
        cr_assert_eq(pq_deal_apply(&child, &legal[i], err, sizeof err), 0, "%s", err);
        if (child.phase == PQ_PHASE_LOOK) {
            struct pq_action look = { .kind = PQ_ACT_LOOK };
            cr_assert_eq(pq_deal_apply(&child, &look, err, sizeof err), 0, "%s", err);
        }
        int v = minimax(&child);
        if (elder ? v > best : v < best) best = v;
    }
    return best;
}

Test(solver, scores_every_card_as_the_engine_does)
{
    int piques = 0, capots = 0;
    for (uint64_t seed = 1; seed <= 2000; seed++) {
        struct pq_deal d;
        struct solver_position pos;
        static struct pq_action legal[PQ_MAX_LEGAL];
        struct pq_rng rng;
        char err[128];
        int scoring = (int)(seed % 4);
        deal_to_ending(&d, seed, scoring, 12, 0);
        solver_position_from_deal(&pos, &d);
        pq_rng_seed(&rng, seed * 7);
        int before = play_score(&d);
        while (!pq_deal_over(&d)) {
            if (d.phase == PQ_PHASE_LOOK) {
                struct pq_action nolook = { .kind = PQ_ACT_NOLOOK };
                cr_assert_eq(pq_deal_apply(&d, &nolook, err, sizeof err), 0);
                continue;
            }
            cr_assert_eq(solver_to_play(&pos), d.to_act);
            int n = pq_deal_legal(&d, legal, PQ_MAX_LEGAL);
            cr_assert_eq(pq_mask_count(solver_playable(&pos)), n);
            /* Lead the highest card half the time so that capots and
             * piques happen. */
            int pick = (seed % 3 == 0) ? n - 1 : strategy_random(&rng, n);
            cr_assert(solver_playable(&pos) & legal[pick].cards);
            int gained = solver_play(&pos, legal[pick].number);
            cr_assert_eq(pq_deal_apply(&d, &legal[pick], err, sizeof err), 0, "%s", err);
            cr_assert_eq(play_score(&d) - before, gained, "seed %d scoring %s trick %d", (int)seed,
                         scorings[scoring], d.trick);
            before = play_score(&d);
        }
        piques += d.pique == PQ_ELDER;
        capots += d.tricks[0] == 12 || d.tricks[1] == 12;
    }
    cr_log_info("piques %d, capots %d in 2000 deals", piques, capots);
    /* The test must have exercised the pique and the capot. */
    cr_assert_gt(piques, 5);
    cr_assert_gt(capots, 5);
}

Test(solver, value_equals_plain_minimax_on_small_endings)
{
    struct solver s;
    cr_assert_eq(solver_init(&s, 16), 0);
    int checked = 0;
    for (uint64_t seed = 1; seed <= 600; seed++) {
        struct pq_deal d;
        struct solver_position pos;
        int tricks_left = 2 + (int)(seed % 4), scoring = (int)(seed / 4 % 4), mid = (int)(seed / 16 % 2);
        deal_to_ending(&d, seed, scoring, tricks_left, mid);
        if (pq_deal_over(&d) || d.phase == PQ_PHASE_LOOK) continue;
        solver_position_from_deal(&pos, &d);
        int expect = minimax(&d) - play_score(&d);
        cr_assert_eq(solver_value(&s, &pos), expect, "seed %d, %d tricks left, %s", (int)seed, tricks_left,
                     scorings[scoring]);
        /* Each card's value too. */
        int values[PQ_CARDS];
        pq_mask moves = solver_values(&s, &pos, values);
        for (pq_mask m = moves; m; m &= m - 1) {
            int card = pq_mask_first(m);
            struct pq_deal child = d;
            struct pq_action play = { .kind = PQ_ACT_PLAY, .number = (uint8_t)card, .cards = PQ_BIT(card) };
            cr_assert_eq(pq_deal_apply(&child, &play, NULL, 0), 0);
            cr_assert_eq(values[card], minimax(&child) - play_score(&d), "seed %d card %d", (int)seed, card);
        }
        checked++;
    }
    cr_assert_gt(checked, 500);
    solver_release(&s);
}

Test(solver, table_and_equivalence_do_not_change_values)
{
    struct solver plain, table_only, both;
    cr_assert_eq(solver_init(&plain, 10), 0);
    cr_assert_eq(solver_init(&table_only, 18), 0);
    cr_assert_eq(solver_init(&both, 18), 0);
    plain.use_table = plain.use_equivalence = false;
    table_only.use_equivalence = false;
    for (uint64_t seed = 1; seed <= 120; seed++) {
        struct pq_deal d;
        struct solver_position pos;
        int scoring = (int)(seed % 4), tricks_left = 5 + (int)(seed % 3);
        deal_to_ending(&d, 1000 + seed, scoring, tricks_left, 0);
        if (pq_deal_over(&d)) continue;
        solver_position_from_deal(&pos, &d);
        int a[PQ_CARDS], b[PQ_CARDS], c[PQ_CARDS];
        pq_mask ma = solver_values(&plain, &pos, a);
        pq_mask mb = solver_values(&table_only, &pos, b);
        pq_mask mc = solver_values(&both, &pos, c);
        cr_assert_eq(ma, mb);
        cr_assert_eq(ma, mc);
        for (pq_mask m = ma; m; m &= m - 1) {
            int card = pq_mask_first(m);
            cr_assert_eq(a[card], b[card], "seed %d card %d", (int)seed, card);
            cr_assert_eq(a[card], c[card], "seed %d card %d", (int)seed, card);
        }
        cr_assert_lt(both.nodes, plain.nodes);
    }
    solver_release(&plain);
    solver_release(&table_only);
    solver_release(&both);
}

Test(solver, whole_deals_agree_with_a_fresh_table)
{
    /* A table kept across different positions (as the bot keeps it) gives
     * the same values as a fresh one. */
    struct solver kept, fresh;
    cr_assert_eq(solver_init(&kept, 18), 0);
    cr_assert_eq(solver_init(&fresh, 18), 0);
    for (uint64_t seed = 1; seed <= 30; seed++) {
        struct pq_deal d;
        struct solver_position pos;
        deal_to_ending(&d, 5000 + seed, (int)(seed % 4), 12, 0);
        solver_position_from_deal(&pos, &d);
        solver_clear(&fresh);
        cr_assert_eq(solver_value(&kept, &pos), solver_value(&fresh, &pos), "seed %d", (int)seed);
    }
    solver_release(&kept);
    solver_release(&fresh);
}

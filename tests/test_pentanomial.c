/* test_pentanomial.c - head-to-head counts and the docs/statistics.md section 3
 * formulas against values worked out by hand. */
#include <criterion/criterion.h>
#include <math.h>

#include "stats/pentanomial.h"

/* Appends a duplicate pair of bot 0 against bot 1: bot 0 deals first and
 * scores `a`, then bot 1 deals first and bot 0 scores `b`. Points (bot 0's
 * side) are given when `pa` and `pb` are not both 0. */
static size_t pair(struct ratings_partie *g, size_t n, double a, double b,
                   int pa, int pb)
{
    long cluster = (long)n;
    bool points = pa != 0 || pb != 0;
    g[n++] = (struct ratings_partie){ 0, 1, a, cluster, points, pa };
    g[n++] = (struct ratings_partie){ 1, 0, 1 - b, cluster, points, -pb };
    return n;
}

static struct pentanomial tally(const struct ratings_partie *g, size_t n,
                                int bot, int opponent)
{
    struct pentanomial p;
    char err[128];
    cr_assert_eq(pentanomial_tally(&p, g, n, bot, opponent, err, sizeof err), 0,
                 "%s", err);
    return p;
}

static struct pentanomial from_counts(int ll, int ld, int even, int dw, int ww)
{
    struct pentanomial p = { .pairs = { ll, ld, even, dw, ww } };
    pentanomial_compute(&p);
    return p;
}

Test(pentanomial, counts_pairs_by_the_bots_total)
{
    struct ratings_partie g[32];
    size_t n = pair(g, 0, 0, 0, 0, 0);   /* LL */
    n = pair(g, n, 0.5, 0, 0, 0);        /* LD */
    n = pair(g, n, 1, 0, 0, 0);          /* LW */
    n = pair(g, n, 0.5, 0.5, 0, 0);      /* DD */
    n = pair(g, n, 1, 0.5, 0, 0);        /* DW */
    n = pair(g, n, 1, 1, 0, 0);          /* WW */
    n = pair(g, n, 0, 1, 0, 0);          /* WL */
    struct pentanomial p = tally(g, n, 0, 1);
    cr_assert_eq(p.pairs[0], 1);
    cr_assert_eq(p.pairs[1], 1);
    cr_assert_eq(p.pairs[2], 3);
    cr_assert_eq(p.pairs[3], 1);
    cr_assert_eq(p.pairs[4], 1);
    cr_assert_eq(p.n_pairs, 7);
    cr_assert_eq(p.unpaired, 0);
}

Test(pentanomial, counts_wins_draws_losses_of_every_partie_from_the_bots_side)
{
    struct ratings_partie g[8];
    size_t n = pair(g, 0, 1, 0.5, 0, 0);
    n = pair(g, n, 0, 1, 0, 0);
    g[n++] = (struct ratings_partie){ 1, 0, 1, 99, false, 0 };
    struct pentanomial p = tally(g, n, 0, 1);
    cr_assert_eq(p.wins, 2);
    cr_assert_eq(p.draws, 1);
    cr_assert_eq(p.losses, 2);
}

Test(pentanomial, lone_parties_and_unswapped_clusters_are_unpaired)
{
    struct ratings_partie g[8] = {
        { 0, 1, 1, 7, false, 0 },                              /* alone */
        { 0, 1, 1, 8, false, 0 }, { 0, 1, 0, 8, false, 0 },    /* same seats */
        { 0, 1, 1, 9, false, 0 }, { 1, 0, 1, 9, false, 0 },    /* a pair */
        { 1, 0, 0, 10, false, 0 }, { 0, 1, 1, 10, false, 0 },
        { 1, 0, 1, 10, false, 0 },                             /* three */
    };
    struct pentanomial p = tally(g, 8, 0, 1);
    cr_assert_eq(p.n_pairs, 1);
    cr_assert_eq(p.pairs[2], 1);
    cr_assert_eq(p.unpaired, 6);
}

Test(pentanomial, ignores_parties_of_other_bots)
{
    struct ratings_partie g[8];
    size_t n = pair(g, 0, 1, 1, 0, 0);
    g[n++] = (struct ratings_partie){ 0, 2, 0, 50, false, 0 };
    g[n++] = (struct ratings_partie){ 2, 1, 0, 51, false, 0 };
    struct pentanomial p = tally(g, n, 0, 1);
    cr_assert_eq(p.n_pairs, 1);
    cr_assert_eq(p.wins + p.draws + p.losses, 2);
    cr_assert_eq(p.unpaired, 0);
}

Test(pentanomial, swapping_bot_and_opponent_mirrors_everything)
{
    struct ratings_partie g[16];
    size_t n = pair(g, 0, 1, 0.5, 5, 10);
    n = pair(g, n, 1, 1, 3, 4);
    n = pair(g, n, 0, 0.5, -20, 2);
    struct pentanomial a = tally(g, n, 0, 1), b = tally(g, n, 1, 0);
    for (int k = 0; k < PENTANOMIAL_CELLS; k++)
        cr_assert_eq(a.pairs[k], b.pairs[PENTANOMIAL_CELLS - 1 - k]);
    cr_assert_eq(a.wins, b.losses);
    cr_assert_float_eq(a.elo, -b.elo, 1e-9);
    cr_assert_float_eq(a.margin, -b.margin, 1e-12);
}

/* Pairs (LL, LD, LW+DD, DW, WW) = (3, 5, 12, 8, 4), N = 32:
 * s = (5/4 + 12/2 + 8*3/4 + 4) / 32 = 17.25 / 32 = 0.5390625,
 * var = sum p_k (a_k - s)^2 = 0.07855224609375,
 * s-+ = s -+ 1.959964 sqrt(var / 32) = 0.441955082, 0.636169918. */
Test(pentanomial, score_variance_and_interval_match_hand_values)
{
    struct pentanomial p = from_counts(3, 5, 12, 8, 4);
    cr_assert_eq(p.n_pairs, 32);
    cr_assert_float_eq(p.score, 0.5390625, 1e-12);
    cr_assert_float_eq(p.variance, 0.07855224609375, 1e-12);
    cr_assert_float_eq(p.score_low, 0.441955082247452, 1e-9);
    cr_assert_float_eq(p.score_high, 0.636169917752548, 1e-9);
}

/* Elo(s) = -400 log10(1/s - 1) = 27.1988316; error =
 * (Elo(0.636169918) - Elo(0.441955082)) / 2 = 68.7931098. */
Test(pentanomial, elo_and_error_match_hand_values)
{
    struct pentanomial p = from_counts(3, 5, 12, 8, 4);
    cr_assert(p.elo_finite && p.error_finite);
    cr_assert_float_eq(p.elo, 27.198831638044, 1e-6);
    cr_assert_float_eq(p.elo_error, 68.793109846485, 1e-6);
}

/* nElo = 0.0390625 / sqrt(2 * 0.07855224609375) * 800 / ln 10 = 34.2404948;
 * LOS = Phi(0.0390625 / sqrt(0.07855224609375 / 32)) = Phi(0.78842) =
 * 0.7847734. */
Test(pentanomial, nelo_and_los_match_hand_values)
{
    struct pentanomial p = from_counts(3, 5, 12, 8, 4);
    cr_assert(p.nelo_finite);
    cr_assert_float_eq(p.nelo, 34.240494754540, 1e-6);
    cr_assert_float_eq(p.los, 0.784773446890741, 1e-9);
}

/* Pair means of the bot's margin: (30 - 10) / 2 = 10, (-8 + 0) / 2 = -4,
 * (20 + 30) / 2 = 25: mean 10.3333, sd 14.5029, interval
 * 10.3333 -+ 1.959964 * 14.5029 / sqrt 3 = [-6.0779, 26.7446]. A pair
 * without points is left out. */
Test(pentanomial, margin_is_the_mean_of_pair_means_with_a_paired_interval)
{
    struct ratings_partie g[16];
    size_t n = pair(g, 0, 1, 0, 30, -10);
    n = pair(g, n, 0, 0.5, -8, 0);
    n = pair(g, n, 1, 1, 20, 30);
    n = pair(g, n, 1, 1, 0, 0);
    struct pentanomial p = tally(g, n, 0, 1);
    cr_assert_eq(p.margin_pairs, 3);
    cr_assert(p.margin_interval);
    cr_assert_float_eq(p.margin, 10.333333333333334, 1e-9);
    cr_assert_float_eq(p.margin_low, -6.077911171774856, 1e-9);
    cr_assert_float_eq(p.margin_high, 26.744577838441522, 1e-9);
}

Test(pentanomial, margin_needs_two_pairs_for_an_interval)
{
    struct ratings_partie g[4];
    size_t n = pair(g, 0, 1, 0, 30, -10);
    struct pentanomial p = tally(g, n, 0, 1);
    cr_assert_eq(p.margin_pairs, 1);
    cr_assert(!p.margin_interval);
    cr_assert_float_eq(p.margin, 10.0, 1e-12);
    cr_assert_eq(p.margin_low, p.margin);
    cr_assert_eq(p.margin_high, p.margin);
}

Test(pentanomial, perfect_score_has_no_finite_elo)
{
    struct pentanomial p = from_counts(0, 0, 0, 0, 6);
    cr_assert_float_eq(p.score, 1.0, 1e-12);
    cr_assert(!p.elo_finite);
    cr_assert(!p.error_finite);
    cr_assert_eq(p.elo, 0.0);
    cr_assert(!p.nelo_finite);
    cr_assert_eq(p.los, 1.0);
}

/* s = 0.9375 with s+ = 1.0436: the score has an Elo (470.44), its interval
 * does not. */
Test(pentanomial, interval_past_a_perfect_score_has_no_finite_error)
{
    struct pentanomial p = from_counts(0, 0, 0, 1, 3);
    cr_assert(p.elo_finite);
    cr_assert_float_eq(p.elo, 470.436503622273, 1e-6);
    cr_assert(!p.error_finite);
    cr_assert_eq(p.elo_error, 0.0);
}

/* Every pair DW: s = 3/4 exactly, no variance. Elo 190.8485, nothing to
 * normalise by, and certain superiority. */
Test(pentanomial, identical_pairs_have_no_normalised_elo)
{
    struct pentanomial p = from_counts(0, 0, 0, 5, 0);
    cr_assert_float_eq(p.elo, 190.848501887865, 1e-6);
    cr_assert_eq(p.variance, 0.0);
    cr_assert(!p.nelo_finite);
    cr_assert_eq(p.nelo, 0.0);
    cr_assert_eq(p.los, 1.0);
}

Test(pentanomial, even_pairs_give_half_score_and_neutral_los)
{
    struct pentanomial p = from_counts(0, 0, 7, 0, 0);
    cr_assert_eq(p.score, 0.5);
    cr_assert(p.elo_finite && p.nelo_finite);
    cr_assert_float_eq(p.elo, 0.0, 1e-12);
    cr_assert_eq(p.nelo, 0.0);
    cr_assert_eq(p.los, 0.5);
}

Test(pentanomial, no_pairs_give_neutral_values)
{
    struct pentanomial p = tally(NULL, 0, 0, 1);
    cr_assert_eq(p.n_pairs, 0);
    cr_assert_eq(p.score, 0.5);
    cr_assert_eq(p.los, 0.5);
    cr_assert(!p.elo_finite);
    cr_assert_eq(p.margin_pairs, 0);
}

Test(pentanomial, bot_against_itself_is_an_error)
{
    struct pentanomial p;
    char err[128] = "";
    cr_assert_eq(pentanomial_tally(&p, NULL, 0, 2, 2, err, sizeof err), -1);
    cr_assert_str_eq(err, "pentanomial: bot 2 against itself");
}

Test(pentanomial, score_other_than_win_draw_loss_is_an_error)
{
    struct ratings_partie g = { 0, 1, 0.75, 0, false, 0 };
    struct pentanomial p;
    char err[128] = "";
    cr_assert_eq(pentanomial_tally(&p, &g, 1, 0, 1, err, sizeof err), -1);
    cr_assert_str_eq(err, "pentanomial: partie 0: score 0.75 is not 1, 0.5 or 0");
}

Test(pentanomial, pairs_that_always_split_have_a_duplicate_rho_of_minus_one)
{
    struct ratings_partie g[16];
    size_t n = 0;
    for (int i = 0; i < 4; i++) n = pair(g, n, i % 2, 1 - i % 2, 0, 0);   /* WL, LW, ... */
    struct pentanomial p = tally(g, n, 0, 1);
    cr_assert(p.score_rho_finite);
    cr_assert_float_eq(p.score_rho, -1, 1e-12);
    cr_assert_not(p.margin_rho_finite, "no points, no margin rho");
}

Test(pentanomial, pairs_with_equal_outcomes_have_a_duplicate_rho_of_one)
{
    struct ratings_partie g[16];
    size_t n = pair(g, 0, 1, 1, 0, 0);
    n = pair(g, n, 0, 0, 0, 0);
    struct pentanomial p = tally(g, n, 0, 1);
    cr_assert_float_eq(p.score_rho, 1, 1e-12);
}

Test(pentanomial, margin_rho_and_pair_margins_match_hand_values)
{
    struct ratings_partie g[16];
    size_t n = pair(g, 0, 1, 0, 30, -10);
    n = pair(g, n, 0, 0.5, -8, 0);
    n = pair(g, n, 1, 1, 20, 30);
    struct pentanomial p = tally(g, n, 0, 1);
    cr_assert(p.margin_rho_finite);
    cr_assert_float_eq(p.margin_rho, -0.023597678916828, 1e-9);
    cr_assert_eq(p.pair_margins.n, 3);
    cr_assert_float_eq(p.pair_margins.mean, p.margin, 1e-9);
    cr_assert_float_eq(p.pair_margins.effect, 0.712502490704723, 1e-9);
}

/* test_ratings.c - the Bradley-Terry fit against Ordo's output on the
 * fixture in tests/fixtures/ratings, every degenerate input, and the
 * coverage of the cluster-robust intervals on simulated duplicate
 * tournaments. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "records/pgn.h"
#include "stats/ratings.h"

#define N1(r) ((r)->n_bots + 1)

/* The Ordo fixture read into p (relative to the top of the checkout, where
 * make test runs the tests). */
static void read_fixture(struct pgn *p)
{
    char err[256];
    FILE *in = fopen("tests/fixtures/ratings/games.pgn", "r");
    cr_assert_not_null(in, "run the tests from the top of the checkout");
    pgn_init(p);
    cr_assert_eq(pgn_read_stream(p, in, "games.pgn", err, sizeof err), 0, "%s", err);
    fclose(in);
}

static struct ratings *fit_fixture(bool advantage)
{
    struct pgn p;
    char err[256];
    read_fixture(&p);
    struct ratings_options o = { .fit_advantage = advantage };
    struct ratings *r = ratings_fit(p.parties, p.n_parties,
                                    (const char *const *)p.names, p.n_bots,
                                    &o, err, sizeof err);
    pgn_release(&p);
    cr_assert_not_null(r, "%s", err);
    return r;
}

static struct ratings *fit(const struct ratings_partie *parties, size_t n,
                           int n_bots, const struct ratings_options *o)
{
    static const char *const names[] = { "A", "B", "C", "D", "E", "F" };
    char err[256];
    cr_assert_leq(n_bots, 6);
    struct ratings *r = ratings_fit(parties, n, names, n_bots, o, err, sizeof err);
    cr_assert_not_null(r, "%s", err);
    return r;
}

/* Every number of a result is finite. */
static void assert_all_finite(const struct ratings *r)
{
    int n1 = N1(r);
    for (int i = 0; i < r->n_bots; i++) {
        cr_assert(isfinite(r->rating[i]) && isfinite(r->se_model[i]) &&
                  isfinite(r->se_robust[i]) && isfinite(r->low[i]) &&
                  isfinite(r->high[i]), "bot %d", i);
        for (int j = 0; j < r->n_bots; j++)
            cr_assert(isfinite(r->los[i * r->n_bots + j]));
    }
    for (int i = 0; i < n1 * n1; i++)
        cr_assert(isfinite(r->cov_model[i]) && isfinite(r->cov_robust[i]));
    cr_assert(isfinite(r->advantage) && isfinite(r->advantage_se_model) &&
              isfinite(r->advantage_se_robust) && isfinite(r->rho));
}

/* Appends `count` parties of first against second, all with one score. */
static size_t add(struct ratings_partie *g, size_t n, int first, int second,
                  double score, int count)
{
    for (int i = 0; i < count; i++, n++)
        g[n] = (struct ratings_partie){ first, second, score, (long)n, false, 0 };
    return n;
}

/* Ordo 1.2.6 prints four decimals; we agree within 6e-5 of them. */
Test(ratings, matches_ordo_with_first_player_advantage)
{
    struct ratings *r = fit_fixture(true);
    cr_assert_str_eq(r->names[0], "Alpha");
    cr_assert_float_eq(r->rating[0], 56.8426, 1e-4);
    cr_assert_float_eq(r->rating[1], -8.0086, 1e-4);
    cr_assert_float_eq(r->rating[2], -48.8339, 1e-4);
    cr_assert_float_eq(r->advantage, 41.40, 0.005);
    cr_assert_eq(r->advantage_status, RATINGS_ADVANTAGE_FITTED);
    ratings_free(r);
}

Test(ratings, matches_ordo_without_first_player_term)
{
    struct ratings *r = fit_fixture(false);
    cr_assert_float_eq(r->rating[0], 56.0611, 1e-4);
    cr_assert_float_eq(r->rating[1], -7.8986, 1e-4);
    cr_assert_float_eq(r->rating[2], -48.1625, 1e-4);
    cr_assert_eq(r->advantage, 0.0);
    cr_assert_eq(r->advantage_status, RATINGS_ADVANTAGE_OFF);
    ratings_free(r);
}

Test(ratings, model_errors_match_the_hessian_errors_of_the_fixture)
{
    struct ratings *r = fit_fixture(true);
    cr_assert_float_eq(r->se_model[0], 13.89, 0.005);
    cr_assert_float_eq(r->se_model[1], 13.63, 0.005);
    cr_assert_float_eq(r->se_model[2], 13.82, 0.005);
    cr_assert_float_eq(r->advantage_se_model, 16.88, 0.005);
    ratings_free(r);
}

Test(ratings, differences_and_their_errors_match_the_fixture)
{
    static const int pair[3][2] = { { 0, 1 }, { 0, 2 }, { 1, 2 } };
    static const double diff[3] = { 64.851, 105.677, 40.825 };
    static const double sd[3] = { 23.80, 24.13, 23.67 };
    struct ratings *r = fit_fixture(true);
    int n1 = N1(r);
    for (int k = 0; k < 3; k++) {
        int i = pair[k][0], j = pair[k][1];
        double v = r->cov_model[i * n1 + i] + r->cov_model[j * n1 + j] -
                   2 * r->cov_model[i * n1 + j];
        cr_assert_float_eq(r->rating[i] - r->rating[j], diff[k], 5e-4);
        cr_assert_float_eq(sqrt(v), sd[k], 0.005);
    }
    ratings_free(r);
}

Test(ratings, model_los_matches_the_fixture)
{
    struct ratings *r = fit_fixture(true);
    cr_assert_float_eq(ratings_los(r, 0, 1, false), 0.9968, 5e-5);
    cr_assert_float_eq(ratings_los(r, 0, 2, false), 1.0000, 5e-5);
    cr_assert_float_eq(ratings_los(r, 1, 2, false), 0.9577, 5e-5);
    ratings_free(r);
}

/* With every partie its own cluster the sandwich estimates the same
 * variance as the model, so its LOS differs only by sampling noise. */
Test(ratings, robust_los_matrix_is_complementary_and_near_the_model)
{
    struct ratings *r = fit_fixture(true);
    int n = r->n_bots;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double los = r->los[i * n + j];
            cr_assert_float_eq(los, ratings_los(r, i, j, true), 1e-12);
            cr_assert_float_eq(los + r->los[j * n + i], 1.0, 1e-12);
            cr_assert_float_eq(los, ratings_los(r, i, j, false), 0.005);
        }
    cr_assert_eq(r->clusters, 450);
    cr_assert(r->robust);
    ratings_free(r);
}

Test(ratings, intervals_are_rating_plus_minus_1_96_robust_errors)
{
    struct ratings *r = fit_fixture(true);
    for (int i = 0; i < r->n_bots; i++) {
        cr_assert_float_eq(r->high[i] - r->rating[i], 1.959964 * r->se_robust[i], 1e-5);
        cr_assert_float_eq(r->rating[i] - r->low[i], 1.959964 * r->se_robust[i], 1e-5);
    }
    ratings_free(r);
}

Test(ratings, anchor_fixes_the_named_bot_and_keeps_differences)
{
    struct pgn p;
    char err[256];
    read_fixture(&p);
    struct ratings_options o = { .fit_advantage = true, .anchor = "Gamma",
                                 .anchor_rating = 1500 };
    struct ratings *r = ratings_fit(p.parties, p.n_parties,
                                    (const char *const *)p.names, p.n_bots,
                                    &o, err, sizeof err);
    pgn_release(&p);
    cr_assert_not_null(r, "%s", err);
    cr_assert_eq(r->anchor, 2);
    cr_assert_float_eq(r->rating[2], 1500.0, 1e-9);
    cr_assert_float_eq(r->rating[0] - r->rating[2], 105.677, 5e-4);
    cr_assert_float_eq(r->se_model[2], 0.0, 1e-9);
    /* Anchored, Alpha's error is that of its difference from Gamma. */
    cr_assert_float_eq(r->se_model[0], 24.13, 0.005);
    ratings_free(r);
}

Test(ratings, unknown_anchor_is_an_error)
{
    struct ratings_partie g[2] = { { 0, 1, 1, 0, false, 0 }, { 0, 1, 0, 1, false, 0 } };
    static const char *const names[] = { "A", "B" };
    struct ratings_options o = { .fit_advantage = true, .anchor = "Zed" };
    char err[256] = "";
    cr_assert_null(ratings_fit(g, 2, names, 2, &o, err, sizeof err));
    cr_assert_str_eq(err, "ratings: anchor 'Zed' is not a bot");
}

Test(ratings, anchor_without_finite_rating_is_an_error)
{
    struct ratings_partie g[8];
    size_t n = add(g, 0, 0, 1, 1, 2);
    n = add(g, n, 1, 0, 1, 2);
    n = add(g, n, 2, 0, 1, 2);
    n = add(g, n, 2, 1, 1, 2);
    static const char *const names[] = { "A", "B", "C" };
    struct ratings_options o = { .fit_advantage = true, .anchor = "C" };
    char err[256] = "";
    cr_assert_null(ratings_fit(g, n, names, 3, &o, err, sizeof err));
    cr_assert_str_eq(err, "ratings: anchor 'C' has no finite rating (all wins)");
}

Test(ratings, bad_bot_index_is_an_error)
{
    struct ratings_partie g = { 0, 2, 1, 0, false, 0 };
    static const char *const names[] = { "A", "B" };
    char err[256] = "";
    cr_assert_null(ratings_fit(&g, 1, names, 2, NULL, err, sizeof err));
    cr_assert_str_eq(err, "ratings: partie 0: bot index out of 0..1");
}

Test(ratings, score_outside_zero_to_one_is_an_error)
{
    struct ratings_partie g = { 0, 1, 1.5, 0, false, 0 };
    static const char *const names[] = { "A", "B" };
    char err[256] = "";
    cr_assert_null(ratings_fit(&g, 1, names, 2, NULL, err, sizeof err));
    cr_assert_str_eq(err, "ratings: partie 0: score 1.5 is not in [0, 1]");
}

Test(ratings, one_bot_is_reported_without_a_rating)
{
    struct ratings *r = fit(NULL, 0, 1, NULL);
    cr_assert_eq(r->status[0], RATINGS_NO_GAMES);
    cr_assert_eq(r->group[0], -1);
    cr_assert_eq(r->n_groups, 0);
    cr_assert_eq(r->rating[0], 0.0);
    cr_assert_eq(r->los[0], 0.5);
    assert_all_finite(r);
    ratings_free(r);
}

Test(ratings, no_parties_leave_every_bot_unrated)
{
    struct ratings *r = fit(NULL, 0, 4, NULL);
    for (int i = 0; i < 4; i++) cr_assert_eq(r->status[i], RATINGS_NO_GAMES);
    cr_assert_eq(r->advantage_status, RATINGS_ADVANTAGE_UNIDENTIFIED);
    cr_assert_eq(r->parties_fitted, 0);
    cr_assert_eq(ratings_los(r, 0, 1, true), 0.5);
    assert_all_finite(r);
    ratings_free(r);
}

Test(ratings, bot_that_never_plays_is_unrated_and_the_rest_fitted)
{
    struct ratings_partie g[8];
    size_t n = add(g, 0, 0, 1, 1, 3);
    n = add(g, n, 1, 0, 1, 3);
    n = add(g, n, 0, 1, 0, 2);
    struct ratings *r = fit(g, n, 3, NULL);
    cr_assert_eq(r->status[2], RATINGS_NO_GAMES);
    cr_assert_eq(r->status[0], RATINGS_RATED);
    cr_assert_eq(r->n_groups, 1);
    cr_assert_float_eq(r->rating[0] + r->rating[1], 0.0, 1e-9);
    assert_all_finite(r);
    ratings_free(r);
}

/* A-B and C-D never meet: two groups, each centred on its own. */
Test(ratings, disconnected_bots_form_groups_that_are_not_compared)
{
    struct ratings_partie g[16];
    size_t n = add(g, 0, 0, 1, 1, 3);
    n = add(g, n, 1, 0, 1, 1);
    n = add(g, n, 2, 3, 1, 2);
    n = add(g, n, 3, 2, 1, 2);
    struct ratings_options o = { .fit_advantage = false };
    struct ratings *r = fit(g, n, 4, &o);
    cr_assert_eq(r->n_groups, 2);
    cr_assert_eq(r->group[0], 0);
    cr_assert_eq(r->group[1], 0);
    cr_assert_eq(r->group[2], 1);
    cr_assert_eq(r->group[3], 1);
    cr_assert_float_eq(r->rating[0] + r->rating[1], 0.0, 1e-9);
    cr_assert_float_eq(r->rating[2], 0.0, 1e-9);
    /* 3 wins of 4: a gap of 400 log10(3). */
    cr_assert_float_eq(r->rating[0] - r->rating[1], 400 * log10(3.0), 1e-6);
    cr_assert_eq(ratings_los(r, 0, 2, true), 0.5);
    cr_assert_eq(ratings_los(r, 0, 2, false), 0.5);
    assert_all_finite(r);
    ratings_free(r);
}

Test(ratings, all_draws_give_equal_ratings_with_finite_errors)
{
    struct ratings_partie g[12];
    size_t n = add(g, 0, 0, 1, 0.5, 2);
    n = add(g, n, 1, 2, 0.5, 2);
    n = add(g, n, 2, 0, 0.5, 2);
    n = add(g, n, 1, 0, 0.5, 2);
    n = add(g, n, 2, 1, 0.5, 2);
    n = add(g, n, 0, 2, 0.5, 2);
    struct ratings *r = fit(g, n, 3, NULL);
    cr_assert_eq(r->n_groups, 1);
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(r->status[i], RATINGS_RATED);
        cr_assert_float_eq(r->rating[i], 0.0, 1e-9);
        cr_assert_gt(r->se_model[i], 0.0);
    }
    cr_assert_float_eq(r->advantage, 0.0, 1e-9);
    cr_assert_float_eq(ratings_los(r, 0, 1, false), 0.5, 1e-9);
    assert_all_finite(r);
    ratings_free(r);
}

Test(ratings, all_wins_for_one_side_rate_nobody)
{
    struct ratings_partie g[4];
    size_t n = add(g, 0, 0, 1, 1, 2);
    n = add(g, n, 1, 0, 0, 2);
    struct ratings *r = fit(g, n, 2, NULL);
    cr_assert_eq(r->status[0], RATINGS_ALL_WINS);
    cr_assert_eq(r->status[1], RATINGS_ALL_LOSSES);
    cr_assert_eq(r->n_groups, 0);
    cr_assert_eq(r->parties[0], 4);
    cr_assert_eq(r->score[0], 4.0);
    assert_all_finite(r);
    ratings_free(r);
}

Test(ratings, bot_with_all_wins_is_reported_apart_and_the_rest_fitted)
{
    struct ratings_partie g[16];
    size_t n = add(g, 0, 0, 1, 1, 2);
    n = add(g, n, 2, 0, 0, 2);
    n = add(g, n, 1, 2, 1, 3);
    n = add(g, n, 2, 1, 1, 1);
    struct ratings_options o = { .fit_advantage = false };
    struct ratings *r = fit(g, n, 3, &o);
    cr_assert_eq(r->status[0], RATINGS_ALL_WINS);
    cr_assert_eq(r->rating[0], 0.0);
    cr_assert_eq(r->status[1], RATINGS_RATED);
    cr_assert_eq(r->status[2], RATINGS_RATED);
    /* Without A, B scored 3 of 4 against C. */
    cr_assert_float_eq(r->rating[1] - r->rating[2], 400 * log10(3.0), 1e-6);
    cr_assert_eq(r->parties_fitted, 4);
    assert_all_finite(r);
    ratings_free(r);
}

Test(ratings, bot_with_all_losses_is_reported_apart)
{
    struct ratings_partie g[16];
    size_t n = add(g, 0, 0, 2, 1, 2);
    n = add(g, n, 2, 1, 0, 2);
    n = add(g, n, 0, 1, 1, 1);
    n = add(g, n, 0, 1, 0, 1);
    n = add(g, n, 1, 0, 1, 1);
    n = add(g, n, 1, 0, 0, 1);
    struct ratings *r = fit(g, n, 3, NULL);
    cr_assert_eq(r->status[2], RATINGS_ALL_LOSSES);
    cr_assert_eq(r->n_groups, 1);
    cr_assert_eq(r->advantage_status, RATINGS_ADVANTAGE_FITTED);
    cr_assert_float_eq(r->advantage, 0.0, 1e-6);
    cr_assert_float_eq(r->rating[0], 0.0, 1e-6);
    assert_all_finite(r);
    ratings_free(r);
}

/* A beats everyone; once A is out, B beats everyone left: B lost every
 * partie to A and won every one against C and D, so it has no finite
 * rating either; C and D are fitted between themselves. */
Test(ratings, removal_is_repeated_until_the_rest_is_finite)
{
    struct ratings_partie g[32];
    size_t n = 0;
    for (int loser = 1; loser < 4; loser++) n = add(g, n, 0, loser, 1, 2);
    n = add(g, n, 1, 2, 1, 2);
    n = add(g, n, 3, 1, 0, 2);
    n = add(g, n, 2, 3, 1, 3);
    n = add(g, n, 3, 2, 1, 1);
    struct ratings_options o = { .fit_advantage = false };
    struct ratings *r = fit(g, n, 4, &o);
    cr_assert_eq(r->status[0], RATINGS_ALL_WINS);
    cr_assert_eq(r->status[1], RATINGS_SEPARATED);
    cr_assert_eq(r->status[2], RATINGS_RATED);
    cr_assert_eq(r->status[3], RATINGS_RATED);
    cr_assert_float_eq(r->rating[2] - r->rating[3], 400 * log10(3.0), 1e-6);
    assert_all_finite(r);
    ratings_free(r);
}

/* A and B beat C and D in every partie, with mixed results inside each
 * pair: nobody has a perfect score, yet the two pairs are separated. */
Test(ratings, groups_that_only_beat_each_other_one_way_are_split)
{
    struct ratings_partie g[32];
    size_t n = 0;
    for (int w = 0; w < 2; w++)
        for (int l = 2; l < 4; l++) n = add(g, n, w, l, 1, 2);
    n = add(g, n, 0, 1, 1, 2);
    n = add(g, n, 1, 0, 1, 1);
    n = add(g, n, 2, 3, 1, 1);
    n = add(g, n, 3, 2, 1, 1);
    struct ratings_options o = { .fit_advantage = false };
    struct ratings *r = fit(g, n, 4, &o);
    cr_assert_eq(r->n_groups, 2);
    cr_assert_neq(r->group[0], r->group[2]);
    cr_assert_eq(r->group[0], r->group[1]);
    cr_assert_float_eq(r->rating[0] - r->rating[1], 400 * log10(2.0), 1e-6);
    cr_assert_float_eq(r->rating[2] - r->rating[3], 0.0, 1e-6);
    cr_assert_eq(r->parties_fitted, 5);
    assert_all_finite(r);
    ratings_free(r);
}

Test(ratings, first_dealer_winning_every_partie_leaves_no_finite_advantage)
{
    struct ratings_partie g[8];
    size_t n = add(g, 0, 0, 1, 1, 3);
    n = add(g, n, 1, 0, 1, 3);
    struct ratings *r = fit(g, n, 2, NULL);
    cr_assert_eq(r->advantage_status, RATINGS_ADVANTAGE_UNBOUNDED);
    cr_assert_eq(r->advantage, 0.0);
    cr_assert_float_eq(r->rating[0], 0.0, 1e-9);
    assert_all_finite(r);
    ratings_free(r);
}

Test(ratings, advantage_is_unidentified_when_the_first_dealer_never_changes)
{
    struct ratings_partie g[8];
    size_t n = add(g, 0, 0, 1, 1, 3);
    n = add(g, n, 0, 1, 0, 1);
    struct ratings *r = fit(g, n, 2, NULL);
    cr_assert_eq(r->advantage_status, RATINGS_ADVANTAGE_UNIDENTIFIED);
    cr_assert_float_eq(r->rating[0] - r->rating[1], 400 * log10(3.0), 1e-6);
    assert_all_finite(r);
    ratings_free(r);
}

/* Every pair splits one win each: the pair mean never moves, rho = -1. */
Test(ratings, pairs_that_always_split_have_rho_minus_one)
{
    struct ratings_partie g[8];
    for (int k = 0; k < 4; k++) {
        double s = k % 2 ? 1 : 0;
        g[2 * k] = (struct ratings_partie){ 0, 1, s, k, false, 0 };
        g[2 * k + 1] = (struct ratings_partie){ 1, 0, s, k, false, 0 };
    }
    struct ratings_options o = { .fit_advantage = false };
    struct ratings *r = fit(g, 8, 2, &o);
    cr_assert_eq(r->pairs, 4);
    cr_assert_eq(r->clusters, 4);
    cr_assert_float_eq(r->rho, -1.0, 1e-12);
    ratings_free(r);
}

/* A bot wins or loses both parties of each pair: rho = +1, and the
 * robust error (4 clusters) exceeds the model one (8 independent parties). */
Test(ratings, pairs_with_equal_outcomes_have_rho_plus_one)
{
    struct ratings_partie g[8];
    for (int k = 0; k < 4; k++) {
        double s = k % 2 ? 1 : 0;
        g[2 * k] = (struct ratings_partie){ 0, 1, s, k, false, 0 };
        g[2 * k + 1] = (struct ratings_partie){ 1, 0, 1 - s, k, false, 0 };
    }
    struct ratings_options o = { .fit_advantage = false };
    struct ratings *r = fit(g, 8, 2, &o);
    cr_assert_float_eq(r->rho, 1.0, 1e-12);
    cr_assert_gt(r->se_robust[0], r->se_model[0]);
    ratings_free(r);
}

/* Two pairs split and two pairs with equal outcomes: var(pair mean) is
 * half var(partie), so rho = 0. */
Test(ratings, half_split_half_equal_pairs_have_rho_zero)
{
    struct ratings_partie g[8];
    for (int k = 0; k < 4; k++) {
        double s = k % 2 ? 1 : 0;
        double second = k < 2 ? s : 1 - s;
        g[2 * k] = (struct ratings_partie){ 0, 1, s, k, false, 0 };
        g[2 * k + 1] = (struct ratings_partie){ 1, 0, second, k, false, 0 };
    }
    struct ratings_options o = { .fit_advantage = false };
    struct ratings *r = fit(g, 8, 2, &o);
    cr_assert_float_eq(r->rating[0], 0.0, 1e-9);
    cr_assert_float_eq(r->rho, 0.0, 1e-12);
    ratings_free(r);
}

/* ---- Simulated duplicate tournaments ---------------------------------- */

static uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double rng_uniform(uint64_t *state)
{
    return (double)(rng_next(state) >> 11) * 0x1.0p-53;
}

static double elo_score(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

/* The first dealer's score when the deal luck is u (uniform): a win below
 * p - d/2, a draw up to p + d/2, so the expected score is exactly p. */
static double outcome(double u, double p)
{
    double d = fmin(0.06, 2 * fmin(p, 1 - p));
    return u < p - d / 2 ? 1 : u < p + d / 2 ? 0.5 : 0;
}

#define SIM_BOTS 6
#define SIM_PAIRS 16       /* duplicate pairs per pairing */
#define SIM_SHARED 0.8     /* chance both parties of a pair share the luck */
static const double sim_truth[SIM_BOTS] = { -120, -50, -10, 20, 60, 100 };
static const double sim_advantage = 35;

/* One round robin of duplicate pairs. With chance SIM_SHARED the second
 * partie replays the first one's luck: the same cards, now held by the
 * other bot as first dealer. Each partie keeps exactly the Bradley-Terry
 * probability, but the two parties of a pair are strongly anticorrelated
 * for each bot, as in real duplicate play. */
static size_t simulate(struct ratings_partie *g, uint64_t *rng)
{
    size_t n = 0;
    for (int i = 0; i < SIM_BOTS; i++)
        for (int j = i + 1; j < SIM_BOTS; j++)
            for (int k = 0; k < SIM_PAIRS; k++) {
                double u = rng_uniform(rng);
                double v = rng_uniform(rng) < SIM_SHARED ? u : rng_uniform(rng);
                double p1 = elo_score(sim_truth[i] - sim_truth[j] + sim_advantage);
                double p2 = elo_score(sim_truth[j] - sim_truth[i] + sim_advantage);
                long cluster = (long)n;
                g[n++] = (struct ratings_partie){ i, j, outcome(u, p1), cluster, false, 0 };
                g[n++] = (struct ratings_partie){ j, i, outcome(v, p2), cluster, false, 0 };
            }
    return n;
}

#define SIM_TOURNAMENTS 600

/* Share of the 95% intervals (ratings and advantage) that hold the truth
 * over SIM_TOURNAMENTS tournaments, robust or model; also the mean rho. */
static double coverage(bool robust, double *mean_rho)
{
    static struct ratings_partie g[SIM_BOTS * SIM_BOTS * SIM_PAIRS];
    uint64_t rng = 20240611;
    int held = 0, total = 0;
    double rho = 0;
    for (int t = 0; t < SIM_TOURNAMENTS; t++) {
        size_t n = simulate(g, &rng);
        struct ratings *r = fit(g, n, SIM_BOTS, NULL);
        cr_assert_eq(r->n_groups, 1);
        for (int i = 0; i <= SIM_BOTS; i++) {
            double est = i < SIM_BOTS ? r->rating[i] : r->advantage;
            double truth = i < SIM_BOTS ? sim_truth[i] : sim_advantage;
            double se = i < SIM_BOTS ? (robust ? r->se_robust[i] : r->se_model[i])
                                     : (robust ? r->advantage_se_robust
                                               : r->advantage_se_model);
            held += fabs(est - truth) <= 1.959964 * se;
            total++;
        }
        rho += r->rho / SIM_TOURNAMENTS;
        ratings_free(r);
    }
    if (mean_rho) *mean_rho = rho;
    return (double)held / total;
}

/* 4200 intervals (600 tournaments x 7); were they independent, the binomial
 * standard error of the share at 95% would be 0.0034. Measured over 4000
 * tournaments the robust share is 0.945 (the sandwich runs slightly narrow
 * with 240 clusters), the model one 0.982. The tolerance [0.93, 0.97] is
 * about 4 such errors around 0.95 and excludes intervals that ignore the
 * pairing; the seed is fixed, so the result never changes between runs. */
Test(ratings, robust_intervals_cover_true_ratings_95_percent_of_the_time)
{
    double share = coverage(true, NULL);
    cr_assert(share >= 0.93 && share <= 0.97, "coverage %.4f", share);
}

/* The same tournaments: pairs are anticorrelated (rho about -0.53), so
 * intervals from the information matrix alone are too wide. */
Test(ratings, model_intervals_overcover_when_pairs_are_anticorrelated)
{
    double rho;
    double share = coverage(false, &rho);
    cr_assert_gt(share, 0.97, "coverage %.4f", share);
    cr_assert_lt(rho, -0.4, "rho %.3f", rho);
}

/* test_sprt.c - the GSPRT against the docs/statistics.md test vectors, its bounds and
 * decisions, and its error rates on simulated duplicate pairs. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "stats/sprt.h"

static struct sprt make(double elo0, double elo1)
{
    struct sprt s;
    char err[128];
    cr_assert_eq(sprt_init(&s, elo0, elo1, 0.05, 0.05, err, sizeof err), 0, "%s", err);
    return s;
}

/* docs/statistics.md gives the counts as LL, LD, WL, DD, WD, WW; WL and DD are both
 * a pair total of one point. */
Test(sprt, reproduces_pentanomial_vector_at_0_5_and_2_5_elo)
{
    struct sprt s = make(0.5, 2.5);
    int pairs[5] = { 223, 9863, 20279 + 1000, 10037, 246 };
    cr_assert_float_eq(sprt_llr_pentanomial(&s, pairs), -3.074126, 1e-4);
}

Test(sprt, reproduces_pentanomial_vector_at_0_and_2_elo)
{
    struct sprt s = make(0, 2);
    int pairs[5] = { 871, 26175, 55003 + 980, 26678, 821 };
    cr_assert_float_eq(sprt_llr_pentanomial(&s, pairs), -4.978673, 1e-4);
}

Test(sprt, reproduces_trinomial_vector_at_0_5_and_2_5_elo)
{
    struct sprt s = make(0.5, 2.5);
    cr_assert_float_eq(sprt_llr_trinomial(&s, 21404, 40708, 21184), -1.571889, 1e-4);
}

Test(sprt, reproduces_trinomial_vector_at_0_and_2_elo)
{
    struct sprt s = make(0, 2);
    cr_assert_float_eq(sprt_llr_trinomial(&s, 57433, 106593, 57030), -2.593024, 1e-4);
}

Test(sprt, bounds_come_from_alpha_and_beta)
{
    struct sprt s;
    cr_assert_eq(sprt_init(&s, 0, 5, 0.05, 0.1, NULL, 0), 0);
    cr_assert_float_eq(s.lower, log(0.1 / 0.95), 1e-12);
    cr_assert_float_eq(s.upper, log(0.9 / 0.05), 1e-12);
}

Test(sprt, decides_at_and_beyond_the_bounds_only)
{
    struct sprt s = make(0, 5);
    cr_assert_eq(sprt_decide(&s, s.upper), SPRT_ACCEPT_H1);
    cr_assert_eq(sprt_decide(&s, s.upper + 1), SPRT_ACCEPT_H1);
    cr_assert_eq(sprt_decide(&s, s.lower), SPRT_ACCEPT_H0);
    cr_assert_eq(sprt_decide(&s, s.lower - 1), SPRT_ACCEPT_H0);
    cr_assert_eq(sprt_decide(&s, 0), SPRT_CONTINUE);
    cr_assert_eq(sprt_decide(&s, nextafter(s.upper, 0)), SPRT_CONTINUE);
    cr_assert_str_eq(sprt_decision_name(SPRT_ACCEPT_H1), "H1");
}

Test(sprt, rejects_bounds_in_the_wrong_order)
{
    struct sprt s;
    char err[128] = "";
    cr_assert_eq(sprt_init(&s, 5, 0, 0.05, 0.05, err, sizeof err), -1);
    cr_assert_str_eq(err, "sprt: need elo0 < elo1, got 5 and 0");
}

Test(sprt, rejects_error_rates_outside_zero_to_one)
{
    struct sprt s;
    char err[128] = "";
    cr_assert_eq(sprt_init(&s, 0, 5, 0.6, 0.5, err, sizeof err), -1);
    cr_assert_eq(sprt_init(&s, 0, 5, 0, 0.05, err, sizeof err), -1);
    cr_assert_str_eq(err, "sprt: need alpha, beta > 0 and alpha + beta < 1, got 0 and 0.05");
}

Test(sprt, rejects_bounds_beyond_any_score)
{
    struct sprt s;
    char err[128] = "";
    cr_assert_eq(sprt_init(&s, 0, 7000, 0.05, 0.05, err, sizeof err), -1);
    cr_assert_str_eq(err, "sprt: bounds 0 and 7000 are beyond any score");
}

/* Without pairs every cell is the 1e-3 stand-in: five thousandths of a
 * pair of evidence, an LLR of almost nothing. */
Test(sprt, no_pairs_give_an_llr_near_zero)
{
    struct sprt s = make(0, 5);
    int pairs[5] = { 0 };
    double llr = sprt_llr_pentanomial(&s, pairs);
    cr_assert(fabs(llr) < 1e-3, "llr %g", llr);
    cr_assert_eq(sprt_decide(&s, llr), SPRT_CONTINUE);
}

/* Only WW pairs: every other cell is the 1e-3 stand-in. The closest
 * distributions with mean s0 and s1 then put their weight on LL, and the
 * LLR tends to N ln(s1 / s0): 400 pairs give about 5.7, past the bound. */
Test(sprt, zero_counts_give_a_finite_llr)
{
    struct sprt s = make(0, 5);
    int pairs[5] = { 0, 0, 0, 0, 400 };
    double s1 = 1.0 / (1.0 + pow(10.0, -5.0 / 400.0));
    double llr = sprt_llr_pentanomial(&s, pairs);
    cr_assert(isfinite(llr));
    cr_assert_float_eq(llr, 400 * log(s1 / 0.5), 0.05);
    cr_assert_eq(sprt_decide(&s, llr), SPRT_ACCEPT_H1);
}

Test(sprt, llr_is_antisymmetric_when_pairs_and_bounds_are_mirrored)
{
    struct sprt s = make(-5, 5);
    int pairs[5] = { 10, 40, 80, 50, 20 };
    int mirror[5] = { 20, 50, 80, 40, 10 };
    cr_assert_float_eq(sprt_llr_pentanomial(&s, pairs),
                       -sprt_llr_pentanomial(&s, mirror), 1e-9);
}

/* ---- Simulated tests -------------------------------------------------- */

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

/* The first dealer's score when the deal luck is u (uniform); the expected
 * score is exactly p, with about 6% draws. */
static double outcome(double u, double p)
{
    double d = fmin(0.06, 2 * fmin(p, 1 - p));
    return u < p - d / 2 ? 1 : u < p + d / 2 ? 0.5 : 0;
}

#define SIM_RUNS 3000
#define SIM_MAX_PAIRS 100000
#define SIM_ELO0 0.0
#define SIM_ELO1 30.0

/* Runs SIM_RUNS tests of B (true strength `elo` over A) and counts the
 * decisions. Each pair is B first then A first; with chance 0.8 the second
 * partie replays the first one's deal luck, which then favours A as first
 * dealer: the pair's parties are anticorrelated, as in duplicate play. No
 * first-dealer advantage, so the pair score has mean exactly f(elo). */
static void run(double elo, int *h0, int *h1)
{
    struct sprt s = make(SIM_ELO0, SIM_ELO1);
    uint64_t rng = 0x5eed0000u + (uint64_t)elo;
    double p = 1.0 / (1.0 + pow(10.0, -elo / 400.0));
    *h0 = *h1 = 0;
    for (int r = 0; r < SIM_RUNS; r++) {
        int pairs[5] = { 0 };
        enum sprt_decision d = SPRT_CONTINUE;
        for (int k = 0; k < SIM_MAX_PAIRS && d == SPRT_CONTINUE; k++) {
            double u = rng_uniform(&rng);
            double v = rng_uniform(&rng) < 0.8 ? u : rng_uniform(&rng);
            double total = outcome(u, p) + 1 - outcome(v, 1 - p);
            pairs[(int)lround(2 * total)]++;
            d = sprt_decide(&s, sprt_llr_pentanomial(&s, pairs));
        }
        cr_assert_neq(d, SPRT_CONTINUE, "run %d did not stop", r);
        *h0 += d == SPRT_ACCEPT_H0;
        *h1 += d == SPRT_ACCEPT_H1;
    }
}

/* The GSPRT's error rates are asymptotic: over 20000 runs of this
 * simulation they measure 0.044 (false H1) and 0.054 (false H0) for the
 * nominal 0.05. The binomial standard error over 3000 runs is 0.004; the
 * tolerance [alpha / 4, 1.4 alpha] = [0.0125, 0.07] is at least 4 of them
 * from those rates, while a sign error or a wrong theta gives rates near 0
 * or 1. The seed is fixed, so the result never changes between runs. */
Test(sprt, accepts_h1_about_alpha_of_the_time_when_h0_holds)
{
    int h0, h1;
    run(SIM_ELO0, &h0, &h1);
    double rate = (double)h1 / SIM_RUNS;
    cr_assert(rate >= 0.0125 && rate <= 0.07, "false H1 rate %.4f", rate);
}

Test(sprt, accepts_h0_about_beta_of_the_time_when_h1_holds)
{
    int h0, h1;
    run(SIM_ELO1, &h0, &h1);
    double rate = (double)h0 / SIM_RUNS;
    cr_assert(rate >= 0.0125 && rate <= 0.07, "false H0 rate %.4f", rate);
}

/* ---- The normal model of pair margins (docs/statistics.md 4a) ---------- */

static const double margins[] = { 30, -10, 12, 44, -8, 0, 25, 7, -31, 18 };

static double llr_of(const struct sprt *s, const double *d, int n)
{
    double sum = 0, sum2 = 0;
    for (int i = 0; i < n; i++) {
        sum += d[i];
        sum2 += d[i] * d[i];
    }
    return sprt_llr_normal(s, n, sum, sum2);
}

static struct sprt make_effect(double t0, double t1)
{
    struct sprt s;
    char err[128];
    cr_assert_eq(sprt_init_effect(&s, t0, t1, 0.05, 0.05, err, sizeof err), 0, "%s", err);
    return s;
}

static struct sprt make_points(double m0, double m1)
{
    struct sprt s;
    char err[128];
    cr_assert_eq(sprt_init_points(&s, m0, m1, 2, 0.05, 0.05, err, sizeof err), 0, "%s", err);
    return s;
}

Test(sprt, reproduces_normal_vectors_with_effect_bounds)
{
    struct sprt a = make_effect(0, 0.2), b = make_effect(0.05, 0.3), c = make_effect(-0.2, 0);
    cr_assert_float_eq(llr_of(&a, margins, 10), 0.585281260, 1e-6);
    cr_assert_float_eq(llr_of(&b, margins, 10), 0.558408384, 1e-6);
    cr_assert_float_eq(llr_of(&c, margins, 10), 0.955616357, 1e-6);
}

Test(sprt, reproduces_normal_vectors_with_point_bounds)
{
    struct sprt a = make_points(0, 5), b = make_points(-2, 3);
    cr_assert_float_eq(llr_of(&a, margins, 10), 0.783343540, 1e-6);
    cr_assert_float_eq(llr_of(&b, margins, 10), 1.494946278, 1e-6);
}

Test(sprt, reproduces_the_normal_vector_of_pentanomial_pair_scores)
{
    /* Counts (3, 5, 12, 8, 4) as pair values a - 1/2. */
    static const double a[5] = { -0.5, -0.25, 0, 0.25, 0.5 };
    static const int counts[5] = { 3, 5, 12, 8, 4 };
    double sum = 0, sum2 = 0;
    long n = 0;
    for (int i = 0; i < 5; i++) {
        n += counts[i];
        sum += counts[i] * a[i];
        sum2 += counts[i] * a[i] * a[i];
    }
    struct sprt s = make_effect(0, 0.2);
    cr_assert_float_eq(sprt_llr_normal(&s, n, sum, sum2), 0.249577826, 1e-6);
}

Test(sprt, point_bounds_give_no_evidence_until_two_margins_differ)
{
    struct sprt s = make_points(0, 5);
    static const double same[] = { 0, 0, 0 }, one[] = { 12 };
    cr_assert_eq(llr_of(&s, one, 1), 0);
    cr_assert_eq(llr_of(&s, same, 3), 0);
}

Test(sprt, effect_bounds_on_margins_all_zero_lean_to_h0_by_the_limit)
{
    /* Two copies of one deterministic bot: every pair mirrors, d = 0. */
    struct sprt t = make_effect(0, 0.2);
    static const double same[] = { 0, 0, 0 };
    cr_assert_float_eq(llr_of(&t, same, 3), -3 * 0.04 / 2, 1e-12);
    cr_assert_eq(sprt_llr_normal(&t, 0, 0, 0), 0);
    /* The same value with a spread: mean 0 gives the same LLR. */
    static const double spread[] = { -10, 10, 0 };
    cr_assert_float_eq(llr_of(&t, spread, 3), -3 * 0.04 / 2, 1e-12);
}

Test(sprt, normal_llr_is_antisymmetric_when_margins_and_bounds_are_mirrored)
{
    double mirror[10];
    for (int i = 0; i < 10; i++) mirror[i] = -margins[i];
    struct sprt a = make_effect(-0.1, 0.1), b = make_points(-3, 3);
    cr_assert_float_eq(llr_of(&a, margins, 10), -llr_of(&a, mirror, 10), 1e-9);
    cr_assert_float_eq(llr_of(&b, margins, 10), -llr_of(&b, mirror, 10), 1e-9);
}

Test(sprt, rejects_normal_bounds_in_the_wrong_order)
{
    struct sprt s;
    char err[128];
    cr_assert_eq(sprt_init_effect(&s, 0.2, 0.1, 0.05, 0.05, err, sizeof err), -1);
    cr_assert(strstr(err, "t0 < t1"), "%s", err);
    cr_assert_eq(sprt_init_points(&s, 5, 5, 2, 0.05, 0.05, err, sizeof err), -1);
    cr_assert(strstr(err, "m0 < m1"), "%s", err);
    cr_assert_eq(sprt_init_points(&s, 0, 5, 0, 0.05, 0.05, err, sizeof err), -1);
    cr_assert_eq(sprt_init_effect(&s, 0, 0.1, 0.6, 0.5, err, sizeof err), -1);
}

static double rng_normal(uint64_t *state)
{
    double u = rng_uniform(state), v = rng_uniform(state);
    return sqrt(-2 * log(1 - u)) * cos(6.283185307179586 * v);
}

#define NORMAL_RUNS 4000
#define NORMAL_SD 120.0

/* NORMAL_RUNS tests on pair margins drawn from N(mu, NORMAL_SD^2). */
static void run_normal(const struct sprt *s, double mu, uint64_t seed, int *h0, int *h1)
{
    uint64_t rng = seed;
    *h0 = *h1 = 0;
    for (int r = 0; r < NORMAL_RUNS; r++) {
        double sum = 0, sum2 = 0;
        enum sprt_decision d = SPRT_CONTINUE;
        for (long k = 1; k <= SIM_MAX_PAIRS && d == SPRT_CONTINUE; k++) {
            double x = mu + NORMAL_SD * rng_normal(&rng);
            sum += x;
            sum2 += x * x;
            d = sprt_decide(s, sprt_llr_normal(s, k, sum, sum2));
        }
        cr_assert_neq(d, SPRT_CONTINUE, "run %d did not stop", r);
        *h0 += d == SPRT_ACCEPT_H0;
        *h1 += d == SPRT_ACCEPT_H1;
    }
}

/* Over 5 x 2000 runs on other seeds the four rates below measured 0.037 to
 * 0.060 for the nominal 0.05; the binomial standard error over 4000 runs is
 * 0.0034, and the tolerance [0.03, 0.07] is about 6 of them wide each side,
 * while a wrong sign or a wrong root gives rates near 0 or 1. Seeds fixed. */
static void expect_rate(int count, const char *what)
{
    double rate = (double)count / NORMAL_RUNS;
    cr_assert(rate >= 0.03 && rate <= 0.07, "%s rate %.4f", what, rate);
}

Test(sprt, effect_bounds_accept_h1_about_alpha_of_the_time_when_h0_holds)
{
    int h0, h1;
    struct sprt s = make_effect(0, 0.2);
    run_normal(&s, 0, 101, &h0, &h1);
    expect_rate(h1, "false H1");
}

Test(sprt, effect_bounds_accept_h0_about_beta_of_the_time_when_h1_holds)
{
    int h0, h1;
    struct sprt s = make_effect(0, 0.2);
    run_normal(&s, 0.2 * NORMAL_SD, 102, &h0, &h1);
    expect_rate(h0, "false H0");
}

Test(sprt, point_bounds_accept_h1_about_alpha_of_the_time_when_h0_holds)
{
    int h0, h1;
    struct sprt s = make_points(0, 10);
    run_normal(&s, 0, 103, &h0, &h1);
    expect_rate(h1, "false H1");
}

Test(sprt, point_bounds_accept_h0_about_beta_of_the_time_when_h1_holds)
{
    int h0, h1;
    struct sprt s = make_points(0, 10);
    run_normal(&s, 2 * 10, 104, &h0, &h1);   /* 10 points per match, 2 matches a pair */
    expect_rate(h0, "false H0");
}

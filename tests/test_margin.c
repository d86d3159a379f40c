/* test_margin.c - the normal model of pair margins against the values of
 * docs/statistics.md section 4a, worked out apart (tools: Python, the
 * formulas written out). */
#include <criterion/criterion.h>
#include <math.h>

#include "stats/margin.h"

static struct margin vector(void)
{
    static const double d[] = { 30, -10, 12, 44, -8, 0, 25, 7, -31, 18 };
    struct margin m;
    margin_init(&m, 2);
    for (int i = 0; i < 10; i++) margin_add(&m, d[i]);
    return m;
}

Test(margin, mean_and_interval_are_points_per_match)
{
    struct margin m = vector();
    cr_assert_eq(m.n, 10);
    cr_assert_float_eq(m.mean, 4.35, 1e-9);
    cr_assert_float_eq(m.sd, 21.974985779, 1e-6);
    cr_assert(m.interval);
    cr_assert_float_eq(m.low, -2.459993510, 1e-6);
    cr_assert_float_eq(m.high, 11.159993510, 1e-6);
}

Test(margin, normalised_effect_z_and_los_match_hand_values)
{
    struct margin m = vector();
    cr_assert(m.effect_finite);
    cr_assert_float_eq(m.effect, 0.395904693, 1e-6);
    cr_assert_float_eq(m.effect_low, -0.247719029, 1e-6);
    cr_assert_float_eq(m.effect_high, 1.039528415, 1e-6);
    cr_assert_float_eq(m.z, 1.251960566, 1e-6);
    cr_assert_float_eq(m.los, 0.894707883, 1e-6);
}

Test(margin, one_set_has_a_mean_but_no_interval_or_effect)
{
    struct margin m;
    margin_init(&m, 2);
    margin_add(&m, -30);
    cr_assert_float_eq(m.mean, -15, 1e-12);
    cr_assert_not(m.interval);
    cr_assert_eq(m.low, m.mean);
    cr_assert_eq(m.high, m.mean);
    cr_assert_not(m.effect_finite);
    cr_assert_eq(m.los, 0);
}

Test(margin, equal_margins_have_no_effect_and_a_los_by_their_sign)
{
    struct margin m;
    margin_init(&m, 1);
    for (int i = 0; i < 3; i++) margin_add(&m, 5);
    cr_assert(m.interval);
    cr_assert_float_eq(m.low, 5, 1e-9);
    cr_assert_not(m.effect_finite);
    cr_assert_eq(m.los, 1);
}

Test(margin, no_sets_give_neutral_values)
{
    struct margin m;
    margin_init(&m, 2);
    margin_compute(&m);
    cr_assert_eq(m.mean, 0);
    cr_assert_eq(m.los, 0.5);
    cr_assert_not(m.effect_finite);
}

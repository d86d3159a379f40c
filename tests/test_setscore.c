/* test_setscore.c - head-to-head per duplicate set in games of N seats:
 * the vector of docs/statistics.md section 6, sets that hold a bot twice
 * or not at all, equal fractions sharing a bar, the LLR. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>

#include "stats/setscore.h"
#include "tests/support_seats.h"

static void tally(struct setscore *h, const struct ratings_table *t, size_t n,
                  int bot, int opponent)
{
    char err[256];
    cr_assert_eq(setscore_tally(h, t, n, bot, opponent, err, sizeof err), 0, "%s", err);
}

/* A against B: 3, 3, 0, 3 of 3 comparisons in the four deals. */
Test(setscore, doc_vector_a_against_b)
{
    struct setscore h;
    tally(&h, support_seats_tables, SUPPORT_SEATS_TABLES, 0, 1);
    cr_assert_eq(h.wins, 9);
    cr_assert_eq(h.draws, 0);
    cr_assert_eq(h.losses, 3);
    cr_assert_eq(h.n_sets, 4);
    cr_assert_eq(h.n_cells, 2);
    cr_assert_eq(h.cells[0].score, 0.0);
    cr_assert_eq(h.cells[0].sets, 1);
    cr_assert_eq(h.cells[1].score, 1.0);
    cr_assert_eq(h.cells[1].sets, 3);
    cr_assert_float_eq(h.score, 0.75, 1e-12);
    cr_assert_float_eq(h.variance, 0.1875, 1e-12);
    cr_assert_float_eq(h.score_low, 0.75 - 0.42434465, 1e-8);
    cr_assert_float_eq(h.score_high, 0.75 + 0.42434465, 1e-8);
    cr_assert(h.elo_finite);
    cr_assert_float_eq(h.elo, 190.848502, 1e-6);
    cr_assert(!h.error_finite);
    cr_assert_eq(h.elo_error, 0.0);
    cr_assert_float_eq(h.los, 0.875893, 1e-6);
    cr_assert_float_eq(setscore_llr(&h, 0, 10), 0.074524, 1e-6);
    /* the interval reaches a score of 1: no bound in Elo (it was shown as
     * "+- 0.0", an estimate that looked exact) */
    char text[64];
    setscore_elo_text(&h, text, sizeof text);
    cr_assert_str_eq(text, "+190.8 +- inf");
    setscore_release(&h);
}

Test(setscore, doc_vector_b_against_c_is_even)
{
    struct setscore h;
    tally(&h, support_seats_tables, SUPPORT_SEATS_TABLES, 1, 2);
    cr_assert_eq(h.n_sets, 4);
    cr_assert_eq(h.n_cells, 2);
    cr_assert_eq(h.cells[0].sets, 2);
    cr_assert_eq(h.cells[1].sets, 2);
    cr_assert_float_eq(h.score, 0.5, 1e-12);
    cr_assert_float_eq(h.variance, 0.25, 1e-12);
    cr_assert_float_eq(h.elo, 0.0, 1e-12);
    cr_assert_float_eq(h.los, 0.5, 1e-12);
    char text[64], want[64];
    setscore_elo_text(&h, text, sizeof text);
    cr_assert(h.error_finite);
    snprintf(want, sizeof want, "+0.0 +- %.1f", h.elo_error);
    cr_assert_str_eq(text, want);
    h.score = 1;
    h.elo_finite = h.error_finite = false;
    setscore_elo_text(&h, text, sizeof text);
    cr_assert_str_eq(text, "+inf");
    setscore_release(&h);
}

/* Four seats, A (0) against B (1). Set 10: a win and a draw, 3/4 (its
 * second match comes last); 11: A in two seats, a loss and a draw, 1/4;
 * 12: B absent; 13: a loss, 0; 14: two wins, 1; 15: a win and a loss, 2/4;
 * 16: a draw, 1/2, the same bar as 2/4. */
Test(setscore, sets_are_scored_over_every_comparison_of_the_two)
{
    static const struct ratings_table t[] = {
        { 4, { 0, 1, 2, 3 }, { 5, 3, 0, 0 }, 10 },
        { 4, { 0, 1, 0, 2 }, { 4, 6, 6, 0 }, 11 },
        { 4, { 0, 2, 3, 2 }, { 4, 6, 6, 0 }, 12 },
        { 4, { 2, 3, 1, 0 }, { 1, 1, 9, 8 }, 13 },
        { 4, { 1, 0, 2, 3 }, { 0, 2, 0, 0 }, 14 },
        { 4, { 3, 2, 1, 0 }, { 0, 0, 1, 7 }, 14 },
        { 4, { 0, 1, 2, 3 }, { 2, 1, 0, 0 }, 15 },
        { 4, { 1, 0, 2, 3 }, { 2, 1, 0, 0 }, 15 },
        { 4, { 1, 2, 0, 3 }, { 3, 3, 3, 3 }, 16 },
        { 4, { 2, 1, 3, 0 }, { 9, 1, 9, 1 }, 10 },
    };
    static const double bar[5] = { 0, 0.25, 0.5, 0.75, 1 };
    static const int sets[5] = { 1, 1, 2, 1, 1 };
    struct setscore h;
    tally(&h, t, sizeof t / sizeof t[0], 0, 1);
    cr_assert_eq(h.wins, 4);
    cr_assert_eq(h.draws, 3);
    cr_assert_eq(h.losses, 3);
    cr_assert_eq(h.n_sets, 6);
    cr_assert_eq(h.n_cells, 5);
    for (int k = 0; k < 5; k++) {
        cr_assert_eq(h.cells[k].score, bar[k], "bar %d: %g", k, h.cells[k].score);
        cr_assert_eq(h.cells[k].sets, sets[k], "bar %d", k);
    }
    cr_assert_float_eq(h.score, 0.5, 1e-12);
    /* (1/16 + 1/16 + 1/4 + 1/4 + 0 + 0) / 6 */
    cr_assert_float_eq(h.variance, 0.625 / 6, 1e-12);
    setscore_release(&h);
}

Test(setscore, no_set_together_gives_an_even_score_and_no_bars)
{
    struct setscore h;
    tally(&h, support_seats_tables, 0, 0, 1);
    cr_assert_eq(h.n_sets, 0);
    cr_assert_eq(h.n_cells, 0);
    cr_assert_eq(h.score, 0.5);
    cr_assert_eq(h.los, 0.5);
    cr_assert(!h.elo_finite);
    cr_assert_eq(setscore_llr(&h, 0, 10), 0.0);
    setscore_release(&h);
    setscore_release(&h);
}

Test(setscore, a_bot_against_itself_is_an_error)
{
    struct setscore h;
    char err[256] = "";
    cr_assert_eq(setscore_tally(&h, support_seats_tables, SUPPORT_SEATS_TABLES,
                                1, 1, err, sizeof err), -1);
    cr_assert_str_eq(err, "setscore: bots 1 and 1 are not two bots");
    cr_assert_null(h.cells);
}

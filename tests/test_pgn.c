/* test_pgn.c - reading results from PGN (the Ordo fixture in
 * tests/fixtures/ratings and hand-made text) and writing them back, matches
 * of N seats included. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "records/pgn.h"
#include "stats/ratings.h"
#include "tests/support_seats.h"

/* Reads `text` into p (initialised here); returns pgn_read_stream's code. */
static int read_text(struct pgn *p, const char *text, char *err, size_t err_size)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    cr_assert_not_null(in);
    pgn_init(p);
    int rc = pgn_read_stream(p, in, "t.pgn", err, err_size);
    fclose(in);
    return rc;
}

Test(pgn, reads_every_game_of_the_ordo_fixture)
{
    char err[256];
    struct pgn p;
    pgn_init(&p);
    FILE *in = fopen("tests/fixtures/ratings/games.pgn", "r");
    cr_assert_not_null(in, "run the tests from the top of the checkout");
    cr_assert_eq(pgn_read_stream(&p, in, "games.pgn", err, sizeof err), 0, "%s", err);
    fclose(in);
    cr_assert_eq(p.n_parties, 450);
    cr_assert_eq(p.n_bots, 3);
    cr_assert_str_eq(p.names[0], "Alpha");
    cr_assert_str_eq(p.names[1], "Beta");
    cr_assert_str_eq(p.names[2], "Gamma");
    int wins = 0, draws = 0, losses = 0;
    for (size_t i = 0; i < p.n_parties; i++) {
        wins += p.parties[i].score == 1;
        draws += p.parties[i].score == 0.5;
        losses += p.parties[i].score == 0;
    }
    cr_assert_eq(wins, 241);
    cr_assert_eq(draws, 19);
    cr_assert_eq(losses, 190);
    pgn_release(&p);
}

Test(pgn, scores_are_the_white_players)
{
    struct pgn p;
    char err[256];
    cr_assert_eq(read_text(&p,
        "[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n0-1\n\n"
        "[White \"B\"]\n[Black \"A\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n",
        err, sizeof err), 0, "%s", err);
    cr_assert_eq(p.n_parties, 2);
    cr_assert_eq(p.parties[0].first, 0);
    cr_assert_eq(p.parties[0].second, 1);
    cr_assert_eq(p.parties[0].score, 0.0);
    cr_assert_eq(p.parties[1].first, 1);
    cr_assert_eq(p.parties[1].score, 0.5);
    cr_assert(!p.parties[0].has_points);
    pgn_release(&p);
}

Test(pgn, each_game_is_a_cluster_of_its_own)
{
    struct pgn p;
    char err[256];
    cr_assert_eq(read_text(&p,
        "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n1-0\n"
        "[White \"B\"]\n[Black \"A\"]\n[Result \"1-0\"]\n1-0\n"
        "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n1-0\n",
        err, sizeof err), 0, "%s", err);
    cr_assert_eq(p.n_parties, 3);
    cr_assert_neq(p.parties[0].cluster, p.parties[1].cluster);
    cr_assert_neq(p.parties[1].cluster, p.parties[2].cluster);
    cr_assert_neq(p.parties[0].cluster, p.parties[2].cluster);
    pgn_release(&p);
}

Test(pgn, skips_unfinished_games)
{
    struct pgn p;
    char err[256];
    cr_assert_eq(read_text(&p,
        "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n*\n"
        "[White \"A\"]\n[Black \"C\"]\n[Result \"1-0\"]\n1-0\n",
        err, sizeof err), 0, "%s", err);
    cr_assert_eq(p.n_parties, 1);
    cr_assert_eq(p.parties[0].second, 1);
    cr_assert_eq(p.n_bots, 2);
    pgn_release(&p);
}

Test(pgn, ignores_other_tags_comments_and_moves)
{
    struct pgn p;
    char err[256];
    cr_assert_eq(read_text(&p,
        "% an escaped line [White \"X\"]\n"
        "[Event \"e\"] [Site \"s\"]\r\n[White \"A \\\"the\\\" bot\"]\r\n"
        "[Black \"B\"]\n[Result \"1-0\"]\n\n"
        "1. e4 {a comment\n[White \"Y\"] spanning lines} e5 ; rest [of line\n"
        "1-0\n",
        err, sizeof err), 0, "%s", err);
    cr_assert_eq(p.n_parties, 1);
    cr_assert_eq(p.n_bots, 2);
    cr_assert_str_eq(p.names[0], "A \"the\" bot");
    pgn_release(&p);
}

Test(pgn, games_without_movetext_are_told_apart)
{
    struct pgn p;
    char err[256];
    cr_assert_eq(read_text(&p,
        "[White \"A\"][Black \"B\"][Result \"1-0\"]\n"
        "[White \"B\"][Black \"A\"][Result \"0-1\"]\n",
        err, sizeof err), 0, "%s", err);
    cr_assert_eq(p.n_parties, 2);
    cr_assert_eq(p.parties[1].first, 1);
    cr_assert_eq(p.parties[1].score, 0.0);
    pgn_release(&p);
}

Test(pgn, unknown_result_is_an_error_naming_the_line)
{
    struct pgn p;
    char err[256] = "";
    cr_assert_eq(read_text(&p,
        "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n1-0\n\n"
        "[White \"A\"]\n[Black \"B\"]\n[Result \"2-0\"]\n2-0\n",
        err, sizeof err), -1);
    cr_assert_str_eq(err, "t.pgn:6: unknown result '2-0'");
    pgn_release(&p);
}

Test(pgn, game_without_result_tag_is_an_error)
{
    struct pgn p;
    char err[256] = "";
    cr_assert_eq(read_text(&p, "[White \"A\"]\n[Black \"B\"]\n\n1-0\n",
                           err, sizeof err), -1);
    cr_assert_str_eq(err, "t.pgn:1: game without a [Result] tag");
    pgn_release(&p);
}

Test(pgn, malformed_tag_is_an_error)
{
    struct pgn p;
    char err[256] = "";
    cr_assert_eq(read_text(&p, "[White \"A\"]\n[Black \"B]\n", err, sizeof err), -1);
    cr_assert_str_eq(err, "t.pgn:2: malformed tag");
    pgn_release(&p);
}

Test(pgn, empty_player_name_is_an_error)
{
    struct pgn p;
    char err[256] = "";
    cr_assert_eq(read_text(&p, "[White \"\"]\n[Black \"B\"]\n[Result \"1-0\"]\n1-0\n",
                           err, sizeof err), -1);
    cr_assert_str_eq(err, "t.pgn:1: empty player name");
    pgn_release(&p);
}

Test(pgn, unclosed_comment_is_an_error)
{
    struct pgn p;
    char err[256] = "";
    cr_assert_eq(read_text(&p, "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n{ 1-0\n",
                           err, sizeof err), -1);
    cr_assert_str_eq(err, "t.pgn:4: comment not closed");
    pgn_release(&p);
}

Test(pgn, failed_read_leaves_earlier_results_untouched)
{
    struct pgn p;
    char err[256];
    cr_assert_eq(read_text(&p, "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n1-0\n",
                           err, sizeof err), 0);
    const char *more = "[White \"C\"]\n[Black \"D\"]\n[Result \"1-0\"]\n1-0\n"
                       "[White \"E\"]\n[Black \"F\"]\n[Result \"x\"]\n";
    FILE *in = fmemopen((void *)more, strlen(more), "r");
    cr_assert_not_null(in);
    cr_assert_eq(pgn_read_stream(&p, in, "u.pgn", err, sizeof err), -1);
    fclose(in);
    cr_assert_eq(p.n_parties, 1);
    cr_assert_eq(p.n_bots, 2);
    pgn_release(&p);
}

Test(pgn, written_results_read_back_the_same)
{
    static const char *const names[] = { "A", "B \"q\" \\", "C" };
    struct ratings_partie g[3] = {
        { 0, 1, 1, 0, false, 0 }, { 1, 2, 0.5, 1, false, 0 }, { 2, 0, 0, 2, false, 0 },
    };
    char *text = NULL, err[256];
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    cr_assert_not_null(out);
    cr_assert_eq(pgn_write(out, g, 3, names, 3, err, sizeof err), 0, "%s", err);
    fclose(out);
    struct pgn p;
    cr_assert_eq(read_text(&p, text, err, sizeof err), 0, "%s", err);
    cr_assert_eq(p.n_parties, 3);
    for (int i = 0; i < 3; i++) {
        cr_assert_str_eq(p.names[i], names[i]);
        cr_assert_eq(p.parties[i].first, g[i].first);
        cr_assert_eq(p.parties[i].second, g[i].second);
        cr_assert_eq(p.parties[i].score, g[i].score);
    }
    pgn_release(&p);
    free(text);
}

Test(pgn, writes_the_tags_ordo_reads)
{
    static const char *const names[] = { "A", "B" };
    struct ratings_partie g = { 1, 0, 0.5, 0, false, 0 };
    char *text = NULL, err[256];
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    cr_assert_eq(pgn_write(out, &g, 1, names, 2, err, sizeof err), 0, "%s", err);
    fclose(out);
    cr_assert_str_eq(text, "[Event \"piquet arena\"]\n[Round \"1\"]\n[White \"B\"]\n"
                           "[Black \"A\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n\n");
    free(text);
}

Test(pgn, writing_a_fractional_score_is_an_error)
{
    static const char *const names[] = { "A", "B" };
    struct ratings_partie g = { 0, 1, 0.25, 0, false, 0 };
    char *text = NULL, err[256] = "";
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    cr_assert_eq(pgn_write(out, &g, 1, names, 2, err, sizeof err), -1);
    fclose(out);
    free(text);
    cr_assert_str_eq(err, "pgn: partie 0: score is not 1, 0.5 or 0");
}

/* The text pgn_write_tables() gives for these tables; the caller frees it. */
static char *write_tables(const struct ratings_table *t, size_t n,
                          const char *const *names, int n_bots)
{
    char *text = NULL, err[256];
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    cr_assert_not_null(out);
    cr_assert_eq(pgn_write_tables(out, t, n, names, n_bots, err, sizeof err), 0,
                 "%s", err);
    fclose(out);
    return text;
}

/* A 3-seat match whose seats A and C hold one bot: two games, not three. */
Test(pgn, tables_are_written_one_game_per_two_seats_of_different_bots)
{
    static const char *const names[] = { "Alpha", "Beta" };
    struct ratings_table t = { 3, { 1, 0, 1 }, { 2, 5, 2 }, 7 };
    char *text = write_tables(&t, 1, names, 2);
    cr_assert_str_eq(text,
        "[Event \"arena\"]\n[Round \"1\"]\n[White \"Beta\"]\n[Black \"Alpha\"]\n"
        "[Result \"0-1\"]\n[Set \"7\"]\n[WhiteSeat \"A\"]\n[BlackSeat \"B\"]\n\n0-1\n\n"
        "[Event \"arena\"]\n[Round \"1\"]\n[White \"Alpha\"]\n[Black \"Beta\"]\n"
        "[Result \"1-0\"]\n[Set \"7\"]\n[WhiteSeat \"B\"]\n[BlackSeat \"C\"]\n\n1-0\n\n");
    free(text);
}

/* Read back, the games are the comparisons of the fit, seat by seat. */
Test(pgn, written_tables_read_back_as_their_comparisons)
{
    static const char *const names[] = { "Alpha", "Beta", "Gamma" };
    char *text = write_tables(support_seats_tables, SUPPORT_SEATS_TABLES, names, 3);
    struct pgn p;
    char err[256];
    cr_assert_eq(read_text(&p, text, err, sizeof err), 0, "%s", err);
    cr_assert_eq(p.n_parties, 3 * SUPPORT_SEATS_TABLES);
    size_t n = 0;
    for (int k = 0; k < SUPPORT_SEATS_TABLES; k++) {
        const struct ratings_table *t = &support_seats_tables[k];
        for (int i = 0; i < 3; i++)
            for (int j = i + 1; j < 3; j++, n++) {
                const struct ratings_partie *g = &p.parties[n];
                cr_assert_str_eq(p.names[g->first], names[t->bot[i]]);
                cr_assert_str_eq(p.names[g->second], names[t->bot[j]]);
                cr_assert_eq(g->score, ratings_table_score(t, i, j));
            }
    }
    pgn_release(&p);
    free(text);
}

/* What Ordo would fit from the file (-W, no white advantage) is the table
 * fit without seat terms: the same comparisons, the same ratings. */
Test(pgn, written_tables_give_ordo_the_ratings_of_the_fit)
{
    static const char *const names[] = { "A", "B", "C" };
    char *text = write_tables(support_seats_tables, SUPPORT_SEATS_TABLES, names, 3);
    struct pgn p;
    char err[256];
    cr_assert_eq(read_text(&p, text, err, sizeof err), 0, "%s", err);
    struct ratings_options o = { .fit_advantage = false };
    struct ratings *a = ratings_fit(p.parties, p.n_parties,
                                    (const char *const *)p.names, p.n_bots, &o,
                                    err, sizeof err);
    cr_assert_not_null(a, "%s", err);
    struct ratings *b = ratings_fit_tables(support_seats_tables, SUPPORT_SEATS_TABLES,
                                           names, 3, &o, err, sizeof err);
    cr_assert_not_null(b, "%s", err);
    for (int i = 0; i < 3; i++) {
        int j = ratings_find(a, names[i]);
        cr_assert_float_eq(a->rating[j], b->rating[i], 1e-9);
        cr_assert_float_eq(a->se_model[j], b->se_model[i], 1e-9);
    }
    ratings_free(a);
    ratings_free(b);
    pgn_release(&p);
    free(text);
}

Test(pgn, writing_a_table_with_a_bad_bot_writes_nothing)
{
    static const char *const names[] = { "A", "B" };
    struct ratings_table t[2] = {
        { 2, { 0, 1 }, { 1, 0 }, 0 },
        { 3, { 0, 1, 2 }, { 1, 0, 0 }, 1 },
    };
    char *text = NULL, err[256] = "";
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    cr_assert_eq(pgn_write_tables(out, t, 2, names, 2, err, sizeof err), -1);
    fclose(out);
    cr_assert_str_eq(text, "");
    free(text);
    cr_assert_str_eq(err, "pgn: table 1: seat C: bot index out of range");
}

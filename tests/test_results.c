/* test_results.c - reading result files (records/results.h): the CSV format
 * in every detail, PGN through the same merge, clusters over files, the
 * roll back on a bad line, and journals' partie records as the record
 * reader (records/record.h) reads them. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "records/results.h"
#include "tests/support_records.h"
#include "tests/support_scratch.h"

/* Reads `text` as a results file called "r.csv"; returns the reader's code. */
static int read_csv(struct results *r, const char *text, char *err, size_t err_size)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    cr_assert_not_null(in);
    int rc = results_read_csv(r, in, "r.csv", err, err_size);
    fclose(in);
    return rc;
}

static int read_pgn(struct results *r, const char *text, char *err, size_t err_size)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    cr_assert_not_null(in);
    int rc = results_read_pgn(r, in, "r.pgn", err, err_size);
    fclose(in);
    return rc;
}

Test(results, reads_fields_comments_and_optional_columns)
{
    struct results r;
    char err[256];
    results_init(&r);
    cr_assert_eq(read_csv(&r, "\xEF\xBB\xBF# made by hand\n\n"
                              "first,second,score,pair,settlement\r\n"
                              "  Alpha , Beta ,1,,120\r\n"
                              "# between parties\n"
                              "Beta,Alpha,0.5\n"
                              "Alpha,Gamma,0,,\n", err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.n_parties, 3);
    cr_assert_eq(r.n_bots, 3);
    cr_assert_str_eq(r.names[0], "Alpha");
    cr_assert_str_eq(r.names[1], "Beta");
    cr_assert_str_eq(r.names[2], "Gamma");
    cr_assert_eq(r.parties[0].first, 0);
    cr_assert_eq(r.parties[0].second, 1);
    cr_assert_eq(r.parties[0].score, 1.0);
    cr_assert(r.parties[0].has_points);
    cr_assert_eq(r.parties[0].points, 120);
    cr_assert_eq(r.parties[1].score, 0.5);
    cr_assert_not(r.parties[1].has_points);
    cr_assert_eq(r.parties[2].score, 0.0);
    cr_assert_not(r.parties[2].has_points);
    results_release(&r);
}

Test(results, quoted_fields_keep_commas_quotes_and_spaces)
{
    struct results r;
    char err[256];
    results_init(&r);
    cr_assert_eq(read_csv(&r, "first,second,score,pair,settlement\n"
                              "\"Bot \"\"X\"\", v2\",\" padded \",1\n"
                              "\"#not a comment\",\"\",0\n", err, sizeof err), -1);
    cr_assert_str_eq(err, "r.csv:3: empty player name");
    cr_assert_eq(r.n_parties, 0);
    cr_assert_eq(read_csv(&r, "first,second,score,pair,settlement\n"
                              "\"Bot \"\"X\"\", v2\",\" padded \",1\n"
                              "\"#not a comment\", x ,0\n", err, sizeof err), 0, "%s", err);
    cr_assert_str_eq(r.names[0], "Bot \"X\", v2");
    cr_assert_str_eq(r.names[1], " padded ");
    cr_assert_str_eq(r.names[2], "#not a comment");
    cr_assert_str_eq(r.names[3], "x");
    results_release(&r);
}

Test(results, a_pair_id_joins_two_parties_in_one_cluster)
{
    struct results r;
    char err[256];
    results_init(&r);
    cr_assert_eq(read_csv(&r, "first,second,score,pair,settlement\n"
                              "A,B,1,7,100\nA,C,1,,\nB,A,1,7,100\nC,A,0,8,\n",
                              err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.n_parties, 4);
    cr_assert_eq(r.parties[0].cluster, r.parties[2].cluster);
    cr_assert_neq(r.parties[0].cluster, r.parties[1].cluster);
    cr_assert_neq(r.parties[1].cluster, r.parties[3].cluster);
    cr_assert_neq(r.parties[0].cluster, r.parties[3].cluster);
    cr_assert_eq(r.n_clusters, 3);
    results_release(&r);
}

Test(results, pair_ids_are_local_to_their_file)
{
    struct results r;
    char err[256];
    static const char text[] = "first,second,score,pair,settlement\nA,B,1,p\nB,A,1,p\n";
    results_init(&r);
    cr_assert_eq(read_csv(&r, text, err, sizeof err), 0, "%s", err);
    cr_assert_eq(read_csv(&r, text, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.n_bots, 2);
    cr_assert_eq(r.n_parties, 4);
    cr_assert_eq(r.parties[2].cluster, r.parties[3].cluster);
    cr_assert_neq(r.parties[0].cluster, r.parties[2].cluster);
    results_release(&r);
}

Test(results, pgn_games_merge_by_name_with_clusters_of_their_own)
{
    struct results r;
    char err[256];
    results_init(&r);
    cr_assert_eq(read_csv(&r, "first,second,score,pair,settlement\nB,A,1,p\nA,B,0,p\n",
                          err, sizeof err), 0, "%s", err);
    cr_assert_eq(read_pgn(&r, "[White \"A\"]\n[Black \"C\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n"
                              "[White \"B\"]\n[Black \"A\"]\n[Result \"0-1\"]\n\n0-1\n",
                          err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.n_bots, 3);
    cr_assert_eq(r.n_parties, 4);
    cr_assert_eq(r.parties[2].first, 1);   /* A, numbered by the CSV */
    cr_assert_eq(r.parties[2].second, 2);
    cr_assert_eq(r.parties[3].first, 0);
    cr_assert_eq(r.parties[3].score, 0.0);
    cr_assert_eq(r.n_clusters, 3);
    cr_assert_neq(r.parties[2].cluster, r.parties[3].cluster);
    cr_assert_neq(r.parties[0].cluster, r.parties[2].cluster);
    results_release(&r);
}

Test(results, a_bad_line_appends_nothing)
{
    struct results r;
    char err[256];
    results_init(&r);
    cr_assert_eq(read_csv(&r, "first,second,score,pair,settlement\nA,B,1\n", err, sizeof err), 0);
    cr_assert_eq(read_csv(&r, "first,second,score,pair,settlement\nC,D,1,q\nD,C,0,q\nC,D,3\n",
                          err, sizeof err), -1);
    cr_assert_str_eq(err, "r.csv:4: unknown score '3' (want 1, 0.5 or 0)");
    cr_assert_eq(r.n_parties, 1);
    cr_assert_eq(r.n_bots, 2);
    cr_assert_eq(r.n_clusters, 1);
    results_release(&r);
}

Test(results, messages_never_carry_control_characters)
{
    struct results r;
    char err[256];
    results_init(&r);
    cr_assert_eq(read_csv(&r, "first,second,score,pair,settlement\nA,B,\x1B[2J\n",
                          err, sizeof err), -1);
    cr_assert_str_eq(err, "r.csv:2: unknown score '?[2J' (want 1, 0.5 or 0)");
    results_release(&r);
}

Test(results, scores_and_settlements_are_checked)
{
    static const struct { const char *row, *err; } bad[] = {
        { "A,B,1.5", "r.csv:2: unknown score '1.5' (want 1, 0.5 or 0)" },
        { "A,B,", "r.csv:2: unknown score '' (want 1, 0.5 or 0)" },
        { "A,B,nan", "r.csv:2: unknown score 'nan' (want 1, 0.5 or 0)" },
        { "A,B,0,,7", "r.csv:2: settlement 7 contradicts score 0" },
        { "A,B,1,,1.5", "r.csv:2: settlement '1.5' is not an integer" },
        { "A,B,1,,99999999999", "r.csv:2: settlement '99999999999' is not an integer" },
        { "A,\"B\"x,1", "r.csv:2: text after a closing quote" },
        { "A,B\"x\",1", "r.csv:2: quote inside an unquoted field" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct results r;
        char err[256], text[128];
        results_init(&r);
        snprintf(text, sizeof text, "first,second,score,pair,settlement\n%s\n", bad[i].row);
        cr_assert_eq(read_csv(&r, text, err, sizeof err), -1, "%s", bad[i].row);
        cr_assert_str_eq(err, bad[i].err);
        results_release(&r);
    }
}

Test(results, the_file_name_chooses_the_reader)
{
    char file[PATH_MAX], err[256];
    struct results r;
    snprintf(file, sizeof file, "%s", support_scratch_path("GAMES.PGN"));
    FILE *f = fopen(file, "w");
    cr_assert_not_null(f);
    fputs("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1-0\n", f);
    fclose(f);
    results_init(&r);
    cr_assert_eq(results_read(&r, file, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.n_parties, 1);
    remove(file);
    cr_assert_eq(results_read(&r, file, err, sizeof err), -1);
    cr_assert_not_null(strstr(err, "No such file"), "%s", err);
    snprintf(file, sizeof file, "%s", support_scratch_path("results.txt"));
    f = fopen(file, "w");
    cr_assert_not_null(f);
    fputs("first,second,score,pair,settlement\nB,A,1\n", f);
    fclose(f);
    cr_assert_eq(results_read(&r, file, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.n_parties, 2);
    remove(file);
    results_release(&r);
}

Test(results, a_missing_file_is_an_error_naming_it)
{
    struct results r;
    char err[256] = "";
    results_init(&r);
    cr_assert_eq(results_read(&r, "/nonexistent/x.pgn", err, sizeof err), -1);
    cr_assert_str_eq(err, "cannot open '/nonexistent/x.pgn': No such file or directory");
    cr_assert_eq(r.n_parties, 0);
    results_release(&r);
}

/* Reads the records as the lines of a journal called "j.jsonl". */
static int read_journal(struct results *r, cJSON *const *records, int n, char *err, size_t err_size)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    cr_assert_not_null(out);
    for (int i = 0; i < n; i++) {
        char *line = cJSON_PrintUnformatted(records[i]);
        fprintf(out, "%s\n", line);
        free(line);
    }
    fclose(out);
    FILE *in = fmemopen(text, len, "r");
    cr_assert_not_null(in);
    int rc = results_read_journal(r, in, "j.jsonl", err, err_size);
    fclose(in);
    free(text);
    return rc;
}

Test(results, a_journals_parties_are_rated_as_their_records_say)
{
    struct results r;
    char err[256];
    cJSON *recs[2] = { support_partie_record(21, 0, -1), support_partie_record(21, 1, -1) };
    cJSON_ReplaceItemInObject(recs[1], "id", cJSON_CreateNumber(8));
    results_init(&r);
    cr_assert_eq(read_journal(&r, recs, 2, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.n_parties, 2);
    cr_assert_eq(r.parties[0].cluster, r.parties[1].cluster, "one seed, the seats swapped: a duplicate pair");
    for (int i = 0; i < 2; i++) {
        const char *winner = cJSON_GetStringValue(cJSON_GetObjectItem(recs[i], "winner"));
        int settlement = cJSON_GetObjectItem(recs[i], "settlement")->valueint;
        const char *first = r.names[r.parties[i].first];
        cr_assert_str_eq(first, i ? "beta" : "alpha", "the first dealer rates first");
        double score = !winner ? 0.5 : (winner[0] - 'A') == i ? 1 : 0;
        cr_assert_eq(r.parties[i].score, score);
        cr_assert_eq(r.parties[i].points, score == 1 ? settlement : score == 0 ? -settlement : 0);
        cJSON_Delete(recs[i]);
    }
    results_release(&r);
}

/* A forged or damaged journal line used to be taken as far as it could:
 * a winner who is neither player counted as a loss, and a settlement no
 * partie has was cast to an int (undefined past INT_MAX). */
Test(results, a_journal_partie_no_arena_could_write_is_refused_naming_the_field)
{
    static const char *const cases[][2] = {
        { "winner", "\"C\"" }, { "settlement", "1e300" }, { "settlement", "-40" }, { "players", "{\"A\":\"x\"}" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct results r;
        char err[256] = "";
        cJSON *rec = support_partie_record(23, 0, -1);
        cJSON_ReplaceItemInObject(rec, cases[i][0], cJSON_Parse(cases[i][1]));
        results_init(&r);
        cr_expect_eq(read_journal(&r, &rec, 1, err, sizeof err), -1, "%s = %s was rated", cases[i][0], cases[i][1]);
        cr_expect(strstr(err, "j.jsonl:1: ") && strstr(err, cases[i][0]), "%s = %s: '%s'", cases[i][0], cases[i][1],
                  err);
        cr_expect_eq(r.n_parties, 0);
        results_release(&r);
        cJSON_Delete(rec);
    }
}

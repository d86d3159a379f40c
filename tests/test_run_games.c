/* test_run_games.c - the games other than Piquet through the whole arena,
 * with real bot processes over protocol 2: tournaments at tables of N
 * seats in duplicate sets, their journals replayed and rated, resumed,
 * and a bot never seated at a game it did not name.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "records/journal.h"
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

/* "--bot rK='bot-random --seed K --game G'" for K = 1..n. */
static void random_bots(char *out, size_t cap, int n, const char *game)
{
    size_t len = 0;
    out[0] = '\0';
    for (int k = 1; k <= n; k++)
        len += (size_t)snprintf(out + len, cap - len, " --bot 'r%d=%s/bot-random --seed %d --game %s'", k, support_bin_dir(),
                                k, game);
}

struct count {
    int matches, forfeits, sets[64];
    char game[32];
};

static int count_matches(const struct journal_entry *e, void *ctx, char *err, size_t cap)
{
    struct count *c = ctx;
    (void)err;
    (void)cap;
    if (e->type != JOURNAL_MATCH) return 0;
    c->matches++;
    c->forfeits += !cJSON_IsNull(cJSON_GetObjectItem(e->record, "forfeit"));
    snprintf(c->game, sizeof c->game, "%s", cJSON_GetStringValue(cJSON_GetObjectItem(e->record, "game")));
    int set = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(e->record, "set"));
    if (set >= 0 && set < 64) c->sets[set]++;
    return 0;
}

static struct count read_journal(const char *path)
{
    struct count c;
    char err[512];
    int torn = 0;
    memset(&c, 0, sizeof c);
    cr_assert_geq(journal_read(path, count_matches, &c, &torn, err, sizeof err), 0, "%s", err);
    return c;
}

Test(run_games, a_belote_round_robin_at_four_plays_rotations_replays_and_rates, .timeout = 120)
{
    static char out[65536], bots[4096], cmd[8192];
    const char *journal = support_scratch_path("b4.jsonl");
    random_bots(bots, sizeof bots, 5, "belote");
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet --game belote --players 4%s --pairs 1 --seed 3 --journal %s "
             "--log-dir %s", support_bin_dir(), bots, journal, support_scratch_path("logs"));
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    /* Five bots in fours: 5 tables, each one duplicate set of 4 rotations. */
    struct count c = read_journal(journal);
    cr_expect_eq(c.matches, 20);
    cr_expect_eq(c.forfeits, 0);
    cr_expect_str_eq(c.game, "belote");
    for (int set = 1; set <= 5; set++) cr_expect_eq(c.sets[set], 4, "set %d", set);
    cr_expect(strstr(out, "seat terms (Elo, sum 0"), "%s", out);
    cr_expect(strstr(out, "95% interval"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", support_bin_dir(), journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "20 matches replayed, 0 failed"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena ratings %s", support_bin_dir(), journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    for (int k = 1; k <= 5; k++) {
        char name[16];
        snprintf(name, sizeof name, " r%d ", k);
        cr_expect(strstr(out, name), "r%d is not rated: %s", k, out);
    }
    /* Head-to-head by duplicate set: every two bots sat together in 3 of
     * the 5 tables, one set each. */
    snprintf(cmd, sizeof cmd, "%s/arena ratings --head-to-head --csv %s", support_bin_dir(), journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "bot,opponent,sets,wins,draws,losses,score"), "%s", out);
    int lines = 0;
    for (char *l = strchr(out, '\n'); l && l[1]; l = strchr(l + 1, '\n')) {
        lines++;
        cr_expect(strstr(l + 1, ",3,") == strchr(strchr(l + 1, ',') + 1, ','), "not 3 sets: %.80s", l + 1);
    }
    cr_expect_eq(lines, 10, "the 10 pairs of 5 bots: %s", out);
    /* PGN: every two seats of every match, a game: 20 matches x 6. */
    snprintf(cmd, sizeof cmd, "%s/arena ratings --pgn %s | grep -c '^\\[Event '", support_bin_dir(), journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect_eq(atoi(out), 120, "%s", out);
}

Test(run_games, a_partnership_tournament_seats_one_program_per_side_and_swaps_sides, .timeout = 120)
{
    static char out[65536], bots[4096], cmd[8192];
    const char *journal = support_scratch_path("bp.jsonl");
    random_bots(bots, sizeof bots, 2, "belote-partnership");
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet --game belote-partnership%s --pairs 2 --journal %s --log-dir %s",
             support_bin_dir(), bots, journal, support_scratch_path("logs"));
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    struct count c = read_journal(journal);
    cr_expect_eq(c.matches, 4, "two sets of two matches, the sides swapped");
    snprintf(cmd, sizeof cmd, "grep -c '\"names\":{\"A\":\"r1\",\"B\":\"r2\",\"C\":\"r1\",\"D\":\"r2\"}' %s", journal);
    cr_expect_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect_eq(atoi(out), 2, "r1 holds side AC in one match of each set: %s", out);
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", support_bin_dir(), journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
}

Test(run_games, a_game_tournament_cut_short_resumes_to_the_same_matches, .timeout = 120)
{
    static char out[65536], bots[4096], cmd[8192];
    const char *whole = support_scratch_path("whole.jsonl"), *part = support_scratch_path("part.jsonl");
    random_bots(bots, sizeof bots, 3, "belote");
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet --game belote --players 3%s --pairs 1 --seed 9 --journal %s "
             "--log-dir %s", support_bin_dir(), bots, whole, support_scratch_path("logs"));
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    /* The header and the first two matches, as a killed run leaves them. */
    snprintf(cmd, sizeof cmd, "head -n 3 %s > %s", whole, part);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena resume --quiet %s", support_bin_dir(), part);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    struct count a = read_journal(whole), b = read_journal(part);
    cr_expect_eq(a.matches, 6, "three players: the six seatings");
    cr_expect_eq(b.matches, a.matches);
    /* Deterministic bots on the same seed: the same points, match by match. */
    snprintf(cmd, sizeof cmd, "cmp <(grep -o '\"id\":[0-9]*\\|\"points\":{[^}]*}' %s | paste - - | sort) "
             "<(grep -o '\"id\":[0-9]*\\|\"points\":{[^}]*}' %s | paste - - | sort)", whole, part);
    char bash[9000];
    snprintf(bash, sizeof bash, "bash -c \"%s\"", cmd);
    cr_expect_eq(system(bash), 0, "the resumed journal's matches differ from the whole run's");
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", support_bin_dir(), part);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
}

Test(run_games, a_bot_is_never_seated_at_a_game_its_hello_does_not_name, .timeout = 60)
{
    static char out[16384], cmd[4096];
    const char *journal = support_scratch_path("wrong.jsonl");
    snprintf(cmd, sizeof cmd, "%s/arena match --game belote --players 2 --journal %s --log-dir %s 'one=%s/bot-random' "
             "'two=%s/bot-random --game belote'", support_bin_dir(), journal, support_scratch_path("logs"), support_bin_dir(), support_bin_dir());
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "forfeit by one: protocol"), "%s", out);
    struct count c = read_journal(journal);
    cr_expect_eq(c.matches, 2);
    cr_expect_eq(c.forfeits, 2);
    snprintf(cmd, sizeof cmd, "grep -c 'a game the bot' %s", journal);
    cr_expect_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", support_bin_dir(), journal);
    cr_expect_eq(support_run(cmd, out, sizeof out), 0, "a forfeit before any deal replays: %s", out);
}

/* An arena started in /tmp itself: the bots keep their private /tmp (the
 * real one bound back read-only over it hid the arena's socket, and every
 * bot crashed at once). */
Test(run_games, an_arena_started_in_tmp_runs_its_bots, .timeout = 60)
{
    static char out[16384], cmd[4096];
    snprintf(cmd, sizeof cmd, "cd /tmp && %s/arena match --log-dir %s 'a=%s/bot-random' 'b=%s/bot-random --seed 4'",
             support_bin_dir(), support_scratch_path("logs"), support_bin_dir(), support_bin_dir());
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect_null(strstr(out, "forfeit"), "%s", out);
    cr_expect(strstr(out, "over 1 pair"), "%s", out);
}

/* A bot that faults past --max-faults is disqualified: its matches left
 * are recorded as its forfeits ("disqualified") without being played, and
 * every record of the journal still replays. */
Test(run_games, a_disqualified_bots_matches_left_are_forfeits_that_replay, .timeout = 120)
{
    static char out[65536], bots[4096], cmd[8192];
    const char *journal = support_scratch_path("dq.jsonl");
    random_bots(bots, sizeof bots, 2, "belote");
    /* A protocol-1 bot at a Belote table: a protocol fault each time. */
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet --game belote --players 2%s --bot 'old=%s/bot-random' --pairs 2 "
             "--max-faults 1 --concurrency 1 --journal %s --log-dir %s", support_bin_dir(), bots, support_bin_dir(), journal,
             support_scratch_path("logs"));
    support_run(cmd, out, sizeof out);
    struct count c = read_journal(journal);
    cr_expect_eq(c.matches, 12, "three pairings, two sets of two: %s", out);
    snprintf(cmd, sizeof cmd, "grep -c '\"fault\":\"disqualified\"' %s", journal);
    cr_expect_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect_gt(atoi(out), 0, "no match recorded as disqualified");
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", support_bin_dir(), journal);
    cr_expect_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "12 matches replayed, 0 failed"), "%s", out);
}

/* Fewer bots than seats: copies fill the table (r1 r2 r1 r2 in rotation),
 * each copy a process of its own; it once crashed the scheduler. */
Test(run_games, copies_of_the_bots_fill_a_table_with_more_seats_than_bots, .timeout = 120)
{
    static char out[65536], bots[4096], cmd[8192];
    const char *journal = support_scratch_path("copies.jsonl");
    random_bots(bots, sizeof bots, 2, "belote");
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet --game belote --players 4%s --pairs 2 --journal %s --log-dir %s",
             support_bin_dir(), bots, journal, support_scratch_path("logs"));
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    struct count c = read_journal(journal);
    cr_expect_eq(c.matches, 8, "one table, two sets of four rotations");
    cr_expect_eq(c.forfeits, 0);
    snprintf(cmd, sizeof cmd, "grep -c '\"names\":{\"A\":\"r1\",\"B\":\"r2\",\"C\":\"r1\",\"D\":\"r2\"}' %s", journal);
    cr_expect_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
}

/* arena sprt in a game of two entrants: each pair is the two seatings of
 * one pack (the sides swapped), scored by the test's team; a table of
 * independent seats is refused until --fill exists. */
Test(run_games, sprt_tests_two_versions_at_belote_and_refuses_a_table_it_cannot_fill, .timeout = 120)
{
    static char out[65536], cmd[8192];
    const char *journal = support_scratch_path("sprt.jsonl");
    snprintf(cmd, sizeof cmd, "%s/arena sprt --quiet --game belote-partnership --test 'g=%s/bot-greedy --game "
             "belote-partnership' --base 'r=%s/bot-random --game belote-partnership' --max-pairs 60 --journal %s "
             "--log-dir %s", support_bin_dir(), support_bin_dir(), support_bin_dir(), journal, support_scratch_path("logs"));
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "H1 expected: %s", out);
    cr_expect(strstr(out, "H1 accepted"), "%s", out);
    struct count c = read_journal(journal);
    /* Every pair counted is in it (a match in flight when the test
     * decided may be too). */
    cr_expect_geq(c.matches, 2, "%d matches", c.matches);
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", support_bin_dir(), journal);
    cr_expect_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena sprt --game belote --players 3 --test 'g=%s/bot-greedy --game belote' "
             "--base 'r=%s/bot-random --game belote'", support_bin_dir(), support_bin_dir(), support_bin_dir());
    cr_expect_eq(support_run(cmd, out, sizeof out), 2, "%s", out);
    cr_expect(strstr(out, "seats 3 bots: the test, the base and 1 --fill (given: 0)"), "%s", out);
}

/* At a table of independent seats the test and the base sit with --fill
 * bots, each set the table's seatings of one pack (the six orders at
 * three), and the test is on the sets' margin of the test over the base.
 * Matches of three deals (one each dealer) and H1 at a margin of one
 * standard deviation (greedy's is about two over random) keep it short. */
Test(run_games, sprt_seats_fill_bots_at_a_table_of_three_and_tests_the_sets_margin, .timeout = 120)
{
    static char out[65536], cmd[8192];
    const char *journal = support_scratch_path("fill.jsonl");
    snprintf(cmd, sizeof cmd, "%s/arena sprt --game belote --players 3 --rule deals=3 --t1 1 --test 'g=%s/bot-greedy --game belote' "
             "--base 'r=%s/bot-random --game belote' --fill 'f=%s/bot-random --seed 7 --game belote' --max-pairs 60 "
             "--journal %s --log-dir %s", support_bin_dir(), support_bin_dir(), support_bin_dir(), support_bin_dir(), journal,
             support_scratch_path("logs"));
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "H1 expected: %s", out);
    cr_expect(strstr(out, "H1 accepted"), "%s", out);
    cr_expect(strstr(out, "of 6 matches") && strstr(out, "points per match over the base"), "%s", out);
    struct count c = read_journal(journal);
    cr_expect_geq(c.matches, 6, "%d matches", c.matches);
    snprintf(cmd, sizeof cmd, "grep -c '\"f\"' %s", journal);
    cr_expect_eq(support_run(cmd, out, sizeof out), 0, "the fill bot sits at the tables: %s", out);
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", support_bin_dir(), journal);
    cr_expect_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    /* Elo bounds need pairs; with t bounds the pentanomial metric tests
     * the sets' scores (docs/statistics.md section 6). */
    snprintf(cmd, sizeof cmd, "%s/arena sprt --game belote --players 3 --elo0 0 --elo1 10 --test 'g=%s/bot-greedy "
             "--game belote' --base 'r=%s/bot-random --game belote' --fill 'f=%s/bot-random --game belote'",
             support_bin_dir(), support_bin_dir(), support_bin_dir(), support_bin_dir());
    cr_expect_eq(support_run(cmd, out, sizeof out), 2, "%s", out);
    cr_expect(strstr(out, "the pentanomial needs pairs"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena sprt --quiet --game belote --players 3 --rule deals=3 --metric pentanomial --t0 0 --t1 0.5 "
             "--test 'g=%s/bot-greedy --game belote' --base 'r=%s/bot-random --game belote' --fill 'f=%s/bot-random "
             "--game belote' --max-pairs 60 --log-dir %s", support_bin_dir(), support_bin_dir(), support_bin_dir(), support_bin_dir(),
             support_scratch_path("logs"));
    cr_expect_eq(support_run(cmd, out, sizeof out), 0, "H1 on the sets' scores: %s", out);
}

/* The status lines' last LLR in `out` ("LLR          +2.723 [...]"). */
static double last_llr(const char *out)
{
    const char *at = NULL;
    for (const char *p = strstr(out, "\nLLR "); p; p = strstr(p + 1, "\nLLR ")) at = p;
    cr_assert_not_null(at, "no LLR line: %s", out);
    return atof(at + 4);
}

/* A stopped test of a game resumes from its journal (the header keeps
 * --game, --players and every --fill) and ends where the same test run in
 * one go ends; --from reads the journal's sets offline to the same LLR. */
Test(run_games, sprt_of_a_game_resumes_from_its_journal_and_reads_it_back_with_from, .timeout = 180)
{
    static char out[65536], whole[65536], cmd[8192];
    const char *journal = support_scratch_path("resume.jsonl"), *once = support_scratch_path("once.jsonl");
    const char *logs = support_scratch_path("logs");
    const char *forms[2] = { "--players 2 --rule deals=2", "--players 3 --rule deals=3" };   /* one deal each dealer */
    for (int k = 0; k < 2; k++) {
        char fill[512] = "";
        if (k) snprintf(fill, sizeof fill, "--fill 'f=%s/bot-random --seed 7 --game belote'", support_bin_dir());
        unlink(journal);
        unlink(once);
        snprintf(cmd, sizeof cmd, "%s/arena sprt --quiet --concurrency 1 --game belote %s --t1 0.2 --test 'g=%s/bot-greedy "
                 "--game belote' --base 'r=%s/bot-random --game belote' %s --max-pairs 2 --journal %s --log-dir %s 2>&1",
                 support_bin_dir(), forms[k], support_bin_dir(), support_bin_dir(), fill, journal, logs);
        cr_assert_eq(support_run(cmd, out, sizeof out), 4, "%s", out);
        snprintf(cmd, sizeof cmd, "%s/arena sprt --resume %s --max-pairs 6 --concurrency 1 --log-dir %s 2>&1", support_bin_dir(),
                 journal, logs);
        cr_assert_eq(support_run(cmd, out, sizeof out), 4, "%s", out);
        cr_assert(strstr(out, "resumed: 2 pairs"), "%s", out);
        snprintf(cmd, sizeof cmd, "%s/arena sprt --concurrency 1 --game belote %s --t1 0.2 --test 'g=%s/bot-greedy "
                 "--game belote' --base 'r=%s/bot-random --game belote' %s --max-pairs 6 --journal %s --log-dir %s 2>&1",
                 support_bin_dir(), forms[k], support_bin_dir(), support_bin_dir(), fill, once, logs);
        cr_assert_eq(support_run(cmd, whole, sizeof whole), 4, "%s", whole);
        cr_assert_float_eq(last_llr(out), last_llr(whole), 1e-9, "resumed %s, whole %s", out, whole);
        snprintf(cmd, sizeof cmd, "%s/arena sprt --from %s --game belote %s --t1 0.2 --test g --base r 2>&1", support_bin_dir(),
                 journal, forms[k]);
        cr_assert_eq(support_run(cmd, out, sizeof out), 4, "%s", out);
        cr_assert_float_eq(last_llr(out), last_llr(whole), 1e-9, "from %s, whole %s", out, whole);
        snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", support_bin_dir(), journal);
        cr_expect_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    }
    /* The journal's game is the test's: --from without --game says so. */
    snprintf(cmd, sizeof cmd, "%s/arena sprt --from %s --test g --base r 2>&1", support_bin_dir(), journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "holds matches of belote-3: give --game"), "%s", out);
}

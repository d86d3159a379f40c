/* test_coinche_bots.c - the Coinche players as real processes through the
 * arena (arena match --game coinche, one program per side): the example
 * bots in C and in Python play without a fault and their records replay,
 * and bot-greedy beats bot-random. Packs and bots are seeded, so the
 * totals are the same at every run.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

/* `arena match --game coinche` of bots a and b over `pairs` duplicate
 * pairs, journaled; fails on a forfeit or a record that does not replay. */
static void coinche_match(const char *a, const char *b, int pairs, char *out, size_t cap)
{
    char cmd[4096], check[4096];
    const char *journal = support_scratch_path("coinche.jsonl");
    snprintf(cmd, sizeof cmd, "rm -f %s; %s/arena match --game coinche --seed 11 --pairs %d --quiet --journal %s "
             "--log-dir '%s' '%s' '%s'", journal, support_bin_dir(), pairs, journal, support_scratch_path("logs"), a, b);
    cr_assert_eq(support_run(cmd, out, cap), 0, "%s\n%s", cmd, out);
    cr_assert_null(strstr(out, "forfeit"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", support_bin_dir(), journal);
    cr_assert_eq(support_run(cmd, check, sizeof check), 0, "%s", check);
    cr_assert(strstr(check, " replayed, 0 failed"), "%s", check);
}

static long total_of(const char *out, const char *name)
{
    char key[64];
    snprintf(key, sizeof key, "%s: ", name);
    const char *at = strstr(out, key);
    cr_assert_not_null(at, "no total for %s in %s", name, out);
    return strtol(at + strlen(key), NULL, 10);
}

Test(coinche_bots, the_c_example_plays_through_the_arena_and_beats_random, .timeout = 60)
{
    char a[512], b[512], out[16384];
    snprintf(a, sizeof a, "example=%s/bot-example-coinche", support_bin_dir());
    snprintf(b, sizeof b, "random=%s/bot-random --seed 1 --game coinche", support_bin_dir());
    coinche_match(a, b, 2, out, sizeof out);
    cr_expect_gt(total_of(out, "example"), 0, "%s", out);
}

Test(coinche_bots, the_python_example_plays_through_the_arena_and_beats_random, .timeout = 90)
{
    char b[512], out[16384];
    snprintf(b, sizeof b, "random=%s/bot-random --seed 1 --game coinche", support_bin_dir());
    coinche_match("py=bots/python/run-bot bots/python/examples/coinche_bot.py", b, 2, out, sizeof out);
    cr_expect_gt(total_of(out, "py"), 0, "%s", out);
}

Test(coinche_bots, greedy_beats_random_over_three_duplicate_sets, .timeout = 90)
{
    char a[512], b[512], out[16384];
    snprintf(a, sizeof a, "greedy=%s/bot-greedy --game coinche", support_bin_dir());
    snprintf(b, sizeof b, "random=%s/bot-random --seed 1 --game coinche", support_bin_dir());
    coinche_match(a, b, 3, out, sizeof out);
    cr_expect_gt(total_of(out, "greedy"), 0, "%s", out);
    cr_expect(strstr(out, "greedy: +") && strstr(out, "(6 won)"), "greedy wins every match: %s", out);
}

Test(coinche_bots, greedy_beats_the_c_example, .timeout = 90)
{
    char a[512], b[512], out[16384];
    snprintf(a, sizeof a, "greedy=%s/bot-greedy --game coinche", support_bin_dir());
    snprintf(b, sizeof b, "example=%s/bot-example-coinche", support_bin_dir());
    coinche_match(a, b, 3, out, sizeof out);
    cr_expect_gt(total_of(out, "greedy"), 0, "%s", out);
}

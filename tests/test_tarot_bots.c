/* test_tarot_bots.c - the Tarot players as real processes through the
 * arena (arena match --game tarot): the C and Python example bots play at
 * 3, 4 and 5 players without a fault and every match they play replays;
 * bot-greedy beats bot-random at every player count. Packs and bots are
 * seeded, so the totals are the same at every run.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

/* `arena match --game tarot --players N` with `bots` (each 'name=command')
 * and random bots in the other seats, journaled; checks that nothing
 * faulted and that the journal replays. Output into out. */
static void tarot_match(int players, const char *bots, int given, int pairs, char *out, size_t cap)
{
    static char cmd[8192], check[16384];
    const char *journal = support_scratch_path("tarot.jsonl");
    remove(journal);
    int at = snprintf(cmd, sizeof cmd, "%s/arena match --game tarot --players %d --pairs %d --seed 11 --quiet "
                      "--log-dir %s --journal %s %s", support_bin_dir(), players, pairs, support_scratch_path("logs"),
                      journal, bots);
    for (int s = given; s < players; s++)
        at += snprintf(cmd + at, sizeof cmd - (size_t)at, " 'random%d=%s/bot-random --seed %d --game tarot'", s,
                       support_bin_dir(), s);
    cr_assert_eq(support_run(cmd, out, cap), 0, "%s\n%s", cmd, out);
    cr_assert_null(strstr(out, "forfeit"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", support_bin_dir(), journal);
    cr_assert_eq(support_run(cmd, check, sizeof check), 0, "%s", check);
    cr_assert(strstr(check, " 0 failed"), "%s", check);
    snprintf(cmd, sizeof cmd, "grep -c '\"forfeit\":{' %s", journal);
    support_run(cmd, check, sizeof check);
    cr_assert_eq(atoi(check), 0, "a forfeit in the journal");
}

Test(tarot_bots, the_c_and_python_examples_play_at_three_four_and_five, .timeout = 120)
{
    static char out[16384], bots[2048];
    snprintf(bots, sizeof bots, "'ex=%s/bot-example-tarot' 'py=bots/python/run-bot bots/python/examples/tarot_bot.py'",
             support_bin_dir());
    for (int n = 3; n <= 5; n++) {
        tarot_match(n, bots, 2, 1, out, sizeof out);
        cr_expect(strstr(out, "ex: ") && strstr(out, "py: "), "%s", out);
    }
}

Test(tarot_bots, the_examples_are_under_40_lines)
{
    char out[256];
    cr_assert_eq(support_run("cat bots/bot_example_tarot.c | wc -l", out, sizeof out), 0);
    cr_expect_lt(atoi(out), 40, "the C example: %s lines", out);
    cr_assert_eq(support_run("cat bots/python/examples/tarot_bot.py | wc -l", out, sizeof out), 0);
    cr_expect_lt(atoi(out), 40, "the Python example: %s lines", out);
}

/* The total of `name` in the final line "name: +N (W won); ...". */
static long total_of(const char *out, const char *name)
{
    char key[64];
    snprintf(key, sizeof key, "%s: ", name);
    const char *at = strstr(out, key);
    cr_assert_not_null(at, "no total for %s in %s", name, out);
    return strtol(at + strlen(key), NULL, 10);
}

/* Greedy at one seat, random at the others, 2 duplicate sets: greedy's
 * total is above every random's. */
static void greedy_beats_random(int players)
{
    static char out[16384], bots[1024], name[32];
    snprintf(bots, sizeof bots, "'greedy=%s/bot-greedy --game tarot'", support_bin_dir());
    tarot_match(players, bots, 1, 2, out, sizeof out);
    long greedy = total_of(out, "greedy");
    for (int s = 1; s < players; s++) {
        snprintf(name, sizeof name, "random%d", s);
        cr_expect_gt(greedy, total_of(out, name), "%d players: %s", players, out);
    }
}

Test(tarot_bots, greedy_beats_random_at_three, .timeout = 120)
{
    greedy_beats_random(3);
}

Test(tarot_bots, greedy_beats_random_at_four, .timeout = 120)
{
    greedy_beats_random(4);
}

Test(tarot_bots, greedy_beats_random_at_five, .timeout = 120)
{
    greedy_beats_random(5);
}

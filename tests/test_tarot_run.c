/* test_tarot_run.c - Tarot through the whole arena with real bot processes
 * over protocol 2: round robins at 3, 4 and 5 players, every record they
 * journal replayed by `arena replay --check`, ratings with intervals, and
 * a match whose fifth pack is a petit sec (a deal without action). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

static void random_bots(char *out, size_t cap, int n)
{
    size_t len = 0;
    out[0] = '\0';
    for (int k = 1; k <= n; k++)
        len += (size_t)snprintf(out + len, cap - len, " --bot 'r%d=%s/bot-random --seed %d --game tarot'", k, support_bin_dir(), k);
}

/* Runs a round robin of `bots` random bots at `players`, then checks its
 * journal by replay and ratings. */
static void round_robin(int players, int bots, int seed, const char *name, int matches)
{
    static char out[65536], list[4096], cmd[8192];
    const char *journal = support_scratch_path(name);
    random_bots(list, sizeof list, bots);
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet --game tarot --players %d%s --pairs 1 --seed %d --journal %s "
             "--log-dir %s", support_bin_dir(), players, list, seed, journal, support_scratch_path("logs"));
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "95% interval"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", support_bin_dir(), journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    char want[64];
    snprintf(want, sizeof want, "%d matches replayed, 0 failed", matches);
    cr_expect(strstr(out, want), "%s", out);
    snprintf(cmd, sizeof cmd, "grep -c '\"forfeit\":null' %s", journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect_eq(atoi(out), matches, "no forfeit: %s", out);
    snprintf(cmd, sizeof cmd, "%s/arena ratings %s", support_bin_dir(), journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    for (int k = 1; k <= bots; k++) {
        char bot[8];
        snprintf(bot, sizeof bot, " r%d ", k);
        cr_expect(strstr(out, bot), "r%d is not rated: %s", k, out);
    }
}

Test(tarot_run, three_players_six_seatings_per_set, .timeout = 120)
{
    /* 4 bots in threes: 4 tables, each a duplicate set of 6 seatings */
    round_robin(3, 4, 5, "t3.jsonl", 24);
}

Test(tarot_run, four_players_four_rotations, .timeout = 120)
{
    round_robin(4, 5, 7, "t4.jsonl", 20);
}

Test(tarot_run, five_players_one_table_of_five_rotations, .timeout = 120)
{
    round_robin(5, 5, 9, "t5.jsonl", 5);
}

/* Master seed 103: the fifth pack of the one 4-player set is a petit sec
 * (found by dealing the packs in advance). */
Test(tarot_run, a_petit_sec_deal_is_journaled_without_action_and_replays, .timeout = 120)
{
    static char out[65536], list[4096], cmd[8192];
    const char *journal = support_scratch_path("ps.jsonl");
    random_bots(list, sizeof list, 4);
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet --game tarot --players 4%s --pairs 1 --seed 103 --journal %s "
             "--log-dir %s", support_bin_dir(), list, journal, support_scratch_path("logs"));
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    snprintf(cmd, sizeof cmd, "grep -o '\"actions\":\\[\\]' %s | wc -l", journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect_eq(atoi(out), 4, "one void deal in each of the 4 matches: %s", out);
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", support_bin_dir(), journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "4 matches replayed, 0 failed"), "%s", out);
}

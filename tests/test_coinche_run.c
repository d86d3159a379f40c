/* test_coinche_run.c - Coinche through the whole arena with real bot
 * processes over protocol 2: a round robin of partnership programs (one
 * program per side, the sides swapped in each duplicate set), every
 * record replayed with `arena replay --check`, and the ratings printed
 * with intervals. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

Test(coinche_run, a_round_robin_of_random_bots_replays_and_rates, .timeout = 120)
{
    static char out[65536], cmd[8192];
    const char *journal = support_scratch_path("c.jsonl"), *b = support_bin_dir();
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet --game coinche --players 4 --bot 'r1=%s/bot-random --seed 1 --game "
             "coinche' --bot 'r2=%s/bot-random --seed 2 --game coinche' --bot 'r3=%s/bot-random --seed 3 --game "
             "coinche' --pairs 1 --seed 5 --journal %s --log-dir %s", b, b, b, b, journal, support_scratch_path("logs"));
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "95% interval"), "%s", out);
    cr_expect_null(strstr(out, "forfeit"), "%s", out);
    /* three pairings, one duplicate set of two matches each */
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", b, journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "6 matches replayed, 0 failed"), "%s", out);
    snprintf(cmd, sizeof cmd, "grep -c '\"game\":\"coinche\"' %s", journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect_geq(atoi(out), 6, "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena ratings %s", b, journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    for (int k = 1; k <= 3; k++) {
        char name[16];
        snprintf(name, sizeof name, " r%d ", k);
        cr_expect(strstr(out, name), "r%d is not rated: %s", k, out);
    }
}

/* test_cmd_sprt.c - `arena sprt` with real bots: a clearly stronger test
 * version is accepted (H1), two equal versions stay inconclusive within a
 * few pairs, and the same verdict comes offline from a recorded journal.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tests/support_scratch.h"

static const char *bin_dir(void)
{
    const char *dir = getenv("BIN");
    return dir ? dir : "build/bin";
}

static int run(const char *cmd, char *out, size_t cap)
{
    FILE *p = popen(cmd, "r");
    cr_assert(p, "cannot run %s", cmd);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

Test(cmd_sprt, greedy_against_random_is_accepted_as_better_and_replays_offline)
{
    char cmd[4096], out[1 << 16];
    const char *journal = support_scratch_path("sprt.jsonl");
    snprintf(cmd, sizeof cmd,
             "%s/arena sprt --base random=%s/bot-random --test greedy=%s/bot-greedy --elo1 50 --record %s "
             "--log-dir %s 2>&1",
             bin_dir(), bin_dir(), bin_dir(), journal, support_scratch_path("logs"));
    cr_assert_eq(run(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "H1 accepted"), "%s", out);
    cr_assert(strstr(out, "pairs 1 "), "a live line after every pair: %s", out);
    snprintf(cmd, sizeof cmd, "%s/arena sprt --journal %s --base random --test greedy --elo1 50 2>&1", bin_dir(), journal);
    cr_assert_eq(run(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "H1 accepted"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena ratings %s 2>&1", bin_dir(), journal);
    cr_assert_eq(run(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "duplicate pairs:"), "%s", out);
}

Test(cmd_sprt, two_copies_of_one_bot_stay_inconclusive_over_a_few_pairs)
{
    char cmd[4096], out[1 << 16];
    snprintf(cmd, sizeof cmd,
             "%s/arena sprt --quiet --base a=%s/bot-greedy --test b=%s/bot-greedy --elo0 0 --elo1 20 --max-pairs 4 "
             "--log-dir %s 2>&1",
             bin_dir(), bin_dir(), bin_dir(), support_scratch_path("logs"));
    cr_assert_eq(run(cmd, out, sizeof out), 4, "%s", out);
    cr_assert(strstr(out, "inconclusive"), "%s", out);
}

Test(cmd_sprt, bad_usage_is_refused_with_the_reason)
{
    char cmd[1024], out[4096];
    snprintf(cmd, sizeof cmd, "%s/arena sprt --base x 2>&1", bin_dir());
    cr_assert_eq(run(cmd, out, sizeof out), 2);
    cr_assert(strstr(out, "give --base and --test"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena sprt --base x --test y --elo0 10 --elo1 5 2>&1", bin_dir());
    cr_assert_eq(run(cmd, out, sizeof out), 2, "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena sprt --journal /nonexistent.jsonl --base x --test y 2>&1", bin_dir());
    cr_assert_eq(run(cmd, out, sizeof out), 2);
    cr_assert(strstr(out, "cannot open"), "%s", out);
}

Test(cmd_sprt, a_bad_bot_name_is_refused_before_anything_runs, .timeout = 60)
{
    const char *dir = support_scratch_dir();
    char cmd[4096], out[8192];
    snprintf(cmd, sizeof cmd, "%s/arena sprt --quiet --max-pairs 1 --record '%s/s.jsonl' --base '../../x=%s/bot-random' "
             "--test r=%s/bot-random 2>&1", bin_dir(), dir, bin_dir(), bin_dir());
    cr_assert_eq(run(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "arena sprt: bot name '../../x' holds '/'"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/s.jsonl", dir);
    cr_assert_neq(access(cmd, F_OK), 0, "parties were played");
}

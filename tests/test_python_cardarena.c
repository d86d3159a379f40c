/* test_python_cardarena.c - the protocol-2 Python SDK (bots/python/cardarena):
 * its unit tests (tests/python/test_cardarena.py) pass under Debian's
 * Python and write nothing into the checkout; the Belote example plays
 * 4-player matches against bot-random through `arena match`, with no
 * fault, out-scores it, and its journal replays; an illegal answer reaches
 * the arena and is recorded; an exception in act() is a crash with its
 * traceback in the bot's log, or plays on when the bot asked for a
 * fallback; the package installs offline into a venv. Real processes, the
 * programs under $BIN, the checkout's top as the working directory.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

#define PYTHON "/usr/bin/python3"

/* `arena match --game belote --players 4` with `first` in seat A of the
 * first match and three bot-random, bot logs and the journal in the
 * scratch directory; its exit status, its output into out. */
static int belote_match(const char *first, int pairs, int seed, const char *extra, char *out, size_t cap)
{
    char command[2048];
    snprintf(command, sizeof command,
             "%s/arena match --game belote --players 4 --pairs %d --seed %d %s --log-dir %s --journal %s '%s' "
             "'r1=%s/bot-random --game belote --seed 1' 'r2=%s/bot-random --game belote --seed 2' "
             "'r3=%s/bot-random --game belote --seed 3'",
             support_bin_dir(), pairs, seed, extra, support_scratch_path("logs"), support_scratch_path("journal.jsonl"), first,
             support_bin_dir(), support_bin_dir(), support_bin_dir());
    return support_run(command, out, cap);
}

/* The whole of the journal, and of every log of the bot named `who`. */
static void read_journal(char *out, size_t cap)
{
    char command[512];
    snprintf(command, sizeof command, "cat '%s'", support_scratch_path("journal.jsonl"));
    cr_assert_eq(support_run(command, out, cap), 0, "%s", out);
}

static void read_logs(const char *who, char *out, size_t cap)
{
    char command[512];
    snprintf(command, sizeof command, "cat $(find '%s' -type f -name '%s-*')", support_scratch_path("logs"), who);
    support_run(command, out, cap);
}

/* A bot's total over the whole match, from the last line of `arena
 * match` ("py: +2520 (3 won); r1: +1980 (0 won); ..."), the only line
 * where a name is followed by a colon. */
static long total_of(const char *output, const char *name)
{
    char key[64];
    snprintf(key, sizeof key, "%s: ", name);
    const char *at = strstr(output, key);
    cr_assert(at, "no total of %s in: %s", name, output);
    return strtol(at + strlen(key), NULL, 10);
}

Test(python_cardarena, the_unit_tests_pass_and_write_nothing_into_the_checkout, .timeout = 60)
{
    static char out[65536], found[4096];
    char command[1024];
    snprintf(command, sizeof command, "touch '%s'", support_scratch_path("before"));
    cr_assert_eq(support_run(command, out, sizeof out), 0, "%s", out);
    int status = support_run("PYTHONPATH=bots/python " PYTHON " -B -m unittest discover -v -s tests/python -p 'test_*.py'",
                     out, sizeof out);
    cr_assert_eq(status, 0, "%s", out);
    cr_assert(strstr(out, "\nOK\n") || !strncmp(out, "OK\n", 3), "%s", out);
    cr_assert(strstr(out, "Ran ") && !strstr(out, "Ran 0 tests"), "%s", out);
    /* The SDK itself writes no file when imported and run (-B keeps
     * Python's own bytecode out, as bots/python/run-bot does). */
    snprintf(command, sizeof command, "find bots/python/cardarena bots/python/examples tests/python -newer '%s'",
             support_scratch_path("before"));
    cr_assert_eq(support_run(command, found, sizeof found), 0, "%s", found);
    cr_assert_str_eq(found, "", "written into the checkout: %s", found);
}

Test(python_cardarena, the_belote_example_plays_4_players_against_bot_random_without_faults_and_replays,
     .timeout = 60)
{
    static char out[16384], journal[1 << 20], check[16384];
    int status = belote_match("py=bots/python/run-bot bots/python/examples/belote_bot.py", 2, 2026, "", out,
                              sizeof out);
    cr_assert_eq(status, 0, "%s", out);
    cr_assert_null(strstr(out, "forfeit"), "%s", out);
    read_journal(journal, sizeof journal);
    cr_assert_null(strstr(journal, "\"forfeit\":{"), "%s", journal);
    /* Two duplicate sets of four rotations: it scores more than each
     * random player over them. */
    long py = total_of(out, "py");
    cr_expect_gt(py, total_of(out, "r1"), "%s", out);
    cr_expect_gt(py, total_of(out, "r2"), "%s", out);
    cr_expect_gt(py, total_of(out, "r3"), "%s", out);
    char command[512];
    snprintf(command, sizeof command, "%s/arena replay --check '%s'", support_bin_dir(), support_scratch_path("journal.jsonl"));
    cr_assert_eq(support_run(command, check, sizeof check), 0, "%s", check);
    cr_assert(strstr(check, ": 8 matches replayed, 0 failed"), "%s", check);
}

Test(python_cardarena, an_illegal_answer_reaches_the_arena_and_is_recorded_as_illegal_action, .timeout = 60)
{
    static char out[16384], journal[1 << 20];
    cr_assert_eq(belote_match("probe=bots/python/run-bot tests/python/cardarena_probe.py illegal", 1, 5, "", out,
                              sizeof out), 0, "%s", out);
    read_journal(journal, sizeof journal);
    /* Match 1 seats the probe as A: its card that it does not hold, sent
     * as it is, is the arena's to refuse. */
    cr_assert(strstr(journal, "\"forfeit\":{\"player\":\"A\",\"fault\":\"illegal_action\""), "%s", journal);
    cr_assert(strstr(journal, "is not in the seat's hand"), "%s", journal);
}

Test(python_cardarena, an_exception_in_act_is_a_crash_with_its_traceback_in_the_log, .timeout = 60)
{
    static char out[16384], journal[1 << 20], log[65536];
    cr_assert_eq(belote_match("probe=bots/python/run-bot tests/python/cardarena_probe.py raise", 1, 5, "", out,
                              sizeof out), 0, "%s", out);
    read_journal(journal, sizeof journal);
    cr_assert(strstr(journal, "\"forfeit\":{\"player\":\"A\",\"fault\":\"crash\""), "%s", journal);
    read_logs("probe", log, sizeof log);
    cr_assert(strstr(log, "Traceback (most recent call last)") && strstr(log, "ValueError: the probe's own bug"),
              "%s", log);
    cr_assert(strstr(log, "ending the process"), "%s", log);
}

Test(python_cardarena, with_fallback_an_exception_plays_the_first_legal_action_and_the_match_goes_on,
     .timeout = 60)
{
    static char out[16384], journal[1 << 20], log[65536];
    cr_assert_eq(belote_match("probe=bots/python/run-bot tests/python/cardarena_probe.py fallback", 1, 5, "", out,
                              sizeof out), 0, "%s", out);
    read_journal(journal, sizeof journal);
    cr_assert_null(strstr(journal, "\"forfeit\":{"), "%s", journal);
    read_logs("probe", log, sizeof log);
    cr_assert(strstr(log, "Traceback (most recent call last)") && strstr(log, "fallback = True"), "%s", log);
}

Test(python_cardarena, the_package_installs_offline_into_a_venv_and_plays_from_there, .timeout = 90)
{
    static char out[65536];
    char command[2048];
    const char *src = support_scratch_path("src"), *venv = support_scratch_path("venv");
    if (support_run(PYTHON " -c 'import ensurepip, venv, setuptools, wheel'", out, sizeof out) != 0)
        cr_skip_test("Debian's python3-venv, python3-setuptools or python3-wheel is missing (tools/deps.sh "
                     "installs them): %s", out);
    /* A copy, so that the in-tree build (build/, *.egg-info) stays out of
     * the checkout; the commands are the ones bots/README.md gives. */
    snprintf(command, sizeof command, "cp -r bots/python '%s' && rm -rf '%s'/build '%s'/*.egg-info", src, src, src);
    cr_assert_eq(support_run(command, out, sizeof out), 0, "%s", out);
    snprintf(command, sizeof command,
             PYTHON " -m venv --system-site-packages '%s' && '%s/bin/pip' install --no-index --no-build-isolation "
                    "--disable-pip-version-check '%s'",
             venv, venv, src);
    cr_assert_eq(support_run(command, out, sizeof out), 0, "%s", out);
    /* From anywhere, without PYTHONPATH: the venv's copy of both SDKs. */
    snprintf(command, sizeof command,
             "cd / && env -u PYTHONPATH '%s/bin/python' -B -c 'import cardarena, piquet_bot; "
             "print(cardarena.__file__); print(piquet_bot.__file__)'",
             venv);
    cr_assert_eq(support_run(command, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "/venv/lib/") && !strstr(out, "/src/"), "%s", out);
    /* The example run by the venv's Python. The sandbox hides /tmp, where
     * this venv lives, so this one runs without it. */
    snprintf(command, sizeof command, "py=env -u PYTHONPATH %s/bin/python -B bots/python/examples/belote_bot.py", venv);
    cr_assert_eq(belote_match(command, 1, 9, "--no-sandbox", out, sizeof out), 0, "%s", out);
    cr_assert_null(strstr(out, "forfeit"), "%s", out);
}

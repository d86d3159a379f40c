/* test_python_sdk.c - the Python SDK (bots/python/piquet_bot.py) never
 * replaces a bot's answer: a legal action in another card order is played
 * as it is, an illegal one reaches the arena and is recorded, and an
 * exception in the bot's code is reported with its traceback and then
 * either ends the process or, when the bot asked for it, plays the first
 * legal action. Real processes (tests/python/sdk_bot.py) over ZeroMQ.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/play/match.h"
#include "tests/support_scratch.h"

static struct match_config config;
static struct referee ref;
static char commands[2][512];

static void play_probe(const char *mode, uint64_t seed)
{
    const char *bin = getenv("BIN") ? getenv("BIN") : "build/bin";
    char err[256];
    match_config_default(&config);
    config.log_dir = support_scratch_path("logs");
    snprintf(commands[0], sizeof commands[0], "/usr/bin/python3 tests/python/sdk_bot.py %s", mode);
    snprintf(commands[1], sizeof commands[1], "%s/bot-random --seed 5", bin);
    config.bots[0].command = commands[0];
    config.bots[1].command = commands[1];
    snprintf(config.bots[0].name, sizeof config.bots[0].name, "P");
    snprintf(config.bots[1].name, sizeof config.bots[1].name, "R");
    cr_assert_eq(match_play(&config, 1, seed, 0, &ref, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ref.state, REFEREE_DONE);
}

/* The whole of the probe's log (every file under the scratch logs). */
static void read_logs(char *out, size_t cap)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "cat $(find '%s' -type f -name 'P*') 2>/dev/null", support_scratch_path("logs"));
    FILE *p = popen(cmd, "r");
    cr_assert(p);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = '\0';
    pclose(p);
}

Test(python_sdk, a_legal_answer_in_another_card_order_is_played_as_it_is, .timeout = 120)
{
    char log[16384];
    play_probe("reversed", 11);
    cr_assert_not(ref.forfeited, "forfeit: %s", ref.forfeit.message);
    cr_assert(ref.partie.over);
    read_logs(log, sizeof log);
    cr_assert_null(strstr(log, "not a legal action"), "%s", log);
    int reordered = 0;
    for (int d = 0; d < ref.n_deals; d++)
        for (int i = 0; i < ref.deals[d].n_history; i++) reordered += ref.deals[d].history[i].kind == PQ_ACT_DISCARD;
    cr_assert_gt(reordered, 0, "the probe discarded");
}

Test(python_sdk, an_illegal_answer_reaches_the_arena_and_is_recorded, .timeout = 120)
{
    play_probe("illegal", 12);
    cr_assert(ref.forfeited);
    cr_assert_eq(ref.forfeit.player, 0);
    cr_assert_eq(ref.forfeit.fault, CODEC_FAULT_ILLEGAL, "%s", ref.forfeit.message);
    cr_assert(strstr(ref.forfeit.message, "ZZ"), "%s", ref.forfeit.message);
}

Test(python_sdk, an_exception_in_act_is_a_crash_with_its_traceback_in_the_log, .timeout = 120)
{
    char log[16384];
    play_probe("raise", 13);
    cr_assert(ref.forfeited);
    cr_assert_eq(ref.forfeit.player, 0);
    cr_assert_eq(ref.forfeit.fault, CODEC_FAULT_CRASH, "%s", ref.forfeit.message);
    read_logs(log, sizeof log);
    cr_assert(strstr(log, "Traceback") && strstr(log, "the probe's own bug"), "%s", log);
}

Test(python_sdk, with_fallback_an_exception_plays_the_first_legal_action_and_says_so, .timeout = 120)
{
    char log[16384];
    play_probe("fallback", 14);
    cr_assert_not(ref.forfeited, "forfeit: %s", ref.forfeit.message);
    cr_assert(ref.partie.over);
    read_logs(log, sizeof log);
    cr_assert(strstr(log, "Traceback") && strstr(log, "fallback = True"), "%s", log);
}

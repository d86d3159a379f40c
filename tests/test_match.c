/* test_match.c - refereed parties between real bot processes over real
 * ZeroMQ sockets: a clean partie whose every deal replays to the same
 * scores, and each kind of fault a bot can commit (bots/bot_faulty.c).
 */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include "arena/play/match.h"
#include "records/record.h"
#include "records/replay.h"
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

static struct match_config config;
static struct referee ref;
static char commands[2][512];

static void setup_bots(const char *a, const char *b)
{
    match_config_default(&config);
    config.log_dir = support_scratch_path("logs");
    snprintf(commands[0], sizeof commands[0], "%s/%s", support_bin_dir(), a);
    snprintf(commands[1], sizeof commands[1], "%s/%s", support_bin_dir(), b);
    config.bots[0].command = commands[0];
    config.bots[1].command = commands[1];
    snprintf(config.bots[0].name, sizeof config.bots[0].name, "A");
    snprintf(config.bots[1].name, sizeof config.bots[1].name, "B");
}

static void play(uint64_t seed, int first_dealer)
{
    char err[256];
    cr_assert_eq(match_play(&config, 1, seed, first_dealer, &ref, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ref.state, REFEREE_DONE);
}

/* Writes a finished deal as a deal record and replays it. */
static void check_replays(const struct pq_deal *d)
{
    cJSON *record = record_deal(d);
    struct replay r;
    cr_assert_eq(replay_json(record, 0, &r), REPLAY_OK, "%s", r.error);
    cr_assert_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(r.result, "elder")), d->score[0]);
    cr_assert_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(r.result, "younger")), d->score[1]);
    cJSON_Delete(r.result);
    cJSON_Delete(record);
}

Test(match, greedy_and_random_play_a_whole_partie_that_replays, .timeout = 60)
{
    setup_bots("bot-greedy", "bot-random --seed 3");
    play(7, 0);
    cr_assert_not(ref.forfeited, "forfeit: %s", ref.forfeit.message);
    cr_assert(ref.n_deals == 6 || ref.n_deals == 8);
    cr_assert(ref.partie.over);
    cr_assert_eq(ref.winner, ref.partie.winner);
    cr_assert_eq(ref.settlement, ref.partie.settlement);
    cr_assert_eq(ref.winner, 0, "greedy should beat random on seed 7");
    for (int i = 0; i < ref.n_deals; i++) check_replays(&ref.deals[i]);
    cr_assert_gt(ref.decisions[0], 50);
    cr_assert_gt(ref.decisions[1], 50);
}

static void expect_fault(int player, int fault, const char *words)
{
    cr_assert(ref.forfeited, "expected a forfeit");
    cr_assert_eq(ref.forfeit.player, player, "forfeit by %d: %s", ref.forfeit.player, ref.forfeit.message);
    cr_assert_eq(ref.forfeit.fault, fault, "fault %s: %s", codec_fault_name(ref.forfeit.fault), ref.forfeit.message);
    cr_assert(strstr(ref.forfeit.message, words), "message: %s", ref.forfeit.message);
    cr_assert_eq(ref.winner, 1 - player);
    cr_assert_eq(ref.settlement, 100 + ref.partie.totals[0] + ref.partie.totals[1], "a rubicon loss");
    cr_assert_eq(ref.faults[player][fault], 1);
}

Test(match, a_crash_forfeits_the_partie, .timeout = 60)
{
    setup_bots("bot-greedy", "bot-faulty --mode crash --after 5");
    play(1, 0);
    expect_fault(1, CODEC_FAULT_CRASH, "exit status 3");
}

Test(match, a_bot_that_stops_answering_times_out, .timeout = 60)
{
    setup_bots("bot-faulty --mode hang --after 2", "bot-greedy");
    config.clock = (struct referee_clock){ 100, 200, 50 };
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    play(1, 1);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    expect_fault(0, CODEC_FAULT_TIMEOUT, "no answer to request");
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    cr_assert_lt(seconds, 20, "the arena waited %.1f s for a hung bot", seconds);
}

Test(match, a_frame_that_is_not_json_is_a_protocol_fault, .timeout = 60)
{
    setup_bots("bot-greedy", "bot-faulty --mode garbage");
    play(2, 0);
    expect_fault(1, CODEC_FAULT_PROTOCOL, "bad_json");
}

Test(match, an_oversized_frame_is_a_protocol_fault, .timeout = 60)
{
    setup_bots("bot-faulty --mode oversize", "bot-greedy");
    play(2, 0);
    expect_fault(0, CODEC_FAULT_PROTOCOL, "over the 65536-byte cap");
}

Test(match, an_illegal_action_forfeits_with_the_reason, .timeout = 60)
{
    setup_bots("bot-greedy", "bot-faulty --mode illegal --after 4");
    play(3, 0);
    expect_fault(1, CODEC_FAULT_ILLEGAL, "illegal action");
}

Test(match, an_answer_to_an_old_request_is_ignored, .timeout = 60)
{
    setup_bots("bot-faulty --mode stale --after 1", "bot-greedy");
    play(4, 0);
    cr_assert_not(ref.forfeited, "forfeit: %s", ref.forfeit.message);
    cr_assert(ref.partie.over);
}

Test(match, time_over_the_move_limit_comes_out_of_the_bank, .timeout = 60)
{
    setup_bots("bot-faulty --mode late --after 3 --sleep-ms 300", "bot-greedy");
    config.clock = (struct referee_clock){ 100, 5000, 100 };
    play(5, 0);
    cr_assert_not(ref.forfeited, "forfeit: %s", ref.forfeit.message);
    cr_assert_lt(ref.bank_left[0], 5000 - 150, "bank left %lld", (long long)ref.bank_left[0]);
    cr_assert_eq(ref.bank_left[1], 5000, "the other bot answered in time");
}

Test(match, a_bot_that_never_says_hello_forfeits, .timeout = 60)
{
    setup_bots("bot-greedy", "bot-faulty --mode silent");
    config.handshake_ms = 500;
    play(6, 0);
    expect_fault(1, CODEC_FAULT_TIMEOUT, "no hello within 500 ms");
    cr_assert_eq(ref.n_deals, 0);
}

Test(match, a_hello_with_a_wrong_token_is_not_accepted, .timeout = 60)
{
    setup_bots("bot-faulty --mode badtoken", "bot-greedy");
    config.handshake_ms = 500;
    play(6, 0);
    expect_fault(0, CODEC_FAULT_TIMEOUT, "no hello");
}

Test(match, a_command_that_does_not_exist_is_a_crash_with_the_log_named, .timeout = 60)
{
    setup_bots("bot-greedy", "no-such-bot-program");
    play(6, 0);
    expect_fault(1, CODEC_FAULT_CRASH, "exit status 127");
    char logs[PATH_MAX];
    snprintf(logs, sizeof logs, "%s/", support_scratch_path("logs"));
    cr_assert(strstr(ref.forfeit.message, logs), "%s", ref.forfeit.message);
}

Test(match, the_python_example_bot_plays_a_correct_partie, .timeout = 120)
{
    setup_bots("bot-random --seed 9", "bot-greedy");
    snprintf(commands[0], sizeof commands[0], "/usr/bin/python3 bots/python/example_bot.py");
    play(8, 1);
    cr_assert_not(ref.forfeited, "forfeit: %s", ref.forfeit.message);
    cr_assert(ref.partie.over);
    for (int i = 0; i < ref.n_deals; i++) check_replays(&ref.deals[i]);
}

Test(match, a_message_of_an_unknown_type_is_a_protocol_fault, .timeout = 60)
{
    setup_bots("bot-greedy", "bot-faulty --mode unknown --after 2");
    play(2, 1);
    expect_fault(1, CODEC_FAULT_PROTOCOL, "unknown_type");
}

Test(match, the_reference_bots_and_the_python_bot_pass_arena_check, .timeout = 120)
{
    char bots[3][512], cmd[2048], out[8192];
    snprintf(bots[0], sizeof bots[0], "%s/bot-greedy", support_bin_dir());
    snprintf(bots[1], sizeof bots[1], "%s/bot-random", support_bin_dir());
    snprintf(bots[2], sizeof bots[2], "/usr/bin/python3 bots/python/example_bot.py");
    for (int i = 0; i < 3; i++) {
        snprintf(cmd, sizeof cmd, "%s/arena check --log-dir %s '%s' 2>&1", support_bin_dir(), support_scratch_path("logs"),
                 bots[i]);
        FILE *p = popen(cmd, "r");
        cr_assert(p);
        size_t n = fread(out, 1, sizeof out - 1, p);
        out[n] = '\0';
        int status = pclose(p);
        cr_assert_eq(WEXITSTATUS(status), 0, "%s\n%s", cmd, out);
        cr_assert(strstr(out, " 0 failed"), "%s", out);
    }
    snprintf(cmd, sizeof cmd, "%s/arena check --log-dir %s '%s/bot-faulty --mode illegal --after 7' > /dev/null 2>&1",
             support_bin_dir(), support_scratch_path("logs"), support_bin_dir());
    cr_assert_eq(WEXITSTATUS(system(cmd)), 1, "a broken bot fails the check");
}


/* Runs a shell command; its stdout and stderr into out, its exit status. */
static int run_program(const char *cmd, char *out, size_t cap)
{
    char full[4096];
    snprintf(full, sizeof full, "%s 2>&1", cmd);
    FILE *p = popen(full, "r");
    cr_assert_not_null(p, "cannot run %s", cmd);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

Test(match, a_bad_or_repeated_bot_name_is_refused_before_anything_runs, .timeout = 60)
{
    const char *dir = support_scratch_dir();
    char cmd[4096], out[8192];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/logs/a/b' && %s/arena match --quiet --log-dir '%s/logs/a/b' "
             "'../../x=%s/bot-random' r=%s/bot-random", dir, support_bin_dir(), dir, support_bin_dir(), support_bin_dir());
    cr_assert_eq(run_program(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "arena match: bot name '../../x' holds '/'"), "%s", out);
    snprintf(cmd, sizeof cmd, "find '%s/logs' -maxdepth 1 -type f", dir);
    run_program(cmd, out, sizeof out);
    cr_assert_str_eq(out, "", "logs written above --log-dir: %s", out);
    snprintf(cmd, sizeof cmd, "%s/arena match --quiet --log-dir '%s/logs' r=%s/bot-random r=%s/bot-greedy", support_bin_dir(),
             dir, support_bin_dir(), support_bin_dir());
    cr_assert_eq(run_program(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "arena match: two bots are called 'r'"), "%s", out);
}

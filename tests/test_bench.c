/* test_bench.c - the benchmarks count what they claim to: every party and
 * decision of the harness, the processes it started, the arena's own time
 * per answer as a part of the whole, and round trips that come back. No
 * speed is asserted (the machines are shared): `make bench` prints them.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/play/bench.h"
#include "arena/play/sandbox.h"
#include "arena/play/runner.h"
#include "tests/support_scratch.h"

static const char *instant_bot(void)
{
    static char path[1024];
    const char *dir = getenv("BIN");
    cr_assert(dir, "BIN must be set (make test sets it)");
    snprintf(path, sizeof path, "%s/bot-instant", dir);
    return path;
}

Test(bench, harness_counts_parties_decisions_processes_and_arena_work, .timeout = 120)
{
    const struct bench_harness_level fresh = { .concurrency = 1, .reuse = 1 },
                                     reused = { .concurrency = 1, .reuse = RUN_DEFAULT_REUSE };
    struct bench_harness_run run;
    char err[256];
    /* Its bot logs and socket go under $TMPDIR: the scratch directory. */
    support_scratch_dir();
    cr_assert_eq(bench_harness(instant_bot(), 4, &fresh, &run, err, sizeof err), 0, "%s", err);
    cr_expect_eq(run.parties, 4);
    cr_expect_eq(run.faults, 0);
    cr_expect_eq(run.processes, 8, "a fresh pair of processes for each partie");
    /* A partie is six deals (or eight) of dozens of decisions each. */
    cr_expect_gt(run.decisions, 4 * 6 * 20);
    cr_expect_gt(run.work_us, 0);
    cr_expect_lt(run.work_us * (double)run.decisions, run.seconds * 1e6, "the arena's part exceeds the whole");
    cr_assert_eq(bench_harness(instant_bot(), 4, &reused, &run, err, sizeof err), 0, "%s", err);
    cr_expect_eq(run.faults, 0);
    cr_expect_eq(run.processes, 4, "two pairs: a process never plays both parties of one pair");
}

Test(bench, harness_plays_a_game_of_four_seats_with_the_instant_bot_at_each, .timeout = 120)
{
    const struct bench_harness_level fresh = { .concurrency = 1, .reuse = 1, .game = &belote_game, .players = 4 };
    struct bench_harness_run run;
    char err[256], command[1200];
    support_scratch_dir();
    snprintf(command, sizeof command, "%s --game belote", instant_bot());
    cr_assert_eq(bench_harness(command, 2, &fresh, &run, err, sizeof err), 0, "%s", err);
    cr_expect_eq(run.parties, 2);
    cr_expect_eq(run.faults, 0);
    cr_expect_eq(run.processes, 8, "four fresh processes for each match");
    /* Eight deals of at least 32 plays each (and the bids and melds). */
    cr_expect_gt(run.decisions, 2 * 8 * 32);
}

Test(bench, start_measures_process_start_and_hello_with_and_without_the_sandbox, .timeout = 120)
{
    static struct sandbox sandbox;
    const char *commands[1] = { instant_bot() };
    struct bench_start_run plain, walled;
    char err[512];
    const char *dir = support_scratch_dir();
    cr_assert_eq(sandbox_setup(&sandbox, 1, 0, NULL, 0, commands, 1, err, sizeof err), 0, "%s", err);
    cr_assert_eq(bench_start(instant_bot(), 5, NULL, dir, &plain, err, sizeof err), 0, "%s", err);
    cr_assert_eq(bench_start(instant_bot(), 5, &sandbox, dir, &walled, err, sizeof err), 0, "%s", err);
    cr_expect_gt(plain.median_ms, 0);
    cr_expect_gt(walled.median_ms, 0);
    cr_expect_geq(plain.mean_ms * 5, plain.median_ms * 2.5, "the mean and the median disagree wildly");
}

Test(bench, zmq_round_trips_come_back_and_order_their_statistics, .timeout = 60)
{
    struct bench_rtt rtt;
    char err[256];
    cr_assert_eq(bench_zmq_pingpong(300, 2, 2048, &rtt, err, sizeof err), 0, "%s", err);
    cr_expect_gt(rtt.median_us, 0);
    cr_expect_geq(rtt.p99_us, rtt.median_us);
    cr_expect_gt(rtt.mean_us, 0);
    cr_expect_neq(bench_zmq_pingpong(300, BENCH_MAX_PEERS + 1, 15, &rtt, err, sizeof err), 0);
    cr_expect(err[0]);
}

Test(bench, round_trips_over_tcp_and_curve_come_back, .timeout = 60)
{
    struct bench_rtt rtt;
    char err[256] = "";
    for (int t = BENCH_TCP; t <= BENCH_CURVE; t++) {
        cr_assert_eq(bench_zmq_pingpong_on(200, 2, 2048, (enum bench_transport)t, &rtt, err, sizeof err), 0, "%s",
                     err);
        cr_expect_gt(rtt.median_us, 0);
        cr_expect_geq(rtt.p99_us, rtt.median_us);
    }
}

Test(bench, multiplexed_ceiling_answers_every_request_and_rates_them, .timeout = 60)
{
    struct bench_rate rate = { 0, 0 };
    char err[256] = "";
    cr_assert_eq(bench_zmq_multiplexed(400, 2, 2048, &rate, err, sizeof err), 0, "%s", err);
    cr_expect_gt(rate.per_second, 0);
    /* The two figures are one measurement: the count over the time and back. */
    cr_expect(rate.per_second * rate.us_each > 0.999e6 && rate.per_second * rate.us_each < 1.001e6, "%f x %f",
              rate.per_second, rate.us_each);
    cr_expect_neq(bench_zmq_multiplexed(400, BENCH_MAX_PEERS + 1, 2048, &rate, err, sizeof err), 0);
    cr_expect(err[0]);
}

/* arena bench serve: the ladder plays every match it was asked for with
 * bot-instant over CURVE, and says so with a rate and a round trip. */
Test(bench, serve_plays_its_ladder_over_curve_and_prints_a_rate_beside_a_round_trip, .timeout = 180)
{
    char cmd[2048], line[1024];
    int medians = 0, runs = 0;
    snprintf(cmd, sizeof cmd, "'%s/arena' bench serve --runs 2 --max-matches 30 2>&1", getenv("BIN"));
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    while (fgets(line, sizeof line, p)) {
        double rate, decisions, per, raw;
        int run;
        if (sscanf(line, "  run %d: %lf matches/s, %lf decisions a match, %lf us/decision; raw CURVE round trip %lf us",
                   &run, &rate, &decisions, &per, &raw) == 5) {
            runs++;
            cr_expect_gt(rate, 0);
            cr_expect_gt(decisions, 20, "a Piquet partie of bot-instant is more than 20 decisions");
            cr_expect_gt(raw, 0);
            cr_expect_float_eq(per, 1e6 / (rate * decisions), per * 0.01);
        }
        medians += !strncmp(line, "serve: median ", 14);
    }
    cr_assert_eq(pclose(p), 0, "arena bench serve failed");
    cr_assert_eq(runs, 2);
    cr_assert_eq(medians, 1);
}

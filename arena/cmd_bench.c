/* cmd_bench.c - `arena bench`: the engine's random playouts, the raw
 * ZeroMQ round trip, the arena path, process starts, and the arena's
 * throughput against the raw floors (arena/play/bench.h), medians over
 * repeated runs, each beside a baseline measured in the same run.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "arena/commands.h"
#include "engine/game.h"
#include "arena/options.h"
#include "arena/play/bench.h"
#include "arena/play/runner.h"

/* The options of the four benchmarks; each takes its own. */
struct bench_args {
    double seconds;
    int runs, trips, parties, wide, processes, no_sandbox, players;
    unsigned long long seed;
    const struct game *game;
};

static int apply_bench(void *ctx, const struct option_value *v, char *err, size_t cap)
{
    struct bench_args *a = ctx;
    (void)err;
    (void)cap;
    switch (v->option->id) {
    case OPT_SECONDS: a->seconds = v->number; break;
    case OPT_RUNS: a->runs = (int)v->integer; break;
    case OPT_SEED: a->seed = v->u64; break;
    case OPT_TRIPS: a->trips = (int)v->integer; break;
    case OPT_PARTIES: a->parties = (int)v->integer; break;
    case OPT_WIDE: a->wide = (int)v->integer; break;
    case OPT_PROCESSES: a->processes = (int)v->integer; break;
    case OPT_NO_SANDBOX: a->no_sandbox = (int)v->integer; break;
    case OPT_GAME: a->game = game_find(v->text); break;
    case OPT_PLAYERS: a->players = (int)v->integer; break;
    default: assert(0);
    }
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of(double *v, int n)
{
    qsort(v, (size_t)n, sizeof v[0], cmp_double);
    return v[n / 2];
}

enum { RTT_TRIPS_PER_RUN = 5000 };

/* The bots' sandbox and log directory for the benchmarks (match.h). */
static int bench_bots(int no_sandbox, const char *const *commands, int n, struct match_config *config,
                      struct sandbox *sandbox, char *log_dir, size_t log_cap, char *err, size_t cap)
{
    struct match_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.no_sandbox = no_sandbox;
    setup.run = "bench";
    setup.commands = commands;
    setup.n_commands = n;
    match_config_default(config);
    return match_prepare(config, sandbox, &setup, log_dir, log_cap, err, cap);
}

/* The directory this program is in, where bot-instant and bot-random are. */
static int bin_dir(char *out, size_t cap)
{
    ssize_t n = readlink("/proc/self/exe", out, cap - 1);
    if (n <= 0) return -1;
    out[n] = '\0';
    *strrchr(out, '/') = '\0';
    return 0;
}

static int bench_start_command(const struct bench_args *a)
{
    static struct sandbox sandbox;
    struct match_config config;
    struct bench_start_run plain, walled;
    char self[4096], bot[4200], err[1024], log_dir[1024];
    int n = a->processes;
    if (bin_dir(self, sizeof self) < 0) {
        fprintf(stderr, "arena bench start: cannot find this program's directory\n");
        return 1;
    }
    const struct game *game = a->game && a->game != &piquet_game ? a->game : NULL;
    if (game) snprintf(bot, sizeof bot, "%s/bot-instant --game %s", self, game->name);
    else snprintf(bot, sizeof bot, "%s/bot-instant", self);
    const char *commands[1] = { bot };
    if (bench_bots(0, commands, 1, &config, &sandbox, log_dir, sizeof log_dir, err, sizeof err) < 0 ||
        bench_start(bot, n, NULL, log_dir, &plain, err, sizeof err) < 0 ||
        bench_start(bot, n, &sandbox, log_dir, &walled, err, sizeof err) < 0) {
        fprintf(stderr, "arena bench start: %s\n", err);
        return 1;
    }
    printf("start: %d processes of bot-instant, each from its start to its hello\n", n);
    printf("  without a sandbox: median %.2f ms, mean %.2f ms\n", plain.median_ms, plain.mean_ms);
    printf("  in its sandbox:    median %.2f ms, mean %.2f ms (+%.2f ms)\n", walled.median_ms, walled.mean_ms,
           walled.median_ms - plain.median_ms);
    return 0;
}

static int bench_harness_command(const struct bench_args *a)
{
    static struct sandbox sandbox;
    struct match_config config;
    int parties = a->parties, runs = a->runs, wide = a->wide, no_sandbox = a->no_sandbox;
    char self[4096], bot[4200], sdk_bot[4200], err[1024], log_dir[1024];
    if (bin_dir(self, sizeof self) < 0) {
        fprintf(stderr, "arena bench harness: cannot find this program's directory\n");
        return 1;
    }
    const struct game *game = a->game && a->game != &piquet_game ? a->game : NULL;
    if (game) snprintf(bot, sizeof bot, "%s/bot-instant --game %s", self, game->name);
    else snprintf(bot, sizeof bot, "%s/bot-instant", self);
    snprintf(sdk_bot, sizeof sdk_bot, "%s/bot-random", self);
    char program[4200];
    snprintf(program, sizeof program, "%s/bot-instant", self);
    if (access(program, X_OK) != 0 || access(sdk_bot, X_OK) != 0) {
        fprintf(stderr, "arena bench harness: %s or %s is missing (make)\n", bot, sdk_bot);
        return 1;
    }
    const char *commands[2] = { bot, sdk_bot };
    if (bench_bots(no_sandbox, commands, 2, &config, &sandbox, log_dir, sizeof log_dir, err, sizeof err) < 0) {
        fprintf(stderr, "arena bench harness: %s\n", err);
        return 1;
    }
    struct sandbox *walls = config.sandbox;
    struct bench_rtt rtt, pattern;
    if (bench_zmq_pingpong(20000, 1, 15, &rtt, err, sizeof err) < 0 ||
        bench_zmq_pingpong(20000, 2, 2048, &pattern, err, sizeof err) < 0) {
        fprintf(stderr, "arena bench harness: %s\n", err);
        return 1;
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int wide_level = cores > 1 ? (int)cores : 2;
    int players = a->players;
    const struct bench_harness_level levels[] = {
        { 1, 1, 0, walls, log_dir, game, players }, { 1, RUN_DEFAULT_REUSE, 0, walls, log_dir, game, players },
        { wide_level, RUN_DEFAULT_REUSE, 0, walls, log_dir, game, players },
        { 1, RUN_DEFAULT_REUSE, 0, walls, log_dir, game, players }, { 1, 1, 0, NULL, log_dir, game, players },
        { wide, RUN_DEFAULT_REUSE, 100, walls, log_dir, game, players },
    };
    /* bot-random on the C SDK for the fourth level: the SDK's own cost
     * (over protocol 2 for a game, speaking that game). */
    char sdk_game_bot[4300];
    snprintf(sdk_game_bot, sizeof sdk_game_bot, "%s --game %s", sdk_bot, game ? game->name : "piquet");
    const char *sdk = game ? sdk_game_bot : sdk_bot;
    const char *const who[] = { bot, bot, bot, sdk, bot, bot };
    int n_levels = (wide ? 6 : 5) - (walls == NULL);   /* no second unsandboxed level when none is */
    const struct bench_harness_level *chosen[6];
    const char *chosen_who[6];
    for (int l = 0, k = 0; l < 6; l++) {
        if ((l == 4 && !walls) || (l == 5 && !wide)) continue;
        chosen[k] = &levels[l];
        chosen_who[k++] = who[l];
    }
    if (game)
        printf("harness: %s at %d: %d matches per run of bot-instant at every seat (and of bot-random, a bot on the C "
               "SDK),\n%d runs per level, each beside %d raw zmq round trips measured just before it\n", game->name,
               players ? players : game->default_players, parties, runs, RTT_TRIPS_PER_RUN);
    else
        printf("harness: %d parties per run of bot-instant against itself (and of bot-random, a bot on the C SDK),\n"
               "%d runs per level, each beside %d raw zmq round trips measured just before it\n", parties, runs,
               RTT_TRIPS_PER_RUN);
    printf("  raw zmq round trip, one echo peer: median %.1f us, mean %.1f us\n", rtt.median_us, rtt.mean_us);
    printf("  raw zmq round trip, two peers in turn, 2 KiB frames (a partie's traffic without the arena): "
           "median %.1f us\n", pattern.median_us);
    printf("  %-44s %11s %12s %12s %10s %10s %11s\n", "level (bot-instant unless said)", "decisions/s", "us/decision",
           "round trip", "over it", "ratio", "arena work");
    for (int l = 0; l < n_levels; l++) {
        double rates[64], per[64], trips[64], over[64], ratio[64], work[64];
        long faults = 0;
        const struct bench_harness_level *level = chosen[l];
        int processes = 0, n_parties = level->move_ms ? (wide * 2 > parties ? wide * 2 : parties) : parties;
        char name[80];
        for (int r = 0; r < runs; r++) {
            struct bench_harness_run run;
            struct bench_rtt beside;
            if (bench_zmq_pingpong(RTT_TRIPS_PER_RUN, 1, 15, &beside, err, sizeof err) < 0 ||
                bench_harness(chosen_who[l], n_parties, level, &run, err, sizeof err) < 0) {
                fprintf(stderr, "arena bench harness: %s\n", err);
                return 1;
            }
            rates[r] = (double)run.decisions / run.seconds;
            per[r] = run.seconds * 1e6 / (double)run.decisions;
            /* Both sides the same statistic: the whole time over the count. */
            trips[r] = beside.mean_us;
            over[r] = per[r] - beside.mean_us;
            ratio[r] = per[r] / beside.mean_us;
            work[r] = run.work_us;
            faults += run.faults;
            processes = run.processes;
        }
        snprintf(name, sizeof name, "%sconcurrency %d, %s%s", chosen_who[l] == sdk ? "bot-random, " : "",
                 level->concurrency, level->reuse == 1 ? "fresh processes" : "processes reused",
                 walls && !level->sandbox ? ", no sandbox" : "");
        printf("  %-44s %11.0f %12.1f %12.1f %+10.1f %9.2fx %11.1f", name, median_of(rates, runs), median_of(per, runs),
               median_of(trips, runs), median_of(over, runs), median_of(ratio, runs), median_of(work, runs));
        printf("  (%d processes per run", processes);
        if (level->move_ms) printf("; %d parties at a %d ms move limit, %ld lost to faults", n_parties * runs,
                                   level->move_ms, faults);
        else if (faults) printf("; %ld parties lost to faults", faults);
        printf(")\n");
    }
    printf("  us/decision: the run's time over its decisions; round trip: the raw round trips' time over\n"
           "  their count, just before the run; over it: what the arena and the bots add per decision;\n"
           "  ratio: us/decision over the round trip (the target at concurrency 1 with processes reused:\n"
           "  at most 1.5x); arena work: the arena's own microseconds per answer, from its arrival to the\n"
           "  end of its handling (the next request sent). Each column is the median over the runs.\n");
    return 0;
}

/* `arena bench throughput`: the arena at concurrency 1 and 2 beside the
 * raw floors, in rounds of four runs taken in the same order (raw round
 * trip, the arena at 1, the raw multiplexed ceiling, the arena at 2), so
 * that a busy moment of the shared machine falls on both sides of a ratio;
 * each column is the median over the rounds. */
static int bench_throughput_command(const struct bench_args *a)
{
    static struct sandbox sandbox;
    struct match_config config;
    char self[4096], bot[4200], err[1024], log_dir[1024];
    int runs = a->runs, parties = a->parties;
    if (bin_dir(self, sizeof self) < 0) {
        fprintf(stderr, "arena bench throughput: cannot find this program's directory\n");
        return 1;
    }
    snprintf(bot, sizeof bot, "%s/bot-instant", self);
    if (access(bot, X_OK) != 0) {
        fprintf(stderr, "arena bench throughput: %s is missing (make)\n", bot);
        return 1;
    }
    const char *commands[1] = { bot };
    if (bench_bots(a->no_sandbox, commands, 1, &config, &sandbox, log_dir, sizeof log_dir, err, sizeof err) < 0) {
        fprintf(stderr, "arena bench throughput: %s\n", err);
        return 1;
    }
    const struct bench_harness_level one = { 1, RUN_DEFAULT_REUSE, 0, config.sandbox, log_dir, NULL, 0 },
                                     two = { 2, RUN_DEFAULT_REUSE, 0, config.sandbox, log_dir, NULL, 0 };
    double rtt[64], per1[64], ratio1[64], ceiling[64], rate2[64], ratio2[64], cpu1[64], cpu2[64], sleeps1[64], sleeps2[64];
    long faults = 0;
    printf("throughput: bot-instant against itself, %d parties per run, processes reused%s; %d rounds, each:\n"
           "  raw: %d zmq round trips with one echo peer (15 bytes), the floor of a decision at concurrency 1\n"
           "  c1: the arena at concurrency 1\n"
           "  ceiling: %d raw round trips, 2 echo peers with one 2 KiB request each in flight (the arena's\n"
           "  socket and traffic at concurrency 2 without the arena's work: the raw multiplexed ceiling)\n"
           "  c2: the arena at concurrency 2\n"
           "  cpu: the arena's CPU time per decision (every thread, user and system) at 1 and 2\n"
           "  sleeps: the times the arena's threads went to sleep, per decision, at 1 and 2\n", parties,
           config.sandbox ? ", bots in their sandbox" : "", runs,
           RTT_TRIPS_PER_RUN, 2 * RTT_TRIPS_PER_RUN);
    printf("  %-6s %10s %12s %8s   %14s %12s %8s   %8s %8s %9s %9s\n", "round", "raw us", "c1 us/dec", "c1/raw",
           "ceiling dec/s", "c2 dec/s", "c2/ceil", "cpu c1", "cpu c2", "sleeps c1", "sleeps c2");
    for (int r = 0; r < runs; r++) {
        struct bench_rtt raw;
        struct bench_rate multiplexed;
        struct bench_harness_run at1, at2;
        if (bench_zmq_pingpong(RTT_TRIPS_PER_RUN, 1, 15, &raw, err, sizeof err) < 0 ||
            bench_harness(bot, parties, &one, &at1, err, sizeof err) < 0 ||
            bench_zmq_multiplexed(2 * RTT_TRIPS_PER_RUN, 2, 2048, &multiplexed, err, sizeof err) < 0 ||
            bench_harness(bot, parties, &two, &at2, err, sizeof err) < 0) {
            fprintf(stderr, "arena bench throughput: %s\n", err);
            return 1;
        }
        /* Both sides of a ratio the same statistic: the whole time over the count. */
        rtt[r] = raw.mean_us;
        per1[r] = at1.seconds * 1e6 / (double)at1.decisions;
        ratio1[r] = per1[r] / rtt[r];
        ceiling[r] = multiplexed.per_second;
        rate2[r] = (double)at2.decisions / at2.seconds;
        ratio2[r] = rate2[r] / ceiling[r];
        cpu1[r] = at1.cpu_us;
        cpu2[r] = at2.cpu_us;
        sleeps1[r] = at1.sleeps;
        sleeps2[r] = at2.sleeps;
        faults += at1.faults + at2.faults;
        printf("  %-6d %10.1f %12.1f %7.2fx   %14.0f %12.0f %8.2f   %8.1f %8.1f %9.2f %9.2f\n", r + 1, rtt[r], per1[r],
               ratio1[r], ceiling[r], rate2[r], ratio2[r], cpu1[r], cpu2[r], sleeps1[r], sleeps2[r]);
    }
    printf("  %-6s %10.1f %12.1f %7.2fx   %14.0f %12.0f %8.2f   %8.1f %8.1f %9.2f %9.2f\n", "median",
           median_of(rtt, runs), median_of(per1, runs), median_of(ratio1, runs), median_of(ceiling, runs),
           median_of(rate2, runs), median_of(ratio2, runs), median_of(cpu1, runs), median_of(cpu2, runs),
           median_of(sleeps1, runs), median_of(sleeps2, runs));
    printf("  targets: c1/raw at most 1.10x; c2/ceil at least 0.90; %ld parties lost to faults\n", faults);
    return faults ? 1 : 0;
}

int cmd_bench(int argc, char **argv)
{
    static const char *const names[] = { "engine", "zmq", "harness", "start", "throughput" };
    const struct command_spec *spec = options_command("bench");
    double rates[64];
    char name[32];
    int n_operands = 0, status;
    if (argc >= 1 && argv[0][0] != '-') {
        for (int i = 0; i < 5; i++)
            if (!strcmp(argv[0], names[i])) {
                snprintf(name, sizeof name, "bench %s", names[i]);
                spec = options_command(name);
            }
        if (!strcmp(spec->name, "bench")) return options_usage_error(spec, "no benchmark '%s'", argv[0]);
        argc--;
        argv++;
    }
    struct bench_args a = { .seconds = 1.0, .runs = !strcmp(spec->name, "bench harness") ? 3 : 5, .trips = 20000,
                            .parties = 40, .wide = 256, .processes = 50, .seed = 1 };
    if (options_parse(spec, argc, argv, apply_bench, &a, NULL, 0, &n_operands, &status) < 0) return status;
    if (!strcmp(spec->name, "bench"))
        return options_usage_error(spec, "say what to measure: engine, zmq, harness, start or throughput");
    if (!strcmp(spec->name, "bench throughput")) return bench_throughput_command(&a);
    if (!strcmp(spec->name, "bench harness")) return bench_harness_command(&a);
    if (!strcmp(spec->name, "bench start")) return bench_start_command(&a);
    if (!strcmp(spec->name, "bench zmq")) {
        struct bench_rtt rtt;
        char err[256];
        if (bench_zmq_pingpong(a.trips, 1, 15, &rtt, err, sizeof err) < 0) {
            fprintf(stderr, "arena bench zmq: %s\n", err);
            return 1;
        }
        printf("zmq: %d round trips over ipc://: median %.1f us, p99 %.1f us, mean %.1f us\n", a.trips, rtt.median_us,
               rtt.p99_us, rtt.mean_us);
        /* What a decision costs on each transport a bot may use: a 2 KiB
         * request and a short answer, the transports taken in turn three
         * times over (the medians of the three), so that a busy moment of
         * the machine does not fall on one of them alone. */
        static const char *const transports[3] = { "ipc:// (local bots)", "tcp:// loopback", "tcp:// with CURVE" };
        double med[3][3];
        for (int round = 0; round < 3; round++)
            for (int t = 0; t < 3; t++) {
                if (bench_zmq_pingpong_on(a.trips / 4 > 100 ? a.trips / 4 : 100, 1, 2048, (enum bench_transport)t,
                                          &rtt, err, sizeof err) < 0) {
                    fprintf(stderr, "arena bench zmq: %s: %s\n", transports[t], err);
                    return 1;
                }
                med[t][round] = rtt.median_us;
            }
        printf("a decision's round trip (2 KiB request, short answer), median of 3 interleaved runs:\n");
        double base = median_of(med[0], 3), tcp = median_of(med[1], 3), curve = median_of(med[2], 3);
        printf("  %-22s %7.1f us\n", transports[0], base);
        printf("  %-22s %7.1f us  (%+.1f us over ipc)\n", transports[1], tcp, tcp - base);
        printf("  %-22s %7.1f us  (%+.1f us over ipc, %+.1f us over plain tcp: the encryption)\n", transports[2], curve,
               curve - base, curve - tcp);
        return 0;
    }
    int runs = a.runs;
    double seconds = a.seconds;
    unsigned long long seed = a.seed;
    printf("engine: random playouts, one core, %d runs of %.1f s\n", runs, seconds);
    for (int r = 0; r < runs; r++) {
        struct bench_engine_run run;
        bench_engine_once(seconds, seed + (unsigned long long)r, &run);
        rates[r] = (double)run.deals / run.seconds;
        printf("  run %d: %ld deals, %.1f actions/deal, %.0f deals/s\n", r + 1, run.deals,
               (double)run.actions / (double)run.deals, rates[r]);
    }
    double median = median_of(rates, runs);
    printf("engine: median %.0f deals/s (min %.0f, max %.0f)\n", median, rates[0], rates[runs - 1]);
    return 0;
}

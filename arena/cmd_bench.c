/* cmd_bench.c - `arena bench`: the engine's random playouts, the raw
 * ZeroMQ round trip, the arena path, process starts, and the arena's
 * throughput against the raw floors (arena/play/bench.h), medians over
 * repeated runs, each beside a baseline measured in the same run; and
 * `arena bench serve`, the ladder arena as its bots see it: this program's
 * `arena serve` and four bot-instant processes, all real, over tcp with
 * CURVE.
 */
#include <assert.h>
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cjson/cJSON.h>
#include "arena/commands.h"
#include "engine/game.h"
#include "arena/options.h"
#include "arena/play/bench.h"
#include "arena/play/runner.h"
#include "protocol/curve_keys.h"

/* The options of the four benchmarks; each takes its own. */
struct bench_args {
    double seconds;
    int runs, trips, parties, wide, processes, no_sandbox, players, max_matches;
    unsigned long long seed;
    const struct game *game;
    enum runner_pin pin;
    int start_late;   /* --start-ahead off */
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
    case OPT_MAX_MATCHES: a->max_matches = (int)v->integer; break;
    case OPT_PIN: a->pin = runner_pin_parse(v->text); break;
    case OPT_START_AHEAD: a->start_late = !strcmp(v->text, "off"); break;
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
        { 1, 1, 0, walls, log_dir, game, players, a->pin, a->start_late },
        { 1, RUN_DEFAULT_REUSE, 0, walls, log_dir, game, players, a->pin, a->start_late },
        { wide_level, RUN_DEFAULT_REUSE, 0, walls, log_dir, game, players, a->pin, a->start_late },
        { 1, RUN_DEFAULT_REUSE, 0, walls, log_dir, game, players, a->pin, a->start_late },
        { 1, 1, 0, NULL, log_dir, game, players, a->pin, a->start_late },
        { wide, RUN_DEFAULT_REUSE, 100, walls, log_dir, game, players, a->pin, a->start_late },
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
    const struct bench_harness_level one = { 1, RUN_DEFAULT_REUSE, 0, config.sandbox, log_dir, NULL, 0, a->pin, a->start_late },
                                     two = { 2, RUN_DEFAULT_REUSE, 0, config.sandbox, log_dir, NULL, 0, a->pin, a->start_late };
    double rtt[64], per1[64], ratio1[64], ceiling[64], rate2[64], ratio2[64], cpu1[64], cpu2[64], sleeps1[64], sleeps2[64];
    long faults = 0;
    printf("throughput: bot-instant against itself, %d parties per run, processes reused%s; %d rounds, each:\n"
           "  raw: %d zmq round trips with one echo peer (15 bytes), the floor of a decision at concurrency 1\n"
           "  c1: the arena at concurrency 1\n"
           "  ceiling: %d raw round trips, 2 echo peers with one 2 KiB request each in flight (the arena's\n"
           "  socket and traffic at concurrency 2 without the arena's work: the raw multiplexed ceiling)\n"
           "  c2: the arena at concurrency 2\n"
           "  cpu: the arena's CPU time per decision (every thread, user and system) at 1 and 2\n"
           "  sleeps: the times the arena's threads went to sleep, per decision, at 1 and 2\n"
           "  the arena's own threads %s (--pin %s; README \"Where the arena runs\"); the raw peers' never are\n",
           parties, config.sandbox ? ", bots in their sandbox" : "", runs, RTT_TRIPS_PER_RUN, 2 * RTT_TRIPS_PER_RUN,
           a->pin == RUNNER_PIN_OFF ? "left to the system" : "on one processor at 1 and 2",
           a->pin == RUNNER_PIN_OFF ? "off" : a->pin == RUNNER_PIN_ON ? "on" : "auto");
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

/* ---- bench serve ------------------------------------------------------------------------ */

enum { SERVE_BENCH_BOTS = 4, SERVE_BENCH_WARM = 10 };

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A free tcp port on loopback (bound then released). */
static int free_port(void)
{
    struct sockaddr_in at = { .sin_family = AF_INET };
    socklen_t len = sizeof at;
    int fd = socket(AF_INET, SOCK_STREAM, 0), port = -1;
    at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd >= 0 && bind(fd, (struct sockaddr *)&at, sizeof at) == 0 &&
        getsockname(fd, (struct sockaddr *)&at, &len) == 0)
        port = ntohs(at.sin_port);
    if (fd >= 0) close(fd);
    return port;
}

/* Starts argv[0] with argv, its output to /dev/null, and `env` (NAME=VALUE,
 * NULL-ended) added; the pid, or -1. */
static pid_t spawn_quiet(char *const *argv, const char *const *env)
{
    pid_t pid = fork();
    if (pid != 0) return pid;
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
        dup2(null, 1);
        dup2(null, 2);
    }
    for (int i = 0; env && env[i]; i++) {
        char name[64];
        const char *eq = strchr(env[i], '=');
        if (!eq || eq - env[i] >= (long)sizeof name) continue;
        snprintf(name, sizeof name, "%.*s", (int)(eq - env[i]), env[i]);
        setenv(name, eq + 1, 1);
    }
    execv(argv[0], argv);
    _exit(127);
}

/* The journal's lines so far, read on from *offset. */
static long count_lines(const char *path, long *offset, long lines)
{
    char buf[65536];
    FILE *f = fopen(path, "r");
    if (!f) return lines;
    if (fseek(f, *offset, SEEK_SET) == 0) {
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
            for (size_t i = 0; i < n; i++) lines += buf[i] == '\n';
            *offset += (long)n;
        }
    }
    fclose(f);
    return lines;
}

/* Decisions per match in a journal, over its partie records. */
static double decisions_per_match(const char *path)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    double decisions = 0;
    long matches = 0;
    while (f && getline(&line, &cap, f) > 0) {
        cJSON *rec = cJSON_Parse(line), *d;
        const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "type"));
        if (type && !strcmp(type, "partie")) {
            matches++;
            cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(rec, "decisions")) decisions += d->valuedouble;
        }
        cJSON_Delete(rec);
    }
    free(line);
    if (f) fclose(f);
    return matches ? decisions / (double)matches : 0;
}

struct serve_bench_run {
    double matches_per_s, us_per_decision, decisions, raw_us;
};

/* One run: a new ladder of `matches` matches; 0, or -1 with err. */
static int serve_bench_once(const char *self, const char *dir, int run, int matches, struct serve_bench_run *out,
                            char *err, size_t cap)
{
    char arena[4200], bot[4200], endpoint[64], listen[64], journal[4200], key_file[4200], server[4200], bots[4200];
    char max[32], env_endpoint[96], env_server[4300], env_key[SERVE_BENCH_BOTS][4300];
    pid_t serve = -1, pids[SERVE_BENCH_BOTS];
    int rc = -1, port = free_port(), status = 0;
    long offset = 0, lines = 0;
    struct bench_rtt rtt;
    for (int i = 0; i < SERVE_BENCH_BOTS; i++) pids[i] = -1;
    if (port < 0) {
        snprintf(err, cap, "no free tcp port on loopback");
        return -1;
    }
    if (bench_zmq_pingpong_on(2000, 1, 2048, BENCH_CURVE, &rtt, err, (int)cap) < 0) return -1;
    out->raw_us = rtt.median_us;
    snprintf(arena, sizeof arena, "%s/arena", self);
    snprintf(bot, sizeof bot, "%s/bot-instant", self);
    snprintf(listen, sizeof listen, "tcp://127.0.0.1:%d", port);
    snprintf(journal, sizeof journal, "%s/ladder-%d.jsonl", dir, run);
    snprintf(server, sizeof server, "%s/arena.key", dir);
    snprintf(bots, sizeof bots, "%s/bots.txt", dir);
    snprintf(max, sizeof max, "%d", matches);
    char *serve_argv[] = { arena, "serve", "--listen", listen, "--server-key", server, "--bots", bots, "--journal",
                           journal, "--concurrency", "2", "--max-matches", max, "--quiet", NULL };
    if ((serve = spawn_quiet(serve_argv, NULL)) < 0) {
        snprintf(err, cap, "cannot start arena serve: %s", strerror(errno));
        goto out;
    }
    snprintf(endpoint, sizeof endpoint, "%s", listen);
    snprintf(env_endpoint, sizeof env_endpoint, "PIQUET_ENDPOINT=%s", endpoint);
    snprintf(env_server, sizeof env_server, "PIQUET_SERVER_KEY=%s/arena.pub", dir);
    for (int i = 0; i < SERVE_BENCH_BOTS; i++) {
        snprintf(key_file, sizeof key_file, "%s/i%d.key", dir, i + 1);
        snprintf(env_key[i], sizeof env_key[i], "PIQUET_KEY_FILE=%s", key_file);
        const char *env[] = { env_endpoint, env_server, env_key[i], "PIQUET_TOKEN=bench", NULL };
        char *argv[] = { bot, NULL };
        if ((pids[i] = spawn_quiet(argv, env)) < 0) {
            snprintf(err, cap, "cannot start bot-instant: %s", strerror(errno));
            goto out;
        }
    }
    /* The rate from the SERVE_BENCH_WARM-th match on (the bots connect
     * first), read off the journal as it grows: its header, then a line a
     * match. */
    double start = seconds_now(), warm = 0, end = 0;
    while (!end) {
        struct timespec ts = { 0, 2000000L };
        nanosleep(&ts, NULL);
        lines = count_lines(journal, &offset, lines);
        if (!warm && lines - 1 >= SERVE_BENCH_WARM) warm = seconds_now();
        if (lines - 1 >= matches) end = seconds_now();
        if (seconds_now() - start > 60 + matches / 2) {
            snprintf(err, cap, "arena serve played %ld of %d matches in %d s", lines - 1, matches, 60 + matches / 2);
            goto out;
        }
        if (waitpid(serve, &status, WNOHANG) == serve) {
            serve = -1;
            lines = count_lines(journal, &offset, lines);
            if (lines - 1 < matches) {
                snprintf(err, cap, "arena serve stopped after %ld of %d matches", lines - 1, matches);
                goto out;
            }
            end = seconds_now();
        }
    }
    out->matches_per_s = (double)(matches - SERVE_BENCH_WARM) / (end - warm);
    out->decisions = decisions_per_match(journal);
    out->us_per_decision = out->decisions > 0 ? 1e6 / (out->matches_per_s * out->decisions) : 0;
    rc = 0;
out:
    if (serve > 0) {
        kill(serve, SIGTERM);
        waitpid(serve, NULL, 0);
    }
    for (int i = 0; i < SERVE_BENCH_BOTS; i++)
        if (pids[i] > 0) {
            kill(pids[i], SIGTERM);
            waitpid(pids[i], NULL, 0);
        }
    return rc;
}

static int bench_serve_command(const struct bench_args *a)
{
    char self[4096], dir[] = "/tmp/arena-bench-serve-XXXXXX", path[4200], key[CURVE_KEY_TEXT], err[512];
    double rate[64], per[64], raw[64], decisions = 0;
    int runs = a->runs, matches = a->max_matches ? a->max_matches : 200, status = 1;
    if (matches <= SERVE_BENCH_WARM) {
        fprintf(stderr, "arena bench serve: --max-matches must be over %d\n", SERVE_BENCH_WARM);
        return 2;
    }
    if (bin_dir(self, sizeof self) < 0 || !mkdtemp(dir)) {
        fprintf(stderr, "arena bench serve: cannot find this program's directory or make a temporary one\n");
        return 1;
    }
    snprintf(path, sizeof path, "%s/bots.txt", dir);
    FILE *bots = fopen(path, "w");
    int ok = bots && curve_keys_new(dir, "arena", key, err, sizeof err) == 0;
    for (int i = 0; ok && i < SERVE_BENCH_BOTS; i++) {
        char name[16];
        snprintf(name, sizeof name, "i%d", i + 1);
        ok = curve_keys_new(dir, name, key, err, sizeof err) == 0 && fprintf(bots, "%s %s\n", name, key) > 0;
    }
    if (bots && fclose(bots) != 0) ok = 0;
    if (!ok) {
        fprintf(stderr, "arena bench serve: %s\n", bots ? err : "cannot write the bots file");
        goto out;
    }
    printf("serve: arena serve over tcp:// with CURVE, concurrency 2, %d bot-instant connected with their own keys; "
           "%d runs of %d matches (the rate from the %dth on), each beside a raw CURVE round trip (2 KiB request) "
           "measured just before it\n", SERVE_BENCH_BOTS, runs, matches, SERVE_BENCH_WARM);
    fflush(stdout);
    for (int r = 0; r < runs; r++) {
        struct serve_bench_run run;
        if (serve_bench_once(self, dir, r, matches, &run, err, sizeof err) < 0) {
            fprintf(stderr, "arena bench serve: %s\n", err);
            goto out;
        }
        rate[r] = run.matches_per_s;
        per[r] = run.us_per_decision;
        raw[r] = run.raw_us;
        decisions = run.decisions;
        printf("  run %d: %.1f matches/s, %.0f decisions a match, %.1f us/decision; raw CURVE round trip %.1f us\n",
               r + 1, run.matches_per_s, run.decisions, run.us_per_decision, run.raw_us);
        fflush(stdout);
    }
    double m = median_of(rate, runs), u = median_of(per, runs), w = median_of(raw, runs);
    printf("serve: median %.1f matches/s (%.0f decisions a match), %.1f us/decision against a raw CURVE round trip "
           "of %.1f us (%.2fx)\n", m, decisions, u, w, w > 0 ? u / w : 0);
    status = 0;
out:
    snprintf(path, sizeof path, "rm -rf '%s'", dir);
    if (system(path) != 0) fprintf(stderr, "arena bench serve: cannot remove %s\n", dir);
    return status;
}

int cmd_bench(int argc, char **argv)
{
    static const char *const names[] = { "engine", "zmq", "harness", "start", "throughput", "serve" };
    const struct command_spec *spec = options_command("bench");
    double rates[64];
    char name[32];
    int n_operands = 0, status;
    if (argc >= 1 && argv[0][0] != '-') {
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            if (!strcmp(argv[0], names[i])) {
                snprintf(name, sizeof name, "bench %s", names[i]);
                spec = options_command(name);
            }
        if (!strcmp(spec->name, "bench")) return options_usage_error(spec, "no benchmark '%s'", argv[0]);
        argc--;
        argv++;
    }
    struct bench_args a = { .seconds = 1.0, .runs = !strcmp(spec->name, "bench harness") || !strcmp(spec->name, "bench serve") ? 3 : 5, .trips = 20000,
                            .parties = 40, .wide = 256, .processes = 50, .seed = 1 };
    if (options_parse(spec, argc, argv, apply_bench, &a, NULL, 0, &n_operands, &status) < 0) return status;
    if (!strcmp(spec->name, "bench"))
        return options_usage_error(spec, "say what to measure: engine, zmq, harness, start, throughput or serve");
    if (!strcmp(spec->name, "bench throughput")) return bench_throughput_command(&a);
    if (!strcmp(spec->name, "bench harness")) return bench_harness_command(&a);
    if (!strcmp(spec->name, "bench start")) return bench_start_command(&a);
    if (!strcmp(spec->name, "bench serve")) return bench_serve_command(&a);
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

/* cmd_bench.c - `arena bench`: the engine's random playouts and the raw
 * ZeroMQ round trip (arena/bench.h), medians over repeated runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/bench.h"
#include "arena/commands.h"

static const char usage[] =
    "usage: arena bench engine [--seconds S] [--runs N] [--seed N]\n"
    "       arena bench zmq [--trips N]\n"
    "\n"
    "engine: plays random deals (shuffle, exchange, declarations, 12 tricks;\n"
    "uniformly random legal actions) on one core for S seconds (default 1), N\n"
    "times (default 5), and prints each run and the median deals per second.\n"
    "zmq: N (default 20000) raw ZeroMQ round trips between the arena's ROUTER and\n"
    "an echo process over ipc://, the floor under every refereed decision;\n"
    "prints the median and 99th percentile in microseconds.\n";

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int cmd_bench(int argc, char **argv)
{
    double seconds = 1.0, rates[64];
    int runs = 5;
    unsigned long long seed = 1;
    if (command_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return 0;
    }
    if (argc >= 1 && !strcmp(argv[0], "zmq")) {
        int trips = 20000;
        double median, p99;
        char err[256];
        if (argc == 3 && !strcmp(argv[1], "--trips")) trips = atoi(argv[2]);
        else if (argc != 1) {
            fprintf(stderr, "arena bench zmq: unknown option\n%s", usage);
            return 2;
        }
        if (trips < 100 || trips > 10000000) {
            fprintf(stderr, "arena bench zmq: --trips takes 100 to 10000000\n");
            return 2;
        }
        if (bench_zmq_pingpong(trips, &median, &p99, err, sizeof err) < 0) {
            fprintf(stderr, "arena bench zmq: %s\n", err);
            return 1;
        }
        printf("zmq: %d round trips over ipc://: median %.1f us, p99 %.1f us\n", trips, median, p99);
        return 0;
    }
    if (argc < 1 || strcmp(argv[0], "engine")) {
        fprintf(stderr, "arena bench: say what to measure\n%s", usage);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        char *end = NULL;
        if (i + 1 >= argc) {
            fprintf(stderr, "arena bench: '%s' needs a value\n", argv[i]);
            return 2;
        }
        if (!strcmp(argv[i], "--seconds")) seconds = strtod(argv[++i], &end);
        else if (!strcmp(argv[i], "--runs")) runs = (int)strtol(argv[++i], &end, 10);
        else if (!strcmp(argv[i], "--seed")) seed = strtoull(argv[++i], &end, 10);
        else {
            fprintf(stderr, "arena bench: unknown option '%s'\n%s", argv[i], usage);
            return 2;
        }
        if (!end || *end || seconds <= 0 || seconds > 600 || runs < 1 || runs > 64) {
            fprintf(stderr, "arena bench: bad value for %s\n", argv[i - 1]);
            return 2;
        }
    }
    printf("engine: random playouts, one core, %d runs of %.1f s\n", runs, seconds);
    for (int r = 0; r < runs; r++) {
        struct bench_engine_run run;
        bench_engine_once(seconds, seed + (unsigned long long)r, &run);
        rates[r] = (double)run.deals / run.seconds;
        printf("  run %d: %ld deals, %.1f actions/deal, %.0f deals/s\n", r + 1, run.deals,
               (double)run.actions / (double)run.deals, rates[r]);
    }
    qsort(rates, (size_t)runs, sizeof rates[0], cmp_double);
    printf("engine: median %.0f deals/s (min %.0f, max %.0f)\n", rates[runs / 2], rates[0], rates[runs - 1]);
    return 0;
}


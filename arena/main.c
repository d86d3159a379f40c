/* main.c - the `arena` program: parses the command line and hands each
 * command to its module. Only main() decides exit codes (STYLE.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/bench.h"
#include "arena/replay.h"

static const char usage[] =
    "usage: arena COMMAND [ARGS]\n"
    "\n"
    "Referee and tournament harness for Piquet bots.\n"
    "\n"
    "commands:\n"
    "  replay FILE...     re-execute deal or partie records and print their results\n"
    "  bench engine       measure random-playout deals per second on one core\n"
    "  help [COMMAND]     show help for a command\n"
    "\n"
    "Run 'arena COMMAND --help' for a command's options.\n";

static const char replay_usage[] =
    "usage: arena replay [--check] [--compact] FILE...\n"
    "\n"
    "Re-executes each deal record ({\"deck\", \"rules\", \"actions\"}) or partie record\n"
    "({\"first_dealer\", \"deals\", \"rules\"}) through the engine and prints its\n"
    "result as JSON, one document per file. A worked-deal fixture ({\"record\",\n"
    "\"expect\"}) is replayed as its record.\n"
    "\n"
    "  --check     compare each fixture's result with its \"expect\" and print\n"
    "              'ok FILE' or 'FAIL FILE: why' instead of the result\n"
    "  --compact   print each result on one line\n"
    "\n"
    "exit status: 0 all replayed (and matched); 1 an illegal action, or a record\n"
    "that ends before its deal or partie is over (stderr says 'action N (...): why',\n"
    "N counting from 0); 2 unreadable input; 3 a --check mismatch.\n"
    "\n"
    "example: arena replay ../shared/fixtures/deals/D1-cavendish-example.json\n";

static const char bench_usage[] =
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

static int wants_help(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return 1;
    return 0;
}

static int cmd_replay(int argc, char **argv)
{
    int check = 0, compact = 0, files = 0, worst = 0;
    if (wants_help(argc, argv)) {
        fputs(replay_usage, stdout);
        return 0;
    }
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--check")) check = 1;
        else if (!strcmp(argv[i], "--compact")) compact = 1;
        else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "arena replay: unknown option '%s'\n%s", argv[i], replay_usage);
            return 2;
        }
    }
    for (int i = 0; i < argc; i++) {
        struct replay r;
        if (argv[i][0] == '-' && argv[i][1]) continue;
        files++;
        int status = replay_file(argv[i], check, &r);
        if (check) {
            if (status == REPLAY_OK) printf("ok %s\n", argv[i]);
            else printf("FAIL %s: %s\n", argv[i], r.error);
        } else if (status == REPLAY_OK) {
            char *text = compact ? cJSON_PrintUnformatted(r.result) : cJSON_Print(r.result);
            if (!text) {
                fprintf(stderr, "arena replay: out of memory\n");
                status = REPLAY_BAD_INPUT;
            } else {
                puts(text);
                free(text);
            }
        } else {
            fprintf(stderr, "arena replay: %s: %s\n", argv[i], r.error);
        }
        cJSON_Delete(r.result);
        if (status > worst) worst = status;
    }
    if (!files) {
        fprintf(stderr, "arena replay: no FILE given\n%s", replay_usage);
        return 2;
    }
    return worst;
}

static int cmd_bench(int argc, char **argv)
{
    double seconds = 1.0, rates[64];
    int runs = 5;
    unsigned long long seed = 1;
    if (wants_help(argc, argv)) {
        fputs(bench_usage, stdout);
        return 0;
    }
    if (argc >= 1 && !strcmp(argv[0], "zmq")) {
        int trips = 20000;
        double median, p99;
        char err[256];
        if (argc == 3 && !strcmp(argv[1], "--trips")) trips = atoi(argv[2]);
        else if (argc != 1) {
            fprintf(stderr, "arena bench zmq: unknown option\n%s", bench_usage);
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
        fprintf(stderr, "arena bench: say what to measure\n%s", bench_usage);
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
            fprintf(stderr, "arena bench: unknown option '%s'\n%s", argv[i], bench_usage);
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

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "help")) {
        const char *cmd = argc > 2 ? argv[2] : "";
        fputs(!strcmp(cmd, "replay") ? replay_usage : !strcmp(cmd, "bench") ? bench_usage : usage, stdout);
        return 0;
    }
    if (!strcmp(argv[1], "replay")) return cmd_replay(argc - 2, argv + 2);
    if (!strcmp(argv[1], "bench")) return cmd_bench(argc - 2, argv + 2);
    fprintf(stderr, "arena: unknown command '%s'\n%s", argv[1], usage);
    return 2;
}

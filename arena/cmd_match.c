/* cmd_match.c - `arena match`: one duplicate pair (the same packs twice,
 * seats swapped, fresh processes) or --pairs of them between two bot
 * programs, with a summary of each partie (or with --transcript every
 * action) and the result.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/commands.h"
#include "arena/options.h"
#include "arena/play/match.h"
#include "arena/play/transcript.h"
#include "records/journal.h"
#include "records/record.h"

/* The command line of `arena match`. */
struct match_args {
    struct match_config *config;
    struct match_setup *setup;
    unsigned long long seed;
    long pairs;
    int quiet, transcript;
    const char *journal_path;
};

static int apply_match(void *ctx, const struct option_value *v, char *err, size_t cap)
{
    struct match_args *a = ctx;
    switch (v->option->id) {
    case OPT_PAIRS: a->pairs = (long)v->integer; break;
    case OPT_SEED: a->seed = v->u64; break;
    case OPT_MOVE_MS: a->config->clock.move_ms = (uint32_t)v->integer; break;
    case OPT_BANK_MS: a->config->clock.bank_ms = (uint32_t)v->integer; break;
    case OPT_GRACE_MS: a->config->clock.grace_ms = (uint32_t)v->integer; break;
    case OPT_RULE: {
        const char *eq = strchr(v->text, '=');
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(eq - v->text), v->text);
        if (pq_rules_set(&a->config->rules, name, eq + 1, err, (int)cap) < 0) return -1;
        break;
    }
    case OPT_LOG_DIR: a->setup->log_base = v->text; break;
    case OPT_NO_SANDBOX: a->setup->no_sandbox = (int)v->integer; break;
    case OPT_BOT_NETWORK: a->setup->network = (int)v->integer; break;
    case OPT_JOURNAL: a->journal_path = v->text; break;
    case OPT_TRANSCRIPT: a->transcript = (int)v->integer; break;
    case OPT_QUIET: a->quiet = (int)v->integer; break;
    default: assert(0);
    }
    return 0;
}

int cmd_match(int argc, char **argv)
{
    const struct command_spec *spec = options_command("match");
    struct match_config config;
    static struct sandbox sandbox;
    static struct referee partie;
    struct match_setup setup;
    struct match_args args;
    char log_dir[1024];
    const char *bot_args[2];
    int n_bots = 0, status = 2, wins[2] = { 0, 0 }, draws = 0;
    double total[2] = { 0, 0 };
    struct journal journal = { -1, "" };
    char err[512], run[RECORD_RUN_ID_LEN + 1] = "", names[2][CODEC_NAME_MAX];
    match_config_default(&config);
    memset(&setup, 0, sizeof setup);
    memset(&args, 0, sizeof args);
    args.config = &config;
    args.setup = &setup;
    args.seed = 1;
    args.pairs = 1;
    if (options_parse(spec, argc, argv, apply_match, &args, bot_args, 2, &n_bots, &status) < 0) return status;
    if (n_bots != 2) return options_usage_error(spec, "give two bots, NAME=COMMAND or COMMAND");
    for (int i = 0; i < 2; i++)
        if (match_bot_parse(&config.bots[i], bot_args[i], "", err, sizeof err) < 0) {
            fprintf(stderr, "arena match: %s\n", err);
            return 2;
        }
    if (config.bots[0].name[0] && !strcmp(config.bots[0].name, config.bots[1].name)) {
        fprintf(stderr, "arena match: two bots are called '%s'\n", config.bots[0].name);
        return 2;
    }
    /* A run id of its own, so that matches appended to one journal stay
     * apart: partie ids 1 and 2 repeat in every match. */
    if (record_new_run_id(run) < 0) {
        fprintf(stderr, "arena match: cannot read /dev/urandom for the run id\n");
        return 1;
    }
    const char *commands[2] = { config.bots[0].command, config.bots[1].command };
    setup.commands = commands;
    setup.n_commands = 2;
    setup.run = run;
    setup.hidden = &args.journal_path;
    setup.n_hidden = args.journal_path ? 1 : 0;
    if (match_prepare(&config, &sandbox, &setup, log_dir, sizeof log_dir, err, sizeof err) < 0) {
        fprintf(stderr, "arena match: %s\n", err);
        return 2;
    }
    status = 1;
    if (args.journal_path && journal_open(&journal, args.journal_path, err, sizeof err) < 0) {
        fprintf(stderr, "arena match: %s\n", err);
        goto out;
    }
    if (args.journal_path && sandbox_hide(&sandbox, args.journal_path) < 0) {
        fprintf(stderr, "arena match: too many private paths\n");
        goto out;
    }
    for (long pair = 0; pair < args.pairs; pair++) {
        /* Pair k plays the packs of seed + k - 1: pair 1 those of --seed. */
        unsigned long long seed = args.seed + (unsigned long long)pair;
        double points[2] = { 0, 0 };
        for (int k = 0; k < 2; k++) {
            if (match_play(&config, (uint64_t)(2 * pair + k + 1), seed, k, &partie, err, sizeof err) < 0) {
                fprintf(stderr, "arena match: %s\n", err);
                goto out;
            }
            if (journal.fd >= 0) {
                cJSON *record = referee_record(&partie, seed);
                if (record) cJSON_AddStringToObject(record, "run", run);
                int rc = record ? journal_append(&journal, record, err, sizeof err) : -1;
                cJSON_Delete(record);
                if (rc < 0) {
                    fprintf(stderr, "arena match: %s\n", record ? err : "out of memory");
                    goto out;
                }
            }
            if (args.transcript) {
                printf("== partie %d: %s deals first ==\n", k + 1, partie.names[k]);
                transcript_print(stdout, &partie, !args.quiet);
            } else if (!args.quiet) {
                printf("  ");
                transcript_print_summary(stdout, &partie);
            }
            if (partie.winner >= 0) {
                points[partie.winner] += partie.settlement;
                points[1 - partie.winner] -= partie.settlement;
                wins[partie.winner]++;
            } else {
                draws++;
            }
            fflush(stdout);
        }
        memcpy(names, partie.names, sizeof names);
        total[0] += points[0];
        total[1] += points[1];
        if (args.transcript)
            printf("== pair (seed %llu): %s %+g, %s %+g ==\n", seed, names[0], points[0], names[1], points[1]);
        else if (!args.quiet)
            printf("pair %ld (seed %llu): %s %+g, %s %+g\n", pair + 1, seed, names[0], points[0], names[1], points[1]);
    }
    if (args.pairs > 1 || !args.transcript)
        printf("%s: %+g (%d won, %d drawn, %d lost); %s: %+g; over %ld pair%s\n", names[0], total[0], wins[0], draws,
               wins[1], names[1], total[1], args.pairs, args.pairs == 1 ? "" : "s");
    status = 0;
out:
    journal_close(&journal);
    return status;
}

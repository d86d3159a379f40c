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
#include "arena/tournament/seating.h"
#include "records/journal.h"
#include "records/record.h"

enum { MATCH_RULES_MAX = 32 };

/* The command line of `arena match`. */
struct match_args {
    struct match_config *config;
    struct match_setup *setup;
    unsigned long long seed;
    long pairs;
    int quiet, transcript;
    const char *journal_path;
    const char *rules[MATCH_RULES_MAX + 1];   /* every --rule as given */
    int n_rules;
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
    case OPT_RULE:
        if (a->n_rules == MATCH_RULES_MAX) {
            snprintf(err, cap, "more than %d --rule", MATCH_RULES_MAX);
            return -1;
        }
        a->rules[a->n_rules++] = v->text;
        break;
    case OPT_GAME: a->config->game = game_find(v->text); break;
    case OPT_PLAYERS: a->config->players = (int)v->integer; break;
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

/* The rules given, for the game chosen: Piquet's into its pq_rules,
 * another game's checked against its flags. 0, or -1 with the reason. */
static int apply_rules(struct match_args *a, char *err, size_t cap)
{
    const struct game *g = a->config->game;
    for (int i = 0; i < a->n_rules; i++) {
        const char *text = a->rules[i], *eq = strchr(text, '=');
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(eq - text), text);
        if (!g || g == &piquet_game) {
            if (pq_rules_set(&a->config->rules, name, eq + 1, err, (int)cap) < 0) return -1;
            continue;
        }
        const struct game_flag *f = game_flag_find(g, name);
        if (!f) {
            snprintf(err, cap, "--rule %.60s: %s has no flag '%s' (arena rules --game %s lists them)", text, g->name,
                     name, g->name);
            return -1;
        }
        if (game_flag_check(f, eq + 1, err, (int)cap) < 0) return -1;
    }
    a->config->game_rules = a->rules;
    return 0;
}

/* One match of a duplicate set, printed and journaled. */
struct set_tally {
    double total[GAME_MAX_PLAYERS];          /* per entrant, match points */
    int wins[GAME_MAX_PLAYERS], matches;
    char names[GAME_MAX_PLAYERS][CODEC_NAME_MAX];   /* as the matches recorded them
                                                       (a hello's name when none given) */
};

static int play_game_set(struct match_config *config, struct match_args *args, const struct match_bot *entrants,
                         int n_entrants, long set, struct journal *journal, const char *run, struct set_tally *tally,
                         char *err, size_t cap)
{
    static struct referee ref;
    struct seating seatings[SEATING_MAX];
    int team_of[GAME_MAX_PLAYERS];
    int players = seating_teams(config->game, config->players, config->game_rules, team_of, err, cap);
    if (players < 0) return -1;
    int n = seating_set(players, team_of, seatings);
    unsigned long long seed = args->seed + (unsigned long long)set;
    double set_points[GAME_MAX_PLAYERS] = { 0 };
    (void)n_entrants;
    for (int k = 0; k < n; k++) {
        int entrant_of[GAME_MAX_PLAYERS];
        for (int p = 0; p < players; p++) {
            entrant_of[p] = seatings[k].entrant[p];
            config->bots[p] = entrants[entrant_of[p]];
        }
        uint64_t id = (uint64_t)(set * n + k + 1);
        if (match_play(config, id, seed, 0, &ref, err, cap) < 0) return -1;
        if (journal->fd >= 0) {
            cJSON *record = referee_record(&ref, seed);
            if (record) {
                cJSON_AddStringToObject(record, "run", run);
                cJSON_AddNumberToObject(record, "set", (double)(set + 1));
            }
            int rc = record ? journal_append(journal, record, err, cap) : -1;
            cJSON_Delete(record);
            if (rc < 0) {
                if (!record) snprintf(err, cap, "out of memory");
                referee_release(&ref);
                return -1;
            }
        }
        if (!args->quiet) {
            printf("  match %llu:", (unsigned long long)id);
            for (int p = 0; p < players; p++) printf(" %c=%s %+ld", 'A' + p, ref.names[p], ref.points[p]);
            if (ref.forfeited)
                printf(" (forfeit by %s: %s)", ref.names[ref.forfeit.player], codec_fault_name(ref.forfeit.fault));
            printf("\n");
        }
        /* Each entrant's points: one player's (a side's players share them). */
        int counted[GAME_MAX_PLAYERS] = { 0 };
        for (int p = 0; p < players; p++) {
            int e = entrant_of[p];
            if (counted[e]++) continue;
            snprintf(tally->names[e], sizeof tally->names[e], "%s", ref.names[p]);
            set_points[e] += (double)ref.points[p];
            tally->total[e] += (double)ref.points[p];
        }
        if (ref.winner >= 0) tally->wins[entrant_of[ref.winner]]++;
        tally->matches++;
        referee_release(&ref);
        fflush(stdout);
    }
    if (!args->quiet) {
        printf("set %ld (seed %llu):", set + 1, seed);
        for (int e = 0; e < seating_entrants(players, team_of); e++) printf(" %s %+g", tally->names[e], set_points[e]);
        printf("\n");
    }
    return 0;
}

/* `arena match --game G`: duplicate sets of any game but Piquet. */
static int match_game(struct match_config *config, struct match_args *args, const char **bot_args, int n_bots,
                      struct journal *journal, const char *run)
{
    struct match_bot entrants[GAME_MAX_PLAYERS];
    struct set_tally tally;
    int team_of[GAME_MAX_PLAYERS];
    char err[512];
    int players = seating_teams(config->game, config->players, config->game_rules, team_of, err, sizeof err);
    if (players < 0) {
        fprintf(stderr, "arena match: %s\n", err);
        return 2;
    }
    int want = seating_entrants(players, team_of);
    if (n_bots != want) {
        fprintf(stderr, "arena match: %s for %d players takes %d bot%s (one per %s), not %d\n", config->game->name,
                players, want, want == 1 ? "" : "s", want == players ? "seat" : "side", n_bots);
        return 2;
    }
    for (int i = 0; i < n_bots; i++)
        if (match_bot_parse(&entrants[i], bot_args[i], "", err, sizeof err) < 0) {
            fprintf(stderr, "arena match: %s\n", err);
            return 2;
        }
    for (int i = 0; i < n_bots; i++)
        for (int j = 0; j < i; j++)
            if (entrants[i].name[0] && !strcmp(entrants[i].name, entrants[j].name)) {
                fprintf(stderr, "arena match: two bots are called '%s'\n", entrants[i].name);
                return 2;
            }
    config->players = players;
    memset(&tally, 0, sizeof tally);
    for (long set = 0; set < args->pairs; set++)
        if (play_game_set(config, args, entrants, n_bots, set, journal, run, &tally, err, sizeof err) < 0) {
            fprintf(stderr, "arena match: %s\n", err);
            return 1;
        }
    for (int e = 0; e < n_bots; e++)
        printf("%s%s: %+g (%d won)", e ? "; " : "", tally.names[e], tally.total[e], tally.wins[e]);
    printf("; over %d match%s in %ld set%s\n", tally.matches, tally.matches == 1 ? "" : "es", args->pairs,
           args->pairs == 1 ? "" : "s");
    return 0;
}

/* The sandbox, the logs, a run id and the journal for the bots' commands:
 * 0, or the exit status after saying why. */
static int prepare(struct match_config *config, struct match_setup *setup, struct match_args *args,
                   const char *const *commands, int n, struct journal *journal, char run[RECORD_RUN_ID_LEN + 1])
{
    static struct sandbox sandbox;
    static char log_dir[1024];
    char err[512];
    /* A run id of its own, so that matches appended to one journal stay
     * apart: partie ids 1 and 2 repeat in every match. */
    if (record_new_run_id(run) < 0) {
        fprintf(stderr, "arena match: cannot read /dev/urandom for the run id\n");
        return 1;
    }
    setup->commands = commands;
    setup->n_commands = n;
    setup->run = run;
    setup->hidden = &args->journal_path;
    setup->n_hidden = args->journal_path ? 1 : 0;
    if (match_prepare(config, &sandbox, setup, log_dir, sizeof log_dir, err, sizeof err) < 0) {
        fprintf(stderr, "arena match: %s\n", err);
        return 2;
    }
    if (args->journal_path && journal_open(journal, args->journal_path, err, sizeof err) < 0) {
        fprintf(stderr, "arena match: %s\n", err);
        return 1;
    }
    if (args->journal_path && sandbox_hide(&sandbox, args->journal_path) < 0) {
        fprintf(stderr, "arena match: too many private paths\n");
        return 1;
    }
    return 0;
}

static int match_game_command(struct match_config *config, struct match_setup *setup, struct match_args *args,
                              const char **bot_args, int n_bots)
{
    struct journal journal = { -1, "" };
    struct match_bot parsed[GAME_MAX_PLAYERS];
    const char *commands[GAME_MAX_PLAYERS];
    char run[RECORD_RUN_ID_LEN + 1] = "", err[512];
    for (int i = 0; i < n_bots; i++) {
        if (match_bot_parse(&parsed[i], bot_args[i], "", err, sizeof err) < 0) {
            fprintf(stderr, "arena match: %s\n", err);
            return 2;
        }
        commands[i] = parsed[i].command;
    }
    int status = prepare(config, setup, args, commands, n_bots, &journal, run);
    if (status == 0) status = match_game(config, args, bot_args, n_bots, &journal, run);
    journal_close(&journal);
    return status;
}

int cmd_match(int argc, char **argv)
{
    const struct command_spec *spec = options_command("match");
    struct match_config config;
    static struct referee partie;
    struct match_setup setup;
    struct match_args args;
    const char *bot_args[GAME_MAX_PLAYERS];
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
    if (options_parse(spec, argc, argv, apply_match, &args, bot_args, GAME_MAX_PLAYERS, &n_bots, &status) < 0)
        return status;
    if (apply_rules(&args, err, sizeof err) < 0) {
        fprintf(stderr, "arena match: %s\n", err);
        return 2;
    }
    int piquet = !config.game || config.game == &piquet_game;
    if (piquet && config.players && config.players != 2) {
        fprintf(stderr, "arena match: piquet is played by 2, not --players %d\n", config.players);
        return 2;
    }
    if (piquet && n_bots != 2) return options_usage_error(spec, "give two bots, NAME=COMMAND or COMMAND");
    if (!piquet) return match_game_command(&config, &setup, &args, bot_args, n_bots);
    for (int i = 0; i < 2; i++)
        if (match_bot_parse(&config.bots[i], bot_args[i], "", err, sizeof err) < 0) {
            fprintf(stderr, "arena match: %s\n", err);
            return 2;
        }
    if (config.bots[0].name[0] && !strcmp(config.bots[0].name, config.bots[1].name)) {
        fprintf(stderr, "arena match: two bots are called '%s'\n", config.bots[0].name);
        return 2;
    }
    const char *commands[2] = { config.bots[0].command, config.bots[1].command };
    if ((status = prepare(&config, &setup, &args, commands, 2, &journal, run)) != 0) goto out;
    status = 1;
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
                    referee_release(&partie);
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
            referee_release(&partie);   /* its transcript; the outcome stays readable */
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

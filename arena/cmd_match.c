/* cmd_match.c - `arena match`: one duplicate pair (the same packs twice,
 * seats swapped, fresh processes) between two bot programs, with a
 * readable transcript and the result.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/commands.h"
#include "arena/journal.h"
#include "arena/match.h"
#include "arena/record.h"
#include "arena/transcript.h"

static const char usage[] =
    "usage: arena match [OPTIONS] BOT_A BOT_B\n"
    "\n"
    "Plays one duplicate pair between two bot programs: partie 1 with A dealing\n"
    "first, partie 2 on the same packs with B dealing first (fresh processes),\n"
    "and prints a transcript and the result. A bot is NAME=COMMAND or COMMAND\n"
    "(then the name the bot gives in its hello is used); COMMAND runs under\n"
    "/bin/sh with PIQUET_ENDPOINT and PIQUET_TOKEN set. A NAME is 1 to 32 bytes\n"
    "of UTF-8 without control characters, '/' or '='.\n"
    "\n"
    "  --seed N        master seed of the packs (default 1)\n"
    "  --move-ms N     free time per decision (default 1000)\n"
    "  --bank-ms N     time bank per partie beyond the free time (default 10000)\n"
    "  --grace-ms N    transport tolerance (default 200)\n"
    "  --rule K=V      a variant flag of docs/rules-piquet.md section 8 (repeatable)\n"
    "  --log-dir DIR   bot logs go to DIR/RUN-ID/ (stderr and log messages; default\n"
    "                  $TMPDIR/piquet-arena-logs)\n"
    "  --no-sandbox    run the bots without their sandbox: UNSAFE for bots you\n"
    "                  did not write (README \"Running other people's bots\")\n"
    "  --bot-network   let the sandboxed bots use the network (default: none)\n"
    "  --journal FILE  append both partie records to FILE (JSON lines; see arena replay),\n"
    "                  under a run id of this match's own\n"
    "  --quiet         print only each deal's score and the results\n"
    "\n"
    "exit status: 0 played (whatever the result); 1 the arena failed; 2 bad usage.\n"
    "\n"
    "example: arena match greedy=build/bin/bot-greedy random=build/bin/bot-random --seed 7\n";

static int parse_uint(const char *text, long max, long *out)
{
    char *end = NULL;
    long v = strtol(text, &end, 10);
    if (!end || *end || v < 0 || v > max) return -1;
    *out = v;
    return 0;
}

int cmd_match(int argc, char **argv)
{
    struct match_config config;
    static struct sandbox sandbox;
    struct match_setup setup;
    char log_dir[1024];
    unsigned long long seed = 1;
    int quiet = 0, n_bots = 0;
    const char *journal_path = NULL;
    struct journal journal = { -1, "" };
    char err[512], run[RECORD_RUN_ID_LEN + 1] = "";
    if (command_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return 0;
    }
    match_config_default(&config);
    memset(&setup, 0, sizeof setup);
    for (int i = 0; i < argc; i++) {
        long v;
        const char *opt = argv[i];
        if (!strcmp(opt, "--quiet")) { quiet = 1; continue; }
        if (!strcmp(opt, "--no-sandbox")) { setup.no_sandbox = 1; continue; }
        if (!strcmp(opt, "--bot-network")) { setup.network = 1; continue; }
        if (opt[0] == '-' && opt[1] == '-') {
            if (i + 1 >= argc) {
                fprintf(stderr, "arena match: %s needs a value\n", opt);
                return 2;
            }
            const char *val = argv[++i];
            if (!strcmp(opt, "--seed")) {
                char *end = NULL;
                seed = strtoull(val, &end, 10);
                if (!end || *end) goto bad_value;
            } else if (!strcmp(opt, "--move-ms") || !strcmp(opt, "--bank-ms") || !strcmp(opt, "--grace-ms")) {
                if (parse_uint(val, 3600000, &v) < 0) goto bad_value;
                if (opt[2] == 'm') config.clock.move_ms = (uint32_t)v;
                else if (opt[2] == 'b') config.clock.bank_ms = (uint32_t)v;
                else config.clock.grace_ms = (uint32_t)v;
            } else if (!strcmp(opt, "--rule")) {
                char name[64];
                const char *eq = strchr(val, '=');
                if (!eq || (size_t)(eq - val) >= sizeof name) goto bad_value;
                memcpy(name, val, (size_t)(eq - val));
                name[eq - val] = '\0';
                if (pq_rules_set(&config.rules, name, eq + 1, err, sizeof err) < 0) {
                    fprintf(stderr, "arena match: %s\n", err);
                    return 2;
                }
            } else if (!strcmp(opt, "--log-dir")) {
                setup.log_base = val;
            } else if (!strcmp(opt, "--journal")) {
                journal_path = val;
            } else {
                fprintf(stderr, "arena match: unknown option '%s'\n%s", opt, usage);
                return 2;
            }
            continue;
        bad_value:
            fprintf(stderr, "arena match: bad value '%s' for %s\n", val, opt);
            return 2;
        }
        if (n_bots == 2) {
            fprintf(stderr, "arena match: expected two bots, NAME=COMMAND or COMMAND ('%s')\n%s", opt, usage);
            return 2;
        }
        if (match_bot_parse(&config.bots[n_bots], opt, "", err, sizeof err) < 0) {
            fprintf(stderr, "arena match: %s\n", err);
            return 2;
        }
        n_bots++;
    }
    if (n_bots != 2) {
        fprintf(stderr, "arena match: give two bots\n%s", usage);
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
    setup.hidden = &journal_path;
    setup.n_hidden = journal_path ? 1 : 0;
    if (match_prepare(&config, &sandbox, &setup, log_dir, sizeof log_dir, err, sizeof err) < 0) {
        fprintf(stderr, "arena match: %s\n", err);
        return 2;
    }
    if (journal_path && journal_open(&journal, journal_path, err, sizeof err) < 0) {
        fprintf(stderr, "arena match: %s\n", err);
        return 1;
    }
    if (journal_path && sandbox_hide(&sandbox, journal_path) < 0) {
        fprintf(stderr, "arena match: too many private paths\n");
        return 1;
    }
    static struct referee parties[2];
    double points[2] = { 0, 0 };
    for (int k = 0; k < 2; k++) {
        if (match_play(&config, (uint64_t)k + 1, seed, k, &parties[k], err, sizeof err) < 0) {
            fprintf(stderr, "arena match: %s\n", err);
            return 1;
        }
        if (journal.fd >= 0) {
            cJSON *record = record_partie(&parties[k], seed);
            if (record) cJSON_AddStringToObject(record, "run", run);
            int rc = record ? journal_append(&journal, record, err, sizeof err) : -1;
            cJSON_Delete(record);
            if (rc < 0) {
                fprintf(stderr, "arena match: %s\n", record ? err : "out of memory");
                journal_close(&journal);
                return 1;
            }
        }
        printf("== partie %d: %s deals first ==\n", k + 1, parties[k].names[k]);
        transcript_print(stdout, &parties[k], !quiet);
        if (parties[k].winner >= 0) {
            points[parties[k].winner] += parties[k].settlement;
            points[1 - parties[k].winner] -= parties[k].settlement;
        }
    }
    printf("== pair (seed %llu): %s %+g, %s %+g ==\n", seed, parties[0].names[0], points[0], parties[0].names[1], points[1]);
    journal_close(&journal);
    return 0;
}

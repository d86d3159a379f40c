/* cmd_check.c - `arena check BOT`: the compliance check of check.h with a
 * report a bot author can act on.
 */
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "arena/check.h"
#include "arena/commands.h"

static const char usage[] =
    "usage: arena check [--move-ms N] [--opponent COMMAND] [--log-dir DIR] [--no-sandbox] BOT\n"
    "\n"
    "Takes a bot through every phase and rare case of Piquet (carte blanche for\n"
    "either seat and against it, exchanges, calls, answers, extras, an equal\n"
    "class, untaken cards and look/nolook, leads and follows, a capot hand, deal\n"
    "and partie ends) in two parties on constructed packs, and reports each check\n"
    "as passed, FAILED (with the reason), or not reached (the bot's own choices\n"
    "avoided it; not a failure). BOT is NAME=COMMAND or COMMAND; a NAME is 1 to\n"
    "32 bytes of UTF-8 without control characters, '/' or '='.\n"
    "\n"
    "  --move-ms N         time per decision (default 1000; bank 10000)\n"
    "  --opponent COMMAND  the opponent (default: bot-greedy --exchange 3 beside arena)\n"
    "  --log-dir DIR       bot logs go to DIR/RUN-ID/ (default $TMPDIR/piquet-arena-logs)\n"
    "  --no-sandbox        run the bots without their sandbox: UNSAFE for bots you\n"
    "                      did not write (README \"Running other people's bots\")\n"
    "\n"
    "exit status: 0 no check failed; 1 a check failed or the arena failed; 2 bad usage.\n"
    "\n"
    "example: arena check build/bin/bot-random\n";

/* bot-greedy beside this program, with a small exchange. */
static void default_opponent(char *out, size_t cap)
{
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        snprintf(out, cap, "bot-greedy --exchange 3");
        return;
    }
    self[n] = '\0';
    snprintf(out, cap, "'%s/bot-greedy' --exchange 3", dirname(self));
}

int cmd_check(int argc, char **argv)
{
    struct match_config config;
    struct match_bot bot;
    struct check_report report;
    char opponent[PATH_MAX + 64], err[512], log_dir[1024];
    static struct sandbox sandbox;
    struct match_setup setup;
    const char *bot_arg = NULL;
    if (command_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return 0;
    }
    match_config_default(&config);
    memset(&setup, 0, sizeof setup);
    default_opponent(opponent, sizeof opponent);
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--move-ms") && i + 1 < argc) {
            char *end = NULL;
            long v = strtol(argv[++i], &end, 10);
            if (!end || *end || v < 1 || v > 3600000) {
                fprintf(stderr, "arena check: bad value '%s' for --move-ms\n", argv[i]);
                return 2;
            }
            config.clock.move_ms = (uint32_t)v;
        } else if (!strcmp(argv[i], "--opponent") && i + 1 < argc) {
            snprintf(opponent, sizeof opponent, "%s", argv[++i]);
        } else if (!strcmp(argv[i], "--log-dir") && i + 1 < argc) {
            setup.log_base = argv[++i];
        } else if (!strcmp(argv[i], "--no-sandbox")) {
            setup.no_sandbox = 1;
        } else if (argv[i][0] == '-' || bot_arg) {
            fprintf(stderr, "arena check: unexpected '%s'\n%s", argv[i], usage);
            return 2;
        } else {
            bot_arg = argv[i];
        }
    }
    if (!bot_arg) {
        fprintf(stderr, "arena check: give the bot to check\n%s", usage);
        return 2;
    }
    if (match_bot_parse(&bot, bot_arg, "bot", err, sizeof err) < 0) {
        fprintf(stderr, "arena check: %s\n", err);
        return 2;
    }
    const char *commands[2] = { bot.command, opponent };
    setup.commands = commands;
    setup.n_commands = 2;
    if (match_prepare(&config, &sandbox, &setup, log_dir, sizeof log_dir, err, sizeof err) < 0) {
        fprintf(stderr, "arena check: %s\n", err);
        return 2;
    }
    if (check_run(&bot, opponent, &config, &report, err, sizeof err) < 0) {
        fprintf(stderr, "arena check: %s\n", err);
        return 1;
    }
    int failed = 0, passed = 0;
    for (int s = 0; s < CHECK_SITUATIONS; s++) {
        const char *mark = report.status[s] == CHECK_PASSED ? "pass" : report.status[s] == CHECK_FAILED ? "FAIL" : "----";
        printf("%s  %s", mark, check_situation_name(s));
        if (report.status[s] == CHECK_FAILED) printf(": %s", report.why[s]);
        if (report.status[s] == CHECK_NOT_REACHED) printf(" (not reached)");
        printf("\n");
        failed += report.status[s] == CHECK_FAILED;
        passed += report.status[s] == CHECK_PASSED;
    }
    printf("%d passed, %d failed, %d not reached; %d decisions, mean %.1f ms\n", passed, failed,
           CHECK_SITUATIONS - passed - failed, report.decisions,
           report.decisions ? (double)report.think_ms / report.decisions : 0.0);
    return failed ? 1 : 0;
}

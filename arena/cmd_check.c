/* cmd_check.c - `arena check BOT [--game G] [--players N]`: the compliance
 * check of check.h (any game with a struct game_check) with a report a bot
 * author can act on.
 */
#include <assert.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "arena/commands.h"
#include "arena/options.h"
#include "arena/play/check.h"

/* bot-greedy beside this program: Piquet's with a small exchange, or
 * playing `game` (not NULL). */
static void default_opponent(char *out, size_t cap, const struct game *game)
{
    char self[PATH_MAX], args[96];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (game) snprintf(args, sizeof args, "--game %s", game->name);
    else snprintf(args, sizeof args, "--exchange 3");
    if (n <= 0) {
        snprintf(out, cap, "bot-greedy %s", args);
        return;
    }
    self[n] = '\0';
    snprintf(out, cap, "'%s/bot-greedy' %s", dirname(self), args);
}

struct check_args {
    struct match_config *config;
    struct match_setup *setup;
    char *opponent;
    size_t opponent_cap;
};

static int apply_check(void *ctx, const struct option_value *v, char *err, size_t cap)
{
    struct check_args *a = ctx;
    (void)err;
    (void)cap;
    switch (v->option->id) {
    case OPT_MOVE_MS: a->config->clock.move_ms = (uint32_t)v->integer; break;
    case OPT_OPPONENT: snprintf(a->opponent, a->opponent_cap, "%s", v->text); break;
    case OPT_LOG_DIR: a->setup->log_base = v->text; break;
    case OPT_NO_SANDBOX: a->setup->no_sandbox = (int)v->integer; break;
    case OPT_BOT_NETWORK: a->setup->network = (int)v->integer; break;
    case OPT_GAME: a->config->game = game_find(v->text); break;
    case OPT_PLAYERS: a->config->players = (int)v->integer; break;
    default: assert(0);
    }
    return 0;
}

int cmd_check(int argc, char **argv)
{
    const struct command_spec *spec = options_command("check");
    struct match_config config;
    struct match_bot bot;
    struct check_report report;
    char opponent[PATH_MAX + 64], err[512], log_dir[1024];
    static struct sandbox sandbox;
    struct match_setup setup;
    const char *bot_arg = NULL;
    int n_bots = 0, status;
    match_config_default(&config);
    memset(&setup, 0, sizeof setup);
    opponent[0] = '\0';
    struct check_args args = { &config, &setup, opponent, sizeof opponent };
    if (options_parse(spec, argc, argv, apply_check, &args, &bot_arg, 1, &n_bots, &status) < 0) return status;
    if (!bot_arg) return options_usage_error(spec, "give the bot to check");
    if (config.game == &piquet_game) config.game = NULL;
    if (config.game && !config.game->check) {
        fprintf(stderr, "arena check: --game %s: arena check does not know this game yet\n", config.game->name);
        return 2;
    }
    if (config.players && (!config.game || config.players < config.game->min_players ||
                           config.players > config.game->max_players)) {
        fprintf(stderr, "arena check: --players %d: %s takes %d to %d\n", config.players,
                config.game ? config.game->name : "piquet", config.game ? config.game->min_players : 2,
                config.game ? config.game->max_players : 2);
        return 2;
    }
    if (!opponent[0]) default_opponent(opponent, sizeof opponent, config.game);
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
    int rc = check_run(&bot, opponent, &config, &report, err, sizeof err);
    if (rc < 0) {
        fprintf(stderr, "arena check: %s\n", err);
        return 1;
    }
    int failed = 0, passed = 0, absent = 0;
    for (int s = 0; s < report.n_situations; s++) {
        const char *mark = report.status[s] == CHECK_PASSED ? "pass" : report.status[s] == CHECK_FAILED ? "FAIL" : "----";
        printf("%s  %s", mark, check_report_situation_name(&report, s));
        if (report.status[s] == CHECK_FAILED) printf(": %s", report.why[s]);
        if (report.status[s] == CHECK_NOT_REACHED) printf(" (not reached)");
        if (report.status[s] == CHECK_ABSENT) printf(" (not in this game)");
        printf("\n");
        failed += report.status[s] == CHECK_FAILED;
        passed += report.status[s] == CHECK_PASSED;
        absent += report.status[s] == CHECK_ABSENT;
    }
    printf("%d passed, %d failed, %d not reached", passed, failed, report.n_situations - passed - failed - absent);
    if (absent) printf(", %d not in this game", absent);
    printf("; %d decisions, mean %.1f ms\n", report.decisions,
           report.decisions ? (double)report.think_ms / report.decisions : 0.0);
    return failed ? 1 : 0;
}

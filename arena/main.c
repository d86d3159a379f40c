/* main.c - the `arena` program: finds the command in the table and hands
 * it the rest of the command line. Only commands decide exit codes.
 */
#include <stdio.h>
#include <string.h>
#include "arena/commands.h"

static const struct command commands[] = {
    { "run", "a tournament of duplicate pairs, many parties at once, journalled", cmd_run },
    { "resume", "continue a tournament from its journal", cmd_resume },
    { "match", "play duplicate pairs between two bot programs", cmd_match },
    { "check", "take a bot through every phase and rare case, report each", cmd_check },
    { "sprt", "is version B better than A? duplicate pairs until the SPRT decides", cmd_sprt },
    { "ratings", "rate bots from results: Elo with intervals, LOS, head-to-head", cmd_ratings },
    { "replay", "re-execute deal or partie records and print their results", cmd_replay },
    { "post", "send a journal's parties to a leaderboard (what it has not yet got)", cmd_post },
    { "bench", "measure the engine and the raw ZeroMQ round trip", cmd_bench },
    { "rules", "the variant flags --rule sets: values, defaults, what they do", cmd_rules },
    { "serve", "the ladder arena: registered bots connect over CURVE and play until stopped", cmd_serve },
    { "keys", "make a CURVE key pair for an arena or a remote bot", cmd_keys },
    { "version", "the arena's version (also arena --version)", cmd_version },
};
enum { N_COMMANDS = sizeof commands / sizeof commands[0] };

static void usage(FILE *out)
{
    fputs("usage: arena COMMAND [ARGS]\n\nReferee and tournament harness for Piquet bots.\n\ncommands:\n", out);
    for (int i = 0; i < N_COMMANDS; i++) fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fputs("  help CMD   show help for a command\n\nRun 'arena COMMAND --help' for a command's options.\n", out);
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "--version")) return cmd_version(argc - 2, argv + 2);
    const char *name = !strcmp(argv[1], "help") && argc > 2 ? argv[2] : argv[1];
    for (int i = 0; i < N_COMMANDS; i++) {
        if (strcmp(commands[i].name, name)) continue;
        if (!strcmp(argv[1], "help")) {
            char *help[] = { "--help", NULL };
            return commands[i].run(1, help);
        }
        return commands[i].run(argc - 2, argv + 2);
    }
    if (!strcmp(argv[1], "help")) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "arena: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}

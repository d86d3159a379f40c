/* cmd_replay.c - `arena replay`: deal and partie records through the
 * engine (arena/replay.h), printed as JSON or checked against fixtures.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/commands.h"
#include "arena/replay.h"

static const char usage[] =
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

int cmd_replay(int argc, char **argv)
{
    int check = 0, compact = 0, files = 0, worst = 0;
    if (command_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return 0;
    }
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--check")) check = 1;
        else if (!strcmp(argv[i], "--compact")) compact = 1;
        else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "arena replay: unknown option '%s'\n%s", argv[i], usage);
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
        fprintf(stderr, "arena replay: no FILE given\n%s", usage);
        return 2;
    }
    return worst;
}


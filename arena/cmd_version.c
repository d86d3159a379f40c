/* cmd_version.c - `arena version` and `arena --version`. */
#include <stdio.h>
#include "arena/commands.h"
#include "engine/game.h"
#include "arena/options.h"
#include "arena/version.h"
#include "protocol/codec.h"

int cmd_version(int argc, char **argv)
{
    const struct command_spec *spec = options_command("version");
    int n = 0, status;
    if (options_parse(spec, argc, argv, NULL, NULL, NULL, 0, &n, &status) < 0) return status;
    printf("arena (piquet-arena) %s, protocols %d and %d, games:", ARENA_VERSION, PROTOCOL_VERSION_1,
           PROTOCOL_VERSION_2);
    for (int i = 0; game_modules[i]; i++) printf(" %s", game_modules[i]->name);
    printf("\n");
    return 0;
}

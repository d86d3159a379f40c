/* cmd_version.c - `arena version` and `arena --version`. */
#include <stdio.h>
#include "arena/commands.h"
#include "arena/options.h"
#include "arena/version.h"
#include "protocol/codec.h"

int cmd_version(int argc, char **argv)
{
    const struct command_spec *spec = options_command("version");
    int n = 0, status;
    if (options_parse(spec, argc, argv, NULL, NULL, NULL, 0, &n, &status) < 0) return status;
    printf("arena (piquet-arena) %s, protocol %d\n", ARENA_VERSION, PROTOCOL_VERSION);
    return 0;
}

/* cmd_keys.c - `arena keys new NAME [--dir DIR]`: a CURVE key pair on disk
 * (protocol/curve_keys.h) for an arena's --server-key or a remote bot's
 * PIQUET_KEY_FILE; prints the public key.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include "arena/commands.h"
#include "arena/options.h"
#include "protocol/curve_keys.h"

static int apply_keys(void *ctx, const struct option_value *v, char *err, size_t cap)
{
    const char **dir = ctx;
    (void)err;
    (void)cap;
    assert(v->option->id == OPT_DIR);
    *dir = v->text;
    return 0;
}

int cmd_keys(int argc, char **argv)
{
    const struct command_spec *spec = options_command("keys");
    const char *dir = ".", *operands[2] = { NULL, NULL };
    char public_key[CURVE_KEY_TEXT], err[512];
    int n = 0, status;
    if (options_parse(spec, argc, argv, apply_keys, &dir, operands, 2, &n, &status) < 0) return status;
    if (n != 2 || strcmp(operands[0], "new")) return options_usage_error(spec, "give: new NAME");
    if (curve_keys_new(dir, operands[1], public_key, err, sizeof err) < 0) {
        fprintf(stderr, "arena keys: %s\n", err);
        return 1;
    }
    printf("%s\n", public_key);
    fprintf(stderr, "wrote %s/%s.key (the pair: keep it secret) and %s/%s.pub (the public key)\n", dir, operands[1],
            dir, operands[1]);
    return 0;
}

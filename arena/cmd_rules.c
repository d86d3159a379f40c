/* cmd_rules.c - `arena rules [--game G]`: a game's variant flags, read
 * from the game's one table (engine/game.h): each flag's values, default
 * and help.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include "arena/commands.h"
#include "arena/options.h"
#include "engine/game.h"

static int apply_rules(void *ctx, const struct option_value *v, char *err, size_t cap)
{
    const struct game **g = ctx;
    (void)err;
    (void)cap;
    assert(v->option->id == OPT_GAME);
    *g = game_find(v->text);
    return 0;
}

int cmd_rules(int argc, char **argv)
{
    const struct command_spec *spec = options_command("rules");
    const struct game *g = &piquet_game;
    char values[160];
    int n = 0, status;
    if (options_parse(spec, argc, argv, apply_rules, &g, NULL, 0, &n, &status) < 0) return status;
    printf("%s: %d to %d players (default %d)\n\n", g->name, g->min_players, g->max_players, g->default_players);
    printf("%-22s %-38s %s\n", "flag", "values", "default");
    for (int i = 0; i < g->n_flags; i++) {
        const struct game_flag *f = &g->flags[i];
        printf("%-22s %-38s %s\n", f->name, game_flag_values_text(f, values, (int)sizeof values), f->fallback);
        printf("    %s\n", f->help);
    }
    printf("\nset with --rule NAME=VALUE (arena run, arena match), \"rules\": {\"NAME\": \"VALUE\"} in a tournament\n"
           "file or a record; docs/rules-%.*s.md gives each rule in full.\n", (int)strcspn(g->name, "-"), g->name);
    return 0;
}

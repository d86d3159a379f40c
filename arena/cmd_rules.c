/* cmd_rules.c - `arena rules`: the variant flags of engine/rules.h, read
 * from the engine's one table: each flag's values, default and help.
 */
#include <stdio.h>
#include "arena/commands.h"
#include "arena/options.h"
#include "engine/rules.h"

int cmd_rules(int argc, char **argv)
{
    const struct command_spec *spec = options_command("rules");
    char values[160];
    int n = 0, status;
    if (options_parse(spec, argc, argv, NULL, NULL, NULL, 0, &n, &status) < 0) return status;
    printf("%-22s %-38s %s\n", "flag", "values", "default");
    for (int i = 0; i < PQ_RULE_FLAGS; i++) {
        const struct pq_rule_flag *f = &pq_rule_flags[i];
        printf("%-22s %-38s %s\n", f->name, pq_rule_values_text(f, values, sizeof values), f->fallback);
        printf("    %s\n", f->help);
    }
    printf("\nset with --rule NAME=VALUE (arena run, arena match), \"rules\": {\"NAME\": \"VALUE\"} in a tournament\n"
           "file or a record; docs/rules-piquet.md section 8 gives each rule in full.\n");
    return 0;
}

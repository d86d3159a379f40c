/* cmd_merge.c - `arena merge J1 J2 ... -o J`: the journals of a
 * tournament's shards (arena run --shard K/N) joined into the journal one
 * machine would have written (arena/tournament/merge.h has the checks and
 * the merged journal's form). Nothing is written when a journal is not a
 * shard of the same tournament, or, without --partial, when a match is
 * missing: then what is missing is listed shard by shard.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "arena/commands.h"
#include "arena/options.h"
#include "arena/tournament/merge.h"

struct merge_args {
    const char *output;
    int partial, quiet;
};

static int apply_merge(void *ctx, const struct option_value *v, char *err, size_t cap)
{
    struct merge_args *a = ctx;
    (void)err;
    (void)cap;
    switch (v->option->id) {
    case OPT_OUTPUT: a->output = v->text; break;
    case OPT_PARTIAL: a->partial = (int)v->integer; break;
    case OPT_QUIET: a->quiet = (int)v->integer; break;
    default: assert(0);
    }
    return 0;
}

int cmd_merge(int argc, char **argv)
{
    static struct merge m;
    const struct command_spec *spec = options_command("merge");
    struct merge_args a = { NULL, 0, 0 };
    const char **journals = malloc(((size_t)argc + 1) * sizeof *journals);
    char err[1600];
    int status = 2, n = 0;
    merge_init(&m);
    if (!journals) {
        fprintf(stderr, "arena merge: out of memory\n");
        return 1;
    }
    if (options_parse(spec, argc, argv, apply_merge, &a, journals, argc, &n, &status) < 0) goto out;
    status = 2;
    if (!n || !a.output) {
        status = options_usage_error(spec, "give the shards' journals and --output FILE");
        goto out;
    }
    if (access(a.output, F_OK) == 0) {
        fprintf(stderr, "arena merge: '%s' exists; choose another --output\n", a.output);
        goto out;
    }
    for (int i = 0; i < n; i++)
        if (merge_add(&m, journals[i], err, sizeof err) < 0) {
            fprintf(stderr, "arena merge: %s\n", err);
            goto out;
        }
    size_t missing = merge_missing(&m), total = m.sched.n;
    if (m.torn)
        fprintf(stderr, "arena merge: %d journal%s ended with a torn line (a shard killed while writing); its "
                        "record is counted missing\n", m.torn, m.torn == 1 ? "" : "s");
    if (missing) {
        merge_report_missing(&m, stderr);
        if (!a.partial) {
            fprintf(stderr, "arena merge: %zu of %zu %s missing: nothing written. Run or resume the shards that "
                            "lack them (arena resume SHARD.jsonl), or give --partial and then arena resume %s\n",
                    missing, total, merge_word(&m), a.output);
            status = 1;
            goto out;
        }
    }
    if (merge_write(&m, a.output, err, sizeof err) < 0) {
        fprintf(stderr, "arena merge: %s\n", err);
        status = 1;
        goto out;
    }
    if (missing)
        fprintf(stderr, "arena merge: %s holds %zu of %zu %s; arena resume %s plays the %zu missing\n", a.output,
                total - missing, total, merge_word(&m), a.output, missing);
    else if (!a.quiet)
        printf("%d shard%s, %zu of %zu %s: %s\n", m.n, m.n == 1 ? "" : "s", total, total, merge_word(&m), a.output);
    status = 0;
out:
    merge_release(&m);
    free(journals);
    return status;
}

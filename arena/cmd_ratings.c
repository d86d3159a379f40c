/* cmd_ratings.c - `arena ratings`: standings with honest error bars, the
 * head-to-head table, and a PGN export, from result files (arena/results.h)
 * through the statistics library (arena/ratings.h, arena/pentanomial.h).
 *
 * Every input is read and every number computed before anything is
 * written, and the report is rendered into memory first: bad input leaves
 * stdout empty, and stdout never holds half a report.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/commands.h"
#include "arena/pairings.h"
#include "arena/pgn.h"
#include "arena/ratings.h"
#include "arena/results.h"
#include "arena/standings.h"
#include "arena/table.h"

static const char usage[] =
    "usage: arena ratings [--json | --csv | --pgn] [--head-to-head]\n"
    "                     [--anchor NAME[=RATING]] [--no-advantage] FILE...\n"
    "\n"
    "Rates bots from finished parties: maximum-likelihood Bradley-Terry Elo with\n"
    "a fitted first-dealer advantage (Ordo's model, standard Elo scale), 95%\n"
    "intervals from the cluster-robust covariance over duplicate pairs, the\n"
    "model (Hessian) error, and the likelihood of superiority (LOS) of each bot\n"
    "over the one ranked next below it. Bots that cannot be rated (all wins,\n"
    "all losses, no parties, or separated: beat every bot of one group and lost\n"
    "to every bot of another) are listed apart with the reason.\n"
    "\n"
    "Input: one or more files; bots are merged by name.\n"
    "  NAME.pgn   PGN games (what Ordo and BayesElo read): [White] is the first\n"
    "             dealer, [Result] 1-0, 0-1 or 1/2-1/2 (\"*\" is skipped). Each\n"
    "             game is a cluster of its own: PGN cannot mark duplicate pairs.\n"
    "  NAME.jsonl a journal (arena match --journal, arena sprt --record): every\n"
    "             partie record; the two parties on one seed between the same\n"
    "             bots are a duplicate pair; a torn last line is skipped.\n"
    "  other      a results file: CSV with the header line\n"
    "               first,second,score,pair,settlement\n"
    "             first       the first dealer's name\n"
    "             second      the other bot's name\n"
    "             score       the first dealer's score: 1, 0.5 or 0\n"
    "             pair        optional duplicate-pair id, shared by the two\n"
    "                         parties of a pair (same deal seeds, seats swapped);\n"
    "                         empty: the partie is a cluster of its own. Ids are\n"
    "                         local to their file.\n"
    "             settlement  optional integer: the first dealer's settlement in\n"
    "                         points (negative when he lost)\n"
    "             Lines starting with '#' are comments; trailing empty fields may\n"
    "             be left out. Quote a field holding a comma or a quote, or a\n"
    "             name starting with '#', as RFC 4180 does: \"Bot \"\"X\"\", v2\".\n"
    "             Names are UTF-8. Every file must hold at least one partie.\n"
    "  example:   # a duplicate pair, then a lone partie\n"
    "             first,second,score,pair,settlement\n"
    "             greedy,random,1,d1,131\n"
    "             random,greedy,0,d1,-112\n"
    "             greedy,random,0.5,,\n"
    "\n"
    "Output (default: tables for a terminal; names over 40 columns are cut and\n"
    "control characters escaped, --json and --csv keep names whole):\n"
    "  --json          one JSON object: \"bots\" (name, rank, status, group,\n"
    "                  rating, ci_low, ci_high, se_model, se_robust, parties,\n"
    "                  score, score_pct, los_next), \"advantage\", \"anchor\",\n"
    "                  \"pairs\", \"rho\", \"los\" (every rated pair of bots), ...\n"
    "  --csv           the standings as CSV (RFC 4180 quoting), one record per bot\n"
    "  --pgn           the parties as PGN, to cross-check with Ordo or BayesElo\n"
    "                  (pairs and settlements are not kept), e.g.\n"
    "                  ordo -p out.pgn -a 0 -z 200.2409 -W\n"
    "  --head-to-head  per pairing instead of per bot: W-D-L, pentanomial counts\n"
    "                  over duplicate pairs (LL-LD-WL/DD-DW-WW), score, Elo +- 95%,\n"
    "                  nElo, LOS and the mean settlement margin per partie with\n"
    "                  its 95% interval; without pairs, from the parties taken\n"
    "                  as independent. Combines with --json or --csv.\n"
    "  --anchor NAME[=RATING]  fix NAME's rating at RATING (default 0) instead\n"
    "                  of a mean rating of 0\n"
    "  --no-advantage  fit no first-dealer advantage\n"
    "\n"
    "exit status: 0 done; 1 out of memory or cannot write; 2 bad usage or bad\n"
    "input (stderr names the file and line; nothing is written to stdout).\n"
    "\n"
    "example: arena ratings tests/fixtures/ratings/games.pgn\n";

enum format { FORMAT_TEXT, FORMAT_JSON, FORMAT_CSV, FORMAT_PGN };

struct request {
    enum format format;
    bool head_to_head;
    bool no_advantage;
    const char *anchor;   /* as given: NAME or NAME=RATING */
    char **files;
    int n_files;
};

/* Writes "arena ratings: ", `before`, the name escaped, `after` to stderr. */
static void complain_about(const char *before, const char *name, const char *after)
{
    fprintf(stderr, "arena ratings: %s", before);
    table_put_text(stderr, name, 0);
    fprintf(stderr, "%s\n", after);
}

/* Parses the command line; 0, or 2 after saying why. */
static int parse(struct request *req, int argc, char **argv)
{
    bool options = true;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        enum format f = FORMAT_TEXT;
        if (!options || a[0] != '-' || !a[1]) {
            req->files[req->n_files++] = argv[i];
            continue;
        }
        if (!strcmp(a, "--")) options = false;
        else if (!strcmp(a, "--json")) f = FORMAT_JSON;
        else if (!strcmp(a, "--csv")) f = FORMAT_CSV;
        else if (!strcmp(a, "--pgn")) f = FORMAT_PGN;
        else if (!strcmp(a, "--head-to-head")) req->head_to_head = true;
        else if (!strcmp(a, "--no-advantage")) req->no_advantage = true;
        else if (!strcmp(a, "--anchor")) {
            if (i + 1 >= argc || !argv[i + 1][0]) {
                fprintf(stderr, "arena ratings: --anchor needs NAME[=RATING]\n");
                return 2;
            }
            req->anchor = argv[++i];
        } else {
            fprintf(stderr, "arena ratings: unknown option '%s'\n%s", a, usage);
            return 2;
        }
        if (f != FORMAT_TEXT) {
            if (req->format != FORMAT_TEXT && req->format != f) {
                fprintf(stderr, "arena ratings: choose one of --json, --csv and --pgn\n");
                return 2;
            }
            req->format = f;
        }
    }
    if (req->format == FORMAT_PGN && req->head_to_head) {
        fprintf(stderr, "arena ratings: --pgn exports parties; it has no head-to-head form\n");
        return 2;
    }
    if (req->n_files == 0) {
        fprintf(stderr, "arena ratings: no FILE given\n%s", usage);
        return 2;
    }
    return 0;
}

/* Resolves --anchor against the bots read: the whole argument when it is a
 * bot's name (names may hold '='), else NAME=RATING split at the last '='.
 * Sets o->anchor (pointing into *name_copy, which the caller frees) and
 * o->anchor_rating. Returns 0, or 2 after saying why. */
static int resolve_anchor(const char *arg, const struct results *res,
                          struct ratings_options *o, char **name_copy)
{
    for (int i = 0; i < res->n_bots; i++)
        if (!strcmp(res->names[i], arg)) {
            o->anchor = res->names[i];
            o->anchor_rating = 0;
            return 0;
        }
    const char *eq = strrchr(arg, '=');
    if (eq) {
        char *end;
        double rating = strtod(eq + 1, &end);
        if (!eq[1] || *end || !isfinite(rating) || fabs(rating) > 1e6) {
            complain_about("--anchor: bad rating in '", arg, "'");
            return 2;
        }
        size_t len = (size_t)(eq - arg);
        *name_copy = malloc(len + 1);
        if (!*name_copy) {
            fprintf(stderr, "arena ratings: out of memory\n");
            return 1;
        }
        memcpy(*name_copy, arg, len);
        (*name_copy)[len] = '\0';
        for (int i = 0; i < res->n_bots; i++)
            if (!strcmp(res->names[i], *name_copy)) {
                o->anchor = res->names[i];
                o->anchor_rating = rating;
                return 0;
            }
        arg = *name_copy;
    }
    complain_about("--anchor: '", arg, "' is not a bot of the input");
    return 2;
}

/* The fit, with the anchor checked first so that an anchor that cannot be
 * rated is a usage error (2) and not a failure (1). */
static int fit(const struct request *req, const struct results *res,
               struct ratings **out)
{
    struct ratings_options o = { .fit_advantage = !req->no_advantage };
    const char *const *names = (const char *const *)res->names;
    char err[512], *anchor_copy = NULL;
    int rc = 0;
    *out = NULL;
    if (req->anchor) {
        rc = resolve_anchor(req->anchor, res, &o, &anchor_copy);
        if (rc) goto out;
        const char *anchor = o.anchor;
        o.anchor = NULL;
        struct ratings *plain = ratings_fit(res->parties, res->n_parties, names,
                                            res->n_bots, &o, err, sizeof err);
        if (!plain) goto failed;
        int a = ratings_find(plain, anchor);
        enum ratings_status status = plain->status[a];
        ratings_free(plain);
        if (status != RATINGS_RATED) {
            char why[64];
            snprintf(why, sizeof why, "' has no finite rating (%s)",
                     ratings_status_name(status));
            complain_about("--anchor: '", anchor, why);
            rc = 2;
            goto out;
        }
        o.anchor = anchor;
    }
    *out = ratings_fit(res->parties, res->n_parties, names, res->n_bots, &o,
                       err, sizeof err);
    if (*out) goto out;
failed:
    fprintf(stderr, "arena ratings: %s\n", err);
    rc = 1;
out:
    free(anchor_copy);
    return rc;
}

/* Prints the JSON tree and frees it; 0, or -1 when out of memory or on a
 * write error. */
static int print_json(cJSON *root, FILE *out)
{
    char *text = root ? cJSON_Print(root) : NULL;
    int rc = text && fprintf(out, "%s\n", text) >= 0 ? 0 : -1;
    free(text);
    cJSON_Delete(root);
    return rc;
}

/* Renders the requested report into out; 0, or 1 after saying why. */
static int render(const struct request *req, const struct results *res,
                  FILE *out)
{
    const char *const *names = (const char *const *)res->names;
    struct ratings *r = NULL;
    struct standings s = { 0 };
    struct pairings p = { 0 };
    char err[512];
    int rc;

    if (req->format == FORMAT_PGN) {
        if (pgn_write(out, res->parties, res->n_parties, names, res->n_bots, err,
                      sizeof err) < 0) {
            fprintf(stderr, "arena ratings: %s\n", err);
            return 1;
        }
        return 0;
    }
    if ((rc = fit(req, res, &r)) != 0) return rc;
    rc = 1;
    if (standings_init(&s, r) < 0) goto oom;
    if (req->head_to_head) {
        if (pairings_tally(&p, res->parties, res->n_parties, s.order, r->n_bots,
                           err, sizeof err) < 0) {
            fprintf(stderr, "arena ratings: %s\n", err);
            goto out;
        }
        if ((req->format == FORMAT_JSON && print_json(pairings_json(&p, names), out) < 0) ||
            (req->format == FORMAT_CSV && pairings_print_csv(&p, names, out) < 0) ||
            (req->format == FORMAT_TEXT && pairings_print_text(&p, names, out) < 0))
            goto oom;
    } else if ((req->format == FORMAT_JSON && print_json(standings_json(&s), out) < 0) ||
               (req->format == FORMAT_CSV && standings_print_csv(&s, out) < 0) ||
               (req->format == FORMAT_TEXT && standings_print_text(&s, out) < 0)) {
        goto oom;
    }
    rc = 0;
    goto out;
oom:
    fprintf(stderr, "arena ratings: out of memory\n");
out:
    pairings_release(&p);
    standings_release(&s);
    ratings_free(r);
    return rc;
}

int cmd_ratings(int argc, char **argv)
{
    struct request req = { 0 };
    struct results res;
    char err[512], *report = NULL;
    size_t report_len = 0;
    int rc;

    if (command_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return 0;
    }
    results_init(&res);
    req.files = malloc(sizeof *req.files * ((size_t)argc + 1));
    if (!req.files) {
        fprintf(stderr, "arena ratings: out of memory\n");
        return 1;
    }
    if ((rc = parse(&req, argc, argv)) != 0) goto out;
    for (int i = 0; i < req.n_files; i++)
        if (results_read(&res, req.files[i], err, sizeof err) < 0) {
            fprintf(stderr, "arena ratings: %s\n", err);
            rc = 2;
            goto out;
        }

    FILE *out = open_memstream(&report, &report_len);
    if (!out) {
        fprintf(stderr, "arena ratings: out of memory\n");
        rc = 1;
        goto out;
    }
    rc = render(&req, &res, out);
    if (fclose(out) != 0 && rc == 0) {
        fprintf(stderr, "arena ratings: out of memory\n");
        rc = 1;
    }
    if (rc == 0 && (fwrite(report, 1, report_len, stdout) != report_len ||
                    fflush(stdout) != 0)) {
        fprintf(stderr, "arena ratings: cannot write the report\n");
        rc = 1;
    }
out:
    free(report);
    free(req.files);
    results_release(&res);
    return rc;
}

/* cmd_ratings.c - `arena ratings`: standings with honest error bars, the
 * head-to-head table, and a PGN export, from result files (records/results.h)
 * through the statistics library (stats/ratings.h, stats/pentanomial.h).
 *
 * Every input is read and every number computed before anything is
 * written, and the report is rendered into memory first: bad input leaves
 * stdout empty, and stdout never holds half a report.
 */
#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>

#include "arena/commands.h"
#include "arena/options.h"
#include "records/pgn.h"
#include "records/results.h"
#include "stats/pairings.h"
#include "stats/ratings.h"
#include "stats/setscore.h"
#include "stats/standings.h"
#include "stats/table.h"

enum format { FORMAT_TEXT, FORMAT_JSON, FORMAT_CSV, FORMAT_PGN };

struct request {
    enum format format;
    bool format_given;
    bool head_to_head;
    bool no_advantage;
    const char *anchor;   /* as given: NAME or NAME=RATING */
    int min_matches;      /* stats/standings.h */
    const char **files;
    int n_files;
};

/* Writes "arena ratings: ", `before`, the name escaped, `after` to stderr. */
static void complain_about(const char *before, const char *name, const char *after)
{
    fprintf(stderr, "arena ratings: %s", before);
    table_put_text(stderr, name, 0);
    fprintf(stderr, "%s\n", after);
}

static int apply_ratings(void *ctx, const struct option_value *v, char *err, size_t cap)
{
    struct request *req = ctx;
    switch (v->option->id) {
    case OPT_OUTPUT_FORMAT: {
        enum format f = !strcmp(v->text, "json") ? FORMAT_JSON : !strcmp(v->text, "csv") ? FORMAT_CSV
                      : !strcmp(v->text, "pgn") ? FORMAT_PGN : FORMAT_TEXT;
        if (req->format_given && req->format != f) {
            snprintf(err, cap, "choose one output format (--format table, json, csv or pgn)");
            return -1;
        }
        req->format = f;
        req->format_given = true;
        break;
    }
    case OPT_HEAD_TO_HEAD: req->head_to_head = v->integer != 0; break;
    case OPT_NO_ADVANTAGE: req->no_advantage = v->integer != 0; break;
    case OPT_ANCHOR: req->anchor = v->text; break;
    case OPT_MIN_MATCHES: req->min_matches = (int)v->integer; break;
    default: assert(0);
    }
    return 0;
}

/* Parses the command line; 0, or the exit status (0 after --help, 2 after
 * saying what was wrong) with *stop set. */
static int parse(struct request *req, int argc, char **argv, int *stop)
{
    const struct command_spec *spec = options_command("ratings");
    int status;
    *stop = 1;
    if (options_parse(spec, argc, argv, apply_ratings, req, req->files, argc, &req->n_files,
                      &status) < 0)
        return status;
    if (req->format == FORMAT_PGN && req->head_to_head)
        return options_usage_error(spec, "--format pgn exports parties; it has no head-to-head form");
    if (req->n_files == 0) return options_usage_error(spec, "no FILE given");
    *stop = 0;
    return 0;
}

/* The two summary files of `arena run --results` hold counts per bot and
 * pairing, not parties, so nothing can be rated from them: 1 after saying
 * so and naming the journal to rate instead; 0 for any other file (its
 * own reader judges it). */
static int refuse_run_summary(const char *path)
{
    char head[256], *text = NULL;
    size_t len = 0;
    int refused = 0;
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    size_t n = fread(head, 1, sizeof head - 1, f);
    head[n] = '\0';
    if (!strncmp(head, "bot,parties,wins,draws,losses,", 30)) {
        fprintf(stderr, "arena ratings: %s is the per-bot table that arena run --results writes beside its JSON: "
                        "counts, not parties, so no rating can come from it; rate the tournament's journal "
                        "instead (arena ratings JOURNAL.jsonl)\n", path);
        refused = 1;
    } else if (head[strspn(head, " \t\r\n")] == '{') {
        FILE *all = open_memstream(&text, &len);
        int c;
        rewind(f);
        while (all && (c = fgetc(f)) != EOF && len < (64u << 20)) fputc(c, all);
        if (all) fclose(all);
        cJSON *root = text ? cJSON_ParseWithLength(text, len) : NULL;
        const char *journal = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(root, "journal"));
        if (journal && cJSON_GetObjectItemCaseSensitive(root, "pairings")) {
            fprintf(stderr, "arena ratings: %s is the summary that arena run --results writes: counts, not "
                            "parties, so no rating can come from it (its standings are those of the journal); "
                            "rate the journal instead: arena ratings ", path);
            table_put_text(stderr, journal, 0);
            fputc('\n', stderr);
            refused = 1;
        }
        cJSON_Delete(root);
        free(text);
    }
    fclose(f);
    return refused;
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

/* The fit of what was read: parties (two players), or the tables of
 * another game's matches (N seats, a term per seat, sets as clusters). */
static struct ratings *fit_read(const struct results *res, const struct ratings_options *o, char *err,
                                size_t cap)
{
    const char *const *names = (const char *const *)res->names;
    if (res->n_tables)
        return ratings_fit_tables(res->tables, res->n_tables, names, res->n_bots, o, err, cap);
    return ratings_fit(res->parties, res->n_parties, names, res->n_bots, o, err, cap);
}

/* The fit, with the anchor checked first so that an anchor that cannot be
 * rated is a usage error (2) and not a failure (1). */
static int fit(const struct request *req, const struct results *res,
               struct ratings **out)
{
    struct ratings_options o = { .fit_advantage = !req->no_advantage };
    char err[512], *anchor_copy = NULL;
    int rc = 0;
    *out = NULL;
    if (req->anchor) {
        rc = resolve_anchor(req->anchor, res, &o, &anchor_copy);
        if (rc) goto out;
        const char *anchor = o.anchor;
        o.anchor = NULL;
        struct ratings *plain = fit_read(res, &o, err, sizeof err);
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
    *out = fit_read(res, &o, err, sizeof err);
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

/* Head-to-head in a game of N seats (docs/statistics.md section 6): per
 * two bots, their comparisons summed over each duplicate set where both
 * sat, scaled to 0..1, the sets being the independent units. Every pair of
 * bots in standings order; 0, or -1 when out of memory. */
static int print_set_scores(const struct results *res, const struct standings *st, int format, FILE *out)
{
    const char *const *names = (const char *const *)res->names;
    char err[256];
    cJSON *root = format == FORMAT_JSON ? cJSON_CreateArray() : NULL;
    int bad = format == FORMAT_JSON && !root;
    if (format == FORMAT_CSV) bad |= fprintf(out, "bot,opponent,sets,wins,draws,losses,score,score_low,score_high,elo,"
                                                  "elo_error,los\n") < 0;
    if (format == FORMAT_TEXT)
        bad |= fprintf(out, "head-to-head per duplicate set (the pair's comparisons summed over a set, 0..1)\n") < 0;
    for (int a = 0; a < res->n_bots && !bad; a++)
        for (int b = a + 1; b < res->n_bots && !bad; b++) {
            int i = st->order[a], j = st->order[b];
            struct setscore sc;
            if (setscore_tally(&sc, res->tables, res->n_tables, i, j, err, sizeof err) < 0) return -1;
            if (sc.n_sets == 0) {
                setscore_release(&sc);
                continue;
            }
            if (format == FORMAT_JSON) {
                cJSON *o = cJSON_CreateObject();
                cJSON_AddItemToArray(root, o);
                cJSON_AddStringToObject(o, "bot", names[i]);
                cJSON_AddStringToObject(o, "opponent", names[j]);
                cJSON_AddNumberToObject(o, "sets", sc.n_sets);
                cJSON_AddNumberToObject(o, "wins", sc.wins);
                cJSON_AddNumberToObject(o, "draws", sc.draws);
                cJSON_AddNumberToObject(o, "losses", sc.losses);
                cJSON_AddNumberToObject(o, "score", sc.score);
                cJSON_AddNumberToObject(o, "score_low", sc.score_low);
                cJSON_AddNumberToObject(o, "score_high", sc.score_high);
                cJSON_AddNumberToObject(o, "los", sc.los);
                if (sc.elo_finite) cJSON_AddNumberToObject(o, "elo", sc.elo);
                else cJSON_AddNullToObject(o, "elo");
                /* as the pairings' table: null when the interval reaches a
                 * score of 0 or 1 (an Elo without bound) */
                if (sc.elo_finite && sc.error_finite) cJSON_AddNumberToObject(o, "elo_error", sc.elo_error);
                else cJSON_AddNullToObject(o, "elo_error");
            } else if (format == FORMAT_CSV) {
                /* an Elo or interval without bound: an empty field, as the pairings' */
                char elo[32] = "", error[32] = "";
                if (sc.elo_finite) snprintf(elo, sizeof elo, "%.1f", sc.elo);
                if (sc.elo_finite && sc.error_finite) snprintf(error, sizeof error, "%.1f", sc.elo_error);
                bad |= table_printf(out, "%s,%s,%d,%d,%d,%d,%.4f,%.4f,%.4f,%s,%s,%.4f\n", names[i], names[j],
                                    sc.n_sets, sc.wins, sc.draws, sc.losses, sc.score, sc.score_low, sc.score_high,
                                    elo, error, sc.los) < 0;
            } else {
                char elo[64];
                setscore_elo_text(&sc, elo, sizeof elo);
                bad |= table_printf(out, "%s vs %s: %d sets, W-D-L %d-%d-%d, score %.1f%% (%.1f..%.1f), Elo %s, "
                                         "LOS %.1f%%\n", names[i], names[j], sc.n_sets, sc.wins, sc.draws, sc.losses,
                                    100 * sc.score, 100 * sc.score_low, 100 * sc.score_high, elo, 100 * sc.los) < 0;
            }
            setscore_release(&sc);
        }
    if (format == FORMAT_JSON) bad |= print_json(root, out) < 0;
    return bad ? -1 : 0;
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
        /* A game of N seats: every two seats of a match as a game. */
        if ((res->n_tables ? pgn_write_tables(out, res->tables, res->n_tables, names, res->n_bots, err, sizeof err)
                           : pgn_write(out, res->parties, res->n_parties, names, res->n_bots, err, sizeof err)) < 0) {
            fprintf(stderr, "arena ratings: %s\n", err);
            return 1;
        }
        return 0;
    }
    if ((rc = fit(req, res, &r)) != 0) return rc;
    rc = 1;
    if (standings_init(&s, r, &(struct standings_options){ .min_matches = req->min_matches }) < 0) goto oom;
    if (req->head_to_head && res->n_tables) {
        if (print_set_scores(res, &s, req->format, out) < 0) goto oom;
    } else if (req->head_to_head) {
        if (pairings_tally(&p, res->parties, res->n_parties, s.order, r->n_bots,
                           err, sizeof err) < 0) {
            fprintf(stderr, "arena ratings: %s\n", err);
            goto out;
        }
        if ((req->format == FORMAT_JSON && print_json(pairings_json(&p, names), out) < 0) ||
            (req->format == FORMAT_CSV && pairings_print_csv(&p, names, out) < 0) ||
            (req->format == FORMAT_TEXT && pairings_print_text(&p, names, out) < 0))
            goto oom;
    } else if ((req->format == FORMAT_JSON && print_json(standings_json(&s, true), out) < 0) ||
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
    struct request req = { .min_matches = STANDINGS_MIN_MATCHES };
    struct results res;
    char err[512], *report = NULL;
    size_t report_len = 0;
    int rc;

    int stop;
    results_init(&res);
    res.canonical = true;   /* standings never depend on the order parties finished in */
    req.files = malloc(sizeof *req.files * ((size_t)argc + 1));
    if (!req.files) {
        fprintf(stderr, "arena ratings: out of memory\n");
        return 1;
    }
    if ((rc = parse(&req, argc, argv, &stop)) != 0 || stop) goto out;
    for (int i = 0; i < req.n_files; i++)
        if (refuse_run_summary(req.files[i])) {
            rc = 2;
            goto out;
        }
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

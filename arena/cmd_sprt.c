/* cmd_sprt.c - `arena sprt`: is the test version better than the base?
 *
 * Plays duplicate pairs between two bot programs through the runner and,
 * after each pair, updates a running test (stats/sprt_tally.h): the LLR of
 * the metric that decides (the pair's point margin by default, or the
 * pentanomial), with both statistics kept for the status line, the summary
 * and the plot. Or it reads the pairs of a finished journal (--from).
 *
 * Journal and resume: --journal writes a header holding the options that
 * fix the test (bots, metric, bounds, rates, seed, clocks, rules) and then
 * every finished partie, with the pair it belongs to. --resume reads the
 * header back through the one option parser, counts the finished pairs in
 * file order (the order they finished in, so the same LLRs and the same
 * stop come back) and plays the parties not recorded. The test bot is
 * always player A, the base player B; partie 2p+1 and 2p+2 (ids from 1)
 * are pair p's, with A and then B dealing first, on the packs of seed
 * mix(seed, p + 1).
 *
 * The exit status carries the verdict.
 */
#define _GNU_SOURCE
#include <assert.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "arena/commands.h"
#include "arena/options.h"
#include "arena/play/match.h"
#include "arena/play/runner.h"
#include "arena/tournament/seating.h"
#include "arena/tournament/sprt_live.h"
#include "engine/game.h"
#include "engine/piquet/rules.h"
#include "engine/rng.h"
#include "records/game_record.h"
#include "records/journal.h"
#include "records/record.h"
#include "records/results.h"
#include "stats/sprt_plot.h"
#include "stats/sprt_report.h"
#include "stats/sprt_tally.h"
#include "stats/table.h"

enum { EXIT_H1 = 0, EXIT_H0 = 3, EXIT_INCONCLUSIVE = 4, EXIT_INTERRUPTED = 130 };
enum { MAX_KEPT = 64 };

/* ---- options ---------------------------------------------------------------------- */

struct sprt_args {
    struct match_config *config;
    struct match_setup *setup;
    double elo0, elo1, t0, t1, m0, m1, alpha, beta;
    long max_pairs, concurrency;
    enum runner_pin pin;
    int start_late;                        /* --start-ahead off */
    int reuse, max_faults, quiet;
    enum sprt_metric metric;
    unsigned long long seed;
    const char *base, *test, *journal, *record, *resume, *from, *plot;
    char given[OPTIONS_COUNT];
    /* The options that fix the test, as given, for the journal's header. */
    struct option_value kept[MAX_KEPT];
    int n_kept;
    int resuming;     /* header read: only the options a resume may change */
    const char *rules[MAX_KEPT + 1];   /* every --rule as given (any game's) */
    int n_rules;
    const char *fills[GAME_MAX_PLAYERS];   /* --fill, the other seats of a table */
    int n_fills;
};

/* What a resume may change; the rest is the header's. */
static int local_option(enum option_id id)
{
    return id == OPT_CONCURRENCY || id == OPT_PIN || id == OPT_START_AHEAD || id == OPT_QUIET || id == OPT_NO_SANDBOX || id == OPT_BOT_NETWORK ||
           id == OPT_LOG_DIR || id == OPT_PLOT || id == OPT_MAX_PAIRS || id == OPT_RECORD || id == OPT_RESUME ||
           id == OPT_JOURNAL || id == OPT_FROM;
}

static void args_default(struct sprt_args *a, struct match_config *config, struct match_setup *setup)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    memset(a, 0, sizeof *a);
    match_config_default(config);
    memset(setup, 0, sizeof *setup);
    a->config = config;
    a->setup = setup;
    a->elo1 = 10;
    a->t1 = 0.1;
    a->alpha = a->beta = 0.05;
    a->max_pairs = 2000;
    a->seed = 1;
    a->concurrency = cores > 0 ? cores : 2;
    a->reuse = RUN_DEFAULT_REUSE;
    a->max_faults = 3;
}

static int apply_sprt(void *ctx, const struct option_value *v, char *err, size_t cap)
{
    struct sprt_args *a = ctx;
    enum option_id id = v->option->id;
    if (a->resuming && !local_option(id)) {
        snprintf(err, cap, "--%s is fixed by the journal's header; a resume takes --concurrency, --max-pairs, "
                 "--plot, --record, --log-dir, --no-sandbox, --bot-network and --quiet", v->option->name);
        return -1;
    }
    a->given[id] = 1;
    if (!local_option(id) || id == OPT_MAX_PAIRS) {
        if (a->n_kept == MAX_KEPT) {
            snprintf(err, cap, "too many options");
            return -1;
        }
        a->kept[a->n_kept++] = *v;
    }
    switch (id) {
    case OPT_BASE: a->base = v->text; break;
    case OPT_TEST: a->test = v->text; break;
    case OPT_METRIC: a->metric = !strcmp(v->text, "margin") ? SPRT_METRIC_MARGIN : SPRT_METRIC_PENTANOMIAL; break;
    case OPT_JOURNAL: a->journal = v->text; break;
    case OPT_RESUME: a->resume = v->text; break;
    case OPT_FROM: a->from = v->text; break;
    case OPT_PLOT: a->plot = v->text; break;
    case OPT_RECORD: a->record = v->text; break;
    case OPT_LOG_DIR: a->setup->log_base = v->text; break;
    case OPT_ELO0: a->elo0 = v->number; break;
    case OPT_ELO1: a->elo1 = v->number; break;
    case OPT_T0: a->t0 = v->number; break;
    case OPT_T1: a->t1 = v->number; break;
    case OPT_M0: a->m0 = v->number; break;
    case OPT_M1: a->m1 = v->number; break;
    case OPT_ALPHA: a->alpha = v->number; break;
    case OPT_BETA: a->beta = v->number; break;
    case OPT_MAX_PAIRS: a->max_pairs = (long)v->integer; break;
    case OPT_SEED: a->seed = v->u64; break;
    case OPT_MOVE_MS: a->config->clock.move_ms = (uint32_t)v->integer; break;
    case OPT_BANK_MS: a->config->clock.bank_ms = (uint32_t)v->integer; break;
    case OPT_GRACE_MS: a->config->clock.grace_ms = (uint32_t)v->integer; break;
    case OPT_RULE: {
        /* Checked by options_convert() already (against every game); set
         * into Piquet's rules when it is Piquet's flag, checked against the
         * chosen game's by check_game(). */
        char name[64], why[300];
        const char *eq = strchr(v->text, '=');
        snprintf(name, sizeof name, "%.*s", (int)(eq - v->text), v->text);
        if (a->n_rules < MAX_KEPT) a->rules[a->n_rules++] = v->text;
        if (pq_rule_flag_find(name) && pq_rules_set(&a->config->rules, name, eq + 1, why, (int)sizeof why) < 0) {
            snprintf(err, cap, "--rule %s: %s", v->text, why);
            return -1;
        }
        break;
    }
    case OPT_GAME: a->config->game = game_find(v->text); break;
    case OPT_PLAYERS: a->config->players = (int)v->integer; break;
    case OPT_FILL:
        if (a->n_fills == GAME_MAX_PLAYERS) {
            snprintf(err, cap, "more --fill than seats");
            return -1;
        }
        a->fills[a->n_fills++] = v->text;
        break;
    case OPT_CONCURRENCY: a->concurrency = (long)v->integer; break;
    case OPT_PIN: a->pin = runner_pin_parse(v->text); break;
    case OPT_START_AHEAD: a->start_late = !strcmp(v->text, "off"); break;
    case OPT_REUSE: a->reuse = (int)v->integer; break;
    case OPT_MAX_FAULTS: a->max_faults = (int)v->integer; break;
    case OPT_NO_SANDBOX: a->setup->no_sandbox = (int)v->integer; break;
    case OPT_BOT_NETWORK: a->setup->network = (int)v->integer; break;
    case OPT_QUIET: a->quiet = (int)v->integer; break;
    default: assert(0);
    }
    return 0;
}

/* The test the options describe: one kind of bounds, and the metric they
 * go with (margin unless Elo bounds or --metric say otherwise). 0, or 2
 * after saying what is wrong. */
static int make_test(const struct command_spec *spec, struct sprt_args *a, struct sprt *test)
{
    char err[256];
    int elo = a->given[OPT_ELO0] || a->given[OPT_ELO1], t = a->given[OPT_T0] || a->given[OPT_T1];
    int m = a->given[OPT_M0] || a->given[OPT_M1];
    if (elo + t + m > 1) return options_usage_error(spec, "give one kind of bounds: --t0/--t1, --m0/--m1 or --elo0/--elo1");
    if (!a->given[OPT_METRIC]) a->metric = elo ? SPRT_METRIC_PENTANOMIAL : SPRT_METRIC_MARGIN;
    if (elo && a->metric != SPRT_METRIC_PENTANOMIAL)
        return options_usage_error(spec, "--elo0/--elo1 are bounds of the pentanomial (--metric pentanomial)");
    if (m && a->metric != SPRT_METRIC_MARGIN)
        return options_usage_error(spec, "--m0/--m1 are bounds of the margin (--metric margin)");
    if (m && !a->given[OPT_M1]) return options_usage_error(spec, "give --m1 with --m0");
    int rc;
    if (m) rc = sprt_init_points(test, a->m0, a->m1, 2, a->alpha, a->beta, err, sizeof err);
    else if (t || a->metric == SPRT_METRIC_MARGIN)
        rc = sprt_init_effect(test, a->t0, a->t1, a->alpha, a->beta, err, sizeof err);
    else rc = sprt_init(test, a->elo0, a->elo1, a->alpha, a->beta, err, sizeof err);
    if (rc < 0) return options_usage_error(spec, "%s", err);
    return 0;
}

/* ---- the exit status ---------------------------------------------------------------- */

static int verdict_status(enum sprt_decision d)
{
    return d == SPRT_ACCEPT_H1 ? EXIT_H1 : d == SPRT_ACCEPT_H0 ? EXIT_H0 : EXIT_INCONCLUSIVE;
}

/* ---- the pairs of a finished journal (--from) ------------------------------------------- */

struct member {
    long cluster;
    size_t index;
};

static int by_cluster(const void *x, const void *y)
{
    const struct member *a = x, *b = y;
    if (a->cluster != b->cluster) return a->cluster < b->cluster ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

/* By the index of the pair's second partie: the order pairs finished in. */
static int by_second(const void *x, const void *y)
{
    const struct member *a = x, *b = y;
    return a->index < b->index ? -1 : a->index > b->index;
}

/* Tallies the duplicate pairs of test against base in `r` in the order
 * their second partie comes, up to a decision. 0, or -1 with err. */
static int tally_results(struct sprt_tally *t, const struct results *r, int test, int base, char *err, size_t cap)
{
    struct member *m = malloc(sizeof *m * (r->n_parties + 1)), *pairs = malloc(sizeof *pairs * (r->n_parties + 1));
    size_t n = 0, n_pairs = 0;
    int rc = -1;
    if (!m || !pairs) {
        snprintf(err, cap, "out of memory");
        goto out;
    }
    for (size_t i = 0; i < r->n_parties; i++) {
        const struct ratings_partie *p = &r->parties[i];
        if ((p->first == test && p->second == base) || (p->first == base && p->second == test))
            m[n++] = (struct member){ p->cluster, i };
    }
    qsort(m, n, sizeof *m, by_cluster);
    for (size_t start = 0, end; start < n; start = end) {
        for (end = start; end < n && m[end].cluster == m[start].cluster; end++) {}
        if (end - start == 2 && r->parties[m[start].index].first != r->parties[m[start + 1].index].first) {
            pairs[n_pairs] = m[start + 1];
            pairs[n_pairs++].cluster = (long)m[start].index;   /* the first partie */
        }
    }
    qsort(pairs, n_pairs, sizeof *pairs, by_second);
    /* Up to the decision, as a live test would have stopped there. */
    for (size_t k = 0; k < n_pairs && t->decision == SPRT_CONTINUE; k++) {
        size_t idx[2] = { (size_t)pairs[k].cluster, pairs[k].index };
        double score[2];
        int points[2];
        for (int i = 0; i < 2; i++) {
            const struct ratings_partie *p = &r->parties[idx[i]];
            if (!p->has_points && t->metric == SPRT_METRIC_MARGIN) {
                snprintf(err, cap, "partie %zu has no settlement points: test it with --metric pentanomial",
                         idx[i] + 1);
                goto out;
            }
            score[i] = p->first == test ? p->score : 1 - p->score;
            points[i] = p->has_points ? (p->first == test ? p->points : -p->points) : 0;
        }
        if (sprt_tally_add(t, score, points) < 0) {
            snprintf(err, cap, "out of memory");
            goto out;
        }
    }
    rc = 0;
out:
    free(m);
    free(pairs);
    return rc;
}

/* Tallies the duplicate sets of test against base among a game's tables
 * (results.h), as a live test would have counted them: a set counts once
 * it holds l->per_set tables seating both, in the order its last table
 * comes, up to a decision. 0, or -1 with err. */
static int tally_tables(struct sprt_live *l, const struct results *r, int test, int base, char *err, size_t cap)
{
    size_t sets = (size_t)r->n_clusters + 1;
    unsigned char *count = calloc(sets, 1);
    l->results = calloc(sets * (size_t)l->per_set, sizeof *l->results);
    l->pair_parties = calloc(sets, 1);
    int rc = -1;
    if (!count || !l->results || !l->pair_parties) {
        snprintf(err, cap, "out of memory");
        goto out;
    }
    for (size_t i = 0; i < r->n_tables && l->tally->decision == SPRT_CONTINUE; i++) {
        const struct ratings_table *t = &r->tables[i];
        int mine = -1, theirs = -1, others = 0;
        if (t->seats != l->seatings[0].players) {
            snprintf(err, cap, "its matches have %d players; the test's tables have %d", t->seats,
                     l->seatings[0].players);
            goto out;
        }
        for (int p = 0; p < t->seats; p++) {
            if (t->bot[p] == test && mine < 0) mine = p;
            else if (t->bot[p] == base && theirs < 0) theirs = p;
            else others += t->bot[p] != test && t->bot[p] != base;
        }
        if (mine < 0 || theirs < 0 || (!l->filled && others) || count[t->set] >= l->per_set) continue;
        long d = (long)(t->points[mine] - t->points[theirs]);
        struct sprt_live_result result = { d > 0 ? 1 : d < 0 ? 0 : 0.5, l->filled ? (int)d : (int)t->points[mine] };
        if (sprt_live_count(l, t->set * l->per_set + count[t->set]++, result) < 0) {
            snprintf(err, cap, "out of memory");
            goto out;
        }
    }
    rc = 0;
out:
    free(count);
    free(l->results);
    free(l->pair_parties);
    l->results = NULL;
    l->pair_parties = NULL;
    return rc;
}

/* ---- playing (arena/tournament/sprt_live.h) ----------------------------------------- */

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

/* ---- journal and resume ------------------------------------------------------------- */

static cJSON *header_of(const struct sprt_args *a, const char *run)
{
    cJSON *h = cJSON_CreateObject(), *o = h ? cJSON_AddObjectToObject(h, "options") : NULL;
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", a->seed);
    if (!o || !cJSON_AddStringToObject(h, "type", "header") || !cJSON_AddStringToObject(h, "command", "sprt") ||
        !cJSON_AddStringToObject(h, "run", run))
        goto fail;
    for (int i = 0; i < a->n_kept; i++) {
        const struct option *opt = a->kept[i].option;
        if (opt->id == OPT_SEED) continue;
        cJSON *value = opt->kind == OPTION_FLAG ? cJSON_CreateBool(a->kept[i].integer)
                                                : cJSON_CreateString(a->kept[i].text);
        if (!value) goto fail;
        if (opt->kind == OPTION_RULE || opt->id == OPT_FILL) {   /* the repeatable ones: a list */
            cJSON *list = cJSON_GetObjectItemCaseSensitive(o, opt->name);
            if (!list && !(list = cJSON_AddArrayToObject(o, opt->name))) {
                cJSON_Delete(value);
                goto fail;
            }
            cJSON_AddItemToArray(list, value);
        } else {
            cJSON_DeleteItemFromObjectCaseSensitive(o, opt->name);
            cJSON_AddItemToObject(o, opt->name, value);
        }
    }
    if (!cJSON_AddStringToObject(o, "seed", seed)) goto fail;
    return h;
fail:
    cJSON_Delete(h);
    return NULL;
}

/* One value of the header's options through the option parser. */
static int header_value(const struct command_spec *spec, struct sprt_args *a, const char *name, const cJSON *item,
                        char *err, size_t cap)
{
    const struct option *o = options_find(spec, name);
    struct option_value v;
    /* The header keeps what fixes the test, and --max-pairs. */
    if (!o || (local_option(o->id) && o->id != OPT_MAX_PAIRS)) {
        snprintf(err, cap, "the header's option '%s' is not one arena sprt keeps there", name);
        return -1;
    }
    const char *text = cJSON_IsTrue(item) ? NULL : cJSON_GetStringValue(item);
    if (!text && !(o->kind == OPTION_FLAG && cJSON_IsTrue(item))) {
        snprintf(err, cap, "the header's option '%s' is not text", name);
        return -1;
    }
    if (options_convert(o, text, &v, err, cap) < 0 || apply_sprt(a, &v, err, cap) < 0) return -1;
    return 0;
}

/* A game's match as a resume reads it, counted once the test's seatings
 * are known. */
struct resumed_match {
    int players, winner;
    long points[GAME_MAX_PLAYERS];
    int faults[GAME_MAX_PLAYERS][CODEC_FAULTS];
    char names[GAME_MAX_PLAYERS][CODEC_NAME_MAX];
};

struct resume_read {
    const struct command_spec *spec;
    struct sprt_args *args;
    cJSON *header;                     /* a copy, owned: the option texts point into it */
    int header_line;
    struct sprt_live_result *results;     /* Piquet: by id - 1, grown as read */
    struct resumed_match *matches;     /* another game: by id - 1, grown as read */
    unsigned char *seen;
    struct match_bot bots[2];          /* test, base: the names the records must hold */
    uint64_t *order;                   /* ids in file order */
    size_t n, cap, order_n;
    int faults[2];                     /* Piquet's */
    int n_parties, n_matches;          /* records of each kind read */
};

static int read_header(struct resume_read *rr, const struct journal_entry *e, char *err, size_t cap)
{
    const cJSON *command = cJSON_GetObjectItemCaseSensitive(e->record, "command");
    if (!cJSON_IsString(command) || strcmp(command->valuestring, "sprt")) {
        snprintf(err, cap, "not the journal of an arena sprt (its header has no \"command\": \"sprt\"; a tournament's "
                 "journal continues with arena resume)");
        return -1;
    }
    if (!(rr->header = cJSON_Duplicate(e->record, 1))) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    rr->header_line = e->line;
    const cJSON *item, *options = cJSON_GetObjectItemCaseSensitive(rr->header, "options");
    if (!cJSON_IsObject(options)) {
        snprintf(err, cap, "the header has no \"options\" object");
        return -1;
    }
    cJSON_ArrayForEach(item, options) {
        if (cJSON_IsArray(item)) {
            const cJSON *each;
            cJSON_ArrayForEach(each, item)
                if (header_value(rr->spec, rr->args, item->string, each, err, cap) < 0) return -1;
        } else if (header_value(rr->spec, rr->args, item->string, item, err, cap) < 0) {
            return -1;
        }
    }
    if (!rr->args->base || !rr->args->test) {
        snprintf(err, cap, "the header names no --base and --test");
        return -1;
    }
    if (match_bot_parse(&rr->bots[0], rr->args->test, "test", err, cap) < 0 ||
        match_bot_parse(&rr->bots[1], rr->args->base, "base", err, cap) < 0)
        return -1;
    return 0;
}

static int read_resume(const struct journal_entry *e, void *ctx, char *err, size_t cap)
{
    struct resume_read *rr = ctx;
    if (e->type == JOURNAL_HEADER) {
        if (rr->header_line) {
            snprintf(err, cap, "a second header (the first is on line %d)", rr->header_line);
            return -1;
        }
        return read_header(rr, e, err, cap);
    }
    if (e->type != JOURNAL_PARTIE && e->type != JOURNAL_MATCH) return 0;
    if (!rr->header_line) {
        snprintf(err, cap, "a %s before the header", e->type == JOURNAL_MATCH ? "match" : "partie");
        return -1;
    }
    const struct game *g = rr->args->config->game ? rr->args->config->game : &piquet_game;
    if ((e->type == JOURNAL_MATCH) != (g != &piquet_game)) {
        snprintf(err, cap, "a %s record in the journal of a %s test", e->type == JOURNAL_MATCH ? "match" : "partie",
                 g->name);
        return -1;
    }
    struct record_partie rec;
    struct game_record match;
    uint64_t id;
    if (e->type == JOURNAL_PARTIE) {
        if (record_read(e->record, &rec, err, cap) < 0) return -1;
        if (strcmp(rec.players[0], rr->bots[0].name) || strcmp(rec.players[1], rr->bots[1].name)) {
            snprintf(err, cap, "partie %llu is not between test '%s' (A) and base '%s' (B)",
                     (unsigned long long)rec.id, rr->bots[0].name, rr->bots[1].name);
            return -1;
        }
        id = rec.id;
    } else {
        if (game_record_read(e->record, &match, err, cap) < 0) return -1;
        if (match.game != g) {
            snprintf(err, cap, "match %llu is a match of %s, not %s", (unsigned long long)match.id,
                     match.game->name, g->name);
            return -1;
        }
        id = match.id;
    }
    if (id < 1 || id > (uint64_t)SEATING_MAX * 1000000ull) {
        snprintf(err, cap, "%s id %llu is not one of arena sprt's", e->type == JOURNAL_MATCH ? "match" : "partie",
                 (unsigned long long)id);
        return -1;
    }
    size_t index = (size_t)id - 1;
    if (index >= rr->cap) {
        size_t cap2 = rr->cap ? rr->cap : 256;
        while (cap2 <= index) cap2 *= 2;
        struct sprt_live_result *r = realloc(rr->results, cap2 * sizeof *r);
        if (r) rr->results = r;
        struct resumed_match *m = r ? realloc(rr->matches, cap2 * sizeof *m) : NULL;
        if (m) rr->matches = m;
        unsigned char *s = m ? realloc(rr->seen, cap2) : NULL;
        if (s) rr->seen = s;
        uint64_t *o = s ? realloc(rr->order, cap2 * sizeof *o) : NULL;
        if (!o) {
            snprintf(err, cap, "out of memory");
            return -1;
        }
        rr->order = o;
        memset(rr->seen + rr->cap, 0, cap2 - rr->cap);
        rr->cap = cap2;
    }
    if (rr->seen[index]) {
        snprintf(err, cap, "%s %llu is in the journal twice", e->type == JOURNAL_MATCH ? "match" : "partie",
                 (unsigned long long)id);
        return -1;
    }
    rr->seen[index] = 1;
    rr->order[rr->order_n++] = id;
    if (e->type == JOURNAL_PARTIE) {
        rr->n_parties++;
        rr->results[index] = sprt_live_result_of(rec.winner, rec.settlement);
        for (int p = 0; p < 2; p++)
            for (int f = 0; f < CODEC_FAULTS; f++) rr->faults[p] += rec.faults[p][f];
        return 0;
    }
    struct resumed_match *m = &rr->matches[index];
    rr->n_matches++;
    m->players = match.players;
    m->winner = match.winner;
    memcpy(m->points, match.points, sizeof m->points);
    memcpy(m->faults, match.faults, sizeof m->faults);
    memcpy(m->names, match.names, sizeof m->names);
    return 0;
}

/* Counts the matches a resume read, now that the seatings are known: each
 * must seat the bots its place in the test puts there. 0, or -1 with err. */
static int count_resumed(struct sprt_live *l, const struct resume_read *rr, long max_index, char *err, size_t cap)
{
    for (size_t i = 0; i < rr->order_n; i++) {
        long index = (long)rr->order[i] - 1;
        if (index >= max_index) continue;   /* past a --max-pairs made smaller */
        struct sprt_live_result result;
        if (rr->n_matches) {
            const struct resumed_match *m = &rr->matches[index];
            const struct seating *seating = &l->seatings[index % l->per_set];
            if (m->players != seating->players) {
                snprintf(err, cap, "match %ld has %d players; the test's tables have %d", index + 1, m->players,
                         seating->players);
                return -1;
            }
            for (int p = 0; p < m->players; p++) {
                const char *want = l->config->bots[seating->entrant[p]].name;
                if (strcmp(m->names[p], want)) {
                    snprintf(err, cap, "match %ld seats '%s' as player %c, where the test seats '%s'", index + 1,
                             m->names[p], 'A' + p, want);
                    return -1;
                }
            }
            int faults[2];
            result = sprt_live_game_result(l, index, m->points, m->winner);
            sprt_live_game_faults(l, index, (const int (*)[CODEC_FAULTS])m->faults, faults);
            l->faults[0] += faults[0];
            l->faults[1] += faults[1];
        } else {
            result = rr->results[index];
        }
        l->recorded[index] = 1;
        if (sprt_live_count(l, index, result) < 0) {
            snprintf(err, cap, "out of memory");
            return -1;
        }
    }
    if (!rr->n_matches) {
        l->faults[0] += rr->faults[0];
        l->faults[1] += rr->faults[1];
    }
    return 0;
}

/* Cuts a torn last line off, so that new records start on a line. */
static int write_plot(const char *path, const struct sprt_tally *t, const char *test, const char *base)
{
    char title[200];
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "arena sprt: cannot write the plot '%s'\n", path);
        return -1;
    }
    snprintf(title, sizeof title, "%s against %s (%s)", test, base, sprt_metric_name(t->metric));
    int rc = sprt_plot_svg(t, title, f);
    if (fclose(f) != 0) rc = -1;
    if (rc < 0) fprintf(stderr, "arena sprt: cannot write the plot '%s'\n", path);
    return rc;
}

/* ---- the command ------------------------------------------------------------------- */

static int from_journal(const struct sprt_args *a, struct sprt_live *l, const struct sprt *test)
{
    struct results r;
    struct sprt_tally t;
    char err[512];
    int status = 2;
    results_init(&r);
    if (l->filled) sprt_tally_init_sets(&t, test, a->metric, l->per_set);
    else sprt_tally_init(&t, test, a->metric);
    l->tally = &t;
    if (results_read(&r, a->from, err, sizeof err) < 0) {
        fprintf(stderr, "arena sprt: %s\n", err);
        goto out;
    }
    if (l->game && r.n_parties) {
        fprintf(stderr, "arena sprt: '%s' holds Piquet parties, not matches of %s\n", a->from,
                a->config->game->name);
        goto out;
    }
    if (!l->game && r.n_tables) {
        fprintf(stderr, "arena sprt: '%s' holds matches of %s: give --game (and --players)\n", a->from, r.game);
        goto out;
    }
    int b = -1, s = -1;
    for (int i = 0; i < r.n_bots; i++) {
        if (!strcmp(r.names[i], a->base)) b = i;
        if (!strcmp(r.names[i], a->test)) s = i;
    }
    if (b < 0 || s < 0) {
        fprintf(stderr, "arena sprt: '%s' has no bot named '%s'\n", a->from, b < 0 ? a->base : a->test);
        goto out;
    }
    if ((l->game ? tally_tables(l, &r, s, b, err, sizeof err) : tally_results(&t, &r, s, b, err, sizeof err)) < 0) {
        fprintf(stderr, "arena sprt: %s: %s\n", a->from, err);
        goto out;
    }
    const char *verdict = sprt_report_verdict(t.decision, "inconclusive: the journal has no more pairs");
    if (!a->quiet) sprt_report_summary(&t, a->test, a->base, verdict, stdout);
    else printf("%s\n", verdict);
    status = verdict_status(t.decision);
    if (a->plot && write_plot(a->plot, &t, a->test, a->base) < 0) status = 1;
out:
    sprt_tally_release(&t);
    results_release(&r);
    return status;
}

/* --game: the rules given checked against its flags, and its table two
 * entrants (two players, or two sides with one program each): the pair is
 * its two seatings. 0, or 2 after saying why. */
static int check_game(struct sprt_args *a, struct sprt_live *l, const struct sprt *test)
{
    const struct game *g = a->config->game;
    int team_of[GAME_MAX_PLAYERS];
    char err[300];
    l->per_set = 2;
    if ((!g || g == &piquet_game) && a->n_fills) {
        fprintf(stderr, "arena sprt: --fill seats other bots at a table of three or more: give --game\n");
        return 2;
    }
    if (!g || g == &piquet_game) {
        for (int i = 0; i < a->n_rules; i++) {
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)strcspn(a->rules[i], "="), a->rules[i]);
            if (!pq_rule_flag_find(name)) {
                fprintf(stderr, "arena sprt: --rule %s: piquet has no flag '%s' (arena rules lists them)\n",
                        a->rules[i], name);
                return 2;
            }
        }
        return 0;
    }
    for (int i = 0; i < a->n_rules; i++) {
        const char *text = a->rules[i], *eq = strchr(text, '=');
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(eq - text), text);
        const struct game_flag *f = game_flag_find(g, name);
        if (!f || game_flag_check(f, eq + 1, err, (int)sizeof err) < 0) {
            if (!f) snprintf(err, sizeof err, "%s has no flag '%s' (arena rules --game %s lists them)", g->name, name,
                             g->name);
            fprintf(stderr, "arena sprt: --rule %s: %s\n", text, err);
            return 2;
        }
    }
    a->rules[a->n_rules] = NULL;
    a->config->game_rules = a->rules;
    int players = seating_teams(g, a->config->players, a->rules, team_of, err, sizeof err);
    if (players < 0) {
        fprintf(stderr, "arena sprt: %s\n", err);
        return 2;
    }
    int entrants = seating_entrants(players, team_of);
    if (entrants != 2 + a->n_fills && !a->from) {   /* --from reads whichever fill bots the journal holds */
        fprintf(stderr, "arena sprt: %s for %d players seats %d bots: the test, the base and %d --fill (given: %d)\n",
                g->name, players, entrants, entrants - 2, a->n_fills);
        return 2;
    }
    if (a->from && a->n_fills) {
        fprintf(stderr, "arena sprt: --from reads the journal's tables as they are: no --fill\n");
        return 2;
    }
    if (entrants > 2 && test->scale == SPRT_ELO) {
        fprintf(stderr, "arena sprt: at a table of %d seats the unit is the duplicate set, not a pair (the "
                "pentanomial needs pairs): give --t0/--t1, for the sets' margin or, with --metric pentanomial, "
                "their scores (docs/statistics.md section 6), or --m0/--m1\n", players);
        return 2;
    }
    a->config->players = players;
    l->per_set = seating_set(players, team_of, l->seatings);
    l->game = 1;
    l->filled = seating_entrants(players, team_of) > 2;
    return 0;
}

int cmd_sprt(int argc, char **argv)
{
    const struct command_spec *spec = options_command("sprt");
    static struct match_config config;
    static struct sandbox sandbox;
    static struct sprt_args a;
    static struct sprt_live live;
    struct match_setup setup;
    struct resume_read rr;
    struct sprt test;
    struct sprt_tally tally;
    char log_dir[1024], err[512];
    int status = 2, n_operands = 0, torn = 0;
    memset(&rr, 0, sizeof rr);
    memset(&live, 0, sizeof live);
    memset(&tally, 0, sizeof tally);
    live.journal.fd = live.record.fd = -1;
    args_default(&a, &config, &setup);
    if (options_parse(spec, argc, argv, apply_sprt, &a, NULL, 0, &n_operands, &status) < 0) return status;
    if (a.resume) {
        /* The header's options, then the command line's over them. */
        const char *path = a.resume;
        if (a.journal || a.from)
            return options_usage_error(spec, "--resume continues its own journal: no --journal or --from");
        args_default(&a, &config, &setup);
        rr.spec = spec;
        rr.args = &a;
        if (journal_read(path, read_resume, &rr, &torn, err, sizeof err) < 0) {
            fprintf(stderr, "arena sprt: %s\n", err);
            goto out;
        }
        if (!rr.header_line) {
            fprintf(stderr, "arena sprt: %s: no header record\n", path);
            goto out;
        }
        a.resuming = 1;
        if (options_parse(spec, argc, argv, apply_sprt, &a, NULL, 0, &n_operands, &status) < 0) goto out;
        status = 2;
        a.journal = path;
        a.resume = path;
    }
    if (!a.base || !a.test) {
        status = options_usage_error(spec, "give --base and --test");
        goto out;
    }
    if (a.from && (a.journal || a.record))
        return options_usage_error(spec, "--from reads a journal: no --journal or --record");
    if ((status = make_test(spec, &a, &test)) != 0) goto out;
    if ((status = check_game(&a, &live, &test)) != 0) goto out;
    status = 2;
    if (a.from) return from_journal(&a, &live, &test);

    struct match_bot base, tested;
    if (match_bot_parse(&base, a.base, "base", err, sizeof err) < 0 ||
        match_bot_parse(&tested, a.test, "test", err, sizeof err) < 0) {
        fprintf(stderr, "arena sprt: %s\n", err);
        goto out;
    }
    if (!strcmp(base.name, tested.name)) {
        fprintf(stderr, "arena sprt: base and test need different names (NAME=CMD)\n");
        goto out;
    }
    struct stat st;
    if (a.journal && !a.resume && stat(a.journal, &st) == 0) {
        fprintf(stderr, "arena sprt: journal '%s' exists; continue it with 'arena sprt --resume %s' or choose "
                "another\n", a.journal, a.journal);
        goto out;
    }
    struct match_bot fills[GAME_MAX_PLAYERS];
    const char *commands[2 + GAME_MAX_PLAYERS] = { base.command, tested.command };
    for (int i = 0; i < a.n_fills; i++) {
        char fallback[16];
        snprintf(fallback, sizeof fallback, "fill%d", i + 1);
        if (match_bot_parse(&fills[i], a.fills[i], fallback, err, sizeof err) < 0) {
            fprintf(stderr, "arena sprt: %s\n", err);
            goto out;
        }
        commands[2 + i] = fills[i].command;
    }
    const char *hidden[3];
    int n_hidden = 0;
    if (a.journal) hidden[n_hidden++] = a.journal;
    if (a.record) hidden[n_hidden++] = a.record;
    if (a.plot) hidden[n_hidden++] = a.plot;
    setup.commands = commands;
    setup.n_commands = 2 + a.n_fills;
    setup.hidden = hidden;
    setup.n_hidden = n_hidden;
    if (match_prepare(&config, &sandbox, &setup, log_dir, sizeof log_dir, err, sizeof err) < 0) {
        fprintf(stderr, "arena sprt: %s\n", err);
        goto out;
    }
    status = 1;
    config.bots[0] = tested;
    config.bots[1] = base;
    for (int i = 0; i < a.n_fills; i++) config.bots[2 + i] = fills[i];
    if (live.filled) sprt_tally_init_sets(&tally, &test, a.metric, live.per_set);
    else sprt_tally_init(&tally, &test, a.metric);
    live.tally = &tally;
    live.stop = &stop_requested;
    live.config = &config;
    live.seed = a.seed;
    live.max_pairs = a.max_pairs;
    live.max_faults = a.max_faults;
    live.quiet = a.quiet;
    live.terminal = isatty(STDOUT_FILENO);
    live.recorded = calloc((size_t)a.max_pairs * (size_t)live.per_set, 1);
    live.results = calloc((size_t)a.max_pairs * (size_t)live.per_set, sizeof *live.results);
    live.pair_parties = calloc((size_t)a.max_pairs, 1);
    if (!live.recorded || !live.results || !live.pair_parties) {
        fprintf(stderr, "arena sprt: out of memory\n");
        goto out;
    }
    if (a.resume) {
        const char *run = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rr.header, "run"));
        if (!record_run_id_ok(run)) {
            fprintf(stderr, "arena sprt: %s: the header has no run id\n", a.resume);
            goto out;
        }
        snprintf(live.run, sizeof live.run, "%s", run);
        if (count_resumed(&live, &rr, (long)live.per_set * a.max_pairs, err, sizeof err) < 0) {
            fprintf(stderr, "arena sprt: %s: %s\n", a.resume, err);
            goto out;
        }
        if (torn && journal_cut_torn(a.resume) < 0) {
            fprintf(stderr, "arena sprt: cannot cut the torn last line of '%s'\n", a.resume);
            goto out;
        }
        if (!a.quiet && tally.n_steps > 0) {
            printf("resumed: %zu pairs in '%s'\n", tally.n_steps, a.resume);
            sprt_live_status(&live, 0);
        }
    } else if (record_new_run_id(live.run) < 0) {
        fprintf(stderr, "arena sprt: cannot read /dev/urandom for the run id\n");
        goto out;
    }
    if (a.journal && journal_open(&live.journal, a.journal, err, sizeof err) < 0) {
        fprintf(stderr, "arena sprt: %s\n", err);
        goto out;
    }
    if (a.journal && !a.resume) {
        cJSON *h = header_of(&a, live.run);
        int rc = h ? journal_append(&live.journal, h, err, sizeof err) : -1;
        cJSON_Delete(h);
        if (rc < 0) {
            fprintf(stderr, "arena sprt: %s\n", h ? err : "out of memory");
            goto out;
        }
    }
    if (a.record && journal_open(&live.record, a.record, err, sizeof err) < 0) {
        fprintf(stderr, "arena sprt: %s\n", err);
        goto out;
    }
    stop_requested = 0;
    if (tally.decision == SPRT_CONTINUE && !sprt_live_over_faults(&live)) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);
        struct runner runner;
        memset(&runner, 0, sizeof runner);
        runner.config = &config;
        runner.concurrency = (int)a.concurrency;
        runner.pin = a.pin;
        runner.next_job = sprt_live_next;
        runner.peek_job = a.start_late ? NULL : sprt_live_peek;
        runner.done = sprt_live_done;
        runner.ctx = &live;
        runner.stop = &stop_requested;
        runner.reuse = a.reuse;
        int rc = runner_run(&runner, err, sizeof err);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        if (rc < 0) {
            fprintf(stderr, "arena sprt: %s\n", err);
            goto out;
        }
        if (live.failed) {
            fprintf(stderr, "arena sprt: %s\n", live.error);
            goto out;
        }
    }
    int interrupted = stop_requested && tally.decision == SPRT_CONTINUE && !live.stopped[0] &&
                      tally.n_steps < (size_t)a.max_pairs;
    char why[400];
    if (interrupted)
        snprintf(why, sizeof why, "interrupted after %zu pairs%s%s", tally.n_steps,
                 a.journal ? "; continue with arena sprt --resume " : "", a.journal ? a.journal : "");
    const char *verdict = interrupted ? why : sprt_report_verdict(tally.decision, live.stopped[0] ? live.stopped : NULL);
    if (!a.quiet) {
        if (tally.n_steps > 0) sprt_live_status(&live, 1);
        sprt_report_summary(&tally, tested.name, base.name, verdict, stdout);
    } else {
        printf("%s\n", verdict);
    }
    status = interrupted ? EXIT_INTERRUPTED : verdict_status(tally.decision);
    if (a.plot && write_plot(a.plot, &tally, tested.name, base.name) < 0) status = 1;
out:
    journal_close(&live.journal);
    journal_close(&live.record);
    sprt_tally_release(&tally);
    free(live.recorded);
    free(live.results);
    free(live.pair_parties);
    free(rr.results);
    free(rr.matches);
    free(rr.seen);
    free(rr.order);
    cJSON_Delete(rr.header);
    return status;
}

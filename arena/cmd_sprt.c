/* cmd_sprt.c - `arena sprt`: is the test version better than the base?
 * Plays duplicate pairs between two bot programs and updates the
 * pentanomial GSPRT (stats/sprt.h, docs/statistics.md section 4) after
 * each pair, or reads the pairs from a journal. The exit status carries
 * the verdict.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "arena/commands.h"
#include "arena/options.h"
#include "arena/play/match.h"
#include "arena/play/runner.h"
#include "engine/rng.h"
#include "records/journal.h"
#include "records/record.h"
#include "records/results.h"
#include "stats/pentanomial.h"
#include "stats/sprt.h"
#include "stats/table.h"

enum { EXIT_H1 = 0, EXIT_H0 = 3, EXIT_INCONCLUSIVE = 4 };

struct tally {
    int pairs[PENTANOMIAL_CELLS];
    int n;
};

static void print_state(const struct sprt *sprt, const struct tally *t, double llr)
{
    struct pentanomial p;
    memset(&p, 0, sizeof p);
    memcpy(p.pairs, t->pairs, sizeof p.pairs);
    p.n_pairs = t->n;
    pentanomial_compute(&p);
    char elo[48];
    if (p.elo_finite && p.error_finite) snprintf(elo, sizeof elo, "%+.1f +- %.1f", p.elo, p.elo_error);
    else if (p.elo_finite) snprintf(elo, sizeof elo, "%+.1f", p.elo);
    else snprintf(elo, sizeof elo, "%s", p.score >= 1 ? "+inf (every pair won)" : p.score <= 0 ? "-inf (every pair lost)" : "?");
    table_printf(stdout, "pairs %d  LLR %+.3f [%+.3f, %+.3f]  Elo %s  (LL %d, LD %d, LW+DD %d, DW %d, WW %d)\n", t->n, llr,
           sprt->lower, sprt->upper, elo, t->pairs[0], t->pairs[1], t->pairs[2], t->pairs[3], t->pairs[4]);
}

static int verdict(enum sprt_decision d)
{
    printf("%s\n", d == SPRT_ACCEPT_H1 ? "H1 accepted: test is better" : d == SPRT_ACCEPT_H0 ? "H0 accepted: test is not better"
                                                                                       : "inconclusive: max pairs reached");
    return d == SPRT_ACCEPT_H1 ? EXIT_H1 : d == SPRT_ACCEPT_H0 ? EXIT_H0 : EXIT_INCONCLUSIVE;
}

/* Offline: the pairs between the two named bots in a journal. */
static int from_journal(const char *path, const char *base, const char *test, const struct sprt *sprt, int quiet)
{
    struct results r;
    char err[512];
    results_init(&r);
    if (results_read(&r, path, err, sizeof err) < 0) {
        fprintf(stderr, "arena sprt: %s\n", err);
        results_release(&r);
        return 2;
    }
    int b = -1, t = -1;
    for (int i = 0; i < r.n_bots; i++) {
        if (!strcmp(r.names[i], base)) b = i;
        if (!strcmp(r.names[i], test)) t = i;
    }
    if (b < 0 || t < 0) {
        fprintf(stderr, "arena sprt: '%s' has no bot named '%s'\n", path, b < 0 ? base : test);
        results_release(&r);
        return 2;
    }
    struct pentanomial p;
    if (pentanomial_tally(&p, r.parties, r.n_parties, t, b, err, sizeof err) < 0) {
        fprintf(stderr, "arena sprt: %s\n", err);
        results_release(&r);
        return 2;
    }
    struct tally tally;
    memcpy(tally.pairs, p.pairs, sizeof tally.pairs);
    tally.n = p.n_pairs;
    double llr = sprt_llr_pentanomial(sprt, tally.pairs);
    if (!quiet) print_state(sprt, &tally, llr);
    results_release(&r);
    return verdict(sprt_decide(sprt, llr));
}

/* Live play: pairs handed out in order, tallied as each completes. */
struct live {
    const struct sprt *sprt;
    const struct match_config *config;
    uint64_t seed;
    long max_pairs, next_partie;
    double *pair_points;      /* the test bot's points, per pair */
    unsigned char *pair_parties;
    struct tally tally;
    enum sprt_decision decision;
    volatile sig_atomic_t stop;
    struct journal journal;
    char run[RECORD_RUN_ID_LEN + 1];   /* of the records, with --record */
    int quiet, failed;
    char error[512];
};

static int live_next(void *ctx, struct runner_job *job)
{
    struct live *l = ctx;
    if (l->next_partie >= 2 * l->max_pairs) return 0;
    long pair = l->next_partie / 2;
    memset(job, 0, sizeof *job);
    job->partie_id = (uint64_t)l->next_partie + 1;
    job->seed = pq_rng_mix(l->seed, (uint64_t)pair + 1);
    job->first_dealer = (int)(l->next_partie % 2);
    job->bots[0] = l->config->bots[0];
    job->bots[1] = l->config->bots[1];
    job->tag = pair;
    job->pair = pair + 1;   /* 0 would mean "no pair" */
    l->next_partie++;
    return 1;
}

static void live_done(void *ctx, const struct runner_job *job, struct referee *ref)
{
    struct live *l = ctx;
    long pair = job->tag;
    char err[512];
    if (l->journal.fd >= 0) {
        cJSON *rec = referee_record(ref, job->seed);
        if (rec) cJSON_AddStringToObject(rec, "run", l->run);
        int rc = rec ? journal_append(&l->journal, rec, err, sizeof err) : -1;
        cJSON_Delete(rec);
        if (rc < 0) {
            snprintf(l->error, sizeof l->error, "%s", rec ? err : "out of memory");
            l->failed = 1;
            l->stop = 1;
            return;
        }
    }
    l->pair_points[pair] += ref->winner == 0 ? 1 : ref->winner < 0 ? 0.5 : 0;
    if (++l->pair_parties[pair] < 2 || l->decision != SPRT_CONTINUE) return;
    l->tally.pairs[(int)(l->pair_points[pair] * 2 + 0.5)]++;
    l->tally.n++;
    double llr = sprt_llr_pentanomial(l->sprt, l->tally.pairs);
    l->decision = sprt_decide(l->sprt, llr);
    if (!l->quiet) print_state(l->sprt, &l->tally, llr);
    fflush(stdout);
    if (l->decision != SPRT_CONTINUE) l->stop = 1;
}

struct sprt_args {
    struct match_config *config;
    struct match_setup *setup;
    double elo0, elo1, alpha, beta;
    long max_pairs, concurrency;
    unsigned long long seed;
    const char *base, *test, *journal, *record;
    int quiet;
};

static int apply_sprt(void *ctx, const struct option_value *v, char *err, size_t cap)
{
    struct sprt_args *a = ctx;
    (void)err;
    (void)cap;
    switch (v->option->id) {
    case OPT_BASE: a->base = v->text; break;
    case OPT_TEST: a->test = v->text; break;
    case OPT_JOURNAL: a->journal = v->text; break;
    case OPT_RECORD: a->record = v->text; break;
    case OPT_LOG_DIR: a->setup->log_base = v->text; break;
    case OPT_ELO0: a->elo0 = v->number; break;
    case OPT_ELO1: a->elo1 = v->number; break;
    case OPT_ALPHA: a->alpha = v->number; break;
    case OPT_BETA: a->beta = v->number; break;
    case OPT_MAX_PAIRS: a->max_pairs = (long)v->integer; break;
    case OPT_SEED: a->seed = v->u64; break;
    case OPT_MOVE_MS: a->config->clock.move_ms = (uint32_t)v->integer; break;
    case OPT_CONCURRENCY: a->concurrency = (long)v->integer; break;
    case OPT_NO_SANDBOX: a->setup->no_sandbox = (int)v->integer; break;
    case OPT_BOT_NETWORK: a->setup->network = (int)v->integer; break;
    case OPT_QUIET: a->quiet = (int)v->integer; break;
    default: assert(0);
    }
    return 0;
}

int cmd_sprt(int argc, char **argv)
{
    const struct command_spec *spec = options_command("sprt");
    struct match_config config;
    static struct sandbox sandbox;
    struct match_setup setup;
    char log_dir[1024];
    struct match_bot base, test;
    struct sprt sprt;
    struct sprt_args a;
    int status = 1, n_operands = 0;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    char err[512];
    match_config_default(&config);
    memset(&setup, 0, sizeof setup);
    memset(&a, 0, sizeof a);
    a.config = &config;
    a.setup = &setup;
    a.elo1 = 10;
    a.alpha = a.beta = 0.05;
    a.max_pairs = 2000;
    a.seed = 1;
    a.concurrency = cores > 0 ? cores : 2;
    if (options_parse(spec, argc, argv, apply_sprt, &a, NULL, 0, &n_operands, &status) < 0) return status;
    if (!a.base || !a.test) return options_usage_error(spec, "give --base and --test");
    double elo0 = a.elo0, elo1 = a.elo1, alpha = a.alpha, beta = a.beta;
    long max_pairs = a.max_pairs, concurrency = a.concurrency;
    unsigned long long seed = a.seed;
    const char *base_arg = a.base, *test_arg = a.test, *journal_path = a.journal, *record_path = a.record;
    int quiet = a.quiet;
    status = 1;
    if (sprt_init(&sprt, elo0, elo1, alpha, beta, err, sizeof err) < 0) {
        fprintf(stderr, "arena sprt: %s\n", err);
        return 2;
    }
    if (journal_path) return from_journal(journal_path, base_arg, test_arg, &sprt, quiet);
    if (match_bot_parse(&base, base_arg, "base", err, sizeof err) < 0 ||
        match_bot_parse(&test, test_arg, "test", err, sizeof err) < 0) {
        fprintf(stderr, "arena sprt: %s\n", err);
        return 2;
    }
    if (!strcmp(base.name, test.name)) {
        fprintf(stderr, "arena sprt: base and test need different names (NAME=CMD)\n");
        return 2;
    }
    const char *commands[2] = { base.command, test.command };
    setup.commands = commands;
    setup.n_commands = 2;
    if (match_prepare(&config, &sandbox, &setup, log_dir, sizeof log_dir, err, sizeof err) < 0) {
        fprintf(stderr, "arena sprt: %s\n", err);
        return 2;
    }
    struct live live;
    memset(&live, 0, sizeof live);
    live.journal.fd = -1;
    /* A run id of its own: partie ids restart at 1 in every sprt appended
     * to one journal. */
    if (record_path && record_new_run_id(live.run) < 0) {
        fprintf(stderr, "arena sprt: cannot read /dev/urandom for the run id\n");
        return 1;
    }
    if (record_path && journal_open(&live.journal, record_path, err, sizeof err) < 0) {
        fprintf(stderr, "arena sprt: %s\n", err);
        return 1;
    }
    if (record_path && sandbox_hide(&sandbox, record_path) < 0) {
        fprintf(stderr, "arena sprt: too many private paths\n");
        journal_close(&live.journal);
        return 1;
    }
    config.bots[0] = test;
    config.bots[1] = base;
    live.sprt = &sprt;
    live.config = &config;
    live.seed = seed;
    live.max_pairs = max_pairs;
    live.quiet = quiet;
    live.pair_points = calloc((size_t)max_pairs, sizeof *live.pair_points);
    live.pair_parties = calloc((size_t)max_pairs, sizeof *live.pair_parties);
    if (!live.pair_points || !live.pair_parties) {
        fprintf(stderr, "arena sprt: out of memory\n");
        goto out;
    }
    struct runner runner;
    memset(&runner, 0, sizeof runner);
    runner.config = &config;
    runner.concurrency = concurrency;
    runner.next_job = live_next;
    runner.done = live_done;
    runner.ctx = &live;
    runner.stop = &live.stop;
    runner.reuse = RUN_DEFAULT_REUSE;
    if (runner_run(&runner, err, sizeof err) < 0) {
        fprintf(stderr, "arena sprt: %s\n", err);
        goto out;
    }
    if (live.failed) {
        fprintf(stderr, "arena sprt: %s\n", live.error);
        goto out;
    }
    status = verdict(live.decision);
out:
    journal_close(&live.journal);
    free(live.pair_points);
    free(live.pair_parties);
    return status;
}

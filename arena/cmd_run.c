/* cmd_run.c - `arena run` and `arena resume`: a tournament of duplicate
 * pairs, many parties at once (runner.h), every finished partie appended
 * to the journal before the next is counted, standings at the end.
 *
 * The journal starts with a header record holding everything needed to
 * continue: bots and commands, format, pairs, seed, clocks, rules. `arena
 * resume JOURNAL` reads it back, skips every partie id already recorded
 * (a torn last line is ignored and that partie replayed) and runs the rest,
 * so the finished journal holds the same parties as an uninterrupted run.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "arena/commands.h"
#include "arena/journal.h"
#include "arena/record.h"
#include "arena/runner.h"
#include "arena/sched.h"
#include "engine/rng.h"

enum { RUN_MAX_BOTS = 64 };

static const char usage[] =
    "usage: arena run --bot NAME=COMMAND --bot NAME=COMMAND [...] [OPTIONS]\n"
    "       arena resume JOURNAL [--concurrency N]\n"
    "\n"
    "Plays a tournament of duplicate pairs (each pairing on the same packs twice,\n"
    "seats swapped, fresh bot processes), several parties at once on one socket,\n"
    "appends every finished partie to the journal (fsync'd), and prints the\n"
    "standings (arena ratings) at the end. SIGINT or SIGTERM stops cleanly:\n"
    "parties in flight are abandoned, the journal keeps every finished one, and\n"
    "arena resume continues where it stopped.\n"
    "\n"
    "  --bot NAME=COMMAND  a bot (at least two; NAME without spaces)\n"
    "  --format F          round-robin (default) or gauntlet (the first bot\n"
    "                      against each other)\n"
    "  --pairs N           duplicate pairs per pairing (default 10)\n"
    "  --seed N            master seed: schedule and every pack (default 1)\n"
    "  --concurrency N     parties in flight (default: the number of cores)\n"
    "  --move-ms N         time per decision (default 1000)\n"
    "  --bank-ms N         time bank per partie (default 10000)\n"
    "  --grace-ms N        transport tolerance (default 200)\n"
    "  --journal FILE      the journal (default tournament.jsonl); must be new\n"
    "  --log-dir DIR       bot logs (default /tmp/piquet-arena-logs)\n"
    "  --reuse N           parties one bot process may play (default 32, at most\n"
    "                      64; 1: a fresh process every partie). A process never\n"
    "                      plays both parties of a duplicate pair, and one that\n"
    "                      faulted is replaced\n"
    "  --max-faults N      faults after which a bot is disqualified: its remaining\n"
    "                      parties are recorded as forfeits (default 3; 0: never)\n"
    "  --quiet             no progress lines\n"
    "\n"
    "exit status: 0 finished; 1 the arena failed; 2 bad usage; 130 interrupted.\n"
    "\n"
    "example: arena run --bot greedy=build/bin/bot-greedy --bot random=build/bin/bot-random \\\n"
    "             --pairs 20 --journal t.jsonl\n";

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

struct tournament {
    struct match_config config;
    int n_bots;
    char names[RUN_MAX_BOTS][CODEC_NAME_MAX];
    char *commands[RUN_MAX_BOTS];
    int format, pairs, concurrency, quiet, max_faults, reuse;
    int faults[RUN_MAX_BOTS][CODEC_FAULTS];
    int disqualified[RUN_MAX_BOTS];
    unsigned long long seed;
    char run[RECORD_RUN_ID_LEN + 1];  /* the tournament's id (record.h) */
    struct sched sched;
    unsigned char *finished;          /* per partie id - 1 */
    size_t next, done_count, total;
    struct journal journal;
    int failed;
    char error[512];
    double started;
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void record_and_count(struct tournament *t, const struct runner_job *job, const struct referee *ref,
                             const char *fault_word);

static int bot_of(const struct tournament *t, const char *name)
{
    for (int i = 0; i < t->n_bots; i++)
        if (!strcmp(t->names[i], name)) return i;
    return -1;
}

/* The partie a disqualified bot would have played, recorded as its
 * forfeit without starting any process (the fault policy of referee.h). */
static void forfeit_unplayed(struct tournament *t, const struct sched_partie *sp)
{
    static struct referee ref;
    struct runner_job job;
    char message[CODEC_MESSAGE_MAX];
    int loser = t->disqualified[sp->a] ? 0 : 1;
    memset(&job, 0, sizeof job);
    job.partie_id = sp->partie_id;
    job.seed = sp->seed;
    job.tag = sp->pair;
    referee_init(&ref, sp->partie_id, sp->seed, sp->first_dealer, &t->config.rules, &t->config.clock,
                 t->names[sp->a], t->names[sp->b], NULL, NULL);
    snprintf(message, sizeof message, "disqualified after %d faults", t->max_faults);
    referee_fault_policy(&ref, loser, CODEC_FAULT_CRASH, message);
    ref.faults[loser][CODEC_FAULT_CRASH] = 0;   /* not a new fault */
    ref.state = REFEREE_DONE;
    record_and_count(t, &job, &ref, "disqualified");
}

static int next_job(void *ctx, struct runner_job *job)
{
    struct tournament *t = ctx;
    for (;;) {
        if (t->failed) return 0;
        while (t->next < t->sched.n && t->finished[t->next]) t->next++;
        if (t->next >= t->sched.n) return 0;
        const struct sched_partie *p = &t->sched.parties[t->next];
        if (!t->disqualified[p->a] && !t->disqualified[p->b]) break;
        t->next++;
        forfeit_unplayed(t, p);
    }
    const struct sched_partie *sp = &t->sched.parties[t->next++];
    memset(job, 0, sizeof *job);
    job->partie_id = sp->partie_id;
    job->seed = sp->seed;
    job->first_dealer = sp->first_dealer;
    snprintf(job->bots[0].name, sizeof job->bots[0].name, "%s", t->names[sp->a]);
    snprintf(job->bots[1].name, sizeof job->bots[1].name, "%s", t->names[sp->b]);
    job->bots[0].command = t->commands[sp->a];
    job->bots[1].command = t->commands[sp->b];
    job->tag = sp->pair;
    job->pair = sp->pair;
    return 1;
}

static void progress(struct tournament *t, int last)
{
    double elapsed = now_s() - t->started, rate = elapsed > 0 ? (double)t->done_count / elapsed : 0;
    double eta = rate > 0 ? (double)(t->total - t->done_count) / rate : 0;
    if (isatty(STDOUT_FILENO)) {
        printf("\r%zu/%zu parties, %.1f/s, ETA %.0f s   %s", t->done_count, t->total, rate, eta, last ? "\n" : "");
    } else {
        static double printed;
        static size_t printed_count = (size_t)-1;
        if (t->done_count == printed_count) return;
        if (!last && now_s() - printed < 5 && t->done_count != t->total) return;
        printed = now_s();
        printed_count = t->done_count;
        printf("%zu/%zu parties, %.1f/s, ETA %.0f s\n", t->done_count, t->total, rate, eta);
    }
    fflush(stdout);
}

/* Counts a partie's faults; past the threshold a bot is disqualified. */
static void count_faults(struct tournament *t, const char *const names[2], const int faults[2][CODEC_FAULTS])
{
    for (int p = 0; p < 2; p++) {
        int bot = bot_of(t, names[p]), total = 0;
        if (bot < 0) continue;
        for (int f = 0; f < CODEC_FAULTS; f++) {
            t->faults[bot][f] += faults[p][f];
            total += t->faults[bot][f];
        }
        if (t->max_faults > 0 && total >= t->max_faults && !t->disqualified[bot]) {
            t->disqualified[bot] = 1;
            if (!t->quiet) printf("\n%s is disqualified after %d faults\n", t->names[bot], total);
        }
    }
}

static void done(void *ctx, const struct runner_job *job, const struct referee *ref)
{
    record_and_count(ctx, job, ref, NULL);
}

static void record_and_count(struct tournament *t, const struct runner_job *job, const struct referee *ref,
                             const char *fault_word)
{
    const char *names[2] = { ref->names[0], ref->names[1] };
    count_faults(t, names, ref->faults);
    cJSON *rec = record_partie(ref, job->seed);
    if (rec) {
        cJSON_AddStringToObject(rec, "run", t->run);
        cJSON_AddNumberToObject(rec, "pair", (double)job->tag);
    }
    if (rec && fault_word)
        cJSON_ReplaceItemInObject(cJSON_GetObjectItem(rec, "forfeit"), "fault", cJSON_CreateString(fault_word));
    if (!rec || journal_append(&t->journal, rec, t->error, sizeof t->error) < 0) {
        if (!rec) snprintf(t->error, sizeof t->error, "out of memory for a partie record");
        t->failed = 1;
    } else {
        t->finished[job->partie_id - 1] = 1;
        t->done_count++;
    }
    cJSON_Delete(rec);
    if (!t->quiet) progress(t, 0);
}

static cJSON *header(const struct tournament *t)
{
    cJSON *h = cJSON_CreateObject();
    cJSON_AddStringToObject(h, "type", "header");
    cJSON_AddStringToObject(h, "format", sched_format_name(t->format));
    cJSON_AddNumberToObject(h, "pairs", t->pairs);
    char seed_text[24];
    snprintf(seed_text, sizeof seed_text, "%llu", t->seed);
    cJSON_AddStringToObject(h, "run", t->run);
    cJSON_AddStringToObject(h, "seed", seed_text);
    cJSON_AddNumberToObject(h, "max_faults", t->max_faults);
    cJSON_AddNumberToObject(h, "reuse", t->reuse);
    cJSON *bots = cJSON_AddArrayToObject(h, "bots");
    for (int i = 0; i < t->n_bots; i++) {
        cJSON *b = cJSON_CreateObject();
        cJSON_AddItemToArray(bots, b);
        cJSON_AddStringToObject(b, "name", t->names[i]);
        cJSON_AddStringToObject(b, "command", t->commands[i]);
        char digest[17];
        if (botproc_command_digest(t->commands[i], digest) == 0) cJSON_AddStringToObject(b, "fnv1a64", digest);
    }
    cJSON *clock = cJSON_AddObjectToObject(h, "clock");
    cJSON_AddNumberToObject(clock, "move_ms", t->config.clock.move_ms);
    cJSON_AddNumberToObject(clock, "bank_ms", t->config.clock.bank_ms);
    cJSON_AddNumberToObject(clock, "grace_ms", t->config.clock.grace_ms);
    cJSON *rules = cJSON_AddObjectToObject(h, "rules");
    for (int i = 0; pq_rules_names[i]; i++) {
        char buf[16];
        cJSON_AddStringToObject(rules, pq_rules_names[i], pq_rules_get(&t->config.rules, pq_rules_names[i], buf));
    }
    return h;
}

static int add_bot(struct tournament *t, const char *name, size_t name_len, const char *command)
{
    if (t->n_bots == RUN_MAX_BOTS || name_len == 0 || name_len >= CODEC_NAME_MAX || !*command) return -1;
    for (size_t i = 0; i < name_len; i++)
        if (name[i] == ' ' || (unsigned char)name[i] < 0x20) return -1;
    memcpy(t->names[t->n_bots], name, name_len);
    t->names[t->n_bots][name_len] = '\0';
    for (int i = 0; i < t->n_bots; i++)
        if (!strcmp(t->names[i], t->names[t->n_bots])) return -1;
    t->commands[t->n_bots] = strdup(command);
    if (!t->commands[t->n_bots]) return -1;
    t->n_bots++;
    return 0;
}

/* resume: settings from the header, finished ids from the records. */
struct resume_read {
    struct tournament *t;
    int have_header;
    uint64_t *ids;
    size_t n_ids, cap_ids;
    char error[256];
};

static int read_resume(const cJSON *rec, int line, void *ctx)
{
    struct resume_read *r = ctx;
    struct tournament *t = r->t;
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "type"));
    if (type && !strcmp(type, "header") && !r->have_header) {
        const cJSON *b;
        const cJSON *clock = cJSON_GetObjectItemCaseSensitive(rec, "clock");
        const char *format = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "format"));
        t->format = format ? sched_format_parse(format) : -1;
        t->pairs = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(rec, "pairs"));
        uint64_t seed = 0;
        const char *run = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "run"));
        if (record_seed(cJSON_GetObjectItemCaseSensitive(rec, "seed"), &seed) < 0) {
            snprintf(r->error, sizeof r->error, "line %d: the header's seed is not a number", line);
            return 1;
        }
        t->seed = seed;
        if (record_run_id_ok(run)) snprintf(t->run, sizeof t->run, "%s", run);
        t->max_faults = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(rec, "max_faults"));
        const cJSON *reuse = cJSON_GetObjectItemCaseSensitive(rec, "reuse");
        t->reuse = cJSON_IsNumber(reuse) ? (int)reuse->valuedouble : 1;   /* older journals: fresh processes */
        t->config.clock.move_ms = (uint32_t)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(clock, "move_ms"));
        t->config.clock.bank_ms = (uint32_t)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(clock, "bank_ms"));
        t->config.clock.grace_ms = (uint32_t)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(clock, "grace_ms"));
        const cJSON *rules = cJSON_GetObjectItemCaseSensitive(rec, "rules"), *flag;
        cJSON_ArrayForEach(flag, rules) {
            char err[160];
            if (!cJSON_IsString(flag) || pq_rules_set(&t->config.rules, flag->string, flag->valuestring, err, sizeof err) < 0) {
                snprintf(r->error, sizeof r->error, "line %d: bad rules in the header", line);
                return 1;
            }
        }
        cJSON_ArrayForEach(b, cJSON_GetObjectItemCaseSensitive(rec, "bots")) {
            const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b, "name"));
            const char *command = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b, "command"));
            if (!name || !command || add_bot(t, name, strlen(name), command) < 0) {
                snprintf(r->error, sizeof r->error, "line %d: bad bot in the header", line);
                return 1;
            }
        }
        if (t->format < 0 || t->pairs < 1 || t->n_bots < 2) {
            snprintf(r->error, sizeof r->error, "line %d: the header lacks format, pairs or bots", line);
            return 1;
        }
        if (!t->run[0]) /* a journal older than run ids: one derived from its seed */
            snprintf(t->run, sizeof t->run, "%016llx", (unsigned long long)pq_rng_mix(t->seed, 0x72756e));
        r->have_header = 1;
        return 0;
    }
    if (type && !strcmp(type, "partie")) {
        if (r->n_ids == r->cap_ids) {
            size_t cap = r->cap_ids ? 2 * r->cap_ids : 256;
            uint64_t *ids = realloc(r->ids, cap * sizeof *ids);
            if (!ids) {
                snprintf(r->error, sizeof r->error, "out of memory");
                return 1;
            }
            r->ids = ids;
            r->cap_ids = cap;
        }
        r->ids[r->n_ids++] = (uint64_t)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(rec, "id"));
        const cJSON *players = cJSON_GetObjectItemCaseSensitive(rec, "players");
        const cJSON *faults = cJSON_GetObjectItemCaseSensitive(rec, "faults");
        const char *names[2] = { cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(players, "A")),
                                 cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(players, "B")) };
        int counts[2][CODEC_FAULTS];
        for (int p = 0; p < 2; p++)
            for (int f = 0; f < CODEC_FAULTS; f++)
                counts[p][f] = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(
                    cJSON_GetObjectItemCaseSensitive(faults, p ? "B" : "A"), codec_fault_name(f)));
        if (names[0] && names[1]) {
            int was_quiet = t->quiet;
            t->quiet = 1;
            count_faults(t, names, (const int (*)[CODEC_FAULTS])counts);
            t->quiet = was_quiet;
        }
    }
    return 0;
}

static int parse_long(const char *text, long lo, long hi, long *out)
{
    char *end = NULL;
    long v = strtol(text, &end, 10);
    if (!end || *end || v < lo || v > hi) return -1;
    *out = v;
    return 0;
}

static int run_tournament(struct tournament *t, const char *journal_path, int resuming, const uint64_t *done_ids,
                          size_t n_done)
{
    char err[512];
    int status = 1;
    if (sched_build(&t->sched, t->format, t->n_bots, t->pairs, t->seed, err, sizeof err) < 0) {
        fprintf(stderr, "arena run: %s\n", err);
        return 2;
    }
    t->finished = calloc(t->sched.n, 1);
    if (!t->finished) {
        fprintf(stderr, "arena run: out of memory\n");
        goto out;
    }
    for (size_t i = 0; i < n_done; i++)
        if (done_ids[i] >= 1 && done_ids[i] <= t->sched.n && !t->finished[done_ids[i] - 1]) {
            t->finished[done_ids[i] - 1] = 1;
            t->done_count++;
        }
    t->total = t->sched.n;
    if (journal_open(&t->journal, journal_path, err, sizeof err) < 0) {
        fprintf(stderr, "arena run: %s\n", err);
        goto out;
    }
    if (!resuming) {
        cJSON *h = header(t);
        int rc = h ? journal_append(&t->journal, h, err, sizeof err) : -1;
        cJSON_Delete(h);
        if (rc < 0) {
            fprintf(stderr, "arena run: %s\n", h ? err : "out of memory");
            goto out;
        }
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    struct runner runner;
    memset(&runner, 0, sizeof runner);
    runner.config = &t->config;
    runner.concurrency = t->concurrency;
    runner.next_job = next_job;
    runner.done = done;
    runner.ctx = t;
    runner.stop = &stop_requested;
    runner.reuse = t->reuse;
    t->started = now_s();
    if (!t->quiet)
        printf("%s, %d bots, %d pairs per pairing: %zu parties (%zu to play), %d at once; journal %s\n",
               sched_format_name(t->format), t->n_bots, t->pairs, t->total, t->total - t->done_count, t->concurrency,
               journal_path);
    if (runner_run(&runner, err, sizeof err) < 0) {
        fprintf(stderr, "arena run: %s\n", err);
        goto out;
    }
    if (t->failed) {
        fprintf(stderr, "arena run: %s\n", t->error);
        goto out;
    }
    if (!t->quiet) progress(t, 1);
    if (stop_requested) {
        fprintf(stderr, "arena run: interrupted: %zu of %zu parties in the journal; continue with: arena resume %s\n",
                t->done_count, t->total, journal_path);
        status = 130;
        goto out;
    }
    for (int i = 0; i < t->n_bots; i++) {
        int total = 0;
        for (int f = 0; f < CODEC_FAULTS; f++) total += t->faults[i][f];
        if (!total) continue;
        printf("faults: %s:", t->names[i]);
        for (int f = 0; f < CODEC_FAULTS; f++)
            if (t->faults[i][f]) printf(" %s %d", codec_fault_name(f), t->faults[i][f]);
        printf("%s\n", t->disqualified[i] ? " (disqualified)" : "");
    }
    char *args[] = { (char *)journal_path, NULL };
    status = cmd_ratings(1, args) == 0 ? 0 : 1;
out:
    journal_close(&t->journal);
    sched_release(&t->sched);
    free(t->finished);
    for (int i = 0; i < t->n_bots; i++) free(t->commands[i]);
    return status;
}

static void tournament_init(struct tournament *t)
{
    memset(t, 0, sizeof *t);
    match_config_default(&t->config);
    t->format = SCHED_ROUND_ROBIN;
    t->pairs = 10;
    t->seed = 1;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    t->concurrency = cores > 0 ? (int)cores : 2;
    t->max_faults = 3;
    t->reuse = RUN_DEFAULT_REUSE;
    t->journal.fd = -1;
}

int cmd_run(int argc, char **argv)
{
    static struct tournament t;
    const char *journal_path = "tournament.jsonl";
    if (command_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return 0;
    }
    tournament_init(&t);
    for (int i = 0; i < argc; i++) {
        const char *opt = argv[i];
        long v;
        if (!strcmp(opt, "--quiet")) { t.quiet = 1; continue; }
        if (i + 1 >= argc) {
            fprintf(stderr, "arena run: '%s' needs a value\n%s", opt, usage);
            return 2;
        }
        const char *val = argv[++i];
        if (!strcmp(opt, "--bot")) {
            const char *eq = strchr(val, '=');
            if (!eq || add_bot(&t, val, (size_t)(eq - val), eq + 1) < 0) {
                fprintf(stderr, "arena run: --bot takes NAME=COMMAND with a new name of 1-63 characters and no spaces ('%s')\n", val);
                return 2;
            }
        } else if (!strcmp(opt, "--format")) {
            if ((t.format = sched_format_parse(val)) < 0) goto bad;
        } else if (!strcmp(opt, "--pairs")) {
            if (parse_long(val, 1, 1000000, &v) < 0) goto bad;
            t.pairs = (int)v;
        } else if (!strcmp(opt, "--seed")) {
            char *end = NULL;
            t.seed = strtoull(val, &end, 10);
            if (!end || *end) goto bad;
        } else if (!strcmp(opt, "--concurrency")) {
            if (parse_long(val, 1, 256, &v) < 0) goto bad;
            t.concurrency = (int)v;
        } else if (!strcmp(opt, "--move-ms") || !strcmp(opt, "--bank-ms") || !strcmp(opt, "--grace-ms")) {
            if (parse_long(val, 0, 3600000, &v) < 0) goto bad;
            if (opt[2] == 'm') t.config.clock.move_ms = (uint32_t)v;
            else if (opt[2] == 'b') t.config.clock.bank_ms = (uint32_t)v;
            else t.config.clock.grace_ms = (uint32_t)v;
        } else if (!strcmp(opt, "--journal")) {
            journal_path = val;
        } else if (!strcmp(opt, "--log-dir")) {
            t.config.log_dir = val;
        } else if (!strcmp(opt, "--reuse")) {
            if (parse_long(val, 1, RUNNER_REUSE_MAX, &v) < 0) goto bad;
            t.reuse = (int)v;
        } else if (!strcmp(opt, "--max-faults")) {
            if (parse_long(val, 0, 1000000, &v) < 0) goto bad;
            t.max_faults = (int)v;
        } else {
            fprintf(stderr, "arena run: unknown option '%s'\n%s", opt, usage);
            return 2;
        }
        continue;
    bad:
        fprintf(stderr, "arena run: bad value '%s' for %s\n", val, opt);
        return 2;
    }
    if (t.n_bots < 2) {
        fprintf(stderr, "arena run: give at least two bots with --bot NAME=COMMAND\n%s", usage);
        return 2;
    }
    if (access(journal_path, F_OK) == 0) {
        fprintf(stderr, "arena run: journal '%s' exists; continue it with 'arena resume %s' or choose another\n",
                journal_path, journal_path);
        return 2;
    }
    if (record_new_run_id(t.run) < 0) {
        fprintf(stderr, "arena run: cannot read /dev/urandom for the run id\n");
        return 1;
    }
    return run_tournament(&t, journal_path, 0, NULL, 0);
}

int cmd_resume(int argc, char **argv)
{
    static struct tournament t;
    struct resume_read r;
    char err[512];
    int torn = 0;
    if (command_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return 0;
    }
    tournament_init(&t);
    const char *path = NULL;
    for (int i = 0; i < argc; i++) {
        long v;
        if (!strcmp(argv[i], "--concurrency") && i + 1 < argc && parse_long(argv[i + 1], 1, 256, &v) == 0) {
            t.concurrency = (int)v;
            i++;
        } else if (!strcmp(argv[i], "--quiet")) {
            t.quiet = 1;
        } else if (!path && argv[i][0] != '-') {
            path = argv[i];
        } else {
            fprintf(stderr, "arena resume: unexpected '%s'\n%s", argv[i], usage);
            return 2;
        }
    }
    if (!path) {
        fprintf(stderr, "arena resume: give the journal\n%s", usage);
        return 2;
    }
    memset(&r, 0, sizeof r);
    r.t = &t;
    if (journal_read(path, read_resume, &r, &torn, err, sizeof err) < 0 || r.error[0] || !r.have_header) {
        fprintf(stderr, "arena resume: %s\n", r.error[0] ? r.error : !r.have_header && !err[0] ? "no header record" : err);
        free(r.ids);
        for (int i = 0; i < t.n_bots; i++) free(t.commands[i]);
        return 2;
    }
    if (torn) {
        /* Cut the torn line off so that new records start on a line. */
        FILE *f = fopen(path, "r+");
        long keep = 0, pos = 0;
        int c;
        while (f && (c = fgetc(f)) != EOF) {
            pos++;
            if (c == '\n') keep = pos;
        }
        if (!f || ftruncate(fileno(f), keep) < 0) {
            fprintf(stderr, "arena resume: cannot cut the torn last line of '%s'\n", path);
            if (f) fclose(f);
            free(r.ids);
            return 1;
        }
        fclose(f);
    }
    int status = run_tournament(&t, path, 1, r.ids, r.n_ids);
    free(r.ids);
    return status;
}

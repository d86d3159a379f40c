/* cmd_run.c - `arena run` and `arena resume`: a tournament of duplicate
 * pairs, many parties at once (runner.h), every finished partie appended
 * to the journal before it is counted, standings, a crosstable and the
 * --results file at the end.
 *
 * The journal starts with a header (tournament.h) holding every setting
 * needed to continue. `arena resume JOURNAL` reads it back, skips every
 * partie id already recorded (a torn last line is cut off and that partie
 * played again) and runs the rest, so the finished journal holds the same
 * parties as an uninterrupted run.
 *
 * A Swiss (--format swiss, swiss.h) is played round by round: the runner
 * runs endless, next_job() hands out the matches of the round paired, and
 * when its last one is journaled the round is closed (its "round" record
 * with the standings journaled and printed) and the next one paired on
 * the points so far. Resume pairs the rounds again from the journal's
 * records, in order, so it finds the same rounds, checks the rounds the
 * journal holds against them, and plays what is left of the first round
 * not over.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "arena/commands.h"
#include "arena/options.h"
#include "arena/play/runner.h"
#include "arena/tournament/poster.h"
#include "arena/tournament/sched.h"
#include "arena/tournament/seating.h"
#include "arena/tournament/shard.h"
#include "arena/tournament/swiss.h"
#include "arena/tournament/tally.h"
#include "arena/tournament/tournament.h"
#include "records/game_record.h"
#include "records/journal.h"
#include "records/record.h"
#include "records/results.h"
#include "stats/ratings.h"
#include "stats/standings.h"

static volatile sig_atomic_t stop_requested;
/* A Swiss's runner runs endless: it stops when the last round is over (or
 * the run failed), or on a signal. */
static volatile sig_atomic_t swiss_stop;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
    swiss_stop = 1;
}

/* What a match of a Swiss gave each of its seats (swiss_match_score). */
struct swiss_result {
    int n;                                /* seats; 0: not played yet */
    int bot[GAME_MAX_PLAYERS];
    long score[GAME_MAX_PLAYERS];
};

/* A tournament being played. */
struct run {
    struct tournament *t;
    const char *journal_path;
    struct runner_remote remotes[TOURNAMENT_MAX_BOTS];
    int n_remotes;
    struct sched sched;
    unsigned char *finished;          /* per partie id - 1, up to n_ids */
    size_t n_ids;                     /* the largest id of the schedule (of the shard) */
    size_t next, done_count, total;
    struct journal journal;
    struct tally tally;
    struct poster *poster;            /* NULL without --post */
    char log_dir[1024];               /* this run's bot logs */
    int failed;
    char error[512];
    double started;
    size_t done_at_start;             /* parties a resumed journal held */
    int line_open;                    /* a progress line without its newline */
    double printed_at;                /* progress lines when not a terminal */
    size_t printed_count;
    /* A Swiss: the round being played is `sched`. */
    struct swiss *swiss;              /* NULL for the other formats */
    int team_of[GAME_MAX_PLAYERS];
    const int *teams;                 /* team_of, or NULL for Piquet */
    int players;
    size_t per_round;                 /* matches a round plays */
    struct swiss_result *results;     /* per match id - 1, as they are read or played */
    size_t n_results;
    cJSON **round_records;            /* per round - 1: the journal's "round" records (resume) */
    int n_round_records;
    int bad_journal;                  /* a round record that is not this arena's round: exit 2 */
};

/* The progress line shows a rate and an ETA once this many parties were
 * played over this many seconds. */
#define PROGRESS_MIN_PARTIES 4
#define PROGRESS_MIN_SECONDS 1.0

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int bot_of(const struct run *r, const char *name)
{
    for (int i = 0; name && i < r->t->n_bots; i++)
        if (!strcmp(r->t->bots[i].name, name)) return i;
    return -1;
}

/* Piquet plays parties; the other games, matches. */
static const struct game *run_game;

static const char *parties_word(size_t n)
{
    if (run_game && run_game != &piquet_game) return n == 1 ? "match" : "matches";
    return n == 1 ? "partie" : "parties";
}

/* "parties done/total", then the rate and the time left once they mean
 * something (enough parties played by this process, over enough time: a
 * resumed run's earlier parties are not its own; and some still to play),
 * then the leader. */
static void progress(struct run *r, int last)
{
    size_t played = r->done_count - r->done_at_start;
    double elapsed = now_s() - r->started;
    char rate[64] = "", leader[128] = "";
    /* Not on the last line: an ETA of 0 s says nothing the count does not. */
    if (played >= PROGRESS_MIN_PARTIES && elapsed >= PROGRESS_MIN_SECONDS && r->done_count < r->total) {
        double per_s = (double)played / elapsed, eta = (double)(r->total - r->done_count) / per_s;
        snprintf(rate, sizeof rate, ", %.1f/s, ETA %.0f s", per_s, eta);
    }
    int best = tally_leader(&r->tally);
    if (best >= 0)
        snprintf(leader, sizeof leader, ", leader %.40s %.1f%%", r->tally.bots[best].name, tally_score_pct(&r->tally, best));
    if (isatty(STDOUT_FILENO)) {
        printf("\r%zu/%zu %s%s%s\033[K%s", r->done_count, r->total, parties_word(r->total), rate, leader,
               last ? "\n" : "");
        r->line_open = !last;
    } else {
        if (r->done_count == r->printed_count) return;
        if (!last && now_s() - r->printed_at < 5 && r->done_count != r->total) return;
        r->printed_at = now_s();
        r->printed_count = r->done_count;
        printf("%zu/%zu %s%s%s\n", r->done_count, r->total, parties_word(r->total), rate, leader);
    }
    fflush(stdout);
}

/* The standings so far (--standings-every): the ratings of the journal as
 * it is, as at the end. */
static void interim_standings(struct run *r)
{
    char *args[] = { (char *)r->journal_path, NULL };
    if (r->line_open) printf("\n");
    r->line_open = 0;
    printf("\nstandings after %zu of %zu %s:\n", r->done_count, r->total, parties_word(r->total));
    fflush(stdout);
    cmd_ratings(1, args);
    printf("\n");
    fflush(stdout);
}

/* After a partie is tallied: a player past the fault threshold is
 * disqualified (the tally holds every bot's faults). */
static void disqualify_over(struct run *r, const char *const *names, int n, int quiet)
{
    for (int p = 0; p < n; p++) {
        int bot = bot_of(r, names[p]), total = 0;
        if (bot < 0) continue;
        struct tally_bot *b = &r->tally.bots[bot];
        for (int f = 0; f < CODEC_FAULTS; f++) total += b->faults[f];
        if (r->t->max_faults > 0 && total >= r->t->max_faults && !b->disqualified) {
            b->disqualified = 1;
            if (!quiet) printf("\n%s is disqualified after %d fault%s\n", r->t->bots[bot].name, total, total == 1 ? "" : "s");
        }
    }
}

static int disqualified(const struct run *r, int bot)
{
    return r->tally.bots[bot].disqualified;
}

/* A Swiss's match (a partie or another game's match) as its seats'
 * scores, kept by id until its round closes; nothing for other formats. */
static int note_result(struct run *r, uint64_t id, int n, const char *const *names, const long *points, int winner,
                       char *err, size_t cap)
{
    if (r->t->format != SCHED_SWISS || id < 1) return 0;
    if (id > r->n_results) {
        size_t want = id > 2 * r->n_results ? (size_t)id : 2 * r->n_results;
        struct swiss_result *grown = realloc(r->results, want * sizeof *grown);
        if (!grown) {
            snprintf(err, cap, "out of memory");
            return -1;
        }
        memset(grown + r->n_results, 0, (want - r->n_results) * sizeof *grown);
        r->results = grown;
        r->n_results = want;
    }
    struct swiss_result *res = &r->results[id - 1];
    res->n = n;
    for (int s = 0; s < n; s++)
        if ((res->bot[s] = bot_of(r, names[s])) < 0) {
            snprintf(err, cap, "match %llu names '%.40s', who is not a bot of this tournament", (unsigned long long)id,
                     names[s]);
            return -1;
        }
    swiss_match_score(n, res->bot, points, winner, res->score);
    return 0;
}

static int note_match(struct run *r, const struct game_record *match, char *err, size_t cap)
{
    const char *names[GAME_MAX_PLAYERS];
    for (int p = 0; p < match->players; p++) names[p] = match->names[p];
    return note_result(r, match->id, match->players, names, match->points, match->winner, err, cap);
}

/* Counts a record read back: a Piquet partie or another game's match. */
static int count_record(struct run *r, const cJSON *rec, char *why, size_t cap)
{
    if (!strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(rec, "type")), "match")) {
        struct game_record match;
        return game_record_read(rec, &match, why, cap) < 0 || tally_add_match(&r->tally, &match, why, cap) < 0 ||
                       note_match(r, &match, why, cap) < 0
                   ? -1
                   : 0;
    }
    struct record_partie read;
    return record_read(rec, &read, why, cap) < 0 || tally_add(&r->tally, &read, why, cap) < 0 ||
                   note_result(r, read.id, 2, read.players, NULL, read.winner, why, cap) < 0
               ? -1
               : 0;
}

static int swiss_advance(struct run *r);

static void record_and_count(struct run *r, const struct runner_job *job, const struct referee *ref,
                             const char *fault_word)
{
    const char *names[GAME_MAX_PLAYERS];
    char why[256];
    for (int p = 0; p < ref->n_players; p++) names[p] = ref->names[p];
    cJSON *rec = referee_record(ref, job->seed);
    if (rec) {
        cJSON_AddStringToObject(rec, "run", r->t->run);
        /* A Piquet partie's duplicate pair, another game's duplicate set. */
        cJSON_AddNumberToObject(rec, ref->game == &piquet_game ? "pair" : "set", (double)job->tag);
    }
    if (rec && fault_word)
        cJSON_ReplaceItemInObject(cJSON_GetObjectItem(rec, "forfeit"), "fault", cJSON_CreateString(fault_word));
    if (!rec || journal_append(&r->journal, rec, r->error, sizeof r->error) < 0) {
        if (!rec) snprintf(r->error, sizeof r->error, "out of memory for a partie record");
        r->failed = 1;
    } else {
        r->finished[job->partie_id - 1] = 1;
        r->done_count++;
        if (count_record(r, rec, why, sizeof why) < 0) {
            snprintf(r->error, sizeof r->error, "partie %llu: %s", (unsigned long long)job->partie_id, why);
            r->failed = 1;
        }
        disqualify_over(r, names, ref->n_players, r->t->quiet);
        if (r->poster) poster_submit(r->poster, rec);
    }
    cJSON_Delete(rec);
    /* A Swiss's round over: its standings before the progress line. */
    if (r->swiss && !r->failed) swiss_advance(r);
    if (r->swiss && r->failed) swiss_stop = 1;
    if (!r->t->quiet) progress(r, 0);
    if (!r->failed && r->t->standings_every > 0 && r->done_count < r->total &&
        r->done_count % (size_t)r->t->standings_every == 0)
        interim_standings(r);
}

/* The partie a disqualified bot would have played, recorded as its
 * forfeit without starting any process (the fault policy of referee.h). */
static void forfeit_unplayed(struct run *r, const struct sched_partie *sp)
{
    static struct referee ref;
    struct runner_job job;
    char message[CODEC_MESSAGE_MAX];
    const struct tournament *t = r->t;
    int loser = disqualified(r, sp->a) ? 0 : 1;
    memset(&job, 0, sizeof job);
    job.partie_id = sp->partie_id;
    job.seed = sp->seed;
    job.tag = sp->pair;
    if (sp->n_seats > 0) {
        const char *names[GAME_MAX_PLAYERS];
        char err[256];
        loser = -1;
        for (int p = 0; p < sp->n_seats; p++) {
            names[p] = t->bots[sp->seat[p]].name;
            if (loser < 0 && disqualified(r, sp->seat[p])) loser = p;
        }
        if (referee_init_game(&ref, t->config.game, sp->partie_id, sp->seed, sp->first_dealer, t->config.players,
                              t->config.game_rules, &t->config.clock, names, NULL, NULL, err, sizeof err) < 0) {
            snprintf(r->error, sizeof r->error, "%s", err);
            r->failed = 1;
            return;
        }
    } else {
        referee_init(&ref, sp->partie_id, sp->seed, sp->first_dealer, &t->config.rules, &t->config.clock,
                     t->bots[sp->a].name, t->bots[sp->b].name, NULL, NULL);
    }
    snprintf(message, sizeof message, "disqualified after %d faults", t->max_faults);
    referee_fault_policy(&ref, loser, CODEC_FAULT_CRASH, message);
    ref.faults[loser][CODEC_FAULT_CRASH] = 0;   /* not a new fault */
    ref.state = REFEREE_DONE;
    record_and_count(r, &job, &ref, "disqualified");
    referee_release(&ref);
}

/* Whether a bot of the scheduled match was disqualified. */
static int any_disqualified(const struct run *r, const struct sched_partie *p)
{
    if (p->n_seats == 0) return disqualified(r, p->a) || disqualified(r, p->b);
    for (int q = 0; q < p->n_seats; q++)
        if (disqualified(r, p->seat[q])) return 1;
    return 0;
}

/* The job of scheduled partie sp. */
static void fill_job(const struct run *r, const struct sched_partie *sp, struct runner_job *job)
{
    const int two[2] = { sp->a, sp->b };
    const int *seat = sp->n_seats ? sp->seat : two;
    memset(job, 0, sizeof *job);
    job->partie_id = sp->partie_id;
    job->seed = sp->seed;
    job->first_dealer = sp->first_dealer;
    for (int p = 0; p < (sp->n_seats ? sp->n_seats : 2); p++) {
        snprintf(job->bots[p].name, sizeof job->bots[p].name, "%s", r->t->bots[seat[p]].name);
        job->bots[p].command = r->t->bots[seat[p]].command;   /* NULL: remote */
    }
    job->tag = sp->pair;
    job->pair = sp->pair;
}

static int next_job(void *ctx, struct runner_job *job)
{
    struct run *r = ctx;
    for (;;) {
        if (r->failed) return 0;
        while (r->next < r->sched.n && r->finished[r->sched.parties[r->next].partie_id - 1]) r->next++;
        if (r->next >= r->sched.n) return 0;
        const struct sched_partie *p = &r->sched.parties[r->next];
        if (!any_disqualified(r, p)) break;
        r->next++;
        forfeit_unplayed(r, p);
    }
    fill_job(r, &r->sched.parties[r->next++], job);
    return 1;
}

/* The job next_job would give now, taking nothing: the next partie not
 * finished whose bots are not disqualified (runner.h peek_job). */
static int peek_job(void *ctx, struct runner_job *job)
{
    struct run *r = ctx;
    if (r->failed) return 0;
    for (size_t i = r->next; i < r->sched.n; i++) {
        const struct sched_partie *p = &r->sched.parties[i];
        if (r->finished[p->partie_id - 1] || any_disqualified(r, p)) continue;
        fill_job(r, p, job);
        return 1;
    }
    return 0;
}

static void done(void *ctx, const struct runner_job *job, struct referee *ref)
{
    record_and_count(ctx, job, ref, NULL);
}

static int run_write_results(const struct tournament *t, const struct tally *tally, const char *journal_path,
                             const struct swiss *swiss);

/* Standings from the journal (arena ratings), then the crosstable, the
 * fault summary and the --results files. */
static int report(struct run *r)
{
    const struct tournament *t = r->t;
    int status = 0;
    char *args[] = { (char *)r->journal_path, NULL };
    if (cmd_ratings(1, args) != 0) status = 1;
    printf("\n");
    tally_print_crosstable(&r->tally, stdout);
    for (int i = 0; i < t->n_bots; i++) {
        const struct tally_bot *b = &r->tally.bots[i];
        int total = 0;
        for (int f = 0; f < CODEC_FAULTS; f++) total += b->faults[f];
        if (!total) continue;
        printf("faults: %s:", t->bots[i].name);
        for (int f = 0; f < CODEC_FAULTS; f++)
            if (b->faults[f]) printf(" %s %d", codec_fault_name(f), b->faults[f]);
        printf("%s\n", b->disqualified ? " (disqualified)" : "");
    }
    if (t->results && run_write_results(t, &r->tally, r->journal_path, r->swiss) < 0) status = 1;
    return status;
}

/* The --results files; a Swiss's also holds its last round record under
 * "swiss" (the final Swiss standings). */
static int run_write_results(const struct tournament *t, const struct tally *tally, const char *journal_path,
                             const struct swiss *swiss)
{
    char err[512], csv_path[1100];
    struct results res;
    struct ratings *fit = NULL;
    struct standings st;
    int have_standings = 0, rc = -1;
    FILE *out = NULL;
    cJSON *root = tally_json(tally);
    results_init(&res);
    res.canonical = true;   /* the standings arena ratings prints */
    if (!root) goto oom;
    cJSON_AddStringToObject(root, "run", t->run);
    cJSON_AddStringToObject(root, "journal", journal_path);
    if (swiss && swiss->rounds) {
        const char *names[TOURNAMENT_MAX_BOTS];
        for (int i = 0; i < t->n_bots; i++) names[i] = t->bots[i].name;
        cJSON *last = swiss_round_record(swiss, names);
        if (!last) goto oom;
        cJSON_AddItemToObject(root, "swiss", last);
    }
    if (results_read(&res, journal_path, err, sizeof err) == 0 &&
        (fit = ratings_fit(res.parties, res.n_parties, (const char *const *)res.names, res.n_bots, NULL, err,
                           sizeof err)) && standings_init(&st, fit, NULL) == 0) {
        have_standings = 1;
        cJSON *s = standings_json(&st, true);
        if (!s) goto oom;
        cJSON_AddItemToObject(root, "standings", s);
    } else {
        cJSON_AddNullToObject(root, "standings");
    }
    char *text = cJSON_Print(root);
    if (!text) goto oom;
    out = fopen(t->results, "w");
    int bad = !out || fprintf(out, "%s\n", text) < 0;
    free(text);
    if (out && fclose(out) != 0) bad = 1;
    out = NULL;
    if (bad) {
        fprintf(stderr, "arena run: cannot write the results to '%s'\n", t->results);
        goto out;
    }
    const char *dot = strrchr(t->results, '.'), *slash = strrchr(t->results, '/');
    size_t stem = dot && (!slash || dot > slash) ? (size_t)(dot - t->results) : strlen(t->results);
    snprintf(csv_path, sizeof csv_path, "%.*s.csv", (int)(stem < 1000 ? stem : 1000), t->results);
    if (!strcmp(csv_path, t->results)) snprintf(csv_path, sizeof csv_path, "%.1000s.table.csv", t->results);
    out = fopen(csv_path, "w");
    bad = !out || tally_print_csv(tally, out) < 0;
    if (out && fclose(out) != 0) bad = 1;
    out = NULL;
    if (bad) {
        fprintf(stderr, "arena run: cannot write the results to '%s'\n", csv_path);
        goto out;
    }
    rc = 0;
    goto out;
oom:
    fprintf(stderr, "arena run: out of memory for the results\n");
out:
    if (have_standings) standings_release(&st);
    ratings_free(fit);
    results_release(&res);
    cJSON_Delete(root);
    return rc;
}

/* Closes the rounds whose matches are all journaled (their "round"
 * records written, or checked against the journal's on resume) and pairs
 * the next one into r->sched; after the last round, stops the runner.
 * 0, or -1 with r->error and r->failed. */
static int swiss_advance(struct run *r)
{
    struct tournament *t = r->t;
    const char *names[TOURNAMENT_MAX_BOTS];
    char err[512];
    for (int i = 0; i < t->n_bots; i++) names[i] = t->bots[i].name;
    for (;;) {
        if (r->swiss->rounds > 0) {
            long gained[SWISS_MAX_BOTS] = { 0 };
            for (size_t i = 0; i < r->sched.n; i++)
                if (!r->finished[r->sched.parties[i].partie_id - 1]) return 0;   /* still in play */
            /* Over: the scores of its matches in id order, then its record. */
            for (size_t i = 0; i < r->sched.n; i++) {
                uint64_t id = r->sched.parties[i].partie_id;
                const struct swiss_result *res = id <= r->n_results ? &r->results[id - 1] : NULL;
                if (!res || !res->n) {
                    snprintf(r->error, sizeof r->error, "match %llu is journaled but was never scored",
                             (unsigned long long)id);
                    goto fail;
                }
                for (int s = 0; s < res->n; s++) gained[res->bot[s]] += res->score[s];
            }
            swiss_close_round(r->swiss, gained);
            int number = r->swiss->last.number;
            cJSON *rec = swiss_round_record(r->swiss, names);
            if (!rec || !cJSON_AddStringToObject(rec, "run", t->run)) {
                cJSON_Delete(rec);
                snprintf(r->error, sizeof r->error, "out of memory for a round record");
                goto fail;
            }
            const cJSON *journaled = number <= r->n_round_records ? r->round_records[number - 1] : NULL;
            if (journaled && !cJSON_Compare(journaled, rec, 1)) {
                cJSON_Delete(rec);
                snprintf(r->error, sizeof r->error, "the journal's round %d is not the round this arena pairs and "
                         "scores from the journal's matches (another arena's pairing rules?)", number);
                r->bad_journal = 1;
                goto fail;
            }
            if (!journaled && journal_append(&r->journal, rec, err, sizeof err) < 0) {
                cJSON_Delete(rec);
                snprintf(r->error, sizeof r->error, "%s", err);
                goto fail;
            }
            cJSON_Delete(rec);
            if (!journaled) {
                if (r->line_open) printf("\n");
                r->line_open = 0;
                swiss_print_standings(r->swiss, names, t->rounds, stdout);
                fflush(stdout);
            }
            sched_release(&r->sched);
            if (r->swiss->rounds == t->rounds) {
                swiss_stop = 1;
                return 0;
            }
        }
        struct swiss_round round;
        if (swiss_pair(r->swiss, &round) < 0) {
            snprintf(r->error, sizeof r->error, "out of memory for a Swiss round");
            goto fail;
        }
        uint64_t first_id = (uint64_t)(round.number - 1) * r->per_round + 1;
        long first_set = (long)(round.number - 1) * round.n_tables * t->pairs + 1;
        if (sched_build_round(&r->sched, (const int(*)[GAME_MAX_PLAYERS])round.table, round.n_tables, r->players,
                              r->teams, t->pairs, round.number, t->seed, first_id, first_set, err, sizeof err) < 0) {
            snprintf(r->error, sizeof r->error, "%s", err);
            goto fail;
        }
        r->next = 0;
    }
fail:
    r->failed = 1;
    swiss_stop = 1;
    return -1;
}

/* A Swiss's settings: its table, the matches a round plays, all of them
 * (r->total); the rounds the journal holds are closed by swiss_advance. */
static int swiss_start(struct run *r, char *err, size_t cap)
{
    struct tournament *t = r->t;
    static struct swiss swiss;
    if ((r->players = tournament_table(t, r->team_of, &r->teams, err, cap)) < 0) return -1;
    int entrants = r->teams ? seating_entrants(r->players, r->team_of) : 2;
    int set_size = sched_set_size(r->players, r->teams);
    if (set_size < 0) {
        snprintf(err, cap, "a table of %d players has no duplicate set", r->players);
        return -1;
    }
    if (swiss_init(&swiss, t->n_bots, entrants, t->pairs * set_size, err, cap) < 0) return -1;
    r->swiss = &swiss;
    r->per_round = (size_t)(t->n_bots / entrants) * (size_t)t->pairs * (size_t)set_size;
    r->total = (size_t)t->rounds * r->per_round;
    return 0;
}

static void swiss_end(struct run *r)
{
    swiss_release(r->swiss);
    r->swiss = NULL;
    free(r->results);
    r->results = NULL;
    r->n_results = 0;
    for (int i = 0; i < r->n_round_records; i++) cJSON_Delete(r->round_records[i]);
    free(r->round_records);
    r->round_records = NULL;
    r->n_round_records = 0;
}

/* The run's log directory (botlog.h) and the sandbox every bot starts in,
 * checked before the first partie; the journal, the logs and the token
 * files are hidden from the bots. */
static int prepare_bots(struct run *r, char *err, size_t cap)
{
    struct tournament *t = r->t;
    char base[1024];
    const char *hidden[TOURNAMENT_MAX_BOTS + 8], *commands[TOURNAMENT_MAX_BOTS];
    int n_hidden = 0, n_commands = 0;
    if (t->log_dir) {
        snprintf(base, sizeof base, "%s", t->log_dir);
    } else {
        const char *slash = strrchr(r->journal_path, '/');
        snprintf(base, sizeof base, "%.*sarena-logs", slash ? (int)(slash - r->journal_path + 1) : 0, r->journal_path);
    }
    hidden[n_hidden++] = r->journal_path;
    hidden[n_hidden++] = t->token_file;
    hidden[n_hidden++] = t->results;
    for (int i = 0; i < t->n_bots; i++) {
        if (t->bots[i].command) commands[n_commands++] = t->bots[i].command;
        else hidden[n_hidden++] = t->bots[i].token_file;
    }
    struct match_setup setup = { t->no_sandbox, t->bot_network, base, t->run, commands, n_commands, hidden, n_hidden };
    return match_prepare(&t->config, &t->sandbox, &setup, r->log_dir, sizeof r->log_dir, err, cap);
}

/* Plays the schedule but for the parties in done_ids (a resumed journal's). */
static int run_tournament(struct run *r, int resuming, const uint64_t *done_ids, size_t n_done)
{
    struct tournament *t = r->t;
    char err[512];
    int status = 1, began = 0;   /* began: this run made the journal */
    if (t->format == SCHED_SWISS) {
        if (swiss_start(r, err, sizeof err) < 0) {
            fprintf(stderr, "arena run: %s\n", err);
            swiss_end(r);
            return 2;
        }
        r->n_ids = r->total;
    } else {
        int built = tournament_schedule(t, &r->sched, err, sizeof err);
        if (built < 0 || shard_keep(&t->shard, &r->sched, err, sizeof err) < 0) {
            fprintf(stderr, "arena run: %s\n", err);
            if (built == 0) sched_release(&r->sched);
            return 2;
        }
        r->total = r->sched.n;
        /* Ids keep their place in the whole schedule, in order, whatever
         * the shard: the last is the largest. */
        r->n_ids = r->sched.n ? r->sched.parties[r->sched.n - 1].partie_id : 0;
    }
    run_game = t->config.game;
    if (!(r->finished = calloc(r->n_ids + 1, 1))) {
        fprintf(stderr, "arena run: out of memory\n");
        goto out;
    }
    for (size_t i = 0; i < n_done; i++)
        if (done_ids[i] >= 1 && done_ids[i] <= r->n_ids) r->finished[done_ids[i] - 1] = 1;
    if (r->swiss)
        for (size_t i = 0; i < r->n_ids; i++) r->done_count += r->finished[i];
    else
        for (size_t i = 0; i < r->sched.n; i++) r->done_count += r->finished[r->sched.parties[i].partie_id - 1];
    for (int i = 0; i < t->n_bots; i++)
        if (!t->bots[i].command) {
            r->remotes[r->n_remotes].name = t->bots[i].name;
            r->remotes[r->n_remotes].token = t->bots[i].token;
            r->n_remotes++;
        }
    if (prepare_bots(r, err, sizeof err) < 0) {
        fprintf(stderr, "arena run: %s\n", err);
        status = 2;
        goto out;
    }
    if (journal_open(&r->journal, r->journal_path, err, sizeof err) < 0) {
        fprintf(stderr, "arena run: %s\n", err);
        goto out;
    }
    began = !resuming;
    if (sandbox_hide(&t->sandbox, r->journal_path) < 0) {   /* it exists now */
        fprintf(stderr, "arena run: too many private paths to hide from the bots\n");
        goto out;
    }
    if (!resuming) {
        cJSON *h = tournament_header(t);
        int rc = h ? journal_append(&r->journal, h, err, sizeof err) : -1;
        cJSON_Delete(h);
        if (rc < 0) {
            fprintf(stderr, "arena run: %s\n", h ? err : "out of memory");
            goto out;
        }
    }
    if (t->post && !(r->poster = poster_open(t->post, t->token_file, r->journal_path, t->quiet, err, sizeof err))) {
        fprintf(stderr, "arena run: %s\n", err);
        goto out;
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
    runner.pin = (enum runner_pin)t->pin;
    runner.reuse = t->reuse;
    runner.remotes = r->remotes;
    runner.n_remotes = r->n_remotes;
    runner.listen = t->listen;
    runner.curve_secret = t->server_key ? t->server_secret : NULL;
    runner.remote_wait_ms = t->remote_wait_ms;
    runner.remote_max_connections = t->remote_max_connections;
    runner.next_job = next_job;
    runner.peek_job = t->start_late ? NULL : peek_job;
    runner.done = done;
    runner.ctx = r;
    runner.stop = &stop_requested;
    if (r->swiss) {
        runner.endless = 1;
        runner.stop = &swiss_stop;
    }
    r->started = now_s();
    r->done_at_start = r->done_count;
    r->printed_count = (size_t)-1;
    if (!t->quiet) {
        char shard[32];
        if (t->shard.n)
            printf("shard %s: the duplicate %s j of the tournament with j mod %d = %d\n",
                   shard_format(&t->shard, shard, sizeof shard), run_game && run_game != &piquet_game ? "sets"
                                                                                                    : "pairs",
                   t->shard.n, t->shard.k);
        char rounds[48] = "";
        if (r->swiss) snprintf(rounds, sizeof rounds, " of %d rounds", t->rounds);
        const char *per = r->swiss ? "per table and round" : "per pairing";
        if (!t->config.game || t->config.game == &piquet_game)
            printf("%s%s, %d bots, %d pair%s %s: %zu %s (%zu to play), %d at once; journal %s\n",
                   sched_format_name(t->format), rounds, t->n_bots, t->pairs, t->pairs == 1 ? "" : "s", per,
                   r->total, parties_word(r->total), r->total - r->done_count, t->concurrency, r->journal_path);
        else
            printf("%s %d players, %s%s, %d bots, %d duplicate set%s %s: %zu match%s (%zu to play), %d at "
                   "once; journal %s\n",
                   t->config.game->name, t->config.players, sched_format_name(t->format), rounds, t->n_bots,
                   t->pairs, t->pairs == 1 ? "" : "s", r->swiss ? per : "per table", r->total,
                   r->total == 1 ? "" : "es", r->total - r->done_count, t->concurrency, r->journal_path);
        if (t->listen && t->server_key)
            printf("remote bots connect to %s with PIQUET_SERVER_KEY=%s\n", t->listen, t->server_public);
        else if (t->listen) printf("remote bots connect to %s\n", t->listen);
    }
    swiss_stop = stop_requested;
    if (r->swiss && swiss_advance(r) < 0) {
        fprintf(stderr, "arena run: %s\n", r->error);
        if (r->bad_journal) status = 2;
        goto out;
    }
    if (runner_run(&runner, err, sizeof err) < 0) {
        fprintf(stderr, "arena run: %s\n", err);
        goto out;
    }
    if (r->failed) {
        fprintf(stderr, "arena run: %s\n", r->error);
        goto out;
    }
    if (!t->quiet) progress(r, 1);
    if (r->poster) poster_finish(r->poster, stop_requested ? 0 : 5000);
    if (stop_requested) {
        fprintf(stderr, "arena run: interrupted: %zu of %zu parties in the journal; continue with: arena resume %s\n",
                r->done_count, r->total, r->journal_path);
        status = 130;
        goto out;
    }
    status = report(r);
out:
    poster_close(r->poster);
    r->poster = NULL;
    journal_close(&r->journal);
    /* A journal this run made and that records no partie says only what
     * the command line says: a run that could not start (a port in use,
     * the leaderboard's token file unreadable) leaves none behind, so
     * that the same command runs once the cause is gone. */
    if (began && status != 0 && status != 130 && r->done_count == 0) unlink(r->journal_path);
    sched_release(&r->sched);
    free(r->finished);
    r->finished = NULL;
    tally_release(&r->tally);
    swiss_end(r);
    return status;
}

static int start_tally(struct run *r)
{
    const char *names[TOURNAMENT_MAX_BOTS];
    for (int i = 0; i < r->t->n_bots; i++) names[i] = r->t->bots[i].name;
    return tally_init(&r->tally, names, r->t->n_bots);
}

/* One option of `arena run`: --file reads a tournament file, the others
 * are settings (tournament.h); in the order given, so that options after
 * --file override it. */
static int apply_run(void *ctx, const struct option_value *v, char *err, size_t cap)
{
    struct tournament *t = ctx;
    if (v->option->id == OPT_FILE) return tournament_read_file(t, v->text, err, cap) < 0 ? -1 : 0;
    int rc = tournament_apply(t, v, err, cap);
    if (rc > 0) snprintf(err, cap, "--%s is not a setting of a tournament", v->option->name);
    return rc ? -1 : 0;
}

int cmd_run(int argc, char **argv)
{
    static struct tournament t;
    static struct run r;
    const struct command_spec *spec = options_command("run");
    char err[512];
    int status = 2, n_operands = 0;
    tournament_init(&t);
    memset(&r, 0, sizeof r);
    r.t = &t;
    r.journal.fd = -1;
    if (options_parse(spec, argc, argv, apply_run, &t, NULL, 0, &n_operands, &status) < 0) goto out;
    status = 2;
    if (tournament_check(&t, err, sizeof err) < 0) {
        fprintf(stderr, "arena run: %s\n", err);
        goto out;
    }
    if (t.post && !t.token_file) {
        fprintf(stderr, "arena run: --post needs --token-file (the leaderboard's token)\n");
        goto out;
    }
    r.journal_path = t.journal ? t.journal : "tournament.jsonl";
    if (t.results && !strcmp(t.results, r.journal_path)) {
        fprintf(stderr, "arena run: --results '%s' would overwrite the journal\n", t.results);
        goto out;
    }
    if (access(r.journal_path, F_OK) == 0) {
        fprintf(stderr, "arena run: journal '%s' exists; continue it with 'arena resume %s' or choose another\n",
                r.journal_path, r.journal_path);
        goto out;
    }
    if (record_new_run_id(t.run) < 0) {
        fprintf(stderr, "arena run: cannot read /dev/urandom for the run id\n");
        status = 1;
        goto out;
    }
    if (start_tally(&r) < 0) {
        fprintf(stderr, "arena run: out of memory\n");
        status = 1;
        goto out;
    }
    status = run_tournament(&r, 0, NULL, 0);
out:
    tournament_release(&t);
    return status;
}

/* resume: settings from the header; finished ids, faults and the tally
 * from the records (the journal reader has refused a partie written
 * twice). */
struct resume_read {
    struct run *r;
    int header_line;
    uint64_t *ids;
    size_t n_ids, cap_ids;
};

static int remember_id(struct resume_read *rr, uint64_t id, char *err, size_t cap)
{
    if (rr->n_ids == rr->cap_ids) {
        size_t n = rr->cap_ids ? 2 * rr->cap_ids : 256;
        uint64_t *ids = realloc(rr->ids, n * sizeof *ids);
        if (!ids) {
            snprintf(err, cap, "out of memory");
            return -1;
        }
        rr->ids = ids;
        rr->cap_ids = n;
    }
    rr->ids[rr->n_ids++] = id;
    return 0;
}

/* A Swiss's "round" record, kept to be checked when its round closes
 * again (swiss_advance): its number, in order from 1, and a Swiss header. */
static int remember_round(struct resume_read *rr, const cJSON *rec, char *err, size_t cap)
{
    struct run *r = rr->r;
    const cJSON *number = cJSON_GetObjectItemCaseSensitive(rec, "round");
    if (!rr->header_line || r->t->format != SCHED_SWISS) {
        snprintf(err, cap, "a round record %s", rr->header_line ? "in a journal that is not a Swiss's" : "before the header");
        return -1;
    }
    if (!cJSON_IsNumber(number) || number->valuedouble != r->n_round_records + 1) {
        snprintf(err, cap, "round records must count from 1 (round %d expected)", r->n_round_records + 1);
        return -1;
    }
    cJSON **grown = realloc(r->round_records, (size_t)(r->n_round_records + 1) * sizeof *grown);
    cJSON *copy = cJSON_Duplicate(rec, 1);
    if (grown) r->round_records = grown;
    if (!grown || !copy) {
        cJSON_Delete(copy);
        snprintf(err, cap, "out of memory");
        return -1;
    }
    r->round_records[r->n_round_records++] = copy;
    return 0;
}

static int read_resume(const struct journal_entry *e, void *ctx, char *err, size_t cap)
{
    struct resume_read *rr = ctx;
    struct run *r = rr->r;
    char why[400];
    if (e->type == JOURNAL_HEADER) {
        if (rr->header_line) {
            snprintf(err, cap, "a second header (the first is on line %d)", rr->header_line);
            return -1;
        }
        if (tournament_from_json(r->t, e->record, why, sizeof why) < 0 || tournament_check(r->t, why, sizeof why) < 0) {
            snprintf(err, cap, "%s", why);
            return -1;
        }
        if (!r->t->run[0]) record_run_of_seed(r->t->seed, r->t->run);   /* a journal older than run ids */
        if (!cJSON_GetObjectItemCaseSensitive(e->record, "reuse")) r->t->reuse = 1;   /* older: fresh processes */
        if (start_tally(r) < 0) {
            snprintf(err, cap, "out of memory");
            return -1;
        }
        rr->header_line = e->line;
        return 0;
    }
    if (e->type == JOURNAL_ROUND) return remember_round(rr, e->record, err, cap);
    if (e->type != JOURNAL_PARTIE && e->type != JOURNAL_MATCH) return 0;
    if (!rr->header_line) {
        snprintf(err, cap, "a partie before the header");
        return -1;
    }
    if (e->type == JOURNAL_MATCH) {
        struct game_record match;
        const char *names[GAME_MAX_PLAYERS];
        if (game_record_read(e->record, &match, err, cap) < 0 || remember_id(rr, match.id, err, cap) < 0 ||
            tally_add_match(&r->tally, &match, err, cap) < 0 || note_match(r, &match, err, cap) < 0)
            return -1;
        for (int p = 0; p < match.players; p++) names[p] = match.names[p];
        disqualify_over(r, names, match.players, 1);
        return 0;
    }
    struct record_partie rec;
    if (record_read(e->record, &rec, err, cap) < 0) return -1;
    if (remember_id(rr, rec.id, err, cap) < 0 || tally_add(&r->tally, &rec, err, cap) < 0 ||
        note_result(r, rec.id, 2, rec.players, NULL, rec.winner, err, cap) < 0)
        return -1;
    disqualify_over(r, rec.players, 2, 1);
    return 0;
}

/* The options of `arena resume`, kept until the header has been read:
 * they override its settings. */
struct resume_options {
    struct option_value values[16];
    int n;
};

static int keep_option(void *ctx, const struct option_value *v, char *err, size_t cap)
{
    struct resume_options *given = ctx;
    if (given->n == (int)(sizeof given->values / sizeof given->values[0])) {
        snprintf(err, cap, "too many options");
        return -1;
    }
    given->values[given->n++] = *v;
    return 0;
}

int cmd_resume(int argc, char **argv)
{
    static struct tournament t;
    static struct run r;
    static struct resume_options given;
    const struct command_spec *spec = options_command("resume");
    struct resume_read rr;
    char err[512];
    int torn = 0, status = 2, n_operands = 0;
    const char *path = NULL;
    tournament_init(&t);
    memset(&r, 0, sizeof r);
    memset(&rr, 0, sizeof rr);
    r.t = &t;
    r.journal.fd = -1;
    rr.r = &r;
    if (options_parse(spec, argc, argv, keep_option, &given, &path, 1, &n_operands, &status) < 0) goto out;
    status = 2;
    if (!path) {
        status = options_usage_error(spec, "give the journal");
        goto out;
    }
    if (journal_read(path, read_resume, &rr, &torn, err, sizeof err) < 0) {
        fprintf(stderr, "arena resume: %s\n", err);
        goto out;
    }
    if (!rr.header_line) {
        fprintf(stderr, "arena resume: %s: no header record\n", path);
        goto out;
    }
    for (int i = 0; i < given.n; i++)
        if (tournament_apply(&t, &given.values[i], err, sizeof err) != 0) {
            fprintf(stderr, "arena resume: %s\n", err);
            goto out;
        }
    if (t.post && !t.token_file) {
        fprintf(stderr, "arena resume: --post needs --token-file (the leaderboard's token)\n");
        goto out;
    }
    if (torn) {
        if (journal_cut_torn(path) < 0) {
            fprintf(stderr, "arena resume: cannot cut the torn last line of '%s'\n", path);
            status = 1;
            goto out;
        }
    }
    r.journal_path = path;
    status = run_tournament(&r, 1, rr.ids, rr.n_ids);
out:
    free(rr.ids);
    free(r.finished);
    tally_release(&r.tally);
    swiss_end(&r);
    tournament_release(&t);
    return status;
}

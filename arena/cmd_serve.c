/* cmd_serve.c - `arena serve`: the ladder arena. It listens on tcp with
 * CURVE, admits only the registered bots' keys (its roster,
 * arena/tournament/roster.h: a bots file, or the bots registered on a
 * leaderboard with --leaderboard; a new bot is registered, a retired one
 * refused at once), and keeps duplicate sets going between the bots
 * connected now, chosen by arena/tournament/ladder.h, until stopped; every
 * match is journaled and, with --post (or --leaderboard), sent to the
 * leaderboard as it ends. With --leaderboard the arena also reports there
 * who is connected and playing.
 *
 * Faults: a bot that faults (a disconnection in a match is a crash) forfeits
 * that match under the fault policy; after SERVE_PAUSE_AFTER faults in a
 * row it is paused, not banned: SERVE_PAUSE_MS at first, doubled each time
 * up to SERVE_PAUSE_MAX_MS, and a clean match ends the streak.
 *
 * Journal: a header {"type": "header", "command": "serve", "run",
 * "options": {...}} with the options that fix the ladder (game, players,
 * rules, seed, clocks), then every match. --resume JOURNAL takes those
 * options back, goes on with the next match id and duplicate set, and
 * counts every bot's matches and score again, so that the ladder's choices
 * continue where they were; the rest (where to listen, the keys, the bots
 * file, the leaderboard) is given again on its command line.
 *
 * SIGINT or SIGTERM stops: matches in flight are abandoned (never
 * journaled or posted, as arena run does), the posts queued are given five
 * seconds to go out, and whatever is not posted stays in the journal for
 * `arena post`.
 */
#include <assert.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "arena/commands.h"
#include "arena/options.h"
#include "arena/play/match.h"
#include "arena/play/runner.h"
#include "arena/tournament/ladder.h"
#include "arena/tournament/poster.h"
#include "arena/tournament/roster.h"
#include "arena/tournament/seating.h"
#include "engine/rng.h"
#include "protocol/curve_keys.h"
#include "records/game_record.h"
#include "records/journal.h"
#include "records/record.h"

enum {
    SERVE_PAUSE_AFTER = 3,
    SERVE_PAUSE_MS = 30000,
    SERVE_PAUSE_MAX_MS = 600000,
    SERVE_REPORT_MS = 1000,         /* who is connected is handed to the roster this often */
    SERVE_MAX_RULES = 32
};

struct serve_bot {
    char name[CODEC_NAME_MAX];
    char key[CURVE_KEY_TEXT];
    int faults_in_row;
    int64_t paused_until, pause_ms;
    int in_set;                     /* playing a set now */
};

struct serve {
    struct match_config config;
    struct runner runner;
    const struct game *game;        /* NULL: Piquet */
    int players, entrants, per_set;
    struct seating seatings[SEATING_MAX];
    const char *rules[SERVE_MAX_RULES + 1];
    int n_rules;
    uint64_t seed;
    const char *bots_path, *journal_path, *resume, *listen, *server_key, *post, *token_file, *leaderboard;
    struct roster *roster;          /* the registered bots: --bots or --leaderboard */
    char public_key[CURVE_KEY_TEXT];
    int64_t reported;
    int quiet;
    long max_matches, started, finished;
    /* Bots: registered (runner.remotes[i] is bots[i]); a retired one keeps
     * its index. */
    int n_bots;
    struct serve_bot bots[LADDER_MAX_BOTS];
    struct runner_remote remotes[LADDER_MAX_BOTS];
    struct ladder ladder;
    /* The set being handed out, and the bots of every set in flight. */
    struct runner_job queue[SEATING_MAX];
    int n_queue, next_in_queue;
    long next_set;
    uint64_t next_id;
    struct set_in_flight {
        long set;
        int left;
        int table[LADDER_MAX_ENTRANTS];
    } flight[64];
    struct journal journal;
    struct poster *poster;
    char run[RECORD_RUN_ID_LEN + 1];
    /* Header options, as given (the header keeps them). */
    struct option_value kept[48];
    int n_kept, resuming;
    char error[512];
    int failed;
};

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---- options ---------------------------------------------------------------------- */

/* The options that fix the ladder: kept in the header, taken back by --resume. */
static int fixed_option(enum option_id id)
{
    return id == OPT_GAME || id == OPT_PLAYERS || id == OPT_RULE || id == OPT_SEED || id == OPT_MOVE_MS ||
           id == OPT_BANK_MS || id == OPT_GRACE_MS;
}

static int apply_serve(void *ctx, const struct option_value *v, char *err, size_t cap)
{
    struct serve *s = ctx;
    enum option_id id = v->option->id;
    if (s->resuming && fixed_option(id)) {
        snprintf(err, cap, "--%s is fixed by the journal's header; --resume takes it from there", v->option->name);
        return -1;
    }
    if (fixed_option(id)) {
        if (s->n_kept == (int)(sizeof s->kept / sizeof s->kept[0])) {
            snprintf(err, cap, "too many options");
            return -1;
        }
        s->kept[s->n_kept++] = *v;
    }
    switch (id) {
    case OPT_GAME: s->game = game_find(v->text); break;
    case OPT_PLAYERS: s->players = (int)v->integer; break;
    case OPT_RULE:
        if (s->n_rules == SERVE_MAX_RULES) {
            snprintf(err, cap, "more than %d --rule", SERVE_MAX_RULES);
            return -1;
        }
        s->rules[s->n_rules++] = v->text;
        break;
    case OPT_SEED: s->seed = v->u64; break;
    case OPT_MOVE_MS: s->config.clock.move_ms = (uint32_t)v->integer; break;
    case OPT_BANK_MS: s->config.clock.bank_ms = (uint32_t)v->integer; break;
    case OPT_GRACE_MS: s->config.clock.grace_ms = (uint32_t)v->integer; break;
    case OPT_LISTEN: s->listen = v->text; break;
    case OPT_SERVER_KEY: s->server_key = v->text; break;
    case OPT_BOTS: s->bots_path = v->text; break;
    case OPT_LEADERBOARD: s->leaderboard = v->text; break;
    case OPT_JOURNAL: s->journal_path = v->text; break;
    case OPT_RESUME: s->resume = v->text; break;
    case OPT_POST: s->post = v->text; break;
    case OPT_TOKEN_FILE: s->token_file = v->text; break;
    case OPT_CONCURRENCY: s->runner.concurrency = (int)v->integer; break;
    case OPT_PIN: s->runner.pin = runner_pin_parse(v->text); break;
    case OPT_REMOTE_MAX_CONNECTIONS: s->runner.remote_max_connections = (int)v->integer; break;
    case OPT_REMOTE_WAIT_MS: s->runner.remote_wait_ms = (int)v->integer; break;
    case OPT_MAX_MATCHES: s->max_matches = (long)v->integer; break;
    case OPT_LOG_DIR: s->config.log_dir = v->text; break;
    case OPT_QUIET: s->quiet = (int)v->integer; break;
    default: assert(0);
    }
    return 0;
}

/* ---- the registered bots ----------------------------------------------------------- */

/* Takes the roster (arena/tournament/roster.h) when it changed, from the
 * bots file or the leaderboard alike: new names are registered, names gone
 * are retired at once (the ZAP handler refuses their key from now on, and
 * their idle connections are cut), a changed key replaces the old one (the
 * connections made with the old key are cut when idle). 0, or -1 with err
 * (the bots are then left as they were). */
static int load_bots(struct serve *s, int64_t now, char *err, size_t cap)
{
    static struct roster_entry list[ROSTER_MAX];
    int n = 0, rc = roster_read(s->roster, now, list, &n, err, cap);
    if (rc <= 0) return rc;
    for (int i = 0; i < s->n_bots; i++) {
        int listed = 0;
        for (int k = 0; k < n; k++)
            if (!strcmp(list[k].name, s->bots[i].name)) {
                listed = 1;
                /* A new key: connections made with the old one are cut
                 * when idle (runner.h: a connection keeps its key). */
                memcpy(s->bots[i].key, list[k].key, CURVE_KEY_TEXT);
            }
        if (!listed && !s->remotes[i].retired && !s->quiet) printf("retired: %s\n", s->bots[i].name);
        if (listed && s->remotes[i].retired && !s->quiet) printf("registered: %s\n", s->bots[i].name);
        s->remotes[i].retired = !listed;
    }
    for (int k = 0; k < n; k++) {
        int i = 0;
        while (i < s->n_bots && strcmp(s->bots[i].name, list[k].name)) i++;
        if (i == s->n_bots) {
            if (s->n_bots == LADDER_MAX_BOTS) break;
            memset(&s->bots[i], 0, sizeof s->bots[i]);
            memcpy(s->bots[i].name, list[k].name, sizeof s->bots[i].name);
            memcpy(s->bots[i].key, list[k].key, sizeof s->bots[i].key);
            s->n_bots++;
            if (!s->quiet) printf("registered: %s\n", list[k].name);
        }
        s->remotes[i].name = s->bots[i].name;
        s->remotes[i].token = NULL;
        s->remotes[i].key = s->bots[i].key;
    }
    s->runner.n_remotes = s->n_bots;
    fflush(stdout);
    return 0;
}

/* Hands the roster who is connected now, for the leaderboard (at most
 * every SERVE_REPORT_MS). */
static void report_presence(struct serve *s, int64_t now)
{
    static struct roster_presence presence[ROSTER_MAX];
    int n = 0;
    if (now - s->reported < SERVE_REPORT_MS) return;
    s->reported = now;
    for (int i = 0; i < s->n_bots; i++) {
        if (s->remotes[i].retired) continue;
        int playing = 0, connections = runner_connections(&s->runner, i, &playing);
        snprintf(presence[n].name, sizeof presence[n].name, "%s", s->bots[i].name);
        presence[n].connections = connections;
        presence[n++].playing = playing;
    }
    roster_report(s->roster, s->listen, s->public_key, presence, n);
}

/* A bot's index by name, -1 when not registered now or before. */
static int bot_index(const struct serve *s, const char *name)
{
    for (int i = 0; i < s->n_bots; i++)
        if (!strcmp(s->bots[i].name, name)) return i;
    return -1;
}

/* ---- the ladder --------------------------------------------------------------------- */

static void copy_name(char *to, size_t cap, const char *from)
{
    size_t n = strnlen(from, cap - 1);
    memcpy(to, from, n);
    to[n] = '\0';
}

/* Queues the matches of a new set on `table` (entrant e is bot table[e]). */
static void queue_set(struct serve *s, const int *table)
{
    long set = ++s->next_set;
    struct set_in_flight *f = NULL;
    for (size_t i = 0; i < sizeof s->flight / sizeof s->flight[0] && !f; i++)
        if (!s->flight[i].left) f = &s->flight[i];
    assert(f);   /* at most `concurrency` sets are in flight, and concurrency <= 64 */
    f->set = set;
    f->left = s->per_set;
    memcpy(f->table, table, sizeof f->table);
    s->n_queue = s->per_set;
    s->next_in_queue = 0;
    for (int k = 0; k < s->per_set; k++) {
        struct runner_job *job = &s->queue[k];
        memset(job, 0, sizeof *job);
        job->partie_id = s->next_id++;
        job->seed = pq_rng_mix(s->seed, (uint64_t)set);
        job->pair = set;
        job->tag = set;
        if (!s->game) {
            job->first_dealer = k % 2;
            for (int p = 0; p < 2; p++) copy_name(job->bots[p].name, sizeof job->bots[p].name, s->bots[table[p]].name);
        } else {
            for (int p = 0; p < s->seatings[k].players; p++)
                copy_name(job->bots[p].name, sizeof job->bots[p].name, s->bots[table[s->seatings[k].entrant[p]]].name);
        }
    }
    for (int e = 0; e < s->entrants; e++) s->bots[table[e]].in_set = 1;
    s->started += s->per_set;
}

static int next_job(void *ctx, struct runner_job *job)
{
    struct serve *s = ctx;
    int64_t now = now_ms();
    char err[512];
    if (load_bots(s, now, err, sizeof err) < 0) {
        /* A bad edit of the file keeps the bots as they were. */
        if (strcmp(err, s->error)) fprintf(stderr, "arena serve: %s (the bots stay as they were)\n", err);
        snprintf(s->error, sizeof s->error, "%s", err);
    } else {
        s->error[0] = '\0';
    }
    report_presence(s, now);
    if (s->next_in_queue < s->n_queue) {
        *job = s->queue[s->next_in_queue++];
        return 1;
    }
    if (s->max_matches && s->started + s->per_set > s->max_matches) return 0;
    int in_flight = 0;
    for (size_t i = 0; i < sizeof s->flight / sizeof s->flight[0]; i++) in_flight += s->flight[i].left > 0;
    if (in_flight >= 64) return 0;
    s->ladder.n_bots = s->n_bots;
    for (int i = 0; i < s->n_bots; i++)
        s->ladder.bots[i].available = !s->remotes[i].retired && !s->bots[i].in_set && s->bots[i].paused_until <= now &&
                                      runner_idle_connections(&s->runner, i) > 0;
    int table[LADDER_MAX_ENTRANTS];
    if (!ladder_choose(&s->ladder, s->entrants, table)) return 0;
    queue_set(s, table);
    *job = s->queue[s->next_in_queue++];
    return 1;
}

/* Each entrant's score in a finished match played at seating k: 1 over
 * every other entrant it beat, 0.5 for a tie, averaged over them (Piquet:
 * entrant e is player e). */
static void match_scores(const struct serve *s, const struct referee *ref, int k, double *score)
{
    double points[LADDER_MAX_ENTRANTS] = { 0 };
    int seen[LADDER_MAX_ENTRANTS] = { 0 };
    for (int p = 0; p < ref->n_players; p++) {
        int e = s->game ? s->seatings[k].entrant[p] : p;
        if (!seen[e]) points[e] = (double)ref->points[p];
        seen[e] = 1;
    }
    for (int e = 0; e < s->entrants; e++) {
        double sum = 0;
        for (int o = 0; o < s->entrants; o++)
            if (o != e) sum += points[e] > points[o] ? 1 : points[e] < points[o] ? 0 : 0.5;
        score[e] = sum / (s->entrants - 1);
    }
}

static void done(void *ctx, const struct runner_job *job, struct referee *ref)
{
    struct serve *s = ctx;
    char err[512];
    struct set_in_flight *f = NULL;
    for (size_t i = 0; i < sizeof s->flight / sizeof s->flight[0] && !f; i++)
        if (s->flight[i].left && s->flight[i].set == job->tag) f = &s->flight[i];
    assert(f);
    cJSON *rec = referee_record(ref, job->seed);
    if (!rec || !cJSON_AddStringToObject(rec, "run", s->run) ||
        !cJSON_AddNumberToObject(rec, s->game ? "set" : "pair", (double)job->pair) ||
        journal_append(&s->journal, rec, err, sizeof err) < 0) {
        snprintf(s->error, sizeof s->error, "%s", rec ? err : "out of memory");
        s->failed = 1;
        stop_requested = 1;
        cJSON_Delete(rec);
        return;
    }
    if (s->poster) poster_submit(s->poster, rec);
    cJSON_Delete(rec);
    /* Scores by entrant: find this job's seating by its bots. */
    int seating = 0;
    if (s->game)
        for (int q = 0; q < s->per_set; q++) {
            int same = 1;
            for (int p = 0; p < s->seatings[q].players; p++)
                same &= !strcmp(job->bots[p].name, s->bots[f->table[s->seatings[q].entrant[p]]].name);
            if (same) {
                seating = q;
                break;
            }
        }
    double score[LADDER_MAX_ENTRANTS];
    match_scores(s, ref, seating, score);
    int64_t now = now_ms();
    for (int e = 0; e < s->entrants; e++) {
        struct serve_bot *b = &s->bots[f->table[e]];
        int player = -1;
        for (int p = 0; p < GAME_MAX_PLAYERS && player < 0; p++)
            if (!strcmp(job->bots[p].name, b->name)) player = p;
        int faulted = ref->forfeited && ref->forfeit.player == player;
        s->ladder.bots[f->table[e]].matches++;
        s->ladder.bots[f->table[e]].score += score[e];
        if (!faulted) {
            b->faults_in_row = 0;
            b->pause_ms = 0;
        } else if (++b->faults_in_row >= SERVE_PAUSE_AFTER) {
            b->pause_ms = b->pause_ms ? b->pause_ms * 2 : SERVE_PAUSE_MS;
            if (b->pause_ms > SERVE_PAUSE_MAX_MS) b->pause_ms = SERVE_PAUSE_MAX_MS;
            b->paused_until = now + b->pause_ms;
            b->faults_in_row = 0;
            if (!s->quiet) printf("paused: %s for %lld s after %d faults in a row\n", b->name,
                                  (long long)(b->pause_ms / 1000), SERVE_PAUSE_AFTER);
        }
    }
    if (--f->left == 0)
        for (int e = 0; e < s->entrants; e++) s->bots[f->table[e]].in_set = 0;
    s->finished++;
    if (!s->quiet) {
        printf("match %llu (set %ld):", (unsigned long long)job->partie_id, job->pair);
        for (int p = 0; p < ref->n_players; p++)
            printf(" %s %+ld", job->bots[p].name, (long)ref->points[p]);
        if (ref->forfeited) printf(" (%s forfeited: %s)", job->bots[ref->forfeit.player].name,
                                   codec_fault_name(ref->forfeit.fault));
        printf("\n");
        fflush(stdout);
    }
    if (s->max_matches && s->finished >= s->max_matches) stop_requested = 1;
}

/* ---- journal ------------------------------------------------------------------------ */

static cJSON *header_of(const struct serve *s)
{
    cJSON *h = cJSON_CreateObject(), *o = h ? cJSON_AddObjectToObject(h, "options") : NULL;
    if (!o || !cJSON_AddStringToObject(h, "type", "header") || !cJSON_AddStringToObject(h, "command", "serve") ||
        !cJSON_AddStringToObject(h, "run", s->run))
        goto fail;
    for (int i = 0; i < s->n_kept; i++) {
        const struct option *opt = s->kept[i].option;
        if (opt->kind == OPTION_RULE) {
            cJSON *list = cJSON_GetObjectItemCaseSensitive(o, opt->name);
            if (!list && !(list = cJSON_AddArrayToObject(o, opt->name))) goto fail;
            cJSON_AddItemToArray(list, cJSON_CreateString(s->kept[i].text));
        } else if (opt->id != OPT_SEED) {
            cJSON_DeleteItemFromObjectCaseSensitive(o, opt->name);
            cJSON_AddStringToObject(o, opt->name, s->kept[i].text);
        }
    }
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)s->seed);
    if (!cJSON_AddStringToObject(o, "seed", seed)) goto fail;
    return h;
fail:
    cJSON_Delete(h);
    return NULL;
}

struct resume_read {
    struct serve *s;
    const struct command_spec *spec;
    cJSON *header;          /* owned copy: option texts point into it */
    int header_line;
    uint64_t max_id;
    long max_set;
    /* matches and scores by name, applied once the bots are loaded */
    int n;
    char names[LADDER_MAX_BOTS][CODEC_NAME_MAX];
    long matches[LADDER_MAX_BOTS];
    double score[LADDER_MAX_BOTS];
};

static int header_value(struct resume_read *rr, const char *name, const cJSON *item, char *err, size_t cap)
{
    const struct option *o = options_find(rr->spec, name);
    struct option_value v;
    const char *text = cJSON_GetStringValue(item);
    if (!o || !fixed_option(o->id) || !text) {
        snprintf(err, cap, "the header's option '%s' is not one arena serve keeps there", name);
        return -1;
    }
    return options_convert(o, text, &v, err, cap) < 0 || apply_serve(rr->s, &v, err, cap) < 0 ? -1 : 0;
}

/* The score of an entrant name in a record: its count and sum. */
static void count(struct resume_read *rr, const char *name, double score)
{
    int i = 0;
    while (i < rr->n && strcmp(rr->names[i], name)) i++;
    if (i == rr->n) {
        if (rr->n == LADDER_MAX_BOTS) return;
        snprintf(rr->names[rr->n++], CODEC_NAME_MAX, "%s", name);
    }
    rr->matches[i]++;
    rr->score[i] += score;
}

static int read_entry(const struct journal_entry *e, void *ctx, char *err, size_t cap)
{
    struct resume_read *rr = ctx;
    if (e->type == JOURNAL_HEADER) {
        const cJSON *command = cJSON_GetObjectItemCaseSensitive(e->record, "command"), *item;
        if (rr->header_line) {
            snprintf(err, cap, "a second header (the first is on line %d)", rr->header_line);
            return -1;
        }
        if (!cJSON_IsString(command) || strcmp(command->valuestring, "serve")) {
            snprintf(err, cap, "not the journal of an arena serve");
            return -1;
        }
        if (!(rr->header = cJSON_Duplicate(e->record, 1))) {
            snprintf(err, cap, "out of memory");
            return -1;
        }
        rr->header_line = e->line;
        const char *run = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rr->header, "run"));
        if (!record_run_id_ok(run)) {
            snprintf(err, cap, "the header has no run id");
            return -1;
        }
        snprintf(rr->s->run, sizeof rr->s->run, "%s", run);
        cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(rr->header, "options")) {
            if (cJSON_IsArray(item)) {
                const cJSON *each;
                cJSON_ArrayForEach(each, item)
                    if (header_value(rr, item->string, each, err, cap) < 0) return -1;
            } else if (header_value(rr, item->string, item, err, cap) < 0) {
                return -1;
            }
        }
        return 0;
    }
    if (e->type != JOURNAL_MATCH && e->type != JOURNAL_PARTIE) return 0;
    if (!rr->header_line) {
        snprintf(err, cap, "a record before the header");
        return -1;
    }
    if (e->type == JOURNAL_MATCH) {
        struct game_record m;
        if (game_record_read(e->record, &m, err, cap) < 0) return -1;
        if (m.id > rr->max_id) rr->max_id = m.id;
        if (m.set > rr->max_set) rr->max_set = m.set;
        /* Each player's score against the others of other teams. */
        for (int p = 0; p < m.players; p++) {
            double sum = 0;
            int others = 0, dup = 0;
            for (int q = 0; q < p; q++) dup |= !strcmp(m.names[q], m.names[p]);
            if (dup) continue;
            for (int q = 0; q < m.players; q++) {
                if (!strcmp(m.names[q], m.names[p])) continue;
                int first = 1;
                for (int r = 0; r < q; r++) first &= strcmp(m.names[r], m.names[q]) != 0;
                if (!first) continue;
                others++;
                sum += m.points[p] > m.points[q] ? 1 : m.points[p] < m.points[q] ? 0 : 0.5;
            }
            if (others) count(rr, m.names[p], sum / others);
        }
    } else {
        struct record_partie p;
        if (record_read(e->record, &p, err, cap) < 0) return -1;
        if (p.id > rr->max_id) rr->max_id = p.id;
        if (p.has_pair && p.pair > 0 && (long)p.pair > rr->max_set) rr->max_set = (long)p.pair;
        for (int q = 0; q < 2; q++) count(rr, p.players[q], p.winner == q ? 1 : p.winner < 0 ? 0.5 : 0);
    }
    return 0;
}

/* ---- the command -------------------------------------------------------------------- */

int cmd_serve(int argc, char **argv)
{
    const struct command_spec *spec = options_command("serve");
    static struct serve s;
    static struct resume_read rr;
    struct match_setup setup;
    char err[512], why[512], log_dir[1024];
    int status = 2, n_operands = 0, torn = 0, began = 0;   /* began: this run made the journal */
    memset(&s, 0, sizeof s);
    memset(&rr, 0, sizeof rr);
    match_config_default(&s.config);
    s.seed = 1;
    s.runner.concurrency = 2;
    s.runner.remote_wait_ms = 30000;
    s.journal.fd = -1;
    if (options_parse(spec, argc, argv, apply_serve, &s, NULL, 0, &n_operands, &status) < 0) return status;
    status = 2;   /* options_parse said 0: what goes wrong from here on is the command line's, until ready */
    if (s.resume) {
        if (s.journal_path) return options_usage_error(spec, "--resume continues its own journal: no --journal");
        const char *resume = s.resume;
        rr.s = &s;
        rr.spec = spec;
        memset(&s, 0, sizeof s);
        match_config_default(&s.config);
        s.seed = 1;
        s.runner.concurrency = 2;
        s.runner.remote_wait_ms = 30000;
        s.journal.fd = -1;
        if (journal_read(resume, read_entry, &rr, &torn, err, sizeof err) < 0) {
            fprintf(stderr, "arena serve: %s\n", err);
            goto out;
        }
        if (!rr.header_line) {
            fprintf(stderr, "arena serve: %s: no header record\n", resume);
            goto out;
        }
        s.resuming = 1;
        if (options_parse(spec, argc, argv, apply_serve, &s, NULL, 0, &n_operands, &status) < 0) goto out;
        status = 2;
        s.journal_path = resume;
        if (torn && journal_cut_torn(resume) < 0) {
            fprintf(stderr, "arena serve: cannot cut the torn last line of '%s'\n", resume);
            goto out;
        }
    }
    if (!s.listen || !s.server_key || !s.bots_path == !s.leaderboard || !s.journal_path) {
        status = options_usage_error(spec, "give --listen, --server-key, --bots or --leaderboard (one of them), and "
                                     "--journal (or --resume)");
        goto out;
    }
    if (s.leaderboard && !s.token_file) {
        status = options_usage_error(spec, "--leaderboard takes --token-file (the arena reports and posts there)");
        goto out;
    }
    if (s.leaderboard && !s.post) s.post = s.leaderboard;
    if (strncmp(s.listen, "tcp://", 6)) {
        status = options_usage_error(spec, "--listen takes tcp://HOST:PORT");
        goto out;
    }
    if (s.runner.concurrency > 64) {
        status = options_usage_error(spec, "--concurrency: at most 64 for a ladder");
        goto out;
    }
    if (s.game == &piquet_game) s.game = NULL;
    s.rules[s.n_rules] = NULL;
    if (s.game) {
        int team_of[GAME_MAX_PLAYERS];
        int players = seating_teams(s.game, s.players, s.rules, team_of, why, sizeof why);
        if (players < 0) {
            fprintf(stderr, "arena serve: %s\n", why);
            goto out;
        }
        s.players = players;
        s.entrants = seating_entrants(players, team_of);
        s.per_set = seating_set(players, team_of, s.seatings);
        if (s.entrants > LADDER_MAX_ENTRANTS || s.per_set < 1) {
            fprintf(stderr, "arena serve: %s at %d players has no duplicate set a ladder can play\n", s.game->name,
                    players);
            goto out;
        }
        s.config.game = s.game;
        s.config.players = players;
        s.config.game_rules = s.rules;
    } else {
        for (int i = 0; i < s.n_rules; i++) {
            const char *eq = strchr(s.rules[i], '=');
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(eq - s.rules[i]), s.rules[i]);
            if (pq_rules_set(&s.config.rules, name, eq + 1, why, (int)sizeof why) < 0) {
                fprintf(stderr, "arena serve: --rule %s: %s\n", s.rules[i], why);
                goto out;
            }
        }
        s.players = s.entrants = s.per_set = 2;
    }
    static char secret_key[CURVE_KEY_TEXT];
    if (curve_keys_read(s.server_key, s.public_key, secret_key, err, sizeof err) < 0) {
        fprintf(stderr, "arena serve: --server-key: %s\n", err);
        goto out;
    }
    char game_key[64];
    if (s.game) snprintf(game_key, sizeof game_key, "%s-%d", s.game->name, s.players);
    else snprintf(game_key, sizeof game_key, "piquet");
    s.roster = s.bots_path ? roster_open_file(s.bots_path, err, sizeof err)
                           : roster_open_leaderboard(s.leaderboard, game_key, s.token_file, err, sizeof err);
    if (!s.roster || load_bots(&s, now_ms(), err, sizeof err) < 0) {
        if (s.leaderboard) status = 1;   /* the leaderboard's answer, not the command line */
        fprintf(stderr, "arena serve: %s\n", err);
        goto out;
    }
    for (int i = 0; i < rr.n; i++) {
        int b = bot_index(&s, rr.names[i]);
        if (b < 0) continue;
        s.ladder.bots[b].matches = rr.matches[i];
        s.ladder.bots[b].score = rr.score[i];
    }
    s.next_id = rr.max_id + 1;
    s.next_set = rr.max_set;
    struct stat st;
    if (!s.resume && stat(s.journal_path, &st) == 0) {
        fprintf(stderr, "arena serve: journal '%s' exists; continue it with 'arena serve --resume %s' or choose "
                "another\n", s.journal_path, s.journal_path);
        goto out;
    }
    if (!s.resume && record_new_run_id(s.run) < 0) {
        fprintf(stderr, "arena serve: cannot read /dev/urandom for the run id\n");
        goto out;
    }
    static struct sandbox sandbox;
    memset(&setup, 0, sizeof setup);
    setup.no_sandbox = 1;   /* no local bots */
    if (match_prepare(&s.config, &sandbox, &setup, log_dir, sizeof log_dir, err, sizeof err) < 0) {
        fprintf(stderr, "arena serve: %s\n", err);
        goto out;
    }
    status = 1;
    if (journal_open(&s.journal, s.journal_path, err, sizeof err) < 0) {
        fprintf(stderr, "arena serve: %s\n", err);
        goto out;
    }
    began = !s.resume;
    if (!s.resume) {
        cJSON *h = header_of(&s);
        int rc = h ? journal_append(&s.journal, h, err, sizeof err) : -1;
        cJSON_Delete(h);
        if (rc < 0) {
            fprintf(stderr, "arena serve: %s\n", h ? err : "out of memory");
            goto out;
        }
    }
    if (s.post && !(s.poster = poster_open(s.post, s.token_file, s.journal_path, s.quiet, err, sizeof err))) {
        fprintf(stderr, "arena serve: %s\n", err);
        goto out;
    }
    if (s.poster) poster_say_while_down(s.poster, "retrying in the background, the ladder goes on");
    s.runner.config = &s.config;
    s.runner.reuse = 1;
    s.runner.remotes = s.remotes;
    s.runner.listen = s.listen;
    s.runner.curve_secret = secret_key;
    s.runner.keys = 1;
    s.runner.endless = 1;
    s.runner.next_job = next_job;
    s.runner.done = done;
    s.runner.ctx = &s;
    s.runner.stop = &stop_requested;
    stop_requested = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    if (!s.quiet) {
        printf("arena serve: %s, %d bots registered; bots connect to %s with PIQUET_SERVER_KEY=%s; journal %s%s\n",
               s.game ? s.game->name : "piquet", s.n_bots, s.listen, s.public_key, s.journal_path,
               s.resume ? " (resumed)" : "");
        fflush(stdout);
    }
    int rc = runner_run(&s.runner, err, sizeof err);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    memset(secret_key, 0, sizeof secret_key);
    if (rc < 0) {
        fprintf(stderr, "arena serve: %s\n", err);
        goto out;
    }
    if (s.failed) {
        fprintf(stderr, "arena serve: %s\n", s.error);
        goto out;
    }
    if (s.poster) poster_finish(s.poster, 5000);
    if (!s.quiet) printf("stopped after %ld matches (%d abandoned in flight)\n", s.finished, s.runner.abandoned);
    status = 0;
out:
    roster_close(s.roster);
    poster_close(s.poster);
    journal_close(&s.journal);
    /* A journal made here that records no match says only what the
     * command line says: a ladder that could not start (its --listen
     * address in use) leaves none behind, and the same command runs once
     * the cause is gone. */
    if (began && status != 0 && s.finished == 0) unlink(s.journal_path);
    cJSON_Delete(rr.header);
    return status;
}

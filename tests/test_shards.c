/* test_shards.c - a tournament played as shards (arena run --shard K/N,
 * arena/tournament/shard.h) and joined again (arena merge, merge.h): the
 * shard rule on real schedules; shards of Piquet and of four-player
 * Belote, played at once by real arena processes and bots, merged into a
 * journal whose records and standings are those of one machine's run, to
 * the last digit; journals that are not one tournament's refused, missing
 * matches listed, a partial merge and a cut shard resumed to the whole;
 * standings that do not depend on the order matches finished in; and
 * shards posting to one leaderboard at once, each match stored once.
 * The Slurm job array is in test_slurm.c.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cjson/cJSON.h>
#include "arena/tournament/sched.h"
#include "arena/tournament/seating.h"
#include "arena/tournament/shard.h"
#include "records/journal.h"
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

/* ---- the rule ---------------------------------------------------------------------- */

/* Every scheduled match is in exactly the shard its set's number says,
 * and a set's matches are in one shard. */
static void check_dealing(const struct sched *s, int n)
{
    char err[256];
    int *shard_of = calloc(s->n, sizeof *shard_of);
    size_t *set_of = calloc(s->n, sizeof *set_of);
    size_t sets = shard_sets(s, set_of);
    cr_assert_eq(shard_assign(s, n, shard_of, err, sizeof err), 0, "%s", err);
    for (size_t i = 0; i < s->n; i++) {
        cr_assert_eq((size_t)shard_of[i], set_of[i] % (size_t)n, "match %zu", i + 1);
        if (i && s->parties[i].pair == s->parties[i - 1].pair)
            cr_assert_eq(shard_of[i], shard_of[i - 1], "a set split between shards at match %zu", i + 1);
    }
    /* shard_keep keeps exactly them, ids and seeds unchanged. */
    size_t total = 0;
    for (int k = 0; k < n; k++) {
        struct sched kept = *s;
        kept.parties = malloc(s->n * sizeof *kept.parties);
        memcpy(kept.parties, s->parties, s->n * sizeof *kept.parties);
        struct shard shard = { k, n };
        cr_assert_eq(shard_keep(&shard, &kept, err, sizeof err), 0, "%s", err);
        for (size_t i = 0; i < kept.n; i++) {
            size_t place = kept.parties[i].partie_id - 1;
            cr_assert_eq(shard_of[place], k);
            cr_assert_eq(kept.parties[i].seed, s->parties[place].seed);
        }
        total += kept.n;
        free(kept.parties);
    }
    cr_assert_eq(total, s->n, "the shards hold %zu of %zu matches", total, s->n);
    cr_assert_eq(shard_assign(s, (int)sets + 1, shard_of, err, sizeof err), -1, "more shards than sets");
    cr_assert(strstr(err, "at most"), "%s", err);
    free(shard_of);
    free(set_of);
}

Test(shards, duplicate_sets_are_dealt_to_the_shards_in_turn_and_never_split)
{
    struct sched s;
    char err[256];
    int team_of[GAME_MAX_PLAYERS];
    cr_assert_eq(sched_build(&s, SCHED_ROUND_ROBIN, 4, 5, 7, err, sizeof err), 0, "%s", err);
    cr_assert_eq(shard_sets(&s, NULL), 6 * 5, "pairs");
    check_dealing(&s, 4);
    check_dealing(&s, 7);
    sched_release(&s);
    int players = seating_teams(&belote_game, 4, NULL, team_of, err, sizeof err);
    cr_assert_eq(players, 4, "%s", err);
    cr_assert_eq(sched_build_tables(&s, SCHED_ROUND_ROBIN, 5, 4, team_of, 2, 7, err, sizeof err), 0, "%s", err);
    cr_assert_eq(shard_sets(&s, NULL), 5 * 2, "sets of four rotations");
    check_dealing(&s, 3);
    sched_release(&s);

    struct shard shard;
    static const char *const bad[] = { "4/4", "1/0", "x", "1", "1/", "/2", "-1/2", "1/2x", "1/100001" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cr_assert_eq(shard_parse(&shard, bad[i], err, sizeof err), -1, "'%s' taken", bad[i]);
        cr_assert(strstr(err, "bad shard"), "%s", err);
    }
    cr_assert_eq(shard_parse(&shard, "3/8", err, sizeof err), 0, "%s", err);
    cr_assert(shard.k == 3 && shard.n == 8);
}

/* ---- shards against one machine ------------------------------------------------------ */

static const char *piquet_bots(void)
{
    static char text[2048];
    snprintf(text, sizeof text,
             "--bot greedy=%s/bot-greedy --bot random='%s/bot-random --seed 3' --bot g4='%s/bot-greedy --exchange 4'",
             support_bin_dir(), support_bin_dir(), support_bin_dir());
    return text;
}

static const char *belote_bots(void)
{
    static char text[2048];
    const char *b = support_bin_dir();
    snprintf(text, sizeof text,
             "--game belote --players 4 --pairs 1 --seed 3 --bot r1='%s/bot-random --game belote --seed 1' --bot g='%s/bot-greedy --game "
             "belote' --bot r2='%s/bot-random --game belote --seed 2' --bot e=%s/bot-example-belote --bot r3='%s/bot-random "
             "--game belote --seed 3'", b, b, b, b, b);
    return text;
}

/* The N shards of a tournament played at once, journals sK.jsonl. */
static void play_shards(const char *tournament, int n)
{
    char cmd[12000];
    int len = snprintf(cmd, sizeof cmd, "pids=; ");
    for (int k = 0; k < n; k++)
        len += snprintf(cmd + len, sizeof cmd - (size_t)len,
                        "%s/arena run --quiet %s --shard %d/%d --concurrency 1 --journal s%d.jsonl > s%d.out 2>&1 & "
                        "pids=\"$pids $!\"; ", support_bin_dir(), tournament, k, n, k, k);
    snprintf(cmd + len, sizeof cmd - (size_t)len, "for p in $pids; do wait $p || exit 1; done");
    cr_assert_eq(support_scratch_sh("%s", cmd), 0, "a shard failed: %s", support_scratch_slurp("s0.out"));
}

/* The records of a journal by id, without what differs between runs (run
 * ids, thinking times). */
static int collect(const struct journal_entry *e, void *ctx, char *err, size_t cap)
{
    char key[32];
    (void)err;
    (void)cap;
    if (e->type != JOURNAL_PARTIE && e->type != JOURNAL_MATCH) return 0;
    cJSON *copy = cJSON_Duplicate(e->record, 1);
    cJSON_DeleteItemFromObject(copy, "run");
    cJSON_DeleteItemFromObject(copy, "think_ms");
    snprintf(key, sizeof key, "%llu", (unsigned long long)e->id);
    cr_assert_null(cJSON_GetObjectItem(ctx, key), "id %s twice", key);
    cJSON_AddItemToObject(ctx, key, copy);
    return 0;
}

static cJSON *records_of(const char *journal)
{
    char err[512];
    int torn;
    cJSON *by_id = cJSON_CreateObject();
    cr_assert_geq(journal_read(support_scratch_path(journal), collect, by_id, &torn, err, sizeof err), 0, "%s", err);
    return by_id;
}

/* What arena ratings prints for the journal with these options. */
static char *ratings(const char *options, const char *journal)
{
    cr_assert_eq(support_scratch_sh("%s/arena ratings %s %s > ratings.out 2>&1", support_bin_dir(), options, journal), 0, "%s",
                 support_scratch_slurp("ratings.out"));
    return support_scratch_slurp("ratings.out");
}

/* Every form of the standings of two journals, byte for byte. */
static void assert_same_standings(const char *a, const char *b)
{
    static const char *const forms[] = { "--format json", "--format csv", "", "--head-to-head --format json",
                                         "--head-to-head" };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        char *x = ratings(forms[i], a), *y = ratings(forms[i], b);
        cr_assert_str_eq(x, y, "arena ratings %s: %s and %s differ", forms[i], a, b);
        free(x);
        free(y);
    }
}

static void assert_same_records(const char *a, const char *b, int expected)
{
    cJSON *x = records_of(a), *y = records_of(b);
    const cJSON *rec;
    cr_assert_eq(cJSON_GetArraySize(x), expected, "%s holds %d records", a, cJSON_GetArraySize(x));
    cr_assert_eq(cJSON_GetArraySize(y), expected, "%s holds %d records", b, cJSON_GetArraySize(y));
    cJSON_ArrayForEach(rec, x) {
        const cJSON *other = cJSON_GetObjectItem(y, rec->string);
        cr_assert_not_null(other, "%s lacks id %s", b, rec->string);
        cr_assert(cJSON_Compare(rec, other, 1), "id %s differs between %s and %s", rec->string, a, b);
    }
    cJSON_Delete(x);
    cJSON_Delete(y);
}

/* Shards merged: one header without a shard, every match in schedule order,
 * the records and standings of the whole run, and a journal that replays. */
static void check_merge_of(const char *tournament, int n, int expected)
{
    cr_assert_eq(support_scratch_sh("%s/arena run --quiet %s --concurrency 2 --journal whole.jsonl --results whole-r.json > whole.out "
                    "2>&1", support_bin_dir(), tournament), 0, "%s", support_scratch_slurp("whole.out"));
    play_shards(tournament, n);
    char list[256] = "";
    for (int k = n - 1; k >= 0; k--) snprintf(list + strlen(list), sizeof list - strlen(list), " s%d.jsonl", k);
    cr_assert_eq(support_scratch_sh("%s/arena merge%s -o merged.jsonl > merge.out 2>&1", support_bin_dir(), list), 0, "%s", support_scratch_slurp("merge.out"));
    char *said = support_scratch_slurp("merge.out");
    char want[64];
    snprintf(want, sizeof want, "%d shards, %d of %d ", n, expected, expected);
    cr_assert(strstr(said, want), "%s", said);
    free(said);
    char *text = support_scratch_slurp("merged.jsonl");
    cJSON *header = cJSON_ParseWithLength(text, strcspn(text, "\n"));
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(header, "type")), "header");
    cr_assert_null(cJSON_GetObjectItem(header, "shard"), "the merged header keeps a shard");
    cr_assert_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(header, "version")), 2);
    cJSON_Delete(header);
    long last = 0;
    for (char *line = strchr(text, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
        char *id = strstr(line, "\"id\":");
        cr_assert_not_null(id);
        long v = strtol(id + 5, NULL, 10);
        cr_assert_gt(v, last, "merged records out of schedule order: %ld after %ld", v, last);
        last = v;
    }
    free(text);
    assert_same_records("whole.jsonl", "merged.jsonl", expected);
    assert_same_standings("whole.jsonl", "merged.jsonl");
    cr_assert_eq(support_scratch_sh("%s/arena replay --check merged.jsonl > replay.out 2>&1", support_bin_dir()), 0, "%s", support_scratch_slurp("replay.out"));
    /* The results files of the merged journal, by a resume that has
     * nothing left to play, are the whole run's but for its run id. */
    cr_assert_eq(support_scratch_sh("%s/arena resume --quiet merged.jsonl --results merged-r.json > resume.out 2>&1", support_bin_dir()), 0,
                 "%s", support_scratch_slurp("resume.out"));
    char *x = support_scratch_slurp("whole-r.csv"), *y = support_scratch_slurp("merged-r.csv");
    cr_assert_str_eq(x, y, "the results' CSV differs");
    free(x);
    free(y);
    x = support_scratch_slurp("whole-r.json");
    y = support_scratch_slurp("merged-r.json");
    cJSON *a = cJSON_Parse(x), *b = cJSON_Parse(y);
    static const char *const keys[] = { "bots", "pairings", "standings" };
    for (size_t i = 0; i < 3; i++)
        cr_assert(cJSON_Compare(cJSON_GetObjectItem(a, keys[i]), cJSON_GetObjectItem(b, keys[i]), 1),
                  "the results' \"%s\" differ", keys[i]);
    cJSON_Delete(a);
    cJSON_Delete(b);
    free(x);
    free(y);
}

Test(shards, four_piquet_shards_merged_give_one_machines_records_and_standings, .timeout = 180)
{
    /* 3 pairings x 4 pairs: 12 pairs, 3 to each shard. */
    char tournament[2200];
    snprintf(tournament, sizeof tournament, "%s --pairs 4 --seed 11", piquet_bots());
    check_merge_of(tournament, 4, 24);
    /* A shard's journal says which shard it is, and holds only its own. */
    char *text = support_scratch_slurp("s1.jsonl");
    cr_assert(strstr(text, "\"shard\":\"1/4\""), "%.300s", text);
    free(text);
    cJSON *s1 = records_of("s1.jsonl");
    const cJSON *rec;
    cr_assert_eq(cJSON_GetArraySize(s1), 6);
    cJSON_ArrayForEach(rec, s1) {
        long id = strtol(rec->string, NULL, 10);
        cr_assert_eq(((id - 1) / 2) % 4, 1, "partie %ld (pair %ld) in shard 1", id, (id - 1) / 2);
    }
    cJSON_Delete(s1);
}

Test(shards, four_player_belote_shards_merged_give_one_machines_records_and_standings, .timeout = 240)
{
    /* 5 bots, tables of 4: 5 sets of 4 rotations; shards of 2, 1, 1 sets. */
    check_merge_of(belote_bots(), 3, 20);
}

/* ---- the order matches finish in ------------------------------------------------------ */

Test(shards, standings_do_not_depend_on_the_order_matches_finished_in, .timeout = 120)
{
    /* The same journals, their records reversed: what concurrency or
     * shards can do to the order. */
    char tournament[2200];
    snprintf(tournament, sizeof tournament, "%s --pairs 3 --seed 4", piquet_bots());
    cr_assert_eq(support_scratch_sh("%s/arena run --quiet %s --journal p.jsonl > /dev/null 2>&1", support_bin_dir(), tournament), 0);
    cr_assert_eq(support_scratch_sh("%s/arena run --quiet %s --journal b.jsonl > /dev/null 2>&1", support_bin_dir(), belote_bots()), 0);
    for (int g = 0; g < 2; g++) {
        const char *j = g ? "b.jsonl" : "p.jsonl";
        cr_assert_eq(support_scratch_sh("(head -n 1 %s; tail -n +2 %s | tac) > r%s", j, j, j), 0);
        char reversed[32];
        snprintf(reversed, sizeof reversed, "r%s", j);
        char *a = support_scratch_slurp(j), *b = support_scratch_slurp(reversed);
        cr_assert_str_neq(a, b, "the reversed journal is the same file");
        free(a);
        free(b);
        assert_same_standings(j, reversed);
    }
}

/* ---- what merge refuses ------------------------------------------------------------------ */

/* arena merge ARGS: its status, stderr in merge.err. */
static int merge(const char *args)
{
    return support_scratch_sh("%s/arena merge %s > merge.out 2> merge.err", support_bin_dir(), args);
}

static void assert_said(const char *what)
{
    char *err = support_scratch_slurp("merge.err");
    cr_assert(strstr(err, what), "wanted '%s' in: %s", what, err);
    free(err);
}

Test(shards, merge_refuses_journals_that_are_not_the_shards_of_one_tournament, .timeout = 120)
{
    char tournament[2200];
    snprintf(tournament, sizeof tournament, "%s --pairs 2 --seed 5", piquet_bots());
    play_shards(tournament, 2);
    cr_assert_eq(support_scratch_sh("%s/arena run --quiet %s --pairs 2 --seed 6 --shard 1/2 --journal other-seed.jsonl > /dev/null "
                    "2>&1", support_bin_dir(), piquet_bots()), 0);
    cr_assert_eq(support_scratch_sh("%s/arena run --quiet %s --shard 0/3 --journal of3.jsonl > /dev/null 2>&1", support_bin_dir(), tournament), 0);
    cr_assert_eq(support_scratch_sh("%s/arena run --quiet %s --journal whole.jsonl > /dev/null 2>&1", support_bin_dir(), tournament), 0);
    /* Shard 0 played a second time: another run of the same shard. */
    cr_assert_eq(support_scratch_sh("%s/arena run --quiet %s --shard 0/2 --journal again.jsonl > /dev/null 2>&1", support_bin_dir(), tournament), 0);

    cr_assert_eq(merge("s0.jsonl other-seed.jsonl -o m.jsonl"), 2);
    assert_said("other-seed.jsonl:1: not a shard of the tournament of s0.jsonl: the headers' \"seed\" differ");
    cr_assert_eq(merge("s0.jsonl of3.jsonl -o m.jsonl"), 2);
    assert_said("is one of 3 shards");
    cr_assert_eq(merge("s0.jsonl again.jsonl s1.jsonl -o m.jsonl"), 2);
    assert_said("again.jsonl:1: shard 0/2 is given twice: s0.jsonl holds it too");
    cr_assert_eq(merge("s0.jsonl whole.jsonl -o m.jsonl"), 2);
    assert_said("whole.jsonl:1: not the journal of a shard");
    cr_assert_eq(merge("s0.jsonl s1.jsonl"), 2);
    assert_said("--output");
    /* A record of shard 0 in shard 1's journal, and one of another run of
     * shard 0 beside shard 0's own. */
    cr_assert_eq(support_scratch_sh("cp s1.jsonl s1x.jsonl && sed -n 2p s0.jsonl >> s1x.jsonl && cp s0.jsonl s0x.jsonl && "
                    "sed -n 3p again.jsonl >> s0x.jsonl"), 0);
    cr_assert_eq(merge("s0.jsonl s1x.jsonl -o m.jsonl"), 2);
    assert_said("s1x.jsonl:");
    assert_said("belongs to shard 0/2, not to this journal's 1/2");
    cr_assert_eq(merge("s0x.jsonl s1.jsonl -o m.jsonl"), 2);
    assert_said("appears twice (first in s0x.jsonl:");
    cr_assert_eq(access(support_scratch_path("m.jsonl"), F_OK), -1, "a refused merge wrote its output");
    /* Never over an existing file. */
    cr_assert_eq(merge("s0.jsonl s1.jsonl -o whole.jsonl"), 2);
    assert_said("'whole.jsonl' exists");
    cr_assert_eq(merge("s0.jsonl s1.jsonl -o m.jsonl"), 0);
}

Test(shards, what_is_missing_is_listed_and_a_partial_merge_resumes_to_the_whole, .timeout = 180)
{
    char tournament[2200];
    snprintf(tournament, sizeof tournament, "%s --pairs 3 --seed 8", piquet_bots());
    cr_assert_eq(support_scratch_sh("%s/arena run --quiet %s --journal whole.jsonl > /dev/null 2>&1", support_bin_dir(), tournament), 0);
    play_shards(tournament, 3);
    /* Shard 1 cut after its first pair (a node that died), shard 2 lost. */
    cr_assert_eq(support_scratch_sh("head -n 3 s1.jsonl > cut.jsonl && cp cut.jsonl cut2.jsonl"), 0);
    cr_assert_eq(merge("s0.jsonl cut.jsonl -o m.jsonl"), 1);
    assert_said("shard 1/3 (cut.jsonl): 4 of 6 parties missing: ids 9, 10, 15, 16");
    assert_said("shard 2/3: no journal given: its 6 parties are missing");
    assert_said("10 of 18 parties missing: nothing written");
    cr_assert_eq(access(support_scratch_path("m.jsonl"), F_OK), -1, "written without --partial");
    /* A shard killed in the middle of writing a record: that one is missing. */
    cr_assert_eq(support_scratch_sh("head -c -40 s0.jsonl > torn.jsonl"), 0);
    cr_assert_eq(merge("torn.jsonl s1.jsonl s2.jsonl -o m.jsonl"), 1);
    assert_said("1 journal ended with a torn line");
    assert_said("shard 0/3 (torn.jsonl): 1 of 6 parties missing: ids");
    /* The cut shard resumes its own share and no more. */
    cr_assert_eq(support_scratch_sh("%s/arena resume --quiet cut.jsonl > resume.out 2>&1", support_bin_dir()), 0, "%s", support_scratch_slurp("resume.out"));
    assert_same_records("s1.jsonl", "cut.jsonl", 6);
    /* A partial merge, resumed, is the whole tournament. */
    cr_assert_eq(merge("s0.jsonl cut2.jsonl --partial -o m.jsonl"), 0);
    assert_said("arena resume m.jsonl plays the 10 missing");
    cr_assert_eq(support_scratch_sh("%s/arena resume --quiet m.jsonl > resume.out 2>&1", support_bin_dir()), 0, "%s", support_scratch_slurp("resume.out"));
    assert_same_records("whole.jsonl", "m.jsonl", 18);
    assert_same_standings("whole.jsonl", "m.jsonl");
}

Test(shards, a_header_of_a_later_version_is_refused_and_one_without_a_version_still_reads, .timeout = 120)
{
    char tournament[2200];
    snprintf(tournament, sizeof tournament, "%s --pairs 1 --seed 2", piquet_bots());
    cr_assert_eq(support_scratch_sh("%s/arena run --quiet %s --journal v.jsonl > /dev/null 2>&1", support_bin_dir(), tournament), 0);
    cr_assert_eq(support_scratch_sh("head -n 3 v.jsonl | sed '1s/\"version\":2/\"version\":4/' > v4.jsonl && "
                    "head -n 3 v.jsonl | sed '1s/\"version\":2,//' > v1.jsonl"), 0);
    cr_assert_eq(support_scratch_sh("%s/arena resume --quiet v4.jsonl > r.out 2>&1", support_bin_dir()), 2);
    char *said = support_scratch_slurp("r.out");
    cr_assert(strstr(said, "a header of version 4: this arena reads versions 1 to 3"), "%s", said);
    free(said);
    cr_assert_eq(support_scratch_sh("%s/arena resume --quiet v1.jsonl > r.out 2>&1", support_bin_dir()), 0, "%s", support_scratch_slurp("r.out"));
    assert_same_records("v.jsonl", "v1.jsonl", 6);
}

/* ---- one leaderboard, several shards ------------------------------------------------------ */

struct server {
    pid_t pid;
    char url[128];
};

static void start_server(struct server *s)
{
    const char *out = support_scratch_path("server.out");
    char db[PATH_MAX], tokens[PATH_MAX], exe[PATH_MAX];
    snprintf(db, sizeof db, "%s", support_scratch_path("lb.sqlite"));
    snprintf(tokens, sizeof tokens, "%s", support_scratch_path("token"));
    snprintf(exe, sizeof exe, "%s/leaderboard", support_bin_dir());
    cr_assert_eq(support_scratch_sh("umask 077 && echo 'shard-token-0123456789' > token"), 0);
    s->pid = fork();
    cr_assert_geq(s->pid, 0);
    if (s->pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);   /* dies with the test */
        FILE *f = freopen(out, "w", stdout);
        f = f ? freopen(out, "a", stderr) : NULL;
        (void)f;
        execl(exe, "leaderboard", "--db", db, "--listen", "127.0.0.1:0", "--token-file", tokens, (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < 500; i++) {
        FILE *f = fopen(out, "r");
        char line[256] = "";
        int up = f && fgets(line, sizeof line, f) && sscanf(line, "listening on %127s", s->url) == 1;
        if (f) fclose(f);
        if (up) return;
        struct timespec pause = { 0, 20 * 1000000L };
        nanosleep(&pause, NULL);
    }
    cr_assert_fail("the leaderboard did not start");
}

/* The "RUN-ID" keys the server holds (GET /api/v1/parties, page by page). */
static cJSON *server_keys(const struct server *s)
{
    cJSON *keys = cJSON_CreateArray();
    long before = 0;
    for (;;) {
        char cmd[512];
        static char body[1 << 20];
        int len = snprintf(cmd, sizeof cmd, "curl -sf '%s/api/v1/parties?limit=200", s->url);
        if (before) len += snprintf(cmd + len, sizeof cmd - (size_t)len, "&before=%ld", before);
        snprintf(cmd + len, sizeof cmd - (size_t)len, "'");
        FILE *p = popen(cmd, "r");
        size_t n = fread(body, 1, sizeof body - 1, p);
        body[n] = '\0';
        cr_assert_eq(pclose(p), 0, "%s", cmd);
        cJSON *doc = cJSON_Parse(body);
        const cJSON *item;
        cr_assert_not_null(doc, "%s", body);
        cJSON_ArrayForEach(item, cJSON_GetObjectItem(doc, "parties"))
            cJSON_AddItemToArray(keys, cJSON_CreateString(cJSON_GetStringValue(cJSON_GetObjectItem(item, "id"))));
        const cJSON *next = cJSON_GetObjectItem(doc, "next_before");
        before = cJSON_IsNumber(next) ? (long)next->valuedouble : 0;
        cJSON_Delete(doc);
        if (!before) break;
    }
    return keys;
}

static int run_key(const struct journal_entry *e, void *ctx, char *err, size_t cap)
{
    char key[64];
    (void)err;
    (void)cap;
    if (e->type != JOURNAL_PARTIE) return 0;
    snprintf(key, sizeof key, "%s-%llu", cJSON_GetStringValue(cJSON_GetObjectItem(e->record, "run")),
             (unsigned long long)e->id);
    cJSON_AddItemToArray(ctx, cJSON_CreateString(key));
    return 0;
}

Test(shards, shards_posting_to_one_leaderboard_at_once_store_each_partie_once, .timeout = 180)
{
    struct server s = { 0, "" };
    char tournament[4096], err[256];
    int torn;
    start_server(&s);
    snprintf(tournament, sizeof tournament, "%s --pairs 4 --seed 13 --post %s --token-file token", piquet_bots(), s.url);
    play_shards(tournament, 4);
    cr_assert_eq(merge("s0.jsonl s1.jsonl s2.jsonl s3.jsonl -o m.jsonl"), 0);
    /* The merged journal keeps the shards' marks: nothing is left to send,
     * and a second post of everything is stored once all the same. */
    cr_assert_eq(support_scratch_sh("%s/arena post m.jsonl --post %s --token-file token > post.out 2>&1", support_bin_dir(), s.url), 0,
                 "%s", support_scratch_slurp("post.out"));
    char *said = support_scratch_slurp("post.out");
    cr_assert(strstr(said, "m.jsonl: 24 parties, 24 already on"), "%s", said);
    free(said);
    cr_assert_eq(support_scratch_sh("grep -v '\"type\":\"posted\"' m.jsonl > unmarked.jsonl && %s/arena post unmarked.jsonl --post %s "
                    "--token-file token > post.out 2>&1", support_bin_dir(), s.url), 0, "%s", support_scratch_slurp("post.out"));
    cJSON *mine = cJSON_CreateArray(), *theirs = server_keys(&s);
    cr_assert_geq(journal_read(support_scratch_path("m.jsonl"), run_key, mine, &torn, err, sizeof err), 0, "%s", err);
    cr_assert_eq(cJSON_GetArraySize(mine), 24);
    cr_assert_eq(cJSON_GetArraySize(theirs), 24, "the leaderboard holds %d parties", cJSON_GetArraySize(theirs));
    const cJSON *k, *t;
    cJSON_ArrayForEach(k, mine) {
        int found = 0;
        cJSON_ArrayForEach(t, theirs) found += !strcmp(k->valuestring, t->valuestring);
        cr_assert_eq(found, 1, "partie %s is on the leaderboard %d times", k->valuestring, found);
    }
    cJSON_Delete(mine);
    cJSON_Delete(theirs);
    kill(s.pid, SIGTERM);
    waitpid(s.pid, NULL, 0);
}

/* ---- the array task, outside Slurm -------------------------------------------------------- */

Test(shards, an_array_task_plays_its_shard_and_a_requeued_one_resumes_its_journal, .timeout = 120)
{
    /* tools/slurm/arena-array.sbatch is a shell script: run as Slurm would
     * run task 1 of an array 0-2, then again after its journal was cut, as
     * a task requeued after its node died. */
    char checkout[PATH_MAX], tournament[2 * PATH_MAX + 400], real[PATH_MAX];
    cr_assert_not_null(getcwd(checkout, sizeof checkout));
    cr_assert_not_null(realpath(support_bin_dir(), real));
    FILE *f = fopen(support_scratch_path("t.json"), "w");
    fprintf(f, "{\"bots\": [{\"name\": \"greedy\", \"command\": \"%s/bot-greedy\"}, {\"name\": \"random\", \"command\": "
               "\"%s/bot-random --seed 3\"}], \"pairs\": 6, \"seed\": \"21\"}\n", real, real);
    fclose(f);
    snprintf(tournament, sizeof tournament,
             "env SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=3 SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_MAX=2 "
             "ARENA=%s/arena bash %s/tools/slurm/arena-array.sbatch t.json . --quiet", real, checkout);
    cr_assert_eq(support_scratch_sh("%s > task.out 2>&1", tournament), 0, "%s", support_scratch_slurp("task.out"));
    cJSON *first = records_of("shard-1-of-3.jsonl");
    cr_assert_eq(cJSON_GetArraySize(first), 4, "pairs 1 and 4 of 6");
    cr_assert_not_null(cJSON_GetObjectItem(first, "3"));
    cr_assert_not_null(cJSON_GetObjectItem(first, "10"));
    cr_assert_eq(support_scratch_sh("head -n 2 shard-1-of-3.jsonl > cut && cp cut shard-1-of-3.jsonl"), 0);
    cr_assert_eq(support_scratch_sh("%s > task.out 2>&1", tournament), 0, "%s", support_scratch_slurp("task.out"));
    cJSON *again = records_of("shard-1-of-3.jsonl");
    cr_assert(cJSON_Compare(first, again, 1), "the requeued task did not finish the same shard");
    char *text = support_scratch_slurp("shard-1-of-3.jsonl");
    int headers = 0;
    for (const char *p = text; (p = strstr(p, "\"type\":\"header\"")); p++) headers++;
    cr_assert_eq(headers, 1, "the requeued task started a new journal");
    free(text);
    cJSON_Delete(first);
    cJSON_Delete(again);
    /* An array that is not 0..N-1 is refused. */
    cr_assert_eq(support_scratch_sh("env SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=2 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=2 "
                    "ARENA=%s/arena bash %s/tools/slurm/arena-array.sbatch t.json . > task.out 2>&1", real, checkout), 2);
    text = support_scratch_slurp("task.out");
    cr_assert(strstr(text, "the array must be 0-1"), "%s", text);
    free(text);
}

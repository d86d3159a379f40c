/* test_run_swiss.c - `arena run --format swiss` with real bot processes:
 * each round's standings printed and journaled, and equal to the test's
 * own count from the journal's parties; no pairing repeated while another
 * was possible, byes rotating, every pairing a duplicate set; a Swiss
 * killed with SIGKILL and resumed ends with the same journal as one run;
 * Tarot at tables of three and four; bad settings refused.
 */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "engine/game.h"
#include "records/journal.h"
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

/* Five Piquet bots, all deterministic (bot-random seeds itself per partie). */
static void piquet_bots(char *out, size_t cap)
{
    const char *b = support_bin_dir();
    snprintf(out, cap,
             "--bot greedy=%s/bot-greedy --bot 'random=%s/bot-random --seed 3' --bot 'g2=%s/bot-greedy --exchange 4' "
             "--bot 'r2=%s/bot-random --seed 9' --bot instant=%s/bot-instant",
             b, b, b, b, b);
}

/* The journal: its header, its parties or matches by id (without timings
 * and run id), its round records in order (without run id). */
struct swiss_journal {
    cJSON *header, *by_id, *rounds;
};

static void strip(cJSON *copy)
{
    cJSON_DeleteItemFromObject(copy, "think_ms");
    cJSON_DeleteItemFromObject(copy, "run");
}

static int collect(const struct journal_entry *e, void *ctx, char *err, size_t cap)
{
    struct swiss_journal *j = ctx;
    char key[32];
    (void)err;
    (void)cap;
    cJSON *copy = cJSON_Duplicate(e->record, 1);
    strip(copy);
    if (e->type == JOURNAL_HEADER) {
        cr_assert_null(j->header, "two headers");
        j->header = copy;
    } else if (e->type == JOURNAL_ROUND) {
        cJSON_AddItemToArray(j->rounds, copy);
    } else if (e->type == JOURNAL_PARTIE || e->type == JOURNAL_MATCH) {
        snprintf(key, sizeof key, "%llu", (unsigned long long)e->id);
        cr_assert_null(cJSON_GetObjectItem(j->by_id, key), "match %s twice", key);
        cJSON_AddItemToObject(j->by_id, key, copy);
    } else {
        cJSON_Delete(copy);
    }
    return 0;
}

static void read_journal(const char *path, struct swiss_journal *j)
{
    char err[256];
    int torn = 0;
    j->header = NULL;
    j->by_id = cJSON_CreateObject();
    j->rounds = cJSON_CreateArray();
    cr_assert_geq(journal_read(path, collect, j, &torn, err, sizeof err), 0, "%s", err);
    cr_assert_not(torn);
    cr_assert_not_null(j->header);
}

static void release_journal(struct swiss_journal *j)
{
    cJSON_Delete(j->header);
    cJSON_Delete(j->by_id);
    cJSON_Delete(j->rounds);
}

static const char *str(const cJSON *o, const char *key)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

static double num(const cJSON *o, const char *key)
{
    return cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

static int index_of(const char *const *names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(names[i], name)) return i;
    cr_assert_fail("'%s' is not a bot", name);
    return -1;
}

Test(run_swiss, each_round_pairs_by_points_and_journals_its_standings, .timeout = 180)
{
    static char out[65536], cmd[8192], bots[2048];
    static const char *const names[] = { "greedy", "random", "g2", "r2", "instant" };
    enum { N = 5, ROUNDS = 4, PAIRS = 1 };
    const char *journal = support_scratch_path("swiss.jsonl"), *file = support_scratch_path("swiss.json");
    struct swiss_journal j;
    /* The format and rounds from a tournament file, the bots from flags. */
    FILE *f = fopen(file, "w");
    cr_assert(f);
    fprintf(f, "{\"format\": \"swiss\", \"rounds\": %d, \"pairs\": %d, \"seed\": \"11\"}\n", ROUNDS, PAIRS);
    fclose(f);
    piquet_bots(bots, sizeof bots);
    snprintf(cmd, sizeof cmd, "%s/arena run --file %s %s --concurrency 2 --journal %s --log-dir %s --results %s",
             support_bin_dir(), file, bots, journal, support_scratch_path("logs"), support_scratch_path("results.json"));
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    for (int r = 1; r <= ROUNDS; r++) {
        char want[64];
        snprintf(want, sizeof want, "standings after round %d ", r);
        cr_assert(strstr(out, want), "no '%s' in:\n%s", want, out);
    }
    read_journal(journal, &j);
    cr_assert_eq(num(j.header, "version"), 3, "a Swiss's header is version 3");
    cr_assert_str_eq(str(j.header, "format"), "swiss");
    cr_assert_eq(num(j.header, "rounds"), ROUNDS);
    cr_assert_eq(cJSON_GetArraySize(j.rounds), ROUNDS);
    int per_round = (N / 2) * PAIRS * 2;
    cr_assert_eq(cJSON_GetArraySize(j.by_id), ROUNDS * per_round, "every match of every round");
    int met[N][N] = { { 0 } }, byes[N] = { 0 };
    double points[N] = { 0 };
    char round_seed[ROUNDS + 1][32];
    for (int r = 1; r <= ROUNDS; r++) {
        const cJSON *round = cJSON_GetArrayItem(j.rounds, r - 1), *table, *bye, *s;
        round_seed[r][0] = '\0';
        cr_assert_eq(num(round, "round"), r);
        /* The round's parties, as the round record pairs them: each table a
         * duplicate pair (same seed, each dealing first once). */
        cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(round, "tables")), N / 2);
        cJSON_ArrayForEach(table, cJSON_GetObjectItem(round, "tables")) {
            int a = index_of(names, N, cJSON_GetArrayItem(table, 0)->valuestring);
            int b = index_of(names, N, cJSON_GetArrayItem(table, 1)->valuestring);
            /* 5 bots, 4 rounds: a round without a repeat always exists. */
            cr_assert_eq(met[a][b], 0, "round %d repeats %s - %s", r, names[a], names[b]);
            met[a][b] = met[b][a] = 1;
            int found = 0, dealers = 0;
            const char *seed = NULL;
            for (int id = (r - 1) * per_round + 1; id <= r * per_round; id++) {
                char key[16];
                snprintf(key, sizeof key, "%d", id);
                const cJSON *p = cJSON_GetObjectItem(j.by_id, key);
                cr_assert(p, "partie %s missing", key);
                const cJSON *players = cJSON_GetObjectItem(p, "players");
                if (strcmp(str(players, "A"), names[a]) || strcmp(str(players, "B"), names[b])) continue;
                found++;
                dealers |= !strcmp(str(p, "first_dealer"), "A") ? 1 : 2;
                if (!seed) seed = str(p, "seed");
                else cr_assert_str_eq(seed, str(p, "seed"), "a duplicate pair plays one pack order");
                /* One set a round: every table of the round on its packs. */
                if (!round_seed[r][0]) snprintf(round_seed[r], sizeof round_seed[r], "%s", seed);
                cr_assert_str_eq(round_seed[r], seed, "round %d: two tables on different packs", r);
                const char *winner = str(p, "winner");
                if (!winner) {
                    points[a] += 0.5;
                    points[b] += 0.5;
                } else {
                    points[!strcmp(winner, "A") ? a : b] += 1;
                }
            }
            cr_assert_eq(found, 2 * PAIRS, "round %d: %s - %s plays a duplicate pair", r, names[a], names[b]);
            cr_assert_eq(dealers, 3, "each deals first once");
        }
        for (int q = 1; q < r; q++) cr_assert_str_neq(round_seed[q], round_seed[r], "rounds %d and %d on one pack", q, r);
        cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(round, "byes")), 1);
        cJSON_ArrayForEach(bye, cJSON_GetObjectItem(round, "byes")) {
            int b = index_of(names, N, bye->valuestring);
            cr_assert_eq(byes[b], 0, "round %d: a second bye for %s before every bot had one", r, names[b]);
            byes[b]++;
            points[b] += PAIRS;   /* half of the 2 points per pair a round offers */
        }
        /* The standings: the test's own count, in rank order. */
        double last = 1e9;
        cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(round, "standings")), N);
        cJSON_ArrayForEach(s, cJSON_GetObjectItem(round, "standings")) {
            int b = index_of(names, N, str(s, "bot"));
            cr_assert_float_eq(num(s, "points"), points[b], 1e-9, "round %d: %s has %g points, the journal says %g", r,
                               names[b], points[b], num(s, "points"));
            cr_assert_leq(num(s, "points"), last, "round %d: standings not in order of points", r);
            last = num(s, "points");
        }
    }
    /* The results file holds the last round's record. */
    snprintf(cmd, sizeof cmd, "cat %s", support_scratch_path("results.json"));
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cJSON *results = cJSON_Parse(out), *last = cJSON_Duplicate(cJSON_GetArrayItem(j.rounds, ROUNDS - 1), 1);
    cr_assert(results, "%s", out);
    cJSON *swiss = cJSON_DetachItemFromObject(results, "swiss");
    cr_assert(swiss, "no \"swiss\" in the results: %s", out);
    strip(swiss);
    cr_assert(cJSON_Compare(swiss, last, 1), "the results' Swiss standings are not the last round's");
    cJSON_Delete(swiss);
    cJSON_Delete(last);
    cJSON_Delete(results);
    release_journal(&j);
    /* The ratings use every partie, as for any journal. */
    snprintf(cmd, sizeof cmd, "%s/arena ratings %s", support_bin_dir(), journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    for (int b = 0; b < N; b++) {
        char row[32];
        snprintf(row, sizeof row, " %s ", names[b]);
        cr_assert(strstr(out, row), "%s is not in the ratings: %s", names[b], out);
    }
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", support_bin_dir(), journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
}

Test(run_swiss, a_killed_swiss_resumes_to_the_same_journal, .timeout = 300)
{
    static char out[65536], cmd[8192], bots[2048];
    const char *whole = support_scratch_path("whole.jsonl"), *killed = support_scratch_path("killed.jsonl");
    struct swiss_journal one, again;
    piquet_bots(bots, sizeof bots);
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet --format swiss --rounds 3 --pairs 2 --seed 5 %s --concurrency 2 "
             "--journal %s --log-dir %s", support_bin_dir(), bots, whole, support_scratch_path("logs"));
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    read_journal(whole, &one);
    cr_assert_eq(cJSON_GetArraySize(one.rounds), 3);
    /* Killed once the journal holds this many lines (of 28: the header,
     * 3 rounds of 8 parties and their round records). */
    static const char *const delays[] = { "3", "10", "19" };
    int stopped_mid_way = 0;
    for (int k = 0; k < 3; k++) {
        unlink(killed);
        snprintf(cmd, sizeof cmd,
                 "%s/arena run --quiet --format swiss --rounds 3 --pairs 2 --seed 5 %s --concurrency 2 --journal %s "
                 "--log-dir %s > /dev/null 2>&1 & pid=$!; for i in $(seq 3000); do [ -s %s ] && "
                 "[ $(wc -l < %s) -ge %s ] && break; sleep 0.005; done; kill -9 $pid; wait $pid 2>/dev/null; sleep 0.3",
                 support_bin_dir(), bots, killed, support_scratch_path("logs"), killed, killed, delays[k]);
        cr_assert_eq(system(cmd), 0);
        snprintf(cmd, sizeof cmd, "grep -c '\"type\":\"round\"' %s", killed);
        support_run(cmd, out, sizeof out);
        stopped_mid_way += atoi(out) < 3;
        snprintf(cmd, sizeof cmd, "wc -l < %s", killed);
        support_run(cmd, out, sizeof out);
        cr_log_info("killed at %s lines of 28: %d in the journal", delays[k], atoi(out));
        snprintf(cmd, sizeof cmd, "%s/arena resume --quiet %s", support_bin_dir(), killed);
        cr_assert_eq(support_run(cmd, out, sizeof out), 0, "resume after a kill at %s lines: %s", delays[k], out);
        read_journal(killed, &again);
        cr_assert_eq(cJSON_GetArraySize(again.by_id), cJSON_GetArraySize(one.by_id), "kill at %s lines", delays[k]);
        const cJSON *rec;
        cJSON_ArrayForEach(rec, one.by_id) {
            const cJSON *other = cJSON_GetObjectItem(again.by_id, rec->string);
            cr_assert(other, "match %s missing after resume", rec->string);
            cr_assert(cJSON_Compare(rec, other, 1), "match %s differs after a kill at %s lines", rec->string, delays[k]);
        }
        cr_assert(cJSON_Compare(one.rounds, again.rounds, 1), "the rounds differ after a kill at %s lines:\n%s\n%s",
                  delays[k], cJSON_PrintUnformatted(one.rounds), cJSON_PrintUnformatted(again.rounds));
        release_journal(&again);
    }
    cr_assert_gt(stopped_mid_way, 0, "no kill stopped the Swiss before its last round");
    release_journal(&one);
}

/* Tarot Swiss at tables of `players` with `bots` random bots: the round
 * records seat `players` bots a table and give the rest byes; each table
 * plays one duplicate set, every bot at every seat once. */
static void tarot_swiss(int players, int bots, int rounds, int seatings)
{
    static char out[65536], cmd[8192], list[4096];
    char name[32];
    struct swiss_journal j;
    size_t len = 0;
    for (int k = 1; k <= bots; k++)
        len += (size_t)snprintf(list + len, sizeof list - len, " --bot 'r%d=%s/bot-random --seed %d --game tarot'", k,
                                support_bin_dir(), k);
    snprintf(name, sizeof name, "tarot%d.jsonl", players);
    const char *journal = support_scratch_path(name);
    snprintf(cmd, sizeof cmd, "%s/arena run --game tarot --players %d --format swiss --rounds %d --pairs 1 %s "
             "--concurrency 2 --journal %s --log-dir %s", support_bin_dir(), players, rounds, list, journal,
             support_scratch_path("logs"));
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "standings after round 1 "), "%s", out);
    read_journal(journal, &j);
    int tables = bots / players, per_round = tables * seatings;
    cr_assert_eq(cJSON_GetArraySize(j.rounds), rounds);
    cr_assert_eq(cJSON_GetArraySize(j.by_id), rounds * per_round);
    int bye_count[16] = { 0 };
    for (int r = 1; r <= rounds; r++) {
        const cJSON *round = cJSON_GetArrayItem(j.rounds, r - 1), *table, *bye;
        cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(round, "tables")), tables);
        cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(round, "byes")), bots % players);
        cJSON_ArrayForEach(bye, cJSON_GetObjectItem(round, "byes")) bye_count[atoi(bye->valuestring + 1)]++;
        cJSON_ArrayForEach(table, cJSON_GetObjectItem(round, "tables")) {
            cr_assert_eq(cJSON_GetArraySize(table), players);
            /* Its matches: every seat held by every bot of the table once. */
            int held[GAME_MAX_PLAYERS][GAME_MAX_PLAYERS] = { { 0 } }, matches = 0;
            for (int id = (r - 1) * per_round + 1; id <= r * per_round; id++) {
                char key[16];
                snprintf(key, sizeof key, "%d", id);
                const cJSON *m = cJSON_GetObjectItem(j.by_id, key), *names = cJSON_GetObjectItem(m, "names");
                cr_assert(m, "match %s missing", key);
                const char *first = str(names, "A");
                int at_table = 0;
                for (int e = 0; e < players; e++) at_table |= !strcmp(first, cJSON_GetArrayItem(table, e)->valuestring);
                if (!at_table) continue;
                matches++;
                for (int q = 0; q < players; q++) {
                    char letter[2] = { (char)('A' + q), 0 };
                    for (int e = 0; e < players; e++)
                        if (!strcmp(str(names, letter), cJSON_GetArrayItem(table, e)->valuestring)) held[e][q]++;
                }
            }
            cr_assert_eq(matches, seatings, "round %d: a table plays one duplicate set", r);
            for (int e = 0; e < players; e++)
                for (int q = 0; q < players; q++)
                    cr_assert_eq(held[e][q], seatings / players, "round %d: entrant %d held seat %d %d times", r, e, q,
                                 held[e][q]);
        }
    }
    for (int k = 1; k <= bots; k++) cr_assert_leq(bye_count[k], 1, "r%d had two byes in %d rounds", k, rounds);
    release_journal(&j);
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", support_bin_dir(), journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena ratings %s", support_bin_dir(), journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
}

Test(run_swiss, tarot_at_tables_of_three, .timeout = 240)
{
    /* 4 bots in threes: one bye a round, six seatings a set. */
    tarot_swiss(3, 4, 3, 6);
}

Test(run_swiss, tarot_at_tables_of_four, .timeout = 240)
{
    /* 5 bots in fours: one bye a round, four rotations a set. */
    tarot_swiss(4, 5, 3, 4);
}

Test(run_swiss, a_journal_whose_round_is_not_this_arenas_is_refused, .timeout = 120)
{
    static char out[65536], cmd[8192];
    const char *journal = support_scratch_path("tampered.jsonl");
    const char *b = support_bin_dir();
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet --format swiss --rounds 2 --pairs 1 --bot a=%s/bot-greedy "
             "--bot b=%s/bot-instant --bot c=%s/bot-greedy --journal %s --log-dir %s", b, b, b, b, journal,
             support_scratch_path("logs"));
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena resume --quiet %s", b, journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "a finished Swiss resumes to nothing: %s", out);
    /* Round 1's record says a pairing was repeated: none was. */
    snprintf(cmd, sizeof cmd, "sed -i '/\"type\":\"round\",\"round\":1,/s/\"repeats\":0/\"repeats\":1/' %s && "
             "grep -c '\"repeats\":1' %s", journal, journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena resume --quiet %s", b, journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "the journal's round 1 is not the round this arena pairs"), "%s", out);
}

Test(run_swiss, bad_settings_are_refused_with_the_reason)
{
    static char out[8192], cmd[4096], bots[2048];
    static const struct {
        const char *args, *says;
    } cases[] = {
        { "--format swiss", "--format swiss needs --rounds R" },
        { "--rounds 3", "--rounds is for --format swiss" },
        { "--format swiss --rounds 2 --shard 0/2", "a Swiss cannot be split into shards" },
        { "--format swiss --rounds 0", "bad value '0' for --rounds" },
        { "--format swiss --rounds 2 --game tarot --players 5", "needs 5 to 64 bots, not 3" },
    };
    const char *b = support_bin_dir();
    snprintf(bots, sizeof bots, "--bot a=%s/bot-random --bot b=%s/bot-random --bot c=%s/bot-random", b, b, b);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        snprintf(cmd, sizeof cmd, "%s/arena run %s %s --journal %s", b, bots, cases[i].args,
                 support_scratch_path("bad.jsonl"));
        cr_assert_eq(support_run(cmd, out, sizeof out), 2, "%s: %s", cases[i].args, out);
        cr_assert(strstr(out, cases[i].says), "%s: wanted '%s' in: %s", cases[i].args, cases[i].says, out);
    }
}

Test(run_swiss, a_round_robin_header_stays_version_2, .timeout = 120)
{
    static char out[65536], cmd[8192];
    const char *journal = support_scratch_path("rr.jsonl");
    struct swiss_journal j;
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet --bot a=%s/bot-greedy --bot b=%s/bot-instant --pairs 1 --journal %s "
             "--log-dir %s", support_bin_dir(), support_bin_dir(), support_bin_dir(), journal, support_scratch_path("logs"));
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    read_journal(journal, &j);
    cr_assert_eq(num(j.header, "version"), 2, "an arena older than Swiss still reads it");
    cr_assert_null(cJSON_GetObjectItem(j.header, "rounds"));
    cr_assert_eq(cJSON_GetArraySize(j.rounds), 0);
    release_journal(&j);
}

/* test_leaderboard_games.c - the leaderboard's games beside Piquet: match
 * records of Belote (4 players each for himself, 2 players, and
 * Partnership Belote) from real `arena run` journals posted to a real
 * server, each game stored and rated apart under its key; forged records
 * refused; Piquet's parties posting and rating as before beside them; a
 * database of the first schema brought up to date; the match viewer
 * against `arena replay`.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>
#include <cjson/cJSON.h>
#include "tests/test_leaderboard_support.h"

static cJSON *belote4(void)
{
    return lb_matches_of(lb_game_journal("belote", 4));
}

static int games_count(const struct lb_server *s, const char *key)
{
    cJSON *g = lb_get(s, "/api/v1/games", 200), *item;
    int n = -1;
    cJSON_ArrayForEach(item, cJSON_GetObjectItem(g, "games"))
        if (!strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(item, "game")), key))
            n = cJSON_GetObjectItem(item, "matches")->valueint;
    cJSON_Delete(g);
    return n;
}

static void assert_error(const cJSON *reply, const char *part)
{
    const char *e = cJSON_GetStringValue(cJSON_GetObjectItem(reply, "error"));
    cr_assert_not_null(e);
    cr_assert_not_null(strstr(e, part), "error '%s' should say '%s'", e, part);
}

/* Every rated bot has an interval around its rating; n bots. */
static void assert_rated_with_intervals(const cJSON *st, int n)
{
    const cJSON *bot;
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(st, "bots")), n);
    int rated = 0;
    cJSON_ArrayForEach(bot, cJSON_GetObjectItem(st, "bots")) {
        if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(bot, "status")), "rated")) continue;
        double r = cJSON_GetObjectItem(bot, "rating")->valuedouble;
        double lo = cJSON_GetObjectItem(bot, "ci_low")->valuedouble, hi = cJSON_GetObjectItem(bot, "ci_high")->valuedouble;
        cr_assert(lo < r && r < hi, "%s: %f in [%f, %f]", cJSON_GetStringValue(cJSON_GetObjectItem(bot, "name")), r, lo, hi);
        rated++;
    }
    cr_assert_geq(rated, 2);
}

Test(leaderboard_games, belote_matches_are_stored_and_rated_under_their_game, .timeout = 120)
{
    struct lb_server s;
    cJSON *matches = belote4();
    int n = cJSON_GetArraySize(matches);
    lb_start(&s);
    cJSON *r = lb_post(&s, matches, 200);
    cr_assert_eq(cJSON_GetObjectItem(r, "stored")->valueint, n);
    cJSON_Delete(r);
    cr_assert_eq(games_count(&s, "belote-4"), n);
    cr_assert_eq(games_count(&s, "piquet"), -1, "Piquet has no record, so it is not listed");

    cJSON *st = lb_get(&s, "/api/v1/standings?game=belote-4", 200);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(st, "game")), "belote-4");
    cr_assert_eq(cJSON_GetObjectItem(st, "matches")->valueint, n);
    cr_assert_eq(cJSON_GetObjectItem(st, "entrants")->valueint, 4);
    assert_rated_with_intervals(st, 5);
    /* one comparison per two seats of each match; clusters are the duplicate sets */
    cr_assert_eq(cJSON_GetObjectItem(st, "parties")->valueint, 6 * n);
    cr_assert_eq(cJSON_GetObjectItem(st, "clusters")->valueint, n / 4);
    const cJSON *seats = cJSON_GetObjectItem(st, "seats"), *seat;
    cr_assert_eq(cJSON_GetArraySize(seats), 4, "a term per seat");
    double sum = 0;
    cJSON_ArrayForEach(seat, seats) {
        double v = cJSON_GetObjectItem(seat, "rating")->valuedouble;
        cr_assert(cJSON_GetObjectItem(seat, "ci_low")->valuedouble < v && v < cJSON_GetObjectItem(seat, "ci_high")->valuedouble);
        sum += v;
    }
    cr_assert(fabs(sum) < 1e-6, "seat terms sum to 0: %f", sum);
    cJSON_Delete(st);

    /* each bot played 4 of the 5 tables' 4 rotations */
    cJSON *bot = lb_get(&s, "/api/v1/bots/r1?game=belote-4", 200);
    cr_assert_eq(cJSON_GetObjectItem(bot, "matches")->valueint, 16);
    cJSON_Delete(bot);
    cJSON *list = lb_get(&s, "/api/v1/matches?game=belote-4&bot=r1&limit=200", 200);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(list, "matches")), 16);
    cJSON_Delete(list);
    cJSON *xt = lb_get(&s, "/api/v1/crosstable?game=belote-4", 200);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(xt, "bots")), 5);
    cJSON_Delete(xt);
    cJSON *h = lb_get(&s, "/api/v1/history?game=belote-4", 200);
    cr_assert_gt(cJSON_GetArraySize(cJSON_GetObjectItem(h, "points")), 1);
    cJSON_Delete(h);

    /* Piquet's standings are apart, and empty */
    st = lb_get(&s, "/api/v1/standings", 200);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(st, "bots")), 0);
    cJSON_Delete(st);
    cJSON_Delete(lb_get(&s, "/api/v1/standings?game=belote-7", 400));
    cJSON_Delete(lb_get(&s, "/api/v1/standings?game=chess-2", 400));

    /* a repeated post changes nothing */
    r = lb_post(&s, matches, 200);
    cr_assert_eq(cJSON_GetObjectItem(r, "stored")->valueint, 0);
    cr_assert_eq(cJSON_GetObjectItem(r, "duplicates")->valueint, n);
    cJSON_Delete(r);
    cJSON_Delete(matches);
    lb_stop(&s);
    lb_cleanup(&s);
}

/* A copy of the first match under a new run, changed by `edit`. */
static cJSON *forged(const cJSON *matches, const char *run)
{
    cJSON *m = cJSON_Duplicate(cJSON_GetArrayItem(matches, 0), 1);
    cJSON_ReplaceItemInObject(m, "run", cJSON_CreateString(run));
    return m;
}

Test(leaderboard_games, forged_match_records_are_refused_and_nothing_is_stored, .timeout = 120)
{
    struct lb_server s;
    cJSON *matches = belote4(), *m, *r;
    lb_start(&s);

    m = forged(matches, "00000000000000a1");
    cJSON *points = cJSON_GetObjectItem(m, "points");
    cJSON_ReplaceItemInObject(points, "A", cJSON_CreateNumber(cJSON_GetObjectItem(points, "A")->valuedouble + 10));
    r = lb_post(&s, m, 422);
    assert_error(r, "the match points of A: the record says");
    cJSON_Delete(r);
    cJSON_Delete(m);

    m = forged(matches, "00000000000000a2");
    cJSON *scores = cJSON_GetObjectItem(m, "scores");
    cJSON_ReplaceItemInObject(scores, "C", cJSON_CreateNumber(cJSON_GetObjectItem(scores, "C")->valuedouble + 10));
    r = lb_post(&s, m, 422);
    assert_error(r, "the score of C");
    cJSON_Delete(r);
    cJSON_Delete(m);

    m = forged(matches, "00000000000000a3");
    const char *winner = cJSON_GetStringValue(cJSON_GetObjectItem(m, "winner"));
    cJSON_ReplaceItemInObject(m, "winner", cJSON_CreateString(winner && !strcmp(winner, "A") ? "B" : "A"));
    r = lb_post(&s, m, 422);
    assert_error(r, "the winner");
    cJSON_Delete(r);
    cJSON_Delete(m);

    /* the last action of the first deal played twice */
    m = forged(matches, "00000000000000a4");
    cJSON *actions = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(m, "deals"), 0), "actions");
    cJSON_AddItemToArray(actions, cJSON_Duplicate(cJSON_GetArrayItem(actions, cJSON_GetArraySize(actions) - 1), 1));
    r = lb_post(&s, m, 422);
    assert_error(r, "deal 0: action");
    cJSON_Delete(r);
    cJSON_Delete(m);

    m = forged(matches, "00000000000000a5");
    cJSON_ReplaceItemInObject(cJSON_GetObjectItem(m, "names"), "B", cJSON_CreateString("a/b"));
    r = lb_post(&s, m, 400);
    assert_error(r, "names.B");
    cJSON_Delete(r);
    cJSON_Delete(m);

    m = forged(matches, "00000000000000a6");
    cJSON_AddNumberToObject(m, "bonus", 1);
    r = lb_post(&s, m, 400);
    assert_error(r, "unknown field \"bonus\"");
    cJSON_Delete(r);
    cJSON_Delete(m);

    m = forged(matches, "not-a-run");
    r = lb_post(&s, m, 400);
    assert_error(r, "\"run\"");
    cJSON_Delete(r);
    cJSON_Delete(m);

    /* a batch with one forged record stores nothing */
    cJSON *batch = cJSON_Duplicate(matches, 1);
    m = forged(matches, "00000000000000a7");
    cJSON_ReplaceItemInObject(m, "winner", cJSON_CreateNull());
    cJSON_AddItemToArray(batch, m);
    r = lb_post(&s, batch, 422);
    cr_assert_eq(cJSON_GetObjectItem(r, "index")->valueint, cJSON_GetArraySize(matches));
    cJSON_Delete(r);
    cJSON_Delete(batch);
    cr_assert_eq(games_count(&s, "belote-4"), -1, "nothing stored");

    /* a key stored with another record: 409 */
    cJSON_Delete(lb_post(&s, cJSON_GetArrayItem(matches, 0), 200));
    m = cJSON_Duplicate(cJSON_GetArrayItem(matches, 1), 1);
    cJSON_ReplaceItemInObject(m, "id", cJSON_Duplicate(cJSON_GetObjectItem(cJSON_GetArrayItem(matches, 0), "id"), 1));
    r = lb_post(&s, m, 409);
    assert_error(r, "is already stored with a different record");
    cJSON_Delete(r);
    cJSON_Delete(m);
    cr_assert_eq(games_count(&s, "belote-4"), 1);
    cJSON_Delete(matches);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_games, two_entrant_games_rate_as_parties_of_their_sides, .timeout = 120)
{
    struct lb_server s;
    cJSON *two = lb_matches_of(lb_game_journal("belote", 2));
    cJSON *sides = lb_matches_of(lb_game_journal("belote-partnership", 4));
    lb_start(&s);
    cJSON_Delete(lb_post(&s, two, 200));
    cJSON_Delete(lb_post(&s, sides, 200));
    const char *keys[] = { "belote-2", "belote-partnership-4" };
    const cJSON *lists[] = { two, sides };
    for (int k = 0; k < 2; k++) {
        char path[128];
        int n = cJSON_GetArraySize(lists[k]);
        cr_assert_eq(games_count(&s, keys[k]), n);
        snprintf(path, sizeof path, "/api/v1/standings?game=%s", keys[k]);
        cJSON *st = lb_get(&s, path, 200);
        cr_assert_eq(cJSON_GetObjectItem(st, "entrants")->valueint, 2);
        cr_assert(cJSON_IsNull(cJSON_GetObjectItem(st, "seats")), "two entrants: a first-dealer term, no seats");
        cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetObjectItem(st, "advantage"), "status")),
                         "fitted");
        cr_assert_eq(cJSON_GetObjectItem(st, "parties")->valueint, n, "one party per match");
        cr_assert_eq(cJSON_GetObjectItem(st, "pairs")->valueint, n / 2, "duplicate pairs by set");
        assert_rated_with_intervals(st, 5);
        cJSON_Delete(st);
    }
    /* a side held by two bots is not what the arena writes */
    cJSON *m = cJSON_Duplicate(cJSON_GetArrayItem(sides, 0), 1);
    cJSON_ReplaceItemInObject(m, "run", cJSON_CreateString("00000000000000b1"));
    cJSON_ReplaceItemInObject(cJSON_GetObjectItem(m, "names"), "C", cJSON_CreateString("someone-else"));
    cJSON *r = lb_post(&s, m, 400);
    assert_error(r, "share a side");
    cJSON_Delete(r);
    cJSON_Delete(m);
    cJSON_Delete(two);
    cJSON_Delete(sides);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_games, piquet_parties_still_post_and_rate_as_before_beside_belote, .timeout = 120)
{
    struct lb_server s;
    cJSON *parties = lb_records(), *matches = belote4();
    lb_start(&s);
    cJSON *before_belote = NULL;
    cJSON_Delete(lb_post(&s, parties, 200));
    before_belote = lb_get(&s, "/api/v1/standings", 200);
    cJSON *r = lb_post(&s, matches, 200);
    cr_assert_eq(cJSON_GetObjectItem(r, "stored")->valueint, cJSON_GetArraySize(matches));
    cJSON_Delete(r);
    cJSON *after = lb_get(&s, "/api/v1/standings", 200), *piquet2 = lb_get(&s, "/api/v1/standings?game=piquet-2", 200);
    cr_assert(cJSON_Compare(cJSON_GetObjectItem(before_belote, "bots"), cJSON_GetObjectItem(after, "bots"), 1),
              "Belote's matches change nothing in Piquet's standings");
    cr_assert(cJSON_Compare(after, piquet2, 1), "piquet-2 is piquet");
    cJSON *arena = lb_arena_ratings(lb_journal()), *a, *b;
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(after, "bots")), cJSON_GetArraySize(cJSON_GetObjectItem(arena, "bots")));
    for (a = cJSON_GetObjectItem(after, "bots")->child, b = cJSON_GetObjectItem(arena, "bots")->child; a && b;
         a = a->next, b = b->next) {
        cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(a, "name")), cJSON_GetStringValue(cJSON_GetObjectItem(b, "name")));
        cr_assert(cJSON_Compare(cJSON_GetObjectItem(a, "rating"), cJSON_GetObjectItem(b, "rating"), 1));
        cr_assert(cJSON_Compare(cJSON_GetObjectItem(a, "ci_low"), cJSON_GetObjectItem(b, "ci_low"), 1));
    }
    cr_assert_eq(lb_count(&s), 24, "the parties list is Piquet's");
    cJSON *g = lb_get(&s, "/api/v1/games", 200);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(g, "games"), 0), "game")),
                     "piquet", "Piquet first");
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(g, "games")), 2);
    cJSON_Delete(g);
    cJSON_Delete(arena);
    cJSON_Delete(before_belote);
    cJSON_Delete(after);
    cJSON_Delete(piquet2);
    cJSON_Delete(parties);
    cJSON_Delete(matches);
    lb_stop(&s);
    lb_cleanup(&s);
}

/* Runs SQL on the database file, asserting success. */
static void sql(const char *db, const char *text)
{
    sqlite3 *h = NULL;
    char *msg = NULL;
    cr_assert_eq(sqlite3_open(db, &h), SQLITE_OK);
    cr_assert_eq(sqlite3_exec(h, text, NULL, NULL, &msg), SQLITE_OK, "%s: %s", text, msg ? msg : "");
    sqlite3_close(h);
}

static int user_version(const char *db)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    cr_assert_eq(sqlite3_open(db, &h), SQLITE_OK);
    cr_assert_eq(sqlite3_prepare_v2(h, "PRAGMA user_version", -1, &st, NULL), SQLITE_OK);
    cr_assert_eq(sqlite3_step(st), SQLITE_ROW);
    int v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(h);
    return v;
}

Test(leaderboard_games, a_database_of_the_first_schema_is_brought_up_to_date, .timeout = 120)
{
    struct lb_server s;
    cJSON *parties = lb_records(), *matches = belote4();
    lb_start(&s);
    cJSON_Delete(lb_post(&s, parties, 200));
    cJSON *before = lb_get(&s, "/api/v1/standings", 200);
    cJSON *one = lb_get(&s, "/api/v1/parties?limit=1", 200);
    lb_stop(&s);
    /* What the first schema left: the parties table alone, version 1 (the
       parties table has not changed since). */
    sql(s.db, "DROP TABLE matches; DROP TABLE bots; DROP TABLE arenas; PRAGMA user_version = 1;");
    cr_assert_eq(user_version(s.db), 1);
    lb_restart(&s);
    cJSON *after = lb_get(&s, "/api/v1/standings", 200), *again = lb_get(&s, "/api/v1/parties?limit=1", 200);
    cr_assert(cJSON_Compare(cJSON_GetObjectItem(before, "bots"), cJSON_GetObjectItem(after, "bots"), 1));
    cr_assert(cJSON_Compare(one, again, 1), "the stored parties are served as before");
    cJSON *r = lb_post(&s, matches, 200);
    cr_assert_eq(cJSON_GetObjectItem(r, "stored")->valueint, cJSON_GetArraySize(matches));
    cJSON_Delete(r);
    r = lb_post(&s, parties, 200);
    cr_assert_eq(cJSON_GetObjectItem(r, "duplicates")->valueint, 24, "old parties are still known");
    cJSON_Delete(r);
    lb_stop(&s);
    cr_assert_eq(user_version(s.db), 3, "brought up to the current schema");
    cJSON_Delete(before);
    cJSON_Delete(after);
    cJSON_Delete(one);
    cJSON_Delete(again);
    cJSON_Delete(parties);
    cJSON_Delete(matches);
    lb_cleanup(&s);
}

/* `arena replay --compact` of the first deal of a match, as a deal record. */
static cJSON *replay_deal(const cJSON *match, const char *dir)
{
    const cJSON *deal = cJSON_GetArrayItem(cJSON_GetObjectItem(match, "deals"), 0);
    cJSON *rec = cJSON_CreateObject();
    cJSON_AddItemToObject(rec, "game", cJSON_Duplicate(cJSON_GetObjectItem(match, "game"), 1));
    cJSON_AddItemToObject(rec, "players", cJSON_Duplicate(cJSON_GetObjectItem(match, "players"), 1));
    cJSON_AddItemToObject(rec, "deck", cJSON_Duplicate(cJSON_GetObjectItem(deal, "deck"), 1));
    cJSON_AddItemToObject(rec, "actions", cJSON_Duplicate(cJSON_GetObjectItem(deal, "actions"), 1));
    char path[300], cmd[1200], *text = cJSON_PrintUnformatted(rec), buf[65536];
    snprintf(path, sizeof path, "%s/deal.json", dir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
    free(text);
    cJSON_Delete(rec);
    snprintf(cmd, sizeof cmd, "'%s/arena' replay --compact '%s'", getenv("BIN") ? getenv("BIN") : "build/bin", path);
    FILE *p = popen(cmd, "r");
    size_t n = fread(buf, 1, sizeof buf - 1, p);
    buf[n] = 0;
    cr_assert_eq(pclose(p), 0, "arena replay: %s", buf);
    cJSON *doc = cJSON_Parse(buf);
    cr_assert_not_null(doc);
    return doc;
}

Test(leaderboard_games, the_match_viewer_shows_what_arena_replay_scores, .timeout = 120)
{
    struct lb_server s;
    cJSON *matches = belote4();
    const cJSON *m = cJSON_GetArrayItem(matches, 0);
    char path[128];
    lb_start(&s);
    cJSON_Delete(lb_post(&s, matches, 200));
    snprintf(path, sizeof path, "/api/v1/matches/%s-%d", cJSON_GetStringValue(cJSON_GetObjectItem(m, "run")),
             cJSON_GetObjectItem(m, "id")->valueint);
    cJSON *got = lb_get(&s, path, 200);
    const cJSON *viewer = cJSON_GetObjectItem(got, "viewer");
    const cJSON *deals = cJSON_GetObjectItem(viewer, "deals");
    cr_assert_eq(cJSON_GetArraySize(deals), cJSON_GetArraySize(cJSON_GetObjectItem(m, "deals")));
    const cJSON *d = cJSON_GetArrayItem(deals, 0), *trick, *seat;
    cJSON *replayed = replay_deal(m, s.dir);
    cr_assert(cJSON_Compare(cJSON_GetObjectItem(d, "result"), replayed, 1), "the deal's result is arena replay's");
    /* each trick's winner, counted by seat, is the engine's trick count */
    const cJSON *seats = cJSON_GetObjectItem(d, "seats");
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(d, "tricks")), 8);
    int s_i = 0;
    cJSON_ArrayForEach(seat, seats) {
        int won = 0;
        cJSON_ArrayForEach(trick, cJSON_GetObjectItem(d, "tricks")) {
            cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(trick, "cards")), 4);
            won += !strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(trick, "winner")), seat->valuestring);
        }
        cr_assert_eq(won, cJSON_GetArrayItem(cJSON_GetObjectItem(replayed, "tricks"), s_i)->valueint,
                     "tricks of seat %d", s_i);
        s_i++;
    }
    /* every hand after the deal: 8 cards each, 32 different */
    const cJSON *hand, *card;
    char seen[32][3];
    int n = 0;
    cJSON_ArrayForEach(hand, cJSON_GetObjectItem(d, "hands")) {
        cr_assert_eq(cJSON_GetArraySize(hand), 8);
        cJSON_ArrayForEach(card, hand) {
            for (int i = 0; i < n; i++) cr_assert_str_neq(seen[i], card->valuestring);
            snprintf(seen[n++], 3, "%s", card->valuestring);
        }
    }
    cr_assert_eq(n, 32);
    /* the steps are the record's actions, and the totals after the deal the engine's */
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(d, "steps")),
                 cJSON_GetArraySize(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(m, "deals"), 0), "actions")));
    const cJSON *last = cJSON_GetArrayItem(deals, cJSON_GetArraySize(deals) - 1);
    cr_assert(cJSON_Compare(cJSON_GetObjectItem(last, "totals"), cJSON_GetObjectItem(m, "scores"), 1));
    cJSON_Delete(replayed);
    cJSON_Delete(got);
    cJSON_Delete(lb_get(&s, "/api/v1/matches/00000000000000ff-1", 404));
    cJSON_Delete(matches);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_games, arena_post_sends_match_records_once, .timeout = 120)
{
    struct lb_server s;
    char cmd[2400], token[300];
    const char *journal = lb_game_journal("belote", 4);
    cJSON *matches = lb_matches_of(journal);
    lb_start(&s);
    snprintf(token, sizeof token, "%s/token", s.dir);
    FILE *f = fopen(token, "w");
    cr_assert_not_null(f);
    fprintf(f, "%s\n", LB_TOKEN);
    fclose(f);
    /* a copy of the journal: the poster marks what was posted in it */
    snprintf(cmd, sizeof cmd, "cp '%s' '%s/j.jsonl' && '%s/arena' post '%s/j.jsonl' --post http://127.0.0.1:%d "
             "--token-file '%s' > /dev/null", journal, s.dir, getenv("BIN") ? getenv("BIN") : "build/bin", s.dir,
             s.port, token);
    cr_assert_eq(system(cmd), 0);
    cr_assert_eq(games_count(&s, "belote-4"), cJSON_GetArraySize(matches));
    snprintf(cmd, sizeof cmd, "'%s/arena' post '%s/j.jsonl' --post http://127.0.0.1:%d --token-file '%s' | grep -q ', 0 to send'",
             getenv("BIN") ? getenv("BIN") : "build/bin", s.dir, s.port, token);
    cr_assert_eq(system(cmd), 0, "a second post finds nothing to send");
    cr_assert_eq(games_count(&s, "belote-4"), cJSON_GetArraySize(matches));
    cJSON_Delete(matches);
    lb_stop(&s);
    lb_cleanup(&s);
}

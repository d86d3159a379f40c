/* test_leaderboard_bots.c - registered bots on a real leaderboard process
 * (leaderboard/README.md "Registering a bot"): authors register bots with
 * their tokens, names and keys are unique per game, only the owner rotates
 * a key or retires a bot, nothing is deleted from the results, a ladder
 * arena reports who is connected and where it listens, and a database of
 * schema version 2 opens and gains the new tables.
 */
#include <criterion/criterion.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <zmq.h>
#include "tests/test_leaderboard_support.h"

#define AUTHOR_BEARER LB_AUTHOR_TOKEN
#define AUTHOR2_BEARER LB_AUTHOR2_TOKEN

/* A fresh CURVE public key (Z85). */
static void new_key(char out[41])
{
    char secret[41];
    cr_assert_eq(zmq_curve_keypair(out, secret), 0);
}

/* A request with a JSON body text; the status, the parsed answer in *doc
 * (caller deletes; NULL allowed). */
static long call(const struct lb_server *s, const char *method, const char *path, const char *token,
                 const char *body, cJSON **doc)
{
    struct lb_reply r;
    cr_assert_eq(lb_request(s, method, path, body, body ? strlen(body) : 0, token, NULL, &r), 0);
    long status = r.status;
    if (doc) *doc = cJSON_Parse(r.body);
    lb_reply_release(&r);
    return status;
}

static long register_bot(const struct lb_server *s, const char *token, const char *name, const char *game,
                         const char *key)
{
    char body[512];
    snprintf(body, sizeof body, "{\"name\":\"%s\",\"game\":\"%s\",\"public_key\":\"%s\"}", name, game, key);
    return call(s, "POST", "/api/v1/bots", token, body, NULL);
}

/* The listed bot of that name in GET /api/v1/bots?game=game (caller
 * deletes *list), or NULL. */
static const cJSON *listed(const struct lb_server *s, const char *game, const char *name, cJSON **list)
{
    char path[128];
    const cJSON *b;
    snprintf(path, sizeof path, "/api/v1/bots?game=%s", game);
    *list = lb_get(s, path, 200);
    cJSON_ArrayForEach(b, cJSON_GetObjectItem(*list, "bots"))
        if (!strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(b, "name")), name)) return b;
    return NULL;
}

static int count_listed(const struct lb_server *s, const char *game)
{
    cJSON *list;
    listed(s, game, "", &list);
    int n = cJSON_GetArraySize(cJSON_GetObjectItem(list, "bots"));
    cJSON_Delete(list);
    return n;
}

Test(leaderboard_bots, an_author_registers_several_bots_listed_with_their_owner, .timeout = 60)
{
    struct lb_server s;
    char k1[41], k2[41], k3[41];
    cJSON *doc, *list;
    new_key(k1);
    new_key(k2);
    new_key(k3);
    lb_start(&s);
    char body[512];
    snprintf(body, sizeof body, "{\"name\":\"alpha\",\"game\":\"belote-4\",\"public_key\":\"%s\"}", k1);
    cr_assert_eq(call(&s, "POST", "/api/v1/bots", AUTHOR_BEARER, body, &doc), 201);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "owner")), LB_AUTHOR);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "game")), "belote-4");
    cJSON_Delete(doc);
    cr_assert_eq(register_bot(&s, AUTHOR_BEARER, "beta", "belote-4", k2), 201);
    cr_assert_eq(register_bot(&s, AUTHOR2_BEARER, "gamma", "belote-4", k3), 201);
    const cJSON *b = listed(&s, "belote-4", "beta", &list);
    cr_assert_not_null(b);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(list, "bots")), 3);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(b, "owner")), LB_AUTHOR);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(b, "public_key")), k2);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(b, "status")), "offline");
    cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(b, "connected")));
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(b, "retired")));
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(b, "rating")), "no match played: no rating");
    cJSON_Delete(list);
    b = listed(&s, "belote-4", "gamma", &list);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(b, "owner")), LB_AUTHOR2);
    cJSON_Delete(list);
    cr_assert_eq(count_listed(&s, "piquet"), 0, "bots are registered per game");
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_bots, registering_takes_an_author_token, .timeout = 60)
{
    struct lb_server s;
    char k[41], body[512];
    cJSON *doc;
    new_key(k);
    lb_start(&s);
    snprintf(body, sizeof body, "{\"name\":\"alpha\",\"game\":\"piquet\",\"public_key\":\"%s\"}", k);
    cr_assert_eq(call(&s, "POST", "/api/v1/bots", NULL, body, NULL), 401);
    cr_assert_eq(call(&s, "POST", "/api/v1/bots", "not-a-token", body, NULL), 401);
    /* An arena's posting token posts results, it does not register bots. */
    cr_assert_eq(call(&s, "POST", "/api/v1/bots", LB_TOKEN, body, &doc), 401);
    cr_assert(strstr(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "error")), "author token"));
    cJSON_Delete(doc);
    cr_assert_eq(count_listed(&s, "piquet"), 0);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_bots, a_bad_registration_is_refused_with_the_reason_and_stores_nothing, .timeout = 60)
{
    struct lb_server s;
    char k[41], body[1024];
    new_key(k);
    lb_start(&s);
    static const struct { const char *name, *game, *extra; const char *why; } cases[] = {
        { "a/b", "piquet", "", "holds '/'" },
        { "", "piquet", "", "empty" },
        { "waytoolongnameforabotthatgoesonandonandonandonpastsixtythreebytes", "piquet", "", "longer than 63 bytes" },
        { "ok", "belote-9", "", "unknown game" },
        { "ok", "piquet", ",\"owner\":\"mallory\"", "unknown or repeated field 'owner'" },
        { "ok", "piquet", ",\"name\":\"again\"", "unknown or repeated field 'name'" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cJSON *doc;
        snprintf(body, sizeof body, "{\"name\":\"%s\",\"game\":\"%s\",\"public_key\":\"%s\"%s}", cases[i].name,
                 cases[i].game, k, cases[i].extra);
        cr_assert_eq(call(&s, "POST", "/api/v1/bots", AUTHOR_BEARER, body, &doc), 400, "case %zu", i);
        const char *why = cJSON_GetStringValue(cJSON_GetObjectItem(doc, "error"));
        cr_assert(why && strstr(why, cases[i].why), "case %zu: %s", i, why ? why : "(none)");
        cJSON_Delete(doc);
    }
    /* A key that is not a CURVE key, a missing key, a body that is not JSON. */
    cr_assert_eq(register_bot(&s, AUTHOR_BEARER, "ok", "piquet", "not-a-key"), 400);
    k[39] = '\0';
    cr_assert_eq(register_bot(&s, AUTHOR_BEARER, "ok", "piquet", k), 400, "39 characters");
    cr_assert_eq(call(&s, "POST", "/api/v1/bots", AUTHOR_BEARER, "{\"name\":\"ok\",\"game\":\"piquet\"}", NULL), 400);
    cr_assert_eq(call(&s, "POST", "/api/v1/bots", AUTHOR_BEARER, "{\"name\":", NULL), 400);
    cr_assert_eq(call(&s, "POST", "/api/v1/bots", AUTHOR_BEARER, "[]", NULL), 400);
    /* Over 64 KiB. */
    size_t big_len = 70 * 1024;
    char *big = malloc(big_len + 1);
    cr_assert_not_null(big);
    memset(big, ' ', big_len);
    big[0] = '{';
    big[big_len - 1] = '}';
    big[big_len] = '\0';
    cr_assert_eq(call(&s, "POST", "/api/v1/bots", AUTHOR_BEARER, big, NULL), 413);
    free(big);
    cr_assert_eq(count_listed(&s, "piquet"), 0);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_bots, names_and_keys_are_unique_per_game, .timeout = 60)
{
    struct lb_server s;
    char k1[41], k2[41], k3[41];
    new_key(k1);
    new_key(k2);
    new_key(k3);
    lb_start(&s);
    cr_assert_eq(register_bot(&s, AUTHOR_BEARER, "alpha", "piquet", k1), 201);
    cr_assert_eq(register_bot(&s, AUTHOR2_BEARER, "alpha", "piquet", k2), 409, "a name is one bot's in a game");
    cr_assert_eq(register_bot(&s, AUTHOR_BEARER, "alpha", "piquet", k2), 409, "its owner's too");
    cr_assert_eq(register_bot(&s, AUTHOR2_BEARER, "beta", "piquet", k1), 409, "a key is one bot's in a game");
    cr_assert_eq(register_bot(&s, AUTHOR2_BEARER, "alpha", "belote-4", k3), 201, "another game is another ladder");
    cr_assert_eq(count_listed(&s, "piquet"), 1);
    cr_assert_eq(count_listed(&s, "belote-4"), 1);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_bots, only_the_owner_rotates_or_retires_and_no_result_is_deleted, .timeout = 90)
{
    struct lb_server s;
    char k1[41], k2[41], k3[41], body[256];
    cJSON *list, *doc;
    new_key(k1);
    new_key(k2);
    new_key(k3);
    lb_start(&s);
    /* g, r1 and r2 have parties on the board (lb_records: 24 of them). */
    cJSON *records = lb_records();
    cJSON_Delete(lb_post(&s, records, 200));
    cJSON_Delete(records);
    cJSON *before = lb_get(&s, "/api/v1/standings", 200);
    cr_assert_eq(register_bot(&s, AUTHOR_BEARER, "g", "piquet", k1), 201);
    const cJSON *b = listed(&s, "piquet", "g", &list);
    cJSON *page = lb_get(&s, "/api/v1/bots/g", 200);
    cr_assert(cJSON_Compare(cJSON_GetObjectItem(b, "rating"), cJSON_GetObjectItem(page, "rating"), 1),
              "the bot's rating is its standings' rating");
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(b, "rating_status")),
                     cJSON_GetStringValue(cJSON_GetObjectItem(page, "status")));
    cr_assert_eq(cJSON_GetObjectItem(b, "matches")->valueint, cJSON_GetObjectItem(page, "matches")->valueint);
    cr_assert_gt(cJSON_GetObjectItem(b, "matches")->valueint, 0);
    cJSON_Delete(page);
    cJSON_Delete(list);
    snprintf(body, sizeof body, "{\"game\":\"piquet\",\"public_key\":\"%s\"}", k2);
    cr_assert_eq(call(&s, "PUT", "/api/v1/bots/g", AUTHOR2_BEARER, body, NULL), 403, "not bob's bot");
    cr_assert_eq(call(&s, "PUT", "/api/v1/bots/g", NULL, body, NULL), 401);
    cr_assert_eq(call(&s, "PUT", "/api/v1/bots/nobody", AUTHOR_BEARER, body, NULL), 404);
    cr_assert_eq(call(&s, "PUT", "/api/v1/bots/g", AUTHOR_BEARER, body, &doc), 200);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "status")), "key replaced");
    cJSON_Delete(doc);
    b = listed(&s, "piquet", "g", &list);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(b, "public_key")), k2);
    cJSON_Delete(list);
    cr_assert_eq(call(&s, "PUT", "/api/v1/bots/g", AUTHOR_BEARER, "{\"game\":\"piquet\"}", NULL), 400);
    cr_assert_eq(call(&s, "PUT", "/api/v1/bots/g", AUTHOR_BEARER, "{\"game\":\"piquet\",\"retired\":false}", NULL),
                 400);
    cr_assert_eq(call(&s, "PUT", "/api/v1/bots/g", AUTHOR2_BEARER, "{\"game\":\"piquet\",\"retired\":true}", NULL),
                 403);
    cr_assert_eq(call(&s, "PUT", "/api/v1/bots/g", AUTHOR_BEARER, "{\"game\":\"piquet\",\"retired\":true}", NULL), 200);
    b = listed(&s, "piquet", "g", &list);
    cr_assert_not_null(b, "a retired bot stays listed");
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(b, "status")), "retired");
    cr_assert(cJSON_IsString(cJSON_GetObjectItem(b, "retired")));
    cJSON_Delete(list);
    snprintf(body, sizeof body, "{\"game\":\"piquet\",\"public_key\":\"%s\"}", k3);
    cr_assert_eq(call(&s, "PUT", "/api/v1/bots/g", AUTHOR_BEARER, body, NULL), 409, "retired for good");
    cr_assert_eq(register_bot(&s, AUTHOR2_BEARER, "other", "piquet", k2), 409, "a retired bot keeps its key");
    cJSON *after = lb_get(&s, "/api/v1/standings", 200);
    cr_assert(cJSON_Compare(cJSON_GetObjectItem(before, "bots"), cJSON_GetObjectItem(after, "bots"), 1),
              "the results are untouched");
    cJSON_Delete(before);
    cJSON_Delete(after);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_bots, the_arena_reports_who_is_connected_and_where_it_listens, .timeout = 60)
{
    struct lb_server s;
    char k1[41], k2[41], arena[41], body[1024];
    cJSON *list, *doc;
    new_key(k1);
    new_key(k2);
    new_key(arena);
    lb_start(&s);
    cr_assert_eq(call(&s, "GET", "/api/v1/arena?game=piquet", NULL, NULL, NULL), 404, "no arena yet");
    cr_assert_eq(register_bot(&s, AUTHOR_BEARER, "alpha", "piquet", k1), 201);
    cr_assert_eq(register_bot(&s, AUTHOR_BEARER, "beta", "piquet", k2), 201);
    snprintf(body, sizeof body,
             "{\"game\":\"piquet\",\"endpoint\":\"tcp://ladder.example:5601\",\"server_key\":\"%s\",\"bots\":"
             "[{\"name\":\"alpha\",\"connections\":2,\"playing\":1},{\"name\":\"stranger\",\"connections\":1,"
             "\"playing\":0}]}", arena);
    cr_assert_eq(call(&s, "POST", "/api/v1/arena", AUTHOR_BEARER, body, NULL), 401, "an author is no arena");
    cr_assert_eq(call(&s, "POST", "/api/v1/arena", LB_TOKEN, body, NULL), 200);
    const cJSON *b = listed(&s, "piquet", "alpha", &list);
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(b, "connected")));
    cr_assert_eq(cJSON_GetObjectItem(b, "connections")->valueint, 2);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(b, "status")), "playing");
    cr_assert(cJSON_IsString(cJSON_GetObjectItem(b, "last_seen")));
    cJSON_Delete(list);
    b = listed(&s, "piquet", "beta", &list);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(b, "status")), "offline");
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(b, "last_seen")));
    cJSON_Delete(list);
    cr_assert_null(listed(&s, "piquet", "stranger", &list), "a name not registered is not listed");
    cJSON_Delete(list);
    cr_assert_eq(call(&s, "GET", "/api/v1/arena?game=piquet", NULL, NULL, &doc), 200);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "endpoint")), "tcp://ladder.example:5601");
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "server_key")), arena);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "source")), "arena");
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(doc, "fresh")));
    cJSON_Delete(doc);
    /* The next report has alpha idle and beta gone: it replaces the last. */
    snprintf(body, sizeof body,
             "{\"game\":\"piquet\",\"endpoint\":\"tcp://ladder.example:5601\",\"server_key\":\"%s\",\"bots\":"
             "[{\"name\":\"alpha\",\"connections\":1,\"playing\":0}]}", arena);
    cr_assert_eq(call(&s, "POST", "/api/v1/arena", LB_TOKEN, body, NULL), 200);
    b = listed(&s, "piquet", "alpha", &list);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(b, "status")), "idle");
    cJSON_Delete(list);
    /* Bad reports change nothing. */
    static const char *const bad[] = {
        "{\"game\":\"piquet\",\"endpoint\":\"tcp://x:1\",\"server_key\":\"KEY\",\"bots\":[{\"name\":\"alpha\","
        "\"connections\":1,\"playing\":2}]}",
        "{\"game\":\"piquet\",\"endpoint\":\"http://x:1\",\"server_key\":\"KEY\",\"bots\":[]}",
        "{\"game\":\"piquet\",\"endpoint\":\"tcp://x:1\",\"server_key\":\"short\",\"bots\":[]}",
        "{\"game\":\"piquet\",\"endpoint\":\"tcp://x:1\",\"server_key\":\"KEY\",\"bots\":[{\"name\":\"a/b\","
        "\"connections\":1,\"playing\":0}]}",
        "{\"game\":\"piquet\",\"endpoint\":\"tcp://x:1\",\"server_key\":\"KEY\",\"bots\":{}}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *at = strstr(bad[i], "KEY");
        if (at) snprintf(body, sizeof body, "%.*s%s%s", (int)(at - bad[i]), bad[i], arena, at + 3);
        else snprintf(body, sizeof body, "%s", bad[i]);
        cr_assert_eq(call(&s, "POST", "/api/v1/arena", LB_TOKEN, body, NULL), 400, "bad report %zu", i);
    }
    cr_assert_eq(call(&s, "GET", "/api/v1/arena?game=piquet", NULL, NULL, &doc), 200);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "endpoint")), "tcp://ladder.example:5601");
    cJSON_Delete(doc);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_bots, the_operator_s_arena_wins_over_a_report, .timeout = 60)
{
    struct lb_server s;
    char arena[41], other[41], body[512];
    cJSON *doc;
    new_key(arena);
    new_key(other);
    const char *extra[] = { "--arena", "tcp://ladder.example:5601", "--arena-key", arena, NULL };
    lb_start_with(&s, extra);
    cr_assert_eq(call(&s, "GET", "/api/v1/arena?game=belote-4", NULL, NULL, &doc), 200);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "endpoint")), "tcp://ladder.example:5601");
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "server_key")), arena);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "source")), "operator");
    cJSON_Delete(doc);
    snprintf(body, sizeof body, "{\"game\":\"belote-4\",\"endpoint\":\"tcp://0.0.0.0:9\",\"server_key\":\"%s\","
             "\"bots\":[]}", other);
    cr_assert_eq(call(&s, "POST", "/api/v1/arena", LB_TOKEN, body, NULL), 200);
    cr_assert_eq(call(&s, "GET", "/api/v1/arena?game=belote-4", NULL, NULL, &doc), 200);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "server_key")), arena);
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(doc, "fresh")), "the arena's report still says it is up");
    cJSON_Delete(doc);
    lb_stop(&s);
    lb_cleanup(&s);
}

/* Runs SQL on the database file (the server stopped). */
static void db_exec(const char *db, const char *sql)
{
    sqlite3 *h = NULL;
    cr_assert_eq(sqlite3_open(db, &h), SQLITE_OK);
    cr_assert_eq(sqlite3_exec(h, sql, NULL, NULL, NULL), SQLITE_OK, "%s: %s", sql, sqlite3_errmsg(h));
    sqlite3_close(h);
}

static int db_version(const char *db)
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

Test(leaderboard_bots, a_version_2_database_opens_with_its_results_and_gains_the_bots, .timeout = 90)
{
    struct lb_server s;
    char k[41];
    new_key(k);
    lb_start(&s);
    cJSON *records = lb_records();
    cJSON_Delete(lb_post(&s, records, 200));
    cJSON_Delete(records);
    cJSON *before = lb_get(&s, "/api/v1/standings", 200);
    lb_stop(&s);
    /* What a server of schema version 2 left: its tables, not ours. */
    db_exec(s.db, "DROP TABLE bots; DROP TABLE arenas; PRAGMA user_version = 2");
    cr_assert_eq(db_version(s.db), 2);
    lb_restart(&s);
    cJSON *after = lb_get(&s, "/api/v1/standings", 200);
    cr_assert(cJSON_Compare(cJSON_GetObjectItem(before, "bots"), cJSON_GetObjectItem(after, "bots"), 1));
    cr_assert_eq(lb_count(&s), 24);
    cr_assert_eq(register_bot(&s, AUTHOR_BEARER, "g", "piquet", k), 201);
    cr_assert_eq(count_listed(&s, "piquet"), 1);
    lb_stop(&s);
    cr_assert_eq(db_version(s.db), 3);
    cJSON_Delete(before);
    cJSON_Delete(after);
    lb_cleanup(&s);
}

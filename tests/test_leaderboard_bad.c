/* test_leaderboard_bad.c - bad input to the leaderboard server: malformed
 * JSON, wrong types, missing fields, forged scores, illegal actions, huge
 * bodies, unknown routes, wrong methods, missing or wrong tokens, SQL and
 * HTML in bot names. Each gets its 4xx and a JSON error, and nothing of a
 * refused post is stored.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/test_leaderboard_support.h"

/* POSTs text and asserts the status and a JSON {"error": ...}. */
static void post_refused(const struct lb_server *s, const char *text, size_t len, const char *token, long status,
                         const char *why)
{
    struct lb_reply r;
    cr_assert_eq(lb_request(s, "POST", "/api/v1/parties", text, len, token, NULL, &r), 0, "%s: no reply", why);
    cr_assert_eq(r.status, status, "%s: status %ld, not %ld: %s", why, r.status, status, r.body);
    cJSON *doc = cJSON_ParseWithLength(r.body, r.len);
    cr_assert(cJSON_IsString(cJSON_GetObjectItem(doc, "error")), "%s: no JSON error: %.200s", why, r.body);
    cr_assert_not_null(strstr(r.headers, "Content-Type: application/json"), "%s", why);
    cJSON_Delete(doc);
    lb_reply_release(&r);
}

static void post_value_refused(const struct lb_server *s, const cJSON *value, long status, const char *why)
{
    char *text = cJSON_PrintUnformatted(value);
    post_refused(s, text, strlen(text), LB_TOKEN, status, why);
    free(text);
}

static void assert_empty(const struct lb_server *s)
{
    cr_assert_eq(lb_count(s), 0, "a refused post stored something");
    cJSON *st = lb_get(s, "/api/v1/standings", 200);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(st, "bots")), 0);
    cJSON_Delete(st);
}

Test(leaderboard_bad, malformed_json_is_400, .timeout = 30)
{
    struct lb_server s;
    static const char *const bodies[] = { "", "{", "{\"run\": ", "[1, 2", "nul", "{\"a\": 1}}", "\xff\xfe",
                                          "{'single': 'quotes'}", "[]" };
    lb_start(&s);
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++)
        post_refused(&s, bodies[i], strlen(bodies[i]), LB_TOKEN, 400, bodies[i]);
    assert_empty(&s);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_bad, wrong_types_and_missing_fields_are_400, .timeout = 30)
{
    struct lb_server s;
    static const char *const wrong[][2] = {
        { "run", "12" }, { "run", "\"xyz\"" }, { "run", "\"0123456789ABCDEF\"" }, { "run", "\"0123456789abcde\"" },
        { "id", "\"7\"" }, { "id", "-1" }, { "id", "1.5" }, { "seed", "true" }, { "seed", "\"12a\"" },
        { "players", "[\"a\", \"b\"]" }, { "players", "{\"A\": \"x\", \"B\": 3}" },
        { "players", "{\"A\": \"\", \"B\": \"x\"}" }, { "players", "{\"A\": \"x\", \"B\": \"x\"}" },
        { "players", "{\"A\": \"bell\\u0007\", \"B\": \"x\"}" },
        { "players", "{\"A\": \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\", \"B\": \"x\"}" },
        { "first_dealer", "\"C\"" }, { "first_dealer", "0" }, { "totals", "[1, 2]" },
        { "totals", "{\"A\": \"1\", \"B\": 2}" }, { "winner", "1" }, { "winner", "\"C\"" }, { "settlement", "\"9\"" },
        { "settlement", "-5" }, { "deals", "{}" }, { "deals", "[]" }, { "deals", "[1, 2]" },
        { "deals", "[{\"deck\": 5, \"actions\": []}]" }, { "deals", "[{\"deck\": \"AS KS\", \"actions\": []}]" },
        { "rules", "[1]" }, { "rules", "{\"trick_scoring\": \"nonsense\"}" }, { "forfeit", "\"yes\"" },
        { "faults", "{\"A\": 3}" }, { "type", "\"header\"" },
    };
    static const char *const required[] = { "run", "id", "seed", "players", "first_dealer", "totals", "winner",
                                            "settlement", "deals" };
    cJSON *records = lb_records();
    const cJSON *good = cJSON_GetArrayItem(records, 0);
    char why[256];
    lb_start(&s);
    for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
        cJSON *bad = cJSON_Duplicate(good, 1), *value = cJSON_Parse(wrong[i][1]);
        cr_assert_not_null(value, "%s", wrong[i][1]);
        cJSON_ReplaceItemInObject(bad, wrong[i][0], value);
        snprintf(why, sizeof why, "%s = %s", wrong[i][0], wrong[i][1]);
        post_value_refused(&s, bad, 400, why);
        cJSON_Delete(bad);
    }
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
        cJSON *bad = cJSON_Duplicate(good, 1);
        cJSON_DeleteItemFromObject(bad, required[i]);
        snprintf(why, sizeof why, "without %s", required[i]);
        post_value_refused(&s, bad, 400, why);
        cJSON_Delete(bad);
    }
    cJSON *numbers = cJSON_Parse("[1, \"two\", null]");
    post_value_refused(&s, numbers, 400, "an array of non-records");
    cJSON_Delete(numbers);
    assert_empty(&s);
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_bad, forged_scores_and_illegal_actions_are_422, .timeout = 30)
{
    struct lb_server s;
    cJSON *records = lb_records();
    const cJSON *good = cJSON_GetArrayItem(records, 1);
    lb_start(&s);
    /* Totals one point off. */
    cJSON *bad = cJSON_Duplicate(good, 1);
    cJSON *a = cJSON_GetObjectItem(cJSON_GetObjectItem(bad, "totals"), "A");
    cJSON_SetNumberValue(a, a->valuedouble + 1);
    post_value_refused(&s, bad, 422, "totals forged");
    cJSON_Delete(bad);
    /* Settlement forged. */
    bad = cJSON_Duplicate(good, 1);
    cJSON *st = cJSON_GetObjectItem(bad, "settlement");
    cJSON_SetNumberValue(st, st->valuedouble + 100);
    post_value_refused(&s, bad, 422, "settlement forged");
    cJSON_Delete(bad);
    /* Winner swapped. */
    bad = cJSON_Duplicate(good, 1);
    const char *w = cJSON_GetStringValue(cJSON_GetObjectItem(bad, "winner"));
    cJSON_ReplaceItemInObject(bad, "winner", w ? cJSON_CreateString(w[0] == 'A' ? "B" : "A") : cJSON_CreateString("A"));
    post_value_refused(&s, bad, 422, "winner forged");
    cJSON_Delete(bad);
    /* The deals of another partie under this one's totals. */
    bad = cJSON_Duplicate(good, 1);
    cJSON_ReplaceItemInObject(bad, "deals", cJSON_Duplicate(cJSON_GetObjectItem(cJSON_GetArrayItem(records, 0), "deals"), 1));
    post_value_refused(&s, bad, 422, "deals swapped");
    cJSON_Delete(bad);
    /* An illegal action: the first play of deal 1 replaced by a card the
     * player cannot hold twice. */
    bad = cJSON_Duplicate(good, 1);
    cJSON *actions = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(bad, "deals"), 0), "actions"), *act;
    int replaced = 0;
    cJSON_ArrayForEach(act, actions)
        if (!replaced && !strncmp(act->valuestring, "play ", 5)) {
            cJSON *next = act->next;
            cr_assert_not_null(next);
            cJSON_SetValuestring(next, act->valuestring);   /* the same card played twice */
            replaced = 1;
        }
    cr_assert(replaced);
    post_value_refused(&s, bad, 422, "illegal action");
    cJSON_Delete(bad);
    /* A deal cut short. */
    bad = cJSON_Duplicate(good, 1);
    actions = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(bad, "deals"), 2), "actions");
    cJSON_DeleteItemFromArray(actions, cJSON_GetArraySize(actions) - 1);
    post_value_refused(&s, bad, 422, "a deal cut short");
    cJSON_Delete(bad);
    /* A partie cut short. */
    bad = cJSON_Duplicate(good, 1);
    cJSON *deals = cJSON_GetObjectItem(bad, "deals");
    cJSON_DeleteItemFromArray(deals, cJSON_GetArraySize(deals) - 1);
    post_value_refused(&s, bad, 422, "a partie cut short");
    cJSON_Delete(bad);
    /* A garbage action word. */
    bad = cJSON_Duplicate(good, 1);
    actions = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(bad, "deals"), 0), "actions");
    cJSON_SetValuestring(cJSON_GetArrayItem(actions, 0), "'; DROP TABLE parties; --");
    post_value_refused(&s, bad, 422, "a garbage action");
    cJSON_Delete(bad);
    /* A batch with one forged record stores nothing and names the record. */
    cJSON *batch = cJSON_Duplicate(records, 1);
    cJSON *t = cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetArrayItem(batch, 17), "totals"), "B");
    cJSON_SetNumberValue(t, t->valuedouble + 3);
    struct lb_reply r;
    char *text = cJSON_PrintUnformatted(batch);
    cr_assert_eq(lb_request(&s, "POST", "/api/v1/parties", text, strlen(text), LB_TOKEN, NULL, &r), 0);
    cr_assert_eq(r.status, 422);
    cJSON *doc = cJSON_Parse(r.body);
    cr_assert_eq(cJSON_GetObjectItem(doc, "index")->valueint, 17, "%s", r.body);
    cJSON_Delete(doc);
    lb_reply_release(&r);
    free(text);
    cJSON_Delete(batch);
    assert_empty(&s);
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_bad, a_body_over_8_MiB_is_413, .timeout = 60)
{
    struct lb_server s;
    size_t n = (8u << 20) + 10;
    char *big = malloc(n + 1);
    memset(big, ' ', n);
    big[0] = '[';
    big[n - 1] = ']';
    big[n] = 0;
    lb_start(&s);
    post_refused(&s, big, n, LB_TOKEN, 413, "a 8 MiB + 10 body");
    /* Chunked, so the server only learns the size as it arrives. */
    struct lb_reply r;
    cr_assert_eq(lb_request(&s, "POST", "/api/v1/parties", big, n, LB_TOKEN, "Transfer-Encoding: chunked", &r), 0);
    cr_assert_eq(r.status, 413, "chunked: %ld %s", r.status, r.body);
    lb_reply_release(&r);
    /* The server still works. */
    assert_empty(&s);
    free(big);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_bad, unknown_routes_are_404_and_wrong_methods_405, .timeout = 30)
{
    struct lb_server s;
    static const char *const routes[] = { "/api/v1/nothing", "/api/v2/standings", "/api/v1/standings/x/y",
                                          "/api", "/api/", "/api/v1/bots/", "/etc/passwd", "/../../etc/passwd",
                                          "/index.html/x" };
    static const char *const methods[][2] = { { "DELETE", "/api/v1/standings" }, { "PUT", "/api/v1/parties" },
                                              { "POST", "/api/v1/standings" }, { "PATCH", "/api/v1/crosstable" },
                                              { "DELETE", "/api/v1/parties/abc-1" }, { "POST", "/" } };
    lb_start(&s);
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
        struct lb_reply r;
        cr_assert_eq(lb_request(&s, "GET", routes[i], NULL, 0, NULL, NULL, &r), 0);
        cr_assert_eq(r.status, 404, "%s: %ld", routes[i], r.status);
        cJSON *doc = cJSON_Parse(r.body);
        cr_assert(cJSON_IsString(cJSON_GetObjectItem(doc, "error")), "%s", routes[i]);
        cJSON_Delete(doc);
        lb_reply_release(&r);
    }
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
        struct lb_reply r;
        cr_assert_eq(lb_request(&s, methods[i][0], methods[i][1], "{}", 2, LB_TOKEN, NULL, &r), 0);
        cr_assert_eq(r.status, 405, "%s %s: %ld", methods[i][0], methods[i][1], r.status);
        cr_assert_not_null(strstr(r.headers, "Allow: "), "%s %s", methods[i][0], methods[i][1]);
        lb_reply_release(&r);
    }
    assert_empty(&s);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_bad, a_missing_or_wrong_token_is_401, .timeout = 30)
{
    struct lb_server s;
    cJSON *records = lb_records();
    char *text = cJSON_PrintUnformatted(cJSON_GetArrayItem(records, 0));
    static const char *const headers[] = { NULL, "Authorization: Bearer wrong", "Authorization: " LB_TOKEN,
                                           "Authorization: Bearer test-token", "Authorization: Bearer " LB_TOKEN "x",
                                           "Authorization: Basic dGVzdDp0ZXN0", "Authorization: Bearer " };
    lb_start(&s);
    for (size_t i = 0; i < sizeof headers / sizeof headers[0]; i++) {
        struct lb_reply r;
        cr_assert_eq(lb_request(&s, "POST", "/api/v1/parties", text, strlen(text), NULL, headers[i], &r), 0);
        cr_assert_eq(r.status, 401, "%s: %ld", headers[i] ? headers[i] : "no header", r.status);
        lb_reply_release(&r);
    }
    assert_empty(&s);
    /* Both tokens of the list are good. */
    struct lb_reply r;
    cr_assert_eq(lb_request(&s, "POST", "/api/v1/parties", text, strlen(text), "other-token", NULL, &r), 0);
    cr_assert_eq(r.status, 200, "%s", r.body);
    lb_reply_release(&r);
    free(text);
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_bad, sql_and_html_in_names_are_kept_verbatim_and_escaped, .timeout = 30)
{
    /* Within the name rule (codec_bot_name_check: no '/' or '='). */
    static const char *const names[] = { "Robert'); DROP TABLE parties;--", "<script>alert(\"x\")&amp;<b>",
                                         "' OR '1' LIKE '1" };
    struct lb_server s;
    cJSON *records = lb_records(), *rec;
    lb_start(&s);
    /* g -> SQL, r1 -> HTML, r2 -> another SQL. */
    cJSON_ArrayForEach(rec, records) {
        cJSON *players = cJSON_GetObjectItem(rec, "players");
        for (int p = 0; p < 2; p++) {
            cJSON *name = cJSON_GetObjectItem(players, p ? "B" : "A");
            const char *now = name->valuestring;
            const char *to = !strcmp(now, "g") ? names[0] : !strcmp(now, "r1") ? names[1] : names[2];
            cJSON_ReplaceItemInObject(players, p ? "B" : "A", cJSON_CreateString(to));
        }
    }
    cJSON_Delete(lb_post(&s, records, 200));
    struct lb_reply r;
    const char *paths[] = { "/api/v1/standings", "/api/v1/crosstable", "/api/v1/history", "/api/v1/parties" };
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(lb_request(&s, "GET", paths[i], NULL, 0, NULL, NULL, &r), 0);
        cr_assert_eq(r.status, 200);
        cr_assert_null(strchr(r.body, '<'), "%s carries markup", paths[i]);
        cr_assert_null(strchr(r.body, '>'), "%s carries markup", paths[i]);
        cr_assert_null(strchr(r.body, '&'), "%s carries markup", paths[i]);
        lb_reply_release(&r);
    }
    cJSON *st = lb_get(&s, "/api/v1/standings", 200), *b;
    int found = 0;
    cJSON_ArrayForEach(b, cJSON_GetObjectItem(st, "bots")) {
        const char *name = cJSON_GetObjectItem(b, "name")->valuestring;
        for (int i = 0; i < 3; i++) found += !strcmp(name, names[i]);
    }
    cr_assert_eq(found, 3, "the names come back verbatim");
    cJSON_Delete(st);
    /* The page of a bot with a URL-encoded name. */
    cJSON *page = lb_get(&s, "/api/v1/bots/%3Cscript%3Ealert(%22x%22)%26amp%3B%3Cb%3E", 200);
    cr_assert_str_eq(cJSON_GetObjectItem(page, "name")->valuestring, names[1]);
    cJSON_Delete(page);
    page = lb_get(&s, "/api/v1/parties?bot=Robert%27)%3B%20DROP%20TABLE%20parties%3B--&limit=200", 200);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(page, "parties")), 16);
    cJSON_Delete(page);
    cr_assert_eq(lb_count(&s), 24, "the table is still there, with every partie");
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_bad, corrupted_records_never_break_the_server, .timeout = 60)
{
    struct lb_server s;
    cJSON *records = lb_records();
    char *good = cJSON_PrintUnformatted(cJSON_GetArrayItem(records, 2));
    size_t n = strlen(good);
    unsigned seed = 12345;
    int refused = 0, stored = 0;
    lb_start(&s);
    for (int i = 0; i < 300; i++) {
        char *text = malloc(n + 1);
        memcpy(text, good, n + 1);
        int flips = 1 + i % 4;
        for (int f = 0; f < flips; f++) {
            seed = seed * 1103515245u + 12345u;
            size_t at = (seed >> 8) % n;
            seed = seed * 1103515245u + 12345u;
            static const char alphabet[] = "{}[]\",:0123456789-.eE AKQJT987SHDCnulltrue\\";
            text[at] = alphabet[(seed >> 8) % (sizeof alphabet - 1)];
        }
        struct lb_reply r;
        cr_assert_eq(lb_request(&s, "POST", "/api/v1/parties", text, n, LB_TOKEN, NULL, &r), 0, "no reply");
        cr_assert(r.status == 200 || r.status == 400 || r.status == 409 || r.status == 422, "status %ld: %s",
                  r.status, r.body);
        if (r.status == 200) stored++;
        else refused++;
        cJSON *doc = cJSON_ParseWithLength(r.body, r.len);
        cr_assert_not_null(doc, "not JSON: %.200s", r.body);
        cJSON_Delete(doc);
        lb_reply_release(&r);
        free(text);
    }
    cr_assert_gt(refused, 200, "the corruptions were refused");
    cr_assert_leq(lb_count(&s), stored);
    cJSON *st = lb_get(&s, "/api/v1/standings", 200);
    cJSON_Delete(st);
    free(good);
    cJSON_Delete(records);
    lb_stop(&s);
    lb_cleanup(&s);
}

/* test_leaderboard_check.c - every posted record validated whole, against
 * a real server: player names obey the project's one name rule
 * (codec_bot_name_check), a NUL inside one included.
 * The records are real: `arena run` journals (test_leaderboard_support.h).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/test_leaderboard_support.h"

/* POSTs a text; asserts the status and that the JSON error holds `needle`
 * (NULL: any error, or none on 200). */
static void post_text_expect(const struct lb_server *s, const char *text, long status, const char *needle,
                             const char *why)
{
    struct lb_reply r;
    cr_assert_eq(lb_request(s, "POST", "/api/v1/parties", text, strlen(text), LB_TOKEN, NULL, &r), 0,
                 "%s: no reply", why);
    cr_assert_eq(r.status, status, "%s: status %ld, not %ld: %s", why, r.status, status, r.body);
    if (status != 200) {
        cJSON *doc = cJSON_ParseWithLength(r.body, r.len);
        const char *error = cJSON_GetStringValue(cJSON_GetObjectItem(doc, "error"));
        cr_assert_not_null(error, "%s: no JSON error: %s", why, r.body);
        if (needle) cr_assert_not_null(strstr(error, needle), "%s: the error does not say '%s': %s", why, needle, error);
        cJSON_Delete(doc);
    }
    lb_reply_release(&r);
}

static cJSON *finished_record(int i)
{
    cJSON *records = lb_records();
    cJSON *rec = cJSON_DetachItemFromArray(records, i);
    cJSON_Delete(records);
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(rec, "forfeit")));
    return rec;
}

static void set_number(cJSON *rec, const char *path1, const char *path2, const char *path3, double value)
{
    cJSON *o = cJSON_GetObjectItem(rec, path1);
    if (path2) o = cJSON_GetObjectItem(o, path2);
    if (path3) o = cJSON_GetObjectItem(o, path3);
    cr_assert(cJSON_IsNumber(o), "%s.%s.%s is not a number", path1, path2 ? path2 : "", path3 ? path3 : "");
    cJSON_SetNumberValue(o, value);
}

/* The record's text with player A's name replaced by `name`, written as
 * raw JSON string content (escapes allowed). */
static char *with_raw_name(const cJSON *rec, const char *name)
{
    cJSON *copy = cJSON_Duplicate(rec, 1);
    cJSON_ReplaceItemInObject(cJSON_GetObjectItem(copy, "players"), "A", cJSON_CreateString("@NAME@"));
    char *text = cJSON_PrintUnformatted(copy), *out = malloc(strlen(text) + strlen(name) + 1);
    char *at = strstr(text, "@NAME@");
    cr_assert(text && out && at);
    sprintf(out, "%.*s%s%s", (int)(at - text), text, name, at + 6);
    free(text);
    cJSON_Delete(copy);
    return out;
}

Test(leaderboard_check, a_name_with_an_embedded_nul_is_400, .timeout = 30)
{
    /* cJSON cuts "g\u0000evil" to "g": the partie was credited to g. */
    struct lb_server s;
    cJSON *rec = finished_record(0);
    const char *a = cJSON_GetObjectItem(cJSON_GetObjectItem(rec, "players"), "A")->valuestring;
    char raw[64];
    snprintf(raw, sizeof raw, "%s\\u0000evil", a);
    char *text = with_raw_name(rec, raw);
    lb_start(&s);
    post_text_expect(&s, text, 400, "\\u0000", "a NUL inside players.A");
    cr_assert_eq(lb_count(&s), 0);
    free(text);
    cJSON_Delete(rec);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_check, names_obey_the_codec_name_rule, .timeout = 30)
{
    static const char *const refused[][2] = {
        /* raw JSON string content, the error (the codec's words) */
        { "a/b", "players.A holds '/'" },
        { "a=b", "players.A holds '='" },
        { "\\u0085next", "players.A holds a control character" },   /* C1 */
        { "tab\\there", "players.A holds a control character" },
        { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "players.A is longer than 32 bytes" },
        { "", "players.A is empty" },
    };
    static const char *const accepted[] = { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "\\u00e9l\\u00e8ve 2", "<b>&amp;" };
    struct lb_server s;
    cJSON *rec = finished_record(0);
    char why[128];
    lb_start(&s);
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        char *text = with_raw_name(rec, refused[i][0]);
        snprintf(why, sizeof why, "players.A \"%s\"", refused[i][0]);
        post_text_expect(&s, text, 400, refused[i][1], why);
        free(text);
    }
    cr_assert_eq(lb_count(&s), 0);
    for (size_t i = 0; i < sizeof accepted / sizeof accepted[0]; i++) {
        cJSON *copy = cJSON_Duplicate(rec, 1);
        set_number(copy, "id", NULL, NULL, 100 + (double)i);
        char *text = with_raw_name(copy, accepted[i]);
        snprintf(why, sizeof why, "players.A \"%s\"", accepted[i]);
        post_text_expect(&s, text, 200, NULL, why);
        free(text);
        cJSON_Delete(copy);
    }
    cr_assert_eq(lb_count(&s), 3);
    cJSON_Delete(rec);
    lb_stop(&s);
    lb_cleanup(&s);
}

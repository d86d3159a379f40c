/* test_leaderboard_check.c - every posted record validated whole, against
 * a real server: a forfeit's score is the fault policy's for the deals
 * played, the fault counts are exactly those the arena writes for that
 * forfeit (or for none), no field the arena does not write is accepted,
 * none twice, and player names obey the project's one name rule
 * (codec_bot_name_check). Records of every arena version are accepted.
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

static void post_expect(const struct lb_server *s, const cJSON *rec, long status, const char *needle, const char *why)
{
    char *text = cJSON_PrintUnformatted(rec);
    cr_assert_not_null(text);
    post_text_expect(s, text, status, needle, why);
    free(text);
}

static cJSON *forfeit_record(int i)
{
    cJSON *records = lb_records_of(lb_forfeit_journal());
    cr_assert_eq(cJSON_GetArraySize(records), 2);
    cJSON *rec = cJSON_DetachItemFromArray(records, i);
    cJSON_Delete(records);
    cr_assert(cJSON_IsObject(cJSON_GetObjectItem(rec, "forfeit")), "the faulty bot did not forfeit");
    cr_assert_not_null(cJSON_GetObjectItem(rec, "unfinished_deal"));
    return rec;
}

static cJSON *finished_record(int i)
{
    cJSON *records = lb_records();
    cJSON *rec = cJSON_DetachItemFromArray(records, i);
    cJSON_Delete(records);
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(rec, "forfeit")));
    return rec;
}

static const char *loser_of(const cJSON *rec)
{
    return cJSON_GetObjectItem(cJSON_GetObjectItem(rec, "forfeit"), "player")->valuestring;
}

static void set_number(cJSON *rec, const char *path1, const char *path2, const char *path3, double value)
{
    cJSON *o = cJSON_GetObjectItem(rec, path1);
    if (path2) o = cJSON_GetObjectItem(o, path2);
    if (path3) o = cJSON_GetObjectItem(o, path3);
    cr_assert(cJSON_IsNumber(o), "%s.%s.%s is not a number", path1, path2 ? path2 : "", path3 ? path3 : "");
    cJSON_SetNumberValue(o, value);
}

/* A bot's "settlement" in the standings (0 when it is not listed). */
static double standing_settlement(const struct lb_server *s, const char *name)
{
    cJSON *st = lb_get(s, "/api/v1/standings", 200), *b;
    double v = 0;
    cJSON_ArrayForEach(b, cJSON_GetObjectItem(st, "bots"))
        if (!strcmp(cJSON_GetObjectItem(b, "name")->valuestring, name))
            v = cJSON_GetObjectItem(b, "settlement")->valuedouble;
    cJSON_Delete(st);
    return v;
}

/* The forfeit record as a bot forfeiting before the first action leaves
 * it: no deal, no unfinished deal, totals 0. */
static cJSON *forfeit_before_play(void)
{
    cJSON *rec = forfeit_record(0);
    cJSON_ReplaceItemInObject(rec, "deals", cJSON_CreateArray());
    cJSON_DeleteItemFromObject(rec, "unfinished_deal");
    set_number(rec, "totals", "A", NULL, 0);
    set_number(rec, "totals", "B", NULL, 0);
    return rec;
}

Test(leaderboard_check, a_forfeit_with_no_deal_settles_100_not_what_it_claims, .timeout = 30)
{
    struct lb_server s;
    cJSON *rec = forfeit_before_play();
    const char *winner = cJSON_GetObjectItem(cJSON_GetObjectItem(rec, "players"),
                                             loser_of(rec)[0] == 'A' ? "B" : "A")->valuestring;
    lb_start(&s);
    set_number(rec, "settlement", NULL, NULL, 1000000);
    post_expect(&s, rec, 422, "settlement", "a forfeit before play claiming 1000000");
    cr_assert_eq(lb_count(&s), 0);
    cr_assert_eq(standing_settlement(&s, winner), 0);
    /* The fault policy: the other wins 100 plus both totals (0 here). */
    set_number(rec, "settlement", NULL, NULL, 100);
    post_expect(&s, rec, 200, NULL, "the same forfeit at the policy's 100");
    cr_assert_eq(standing_settlement(&s, winner), 100);
    cJSON_Delete(rec);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_check, a_forfeit_settles_as_the_fault_policy_says, .timeout = 30)
{
    struct lb_server s;
    cJSON *rec = forfeit_record(0);
    double settlement = cJSON_GetObjectItem(rec, "settlement")->valuedouble;
    lb_start(&s);
    set_number(rec, "settlement", NULL, NULL, settlement + 1);
    post_expect(&s, rec, 422, "settlement", "a forfeit settling one more than the policy");
    set_number(rec, "settlement", NULL, NULL, settlement - 1);
    post_expect(&s, rec, 422, "settlement", "a forfeit settling one less than the policy");
    cr_assert_eq(lb_count(&s), 0);
    set_number(rec, "settlement", NULL, NULL, settlement);
    post_expect(&s, rec, 200, NULL, "the record as the arena wrote it");
    cJSON_Delete(rec);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_check, a_forfeit_after_the_partie_was_over_is_422, .timeout = 30)
{
    /* A finished partie turned into a forfeit of either player: the arena
     * never writes one (the partie ends before anyone can fault). */
    struct lb_server s;
    lb_start(&s);
    for (int p = 0; p < 2; p++) {
        cJSON *rec = finished_record(3);
        const char *loser = p ? "B" : "A";
        cJSON *totals = cJSON_GetObjectItem(rec, "totals");
        double sum = cJSON_GetObjectItem(totals, "A")->valuedouble + cJSON_GetObjectItem(totals, "B")->valuedouble;
        cJSON *forfeit = cJSON_CreateObject();
        cJSON_AddStringToObject(forfeit, "player", loser);
        cJSON_AddStringToObject(forfeit, "fault", "crash");
        cJSON_AddStringToObject(forfeit, "message", "the bot cannot be reached");
        cJSON_ReplaceItemInObject(rec, "forfeit", forfeit);
        cJSON_ReplaceItemInObject(rec, "winner", cJSON_CreateString(p ? "A" : "B"));
        set_number(rec, "settlement", NULL, NULL, 100 + sum);
        set_number(rec, "faults", loser, "crash", 1);
        post_expect(&s, rec, 422, "over", loser);
        cJSON_Delete(rec);
    }
    cr_assert_eq(lb_count(&s), 0);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_check, fault_counts_are_exactly_the_forfeits, .timeout = 30)
{
    static const struct {
        int forfeited;            /* on the forfeit record, else a finished one */
        int loser;                /* 1: the forfeiting player, 0: the other (finished: A) */
        const char *kind;
        double count;
    } wrong[] = {
        { 1, 1, "crash", 50 },            /* 50 crashes on top of the illegal action */
        { 1, 1, "illegal_action", 50 },   /* the forfeit's own fault counted 50 times */
        { 1, 1, "illegal_action", 0 },    /* a forfeit after play whose fault is not counted */
        { 1, 0, "timeout", 1 },           /* a fault of the player who won */
        { 0, 0, "crash", 50 },            /* faults in a partie nobody forfeited */
        { 0, 1, "timeout", 1 },
    };
    struct lb_server s;
    char why[128];
    lb_start(&s);
    for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
        cJSON *rec = wrong[i].forfeited ? forfeit_record(0) : finished_record(0);
        const char *loser = wrong[i].forfeited ? loser_of(rec) : "A";
        const char *player = wrong[i].loser ? loser : loser[0] == 'A' ? "B" : "A";
        set_number(rec, "faults", player, wrong[i].kind, wrong[i].count);
        snprintf(why, sizeof why, "%s: faults.%s.%s = %g", wrong[i].forfeited ? "forfeit" : "finished", player,
                 wrong[i].kind, wrong[i].count);
        post_expect(&s, rec, 422, "faults", why);
        cJSON_Delete(rec);
    }
    cr_assert_eq(lb_count(&s), 0);
    lb_stop(&s);
    lb_cleanup(&s);
}

/* A "disqualified" forfeit of a real journal (see lb_disqualified_journal). */
static cJSON *disqualified_record(void)
{
    cJSON *records = lb_records_of(lb_disqualified_journal()), *rec, *found = NULL;
    cJSON_ArrayForEach(rec, records) {
        const char *fault = cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetObjectItem(rec, "forfeit"), "fault"));
        if (!found && fault && !strcmp(fault, "disqualified")) found = cJSON_Duplicate(rec, 1);
    }
    cJSON_Delete(records);
    cr_assert_not_null(found, "no disqualified forfeit in %s", lb_disqualified_journal());
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(found, "deals")), 0);
    return found;
}

Test(leaderboard_check, a_disqualified_bots_unplayed_partie_counts_no_fault, .timeout = 30)
{
    /* `arena run` records the parties a disqualified bot had left as its
     * forfeits ("disqualified") before any deal, with no fault counted
     * (those that disqualified it were counted where they happened). */
    struct lb_server s;
    cJSON *rec = disqualified_record();
    const char *loser = loser_of(rec);
    lb_start(&s);
    set_number(rec, "faults", loser, "crash", 1);
    post_expect(&s, rec, 422, "faults", "a disqualified forfeit counting a crash");
    set_number(rec, "faults", loser, "crash", 0);
    cJSON *played = forfeit_record(0);   /* its deals, as if it had played them */
    cJSON *with_deals = cJSON_Duplicate(rec, 1);
    static const char *const course[] = { "deals", "first_dealer", "totals" };
    for (int i = 0; i < 3; i++)
        cJSON_ReplaceItemInObject(with_deals, course[i], cJSON_Duplicate(cJSON_GetObjectItem(played, course[i]), 1));
    const cJSON *totals = cJSON_GetObjectItem(played, "totals");
    set_number(with_deals, "settlement", NULL, NULL,
               100 + cJSON_GetObjectItem(totals, "A")->valuedouble + cJSON_GetObjectItem(totals, "B")->valuedouble);
    post_expect(&s, with_deals, 422, "disqualified", "a disqualified forfeit with deals played");
    cJSON_Delete(with_deals);
    cJSON_Delete(played);
    /* Only a disqualification counts nothing: a crash before the first
     * action is counted. */
    cJSON *crash = cJSON_Duplicate(rec, 1);
    cJSON_SetValuestring(cJSON_GetObjectItem(cJSON_GetObjectItem(crash, "forfeit"), "fault"), "crash");
    post_expect(&s, crash, 422, "faults", "an uncounted crash");
    set_number(crash, "faults", loser, "crash", 1);
    set_number(crash, "id", NULL, NULL, 999);
    post_expect(&s, crash, 200, NULL, "a crash before the first action");
    cJSON_Delete(crash);
    post_expect(&s, rec, 200, NULL, "the record as the arena wrote it");
    cJSON_Delete(rec);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_check, faults_have_the_arenas_shape, .timeout = 30)
{
    static const char *const wrong[][3] = {
        /* player, kind, value */
        { "A", "bribery", "0" },       /* a kind the arena does not know */
        { "B", "timeout", "-1" },
        { "B", "crash", "\"0\"" },
        { "A", "protocol", "0.5" },
        { "A", "protocol", NULL },     /* a kind missing */
    };
    struct lb_server s;
    char why[128];
    lb_start(&s);
    for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++) {
        cJSON *rec = finished_record(1);
        cJSON *kinds = cJSON_GetObjectItem(cJSON_GetObjectItem(rec, "faults"), wrong[i][0]);
        cJSON_DeleteItemFromObject(kinds, wrong[i][1]);
        if (wrong[i][2]) cJSON_AddItemToObject(kinds, wrong[i][1], cJSON_Parse(wrong[i][2]));
        snprintf(why, sizeof why, "faults.%s.%s = %s", wrong[i][0], wrong[i][1], wrong[i][2] ? wrong[i][2] : "absent");
        char field[64];
        snprintf(field, sizeof field, "faults.%s.%s", wrong[i][0], wrong[i][1]);
        post_expect(&s, rec, 400, field, why);
        cJSON_Delete(rec);
    }
    cr_assert_eq(lb_count(&s), 0);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_check, the_forfeits_fault_is_one_the_arena_knows, .timeout = 30)
{
    struct lb_server s;
    cJSON *rec = forfeit_record(1);
    cJSON *forfeit = cJSON_GetObjectItem(rec, "forfeit");
    lb_start(&s);
    cJSON_SetValuestring(cJSON_GetObjectItem(forfeit, "fault"), "bribery");
    post_expect(&s, rec, 400, "forfeit.fault", "an unknown fault");
    cJSON_SetValuestring(cJSON_GetObjectItem(forfeit, "fault"), "illegal_action");
    cJSON_ReplaceItemInObject(forfeit, "message", cJSON_CreateNumber(3));
    post_expect(&s, rec, 400, "forfeit.message", "a message that is not text");
    char *long_message = malloc(5000);
    memset(long_message, 'x', 4999);
    long_message[4999] = 0;
    cJSON_ReplaceItemInObject(forfeit, "message", cJSON_CreateString(long_message));
    free(long_message);
    post_expect(&s, rec, 400, "forfeit.message", "a message longer than the arena writes");
    cr_assert_eq(lb_count(&s), 0);
    cJSON_Delete(rec);
    lb_stop(&s);
    lb_cleanup(&s);
}

/* A copy of `rec` with `value` (JSON text) added as `key` inside the
 * object at `where` (NULL: the record itself; "deals[0]": a deal). */
static cJSON *with_field(const cJSON *rec, const char *where, const char *key, const char *value)
{
    cJSON *copy = cJSON_Duplicate(rec, 1), *into = copy;
    if (where && !strcmp(where, "deals[0]")) into = cJSON_GetArrayItem(cJSON_GetObjectItem(copy, "deals"), 0);
    else if (where) into = cJSON_GetObjectItem(copy, where);
    cr_assert(cJSON_IsObject(into), "%s", where);
    cJSON_AddItemToObject(into, key, cJSON_Parse(value));
    return copy;
}

Test(leaderboard_check, fields_the_arena_does_not_write_are_400_naming_them, .timeout = 30)
{
    static const char *const extra[][3] = {
        /* where, key, value; the error names where.key */
        { NULL, "bonus", "1000000" },
        { NULL, "notes", "\"a very long story\"" },
        { "players", "C", "\"x\"" },
        { "totals", "C", "1" },
        { "faults", "C", "{}" },
        { "decisions", "C", "1" },
        { "think_ms", "C", "1" },
        { "deals[0]", "comment", "\"hi\"" },
        { "forfeit", "bonus", "1" },
        { "unfinished_deal", "comment", "\"hi\"" },
    };
    struct lb_server s;
    cJSON *finished = finished_record(2), *forfeited = forfeit_record(1);
    char why[128], field[64];
    lb_start(&s);
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++) {
        const char *where = extra[i][0];
        int on_forfeit = where && (!strcmp(where, "forfeit") || !strcmp(where, "unfinished_deal"));
        cJSON *rec = with_field(on_forfeit ? forfeited : finished, where, extra[i][1], extra[i][2]);
        snprintf(field, sizeof field, "%s%s%s", where ? where : "", where ? "." : "", extra[i][1]);
        snprintf(why, sizeof why, "%s = %s", field, extra[i][2]);
        post_expect(&s, rec, 400, field, why);
        cJSON_Delete(rec);
    }
    cr_assert_eq(lb_count(&s), 0);
    cJSON_Delete(finished);
    cJSON_Delete(forfeited);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_check, a_field_given_twice_is_400_naming_it, .timeout = 30)
{
    /* A JSON reader keeps one of two equal keys, and which one differs
     * between readers (cJSON finds the first, many keep the last): the
     * server must not pick. */
    struct lb_server s;
    cJSON *rec = finished_record(4);
    char *text = cJSON_PrintUnformatted(rec);
    size_t n = strlen(text);
    char *twice = malloc(n + 64);
    lb_start(&s);
    snprintf(twice, n + 64, "%.*s,\"settlement\":1000000}", (int)n - 1, text);
    post_text_expect(&s, twice, 400, "\"settlement\"", "settlement twice");
    const char *players = strstr(text, "\"players\":{");
    cr_assert_not_null(players);
    size_t at = (size_t)(players - text) + strlen("\"players\":{");
    snprintf(twice, n + 64, "%.*s\"A\":\"r9\",%s", (int)at, text, text + at);
    post_text_expect(&s, twice, 400, "players.A", "players.A twice");
    cr_assert_eq(lb_count(&s), 0);
    free(twice);
    free(text);
    cJSON_Delete(rec);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_check, records_of_every_arena_version_are_accepted, .timeout = 60)
{
    struct lb_server s;
    cJSON *records = lb_records(), *forfeits = lb_records_of(lb_forfeit_journal());
    cJSON *disqualified = lb_records_of(lb_disqualified_journal());
    int n = cJSON_GetArraySize(disqualified);
    lb_start(&s);
    cJSON *d = lb_post(&s, disqualified, 200);
    cr_assert_eq(cJSON_GetObjectItem(d, "stored")->valueint, n);
    cJSON_Delete(d);
    cJSON_Delete(disqualified);
    cJSON *r = lb_post(&s, records, 200);
    cr_assert_eq(cJSON_GetObjectItem(r, "stored")->valueint, 24);
    cJSON_Delete(r);
    r = lb_post(&s, forfeits, 200);
    cr_assert_eq(cJSON_GetObjectItem(r, "stored")->valueint, 2);
    cJSON_Delete(r);
    /* Before e0680f1 the seed was a JSON number, and before 3f791d1 (and in
     * `arena match` and `arena sprt` journals to this day) there is no
     * "pair"; `arena post` adds the "run" such records lack. */
    for (int i = 0; i < 2; i++) {
        cJSON *old = cJSON_Duplicate(cJSON_GetArrayItem(i ? forfeits : records, 0), 1);
        cJSON_ReplaceItemInObject(old, "run", cJSON_CreateString(i ? "00000000000000a2" : "00000000000000a1"));
        cJSON_ReplaceItemInObject(old, "seed", cJSON_CreateNumber(12345));
        cJSON_DeleteItemFromObject(old, "pair");
        post_expect(&s, old, 200, NULL, i ? "an old forfeit" : "an old record");
        cJSON_Delete(old);
    }
    cr_assert_eq(lb_count(&s), 28 + n);
    cJSON_Delete(records);
    cJSON_Delete(forfeits);
    lb_stop(&s);
    lb_cleanup(&s);
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
        { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "players.A is longer than 63 bytes" },
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

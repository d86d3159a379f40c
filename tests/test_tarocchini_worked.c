/* test_tarocchini_worked.c - the worked examples of shared/RULES-tarocchini.md
 * section 10: E1's table of combinations and card points through the
 * engine's combination rules, E2-E6 (tests/fixtures/tarocchini) through the
 * real `arena replay` program, with --check and with the exact messages and
 * exit statuses of section 9, and E7's two piles through the scorer. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tests/support_scratch.h"
#include "tests/test_tarocchini_support.h"

static const struct tar_rules *defaults(void)
{
    static struct tar_rules r;
    tar_rules_default(&r);
    return &r;
}

Test(tarocchini_worked, e1_the_table_of_sequences_and_cricche)
{
    static const struct {
        const char *cards;
        int value;   /* -1: not valid */
    } seqs[] = {
        { "AN WO MO T16", 15 },     { "AN MA MO T16 T15 BE T13 T12", 35 }, { "AN WO SU MO MA BE", 25 },
        { "AN WO SU MO MA BE T14", -1 }, { "KS QS BE AS", 15 },           { "KS QS NS JS AS MA", 25 },
        { "AS AB AC AD BE MA", 25 }, { "KS QS AS", -1 },                  { "KS MA BE", -1 },
        { "AN MO T16", -1 },         { "AN SU BE T15", -1 },              { "AN SU BE", 10 },
        { "AN SU MO BE T15", 20 },   { "M1 M2 MA", 10 },                  { "M1 MA BE", -1 },
    };
    for (size_t i = 0; i < sizeof seqs / sizeof seqs[0]; i++) {
        tar_mask m = tk_cards(seqs[i].cards);
        int f = tar_sequence_family(m, defaults());
        int got = f < 0 ? -1 : tar_sequence_value(m);
        cr_expect_eq(got, seqs[i].value, "%s: %d, not %d", seqs[i].cards, got, seqs[i].value);
    }
    tar_mask kings = tk_cards("KS KB KC");
    cr_expect_eq(tar_cricca_value(tar_cricca_kind(kings), 3), 17);
    cr_expect_eq(tar_cricca_value(tar_cricca_kind(tk_cards("AN WO BE MA")), 4), 36);
    cr_expect_eq(tar_cricca_value(tar_cricca_kind(tk_cards("AN WO MA")), 3), 18);
    cr_expect_eq(tar_cricca_kind(tk_cards("JS JB")), -1);
    cr_expect_eq(tar_card_points(tk_cards("AN WO BE MA 6S 7S 8S 9S")), 20);
    cr_expect_eq(tar_card_points(TAR_ALL), 87);
}

/* Every fixture of section 10 through `arena replay --check`. */
Test(tarocchini_worked, e2_to_e6_replay_through_arena_replay_check)
{
    char cmd[512], out[4096];
    snprintf(cmd, sizeof cmd, "%s/arena replay --check tests/fixtures/tarocchini/E*.json", tk_bin());
    cr_assert_eq(tk_run(cmd, out, sizeof out), 0, "%s", out);
    static const char *const ids[] = { "E2", "E3", "E4a", "E4b", "E5a", "E5b", "E5c", "E5d", "E6a", "E6b" };
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        char line[80];
        snprintf(line, sizeof line, "ok tests/fixtures/tarocchini/%s.json", ids[i]);
        cr_expect(strstr(out, line), "%s missing: %s", line, out);
    }
}

/* `arena replay` of a fixture's record (written to a scratch file): its
 * exit status, stdout and stderr into out. */
static int replay_record(const char *id, const char *edit_from, const char *edit_to, char *out, size_t cap)
{
    char path[128], cmd[512];
    snprintf(path, sizeof path, "tests/fixtures/tarocchini/%s.json", id);
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "%s", path);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    cJSON *root = cJSON_Parse(buf);
    cr_assert_not_null(root);
    cJSON *record = cJSON_GetObjectItem(root, "record");
    if (edit_from) {   /* replaces one action text, or drops the last action */
        cJSON *a = cJSON_GetObjectItem(record, "actions"), *item;
        if (!strcmp(edit_from, "drop-last")) cJSON_DeleteItemFromArray(a, cJSON_GetArraySize(a) - 1);
        else if (!strcmp(edit_from, "append")) cJSON_AddItemToArray(a, cJSON_CreateString(edit_to));
        else
            cJSON_ArrayForEach(item, a) if (!strcmp(item->valuestring, edit_from)) {
                cJSON_SetValuestring(item, edit_to);
                break;
            }
    }
    char *text = cJSON_PrintUnformatted(record);
    const char *tmp = support_scratch_path("worked.json");   /* the test's own directory */
    FILE *w = fopen(tmp, "w");
    cr_assert_not_null(w);
    fputs(text, w);
    fclose(w);
    cJSON_free(text);
    cJSON_Delete(root);
    snprintf(cmd, sizeof cmd, "%s/arena replay --compact %s", tk_bin(), tmp);
    int status = tk_run(cmd, out, cap);
    remove(tmp);
    return status;
}

Test(tarocchini_worked, e2_prints_section_9s_object_with_its_keys_in_order)
{
    char out[4096];
    cr_assert_eq(replay_record("E2", NULL, NULL, out, sizeof out), 0, "%s", out);
    cJSON *r = cJSON_Parse(out);
    cr_assert_not_null(r, "%s", out);
    static const char *const keys[] = { "game", "players", "teams", "seats", "tricks", "last_trick", "monte",
                                        "matto", "events", NULL };
    const cJSON *item = r->child;
    for (int i = 0; keys[i]; i++, item = item->next) {
        cr_assert_not_null(item, "%s missing", keys[i]);
        cr_expect_str_eq(item->string, keys[i]);
    }
    cr_expect_null(item);
    cr_expect(strstr(out, "\"teams\":[893,176]"), "%s", out);
    cr_expect(strstr(out, "\"matto\":{\"seat\":3,\"trick\":1,\"kept_by\":0,\"handover\":null}"), "%s", out);
    cJSON_Delete(r);
}

Test(tarocchini_worked, e3_the_matto_kept_and_6s_handed_over)
{
    char out[4096];
    cr_assert_eq(replay_record("E3", NULL, NULL, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "\"teams\":[707,17]"), "%s", out);
    cr_expect(strstr(out, "\"matto\":{\"seat\":3,\"trick\":2,\"kept_by\":1,\"handover\":\"6S\"}"), "%s", out);
    cr_expect(strstr(out, "{\"seat\":1,\"side\":1,\"category\":\"cards\",\"points\":11}"), "%s", out);
}

Test(tarocchini_worked, e5_illegal_actions_exit_1_with_section_9s_message)
{
    static const struct {
        const char *id, *message;
    } cases[] = {
        { "E5a", "action 12 (play KS): must follow suit" },
        { "E5b", "action 0 (discard MA 6S): five-point card" },
        { "E5c", "action 1 (declare sequence AN WO SU MO T15): invalid combination" },
        { "E5d", "action 11 (play AN volo): volo is false" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char out[4096];
        cr_expect_eq(replay_record(cases[i].id, NULL, NULL, out, sizeof out), 1, "%s: %s", cases[i].id, out);
        cr_expect(strstr(out, cases[i].message), "%s: %s", cases[i].id, out);
    }
}

Test(tarocchini_worked, e5_a_truncated_record_and_an_action_after_the_end)
{
    char out[4096];
    cr_expect_eq(replay_record("E2", "drop-last", NULL, out, sizeof out), 1, "%s", out);
    cr_expect(strstr(out, "action 70 (end): deal not over"), "%s", out);
    cr_expect_eq(replay_record("E2", "append", "play AN", out, sizeof out), 1, "%s", out);
    cr_expect(strstr(out, "action 71 (play AN): deal is over"), "%s", out);
    cr_expect_eq(replay_record("E2", "play T5", "play ZZ", out, sizeof out), 1, "%s", out);
    cr_expect(strstr(out, "action 12 (play ZZ): unknown card"), "%s", out);
    cr_expect_eq(replay_record("E2", "pass", "meld", out, sizeof out), 1, "%s", out);
    cr_expect(strstr(out, "action 2 (meld): unknown action"), "%s", out);
}

Test(tarocchini_worked, e6_matches_and_their_messages)
{
    char out[8192];
    cr_assert_eq(replay_record("E6a", NULL, NULL, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "\"totals\":{\"AC\":3532,\"BD\":3640},\"winner\":\"BD\",\"settlement\":108"), "%s", out);
    cr_assert_eq(replay_record("E6b", NULL, NULL, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "\"totals\":{\"AC\":893,\"BD\":176},\"winner\":\"AC\",\"settlement\":717"), "%s", out);
}

Test(tarocchini_worked, e6_a_match_record_too_short_or_too_long_and_an_illegal_action_in_a_deal)
{
    const char *path = support_scratch_path("e6.json");
    char cmd[512], out[4096];
    static const char *const bodies[] = {
        "\"deals\": [D2, D3]}",                                  /* 8 deals needed */
        "\"rules\": {\"target\": 800}, \"first_dealer\": \"D\", \"deals\": [D2, D3]}",
        "\"deals\": [D2, D3X]}",
    };
    static const char *const messages[] = {
        "deal 2: action 0 (end): match not over",
        "deal 1: action 0 (discard 6B 6C): match is over",
        "deal 1: action 7 (play KS): must follow suit",
    };
    char d2[8192], d3[8192], d3x[8192];
    snprintf(d2, sizeof d2, "{\"deck\": \"%s\", \"actions\": [", tk_e2_deck);
    for (int i = 0; i < TT_E2_ACTIONS; i++)
        snprintf(d2 + strlen(d2), sizeof d2 - strlen(d2), "%s\"%s\"", i ? ", " : "", tk_e2_actions[i]);
    strcat(d2, "]}");
    /* E3 through its fixture's record */
    FILE *f = fopen("tests/fixtures/tarocchini/E3.json", "rb");
    cr_assert_not_null(f);
    static char buf[1 << 16];
    buf[fread(buf, 1, sizeof buf - 1, f)] = '\0';
    fclose(f);
    cJSON *root = cJSON_Parse(buf), *rec = cJSON_GetObjectItem(root, "record");
    char *t = cJSON_PrintUnformatted(rec);
    snprintf(d3, sizeof d3, "%s", t);
    cJSON_SetValuestring(cJSON_GetArrayItem(cJSON_GetObjectItem(rec, "actions"), 7), "play KS");
    cJSON_free(t);
    t = cJSON_PrintUnformatted(rec);
    snprintf(d3x, sizeof d3x, "%s", t);
    cJSON_free(t);
    cJSON_Delete(root);
    for (int i = 0; i < 3; i++) {
        FILE *w = fopen(path, "w");
        cr_assert_not_null(w);
        fprintf(w, "{\"game\": \"tarocchini\", \"players\": 4, ");
        for (const char *p = bodies[i]; *p; p++) {
            const char *deal = !strncmp(p, "D3X", 3) ? d3x : !strncmp(p, "D2", 2) ? d2 : !strncmp(p, "D3", 2) ? d3 : NULL;
            if (!deal) {
                fputc(*p, w);
                continue;
            }
            fputs(deal, w);
            p += deal == d3x ? 2 : 1;
        }
        fclose(w);
        snprintf(cmd, sizeof cmd, "%s/arena replay %s", tk_bin(), path);
        cr_expect_eq(tk_run(cmd, out, sizeof out), 1, "%d: %s", i, out);
        cr_expect(strstr(out, messages[i]), "%d: %s", i, out);
        remove(path);
    }
}

Test(tarocchini_worked, e5_an_unusable_record_exits_2)
{
    const char *path = support_scratch_path("bad.json");
    char cmd[512], out[2048];
    static const char *const records[] = {
        "{\"game\": \"tarocchini\", \"players\": 4, \"deck\": \"AN WO\", \"actions\": []}",
        "{\"game\": \"tarocchini\", \"players\": 4, \"rules\": {\"monte\": \"maybe\"}, \"deck\": \"AN\", \"actions\": []}",
        "{\"game\": \"tarocchini\", \"players\": 4, \"rules\": {\"colour\": 1}, \"deck\": \"AN\", \"actions\": []}",
        "{\"game\": \"tarocchini\", \"players\": 3, \"deck\": \"AN\", \"actions\": []}",
        "{\"game\": \"tarocchini\", ",
    };
    for (size_t i = 0; i < sizeof records / sizeof records[0]; i++) {
        FILE *w = fopen(path, "w");
        cr_assert_not_null(w);
        fputs(records[i], w);
        fclose(w);
        snprintf(cmd, sizeof cmd, "%s/arena replay %s", tk_bin(), path);
        cr_expect_eq(tk_run(cmd, out, sizeof out), 2, "%zu: %s", i, out);
        remove(path);
    }
}

Test(tarocchini_worked, e7_counting_two_piles)
{
    tar_mask t0 = tk_cards("AN SU T16 T11 M4 KS QS NS JS 6S AS QB JB TB 7B QC NC JC TC 8C 7C 6C AC KD QD ND TD 9D "
                           "8D 7D 6D AD");
    tar_mask t1 = tk_cards("WO MO T15 T14 T13 T12 T10 T9 T8 T7 T6 T5 M1 M2 M3 BE MA TS 9S 8S 7S KB NB 9B 8B 6B AB "
                           "KC 9C JD");
    cr_assert_eq(t0 | t1, TAR_ALL);
    cr_assert_eq(t0 & t1, 0);
    int total, count;
    tar_pile_cricche(t0, &total, &count);
    cr_expect_eq(tar_doubled(total, count), 106);
    tar_pile_sequences(t0, defaults(), &total, &count);
    cr_expect_eq(tar_doubled(total, count), 90);
    cr_expect_eq(tar_card_points(t0), 49);
    tar_pile_cricche(t1, &total, &count);
    cr_expect_eq(tar_doubled(total, count), 18);
    tar_pile_sequences(t1, defaults(), &total, &count);
    cr_expect_eq(total, 30);   /* MA to batons, BE to the Moors beats both to the Moors */
    cr_expect_eq(count, 2);
    cr_expect_eq(tar_card_points(t1), 38);
    cr_expect_eq(106 + 90 + 49 + 6 + 10, 261);
    cr_expect_eq(18 + 30 + 38 + 14, 100);
}

/* A fixture's record with only the keys a deal record inside a match
 * keeps ("deck", "rules" when `rules`, "actions"); the caller deletes it. */
static cJSON *inner_deal(const char *id, const char *rules)
{
    char path[128];
    snprintf(path, sizeof path, "tests/fixtures/tarocchini/%s.json", id);
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "%s", path);
    static char buf[1 << 16];
    buf[fread(buf, 1, sizeof buf - 1, f)] = '\0';
    fclose(f);
    cJSON *root = cJSON_Parse(buf), *record = cJSON_GetObjectItem(root, "record");
    cr_assert_not_null(record, "%s", path);
    cJSON *deal = cJSON_CreateObject();
    cJSON_AddItemToObject(deal, "deck", cJSON_Duplicate(cJSON_GetObjectItem(record, "deck"), 1));
    if (rules) cJSON_AddItemToObject(deal, "rules", cJSON_Parse(rules));
    cJSON_AddItemToObject(deal, "actions", cJSON_Duplicate(cJSON_GetObjectItem(record, "actions"), 1));
    cJSON_Delete(root);
    return deal;
}

/* `arena replay` of a match record built from a header ("rules" and
 * "first_dealer" as JSON text) and deals: its exit status, out as
 * replay_record's. The deals are taken over. */
static int replay_match(const char *header, cJSON *const *deals, int n, char *out, size_t cap)
{
    cJSON *record = cJSON_Parse(header);
    cr_assert_not_null(record, "%s", header);
    cJSON_AddStringToObject(record, "game", "tarocchini");
    cJSON_AddNumberToObject(record, "players", 4);
    cJSON *list = cJSON_AddArrayToObject(record, "deals");
    for (int i = 0; i < n; i++) cJSON_AddItemToArray(list, deals[i]);
    char *text = cJSON_PrintUnformatted(record), cmd[512];
    const char *path = support_scratch_path("deal-rules.json");
    FILE *w = fopen(path, "w");
    cr_assert_not_null(w);
    fputs(text, w);
    fclose(w);
    cJSON_free(text);
    cJSON_Delete(record);
    snprintf(cmd, sizeof cmd, "%s/arena replay --compact %s", tk_bin(), path);
    int status = tk_run(cmd, out, cap);
    remove(path);
    return status;
}

/* Section 9: "Deal records inside a match take the match's rules (a
 * deal's own rules override them)": for that deal only. */
Test(tarocchini_worked, section9_a_deal_records_own_rules_override_the_matchs_for_that_deal)
{
    char out[8192];
    /* E6b with E4b's deal (monte on in the deal alone): the monte round is played */
    cJSON *one[1] = { inner_deal("E4b", "{\"monte\": true}") };
    cr_expect_eq(replay_match("{\"rules\": {\"target\": 800}, \"first_dealer\": \"D\"}", one, 1, out, sizeof out), 0,
                 "%s", out);
    cr_expect(strstr(out, "\"totals\":{\"AC\":893,\"BD\":176},\"winner\":\"AC\",\"settlement\":717"), "%s", out);
    /* the match's monte on, the deal's off: E2's actions start with the discard */
    one[0] = inner_deal("E2", "{\"monte\": false}");
    cr_expect_eq(replay_match("{\"rules\": {\"target\": 800, \"monte\": true}, \"first_dealer\": \"D\"}", one, 1, out,
                              sizeof out),
                 0, "%s", out);
    cr_expect(strstr(out, "\"settlement\":717"), "%s", out);
    /* without its own rules the deal takes the match's: E2 under monte fails at once */
    one[0] = inner_deal("E2", NULL);
    cr_expect_eq(replay_match("{\"rules\": {\"target\": 800, \"monte\": true}, \"first_dealer\": \"D\"}", one, 1, out,
                              sizeof out),
                 1, "%s", out);
    cr_expect(strstr(out, "deal 0: action 0 (discard 6S 6B): not your turn"), "%s", out);
    /* E6a with E4b's deal first: the next deals are back to the match's rules */
    cJSON *eight[8];
    eight[0] = inner_deal("E4b", "{\"monte\": true}");
    for (int k = 1; k < 8; k++) eight[k] = inner_deal(k % 2 ? "E3" : "E2", NULL);
    cr_expect_eq(replay_match("{\"first_dealer\": \"A\"}", eight, 8, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "\"totals\":{\"AC\":3532,\"BD\":3640},\"winner\":\"BD\",\"settlement\":108"), "%s", out);
    /* a deal's unknown flag or value makes the record unusable */
    one[0] = inner_deal("E2", "{\"monte\": \"maybe\"}");
    cr_expect_eq(replay_match("{\"first_dealer\": \"D\", \"rules\": {\"target\": 800}}", one, 1, out, sizeof out), 2,
                 "%s", out);
    cr_expect(strstr(out, "deals[0]: "), "%s", out);
}

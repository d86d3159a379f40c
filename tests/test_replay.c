/* test_replay.c - the deal-record contract (docs/design.md "Deal record"):
 * every worked fixture through the replay library and through the real
 * `arena replay` program, partie records built from seeded random play,
 * and bad input of every kind.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "engine/piquet/partie.h"
#include "engine/rng.h"
#include "records/replay.h"
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

/* The worked deals, relative to the top of the checkout (make test runs
 * the tests from there). */
#define DEALS "tests/fixtures/deals"

Test(replay, every_worked_fixture_matches_its_expectation)
{
    char path[1024];
    int seen = 0;
    snprintf(path, sizeof path, "%s", DEALS);
    DIR *dir = opendir(path);
    cr_assert(dir, "cannot open %s (run the tests from the top of the checkout)", path);
    for (struct dirent *e; (e = readdir(dir));) {
        struct replay r;
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json")) continue;
        snprintf(path, sizeof path, "%s/%s", DEALS, e->d_name);
        int status = replay_file(path, 1, &r);
        cr_expect_eq(status, REPLAY_OK, "%s: %s", e->d_name, r.error);
        cJSON_Delete(r.result);
        seen++;
    }
    closedir(dir);
    cr_assert_geq(seen, 15, "expected the 15 worked deals, found %d", seen);
}

Test(replay, program_prints_the_contract_keys_for_cavendish_example)
{
    char cmd[2048], out[1 << 16];
    snprintf(cmd, sizeof cmd, "%s/arena replay --compact %s/D1-cavendish-example.json 2>&1",
             support_bin_dir(), DEALS);
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 0, "%s", out);
    cJSON *doc = cJSON_Parse(out);
    cr_assert(doc, "output is not JSON: %s", out);
    cr_expect_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(doc, "elder")), 28);
    cr_expect_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(doc, "younger")), 23);
    cJSON *tricks = cJSON_GetObjectItem(doc, "tricks");
    cr_expect_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(tricks, "elder")), 7);
    cr_expect_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(tricks, "younger")), 5);
    cr_expect(cJSON_IsNull(cJSON_GetObjectItem(doc, "carte_blanche")));
    cr_expect(cJSON_IsNull(cJSON_GetObjectItem(doc, "repique")));
    cr_expect(cJSON_IsNull(cJSON_GetObjectItem(doc, "pique")));
    cJSON *events = cJSON_GetObjectItem(doc, "events"), *ev;
    int sum[2] = { 0, 0 };
    cr_assert(cJSON_IsArray(events));
    cJSON_ArrayForEach(ev, events) {
        const char *seat = cJSON_GetStringValue(cJSON_GetObjectItem(ev, "seat"));
        cr_assert(cJSON_GetStringValue(cJSON_GetObjectItem(ev, "category")));
        sum[!strcmp(seat, "younger")] += (int)cJSON_GetNumberValue(cJSON_GetObjectItem(ev, "points"));
    }
    cr_expect_eq(sum[0], 28, "the events add up to the elder's score");
    cr_expect_eq(sum[1], 23);
    cJSON_Delete(doc);
}

Test(replay, program_names_the_illegal_action_and_fails)
{
    char cmd[2048], out[4096];
    snprintf(cmd, sizeof cmd, "%s/arena replay %s/X12-no-extras-after-an-equal-class.json 2>&1",
             support_bin_dir(), DEALS);
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 1, "%s", out);
    cr_expect(strstr(out, "action 6 (declare sequence 7H 8H 9H):"), "%s", out);
}

Test(replay, program_rejects_missing_files_and_bad_json_clearly)
{
    char cmd[2048], out[4096];
    snprintf(cmd, sizeof cmd, "%s/arena replay /nonexistent/x.json 2>&1", support_bin_dir());
    cr_expect_eq(support_run_stdout(cmd, out, sizeof out), 2);
    cr_expect(strstr(out, "cannot open '/nonexistent/x.json'"), "%s", out);
    snprintf(cmd, sizeof cmd, "printf '{\"deck\": ' > %s; %s/arena replay %s 2>&1", support_scratch_path("bad.json"),
             support_bin_dir(), support_scratch_path("bad.json"));
    cr_expect_eq(support_run_stdout(cmd, out, sizeof out), 2);
    cr_expect(strstr(out, "not valid JSON"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena replay --help", support_bin_dir());
    cr_expect_eq(support_run_stdout(cmd, out, sizeof out), 0);
    cr_expect(strstr(out, "usage: arena replay"), "%s", out);
}

static int replay_text(const char *json, struct replay *r)
{
    cJSON *doc = cJSON_Parse(json);
    cr_assert(doc, "test JSON does not parse: %s", json);
    int status = replay_json(doc, 0, r);
    cJSON_Delete(doc);
    return status;
}

Test(replay, bad_records_are_refused_with_a_reason)
{
    static const struct { const char *json, *why; } cases[] = {
        { "[]", "must be a JSON object" },
        { "{\"actions\": []}", "\"deck\" must be a string" },
        { "{\"deck\": \"AS KS\", \"actions\": []}", "has 2 cards, not 32" },
        { "{\"deck\": \"AS AS 7S 8S 9S TS JS QS KS 7H 8H 9H TH JH QH KH AH 7D 8D 9D TD JD QD KD AD 7C 8C 9C TC JC QC KC\", \"actions\": []}",
          "names AS twice" },
        { "{\"deck\": \"ZZ KS 7S 8S 9S TS JS QS AS 7H 8H 9H TH JH QH KH AH 7D 8D 9D TD JD QD KD AD 7C 8C 9C TC JC QC KC\", \"actions\": []}",
          "'ZZ KS 7S' is not a card" },
        { "{\"deck\": \"AS KS 7S 8S 9S TS JS QS 7H 8H 9H TH JH QH KH AH 7D 8D 9D TD JD QD KD AD 7C 8C 9C TC JC QC KC AC\", \"actions\": \"x\"}",
          "\"actions\" must be an array" },
        { "{\"deck\": \"AS KS 7S 8S 9S TS JS QS 7H 8H 9H TH JH QH KH AH 7D 8D 9D TD JD QD KD AD 7C 8C 9C TC JC QC KC AC\", \"actions\": [], \"rules\": {\"trick_scoring\": \"bridge\"}}",
          "not law65, penguin, lead_only or ten_for_last" },
        { "{\"first_dealer\": \"C\", \"deals\": []}", "\"first_dealer\" must be \"A\" or \"B\"" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct replay r;
        cr_expect_eq(replay_text(cases[i].json, &r), REPLAY_BAD_INPUT, "case %zu", i);
        cr_expect(strstr(r.error, cases[i].why), "case %zu: '%s' lacks '%s'", i, r.error, cases[i].why);
        cJSON_Delete(r.result);
    }
}

Test(replay, a_record_that_stops_early_is_an_error)
{
    struct replay r;
    int status = replay_text("{\"deck\": \"AS KS JS AH QH JH 8H JC 8C 7C 9D 8D TS 7S TH 9H 7H KC QC TC AD QD JD TD 9S 8S KH 9C KD QS AC 7D\","
                             " \"actions\": [\"discard KS 8C 7C 9D 8D\", \"discard 7S 9H 7H\"]}", &r);
    cr_expect_eq(status, REPLAY_ILLEGAL);
    cr_expect_eq(r.error_index, 2);
    cr_expect(strstr(r.error, "before the deal is over"), "%s", r.error);
    cJSON_Delete(r.result);
}

/* Plays a seeded random partie and writes it as a partie record. */
static cJSON *random_partie_record(uint64_t seed, int first_dealer, struct pq_partie *played)
{
    struct pq_rules rules;
    struct pq_rng rng;
    cJSON *doc = cJSON_CreateObject(), *deals = cJSON_AddArrayToObject(doc, "deals"), *deal = NULL, *actions = NULL;
    pq_rules_default(&rules);
    pq_rng_seed(&rng, seed * 31 + 7);
    cJSON_AddStringToObject(doc, "first_dealer", first_dealer ? "B" : "A");
    pq_partie_init(played, &rules, seed, first_dealer);
    while (!played->over) {
        if (!deal) {
            char deck[96];
            deal = cJSON_CreateObject();
            cJSON_AddItemToArray(deals, deal);
            pq_deck_format(played->deal.deck, deck);
            cJSON_AddStringToObject(deal, "deck", deck);
            actions = cJSON_AddArrayToObject(deal, "actions");
        }
        struct pq_action a;
        char text[PQ_ACTION_TEXT_MAX];
        pq_deal_legal_nth(&played->deal, (int)pq_rng_below(&rng, (uint32_t)pq_deal_legal_count(&played->deal)), &a);
        pq_action_format(&a, text, sizeof text);
        cJSON_AddItemToArray(actions, cJSON_CreateString(text));
        if (pq_partie_apply(played, &a, NULL, 0) == 1) deal = NULL;
    }
    return doc;
}

Test(replay, partie_records_give_the_totals_and_settlement_of_play)
{
    int ties = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        struct pq_partie played;
        struct replay r;
        cJSON *doc = random_partie_record(seed, (int)(seed % 2), &played);
        cr_assert_eq(replay_json(doc, 0, &r), REPLAY_OK, "seed %llu: %s", (unsigned long long)seed, r.error);
        cJSON *totals = cJSON_GetObjectItem(r.result, "totals");
        cr_expect_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(totals, "A")), played.totals[0]);
        cr_expect_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(totals, "B")), played.totals[1]);
        cr_expect_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(r.result, "settlement")), played.settlement);
        int deals = cJSON_GetArraySize(cJSON_GetObjectItem(r.result, "deals"));
        cr_expect(deals == 6 || deals == 8);
        ties += deals == 8;
        /* R29 by hand from the totals. */
        int w = played.totals[0] > played.totals[1] ? 0 : 1, l = 1 - w;
        if (played.totals[0] != played.totals[1]) {
            int expect = played.totals[l] >= 100 ? 100 + played.totals[w] - played.totals[l]
                                                 : 100 + played.totals[w] + played.totals[l];
            cr_expect_eq(played.settlement, expect);
            cr_expect_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(r.result, "winner")), w ? "B" : "A");
        }
        cJSON_Delete(r.result);
        /* Cut the last deal short: the record is refused. */
        cJSON *last = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "deals"), deals - 1);
        cJSON_DeleteItemFromArray(cJSON_GetObjectItem(last, "actions"), 0);
        cr_expect_neq(replay_json(doc, 0, &r), REPLAY_OK);
        cJSON_Delete(r.result);
        cJSON_Delete(doc);
    }
    cr_log_info("%d of 60 random parties went to 8 deals", ties);
}

/* True when some object in the tree holds a key twice. */
static int has_repeated_key(const cJSON *node)
{
    for (const cJSON *a = node ? node->child : NULL; a; a = a->next) {
        if (cJSON_IsObject(node))
            for (const cJSON *b = a->next; b; b = b->next)
                if (!strcmp(a->string, b->string)) return 1;
        if (has_repeated_key(a)) return 1;
    }
    return 0;
}

Test(replay, a_partie_nests_each_deal_result_so_no_key_repeats)
{
    struct pq_partie played;
    struct replay r;
    cJSON *doc = random_partie_record(5, 1, &played), *deal;
    cr_assert_eq(replay_json(doc, 0, &r), REPLAY_OK, "%s", r.error);
    cr_expect_not(has_repeated_key(r.result), "a key appears twice in the printed result");
    cJSON_ArrayForEach(deal, cJSON_GetObjectItem(r.result, "deals")) {
        const char *elder = cJSON_GetStringValue(cJSON_GetObjectItem(deal, "elder"));
        cJSON *result = cJSON_GetObjectItem(deal, "result");
        cr_assert(elder && cJSON_IsObject(result));
        const char *younger = !strcmp(elder, "A") ? "B" : "A";
        cr_expect_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(result, "elder")),
                     cJSON_GetNumberValue(cJSON_GetObjectItem(deal, elder)));
        cr_expect_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(result, "younger")),
                     cJSON_GetNumberValue(cJSON_GetObjectItem(deal, younger)));
    }
    cJSON_Delete(r.result);
    cJSON_Delete(doc);
}

Test(replay, every_partie_of_a_journal_replays_forfeits_included, .timeout = 120)
{
    char cmd[4096], out[1 << 16], want[PATH_MAX + 32];
    const char *journal = support_scratch_path("journal.jsonl");
    snprintf(cmd, sizeof cmd,
             "%s/arena run --quiet --max-faults 0 --bot greedy=%s/bot-greedy --bot faulty='%s/bot-faulty --mode crash "
             "--chance 1 --seed 3' --pairs 3 --journal %s --log-dir %s > /dev/null",
             support_bin_dir(), support_bin_dir(), support_bin_dir(), journal, support_scratch_path("logs"));
    cr_assert_eq(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", support_bin_dir(), journal);
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "6 parties replayed, 0 failed"), "%s", out);
    snprintf(want, sizeof want, "ok %s:2 partie", journal);
    cr_assert(strstr(out, want), "%s", out);
    /* The broken bot forfeited some parties: those replay too. */
    snprintf(cmd, sizeof cmd, "grep -c '\"forfeit\":{' %s", journal);
    support_run_stdout(cmd, out, sizeof out);
    cr_assert_gt(atoi(out), 0, "no forfeit to replay");
}

Test(replay, a_forged_journal_record_is_caught, .timeout = 120)
{
    char cmd[4096], out[1 << 16], want[PATH_MAX + 32];
    const char *journal = support_scratch_path("forged.jsonl");
    snprintf(cmd, sizeof cmd,
             "%s/arena run --quiet --bot greedy=%s/bot-greedy --bot random=%s/bot-random --pairs 1 "
             "--journal %s --log-dir %s > /dev/null && "
             "sed -i '2s/\"settlement\":\\([0-9]*\\)/\"settlement\":1\\1/' %s",
             support_bin_dir(), support_bin_dir(), support_bin_dir(), journal, support_scratch_path("logs"), journal);
    cr_assert_eq(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", support_bin_dir(), journal);
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 3, "%s", out);
    snprintf(want, sizeof want, "FAIL %s:2 partie ", journal);
    cr_assert(strstr(out, want), "%s", out);
    cr_assert(strstr(out, ": settlement: the record says 1"), "%s", out);
    cr_assert(strstr(out, "2 parties replayed, 1 failed"), "%s", out);
}

/* The second line (the first partie) of a journal, parsed; the caller
 * deletes it. */
static cJSON *first_partie(const char *path)
{
    char line[1 << 17];
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f);
    cr_assert_not_null(fgets(line, sizeof line, f));
    cr_assert_not_null(fgets(line, sizeof line, f));
    fclose(f);
    cJSON *rec = cJSON_Parse(line);
    cr_assert_not_null(rec);
    return rec;
}

/* Writes header line + rec as a journal at path. */
static void write_journal(const char *from, const char *path, const cJSON *rec)
{
    char header[1 << 16];
    FILE *in = fopen(from, "r"), *out = fopen(path, "w");
    cr_assert(in && out);
    cr_assert_not_null(fgets(header, sizeof header, in));
    char *text = cJSON_PrintUnformatted(rec);
    fprintf(out, "%s%s\n", header, text);
    free(text);
    fclose(in);
    fclose(out);
}

Test(replay, a_forfeit_is_refused_after_the_partie_or_its_deal_was_over, .timeout = 120)
{
    char cmd[8192], out[1 << 14];
    const char *journal = support_scratch_path("j.jsonl"), *forged = support_scratch_path("forged.jsonl");
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet --bot greedy=%s/bot-greedy --bot random=%s/bot-random --pairs 1 "
                              "--journal %s --log-dir %s > /dev/null", support_bin_dir(), support_bin_dir(), support_bin_dir(), journal,
             support_scratch_path("logs"));
    cr_assert_eq(system(cmd), 0);
    /* A finished partie relabelled as the winner's forfeit, with the score
     * the fault policy would give a forfeit: the loser becomes the winner. */
    cJSON *rec = first_partie(journal);
    const char *winner = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "winner"));
    const cJSON *totals = cJSON_GetObjectItem(rec, "totals");
    int sum = cJSON_GetObjectItem(totals, "A")->valueint + cJSON_GetObjectItem(totals, "B")->valueint;
    cJSON *forfeit = cJSON_CreateObject();
    cJSON_AddStringToObject(forfeit, "player", winner);
    cJSON_AddStringToObject(forfeit, "fault", "crash");
    cJSON_AddStringToObject(forfeit, "message", "forged");
    cJSON_ReplaceItemInObject(rec, "forfeit", forfeit);
    cJSON_ReplaceItemInObject(rec, "winner", cJSON_CreateString(winner[0] == 'A' ? "B" : "A"));
    cJSON_ReplaceItemInObject(rec, "settlement", cJSON_CreateNumber(100 + sum));
    write_journal(journal, forged, rec);
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s 2>&1", support_bin_dir(), forged);
    cr_expect_eq(support_run_stdout(cmd, out, sizeof out), 1, "%s", out);
    cr_expect(strstr(out, "a forfeit after the partie was over"), "%s", out);
    /* Its last deal, finished, recorded as the deal the forfeit cut short. */
    cJSON *deals = cJSON_GetObjectItem(rec, "deals");
    cJSON *last = cJSON_DetachItemFromArray(deals, cJSON_GetArraySize(deals) - 1);
    cJSON_AddItemToObject(rec, "unfinished_deal", last);
    write_journal(journal, forged, rec);
    cr_expect_eq(support_run_stdout(cmd, out, sizeof out), 1, "%s", out);
    cr_expect(strstr(out, "\"unfinished_deal\" is finished"), "%s", out);
    cJSON_Delete(rec);
}

/* docs/design.md "Deal record": the wording common to every game. */
Test(replay, errors_name_the_deal_from_0_and_the_end_as_an_action)
{
    struct pq_partie played;
    struct replay r;
    cr_assert_eq(replay_text("{\"deck\": \"AS KS JS AH QH JH 8H JC 8C 7C 9D 8D TS 7S TH 9H 7H KC QC TC AD QD JD TD 9S "
                             "8S KH 9C KD QS AC 7D\", \"actions\": [\"discard KS 8C 7C 9D 8D\", \"discard 7S 9H 7H\"]}",
                             &r), REPLAY_ILLEGAL);
    const char *early = "action 2 (end): the record ends before the deal is over";
    cr_expect(!strncmp(r.error, early, strlen(early)), "%s", r.error);
    cJSON_Delete(r.result);

    cJSON *doc = random_partie_record(5, 0, &played);
    cJSON *deals = cJSON_GetObjectItem(doc, "deals");
    int n = cJSON_GetArraySize(deals);
    /* Too few deals: the first missing one fails at its action 0. */
    cJSON *last = cJSON_DetachItemFromArray(deals, n - 1);
    cr_assert_eq(replay_json(doc, 0, &r), REPLAY_ILLEGAL);
    char want[64];
    snprintf(want, sizeof want, "deal %d: action 0 (end): ", n - 1);
    cr_expect(!strncmp(r.error, want, strlen(want)), "%s", r.error);
    cJSON_Delete(r.result);
    /* A deal after the partie is over fails at its own action 0. */
    cJSON_AddItemToArray(deals, last);
    cJSON_AddItemReferenceToArray(deals, last);
    cr_assert_eq(replay_json(doc, 0, &r), REPLAY_ILLEGAL);
    snprintf(want, sizeof want, "deal %d: action 0 (", n);
    cr_expect(!strncmp(r.error, want, strlen(want)), "%s", r.error);
    cJSON_Delete(r.result);
    /* An illegal action names its deal from 0. */
    cJSON *second = cJSON_GetArrayItem(deals, 1);
    cJSON_ReplaceItemInArray(cJSON_GetObjectItem(second, "actions"), 0, cJSON_CreateString("play AS"));
    cr_assert_eq(replay_json(doc, 0, &r), REPLAY_ILLEGAL);
    cr_expect(!strncmp(r.error, "deal 1: action 0 (play AS): ", 28), "%s", r.error);
    cJSON_Delete(r.result);
    cJSON_Delete(doc);
}

/* Every worked deal of docs/rules-belote.md (tests/fixtures/belote) through
 * the `arena replay` program itself, checked against its expected result. */
Test(replay, program_checks_every_belote_worked_deal)
{
    char cmd[1024], out[4096];
    snprintf(cmd, sizeof cmd, "%s/arena replay --check tests/fixtures/belote/W*.json", support_bin_dir());
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 0, "%s", out);
    for (int w = 1; w <= 9; w++) {
        char line[64];
        snprintf(line, sizeof line, "ok tests/fixtures/belote/W%d.json", w);
        cr_expect(strstr(out, line), "%s missing: %s", line, out);
    }
}

/* Tests of records/record.h: exact seeds, run ids, the command fingerprint
 * of arena/play/botproc.h that journal headers carry, and the one reader of
 * partie records (record_read) on what the arena writes, on what its
 * earlier versions wrote and on records out of shape. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "arena/play/botproc.h"
#include "records/record.h"
#include "tests/support_records.h"
#include "tests/support_scratch.h"

Test(record, a_seed_survives_as_text_to_64_bits)
{
    uint64_t v = 0;
    cJSON *s = cJSON_CreateString("18446744073709551615");
    cr_assert_eq(record_seed(s, &v), 0);
    cr_assert_eq(v, UINT64_MAX);
    cJSON_Delete(s);
    s = cJSON_CreateString("4338537574617041921");
    cr_assert_eq(record_seed(s, &v), 0);
    cr_assert_eq(v, 4338537574617041921ULL, "a double would have rounded this seed");
    cJSON_Delete(s);
}

Test(record, a_seed_that_is_not_a_count_is_refused)
{
    const char *bad[] = { "", "-1", "1e3", "12x", "18446744073709551616", " 7" };
    uint64_t v;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cJSON *s = cJSON_CreateString(bad[i]);
        cr_assert_eq(record_seed(s, &v), -1, "'%s' was taken as a seed", bad[i]);
        cJSON_Delete(s);
    }
    cJSON *n = cJSON_CreateNumber(-3);
    cr_assert_eq(record_seed(n, &v), -1);
    cJSON_Delete(n);
    cJSON *t = cJSON_CreateTrue();
    cr_assert_eq(record_seed(t, &v), -1);
    cJSON_Delete(t);
}

Test(record, run_ids_are_fresh_and_well_formed)
{
    char a[RECORD_RUN_ID_LEN + 1], b[RECORD_RUN_ID_LEN + 1];
    cr_assert_eq(record_new_run_id(a), 0);
    cr_assert_eq(record_new_run_id(b), 0);
    cr_assert(record_run_id_ok(a) && record_run_id_ok(b));
    cr_assert_str_neq(a, b);
    cr_assert_not(record_run_id_ok("0123456789ABCDEF"));
    cr_assert_not(record_run_id_ok("0123456789abcde"));
    cr_assert_not(record_run_id_ok(NULL));
}

Test(record, the_command_digest_follows_the_files_it_names)
{
    char path[PATH_MAX], d1[17], d2[17], d3[17], cmd[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s", support_scratch_path("digest-XXXXXX"));
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    cr_assert_eq(write(fd, "one", 3), 3);
    snprintf(cmd, sizeof cmd, "%s --budget 10", path);
    cr_assert_eq(botproc_command_digest(cmd, d1), 0);
    cr_assert_eq(botproc_command_digest(cmd, d2), 0);
    cr_assert_str_eq(d1, d2);
    cr_assert_eq(write(fd, "two", 3), 3);
    close(fd);
    cr_assert_eq(botproc_command_digest(cmd, d3), 0);
    cr_assert_str_neq(d1, d3, "a changed bot file kept its digest");
    unlink(path);
    cr_assert_eq(botproc_command_digest("/nonexistent/bot --x", d1), -1);
    cr_assert_eq(botproc_command_digest("sh -c true", d1), 0, "sh is found in PATH");
}

/* ---- reading records back (record_read) -------------------------------- */

/* A record's text with `from` replaced by `to` once; the caller frees it. */
static char *edited(const cJSON *rec, const char *from, const char *to)
{
    char *text = cJSON_PrintUnformatted(rec);
    cr_assert_not_null(text);
    char *at = strstr(text, from);
    cr_assert_not_null(at, "'%s' not in %s", from, text);
    char *out = malloc(strlen(text) + strlen(to) + 1);
    sprintf(out, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    free(text);
    return out;
}

static int read_text(const char *text, struct record_partie *out, char *err, size_t cap)
{
    cJSON *json = cJSON_Parse(text);
    cr_assert_not_null(json, "%s", text);
    int rc = record_read(json, out, err, cap);
    cJSON_Delete(json);
    return rc;
}

Test(record, what_the_arena_writes_reads_back_field_by_field)
{
    static struct referee ref;
    struct record_partie p;
    struct pq_rules defaults;
    char err[256];
    pq_rules_default(&defaults);
    for (int first = 0; first < 2; first++) {
        support_referee_partie(&ref, 40 + (uint64_t)first, first, -1);
        cJSON *rec = referee_record(&ref, 4338537574617041921ULL);
        cJSON_AddStringToObject(rec, "run", "0123456789abcdef");
        cJSON_AddNumberToObject(rec, "pair", 4);
        cr_assert_eq(record_read(rec, &p, err, sizeof err), 0, "%s", err);
        cr_assert_str_eq(p.run, "0123456789abcdef");
        cr_assert_eq(p.id, 7);
        cr_assert_eq(p.seed, 4338537574617041921ULL);
        cr_assert_eq(p.first_dealer, first);
        cr_assert_str_eq(p.players[0], "alpha");
        cr_assert_str_eq(p.players[1], "beta");
        cr_assert_eq(memcmp(&p.rules, &defaults, sizeof defaults), 0);
        cr_assert_eq(p.n_deals, ref.n_deals);
        for (int d = 0; d < p.n_deals; d++) {
            cr_assert_eq(memcmp(p.deals[d].deck, ref.deals[d].deck, 32), 0, "deal %d", d + 1);
            cr_assert_eq(p.deals[d].n_actions, ref.deals[d].n_history, "deal %d", d + 1);
        }
        cr_assert_not(p.has_unfinished);
        cr_assert_eq(p.totals[0], ref.partie.totals[0]);
        cr_assert_eq(p.totals[1], ref.partie.totals[1]);
        cr_assert_eq(p.winner, ref.winner);
        cr_assert_eq(p.settlement, ref.settlement);
        cr_assert_eq(p.forfeit.player, -1);
        for (int f = 0; f < CODEC_FAULTS; f++) cr_assert_eq(p.faults[0][f] + p.faults[1][f], 0);
        cr_assert_eq(p.decisions[0], ref.decisions[0]);
        cr_assert_eq(p.decisions[1], ref.decisions[1]);
        cr_assert_eq(p.think_ms[0], ref.think_ms[0]);
        cr_assert(p.has_pair && p.pair == 4);
        cJSON_Delete(rec);
        referee_release(&ref);
    }
}

Test(record, a_forfeit_reads_back_with_its_fault_and_unfinished_deal)
{
    static struct referee ref;
    struct record_partie p;
    char err[256];
    support_referee_partie(&ref, 5, 0, 50);   /* in the second deal */
    cJSON *rec = referee_record(&ref, 5);
    referee_release(&ref);
    cr_assert_eq(record_read(rec, &p, err, sizeof err), 0, "%s", err);
    cr_assert_eq(p.forfeit.player, PQ_PLAYER_B);
    cr_assert_eq(p.forfeit.fault, CODEC_FAULT_CRASH);
    cr_assert_str_eq(p.forfeit.message, "the bot disconnected");
    cr_assert_eq(p.faults[PQ_PLAYER_B][CODEC_FAULT_CRASH], 1);
    cr_assert_eq(p.n_deals, ref.n_deals);
    cr_assert(p.has_unfinished, "a forfeit in a deal begun keeps it");
    cr_assert_eq(p.unfinished.n_actions, ref.partie.deal.n_history);
    cr_assert_eq(p.winner, PQ_PLAYER_A);
    cr_assert_null(p.run, "record_partie writes no run: its callers add it");
    cJSON_Delete(rec);
}

Test(record, records_of_earlier_versions_read)
{
    struct record_partie p;
    char err[256];
    cJSON *rec = support_partie_record(9, 1, -1);
    /* Before e0680f1: no run, the seed a JSON number; before 3f791d1: no pair. */
    cJSON_DeleteItemFromObject(rec, "run");
    cJSON_DeleteItemFromObject(rec, "pair");
    cJSON_ReplaceItemInObject(rec, "seed", cJSON_CreateNumber(9));
    cr_assert_eq(record_read(rec, &p, err, sizeof err), 0, "%s", err);
    cr_assert_null(p.run);
    cr_assert_not(p.has_pair);
    cr_assert_eq(p.seed, 9);
    /* The "disqualified" forfeit of `arena run`: no deal played. */
    cJSON *forfeit = cJSON_CreateObject();
    cJSON_AddStringToObject(forfeit, "player", "A");
    cJSON_AddStringToObject(forfeit, "fault", "disqualified");
    cJSON_AddStringToObject(forfeit, "message", "disqualified after 3 faults");
    cJSON_ReplaceItemInObject(rec, "forfeit", forfeit);
    cJSON_ReplaceItemInObject(rec, "deals", cJSON_CreateArray());
    cr_assert_eq(record_read(rec, &p, err, sizeof err), 0, "%s", err);
    cr_assert_eq(p.forfeit.fault, RECORD_FAULT_DISQUALIFIED);
    cr_assert_eq(p.n_deals, 0);
    cJSON_Delete(rec);
}

Test(record, a_field_out_of_shape_is_refused_naming_it)
{
    static const char *const cases[][3] = {
        /* replace, with, the error names */
        { "\"type\":\"partie\"", "\"type\":\"header\"", "\"type\" must be \"partie\"" },
        { "\"id\":7", "\"id\":-1", "\"id\" must be an integer from 0" },
        { "\"id\":7", "\"id\":7.5", "\"id\"" },
        { "\"seed\":\"9\"", "\"seed\":\"9x\"", "\"seed\"" },
        { "\"first_dealer\":\"A\"", "\"first_dealer\":\"C\"", "\"first_dealer\" must be \"A\" or \"B\"" },
        { "\"B\":\"beta\"", "\"B\":3", "players.B must be a string" },
        { "\"B\":\"beta\"", "\"B\":\"\"", "players.B is empty" },
        { "\"B\":\"beta\"", "\"B\":\"alpha\"", "a bot cannot play itself" },
        { "\"B\":\"beta\"", "\"B\":\"beta\",\"C\":\"gamma\"", "unknown field \"players.C\"" },
        { "\"rules\":{", "\"rules\":{\"trumps\":\"hearts\",", "unknown field \"rules.trumps\"" },
        { "\"rules\":{", "\"rules\":{\"law49\":\"maybe\",\"law49\":\"true\",", "law49" },
        { "\"deals\":[", "\"deals\":[7,", "\"deals[0]\" must be an object" },
        { "\"deck\":\"", "\"comment\":1,\"deck\":\"", "unknown field \"deals[0].comment\"" },
        { "\"deck\":\"", "\"deck\":\"AS ", "\"deals[0].deck\": the pack " },
        { "\"actions\":[", "\"actions\":[3,", "\"deals[0].actions\" must hold strings only" },
        { "\"settlement\":", "\"settlement\":1e300,\"x\":", "unknown field \"x\"" },
        { "\"winner\":", "\"winner\":\"C\",\"w\":", "unknown field \"w\"" },
        { "\"forfeit\":null", "\"forfeit\":{\"player\":\"A\",\"fault\":\"bribery\",\"message\":\"\"}",
          "\"forfeit.fault\" must be" },
        { "\"forfeit\":null", "\"forfeit\":\"yes\"", "\"forfeit\" must be an object" },
        { "\"timeout\":0", "\"timeout\":0.5", "\"faults.A.timeout\" must be an integer" },
        { "\"timeout\":0", "\"bribery\":0", "unknown field \"faults.A.bribery\"" },
        { "\"decisions\":{\"A\":", "\"decisions\":{\"A\":-", "\"decisions.A\" must be an integer" },
        { "\"pair\":4", "\"pair\":\"4\"", "\"pair\" must be an integer from 0" },
        { "\"run\":\"0123456789abcdef\"", "\"run\":\"0123456789ABCDEF\"", "\"run\" must be 16 lowercase hex digits" },
        { "\"think_ms\"", "\"totals\":{\"A\":0,\"B\":0},\"think_ms\"", "field \"totals\" given twice" },
    };
    cJSON *rec = support_partie_record(9, 0, -1);
    cJSON_ReplaceItemInObject(rec, "seed", cJSON_CreateString("9"));
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct record_partie p;
        char err[256] = "";
        char *text = edited(rec, cases[i][0], cases[i][1]);
        cr_expect_eq(read_text(text, &p, err, sizeof err), -1, "case %zu was read: %s", i, text);
        cr_expect(strstr(err, cases[i][2]), "case %zu: '%s' does not say '%s'", i, err, cases[i][2]);
        free(text);
    }
    cJSON_Delete(rec);
}

Test(record, numbers_a_partie_cannot_have_are_refused)
{
    /* What the readers of journals took as given before the typed reader:
     * a settlement past any int, a negative one, a winner who is neither
     * player, totals out of range. */
    static const char *const cases[][2] = {
        { "settlement", "1e300" }, { "settlement", "-40" }, { "settlement", "12.5" },
        { "winner", "\"C\"" }, { "winner", "0" }, { "totals", "{\"A\":-1,\"B\":0}" },
        { "totals", "{\"A\":1e12,\"B\":0}" },
    };
    cJSON *rec = support_partie_record(11, 1, -1);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct record_partie p;
        char err[256] = "";
        cJSON *bad = cJSON_Duplicate(rec, 1);
        cJSON_ReplaceItemInObject(bad, cases[i][0], cJSON_Parse(cases[i][1]));
        cr_expect_eq(record_read(bad, &p, err, sizeof err), -1, "%s = %s was read", cases[i][0], cases[i][1]);
        cr_expect(strstr(err, cases[i][0]), "%s = %s: '%s'", cases[i][0], cases[i][1], err);
        cJSON_Delete(bad);
    }
    cJSON_Delete(rec);
}

Test(record, every_field_must_be_there_but_run_pair_and_unfinished_deal)
{
    static const char *const required[] = { "type", "id", "seed", "first_dealer", "players", "rules", "deals",
                                            "totals", "winner", "settlement", "forfeit", "faults", "decisions",
                                            "think_ms" };
    cJSON *rec = support_partie_record(13, 0, -1);
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
        struct record_partie p;
        char err[256] = "", want[64];
        cJSON *bad = cJSON_Duplicate(rec, 1);
        cJSON_DeleteItemFromObject(bad, required[i]);
        snprintf(want, sizeof want, "missing field \"%s\"", required[i]);
        cr_expect_eq(record_read(bad, &p, err, sizeof err), -1, "without %s", required[i]);
        cr_expect_str_eq(err, want);
        cJSON_Delete(bad);
    }
    cJSON_Delete(rec);
}

Test(record, a_deal_cut_or_unfinished_is_the_forfeits_alone)
{
    struct record_partie p;
    char err[256];
    cJSON *rec = support_partie_record(15, 0, -1);
    cJSON *deals = cJSON_DetachItemFromObject(rec, "deals");
    cJSON_AddItemToObject(rec, "deals", cJSON_CreateArray());
    cr_assert_eq(record_read(rec, &p, err, sizeof err), -1);
    cr_assert(strstr(err, "(0 with a forfeit)"), "%s", err);
    cJSON_ReplaceItemInObject(rec, "deals", deals);
    cJSON_AddItemToObject(rec, "unfinished_deal", cJSON_Duplicate(cJSON_GetArrayItem(deals, 0), 1));
    cr_assert_eq(record_read(rec, &p, err, sizeof err), -1);
    cr_assert_str_eq(err, "\"unfinished_deal\" without a forfeit");
    cJSON_Delete(rec);
}

Test(record, the_course_alone_reads_as_arena_replay_takes_it)
{
    struct record_partie p;
    char err[256];
    cJSON *rec = support_partie_record(17, 1, -1);
    cJSON_AddStringToObject(rec, "notes", "not a field of a journal's record");
    cJSON_DeleteItemFromObject(rec, "rules");
    cr_assert_eq(record_read_course(rec, &p, err, sizeof err), 0, "%s", err);
    cr_assert_eq(p.first_dealer, 1);
    cr_assert_geq(p.n_deals, 6);
    cJSON_Delete(rec);
}

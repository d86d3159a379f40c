/* test_coinche_worked.c - the worked deals of RULES-coinche.md section 13
 * (tests/fixtures/coinche: W1-W11, W8x and the variants the section
 * states) through the real `arena replay --check` program, the exact
 * message of an illegal action, and match records (section 12) through
 * `arena replay`: totals, winner and settlement worked by hand, and the
 * errors of a record that ends early or runs past the match. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

static const char *const fixtures[] = { "W1", "W2", "W3", "W4", "W4-total", "W5", "W5-transfer", "W5-x3", "W6",
                                        "W7", "W7-none", "W7-none-plain", "W8", "W8-uncoinched", "W8x", "W9",
                                        "W10", "W11", "W11-value", NULL };

Test(coinche_worked, every_worked_deal_and_variant_through_arena_replay_check)
{
    char cmd[512], out[8192];
    snprintf(cmd, sizeof cmd, "%s/arena replay --check tests/fixtures/coinche/*.json 2>&1", support_bin_dir());
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 0, "%s", out);
    for (int i = 0; fixtures[i]; i++) {
        char line[96];
        snprintf(line, sizeof line, "ok tests/fixtures/coinche/%s.json\n", fixtures[i]);
        cr_expect(strstr(out, line), "%s missing: %s", line, out);
    }
}

Test(coinche_worked, w8x_fails_with_the_exact_message_and_exit_status_1)
{
    char cmd[512], out[4096];
    snprintf(cmd, sizeof cmd, "%s/arena replay tests/fixtures/coinche/W8x.json 2>&1", support_bin_dir());
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 1, "%s", out);
    cr_expect(strstr(out, ": action 15 (play QC): must trump\n"), "%s", out);
}

Test(coinche_worked, w1_prints_section_12s_object_with_its_keys_in_order)
{
    char cmd[512], out[8192];
    snprintf(cmd, sizeof cmd, "%s/arena replay --compact tests/fixtures/coinche/W1.json 2>&1", support_bin_dir());
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(!strncmp(out, "{\"game\":\"coinche\",\"players\":4,\"outcome\":\"made\",\"contract\":{\"taker\":1,"
                            "\"side\":1,\"value\":90,\"bid\":\"90\",\"denomination\":\"D\",\"coinche\":0},"
                            "\"tricks\":[2,6,0,0],\"card_points\":[62,100],\"melds\":[0,0],\"belote\":[0,0],"
                            "\"scores\":[62,190],\"events\":[",
                      strlen("{\"game\":\"coinche\",\"players\":4,\"outcome\":\"made\",\"contract\":{\"taker\":1,"
                             "\"side\":1,\"value\":90,\"bid\":\"90\",\"denomination\":\"D\",\"coinche\":0},"
                             "\"tricks\":[2,6,0,0],\"card_points\":[62,100],\"melds\":[0,0],\"belote\":[0,0],"
                             "\"scores\":[62,190],\"events\":[")),
              "%s", out);
}

/* A match record of the deals `ids` (fixtures), first dealer `first`,
 * written to the scratch directory; its path. */
static const char *match_record(const char *const *ids, int n, const char *first)
{
    const char *path = support_scratch_path("match.json");
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fprintf(f, "{\"game\": \"coinche\", \"players\": 4, \"first_dealer\": \"%s\", \"rules\": {\"deals\": 4}, \"deals\": [",
            first);
    for (int i = 0; i < n; i++) {
        char name[96], buf[8192];
        snprintf(name, sizeof name, "tests/fixtures/coinche/%s.json", ids[i]);
        FILE *in = fopen(name, "r");
        cr_assert(in, "%s", name);
        size_t len = fread(buf, 1, sizeof buf - 1, in);
        fclose(in);
        buf[len] = '\0';
        const char *deck = strstr(buf, "\"deck\""), *actions = strstr(buf, "\"actions\"");
        const char *end = strchr(actions, ']');
        const char *deck_end = strchr(strchr(deck + 6, '"') + 1, '"');
        fprintf(f, "%s{%.*s, %.*s}", i ? ", " : "", (int)(deck_end + 1 - deck), deck, (int)(end + 1 - actions), actions);
    }
    fprintf(f, "]}\n");
    fclose(f);
    return path;
}

Test(coinche_worked, k38_a_match_record_totals_partnerships_across_the_rotating_deal)
{
    /* B deals first: deal 0 side 0 is AC (W1: 62 / 190), deal 1 BD (W2:
     * 0 / 240), deal 2 AC (void), deal 3 BD (W4: 340 / 0): AC 302, BD 530 */
    const char *ids[] = { "W1", "W2", "W9", "W4" };
    char cmd[512], out[16384];
    snprintf(cmd, sizeof cmd, "%s/arena replay --compact %s 2>&1", support_bin_dir(), match_record(ids, 4, "B"));
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(!strncmp(out, "{\"totals\":{\"AC\":302,\"BD\":530},\"winner\":\"BD\",\"settlement\":228,\"deals\":[",
                       strlen("{\"totals\":{\"AC\":302,\"BD\":530},\"winner\":\"BD\",\"settlement\":228,\"deals\":[")),
              "%s", out);
}

Test(coinche_worked, a_match_record_that_stops_early_or_runs_on_fails_at_the_deal_named)
{
    const char *ids[] = { "W1", "W2", "W9", "W4", "W1" };
    char cmd[512], out[4096];
    snprintf(cmd, sizeof cmd, "%s/arena replay %s 2>&1", support_bin_dir(), match_record(ids, 3, "A"));
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 1, "%s", out);
    cr_expect(strstr(out, "deal 3: action 0 (end)"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena replay %s 2>&1", support_bin_dir(), match_record(ids, 5, "A"));
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 1, "%s", out);
    cr_expect(strstr(out, "deal 4: action 0 (pass)"), "%s", out);
}

Test(coinche_worked, an_unknown_rule_or_value_is_an_unusable_record)
{
    char cmd[1024], out[4096];
    const char *path = support_scratch_path("bad.json");
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fprintf(f, "{\"game\": \"coinche\", \"players\": 4, \"rules\": {\"scoring\": \"tens\"}, \"deck\": \"%s\", "
               "\"actions\": [\"pass\"]}\n",
            "JS JH JD JC 9S 9H 9D 9C AS AH AD AC TS TH TD TC KS KH KD KC QS QH QD QC 8S 8H 8D 8C 7S 7H 7D 7C");
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s/arena replay %s 2>&1", support_bin_dir(), path);
    cr_expect_eq(support_run_stdout(cmd, out, sizeof out), 2, "%s", out);
    cr_expect(strstr(out, "rules.scoring"), "%s", out);
}

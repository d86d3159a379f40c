/* test_tarot_worked.c - the worked deals W1-W9 of shared/RULES-tarot.md
 * (appendix), kept in tests/fixtures/tarot/ with their expected results,
 * replayed through the real `arena replay` program (--check compares
 * every expected field), and the exact keys and output of section 16. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tests/support_scratch.h"
#include "tests/test_tarot_support.h"
#include "tests/support_cmd.h"

static const char *const ids[] = { "W1", "W2", "W3", "W4", "W5", "W6", "W6-down", "W7", "W8-petit-sec",
                                   "W8-petit-sec-off", "W8-all-pass", "W9", "W9-too-few-deals", NULL };

Test(tarot_worked, every_worked_deal_passes_arena_replay_check)
{
    char cmd[1024], out[8192];
    snprintf(cmd, sizeof cmd, "%s/arena replay --check tests/fixtures/tarot/*.json 2>&1", support_bin_dir());
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 0, "%s", out);
    for (int i = 0; ids[i]; i++) {
        char line[96];
        snprintf(line, sizeof line, "ok tests/fixtures/tarot/%s.json\n", ids[i]);
        cr_expect(strstr(out, line), "%s missing: %s", line, out);
    }
}

/* The record alone (without "expect") through the program. */
static int replay_record(const char *id, char *out, size_t cap)
{
    char path[256], cmd[1024];
    cJSON *root = tt_read_json((snprintf(path, sizeof path, "tests/fixtures/tarot/%s.json", id), path));
    char *text = cJSON_Print(cJSON_GetObjectItem(root, "record"));
    snprintf(path, sizeof path, "%s", support_scratch_path(id));   /* the test's own directory */
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs(text, f);
    fclose(f);
    cJSON_free(text);
    cJSON_Delete(root);
    snprintf(cmd, sizeof cmd, "%s/arena replay %s 2>&1", support_bin_dir(), path);
    int rc = support_run_stdout(cmd, out, cap);
    remove(path);
    return rc;
}

Test(tarot_worked, w1_prints_section_16s_keys_in_order)
{
    static const char *const keys[] = { "game", "players", "void", "taker", "contract", "called", "partner",
                                        "chelem_announced", "half_points", "bouts", "target", "made", "difference",
                                        "multiplier", "petit_au_bout", "poignees", "chelem", "tricks", "scores",
                                        "events", NULL };
    static char out[65536];
    cr_assert_eq(replay_record("W1", out, sizeof out), 0, "%s", out);
    cJSON *r = cJSON_Parse(out);
    cr_assert_not_null(r, "%s", out);
    const cJSON *item;
    int i = 0;
    cJSON_ArrayForEach(item, r) {
        cr_assert_not_null(keys[i], "extra key %s", item->string);
        cr_expect_str_eq(item->string, keys[i]);
        i++;
    }
    cr_expect_null(keys[i], "missing %s", keys[i]);
    cJSON_Delete(r);
}

Test(tarot_worked, illegal_and_short_records_exit_1_with_the_action_named)
{
    static char out[65536];
    cr_expect_eq(replay_record("W8-petit-sec-off", out, sizeof out), 1);
    cr_expect(strstr(out, "action 0 (end): "), "%s", out);
    cr_expect_eq(replay_record("W9-too-few-deals", out, sizeof out), 1);
    cr_expect(strstr(out, "deal 4: action 0 (end): "), "%s", out);
}

Test(tarot_worked, a_bad_pack_or_flag_exits_2)
{
    static char out[4096];
    char cmd[1024];
    const char *records[] = {
        "{\"game\": \"tarot\", \"deck\": \"01 02\", \"actions\": []}",
        "{\"game\": \"tarot\", \"rules\": {\"excuse_last\": \"never\"}, \"deck\": \"01\", \"actions\": []}",
        "{\"game\": \"tarot\", \"players\": 6, \"deck\": \"01\", \"actions\": []}",
    };
    for (int i = 0; i < 3; i++) {
        const char *bad = support_scratch_path("bad.json");
        snprintf(cmd, sizeof cmd, "printf '%%s' '%s' > %s && %s/arena replay %s 2>&1", records[i], bad, support_bin_dir(), bad);
        cr_expect_eq(support_run_stdout(cmd, out, sizeof out), 2, "%s: %s", records[i], out);
    }
}

Test(tarot_worked, an_action_after_the_end_fails_at_its_own_index)
{
    struct tarot_match m;
    char err[256];
    tt_fixture(&m, "W8-petit-sec", -1, NULL);
    cr_expect_eq(tarot_game.settle(&m), GAME_DEAL_OVER);
    cr_expect_lt(tarot_game.to_act(&m), 0);
    cr_expect_eq(tarot_game.apply(&m, "pass", 4, err, sizeof err), GAME_ILLEGAL);
}

/* test_tarot_leaderboard.c - Tarot on the leaderboard: match records of a
 * real `arena run` journal (four players, a petit sec in its fifth deal)
 * posted to a real server, stored and rated under "tarot-4", and the
 * match viewer's deals: the void deal without steps but with its hands,
 * each trick in order with its winner, the deal results as `arena replay`
 * scores them and the totals after the last deal.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "tests/support_scratch.h"
#include "tests/test_leaderboard_support.h"
#include "tests/support_cmd.h"

/* Master seed 103: one set of four rotations whose fifth pack is a petit sec. */
static cJSON *tarot_matches(void)
{
    char cmd[4096];
    const char *journal = support_scratch_path("tarot4.jsonl");
    int at = snprintf(cmd, sizeof cmd, "%s/arena run --quiet --game tarot --players 4 --pairs 1 --seed 103 --journal %s "
                      "--log-dir %s", support_bin_dir(), journal, support_scratch_path("logs"));
    at += snprintf(cmd + at, sizeof cmd - (size_t)at, " --bot 'g=%s/bot-greedy --game tarot'", support_bin_dir());
    for (int k = 1; k <= 3; k++)
        at += snprintf(cmd + at, sizeof cmd - (size_t)at, " --bot 'r%d=%s/bot-random --seed %d --game tarot'", k, support_bin_dir(), k);
    snprintf(cmd + at, sizeof cmd - (size_t)at, " > /dev/null 2>&1");
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    return lb_matches_of(journal);
}

Test(tarot_leaderboard, tarot_matches_are_rated_and_viewed_deal_by_deal, .timeout = 120)
{
    struct lb_server s;
    cJSON *matches = tarot_matches();
    const cJSON *m = cJSON_GetArrayItem(matches, 0), *trick, *hand;
    char path[160];
    cr_assert_eq(cJSON_GetArraySize(matches), 4);
    lb_start(&s);
    cJSON_Delete(lb_post(&s, matches, 200));
    cJSON *st = lb_get(&s, "/api/v1/standings?game=tarot-4", 200);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(st, "bots")), 4, "four bots rated under tarot-4");
    cJSON_Delete(st);
    snprintf(path, sizeof path, "/api/v1/matches/%s-%d", cJSON_GetStringValue(cJSON_GetObjectItem(m, "run")),
             cJSON_GetObjectItem(m, "id")->valueint);
    cJSON *got = lb_get(&s, path, 200);
    const cJSON *deals = cJSON_GetObjectItem(cJSON_GetObjectItem(got, "viewer"), "deals");
    cr_assert_eq(cJSON_GetArraySize(deals), 16);
    /* the petit sec: no step, every hand of 18 cards, a void result */
    const cJSON *v = cJSON_GetArrayItem(deals, 4);
    cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(v, "steps")), 0);
    cr_expect_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetObjectItem(v, "result"), "void")), "petit_sec");
    cJSON_ArrayForEach(hand, cJSON_GetObjectItem(v, "hands")) cr_expect_eq(cJSON_GetArraySize(hand), 18);
    /* a played deal: 18 tricks of 4 cards, each with a winner, counted as the result counts */
    const cJSON *d = cJSON_GetArrayItem(deals, 0), *seat;
    const cJSON *result = cJSON_GetObjectItem(d, "result");
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(d, "tricks")), 18);
    int s_i = 0;
    cJSON_ArrayForEach(seat, cJSON_GetObjectItem(d, "seats")) {
        int won = 0;
        cJSON_ArrayForEach(trick, cJSON_GetObjectItem(d, "tricks")) {
            cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(trick, "cards")), 4);
            won += !strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(trick, "winner")), seat->valuestring);
        }
        cr_expect_eq(won, cJSON_GetArrayItem(cJSON_GetObjectItem(result, "tricks"), s_i)->valueint, "seat %d", s_i);
        s_i++;
    }
    cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(d, "steps")),
                 cJSON_GetArraySize(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(m, "deals"), 0), "actions")));
    const cJSON *last = cJSON_GetArrayItem(deals, 15);
    cr_expect(cJSON_Compare(cJSON_GetObjectItem(last, "totals"), cJSON_GetObjectItem(m, "scores"), 1));
    cJSON_Delete(got);
    cJSON_Delete(matches);
    lb_cleanup(&s);
}

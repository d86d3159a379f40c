/* test_tarocchini_leaderboard.c - Tarocchini on the leaderboard: the match
 * records of a real `arena run` journal posted to a real server, and the
 * match viewer's deals: fifteen tricks of four cards in order, each with
 * its winner, the last one too (the match has moved on to the next deal
 * when the last card falls: the viewer reads it from the deal replayed
 * alone), counted by partnership as `arena replay`'s result counts them.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "tests/support_scratch.h"
#include "tests/test_leaderboard_support.h"
#include "tests/support_cmd.h"

static cJSON *tarocchini_matches(void)
{
    char cmd[4096];
    const char *journal = support_scratch_path("tarocchini.jsonl");
    snprintf(cmd, sizeof cmd,
             "%s/arena run --quiet --game tarocchini --pairs 1 --seed 3 --journal %s --log-dir %s"
             " --bot 'random=%s/bot-random --game tarocchini' --bot 'greedy=%s/bot-greedy --game tarocchini'"
             " > /dev/null 2>&1",
             support_bin_dir(), journal, support_scratch_path("logs"), support_bin_dir(), support_bin_dir());
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    return lb_matches_of(journal);
}

Test(tarocchini_leaderboard, every_trick_of_every_deal_has_its_winner_the_last_one_too, .timeout = 120)
{
    struct lb_server s;
    cJSON *matches = tarocchini_matches();
    const cJSON *m, *d, *trick;
    lb_start(&s);
    cJSON_Delete(lb_post(&s, matches, 200));
    int deals_seen = 0;
    cJSON_ArrayForEach(m, matches) {
        char path[160];
        snprintf(path, sizeof path, "/api/v1/matches/%s-%d", cJSON_GetStringValue(cJSON_GetObjectItem(m, "run")),
                 cJSON_GetObjectItem(m, "id")->valueint);
        cJSON *got = lb_get(&s, path, 200);
        const cJSON *deals = cJSON_GetObjectItem(cJSON_GetObjectItem(got, "viewer"), "deals");
        cr_assert_eq(cJSON_GetArraySize(deals), cJSON_GetArraySize(cJSON_GetObjectItem(m, "deals")));
        cJSON_ArrayForEach(d, deals) {
            const cJSON *result = cJSON_GetObjectItem(d, "result"), *seats = cJSON_GetObjectItem(d, "seats");
            if (cJSON_IsTrue(cJSON_GetObjectItem(result, "monte"))) continue;
            int won[2] = { 0, 0 }, k = 0, last_team = -1;
            cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(d, "tricks")), 15);
            cJSON_ArrayForEach(trick, cJSON_GetObjectItem(d, "tricks")) {
                const char *winner = cJSON_GetStringValue(cJSON_GetObjectItem(trick, "winner"));
                cr_assert_not_null(winner, "deal %d trick %d has no winner", deals_seen + 1, k + 1);
                cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(trick, "cards")), 4);
                int seat = -1;
                for (int s_i = 0; s_i < 4; s_i++)
                    if (!strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(seats, s_i)), winner)) seat = s_i;
                cr_assert_geq(seat, 0, "the winner %s sits at the table", winner);
                won[seat % 2]++;   /* O8: team 0 is seats 0 and 2 */
                last_team = seat % 2;
                k++;
            }
            for (int t = 0; t < 2; t++)
                cr_expect_eq(won[t], cJSON_GetArrayItem(cJSON_GetObjectItem(result, "tricks"), t)->valueint,
                             "deal %d: team %d's tricks", deals_seen + 1, t);
            cr_expect_eq(last_team, cJSON_GetObjectItem(result, "last_trick")->valueint, "deal %d: the last trick",
                         deals_seen + 1);
            deals_seen++;
        }
        cJSON_Delete(got);
    }
    cr_assert_geq(deals_seen, 8, "the played deals");
    cJSON_Delete(matches);
    lb_cleanup(&s);
}

/* test_coinche_page.c - a Coinche tournament on the leaderboard's page in a
 * real browser (as tests/test_page.c does for the other games): a round
 * robin of bot-greedy, the C example and bot-random played by $BIN/arena,
 * its journal posted to the real $BIN/leaderboard, and headless Chromium
 * showing the standings and the match viewer: the four seats with their
 * names, the contract, the bids, eight tricks whose winners agree with
 * `arena replay`, the deal's points by player, and every hand after the
 * deal. A screenshot goes to $BUILD/page-coinche-match.png.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <cjson/cJSON.h>
#include "tests/support_browser.h"
#include "tests/support_page.h"
#include "tests/support_review.h"
#include "tests/support_scratch.h"

static struct support_browser browser = SUPPORT_BROWSER_INIT;

static void suite_end(void)
{
    support_browser_kill(&browser);
    support_page_release();
}

TestSuite(coinche_page, .init = support_page_init, .fini = suite_end, .timeout = 240);

static cJSON *page_json(const char *script)
{
    return support_browser_eval_json(&browser, script);
}

static void open_ready(const char *fragment)
{
    support_page_open_ready(&browser, fragment, 1280, 0);
}

Test(coinche_page, shows_a_coinche_tournament_its_standings_and_the_match_viewer)
{
    char path[4200], cmd[8400], fragment[256];
    const char *b = support_page_bin_dir();
    snprintf(path, sizeof path, "%s", support_scratch_path("coinche.jsonl"));
    snprintf(cmd, sizeof cmd,
             "'%s/arena' run --game coinche --seed 3 --pairs 1 --quiet --journal '%s' --log-dir '%s'"
             " --bot 'greedy=%s/bot-greedy --game coinche' --bot 'example=%s/bot-example-coinche'"
             " --bot 'random=%s/bot-random --seed 2 --game coinche' > '%s' 2>&1",
             b, path, support_scratch_path("logs"), b, b, b, support_scratch_path("arena.out"));
    int status = system(cmd);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "arena run failed");
    struct support_page_journal j;
    support_page_read_matches(path, &j);
    cr_assert_eq(cJSON_GetArraySize(j.parties), 6, "three pairings, one duplicate set each");
    support_browser_start(&browser, support_scratch_path("chromium-profile"), support_scratch_path("chromium.err"));
    support_page_start_server();
    support_page_post_journal(&j);

    /* the standings of the game coinche-4 */
    open_ready("#/game/coinche-4");
    cJSON *rows = page_json("JSON.stringify(Array.prototype.map.call(document.querySelectorAll('#standings tr.bot-row'),"
                            " function (tr) { return tr.querySelector('td.bot').textContent; }))");
    cr_assert_eq(cJSON_GetArraySize(rows), 3, "three bots in the standings");
    cJSON_Delete(rows);

    /* the first match's deal whose auction was not passed out */
    const cJSON *m = cJSON_GetArrayItem(j.parties, 0), *deal;
    int number = 0, d = 0;
    cJSON_ArrayForEach(deal, cJSON_GetObjectItem(m, "deals")) {
        d++;
        if (cJSON_GetArraySize(cJSON_GetObjectItem(deal, "actions")) > 4) {
            number = d;
            break;
        }
    }
    cr_assert_gt(number, 0, "a deal was played");
    cJSON *rec = cJSON_CreateObject();
    cJSON_AddStringToObject(rec, "game", "coinche");
    cJSON_AddNumberToObject(rec, "players", 4);
    cJSON_AddItemToObject(rec, "deck", cJSON_Duplicate(cJSON_GetObjectItem(deal, "deck"), 1));
    cJSON_AddItemToObject(rec, "actions", cJSON_Duplicate(cJSON_GetObjectItem(deal, "actions"), 1));
    char *text = cJSON_PrintUnformatted(rec);
    support_page_write_file(support_scratch_path("deal.json"), text);
    free(text);
    cJSON_Delete(rec);
    snprintf(cmd, sizeof cmd, "'%s/arena' replay --compact '%s'", b, support_scratch_path("deal.json"));
    char *out = support_page_run(cmd);
    cJSON *replayed = cJSON_Parse(out);
    cr_assert_not_null(replayed, "arena replay: %s", out);
    free(out);

    snprintf(fragment, sizeof fragment, "#/match/%s/deal/%d", support_page_partie_key(m), number);
    open_ready(fragment);
    cJSON *view = page_json(
        "JSON.stringify({seats: Array.prototype.map.call(document.querySelectorAll('#felt .seat-box'),"
        "  function (b) { return [b.getAttribute('data-player'), b.querySelector('.seat-head .bot-name').textContent]; }),"
        " winners: Array.prototype.map.call(document.querySelectorAll('#mtricks tr.trick'),"
        "  function (tr) { return tr.getAttribute('data-winner'); }),"
        " points: document.getElementById('mdeal-points').textContent,"
        " contract: document.getElementById('mdeal-contract').textContent,"
        " hands: Array.prototype.map.call(document.querySelectorAll('#mhands .mhand'),"
        "  function (h) { return h.querySelectorAll('.pcard').length; }),"
        " bids: document.querySelectorAll('#mbids li').length})");
    /* seat s of deal d (from 1) is player (first dealer + d - 1 + 1 + s) mod 4 (K38) */
    int first = cJSON_GetStringValue(cJSON_GetObjectItem(m, "first_dealer"))[0] - 'A';
    const cJSON *names = cJSON_GetObjectItem(m, "names"), *contract = cJSON_GetObjectItem(replayed, "contract");
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(view, "seats")), 4, "four seats around the table");
    for (int s = 0; s < 4; s++) {
        char letter[2] = { (char)('A' + (first + number + s) % 4), 0 };
        const cJSON *box = cJSON_GetArrayItem(cJSON_GetObjectItem(view, "seats"), s);
        cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetArrayItem(box, 0)), letter, "seat %d", s);
        cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetArrayItem(box, 1)),
                         cJSON_GetStringValue(cJSON_GetObjectItem(names, letter)), "seat %d's name", s);
        int won = 0;
        const cJSON *w;
        cJSON_ArrayForEach(w, cJSON_GetObjectItem(view, "winners")) won += !strcmp(w->valuestring, letter);
        cr_assert_eq(won, cJSON_GetArrayItem(cJSON_GetObjectItem(replayed, "tricks"), s)->valueint,
                     "seat %d's tricks on the page and by arena replay", s);
        char want[128];
        snprintf(want, sizeof want, "%s %d", cJSON_GetStringValue(cJSON_GetObjectItem(names, letter)),
                 cJSON_GetArrayItem(cJSON_GetObjectItem(replayed, "scores"), s % 2)->valueint);
        cr_assert_not_null(strstr(cJSON_GetStringValue(cJSON_GetObjectItem(view, "points")), want),
                           "the deal's points '%s' hold '%s' (its side's score)",
                           cJSON_GetStringValue(cJSON_GetObjectItem(view, "points")), want);
    }
    char want[96];
    snprintf(want, sizeof want, "contract %s", cJSON_GetStringValue(cJSON_GetObjectItem(contract, "bid")));
    cr_assert_not_null(strstr(cJSON_GetStringValue(cJSON_GetObjectItem(view, "contract")), want), "%s",
                       cJSON_GetStringValue(cJSON_GetObjectItem(view, "contract")));
    const cJSON *c;
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(view, "winners")), 8, "eight tricks");
    cJSON_ArrayForEach(c, cJSON_GetObjectItem(view, "hands")) cr_assert_eq(c->valueint, 8, "every hand after the deal");
    cr_assert_geq(cJSON_GetObjectItem(view, "bids")->valueint, 4, "the auction's calls are listed");
    cJSON_Delete(view);
    cJSON_Delete(replayed);

    char shot[4200];
    snprintf(shot, sizeof shot, "%s/page-coinche-match.png", support_page_build_dir());
    snprintf(fragment, sizeof fragment, "#/match/%s/deal/%d/step/12", support_page_partie_key(m), number);
    support_browser_screenshot(&browser, support_page_url(fragment), 1280, 1800, 0, shot);
    /* every view of the game as a demanding reader sees it: contrast in
       both schemes, a 390 px phone, touch targets (support_review.h); the
       bot page's layout is reviewed with Belote's */
    support_review_game(&browser, "coinche-4", support_page_partie_key(m), NULL);
    cJSON_Delete(j.parties);
    support_browser_stop(&browser);
    support_page_stop_server();
}

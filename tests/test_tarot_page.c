/* test_tarot_page.c - the leaderboard's page shows a Tarot tournament in a
 * real browser (Debian's headless Chromium, support_browser.h): a real
 * `arena run` of four players (bot-greedy and bot-random) posted to the
 * real server, the standings of "tarot-4" with ratings and intervals, and
 * the match viewer of its first deal: the seats around the table with
 * their names, the bids, each trick in order with its winner, the deal's
 * points and every hand after the deal, checked against `arena replay`.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

TestSuite(tarot_page, .init = support_page_init, .fini = suite_end, .timeout = 240);

static cJSON *page_json(const char *script)
{
    return support_browser_eval_json(&browser, script);
}

static void open_ready(const char *fragment)
{
    support_page_open_ready(&browser, fragment, 1280, 0);
}

Test(tarot_page, shows_a_tarot_tournament_its_standings_and_its_viewer)
{
    char path[4200], fragment[256], cmd[8400];
    const char *b = support_page_bin_dir();
    snprintf(path, sizeof path, "%s", support_scratch_path("tarot4.jsonl"));
    snprintf(cmd, sizeof cmd,
             "'%s/arena' run --game tarot --players 4 --seed 3 --pairs 1 --quiet --journal '%s' --log-dir '%s'"
             " --bot 'greedy=%s/bot-greedy --game tarot' --bot 'r1=%s/bot-random --game tarot'"
             " --bot 'r2=%s/bot-random --seed 2 --game tarot' --bot 'r3=%s/bot-random --seed 3 --game tarot'"
             " > '%s' 2>&1",
             b, path, support_scratch_path("logs"), b, b, b, b, support_scratch_path("arena.out"));
    cr_assert_eq(system(cmd), 0, "arena run");
    support_browser_start(&browser, support_scratch_path("chromium-profile"), support_scratch_path("chromium.err"));
    struct support_page_journal j;
    support_page_read_matches(path, &j);
    support_page_start_server();
    support_page_post_journal(&j);

    /* the standings: every bot, the reliable intervals with a bar */
    open_ready("#/game/tarot-4");
    cJSON *st = NULL;
    cr_assert_eq(support_page_http("/api/v1/standings?game=tarot-4", NULL, &st), 200);
    cJSON *rows = page_json("JSON.stringify(Array.prototype.map.call(document.querySelectorAll('#standings tr.bot-row'),"
                            " function (tr) { return [tr.querySelector('td.bot').textContent,"
                            " tr.querySelectorAll('svg.ibar line.range').length]; }))");
    cr_assert_eq(cJSON_GetArraySize(rows), 4);
    for (int i = 0; i < 4; i++) {
        const cJSON *bot = cJSON_GetArrayItem(cJSON_GetObjectItem(st, "bots"), i);
        cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetArrayItem(cJSON_GetArrayItem(rows, i), 0)),
                         cJSON_GetStringValue(cJSON_GetObjectItem(bot, "name")), "row %d", i);
        /* A bar where the interval means something (rated, from enough
         * duplicate sets: interval_ok), none where it would not. */
        int bar = !strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(bot, "status")), "rated") &&
                  cJSON_IsTrue(cJSON_GetObjectItem(bot, "interval_ok"));
        cr_assert_eq(cJSON_GetArrayItem(cJSON_GetArrayItem(rows, i), 1)->valueint, bar, "row %d: an interval bar %s", i,
                     bar ? "missing" : "shown for an interval from too few sets");
    }
    cJSON_Delete(rows);
    cJSON_Delete(st);

    /* the viewer of the first match's first deal, against arena replay */
    const cJSON *m = cJSON_GetArrayItem(j.parties, 0);
    const cJSON *deal = cJSON_GetArrayItem(cJSON_GetObjectItem(m, "deals"), 0);
    cJSON *rec = cJSON_CreateObject();
    cJSON_AddStringToObject(rec, "game", "tarot");
    cJSON_AddNumberToObject(rec, "players", 4);
    cJSON_AddItemToObject(rec, "deck", cJSON_Duplicate(cJSON_GetObjectItem(deal, "deck"), 1));
    cJSON_AddItemToObject(rec, "actions", cJSON_Duplicate(cJSON_GetObjectItem(deal, "actions"), 1));
    char *text = cJSON_PrintUnformatted(rec);
    support_page_write_file(support_scratch_path("tarot-deal1.json"), text);
    free(text);
    cJSON_Delete(rec);
    snprintf(cmd, sizeof cmd, "'%s/arena' replay --compact '%s'", b, support_scratch_path("tarot-deal1.json"));
    char *out = support_page_run(cmd);
    cJSON *replayed = cJSON_Parse(out);
    cr_assert_not_null(replayed, "arena replay: %s", out);
    free(out);
    int tricks = 0;
    for (int s = 0; s < 4; s++) tricks += cJSON_GetArrayItem(cJSON_GetObjectItem(replayed, "tricks"), s)->valueint;
    snprintf(fragment, sizeof fragment, "#/match/%s/deal/1", support_page_partie_key(m));
    open_ready(fragment);
    cJSON *view = page_json(
        "JSON.stringify({seats: Array.prototype.map.call(document.querySelectorAll('#felt .seat-box'),"
        "  function (b) { return [b.getAttribute('data-player'), b.querySelector('.seat-head .bot-name').textContent]; }),"
        " winners: Array.prototype.map.call(document.querySelectorAll('#mtricks tr.trick'),"
        "  function (tr) { return tr.getAttribute('data-winner'); }),"
        " cards: Array.prototype.map.call(document.querySelectorAll('#mtricks tr.trick'),"
        "  function (tr) { return tr.querySelectorAll('.pcard').length; }),"
        " points: document.getElementById('mdeal-points') ? document.getElementById('mdeal-points').textContent : '',"
        " hands: Array.prototype.map.call(document.querySelectorAll('#mhands .mhand'),"
        "  function (h) { return h.querySelectorAll('.pcard').length; }),"
        " bids: document.querySelectorAll('#mbids li').length})");
    int first = cJSON_GetStringValue(cJSON_GetObjectItem(m, "first_dealer"))[0] - 'A';
    const cJSON *names = cJSON_GetObjectItem(m, "names"), *c;
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(view, "seats")), 4, "four seats around the table");
    for (int s = 0; s < 4; s++) {
        char letter[2] = { (char)('A' + (first + 1 + s) % 4), 0 };   /* F44 */
        const cJSON *box = cJSON_GetArrayItem(cJSON_GetObjectItem(view, "seats"), s);
        cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetArrayItem(box, 0)), letter, "seat %d", s);
        cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetArrayItem(box, 1)),
                         cJSON_GetStringValue(cJSON_GetObjectItem(names, letter)), "seat %d's name", s);
        int won = 0;
        cJSON_ArrayForEach(c, cJSON_GetObjectItem(view, "winners")) won += !strcmp(c->valuestring, letter);
        cr_assert_eq(won, cJSON_GetArrayItem(cJSON_GetObjectItem(replayed, "tricks"), s)->valueint, "seat %d's tricks", s);
        if (tricks) {
            char want[128];
            snprintf(want, sizeof want, "%s %d", cJSON_GetStringValue(cJSON_GetObjectItem(names, letter)),
                     cJSON_GetArrayItem(cJSON_GetObjectItem(replayed, "scores"), s)->valueint);
            cr_assert_not_null(strstr(cJSON_GetStringValue(cJSON_GetObjectItem(view, "points")), want), "'%s' holds '%s'",
                               cJSON_GetStringValue(cJSON_GetObjectItem(view, "points")), want);
        }
    }
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(view, "winners")), tricks);
    cJSON_ArrayForEach(c, cJSON_GetObjectItem(view, "cards")) cr_assert_eq(c->valueint, 4, "four cards a trick");
    cJSON_ArrayForEach(c, cJSON_GetObjectItem(view, "hands")) cr_assert_geq(c->valueint, 18, "every hand after the deal");
    cr_assert_geq(cJSON_GetObjectItem(view, "bids")->valueint, 4, "every seat spoke");
    /* the score at every step: the totals on the table, 0 before the deal's
     * end, its scores after its last step (the match's first deal) */
    int steps = cJSON_GetArraySize(cJSON_GetObjectItem(deal, "actions"));
    for (int at = 1; at <= steps; at += steps > 1 ? steps - 1 : 1) {
        snprintf(fragment, sizeof fragment, "#/match/%s/deal/1/step/%d", support_page_partie_key(m), at);
        open_ready(fragment);
        cJSON *totals = page_json("JSON.stringify(Array.prototype.map.call(document.querySelectorAll('#felt .seat-box'),"
                                  " function (b) { var t = b.querySelector('.seat-total');"
                                  "  return t ? t.textContent : null; }))");
        for (int s = 0; s < 4; s++) {
            char want[64];
            const cJSON *score = cJSON_GetArrayItem(cJSON_GetObjectItem(replayed, "scores"), s);
            snprintf(want, sizeof want, " · total %d", at < steps || !score ? 0 : score->valueint);
            cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetArrayItem(totals, s)), want, "step %d, seat %d", at, s);
        }
        cJSON_Delete(totals);
    }
    cJSON_Delete(view);
    cJSON_Delete(replayed);
    char shot[4200];
    snprintf(shot, sizeof shot, "%s/page-tarot-match.png", support_page_build_dir());
    snprintf(fragment, sizeof fragment, "#/match/%s/deal/1/step/30", support_page_partie_key(m));
    support_browser_screenshot(&browser, support_page_url(fragment), 1280, 1800, 0, shot);
    /* every view of the game as a demanding reader sees it: contrast in
       both schemes, a 390 px phone, touch targets (support_review.h); the
       bot page's layout is reviewed with Belote's */
    support_review_game(&browser, "tarot-4", support_page_partie_key(m), NULL);
    cJSON_Delete(j.parties);
    support_browser_stop(&browser);
    support_page_stop_server();
}

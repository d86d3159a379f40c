/* test_tarocchini_page.c - a Tarocchini tournament on the leaderboard's
 * page in a real headless Chromium: `arena run` of random and greedy bots,
 * its matches posted to a real server, the game in the switcher with its
 * standings, and the match viewer of deal 1 showing the four seats with
 * their names, the declarations, every trick with its winner (the last
 * one too), the deal's points as `arena replay` gives them, the score at
 * every step (the totals on the table, the deal's once it is over) and
 * every hand after the deal. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "tests/support_browser.h"
#include "tests/support_dom.h"
#include "tests/support_page.h"
#include "tests/support_review.h"
#include "tests/support_scratch.h"

static struct support_browser browser = SUPPORT_BROWSER_INIT;

static void suite_end(void)
{
    support_browser_kill(&browser);
    support_page_release();
}

TestSuite(tarocchini_page, .init = support_page_init, .fini = suite_end, .timeout = 240);

static cJSON *page_json(const char *script)
{
    return support_browser_eval_json(&browser, script);
}

static void open_ready(const char *fragment)
{
    support_page_open_ready(&browser, fragment, 1280, 0);
}

Test(tarocchini_page, shows_a_tarocchini_tournament_and_its_match_viewer)
{
    char journal[4200], fragment[256], cmd[8400];
    const char *b = support_page_bin_dir();
    snprintf(journal, sizeof journal, "%s", support_scratch_path("tarocchini.jsonl"));
    snprintf(cmd, sizeof cmd,
             "'%s/arena' run --game tarocchini --seed 3 --pairs 1 --quiet --journal '%s' --log-dir '%s'"
             " --bot 'random=%s/bot-random --game tarocchini' --bot 'greedy=%s/bot-greedy --game tarocchini'"
             " > '%s' 2>&1",
             b, journal, support_scratch_path("logs"), b, b, support_scratch_path("arena.out"));
    cr_assert_eq(WEXITSTATUS(system(cmd)), 0, "arena run failed");
    support_browser_start(&browser, support_scratch_path("chromium-profile"), support_scratch_path("chromium.err"));
    struct support_page_journal j;
    support_page_read_matches(journal, &j);
    support_page_start_server();
    support_page_post_journal(&j);

    open_ready("#/game/tarocchini-4");
    cJSON *games = page_json("JSON.stringify(Array.prototype.map.call(document.querySelectorAll('#games a'),"
                             " function (a) { return a.getAttribute('data-game'); }))");
    char *shown = cJSON_PrintUnformatted(games);
    cr_assert(strstr(shown, "\"tarocchini-4\""), "the switcher: %s", shown);
    free(shown);
    cJSON_Delete(games);
    cJSON *rows = page_json("JSON.stringify(Array.prototype.map.call(document.querySelectorAll('#standings tr.bot-row'),"
                            " function (tr) { return tr.querySelector('td.bot').textContent; }))");
    cr_assert_eq(cJSON_GetArraySize(rows), 2, "two bots in the standings");
    cJSON_Delete(rows);

    /* deal 1 of the first match, against arena replay of the same deal */
    const cJSON *m = cJSON_GetArrayItem(j.parties, 0);
    const cJSON *deal = cJSON_GetArrayItem(cJSON_GetObjectItem(m, "deals"), 0);
    cJSON *rec = cJSON_CreateObject();
    cJSON_AddStringToObject(rec, "game", "tarocchini");
    cJSON_AddNumberToObject(rec, "players", 4);
    cJSON_AddItemToObject(rec, "deck", cJSON_Duplicate(cJSON_GetObjectItem(deal, "deck"), 1));
    cJSON_AddItemToObject(rec, "actions", cJSON_Duplicate(cJSON_GetObjectItem(deal, "actions"), 1));
    char *text = cJSON_PrintUnformatted(rec);
    support_page_write_file(support_scratch_path("deal1.json"), text);
    free(text);
    cJSON_Delete(rec);
    snprintf(cmd, sizeof cmd, "'%s/arena' replay --compact '%s'", b, support_scratch_path("deal1.json"));
    char *out = support_page_run(cmd);
    cJSON *replayed = cJSON_Parse(out);
    cr_assert_not_null(replayed, "arena replay: %s", out);
    free(out);

    snprintf(fragment, sizeof fragment, "#/match/%s/deal/1", support_page_partie_key(m));
    open_ready(fragment);
    cJSON *view = page_json(
        "JSON.stringify({seats: Array.prototype.map.call(document.querySelectorAll('#felt .seat-box'),"
        "  function (b) { return [b.getAttribute('data-player'), b.querySelector('.seat-head .bot-name').textContent]; }),"
        " winners: Array.prototype.map.call(document.querySelectorAll('#mtricks tr.trick'),"
        "  function (tr) { return tr.getAttribute('data-winner'); }),"
        " cards: Array.prototype.map.call(document.querySelectorAll('#mtricks tr.trick'),"
        "  function (tr) { return tr.querySelectorAll('.played-by').length; }),"
        " points: document.getElementById('mdeal-points').textContent,"
        " hands: Array.prototype.map.call(document.querySelectorAll('#mhands .mhand'),"
        "  function (h) { return h.querySelectorAll('.pcard').length; }),"
        " bids: Array.prototype.map.call(document.querySelectorAll('#mbids li'), function (li) { return li.textContent; })})");
    int first = cJSON_GetStringValue(cJSON_GetObjectItem(m, "first_dealer"))[0] - 'A';
    const cJSON *names = cJSON_GetObjectItem(m, "names"), *c;
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(view, "seats")), 4, "four seats around the table");
    int won[2] = { 0, 0 };
    for (int s = 0; s < 4; s++) {
        char letter[2] = { (char)('A' + (first + 1 + s) % 4), 0 };
        const cJSON *box = cJSON_GetArrayItem(cJSON_GetObjectItem(view, "seats"), s);
        cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetArrayItem(box, 0)), letter, "seat %d (O33)", s);
        cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetArrayItem(box, 1)),
                         cJSON_GetStringValue(cJSON_GetObjectItem(names, letter)), "seat %d's name", s);
        cJSON_ArrayForEach(c, cJSON_GetObjectItem(view, "winners")) won[s % 2] += !strcmp(c->valuestring, letter);
        char want[128];
        snprintf(want, sizeof want, "%s %d", cJSON_GetStringValue(cJSON_GetObjectItem(names, letter)),
                 cJSON_GetArrayItem(cJSON_GetObjectItem(replayed, "seats"), s)->valueint);
        cr_assert_not_null(strstr(cJSON_GetStringValue(cJSON_GetObjectItem(view, "points")), want),
                           "the deal's points '%s' hold '%s'", cJSON_GetStringValue(cJSON_GetObjectItem(view, "points")), want);
    }
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(view, "winners")), 15, "fifteen tricks");
    /* every trick's winner, the last one too, agrees with arena replay's count by team */
    const cJSON *tricks = cJSON_GetObjectItem(replayed, "tricks");
    for (int t = 0; t < 2; t++) cr_assert_eq(won[t], cJSON_GetArrayItem(tricks, t)->valueint, "team %d's tricks", t);
    const cJSON *winners = cJSON_GetObjectItem(view, "winners");
    const char *last_winner = cJSON_GetArrayItem(winners, 14)->valuestring;
    int last_seat = -1;
    for (int s = 0; s < 4; s++)
        if (last_winner[0] == 'A' + (first + 1 + s) % 4) last_seat = s;
    cr_assert_eq(last_seat % 2, cJSON_GetObjectItem(replayed, "last_trick")->valueint, "the last trick's winner");
    cJSON_ArrayForEach(c, cJSON_GetObjectItem(view, "cards")) cr_assert_eq(c->valueint, 4, "four cards a trick");
    int hand_cards = 0;
    cJSON_ArrayForEach(c, cJSON_GetObjectItem(view, "hands")) hand_cards += c->valueint;
    cr_assert_eq(hand_cards, 62, "every hand after the deal, the dealer's 17");
    cr_assert_geq(cJSON_GetArraySize(cJSON_GetObjectItem(view, "bids")), 5, "the discard and the declarations");
    /* the cards in Tarocchini's own words: a numbered trump by its number, the Italian suits */
    cJSON *glyphs = page_json("JSON.stringify(Array.prototype.map.call(document.querySelectorAll('#mhands .pcard'),"
                              " function (g) { return [g.getAttribute('data-card'), g.textContent, g.title]; }))");
    cr_assert_eq(cJSON_GetArraySize(glyphs), 62);
    cJSON_ArrayForEach(c, glyphs) {
        const char *card = cJSON_GetArrayItem(c, 0)->valuestring, *text_shown = cJSON_GetArrayItem(c, 1)->valuestring;
        const char *title = cJSON_GetArrayItem(c, 2)->valuestring;
        if (card[0] == 'T' && card[1] >= '1' && card[1] <= '9') cr_expect_str_eq(text_shown, card + 1, "%s", card);
        if (!strcmp(card, "KC")) cr_expect_str_eq(title, "King of cups");
        if (!strcmp(card, "NB")) cr_expect_str_eq(title, "Knight of batons");
        if (!strcmp(card, "MA")) cr_expect_str_eq(title, "the Matto");
    }
    cJSON_Delete(glyphs);
    char *bids = cJSON_PrintUnformatted(cJSON_GetObjectItem(view, "bids"));
    cr_assert(strstr(bids, "discard") && strstr(bids, "pass"), "%s", bids);
    free(bids);
    /* the score at every step: the totals on the table, 0 inside the first
     * deal, and after its last step the deal's points (a match's first deal) */
    int steps = cJSON_GetArraySize(cJSON_GetObjectItem(deal, "actions"));
    for (int at = 30; at <= steps; at += steps - 30) {
        snprintf(fragment, sizeof fragment, "#/match/%s/deal/1/step/%d", support_page_partie_key(m), at);
        open_ready(fragment);
        cJSON *totals = page_json("JSON.stringify(Array.prototype.map.call(document.querySelectorAll('#felt .seat-box'),"
                                  " function (b) { var t = b.querySelector('.seat-total');"
                                  "  return [b.getAttribute('data-player'), t ? t.textContent : null]; }))");
        for (int s = 0; s < 4; s++) {
            const cJSON *box = cJSON_GetArrayItem(totals, s);
            char want[64];
            snprintf(want, sizeof want, " · total %d",
                     at < steps ? 0 : cJSON_GetArrayItem(cJSON_GetObjectItem(replayed, "seats"), s)->valueint);
            cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetArrayItem(box, 1)), want, "step %d, seat %d", at, s);
        }
        cJSON_Delete(totals);
    }
    cJSON_Delete(view);
    cJSON_Delete(replayed);
    char png[4200];
    snprintf(png, sizeof png, "%s/page-tarocchini-match.png", support_page_build_dir());
    snprintf(fragment, sizeof fragment, "#/match/%s/deal/1/step/30", support_page_partie_key(m));
    support_browser_screenshot(&browser, support_page_url(fragment), 1280, 1800, 0, png);
    /* every view of the game as a demanding reader sees it: contrast in
       both schemes, a 390 px phone, touch targets (support_review.h); the
       bot page's layout is reviewed with Belote's */
    support_review_game(&browser, "tarocchini-4", support_page_partie_key(m), NULL);
    cJSON_Delete(j.parties);
    support_browser_stop(&browser);
    support_page_stop_server();
}

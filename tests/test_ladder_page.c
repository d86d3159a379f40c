/* test_ladder_page.c - the page's ladder section in a real browser
 * (Debian's headless Chromium, support_browser.h) over the real server:
 * bots registered through the API by an author, a ladder arena's report
 * of who is connected and playing, and what the page shows of them: each
 * bot's owner, status, connections and last seen, the arena's endpoint
 * and server key in a command to copy, every value as text (a bot named
 * with HTML and a key full of shell characters), nothing past a phone's
 * screen, and no section for a game without a ladder.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>
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

TestSuite(ladder_page, .init = support_page_init, .fini = suite_end, .timeout = 240);

static void open_ready(const char *fragment, int width, int mobile)
{
    support_page_open_ready(&browser, fragment, width, mobile);
}

static void call(const char *method, const char *path, const char *json, const char *token, long want)
{
    char auth[128];
    cJSON *answer = NULL;
    snprintf(auth, sizeof auth, "Authorization: Bearer %s", token);
    long status = support_page_request(method, path, json, auth, &answer);
    char *text = cJSON_PrintUnformatted(answer);
    cr_assert_eq(status, want, "%s %s: %ld %s", method, path, status, text ? text : "");
    free(text);
    cJSON_Delete(answer);
}

static void register_bot(const char *name_json, const char *key)
{
    char body[512];
    snprintf(body, sizeof body, "{\"name\":%s,\"game\":\"piquet\",\"public_key\":\"%s\"}", name_json, key);
    call("POST", "/api/v1/bots", body, SUPPORT_PAGE_AUTHOR_TOKEN, 201);
}

Test(ladder_page, shows_each_registered_bot_s_status_and_how_to_connect)
{
    char k1[41], k2[41], k3[41], arena[41], secret[41], body[1024];
    cr_assert_eq(zmq_curve_keypair(k1, secret), 0);
    cr_assert_eq(zmq_curve_keypair(k2, secret), 0);
    cr_assert_eq(zmq_curve_keypair(k3, secret), 0);
    /* A server key with a quote-free shell character in it, as Z85 keys
     * mostly have; "$" and "&" must stay as they are in the command. */
    do cr_assert_eq(zmq_curve_keypair(arena, secret), 0);
    while (!strpbrk(arena, "$&<>"));
    support_browser_start(&browser, support_scratch_path("chromium-profile"), support_scratch_path("chromium.err"));
    support_page_start_server();
    register_bot("\"" SUPPORT_PAGE_HTML_BOT "\"", k1);
    register_bot("\"idle-one\"", k2);
    register_bot("\"gone\"", k3);
    call("PUT", "/api/v1/bots/gone", "{\"game\":\"piquet\",\"retired\":true}", SUPPORT_PAGE_AUTHOR_TOKEN, 200);
    snprintf(body, sizeof body,
             "{\"game\":\"piquet\",\"endpoint\":\"tcp://ladder.example.org:5601\",\"server_key\":\"%s\",\"bots\":"
             "[{\"name\":\"" SUPPORT_PAGE_HTML_BOT "\",\"connections\":2,\"playing\":1},"
             "{\"name\":\"idle-one\",\"connections\":1,\"playing\":0}]}", arena);
    call("POST", "/api/v1/arena", body, SUPPORT_PAGE_POST_TOKEN, 200);

    open_ready("", 1280, 0);
    cJSON *seen = support_browser_eval_json(
        &browser,
        "JSON.stringify({hidden: document.getElementById('sec-ladder').hidden,"
        " rows: Array.prototype.map.call(document.querySelectorAll('#ladder-bots tbody tr'), function (tr) {"
        "   return Array.prototype.map.call(tr.cells, function (td) { return td.textContent; }); }),"
        " markup: document.querySelectorAll('#sec-ladder b, #sec-ladder script').length,"
        " endpoint: document.getElementById('ladder-endpoint').textContent,"
        " key: document.getElementById('ladder-key').textContent,"
        " command: document.getElementById('ladder-command').textContent})");
    cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(seen, "hidden")), "the ladder section is hidden");
    cr_assert_eq(cJSON_GetObjectItem(seen, "markup")->valueint, 0, "a bot's name became markup");
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(seen, "endpoint")), "tcp://ladder.example.org:5601");
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(seen, "key")), arena);
    char command[512];
    snprintf(command, sizeof command,
             "PIQUET_ENDPOINT=tcp://ladder.example.org:5601 PIQUET_SERVER_KEY='%s' PIQUET_KEY_FILE=mybot.key "
             "PIQUET_TOKEN=ladder ./my-bot", arena);
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(seen, "command")), command);
    /* By name: the HTML bot, gone, idle-one (the API's order). */
    const cJSON *rows = cJSON_GetObjectItem(seen, "rows");
    cr_assert_eq(cJSON_GetArraySize(rows), 3);
    static const char *const want[3][6] = {
        { SUPPORT_PAGE_HTML_BOT, SUPPORT_PAGE_AUTHOR, "playing", "2", "1", "" },
        { "gone", SUPPORT_PAGE_AUTHOR, "retired", "0", "0", "never" },
        { "idle-one", SUPPORT_PAGE_AUTHOR, "connected, idle", "1", "0", "" },
    };
    for (int i = 0; i < 3; i++) {
        const cJSON *row = cJSON_GetArrayItem(rows, i);
        for (int c = 0; c < 5; c++)
            cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetArrayItem(row, c)), want[i][c], "row %d cell %d", i, c);
        const char *last = cJSON_GetStringValue(cJSON_GetArrayItem(row, 5));
        if (want[i][5][0]) cr_assert_str_eq(last, want[i][5]);
        else cr_assert(last && strlen(last) >= 10 && strcmp(last, "never"), "row %d: last seen '%s'", i, last);
    }
    cJSON_Delete(seen);

    /* On a phone the command wraps: nothing of the section reaches past
     * the screen but inside the table's own scrolling box. */
    open_ready("", 390, 1);
    char *report = support_browser_eval(
        &browser,
        "(function () {"
        "  var out = [], w = 390;"
        "  if (document.documentElement.scrollWidth > w) out.push('the document is ' + document.documentElement.scrollWidth + ' px wide');"
        "  Array.prototype.forEach.call(document.querySelectorAll('#sec-ladder *'), function (e) {"
        "    var r = e.getBoundingClientRect();"
        "    if (r.width > 0 && r.right > w + 0.5 && !(e.parentElement && e.parentElement.closest('.scroll')) && out.length < 6)"
        "      out.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' reaches ' + Math.round(r.right) + ' px');"
        "  });"
        "  return out.join('; ');"
        "})()");
    cr_assert_str_eq(report, "", "the ladder overflows a 390 px phone screen: %s", report);
    free(report);
    /* the home page with its ladder as a demanding reader sees it:
       contrast in both schemes, tab stops, touch targets on a phone */
    char url[4400];
    snprintf(url, sizeof url, "%s", support_page_url(""));
    support_review_view(&browser, url, "the home page with its ladder");

    /* A game without registered bots nor an arena has no ladder section. */
    open_ready("#/game/belote-4", 1280, 0);
    char *hidden = support_browser_eval(&browser, "String(document.getElementById('sec-ladder').hidden)");
    cr_assert_str_eq(hidden, "true");
    free(hidden);
    char png[4200];
    snprintf(png, sizeof png, "%s/page-ladder.png", support_page_build_dir());
    support_browser_screenshot(&browser, support_page_url(""), 1280, 1400, 0, png);
    support_page_stop_server();
}

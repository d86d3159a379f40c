/* support_browser.h - a headless Chromium driven through the DevTools
 * protocol over a pipe, for the tests that look at a web page the way a
 * browser shows it (test_page.c): scripts run, layout done, screenshots.
 *
 * The browser is Debian's chromium: $CHROMIUM, else the first of chromium,
 * chromium-browser and google-chrome on $PATH. A missing browser fails the
 * test (`make test` must not pass without it). It runs as a child that
 * dies with the test process, with --remote-debugging-pipe: commands go to
 * its fd 3, answers and events come from its fd 4, each a JSON text ended
 * by a NUL byte. Scripts run through the protocol are not subject to the
 * page's CSP.
 *
 * Errors: every function asserts (Criterion) instead of returning one. A
 * browser that does not start, closes its pipe, stays silent for 60 s or
 * answers a command with an error fails the test. After a failed test,
 * support_browser_kill leaves no browser behind.
 */
#ifndef SUPPORT_BROWSER_H
#define SUPPORT_BROWSER_H

#include <stddef.h>
#include <sys/types.h>
#include <cjson/cJSON.h>

/* One running browser and its one page (a DevTools session). */
struct support_browser {
    pid_t pid;          /* -1: not running */
    int to, from;       /* our ends of its command and answer pipes */
    char *buf;          /* answer bytes read and not yet taken (owned) */
    size_t len;
    int next_id;        /* the id of the next command */
    char session[128];  /* the page's session id */
};

#define SUPPORT_BROWSER_INIT {.pid = -1}

/* Starts a browser with its profile in the directory profile (made if
 * missing) and its stderr appended to err_path, and opens one blank page. */
void support_browser_start(struct support_browser *b, const char *profile, const char *err_path);

/* Sends one command (params may be NULL; the call takes them over) to the
 * browser (in_session 0) or to its page (1), and returns the answer's
 * "result", which the caller deletes. Events and answers to other
 * commands are skipped. */
cJSON *support_browser_call(struct support_browser *b, const char *method, cJSON *params, int in_session);

/* The value of a script run in the page, which must be a string; the
 * caller frees it. */
char *support_browser_eval(struct support_browser *b, const char *script);

/* The same for a script whose string is JSON (JSON.stringify(...)): the
 * parsed value, which the caller frees with cJSON_Delete; asserts that it
 * parses. */
cJSON *support_browser_eval_json(struct support_browser *b, const char *script);

/* The screen: width x height CSS pixels, a phone's (mobile viewport) when
 * mobile is 1. */
void support_browser_screen(struct support_browser *b, int width, int height, int mobile);

/* Opens url through about:blank (so a new fragment is a new page, never
 * a stale one) and waits, up to 60 s (the server may run under ASan), for
 * its body's data-state attribute to say "ready" or "error": how a page
 * that builds itself by script says it is done. It does not assert which:
 * the caller reads the state. */
void support_browser_open(struct support_browser *b, const char *url);

/* Opens url on a width x height screen (a phone's when mobile) and writes
 * a PNG screenshot of it to path; asserts that it is a PNG of more than
 * 10000 bytes. */
void support_browser_screenshot(struct support_browser *b, const char *url, int width, int height, int mobile,
                                const char *path);

/* Closes the browser (Browser.close), waits for it up to 30 s, then kills
 * it. A browser not running is left alone. */
void support_browser_stop(struct support_browser *b);

/* SIGKILL and reap, for a suite's end after a failed test; a browser not
 * running is left alone. The pipes and buffer are left to the process's
 * exit. */
void support_browser_kill(struct support_browser *b);

#endif

/* support_page.h - what the page tests (test_page.c) stand on: the real
 * leaderboard server $BIN/leaderboard started in the test's scratch
 * directory (support_scratch.h) on a free port with a fresh database and a
 * token file, and a real tournament played by $BIN/arena, read from its
 * journal and posted to the server with libcurl.
 *
 * State: one server per test process (Criterion runs each test in a
 * process of its own), kept in this module; the suite starts with
 * support_page_init and ends with support_page_release, its .init and
 * .fini.
 *
 * Errors: every function asserts (Criterion) instead of returning one. The
 * server's and the arena's stderr are kept in files of the scratch
 * directory; a sanitizer report found there is copied to our stderr, where
 * `make asan` looks for one.
 */
#ifndef SUPPORT_PAGE_H
#define SUPPORT_PAGE_H

#include <cjson/cJSON.h>
#include "tests/support_browser.h"

/* The tournament's random bot: a name holding HTML, which the page must
 * show as text. */
#define SUPPORT_PAGE_HTML_BOT "<b>r&amp;"

/* The author allowed to register bots on the test's server, and the
 * token the test posts results and the arena's reports with. */
#define SUPPORT_PAGE_AUTHOR "page-author"
#define SUPPORT_PAGE_AUTHOR_TOKEN "page-author-token-21b7"
#define SUPPORT_PAGE_POST_TOKEN "page-test-token-5f1c"

/* The suite's start: the test's scratch directory, and libcurl. */
void support_page_init(void);

/* The suite's end: stops the server if it runs (SIGTERM, SIGKILL after
 * 30 s), relays sanitizer reports, removes the scratch directory. */
void support_page_release(void);

/* $BIN (build/bin by default), and $BUILD, its parent, where the
 * screenshots go (static strings). */
const char *support_page_bin_dir(void);
const char *support_page_build_dir(void);

/* Opens the page at fragment in browser, in a window width px wide (844 px
 * high on a phone, 900 otherwise), and asserts that it reached its state
 * "ready" (the page's error box, if any, in the failure). */
void support_page_open_ready(struct support_browser *browser, const char *fragment, int width, int mobile);

/* Writes text to the file path. */
void support_page_write_file(const char *path, const char *text);

/* Runs a shell command, asserts a zero exit status and returns its whole
 * stdout, which the caller frees. */
char *support_page_run(const char *cmd);

/* Starts the server on "--listen 127.0.0.1:0" with a new database and a
 * token file and waits (up to 30 s) for it to say where it listens. */
void support_page_start_server(void);

/* The end of a test that started the server: SIGTERM, and asserts that it
 * stopped cleanly (status 0) with no sanitizer report. */
void support_page_stop_server(void);

/* The server's address followed by "/" and fragment ("#/partie/..."), in
 * a static buffer that the next call overwrites. */
const char *support_page_url(const char *fragment);

/* One request to the server's path: a GET, or a POST of the JSON text
 * post with the test's bearer token. Returns the HTTP status and sets
 * *body to the answer parsed, which must be JSON (the caller deletes it). */
long support_page_http(const char *path, const char *post, cJSON **body);

/* Any request: method, path, a JSON body (NULL: none) sent with the
 * header `authorization` ("Authorization: Bearer ..."). As
 * support_page_http. */
long support_page_request(const char *method, const char *path, const char *json, const char *authorization,
                          cJSON **body);

/* The partie (or match) records of a journal. */
struct support_page_journal {
    cJSON *parties;  /* array of partie or match records, as in the journal (owned) */
    char run[32];    /* the last run id seen */
};

/* Plays the tournament into the journal path: seed 3, greedy bots g, g1
 * and g2 of three strengths, the random SUPPORT_PAGE_HTML_BOT and a bot f
 * that crashes. */
void support_page_play_tournament(const char *path);

/* Plays a round robin of Belote at `players` players into the journal
 * path: random bots r1, r2, r3 and SUPPORT_PAGE_HTML_BOT, seed 3. Asserts
 * that it finished (its matches journaled), not its exit status: `arena
 * run` may not rate another game's journal yet. */
void support_page_play_belote(const char *path, int players);

/* The match records of the journal path (another game's); asserts that
 * there is at least one. The caller deletes j->parties. */
void support_page_read_matches(const char *path, struct support_page_journal *j);

/* The partie records of the journal path, each with its run id; asserts
 * that there is at least one. The caller deletes j->parties. */
void support_page_read_journal(const char *path, struct support_page_journal *j);

/* Posts every partie of j to the server; asserts that all are stored. */
void support_page_post_journal(const struct support_page_journal *j);

/* A partie's key, "<run>-<id>", as the page's links write it, in a static
 * buffer that the next call overwrites. */
const char *support_page_partie_key(const cJSON *rec);

#endif

/* test_page.c - the leaderboard's web page in a real browser. A real
 * tournament is played by $BIN/arena (greedy bots of three strengths, a
 * random bot whose name holds HTML, a bot that crashes), the real server
 * $BIN/leaderboard is started on a free port with a database in a fresh
 * directory, the journal's partie records are posted with libcurl, and
 * Debian's headless Chromium, driven through the DevTools protocol (one
 * browser per test), opens the page. Its DOM, once the scripts ran, is
 * compared with what the arena says independently: the standings and
 * intervals of `arena ratings --json`, the crosstable counted from the
 * journal with its LOS, the rating-history lines of the API, and a deal's
 * hands, tricks and score as `arena replay` scores it. On a 390 px phone
 * screen nothing may stick out. Screenshots go to $BUILD/page.png,
 * page-phone.png and page-partie.png. The DOM is read by a few string
 * helpers that rely on how Chromium serializes it (attributes
 * double-quoted, '"' escaped as &quot;).
 */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <curl/curl.h>

#define TOKEN "page-test-token-5f1c"
#define HTML_BOT "<b>r&amp;"
#define MINUS "\xe2\x88\x92" /* U+2212, the page's minus sign */

static char dir[64];

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}
static pid_t server = -1;
static char base[64];

/* ---------- files, processes, the server ---------- */

static const char *bin_dir(void)
{
    const char *b = getenv("BIN");
    return b ? b : "build/bin";
}

/* $BUILD: the parent of $BIN (build/ or build/asan/). */
static const char *build_dir(void)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/..", bin_dir());
    return path;
}

static const char *tmp(const char *name)
{
    static char paths[16][256];
    static int next;
    char *p = paths[next++ % 16];
    snprintf(p, sizeof paths[0], "%s/%s", dir, name);
    return p;
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, len = 0;
    char *s = malloc(cap);
    cr_assert_not_null(s);
    size_t n;
    while ((n = fread(s + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (cap - len - 1 == 0) {
            cap *= 2;
            s = realloc(s, cap);
            cr_assert_not_null(s);
        }
    }
    fclose(f);
    s[len] = '\0';
    return s;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "cannot write %s", path);
    cr_assert_eq(fputs(text, f) >= 0, 1);
    cr_assert_eq(fclose(f), 0);
}

/* Runs a shell command and returns its whole stdout (free it); asserts a
   zero exit status. */
static char *run_capture(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p, "cannot run %s", cmd);
    size_t cap = 1 << 16, len = 0, n;
    char *s = malloc(cap);
    cr_assert_not_null(s);
    while ((n = fread(s + len, 1, cap - len - 1, p)) > 0) {
        len += n;
        if (cap - len - 1 == 0) {
            cap *= 2;
            s = realloc(s, cap);
            cr_assert_not_null(s);
        }
    }
    s[len] = '\0';
    int status = pclose(p);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "command failed (status %d): %s", status, cmd);
    return s;
}

/* Chromium: $CHROMIUM, else the first of the usual names on $PATH. A
   missing browser fails the test: `make test` must not pass without it. */
static const char *chromium(void)
{
    static char found[4096];
    const char *env = getenv("CHROMIUM");
    if (env && *env)
        return env;
    const char *names[] = {"chromium", "chromium-browser", "google-chrome"};
    const char *path = getenv("PATH");
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *p = path ? path : "/usr/bin:/bin";
        while (*p) {
            const char *end = strchr(p, ':');
            size_t len = end ? (size_t)(end - p) : strlen(p);
            snprintf(found, sizeof found, "%.*s/%s", (int)len, p, names[i]);
            if (len > 0 && access(found, X_OK) == 0)
                return found;
            p += len + (end ? 1 : 0);
        }
    }
    cr_assert_fail("headless Chromium is needed for the page test and was not found on $PATH: "
                   "install Debian's chromium (tools/deps.sh does: apt-get install chromium) "
                   "or set CHROMIUM=/path/to/chromium");
    return NULL;
}

static void make_dir(void)
{
    strcpy(dir, "/tmp/test_page.XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    cr_assert_eq(curl_global_init(CURL_GLOBAL_DEFAULT), CURLE_OK);
}

/* A program's stderr kept in a file: a sanitizer report in it is copied
   to our stderr, where `make asan` looks for one. Returns 1 if there was. */
static int relay_sanitizer(const char *path)
{
    char *text = read_file(path);
    int found = text && (strstr(text, "Sanitizer") || strstr(text, "runtime error:"));
    if (found)
        fprintf(stderr, "%s:\n%s\n", path, text);
    free(text);
    return found;
}

/* SIGTERM, then the exit status (-1: had to be killed after 30 s). */
static int stop_server(void)
{
    if (server <= 0)
        return 0;
    kill(server, SIGTERM);
    int status = 0;
    for (int i = 0; i < 600; i++) { /* 30 s: ASan makes the exit slow */
        if (waitpid(server, &status, WNOHANG) == server) {
            server = -1;
            return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        }
        sleep_ms(50);
    }
    kill(server, SIGKILL);
    waitpid(server, &status, 0);
    server = -1;
    return -1;
}

/* The end of a test that started the server: it stops cleanly on SIGTERM. */
static void stop_server_cleanly(void)
{
    int status = stop_server();
    char *err = read_file(tmp("server.err"));
    cr_assert_eq(relay_sanitizer(tmp("server.err")), 0, "the server's sanitizer report is above");
    cr_assert_eq(status, 0, "the server stops cleanly on SIGTERM (status %d): %s", status, err ? err : "");
    free(err);
}

static void kill_browser(void);

static void remove_dir(void)
{
    kill_browser();
    stop_server();
    relay_sanitizer(tmp("server.err"));
    relay_sanitizer(tmp("arena.out"));
    curl_global_cleanup();
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

TestSuite(page, .init = make_dir, .fini = remove_dir, .timeout = 240);

/* Starts $BIN/leaderboard on a free port ("--listen 127.0.0.1:0") with a
   new database and a token file; waits for its "listening on" line. */
static void start_server(void)
{
    write_file(tmp("tokens"), "# the page test's poster\n" TOKEN "\n");
    char exe[4096], out[256], err[256], db[256], tokens[256];
    snprintf(exe, sizeof exe, "%s/leaderboard", bin_dir());
    snprintf(out, sizeof out, "%s", tmp("server.out"));
    snprintf(err, sizeof err, "%s", tmp("server.err"));
    snprintf(db, sizeof db, "%s", tmp("leaderboard.db"));
    snprintf(tokens, sizeof tokens, "%s", tmp("tokens"));
    cr_assert_eq(access(exe, X_OK), 0, "no server at %s", exe);
    server = fork();
    cr_assert_geq(server, 0);
    if (server == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);   /* dies with the test, whatever ends it */
        if (!freopen(out, "w", stdout) || !freopen(err, "w", stderr))
            _exit(127);
        unsetenv("LEADERBOARD_TOKENS");
        execl(exe, exe, "--db", db, "--listen", "127.0.0.1:0", "--token-file", tokens, (char *)NULL);
        _exit(127);
    }
    int port = 0;
    for (int i = 0; i < 600 && port == 0; i++) {
        char *text = read_file(out);
        const char *at = text ? strstr(text, "listening on http://127.0.0.1:") : NULL;
        if (at && strchr(at, '\n'))
            port = atoi(at + strlen("listening on http://127.0.0.1:"));
        free(text);
        int status;
        if (port == 0 && waitpid(server, &status, WNOHANG) == server) {
            server = -1;
            char *why = read_file(err);
            cr_assert_fail("the leaderboard server exited at start: %s", why ? why : "?");
        }
        if (port == 0)
            sleep_ms(50);
    }
    cr_assert_gt(port, 0, "the leaderboard server did not say where it listens within 30 s");
    snprintf(base, sizeof base, "http://127.0.0.1:%d", port);
}

struct buffer {
    char *text;
    size_t len;
};

static size_t collect(char *data, size_t size, size_t n, void *userdata)
{
    struct buffer *b = userdata;
    char *bigger = realloc(b->text, b->len + size * n + 1);
    if (!bigger)
        return 0;
    b->text = bigger;
    memcpy(b->text + b->len, data, size * n);
    b->len += size * n;
    b->text[b->len] = '\0';
    return size * n;
}

/* One HTTP request with libcurl; returns the status and the parsed body. */
static long http(const char *path, const char *post, cJSON **body)
{
    char url[512];
    snprintf(url, sizeof url, "%s%s", base, path);
    CURL *curl = curl_easy_init();
    cr_assert_not_null(curl);
    struct buffer b = {NULL, 0};
    struct curl_slist *headers = NULL;
    cr_assert_eq(curl_easy_setopt(curl, CURLOPT_URL, url), CURLE_OK);
    cr_assert_eq(curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect), CURLE_OK);
    cr_assert_eq(curl_easy_setopt(curl, CURLOPT_WRITEDATA, &b), CURLE_OK);
    cr_assert_eq(curl_easy_setopt(curl, CURLOPT_TIMEOUT, 120L), CURLE_OK);
    if (post) {
        headers = curl_slist_append(headers, "Authorization: Bearer " TOKEN);
        cr_assert_not_null(headers);
        headers = curl_slist_append(headers, "Content-Type: application/json");
        cr_assert_not_null(headers);
        cr_assert_eq(curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers), CURLE_OK);
        cr_assert_eq(curl_easy_setopt(curl, CURLOPT_POSTFIELDS, post), CURLE_OK);
    }
    CURLcode rc = curl_easy_perform(curl);
    cr_assert_eq(rc, CURLE_OK, "%s: %s", url, curl_easy_strerror(rc));
    long status = 0;
    cr_assert_eq(curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status), CURLE_OK);
    *body = b.text ? cJSON_Parse(b.text) : NULL;
    cr_assert_not_null(*body, "%s answered %ld with no JSON: %s", url, status, b.text ? b.text : "");
    free(b.text);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    return status;
}

/* ---------- the tournament ---------- */

struct journal {
    cJSON *parties; /* array of partie records, as in the journal */
    char run[32];
};

static void play_tournament(const char *path)
{
    const char *b = bin_dir();
    char cmd[4096];
    /* Seed 3 gives significant results (greedy over its weaker variants),
       a random bot the fit cannot rate, and a crashing bot disqualified. */
    snprintf(cmd, sizeof cmd,
             "'%s/arena' run --seed 3 --pairs 3 --quiet --journal '%s' --log-dir '%s'"
             " --bot g='%s/bot-greedy' --bot g1='%s/bot-greedy --exchange 1'"
             " --bot g2='%s/bot-greedy --exchange 2' --bot '" HTML_BOT "'='%s/bot-random'"
             " --bot f='%s/bot-faulty --mode crash --after 40' > '%s' 2>&1",
             b, path, tmp("logs"), b, b, b, b, b, tmp("arena.out"));
    int status = system(cmd);
    cr_assert_eq(relay_sanitizer(tmp("arena.out")), 0, "the arena's sanitizer report is above");
    char *out = read_file(tmp("arena.out"));
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "arena run failed: %s", out ? out : "");
    free(out);
}

static void read_journal(const char *path, struct journal *j)
{
    char *text = read_file(path);
    cr_assert_not_null(text, "no journal %s", path);
    j->parties = cJSON_CreateArray();
    cr_assert_not_null(j->parties);
    j->run[0] = '\0';
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        cJSON *rec = cJSON_Parse(line);
        cr_assert_not_null(rec, "journal line is not JSON: %.80s", line);
        const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "type"));
        const char *run = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "run"));
        if (type && strcmp(type, "header") == 0 && run)
            snprintf(j->run, sizeof j->run, "%s", run);
        if (type && strcmp(type, "partie") == 0) {
            if (!run) { /* older journals keep the run id in the header only */
                cr_assert_neq(j->run[0], '\0', "a partie record before any run id");
                cr_assert_not_null(cJSON_AddStringToObject(rec, "run", j->run));
            } else {
                snprintf(j->run, sizeof j->run, "%s", run);
            }
            cr_assert(cJSON_AddItemToArray(j->parties, rec));
        } else {
            cJSON_Delete(rec);
        }
    }
    free(text);
    cr_assert_gt(cJSON_GetArraySize(j->parties), 0, "the journal holds no partie");
}

static void post_journal(const struct journal *j)
{
    char *body = cJSON_PrintUnformatted(j->parties);
    cr_assert_not_null(body);
    cJSON *answer = NULL;
    long status = http("/api/v1/parties", body, &answer);
    char *shown = cJSON_PrintUnformatted(answer);
    cr_assert_eq(status, 200, "posting the journal: %ld %s", status, shown);
    cr_assert_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(answer, "stored")), cJSON_GetArraySize(j->parties),
                 "every partie stored: %s", shown);
    free(shown);
    free(body);
    cJSON_Delete(answer);
}

static char *partie_key(const cJSON *rec)
{
    static char key[64];
    snprintf(key, sizeof key, "%s-%d", cJSON_GetStringValue(cJSON_GetObjectItem(rec, "run")),
             (int)cJSON_GetNumberValue(cJSON_GetObjectItem(rec, "id")));
    return key;
}

/* ---------- the browser, driven through the DevTools protocol ---------- */

/* One headless Chromium per test, started with --remote-debugging-pipe: it
   reads commands on its fd 3 and writes answers and events on its fd 4,
   each a JSON text ended by a NUL byte. A page is opened through
   about:blank (so a new hash is a new page, never a stale one) and read
   once its body's data-state is "ready" or "error"; its DOM is taken as
   serialized (documentElement.outerHTML). Scripts run through the protocol
   are not subject to the page's CSP. */
struct devtools {
    pid_t pid;
    int to, from;
    char *buf;
    size_t len;
    int next_id;
    char session[128];
};

static struct devtools browser = {.pid = -1};

static cJSON *browser_call(const char *method, cJSON *params, int in_session);

static void browser_start(void)
{
    struct devtools *d = &browser;
    int in[2], out[2];
    char profile[256];
    snprintf(profile, sizeof profile, "%s/chromium-profile", dir);
    const char *exe = chromium();
    cr_assert_eq(pipe(in), 0);
    cr_assert_eq(pipe(out), 0);
    signal(SIGPIPE, SIG_IGN);
    d->pid = fork();
    cr_assert_geq(d->pid, 0);
    if (d->pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        /* lift both ends above 4 first so that neither dup2 clobbers the other */
        int r = fcntl(in[0], F_DUPFD, 10), w = fcntl(out[1], F_DUPFD, 10);
        if (r < 0 || w < 0 || dup2(r, 3) != 3 || dup2(w, 4) != 4 || !freopen(tmp("chromium.err"), "a", stderr) ||
            !freopen("/dev/null", "w", stdout))
            _exit(127);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        close(r);
        close(w);
        char user[300];
        snprintf(user, sizeof user, "--user-data-dir=%s", profile);
        execl(exe, exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
              "--disable-component-update", "--disable-sync", "--disable-extensions", "--no-first-run",
              "--hide-scrollbars", user, "--remote-debugging-pipe", "about:blank", (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    d->to = in[1];
    d->from = out[0];
    d->buf = NULL;
    d->len = 0;
    d->next_id = 1;
    d->session[0] = '\0';

    cJSON *p = cJSON_CreateObject();
    cr_assert_not_null(p);
    cr_assert_not_null(cJSON_AddStringToObject(p, "url", "about:blank"));
    cJSON *target = browser_call("Target.createTarget", p, 0);
    p = cJSON_CreateObject();
    cr_assert_not_null(p);
    cr_assert_not_null(
        cJSON_AddStringToObject(p, "targetId", cJSON_GetStringValue(cJSON_GetObjectItem(target, "targetId"))));
    cr_assert_not_null(cJSON_AddTrueToObject(p, "flatten"));
    cJSON *attached = browser_call("Target.attachToTarget", p, 0);
    const char *session = cJSON_GetStringValue(cJSON_GetObjectItem(attached, "sessionId"));
    cr_assert_not_null(session);
    snprintf(d->session, sizeof d->session, "%s", session);
    cJSON_Delete(target);
    cJSON_Delete(attached);
}

/* One command; returns its "result" (the caller deletes it). Events and
   answers to other ids are skipped. */
static cJSON *browser_call(const char *method, cJSON *params, int in_session)
{
    struct devtools *d = &browser;
    int id = d->next_id++;
    cJSON *msg = cJSON_CreateObject();
    cr_assert_not_null(msg);
    cr_assert_not_null(cJSON_AddNumberToObject(msg, "id", id));
    cr_assert_not_null(cJSON_AddStringToObject(msg, "method", method));
    cr_assert(cJSON_AddItemToObject(msg, "params", params ? params : cJSON_CreateObject()));
    if (in_session)
        cr_assert_not_null(cJSON_AddStringToObject(msg, "sessionId", d->session));
    char *text = cJSON_PrintUnformatted(msg);
    cr_assert_not_null(text);
    size_t n = strlen(text) + 1, done = 0; /* with its NUL */
    while (done < n) {
        ssize_t w = write(d->to, text + done, n - done);
        cr_assert_gt(w, 0, "chromium closed its DevTools pipe (sending %s)", method);
        done += (size_t)w;
    }
    free(text);
    cJSON_Delete(msg);
    for (;;) {
        char *end = d->buf ? memchr(d->buf, '\0', d->len) : NULL;
        while (!end) {
            struct pollfd pfd = {d->from, POLLIN, 0};
            cr_assert_eq(poll(&pfd, 1, 60000), 1, "chromium did not answer %s within 60 s", method);
            char chunk[65536];
            ssize_t r = read(d->from, chunk, sizeof chunk);
            cr_assert_gt(r, 0, "chromium closed its DevTools pipe (waiting for %s)", method);
            d->buf = realloc(d->buf, d->len + (size_t)r);
            cr_assert_not_null(d->buf);
            memcpy(d->buf + d->len, chunk, (size_t)r);
            d->len += (size_t)r;
            end = memchr(d->buf, '\0', d->len);
        }
        size_t used = (size_t)(end - d->buf) + 1;
        cJSON *answer = cJSON_ParseWithLength(d->buf, used - 1);
        memmove(d->buf, d->buf + used, d->len - used);
        d->len -= used;
        cr_assert_not_null(answer, "chromium sent something that is not JSON");
        const cJSON *aid = cJSON_GetObjectItem(answer, "id");
        if (!cJSON_IsNumber(aid) || aid->valueint != id) {
            cJSON_Delete(answer);
            continue;
        }
        const cJSON *err = cJSON_GetObjectItem(answer, "error");
        char *shown = err ? cJSON_PrintUnformatted(err) : NULL;
        cr_assert_null(err, "DevTools %s failed: %s", method, shown ? shown : "");
        cJSON *result = cJSON_DetachItemFromObject(answer, "result");
        cJSON_Delete(answer);
        cr_assert_not_null(result);
        return result;
    }
}

/* A script's value, which must be a string (free it). */
static char *browser_eval(const char *script)
{
    cJSON *p = cJSON_CreateObject();
    cr_assert_not_null(p);
    cr_assert_not_null(cJSON_AddStringToObject(p, "expression", script));
    cr_assert_not_null(cJSON_AddTrueToObject(p, "returnByValue"));
    cJSON *r = browser_call("Runtime.evaluate", p, 1);
    const char *v = cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetObjectItem(r, "result"), "value"));
    cr_assert_not_null(v, "the script gave no string: %.200s", script);
    char *copy = strdup(v);
    cr_assert_not_null(copy);
    cJSON_Delete(r);
    return copy;
}

/* The screen: width x height CSS pixels, a phone's (mobile viewport) or not. */
static void browser_screen(int width, int height, int mobile)
{
    cJSON *p = cJSON_CreateObject();
    cr_assert_not_null(p);
    cr_assert_not_null(cJSON_AddNumberToObject(p, "width", width));
    cr_assert_not_null(cJSON_AddNumberToObject(p, "height", height));
    cr_assert_not_null(cJSON_AddNumberToObject(p, "deviceScaleFactor", 1));
    cr_assert_not_null(cJSON_AddBoolToObject(p, "mobile", mobile));
    cJSON_Delete(browser_call("Emulation.setDeviceMetricsOverride", p, 1));
}

/* Opens base + fragment and waits (up to 60 s: the server may run under
   ASan) until the page is "ready" or shows an "error". */
static void browser_open(const char *fragment)
{
    char url[512];
    snprintf(url, sizeof url, "%s/%s", base, fragment);
    const char *urls[2] = {"about:blank", url};
    for (int k = 0; k < 2; k++) {
        cJSON *p = cJSON_CreateObject();
        cr_assert_not_null(p);
        cr_assert_not_null(cJSON_AddStringToObject(p, "url", urls[k]));
        cJSON_Delete(browser_call("Page.navigate", p, 1));
    }
    for (int t = 0; t < 600; t++) {
        char *state = browser_eval("String(document.URL.indexOf('about:') !== 0 && document.body"
                                   " && document.body.getAttribute('data-state'))");
        int done = strcmp(state, "ready") == 0 || strcmp(state, "error") == 0;
        free(state);
        if (done)
            return;
        sleep_ms(100);
    }
}

static void browser_stop(void)
{
    struct devtools *d = &browser;
    if (d->pid <= 0)
        return;
    cJSON_Delete(browser_call("Browser.close", NULL, 0));
    close(d->to);
    close(d->from);
    free(d->buf);
    d->buf = NULL;
    int status;
    for (int i = 0; i < 600 && waitpid(d->pid, &status, WNOHANG) != d->pid; i++) {
        if (i == 599) {
            kill(d->pid, SIGKILL);
            waitpid(d->pid, &status, 0);
        }
        sleep_ms(50);
    }
    d->pid = -1;
}

/* After a failed test: no browser left behind. */
static void kill_browser(void)
{
    if (browser.pid <= 0)
        return;
    kill(browser.pid, SIGKILL);
    waitpid(browser.pid, NULL, 0);
    browser.pid = -1;
}

/* The DOM of the page at base + fragment on a laptop screen, after its
   scripts ran (free it). */
static char *dump_dom(const char *fragment)
{
    browser_screen(1280, 900, 0);
    browser_open(fragment);
    char *dom = browser_eval("document.documentElement.outerHTML");
    cr_assert_not_null(strstr(dom, "</html>"), "no DOM from chromium for %s", fragment);
    return dom;
}

static int base64_value(char c)
{
    const char *digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const char *at = c ? strchr(digits, c) : NULL;
    return at ? (int)(at - digits) : -1;
}

/* A screenshot of the page at fragment, width x height, into $BUILD/name. */
static void screenshot(const char *fragment, const char *name, int width, int height, int mobile)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", build_dir(), name);
    unlink(path);
    browser_screen(width, height, mobile);
    browser_open(fragment);
    cJSON *p = cJSON_CreateObject();
    cr_assert_not_null(p);
    cr_assert_not_null(cJSON_AddStringToObject(p, "format", "png"));
    cJSON *shot = browser_call("Page.captureScreenshot", p, 1);
    const char *data = cJSON_GetStringValue(cJSON_GetObjectItem(shot, "data"));
    cr_assert_not_null(data, "no screenshot data for %s", name);
    size_t n = strlen(data), len = 0;
    unsigned char *png = malloc(n / 4 * 3 + 3);
    cr_assert_not_null(png);
    unsigned bits = 0;
    int have = 0;
    for (size_t i = 0; i < n && data[i] != '='; i++) {
        int v = base64_value(data[i]);
        cr_assert_geq(v, 0, "screenshot data is not base64");
        bits = (bits << 6) | (unsigned)v;
        have += 6;
        if (have >= 8) {
            have -= 8;
            png[len++] = (unsigned char)(bits >> have);
            bits &= (1u << have) - 1;
        }
    }
    cJSON_Delete(shot);
    cr_assert_gt(len, 10000, "%s is too small to show the page (%zu bytes)", name, len);
    cr_assert_eq(memcmp(png, "\x89PNG", 4), 0, "%s is not a PNG", name);
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f, "cannot write %s", path);
    cr_assert_eq(fwrite(png, 1, len, f), len);
    cr_assert_eq(fclose(f), 0);
    free(png);
}

/* Lays each page out on a phone (390 x 844, mobile) and checks that the
   document is no wider than the screen and that nothing but the tables'
   own scrolling boxes reaches past its right edge. */
static void check_phone_layout(const char **fragments, int n)
{
    browser_screen(390, 844, 1);
    for (int i = 0; i < n; i++) {
        const char *name = fragments[i][0] ? fragments[i] : "/";
        browser_open(fragments[i]);
        char *state = browser_eval("String(document.body.getAttribute('data-state'))");
        cr_assert_str_eq(state, "ready", "%s is not ready on a phone", name);
        free(state);
        char *report = browser_eval(
            "(function () {"
            "  var out = [], w = 390;"
            "  if (document.documentElement.scrollWidth > w)"
            "    out.push('the document is ' + document.documentElement.scrollWidth + ' px wide');"
            "  Array.prototype.forEach.call(document.querySelectorAll('body *'), function (e) {"
            "    var r = e.getBoundingClientRect();"
            "    if (r.width > 0 && r.right > w + 0.5 && !(e.parentElement && e.parentElement.closest('.scroll'))"
            "        && out.length < 6)"
            "      out.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' reaches ' + Math.round(r.right) + ' px');"
            "  });"
            "  return out.join('; ');"
            "})()");
        cr_assert_str_eq(report, "", "%s overflows a 390 px phone screen: %s", name, report);
        free(report);
    }
}

/* ---------- reading the serialized DOM ---------- */

struct elem {
    const char *open;    /* '<' of the start tag */
    const char *inner;   /* just after the start tag's '>' */
    const char *close;   /* '<' of the matching end tag */
    char tag[16];
};

static void unescape(const char *s, size_t n, char *out, size_t cap)
{
    static const struct { const char *ent, *text; } ents[] = {
        {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&nbsp;", "\xc2\xa0"}};
    size_t o = 0;
    for (size_t i = 0; i < n && o + 4 < cap;) {
        size_t k = 0, count = sizeof ents / sizeof ents[0];
        if (s[i] == '&')
            for (k = 0; k < count; k++)
                if (strncmp(s + i, ents[k].ent, strlen(ents[k].ent)) == 0)
                    break;
        if (s[i] == '&' && k < count) {
            o += (size_t)snprintf(out + o, cap - o, "%s", ents[k].text);
            i += strlen(ents[k].ent);
        } else {
            out[o++] = s[i++];
        }
    }
    out[o] = '\0';
}

/* The end of a start tag: its '>' outside quoted attribute values. */
static const char *tag_end(const char *p)
{
    int quoted = 0;
    for (; *p; p++) {
        if (*p == '"')
            quoted = !quoted;
        else if (*p == '>' && !quoted)
            return p;
    }
    return NULL;
}

/* The next element <tag ...> at or after p, with its matching end tag. */
static int next_elem(const char *p, const char *end, const char *tag, struct elem *e)
{
    char open[24], close[24];
    snprintf(open, sizeof open, "<%s", tag);
    snprintf(close, sizeof close, "</%s>", tag);
    size_t ol = strlen(open);
    for (const char *at = strstr(p, open); at && (!end || at < end); at = strstr(at + 1, open)) {
        if (at[ol] != ' ' && at[ol] != '>')
            continue;
        const char *gt = tag_end(at);
        cr_assert_not_null(gt);
        int depth = 1;
        const char *q = gt + 1;
        while (depth > 0) {
            const char *o = strstr(q, open), *c = strstr(q, close);
            cr_assert_not_null(c, "no </%s> in the DOM", tag);
            if (o && o < c && (o[ol] == ' ' || o[ol] == '>')) {
                depth++;
                q = o + ol;
            } else if (o && o < c) {
                q = o + ol;
            } else {
                depth--;
                q = c + strlen(close);
                if (depth == 0) {
                    e->open = at;
                    e->inner = gt + 1;
                    e->close = c;
                    snprintf(e->tag, sizeof e->tag, "%s", tag);
                    return 1;
                }
            }
        }
    }
    return 0;
}

/* An attribute's unescaped value; 0 when the element has none. */
static int attr(const struct elem *e, const char *name, char *out, size_t cap)
{
    char pat[64];
    snprintf(pat, sizeof pat, " %s=\"", name);
    const char *gt = tag_end(e->open), *at = strstr(e->open, pat);
    out[0] = '\0';
    if (!at || at > gt)
        return 0;
    const char *v = at + strlen(pat), *q = strchr(v, '"');
    unescape(v, (size_t)(q - v), out, cap);
    return 1;
}

static int has_class(const struct elem *e, const char *cls)
{
    char v[512];
    if (!attr(e, "class", v, sizeof v))
        return 0;
    for (char *w = strtok(v, " "); w; w = strtok(NULL, " "))
        if (strcmp(w, cls) == 0)
            return 1;
    return 0;
}

/* Text content: the inner HTML without tags, unescaped. */
static void text(const struct elem *e, char *out, size_t cap)
{
    char *raw = malloc((size_t)(e->close - e->inner) + 1);
    cr_assert_not_null(raw);
    size_t n = 0;
    for (const char *p = e->inner; p < e->close; p++) {
        if (*p == '<') {
            p = tag_end(p);
            continue;
        }
        raw[n++] = *p;
    }
    unescape(raw, n, out, cap);
    free(raw);
}

/* The first element <tag> inside [from, to) whose attribute name has the
   given value (or, for "class", holds that class). */
static int find(const char *from, const char *to, const char *tag, const char *name, const char *value,
                struct elem *e)
{
    const char *p = from;
    while (next_elem(p, to, tag, e)) {
        char v[1024];
        if (strcmp(name, "class") == 0 ? has_class(e, value) : attr(e, name, v, sizeof v) && strcmp(v, value) == 0)
            return 1;
        p = e->open + 1;
    }
    return 0;
}

static void by_id(const char *dom, const char *tag, const char *id, struct elem *e)
{
    cr_assert(find(dom, NULL, tag, "id", id, e), "no <%s id=\"%s\"> in the page", tag, id);
}

/* Every element <tag class="cls"> inside e, in document order (at most max). */
static int all(const struct elem *in, const char *tag, const char *cls, struct elem *out, int max)
{
    int n = 0;
    const char *p = in->inner;
    struct elem e;
    while (n < max && find(p, in->close, tag, "class", cls, &e) && e.open < in->close) {
        out[n++] = e;
        p = e.close;
    }
    return n;
}

static double number_in(const char *s)
{
    /* the page writes U+2212 for minus */
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    char *m = strstr(buf, MINUS);
    if (m) {
        *m = '-';
        memmove(m + 1, m + strlen(MINUS), strlen(m + strlen(MINUS)) + 1);
    }
    char *p = buf;
    while (*p && !(*p == '-' || (*p >= '0' && *p <= '9')))
        p++;
    char *end;
    double x = strtod(p, &end);
    cr_assert_neq(end, p, "no number in '%s'", s);
    return x;
}

/* The page's state: "ready" once every fetch is shown; otherwise the error box says why. */
static void assert_ready(const char *dom, const char *where)
{
    struct elem body, err;
    char state[32], why[2048] = "";
    cr_assert(next_elem(dom, NULL, "body", &body));
    attr(&body, "data-state", state, sizeof state);
    if (find(dom, NULL, "div", "id", "error", &err))
        text(&err, why, sizeof why);
    cr_assert_str_eq(state, "ready", "%s: the page is not ready (%s): %s", where, state, why);
}

/* ---------- expectations from the journal ---------- */

struct tally {
    char name[64];
    int wins, draws, losses, faults;
};

static struct tally *tally_of(struct tally *t, int *n, const char *name)
{
    for (int i = 0; i < *n; i++)
        if (strcmp(t[i].name, name) == 0)
            return &t[i];
    cr_assert_lt(*n, 16);
    memset(&t[*n], 0, sizeof t[*n]);
    snprintf(t[*n].name, sizeof t[*n].name, "%s", name);
    return &t[(*n)++];
}

/* Wins, draws, losses and faults of each bot, and of each ordered pairing
   (pair[i][j]: bot i against bot j, indices into names). */
static void count(const struct journal *j, struct tally *bots, int *nbots, int pair[16][16][3],
                  char names[16][64], int nnames)
{
    memset(pair, 0, sizeof(int) * 16 * 16 * 3);
    const cJSON *rec;
    cJSON_ArrayForEach(rec, j->parties) {
        const cJSON *players = cJSON_GetObjectItem(rec, "players");
        const char *winner = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "winner"));
        const char *seat[2] = {"A", "B"};
        int idx[2] = {-1, -1};
        for (int s = 0; s < 2; s++) {
            const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(players, seat[s]));
            cr_assert_not_null(name);
            for (int k = 0; k < nnames; k++)
                if (strcmp(names[k], name) == 0)
                    idx[s] = k;
            struct tally *t = tally_of(bots, nbots, name);
            int result = !winner ? 1 : strcmp(winner, seat[s]) == 0 ? 0 : 2; /* 0 win, 1 draw, 2 loss */
            if (result == 0) t->wins++;
            if (result == 1) t->draws++;
            if (result == 2) t->losses++;
            const cJSON *kinds = cJSON_GetObjectItem(cJSON_GetObjectItem(rec, "faults"), seat[s]), *k;
            cJSON_ArrayForEach(k, kinds) t->faults += (int)cJSON_GetNumberValue(k);
        }
        for (int s = 0; s < 2; s++)
            if (idx[0] >= 0 && idx[1] >= 0) {
                int result = !winner ? 1 : strcmp(winner, seat[s]) == 0 ? 0 : 2;
                pair[idx[s]][idx[1 - s]][result]++;
            }
    }
}

/* "146" or "−146": how the page writes a rating. */
static void whole(double x, char *out, size_t cap)
{
    long r = lround(x);
    if (r < 0)
        snprintf(out, cap, MINUS "%ld", -r);
    else
        snprintf(out, cap, "%ld", r);
}

/* ---------- the checks ---------- */

static void check_standings(const char *dom, const cJSON *ratings, struct tally *t, int nt, int parties)
{
    struct elem table, rows[16], cell;
    char got[512], want[512];
    by_id(dom, "table", "standings", &table);
    const cJSON *bots = cJSON_GetObjectItem(ratings, "bots"), *b;
    int n = all(&table, "tr", "bot-row", rows, 16);
    cr_assert_eq(n, cJSON_GetArraySize(bots), "one standings row per bot: %d rows, %d bots", n,
                 cJSON_GetArraySize(bots));
    int grouped = 0, rated = 0, i = 0;
    cJSON_ArrayForEach(b, bots) grouped |= cJSON_GetNumberValue(cJSON_GetObjectItem(b, "group")) > 1;
    cJSON_ArrayForEach(b, bots) {
        const struct elem *row = &rows[i++];
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(b, "name"));
        const char *status = cJSON_GetStringValue(cJSON_GetObjectItem(b, "status"));
        const cJSON *rank = cJSON_GetObjectItem(b, "rank"), *group = cJSON_GetObjectItem(b, "group");
        attr(row, "data-bot", got, sizeof got);
        cr_assert_str_eq(got, name, "standings row %d is %s, arena ratings says %s", i, got, name);

        cr_assert(find(row->inner, row->close, "td", "class", "bot", &cell));
        text(&cell, got, sizeof got);
        cr_assert_str_eq(got, name, "row %d shows the bot's name as text", i);

        cr_assert(find(row->inner, row->close, "td", "class", "rank", &cell));
        text(&cell, got, sizeof got);
        if (!cJSON_IsNumber(rank))
            snprintf(want, sizeof want, "\xe2\x80\x93"); /* an en dash: no rank */
        else if (grouped && cJSON_IsNumber(group))
            snprintf(want, sizeof want, "%d\xc2\xb7%d", group->valueint, rank->valueint);
        else
            snprintf(want, sizeof want, "%d", rank->valueint);
        cr_assert_str_eq(got, want, "%s's rank", name);

        cr_assert(find(row->inner, row->close, "td", "class", "rating", &cell));
        if (strcmp(status, "rated") == 0) {
            rated++;
            double rating = cJSON_GetNumberValue(cJSON_GetObjectItem(b, "rating"));
            double lo = cJSON_GetNumberValue(cJSON_GetObjectItem(b, "ci_low"));
            double hi = cJSON_GetNumberValue(cJSON_GetObjectItem(b, "ci_high"));
            attr(row, "data-rating", got, sizeof got);
            cr_assert_float_eq(strtod(got, NULL), rating, 1e-6 * (1 + fabs(rating)), "%s's rating %s", name, got);
            struct elem v;
            cr_assert(find(cell.inner, cell.close, "span", "class", "rating-value", &v));
            text(&v, got, sizeof got);
            whole(rating, want, sizeof want);
            cr_assert(strcmp(got, want) == 0 || fabs(number_in(got) - rating) <= 0.5 + 1e-9,
                      "%s's rating shown %s, want %s", name, got, want);
            cr_assert(find(cell.inner, cell.close, "span", "class", "pm", &v));
            text(&v, got, sizeof got);
            cr_assert(fabs(number_in(got) - (hi - lo) / 2) <= 0.5 + 1e-9, "%s's interval shown %s, want +-%.2f",
                      name, got, (hi - lo) / 2);
            cr_assert(find(row->inner, row->close, "svg", "class", "ibar", &v), "%s has an interval bar", name);
        } else {
            text(&cell, got, sizeof got);
            cr_assert_str_eq(got, status, "an unrated bot shows why (%s)", name);
        }

        struct tally *mine = NULL;
        for (int k = 0; k < nt; k++)
            if (strcmp(t[k].name, name) == 0)
                mine = &t[k];
        cr_assert_not_null(mine, "%s is in the journal", name);
        cr_assert(find(row->inner, row->close, "td", "class", "parties", &cell));
        text(&cell, got, sizeof got);
        cr_assert_eq(atoi(got), mine->wins + mine->draws + mine->losses, "%s's parties", name);
        cr_assert(find(row->inner, row->close, "td", "class", "wdl", &cell));
        text(&cell, got, sizeof got);
        snprintf(want, sizeof want, "%d-%d-%d", mine->wins, mine->draws, mine->losses);
        cr_assert_str_eq(got, want, "%s's W-D-L", name);
        cr_assert(find(row->inner, row->close, "td", "class", "score", &cell));
        text(&cell, got, sizeof got);
        double pct = 100.0 * (mine->wins + 0.5 * mine->draws) / (mine->wins + mine->draws + mine->losses);
        cr_assert(fabs(number_in(got) - pct) <= 0.05 + 1e-9, "%s's score %s, want %.2f%%", name, got, pct);
        cr_assert(find(row->inner, row->close, "td", "class", "faults", &cell));
        text(&cell, got, sizeof got);
        cr_assert_eq(atoi(got), mine->faults, "%s's faults: %s, want %d", name, got, mine->faults);
    }
    cr_assert_geq(rated, 2, "the tournament rates at least two bots");

    struct elem sum;
    by_id(dom, "b", "sum-parties", &sum);
    text(&sum, got, sizeof got);
    cr_assert_eq(atoi(got), parties, "the header counts %s parties, %d posted", got, parties);
    by_id(dom, "b", "sum-bots", &sum);
    text(&sum, got, sizeof got);
    cr_assert_eq(atoi(got), cJSON_GetArraySize(bots), "the header counts the bots");
}

static void check_crosstable(const char *dom, const cJSON *ratings, int pair[16][16][3], char names[16][64],
                             int n)
{
    struct elem table, cell, tbody;
    char got[512], want[512];
    by_id(dom, "table", "crosstable", &table);
    cr_assert(next_elem(table.inner, table.close, "tbody", &tbody));
    const cJSON *los = cJSON_GetObjectItem(ratings, "los");
    int significant = 0, cells = 0;
    const char *p = tbody.inner;
    while (find(p, tbody.close, "td", "class", "cell", &cell)) {
        p = cell.close;
        char row[128], col[128];
        attr(&cell, "data-row", row, sizeof row);
        attr(&cell, "data-col", col, sizeof col);
        int i = -1, j = -1;
        for (int k = 0; k < n; k++) {
            if (strcmp(names[k], row) == 0) i = k;
            if (strcmp(names[k], col) == 0) j = k;
        }
        cr_assert(i >= 0 && j >= 0, "crosstable cell of unknown bots %s / %s", row, col);
        cr_assert_eq(i, cells / n, "crosstable rows in standings order (%s)", row);
        cr_assert_eq(j, cells % n, "crosstable columns in standings order (%s)", col);
        cells++;
        int w = pair[i][j][0], d = pair[i][j][1], l = pair[i][j][2];
        if (i == j) {
            cr_assert(has_class(&cell, "self"));
            continue;
        }
        if (w + d + l == 0) {
            cr_assert(has_class(&cell, "none"), "%s and %s never met", row, col);
            continue;
        }
        text(&cell, got, sizeof got);
        double pct = 100.0 * (w + 0.5 * d) / (w + d + l);
        cr_assert(fabs(number_in(got) - pct) <= 0.5 + 1e-9, "%s vs %s shows %s, want %.1f%%", row, col, got, pct);
        attr(&cell, "title", got, sizeof got);
        snprintf(want, sizeof want, "W-D-L %d-%d-%d", w, d, l);
        cr_assert_not_null(strstr(got, want), "%s vs %s tooltip '%s' lacks '%s'", row, col, got, want);
        const cJSON *x = cJSON_GetObjectItem(cJSON_GetObjectItem(los, row), col);
        const char *cls = !cJSON_IsNumber(x) ? "neutral"
                          : x->valuedouble > 0.975 ? "better"
                          : x->valuedouble < 0.025 ? "worse" : "neutral";
        significant += strcmp(cls, "neutral") != 0;
        cr_assert(has_class(&cell, cls), "%s vs %s: LOS %s, so the cell should be %s", row, col,
                  cJSON_IsNumber(x) ? "known" : "unknown", cls);
        if (cJSON_IsNumber(x)) {
            snprintf(want, sizeof want, "LOS %.1f%%", 100 * x->valuedouble);
            cr_assert(strstr(got, "LOS ") && fabs(number_in(strstr(got, "LOS ")) - 100 * x->valuedouble) <= 0.05 + 1e-9,
                      "%s vs %s tooltip '%s', want %s", row, col, got, want);
        }
    }
    cr_assert_eq(cells, n * n, "an n-by-n crosstable: %d cells for %d bots", cells, n);
    cr_assert_gt(significant, 0, "this tournament is chosen to have significant results; none was coloured");
}

static int rated_points(const cJSON *history, const char *name)
{
    int k = 0;
    const cJSON *pt;
    cJSON_ArrayForEach(pt, cJSON_GetObjectItem(history, "points")) {
        k += cJSON_IsNumber(cJSON_GetObjectItem(cJSON_GetObjectItem(pt, "ratings"), name));
    }
    return k;
}

static void check_plot(const char *dom, const cJSON *ratings, const cJSON *history)
{
    struct elem box, svg, paths[16], legend;
    char got[4096];
    by_id(dom, "div", "history", &box);
    cr_assert(next_elem(box.inner, box.close, "svg", &svg), "the rating history is an <svg>");
    int n = all(&svg, "path", "line", paths, 16);
    int want = 0;
    const cJSON *b;
    cJSON_ArrayForEach(b, cJSON_GetObjectItem(ratings, "bots")) {
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(b, "name"));
        int points = rated_points(history, name);
        if (points == 0)
            continue;
        want++;
        int found = 0;
        for (int i = 0; i < n; i++) {
            attr(&paths[i], "data-bot", got, sizeof got);
            if (strcmp(got, name) != 0)
                continue;
            found++;
            attr(&paths[i], "d", got, sizeof got);
            int moves = 0;
            for (const char *c = got; *c; c++)
                moves += *c == 'M' || *c == 'L';
            cr_assert_eq(moves, points, "%s's line has %d points, the history %d", name, moves, points);
        }
        cr_assert_eq(found, 1, "one line for %s", name);
        if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(b, "status")), "rated") == 0) {
            const cJSON *pts = cJSON_GetObjectItem(history, "points");
            const cJSON *last = cJSON_GetArrayItem(pts, cJSON_GetArraySize(pts) - 1);
            cr_assert(cJSON_IsNumber(cJSON_GetObjectItem(cJSON_GetObjectItem(last, "ratings"), name)),
                      "a rated bot (%s) has a rating at the last point of the history", name);
        }
    }
    cr_assert_eq(n, want, "one line per bot rated at some point: %d lines, %d bots", n, want);
    cr_assert_geq(want, 2);
    struct elem ticks[32];
    cr_assert_geq(all(&svg, "text", "ytick", ticks, 32), 2, "the plot has a rating axis with ticks");
    cr_assert_geq(all(&svg, "text", "xtick", ticks, 32), 2, "the plot has a parties axis with ticks");
    by_id(dom, "ul", "legend", &legend);
    int li = 0;
    struct elem item;
    for (const char *p = legend.inner; next_elem(p, legend.close, "li", &item); p = item.close)
        li++;
    const cJSON *first = cJSON_GetArrayItem(cJSON_GetObjectItem(history, "points"), 0);
    cr_assert_eq(li, cJSON_GetArraySize(cJSON_GetObjectItem(first, "ratings")), "one legend entry per bot of the history");
}

static void check_latest(const char *dom, const struct journal *j)
{
    struct elem table, rows[64];
    char got[128];
    by_id(dom, "table", "parties", &table);
    int n = all(&table, "tr", "partie-row", rows, 64);
    int posted = cJSON_GetArraySize(j->parties);
    cr_assert_eq(n, posted < 20 ? posted : 20, "the latest 20 parties are listed (%d rows)", n);
    attr(&rows[0], "data-key", got, sizeof got);
    cr_assert_str_eq(got, partie_key(cJSON_GetArrayItem(j->parties, posted - 1)), "newest first");
    struct elem link;
    cr_assert(find(rows[0].inner, rows[0].close, "a", "class", "partie-link", &link));
    attr(&link, "href", got, sizeof got);
    cr_assert_not_null(strstr(got, "#/partie/"), "each partie links to the viewer");
}

static int cmp_code(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* Sorted cards of one row of a hand, as "7C 8C ..." */
static void hand_row(const struct elem *hand, const char *row, char *out, size_t cap)
{
    struct elem box, cards[16];
    char cls[32];
    snprintf(cls, sizeof cls, "cards-%s", row);
    cr_assert(find(hand->inner, hand->close, "span", "class", cls, &box), "no %s row", row);
    int n = all(&box, "span", "pcard", cards, 16);
    char codes[16][8];
    for (int i = 0; i < n; i++)
        attr(&cards[i], "data-card", codes[i], sizeof codes[i]);
    qsort(codes, (size_t)n, sizeof codes[0], cmp_code);
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        snprintf(out + strlen(out), cap - strlen(out), "%s%s", i ? " " : "", codes[i]);
}

static int cmp_card(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Sorted list of the given cards as "7C 8C ...". */
static void sorted(char **cards, int n, char *out, size_t cap)
{
    qsort(cards, (size_t)n, sizeof cards[0], cmp_card);
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        snprintf(out + strlen(out), cap - strlen(out), "%s%s", i ? " " : "", cards[i]);
}

/* The hands after the exchange, from the pack and the actions alone:
   cards 0-11 elder's, 12-23 younger's, 24-31 the talon top first; elder
   takes from the top as many as he discards, younger the next ones
   (with carte blanche: "announce k", younger's discard, then elder's). */
struct hands {
    char dealt[2][128], discarded[2][128], taken[2][128], held[2][128];
    int plays;
};

static void deal_hands(const cJSON *deal, struct hands *h)
{
    char deck[32][3];
    const char *pack = cJSON_GetStringValue(cJSON_GetObjectItem(deal, "deck"));
    cr_assert_not_null(pack);
    for (int i = 0; i < 32; i++)
        snprintf(deck[i], 3, "%.2s", pack + 3 * i);
    const cJSON *acts = cJSON_GetObjectItem(deal, "actions"), *a;
    char disc[2][8][3];
    int nd[2] = {0, 0}, seen = 0, announce = 0;
    h->plays = 0;
    cJSON_ArrayForEach(a, acts) {
        const char *s = cJSON_GetStringValue(a);
        if (strncmp(s, "announce", 8) == 0)
            announce = 1;
        if (strncmp(s, "play ", 5) == 0)
            h->plays++;
        if (strncmp(s, "discard", 7) != 0 || seen == 2)
            continue;
        int seat = announce ? 1 - seen : seen; /* 0 elder, 1 younger */
        seen++;
        for (const char *c = s + 7; *c == ' ' && c[1]; c += 3)
            snprintf(disc[seat][nd[seat]++], 3, "%.2s", c + 1);
    }
    int top = 24;
    for (int seat = 0; seat < 2; seat++) {
        char *dealt[12], *gone[8], *taken[8], *held[12];
        int nh = 0;
        for (int i = 0; i < 12; i++) {
            dealt[i] = deck[12 * seat + i];
            int out = 0;
            for (int k = 0; k < nd[seat]; k++)
                out |= strcmp(disc[seat][k], dealt[i]) == 0;
            if (!out)
                held[nh++] = dealt[i];
        }
        for (int k = 0; k < nd[seat]; k++) {
            gone[k] = disc[seat][k];
            taken[k] = deck[top++];
            held[nh++] = taken[k];
        }
        cr_assert_eq(nh, 12);
        sorted(dealt, 12, h->dealt[seat], sizeof h->dealt[seat]);
        sorted(gone, nd[seat], h->discarded[seat], sizeof h->discarded[seat]);
        sorted(taken, nd[seat], h->taken[seat], sizeof h->taken[seat]);
        sorted(held, 12, h->held[seat], sizeof h->held[seat]);
    }
}

static void check_viewer(const char *dom, const cJSON *rec, int deal_no, const cJSON *replayed)
{
    const cJSON *deal = cJSON_GetArrayItem(cJSON_GetObjectItem(rec, "deals"), deal_no - 1);
    const char *first = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "first_dealer"));
    const cJSON *players = cJSON_GetObjectItem(rec, "players");
    /* the first dealer deals odd deals, so the other is elder then */
    const char *elder_seat = (deal_no % 2 == 1) == (strcmp(first, "A") == 0) ? "B" : "A";
    const char *who[2] = {cJSON_GetStringValue(cJSON_GetObjectItem(players, elder_seat)),
                          cJSON_GetStringValue(cJSON_GetObjectItem(players, strcmp(elder_seat, "A") ? "A" : "B"))};
    struct hands h;
    deal_hands(deal, &h);
    char got[1024], want[256];

    struct elem e;
    by_id(dom, "p", "deal-result", &e);
    attr(&e, "data-deal", got, sizeof got);
    cr_assert_eq(atoi(got), deal_no, "the viewer opened deal %s, the link said %d", got, deal_no);
    int elder = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(replayed, "elder"));
    int younger = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(replayed, "younger"));
    attr(&e, "data-elder", got, sizeof got);
    cr_assert_eq(atoi(got), elder, "deal %d: elder scores %s on the page, %d by arena replay", deal_no, got, elder);
    attr(&e, "data-younger", got, sizeof got);
    cr_assert_eq(atoi(got), younger, "deal %d: younger scores %s on the page, %d by arena replay", deal_no, got,
                 younger);
    text(&e, got, sizeof got);
    snprintf(want, sizeof want, "elder %s %d, younger %s %d", who[0], elder, who[1], younger);
    cr_assert_not_null(strstr(got, want), "the deal result reads '%s', want '%s'", got, want);

    /* opened without a step: the deal's end, whose score is the result */
    by_id(dom, "div", "step-score", &e);
    attr(&e, "data-elder", got, sizeof got);
    cr_assert_eq(atoi(got), elder, "the score at the last step");
    attr(&e, "data-younger", got, sizeof got);
    cr_assert_eq(atoi(got), younger, "the score at the last step");
    attr(&e, "data-step", got, sizeof got);
    cr_assert_eq(atoi(got), cJSON_GetArraySize(cJSON_GetObjectItem(deal, "actions")), "at the last step");

    const char *ids[2] = {"hand-elder", "hand-younger"};
    for (int seat = 0; seat < 2; seat++) {
        struct elem hand, name;
        by_id(dom, "div", ids[seat], &hand);
        cr_assert(find(hand.inner, hand.close, "span", "class", "seat-name", &name));
        text(&name, got, sizeof got);
        cr_assert_str_eq(got, who[seat], "%s's name", ids[seat]);
        hand_row(&hand, "dealt", got, sizeof got);
        cr_assert_str_eq(got, h.dealt[seat], "%s dealt", ids[seat]);
        hand_row(&hand, "discarded", got, sizeof got);
        cr_assert_str_eq(got, h.discarded[seat], "%s discarded", ids[seat]);
        hand_row(&hand, "taken", got, sizeof got);
        cr_assert_str_eq(got, h.taken[seat], "%s taken", ids[seat]);
        hand_row(&hand, "held", got, sizeof got);
        cr_assert_str_eq(got, h.held[seat], "%s held", ids[seat]);
    }

    struct elem tricks, rows[16], steps, items[128];
    by_id(dom, "table", "tricks", &tricks);
    int n = all(&tricks, "tr", "trick", rows, 16);
    const cJSON *won = cJSON_GetObjectItem(replayed, "tricks");
    int we = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(won, "elder"));
    int wy = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(won, "younger"));
    cr_assert_eq(n, h.plays / 2, "%d tricks shown, %d played", n, h.plays / 2);
    cr_assert_eq(n, we + wy, "%d tricks shown, arena replay counts %d", n, we + wy);
    int by_elder = 0;
    for (int i = 0; i < n; i++) {
        attr(&rows[i], "data-winner", got, sizeof got);
        by_elder += strcmp(got, "elder") == 0;
    }
    cr_assert_eq(by_elder, we, "elder won %d tricks on the page, %d by arena replay", by_elder, we);

    by_id(dom, "ol", "steps", &steps);
    int k = 0;
    for (const char *p = steps.inner; k < 128 && next_elem(p, steps.close, "li", &items[k]); p = items[k - 1].close)
        k++;
    cr_assert_eq(k, cJSON_GetArraySize(cJSON_GetObjectItem(deal, "actions")), "one line per action: %d lines, %d actions",
                 k, cJSON_GetArraySize(cJSON_GetObjectItem(deal, "actions")));
    int notes = 0;
    for (int i = 0; i < k; i++)
        notes += attr(&items[i], "data-note", got, sizeof got);
    int declares = 0;
    const cJSON *a;
    cJSON_ArrayForEach(a, cJSON_GetObjectItem(deal, "actions")) declares += strncmp(a->valuestring, "declare", 7) == 0;
    cr_assert(declares == 0 || notes > 0, "the declarations say good / not good / equal");
}

/* The bot page of the bot whose name holds HTML, reached by its escaped name. */
static void check_bot_page(const char *dom, const struct tally *mine, int pair[16][16][3], char names[16][64], int n)
{
    struct elem e, table, rows[16];
    char got[512], want[512];
    by_id(dom, "h2", "bot-title", &e);
    text(&e, got, sizeof got);
    cr_assert_str_eq(got, mine->name, "the bot page's title");
    cr_assert(find(dom, NULL, "dd", "data-fact", "parties", &e));
    text(&e, got, sizeof got);
    cr_assert_eq(atoi(got), mine->wins + mine->draws + mine->losses, "the bot page's parties");
    cr_assert(find(dom, NULL, "dd", "data-fact", "w-d-l", &e));
    text(&e, got, sizeof got);
    snprintf(want, sizeof want, "%d-%d-%d", mine->wins, mine->draws, mine->losses);
    cr_assert_str_eq(got, want, "the bot page's W-D-L");
    int me = -1, met = 0;
    for (int k = 0; k < n; k++)
        if (strcmp(names[k], mine->name) == 0)
            me = k;
    cr_assert_geq(me, 0);
    by_id(dom, "table", "bot-opponents", &table);
    int rows_n = all(&table, "tr", "opponent", rows, 16);
    for (int k = 0; k < n; k++) {
        int *c = pair[me][k];
        if (k == me || c[0] + c[1] + c[2] == 0)
            continue;
        met++;
        struct elem row = {0}, cell;
        int found = 0;
        for (int r = 0; r < rows_n && !found; r++) {
            attr(&rows[r], "data-bot", got, sizeof got);
            if (strcmp(got, names[k]) == 0) {
                row = rows[r];
                found = 1;
            }
        }
        cr_assert(found, "%s's page lists the opponent %s", mine->name, names[k]);
        cr_assert(find(row.inner, row.close, "td", "class", "wdl", &cell));
        text(&cell, got, sizeof got);
        snprintf(want, sizeof want, "%d-%d-%d", c[0], c[1], c[2]);
        cr_assert_str_eq(got, want, "%s against %s", mine->name, names[k]);
    }
    cr_assert_eq(rows_n, met, "one row per opponent met: %d rows, %d met", rows_n, met);
}

/* ---------- the tests ---------- */

Test(page, shows_a_real_tournament_as_arena_ratings_and_replay_see_it)
{
    browser_start();
    const char *journal_path = tmp("tournament.jsonl");
    play_tournament(journal_path);
    struct journal j;
    read_journal(journal_path, &j);
    start_server();
    post_journal(&j);

    char cmd[4096];
    snprintf(cmd, sizeof cmd, "'%s/arena' ratings --json '%s'", bin_dir(), journal_path);
    char *out = run_capture(cmd);
    cJSON *ratings = cJSON_Parse(out);
    cr_assert_not_null(ratings, "arena ratings --json: %s", out);
    free(out);

    char names[16][64];
    int n = 0;
    const cJSON *b;
    cJSON_ArrayForEach(b, cJSON_GetObjectItem(ratings, "bots")) {
        cr_assert_lt(n, 16);
        snprintf(names[n++], sizeof names[0], "%s", cJSON_GetStringValue(cJSON_GetObjectItem(b, "name")));
    }
    struct tally t[16];
    int nt = 0;
    static int pair[16][16][3];
    count(&j, t, &nt, pair, names, n);

    cJSON *history = NULL;
    cr_assert_eq(http("/api/v1/history", NULL, &history), 200);

    char *dom = dump_dom("");
    assert_ready(dom, "the leaderboard");
    /* a name holding HTML stays text: never a <b> element */
    cr_assert_null(strstr(dom, "<b>r&amp;"), "the bot name '" HTML_BOT "' was parsed as HTML");
    cr_assert_not_null(strstr(dom, "&lt;b&gt;r&amp;amp;"), "the bot name '" HTML_BOT "' is shown as text");
    check_standings(dom, ratings, t, nt, cJSON_GetArraySize(j.parties));
    check_crosstable(dom, ratings, pair, names, n);
    check_plot(dom, ratings, history);
    check_latest(dom, &j);
    free(dom);

    /* the viewer: deal 2 of a partie played to the end, one with the HTML name */
    const cJSON *rec = NULL, *r;
    cJSON_ArrayForEach(r, j.parties) {
        if (!cJSON_IsNull(cJSON_GetObjectItem(r, "forfeit")) || cJSON_GetArraySize(cJSON_GetObjectItem(r, "deals")) < 2)
            continue;
        const cJSON *players = cJSON_GetObjectItem(r, "players");
        int html = strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(players, "A")), HTML_BOT) == 0 ||
                   strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(players, "B")), HTML_BOT) == 0;
        if (!rec || html)
            rec = r;
        if (html)
            break;
    }
    cr_assert_not_null(rec, "a partie played to the end");
    cJSON *deal = cJSON_Duplicate(cJSON_GetArrayItem(cJSON_GetObjectItem(rec, "deals"), 1), 1);
    cr_assert_not_null(deal);
    if (!cJSON_GetObjectItem(deal, "rules"))
        cr_assert(cJSON_AddItemToObject(deal, "rules", cJSON_Duplicate(cJSON_GetObjectItem(rec, "rules"), 1)));
    char *deal_text = cJSON_Print(deal);
    write_file(tmp("deal2.json"), deal_text);
    free(deal_text);
    cJSON_Delete(deal);
    snprintf(cmd, sizeof cmd, "'%s/arena' replay --compact '%s'", bin_dir(), tmp("deal2.json"));
    out = run_capture(cmd);
    cJSON *replayed = cJSON_Parse(out);
    cr_assert_not_null(replayed, "arena replay: %s", out);
    free(out);

    char fragment[256];
    snprintf(fragment, sizeof fragment, "#/partie/%s/deal/2", partie_key(rec));
    dom = dump_dom(fragment);
    assert_ready(dom, fragment);
    check_viewer(dom, rec, 2, replayed);
    free(dom);

    /* a deep link to a step: step 0 is the deal before anything is played */
    snprintf(fragment, sizeof fragment, "#/partie/%s/deal/2/step/0", partie_key(rec));
    dom = dump_dom(fragment);
    assert_ready(dom, fragment);
    struct elem score;
    char got[64];
    by_id(dom, "div", "step-score", &score);
    attr(&score, "data-step", got, sizeof got);
    cr_assert_str_eq(got, "0", "the link opened step 0");
    attr(&score, "data-elder", got, sizeof got);
    cr_assert_str_eq(got, "0", "nothing scored at step 0");
    attr(&score, "data-younger", got, sizeof got);
    cr_assert_str_eq(got, "0", "nothing scored at step 0");
    free(dom);

    /* a partie forfeited before its first deal opens, with nothing to step through */
    const cJSON *empty = NULL;
    cJSON_ArrayForEach(r, j.parties) if (!empty && cJSON_GetArraySize(cJSON_GetObjectItem(r, "deals")) == 0) empty = r;
    cr_assert_not_null(empty, "the crashing bot forfeits parties before their first deal");
    snprintf(fragment, sizeof fragment, "#/partie/%s", partie_key(empty));
    dom = dump_dom(fragment);
    assert_ready(dom, fragment);
    struct elem totals;
    by_id(dom, "b", "partie-totals", &totals);
    text(&totals, got, sizeof got);
    const cJSON *sums = cJSON_GetObjectItem(empty, "totals");
    char want[64];
    snprintf(want, sizeof want, "%d \xe2\x80\x93 %d", (int)cJSON_GetNumberValue(cJSON_GetObjectItem(sums, "A")),
             (int)cJSON_GetNumberValue(cJSON_GetObjectItem(sums, "B")));
    cr_assert_str_eq(got, want, "the forfeited partie's totals");
    free(dom);

    /* the bot page of the name holding HTML, through its escaped address */
    const struct tally *html = NULL;
    for (int k = 0; k < nt; k++)
        if (strcmp(t[k].name, HTML_BOT) == 0)
            html = &t[k];
    cr_assert_not_null(html);
    dom = dump_dom("#/bot/%3Cb%3Er%26amp%3B");
    assert_ready(dom, "the bot page");
    check_bot_page(dom, html, pair, names, n);
    free(dom);

    /* on a phone nothing overflows the screen (the tables scroll in their boxes) */
    char phone_partie[256], phone_bot[64] = "#/bot/%3Cb%3Er%26amp%3B";
    snprintf(phone_partie, sizeof phone_partie, "#/partie/%s/deal/2/step/20", partie_key(rec));
    const char *phone[] = {"", phone_partie, phone_bot};
    check_phone_layout(phone, 3);

    screenshot("", "page.png", 1280, 2000, 0);
    screenshot("", "page-phone.png", 390, 2400, 1);
    snprintf(fragment, sizeof fragment, "#/partie/%s/deal/2/step/20", partie_key(rec));
    screenshot(fragment, "page-partie.png", 1280, 1500, 0);
    browser_stop();

    stop_server_cleanly();
    cJSON_Delete(replayed);
    cJSON_Delete(history);
    cJSON_Delete(ratings);
    cJSON_Delete(j.parties);
}

Test(page, says_so_when_there_is_nothing_or_no_such_partie)
{
    browser_start();
    start_server();
    char *dom = dump_dom("");
    assert_ready(dom, "an empty leaderboard");
    struct elem table, sum;
    char got[512];
    by_id(dom, "table", "standings", &table);
    text(&table, got, sizeof got);
    cr_assert_not_null(strstr(got, "No parties stored yet."), "an empty leaderboard says so: %s", got);
    by_id(dom, "b", "sum-parties", &sum);
    text(&sum, got, sizeof got);
    cr_assert_str_eq(got, "0");
    free(dom);

    dom = dump_dom("#/partie/0123456789abcdef-999/deal/2");
    struct elem body, err;
    cr_assert(next_elem(dom, NULL, "body", &body));
    attr(&body, "data-state", got, sizeof got);
    cr_assert_str_eq(got, "error", "an unknown partie is an error");
    by_id(dom, "div", "error", &err);
    cr_assert_eq(attr(&err, "hidden", got, sizeof got), 0, "the error is visible");
    text(&err, got, sizeof got);
    cr_assert_not_null(strstr(got, "No such partie '0123456789abcdef-999'"), "the error names the partie: %s", got);
    free(dom);
    browser_stop();
    stop_server_cleanly();
}

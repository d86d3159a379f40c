/* support_page.c - the page tests' leaderboard server and tournament
 * (support_page.h), in the test's scratch directory (support_scratch.h).
 * The server is a child that dies with the test process. It listens on
 * port 0, so suites run side by side never fight over a port, and says
 * which port in its "listening on" line; its stdout and stderr are files
 * of the scratch directory. The server's pid and address are this
 * module's state, one of each per test process.
 */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>

#include "tests/support_page.h"
#include "tests/support_scratch.h"

#define TOKEN SUPPORT_PAGE_POST_TOKEN

static pid_t server = -1;
static char base[64];

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

const char *support_page_bin_dir(void)
{
    const char *b = getenv("BIN");
    return b ? b : "build/bin";
}

const char *support_page_build_dir(void)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/..", support_page_bin_dir());
    return path;
}

/* All that is left to read from f. */
static char *read_all(FILE *f)
{
    size_t cap = 1 << 16, len = 0, n;
    char *s = malloc(cap);
    cr_assert_not_null(s);
    while ((n = fread(s + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (cap - len - 1 == 0) {
            cap *= 2;
            s = realloc(s, cap);
            cr_assert_not_null(s);
        }
    }
    s[len] = '\0';
    return s;
}

/* A file's text (free it), or NULL when there is no such file yet. */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *s = read_all(f);
    fclose(f);
    return s;
}

void support_page_open_ready(struct support_browser *browser, const char *fragment, int width, int mobile)
{
    support_browser_screen(browser, width, mobile ? 844 : 900, mobile);
    support_browser_open(browser, support_page_url(fragment));
    char *state = support_browser_eval(browser, "String(document.body.getAttribute('data-state')) + ' ' +"
                                                " (document.getElementById('error') ? document.getElementById('error').textContent : '')");
    cr_assert(!strncmp(state, "ready", 5), "'%s': the page is not ready: %s", fragment, state);
    free(state);
}

void support_page_write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "cannot write %s", path);
    cr_assert_eq(fputs(text, f) >= 0, 1);
    cr_assert_eq(fclose(f), 0);
}

char *support_page_run(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p, "cannot run %s", cmd);
    char *s = read_all(p);
    int status = pclose(p);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "command failed (status %d): %s", status, cmd);
    return s;
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

void support_page_init(void)
{
    support_scratch_dir();
    cr_assert_eq(curl_global_init(CURL_GLOBAL_DEFAULT), CURLE_OK);
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

void support_page_stop_server(void)
{
    int status = stop_server();
    char *err = read_file(support_scratch_path("server.err"));
    cr_assert_eq(relay_sanitizer(support_scratch_path("server.err")), 0, "the server's sanitizer report is above");
    cr_assert_eq(status, 0, "the server stops cleanly on SIGTERM (status %d): %s", status, err ? err : "");
    free(err);
}

void support_page_release(void)
{
    stop_server();
    relay_sanitizer(support_scratch_path("server.err"));
    relay_sanitizer(support_scratch_path("arena.out"));
    curl_global_cleanup();
    support_scratch_remove();
}

void support_page_start_server(void)
{
    support_page_write_file(support_scratch_path("tokens"), "# the page test's poster\n" TOKEN "\n");
    char exe[4096], out[256], err[256], db[256], tokens[256];
    snprintf(exe, sizeof exe, "%s/leaderboard", support_page_bin_dir());
    snprintf(out, sizeof out, "%s", support_scratch_path("server.out"));
    snprintf(err, sizeof err, "%s", support_scratch_path("server.err"));
    snprintf(db, sizeof db, "%s", support_scratch_path("leaderboard.db"));
    snprintf(tokens, sizeof tokens, "%s", support_scratch_path("tokens"));
    cr_assert_eq(access(exe, X_OK), 0, "no server at %s", exe);
    server = fork();
    cr_assert_geq(server, 0);
    if (server == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);   /* dies with the test, whatever ends it */
        if (!freopen(out, "w", stdout) || !freopen(err, "w", stderr))
            _exit(127);
        unsetenv("LEADERBOARD_TOKENS");
        setenv("LEADERBOARD_AUTHOR_TOKENS", SUPPORT_PAGE_AUTHOR ":" SUPPORT_PAGE_AUTHOR_TOKEN, 1);
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

const char *support_page_url(const char *fragment)
{
    static char url[512];
    snprintf(url, sizeof url, "%s/%s", base, fragment);
    return url;
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

long support_page_http(const char *path, const char *post, cJSON **body)
{
    return support_page_request(post ? "POST" : "GET", path, post, "Authorization: Bearer " TOKEN, body);
}

long support_page_request(const char *method, const char *path, const char *json, const char *authorization,
                          cJSON **body)
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
    cr_assert_eq(curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method), CURLE_OK);
    if (json) {
        headers = curl_slist_append(headers, authorization);
        cr_assert_not_null(headers);
        headers = curl_slist_append(headers, "Content-Type: application/json");
        cr_assert_not_null(headers);
        cr_assert_eq(curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers), CURLE_OK);
        cr_assert_eq(curl_easy_setopt(curl, CURLOPT_POSTFIELDS, json), CURLE_OK);
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

void support_page_play_tournament(const char *path)
{
    const char *b = support_page_bin_dir();
    char cmd[4096];
    /* Seed 3 gives significant results (greedy over its weaker variants),
       a random bot the fit cannot rate, and a crashing bot disqualified. */
    snprintf(cmd, sizeof cmd,
             "'%s/arena' run --seed 3 --pairs 3 --quiet --journal '%s' --log-dir '%s'"
             " --bot g='%s/bot-greedy' --bot g1='%s/bot-greedy --exchange 1'"
             " --bot g2='%s/bot-greedy --exchange 2' --bot '" SUPPORT_PAGE_HTML_BOT "'='%s/bot-random'"
             " --bot f='%s/bot-faulty --mode crash --after 40' > '%s' 2>&1",
             b, path, support_scratch_path("logs"), b, b, b, b, b, support_scratch_path("arena.out"));
    int status = system(cmd);
    cr_assert_eq(relay_sanitizer(support_scratch_path("arena.out")), 0, "the arena's sanitizer report is above");
    char *out = read_file(support_scratch_path("arena.out"));
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "arena run failed: %s", out ? out : "");
    free(out);
}

void support_page_play_belote(const char *path, int players)
{
    const char *b = support_page_bin_dir();
    char cmd[4096];
    snprintf(cmd, sizeof cmd,
             "'%s/arena' run --game belote --players %d --seed 3 --pairs 1 --quiet --journal '%s' --log-dir '%s'"
             " --bot 'r1=%s/bot-random --game belote' --bot 'r2=%s/bot-random --seed 2 --game belote'"
             " --bot 'r3=%s/bot-random --seed 3 --game belote'"
             " --bot '" SUPPORT_PAGE_HTML_BOT "=%s/bot-random --seed 4 --game belote' > '%s' 2>&1",
             b, players, path, support_scratch_path("logs"), b, b, b, b, support_scratch_path("arena.out"));
    int status = system(cmd);
    cr_assert_eq(relay_sanitizer(support_scratch_path("arena.out")), 0, "the arena's sanitizer report is above");
    cr_assert(WIFEXITED(status), "arena run did not finish");
}

void support_page_read_matches(const char *path, struct support_page_journal *j)
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
        if (type && strcmp(type, "match") == 0) {
            snprintf(j->run, sizeof j->run, "%s", cJSON_GetStringValue(cJSON_GetObjectItem(rec, "run")));
            cr_assert(cJSON_AddItemToArray(j->parties, rec));
        } else {
            cJSON_Delete(rec);
        }
    }
    free(text);
    cr_assert_gt(cJSON_GetArraySize(j->parties), 0, "the journal holds no match");
}

void support_page_read_journal(const char *path, struct support_page_journal *j)
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

void support_page_post_journal(const struct support_page_journal *j)
{
    char *body = cJSON_PrintUnformatted(j->parties);
    cr_assert_not_null(body);
    cJSON *answer = NULL;
    long status = support_page_http("/api/v1/parties", body, &answer);
    char *shown = cJSON_PrintUnformatted(answer);
    cr_assert_eq(status, 200, "posting the journal: %ld %s", status, shown);
    cr_assert_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(answer, "stored")), cJSON_GetArraySize(j->parties),
                 "every partie stored: %s", shown);
    free(shown);
    free(body);
    cJSON_Delete(answer);
}

const char *support_page_partie_key(const cJSON *rec)
{
    static char key[64];
    snprintf(key, sizeof key, "%s-%d", cJSON_GetStringValue(cJSON_GetObjectItem(rec, "run")),
             (int)cJSON_GetNumberValue(cJSON_GetObjectItem(rec, "id")));
    return key;
}

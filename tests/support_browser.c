/* support_browser.c - headless Chromium over the DevTools pipe
 * (support_browser.h). One command at a time: a command is written whole,
 * then answers are read until the one with its id; what the browser sends
 * beyond that answer stays in b->buf for the next command. The browser
 * struct owns the pipes' ends and that buffer until support_browser_stop.
 */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tests/support_browser.h"

/* $CHROMIUM, else the first of the usual names on $PATH. */
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

cJSON *support_browser_call(struct support_browser *b, const char *method, cJSON *params, int in_session)
{
    int id = b->next_id++;
    cJSON *msg = cJSON_CreateObject();
    cr_assert_not_null(msg);
    cr_assert_not_null(cJSON_AddNumberToObject(msg, "id", id));
    cr_assert_not_null(cJSON_AddStringToObject(msg, "method", method));
    cr_assert(cJSON_AddItemToObject(msg, "params", params ? params : cJSON_CreateObject()));
    if (in_session)
        cr_assert_not_null(cJSON_AddStringToObject(msg, "sessionId", b->session));
    char *text = cJSON_PrintUnformatted(msg);
    cr_assert_not_null(text);
    size_t n = strlen(text) + 1, done = 0; /* with its NUL */
    while (done < n) {
        ssize_t w = write(b->to, text + done, n - done);
        cr_assert_gt(w, 0, "chromium closed its DevTools pipe (sending %s)", method);
        done += (size_t)w;
    }
    free(text);
    cJSON_Delete(msg);
    for (;;) {
        char *end = b->buf ? memchr(b->buf, '\0', b->len) : NULL;
        while (!end) {
            struct pollfd pfd = {b->from, POLLIN, 0};
            cr_assert_eq(poll(&pfd, 1, 60000), 1, "chromium did not answer %s within 60 s", method);
            char chunk[65536];
            ssize_t r = read(b->from, chunk, sizeof chunk);
            cr_assert_gt(r, 0, "chromium closed its DevTools pipe (waiting for %s)", method);
            b->buf = realloc(b->buf, b->len + (size_t)r);
            cr_assert_not_null(b->buf);
            memcpy(b->buf + b->len, chunk, (size_t)r);
            b->len += (size_t)r;
            end = memchr(b->buf, '\0', b->len);
        }
        size_t used = (size_t)(end - b->buf) + 1;
        cJSON *answer = cJSON_ParseWithLength(b->buf, used - 1);
        memmove(b->buf, b->buf + used, b->len - used);
        b->len -= used;
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

void support_browser_start(struct support_browser *b, const char *profile, const char *err_path)
{
    int in[2], out[2];
    const char *exe = chromium();
    cr_assert_eq(pipe(in), 0);
    cr_assert_eq(pipe(out), 0);
    signal(SIGPIPE, SIG_IGN); /* a browser gone is seen as a failed write, not a dead test */
    b->pid = fork();
    cr_assert_geq(b->pid, 0);
    if (b->pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        /* lift both ends above 4 first so that neither dup2 clobbers the other */
        int r = fcntl(in[0], F_DUPFD, 10), w = fcntl(out[1], F_DUPFD, 10);
        if (r < 0 || w < 0 || dup2(r, 3) != 3 || dup2(w, 4) != 4 || !freopen(err_path, "a", stderr) ||
            !freopen("/dev/null", "w", stdout))
            _exit(127);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        close(r);
        close(w);
        char user[4200];
        snprintf(user, sizeof user, "--user-data-dir=%s", profile);
        execl(exe, exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
              "--disable-component-update", "--disable-sync", "--disable-extensions", "--no-first-run",
              "--hide-scrollbars", user, "--remote-debugging-pipe", "about:blank", (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    b->to = in[1];
    b->from = out[0];
    b->buf = NULL;
    b->len = 0;
    b->next_id = 1;
    b->session[0] = '\0';

    cJSON *p = cJSON_CreateObject();
    cr_assert_not_null(p);
    cr_assert_not_null(cJSON_AddStringToObject(p, "url", "about:blank"));
    cJSON *target = support_browser_call(b, "Target.createTarget", p, 0);
    p = cJSON_CreateObject();
    cr_assert_not_null(p);
    cr_assert_not_null(
        cJSON_AddStringToObject(p, "targetId", cJSON_GetStringValue(cJSON_GetObjectItem(target, "targetId"))));
    cr_assert_not_null(cJSON_AddTrueToObject(p, "flatten"));
    cJSON *attached = support_browser_call(b, "Target.attachToTarget", p, 0);
    const char *session = cJSON_GetStringValue(cJSON_GetObjectItem(attached, "sessionId"));
    cr_assert_not_null(session);
    snprintf(b->session, sizeof b->session, "%s", session);
    cJSON_Delete(target);
    cJSON_Delete(attached);
}

char *support_browser_eval(struct support_browser *b, const char *script)
{
    cJSON *p = cJSON_CreateObject();
    cr_assert_not_null(p);
    cr_assert_not_null(cJSON_AddStringToObject(p, "expression", script));
    cr_assert_not_null(cJSON_AddTrueToObject(p, "returnByValue"));
    cJSON *r = support_browser_call(b, "Runtime.evaluate", p, 1);
    const char *v = cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetObjectItem(r, "result"), "value"));
    cr_assert_not_null(v, "the script gave no string: %.200s", script);
    char *copy = strdup(v);
    cr_assert_not_null(copy);
    cJSON_Delete(r);
    return copy;
}

cJSON *support_browser_eval_json(struct support_browser *b, const char *script)
{
    char *text = support_browser_eval(b, script);
    cJSON *doc = cJSON_Parse(text);
    cr_assert_not_null(doc, "not JSON from the page: %s", text);
    free(text);
    return doc;
}

void support_browser_screen(struct support_browser *b, int width, int height, int mobile)
{
    cJSON *p = cJSON_CreateObject();
    cr_assert_not_null(p);
    cr_assert_not_null(cJSON_AddNumberToObject(p, "width", width));
    cr_assert_not_null(cJSON_AddNumberToObject(p, "height", height));
    cr_assert_not_null(cJSON_AddNumberToObject(p, "deviceScaleFactor", 1));
    cr_assert_not_null(cJSON_AddBoolToObject(p, "mobile", mobile));
    cJSON_Delete(support_browser_call(b, "Emulation.setDeviceMetricsOverride", p, 1));
}

void support_browser_open(struct support_browser *b, const char *url)
{
    const char *urls[2] = {"about:blank", url};
    for (int k = 0; k < 2; k++) {
        cJSON *p = cJSON_CreateObject();
        cr_assert_not_null(p);
        cr_assert_not_null(cJSON_AddStringToObject(p, "url", urls[k]));
        cJSON_Delete(support_browser_call(b, "Page.navigate", p, 1));
    }
    /* A look is one DevTools round trip (well under a millisecond), so
     * looking every 10 ms costs nothing and saves most of a tick per page. */
    const struct timespec look_again = {0, 10 * 1000000L};
    for (int t = 0; t < 6000; t++) {
        /* until the navigation commits, the document is still about:blank */
        char *state = support_browser_eval(b, "String(document.URL.indexOf('about:') !== 0 && document.body"
                                              " && document.body.getAttribute('data-state'))");
        int done = strcmp(state, "ready") == 0 || strcmp(state, "error") == 0;
        free(state);
        if (done)
            return;
        nanosleep(&look_again, NULL);
    }
}

static int base64_value(char c)
{
    const char *digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const char *at = c ? strchr(digits, c) : NULL;
    return at ? (int)(at - digits) : -1;
}

void support_browser_screenshot(struct support_browser *b, const char *url, int width, int height, int mobile,
                                const char *path)
{
    unlink(path); /* a failed run leaves no stale picture that looks like this one */
    support_browser_screen(b, width, height, mobile);
    support_browser_open(b, url);
    cJSON *p = cJSON_CreateObject();
    cr_assert_not_null(p);
    cr_assert_not_null(cJSON_AddStringToObject(p, "format", "png"));
    cJSON *shot = support_browser_call(b, "Page.captureScreenshot", p, 1);
    const char *data = cJSON_GetStringValue(cJSON_GetObjectItem(shot, "data"));
    cr_assert_not_null(data, "no screenshot data for %s", path);
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
    cr_assert_gt(len, 10000, "%s is too small to show the page (%zu bytes)", path, len);
    cr_assert_eq(memcmp(png, "\x89PNG", 4), 0, "%s is not a PNG", path);
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f, "cannot write %s", path);
    cr_assert_eq(fwrite(png, 1, len, f), len);
    cr_assert_eq(fclose(f), 0);
    free(png);
}

void support_browser_stop(struct support_browser *b)
{
    if (b->pid <= 0)
        return;
    cJSON_Delete(support_browser_call(b, "Browser.close", NULL, 0));
    close(b->to);
    close(b->from);
    free(b->buf);
    b->buf = NULL;
    const struct timespec tick = {0, 50 * 1000000L};
    int status;
    for (int i = 0; i < 600 && waitpid(b->pid, &status, WNOHANG) != b->pid; i++) {
        if (i == 599) {
            kill(b->pid, SIGKILL);
            waitpid(b->pid, &status, 0);
        }
        nanosleep(&tick, NULL);
    }
    b->pid = -1;
}

void support_browser_kill(struct support_browser *b)
{
    if (b->pid <= 0)
        return;
    kill(b->pid, SIGKILL);
    waitpid(b->pid, NULL, 0);
    b->pid = -1;
}

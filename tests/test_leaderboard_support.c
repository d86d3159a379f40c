/* test_leaderboard_support.c - a real leaderboard process and a real
 * libcurl client for the leaderboard tests (test_leaderboard_support.h).
 * The server is started with --listen 127.0.0.1:0 and tells its port on
 * its first line of output, so parallel tests never fight over a port.
 */
#include <criterion/criterion.h>
#include <signal.h>
#include <sys/prctl.h>
#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "tests/support_scratch.h"
#include "tests/test_leaderboard_support.h"
#include "tests/support_cmd.h"

static void spawn(struct lb_server *s)
{
    const char *const *extra = s->extra;
    int fds[2];
    char path[512], line[256];
    cr_assert_eq(pipe(fds), 0);
    snprintf(path, sizeof path, "%s/leaderboard", support_bin_dir());
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);   /* dies with the test, whatever ends it */
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        setenv("LEADERBOARD_TOKENS", "other-token, " LB_TOKEN, 1);
        setenv("LEADERBOARD_AUTHOR_TOKENS", LB_AUTHOR ":" LB_AUTHOR_TOKEN ", " LB_AUTHOR2 ":" LB_AUTHOR2_TOKEN, 1);
        const char *argv[32] = { path, "--db", s->db, "--listen", "127.0.0.1:0", "--threads", "4" };
        int n = 7;
        for (int i = 0; extra && extra[i] && n < 31; i++) argv[n++] = extra[i];
        execv(path, (char *const *)argv);
        _exit(127);
    }
    close(fds[1]);
    s->pid = pid;
    size_t n = 0;
    struct pollfd p = { fds[0], POLLIN, 0 };
    while (n < sizeof line - 1 && !memchr(line, '\n', n)) {
        cr_assert_gt(poll(&p, 1, 10000), 0, "the server did not say it was listening");
        ssize_t got = read(fds[0], line + n, sizeof line - 1 - n);
        cr_assert_gt(got, 0, "the server exited before listening");
        n += (size_t)got;
        line[n] = 0;
    }
    close(fds[0]);
    cr_assert_eq(sscanf(line, "listening on http://127.0.0.1:%d", &s->port), 1, "first line: %s", line);
}

void lb_start(struct lb_server *s)
{
    lb_start_with(s, NULL);
}

void lb_start_with(struct lb_server *s, const char *const *extra)
{
    memset(s, 0, sizeof *s);
    s->extra = extra;
    snprintf(s->dir, sizeof s->dir, "%s", support_scratch_dir());
    snprintf(s->db, sizeof s->db, "%s", support_scratch_path("board.db"));
    spawn(s);
}

void lb_restart(struct lb_server *s)
{
    spawn(s);
}

void lb_stop(struct lb_server *s)
{
    int status;
    cr_assert_gt(s->pid, 0);
    kill(s->pid, SIGTERM);
    cr_assert_eq(waitpid(s->pid, &status, 0), s->pid);
    s->pid = 0;
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the server did not stop cleanly on SIGTERM");
}

void lb_kill(struct lb_server *s)
{
    int status;
    if (s->pid <= 0) return;
    kill(s->pid, SIGKILL);
    waitpid(s->pid, &status, 0);
    s->pid = 0;
}

void lb_cleanup(struct lb_server *s)
{
    lb_kill(s);
    if (s->dir[0]) support_scratch_remove();
    s->dir[0] = '\0';
}

struct sink {
    char *data;
    size_t len;
};

static size_t on_data(char *ptr, size_t size, size_t n, void *ctx)
{
    struct sink *k = ctx;
    size_t add = size * n;
    char *data = realloc(k->data, k->len + add + 1);
    if (!data) return 0;
    memcpy(data + k->len, ptr, add);
    k->data = data;
    k->len += add;
    data[k->len] = 0;
    return add;
}

int lb_request(const struct lb_server *s, const char *method, const char *path, const char *body, size_t len,
               const char *token, const char *extra_header, struct lb_reply *out)
{
    char url[1024], auth[512];
    struct sink data = { NULL, 0 }, head = { NULL, 0 };
    struct curl_slist *headers = NULL;
    CURL *curl = curl_easy_init();
    int rc = -1;
    memset(out, 0, sizeof *out);
    cr_assert_not_null(curl);
    snprintf(url, sizeof url, "http://127.0.0.1:%d%s", s->port, path);
    if (token) {
        snprintf(auth, sizeof auth, "Authorization: Bearer %s", token);
        headers = curl_slist_append(headers, auth);
    }
    if (extra_header) headers = curl_slist_append(headers, extra_header);
    if (body) headers = curl_slist_append(headers, "Content-Type: application/json");
    cr_assert_eq(curl_easy_setopt(curl, CURLOPT_URL, url), CURLE_OK);
    cr_assert_eq(curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method), CURLE_OK);
    if (!strcmp(method, "HEAD")) curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
    if (body) {
        cr_assert_eq(curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body), CURLE_OK);
        cr_assert_eq(curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len), CURLE_OK);
    }
    cr_assert_eq(curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers), CURLE_OK);
    cr_assert_eq(curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_data), CURLE_OK);
    cr_assert_eq(curl_easy_setopt(curl, CURLOPT_WRITEDATA, &data), CURLE_OK);
    cr_assert_eq(curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_data), CURLE_OK);
    cr_assert_eq(curl_easy_setopt(curl, CURLOPT_HEADERDATA, &head), CURLE_OK);
    cr_assert_eq(curl_easy_setopt(curl, CURLOPT_TIMEOUT, 30L), CURLE_OK);
    if (curl_easy_perform(curl) == CURLE_OK) {
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &out->status);
        out->body = data.data ? data.data : calloc(1, 1);
        out->len = data.len;
        out->headers = head.data ? head.data : calloc(1, 1);
        data.data = head.data = NULL;
        rc = 0;
    }
    free(data.data);
    free(head.data);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    return rc;
}

void lb_reply_release(struct lb_reply *r)
{
    free(r->body);
    free(r->headers);
    memset(r, 0, sizeof *r);
}

cJSON *lb_get(const struct lb_server *s, const char *path, long status)
{
    struct lb_reply r;
    cr_assert_eq(lb_request(s, "GET", path, NULL, 0, NULL, NULL, &r), 0, "GET %s failed", path);
    cr_assert_eq(r.status, status, "GET %s: status %ld, not %ld: %s", path, r.status, status, r.body);
    cJSON *doc = cJSON_ParseWithLength(r.body, r.len);
    cr_assert_not_null(doc, "GET %s: not JSON: %.200s", path, r.body);
    lb_reply_release(&r);
    return doc;
}

cJSON *lb_post(const struct lb_server *s, const cJSON *value, long status)
{
    struct lb_reply r;
    char *text = cJSON_PrintUnformatted(value);
    cr_assert_not_null(text);
    cr_assert_eq(lb_request(s, "POST", "/api/v1/parties", text, strlen(text), LB_TOKEN, NULL, &r), 0);
    cr_assert_eq(r.status, status, "POST: status %ld, not %ld: %s", r.status, status, r.body);
    cJSON *doc = cJSON_ParseWithLength(r.body, r.len);
    cr_assert_not_null(doc, "POST: not JSON: %.200s", r.body);
    lb_reply_release(&r);
    free(text);
    return doc;
}

/* A journal made by `arena run` with these bots, kept under build/tests
 * and made again when the arena is newer. With any_status, the run's exit
 * status is not asserted, only that it finished: `arena run` of a game
 * other than Piquet journals its matches but may not print their ratings
 * yet. */
static const char *journal_of(const char *file, const char *bots, int any_status, char *path, size_t cap)
{
    char arena[600], tmp[700], cmd[8192];
    struct stat js, as;
    snprintf(path, cap, "%s/../tests/%s", support_bin_dir(), file);
    snprintf(arena, sizeof arena, "%s/arena", support_bin_dir());
    cr_assert_eq(stat(arena, &as), 0);
    if (stat(path, &js) == 0 && js.st_mtime >= as.st_mtime) return path;
    snprintf(tmp, sizeof tmp, "%s/../tests/lb-journal.%d.jsonl", support_bin_dir(), (int)getpid());
    snprintf(cmd, sizeof cmd, "%s run --quiet %s --seed 5 --journal '%s' --log-dir '%s' > /dev/null%s", arena, bots, tmp,
             support_scratch_path("journal-logs"), any_status ? " 2>&1" : "");
    unlink(tmp);
    int status = system(cmd);
    cr_assert(any_status ? WIFEXITED(status) : status == 0, "arena run failed");
    cr_assert_eq(rename(tmp, path), 0);
    return path;
}

static const char *journal(const char *file, const char *bots, char *path, size_t cap)
{
    return journal_of(file, bots, 0, path, cap);
}

const char *lb_journal(void)
{
    static char path[600];
    char bots[2000];
    snprintf(bots, sizeof bots, "--bot g=%s/bot-greedy --bot 'r1=%s/bot-random --seed 3' "
             "--bot 'r2=%s/bot-random --seed 9' --pairs 4", support_bin_dir(), support_bin_dir(), support_bin_dir());
    return journal("leaderboard-journal.jsonl", bots, path, sizeof path);
}

const char *lb_forfeit_journal(void)
{
    static char path[600];
    char bots[2000];
    snprintf(bots, sizeof bots, "--bot g=%s/bot-greedy --bot 'f=%s/bot-faulty --mode illegal --after 40' --pairs 1",
             support_bin_dir(), support_bin_dir());
    return journal("leaderboard-forfeits.jsonl", bots, path, sizeof path);
}

const char *lb_disqualified_journal(void)
{
    static char path[600];
    char bots[2000];
    snprintf(bots, sizeof bots, "--bot g=%s/bot-greedy --bot 'f=%s/bot-faulty --mode crash --after 40' --pairs 2 "
             "--max-faults 1 --concurrency 1", support_bin_dir(), support_bin_dir());
    return journal("leaderboard-disqualified.jsonl", bots, path, sizeof path);
}

const char *lb_game_journal(const char *game, int players)
{
    static char paths[8][600];
    static char games[8][64];
    char file[160], bots[4000], key[64];
    const char *b = support_bin_dir();
    snprintf(key, sizeof key, "%s-%d", game, players);
    for (int i = 0; i < 8; i++)
        if (!strcmp(games[i], key)) return paths[i];
    int k = 0;
    while (k < 7 && games[k][0]) k++;
    snprintf(games[k], sizeof games[k], "%s", key);
    snprintf(file, sizeof file, "leaderboard-%s.jsonl", key);
    snprintf(bots, sizeof bots, "--game %s --players %d --bot 'r1=%s/bot-random --game %s' "
             "--bot 'r2=%s/bot-random --seed 2 --game %s' --bot 'r3=%s/bot-random --seed 3 --game %s' "
             "--bot 'r4=%s/bot-random --seed 4 --game %s' --bot 'r5=%s/bot-random --seed 5 --game %s' --pairs 1",
             game, players, b, game, b, game, b, game, b, game, b, game);
    return journal_of(file, bots, 1, paths[k], sizeof paths[k]);
}

cJSON *lb_matches_of(const char *path)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    cJSON *list = cJSON_CreateArray();
    cr_assert_not_null(f);
    while (getline(&line, &cap, f) > 0) {
        cJSON *rec = cJSON_Parse(line);
        cr_assert_not_null(rec);
        const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "type"));
        if (type && !strcmp(type, "match")) cJSON_AddItemToArray(list, rec);
        else cJSON_Delete(rec);
    }
    free(line);
    fclose(f);
    cr_assert_gt(cJSON_GetArraySize(list), 0, "%s holds no match", path);
    return list;
}

cJSON *lb_records_of(const char *path)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    cJSON *list = cJSON_CreateArray();
    cr_assert_not_null(f);
    while (getline(&line, &cap, f) > 0) {
        cJSON *rec = cJSON_Parse(line);
        cr_assert_not_null(rec);
        const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "type"));
        if (type && !strcmp(type, "partie")) cJSON_AddItemToArray(list, rec);
        else cJSON_Delete(rec);
    }
    free(line);
    fclose(f);
    return list;
}

cJSON *lb_records(void)
{
    cJSON *list = lb_records_of(lb_journal());
    cr_assert_eq(cJSON_GetArraySize(list), 24);
    return list;
}

cJSON *lb_arena_ratings(const char *journal)
{
    char cmd[1024], *text = NULL;
    size_t len = 0;
    snprintf(cmd, sizeof cmd, "%s/arena ratings --json '%s'", support_bin_dir(), journal);
    FILE *p = popen(cmd, "r");
    FILE *out = open_memstream(&text, &len);
    int c;
    cr_assert(p && out);
    while ((c = getc(p)) != EOF) putc(c, out);
    cr_assert_eq(pclose(p), 0);
    fclose(out);
    cJSON *doc = cJSON_Parse(text);
    cr_assert_not_null(doc);
    free(text);
    return doc;
}

int lb_count(const struct lb_server *s)
{
    char path[128];
    int n = 0;
    double before = 0;
    for (;;) {
        if (before > 0) snprintf(path, sizeof path, "/api/v1/parties?limit=200&before=%.0f", before);
        else snprintf(path, sizeof path, "/api/v1/parties?limit=200");
        cJSON *page = lb_get(s, path, 200);
        n += cJSON_GetArraySize(cJSON_GetObjectItem(page, "parties"));
        cJSON *next = cJSON_GetObjectItem(page, "next_before");
        int more = cJSON_IsNumber(next);
        if (more) before = next->valuedouble;
        cJSON_Delete(page);
        if (!more) return n;
    }
}

/* roster.c - the ladder's registered bots, from a bots file or a
 * leaderboard (roster.h).
 *
 * A leaderboard roster has one thread: it fetches the list, checks it whole
 * and, when it differs from the last, publishes it under `lock` with a new
 * generation; roster_read copies it out when the generation moved. The
 * report roster_report leaves is posted by the same thread after each
 * fetch. The thread owns its curl handle; everything else it shares is
 * under `lock`.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <cjson/cJSON.h>
#include <curl/curl.h>
#include "arena/tournament/lbclient.h"
#include "arena/tournament/roster.h"

enum { ROSTER_BODY_MAX = 4 << 20, ROSTER_URL_MAX = 1100 };

struct roster {
    /* a bots file */
    const char *path;
    time_t mtime;
    long size;
    int64_t checked;
    int read_once;
    /* a leaderboard */
    char base[ROSTER_URL_MAX], game[64], auth[600];
    pthread_t thread;
    int started;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    int stop;
    unsigned long generation, seen;    /* of the list below */
    struct roster_entry list[ROSTER_MAX];
    int n;
    char error[512];                   /* the last fetch's failure, "" none */
    int has_report;
    char endpoint[300], server_key[CURVE_KEY_TEXT];
    struct roster_presence presence[ROSTER_MAX];
    int n_presence;
};

/* Adds a checked entry; -1 with err when it breaks a rule. */
static int add_entry(struct roster_entry *list, int *n, const char *name, const char *key, const char *where,
                     char *err, size_t cap)
{
    const char *why = codec_bot_name_check(name);
    if (why) {
        snprintf(err, cap, "%s: the bot name '%.64s' %s", where, name, why);
        return -1;
    }
    if (!curve_key_valid(key)) {
        snprintf(err, cap, "%s: '%.64s' has no CURVE public key (40 Z85 characters)", where, name);
        return -1;
    }
    for (int k = 0; k < *n; k++)
        if (!strcmp(list[k].name, name) || !strcmp(list[k].key, key)) {
            snprintf(err, cap, "%s: '%.64s' or its key is listed twice", where, name);
            return -1;
        }
    if (*n == ROSTER_MAX) {
        snprintf(err, cap, "%s: more than %d bots", where, ROSTER_MAX);
        return -1;
    }
    snprintf(list[*n].name, sizeof list[*n].name, "%s", name);
    memcpy(list[*n].key, key, CURVE_KEY_TEXT);
    (*n)++;
    return 0;
}

/* ---- a bots file ---------------------------------------------------------------------- */

static int read_file(const char *path, struct roster_entry *list, int *n, char *err, size_t cap)
{
    FILE *f = fopen(path, "r");
    char line[4096], where[300];
    int line_no = 0, rc = 0;
    *n = 0;
    if (!f) {
        snprintf(err, cap, "cannot read the bots file '%s': %s", path, strerror(errno));
        return -1;
    }
    while (rc == 0 && fgets(line, sizeof line, f)) {
        char name[256], key[4096], why[200];
        line_no++;
        snprintf(where, sizeof where, "%.200s:%d", path, line_no);
        if (line[strspn(line, " \t\r\n")] == '\0' || line[strspn(line, " \t")] == '#') continue;
        if (sscanf(line, "%255s %4095s", name, key) != 2) {
            snprintf(err, cap, "%s: want NAME KEY", where);
            rc = -1;
        } else if (!curve_key_valid(key) && curve_key_read_public(key, key, why, sizeof why) < 0) {
            snprintf(err, cap, "%s: %s", where, why);
            rc = -1;
        } else {
            rc = add_entry(list, n, name, key, where, err, cap);
        }
    }
    fclose(f);
    return rc;
}

struct roster *roster_open_file(const char *path, char *err, size_t cap)
{
    struct roster *self = calloc(1, sizeof *self);
    if (!self) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    self->path = path;
    if (read_file(path, self->list, &self->n, err, cap) < 0) {
        free(self);
        return NULL;
    }
    self->n = 0;   /* read again by the first roster_read */
    return self;
}

static int read_bots_file(struct roster *self, int64_t now, struct roster_entry *entries, int *n, char *err,
                          size_t cap)
{
    struct stat st;
    static struct roster_entry list[ROSTER_MAX];   /* one reader: the arena's loop */
    int count;
    if (self->read_once && now - self->checked < ROSTER_FILE_CHECK_MS) return 0;
    self->checked = now;
    if (stat(self->path, &st) != 0) {
        snprintf(err, cap, "cannot read the bots file '%s': %s", self->path, strerror(errno));
        return -1;
    }
    if (self->read_once && st.st_mtime == self->mtime && st.st_size == self->size) return 0;
    if (read_file(self->path, list, &count, err, cap) < 0) return -1;
    self->mtime = st.st_mtime;
    self->size = (long)st.st_size;
    self->read_once = 1;
    memcpy(entries, list, sizeof *list * (size_t)count);
    *n = count;
    return 1;
}

/* ---- a leaderboard -------------------------------------------------------------------- */

struct body {
    char *text;
    size_t len;
    int over;
};

static size_t on_body(char *data, size_t size, size_t n, void *ctx)
{
    struct body *b = ctx;
    size_t len = size * n;
    if (b->over || b->len + len > ROSTER_BODY_MAX) {
        b->over = 1;
        return 0;
    }
    char *grown = realloc(b->text, b->len + len + 1);
    if (!grown) return 0;
    b->text = grown;
    memcpy(b->text + b->len, data, len);
    b->len += len;
    b->text[b->len] = '\0';
    return len;
}

/* One request (GET when json is NULL, else POST of json); the status, 0
 * when the server could not be reached (err says why). The body is the
 * caller's to free. */
static long request(CURL *curl, const char *url, const char *auth, const char *json, struct body *body, char *err,
                    size_t cap)
{
    struct curl_slist *headers = NULL;
    long status = 0;
    CURLcode rc = CURLE_OUT_OF_MEMORY;
    headers = curl_slist_append(headers, "Content-Type: application/json");
    if (headers && auth) headers = curl_slist_append(headers, auth);
    if (!headers) {
        snprintf(err, cap, "out of memory");
        return 0;
    }
    curl_easy_reset(curl);
    if ((rc = curl_easy_setopt(curl, CURLOPT_URL, url)) != CURLE_OK ||
        (rc = curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers)) != CURLE_OK ||
        (json && (rc = curl_easy_setopt(curl, CURLOPT_POSTFIELDS, json)) != CURLE_OK) ||
        (rc = curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, 3000L)) != CURLE_OK ||
        (rc = curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, 10000L)) != CURLE_OK ||
        (rc = curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L)) != CURLE_OK ||
        (rc = curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "")) != CURLE_OK ||
        (rc = curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body)) != CURLE_OK ||
        (rc = curl_easy_setopt(curl, CURLOPT_WRITEDATA, body)) != CURLE_OK ||
        (rc = curl_easy_perform(curl)) != CURLE_OK) {
        snprintf(err, cap, "%s", body->over ? "the answer is over 4 MiB" : curl_easy_strerror(rc));
        goto out;
    }
    if (curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status) != CURLE_OK) status = 0;
    if (status != 200) {
        cJSON *doc = body->text ? cJSON_ParseWithLength(body->text, body->len) : NULL;
        const char *why = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "error"));
        snprintf(err, cap, "HTTP %ld: %.200s", status, why ? why : "(no error given)");
        cJSON_Delete(doc);
        if (!status) status = -1;
    }
out:
    curl_slist_free_all(headers);
    return status;
}

/* Fetches and checks the list: 0 with list and *n, or -1 with err. */
static int fetch(struct roster *self, CURL *curl, struct roster_entry *list, int *n, char *err, size_t cap)
{
    char url[ROSTER_URL_MAX + 100], why[300];
    struct body body = { NULL, 0, 0 };
    int rc = -1;
    cJSON *doc = NULL;
    const cJSON *bot;
    *n = 0;
    snprintf(url, sizeof url, "%s/api/v1/bots?game=%s", self->base, self->game);
    if (request(curl, url, NULL, NULL, &body, why, sizeof why) != 200) {
        snprintf(err, cap, "cannot fetch the registered bots from %s: %s", url, why);
        goto out;
    }
    doc = cJSON_ParseWithLength(body.text, body.len);
    const cJSON *bots = cJSON_GetObjectItemCaseSensitive(doc, "bots");
    if (!cJSON_IsArray(bots)) {
        snprintf(err, cap, "%s: the answer has no \"bots\" array", url);
        goto out;
    }
    cJSON_ArrayForEach(bot, bots) {
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(bot, "name"));
        const char *key = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(bot, "public_key"));
        const cJSON *retired = cJSON_GetObjectItemCaseSensitive(bot, "retired");
        if (!name || !key || !retired) {
            snprintf(err, cap, "%s: a bot without \"name\", \"public_key\" or \"retired\"", url);
            goto out;
        }
        if (!cJSON_IsNull(retired)) continue;
        if (add_entry(list, n, name, key, url, err, cap) < 0) goto out;
    }
    rc = 0;
out:
    cJSON_Delete(doc);
    free(body.text);
    return rc;
}

/* Posts the latest report, if any. A failure is said in self->error's
 * stead on stderr once per kind: the ladder goes on without it. */
static void post_report(struct roster *self, CURL *curl, char *last_error, size_t cap)
{
    char url[ROSTER_URL_MAX + 32], why[300];
    struct body body = { NULL, 0, 0 };
    cJSON *root = cJSON_CreateObject(), *bots = NULL;
    char *json = NULL;
    pthread_mutex_lock(&self->lock);
    int ok = self->has_report && root && cJSON_AddStringToObject(root, "game", self->game) &&
             cJSON_AddStringToObject(root, "endpoint", self->endpoint) &&
             cJSON_AddStringToObject(root, "server_key", self->server_key) &&
             (bots = cJSON_AddArrayToObject(root, "bots"));
    for (int i = 0; ok && i < self->n_presence; i++) {
        cJSON *b = cJSON_CreateObject();
        ok = b && cJSON_AddItemToArray(bots, b) && cJSON_AddStringToObject(b, "name", self->presence[i].name) &&
             cJSON_AddNumberToObject(b, "connections", self->presence[i].connections) &&
             cJSON_AddNumberToObject(b, "playing", self->presence[i].playing);
    }
    pthread_mutex_unlock(&self->lock);
    if (ok && (json = cJSON_PrintUnformatted(root))) {
        snprintf(url, sizeof url, "%s/api/v1/arena", self->base);
        if (request(curl, url, self->auth, json, &body, why, sizeof why) != 200) {
            if (strcmp(why, last_error)) fprintf(stderr, "arena serve: cannot report to %s: %s\n", url, why);
            snprintf(last_error, cap, "%s", why);
        } else {
            last_error[0] = '\0';
        }
    }
    free(json);
    free(body.text);
    cJSON_Delete(root);
}

static void *run_thread(void *arg)
{
    struct roster *self = arg;
    static struct roster_entry list[ROSTER_MAX];   /* the thread's alone */
    char err[512], report_error[300] = "";
    int n;
    CURL *curl = curl_easy_init();
    pthread_mutex_lock(&self->lock);
    while (!self->stop) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += ROSTER_FETCH_MS / 1000;
        until.tv_nsec += (long)(ROSTER_FETCH_MS % 1000) * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        while (!self->stop && pthread_cond_timedwait(&self->wake, &self->lock, &until) != ETIMEDOUT) {}
        if (self->stop) break;
        pthread_mutex_unlock(&self->lock);
        int rc = curl ? fetch(self, curl, list, &n, err, sizeof err) : -1;
        if (!curl) snprintf(err, sizeof err, "cannot start libcurl");
        if (curl) post_report(self, curl, report_error, sizeof report_error);
        pthread_mutex_lock(&self->lock);
        if (rc < 0) {
            snprintf(self->error, sizeof self->error, "%s", err);
        } else {
            self->error[0] = '\0';
            if (n != self->n || memcmp(list, self->list, sizeof *list * (size_t)n)) {
                memcpy(self->list, list, sizeof *list * (size_t)n);
                self->n = n;
                self->generation++;
            }
        }
    }
    pthread_mutex_unlock(&self->lock);
    curl_easy_cleanup(curl);
    return NULL;
}

struct roster *roster_open_leaderboard(const char *url, const char *game, const char *token_file, char *err,
                                       size_t cap)
{
    struct roster *self = calloc(1, sizeof *self);
    CURL *curl = NULL;
    if (!self) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    size_t len = strlen(url);
    while (len > 0 && url[len - 1] == '/') len--;
    if (len >= sizeof self->base || strlen(game) >= sizeof self->game) {
        snprintf(err, cap, "the leaderboard's URL is too long");
        goto fail;
    }
    memcpy(self->base, url, len);
    self->base[len] = '\0';
    snprintf(self->game, sizeof self->game, "%s", game);
    if (lbclient_auth_header(token_file, self->auth, sizeof self->auth, err, cap) < 0 ||
        lbclient_curl_start(err, cap) < 0)
        goto fail;
    if (!(curl = curl_easy_init())) {
        snprintf(err, cap, "cannot start libcurl");
        goto fail;
    }
    int rc = fetch(self, curl, self->list, &self->n, err, cap);
    curl_easy_cleanup(curl);
    if (rc < 0) goto fail;
    self->generation = 1;
    if (pthread_mutex_init(&self->lock, NULL) || pthread_cond_init(&self->wake, NULL)) {
        snprintf(err, cap, "cannot create the roster's lock");
        goto fail;
    }
    if (pthread_create(&self->thread, NULL, run_thread, self)) {
        snprintf(err, cap, "cannot start the roster's thread");
        goto fail;
    }
    self->started = 1;
    return self;
fail:
    free(self);
    return NULL;
}

/* ---- both ------------------------------------------------------------------------------ */

int roster_read(struct roster *self, int64_t now_ms, struct roster_entry *entries, int *n, char *err, size_t cap)
{
    int rc = 0;
    if (self->path) return read_bots_file(self, now_ms, entries, n, err, cap);
    pthread_mutex_lock(&self->lock);
    if (self->generation != self->seen) {
        memcpy(entries, self->list, sizeof *entries * (size_t)self->n);
        *n = self->n;
        self->seen = self->generation;
        rc = 1;
    } else if (self->error[0]) {
        snprintf(err, cap, "%s", self->error);
        rc = -1;
    }
    pthread_mutex_unlock(&self->lock);
    return rc;
}

void roster_report(struct roster *self, const char *endpoint, const char *server_key,
                   const struct roster_presence *presence, int n)
{
    if (self->path) return;
    pthread_mutex_lock(&self->lock);
    snprintf(self->endpoint, sizeof self->endpoint, "%s", endpoint);
    snprintf(self->server_key, sizeof self->server_key, "%s", server_key);
    if (n > ROSTER_MAX) n = ROSTER_MAX;
    memcpy(self->presence, presence, sizeof *presence * (size_t)n);
    self->n_presence = n;
    self->has_report = 1;
    pthread_mutex_unlock(&self->lock);
}

void roster_close(struct roster *self)
{
    if (!self) return;
    if (self->started) {
        pthread_mutex_lock(&self->lock);
        self->stop = 1;
        pthread_cond_signal(&self->wake);
        pthread_mutex_unlock(&self->lock);
        pthread_join(self->thread, NULL);
        pthread_mutex_destroy(&self->lock);
        pthread_cond_destroy(&self->wake);
    }
    free(self);
}

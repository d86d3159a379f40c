/* poster.c - the posting thread of poster.h. The queue is shared with the
 * caller under one mutex; the thread takes up to POSTER_BATCH_MAX records,
 * posts them without the lock, and only then removes them, so a record
 * leaves the queue only once the server answered for it. Marks are
 * appended to the journal through a descriptor of the poster's own
 * (O_APPEND, one write per line, so they never interleave with records).
 */
#include <errno.h>
#include <stdarg.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <curl/curl.h>
#include "arena/tournament/lbclient.h"
#include "arena/tournament/poster.h"
#include "records/journal.h"

struct item {
    char *text;                  /* the record as posted */
    double id;
    char run[32];
};

struct poster {
    char url[1024];              /* the endpoint */
    char base[1024];             /* as given, for the marks */
    char auth[600];              /* "Authorization: Bearer ..." */
    struct journal journal;
    int quiet;
    pthread_t thread;
    int thread_started;
    pthread_mutex_t lock;
    pthread_cond_t cond;         /* queue changed, or closing */
    struct item *queue;
    size_t n, cap;
    int closing;
    int token_refused;
    int in_outage;
    char while_down[160];        /* what the arena does meanwhile, said at an outage */
    long posted, refused;
    char last_error[256];
};

__attribute__((format(printf, 2, 3))) static void say(const struct poster *self, const char *fmt, ...)
{
    va_list ap;
    if (self->quiet) return;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
}

struct body {
    char text[4096];
    size_t len;
};

static size_t on_body(char *data, size_t size, size_t n, void *ctx)
{
    struct body *b = ctx;
    size_t len = size * n, room = sizeof b->text - 1 - b->len;
    memcpy(b->text + b->len, data, len < room ? len : room);
    b->len += len < room ? len : room;
    b->text[b->len] = '\0';
    return len;
}

/* One POST; the HTTP status, or 0 when the server could not be reached
 * (why in err). */
static long post(struct poster *self, CURL *curl, const char *json, size_t len, char *err, size_t cap)
{
    struct body body = { "", 0 };
    struct curl_slist *headers = NULL;
    long status = 0;
    headers = curl_slist_append(headers, "Content-Type: application/json");
    if (headers) headers = curl_slist_append(headers, self->auth);
    if (!headers) {
        snprintf(err, cap, "out of memory");
        return 0;
    }
    curl_easy_reset(curl);
    CURLcode rc;
    if ((rc = curl_easy_setopt(curl, CURLOPT_URL, self->url)) != CURLE_OK ||
        (rc = curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers)) != CURLE_OK ||
        (rc = curl_easy_setopt(curl, CURLOPT_POSTFIELDS, json)) != CURLE_OK ||
        (rc = curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len)) != CURLE_OK ||
        (rc = curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, 3000L)) != CURLE_OK ||
        (rc = curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, 20000L)) != CURLE_OK ||
        (rc = curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L)) != CURLE_OK ||
        (rc = curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body)) != CURLE_OK ||
        (rc = curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body)) != CURLE_OK ||
        (rc = curl_easy_perform(curl)) != CURLE_OK) {
        snprintf(err, cap, "%s", curl_easy_strerror(rc));
        goto out;
    }
    if (curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status) != CURLE_OK) status = 0;
    if (status != 200) {
        /* The server's {"error": "..."} when there is one. */
        cJSON *doc = cJSON_ParseWithLength(body.text, body.len);
        const char *why = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "error"));
        snprintf(err, cap, "HTTP %ld: %.200s", status, why ? why : body.len ? body.text : "(no body)");
        cJSON_Delete(doc);
    }
out:
    curl_slist_free_all(headers);
    return status;
}

static void mark(struct poster *self, cJSON *line)
{
    char err[256];
    if (!line || journal_append(&self->journal, line, err, sizeof err) < 0)
        say(self, "leaderboard: cannot mark posted parties in the journal: %s\n", line ? err : "out of memory");
    cJSON_Delete(line);
}

static void mark_posted(struct poster *self, const struct item *items, size_t k)
{
    cJSON *line = cJSON_CreateObject();
    cJSON_AddStringToObject(line, "type", "posted");
    cJSON_AddStringToObject(line, "run", items[0].run);
    cJSON_AddStringToObject(line, "url", self->base);
    cJSON *ids = cJSON_AddArrayToObject(line, "ids");
    for (size_t i = 0; ids && i < k; i++) cJSON_AddItemToArray(ids, cJSON_CreateNumber(items[i].id));
    mark(self, line);
}

static void mark_refused(struct poster *self, const struct item *item, long status, const char *why)
{
    cJSON *line = cJSON_CreateObject();
    cJSON_AddStringToObject(line, "type", "post_refused");
    cJSON_AddStringToObject(line, "run", item->run);
    cJSON_AddStringToObject(line, "url", self->base);
    cJSON_AddNumberToObject(line, "id", item->id);
    cJSON_AddNumberToObject(line, "status", (double)status);
    cJSON_AddStringToObject(line, "error", why);
    mark(self, line);
}

/* Removes the first k items (the caller holds the lock). */
static void drop_front(struct poster *self, size_t k)
{
    for (size_t i = 0; i < k; i++) free(self->queue[i].text);
    memmove(self->queue, self->queue + k, (self->n - k) * sizeof *self->queue);
    self->n -= k;
}

static int permanent(long status)
{
    return status == 400 || status == 409 || status == 413 || status == 422;
}

/* Posts items[0..k-1] (a snapshot); returns what the server said for
 * them all: 200, a permanent refusal of one (handled: marked), 401/403,
 * or 0/other for "try again later". *done is how many left the queue. */
static long send_batch(struct poster *self, CURL *curl, const struct item *items, size_t k, size_t *done,
                       size_t *refused, char *err, size_t cap)
{
    size_t len = 2;
    for (size_t i = 0; i < k; i++) len += strlen(items[i].text) + 1;
    char *body = malloc(len + 1);
    if (!body) {
        snprintf(err, cap, "out of memory");
        return 0;
    }
    char *at = body;
    *at++ = '[';
    for (size_t i = 0; i < k; i++) {
        if (i) *at++ = ',';
        size_t n = strlen(items[i].text);
        memcpy(at, items[i].text, n);
        at += n;
    }
    *at++ = ']';
    *at = '\0';
    long status = post(self, curl, body, (size_t)(at - body), err, cap);
    free(body);
    *done = 0;
    if (status == 200) {
        mark_posted(self, items, k);
        *done = k;
    } else if (permanent(status) && k == 1) {
        mark_refused(self, &items[0], status, err);
        fprintf(stderr, "leaderboard: refused partie %s-%.0f: %s\n", items[0].run, items[0].id, err);
        *done = 1;
        (*refused)++;
    } else if (permanent(status)) {
        /* One record spoils the batch: find it by posting one at a time. */
        for (size_t i = 0; i < k; i++) {
            size_t one = 0;
            long s = send_batch(self, curl, &items[i], 1, &one, refused, err, cap);
            if (!one) return s;
            *done += one;
        }
        status = 200;
    }
    return status;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void wait_ms(struct poster *self, long ms)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += ms / 1000;
    until.tv_nsec += (ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    while (!self->closing && pthread_cond_timedwait(&self->cond, &self->lock, &until) == 0) {
    }
}

static void *run_thread(void *arg)
{
    struct poster *self = arg;
    CURL *curl = curl_easy_init();
    long backoff = 0;
    char err[256];
    pthread_mutex_lock(&self->lock);
    while (!self->closing) {
        if (!self->n || self->token_refused || !curl) {
            pthread_cond_wait(&self->cond, &self->lock);
            continue;
        }
        size_t k = self->n < POSTER_BATCH_MAX ? self->n : POSTER_BATCH_MAX, done = 0, refused = 0;
        struct item snapshot[POSTER_BATCH_MAX];
        memcpy(snapshot, self->queue, k * sizeof *snapshot);   /* texts stay owned by the queue */
        pthread_mutex_unlock(&self->lock);
        long status = send_batch(self, curl, snapshot, k, &done, &refused, err, sizeof err);
        pthread_mutex_lock(&self->lock);
        if (done) {
            drop_front(self, done);
            self->posted += (long)(done - refused);
            self->refused += (long)refused;
            pthread_cond_broadcast(&self->cond);
        }
        if (status == 200 || (permanent(status) && done)) {
            if (self->in_outage) say(self, "leaderboard: posting again to %s\n", self->base);
            self->in_outage = 0;
            backoff = 0;
            continue;
        }
        snprintf(self->last_error, sizeof self->last_error, "%s", err);
        if (status == 401 || status == 403) {
            self->token_refused = 1;
            fprintf(stderr, "leaderboard: the server refused the token (%s); parties stay unsent in the journal\n", err);
            pthread_cond_broadcast(&self->cond);
            continue;
        }
        if (!self->in_outage)
            say(self, "leaderboard: cannot post to %s (%s); %s\n", self->base, err, self->while_down);
        self->in_outage = 1;
        backoff = backoff ? (backoff * 2 > 30000 ? 30000 : backoff * 2) : 250;
        wait_ms(self, backoff);
    }
    pthread_mutex_unlock(&self->lock);
    if (curl) curl_easy_cleanup(curl);
    return NULL;
}

struct poster *poster_open(const char *url, const char *token_file, const char *journal_path, int quiet, char *err,
                           size_t cap)
{
    struct poster *self = calloc(1, sizeof *self);
    if (!self) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    self->journal.fd = -1;
    self->quiet = quiet;
    if (strncmp(url, "http://", 7) && strncmp(url, "https://", 8)) {
        snprintf(err, cap, "--post takes an http:// or https:// URL ('%.200s')", url);
        goto fail;
    }
    size_t len = strlen(url);
    while (len > 0 && url[len - 1] == '/') len--;
    snprintf(self->base, sizeof self->base, "%.*s", (int)len, url);
    snprintf(self->while_down, sizeof self->while_down, "retrying in the background, the tournament goes on");
    if (len >= 15 && !strcmp(self->base + len - 15, "/api/v1/parties")) snprintf(self->url, sizeof self->url, "%s", self->base);
    else snprintf(self->url, sizeof self->url, "%.1000s/api/v1/parties", self->base);
    if (lbclient_auth_header(token_file, self->auth, sizeof self->auth, err, cap) < 0) goto fail;
    if (journal_open(&self->journal, journal_path, err, cap) < 0) goto fail;
    if (lbclient_curl_start(err, cap) < 0) goto fail;
    if (pthread_mutex_init(&self->lock, NULL) || pthread_cond_init(&self->cond, NULL)) {
        snprintf(err, cap, "cannot create the posting thread's lock");
        goto fail;
    }
    if (pthread_create(&self->thread, NULL, run_thread, self)) {
        snprintf(err, cap, "cannot start the posting thread");
        goto fail;
    }
    self->thread_started = 1;
    return self;
fail:
    journal_close(&self->journal);
    free(self);
    return NULL;
}

void poster_submit(struct poster *self, const cJSON *record)
{
    const char *run = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(record, "run"));
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(record, "id");
    char *text = cJSON_PrintUnformatted(record);
    if (!text || !run || !cJSON_IsNumber(id)) {
        free(text);
        return;   /* stays unsent in the journal; arena post reports it */
    }
    pthread_mutex_lock(&self->lock);
    if (self->n == self->cap) {
        size_t cap = self->cap ? 2 * self->cap : 64;
        struct item *grown = realloc(self->queue, cap * sizeof *grown);
        if (!grown) {
            pthread_mutex_unlock(&self->lock);
            free(text);
            return;
        }
        self->queue = grown;
        self->cap = cap;
    }
    struct item *item = &self->queue[self->n++];
    item->text = text;
    item->id = id->valuedouble;
    snprintf(item->run, sizeof item->run, "%s", run);
    pthread_cond_broadcast(&self->cond);
    pthread_mutex_unlock(&self->lock);
}

long poster_finish(struct poster *self, int wait_ms_total)
{
    double until = now_s() + wait_ms_total / 1000.0;
    pthread_mutex_lock(&self->lock);
    while (self->n && !self->token_refused && (wait_ms_total < 0 || now_s() < until)) {
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        t.tv_nsec += 100 * 1000000L;
        if (t.tv_nsec >= 1000000000L) {
            t.tv_sec++;
            t.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&self->cond, &self->lock, &t);
    }
    long left = (long)self->n;
    pthread_mutex_unlock(&self->lock);
    if (left)
        fprintf(stderr, "leaderboard: %ld parties not posted (%s); they stay marked unsent in the journal\n", left,
                self->last_error[0] ? self->last_error : "no answer in time");
    return left;
}

void poster_say_while_down(struct poster *self, const char *what)
{
    pthread_mutex_lock(&self->lock);
    snprintf(self->while_down, sizeof self->while_down, "%s", what);
    pthread_mutex_unlock(&self->lock);
}

long poster_posted(const struct poster *self)
{
    return self->posted;
}

long poster_refused(const struct poster *self)
{
    return self->refused;
}

void poster_close(struct poster *self)
{
    if (!self) return;
    if (self->thread_started) {
        pthread_mutex_lock(&self->lock);
        self->closing = 1;
        pthread_cond_broadcast(&self->cond);
        pthread_mutex_unlock(&self->lock);
        pthread_join(self->thread, NULL);
        pthread_mutex_destroy(&self->lock);
        pthread_cond_destroy(&self->cond);
    }
    for (size_t i = 0; i < self->n; i++) free(self->queue[i].text);
    free(self->queue);
    journal_close(&self->journal);
    free(self);
}

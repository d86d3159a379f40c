/* bench_client.c - `leaderboard-bench`: standings requests per second
 * under concurrent load, for `make bench`.
 *
 *   leaderboard-bench --server BIN --journal J.jsonl [--parties N] [--bots B]
 *                     [--runs R] [--seconds S] [--clients 1,8]
 *
 * Starts the server BIN on a fresh database in a temporary directory, posts
 * N parties to it (default 10,000) in batches through the API, each record
 * of the journal replicated under a run id of its own with the players
 * renamed among B bots (default 8), then for each client count runs R timed runs
 * of S seconds in which every client (a thread with one keep-alive libcurl
 * connection) asks GET /api/v1/standings as fast as it is answered. Prints
 * the median requests per second of the runs per client count, the time
 * of the first standings after the posts (the fit of N parties), the
 * time of the first standings after one more post of one partie (what a
 * reader waits for while a tournament posts), and that time while 8
 * clients ask for the history at once against it alone, medians of 5
 * rounds (whether a history holds other requests up).
 */
#include <curl/curl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cjson/cJSON.h>

enum { MAX_CLIENTS = 64, MAX_RUNS = 21, BATCH = 250, HISTORY_CLIENTS = 8, BUSY_ROUNDS = 5 };

static char base_url[64];

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

struct sink {
    size_t len;
};

static size_t drop(char *ptr, size_t size, size_t n, void *ctx)
{
    (void)ptr;
    ((struct sink *)ctx)->len += size * n;
    return size * n;
}

static int post(CURL *curl, const char *body, size_t len, const char *token)
{
    char url[128], auth[300];
    struct sink k = { 0 };
    long status = 0;
    struct curl_slist *h = NULL;
    snprintf(url, sizeof url, "%s/api/v1/parties", base_url);
    snprintf(auth, sizeof auth, "Authorization: Bearer %s", token);
    h = curl_slist_append(h, auth);
    if (curl_easy_setopt(curl, CURLOPT_URL, url) != CURLE_OK ||
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, h) != CURLE_OK ||
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body) != CURLE_OK ||
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len) != CURLE_OK ||
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, drop) != CURLE_OK ||
        curl_easy_setopt(curl, CURLOPT_WRITEDATA, &k) != CURLE_OK || curl_easy_perform(curl) != CURLE_OK ||
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status) != CURLE_OK) {
        curl_slist_free_all(h);
        return -1;
    }
    curl_slist_free_all(h);
    return status == 200 ? 0 : -1;
}

/* Reads the journal's partie records. */
static cJSON *read_records(const char *path)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    cJSON *list = cJSON_CreateArray();
    if (!f || !list) {
        fprintf(stderr, "leaderboard-bench: cannot read '%s'\n", path);
        exit(1);
    }
    while (getline(&line, &cap, f) > 0) {
        cJSON *rec = cJSON_Parse(line);
        const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(rec, "type"));
        if (type && !strcmp(type, "partie")) cJSON_AddItemToArray(list, rec);
        else cJSON_Delete(rec);
    }
    free(line);
    fclose(f);
    if (cJSON_GetArraySize(list) == 0) {
        fprintf(stderr, "leaderboard-bench: no partie records in '%s'\n", path);
        exit(1);
    }
    return list;
}

/* Copy `k` of a record: run id of its own, players renamed by rotation. */
static long bots = 8;   /* --bots: the players are renamed among this many */

static cJSON *replica(const cJSON *rec, const cJSON *names, long k)
{
    char run[17], name[32];
    cJSON *copy = cJSON_Duplicate(rec, 1);
    snprintf(run, sizeof run, "%016lx", 0x5eed000000000000L + k);
    cJSON_ReplaceItemInObjectCaseSensitive(copy, "run", cJSON_CreateString(run));
    cJSON *players = cJSON_GetObjectItemCaseSensitive(copy, "players");
    for (int p = 0; p < 2; p++) {
        const char *key = p ? "B" : "A";
        const char *was = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(players, key));
        int index = 0;
        for (int i = 0; i < cJSON_GetArraySize(names); i++)
            if (!strcmp(cJSON_GetArrayItem(names, i)->valuestring, was)) index = i;
        snprintf(name, sizeof name, "bot-%ld", (index + k) % bots);
        cJSON_ReplaceItemInObjectCaseSensitive(players, key, cJSON_CreateString(name));
    }
    return copy;
}

static pid_t start_server(const char *bin, const char *db, const char *token, int threads)
{
    int fds[2];
    char line[256], th[16];
    size_t n = 0;
    int port;
    if (pipe(fds) < 0) exit(1);
    snprintf(th, sizeof th, "%d", threads);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        setenv("LEADERBOARD_TOKENS", token, 1);
        execl(bin, bin, "--db", db, "--listen", "127.0.0.1:0", "--threads", th, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    struct pollfd p = { fds[0], POLLIN, 0 };
    while (n < sizeof line - 1 && !memchr(line, '\n', n)) {
        ssize_t got = poll(&p, 1, 10000) > 0 ? read(fds[0], line + n, sizeof line - 1 - n) : -1;
        if (got <= 0) {
            fprintf(stderr, "leaderboard-bench: the server did not start\n");
            exit(1);
        }
        n += (size_t)got;
        line[n] = 0;
    }
    close(fds[0]);
    if (sscanf(line, "listening on http://127.0.0.1:%d", &port) != 1) exit(1);
    snprintf(base_url, sizeof base_url, "http://127.0.0.1:%d", port);
    return pid;
}

struct client {
    pthread_t thread;
    double until;
    long done, failed;
    size_t bytes;
};

static void *load(void *arg)
{
    struct client *c = arg;
    char url[128];
    struct sink k = { 0 };
    CURL *curl = curl_easy_init();
    snprintf(url, sizeof url, "%s/api/v1/standings", base_url);
    if (!curl || curl_easy_setopt(curl, CURLOPT_URL, url) != CURLE_OK ||
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, drop) != CURLE_OK ||
        curl_easy_setopt(curl, CURLOPT_WRITEDATA, &k) != CURLE_OK ||
        curl_easy_setopt(curl, CURLOPT_TCP_NODELAY, 1L) != CURLE_OK) {
        c->failed++;
        return NULL;
    }
    while (now_s() < c->until) {
        long status = 0;
        if (curl_easy_perform(curl) == CURLE_OK && curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK &&
            status == 200)
            c->done++;
        else
            c->failed++;
    }
    c->bytes = k.len;
    curl_easy_cleanup(curl);
    return NULL;
}

/* One GET on a fresh connection: its time in seconds, or -1. */
static double get_once(const char *path, size_t *bytes)
{
    char url[160];
    struct sink k = { 0 };
    long status = 0;
    CURL *curl = curl_easy_init();
    double t0 = now_s();
    snprintf(url, sizeof url, "%s%s", base_url, path);
    int ok = curl && curl_easy_setopt(curl, CURLOPT_URL, url) == CURLE_OK &&
             curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, drop) == CURLE_OK &&
             curl_easy_setopt(curl, CURLOPT_WRITEDATA, &k) == CURLE_OK && curl_easy_perform(curl) == CURLE_OK &&
             curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK && status == 200;
    double took = now_s() - t0;
    curl_easy_cleanup(curl);
    *bytes = k.len;
    return ok ? took : -1;
}

/* Posts copy k of the first record; 0, or -1. */
static int posted_replica(CURL *poster, const char *token, const cJSON *records, const cJSON *names, long k)
{
    cJSON *one = cJSON_CreateArray();
    cJSON_AddItemToArray(one, replica(cJSON_GetArrayItem(records, 0), names, k));
    char *text = cJSON_PrintUnformatted(one);
    int rc = text ? post(poster, text, strlen(text), token) : -1;
    free(text);
    cJSON_Delete(one);
    return rc;
}

/* A client that asks for the history once, for the measure of whether a
 * history holds up other requests. */
struct history_client {
    pthread_t thread;
    double took;    /* seconds, or -1 */
};

static void *ask_history(void *arg)
{
    size_t bytes;
    ((struct history_client *)arg)->took = get_once("/api/v1/history", &bytes);
    return NULL;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    const char *server = NULL, *journal = NULL, *clients_list = "1,8";
    long parties = 10000;
    int runs = 5;
    double seconds = 2;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--server")) server = argv[i + 1];
        else if (!strcmp(argv[i], "--journal")) journal = argv[i + 1];
        else if (!strcmp(argv[i], "--parties")) parties = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--runs")) runs = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--bots")) bots = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--seconds")) seconds = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "--clients")) clients_list = argv[i + 1];
        else break;
    }
    if (!server || !journal || parties < 1 || runs < 1 || runs > MAX_RUNS || seconds <= 0 || bots < 2 || bots > 1000) {
        fprintf(stderr, "usage: leaderboard-bench --server BIN --journal J.jsonl [--parties N] [--runs R (1-%d)] "
                        "[--seconds S] [--clients 1,8]\n", MAX_RUNS);
        return 2;
    }
    char dir[] = "/tmp/pq_lb_bench_XXXXXX", db[64], cmd[128];
    if (!mkdtemp(dir)) return 1;
    snprintf(db, sizeof db, "%s/bench.db", dir);
    curl_global_init(CURL_GLOBAL_DEFAULT);
    const char *token = "bench-token";
    pid_t pid = start_server(server, db, token, 4);

    /* The parties, in batches. */
    cJSON *records = read_records(journal), *names = cJSON_CreateArray(), *rec;
    cJSON_ArrayForEach(rec, records) {
        cJSON *players = cJSON_GetObjectItemCaseSensitive(rec, "players");
        for (int p = 0; p < 2; p++) {
            const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(players, p ? "B" : "A"));
            int known = 0;
            for (int i = 0; i < cJSON_GetArraySize(names); i++)
                known |= !strcmp(cJSON_GetArrayItem(names, i)->valuestring, name);
            if (!known) cJSON_AddItemToArray(names, cJSON_CreateString(name));
        }
    }
    int per = cJSON_GetArraySize(records);
    CURL *poster = curl_easy_init();
    double t0 = now_s();
    for (long done = 0; done < parties;) {
        cJSON *batch = cJSON_CreateArray();
        for (int i = 0; i < BATCH && done < parties; i++, done++)
            cJSON_AddItemToArray(batch, replica(cJSON_GetArrayItem(records, (int)(done % per)), names, done / per));
        char *text = cJSON_PrintUnformatted(batch);
        if (!text || post(poster, text, strlen(text), token) < 0) {
            fprintf(stderr, "leaderboard-bench: a post failed\n");
            kill(pid, SIGKILL);
            return 1;
        }
        free(text);
        cJSON_Delete(batch);
    }
    double posted = now_s() - t0;

    /* The first standings (the fit of every stored partie), then the
     * first history (up to 30 fits of prefixes), then the first standings
     * after one more partie is posted. */
    size_t standings_bytes = 0, history_bytes = 0, again_bytes = 0;
    double first = get_once("/api/v1/standings", &standings_bytes);
    double history = get_once("/api/v1/history", &history_bytes);
    cJSON *one = cJSON_CreateArray();
    cJSON_AddItemToArray(one, replica(cJSON_GetArrayItem(records, 0), names, parties / per + 1));
    char *one_text = cJSON_PrintUnformatted(one);
    int posted_one = one_text && post(poster, one_text, strlen(one_text), token) == 0;
    double again = posted_one ? get_once("/api/v1/standings", &again_bytes) : -1;
    free(one_text);
    cJSON_Delete(one);

    /* Whether a history holds up other requests (median of BUSY_ROUNDS
     * rounds): after one more post, the first standings alone; after
     * another, the first standings asked 20 ms after HISTORY_CLIENTS
     * clients (twice the server's threads) asked for the history. */
    double alone[BUSY_ROUNDS], busy[BUSY_ROUNDS], slowest[BUSY_ROUNDS];
    int rounds = 0;
    for (int r = 0; r < BUSY_ROUNDS; r++, rounds++) {
        if (posted_replica(poster, token, records, names, parties / per + 2 + 2 * r) < 0) break;
        size_t b;
        alone[r] = get_once("/api/v1/standings", &b);
        if (posted_replica(poster, token, records, names, parties / per + 3 + 2 * r) < 0) break;
        struct history_client askers[HISTORY_CLIENTS];
        for (int i = 0; i < HISTORY_CLIENTS; i++) pthread_create(&askers[i].thread, NULL, ask_history, &askers[i]);
        const struct timespec pause = { 0, 20 * 1000000L };
        nanosleep(&pause, NULL);
        busy[r] = get_once("/api/v1/standings", &b);
        slowest[r] = 0;
        for (int i = 0; i < HISTORY_CLIENTS; i++) {
            pthread_join(askers[i].thread, NULL);
            if (askers[i].took < 0) busy[r] = -1;
            else if (askers[i].took > slowest[r]) slowest[r] = askers[i].took;
        }
        if (alone[r] < 0 || busy[r] < 0) break;
    }
    curl_easy_cleanup(poster);
    cJSON_Delete(records);
    cJSON_Delete(names);
    if (first < 0 || history < 0 || again < 0 || rounds < BUSY_ROUNDS) {
        fprintf(stderr, "leaderboard-bench: a GET failed\n");
        kill(pid, SIGKILL);
        return 1;
    }
    printf("leaderboard: %ld parties posted in batches of %d in %.2f s (%.0f parties/s, each replayed)\n", parties,
           BATCH, posted, (double)parties / posted);
    printf("leaderboard: first standings after the posts (fit of %ld parties, %zu bytes): %.1f ms\n", parties,
           standings_bytes, first * 1000);
    printf("leaderboard: first history after the posts (30 fits of prefixes, %zu bytes): %.1f ms\n", history_bytes,
           history * 1000);
    printf("leaderboard: first standings after one more post at %ld parties of %ld bots (%zu bytes): %.1f ms\n",
           parties + 1, bots, again_bytes, again * 1000);
    qsort(alone, BUSY_ROUNDS, sizeof alone[0], by_value);
    qsort(busy, BUSY_ROUNDS, sizeof busy[0], by_value);
    qsort(slowest, BUSY_ROUNDS, sizeof slowest[0], by_value);
    printf("leaderboard: first standings after a post while %d clients ask for the history: median %.1f ms over %d "
           "rounds (alone: %.1f ms; the slowest history of a round: %.1f ms)\n", HISTORY_CLIENTS,
           busy[BUSY_ROUNDS / 2] * 1000, BUSY_ROUNDS, alone[BUSY_ROUNDS / 2] * 1000, slowest[BUSY_ROUNDS / 2] * 1000);

    for (const char *p = clients_list; *p;) {
        int n = atoi(p);
        if (n < 1 || n > MAX_CLIENTS) break;
        double rps[MAX_RUNS];
        long failed = 0;
        for (int r = 0; r < runs; r++) {
            struct client c[MAX_CLIENTS];
            double start = now_s();
            memset(c, 0, sizeof c);
            for (int i = 0; i < n; i++) {
                c[i].until = start + seconds;
                pthread_create(&c[i].thread, NULL, load, &c[i]);
            }
            long done = 0;
            for (int i = 0; i < n; i++) {
                pthread_join(c[i].thread, NULL);
                done += c[i].done;
                failed += c[i].failed;
            }
            rps[r] = (double)done / (now_s() - start);
        }
        qsort(rps, (size_t)runs, sizeof rps[0], by_value);
        printf("leaderboard: GET /api/v1/standings, %d connection%s: median %.0f requests/s over %d runs of %.0f s "
               "(min %.0f, max %.0f)%s\n", n, n == 1 ? "" : "s", rps[runs / 2], runs, seconds, rps[0], rps[runs - 1],
               failed ? " - SOME REQUESTS FAILED" : "");
        p = strchr(p, ',');
        if (!p) break;
        p++;
    }
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "leaderboard-bench: cannot remove %s\n", dir);
    curl_global_cleanup();
    return 0;
}

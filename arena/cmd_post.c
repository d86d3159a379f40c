/* cmd_post.c - `arena post JOURNAL --post URL --token-file F`: sends the
 * parties of a journal that the leaderboard at URL has not acknowledged
 * yet (poster.h): no "posted" or "post_refused" mark for that URL follows
 * them. Run it after a tournament whose server was down, or to publish an
 * old journal; running it twice sends nothing the second time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/commands.h"
#include "arena/journal.h"
#include "arena/poster.h"

static const char usage[] =
    "usage: arena post JOURNAL --post URL --token-file F [--wait-ms N] [--quiet]\n"
    "\n"
    "Posts to the leaderboard at URL every partie of JOURNAL it has not yet\n"
    "acknowledged (a run with --post marks what the server accepted; the rest is\n"
    "sent here). The server keeps each partie once, so nothing is duplicated.\n"
    "Retries with backoff for up to --wait-ms (default 30000) while the server is\n"
    "unreachable.\n"
    "\n"
    "exit status: 0 every partie is on the leaderboard; 1 some are not (unreachable,\n"
    "refused token, or refused records: see stderr); 2 bad usage.\n"
    "\n"
    "example: arena post t.jsonl --post http://127.0.0.1:8080 --token-file lb.token\n";

struct pending {
    cJSON **records;        /* partie records, owned */
    size_t n, cap;
    cJSON *acknowledged;    /* object: "RUN-ID" -> true */
    char url[1024];
    int error;
};

static void key_of(const char *run, double id, char *out, size_t cap)
{
    snprintf(out, cap, "%s-%.0f", run, id);
}

static int same_url(const cJSON *mark, const char *url)
{
    const char *u = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(mark, "url"));
    if (!u) return 0;
    size_t a = strlen(u), b = strlen(url);
    while (a && u[a - 1] == '/') a--;
    return a == b && !strncmp(u, url, a);
}

static int collect(const struct journal_entry *e, void *ctx, char *err, size_t cap)
{
    struct pending *p = ctx;
    char key[64];
    const char *run = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e->record, "run"));
    if (e->type == JOURNAL_HEADER) return 0;
    if (e->type == JOURNAL_PARTIE) {
        if (p->n == p->cap) {
            size_t n = p->cap ? 2 * p->cap : 256;
            cJSON **grown = realloc(p->records, n * sizeof *grown);
            if (!grown) goto oom;
            p->records = grown;
            p->cap = n;
        }
        cJSON *copy = cJSON_Duplicate(e->record, 1);
        if (!copy) goto oom;
        /* A record older than run ids: the run its header gives it. */
        if (!run && e->run[0]) cJSON_AddStringToObject(copy, "run", e->run);
        p->records[p->n++] = copy;
        return 0;
    }
    if (!run || !same_url(e->record, p->url)) return 0;
    if (e->type == JOURNAL_POSTED) {
        const cJSON *id;
        cJSON_ArrayForEach(id, cJSON_GetObjectItemCaseSensitive(e->record, "ids")) {
            key_of(run, id->valuedouble, key, sizeof key);
            if (!cJSON_GetObjectItemCaseSensitive(p->acknowledged, key)) cJSON_AddTrueToObject(p->acknowledged, key);
        }
    } else {
        key_of(run, cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(e->record, "id")), key, sizeof key);
        if (!cJSON_GetObjectItemCaseSensitive(p->acknowledged, key)) cJSON_AddFalseToObject(p->acknowledged, key);
    }
    return 0;
oom:
    p->error = 1;
    snprintf(err, cap, "out of memory");
    return -1;
}

int cmd_post(int argc, char **argv)
{
    static struct pending p;
    const char *journal = NULL, *url = NULL, *token_file = NULL;
    char err[512], key[64];
    int wait_ms = 30000, quiet = 0, torn = 0, status = 2;
    long refused_before = 0;
    struct poster *poster = NULL;
    if (command_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return 0;
    }
    memset(&p, 0, sizeof p);
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--quiet")) quiet = 1;
        else if (!strcmp(argv[i], "--post") && i + 1 < argc) url = argv[++i];
        else if (!strcmp(argv[i], "--token-file") && i + 1 < argc) token_file = argv[++i];
        else if (!strcmp(argv[i], "--wait-ms") && i + 1 < argc) {
            char *end = NULL;
            long v = strtol(argv[++i], &end, 10);
            if (!end || *end || v < 0 || v > 86400000) {
                fprintf(stderr, "arena post: bad value '%s' for --wait-ms\n", argv[i]);
                return 2;
            }
            wait_ms = (int)v;
        } else if (!journal && argv[i][0] != '-') journal = argv[i];
        else {
            fprintf(stderr, "arena post: unexpected '%s'\n%s", argv[i], usage);
            return 2;
        }
    }
    if (!journal || !url || !token_file) {
        fprintf(stderr, "arena post: give the journal, --post URL and --token-file F\n%s", usage);
        return 2;
    }
    size_t len = strlen(url);
    while (len && url[len - 1] == '/') len--;
    snprintf(p.url, sizeof p.url, "%.*s", (int)len, url);
    p.acknowledged = cJSON_CreateObject();
    if (!p.acknowledged || journal_read(journal, collect, &p, &torn, err, sizeof err) < 0 || p.error) {
        fprintf(stderr, "arena post: %s\n", p.error || !p.acknowledged ? "out of memory" : err);
        status = 1;
        goto out;
    }
    size_t to_send = 0;
    for (size_t i = 0; i < p.n; i++) {
        const char *run = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(p.records[i], "run"));
        key_of(run ? run : "", cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(p.records[i], "id")), key,
               sizeof key);
        const cJSON *ack = cJSON_GetObjectItemCaseSensitive(p.acknowledged, key);
        if (cJSON_IsFalse(ack)) refused_before++;
        if (ack) {
            cJSON_Delete(p.records[i]);
            p.records[i] = NULL;
        } else {
            to_send++;
        }
    }
    if (!quiet)
        printf("%s: %zu parties, %zu already on %s, %zu to send\n", journal, p.n, p.n - to_send - (size_t)refused_before,
               p.url, to_send);
    if (refused_before)
        fprintf(stderr, "arena post: %ld parties were refused by this leaderboard before (see the journal's "
                        "post_refused lines)\n", refused_before);
    status = refused_before ? 1 : 0;
    if (!to_send) goto out;
    if (!(poster = poster_open(p.url, token_file, journal, quiet, err, sizeof err))) {
        fprintf(stderr, "arena post: %s\n", err);
        status = 1;
        goto out;
    }
    for (size_t i = 0; i < p.n; i++)
        if (p.records[i]) poster_submit(poster, p.records[i]);
    long left = poster_finish(poster, wait_ms);
    long posted = poster_posted(poster), refused = poster_refused(poster);
    if (!quiet) printf("posted %ld, refused %ld, not sent %ld\n", posted, refused, left);
    if (left || refused) status = 1;
out:
    poster_close(poster);
    for (size_t i = 0; i < p.n; i++) cJSON_Delete(p.records[i]);
    free(p.records);
    cJSON_Delete(p.acknowledged);
    return status;
}

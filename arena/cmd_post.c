/* cmd_post.c - `arena post JOURNAL --post URL --token-file F`: sends the
 * parties (Piquet) and matches (every other game) of a journal that the
 * leaderboard at URL has not acknowledged yet (poster.h): no "posted" or
 * "post_refused" mark for that URL follows them. Run it after a tournament whose server was down, or to publish an
 * old journal; running it twice sends nothing the second time.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/commands.h"
#include "arena/options.h"
#include "arena/tournament/poster.h"
#include "records/journal.h"

struct pending {
    cJSON **records;        /* partie and match records, owned */
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
    if (e->type == JOURNAL_HEADER || e->type == JOURNAL_ROUND) return 0;   /* nothing to post */
    if (e->type == JOURNAL_PARTIE || e->type == JOURNAL_MATCH) {
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

struct post_args {
    const char *url, *token_file;
    int wait_ms, quiet;
};

static int apply_post(void *ctx, const struct option_value *v, char *err, size_t cap)
{
    struct post_args *a = ctx;
    (void)err;
    (void)cap;
    switch (v->option->id) {
    case OPT_POST: a->url = v->text; break;
    case OPT_TOKEN_FILE: a->token_file = v->text; break;
    case OPT_WAIT_MS: a->wait_ms = (int)v->integer; break;
    case OPT_QUIET: a->quiet = (int)v->integer; break;
    default: assert(0);
    }
    return 0;
}

int cmd_post(int argc, char **argv)
{
    static struct pending p;
    const struct command_spec *spec = options_command("post");
    struct post_args a = { NULL, NULL, 30000, 0 };
    const char *journal = NULL;
    char err[512], key[64];
    int torn = 0, status = 2, n_operands = 0;
    long refused_before = 0;
    struct poster *poster = NULL;
    memset(&p, 0, sizeof p);
    if (options_parse(spec, argc, argv, apply_post, &a, &journal, 1, &n_operands, &status) < 0) return status;
    if (!journal || !a.url || !a.token_file)
        return options_usage_error(spec, "give the journal, --post URL and --token-file F");
    const char *url = a.url, *token_file = a.token_file;
    int wait_ms = a.wait_ms, quiet = a.quiet;
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
    char while_down[96];
    snprintf(while_down, sizeof while_down, "retrying for up to %.1f s (--wait-ms %d)", wait_ms / 1000.0, wait_ms);
    poster_say_while_down(poster, while_down);
    for (size_t i = 0; i < p.n; i++)
        if (p.records[i]) poster_submit(poster, p.records[i]);
    long left = poster_finish(poster, wait_ms);
    long posted = poster_posted(poster), refused = poster_refused(poster);
    if (!quiet) printf("posted %ld, refused %ld, not sent %ld\n", posted, refused, left);
    if (left)
        fprintf(stderr, "arena post: %ld %s not sent to %s; they stay unsent in %s: run arena post again once the "
                        "leaderboard answers\n", left, left == 1 ? "partie" : "parties", p.url, journal);
    if (left || refused) status = 1;
out:
    poster_close(poster);
    for (size_t i = 0; i < p.n; i++) cJSON_Delete(p.records[i]);
    free(p.records);
    cJSON_Delete(p.acknowledged);
    return status;
}

/* test_post.c - posting from the arena to a real leaderboard server (real
 * processes, real HTTP): `arena run --post` marks what the server took;
 * with the server down the tournament still finishes and `arena post`
 * sends the rest later; with the server or the arena killed by SIGKILL at
 * any moment, every partie of the journal ends on the leaderboard exactly
 * once.
 */
#include <criterion/criterion.h>
#include <signal.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cjson/cJSON.h>
#include "records/journal.h"
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

struct server {
    pid_t pid;
    char url[128];
    const char *dir;   /* the test's scratch directory */
};

/* The test's directory with a token file (and, later, the database). */
static void make_dir(struct server *s)
{
    char cmd[PATH_MAX + 128];
    s->dir = support_scratch_dir();
    snprintf(cmd, sizeof cmd, "umask 077 && echo 'post-token-0123456789' > %s/token", s->dir);
    cr_assert_eq(system(cmd), 0);
}

/* Starts the leaderboard on a free port over the directory's database. */
static void start_server(struct server *s)
{
    char out[PATH_MAX], db[PATH_MAX], tokens[PATH_MAX], exe[PATH_MAX];
    snprintf(out, sizeof out, "%s/server.out", s->dir);
    snprintf(db, sizeof db, "%s/lb.sqlite", s->dir);
    snprintf(tokens, sizeof tokens, "%s/token", s->dir);
    snprintf(exe, sizeof exe, "%s/leaderboard", support_bin_dir());
    unlink(out);
    s->pid = fork();
    cr_assert_geq(s->pid, 0);
    if (s->pid == 0) {
        /* Dies with the test, even when an assertion ends it early. */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        FILE *f = freopen(out, "w", stdout);
        f = f ? freopen(out, "a", stderr) : NULL;
        (void)f;
        execl(exe, "leaderboard", "--db", db, "--listen", "127.0.0.1:0", "--token-file", tokens, (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < 500; i++) {
        FILE *f = fopen(out, "r");
        char line[256] = "";
        if (f && fgets(line, sizeof line, f) && sscanf(line, "listening on %127s", s->url) == 1) {
            fclose(f);
            return;
        }
        if (f) fclose(f);
        struct timespec pause = { 0, 20 * 1000000L };
        nanosleep(&pause, NULL);
    }
    cr_assert_fail("the leaderboard did not start");
}

static void kill_server(struct server *s, int sig)
{
    if (s->pid <= 0) return;
    kill(s->pid, sig);
    waitpid(s->pid, NULL, 0);
    s->pid = 0;
}

/* The parties the server holds: their keys, through GET /api/v1/parties
 * page by page. */
static cJSON *server_keys(const struct server *s)
{
    cJSON *keys = cJSON_CreateArray();
    long before = 0;
    for (;;) {
        char cmd[512];
        static char body[1 << 20];
        if (before) snprintf(cmd, sizeof cmd, "curl -sf '%s/api/v1/parties?limit=200&before=%ld'", s->url, before);
        else snprintf(cmd, sizeof cmd, "curl -sf '%s/api/v1/parties?limit=200'", s->url);
        FILE *p = popen(cmd, "r");
        size_t n = fread(body, 1, sizeof body - 1, p);
        body[n] = '\0';
        cr_assert_eq(pclose(p), 0, "%s", cmd);
        cJSON *doc = cJSON_Parse(body);
        cr_assert_not_null(doc, "%s", body);
        const cJSON *item;
        cJSON_ArrayForEach(item, cJSON_GetObjectItem(doc, "parties")) {
            const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(item, "id"));
            cr_assert_not_null(id);
            cJSON_AddItemToArray(keys, cJSON_CreateString(id));
        }
        const cJSON *next = cJSON_GetObjectItem(doc, "next_before");
        before = cJSON_IsNumber(next) ? (long)next->valuedouble : 0;
        cJSON_Delete(doc);
        if (!before) break;
    }
    return keys;
}

static int journal_keys(const struct journal_entry *entry, void *ctx, char *err, size_t cap)
{
    const cJSON *rec = entry->record;
    char key[64];
    (void)err;
    (void)cap;
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(rec, "type"));
    if (!type || strcmp(type, "partie")) return 0;
    snprintf(key, sizeof key, "%s-%.0f", cJSON_GetStringValue(cJSON_GetObjectItem(rec, "run")),
             cJSON_GetNumberValue(cJSON_GetObjectItem(rec, "id")));
    cJSON_AddItemToArray(ctx, cJSON_CreateString(key));
    return 0;
}

/* Every partie of the journal is on the server, once, and nothing else. */
static void assert_exactly_once(const struct server *s, const char *journal, int expected)
{
    char err[256];
    int torn;
    cJSON *mine = cJSON_CreateArray(), *theirs = server_keys(s);
    cr_assert_geq(journal_read(journal, journal_keys, mine, &torn, err, sizeof err), 0, "%s", err);
    cr_assert_eq(cJSON_GetArraySize(mine), expected, "the journal holds %d parties", cJSON_GetArraySize(mine));
    cr_assert_eq(cJSON_GetArraySize(theirs), expected, "the server holds %d parties, the journal %d",
                 cJSON_GetArraySize(theirs), expected);
    const cJSON *k, *t;
    cJSON_ArrayForEach(k, mine) {
        int found = 0;
        cJSON_ArrayForEach(t, theirs) found += !strcmp(k->valuestring, t->valuestring);
        cr_assert_eq(found, 1, "partie %s is on the server %d times", k->valuestring, found);
    }
    cJSON_Delete(mine);
    cJSON_Delete(theirs);
}

static int count_lines(const char *path, const char *needle)
{
    char line[1 << 16];
    int n = 0;
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f)) n += strstr(line, needle) != NULL;
    if (f) fclose(f);
    return n;
}

static char *bots(void)
{
    static char text[512];
    snprintf(text, sizeof text, "--bot greedy=%s/bot-greedy --bot random='%s/bot-random --seed 41'", support_bin_dir(), support_bin_dir());
    return text;
}

Test(post, a_run_posts_every_partie_and_marks_it, .timeout = 120)
{
    struct server s;
    char cmd[2048], journal[128];
    make_dir(&s);
    start_server(&s);
    snprintf(journal, sizeof journal, "%s/j.jsonl", s.dir);
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet %s --pairs 3 --journal %s --post %s --token-file %s/token > /dev/null",
             support_bin_dir(), bots(), journal, s.url, s.dir);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    assert_exactly_once(&s, journal, 6);
    cr_assert_geq(count_lines(journal, "\"type\":\"posted\""), 1);
    /* Nothing left to send. */
    snprintf(cmd, sizeof cmd, "%s/arena post %s --post %s/ --token-file %s/token | grep -q ', 0 to send'", support_bin_dir(),
             journal, s.url, s.dir);
    cr_assert_eq(system(cmd), 0, "a second post found something to send");
    kill_server(&s, SIGTERM);
}

Test(post, with_the_server_down_the_tournament_finishes_and_post_sends_later, .timeout = 120)
{
    struct server s;
    char cmd[2048], journal[128];
    make_dir(&s);
    snprintf(journal, sizeof journal, "%s/j.jsonl", s.dir);
    /* A port of the test's own where nothing listens: connections are
     * refused. */
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet %s --pairs 2 --journal %s --post http://127.0.0.1:%d "
             "--token-file %s/token > /dev/null 2> %s/run.err",
             support_bin_dir(), bots(), journal, support_scratch_port(), s.dir, s.dir);
    cr_assert_eq(system(cmd), 0, "the tournament must finish without its leaderboard");
    cr_assert_eq(count_lines(journal, "\"type\":\"partie\""), 4);
    cr_assert_eq(count_lines(journal, "\"type\":\"posted\""), 0);
    char err_path[128];
    snprintf(err_path, sizeof err_path, "%s/run.err", s.dir);
    cr_assert_eq(count_lines(err_path, "4 parties not posted"), 1, "the run says what it could not post");
    start_server(&s);
    /* A wrong token: refused at once, exit 1, nothing marked as posted. */
    snprintf(cmd, sizeof cmd, "echo wrong-token-0123456789 > %s/bad && %s/arena post %s --post %s "
             "--token-file %s/bad --quiet 2> %s/bad.err", s.dir, support_bin_dir(), journal, s.url, s.dir, s.dir);
    cr_assert_eq(WEXITSTATUS(system(cmd)), 1, "a refused token must fail");
    cr_assert_eq(count_lines(journal, "\"type\":\"posted\""), 0);
    snprintf(err_path, sizeof err_path, "%s/bad.err", s.dir);
    cr_assert_eq(count_lines(err_path, "refused the token"), 1, "the refusal is explained");
    snprintf(cmd, sizeof cmd, "%s/arena post %s --post %s --token-file %s/token --quiet", support_bin_dir(), journal, s.url, s.dir);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    assert_exactly_once(&s, journal, 4);
    kill_server(&s, SIGTERM);
}

Test(post, killing_the_server_or_the_arena_loses_and_duplicates_nothing, .timeout = 240)
{
    struct server s;
    char cmd[4096], journal[128];
    make_dir(&s);
    snprintf(journal, sizeof journal, "%s/j.jsonl", s.dir);
    start_server(&s);
    /* The arena is killed while it plays and posts; the server is killed
     * while it receives. */
    snprintf(cmd, sizeof cmd,
             "%s/arena run --quiet %s --pairs 30 --concurrency 2 --journal %s --post %s --token-file %s/token "
             "> /dev/null 2>&1 & pid=$!; "
             "for i in $(seq 300); do n=$(cat %s 2>/dev/null | grep -c '\"type\":\"partie\"'); [ \"$n\" -ge 4 ] && break; sleep 0.02; done; "
             "kill -9 %d; sleep 0.2; kill -9 $pid; wait $pid 2>/dev/null; true",
             support_bin_dir(), bots(), journal, s.url, s.dir, journal, (int)s.pid);
    cr_assert_eq(system(cmd), 0);
    waitpid(s.pid, NULL, 0);
    s.pid = 0;
    int recorded = count_lines(journal, "\"type\":\"partie\"");
    cr_assert_geq(recorded, 4);
    cr_assert_lt(recorded, 60, "the arena was killed before the end");
    /* The server comes back on the same database (a new port), the arena
     * resumes and posts there, then arena post sends what is left. */
    start_server(&s);
    snprintf(cmd, sizeof cmd,
             "%s/arena resume --quiet %s --post %s > /dev/null 2>&1; %s/arena post %s --post %s --token-file %s/token --quiet",
             support_bin_dir(), journal, s.url, support_bin_dir(), journal, s.url, s.dir);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    assert_exactly_once(&s, journal, 60);
    kill_server(&s, SIGTERM);
}

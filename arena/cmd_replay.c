/* cmd_replay.c - `arena replay`: deal and partie records through the
 * engine (records/replay.h), printed as JSON or checked against fixtures.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/commands.h"
#include "arena/options.h"
#include "records/journal.h"
#include "records/game_record.h"
#include "records/replay.h"

struct journal_replay {
    const char *path;
    int check, parties, matches, failed, worst;
};

static int replay_line(const struct journal_entry *e, void *ctx, char *err, size_t cap)
{
    struct journal_replay *j = ctx;
    struct replay r;
    (void)err;
    (void)cap;
    if (e->type != JOURNAL_PARTIE && e->type != JOURNAL_MATCH) return 0;
    struct record_partie rec;
    const char *what = e->type == JOURNAL_MATCH ? "match" : "partie";
    int status;
    memset(&r, 0, sizeof r);
    if (e->type == JOURNAL_MATCH) status = game_record_check(e->record, &r);
    else if (record_read(e->record, &rec, r.error, sizeof r.error) == 0) status = replay_record(&rec, &r);
    else status = REPLAY_BAD_INPUT;
    if (e->type == JOURNAL_MATCH) j->matches++;
    else j->parties++;
    if (status != REPLAY_OK) {
        j->failed++;
        if (j->check) printf("FAIL %s:%d %s %llu: %s\n", j->path, e->line, what, (unsigned long long)e->id, r.error);
        else
            fprintf(stderr, "arena replay: %s:%d %s %llu: %s\n", j->path, e->line, what, (unsigned long long)e->id,
                    r.error);
    } else if (j->check) {
        printf("ok %s:%d %s %llu\n", j->path, e->line, what, (unsigned long long)e->id);
    } else {
        char *text = cJSON_PrintUnformatted(r.result);
        if (text) puts(text);
        free(text);
    }
    if (status > j->worst) j->worst = status;
    cJSON_Delete(r.result);
    return 0;
}

static int replay_journal_file(const char *path, int check)
{
    struct journal_replay j = { path, check, 0, 0, 0, 0 };
    char err[512];
    int torn = 0;
    if (journal_read(path, replay_line, &j, &torn, err, sizeof err) < 0) {
        fprintf(stderr, "arena replay: %s\n", err);
        return REPLAY_BAD_INPUT;
    }
    if (torn) fprintf(stderr, "arena replay: %s: the last line is torn (a crash while writing); skipped\n", path);
    if (check && j.matches && j.parties)
        printf("%s: %d parties and %d matches replayed, %d failed\n", path, j.parties, j.matches, j.failed);
    else if (check && j.matches)
        printf("%s: %d match%s replayed, %d failed\n", path, j.matches, j.matches == 1 ? "" : "es", j.failed);
    else if (check)
        printf("%s: %d parties replayed, %d failed\n", path, j.parties, j.failed);
    return j.worst;
}

static int is_journal(const char *path)
{
    size_t n = strlen(path);
    return n > 6 && !strcmp(path + n - 6, ".jsonl");
}

struct replay_args {
    int check, compact;
};

static int apply_replay(void *ctx, const struct option_value *v, char *err, size_t cap)
{
    struct replay_args *a = ctx;
    (void)err;
    (void)cap;
    if (v->option->id == OPT_CHECK) a->check = (int)v->integer;
    else a->compact = (int)v->integer;
    return 0;
}

int cmd_replay(int argc, char **argv)
{
    const struct command_spec *spec = options_command("replay");
    struct replay_args a = { 0, 0 };
    int files = 0, worst = 0, stop_status;
    const char **paths = malloc(sizeof *paths * ((size_t)argc + 1));
    if (!paths) {
        fprintf(stderr, "arena replay: out of memory\n");
        return 1;
    }
    if (options_parse(spec, argc, argv, apply_replay, &a, paths, argc, &files, &stop_status) < 0) {
        free(paths);
        return stop_status;
    }
    int check = a.check, compact = a.compact;
    if (!files) {
        free(paths);
        return options_usage_error(spec, "no FILE given");
    }
    for (int i = 0; i < files; i++) {
        struct replay r;
        if (is_journal(paths[i])) {
            int status = replay_journal_file(paths[i], check);
            if (status > worst) worst = status;
            continue;
        }
        int status = replay_file(paths[i], check, &r);
        if (check) {
            if (status == REPLAY_OK) printf("ok %s\n", paths[i]);
            else printf("FAIL %s: %s\n", paths[i], r.error);
        } else if (status == REPLAY_OK) {
            char *text = compact ? cJSON_PrintUnformatted(r.result) : cJSON_Print(r.result);
            if (!text) {
                fprintf(stderr, "arena replay: out of memory\n");
                status = REPLAY_BAD_INPUT;
            } else {
                puts(text);
                free(text);
            }
        } else {
            fprintf(stderr, "arena replay: %s: %s\n", paths[i], r.error);
        }
        cJSON_Delete(r.result);
        if (status > worst) worst = status;
    }
    free(paths);
    return worst;
}


/* cmd_replay.c - `arena replay`: deal and partie records through the
 * engine (arena/replay.h), printed as JSON or checked against fixtures.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/commands.h"
#include "arena/journal.h"
#include "arena/replay.h"

static const char usage[] =
    "usage: arena replay [--check] [--compact] FILE...\n"
    "\n"
    "Re-executes each deal record ({\"deck\", \"rules\", \"actions\"}) or partie record\n"
    "({\"first_dealer\", \"deals\", \"rules\"}) through the engine and prints its\n"
    "result as JSON, one document per file. A worked-deal fixture ({\"record\",\n"
    "\"expect\"}) is replayed as its record. A journal (a FILE ending in .jsonl,\n"
    "as arena run writes) has each partie record replayed and its totals, winner\n"
    "and settlement compared with the engine's (a forfeit: the deals played\n"
    "replay and the score is the fault policy's); one result per line. A journal\n"
    "line that is not exactly one record of a known type, or a partie that\n"
    "appears twice in one run, stops it with exit status 2 naming the line.\n"
    "\n"
    "  --check     compare each fixture's result with its \"expect\" and print\n"
    "              'ok FILE' or 'FAIL FILE: why' instead of the result (for a\n"
    "              journal: 'ok FILE:LINE partie N', and a count at the end)\n"
    "  --compact   print each result on one line\n"
    "\n"
    "exit status: 0 all replayed (and matched); 1 an illegal action, or a record\n"
    "that ends before its deal or partie is over (stderr says 'action N (...): why',\n"
    "N counting from 0); 2 unreadable input; 3 a --check mismatch.\n"
    "\n"
    "example: arena replay tests/fixtures/deals/D1-cavendish-example.json\n";

struct journal_replay {
    const char *path;
    int check, parties, failed, worst;
};

static int replay_line(const struct journal_entry *e, void *ctx, char *err, size_t cap)
{
    struct journal_replay *j = ctx;
    struct replay r;
    (void)err;
    (void)cap;
    if (e->type != JOURNAL_PARTIE) return 0;
    struct record_partie rec;
    int status;
    memset(&r, 0, sizeof r);
    if (record_read(e->record, &rec, r.error, sizeof r.error) == 0) status = replay_record(&rec, &r);
    else status = REPLAY_BAD_INPUT;
    j->parties++;
    if (status != REPLAY_OK) {
        j->failed++;
        if (j->check) printf("FAIL %s:%d partie %llu: %s\n", j->path, e->line, (unsigned long long)e->id, r.error);
        else
            fprintf(stderr, "arena replay: %s:%d partie %llu: %s\n", j->path, e->line, (unsigned long long)e->id,
                    r.error);
    } else if (j->check) {
        printf("ok %s:%d partie %llu\n", j->path, e->line, (unsigned long long)e->id);
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
    struct journal_replay j = { path, check, 0, 0, 0 };
    char err[512];
    int torn = 0;
    if (journal_read(path, replay_line, &j, &torn, err, sizeof err) < 0) {
        fprintf(stderr, "arena replay: %s\n", err);
        return REPLAY_BAD_INPUT;
    }
    if (torn) fprintf(stderr, "arena replay: %s: the last line is torn (a crash while writing); skipped\n", path);
    if (check) printf("%s: %d parties replayed, %d failed\n", path, j.parties, j.failed);
    return j.worst;
}

static int is_journal(const char *path)
{
    size_t n = strlen(path);
    return n > 6 && !strcmp(path + n - 6, ".jsonl");
}

int cmd_replay(int argc, char **argv)
{
    int check = 0, compact = 0, files = 0, worst = 0;
    if (command_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return 0;
    }
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--check")) check = 1;
        else if (!strcmp(argv[i], "--compact")) compact = 1;
        else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "arena replay: unknown option '%s'\n%s", argv[i], usage);
            return 2;
        }
    }
    for (int i = 0; i < argc; i++) {
        struct replay r;
        if (argv[i][0] == '-' && argv[i][1]) continue;
        files++;
        if (is_journal(argv[i])) {
            int status = replay_journal_file(argv[i], check);
            if (status > worst) worst = status;
            continue;
        }
        int status = replay_file(argv[i], check, &r);
        if (check) {
            if (status == REPLAY_OK) printf("ok %s\n", argv[i]);
            else printf("FAIL %s: %s\n", argv[i], r.error);
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
            fprintf(stderr, "arena replay: %s: %s\n", argv[i], r.error);
        }
        cJSON_Delete(r.result);
        if (status > worst) worst = status;
    }
    if (!files) {
        fprintf(stderr, "arena replay: no FILE given\n%s", usage);
        return 2;
    }
    return worst;
}


/* match.c - a partie between two bot processes (match.h): the runner's
 * event loop (runner.h) with one partie in flight; and a bot as a command
 * line gives it, its name checked by the one rule before anything runs.
 */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "arena/play/botlog.h"
#include "arena/play/match.h"
#include "arena/play/runner.h"
#include "records/record.h"

void match_config_default(struct match_config *self)
{
    memset(self, 0, sizeof *self);
    pq_rules_default(&self->rules);
    self->clock = (struct referee_clock){ 1000, 10000, 200 };
    self->handshake_ms = PROTOCOL_HANDSHAKE_MS;
    botproc_limits_default(&self->limits);
    self->log_dir = "/tmp/piquet-arena-logs";
}

int match_prepare(struct match_config *config, struct sandbox *sandbox, const struct match_setup *setup,
                  char *log_dir, size_t log_cap, char *err, size_t cap)
{
    char base[1024], run[RECORD_RUN_ID_LEN + 1];
    const char *hidden[SANDBOX_HIDDEN_MAX];
    int n_hidden = 0;
    if (setup->log_base) {
        snprintf(base, sizeof base, "%s", setup->log_base);
    } else {
        const char *tmp = getenv("TMPDIR");
        snprintf(base, sizeof base, "%.900s/piquet-arena-logs", tmp && *tmp ? tmp : "/tmp");
    }
    if (!setup->run && record_new_run_id(run) < 0) {
        snprintf(err, cap, "cannot draw a run id");
        return -1;
    }
    if (botlog_make_dir(base, setup->run ? setup->run : run, log_dir, log_cap, err, cap) < 0) return -1;
    config->log_dir = log_dir;
    config->sandbox = NULL;
    if (setup->no_sandbox)   /* no sandbox, but the bots' programs are checked all the same */
        return sandbox_setup(sandbox, 0, 0, NULL, 0, setup->commands, setup->n_commands, err, cap);
    hidden[n_hidden++] = log_dir;
    for (int i = 0; i < setup->n_hidden && n_hidden < SANDBOX_HIDDEN_MAX; i++) hidden[n_hidden++] = setup->hidden[i];
    if (sandbox_setup(sandbox, 1, setup->network, hidden, n_hidden, setup->commands, setup->n_commands, err, cap) < 0)
        return -1;
    config->sandbox = sandbox;
    return 0;
}

/* A name as shown in a message: each control character (C0, DEL, C1) as
 * '?', so that a message never carries one; cut after 120 bytes. */
static const char *shown(const char *name, char buf[128])
{
    const unsigned char *p = (const unsigned char *)name;
    size_t n = 0;
    while (*p && n < 120) {
        int c1 = p[0] == 0xc2 && p[1] >= 0x80 && p[1] < 0xa0;
        buf[n++] = *p < 0x20 || *p == 0x7f || c1 ? '?' : (char)*p;
        p += c1 ? 2 : 1;
    }
    if (*p) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n] = '\0';
    return buf;
}

int match_bot_name_check(const char *name, char *err, size_t cap)
{
    char buf[128];
    const char *why = codec_bot_name_check(name);
    if (!why) return 0;
    snprintf(err, cap, "bot name '%s' %s", shown(name, buf), why);
    return -1;
}

int match_bot_parse(struct match_bot *bot, const char *arg, const char *fallback, char *err, size_t cap)
{
    const char *eq = strchr(arg, '='), *space = strchr(arg, ' ');
    memset(bot, 0, sizeof *bot);
    if (eq && (!space || eq < space)) {
        char name[128];
        /* A longer name is cut, still over the limit, and refused for it. */
        size_t len = (size_t)(eq - arg) < sizeof name - 1 ? (size_t)(eq - arg) : sizeof name - 1;
        memcpy(name, arg, len);
        name[len] = '\0';
        if (match_bot_name_check(name, err, cap) < 0) return -1;
        memcpy(bot->name, name, len + 1);   /* at most CODEC_BOT_NAME_LEN bytes now */
        bot->command = eq + 1;
    } else {
        snprintf(bot->name, sizeof bot->name, "%s", fallback);
        bot->command = arg;
    }
    if (!*bot->command) {
        snprintf(err, cap, "bot '%s' has no command", bot->name);
        return -1;
    }
    return 0;
}

/* One job, then none; the finished referee is copied out. */
struct single {
    struct runner_job job;
    int handed;
    struct referee *out;
    int finished;
};

static int single_next(void *ctx, struct runner_job *job)
{
    struct single *s = ctx;
    if (s->handed) return 0;
    s->handed = 1;
    *job = s->job;
    return 1;
}

/* The finished referee is the caller's, its transcript included. */
static void single_done(void *ctx, const struct runner_job *job, struct referee *ref)
{
    struct single *s = ctx;
    (void)job;
    *s->out = *ref;
    ref->transcript = NULL;
    s->finished = 1;
}

int match_play(const struct match_config *config, uint64_t partie_id, uint64_t seed, int first_dealer,
               struct referee *out, char *err, size_t cap)
{
    struct single single;
    struct runner runner;
    memset(&single, 0, sizeof single);
    single.job.partie_id = partie_id;
    single.job.seed = seed;
    single.job.first_dealer = first_dealer;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) single.job.bots[p] = config->bots[p];
    single.out = out;
    memset(&runner, 0, sizeof runner);
    runner.config = config;
    runner.concurrency = 1;
    runner.next_job = single_next;
    runner.done = single_done;
    runner.ctx = &single;
    if (runner_run(&runner, err, cap) < 0) return -1;
    if (!single.finished) {
        snprintf(err, cap, "the partie did not finish");
        return -1;
    }
    return 0;
}

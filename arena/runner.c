/* runner.c - the event loop of runner.h. One receive at a time with a
 * timeout no longer than the nearest deadline (or 50 ms, to notice dead
 * processes and stop requests); each message goes to the partie whose bot
 * sent it. A slot owns its referee and its two bot processes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "arena/hub.h"
#include "arena/runner.h"

struct link {
    struct botproc proc;
    uint8_t identity[HUB_MAX_IDENTITY];
    size_t identity_len;
    int connected;
    char log_path[1024];
};

struct slot {
    int busy;
    struct runner_job job;
    struct referee ref;
    struct link links[2];
    int64_t handshake_until;
    struct hub *hub;
};

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int send_to(void *ctx, int player, const struct codec_frame *frame)
{
    struct slot *s = ctx;
    struct link *l = &s->links[player];
    if (!l->connected) return -1;
    return hub_send(s->hub, l->identity, l->identity_len, frame->data, frame->len);
}

static void append_log(const char *path, const char *line)
{
    FILE *f = fopen(path, "a");
    if (!f) return;
    fprintf(f, "[bot log] %s\n", line);
    fclose(f);
}

/* Starts the job's two processes in a free slot. */
static int start_slot(struct runner *r, struct slot *s, struct hub *hub, char *err, size_t cap)
{
    const struct match_config *config = r->config;
    const struct runner_job *job = &s->job;
    memset(s->links, 0, sizeof s->links);
    s->hub = hub;
    referee_init_decks(&s->ref, job->partie_id, job->seed, job->first_dealer, &config->rules, &config->clock,
                       job->bots[0].name, job->bots[1].name, config->decks, config->n_decks, send_to, s);
    for (int p = 0; p < 2; p++) {
        const char *name = job->bots[p].name[0] ? job->bots[p].name : (p ? "B" : "A");
        snprintf(s->links[p].log_path, sizeof s->links[p].log_path, "%s/%.60s-p%llu-%c.log", config->log_dir, name,
                 (unsigned long long)job->partie_id, 'A' + p);
        if (botproc_start(&s->links[p].proc, job->bots[p].command, hub->endpoint, s->links[p].log_path,
                          &config->limits, err, cap) < 0) {
            if (p == 1) botproc_stop(&s->links[0].proc, 0);
            return -1;
        }
    }
    s->handshake_until = now_ms() + config->handshake_ms;
    s->busy = 1;
    return 0;
}

static void stop_slot(struct slot *s)
{
    for (int p = 0; p < 2; p++) botproc_stop(&s->links[p].proc, 300);
    s->busy = 0;
}

/* A hello from a new peer: the partie and player whose token it carries. */
static void greet(struct slot *slots, int n, const struct hub_message *m)
{
    struct codec_bot_message msg;
    struct codec_frame frame = { NULL, 0 };
    char err[256];
    int code = codec_decode_bot(m->data, m->len, &msg, err, sizeof err);
    if (msg.type != CODEC_HELLO || (code != CODEC_OK && code != CODEC_PROTOCOL_VERSION)) return;
    for (int i = 0; i < n; i++)
        for (int p = 0; p < 2; p++) {
            struct slot *s = &slots[i];
            struct link *l = &s->links[p];
            if (!s->busy || l->connected || strcmp(msg.as.hello.token, l->proc.token)) continue;
            memcpy(l->identity, m->identity, m->identity_len);
            l->identity_len = m->identity_len;
            l->connected = 1;
            if (code == CODEC_PROTOCOL_VERSION) {
                char why[256];
                snprintf(why, sizeof why, "%s", err);
                if (codec_encode_error(&frame, CODEC_PROTOCOL_VERSION, why, err, sizeof err) == CODEC_OK)
                    send_to(s, p, &frame);
                codec_frame_release(&frame);
                referee_on_fault(&s->ref, p, CODEC_FAULT_PROTOCOL, why);
                return;
            }
            if (!s->job.bots[p].name[0])
                snprintf(s->ref.names[p], sizeof s->ref.names[p], "%s", msg.as.hello.name);
            struct codec_welcome welcome = { PROTOCOL_VERSION, "piquet-arena 0.1" };
            if (codec_encode_welcome(&frame, &welcome, err, sizeof err) == CODEC_OK) send_to(s, p, &frame);
            codec_frame_release(&frame);
            return;
        }
}

/* A message from a connected player during the partie. */
static void receive(struct slot *s, int player, const struct hub_message *m, int64_t now)
{
    struct referee *ref = &s->ref;
    struct codec_bot_message msg;
    char err[256], why[CODEC_MESSAGE_MAX];
    if (m->oversized || m->multipart) {
        snprintf(why, sizeof why, m->oversized ? "a frame of %zu bytes, over the %d-byte cap" : "a multipart message (%zu bytes)",
                 m->len, PROTOCOL_MAX_FRAME);
        referee_on_fault(ref, player, CODEC_FAULT_PROTOCOL, why);
        return;
    }
    int code = codec_decode_bot(m->data, m->len, &msg, err, sizeof err);
    if (code == CODEC_BAD_ACTION && msg.type == CODEC_ACTION) {
        /* Text outside the notation: an illegal action, unless it answers
         * an old request (ignored like any late answer). */
        if (ref->state != REFEREE_WAITING || ref->pending_player != player || msg.as.action.id != ref->pending_id)
            return;
        snprintf(why, sizeof why, "illegal action '%.60s': %.150s", msg.as.action.text, err);
        referee_on_fault(ref, player, CODEC_FAULT_ILLEGAL, why);
        return;
    }
    if (code != CODEC_OK) {
        snprintf(why, sizeof why, "%s: %.200s", codec_code_name(code), err);
        referee_on_fault(ref, player, CODEC_FAULT_PROTOCOL, why);
        return;
    }
    if (msg.type == CODEC_ACTION) referee_on_action(ref, player, &msg.as.action, now);
    else if (msg.type == CODEC_LOG) append_log(s->links[player].log_path, msg.as.log.text);
}

static void check_processes(struct slot *s)
{
    for (int p = 0; p < 2 && s->ref.state != REFEREE_DONE; p++) {
        if (botproc_alive(&s->links[p].proc)) continue;
        char how[128], why[CODEC_MESSAGE_MAX];
        botproc_describe_exit(&s->links[p].proc, how, sizeof how);
        snprintf(why, sizeof why, "the bot process ended (%.60s); see %.150s", how, s->links[p].log_path);
        referee_on_fault(&s->ref, p, CODEC_FAULT_CRASH, why);
    }
}

/* Handshake and clock for one partie. */
static void advance(struct runner *r, struct slot *s, int64_t now)
{
    if (s->ref.state != REFEREE_DONE && !s->ref.started) {
        if (s->links[0].connected && s->links[1].connected) {
            referee_start(&s->ref, now);
        } else if (now >= s->handshake_until) {
            int p = s->links[0].connected ? 1 : 0;
            char why[CODEC_MESSAGE_MAX];
            snprintf(why, sizeof why, "no hello within %d ms; see %.150s", r->config->handshake_ms, s->links[p].log_path);
            referee_on_fault(&s->ref, p, CODEC_FAULT_TIMEOUT, why);
        }
    }
    if (s->ref.state != REFEREE_DONE) check_processes(s);
    referee_on_tick(&s->ref, now);
}

static int64_t deadline_of(const struct slot *s)
{
    return s->ref.started ? referee_deadline(&s->ref) : s->handshake_until;
}

int runner_run(struct runner *r, char *err, size_t cap)
{
    struct hub hub;
    struct hub_message m;
    int n = r->concurrency > 0 ? r->concurrency : 1, rc = -1, more = 1;
    struct slot *slots = calloc((size_t)n, sizeof *slots);
    if (!slots) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    if (mkdir(r->config->log_dir, 0755) < 0 && errno != EEXIST) {
        snprintf(err, cap, "cannot create the log directory '%s': %s", r->config->log_dir, strerror(errno));
        free(slots);
        return -1;
    }
    if (hub_open(&hub, NULL, err, cap) < 0) {
        free(slots);
        return -1;
    }
    for (;;) {
        int busy = 0;
        for (int i = 0; i < n; i++) {
            if (!slots[i].busy && more && !(r->stop && *r->stop)) {
                more = r->next_job(r->ctx, &slots[i].job);
                if (more && start_slot(r, &slots[i], &hub, err, cap) < 0) goto out;
            }
            busy += slots[i].busy;
        }
        if (!busy) break;
        if (r->stop && *r->stop) {
            for (int i = 0; i < n; i++)
                if (slots[i].busy) {
                    stop_slot(&slots[i]);
                    r->abandoned++;
                }
            break;
        }
        int64_t now = now_ms(), nearest = now + 50;
        for (int i = 0; i < n; i++)
            if (slots[i].busy && deadline_of(&slots[i]) < nearest) nearest = deadline_of(&slots[i]);
        int got = hub_recv(&hub, &m, nearest > now ? (int)(nearest - now) : 0);
        now = now_ms();
        if (got == 1) {
            int found = 0;
            for (int i = 0; i < n && !found; i++)
                for (int p = 0; p < 2 && !found; p++) {
                    struct link *l = &slots[i].links[p];
                    if (slots[i].busy && l->connected && l->identity_len == m.identity_len &&
                        !memcmp(l->identity, m.identity, m.identity_len)) {
                        found = 1;
                        if (slots[i].ref.started) receive(&slots[i], p, &m, now);
                    }
                }
            if (!found && m.data) greet(slots, n, &m);
            hub_message_release(&m);
        }
        for (int i = 0; i < n; i++) {
            if (!slots[i].busy) continue;
            advance(r, &slots[i], now);
            if (slots[i].ref.state == REFEREE_DONE) {
                stop_slot(&slots[i]);
                r->done(r->ctx, &slots[i].job, &slots[i].ref);
            }
        }
    }
    rc = 0;
out:
    for (int i = 0; i < n; i++)
        if (slots[i].busy) stop_slot(&slots[i]);
    hub_close(&hub);
    free(slots);
    return rc;
}

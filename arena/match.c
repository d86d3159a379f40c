/* match.c - a partie between two bot processes (match.h). One loop:
 * receive with a timeout no longer than the nearest deadline or 50 ms,
 * hand the message to the referee, check the processes, tick the clock.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "arena/hub.h"
#include "arena/match.h"

void match_config_default(struct match_config *self)
{
    memset(self, 0, sizeof *self);
    pq_rules_default(&self->rules);
    self->clock = (struct referee_clock){ 1000, 10000, 200 };
    self->handshake_ms = PROTOCOL_HANDSHAKE_MS;
    botproc_limits_default(&self->limits);
    self->log_dir = "/tmp/piquet-arena-logs";
}

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

struct seat_link {
    struct botproc proc;
    uint8_t identity[HUB_MAX_IDENTITY];
    size_t identity_len;
    int connected;
    char log_path[1024];
};

struct session {
    struct hub hub;
    struct seat_link links[2];
};

static int send_to(void *ctx, int player, const struct codec_frame *frame)
{
    struct session *s = ctx;
    struct seat_link *l = &s->links[player];
    if (!l->connected) return -1;
    return hub_send(&s->hub, l->identity, l->identity_len, frame->data, frame->len);
}

static int player_of(const struct session *s, const struct hub_message *m)
{
    for (int p = 0; p < 2; p++)
        if (s->links[p].connected && s->links[p].identity_len == m->identity_len &&
            !memcmp(s->links[p].identity, m->identity, m->identity_len))
            return p;
    return -1;
}

static void append_log(const char *path, const char *line)
{
    FILE *f = fopen(path, "a");
    if (!f) return;
    fprintf(f, "[bot log] %s\n", line);
    fclose(f);
}

/* A hello from a new peer: which player's token it carries. */
static void greet(struct session *s, const struct match_config *config, struct referee *ref,
                  const struct hub_message *m)
{
    struct codec_bot_message msg;
    struct codec_frame frame = { NULL, 0 };
    char err[256];
    int code = codec_decode_bot(m->data, m->len, &msg, err, sizeof err);
    if (msg.type != CODEC_HELLO || (code != CODEC_OK && code != CODEC_PROTOCOL_VERSION)) return;
    for (int p = 0; p < 2; p++) {
        struct seat_link *l = &s->links[p];
        if (l->connected || strcmp(msg.as.hello.token, l->proc.token)) continue;
        memcpy(l->identity, m->identity, m->identity_len);
        l->identity_len = m->identity_len;
        l->connected = 1;
        if (code == CODEC_PROTOCOL_VERSION) {
            char why[256];
            snprintf(why, sizeof why, "%s", err);
            if (codec_encode_error(&frame, CODEC_PROTOCOL_VERSION, why, err, sizeof err) == CODEC_OK)
                send_to(s, p, &frame);
            codec_frame_release(&frame);
            referee_on_fault(ref, p, CODEC_FAULT_PROTOCOL, why);
            return;
        }
        if (!config->bots[p].name[0]) snprintf(ref->names[p], sizeof ref->names[p], "%s", msg.as.hello.name);
        struct codec_welcome welcome = { PROTOCOL_VERSION, "piquet-arena 0.1" };
        if (codec_encode_welcome(&frame, &welcome, err, sizeof err) == CODEC_OK) send_to(s, p, &frame);
        codec_frame_release(&frame);
        return;
    }
}

/* A message from a connected player during the partie. */
static void receive(struct session *s, struct referee *ref, int player, const struct hub_message *m, int64_t now)
{
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

static void check_processes(struct session *s, struct referee *ref)
{
    for (int p = 0; p < 2 && ref->state != REFEREE_DONE; p++) {
        if (botproc_alive(&s->links[p].proc)) continue;
        char how[128], why[CODEC_MESSAGE_MAX];
        botproc_describe_exit(&s->links[p].proc, how, sizeof how);
        snprintf(why, sizeof why, "the bot process ended (%.60s); see %.150s", how, s->links[p].log_path);
        referee_on_fault(ref, p, CODEC_FAULT_CRASH, why);
    }
}

int match_play(const struct match_config *config, uint64_t partie_id, uint64_t seed, int first_dealer,
               struct referee *out, char *err, size_t cap)
{
    struct session s;
    struct hub_message m;
    int rc = -1;
    memset(&s, 0, sizeof s);
    referee_init_decks(out, partie_id, seed, first_dealer, &config->rules, &config->clock,
                       config->bots[0].name, config->bots[1].name, config->decks, config->n_decks, send_to, &s);
    if (mkdir(config->log_dir, 0755) < 0 && errno != EEXIST) {
        snprintf(err, cap, "cannot create the log directory '%s': %s", config->log_dir, strerror(errno));
        return -1;
    }
    if (hub_open(&s.hub, NULL, err, cap) < 0) return -1;
    for (int p = 0; p < 2; p++) {
        const char *name = config->bots[p].name[0] ? config->bots[p].name : (p ? "B" : "A");
        snprintf(s.links[p].log_path, sizeof s.links[p].log_path, "%s/%.60s-p%llu-%c.log", config->log_dir, name,
                 (unsigned long long)partie_id, 'A' + p);
        if (botproc_start(&s.links[p].proc, config->bots[p].command, s.hub.endpoint, s.links[p].log_path,
                          &config->limits, err, cap) < 0)
            goto out;
    }
    /* Handshake: both hellos, or a fault for whoever is missing. */
    int64_t until = now_ms() + config->handshake_ms;
    while (out->state != REFEREE_DONE && !(s.links[0].connected && s.links[1].connected)) {
        int64_t now = now_ms();
        if (now >= until) {
            int p = s.links[0].connected ? 1 : 0;
            char why[CODEC_MESSAGE_MAX];
            snprintf(why, sizeof why, "no hello within %d ms; see %.150s", config->handshake_ms, s.links[p].log_path);
            referee_on_fault(out, p, CODEC_FAULT_TIMEOUT, why);
            break;
        }
        int got = hub_recv(&s.hub, &m, (int)(until - now < 50 ? until - now : 50));
        if (got == 1) {
            if (player_of(&s, &m) < 0 && m.data) greet(&s, config, out, &m);
            hub_message_release(&m);
        }
        check_processes(&s, out);
    }
    if (out->state != REFEREE_DONE) referee_start(out, now_ms());
    while (out->state != REFEREE_DONE) {
        int64_t now = now_ms(), deadline = referee_deadline(out);
        int wait = deadline - now < 50 ? (int)(deadline - now > 0 ? deadline - now : 0) : 50;
        int got = hub_recv(&s.hub, &m, wait);
        now = now_ms();
        if (got == 1) {
            int player = player_of(&s, &m);
            if (player >= 0) receive(&s, out, player, &m, now);
            hub_message_release(&m);
        }
        check_processes(&s, out);
        referee_on_tick(out, now);
    }
    rc = 0;
out:
    for (int p = 0; p < 2; p++) botproc_stop(&s.links[p].proc, 300);
    hub_close(&s.hub);
    return rc;
}

/* runner.c - the event loop of runner.h. One receive at a time with a
 * timeout no longer than the nearest deadline (or 50 ms, to notice dead
 * processes and stop requests); each message goes to the partie of the
 * connection that sent it.
 *
 * A connection (struct conn) is one bot process, or one connection of a
 * remote bot; it is FREE (the entry is unused), BUSY (in a partie, maybe
 * not yet connected) or IDLE (connected, waiting for a partie). A slot owns
 * a referee and points at its two connections. Processes being stopped wait
 * in the dying list without blocking the loop: SIGTERM first, SIGKILL after
 * a grace period.
 *
 * Only a welcomed hello makes an entry: a token's process before it
 * connects, or a remote bot's connection, at most max_connections per
 * remote token. Every other hello is refused with an error and its
 * connection cut (hub_cut); nothing of it is kept but a line, at most one
 * a second, in the log of the token's owner when it has one. A connection
 * whose closing the hub reports (the peer left, or stopped answering
 * heartbeats) leaves the pool at once, so no partie is ever given to it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "arena/play/affinity.h"
#include "arena/play/botlog.h"
#include "arena/play/cpuwait.h"
#include "arena/play/hub.h"
#include "arena/play/runner.h"
#include "arena/version.h"

/* WARM: a local process started ahead for a job not yet begun (peek_job)
 * that has not said hello; its hello makes it IDLE. */
enum { CONN_FREE, CONN_BUSY, CONN_IDLE, CONN_WARM };
enum { STOP_GRACE_MS = 300, REQUEST_ID_SPAN = 1 << 16, SWEEP_MS = 20, REFUSAL_NOTE_MS = 1000, START_PASS_MS = 20,
       HELLOS_PENDING_MAX = 64, LOOK_AGAIN_MS = 5, OWN_LOOKS_MAX = 2 };

/* Hellos refused in the name of a token's owner, for the owner's log. */
struct refusals {
    int count;                     /* refused since the last line */
    int64_t noted_ms;              /* when the last line was written; 0: never */
};

struct conn {
    int state;
    int remote;
    char name[CODEC_NAME_MAX];
    const char *command;           /* local bots: the caller's string */
    struct botproc proc;           /* local bots */
    struct cpuwait_watch cpu;      /* local bots in a partie: the processor waited for */
    uint64_t own_mark_ns;          /* loop.own.waited_ns when cpu was last read */
    int64_t started_at;            /* local bots: when the process was started */
    const char *token;             /* remote bots: what the hello must carry (the
                                    * caller's string; a local bot's is proc.token,
                                    * never pointed at: the array moves) */
    int remote_index;              /* remote bots: the entry of r->remotes */
    char key[41];                  /* remote bots known by key: the key it connected with */
    uint8_t identity[HUB_MAX_IDENTITY];
    size_t identity_len;
    int connected;
    int fd;                        /* the connection's descriptor (hub_message.fd) */
    struct refusals refusals;      /* local bots: hellos with their token from elsewhere */
    char log_path[1024];
    int protocol;                  /* the hello's version (0 before it) */
    int plays;                     /* the hello names the runner's game */
    char hello_name[CODEC_NAME_MAX];   /* the hello's name when it obeys the name
                                        * rule (codec_bot_name_check), else "" */
    int slot, player;              /* when BUSY */
    int parties;                   /* parties finished on this connection */
    long pairs[RUNNER_REUSE_MAX];  /* the pairs they belonged to */
    int64_t idle_since;
};

struct dying {
    struct botproc proc;
    int64_t kill_at;
};

struct loop;

struct slot {
    int busy;
    struct runner_job job;
    struct referee ref;
    int conn[GAME_MAX_PLAYERS];    /* index in loop.conns, or -1 (remote: waiting) */
    int64_t wait_until[GAME_MAX_PLAYERS];   /* hello or a free remote connection by then */
    int touched;                   /* something happened: advance it now */
    int64_t look_at;               /* request look_id is judged no sooner (credit_starved) */
    uint64_t look_id;
    int own_looks;                 /* looks of request look_id held off by the arena's threads */
    struct loop *loop;
};

struct loop {
    struct runner *r;
    struct hub hub;
    struct slot *slots;
    int n_slots;
    struct conn *conns;
    int n_conns;
    struct dying *dying;
    int n_dying, cap_dying;
    uint64_t next_request_id;
    int reuse;
    int max_connections;           /* per remote token */
    struct refusals *remote_refusals;   /* per entry of r->remotes */
    struct cpuwait_own own;        /* the arena's own waits for a processor */
    struct affinity pin;           /* the arena's threads on one processor, or zeroed */
    struct botproc_limits limits;  /* the config's, with pin for the bots to undo */
};

enum runner_pin runner_pin_parse(const char *text)
{
    return !strcmp(text, "on") ? RUNNER_PIN_ON : !strcmp(text, "off") ? RUNNER_PIN_OFF : RUNNER_PIN_AUTO;
}

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int send_to(void *ctx, int player, const struct codec_frame *frame)
{
    struct slot *s = ctx;
    if (s->conn[player] < 0) return -1;
    struct conn *c = &s->loop->conns[s->conn[player]];
    if (!c->connected) return -1;
    return hub_send(&s->loop->hub, c->identity, c->identity_len, frame->data, frame->len);
}

static void append_log(const struct loop *L, const char *path, const char *tag, const char *line)
{
    if (path[0]) botlog_append(path, tag, line, L->r->config->limits.log_bytes);
}

/* A refused hello goes into its token owner's log, at most one line a
 * second, so that a flood of hellos cannot fill the disk; a line counts
 * the hellos refused since the previous one. */
static void note_refusal(const struct loop *L, const char *log_path, struct refusals *r, int64_t now, const char *why)
{
    char line[CODEC_MESSAGE_MAX + 128];
    r->count++;
    if (r->noted_ms && now - r->noted_ms < REFUSAL_NOTE_MS) return;
    int n = snprintf(line, sizeof line, "refused a hello with this bot's token: %s", why);
    if (r->count > 1 && n > 0 && (size_t)n < sizeof line)
        snprintf(line + n, sizeof line - (size_t)n, " (%d refused since the last such line)", r->count);
    append_log(L, log_path, "arena", line);
    r->count = 0;
    r->noted_ms = now;
}

static void remote_log_path(const struct loop *L, const char *name, char *out, size_t cap)
{
    botlog_remote_path(out, cap, L->r->config->log_dir, name);
}

/* Sends an error frame to a peer; best effort, as the peer may be gone. */
static void send_error(struct loop *L, const uint8_t *identity, size_t identity_len, int code, const char *why)
{
    struct codec_frame frame = { NULL, 0 };
    char err[128];
    if (codec_encode_error(&frame, code, why, err, sizeof err) == CODEC_OK)
        hub_send(&L->hub, identity, identity_len, frame.data, frame.len);
    codec_frame_release(&frame);
}

/* A hello that is not welcomed: the error, then the connection is cut. */
static void refuse(struct loop *L, const struct hub_message *m, int code, const char *why)
{
    send_error(L, m->identity, m->identity_len, code, why);
    hub_cut(&L->hub, m->fd);
}

/* A free entry for a new connection (the array grows as needed). */
static int new_conn(struct loop *L)
{
    for (int i = 0; i < L->n_conns; i++)
        if (L->conns[i].state == CONN_FREE) return i;
    struct conn *grown = realloc(L->conns, (size_t)(L->n_conns + 16) * sizeof *grown);
    if (!grown) return -1;
    memset(grown + L->n_conns, 0, 16 * sizeof *grown);
    L->conns = grown;
    L->n_conns += 16;
    return L->n_conns - 16;
}

/* Stops a connection: a local process joins the dying list; a remote
 * connection still open is cut, so that the peer knows and the arena
 * keeps no descriptor for a connection it forgot. */
static void drop_conn(struct loop *L, struct conn *c)
{
    cpuwait_watch_release(&c->cpu);
    if (c->remote && c->connected) hub_cut(&L->hub, c->fd);
    if (!c->remote && c->proc.pid) {
        botproc_terminate(&c->proc);
        if (L->n_dying == L->cap_dying) {
            int cap = L->cap_dying ? 2 * L->cap_dying : 16;
            struct dying *grown = realloc(L->dying, (size_t)cap * sizeof *grown);
            if (!grown) {
                botproc_stop(&c->proc, 0);   /* no room to wait: kill now */
                goto out;
            }
            L->dying = grown;
            L->cap_dying = cap;
        }
        L->dying[L->n_dying].proc = c->proc;
        L->dying[L->n_dying].kill_at = now_ms() + STOP_GRACE_MS;
        L->n_dying++;
    }
out:
    memset(c, 0, sizeof *c);
    c->state = CONN_FREE;
}

static void sweep_dying(struct loop *L, int64_t now, int force)
{
    for (int i = 0; i < L->n_dying;) {
        struct dying *d = &L->dying[i];
        if (botproc_alive(&d->proc) && !force && now < d->kill_at) {
            i++;
            continue;
        }
        botproc_stop(&d->proc, 0);
        L->dying[i] = L->dying[--L->n_dying];
    }
}

static int seen_pair(const struct conn *c, long pair)
{
    if (pair == 0) return 0;
    for (int i = 0; i < c->parties && i < RUNNER_REUSE_MAX; i++)
        if (c->pairs[i] == pair) return 1;
    return 0;
}

/* An idle connection (or a process started ahead, WARM) that may play
 * this job's player p and is not among the n in `taken`, or -1: the one
 * idle longest, a process that said hello before one that has not. */
static int find_free(struct loop *L, const struct runner_job *job, int p, const int *taken, int n)
{
    const struct match_bot *bot = &job->bots[p];
    int best = -1;
    for (int i = 0; i < L->n_conns; i++) {
        const struct conn *c = &L->conns[i];
        if ((c->state != CONN_IDLE && c->state != CONN_WARM) || strcmp(c->name, bot->name)) continue;
        if (bot->command ? (c->remote || strcmp(c->command, bot->command) || seen_pair(c, job->pair)) : !c->remote)
            continue;
        int skip = 0;
        for (int k = 0; k < n; k++) skip |= taken[k] == i;
        if (skip) continue;
        if (best < 0) {
            best = i;
            continue;
        }
        const struct conn *b = &L->conns[best];
        if (c->state != b->state ? c->state == CONN_IDLE : c->idle_since < b->idle_since) best = i;
    }
    return best;
}

static int find_idle(struct loop *L, const struct runner_job *job, int p)
{
    return find_free(L, job, p, NULL, 0);
}

/* Local processes beyond what the tournament can use are stopped, oldest
 * idle first, so that a long run does not accumulate processes. */
static void trim_idle(struct loop *L)
{
    int idle = 0, oldest = -1;
    for (int i = 0; i < L->n_conns; i++) {
        const struct conn *c = &L->conns[i];
        if (c->state != CONN_IDLE || c->remote) continue;
        idle++;
        if (oldest < 0 || c->idle_since < L->conns[oldest].idle_since) oldest = i;
    }
    if (idle > 2 * L->n_slots) drop_conn(L, &L->conns[oldest]);
}

/* What connection c's hello said, for the partie it now plays (each
 * partie's referee starts from protocol 1 and the job's names): its
 * protocol version, its name when the job gives none, and a protocol
 * fault when the hello does not name the game. A process or connection
 * kept from an earlier partie is told the same as at its first. */
static void seat_hello(struct loop *L, struct slot *s, struct conn *c)
{
    char why[CODEC_MESSAGE_MAX];
    if (!c->plays) {
        snprintf(why, sizeof why, "this match is %s, a game the bot's hello does not name%s", s->ref.game->name,
                 c->protocol < PROTOCOL_VERSION_2 ? " (a protocol-1 bot plays piquet only)" : "");
        send_error(L, c->identity, c->identity_len, CODEC_UNEXPECTED, why);
        referee_on_fault(&s->ref, c->player, CODEC_FAULT_PROTOCOL, why);
        return;
    }
    s->ref.protocol[c->player] = c->protocol;
    if (!s->job.bots[c->player].name[0]) {
        char letter[2] = { (char)('A' + c->player), '\0' };
        snprintf(s->ref.names[c->player], sizeof s->ref.names[c->player], "%s",
                 c->hello_name[0] ? c->hello_name : letter);
    }
}

/* Connection i, idle (or started ahead), takes player p of slot s. */
static void take(struct loop *L, int i, struct slot *s, int p)
{
    struct conn *c = &L->conns[i];
    if (!c->remote) botproc_renew_cpu(&c->proc, L->r->config->limits.cpu_seconds);
    /* a process started ahead that has not said hello: its handshake's
     * clock runs from its start (credit_hello), as for one started now */
    if (c->state == CONN_WARM) s->wait_until[p] = c->started_at + L->r->config->handshake_ms;
    c->state = CONN_BUSY;
    c->slot = (int)(s - L->slots);
    c->player = p;
    s->conn[p] = i;
    if (c->connected) seat_hello(L, s, c);
}

/* Starts a process for the job's player p in a new connection (its
 * state for the caller to set): its index, or -1 with err. */
static int start_process(struct loop *L, const struct runner_job *job, int p, int64_t now, char *err, size_t cap)
{
    const struct match_config *config = L->r->config;
    int i;
    trim_idle(L);
    if ((i = new_conn(L)) < 0) {
        snprintf(err, cap, "out of memory for bot processes");
        return -1;
    }
    struct conn *c = &L->conns[i];
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s", job->bots[p].name);
    c->command = job->bots[p].command;
    botlog_path(c->log_path, sizeof c->log_path, config->log_dir, job->bots[p].name,
                (unsigned long long)job->partie_id, (char)('A' + p));
    if (botproc_start(&c->proc, c->command, L->hub.endpoint, c->log_path, &L->limits, config->sandbox, err,
                      cap) < 0) {
        c->state = CONN_FREE;
        return -1;
    }
    L->r->started++;
    /* the handshake's clock, like the move clock, leaves out the waits
     * for a processor (credit_hello) */
    c->started_at = now;
    cpuwait_watch_start(&c->cpu, c->proc.pid);
    cpuwait_own_update(&L->own);
    c->own_mark_ns = L->own.waited_ns;
    return i;
}

/* Gives the job's player p a connection: an idle one, else a new process
 * (remote bots wait for one to connect). */
static int attach(struct loop *L, struct slot *s, int p, int64_t now, char *err, size_t cap)
{
    const struct runner_job *job = &s->job;
    const struct match_config *config = L->r->config;
    int i = find_idle(L, job, p);
    if (i >= 0) {
        take(L, i, s, p);
        return 0;
    }
    if (!job->bots[p].command) {
        s->conn[p] = -1;
        return 0;
    }
    if ((i = start_process(L, job, p, now, err, cap)) < 0) return -1;
    struct conn *c = &L->conns[i];
    c->state = CONN_BUSY;
    c->slot = (int)(s - L->slots);
    c->player = p;
    s->conn[p] = i;
    s->wait_until[p] = now + config->handshake_ms;
    return 0;
}

/* Before the next partie's place is free, the processes its local bots
 * will need and the pool cannot give (peek_job): started now, WARM, so
 * that by the time the partie begins they have said hello. Not when many
 * hellos are already awaited (the runner's pace of starts). */
static int start_ahead(struct loop *L, const struct runner_job *job, int64_t now, char *err, size_t cap)
{
    const struct match_config *config = L->r->config;
    int taken[GAME_MAX_PLAYERS], n = 0;
    int players = config->game && config->game != &piquet_game ? config->players : 2;
    for (int p = 0; p < players && p < GAME_MAX_PLAYERS; p++) {
        if (!job->bots[p].command) continue;
        int i = find_free(L, job, p, taken, n);
        if (i < 0) {
            if ((i = start_process(L, job, p, now, err, cap)) < 0) return -1;
            L->conns[i].state = CONN_WARM;
            L->r->started_ahead++;
        }
        taken[n++] = i;
    }
    return 0;
}

/* The game's referee for the slot's job: Piquet as it always was (packs
 * given by arena check included), any other game through game.h. */
static int init_referee(struct loop *L, struct slot *s, char *err, size_t cap)
{
    const struct match_config *config = L->r->config;
    const struct runner_job *job = &s->job;
    const char *names[GAME_MAX_PLAYERS];
    if (!config->game || config->game == &piquet_game) {
        referee_init(&s->ref, job->partie_id, job->seed, job->first_dealer, &config->rules, &config->clock,
                     job->bots[0].name, job->bots[1].name, send_to, s);
        s->ref.game_decks = config->game_decks;
        return 0;
    }
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) names[p] = job->bots[p].name;
    if (referee_init_game(&s->ref, config->game, job->partie_id, job->seed, job->first_dealer, config->players,
                          config->game_rules, &config->clock, names, send_to, s, err, cap) < 0)
        return -1;
    s->ref.game_decks = config->game_decks;
    return 0;
}

static int start_slot(struct loop *L, struct slot *s, int64_t now, char *err, size_t cap)
{
    s->loop = L;
    s->look_id = 0;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) s->conn[p] = -1;
    if (init_referee(L, s, err, cap) < 0) return -1;
    /* Request ids never repeat on a connection, so that a late answer from
     * an earlier partie can never be taken for an answer in this one. */
    s->ref.next_id = L->next_request_id;
    L->next_request_id += REQUEST_ID_SPAN;
    for (int p = 0; p < s->ref.n_players; p++) {
        int wait = L->r->remote_wait_ms > 0 ? L->r->remote_wait_ms : 60000;
        s->wait_until[p] = now + wait;
        if (attach(L, s, p, now, err, cap) < 0) {
            for (int q = 0; q < p; q++)
                if (s->conn[q] >= 0) drop_conn(L, &L->conns[s->conn[q]]);
            referee_release(&s->ref);
            return -1;
        }
    }
    s->busy = 1;
    s->touched = 1;
    return 0;
}

/* Slots waiting for a remote bot's connection look again at once. */
static void touch_waiting(struct loop *L)
{
    for (int i = 0; i < L->n_slots; i++) {
        const struct slot *s = &L->slots[i];
        for (int p = 0; s->busy && p < s->ref.n_players; p++)
            if (s->conn[p] < 0) L->slots[i].touched = 1;
    }
}

/* The partie is over or abandoned: its connections go back to the pool
 * when they may play again, else they are stopped. */
static void release_slot(struct loop *L, struct slot *s, int keep)
{
    for (int p = 0; p < s->ref.n_players; p++) {
        if (s->conn[p] < 0) continue;
        struct conn *c = &L->conns[s->conn[p]];
        int faulted = s->ref.forfeited && s->ref.forfeit.player == p;
        for (int f = 0; f < CODEC_FAULTS; f++) faulted |= s->ref.faults[p][f] > 0;
        if (c->parties < RUNNER_REUSE_MAX) c->pairs[c->parties] = s->job.pair;
        c->parties++;
        int again = keep && !faulted && c->connected && (c->remote || c->parties < L->reuse);
        if (again && !c->remote && !botproc_alive(&c->proc)) again = 0;
        if (again) {
            c->state = CONN_IDLE;
            c->idle_since = now_ms();
            if (c->remote) touch_waiting(L);
        } else {
            drop_conn(L, c);
        }
        s->conn[p] = -1;
    }
    s->busy = 0;
}

/* The remote bot whose token this is, compared in time that does not
 * depend on where they differ (remote tokens are secrets chosen by
 * people); -1 when none. */
static int find_remote(const struct loop *L, const char *token)
{
    int found = -1;
    for (int i = 0; i < L->r->n_remotes; i++) {
        const char *a = L->r->remotes[i].token;
        if (!a || L->r->remotes[i].retired) continue;
        size_t la = strlen(a), lb = strlen(token);
        unsigned diff = (unsigned)(la != lb);
        for (size_t k = 0; k < la; k++) diff |= (unsigned)(a[k] ^ token[k < lb ? k : 0]);
        if (!diff && la) found = i;
    }
    return found;
}

static int connections_of(const struct loop *L, int remote)
{
    int n = 0;
    for (int i = 0; i < L->n_conns; i++)
        n += L->conns[i].state != CONN_FREE && L->conns[i].remote && L->conns[i].remote_index == remote;
    return n;
}

/* The remote bot a CURVE connection's user id names (hub_zap: its name),
 * -1 when none. */
static int remote_by_key(const struct loop *L, const char *user_id)
{
    for (int i = 0; user_id[0] && i < L->r->n_remotes; i++)
        if (L->r->remotes[i].key && !L->r->remotes[i].retired && !strcmp(L->r->remotes[i].name, user_id)) return i;
    return -1;
}

/* hub_zap's question: the remote bot holding this key, not retired. */
static int allow_key(void *ctx, const char *client_key, char *user_id)
{
    const struct loop *L = ctx;
    for (int i = 0; i < L->r->n_remotes; i++) {
        const struct runner_remote *rem = &L->r->remotes[i];
        if (rem->key && !rem->retired && !strcmp(rem->key, client_key)) {
            snprintf(user_id, HUB_USER_ID, "%s", rem->name);
            return 1;
        }
    }
    return 0;
}

/* A remote connection whose bot was retired, or given another key, since
 * it connected. */
static int retired(const struct loop *L, const struct conn *c)
{
    if (!c->remote || c->remote_index >= L->r->n_remotes) return 0;
    const struct runner_remote *rem = &L->r->remotes[c->remote_index];
    return rem->retired || (rem->key && strcmp(rem->key, c->key));
}

int runner_idle_connections(const struct runner *self, int index)
{
    const struct loop *L = self->loop;
    int n = 0;
    for (int i = 0; L && i < L->n_conns; i++) {
        const struct conn *c = &L->conns[i];
        n += c->state == CONN_IDLE && c->remote && c->connected && c->remote_index == index;
    }
    return n;
}

int runner_connections(const struct runner *self, int index, int *playing)
{
    const struct loop *L = self->loop;
    int n = 0;
    *playing = 0;
    for (int i = 0; L && i < L->n_conns; i++) {
        const struct conn *c = &L->conns[i];
        if (c->state == CONN_FREE || !c->remote || !c->connected || c->remote_index != index) continue;
        n++;
        *playing += c->state == CONN_BUSY;
    }
    return n;
}

/* A hello from a new peer: the process whose token it carries, or a new
 * connection of a remote bot under its cap, is welcomed; any other is
 * refused (bad_token: unknown, bound to another connection, or over the
 * cap; protocol_version) and its connection cut. A local token bound to a
 * connection is not charged to its process: anyone who read the token
 * could send such a hello, so the owner's log says so and nothing more. */
/* The game every partie of this run plays. */
static const char *game_name(const struct loop *L)
{
    return L->r->config->game ? L->r->config->game->name : piquet_game.name;
}

static void greet(struct loop *L, const struct hub_message *m, int64_t now)
{
    struct codec_bot_message msg;
    struct codec_frame frame = { NULL, 0 };
    char err[256], why[CODEC_MESSAGE_MAX];
    int code = codec_decode_bot(m->data, m->len, &msg, err, sizeof err);
    if (msg.type != CODEC_HELLO || (code != CODEC_OK && code != CODEC_PROTOCOL_VERSION)) return;
    struct conn *c = NULL, *owner = NULL;
    for (int i = 0; i < L->n_conns && !c && !owner; i++) {
        struct conn *k = &L->conns[i];
        if (k->state == CONN_FREE || k->remote || strcmp(msg.as.hello.token, k->proc.token)) continue;
        if (k->connected) owner = k;
        else c = k;
    }
    if (owner) {
        refuse(L, m, CODEC_BAD_TOKEN, "this token is in use by another connection");
        note_refusal(L, owner->log_path, &owner->refusals, now, "it came from a second connection");
        return;
    }
    if (!c) {
        int r = L->r->keys && m->user_id[0] ? remote_by_key(L, m->user_id) : find_remote(L, msg.as.hello.token);
        if (r < 0) {
            refuse(L, m, CODEC_BAD_TOKEN, "this arena does not know this token");
            return;
        }
        const struct runner_remote *found = &L->r->remotes[r];
        if (code == CODEC_PROTOCOL_VERSION) {
            refuse(L, m, CODEC_PROTOCOL_VERSION, err);
            return;
        }
        /* Every partie of a run is of one game: a connection that does
         * not play it would only ever forfeit. */
        if (!codec_hello_plays(&msg.as.hello, game_name(L))) {
            snprintf(why, sizeof why, "this arena plays %s, a game the bot's hello does not name%s", game_name(L),
                     msg.as.hello.protocol < PROTOCOL_VERSION_2 ? " (a protocol-1 bot plays piquet only)" : "");
            refuse(L, m, CODEC_UNEXPECTED, why);
            return;
        }
        if (connections_of(L, r) >= L->max_connections) {
            char path[1024];
            snprintf(why, sizeof why, "remote bot '%.60s' has %d connections already, the most it may have",
                     found->name, L->max_connections);
            refuse(L, m, CODEC_BAD_TOKEN, why);
            remote_log_path(L, found->name, path, sizeof path);
            note_refusal(L, path, &L->remote_refusals[r], now, why);
            return;
        }
        int i = new_conn(L);
        if (i < 0) {
            refuse(L, m, CODEC_INTERNAL, "the arena is out of memory");
            return;
        }
        c = &L->conns[i];
        memset(c, 0, sizeof *c);
        c->remote = 1;
        snprintf(c->name, sizeof c->name, "%s", found->name);
        c->token = found->token;
        c->remote_index = r;
        if (found->key) snprintf(c->key, sizeof c->key, "%s", found->key);
        remote_log_path(L, found->name, c->log_path, sizeof c->log_path);
        c->state = CONN_IDLE;
        c->idle_since = now_ms();
        touch_waiting(L);
    }
    memcpy(c->identity, m->identity, m->identity_len);
    c->identity_len = m->identity_len;
    c->connected = 1;
    c->fd = m->fd;
    /* What the hello says holds for every partie the connection plays
     * (seat_hello); the arena never seats a bot at a game it did not name. */
    c->protocol = (int)msg.as.hello.protocol;
    c->plays = codec_hello_plays(&msg.as.hello, game_name(L));
    /* The name a bot gives itself enters the records only if it obeys
     * the name rule; else the player's letter stands in. */
    const char *why_not = codec_bot_name_check(msg.as.hello.name);
    snprintf(c->hello_name, sizeof c->hello_name, "%s", why_not ? "" : msg.as.hello.name);
    if (c->state == CONN_WARM) {
        /* started ahead: it waits in the pool for its partie */
        if (code == CODEC_PROTOCOL_VERSION) {
            send_error(L, c->identity, c->identity_len, CODEC_PROTOCOL_VERSION, err);
            append_log(L, c->log_path, "arena", err);
            drop_conn(L, c);   /* its partie starts another, and judges that one */
            return;
        }
        c->state = CONN_IDLE;
        c->idle_since = now_ms();
    }
    if (c->state == CONN_BUSY) {
        struct slot *s = &L->slots[c->slot];
        s->touched = 1;   /* it may start now */
        if (code == CODEC_PROTOCOL_VERSION) {
            snprintf(why, sizeof why, "%s", err);
            send_error(L, c->identity, c->identity_len, CODEC_PROTOCOL_VERSION, why);
            referee_on_fault(&s->ref, c->player, CODEC_FAULT_PROTOCOL, why);
            return;
        }
        seat_hello(L, s, c);
        if (!c->plays) return;
        if (!s->job.bots[c->player].name[0] && why_not) {
            char line[CODEC_NAME_MAX + 128];
            snprintf(line, sizeof line, "the name in the hello %s; recorded as '%s'", why_not, s->ref.names[c->player]);
            append_log(L, c->log_path, "arena", line);
        }
    }
    /* The arena answers in the bot's own version. */
    struct codec_welcome welcome = { msg.as.hello.protocol, "piquet-arena " ARENA_VERSION };
    if (codec_encode_welcome(&frame, &welcome, err, sizeof err) == CODEC_OK)
        hub_send(&L->hub, c->identity, c->identity_len, frame.data, frame.len);
    codec_frame_release(&frame);
}

/* The connection on descriptor fd closed: the peer left, stopped
 * answering heartbeats, or was cut. Idle, it leaves the pool; a remote
 * one taken for a partie that has not started gives its place back (the
 * partie waits for another connection); in a partie, a remote one is a
 * crash fault. A local process in a partie is left to check_process,
 * which says how the process ended. */
static void connection_closed(struct loop *L, int fd)
{
    for (int i = 0; i < L->n_conns; i++) {
        struct conn *c = &L->conns[i];
        if (c->state == CONN_FREE || !c->connected || c->fd != fd) continue;
        c->fd = -1;   /* the number may go to a new connection */
        if (c->state == CONN_IDLE) {
            drop_conn(L, c);
        } else if (c->remote) {
            struct slot *s = &L->slots[c->slot];
            s->touched = 1;
            c->connected = 0;
            if (s->ref.started) {
                referee_on_fault(&s->ref, c->player, CODEC_FAULT_CRASH,
                                 "the connection closed or stopped answering heartbeats");
            } else {
                s->conn[c->player] = -1;
                drop_conn(L, c);
            }
        }
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
    /* Only Piquet's notation is checked by the codec; any other game's
     * action text goes to its referee, which asks the game. */
    if (code == CODEC_BAD_ACTION && msg.type == CODEC_ACTION && ref->game != &piquet_game) code = CODEC_OK;
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
    if (msg.type == CODEC_ACTION) {
        referee_on_action(ref, player, &msg.as.action, now);
    } else if (msg.type == CODEC_LOG) {
        append_log(s->loop, s->loop->conns[s->conn[player]].log_path, "bot log", msg.as.log.text);
    } else {
        /* A second hello on the bot's own connection: its fault. */
        snprintf(why, sizeof why, "a second hello on a connection already welcomed");
        send_error(s->loop, m->identity, m->identity_len, CODEC_UNEXPECTED, why);
        referee_on_fault(ref, player, CODEC_FAULT_PROTOCOL, why);
    }
}

/* A message from an idle connection: log lines are kept, late answers to
 * a finished partie are dropped, a second hello is refused (there is no
 * partie to forfeit) and the connection keeps its place. */
static void receive_idle(struct loop *L, struct conn *c, const struct hub_message *m)
{
    struct codec_bot_message msg;
    char err[64];
    if (!m->data || codec_decode_bot(m->data, m->len, &msg, err, sizeof err) != CODEC_OK) return;
    if (msg.type == CODEC_LOG) {
        append_log(L, c->log_path, "bot log", msg.as.log.text);
    } else if (msg.type == CODEC_HELLO) {
        send_error(L, c->identity, c->identity_len, CODEC_UNEXPECTED, "a second hello on a connection already welcomed");
        append_log(L, c->log_path, "arena", "refused a second hello on a connection already welcomed");
    }
}

static void check_process(struct slot *s, int p)
{
    struct conn *c = &s->loop->conns[s->conn[p]];
    if (c->remote || botproc_alive(&c->proc)) return;
    char how[128], why[CODEC_MESSAGE_MAX];
    botproc_describe_exit(&c->proc, how, sizeof how);
    snprintf(why, sizeof why, "the bot process ended (%.60s); see %.150s", how, c->log_path);
    referee_on_fault(&s->ref, p, CODEC_FAULT_CRASH, why);
}

static int64_t deadline_of(const struct slot *s)
{
    if (s->ref.started) {
        int64_t at = referee_deadline(&s->ref);
        return s->ref.state == REFEREE_WAITING && s->look_id == s->ref.pending_id && s->look_at > at ? s->look_at : at;
    }
    int64_t soonest = INT64_MAX;
    for (int p = 0; p < s->ref.n_players; p++)
        if (s->wait_until[p] < soonest) soonest = s->wait_until[p];
    return soonest;
}

/* A local bot's deadline passed: before the timeout is judged, the time
 * its processes waited for a processor since the last reading (the
 * partie's start, or the last look) is given back to it (cpuwait.h,
 * referee_credit), and so is the time the arena's own threads waited for
 * one meanwhile (a request sent late, an answer left in a socket), so that
 * only the time the bot ran or slept is charged. A wait still going on is
 * in no reading until the thread gets a processor, so a bot found stalled
 * (ready to run and starved since the last look or since its request was
 * sent, cpuwait_stalled), or an arena thread stalled, is looked at again a quarter of the time
 * the request has taken so far later (at least LOOK_AGAIN_MS) instead of
 * judged; the backstop (REFEREE_CREDIT_BACKSTOP) bounds both. A bot that
 * sleeps waited for nothing and is judged as by the wall clock; one that
 * spins on a processor of its own, one look later. /proc is read only
 * here and when a partie starts, never per message. Remote bots have no
 * process here: theirs is the wall clock. */
static void credit_starved(struct loop *L, struct slot *s, int64_t now)
{
    struct referee *ref = &s->ref;
    if (ref->state != REFEREE_WAITING || now < deadline_of(s)) return;
    int p = ref->pending_player, stalled;
    if (s->conn[p] < 0) return;
    struct conn *c = &L->conns[s->conn[p]];
    if (c->remote || !c->proc.pid) return;
    int64_t ms = cpuwait_watch_starved_ms(&c->cpu, ref->sent_at, &stalled);
    cpuwait_own_update(&L->own);
    int64_t own_ms = (int64_t)((L->own.waited_ns - c->own_mark_ns) / 1000000u);
    c->own_mark_ns += (uint64_t)own_ms * 1000000u;
    referee_credit(ref, p, ms + own_ms, now);
    if (s->look_id != ref->pending_id) s->own_looks = 0;
    /* The arena's threads are busy whenever the machine is: they hold a
     * judgement off OWN_LOOKS_MAX times a request, no more, so that a bot
     * that hangs is still judged soon on a loaded machine. */
    int own = L->own.stalled && s->own_looks < OWN_LOOKS_MAX;
    if ((stalled || own) && now >= referee_deadline(ref) && now < referee_backstop(ref)) {
        int64_t later = (now - ref->sent_at) / 4;
        s->look_at = now + (later > LOOK_AGAIN_MS ? later : LOOK_AGAIN_MS);
        s->look_id = ref->pending_id;
        s->own_looks += !stalled;
    }
}

/* The handshake of a local bot whose hello is late, as credit_starved does
 * for a request: the time its processes (guard, sandbox and bot), or the
 * arena's threads, waited for a processor since it was started is not
 * charged. Its deadline moves on by that much, or it is looked at again
 * a quarter of the time since its start later (LOOK_AGAIN_MS at least:
 * each look reads /proc, and hundreds of bots may be starting) when a
 * process of its own is ready to run and has not run yet, up to REFEREE_CREDIT_BACKSTOP times the handshake time
 * (REFEREE_BACKSTOP_MIN_MS at least) after the start, as the referee
 * bounds a request. 1 when the hello may still come in time, 0 when the
 * bot is to be judged (a bot that sleeps, or hung, waited for nothing). */
static int credit_hello(struct loop *L, struct slot *s, int p, int64_t now)
{
    struct conn *c = &L->conns[s->conn[p]];
    int64_t span = (int64_t)REFEREE_CREDIT_BACKSTOP * L->r->config->handshake_ms;
    int64_t backstop = c->started_at + (span > REFEREE_BACKSTOP_MIN_MS ? span : REFEREE_BACKSTOP_MIN_MS);
    if (c->remote || !c->proc.pid || now >= backstop) return 0;
    int stalled;
    int64_t ms = cpuwait_watch_starved_ms(&c->cpu, c->started_at, &stalled);
    cpuwait_own_update(&L->own);
    int64_t own_ms = (int64_t)((L->own.waited_ns - c->own_mark_ns) / 1000000u);
    c->own_mark_ns += (uint64_t)own_ms * 1000000u;
    int64_t later = (now - c->started_at) / 4;
    if (ms + own_ms > 0) s->wait_until[p] += ms + own_ms;
    else if (stalled) s->wait_until[p] = now + (later > LOOK_AGAIN_MS ? later : LOOK_AGAIN_MS);
    else return 0;
    if (s->wait_until[p] > backstop) s->wait_until[p] = backstop;
    return 1;
}

/* Connections, handshake and clock for one partie; `full` also looks at
 * the processes (a system call each, so not on every message). */
static void advance(struct loop *L, struct slot *s, int64_t now, int full)
{
    for (int p = 0; p < s->ref.n_players && s->ref.state != REFEREE_DONE && !s->ref.started; p++) {
        if (s->conn[p] < 0) {
            int i = find_idle(L, &s->job, p);
            if (i >= 0) take(L, i, s, p);
        }
        if ((s->conn[p] < 0 || !L->conns[s->conn[p]].connected) && now >= s->wait_until[p]) {
            if (s->conn[p] >= 0 && credit_hello(L, s, p, now)) continue;
            char why[CODEC_MESSAGE_MAX];
            if (s->conn[p] < 0)
                snprintf(why, sizeof why, "remote bot '%.60s' had no free connection within %d ms", s->job.bots[p].name,
                         L->r->remote_wait_ms > 0 ? L->r->remote_wait_ms : 60000);
            else
                snprintf(why, sizeof why, "no hello within %d ms; see %.150s", L->r->config->handshake_ms,
                         L->conns[s->conn[p]].log_path);
            referee_on_fault(&s->ref, p, CODEC_FAULT_TIMEOUT, why);
        }
    }
    int ready = s->ref.state != REFEREE_DONE && !s->ref.started;
    for (int p = 0; ready && p < s->ref.n_players; p++)
        ready = s->conn[p] >= 0 && L->conns[s->conn[p]].connected;
    if (ready) {
        /* The processor each local bot (and the arena) waits for is
         * counted from here. */
        cpuwait_own_update(&L->own);
        for (int p = 0; p < s->ref.n_players; p++) {
            struct conn *c = &L->conns[s->conn[p]];
            if (c->remote) continue;
            cpuwait_watch_start(&c->cpu, c->proc.pid);
            c->own_mark_ns = L->own.waited_ns;
        }
        referee_start(&s->ref, now);
    }
    for (int p = 0; p < s->ref.n_players && full && s->ref.state != REFEREE_DONE; p++)
        if (s->conn[p] >= 0) check_process(s, p);
    credit_starved(L, s, now);
    if (!(s->look_id == s->ref.pending_id && now < s->look_at)) referee_on_tick(&s->ref, now);
}

/* The connection a message came from, or NULL (a new peer). */
static struct conn *conn_of(struct loop *L, const struct hub_message *m)
{
    for (int i = 0; i < L->n_conns; i++) {
        struct conn *c = &L->conns[i];
        if (c->state != CONN_FREE && c->connected && c->identity_len == m->identity_len &&
            !memcmp(c->identity, m->identity, m->identity_len))
            return c;
    }
    return NULL;
}

static int loop_open(struct loop *L, struct runner *r, char *err, size_t cap)
{
    memset(L, 0, sizeof *L);
    L->r = r;
    L->n_slots = r->concurrency > 0 ? r->concurrency : 1;
    L->reuse = r->reuse < 1 ? 1 : r->reuse > RUNNER_REUSE_MAX ? RUNNER_REUSE_MAX : r->reuse;
    L->next_request_id = 1;
    L->max_connections = r->remote_max_connections > 0 ? r->remote_max_connections : RUNNER_REMOTE_MAX_CONNECTIONS;
    L->slots = calloc((size_t)L->n_slots, sizeof *L->slots);
    L->remote_refusals = calloc((size_t)r->n_remotes + 1, sizeof *L->remote_refusals);
    if (!L->slots || !L->remote_refusals) {
        snprintf(err, cap, "out of memory");
        goto fail;
    }
    char dir[1024];
    if (botlog_make_dir(r->config->log_dir, NULL, dir, sizeof dir, err, cap) < 0) goto fail;
    /* Pinned before the hub makes ZeroMQ's threads, which inherit it. */
    r->pinned_cpu = -1;
    if (r->pin == RUNNER_PIN_ON || (r->pin == RUNNER_PIN_AUTO && L->n_slots <= RUNNER_PIN_AUTO_MAX))
        r->pinned_cpu = affinity_pin_here(&L->pin);
    L->limits = r->config->limits;
    L->limits.arena_pin = L->pin;
    if (hub_open(&L->hub, NULL, err, cap) < 0) goto fail;
    cpuwait_own_start(&L->own);   /* after the hub's threads exist; none read: nothing credited */
    if ((r->keys && hub_zap(&L->hub, allow_key, L, err, cap) < 0) ||
        (r->listen && hub_bind(&L->hub, r->listen, r->curve_secret, NULL, 0, err, cap) < 0)) {
        hub_close(&L->hub);
        cpuwait_own_release(&L->own);
        goto fail;
    }
    return 0;
fail:
    affinity_restore(&L->pin);
    free(L->slots);
    free(L->remote_refusals);
    return -1;
}

static void loop_close(struct loop *L)
{
    for (int i = 0; i < L->n_conns; i++)
        if (L->conns[i].state != CONN_FREE) drop_conn(L, &L->conns[i]);
    /* The grace period once for all, not once per process; looked at
     * every millisecond, since the processes are usually gone within one
     * or two and a run is not over until they are (5 ms steps made the
     * end of `arena bench throughput`'s runs some 7 ms, now about 3). */
    while (L->n_dying) {
        sweep_dying(L, now_ms(), 0);
        if (L->n_dying) {
            struct timespec ts = { 0, 1000000L };
            nanosleep(&ts, NULL);
        }
    }
    hub_close(&L->hub);
    affinity_restore(&L->pin);   /* ZeroMQ's threads are gone; what the caller starts next is not pinned */
    cpuwait_own_release(&L->own);
    free(L->dying);
    free(L->conns);
    free(L->slots);
    free(L->remote_refusals);
}

/* Local processes started and not yet connected (no hello read yet). */
static int awaiting_hellos(const struct loop *L)
{
    int n = 0;
    for (int i = 0; i < L->n_conns; i++)
        n += L->conns[i].state != CONN_FREE && !L->conns[i].remote && !L->conns[i].connected;
    return n;
}

int runner_run(struct runner *r, char *err, size_t cap)
{
    struct loop L;
    struct hub_message m;
    int rc = -1, more = 1;
    int64_t next_sweep = 0, next_start = 0;   /* no start pass before next_start */
    r->abandoned = 0;
    r->started = 0;
    r->started_ahead = 0;
    r->answers = 0;
    r->answer_work_us = 0;
    if (loop_open(&L, r, err, cap) < 0) return -1;
    r->loop = &L;
    for (;;) {
        /* Slots are started for at most START_PASS_MS at a time, each
         * with its own clock, and with at most HELLOS_PENDING_MAX
         * processes started and not yet heard from; a pass cut short
         * waits as long again while messages are read. So with hundreds
         * of parties in flight processes start as fast as the machine
         * brings them up, and each hello is read before its handshake
         * deadline, not after every process of the run was started. */
        int busy = 0;
        int64_t now = now_ms();
        int deferred = now < next_start;
        if (!deferred) {
            int64_t pass_end = now + START_PASS_MS;
            next_start = 0;
            int began = 0;
            for (int i = 0; i < L.n_slots && !deferred; i++) {
                struct slot *s = &L.slots[i];
                if (s->busy || !more || (r->stop && *r->stop)) continue;
                int64_t at = now_ms();
                if (at >= pass_end || awaiting_hellos(&L) >= HELLOS_PENDING_MAX) {
                    deferred = 1;
                    next_start = at + START_PASS_MS;
                    break;
                }
                int got_job = r->next_job(r->ctx, &s->job);
                if (got_job && start_slot(&L, s, at, err, cap) < 0) goto out;
                if (!got_job && !r->endless) more = 0;
                began += got_job;
            }
            /* Every place taken: the next partie's processes start while
             * these are played (peek_job). */
            int all_busy = 1;
            for (int i = 0; i < L.n_slots; i++) all_busy &= L.slots[i].busy;
            struct runner_job ahead;
            if (began && all_busy && more && !deferred && r->peek_job && !(r->stop && *r->stop) &&
                awaiting_hellos(&L) < HELLOS_PENDING_MAX && r->peek_job(r->ctx, &ahead) &&
                start_ahead(&L, &ahead, now_ms(), err, cap) < 0)
                goto out;
            now = now_ms();
        }
        for (int i = 0; i < L.n_slots; i++) busy += L.slots[i].busy;
        if (!busy && !deferred && !r->endless) break;
        if (r->stop && *r->stop) {
            for (int i = 0; i < L.n_slots; i++)
                if (L.slots[i].busy) {
                    release_slot(&L, &L.slots[i], 0);
                    referee_release(&L.slots[i].ref);
                    r->abandoned++;
                }
            break;
        }
        /* A slot with something to do (just started on connected
         * processes, or a hello arrived) must not wait for a message. */
        int64_t nearest = deferred && next_start < now + 50 ? next_start : now + 50;
        for (int i = 0; i < L.n_slots; i++) {
            if (!L.slots[i].busy) continue;
            if (L.slots[i].touched) nearest = now;
            else if (deadline_of(&L.slots[i]) < nearest) nearest = deadline_of(&L.slots[i]);
        }
        /* Every message already queued is taken before any deadline is
         * judged (up to one a connection and more: a bot that keeps
         * talking cannot hold the others' deadlines off), so that a
         * backlog in the arena is never charged to a bot whose answer
         * sits in it. */
        int got = hub_recv(&L.hub, &m, nearest > now ? (int)(nearest - now) : 0);
        int batch = 0;
        double arrived_us = 0;
        while (got == 1) {
            now = now_ms();
            if (m.closed) {
                connection_closed(&L, m.fd);
            } else {
                struct conn *c = conn_of(&L, &m);
                if (!c) {
                    if (m.data) greet(&L, &m, now);
                } else if (c->state == CONN_BUSY && L.slots[c->slot].ref.started) {
                    struct slot *s = &L.slots[c->slot];
                    if (arrived_us == 0) arrived_us = now_us();
                    receive(s, c->player, &m, now);
                    s->touched = 1;
                    r->answers++;
                } else {
                    /* Idle, or waiting for its partie to start. */
                    receive_idle(&L, c, &m);
                }
                hub_message_release(&m);
            }
            if (++batch > L.n_conns + 16) break;
            got = hub_recv(&L.hub, &m, 0);
        }
        now = now_ms();
        /* Every slot is looked at when its deadline passed, when a message
         * touched it, and in a sweep every SWEEP_MS (processes, handshakes,
         * remote bots); otherwise one message costs O(1), not O(slots). */
        int full = now >= next_sweep || batch == 0;
        if (full) next_sweep = now + SWEEP_MS;
        for (int i = 0; i < L.n_slots; i++) {
            struct slot *s = &L.slots[i];
            if (!s->busy) continue;
            if (!full && !s->touched && deadline_of(s) > now) continue;
            s->touched = 0;
            advance(&L, s, now, full);
            if (s->ref.state == REFEREE_DONE) {
                release_slot(&L, s, 1);
                r->done(r->ctx, &s->job, &s->ref);
                referee_release(&s->ref);
            }
        }
        if (arrived_us > 0) r->answer_work_us += now_us() - arrived_us;   /* the batch's answers, to their next requests */
        if (full) {
            /* Idle processes that died are forgotten (and reaped). */
            for (int i = 0; i < L.n_conns; i++)
                if ((L.conns[i].state == CONN_IDLE || L.conns[i].state == CONN_WARM) &&
                    (L.conns[i].remote ? retired(&L, &L.conns[i]) : !botproc_alive(&L.conns[i].proc)))
                    drop_conn(&L, &L.conns[i]);
            sweep_dying(&L, now, 0);
        }
    }
    rc = 0;
out:
    for (int i = 0; i < L.n_slots; i++)
        if (L.slots[i].busy) {
            release_slot(&L, &L.slots[i], 0);
            referee_release(&L.slots[i].ref);
        }
    loop_close(&L);
    r->loop = NULL;
    return rc;
}

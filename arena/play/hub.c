/* hub.c - the ROUTER socket (hub.h). Every zmq call's return is checked;
 * hub_open releases what it made through one exit path. Disconnections go
 * before any frame read after them (see hub_recv), and cuts are a fixed
 * array.
 *
 * Waiting costs as few system calls as ZeroMQ allows, since at a few tens
 * of microseconds a decision they were a good part of the arena's work
 * (zmq_poll made about ten per message, each socket's state asked twice
 * around one poll()): a frame is read with ZMQ_DONTWAIT first, which costs
 * no system call when one is queued; only when none is does hub_recv wait,
 * in one poll() over the sockets' ZMQ_FD descriptors. A ZMQ_FD announces
 * only what came after its socket was last found empty, so the ROUTER is
 * waited on only right after a read found nothing, and the monitor's
 * descriptor is trusted only once the monitor was read to empty
 * (monitor_unread).
 */
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zmq.h>
#include "arena/play/hub.h"

static const char monitor_endpoint[] = "inproc://hub-monitor";
static const char zap_endpoint[] = "inproc://zeromq.zap.01";   /* RFC 27's, fixed by libzmq */

static int set_int(void *socket, int option, int value)
{
    return zmq_setsockopt(socket, option, &value, sizeof value);
}

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int hub_open(struct hub *self, const char *endpoint, char *err, size_t cap)
{
    int64_t hard = HUB_HARD_LIMIT;
    size_t len = sizeof self->endpoint;
    memset(self, 0, sizeof *self);
    if (!endpoint) {
        /* The socket lives in a directory of its own (0700), so that only
         * the arena's user, and the sandboxes it binds the socket into,
         * can reach it. */
        const char *dir = getenv("TMPDIR");
        snprintf(self->ipc_dir, sizeof self->ipc_dir, "%.400s/piquet-arena-XXXXXX", dir && *dir ? dir : "/tmp");
        if (!mkdtemp(self->ipc_dir)) {
            snprintf(err, cap, "cannot make a directory for the socket in '%s': %s", dir && *dir ? dir : "/tmp",
                     strerror(errno));
            self->ipc_dir[0] = '\0';
            return -1;
        }
        snprintf(self->ipc_path, sizeof self->ipc_path, "%s/arena.sock", self->ipc_dir);
        snprintf(self->endpoint, sizeof self->endpoint, "ipc://%.490s", self->ipc_path);
        endpoint = self->endpoint;
    }
    self->context = zmq_ctx_new();
    if (!self->context) {
        snprintf(err, cap, "cannot create a zmq context: %s", zmq_strerror(errno));
        goto fail;
    }
    self->router = zmq_socket(self->context, ZMQ_ROUTER);
    if (!self->router) {
        snprintf(err, cap, "cannot create a ROUTER socket: %s", zmq_strerror(errno));
        goto fail;
    }
    if (set_int(self->router, ZMQ_LINGER, 0) || set_int(self->router, ZMQ_ROUTER_MANDATORY, 1) ||
        zmq_setsockopt(self->router, ZMQ_MAXMSGSIZE, &hard, sizeof hard) ||
        set_int(self->router, ZMQ_HEARTBEAT_IVL, 1000) || set_int(self->router, ZMQ_HEARTBEAT_TTL, 5000) ||
        set_int(self->router, ZMQ_HEARTBEAT_TIMEOUT, 5000) || set_int(self->router, ZMQ_BACKLOG, HUB_BACKLOG)) {
        snprintf(err, cap, "cannot set socket options: %s", zmq_strerror(errno));
        goto fail;
    }
    /* Before the bind, so that no connection goes unwatched; the PAIR's
     * queue has no limit, as a full one would block libzmq's I/O thread. */
    if (zmq_socket_monitor(self->router, monitor_endpoint, ZMQ_EVENT_DISCONNECTED) ||
        !(self->monitor = zmq_socket(self->context, ZMQ_PAIR)) || set_int(self->monitor, ZMQ_LINGER, 0) ||
        set_int(self->monitor, ZMQ_RCVHWM, 0) || zmq_connect(self->monitor, monitor_endpoint)) {
        snprintf(err, cap, "cannot watch the ROUTER socket: %s", zmq_strerror(errno));
        goto fail;
    }
    size_t fd_len = sizeof self->router_fd;
    self->zap_fd = -1;
    self->monitor_unread = 1;   /* nothing read yet: its descriptor says nothing until then */
    if (zmq_getsockopt(self->router, ZMQ_FD, &self->router_fd, &fd_len) ||
        (fd_len = sizeof self->monitor_fd, zmq_getsockopt(self->monitor, ZMQ_FD, &self->monitor_fd, &fd_len))) {
        snprintf(err, cap, "cannot read the sockets' descriptors: %s", zmq_strerror(errno));
        goto fail;
    }
    if (zmq_bind(self->router, endpoint)) {
        snprintf(err, cap, "cannot bind '%s': %s", endpoint, zmq_strerror(errno));
        goto fail;
    }
    if (zmq_getsockopt(self->router, ZMQ_LAST_ENDPOINT, self->endpoint, &len)) {
        snprintf(err, cap, "cannot read the bound endpoint: %s", zmq_strerror(errno));
        goto fail;
    }
    /* Sandboxed bots may run under other uids (sandbox.h); the directory
     * keeps everyone else out. */
    if (self->ipc_path[0] && chmod(self->ipc_path, 0666) < 0) {
        snprintf(err, cap, "cannot open the socket '%s' to the bots: %s", self->ipc_path, strerror(errno));
        goto fail;
    }
    return 0;
fail:
    hub_close(self);
    return -1;
}

int hub_bind(struct hub *self, const char *endpoint, const char *curve_secret, char *out, size_t out_cap, char *err,
             size_t cap)
{
    size_t len = out_cap;
    int on = 1, off = 0;
    if (curve_secret && (zmq_setsockopt(self->router, ZMQ_CURVE_SERVER, &on, sizeof on) ||
                         zmq_setsockopt(self->router, ZMQ_CURVE_SECRETKEY, curve_secret, strlen(curve_secret)))) {
        snprintf(err, cap, "cannot set the CURVE key: %s", zmq_strerror(errno));
        return -1;
    }
    int rc = zmq_bind(self->router, endpoint);
    int bind_errno = errno;
    /* Back to no security for whatever is bound after. */
    if (curve_secret) zmq_setsockopt(self->router, ZMQ_CURVE_SERVER, &off, sizeof off);
    if (rc) {
        snprintf(err, cap, "cannot bind '%s': %s", endpoint, zmq_strerror(bind_errno));
        return -1;
    }
    if (out && zmq_getsockopt(self->router, ZMQ_LAST_ENDPOINT, out, &len)) {
        snprintf(err, cap, "cannot read the bound endpoint: %s", zmq_strerror(errno));
        return -1;
    }
    return 0;
}

static void drain(void *socket);

int hub_zap(struct hub *self, hub_allow_fn allow, void *ctx, char *err, size_t cap)
{
    size_t fd_len = sizeof self->zap_fd;
    self->zap = zmq_socket(self->context, ZMQ_REP);
    if (!self->zap || set_int(self->zap, ZMQ_LINGER, 0) || zmq_bind(self->zap, zap_endpoint) ||
        zmq_getsockopt(self->zap, ZMQ_FD, &self->zap_fd, &fd_len)) {
        snprintf(err, cap, "cannot start the ZAP handler: %s", zmq_strerror(errno));
        if (self->zap) zmq_close(self->zap);
        self->zap = NULL;
        self->zap_fd = -1;
        return -1;
    }
    self->allow = allow;
    self->allow_ctx = ctx;
    return 0;
}

/* Answers one ZAP request (RFC 27): version, request id, domain, address,
 * identity, mechanism, then the mechanism's credentials (CURVE: the
 * client's 32-byte public key). Anything else is refused with 400. */
static void answer_zap(struct hub *self)
{
    enum { PARTS = 7 };
    zmq_msg_t part[PARTS + 1];
    int n = 0, more = 1;
    while (more && n <= PARTS) {
        zmq_msg_init(&part[n]);
        if (zmq_msg_recv(&part[n], self->zap, ZMQ_DONTWAIT) < 0) {
            zmq_msg_close(&part[n]);
            break;
        }
        more = zmq_msg_more(&part[n]);
        n++;
    }
    if (more) drain(self->zap);
    char status[4] = "400", user_id[HUB_USER_ID] = "", key[41];
    const char *text = "this key is not registered here";
    if (n == PARTS && zmq_msg_size(&part[0]) == 3 && !memcmp(zmq_msg_data(&part[0]), "1.0", 3) &&
        zmq_msg_size(&part[5]) == 5 && !memcmp(zmq_msg_data(&part[5]), "CURVE", 5) && zmq_msg_size(&part[6]) == 32 &&
        zmq_z85_encode(key, zmq_msg_data(&part[6]), 32)) {
        if (self->allow(self->allow_ctx, key, user_id)) {
            memcpy(status, "200", 4);
            text = "OK";
        }
    } else {
        text = "not a CURVE handshake of ZAP 1.0";
    }
    if (status[0] != '2') self->zap_refused++;
    user_id[HUB_USER_ID - 1] = '\0';
    /* The reply: version, request id, status code and text, user id, metadata. */
    const char *frames[6] = { "1.0", NULL, status, text, status[0] == '2' ? user_id : "", "" };
    for (int i = 0; i < 6; i++) {
        int flags = i < 5 ? ZMQ_SNDMORE : 0;
        if (i == 1) zmq_send(self->zap, n > 1 ? zmq_msg_data(&part[1]) : "", n > 1 ? zmq_msg_size(&part[1]) : 0, flags);
        else zmq_send(self->zap, frames[i], strlen(frames[i]), flags);
    }
    for (int i = 0; i < n; i++) zmq_msg_close(&part[i]);
}

/* Receives the rest of a multipart message and throws it away. */
static void drain(void *socket)
{
    int more = 1;
    while (more) {
        zmq_msg_t part;
        zmq_msg_init(&part);
        if (zmq_msg_recv(&part, socket, ZMQ_DONTWAIT) < 0) {
            zmq_msg_close(&part);
            return;
        }
        more = zmq_msg_more(&part);
        zmq_msg_close(&part);
    }
}

/* Ends the connections whose time came. */
static void run_cuts(struct hub *self, int64_t now)
{
    for (int i = 0; i < self->n_cuts;) {
        struct hub_cut *c = &self->cuts[i];
        struct stat st;
        if (c->due > now) {
            i++;
            continue;
        }
        /* The same socket still (libzmq may have closed it and the number
         * gone to another): shutting it down makes libzmq close it. */
        if (fstat(c->fd, &st) == 0 && (unsigned long long)st.st_dev == c->dev && (unsigned long long)st.st_ino == c->ino)
            shutdown(c->fd, SHUT_RDWR);
        *c = self->cuts[--self->n_cuts];
    }
}

void hub_cut(struct hub *self, int fd)
{
    struct stat st;
    if (fd < 0 || fstat(fd, &st) < 0 || !S_ISSOCK(st.st_mode)) return;
    for (int i = 0; i < self->n_cuts; i++)
        if (self->cuts[i].fd == fd && self->cuts[i].dev == (unsigned long long)st.st_dev &&
            self->cuts[i].ino == (unsigned long long)st.st_ino)
            return;   /* already due */
    if (self->n_cuts == HUB_MAX_CUTS) {
        int oldest = 0;
        for (int i = 1; i < self->n_cuts; i++)
            if (self->cuts[i].due < self->cuts[oldest].due) oldest = i;
        self->cuts[oldest].due = 0;
        run_cuts(self, 0);
    }
    self->cuts[self->n_cuts++] = (struct hub_cut){ fd, (unsigned long long)st.st_dev, (unsigned long long)st.st_ino,
                                                   now_ms() + HUB_CUT_MS };
}

/* libzmq frees a closed connection's buffers (some 20 kB) in its own
 * thread, and glibc keeps what it freed; after a flood of connections the
 * arena would stay as big as at its peak. Once things are quiet again (a
 * poll that timed out) after many closings, the freed memory goes back to
 * the system, and again HUB_RETRIMS times HUB_RETRIM_MS apart for what
 * libzmq's threads freed after the closings were reported (on a busy
 * machine the arena once stayed 23 MB bigger after a flood). */
static void trim(struct hub *self)
{
#ifdef __GLIBC__
    malloc_trim(0);
#endif
    self->closed_since_trim = 0;
}

static void trim_when_due(struct hub *self)
{
    int64_t now = now_ms();
    if (self->closed_since_trim >= HUB_TRIM_AFTER) {
        trim(self);
        self->retrims = HUB_RETRIMS;
    } else if (self->retrims > 0 && now >= self->retrim_at) {
        trim(self);
        self->retrims--;
    } else {
        return;
    }
    self->retrim_at = now + HUB_RETRIM_MS;
}

/* One monitor event: 1 with *out a closed notice, 0 for another event,
 * -1 when nothing could be read. */
static int read_event(struct hub *self, struct hub_message *out)
{
    zmq_msg_t event, address;
    uint16_t kind = 0;
    uint32_t value = 0;
    zmq_msg_init(&event);
    zmq_msg_init(&address);
    int rc = zmq_msg_recv(&event, self->monitor, ZMQ_DONTWAIT) < 0 ? -1 : 0;
    if (rc == 0 && zmq_msg_more(&event) && zmq_msg_recv(&address, self->monitor, ZMQ_DONTWAIT) < 0) rc = -1;
    if (rc == 0 && zmq_msg_size(&event) >= 6) {
        memcpy(&kind, zmq_msg_data(&event), sizeof kind);
        memcpy(&value, (const char *)zmq_msg_data(&event) + 2, sizeof value);
    }
    zmq_msg_close(&event);
    zmq_msg_close(&address);
    if (rc < 0 || kind != ZMQ_EVENT_DISCONNECTED) return rc;
    out->closed = 1;
    out->fd = (int)value;
    self->closed_since_trim++;
    /* The descriptor is free now: a cut pending on it is void. */
    for (int i = 0; i < self->n_cuts;)
        if (self->cuts[i].fd == out->fd) self->cuts[i] = self->cuts[--self->n_cuts];
        else i++;
    return 1;
}

/* The monitor's next closed notice: 1 with *out filled (more may follow),
 * 0 when it holds no more (its descriptor will announce the next). */
static int read_closed(struct hub *self, struct hub_message *out)
{
    for (;;) {
        int got = read_event(self, out);
        if (got == 1) return 1;
        if (got < 0) {
            self->monitor_unread = 0;
            return 0;
        }
    }
}

/* Whether descriptor fd is readable now (a poll() that does not wait). */
static int readable_now(int fd)
{
    struct pollfd p = { fd, POLLIN, 0 };
    return poll(&p, 1, 0) > 0;
}

/* Answers the ZAP requests queued (a bounded number, so that a socket
 * that keeps saying it is readable cannot hold the loop). */
static void answer_zaps(struct hub *self)
{
    int events = 0;
    size_t len = sizeof events;
    for (int i = 0; i < 64 && zmq_getsockopt(self->zap, ZMQ_EVENTS, &events, &len) == 0 && (events & ZMQ_POLLIN); i++)
        answer_zap(self);
}

/* One frame from the ROUTER without waiting: 1 with *out filled, 0 when
 * none is queued, -1 on error. */
static int read_frame(struct hub *self, struct hub_message *out)
{
    zmq_msg_t identity, frame;
    zmq_msg_init(&identity);
    if (zmq_msg_recv(&identity, self->router, ZMQ_DONTWAIT) < 0) {
        zmq_msg_close(&identity);
        return errno == EAGAIN ? 0 : -1;
    }
    out->identity_len = zmq_msg_size(&identity) < HUB_MAX_IDENTITY ? zmq_msg_size(&identity) : HUB_MAX_IDENTITY;
    memcpy(out->identity, zmq_msg_data(&identity), out->identity_len);
    zmq_msg_init(&frame);
    if (zmq_msg_recv(&frame, self->router, ZMQ_DONTWAIT) < 0) {
        /* An identity without a frame: a peer sent an empty message. */
        out->fd = zmq_msg_get(&identity, ZMQ_SRCFD);
        zmq_msg_close(&identity);
        zmq_msg_close(&frame);
        out->data = malloc(1);
        return out->data ? 1 : -1;
    }
    /* libzmq puts the descriptor on the frames the peer sent, not always
     * on the identity the ROUTER adds; the identity's is asked only when
     * the frame has none (each ask is a lookup in the frame's metadata,
     * some 400 instructions, on the way from an answer to the next request). */
    out->fd = zmq_msg_get(&frame, ZMQ_SRCFD);
    if (out->fd < 0) out->fd = zmq_msg_get(&identity, ZMQ_SRCFD);
    zmq_msg_close(&identity);
    const char *user_id = self->zap ? zmq_msg_gets(&frame, "User-Id") : NULL;
    if (user_id) snprintf(out->user_id, sizeof out->user_id, "%s", user_id);
    size_t len = zmq_msg_size(&frame);
    out->multipart = zmq_msg_more(&frame);
    if (out->multipart) drain(self->router);
    if (len > HUB_MAX_FRAME) {
        out->oversized = 1;
        out->len = len;
    } else {
        out->data = malloc(len ? len : 1);
        if (!out->data) {
            zmq_msg_close(&frame);
            return -1;
        }
        memcpy(out->data, zmq_msg_data(&frame), len);
        out->len = len;
    }
    zmq_msg_close(&frame);
    return 1;
}

static void clear_message(struct hub_message *m)
{
    memset(m, 0, sizeof *m);
    m->fd = -1;
}

int hub_recv(struct hub *self, struct hub_message *out, int timeout_ms)
{
    clear_message(out);
    int64_t now = now_ms();
    run_cuts(self, now);
    for (int i = 0; i < self->n_cuts; i++) {
        int64_t wait = self->cuts[i].due > now ? self->cuts[i].due - now : 0;
        if (timeout_ms < 0 || wait < timeout_ms) timeout_ms = (int)wait;
    }
    int64_t until = timeout_ms < 0 ? -1 : now + timeout_ms;
    for (;;) {
        if (self->zap) answer_zaps(self);
        /* A frame held back: the monitor's closings read since go first. */
        if (self->held) {
            if (self->monitor_unread && read_closed(self, out)) return 1;
            *out = self->held_message;
            self->held = 0;
            clear_message(&self->held_message);
            return 1;
        }
        int got = read_frame(self, out);
        if (got < 0) return -1;
        if (got == 1) {
            /* A disconnection the monitor holds by now happened before this
             * frame arrived (a descriptor is reused only after its closing
             * was reported): it is delivered first, the frame kept. */
            if (!self->monitor_unread && readable_now(self->monitor_fd)) self->monitor_unread = 1;
            struct hub_message closed;
            clear_message(&closed);
            if (self->monitor_unread && read_closed(self, &closed)) {
                self->held_message = *out;
                self->held = 1;
                *out = closed;
            }
            return 1;
        }
        if (self->monitor_unread && read_closed(self, out)) return 1;
        /* Nothing queued and no wait asked for: the caller only drains
         * (the runner, after each batch). A closing the monitor holds is
         * delivered at the next wait, or before the next frame read. */
        if (until >= 0 && until <= now) break;
        /* Nothing queued: wait on the descriptors. */
        struct pollfd fds[3] = { { self->router_fd, POLLIN, 0 }, { self->monitor_fd, POLLIN, 0 },
                                 { self->zap_fd, POLLIN, 0 } };
        int64_t left = until < 0 ? -1 : until - now_ms();
        int ready = poll(fds, self->zap ? 3 : 2, until < 0 ? -1 : left > 0 ? (int)left : 0);
        if (ready < 0) return -1;
        if (ready == 0) break;
        if (fds[1].revents) self->monitor_unread = 1;
    }
    trim_when_due(self);
    return 0;
}

void hub_message_release(struct hub_message *self)
{
    free(self->data);
    self->data = NULL;
}

int hub_send(struct hub *self, const uint8_t *identity, size_t identity_len, const char *data, size_t len)
{
    if (zmq_send(self->router, identity, identity_len, ZMQ_SNDMORE | ZMQ_DONTWAIT) < 0) return -1;
    if (zmq_send(self->router, data, len, ZMQ_DONTWAIT) < 0) return -1;
    return 0;
}

void hub_close(struct hub *self)
{
    /* The monitor stops first: events of the connections the close ends
     * would otherwise wait, never read, in a pipe no one frees. */
    if (self->router && self->monitor) zmq_socket_monitor(self->router, NULL, 0);
    if (self->monitor) zmq_close(self->monitor);
    if (self->zap) zmq_close(self->zap);
    self->zap = NULL;
    if (self->router) zmq_close(self->router);
    if (self->context) zmq_ctx_term(self->context);
    if (self->ipc_path[0]) unlink(self->ipc_path);
    if (self->ipc_dir[0]) rmdir(self->ipc_dir);
    self->ipc_dir[0] = '\0';
    self->router = self->context = self->monitor = NULL;
    self->n_cuts = 0;
    if (self->held) hub_message_release(&self->held_message);
    self->held = 0;
    self->ipc_path[0] = '\0';
}

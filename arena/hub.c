/* hub.c - the ROUTER socket (hub.h). Every zmq call's return is checked;
 * hub_open releases what it made through one exit path.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zmq.h>
#include "arena/hub.h"

static int set_int(void *socket, int option, int value)
{
    return zmq_setsockopt(socket, option, &value, sizeof value);
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
        set_int(self->router, ZMQ_HEARTBEAT_TIMEOUT, 5000)) {
        snprintf(err, cap, "cannot set socket options: %s", zmq_strerror(errno));
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

int hub_bind(struct hub *self, const char *endpoint, char *out, size_t out_cap, char *err, size_t cap)
{
    size_t len = out_cap;
    if (zmq_bind(self->router, endpoint)) {
        snprintf(err, cap, "cannot bind '%s': %s", endpoint, zmq_strerror(errno));
        return -1;
    }
    if (out && zmq_getsockopt(self->router, ZMQ_LAST_ENDPOINT, out, &len)) {
        snprintf(err, cap, "cannot read the bound endpoint: %s", zmq_strerror(errno));
        return -1;
    }
    return 0;
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

int hub_recv(struct hub *self, struct hub_message *out, int timeout_ms)
{
    zmq_pollitem_t item = { self->router, 0, ZMQ_POLLIN, 0 };
    zmq_msg_t identity, frame;
    memset(out, 0, sizeof *out);
    int ready = zmq_poll(&item, 1, timeout_ms);
    if (ready <= 0) return ready;
    zmq_msg_init(&identity);
    if (zmq_msg_recv(&identity, self->router, ZMQ_DONTWAIT) < 0) {
        zmq_msg_close(&identity);
        return errno == EAGAIN ? 0 : -1;
    }
    out->identity_len = zmq_msg_size(&identity) < HUB_MAX_IDENTITY ? zmq_msg_size(&identity) : HUB_MAX_IDENTITY;
    memcpy(out->identity, zmq_msg_data(&identity), out->identity_len);
    zmq_msg_close(&identity);
    zmq_msg_init(&frame);
    if (zmq_msg_recv(&frame, self->router, ZMQ_DONTWAIT) < 0) {
        /* An identity without a frame: a peer sent an empty message. */
        zmq_msg_close(&frame);
        out->data = malloc(1);
        return out->data ? 1 : -1;
    }
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
    if (self->router) zmq_close(self->router);
    if (self->context) zmq_ctx_term(self->context);
    if (self->ipc_path[0]) unlink(self->ipc_path);
    if (self->ipc_dir[0]) rmdir(self->ipc_dir);
    self->ipc_dir[0] = '\0';
    self->router = self->context = NULL;
    self->ipc_path[0] = '\0';
}

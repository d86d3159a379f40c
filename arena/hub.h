/* hub.h - the arena's one ROUTER socket that every bot's DEALER connects
 * to (docs/design.md "Protocol"). It moves frames and knows nothing of their
 * content.
 *
 * Options set on open: ZMQ_LINGER 0; ZMQ_ROUTER_MANDATORY (a send to a
 * peer that left fails instead of vanishing); ZMQ_MAXMSGSIZE of
 * HUB_HARD_LIMIT (a peer sending more is disconnected before the arena
 * allocates it); heartbeats every second, a peer silent for 5 s is dropped.
 * Frames above HUB_MAX_FRAME and multipart messages are delivered flagged
 * so the referee can record a protocol fault.
 */
#ifndef ARENA_HUB_H
#define ARENA_HUB_H

#include <stddef.h>
#include <stdint.h>

enum {
    HUB_MAX_FRAME = 65536,        /* the protocol's frame cap */
    HUB_HARD_LIMIT = 1 << 20,     /* above this zmq drops the peer */
    HUB_MAX_IDENTITY = 255
};

struct hub {
    void *context;                /* zmq context, owned */
    void *router;                 /* ROUTER socket, owned */
    char endpoint[512];           /* the bound endpoint, as bots must connect */
    char ipc_path[512];           /* socket file to remove on close, or "" */
    char ipc_dir[480];            /* its private directory (0700), or "" */
};

struct hub_message {
    uint8_t identity[HUB_MAX_IDENTITY];
    size_t identity_len;
    char *data;                   /* frame bytes, not NUL-terminated; owned
                                     by the message (hub_message_release) */
    size_t len;
    int oversized;                /* frame above HUB_MAX_FRAME (data NULL) */
    int multipart;                /* the peer sent more than one frame */
};

/* Binds the ROUTER. endpoint NULL: a fresh ipc:// socket in a private
 * directory (0700) made in $TMPDIR (or /tmp). "tcp://HOST:0" binds a free port; self->endpoint says which.
 * Returns 0, or -1 with the reason in err. */
int hub_open(struct hub *self, const char *endpoint, char *err, size_t cap);

/* Binds one more endpoint (tcp:// for bots on other machines); the one
 * bound, as peers must connect, goes to out when out is not NULL. Returns
 * 0, or -1 with the reason in err. */
int hub_bind(struct hub *self, const char *endpoint, char *out, size_t out_cap, char *err, size_t cap);

/* Waits up to timeout_ms (-1: forever) for one message. Returns 1 with
 * *out filled, 0 on timeout, -1 on error (EINTR included: a signal came). */
int hub_recv(struct hub *self, struct hub_message *out, int timeout_ms);

/* Frees the message's data. */
void hub_message_release(struct hub_message *self);

/* Sends one frame to a peer. Returns 0, or -1 when the peer is gone or the
 * send failed. */
int hub_send(struct hub *self, const uint8_t *identity, size_t identity_len,
             const char *data, size_t len);

/* Closes the socket and context and removes the ipc socket file. */
void hub_close(struct hub *self);

#endif

/* hub.h - the arena's one ROUTER socket that every bot's DEALER connects
 * to (docs/design.md "Protocol"). It moves frames and knows nothing of their
 * content.
 *
 * Options set on open: ZMQ_LINGER 0; ZMQ_ROUTER_MANDATORY (a send to a
 * peer that left fails instead of vanishing); ZMQ_BACKLOG of HUB_BACKLOG
 * (the kernel may cap it: net.core.somaxconn); ZMQ_MAXMSGSIZE of
 * HUB_HARD_LIMIT (a peer sending more is disconnected before the arena
 * allocates it); heartbeats every second, a peer silent for 5 s is dropped.
 * Frames above HUB_MAX_FRAME and multipart messages are delivered flagged
 * so the referee can record a protocol fault.
 *
 * ROUTER says nothing when a peer goes, so a socket monitor (inproc PAIR)
 * watches for ZMQ_EVENT_DISCONNECTED, which names the connection's file
 * descriptor, and every frame carries the descriptor it came from
 * (ZMQ_SRCFD): the caller matches the two. A disconnection is delivered
 * before any frame received after it, so a descriptor that libzmq closed
 * and reused for a new peer is never taken for the old one. The hub can
 * end a connection itself (hub_cut) by shutting its socket down; libzmq
 * then closes it as if the peer had left.
 */
#ifndef ARENA_PLAY_HUB_H
#define ARENA_PLAY_HUB_H

#include <stddef.h>
#include <stdint.h>

enum {
    HUB_MAX_FRAME = 65536,        /* the protocol's frame cap */
    HUB_HARD_LIMIT = 1 << 20,     /* above this zmq drops the peer */
    HUB_MAX_IDENTITY = 255,
    HUB_CUT_MS = 5000,            /* how long a cut connection keeps its last frames' chance to go out
                                     * and be read (at 1 s, a few of 2000 refusals went unread on a busy
                                     * machine: the cut's reset made the peer's kernel drop them) */
    HUB_MAX_CUTS = 4096,          /* cuts pending at once; more cut the oldest at once (a flood of
                                     * refused hellos faster than that would lose their errors) */
    HUB_TRIM_AFTER = 64,          /* closings before freed memory is given back when quiet */
    HUB_RETRIMS = 3,              /* and given back again this many times, */
    HUB_RETRIM_MS = 1000,         /* this far apart: libzmq's threads free a closed connection's
                                     * buffers after its closing is reported, later on a busy machine */
    HUB_BACKLOG = 4096            /* connections the kernel holds until libzmq accepts them (libzmq's
                                     * default, 100, overflowed in a crowd of hellos on a busy machine:
                                     * the kernel dropped the rest, whose retries waited seconds) */
};

/* A connection to end at `due`: its socket, told apart from a later one
 * on the same descriptor number by the socket's inode. */
struct hub_cut {
    int fd;
    unsigned long long dev, ino;
    int64_t due;                  /* ms, CLOCK_MONOTONIC */
};

/* Who may connect with CURVE (hub_zap): 1 and the connection's user id
 * (a bot's name, NUL-terminated, at most HUB_USER_ID - 1 bytes) for a
 * client public key (Z85) it knows, 0 to refuse it. */
typedef int (*hub_allow_fn)(void *ctx, const char *client_key, char *user_id);

enum { HUB_USER_ID = 64 };

struct hub_message {
    uint8_t identity[HUB_MAX_IDENTITY];
    size_t identity_len;
    char *data;                   /* frame bytes, not NUL-terminated; owned
                                     by the message (hub_message_release) */
    size_t len;
    int oversized;                /* frame above HUB_MAX_FRAME (data NULL) */
    int multipart;                /* the peer sent more than one frame */
    int fd;                       /* the connection's descriptor, -1 when unknown */
    char user_id[HUB_USER_ID];    /* what `allow` said of the connection's key (hub_zap);
                                     "" for connections without it */
    int closed;                   /* not a frame: the connection on `fd` closed (the
                                   * peer left, stopped answering heartbeats, or was
                                   * cut); identity empty, data NULL */
};

struct hub {
    void *context;                /* zmq context, owned */
    void *router;                 /* ROUTER socket, owned */
    void *monitor;                /* PAIR receiving the ROUTER's disconnections, owned */
    void *zap;                    /* the ZAP handler's REP socket (hub_zap), owned, or NULL */
    hub_allow_fn allow;
    void *allow_ctx;
    long zap_refused;             /* handshakes refused by `allow` */
    char endpoint[512];           /* the bound endpoint, as bots must connect */
    char ipc_path[512];           /* socket file to remove on close, or "" */
    char ipc_dir[480];            /* its private directory (0700), or "" */
    struct hub_cut cuts[HUB_MAX_CUTS];
    int n_cuts;
    int closed_since_trim;        /* closings since memory was last given back */
    int retrims;                  /* givings back still due after the last many closings */
    int64_t retrim_at;            /* the next one's time (ms, CLOCK_MONOTONIC) */
    int router_fd, monitor_fd, zap_fd;   /* their ZMQ_FD, waited on by one poll() (zap: -1 without) */
    int monitor_unread;           /* the monitor may hold events its descriptor will not announce */
    int held;                     /* a frame read before the monitor's closings, given next */
    struct hub_message held_message;
};


/* Binds the ROUTER. endpoint NULL: a fresh ipc:// socket in a private
 * directory (0700) made in $TMPDIR (or /tmp). "tcp://HOST:0" binds a free port; self->endpoint says which.
 * Returns 0, or -1 with the reason in err. */
int hub_open(struct hub *self, const char *endpoint, char *err, size_t cap);

/* Checks the key of every CURVE connection from now on (ZeroMQ's ZAP,
 * RFC 27): a handshake whose client key `allow` refuses fails, and the
 * frames of one it accepts carry its user id (hub_message.user_id).
 * Connections without CURVE (the local bots' ipc) are not asked about.
 * The requests are answered inside hub_recv, which must be called often
 * (a handshake waits for its answer). 0, or -1 with the reason in err. */
int hub_zap(struct hub *self, hub_allow_fn allow, void *ctx, char *err, size_t cap);

/* Binds one more endpoint (tcp:// for bots on other machines); the one
 * bound, as peers must connect, goes to out when out is not NULL. With
 * `curve_secret` (a CURVE secret key, Z85; protocol/curve_keys.h) every
 * connection to that endpoint is CurveZMQ, encrypted and the arena
 * authenticated by its public key; the peers' keys are not checked (a bot
 * still proves itself with its token, now never in clear). ZeroMQ takes a
 * socket's security settings when an endpoint is bound, so the endpoints
 * bound before (the local bots' ipc://) stay as they were. Returns 0, or -1
 * with the reason in err. */
int hub_bind(struct hub *self, const char *endpoint, const char *curve_secret, char *out, size_t out_cap, char *err,
             size_t cap);

/* Waits up to timeout_ms (-1: forever) for one message or one closed
 * connection, and ends the cut connections whose time came. Returns 1 with
 * *out filled, 0 on timeout (maybe early, when a cut was due), -1 on
 * error (EINTR included: a signal came). A frame already queued is taken
 * without waiting or polling; only an empty socket costs a poll(), and
 * with timeout_ms 0 not even that (a drain: a closing not yet read from
 * the monitor then comes at the next call that waits, or before the next
 * frame, never after it). */
int hub_recv(struct hub *self, struct hub_message *out, int timeout_ms);

/* Frees the message's data. */
void hub_message_release(struct hub_message *self);

/* Sends one frame to a peer. Returns 0, or -1 when the peer is gone or the
 * send failed. */
int hub_send(struct hub *self, const uint8_t *identity, size_t identity_len,
             const char *data, size_t len);

/* Ends the connection on descriptor fd (a hub_message's) HUB_CUT_MS from
 * now, so that what was just sent to it (an error) goes out first; a
 * closed notice follows. A no-op for fd < 0 or a descriptor that is no
 * socket. The hub keeps at most HUB_MAX_CUTS pending and forgets each once
 * done: a flood of refused peers costs it nothing more. */
void hub_cut(struct hub *self, int fd);

/* Closes the socket and context and removes the ipc socket file. */
void hub_close(struct hub *self);

#endif

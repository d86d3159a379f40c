/* test_hub.c - the ROUTER socket with real DEALER peers: round trips,
 * identities, the frame cap, multipart messages, a vanished peer, peers
 * that leave or are cut and the descriptor that names them.
 */
#include <criterion/criterion.h>
#include <string.h>
#include <time.h>
#include <zmq.h>
#include "arena/play/hub.h"
#include "tests/support_scratch.h"

static void *dealer(void *ctx, const char *endpoint)
{
    void *s = zmq_socket(ctx, ZMQ_DEALER);
    int zero = 0;
    cr_assert(s);
    zmq_setsockopt(s, ZMQ_LINGER, &zero, sizeof zero);
    cr_assert_eq(zmq_connect(s, endpoint), 0, "%s", zmq_strerror(zmq_errno()));
    return s;
}

Test(hub, frames_go_both_ways_and_identities_tell_peers_apart)
{
    struct hub hub;
    char err[256], want[4200];
    /* The socket's directory goes under $TMPDIR: the scratch directory. */
    snprintf(want, sizeof want, "ipc://%s/", support_scratch_dir());
    cr_assert_eq(hub_open(&hub, NULL, err, sizeof err), 0, "%s", err);
    cr_assert(strncmp(hub.endpoint, want, strlen(want)) == 0, "%s", hub.endpoint);
    void *ctx = zmq_ctx_new();
    void *a = dealer(ctx, hub.endpoint), *b = dealer(ctx, hub.endpoint);
    zmq_send(a, "from a", 6, 0);
    zmq_send(b, "from b", 6, 0);
    struct hub_message m1, m2;
    cr_assert_eq(hub_recv(&hub, &m1, 2000), 1);
    cr_assert_eq(hub_recv(&hub, &m2, 2000), 1);
    cr_assert(m1.identity_len != m2.identity_len || memcmp(m1.identity, m2.identity, m1.identity_len));
    struct hub_message *ma = !memcmp(m1.data, "from a", 6) ? &m1 : &m2;
    cr_assert_eq(ma->len, 6);
    cr_assert_eq(hub_send(&hub, ma->identity, ma->identity_len, "to a", 4), 0);
    char buf[16] = "";
    cr_assert_eq(zmq_recv(a, buf, sizeof buf, 0), 4);
    cr_assert_eq(memcmp(buf, "to a", 4), 0);
    hub_message_release(&m1);
    hub_message_release(&m2);
    cr_assert_eq(hub_recv(&hub, &m1, 10), 0, "nothing more: a timeout");
    zmq_close(a);
    zmq_close(b);
    zmq_ctx_term(ctx);
    hub_close(&hub);
}

Test(hub, oversized_and_multipart_messages_are_flagged)
{
    struct hub hub;
    char err[256];
    static char big[HUB_MAX_FRAME + 10];
    cr_assert_eq(hub_open(&hub, "tcp://127.0.0.1:0", err, sizeof err), 0, "%s", err);
    cr_assert(strncmp(hub.endpoint, "tcp://127.0.0.1:", 16) == 0, "%s", hub.endpoint);
    void *ctx = zmq_ctx_new();
    void *a = dealer(ctx, hub.endpoint);
    memset(big, 'x', sizeof big);
    zmq_send(a, big, sizeof big, 0);
    zmq_send(a, "one", 3, ZMQ_SNDMORE);
    zmq_send(a, "two", 3, 0);
    zmq_send(a, "after", 5, 0);
    struct hub_message m;
    cr_assert_eq(hub_recv(&hub, &m, 2000), 1);
    cr_assert(m.oversized);
    cr_assert_null(m.data);
    cr_assert_eq(hub_recv(&hub, &m, 2000), 1);
    cr_assert(m.multipart);
    hub_message_release(&m);
    cr_assert_eq(hub_recv(&hub, &m, 2000), 1);
    cr_assert_eq(m.len, 5, "the next message is intact after a multipart one");
    cr_assert_eq(memcmp(m.data, "after", 5), 0);
    hub_message_release(&m);
    zmq_close(a);
    zmq_ctx_term(ctx);
    hub_close(&hub);
}

Test(hub, sending_to_a_peer_that_never_was_fails)
{
    struct hub hub;
    char err[256];
    support_scratch_dir();   /* for the socket's directory */
    cr_assert_eq(hub_open(&hub, NULL, err, sizeof err), 0, "%s", err);
    cr_assert_eq(hub_send(&hub, (const uint8_t *)"ghost", 5, "x", 1), -1);
    hub_close(&hub);
}

Test(hub, binding_a_taken_address_says_which)
{
    struct hub a, b;
    char err[256];
    cr_assert_eq(hub_open(&a, "tcp://127.0.0.1:0", err, sizeof err), 0, "%s", err);
    cr_assert_eq(hub_open(&b, a.endpoint, err, sizeof err), -1);
    cr_assert(strstr(err, "cannot bind 'tcp://127.0.0.1:"), "%s", err);
    cr_assert(strstr(err, "Address already in use"), "%s", err);
    hub_close(&a);
}

/* Waits for the notice that the connection on fd closed, skipping frames. */
static int wait_closed(struct hub *hub, int fd, int timeout_ms)
{
    struct hub_message m;
    for (int waited = 0; waited < timeout_ms; waited += 50) {
        int got = hub_recv(hub, &m, 50);
        if (got == 1 && m.closed && m.fd == fd) return 1;
        if (got == 1) hub_message_release(&m);
    }
    return 0;
}

Test(hub, a_peer_that_leaves_is_reported_by_the_descriptor_its_frames_came_from)
{
    struct hub hub;
    struct hub_message m;
    char err[256];
    cr_assert_eq(hub_open(&hub, "tcp://127.0.0.1:0", err, sizeof err), 0, "%s", err);
    void *ctx = zmq_ctx_new();
    void *a = dealer(ctx, hub.endpoint), *b = dealer(ctx, hub.endpoint);
    zmq_send(a, "a", 1, 0);
    zmq_send(b, "b", 1, 0);
    int fd[2] = { -1, -1 };
    for (int i = 0; i < 2; i++) {
        cr_assert_eq(hub_recv(&hub, &m, 2000), 1);
        cr_assert_not(m.closed);
        cr_assert_geq(m.fd, 0, "a frame names its connection");
        fd[m.data[0] == 'b'] = m.fd;
        hub_message_release(&m);
    }
    cr_assert_neq(fd[0], fd[1]);
    zmq_close(a);
    cr_assert(wait_closed(&hub, fd[0], 2000), "no notice that the peer left");
    zmq_send(b, "still", 5, 0);
    cr_assert_eq(hub_recv(&hub, &m, 2000), 1);
    cr_assert_eq(m.fd, fd[1], "the other peer is untouched");
    hub_message_release(&m);
    zmq_close(b);
    zmq_ctx_term(ctx);
    hub_close(&hub);
}

Test(hub, a_cut_connection_gets_its_last_frame_then_is_closed)
{
    struct hub hub;
    struct hub_message m;
    char err[256], buf[16];
    cr_assert_eq(hub_open(&hub, "tcp://127.0.0.1:0", err, sizeof err), 0, "%s", err);
    void *ctx = zmq_ctx_new();
    void *a = dealer(ctx, hub.endpoint);
    int never = -1;
    zmq_setsockopt(a, ZMQ_RECONNECT_IVL, &never, sizeof never);
    zmq_send(a, "hello", 5, 0);
    cr_assert_eq(hub_recv(&hub, &m, 2000), 1);
    cr_assert_eq(hub_send(&hub, m.identity, m.identity_len, "go away", 7), 0);
    hub_cut(&hub, m.fd);
    hub_cut(&hub, -1);
    cr_assert(wait_closed(&hub, m.fd, HUB_CUT_MS + 2000), "the cut connection was not closed");
    cr_assert_eq(hub.n_cuts, 0, "nothing is kept of it");
    cr_assert_eq(zmq_recv(a, buf, sizeof buf, 0), 7, "the last frame went out before the cut");
    hub_message_release(&m);
    zmq_close(a);
    zmq_ctx_term(ctx);
    hub_close(&hub);
}

Test(hub, a_closing_reported_while_a_later_frame_waits_comes_first_and_the_frame_after_it)
{
    struct hub hub;
    struct hub_message m;
    char err[256];
    cr_assert_eq(hub_open(&hub, "tcp://127.0.0.1:0", err, sizeof err), 0, "%s", err);
    void *ctx = zmq_ctx_new();
    void *a = dealer(ctx, hub.endpoint);
    zmq_send(a, "a", 1, 0);
    cr_assert_eq(hub_recv(&hub, &m, 2000), 1);
    int fd_a = m.fd;
    hub_message_release(&m);
    /* a leaves and b's frame arrives while nobody reads: both wait in the
     * hub, b's frame queued after a's closing (its descriptor may even be
     * a's number again). */
    zmq_close(a);
    struct timespec pause = { 0, 300 * 1000000L };
    nanosleep(&pause, NULL);
    void *b = dealer(ctx, hub.endpoint);
    zmq_send(b, "b", 1, 0);
    nanosleep(&pause, NULL);
    cr_assert_eq(hub_recv(&hub, &m, 2000), 1);
    cr_assert(m.closed, "the closing first");
    cr_assert_eq(m.fd, fd_a);
    cr_assert_eq(hub_recv(&hub, &m, 2000), 1);
    cr_assert_not(m.closed);
    cr_assert_eq(m.len, 1);
    cr_assert_eq(m.data[0], 'b', "then the frame, kept");
    hub_message_release(&m);
    cr_assert_eq(hub_recv(&hub, &m, 50), 0, "nothing twice");
    zmq_close(b);
    zmq_ctx_term(ctx);
    hub_close(&hub);
}

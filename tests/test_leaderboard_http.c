/* test_leaderboard_http.c - the leaderboard's HTTP front against a hostile
 * client: requests written byte by byte on a raw TCP socket, so that the
 * framing is exactly what an attacker sends (a library client would fix
 * it). A request whose length is ambiguous (Content-Length with
 * Transfer-Encoding, Content-Length twice, either header's name mangled)
 * is refused with 400 and its connection closed, so a request smuggled
 * behind it is never answered. Dot segments written raw find no file.
 * And a second server on a port already taken fails to start instead of
 * sharing the port with the first.
 */
#include <criterion/criterion.h>
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "tests/test_leaderboard_support.h"

static long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

/* What the server sent back on one connection. */
struct exchange {
    char text[16384];
    size_t len;
    int closed;      /* the server closed the connection */
};

/* Writes `request` on a new connection to the server, then reads until the
 * server closes it or wait_ms pass. */
static void exchange(const struct lb_server *s, const char *request, int wait_ms, struct exchange *out)
{
    struct sockaddr_in addr;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    memset(out, 0, sizeof *out);
    cr_assert_geq(fd, 0, "socket: %s", strerror(errno));
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)s->port);
    cr_assert_eq(inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr), 1);
    cr_assert_eq(connect(fd, (struct sockaddr *)&addr, sizeof addr), 0, "connect: %s", strerror(errno));
    size_t n = strlen(request);
    cr_assert_eq(send(fd, request, n, MSG_NOSIGNAL), (ssize_t)n, "send: %s", strerror(errno));
    long deadline = now_ms() + wait_ms;
    while (out->len < sizeof out->text - 1) {
        struct pollfd p = { fd, POLLIN, 0 };
        long left = deadline - now_ms();
        if (left <= 0 || poll(&p, 1, (int)left) <= 0) break;
        ssize_t got = recv(fd, out->text + out->len, sizeof out->text - 1 - out->len, 0);
        if (got <= 0) {
            out->closed = got == 0 || errno == ECONNRESET;
            break;
        }
        out->len += (size_t)got;
    }
    out->text[out->len] = 0;
    cr_assert_eq(close(fd), 0);
}

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)); p += strlen(what)) n++;
    return n;
}

/* One response, 400 with a JSON error naming `header`, then the close. */
static void assert_refused_and_closed(const struct exchange *x, const char *header, const char *why)
{
    cr_assert_eq(count(x->text, "HTTP/1."), 1, "%s: %d responses, not 1 (the smuggled request was answered):\n%s",
                 why, count(x->text, "HTTP/1."), x->text);
    cr_assert_eq(strncmp(x->text, "HTTP/1.1 400 ", 13), 0, "%s: not a 400:\n%s", why, x->text);
    const char *body = strstr(x->text, "\r\n\r\n");
    cr_assert_not_null(body, "%s: no end of headers", why);
    cJSON *doc = cJSON_Parse(body + 4);
    const char *error = cJSON_GetStringValue(cJSON_GetObjectItem(doc, "error"));
    cr_assert_not_null(error, "%s: no JSON error: %s", why, body + 4);
    cr_assert_not_null(strstr(error, header), "%s: the error does not name %s: %s", why, header, error);
    cJSON_Delete(doc);
    cr_assert_not_null(strstr(x->text, "\r\nConnection: close\r\n"), "%s: the 400 does not say it closes:\n%s", why,
                       x->text);
    cr_assert(x->closed, "%s: the connection is still open after the 400", why);
}

/* A request that asks for the standings, smuggled behind another. */
#define SMUGGLED "GET /api/v1/standings HTTP/1.1\r\nHost: x\r\n\r\n"

Test(leaderboard_http, content_length_with_chunked_is_400_and_closes, .timeout = 30)
{
    /* CL.TE: a front end that reads Content-Length passes the smuggled GET
     * as body; a server that reads the chunks sees it as a request. */
    static const char *const requests[] = {
        "POST /api/v1/parties HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " LB_TOKEN "\r\n"
        "Content-Type: application/json\r\nContent-Length: 48\r\nTransfer-Encoding: chunked\r\n\r\n"
        "0\r\n\r\n" SMUGGLED,
        "GET /api/v1/crosstable HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 48\r\n\r\n"
        "0\r\n\r\n" SMUGGLED,
        "POST /api/v1/parties HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " LB_TOKEN "\r\n"
        "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" SMUGGLED,
    };
    struct lb_server s;
    lb_start(&s);
    for (size_t i = 0; i < sizeof requests / sizeof requests[0]; i++) {
        struct exchange x;
        char why[32];
        snprintf(why, sizeof why, "request %zu", i);
        exchange(&s, requests[i], 3000, &x);
        assert_refused_and_closed(&x, "Transfer-Encoding", why);
    }
    cJSON_Delete(lb_get(&s, "/api/v1/standings", 200));
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_http, two_content_lengths_are_400_and_close, .timeout = 30)
{
    static const char *const requests[] = {
        /* Different values: which one frames the body is anybody's guess. */
        "POST /api/v1/parties HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " LB_TOKEN "\r\n"
        "Content-Length: 0\r\nContent-Length: 43\r\n\r\n" SMUGGLED,
        "GET /api/v1/crosstable HTTP/1.1\r\nHost: x\r\nContent-Length: 43\r\nContent-Length: 0\r\n\r\n" SMUGGLED,
        /* The same value twice is refused as well (RFC 9112 section 6.3). */
        "POST /api/v1/parties HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " LB_TOKEN "\r\n"
        "Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}" SMUGGLED,
    };
    struct lb_server s;
    lb_start(&s);
    for (size_t i = 0; i < sizeof requests / sizeof requests[0]; i++) {
        struct exchange x;
        char why[32];
        snprintf(why, sizeof why, "request %zu", i);
        exchange(&s, requests[i], 3000, &x);
        assert_refused_and_closed(&x, "Content-Length", why);
    }
    cr_assert_eq(lb_count(&s), 0);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_http, mangled_framing_headers_are_400_and_close, .timeout = 30)
{
    /* A proxy may take these for Transfer-Encoding or Content-Length, which
     * libmicrohttpd does not: it keeps the name with its space, and glues a
     * folded line onto the name. */
    static const char *const requests[] = {
        "POST /api/v1/parties HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " LB_TOKEN "\r\n"
        "Transfer-Encoding : chunked\r\nContent-Length: 2\r\n\r\n{}" SMUGGLED,
        "POST /api/v1/parties HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " LB_TOKEN "\r\n"
        "Content-Length: 2\r\nTransfer-Encoding:\r\n chunked\r\n\r\n{}" SMUGGLED,
        "GET /api/v1/crosstable HTTP/1.1\r\nHost: x\r\nContent-Length:\r\n 43\r\n\r\n" SMUGGLED,
    };
    struct lb_server s;
    lb_start(&s);
    for (size_t i = 0; i < sizeof requests / sizeof requests[0]; i++) {
        struct exchange x;
        char why[32];
        snprintf(why, sizeof why, "request %zu", i);
        exchange(&s, requests[i], 3000, &x);
        assert_refused_and_closed(&x, "malformed header name", why);
    }
    cr_assert_eq(lb_count(&s), 0);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_http, a_plain_request_on_a_raw_socket_is_answered, .timeout = 30)
{
    /* The raw client itself: one well-framed request and a pipelined second
     * are both answered, so the refusals above come from the framing. */
    struct lb_server s;
    struct exchange x;
    lb_start(&s);
    exchange(&s, "GET /api/v1/crosstable HTTP/1.1\r\nHost: x\r\n\r\n" SMUGGLED, 1000, &x);
    cr_assert_eq(count(x.text, "HTTP/1.1 200 "), 2, "%s", x.text);
    lb_stop(&s);
    lb_cleanup(&s);
}

Test(leaderboard_http, path_traversal_on_a_raw_socket_finds_no_file, .timeout = 30)
{
    /* Written by hand: a library client would squash the dot segments. */
    static const char *const paths[] = { "/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
                                         "/app.js/../../../../etc/passwd", "/..%2f..%2f..%2fetc%2fpasswd",
                                         "/api/v1/bots/..%2f..%2f..%2fetc%2fpasswd", "//etc/passwd",
                                         "/api/v1/parties/..%2f..%2fboard.db" };
    struct lb_server s;
    lb_start(&s);
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        char request[256];
        struct exchange x;
        snprintf(request, sizeof request, "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", paths[i]);
        exchange(&s, request, 3000, &x);
        cr_assert(!strncmp(x.text, "HTTP/1.1 404 ", 13) || !strncmp(x.text, "HTTP/1.1 400 ", 13), "%s:\n%s", paths[i],
                  x.text);
        cr_assert_null(strstr(x.text, "root:"), "%s served /etc/passwd", paths[i]);
        cr_assert_null(strstr(x.text, "SQLite format"), "%s served the database", paths[i]);
    }
    lb_stop(&s);
    lb_cleanup(&s);
}

/* Runs the server with `args` (NULL-terminated, after the program name)
 * until it exits or wait_ms pass; its stdout and stderr go to `output`.
 * Returns the exit status, or -1 when it was still running (then killed). */
static int run_server(char *const args[], int wait_ms, char *output, size_t cap)
{
    int fds[2];
    char path[512];
    const char *bin = getenv("BIN");
    snprintf(path, sizeof path, "%s/leaderboard", bin ? bin : "build/bin");
    cr_assert_eq(pipe(fds), 0);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        char *argv[16] = { path };
        for (int i = 0; args[i] && i < 14; i++) argv[i + 1] = args[i];
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        dup2(fds[1], 1);
        dup2(fds[1], 2);
        close(fds[0]);
        close(fds[1]);
        setenv("LEADERBOARD_TOKENS", LB_TOKEN, 1);
        execv(path, argv);
        _exit(127);
    }
    cr_assert_eq(close(fds[1]), 0);
    size_t n = 0;
    long deadline = now_ms() + wait_ms;
    for (;;) {
        struct pollfd p = { fds[0], POLLIN, 0 };
        long left = deadline - now_ms();
        if (left <= 0 || poll(&p, 1, (int)left) <= 0) break;
        ssize_t got = read(fds[0], output + n, cap - 1 - n);
        if (got <= 0) break;
        n += (size_t)got;
        if (n == cap - 1) break;
    }
    output[n] = 0;
    cr_assert_eq(close(fds[0]), 0);
    int status;
    pid_t done = waitpid(pid, &status, WNOHANG);
    while (done == 0 && now_ms() < deadline) {
        nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
        done = waitpid(pid, &status, WNOHANG);
    }
    if (done == 0) {
        cr_assert_eq(kill(pid, SIGKILL), 0);
        cr_assert_eq(waitpid(pid, &status, 0), pid);
        return -1;
    }
    cr_assert_eq(done, pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

Test(leaderboard_http, a_second_server_on_a_taken_port_fails_to_start, .timeout = 30)
{
    struct lb_server s;
    char listen[64], db[256], output[4096], expect[128];
    lb_start(&s);
    snprintf(listen, sizeof listen, "127.0.0.1:%d", s.port);
    snprintf(db, sizeof db, "%s/second.db", s.dir);
    char *args[] = { "--db", db, "--listen", listen, NULL };
    int status = run_server(args, 5000, output, sizeof output);
    cr_assert_eq(status, 1, "the second server on %s: exit status %d (-1: still running), output:\n%s", listen,
                 status, output);
    snprintf(expect, sizeof expect, "cannot listen on %s: Address already in use", listen);
    cr_assert_not_null(strstr(output, expect), "no '%s' in:\n%s", expect, output);
    /* The first serves every request, none went to a second listener. */
    for (int i = 0; i < 20; i++) cJSON_Delete(lb_get(&s, "/api/v1/standings", 200));
    lb_stop(&s);
    lb_cleanup(&s);
}

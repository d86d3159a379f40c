/* http.c - libmicrohttpd glue (http.h).
 *
 * Each request gets a struct upload as its connection context. A post to
 * /api/v1/parties (or /matches) is refused before its body is read when the token is
 * wrong (401) or the declared length is over the limit (413); a body that
 * grows past the limit while it arrives is refused at that moment (413)
 * and the rest is never kept. The routes of registered bots (POST
 * /api/v1/bots, PUT /api/v1/bots/NAME, POST /api/v1/arena) keep a body
 * of up to HTTP_SMALL_BODY_MAX the same way; their request carries the
 * author the token names (author tokens) and whether it may post, and
 * api.c decides. Everything else is read whole (its body dropped), then
 * handed to api_handle() or served from the embedded page.
 *
 * A request whose body length is ambiguous (Content-Length with
 * Transfer-Encoding, either header twice, a coding other than chunked, a
 * header name with whitespace or a folded line) is refused with 400
 * before anything else and its connection closed: a proxy in front may
 * frame it otherwise, and what it sees as this request's body would here
 * be a second, smuggled request (RFC 9112 sections 6.1, 6.3).
 *
 * The listening socket is bound here, not by libmicrohttpd, and is never
 * shared (no SO_REUSEPORT), so a second server on a taken port fails to
 * start with the reason instead of splitting the requests with the first.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>
#include <microhttpd.h>
#include "leaderboard/gzip.h"
#include "leaderboard/http.h"
#include "leaderboard/page.h"

static const char csp[] =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

struct http {
    struct MHD_Daemon *daemon;
    struct api *api;
    const struct tokens *tokens;
    const struct tokens *authors;
    int port;
};

struct upload {
    char *body;
    size_t len, cap;
    int posting;     /* POST /api/v1/parties or /api/v1/matches */
    size_t limit;    /* 0: the body is not kept; else its largest size */
    const char *author;   /* the author token's owner, or NULL */
    int may_post;
    int answered;    /* a response is queued already */
    int too_big;     /* over the limit: the rest is read and dropped */
    size_t dropped;
};

/* A body over the limit that arrives without a declared length is read
 * and dropped up to this much, so that the client can read its 413; past
 * it the connection is closed. */
enum { HTTP_DROP_MAX = 64 << 20 };

/* The headers of every response; MHD_NO when one cannot be added. */
static enum MHD_Result add_common_headers(struct MHD_Response *r, const char *type, const char *cache)
{
    return MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type) == MHD_YES &&
                   MHD_add_response_header(r, "X-Content-Type-Options", "nosniff") == MHD_YES &&
                   MHD_add_response_header(r, "Content-Security-Policy", csp) == MHD_YES &&
                   MHD_add_response_header(r, "Referrer-Policy", "no-referrer") == MHD_YES &&
                   MHD_add_response_header(r, "X-Frame-Options", "DENY") == MHD_YES &&
                   MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, cache) == MHD_YES
               ? MHD_YES
               : MHD_NO;
}

/* Queues an API reply (taking its body); with close_after, the connection
 * is closed once it is sent, and nothing more on it is read as a request. */
static enum MHD_Result send_reply(struct MHD_Connection *c, struct api_reply *reply, int close_after)
{
    static const char fallback[] = "{\"error\":\"out of memory\"}";
    struct MHD_Response *r;
    const char *accept = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT_ENCODING);
    char *packed = NULL;
    size_t packed_len = 0;
    int gzipped = reply->body && gzip_worth(accept, reply->len) &&
                  gzip_compress(reply->body, reply->len, &packed, &packed_len) == 0;
    if (gzipped) {
        free(reply->body);
        reply->body = packed;
        reply->len = packed_len;
    }
    if (reply->body)
        r = MHD_create_response_from_buffer(reply->len, reply->body, MHD_RESPMEM_MUST_FREE);
    else
        r = MHD_create_response_from_buffer(sizeof fallback - 1, (void *)fallback, MHD_RESPMEM_PERSISTENT);
    if (!r) {
        free(reply->body);
        return MHD_NO;
    }
    enum MHD_Result rc = add_common_headers(r, reply->type ? reply->type : "application/json; charset=utf-8",
                                            "no-store");
    if (rc == MHD_YES) rc = MHD_add_response_header(r, MHD_HTTP_HEADER_VARY, MHD_HTTP_HEADER_ACCEPT_ENCODING);
    if (rc == MHD_YES && gzipped) rc = MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_ENCODING, "gzip");
    if (rc == MHD_YES && reply->body && reply->filename[0]) {
        char disposition[160];
        snprintf(disposition, sizeof disposition, "attachment; filename=\"%s\"", reply->filename);
        rc = MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_DISPOSITION, disposition);
    }
    if (rc == MHD_YES && reply->allow) rc = MHD_add_response_header(r, "Allow", reply->allow);
    if (rc == MHD_YES && close_after) rc = MHD_add_response_header(r, MHD_HTTP_HEADER_CONNECTION, "close");
    if (rc == MHD_YES) rc = MHD_queue_response(c, (unsigned)(reply->body ? reply->status : 500), r);
    MHD_destroy_response(r);
    return rc;
}

static enum MHD_Result send_error(struct MHD_Connection *c, struct upload *up, int status, const char *why)
{
    struct api_reply reply = { 0 };
    api_error(&reply, status, why);
    up->answered = 1;
    return send_reply(c, &reply, 0);
}

/* A 400 for a request whose body cannot be framed; the connection is
 * closed, so the bytes after it are never taken for another request. */
static enum MHD_Result refuse_framing(struct MHD_Connection *c, struct upload *up, const char *why)
{
    struct api_reply reply = { 0 };
    api_error(&reply, MHD_HTTP_BAD_REQUEST, why);
    up->answered = 1;
    return send_reply(c, &reply, 1);
}

static enum MHD_Result send_page(struct MHD_Connection *c, const char *method, const char *path)
{
    const struct page_file *f = page_find(path);
    struct api_reply reply = { 0 };
    if (strcmp(method, "GET") && strcmp(method, "HEAD")) {
        api_error(&reply, f ? 405 : 404, f ? "method not allowed" : "no such page");
        reply.allow = f ? "GET, HEAD" : NULL;
        return send_reply(c, &reply, 0);
    }
    if (!f) {
        api_error(&reply, 404, "no such page");
        return send_reply(c, &reply, 0);
    }
    const char *match = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_IF_NONE_MATCH);
    const char *accept = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT_ENCODING);
    int same = match && !strcmp(match, f->etag);
    char *packed = NULL;
    size_t packed_len = 0;
    /* A file compressed for a client that takes gzip, on each 200 (the
     * files are small and a reload is usually a 304). */
    int gzipped = !same && gzip_worth(accept, f->size) && gzip_compress((const char *)f->data, f->size, &packed, &packed_len) == 0;
    struct MHD_Response *r = gzipped ? MHD_create_response_from_buffer(packed_len, packed, MHD_RESPMEM_MUST_FREE)
                                     : MHD_create_response_from_buffer(same ? 0 : f->size, (void *)f->data,
                                                                       MHD_RESPMEM_PERSISTENT);
    if (!r) {
        free(packed);
        return MHD_NO;
    }
    /* Revalidate every time: a rebuilt server may carry new files. */
    enum MHD_Result rc = add_common_headers(r, page_content_type(f->path), "no-cache");
    if (rc == MHD_YES) rc = MHD_add_response_header(r, MHD_HTTP_HEADER_VARY, MHD_HTTP_HEADER_ACCEPT_ENCODING);
    if (rc == MHD_YES && gzipped) rc = MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_ENCODING, "gzip");
    if (rc == MHD_YES) rc = MHD_add_response_header(r, MHD_HTTP_HEADER_ETAG, f->etag);
    if (rc == MHD_YES) rc = MHD_queue_response(c, same ? MHD_HTTP_NOT_MODIFIED : MHD_HTTP_OK, r);
    MHD_destroy_response(r);
    return rc;
}

/* The headers that frame a request's body, counted by name. libmicrohttpd
 * keeps a name with whitespace before its colon ("Transfer-Encoding ")
 * and glues a folded line onto the name ("Transfer-Encodingchunked"):
 * a proxy may read either as the real header, so both count as mangled,
 * as does whitespace in any name (RFC 9112 section 5.1: a 400). */
struct framing {
    int content_length, transfer_encoding, chunked, mangled;
};

static enum MHD_Result count_framing(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    static const char cl[] = MHD_HTTP_HEADER_CONTENT_LENGTH, te[] = MHD_HTTP_HEADER_TRANSFER_ENCODING;
    struct framing *f = cls;
    (void)kind;
    if (!strcasecmp(key, cl)) {
        f->content_length++;
    } else if (!strcasecmp(key, te)) {
        f->transfer_encoding++;
        f->chunked = value && !strcasecmp(value, "chunked");
    } else if (!strncasecmp(key, cl, sizeof cl - 1) || !strncasecmp(key, te, sizeof te - 1) || strpbrk(key, " \t")) {
        f->mangled++;
    }
    return MHD_YES;
}

/* Why the request's body length is ambiguous, or NULL when it is not. */
static const char *framing_fault(struct MHD_Connection *c)
{
    struct framing f = { 0, 0, 0, 0 };
    if (MHD_get_connection_values(c, MHD_HEADER_KIND, count_framing, &f) < 0) return "no request headers";
    if (f.mangled)
        return "a malformed header name (whitespace before its colon, or a folded line): the body length is "
               "ambiguous";
    if (f.content_length && f.transfer_encoding)
        return "the body length is ambiguous: both Content-Length and Transfer-Encoding";
    if (f.content_length > 1) return "the body length is ambiguous: Content-Length given more than once";
    if (f.transfer_encoding > 1) return "the body length is ambiguous: Transfer-Encoding given more than once";
    if (f.transfer_encoding && !f.chunked) return "Transfer-Encoding must be chunked";
    return NULL;
}

/* The 413 of a body over its route's limit. */
static enum MHD_Result too_big(struct MHD_Connection *c, struct upload *up)
{
    return send_error(c, up, 413, up->limit == HTTP_BODY_MAX ? "the body is larger than 8 MiB"
                                                             : "the body is larger than 64 KiB");
}

static const char *query_arg(void *ctx, const char *name)
{
    return MHD_lookup_connection_value(ctx, MHD_GET_ARGUMENT_KIND, name);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_data_size,
                                  void **con_cls)
{
    struct http *self = cls;
    struct upload *up = *con_cls;
    (void)version;
    if (!up) {
        if (!(up = calloc(1, sizeof *up))) return MHD_NO;
        *con_cls = up;
        const char *ambiguous = framing_fault(c);
        if (ambiguous) return refuse_framing(c, up, ambiguous);
        up->posting = !strcmp(method, "POST") && (!strcmp(url, "/api/v1/parties") || !strcmp(url, "/api/v1/matches"));
        int registering = (!strcmp(method, "POST") && (!strcmp(url, "/api/v1/bots") || !strcmp(url, "/api/v1/arena"))) ||
                          (!strcmp(method, "PUT") && !strncmp(url, "/api/v1/bots/", 13));
        const char *auth = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION);
        const char *length = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        up->limit = up->posting ? HTTP_BODY_MAX : registering ? HTTP_SMALL_BODY_MAX : 0;
        if (up->posting && !tokens_allow(self->tokens, auth))
            return send_error(c, up, MHD_HTTP_UNAUTHORIZED, "missing or wrong token (Authorization: Bearer TOKEN)");
        if (registering) {
            up->author = self->authors ? tokens_owner(self->authors, auth) : NULL;
            up->may_post = tokens_allow(self->tokens, auth);
            if (!up->author && !up->may_post)
                return send_error(c, up, MHD_HTTP_UNAUTHORIZED,
                                  "missing or wrong token (Authorization: Bearer TOKEN, an author's or an arena's)");
        }
        if (up->limit && length && strtoull(length, NULL, 10) > up->limit) return too_big(c, up);
        return MHD_YES;
    }
    if (*upload_data_size) {
        size_t n = *upload_data_size;
        *upload_data_size = 0;
        if (up->answered || !up->limit) return MHD_YES;   /* not kept */
        if (up->too_big || up->len + n > up->limit) {
            free(up->body);
            up->body = NULL;
            up->len = up->cap = 0;
            up->too_big = 1;
            up->dropped += n;
            return up->dropped > HTTP_DROP_MAX ? MHD_NO : MHD_YES;
        }
        if (up->len + n + 1 > up->cap) {
            size_t cap = up->cap ? up->cap : 16384;
            while (cap < up->len + n + 1) cap *= 2;
            char *body = realloc(up->body, cap);
            if (!body) return send_error(c, up, 500, "out of memory");
            up->body = body;
            up->cap = cap;
        }
        memcpy(up->body + up->len, upload_data, n);
        up->len += n;
        up->body[up->len] = 0;
        return MHD_YES;
    }
    if (up->answered) return MHD_YES;
    if (up->too_big) return too_big(c, up);
    up->answered = 1;
    if (!api_owns(url)) return send_page(c, method, url);
    struct api_request req = { method, url, query_arg, c, up->body, up->len, up->author, up->may_post };
    struct api_reply reply;
    api_handle(self->api, &req, &reply);
    return send_reply(c, &reply, 0);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode toe)
{
    struct upload *up = *con_cls;
    (void)cls;
    (void)c;
    (void)toe;
    if (!up) return;
    free(up->body);
    free(up);
    *con_cls = NULL;
}

/* A listening socket on host:port, non-blocking (the pool's threads all
 * accept on it). SO_REUSEADDR lets a restarted server bind while the old
 * one's connections sit in TIME_WAIT; on Linux it never lets two sockets
 * listen on one port, as SO_REUSEPORT would. -1 with err. */
static int listen_on(const char *host, int port, char *err, size_t cap)
{
    struct sockaddr_in addr;
    int one = 1;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) {
        snprintf(err, cap, "'%s' is not an IPv4 address", host);
        return -1;
    }
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0 || fcntl(fd, F_SETFD, FD_CLOEXEC) < 0 || fcntl(fd, F_SETFL, O_NONBLOCK) < 0 ||
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) < 0 ||
        bind(fd, (struct sockaddr *)&addr, sizeof addr) < 0 || listen(fd, SOMAXCONN) < 0) {
        snprintf(err, cap, "cannot listen on %s:%d: %s", host, port, strerror(errno));
        if (fd >= 0) close(fd);
        return -1;
    }
    return fd;
}

struct http *http_start(const char *host, int port, int threads, struct api *api, const struct tokens *tokens,
                        const struct tokens *authors, char *err, size_t cap)
{
    struct http *self = calloc(1, sizeof *self);
    if (!self) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    int fd = listen_on(host, port, err, cap);
    if (fd < 0) {
        free(self);
        return NULL;
    }
    self->api = api;
    self->tokens = tokens;
    self->authors = authors;
    self->daemon = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_USE_ERROR_LOG,
                                    0, NULL, NULL, on_request, self,
                                    MHD_OPTION_LISTEN_SOCKET, fd,
                                    MHD_OPTION_THREAD_POOL_SIZE, (unsigned)threads,
                                    MHD_OPTION_CONNECTION_TIMEOUT, 30u,
                                    MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)128 * 1024,
                                    MHD_OPTION_NOTIFY_COMPLETED, on_completed, NULL,
                                    MHD_OPTION_END);
    if (!self->daemon) {
        snprintf(err, cap, "cannot start the HTTP server on %s:%d (libmicrohttpd said why above)", host, port);
        /* A daemon that fails to start may or may not have closed it. */
        if (fcntl(fd, F_GETFD) >= 0) close(fd);
        free(self);
        return NULL;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(self->daemon, MHD_DAEMON_INFO_BIND_PORT);
    self->port = info ? info->port : port;
    return self;
}

int http_port(const struct http *self)
{
    return self->port;
}

void http_stop(struct http *self)
{
    if (!self) return;
    MHD_stop_daemon(self->daemon);   /* closes the listening socket too */
    free(self);
}

/* http.h - the leaderboard's HTTP front: libmicrohttpd with a pool of
 * threads, the bearer token and the 8 MiB body limit on posts (enforced
 * while the body arrives), the API routes (api.h) and the embedded page
 * (page.h), with the security and cache headers on every response.
 */
#ifndef LEADERBOARD_HTTP_H
#define LEADERBOARD_HTTP_H

#include <stddef.h>
#include "leaderboard/api.h"
#include "leaderboard/tokens.h"

enum { HTTP_BODY_MAX = 8 << 20, HTTP_SMALL_BODY_MAX = 64 << 10 };

struct http;

/* Listens on host:port (IPv4 address; port 0 picks a free one) with
 * `threads` threads; the port is this server's alone (a taken port fails
 * with "cannot listen on HOST:PORT: Address already in use"). api,
 * tokens (posting) and authors (owned author tokens, or NULL) are
 * borrowed and must outlive the server. NULL with err. */
struct http *http_start(const char *host, int port, int threads, struct api *api, const struct tokens *tokens,
                        const struct tokens *authors, char *err, size_t cap);

/* The port listened on. */
int http_port(const struct http *self);

/* Stops accepting, finishes the requests in flight, frees; NULL no-op. */
void http_stop(struct http *self);

#endif

/* api.h - the JSON API of leaderboard/README.md, free of HTTP plumbing:
 * a request (method, path, query lookup, body) in, a status and a JSON
 * body out. http.c does the sockets, the token and the size limit.
 *
 * Standings, crosstable, bots and history are computed from the store
 * with stats.h and cached; a post that stores something makes the cache
 * stale, and the next GET computes a new snapshot (one at a time).
 * Every function may be called from any number of threads at once
 * (api_set_arena before the first request).
 *
 * Registered bots (README "Registering a bot"): POST /api/v1/bots and
 * PUT /api/v1/bots/NAME need an author token (req->author), POST
 * /api/v1/arena a posting token (req->may_post); http.c resolves both.
 */
#ifndef LEADERBOARD_API_H
#define LEADERBOARD_API_H

#include <stddef.h>
#include "leaderboard/store.h"

struct api;

struct api_request {
    const char *method;       /* "GET", "POST", ... ("HEAD" is served as GET) */
    const char *path;         /* decoded, without the query */
    const char *(*arg)(void *ctx, const char *name);  /* a query argument or NULL */
    void *arg_ctx;
    const char *body;         /* the body (POST, PUT), body_len bytes */
    size_t body_len;
    const char *author;       /* the author whose token the request bears
                               * (tokens.h, owned), or NULL */
    int may_post;             /* it bears a token allowed to post results */
};

struct api_reply {
    int status;
    char *body;               /* malloc'd JSON, owned by the caller */
    size_t len;
    const char *allow;        /* for 405: the methods the route allows */
    const char *type;         /* NULL: JSON; else the Content-Type (static) */
    char filename[96];        /* "": none; else sent as an attachment of
                               * that name (Content-Disposition) */
};

/* An API over the store (not owned), ranking only bots with at least
 * min_matches matches (stats/standings.h). NULL when out of memory. */
struct api *api_new(struct store *store, int min_matches);
void api_free(struct api *self);

/* The arena that GET /api/v1/arena publishes for every game, set by the
 * operator (both copied; a key checked by the caller): it wins over what
 * an arena posts of itself. 0, or -1 when out of memory. */
int api_set_arena(struct api *self, const char *endpoint, const char *server_key);

/* Whether `path` is under /api/ (anything else is the page's). */
int api_owns(const char *path);

/* Answers a request; reply->body is always set (an error is
 * {"error": "..."}), unless out of memory (NULL body, status 500). */
void api_handle(struct api *self, const struct api_request *req, struct api_reply *reply);

/* Takes over a JSON text (malloc'd) and returns it with every '<', '>'
 * and '&' written as a \u escape (they only occur inside strings), so that
 * no response ever carries markup, whatever a bot is called. NULL when out
 * of memory (the text is freed). */
char *api_json_harden(char *text);

/* A {"error": why} reply with `status`. */
void api_error(struct api_reply *reply, int status, const char *why);

#endif

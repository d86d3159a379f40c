/* gzip.h - the compression of a response when the client accepts it
 * (RFC 9110 Accept-Encoding, RFC 1952 gzip), with zlib.
 *
 * Small bodies are not worth it: gzip_worth() says when to compress. The
 * compressed copy is the caller's (malloc'd); the input stays the
 * caller's too.
 */
#ifndef LEADERBOARD_GZIP_H
#define LEADERBOARD_GZIP_H

#include <stddef.h>

/* Bodies shorter than this go out as they are. */
enum { GZIP_MIN_BYTES = 1024 };

/* Whether an Accept-Encoding header value (NULL: none) takes gzip: the
 * token "gzip" (or "x-gzip", or "*") with no q=0. */
int gzip_accepted(const char *accept_encoding);

/* Whether a body of len bytes is worth compressing for a client whose
 * Accept-Encoding is accept_encoding. */
int gzip_worth(const char *accept_encoding, size_t len);

/* The gzip form of in[0..len): 0 with *out (malloc'd, the caller frees)
 * and *out_len set, or -1 when out of memory or zlib failed. */
int gzip_compress(const char *in, size_t len, char **out, size_t *out_len);

#endif

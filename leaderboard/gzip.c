/* gzip.c - gzip bodies for clients that accept them (gzip.h).
 *
 * One deflate stream with a gzip wrapper (windowBits 15 + 16), level 6,
 * into a buffer of deflateBound() bytes, so one call does it all.
 */
#include "leaderboard/gzip.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#define ZLIB_CONST
#include <zlib.h>

/* Whether the coding list holds `name` with a q-value above 0. */
static int has_coding(const char *list, const char *name)
{
    size_t n = strlen(name);
    const char *p = list;
    while (*p) {
        p += strspn(p, " \t,");
        const char *end = p + strcspn(p, ",");
        size_t len = strcspn(p, " \t;,");
        if (len == n && !strncasecmp(p, name, n)) {
            const char *q = p + len;
            q += strspn(q, " \t");
            if (*q != ';') return 1;
            q++;
            q += strspn(q, " \t");
            if (strncasecmp(q, "q=", 2)) return 1;
            return strtod(q + 2, NULL) > 0;
        }
        p = end;
    }
    return 0;
}

int gzip_accepted(const char *accept_encoding)
{
    if (!accept_encoding) return 0;
    return has_coding(accept_encoding, "gzip") || has_coding(accept_encoding, "x-gzip") ||
           (has_coding(accept_encoding, "*") && !strstr(accept_encoding, "gzip"));
}

int gzip_worth(const char *accept_encoding, size_t len)
{
    return len >= GZIP_MIN_BYTES && gzip_accepted(accept_encoding);
}

int gzip_compress(const char *in, size_t len, char **out, size_t *out_len)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return -1;
    uLong bound = deflateBound(&z, (uLong)len) + 32;
    char *buf = malloc(bound);
    int rc = -1;
    if (!buf) goto out;
    z.next_in = (const Bytef *)in;
    z.avail_in = (uInt)len;
    z.next_out = (Bytef *)buf;
    z.avail_out = (uInt)bound;
    if (deflate(&z, Z_FINISH) != Z_STREAM_END) goto out;
    *out = buf;
    *out_len = z.total_out;
    buf = NULL;
    rc = 0;
out:
    free(buf);
    deflateEnd(&z);
    return rc;
}

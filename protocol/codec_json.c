/* codec_json.c - checking, parsing and reading frames, and turning built
 * messages into frames (codec_json.h).
 *
 * A frame is untrusted bytes of a given length. It is checked byte by byte
 * before it is parsed (size, NUL, strict UTF-8, raw control characters and
 * "\u0000" escapes inside strings), so those faults get their own codes.
 * The parse is json_tree.h's, not cJSON's: the same cJSON nodes, but all in
 * one pool per frame instead of a malloc per node and per string, which
 * was half the cost of decoding a request. The tree is owned by the caller
 * of codec_parse(), who frees it with json_tree_free() (cJSON_Delete would
 * free pool memory); readers only borrow nodes from it. Messages are built
 * as cJSON trees (json_writer.h) and printed here rather than by cJSON,
 * whose number printing (sprintf and a sscanf check per number) was two
 * thirds of the cost of a request and keeps only 15 digits. Frames own a
 * malloc'd buffer, freed by codec_frame_release().
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "protocol/codec_json.h"
#include "protocol/json_tree.h"

void codec_reader_init(struct codec_reader *self, char *err, size_t cap)
{
    self->code = CODEC_OK;
    self->err = err;
    self->cap = cap;
    if (err && cap) err[0] = '\0';
}

int codec_fail(struct codec_reader *self, int code, const char *fmt, ...)
{
    va_list ap;
    if (self->code != CODEC_OK) return -1;
    self->code = code;
    if (self->err && self->cap) {
        va_start(ap, fmt);
        vsnprintf(self->err, self->cap, fmt, ap);
        va_end(ap);
    }
    return -1;
}

enum codec_code codec_refuse(char *err, size_t cap, int code, const char *why)
{
    struct codec_reader r;
    codec_reader_init(&r, err, cap);
    codec_fail(&r, code, "%s", why);
    return (enum codec_code)r.code;
}

/* ---- frames ----------------------------------------------------------------- */

/* Length of the strict UTF-8 sequence at p (no overlong forms, no
 * surrogates, nothing above U+10FFFF), or 0 when it is not one. */
static size_t utf8_length(const unsigned char *p, size_t left)
{
    unsigned lo = 0x80, hi = 0xbf;
    size_t n;
    if (p[0] >= 0xc2 && p[0] <= 0xdf) {
        n = 2;
    } else if (p[0] >= 0xe0 && p[0] <= 0xef) {
        n = 3;
        if (p[0] == 0xe0) lo = 0xa0;
        if (p[0] == 0xed) hi = 0x9f;
    } else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
        n = 4;
        if (p[0] == 0xf0) lo = 0x90;
        if (p[0] == 0xf4) hi = 0x8f;
    } else {
        return 0;
    }
    if (left < n || p[1] < lo || p[1] > hi) return 0;
    for (size_t k = 2; k < n; k++)
        if (p[k] < 0x80 || p[k] > 0xbf) return 0;
    return n;
}

const char *codec_bot_name_check(const char *name)
{
    const unsigned char *p = (const unsigned char *)name;
    size_t n = strlen(name);
    if (n == 0) return "is empty";
    if (n > CODEC_BOT_NAME_LEN) return "is longer than 63 bytes";
    for (size_t i = 0; i < n;) {
        if (p[i] < 0x80) {
            if (p[i] < 0x20 || p[i] == 0x7f) return "holds a control character";
            if (p[i] == '/') return "holds '/'";
            if (p[i] == '=') return "holds '='";
            i++;
            continue;
        }
        size_t len = utf8_length(p + i, n - i);
        if (!len) return "is not valid UTF-8";
        if (p[i] == 0xc2 && p[i + 1] < 0xa0) return "holds a control character";   /* C1 */
        i += len;
    }
    return NULL;
}

/* The bytes check_bytes() must look at: C0 controls (NUL among them), '"',
 * '\\' and every byte from 0x80. A frame is mostly runs of other bytes,
 * skipped at one table lookup each: testing every byte against every case
 * was 30% of decoding a request once the parse was pooled, twice this. */
static const unsigned char check_stops[256] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* 0x00 */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* 0x10 */
    0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,   /* 0x20: '"' */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,   /* 0x50: '\\' */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,   /* 0x80 and up: UTF-8 */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

static int check_bytes(struct codec_reader *self, const unsigned char *p, size_t len)
{
    int in_string = 0;
    size_t i = 0;
    for (;;) {
        while (i < len && !check_stops[p[i]]) i++;
        if (i == len) break;
        unsigned c = p[i];
        if (c == 0) return codec_fail(self, CODEC_BAD_ENCODING, "NUL byte at offset %zu", i);
        if (c >= 0x80) {
            size_t n = utf8_length(p + i, len - i);
            if (!n) return codec_fail(self, CODEC_BAD_ENCODING, "invalid UTF-8 at offset %zu", i);
            i += n;
            continue;
        }
        if (in_string && c < 0x20)
            return codec_fail(self, CODEC_BAD_JSON, "raw control character in a string at offset %zu", i);
        if (in_string && c == '\\') {
            if (len - i >= 6 && !memcmp(p + i + 1, "u0000", 5))
                return codec_fail(self, CODEC_BAD_ENCODING,
                                  "\\u0000 at offset %zu: strings may not hold NUL", i);
            /* Skip the escaped character when it is ASCII; anything else is
             * bad JSON that the parser refuses. */
            i += (i + 1 < len && p[i + 1] < 0x80) ? 2 : 1;
            continue;
        }
        if (c == '"') in_string = !in_string;
        i++;
    }
    return 0;
}

cJSON *codec_parse(struct codec_reader *self, const char *frame, size_t len)
{
    size_t end;
    cJSON *root;
    if (len > PROTOCOL_MAX_FRAME) {
        codec_fail(self, CODEC_OVERSIZED, "frame of %zu bytes is over the cap of %d bytes",
                   len, PROTOCOL_MAX_FRAME);
        return NULL;
    }
    if (!frame || len == 0) {
        codec_fail(self, CODEC_BAD_JSON, "empty frame");
        return NULL;
    }
    if (check_bytes(self, (const unsigned char *)frame, len) < 0) return NULL;
    root = json_tree_parse(frame, len, &end);
    if (!root) {
        if (end == JSON_TREE_NO_MEMORY)
            codec_fail(self, CODEC_INTERNAL, "out of memory while parsing a frame");
        else
            codec_fail(self, CODEC_BAD_JSON, "not valid JSON (error near offset %zu)", end);
        return NULL;
    }
    if (end != len) {
        codec_fail(self, CODEC_BAD_JSON, "bytes after the JSON value at offset %zu", end);
    } else if (!cJSON_IsObject(root)) {
        codec_fail(self, CODEC_BAD_JSON, "a message must be a JSON object");
    } else {
        return root;
    }
    json_tree_free(root);
    return NULL;
}

int codec_message_type(struct codec_reader *self, const cJSON *root)
{
    const cJSON *type = codec_get(self, root, NULL, "type", 0);
    char shown[40];
    if (self->code != CODEC_OK) return -1;
    if (!type) return codec_fail(self, CODEC_UNKNOWN_TYPE, "the message has no \"type\"");
    if (!cJSON_IsString(type) || !type->valuestring)
        return codec_fail(self, CODEC_UNKNOWN_TYPE, "\"type\" must be a string");
    for (int t = 0; t < CODEC_TYPES; t++)
        if (!strcmp(type->valuestring, codec_type_name(t))) return t;
    codec_quote(shown, sizeof shown, type->valuestring);
    return codec_fail(self, CODEC_UNKNOWN_TYPE, "unknown message type '%s'", shown);
}

cJSON *codec_start(struct json_writer *jw, int type)
{
    cJSON *root = cJSON_CreateObject();
    if (!root) return NULL;
    json_writer_init(jw, root);
    jw->writer.string(jw->writer.ctx, "type", codec_type_name(type));
    return root;
}

/* ---- printing ------------------------------------------------------------ */

/* The frame's text grows by doubling and stops past the cap, so a message
 * costs one allocation or two. Room for a closing NUL is always kept; the
 * NUL itself is written once, when the text is finished. A failed text
 * keeps cap at 0, so the fast path of put() is one comparison. */
#define printer codec_text   /* the same growing text (codec_json.h) */

enum { PRINT_NO_MEMORY = 1, PRINT_OVERSIZED = 2, PRINT_FIRST_CAP = 4096 };

/* Makes room for n more bytes and the NUL; 0 when the text failed. */
static int grow(struct printer *p, size_t n)
{
    if (p->failed) return 0;
    if (p->len + n > PROTOCOL_MAX_FRAME) {
        p->failed = PRINT_OVERSIZED;
        p->cap = 0;
        return 0;
    }
    size_t cap = p->cap ? p->cap : PRINT_FIRST_CAP;
    while (p->len + n + 1 > cap) cap *= 2;
    char *grown = realloc(p->buf, cap);
    if (!grown) {
        p->failed = PRINT_NO_MEMORY;
        p->cap = 0;
        return 0;
    }
    p->buf = grown;
    p->cap = cap;
    return 1;
}

static inline void put(struct printer *p, const char *text, size_t n)
{
    if (p->len + n + 1 > p->cap && !grow(p, n)) return;
    memcpy(p->buf + p->len, text, n);
    p->len += n;
}

static inline void put_char(struct printer *p, char c)
{
    if (p->len + 2 > p->cap && !grow(p, 1)) return;
    p->buf[p->len++] = c;
}

/* Ends the text with its NUL (room for it is always there). */
static void finish_text(struct printer *p)
{
    if (!p->failed && p->buf) p->buf[p->len] = '\0';
}

/* The bytes a string carries as they are: not a control character, not
 * '"' nor '\\' (and not the NUL that ends it). */
#define PLAIN(c) ((c) >= 0x20 && (c) != '"' && (c) != '\\')
#define PLAIN_16(c) PLAIN(c), PLAIN(c + 1), PLAIN(c + 2), PLAIN(c + 3), PLAIN(c + 4), PLAIN(c + 5), \
    PLAIN(c + 6), PLAIN(c + 7), PLAIN(c + 8), PLAIN(c + 9), PLAIN(c + 10), PLAIN(c + 11), PLAIN(c + 12), \
    PLAIN(c + 13), PLAIN(c + 14), PLAIN(c + 15)
static const unsigned char plain_byte[256] = {
    PLAIN_16(0x00), PLAIN_16(0x10), PLAIN_16(0x20), PLAIN_16(0x30), PLAIN_16(0x40), PLAIN_16(0x50),
    PLAIN_16(0x60), PLAIN_16(0x70), PLAIN_16(0x80), PLAIN_16(0x90), PLAIN_16(0xa0), PLAIN_16(0xb0),
    PLAIN_16(0xc0), PLAIN_16(0xd0), PLAIN_16(0xe0), PLAIN_16(0xf0)
};
#undef PLAIN_16
#undef PLAIN

static void put_string_escaped(struct printer *p, const char *s);

/* Nearly every string (keys, cards, actions) needs no escape and fits in
 * the room already there: copied while it is scanned, in one pass. Anything
 * else (an escape, the end of the room) starts over on the general path. */
static inline void put_string(struct printer *p, const char *s)
{
    if (p->len + 3 <= p->cap) {
        char *at = p->buf + p->len, *end = p->buf + p->cap - 2;   /* the closing '"' and the NUL */
        const unsigned char *u = (const unsigned char *)s;
        *at++ = '"';
        /* Four bytes a round while the room lasts (a byte is read only
         * after the one before it proved not to be the NUL), then one. */
        while (end - at >= 4) {
            if (!plain_byte[u[0]]) break;
            at[0] = (char)u[0];
            if (!plain_byte[u[1]]) { at += 1; u += 1; break; }
            at[1] = (char)u[1];
            if (!plain_byte[u[2]]) { at += 2; u += 2; break; }
            at[2] = (char)u[2];
            if (!plain_byte[u[3]]) { at += 3; u += 3; break; }
            at[3] = (char)u[3];
            at += 4;
            u += 4;
        }
        while (at < end && plain_byte[*u]) *at++ = (char)*u++;
        if (!*u) {
            *at++ = '"';
            p->len = (size_t)(at - p->buf);
            return;
        }
    }
    put_string_escaped(p, s);
}

static void put_string_escaped(struct printer *p, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    const char *run = s;
    size_t n = 0;
    while (s[n] >= 0x20 && s[n] != '"' && s[n] != '\\') n++;
    if (!s[n] && (p->len + n + 3 <= p->cap || grow(p, n + 2))) {
        char *at = p->buf + p->len;
        at[0] = '"';
        memcpy(at + 1, s, n);
        at[n + 1] = '"';
        p->len += n + 2;
        return;
    }
    put_char(p, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        char esc[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        put(p, run, (size_t)(s - run));
        run = s + 1;
        if (c == '"' || c == '\\') {
            esc[1] = (char)c;
            put(p, esc, 2);
        } else {
            put(p, esc, 6);
        }
    }
    put(p, run, (size_t)(s - run));
    put_char(p, '"');
}

static void put_number(struct printer *p, double d)
{
    char text[32];
    /* The codec writes only integers (digits by hand: snprintf was a tenth
     * of a request's cost); anything else keeps 17 digits. */
    if (d > -9007199254740992.0 && d < 9007199254740992.0 && d == (double)(long long)d) {
        long long v = (long long)d;
        unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
        char *end = text + sizeof text, *at = end;
        do *--at = (char)('0' + u % 10); while (u /= 10);
        if (v < 0) *--at = '-';
        put(p, at, (size_t)(end - at));
        return;
    }
    put(p, text, (size_t)snprintf(text, sizeof text, "%.17g", d));
}

static void put_value(struct printer *p, const cJSON *item)
{
    const cJSON *c;
    switch (item->type & 0xff) {
    case cJSON_NULL: put(p, "null", 4); return;
    case cJSON_False: put(p, "false", 5); return;
    case cJSON_True: put(p, "true", 4); return;
    case cJSON_Number: put_number(p, item->valuedouble); return;
    case cJSON_String: put_string(p, item->valuestring ? item->valuestring : ""); return;
    case cJSON_Array:
    case cJSON_Object:
        put_char(p, cJSON_IsArray(item) ? '[' : '{');
        for (c = item->child; c; c = c->next) {
            if (c != item->child) put_char(p, ',');
            if (cJSON_IsObject(item)) {
                put_string(p, c->string ? c->string : "");
                put_char(p, ':');
            }
            put_value(p, c);
        }
        put_char(p, cJSON_IsArray(item) ? ']' : '}');
        return;
    default:
        p->failed = PRINT_NO_MEMORY;   /* no raw or invalid nodes are ever built */
    }
}

enum codec_code codec_frame_from(cJSON *root, int failed, struct codec_frame *out,
                                 char *err, size_t cap)
{
    struct codec_reader r;
    struct printer p = { NULL, 0, 0, 0 };
    codec_reader_init(&r, err, cap);
    out->data = NULL;
    out->len = 0;
    if (!root || failed) {
        codec_fail(&r, CODEC_INTERNAL, "out of memory while building a message");
        goto out;
    }
    put_value(&p, root);
    finish_text(&p);
    if (p.failed) {
        if (p.failed == PRINT_OVERSIZED)
            codec_fail(&r, CODEC_OVERSIZED, "the message is over the cap of %d bytes", PROTOCOL_MAX_FRAME);
        else
            codec_fail(&r, CODEC_INTERNAL, "out of memory while printing a message");
        free(p.buf);
        goto out;
    }
    out->data = p.buf;
    out->len = p.len;
out:
    cJSON_Delete(root);
    return r.code;
}

void codec_frame_release(struct codec_frame *self)
{
    if (!self) return;
    free(self->data);
    self->data = NULL;
    self->len = 0;
}

/* ---- reading fields -------------------------------------------------------------- */

static const char *kind_of(const cJSON *node)
{
    if (cJSON_IsNull(node)) return "null";
    if (cJSON_IsBool(node)) return "a boolean";
    if (cJSON_IsNumber(node)) return "a number";
    if (cJSON_IsString(node)) return "a string";
    if (cJSON_IsArray(node)) return "an array";
    return "an object";
}

const char *codec_path(char *buf, size_t cap, const char *path, const char *name, int index)
{
    size_t n = 0;
    char digits[12], *d = digits + sizeof digits;
    unsigned u = index < 0 ? 0u : (unsigned)index;
    const char *parts[4] = { path, path && name ? "." : NULL, name, NULL };
    if (!name) {
        *--d = '\0';
        *--d = ']';
        do *--d = (char)('0' + u % 10); while (u /= 10);
        *--d = '[';
        parts[3] = d;
    }
    for (int i = 0; i < 4 && cap; i++)
        for (const char *c = parts[i]; c && *c && n + 1 < cap; c++) buf[n++] = *c;
    if (cap) buf[n] = '\0';
    return buf;
}

/* "path.name", "name", or "path[name]"-style paths already built. */
static const char *full(char *buf, size_t cap, const char *path, const char *name)
{
    if (name) return codec_path(buf, cap, path, name, 0);
    return codec_path(buf, cap, NULL, path ? path : "message", 0);
}

const cJSON *codec_get(struct codec_reader *self, const cJSON *obj, const char *path,
                       const char *name, int required)
{
    const cJSON *found = NULL;
    char where[96];
    if (self->code != CODEC_OK) return NULL;
    for (const cJSON *c = obj ? obj->child : NULL; c; c = c->next) {
        if (!c->string || c->string[0] != name[0] || strcmp(c->string, name)) continue;
        if (found) {
            codec_fail(self, CODEC_BAD_FIELD, "%s appears twice", full(where, sizeof where, path, name));
            return NULL;
        }
        found = c;
    }
    if (!found && required)
        codec_fail(self, CODEC_BAD_FIELD, "%s is missing", full(where, sizeof where, path, name));
    return found;
}

static int wrong(struct codec_reader *self, const char *path, const char *name,
                 const char *wanted, const cJSON *node)
{
    char where[96];
    return codec_fail(self, CODEC_BAD_FIELD, "%s must be %s, not %s",
                      full(where, sizeof where, path, name), wanted, kind_of(node));
}

int codec_get_int(struct codec_reader *self, const cJSON *obj, const char *path,
                  const char *name, long long lo, long long hi, long long *out)
{
    const cJSON *node = codec_get(self, obj, path, name, 1);
    char where[96];
    if (!node) return -1;
    if (!cJSON_IsNumber(node)) return wrong(self, path, name, "an integer", node);
    double d = node->valuedouble;
    if (!(d >= (double)lo && d <= (double)hi))
        return codec_fail(self, CODEC_BAD_FIELD, "%s must be from %lld to %lld",
                          full(where, sizeof where, path, name), lo, hi);
    if (d != (double)(long long)d)
        return codec_fail(self, CODEC_BAD_FIELD, "%s must be a whole number",
                          full(where, sizeof where, path, name));
    *out = (long long)d;
    return 0;
}

int codec_get_id(struct codec_reader *self, const cJSON *obj, const char *path,
                 const char *name, uint64_t *out)
{
    long long v;
    if (codec_get_int(self, obj, path, name, 0, (long long)CODEC_ID_MAX, &v) < 0) return -1;
    *out = (uint64_t)v;
    return 0;
}

int codec_get_bool(struct codec_reader *self, const cJSON *obj, const char *path,
                   const char *name, int *out)
{
    const cJSON *node = codec_get(self, obj, path, name, 1);
    if (!node) return -1;
    if (!cJSON_IsBool(node)) return wrong(self, path, name, "true or false", node);
    *out = cJSON_IsTrue(node) ? 1 : 0;
    return 0;
}

int codec_text_ok(const char *s, size_t min, size_t max, int rule)
{
    size_t n = strlen(s);
    if (n < min || n > max) return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (rule == CODEC_TEXT_TOKEN) {
            if (c < 0x21 || c > 0x7e) return 0;
        } else if (c < 0x20 || c == 0x7f || (c == 0xc2 && i + 1 < n && (unsigned char)s[i + 1] < 0xa0)) {
            return 0;   /* C0, DEL, and C1 (U+0080..U+009F, C2 80..C2 9F) */
        }
    }
    return 1;
}

int codec_get_text(struct codec_reader *self, const cJSON *obj, const char *path,
                   const char *name, size_t min, size_t max, int rule, char *out)
{
    const cJSON *node = codec_get(self, obj, path, name, 1);
    char where[96];
    if (!node) return -1;
    if (!cJSON_IsString(node) || !node->valuestring) return wrong(self, path, name, "a string", node);
    size_t n = strlen(node->valuestring);
    if (n < min)
        return codec_fail(self, CODEC_BAD_FIELD, "%s must not be empty", full(where, sizeof where, path, name));
    if (n > max)
        return codec_fail(self, CODEC_BAD_FIELD, "%s is longer than %zu bytes", full(where, sizeof where, path, name),
                          max);
    if (!codec_text_ok(node->valuestring, min, max, rule))
        return codec_fail(self, CODEC_BAD_FIELD, rule == CODEC_TEXT_TOKEN
                          ? "%s must be printable ASCII without spaces"
                          : "%s must not hold control characters", full(where, sizeof where, path, name));
    memcpy(out, node->valuestring, n + 1);
    return 0;
}

int codec_get_enum(struct codec_reader *self, const cJSON *obj, const char *path,
                   const char *name, const char *(*names)(int), int n, int nullable, int *out)
{
    const cJSON *node = codec_get(self, obj, path, name, 1);
    char where[96], shown[40];
    if (!node) return -1;
    if (nullable && cJSON_IsNull(node)) {
        *out = -1;
        return 0;
    }
    if (!cJSON_IsString(node) || !node->valuestring)
        return wrong(self, path, name, nullable ? "a string or null" : "a string", node);
    for (int i = 0; i < n; i++)
        if (!strcmp(node->valuestring, names(i))) {
            *out = i;
            return 0;
        }
    codec_quote(shown, sizeof shown, node->valuestring);
    return codec_fail(self, CODEC_BAD_FIELD, "%s: '%s' is not one of its values",
                      full(where, sizeof where, path, name), shown);
}

static int card_of(const cJSON *node)
{
    if (!cJSON_IsString(node) || !node->valuestring || strlen(node->valuestring) != 2) return -1;
    return pq_card_parse(node->valuestring);
}

int codec_get_cards(struct codec_reader *self, const cJSON *obj, const char *path,
                    const char *name, pq_mask *out)
{
    const cJSON *node = codec_get(self, obj, path, name, 1), *item;
    char where[96];
    int i = 0;
    if (!node) return -1;
    if (!cJSON_IsArray(node)) return wrong(self, path, name, "an array of cards", node);
    *out = 0;
    cJSON_ArrayForEach(item, node) {
        int card = card_of(item);
        if (card < 0)
            return codec_fail(self, CODEC_BAD_FIELD, "%s[%d] is not a card (\"AS\", \"TD\", \"7C\"...)",
                              full(where, sizeof where, path, name), i);
        if (*out & PQ_BIT(card))
            return codec_fail(self, CODEC_BAD_FIELD, "%s[%d] names %s twice", full(where, sizeof where, path, name), i,
                              item->valuestring);
        *out |= PQ_BIT(card);
        i++;
    }
    return 0;
}

int codec_get_card(struct codec_reader *self, const cJSON *obj, const char *path,
                   const char *name, int nullable, int *out)
{
    const cJSON *node = codec_get(self, obj, path, name, 1);
    char where[96];
    if (!node) return -1;
    if (nullable && cJSON_IsNull(node)) {
        *out = -1;
        return 0;
    }
    *out = card_of(node);
    if (*out < 0)
        return codec_fail(self, CODEC_BAD_FIELD, "%s must be a card%s",
                          full(where, sizeof where, path, name), nullable ? " or null" : "");
    return 0;
}

const char *codec_seat_name(int seat)
{
    return pq_seat_name(seat);
}

const char *codec_player_name(int player)
{
    return player == PQ_PLAYER_A ? "A" : "B";
}

/* ---- writing ----------------------------------------------------------------- */

void codec_write_cards(const struct pq_writer *w, const char *key, pq_mask cards)
{
    char text[2 * PQ_CARDS + 1];
    int n = 0;
    for (; cards; cards &= cards - 1) pq_card_format(pq_mask_first(cards), text + 2 * n++);
    pq_writer_strings(w, key, text, 2, n);
}

void codec_copy_line(char *dst, size_t cap, const char *src)
{
    size_t len = strlen(src), o = 0, i = 0;
    while (i < len) {
        const unsigned char *p = (const unsigned char *)src + i;
        size_t n = p[0] < 0x80 ? 1 : utf8_length(p, len - i);
        if (n == 0) {                       /* invalid UTF-8: one '?' per byte */
            if (o + 1 >= cap) break;
            dst[o++] = '?';
            i++;
            continue;
        }
        if (o + n >= cap) break;            /* never cut a character */
        if (p[0] < 0x20 || p[0] == 0x7f || (p[0] == 0xc2 && p[1] < 0xa0)) {
            dst[o++] = ' ';                 /* one line, no control characters */
        } else {
            memcpy(dst + o, p, n);
            o += n;
        }
        i += n;
    }
    dst[o] = '\0';
}

void codec_quote(char *dst, size_t cap, const char *src)
{
    size_t o = 0, i;
    for (i = 0; src[i] && i < 24 && o + 1 < cap; i++) {
        unsigned char c = (unsigned char)src[i];
        dst[o++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
    }
    if (src[i] && o + 4 < cap) {
        memcpy(dst + o, "...", 3);
        o += 3;
    }
    dst[o] = '\0';
}

/* ---- streaming ----------------------------------------------------------- */

static inline void cs_separate(struct codec_stream *self, const char *key)
{
    struct printer *p = &self->text;
    if (!self->empty[self->depth]) put_char(p, ',');
    self->empty[self->depth] = 0;
    if (self->object[self->depth]) {
        put_string(p, key ? key : "");
        put_char(p, ':');
    }
}

static void cs_begin(void *ctx, const char *key, int array)
{
    struct codec_stream *self = ctx;
    cs_separate(self, key);
    if (self->depth >= JSON_WRITER_DEPTH) {
        self->text.failed = PRINT_NO_MEMORY;
        return;
    }
    put_char(&self->text, array ? '[' : '{');
    self->depth++;
    self->empty[self->depth] = 1;
    self->object[self->depth] = !array;
}

static void cs_end(void *ctx)
{
    struct codec_stream *self = ctx;
    if (self->depth <= 1) {
        self->text.failed = PRINT_NO_MEMORY;   /* more ends than begins: our bug */
        return;
    }
    put_char(&self->text, self->object[self->depth] ? '}' : ']');
    self->depth--;
}

static void cs_integer(void *ctx, const char *key, long value)
{
    struct codec_stream *self = ctx;
    cs_separate(self, key);
    /* Below 2^53 the double put_number() would print holds the very same
     * integer: its digits straight from the long, with no conversion. */
    if (value >= 0 && value < 10) {   /* most of a view's numbers */
        put_char(&self->text, (char)('0' + value));
        return;
    }
    if (value > -9007199254740992LL && value < 9007199254740992LL) {
        char text[24], *end = text + sizeof text, *at = end;
        unsigned long u = value < 0 ? 0ul - (unsigned long)value : (unsigned long)value;
        do *--at = (char)('0' + u % 10); while (u /= 10);
        if (value < 0) *--at = '-';
        put(&self->text, at, (size_t)(end - at));
        return;
    }
    put_number(&self->text, (double)value);
}

static void cs_string(void *ctx, const char *key, const char *value)
{
    struct codec_stream *self = ctx;
    cs_separate(self, key);
    if (value) put_string(&self->text, value);
    else put(&self->text, "null", 4);
}

/* An array of short strings at once (pq_writer's strings): written
 * straight when every byte needs no escape, else one string at a time. */
/* Whether none of n bytes needs an escape: eight at a time (a byte below
 * 0x20, a '"' or a '\\' in a word found with the usual carry tricks),
 * the rest one by one. */
static int plain_bytes(const char *items, size_t n)
{
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t special = 0;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w, quote, slash;
        memcpy(&w, items + i, 8);
        quote = w ^ (ones * '"');
        slash = w ^ (ones * '\\');
        special |= ((w - ones * 0x20) & ~w) | ((quote - ones) & ~quote) | ((slash - ones) & ~slash);
    }
    int plain = !(special & highs);
    for (; i < n; i++) plain &= plain_byte[(unsigned char)items[i]];
    return plain;
}

static void cs_strings(void *ctx, const char *key, const char *items, int width, int n)
{
    struct codec_stream *self = ctx;
    struct printer *p = &self->text;
    size_t need = (size_t)n * ((size_t)width + 3) + 2;
    int plain = plain_bytes(items, (size_t)n * (size_t)width);
    if (!plain || (p->len + need + 1 > p->cap && !grow(p, need))) {
        pq_writer_strings(&(struct pq_writer){ self, cs_begin, cs_end, cs_integer, cs_string, NULL, NULL }, key, items,
                          width, n);
        return;
    }
    cs_separate(self, key);
    if (p->len + need + 1 > p->cap && !grow(p, need)) return;   /* the key took the room */
    char *at = p->buf + p->len;
    *at++ = '[';
    if (width == 2) {   /* cards, most lists: "AS", each copied in place */
        for (int i = 0; i < n; i++) {
            at[0] = '"';
            at[1] = items[2 * i];
            at[2] = items[2 * i + 1];
            at[3] = '"';
            at[4] = ',';
            at += 5;
        }
        if (n) at--;   /* no comma after the last */
    } else {
        for (int i = 0; i < n; i++) {
            if (i) *at++ = ',';
            *at++ = '"';
            memcpy(at, items + (size_t)i * (size_t)width, (size_t)width);
            at += width;
            *at++ = '"';
        }
    }
    *at++ = ']';
    p->len = (size_t)(at - p->buf);
}

static void cs_boolean(void *ctx, const char *key, int value)
{
    struct codec_stream *self = ctx;
    cs_separate(self, key);
    put(&self->text, value ? "true" : "false", value ? 4 : 5);
}

void codec_stream_start(struct codec_stream *self, int type)
{
    memset(self, 0, sizeof *self);
    self->writer = (struct pq_writer){ self, cs_begin, cs_end, cs_integer, cs_string, cs_boolean, cs_strings };
    put_char(&self->text, '{');
    self->depth = 1;
    self->empty[1] = 1;
    self->object[1] = 1;
    cs_string(self, "type", codec_type_name(type));
}

enum codec_code codec_stream_finish(struct codec_stream *self, struct codec_frame *out, char *err, size_t cap)
{
    struct codec_reader r;
    codec_reader_init(&r, err, cap);
    if (self->depth != 1 && !self->text.failed) self->text.failed = PRINT_NO_MEMORY;
    put_char(&self->text, '}');
    finish_text(&self->text);
    out->data = NULL;
    out->len = 0;
    if (self->text.failed) {
        if (self->text.failed == PRINT_OVERSIZED)
            codec_fail(&r, CODEC_OVERSIZED, "the message is over the cap of %d bytes", PROTOCOL_MAX_FRAME);
        else
            codec_fail(&r, CODEC_INTERNAL, "out of memory while writing a message");
        free(self->text.buf);
    } else {
        out->data = self->text.buf;
        out->len = self->text.len;
    }
    self->text.buf = NULL;
    return r.code;
}

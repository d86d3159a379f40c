/* json_tree.c - the pool parser behind json_tree.h.
 *
 * cJSON's own parser makes one malloc per node and per string, hundreds
 * per request, and cJSON_Delete as many frees: half the cost of decoding a
 * frame. Here a tree lives in a short chain of blocks. The first block
 * holds the root as its node[0], room for more nodes after it, and past
 * those an area for every string of the tree; later blocks (twice as many
 * nodes as the one before) hold nodes only, for texts denser than guessed.
 * The string area is as long as the text: no string, decoded and with its
 * NUL, is longer than its text with the two quotes (no escape is shorter
 * than what it stands for), so strings are written with no room check.
 * json_tree_free() finds the first block from the root it is given.
 *
 * Parsing is one loop over a stack of the containers still open instead of
 * recursion, so nesting costs JSON_TREE_DEPTH pointers of C stack at most.
 * Every read of the text is checked against its end: frames are not
 * NUL-terminated.
 */
#include <assert.h>
#include <limits.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include "protocol/json_tree.h"

enum {
    TREE_MAGIC = 0x7472ee,     /* marks a block made here */
    TEXT_PER_NODE = 8,         /* frames hold a node per 12 bytes or so */
    FIRST_NODES = 16,
    NUMBER_TEXT = 64           /* longer numbers are copied to the heap */
};

struct json_tree {
    struct json_tree *next;    /* the next block of the same tree */
    unsigned magic;            /* TREE_MAGIC */
    cJSON node[];              /* in the first block, node[0] is the root */
};

struct parser {
    const char *at, *end;          /* the next byte to read, the end of the text */
    struct json_tree *first, *block;
    size_t used, cap;              /* nodes of `block` taken, and its size */
    char *strings;                 /* next free byte of the string area */
    const char *fail;              /* where the text stopped being JSON */
    int no_memory;
};

static struct json_tree *block_new(size_t nodes, size_t strings)
{
    struct json_tree *self;
    if (nodes > (SIZE_MAX - sizeof *self - strings) / sizeof(cJSON)) return NULL;
    self = malloc(sizeof *self + nodes * sizeof(cJSON) + strings);
    if (!self) return NULL;
    self->next = NULL;
    self->magic = TREE_MAGIC;
    return self;
}

static void blocks_free(struct json_tree *self)
{
    while (self) {
        struct json_tree *next = self->next;
        free(self);
        self = next;
    }
}

static void fail(struct parser *ps, const char *where)
{
    ps->fail = where;
}

static cJSON *node_new(struct parser *ps, char *key)
{
    cJSON *node;
    if (ps->used == ps->cap) {
        struct json_tree *more = block_new(ps->cap * 2, 0);
        if (!more) {
            ps->no_memory = 1;
            return NULL;
        }
        ps->block->next = more;
        ps->block = more;
        ps->cap *= 2;
        ps->used = 0;
    }
    node = &ps->block->node[ps->used++];
    *node = (cJSON){ .string = key };
    return node;
}

/* Links node after the last child of parent; the first child's prev
 * points at the last one, as cJSON keeps it for appending and for
 * cJSON_GetArraySize's users. */
static void attach(cJSON *parent, cJSON *node)
{
    cJSON *first = parent->child;
    if (!first) {
        parent->child = node;
        node->prev = node;
        return;
    }
    first->prev->next = node;
    node->prev = first->prev;
    first->prev = node;
}

static const char *skip_space(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) p++;
    return p;
}

static int is_digit(const char *p, const char *end)
{
    return p < end && *p >= '0' && *p <= '9';
}

/* ---- strings ------------------------------------------------------------- */

/* The four hex digits at p, or -1 after recording where they stop. */
static long hex4(struct parser *ps, const char *p)
{
    long value = 0;
    for (int i = 0; i < 4; i++, p++) {
        int digit;
        if (p == ps->end) {
            fail(ps, p);
            return -1;
        }
        if (*p >= '0' && *p <= '9') digit = *p - '0';
        else if (*p >= 'a' && *p <= 'f') digit = *p - 'a' + 10;
        else if (*p >= 'A' && *p <= 'F') digit = *p - 'A' + 10;
        else {
            fail(ps, p);
            return -1;
        }
        value = value * 16 + digit;
    }
    return value;
}

static char *put_utf8(char *out, unsigned long code)
{
    if (code < 0x80) {
        *out++ = (char)code;
    } else if (code < 0x800) {
        *out++ = (char)(0xc0 | code >> 6);
        *out++ = (char)(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
        *out++ = (char)(0xe0 | code >> 12);
        *out++ = (char)(0x80 | (code >> 6 & 0x3f));
        *out++ = (char)(0x80 | (code & 0x3f));
    } else {
        *out++ = (char)(0xf0 | code >> 18);
        *out++ = (char)(0x80 | (code >> 12 & 0x3f));
        *out++ = (char)(0x80 | (code >> 6 & 0x3f));
        *out++ = (char)(0x80 | (code & 0x3f));
    }
    return out;
}

/* Decodes the escape whose backslash is at p into *out; returns the byte
 * after it, or NULL after recording where it went wrong. */
static const char *read_escape(struct parser *ps, const char *p, char **out)
{
    static const char letters[8] = { '"', '\\', '/', 'b', 'f', 'n', 'r', 't' };
    static const char meant[8] = { '"', '\\', '/', '\b', '\f', '\n', '\r', '\t' };
    const char *letter = p + 1, *next;
    long code, low;
    if (letter == ps->end) {
        fail(ps, letter);
        return NULL;
    }
    if (*letter != 'u') {
        const char *k = memchr(letters, *letter, sizeof letters);
        if (!k) {
            fail(ps, letter);
            return NULL;
        }
        *(*out)++ = meant[k - letters];
        return letter + 1;
    }
    code = hex4(ps, letter + 1);
    if (code < 0) return NULL;
    next = letter + 5;
    /* U+0000 would end the C string early; a low surrogate must follow a
     * high one (RFC 8259 section 8.2 leaves lone ones undefined). */
    if (code == 0 || (code >= 0xdc00 && code <= 0xdfff)) {
        fail(ps, p);
        return NULL;
    }
    if (code >= 0xd800 && code <= 0xdbff) {
        if (next == ps->end || *next != '\\') {
            fail(ps, next);
            return NULL;
        }
        if (next + 1 == ps->end || next[1] != 'u') {
            fail(ps, next + 1);
            return NULL;
        }
        low = hex4(ps, next + 2);
        if (low < 0) return NULL;
        if (low < 0xdc00 || low > 0xdfff) {
            fail(ps, next);
            return NULL;
        }
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        next += 6;
    }
    *out = put_utf8(*out, (unsigned long)code);
    return next;
}

/* The string whose opening quote is at ps->at, decoded into the string
 * area; NULL after an error. */
static char *read_string(struct parser *ps)
{
    const char *p = ps->at + 1, *end = ps->end;
    char *start = ps->strings, *out = start;
    for (;;) {
        const char *run = p;
        /* Most strings (keys, cards, actions) are one run with no escape. */
        while (p < end && *p != '"' && *p != '\\' && (unsigned char)*p >= 0x20) p++;
        memcpy(out, run, (size_t)(p - run));
        out += p - run;
        if (p == end || (*p != '"' && *p != '\\')) {   /* unterminated, or a raw control character */
            fail(ps, p);
            return NULL;
        }
        if (*p == '"') break;
        p = read_escape(ps, p, &out);
        if (!p) return NULL;
    }
    *out++ = '\0';
    ps->strings = out;
    ps->at = p + 1;
    return start;
}

/* ---- numbers and words --------------------------------------------------- */

/* The value of a number text the grammar has accepted, through strtod. */
static double number_slow(struct parser *ps, const char *start, size_t n)
{
    char small[NUMBER_TEXT], *copy = small, *stop;
    double value;
    if (n >= sizeof small) {
        copy = malloc(n + 1);
        if (!copy) {
            ps->no_memory = 1;
            return 0;
        }
    }
    memcpy(copy, start, n);
    copy[n] = '\0';   /* strtod needs it; the text has none */
    value = strtod(copy, &stop);
    if (stop != copy + n) {
        /* strtod reads the decimal point of the current locale; a program
         * that set one with a comma stops it at the '.'. */
        char *dot = memchr(copy, '.', n);
        const char *point = localeconv()->decimal_point;
        if (dot && point && point[0] && !point[1]) {
            *dot = point[0];
            value = strtod(copy, &stop);
        }
    }
    if (copy != small) free(copy);
    return value;
}

/* The number at ps->at (a '-' or a digit): -1 after an error. */
static int read_number(struct parser *ps, cJSON *node)
{
    const char *p = ps->at, *end = ps->end;
    unsigned long long whole = 0;
    int digits = 0, plain = 1;
    double value;
    if (*p == '-') p++;
    if (!is_digit(p, end)) {
        fail(ps, p);
        return -1;
    }
    if (*p == '0') {
        p++;
        digits = 1;
    } else {
        for (; is_digit(p, end); p++, digits++)
            if (digits < 15) whole = whole * 10 + (unsigned)(*p - '0');
    }
    if (p < end && *p == '.') {
        if (!is_digit(++p, end)) {
            fail(ps, p);
            return -1;
        }
        while (is_digit(p, end)) p++;
        plain = 0;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < end && (*p == '+' || *p == '-')) p++;
        if (!is_digit(p, end)) {
            fail(ps, p);
            return -1;
        }
        while (is_digit(p, end)) p++;
        plain = 0;
    }
    /* Up to 15 digits an integer is exact in a double: no strtod. */
    if (plain && digits <= 15) {
        value = (double)whole;
        if (*ps->at == '-') value = -value;
    } else {
        value = number_slow(ps, ps->at, (size_t)(p - ps->at));
        if (ps->no_memory) return -1;
    }
    node->type = cJSON_Number;
    node->valuedouble = value;
    /* As cJSON sets it: saturated, since a double may not fit an int. */
    node->valueint = value >= INT_MAX ? INT_MAX : value <= (double)INT_MIN ? INT_MIN : (int)value;
    ps->at = p;
    return 0;
}

static int read_word(struct parser *ps, const char *word, size_t n)
{
    size_t left = (size_t)(ps->end - ps->at);
    for (size_t i = 0; i < n; i++)
        if (i == left || ps->at[i] != word[i]) {
            fail(ps, ps->at + i);
            return -1;
        }
    ps->at += n;
    return 0;
}

/* One value at ps->at into node; a container is only opened (its bracket
 * read). -1 after an error. */
static int read_value(struct parser *ps, cJSON *node)
{
    if (ps->at == ps->end) {
        fail(ps, ps->at);
        return -1;
    }
    switch (*ps->at) {
    case '{':
    case '[':
        node->type = *ps->at == '{' ? cJSON_Object : cJSON_Array;
        ps->at++;
        return 0;
    case '"':
        node->type = cJSON_String;
        node->valuestring = read_string(ps);
        return node->valuestring ? 0 : -1;
    case 't':
        node->type = cJSON_True;
        node->valueint = 1;
        return read_word(ps, "true", 4);
    case 'f':
        node->type = cJSON_False;
        return read_word(ps, "false", 5);
    case 'n':
        node->type = cJSON_NULL;
        return read_word(ps, "null", 4);
    default:
        if (*ps->at == '-' || (*ps->at >= '0' && *ps->at <= '9')) return read_number(ps, node);
        fail(ps, ps->at);
        return -1;
    }
}

/* ---- the tree ------------------------------------------------------------ */

static char closer(const cJSON *container)
{
    return container->type == cJSON_Object ? '}' : ']';
}

/* Reads one value with everything in it, and the whitespace after it. */
static int parse(struct parser *ps)
{
    cJSON *open[JSON_TREE_DEPTH];   /* containers being read, outermost first */
    int depth = 0;
    ps->at = skip_space(ps->at, ps->end);
    for (;;) {
        cJSON *parent = depth ? open[depth - 1] : NULL, *node;
        char *key = NULL;
        if (parent && parent->type == cJSON_Object) {
            if (ps->at == ps->end || *ps->at != '"') {
                fail(ps, ps->at);
                return -1;
            }
            key = read_string(ps);
            if (!key) return -1;
            ps->at = skip_space(ps->at, ps->end);
            if (ps->at == ps->end || *ps->at != ':') {
                fail(ps, ps->at);
                return -1;
            }
            ps->at = skip_space(ps->at + 1, ps->end);
        }
        node = node_new(ps, key);
        if (!node) return -1;
        if (parent) attach(parent, node);
        if (read_value(ps, node) < 0) return -1;
        if (node->type == cJSON_Object || node->type == cJSON_Array) {
            if (depth == JSON_TREE_DEPTH) {
                fail(ps, ps->at - 1);
                return -1;
            }
            ps->at = skip_space(ps->at, ps->end);
            if (ps->at == ps->end || *ps->at != closer(node)) {
                open[depth++] = node;
                continue;
            }
            ps->at++;   /* empty */
        }
        /* After a value: a comma leads to the next one, brackets close. */
        for (;;) {
            ps->at = skip_space(ps->at, ps->end);
            if (!depth) return 0;
            if (ps->at < ps->end && *ps->at == ',') {
                ps->at = skip_space(ps->at + 1, ps->end);
                break;
            }
            if (ps->at == ps->end || *ps->at != closer(open[depth - 1])) {
                fail(ps, ps->at);
                return -1;
            }
            ps->at++;
            depth--;
        }
    }
}

cJSON *json_tree_parse(const char *text, size_t len, size_t *end)
{
    struct parser ps = { 0 };
    size_t nodes = len / TEXT_PER_NODE + FIRST_NODES;
    assert(text || !len);
    if (!text) text = "";
    ps.at = text;
    ps.end = text + len;
    ps.first = block_new(nodes, len);
    if (!ps.first) {
        *end = JSON_TREE_NO_MEMORY;
        return NULL;
    }
    ps.block = ps.first;
    ps.cap = nodes;
    ps.strings = (char *)&ps.first->node[nodes];
    if (parse(&ps) < 0) {
        *end = ps.no_memory ? JSON_TREE_NO_MEMORY : (size_t)(ps.fail - text);
        blocks_free(ps.first);
        return NULL;
    }
    assert(ps.strings <= (char *)&ps.first->node[nodes] + len);
    *end = (size_t)(ps.at - text);
    return &ps.first->node[0];
}

void json_tree_free(cJSON *root)
{
    struct json_tree *first;
    if (!root) return;
    first = (struct json_tree *)(void *)((char *)root - offsetof(struct json_tree, node));
    assert(first->magic == TREE_MAGIC);   /* a root from json_tree_parse */
    blocks_free(first);
}

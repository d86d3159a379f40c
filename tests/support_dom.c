/* support_dom.c - the page tests' reader of a serialized DOM
 * (support_dom.h). It is string searching, not an HTML parser: it can do
 * so because Chromium's serialization is regular (quoted attributes, '"'
 * escaped inside them, end tags written), and it only ever points into the
 * caller's text or copies into the caller's buffers.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/support_dom.h"

/* The entities Chromium writes in text and attribute values. */
static void unescape(const char *s, size_t n, char *out, size_t cap)
{
    static const struct { const char *ent, *text; } ents[] = {
        {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&nbsp;", "\xc2\xa0"}};
    size_t o = 0;
    for (size_t i = 0; i < n && o + 4 < cap;) {
        size_t k = 0, count = sizeof ents / sizeof ents[0];
        if (s[i] == '&')
            for (k = 0; k < count; k++)
                if (strncmp(s + i, ents[k].ent, strlen(ents[k].ent)) == 0)
                    break;
        if (s[i] == '&' && k < count) {
            o += (size_t)snprintf(out + o, cap - o, "%s", ents[k].text);
            i += strlen(ents[k].ent);
        } else {
            out[o++] = s[i++];
        }
    }
    out[o] = '\0';
}

/* The end of a start tag: its '>' outside quoted attribute values. */
static const char *tag_end(const char *p)
{
    int quoted = 0;
    for (; *p; p++) {
        if (*p == '"')
            quoted = !quoted;
        else if (*p == '>' && !quoted)
            return p;
    }
    return NULL;
}

int support_dom_next(const char *p, const char *end, const char *tag, struct support_dom_elem *e)
{
    char open[24], close[24];
    snprintf(open, sizeof open, "<%s", tag);
    snprintf(close, sizeof close, "</%s>", tag);
    size_t ol = strlen(open);
    for (const char *at = strstr(p, open); at && (!end || at < end); at = strstr(at + 1, open)) {
        if (at[ol] != ' ' && at[ol] != '>') /* <body> is not a <b> */
            continue;
        const char *gt = tag_end(at);
        cr_assert_not_null(gt);
        int depth = 1;
        const char *q = gt + 1;
        while (depth > 0) {
            const char *o = strstr(q, open), *c = strstr(q, close);
            cr_assert_not_null(c, "no </%s> in the DOM", tag);
            if (o && o < c && (o[ol] == ' ' || o[ol] == '>')) {
                depth++;
                q = o + ol;
            } else if (o && o < c) {
                q = o + ol;
            } else {
                depth--;
                q = c + strlen(close);
                if (depth == 0) {
                    e->open = at;
                    e->inner = gt + 1;
                    e->close = c;
                    snprintf(e->tag, sizeof e->tag, "%s", tag);
                    return 1;
                }
            }
        }
    }
    return 0;
}

int support_dom_attr(const struct support_dom_elem *e, const char *name, char *out, size_t cap)
{
    char pat[64];
    snprintf(pat, sizeof pat, " %s=\"", name);
    const char *gt = tag_end(e->open), *at = strstr(e->open, pat);
    out[0] = '\0';
    if (!at || at > gt)
        return 0;
    const char *v = at + strlen(pat), *q = strchr(v, '"');
    unescape(v, (size_t)(q - v), out, cap);
    return 1;
}

int support_dom_has_class(const struct support_dom_elem *e, const char *cls)
{
    char v[512];
    if (!support_dom_attr(e, "class", v, sizeof v))
        return 0;
    for (char *w = strtok(v, " "); w; w = strtok(NULL, " "))
        if (strcmp(w, cls) == 0)
            return 1;
    return 0;
}

void support_dom_text(const struct support_dom_elem *e, char *out, size_t cap)
{
    char *raw = malloc((size_t)(e->close - e->inner) + 1);
    cr_assert_not_null(raw);
    size_t n = 0;
    for (const char *p = e->inner; p < e->close; p++) {
        if (*p == '<') {
            p = tag_end(p);
            continue;
        }
        raw[n++] = *p;
    }
    unescape(raw, n, out, cap);
    free(raw);
}

int support_dom_find(const char *from, const char *to, const char *tag, const char *name, const char *value,
                     struct support_dom_elem *e)
{
    const char *p = from;
    while (support_dom_next(p, to, tag, e)) {
        char v[1024];
        if (strcmp(name, "class") == 0 ? support_dom_has_class(e, value)
                                       : support_dom_attr(e, name, v, sizeof v) && strcmp(v, value) == 0)
            return 1;
        p = e->open + 1;
    }
    return 0;
}

void support_dom_by_id(const char *dom, const char *tag, const char *id, struct support_dom_elem *e)
{
    cr_assert(support_dom_find(dom, NULL, tag, "id", id, e), "no <%s id=\"%s\"> in the page", tag, id);
}

int support_dom_all(const struct support_dom_elem *in, const char *tag, const char *cls, struct support_dom_elem *out,
                    int max)
{
    int n = 0;
    const char *p = in->inner;
    struct support_dom_elem e;
    while (n < max && support_dom_find(p, in->close, tag, "class", cls, &e) && e.open < in->close) {
        out[n++] = e;
        p = e.close;
    }
    return n;
}

double support_dom_number(const char *s)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    char *m = strstr(buf, SUPPORT_DOM_MINUS);
    if (m) { /* strtod knows only '-' */
        *m = '-';
        memmove(m + 1, m + strlen(SUPPORT_DOM_MINUS), strlen(m + strlen(SUPPORT_DOM_MINUS)) + 1);
    }
    char *p = buf;
    while (*p && !(*p == '-' || (*p >= '0' && *p <= '9')))
        p++;
    char *end;
    double x = strtod(p, &end);
    cr_assert_neq(end, p, "no number in '%s'", s);
    return x;
}

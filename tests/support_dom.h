/* support_dom.h - a small reader of a DOM serialized as HTML text (what
 * Chromium gives for documentElement.outerHTML), for the page tests
 * (test_page.c). It relies on how Chromium serializes: attribute values
 * double-quoted, '"' in them escaped as &quot;, every element that has
 * content closed by its end tag.
 *
 * Ownership: nothing here allocates anything the caller keeps. An element
 * is three pointers into the caller's DOM text, valid while that text is;
 * values and text are copied, unescaped, into the caller's buffers and cut
 * to fit. Errors: a DOM that is not as described (a start tag with no end
 * tag, no number where one must be, no element of a required id) fails the
 * test through a Criterion assert; "not there" is a 0 return where a
 * function says so.
 */
#ifndef SUPPORT_DOM_H
#define SUPPORT_DOM_H

#include <stddef.h>

/* U+2212, the minus sign a page writes before a negative number. */
#define SUPPORT_DOM_MINUS "\xe2\x88\x92"

/* One element of the DOM text. */
struct support_dom_elem {
    const char *open;    /* '<' of the start tag */
    const char *inner;   /* just after the start tag's '>' */
    const char *close;   /* '<' of the matching end tag */
    char tag[16];
};

/* The next element <tag ...> starting at or after p and before end (NULL:
 * the end of the text), with its matching end tag, into *e. 1, or 0 when
 * there is none. */
int support_dom_next(const char *p, const char *end, const char *tag, struct support_dom_elem *e);

/* An attribute's unescaped value into out (cap bytes, cap > 4). 1, or 0
 * (and "" in out) when the element has no such attribute. */
int support_dom_attr(const struct support_dom_elem *e, const char *name, char *out, size_t cap);

/* 1 when the element's class attribute holds the class cls. */
int support_dom_has_class(const struct support_dom_elem *e, const char *cls);

/* The element's text content: its inner HTML without tags, unescaped,
 * into out (cap bytes, cap > 4). */
void support_dom_text(const struct support_dom_elem *e, char *out, size_t cap);

/* The first element <tag> in [from, to) (to NULL: the end of the text)
 * whose attribute name has the given value or, for "class", holds that
 * class. 1, or 0 when there is none. */
int support_dom_find(const char *from, const char *to, const char *tag, const char *name, const char *value,
                     struct support_dom_elem *e);

/* The element <tag id="id"> of the whole DOM; asserts that there is one. */
void support_dom_by_id(const char *dom, const char *tag, const char *id, struct support_dom_elem *e);

/* Every element <tag class="cls"> inside in, in document order, into out
 * (at most max of them); returns how many. */
int support_dom_all(const struct support_dom_elem *in, const char *tag, const char *cls, struct support_dom_elem *out,
                    int max);

/* The first number in a text ("W-D-L", "+-12", "LOS 97.5%"), a minus
 * written as SUPPORT_DOM_MINUS or '-'; asserts that there is one. */
double support_dom_number(const char *s);

#endif

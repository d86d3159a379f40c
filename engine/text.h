/* text.h - writing text into a caller's buffer, for an engine that has no
 * stdio (docs/design.md: the engine never includes stdio). The buffer is always
 * NUL-terminated; `len` keeps counting past `cap` so callers can tell the
 * text was cut (as snprintf's return value does).
 */
#ifndef PQ_TEXT_H
#define PQ_TEXT_H

struct pq_text {
    char *buf;
    int cap;
    int len;
};

/* Starts writing into buf (cap bytes, cap may be 0). */
void pq_text_init(struct pq_text *self, char *buf, int cap);
void pq_text_str(struct pq_text *self, const char *s);
void pq_text_strn(struct pq_text *self, const char *s, int n);
void pq_text_int(struct pq_text *self, long value);

#endif

/* text.c - bounded string building without stdio (text.h). */
#include <string.h>
#include "engine/text.h"

void pq_text_init(struct pq_text *self, char *buf, int cap)
{
    self->buf = buf;
    self->cap = cap;
    self->len = 0;
    if (cap > 0) buf[0] = '\0';
}

void pq_text_strn(struct pq_text *self, const char *s, int n)
{
    int room = self->cap - 1 - self->len;      /* bytes left before the NUL; below 0 once cut */
    int fits = n < room ? n : room;
    if (fits > 0) memcpy(self->buf + self->len, s, (size_t)fits);
    self->len += n;
    if (self->cap > 0) self->buf[self->len < self->cap ? self->len : self->cap - 1] = '\0';
}

void pq_text_str(struct pq_text *self, const char *s)
{
    pq_text_strn(self, s, (int)strlen(s));
}

void pq_text_int(struct pq_text *self, long value)
{
    char digits[24];
    int n = 0;
    unsigned long u = value < 0 ? 0ul - (unsigned long)value : (unsigned long)value;
    do digits[n++] = (char)('0' + u % 10); while (u /= 10);
    if (value < 0) digits[n++] = '-';
    for (int i = n - 1; i >= 0; i--) pq_text_strn(self, &digits[i], 1);
}

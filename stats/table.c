/* table.c - text cells laid out for a terminal or written as CSV (table.h).
 *
 * Text is walked in units: one UTF-8 code point shown as it is, or one
 * escape standing for a byte or code point that must not reach a terminal.
 * Measuring and writing share that walk (out == NULL only measures), so the
 * padding always matches what was written. The table owns copies of its
 * headers and cells.
 */
#define _GNU_SOURCE
#include "stats/table.h"

#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MIN_CAP 4   /* room for one column of text and "..." */

struct unit {
    char text[16];  /* what is written, NUL-terminated */
    size_t bytes;   /* input bytes it stands for */
    int width;      /* terminal columns */
};

/* Code points that are invisible or reorder text: shown as escapes so that
 * two names that look the same on screen are told apart. */
static bool invisible(uint32_t c)
{
    return (c >= 0x80 && c <= 0x9F) || c == 0xAD || (c >= 0x200B && c <= 0x200F) ||
           (c >= 0x2028 && c <= 0x202E) || (c >= 0x2060 && c <= 0x2069) ||
           c == 0xFEFF || (c >= 0xFFF9 && c <= 0xFFFB);
}

/* Combining marks and variation selectors: drawn over the previous one. */
static bool zero_width(uint32_t c)
{
    return (c >= 0x0300 && c <= 0x036F) || (c >= 0x1AB0 && c <= 0x1AFF) ||
           (c >= 0x1DC0 && c <= 0x1DFF) || (c >= 0x20D0 && c <= 0x20FF) ||
           (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xFE20 && c <= 0xFE2F) ||
           (c >= 0xE0100 && c <= 0xE01EF);
}

/* East Asian wide and fullwidth blocks, and the common emoji blocks. */
static bool wide(uint32_t c)
{
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) ||
           (c >= 0x3041 && c <= 0x33FF) || (c >= 0x3400 && c <= 0x4DBF) ||
           (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
           (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
           (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
           (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
           (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x3FFFD);
}

/* The unit at s (not at its terminating NUL). */
static void next_unit(const unsigned char *s, struct unit *u)
{
    unsigned char c = s[0];
    size_t len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
               : c >= 0xF0 && c <= 0xF4 ? 4 : 1;
    uint32_t cp = len == 1 ? c : len == 2 ? c & 0x1Fu : len == 3 ? c & 0x0Fu : c & 0x07u;
    bool valid = c < 0x80 || len > 1;
    for (size_t i = 1; valid && i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) valid = false;
        else cp = (cp << 6) | (s[i] & 0x3Fu);
    }
    /* Overlong forms, UTF-16 surrogates and code points past U+10FFFF. */
    if (valid && ((len == 3 && cp < 0x800) || (cp >= 0xD800 && cp <= 0xDFFF) ||
                  (len == 4 && (cp < 0x10000 || cp > 0x10FFFF))))
        valid = false;

    if (!valid || cp < 0x20 || cp == 0x7F) {
        snprintf(u->text, sizeof u->text, "\\x%02X", c);
        u->bytes = 1;
    } else if (invisible(cp)) {
        snprintf(u->text, sizeof u->text, "\\u{%04X}", (unsigned)cp);
        u->bytes = len;
    } else {
        memcpy(u->text, s, len);
        u->text[len] = '\0';
        u->bytes = len;
        u->width = zero_width(cp) ? 0 : wide(cp) ? 2 : 1;
        return;
    }
    u->width = (int)strlen(u->text);
}

/* Writes (out != NULL) or measures text cut to max_width as table.h says;
 * returns the columns, or -1 on a write error. */
static int walk(FILE *out, const char *text, int max_width)
{
    const unsigned char *s = (const unsigned char *)text;
    struct unit u;
    int full = 0;
    for (const unsigned char *p = s; *p; p += u.bytes) {
        next_unit(p, &u);
        full += u.width;
    }
    int budget = full;
    if (max_width > 0 && full > max_width)
        budget = (max_width < MIN_CAP ? MIN_CAP : max_width) - 3;
    int width = 0;
    for (const unsigned char *p = s; *p; p += u.bytes) {
        next_unit(p, &u);
        if (width + u.width > budget) break;
        if (out && fputs(u.text, out) == EOF) return -1;
        width += u.width;
    }
    if (budget < full) {
        if (out && fputs("...", out) == EOF) return -1;
        width += 3;
    }
    return width;
}

int table_text_width(const char *text)
{
    return walk(NULL, text, 0);
}

int table_put_text(FILE *out, const char *text, int max_width)
{
    return walk(out, text, max_width);
}

int table_put_csv(FILE *out, const char *text)
{
    size_t len = strlen(text);
    bool quote = strpbrk(text, ",\"\r\n") != NULL ||
                 (len > 0 && (text[0] == ' ' || text[len - 1] == ' '));
    if (!quote) return fputs(text, out) == EOF ? -1 : 0;
    if (fputc('"', out) == EOF) return -1;
    for (const char *p = text; *p; p++) {
        if (*p == '"' && fputc('"', out) == EOF) return -1;
        if (fputc(*p, out) == EOF) return -1;
    }
    return fputc('"', out) == EOF ? -1 : 0;
}

int table_init(struct table *self, int n_columns)
{
    *self = (struct table){ .n_columns = n_columns };
    size_t n = n_columns > 0 ? (size_t)n_columns : 1;
    self->headers = calloc(n, sizeof *self->headers);
    self->align = calloc(n, sizeof *self->align);
    self->max_width = calloc(n, sizeof *self->max_width);
    if (!self->headers || !self->align || !self->max_width) {
        table_release(self);
        return -1;
    }
    return 0;
}

void table_release(struct table *self)
{
    if (self->headers)
        for (int c = 0; c < self->n_columns; c++) free(self->headers[c]);
    if (self->cells)
        for (size_t i = 0; i < self->n_rows * (size_t)self->n_columns; i++)
            free(self->cells[i]);
    free(self->headers);
    free(self->align);
    free(self->max_width);
    free(self->cells);
    *self = (struct table){ 0 };
}

int table_column(struct table *self, int column, const char *header,
                 enum table_align align, int max_width)
{
    assert(column >= 0 && column < self->n_columns);
    char *copy = strdup(header);
    if (!copy) return -1;
    free(self->headers[column]);
    self->headers[column] = copy;
    self->align[column] = align;
    self->max_width[column] = max_width <= 0 ? 0 : max_width < MIN_CAP ? MIN_CAP : max_width;
    return 0;
}

int table_add_row(struct table *self)
{
    size_t cols = (size_t)self->n_columns;
    if (self->n_rows == self->rows_cap) {
        size_t cap = self->rows_cap ? 2 * self->rows_cap : 16;
        char **cells = realloc(self->cells, sizeof *cells * cap * cols);
        if (!cells) return -1;
        self->cells = cells;
        self->rows_cap = cap;
    }
    memset(self->cells + self->n_rows * cols, 0, sizeof *self->cells * cols);
    self->n_rows++;
    return 0;
}

int table_set(struct table *self, int column, const char *text)
{
    assert(self->n_rows > 0 && column >= 0 && column < self->n_columns);
    char **cell = &self->cells[(self->n_rows - 1) * (size_t)self->n_columns + (size_t)column];
    char *copy = strdup(text);
    if (!copy) return -1;
    free(*cell);
    *cell = copy;
    return 0;
}

void table_unsign_zeros(char *text, int plus)
{
    for (char *p = text; *p; p++) {
        if (*p != '-' || (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))) continue;
        size_t n = strspn(p + 1, "0123456789.");
        if (!n || strspn(p + 1, "0.") != n || !memchr(p + 1, '0', n)) continue;
        if (plus) *p = '+';
        else memmove(p, p + 1, strlen(p + 1) + 1);
    }
}

int table_printf(FILE *out, const char *format, ...)
{
    va_list ap;
    char *text = NULL;
    va_start(ap, format);
    int len = vasprintf(&text, format, ap);
    va_end(ap);
    if (len < 0) return -1;
    table_unsign_zeros(text, strstr(format, "%+") != NULL);
    int rc = fputs(text, out) < 0 ? -1 : (int)strlen(text);
    free(text);
    return rc;
}

int table_setf(struct table *self, int column, const char *format, ...)
{
    char small[128];
    int plus = strstr(format, "%+") != NULL;
    va_list ap;
    va_start(ap, format);
    int len = vsnprintf(small, sizeof small, format, ap);
    va_end(ap);
    if (len < 0) return -1;
    if ((size_t)len < sizeof small) {
        table_unsign_zeros(small, plus);
        return table_set(self, column, small);
    }
    char *big = malloc((size_t)len + 1);
    if (!big) return -1;
    va_start(ap, format);
    vsnprintf(big, (size_t)len + 1, format, ap);
    va_end(ap);
    table_unsign_zeros(big, plus);
    int rc = table_set(self, column, big);
    free(big);
    return rc;
}

static const char *cell_text(const struct table *self, size_t row, int column)
{
    const char *text = self->cells[row * (size_t)self->n_columns + (size_t)column];
    return text ? text : "";
}

static int pad(FILE *out, int n)
{
    for (int i = 0; i < n; i++)
        if (fputc(' ', out) == EOF) return -1;
    return 0;
}

/* One line of the text form: cells[c] for each column. Padding is held back
 * until text follows it, so no line ends in spaces. */
static int print_line(const struct table *self, FILE *out, const char *indent,
                      const int *widths, const char *const *cells)
{
    int pending = 0;
    if (fputs(indent, out) == EOF) return -1;
    for (int c = 0; c < self->n_columns; c++) {
        int w = walk(NULL, cells[c], self->max_width[c]);
        if (c > 0) pending += 2;
        if (self->align[c] == TABLE_RIGHT) pending += widths[c] - w;
        if (cells[c][0]) {
            if (pad(out, pending) < 0 || walk(out, cells[c], self->max_width[c]) < 0)
                return -1;
            pending = 0;
        }
        if (self->align[c] == TABLE_LEFT) pending += widths[c] - w;
    }
    return fputc('\n', out) == EOF ? -1 : 0;
}

int table_print_text(const struct table *self, FILE *out, const char *indent)
{
    int rc = -1;
    size_t cols = (size_t)self->n_columns;
    int *widths = calloc(cols, sizeof *widths);
    const char **line = calloc(cols, sizeof *line);
    if (!widths || !line) goto out;
    for (int c = 0; c < self->n_columns; c++) {
        line[c] = self->headers[c] ? self->headers[c] : "";
        widths[c] = walk(NULL, line[c], self->max_width[c]);
        for (size_t r = 0; r < self->n_rows; r++) {
            int w = walk(NULL, cell_text(self, r, c), self->max_width[c]);
            if (w > widths[c]) widths[c] = w;
        }
    }
    if (print_line(self, out, indent, widths, line) < 0) goto out;
    for (size_t r = 0; r < self->n_rows; r++) {
        for (int c = 0; c < self->n_columns; c++) line[c] = cell_text(self, r, c);
        if (print_line(self, out, indent, widths, line) < 0) goto out;
    }
    rc = 0;
out:
    free(widths);
    free(line);
    return rc;
}

int table_print_csv(const struct table *self, FILE *out)
{
    for (size_t r = 0; r <= self->n_rows; r++) {
        for (int c = 0; c < self->n_columns; c++) {
            const char *text = r == 0 ? (self->headers[c] ? self->headers[c] : "")
                                      : cell_text(self, r - 1, c);
            if (c > 0 && fputc(',', out) == EOF) return -1;
            if (table_put_csv(out, text) < 0) return -1;
        }
        if (fputc('\n', out) == EOF) return -1;
    }
    return 0;
}

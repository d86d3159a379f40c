/* table.h - a table of text cells, printed aligned for a terminal or as CSV.
 *
 * Cells are arbitrary bytes (bot names come from users' files). The text
 * form never lets a cell move the cursor or change the terminal: control
 * characters and invalid UTF-8 are written as \xNN, C1 controls and the
 * invisible bidirectional and zero-width marks as \u{XXXX}. Widths are
 * counted in terminal columns (wide East Asian characters take two). A
 * column may cap its width; longer cells are cut and end in "..." in the
 * text form only. The CSV form writes cells unchanged, quoted as RFC 4180
 * says (a field holding a comma, quote, CR or LF is put in double quotes,
 * quotes doubled), one record per line ending in LF.
 */
#ifndef STATS_TABLE_H
#define STATS_TABLE_H

#include <stddef.h>
#include <stdio.h>

enum table_align { TABLE_LEFT, TABLE_RIGHT };

struct table {
    int n_columns;
    char **headers;             /* n_columns copies */
    enum table_align *align;    /* n_columns */
    int *max_width;             /* n_columns; 0: no cap */
    char **cells;               /* row-major, n_rows * n_columns; NULL: empty */
    size_t n_rows, rows_cap;
};

/* An empty table of n_columns (at least 1) left-aligned, uncapped columns
 * with empty headers. Returns 0, or -1 when out of memory (self is then
 * released). */
int table_init(struct table *self, int n_columns);

/* Frees every cell; self can be initialised again. */
void table_release(struct table *self);

/* Sets column `column`'s header (copied), alignment and width cap (0 for
 * none; a cap below 4 counts as 4). Returns 0, or -1 when out of memory. */
int table_column(struct table *self, int column, const char *header,
                 enum table_align align, int max_width);

/* Appends an empty row; the set functions fill the last row. Returns 0, or
 * -1 when out of memory. */
int table_add_row(struct table *self);

/* Copies `text` into column `column` of the last row (there must be one).
 * 0, or -1 when out of memory. */
int table_set(struct table *self, int column, const char *text);

/* As table_set() with printf formatting; a number that prints as zero
 * never keeps a minus sign (table_unsign_zeros). */
int table_setf(struct table *self, int column, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* Rewrites, in place, every number of `text` that printed as zero with a
 * minus sign ("-0.00", a tiny negative rounded): the sign goes, or becomes
 * '+' when `plus` (a "%+" format). A '-' after a letter or a digit
 * ("1e-05", "2-1-1") is no sign and stays. */
void table_unsign_zeros(char *text, int plus);

/* fprintf to out with table_unsign_zeros applied ("%+" anywhere in the
 * format keeps zeros signed '+'). Returns what fprintf returns. */
int table_printf(FILE *out, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Writes the headers and the rows, columns padded to their widest cell and
 * separated by two spaces, each line starting with `indent`. Returns 0, or
 * -1 on a write error. */
int table_print_text(const struct table *self, FILE *out, const char *indent);

/* Writes the headers and the rows as CSV. 0, or -1 on a write error. */
int table_print_csv(const struct table *self, FILE *out);

/* Terminal columns `text` takes once escaped as above. */
int table_text_width(const char *text);

/* Writes `text` escaped as above. With max_width > 0 and a wider text, cuts
 * it to max_width columns ending in "..." (a cap below 4 counts as 4).
 * Returns the columns written, or -1 on a write error. */
int table_put_text(FILE *out, const char *text, int max_width);

/* Writes one CSV field, quoted when RFC 4180 requires. 0, or -1. */
int table_put_csv(FILE *out, const char *text);

#endif

/* test_table.c - text cells for terminals and CSV (stats/table.h): escapes,
 * widths, cut names, alignment and RFC 4180 quoting. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/table.h"

/* What a writer puts in a stream, NUL-terminated; the caller frees it. */
struct capture {
    FILE *out;
    char *text;
    size_t len;
};

static void capture_start(struct capture *c)
{
    c->text = NULL;
    c->out = open_memstream(&c->text, &c->len);
    cr_assert_not_null(c->out);
}

static char *capture_end(struct capture *c)
{
    cr_assert_eq(fclose(c->out), 0);
    return c->text;
}

static char *text_of(const char *s, int max_width, int *width)
{
    struct capture c;
    capture_start(&c);
    *width = table_put_text(c.out, s, max_width);
    return capture_end(&c);
}

Test(table, control_bytes_and_invisible_marks_are_escaped)
{
    int w;
    char *t = text_of("a\x1B[31m\tb\xFF\xE2\x80\xAE", 0, &w);
    cr_assert_str_eq(t, "a\\x1B[31m\\x09b\\xFF\\u{202E}");
    cr_assert_eq(w, (int)strlen(t));
    free(t);
    /* An overlong '/' and a UTF-16 surrogate are not UTF-8. */
    t = text_of("\xC0\xAF\xED\xA0\x80", 0, &w);
    cr_assert_str_eq(t, "\\xC0\\xAF\\xED\\xA0\\x80");
    free(t);
}

Test(table, widths_count_terminal_columns)
{
    cr_assert_eq(table_text_width("abc"), 3);
    cr_assert_eq(table_text_width("caf\xC3\xA9"), 4);
    cr_assert_eq(table_text_width("e\xCC\x81"), 1);            /* e + combining acute */
    cr_assert_eq(table_text_width("\xE6\xBC\xA2\xE5\xAD\x97"), 4); /* two CJK ideographs */
    cr_assert_eq(table_text_width("\x07"), 4);
}

Test(table, long_text_is_cut_with_dots_inside_the_cap)
{
    int w;
    char *t = text_of("abcdefghij", 6, &w);
    cr_assert_str_eq(t, "abc...");
    cr_assert_eq(w, 6);
    free(t);
    t = text_of("\xE6\xBC\xA2\xE5\xAD\x97\xE6\xBC\xA2", 6, &w);   /* 6 columns: fits */
    cr_assert_eq(w, 6);
    free(t);
    t = text_of("\xE6\xBC\xA2\xE5\xAD\x97\xE6\xBC\xA2x", 6, &w);  /* a wide char never split */
    cr_assert_str_eq(t, "\xE6\xBC\xA2...");
    cr_assert_eq(w, 5);
    free(t);
    t = text_of("ab\x01", 4, &w);                                    /* escapes are whole too */
    cr_assert_str_eq(t, "a...");
    free(t);
}

Test(table, csv_quotes_only_what_rfc_4180_needs)
{
    struct capture c;
    capture_start(&c);
    table_put_csv(c.out, "plain");
    fputc('|', c.out);
    table_put_csv(c.out, "a,b");
    fputc('|', c.out);
    table_put_csv(c.out, "say \"hi\"");
    fputc('|', c.out);
    table_put_csv(c.out, "two\nlines");
    fputc('|', c.out);
    table_put_csv(c.out, " pad");
    char *t = capture_end(&c);
    cr_assert_str_eq(t, "plain|\"a,b\"|\"say \"\"hi\"\"\"|\"two\nlines\"|\" pad\"");
    free(t);
}

Test(table, text_form_aligns_columns_without_trailing_spaces)
{
    struct table t;
    struct capture c;
    cr_assert_eq(table_init(&t, 3), 0);
    cr_assert_eq(table_column(&t, 0, "bot", TABLE_LEFT, 0), 0);
    cr_assert_eq(table_column(&t, 1, "n", TABLE_RIGHT, 0), 0);
    cr_assert_eq(table_column(&t, 2, "note", TABLE_LEFT, 0), 0);
    cr_assert_eq(table_add_row(&t), 0);
    cr_assert_eq(table_set(&t, 0, "caf\xC3\xA9"), 0);
    cr_assert_eq(table_setf(&t, 1, "%d", 12345), 0);
    cr_assert_eq(table_add_row(&t), 0);
    cr_assert_eq(table_set(&t, 0, "x"), 0);
    cr_assert_eq(table_setf(&t, 1, "%d", 7), 0);
    cr_assert_eq(table_set(&t, 2, "seven"), 0);
    capture_start(&c);
    cr_assert_eq(table_print_text(&t, c.out, "> "), 0);
    char *text = capture_end(&c);
    cr_assert_str_eq(text, "> bot       n  note\n"
                           "> caf\xC3\xA9  12345\n"
                           "> x         7  seven\n");
    free(text);
    capture_start(&c);
    cr_assert_eq(table_print_csv(&t, c.out), 0);
    text = capture_end(&c);
    cr_assert_str_eq(text, "bot,n,note\ncaf\xC3\xA9,12345,\nx,7,seven\n");
    free(text);
    table_release(&t);
}

Test(table, long_cells_fit_any_formatting_buffer)
{
    struct table t;
    char big[1000];
    memset(big, 'z', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    cr_assert_eq(table_init(&t, 1), 0);
    cr_assert_eq(table_add_row(&t), 0);
    cr_assert_eq(table_setf(&t, 0, "<%s>", big), 0);
    cr_assert_eq(strlen(t.cells[0]), sizeof big + 1);
    table_release(&t);
    table_release(&t);   /* released twice: harmless */
}

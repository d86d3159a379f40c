/* test_action.c - the action notation (docs/design.md "Actions"): parsing,
 * canonical formatting, and refusal of malformed text with a reason.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "engine/piquet/action.h"
#include "engine/piquet/combo.h"

static int parse(const char *text, struct pq_action *a, char *err)
{
    return pq_action_parse(text, (int)strlen(text), a, err, 160);
}

Test(action, every_form_round_trips_through_text)
{
    static const char *const forms[] = {
        "discard 7S 8S 9H", "discard", "announce 3", "declare point 7H 8H 9H TH",
        "declare sequence QD KD AD", "declare set TS TH TD TC", "pass", "look", "nolook", "play AC"
    };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        struct pq_action a;
        char err[160], text[PQ_ACTION_TEXT_MAX];
        cr_assert_eq(parse(forms[i], &a, err), 0, "%s: %s", forms[i], err);
        pq_action_format(&a, text, sizeof text);
        cr_expect_str_eq(text, forms[i]);
    }
}

Test(action, cards_may_come_in_any_order_and_format_canonically)
{
    struct pq_action a;
    char err[160], text[PQ_ACTION_TEXT_MAX];
    cr_assert_eq(parse("  declare   point AH KH 7H  ", &a, err), 0, "%s", err);
    cr_expect_eq(a.kind, PQ_ACT_DECLARE);
    cr_expect_eq(a.cls, PQ_CLASS_POINT);
    pq_action_format(&a, text, sizeof text);
    cr_expect_str_eq(text, "declare point 7H KH AH");
}

Test(action, malformed_text_is_refused_with_a_reason)
{
    static const struct { const char *text, *why; } cases[] = {
        { "", "empty action" },
        { "fold", "unknown action 'fold'" },
        { "play", "exactly one card" },
        { "play AS KS", "exactly one card" },
        { "play 1S", "'1S' is not a card" },
        { "play as", "'as' is not a card" },
        { "discard AS AS", "named twice" },
        { "announce 6", "from 1 to 5" },
        { "announce", "from 1 to 5" },
        { "announce 2 3", "one number" },
        { "declare trick AS", "point, sequence or set" },
        { "declare point", "names no cards" },
        { "pass now", "no words after it" },
        { "play A\x01", "control or non-ASCII" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct pq_action a;
        char err[160] = "";
        cr_expect_eq(parse(cases[i].text, &a, err), -1, "'%s' was accepted", cases[i].text);
        cr_expect(strstr(err, cases[i].why), "'%s': '%s' lacks '%s'", cases[i].text, err, cases[i].why);
    }
}

Test(action, parsing_never_reads_past_the_given_length)
{
    /* A frame is not NUL-terminated: "play ASX" cut to 7 bytes is "play AS". */
    struct pq_action a;
    char err[160];
    cr_assert_eq(pq_action_parse("play ASX", 7, &a, err, sizeof err), 0, "%s", err);
    cr_expect_eq(a.number, PQ_CARD(PQ_SPADES, PQ_RANK_A));
}

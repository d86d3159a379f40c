/* test_card.c - the text of cards and packs (engine/card.h): a pack order
 * reads back as it was written, and a text that is not a pack is refused
 * with a reason naming what is wrong.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "engine/card.h"
#include "engine/rng.h"

static const char cavendish[] =
    "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D TS 7S TH 9H 7H KC QC TC AD QD JD TD 9S 8S KH 9C KD QS AC 7D";

Test(card, a_pack_reads_back_as_it_was_written)
{
    for (uint64_t seed = 1; seed <= 50; seed++) {
        uint8_t deck[32], back[32];
        char text[96], err[96];
        pq_rng_deck(seed, 1, deck);
        pq_deck_format(deck, text);
        cr_assert_eq(pq_deck_parse(text, back, err, sizeof err), 0, "%s: %s", text, err);
        cr_assert_eq(memcmp(deck, back, 32), 0, "%s", text);
    }
}

Test(card, spaces_around_and_between_the_cards_are_skipped)
{
    uint8_t deck[32], spaced[32];
    char text[200], err[96];
    cr_assert_eq(pq_deck_parse(cavendish, deck, err, sizeof err), 0, "%s", err);
    cr_assert_eq(deck[0], pq_card_parse("AS"));
    cr_assert_eq(deck[31], pq_card_parse("7D"));
    snprintf(text, sizeof text, "  %.6s   %s ", cavendish, cavendish + 6);
    cr_assert_eq(pq_deck_parse(text, spaced, err, sizeof err), 0, "%s", err);
    cr_assert_eq(memcmp(deck, spaced, 32), 0);
}

Test(card, a_text_that_is_not_a_pack_is_refused_with_the_reason)
{
    static const struct { const char *text, *why; } cases[] = {
        { "AS KS", "the pack has 2 cards, not 32" },
        { "", "the pack has 0 cards, not 32" },
        { "AS AS 7S 8S 9S TS JS QS KS 7H 8H 9H TH JH QH KH AH 7D 8D 9D TD JD QD KD AD 7C 8C 9C TC JC QC KC",
          "the pack names AS twice" },
        { "ZZ KS 7S 8S 9S TS JS QS AS 7H 8H 9H TH JH QH KH AH 7D 8D 9D TD JD QD KD AD 7C 8C 9C TC JC QC KC",
          "'ZZ KS 7S' is not a card" },
        { "ASKS", "'ASKS' is not a card" },
        { "as", "'as' is not a card" },
        { "AS KS 7S 8S 9S TS JS QS 7H 8H 9H TH JH QH KH AH 7D 8D 9D TD JD QD KD AD 7C 8C 9C TC JC QC KC AC 7S",
          "the pack has more than 32 cards" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint8_t deck[32];
        char err[96] = "";
        cr_expect_eq(pq_deck_parse(cases[i].text, deck, err, sizeof err), -1, "case %zu", i);
        cr_expect_str_eq(err, cases[i].why, "case %zu", i);
    }
}

Test(card, a_short_buffer_gets_the_reason_cut_and_terminated)
{
    uint8_t deck[32];
    char err[8];
    cr_assert_eq(pq_deck_parse("AS KS", deck, err, sizeof err), -1);
    cr_assert_str_eq(err, "the pac");
    cr_assert_eq(pq_deck_parse("AS KS", deck, NULL, 0), -1, "no buffer at all is fine");
}

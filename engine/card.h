/* card.h - cards, sets of cards as bit masks, and their text form.
 *
 * A card is a number 0..31: suit * 8 + rank, ranks 0..7 standing for
 * 7 8 9 T J Q K A (low to high, docs/rules-piquet.md R1) and suits 0..3 for S H D C.
 * A set of cards is a 32-bit mask with bit `card` set; each suit is one
 * byte of it, so "the spades held" is (mask & 0xff) and a run of ranks is a
 * run of bits. Text form: rank then suit, two characters ("AS", "TD").
 */
#ifndef PQ_CARD_H
#define PQ_CARD_H

#include <stdint.h>

typedef uint32_t pq_mask;   /* a set of cards, bit c for card c */

enum { PQ_SPADES, PQ_HEARTS, PQ_DIAMONDS, PQ_CLUBS, PQ_SUITS };
enum { PQ_RANK_7, PQ_RANK_8, PQ_RANK_9, PQ_RANK_T, PQ_RANK_J, PQ_RANK_Q,
       PQ_RANK_K, PQ_RANK_A, PQ_RANKS };
enum { PQ_CARDS = 32 };

#define PQ_CARD(suit, rank)  ((suit) * 8 + (rank))
#define PQ_SUIT(card)        ((card) >> 3)
#define PQ_RANK(card)        ((card) & 7)
#define PQ_BIT(card)         ((pq_mask)1 << (card))
#define PQ_SUIT_MASK(suit)   ((pq_mask)0xffu << ((suit) * 8))
#define PQ_ALL_CARDS         ((pq_mask)0xffffffffu)
/* Court cards K Q J of every suit (R3). */
#define PQ_COURTS            ((pq_mask)0x70707070u)

/* Pip value of a card for the point (R2): A 11, K Q J T 10, else face. */
int pq_card_pips(int card);

/* Parses two characters at `text` ("AS", case-sensitive); returns the card
 * or -1 when they are not a card. */
int pq_card_parse(const char *text);

/* Writes the two characters of `card` and a NUL into `out`. */
void pq_card_format(int card, char out[3]);

/* Number of cards in a mask (SWAR count: no popcnt instruction needed,
 * and inlined because the search code calls it millions of times). */
static inline int pq_mask_count(pq_mask mask)
{
    mask = mask - ((mask >> 1) & 0x55555555u);
    mask = (mask & 0x33333333u) + ((mask >> 2) & 0x33333333u);
    return (int)((((mask + (mask >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

/* The lowest card of a non-empty mask. */
static inline int pq_mask_first(pq_mask mask)
{
    return __builtin_ctz(mask);
}

/* The n-th lowest card (n from 0) of a mask holding more than n cards. */
static inline int pq_mask_nth(pq_mask mask, int n)
{
    while (n-- > 0) mask &= mask - 1;
    return __builtin_ctz(mask);
}

/* Writes the cards of `mask`, lowest first, separated by spaces, into
 * `buf` of `cap` bytes (always NUL-terminated). Returns the length the full
 * text needs, as snprintf does. */
int pq_mask_format(pq_mask mask, char *buf, int cap);

/* Writes a pack order (32 cards) as text, "AS KS ...", into out (96 bytes
 * with the NUL). */
void pq_deck_format(const uint8_t deck[32], char out[96]);

/* Parses a pack order as pq_deck_format writes it: 32 different cards,
 * each two characters, separated by spaces (any number; spaces around
 * are ignored). Returns 0 with the order in deck, or -1 with the reason
 * in err (cap bytes): "'ZZ KS 7S' is not a card", "the pack names AS
 * twice", "the pack has 31 cards, not 32", "the pack has more than 32
 * cards". The one reader of a pack's text: records, fixtures, tests. */
int pq_deck_parse(const char *text, uint8_t deck[32], char *err, int cap);

#endif

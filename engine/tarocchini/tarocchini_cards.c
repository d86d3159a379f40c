/* tarocchini_cards.c - the 62-card Tarocco Bolognese (RULES-tarocchini.md
 * O2-O6, O30): tokens in the canonical pack order, suits, ranks, card
 * values, the card points of a pile, and decks (seeded shuffles and deck
 * texts). Card numbers are pack positions (tarocchini.h).
 */
#include <string.h>
#include "engine/rng.h"
#include "engine/tarocchini/tarocchini.h"
#include "engine/text.h"

static const char *const names[TAR_CARDS] = {
    "AN", "WO", "SU", "MO", "T16", "T15", "T14", "T13", "T12", "T11", "T10", "T9", "T8", "T7", "T6", "T5",
    "M1", "M2", "M3", "M4", "BE", "MA",
    "KS", "QS", "NS", "JS", "TS", "9S", "8S", "7S", "6S", "AS",
    "KB", "QB", "NB", "JB", "TB", "9B", "8B", "7B", "6B", "AB",
    "KC", "QC", "NC", "JC", "TC", "9C", "8C", "7C", "6C", "AC",
    "KD", "QD", "ND", "JD", "TD", "9D", "8D", "7D", "6D", "AD",
};

const char *tar_card_name(int card)
{
    return card >= 0 && card < TAR_CARDS ? names[card] : "?";
}

/* Each two-character token's card, indexed by its characters' codes minus
 * '1' (both in '1'..'Z'): card + 1, 0 for none. Parsing is one look-up,
 * where a chain of tests mispredicts on every random card. Written from the
 * same tokens as `names` (a test parses every name back). */
enum { TOKEN_SPAN = 'Z' - '1' + 1 };
#define TOK(a, b, card) [(a) - '1'][(b) - '1'] = (card) + 1
#define SUIT_TOKENS(ch, s)                                                                                        \
    TOK('K', ch, TAR_CARD(s, TAR_K)), TOK('Q', ch, TAR_CARD(s, TAR_Q)), TOK('N', ch, TAR_CARD(s, TAR_N)),         \
        TOK('J', ch, TAR_CARD(s, TAR_J)), TOK('T', ch, TAR_CARD(s, TAR_TEN)), TOK('9', ch, TAR_CARD(s, TAR_9)),   \
        TOK('8', ch, TAR_CARD(s, TAR_8)), TOK('7', ch, TAR_CARD(s, TAR_7)), TOK('6', ch, TAR_CARD(s, TAR_6)),     \
        TOK('A', ch, TAR_CARD(s, TAR_ACE))
static const uint8_t two_char[TOKEN_SPAN][TOKEN_SPAN] = {
    TOK('A', 'N', TAR_AN), TOK('W', 'O', TAR_WO), TOK('S', 'U', TAR_SU), TOK('M', 'O', TAR_MO),
    TOK('T', '9', TAR_NUMBERED(9)), TOK('T', '8', TAR_NUMBERED(8)), TOK('T', '7', TAR_NUMBERED(7)),
    TOK('T', '6', TAR_NUMBERED(6)), TOK('T', '5', TAR_NUMBERED(5)),
    TOK('M', '1', TAR_M1), TOK('M', '2', TAR_M1 + 1), TOK('M', '3', TAR_M1 + 2), TOK('M', '4', TAR_M1 + 3),
    TOK('B', 'E', TAR_BE), TOK('M', 'A', TAR_MA),
    SUIT_TOKENS('S', TAR_SWORDS), SUIT_TOKENS('B', TAR_BATONS), SUIT_TOKENS('C', TAR_CUPS), SUIT_TOKENS('D', TAR_COINS),
};

int tar_card_parse(const char *text, int len)
{
    if (len == 3)   /* T10 .. T16 */
        return text[0] == 'T' && text[1] == '1' && text[2] >= '0' && text[2] <= '6' ? TAR_NUMBERED(10 + text[2] - '0')
                                                                                   : -1;
    if (len != 2) return -1;
    unsigned x = (unsigned char)text[0] - '1', y = (unsigned char)text[1] - '1';
    if (x >= TOKEN_SPAN || y >= TOKEN_SPAN) return -1;
    return two_char[x][y] - 1;
}

/* O3 (the Moors one rank, O5 breaks their ties in play), O4: the rank of
 * each card, [round_suits_inverted][card]. A table because every trick
 * compares ranks (tar_rank in tarocchini.h reads it). */
#define PLAIN_SUIT 10, 9, 8, 7, 6, 5, 4, 3, 2, 1        /* K Q N J T 9 8 7 6 A */
#define ROUND_SUIT 10, 9, 8, 7, 1, 2, 3, 4, 5, 6        /* O4: K Q N J A 6 7 8 9 T */
#define TRUMP_RANKS 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, /* AN .. T5 */ \
                    10, 10, 10, 10, 5, 0                /* the Moors, BE, MA */
const uint8_t tar_rank_table[2][TAR_CARDS] = {
    { TRUMP_RANKS, PLAIN_SUIT, PLAIN_SUIT, PLAIN_SUIT, PLAIN_SUIT },
    { TRUMP_RANKS, PLAIN_SUIT, PLAIN_SUIT, ROUND_SUIT, ROUND_SUIT },
};

/* O6: the four tarocchi and the Kings 5, Queens 4, Knights 3, Jacks 2. */
int tar_card_value(int card)
{
    if (card == TAR_AN || card == TAR_WO || card == TAR_BE || card == TAR_MA) return 5;
    if (card < TAR_SUIT0) return 0;
    switch ((card - TAR_SUIT0) % 10) {
    case TAR_K: return 5;
    case TAR_Q: return 4;
    case TAR_N: return 3;
    case TAR_J: return 2;
    default: return 0;
    }
}

/* O30: (sum over the counters of value - 1) + cards / 2. */
int tar_card_points(tar_mask pile)
{
#define RANK_OF_EACH_SUIT(r) (((tar_mask)1 | (tar_mask)1 << 10 | (tar_mask)1 << 20 | (tar_mask)1 << 30) << (TAR_SUIT0 + (r)))
    tar_mask fives = TAR_BIT(TAR_AN) | TAR_BIT(TAR_WO) | TAR_WILDS | RANK_OF_EACH_SUIT(TAR_K);
    return tar_count(pile) / 2 + 4 * tar_count(pile & fives) + 3 * tar_count(pile & RANK_OF_EACH_SUIT(TAR_Q)) +
           2 * tar_count(pile & RANK_OF_EACH_SUIT(TAR_N)) + tar_count(pile & RANK_OF_EACH_SUIT(TAR_J));
}

void tar_deck_from_seed(uint64_t seed, int index, uint8_t deck[TAR_CARDS])
{
    struct pq_rng rng;
    pq_rng_seed(&rng, pq_rng_mix(seed, (uint64_t)index));
    static const uint8_t pack[TAR_CARDS] = {   /* 0 .. 61 */
        0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
        21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41,
        42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61,
    };
    memcpy(deck, pack, TAR_CARDS);   /* copied, not written byte by byte: every playout deals */
    for (int i = TAR_CARDS - 1; i > 0; i--) {
        int j = (int)pq_rng_below(&rng, (uint32_t)(i + 1));
        uint8_t x = deck[i];
        deck[i] = deck[j];
        deck[j] = x;
    }
}

int tar_deck_parse(const char *text, uint8_t deck[TAR_CARDS], char *err, int cap)
{
    struct pq_text t;
    tar_mask seen = 0;
    int n = 0;
    const char *p = text;
    pq_text_init(&t, err, cap);
    while (*p) {
        while (*p == ' ') p++;
        if (!*p) break;
        const char *start = p;
        while (*p && *p != ' ') p++;
        int c = tar_card_parse(start, (int)(p - start));
        if (c < 0) {
            pq_text_str(&t, "deck: '");
            pq_text_strn(&t, start, (int)(p - start) > 8 ? 8 : (int)(p - start));
            pq_text_str(&t, "' is not a card of the Tarocco Bolognese");
            return -1;
        }
        if (seen & TAR_BIT(c)) {
            pq_text_str(&t, "deck: ");
            pq_text_str(&t, names[c]);
            pq_text_str(&t, " appears twice");
            return -1;
        }
        if (n == TAR_CARDS) break;
        seen |= TAR_BIT(c);
        deck[n++] = (uint8_t)c;
    }
    if (n != TAR_CARDS || *p) {
        pq_text_str(&t, "deck: 62 cards, each once, are needed");
        return -1;
    }
    return 0;
}

int tar_cards_format(tar_mask m, char *buf, int cap)
{
    int len = 0;
    for (int first = 1; m; m &= m - 1, first = 0) {
        const char *name = names[__builtin_ctzll(m)];
        int n = name[2] ? 3 : 2;
        if (!first) {
            if (len + 1 < cap) buf[len] = ' ';
            len++;
        }
        for (int i = 0; i < n; i++, len++)
            if (len + 1 < cap) buf[len] = name[i];
    }
    if (cap > 0) buf[len < cap ? len : cap - 1] = '\0';
    return len;
}

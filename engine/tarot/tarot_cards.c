/* tarot_cards.c - the 78-card pack (RULES-tarot.md F2-F6, F9): card tokens,
 * half points, pack orders and their text, the seeded shuffle, and the
 * ranking of k-card subsets that lets discards and poignées be listed by
 * rank instead of stored.
 */
#include <string.h>
#include "engine/rng.h"
#include "engine/tarot/tarot.h"
#include "engine/text.h"

const char tarot_tokens[TAROT_CARDS][3] = {
    "01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13",
    "14", "15", "16", "17", "18", "19", "20", "21", "EX", "1S", "2S", "3S", "4S",
    "5S", "6S", "7S", "8S", "9S", "TS", "JS", "NS", "QS", "KS", "1H", "2H", "3H",
    "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "NH", "QH", "KH", "1D", "2D",
    "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "ND", "QD", "KD", "1C",
    "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "NC", "QC", "KC",
};

/* F6, in half points */
const uint8_t tarot_halves[TAROT_CARDS] = {
    9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 9, 9, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 3, 5, 7, 9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 5, 7, 9, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 3, 5, 7, 9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 5, 7, 9,
};

/* Reading a token (F3) is one look-up: each two-character token's card,
 * indexed by its characters' codes minus '0' (both in '0'..'X'), card + 1,
 * 0 for none. Written from the same tokens as tarot_tokens (a test parses
 * every token back, and every other pair of characters is refused). A
 * chain of tests on the token's form mispredicts on every random card. */
enum { TOKEN_SPAN = 'X' - '0' + 1 };
#define TOK(a, b, card) [(a) - '0'][(b) - '0'] = (card) + 1
#define TEN_TOKENS(tens, first)                                                                                    \
    TOK(tens, '0', first), TOK(tens, '1', first + 1), TOK(tens, '2', first + 2), TOK(tens, '3', first + 3),        \
        TOK(tens, '4', first + 4), TOK(tens, '5', first + 5), TOK(tens, '6', first + 6), TOK(tens, '7', first + 7), \
        TOK(tens, '8', first + 8), TOK(tens, '9', first + 9)
#define SUIT_TOKENS(ch, s)                                                                                          \
    TOK('1', ch, TAROT_CARD(s, 0)), TOK('2', ch, TAROT_CARD(s, 1)), TOK('3', ch, TAROT_CARD(s, 2)),                \
        TOK('4', ch, TAROT_CARD(s, 3)), TOK('5', ch, TAROT_CARD(s, 4)), TOK('6', ch, TAROT_CARD(s, 5)),            \
        TOK('7', ch, TAROT_CARD(s, 6)), TOK('8', ch, TAROT_CARD(s, 7)), TOK('9', ch, TAROT_CARD(s, 8)),            \
        TOK('T', ch, TAROT_CARD(s, 9)), TOK('J', ch, TAROT_CARD(s, 10)), TOK('N', ch, TAROT_CARD(s, 11)),          \
        TOK('Q', ch, TAROT_CARD(s, 12)), TOK('K', ch, TAROT_CARD(s, 13))
static const uint8_t two_char[TOKEN_SPAN][TOKEN_SPAN] = {
    TEN_TOKENS('0', -1), TEN_TOKENS('1', 9), TOK('2', '0', 19), TOK('2', '1', 20),   /* 01 .. 21 */
    TOK('E', 'X', TAROT_EXCUSE),
    SUIT_TOKENS('S', 0), SUIT_TOKENS('H', 1), SUIT_TOKENS('D', 2), SUIT_TOKENS('C', 3),
};

tarot_mask tarot_rank_mask(int rank)
{
    tarot_mask spade = TAROT_BIT(TAROT_CARD(0, rank));                 /* the others are 14 cards apart */
    return spade | spade << TAROT_RANKS | spade << (2 * TAROT_RANKS) | spade << (3 * TAROT_RANKS);
}

tarot_mask tarot_kings(void)
{
    return tarot_rank_mask(TAROT_KING);
}

tarot_mask tarot_bouts(void)
{
    return TAROT_BIT(TAROT_PETIT) | TAROT_BIT(TAROT_21) | TAROT_BIT(TAROT_EXCUSE);
}

int tarot_card_parse(const char *text)
{
    unsigned a = (unsigned char)text[0] - '0';
    if (a >= TOKEN_SPAN) return -1;   /* the NUL too: text[1] is not read past it */
    unsigned b = (unsigned char)text[1] - '0';
    return b < TOKEN_SPAN ? two_char[a][b] - 1 : -1;
}

int tarot_mask_halves(tarot_mask m)
{
    int h = 0;
    while (m) {
        int c = tarot_first(m);
        h += tarot_card_halves(c);
        m &= m - 1;
    }
    return h;
}

int tarot_mask_format(tarot_mask m, char *buf, int cap)
{
    struct pq_text t;
    char tok[3];
    pq_text_init(&t, buf, cap);
    for (int first = 1; m; m &= m - 1, first = 0) {
        tarot_card_format(tarot_first(m), tok);
        if (!first) pq_text_str(&t, " ");
        pq_text_str(&t, tok);
    }
    return t.len;
}

int tarot_deck_parse(const char *text, uint8_t deck[TAROT_CARDS], char *err, int cap)
{
    struct pq_text t;
    tarot_mask seen = 0;
    int n = 0;
    const char *p = text;
    pq_text_init(&t, err, cap);
    for (;;) {
        while (*p == ' ') p++;
        if (!*p) break;
        const char *start = p;
        while (*p && *p != ' ') p++;
        int len = (int)(p - start), c = len == 2 ? tarot_card_parse(start) : -1;
        if (c < 0) {
            pq_text_str(&t, "'");
            pq_text_strn(&t, start, len > 20 ? 20 : len);
            pq_text_str(&t, "' is not a card");
            return -1;
        }
        if (seen & TAROT_BIT(c)) {
            pq_text_str(&t, "the pack names ");
            pq_text_strn(&t, start, 2);
            pq_text_str(&t, " twice");
            return -1;
        }
        if (n == TAROT_CARDS) {
            pq_text_str(&t, "the pack has more than 78 cards");
            return -1;
        }
        seen |= TAROT_BIT(c);
        deck[n++] = (uint8_t)c;
    }
    if (n != TAROT_CARDS) {
        pq_text_str(&t, "the pack has ");
        pq_text_int(&t, n);
        pq_text_str(&t, " cards, not 78");
        return -1;
    }
    return 0;
}

int tarot_deck_format(const uint8_t deck[TAROT_CARDS], char *buf, int cap)
{
    struct pq_text t;
    char tok[3];
    pq_text_init(&t, buf, cap);
    for (int i = 0; i < TAROT_CARDS; i++) {
        tarot_card_format(deck[i], tok);
        if (i) pq_text_str(&t, " ");
        pq_text_str(&t, tok);
    }
    return t.len;
}

void tarot_deck_shuffle(uint64_t seed, int index, uint8_t deck[TAROT_CARDS])
{
    struct pq_rng rng;
    pq_rng_seed(&rng, pq_rng_mix(seed, (uint64_t)index));
    for (int i = 0; i < TAROT_CARDS; i++) deck[i] = (uint8_t)i;
    pq_rng_shuffle(&rng, deck, TAROT_CARDS);
}

long tarot_binomial(int n, int k)
{
    long v = 1;
    if (k < 0 || k > n) return 0;
    if (k > n - k) k = n - k;
    for (int i = 1; i <= k; i++) v = v * (n - k + i) / i;
    return v;
}

/* Lexicographic order of the k chosen positions among the m of `from`:
 * the subsets whose first chosen position is j come after every subset
 * starting before j. */
long tarot_subset_rank(tarot_mask from, tarot_mask sub)
{
    int m = tarot_count(from), k = tarot_count(sub), pos = 0;
    long rank = 0;
    for (tarot_mask f = from; f && k > 0; f &= f - 1, pos++) {
        int c = tarot_first(f);
        if (sub & TAROT_BIT(c)) {
            k--;
        } else {
            rank += tarot_binomial(m - pos - 1, k - 1);
        }
    }
    return rank;
}

tarot_mask tarot_subset_unrank(tarot_mask from, int k, long rank)
{
    int m = tarot_count(from), pos = 0;
    tarot_mask out = 0;
    for (tarot_mask f = from; f && k > 0; f &= f - 1, pos++) {
        int c = tarot_first(f);
        long with = tarot_binomial(m - pos - 1, k - 1);
        if (rank < with) {
            out |= TAROT_BIT(c);
            k--;
        } else {
            rank -= with;
        }
    }
    return out;
}

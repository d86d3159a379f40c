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

/* Reading a token (F3) by table look-ups alone. Each character has the
 * kinds of token it may stand in (TRUMP: a trump's number, SUITED: a suit
 * card, EXCUSE: "EX"); a pair is a token only if its characters share one
 * (a trump's number then at most 21). The second character is a digit
 * (form 0) or a letter (form 1); the first character's part under each
 * form (a trump's tens, 10 * d1 - 1; a rank, 22 + rank; E, the Excuse)
 * plus the second's (a digit's value, 14 * suit, 0 for X) make the card. */
enum { TRUMP = 1, SUITED = 2, EXCUSE = 4 };
static const uint8_t first_kinds[128] = {
    ['0'] = TRUMP, ['1'] = TRUMP | SUITED, ['2'] = TRUMP | SUITED, ['3'] = SUITED, ['4'] = SUITED,
    ['5'] = SUITED, ['6'] = SUITED, ['7'] = SUITED, ['8'] = SUITED, ['9'] = SUITED, ['T'] = SUITED,
    ['J'] = SUITED, ['N'] = SUITED, ['Q'] = SUITED, ['K'] = SUITED, ['E'] = EXCUSE };
static const int8_t first_part[128][2] = {
    ['0'] = { -1, 0 }, ['1'] = { 9, 22 }, ['2'] = { 19, 23 }, ['3'] = { 0, 24 }, ['4'] = { 0, 25 },
    ['5'] = { 0, 26 }, ['6'] = { 0, 27 }, ['7'] = { 0, 28 }, ['8'] = { 0, 29 }, ['9'] = { 0, 30 },
    ['T'] = { 0, 31 }, ['J'] = { 0, 32 }, ['N'] = { 0, 33 }, ['Q'] = { 0, 34 }, ['K'] = { 0, 35 },
    ['E'] = { 0, TAROT_EXCUSE } };
static const uint8_t second_kinds[128] = {
    ['0'] = TRUMP, ['1'] = TRUMP, ['2'] = TRUMP, ['3'] = TRUMP, ['4'] = TRUMP, ['5'] = TRUMP, ['6'] = TRUMP,
    ['7'] = TRUMP, ['8'] = TRUMP, ['9'] = TRUMP, ['S'] = SUITED, ['H'] = SUITED, ['D'] = SUITED,
    ['C'] = SUITED, ['X'] = EXCUSE };
static const uint8_t second_part[128] = { ['0'] = 0, ['1'] = 1, ['2'] = 2, ['3'] = 3, ['4'] = 4, ['5'] = 5,
                                          ['6'] = 6, ['7'] = 7, ['8'] = 8, ['9'] = 9, ['S'] = 0, ['H'] = 14,
                                          ['D'] = 28, ['C'] = 42, ['X'] = 0 };

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

/* No branch on the token's form: which form comes next is as random as
 * the card played, and a mispredicted branch cost more than the reading. */
int tarot_card_parse(const char *text)
{
    unsigned char a = (unsigned char)text[0], b = a ? (unsigned char)text[1] : 0;
    if (a >= 128 || b >= 128) return -1;
    int letter = second_kinds[b] != TRUMP, card = first_part[a][letter] + second_part[b];
    if (!(first_kinds[a] & second_kinds[b]) || card < 0 || (!letter && card >= TAROT_TRUMPS)) return -1;
    return card;
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

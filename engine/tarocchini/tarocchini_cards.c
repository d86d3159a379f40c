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

int tar_card_parse(const char *text, int len)
{
    if (len == 3)   /* T10 .. T16 */
        return text[0] == 'T' && text[1] == '1' && text[2] >= '0' && text[2] <= '6' ? TAR_NUMBERED(10 + text[2] - '0')
                                                                                   : -1;
    if (len != 2 || !text[0] || !text[1]) return -1;
    int suit = text[1] == 'S' ? 0 : text[1] == 'B' ? 1 : text[1] == 'C' ? 2 : text[1] == 'D' ? 3 : -1, rank;
    switch (text[0]) {
    case 'K': rank = TAR_K; break;
    case 'Q': rank = TAR_Q; break;
    case 'N': rank = TAR_N; break;
    case 'J': rank = TAR_J; break;
    case 'T': rank = TAR_TEN; break;
    case 'A': rank = TAR_ACE; break;
    default: rank = text[0] >= '6' && text[0] <= '9' ? TAR_6 - (text[0] - '6') : -1; break;
    }
    if (suit >= 0 && rank >= 0) return TAR_CARD(suit, rank);
    if (text[0] == 'T') return text[1] >= '5' && text[1] <= '9' ? TAR_NUMBERED(text[1] - '0') : -1;
    if (text[0] == 'M' && text[1] >= '1' && text[1] <= '4') return TAR_M1 + text[1] - '1';
    for (int c = TAR_AN; c <= TAR_MA; c++)   /* AN WO SU MO BE MA */
        if (names[c][0] == text[0] && names[c][1] == text[1] && !names[c][2]) return c;
    return -1;
}

/* O3 (the Moors one rank, O5 breaks their ties in play), O4. */
int tar_rank(int card, const struct tar_rules *rules)
{
    static const int round_order[10] = { 10, 9, 8, 7, 1, 2, 3, 4, 5, 6 };   /* K Q N J T 9 8 7 6 A */
    if (card == TAR_MA) return 0;
    if (card < TAR_M1) return 30 - card;           /* AN 30 .. T5 15 */
    if (card < TAR_BE) return 10;                  /* the four Moors */
    if (card == TAR_BE) return 5;
    int s = (card - TAR_SUIT0) / 10, r = (card - TAR_SUIT0) % 10;
    if (rules->round_suits_inverted && (s == TAR_CUPS || s == TAR_COINS)) return round_order[r];
    return 10 - r;                                 /* K 10 .. A 1 */
}

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
    for (int i = 0; i < TAR_CARDS; i++) deck[i] = (uint8_t)i;
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

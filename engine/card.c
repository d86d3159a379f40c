/* card.c - card numbering, pip values and the two-character text form.
 * Pure functions over the encoding described in card.h; no state.
 */
#include "engine/card.h"
#include "engine/text.h"

static const char rank_chars[] = "789TJQKA";
static const char suit_chars[] = "SHDC";

int pq_card_pips(int card)
{
    static const int pips[PQ_RANKS] = { 7, 8, 9, 10, 10, 10, 10, 11 };
    return pips[PQ_RANK(card)];
}

int pq_card_parse(const char *text)
{
    int rank = -1, suit = -1;
    for (int i = 0; i < PQ_RANKS; i++)
        if (text[0] == rank_chars[i]) rank = i;
    if (rank < 0) return -1;
    for (int i = 0; i < PQ_SUITS; i++)
        if (text[1] == suit_chars[i]) suit = i;
    if (suit < 0) return -1;
    return PQ_CARD(suit, rank);
}

void pq_card_format(int card, char out[3])
{
    out[0] = rank_chars[PQ_RANK(card)];
    out[1] = suit_chars[PQ_SUIT(card)];
    out[2] = '\0';
}

int pq_mask_format(pq_mask mask, char *buf, int cap)
{
    int len = 0;
    for (; mask; mask &= mask - 1) {
        char card[3];
        pq_card_format(__builtin_ctz(mask), card);
        for (int i = (len ? -1 : 0); i < 2; i++) {
            char c = i < 0 ? ' ' : card[i];
            if (len + 1 < cap) buf[len] = c;
            len++;
        }
    }
    if (cap > 0) buf[len < cap ? len : cap - 1] = '\0';
    return len;
}

void pq_deck_format(const uint8_t deck[32], char out[96])
{
    for (int i = 0; i < 32; i++) {
        pq_card_format(deck[i], out + 3 * i);
        out[3 * i + 2] = i < 31 ? ' ' : '\0';
    }
}

int pq_deck_parse(const char *text, uint8_t deck[32], char *err, int cap)
{
    struct pq_text t;
    pq_mask seen = 0;
    int n = 0;
    pq_text_init(&t, err, cap);
    for (const char *p = text; *p;) {
        if (*p == ' ') {
            p++;
            continue;
        }
        int card = (p[1] && (p[2] == ' ' || !p[2])) ? pq_card_parse(p) : -1;
        if (card < 0) {
            int len = 0;
            while (len < 8 && p[len]) len++;
            pq_text_str(&t, "'");
            pq_text_strn(&t, p, len);
            pq_text_str(&t, "' is not a card");
            return -1;
        }
        if (n == 32) {
            pq_text_str(&t, "the pack has more than 32 cards");
            return -1;
        }
        if (seen & PQ_BIT(card)) {
            pq_text_str(&t, "the pack names ");
            pq_text_strn(&t, p, 2);
            pq_text_str(&t, " twice");
            return -1;
        }
        seen |= PQ_BIT(card);
        deck[n++] = (uint8_t)card;
        p += 2;
    }
    if (n != 32) {
        pq_text_str(&t, "the pack has ");
        pq_text_int(&t, n);
        pq_text_str(&t, " cards, not 32");
        return -1;
    }
    return 0;
}

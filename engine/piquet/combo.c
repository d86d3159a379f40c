/* combo.c - shapes, keys and scores of point, sequence and set
 * (docs/rules-piquet.md R13-R16). Pure functions over card masks.
 */
#include "engine/piquet/combo.h"

#define RANK_ROW(rank) ((pq_mask)0x01010101u << (rank))

const char *pq_class_name(int cls)
{
    static const char *names[PQ_CLASSES] = { "point", "sequence", "set" };
    return names[cls];
}

static int suit_of_single_suit(pq_mask cards)
{
    if (!cards) return -1;
    int suit = PQ_SUIT(pq_mask_first(cards));
    return (cards & ~PQ_SUIT_MASK(suit)) ? -1 : suit;
}

bool pq_combo_is(int cls, pq_mask cards, int point_min_len)
{
    int n = pq_mask_count(cards);
    if (cls == PQ_CLASS_POINT)
        return n >= (point_min_len > 1 ? point_min_len : 1) && suit_of_single_suit(cards) >= 0;
    if (cls == PQ_CLASS_SEQUENCE) {
        if (n < 3 || suit_of_single_suit(cards) < 0) return false;
        pq_mask run = cards >> pq_mask_first(cards);
        return (run & (run + 1)) == 0;
    }
    if (n != 3 && n != 4) return false;
    int rank = PQ_RANK(pq_mask_first(cards));
    return rank >= PQ_RANK_T && (cards & ~RANK_ROW(rank)) == 0;
}

/* Cards of rank `rank` in a mask, at most one a suit byte: the bytes'
 * bits gathered into the top byte by one multiplication. */
static int rank_count(pq_mask cards, int rank)
{
    return (int)((((cards >> rank) & 0x01010101u) * 0x01010101u) >> 24);
}

int pq_combo_key(int cls, pq_mask cards)
{
    int n = pq_mask_count(cards);
    int high = 31 - __builtin_clz(cards);
    if (cls == PQ_CLASS_POINT) {
        /* R2's pips, 10 a card but 7, 8, 9 and 11 for the 7, 8, 9 and A
         * (pq_card_pips), counted a rank at a time. */
        int pips = 10 * n - 3 * rank_count(cards, PQ_RANK_7) - 2 * rank_count(cards, PQ_RANK_8) -
                   rank_count(cards, PQ_RANK_9) + rank_count(cards, PQ_RANK_A);
        return n * 256 + pips;
    }
    return n * 16 + PQ_RANK(high);
}

int pq_combo_score(int cls, pq_mask cards)
{
    static const int sequence_scores[9] = { 0, 0, 0, 3, 4, 15, 16, 17, 18 };
    int n = pq_mask_count(cards);
    if (cls == PQ_CLASS_POINT) return n;
    if (cls == PQ_CLASS_SEQUENCE) return sequence_scores[n];
    return n == 4 ? 14 : 3;
}

int pq_combo_best_key(int cls, pq_mask avail, int point_min_len)
{
    int best = 0;
    if (cls == PQ_CLASS_SET) {
        /* The ranks T..A held in all four suits, and in three or more,
         * from the suits' bytes at once: any quatorze beats any trio, and
         * the higher rank the lower. */
        pq_mask s0 = avail & 0xff, s1 = (avail >> 8) & 0xff, s2 = (avail >> 16) & 0xff, s3 = avail >> 24;
        pq_mask four = s0 & s1 & s2 & s3 & (0xffu << PQ_RANK_T);
        pq_mask three = ((s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))) & (0xffu << PQ_RANK_T);
        if (four) return 4 * 16 + 31 - __builtin_clz(four);
        return three ? 3 * 16 + 31 - __builtin_clz(three) : 0;
    }
    if (cls == PQ_CLASS_SEQUENCE) {
        /* The longest run wins, then the highest: the cards starting a run
         * of len in a suit, for len = 3, 4... while there are any; the
         * best key is the longest's, from its highest start. */
        pq_mask from = avail & (avail >> 1) & (avail >> 2) & 0x3f3f3f3fu, longest = 0;
        int len = 3;
        for (; from; len++) {
            longest = from;
            from &= (avail >> len) & (0x01010101u * (0xffu >> len));   /* start + len in the suit */
        }
        if (!longest) return 0;
        len--;
        pq_mask starts = (longest | longest >> 8 | longest >> 16 | longest >> 24) & 0xff;
        return len * 16 + (31 - __builtin_clz(starts)) + len - 1;
    }
    for (int suit = 0; suit < PQ_SUITS; suit++) {
        pq_mask held = avail & PQ_SUIT_MASK(suit);
        if (held && pq_combo_is(cls, held, point_min_len) && pq_combo_key(cls, held) > best)
            best = pq_combo_key(cls, held);
    }
    return best;
}

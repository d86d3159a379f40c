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

int pq_combo_key(int cls, pq_mask cards)
{
    int n = pq_mask_count(cards);
    int high = 31 - __builtin_clz(cards);
    if (cls == PQ_CLASS_POINT) {
        int pips = 0;
        for (pq_mask m = cards; m; m &= m - 1) pips += pq_card_pips(pq_mask_first(m));
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
        for (int rank = PQ_RANK_T; rank <= PQ_RANK_A; rank++) {
            pq_mask row = avail & RANK_ROW(rank);
            if (pq_mask_count(row) >= 3 && pq_combo_key(cls, row) > best)
                best = pq_combo_key(cls, row);
        }
        return best;
    }
    for (int suit = 0; suit < PQ_SUITS; suit++) {
        pq_mask held = avail & PQ_SUIT_MASK(suit);
        if (!held) continue;
        if (cls == PQ_CLASS_POINT) {
            if (pq_combo_is(cls, held, point_min_len) && pq_combo_key(cls, held) > best)
                best = pq_combo_key(cls, held);
            continue;
        }
        /* Each maximal run of the suit; the whole run is its best. */
        while (held) {
            pq_mask low = held & -held;
            pq_mask run = held & ~(held + low);   /* the lowest run */
            held &= ~run;
            if (pq_mask_count(run) >= 3 && pq_combo_key(cls, run) > best)
                best = pq_combo_key(cls, run);
        }
    }
    return best;
}

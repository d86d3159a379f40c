/* combo.h - the three classes of declaration and how combinations compare.
 *
 * A combination is a set of cards (a mask) of one class. Its key orders it
 * within the class: a larger key is better, an equal key is "equal"
 * (docs/rules-piquet.md R13-R15, R17). Keys:
 *   point     length * 256 + pip total       (R13, R2)
 *   sequence  length * 16 + rank of top card (R14)
 *   set       count * 16 + rank              (R15: quatorze beats any trio)
 */
#ifndef PQ_COMBO_H
#define PQ_COMBO_H

#include <stdbool.h>
#include "engine/card.h"

enum pq_class { PQ_CLASS_POINT, PQ_CLASS_SEQUENCE, PQ_CLASS_SET, PQ_CLASSES };

/* The class's word in the action notation ("point", "sequence", "set"). */
const char *pq_class_name(int cls);

/* True when `cards` form one combination of class `cls` (R13-R16):
 * point: 1..8 cards of one suit, at least point_min_len; sequence: 3+ cards
 * of consecutive rank in one suit; set: 3 or 4 cards of one rank, T or
 * higher. Whether the cards are held is the caller's check. */
bool pq_combo_is(int cls, pq_mask cards, int point_min_len);

/* The key of a valid combination (see top). */
int pq_combo_key(int cls, pq_mask cards);

/* What a valid combination scores: point 1 per card; sequence 3, 4, 15,
 * 16, 17, 18 for 3..8 cards; set 3 or 14 (R13-R15, Law 63). */
int pq_combo_score(int cls, pq_mask cards);

/* The best key of any combination of class `cls` that can be formed from
 * the cards in `avail`, or 0 when none can (used by Law 49, R18). */
int pq_combo_best_key(int cls, pq_mask avail, int point_min_len);

#endif

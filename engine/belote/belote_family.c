/* belote_family.c - the rules the Belote family shares (belote_family.h):
 * the card tables of B2 that Belote's forms and Coinche both read.
 */
#include "engine/belote/belote_family.h"

/* B2 (K2): by rank 7 8 9 T J Q K A. */
const uint8_t bel_trump_points[PQ_RANKS] = { 0, 0, 14, 10, 20, 3, 4, 11 };
const uint8_t bel_plain_points[PQ_RANKS] = { 0, 0, 0, 10, 2, 3, 4, 11 };
const uint8_t bel_trump_strength[PQ_RANKS] = { 0, 1, 6, 4, 7, 2, 3, 5 };   /* J 9 A T K Q 8 7 */
const uint8_t bel_plain_strength[PQ_RANKS] = { 0, 1, 2, 6, 3, 4, 5, 7 };   /* A T K Q J 9 8 7 */

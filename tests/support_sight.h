/* support_sight.h - what a seat may have seen of a deal, and which cards a
 * piece of text names, for the no-leak tests (docs/rules-piquet.md section 7).
 *
 * The allowed set is derived from the pack and the action history alone,
 * never from the engine's view code (the same derivation as
 * tests/test_properties.c), so a view or an event that shows a card the seat
 * may not see is caught even when view.c and the codec agree with each other.
 * The ss_ prefix stands for support_sight.
 */
#ifndef SUPPORT_SIGHT_H
#define SUPPORT_SIGHT_H

#include <stddef.h>
#include "engine/piquet/deal.h"

/* Every card `seat` may have seen of `d` by now. */
pq_mask ss_allowed_cards(const struct pq_deal *d, int seat);

/* Every card named in `len` bytes of text: a rank (7 8 9 T J Q K A) and a
 * suit (S H D C) with no letter or digit on either side. */
pq_mask ss_text_cards(const char *text, size_t len);

#endif

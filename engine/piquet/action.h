/* action.h - one decision of a player, and its text notation (docs/design.md
 * "Actions"): the same strings in the engine, the protocol, deal records
 * and logs.
 *
 *   discard C1 C2 ...        announce N        declare point|sequence|set C...
 *   pass                     look | nolook     play C
 *
 * Parsing checks the form only (known words, real cards, no card twice);
 * whether the action is legal now is the deal's business (deal.h).
 */
#ifndef PQ_ACTION_H
#define PQ_ACTION_H

#include <stdint.h>
#include "engine/card.h"

enum pq_action_kind {
    PQ_ACT_DISCARD, PQ_ACT_ANNOUNCE, PQ_ACT_DECLARE, PQ_ACT_PASS,
    PQ_ACT_LOOK, PQ_ACT_NOLOOK, PQ_ACT_PLAY
};

struct pq_action {
    uint8_t kind;    /* enum pq_action_kind */
    uint8_t cls;     /* declare: enum pq_class */
    uint8_t number;  /* announce: k; play: the card */
    uint8_t pad;
    pq_mask cards;   /* discard, declare: the cards; play: the card's bit */
};

/* Longest text an action can have (8 cards discarded, declared...). */
enum { PQ_ACTION_TEXT_MAX = 64 };

/* Parses `text` (`len` bytes, need not be NUL-terminated; single spaces
 * between words; surrounding spaces ignored). Returns 0, or -1 with the
 * reason in err (cap bytes). */
int pq_action_parse(const char *text, int len, struct pq_action *out, char *err, int cap);

/* Writes the canonical text of an action (cards lowest first: spades,
 * hearts, diamonds, clubs, each 7 to A) into buf; returns its length as
 * snprintf does. */
int pq_action_format(const struct pq_action *self, char *buf, int cap);

/* True when two actions are the same decision. */
int pq_action_equal(const struct pq_action *a, const struct pq_action *b);

#endif

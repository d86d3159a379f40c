/* rules.h - the variant flags of docs/rules-piquet.md section 8, defaults first.
 *
 * A plain value; every deal and partie carries its own copy. Flags are set
 * by name and text value (as in a deal record's "rules" object) so that
 * callers never need to know the enum spellings.
 */
#ifndef PQ_RULES_H
#define PQ_RULES_H

#include <stdint.h>

enum pq_trick_scoring {
    PQ_TRICKS_LAW65,        /* R21: lead 1, win against the lead 1, last 1 */
    PQ_TRICKS_PENGUIN,      /* seed 000: won on own lead 1, against it 2 */
    PQ_TRICKS_LEAD_ONLY,    /* seed 001: 1 per lead, nothing else */
    PQ_TRICKS_TEN_FOR_LAST  /* 1 per trick won, 10 for the last, no cards */
};

struct pq_rules {
    uint8_t trick_scoring;        /* enum pq_trick_scoring */
    uint8_t younger_must_discard; /* Law 22: younger takes at least one */
    uint8_t point_min_len;        /* shortest point that may be declared */
    uint8_t law49;                /* extras above a call good against the cards */
    uint8_t partie_deals;         /* 6, or 4 with deals 1 and 4 doubled */
    uint8_t carte_rouge;          /* Parlett's variant, see deal.h */
};

/* The defaults of docs/rules-piquet.md section 8. */
void pq_rules_default(struct pq_rules *self);

/* Sets flag `name` from its text `value`: trick_scoring law65 | penguin |
 * lead_only | ten_for_last; younger_must_discard, law49, carte_rouge
 * true | false; point_min_len 1..8; partie_deals 6 | 4. Returns 0, or -1
 * with a reason in err (cap bytes) for an unknown flag or value. */
int pq_rules_set(struct pq_rules *self, const char *name, const char *value,
                 char *err, int cap);

/* The text value of flag `name` (for writing records), or NULL. The result
 * points into `buf` (at least 16 bytes) or into static storage. */
const char *pq_rules_get(const struct pq_rules *self, const char *name, char *buf);

/* The flag names, NULL-terminated, in the order of section 8. */
extern const char *const pq_rules_names[];

#endif

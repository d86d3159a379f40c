/* rules.h - the variant flags of docs/rules-piquet.md section 8, defaults first.
 *
 * A plain value; every deal and partie carries its own copy. Flags are set
 * by name and text value (as in a deal record's "rules" object) so that
 * callers never need to know the enum spellings.
 *
 * Each flag is declared once, in the table pq_rule_flags (rules.c): its
 * name, its type, its allowed values, its default and a line of help.
 * The defaults, the parser, the names a record writes (all as text), the
 * protocol's typed JSON (a boolean, a number or a string by `type`) and
 * every --help or `arena rules` listing are read from that table.
 */
#ifndef PQ_RULES_H
#define PQ_RULES_H

#include <stddef.h>
#include <stdint.h>
#include "engine/game.h"

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

/* What a flag's value is, which decides how the protocol writes it
 * (protocol/README.md): a string naming a choice, a JSON boolean, or a
 * JSON number. Records write every value as text. */
enum pq_rule_type {
    PQ_RULE_CHOICE = GAME_FLAG_CHOICE,  /* stored as the index of the value in `values` */
    PQ_RULE_BOOL = GAME_FLAG_BOOL,      /* values "false", "true": stored 0 or 1 */
    PQ_RULE_NUMBER = GAME_FLAG_NUMBER   /* values are decimal numbers: stored as the number */
};

struct pq_rule_flag {
    const char *name;               /* "trick_scoring" */
    enum pq_rule_type type;
    const char *const *values;      /* every allowed value as text, NULL-terminated */
    const char *fallback;           /* the default, one of values */
    const char *help;               /* one line, no newline */
    size_t offset;                  /* of the flag's uint8_t in struct pq_rules */
};

enum { PQ_RULE_FLAGS = 6 };

/* Every flag, in the order of section 8. */
extern const struct pq_rule_flag pq_rule_flags[PQ_RULE_FLAGS];

/* The same table as game.h's flags (piquet_game.flags), made from the
 * same declaration. */
extern const struct game_flag pq_game_flags[PQ_RULE_FLAGS];

/* The flag names, NULL-terminated, in the same order (pq_rule_flags[i].name). */
extern const char *const pq_rules_names[];

/* Pairs {name, default}, NULL-terminated, as game.h lists a game's options. */
extern const char *const pq_rules_defaults[];

/* The flag called `name`, or NULL. */
const struct pq_rule_flag *pq_rule_flag_find(const char *name);

/* The defaults of docs/rules-piquet.md section 8 (each flag's fallback). */
void pq_rules_default(struct pq_rules *self);

/* Sets flag `name` from its text `value`, one of the flag's values.
 * Returns 0, or -1 with a reason in err (cap bytes) for an unknown flag
 * ("rules: unknown flag 'x'") or value ("rules.law49: 'x' is not true or
 * false"). */
int pq_rules_set(struct pq_rules *self, const char *name, const char *value,
                 char *err, int cap);

/* The text value of flag `name` (for writing records), or NULL. The result
 * points into static storage (the table); `buf` is not used and may be
 * NULL (it stays in the signature for older callers). */
const char *pq_rules_get(const struct pq_rules *self, const char *name, char *buf);

/* The stored value of a flag: the choice's index, 0 or 1, or the number. */
int pq_rules_value(const struct pq_rules *self, const struct pq_rule_flag *flag);

/* The allowed values as one text, written into buf (cap bytes):
 * "law65|penguin|lead_only|ten_for_last", "true|false", "1..8" for a run
 * of numbers. Returns buf. */
const char *pq_rule_values_text(const struct pq_rule_flag *flag, char *buf, int cap);

#endif

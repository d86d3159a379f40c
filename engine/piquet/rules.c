/* rules.c - the variant flags of docs/rules-piquet.md section 8, declared
 * once in pq_rule_flags. Every other listing of the flags (defaults,
 * parsing, records, the protocol, help texts) is read from that table.
 */
#include <string.h>
#include "engine/piquet/rules.h"
#include "engine/text.h"

static const char *const trick_values[] = { "law65", "penguin", "lead_only", "ten_for_last", NULL };
static const char *const bool_values[] = { "false", "true", NULL };
static const char *const length_values[] = { "1", "2", "3", "4", "5", "6", "7", "8", NULL };
static const char *const deals_values[] = { "6", "4", NULL };

/* The table, once: name, type, values, default, help. Everything below
 * is derived from it. */
#define PQ_RULE_TABLE(X) \
    X(trick_scoring, PQ_RULE_CHOICE, trick_values, "law65", \
      "how tricks score: law65 (R21), penguin (seed 000), lead_only (seed 001), ten_for_last") \
    X(younger_must_discard, PQ_RULE_BOOL, bool_values, "true", \
      "younger must exchange at least one card (Law 22)") \
    X(point_min_len, PQ_RULE_NUMBER, length_values, "1", \
      "the shortest point that may be declared") \
    X(law49, PQ_RULE_BOOL, bool_values, "true", \
      "elder's extras may rank above his call when it is good against the cards (Law 49)") \
    X(partie_deals, PQ_RULE_NUMBER, deals_values, "6", \
      "deals in a partie: 6, or 4 with deals 1 and 4 counted double (note to Law 71)") \
    X(carte_rouge, PQ_RULE_BOOL, bool_values, "false", \
      "Parlett's carte rouge: 20 for twelve cards that all score in the declarations")

#define AS_FLAG(name, type, values, fallback, help) \
    { #name, type, values, fallback, help, offsetof(struct pq_rules, name) },
#define AS_GAME_FLAG(name, type, values, fallback, help) \
    { #name, (enum game_flag_type)(type), values, fallback, help, 0, 0 },
#define AS_NAME(name, type, values, fallback, help) #name,
#define AS_DEFAULT(name, type, values, fallback, help) #name, fallback,

const struct pq_rule_flag pq_rule_flags[PQ_RULE_FLAGS] = { PQ_RULE_TABLE(AS_FLAG) };
const struct game_flag pq_game_flags[PQ_RULE_FLAGS] = { PQ_RULE_TABLE(AS_GAME_FLAG) };
const char *const pq_rules_names[PQ_RULE_FLAGS + 1] = { PQ_RULE_TABLE(AS_NAME) NULL };
const char *const pq_rules_defaults[2 * PQ_RULE_FLAGS + 1] = { PQ_RULE_TABLE(AS_DEFAULT) NULL };

const struct pq_rule_flag *pq_rule_flag_find(const char *name)
{
    for (int i = 0; i < PQ_RULE_FLAGS; i++)
        if (!strcmp(pq_rule_flags[i].name, name)) return &pq_rule_flags[i];
    return NULL;
}

static uint8_t *slot(struct pq_rules *self, const struct pq_rule_flag *flag)
{
    return (uint8_t *)self + flag->offset;
}

/* The stored value of values[i]. */
static uint8_t stored(const struct pq_rule_flag *flag, int i)
{
    if (flag->type != PQ_RULE_NUMBER) return (uint8_t)i;
    int n = 0;
    for (const char *p = flag->values[i]; *p; p++) n = n * 10 + (*p - '0');
    return (uint8_t)n;
}

static int set(struct pq_rules *self, const struct pq_rule_flag *flag, const char *value)
{
    for (int i = 0; flag->values[i]; i++)
        if (!strcmp(value, flag->values[i])) {
            *slot(self, flag) = stored(flag, i);
            return 0;
        }
    return -1;
}

void pq_rules_default(struct pq_rules *self)
{
    memset(self, 0, sizeof *self);
    for (int i = 0; i < PQ_RULE_FLAGS; i++) set(self, &pq_rule_flags[i], pq_rule_flags[i].fallback);
}

/* "a|b|c" as "a, b or c" for a message. */
static void values_in_words(struct pq_text *t, const struct pq_rule_flag *flag)
{
    for (int i = 0; flag->values[i]; i++) {
        if (i) pq_text_str(t, flag->values[i + 1] ? ", " : " or ");
        pq_text_str(t, flag->values[i]);
    }
}

int pq_rules_set(struct pq_rules *self, const char *name, const char *value,
                 char *err, int cap)
{
    struct pq_text t;
    const struct pq_rule_flag *flag = pq_rule_flag_find(name);
    if (flag && set(self, flag, value) == 0) return 0;
    pq_text_init(&t, err, cap);
    if (!flag) {
        pq_text_str(&t, "rules: unknown flag '");
        pq_text_str(&t, name);
        pq_text_str(&t, "' (the flags: ");
        for (int i = 0; i < PQ_RULE_FLAGS; i++) {
            if (i) pq_text_str(&t, ", ");
            pq_text_str(&t, pq_rule_flags[i].name);
        }
        pq_text_str(&t, ")");
        return -1;
    }
    pq_text_str(&t, "rules.");
    pq_text_str(&t, name);
    pq_text_str(&t, ": '");
    pq_text_str(&t, value);
    pq_text_str(&t, "' is not ");
    values_in_words(&t, flag);
    return -1;
}

int pq_rules_value(const struct pq_rules *self, const struct pq_rule_flag *flag)
{
    return *((const uint8_t *)self + flag->offset);
}

const char *pq_rules_get(const struct pq_rules *self, const char *name, char *buf)
{
    const struct pq_rule_flag *flag = pq_rule_flag_find(name);
    (void)buf;
    if (!flag) return NULL;
    int value = pq_rules_value(self, flag);
    for (int i = 0; flag->values[i]; i++)
        if (stored(flag, i) == value) return flag->values[i];
    return NULL;
}

const char *pq_rule_values_text(const struct pq_rule_flag *flag, char *buf, int cap)
{
    /* The same table as game.h's flags: one way to show values. */
    return game_flag_values_text(&pq_game_flags[flag - pq_rule_flags], buf, cap);
}

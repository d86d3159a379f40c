/* rules.c - variant flags by name (docs/rules-piquet.md section 8). */
#include <string.h>
#include "engine/rules.h"
#include "engine/text.h"

const char *const pq_rules_names[] = {
    "trick_scoring", "younger_must_discard", "point_min_len", "law49",
    "partie_deals", "carte_rouge", NULL
};

static const char *const trick_names[] = { "law65", "penguin", "lead_only", "ten_for_last" };

void pq_rules_default(struct pq_rules *self)
{
    self->trick_scoring = PQ_TRICKS_LAW65;
    self->younger_must_discard = 1;
    self->point_min_len = 1;
    self->law49 = 1;
    self->partie_deals = 6;
    self->carte_rouge = 0;
}

static int fail(char *err, int cap, const char *a, const char *b, const char *c)
{
    struct pq_text t;
    pq_text_init(&t, err, cap);
    pq_text_str(&t, a);
    pq_text_str(&t, b);
    pq_text_str(&t, c);
    return -1;
}

static int parse_bool(const char *value, uint8_t *out)
{
    if (!strcmp(value, "true")) { *out = 1; return 0; }
    if (!strcmp(value, "false")) { *out = 0; return 0; }
    return -1;
}

int pq_rules_set(struct pq_rules *self, const char *name, const char *value,
                 char *err, int cap)
{
    if (!strcmp(name, "trick_scoring")) {
        for (int i = 0; i < 4; i++)
            if (!strcmp(value, trick_names[i])) { self->trick_scoring = (uint8_t)i; return 0; }
        return fail(err, cap, "rules.trick_scoring: '", value, "' is not law65, penguin, lead_only or ten_for_last");
    }
    uint8_t *flag = !strcmp(name, "younger_must_discard") ? &self->younger_must_discard
                  : !strcmp(name, "law49") ? &self->law49
                  : !strcmp(name, "carte_rouge") ? &self->carte_rouge : NULL;
    if (flag) {
        if (parse_bool(value, flag) == 0) return 0;
        return fail(err, cap, name, ": not true or false: ", value);
    }
    if (!strcmp(name, "point_min_len")) {
        if (strlen(value) == 1 && value[0] >= '1' && value[0] <= '8') {
            self->point_min_len = (uint8_t)(value[0] - '0');
            return 0;
        }
        return fail(err, cap, "rules.point_min_len: '", value, "' is not a number from 1 to 8");
    }
    if (!strcmp(name, "partie_deals")) {
        if (!strcmp(value, "6") || !strcmp(value, "4")) {
            self->partie_deals = (uint8_t)(value[0] - '0');
            return 0;
        }
        return fail(err, cap, "rules.partie_deals: '", value, "' is not 6 or 4");
    }
    return fail(err, cap, "rules: unknown flag '", name, "'");
}

const char *pq_rules_get(const struct pq_rules *self, const char *name, char *buf)
{
    if (!strcmp(name, "trick_scoring")) return trick_names[self->trick_scoring];
    if (!strcmp(name, "younger_must_discard")) return self->younger_must_discard ? "true" : "false";
    if (!strcmp(name, "law49")) return self->law49 ? "true" : "false";
    if (!strcmp(name, "carte_rouge")) return self->carte_rouge ? "true" : "false";
    if (!strcmp(name, "point_min_len")) { buf[0] = (char)('0' + self->point_min_len); buf[1] = '\0'; return buf; }
    if (!strcmp(name, "partie_deals")) { buf[0] = (char)('0' + self->partie_deals); buf[1] = '\0'; return buf; }
    return NULL;
}

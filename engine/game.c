/* game.c - what every game module shares (game.h): the list of modules,
 * lookup by name, flag checks and the winner from match points.
 */
#include <string.h>
#include "engine/game.h"
#include "engine/text.h"

const struct game *const game_modules[] = { &piquet_game, &belote_game, &belote_marseillaise_game,
                                              &belote_partnership_game, &coinche_game, &tarot_game,
                                              &tarocchini_game, NULL };

const struct game *game_find(const char *name)
{
    for (int i = 0; game_modules[i]; i++)
        if (!strcmp(game_modules[i]->name, name)) return game_modules[i];
    return NULL;
}

const struct game_flag *game_flag_find(const struct game *g, const char *name)
{
    for (int i = 0; i < g->n_flags; i++)
        if (!strcmp(g->flags[i].name, name)) return &g->flags[i];
    return NULL;
}

/* A whole number in [min, max], written as RFC 8259 writes integers. */
static int whole_in(const char *value, long min, long max)
{
    const char *p = value;
    long n = 0;
    int neg = *p == '-';
    if (neg) p++;
    if (!*p || (*p == '0' && p[1])) return 0;
    for (; *p; p++) {
        if (*p < '0' || *p > '9' || n > 100000000L) return 0;
        n = n * 10 + (*p - '0');
    }
    if (neg) n = -n;
    return n >= min && n <= max;
}

/* The value of a whole number's text (checked by whole_in). */
static long strtol_of(const char *text)
{
    long n = 0;
    int neg = *text == '-';
    for (const char *p = text + neg; *p; p++) n = n * 10 + (*p - '0');
    return neg ? -n : n;
}

int game_flag_check(const struct game_flag *flag, const char *value, char *err, int cap)
{
    struct pq_text t;
    if (flag->values) {
        for (int i = 0; flag->values[i]; i++)
            if (!strcmp(value, flag->values[i])) return 0;
    } else if (whole_in(value, flag->min, flag->max)) {
        return 0;
    }
    pq_text_init(&t, err, cap);
    pq_text_str(&t, "rules.");
    pq_text_str(&t, flag->name);
    pq_text_str(&t, ": '");
    pq_text_str(&t, value);
    pq_text_str(&t, "' is not ");
    if (flag->values) {
        for (int i = 0; flag->values[i]; i++) {
            if (i) pq_text_str(&t, flag->values[i + 1] ? ", " : " or ");
            pq_text_str(&t, flag->values[i]);
        }
    } else {
        pq_text_str(&t, "a whole number from ");
        pq_text_int(&t, flag->min);
        pq_text_str(&t, " to ");
        pq_text_int(&t, flag->max);
    }
    return -1;
}

int game_flag_at(const struct game_flag *flags, int n, const char *name, const char *value, const char *game,
                 char *err, int cap)
{
    struct pq_text t;
    for (int k = 0; k < n; k++) {
        if (strcmp(flags[k].name, name)) continue;
        return game_flag_check(&flags[k], value, err, cap) < 0 ? -1 : k;
    }
    pq_text_init(&t, err, cap);
    pq_text_str(&t, "rules: unknown flag '");
    pq_text_str(&t, name);
    pq_text_str(&t, "' for ");
    pq_text_str(&t, game);
    return -1;
}

int game_flag_index(const struct game_flag *flag, const char *value)
{
    for (int i = 0; flag->values && flag->values[i]; i++)
        if (!strcmp(flag->values[i], value)) return i;
    return 0;
}

long game_flag_number(const char *value)
{
    long n = 0;
    for (const char *p = value; *p >= '0' && *p <= '9'; p++) n = n * 10 + (*p - '0');
    return n;
}

int game_first_dealer_check(const struct game_setup *setup, int n, char *err, int cap)
{
    struct pq_text t;
    if (setup->one_deal || (setup->first_dealer >= 0 && setup->first_dealer < n)) return 0;
    pq_text_init(&t, err, cap);
    pq_text_str(&t, "first_dealer: not one of the ");
    pq_text_int(&t, n);
    pq_text_str(&t, " players");
    return -1;
}

int game_rules_each(const char *const *rules, int (*set)(void *ctx, const char *name, const char *value, char *err, int cap),
                    void *ctx, char *err, int cap)
{
    for (int i = 0; rules && rules[i]; i++) {
        const char *opt = rules[i], *eq = strchr(opt, '=');
        char name[32];
        size_t len = eq ? (size_t)(eq - opt) : 0;
        if (!eq || len >= sizeof name) {
            struct pq_text t;
            pq_text_init(&t, err, cap);
            pq_text_str(&t, "rules: '");
            pq_text_str(&t, opt);
            pq_text_str(&t, "' is not name=value");
            return -1;
        }
        memcpy(name, opt, len);
        name[len] = '\0';
        if (set(ctx, name, eq + 1, err, cap) < 0) return -1;
    }
    return 0;
}

int game_winner(const struct game *g, const void *state, const long *points)
{
    int n = g->players(state), best = -1, shared = 0;
    for (int p = 0; p < n; p++) {
        if (best >= 0 && g->team(state, p) == g->team(state, best)) continue;
        if (best < 0 || points[p] > points[best]) {
            best = p;
            shared = 0;
        } else if (points[p] == points[best]) {
            shared = 1;
        }
    }
    return shared ? -1 : best;
}

const char *game_flag_values_text(const struct game_flag *flag, char *buf, int cap)
{
    struct pq_text t;
    int n = 0, run = flag->type == GAME_FLAG_NUMBER;
    pq_text_init(&t, buf, cap);
    if (!flag->values) {
        pq_text_int(&t, flag->min);
        pq_text_str(&t, "..");
        pq_text_int(&t, flag->max);
        return buf;
    }
    while (flag->values[n]) n++;
    for (int i = 1; run && i < n; i++)
        if (!whole_in(flag->values[i], -100000000L, 100000000L) ||
            strtol_of(flag->values[i]) != strtol_of(flag->values[i - 1]) + 1)
            run = 0;
    if (run && n > 2) {
        pq_text_str(&t, flag->values[0]);
        pq_text_str(&t, "..");
        pq_text_str(&t, flag->values[n - 1]);
        return buf;
    }
    for (int i = 0; i < n; i++) {
        if (i) pq_text_str(&t, "|");
        pq_text_str(&t, flag->values[i]);
    }
    return buf;
}

/* piquet.c - Piquet as a game module (game.h): a partie of pq_partie,
 * actions in the docs/design.md notation, views of view.h.
 */
#include <string.h>
#include "engine/game.h"
#include "engine/report.h"
#include "engine/text.h"

static int piquet_create(void *state, uint64_t seed, int first_dealer,
                         const char *const *options, char *err, int cap)
{
    struct pq_rules rules;
    pq_rules_default(&rules);
    for (int i = 0; options && options[i]; i++) {
        const char *eq = strchr(options[i], '=');
        char name[32];
        size_t n = eq ? (size_t)(eq - options[i]) : 0;
        if (!eq || n >= sizeof name) {
            struct pq_text t;
            pq_text_init(&t, err, cap);
            pq_text_str(&t, "option is not name=value: ");
            pq_text_str(&t, options[i]);
            return -1;
        }
        memcpy(name, options[i], n);
        name[n] = '\0';
        if (pq_rules_set(&rules, name, eq + 1, err, cap) < 0) return -1;
    }
    pq_partie_init(state, &rules, seed, first_dealer);
    return 0;
}

static int piquet_to_act(const void *state)
{
    return pq_partie_to_act(state);
}

static int piquet_legal_count(const void *state)
{
    const struct pq_partie *p = state;
    return p->over ? 0 : pq_deal_legal_count(&p->deal);
}

static int piquet_legal_text(const void *state, int n, char *buf, int cap)
{
    const struct pq_partie *p = state;
    struct pq_action a;
    pq_deal_legal_nth(&p->deal, n, &a);
    return pq_action_format(&a, buf, cap);
}

static int piquet_apply(void *state, const char *text, int len, char *err, int cap)
{
    struct pq_action a;
    if (pq_action_parse(text, len, &a, err, cap) < 0) return -1;
    return pq_partie_apply(state, &a, err, cap);
}

static void piquet_view(const void *state, int player, const char *key, const struct pq_writer *w)
{
    const struct pq_partie *p = state;
    struct pq_view v;
    int seat = player == pq_partie_elder(p) ? PQ_ELDER : PQ_YOUNGER;
    pq_view_build(&p->deal, seat, &v);
    pq_report_view(&v, key, w);
}

static int piquet_deal_number(const void *state)
{
    return ((const struct pq_partie *)state)->deal_no;
}

static void piquet_deal_result(const void *state, const struct pq_writer *w)
{
    pq_report_deal(&((const struct pq_partie *)state)->finished, w);
}

static void piquet_result(const void *state, const struct pq_writer *w)
{
    pq_report_partie(state, NULL, 0, w);
}

static int piquet_winner(const void *state)
{
    return ((const struct pq_partie *)state)->winner;
}

static int piquet_settlement(const void *state)
{
    return ((const struct pq_partie *)state)->settlement;
}

const struct game piquet_game = {
    "piquet", sizeof(struct pq_partie), pq_rules_defaults,
    piquet_create, piquet_to_act, piquet_legal_count, piquet_legal_text,
    piquet_apply, piquet_view, piquet_deal_number, piquet_deal_result,
    piquet_result, piquet_winner, piquet_settlement
};

const struct game *const game_modules[] = { &piquet_game, NULL };

const struct game *game_find(const char *name)
{
    for (int i = 0; game_modules[i]; i++)
        if (!strcmp(game_modules[i]->name, name)) return game_modules[i];
    return NULL;
}

/* piquet.c - Piquet as a game module (game.h): a partie of pq_partie,
 * actions in the docs/rules-piquet.md notation, views of view.h. Two
 * players, A (0) and B (1), each its own team.
 */
#include <string.h>
#include "engine/game.h"
#include "engine/piquet/report.h"
#include "engine/text.h"

extern const struct game_check piquet_check;   /* piquet_check.c */

static int set_rule(void *rules, const char *name, const char *value, char *err, int cap)
{
    return pq_rules_set(rules, name, value, err, cap);
}

static int piquet_create(void *state, const struct game_setup *setup, char *err, int cap)
{
    struct pq_rules rules;
    struct pq_text t;
    pq_text_init(&t, err, cap);
    if (setup->players != 0 && setup->players != 2) {
        pq_text_str(&t, "players: piquet is played by 2");
        return -1;
    }
    if (setup->one_deal) {
        pq_text_str(&t, "one_deal: a Piquet deal record is replayed by pq_deal (engine/piquet/deal.h)");
        return -1;
    }
    if (setup->first_dealer != 0 && setup->first_dealer != 1) {
        pq_text_str(&t, "first_dealer: piquet has players A and B");
        return -1;
    }
    pq_rules_default(&rules);
    if (game_rules_each(setup->rules, set_rule, &rules, err, cap) < 0) return -1;
    pq_partie_init(state, &rules, setup->seed, setup->first_dealer);
    return 0;
}

static int piquet_players(const void *state)
{
    (void)state;
    return 2;
}

static int piquet_team(const void *state, int player)
{
    (void)state;
    return player;
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

/* Actions are the same when they parse to the same action: the cards of
 * a discard or a declaration are a set, in any order. */
static int piquet_find_legal(const void *state, const char *text, int len)
{
    const struct pq_partie *p = state;
    struct pq_action want, a;
    char err[8];
    if (p->over || pq_action_parse(text, len, &want, err, sizeof err) < 0) return -1;
    int n = pq_deal_legal_count(&p->deal);
    for (int i = 0; i < n; i++) {
        pq_deal_legal_nth(&p->deal, i, &a);
        if (pq_action_equal(&a, &want)) return i;
    }
    return -1;
}

static int piquet_apply(void *state, const char *text, int len, char *err, int cap)
{
    struct pq_action a;
    if (pq_action_parse(text, len, &a, err, cap) < 0) return GAME_ILLEGAL;
    int rc = pq_partie_apply(state, &a, err, cap);
    return rc < 0 ? GAME_ILLEGAL : rc ? GAME_DEAL_OVER : GAME_GOES_ON;
}

static int piquet_apply_legal(void *state, int n)
{
    int rc = pq_partie_apply_legal(state, n);
    return rc < 0 ? GAME_ILLEGAL : rc ? GAME_DEAL_OVER : GAME_GOES_ON;
}

static int piquet_set_deck(void *state, const char *deck_text, char *err, int cap)
{
    struct pq_partie *p = state;
    uint8_t deck[32];
    struct pq_text t;
    if (pq_deck_parse(deck_text, deck, err, cap) < 0) return -1;
    if (p->over || p->deal.n_history > 0) {
        pq_text_init(&t, err, cap);
        pq_text_str(&t, "the pack of a deal is set before its first action");
        return -1;
    }
    return pq_deal_init(&p->deal, &p->rules, deck);
}

static int piquet_deck_text(const void *state, char *buf, int cap)
{
    char deck[96];
    struct pq_text t;
    pq_deck_format(((const struct pq_partie *)state)->deal.deck, deck);
    pq_text_init(&t, buf, cap);
    pq_text_str(&t, deck);
    return t.len;
}

static void piquet_view(const void *state, int player, const struct pq_writer *w)
{
    const struct pq_partie *p = state;
    struct pq_view v;
    int seat = player == pq_partie_elder(p) ? PQ_ELDER : PQ_YOUNGER;
    pq_view_build(&p->deal, seat, &v);
    pq_report_view_fields(&v, w);
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

static void piquet_scores(const void *state, long *out)
{
    const struct pq_partie *p = state;
    out[0] = p->totals[0];
    out[1] = p->totals[1];
}

static void signed_settlement(int winner, long settlement, long *out)
{
    out[0] = out[1] = 0;
    if (winner < 0) return;
    out[winner] = settlement;
    out[1 - winner] = -settlement;
}

static void piquet_match_points(const void *state, long *out)
{
    const struct pq_partie *p = state;
    signed_settlement(p->winner, p->settlement, out);
}

/* A forfeit scores as a rubicon loss on the totals so far (R29): the
 * other player wins 100 + both totals. */
static void piquet_forfeit_points(const void *state, int player, long *out)
{
    const struct pq_partie *p = state;
    signed_settlement(1 - player, 100L + p->totals[0] + p->totals[1], out);
}

const struct game piquet_game = {
    .name = "piquet", .title = "Piquet",
    .min_players = 2, .max_players = 2, .default_players = 2,
    .state_size = sizeof(struct pq_partie),
    .flags = pq_game_flags, .n_flags = PQ_RULE_FLAGS,
    .create = piquet_create, .players = piquet_players, .teams = piquet_players,
    .team = piquet_team, .to_act = piquet_to_act,
    .legal_count = piquet_legal_count, .legal_text = piquet_legal_text,
    .find_legal = piquet_find_legal, .apply = piquet_apply, .apply_legal = piquet_apply_legal,
    .set_deck = piquet_set_deck, .deck_text = piquet_deck_text, .set_deal_field = NULL,
    .view = piquet_view, .deal_number = piquet_deal_number,
    .deal_result = piquet_deal_result, .result = piquet_result,
    .scores = piquet_scores, .match_points = piquet_match_points,
    .forfeit_points = piquet_forfeit_points, .sample = NULL,
    .check = &piquet_check
};

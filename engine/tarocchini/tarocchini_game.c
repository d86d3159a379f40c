/* tarocchini_game.c - the `tarocchini` game module (game.h): four players,
 * partnerships AC against BD. Its variant flags (RULES-tarocchini.md
 * section 6) are declared once here; defaults and parsing are read from
 * the table.
 */
#include <string.h>
#include "engine/tarocchini/tarocchini.h"
#include "engine/text.h"

static const char *const bools[] = { "false", "true", NULL };
static const char *const discard_rules[] = { "no_five", "any", NULL };
static const char *const suit_wilds[] = { "1", "2", NULL };
static const char *const on_off[] = { "on", "off", "true", "false", NULL };   /* a JSON boolean means the same */

enum { FLAG_ROUND, FLAG_MONTE, FLAG_DISCARD, FLAG_SUIT_WILDS, FLAG_SIGNALS, FLAG_DEALS, FLAG_TARGET, FLAGS };

const struct game_flag tar_flags[] = {
    { "round_suits_inverted", GAME_FLAG_BOOL, bools, "true", "cups and coins numerals rank inversely, K Q N J A 6 7 8 9 T (O4)", 0, 0 },
    { "monte", GAME_FLAG_BOOL, bools, "false", "a round where all four may throw the deal in after five cards (O10)", 0, 0 },
    { "discard_rule", GAME_FLAG_CHOICE, discard_rules, "no_five", "the dealer may not discard a 5-point card, or any two (O11)", 0, 0 },
    { "suit_wilds", GAME_FLAG_NUMBER, suit_wilds, "1", "wild cards allowed in a suit sequence (O16)", 0, 0 },
    { "signals", GAME_FLAG_CHOICE, on_off, "on", "volo, busso and striscio on a lead, or none (O25)", 0, 0 },
    { "deals", GAME_FLAG_NUMBER, NULL, "8", "deals in the match, a multiple of 4 (O33)", 4, TAR_MAX_DEALS },
    { "target", GAME_FLAG_NUMBER, NULL, "0", "0: fixed deals; else deal until a total reaches it (O36; traditional 800)", 0, 100000 },
};
const int tar_n_flags = FLAGS;

static void store(struct tar_rules *r, int k, const char *value)
{
    switch (k) {
    case FLAG_ROUND: r->round_suits_inverted = !strcmp(value, "true"); break;
    case FLAG_MONTE: r->monte = !strcmp(value, "true"); break;
    case FLAG_DISCARD: r->discard_rule = strcmp(value, "any") ? TAR_DISCARD_NO_FIVE : TAR_DISCARD_ANY; break;
    case FLAG_SUIT_WILDS: r->suit_wilds = (uint8_t)game_flag_number(value); break;
    case FLAG_SIGNALS: r->signals = !strcmp(value, "on") || !strcmp(value, "true"); break;
    case FLAG_DEALS: r->deals = (int16_t)game_flag_number(value); break;
    case FLAG_TARGET: r->target = (int32_t)game_flag_number(value) > 32000 ? 32000 : (int16_t)game_flag_number(value); break;
    default: break;
    }
}

void tar_rules_default(struct tar_rules *self)
{
    memset(self, 0, sizeof *self);
    for (int k = 0; k < FLAGS; k++) store(self, k, tar_flags[k].fallback);
}

int tar_rules_set(struct tar_rules *self, const char *name, const char *value, char *err, int cap)
{
    int k = game_flag_at(tar_flags, FLAGS, name, value, "tarocchini", err, cap);
    if (k < 0) return -1;
    store(self, k, value);
    return 0;
}

static int set_one(void *rules, const char *name, const char *value, char *err, int cap)
{
    return tar_rules_set(rules, name, value, err, cap);
}

int tar_rules_set_list(struct tar_rules *self, const char *const *rules, char *err, int cap)
{
    return game_rules_each(rules, set_one, self, err, cap);
}

/* ---- the game interface ---- */

static int create(void *state, const struct game_setup *setup, char *err, int cap)
{
    return tar_match_create(state, setup, err, cap);
}

static int players(const void *state)
{
    (void)state;
    return TAR_SEATS;
}

static int teams(const void *state)
{
    (void)state;
    return 2;
}

static int team(const void *state, int player)
{
    (void)state;
    return tar_match_partnership(player);
}

static int to_act(const void *state)
{
    return tar_match_to_act(state);
}

static int legal_count(const void *state)
{
    const struct tar_match *m = state;
    return m->over ? 0 : tar_deal_legal_count(&m->deal);
}

static int legal_text(const void *state, int n, char *buf, int cap)
{
    const struct tar_match *m = state;
    if (m->over) {
        if (cap > 0) buf[0] = '\0';
        return -1;
    }
    return tar_deal_legal_text(&m->deal, n, buf, cap);
}

static int find_legal(const void *state, const char *text, int len)
{
    const struct tar_match *m = state;
    return m->over ? -1 : tar_deal_find_legal(&m->deal, text, len);
}

static int apply(void *state, const char *text, int len, char *err, int cap)
{
    return tar_match_apply(state, text, len, err, cap);
}

static int apply_legal(void *state, int n)
{
    return tar_match_apply_legal(state, n);
}

static int set_deck(void *state, const char *deck_text, char *err, int cap)
{
    struct tar_match *m = state;
    uint8_t deck[TAR_CARDS];
    if (tar_deck_parse(deck_text, deck, err, cap) < 0) return -1;
    if (m->over || m->deal.n_hist > 0) {
        struct pq_text t;
        pq_text_init(&t, err, cap);
        pq_text_str(&t, "the pack of a deal is set before its first action");
        return -1;
    }
    tar_deal_init(&m->deal, &m->rules, deck);
    return 0;
}

static int set_deal_rules(void *state, const char *const *rules, char *err, int cap)
{
    return tar_match_set_deal_rules(state, rules, err, cap);
}

static int deck_text(const void *state, char *buf, int cap)
{
    const struct tar_match *m = state;
    struct pq_text t;
    pq_text_init(&t, buf, cap);
    for (int i = 0; i < TAR_CARDS; i++) {
        if (i) pq_text_str(&t, " ");
        pq_text_str(&t, tar_card_name(m->deal.deck[i]));
    }
    return t.len;
}

static void view(const void *state, int player, const struct pq_writer *w)
{
    tar_report_view(state, player, w);
}

static int deal_number(const void *state)
{
    return ((const struct tar_match *)state)->deal_no;
}

static int match_deals(const void *state)
{
    const struct tar_match *m = state;
    return m->rules.target ? 0 : m->rules.deals;
}

static void deal_result(const void *state, const struct pq_writer *w)
{
    const struct tar_match *m = state;
    if (m->n_results > 0) tar_report_deal(&m->results[m->n_results - 1], w);
}

static void result(const void *state, const struct pq_writer *w)
{
    tar_report_match(state, w);
}

static void scores(const void *state, long *out)
{
    const struct tar_match *m = state;
    for (int p = 0; p < TAR_SEATS; p++) out[p] = m->totals[tar_match_partnership(p)];
}

/* O34: the winners' settlement, + for them and - for the losers. */
static void points_from(long ac, long bd, long *out)
{
    for (int p = 0; p < TAR_SEATS; p++) out[p] = tar_match_partnership(p) == 0 ? ac - bd : bd - ac;
}

static void match_points(const void *state, long *out)
{
    const struct tar_match *m = state;
    points_from(m->totals[0], m->totals[1], out);
}

/* tarocchini.h "Forfeit". */
static void forfeit_points(const void *state, int player, long *out)
{
    const struct tar_match *m = state;
    int f = tar_match_partnership(player);
    long e[2] = { m->totals[0], m->totals[1] };
    long lead = e[1 - f] - e[f];
    e[1 - f] = (lead > 0 ? lead : 0) + 2000;
    e[f] = 0;
    points_from(e[0], e[1], out);
}

static int sample(void *out, const void *state, int player, uint64_t seed)
{
    return tar_match_sample(out, state, player, seed);
}

static int playout(const void *state, uint64_t seed)
{
    const struct tar_match *m = state;
    return m->over ? -1 : tar_deal_playout(&m->deal, seed);
}

static uint64_t position(const void *state)
{
    const struct tar_match *m = state;
    return m->over ? 0 : tar_deal_position(&m->deal);
}

static int play_classes(const void *state, uint8_t *out, int n)
{
    const struct tar_match *m = state;
    return m->over ? -1 : tar_deal_play_classes(&m->deal, out, n);
}

/* Section 9's words for records that run past or stop before the end. */
static const struct game_replay_words replay_words = { "deal is over", "deal not over", "match is over",
                                                       "match not over" };

const struct game tarocchini_game = {
    .name = "tarocchini", .title = "Tarocchini", .min_players = 4, .max_players = 4,
    .default_players = 4, .state_size = sizeof(struct tar_match), .flags = tar_flags, .n_flags = FLAGS,
    .create = create, .players = players, .teams = teams, .team = team, .to_act = to_act,
    .legal_count = legal_count, .legal_text = legal_text, .find_legal = find_legal, .apply = apply, .apply_legal = apply_legal,
    .set_deck = set_deck, .deck_text = deck_text, .set_deal_field = NULL, .set_deal_rules = set_deal_rules,
    .view = view,
    .deal_number = deal_number, .match_deals = match_deals, .deal_result = deal_result, .result = result, .scores = scores,
    .match_points = match_points, .forfeit_points = forfeit_points, .sample = sample, .playout = playout, .position = position,
    .play_classes = play_classes,
    .check = &tarocchini_check,
    .replay_words = &replay_words,
};

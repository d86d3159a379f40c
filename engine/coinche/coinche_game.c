/* coinche_game.c - the `coinche` game module (game.h): players A and C
 * against B and D. Its variant flags (RULES-coinche.md section 9) are
 * declared once here; defaults and parsing are read from the table.
 */
#include <string.h>
#include "engine/coinche/coinche.h"

static const char *const bools[] = { "false", "true", NULL };
static const char *const targets[] = { "0", "1000", "2000", "3000", NULL };
static const char *const nt_at_points[] = { "normalized", "seed", NULL };
static const char *const bid_orders[] = { "value", "bridge", NULL };
static const char *const eighties[] = { "82", "80", NULL };
static const char *const scorings[] = { "made_plus_bid", "points_faits", "bid_only", NULL };
static const char *const applies[] = { "bid", "total", NULL };
static const char *const multipliers[] = { "4", "3", NULL };
static const char *const on_failures[] = { "keep", "transfer", NULL };
static const char *const at_belotes[] = { "each_suit", "none", NULL };
static const char *const undertrumps[] = { "free", "forced", NULL };
static const char *const capots[] = { "250", "252", NULL };
static const char *const meld_ties[] = { "priority", "trump", NULL };
static const char *const roundings[] = { "none", "tens", NULL };

enum { FLAG_DEALS, FLAG_TARGET, FLAG_NT_AT, FLAG_NT_AT_POINTS, FLAG_BID_ORDER, FLAG_GENERALE, FLAG_EIGHTY,
       FLAG_BEAT, FLAG_SCORING, FLAG_APPLIES, FLAG_MULTIPLIER, FLAG_FAILURE, FLAG_AT_BELOTE, FLAG_UNDERTRUMP,
       FLAG_CAPOT, FLAG_MELDS, FLAG_TIE, FLAG_ROUNDING, FLAGS };

const struct game_flag coinche_flags[] = {
    { "deals", GAME_FLAG_NUMBER, NULL, "16", "deals in the match, a positive multiple of 4 (K38)", 4, COINCHE_MAX_DEALS },
    { "target", GAME_FLAG_NUMBER, targets, "0", "0: fixed deals; else play until a partnership reaches it, 100 deals at most (K40)", 0, 0 },
    { "nt_at", GAME_FLAG_BOOL, bools, "false", "the NT (sans atout) and AT (tout atout) denominations (K1, K3, K16)", 0, 0 },
    { "nt_at_points", GAME_FLAG_CHOICE, nt_at_points, "normalized", "NT and AT card points: 162-point tables, or Parlett's columns, 130 / 258 (K3)", 0, 0 },
    { "bid_order", GAME_FLAG_CHOICE, bid_orders, "value", "a higher bid is a higher value, or also the same value in a higher denomination, C < D < H < S < NT < AT (K9)", 0, 0 },
    { "generale", GAME_FLAG_BOOL, bools, "false", "the generale bid, value 500: the bidder alone wins all 8 tricks (K8)", 0, 0 },
    { "eighty_needs", GAME_FLAG_NUMBER, eighties, "82", "the total a bid of 80 needs (K30)", 0, 0 },
    { "must_beat_defence", GAME_FLAG_BOOL, bools, "false", "the takers' total must also beat the defence's (K30)", 0, 0 },
    { "scoring", GAME_FLAG_CHOICE, scorings, "made_plus_bid", "points taken plus the bid, points faits, or the bid only (K31-K33)", 0, 0 },
    { "coinche_applies", GAME_FLAG_CHOICE, applies, "bid", "a coinche multiplies the bid only, or the whole score (K32)", 0, 0 },
    { "surcoinche_multiplier", GAME_FLAG_NUMBER, multipliers, "4", "the multiplier after a surcoinche (K15)", 0, 0 },
    { "belote_on_failure", GAME_FLAG_CHOICE, on_failures, "keep", "failing takers keep their belote, or it goes to the defence (K32)", 0, 0 },
    { "at_belote", GAME_FLAG_CHOICE, at_belotes, "each_suit", "in AT a belote in every suit, or none (K27)", 0, 0 },
    { "undertrump", GAME_FLAG_CHOICE, undertrumps, "free", "unable to overtrump an opponent: any card, or a trump if one is held (K24c)", 0, 0 },
    { "capot_points", GAME_FLAG_NUMBER, capots, "250", "what a side winning all 8 tricks counts (K28)", 0, 0 },
    { "melds", GAME_FLAG_BOOL, bools, "false", "trick-1 melds (K17-K21)", 0, 0 },
    { "meld_tie", GAME_FLAG_CHOICE, meld_ties, "priority", "equal meld keys: the earlier seat, or a sequence in trumps first (K20)", 0, 0 },
    { "rounding", GAME_FLAG_CHOICE, roundings, "none", "deal scores exact, or to the nearest ten, 5 up (K35)", 0, 0 },
};

const int coinche_n_flags = FLAGS;

/* Stores a checked value of flag `k`. */
static void store(struct coinche_rules *r, int k, const char *value)
{
    uint8_t i = (uint8_t)game_flag_index(&coinche_flags[k], value);
    switch (k) {
    case FLAG_DEALS: r->deals = (int16_t)game_flag_number(value); break;
    case FLAG_TARGET: r->target = (int16_t)game_flag_number(value); break;
    case FLAG_NT_AT: r->nt_at = i; break;
    case FLAG_NT_AT_POINTS: r->nt_at_seed = i; break;
    case FLAG_BID_ORDER: r->bid_bridge = i; break;
    case FLAG_GENERALE: r->generale = i; break;
    case FLAG_EIGHTY: r->eighty_needs = (uint8_t)game_flag_number(value); break;
    case FLAG_BEAT: r->must_beat_defence = i; break;
    case FLAG_SCORING: r->scoring = i; break;
    case FLAG_APPLIES: r->coinche_total = i; break;
    case FLAG_MULTIPLIER: r->surcoinche_multiplier = (uint8_t)game_flag_number(value); break;
    case FLAG_FAILURE: r->belote_transfer = i; break;
    case FLAG_AT_BELOTE: r->at_belote_none = i; break;
    case FLAG_UNDERTRUMP: r->undertrump_forced = i; break;
    case FLAG_CAPOT: r->capot_points = (int16_t)game_flag_number(value); break;
    case FLAG_MELDS: r->melds = i; break;
    case FLAG_TIE: r->meld_tie_trump = i; break;
    case FLAG_ROUNDING: r->rounding_tens = i; break;
    default: break;
    }
}

void coinche_rules_default(struct coinche_rules *self)
{
    memset(self, 0, sizeof *self);
    for (int k = 0; k < FLAGS; k++) store(self, k, coinche_flags[k].fallback);
}

int coinche_rules_set(struct coinche_rules *self, const char *name, const char *value, char *err, int cap)
{
    int k = game_flag_at(coinche_flags, FLAGS, name, value, "coinche", err, cap);
    if (k < 0) return -1;
    store(self, k, value);
    return 0;
}

/* ---- the game interface ---- */

static int create(void *state, const struct game_setup *setup, char *err, int cap)
{
    return coinche_match_create(state, setup, err, cap);
}

static int players(const void *state)
{
    (void)state;
    return 4;
}

static int teams(const void *state)
{
    (void)state;
    return 2;
}

static int team(const void *state, int player)
{
    (void)state;
    return player & 1;      /* K38: AC and BD */
}

static int to_act(const void *state)
{
    return coinche_match_to_act(state);
}

static int legal_count(const void *state)
{
    const struct coinche_match *m = state;
    return m->over ? 0 : coinche_deal_legal_count(&m->deal);
}

static int legal_text(const void *state, int n, char *buf, int cap)
{
    const struct coinche_match *m = state;
    return m->over ? -1 : coinche_deal_legal_text(&m->deal, n, buf, cap);
}

static int find_legal(const void *state, const char *text, int len)
{
    const struct coinche_match *m = state;
    return m->over ? -1 : coinche_deal_find_legal(&m->deal, text, len);
}

static int apply(void *state, const char *text, int len, char *err, int cap)
{
    return coinche_match_apply(state, text, len, err, cap);
}

static int set_deck(void *state, const char *deck_text, char *err, int cap)
{
    struct coinche_match *m = state;
    uint8_t deck[32];
    if (bel_deck_read(deck_text, m->over || m->deal.n_hist > 0, deck, err, cap) < 0) return -1;
    coinche_deal_init(&m->deal, &m->rules, deck);
    return 0;
}

static int deck_text(const void *state, char *buf, int cap)
{
    return bel_deck_write(((const struct coinche_match *)state)->deal.deck, buf, cap);
}

static void view(const void *state, int player, const struct pq_writer *w)
{
    coinche_report_view(state, player, w);
}

static int deal_number(const void *state)
{
    return ((const struct coinche_match *)state)->deal_no;
}

static int match_deals(const void *state)
{
    const struct coinche_match *m = state;
    return m->rules.target ? 0 : m->rules.deals;
}

static void deal_result(const void *state, const struct pq_writer *w)
{
    const struct coinche_match *m = state;
    if (m->n_sheets > 0) coinche_report_deal(&m->sheets[m->n_sheets - 1], &m->rules, w);
}

static void result(const void *state, const struct pq_writer *w)
{
    coinche_report_match(state, w);
}

static void scores(const void *state, long *out)
{
    const struct coinche_match *m = state;
    for (int p = 0; p < 4; p++) out[p] = m->totals[p & 1];
}

/* The winner's settlement, + for its players and - for the others. */
static void points_from(const long *side, long *out)
{
    long diff = side[0] - side[1];
    for (int p = 0; p < 4; p++) out[p] = (p & 1) == 0 ? diff : -diff;
}

static void match_points(const void *state, long *out)
{
    const struct coinche_match *m = state;
    long side[2] = { m->totals[0], m->totals[1] };
    points_from(side, out);
}

/* coinche.h "Forfeit". */
static void forfeit_points(const void *state, int player, long *out)
{
    const struct coinche_match *m = state;
    int f = player & 1;
    long side[2], lead = (long)m->totals[1 - f] - m->totals[f];
    side[1 - f] = (lead > 0 ? lead : 0) + 3000;
    side[f] = 0;
    points_from(side, out);
}

static uint64_t position(const void *state)
{
    const struct coinche_match *m = state;
    return m->over ? 0 : coinche_deal_position(&m->deal);
}

static int play_classes(const void *state, uint8_t *out, int n)
{
    const struct coinche_match *m = state;
    return m->over ? -1 : coinche_deal_play_classes(&m->deal, out, n);
}

static int playout(const void *state, uint64_t seed)
{
    const struct coinche_match *m = state;
    return m->over ? -1 : coinche_deal_playout(&m->deal, seed);
}

static int sample(void *out, const void *state, int player, uint64_t seed)
{
    return coinche_match_sample(out, state, player, seed);
}

const struct game coinche_game = {
    .name = "coinche", .title = "Coinche", .min_players = 4, .max_players = 4, .default_players = 4,
    .state_size = sizeof(struct coinche_match), .flags = coinche_flags, .n_flags = FLAGS, .create = create,
    .players = players, .teams = teams, .team = team, .to_act = to_act, .legal_count = legal_count,
    .legal_text = legal_text, .find_legal = find_legal, .apply = apply, .set_deck = set_deck,
    .deck_text = deck_text, .set_deal_field = NULL, .view = view, .deal_number = deal_number, .match_deals = match_deals,
    .deal_result = deal_result, .result = result, .scores = scores, .match_points = match_points,
    .forfeit_points = forfeit_points, .sample = sample, .playout = playout, .position = position,
    .play_classes = play_classes, .check = &coinche_check,
};

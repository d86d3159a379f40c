/* tarot_game.c - the `tarot` game module (game.h) for 3, 4 and 5 players,
 * its variant flags (RULES-tarot.md section 13) declared once, and the
 * small tables of the rules (contracts, multipliers, poignée thresholds
 * and values).
 */
#include <string.h>
#include "engine/tarot/tarot.h"
#include "engine/text.h"

static const char *const petit_secs[] = { "fft", "parlett", "off", NULL };
static const char *const trump_discards[] = { "shown", "counted", NULL };
static const char *const poignee_levels[] = { "free", "highest", NULL };
static const char *const half_points[] = { "winner", "down", NULL };
static const char *const called_suit_leads[] = { "banned", "free", NULL };
static const char *const excuse_lasts[] = { "fft", "winner", NULL };

enum { FLAG_DEALS, FLAG_PETIT_SEC, FLAG_TRUMP_DISCARD, FLAG_POIGNEE_LEVEL, FLAG_HALF_POINT, FLAG_CALLED_SUIT_LEAD,
       FLAG_EXCUSE_LAST, FLAGS };

const struct game_flag tarot_flags[] = {
    /* the fallback 0 stands for 4 x players; a value given is 1 or more */
    { "deals", GAME_FLAG_NUMBER, NULL, "0", "deals in the match, a positive multiple of the players (default 4 x players, F43)", 1, TAROT_MAX_DEALS },
    { "petit_sec", GAME_FLAG_CHOICE, petit_secs, "fft", "a lone Petit voids the deal: without the Excuse, even with it, or never (F11)", 0, 0 },
    { "trump_discard", GAME_FLAG_CHOICE, trump_discards, "shown", "trumps forced into the discard are shown, or only counted (F18)", 0, 0 },
    { "poignee_level", GAME_FLAG_CHOICE, poignee_levels, "free", "a poignée of any level showable, or only the highest (F25)", 0, 0 },
    { "half_point", GAME_FLAG_CHOICE, half_points, "winner", "a half card point goes to the camp that won, or is dropped (F31)", 0, 0 },
    { "called_suit_lead", GAME_FLAG_CHOICE, called_suit_leads, "banned", "5 players: the first lead may not be of the called suit, or may (F24)", 0, 0 },
    { "excuse_last", GAME_FLAG_CHOICE, excuse_lasts, "fft", "the Excuse played to the last trick changes camp, or goes to the trick's winner (F27)", 0, 0 },
};
const int tarot_n_flags = FLAGS;

const char *tarot_contract_name(int contract)
{
    static const char *const names[] = { "pass", "prise", "garde", "garde_sans", "garde_contre" };
    return names[contract];
}

int tarot_multiplier(int contract)
{
    static const int m[] = { 0, 1, 2, 4, 6 };                          /* F12 */
    return m[contract];
}

int tarot_poignee_threshold(int players, int level)
{
    static const int k[3][3] = { { 13, 15, 18 }, { 10, 13, 15 }, { 8, 10, 13 } };   /* F25 */
    return k[players - 3][level - 1];
}

const char *tarot_level_name(int level)
{
    static const char *const names[] = { "none", "simple", "double", "triple" };
    return names[level];
}

int tarot_poignee_value(int level)
{
    return 10 + 10 * level;                                            /* F36: 20, 30, 40 */
}

static void store(struct tarot_rules *r, int k, const char *value)
{
    const struct game_flag *f = &tarot_flags[k];
    uint8_t v = (uint8_t)game_flag_index(f, value);
    long n = game_flag_number(value);
    switch (k) {
    case FLAG_DEALS: r->deals = (int16_t)(n ? n : 4 * r->players); break;
    case FLAG_PETIT_SEC: r->petit_sec = v; break;
    case FLAG_TRUMP_DISCARD: r->trump_discard = v; break;
    case FLAG_POIGNEE_LEVEL: r->poignee_level = v; break;
    case FLAG_HALF_POINT: r->half_point = v; break;
    case FLAG_CALLED_SUIT_LEAD: r->called_suit_lead = v; break;
    default: r->excuse_last = v; break;
    }
}

void tarot_rules_default(struct tarot_rules *self, int players)
{
    memset(self, 0, sizeof *self);
    self->players = (uint8_t)players;
    for (int k = 0; k < FLAGS; k++) store(self, k, tarot_flags[k].fallback);
}

int tarot_rules_set(struct tarot_rules *self, const char *name, const char *value, char *err, int cap)
{
    int k = game_flag_at(tarot_flags, FLAGS, name, value, "tarot", err, cap);
    if (k < 0) return -1;
    store(self, k, value);
    return 0;
}

/* ---- the game interface ---- */

static int create(void *state, const struct game_setup *setup, char *err, int cap)
{
    return tarot_match_create(state, setup, err, cap);
}

static int players(const void *state)
{
    return ((const struct tarot_match *)state)->n;
}

static int team(const void *state, int player)
{
    (void)state;
    return player;
}

static int to_act(const void *state)
{
    return tarot_match_to_act(state);
}

static int legal_count(const void *state)
{
    const struct tarot_match *m = state;
    return m->over ? 0 : m->deal.n_legal;                             /* tarot_deal_legal_count, kept */
}

static int legal_text(const void *state, int n, char *buf, int cap)
{
    const struct tarot_match *m = state;
    return m->over ? -1 : tarot_deal_legal_text(&m->deal, n, buf, cap);
}

static int find_legal(const void *state, const char *text, int len)
{
    const struct tarot_match *m = state;
    return m->over ? -1 : tarot_deal_find_legal(&m->deal, text, len);
}

static int apply(void *state, const char *text, int len, char *err, int cap)
{
    return tarot_match_apply(state, text, len, err, cap);
}

static int apply_legal(void *state, int n)
{
    return tarot_match_apply_legal(state, n);
}

static int playout(const void *state, uint64_t seed)
{
    const struct tarot_match *m = state;
    return m->over ? -1 : tarot_deal_playout(&m->deal, seed);
}

/* The deal's key (tarot_deal_position) with the players at its seats,
 * whose totals its score moves; 0 once the match is over. */
static uint64_t position(const void *state)
{
    const struct tarot_match *m = state;
    uint64_t key = m->over ? 0 : tarot_deal_position(&m->deal), seats = 0;
    if (!key) return 0;
    for (int s = 0; s < m->n; s++) seats |= (uint64_t)(uint8_t)m->seat_player[s] << (8 * s);
    key = game_key_add(key, seats);
    return key ? key : 1;
}

/* The card play's sides (game.h side): the taker and his partner (at five,
 * the called card's holder) against the defenders, every total moved by
 * a multiple of the deal's one number (the taker's gain is
 * the defenders' loss, each defender's the same). */
static int side(const void *state, int player)
{
    const struct tarot_match *m = state;
    if (m->over || m->deal.phase != TAROT_PLAY) return -1;
    int seat = tarot_match_player_seat(m, player);
    return seat == m->deal.taker || seat == m->deal.partner ? 0 : 1;
}

static int play_classes(const void *state, uint8_t *out, int n)
{
    const struct tarot_match *m = state;
    return m->over ? -1 : tarot_deal_play_classes(&m->deal, out, n);
}

static int settle(void *state)
{
    return tarot_match_settle(state);
}

static int set_deck(void *state, const char *text, char *err, int cap)
{
    struct tarot_match *m = state;
    uint8_t deck[TAROT_CARDS];
    if (tarot_deck_parse(text, deck, err, cap) < 0) return -1;
    if (m->over || m->deal.n_hist > 0) {
        struct pq_text t;
        pq_text_init(&t, err, cap);
        pq_text_str(&t, "the pack of a deal is set before its first action");
        return -1;
    }
    tarot_deal_init(&m->deal, &m->rules, deck);
    return 0;
}

static int deck_text(const void *state, char *buf, int cap)
{
    return tarot_deck_format(((const struct tarot_match *)state)->deal.deck, buf, cap);
}

static void view(const void *state, int player, const struct pq_writer *w)
{
    tarot_report_view(state, player, w);
}

static int deal_number(const void *state)
{
    return ((const struct tarot_match *)state)->deal_no;
}

static int match_deals(const void *state)
{
    return ((const struct tarot_match *)state)->rules.deals;
}

static void deal_result(const void *state, const struct pq_writer *w)
{
    const struct tarot_match *m = state;
    if (m->n_results > 0) tarot_report_deal(&m->results[m->n_results - 1], 0, w);
}

static void result(const void *state, const struct pq_writer *w)
{
    tarot_report_match(state, w);
}

static void scores(const void *state, long *out)
{
    const struct tarot_match *m = state;
    for (int p = 0; p < m->n; p++) out[p] = m->totals[p];
}

/* F45: the totals themselves (three or more entrants). */
static void match_points(const void *state, long *out)
{
    scores(state, out);
}

/* tarot.h "Forfeit". */
static void forfeit_points(const void *state, int player, long *out)
{
    const struct tarot_match *m = state;
    long low = 0;
    int first = 1;
    scores(state, out);
    for (int p = 0; p < m->n; p++)
        if (p != player && (first || out[p] < low)) {
            low = out[p];
            first = 0;
        }
    out[player] = low - 10000;
}

static int sample(void *out, const void *state, int player, uint64_t seed)
{
    return tarot_match_sample(out, state, player, seed);
}

const struct game tarot_game = {
    .name = "tarot", .title = "French Tarot", .min_players = 3, .max_players = 5, .default_players = 4,
    .state_size = sizeof(struct tarot_match), .flags = tarot_flags, .n_flags = FLAGS, .create = create,
    .players = players, .teams = players, .team = team, .to_act = to_act, .legal_count = legal_count,
    .legal_text = legal_text, .find_legal = find_legal, .apply = apply, .apply_legal = apply_legal, .settle = settle, .set_deck = set_deck,
    .deck_text = deck_text, .set_deal_field = NULL, .view = view, .deal_number = deal_number, .match_deals = match_deals,
    .deal_result = deal_result, .result = result, .scores = scores, .match_points = match_points,
    .forfeit_points = forfeit_points, .sample = sample, .playout = playout, .side = side, .position = position,
    .play_classes = play_classes, .check = &tarot_check
};

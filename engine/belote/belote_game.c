/* belote_game.c - the three Belote game modules (game.h): `belote` (2, 3
 * or 4 players each for himself), `belote-marseillaise` (2) and
 * `belote-partnership` (4, players A and C against B and D). Their variant
 * flags (RULES-belote.md section 13) are declared once here, one table per
 * form where the defaults differ; defaults and parsing are read from them.
 */
#include <string.h>
#include "engine/belote/belote.h"
#include "engine/text.h"

static const char *const bools[] = { "false", "true", NULL };
static const char *const targets[] = { "0", "500", "750", "1000", "1500", NULL };
static const char *const compares[] = { "rounded", "exact", NULL };
static const char *const roundings[] = { "nearest", "none", NULL };
static const char *const on_failures[] = { "transfer", "keep", NULL };
static const char *const meld_ties[] = { "priority", "trump", NULL };
static const char *const capots[] = { "plus", "instead", NULL };
static const char *const reveals[] = { "on_play", "end_of_trick", NULL };

#define DEALS_HELP "deals in the match, a positive multiple of the players (B38)"
#define TARGET_HELP "0: fixed deals; else play until a total reaches it (B39, B34)"
#define COMPARE_HELP "the contract compares rounded counts, or exact counts then rounds (B31)"
#define ROUNDING_HELP "each count to the nearest ten, 5 up (B30), or not at all"
#define FAILURE_HELP "a failed or held maker's belote goes with his points, or stays his (B33)"
#define TIE_HELP "equal meld keys: the earlier seat, or a sequence in trumps first (B19)"
#define CAPOT_HELP "capot's 100 comes on top of the 10 for last, or instead of it (B28)"

enum { FLAG_DEALS, FLAG_TARGET, FLAG_SEVEN, FLAG_COMPARE, FLAG_ROUNDING, FLAG_FAILURE, FLAG_TIE, FLAG_CAPOT,
       FLAG_REVEAL, FLAGS };

const struct game_flag bel_flags_basic[] = {
    { "deals", GAME_FLAG_NUMBER, NULL, "0", "0: B38's default (8; 9 at three players); else " DEALS_HELP, 0, BEL_MAX_DEALS },
    { "target", GAME_FLAG_NUMBER, targets, "0", TARGET_HELP, 0, 0 },
    { "seven_exchange", GAME_FLAG_BOOL, bools, "true", "the holder of the trump Seven may take the turn-up (B13-B15)", 0, 0 },
    { "compare", GAME_FLAG_CHOICE, compares, "rounded", COMPARE_HELP, 0, 0 },
    { "rounding", GAME_FLAG_CHOICE, roundings, "nearest", ROUNDING_HELP, 0, 0 },
    { "belote_on_failure", GAME_FLAG_CHOICE, on_failures, "transfer", FAILURE_HELP, 0, 0 },
    { "meld_tie", GAME_FLAG_CHOICE, meld_ties, "priority", TIE_HELP, 0, 0 },
    { "capot_last", GAME_FLAG_CHOICE, capots, "plus", CAPOT_HELP, 0, 0 },
};

const struct game_flag bel_flags_marseillaise[] = {
    { "deals", GAME_FLAG_NUMBER, NULL, "8", DEALS_HELP, 1, BEL_MAX_DEALS },
    { "target", GAME_FLAG_NUMBER, targets, "0", TARGET_HELP " (Marseillaise: 500)", 0, 0 },
    { "seven_exchange", GAME_FLAG_BOOL, bools, "true", "ignored in Marseillaise (BM1: no exchange)", 0, 0 },
    { "compare", GAME_FLAG_CHOICE, compares, "rounded", COMPARE_HELP, 0, 0 },
    { "rounding", GAME_FLAG_CHOICE, roundings, "nearest", ROUNDING_HELP, 0, 0 },
    { "belote_on_failure", GAME_FLAG_CHOICE, on_failures, "transfer", FAILURE_HELP, 0, 0 },
    { "meld_tie", GAME_FLAG_CHOICE, meld_ties, "priority", TIE_HELP, 0, 0 },
    { "capot_last", GAME_FLAG_CHOICE, capots, "plus", CAPOT_HELP, 0, 0 },
    { "reveal", GAME_FLAG_CHOICE, reveals, "on_play", "a card beneath a played one is turned at once, or when the trick is complete (BM2)", 0, 0 },
};

const struct game_flag bel_flags_partnership[] = {
    { "deals", GAME_FLAG_NUMBER, NULL, "8", DEALS_HELP, 1, BEL_MAX_DEALS },
    { "target", GAME_FLAG_NUMBER, targets, "0", TARGET_HELP " (Partnership: 1000)", 0, 0 },
    { "seven_exchange", GAME_FLAG_BOOL, bools, "false", "true restores the basic game's Seven exchange (BP1, B15)", 0, 0 },
    { "compare", GAME_FLAG_CHOICE, compares, "rounded", COMPARE_HELP, 0, 0 },
    { "rounding", GAME_FLAG_CHOICE, roundings, "nearest", ROUNDING_HELP, 0, 0 },
    { "belote_on_failure", GAME_FLAG_CHOICE, on_failures, "transfer", FAILURE_HELP, 0, 0 },
    { "meld_tie", GAME_FLAG_CHOICE, meld_ties, "priority", TIE_HELP, 0, 0 },
    { "capot_last", GAME_FLAG_CHOICE, capots, "instead", "ignored in Partnership: capot is always 100 instead of the 10 (BP4)", 0, 0 },
};

const char *bel_form_name(int form)
{
    static const char *const names[] = { "belote", "belote-marseillaise", "belote-partnership" };
    return names[form];
}

/* Stores a checked value of flag `k`. */
static void store(struct bel_rules *r, int k, const struct game_flag *f, const char *value)
{
    switch (k) {
    case FLAG_DEALS: r->deals = (int16_t)game_flag_number(value); break;
    case FLAG_TARGET: r->target = (int16_t)game_flag_number(value); break;
    case FLAG_SEVEN: r->seven_exchange = (uint8_t)game_flag_index(f, value); break;
    case FLAG_COMPARE: r->compare = (uint8_t)game_flag_index(f, value); break;
    case FLAG_ROUNDING: r->rounding = (uint8_t)game_flag_index(f, value); break;
    case FLAG_FAILURE: r->belote_on_failure = (uint8_t)game_flag_index(f, value); break;
    case FLAG_TIE: r->meld_tie = (uint8_t)game_flag_index(f, value); break;
    case FLAG_CAPOT: r->capot_last = (uint8_t)game_flag_index(f, value); break;
    case FLAG_REVEAL: r->reveal = (uint8_t)game_flag_index(f, value); break;
    default: break;
    }
}

static const struct game_flag *table(int form, int *n)
{
    *n = form == BEL_MARSEILLAISE ? FLAGS : FLAGS - 1;
    return form == BEL_BASIC ? bel_flags_basic : form == BEL_MARSEILLAISE ? bel_flags_marseillaise
                                                                         : bel_flags_partnership;
}

void bel_rules_default(struct bel_rules *self, int form, int players)
{
    int n;
    const struct game_flag *f = table(form, &n);
    memset(self, 0, sizeof *self);
    self->form = (uint8_t)form;
    self->players = (uint8_t)players;
    for (int k = 0; k < n; k++) store(self, k, &f[k], f[k].fallback);
    if (self->deals == 0) self->deals = (int16_t)(players == 3 ? 9 : 8);
    if (form == BEL_PARTNERSHIP) self->capot_last = BEL_CAPOT_INSTEAD;
}

int bel_rules_set(struct bel_rules *self, const struct game *g, const char *name, const char *value,
                  char *err, int cap)
{
    int n;
    const struct game_flag *f = table(self->form, &n);
    int k = game_flag_at(f, n, name, value, bel_form_name(self->form), err, cap);
    (void)g;
    if (k < 0) return -1;
    store(self, k, &f[k], value);
    if (k == FLAG_DEALS && self->deals == 0) self->deals = (int16_t)(self->players == 3 ? 9 : 8);
    if (self->form == BEL_PARTNERSHIP) self->capot_last = BEL_CAPOT_INSTEAD;
    return 0;
}

/* ---- the game interface ---- */

static int create_basic(void *state, const struct game_setup *setup, char *err, int cap)
{
    return bel_match_create(state, BEL_BASIC, &belote_game, setup, err, cap);
}

static int create_marseillaise(void *state, const struct game_setup *setup, char *err, int cap)
{
    return bel_match_create(state, BEL_MARSEILLAISE, &belote_marseillaise_game, setup, err, cap);
}

static int create_partnership(void *state, const struct game_setup *setup, char *err, int cap)
{
    return bel_match_create(state, BEL_PARTNERSHIP, &belote_partnership_game, setup, err, cap);
}

static int players(const void *state)
{
    return ((const struct bel_match *)state)->n;
}

static int teams(const void *state)
{
    return bel_match_entrants(state);
}

static int team(const void *state, int player)
{
    return bel_match_entrant(state, player);
}

static int to_act(const void *state)
{
    return bel_match_to_act(state);
}

static int legal_count(const void *state)
{
    const struct bel_match *m = state;
    return m->over ? 0 : bel_deal_legal_count(&m->deal);
}

static int legal_text(const void *state, int n, char *buf, int cap)
{
    return bel_deal_legal_text(&((const struct bel_match *)state)->deal, n, buf, cap);
}

static int find_legal(const void *state, const char *text, int len)
{
    const struct bel_match *m = state;
    return m->over ? -1 : bel_deal_find_legal(&m->deal, text, len);
}

static int apply(void *state, const char *text, int len, char *err, int cap)
{
    return bel_match_apply(state, text, len, err, cap);
}

static int apply_legal(void *state, int n)
{
    return bel_match_apply_legal(state, n);
}

static int set_deck(void *state, const char *deck_text, char *err, int cap)
{
    struct bel_match *m = state;
    uint8_t deck[32];
    if (bel_deck_read(deck_text, m->over || m->deal.n_hist > 0, deck, err, cap) < 0) return -1;
    bel_deal_init(&m->deal, &m->rules, deck);
    return 0;
}

static int deck_text(const void *state, char *buf, int cap)
{
    return bel_deck_write(((const struct bel_match *)state)->deal.deck, buf, cap);
}

static int set_deal_field(void *state, const char *name, long value, char *err, int cap)
{
    struct bel_match *m = state;
    struct pq_text t;
    pq_text_init(&t, err, cap);
    if (strcmp(name, "reserve")) {
        pq_text_str(&t, "unknown deal field '");
        pq_text_str(&t, name);
        pq_text_str(&t, "'");
        return -2;   /* game.h: a field this game does not have */
    }
    if (value < 0 || value > 100000) {
        pq_text_str(&t, "reserve: a whole number of points from 0");
        return -1;
    }
    if (m->over || m->deal.n_hist > 0) {
        pq_text_str(&t, "the reserve of a deal is set before its first action");
        return -1;
    }
    m->reserve = (int32_t)value;
    return 0;
}

static void view(const void *state, int player, const struct pq_writer *w)
{
    bel_report_view(state, player, w);
}

static int deal_number(const void *state)
{
    return ((const struct bel_match *)state)->deal_no;
}

static int match_deals(const void *state)
{
    const struct bel_match *m = state;
    return m->rules.target ? 0 : m->rules.deals;
}

static void deal_result(const void *state, const struct pq_writer *w)
{
    const struct bel_match *m = state;
    if (m->n_sheets > 0) bel_report_deal(m, &m->sheets[m->n_sheets - 1], w);
}

static void result(const void *state, const struct pq_writer *w)
{
    bel_report_match(state, w);
}

static void scores(const void *state, long *out)
{
    const struct bel_match *m = state;
    for (int p = 0; p < m->n; p++) out[p] = m->totals[p];
}

/* Two entrants: the winner's settlement, signed; three or four: totals. */
static void points_from(const struct bel_match *m, const long *entrant, long *out)
{
    if (bel_match_entrants(m) == 2) {
        long diff = entrant[0] - entrant[1];
        for (int p = 0; p < m->n; p++) out[p] = bel_match_entrant(m, p) == 0 ? diff : -diff;
    } else {
        for (int p = 0; p < m->n; p++) out[p] = entrant[p];
    }
}

static void match_points(const void *state, long *out)
{
    long e[BEL_MAX_SEATS];
    bel_match_entrant_totals(state, e);
    points_from(state, e, out);
}

/* belote.h "Forfeit". */
static void forfeit_points(const void *state, int player, long *out)
{
    const struct bel_match *m = state;
    long e[BEL_MAX_SEATS];
    int f = bel_match_entrant(m, player), n = bel_match_entrants(m);
    bel_match_entrant_totals(m, e);
    if (n == 2) {
        long lead = e[1 - f] - e[f];
        e[1 - f] = (lead > 0 ? lead : 0) + 1000;
        e[f] = 0;
    } else {
        long low = 0;
        int first = 1;
        for (int i = 0; i < n; i++)
            if (i != f && (first || e[i] < low)) {
                low = e[i];
                first = 0;
            }
        e[f] = low - 1000;
    }
    points_from(m, e, out);
}

static int playout(const void *state, uint64_t seed)
{
    const struct bel_match *m = state;
    return m->over ? -1 : bel_deal_playout(&m->deal, seed);
}

static uint64_t position(const void *state)
{
    const struct bel_match *m = state;
    return m->over ? 0 : bel_deal_position(&m->deal);
}

static int play_classes(const void *state, uint8_t *out, int n)
{
    const struct bel_match *m = state;
    return m->over ? -1 : bel_deal_play_classes(&m->deal, out, n);
}

static int sample(void *out, const void *state, int player, uint64_t seed)
{
    return bel_match_sample(out, state, player, seed);
}

#define BELOTE_MODULE(NAME, TITLE, MIN, MAX, DEF, FLAGS_TABLE, N_FLAGS, CREATE) {                  \
        .name = NAME, .title = TITLE, .min_players = MIN, .max_players = MAX,                      \
        .default_players = DEF, .state_size = sizeof(struct bel_match), .flags = FLAGS_TABLE,       \
        .n_flags = N_FLAGS, .create = CREATE, .players = players, .teams = teams, .team = team,   \
        .to_act = to_act, .legal_count = legal_count, .legal_text = legal_text,                   \
        .find_legal = find_legal, .apply = apply, .apply_legal = apply_legal, .set_deck = set_deck,  \
        .deck_text = deck_text,                                                                    \
        .set_deal_field = set_deal_field, .view = view, .deal_number = deal_number, .match_deals = match_deals,               \
        .deal_result = deal_result, .result = result, .scores = scores,                           \
        .match_points = match_points, .forfeit_points = forfeit_points, .sample = sample, .playout = playout, \
        .position = position, .play_classes = play_classes, .check = &bel_check }

const struct game belote_game =
    BELOTE_MODULE("belote", "Belote", 2, 4, 4, bel_flags_basic, FLAGS - 1, create_basic);
const struct game belote_marseillaise_game =
    BELOTE_MODULE("belote-marseillaise", "Belote Marseillaise", 2, 2, 2, bel_flags_marseillaise, FLAGS,
                  create_marseillaise);
const struct game belote_partnership_game =
    BELOTE_MODULE("belote-partnership", "Partnership Belote", 4, 4, 4, bel_flags_partnership, FLAGS - 1,
                  create_partnership);

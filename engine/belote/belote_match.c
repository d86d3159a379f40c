/* belote_match.c - a Belote match (RULES-belote.md B37-B39, BM6, BP6): deals in
 * turn with the deal rotating, the reserve threaded from deal to deal,
 * the totals per player, and the end (fixed deals, or a target with a cap
 * of 100 deals). Also the sampler (game.h sample; belote.h says what it
 * keeps).
 *
 * The match keeps the sheet of every finished deal (belote_score.c scores it
 * again for reports), so the whole state stays fixed-size and copyable.
 */
#include <assert.h>
#include <string.h>
#include "engine/belote/belote.h"
#include "engine/rng.h"
#include "engine/text.h"

int bel_test_leak;

int bel_match_dealer(const struct bel_match *m)
{
    return (m->first_dealer + m->deal_no - 1) % m->n;
}

int bel_match_seat_player(const struct bel_match *m, int seat)
{
    return m->seat_player[seat];
}

int bel_match_player_seat(const struct bel_match *m, int player)
{
    return (player - bel_match_dealer(m) - 1 + 2 * m->n) % m->n;
}

static void start_deal(struct bel_match *m)
{
    uint8_t deck[32];
    pq_rng_deck(m->seed, m->deal_no, deck);
    for (int s = 0; s < m->n; s++) m->seat_player[s] = (int8_t)((bel_match_dealer(m) + 1 + s) % m->n);   /* B38 */
    bel_deal_init(&m->deal, &m->rules, deck);
}

/* The flags of one form, set by game_rules_each. */
struct rules_of_game {
    struct bel_rules *rules;
    const struct game *g;
};

static int set_rule(void *ctx, const char *name, const char *value, char *err, int cap)
{
    struct rules_of_game *rg = ctx;
    return bel_rules_set(rg->rules, rg->g, name, value, err, cap);
}

int bel_match_create(struct bel_match *m, int form, const struct game *g, const struct game_setup *setup,
                     char *err, int cap)
{
    struct pq_text t;
    int n = setup->players ? setup->players : g->default_players;
    pq_text_init(&t, err, cap);
    memset(m, 0, sizeof *m);
    if (n < g->min_players || n > g->max_players) {
        pq_text_str(&t, "players: ");
        pq_text_str(&t, g->name);
        pq_text_str(&t, g->min_players == g->max_players ? " is played by " : " takes 2, 3 or 4");
        if (g->min_players == g->max_players) pq_text_int(&t, g->min_players);
        return -1;
    }
    if (game_first_dealer_check(setup, n, err, cap) < 0) return -1;
    bel_rules_default(&m->rules, form, n);
    struct rules_of_game rg = { &m->rules, g };
    if (game_rules_each(setup->rules, set_rule, &rg, err, cap) < 0) return -1;
    if (m->rules.deals % n != 0) {
        pq_text_str(&t, "rules.deals: ");
        pq_text_int(&t, m->rules.deals);
        pq_text_str(&t, " is not a multiple of the ");
        pq_text_int(&t, n);
        pq_text_str(&t, " players (B38)");
        return -1;
    }
    if (m->rules.target > 0) m->rules.deals = BEL_MAX_DEALS;    /* B39's cap */
    m->n = (uint8_t)n;
    m->seed = setup->seed;
    m->one_deal = setup->one_deal != 0;
    m->first_dealer = (int8_t)(m->one_deal ? n - 1 : setup->first_dealer);
    m->deal_no = 1;
    start_deal(m);
    return 0;
}

int bel_match_to_act(const struct bel_match *m)
{
    if (m->over || m->deal.to_act < 0) return -1;
    return bel_match_seat_player(m, m->deal.to_act);
}

int bel_match_entrants(const struct bel_match *m)
{
    return m->rules.form == BEL_PARTNERSHIP ? 2 : m->n;
}

int bel_match_entrant(const struct bel_match *m, int player)
{
    return m->rules.form == BEL_PARTNERSHIP ? player % 2 : player;
}

void bel_match_entrant_totals(const struct bel_match *m, long *out)
{
    for (int p = 0; p < m->n; p++) out[bel_match_entrant(m, p)] = m->totals[p];
}

/* B34: in a target match a trickless unit scores no meld and no belote
 * when they would take its total to the target. */
static void strike(const struct bel_match *m, struct bel_sheet *s)
{
    if (m->rules.target <= 0 || s->is_void) return;
    int units = m->rules.form == BEL_PARTNERSHIP ? 2 : m->n;
    for (int u = 0; u < units; u++) {
        int tricks = 0, extra = 0, player = -1;
        for (int i = 0; i < m->n; i++) {
            if (bel_unit(&m->rules, i) != u) continue;
            player = bel_match_seat_player(m, i);
            tricks += s->tricks[i];
            for (int k = 0; k < s->meld_n[i]; k++) extra += s->meld_val[i][k] * 10;
            extra += s->belote[i] * 20;
        }
        if (tricks == 0 && extra > 0 && m->totals[player] + extra >= m->rules.target) s->struck[u] = 1;
    }
}

static int match_ends(const struct bel_match *m)
{
    if (m->one_deal || m->deal_no >= m->rules.deals) return 1;
    if (m->rules.target <= 0) return 0;
    long t[BEL_MAX_SEATS] = { 0 };
    int e = bel_match_entrants(m), top = 0, shared = 0;
    bel_match_entrant_totals(m, t);
    for (int i = 1; i < e; i++) {
        if (t[i] > t[top]) {
            top = i;
            shared = 0;
        } else if (t[i] == t[top]) {
            shared = 1;
        }
    }
    return t[top] >= m->rules.target && !shared;    /* B39 */
}

static int end_deal(struct bel_match *m);

int bel_match_apply(struct bel_match *m, const char *text, int len, char *err, int cap)
{
    struct bel_action a;
    if (m->over) {
        struct pq_text t;
        pq_text_init(&t, err, cap);
        pq_text_str(&t, "the match is over");
        return GAME_ILLEGAL;
    }
    if (bel_action_parse(text, len, &a, err, cap) < 0) return GAME_ILLEGAL;
    int rc = bel_deal_apply(&m->deal, &a, err, cap);
    if (rc <= 0) return rc < 0 ? GAME_ILLEGAL : GAME_GOES_ON;
    return end_deal(m);
}

int bel_match_apply_legal(struct bel_match *m, int n)
{
    if (m->over) return GAME_ILLEGAL;
    int rc = bel_deal_apply_legal(&m->deal, n);
    if (rc <= 0) return rc < 0 ? GAME_ILLEGAL : GAME_GOES_ON;
    return end_deal(m);
}

/* The deal just ended: its sheet scored, the next one dealt or the match
 * over. GAME_DEAL_OVER. */
static int end_deal(struct bel_match *m)
{
    struct bel_sheet *s = &m->sheets[m->n_sheets];
    struct bel_result r;
    assert(m->n_sheets < BEL_MAX_DEALS);
    bel_deal_sheet(&m->deal, s);
    s->reserve_in = m->reserve;
    strike(m, s);
    bel_score(s, &m->rules, &r);
    for (int i = 0; i < m->n; i++) {
        int u = bel_unit(&m->rules, i);
        if (m->rules.form == BEL_PARTNERSHIP || u == i) m->totals[bel_match_seat_player(m, i)] += r.scores[u];
    }
    m->reserve = r.reserve_out;
    m->n_sheets++;
    if (match_ends(m)) {
        m->over = 1;
        m->reserve_lost = m->reserve;   /* B37: an unclaimed reserve is lost */
    } else {
        m->deal_no++;
        start_deal(m);
    }
    return GAME_DEAL_OVER;
}

/* ---- sampling ---- */

static void sample_marseillaise(struct bel_deal *d, struct pq_rng *rng)
{
    uint8_t cards[16];
    int n = 0;
    for (int s = 0; s < 2; s++)
        for (int j = 0; j < 8; j++)
            if (d->bottom[s][j] != BEL_NO_CARD) cards[n++] = d->bottom[s][j];
    pq_rng_shuffle(rng, cards, n);
    d->down[0] = d->down[1] = 0;
    for (int s = 0, k = 0; s < 2; s++)
        for (int j = 0; j < 8; j++) {
            if (d->bottom[s][j] == BEL_NO_CARD) continue;
            d->bottom[s][j] = cards[k++];
            d->deck[s * 8 + j] = d->bottom[s][j];
            d->packet_of[d->bottom[s][j]] = (uint8_t)j;
            d->down[s] |= PQ_BIT(d->bottom[s][j]);
        }
    /* a card waiting to be turned at the trick's end (reveal end_of_trick)
     * is the one now beneath the played top */
    for (int s = 0; s < 2; s++) {
        if (!d->turn_at_end[s]) continue;
        d->turn_at_end[s] = 0;
        for (int j = 0; j < 8; j++)
            if (d->top[s][j] == BEL_NO_CARD && d->bottom[s][j] != BEL_NO_CARD)
                d->turn_at_end[s] |= PQ_BIT(d->bottom[s][j]);
    }
}

int bel_match_sample(struct bel_match *out, const struct bel_match *m, int player, uint64_t seed)
{
    struct pq_rng rng;
    int8_t slot_seat[32];
    uint8_t pool[32], cards[32], slot_pos[32];
    memcpy(out, m, sizeof *out);
    if (m->over) return 0;
    struct bel_deal *d = &out->deal;
    int v = bel_match_player_seat(m, player);
    pq_rng_seed(&rng, seed);
    if (d->rules.form == BEL_MARSEILLAISE) {
        sample_marseillaise(d, &rng);
        return 0;
    }
    pq_mask fixed[BEL_MAX_SEATS] = { 0 };
    for (int s = 0; s < d->n; s++) fixed[s] = s == v ? d->hand[s] : d->known[s] & d->hand[s];
    if (d->phase == BEL_PHASE_EXCHANGE && d->asked != v) {
        /* the holder stays the holder: the state's own question */
        int seven = PQ_CARD(d->trump, PQ_RANK_7);
        fixed[d->asked] |= PQ_BIT(seven);
    }
    /* where an unseen card may go: a seat's hand (its unseen part) or a
     * deck position not yet dealt (stock included) */
    int n = 0;
    for (int s = 0; s < d->n; s++) {
        pq_mask unseen = d->hand[s] & ~fixed[s];
        while (unseen) {
            int c = pq_mask_first(unseen);
            unseen &= unseen - 1;
            slot_seat[n] = (int8_t)s;
            pool[n++] = (uint8_t)c;
        }
    }
    /* undealt positions: before completion (the rest of the pack), after
     * it the stock less the bergère (N = 2, 3) */
    int from = d->complete ? 9 * d->n + 1 : d->n == 4 ? 21 : 6 * d->n + 1;
    int to = d->complete ? (d->n == 4 ? 0 : 31) : 32;
    for (int p = from; p < to; p++) {
        slot_seat[n] = -1;
        slot_pos[n] = (uint8_t)p;
        pool[n++] = d->deck[p];
    }
    struct bel_told told[BEL_MAX_SEATS];
    pq_mask played[BEL_MAX_SEATS];
    pq_mask held[BEL_MAX_SEATS];
    int telling = bel_deal_told(d, v, told, played);
    for (int s = 0; s < d->n; s++) held[s] = fixed[s] | played[s];
    if (telling)
        bel_redeal_telling(slot_seat, n, d->forbid, pool, cards, &rng, told, held, d->n);
    else
        bel_redeal(slot_seat, n, d->forbid, pool, cards, &rng);
    uint8_t now[32];   /* what each card of a hand's unseen part became */
    for (int c = 0; c < 32; c++) now[c] = (uint8_t)c;
    for (int s = 0; s < d->n; s++) d->hand[s] = fixed[s];
    for (int i = 0; i < n; i++) {
        if (slot_seat[i] >= 0) d->hand[slot_seat[i]] |= PQ_BIT(cards[i]), now[pool[i]] = cards[i];
        else d->deck[slot_pos[i]] = cards[i];
    }
    /* the pack's dealt places follow the hands, so that the pack deals
     * this state's hands (game.h sample): a redealt card's place now holds
     * the card that took its place in the hand */
    for (int p = 0; p < 32; p++)
        if (p < from || p >= to) d->deck[p] = now[d->deck[p]];
    for (int s = 0; s < d->n; s++) held[s] = d->hand[s] | played[s];
    if (telling) bel_told_calls(told, held, d->n, d->call, d->pool, d->pool_seat, d->n_pool);
    return 0;
}

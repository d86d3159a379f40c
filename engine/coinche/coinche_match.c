/* coinche_match.c - a Coinche match (RULES-coinche.md K38-K40): a fixed
 * number of deals (or a target with a cap of 100 deals) with the deal
 * rotating, the totals per partnership (AC, BD). Also the sampler
 * (game.h sample; coinche.h says what it keeps).
 *
 * The match keeps the sheet of every finished deal (coinche_score.c scores
 * it again for reports), so the whole state stays fixed-size and copyable.
 */
#include <assert.h>
#include <string.h>
#include "engine/coinche/coinche.h"
#include "engine/rng.h"
#include "engine/text.h"

int coinche_test_leak;

int coinche_match_dealer(const struct coinche_match *m)
{
    return (m->first_dealer + m->deal_no - 1) & 3;
}

int coinche_match_seat_player(const struct coinche_match *m, int seat)
{
    return (coinche_match_dealer(m) + 1 + seat) & 3;    /* K38 */
}

int coinche_match_player_seat(const struct coinche_match *m, int player)
{
    return (player - coinche_match_dealer(m) - 1 + 8) & 3;
}

static void start_deal(struct coinche_match *m)
{
    uint8_t deck[32];
    pq_rng_deck(m->seed, m->deal_no, deck);     /* K6: a fresh seeded shuffle */
    coinche_deal_init(&m->deal, &m->rules, deck);
}

static int set_rule(void *rules, const char *name, const char *value, char *err, int cap)
{
    return coinche_rules_set(rules, name, value, err, cap);
}

int coinche_match_create(struct coinche_match *m, const struct game_setup *setup, char *err, int cap)
{
    struct pq_text t;
    pq_text_init(&t, err, cap);
    memset(m, 0, sizeof *m);
    if (setup->players != 0 && setup->players != 4) {
        pq_text_str(&t, "players: coinche is played by 4");
        return -1;
    }
    if (game_first_dealer_check(setup, 4, err, cap) < 0) return -1;
    coinche_rules_default(&m->rules);
    if (game_rules_each(setup->rules, set_rule, &m->rules, err, cap) < 0) return -1;
    if (m->rules.deals % 4 != 0) {
        pq_text_str(&t, "rules.deals: ");
        pq_text_int(&t, m->rules.deals);
        pq_text_str(&t, " is not a multiple of 4 (K38)");
        return -1;
    }
    if (m->rules.target > 0) m->rules.deals = COINCHE_MAX_DEALS;   /* K40's cap */
    m->seed = setup->seed;
    m->one_deal = setup->one_deal != 0;
    m->first_dealer = (int8_t)(m->one_deal ? 3 : setup->first_dealer);
    m->deal_no = 1;
    start_deal(m);
    return 0;
}

int coinche_match_to_act(const struct coinche_match *m)
{
    if (m->over || m->deal.to_act < 0) return -1;
    return coinche_match_seat_player(m, m->deal.to_act);
}

/* K38, K40: whether the deal just scored ends the match. */
static int match_ends(const struct coinche_match *m)
{
    if (m->one_deal || m->deal_no >= m->rules.deals) return 1;
    if (m->rules.target <= 0) return 0;
    return (m->totals[0] >= m->rules.target || m->totals[1] >= m->rules.target) && m->totals[0] != m->totals[1];
}

int coinche_match_apply(struct coinche_match *m, const char *text, int len, char *err, int cap)
{
    struct coinche_action a;
    if (m->over) {
        struct pq_text t;
        pq_text_init(&t, err, cap);
        pq_text_str(&t, "the match is over");
        return GAME_ILLEGAL;
    }
    if (coinche_action_parse(text, len, &a, err, cap) < 0) return GAME_ILLEGAL;
    int rc = coinche_deal_apply(&m->deal, &a, err, cap);
    if (rc <= 0) return rc < 0 ? GAME_ILLEGAL : GAME_GOES_ON;
    struct coinche_sheet *s = &m->sheets[m->n_sheets];
    struct coinche_result r;
    assert(m->n_sheets < COINCHE_MAX_DEALS);
    coinche_deal_sheet(&m->deal, s);
    coinche_score(s, &m->rules, &r);
    for (int side = 0; side < 2; side++) m->totals[coinche_match_seat_player(m, side) & 1] += r.scores[side];
    m->n_sheets++;
    if (match_ends(m)) {
        m->over = 1;
    } else {
        m->deal_no++;
        start_deal(m);
    }
    return GAME_DEAL_OVER;
}

/* ---- sampling ---- */

int coinche_match_sample(struct coinche_match *out, const struct coinche_match *m, int player, uint64_t seed)
{
    struct pq_rng rng;
    uint8_t pool[32], cards[32];
    int8_t slot_seat[32];
    memcpy(out, m, sizeof *out);
    if (m->over) return 0;
    struct coinche_deal *d = &out->deal;
    int v = coinche_match_player_seat(m, player), n = 0;
    pq_mask fixed[COINCHE_SEATS];
    pq_rng_seed(&rng, seed);
    for (int s = 0; s < COINCHE_SEATS; s++) {
        fixed[s] = s == v ? d->hand[s] : d->known[s] & d->hand[s];
        for (pq_mask unseen = d->hand[s] & ~fixed[s]; unseen; unseen &= unseen - 1) {
            slot_seat[n] = (int8_t)s;
            pool[n++] = (uint8_t)pq_mask_first(unseen);
        }
    }
    struct bel_told told[COINCHE_SEATS];
    pq_mask played[COINCHE_SEATS], held[COINCHE_SEATS];
    uint8_t pool_seat[COINCHE_POOL] = { 0 };
    int telling = coinche_deal_told(d, v, told, played, pool_seat);
    for (int s = 0; s < COINCHE_SEATS; s++) held[s] = fixed[s] | played[s];
    if (telling)
        bel_redeal_telling(slot_seat, n, d->forbid, pool, cards, &rng, told, held, COINCHE_SEATS);
    else
        bel_redeal(slot_seat, n, d->forbid, pool, cards, &rng);
    for (int s = 0; s < COINCHE_SEATS; s++) d->hand[s] = fixed[s];
    for (int i = 0; i < n; i++) d->hand[slot_seat[i]] |= PQ_BIT(cards[i]);
    for (int s = 0; s < COINCHE_SEATS; s++) held[s] = d->hand[s] | played[s];
    if (telling) bel_told_calls(told, held, COINCHE_SEATS, d->call, d->pool, pool_seat, d->n_pool);
    /* the pack order follows the hands (K6), so the state stays one deal */
    for (int s = 0, k = 0; s < COINCHE_SEATS; s++, k = 0) {
        pq_mask start = d->hand[s];
        for (int h = 0; h < d->n_hist; h++)
            if (d->hist[h].kind == COINCHE_ACT_PLAY && d->hist[h].seat == s) start |= PQ_BIT(d->hist[h].card);
        for (; start; start &= start - 1) d->deck[8 * s + k++] = (uint8_t)pq_mask_first(start);
    }
    return 0;
}

/* tarot_match.c - a Tarot match (RULES-tarot.md F43-F46): a fixed number
 * of deals, the deal passing to the right, void deals counting as deals,
 * each player's total. The match keeps every finished deal's result
 * (struct tarot_result) for its reports, so the state stays fixed-size.
 */
#include <assert.h>
#include <string.h>
#include "engine/tarot/tarot.h"
#include "engine/text.h"

int tarot_match_dealer(const struct tarot_match *m)
{
    return (m->first_dealer + m->deal_no - 1) % m->n;                  /* F44 */
}

int tarot_match_player_seat(const struct tarot_match *m, int player)
{
    return (player - tarot_match_dealer(m) - 1 + 2 * m->n) % m->n;
}

static void start_deal(struct tarot_match *m)
{
    uint8_t deck[TAROT_CARDS];
    int player = tarot_match_dealer(m);
    tarot_deck_shuffle(m->seed, m->deal_no, deck);
    for (int s = 0; s < m->n; s++) {                                   /* from the dealer's right, without a division */
        player = player + 1 == m->n ? 0 : player + 1;
        m->seat_player[s] = (int8_t)player;
    }
    tarot_deal_init(&m->deal, &m->rules, deck);
}

/* One rule of the setup: the flags, and "players" (section 16), which
 * must say the table's size. */
static int set_rule(void *rules, const char *name, const char *value, char *err, int cap)
{
    struct tarot_rules *r = rules;
    if (strcmp(name, "players")) return tarot_rules_set(r, name, value, err, cap);
    if (strlen(value) != 1 || value[0] - '0' != r->players) {
        struct pq_text t;
        pq_text_init(&t, err, cap);
        pq_text_str(&t, "rules.players: must equal players (");
        pq_text_int(&t, r->players);
        pq_text_str(&t, ")");
        return -1;
    }
    return 0;
}

int tarot_match_create(struct tarot_match *m, const struct game_setup *setup, char *err, int cap)
{
    struct pq_text t;
    int n = setup->players ? setup->players : 4;
    pq_text_init(&t, err, cap);
    memset(m, 0, sizeof *m);
    if (n < 3 || n > 5) {
        pq_text_str(&t, "players: tarot takes 3, 4 or 5");
        return -1;
    }
    if (game_first_dealer_check(setup, n, err, cap) < 0) return -1;
    tarot_rules_default(&m->rules, n);
    if (game_rules_each(setup->rules, set_rule, &m->rules, err, cap) < 0) return -1;
    if (m->rules.deals % n != 0) {
        pq_text_str(&t, "rules.deals: ");
        pq_text_int(&t, m->rules.deals);
        pq_text_str(&t, " is not a multiple of the ");
        pq_text_int(&t, n);
        pq_text_str(&t, " players (F43)");
        return -1;
    }
    m->n = (uint8_t)n;
    m->seed = setup->seed;
    m->one_deal = setup->one_deal != 0;
    m->first_dealer = (int8_t)(m->one_deal ? n - 1 : setup->first_dealer);
    m->deal_no = 1;
    start_deal(m);
    return 0;
}

/* The deal just ended: its result, the totals, the next deal or the end. */
static void end_deal(struct tarot_match *m)
{
    struct tarot_result *r = &m->results[m->n_results++];
    assert(m->n_results <= TAROT_MAX_DEALS);
    tarot_score(&m->deal, r);
    r->dealer = (int8_t)tarot_match_dealer(m);
    for (int s = 0; s < m->n; s++) {
        r->seat_player[s] = m->seat_player[s];
        m->totals[m->seat_player[s]] += r->scores[s];
    }
    if (m->one_deal || m->deal_no >= m->rules.deals) {
        m->over = 1;
        return;
    }
    m->deal_no++;
    start_deal(m);
}

int tarot_match_settle(struct tarot_match *m)
{
    if (m->over || m->deal.phase != TAROT_OVER) return GAME_GOES_ON;
    end_deal(m);
    return GAME_DEAL_OVER;
}

/* Any action, the slow way: parsed, checked and applied; out of line, so
 * that the common case in tarot_match_apply saves no registers for it. */
__attribute__((noinline)) static int apply_any(struct tarot_match *m, const char *text, int len, char *err, int cap)
{
    struct tarot_action a;
    int rc;
    if (m->over || m->deal.phase == TAROT_OVER) {
        struct pq_text t;
        pq_text_init(&t, err, cap);
        pq_text_str(&t, m->over ? "the match is over" : "the deal is void (F11): nothing is played in it");
        return GAME_ILLEGAL;
    }
    if (tarot_action_parse(text, len, &a, err, cap) < 0) return GAME_ILLEGAL;
    rc = tarot_deal_apply(&m->deal, &a, err, cap);
    if (rc < 0) return GAME_ILLEGAL;
    if (rc == 0) return GAME_GOES_ON;
    end_deal(m);
    return GAME_DEAL_OVER;
}

int tarot_match_apply(struct tarot_match *m, const char *text, int len, char *err, int cap)
{
    /* the common case first, without building an action: a playable card
     * (72 of a 4-player deal's 78 actions) */
    if (!m->over && m->deal.phase == TAROT_PLAY && len == 7 && !memcmp(text, "play ", 5)) {
        int card = tarot_card_parse(text + 5);
        if (card >= 0 && tarot_has(m->deal.playable, card)) {
            if (tarot_deal_play(&m->deal, card) == 0) return GAME_GOES_ON;
            end_deal(m);
            return GAME_DEAL_OVER;
        }
    }
    return apply_any(m, text, len, err, cap);
}

int tarot_match_apply_legal(struct tarot_match *m, int n)
{
    if (m->over || m->deal.phase == TAROT_OVER) return GAME_ILLEGAL;
    int rc = tarot_deal_apply_legal(&m->deal, n);
    if (rc <= 0) return rc < 0 ? GAME_ILLEGAL : GAME_GOES_ON;
    end_deal(m);
    return GAME_DEAL_OVER;
}

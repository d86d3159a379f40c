/* tarocchini_match.c - a Tarocchini match (RULES-tarocchini.md O33-O36):
 * deals in turn with the deal rotating, the partnerships' totals, the end
 * (a fixed number of deals, or a target with one more deal on equal totals
 * and a cap of 60 deals), and the sampler (game.h sample; tarocchini.h says
 * what it keeps). The match keeps every finished deal's result, so the
 * state stays fixed-size and copyable.
 */
#include <stddef.h>
#include <string.h>
#include "engine/rng.h"
#include "engine/tarocchini/tarocchini.h"
#include "engine/text.h"

int tar_test_leak;

int tar_match_dealer(const struct tar_match *m)
{
    return (int)((unsigned)(m->first_dealer + m->deal_no - 1) % TAR_SEATS);   /* both >= 0: a mask */
}

int tar_match_seat_player(const struct tar_match *m, int seat)
{
    return (int)((unsigned)(tar_match_dealer(m) + 1 + seat) % TAR_SEATS);   /* O33 */
}

int tar_match_player_seat(const struct tar_match *m, int player)
{
    return (player - tar_match_dealer(m) - 1 + 2 * TAR_SEATS) % TAR_SEATS;
}

int tar_match_partnership(int player)
{
    return player % 2;   /* AC = 0, BD = 1 */
}

static void start_deal(struct tar_match *m)
{
    uint8_t deck[TAR_CARDS];
    tar_deck_from_seed(m->seed, m->deal_no, deck);
    tar_deal_init(&m->deal, &m->rules, deck);
}

int tar_match_create(struct tar_match *m, const struct game_setup *setup, char *err, int cap)
{
    struct pq_text t;
    pq_text_init(&t, err, cap);
    /* all but the results, which each deal's end writes whole (a match is
     * made for every playout: clearing 100 results cost more than a deal) */
    memset(m, 0, offsetof(struct tar_match, results));
    if (setup->players && setup->players != TAR_SEATS) {
        pq_text_str(&t, "players: tarocchini is played by 4");
        return -1;
    }
    if (game_first_dealer_check(setup, TAR_SEATS, err, cap) < 0) return -1;
    tar_rules_default(&m->rules);
    if (tar_rules_set_list(&m->rules, setup->rules, err, cap) < 0) return -1;
    if (m->rules.deals % TAR_SEATS != 0) {
        pq_text_str(&t, "rules.deals: ");
        pq_text_int(&t, m->rules.deals);
        pq_text_str(&t, " is not a multiple of 4 (O33)");
        return -1;
    }
    m->seed = setup->seed;
    m->one_deal = setup->one_deal != 0;
    m->first_dealer = (int8_t)(m->one_deal ? 3 : setup->first_dealer);   /* one deal: seat s is player s */
    m->deal_no = 1;
    start_deal(m);
    return 0;
}

int tar_match_set_deal_rules(struct tar_match *m, const char *const *rules, char *err, int cap)
{
    struct tar_rules own = m->rules;
    if (m->over || m->deal.n_hist > 0) {
        struct pq_text t;
        pq_text_init(&t, err, cap);
        pq_text_str(&t, "the rules of a deal are set before its first action");
        return -1;
    }
    if (tar_rules_set_list(&own, rules, err, cap) < 0) return -1;
    uint8_t deck[TAR_CARDS];
    memcpy(deck, m->deal.deck, sizeof deck);
    tar_deal_init(&m->deal, &own, deck);
    return 0;
}

int tar_match_to_act(const struct tar_match *m)
{
    if (m->over || m->deal.to_act < 0) return -1;
    return tar_match_seat_player(m, m->deal.to_act);
}

/* O33, O36: whether the match ends after the deal just scored. */
static int match_ends(const struct tar_match *m)
{
    if (m->one_deal) return 1;
    if (m->rules.target <= 0) return m->deal_no >= m->rules.deals;
    if (m->deal_no >= TAR_TARGET_CAP) return 1;
    int top = m->totals[0] > m->totals[1] ? m->totals[0] : m->totals[1];
    return top >= m->rules.target && m->totals[0] != m->totals[1];
}

/* The deal just ended: its result scored, then the next deal or the end
 * of the match. GAME_DEAL_OVER. */
static int deal_over(struct tar_match *m)
{
    struct tar_result *r = &m->results[m->n_results++];
    tar_score(&m->deal, r);
    for (int team = 0; team < 2; team++)
        m->totals[tar_match_partnership(tar_match_seat_player(m, team))] += r->teams[team];
    if (match_ends(m)) {
        m->over = 1;
    } else {
        m->deal_no++;
        start_deal(m);
    }
    return GAME_DEAL_OVER;
}

/* Applies a legal action `a`, and ends the deal (and the match) when it
 * ends them (small, to be inlined in the two callers: every action). */
static int applied(struct tar_match *m, const struct tar_action *a)
{
    return tar_deal_apply(&m->deal, a) == 0 ? GAME_GOES_ON : deal_over(m);
}

int tar_match_apply(struct tar_match *m, const char *text, int len, char *err, int cap)
{
    struct tar_action a;
    if (m->over) {
        struct pq_text t;
        pq_text_init(&t, err, cap);
        pq_text_str(&t, "deal is over");
        return GAME_ILLEGAL;
    }
    if (!tar_deal_legal_play(&m->deal, text, len, &a)) {   /* the common case checked in one pass */
        if (tar_action_parse(text, len, &a, err, cap) < 0) {
            tar_deal_check_phase(&m->deal, a.kind, err, cap);   /* a verb out of its phase says so first */
            return GAME_ILLEGAL;
        }
        if (tar_deal_check(&m->deal, &a, err, cap) < 0) return GAME_ILLEGAL;
    }
    return applied(m, &a);
}

int tar_match_apply_legal(struct tar_match *m, int n)
{
    struct tar_action a;
    if (m->over || tar_deal_legal_nth(&m->deal, n, &a) < 0) return GAME_ILLEGAL;
    return applied(m, &a);
}

/* ---- sampling (tarocchini.h "Sampling") ---- */

/* The cards each seat has played in the deal so far. */
static void played_by(const struct tar_deal *d, tar_mask out[TAR_SEATS])
{
    memset(out, 0, sizeof(tar_mask) * TAR_SEATS);
    for (int k = 0; k <= d->trick && k < TAR_TRICKS; k++) {
        int n = k < d->trick ? TAR_SEATS : d->n_played;
        int leader = k < d->trick ? d->leaders[k] : d->leader;
        for (int i = 0; i < n; i++) out[(leader + i) % TAR_SEATS] |= TAR_BIT(d->cards[k][i]);
    }
}

/* Whether place k (seat 0..3, 4: the discards) may take card c in a
 * sample: not a suit the seat showed void in (O22), not a five-point card
 * among the discards under O11. */
static int may_take(const struct tar_deal *d, int k, int c)
{
    if (k == TAR_SEATS) return !(d->rules.discard_rule == TAR_DISCARD_NO_FIVE && tar_card_value(c) == 5);
    int suit = tar_suit(c);
    return suit == TAR_SUIT_NONE || !(d->void_of[k] & (1u << suit));
}

static void shuffle(uint8_t *cards, int n, struct pq_rng *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)pq_rng_below(rng, (uint32_t)(i + 1));
        uint8_t x = cards[i];
        cards[i] = cards[j];
        cards[j] = x;
    }
}

/* One constrained fill: the cards with the fewest possible places first,
 * each to a possible place drawn in proportion to its room. 0, or -1 when
 * a card found no room. */
static int constrained_fill(const struct tar_deal *d, uint8_t *cards, int n, const int *need, tar_mask *place,
                            struct pq_rng *rng)
{
    int left[TAR_SEATS + 1], options[TAR_CARDS];
    memcpy(left, need, sizeof left);
    shuffle(cards, n, rng);
    for (int i = 0; i < n; i++) {
        options[i] = 0;
        for (int k = 0; k <= TAR_SEATS; k++) options[i] += need[k] > 0 && may_take(d, k, cards[i]);
    }
    for (int i = 1; i < n; i++)   /* insertion sort by options, stable */
        for (int j = i; j > 0 && options[j - 1] > options[j]; j--) {
            int o = options[j];
            uint8_t c = cards[j];
            options[j] = options[j - 1];
            cards[j] = cards[j - 1];
            options[j - 1] = o;
            cards[j - 1] = c;
        }
    for (int i = 0; i < n; i++) {
        int room = 0, c = cards[i];
        for (int k = 0; k <= TAR_SEATS; k++) room += may_take(d, k, c) ? left[k] : 0;
        if (room == 0) return -1;
        int r = (int)pq_rng_below(rng, (uint32_t)room), k = 0;
        for (;; k++) {
            int w = may_take(d, k, c) ? left[k] : 0;
            if (r < w) break;
            r -= w;
        }
        place[k] |= TAR_BIT(c);
        left[k]--;
    }
    return 0;
}

int tar_match_sample(struct tar_match *out, const struct tar_match *m, int player, uint64_t seed)
{
    const struct tar_deal *d = &m->deal;
    int viewer = tar_match_player_seat(m, player);
    tar_mask known[TAR_SEATS], pool = 0, played[TAR_SEATS];
    int need[TAR_SEATS + 1];   /* index 4: the discards */
    struct pq_rng rng;
    memcpy(out, m, sizeof *out);
    if (m->over || d->phase == TAR_PHASE_OVER) return 0;
    played_by(d, played);
    for (int s = 0; s < TAR_SEATS; s++) {
        known[s] = s == viewer ? d->hand[s] : d->hand[s] & d->declared[s];
        if (d->phase == TAR_PHASE_MONTE && s == viewer) {
            known[s] = 0;
            for (int i = 0; i < 5; i++) known[s] |= TAR_BIT(d->deck[15 * s + i]);   /* O37 */
        }
        need[s] = tar_count(d->hand[s] & ~known[s]);
        pool |= d->hand[s] & ~known[s];
    }
    int discards_hidden = viewer != 3 && d->discards;
    need[TAR_SEATS] = discards_hidden ? 2 : 0;
    if (discards_hidden) pool |= d->discards;
    uint8_t cards[TAR_CARDS];
    int n = 0;
    for (tar_mask x = pool; x; x &= x - 1) cards[n++] = (uint8_t)__builtin_ctzll(x);
    pq_rng_seed(&rng, seed);
    tar_mask hand[TAR_SEATS + 1];
    int done = 0;
    for (int attempt = 0; attempt < 4000 && !done; attempt++) {   /* rejection: exactly uniform */
        shuffle(cards, n, &rng);
        memset(hand, 0, sizeof hand);
        done = 1;
        for (int i = 0, k = 0, used = 0; i < n; i++, used++) {
            while (used == need[k]) k++, used = 0;
            if (!may_take(d, k, cards[i])) done = 0;
            hand[k] |= TAR_BIT(cards[i]);
        }
    }
    for (int attempt = 0; attempt < 1000 && !done; attempt++) {
        memset(hand, 0, sizeof hand);
        done = constrained_fill(d, cards, n, need, hand, &rng) == 0;
    }
    if (!done) return -1;   /* the public constraints admit no deal: cannot happen in a real one */
    struct tar_deal *o = &out->deal;
    for (int s = 0; s < TAR_SEATS; s++) o->hand[s] = known[s] | hand[s];
    if (discards_hidden) o->discards = hand[TAR_SEATS];
    /* The pack that deals the sample: each seat's cards in its own places,
     * the cards that stayed with a seat where they were. */
    tar_mask owns[TAR_SEATS];
    for (int s = 0; s < TAR_SEATS; s++) owns[s] = o->hand[s] | played[s] | (s == 3 ? o->discards : 0);
    tar_mask placed = 0;
    for (int i = 0; i < TAR_CARDS; i++) {
        int s = i < 60 ? i / TAR_HAND : 3;
        if (owns[s] & TAR_BIT(d->deck[i])) placed |= TAR_BIT(d->deck[i]);
        else o->deck[i] = TAR_NO_CARD;
    }
    for (int i = 0; i < TAR_CARDS; i++) {
        if (o->deck[i] != TAR_NO_CARD) continue;
        int s = i < 60 ? i / TAR_HAND : 3;
        tar_mask free_cards = owns[s] & ~placed;
        int c = __builtin_ctzll(free_cards);
        o->deck[i] = (uint8_t)c;
        placed |= TAR_BIT(c);
    }
    tar_deal_refresh(o);
    return 0;
}

/* coinche_deal.c - one Coinche deal (RULES-coinche.md sections 1-6, 11):
 * card ranks and points in every denomination, the deal convention, the
 * auction with coinche and surcoinche, trick-1 meld actions (flag), trick
 * play with its obligations and belote-rebelote.
 *
 * Invariants: hand[s] is what seat s holds now; known[s] is the part of it
 * that every seat knows (the other card of a `belote`, shown melds);
 * forbid[s] the cards every seat knows it does not hold (voids shown in
 * play). A deal changes only through coinche_deal_apply, which changes
 * nothing when it refuses an action.
 */
#include <assert.h>
#include <string.h>
#include "engine/belote/belote_family.h"
#include "engine/coinche/coinche.h"

/* K3: the normalized points of NT and AT by rank 7 8 9 T J Q K A (a
 * suit contract's are Belote's, K2: belote_family.h). */
static const uint8_t nt_points[PQ_RANKS] = { 0, 0, 0, 10, 2, 3, 4, 19 };
static const uint8_t at_points[PQ_RANKS] = { 0, 0, 9, 5, 14, 1, 3, 6 };
static const char *const den_words[COINCHE_DENS] = { "S", "H", "D", "C", "NT", "AT" };
static const char *const level_words[COINCHE_LEVELS] = { "80", "90", "100", "110", "120", "130", "140", "150",
                                                          "160", "capot", "generale" };
/* K9: the denominations of one value in bid order. */
static const uint8_t value_order[COINCHE_DENS] = { COINCHE_S, COINCHE_H, COINCHE_D, COINCHE_C, COINCHE_NT, COINCHE_AT };
static const uint8_t bridge_order[COINCHE_DENS] = { COINCHE_C, COINCHE_D, COINCHE_H, COINCHE_S, COINCHE_NT, COINCHE_AT };
static const uint8_t bridge_pos[COINCHE_DENS] = { 3, 2, 1, 0, 4, 5 };

int coinche_card_points(int card, int den, const struct coinche_rules *r)
{
    int rank = PQ_RANK(card);
    /* nt_at_points seed: NT counts every card as a plain one, AT as a trump */
    if (den == COINCHE_NT) return r->nt_at_seed ? bel_plain_points[rank] : nt_points[rank];
    if (den == COINCHE_AT) return r->nt_at_seed ? bel_trump_points[rank] : at_points[rank];
    return bel_card_points(card, den);
}

int coinche_pack_points(int den, const struct coinche_rules *r)
{
    if (r->nt_at_seed && den == COINCHE_NT) return 130;
    if (r->nt_at_seed && den == COINCHE_AT) return 258;
    return 162;
}

int coinche_level_value(int level)
{
    return level == COINCHE_LEVEL_GENERALE ? 500 : level == COINCHE_LEVEL_CAPOT ? 250 : 80 + 10 * level;
}

const char *coinche_level_word(int level)
{
    return level_words[level];
}

const char *coinche_den_word(int den)
{
    return den_words[den];
}

int coinche_beats(int card, int best, int den)
{
    if (den < COINCHE_NT) return bel_beats(card, best, den);
    if (PQ_SUIT(card) != PQ_SUIT(best)) return 0;       /* K22: no trumps in NT; AT has no suit above another */
    return den == COINCHE_AT ? bel_trump_strength[PQ_RANK(card)] > bel_trump_strength[PQ_RANK(best)]
                             : bel_plain_strength[PQ_RANK(card)] > bel_plain_strength[PQ_RANK(best)];
}

void coinche_deal_init(struct coinche_deal *d, const struct coinche_rules *rules, const uint8_t deck[32])
{
    memset(d, 0, sizeof *d);
    d->rules = *rules;
    memcpy(d->deck, deck, 32);
    d->contract.taker = -1;
    d->coincher = d->last = d->holder = d->meld_winner = -1;
    for (int s = 0; s < COINCHE_SEATS; s++)     /* K6: seat s holds p[8s .. 8s+7] */
        for (int i = 0; i < 8; i++) d->hand[s] |= PQ_BIT(deck[8 * s + i]);
    d->phase = COINCHE_PHASE_AUCTION;
    d->to_act = 0;
}

/* ---- parsing ---- */

int coinche_action_parse(const char *text, int len, struct coinche_action *a, char *err, int cap)
{
    struct bel_tokens t;
    int c = bel_bare_play(text, len);
    memset(a, 0, sizeof *a);
    if (c >= 0) {
        a->kind = COINCHE_ACT_PLAY;
        a->card = (uint8_t)c;
        return 0;
    }
    if (bel_tokens_read(&t, text, len, COINCHE_SEAT_MELDS + 2, 1, err, cap) < 0) return -1;
    if (bel_token_is(&t, 0, "pass") || bel_token_is(&t, 0, "coinche") || bel_token_is(&t, 0, "surcoinche")) {
        a->kind = bel_token_is(&t, 0, "pass") ? COINCHE_ACT_PASS : bel_token_is(&t, 0, "coinche") ? COINCHE_ACT_COINCHE
                                                                                               : COINCHE_ACT_SURCOINCHE;
        if (t.n != 1) return bel_fail(err, cap, "'", bel_tokens_word(&t), "': this action takes no argument");
        return 0;
    }
    if (bel_token_is(&t, 0, "bid")) {
        int level = -1, den = -1;
        for (int k = 0; t.n == 3 && k < COINCHE_LEVELS; k++)
            if (bel_token_is(&t, 1, level_words[k])) level = k;
        for (int k = 0; t.n == 3 && k < COINCHE_DENS; k++)
            if (bel_token_is(&t, 2, den_words[k])) den = k;
        if (level < 0 || den < 0)
            return bel_fail(err, cap, "'", bel_tokens_word(&t), "': a bid is bid V DEN, V one of 80 90 ... 160 capot generale, "
                                                   "DEN one of S H D C NT AT (K8)");
        a->kind = COINCHE_ACT_BID;
        a->level = (uint8_t)level;
        a->den = (uint8_t)den;
        return 0;
    }
    if (bel_token_is(&t, 0, "meld")) {
        a->kind = COINCHE_ACT_MELD;
        return bel_parse_melds(&t, COINCHE_SEAT_MELDS, a->melds, &a->n_melds, err, cap);
    }
    if (bel_token_is(&t, 0, "play")) {
        a->kind = COINCHE_ACT_PLAY;
        return bel_parse_play(&t, &a->card, &a->suffix, err, cap);
    }
    return bel_fail(err, cap, "unknown action '", bel_tokens_word(&t), "'");
}

/* ---- the auction (K7-K15) ---- */

static int n_dens(const struct coinche_rules *r)
{
    return r->nt_at ? COINCHE_DENS : 4;
}

int coinche_bid_count(const struct coinche_rules *r)
{
    return (r->generale ? COINCHE_LEVELS : COINCHE_LEVELS - 1) * n_dens(r);
}

void coinche_bid_of(const struct coinche_rules *r, int i, int *level, int *den)
{
    int k = n_dens(r);
    *level = i / k;
    *den = (r->bid_bridge ? bridge_order : value_order)[i % k];
}

/* The index of a bid in the bid order (K9); the denomination is one the
 * rules have. */
static int bid_index(const struct coinche_rules *r, int level, int den)
{
    return level * n_dens(r) + (r->bid_bridge ? bridge_pos[den] : den);
}

int coinche_bid_first(const struct coinche_deal *d)
{
    const struct coinche_contract *c = &d->contract;
    if (d->phase != COINCHE_PHASE_AUCTION) return coinche_bid_count(&d->rules);
    if (c->taker < 0) return 0;
    if (!d->rules.bid_bridge) return (c->level + 1) * n_dens(&d->rules);
    return bid_index(&d->rules, c->level, c->den) + 1;
}

int coinche_may_coinche(const struct coinche_deal *d)
{
    const struct coinche_contract *c = &d->contract;
    return d->phase == COINCHE_PHASE_AUCTION && c->taker >= 0 && c->coinche == 0 &&
           (c->taker & 1) != (d->to_act & 1);
}

/* ---- legal actions ---- */

int coinche_deal_meld_due(const struct coinche_deal *d)
{
    return d->phase == COINCHE_PHASE_PLAY && d->rules.melds && d->trick == 0 && !(d->melded & (1u << d->to_act));
}

static int partner_winning(const struct coinche_deal *d, int seat)
{
    return d->n_played > 0 && ((d->leader + d->win_pos) & 3) == ((seat + 2) & 3);
}

pq_mask coinche_deal_legal_cards(const struct coinche_deal *d)
{
    int s = d->to_act, den = d->contract.den;
    pq_mask h = d->hand[s];
    if (d->n_played == 0) return h;
    int led = PQ_SUIT(d->played[0]), best = d->played[d->win_pos];
    if (den < COINCHE_NT)                               /* K23, K24 */
        return bel_follow(h, led, best, den, partner_winning(d, s), d->rules.undertrump_forced);
    pq_mask f = h & PQ_SUIT_MASK(led);
    if (den == COINCHE_NT || !f) return f ? f : h;      /* K25 */
    pq_mask hi = f & bel_trumps_above(best);            /* K26 */
    return hi ? hi : f;
}

/* K27: what the acting seat may say with its plays: the suits whose King
 * and Queen make a belote in this contract (none in NT; every suit in AT
 * unless at_belote: none), and what it said already. */
static inline struct bel_belote belote_of(const struct coinche_deal *d)
{
    struct bel_belote b = { 0, d->belote[d->to_act] & 0xfu, d->belote[d->to_act] >> 4 };
    int den = d->contract.den;
    if (den == COINCHE_NT || (den == COINCHE_AT && d->rules.at_belote_none)) b.suits = 0;
    else b.suits = den == COINCHE_AT ? 0xf : 1u << den;
    return b;
}

struct bel_belote coinche_deal_belote(const struct coinche_deal *d)
{
    return belote_of(d);
}

static int put_bid(char *buf, int cap, int level, int den)
{
    char text[24];
    bel_put(text, sizeof text, "bid ", level_words[level], " ");
    return bel_put(buf, cap, text, den_words[den], NULL);
}

int coinche_deal_legal_count(const struct coinche_deal *d)
{
    switch (d->phase) {
    case COINCHE_PHASE_AUCTION:
        return 1 + coinche_bid_count(&d->rules) - coinche_bid_first(d) + coinche_may_coinche(d);
    case COINCHE_PHASE_ANSWER: return 2;
    case COINCHE_PHASE_PLAY: break;
    default: return 0;
    }
    if (coinche_deal_meld_due(d)) {
        char texts[COINCHE_MAX_MELD_ACTIONS][COINCHE_TEXT];
        return coinche_meld_actions(d->hand[d->to_act], texts, COINCHE_MAX_MELD_ACTIONS);
    }
    return bel_plays_count(coinche_deal_legal_cards(d), d->hand[d->to_act], belote_of(d));
}

int coinche_deal_legal_text(const struct coinche_deal *d, int n, char *buf, int cap)
{
    if (n < 0) return -1;
    switch (d->phase) {
    case COINCHE_PHASE_AUCTION: {
        int first = coinche_bid_first(d), bids = coinche_bid_count(&d->rules) - first, level, den;
        if (n == 0) return bel_put(buf, cap, "pass", NULL, NULL);
        if (n <= bids) {
            coinche_bid_of(&d->rules, first + n - 1, &level, &den);
            return put_bid(buf, cap, level, den);
        }
        if (n == bids + 1 && coinche_may_coinche(d)) return bel_put(buf, cap, "coinche", NULL, NULL);
        return -1;
    }
    case COINCHE_PHASE_ANSWER:
        if (n > 1) return -1;
        return bel_put(buf, cap, n == 0 ? "pass" : "surcoinche", NULL, NULL);
    case COINCHE_PHASE_PLAY: break;
    default: return -1;
    }
    if (coinche_deal_meld_due(d)) {
        char texts[COINCHE_MAX_MELD_ACTIONS][COINCHE_TEXT];
        int count = coinche_meld_actions(d->hand[d->to_act], texts, COINCHE_MAX_MELD_ACTIONS);
        return n < count ? bel_put(buf, cap, texts[n], NULL, NULL) : -1;
    }
    return bel_plays_text(coinche_deal_legal_cards(d), d->hand[d->to_act], belote_of(d), n, buf, cap);
}

int coinche_deal_find_legal(const struct coinche_deal *d, const char *text, int len)
{
    struct coinche_action a;
    char want[COINCHE_TEXT], got[COINCHE_TEXT];
    if (d->phase == COINCHE_PHASE_OVER || coinche_action_parse(text, len, &a, NULL, 0) < 0) return -1;
    switch (a.kind) {
    case COINCHE_ACT_MELD:
        if (bel_meld_action_format(a.melds, a.n_melds, want, sizeof want) < 0) return -1;
        break;
    case COINCHE_ACT_PLAY: bel_put_play(want, sizeof want, a.card, a.suffix); break;
    case COINCHE_ACT_BID: put_bid(want, sizeof want, a.level, a.den); break;
    case COINCHE_ACT_PASS: bel_put(want, sizeof want, "pass", NULL, NULL); break;
    case COINCHE_ACT_COINCHE: bel_put(want, sizeof want, "coinche", NULL, NULL); break;
    default: bel_put(want, sizeof want, "surcoinche", NULL, NULL); break;
    }
    if (a.kind == COINCHE_ACT_MELD && coinche_deal_meld_due(d)) {
        char texts[COINCHE_MAX_MELD_ACTIONS][COINCHE_TEXT];
        int count = coinche_meld_actions(d->hand[d->to_act], texts, COINCHE_MAX_MELD_ACTIONS);
        for (int i = 0; i < count; i++)
            if (!strcmp(texts[i], want)) return i;
        return -1;
    }
    int count = coinche_deal_legal_count(d);
    for (int i = 0; i < count; i++) {
        coinche_deal_legal_text(d, i, got, sizeof got);
        if (!strcmp(got, want)) return i;
    }
    return -1;
}

/* ---- equivalent plays (game.h play_classes) ---- */

int coinche_deal_play_classes(const struct coinche_deal *d, uint8_t *out, int n)
{
    if (d->phase != COINCHE_PHASE_PLAY || coinche_deal_meld_due(d)) return -1;
    int den = d->contract.den, seed = d->rules.nt_at_seed;
    pq_mask in_play = d->hand[0] | d->hand[1] | d->hand[2] | d->hand[3];
    for (int i = 0; i < d->n_played; i++) in_play |= PQ_BIT(d->played[i]);
    /* K2, K3: each suit's points and trick order under the contract */
    const uint8_t *points[PQ_SUITS];
    unsigned trump_suits = den < COINCHE_NT ? 1u << den : den == COINCHE_AT ? 0xfu : 0;
    for (int suit = 0; suit < PQ_SUITS; suit++) {
        if (den == COINCHE_NT) points[suit] = seed ? bel_plain_points : nt_points;
        else if (den == COINCHE_AT) points[suit] = seed ? bel_trump_points : at_points;
        else points[suit] = suit == den ? bel_trump_points : bel_plain_points;
    }
    return bel_play_classes(coinche_deal_legal_cards(d), d->hand[d->to_act], belote_of(d), in_play, 0, trump_suits,
                            points, out, n);
}

/* ---- applying ---- */

static struct coinche_act *record(struct coinche_deal *d, int kind, int card, int den)
{
    assert(d->n_hist < COINCHE_HISTORY);
    struct coinche_act *act = &d->hist[d->n_hist++];
    memset(act, 0, sizeof *act);
    act->seat = (uint8_t)d->to_act;
    act->kind = (uint8_t)kind;
    act->card = (uint8_t)card;
    act->den = (uint8_t)den;
    act->asked = COINCHE_NO_SEAT;
    return act;
}

static void start_play(struct coinche_deal *d)
{
    d->phase = COINCHE_PHASE_PLAY;
    d->to_act = 0;      /* K22: seat 0 leads to trick 1 */
    d->leader = 0;
    d->n_played = 0;
    for (int s = 0; s < COINCHE_SEATS; s++) assert(pq_mask_count(d->hand[s]) == 8);   /* K36 */
}

static int apply_bid(struct coinche_deal *d, const struct coinche_action *a, char *err, int cap)
{
    if (a->den >= COINCHE_NT && !d->rules.nt_at)
        return bel_fail(err, cap, "NT and AT are denominations only with the nt_at flag (K1)", NULL, NULL);
    if (a->level == COINCHE_LEVEL_GENERALE && !d->rules.generale)
        return bel_fail(err, cap, "generale is a bid only with the generale flag (K8)", NULL, NULL);
    if (bid_index(&d->rules, a->level, a->den) < coinche_bid_first(d))
        return bel_fail(err, cap, d->rules.bid_bridge ? "a bid must be higher than the current bid: a higher value, or "
                                                    "the same value in a higher denomination (K9)"
                                                  : "a bid must be of a higher value than the current bid (K9)",
                    NULL, NULL);
    record(d, COINCHE_ACT_BID, a->level, a->den);
    d->contract.taker = d->to_act;
    d->contract.level = a->level;
    d->contract.den = a->den;
    d->passes = 0;
    d->to_act = (int8_t)((d->to_act + 1) & 3);
    return 0;
}

static int apply_auction(struct coinche_deal *d, const struct coinche_action *a, char *err, int cap)
{
    int s = d->to_act;
    switch (a->kind) {
    case COINCHE_ACT_PASS:
        record(d, COINCHE_ACT_PASS, 0, 0);
        d->passes++;
        if (d->contract.taker < 0 && d->passes == 4) {     /* K13: a void deal */
            d->phase = COINCHE_PHASE_OVER;
            d->to_act = -1;
            return 1;
        }
        if (d->contract.taker >= 0 && d->passes == 3) {    /* K12 */
            start_play(d);
            return 0;
        }
        d->to_act = (int8_t)((s + 1) & 3);
        return 0;
    case COINCHE_ACT_BID: return apply_bid(d, a, err, cap);
    case COINCHE_ACT_COINCHE:
        if (d->contract.taker < 0) return bel_fail(err, cap, "there is no bid to coinche (K10)", NULL, NULL);
        if ((d->contract.taker & 1) == (s & 1))
            return bel_fail(err, cap, "a player coinches the other side's bid, not his own side's (K10)", NULL, NULL);
        record(d, COINCHE_ACT_COINCHE, 0, 0);
        d->contract.coinche = 1;
        d->coincher = (int8_t)s;
        d->phase = COINCHE_PHASE_ANSWER;
        d->answers = 0;
        d->to_act = (int8_t)((s + 1) & 3);     /* K11: the seat after the coincher */
        return 0;
    case COINCHE_ACT_SURCOINCHE: return bel_fail(err, cap, "surcoinche answers a coinche (K11)", NULL, NULL);
    default: return bel_fail(err, cap, "the auction is not over: pass, bid, or coinche (K7)", NULL, NULL);
    }
}

static int apply_answer(struct coinche_deal *d, const struct coinche_action *a, char *err, int cap)
{
    if (a->kind == COINCHE_ACT_SURCOINCHE) {
        record(d, COINCHE_ACT_SURCOINCHE, 0, 0);
        d->contract.coinche = 2;
        start_play(d);
        return 0;
    }
    if (a->kind != COINCHE_ACT_PASS)
        return bel_fail(err, cap, "a coinche ends the bidding: the coinched side says surcoinche or pass (K11)", NULL, NULL);
    record(d, COINCHE_ACT_PASS, 0, 0);
    if (++d->answers == 2) start_play(d);
    else d->to_act = (int8_t)((d->coincher + 3) & 3);   /* the seat before the coincher */
    return 0;
}

/* The reason a card of the hand may not be played (K23-K26). */
static int play_refused(const struct coinche_deal *d, int card, char *err, int cap)
{
    int s = d->to_act, den = d->contract.den, led = PQ_SUIT(d->played[0]);
    pq_mask h = d->hand[s];
    if (h & PQ_SUIT_MASK(led)) {
        if (PQ_SUIT(card) != led) return bel_fail(err, cap, "must follow suit", NULL, NULL);
        return bel_fail(err, cap, den == COINCHE_AT ? "must head the trick" : "must overtrump", NULL, NULL);
    }
    if (PQ_SUIT(card) != den) return bel_fail(err, cap, "must trump", NULL, NULL);
    return bel_fail(err, cap, "must overtrump", NULL, NULL);
}

/* What the play of `card` tells everybody about the seat's hand. */
static void infer_voids(struct coinche_deal *d, int s, int card)
{
    if (d->n_played == 0) return;
    int den = d->contract.den, led = PQ_SUIT(d->played[0]), best = d->played[d->win_pos];
    if (den < COINCHE_NT) {
        d->forbid[s] |= bel_voids_shown(card, led, best, den, partner_winning(d, s), d->rules.undertrump_forced);
        return;
    }
    if (PQ_SUIT(card) != led) d->forbid[s] |= PQ_SUIT_MASK(led);
    else if (den == COINCHE_AT && !coinche_beats(card, best, den)) d->forbid[s] |= bel_trumps_above(best);
}

int coinche_melds_score(const struct coinche_deal *d, int seat)
{
    return d->meld_winner >= 0 && (seat & 1) == (d->meld_winner & 1);
}

/* The melds seat s declared, OR-ed, and their number. */
static pq_mask seat_melds(const struct coinche_deal *d, int s, int *count)
{
    pq_mask all = 0;
    int n = 0;
    for (int i = 0; i < d->n_hist; i++) {
        const struct coinche_act *act = &d->hist[i];
        if (act->kind != COINCHE_ACT_MELD || act->seat != s) continue;
        for (int k = 0; k < act->pool_n; k++) all |= d->pool[act->pool_at + k];
        n += act->pool_n;
    }
    *count = n;
    return all;
}

static int apply_play(struct coinche_deal *d, const struct coinche_action *a, char *err, int cap)
{
    int s = d->to_act, c = a->card, den = d->contract.den;
    char card[3];
    pq_card_format(c, card);
    if (!(d->hand[s] & PQ_BIT(c))) return bel_fail(err, cap, card, " is not in the seat's hand", NULL);
    if (!(coinche_deal_legal_cards(d) & PQ_BIT(c))) return play_refused(d, c, err, cap);
    if (a->suffix && !(bel_suffixes(c, d->hand[s], belote_of(d)) & (1 << a->suffix))) {
        if (a->suffix == COINCHE_SUFFIX_BELOTE)
            return bel_fail(err, cap, "belote is said with the first of a King and Queen of trumps, "
                                  "while holding the other (K27)", NULL, NULL);
        return bel_fail(err, cap, "rebelote is said with the second of a King and Queen of trumps, "
                              "after the seat's own belote (K27)", NULL, NULL);
    }
    struct coinche_act *act = record(d, COINCHE_ACT_PLAY, c, a->suffix);
    infer_voids(d, s, c);
    d->hand[s] &= ~PQ_BIT(c);
    d->known[s] &= ~PQ_BIT(c);
    if (a->suffix == COINCHE_SUFFIX_BELOTE) {
        d->belote[s] |= (uint8_t)(1u << PQ_SUIT(c));
        d->known[s] |= PQ_BIT(PQ_CARD(PQ_SUIT(c), PQ_RANK(c) == PQ_RANK_K ? PQ_RANK_Q : PQ_RANK_K));
    } else if (a->suffix == COINCHE_SUFFIX_REBELOTE) {
        d->belote[s] |= (uint8_t)(16u << PQ_SUIT(c));
    }
    if (d->trick == 1 && coinche_melds_score(d, s)) {
        int count;
        pq_mask m = seat_melds(d, s, &count);
        if (count) {        /* K21 */
            act->shows = 1;
            d->known[s] |= m & d->hand[s];
        }
    }
    d->played[d->n_played] = (uint8_t)c;
    if (d->n_played == 0) d->win_pos = 0;
    else if (coinche_beats(c, d->played[d->win_pos], den)) d->win_pos = d->n_played;
    if (++d->n_played < COINCHE_SEATS) {
        d->to_act = (int8_t)((s + 1) & 3);
        return 0;
    }
    int w = (d->leader + d->win_pos) & 3, points = 0;
    for (int i = 0; i < COINCHE_SEATS; i++) points += coinche_card_points(d->played[i], den, &d->rules);
    d->cards_won[w] += (int16_t)points;
    d->tricks_won[w]++;
    d->trick++;
    d->n_played = 0;
    d->leader = (uint8_t)w;
    d->to_act = (int8_t)w;
    if (d->trick < 8) return 0;
    d->last = (int8_t)w;
    d->phase = COINCHE_PHASE_OVER;
    d->to_act = -1;
    assert(d->cards_won[0] + d->cards_won[1] + d->cards_won[2] + d->cards_won[3] + 10 ==
           coinche_pack_points(den, &d->rules));    /* K36 */
    return 1;
}

static int apply_meld(struct coinche_deal *d, const struct coinche_action *a, char *err, int cap)
{
    int s = d->to_act;
    if (coinche_meld_check(d->hand[s], a->melds, a->n_melds, err, cap) < 0) return -1;
    assert(d->n_pool + a->n_melds <= COINCHE_POOL);
    struct coinche_act *act = record(d, COINCHE_ACT_MELD, 0, 0);
    coinche_meld_declare(d, act, a->melds, a->n_melds);
    return 0;
}

int coinche_deal_apply(struct coinche_deal *d, const struct coinche_action *a, char *err, int cap)
{
    switch (d->phase) {
    case COINCHE_PHASE_AUCTION: return apply_auction(d, a, err, cap);
    case COINCHE_PHASE_ANSWER: return apply_answer(d, a, err, cap);
    case COINCHE_PHASE_PLAY:
        if (coinche_deal_meld_due(d)) {
            if (a->kind != COINCHE_ACT_MELD)
                return bel_fail(err, cap, "in trick 1 each seat makes its meld action (or a bare meld) before its play (K19)",
                            NULL, NULL);
            return apply_meld(d, a, err, cap);
        }
        if (a->kind == COINCHE_ACT_MELD)
            return bel_fail(err, cap, d->rules.melds ? "melds are declared once, in trick 1 before the seat's play (K19)"
                                                 : "this game is played without melds (K17: flag melds)",
                        NULL, NULL);
        if (a->kind != COINCHE_ACT_PLAY) return bel_fail(err, cap, "the auction is over: the seat must play a card", NULL, NULL);
        return apply_play(d, a, err, cap);
    default:
        return bel_fail(err, cap, "the deal is over", NULL, NULL);
    }
}

void coinche_deal_sheet(const struct coinche_deal *d, struct coinche_sheet *s)
{
    memset(s, 0, sizeof *s);
    s->is_void = d->contract.taker < 0;
    s->contract = d->contract;
    s->last = d->last;
    s->meld_winner = d->meld_winner;
    for (int i = 0; i < COINCHE_SEATS; i++) {
        s->tricks[i] = d->tricks_won[i];
        s->cards[i & 1] = (int16_t)(s->cards[i & 1] + d->cards_won[i]);
        s->belotes[i] = (uint8_t)pq_mask_count(d->belote[i] >> 4);
        if (!coinche_melds_score(d, i)) continue;
        for (int h = 0; h < d->n_hist; h++) {
            const struct coinche_act *act = &d->hist[h];
            if (act->kind != COINCHE_ACT_MELD || act->seat != i) continue;
            for (int k = 0; k < act->pool_n; k++) {
                assert(s->meld_n[i] < COINCHE_SEAT_MELDS);
                s->meld_val[i][s->meld_n[i]++] = (uint8_t)(bel_meld_value(d->pool[act->pool_at + k]) / 10);
            }
        }
    }
}

/* ---- the position key (game.h position) ---- */

/* The rules a deal reads, one word (deals and target are the match's). */
static uint64_t rules_word(const struct coinche_rules *r)
{
    return (uint64_t)r->nt_at | (uint64_t)r->nt_at_seed << 1 | (uint64_t)r->bid_bridge << 2 |
           (uint64_t)r->generale << 3 | (uint64_t)r->must_beat_defence << 4 | (uint64_t)r->coinche_total << 5 |
           (uint64_t)r->belote_transfer << 6 | (uint64_t)r->at_belote_none << 7 |
           (uint64_t)r->undertrump_forced << 8 | (uint64_t)r->melds << 9 | (uint64_t)r->meld_tie_trump << 10 |
           (uint64_t)r->rounding_tens << 11 | (uint64_t)r->scoring << 12 | (uint64_t)r->surcoinche_multiplier << 16 |
           (uint64_t)r->eighty_needs << 24 | (uint64_t)(uint16_t)r->capot_points << 32;
}

uint64_t coinche_deal_position(const struct coinche_deal *d)
{
    if (d->phase != COINCHE_PHASE_PLAY) return 0;
    const struct coinche_contract *c = &d->contract;
    uint64_t table = 0xffffffffu;   /* the trick's cards in play order, 0xff: none yet */
    for (int i = 0; i < d->n_played; i++) table = (table & ~(0xffull << 8 * i)) | (uint64_t)d->played[i] << 8 * i;
    uint64_t key = game_key_add(0, d->hand[0] | (uint64_t)d->hand[1] << 32);
    key = game_key_add(key, d->hand[2] | (uint64_t)d->hand[3] << 32);
    /* win_pos is left over from the last trick while no card is down */
    key = game_key_add(key, (uint64_t)(uint8_t)d->to_act | (uint64_t)d->leader << 8 | (uint64_t)d->n_played << 16 |
                                (uint64_t)(d->n_played ? d->win_pos : 0) << 24 | (uint64_t)d->trick << 32);
    key = game_key_add(key, table | (uint64_t)d->belote[0] << 32 | (uint64_t)d->belote[1] << 40 |
                                (uint64_t)d->belote[2] << 48 | (uint64_t)d->belote[3] << 56);
    /* the sheet's: tricks per seat (générale), card points per side */
    key = game_key_add(key, (uint64_t)d->tricks_won[0] | (uint64_t)d->tricks_won[1] << 8 |
                                (uint64_t)d->tricks_won[2] << 16 | (uint64_t)d->tricks_won[3] << 24 |
                                (uint64_t)(uint16_t)(d->cards_won[0] + d->cards_won[2]) << 32 |
                                (uint64_t)(uint16_t)(d->cards_won[1] + d->cards_won[3]) << 48);
    key = game_key_add(key, (uint64_t)(uint8_t)c->taker | (uint64_t)c->level << 8 | (uint64_t)c->den << 16 |
                                (uint64_t)c->coinche << 24 | (uint64_t)(uint8_t)d->coincher << 32 |
                                (uint64_t)(uint8_t)d->last << 40);
    key = game_key_add(key, rules_word(&d->rules));
    if (d->rules.melds) {
        /* K20: the calls so far and the best; the sheet's meld values are
         * read from the history's trick-1 `meld` actions, which alternate
         * with plays from the first of them (seat 0's, K22): they are the
         * first 8 of the last (melds made + cards played) entries. */
        key = game_key_add(key, (uint64_t)d->melded | (uint64_t)(uint8_t)d->holder << 8 |
                                    (uint64_t)(uint8_t)d->meld_winner << 16);
        key = game_key_add(key, d->call[0] | (uint64_t)d->call[1] << 32);
        key = game_key_add(key, d->call[2] | (uint64_t)d->call[3] << 32);
        int tail = pq_mask_count(d->melded) + 4 * d->trick + d->n_played, first = d->n_hist - tail;
        assert(first >= 0);
        for (int h = first; h < d->n_hist && h < first + 8; h++) {
            const struct coinche_act *act = &d->hist[h];
            if (act->kind != COINCHE_ACT_MELD) continue;
            key = game_key_add(key, 0x100u | act->seat | (uint64_t)act->pool_n << 16);
            for (int k = 0; k < act->pool_n; k++) key = game_key_add(key, d->pool[act->pool_at + k]);
        }
    }
    return key ? key : 1;
}

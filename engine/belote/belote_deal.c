/* belote_deal.c - one Belote deal (RULES-belote.md sections 3-7, 10, 11): the
 * deal convention, the auction, the Seven exchange, trick-1 declarations
 * and the B20 dialogue, Marseillaise claims and layout, and trick play.
 *
 * Invariants: hand[s] is what seat s holds now (Marseillaise: its
 * available cards); known[s] is the part of it that every seat knows;
 * forbid[s] the cards every seat knows it does not hold (voids shown in
 * play). A deal changes only through bel_deal_apply, which changes nothing
 * when it refuses an action.
 */
#include <assert.h>
#include <string.h>
#include "engine/belote/belote.h"

static const char suit_letters[] = "SHDC";
static const char *const suit_names[] = { "spades", "hearts", "diamonds", "clubs" };

int bel_unit(const struct bel_rules *r, int seat)
{
    return r->form == BEL_PARTNERSHIP ? seat & 1 : seat;
}

static int tricks_in_deal(const struct bel_deal *d)
{
    return d->rules.form == BEL_MARSEILLAISE ? 16 : d->n == 4 ? 8 : 9;
}

void bel_deal_init(struct bel_deal *d, const struct bel_rules *rules, const uint8_t deck[32])
{
    memset(d, 0, sizeof *d);
    d->rules = *rules;
    d->n = rules->form == BEL_MARSEILLAISE ? 2 : rules->players;
    memcpy(d->deck, deck, 32);
    d->maker = d->trump = d->exchanger = d->asked = d->holder = d->meld_winner = d->last = -1;
    d->place = d->bergere = BEL_NO_CARD;
    memset(d->best_at, -1, sizeof d->best_at);
    memset(d->top, BEL_NO_CARD, sizeof d->top);
    memset(d->bottom, BEL_NO_CARD, sizeof d->bottom);
    if (rules->form == BEL_MARSEILLAISE) {
        /* BM1: packet j of seat 0 is p[j] under p[16+j], of seat 1 p[8+j]
         * under p[24+j]. */
        for (int j = 0; j < 8; j++) {
            d->packet_of[deck[j]] = d->packet_of[deck[16 + j]] = (uint8_t)j;
            d->packet_of[deck[8 + j]] = d->packet_of[deck[24 + j]] = (uint8_t)j;
            d->bottom[0][j] = deck[j];
            d->top[0][j] = deck[16 + j];
            d->bottom[1][j] = deck[8 + j];
            d->top[1][j] = deck[24 + j];
            d->hand[0] |= PQ_BIT(deck[16 + j]);
            d->hand[1] |= PQ_BIT(deck[24 + j]);
            d->down[0] |= PQ_BIT(deck[j]);
            d->down[1] |= PQ_BIT(deck[8 + j]);
        }
        d->turnup = deck[31];
        d->complete = 1;
    } else {
        int per = d->n == 4 ? 5 : 6;    /* B6, B7 */
        for (int s = 0; s < d->n; s++)
            for (int i = 0; i < per; i++) d->hand[s] |= PQ_BIT(deck[per * s + i]);
        d->turnup = deck[per * d->n];
        d->place = d->turnup;
    }
    d->phase = BEL_PHASE_AUCTION1;
}

/* ---- parsing ---- */

int bel_action_parse(const char *text, int len, struct bel_action *a, char *err, int cap)
{
    struct bel_tokens t;
    int c = bel_bare_play(text, len);
    memset(a, 0, sizeof *a);
    if (c >= 0) {
        a->kind = BEL_ACT_PLAY;
        a->card = (uint8_t)c;
        return 0;
    }
    if (bel_tokens_read(&t, text, len, BEL_SEAT_MELDS + 2, 0, err, cap) < 0) return -1;
    if (bel_token_is(&t, 0, "take") || bel_token_is(&t, 0, "pass") || bel_token_is(&t, 0, "exchange") ||
        bel_token_is(&t, 0, "keep")) {
        a->kind = bel_token_is(&t, 0, "take") ? BEL_ACT_TAKE : bel_token_is(&t, 0, "pass") ? BEL_ACT_PASS
                  : bel_token_is(&t, 0, "exchange") ? BEL_ACT_EXCHANGE : BEL_ACT_KEEP;
        if (t.n != 1) return bel_fail(err, cap, "'", bel_tokens_word(&t), "': this action takes no argument");
        return 0;
    }
    if (bel_token_is(&t, 0, "name")) {
        const char *x = t.n == 2 && t.len[1] == 1 ? strchr(suit_letters, t.at[1][0]) : NULL;
        if (!x || !*x) return bel_fail(err, cap, "'", bel_tokens_word(&t), "': name takes one suit, S, H, D or C");
        a->kind = BEL_ACT_NAME;
        a->card = (uint8_t)(x - suit_letters);
        return 0;
    }
    if (bel_token_is(&t, 0, "meld")) {
        a->kind = BEL_ACT_MELD;
        return bel_parse_melds(&t, BEL_SEAT_MELDS, a->melds, &a->n_melds, err, cap);
    }
    if (bel_token_is(&t, 0, "play")) {
        a->kind = BEL_ACT_PLAY;
        return bel_parse_play(&t, &a->card, &a->suffix, err, cap);
    }
    return bel_fail(err, cap, "unknown action '", bel_tokens_word(&t), "'");
}

/* ---- legal actions ---- */

int bel_deal_meld_due(const struct bel_deal *d)
{
    if (d->phase != BEL_PHASE_PLAY) return 0;
    if (d->rules.form == BEL_MARSEILLAISE) return d->need_claim;
    return d->trick == 0 && !(d->melded & (1u << d->to_act));
}

static int partner_winning(const struct bel_deal *d, int seat)
{
    return d->rules.form == BEL_PARTNERSHIP && d->n_played > 0 && ((d->leader + d->win_pos) & 3) == ((seat + 2) & 3);
}

pq_mask bel_deal_legal_cards(const struct bel_deal *d)
{
    int s = d->to_act;
    if (d->n_played == 0) return d->hand[s];
    /* B23, B24, BP3: always trump when unable to overtrump */
    return bel_follow(d->hand[s], PQ_SUIT(d->played[0]), d->played[d->win_pos], d->trump, partner_winning(d, s), 1);
}

/* B26: what the acting seat may say with its plays: belote and rebelote
 * of trumps, not in Marseillaise (BM5: automatic). */
static inline struct bel_belote belote_of(const struct bel_deal *d)
{
    struct bel_belote b = { 0, 0, 0 };
    int s = d->to_act;
    if (d->rules.form == BEL_MARSEILLAISE || d->trump < 0) return b;
    b.suits = 1u << d->trump;
    b.said = d->belote[s] >= 1 ? b.suits : 0;
    b.resaid = d->belote[s] >= 2 ? b.suits : 0;
    return b;
}

struct bel_belote bel_deal_belote(const struct bel_deal *d)
{
    return belote_of(d);
}

int bel_deal_legal_count(const struct bel_deal *d)
{
    switch (d->phase) {
    case BEL_PHASE_AUCTION1: return 2;
    case BEL_PHASE_AUCTION2: return 4;
    case BEL_PHASE_EXCHANGE: return 2;
    case BEL_PHASE_PLAY: break;
    default: return 0;
    }
    if (bel_deal_meld_due(d)) {
        char texts[BEL_MAX_MELD_ACTIONS][BEL_TEXT];
        return bel_meld_actions(d, d->to_act, texts, BEL_MAX_MELD_ACTIONS);
    }
    return bel_plays_count(bel_deal_legal_cards(d), d->hand[d->to_act], belote_of(d));
}

int bel_deal_legal_text(const struct bel_deal *d, int n, char *buf, int cap)
{
    if (n < 0 || (d->phase != BEL_PHASE_PLAY && n >= bel_deal_legal_count(d))) return -1;   /* past the list */
    switch (d->phase) {
    case BEL_PHASE_AUCTION1: return bel_put(buf, cap, n == 0 ? "take" : "pass", NULL, NULL);
    case BEL_PHASE_AUCTION2: {
        if (n == 3) return bel_put(buf, cap, "pass", NULL, NULL);
        int k = 0;
        for (int s = 0; s < PQ_SUITS; s++) {
            if (s == PQ_SUIT(d->turnup)) continue;
            if (k++ == n) {
                char x[2] = { suit_letters[s], '\0' };
                return bel_put(buf, cap, "name ", x, NULL);
            }
        }
        return -1;
    }
    case BEL_PHASE_EXCHANGE: return bel_put(buf, cap, n == 0 ? "exchange" : "keep", NULL, NULL);
    case BEL_PHASE_PLAY: break;
    default: return -1;
    }
    if (bel_deal_meld_due(d)) {
        char texts[BEL_MAX_MELD_ACTIONS][BEL_TEXT];
        int count = bel_meld_actions(d, d->to_act, texts, BEL_MAX_MELD_ACTIONS);
        return n < count ? bel_put(buf, cap, texts[n], NULL, NULL) : -1;
    }
    return bel_plays_text(bel_deal_legal_cards(d), d->hand[d->to_act], belote_of(d), n, buf, cap);
}

int bel_deal_find_legal(const struct bel_deal *d, const char *text, int len)
{
    struct bel_action a;
    char want[BEL_TEXT], got[BEL_TEXT];
    if (d->phase == BEL_PHASE_OVER || bel_action_parse(text, len, &a, NULL, 0) < 0) return -1;
    switch (a.kind) {
    case BEL_ACT_MELD:
        if (bel_meld_action_format(a.melds, a.n_melds, want, sizeof want) < 0) return -1;
        break;
    case BEL_ACT_PLAY:
        bel_put_play(want, sizeof want, a.card, a.suffix);
        break;
    case BEL_ACT_NAME: {
        char x[2] = { suit_letters[a.card], '\0' };
        bel_put(want, sizeof want, "name ", x, NULL);
        break;
    }
    default: {
        static const char *const words[] = { "take", "", "pass", "exchange", "keep" };
        bel_put(want, sizeof want, words[a.kind], NULL, NULL);
    }
    }
    if (a.kind == BEL_ACT_MELD && bel_deal_meld_due(d)) {
        char texts[BEL_MAX_MELD_ACTIONS][BEL_TEXT];
        int count = bel_meld_actions(d, d->to_act, texts, BEL_MAX_MELD_ACTIONS);
        for (int i = 0; i < count; i++)
            if (!strcmp(texts[i], want)) return i;
        return -1;
    }
    int count = bel_deal_legal_count(d);
    for (int i = 0; i < count; i++) {
        bel_deal_legal_text(d, i, got, sizeof got);
        if (!strcmp(got, want)) return i;
    }
    return -1;
}

/* ---- equivalent plays (game.h play_classes) ---- */

/* Marseillaise (BM2, BM3): the available cards of seat s that still count
 * for more than their rank and points: one that lies on a face-down card
 * (playing it turns that card up), and one that may yet be claimed in a
 * meld, a later claim reading which cards the seat has. A card can be in
 * no meld to come when every three cards in sequence around it hold one
 * the seat can no longer have (played, in the other layout, or claimed
 * in a sequence already), and its rank's carré is no meld or misses a
 * card. */
static pq_mask marseillaise_roles(const struct bel_deal *d, int s, pq_mask cards)
{
    pq_mask role = 0, may_have = d->hand[s] | d->down[s] | d->pending[s];
    pq_mask seq_ok = may_have & ~d->claimed_seq[s];
    for (pq_mask m = cards; m; m &= m - 1) {
        int c = pq_mask_first(m), suit = PQ_SUIT(c), rank = PQ_RANK(c);
        if (d->bottom[s][d->packet_of[c]] != BEL_NO_CARD) {
            role |= PQ_BIT(c);
            continue;
        }
        pq_mask carre = 0;
        for (int x = 0; x < PQ_SUITS; x++) carre |= PQ_BIT(PQ_CARD(x, rank));
        if (bel_meld_key(carre) && (carre & may_have & ~d->claimed_carre[s]) == carre) {
            role |= PQ_BIT(c);
            continue;
        }
        for (int low = rank - 2; low <= rank; low++) {
            if (low < 0 || low + 2 >= PQ_RANKS) continue;
            pq_mask run = (pq_mask)7 << (suit * 8 + low);
            if ((run & seq_ok) == run) {
                role |= PQ_BIT(c);
                break;
            }
        }
    }
    return role;
}

int bel_deal_play_classes(const struct bel_deal *d, uint8_t *out, int n)
{
    if (d->phase != BEL_PHASE_PLAY || bel_deal_meld_due(d)) return -1;
    int s = d->to_act;
    pq_mask legal = bel_deal_legal_cards(d), in_play = 0, role = 0;
    const uint8_t *points[PQ_SUITS];
    for (int suit = 0; suit < PQ_SUITS; suit++) points[suit] = suit == d->trump ? bel_trump_points : bel_plain_points;
    for (int i = 0; i < d->n_played; i++) in_play |= PQ_BIT(d->played[i]);
    for (int i = 0; i < d->n; i++) in_play |= d->hand[i];
    if (d->rules.form == BEL_MARSEILLAISE) {
        /* BM5: the King and Queen of trumps make an automatic belote */
        role |= PQ_BIT(PQ_CARD(d->trump, PQ_RANK_K)) | PQ_BIT(PQ_CARD(d->trump, PQ_RANK_Q));
        in_play |= d->down[0] | d->down[1] | d->pending[0] | d->pending[1];
        /* only a card with another of its suit and points may merge */
        pq_mask pairs = 0;
        for (int suit = 0; suit < PQ_SUITS; suit++) {
            pq_mask of_suit = legal & PQ_SUIT_MASK(suit);
            unsigned seen = 0, twice = 0;
            for (pq_mask m = of_suit; m; m &= m - 1) {
                unsigned bit = 1u << points[suit][PQ_RANK(pq_mask_first(m))];
                twice |= seen & bit;
                seen |= bit;
            }
            for (pq_mask m = twice ? of_suit : 0; m; m &= m - 1)
                if (twice & (1u << points[suit][PQ_RANK(pq_mask_first(m))])) pairs |= PQ_BIT(pq_mask_first(m));
        }
        role |= marseillaise_roles(d, s, pairs);
    }
    return bel_play_classes(legal, d->hand[s], belote_of(d), in_play, role, 1u << d->trump, points, out, n);
}

/* ---- applying ---- */

static struct bel_act *record(struct bel_deal *d, int kind, int card, int suffix)
{
    assert(d->n_hist < BEL_HISTORY);
    struct bel_act *act = &d->hist[d->n_hist++];
    memset(act, 0, sizeof *act);
    act->seat = (uint8_t)d->to_act;
    act->kind = (uint8_t)kind;
    act->card = (uint8_t)card;
    act->suffix = (uint8_t)suffix;
    act->asked = 0xff;
    return act;
}

static void start_play(struct bel_deal *d)
{
    d->phase = BEL_PHASE_PLAY;
    d->to_act = 0;
    d->leader = 0;
    d->n_played = 0;
    if (d->rules.form != BEL_MARSEILLAISE) {
        int cards = d->n == 4 ? 8 : 9;      /* B35 */
        for (int s = 0; s < d->n; s++) assert(pq_mask_count(d->hand[s]) == cards);
        (void)cards;
    }
}

/* B7: the maker takes the card in the turn-up place, then p[21..31]. */
static void complete4(struct bel_deal *d)
{
    int k = 21;
    d->hand[d->maker] |= PQ_BIT(d->place);
    d->known[d->maker] |= PQ_BIT(d->place);
    d->place = BEL_NO_CARD;
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < (s == d->maker ? 2 : 3); i++) d->hand[s] |= PQ_BIT(d->deck[k++]);
    d->complete = 1;
}

/* B6: three more each; the bottom card is the bergère. */
static void complete23(struct bel_deal *d)
{
    for (int s = 0; s < d->n; s++)
        for (int i = 0; i < 3; i++) d->hand[s] |= PQ_BIT(d->deck[6 * d->n + 1 + 3 * s + i]);
    d->bergere = d->deck[31];
    d->complete = 1;
}

static int seven_holder(const struct bel_deal *d, int round1)
{
    int seven = PQ_CARD(d->trump, PQ_RANK_7);
    if (!round1 || !d->rules.seven_exchange || d->turnup == seven) return -1;   /* B13 */
    for (int s = 0; s < d->n; s++)
        if ((d->hand[s] & PQ_BIT(seven)) && !(d->n == 4 && s == d->maker)) return s;   /* B15 */
    return -1;
}

static void end_auction(struct bel_deal *d, int round1)
{
    if (d->rules.form == BEL_MARSEILLAISE) {
        start_play(d);
        return;
    }
    if (d->n != 4) complete23(d);
    int holder = seven_holder(d, round1);
    if (holder >= 0) {
        d->phase = BEL_PHASE_EXCHANGE;
        d->asked = (int8_t)holder;
        d->to_act = (int8_t)holder;
        return;
    }
    if (d->n == 4) complete4(d);
    start_play(d);
}

/* The reason a legal-looking card may not be played (B23, B24). */
static int play_refused(const struct bel_deal *d, int card, char *err, int cap)
{
    int s = d->to_act, led = PQ_SUIT(d->played[0]), best = d->played[d->win_pos];
    pq_mask h = d->hand[s], tm = PQ_SUIT_MASK(d->trump);
    if (led == d->trump) {
        if (PQ_SUIT(card) != d->trump) return bel_fail(err, cap, "trumps were led and the seat holds one: it must play a trump (B23)", NULL, NULL);
        return bel_fail(err, cap, "trumps were led: the seat must head the trick with a higher trump (B23)", NULL, NULL);
    }
    if (h & PQ_SUIT_MASK(led)) return bel_fail(err, cap, "the seat must follow suit in ", suit_names[led], " (B24)");
    if (PQ_SUIT(card) != d->trump) return bel_fail(err, cap, "the seat cannot follow suit and must trump (B24)", NULL, NULL);
    (void)tm;
    (void)best;
    return bel_fail(err, cap, "the seat must overtrump: it holds a trump higher than the trick's (B24)", NULL, NULL);
}

/* What the play of `card` tells everybody about the seat's hand. */
static void infer_voids(struct bel_deal *d, int s, int card)
{
    if (d->n_played == 0 || d->rules.form == BEL_MARSEILLAISE) return;
    d->forbid[s] |= bel_voids_shown(card, PQ_SUIT(d->played[0]), d->played[d->win_pos], d->trump, partner_winning(d, s), 1);
}

/* The melds of seat s in the pool, OR-ed, and their number. */
static pq_mask seat_melds(const struct bel_deal *d, int s, int *count)
{
    pq_mask all = 0;
    int n = 0;
    for (int i = 0; i < d->n_hist; i++) {
        const struct bel_act *act = &d->hist[i];
        if (act->kind != BEL_ACT_MELD || act->seat != s) continue;
        for (int k = 0; k < act->pool_n; k++) all |= d->pool[act->pool_at + k];
        n += act->pool_n;
    }
    if (count) *count = n;
    return all;
}

static int melds_score(const struct bel_deal *d, int s)
{
    int w = d->meld_winner;
    if (w < 0) return 0;
    return s == w || (d->rules.form == BEL_PARTNERSHIP && s == (w + 2) % 4);
}

static int marseillaise_meld_winner(const struct bel_deal *d)
{
    if (!d->call[0] || !d->call[1]) return d->call[0] ? 0 : d->call[1] ? 1 : -1;
    if (bel_meld_beats(d, d->call[0], d->call[1])) return 0;
    if (bel_meld_beats(d, d->call[1], d->call[0])) return 1;
    return d->best_at[0] < d->best_at[1] ? 0 : 1;   /* BM4 */
}

static void turn_up(struct bel_deal *d, int s, int card, int now)
{
    int j = d->packet_of[card];
    assert(d->top[s][j] == card);
    d->top[s][j] = BEL_NO_CARD;
    int b = d->bottom[s][j];
    if (b == BEL_NO_CARD) return;
    if (now) {
        d->top[s][j] = (uint8_t)b;
        d->bottom[s][j] = BEL_NO_CARD;
        d->down[s] &= ~PQ_BIT(b);
        d->pending[s] |= PQ_BIT(b);
    } else {
        d->turn_at_end[s] |= PQ_BIT(b);
    }
}

static void end_trick_layout(struct bel_deal *d)
{
    for (int s = 0; s < 2; s++) {
        for (pq_mask m = d->turn_at_end[s]; m; m &= m - 1) {
            int b = pq_mask_first(m), j = d->packet_of[b];
            d->top[s][j] = (uint8_t)b;
            d->bottom[s][j] = BEL_NO_CARD;
            d->down[s] &= ~PQ_BIT(b);
            d->pending[s] |= PQ_BIT(b);
        }
        d->turn_at_end[s] = 0;
        d->hand[s] |= d->pending[s];
        d->pending[s] = 0;
    }
}

static int play(struct bel_deal *d, int c, int suffix);

static int apply_play(struct bel_deal *d, const struct bel_action *a, char *err, int cap)
{
    int s = d->to_act, c = a->card;
    char card[3];
    pq_card_format(c, card);
    if (!(d->hand[s] & PQ_BIT(c))) {
        if (d->rules.form == BEL_MARSEILLAISE)
            return bel_fail(err, cap, card, " is not one of the seat's available cards (BM2)", NULL);
        return bel_fail(err, cap, card, " is not in the seat's hand", NULL);
    }
    if (!(bel_deal_legal_cards(d) & PQ_BIT(c))) return play_refused(d, c, err, cap);
    if (a->suffix) {
        if (d->rules.form == BEL_MARSEILLAISE)
            return bel_fail(err, cap, "belote is automatic in Marseillaise: no belote or rebelote (BM5)", NULL, NULL);
        int ok = bel_suffixes(c, d->hand[s], belote_of(d));
        if (!(ok & (1 << a->suffix))) {
            if (a->suffix == BEL_SUFFIX_BELOTE)
                return bel_fail(err, cap, "belote is said with the first of the King and Queen of trumps, "
                                      "while holding the other (B26)", NULL, NULL);
            return bel_fail(err, cap, "rebelote is said with the second of the King and Queen of trumps, "
                                  "after the seat's own belote (B26)", NULL, NULL);
        }
    }
    return play(d, c, a->suffix);
}

/* A play known to be legal (apply_play checked it, or it is the n-th of
 * the legal list): card c, with suffix (enum bel_suffix). */
static int play(struct bel_deal *d, int c, int suffix)
{
    int s = d->to_act;
    struct bel_act *act = record(d, BEL_ACT_PLAY, c, suffix);
    infer_voids(d, s, c);
    d->hand[s] &= ~PQ_BIT(c);
    d->known[s] &= ~PQ_BIT(c);
    d->played_all |= PQ_BIT(c);
    if (suffix == BEL_SUFFIX_BELOTE) {
        d->belote[s] = 1;
        d->known[s] |= PQ_BIT(PQ_CARD(d->trump, PQ_RANK(c) == PQ_RANK_K ? PQ_RANK_Q : PQ_RANK_K));
    } else if (suffix == BEL_SUFFIX_REBELOTE) {
        d->belote[s] = 2;
    }
    if (d->rules.form == BEL_MARSEILLAISE) {
        pq_mask kq = PQ_BIT(PQ_CARD(d->trump, PQ_RANK_K)) | PQ_BIT(PQ_CARD(d->trump, PQ_RANK_Q));
        if (kq & PQ_BIT(c)) {
            d->belote_seen[s] |= PQ_BIT(c);
            if (d->belote_seen[s] == kq) {  /* BM5 */
                d->belote[s] = 2;
                act->shows = 1;
            }
        }
        turn_up(d, s, c, d->rules.reveal == BEL_REVEAL_ON_PLAY);
    } else if (d->trick == 1 && melds_score(d, s)) {
        int count;
        pq_mask m = seat_melds(d, s, &count);
        if (count) {        /* B21 */
            act->shows = 1;
            d->known[s] |= m & d->hand[s];
        }
    }
    d->played[d->n_played] = (uint8_t)c;
    if (d->n_played > 0 && bel_beats(c, d->played[d->win_pos], d->trump)) d->win_pos = d->n_played;
    if (d->n_played == 0) d->win_pos = 0;
    d->n_played++;
    if (d->n_played < d->n) {
        d->to_act = (int8_t)(s + 1 == d->n ? 0 : s + 1);
        return 0;
    }
    int w = d->leader + d->win_pos, points = 0;
    if (w >= d->n) w -= d->n;
    for (int i = 0; i < d->n; i++) points += bel_card_points(d->played[i], d->trump);
    d->cards_won[w] += (int16_t)points;
    d->tricks_won[w]++;
    d->trick++;
    d->n_played = 0;
    d->leader = (uint8_t)w;
    d->to_act = (int8_t)w;
    if (d->rules.form == BEL_MARSEILLAISE) end_trick_layout(d);
    if (d->trick == tricks_in_deal(d)) {
        int sum = 0, want = 0;
        d->last = (int8_t)w;
        d->phase = BEL_PHASE_OVER;
        d->to_act = -1;
        if (d->rules.form == BEL_MARSEILLAISE) d->meld_winner = (int8_t)marseillaise_meld_winner(d);
        for (int i = 0; i < d->n; i++) sum += d->cards_won[i];
        for (int k = 0; k < 32; k++)
            if (d->played_all & PQ_BIT(k)) want += bel_card_points(k, d->trump);
        assert(sum == want);   /* B35 */
        assert(d->n != 4 && d->rules.form != BEL_MARSEILLAISE ? 1 : sum == 152);
        (void)sum;
        (void)want;
        return 1;
    }
    if (d->rules.form == BEL_MARSEILLAISE && d->trick <= 15) d->need_claim = 1;
    return 0;
}

static int apply_meld(struct bel_deal *d, const struct bel_action *a, char *err, int cap)
{
    int s = d->to_act;
    if (bel_meld_check(d, s, a->melds, a->n_melds, err, cap) < 0) return -1;
    assert(d->n_pool + a->n_melds <= BEL_POOL);
    struct bel_act *act = record(d, BEL_ACT_MELD, 0, 0);
    pq_mask call = bel_meld_best(a->melds, a->n_melds, bel_meld_tie_trump(d));
    act->pool_at = d->n_pool;
    act->pool_n = a->n_melds;
    for (int i = 0; i < a->n_melds; i++) {
        d->pool_seat[d->n_pool] = (uint8_t)s;
        d->pool[d->n_pool++] = a->melds[i];
    }
    if (d->rules.form == BEL_MARSEILLAISE) {      /* BM3, BM4 */
        for (int i = 0; i < a->n_melds; i++) {
            if (bel_meld_is_carre(a->melds[i])) d->claimed_carre[s] |= a->melds[i];
            else d->claimed_seq[s] |= a->melds[i];
        }
        if (call && (!d->call[s] || bel_meld_beats(d, call, d->call[s]))) {
            d->call[s] = call;
            d->best_at[s] = (int8_t)(d->n_hist - 1);
        }
        d->need_claim = 0;
        return 0;
    }
    /* B19, B20: the dialogue */
    act->say = (uint8_t)bel_meld_say(call, s, d->call, &d->holder, &act->asked, bel_meld_tie_trump(d));
    d->melded |= (uint8_t)(1u << s);
    if (d->melded == (1u << d->n) - 1) d->meld_winner = d->holder;
    return 0;
}

int bel_deal_told(const struct bel_deal *d, int v, struct bel_told *told, pq_mask *played)
{
    int tie = bel_meld_tie_trump(d);
    memset(told, 0, (size_t)d->n * sizeof *told);
    memset(played, 0, (size_t)d->n * sizeof *played);
    for (int i = 0; i < d->n_hist; i++) {
        const struct bel_act *act = &d->hist[i];
        if (act->kind == BEL_ACT_PLAY) played[act->seat] |= PQ_BIT(act->card);
        if (act->kind == BEL_ACT_MELD && d->rules.form != BEL_MARSEILLAISE)
            bel_told_add(told, d->call, act->seat, act->say, act->asked, tie);
    }
    return d->rules.form == BEL_MARSEILLAISE ? 0 : bel_told_finish(told, d->call, d->n, v, tie);
}

int bel_deal_apply(struct bel_deal *d, const struct bel_action *a, char *err, int cap)
{
    int s = d->to_act;
    switch (d->phase) {
    case BEL_PHASE_AUCTION1:
        if (a->kind == BEL_ACT_TAKE) {
            record(d, BEL_ACT_TAKE, 0, 0);
            d->maker = (int8_t)s;
            d->trump = (int8_t)PQ_SUIT(d->turnup);
            end_auction(d, 1);
            return 0;
        }
        if (a->kind != BEL_ACT_PASS)
            return bel_fail(err, cap, "the auction's first round asks for take or pass (B9)", NULL, NULL);
        record(d, BEL_ACT_PASS, 0, 0);
        if (s == d->n - 1) d->phase = BEL_PHASE_AUCTION2;
        d->to_act = (int8_t)((s + 1) % d->n);
        return 0;
    case BEL_PHASE_AUCTION2:
        if (a->kind == BEL_ACT_NAME) {
            if (a->card == PQ_SUIT(d->turnup))
                return bel_fail(err, cap, "the second round names a suit other than the turn-up's (B10)", NULL, NULL);
            record(d, BEL_ACT_NAME, a->card, 0);
            d->maker = (int8_t)s;
            d->trump = (int8_t)a->card;
            end_auction(d, 0);
            return 0;
        }
        if (a->kind != BEL_ACT_PASS)
            return bel_fail(err, cap, "the auction's second round asks for name X or pass (B10)", NULL, NULL);
        record(d, BEL_ACT_PASS, 0, 0);
        if (s == d->n - 1) {        /* B11: void */
            d->phase = BEL_PHASE_OVER;
            d->to_act = -1;
            return 1;
        }
        d->to_act = (int8_t)(s + 1);
        return 0;
    case BEL_PHASE_EXCHANGE: {
        int seven = PQ_CARD(d->trump, PQ_RANK_7);
        if (a->kind != BEL_ACT_EXCHANGE && a->kind != BEL_ACT_KEEP)
            return bel_fail(err, cap, "the holder of the Seven of trumps says exchange or keep (B13)", NULL, NULL);
        record(d, a->kind, 0, 0);
        if (a->kind == BEL_ACT_EXCHANGE) {
            d->hand[s] = (d->hand[s] & ~PQ_BIT(seven)) | PQ_BIT(d->turnup);
            d->known[s] |= PQ_BIT(d->turnup);
            d->place = (uint8_t)seven;
            d->exchanger = (int8_t)s;
        }
        if (d->n == 4) complete4(d);
        start_play(d);
        return 0;
    }
    case BEL_PHASE_PLAY:
        if (bel_deal_meld_due(d)) {
            if (a->kind != BEL_ACT_MELD)
                return bel_fail(err, cap, d->rules.form == BEL_MARSEILLAISE
                                          ? "the trick's winner makes its meld action (claims, or a bare meld) before leading (BM3)"
                                          : "in trick 1 each seat makes its meld action (or a bare meld) before its play (B18)",
                            NULL, NULL);
            return apply_meld(d, a, err, cap);
        }
        if (a->kind == BEL_ACT_MELD)
            return bel_fail(err, cap, d->rules.form == BEL_MARSEILLAISE ? "claims come only after winning a trick (BM3)"
                                                                  : "melds are declared once, in trick 1 before the seat's play (B18)",
                        NULL, NULL);
        if (a->kind != BEL_ACT_PLAY) return bel_fail(err, cap, "the seat must play a card", NULL, NULL);
        return apply_play(d, a, err, cap);
    default:
        return bel_fail(err, cap, "the deal is over", NULL, NULL);
    }
}

int bel_deal_apply_legal(struct bel_deal *d, int n)
{
    int card, suffix;
    if (d->phase == BEL_PHASE_PLAY && !bel_deal_meld_due(d)) {   /* the common case: a play, unchecked */
        if (bel_plays_nth(bel_deal_legal_cards(d), d->hand[d->to_act], belote_of(d), n, &card, &suffix) < 0) return -1;
        return play(d, card, suffix);
    }
    char text[BEL_TEXT];
    struct bel_action a;
    int len = n >= 0 ? bel_deal_legal_text(d, n, text, sizeof text) : -1;
    if (len < 0 || bel_action_parse(text, len, &a, NULL, 0) < 0) return -1;
    return bel_deal_apply(d, &a, NULL, 0);
}

void bel_deal_sheet(const struct bel_deal *d, struct bel_sheet *s)
{
    memset(s, 0, sizeof *s);
    s->form = d->rules.form;
    s->n = d->n;
    s->is_void = d->maker < 0;
    s->maker = d->maker;
    s->trump = d->trump;
    s->exchange = d->exchanger;
    s->meld_winner = d->meld_winner;
    s->last = d->last;
    s->turnup = d->turnup;
    s->bergere = d->bergere;
    for (int i = 0; i < d->n; i++) {
        s->tricks[i] = d->tricks_won[i];
        s->cards[i] = d->cards_won[i];
        s->belote[i] = d->belote[i] == 2;
        if (!melds_score(d, i)) continue;
        for (int h = 0; h < d->n_hist; h++) {
            const struct bel_act *act = &d->hist[h];
            if (act->kind != BEL_ACT_MELD || act->seat != i) continue;
            for (int k = 0; k < act->pool_n; k++) {
                assert(s->meld_n[i] < BEL_SEAT_MELDS);
                s->meld_val[i][s->meld_n[i]++] = (uint8_t)(bel_meld_value(d->pool[act->pool_at + k]) / 10);
            }
        }
    }
}

/* ---- the position key (game.h position) ---- */

/* Fields are packed a few to a 64-bit word, one per line, so that each
 * game_key_add mixes many; belote.h says what is in and what is not. */
uint64_t bel_deal_position(const struct bel_deal *d)
{
    if (d->phase != BEL_PHASE_PLAY) return 0;
    const struct bel_rules *r = &d->rules;
    int marseillaise = r->form == BEL_MARSEILLAISE;
    uint64_t k = 0, w;
    w = (uint64_t)r->form
        | (uint64_t)r->players << 8
        | (uint64_t)r->compare << 16
        | (uint64_t)r->rounding << 24
        | (uint64_t)r->belote_on_failure << 32
        | (uint64_t)r->meld_tie << 40
        | (uint64_t)r->capot_last << 48
        | (uint64_t)r->reveal << 56;
    k = game_key_add(k, w);
    w = (uint64_t)(uint8_t)d->to_act
        | (uint64_t)(uint8_t)d->maker << 8
        | (uint64_t)(uint8_t)d->trump << 16
        | (uint64_t)d->trick << 24
        | (uint64_t)d->melded << 32
        | (uint64_t)d->need_claim << 40
        | (uint64_t)(uint8_t)d->holder << 48
        | (uint64_t)(uint8_t)d->meld_winner << 56;
    k = game_key_add(k, w);
    /* the trick on the table: played[] past n_played, and win_pos with
     * no card down, are the last trick's */
    w = (uint64_t)d->leader
        | (uint64_t)d->n_played << 8;
    if (d->n_played > 0) w |= (uint64_t)d->win_pos << 16;
    for (int i = 0; i < d->n_played; i++) w |= (uint64_t)d->played[i] << (24 + 8 * i);
    k = game_key_add(k, w);
    for (int s = 0; s < d->n; s++) {
        w = (uint64_t)d->hand[s]
            | (uint64_t)d->tricks_won[s] << 32
            | (uint64_t)d->belote[s] << 40
            | (uint64_t)(uint16_t)d->cards_won[s] << 48;
        k = game_key_add(k, w);
        w = (uint64_t)d->call[s]
            | (uint64_t)d->belote_seen[s] << 32;
        k = game_key_add(k, w);
    }
    /* the melds made, each with its seat, summed so that the order of
     * the actions that made them does not count */
    if (d->n_pool > 0) {
        uint64_t melds = 0;
        for (int i = 0; i < d->n_pool; i++) melds += game_key_add(d->pool_seat[i] + 1u, d->pool[i]);
        k = game_key_add(k, melds);
    }
    if (!marseillaise) return k ? k : 1;    /* 0 says "no card play" */
    /* BM4: equal best claims go to the earlier; a later better claim
     * comes after every claim made so far, so the order is all that
     * counts */
    w = d->call[0] && d->call[1] && d->best_at[0] < d->best_at[1];
    k = game_key_add(k, w);
    for (int s = 0; s < 2; s++) {
        uint64_t top, bottom;
        memcpy(&top, d->top[s], sizeof top);
        memcpy(&bottom, d->bottom[s], sizeof bottom);
        k = game_key_add(k, top);
        k = game_key_add(k, bottom);
        w = (uint64_t)d->down[s]
            | (uint64_t)d->pending[s] << 32;
        k = game_key_add(k, w);
        w = (uint64_t)d->turn_at_end[s]
            | (uint64_t)d->claimed_seq[s] << 32;
        k = game_key_add(k, w);
        k = game_key_add(k, d->claimed_carre[s]);
    }
    return k ? k : 1;   /* 0 says "no card play" */
}

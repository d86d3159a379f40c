/* tarot_deal.c - one deal of French Tarot (RULES-tarot.md sections 3-9 and
 * 15): the dealt hands, the void deal, the auction, the called card, the
 * dog and the discard, the chelem announcement, poignées and the play,
 * with the legal actions listed and found by rank (tarot.h gives their
 * order). One check (legal_index) decides every action's legality, for
 * find_legal and apply alike, so the two never disagree. Also the card
 * play's equivalent cards (tarot_deal_play_classes) and its position key
 * (tarot_deal_position), both for the ending solver.
 */
#include <assert.h>
#include <string.h>
#include "engine/tarot/tarot.h"
#include "engine/text.h"

/* by enum tarot_kind; fixed-size, so that a word of up to 7 letters is
 * compared without measuring each verb */
static const char verbs[][8] = { "pass", "bid", "call", "discard", "chelem", "poignee", "play" };

/* The set of n cards, in two 64-bit halves (a 128-bit shift per card
 * cost more, once per card dealt). */
static tarot_mask cards_mask(const uint8_t *cards, int n)
{
    uint64_t lo = 0, hi = 0;
    for (int i = 0; i < n; i++) {
        uint64_t bit = (uint64_t)1 << (cards[i] & 63);
        lo |= cards[i] < 64 ? bit : 0;
        hi |= cards[i] < 64 ? 0 : bit;
    }
    return (tarot_mask)hi << 64 | lo;
}

tarot_mask tarot_dealt_hand(const struct tarot_deal *d, int seat)
{
    return cards_mask(d->deck + d->hand_size * seat, d->hand_size);
}

tarot_mask tarot_dealt_dog(const struct tarot_deal *d)
{
    return cards_mask(d->deck + TAROT_CARDS - d->dog_size, d->dog_size);
}

/* F11: a hand whose only trump is the Petit, without the Excuse (fft) or
 * whatever it holds of it (parlett). */
static int petit_sec(tarot_mask hand, int flag)
{
    if ((hand & TAROT_TRUMP_MASK) != TAROT_BIT(TAROT_PETIT)) return 0;
    return flag == TAROT_PETIT_SEC_PARLETT || !(hand & TAROT_BIT(TAROT_EXCUSE));
}

void tarot_deal_init(struct tarot_deal *d, const struct tarot_rules *rules, const uint8_t deck[TAROT_CARDS])
{
    memset(d, 0, sizeof *d);
    d->rules = *rules;
    d->n = rules->players;
    d->dog_size = d->n == 5 ? 3 : 6;                                   /* F10 */
    d->hand_size = (uint8_t)((TAROT_CARDS - d->dog_size) / d->n);      /* F9 */
    memcpy(d->deck, deck, TAROT_CARDS);
    d->taker = d->partner = -1;
    d->lead = d->best = d->top = d->top_seat = -1;
    d->called = TAROT_NO_CARD;
    for (int s = 0; s < d->n; s++) {
        d->hand[s] = tarot_dealt_hand(d, s);
        d->bids[s] = -1;
    }
    d->dog = tarot_dealt_dog(d);
    d->phase = TAROT_AUCTION;
    d->to_act = 0;                                                     /* F7 */
    if (rules->petit_sec != TAROT_PETIT_SEC_OFF)
        for (int s = 0; s < d->n; s++)
            if (petit_sec(d->hand[s], rules->petit_sec)) {
                d->void_kind = TAROT_PETIT_SEC;
                d->phase = TAROT_OVER;
                d->to_act = -1;
            }
    tarot_deal_refresh(d);
}

int tarot_camp(const struct tarot_deal *d, int seat)
{
    return seat == d->taker || seat == d->partner ? TAROT_ATTACK : TAROT_DEFENCE;
}

static int highest_bid(const struct tarot_deal *d)
{
    int best = TAROT_PASS;
    for (int s = 0; s < d->n; s++)
        if (d->bids[s] > best) best = d->bids[s];
    return best;
}

/* F15: kings always; each lower rank once every card above it is held. */
static tarot_mask callable(const struct tarot_deal *d)
{
    tarot_mask ok = 0, hand = d->hand[d->taker];
    for (int rank = TAROT_KING; rank >= TAROT_KING - 3; rank--) {
        ok |= tarot_rank_mask(rank);
        if ((hand & tarot_rank_mask(rank)) != tarot_rank_mask(rank)) break;
    }
    return ok;
}

/* F18: the suit cards that may be discarded freely, and the trumps. */
static tarot_mask discard_plain(const struct tarot_deal *d)
{
    return d->hand[d->taker] & ~TAROT_TRUMP_MASK & ~TAROT_BIT(TAROT_EXCUSE) & ~tarot_kings();
}

static tarot_mask discard_trumps(const struct tarot_deal *d)
{
    return d->hand[d->taker] & TAROT_TRUMP_MASK & ~tarot_bouts();
}

static long discard_count(const struct tarot_deal *d)
{
    int s = tarot_count(discard_plain(d)), k = d->dog_size;
    return s >= k ? tarot_binomial(s, k) : tarot_binomial(tarot_count(discard_trumps(d)), k - s);
}

int tarot_poignee_level_of(int players, tarot_mask hand)
{
    int t = tarot_count(hand & TAROT_TRUMP_MASK), ex = (hand & TAROT_BIT(TAROT_EXCUSE)) != 0;
    for (int level = 3; level >= 1; level--) {
        int k = tarot_poignee_threshold(players, level);
        if (t >= k || (ex && t == k - 1)) return level;
    }
    return 0;
}

int tarot_poignee_max_level(const struct tarot_deal *d, int seat)
{
    return tarot_poignee_level_of(d->n, d->hand[seat]);
}

/* The number of poignées `seat` may show at `level` now (F25). */
static long poignee_count(const struct tarot_deal *d, int seat, int level)
{
    int t = tarot_count(d->hand[seat] & TAROT_TRUMP_MASK), ex = (d->hand[seat] & TAROT_BIT(TAROT_EXCUSE)) != 0;
    int k = tarot_poignee_threshold(d->n, level);
    if (d->rules.poignee_level == TAROT_POIGNEE_HIGHEST && level != tarot_poignee_max_level(d, seat)) return 0;
    return tarot_binomial(t, k) + (ex && t == k - 1);
}

/* May the seat to act show a poignée now (its first card, none shown)? */
static int may_show(const struct tarot_deal *d)
{
    int s = d->to_act;
    return d->phase == TAROT_PLAY && d->trick_no == 0 && !(d->played_first & (1u << s)) &&
           d->poignee_level[s] == 0;
}

static const tarot_mask suit_masks[4] = { TAROT_SUIT_MASK(0), TAROT_SUIT_MASK(1), TAROT_SUIT_MASK(2), TAROT_SUIT_MASK(3) };

/* tarot_deal_playable, inline where a play keeps `playable` */
static inline tarot_mask playable_now(const struct tarot_deal *d, int seat)
{
    tarot_mask hand = d->hand[seat], ok;
    int lead = d->lead, best = d->best;
    if (lead < 0) {
        ok = hand;
        /* F24: the deal's first lead is no card of the called suit but the called card */
        if (d->trick_no == 0 && d->in_trick == 0 && d->called != TAROT_NO_CARD &&
            d->rules.called_suit_lead == TAROT_LEAD_BANNED) {
            tarot_mask banned = TAROT_SUIT_MASK(TAROT_SUIT(d->called)) & ~TAROT_BIT(d->called);
            if (hand & ~banned) ok = hand & ~banned;
        }
        return ok;
    }
    /* F22 (the trumps are the low 21 bits: 64-bit arithmetic will do) */
    tarot_mask suit = TAROT_IS_TRUMP(lead) ? 0 : hand & suit_masks[TAROT_SUIT(lead)];
    uint64_t trumps = (uint64_t)hand & (((uint64_t)1 << TAROT_TRUMPS) - 1);
    if (suit) {
        ok = suit;
    } else if (trumps) {
        uint64_t above = best < 0 ? trumps : trumps & (~(uint64_t)0 << (best + 1));
        ok = above ? above : trumps;
    } else {
        ok = hand;
    }
    return ok | (hand & TAROT_BIT(TAROT_EXCUSE));
}

tarot_mask tarot_deal_playable(const struct tarot_deal *d, int seat)
{
    return playable_now(d, seat);
}

static int count_legal(const struct tarot_deal *d);

/* tarot_deal_refresh, inline where a play calls it; past the first trick
 * a play's legal actions are its cards alone (no poignée). */
static inline void keep_legal(struct tarot_deal *d)
{
    d->playable = d->phase == TAROT_PLAY ? playable_now(d, d->to_act) : 0;
    d->n_playable_low = (uint8_t)tarot_count64((uint64_t)d->playable);
    d->n_playable = (uint8_t)(d->n_playable_low + tarot_count64((uint64_t)(d->playable >> 64)));
    d->n_legal = d->phase == TAROT_PLAY && d->trick_no > 0 ? d->n_playable : count_legal(d);
}

void tarot_deal_refresh(struct tarot_deal *d)
{
    keep_legal(d);
}

/* F23: does card c beat card w, the trick's best so far (neither the Excuse)? */
static int beats(int c, int w)
{
    return TAROT_IS_TRUMP(c) ? !TAROT_IS_TRUMP(w) || c > w : !TAROT_IS_TRUMP(w) && TAROT_SUIT(c) == TAROT_SUIT(w) && c > w;
}

int tarot_trick_winner(const struct tarot_deal *d, int t, int count)
{
    const uint8_t *cards = d->plays + t * d->n, *seats = d->play_seat + t * d->n;
    int last = t == d->hand_size - 1, win = -1;
    /* F38: the Excuse to the last trick of a camp that won every other */
    for (int i = 0; last && i < count; i++) {
        if (cards[i] != TAROT_EXCUSE) continue;
        int camp = tarot_camp(d, seats[i]), all = 1;
        for (int k = 0; k < t && all; k++) all = tarot_camp(d, d->winner[k]) == camp;
        if (all && t > 0) return seats[i];
    }
    /* F23 */
    for (int i = 0; i < count; i++) {
        int c = cards[i];
        if (c == TAROT_EXCUSE) continue;
        if (win < 0) {
            win = i;
            continue;
        }
        if (beats(c, cards[win])) win = i;
    }
    return seats[win < 0 ? 0 : win];
}

/* ---- listing ---- */

int tarot_deal_legal_count(const struct tarot_deal *d)
{
    return d->n_legal;
}

static int count_legal(const struct tarot_deal *d)
{
    long n = 0;
    switch (d->phase) {
    case TAROT_AUCTION: return 1 + TAROT_GARDE_CONTRE - highest_bid(d);
    case TAROT_CALL: return tarot_count(callable(d));
    case TAROT_DISCARD: return (int)discard_count(d);
    case TAROT_CHELEM: return 2;
    case TAROT_PLAY: {
        /* a hand short of the lowest threshold, the Excuse counted, shows none */
        tarot_mask hand = d->hand[d->to_act];
        int trumps = tarot_count(hand & TAROT_TRUMP_MASK) + ((hand & TAROT_BIT(TAROT_EXCUSE)) != 0);
        n = d->n_playable;
        if (trumps >= tarot_poignee_threshold(d->n, 1) && may_show(d))
            for (int level = 1; level <= 3; level++) n += poignee_count(d, d->to_act, level);
        return (int)n;
    }
    default: return 0;
    }
}

static int write_action(const char *verb, const char *word, tarot_mask cards, char *buf, int cap)
{
    struct pq_text t;
    char list[240];
    pq_text_init(&t, buf, cap);
    pq_text_str(&t, verb);
    if (word) {
        pq_text_str(&t, " ");
        pq_text_str(&t, word);
    }
    if (cards) {
        tarot_mask_format(cards, list, sizeof list);
        pq_text_str(&t, " ");
        pq_text_str(&t, list);
    }
    return t.len;
}

int tarot_action_format(const struct tarot_action *a, char *buf, int cap)
{
    char tok[3];
    if (a->kind == TAROT_ACT_PLAY && cap >= 8) {                       /* the common case, first */
        memcpy(buf, "play ", 5);
        tarot_card_format(a->arg, buf + 5);
        return 7;
    }
    switch (a->kind) {
    case TAROT_ACT_BID: return write_action("bid", tarot_contract_name(a->arg), 0, buf, cap);
    case TAROT_ACT_CALL:
    case TAROT_ACT_PLAY:
        tarot_card_format(a->arg, tok);
        return write_action(verbs[a->kind], tok, 0, buf, cap);
    case TAROT_ACT_DISCARD:
    case TAROT_ACT_POIGNEE: return write_action(verbs[a->kind], NULL, a->cards, buf, cap);
    default: return write_action(verbs[a->kind], NULL, 0, buf, cap);
    }
}

/* The n-th legal action. 0, or -1 when n is out of range. */
static int legal_nth(const struct tarot_deal *d, int n, struct tarot_action *a)
{
    memset(a, 0, sizeof *a);
    if (d->phase == TAROT_PLAY && n >= 0 && n < d->n_playable) {       /* the common case, first */
        a->kind = TAROT_ACT_PLAY;
        a->arg = (uint8_t)tarot_nth(d->playable, n);
        return 0;
    }
    if (n < 0 || n >= tarot_deal_legal_count(d)) return -1;
    switch (d->phase) {
    case TAROT_AUCTION:
        a->kind = n == 0 ? TAROT_ACT_PASS : TAROT_ACT_BID;
        a->arg = (uint8_t)(highest_bid(d) + n);
        return 0;
    case TAROT_CALL: {
        tarot_mask m = callable(d);
        for (int i = 0; i < n; i++) m &= m - 1;
        a->kind = TAROT_ACT_CALL;
        a->arg = (uint8_t)tarot_first(m);
        return 0;
    }
    case TAROT_DISCARD: {
        tarot_mask plain = discard_plain(d);
        int s = tarot_count(plain);
        a->kind = TAROT_ACT_DISCARD;
        a->cards = s >= d->dog_size ? tarot_subset_unrank(plain, d->dog_size, n)
                                    : plain | tarot_subset_unrank(discard_trumps(d), d->dog_size - s, n);
        return 0;
    }
    case TAROT_CHELEM:
        a->kind = n == 0 ? TAROT_ACT_PASS : TAROT_ACT_CHELEM;
        return 0;
    default: {
        tarot_mask m = d->playable;
        int plays = tarot_count(m), seat = d->to_act;
        if (n < plays) {
            for (int i = 0; i < n; i++) m &= m - 1;
            a->kind = TAROT_ACT_PLAY;
            a->arg = (uint8_t)tarot_first(m);
            return 0;
        }
        long r = n - plays;
        tarot_mask trumps = d->hand[seat] & TAROT_TRUMP_MASK;
        a->kind = TAROT_ACT_POIGNEE;
        for (int level = 1; level <= 3; level++) {
            long c = poignee_count(d, seat, level);
            int k = tarot_poignee_threshold(d->n, level);
            if (r >= c) {
                r -= c;
                continue;
            }
            a->cards = r < tarot_binomial(tarot_count(trumps), k) ? tarot_subset_unrank(trumps, k, r)
                                                                   : trumps | TAROT_BIT(TAROT_EXCUSE);
            return 0;
        }
        return -1;
    }
    }
}

/* The n-th playable card (n from 0), the low half's count kept */
static int nth_playable(const struct tarot_deal *d, int n)
{
    int high = n >= d->n_playable_low;
    uint64_t word = high ? (uint64_t)(d->playable >> 64) : (uint64_t)d->playable;
    for (int k = high ? n - d->n_playable_low : n; k > 0; k--) word &= word - 1;
    return 64 * high + __builtin_ctzll(word);
}

int tarot_deal_apply_legal(struct tarot_deal *d, int n)
{
    struct tarot_action a;
    if (d->phase == TAROT_PLAY && n >= 0 && n < d->n_playable)       /* the common case, first */
        return tarot_deal_play(d, nth_playable(d, n));
    if (legal_nth(d, n, &a) < 0) return -1;
    if (a.kind == TAROT_ACT_PASS) a.arg = 0;                           /* as the parser gives it */
    return tarot_deal_apply(d, &a, NULL, 0);
}

/* Any legal action's text, the slow way; out of line, so that the common
 * case below saves no registers for it. */
__attribute__((noinline)) static int any_text(const struct tarot_deal *d, int n, char *buf, int cap)
{
    struct tarot_action a;
    if (legal_nth(d, n, &a) < 0) return -1;
    int len = tarot_action_format(&a, buf, cap);
    return len < cap ? len : -1;
}

int tarot_deal_legal_text(const struct tarot_deal *d, int n, char *buf, int cap)
{
    if (d->phase == TAROT_PLAY && n >= 0 && n < d->n_playable && cap >= 8) {   /* the common case, first */
        memcpy(buf, "play ", 5);
        tarot_card_format(nth_playable(d, n), buf + 5);
        return 7;
    }
    return any_text(d, n, buf, cap);
}

/* ---- equivalent cards ---- */

/* The cards that may share a class with a neighbour: the trumps 02..20
 * and the pip cards 1..10 of each suit, each worth half a point (F6). The
 * bouts are left out (F29 counts them, F32 reads where the Petit fell,
 * F26, F27, F33 and F38 where the Excuse did), and so are the face cards,
 * each the only card of its points in its suit. */
#define TAROT_PIPS(s) ((((tarot_mask)1 << 10) - 1) << (TAROT_FIRST_SUIT_CARD + TAROT_RANKS * (s)))
static const tarot_mask half_point_cards = (TAROT_TRUMP_MASK & ~TAROT_BIT(TAROT_PETIT) & ~TAROT_BIT(TAROT_21)) |
                                           TAROT_PIPS(0) | TAROT_PIPS(1) | TAROT_PIPS(2) | TAROT_PIPS(3);

/* Each card's run: 1 for the trumps, 2 + suit for a suit's cards, so that
 * two cards of one run are compared by their numbers alone (F23: a higher
 * trump beats a lower, a higher card of a suit a lower). */
static uint8_t run_of(int c)
{
    return (uint8_t)(TAROT_IS_TRUMP(c) ? 1 : c == TAROT_EXCUSE ? 0 : 2 + TAROT_SUIT(c));
}

int tarot_deal_play_classes(const struct tarot_deal *d, uint8_t *out, int n)
{
    if (d->phase != TAROT_PLAY) return -1;
    for (int i = 0; i < n; i++) out[i] = (uint8_t)i;
    tarot_mask same = half_point_cards & d->playable;
    /* the called card reveals the partner (F24): alone, though a face card
     * is alone by its points already */
    if (d->called != TAROT_NO_CARD) same &= ~TAROT_BIT(d->called);
    if (!(same & (same - 1))) return 0;                               /* no two to join */
    /* the cards still to be played or on the table: the trick's cards are
     * in play (a card between two of them decides which one wins it) */
    tarot_mask live = 0;
    for (int s = 0; s < d->n; s++) live |= d->hand[s];
    for (int i = 0; i < d->in_trick; i++) live |= TAROT_BIT(d->plays[d->trick_no * d->n + i]);
    tarot_mask m = d->playable;
    int prev = -1;
    /* the legal plays come first, in pack order (tarot.h); a play joins the
     * one before it when both have half a point, are of one run, and no
     * card still in play lies between them */
    for (int i = 0; m && i < n; i++, m &= m - 1) {
        int c = tarot_first(m);
        if (prev >= 0 && tarot_has(same, c) && tarot_has(same, prev) && run_of(c) == run_of(prev)) {
            /* no run crosses card 64: one half of the mask holds both */
            uint64_t half = c < 64 ? (uint64_t)live : (uint64_t)(live >> 64);
            uint64_t between = (((uint64_t)1 << (c & 63)) - 1) & ~(((uint64_t)2 << (prev & 63)) - 1);
            if (!(half & between)) out[i] = out[i - 1];
        }
        prev = c;
    }
    return 0;
}

/* ---- parsing and checking ---- */

static int fail(char *err, int cap, const char *a, const char *b)
{
    struct pq_text t;
    if (!err) return -1;
    pq_text_init(&t, err, cap);
    pq_text_str(&t, a);
    if (b) pq_text_str(&t, b);
    return -1;
}

/* The cards of `p`..`end`: tokens after single spaces. */
static int parse_cards(const char *p, const char *end, tarot_mask *out, char *err, int cap)
{
    *out = 0;
    while (p < end) {
        char tok[3] = { 0, 0, 0 };
        if (*p != ' ' || end - p < 3 || (end - p > 3 && p[3] != ' ')) return fail(err, cap, "cards are two-character tokens after single spaces", NULL);
        tok[0] = p[1];
        tok[1] = p[2];
        int c = tarot_card_parse(tok);
        if (c < 0) {
            fail(err, cap, "not a card: ", NULL);
            if (err) {
                struct pq_text t = { err, cap, (int)strlen(err) };
                pq_text_str(&t, tok);
            }
            return -1;
        }
        if (*out & TAROT_BIT(c)) return fail(err, cap, "a card is named twice: ", tok);
        *out |= TAROT_BIT(c);
        p += 3;
    }
    return 0;
}

int tarot_action_parse(const char *text, int len, struct tarot_action *a, char *err, int cap)
{
    if (len == 7 && !memcmp(text, "play ", 5)) {                       /* the common case, first */
        char tok[3] = { text[5], text[6], 0 };
        int c = tarot_card_parse(tok);
        if (c >= 0) {
            memset(a, 0, sizeof *a);
            a->kind = TAROT_ACT_PLAY;
            a->arg = (uint8_t)c;
            return 0;
        }
    }
    const char *end = text + len, *sp = memchr(text, ' ', (size_t)len);
    int vlen = sp ? (int)(sp - text) : len, kind = -1;
    memset(a, 0, sizeof *a);
    for (int k = 0; k < (int)(sizeof verbs / sizeof verbs[0]) && kind < 0 && vlen < 8; k++) {
        int i = 0;
        while (i < vlen && verbs[k][i] != '\0' && verbs[k][i] == text[i]) i++;
        if (i == vlen && verbs[k][vlen] == '\0') kind = k;
    }
    if (kind < 0) return fail(err, cap, "unknown action: the verbs are pass, bid, call, discard, chelem, poignee, play", NULL);
    a->kind = (uint8_t)kind;
    const char *rest = text + vlen;
    switch (kind) {
    case TAROT_ACT_PASS:
    case TAROT_ACT_CHELEM:
        if (rest != end) return fail(err, cap, verbs[kind], " takes nothing after it");
        return 0;
    case TAROT_ACT_BID:
        for (int c = TAROT_PRISE; c <= TAROT_GARDE_CONTRE; c++) {
            const char *name = tarot_contract_name(c);
            size_t name_len = strlen(name);
            if (end - rest == (long)name_len + 1 && rest[0] == ' ' && !memcmp(rest + 1, name, name_len)) {
                a->arg = (uint8_t)c;
                return 0;
            }
        }
        return fail(err, cap, "a bid is prise, garde, garde_sans or garde_contre", NULL);
    case TAROT_ACT_CALL:
    case TAROT_ACT_PLAY: {
        tarot_mask m;
        if (rest == end) return fail(err, cap, verbs[kind], " names one card");
        if (parse_cards(rest, end, &m, err, cap) < 0) return -1;
        if (tarot_count(m) != 1) return fail(err, cap, verbs[kind], " names one card");
        a->arg = (uint8_t)tarot_first(m);
        return 0;
    }
    default:
        if (rest == end) return fail(err, cap, verbs[kind], " names its cards");
        return parse_cards(rest, end, &a->cards, err, cap);
    }
}

static const char *expected(const struct tarot_deal *d)
{
    switch (d->phase) {
    case TAROT_AUCTION: return "the seat to speak must pass or bid (F13)";
    case TAROT_CALL: return "the taker must call a card (F15)";
    case TAROT_DISCARD: return "the taker must discard (F17)";
    case TAROT_CHELEM: return "the taker must say chelem or pass (F20)";
    case TAROT_PLAY: return "a card must be played (F21)";
    default: return "the deal is over";
    }
}

/* The index of action `a` in the legal list, or -1 with a reason when err. */
static int legal_index(const struct tarot_deal *d, const struct tarot_action *a, char *err, int cap)
{
    int seat = d->to_act;
    switch (d->phase) {
    case TAROT_AUCTION: {
        int high = highest_bid(d);
        if (a->kind == TAROT_ACT_PASS) return 0;
        if (a->kind != TAROT_ACT_BID) break;
        if (a->arg <= high) return fail(err, cap, "a bid must be higher than every earlier bid (F13)", NULL);
        return a->arg - high;
    }
    case TAROT_CALL: {
        tarot_mask ok = callable(d);
        if (a->kind != TAROT_ACT_CALL) break;
        if (!(ok & TAROT_BIT(a->arg)))
            return fail(err, cap, "only a king may be called, a lower rank only when every card above it is held (F15)", NULL);
        return tarot_count(ok & (TAROT_BIT(a->arg) - 1));
    }
    case TAROT_DISCARD: {
        tarot_mask plain = discard_plain(d), trumps = discard_trumps(d), c = a->cards;
        int s = tarot_count(plain), k = d->dog_size;
        if (a->kind != TAROT_ACT_DISCARD) break;
        if (tarot_count(c) != k) return fail(err, cap, k == 6 ? "the discard is 6 cards (F17)" : "the discard is 3 cards (F17)", NULL);
        if (c & ~d->hand[seat]) return fail(err, cap, "a discarded card is not in the taker's hand", NULL);
        if (c & (tarot_kings() | tarot_bouts())) return fail(err, cap, "no king and no bout may be discarded (F18)", NULL);
        if (s >= k) {
            if (c & TAROT_TRUMP_MASK) return fail(err, cap, "a trump is discarded only when forced (F18)", NULL);
            return (int)tarot_subset_rank(plain, c);
        }
        if ((c & plain) != plain) return fail(err, cap, "every other suit card must go before a trump (F18)", NULL);
        return (int)tarot_subset_rank(trumps, c & ~plain);
    }
    case TAROT_CHELEM:
        if (a->kind == TAROT_ACT_PASS) return 0;
        if (a->kind == TAROT_ACT_CHELEM) return 1;
        break;
    case TAROT_PLAY: {
        tarot_mask ok = d->playable;
        int plays = tarot_count(ok);
        if (a->kind == TAROT_ACT_PLAY) {
            if (!(d->hand[seat] & TAROT_BIT(a->arg))) return fail(err, cap, "the card is not in the hand", NULL);
            if (!(ok & TAROT_BIT(a->arg)))
                return fail(err, cap, d->trick_no == 0 && d->in_trick == 0
                                          ? "the first lead may not be of the called suit (F24)"
                                          : "the card does not follow F22 (suit, trump, overtrump)", NULL);
            return tarot_count(ok & (TAROT_BIT(a->arg) - 1));
        }
        if (a->kind != TAROT_ACT_POIGNEE) break;
        if (!may_show(d))
            return fail(err, cap, "a poignée is shown once, before the seat's first card (F25)", NULL);
        tarot_mask trumps = d->hand[seat] & TAROT_TRUMP_MASK, c = a->cards;
        int k = tarot_count(c), level = 0, t = tarot_count(trumps);
        for (int l = 1; l <= 3; l++)
            if (tarot_poignee_threshold(d->n, l) == k) level = l;
        if (!level) return fail(err, cap, "a poignée shows exactly a threshold's number of trumps (F25)", NULL);
        if (c & ~d->hand[seat]) return fail(err, cap, "a poignée card is not in the hand", NULL);
        if ((c & TAROT_BIT(TAROT_EXCUSE)) && (c & ~TAROT_BIT(TAROT_EXCUSE)) != trumps)
            return fail(err, cap, "the Excuse completes a poignée only with every trump held (F25)", NULL);
        if (d->rules.poignee_level == TAROT_POIGNEE_HIGHEST && level != tarot_poignee_max_level(d, seat))
            return fail(err, cap, "the highest poignée the seat can show must be shown (poignee_level=highest)", NULL);
        long index = plays;
        for (int l = 1; l < level; l++) index += poignee_count(d, seat, l);
        if (c & TAROT_BIT(TAROT_EXCUSE)) return (int)(index + tarot_binomial(t, k));
        return (int)(index + tarot_subset_rank(trumps, c));
    }
    default: break;
    }
    return fail(err, cap, "not now: ", expected(d));
}

int tarot_deal_find_legal(const struct tarot_deal *d, const char *text, int len)
{
    struct tarot_action a;
    if (d->phase == TAROT_OVER || tarot_action_parse(text, len, &a, NULL, 0) < 0) return -1;
    return legal_index(d, &a, NULL, 0);
}

/* ---- applying ---- */

static void remember(struct tarot_deal *d, int seat, int kind, int arg)
{
    struct tarot_played *h = &d->hist[d->n_hist++];
    h->seat = (uint8_t)seat;
    h->kind = (uint8_t)kind;
    h->arg = (uint8_t)arg;
}

/* After the auction and the call: the dog (F17, F19) and the chelem. */
static void after_call(struct tarot_deal *d)
{
    d->to_act = d->taker;
    if (d->contract <= TAROT_GARDE) {
        d->hand[d->taker] |= d->dog;
        if (d->called != TAROT_NO_CARD && (d->dog & TAROT_BIT(d->called))) d->partner_public = 1;
        d->phase = TAROT_DISCARD;
    } else {
        d->phase = TAROT_CHELEM;
    }
}

static int end_auction(struct tarot_deal *d)
{
    int high = highest_bid(d);
    if (high == TAROT_PASS) {                                          /* F14 */
        d->void_kind = TAROT_ALL_PASS;
        d->phase = TAROT_OVER;
        d->to_act = -1;
        return 1;
    }
    for (int s = 0; s < d->n; s++)
        if (d->bids[s] == high) d->taker = (int8_t)s;
    d->contract = (uint8_t)high;
    if (d->n == 5) {
        d->phase = TAROT_CALL;
        d->to_act = d->taker;
    } else {
        after_call(d);
    }
    return 0;
}

static int play_card(struct tarot_deal *d, int seat, int card)
{
    int at = d->trick_no * d->n + d->in_trick;
    d->plays[at] = (uint8_t)card;
    d->play_seat[at] = (uint8_t)seat;
    d->hand[seat] = tarot_without(d->hand[seat], card);
    d->played_first |= (uint8_t)(1u << seat);
    if (card == d->called) d->partner_public = 1;
    if (card != TAROT_EXCUSE && d->lead < 0) d->lead = (int8_t)card;
    if (TAROT_IS_TRUMP(card) && card > d->best) d->best = (int8_t)card;
    if (card != TAROT_EXCUSE && (d->top < 0 || beats(card, d->top))) {
        d->top = (int8_t)card;
        d->top_seat = (int8_t)seat;
    }
    if (++d->in_trick < d->n) {
        d->to_act = (int8_t)(seat + 1 == d->n ? 0 : seat + 1);       /* no division: this is every play */
        return 0;
    }
    /* the last trick may go by F38 instead */
    int w = d->trick_no < d->hand_size - 1 && d->top_seat >= 0 ? d->top_seat : tarot_trick_winner(d, d->trick_no, d->n);
    d->winner[d->trick_no] = (uint8_t)w;
    d->tricks_won[w]++;
    d->in_trick = 0;
    d->lead = d->best = d->top = d->top_seat = -1;
    if (++d->trick_no == d->hand_size) {
        d->phase = TAROT_OVER;
        d->to_act = -1;
        return 1;
    }
    d->leader[d->trick_no] = (uint8_t)w;
    d->to_act = (int8_t)w;
    return 0;
}

static int apply_action(struct tarot_deal *d, const struct tarot_action *a, char *err, int cap);

int tarot_deal_play(struct tarot_deal *d, int card)
{
    remember(d, d->to_act, TAROT_ACT_PLAY, card);
    int rc = play_card(d, d->to_act, card);
    keep_legal(d);
    return rc;
}

int tarot_deal_apply(struct tarot_deal *d, const struct tarot_action *a, char *err, int cap)
{
    if (d->phase == TAROT_PLAY && a->kind == TAROT_ACT_PLAY && (d->playable & TAROT_BIT(a->arg)))
        return tarot_deal_play(d, a->arg);                            /* the common case, first */
    int rc = apply_action(d, a, err, cap);
    if (rc >= 0) tarot_deal_refresh(d);
    return rc;
}

static int apply_action(struct tarot_deal *d, const struct tarot_action *a, char *err, int cap)
{
    int seat = d->to_act;
    if (d->phase == TAROT_OVER) return fail(err, cap, "the deal is over", NULL);
    if (legal_index(d, a, err, cap) < 0) return -1;
    remember(d, seat, a->kind, a->kind == TAROT_ACT_POIGNEE || a->kind == TAROT_ACT_DISCARD ? 0 : a->arg);
    switch (d->phase) {
    case TAROT_AUCTION:
        d->bids[seat] = (int8_t)(a->kind == TAROT_ACT_PASS ? TAROT_PASS : a->arg);
        if (++d->spoken == d->n) return end_auction(d);
        d->to_act = (int8_t)(seat + 1);
        return 0;
    case TAROT_CALL:
        d->called = a->arg;                                            /* F16 */
        for (int s = 0; s < d->n; s++)
            if (s != d->taker && (d->hand[s] & TAROT_BIT(a->arg))) d->partner = (int8_t)s;
        after_call(d);
        return 0;
    case TAROT_DISCARD:
        d->discard = a->cards;
        d->hand[seat] &= ~a->cards;
        d->phase = TAROT_CHELEM;
        return 0;
    case TAROT_CHELEM:
        d->chelem_spoken = 1;
        d->chelem_announced = a->kind == TAROT_ACT_CHELEM;
        d->phase = TAROT_PLAY;
        d->to_act = (int8_t)(d->chelem_announced ? d->taker : 0);     /* F21 */
        d->leader[0] = (uint8_t)d->to_act;
        return 0;
    default:
        if (a->kind == TAROT_ACT_POIGNEE) {
            int k = tarot_count(a->cards);
            for (int l = 1; l <= 3; l++)
                if (tarot_poignee_threshold(d->n, l) == k) d->poignee_level[seat] = (uint8_t)l;
            d->poignee[seat] = a->cards;
            d->poignee_order[d->n_poignees++] = (uint8_t)seat;
            return 0;
        }
        assert(0 && "a legal play goes through tarot_deal_play");
        return -1;
    }
}

/* ---- the position key ---- */

/* What the finished tricks leave to the rest of the deal and to its score
 * (tarot_score, F26-F38), in one word: the attack's half points in them,
 * the Excuse counted as the score will count it (F26: 8 to its camp, 1 to
 * the camp that won its trick; the last trick is never a finished one
 * here); how many bouts the attack holds of them (F29 reads the number);
 * the camp that won the Petit when it fell in the last trick but one (F38
 * may make that trick the Petit's "last", F32); and which camps won a
 * trick (F33's chelem, F38's Excuse). The seats that won them and the
 * order of the tricks are not read by the score, so two orders of play
 * meet here. */
static uint64_t tricks_behind(const struct tarot_deal *d)
{
    const uint8_t *plays = d->plays, *at;
    int n = d->n, done = d->trick_no * n, halves = 0, camps = 0, bouts = 0;
    for (int t = 0; t < d->trick_no; t++, plays += n) {
        int w = d->winner[t], attack = w == d->taker || w == d->partner, sum = 0;
        for (int i = 0; i < n; i++) sum += tarot_halves[plays[i]];
        halves += attack ? sum : 0;
        camps |= 1 << attack;
    }
    /* the bouts, looked for apart (memchr is quicker than a test per card) */
    uint64_t penultimate = 0;
    if ((at = memchr(d->plays, TAROT_PETIT, (size_t)done)) != NULL) {
        int trick = (int)(at - d->plays) / n, attack = tarot_camp(d, d->winner[trick]) == TAROT_ATTACK;
        bouts += attack;
        if (trick == d->hand_size - 2) penultimate = 1 + (uint64_t)attack;
    }
    if ((at = memchr(d->plays, TAROT_21, (size_t)done)) != NULL)
        bouts += tarot_camp(d, d->winner[(at - d->plays) / n]) == TAROT_ATTACK;
    if ((at = memchr(d->plays, TAROT_EXCUSE, (size_t)done)) != NULL) {
        int owner = tarot_camp(d, d->play_seat[at - d->plays]) == TAROT_ATTACK;
        int won = tarot_camp(d, d->winner[(at - d->plays) / n]) == TAROT_ATTACK;
        halves += 8 * owner + won - (won ? tarot_halves[TAROT_EXCUSE] : 0);
        bouts += owner;
    }
    return (uint64_t)camps | (uint64_t)bouts << 2 | penultimate << 4 | (uint64_t)halves << 8;
}

/* The fields are packed without overlap into few words (each word costs a
 * mix): the 14 high bits of a mask (cards 64..77) ride with other fields. */
uint64_t tarot_deal_position(const struct tarot_deal *d)
{
    if (d->phase != TAROT_PLAY) return 0;
    const struct tarot_rules *r = &d->rules;
    int n = d->n, at = d->trick_no * n;
    /* the cards outside the play that score: the discard, or the dog under
     * garde sans and garde contre (F28) */
    tarot_mask rest = d->contract <= TAROT_GARDE ? d->discard : d->dog;
    /* the deal's constants: the rules the play and the score read (F24,
     * F25, F27, F31; the number of players is the number of hands), the
     * contract, the camps, the chelem said; poignées shown (their levels
     * score, F36, and a seat shows one at most) */
    uint64_t deal = (uint64_t)r->poignee_level | (uint64_t)r->half_point << 1 | (uint64_t)r->called_suit_lead << 2 |
                    (uint64_t)r->excuse_last << 3 | (uint64_t)d->contract << 4 |
                    (uint64_t)(uint8_t)(d->taker + 1) << 8 | (uint64_t)(uint8_t)(d->partner + 1) << 12 |
                    (uint64_t)d->called << 16 | (uint64_t)d->chelem_announced << 24 |
                    (uint64_t)(rest >> 64) << 26;
    for (int s = 0; s < n; s++) deal |= (uint64_t)d->poignee_level[s] << (40 + 2 * s);
    uint64_t key = game_key_add(game_key_add(0, deal), (uint64_t)rest);
    /* every hand; the turn (the trick number follows from the hands' sizes) */
    uint64_t high = (uint64_t)(uint8_t)d->to_act << 56 | (uint64_t)d->in_trick << 60;
    for (int s = 0; s < n; s++) {
        key = game_key_add(key, (uint64_t)d->hand[s]);
        high |= s < 4 ? (uint64_t)(d->hand[s] >> 64) << (14 * s) : 0;
    }
    /* the trick on the table, card by card from its leader (7 bits each);
     * the seats that have played to trick 1 (F25); a fifth hand's top */
    uint64_t table = (uint64_t)d->played_first << 28 | (n == 5 ? (uint64_t)(d->hand[4] >> 64) << 33 : 0);
    for (int i = 0; i < d->in_trick; i++) table |= (uint64_t)d->plays[at + i] << (7 * i);
    key = game_key_add(key, high);
    key = game_key_add(key, table | tricks_behind(d) << 47);
    return key ? key : 1;                                              /* 0 says "no card play" */
}

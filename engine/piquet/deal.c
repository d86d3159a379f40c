/* deal.c - the rules of one deal (docs/rules-piquet.md R5-R27) as a state machine.
 *
 * Invariants: hand[s] always holds 12 cards except while a seat has
 * discarded and not yet drawn (elder's carte blanche, R7) and during play;
 * dealt, discards, drawn, untaken and the talon partition the pack as the
 * exchange allows. Every rule is checked in one place, deal_check_*(), so
 * that apply() can only run on legal actions and never leaves a half-made
 * change. Scores go through credit(), which also keeps the pique (R25).
 */
#include <assert.h>
#include <string.h>
#include "engine/piquet/deal.h"
#include "engine/text.h"

/* ---- small helpers ---------------------------------------------------- */

static const char *const seat_names[] = { "elder", "younger" };
static const char *const category_names[] = {
    "carte_blanche", "point", "sequence", "set", "carte_rouge", "play",
    "cards", "repique", "pique"
};
static const char *const phase_names[] = {
    "announce", "discard", "call", "answer", "extra", "look", "play", "over"
};
static const char *const outcome_names[] = { "open", "good", "not_good", "equal", "none" };

const char *pq_seat_name(int seat) { return seat_names[seat]; }
const char *pq_category_name(int category) { return category_names[category]; }
const char *pq_phase_name(int phase) { return phase_names[phase]; }
const char *pq_outcome_name(int outcome) { return outcome_names[outcome]; }

static const int binomials[13][13] = {
    { 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
    { 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
    { 1, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
    { 1, 3, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
    { 1, 4, 6, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0 },
    { 1, 5, 10, 10, 5, 1, 0, 0, 0, 0, 0, 0, 0 },
    { 1, 6, 15, 20, 15, 6, 1, 0, 0, 0, 0, 0, 0 },
    { 1, 7, 21, 35, 35, 21, 7, 1, 0, 0, 0, 0, 0 },
    { 1, 8, 28, 56, 70, 56, 28, 8, 1, 0, 0, 0, 0 },
    { 1, 9, 36, 84, 126, 126, 84, 36, 9, 1, 0, 0, 0 },
    { 1, 10, 45, 120, 210, 252, 210, 120, 45, 10, 1, 0, 0 },
    { 1, 11, 55, 165, 330, 462, 462, 330, 165, 55, 11, 1, 0 },
    { 1, 12, 66, 220, 495, 792, 924, 792, 495, 220, 66, 12, 1 }
};

static int binomial(int n, int k)
{
    return (k < 0 || k > n) ? 0 : binomials[n][k];
}

/* The idx-th subset of size k of the n cards in `from` (combinatorial
 * number system: every idx < C(n, k) gives a different subset). */
static pq_mask subset_nth(pq_mask from, int n, int k, int idx)
{
    pq_mask out = 0;
    /* For i = k down to 1 the i-th card taken is the c-th lowest of from
     * for the largest c with C(c, i) <= idx (what is left of it), each c
     * below the one before: one scan down the cards, taking card c when
     * C(c, i) <= idx, i counting down in k. No branch on the outcome,
     * which a random index makes unpredictable. */
    for (int c = n - 1; c >= 0 && k > 0; c--) {
        pq_mask card = (pq_mask)1 << (31 - __builtin_clz(from));   /* the c-th lowest */
        int b = binomials[c][k], take = -(b <= idx);                /* all ones when taken */
        idx -= b & take;
        out |= card & (pq_mask)take;
        k += take;
        from ^= card;
    }
    return out;
}

/* at_least[n][k]: subsets of n cards with k or more cards. */
static const int at_least[13][14] = {
    { 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
    { 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
    { 4, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
    { 8, 7, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
    { 16, 15, 11, 5, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
    { 32, 31, 26, 16, 6, 1, 0, 0, 0, 0, 0, 0, 0, 0 },
    { 64, 63, 57, 42, 22, 7, 1, 0, 0, 0, 0, 0, 0, 0 },
    { 128, 127, 120, 99, 64, 29, 8, 1, 0, 0, 0, 0, 0, 0 },
    { 256, 255, 247, 219, 163, 93, 37, 9, 1, 0, 0, 0, 0, 0 },
    { 512, 511, 502, 466, 382, 256, 130, 46, 10, 1, 0, 0, 0, 0 },
    { 1024, 1023, 1013, 968, 848, 638, 386, 176, 56, 11, 1, 0, 0, 0 },
    { 2048, 2047, 2036, 1981, 1816, 1486, 1024, 562, 232, 67, 12, 1, 0, 0 },
    { 4096, 4095, 4083, 4017, 3797, 3302, 2510, 1586, 794, 299, 79, 13, 1, 0 }
};

/* Number of subsets of the n cards of a set with size in lo..hi. */
static int subsets_count(int n, int lo, int hi)
{
    if (lo > n) return 0;
    return at_least[n][lo] - (hi + 1 <= n ? at_least[n][hi + 1] : 0);
}

/* The idx-th of them, by size and then as subset_nth orders them. */
static pq_mask subsets_nth(pq_mask from, int n, int lo, int hi, int idx)
{
    for (int k = lo; k <= hi; k++) {
        if (idx < binomial(n, k)) return subset_nth(from, n, k, idx);
        idx -= binomial(n, k);
    }
    assert(!"subset index out of range");
    return 0;
}

static void fail(char *err, int cap, const char *a, const char *b, const char *c)
{
    struct pq_text t;
    pq_text_init(&t, err, cap);
    pq_text_str(&t, a);
    if (b) pq_text_str(&t, b);
    if (c) pq_text_str(&t, c);
}

static void fail_cards(char *err, int cap, const char *a, pq_mask cards, const char *c)
{
    char text[100];
    pq_mask_format(cards, text, sizeof text);
    fail(err, cap, a, text, c);
}

/* R25: elder's declarations plus play points reach 30 before younger's
 * first play point. Out of line: it decides at most once a deal. */
static void credit(struct pq_deal *self, int seat, int category, int points);

static __attribute__((noinline)) void pique_reckon(struct pq_deal *self, int seat)
{
    if (seat == PQ_YOUNGER) {
        self->pique_live = 0;
    } else if (self->score[PQ_ELDER] - self->cat[PQ_ELDER][PQ_CAT_CARDS] >= 30) {
        self->pique_live = 0;
        self->pique = PQ_ELDER;
        credit(self, PQ_ELDER, PQ_CAT_PIQUE, 30);
    }
}

static inline void credit(struct pq_deal *self, int seat, int category, int points)
{
    if (!points) return;
    self->score[seat] = (int16_t)(self->score[seat] + points);
    self->cat[seat][category] = (int16_t)(self->cat[seat][category] + points);
    assert(self->n_events < PQ_MAX_EVENTS);
    self->events[self->n_events++] = (struct pq_event){ (uint8_t)seat, (uint8_t)category, (int16_t)points };
    if (category == PQ_CAT_PLAY && self->pique_live) pique_reckon(self, seat);
}

/* ---- setting up ------------------------------------------------------- */

int pq_deal_init(struct pq_deal *self, const struct pq_rules *rules, const uint8_t deck[32])
{
    /* A permutation: 32 cards below 32 (no byte with a bit above 31's),
     * every one of them seen; the hands are made in the same pass. */
    pq_mask elder = 0, younger = 0, rest = 0;
    uint8_t high = 0;
    for (int i = 0; i < 12; i++) {
        high |= deck[i] | deck[12 + i];
        elder |= PQ_BIT(deck[i] & 31);
        younger |= PQ_BIT(deck[12 + i] & 31);
    }
    for (int i = 24; i < 32; i++) {
        high |= deck[i];
        rest |= PQ_BIT(deck[i] & 31);
    }
    if ((high & 0xe0) || (elder | younger | rest) != PQ_ALL_CARDS) return -1;
    memset(self, 0, sizeof *self);
    self->rules = *rules;
    memcpy(self->deck, deck, 32);
    self->dealt[PQ_ELDER] = self->hand[PQ_ELDER] = elder;
    self->dealt[PQ_YOUNGER] = self->hand[PQ_YOUNGER] = younger;
    self->carte_blanche = self->look = self->repique = self->pique = self->lead_card = -1;
    for (int s = 0; s < PQ_SEATS; s++)
        if (!(self->dealt[s] & PQ_COURTS)) {
            /* R6: only 20 non-court cards exist, so one holder at most. */
            assert(self->carte_blanche < 0);
            self->carte_blanche = (int8_t)s;
            self->declared[s][PQ_CAT_CARTE_BLANCHE] = 10;
            credit(self, s, PQ_CAT_CARTE_BLANCHE, 10);
        }
    self->phase = self->carte_blanche == PQ_ELDER ? PQ_PHASE_ANNOUNCE : PQ_PHASE_DISCARD;
    self->to_act = PQ_ELDER;
    return 0;
}

/* ---- what may be done now -------------------------------------------- */

/* Discard sizes allowed to the seat to act (R7, R9, R10, Law 22). */
static void discard_range(const struct pq_deal *self, int *lo, int *hi)
{
    if (self->to_act == PQ_ELDER) {
        *lo = self->announced ? self->announced : 1;
        *hi = self->announced ? self->announced : 5;
    } else {
        int k = self->announced ? self->announced : self->k;
        *lo = self->rules.younger_must_discard ? 1 : 0;
        *hi = 8 - k;
    }
}

/* Cards of the current class's winner already declared in it. */
static pq_mask class_used(const struct pq_deal *self)
{
    const struct pq_class_state *c = &self->classes[self->cls];
    return (self->to_act == PQ_ELDER ? c->call : c->answer) | c->extras;
}

/* Above every combination's key: no limit. */
enum { NO_LIMIT = 1 << 20 };

/* The highest key an extra may have now (R18, Law 49). */
static int extra_limit(const struct pq_deal *self)
{
    const struct pq_class_state *c = &self->classes[self->cls];
    return c->limited ? pq_combo_key(self->cls, c->call) : NO_LIMIT;
}

/* Combinations of class cls formable from `avail`, in a fixed order,
 * keeping those with key <= limit; returns the count, and with out != NULL
 * the idx-th one. Points are counted without listing (2^8 per suit). */
static int combos(int cls, pq_mask avail, int min_len, int limit, int idx, pq_mask *out)
{
    int count = 0;
    if (cls == PQ_CLASS_POINT) {
        int lo = min_len > 1 ? min_len : 1;
        /* The cards held in each suit at once: a SWAR count stopped at
         * bytes, one suit a byte. */
        pq_mask held = avail - ((avail >> 1) & 0x55555555u);
        held = (held & 0x33333333u) + ((held >> 2) & 0x33333333u);
        held = (held + (held >> 4)) & 0x0f0f0f0fu;
        for (int suit = 0; suit < PQ_SUITS; suit++) {
            int n = (int)(held >> 8 * suit) & 0xff;
            n = subsets_count(n, lo, 8);
            if (out && idx >= count && idx < count + n) {
                *out = subsets_nth(avail & PQ_SUIT_MASK(suit), (int)(held >> 8 * suit) & 0xff, lo, 8, idx - count);
                return count + n;
            }
            count += n;
        }
        return count;
    }
    if (cls == PQ_CLASS_SEQUENCE) {
        /* Each start with r >= 3 cards of its suit held in a row from it
         * gives the runs of 3..r cards, lowest start first, shortest first;
         * a run's key is pq_combo_key's (cards * 16 + the top card's rank),
         * written out. starts: the cards beginning a run of 3 in a suit. */
        pq_mask starts = avail & (avail >> 1) & (avail >> 2) & 0x3f3f3f3fu;
        if (limit >= NO_LIMIT && !out) {
            /* Runs of len + 1 cards begin where runs of len begin and the
             * card len above is held, in the same suit. */
            pq_mask from = starts;
            for (int len = 3; from; len++) {
                count += pq_mask_count(from);
                from &= (avail >> len) & (0x01010101u * (0xffu >> len));   /* start + len in the suit */
            }
            return count;
        }
        for (pq_mask m = starts; m; m &= m - 1) {
            int at = pq_mask_first(m), rank = at & 7;
            int r = __builtin_ctz(~(avail >> at) | (pq_mask)1 << (8 - rank));   /* held in a row from it */
            if (limit >= NO_LIMIT) {
                if (idx >= count && idx < count + r - 2) {
                    *out = (((pq_mask)1 << (3 + idx - count)) - 1) << at;
                    return count + r - 2;
                }
                count += r - 2;
                continue;
            }
            for (int len = 3; len <= r; len++) {
                if (len * 16 + rank + len - 1 > limit) continue;
                if (out && count == idx) *out = (((pq_mask)1 << len) - 1) << at;
                count++;
            }
        }
        return count;
    }
    /* Sets: the ranks T..A held in three or four suits, found from the
     * four suits' bytes at once; a set's key is pq_combo_key's (cards * 16
     * + rank), written out. A quatorze, then its trios (each without one
     * card, lowest first), or the trio, rank by rank upwards. */
    pq_mask s0 = avail & 0xff, s1 = (avail >> 8) & 0xff, s2 = (avail >> 16) & 0xff, s3 = avail >> 24;
    pq_mask four = s0 & s1 & s2 & s3;
    pq_mask three = ((s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))) & (0xffu << PQ_RANK_T);
    for (pq_mask m = three; m; m &= m - 1) {
        int rank = pq_mask_first(m);
        pq_mask row = avail & ((pq_mask)0x01010101u << rank);
        if (!(four & PQ_BIT(rank))) {
            if (48 + rank <= limit) {
                if (out && count == idx) *out = row;
                count++;
            }
            continue;
        }
        if (64 + rank <= limit) {
            if (out && count == idx) *out = row;
            count++;
        }
        if (48 + rank > limit) continue;
        for (pq_mask c = row; c; c &= c - 1) {
            if (out && count == idx) *out = row & ~(c & -c);
            count++;
        }
    }
    return count;
}

static pq_mask playable(const struct pq_deal *self)
{
    pq_mask hand = self->hand[self->to_act];
    if (self->lead_card < 0) return hand;
    pq_mask follow = hand & PQ_SUIT_MASK(PQ_SUIT(self->lead_card));
    return follow ? follow : hand;   /* R20 */
}

/* The cards the seat to act may declare from in the current class, and
 * the highest key allowed: the whole hand in a call or an answer; an
 * extra uses no card declared in the class and is limited (R16, R18). */
static pq_mask declarable(const struct pq_deal *self, int *limit)
{
    if (self->phase != PQ_PHASE_EXTRA) {
        *limit = NO_LIMIT;
        return self->hand[self->to_act];
    }
    *limit = extra_limit(self);
    return self->hand[self->to_act] & ~class_used(self);
}

int pq_deal_legal_count(const struct pq_deal *self)
{
    int lo, hi, limit;
    pq_mask avail;
    switch (self->phase) {
    case PQ_PHASE_PLAY: return pq_mask_count(playable(self));
    case PQ_PHASE_ANNOUNCE: return 5;
    case PQ_PHASE_DISCARD:
        discard_range(self, &lo, &hi);
        return subsets_count(pq_mask_count(self->hand[self->to_act]), lo, hi);
    case PQ_PHASE_CALL:
    case PQ_PHASE_ANSWER:
    case PQ_PHASE_EXTRA:
        avail = declarable(self, &limit);
        return 1 + combos(self->cls, avail, self->rules.point_min_len, limit, -1, NULL);
    case PQ_PHASE_LOOK: return 2;
    default: return 0;
    }
}

/* The n-th legal action into out, n from 0 (the order of pq_deal_legal_nth);
 * 0, or -1 when there are n or fewer. Each class's declarations are
 * counted while the n-th is found, so one pass does both. */
static int legal_nth(const struct pq_deal *self, int n, struct pq_action *out)
{
    int lo, hi, limit, held;
    pq_mask avail;
    memset(out, 0, sizeof *out);
    out->pad = self->to_act;
    if (n < 0) return -1;
    switch (self->phase) {
    case PQ_PHASE_PLAY:
        avail = playable(self);
        if (n >= pq_mask_count(avail)) return -1;
        out->kind = PQ_ACT_PLAY;
        out->number = (uint8_t)pq_mask_nth(avail, n);
        out->cards = PQ_BIT(out->number);
        return 0;
    case PQ_PHASE_ANNOUNCE:
        out->kind = PQ_ACT_ANNOUNCE;
        out->number = (uint8_t)(n + 1);
        return n < 5 ? 0 : -1;
    case PQ_PHASE_DISCARD:
        discard_range(self, &lo, &hi);
        held = pq_mask_count(self->hand[self->to_act]);
        if (n >= subsets_count(held, lo, hi)) return -1;
        out->kind = PQ_ACT_DISCARD;
        out->cards = subsets_nth(self->hand[self->to_act], held, lo, hi, n);
        return 0;
    case PQ_PHASE_CALL:
    case PQ_PHASE_ANSWER:
    case PQ_PHASE_EXTRA:
        if (n == 0) {
            out->kind = PQ_ACT_PASS;
            return 0;
        }
        out->kind = PQ_ACT_DECLARE;
        out->cls = self->cls;
        avail = declarable(self, &limit);
        return combos(self->cls, avail, self->rules.point_min_len, limit, n - 1, &out->cards) >= n ? 0 : -1;
    case PQ_PHASE_LOOK:
        out->kind = n == 0 ? PQ_ACT_LOOK : PQ_ACT_NOLOOK;
        return n < 2 ? 0 : -1;
    default:
        return -1;
    }
}

void pq_deal_legal_nth(const struct pq_deal *self, int n, struct pq_action *out)
{
    int rc = legal_nth(self, n, out);
    assert(rc == 0 && "no such legal action");
    (void)rc;
}

int pq_deal_legal(const struct pq_deal *self, struct pq_action *out, int cap)
{
    int count = pq_deal_legal_count(self);
    for (int i = 0; i < count && i < cap; i++) pq_deal_legal_nth(self, i, &out[i]);
    return count;
}

/* ---- checking an action ----------------------------------------------- */

static int expect_kind(const struct pq_deal *self, const struct pq_action *a, char *err, int cap)
{
    static const char *const wanted[] = {
        "'announce'", "'discard'", "'declare' or 'pass'", "'declare' or 'pass'",
        "'declare' or 'pass'", "'look' or 'nolook'", "'play'"
    };
    int ok;
    switch (self->phase) {
    case PQ_PHASE_ANNOUNCE: ok = a->kind == PQ_ACT_ANNOUNCE; break;
    case PQ_PHASE_DISCARD: ok = a->kind == PQ_ACT_DISCARD; break;
    case PQ_PHASE_CALL:
    case PQ_PHASE_ANSWER:
    case PQ_PHASE_EXTRA: ok = a->kind == PQ_ACT_DECLARE || a->kind == PQ_ACT_PASS; break;
    case PQ_PHASE_LOOK: ok = a->kind == PQ_ACT_LOOK || a->kind == PQ_ACT_NOLOOK; break;
    case PQ_PHASE_PLAY: ok = a->kind == PQ_ACT_PLAY; break;
    default:
        fail(err, cap, "the deal is over", NULL, NULL);
        return -1;
    }
    if (!ok) fail(err, cap, seat_names[self->to_act], " must act with ", wanted[self->phase]);
    return ok ? 0 : -1;
}

static int check_discard(const struct pq_deal *self, const struct pq_action *a, char *err, int cap)
{
    int lo, hi, n = pq_mask_count(a->cards);
    pq_mask foreign = a->cards & ~self->hand[self->to_act];
    if (foreign) {
        fail_cards(err, cap, "discards ", foreign, ", not in the hand");
        return -1;
    }
    discard_range(self, &lo, &hi);
    if (n < lo || n > hi) {
        struct pq_text t;
        pq_text_init(&t, err, cap);
        pq_text_str(&t, seat_names[self->to_act]);
        pq_text_str(&t, " must discard ");
        pq_text_int(&t, lo);
        if (hi != lo) { pq_text_str(&t, " to "); pq_text_int(&t, hi); }
        pq_text_str(&t, " cards, not ");
        pq_text_int(&t, n);
        pq_text_str(&t, " (R9, R10)");
        return -1;
    }
    return 0;
}

static int check_declare(const struct pq_deal *self, const struct pq_action *a, char *err, int cap)
{
    if (a->kind == PQ_ACT_PASS) return 0;
    if (a->cls != self->cls) {
        fail(err, cap, "the ", pq_class_name(self->cls), " class is being declared");
        return -1;
    }
    pq_mask foreign = a->cards & ~self->hand[self->to_act];
    if (foreign) {
        fail_cards(err, cap, "declares ", foreign, ", not in the hand");
        return -1;
    }
    if (!pq_combo_is(self->cls, a->cards, self->rules.point_min_len)) {
        const char *what = self->cls == PQ_CLASS_POINT
            ? (self->rules.point_min_len > 1 ? " are not a point (one suit, long enough)" : " are not a point (one suit)")
            : self->cls == PQ_CLASS_SEQUENCE ? " are not a sequence (3+ consecutive cards of one suit)"
            : " are not a set (3 or 4 cards of one rank, ten or higher)";
        fail_cards(err, cap, "", a->cards, what);
        return -1;
    }
    if (self->phase != PQ_PHASE_EXTRA) return 0;
    pq_mask again = a->cards & class_used(self);
    if (again) {
        fail_cards(err, cap, "an extra must not reuse ", again, ", declared already in this class (R16)");
        return -1;
    }
    if (pq_combo_key(self->cls, a->cards) > extra_limit(self)) {
        fail(err, cap, "elder's extra may not rank above his call unless the call was good against the cards (R18, Law 49)", NULL, NULL);
        return -1;
    }
    return 0;
}

static int check_play(const struct pq_deal *self, const struct pq_action *a, char *err, int cap)
{
    if (!(a->cards & self->hand[self->to_act])) {
        fail_cards(err, cap, "plays ", a->cards, ", not in the hand");
        return -1;
    }
    if (!(a->cards & playable(self))) {
        char suit[3];
        pq_card_format(self->lead_card, suit);
        fail(err, cap, "must follow suit to ", suit, " (R20)");
        return -1;
    }
    return 0;
}

int pq_deal_check(const struct pq_deal *self, const struct pq_action *a, char *err, int cap)
{
    if (expect_kind(self, a, err, cap) < 0) return -1;
    switch (self->phase) {
    case PQ_PHASE_DISCARD: return check_discard(self, a, err, cap);
    case PQ_PHASE_CALL:
    case PQ_PHASE_ANSWER:
    case PQ_PHASE_EXTRA: return check_declare(self, a, err, cap);
    case PQ_PHASE_PLAY: return check_play(self, a, err, cap);
    default: return 0;   /* announce 1..5 is checked by the parser; look/nolook */
    }
}

/* ---- applying --------------------------------------------------------- */

static pq_mask talon(const struct pq_deal *self, int from, int count)
{
    pq_mask out = 0;
    for (int i = from; i < from + count && i < 8; i++) out |= PQ_BIT(self->deck[24 + i]);
    return out;
}

static void draw(struct pq_deal *self, int seat, pq_mask cards)
{
    self->hand[seat] |= cards;
    self->drawn[seat] |= cards;
}

/* Both have exchanged: the untaken cards, then the declarations. */
static void exchange_done(struct pq_deal *self)
{
    self->untaken = talon(self, self->k + self->m, 8 - self->k - self->m);
    self->phase = PQ_PHASE_CALL;
    self->cls = PQ_CLASS_POINT;
    self->to_act = PQ_ELDER;
}

static void apply_discard(struct pq_deal *self, pq_mask cards)
{
    int seat = self->to_act, n = pq_mask_count(cards);
    self->hand[seat] &= ~cards;
    self->discards[seat] = cards;
    if (seat == PQ_ELDER) {
        self->k = (uint8_t)n;
        draw(self, PQ_ELDER, talon(self, 0, n));
        self->peek = talon(self, n, 5 - n);            /* R9 */
        if (self->announced) {
            draw(self, PQ_YOUNGER, talon(self, n, self->m));  /* R7e */
            exchange_done(self);
            return;
        }
        if (self->carte_blanche == PQ_YOUNGER)
            self->shown[PQ_YOUNGER] |= self->dealt[PQ_YOUNGER];  /* R8 */
        self->to_act = PQ_YOUNGER;
        return;
    }
    self->m = (uint8_t)n;
    if (self->announced) {
        self->shown[PQ_ELDER] |= self->dealt[PQ_ELDER];   /* R7c */
        self->to_act = PQ_ELDER;
        return;
    }
    draw(self, PQ_YOUNGER, talon(self, self->k, n));
    exchange_done(self);
}

/* R24: adding categories I..IV (and carte rouge) in order, the first time
 * one has 30 or more while the other has nothing. */
static void reckon_repique(struct pq_deal *self)
{
    int total[PQ_SEATS] = { 0, 0 };
    for (int cat = PQ_CAT_CARTE_BLANCHE; cat <= PQ_CAT_CARTE_ROUGE; cat++) {
        total[0] += self->declared[0][cat];
        total[1] += self->declared[1][cat];
        for (int s = 0; s < PQ_SEATS; s++)
            if (total[s] >= 30 && total[1 - s] == 0) {
                self->repique = (int8_t)s;
                return;
            }
    }
}

/* Scores of younger's declarations, made after elder's first lead (R19). */
static void credit_younger_declarations(struct pq_deal *self)
{
    for (int cat = PQ_CAT_POINT; cat <= PQ_CAT_CARTE_ROUGE; cat++)
        credit(self, PQ_YOUNGER, cat, self->declared[PQ_YOUNGER][cat]);
    if (self->repique == PQ_YOUNGER) credit(self, PQ_YOUNGER, PQ_CAT_REPIQUE, 60);
}

static void declarations_done(struct pq_deal *self)
{
    if (self->rules.carte_rouge)
        for (int s = 0; s < PQ_SEATS; s++) {
            pq_mask scored = 0;
            for (int cls = 0; cls < PQ_CLASSES; cls++) {
                const struct pq_class_state *c = &self->classes[cls];
                if (c->outcome == (s == PQ_ELDER ? PQ_OUTCOME_GOOD : PQ_OUTCOME_NOT_GOOD))
                    scored |= (s == PQ_ELDER ? c->call : c->answer) | c->extras;
            }
            if (scored == self->hand[s]) {
                self->declared[s][PQ_CAT_CARTE_ROUGE] = 20;
                if (s == PQ_ELDER) credit(self, s, PQ_CAT_CARTE_ROUGE, 20);
            }
        }
    reckon_repique(self);
    if (self->repique == PQ_ELDER) credit(self, PQ_ELDER, PQ_CAT_REPIQUE, 60);
    self->phase = PQ_PHASE_PLAY;
    self->to_act = PQ_ELDER;
    self->leader = PQ_ELDER;
}

static void next_class(struct pq_deal *self)
{
    if (self->cls == PQ_CLASS_SET) {
        declarations_done(self);
        return;
    }
    self->cls++;
    self->phase = PQ_PHASE_CALL;
    self->to_act = PQ_ELDER;
}

/* A combination scored by the class winner: elder's count at once, younger's
 * after elder's first lead (R19). */
static void score_combination(struct pq_deal *self, int seat, pq_mask cards)
{
    int points = pq_combo_score(self->cls, cards);
    struct pq_class_state *c = &self->classes[self->cls];
    c->points = (int16_t)(c->points + points);
    self->shown[seat] |= cards;
    self->declared[seat][PQ_CAT_POINT + self->cls] = (int16_t)(self->declared[seat][PQ_CAT_POINT + self->cls] + points);
    if (seat == PQ_ELDER) credit(self, seat, PQ_CAT_POINT + self->cls, points);
}

static void resolve_class(struct pq_deal *self)
{
    struct pq_class_state *c = &self->classes[self->cls];
    int winner = -1;
    if (!c->call && !c->answer) {
        c->outcome = PQ_OUTCOME_NONE;
    } else if (!c->answer) {
        c->outcome = PQ_OUTCOME_GOOD;
    } else if (!c->call) {
        c->outcome = PQ_OUTCOME_NOT_GOOD;   /* Law 46 */
    } else {
        int ke = pq_combo_key(self->cls, c->call), ky = pq_combo_key(self->cls, c->answer);
        c->outcome = ke > ky ? PQ_OUTCOME_GOOD : ke < ky ? PQ_OUTCOME_NOT_GOOD : PQ_OUTCOME_EQUAL;
    }
    if (c->outcome == PQ_OUTCOME_EQUAL) {
        self->shown[PQ_ELDER] |= c->call;     /* R16: equal cards are shown */
        self->shown[PQ_YOUNGER] |= c->answer;
    } else if (c->outcome == PQ_OUTCOME_GOOD) {
        winner = PQ_ELDER;
        score_combination(self, PQ_ELDER, c->call);
    } else if (c->outcome == PQ_OUTCOME_NOT_GOOD) {
        winner = PQ_YOUNGER;
        score_combination(self, PQ_YOUNGER, c->answer);
    }
    if (winner < 0 || self->cls == PQ_CLASS_POINT) {
        next_class(self);
        return;
    }
    if (winner == PQ_ELDER) {
        /* R18 / Law 49: good against the cards when nothing formable from
         * the cards outside elder's hand and discards beats the call. */
        pq_mask outside = ~(self->hand[PQ_ELDER] | self->discards[PQ_ELDER]);
        int against = pq_combo_best_key(self->cls, outside, 1) > pq_combo_key(self->cls, c->call);
        c->limited = (uint8_t)(!self->rules.law49 || against);
    }
    self->phase = PQ_PHASE_EXTRA;
    self->to_act = (uint8_t)winner;
}

static void apply_declare(struct pq_deal *self, const struct pq_action *a)
{
    struct pq_class_state *c = &self->classes[self->cls];
    pq_mask cards = a->kind == PQ_ACT_PASS ? 0 : a->cards;
    switch (self->phase) {
    case PQ_PHASE_CALL:
        c->call = cards;
        self->phase = PQ_PHASE_ANSWER;
        self->to_act = PQ_YOUNGER;
        return;
    case PQ_PHASE_ANSWER:
        c->answer = cards;
        resolve_class(self);
        return;
    default:
        if (!cards) {
            next_class(self);
            return;
        }
        c->extras |= cards;
        c->n_extras++;
        score_combination(self, self->to_act, cards);
    }
}

/* Trick points (R21 and the variants of docs/rules-piquet.md section 8;
 * the helpers in deal.h say what each scores). */
static void score_lead(struct pq_deal *self)
{
    credit(self, self->leader, PQ_CAT_PLAY, pq_trick_lead_points(self->rules.trick_scoring, self->trick));
}

static void score_trick(struct pq_deal *self, int winner)
{
    credit(self, winner, PQ_CAT_PLAY,
           pq_trick_win_points(self->rules.trick_scoring, self->trick, winner != self->leader));
}

static void deal_done(struct pq_deal *self)
{
    self->phase = PQ_PHASE_OVER;
    for (int s = 0; s < PQ_SEATS; s++)
        credit(self, s, PQ_CAT_CARDS, pq_cards_points(self->rules.trick_scoring, self->tricks[s]));   /* R22 */
    if (self->rules.trick_scoring == PQ_TRICKS_LAW65) {
        int play = self->cat[0][PQ_CAT_PLAY] + self->cat[1][PQ_CAT_PLAY];
        assert(play >= 13 && play <= 25);   /* R21 */
        /* R27 holds for the Laws' scoring; the ten-for-last and carte
         * rouge variants can pass 170 (Hoyle's hand: 178, 190). */
        if (!self->rules.carte_rouge) assert(self->score[0] + self->score[1] <= 170);
    }
}

/* Elder's first lead opens the play (R19, R25): whether a pique is
 * still possible, before the lead's point is scored. */
static __attribute__((noinline)) void first_lead(struct pq_deal *self)
{
    /* Pique is still open when nobody has a repique and younger scored
     * nothing in I..IV (R25). */
    int younger_declared = 0;
    for (int cat = 0; cat <= PQ_CAT_CARTE_ROUGE; cat++) younger_declared += self->declared[1][cat];
    self->pique_live = (uint8_t)(self->repique < 0 && younger_declared == 0);
}

/* ...and after it: younger's declarations are scored, and younger may
 * look at the untaken cards (R12). */
static __attribute__((noinline)) void first_lead_made(struct pq_deal *self)
{
    credit_younger_declarations(self);
    if (self->untaken) self->phase = PQ_PHASE_LOOK;   /* R12 */
}

static inline __attribute__((always_inline)) void apply_play(struct pq_deal *self, int card)
{
    int seat = self->to_act;
    self->hand[seat] &= ~PQ_BIT(card);
    self->played[seat] |= PQ_BIT(card);
    if (self->lead_card < 0) {
        self->lead_card = (int8_t)card;
        self->trick_cards[self->trick][0] = (uint8_t)card;
        if (self->trick == 0) first_lead(self);
        score_lead(self);
        self->to_act = (uint8_t)(1 - seat);
        if (self->trick == 0) first_lead_made(self);
        return;
    }
    self->trick_cards[self->trick][1] = (uint8_t)card;
    int led = self->lead_card;
    int winner = pq_trick_beats(led, card) ? seat : self->leader;
    self->tricks[winner]++;
    score_trick(self, winner);
    self->lead_card = -1;
    if (++self->trick == 12) {
        deal_done(self);
        return;
    }
    self->leader = (uint8_t)winner;
    self->to_act = (uint8_t)winner;
}

/* The seat to act plays `card`, one of its playable cards: the history's
 * entry as take() makes it, then the trick. */
static void play_card(struct pq_deal *self, int card)
{
    assert(self->n_history < PQ_MAX_HISTORY);
    self->history[self->n_history++] = (struct pq_action){ PQ_ACT_PLAY, 0, (uint8_t)card, self->to_act, PQ_BIT(card) };
    apply_play(self, card);
}

/* Applies an action known to be legal (checked, or made by the legal
 * list): it joins the history with the seat that acted in its pad byte
 * and, for a play, its card in number. */
static void take(struct pq_deal *self, const struct pq_action *a)
{
    struct pq_action done = *a;
    done.pad = self->to_act;
    if (done.kind == PQ_ACT_PLAY) done.number = (uint8_t)pq_mask_first(done.cards);
    assert(self->n_history < PQ_MAX_HISTORY);
    self->history[self->n_history++] = done;
    switch (self->phase) {
    case PQ_PHASE_PLAY:
        apply_play(self, done.number);
        break;
    case PQ_PHASE_ANNOUNCE:
        self->announced = a->number;
        self->to_act = PQ_YOUNGER;
        self->phase = PQ_PHASE_DISCARD;
        break;
    case PQ_PHASE_DISCARD:
        apply_discard(self, a->cards);
        break;
    case PQ_PHASE_LOOK:
        self->look = a->kind == PQ_ACT_LOOK;
        self->phase = PQ_PHASE_PLAY;
        break;
    default:
        apply_declare(self, a);
    }
}

int pq_deal_apply(struct pq_deal *self, const struct pq_action *a, char *err, int cap)
{
    /* Two thirds of a deal's actions are plays: a play of a playable card
     * is all that pq_deal_check would accept in the play phase (the
     * playable cards are held), so it is taken without the general check. */
    if (!(self->phase == PQ_PHASE_PLAY && a->kind == PQ_ACT_PLAY && (a->cards & playable(self))) &&
        pq_deal_check(self, a, err, cap) < 0)
        return -1;
    take(self, a);
    return 0;
}

int pq_deal_apply_legal(struct pq_deal *self, int n)
{
    struct pq_action a;
    if (self->phase == PQ_PHASE_PLAY) {   /* the common case, without an action made */
        pq_mask cards = playable(self);
        for (int k = n; k > 0 && cards; k--) cards &= cards - 1;
        if (n < 0 || !cards) return -1;
        play_card(self, pq_mask_first(cards));
        return 0;
    }
    if (legal_nth(self, n, &a) < 0) return -1;
    take(self, &a);
    return 0;
}

int pq_deal_apply_text(struct pq_deal *self, const char *text, int len, char *err, int cap)
{
    struct pq_action a;
    if (pq_action_parse(text, len, &a, err, cap) < 0) return -1;
    return pq_deal_apply(self, &a, err, cap);
}

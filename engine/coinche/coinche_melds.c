/* coinche_melds.c - Coinche melds (RULES-coinche.md K17-K21, flag melds):
 * what a meld is, its key and value, its canonical text, every set of
 * melds a seat may declare, and the trick-1 comparison with its public
 * dialogue. A meld is a card mask: four cards of one rank (a carré) or
 * three or more in sequence in one suit; the natural order A K Q J T 9 8 7
 * (K3a) is engine/card.h's rank order, so a sequence is a run of bits
 * inside one suit's byte.
 */
#include <assert.h>
#include <string.h>
#include "engine/coinche/coinche.h"
#include "engine/text.h"

int coinche_meld_is_carre(pq_mask meld)
{
    int r = PQ_RANK(pq_mask_first(meld));
    return meld == (0x01010101u << r);
}

static int is_sequence(pq_mask meld)
{
    int low = pq_mask_first(meld), n = pq_mask_count(meld);
    if (n < 3 || PQ_SUIT(low) != PQ_SUIT(31 - __builtin_clz(meld))) return 0;
    return (meld >> low) == ((1u << n) - 1);
}

/* K18: class first (20 < 50 < 100 < 150 < 200, the thousands); within
 * 100 a carré beats a sequence, carrés A > T > K > Q; sequences by length
 * then top card. Four 8s or 7s are no meld (K17). */
int coinche_meld_key(pq_mask meld)
{
    if (!meld) return 0;
    if (coinche_meld_is_carre(meld)) {
        static const int carre_key[PQ_RANKS] = { 0, 0, 4500, 3502, 5500, 3500, 3501, 3503 };
        return carre_key[PQ_RANK(pq_mask_first(meld))];
    }
    if (!is_sequence(meld)) return 0;
    int n = pq_mask_count(meld), top = PQ_RANK(31 - __builtin_clz(meld));
    int cls = n == 3 ? 1 : n == 4 ? 2 : 3;
    return cls * 1000 + n * 10 + top;
}

int coinche_meld_value(pq_mask meld)
{
    static const int value[] = { 0, 20, 50, 100, 150, 200 };
    return value[coinche_meld_key(meld) / 1000];
}

int coinche_meld_format(pq_mask meld, char *buf)
{
    int len = 0;
    if (coinche_meld_is_carre(meld)) {
        for (int s = 0; s < PQ_SUITS; s++) {
            if (len) buf[len++] = ',';
            pq_card_format(PQ_CARD(s, PQ_RANK(pq_mask_first(meld))), buf + len);
            len += 2;
        }
    } else {
        for (int c = 31; c >= 0; c--) {
            if (!(meld & PQ_BIT(c))) continue;
            if (len) buf[len++] = ',';
            pq_card_format(c, buf + len);
            len += 2;
        }
    }
    buf[len] = '\0';
    return len;
}

int coinche_meld_action_format(const pq_mask *melds, int n, char *buf, int cap)
{
    char texts[COINCHE_SEAT_MELDS][40];
    int order[COINCHE_SEAT_MELDS];
    struct pq_text t;
    assert(n <= COINCHE_SEAT_MELDS);
    for (int i = 0; i < n; i++) {
        coinche_meld_format(melds[i], texts[i]);
        order[i] = i;
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strcmp(texts[order[j - 1]], texts[order[j]]) > 0; j--) {
            int k = order[j];
            order[j] = order[j - 1];
            order[j - 1] = k;
        }
    pq_text_init(&t, buf, cap);
    pq_text_str(&t, "meld");
    for (int i = 0; i < n; i++) {
        pq_text_str(&t, " ");
        pq_text_str(&t, texts[order[i]]);
    }
    return t.len < cap ? t.len : -1;
}

int coinche_meld_beats(const struct coinche_deal *d, pq_mask a, pq_mask b)
{
    int ka = coinche_meld_key(a), kb = coinche_meld_key(b);
    if (ka != kb) return ka > kb;
    int den = d->contract.den;
    if (d->rules.meld_tie_trump && den < COINCHE_NT) {     /* K20 meld_tie: trump */
        pq_mask tm = PQ_SUIT_MASK(den);
        int ta = !coinche_meld_is_carre(a) && (a & tm), tb = !coinche_meld_is_carre(b) && (b & tm);
        return ta && !tb;
    }
    return 0;
}

/* Every meld a hand could name: carrés, then every run of 3+ cards. */
static int candidates(pq_mask h, pq_mask *out)
{
    int n = 0;
    for (int r = PQ_RANK_9; r <= PQ_RANK_A; r++)
        if ((h & (0x01010101u << r)) == (0x01010101u << r)) out[n++] = 0x01010101u << r;
    for (int s = 0; s < PQ_SUITS; s++) {
        unsigned bits = (h >> (s * 8)) & 0xffu;
        if (!(bits & (bits >> 1) & (bits >> 2))) continue;
        for (int lo = 0; lo < 6; lo++)
            for (int len = 3; lo + len <= 8; len++) {
                unsigned run = ((1u << len) - 1) << lo;
                if ((bits & run) != run) break;
                out[n++] = (pq_mask)run << (s * 8);
            }
    }
    return n;
}

struct meld_walk {
    const pq_mask *cand;
    int n_cand;
    pq_mask chosen[COINCHE_SEAT_MELDS];
    int n_chosen;
    char (*texts)[COINCHE_TEXT];
    int count, max;
};

/* Every subset of the candidates whose sequences are pairwise disjoint. */
static void walk(struct meld_walk *w, int i, pq_mask seq_used)
{
    if (i == w->n_cand) {
        if (w->count < w->max) coinche_meld_action_format(w->chosen, w->n_chosen, w->texts[w->count], COINCHE_TEXT);
        w->count++;
        return;
    }
    walk(w, i + 1, seq_used);
    pq_mask m = w->cand[i];
    int carre = coinche_meld_is_carre(m);
    if ((!carre && (m & seq_used)) || w->n_chosen == COINCHE_SEAT_MELDS) return;
    w->chosen[w->n_chosen++] = m;
    walk(w, i + 1, carre ? seq_used : seq_used | m);
    w->n_chosen--;
}

/* Whether `h` holds any meld: a carré of 9s up, or three in a row inside
 * one suit. The hot path: most hands have none. */
static int any_meld(pq_mask h)
{
    for (int r = PQ_RANK_9; r <= PQ_RANK_A; r++)
        if (((h >> r) & 0x01010101u) == 0x01010101u) return 1;
    return (h & (h >> 1) & (h >> 2) & 0x3f3f3f3fu) != 0;
}

int coinche_meld_actions(pq_mask hand, char (*texts)[COINCHE_TEXT], int max)
{
    pq_mask cand[64];
    int n = any_meld(hand) ? candidates(hand, cand) : 0;
    if (n == 0) {
        if (max > 0) strcpy(texts[0], "meld");
        return 1;
    }
    struct meld_walk w = { cand, n, { 0 }, 0, texts, 0, max };
    walk(&w, 0, 0);
    int count = w.count < max ? w.count : max;
    for (int i = 1; i < count; i++) {       /* insertion sort: lists are short */
        char tmp[COINCHE_TEXT];
        int j = i;
        memcpy(tmp, texts[i], COINCHE_TEXT);
        while (j > 0 && strcmp(texts[j - 1], tmp) > 0) {
            memcpy(texts[j], texts[j - 1], COINCHE_TEXT);
            j--;
        }
        memcpy(texts[j], tmp, COINCHE_TEXT);
    }
    return count;
}

int coinche_meld_check(pq_mask hand, const pq_mask *melds, int n, char *err, int cap)
{
    struct pq_text t;
    pq_mask seq_used = 0;
    char text[40];
    pq_text_init(&t, err, cap);
    for (int i = 0; i < n; i++) {
        pq_mask m = melds[i];
        coinche_meld_format(m, text);
        pq_text_str(&t, "meld ");
        pq_text_str(&t, text);
        if (!coinche_meld_key(m)) {
            pq_text_str(&t, " is no meld: three or more cards in sequence in one suit, "
                            "or four Aces, Tens, Kings, Queens, Jacks or Nines (K17)");
            return -1;
        }
        if ((m & hand) != m) {
            pq_text_str(&t, ": the seat does not hold all its cards (K19)");
            return -1;
        }
        for (int j = 0; j < i; j++)
            if (melds[j] == m) {
                pq_text_str(&t, " is named twice");
                return -1;
            }
        if (!coinche_meld_is_carre(m)) {
            if (m & seq_used) {
                pq_text_str(&t, ": sequences must not share a card (K17)");
                return -1;
            }
            seq_used |= m;
        }
        pq_text_init(&t, err, cap);
    }
    return 0;
}

void coinche_meld_declare(struct coinche_deal *d, struct coinche_act *act, const pq_mask *melds, int n)
{
    int s = act->seat;
    pq_mask call = 0;
    act->pool_at = d->n_pool;
    act->pool_n = (uint8_t)n;
    for (int i = 0; i < n; i++) {
        d->pool[d->n_pool++] = melds[i];
        if (!call || coinche_meld_beats(d, melds[i], call)) call = melds[i];
    }
    /* K20, K21: the call against the best so far, said in public */
    d->call[s] = call;
    if (!call) {
        act->say = d->holder < 0 ? COINCHE_SAY_PASS : COINCHE_SAY_GOOD;
    } else if (d->holder < 0 || coinche_meld_key(call) / 1000 > coinche_meld_key(d->call[d->holder]) / 1000) {
        act->say = COINCHE_SAY_CLASS;
        d->holder = (int8_t)s;
    } else if (coinche_meld_key(call) / 1000 < coinche_meld_key(d->call[d->holder]) / 1000) {
        act->say = COINCHE_SAY_GOOD;
    } else {
        act->asked = (uint8_t)d->holder;
        if (coinche_meld_beats(d, call, d->call[d->holder])) {
            act->say = COINCHE_SAY_NOT_GOOD;
            d->holder = (int8_t)s;
        } else {
            act->say = COINCHE_SAY_GOOD;
        }
    }
    d->melded |= (uint8_t)(1u << s);
    if (d->melded == 0xf) d->meld_winner = d->holder;
}

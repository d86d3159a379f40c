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
#include "engine/belote/belote.h"
#include "engine/coinche/coinche.h"
#include "engine/text.h"

/* A meld's key, value and texts are Belote's (K17-K19 are B16-B17's
 * melds with the notation of RULES-belote.md): engine/belote/belote.h
 * bel_meld_key, bel_meld_value, bel_meld_format, bel_meld_action_format. */

int coinche_meld_beats(const struct coinche_deal *d, pq_mask a, pq_mask b)
{
    int ka = bel_meld_key(a), kb = bel_meld_key(b);
    if (ka != kb) return ka > kb;
    int den = d->contract.den;
    if (d->rules.meld_tie_trump && den < COINCHE_NT) {     /* K20 meld_tie: trump */
        pq_mask tm = PQ_SUIT_MASK(den);
        int ta = !bel_meld_is_carre(a) && (a & tm), tb = !bel_meld_is_carre(b) && (b & tm);
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
        if (w->count < w->max) bel_meld_action_format(w->chosen, w->n_chosen, w->texts[w->count], COINCHE_TEXT);
        w->count++;
        return;
    }
    walk(w, i + 1, seq_used);
    pq_mask m = w->cand[i];
    int carre = bel_meld_is_carre(m);
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
        bel_meld_format(m, text);
        pq_text_str(&t, "meld ");
        pq_text_str(&t, text);
        if (!bel_meld_key(m)) {
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
        if (!bel_meld_is_carre(m)) {
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
    } else if (d->holder < 0 || bel_meld_key(call) / 1000 > bel_meld_key(d->call[d->holder]) / 1000) {
        act->say = COINCHE_SAY_CLASS;
        d->holder = (int8_t)s;
    } else if (bel_meld_key(call) / 1000 < bel_meld_key(d->call[d->holder]) / 1000) {
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

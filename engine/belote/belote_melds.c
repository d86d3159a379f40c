/* belote_melds.c - Belote melds (RULES-belote.md B16-B17, BM3): what a meld is,
 * its key and value, its canonical text, and every set of melds a seat may
 * declare (trick 1) or claim (Marseillaise). A meld is a card mask: four
 * cards of one rank (a carré) or three or more in sequence in one suit; the
 * natural order A K Q J T 9 8 7 (B3) is engine/card.h's rank order, so a
 * sequence is a run of bits inside one suit's byte.
 */
#include <string.h>
#include "engine/belote/belote.h"
#include "engine/text.h"

int bel_meld_is_carre(pq_mask meld)
{
    int r = PQ_RANK(pq_mask_first(meld));
    pq_mask four = PQ_BIT(PQ_CARD(0, r)) | PQ_BIT(PQ_CARD(1, r)) | PQ_BIT(PQ_CARD(2, r)) | PQ_BIT(PQ_CARD(3, r));
    return meld == four;
}

static int is_sequence(pq_mask meld)
{
    int low = pq_mask_first(meld), n = pq_mask_count(meld);
    if (n < 3 || PQ_SUIT(low) != PQ_SUIT(31 - __builtin_clz(meld))) return 0;
    return (meld >> low) == ((1u << n) - 1);
}

/* B17: class first (20 < 50 < 100 < 150 < 200); within 100 a carré beats
 * a sequence, carrés A > T > K > Q; sequences by length then top card. */
int bel_meld_key(pq_mask meld)
{
    if (!meld) return 0;
    if (bel_meld_is_carre(meld)) {
        int r = PQ_RANK(pq_mask_first(meld));
        static const int carre_key[PQ_RANKS] = { 0, 0, 4500, 3502, 5500, 3500, 3501, 3503 };
        return carre_key[r];
    }
    if (!is_sequence(meld)) return 0;
    int n = pq_mask_count(meld), top = PQ_RANK(31 - __builtin_clz(meld));
    int cls = n == 3 ? 1 : n == 4 ? 2 : 3;
    return cls * 1000 + n * 10 + top;
}

int bel_meld_value(pq_mask meld)
{
    static const int value[] = { 0, 20, 50, 100, 150, 200 };
    return value[bel_meld_key(meld) / 1000];
}

int bel_meld_format(pq_mask meld, char *buf)
{
    int len = 0;
    if (bel_meld_is_carre(meld)) {
        for (int s = 0; s < PQ_SUITS; s++) {
            int c = PQ_CARD(s, PQ_RANK(pq_mask_first(meld)));
            if (len) buf[len++] = ',';
            pq_card_format(c, buf + len);
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

int bel_meld_action_format(const pq_mask *melds, int n, char *buf, int cap)
{
    char texts[BEL_SEAT_MELDS][32];
    int order[BEL_SEAT_MELDS];
    struct pq_text t;
    for (int i = 0; i < n; i++) {
        bel_meld_format(melds[i], texts[i]);
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

int bel_meld_beats(const struct bel_deal *d, pq_mask a, pq_mask b)
{
    int ka = bel_meld_key(a), kb = bel_meld_key(b);
    if (ka != kb) return ka > kb;
    if (d->rules.meld_tie == BEL_TIE_TRUMP && d->trump >= 0) {
        pq_mask tm = PQ_SUIT_MASK(d->trump);
        int ta = !bel_meld_is_carre(a) && (a & tm), tb = !bel_meld_is_carre(b) && (b & tm);
        return ta && !tb;
    }
    return 0;
}

/* The cards a seat may meld from now, and the cards already claimed in a
 * sequence or a carré (Marseillaise, BM3). */
static pq_mask meld_source(const struct bel_deal *d, int seat, pq_mask *no_seq, pq_mask *no_carre)
{
    *no_seq = *no_carre = 0;
    if (d->rules.form == BEL_MARSEILLAISE) {
        *no_seq = d->claimed_seq[seat];
        *no_carre = d->claimed_carre[seat];
    }
    return d->hand[seat];
}

/* Every meld a seat could name now: carrés, then every run of 3+ cards. */
static int candidates(const struct bel_deal *d, int seat, pq_mask *out)
{
    pq_mask no_seq, no_carre, h = meld_source(d, seat, &no_seq, &no_carre);
    int n = 0;
    for (int r = PQ_RANK_9; r <= PQ_RANK_A; r++) {
        pq_mask four = 0;
        for (int s = 0; s < PQ_SUITS; s++) four |= PQ_BIT(PQ_CARD(s, r));
        if ((h & four) == four && !(four & no_carre)) out[n++] = four;
    }
    pq_mask free_seq = h & ~no_seq;
    for (int s = 0; s < PQ_SUITS; s++) {
        unsigned bits = (free_seq >> (s * 8)) & 0xffu;
        if (!(bits & (bits >> 1) & (bits >> 2))) continue;     /* no three in a row */
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
    pq_mask chosen[BEL_SEAT_MELDS];
    int n_chosen;
    char (*texts)[BEL_TEXT];
    int count, max;
};

static void walk(struct meld_walk *w, int i, pq_mask seq_used)
{
    if (i == w->n_cand) {
        if (w->count < w->max)
            bel_meld_action_format(w->chosen, w->n_chosen, w->texts[w->count], BEL_TEXT);
        w->count++;
        return;
    }
    walk(w, i + 1, seq_used);
    pq_mask m = w->cand[i];
    int carre = bel_meld_is_carre(m);
    if ((!carre && (m & seq_used)) || w->n_chosen == BEL_SEAT_MELDS) return;
    w->chosen[w->n_chosen++] = m;
    walk(w, i + 1, carre ? seq_used : seq_used | m);
    w->n_chosen--;
}

static int cmp_text(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* Whether `h` holds any meld at all: a carré of 9s up, or three in a row
 * inside one suit (bits that do not cross a suit's byte). The hot path:
 * most hands have none. */
static int any_meld(pq_mask h)
{
    for (int r = PQ_RANK_9; r <= PQ_RANK_A; r++)
        if (((h >> r) & 0x01010101u) == 0x01010101u) return 1;
    return (h & (h >> 1) & (h >> 2) & 0x3f3f3f3fu) != 0;
}

int bel_meld_actions(const struct bel_deal *d, int seat, char (*texts)[BEL_TEXT], int max)
{
    pq_mask cand[96];
    int n = any_meld(d->hand[seat]) ? candidates(d, seat, cand) : 0;
    if (n == 0) {
        if (max > 0) strcpy(texts[0], "meld");
        return 1;
    }
    struct meld_walk w = { cand, n, { 0 }, 0, texts, 0, max };
    walk(&w, 0, 0);
    int count = w.count < max ? w.count : max;
    /* insertion sort: lists are short */
    for (int i = 1; i < count; i++) {
        char tmp[BEL_TEXT];
        int j = i;
        memcpy(tmp, texts[i], BEL_TEXT);
        while (j > 0 && cmp_text(texts[j - 1], tmp) > 0) {
            memcpy(texts[j], texts[j - 1], BEL_TEXT);
            j--;
        }
        memcpy(texts[j], tmp, BEL_TEXT);
    }
    return count;
}

int bel_meld_check(const struct bel_deal *d, int seat, const pq_mask *melds, int n, char *err, int cap)
{
    struct pq_text t;
    pq_mask no_seq, no_carre, h = meld_source(d, seat, &no_seq, &no_carre), seq_used = 0;
    char text[32];
    pq_text_init(&t, err, cap);
    for (int i = 0; i < n; i++) {
        pq_mask m = melds[i];
        bel_meld_format(m, text);
        if (!bel_meld_key(m)) {
            pq_text_str(&t, "'");
            pq_text_str(&t, text);
            pq_text_str(&t, "' is no meld: three or more cards in sequence in one suit, "
                            "or four Aces, Tens, Kings, Queens, Jacks or Nines (B16)");
            return -1;
        }
        if ((m & h) != m) {
            pq_text_str(&t, "meld ");
            pq_text_str(&t, text);
            pq_text_str(&t, d->rules.form == BEL_MARSEILLAISE ? ": not all its cards are available to the seat (BM3)"
                                                           : ": the seat does not hold all its cards (B18)");
            return -1;
        }
        for (int j = 0; j < i; j++)
            if (melds[j] == m) {
                pq_text_str(&t, "meld ");
                pq_text_str(&t, text);
                pq_text_str(&t, " is named twice");
                return -1;
            }
        if (bel_meld_is_carre(m)) {
            if (m & no_carre) {
                pq_text_str(&t, "meld ");
                pq_text_str(&t, text);
                pq_text_str(&t, ": its cards were already claimed in a carré (BM3)");
                return -1;
            }
        } else {
            if (m & (seq_used | no_seq)) {
                pq_text_str(&t, "meld ");
                pq_text_str(&t, text);
                pq_text_str(&t, (m & seq_used) ? ": sequences must not share a card (B16)"
                                               : ": a card was already claimed in a sequence (BM3)");
                return -1;
            }
            seq_used |= m;
        }
    }
    return 0;
}

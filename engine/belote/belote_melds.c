/* belote_melds.c - Belote's melds (RULES-belote.md B16-B17, BM3): every set
 * of melds a seat may declare (trick 1) or claim (Marseillaise), and the
 * reasons a `meld` action is refused, in Belote's rule numbers. What a
 * meld is, its key, value, texts and comparison are the family's
 * (belote_family.h); Marseillaise adds only the cards already claimed.
 */
#include <string.h>
#include "engine/belote/belote.h"
#include "engine/text.h"

int bel_meld_tie_trump(const struct bel_deal *d)
{
    return d->rules.meld_tie == BEL_TIE_TRUMP && d->trump >= 0 ? d->trump : -1;
}

int bel_meld_beats(const struct bel_deal *d, pq_mask a, pq_mask b)
{
    return bel_meld_beats_by(a, b, bel_meld_tie_trump(d));
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

int bel_meld_actions(const struct bel_deal *d, int seat, char (*texts)[BEL_TEXT], int max)
{
    pq_mask no_seq, no_carre, h = meld_source(d, seat, &no_seq, &no_carre);
    return bel_meld_list(h, no_seq, no_carre, BEL_SEAT_MELDS, texts, max);
}

int bel_meld_check(const struct bel_deal *d, int seat, const pq_mask *melds, int n, char *err, int cap)
{
    struct pq_text t;
    pq_mask no_seq, no_carre, h = meld_source(d, seat, &no_seq, &no_carre);
    char text[32];
    int at, fault = bel_meld_fault(h, no_seq, no_carre, melds, n, &at);
    if (fault == BEL_MELD_OK) return 0;
    bel_meld_format(melds[at], text);
    pq_text_init(&t, err, cap);
    if (fault == BEL_MELD_NOT_A_MELD) {
        pq_text_str(&t, "'");
        pq_text_str(&t, text);
        pq_text_str(&t, "' is no meld: three or more cards in sequence in one suit, "
                        "or four Aces, Tens, Kings, Queens, Jacks or Nines (B16)");
        return -1;
    }
    pq_text_str(&t, "meld ");
    pq_text_str(&t, text);
    switch (fault) {
    case BEL_MELD_NOT_HELD:
        pq_text_str(&t, d->rules.form == BEL_MARSEILLAISE ? ": not all its cards are available to the seat (BM3)"
                                                       : ": the seat does not hold all its cards (B18)");
        break;
    case BEL_MELD_TWICE: pq_text_str(&t, " is named twice"); break;
    case BEL_MELD_CARRE_CLAIMED: pq_text_str(&t, ": its cards were already claimed in a carré (BM3)"); break;
    case BEL_MELD_SEQUENCES_SHARE: pq_text_str(&t, ": sequences must not share a card (B16)"); break;
    default: pq_text_str(&t, ": a card was already claimed in a sequence (BM3)"); break;
    }
    return -1;
}

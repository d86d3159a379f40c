/* coinche_melds.c - Coinche's melds (RULES-coinche.md K17-K21, flag
 * melds): the sets of melds a seat may declare, the reasons a `meld`
 * action is refused in Coinche's rule numbers, and the trick-1
 * comparison with its public dialogue. A meld, its key (K18), value
 * (K17), texts and comparison are Belote's (K17-K19 are B16-B17's melds
 * with the notation of RULES-belote.md): engine/belote/belote_family.h.
 */
#include <assert.h>
#include <string.h>
#include "engine/coinche/coinche.h"
#include "engine/text.h"

/* K20 meld_tie: the suit whose sequences win a tie of keys (the trump
 * suit; none in NT and AT), or -1. */
static int tie_trump(const struct coinche_deal *d)
{
    return d->rules.meld_tie_trump && d->contract.den < COINCHE_NT ? d->contract.den : -1;
}

int coinche_meld_beats(const struct coinche_deal *d, pq_mask a, pq_mask b)
{
    return bel_meld_beats_by(a, b, tie_trump(d));
}

int coinche_meld_actions(pq_mask hand, char (*texts)[COINCHE_TEXT], int max)
{
    return bel_meld_list(hand, 0, 0, COINCHE_SEAT_MELDS, texts, max);
}

int coinche_meld_check(pq_mask hand, const pq_mask *melds, int n, char *err, int cap)
{
    static const char *const reasons[] = {
        [BEL_MELD_NOT_A_MELD] = " is no meld: three or more cards in sequence in one suit, "
                                "or four Aces, Tens, Kings, Queens, Jacks or Nines (K17)",
        [BEL_MELD_NOT_HELD] = ": the seat does not hold all its cards (K19)",
        [BEL_MELD_TWICE] = " is named twice",
        [BEL_MELD_SEQUENCES_SHARE] = ": sequences must not share a card (K17)",
    };
    struct pq_text t;
    char text[40];
    int at, fault = bel_meld_fault(hand, 0, 0, melds, n, &at);
    if (fault == BEL_MELD_OK) return 0;
    assert(reasons[fault]);     /* no cards are claimed in Coinche */
    bel_meld_format(melds[at], text);
    pq_text_init(&t, err, cap);
    pq_text_str(&t, "meld ");
    pq_text_str(&t, text);
    pq_text_str(&t, reasons[fault]);
    return -1;
}

void coinche_meld_declare(struct coinche_deal *d, struct coinche_act *act, const pq_mask *melds, int n)
{
    int s = act->seat;
    pq_mask call = bel_meld_best(melds, n, tie_trump(d));
    act->pool_at = d->n_pool;
    act->pool_n = (uint8_t)n;
    for (int i = 0; i < n; i++) d->pool[d->n_pool++] = melds[i];
    /* K20, K21: the call against the best so far, said in public */
    act->say = (uint8_t)bel_meld_say(call, s, d->call, &d->holder, &act->asked, tie_trump(d));
    d->melded |= (uint8_t)(1u << s);
    if (d->melded == 0xf) d->meld_winner = d->holder;
}

int coinche_deal_told(const struct coinche_deal *d, int v, struct bel_told *told, pq_mask *played, uint8_t *pool_seat)
{
    int tie = tie_trump(d);
    memset(told, 0, COINCHE_SEATS * sizeof *told);
    memset(played, 0, COINCHE_SEATS * sizeof *played);
    for (int i = 0; i < d->n_hist; i++) {
        const struct coinche_act *act = &d->hist[i];
        if (act->kind == COINCHE_ACT_PLAY) played[act->seat] |= PQ_BIT(act->card);
        if (act->kind != COINCHE_ACT_MELD) continue;
        for (int k = 0; k < act->pool_n && act->pool_at + k < COINCHE_POOL; k++) pool_seat[act->pool_at + k] = act->seat;
        bel_told_add(told, d->call, act->seat, act->say, act->asked, tie);
    }
    return bel_told_finish(told, d->call, COINCHE_SEATS, v, tie);
}

/* support_sight.c - the independent "may see" set and a card scanner
 * (support_sight.h). ss_allowed_cards() reads only the pack, the history
 * and the outcomes of the classes, not view.c or the codec.
 */
#include <ctype.h>
#include "engine/card.h"
#include "tests/support_sight.h"

static pq_mask talon_cards(const struct pq_deal *d, int from, int count)
{
    pq_mask out = 0;
    for (int i = from; i < from + count && i < 8; i++) out |= PQ_BIT(d->deck[24 + i]);
    return out;
}

pq_mask ss_allowed_cards(const struct pq_deal *d, int seat)
{
    int opp = 1 - seat;
    pq_mask allowed = d->dealt[seat] | d->drawn[seat] | d->played[opp];
    int seat_discarded = 0;
    for (int i = 0; i < d->n_history; i++)
        if (d->history[i].kind == PQ_ACT_DISCARD && d->history[i].pad == seat) seat_discarded = 1;
    if (seat == PQ_ELDER && seat_discarded) allowed |= talon_cards(d, d->k, 5 - d->k);  /* R9 */
    if (d->look == 1) allowed |= d->untaken;                                          /* R12 */
    /* The carte blanche hand is shown once the seat looking has discarded
     * (R7c: elder's after younger's discard; R8: younger's after elder's). */
    if (d->carte_blanche == opp && seat_discarded) allowed |= d->dealt[opp];
    /* The opponent's combinations that scored or tied (R16). */
    for (int cls = 0; cls < PQ_CLASSES; cls++) {
        const struct pq_class_state *c = &d->classes[cls];
        int shown_e = c->outcome == PQ_OUTCOME_GOOD || c->outcome == PQ_OUTCOME_EQUAL;
        int shown_y = c->outcome == PQ_OUTCOME_NOT_GOOD || c->outcome == PQ_OUTCOME_EQUAL;
        if (opp == PQ_ELDER && shown_e) allowed |= c->call;
        if (opp == PQ_YOUNGER && shown_y) allowed |= c->answer;
    }
    /* Extras always score, so they are always shown. */
    for (int i = 0; i < d->n_history; i++) {
        const struct pq_action *a = &d->history[i];
        if (a->kind == PQ_ACT_DECLARE && a->pad == opp && (a->cards & d->classes[a->cls].extras) == a->cards)
            allowed |= a->cards;
    }
    return allowed;
}

pq_mask ss_text_cards(const char *text, size_t len)
{
    pq_mask found = 0;
    for (size_t i = 0; i + 1 < len; i++) {
        int before = i > 0 && isalnum((unsigned char)text[i - 1]);
        int after = i + 2 < len && isalnum((unsigned char)text[i + 2]);
        int card = pq_card_parse(text + i);
        if (card >= 0 && !before && !after) found |= PQ_BIT(card);
    }
    return found;
}

/* view.c - a seat's view of a deal (view.h, docs/rules-piquet.md section 7).
 * Built by copying only entitled fields; the opponent's hand and discards
 * are never read except through shown[] and played[].
 */
#include <string.h>
#include "engine/piquet/view.h"

static void call_view(const struct pq_deal *d, int cls, int seat_viewing,
                      struct pq_view_declaration *out)
{
    const struct pq_class_state *c = &d->classes[cls];
    memset(out, 0, sizeof *out);
    out->rank = 0xff;
    if (d->phase < PQ_PHASE_CALL || d->cls < cls || (d->cls == cls && d->phase == PQ_PHASE_CALL)) return;
    if (!c->call) { out->known = 3; return; }
    if (seat_viewing == PQ_ELDER || c->outcome == PQ_OUTCOME_GOOD || c->outcome == PQ_OUTCOME_EQUAL) {
        out->known = 2;
        out->cards = c->call;
        return;
    }
    /* Announced only: while younger answers, or beaten (R16). */
    out->known = 1;
    out->length = (uint8_t)pq_mask_count(c->call);
    if (cls == PQ_CLASS_SET) {
        out->rank = (uint8_t)PQ_RANK(pq_mask_first(c->call));
        return;
    }
    if (c->outcome == PQ_OUTCOME_NOT_GOOD && c->answer && pq_mask_count(c->answer) == out->length) {
        int key = pq_combo_key(cls, c->call);
        if (cls == PQ_CLASS_POINT) out->pips = (uint8_t)(key % 256);
        else out->rank = (uint8_t)(key % 16);
    }
}

static void answer_view(const struct pq_deal *d, int cls, int seat_viewing,
                        struct pq_view_declaration *out)
{
    const struct pq_class_state *c = &d->classes[cls];
    memset(out, 0, sizeof *out);
    out->rank = 0xff;
    if (c->outcome == PQ_OUTCOME_OPEN) return;
    if (seat_viewing == PQ_YOUNGER) {
        out->known = c->answer ? 2 : 3;
        out->cards = c->answer;
        return;
    }
    if (c->outcome == PQ_OUTCOME_NOT_GOOD || c->outcome == PQ_OUTCOME_EQUAL) {
        out->known = 2;
        out->cards = c->answer;
    } else if (c->outcome == PQ_OUTCOME_NONE) {
        out->known = 3;
    }
}

void pq_view_build(const struct pq_deal *d, int seat, struct pq_view *out)
{
    int opp = 1 - seat;
    int exchanged = d->phase >= PQ_PHASE_CALL;
    memset(out, 0, sizeof *out);
    out->seat = (uint8_t)seat;
    out->phase = d->phase;
    out->to_act = d->to_act;
    out->cls = d->cls;
    out->rules = d->rules;
    out->hand = d->hand[seat];
    out->dealt = d->dealt[seat];
    out->discards = d->discards[seat];
    out->drawn = d->drawn[seat];
    out->peek = seat == PQ_ELDER ? d->peek : 0;
    out->untaken = d->look == 1 ? d->untaken : 0;
    out->opponent_shown = d->shown[opp];
    out->opponent_played = d->played[opp];
    out->played = d->played[seat];
    out->carte_blanche = d->carte_blanche;
    out->look = d->look;
    out->repique = d->repique;
    out->pique = d->pique;
    out->announced = d->announced;
    /* k is public once elder exchanged; m once younger did (R9, R10). */
    out->k = d->k;
    out->m = d->m;
    out->untaken_count = exchanged ? (uint8_t)(8 - d->k - d->m) : 0;
    out->opponent_hand_count = (uint8_t)pq_mask_count(d->hand[opp]);
    out->trick = d->trick;
    out->leader = d->leader;
    out->lead_card = d->lead_card;
    out->tricks[0] = d->tricks[0];
    out->tricks[1] = d->tricks[1];
    memset(out->trick_cards, 0xff, sizeof out->trick_cards);
    for (int t = 0; t < d->trick && t < 12; t++) {
        out->trick_cards[t][0] = d->trick_cards[t][0];
        out->trick_cards[t][1] = d->trick_cards[t][1];
    }
    out->score[0] = d->score[0];
    out->score[1] = d->score[1];
    for (int cls = 0; cls < PQ_CLASSES; cls++) {
        struct pq_view_class *v = &out->classes[cls];
        const struct pq_class_state *c = &d->classes[cls];
        v->outcome = c->outcome;
        v->extras = c->extras;
        v->points = c->points;
        call_view(d, cls, seat, &v->call);
        answer_view(d, cls, seat, &v->answer);
    }
}

pq_mask pq_view_cards(const struct pq_view *self)
{
    pq_mask all = self->hand | self->dealt | self->discards | self->drawn | self->peek
                | self->untaken | self->opponent_shown | self->opponent_played | self->played;
    for (int cls = 0; cls < PQ_CLASSES; cls++)
        all |= self->classes[cls].call.cards | self->classes[cls].answer.cards | self->classes[cls].extras;
    for (int t = 0; t < self->trick; t++)
        all |= PQ_BIT(self->trick_cards[t][0]) | PQ_BIT(self->trick_cards[t][1]);
    if (self->lead_card >= 0) all |= PQ_BIT(self->lead_card);
    return all;
}

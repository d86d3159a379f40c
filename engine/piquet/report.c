/* report.c - deals, parties and views described through a writer
 * (report.h). Only reads; the shapes written here are contracts tested
 * by the replay fixtures and the protocol.
 */
#include <stddef.h>
#include "engine/piquet/report.h"

/* A list of cards in one writer call (a view holds some fifty). */
static void cards(const struct pq_writer *w, const char *key, pq_mask mask)
{
    char text[2 * PQ_CARDS + 1];
    int n = 0;
    for (; mask; mask &= mask - 1) pq_card_format(pq_mask_first(mask), text + 2 * n++);
    pq_writer_strings(w, key, text, 2, n);
}

static void seat_or_null(const struct pq_writer *w, const char *key, int seat)
{
    w->string(w->ctx, key, seat < 0 ? NULL : pq_seat_name(seat));
}

void pq_report_deal(const struct pq_deal *d, const struct pq_writer *w)
{
    w->integer(w->ctx, "elder", d->score[PQ_ELDER]);
    w->integer(w->ctx, "younger", d->score[PQ_YOUNGER]);
    w->begin(w->ctx, "tricks", 0);
    w->integer(w->ctx, "elder", d->tricks[PQ_ELDER]);
    w->integer(w->ctx, "younger", d->tricks[PQ_YOUNGER]);
    w->end(w->ctx);
    seat_or_null(w, "carte_blanche", d->carte_blanche);
    seat_or_null(w, "repique", d->repique);
    seat_or_null(w, "pique", d->pique);
    w->begin(w->ctx, "classes", 0);
    for (int cls = 0; cls < PQ_CLASSES; cls++) {
        const struct pq_class_state *c = &d->classes[cls];
        int winner = c->outcome == PQ_OUTCOME_GOOD ? PQ_ELDER
                   : c->outcome == PQ_OUTCOME_NOT_GOOD ? PQ_YOUNGER : -1;
        w->begin(w->ctx, pq_class_name(cls), 0);
        w->string(w->ctx, "outcome", pq_outcome_name(c->outcome));
        seat_or_null(w, "winner", winner);
        w->integer(w->ctx, "points", c->points);
        w->end(w->ctx);
    }
    w->end(w->ctx);
    w->begin(w->ctx, "categories", 0);
    for (int s = 0; s < PQ_SEATS; s++) {
        w->begin(w->ctx, pq_seat_name(s), 0);
        for (int cat = 0; cat < PQ_CATEGORIES; cat++)
            w->integer(w->ctx, pq_category_name(cat), d->cat[s][cat]);
        w->end(w->ctx);
    }
    w->end(w->ctx);
    w->begin(w->ctx, "events", 1);
    for (int i = 0; i < d->n_events; i++) {
        w->begin(w->ctx, NULL, 0);
        w->string(w->ctx, "seat", pq_seat_name(d->events[i].seat));
        w->string(w->ctx, "category", pq_category_name(d->events[i].category));
        w->integer(w->ctx, "points", d->events[i].points);
        w->end(w->ctx);
    }
    w->end(w->ctx);
}

void pq_report_partie(const struct pq_partie *p, const struct pq_deal *deals, int n,
                      const struct pq_writer *w)
{
    static const char *const players[] = { "A", "B" };
    int played = p->over ? p->deal_no : p->deal_no - 1;
    w->begin(w->ctx, "totals", 0);
    w->integer(w->ctx, "A", p->totals[0]);
    w->integer(w->ctx, "B", p->totals[1]);
    w->end(w->ctx);
    w->string(w->ctx, "winner", p->winner < 0 ? NULL : players[p->winner]);
    w->integer(w->ctx, "settlement", p->settlement);
    w->boolean(w->ctx, "over", p->over);
    w->begin(w->ctx, "deals", 1);
    for (int i = 0; i < played; i++) {
        int number = i + 1;
        w->begin(w->ctx, NULL, 0);
        w->integer(w->ctx, "number", number);
        w->string(w->ctx, "elder", players[pq_partie_elder_in(p->first_dealer, number)]);
        w->integer(w->ctx, "weight", pq_partie_weight(p, number));
        w->integer(w->ctx, "A", p->deal_scores[i][0]);
        w->integer(w->ctx, "B", p->deal_scores[i][1]);
        if (deals && i < n) {
            w->begin(w->ctx, "result", 0);
            pq_report_deal(&deals[i], w);
            w->end(w->ctx);
        }
        w->end(w->ctx);
    }
    w->end(w->ctx);
}

static void declaration(const struct pq_writer *w, const char *key, const struct pq_view_declaration *d)
{
    static const char *const known[] = { "unknown", "announced", "cards", "pass" };
    w->begin(w->ctx, key, 0);
    w->string(w->ctx, "known", known[d->known]);
    if (d->known == 1) {
        w->integer(w->ctx, "length", d->length);
        if (d->rank != 0xff) {
            char rank[3];
            pq_card_format(d->rank, rank);
            rank[1] = '\0';
            w->string(w->ctx, "rank", rank);
        }
        if (d->pips) w->integer(w->ctx, "pips", d->pips);
    }
    if (d->known == 2) cards(w, "cards", d->cards);
    w->end(w->ctx);
}

void pq_report_view(const struct pq_view *v, const char *key, const struct pq_writer *w)
{
    w->begin(w->ctx, key, 0);
    pq_report_view_fields(v, w);
    w->end(w->ctx);
}

void pq_report_view_fields(const struct pq_view *v, const struct pq_writer *w)
{
    char lead[3];
    w->string(w->ctx, "seat", pq_seat_name(v->seat));
    w->string(w->ctx, "phase", pq_phase_name(v->phase));
    w->string(w->ctx, "to_act", pq_seat_name(v->to_act));
    w->string(w->ctx, "class", pq_class_name(v->cls));
    cards(w, "hand", v->hand);
    cards(w, "dealt", v->dealt);
    cards(w, "discards", v->discards);
    cards(w, "drawn", v->drawn);
    cards(w, "peek", v->peek);
    cards(w, "untaken", v->untaken);
    cards(w, "opponent_shown", v->opponent_shown);
    cards(w, "opponent_played", v->opponent_played);
    seat_or_null(w, "carte_blanche", v->carte_blanche);
    if (v->announced) w->integer(w->ctx, "announced", v->announced);
    w->integer(w->ctx, "elder_exchanged", v->k);
    w->integer(w->ctx, "younger_exchanged", v->m);
    w->integer(w->ctx, "untaken_count", v->untaken_count);
    w->string(w->ctx, "look", v->look < 0 ? NULL : v->look ? "look" : "nolook");
    w->integer(w->ctx, "opponent_hand_count", v->opponent_hand_count);
    w->begin(w->ctx, "declarations", 0);
    for (int cls = 0; cls < PQ_CLASSES; cls++) {
        const struct pq_view_class *c = &v->classes[cls];
        w->begin(w->ctx, pq_class_name(cls), 0);
        w->string(w->ctx, "outcome", pq_outcome_name(c->outcome));
        declaration(w, "call", &c->call);
        declaration(w, "answer", &c->answer);
        cards(w, "extras", c->extras);
        w->integer(w->ctx, "points", c->points);
        w->end(w->ctx);
    }
    w->end(w->ctx);
    w->integer(w->ctx, "trick", v->trick);
    w->string(w->ctx, "leader", pq_seat_name(v->leader));
    if (v->lead_card >= 0) pq_card_format(v->lead_card, lead);
    w->string(w->ctx, "lead", v->lead_card >= 0 ? lead : NULL);
    w->begin(w->ctx, "tricks", 1);
    for (int t = 0; t < v->trick && t < 12; t++) {
        char pair[5];
        pq_card_format(v->trick_cards[t][0], pair);
        pq_card_format(v->trick_cards[t][1], pair + 2);
        pq_writer_strings(w, NULL, pair, 2, 2);
    }
    w->end(w->ctx);
    w->begin(w->ctx, "tricks_won", 0);
    w->integer(w->ctx, "elder", v->tricks[PQ_ELDER]);
    w->integer(w->ctx, "younger", v->tricks[PQ_YOUNGER]);
    w->end(w->ctx);
    w->begin(w->ctx, "score", 0);
    w->integer(w->ctx, "elder", v->score[PQ_ELDER]);
    w->integer(w->ctx, "younger", v->score[PQ_YOUNGER]);
    w->end(w->ctx);
    seat_or_null(w, "repique", v->repique);
    seat_or_null(w, "pique", v->pique);
}

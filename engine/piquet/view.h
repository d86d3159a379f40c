/* view.h - what one seat may know of a deal at this moment (docs/rules-piquet.md
 * section 7), as plain data. This is the only thing the arena ever sends a
 * bot about the deal, so it is built field by field from what the seat is
 * entitled to and nothing else.
 *
 * Of the opponent the view holds only: cards he showed (carte blanche hand
 * at R7/R8, scored and equal combinations, R16), cards he played, and what
 * his calls announced. A beaten call reveals its length only (for a point
 * also its pips, for a sequence its top rank, when the answer had the same
 * length); a set call its count and rank. A conceding answer (worse than
 * the call) reveals nothing, not even whether it was a pass.
 */
#ifndef PQ_VIEW_H
#define PQ_VIEW_H

#include "engine/piquet/deal.h"

/* A call or answer as the seat sees it. */
struct pq_view_declaration {
    uint8_t known;     /* 0 nothing known, 1 announced (see below), 2 cards known, 3 passed */
    uint8_t length;    /* point or sequence length; set count */
    uint8_t rank;      /* sequence top rank or set rank (0..7), 0xff unknown */
    uint8_t pips;      /* point pips, 0 unknown */
    pq_mask cards;     /* when known == 2 */
};

struct pq_view_class {
    uint8_t outcome;                 /* enum pq_outcome */
    struct pq_view_declaration call, answer;
    pq_mask extras;                  /* the winner's extras (public) */
    int16_t points;                  /* what the winner scored (0 before decided) */
};

struct pq_view {
    uint8_t seat;                    /* whose view: enum pq_seat */
    uint8_t phase, to_act, cls;
    struct pq_rules rules;
    pq_mask hand, dealt, discards, drawn;
    pq_mask peek;                    /* elder: talon cards he left and looked at */
    pq_mask untaken;                 /* when younger elected to look */
    pq_mask opponent_shown;          /* opponent's cards made public */
    pq_mask opponent_played;
    pq_mask played;                  /* own cards played */
    int8_t carte_blanche;            /* seat, -1 none */
    int8_t look;                     /* -1 not elected, 0 nolook, 1 look */
    int8_t repique, pique;
    uint8_t k, m, announced;         /* exchange sizes, 0 until known */
    uint8_t untaken_count;           /* known once both exchanged */
    uint8_t opponent_hand_count;
    uint8_t trick, leader;
    int8_t lead_card;
    uint8_t tricks[PQ_SEATS];
    uint8_t trick_cards[12][2];      /* finished tricks: led, followed; 0xff after */
    int16_t score[PQ_SEATS];         /* scores made public so far */
    struct pq_view_class classes[PQ_CLASSES];
};

/* Fills `out` with what `seat` may know now. */
void pq_view_build(const struct pq_deal *deal, int seat, struct pq_view *out);

/* Every card the view mentions, of either player or the talon (for the
 * no-leak property tests). */
pq_mask pq_view_cards(const struct pq_view *self);

#endif

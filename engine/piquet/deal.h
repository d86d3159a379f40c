/* deal.h - one deal of Piquet as a state machine (docs/rules-piquet.md sections 1-5).
 *
 * A deal starts from a pack order (R5: elder holds deck[0..11], younger
 * deck[12..23], the talon top-down is deck[24..31]) and advances one
 * action at a time. At every moment exactly one seat is to act; the deal
 * names it, lists its legal actions, applies an action or refuses it with
 * a reason, leaving the deal unchanged. Order of actions (docs/design.md):
 *
 *   [announce k (elder holding carte blanche)]
 *   discard (elder, younger; with elder's carte blanche younger first, then
 *            elder exactly k)
 *   for point, sequence, set: elder's call, younger's answer, and for
 *            sequence and set the class winner's extras ending with pass
 *   play (elder leads), [look | nolook right after elder's first lead when
 *            talon cards are left untaken], play ... by trick winner
 *
 * The state is plain fixed-size data: copy it with `=`; nothing allocates.
 * Seats are elder (0) and younger (1). Scores are kept per category in the
 * order of reckoning (R23); events list every score as it is made, in time
 * order (younger's declarations after elder's first lead, R19).
 *
 * Carte rouge (variant, off by default; Parlett): a player all twelve of
 * whose cards after the exchange belong to combinations he scored in the
 * point, sequence and set classes scores 20, reckoned after the sets for
 * the repique.
 */
#ifndef PQ_DEAL_H
#define PQ_DEAL_H

#include <stdbool.h>
#include <stdint.h>
#include "engine/piquet/action.h"
#include "engine/card.h"
#include "engine/piquet/combo.h"
#include "engine/piquet/rules.h"

enum pq_seat { PQ_ELDER, PQ_YOUNGER, PQ_SEATS };

enum pq_phase {
    PQ_PHASE_ANNOUNCE,  /* elder holding carte blanche names k (R7a) */
    PQ_PHASE_DISCARD,   /* the seat to act exchanges (R9, R10) */
    PQ_PHASE_CALL,      /* elder calls in the current class or passes */
    PQ_PHASE_ANSWER,    /* younger answers or passes */
    PQ_PHASE_EXTRA,     /* the class winner adds combinations, then passes */
    PQ_PHASE_LOOK,      /* younger: look or nolook at untaken cards (R12) */
    PQ_PHASE_PLAY,      /* tricks (R20) */
    PQ_PHASE_OVER
};

/* Categories of score, in the order of reckoning (R23) and then bonuses. */
enum pq_category {
    PQ_CAT_CARTE_BLANCHE, PQ_CAT_POINT, PQ_CAT_SEQUENCE, PQ_CAT_SET,
    PQ_CAT_CARTE_ROUGE, PQ_CAT_PLAY, PQ_CAT_CARDS, PQ_CAT_REPIQUE,
    PQ_CAT_PIQUE, PQ_CATEGORIES
};

/* How a class was decided (R17). */
enum pq_outcome {
    PQ_OUTCOME_OPEN,      /* not decided yet */
    PQ_OUTCOME_GOOD,      /* elder's call stands: elder wins the class */
    PQ_OUTCOME_NOT_GOOD,  /* younger's answer is better: younger wins */
    PQ_OUTCOME_EQUAL,     /* same key: nobody scores in the class */
    PQ_OUTCOME_NONE       /* both passed */
};

enum { PQ_MAX_EVENTS = 96, PQ_MAX_HISTORY = 64, PQ_MAX_LEGAL = 4096 };

struct pq_event {
    uint8_t seat;       /* enum pq_seat */
    uint8_t category;   /* enum pq_category */
    int16_t points;
};

struct pq_class_state {
    pq_mask call;       /* elder's call; 0 = passed */
    pq_mask answer;     /* younger's answer; 0 = passed */
    pq_mask extras;     /* the winner's extras, all their cards */
    int16_t points;     /* what the winner scored in the class */
    uint8_t outcome;    /* enum pq_outcome */
    uint8_t n_extras;
    uint8_t limited;    /* elder's extras may not rank above his call (R18) */
};

struct pq_deal {
    struct pq_rules rules;
    uint8_t deck[32];
    pq_mask dealt[PQ_SEATS];     /* hands as dealt */
    pq_mask hand[PQ_SEATS];      /* cards held now */
    pq_mask discards[PQ_SEATS];
    pq_mask drawn[PQ_SEATS];     /* talon cards taken */
    pq_mask peek;                /* talon cards elder left and may look at (R9) */
    pq_mask untaken;             /* talon cards nobody took */
    pq_mask shown[PQ_SEATS];     /* a seat's cards made public (R16, R7, R8) */
    pq_mask played[PQ_SEATS];
    int8_t carte_blanche;        /* seat holding it, or -1 */
    int8_t look;                 /* -1 not elected, 0 nolook, 1 look */
    int8_t repique, pique;       /* seat that scored it, or -1 */
    uint8_t k, m;                /* cards exchanged by elder and younger */
    uint8_t announced;           /* elder's carte blanche: k announced, else 0 */
    uint8_t phase, to_act, cls;
    uint8_t trick;               /* 0..11, the trick being played; 12 at the end */
    uint8_t leader;              /* seat leading the current trick */
    int8_t lead_card;            /* card led to the current trick, or -1 */
    uint8_t tricks[PQ_SEATS];    /* tricks won */
    uint8_t trick_cards[12][2];  /* per trick: the card led, the card played to it */
    uint8_t pique_live;          /* elder may still reach a pique (R25) */
    int16_t score[PQ_SEATS];
    int16_t cat[PQ_SEATS][PQ_CATEGORIES];
    int16_t declared[PQ_SEATS][PQ_CAT_PLAY]; /* I..IV and carte rouge, as decided */
    struct pq_class_state classes[PQ_CLASSES];
    uint8_t n_events, n_history;
    struct pq_event events[PQ_MAX_EVENTS];
    struct pq_action history[PQ_MAX_HISTORY]; /* pad byte = seat that acted */
};

/* Starts a deal from a pack order. Returns 0, or -1 when deck is not a
 * permutation of the 32 cards. */
int pq_deal_init(struct pq_deal *self, const struct pq_rules *rules, const uint8_t deck[32]);

/* The seat to act, or -1 when the deal is over. Inline: a playout asks
 * at every action. */
static inline int pq_deal_to_act(const struct pq_deal *self)
{
    return self->phase == PQ_PHASE_OVER ? -1 : self->to_act;
}

static inline bool pq_deal_over(const struct pq_deal *self)
{
    return self->phase == PQ_PHASE_OVER;
}

/* Legal actions now: their number, the n-th of them (0 <= n < count; the
 * same order every time), or all of them into out (at most cap; returns
 * the count). At most PQ_MAX_LEGAL. Counting and picking the n-th cost no
 * list, so a uniformly random legal action is cheap. */
int pq_deal_legal_count(const struct pq_deal *self);
void pq_deal_legal_nth(const struct pq_deal *self, int n, struct pq_action *out);
int pq_deal_legal(const struct pq_deal *self, struct pq_action *out, int cap);

/* Checks an action for the seat to act; 0 when legal, else -1 with the
 * reason in err (cap bytes). */
int pq_deal_check(const struct pq_deal *self, const struct pq_action *action, char *err, int cap);

/* Applies an action by the seat to act. Returns 0, or -1 with the reason
 * in err when it is illegal (the deal is then unchanged). */
int pq_deal_apply(struct pq_deal *self, const struct pq_action *action, char *err, int cap);

/* Applies the n-th legal action (pq_deal_legal_nth's order) without
 * checking it again: the same change as pq_deal_apply of that action.
 * Returns 0, or -1 when there is no n-th legal action (the deal is then
 * unchanged). For callers that pick by index (random playouts). */
int pq_deal_apply_legal(struct pq_deal *self, int n);

/* Parses and applies a text action (len bytes). */
int pq_deal_apply_text(struct pq_deal *self, const char *text, int len, char *err, int cap);

/* ---- tricks (R20-R22, trick_scoring of docs/rules-piquet.md section 8) ----
 * How a trick is won and what it scores, stated once: the deal credits
 * these, and the bots' solver, which replays the play without a deal,
 * calls them too. Inline because the solver calls them millions of times.
 * Tricks are numbered from 0; 11 is the last. */

/* Whether `card`, played to the trick led with `led`, wins it: the higher
 * card of the suit led; there are no trumps (R20). */
static inline bool pq_trick_beats(int led, int card)
{
    return PQ_SUIT(card) == PQ_SUIT(led) && card > led;
}

/* What leading trick `trick` scores its leader (R21: 1 for every lead). */
static inline int pq_trick_lead_points(int trick_scoring, int trick)
{
    return trick_scoring == PQ_TRICKS_LAW65 || trick_scoring == PQ_TRICKS_LEAD_ONLY ||
           (trick_scoring == PQ_TRICKS_PENGUIN && trick == 0);
}

/* What winning trick `trick` scores its winner, `against` the lead or on
 * his own lead (R21: 1 against the lead, 1 more for the last trick). */
static inline int pq_trick_win_points(int trick_scoring, int trick, bool against)
{
    int last = trick == 11;
    switch (trick_scoring) {
    case PQ_TRICKS_LAW65: return (int)against + last;
    case PQ_TRICKS_PENGUIN: return against ? 2 : trick == 0 ? 0 : 1;
    case PQ_TRICKS_TEN_FOR_LAST: return last ? 10 : 1;
    default: return 0;
    }
}

/* What winning `tricks` of the twelve scores for the cards (R22): 40 for
 * all of them (capot), 10 for seven or more, but not under ten_for_last. */
static inline int pq_cards_points(int trick_scoring, int tricks)
{
    if (tricks == 12) return 40;
    return tricks >= 7 && trick_scoring != PQ_TRICKS_TEN_FOR_LAST ? 10 : 0;
}

/* Name of a seat, category, phase or outcome as used in records. */
const char *pq_seat_name(int seat);
const char *pq_category_name(int category);
const char *pq_phase_name(int phase);
const char *pq_outcome_name(int outcome);

#endif

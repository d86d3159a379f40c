/* belote_strategy.h - bot-greedy's Belote (shared/RULES-belote.md, every
 * form): decisions as plain functions of what a seat may know, its view
 * (the JSON object engine/belote/belote.h documents under "The view") and
 * its legal actions as text. No sockets: bot-greedy wraps it with the SDK,
 * tests call it on hand-made views.
 *
 * The heuristic (issue 15):
 *   bidding    a suit's trump strength: its Jack and Nine, the Ace and Ten,
 *              length, belote, side Aces (N = 4: the turn-up counted, the
 *              maker receives it); Marseillaise: the seat's face-up cards
 *              against the opponent's;
 *   the Seven  always exchanged (a low trump for the turn-up);
 *   melds      declared in full when they can still win the comparison
 *              (B19-B20, read from the dialogue in the history), else a
 *              bare `meld`, which hides the hand; Partnership: also when the
 *              partner holds the best call or declares later (BP2);
 *              Marseillaise: every claim worth most;
 *   belote     always announced, rebelote too;
 *   play       the maker's side draws trumps while it holds the master trump
 *              and an opponent may still hold one; otherwise leads a sure
 *              winner, else low from a side suit; follows with the cheapest
 *              card that wins for sure (or, last to play, wins at all) when
 *              the trick is worth it, else the cheapest card; never
 *              overtakes a partner who is winning, and gives him points when
 *              his trick is safe. "Sure" is judged on the cards each later
 *              seat may hold: unseen cards less the voids play revealed;
 *              Marseillaise: the opponent's face-up cards, exactly.
 */
#ifndef BOTS_BELOTE_STRATEGY_H
#define BOTS_BELOTE_STRATEGY_H

#include <stddef.h>
#include <cjson/cJSON.h>
#include "engine/card.h"

enum { BELOTE_STRATEGY_SEATS = 4 };

/* What one seat knows, read from its view. */
struct belote_strategy {
    int form;                       /* enum bel_form */
    int players, seat, partner;     /* partner: -1 outside Partnership */
    int trump, maker;               /* -1: none yet */
    int turnup;                     /* the proposed-trump card */
    pq_mask hand;                   /* held (Marseillaise: available) */
    pq_mask seen;                   /* out of play or placed: played cards,
                                       a card lying on the table, the bergère */
    pq_mask possible[BELOTE_STRATEGY_SEATS];   /* cards each other seat may hold */
    int leader, n_trick;
    int trick[BELOTE_STRATEGY_SEATS];          /* the current trick, leader first */
    /* the trick-1 meld dialogue (B20) so far */
    int best_class, best_holder;    /* 0 / -1: nobody announced a meld */
    int best_key;                   /* the best call's key when made public, else 0 */
    int declared[BELOTE_STRATEGY_SEATS];       /* made its trick-1 meld */
    int opponent_claim_key;         /* Marseillaise: the opponent's best claim */
    int own_claim_key;
};

/* Reads a view. 0, or -1 with the reason in err (a key missing or of the
 * wrong type: a view this module does not understand). */
int belote_strategy_read(struct belote_strategy *self, const cJSON *view, char *err, size_t cap);

/* The index (0..n-1) of the action to take among the n legal ones, as the
 * request lists them. */
int belote_strategy_choose(const struct belote_strategy *self, const char *const *legal, int n);

/* The strength of `suit` as trump for a hand (the bidding evaluation,
 * exposed for tests). */
double belote_strategy_trump_strength(pq_mask hand, int suit);

/* The bidding rule from a hand alone, outside Marseillaise (whose bids
 * weigh the opponent's face-up cards too): the strength of `suit` as
 * trump for a seat holding `hand` in the auction (N = 4: the turn-up
 * counted too, which the maker receives; turnup -1: none), and the
 * strength at which the seat takes the turn-up's suit in round one or
 * names its strongest suit in round two (else it passes). Also read by a
 * search's worlds that must fit the bids (bots/belote_bids.h). */
double belote_strategy_bid_strength(int form, int players, pq_mask hand, int turnup, int suit);
double belote_strategy_bid_threshold(int form, int players);

#endif

/* pimc.h - the decisions of bot-pimc, as functions of a seat's view and
 * legal actions (no sockets: the bot program wraps them with the SDK, and
 * tests call them in-process).
 *
 * Play: perfect-information Monte Carlo. The opponent hands consistent
 * with the view (worlds.h) are enumerated when there are at most `worlds`
 * of them, else `worlds` of them are sampled; each is solved exactly
 * (solver.h) for every playable card, and the card with the best weighted
 * average deal-point difference is played (ties: the lowest card).
 * Sampled hands come from the opponent's exchange reconstructed from the
 * view (exchanges.h, model PIMC_MODEL_EXCHANGE: his dealt hand, draw and
 * discards, discards weighted by how plausible they are, hands better
 * than he declared down-weighted; it cut the Brier score of the
 * card-by-card guess of his hand at the first lead from 0.166 to 0.151
 * against bot-pimc 1.0's exchanges), or with PIMC_MODEL_GREEDY (and when
 * the model does not apply: carte blanche, elder's peeked cards) from
 * worlds.h with high cards more likely (`bias`, fitted on greedy
 * exchanges); enumerated worlds are weighted by the bias.
 * Exchange: candidates prefiltered by the greedy heuristic (the best few
 * discards of each of the largest sizes), each evaluated on the same
 * `samples` sampled packs consistent with the seat's hand: the opponent
 * exchanges (the size he is known to take; his discard drawn from the
 * exchange model, or greedy's with PIMC_MODEL_GREEDY), both declare as
 * the greedy player would, the declarations are scored by the engine and
 * the play by the solver.
 * Declarations (`sink`): a combination scoring at most five may sink: the
 * full one, a pass and the same less one card are played out on deals
 * rebuilt from the exchange model (the declarations so far replayed
 * through the engine), the opponent playing the first tricks from his own
 * view (so from what the declaration shows him) and the rest exactly; a
 * smaller declaration is made only when its mean gain passes twice its
 * standard error. Otherwise (and with sink 0) in full, the greedy
 * player's choice. Look at untaken cards; elder holding carte blanche
 * exchanges five.
 *
 * Budget: `worlds` per play decision (the exchange evaluates as many packs
 * per candidate, a declaration that may sink a quarter as many deals), or
 * with `ms` > 0 as many as fit in ms milliseconds (a quarter for
 * sinking). Every decision also stops at the caller's time cap. With a
 * worlds budget and a cap never reached, a decision depends only on the
 * seed, the budget and the view: the generator of each decision is seeded
 * from the seed and the view.
 */
#ifndef BOTS_PIMC_H
#define BOTS_PIMC_H

#include <stdint.h>
#include "bots/solver.h"
#include "engine/piquet/view.h"

/* The opponent's exchange: greedy's (version 1: he discards as the greedy
 * player, his hidden cards biased toward high ranks) or reconstructed from
 * what the seat saw (exchanges.h). */
enum pimc_model { PIMC_MODEL_GREEDY, PIMC_MODEL_EXCHANGE };

struct pimc_options {
    uint64_t seed;
    int worlds;        /* worlds per play decision (default 48) */
    int ms;            /* > 0: a time budget per decision instead */
    int candidates;    /* exchange candidates kept by the prefilter (default 10) */
    int samples;       /* exchange packs per candidate; 0: as many as worlds */
    double bias;       /* worlds.h rank bias of the opponent's hidden cards (default 0.4) */
    int model;         /* enum pimc_model: how the opponent exchanged (default PIMC_MODEL_EXCHANGE) */
    double temperature;/* exchanges.h temperature of his discards (default 3) */
    int sink;          /* 1: declarations may sink, measured; 0: always in full (default) */
    int sink_tricks;   /* tricks the opponent plays from his view when sinking is measured (default 3) */
};

struct pimc {
    struct pimc_options options;
    struct solver solver;
    /* Statistics of the last decision, for logs and tests. */
    int last_worlds;         /* worlds solved (play) or packs evaluated (exchange) */
    int last_enumerated;     /* 1 when the worlds were all the consistent ones */
    /* A declaration that could sink: the best smaller one's mean gain
     * over the full one (deal points) and its standard error; 0 when none
     * was measured. */
    double last_sink_gain, last_sink_error;
};

void pimc_options_default(struct pimc_options *out);

/* Parses a --budget value: "N" worlds or "Nms" milliseconds. Returns 0, or
 * -1 when it is neither. */
int pimc_parse_budget(struct pimc_options *self, const char *text);

/* Returns 0, or -1 when out of memory. */
int pimc_init(struct pimc *self, const struct pimc_options *options);
void pimc_release(struct pimc *self);

/* Index of the action to play among the n legal ones (every legal action,
 * the exchange expanded as sdk_legal_actions does). cap_ms > 0 bounds the
 * time spent (checked between worlds); 0: no bound beyond the budget. */
int pimc_choose(struct pimc *self, const struct pq_view *view, const struct pq_action *legal, int n,
                double cap_ms);

/* The solver's position of a view in the play, the opponent holding
 * `opponent_hand` (a world). */
void pimc_position_from_view(const struct pq_view *view, pq_mask opponent_hand, struct solver_position *pos);

/* The deal-point value (elder minus younger) of a deal about to be played
 * (play phase, no card led): declarations, repique and carte blanche as
 * the engine scored them, then the play solved exactly. */
int pimc_deal_value(struct solver *solver, const struct pq_deal *deal);

#endif

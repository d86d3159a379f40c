/* exchanges.h - the opponent's exchange as a seat can reconstruct it from
 * its view, for bot-pimc: his dealt hand, his discards and the talon cards
 * he drew, sampled consistent with everything the view shows, each weighted
 * by how plausible his discards are.
 *
 * The model: the cards the seat has not seen (its own dealt hand, draw and
 * any untaken cards it looked at excluded) were dealt at random to his
 * dealt hand, his draw and the untaken talon; he then discarded, one card
 * at a time, each remaining card with odds exp(-keep / temperature), keep
 * being the greedy player's value of keeping it (strategy.h) in what he
 * still holds. Whatever the view shows constrains the sample: cards he
 * showed or played were in his hand after the exchange, so he neither
 * discarded them nor left them in the talon; suits he showed void in were
 * discarded or never his; his announced combinations hold (worlds.h). The
 * deal and the talon split are drawn exactly under these conditions; the
 * discard is drawn among the discards that keep them, and the sample's
 * weight is the probability the unconstrained discard had of keeping them
 * (sequential importance sampling), so that weighted samples follow the
 * model's posterior; announced combinations are met by rejection. His
 * declarations say more: a player who declares in full (as both reference
 * bots did) holds nothing better in the class than he declared, nothing
 * at all when he passed, and less than the call when his answer conceded.
 * A hand that would have made him sink is not excluded (he may sink) but
 * its weight is multiplied by EXCHANGES_SINK_ODDS per class.
 *
 * Used after both exchanges (declarations and play), when neither player
 * holds carte blanche and elder saw no talon card he left (those views keep
 * worlds.h's card-by-card bias: exchanges_init says so).
 */
#ifndef BOTS_EXCHANGES_H
#define BOTS_EXCHANGES_H

#include <stdbool.h>
#include "bots/worlds.h"
#include "engine/rng.h"
#include "engine/piquet/view.h"

enum { EXCHANGES_SINK_ODDS_PERCENT = 5 };

struct exchanges {
    struct worlds worlds;    /* the consistency of the hand he holds now */
    pq_mask unseen;          /* his dealt hand and draw come from these */
    pq_mask required;        /* in his hand after the exchange (shown or played) */
    pq_mask banned;          /* never in his hand after the exchange (void suits) */
    int size;                /* his discards, and his draw */
    int most[PQ_CLASSES];    /* the best key he holds if he declared in full; -1 unknown */
    double temperature;
    int point_min_len;       /* the rules' (a shorter point cannot be declared) */
};

/* The opponent's exchange as one sample of the model. */
struct exchange {
    pq_mask dealt, discards, drawn;
    pq_mask hand;            /* what he holds now: dealt - discards + drawn - played */
    double weight;
};

/* Reads the view. Returns 0, or -1 when the model does not apply (before
 * both exchanges, carte blanche, elder's peeked talon cards, or a view the
 * inference cannot explain). */
int exchanges_init(struct exchanges *self, const struct pq_view *view, double temperature);

/* One weighted sample consistent with the view. Returns 0, or -1 when
 * `tries` draws all failed the announced combinations. */
int exchanges_sample(const struct exchanges *self, struct pq_rng *rng, int tries, struct exchange *out);

/* The opponent's discard of `size` cards from `dealt` under the model
 * (nothing constrained), for simulated exchanges. */
pq_mask exchanges_discard(pq_mask dealt, int size, double temperature, struct pq_rng *rng);

#endif

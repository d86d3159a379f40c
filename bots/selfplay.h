/* selfplay.h - playing parties between strategies in one process, with no
 * protocol: each decision gets only the acting seat's view and legal
 * actions, exactly what a bot receives. For tests and for measuring the
 * reference players against each other quickly.
 */
#ifndef BOTS_SELFPLAY_H
#define BOTS_SELFPLAY_H

#include "engine/piquet/partie.h"
#include "engine/piquet/view.h"

struct selfplay_player {
    /* Returns the index of the chosen action among the n legal ones. */
    int (*choose)(void *ctx, const struct pq_view *view, const struct pq_action *legal, int n);
    void *ctx;
};

/* Plays a whole partie from `seed`, player A (players[0]) or B dealing
 * first, and leaves the finished partie in *out. */
void selfplay_partie(uint64_t seed, int first_dealer, const struct selfplay_player players[2],
                     struct pq_partie *out);

#endif

/* selfplay.c - in-process parties (selfplay.h). The legal list is a static
 * buffer per call site of the largest size an exchange can have.
 */
#include <assert.h>
#include <stddef.h>
#include "bots/selfplay.h"

void selfplay_partie(uint64_t seed, int first_dealer, const struct selfplay_player players[2],
                     struct pq_partie *out)
{
    static _Thread_local struct pq_action legal[PQ_MAX_LEGAL];
    struct pq_rules rules;
    pq_rules_default(&rules);
    pq_partie_init(out, &rules, seed, first_dealer);
    while (!out->over) {
        struct pq_view view;
        int player = pq_partie_to_act(out);
        int n = pq_deal_legal(&out->deal, legal, PQ_MAX_LEGAL);
        pq_view_build(&out->deal, out->deal.to_act, &view);
        int pick = players[player].choose(players[player].ctx, &view, legal, n);
        assert(pick >= 0 && pick < n);
        int rc = pq_partie_apply(out, &legal[pick], NULL, 0);
        assert(rc >= 0);
        (void)rc;
    }
}

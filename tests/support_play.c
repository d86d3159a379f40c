/* support_play.c - see support_play.h. */
#include "tests/support_play.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include "engine/rng.h"

void *support_play_until(const struct game *g, const struct game_setup *setup, uint64_t rng_seed,
                         int (*reached)(const void *state, int arg), int arg)
{
    char text[GAME_ACTION_MAX], err[160];
    void *state = malloc(g->state_size);
    struct pq_rng rng;
    cr_assert(state);
    cr_assert_eq(g->create(state, setup, err, sizeof err), 0, "%s: %s", g->name, err);
    pq_rng_seed(&rng, rng_seed);
    while (g->to_act(state) >= 0) {
        if (g->settle && g->settle(state) == GAME_DEAL_OVER) continue;
        if (reached(state, arg)) return state;
        int n = g->legal_count(state);
        cr_assert_gt(n, 0);
        int len = g->legal_text(state, (int)pq_rng_below(&rng, (uint32_t)n), text, sizeof text);
        cr_assert_neq(g->apply(state, text, len, err, sizeof err), GAME_ILLEGAL, "%s: '%s': %s", g->name, text, err);
    }
    free(state);
    return NULL;
}

/* test_game_apply_legal.c - game.h apply_legal: for every game that offers
 * it, at every player count, with the default rules and with each variant
 * flag set to each of its values, random playouts from fixed seeds where
 * every decision is applied both ways to copies of the state: the n-th
 * legal action by index, and the text legal_text gives for it through
 * apply. The results and the whole states (memcmp) must be identical, and
 * an index past the list must be refused without changing the state. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/game.h"
#include "engine/rng.h"

/* Plays `deals` deals of `g` at `players` with `rules`, checking every
 * decision; returns the number of decisions checked. */
static long check_playouts(const struct game *g, int players, const char *const *rules, int deals, uint64_t seed)
{
    void *state = malloc(g->state_size), *by_index = malloc(g->state_size), *by_text = malloc(g->state_size);
    char text[GAME_ACTION_MAX], err[256];
    struct pq_rng rng;
    long decisions = 0;
    cr_assert(state && by_index && by_text);
    pq_rng_seed(&rng, seed);
    struct game_setup setup = { players, seed, 0, rules, 0 };
    cr_assert_eq(g->create(state, &setup, err, sizeof err), 0, "%s: %s", g->name, err);
    for (int done = 0; done < deals;) {
        if (g->to_act(state) < 0) {   /* the match is over: the next one */
            setup.seed++;
            cr_assert_eq(g->create(state, &setup, err, sizeof err), 0, "%s: %s", g->name, err);
            continue;
        }
        if (g->settle && g->settle(state) == GAME_DEAL_OVER) {
            done++;
            continue;
        }
        int n = g->legal_count(state);
        cr_assert_gt(n, 0, "%s: no legal action", g->name);
        memcpy(by_index, state, g->state_size);
        cr_assert_eq(g->apply_legal(by_index, n), GAME_ILLEGAL, "%s: index %d of %d taken", g->name, n, n);
        cr_assert_eq(g->apply_legal(by_index, -1), GAME_ILLEGAL, "%s: index -1 taken", g->name);
        cr_assert_eq(memcmp(by_index, state, g->state_size), 0, "%s: a refused index changed the state", g->name);
        int pick = (int)pq_rng_below(&rng, (uint32_t)n);
        int len = g->legal_text(state, pick, text, sizeof text);
        cr_assert_geq(len, 0, "%s: legal_text %d", g->name, pick);
        memcpy(by_text, state, g->state_size);
        int rc_index = g->apply_legal(by_index, pick);
        int rc_text = g->apply(by_text, text, len, err, sizeof err);
        cr_assert_geq(rc_text, 0, "%s: '%s' refused: %s", g->name, text, err);
        cr_assert_eq(rc_index, rc_text, "%s: '%s' (index %d): apply_legal %d, apply %d", g->name, text, pick,
                     rc_index, rc_text);
        cr_assert_eq(memcmp(by_index, by_text, g->state_size), 0,
                     "%s players %d: '%s' (index %d of %d) leaves different states", g->name, players, text, pick, n);
        memcpy(state, by_index, g->state_size);
        done += rc_index == GAME_DEAL_OVER;
        decisions++;
    }
    free(state);
    free(by_index);
    free(by_text);
    return decisions;
}

Test(game_apply_legal, same_as_applying_the_text_by_default)
{
    int games = 0;
    for (int i = 0; game_modules[i]; i++) {
        const struct game *g = game_modules[i];
        if (!g->apply_legal) continue;
        games++;
        for (int p = g->min_players; p <= g->max_players; p++)
            cr_assert_gt(check_playouts(g, p, NULL, 1500, 7000u + (uint64_t)p), 1500);
    }
    cr_assert_geq(games, 6, "piquet, the three Belote modules, tarot and tarocchini offer apply_legal");
}

Test(game_apply_legal, same_as_applying_the_text_under_every_flag_value)
{
    for (int i = 0; game_modules[i]; i++) {
        const struct game *g = game_modules[i];
        if (!g->apply_legal) continue;
        for (int f = 0; f < g->n_flags; f++) {
            const struct game_flag *flag = &g->flags[f];
            if (!flag->values) continue;   /* a number flag of any value (deals, target): the match's length */
            for (int v = 0; flag->values[v]; v++) {
                char rule[96];
                snprintf(rule, sizeof rule, "%s=%s", flag->name, flag->values[v]);
                const char *rules[] = { rule, NULL };
                for (int p = g->min_players; p <= g->max_players; p++)
                    cr_assert_gt(check_playouts(g, p, rules, 150, 9000u + (uint64_t)(31 * f + v)), 150, "%s %s",
                                 g->name, rule);
            }
        }
    }
}

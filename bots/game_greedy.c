/* game_greedy.c - the greedy heuristic of each protocol-2 game, chosen by
 * the game its view names (game_greedy.h). */
#include "bots/game_greedy.h"

#include <stdio.h>
#include <string.h>
#include "bots/belote_strategy.h"
#include "bots/rebuild.h"
#include "bots/coinche_strategy.h"
#include "bots/tarocchini_strategy.h"
#include "bots/search.h"
#include "bots/tarot_strategy.h"
#include "bots/view_arena.h"
#include "engine/rng.h"

int game_greedy_choose(const cJSON *view, const char *const *legal, int n, char *answer, size_t cap, char *err,
                       size_t err_cap)
{
    struct belote_strategy seat;
    struct coinche_strategy coinche;
    struct tarot_strategy tarot;
    struct tarocchini_strategy taro;
    const char *game = cJSON_GetStringValue(cJSON_GetObjectItem(view, "game"));   /* each view names it */
    if (game && !strcmp(game, "tarot")) {
        if (tarot_strategy_read(&tarot, view, legal, n, err, err_cap) == 0)
            return tarot_strategy_choose(&tarot, legal, n, answer, cap);
    } else if (game && !strcmp(game, "coinche")) {
        if (coinche_strategy_read(&coinche, view, err, err_cap) == 0) return coinche_strategy_choose(&coinche, legal, n);
    } else if (game && !strcmp(game, "tarocchini")) {
        if (tarocchini_strategy_read(&taro, view, err, err_cap) == 0) return tarocchini_strategy_choose(&taro, legal, n);
    } else if (belote_strategy_read(&seat, view, err, err_cap) == 0) {
        return belote_strategy_choose(&seat, legal, n);
    }
    return 0;
}

enum { POLICY_LEGAL_MAX = 256 };

int game_greedy_policy(void *ctx, const struct game *g, const void *state, char *text, int cap)
{
    static char texts[POLICY_LEGAL_MAX][GAME_ACTION_MAX];   /* one playout at a time per process */
    const char *legal[POLICY_LEGAL_MAX];
    char err[160] = "";
    int n = g->legal_count(state), i = -2;
    (void)ctx;
    if (n > POLICY_LEGAL_MAX) n = POLICY_LEGAL_MAX;
    for (int a = 0; a < n; a++) {
        if (g->legal_text(state, a, texts[a], GAME_ACTION_MAX) < 0) return -2;
        legal[a] = texts[a];
    }
    int scoped = view_arena_open() == 0;   /* the view's nodes, dropped at once */
    cJSON *view = rebuild_view(g, state, g->to_act(state));
    if (view) i = game_greedy_choose(view, legal, n, text, (size_t)cap, err, sizeof err);
    if (!scoped || !view_arena_holds_all()) cJSON_Delete(view);
    if (scoped) view_arena_close();
    return err[0] ? -2 : i;
}

int game_greedy_bid_policy(void *ctx, const struct game *g, const void *state, char *text, int cap)
{
    uint64_t r = pq_rng_next(ctx);
    int i = g->playout ? g->playout(state, r >> 10) : -1;
    if (i >= 0) return (int)(r % 1000) < SEARCH_THUMB_RANDOM ? -2 : i;
    /* a Tarot discard (thousands of actions): greedy lists the first
     * POLICY_LEGAL_MAX and writes the discard it builds from the hand */
    return game_greedy_policy(NULL, g, state, text, cap);
}

int game_greedy_playouts_by_default(const struct game *g, int players)
{
    return g && !strcmp(g->name, "belote") && players == 2;
}

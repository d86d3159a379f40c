/* test_infer.c - worlds weighed by the others' card plays (bots/infer.h),
 * and what it needs of the engines (game.h sample): a sampled state's
 * pack deals its hands, so its deal replays from that pack through the
 * deal's actions. Real engine states of the games whose card plays are
 * all public, played by uniform random actions from seeded packs. Belote
 * is played without the exchange of the Seven of trumps (B13): its
 * question and a `keep` are seen by the holder alone, so a world may give
 * the Seven to a seat that was not asked (infer.c replays such worlds as
 * best it can); and no meld is declared, since the others see a meld's
 * class before its cards (B18-B20), which the world need not hold until
 * they are shown. What the others showed besides their card plays
 * (infer.h told: the dialogue, the Seven's unseen `keep`) is tested on
 * deals of Belote under its default rules, played by greedy's heuristic.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bots/game_greedy.h"
#include "bots/infer.h"
#include "bots/rebuild.h"
#include "engine/rng.h"

struct table {
    const char *game;
    int players;
    const char *const *rules;
};

static const char *const NO_SEVEN[] = { "seven_exchange=false", NULL };

static const struct table TABLES[] = {
    { "belote", 2, NO_SEVEN }, { "belote", 3, NO_SEVEN }, { "belote", 4, NO_SEVEN },
    { "belote-partnership", 4, NULL }, { "coinche", 4, NULL },
};

enum { PLIES = 400 };

/* A deal of `seed` played by random actions until `plays` card plays are
 * made (or the deal ends): the start, the state and the actions into
 * start, state and actions; the count of actions, -1 when the deal ended
 * first. */
static int random_deal(const struct game *g, const struct table *t, uint64_t seed, int plays, void *start,
                       void *state, char (*actions)[GAME_ACTION_MAX])
{
    char err[160];
    struct game_setup setup = { t->players, seed, 0, t->rules, 1 };
    struct pq_rng rng;
    cr_assert_eq(g->create(state, &setup, err, sizeof err), 0, "%s", err);
    memcpy(start, state, g->state_size);
    pq_rng_seed(&rng, seed);
    if (g->settle && g->settle(state) == GAME_DEAL_OVER) return -1;
    for (int n = 0, made = 0; n < PLIES; n++) {
        int legal = g->legal_count(state);
        cr_assert_gt(legal, 0);
        int len = g->legal_text(state, (int)pq_rng_below(&rng, (uint32_t)legal), actions[n], GAME_ACTION_MAX);
        if (!strncmp(actions[n], "meld ", 5) && g->find_legal(state, "meld", 4) >= 0)   /* see the top */
            len = snprintf(actions[n], GAME_ACTION_MAX, "meld");
        if (!strncmp(actions[n], "play ", 5) && made++ == plays) return n;
        if (g->apply(state, actions[n], len, err, sizeof err) != GAME_GOES_ON) return -1;
    }
    return -1;
}

/* Every seat's view of a equals its view of b. */
static void same_views(const struct game *g, const void *a, const void *b, const char *what)
{
    for (int p = 0; p < g->players(a); p++) {
        cJSON *x = rebuild_view(g, a, p), *y = rebuild_view(g, b, p);
        cr_assert(x && y);
        if (!cJSON_Compare(x, y, 1)) {
            char *tx = cJSON_PrintUnformatted(x), *ty = cJSON_PrintUnformatted(y);
            cr_assert_fail("%s: player %d sees\n%s\nthere and\n%s\nhere", what, p, tx, ty);
        }
        cJSON_Delete(x);
        cJSON_Delete(y);
    }
}

/* The deal of `world` replayed from its own pack through `actions`. */
static void replay(const struct game *g, const void *start, const void *world, char (*actions)[GAME_ACTION_MAX],
                   int n, void *out)
{
    char deck[GAME_DECK_TEXT], err[160];
    memcpy(out, start, g->state_size);
    cr_assert_gt(g->deck_text(world, deck, sizeof deck), 0);
    cr_assert_eq(g->set_deck(out, deck, err, sizeof err), 0, "%s", err);
    if (g->settle) cr_assert_eq(g->settle(out), GAME_GOES_ON);
    for (int i = 0; i < n; i++)
        cr_assert_eq(g->apply(out, actions[i], (int)strlen(actions[i]), err, sizeof err), GAME_GOES_ON,
                     "%s: action %d '%s' refused in the sampled pack: %s", g->name, i, actions[i], err);
}

Test(infer, a_sampled_state_s_pack_deals_its_hands)
{
    static char actions[PLIES][GAME_ACTION_MAX];
    for (size_t t = 0; t < sizeof TABLES / sizeof TABLES[0]; t++) {
        const struct game *g = game_find(TABLES[t].game);
        cr_assert(g);
        void *start = malloc(g->state_size), *state = malloc(g->state_size), *world = malloc(g->state_size),
             *again = malloc(g->state_size);
        int checked = 0;
        for (uint64_t seed = 1; seed <= 30; seed++) {
            int n = random_deal(g, &TABLES[t], seed, (int)(seed % 12), start, state, actions);
            if (n < 0) continue;
            int me = g->to_act(state);
            for (int k = 0; k < 4; k++) {
                cr_assert_eq(g->sample(world, state, me, seed * 8 + (uint64_t)k), 0);
                replay(g, start, world, actions, n, again);
                char what[96];
                snprintf(what, sizeof what, "%s %d, seed %llu, world %d", g->name, TABLES[t].players,
                         (unsigned long long)seed, k);
                same_views(g, world, again, what);
                checked++;
            }
        }
        cr_assert_gt(checked, 40, "%s %d: %d worlds", g->name, TABLES[t].players, checked);
        free(start);
        free(state);
        free(world);
        free(again);
    }
}

/* The real deal weighs `unlike` to the power of the others' card plays
 * with a choice that the rules of thumb would not have made, counted
 * here as the deal was played; no action, it weighs 1; an action no
 * world's cards can make (a card played twice), 0. */
Test(infer, the_real_deal_weighs_by_its_plays_unlike_the_habits)
{
    static char actions[PLIES][GAME_ACTION_MAX];
    char err[160];
    for (size_t t = 0; t < sizeof TABLES / sizeof TABLES[0]; t++) {
        const struct game *g = game_find(TABLES[t].game);
        void *start = malloc(g->state_size), *state = malloc(g->state_size), *scratch = malloc(g->state_size);
        int unlike_seen = 0;
        for (uint64_t seed = 1; seed <= 20; seed++) {
            struct game_setup setup = { TABLES[t].players, seed, 0, TABLES[t].rules, 1 };
            cr_assert_eq(g->create(state, &setup, err, sizeof err), 0, "%s", err);
            memcpy(start, state, g->state_size);
            if (g->settle && g->settle(state) == GAME_DEAL_OVER) continue;
            struct pq_rng rng;
            pq_rng_seed(&rng, seed);
            int n = 0, unlike[GAME_MAX_PLAYERS] = { 0 };
            /* random actions but for the melds (as above), to the 9th card play */
            for (int plays = 0; n < PLIES; n++) {
                int legal = g->legal_count(state);
                int len = g->legal_text(state, (int)pq_rng_below(&rng, (uint32_t)legal), actions[n], GAME_ACTION_MAX);
                if (!strncmp(actions[n], "meld ", 5) && g->find_legal(state, "meld", 4) >= 0)
                    len = snprintf(actions[n], GAME_ACTION_MAX, "meld");
                if (!strncmp(actions[n], "play ", 5) && plays++ == 9) break;
                if (!strncmp(actions[n], "play ", 5) && legal > 1 &&
                    g->playout(state, 0) != g->find_legal(state, actions[n], len))
                    unlike[g->to_act(state)]++;
                int rc = g->apply(state, actions[n], len, err, sizeof err);
                cr_assert_neq(rc, GAME_ILLEGAL, "%s", err);
                if (rc == GAME_DEAL_OVER) break;   /* all passed */
            }
            if (g->deal_number(state) != 1 || n == 0 || strncmp(actions[n], "play ", 5)) continue;
            int me = g->to_act(state), others = 0;
            for (int p = 0; p < g->players(state); p++) others += p == me ? 0 : unlike[p];
            struct infer in = { start, (const char (*)[GAME_ACTION_MAX])actions, n, 500, scratch, NULL, NULL, NULL };
            double want = 1;
            for (int k = 0; k < others; k++) want *= 0.5;
            cr_assert_float_eq(infer_weigh(&in, g, state, me, -1), want, 1e-12, "%s seed %llu: %d plays unlike",
                               g->name, (unsigned long long)seed, others);
            /* a floor at the weight asks for it whole; above it, anything below */
            cr_assert_float_eq(infer_weigh(&in, g, state, me, want), want, 1e-12);
            if (others > 0) cr_assert_lt(infer_weigh(&in, g, state, me, want * 1.5), want * 1.5);
            unlike_seen += others > 0;
            in.n = 0;
            cr_assert_float_eq(infer_weigh(&in, g, state, me, -1), 1.0, 1e-12);
            /* the first card played, played again last: refused */
            int first = 0;
            while (strncmp(actions[first], "play ", 5)) first++;
            cr_assert_lt(first, n - 1);
            in.n = n;
            memcpy(actions[n - 1], actions[first], GAME_ACTION_MAX);
            cr_assert_float_eq(infer_weigh(&in, g, state, me, -1), 0.0, 1e-12, "%s: '%s' taken", g->name, actions[first]);
        }
        cr_assert_gt(unlike_seen, 5, "%s: random plays unlike the habits in %d deals", g->name, unlike_seen);
        free(start);
        free(state);
        free(scratch);
    }
}

/* search.h weigh: a world weighing 1 is taken at once, one weighing 0
 * only after weigh_tries samples (the likeliest of them). */
static int weighed;
static double weigh_all(void *ctx, const struct game *g, const void *world, int player, double floor)
{
    (void)g;
    (void)world;
    (void)player;
    (void)floor;
    weighed++;
    return *(const double *)ctx;
}

Test(infer, a_search_samples_again_until_a_world_is_taken)
{
    static char actions[PLIES][GAME_ACTION_MAX];
    const struct game *g = game_find("coinche");
    void *start = malloc(g->state_size), *state = malloc(g->state_size);
    cr_assert_geq(random_deal(g, &TABLES[4], 3, 5, start, state, actions), 0);
    double weights[2] = { 1, 0 };
    for (int k = 0; k < 2; k++) {
        struct search_options o;
        struct search_stats stats;
        search_options_default(&o);
        o.worlds = 12;
        o.weigh = weigh_all;
        o.weigh_ctx = &weights[k];
        o.weigh_tries = 5;
        weighed = 0;
        cr_assert_geq(search_choose(&o, g, state, g->to_act(state), 7, 0, &stats), 0);
        cr_assert_eq(stats.worlds, 12);
        cr_assert_eq(weighed, k == 0 ? 12 : 60, "weight %g: %d worlds weighed", weights[k], weighed);
    }
    free(start);
    free(state);
}

/* The search's floor (search.h weigh) changes no decision: the same
 * card and value as a weigh that always replays the whole deal, on
 * deals of Belote at two and three and Coinche with the others' card
 * plays weighed by the rules of thumb; and the replays it stops short
 * save model calls. */
static long model_calls;
static double weigh_whole(void *ctx, const struct game *g, const void *world, int player, double floor)
{
    (void)floor;
    return infer_weigh(ctx, g, world, player, -1);
}

static int counting_model(void *ctx, const struct game *g, const void *state, char *text, int cap)
{
    (void)ctx;
    (void)text;
    (void)cap;
    model_calls++;
    return g->playout(state, 0);
}

Test(infer, the_search_s_floor_changes_no_decision, .timeout = 120)
{
    static char actions[PLIES][GAME_ACTION_MAX];
    static const struct search_policy model = { counting_model, NULL };
    static const int tables[] = { 0, 1, 4 };
    long calls[2] = { 0, 0 };
    int compared = 0;
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
        const struct game *g = game_find(TABLES[tables[t]].game);
        void *start = malloc(g->state_size), *state = malloc(g->state_size), *scratch = malloc(g->state_size);
        for (uint64_t seed = 1; seed <= 12; seed++) {
            int n = random_deal(g, &TABLES[tables[t]], seed, 6, start, state, actions);
            if (n < 0 || g->legal_count(state) < 2) continue;
            struct infer in = { start, (const char (*)[GAME_ACTION_MAX])actions, n, 0, scratch, &model, NULL, NULL };
            int chosen[2];
            double value[2];
            for (int k = 0; k < 2; k++) {
                struct search_options o;
                struct search_stats stats;
                search_options_default(&o);
                o.worlds = 24;
                o.weigh = k == 0 ? weigh_whole : infer_weigh;
                o.weigh_ctx = &in;
                o.weigh_tries = INFER_TRIES;
                model_calls = 0;
                chosen[k] = search_choose(&o, g, state, g->to_act(state), seed, 0, &stats);
                value[k] = stats.best_value;
                calls[k] += model_calls;
            }
            cr_assert_geq(chosen[0], 0);
            cr_assert_eq(chosen[1], chosen[0], "%s seed %llu", g->name, (unsigned long long)seed);
            cr_assert_float_eq(value[1], value[0], 1e-9, "%s seed %llu", g->name, (unsigned long long)seed);
            compared++;
        }
        free(start);
        free(state);
        free(scratch);
    }
    cr_assert_geq(compared, 20, "%d decisions compared", compared);
    cr_assert_lt(calls[1], calls[0], "the floor saved no model call: %ld against %ld", calls[1], calls[0]);
    cr_log_info("model calls: %ld with the floor, %ld without", calls[1], calls[0]);
}

/* A deal of Belote (default rules: the exchange of the Seven, melds)
 * played by greedy's heuristic at every seat to its `plays`-th card play
 * (0-based): its start, state and actions; their count, -1 when the deal
 * ended first. */
static int greedy_deal(const struct game *g, int players, uint64_t seed, int plays, void *start, void *state,
                       char (*actions)[GAME_ACTION_MAX])
{
    char err[160];
    struct game_setup setup = { players, seed, 0, NULL, 1 };
    cr_assert_eq(g->create(state, &setup, err, sizeof err), 0, "%s", err);
    memcpy(start, state, g->state_size);
    if (g->settle && g->settle(state) == GAME_DEAL_OVER) return -1;
    for (int n = 0, made = 0; n < PLIES; n++) {
        int i = game_greedy_policy(NULL, g, state, actions[n], GAME_ACTION_MAX);
        cr_assert_geq(i, 0);
        int len = g->legal_text(state, i, actions[n], GAME_ACTION_MAX);
        if (!strncmp(actions[n], "play ", 5) && made++ == plays) return n;
        if (g->apply(state, actions[n], len, err, sizeof err) != GAME_GOES_ON) return -1;
    }
    return -1;
}

/* The state before action `at` of the deal replayed from `world`'s pack
 * into out: 0, or -1 when the world's cards cannot make those actions. */
static int replay_to(const struct game *g, const void *start, const void *world, char (*actions)[GAME_ACTION_MAX],
                     int at, void *out)
{
    char deck[GAME_DECK_TEXT], err[160];
    memcpy(out, start, g->state_size);
    if (g->deck_text(world, deck, sizeof deck) <= 0 || g->set_deck(out, deck, err, sizeof err) < 0) return -1;
    if (g->settle && g->settle(out) != GAME_GOES_ON) return -1;
    for (int i = 0; i < at; i++)
        if (g->apply(out, actions[i], (int)strlen(actions[i]), err, sizeof err) != GAME_GOES_ON) return -1;
    return 0;
}

/* Whether the seat to act may declare a meld (a legal `meld` with cards). */
static int holds_meld(const struct game *g, const void *state)
{
    char text[GAME_ACTION_MAX];
    for (int k = 0, n = g->legal_count(state); k < n; k++)
        if (g->legal_text(state, k, text, sizeof text) > 5 && !strncmp(text, "meld ", 5)) return 1;
    return 0;
}

/* What the others showed besides their card plays (infer.h told):
 * Belote at two and three, every seat greedy's. The real deal weighs 1
 * (greedy made every action it saw). A world weighs no more than without
 * it; where a seat said `pass` in the trick-1 dialogue (greedy declares
 * any meld when nobody has yet) and holds a meld in the world, at most
 * `unlike` times as much. A world in which another seat holds the Seven
 * of trumps it was not seen to exchange (it kept it, which only it
 * sees, B41) weighs 0 without it (the deal asked nobody) and more with
 * it. */
Test(infer, what_the_others_showed_weighs_their_worlds_and_their_unseen_answers_follow, .timeout = 120)
{
    static char actions[PLIES][GAME_ACTION_MAX];
    static struct infer_told told[PLIES];
    static const struct search_policy greedy = { game_greedy_policy, NULL };
    const struct game *g = game_find("belote");
    void *start = malloc(g->state_size), *state = malloc(g->state_size), *scratch = malloc(g->state_size),
         *spare = malloc(g->state_size), *world = malloc(g->state_size), *at = malloc(g->state_size);
    int lower = 0, passes = 0, followed = 0, deals = 0;
    for (int players = 2; players <= 3; players++) {
        for (uint64_t seed = 1; seed <= 40; seed++) {
            int n = greedy_deal(g, players, seed, players + 1, start, state, actions);
            if (n < 0) continue;
            int me = g->to_act(state);
            struct infer in = { start, (const char (*)[GAME_ACTION_MAX])actions, n, 0, scratch, &greedy, NULL, spare };
            cr_assert_eq(infer_told(g, &in, me, told), 0);
            /* the seats that said `pass` at their trick-1 meld, and where */
            int pass_at[4] = { -1, -1, -1, -1 };
            for (int i = 0; i < n; i++) {
                if (strncmp(actions[i], "meld", 4) || replay_to(g, start, state, actions, i, at) < 0) continue;
                int seat = g->to_act(at);
                char err[160];
                cr_assert_eq(g->apply(at, actions[i], (int)strlen(actions[i]), err, sizeof err), GAME_GOES_ON);
                cJSON *view = rebuild_view(g, at, me);
                const cJSON *history = cJSON_GetObjectItem(view, "history");
                const char *say = cJSON_GetStringValue(
                    cJSON_GetObjectItem(cJSON_GetArrayItem(history, cJSON_GetArraySize(history) - 1), "say"));
                if (seat != me && say && !strcmp(say, "pass")) pass_at[seat] = i;
                cJSON_Delete(view);
            }
            in.told = told;
            cr_assert_float_eq(infer_weigh(&in, g, state, me, -1), 1.0, 1e-12, "players %d seed %llu: the real deal",
                               players, (unsigned long long)seed);
            for (int k = 0; k < 16; k++) {
                cr_assert_eq(g->sample(world, state, me, seed * 64 + (uint64_t)k), 0);
                in.told = NULL;
                double before = infer_weigh(&in, g, world, me, -1);
                in.told = told;
                double now = infer_weigh(&in, g, world, me, -1);
                if (before == 0) {
                    followed += now > 0;
                    continue;
                }
                cr_assert_leq(now, before + 1e-12, "players %d seed %llu world %d", players, (unsigned long long)seed, k);
                lower += now < before;
                for (int q = 0; q < players; q++) {
                    if (pass_at[q] < 0) continue;
                    cr_assert_eq(replay_to(g, start, world, actions, pass_at[q], at), 0);
                    if (!holds_meld(g, at)) continue;
                    cr_assert_leq(now, before * INFER_UNLIKE / 1000.0 + 1e-12,
                                  "players %d seed %llu world %d: seat %d said pass holding a meld", players,
                                  (unsigned long long)seed, k, q);
                    passes++;
                }
            }
            deals++;
        }
    }
    cr_log_info("%d deals: %d worlds weighed lower, %d holding a meld after a pass, %d followed", deals, lower, passes,
                followed);
    cr_assert_gt(deals, 40);
    cr_assert_gt(lower, 20);
    cr_assert_gt(passes, 10);
    cr_assert_gt(followed, 5);
    free(start);
    free(state);
    free(scratch);
    free(spare);
    free(world);
    free(at);
}

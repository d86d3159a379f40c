/* bench_search.c - `bench-search`: the speed of bot-search, in-process, on
 * one core, per game and player count (part of `make bench`):
 *   - the ending solver (search_solve) on endings of at most 8 actions
 *     (two tricks at four hands, four at two) from seeded random play:
 *     mean and worst time, beside plain minimax on the same endings (the
 *     baseline, measured in the same run);
 *   - the solver with its transposition table (search.h search_table) on
 *     tricks to lead with 8 cards in every hand where they solve in
 *     seconds, fewer elsewhere (table_cards): mean and worst time and the
 *     positions searched, a table of 2^20 entries cleared for each;
 *   - whole decisions as the bot makes them at its default budget (a state
 *     rebuilt from the view, then the search, its worlds weighed by the
 *     others' card plays where the bot weighs them: infer_by_default, and
 *     played out by greedy's heuristic where it does:
 *     game_greedy_playouts_by_default), per second, on card plays
 *     of seeded random play, beside the greedy heuristic deciding the same
 *     views (the baseline). Median of 3 runs; CPU time of the thread.
 * Usage: bench-search [--game NAME] [--cards N [--baseline]]
 *   --cards N     only the table's endings, of N cards a hand (--baseline:
 *                 beside the solver without its table or classes)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bots/game_greedy.h"
#include "bots/infer.h"
#include "bots/rebuild.h"
#include "bots/search.h"
#include "engine/rng.h"

enum { ENDINGS = 12, VIEWS = 12, RUNS = 3 };

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double minimax(const struct game *g, const void *state, int player, const long *before)
{
    char text[GAME_ACTION_MAX], err[160];
    int p = g->to_act(state), n = p >= 0 ? g->legal_count(state) : 0;
    if (p < 0 || n <= 0) return search_value(g, state, player, before);
    int maximise = g->team(state, p) == g->team(state, player);
    double best = maximise ? -1e300 : 1e300;
    void *child = malloc(g->state_size);
    if (!child) return 0;
    for (int i = 0; i < n; i++) {
        int len = g->legal_text(state, i, text, sizeof text);
        memcpy(child, state, g->state_size);
        int rc = g->apply(child, text, len, err, sizeof err);
        double v = rc == GAME_DEAL_OVER ? search_value(g, child, player, before) : minimax(g, child, player, before);
        if (maximise ? v > best : v < best) best = v;
    }
    free(child);
    return best;
}

/* Whether the player to act plays a card and the deal ends within `plies`
 * actions along the first legal line (at least 3). */
static int ending_within(const struct game *g, const void *state, void *scratch, int plies)
{
    char text[GAME_ACTION_MAX], err[160];
    int rc = GAME_GOES_ON, left = 0;
    g->legal_text(state, 0, text, sizeof text);
    if (strncmp(text, "play ", 5)) return 0;
    memcpy(scratch, state, g->state_size);
    while (rc == GAME_GOES_ON && left <= plies) {
        int len = g->legal_text(scratch, 0, text, sizeof text);
        rc = g->apply(scratch, text, len, err, sizeof err);
        left++;
    }
    return rc == GAME_DEAL_OVER && left <= plies && left >= 3;
}

/* Whether the player to act leads a trick with `cards` cards in every hand
 * (the card plays left along the first legal line: cards x players). */
static int hands_of(const struct game *g, const void *state, void *scratch, int cards)
{
    char text[GAME_ACTION_MAX], err[160];
    int rc = GAME_GOES_ON, plays = 0, players = g->players(state);
    g->legal_text(state, 0, text, sizeof text);
    if (strncmp(text, "play ", 5)) return 0;
    memcpy(scratch, state, g->state_size);
    while (rc == GAME_GOES_ON && plays <= cards * players) {
        int len = g->legal_text(scratch, 0, text, sizeof text);
        plays += !strncmp(text, "play ", 5);
        rc = g->apply(scratch, text, len, err, sizeof err);
    }
    return rc == GAME_DEAL_OVER && plays == cards * players;
}

/* States of seeded random play: endings of at most 8 actions (ending =
 * 1), tricks to lead with `ending` cards a hand (ending > 1), or card
 * plays with more than one choice (0); their count. */
static int collect(const struct game *g, int players, int ending, void *states, int max)
{
    char text[GAME_ACTION_MAX], err[160];
    void *scratch = malloc(g->state_size);
    int n = 0;
    for (uint64_t seed = 1; n < max && seed < 400 && scratch; seed++) {
        void *state = (char *)states + (size_t)n * g->state_size;
        struct game_setup setup = { players, seed, 0, NULL, 0 };
        struct pq_rng rng;
        if (g->create(state, &setup, err, sizeof err) < 0) break;
        pq_rng_seed(&rng, seed);
        int skip = (int)(seed % 7);
        for (int ply = 0; ply < 3000; ply++) {
            if (g->settle && g->settle(state) == GAME_DEAL_OVER) continue;
            if (g->to_act(state) < 0) break;
            g->legal_text(state, 0, text, sizeof text);
            int found = ending == 1 ? ending_within(g, state, scratch, 8)
                        : ending > 1 ? hands_of(g, state, scratch, ending)
                                     : !strncmp(text, "play ", 5) && g->legal_count(state) > 1 && skip-- <= 0;
            if (found) {
                n++;
                break;
            }
            int k = g->legal_count(state);
            int len = g->legal_text(state, (int)pq_rng_below(&rng, (uint32_t)k), text, sizeof text);
            g->apply(state, text, len, err, sizeof err);
        }
    }
    free(scratch);
    return n;
}

static void bench_solver(const struct game *g, int players)
{
    void *states = malloc((size_t)ENDINGS * g->state_size);
    double mean[2][RUNS], worst[2] = { 0, 0 };
    long nodes = 0;
    int n = states ? collect(g, players, 1, states, ENDINGS) : 0;
    if (n == 0) {
        free(states);
        return;
    }
    for (int r = 0; r < RUNS; r++)
        for (int exact = 0; exact < 2; exact++) {
            double total = 0;
            for (int i = 0; i < n; i++) {
                const void *s = (const char *)states + (size_t)i * g->state_size;
                long before[GAME_MAX_PLAYERS];
                g->scores(s, before);
                double t = now_s();
                if (exact) search_solve(g, s, g->to_act(s), before, NULL, &nodes);
                else minimax(g, s, g->to_act(s), before);
                t = now_s() - t;
                total += t;
                if (t > worst[exact]) worst[exact] = t;
            }
            mean[exact][r] = total / n;
        }
    qsort(mean[0], RUNS, sizeof(double), cmp_double);
    qsort(mean[1], RUNS, sizeof(double), cmp_double);
    printf("%-20s players %d  solver on %2d endings of <= 8 actions: mean %8.1f us, worst %8.1f us "
           "(plain minimax: mean %8.1f us, worst %8.1f us)\n",
           g->name, players, n, mean[1][RUNS / 2] * 1e6, worst[1] * 1e6, mean[0][RUNS / 2] * 1e6, worst[0] * 1e6);
    free(states);
}

/* The solver with its transposition table and equivalent cards on tricks
 * to lead with `cards` cards in every hand: mean and worst time and mean
 * positions, a fresh table for every solve (beside the same solver
 * without either, the baseline, where `baseline`: it is exponential in
 * the cards). */
static void bench_table(const struct game *g, int players, int cards, int baseline)
{
    void *states = malloc((size_t)ENDINGS * g->state_size);
    struct search_table *table = search_table_new(20);
    double mean[2][RUNS], worst[2] = { 0, 0 };
    long nodes[2] = { 0, 0 };
    struct game bare = *g;   /* the baseline: every card tried, no table */
    bare.play_classes = NULL;
    int n = states && table ? collect(g, players, cards, states, ENDINGS) : 0;
    if (n == 0) {
        free(states);
        search_table_free(table);
        return;
    }
    for (int r = 0; r < RUNS; r++)
        for (int tabled = baseline ? 0 : 1; tabled < 2; tabled++) {
            double total = 0;
            for (int i = 0; i < n; i++) {
                const void *s = (const char *)states + (size_t)i * g->state_size;
                long before[GAME_MAX_PLAYERS], visited = 0;
                g->scores(s, before);
                search_table_clear(table);
                double t = now_s();
                search_solve(tabled ? g : &bare, s, g->to_act(s), before, tabled ? table : NULL, &visited);
                t = now_s() - t;
                total += t;
                if (t > worst[tabled]) worst[tabled] = t;
                if (r == 0) nodes[tabled] += visited;
            }
            mean[tabled][r] = total / n;
        }
    qsort(mean[1], RUNS, sizeof(double), cmp_double);
    printf("%-20s players %d  solver with its table, %2d endings of %d cards a hand: mean %9.2f ms, worst %9.2f ms, "
           "%9.0f positions",
           g->name, players, n, cards, mean[1][RUNS / 2] * 1e3, worst[1] * 1e3, (double)nodes[1] / n);
    if (baseline) {
        qsort(mean[0], RUNS, sizeof(double), cmp_double);
        printf(" (without table or classes: mean %9.2f ms, worst %9.2f ms, %9.0f positions)", mean[0][RUNS / 2] * 1e3, worst[0] * 1e3,
               (double)nodes[0] / n);
    }
    printf("\n");
    free(states);
    search_table_free(table);
}

static void bench_decisions(const struct game *g, int players)
{
    void *states = malloc((size_t)VIEWS * g->state_size), *rebuilt = malloc(g->state_size);
    double rate[2][RUNS];
    int n = states && rebuilt ? collect(g, players, 0, states, VIEWS) : 0, rebuilt_ok = 0;
    struct search_options options;
    static char replay_actions[1024][GAME_ACTION_MAX];
    static const struct search_policy greedy_model = { game_greedy_policy, NULL };
    struct rebuild_replay replay = { malloc(g->state_size), replay_actions, 0, 1024 };
    void *scratch = malloc(g->state_size), *spare = malloc(g->state_size);
    static struct infer_told told[1024];
    search_options_default(&options);
    options.table = search_table_new(0);   /* as bot-search keeps one */
    cJSON *views[VIEWS];
    for (int i = 0; i < n; i++) {
        const void *s = (const char *)states + (size_t)i * g->state_size;
        views[i] = rebuild_view(g, s, g->to_act(s));
    }
    for (int r = 0; r < RUNS && n > 0; r++)
        for (int searched = 0; searched < 2; searched++) {
            double t = now_s();
            rebuilt_ok = 0;
            for (int i = 0; i < n; i++) {
                const void *s = (const char *)states + (size_t)i * g->state_size;
                int p = g->to_act(s), k = g->legal_count(s);
                char err[256], answer[GAME_ACTION_MAX];
                if (searched) {
                    /* the bot's weighing of its worlds where it is the default */
                    struct rebuild_table table = { g, players, NULL };
                    struct rebuild_cache cache;
                    struct search_options o = options;
                    struct infer weighed = { replay.start, (const char (*)[GAME_ACTION_MAX])replay.actions, 0, 0, scratch,
                                             &greedy_model, NULL, spare };
                    rebuild_cache_init(&cache);
                    cache.replay = &replay;
                    if (rebuild_state_cached(rebuilt, &table, views[i], p, (uint64_t)i, 0, &cache, 0, NULL, err,
                                             sizeof err) == 0) {
                        rebuilt_ok++;
                        weighed.n = replay.n;
                        if (game_greedy_playouts_by_default(g, players)) o.policy = &greedy_model;
                        if (infer_by_default(g, players) && replay.n > 0) {
                            if (spare && infer_told(g, &weighed, p, told) == 0) weighed.told = told;
                            o.weigh = infer_weigh;
                            o.weigh_ctx = &weighed;
                            o.weigh_tries = INFER_TRIES;
                        }
                        search_choose(&o, g, rebuilt, p, (uint64_t)i, 0, NULL);
                    }
                    rebuild_cache_clear(&cache);
                } else {
                    static char texts[256][GAME_ACTION_MAX];
                    const char *legal[256];
                    for (int a = 0; a < k && a < 256; a++) {
                        g->legal_text(s, a, texts[a], GAME_ACTION_MAX);
                        legal[a] = texts[a];
                    }
                    game_greedy_choose(views[i], legal, k < 256 ? k : 256, answer, sizeof answer, err, sizeof err);
                }
            }
            rate[searched][r] = n / (now_s() - t);
        }
    if (n > 0) {
        qsort(rate[0], RUNS, sizeof(double), cmp_double);
        qsort(rate[1], RUNS, sizeof(double), cmp_double);
        printf("%-20s players %d  card plays at the default budget: %8.1f decisions/s, %d of %d rebuilt "
               "(greedy on the same views: %8.0f decisions/s)\n",
               g->name, players, rate[1][RUNS / 2], rebuilt_ok, n, rate[0][RUNS / 2]);
    }
    for (int i = 0; i < n; i++) cJSON_Delete(views[i]);
    free(replay.start);
    free(scratch);
    free(spare);
    search_table_free(options.table);
    free(states);
    free(rebuilt);
}

/* The hand size of the table's endings in `make bench`: 8 cards a hand
 * where 12 endings solve in about a minute on this machine, else the
 * largest that does. Measured 2026-11-27 (afternoon: the cards ordered by
 * the rules of thumb, null windows, two entries a bucket): 8 cards take
 * 1-320 ms on average in Belote at two, Marseillaise, Coinche and Tarot at
 * three and four, 1.3 s in Tarocchini (its rules of thumb order the cards
 * since 2026-11-27); 7 cards 0.2-0.7 s in Partnership (8: 11.7 s, one
 * ending 123 s; its trick-1 melds widen the first trick), Tarot at five
 * and Belote at three (max^n, no cut-offs); Belote at four (max^n) 5
 * cards 0.2 s, 6 cards 4.6 s. One card more costs about ten times as
 * much. */
static int table_cards(const char *name, int players)
{
    if (!strcmp(name, "belote-partnership")) return 7;
    if (!strcmp(name, "belote")) return players == 2 ? 8 : players == 3 ? 7 : 5;
    if (!strcmp(name, "tarot")) return players == 5 ? 7 : 8;
    return 8;
}

int main(int argc, char **argv)
{
    const char *only = NULL;
    int cards = 0, baseline = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--game") && i + 1 < argc) only = argv[++i];
        else if (!strcmp(argv[i], "--cards") && i + 1 < argc) cards = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--baseline")) baseline = 1;
        else {
            int help = !strcmp(argv[i], "--help");
            fprintf(help ? stdout : stderr, "usage: bench-search [--game NAME] [--cards N [--baseline]]\n"
                                            "  --game NAME   one game (default: every game)\n"
                                            "  --cards N     only the solver with its table on endings of N cards a\n"
                                            "                hand (--baseline: beside the solver without it or classes)\n");
            return help ? 0 : 2;
        }
    }
    for (int m = 0; game_modules[m]; m++) {
        const struct game *g = game_modules[m];
        if (only && strcmp(g->name, only)) continue;
        for (int players = g->min_players; players <= g->max_players; players++) {
            if (cards > 0) {
                if (g->position) bench_table(g, players, cards, baseline);
                fflush(stdout);
                continue;
            }
            bench_solver(g, players);
            if (g->position) bench_table(g, players, table_cards(g->name, players), 0);
            if (strcmp(g->name, "piquet")) bench_decisions(g, players);
            fflush(stdout);
        }
    }
    return 0;
}

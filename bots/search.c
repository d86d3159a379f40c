/* search.c - determinised flat Monte-Carlo search over any game
 * (search.h). Worlds come from the game's own sampler; playouts are
 * uniform random legal actions to the end of the deal, or the caller's
 * policy's. States are copied
 * with memcpy (game.h: a clone is a copy); the search owns its buffers.
 */
#include "bots/search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "engine/rng.h"

enum { PLAYOUT_PLIES = 4000 };   /* a bound no deal reaches */

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

void search_options_default(struct search_options *out)
{
    memset(out, 0, sizeof *out);
    out->seed = 1;
    out->worlds = 256;
    out->exact_plies = SEARCH_EXACT_PLIES;
    out->thumb = 1;
    out->thumb_random = SEARCH_THUMB_RANDOM;
}

int search_parse_budget(struct search_options *self, const char *text)
{
    char *end;
    long n = strtol(text, &end, 10);
    if (end == text || n <= 0 || n > 10000000) return -1;
    if (!strcmp(end, "ms")) {
        self->ms = (int)n;
        return 0;
    }
    if (*end) return -1;
    self->worlds = (int)n;
    self->ms = 0;
    return 0;
}

double search_value(const struct game *g, const void *state, int player, const long *before)
{
    long totals[GAME_MAX_PLAYERS];
    int n = g->players(state), others = 0;
    double theirs = 0;
    g->scores(state, totals);
    int team = g->team(state, player);
    for (int p = 0; p < n; p++)
        if (g->team(state, p) != team) {
            theirs += (double)(totals[p] - before[p]);
            others++;
        }
    double mine = (double)(totals[player] - before[player]);
    return others ? mine - theirs / others : mine;
}

/* Applies the n-th legal action (game.h apply_legal where the game has it). */
static int apply_nth(const struct game *g, void *state, int n)
{
    char text[GAME_ACTION_MAX], err[160];
    if (g->apply_legal) return g->apply_legal(state, n);
    int len = g->legal_text(state, n, text, sizeof text);
    return len < 0 ? GAME_ILLEGAL : g->apply(state, text, len, err, sizeof err);
}

/* Actions until the deal (or the match) ends: the policy's for its first
 * plies, uniform random ones after (or where it cannot decide); without
 * a policy, the game's rules of thumb where it has them and `thumb`. */
static void playout(const struct game *g, void *state, struct pq_rng *rng, const struct search_options *o)
{
    char text[GAME_ACTION_MAX], err[160];
    const struct search_policy *policy = o->policy;
    int policy_plies = o->policy_plies, thumb = !policy && o->thumb && g->playout;
    for (int ply = 0; ply < PLAYOUT_PLIES && g->to_act(state) >= 0; ply++) {
        int n = g->legal_count(state), i = -2, rc, len = 0;
        if (n <= 0) return;
        if (thumb && n > 1) {
            uint64_t r = pq_rng_next(rng);
            if (o->thumb_random <= 0 || (int)(r % 1000) >= o->thumb_random) {
                i = g->playout(state, r >> 10);
                if (i < 0 || i >= n) i = -2;
            }
        } else if (policy && (policy_plies <= 0 || ply < policy_plies)) {
            i = n == 1 ? 0 : policy->choose(policy->ctx, g, state, text, sizeof text);
            if (i >= n) i = -2;
            if (i == -1) len = (int)strnlen(text, sizeof text);
        }
        if (i == -2) i = (int)pq_rng_below(rng, (uint32_t)n);
        if (i >= 0) rc = apply_nth(g, state, i);
        else if (len > 0) rc = g->apply(state, text, len, err, sizeof err);
        else return;
        if (rc != GAME_GOES_ON) return;   /* the deal is over (or a bug: stop) */
    }
}

static double solve(const struct game *g, const void *state, int player, const long *before, double alpha,
                    double beta, long *nodes, int depth)
{
    int p = g->to_act(state), n = p >= 0 ? g->legal_count(state) : 0;
    (*nodes)++;
    if (p < 0 || n <= 0 || depth > PLAYOUT_PLIES) return search_value(g, state, player, before);
    int maximise = g->team(state, p) == g->team(state, player);
    double best = maximise ? -1e300 : 1e300;
    void *child = malloc(g->state_size);
    if (!child) return search_value(g, state, player, before);   /* out of memory: the deal so far */
    for (int i = 0; i < n; i++) {
        memcpy(child, state, g->state_size);
        int rc = apply_nth(g, child, i);
        if (rc == GAME_ILLEGAL) continue;
        double v = rc == GAME_DEAL_OVER ? search_value(g, child, player, before)
                                        : solve(g, child, player, before, alpha, beta, nodes, depth + 1);
        if (rc == GAME_DEAL_OVER) (*nodes)++;
        if (maximise ? v > best : v < best) best = v;
        if (maximise && best > alpha) alpha = best;
        if (!maximise && best < beta) beta = best;
        if (alpha >= beta) break;
    }
    free(child);
    return best;
}

/* Max^n: each player to act takes the action best for himself
 * (search_value), ties to the first listed; out[p] is player p's value of
 * the line so chosen. */
static void solve_maxn(const struct game *g, const void *state, const long *before, double *out, long *nodes,
                       int depth)
{
    int p = g->to_act(state), n = p >= 0 ? g->legal_count(state) : 0, players = g->players(state);
    (*nodes)++;
    if (p < 0 || n <= 0 || depth > PLAYOUT_PLIES) {
        for (int q = 0; q < players; q++) out[q] = search_value(g, state, q, before);
        return;
    }
    void *child = malloc(g->state_size);
    int found = 0;
    if (!child) {
        for (int q = 0; q < players; q++) out[q] = search_value(g, state, q, before);
        return;
    }
    for (int i = 0; i < n; i++) {
        double v[GAME_MAX_PLAYERS];
        memcpy(child, state, g->state_size);
        int rc = apply_nth(g, child, i);
        if (rc == GAME_ILLEGAL) continue;
        if (rc == GAME_DEAL_OVER) {
            (*nodes)++;
            for (int q = 0; q < players; q++) v[q] = search_value(g, child, q, before);
        } else {
            solve_maxn(g, child, before, v, nodes, depth + 1);
        }
        if (!found || v[p] > out[p]) memcpy(out, v, (size_t)players * sizeof *v);
        found = 1;
    }
    if (!found)
        for (int q = 0; q < players; q++) out[q] = search_value(g, state, q, before);
    free(child);
}

double search_solve(const struct game *g, const void *state, int player, const long *before, long *nodes)
{
    long none = 0;
    if (g->teams(state) > 2) {
        double out[GAME_MAX_PLAYERS];
        solve_maxn(g, state, before, out, nodes ? nodes : &none, 0);
        return out[player];
    }
    return solve(g, state, player, before, -1e300, 1e300, nodes ? nodes : &none, 0);
}

/* The number of actions to the end of the deal when every player plays
 * its first legal action: the length of any line in a trick game, where
 * every line plays the same cards. */
static int plies_left(const struct game *g, const void *state, void *scratch, int cap)
{
    char text[GAME_ACTION_MAX], err[160];
    memcpy(scratch, state, g->state_size);
    for (int ply = 0; ply <= cap; ply++) {
        if (g->to_act(scratch) < 0) return ply;
        int len = g->legal_text(scratch, 0, text, sizeof text);
        if (len < 0) return cap + 1;
        int rc = g->apply(scratch, text, len, err, sizeof err);
        if (rc == GAME_DEAL_OVER) return ply + 1;
        if (rc == GAME_ILLEGAL) return cap + 1;
    }
    return cap + 1;
}

int search_choose(const struct search_options *options, const struct game *g, const void *state, int player,
                  uint64_t seed, double cap_ms, struct search_stats *stats)
{
    int n = g->legal_count(state), best = -1;
    size_t size = g->state_size;
    char (*texts)[GAME_ACTION_MAX] = NULL;
    int *lens = NULL;
    double *sum = NULL;
    void *world = malloc(size), *child = malloc(size);
    long before[GAME_MAX_PLAYERS];
    struct search_stats none;
    struct pq_rng rng;
    char err[160];
    if (!stats) stats = &none;
    memset(stats, 0, sizeof *stats);
    if (n <= 0 || !world || !child) goto out;
    texts = malloc((size_t)n * sizeof *texts);
    lens = malloc((size_t)n * sizeof *lens);
    sum = calloc((size_t)n, sizeof *sum);
    if (!texts || !lens || !sum) goto out;
    for (int i = 0; i < n; i++) lens[i] = g->legal_text(state, i, texts[i], GAME_ACTION_MAX);
    if (n == 1) {
        best = 0;
        goto out;
    }
    g->scores(state, before);
    int exact = options->exact_plies > 0 && plies_left(g, state, child, options->exact_plies) <= options->exact_plies;
    pq_rng_seed(&rng, pq_rng_mix(options->seed, seed));
    double start = now_ms(), limit = options->ms > 0 ? options->ms : 0;
    if (cap_ms > 0 && (limit == 0 || cap_ms < limit)) limit = cap_ms;
    for (int round = 0;; round++) {
        if (options->ms <= 0 && round >= options->worlds) break;
        if (round > 0 && limit > 0 && now_ms() - start >= limit) break;
        uint64_t world_seed = pq_rng_next(&rng), luck = pq_rng_next(&rng);
        if (g->sample(world, state, player, world_seed) < 0) memcpy(world, state, size);
        for (int i = 0; i < n; i++) {
            struct pq_rng later;
            memcpy(child, world, size);
            int rc = lens[i] < 0 ? GAME_ILLEGAL : g->apply(child, texts[i], lens[i], err, sizeof err);
            if (rc == GAME_ILLEGAL) {
                sum[i] -= 1e9;   /* never chosen: the engine listed it, so this is a bug */
                continue;
            }
            if (rc == GAME_DEAL_OVER) {   /* the last card: the next deal is not this search's */
                sum[i] += search_value(g, child, player, before);
            } else if (exact) {
                sum[i] += search_solve(g, child, player, before, NULL);
            } else {
                pq_rng_seed(&later, luck);
                playout(g, child, &later, options);
                sum[i] += search_value(g, child, player, before);
            }
            stats->playouts++;
        }
        stats->worlds++;
    }
    best = 0;
    for (int i = 1; i < n; i++)
        if (sum[i] > sum[best]) best = i;
    stats->best_value = stats->worlds ? sum[best] / stats->worlds : 0;
out:
    free(texts);
    free(lens);
    free(sum);
    free(world);
    free(child);
    return best;
}

/* search.c - determinised flat Monte-Carlo search over any game
 * (search.h). Worlds come from the game's own sampler; playouts are the
 * game's rules of thumb, uniform random legal actions, or the caller's
 * policy's; endings are solved by alpha-beta (max^n beyond two sides) with
 * a transposition table; information-set MCTS is the measured alternative.
 * States are copied with memcpy (game.h: a clone is a copy); the search
 * owns its buffers.
 */
#include "bots/search.h"

#include <math.h>
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
    out->deals_left = -1;
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

uint64_t search_hash_more(uint64_t h, const char *text, size_t len)
{
    for (size_t k = 0; k < len; k++) h = (h ^ (unsigned char)text[k]) * 1099511628211u;   /* FNV-1a */
    return h;
}

uint64_t search_text_hash(const char *text, size_t len)
{
    return search_hash_more(SEARCH_HASH_START, text, len);
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

double search_match_value(const struct search_options *o, const struct game *g, const void *state, int player,
                          const long *before, const double *exact)
{
    long totals[GAME_MAX_PLAYERS];
    int n = g->players(state), team = g->team(state, player), others = 0;
    double spread = o->deal_sd * sqrt(o->deals_left + 0.25), chances = 0;
    if (!exact) g->scores(state, totals);
    for (int q = 0; q < n; q++) {
        if (g->team(state, q) == team) continue;
        double margin = exact ? *exact : (double)(totals[player] - before[player]) - (double)(totals[q] - before[q]);
        double lead = (double)(o->match_totals[player] - o->match_totals[q]) + margin;
        chances += spread > 0 ? 0.5 * erfc(-lead / (spread * 1.4142135623730951)) : lead > 0 ? 1 : lead < 0 ? 0 : 0.5;
        others++;
    }
    return others ? chances / others : 0.5;
}

/* A deal's outcome valued as the options ask: search_value's points, or
 * for the match (search_match_value); exact: an ending's solved points. */
static double outcome(const struct search_options *o, const struct game *g, const void *state, int player,
                      const long *before, const double *exact)
{
    if (o->deals_left < 0) return exact ? *exact : search_value(g, state, player, before);
    return search_match_value(o, g, state, player, before, exact);
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

/* ---- the ending solver ---- */

enum { TABLE_EXACT = 1, TABLE_LOWER, TABLE_UPPER, STACK_PLIES = 128, CLASSES_MAX = 256 };

/* The width of a null window (principal variation search): far below any
 * two values' difference, a point divided among at most 5 players. */
#define NULL_WINDOW 1e-6

/* 24 bytes, so that more of the table stays in the caches: a look-up that
 * misses them costs more than a node's copy of the state. */
struct table_entry {
    uint64_t key;
    double value;               /* alpha-beta's value or bound */
    uint32_t generation;        /* the table's when written; 0: empty */
    uint8_t bound, best;        /* TABLE_*; the best action's index */
    uint8_t depth;              /* plies from the solve's root when written (capped) */
};

struct search_table {
    struct table_entry *entries;
    double (*values)[GAME_MAX_PLAYERS];   /* max^n's, beside the entries (made when first needed) */
    uint64_t mask;
    uint32_t generation;
    size_t state_size;          /* of the states on the stack */
    unsigned char *stack;       /* a state per depth, so that a node copies into its own */
};

struct search_table *search_table_new(int log2_entries)
{
    if (log2_entries <= 0) log2_entries = SEARCH_TABLE_LOG2;
    if (log2_entries < 12) log2_entries = 12;
    if (log2_entries > 26) log2_entries = 26;
    struct search_table *self = calloc(1, sizeof *self);
    if (!self) return NULL;
    self->entries = calloc((size_t)1 << log2_entries, sizeof *self->entries);
    if (!self->entries) {
        free(self);
        return NULL;
    }
    self->mask = ((uint64_t)1 << log2_entries) - 1;
    self->generation = 1;
    return self;
}

void search_table_clear(struct search_table *self)
{
    if (++self->generation == 0) {   /* wrapped: every entry is old again */
        memset(self->entries, 0, (size_t)(self->mask + 1) * sizeof *self->entries);
        self->generation = 1;
    }
}

void search_table_free(struct search_table *self)
{
    if (!self) return;
    free(self->entries);
    free(self->values);
    free(self->stack);
    free(self);
}

/* One solve: the game, whose value, and the table (may be NULL). */
struct solver {
    const struct game *g;
    int player;
    const long *before;
    struct search_table *table;
    long *nodes;
};

/* A buffer for the children of a node at `depth`: the table's stack, or
 * one allocated into *owned (freed by the caller). NULL: out of memory. */
static void *child_buffer(struct solver *s, int depth, void **owned)
{
    struct search_table *t = s->table;
    size_t size = s->g->state_size;
    *owned = NULL;
    if (t && depth < STACK_PLIES) {
        if (t->state_size != size) {
            free(t->stack);
            t->stack = malloc(size * STACK_PLIES);
            t->state_size = t->stack ? size : 0;
        }
        if (t->stack) return t->stack + (size_t)depth * size;
    }
    return *owned = malloc(size);
}

/* The table's entry for `state` at `depth` plies from the root, *key set
 * (0 and NULL: no table, no key). Two entries share a bucket: the one that
 * holds the key, else the one to write over: the first unless it was
 * written nearer the root (a bigger search to lose) than `depth`, then the
 * second, which always gives way. */
static struct table_entry *entry_for(struct solver *s, const void *state, int depth, uint64_t *key)
{
    *key = 0;
    if (!s->table || !s->g->position || !(*key = s->g->position(state))) return NULL;
    struct table_entry *b = &s->table->entries[*key & s->table->mask & ~(uint64_t)1];
    uint32_t now = s->table->generation;
    for (int k = 0; k < 2; k++)
        if (b[k].generation == now && b[k].key == *key) return &b[k];
    return b[0].generation != now || b[0].depth >= depth ? &b[0] : &b[1];
}

static int entry_holds(const struct solver *s, const struct table_entry *e, uint64_t key)
{
    return e && e->generation == s->table->generation && e->key == key;
}

/* The order in which actions are tried: the remembered best first, then
 * the others in legal order. */
static int nth_tried(int k, int first)
{
    return k == 0 ? first : k <= first ? k - 1 : k;
}

/* The game's equivalent cards (game.h play_classes) into cls: 1 when it
 * gave them (then only an action with cls[i] == i need be tried: the
 * others of its class lead to the same values), 0 when every action is to
 * be tried. */
static int classes(const struct game *g, const void *state, uint8_t *cls, int n)
{
    return g->play_classes && n <= CLASSES_MAX && g->play_classes(state, cls, n) == 0;
}

/* Whether q plays for p's side: their side of the card play where the
 * game has one (game.h side), else their team. */
static int same_side(const struct game *g, const void *state, int p, int q)
{
    int a = g->side ? g->side(state, p) : -1;
    if (a >= 0) return g->side(state, q) == a;
    return g->team(state, p) == g->team(state, q);
}

/* The action to try first where the table has none: the rules of
 * thumb's card (game.h playout), the best more often than the first
 * listed, so more cut-offs; else the first. */
static int likely_best(const struct game *g, const void *state, int n)
{
    int i = g->playout ? g->playout(state, 0) : -1;
    return i >= 0 && i < n ? i : 0;
}

/* Alpha-beta (fail-soft) between `player`'s side, maximising, and the
 * other. A table entry is a bound or the exact value of its position,
 * depending on the window it was searched with. */
static double solve(struct solver *s, const void *state, double alpha, double beta, int depth)
{
    const struct game *g = s->g;
    int p = g->to_act(state), n = p >= 0 ? g->legal_count(state) : 0, first = 0;
    (*s->nodes)++;
    if (p < 0 || n <= 0 || depth > PLAYOUT_PLIES) return search_value(g, state, s->player, s->before);
    uint64_t key;
    struct table_entry *e = entry_for(s, state, depth, &key);
    if (entry_holds(s, e, key)) {
        double v = e->value;
        if (e->bound == TABLE_EXACT) return v;
        if (e->bound == TABLE_LOWER && v > alpha) alpha = v;
        if (e->bound == TABLE_UPPER && v < beta) beta = v;
        if (alpha >= beta) return v;
        if (e->best < n) first = e->best;
    } else if (n > 1) {
        first = likely_best(g, state, n);
    }
    uint8_t cls[CLASSES_MAX];
    int classed = classes(g, state, cls, n);
    if (classed) first = cls[first];
    double low = alpha, high = beta;   /* the window searched */
    int maximise = same_side(g, state, p, s->player), best_i = -1;
    double best = maximise ? -1e300 : 1e300;
    void *owned, *child = child_buffer(s, depth, &owned);
    if (!child) return search_value(g, state, s->player, s->before);   /* out of memory: the deal so far */
    for (int k = 0; k < n; k++) {
        int i = nth_tried(k, first);
        if (classed && cls[i] != i) continue;   /* the same as an action of its class */
        memcpy(child, state, g->state_size);
        int rc = apply_nth(g, child, i);
        if (rc == GAME_ILLEGAL) continue;
        double v;
        if (rc == GAME_DEAL_OVER) {
            (*s->nodes)++;
            v = search_value(g, child, s->player, s->before);
        } else if (best_i < 0) {
            v = solve(s, child, alpha, beta, depth + 1);
        } else if (maximise) {   /* after the first, a null window: does it beat alpha? its value only then */
            v = solve(s, child, alpha, alpha + NULL_WINDOW, depth + 1);
            if (v > alpha && v < beta) v = solve(s, child, v, beta, depth + 1);
        } else {
            v = solve(s, child, beta - NULL_WINDOW, beta, depth + 1);
            if (v < beta && v > alpha) v = solve(s, child, alpha, v, depth + 1);
        }
        if (best_i < 0 || (maximise ? v > best : v < best)) {
            best = v;
            best_i = i;
        }
        if (maximise && best > alpha) alpha = best;
        if (!maximise && best < beta) beta = best;
        if (alpha >= beta) break;
    }
    free(owned);
    if (e && best_i >= 0) {
        e->key = key;
        e->generation = s->table->generation;
        e->best = (uint8_t)best_i;
        e->depth = (uint8_t)(depth < 255 ? depth : 255);
        e->value = best;
        e->bound = best <= low ? TABLE_UPPER : best >= high ? TABLE_LOWER : TABLE_EXACT;
    }
    return best;
}

/* Max^n: each player to act takes the action best for himself
 * (search_value), ties to the first listed; out[p] is player p's value of
 * the line so chosen. Every value is exact: the table keeps them whole. */
static void solve_maxn(struct solver *s, const void *state, double *out, int depth)
{
    const struct game *g = s->g;
    int p = g->to_act(state), n = p >= 0 ? g->legal_count(state) : 0, players = g->players(state);
    size_t bytes = (size_t)players * sizeof *out;
    (*s->nodes)++;
    if (p < 0 || n <= 0 || depth > PLAYOUT_PLIES) {
        for (int q = 0; q < players; q++) out[q] = search_value(g, state, q, s->before);
        return;
    }
    uint64_t key;
    struct table_entry *e = entry_for(s, state, depth, &key);
    if (e && !s->table->values && !(s->table->values = calloc(s->table->mask + 1, sizeof *s->table->values)))
        e = NULL;   /* no memory for the vectors: no table */
    if (entry_holds(s, e, key)) {
        memcpy(out, s->table->values[e - s->table->entries], bytes);
        return;
    }
    uint8_t cls[CLASSES_MAX];
    int classed = classes(g, state, cls, n);
    void *owned, *child = child_buffer(s, depth, &owned);
    int found = 0;
    if (!child) {
        for (int q = 0; q < players; q++) out[q] = search_value(g, state, q, s->before);
        return;
    }
    for (int i = 0; i < n; i++) {
        double v[GAME_MAX_PLAYERS];
        if (classed && cls[i] != i) continue;   /* its class's first gives the same values */
        memcpy(child, state, g->state_size);
        int rc = apply_nth(g, child, i);
        if (rc == GAME_ILLEGAL) continue;
        if (rc == GAME_DEAL_OVER) {
            (*s->nodes)++;
            for (int q = 0; q < players; q++) v[q] = search_value(g, child, q, s->before);
        } else {
            solve_maxn(s, child, v, depth + 1);
        }
        if (!found || v[p] > out[p]) memcpy(out, v, bytes);
        found = 1;
    }
    free(owned);
    if (!found)
        for (int q = 0; q < players; q++) out[q] = search_value(g, state, q, s->before);
    if (e) {
        e->key = key;
        e->generation = s->table->generation;
        e->bound = TABLE_EXACT;
        e->best = 0;
        e->depth = (uint8_t)(depth < 255 ? depth : 255);
        memcpy(s->table->values[e - s->table->entries], out, bytes);
    }
}

double search_solve(const struct game *g, const void *state, int player, const long *before,
                    struct search_table *table, long *nodes)
{
    long none = 0;
    struct solver s = { g, player, before, table, nodes ? nodes : &none };
    if (g->teams(state) > 2 && !(g->side && g->side(state, player) >= 0)) {
        double out[GAME_MAX_PLAYERS];
        solve_maxn(&s, state, out, 0);
        return out[player];
    }
    return solve(&s, state, -1e300, 1e300, 0);
}

/* A world sampled from `seed` into `world`, sampled again from rng's
 * draws (up to options->fit_tries samples in all) while it does not fit. */
static void sample_fitting(const struct search_options *o, const struct game *g, const void *state, int player,
                           void *world, uint64_t seed, struct pq_rng *rng)
{
    if (g->sample(world, state, player, seed) < 0) memcpy(world, state, g->state_size);
    for (int t = 1; o->fits && t < o->fit_tries && !o->fits(g, world, player); t++)
        if (g->sample(world, state, player, pq_rng_next(rng)) < 0) memcpy(world, state, g->state_size);
}

/* A world taken with the chance options->weigh gives it, or after
 * options->weigh_tries worlds the likeliest of them. 0, or -1 when there
 * is no room for the likeliest. */
static int choose_world(const struct search_options *o, const struct game *g, const void *state, int player,
                        void *world, uint64_t seed)
{
    struct pq_rng rng;
    void *best = NULL;
    double top = -1;
    int tries = o->weigh_tries > 0 ? o->weigh_tries : 1, rc = 0;
    pq_rng_seed(&rng, seed);
    for (int t = 0; t < tries; t++) {
        struct pq_rng own;   /* each try's own draws */
        pq_rng_seed(&own, pq_rng_next(&rng));
        sample_fitting(o, g, state, player, world, pq_rng_next(&own), &own);
        /* below both the draw and the likeliest so far, a weight changes
         * nothing: the weigh may stop there (search.h weigh floor) */
        double u = (double)(pq_rng_next(&rng) >> 11) * 0x1.0p-53;
        double w = o->weigh(o->weigh_ctx, g, world, player, u < top ? u : top);
        if (u < w) goto out;
        if (w > top) {
            if (!best && !(best = malloc(g->state_size))) return -1;
            memcpy(best, world, g->state_size);
            top = w;
        }
    }
    if (best) memcpy(world, best, g->state_size);
    else rc = -1;
out:
    free(best);
    return rc;
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

/* ---- information-set MCTS (options->ismcts) ---- */

struct is_node {
    uint64_t action;            /* a hash of the action's text */
    int child, sibling;         /* the first child, the next sibling (-1: none) */
    int mover;                  /* the player who took the action */
    int visits, avail;          /* times chosen; times it was legal when its parent was met */
    double reward;              /* the mover's outcomes summed */
};

/* The root's index (into index[]) of the most visited action, after
 * iterations of: a world sampled, the tree walked down the branches legal
 * in it (UCB among them, an untried one added and played out by the
 * playouts' rules), every node passed credited with its mover's outcome.
 * -1 when out of memory. */
static int ismcts(const struct search_options *o, const struct game *g, const void *state, int player,
                  const int *index, int n, const long *before, struct pq_rng *rng, double limit, double start)
{
    size_t size = g->state_size;
    long cap = (long)o->worlds * (n > 1 ? n : 1) + 2;
    struct is_node *t = malloc((size_t)cap * sizeof *t);
    void *world = malloc(size);
    int *path = malloc(sizeof(int) * (PLAYOUT_PLIES + 1));
    int best = -1, used = 1;
    if (!t || !world || !path) goto out;
    t[0] = (struct is_node){ 0, -1, -1, -1, 0, 0, 0 };
    double scale = o->deals_left >= 0 ? 1 : o->deal_sd > 0 ? o->deal_sd : 100, c = o->ismcts / 1000.0;
    char text[GAME_ACTION_MAX];
    for (long it = 0; used < cap; it++) {
        if (o->ms <= 0 && it >= cap - 2) break;
        if (it > 0 && limit > 0 && now_ms() - start >= limit) break;
        uint64_t world_seed = pq_rng_next(rng);
        sample_fitting(o, g, state, player, world, world_seed, rng);
        int node = 0, depth = 0, rc = GAME_GOES_ON, expanded = 0;
        path[depth++] = 0;
        while (rc == GAME_GOES_ON && g->to_act(world) >= 0 && depth < PLAYOUT_PLIES) {
            int p = g->to_act(world), legal = g->legal_count(world), pick = -1, pick_child = -1;
            double top = -1e300;
            int untried = -1;
            uint64_t untried_hash = 0;
            for (int k = 0; k < (node == 0 ? n : legal); k++) {
                int i = node == 0 ? index[k] : k;
                int len = g->legal_text(world, i, text, sizeof text);
                if (len < 0) continue;
                uint64_t h = search_text_hash(text, (size_t)len);
                int ch = t[node].child;
                while (ch >= 0 && t[ch].action != h) ch = t[ch].sibling;
                if (ch < 0) {
                    if (untried < 0) untried = i, untried_hash = h;
                    continue;
                }
                t[ch].avail++;
                double u = t[ch].reward / t[ch].visits / scale + c * sqrt(log((double)t[ch].avail) / t[ch].visits);
                if (u > top) top = u, pick = i, pick_child = ch;
            }
            if (untried >= 0 && used < cap) {   /* a new branch, then a playout */
                int ch = used++;
                t[ch] = (struct is_node){ untried_hash, -1, t[node].child, p, 0, 1, 0 };
                t[node].child = ch;
                pick = untried, pick_child = ch, expanded = 1;
            }
            if (pick < 0) break;
            rc = apply_nth(g, world, pick);
            node = pick_child;
            path[depth++] = node;
            if (expanded) break;
        }
        if (rc == GAME_GOES_ON && g->to_act(world) >= 0) playout(g, world, rng, o);
        for (int d = 1; d < depth; d++) {
            struct is_node *x = &t[path[d]];
            x->visits++;
            x->reward += outcome(o, g, world, x->mover, before, NULL);
        }
        t[0].visits++;
    }
    int most = -1;
    for (int k = 0; k < n; k++) {
        int len = g->legal_text(state, index[k], text, sizeof text);
        if (len < 0) continue;
        uint64_t h = search_text_hash(text, (size_t)len);
        for (int ch = t[0].child; ch >= 0; ch = t[ch].sibling)
            if (t[ch].action == h && t[ch].visits > most) most = t[ch].visits, best = k;
    }
out:
    free(t);
    free(world);
    free(path);
    return best;
}

int search_choose(const struct search_options *options, const struct game *g, const void *state, int player,
                  uint64_t seed, double cap_ms, struct search_stats *stats)
{
    int legal = g->legal_count(state), n = legal, best = -1;
    size_t size = g->state_size;
    char (*texts)[GAME_ACTION_MAX] = NULL;
    int *lens = NULL, *index = NULL;
    double *sum = NULL;
    void *world = malloc(size), *child = malloc(size);
    long before[GAME_MAX_PLAYERS];
    struct search_stats none;
    struct search_table *table = NULL, *own_table = NULL;
    struct pq_rng rng;
    char err[160];
    if (!stats) stats = &none;
    memset(stats, 0, sizeof *stats);
    if (legal <= 0 || !world || !child) goto out;
    /* the root's actions: every legal one, or the caller's candidates
     * (each legal index once, in the caller's order) */
    index = malloc((size_t)legal * sizeof *index);
    if (!index) goto out;
    if (options->n_only > 0) {
        n = 0;
        for (int k = 0; k < options->n_only; k++) {
            int a = options->only[k], seen = 0;
            for (int j = 0; j < n; j++) seen |= index[j] == a;
            if (a >= 0 && a < legal && !seen) index[n++] = a;
        }
        if (n == 0) goto out;
    } else {
        for (int i = 0; i < n; i++) index[i] = i;
    }
    texts = malloc((size_t)n * sizeof *texts);
    lens = malloc((size_t)n * sizeof *lens);
    sum = calloc((size_t)n, sizeof *sum);
    if (!texts || !lens || !sum) goto out;
    for (int i = 0; i < n; i++) lens[i] = g->legal_text(state, index[i], texts[i], GAME_ACTION_MAX);
    if (n == 1) {
        best = index[0];
        goto out;
    }
    g->scores(state, before);
    /* exact endings in the card play only (game.h position: 0 elsewhere),
     * where every line is as long as the first: an auction's first line
     * (all pass) is short, its others are whole deals */
    int exact = options->exact_plies > 0 && (!g->position || g->position(state) != 0) &&
                plies_left(g, state, child, options->exact_plies) <= options->exact_plies;
    if (exact && g->position) {   /* one table for the decision: its values hold for this player and `before` */
        table = options->table;
        if (!table) table = own_table = search_table_new(options->table_log2);
        if (table) search_table_clear(table);
    }
    pq_rng_seed(&rng, pq_rng_mix(options->seed, seed));
    double start = now_ms(), limit = options->ms > 0 ? options->ms : 0;
    if (cap_ms > 0 && (limit == 0 || cap_ms < limit)) limit = cap_ms;
    if (options->ismcts > 0 && !exact && g->position && g->position(state) != 0) {
        int k = ismcts(options, g, state, player, index, n, before, &rng, limit, start);
        if (k >= 0) {
            best = index[k];
            goto out;
        }
    }
    for (int round = 0;; round++) {
        if (options->ms <= 0 && round >= options->worlds) break;
        if (round > 0 && limit > 0 && now_ms() - start >= limit) break;
        uint64_t world_seed = pq_rng_next(&rng), luck = pq_rng_next(&rng);
        if (!options->weigh) sample_fitting(options, g, state, player, world, world_seed, &rng);
        else if (choose_world(options, g, state, player, world, world_seed) < 0) memcpy(world, state, size);
        for (int i = 0; i < n; i++) {
            struct pq_rng later;
            memcpy(child, world, size);
            int rc = lens[i] < 0 ? GAME_ILLEGAL : g->apply(child, texts[i], lens[i], err, sizeof err);
            if (rc == GAME_ILLEGAL) {
                sum[i] -= 1e9;   /* never chosen: the engine listed it, so this is a bug */
                continue;
            }
            if (rc == GAME_DEAL_OVER) {   /* the last card: the next deal is not this search's */
                sum[i] += outcome(options, g, child, player, before, NULL);
            } else if (exact) {
                double points = search_solve(g, child, player, before, table, NULL);
                sum[i] += outcome(options, g, child, player, before, &points);
                stats->solved++;
            } else {
                pq_rng_seed(&later, luck);
                playout(g, child, &later, options);
                sum[i] += outcome(options, g, child, player, before, NULL);
            }
            stats->playouts++;
        }
        stats->worlds++;
    }
    int top = 0;
    for (int i = 1; i < n; i++)
        if (sum[i] > sum[top]) top = i;
    stats->best_value = stats->worlds ? sum[top] / stats->worlds : 0;
    best = index[top];
out:
    search_table_free(own_table);
    free(index);
    free(texts);
    free(lens);
    free(sum);
    free(world);
    free(child);
    return best;
}

/* search.h - the decisions of bot-search: determinised Monte-Carlo search
 * over any game, through engine/game.h only (no sockets; the bot program
 * wraps it with the SDK and bots/rebuild.h, tests call it in-process).
 *
 * From a full state in which `player` is to act (the real one in tests, a
 * rebuilt one in the bot), each round samples one world (game.h sample:
 * the cards the player cannot see redealt consistently with its view) and
 * plays every legal action in it, each followed by the same seeded random
 * playout to the end of the deal (common random numbers: the actions are
 * compared on the same worlds and the same later luck). An action's value
 * is the player's deal points minus the mean of the players outside its
 * team, as game.h scores() counts them; the action with the best mean is
 * played (ties: the first listed). Where the world's deal ends within
 * `exact_plies` actions, its random playout is replaced by the exact value
 * of the ending (search_solve: alpha-beta between two sides, max^n
 * beyond). The playouts follow the game's rules of thumb (game.h
 * playout: cheap habits over the world's known hands) where it has them,
 * uniform random actions elsewhere, or a policy's (`policy`, such as
 * greedy's: bots/game_greedy.h) for their first `policy_plies` actions.
 * The root may weigh only a few candidate actions (`only`), and take only
 * worlds that fit what the player saw beyond the sampler's reach
 * (`fits`: the auction's calls, bots/world_fits.h), sampling again, and
 * take the worlds in which the others' card plays were likely more often
 * (`weigh`: bots/infer.h).
 *
 * Budget: `worlds` rounds, or with `ms` > 0 as many as fit in ms
 * milliseconds; every decision also stops at the caller's cap. With a
 * worlds budget and a cap never reached, a decision depends only on the
 * state's view, the seed and the budget.
 */
#ifndef BOTS_SEARCH_H
#define BOTS_SEARCH_H

#include <stdint.h>
#include "engine/game.h"

/* A playout policy: the action `state`'s player to act takes in a
 * playout. The index of a legal action (game.h legal order), or -1 after
 * writing an action text of its own into text (cap bytes, with its NUL:
 * a Tarot discard built from the hand); -2 when it cannot decide (the
 * playout then takes a random legal action). Deterministic for a state. */
struct search_policy {
    int (*choose)(void *ctx, const struct game *g, const void *state, char *text, int cap);
    void *ctx;
};

struct search_table;

struct search_options {
    uint64_t seed;
    int worlds;     /* rounds per decision (default 256) */
    int ms;         /* > 0: a time budget per decision instead */
    int exact_plies;    /* a world whose deal ends within this many actions
                           is solved exactly (search_solve) instead of
                           played out (default SEARCH_EXACT_PLIES; 0: never) */
    const struct search_policy *policy;   /* the playouts' actions; NULL:
                                             uniform random */
    int policy_plies;   /* the policy decides the first this many actions of
                           a playout, random ones the rest (0: all) */
    int thumb;          /* without a policy: 1 (the default) plays the game's
                           rules of thumb (game.h playout) where the game
                           has them, 0 uniform random actions */
    int thumb_random;   /* per mille of those actions taken uniformly at
                           random instead (default SEARCH_THUMB_RANDOM) */
    struct search_table *table;   /* the exact solves' transposition table,
                                     the caller's, kept from one decision
                                     to the next (cleared at each); NULL:
                                     one made per decision when needed */
    int table_log2;     /* the size of a table made per decision (0: default) */
    const int *only;    /* n_only > 0: the root weighs only these legal
                           indices (a few candidates out of a list too long
                           to search, such as Tarot's discards or Coinche's
                           bids); the others are never chosen */
    int n_only;
    /* Optional (NULL: every world is taken): whether a sampled world fits
       what `player` has seen beyond the sampler's constraints (such as
       hands that would have made the auction's calls: bots/world_fits.h);
       a world that does not is sampled again, up to `fit_tries` samples in
       all (the last one is then taken). Deterministic for a world. */
    int (*fits)(const struct game *g, const void *world, int player);
    int fit_tries;
    /* Optional (NULL: every world alike): how likely a world (one that
       fits) is, given what the player saw the others play (bots/infer.h):
       a weight in [0, 1]. A world is taken with that chance, else sampled
       again, up to `weigh_tries` worlds in all (the likeliest of them is
       then taken). Deterministic for a world. The search passes `floor`,
       below which a weight can neither take the world nor make it the
       likeliest so far: weigh may stop as soon as it knows the weight is
       below floor and return any value below it (the choice of world is
       then the same as with the exact weight); floor < 0 asks for it. */
    double (*weigh)(void *ctx, const struct game *g, const void *world, int player, double floor);
    void *weigh_ctx;
    int weigh_tries;
    /* The match around the deal (deals_left < 0, the default: none). A
       match is won by standing above the others at its end, not by a
       deal's points, so with deals_left >= 0 an outcome is valued by
       search_match_value: the share of the players outside `player`'s
       team it would leave him above at the match's end, each by the
       chance that his lead over them, match_totals (each player's total
       before this deal) plus this deal's points, holds over deals_left
       more deals whose margins spread as deal_sd. */
    int deals_left;
    double deal_sd;
    long match_totals[GAME_MAX_PLAYERS];
    /* > 0: a card play before the exact endings is searched by
       single-observer information-set MCTS instead (a tree of the actions
       of every seat, each world walking the branches legal in it, UCB with
       this constant per mille on values scaled by deal_sd or 100 points;
       worlds x the legal actions iterations); measured in bots/README.md,
       not bot-search's. 0: the sampled worlds' search. */
    int ismcts;
};

enum { SEARCH_EXACT_PLIES = 10, SEARCH_THUMB_RANDOM = 200 };

/* What the last decision did, for logs, tests and the benchmark. */
struct search_stats {
    int worlds;             /* rounds played */
    long playouts;          /* playouts in all */
    long solved;            /* of those, endings solved exactly instead */
    double best_value;      /* the chosen action's mean value */
};

void search_options_default(struct search_options *out);

/* A 64-bit hash (FNV-1a) of `len` bytes of text: an action's, a view's;
 * search_hash_more folds more bytes into a hash begun at SEARCH_HASH_START. */
#define SEARCH_HASH_START 1469598103934665603u
uint64_t search_text_hash(const char *text, size_t len);
uint64_t search_hash_more(uint64_t h, const char *text, size_t len);

/* Parses a --budget value: "N" worlds or "Nms" milliseconds. 0, or -1
 * when it is neither. */
int search_parse_budget(struct search_options *self, const char *text);

/* The index of the legal action (in game.h legal order) to play in
 * `state`, whose player to act is `player`. cap_ms > 0 bounds the time
 * (checked between rounds; at least one round is played). `seed` is mixed
 * with options->seed. -1 when the state has no legal action, none of
 * options->only is a legal index, or memory runs out. `stats` may be
 * NULL. */
int search_choose(const struct search_options *options, const struct game *g, const void *state, int player,
                  uint64_t seed, double cap_ms, struct search_stats *stats);

/* A transposition table for search_solve: the values of positions
 * (game.h position keys) already solved, so that a position reached again
 * by another order of play (or in another world of the same decision, or
 * after another root action) is not searched again, and each position's
 * best action, tried first when it is met again. Its entries hold for one
 * `player` and one `before` (one decision): search_table_clear forgets
 * them (in constant time) when either changes. 2^log2_entries entries of
 * 24 bytes, and 40 more each for max^n's values when it is used (12..26;
 * 0: SEARCH_TABLE_LOG2). NULL when memory runs out. */
enum { SEARCH_TABLE_LOG2 = 16 };
struct search_table *search_table_new(int log2_entries);
void search_table_clear(struct search_table *self);
void search_table_free(struct search_table *self);

/* The exact value to `player` of the rest of the deal in a world where
 * every card is known (a sampled world), through game.h: between two
 * teams (or the two sides of game.h side) an alpha-beta, `player`'s side
 * maximising search_value and the other minimising it; with three or more
 * teams and no sides max^n, each player to act
 * taking the first of the actions best for his own search_value (not
 * paranoid: Tarot's defenders, each a team of the interface, then help
 * each other instead of playing to lose). `before` as for
 * search_value. Of the actions of one class of equivalent cards (game.h
 * play_classes) only the first is tried. With a table (may be NULL) and a game with position keys,
 * positions already solved are looked up there (the value is the same as
 * without: the table saves work, never changes a result, the keys' hash
 * collisions aside). Exponential in the actions left: for
 * endings (8 cards a hand with a table, a few tricks without). `nodes`
 * (may be NULL) counts the states visited. */
double search_solve(const struct game *g, const void *state, int player, const long *before,
                    struct search_table *table, long *nodes);

/* An outcome of the deal valued for the match (options->deals_left >= 0):
 * the mean over the players q outside `player`'s team of
 * Phi((lead_q + margin_q) / (deal_sd * sqrt(deals_left + 1/4))), lead_q
 * = match_totals[player] - match_totals[q], margin_q the deal's points of
 * `player` less q's: in `state` (its totals less `before`), or with
 * `exact` (not NULL) *exact for every q: an ending's exact value
 * (search_solve), which in a game of two sides is the margin over the
 * other. The quarter deal keeps the last deal's chances smooth. In
 * [0, 1]. */
double search_match_value(const struct search_options *options, const struct game *g, const void *state,
                          int player, const long *before, const double *exact);

/* The value of a finished (or ended) deal to `player`: its running total
 * minus the mean of the totals of players outside its team, each less
 * `before` (the totals when the search started). */
double search_value(const struct game *g, const void *state, int player, const long *before);

#endif

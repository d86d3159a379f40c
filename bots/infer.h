/* infer.h - how likely a sampled world is, given the card plays the
 * player saw the others make (search.h options.weigh), through
 * engine/game.h only.
 *
 * The sampler (game.h sample) deals the unseen cards anywhere the rules
 * and the view allow: a world in which an opponent held the ace he
 * declined to win a trick with counts as much as one in which he did not
 * hold it. Here each world's deal is replayed from its own pack (game.h:
 * a sampled state's pack deals its hands) through the deal's actions,
 * and at every card play of another seat that had a choice, the game's
 * rules of thumb (game.h playout) are asked what that seat would have
 * played holding the world's cards. Each play unlike the habits
 * multiplies the world's weight by `unlike` (per mille); a world whose
 * replay the engine refuses (an action its cards could not make: a meld
 * said that the world's hand does not hold) weighs 0. The search then
 * takes worlds with that chance, so worlds in which the others played as
 * players do are met more often.
 *
 * Opponents need not play by the rules of thumb: bots/README.md measures
 * how often greedy's card agrees with them (70-84% of card plays with a
 * choice) and what weighing the worlds is worth.
 */
#ifndef BOTS_INFER_H
#define BOTS_INFER_H

#include "bots/search.h"
#include "engine/game.h"

enum { INFER_UNLIKE = 300, INFER_TRIES = 16 };

/* The current deal as the player saw it, the caller's (nothing copied):
 * the state before its first action (settled or not) and its actions in
 * order, as texts the engine accepts (a hidden action replaced by one of
 * the same kind). `scratch` is the caller's room for one state. */
struct infer {
    const void *start;
    const char (*actions)[GAME_ACTION_MAX];
    int n;
    int unlike;         /* per mille (default INFER_UNLIKE) */
    void *scratch;
    const struct search_policy *model;   /* the others' card plays as a policy
                                            chooses them (NULL: the rules of
                                            thumb) */
};

/* search.h options.weigh, ctx a struct infer: the world's weight in
 * [0, 1], or once it falls below `floor` (the replay stops there: each
 * model's choice costs most of the time) that weight so far, below floor
 * too. A game without rules of thumb or a pack, or a state without the
 * deal's start: 1. */
double infer_weigh(void *ctx, const struct game *g, const void *world, int player, double floor);

/* Whether bot-search weighs its card plays' worlds by default, greedy's
 * heuristic the model of the others: where it measured a gain (Belote at
 * two and three; bots/README.md "What the dialogue tells, and the
 * others' card plays at two" and "Belote at three weighs its worlds"). */
int infer_by_default(const struct game *g, int players);

#endif

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
 * Given what the player saw of each action (infer_told), the replay also
 * weighs the others' other actions by the model (Belote: a seat that
 * said `pass` in the trick-1 dialogue where the model would have declared
 * the meld the world gives it), and follows the world where its hidden
 * actions are not the deal's (Belote's `keep` of the Seven, seen by its
 * holder alone: else only worlds that put the Seven where the rebuilt
 * deal did could be replayed).
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

/* What the player saw of one action of the deal. */
struct infer_told {
    uint64_t view;      /* another seat's action that was no card play
                           and that the view hid or told more of than
                           its name (a public call is the searched bids'
                           to fit, world_fits.h): the player's view just
                           after it, hashed (never 0); else 0. A world
                           may give it a choice the deal did not. */
    int hidden;         /* the player's view did not show it (its history
                           did not grow) */
};

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
    /* What the player saw of each action (NULL: not known; then only the
     * card plays are weighed, and the deal's own actions are replayed):
     * infer_told's. With it the others' other actions are weighed too
     * (the model, not NULL, asked what the seat would have done in the
     * world: an action that would have shown the player something else
     * than it saw weighs the world by `unlike`; Belote's trick-1 `meld`,
     * whose cards the view hides but whose dialogue it tells), and the
     * replay follows the world where its hidden actions
     * differ from the deal's (Belote's `keep` of the Seven, which only its
     * holder sees, B41: made in a world where that seat holds the Seven,
     * skipped in one where nobody is asked). `spare` is the caller's room
     * for one more state. */
    const struct infer_told *told;
    void *spare;
};

/* Fills told[0..in->n-1] for in's deal seen by `player` (in->scratch
 * used). 0, or -1 when the deal's actions do not replay. */
int infer_told(const struct game *g, const struct infer *in, int player, struct infer_told *told);

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

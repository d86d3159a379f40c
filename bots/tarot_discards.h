/* tarot_discards.h - bot-search's French Tarot discard (shared/RULES-tarot.md
 * F17-F18): the taker, the dog in his hand, lays d cards aside, one
 * action out of hundreds to hundreds of thousands (tarot.h lists every
 * legal discard), too many to search. So a few sensible ones are built
 * from the hand and only they are searched (search.h options.only).
 *
 * The candidates, every one legal by F18 (no king, no bout, a trump only
 * when forced and then exactly the forced number), distinct, greedy's
 * own first (bots/tarot_strategy.h tarot_strategy_discard, so that a tie
 * keeps it):
 *   - suits voided: every set of plain suits the discard can empty (a
 *     void to trump), those voiding most suits and then most cards first;
 *   - the rest of each filled three ways: the cards worth most (queens,
 *     cavaliers, jacks: safe in the discard, as greedy does), the face
 *     cards of the suits without their king first (the unguarded ones,
 *     which a defender's king would catch), or the cards worth least
 *     (the faces kept to play);
 *   - when F18 forces trumps in (fewer plain cards than d), greedy's
 *     alone, every legal discard when there are no more than asked.
 * The playouts of the search: the rules of thumb for the card plays
 * (game.h playout, SEARCH_THUMB_RANDOM per mille at random), the chelem
 * passed (greedy never announces one) and greedy's heuristic for any
 * other decision (bots/game_greedy.h game_greedy_bid_policy).
 */
#ifndef BOTS_TAROT_DISCARDS_H
#define BOTS_TAROT_DISCARDS_H

#include <stdint.h>
#include "bots/search.h"
#include "engine/rng.h"
#include "engine/tarot/tarot.h"

/* At most this many candidates; the discard's worlds are this many
 * times a card play's (one decision a deal, and its candidates' values
 * lie close together). */
enum { TAROT_DISCARDS_MAX = 8, TAROT_DISCARDS_WORLDS = 4 };

/* Up to `max` distinct legal discards of d cards from `hand` (the taker's
 * enlarged hand), in the order above, greedy's first: their count (at
 * least 1 when hand holds d cards it may discard, F18). */
int tarot_discards_build(tarot_mask hand, int d, tarot_mask *out, int max);

/* The legal indices (game.h legal order) of those candidates in `state`,
 * when it is a Tarot match (g: tarot_game) whose taker is to discard: at
 * most `max` of them, greedy's first, or every legal discard when there
 * are no more than `max`. 0 when `state` is no Tarot discard. */
int tarot_discards_candidates(const struct game *g, const void *state, int *index, int max);

/* The discard searched: search_choose (TAROT_DISCARDS_WORLDS times
 * options' worlds, or its time budget; seed and cap_ms as there) over the candidates (TAROT_DISCARDS_MAX), the playouts as
 * the header says, their luck from `rng` (seeded by the caller). The
 * legal index to play, or -1 when `state` is no Tarot discard or the
 * search fails. */
int tarot_discards_choose(const struct search_options *options, const struct game *g, const void *state, int player,
                          uint64_t seed, double cap_ms, struct pq_rng *rng);

#endif

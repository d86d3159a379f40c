/* viewer.h - what the page's viewers show of each deal, found by
 * replaying the stored record through the engine. Piquet's partie
 * (engine/piquet/deal.h):
 *
 *   [{"number", "elder": "A"|"B", "unfinished": bool,
 *     "hands": {"elder": {"dealt", "discarded", "taken", "held"},
 *               "younger": {...}, "untaken"},
 *     "steps": [{"seat", "action", "score": {"elder", "younger"},
 *                "note": null|"good"|"not good"|"equal"}...],
 *     "tricks": [{"leader", "cards": {"elder", "younger"}, "winner"}...],
 *     "result": {"elder", "younger"}}...]
 *
 * Cards are two-character strings, lists in suit and rank order (spades,
 * hearts, diamonds, clubs; 7 to A). "held" is the hand after the exchange.
 * "note" is set on the action that decides a class, from the caller's
 * (elder's) side: "good" when the call stands, "not good" when younger's
 * answer beats it, "equal" when neither scores. "score" is the running
 * score of the deal after the step. A forfeited partie's unfinished deal
 * comes last with "unfinished": true.
 */
#ifndef LEADERBOARD_VIEWER_H
#define LEADERBOARD_VIEWER_H

#include <stddef.h>
#include <cjson/cJSON.h>

/* The viewer array of a stored (already checked) record, owned by the
 * caller; NULL with err when the record does not replay. */
cJSON *viewer_partie(const cJSON *record, char *err, size_t cap);

/* The viewer of another game's stored (already checked) match record
 * (records/game_record.h), found by replaying each deal through the
 * game's module (engine/game.h) and reading the players' views after each
 * action, so that it holds for any game whose view writes "hand" and, for
 * tricks, "seats" and "tricks_won" (Belote's; engine/belote/belote.h):
 *
 *   {"players": N, "teams": [team of each player],
 *    "deals": [{"number", "unfinished": bool, "dealer": letter|null,
 *               "seats": [letter by seat]|null, "turnup": card|null,
 *               "hands": {letter: [cards]} (each hand once complete),
 *               "steps": [{"player": letter, "action", "say": text|null,
 *                          "totals": {letter: n},
 *                          "hands": {letter: [cards]}}...],
 *               "tricks": [{"leader": letter, "cards": [{"player", "card"}...],
 *                           "winner": letter|null}...],
 *               "result": the game's deal result (`arena replay` of the
 *                         deal: trump, maker, scores by seat, events...)
 *                         or null while unfinished,
 *               "totals": {letter: n} after the deal}...]}
 *
 * "hands" of a step are every player's cards after it; "say" is what the
 * view's history adds to the action (Belote's meld dialogue: "tierce",
 * "good"...); a trick's winner is the seat whose tricks_won grew, for the
 * deal's last trick in the deal replayed alone as a one-deal match
 * (records/game_replay.h game_replay_deal_alone), whose state stays on the
 * finished deal where the match's has moved on. Each deal starts from its
 * pack and its own rules as `arena replay` starts it
 * (game_replay_start_deal). */
cJSON *viewer_match(const cJSON *record, char *err, size_t cap);

#endif

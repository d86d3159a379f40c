/* viewer.h - what the page's partie viewer shows of each deal, found by
 * replaying the stored record through the engine (engine/deal.h):
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

#endif

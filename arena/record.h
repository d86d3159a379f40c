/* record.h - the record of a finished partie, as the journal and the
 * leaderboard keep it (DESIGN.md "Deal record"): a partie record that
 * `arena replay` can re-execute, plus who played, the outcome, faults and
 * timings.
 *
 *   {"type": "partie", "id": N, "seed": N, "first_dealer": "A"|"B",
 *    "players": {"A": name, "B": name}, "rules": {...},
 *    "deals": [{"deck": "...", "actions": [...]}...],
 *    "totals": {"A": N, "B": N}, "winner": "A"|"B"|null, "settlement": N,
 *    "forfeit": null | {"player", "fault", "message"},
 *    "faults": {"A": {"timeout": N, ...}, "B": {...}},
 *    "decisions": {"A": N, "B": N}, "think_ms": {"A": N, "B": N}}
 */
#ifndef ARENA_RECORD_H
#define ARENA_RECORD_H

#include <cjson/cJSON.h>
#include "arena/referee.h"

/* A new record of a finished referee; the caller owns it (cJSON_Delete).
 * NULL when out of memory. */
cJSON *record_partie(const struct referee *ref, uint64_t seed);

/* A deal as a deal record {"deck", "actions"} (owned by the caller). */
cJSON *record_deal(const struct pq_deal *deal);

#endif

/* record.h - the record of a finished partie, as the journal and the
 * leaderboard keep it (docs/design.md "Deal record"): a partie record that
 * `arena replay` can re-execute, plus who played, the outcome, faults and
 * timings.
 *
 *   {"type": "partie", "id": N, "seed": "N" (decimal text: exact to 64 bits),
 *    "first_dealer": "A"|"B",
 *    "players": {"A": name, "B": name}, "rules": {...},
 *    "deals": [{"deck": "...", "actions": [...]}...],
 *    "totals": {"A": N, "B": N}, "winner": "A"|"B"|null, "settlement": N,
 *    "forfeit": null | {"player", "fault", "message"},
 *    "faults": {"A": {"timeout": N, ...}, "B": {...}},
 *    "decisions": {"A": N, "B": N}, "think_ms": {"A": N, "B": N}}
 *
 * `arena run` adds "run" (the tournament's id, RECORD_RUN_ID_LEN lowercase
 * hex digits drawn when it started; "RUN-ID" names a partie everywhere,
 * the leaderboard included) and "pair" (the duplicate pair's number).
 */
#ifndef ARENA_RECORD_H
#define ARENA_RECORD_H

#include <stdbool.h>
#include <stdint.h>
#include <cjson/cJSON.h>
#include "arena/referee.h"

/* A new record of a finished referee; the caller owns it (cJSON_Delete).
 * NULL when out of memory. */
cJSON *record_partie(const struct referee *ref, uint64_t seed);

/* A deal as a deal record {"deck", "actions"} (owned by the caller). */
cJSON *record_deal(const struct pq_deal *deal);

enum { RECORD_RUN_ID_LEN = 16 };

/* A fresh random run id (from /dev/urandom) into out. 0, or -1 when no
 * randomness could be read. */
int record_new_run_id(char out[RECORD_RUN_ID_LEN + 1]);

/* Whether text is a well-formed run id. */
bool record_run_id_ok(const char *text);

/* The run id of a journal older than run ids, derived from its master
 * seed, as resume continues it and post names its parties. It is not
 * unique: two such tournaments on one seed share it. */
void record_run_of_seed(uint64_t seed, char out[RECORD_RUN_ID_LEN + 1]);

/* A record's "seed": decimal text, or a number as older journals wrote it.
 * 0, or -1 when it is neither. */
int record_seed(const cJSON *item, uint64_t *out);

#endif

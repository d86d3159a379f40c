/* replay.h - re-executing deal and partie records through the engine
 * (docs/design.md "Deal record"): `arena replay`.
 *
 * A deal record {"deck", "rules"?, "actions"} gives the deal's result
 * (engine/piquet/report.h); a partie record {"first_dealer", "deals", "rules"?}
 * gives totals, winner, settlement and each deal's result. A worked-deal
 * fixture {"record", "expect"} is replayed as its record, and with `check`
 * its result is compared with "expect".
 */
#ifndef RECORDS_REPLAY_H
#define RECORDS_REPLAY_H

#include <cjson/cJSON.h>
#include "records/record.h"

enum replay_status {
    REPLAY_OK = 0,        /* replayed (and, when checked, as expected) */
    REPLAY_ILLEGAL = 1,   /* an action was illegal, or the record stopped early */
    REPLAY_MISMATCH = 3,  /* checked against "expect" and differed */
    REPLAY_BAD_INPUT = 2  /* not a record: unreadable, not JSON, wrong shape */
};

struct replay {
    cJSON *result;        /* owned; the printed result (NULL on bad input) */
    char error[384];      /* why, when status is not REPLAY_OK */
    int error_index;      /* illegal action's index (from 0), or -1 */
    int error_deal;       /* in a partie record: deal number (from 1), or 0 */
};

/* Replays a parsed record (not taken over). With `check`, compares with
 * the record's "expect" (fixture files). Returns an enum replay_status;
 * the caller frees self->result with cJSON_Delete. */
int replay_json(const cJSON *doc, int check, struct replay *self);

/* Checks a partie record read by record_read() (records/record.h): its
 * deals replay and its totals, winner and settlement are the engine's;
 * for a forfeit, the deals played replay (the unfinished one as far as it
 * went) and the score is the fault policy's. REPLAY_MISMATCH names the
 * field that differs. On REPLAY_OK self->result is what `arena replay`
 * prints: the engine's result, or for a forfeit the fault policy's score;
 * the caller frees it with cJSON_Delete whatever the status. */
int replay_record(const struct record_partie *rec, struct replay *self);

/* Reads, parses and replays a file (at most 16 MiB). */
int replay_file(const char *path, int check, struct replay *self);

#endif

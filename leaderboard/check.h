/* check.h - is a posted partie record (records/record.h) genuine?
 *
 * Shape first, by the arena's own reader of partie records (record_read):
 * exactly the fields the arena writes, each of its type and range, none
 * twice, the fault counts of every kind the arena knows; the leaderboard
 * also needs the "run" that `arena post` gives the records of older
 * journals. Then the course and the score, by the arena's own check
 * (records/replay.h, replay_record: every deal replayed through the engine,
 * the unfinished deal of a forfeit as far as it went; the engine's totals,
 * winner and settlement, or the fault policy's for a forfeit), and the
 * fault counts: those the referee writes for the outcome (one of the
 * forfeit's kind for the player who forfeited, none else; none for a
 * "disqualified" forfeit before any deal).
 *
 * Player names obey codec_bot_name_check() (protocol/codec.h), the one
 * rule for bot names everywhere; any other text (HTML, quotes, SQL) is
 * kept verbatim.
 */
#ifndef LEADERBOARD_CHECK_H
#define LEADERBOARD_CHECK_H

#include <stddef.h>
#include <cjson/cJSON.h>
#include "leaderboard/store.h"
#include "records/record.h"

enum check_status {
    CHECK_OK = 0,
    CHECK_BAD_RECORD = 400,   /* wrong shape or type */
    CHECK_NOT_GENUINE = 422,  /* an action is illegal, or a score or a fault count differs */
    CHECK_NO_MEMORY = 500
};

/* A checked record. self->out points into self and into the record
 * checked, which must outlive it. */
struct check_partie {
    struct record_partie partie;
    char key[48];             /* RUN-ID */
    char *record;             /* compact JSON of the record (owned) */
    struct store_partie out;
};

/* Checks `record` (not taken over). Returns an enum check_status; on
 * CHECK_OK self->out is ready for store_insert, otherwise err says why.
 * Release self with check_release in every case. */
int check_partie(const cJSON *record, struct check_partie *self, char *err, size_t cap);

void check_release(struct check_partie *self);

#endif

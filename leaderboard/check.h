/* check.h - is a posted partie record (arena/record.h) genuine?
 *
 * Shape first: exactly the fields the arena writes (arena/record.c), each
 * of its type, none twice, the fault counts of every kind the arena knows.
 * Then the course: every deal replayed through the engine (engine/partie.h)
 * from its pack and actions, the unfinished deal of a forfeit as far as it
 * went. Then the score, by the arena's own check (arena/replay.h,
 * replay_journal_record: the engine's totals, winner and settlement, or the
 * fault policy's for a forfeit), and the fault counts: those the referee
 * writes for the outcome (one of the forfeit's kind for the player who
 * forfeited, none else; none for a "disqualified" forfeit before any deal).
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

enum check_status {
    CHECK_OK = 0,
    CHECK_BAD_RECORD = 400,   /* wrong shape or type */
    CHECK_NOT_GENUINE = 422,  /* an action is illegal, or a score or a fault count differs */
    CHECK_NO_MEMORY = 500
};

/* A checked record: the strings out points at live in self. */
struct check_partie {
    char key[48];
    char run[17];
    char seed[24];            /* decimal */
    char *faults[2];          /* compact JSON (owned) */
    char *record;             /* compact JSON of the record (owned) */
    struct store_partie out;
};

/* Checks `record` (not taken over). Returns an enum check_status; on
 * CHECK_OK self->out is ready for store_insert, otherwise err says why.
 * Release self with check_release in every case. */
int check_partie(const cJSON *record, struct check_partie *self, char *err, size_t cap);

void check_release(struct check_partie *self);

/* Applies a record's "rules" object (may be NULL) over `rules`. */
struct pq_rules;
int check_rules(const cJSON *rules, struct pq_rules *out, char *err, size_t cap);

#endif

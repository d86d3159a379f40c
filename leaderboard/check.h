/* check.h - is a posted record genuine: a Piquet partie record
 * (records/record.h) or another game's match record
 * (records/game_record.h), told apart by "type"?
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
 * A match record is read by its one reader (game_record_read) and
 * judged by the arena's own check (game_record_check: every deal replayed
 * through the game's engine, the scores, match points and winner the
 * engine's, a forfeit's points the game's forfeit_points), after the
 * leaderboard's own demands: exactly the fields the arena writes, none
 * twice, a run, and a game the leaderboard can rate: each player for
 * himself, or two sides each held by one bot (the arena seats one program
 * in both seats of a side).
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
struct check_record {
    struct record_partie partie;
    struct game_record match;
    char key[48];             /* RUN-ID */
    char game[STORE_GAME_KEY_MAX];  /* the game key: "piquet", "belote-4" */
    char *record;             /* compact JSON of the record (owned) */
    struct store_record out;
};

/* Checks `record` (not taken over), a partie or a match. Returns an enum
 * check_status; on CHECK_OK self->out is ready for store_insert,
 * otherwise err says why. Release self with check_release in every case. */
int check_record(const cJSON *record, struct check_record *self, char *err, size_t cap);

void check_release(struct check_record *self);

/* The game key of game `g` at `players` players into out ("belote-4";
 * Piquet's is "piquet"). */
void check_game_key(const struct game *g, int players, char out[STORE_GAME_KEY_MAX]);

/* The entrants of game `g` at `players` players: each player's entrant
 * (its team when the game has two sides of several players, else the
 * player) into entrant[], and their number; 0 when the leaderboard cannot
 * rate the game (its sides are neither one player each nor two), -1 when
 * the game refuses that many players or out of memory. */
int check_entrants(const struct game *g, int players, int entrant[GAME_MAX_PLAYERS]);

#endif

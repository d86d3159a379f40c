/* game_record.h - the match record of every game but Piquet (whose
 * partie record is records/record.h's): written by the referee at the end
 * of a match, one journal line, read back by replay, ratings and the
 * leaderboard.
 *
 *   {"type": "match", "id": N, "seed": "decimal", "game": "belote",
 *    "players": 4, "first_dealer": "A", "rules": {"flag": "value"...},
 *    "names": {"A": name, ...}, "deals": [{"deck", "actions"}...],
 *    "unfinished_deal": {"deck", "actions"}?, "scores": {"A": n, ...},
 *    "points": {"A": n, ...}, "winner": "A"|null,
 *    "forfeit": null|{"player": "A", "fault", "message"},
 *    "faults": {"A": {"timeout": n, ...}, ...},
 *    "decisions": {"A": n, ...}, "think_ms": {"A": n, ...}}
 * `arena run` adds "run" and "set" (the duplicate set). "deals" holds the
 * finished deals, so that {game, players, first_dealer, rules, deals} is a
 * match record `arena replay` re-executes (records/game_replay.h); a
 * forfeited match keeps its deal in progress in "unfinished_deal".
 * "scores" are the game's running totals, "points" the match points the
 * ratings compare (game.h match_points, or the forfeit's).
 */
#ifndef RECORDS_GAME_RECORD_H
#define RECORDS_GAME_RECORD_H

#include <stdint.h>
#include <cjson/cJSON.h>
#include "engine/game.h"
#include "protocol/codec.h"
#include "records/replay.h"

/* What the writer takes (the referee fills it). */
struct game_record_play {
    uint64_t id, seed;
    const struct game *game;
    const void *state;                  /* the match as it ended */
    int players, first_dealer;
    const char *const *rules;           /* "name=value", NULL-terminated, or NULL */
    const char *names[GAME_MAX_PLAYERS];
    const cJSON *transcript;            /* [{"deck", "actions"}...], the last one
                                           unfinished when forfeited */
    long points[GAME_MAX_PLAYERS];
    int winner;                         /* player, -1 none */
    int forfeit_player;                 /* -1 when nobody forfeited */
    int forfeit_fault;
    const char *forfeit_message;
    int faults[GAME_MAX_PLAYERS][CODEC_FAULTS];
    int64_t decisions[GAME_MAX_PLAYERS], think_ms[GAME_MAX_PLAYERS];
};

/* A new match record; the caller owns it (cJSON_Delete). NULL when out of
 * memory. */
cJSON *game_record_write(const struct game_record_play *play);

/* A match record read back: every field checked, named in errors. The
 * cJSON pointers point into the record read. */
struct game_record {
    const struct game *game;
    int players, first_dealer;
    uint64_t id;
    const char *run;                    /* "" when none */
    long set;                           /* the duplicate set, 0 when none */
    char names[GAME_MAX_PLAYERS][CODEC_NAME_MAX];
    const cJSON *rules, *deals, *unfinished;
    long points[GAME_MAX_PLAYERS], scores[GAME_MAX_PLAYERS];
    int winner;
    int forfeit_player, forfeit_fault;  /* a codec fault, or RECORD_FAULT_DISQUALIFIED
                                           for the matches a disqualified bot had left */
    int faults[GAME_MAX_PLAYERS][CODEC_FAULTS];
};

/* Reads a "match" journal record. 0, or -1 with the reason in err. */
int game_record_read(const cJSON *json, struct game_record *out, char *err, size_t cap);

/* Checks a match record against the engine: its deals replay; a finished
 * match's scores, points and winner are the game's; a forfeit happened
 * before the match was over, its deal in progress replays as far as it
 * went, and its points are the game's forfeit_points. On REPLAY_OK
 * self->result is the game's match result (with "points" and, for a
 * forfeit, "forfeit"); the caller frees it whatever the status. */
int game_record_check(const cJSON *json, struct replay *self);

#endif

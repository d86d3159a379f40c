/* game_replay.h - deal and match records of any game, re-executed through
 * the game's module (engine/game.h): `arena replay` for every game whose
 * records name it ("game": "belote", ...). Piquet's own records (which
 * name no game) keep their reader, records/replay.c.
 *
 * Records (docs/design.md "Actions and records"):
 *   deal:  {"game", "players", "deck", "rules"?, "actions", FIELD?...}
 *          FIELD: a number the game reads (Belote's "reserve")
 *   match: {"game", "players", "first_dealer"?, "rules"?,
 *           "deals": [{"deck", "rules"?, "actions"}...]}
 *          (a deal's own "rules": game_replay_start_deal)
 * "rules" holds flags as strings, numbers or booleans; "first_dealer" is
 * a player's letter, A when absent.
 *
 * Errors, common to every game: an illegal action is REPLAY_ILLEGAL with
 * `action N (ACTION): reason`, N from 0 within its deal, and in a match
 * record `deal D: action N (ACTION): reason`, D from 0; a deal that ends
 * before it is over fails with ACTION `end`; a match record with too few
 * deals fails at `deal D: action 0 (end)`, D the number of deal records;
 * a deal after the match is over fails at its own action 0. An unusable
 * record (bad JSON, a bad pack, an unknown game, rule or value) is
 * REPLAY_BAD_INPUT.
 */
#ifndef RECORDS_GAME_REPLAY_H
#define RECORDS_GAME_REPLAY_H

#include <cjson/cJSON.h>
#include "engine/game.h"
#include "records/replay.h"

/* The game a record names, NULL when it names none (a Piquet record of
 * the first format) or, with an error in self, one that is not known. */
const struct game *game_replay_game(const cJSON *doc, struct replay *self, int *status);

/* Replays a deal or match record of game `g` (game_replay_game's answer).
 * Returns an enum replay_status; on REPLAY_OK self->result is what
 * `arena replay` prints; the caller frees it with cJSON_Delete. */
int game_replay_json(const cJSON *doc, const struct game *g, struct replay *self);

/* Starts the match a match record describes ("players", "first_dealer",
 * "rules") in the caller's state (g->state_size bytes), before its first
 * deal, so that a caller stepping through the deals itself (the
 * leaderboard's viewer: set_deck, then each action) reads the record as
 * replay does. Returns an enum replay_status. */
int game_replay_create(const cJSON *doc, const struct game *g, void *state, struct replay *self);

/* A deal record of a match record begins in `state` (the match before
 * that deal's first action): its "deck" (game.h set_deck) and its own
 * "rules", which override the match's for that deal where the game reads
 * them (game.h set_deal_rules; a game without it ignores them, as its
 * rules file asks for equal ones). Replay and the leaderboard's viewer
 * both start deals here. Returns an enum replay_status, with the reason in
 * self->error after `where` ("deals[2]: "). */
int game_replay_start_deal(const struct game *g, void *state, const cJSON *deal, const char *where,
                           struct replay *self);

/* Deal `deal` of match record `doc` alone, as a one-deal match (game.h
 * game_setup.one_deal: seat s is player s) under the match's players and
 * rules and the deal's own (game_replay_start_deal), ready for its first
 * action in the caller's state. Its state stays on the finished deal after
 * the last action, where the match's moves on to the next deal: the
 * leaderboard's viewer reads the last trick there. Returns an enum
 * replay_status. */
int game_replay_deal_alone(const cJSON *doc, const struct game *g, const cJSON *deal, void *state,
                           struct replay *self);

/* The same, into the caller's state (g->state_size bytes; NULL: one of its
 * own), so that the caller can read the match after it. With
 * `unfinished` (a forfeited match's deal in progress, or a JSON null when
 * none had begun) the match must not be over after its deals, that deal
 * replays as far as it went without ending, and no result is written. */
int game_replay_into(const cJSON *doc, const struct game *g, void *into, const cJSON *unfinished,
                     struct replay *self);

#endif

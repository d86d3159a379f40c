/* seating.h - who sits where in a duplicate set (docs/design.md "Tables,
 * formats and duplicate"): the same packs played at every seating, so
 * that the luck of the deal cancels.
 *
 * Entrants are the programs of one table, 0..n-1 (copies of one bot may
 * be several entrants). A seating gives each table position (player A, B,
 * ...) its entrant:
 * - two entrants (two-sided games: Piquet, two-player Belote, and a
 *   partnership game with one program per side): two seatings, the sides
 *   swapped; in a partnership game entrant e holds every seat of side e;
 * - three independent seats: the six permutations (as the ACPC's
 *   three-player duplicate);
 * - four or more independent seats: the N cyclic rotations, so that each
 *   entrant holds each position's cards once.
 * `teams` tells them apart: a game whose players form two teams with one
 * entrant each is two-sided.
 */
#ifndef ARENA_TOURNAMENT_SEATING_H
#define ARENA_TOURNAMENT_SEATING_H

#include <stddef.h>
#include "engine/game.h"

enum { SEATING_MAX = 6 };   /* seatings in a set: 3! */

struct seating {
    int players;                          /* table positions */
    int entrant[GAME_MAX_PLAYERS];        /* per position */
};

/* The seatings of one duplicate set for `players` positions whose teams
 * are team_of[0..players-1] (each player its own team in a game where
 * everyone plays for himself), filled by `entrants` programs: entrants is
 * the number of teams (one program per team). Returns how many (at most
 * SEATING_MAX), or -1 when the shape is not one of the above. */
int seating_set(int players, const int *team_of, struct seating out[SEATING_MAX]);

/* The number of entrants a table of that game takes: its number of teams. */
int seating_entrants(int players, const int *team_of);

/* A match of game `g` with `players` (0: its default) and `rules` made to
 * learn its table: team_of[0..n-1] filled, n returned; -1 with the game's
 * reason in err (a player count or a rule it does not take). */
int seating_teams(const struct game *g, int players, const char *const *rules, int team_of[GAME_MAX_PLAYERS],
                  char *err, size_t cap);

#endif

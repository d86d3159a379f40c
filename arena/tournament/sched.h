/* sched.h - the schedule of a tournament: every partie to play, in order,
 * from the bots, the format, the number of duplicate pairs per pairing and
 * the master seed (docs/design.md "Tournaments").
 *
 * Each pairing plays `pairs` duplicate pairs: two parties on the same seed,
 * the first with the lower-numbered bot as A dealing first, the second with
 * the other dealing first. Pairs are interleaved round by round over the
 * pairings, so a tournament stopped early is still balanced. Partie ids run
 * from 1 in schedule order; the seed of pair p of pairing k is
 * pq_rng_mix(master, k * 2^32 + p), so a schedule is reproducible and a
 * pairing's packs do not depend on which other bots take part.
 */
#ifndef ARENA_TOURNAMENT_SCHED_H
#define ARENA_TOURNAMENT_SCHED_H

#include <stddef.h>
#include <stdint.h>
#include "engine/game.h"

enum sched_format { SCHED_ROUND_ROBIN, SCHED_GAUNTLET, SCHED_SWISS };

struct sched_partie {
    uint64_t partie_id;
    uint64_t seed;
    int first_dealer;     /* 0: A deals first */
    int a, b;             /* bot indices of players A and B */
    long pair;            /* duplicate pair (set) number, shared by its matches */
    int n_seats;          /* tables of other games: the players */
    int seat[GAME_MAX_PLAYERS];   /* the bot at each position (a, b: the first two) */
};

struct sched {
    struct sched_partie *parties;   /* owned; sched_release frees */
    size_t n;
};

/* Builds the schedule; gauntlet: bot 0 against every other. Returns 0, or
 * -1 with err (too few bots, out of memory; a Swiss, which is built round
 * by round: sched_build_round). */
int sched_build(struct sched *self, int format, int n_bots, int pairs, uint64_t master_seed,
                char *err, size_t cap);
void sched_release(struct sched *self);

/* The schedule of a game other than Piquet, whose table has `players`
 * positions with teams team_of[] (arena/tournament/seating.h): every
 * combination of as many bots as the table has entrants (gauntlet: those
 * with bot 0) plays `sets` duplicate sets, each set its seatings on one
 * seed, first dealer A. With fewer bots than entrants, one combination
 * fills the table with copies (bot e mod n_bots). Sets are interleaved
 * round by round as pairs are; match ids from 1 in schedule order; the
 * seed of set p of combination k is pq_rng_mix(master, k * 2^32 + p).
 * 0, or -1 with err. */
int sched_build_tables(struct sched *self, int format, int n_bots, int players, const int *team_of, int sets,
                       uint64_t master_seed, char *err, size_t cap);

/* The matches of one round of a Swiss (arena/tournament/swiss.h): each of
 * its n_tables tables (entrants bots each, in entrant order) plays `sets`
 * duplicate sets, Piquet's pairs when team_of is NULL (a partie with A
 * dealing first and one with B, A the table's first bot), else the game's
 * seatings (seating.h). Every table of round r plays set p on the same
 * packs, seed pq_rng_mix(master, 2^63 + r * 2^32 + p), so the scores of
 * one round compare across tables. Sets are interleaved as elsewhere (set
 * 1 of every table, then set 2); ids run from first_id and set numbers
 * from first_set. 0, or -1 with err (out of memory, a table shape without
 * a duplicate set). */
int sched_build_round(struct sched *self, const int (*tables)[GAME_MAX_PLAYERS], int n_tables, int players,
                      const int *team_of, int sets, int round, uint64_t master_seed, uint64_t first_id,
                      long first_set, char *err, size_t cap);

/* The matches a table plays in one set: 2 for Piquet (team_of NULL), else
 * the game's seatings; -1 when the shape has no duplicate set. */
int sched_set_size(int players, const int *team_of);

/* "round-robin" / "gauntlet" / "swiss" and back (-1 when unknown). */
const char *sched_format_name(int format);
int sched_format_parse(const char *name);

#endif

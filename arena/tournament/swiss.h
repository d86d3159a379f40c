/* swiss.h - the pairings and standings of a Swiss tournament (README
 * "Swiss"): round by round, bots ranked by their score so far meet at
 * tables of `entrants` programs (two for a two-sided game: Piquet,
 * two-player Belote, a partnership game; three to five for the games where
 * each plays for himself), each table one or more duplicate sets.
 *
 * The rules, each decided here and nowhere else:
 * - Rank: points, then Buchholz (the points of everyone a bot shared a
 *   table with, once per round), then the order the bots were given in.
 * - Byes: when the bots do not fill whole tables, the byes go to the bots
 *   with the fewest byes so far, the lowest-ranked of them first (for
 *   two-sided games, the lowest-ranked whose bye still lets the others be
 *   paired with the fewest repeats). A bye scores half the points a round
 *   offers, as if every match of its sets were drawn.
 * - Pairs (Monrad): the top unpaired bot meets the next-ranked one it has
 *   not met, unless that leaves the rest unable to pair without more
 *   repeats than needed: a pairing is repeated only when no pairing of the
 *   round without it exists, and then as few as possible (Edmonds' maximum
 *   matching decides what is possible, so this is exact).
 * - Tables of three or more: the top unseated bot with the next-ranked
 *   others, the first combination in rank order that makes a table (the
 *   same set of bots) not played before; a table is repeated only when no
 *   seating of the round avoids it (an exhaustive search, bounded at
 *   SWISS_SEARCH_STEPS steps per number of repeats tried: only a field
 *   that has played nearly every table there is reaches the bound, and
 *   then a round may repeat more tables than it needs to).
 * - Seats: a duplicate set gives every entrant every seat; the first seat
 *   of the set's first match (player A, dealing first) goes to the entrant
 *   furthest below its share of them (one table in `entrants`), ties to
 *   the higher-ranked.
 * - Scores of a match (swiss_match_score): in a two-sided game the winner
 *   1, a draw 1/2 each; at a table of three or more, each bot scores
 *   against each other bot 1 when it made more points, 1/2 when as many,
 *   divided by the others' number: a match offers each bot 0 to 1.
 *
 * The history (who met whom, which tables, byes, first seats) is written
 * by swiss_pair(); the points by swiss_close_round() once the round's
 * matches are over, so a round is always paired on whole rounds.
 */
#ifndef ARENA_TOURNAMENT_SWISS_H
#define ARENA_TOURNAMENT_SWISS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cjson/cJSON.h>
#include "engine/game.h"

enum { SWISS_MAX_BOTS = 64, SWISS_MAX_TABLES = SWISS_MAX_BOTS / 2 };
#define SWISS_SEARCH_STEPS 200000L

struct swiss_round {
    int number;                                       /* from 1 */
    int n_tables;
    int table[SWISS_MAX_TABLES][GAME_MAX_PLAYERS];    /* bots in entrant order: entrant 0 first */
    int n_byes;
    int bye[GAME_MAX_PLAYERS];
    int repeats;                                      /* pairings (tables) played before: forced */
};

/* Points are counted in units of 1 / (2 (entrants - 1)) of a match's
 * point, so that every score is a whole number and ties are exact. */
struct swiss {
    int n_bots, entrants;
    int round_matches;                    /* matches a seated bot plays in a round */
    int rounds;                           /* rounds paired so far */
    long points[SWISS_MAX_BOTS];          /* in units */
    int byes[SWISS_MAX_BOTS], firsts[SWISS_MAX_BOTS], seated[SWISS_MAX_BOTS];
    unsigned char met[SWISS_MAX_BOTS][SWISS_MAX_BOTS];   /* rounds at one table */
    uint64_t *played;                     /* every table paired, as a set of bots (bit i: bot i),
                                             in increasing order; owned */
    size_t n_played, cap_played;
    struct swiss_round last;              /* the round last paired */
};

/* A Swiss of n_bots (entrants to SWISS_MAX_BOTS) at tables of `entrants`
 * (2 to GAME_MAX_PLAYERS), where a seated bot plays round_matches matches
 * a round (sets times seatings). 0, or -1 with err. */
int swiss_init(struct swiss *self, int n_bots, int entrants, int round_matches, char *err, size_t cap);

/* Frees the history; swiss_release(NULL) and a second call are no-ops. */
void swiss_release(struct swiss *self);

/* Pairs the next round (the rules above) into *out and writes it into the
 * history. 0, or -1 when out of memory. */
int swiss_pair(struct swiss *self, struct swiss_round *out);

/* Writes that these bots shared a table (swiss_pair does it for every
 * table it makes; a test sets a history with it). 0, or -1 when out of
 * memory. */
int swiss_note_table(struct swiss *self, const int *bots, int n);

/* The round last paired is over: each seated bot gains gained[bot] units
 * (the sum of its swiss_match_score()), each bye half of what the round
 * offers. */
void swiss_close_round(struct swiss *self, const long *gained);

/* A bot's points (units turned into match points). */
double swiss_points(const struct swiss *self, int bot);

/* The bots in rank order. */
void swiss_rank(const struct swiss *self, int order[SWISS_MAX_BOTS]);

/* A bot's Buchholz: the points of those it met, once per round. */
double swiss_buchholz(const struct swiss *self, int bot);

/* What one match gives each seat, in units of a table of as many
 * entrants as the match has different bots: bot[0..n-1] the bots at its
 * seats (a bot at several seats of a side counts once, at its first),
 * points[] their match points (NULL for Piquet); two entrants are decided
 * by winner (a seat, or -1 when drawn). score[s] is set for every seat, 0
 * at a bot's later seats. */
void swiss_match_score(int n, const int *bot, const long *points, int winner, long *score);

/* The journal's record of a round that is over (README "Swiss"):
 * {"type": "round", "round", "tables": [[names]], "byes": [names],
 *  "repeats", "standings": [{"rank", "bot", "points", "buchholz",
 *  "tables", "byes"}]}; names[bot] the bots' names. The caller owns it;
 * NULL when out of memory. */
cJSON *swiss_round_record(const struct swiss *self, const char *const *names);

/* The standings table after the last round closed, for a terminal. */
void swiss_print_standings(const struct swiss *self, const char *const *names, int rounds, FILE *out);

#endif

/* tally.h - the plain counts of a tournament: per bot and per pairing,
 * parties, wins, draws, losses, settlement points and faults, added up
 * from partie records (records/record.h) as they are written or read back.
 *
 * It is what the progress line (the current leader), the crosstable on
 * stdout and the --results file show beside the ratings of
 * stats/standings.h. Bots are known by name; a record naming a bot the
 * tally does not know is refused.
 */
#ifndef ARENA_TOURNAMENT_TALLY_H
#define ARENA_TOURNAMENT_TALLY_H

#include <stdio.h>
#include <cjson/cJSON.h>
#include "protocol/codec.h"
#include "records/game_record.h"
#include "records/record.h"

struct tally_bot {
    char name[CODEC_NAME_MAX];
    int parties, wins, draws, losses;
    long settlement;                /* won minus lost settlement points */
    int faults[CODEC_FAULTS];       /* by kind (codec_fault_name) */
    int forfeits;                   /* parties lost by forfeit */
    int disqualified;               /* set by the caller */
};

struct tally_pairing {
    int a, b;                       /* bot indexes, a < b */
    int parties, wins_a, wins_b, draws;
    long settlement_a;              /* a's net settlement against b */
};

struct tally {
    struct tally_bot *bots;
    int n_bots;
    struct tally_pairing *pairings; /* every pair of bots, a < b */
    int n_pairings;
};

/* A tally of n bots, all at zero. 0, or -1 when out of memory. */
int tally_init(struct tally *self, const char *const *names, int n);

/* Frees the arrays. */
void tally_release(struct tally *self);

/* Adds a partie record read by record_read() (records/record.h). 0, or -1
 * with the reason in err when its players are not two bots of the tally. */
int tally_add(struct tally *self, const struct record_partie *rec, char *err, size_t cap);

/* Adds a match record of another game (records/game_record.h): each bot
 * at the table counts it once (win, draw when nobody won, loss; its match
 * points), and every two bots at it count one comparison (more points
 * wins). 0, or -1 with the reason when a name is not a bot of the tally. */
int tally_add_match(struct tally *self, const struct game_record *rec, char *err, size_t cap);

/* The bot with the best score (win 1, draw 1/2) per partie, ties to the
 * better settlement, or -1 before any partie. */
int tally_leader(const struct tally *self);

/* Score of bot i in percent of its parties (0 without parties). */
double tally_score_pct(const struct tally *self, int i);

/* {"bots": [{"name", "parties", "wins", "draws", "losses", "score_pct",
 *   "settlement", "faults": {kind: n}, "forfeits", "disqualified"}...],
 *  "pairings": [{"bots": [a, b], "parties", "wins": [a, b], "draws",
 *   "score_pct": [a, b], "settlement": [a, b]}...]}
 * in bot order; the caller owns it. NULL when out of memory. */
cJSON *tally_json(const struct tally *self);

/* One CSV line per bot with a header:
 * bot,parties,wins,draws,losses,score_pct,settlement,<fault kinds>,forfeits,disqualified
 * Returns 0, or -1 on a write error. */
int tally_print_csv(const struct tally *self, FILE *out);

/* A crosstable for a terminal: per row bot, its score in percent and the
 * number of parties against each column bot. Returns 0, or -1 on a write
 * error. */
int tally_print_crosstable(const struct tally *self, FILE *out);

#endif

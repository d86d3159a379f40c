/* pgn.h - results in PGN, the format Ordo and BayesElo read; matches of N
 * seats are written as one game per two seats.
 *
 * Only the tags [White] (the first dealer), [Black] and [Result] are used;
 * movetext, comments and other tags are skipped. A result of "1-0" is a win
 * for White, "0-1" a loss, "1/2-1/2" a draw; "*" (unfinished) is skipped.
 * Every game read is a cluster of its own, since PGN cannot say which games
 * form a duplicate pair.
 */
#ifndef RECORDS_PGN_H
#define RECORDS_PGN_H

#include <stddef.h>
#include <stdio.h>

#include "stats/ratings.h"

/* Results read so far; bot i is names[i], in order of first appearance. */
struct pgn {
    struct ratings_partie *parties;
    size_t n_parties;
    size_t parties_cap;
    char **names;     /* pass to ratings_fit() as (const char *const *) */
    int n_bots;
    int names_cap;
};

/* An empty set of results. */
void pgn_init(struct pgn *self);

/* Frees everything and leaves self as after pgn_init(). */
void pgn_release(struct pgn *self);

/* Appends the games of the PGN stream `in`; `source` names it in messages.
 * Returns 0, or -1 with the reason in err (err_size bytes), e.g.
 * "games.pgn:12: malformed tag"; on error nothing is appended. Files are
 * opened by results_read() (records/results.h). */
int pgn_read_stream(struct pgn *self, FILE *in, const char *source, char *err,
                    size_t err_size);

/* Writes the parties as PGN games, bot i being names[i]. Scores must be 1,
 * 0.5 or 0. Returns 0, or -1 with the reason in err (bad partie, write
 * error). */
int pgn_write(FILE *out, const struct ratings_partie *parties, size_t n_parties,
              const char *const *names, int n_bots, char *err, size_t err_size);

/* Writes every comparison of the tables (docs/statistics.md section 6) as
 * a PGN game, so that Ordo and BayesElo can rate games of N seats: for
 * seats i < j held by different bots, White is bot[i], Black bot[j] and the
 * result 1-0, 1/2-1/2 or 0-1 as ratings_table_score(t, i, j) says. [Round]
 * is the match (from 1, in the order given), [Set] its duplicate set, and
 * [WhiteSeat] and [BlackSeat] the two seats as records write them (A, B,
 * ...). pgn_read_stream() reads them back as parties of their own clusters;
 * the set and seat tags are for people and other programs. Returns 0, or -1
 * with the reason in err (seat count, bot index or points the fit would
 * refuse, write error). */
int pgn_write_tables(FILE *out, const struct ratings_table *tables,
                     size_t n_tables, const char *const *names, int n_bots,
                     char *err, size_t err_size);

#endif

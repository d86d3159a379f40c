/* pgn.h - results in PGN, the format Ordo and BayesElo read.
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

#endif

/* results.h - the parties to rate, read from result files and merged.
 *
 * The kind of a file is chosen by its name: ".pgn" is PGN (records/pgn.h;
 * every game is a cluster of its own), anything else is a results file:
 *
 *     # comment lines start with '#'; blank lines are skipped
 *     first,second,score,pair,settlement
 *     Alpha,Beta,1,d1,143
 *     Beta,Alpha,0.5,d1,
 *     "Gamma, v2",Alpha,0,,-97
 *
 * `first` is the first dealer, `score` his score (1, 0.5 or 0), `pair` an
 * optional duplicate-pair id and `settlement` his optional settlement in
 * points (an integer; not negative for a win, not positive for a loss).
 * Fields are separated by commas and may be quoted as in RFC 4180 (within
 * one line); spaces around unquoted fields are dropped; trailing empty
 * fields may be left out. The header line is required. A pair id names the
 * two parties of one duplicate pair: the same two bots with seats swapped,
 * never a third partie; ids are local to their file, and a partie without
 * one is a cluster of its own. Names are UTF-8 and not empty; a bot never
 * plays itself. Every file must hold at least one finished partie.
 *
 * Bots are merged by name over all files, numbered in order of first
 * appearance; cluster ids are unique over all files. Each kind of file is
 * one entry of the table in results.c: PGN, journals (".jsonl") and
 * results files, chosen in that order. Partie records already read
 * (records/record.h; the leaderboard's store) are added without any file.
 */
#ifndef RECORDS_RESULTS_H
#define RECORDS_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "records/journal.h"
#include "records/record.h"
#include "stats/ratings.h"

/* The header line of a results file. */
#define RESULTS_CSV_HEADER "first,second,score,pair,settlement"

struct results {
    struct ratings_partie *parties;
    size_t n_parties, parties_cap;
    /* The matches of another game (journal "match" records,
     * records/game_record.h), one table per match in the entrants' seats
     * (a side's bot holds its side's seat), clustered by duplicate set.
     * One game and table size only; never mixed with parties. */
    struct ratings_table *tables;
    size_t n_tables, tables_cap;
    char game[48];                    /* "belote-4", "" before any match */
    char **names;        /* bot i; pass as (const char *const *) */
    int n_bots, names_cap;
    long n_clusters;     /* cluster ids handed out: 0..n_clusters-1 */
    struct journal_reader journals;   /* the journals' parties, so that none is read twice */
    /* Set before reading to put each journal's parties or matches in a
     * canonical order: by id (schedule order in a tournament), a tie kept
     * in file order, its new bots and clusters numbered in that order. The
     * fit then sees the same input whatever order the parties finished in,
     * so the standings of a run, of its shards merged (arena merge) and of
     * a run at another concurrency agree to the last digit. Off (file
     * order) for readers to which the order matters (arena sprt --from). */
    bool canonical;
};

/* No results yet. */
void results_init(struct results *self);

/* Frees everything and leaves self as after results_init(). */
void results_release(struct results *self);

/* Appends the parties of the file at `path`, of the kind its name says.
 * Returns 0, or -1 with the reason in err (err_size bytes), naming the file
 * and, for a bad line, the line: "r.csv:7: unknown score '2' (want 1, 0.5
 * or 0)". On error nothing is appended. */
int results_read(struct results *self, const char *path, char *err,
                 size_t err_size);

/* As results_read() for a results file already open; `source` names it in
 * messages. */
int results_read_csv(struct results *self, FILE *in, const char *source,
                     char *err, size_t err_size);

/* As results_read() for a tournament journal already open (files ending
 * in .jsonl; records/journal.h, records/record.h): every "partie" record, the
 * two parties on one seed between the same bots forming a duplicate pair;
 * every "match" record of another game into `tables` (its "set" in its
 * run a cluster); a torn last line is skipped. The journal reader's rules hold over every
 * journal read into self: a partie already read, from this file or an
 * earlier one, is an error naming both lines. */
int results_read_journal(struct results *self, FILE *in, const char *source,
                         char *err, size_t err_size);

/* Appends the parties of n partie records already read (records/record.h)
 * as one journal of them would: the two parties on one seed between the
 * same bots in one run form a duplicate pair. `source` names them in
 * messages ("the store: partie 7: ..."). 0, or -1 with err, and then
 * nothing is appended. */
int results_add_records(struct results *self, const struct record_partie *records, size_t n, const char *source,
                        char *err, size_t err_size);

/* As results_read() for a PGN file already open. */
int results_read_pgn(struct results *self, FILE *in, const char *source,
                     char *err, size_t err_size);

#endif

/* shard.h - one machine's share of a tournament (`arena run --shard K/N`,
 * docs/design.md "Beyond one machine").
 *
 * The rule, computed here and nowhere else: the schedule (sched.h) is
 * built whole, from the same bots, format, pairs and master seed, so every
 * match keeps its id, seed, seats and packs; its duplicate pairs (Piquet)
 * or sets (every other game) are numbered j = 0, 1, ... in schedule order,
 * and set j goes to shard j mod N. A set's matches are neighbours in the
 * schedule and all go to one shard, so a duplicate set is never split and
 * no bot process of one shard sees a pack twice. Dealing sets in turn
 * keeps the shards within one set of each other in size and, since the
 * schedule interleaves the pairings round by round, gives each shard a
 * share of every pairing.
 *
 * A shard is written "K/N" (K from 0 to N-1) on the command line and in
 * the journal's header ("shard": "1/4"); N = 0 means the whole tournament.
 */
#ifndef ARENA_TOURNAMENT_SHARD_H
#define ARENA_TOURNAMENT_SHARD_H

#include <stddef.h>
#include "arena/tournament/sched.h"

enum { SHARD_MAX = 100000 };

struct shard {
    int k, n;       /* shard k of n; n = 0: the whole tournament */
};

/* "K/N" (whole numbers, 0 <= K < N <= SHARD_MAX) into self. 0, or -1 with
 * "bad shard '4/4': K runs from 0 to N-1" in err. */
int shard_parse(struct shard *self, const char *text, char *err, size_t cap);

/* "K/N" into buf (room for 16 bytes at least); "" for the whole tournament. */
const char *shard_format(const struct shard *self, char *buf, size_t cap);

/* The duplicate sets of a schedule: how many, and each partie's set number
 * j in schedule order into set_of[0..sched->n-1] (may be NULL). */
size_t shard_sets(const struct sched *sched, size_t *set_of);

/* The shard (0..n-1) of each partie of the schedule into shard_of[]:
 * its set number modulo n. 0, or -1 with err when the schedule has fewer
 * sets than shards (a shard would play nothing) or out of memory. */
int shard_assign(const struct sched *sched, int n, int *shard_of, char *err, size_t cap);

/* Keeps only the parties of shard self->k of the schedule, in order, with
 * their ids; a no-op for the whole tournament. 0, or -1 with err (as
 * shard_assign). */
int shard_keep(const struct shard *self, struct sched *sched, char *err, size_t cap);

#endif

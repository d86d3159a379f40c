/* shard.c - the shards of a tournament (shard.h): the set number of each
 * scheduled partie and the shard that plays it. The schedule owns its
 * parties; shard_keep only moves the kept ones to the front.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/tournament/shard.h"

/* A whole number of at most 9 digits at *p; -1 when there is none. */
static long digits(const char **p)
{
    long v = 0;
    int n = 0;
    for (; **p >= '0' && **p <= '9' && n < 9; (*p)++, n++) v = v * 10 + (**p - '0');
    return n && !(**p >= '0' && **p <= '9') ? v : -1;
}

int shard_parse(struct shard *self, const char *text, char *err, size_t cap)
{
    const char *p = text;
    long k = digits(&p), n = -1;
    if (k >= 0 && *p == '/') {
        p++;
        n = digits(&p);
    }
    if (k < 0 || n < 0 || *p) {
        snprintf(err, cap, "bad shard '%.40s': give K/N, shard K (from 0) of N", text);
        return -1;
    }
    if (n < 1 || n > SHARD_MAX || k >= n) {
        snprintf(err, cap, "bad shard '%.40s': N runs from 1 to %d and K from 0 to N-1", text, SHARD_MAX);
        return -1;
    }
    self->k = (int)k;
    self->n = (int)n;
    return 0;
}

const char *shard_format(const struct shard *self, char *buf, size_t cap)
{
    if (self->n > 0) snprintf(buf, cap, "%d/%d", self->k, self->n);
    else if (cap) buf[0] = '\0';
    return buf;
}

size_t shard_sets(const struct sched *sched, size_t *set_of)
{
    size_t sets = 0;
    for (size_t i = 0; i < sched->n; i++) {
        /* A set's matches are neighbours and share its pair number. */
        if (i == 0 || sched->parties[i].pair != sched->parties[i - 1].pair) sets++;
        if (set_of) set_of[i] = sets - 1;
    }
    return sets;
}

int shard_assign(const struct sched *sched, int n, int *shard_of, char *err, size_t cap)
{
    size_t *set_of = malloc((sched->n + 1) * sizeof *set_of);
    if (!set_of) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    size_t sets = shard_sets(sched, set_of);
    if (sets < (size_t)n) {
        snprintf(err, cap, "%d shards, but the tournament has %zu duplicate pairs or sets to deal: at most %zu "
                 "shards", n, sets, sets);
        free(set_of);
        return -1;
    }
    for (size_t i = 0; i < sched->n; i++) shard_of[i] = (int)(set_of[i] % (size_t)n);
    free(set_of);
    return 0;
}

int shard_keep(const struct shard *self, struct sched *sched, char *err, size_t cap)
{
    if (self->n == 0) return 0;
    int *shard_of = malloc((sched->n + 1) * sizeof *shard_of);
    if (!shard_of) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    if (shard_assign(sched, self->n, shard_of, err, cap) < 0) {
        free(shard_of);
        return -1;
    }
    size_t kept = 0;
    for (size_t i = 0; i < sched->n; i++)
        if (shard_of[i] == self->k) sched->parties[kept++] = sched->parties[i];
    sched->n = kept;
    free(shard_of);
    return 0;
}

/* support_transpose.c - see support_transpose.h. The states met are kept
 * in an open-addressing table by key: a digest of the legal action texts,
 * one of the played-out scores and one of the line that reached the state
 * (the action indices from the root), so that an equal key met along
 * another line is told from the same state met again. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/rng.h"
#include "tests/support_transpose.h"

enum { TABLE_BITS = 17, TABLE_SIZE = 1 << TABLE_BITS };

struct seen {
    uint64_t key, legal, score, line;
};

static uint64_t fnv(uint64_t h, const void *bytes, size_t n)
{
    const unsigned char *p = bytes;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

int transpose_apply(const struct game *g, void *state, int n)
{
    char text[GAME_ACTION_MAX], err[200];
    if (g->apply_legal) return g->apply_legal(state, n);
    int len = g->legal_text(state, n, text, sizeof text);
    return len < 0 ? GAME_ILLEGAL : g->apply(state, text, len, err, sizeof err);
}

static uint64_t legal_digest(const struct game *g, const void *state)
{
    char text[GAME_ACTION_MAX];
    int n = g->legal_count(state);
    uint64_t h = fnv(0xcbf29ce484222325ull, &n, sizeof n);
    for (int i = 0; i < n; i++) {
        int len = g->legal_text(state, i, text, sizeof text);
        h = fnv(h, text, len > 0 ? (size_t)len + 1 : 0);
    }
    return h;
}

/* The scores once the deal is played out from `state` by legal action 0. */
static uint64_t score_digest(const struct game *g, const void *state, void *work)
{
    long scores[GAME_MAX_PLAYERS] = { 0 };
    memcpy(work, state, g->state_size);
    int rc = GAME_GOES_ON;
    while (rc == GAME_GOES_ON) rc = transpose_apply(g, work, 0);
    if (rc == GAME_ILLEGAL) return 0;
    g->scores(work, scores);
    return fnv(0xcbf29ce484222325ull, scores, sizeof scores);
}

int transpose_check(const struct game *g, const void *root, int lines, uint64_t seed, struct transpose_tally *tally,
                    char *why, int cap)
{
    struct seen *table = calloc(TABLE_SIZE, sizeof *table);
    void *state = malloc(g->state_size), *work = malloc(g->state_size);
    struct pq_rng rng;
    int rc = 0;
    if (!table || !state || !work) {
        snprintf(why, (size_t)cap, "out of memory");
        rc = -1;
        goto out;
    }
    pq_rng_seed(&rng, seed);
    for (int l = 0; l < lines && rc == 0; l++) {
        uint64_t line = 0x9e3779b97f4a7c15ull, key;
        memcpy(state, root, g->state_size);
        while (rc == 0 && (key = g->position(state)) != 0) {
            struct seen now = { key, legal_digest(g, state), score_digest(g, state, work), line };
            size_t at = (size_t)(key >> (64 - TABLE_BITS));
            while (table[at].key && table[at].key != key) at = (at + 1) & (TABLE_SIZE - 1);
            tally->states++;
            if (!table[at].key) {
                table[at] = now;
            } else {
                tally->repeats++;
                tally->transpositions += table[at].line != line;
                if (table[at].legal != now.legal || table[at].score != now.score) {
                    snprintf(why, (size_t)cap, "key %016llx: two states (line %d) differ in their %s",
                             (unsigned long long)key, l, table[at].legal != now.legal ? "legal actions" : "scores");
                    rc = -1;
                }
            }
            int n = g->legal_count(state), pick = (int)pq_rng_below(&rng, (uint32_t)n);
            line = (line ^ (uint64_t)pick) * 0x100000001b3ull;
            if (transpose_apply(g, state, pick) != GAME_GOES_ON) break;
        }
    }
out:
    free(work);
    free(state);
    free(table);
    return rc;
}

int transpose_matches(const struct game *g, void *state, const char *const *rules, int matches, uint64_t seed,
                      uint64_t rng_seed, int lines_first, int lines_late, int (*late)(const void *state),
                      struct transpose_tally *tally, char *why, int cap)
{
    char what[200];
    for (int k = 0; k < matches; k++) {
        struct game_setup setup = { 4, seed + (uint64_t)k, k & 3, rules, 0 };
        struct pq_rng rng;
        if (g->create(state, &setup, why, cap) < 0) return -1;
        pq_rng_seed(&rng, rng_seed + (uint64_t)k);
        int checked_first = 0, checked_late = 0, deal = g->deal_number(state);
        while (g->to_act(state) >= 0) {
            if (g->deal_number(state) != deal) {
                deal = g->deal_number(state);
                checked_first = checked_late = 0;
            }
            int keyed = g->position(state) != 0;
            for (int at_late = 0; at_late < 2; at_late++) {
                int *checked = at_late ? &checked_late : &checked_first;
                if (!keyed || *checked || (at_late && !late(state))) continue;
                *checked = 1;
                if (transpose_check(g, state, at_late ? lines_late : lines_first, pq_rng_next(&rng), tally, what,
                                    sizeof what) < 0) {
                    snprintf(why, (size_t)cap, "match %d deal %d, %s: %s", k, deal, at_late ? "late" : "first play",
                             what);
                    return -1;
                }
            }
            int n = g->legal_count(state);
            if (transpose_apply(g, state, (int)pq_rng_below(&rng, (uint32_t)n)) == GAME_ILLEGAL) {
                snprintf(why, (size_t)cap, "match %d deal %d: a listed action refused", k, deal);
                return -1;
            }
        }
    }
    return 0;
}

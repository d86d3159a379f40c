/* swiss.c - Swiss pairings and standings (swiss.h). The history lives in
 * plain arrays indexed by bot; a table is a 64-bit set of bots, so "played
 * before" is a scan of the tables paired so far. The module knows nothing
 * of processes, journals or games beyond their number of entrants; the
 * caller turns a round into matches (sched.h) and results into scores.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/tournament/swiss.h"

int swiss_init(struct swiss *self, int n_bots, int entrants, int round_matches, char *err, size_t cap)
{
    memset(self, 0, sizeof *self);
    if (entrants < 2 || entrants > GAME_MAX_PLAYERS || round_matches < 1) {
        snprintf(err, cap, "a Swiss needs tables of 2 to %d programs", GAME_MAX_PLAYERS);
        return -1;
    }
    if (n_bots < entrants || n_bots > SWISS_MAX_BOTS) {
        snprintf(err, cap, "a Swiss at tables of %d needs %d to %d bots, not %d", entrants, entrants, SWISS_MAX_BOTS,
                 n_bots);
        return -1;
    }
    self->n_bots = n_bots;
    self->entrants = entrants;
    self->round_matches = round_matches;
    return 0;
}

void swiss_release(struct swiss *self)
{
    if (!self) return;
    free(self->played);
    self->played = NULL;
    self->n_played = self->cap_played = 0;
}

double swiss_points(const struct swiss *self, int bot)
{
    return (double)self->points[bot] / (2.0 * (self->entrants - 1));
}

double swiss_buchholz(const struct swiss *self, int bot)
{
    long sum = 0;
    for (int j = 0; j < self->n_bots; j++) sum += (long)self->met[bot][j] * self->points[j];
    return (double)sum / (2.0 * (self->entrants - 1));
}

/* Whether bot a ranks before bot b: points, Buchholz, the order given. */
static int ranks_before(const struct swiss *self, int a, int b)
{
    if (self->points[a] != self->points[b]) return self->points[a] > self->points[b];
    long ba = 0, bb = 0;
    for (int j = 0; j < self->n_bots; j++) {
        ba += (long)self->met[a][j] * self->points[j];
        bb += (long)self->met[b][j] * self->points[j];
    }
    if (ba != bb) return ba > bb;
    return a < b;
}

void swiss_rank(const struct swiss *self, int order[SWISS_MAX_BOTS])
{
    for (int i = 0; i < self->n_bots; i++) {
        int j = i;
        for (; j > 0 && ranks_before(self, i, order[j - 1]); j--) order[j] = order[j - 1];
        order[j] = i;
    }
}

int swiss_note_table(struct swiss *self, const int *bots, int n)
{
    uint64_t set = 0;
    for (int i = 0; i < n; i++) {
        assert(bots[i] >= 0 && bots[i] < self->n_bots);
        set |= (uint64_t)1 << bots[i];
        for (int j = 0; j < i; j++)
            if (bots[j] != bots[i] && self->met[bots[i]][bots[j]] < 255) {
                self->met[bots[i]][bots[j]]++;
                self->met[bots[j]][bots[i]]++;
            }
    }
    if (self->n_played == self->cap_played) {
        size_t cap = self->cap_played ? 2 * self->cap_played : 64;
        uint64_t *grown = realloc(self->played, cap * sizeof *grown);
        if (!grown) return -1;
        self->played = grown;
        self->cap_played = cap;
    }
    /* Kept sorted: the search of tables asks often. */
    size_t at = self->n_played;
    while (at > 0 && self->played[at - 1] > set) at--;
    memmove(self->played + at + 1, self->played + at, (self->n_played - at) * sizeof *self->played);
    self->played[at] = set;
    self->n_played++;
    return 0;
}

static int table_played(const struct swiss *self, uint64_t set)
{
    size_t lo = 0, hi = self->n_played;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (self->played[mid] < set) lo = mid + 1;
        else hi = mid;
    }
    return lo < self->n_played && self->played[lo] == set;
}

/* ---- two entrants: Edmonds' maximum matching over the pairs not played -- */

struct blossom {
    const struct swiss *swiss;
    const int *bots;
    int n;
    int match[SWISS_MAX_BOTS], parent[SWISS_MAX_BOTS], base[SWISS_MAX_BOTS], queue[SWISS_MAX_BOTS];
    unsigned char used[SWISS_MAX_BOTS], in_blossom[SWISS_MAX_BOTS];
};

static int fresh(const struct blossom *b, int v, int w)
{
    return v != w && !b->swiss->met[b->bots[v]][b->bots[w]];
}

/* The lowest common ancestor of v and w in the alternating forest. */
static int common_base(struct blossom *b, int v, int w)
{
    unsigned char seen[SWISS_MAX_BOTS] = { 0 };
    for (;;) {
        v = b->base[v];
        seen[v] = 1;
        if (b->match[v] < 0) break;
        v = b->parent[b->match[v]];
    }
    for (;;) {
        w = b->base[w];
        if (seen[w]) return w;
        w = b->parent[b->match[w]];
    }
}

static void mark_path(struct blossom *b, int v, int base, int child)
{
    while (b->base[v] != base) {
        b->in_blossom[b->base[v]] = b->in_blossom[b->base[b->match[v]]] = 1;
        b->parent[v] = child;
        child = b->match[v];
        v = b->parent[b->match[v]];
    }
}

/* An augmenting path from root: its free end, or -1. */
static int find_path(struct blossom *b, int root)
{
    int head = 0, tail = 0;
    memset(b->used, 0, sizeof b->used);
    for (int i = 0; i < b->n; i++) {
        b->parent[i] = -1;
        b->base[i] = i;
    }
    b->used[root] = 1;
    b->queue[tail++] = root;
    while (head < tail) {
        int v = b->queue[head++];
        for (int to = 0; to < b->n; to++) {
            if (!fresh(b, v, to) || b->base[v] == b->base[to] || b->match[v] == to) continue;
            if (to == root || (b->match[to] >= 0 && b->parent[b->match[to]] >= 0)) {
                int base = common_base(b, v, to);
                memset(b->in_blossom, 0, sizeof b->in_blossom);
                mark_path(b, v, base, to);
                mark_path(b, to, base, v);
                for (int i = 0; i < b->n; i++)
                    if (b->in_blossom[b->base[i]]) {
                        b->base[i] = base;
                        if (!b->used[i]) {
                            b->used[i] = 1;
                            b->queue[tail++] = i;
                        }
                    }
            } else if (b->parent[to] < 0) {
                b->parent[to] = v;
                if (b->match[to] < 0) return to;
                b->used[b->match[to]] = 1;
                b->queue[tail++] = b->match[to];
            }
        }
    }
    return -1;
}

/* The most pairs of bots[0..n-1] that have not met, at once. */
static int most_fresh_pairs(const struct swiss *self, const int *bots, int n)
{
    struct blossom b;
    int pairs = 0;
    b.swiss = self;
    b.bots = bots;
    b.n = n;
    for (int i = 0; i < n; i++) b.match[i] = -1;
    for (int v = 0; v < n; v++) {
        if (b.match[v] >= 0) continue;
        int end = find_path(&b, v);
        if (end < 0) continue;
        pairs++;
        while (end >= 0) {
            int pv = b.parent[end], next = b.match[pv];
            b.match[end] = pv;
            b.match[pv] = end;
            end = next;
        }
    }
    return pairs;
}

/* bots without the ones at positions i and j (j < 0: only i). */
static int without(const int *bots, int n, int i, int j, int *out)
{
    int m = 0;
    for (int k = 0; k < n; k++)
        if (k != i && k != j) out[m++] = bots[k];
    return m;
}

static void pair_two(const struct swiss *self, const int *order, struct swiss_round *out)
{
    int left[SWISS_MAX_BOTS], rest[SWISS_MAX_BOTS], n = self->n_bots;
    memcpy(left, order, sizeof *left * (size_t)n);
    if (n % 2) {
        /* The bye: fewest byes, then the lowest-ranked whose bye leaves
         * the most pairs that have not met. */
        int fewest = self->byes[order[0]], best = -1, at = -1;
        for (int i = 1; i < n; i++)
            if (self->byes[order[i]] < fewest) fewest = self->byes[order[i]];
        for (int i = n - 1; i >= 0; i--) {
            if (self->byes[order[i]] != fewest) continue;
            int m = most_fresh_pairs(self, rest, without(order, n, i, -1, rest));
            if (m > best) {
                best = m;
                at = i;
            }
        }
        out->bye[out->n_byes++] = order[at];
        n = without(order, n, at, -1, left);
    }
    int target = most_fresh_pairs(self, left, n);
    out->repeats = n / 2 - target;
    while (n > 0) {
        int c = 1;
        for (; c < n; c++) {
            int is_fresh = !self->met[left[0]][left[c]];
            int m = without(left, n, 0, c, rest);
            if (is_fresh + most_fresh_pairs(self, rest, m) == target) {
                target -= is_fresh;
                break;
            }
        }
        assert(c < n);   /* a maximum matching pairs left[0] with someone */
        int *table = out->table[out->n_tables++];
        table[0] = left[0];
        table[1] = left[c];
        n = without(left, n, 0, c, rest);
        memcpy(left, rest, sizeof *left * (size_t)n);
    }
}

/* ---- three or more entrants: a search in rank order ----------------------- */

struct table_search {
    const struct swiss *swiss;
    int k, limit;
    long steps;
    int n_tables;
    int table[SWISS_MAX_TABLES][GAME_MAX_PLAYERS];
};

/* Seats left[0..n-1] (in rank order) at tables with at most `limit`
 * played before in all; 1 when done. */
static int seat_tables(struct table_search *q, const int *left, int n, int repeats)
{
    int c[GAME_MAX_PLAYERS], rest[SWISS_MAX_BOTS], k = q->k;
    if (n == 0) return 1;
    for (int e = 0; e < k - 1; e++) c[e] = e + 1;
    for (;;) {
        if (++q->steps > SWISS_SEARCH_STEPS) return 0;
        uint64_t set = (uint64_t)1 << left[0];
        for (int e = 0; e < k - 1; e++) set |= (uint64_t)1 << left[c[e]];
        int again = table_played(q->swiss, set);
        if (repeats + again <= q->limit) {
            int m = 0, *table = q->table[q->n_tables++];
            table[0] = left[0];
            for (int e = 0; e < k - 1; e++) table[e + 1] = left[c[e]];
            for (int i = 1, e = 0; i < n; i++) {
                if (e < k - 1 && c[e] == i) e++;
                else rest[m++] = left[i];
            }
            if (seat_tables(q, rest, m, repeats + again)) return 1;
            q->n_tables--;
        }
        /* The next combination of k - 1 positions out of 1..n-1. */
        int i = k - 2;
        while (i >= 0 && c[i] == n - 1 - (k - 2 - i)) i--;
        if (i < 0) return 0;
        c[i]++;
        for (int j = i + 1; j < k - 1; j++) c[j] = c[j - 1] + 1;
    }
}

static void fill_tables(const struct swiss *self, const int *order, struct swiss_round *out)
{
    int k = self->entrants, n = self->n_bots, by_bye[SWISS_MAX_BOTS], left[SWISS_MAX_BOTS], m = 0;
    /* The byes: fewest byes, then the lowest-ranked (a stable sort of the
     * bots from the lowest-ranked up by their byes). */
    for (int i = 0; i < n; i++) {
        int bot = order[n - 1 - i], j = i;
        for (; j > 0 && self->byes[by_bye[j - 1]] > self->byes[bot]; j--) by_bye[j] = by_bye[j - 1];
        by_bye[j] = bot;
    }
    for (int i = 0; i < n % k; i++) out->bye[out->n_byes++] = by_bye[i];
    for (int i = 0; i < n; i++) {
        int is_bye = 0;
        for (int b = 0; b < out->n_byes; b++) is_bye |= out->bye[b] == order[i];
        if (!is_bye) left[m++] = order[i];
    }
    struct table_search q;
    for (int limit = 0; limit <= m / k; limit++) {
        memset(&q, 0, sizeof q);
        q.swiss = self;
        q.k = k;
        q.limit = limit;
        if (seat_tables(&q, left, m, 0)) break;
    }
    assert(q.n_tables == m / k);   /* with as many repeats as tables, the first try fits */
    out->n_tables = q.n_tables;
    memcpy(out->table, q.table, sizeof q.table);
    for (int t = 0; t < q.n_tables; t++) {
        uint64_t set = 0;
        for (int e = 0; e < k; e++) set |= (uint64_t)1 << q.table[t][e];
        out->repeats += table_played(self, set);
    }
}

/* How far a bot is above its share of first seats, in 1/k of a table. */
static int first_share(const struct swiss *self, int bot)
{
    return self->firsts[bot] * self->entrants - self->seated[bot];
}

int swiss_pair(struct swiss *self, struct swiss_round *out)
{
    int order[SWISS_MAX_BOTS], rank_of[SWISS_MAX_BOTS], k = self->entrants;
    memset(out, 0, sizeof *out);
    swiss_rank(self, order);
    for (int i = 0; i < self->n_bots; i++) rank_of[order[i]] = i;
    if (k == 2) pair_two(self, order, out);
    else fill_tables(self, order, out);
    out->number = self->rounds + 1;
    /* Seats: the first to whoever is furthest below its share of first
     * seats (one table in k), ties to the higher-ranked. */
    for (int t = 0; t < out->n_tables; t++) {
        int *table = out->table[t];
        for (int i = 1; i < k; i++) {
            int bot = table[i], j = i;
            for (; j > 0 && (first_share(self, bot) < first_share(self, table[j - 1]) ||
                             (first_share(self, bot) == first_share(self, table[j - 1]) &&
                              rank_of[bot] < rank_of[table[j - 1]]));
                 j--)
                table[j] = table[j - 1];
            table[j] = bot;
        }
    }
    for (int t = 0; t < out->n_tables; t++) {
        if (swiss_note_table(self, out->table[t], k) < 0) return -1;
        self->firsts[out->table[t][0]]++;
        for (int e = 0; e < k; e++) self->seated[out->table[t][e]]++;
    }
    for (int b = 0; b < out->n_byes; b++) self->byes[out->bye[b]]++;
    self->rounds++;
    self->last = *out;
    return 0;
}

void swiss_close_round(struct swiss *self, const long *gained)
{
    const struct swiss_round *round = &self->last;
    for (int t = 0; t < round->n_tables; t++)
        for (int e = 0; e < self->entrants; e++) self->points[round->table[t][e]] += gained[round->table[t][e]];
    /* A bye: every match of the round drawn, half of 2 (entrants - 1) units each. */
    for (int b = 0; b < round->n_byes; b++)
        self->points[round->bye[b]] += (long)self->round_matches * (self->entrants - 1);
}

void swiss_match_score(int n, const int *bot, const long *points, int winner, long *score)
{
    int first[GAME_MAX_PLAYERS], entrants = 0;
    for (int s = 0; s < n; s++) {
        first[s] = 1;
        for (int t = 0; t < s; t++)
            if (bot[t] == bot[s]) first[s] = 0;
        entrants += first[s];
        score[s] = 0;
    }
    for (int s = 0; s < n; s++) {
        if (!first[s]) continue;
        if (!points || entrants == 2) {
            score[s] = winner < 0 ? 1 : bot[winner] == bot[s] ? 2 : 0;
            continue;
        }
        for (int t = 0; t < n; t++)
            if (first[t] && t != s) score[s] += points[s] > points[t] ? 2 : points[s] == points[t] ? 1 : 0;
    }
}

cJSON *swiss_round_record(const struct swiss *self, const char *const *names)
{
    const struct swiss_round *round = &self->last;
    int order[SWISS_MAX_BOTS];
    cJSON *rec = cJSON_CreateObject();
    if (!rec) return NULL;
    cJSON_AddStringToObject(rec, "type", "round");
    cJSON_AddNumberToObject(rec, "round", round->number);
    cJSON *tables = cJSON_AddArrayToObject(rec, "tables");
    for (int t = 0; tables && t < round->n_tables; t++) {
        cJSON *table = cJSON_CreateArray();
        cJSON_AddItemToArray(tables, table);
        for (int e = 0; table && e < self->entrants; e++)
            cJSON_AddItemToArray(table, cJSON_CreateString(names[round->table[t][e]]));
    }
    cJSON *byes = cJSON_AddArrayToObject(rec, "byes");
    for (int b = 0; byes && b < round->n_byes; b++) cJSON_AddItemToArray(byes, cJSON_CreateString(names[round->bye[b]]));
    cJSON_AddNumberToObject(rec, "repeats", round->repeats);
    cJSON *standings = cJSON_AddArrayToObject(rec, "standings");
    swiss_rank(self, order);
    for (int i = 0; standings && i < self->n_bots; i++) {
        int bot = order[i];
        cJSON *s = cJSON_CreateObject();
        cJSON_AddItemToArray(standings, s);
        cJSON_AddNumberToObject(s, "rank", i + 1);
        cJSON_AddStringToObject(s, "bot", names[bot]);
        cJSON_AddNumberToObject(s, "points", swiss_points(self, bot));
        cJSON_AddNumberToObject(s, "buchholz", swiss_buchholz(self, bot));
        cJSON_AddNumberToObject(s, "tables", self->seated[bot]);
        cJSON_AddNumberToObject(s, "byes", self->byes[bot]);
    }
    if (!tables || !byes || !standings) {
        cJSON_Delete(rec);
        return NULL;
    }
    return rec;
}

void swiss_print_standings(const struct swiss *self, const char *const *names, int rounds, FILE *out)
{
    int order[SWISS_MAX_BOTS], width = 3;
    const struct swiss_round *round = &self->last;
    int decimals = self->entrants == 2 ? 1 : 2;
    for (int i = 0; i < self->n_bots; i++)
        if ((int)strlen(names[i]) > width) width = (int)strlen(names[i]);
    fprintf(out, "round %d of %d:", round->number, rounds);
    for (int t = 0; t < round->n_tables; t++) {
        fprintf(out, "%s", t ? "," : "");
        for (int e = 0; e < self->entrants; e++) fprintf(out, " %s%s", e ? "- " : "", names[round->table[t][e]]);
    }
    for (int b = 0; b < round->n_byes; b++) fprintf(out, "%s %s", b ? "," : "; bye:", names[round->bye[b]]);
    if (round->repeats) fprintf(out, " (%d repeated: no other pairing was left)", round->repeats);
    fprintf(out, "\nstandings after round %d (a round offers %d points):\nrank  %-*s  points  buchholz  tables  byes\n",
            round->number, self->round_matches, width, "bot");
    swiss_rank(self, order);
    for (int i = 0; i < self->n_bots; i++) {
        int bot = order[i];
        fprintf(out, "%4d  %-*s  %6.*f  %8.*f  %6d  %4d\n", i + 1, width, names[bot], decimals,
                swiss_points(self, bot), decimals, swiss_buchholz(self, bot), self->seated[bot], self->byes[bot]);
    }
}

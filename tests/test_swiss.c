/* test_swiss.c - Swiss pairings (arena/tournament/swiss.h) as pure
 * functions: over many field sizes, odd and even, with random results, a
 * round repeats a pairing (a table) only when an exhaustive search of the
 * test's own finds no round with fewer repeats; byes rotate; first seats
 * balance; match scores and the rank order.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "arena/tournament/swiss.h"
#include "engine/rng.h"

/* Random results for a round: each table's entrants get random scores
 * from swiss_match_score (a random winner, or random points). */
static void play_round(struct swiss *s, const struct swiss_round *round, struct pq_rng *rng)
{
    long gained[SWISS_MAX_BOTS] = { 0 };
    for (int t = 0; t < round->n_tables; t++) {
        long points[GAME_MAX_PLAYERS], score[GAME_MAX_PLAYERS];
        for (int m = 0; m < s->round_matches; m++) {
            for (int e = 0; e < s->entrants; e++) points[e] = (long)(pq_rng_below(rng, 5));
            int winner = (int)pq_rng_below(rng, 3) - 1;
            swiss_match_score(s->entrants, round->table[t], s->entrants == 2 ? NULL : points, winner, score);
            for (int e = 0; e < s->entrants; e++) gained[round->table[t][e]] += score[e];
        }
    }
    swiss_close_round(s, gained);
}

/* Each bot once: at one table or on a bye; as many byes as the tables
 * leave over. */
static void check_partition(const struct swiss *s, const struct swiss_round *round)
{
    int seen[SWISS_MAX_BOTS] = { 0 };
    cr_assert_eq(round->n_tables, s->n_bots / s->entrants);
    cr_assert_eq(round->n_byes, s->n_bots % s->entrants);
    for (int t = 0; t < round->n_tables; t++)
        for (int e = 0; e < s->entrants; e++) seen[round->table[t][e]]++;
    for (int b = 0; b < round->n_byes; b++) seen[round->bye[b]]++;
    for (int i = 0; i < s->n_bots; i++) cr_assert_eq(seen[i], 1, "bot %d is seated %d times", i, seen[i]);
}

/* ---- the test's own exhaustive search ---------------------------------- */

static int played_before(const struct swiss *before, const int *bots, int k)
{
    if (k == 2) return before->met[bots[0]][bots[1]] > 0;
    uint64_t set = 0;
    for (int e = 0; e < k; e++) set |= (uint64_t)1 << bots[e];
    for (size_t i = 0; i < before->n_played; i++)
        if (before->played[i] == set) return 1;
    return 0;
}

/* The fewest repeats over every way to split bots[0..n-1] into tables of k. */
static int fewest_repeats(const struct swiss *before, const int *bots, int n, int k)
{
    if (n == 0) return 0;
    int best = 1000, c[GAME_MAX_PLAYERS], rest[SWISS_MAX_BOTS];
    for (int e = 0; e < k - 1; e++) c[e] = e + 1;
    for (;;) {
        int table[GAME_MAX_PLAYERS], m = 0;
        table[0] = bots[0];
        for (int e = 0; e < k - 1; e++) table[e + 1] = bots[c[e]];
        for (int i = 1, e = 0; i < n; i++) {
            if (e < k - 1 && c[e] == i) e++;
            else rest[m++] = bots[i];
        }
        int r = played_before(before, table, k) + fewest_repeats(before, rest, m, k);
        if (r < best) best = r;
        int i = k - 2;
        while (i >= 0 && c[i] == n - 1 - (k - 2 - i)) i--;
        if (i < 0) return best;
        c[i]++;
        for (int j = i + 1; j < k - 1; j++) c[j] = c[j - 1] + 1;
    }
}

/* The fewest repeats of any round, byes going to bots with the fewest
 * byes (for two entrants, any of them; for more, the ones the rule
 * names: they are given). */
static int fewest_of_round(const struct swiss *before, const struct swiss_round *round)
{
    int k = before->entrants, n = before->n_bots, bots[SWISS_MAX_BOTS], m = 0;
    if (k > 2 || n % 2 == 0) {
        for (int i = 0; i < n; i++) {
            int bye = 0;
            for (int b = 0; b < round->n_byes; b++) bye |= round->bye[b] == i;
            if (!bye) bots[m++] = i;
        }
        return fewest_repeats(before, bots, m, k);
    }
    int fewest = 1000, best = 1000;
    for (int i = 0; i < n; i++)
        if (before->byes[i] < fewest) fewest = before->byes[i];
    for (int bye = 0; bye < n; bye++) {
        if (before->byes[bye] != fewest) continue;
        m = 0;
        for (int i = 0; i < n; i++)
            if (i != bye) bots[m++] = i;
        int r = fewest_repeats(before, bots, m, 2);
        if (r < best) best = r;
    }
    return best;
}

static int repeats_of(const struct swiss *before, const struct swiss_round *round)
{
    int r = 0;
    for (int t = 0; t < round->n_tables; t++) r += played_before(before, round->table[t], before->entrants);
    return r;
}

/* Rounds of a Swiss of n bots at tables of k, each checked against the
 * exhaustive search; returns the repeats over all rounds. */
static int play_checked(int n, int k, int rounds, uint64_t seed)
{
    struct swiss s, before;
    struct swiss_round round;
    char err[200];
    struct pq_rng rng;
    pq_rng_seed(&rng, seed);
    int total = 0;
    cr_assert_eq(swiss_init(&s, n, k, 2, err, sizeof err), 0, "%s", err);
    for (int r = 1; r <= rounds; r++) {
        before = s;
        before.played = malloc((s.n_played + 1) * sizeof *before.played);
        if (s.n_played) memcpy(before.played, s.played, s.n_played * sizeof *s.played);
        cr_assert_eq(swiss_pair(&s, &round), 0);
        cr_assert_eq(round.number, r);
        check_partition(&s, &round);
        int repeats = repeats_of(&before, &round);
        cr_assert_eq(round.repeats, repeats, "%d bots, round %d: says %d repeats, has %d", n, r, round.repeats, repeats);
        cr_assert_eq(repeats, fewest_of_round(&before, &round),
                     "%d bots at tables of %d, round %d: %d repeats where %d would do", n, k, r, repeats,
                     fewest_of_round(&before, &round));
        total += repeats;
        free(before.played);
        play_round(&s, &round, &rng);
    }
    swiss_release(&s);
    return total;
}

Test(swiss, pairs_never_repeat_while_another_pairing_is_possible)
{
    int forced = 0;
    for (int n = 2; n <= 12; n++)
        for (uint64_t seed = 1; seed <= 4; seed++) forced += play_checked(n, 2, n + 2, seed * 7919 + (uint64_t)n);
    /* Past n - 1 rounds (n rounds when odd) repeats are forced: the test
     * saw them, so its checks of forced repeats ran too. */
    cr_assert_gt(forced, 0);
}

Test(swiss, tables_never_repeat_while_another_seating_is_possible)
{
    int forced = 0;
    for (int k = 3; k <= 5; k++)
        for (int n = k; n <= 10; n++) forced += play_checked(n, k, 8, (uint64_t)(k * 100 + n));
    cr_assert_gt(forced, 0);
}

Test(swiss, large_fields_pair_without_a_repeat_for_half_as_many_rounds)
{
    static const int sizes[] = { 20, 33, 50, 64 };
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        struct swiss s;
        struct swiss_round round;
        char err[200];
        struct pq_rng rng;
        pq_rng_seed(&rng, (uint64_t)sizes[i]);
        cr_assert_eq(swiss_init(&s, sizes[i], 2, 2, err, sizeof err), 0, "%s", err);
        /* Dirac: while every bot has not met at least half the others, a
         * round without a repeat exists; the pairing must find it. */
        for (int r = 1; r <= sizes[i] / 2; r++) {
            cr_assert_eq(swiss_pair(&s, &round), 0);
            check_partition(&s, &round);
            cr_assert_eq(round.repeats, 0, "%d bots, round %d", sizes[i], r);
            play_round(&s, &round, &rng);
        }
        swiss_release(&s);
    }
}

Test(swiss, a_bot_that_met_everyone_repeats_once_and_the_others_do_not)
{
    struct swiss s;
    struct swiss_round round;
    char err[200];
    cr_assert_eq(swiss_init(&s, 4, 2, 2, err, sizeof err), 0, "%s", err);
    for (int other = 1; other < 4; other++) cr_assert_eq(swiss_note_table(&s, (int[]){ 0, other }, 2), 0);
    cr_assert_eq(swiss_pair(&s, &round), 0);
    cr_assert_eq(round.repeats, 1, "bot 0 cannot avoid a repeat, and only one is needed");
    for (int t = 0; t < 2; t++) {
        const int *p = round.table[t];
        if (p[0] != 0 && p[1] != 0) cr_assert_eq(s.met[p[0]][p[1]], 1, "bots %d and %d met for the first time", p[0], p[1]);
    }
    swiss_release(&s);
    /* Three bots at a table of three: the one table there is, every round. */
    cr_assert_eq(swiss_init(&s, 3, 3, 6, err, sizeof err), 0, "%s", err);
    for (int r = 1; r <= 3; r++) {
        cr_assert_eq(swiss_pair(&s, &round), 0);
        cr_assert_eq(round.n_tables, 1);
        cr_assert_eq(round.repeats, r > 1, "round %d", r);
    }
    swiss_release(&s);
}

Test(swiss, byes_rotate_through_every_bot_before_any_has_two)
{
    static const int shapes[][2] = { { 5, 2 }, { 7, 2 }, { 9, 2 }, { 7, 3 }, { 10, 4 }, { 8, 5 } };
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
        int n = shapes[i][0], k = shapes[i][1];
        struct swiss s;
        struct swiss_round round;
        char err[200];
        struct pq_rng rng;
        pq_rng_seed(&rng, 99 + i);
        cr_assert_eq(swiss_init(&s, n, k, 2, err, sizeof err), 0, "%s", err);
        for (int r = 1; r <= 2 * n; r++) {
            cr_assert_eq(swiss_pair(&s, &round), 0);
            int most = 0, fewest = 1000;
            for (int b = 0; b < n; b++) {
                if (s.byes[b] > most) most = s.byes[b];
                if (s.byes[b] < fewest) fewest = s.byes[b];
            }
            cr_assert_leq(most - fewest, 1, "%d bots at tables of %d, round %d: byes from %d to %d", n, k, r, fewest, most);
            play_round(&s, &round, &rng);
        }
        swiss_release(&s);
    }
}

Test(swiss, a_bye_goes_to_the_lowest_ranked_without_one_and_scores_half)
{
    struct swiss s;
    struct swiss_round round;
    char err[200];
    cr_assert_eq(swiss_init(&s, 5, 2, 2, err, sizeof err), 0, "%s", err);
    cr_assert_eq(swiss_pair(&s, &round), 0);
    cr_assert_eq(round.n_byes, 1);
    cr_assert_eq(round.bye[0], 4, "all level: the last in the order given");
    long gained[SWISS_MAX_BOTS] = { 0 };
    for (int t = 0; t < round.n_tables; t++) gained[round.table[t][0]] = 4;   /* won both matches */
    swiss_close_round(&s, gained);
    cr_assert_float_eq(swiss_points(&s, 4), 1.0, 1e-9, "a bye: half of the 2 points a round offers");
    int order[SWISS_MAX_BOTS];
    swiss_rank(&s, order);
    cr_assert_eq(s.points[order[4]], 0);
    cr_assert_eq(swiss_pair(&s, &round), 0);
    cr_assert_neq(round.bye[0], 4, "no second bye before every bot had one");
    cr_assert_eq(round.bye[0], order[4], "the lowest-ranked without a bye");
    swiss_release(&s);
}

Test(swiss, first_seats_go_to_whoever_had_them_least)
{
    static const int shapes[][2] = { { 8, 2 }, { 9, 2 }, { 12, 3 }, { 8, 4 }, { 10, 5 } };
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
        int n = shapes[i][0], k = shapes[i][1], rounds = 2 * k;
        struct swiss s;
        struct swiss_round round;
        char err[200];
        struct pq_rng rng;
        pq_rng_seed(&rng, 5 + i);
        cr_assert_eq(swiss_init(&s, n, k, 2, err, sizeof err), 0, "%s", err);
        for (int r = 1; r <= rounds; r++) {
            int share[SWISS_MAX_BOTS];
            for (int b = 0; b < n; b++) share[b] = s.firsts[b] * k - s.seated[b];
            cr_assert_eq(swiss_pair(&s, &round), 0);
            for (int t = 0; t < round.n_tables; t++)
                for (int e = 1; e < k; e++)
                    cr_assert_leq(share[round.table[t][0]], share[round.table[t][e]],
                                  "round %d: the first seat to a bot further above its share", r);
            play_round(&s, &round, &rng);
        }
        /* A bot took the first seat at one table in k, give or take about one
         * table (two bots as far below their share may meet: one of them
         * must wait). */
        for (int b = 0; b < n; b++)
            cr_assert_leq(abs(s.firsts[b] * k - s.seated[b]), k + 1,
                          "%d bots at tables of %d: bot %d first %d times in %d tables", n, k, b, s.firsts[b],
                          s.seated[b]);
        swiss_release(&s);
    }
}

Test(swiss, a_match_scores_a_win_a_draw_or_each_comparison)
{
    long score[GAME_MAX_PLAYERS];
    swiss_match_score(2, (int[]){ 3, 1 }, NULL, 1, score);
    cr_assert(score[0] == 0 && score[1] == 2, "Piquet: B won");
    swiss_match_score(2, (int[]){ 3, 1 }, NULL, -1, score);
    cr_assert(score[0] == 1 && score[1] == 1, "drawn");
    /* Partnership: a program at both seats of its side counts once. */
    swiss_match_score(4, (int[]){ 0, 5, 0, 5 }, (long[]){ 1, 0, 1, 0 }, 0, score);
    cr_assert(score[0] == 2 && score[1] == 0 && score[2] == 0 && score[3] == 0);
    /* Four for themselves: 8 points beat everyone, two tie at 3. */
    swiss_match_score(4, (int[]){ 0, 1, 2, 3 }, (long[]){ 8, 3, 3, -14 }, 0, score);
    cr_assert(score[0] == 6 && score[1] == 3 && score[2] == 3 && score[3] == 0, "%ld %ld %ld %ld", score[0], score[1],
              score[2], score[3]);
}

Test(swiss, rank_is_points_then_buchholz_then_the_order_given)
{
    struct swiss s;
    char err[200];
    int order[SWISS_MAX_BOTS];
    cr_assert_eq(swiss_init(&s, 4, 2, 2, err, sizeof err), 0, "%s", err);
    s.points[0] = 2;
    s.points[1] = 4;
    s.points[2] = 2;
    s.points[3] = 0;
    swiss_note_table(&s, (int[]){ 2, 1 }, 2);   /* 2 met the leader: better Buchholz than 0 */
    swiss_note_table(&s, (int[]){ 0, 3 }, 2);
    swiss_rank(&s, order);
    cr_assert(order[0] == 1 && order[1] == 2 && order[2] == 0 && order[3] == 3, "%d %d %d %d", order[0], order[1],
              order[2], order[3]);
    cr_assert_float_eq(swiss_buchholz(&s, 2), 2.0, 1e-9);
    swiss_release(&s);
    cr_assert_eq(swiss_init(&s, 2, 3, 2, err, sizeof err), -1, "two bots cannot fill a table of three");
    cr_assert(strstr(err, "needs 3 to 64 bots"), "%s", err);
}

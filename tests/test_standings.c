/* test_standings.c - where the standings put each bot (stats/standings.h):
 * "all wins" above every rated bot and "all losses" below, provisional
 * bots unranked with no reliable interval, equal ratings sharing a rank,
 * and the three forms agreeing on it. One small tournament, fitted for
 * real by stats/ratings.h. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/ratings.h"
#include "stats/standings.h"

enum { A, B, C, UNBEATEN, LOSER, NEWBIE, N_BOTS };
static const char *const names[N_BOTS] = { "A", "B", "C", "Unbeaten", "Loser", "Newbie" };

/* Appends the two parties of duplicate pair `cluster` between x and y,
 * each first dealer once; wins[0], wins[1]: x's score in each. */
static void pair(struct ratings_partie *p, size_t *n, long cluster, int x, int y, double x_first, double x_second)
{
    p[(*n)++] = (struct ratings_partie){ x, y, x_first, cluster, false, 0 };
    p[(*n)++] = (struct ratings_partie){ y, x, 1 - x_second, cluster, false, 0 };
}

/* A and B are exchangeable (equal ratings); both beat C 17-3 in 10 pairs;
 * Unbeaten beats C 20-0, Loser loses 0-20; Newbie splits 2 pairs with A. */
static struct ratings *tournament(void)
{
    static struct ratings_partie parties[256];
    size_t n = 0;
    long cluster = 0;
    for (int k = 0; k < 10; k++) {
        pair(parties, &n, cluster++, A, B, 1, 0);   /* the first dealer wins each */
        pair(parties, &n, cluster++, A, C, 1, k < 7 ? 1 : 0);
        pair(parties, &n, cluster++, B, C, 1, k < 7 ? 1 : 0);
        pair(parties, &n, cluster++, UNBEATEN, C, 1, 1);
        pair(parties, &n, cluster++, LOSER, C, 0, 0);
    }
    for (int k = 0; k < 2; k++) pair(parties, &n, cluster++, NEWBIE, A, 1, 0);
    char err[256];
    struct ratings *r = ratings_fit(parties, n, names, N_BOTS, NULL, err, sizeof err);
    cr_assert_not_null(r, "%s", err);
    return r;
}

static int place_of(const struct standings *s, int bot)
{
    for (int k = 0; k < s->ratings->n_bots; k++)
        if (s->order[k] == bot) return k;
    cr_assert_fail("bot %d not in the order", bot);
    return -1;
}

Test(standings, all_wins_go_above_every_rated_bot_and_all_losses_below)
{
    struct ratings *r = tournament();
    struct standings s;
    cr_assert_eq(standings_init(&s, r, NULL), 0);
    static const int expect[N_BOTS] = { UNBEATEN, A, B, C, NEWBIE, LOSER };
    for (int k = 0; k < N_BOTS; k++)
        cr_assert_eq(s.order[k], expect[k], "place %d: %s, want %s", k, names[s.order[k]], names[expect[k]]);
    cr_assert_eq(s.section[UNBEATEN], STANDINGS_ABOVE);
    cr_assert_eq(s.section[LOSER], STANDINGS_BELOW);
    cr_assert_eq(s.rank[UNBEATEN], 0, "no finite rating, no rank");
    cr_assert_eq(r->matches[UNBEATEN], 20);
    cr_assert_eq(r->clusters_of[UNBEATEN], 10);
    standings_release(&s);
    ratings_free(r);
}

Test(standings, equal_ratings_share_a_rank_and_los_goes_to_the_next_ranked_bot)
{
    struct ratings *r = tournament();
    struct standings s;
    cr_assert_eq(standings_init(&s, r, NULL), 0);
    cr_assert_float_eq(r->rating[A], r->rating[B], STANDINGS_TIE);
    cr_assert_eq(s.rank[A], 1);
    cr_assert_eq(s.rank[B], 1);
    cr_assert_eq(s.rank[C], 3, "competition ranking: 1, 1, 3");
    cr_assert_eq(s.n_ranked, 3);
    cr_assert_eq(place_of(&s, A) + place_of(&s, B), 3, "A and B at places 1 and 2");
    cr_assert_eq(s.below[s.order[1]], s.order[2]);
    cr_assert_eq(s.below[s.order[2]], C);
    cr_assert_eq(s.below[C], -1, "the provisional Newbie is not the next ranked bot");
    standings_release(&s);
    ratings_free(r);
}

Test(standings, a_bot_with_few_matches_is_provisional_and_its_interval_unreliable)
{
    struct ratings *r = tournament();
    struct standings s;
    cr_assert_eq(standings_init(&s, r, NULL), 0);
    cr_assert_eq(r->status[NEWBIE], RATINGS_RATED);
    cr_assert_eq(r->matches[NEWBIE], 4);
    cr_assert_eq(r->clusters_of[NEWBIE], 2);
    cr_assert(standings_provisional(&s, NEWBIE));
    cr_assert_eq(s.section[NEWBIE], STANDINGS_PROVISIONAL);
    cr_assert_eq(s.rank[NEWBIE], 0);
    cr_assert_not(s.interval_ok[NEWBIE], "an interval from 2 clusters");
    cr_assert(s.interval_ok[C]);
    standings_release(&s);

    /* No minimum: Newbie is ranked by its rating, the interval still not
     * reliable; with a minimum of 30, only C (80 matches) is ranked. */
    cr_assert_eq(standings_init(&s, r, &(struct standings_options){ .min_matches = 0 }), 0);
    cr_assert_eq(s.n_ranked, 4);
    cr_assert_gt(s.rank[NEWBIE], 0);
    cr_assert_not(s.interval_ok[NEWBIE]);
    standings_release(&s);
    cr_assert_eq(standings_init(&s, r, &(struct standings_options){ .min_matches = 50 }), 0);
    cr_assert_eq(s.n_ranked, 1);
    cr_assert_eq(s.rank[C], 1);
    cr_assert_eq(s.section[UNBEATEN], STANDINGS_PROVISIONAL, "20 matches are fewer than 50");
    standings_release(&s);
    ratings_free(r);
}

Test(standings, text_and_json_show_the_same_order_and_say_what_is_not_ranked)
{
    struct ratings *r = tournament();
    struct standings s;
    char *text = NULL;
    size_t len = 0;
    cr_assert_eq(standings_init(&s, r, NULL), 0);
    FILE *out = open_memstream(&text, &len);
    cr_assert_eq(standings_print_text(&s, out), 0);
    fclose(out);
    const char *unbeaten = strstr(text, "Unbeaten"), *a = strstr(text, "  A "), *loser = strstr(text, "Loser");
    cr_assert(unbeaten && a && loser && unbeaten < a && a < loser, "%s", text);
    cr_assert_not_null(strstr(text, "(2 clusters)"), "%s", text);
    cr_assert_not_null(strstr(text, "ranked: 3 of 6 bots; 1 provisional"), "%s", text);
    free(text);

    cJSON *root = standings_json(&s, false);
    cJSON *bots = cJSON_GetObjectItem(root, "bots");
    cr_assert_null(cJSON_GetObjectItem(root, "los"), "no LOS matrix unless asked");
    cr_assert_str_eq(cJSON_GetObjectItem(cJSON_GetArrayItem(bots, 0), "section")->valuestring, "above");
    cJSON *newbie = cJSON_GetArrayItem(bots, 4);
    cr_assert_str_eq(cJSON_GetObjectItem(newbie, "name")->valuestring, "Newbie");
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(newbie, "rank")));
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(newbie, "provisional")));
    cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(newbie, "interval_ok")));
    cr_assert_eq(cJSON_GetObjectItem(cJSON_GetArrayItem(bots, 2), "rank")->valueint, 1, "B shares rank 1");
    cr_assert_eq(cJSON_GetObjectItem(root, "ranked")->valueint, 3);
    cJSON_Delete(root);
    root = standings_json(&s, true);
    cr_assert_not_null(cJSON_GetObjectItem(root, "los"));
    cJSON_Delete(root);
    standings_release(&s);
    ratings_free(r);
}

/* A separated bot (no finite rating, neither all wins nor all losses)
 * stands where its results put it: one that lost every partie to the
 * rated bots and beat only an all-losses bot is below every rated bot and
 * above that bot; one that beat every rated bot it met and lost only to
 * an all-wins bot is above them all, below that bot. */
Test(standings, a_separated_bot_stands_on_the_side_of_the_rated_bots_its_results_put_it)
{
    enum { X, Y, S, Z, T, W, N6 };
    static const char *const six[N6] = { "X", "Y", "Sunk", "Zero", "Top", "Wall" };
    static struct ratings_partie parties[128];
    size_t n = 0;
    long cluster = 0;
    for (int k = 0; k < 10; k++) pair(parties, &n, cluster++, X, Y, 1, 0);
    for (int k = 0; k < 5; k++) {
        pair(parties, &n, cluster++, S, X, 0, 0);
        pair(parties, &n, cluster++, S, Z, 1, 1);
        pair(parties, &n, cluster++, T, X, 1, 1);
        pair(parties, &n, cluster++, T, Y, 1, 1);
        pair(parties, &n, cluster++, W, T, 1, 1);
    }
    char err[256];
    struct ratings *r = ratings_fit(parties, n, six, N6, NULL, err, sizeof err);
    cr_assert_not_null(r, "%s", err);
    cr_assert_eq(r->status[S], RATINGS_SEPARATED);
    cr_assert_eq(r->status[T], RATINGS_SEPARATED);
    cr_assert_eq(r->beyond[S], -1);
    cr_assert_eq(r->beyond[T], 1);
    struct standings s;
    cr_assert_eq(standings_init(&s, r, &(struct standings_options){ .min_matches = 0 }), 0);
    static const int expect[4] = { W, T, S, Z };
    static const int place[4] = { 0, 1, 4, 5 };
    for (int k = 0; k < 4; k++)
        cr_assert_eq(s.order[place[k]], expect[k], "place %d: %s, want %s", place[k], six[s.order[place[k]]],
                     six[expect[k]]);
    cr_assert_eq(s.section[T], STANDINGS_ABOVE);
    cr_assert_eq(s.section[S], STANDINGS_BELOW);
    cJSON *root = standings_json(&s, false);
    cJSON *sunk = cJSON_GetArrayItem(cJSON_GetObjectItem(root, "bots"), 4);
    cr_assert_str_eq(cJSON_GetObjectItem(sunk, "name")->valuestring, "Sunk");
    cr_assert_str_eq(cJSON_GetObjectItem(sunk, "section")->valuestring, "below");
    cr_assert_str_eq(cJSON_GetObjectItem(sunk, "status")->valuestring, "separated");
    cJSON_Delete(root);
    standings_release(&s);
    ratings_free(r);
}

/* Fits three bots met in the order `met` from their parties and checks
 * that the standings list them as `expect` (by name), each in `section`
 * (-1: any). */
static void expect_order(const struct ratings_partie *parties, size_t n, const char *const met[3],
                         const char *const expect[3], int section)
{
    char err[256];
    struct ratings *r = ratings_fit(parties, n, met, 3, NULL, err, sizeof err);
    cr_assert_not_null(r, "%s", err);
    struct standings s;
    cr_assert_eq(standings_init(&s, r, NULL), 0);
    for (int k = 0; k < 3; k++) {
        cr_assert(section < 0 || (int)s.section[s.order[k]] == section, "place %d: section %d", k, s.section[s.order[k]]);
        cr_assert_str_eq(met[s.order[k]], expect[k], "met as %s, %s, %s: place %d (ratings %.17g %.17g %.17g)", met[0],
                         met[1], met[2], k, r->rating[0], r->rating[1], r->rating[2]);
    }
    standings_release(&s);
    ratings_free(r);
}

/* The order of bots the standings cannot tell apart (here two "all losses"
 * bots) by name, whatever order they came in: the arena's journal and the
 * leaderboard's database meet the bots in different orders and must print
 * the same standings (a ladder's test saw them swapped). */
Test(standings, bots_the_results_cannot_tell_apart_stand_by_name_whatever_order_they_came_in)
{
    static const char *const met[2][3] = { { "Winner", "Zed", "Amy" }, { "Amy", "Winner", "Zed" } };
    static const char *const expect[3] = { "Winner", "Amy", "Zed" };
    static const int winner_at[2] = { 0, 1 };
    for (int v = 0; v < 2; v++) {
        struct ratings_partie parties[40];
        size_t n = 0;
        int w = winner_at[v];
        for (int k = 0; k < 10; k++)
            for (int loser = 0; loser < 3; loser++)
                if (loser != w) pair(parties, &n, (long)n, w, loser, 1, 1);
        expect_order(parties, n, met[v], expect, -1);
    }
}

/* Rated bots with the same results (Amy and Zed: they split their pairs,
 * and each wins a third of its pairs with Xavier outright and splits the
 * rest) stand by name too, whatever order they came in (one fit gives
 * them the same rating to the last bit). */
Test(standings, rated_bots_with_the_same_results_stand_by_name_whatever_order_they_came_in)
{
    static const char *const met[3][3] = { { "Zed", "Xavier", "Amy" }, { "Xavier", "Amy", "Zed" }, { "Amy", "Zed", "Xavier" } };
    static const char *const expect[3] = { "Amy", "Zed", "Xavier" };
    for (int v = 0; v < 3; v++) {
        struct ratings_partie parties[128];
        size_t n = 0;
        for (int k = 0; k < 10; k++)
            for (int x = 0; x < 3; x++)
                for (int y = x + 1; y < 3; y++) {
                    int x_weak = !strcmp(met[v][x], "Xavier"), y_weak = !strcmp(met[v][y], "Xavier");
                    int outright = k % 3 == 0 && (x_weak || y_weak);
                    /* x's score in each party: the first dealer wins, or the stronger both */
                    pair(parties, &n, (long)n, x, y, outright && x_weak ? 0 : 1, outright && y_weak ? 1 : 0);
                }
        expect_order(parties, n, met[v], expect, STANDINGS_RANKED);
    }
}

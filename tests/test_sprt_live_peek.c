/* test_sprt_live_peek.c - arena sprt's job source (sprt_live_next and
 * sprt_live_peek): a peek gives the very job the next call gives, takes
 * nothing, and skips the parties already recorded as the next call does.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "arena/tournament/sprt_live.h"

static void same_job(const struct runner_job *a, const struct runner_job *b)
{
    cr_assert_eq(a->partie_id, b->partie_id);
    cr_assert_eq(a->seed, b->seed);
    cr_assert_eq(a->first_dealer, b->first_dealer);
    cr_assert_eq(a->pair, b->pair);
    cr_assert_eq(a->tag, b->tag);
    for (int p = 0; p < 2; p++) cr_assert_str_eq(a->bots[p].name, b->bots[p].name);
}

Test(sprt_live_peek, a_peek_is_the_next_job_and_takes_nothing)
{
    struct match_config config;
    struct sprt_live l;
    unsigned char recorded[8] = { 0, 1, 1, 0, 0, 0, 1, 1 };   /* parties 2, 3, 7, 8 in the journal */
    match_config_default(&config);
    snprintf(config.bots[0].name, sizeof config.bots[0].name, "test");
    snprintf(config.bots[1].name, sizeof config.bots[1].name, "base");
    memset(&l, 0, sizeof l);
    l.config = &config;
    l.per_set = 2;
    l.seed = 77;
    l.max_pairs = 4;
    l.recorded = recorded;
    struct runner_job peeked, again, taken;
    long ids[8];
    int n = 0;
    while (sprt_live_peek(&l, &peeked)) {
        cr_assert(sprt_live_peek(&l, &again));
        same_job(&peeked, &again);
        cr_assert(sprt_live_next(&l, &taken));
        same_job(&peeked, &taken);
        ids[n++] = (long)taken.partie_id;
    }
    cr_assert_eq(sprt_live_next(&l, &taken), 0, "next gives a job peek did not see");
    cr_assert_eq(n, 4);
    long want[4] = { 1, 4, 5, 6 };
    for (int i = 0; i < 4; i++) cr_assert_eq(ids[i], want[i]);
}

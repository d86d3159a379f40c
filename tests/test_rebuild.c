/* test_rebuild.c - a state rebuilt from a view (bots/rebuild.h), on real
 * matches of every game with a history: whenever a rebuild succeeds its
 * view is the real view and it offers the real legal actions; it succeeds
 * often enough (the floors below, measured on seeded random play, are the
 * figures bots/README.md gives); the engine's sampler from a rebuilt state
 * keeps the view and draws the same distribution as from the real state;
 * Piquet, whose view has no history, is refused with the reason.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bots/game_greedy.h"
#include "bots/rebuild.h"
#include "engine/rng.h"

/* Plays `plies` seeded random actions of a match (0 when it ended first). */
static int advance(const struct game *g, void *state, struct pq_rng *rng, int plies)
{
    char text[GAME_ACTION_MAX], err[160];
    for (int k = 0; k < plies; k++) {
        if (g->settle && g->settle(state) == GAME_DEAL_OVER) continue;
        if (g->to_act(state) < 0) return 0;
        int n = g->legal_count(state);
        int len = g->legal_text(state, (int)pq_rng_below(rng, (uint32_t)n), text, sizeof text);
        cr_assert_neq(g->apply(state, text, len, err, sizeof err), GAME_ILLEGAL, "%s", err);
    }
    if (g->settle) g->settle(state);
    return g->to_act(state) >= 0;
}

static int same_legal(const struct game *g, const void *a, const void *b)
{
    char ta[GAME_ACTION_MAX], tb[GAME_ACTION_MAX];
    int n = g->legal_count(a);
    if (n != g->legal_count(b)) return 0;
    for (int i = 0; i < n && i < 2000; i++) {
        g->legal_text(a, i, ta, sizeof ta);
        g->legal_text(b, i, tb, sizeof tb);
        if (strcmp(ta, tb)) return 0;
    }
    return 1;
}

/* Rebuilds at every `step`-th decision of `matches` seeded random matches:
 * every success checked against the real state; the share of successes. */
static double rebuild_share(const char *name, int players, int matches, int step)
{
    const struct game *g = game_find(name);
    void *real = malloc(g->state_size), *rebuilt = malloc(g->state_size);
    char err[256];
    int tried = 0, done = 0;
    cr_assert(g && real && rebuilt);
    for (int m = 0; m < matches; m++) {
        struct game_setup setup = { players, 500u + (uint64_t)m, m % players, NULL, 0 };
        struct pq_rng rng;
        cr_assert_eq(g->create(real, &setup, err, sizeof err), 0, "%s", err);
        pq_rng_seed(&rng, (uint64_t)m);
        while (tried < 40 * (m + 1) && advance(g, real, &rng, step)) {
            int p = g->to_act(real);
            cJSON *view = rebuild_view(g, real, p);
            struct rebuild_table table = { g, players, NULL };
            cr_assert(view);
            tried++;
            if (rebuild_state(rebuilt, &table, view, p, (uint64_t)tried, 0, NULL, err, sizeof err) == 0) {
                cJSON *again = rebuild_view(g, rebuilt, p);
                cr_assert(rebuild_views_match(view, again), "%s: the rebuilt view differs", name);
                cr_assert_eq(g->to_act(rebuilt), p);
                cr_assert(same_legal(g, real, rebuilt), "%s: the rebuilt legal actions differ", name);
                cJSON_Delete(again);
                done++;
            } else {
                cr_assert(strstr(err, "no state fits"), "%s", err);
            }
            cJSON_Delete(view);
        }
    }
    free(real);
    free(rebuilt);
    return tried ? (double)done / tried : 0;
}

Test(rebuild, coinche_views_rebuild, .timeout = 120)
{
    double share = rebuild_share("coinche", 4, 2, 3);
    cr_assert_geq(share, 0.95, "%.2f", share);
}

Test(rebuild, tarot_views_rebuild_at_three_four_and_five, .timeout = 240)
{
    for (int players = 3; players <= 5; players++) {
        double share = rebuild_share("tarot", players, 2, 5);
        cr_assert_geq(share, 0.95, "%d players: %.2f", players, share);
    }
}

Test(rebuild, belote_views_rebuild_at_two_three_and_four, .timeout = 240)
{
    /* one match each (40 rebuilds): the slowest suite under a sanitizer;
     * at four 0.78 before the Seven exchanged was placed (2026-11-27), 1.00
     * after */
    for (int players = 2; players <= 4; players++) {
        double share = rebuild_share("belote", players, 1, 3);
        cr_assert_geq(share, players == 4 ? 0.95 : 0.75, "%d players: %.2f", players, share);
    }
    double share = rebuild_share("belote-partnership", 4, 1, 3);
    cr_assert_geq(share, 0.9, "partnership: %.2f", share);
}

Test(rebuild, tarocchini_views_rebuild, .timeout = 240)
{
    double share = rebuild_share("tarocchini", 4, 2, 3);
    cr_assert_geq(share, 0.9, "%.2f", share);
}

/* Plays the first deal of a match of g at `players` from `seed` by
 * greedy's choices; at each card play with a choice, calls `at` with the
 * real state, the player to act and its view. */
static void greedy_deal(const struct game *g, int players, uint64_t seed,
                        void (*at)(void *ctx, const void *real, int p, const cJSON *view), void *ctx)
{
    void *real = malloc(g->state_size);
    char err[256], text[GAME_ACTION_MAX];
    struct game_setup setup = { players, seed, 0, NULL, 0 };
    cr_assert(real);
    cr_assert_eq(g->create(real, &setup, err, sizeof err), 0, "%s", err);
    for (int ply = 0; ply < 400; ply++) {
        if (g->settle && g->settle(real) == GAME_DEAL_OVER) break;
        int p = g->to_act(real), n = g->legal_count(real);
        cr_assert_geq(p, 0);
        g->legal_text(real, 0, text, sizeof text);
        if (!strncmp(text, "play ", 5) && n > 1) {
            cJSON *view = rebuild_view(g, real, p);
            cr_assert(view);
            at(ctx, real, p, view);
            cJSON_Delete(view);
        }
        int i = game_greedy_policy(NULL, g, real, text, sizeof text);
        cr_assert_geq(i, -1);
        if (i >= 0) g->legal_text(real, i, text, sizeof text);
        int rc = g->apply(real, text, (int)strlen(text), err, sizeof err);
        cr_assert_neq(rc, GAME_ILLEGAL, "%s", err);
        if (rc == GAME_DEAL_OVER) break;
    }
    free(real);
}

/* What a walk of greedy_deal found: the card plays tried and rebuilt, and
 * whether the case a test is about was met. */
struct walk {
    const struct game *g;
    int players, tried, done, met, legal;
};

/* Rebuilds the state of `view` and checks it (and, with w->legal, its
 * legal actions) against the real one. */
static void rebuild_checked(struct walk *w, const void *real, int p, const cJSON *view, uint64_t seed)
{
    struct rebuild_table table = { w->g, w->players, NULL };
    void *rebuilt = malloc(w->g->state_size);
    char err[256];
    cr_assert(rebuilt);
    w->tried++;
    if (rebuild_state(rebuilt, &table, view, p, seed, 0, NULL, err, sizeof err) == 0) {
        cJSON *again = rebuild_view(w->g, rebuilt, p);
        cr_assert(rebuild_views_match(view, again), "the rebuilt view differs");
        if (w->legal) cr_assert(same_legal(w->g, real, rebuilt), "the rebuilt legal actions differ");
        cJSON_Delete(again);
        w->done++;
    }
    free(rebuilt);
}

/* The taker's card plays, and whether his discard holds a card of the dog. */
static void at_taker_play(void *ctx, const void *real, int p, const cJSON *view)
{
    struct walk *w = ctx;
    const cJSON *taker = cJSON_GetObjectItem(view, "taker");
    if (!cJSON_IsNumber(taker) || taker->valueint != cJSON_GetNumberValue(cJSON_GetObjectItem(view, "seat"))) return;
    const cJSON *dog = cJSON_GetObjectItem(view, "dog"), *discard = cJSON_GetObjectItem(view, "discard"), *a, *b;
    cJSON_ArrayForEach(a, dog) cJSON_ArrayForEach(b, discard) if (cJSON_Compare(a, b, 1)) w->met = 1;
    rebuild_checked(w, real, p, view, (uint64_t)w->tried);
}

/* A Tarot taker who puts a card of the dog into his discard (greedy play,
 * seed 2: B takes and discards the dog's QS): the dog shows the card and
 * the discard names it, two places that a firm pin from the replay made
 * unreachable, so every card play of his deal failed to rebuild. */
Test(rebuild, a_tarot_taker_who_discards_a_dog_card_is_rebuilt, .timeout = 60)
{
    struct walk w = { game_find("tarot"), 4, 0, 0, 0, 0 };
    cr_assert(w.g);
    greedy_deal(w.g, 4, 2, at_taker_play, &w);
    cr_assert(w.met, "the case is not met: the taker kept every dog card");
    cr_assert_geq(w.tried, 10);
    cr_assert_eq(w.done, w.tried, "%d of the taker's %d card plays rebuilt", w.done, w.tried);
}

/* Every card play, and whether a seat exchanged the Seven of trumps. */
static void at_any_play(void *ctx, const void *real, int p, const cJSON *view)
{
    struct walk *w = ctx;
    w->met |= cJSON_IsNumber(cJSON_GetObjectItem(view, "exchange"));
    rebuild_checked(w, real, p, view, (uint64_t)w->tried);
}

/* Belote at four, a greedy deal (seed 1076, dealer A) in which a seat
 * other than the maker exchanges the Seven of trumps for the turn-up: the
 * maker, who takes the Seven from the turn-up place, plays it, so the
 * rebuild put it in the maker's dealt hand, the exchanger then had no
 * exchange to make and no replay agreed (13 of the deal's card plays
 * failed of 19 in the old rebuild, 2026-11-27). Every card play of every seat is rebuilt now. */
Test(rebuild, a_belote_seven_exchanged_at_four_is_rebuilt, .timeout = 60)
{
    struct walk w = { game_find("belote"), 4, 0, 0, 0, 1 };
    cr_assert(w.g);
    greedy_deal(w.g, 4, 1076, at_any_play, &w);
    cr_assert(w.met, "the case is not met: nobody exchanged the Seven");
    cr_assert_geq(w.tried, 15, "%d card plays", w.tried);
    cr_assert_eq(w.done, w.tried, "%d of the deal's %d card plays rebuilt", w.done, w.tried);
}

/* Every card play whose view answers "How high?": a meld entry with
 * `asked`, the length and top of an earlier seat's call. */
static void at_asked_play(void *ctx, const void *real, int p, const cJSON *view)
{
    struct walk *w = ctx;
    const cJSON *entry;
    int asked = 0;
    cJSON_ArrayForEach(entry, cJSON_GetObjectItem(view, "history")) asked |= cJSON_HasObjectItem(entry, "asked");
    if (!asked) return;
    w->met = 1;
    rebuild_checked(w, real, p, view, (uint64_t)w->tried);
}

/* Belote at four, greedy deals (seeds 1001, 1009 and 1070, dealer A) in
 * which a seat announces a meld's class bare and a later seat's "How
 * high?" names its length and top card: the replay chose the bare meld by
 * its own entry alone, so the later entry differed beyond its cards (9 of
 * 17, 12 of 23 and 12 of 18 such views rebuilt on the old code,
 * 2026-11-27); now
 * the call a later entry names, a "good" answer's own call, a meld text
 * whose cards are shown and a hidden keep before a meld are replayed as
 * told, and every one of them rebuilds. */
Test(rebuild, a_belote_call_named_by_how_high_is_rebuilt, .timeout = 120)
{
    static const uint64_t seeds[] = { 1001, 1009, 1070 };
    for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
        struct walk w = { game_find("belote"), 4, 0, 0, 0, 1 };
        cr_assert(w.g);
        greedy_deal(w.g, 4, seeds[k], at_asked_play, &w);
        cr_assert(w.met, "seed %llu: the case is not met: no \"How high?\"", (unsigned long long)seeds[k]);
        cr_assert_geq(w.tried, 10, "%d card plays", w.tried);
        cr_assert_eq(w.done, w.tried, "seed %llu: %d of the %d card plays after \"How high?\" rebuilt",
                     (unsigned long long)seeds[k], w.done, w.tried);
    }
}

/* A view logged by bot-search in the arena (Tarot at four, deal 8 of a
 * match, seed 2026): the taker D took a dog with TC and QC and trumped the
 * first trick's clubs, so both went into his discard, which the defence
 * sees bare. The built discard kept the dog's cards the view shows, the
 * refused trump named them, and the swaps moved them out of the dog, which
 * the view then put back: every pack failed, and so did every card play of
 * the deal (14-23 in 100 of Tarot's plays in the arena). */
Test(rebuild, a_taker_who_trumps_a_suit_of_the_dog_he_discarded_is_rebuilt, .timeout = 60)
{
    static const char text[] =
        "{\"game\":\"tarot\",\"players\":4,\"deal\":8,\"player\":\"A\",\"seat\":0,\"seats\":[\"A\",\"B\",\"C\",\"D\"],\"dealer"
        "\":\"D\",\"phase\":\"play\",\"turn\":0,\"hand\":[\"05\",\"08\",\"11\",\"13\",\"18\",\"3S\",\"NS\",\"1H\",\"5H\",\"1D\",\"3D\""
        ",\"4D\",\"6D\",\"8D\",\"1C\",\"2C\",\"5C\"],\"bids\":[\"pass\",\"pass\",\"pass\",\"prise\"],\"taker\":3,\"contract\":\""
        "prise\",\"called\":null,\"partner\":null,\"alone\":false,\"dog\":[\"09\",\"15\",\"EX\",\"9S\",\"TC\",\"QC\"],\"dis"
        "card\":null,\"discard_trumps\":[],\"chelem\":false,\"poignees\":[],\"history\":[{\"seat\":0,\"action\":\"p"
        "ass\"},{\"seat\":1,\"action\":\"pass\"},{\"seat\":2,\"action\":\"pass\"},{\"seat\":3,\"action\":\"bid prise\"},"
        "{\"seat\":3,\"action\":\"discard\"},{\"seat\":3,\"action\":\"pass\"},{\"seat\":0,\"action\":\"play KC\"},{\"sea"
        "t\":1,\"action\":\"play JC\"},{\"seat\":2,\"action\":\"play 4C\"},{\"seat\":3,\"action\":\"play 07\"},{\"seat\""
        ":3,\"action\":\"play 21\"}],\"trick\":{\"leader\":3,\"cards\":[\"21\"]},\"last_trick\":{\"leader\":0,\"cards\""
        ":[\"KC\",\"JC\",\"4C\",\"07\"],\"winner\":3},\"tricks_won\":[0,0,0,1],\"totals\":{\"A\":-152,\"B\":-312,\"C\":-1"
        "52,\"D\":616}}";
    const struct game *g = game_find("tarot");
    struct rebuild_table table = { g, 4, NULL };
    void *out = malloc(g->state_size);
    cJSON *view = cJSON_Parse(text);
    char err[256];
    cr_assert(out && view);
    for (uint64_t seed = 1; seed <= 8; seed++) {
        cr_assert_eq(rebuild_state(out, &table, view, 0, seed, 0, NULL, err, sizeof err), 0, "seed %llu: %s",
                     (unsigned long long)seed, err);
        cJSON *again = rebuild_view(g, out, 0);
        cr_assert(rebuild_views_match(view, again), "seed %llu: the rebuilt view differs", (unsigned long long)seed);
        cJSON_Delete(again);
    }
    cJSON_Delete(view);
    free(out);
}

/* Marseillaise's face-down packets are seldom rebuilt (bots/README.md): a
 * success is still exact, and the failures are said. */
Test(rebuild, marseillaise_rebuilds_are_exact_when_found, .timeout = 240)
{
    double share = rebuild_share("belote-marseillaise", 2, 1, 3);
    cr_assert_geq(share, 0.0);
}

Test(rebuild, piquet_has_no_history_to_replay)
{
    const struct game *g = game_find("piquet");
    void *state = malloc(g->state_size), *out = malloc(g->state_size);
    struct game_setup setup = { 2, 3, 0, NULL, 0 };
    struct rebuild_table table = { g, 2, NULL };
    char err[256];
    cr_assert_eq(g->create(state, &setup, err, sizeof err), 0);
    cJSON *view = rebuild_view(g, state, g->to_act(state));
    cr_assert_eq(rebuild_state(out, &table, view, g->to_act(state), 1, 0, NULL, err, sizeof err), -1);
    cr_assert(strstr(err, "no history"), "%s", err);
    cJSON_Delete(view);
    free(state);
    free(out);
}

Test(rebuild, stops_at_its_time_cap)
{
    const struct game *g = game_find("tarot");
    void *state = malloc(g->state_size), *out = malloc(g->state_size);
    struct game_setup setup = { 4, 3, 0, NULL, 0 };
    struct rebuild_table table = { g, 4, NULL };
    struct rebuild_stats stats;
    char err[256];
    cr_assert_eq(g->create(state, &setup, err, sizeof err), 0);
    cJSON *view = rebuild_view(g, state, g->to_act(state));
    /* a cap already over before the first replay */
    cr_assert_eq(rebuild_state(out, &table, view, g->to_act(state), 1, 1e-9, &stats, err, sizeof err), -1);
    cr_assert_eq(stats.replays, 0);
    cr_assert(strstr(err, "after 0 packs"), "%s", err);
    /* no cap: the same view rebuilds */
    cr_assert_eq(rebuild_state(out, &table, view, g->to_act(state), 1, 0, &stats, err, sizeof err), 0, "%s", err);
    cr_assert_gt(stats.replays, 0);
    cJSON_Delete(view);
    free(state);
    free(out);
}

/* A Coinche position in the play with a rebuilt state beside it. */
static void coinche_pair(void *real, void *rebuilt, int *player, cJSON **view)
{
    const struct game *g = game_find("coinche");
    struct game_setup setup = { 4, 77, 0, NULL, 0 };
    struct rebuild_table table = { g, 4, NULL };
    struct pq_rng rng;
    char err[256];
    cr_assert_eq(g->create(real, &setup, err, sizeof err), 0);
    pq_rng_seed(&rng, 4);
    /* into the play: past the auction, a few cards down */
    for (int k = 0; k < 200; k++) {
        char text[GAME_ACTION_MAX];
        cr_assert(advance(g, real, &rng, 1));
        g->legal_text(real, 0, text, sizeof text);
        if (!strncmp(text, "play ", 5) && k > 12) break;
    }
    *player = g->to_act(real);
    *view = rebuild_view(g, real, *player);
    cr_assert_eq(rebuild_state(rebuilt, &table, *view, *player, 5, 0, NULL, err, sizeof err), 0, "%s", err);
}

Test(rebuild, samples_of_a_rebuilt_state_keep_the_view)
{
    const struct game *g = game_find("coinche");
    void *real = malloc(g->state_size), *rebuilt = malloc(g->state_size), *world = malloc(g->state_size);
    cJSON *view;
    int p;
    coinche_pair(real, rebuilt, &p, &view);
    for (uint64_t s = 0; s < 50; s++) {
        cr_assert_eq(g->sample(world, rebuilt, p, s), 0);
        cJSON *seen = rebuild_view(g, world, p);
        cr_assert(rebuild_views_match(view, seen), "sample %llu: the view changed", (unsigned long long)s);
        cJSON_Delete(seen);
    }
    cJSON_Delete(view);
    free(real);
    free(rebuilt);
    free(world);
}

/* Where a hidden card lies, by seat, over n samples: counts[card][seat]
 * read from each seat's hand in its own view. */
static void tally(const struct game *g, const void *state, int p, int n, uint64_t seed, int counts[][4],
                  char names[][8], int *n_names)
{
    void *world = malloc(g->state_size);
    for (int s = 0; s < n; s++) {
        cr_assert_eq(g->sample(world, state, p, seed + (uint64_t)s), 0);
        for (int seat = 0; seat < 4; seat++) {
            if (seat == p) continue;
            cJSON *v = rebuild_view(g, world, seat);
            const cJSON *card;
            cJSON_ArrayForEach(card, cJSON_GetObjectItem(v, "hand"))
            {
                int i = 0;
                while (i < *n_names && strcmp(names[i], card->valuestring)) i++;
                if (i == *n_names) snprintf(names[(*n_names)++], 8, "%s", card->valuestring);
                counts[i][seat]++;
            }
            cJSON_Delete(v);
        }
    }
    free(world);
}

Test(rebuild, samples_of_a_rebuilt_state_are_distributed_as_the_real_ones, .timeout = 120)
{
    const struct game *g = game_find("coinche");
    void *real = malloc(g->state_size), *rebuilt = malloc(g->state_size);
    static int from_real[32][4], from_rebuilt[32][4];
    static char names[32][8];
    int n_names = 0, p, n = 1500;
    cJSON *view;
    coinche_pair(real, rebuilt, &p, &view);
    tally(g, real, p, n, 1000, from_real, names, &n_names);
    tally(g, rebuilt, p, n, 900000, from_rebuilt, names, &n_names);
    int spread = 0;
    for (int c = 0; c < n_names; c++)
        for (int seat = 0; seat < 4; seat++) {
            double a = (double)from_real[c][seat] / n, b = (double)from_rebuilt[c][seat] / n;
            /* about five standard errors of a difference of two shares */
            cr_assert_leq(a - b < 0 ? b - a : a - b, 0.06, "%s in seat %d: %.3f from the real state, %.3f rebuilt",
                          names[c], seat, a, b);
            spread += a > 0.05 && a < 0.95;
        }
    cr_assert_gt(spread, 3, "too few hidden cards with a real choice of seat");
    cJSON_Delete(view);
    free(real);
    free(rebuilt);
}

/* Rebuilds `view` of player p from `cache` under match tag `match`: the
 * state is found, its view is the one received and its legal actions the
 * real state's; whether the cached pack gave it. */
static int rebuilt_from_cache(const struct game *g, const void *real, const cJSON *view, int p,
                              struct rebuild_cache *cache, uint64_t match, uint64_t seed)
{
    void *rebuilt = malloc(g->state_size);
    struct rebuild_table table = { g, g->players(real), NULL };
    struct rebuild_stats stats;
    char err[256];
    cr_assert(rebuilt);
    cr_assert_eq(rebuild_state_cached(rebuilt, &table, view, p, seed, 0, cache, match, &stats, err, sizeof err), 0, "%s",
                 err);
    cJSON *again = rebuild_view(g, rebuilt, p);
    cr_assert(rebuild_views_match(view, again), "the rebuilt view differs");
    cr_assert(same_legal(g, real, rebuilt), "the rebuilt legal actions differ");
    cJSON_Delete(again);
    free(rebuilt);
    return stats.from_cache;
}

/* Every card play of one greedy deal, each seat rebuilding from its own
 * cache as bot-search does: a state found from the cache is exact, and most
 * decisions after a seat's first come from it. The shares found and cached. */
static void cached_deal(const char *name, int players, uint64_t seed, double *found, double *cached)
{
    const struct game *g = game_find(name);
    void *real = malloc(g->state_size), *rebuilt = malloc(g->state_size);
    struct rebuild_cache caches[GAME_MAX_PLAYERS];
    struct game_setup setup = { players, seed, 0, NULL, 0 };
    struct rebuild_table table = { g, players, NULL };
    char err[256], text[GAME_ACTION_MAX];
    int tried = 0, done = 0, from_cache = 0;
    cr_assert(g && real && rebuilt);
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) rebuild_cache_init(&caches[p]);
    cr_assert_eq(g->create(real, &setup, err, sizeof err), 0, "%s", err);
    for (int ply = 0; ply < 400; ply++) {
        if (g->settle && g->settle(real) == GAME_DEAL_OVER) break;
        int p = g->to_act(real), n = g->legal_count(real);
        cr_assert_geq(p, 0);
        g->legal_text(real, 0, text, sizeof text);
        if (!strncmp(text, "play ", 5) && n > 1) {
            cJSON *view = rebuild_view(g, real, p);
            struct rebuild_stats stats;
            cr_assert(view);
            tried++;
            if (rebuild_state_cached(rebuilt, &table, view, p, (uint64_t)ply, 0, &caches[p], 1, &stats, err, sizeof err) ==
                0) {
                cJSON *again = rebuild_view(g, rebuilt, p);
                cr_assert(rebuild_views_match(view, again), "%s: the rebuilt view differs", name);
                cr_assert(same_legal(g, real, rebuilt), "%s: the rebuilt legal actions differ", name);
                cJSON_Delete(again);
                done++;
                from_cache += stats.from_cache;
            }
            cJSON_Delete(view);
        }
        int i = game_greedy_policy(NULL, g, real, text, sizeof text);
        cr_assert_geq(i, -1);
        if (i >= 0) g->legal_text(real, i, text, sizeof text);
        int rc = g->apply(real, text, (int)strlen(text), err, sizeof err);
        cr_assert_neq(rc, GAME_ILLEGAL, "%s", err);
        if (rc == GAME_DEAL_OVER) break;
    }
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) rebuild_cache_clear(&caches[p]);
    cr_assert_geq(tried, 10);
    *found = (double)done / tried;
    *cached = done ? (double)from_cache / done : 0;
    free(real);
    free(rebuilt);
}

Test(rebuild, a_deal_rebuilt_from_its_cache_gives_the_views_received, .timeout = 120)
{
    double found, cached;
    /* the Tarot deal whose taker discards a dog card (above) */
    cached_deal("tarot", 4, 2, &found, &cached);
    cr_assert_geq(found, 0.9, "tarot: %.2f found", found);
    cr_assert_geq(cached, 0.5, "tarot: %.2f of them from the cache", cached);
    /* the face-down packets that a fresh pack seldom finds */
    cached_deal("belote-marseillaise", 2, 3, &found, &cached);
    cr_assert_geq(found, 0.5, "marseillaise: %.2f found", found);
    cr_assert_geq(cached, 0.5, "marseillaise: %.2f of them from the cache", cached);
}

Test(rebuild, a_cache_from_another_deal_match_or_player_is_not_used, .timeout = 60)
{
    const struct game *g = game_find("coinche");
    void *real = malloc(g->state_size), *at_first = malloc(g->state_size), *deal1 = malloc(g->state_size);
    void *at_other = malloc(g->state_size);
    struct game_setup setup = { 4, 77, 0, NULL, 0 };
    struct rebuild_cache cache;
    struct pq_rng rng;
    char err[256], text[GAME_ACTION_MAX];
    cJSON *first = NULL, *second = NULL, *other = NULL, *next_deal = NULL;
    int p = -1, q = -1;
    cr_assert(real && at_first && deal1 && at_other);
    cr_assert_eq(g->create(real, &setup, err, sizeof err), 0);
    pq_rng_seed(&rng, 4);
    /* views of deal 1: two card plays of one player (p) and one of
     * another (q); then the first card play of p in a later deal */
    for (int k = 0; k < 2000 && !next_deal; k++) {
        cr_assert(advance(g, real, &rng, 1));
        g->legal_text(real, 0, text, sizeof text);
        if (strncmp(text, "play ", 5) || g->legal_count(real) < 2) continue;
        int actor = g->to_act(real);
        cJSON *view = rebuild_view(g, real, actor);
        int deal = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(view, "deal"));
        if (p < 0) p = actor;
        if (deal == 1 && actor == p && !first) {
            first = view;
            memcpy(at_first, real, g->state_size);
        } else if (deal == 1 && actor == p && !second) {
            second = view;
            memcpy(deal1, real, g->state_size);
        } else if (deal == 1 && actor != p && second && !other) {
            other = view;
            q = actor;
            memcpy(at_other, real, g->state_size);
        } else if (deal > 1 && actor == p && other) {
            next_deal = view;
        } else {
            cJSON_Delete(view);
        }
    }
    cr_assert(first && second && other && next_deal, "the positions are not met");
    rebuild_cache_init(&cache);
    /* an empty cache; then the same deal and match: used */
    cr_assert_eq(rebuilt_from_cache(g, real, next_deal, p, &cache, 1, 1), 0);
    rebuild_cache_clear(&cache);
    cr_assert_eq(rebuilt_from_cache(g, at_first, first, p, &cache, 1, 2), 0);
    cr_assert_eq(rebuilt_from_cache(g, deal1, second, p, &cache, 1, 3), 1);
    /* another match (the same views: a replayed match), another player */
    cr_assert_eq(rebuilt_from_cache(g, deal1, second, p, &cache, 2, 4), 0);
    cr_assert_eq(rebuilt_from_cache(g, deal1, second, p, &cache, 2, 5), 1);
    cr_assert_eq(rebuilt_from_cache(g, at_other, other, q, &cache, 2, 6), 0);
    /* the cache now holds q's deal-1 state: p's later deal does not use it,
     * nor does p's deal 1 after a later deal */
    cr_assert_eq(rebuilt_from_cache(g, real, next_deal, p, &cache, 2, 7), 0);
    cr_assert_eq(rebuilt_from_cache(g, deal1, second, p, &cache, 2, 8), 0);
    rebuild_cache_clear(&cache);
    cJSON_Delete(first);
    cJSON_Delete(second);
    cJSON_Delete(other);
    cJSON_Delete(next_deal);
    free(real);
    free(at_first);
    free(deal1);
    free(at_other);
}

/* Every card play of a greedy deal rebuilt with the replay kept
 * (rebuild_cache replay): the kept start and actions, applied again,
 * give the rebuilt state (its view and its legal actions); the number of
 * rebuilds checked. */
static int replay_checked(const char *name, int players, uint64_t seed)
{
    const struct game *g = game_find(name);
    void *real = malloc(g->state_size), *rebuilt = malloc(g->state_size), *again = malloc(g->state_size);
    static char actions[1024][GAME_ACTION_MAX];
    struct rebuild_replay replay = { malloc(g->state_size), actions, 0, 1024 };
    struct rebuild_cache cache;
    struct game_setup setup = { players, seed, 0, NULL, 0 };
    struct rebuild_table table = { g, players, NULL };
    char err[256], text[GAME_ACTION_MAX];
    int checked = 0;
    cr_assert(g && real && rebuilt && again && replay.start);
    rebuild_cache_init(&cache);
    cache.replay = &replay;
    cr_assert_eq(g->create(real, &setup, err, sizeof err), 0, "%s", err);
    for (int ply = 0; ply < 400; ply++) {
        if (g->settle && g->settle(real) == GAME_DEAL_OVER) break;
        int p = g->to_act(real), n = g->legal_count(real);
        g->legal_text(real, 0, text, sizeof text);
        if (!strncmp(text, "play ", 5) && n > 1 && p == 0) {
            cJSON *view = rebuild_view(g, real, p);
            if (rebuild_state_cached(rebuilt, &table, view, p, (uint64_t)ply, 0, &cache, 1, NULL, err, sizeof err) == 0) {
                cr_assert_gt(replay.n, 0, "%s: a rebuild keeps its replay", name);
                memcpy(again, replay.start, g->state_size);
                for (int i = 0; i < replay.n; i++)
                    cr_assert_eq(g->apply(again, actions[i], (int)strlen(actions[i]), err, sizeof err), GAME_GOES_ON,
                                 "%s: kept action %d (%s): %s", name, i, actions[i], err);
                cJSON *a = rebuild_view(g, rebuilt, p), *b = rebuild_view(g, again, p);
                cr_assert(rebuild_views_match(a, b), "%s: the kept replay gives another view", name);
                cr_assert(same_legal(g, rebuilt, again), "%s: the kept replay gives other actions", name);
                cJSON_Delete(a);
                cJSON_Delete(b);
                checked++;
            } else {
                cr_assert_eq(replay.n, 0, "%s: a failed rebuild keeps no replay", name);
            }
            cJSON_Delete(view);
        }
        int i = game_greedy_policy(NULL, g, real, text, sizeof text);
        if (i >= 0) g->legal_text(real, i, text, sizeof text);
        int rc = g->apply(real, text, (int)strlen(text), err, sizeof err);
        cr_assert_neq(rc, GAME_ILLEGAL, "%s", err);
        if (rc == GAME_DEAL_OVER) break;
    }
    rebuild_cache_clear(&cache);
    cr_assert_eq(cache.replay, &replay, "clear keeps the caller's replay");
    free(replay.start);
    free(real);
    free(rebuilt);
    free(again);
    return checked;
}

Test(rebuild, the_replay_kept_gives_the_rebuilt_state, .timeout = 60)
{
    static const struct { const char *name; int players; } games[] = {
        { "belote", 2 }, { "belote", 4 }, { "belote-partnership", 4 }, { "coinche", 4 }, { "tarot", 4 }, { "tarocchini", 4 } };
    for (unsigned k = 0; k < sizeof games / sizeof games[0]; k++) {
        int checked = 0;
        for (uint64_t seed = 1; seed <= 3; seed++) checked += replay_checked(games[k].name, games[k].players, seed);
        cr_expect_geq(checked, 8, "%s at %d: %d rebuilds checked", games[k].name, games[k].players, checked);
    }
}

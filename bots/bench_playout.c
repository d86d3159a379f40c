/* bench_playout.c - `bench-playout`: two configurations of bot-search's
 * playouts compared in process, duplicate style, on the same deals (not
 * part of `make bench`: a measurement of strength, minutes long).
 *
 * Each deal of seeds FROM..TO (a one-deal match of the game) is played
 * twice per seat: that seat's card plays with a choice by the search in
 * configuration A, then in configuration B; every other seat, and every
 * decision that is not a card play (the auction, exchanges, discards,
 * declarations), by the greedy heuristic (bots/game_greedy.h) reading its
 * view. The search decides from the real state (its sampler hides what the
 * seat cannot see), not from a rebuilt one. Printed: the mean difference
 * A - B of the seat's deal value (search.h search_value) with its standard
 * error over the seat-deals, each configuration's mean value, and the CPU
 * time (this thread's) of a searched decision in each.
 *
 * A configuration is `thumb` (the playouts as bot-search plays them: the
 * rules of thumb with SEARCH_THUMB_RANDOM per mille random actions),
 * `thumbN` (N per mille random), `random` (uniform random playouts),
 * `greedyplay` (playouts by greedy's heuristic, game_greedy_policy) or
 * `greedy` (greedy's card, no search), each with `+bid` for the seat's
 * other decisions of 2 to 8 actions (bids, exchanges, declarations)
 * searched too, and Coinche's longer auction lists over a few candidates
 * (bots/coinche_bids.h, as bot-search), a quarter of the worlds, their
 * playouts greedy's but for card plays (the rules of thumb)
 * (`+bid-melds`: the trick-1 declarations left to greedy; `+bid-random`:
 * the bid playouts' decisions that are no card play uniform random instead
 * of greedy's; `+bid-greedy`: their card plays greedy's too), each worlds that fit the other seats' calls
 * (bots/world_fits.h) as bot-search's, or with `+nofits` last not, `+fits`
 * last the card plays' worlds too; with `+discard` (before those) the
 * seat's Tarot discard searched over a few candidates as bot-search
 * searches it (bots/tarot_discards.h, four times the worlds), and with `+oracle` (last of
 * all) every search sees every hand (its worlds are the real
 * state: what perfect inference would be worth; `+oracle-bids`: only the
 * searched small choices'), with `+infer` the card
 * plays' worlds weighed by the others' card plays (bots/infer.h; the
 * rules of thumb their model, `+infer-greedy` greedy's heuristic,
 * `+infer-told` greedy's and their other actions weighed too by what the
 * seat saw of them, infer.h told, as bot-search weighs); --budget as
 * bot-search's (N worlds, or Nms).
 * --budget-a (after --budget) gives A a budget of its own; --exact N the
 * endings solved exactly (search.h exact_plies), --exact-a (after it) A's;
 * --bid-worlds N the searched small choices' worlds (default a quarter of
 * the budget's), --bid-worlds-a (after it) A's; --ismcts-a C A's card
 * plays by information-set MCTS (search.h ismcts) with UCB constant C per
 * mille.
 * --team: the seat's partners (game.h team) decide by the same
 * configuration too, as one program a side does in the arena (the
 * seat-deals are then one per team).
 * --discards-only plays only the seat-deals where the seat comes to
 * discard in Tarot (its auction played first, as A's, which must be B's):
 * the others differ by nothing when A and B differ only by `+discard`,
 * and cost most of the time.
 * Usage: bench-playout --game G [--players N] [--seeds FROM..TO] [--budget N|Nms]
 *                      [--budget-a N|Nms] [--a CONFIG] [--b CONFIG] [--exact N] [--exact-a N]
 *                      [--bid-worlds N] [--bid-worlds-a N] [--discards-only] [--team] [--unlike N] [--unlike-a N]
 * --unlike N: +infer's weight of a play unlike the habits (per mille);
 * --unlike-a N: A's only.
 * --weigh-tries-a N: the worlds A's weighing may draw for each it takes
 *                    (search.h weigh_tries; default INFER_TRIES).
 * --rival CONFIG: one seat of another team decides by CONFIG too (B's
 *                 budget), as a second program of the same kind does in the
 *                 arena, where two bots share a table of three or more: the
 *                 seed picks which (each seat of another team in turn).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bots/coinche_bids.h"
#include "bots/game_greedy.h"
#include "bots/infer.h"
#include "bots/rebuild.h"
#include "bots/search.h"
#include "bots/tarot_discards.h"
#include "bots/world_fits.h"
#include "engine/rng.h"

struct config {
    int greedy;                 /* greedy's card, no search */
    int bid;                    /* the seat's small non-card decisions searched too */
    int bid_worlds;             /* their worlds (0: a quarter of the card plays') */
    int melds_greedy;           /* +bid-melds: the trick-1 declarations left to greedy */
    int bid_random;             /* +bid-random: the bid playouts' other decisions uniform random */
    int fits;                   /* worlds that fit the others' calls (bots/world_fits.h): 1 for the
                                   searched small choices (bot-search's), 0 none (+nofits), 2 the
                                   card plays' too (+fits) */
    int discard;                /* the seat's Tarot discard searched too (bots/tarot_discards.h) */
    int infer;                  /* +infer: the card plays' worlds weighed by the others' card
                                   plays (bots/infer.h) */
    int unlike;                 /* --unlike: infer.h unlike (0: its default) */
    int weigh_tries;            /* --weigh-tries-a: search.h weigh_tries (0: INFER_TRIES) */
    int oracle;                 /* +oracle: the searches see every hand (their worlds are the real
                                   state): how much knowing the hidden cards is worth, the most any
                                   inference could give */
    struct search_options options;
};


static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int parse_config(const char *text, struct config *c)
{
    c->greedy = 0;
    c->bid = 0;
    c->melds_greedy = c->bid_random = 0;
    c->discard = 0;
    c->oracle = c->infer = 0;
    char word[32], whole[48];
    size_t len = strlen(text);
    c->fits = 1;
    for (int more = 1; more;) {
        more = 0;
        if (len > 7 && !strncmp(text + len - 7, "+oracle", 7)) c->oracle = more = 1, len -= 7;
        if (len > 12 && !strncmp(text + len - 12, "+oracle-bids", 12)) c->oracle = 2, more = 1, len -= 12;
        if (len > 6 && !strncmp(text + len - 6, "+infer", 6)) c->infer = more = 1, len -= 6;
        if (len > 13 && !strncmp(text + len - 13, "+infer-greedy", 13)) c->infer = 2, more = 1, len -= 13;
        if (len > 11 && !strncmp(text + len - 11, "+infer-told", 11)) c->infer = 3, more = 1, len -= 11;
    }
    if (len > 7 && !strncmp(text + len - 7, "+nofits", 7)) c->fits = 0, len -= 7;
    else if (len > 5 && !strncmp(text + len - 5, "+fits", 5)) c->fits = 2, len -= 5;
    if (len > 8 && !strncmp(text + len - 8, "+discard", 8)) c->discard = 1, len -= 8;
    snprintf(whole, sizeof whole, "%.*s", (int)len, text);
    text = whole;
    const char *plus = strstr(text, "+bid");
    if (plus && (!plus[4] || !strcmp(plus + 4, "-melds") || !strcmp(plus + 4, "-random") || !strcmp(plus + 4, "-greedy"))) {
        c->bid = 1;
        c->melds_greedy = !strcmp(plus + 4, "-melds");
        c->bid_random = !strcmp(plus + 4, "-random") ? 1 : !strcmp(plus + 4, "-greedy") ? 2 : 0;
        snprintf(word, sizeof word, "%.*s", (int)(plus - text), text);
        text = word;
    }
    static const struct search_policy greedy_play = { game_greedy_policy, NULL };
    c->options.policy = NULL;
    if (!strcmp(text, "greedy")) c->greedy = 1;
    else if (!strcmp(text, "greedyplay")) c->options.policy = &greedy_play;
    else if (!strcmp(text, "random")) c->options.thumb = 0;
    else if (!strncmp(text, "thumb", 5)) {
        char *end;
        c->options.thumb = 1;
        c->options.thumb_random = text[5] ? (int)strtol(text + 5, &end, 10) : SEARCH_THUMB_RANDOM;
        if (text[5] && (*end || c->options.thumb_random < 0 || c->options.thumb_random > 1000)) return -1;
    } else return -1;
    return 0;
}

/* Greedy's action for the player to act: applied, its text into done
 * (GAME_ACTION_MAX bytes); the rc of apply. */
static int greedy_act(const struct game *g, void *state, char *done)
{
    static char texts[512][GAME_ACTION_MAX];
    const char *legal[512];
    char answer[GAME_ACTION_MAX], err[256];
    int p = g->to_act(state), n = g->legal_count(state);
    if (n > 512) n = 512;   /* a Tarot discard: greedy writes its own */
    for (int i = 0; i < n; i++) {
        g->legal_text(state, i, texts[i], GAME_ACTION_MAX);
        legal[i] = texts[i];
    }
    cJSON *view = rebuild_view(g, state, p);
    if (!view) return GAME_ILLEGAL;
    int pick = game_greedy_choose(view, legal, n, answer, sizeof answer, err, sizeof err);
    cJSON_Delete(view);
    const char *text = pick >= 0 ? legal[pick] : answer;
    snprintf(done, GAME_ACTION_MAX, "%s", text);
    return g->apply(state, text, (int)strlen(text), err, sizeof err);
}

/* +oracle's sampler: the world is the real state. */
static size_t oracle_size;
static int oracle_sample(void *out, const void *state, int player, uint64_t seed)
{
    (void)player;
    (void)seed;
    memcpy(out, state, oracle_size);
    return 0;
}

/* What one configuration's searched decisions cost, over the run. */
struct tally {
    double cpu;             /* this thread's seconds in its searches */
    long decisions;         /* card plays searched */
    double discard_cpu;     /* of cpu, in discards */
    long discards;          /* Tarot discards searched */
};

static int team_play;   /* --team */
static struct config rival_config;   /* --rival */
static int rival_play;

/* Whether `p` decides by the configuration in a deal played for `seat`. */
static int plays_for(const struct game *g, const void *state, int p, int seat)
{
    return p == seat || (team_play && g->team(state, p) == g->team(state, seat));
}

/* --rival: the one seat of another team that decides by the rival's
 * configuration in the deal of `seed` played for `seat` (the one
 * `seed mod` the count of such seats after it at the table), or -1. */
static int rival_of(const struct game *g, const void *state, int seat, uint64_t seed)
{
    int players = g->players(state), others[GAME_MAX_PLAYERS], n = 0;
    if (!rival_play) return -1;
    for (int k = 1; k < players; k++) {
        int q = (seat + k) % players;
        if (g->team(state, q) != g->team(state, seat)) others[n++] = q;
    }
    return n > 0 ? others[seed % (uint64_t)n] : -1;
}

/* Plays the deal of `start` with seat `seat`'s card plays by `c`: the
 * seat's deal value; `tally` adds its searched decisions. With `probe`,
 * plays only the auction: 1 when the seat comes to discard (Tarot), else
 * 0, and nothing tallied. */
static double play(const struct game *g, const void *start, int seat, const struct config *c, uint64_t seed,
                   struct tally *tally, int probe)
{
    char text[GAME_ACTION_MAX], err[160];
    void *state = malloc(g->state_size);
    long before[GAME_MAX_PLAYERS];
    struct tally none = { 0, 0, 0, 0 };
    int index[1];
    struct game seen, seen_bids;   /* g, or g with +oracle's sampler (+oracle-bids: the bids' only) */
    seen = seen_bids = *g;
    oracle_size = g->state_size;
    if (c->oracle) seen_bids.sample = oracle_sample;
    if (c->oracle == 1) seen.sample = oracle_sample;
    static char actions[4000][GAME_ACTION_MAX];   /* the deal's, for +infer */
    static struct infer_told told[4000];
    void *scratch = malloc(g->state_size), *spare = malloc(g->state_size);
    struct infer infer = { start, (const char (*)[GAME_ACTION_MAX])actions, 0, 0, scratch, NULL, NULL, spare };
    if (!state || !scratch || !spare) {
        free(state);
        free(scratch);
        free(spare);
        return 0;
    }
    if (probe) tally = &none;
    int rival = rival_of(g, start, seat, seed);
    memcpy(state, start, g->state_size);
    g->scores(state, before);
    for (int ply = 0; ply < 4000; ply++) {
        if (g->settle && g->settle(state) == GAME_DEAL_OVER) break;
        int p = g->to_act(state), n = p >= 0 ? g->legal_count(state) : 0, rc;
        if (p < 0 || n <= 0) break;
        int mine = plays_for(g, state, p, seat);   /* p decides by c */
        const struct config *by = mine ? c : p == rival ? &rival_config : NULL;   /* NULL: greedy */
        struct tally *t = mine ? tally : &none;   /* the rival's searches are not A's or B's */
        const struct game *looks = mine ? &seen : g, *looks_bids = mine ? &seen_bids : g;
        g->legal_text(state, 0, text, sizeof text);
        if (probe && ((mine && tarot_discards_candidates(g, state, index, 1) > 0) || !strncmp(text, "play ", 5))) {
            int discards = !strncmp(text, "play ", 5) ? 0 : 1;
            free(state);
            free(scratch);
            free(spare);
            return discards;
        }
        int discard = -1;
        if (by && by->discard && n > 1) {
            static struct pq_rng rng;
            pq_rng_seed(&rng, seed + (uint64_t)ply);
            double spent = cpu_s();
            discard = tarot_discards_choose(&by->options, looks, state, p, pq_rng_mix(seed, (uint64_t)ply), 0, &rng);
            spent = cpu_s() - spent;
            t->cpu += spent;
            if (discard >= 0) t->discard_cpu += spent, t->discards++;
        }
        int only[COINCHE_BIDS_MAX], n_only = 0;
        if (discard < 0 && by && by->bid && n > 8 && strncmp(text, "play ", 5))
            n_only = coinche_bid_candidates(g, state, only, COINCHE_BIDS_MAX);
        if (discard >= 0) {
            int len = g->legal_text(state, discard, text, sizeof text);
            rc = g->apply(state, text, len, err, sizeof err);
        } else if (by && by->bid && n > 1 && (n <= 8 || n_only > 0) && strncmp(text, "play ", 5) &&
                   !(by->melds_greedy && !strncmp(text, "meld", 4))) {
            static struct pq_rng rng;
            struct search_policy policy = { game_greedy_bid_policy, &rng };
            struct search_options o = by->options;
            pq_rng_seed(&rng, seed + (uint64_t)ply);
            static const struct search_policy all_greedy = { game_greedy_policy, NULL };
            o.policy = by->bid_random == 1 ? NULL : by->bid_random == 2 ? &all_greedy : &policy;
            o.worlds = by->bid_worlds > 0 ? by->bid_worlds : o.worlds / 4 > 0 ? o.worlds / 4 : 1;
            o.only = n_only > 0 ? only : NULL;
            o.n_only = n_only > 0 ? n_only : 0;
            o.fits = by->fits ? game_world_fits : NULL;   /* hands that fit the auction's calls */
            o.fit_tries = WORLD_FIT_TRIES;
            double spent = cpu_s();
            int i = search_choose(&o, looks_bids, state, p, pq_rng_mix(seed, (uint64_t)ply), 0, NULL);
            t->cpu += cpu_s() - spent;
            int len = g->legal_text(state, i < 0 ? 0 : i, text, sizeof text);
            rc = g->apply(state, text, len, err, sizeof err);
        } else if (by && !by->greedy && n > 1 && !strncmp(text, "play ", 5)) {
            struct search_options o = by->options;
            o.fits = by->fits == 2 ? game_world_fits : NULL;
            o.fit_tries = WORLD_FIT_TRIES;
            if (by->infer) {
                static const struct search_policy greedy = { game_greedy_policy, NULL };
                infer.n = ply;
                infer.model = by->infer >= 2 ? &greedy : NULL;
                infer.unlike = by->unlike;
                infer.told = by->infer == 3 && infer_told(g, &infer, p, told) == 0 ? told : NULL;
                o.weigh = infer_weigh;
                o.weigh_ctx = &infer;
                o.weigh_tries = by->weigh_tries > 0 ? by->weigh_tries : INFER_TRIES;
            }
            double spent = cpu_s();
            int i = search_choose(&o, looks, state, p, pq_rng_mix(seed, (uint64_t)ply), 0, NULL);
            t->cpu += cpu_s() - spent;
            t->decisions++;
            int len = g->legal_text(state, i < 0 ? 0 : i, text, sizeof text);
            rc = g->apply(state, text, len, err, sizeof err);
        } else {
            rc = greedy_act(g, state, text);
        }
        snprintf(actions[ply], GAME_ACTION_MAX, "%s", text);
        if (rc != GAME_GOES_ON) break;
    }
    double v = probe ? 0 : search_value(g, state, seat, before);
    free(state);
    free(scratch);
    free(spare);
    return v;
}

int main(int argc, char **argv)
{
    const struct game *g = NULL;
    int players = 0;
    long from = 1, to = 50;
    int discards_only = 0;
    struct config cf[2];
    search_options_default(&cf[0].options);
    search_options_default(&cf[1].options);
    cf[0].options.table = cf[1].options.table = search_table_new(0);   /* as bot-search keeps one */
    cf[0].greedy = cf[1].greedy = 0;
    cf[0].bid_worlds = cf[1].bid_worlds = 0;
    cf[0].unlike = cf[1].unlike = 0;
    cf[0].weigh_tries = cf[1].weigh_tries = 0;
    cf[1].options.thumb = 0;
    const char *names[2] = { "thumb", "random" }, *rival = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int bad = 0;
        if (!strcmp(a, "--discards-only")) {
            discards_only = 1;
            continue;
        }
        if (!strcmp(a, "--team")) {
            team_play = 1;
            continue;
        }
        if (!v) bad = 1;
        else if (!strcmp(a, "--game")) bad = !(g = game_find(v));
        else if (!strcmp(a, "--players")) players = atoi(v);
        else if (!strcmp(a, "--seeds")) bad = sscanf(v, "%ld..%ld", &from, &to) != 2 || from > to;
        else if (!strcmp(a, "--budget"))
            bad = search_parse_budget(&cf[0].options, v) < 0 || search_parse_budget(&cf[1].options, v) < 0;
        else if (!strcmp(a, "--budget-a")) bad = search_parse_budget(&cf[0].options, v) < 0;
        else if (!strcmp(a, "--bid-worlds")) bad = (cf[0].bid_worlds = cf[1].bid_worlds = atoi(v)) <= 0;
        else if (!strcmp(a, "--bid-worlds-a")) bad = (cf[0].bid_worlds = atoi(v)) <= 0;
        else if (!strcmp(a, "--a")) bad = parse_config(names[0] = v, &cf[0]) < 0;
        else if (!strcmp(a, "--b")) bad = parse_config(names[1] = v, &cf[1]) < 0;
        else if (!strcmp(a, "--rival")) bad = parse_config(rival = v, &rival_config) < 0;
        else if (!strcmp(a, "--exact")) cf[0].options.exact_plies = cf[1].options.exact_plies = atoi(v);
        else if (!strcmp(a, "--exact-a")) cf[0].options.exact_plies = atoi(v);
        else if (!strcmp(a, "--ismcts-a")) bad = (cf[0].options.ismcts = atoi(v)) <= 0;
        else if (!strcmp(a, "--unlike")) bad = (cf[0].unlike = cf[1].unlike = atoi(v)) <= 0 || cf[0].unlike > 1000;
        else if (!strcmp(a, "--unlike-a")) bad = (cf[0].unlike = atoi(v)) <= 0 || cf[0].unlike > 1000;
        else if (!strcmp(a, "--weigh-tries-a")) bad = (cf[0].weigh_tries = atoi(v)) <= 0 || cf[0].weigh_tries > 4096;
        else bad = 1;
        if (bad) {
            fprintf(stderr, "usage: bench-playout --game G [--players N] [--seeds FROM..TO] [--budget N|Nms]\n"
                            "                     [--budget-a N|Nms] [--a CONFIG] [--b CONFIG] [--exact N] [--exact-a N]\n"
                            "                     [--bid-worlds N] [--bid-worlds-a N] [--discards-only] [--team] [--unlike N] [--unlike-a N] [--weigh-tries-a N] [--ismcts-a C]\n"
                            "                     [--rival CONFIG]\n"
                            "  CONFIG: thumb, thumbN (N per mille random actions), random, greedyplay (playouts by greedy's\n"
                            "          heuristic), greedy (greedy's card, no search) (default: thumb vs random),\n"
                            "          each with +bid, +bid-melds, +bid-random or +bid-greedy (the bid playouts' card plays\n"
                            "          greedy's too), then +discard (Tarot's discard\n"
                            "          searched), then +nofits (no world filtered) or +fits (the card plays' worlds fit the\n"
                            "          calls too), then +oracle (the searches see every hand), +oracle-bids (the searched\n"
                            "          bids only) or +infer (the card plays' worlds\n"
                            "          weighed by the others' plays, as the rules of thumb would make them; +infer-greedy:\n"
                            "          as greedy would; +infer-told: as greedy would, the others' other actions weighed\n"
                            "          by what the seat saw of them too, as the bot does, bots/infer.h told)\n");
            return 2;
        }
        i++;
    }
    if (!g) {
        fprintf(stderr, "bench-playout: --game is required\n");
        return 2;
    }
    if (players == 0) players = g->default_players;
    if (rival) {   /* B's budget and the rest, the rival's own configuration */
        rival_config = cf[1];
        parse_config(rival, &rival_config);
        rival_play = 1;
    }
    if (discards_only && (cf[0].bid != cf[1].bid || cf[0].options.worlds != cf[1].options.worlds ||
                          cf[0].options.ms != cf[1].options.ms)) {
        fprintf(stderr, "bench-playout: --discards-only needs the same auction in A and B (+bid and budget alike)\n");
        return 2;
    }
    void *start = malloc(g->state_size);
    double sum = 0, sq = 0, value[2] = { 0, 0 };
    struct tally tally[2] = { { 0, 0, 0, 0 }, { 0, 0, 0, 0 } };
    long pairs = 0, differ = 0, skipped = 0;
    char err[160];
    if (!start) return 1;
    for (long seed = from; seed <= to; seed++) {
        struct game_setup setup = { players, (uint64_t)seed, 0, NULL, 1 };
        if (g->create(start, &setup, err, sizeof err) < 0) {
            fprintf(stderr, "bench-playout: %s\n", err);
            return 1;
        }
        for (int seat = 0; seat < players; seat++) {
            double v[2];
            int first = 1;   /* --team: one seat-deal a team, its first seat's */
            for (int q = 0; q < seat; q++) first &= !team_play || g->team(start, q) != g->team(start, seat);
            if (!first) continue;
            if (discards_only && !play(g, start, seat, &cf[0], (uint64_t)seed * 31 + (uint64_t)seat, NULL, 1)) {
                skipped++;
                continue;
            }
            for (int k = 0; k < 2; k++)
                v[k] = play(g, start, seat, &cf[k], (uint64_t)seed * 31 + (uint64_t)seat, &tally[k], 0);
            double d = v[0] - v[1];
            differ += d != 0;
            sum += d;
            sq += d * d;
            value[0] += v[0];
            value[1] += v[1];
            pairs++;
        }
    }
    if (pairs == 0) {
        printf("%s %d players, seeds %ld..%ld: no seat-deal played (%ld without a discard of the seat)\n", g->name,
               players, from, to, skipped);
        free(start);
        return 0;
    }
    double mean = sum / (double)pairs, var = pairs > 1 ? (sq - sum * sum / (double)pairs) / (double)(pairs - 1) : 0;
    printf("%s %d players, seeds %ld..%ld, %ld seat-deals: %s - %s = %+.2f +- %.2f a deal (standard error); "
           "means %.2f and %.2f; CPU a searched decision %.2f ms and %.2f ms\n",
           g->name, players, from, to, pairs, names[0], names[1], mean, sqrt(var / (double)pairs),
           value[0] / (double)pairs, value[1] / (double)pairs,
           tally[0].decisions ? 1e3 * tally[0].cpu / (double)tally[0].decisions : 0,
           tally[1].decisions ? 1e3 * tally[1].cpu / (double)tally[1].decisions : 0);
    if (discards_only) printf("only the seat-deals where the seat discards: %ld others left out\n", skipped);
    for (int k = 0; k < 2; k++)
        if (tally[k].discards)
            printf("%s: %ld discards searched, CPU %.2f ms each\n", names[k], tally[k].discards,
                   1e3 * tally[k].discard_cpu / (double)tally[k].discards);
    printf("seat-deals whose values differ: %ld\n", differ);
    search_table_free(cf[0].options.table);
    free(start);
    return 0;
}

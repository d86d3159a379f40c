/* bot_search.c - `bot-search`: determinised search in every game whose view
 * carries its deal's history (the Belote forms, Coinche, Tarot, Tarocchini),
 * over protocol 2 and engine/game.h only.
 *
 * At each card play it rebuilds a full state from its view (bots/rebuild.h),
 * starting from the pack of its last rebuild in the same deal (the cache
 * is emptied at each match's start and end), and searches sampled worlds
 * of it (bots/search.h), played out by the game's rules of thumb (in
 * Belote at two by greedy's heuristic: game_greedy_playouts_by_default;
 * --playout says otherwise), weighed in Belote at two and three by how
 * the others played (bots/infer.h). In the Belote forms, Coinche and Tarot the small
 * choices that are no card play (bids, exchanges, declarations of 2 to 8
 * actions) are searched too (bids_searched), their playouts greedy's
 * (bots/game_greedy.h) but for the card plays (the game's rules of
 * thumb); Coinche's longer auction lists (every bid value in every
 * denomination) over a few candidates (bots/coinche_bids.h); Coinche's
 * and the Belote forms' small choices in worlds whose hands would have
 * made the other seats' calls (bots/world_fits.h); Tarot's discard over a
 * few candidates built from the hand (bots/tarot_discards.h); a card play
 * offered beside declarations (Tarot's poignées in trick 1) over the plays
 * when greedy would not declare (greedy's declaration otherwise); elsewhere,
 * and for any decision whose state cannot be rebuilt, the greedy
 * heuristic decides; the bot says on stderr when a card play fell back.
 * In a match of fixed deals every outcome is valued for the match: the
 * chance it leaves of standing above each opponent at the match's end,
 * from the view's totals and deal (search.h deals_left).
 * Decisions are seeded from --seed and the view, so a given
 * budget in worlds plays the same way every time.
 * Usage: bot-search [--seed N] [--name NAME] [--budget N|Nms] [--playout thumb|random|greedy]
 *                   [--playout-plies N] [--greedy-bids] [--greedy-discard] [--deal-points]
 *                   [--infer on|off] [--game G[,G...]|all]
 */
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
#include "protocol/sdk.h"

enum { RULES_MAX = 48, RULE_TEXT = 96, REPLAY_ACTIONS = 1024 };

/* The games it plays: every game whose view has a history. */
static const char *const searched[] = { "belote", "belote-marseillaise", "belote-partnership", "coinche", "tarot",
                                        "tarocchini" };

/* The games whose small choices it searches by default: the Belote forms,
 * Coinche and Tarot (measured: bots/README.md). Not Tarocchini: with its
 * rules of thumb in the playouts its declarations searched were level with
 * greedy's (+2.35 +- 3.02 points a deal, 400 seat-deals). */
static const char *const bids_searched[] = { "belote", "belote-marseillaise", "belote-partnership", "coinche", "tarot" };

static int searches_bids(const struct game *g)
{
    for (size_t i = 0; i < sizeof bids_searched / sizeof bids_searched[0]; i++)
        if (!strcmp(g->name, bids_searched[i])) return g->playout != NULL;
    return 0;
}

struct search_bot {
    struct search_options options;
    const struct game *game;                /* this match's */
    int players;
    char rule_text[RULES_MAX][RULE_TEXT];
    const char *rules[RULES_MAX + 1];
    void *state;                            /* the rebuilt state */
    struct rebuild_cache cache;             /* the last rebuild's pack, this deal */
    uint64_t match;                         /* the match being played */
    int search_bids;                        /* 0 with --greedy-bids */
    int search_discard;                     /* 0 with --greedy-discard */
    int match_value;                        /* 0 with --deal-points */
    struct pq_rng bid_rng;                  /* the bid and discard playouts' rules-of-thumb luck */
    long searched, fell_back;               /* decisions, for the log */
    long discards, discards_greedy;         /* Tarot discards searched, and left to greedy */
    long valued;                            /* decisions valued for the match */
    long weighed;                           /* card plays whose worlds were weighed (--infer) */
    int infer;                              /* --infer: 1 on, 0 off, -1 by default (infer_by_default) */
    int playout_told;                       /* --playout given (else game_greedy_playouts_by_default) */
    long greedy_playouts;                   /* card plays played out by greedy's heuristic by default */
    struct rebuild_replay replay;           /* the last rebuild's (its start and scratch: this match's game) */
    void *infer_scratch, *infer_spare;
    struct infer_told *told;                /* what the player saw of the replay's actions */
};


static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The match's rules object as "name=value" strings, defaults left out. */
static void match_start(void *ctx, const struct codec_game_message *start)
{
    struct search_bot *self = ctx;
    const cJSON *rule;
    int n = 0;
    self->game = game_find(start->game);
    self->players = start->players;
    cJSON_ArrayForEach(rule, start->rules)
    {
        const struct game_flag *flag = self->game ? game_flag_find(self->game, rule->string) : NULL;
        if (n == RULES_MAX) break;
        if (cJSON_IsString(rule)) snprintf(self->rule_text[n], RULE_TEXT, "%s=%s", rule->string, rule->valuestring);
        else if (cJSON_IsBool(rule))
            snprintf(self->rule_text[n], RULE_TEXT, "%s=%s", rule->string, cJSON_IsTrue(rule) ? "true" : "false");
        else if (cJSON_IsNumber(rule)) snprintf(self->rule_text[n], RULE_TEXT, "%s=%ld", rule->string, (long)rule->valuedouble);
        else continue;
        /* a default stays unsaid: Tarot's `deals` is sent as its default 0
         * ("4 x players"), which the flag's own check refuses as a value */
        if (flag && !strcmp(strchr(self->rule_text[n], '=') + 1, flag->fallback)) continue;
        self->rules[n] = self->rule_text[n];
        n++;
    }
    self->rules[n] = NULL;
    self->match = start->match;
    rebuild_cache_clear(&self->cache);
    free(self->state);
    free(self->replay.start);
    free(self->infer_scratch);
    free(self->infer_spare);
    self->state = self->game ? malloc(self->game->state_size) : NULL;
    self->replay.start = self->game ? malloc(self->game->state_size) : NULL;
    self->infer_scratch = self->game ? malloc(self->game->state_size) : NULL;
    self->infer_spare = self->game ? malloc(self->game->state_size) : NULL;
    self->replay.n = 0;
    fprintf(stderr, "match %llu of %s as %c\n", (unsigned long long)start->match, start->game, 'A' + start->player);
}

static void match_end(void *ctx, const struct codec_game_message *end)
{
    struct search_bot *self = ctx;
    fprintf(stderr, "match %llu: %ld decisions searched, %ld by the heuristic after a failed rebuild\n",
            (unsigned long long)end->match, self->searched, self->fell_back);
    if (self->discards || self->discards_greedy)
        fprintf(stderr, "match %llu: %ld discards searched, %ld greedy's (not rebuilt)\n", (unsigned long long)end->match,
                self->discards, self->discards_greedy);
    if (self->valued)
        fprintf(stderr, "match %llu: %ld decisions valued for the match, not the deal\n", (unsigned long long)end->match,
                self->valued);
    if (self->weighed)
        fprintf(stderr, "match %llu: %ld card plays' worlds weighed by the others' plays\n",
                (unsigned long long)end->match, self->weighed);
    if (self->greedy_playouts)
        fprintf(stderr, "match %llu: %ld card plays played out by greedy's heuristic\n", (unsigned long long)end->match,
                self->greedy_playouts);
    self->searched = self->fell_back = self->discards = self->discards_greedy = self->valued = self->weighed = 0;
    self->greedy_playouts = 0;
    rebuild_cache_clear(&self->cache);
}

/* Whether every legal action is a card play: the decisions it searches. */
static int card_play(const struct codec_game_message *request)
{
    for (int i = 0; i < request->n_legal; i++)
        if (strncmp(request->legal[i], "play ", 5)) return 0;
    return request->n_legal > 1;
}

/* A card play offered beside declarations made before the card (Tarot's
 * poignées in trick 1): the indices of the plays into plays[] (at most
 * cap) and their count; 0 when the list is all plays or has none. */
static int plays_among(const struct codec_game_message *request, int *plays, int cap)
{
    int n = 0, others = 0;
    for (int i = 0; i < request->n_legal; i++) {
        if (strncmp(request->legal[i], "play ", 5)) others++;
        else if (n < cap) plays[n++] = i;
    }
    return others && n > 1 ? n : 0;
}

/* Whether the request is a small choice that is no card play (a bid, an
 * exchange, a declaration of 2 to 8 actions): what --search-bids searches. */
static int small_choice(const struct codec_game_message *request)
{
    if (request->n_legal < 2 || request->n_legal > 8) return 0;
    for (int i = 0; i < request->n_legal; i++)
        if (!strncmp(request->legal[i], "play ", 5)) return 0;
    return 1;
}

/* Whether the request is a Coinche auction call of more than 8 actions
 * (every bid value in every denomination): searched over a few candidates
 * (bots/coinche_bids.h). */
static int coinche_auction(const struct game *g, const struct codec_game_message *request)
{
    return g && !strcmp(g->name, "coinche") && request->n_legal > 8 && !strcmp(request->legal[0], "pass");
}

/* Whether the rebuilt state offers exactly the listed actions. */
static int same_legal(const struct game *g, const void *state, const struct codec_game_message *request)
{
    if (g->legal_count(state) != request->n_legal) return 0;
    for (int i = 0; i < request->n_legal; i++) {
        char text[GAME_ACTION_MAX];
        if (g->legal_text(state, i, text, sizeof text) < 0 || strcmp(text, request->legal[i])) return 0;
    }
    return 1;
}

static uint64_t view_hash(const cJSON *view)
{
    char *text = cJSON_PrintUnformatted(view);
    uint64_t h = search_text_hash(text ? text : "", text ? strlen(text) : 0);
    free(text);
    return h;
}

/* Whether the rebuilt state offers the request's actions: exactly, or,
 * when the request lists a sample (a Tarot discard: protocol/README.md
 * `legal_count`), as many in all and every listed one among them. */
static int offers_listed(const struct game *g, const void *state, const struct codec_game_message *request)
{
    const cJSON *count = cJSON_GetObjectItem(request->root, "legal_count");
    if (!cJSON_IsNumber(count)) return same_legal(g, state, request);
    if (g->legal_count(state) != count->valueint) return 0;
    for (int i = 0; i < request->n_legal; i++)
        if (g->find_legal(state, request->legal[i], (int)strlen(request->legal[i])) < 0) return 0;
    return 1;
}

/* Whether the request is a Tarot discard (bots/tarot_discards.h). */
static int discard_choice(const struct codec_game_message *request)
{
    return request->n_legal > 1 && !strncmp(request->legal[0], "discard ", 8);
}

/* The indices of the state's card plays into plays[] (at most cap): their
 * count. */
static int state_plays(const struct game *g, const void *state, int *plays, int cap)
{
    char text[GAME_ACTION_MAX];
    int n = 0, legal = g->legal_count(state);
    for (int i = 0; i < legal && n < cap; i++)
        if (g->legal_text(state, i, text, sizeof text) >= 0 && !strncmp(text, "play ", 5)) plays[n++] = i;
    return n;
}

/* The request's index of the state's legal action i, or -1. */
static int listed_index(const struct game *g, const void *state, int i, const struct codec_game_message *request)
{
    char text[GAME_ACTION_MAX];
    if (g->legal_text(state, i, text, sizeof text) < 0) return -1;
    for (int k = 0; k < request->n_legal; k++)
        if (!strcmp(request->legal[k], text)) return k;
    return -1;
}

/* A decision's clock and seed, and the state rebuilt from its view. */
struct decision {
    double start, cap_ms;   /* a share of the free time and of the bank, never all of either */
    uint64_t seed;          /* from the view: the same view decides the same way */
};

/* The spread (standard deviation) of one deal's margin between two
 * players outside each other's team: measured over the deals of bot-search
 * against bot-greedy in the arena (bots/README.md "Playing for the
 * match"); 0 for a game not measured (its deals are then valued by their
 * points). */
static double deal_sd(const struct game *g, int players)
{
    static const struct {
        const char *game;
        int players;
        double sd;
    } measured[] = {
        { "belote", 2, 87 }, { "belote", 3, 109 }, { "belote", 4, 95 }, { "belote-partnership", 4, 139 },
        { "belote-marseillaise", 2, 137 }, { "coinche", 4, 309 }, { "tarot", 3, 153 }, { "tarot", 4, 137 },
        { "tarot", 5, 227 }, { "tarocchini", 4, 276 },
    };
    for (size_t i = 0; i < sizeof measured / sizeof measured[0]; i++)
        if (!strcmp(g->name, measured[i].game) && players == measured[i].players) return measured[i].sd;
    return 0;
}

/* The match around the request's deal into self->options (search.h
 * deals_left, deal_sd, match_totals) from its view's "deal" and "totals"
 * and the rebuilt state's rules; deals_left -1 when it is not known (a
 * match to a target, an unmeasured game, a view without them). */
static void match_context(struct search_bot *self, const struct codec_game_message *request)
{
    struct search_options *o = &self->options;
    const cJSON *deal = cJSON_GetObjectItem(request->view, "deal"), *totals = cJSON_GetObjectItem(request->view, "totals");
    int deals = self->game->match_deals ? self->game->match_deals(self->state) : 0;
    o->deals_left = -1;
    o->deal_sd = deal_sd(self->game, self->players);
    if (!self->match_value || deals <= 0 || o->deal_sd <= 0 || !cJSON_IsNumber(deal) || !cJSON_IsObject(totals)) return;
    for (int p = 0; p < self->players && p < GAME_MAX_PLAYERS; p++) {
        const cJSON *total;
        o->match_totals[p] = 0;
        cJSON_ArrayForEach(total, totals)   /* "A" or a side's "AC" */
            if (cJSON_IsNumber(total) && total->string && strchr(total->string, 'A' + p))
                o->match_totals[p] = (long)total->valuedouble;
    }
    o->deals_left = deals - deal->valueint > 0 ? deals - deal->valueint : 0;
    if (self->valued++ == 0)   /* said as it plays: the match's end may not be read (protocol/README.md) */
        fprintf(stderr, "match %llu: outcomes valued for the match (%d deals, a deal's spread %.0f)\n",
                (unsigned long long)self->match, deals, o->deal_sd);
}

/* Rebuilds self->state from the request's view into d's time (the rebuild
 * may take all of it: with half, a failing rebuild of Belote at four, up
 * to some 400 ms for its 24 packs, ran out of time after 15 to 19 packs on
 * a loaded machine, so that the same view was searched in one run and left
 * to greedy in another; with all of it, 4 of a run's 19,904 card plays
 * still ran out, bots/README.md "The same deals twice"; the search then
 * has what is left, 1 ms at least): 0, or -1 with err. */
static int rebuild(struct search_bot *self, const struct codec_game_message *request, struct decision *d, char *err,
                   size_t cap)
{
    struct rebuild_table table = { self->game, self->players, self->rules };
    d->start = now_ms();
    d->cap_ms = 0.4 * request->time.move_ms + request->time.bank_ms / 50.0;
    d->seed = view_hash(request->view);
    if (rebuild_state_cached(self->state, &table, request->view, request->player, d->seed, d->cap_ms,
                             &self->cache, self->match, NULL, err, cap) < 0)
        return -1;
    match_context(self, request);
    return 0;
}

/* What is left of d's time for the search (1 ms at least). */
static double time_left(const struct decision *d)
{
    double left = d->cap_ms - (now_ms() - d->start);
    return left > 1 ? left : 1;
}

/* The discard searched over a few candidates: the index of its text in
 * the request's list, or -1 with the text in answer (not in the sample
 * listed); -2 when it cannot be searched. */
static int search_discard(struct search_bot *self, const struct codec_game_message *request, char *answer, size_t cap)
{
    char err[256] = "", text[GAME_ACTION_MAX];
    struct decision d;
    if (rebuild(self, request, &d, err, sizeof err) < 0 || !offers_listed(self->game, self->state, request)) {
        fprintf(stderr, "bot-search: deal %d: greedy's discard (%s)\n", request->deal,
                err[0] ? err : "the rebuilt state's actions are not the listed ones");
        return -2;
    }
    pq_rng_seed(&self->bid_rng, d.seed);
    int i = tarot_discards_choose(&self->options, self->game, self->state, request->player, d.seed, time_left(&d),
                                  &self->bid_rng);
    if (i < 0 || self->game->legal_text(self->state, i, text, sizeof text) < 0) return -2;
    int k = listed_index(self->game, self->state, i, request);
    if (k >= 0) return k;
    snprintf(answer, cap, "%s", text);
    return -1;
}

static int act_game(void *ctx, const struct codec_game_message *request, char *answer, size_t cap)
{
    struct search_bot *self = ctx;
    char err[256] = "";
    if (self->game && self->state && self->search_discard && searches_bids(self->game) && discard_choice(request)) {
        int i = search_discard(self, request, answer, cap);
        if (i >= -1) {
            self->discards++;
            return i;
        }
        self->discards_greedy++;   /* greedy's discard, as with --greedy-discard */
    }
    int long_bids = coinche_auction(self->game, request);
    if (self->game && self->state && self->search_bids && searches_bids(self->game) && (small_choice(request) || long_bids)) {
        struct decision d;
        int only[COINCHE_BIDS_MAX], n_only = 0;
        if (rebuild(self, request, &d, err, sizeof err) == 0 && same_legal(self->game, self->state, request) &&
            (!long_bids || (n_only = coinche_bid_candidates(self->game, self->state, only, COINCHE_BIDS_MAX)) > 0)) {
            struct search_policy policy = { game_greedy_bid_policy, &self->bid_rng };
            struct search_options o = self->options;
            o.only = n_only > 0 ? only : NULL;
            o.n_only = n_only > 0 ? n_only : 0;
            o.fits = game_world_fits;   /* hands that fit the auction's calls */
            o.fit_tries = WORLD_FIT_TRIES;
            o.policy = &policy;
            o.policy_plies = 0;
            o.worlds = o.worlds / 4 > 0 ? o.worlds / 4 : 1;
            pq_rng_seed(&self->bid_rng, d.seed);
            int i = search_choose(&o, self->game, self->state, request->player, d.seed, time_left(&d), NULL);
            if (i >= 0) return i;
        }
        err[0] = '\0';   /* greedy's bid, as without the option */
    }
    /* A card play beside declarations (Tarot's poignées): greedy says
     * whether to declare; if it would play, the plays are searched. */
    int plays[CODEC_LEGAL_MAX], n_plays = 0;
    if (self->game && self->state && (n_plays = plays_among(request, plays, CODEC_LEGAL_MAX)) > 0) {
        int i = game_greedy_choose(request->view, request->legal, request->n_legal, answer, cap, err, sizeof err);
        if (i < 0 || strncmp(request->legal[i], "play ", 5)) {
            if (err[0]) fprintf(stderr, "bot-search: %s\n", err);
            return i;
        }
        err[0] = '\0';
    }
    if (self->game && self->state && (n_plays > 0 || card_play(request))) {
        struct decision d;
        if (rebuild(self, request, &d, err, sizeof err) == 0 && offers_listed(self->game, self->state, request)) {
            struct search_options o = self->options;
            if (n_plays > 0) {   /* the state's plays (a sampled list's indices are not the state's) */
                o.only = plays;
                o.n_only = state_plays(self->game, self->state, plays, CODEC_LEGAL_MAX);
            }
            static const struct search_policy greedy_model = { game_greedy_policy, NULL };
            if (!self->playout_told && game_greedy_playouts_by_default(self->game, self->players)) {
                o.policy = &greedy_model;   /* for --playout-plies' first actions, if given */
                if (self->greedy_playouts++ == 0)   /* said as it plays, as the weighing */
                    fprintf(stderr, "match %llu: card plays played out by greedy's heuristic\n",
                            (unsigned long long)self->match);
            }
            struct infer weighed = { self->replay.start, (const char (*)[GAME_ACTION_MAX])self->replay.actions,
                                     self->replay.n, 0, self->infer_scratch, &greedy_model, NULL, self->infer_spare };
            if ((self->infer > 0 || (self->infer < 0 && infer_by_default(self->game, self->players))) && self->replay.n > 0 &&
                self->infer_scratch) {
                if (self->infer_spare && self->told && infer_told(self->game, &weighed, request->player, self->told) == 0)
                    weighed.told = self->told;
                o.weigh = infer_weigh;
                o.weigh_ctx = &weighed;
                o.weigh_tries = INFER_TRIES;
                if (self->weighed++ == 0)   /* said as it plays, as the match's valuing */
                    fprintf(stderr, "match %llu: card plays' worlds weighed by the others' plays\n",
                            (unsigned long long)self->match);
            }
            int i = search_choose(&o, self->game, self->state, request->player, d.seed, time_left(&d), NULL);
            if (i >= 0 && n_plays > 0) i = listed_index(self->game, self->state, i, request);
            if (i >= 0) {
                self->searched++;
                if (n_plays > 0)
                    fprintf(stderr, "bot-search: deal %d: a card play offered beside a declaration searched\n",
                            request->deal);
                return i;
            }
        }
        self->fell_back++;
        fprintf(stderr, "bot-search: deal %d: heuristic play (%s)\n", request->deal,
                err[0] ? err : "the rebuilt state's actions are not the listed ones");
        err[0] = '\0';
    }
    int i = game_greedy_choose(request->view, request->legal, request->n_legal, answer, cap, err, sizeof err);
    if (err[0]) fprintf(stderr, "bot-search: %s\n", err);
    return i;
}

/* "belote,tarot" or "all" into games[] (NULL-terminated); the count, or -1
 * naming a game it does not play. */
static int parse_games(char *list, const char *games[CODEC_GAMES_MAX + 1])
{
    int n = 0;
    for (char *word = strtok(list, ","); word; word = strtok(NULL, ",")) {
        int all = !strcmp(word, "all"), found = 0;
        for (size_t f = 0; f < sizeof searched / sizeof searched[0]; f++)
            if ((all || !strcmp(word, searched[f])) && n < CODEC_GAMES_MAX) {
                games[n++] = searched[f];
                found = 1;
            }
        if (!found) {
            fprintf(stderr, "bot-search: no --game '%s' (it plays belote, belote-marseillaise, belote-partnership, "
                            "coinche, tarot, tarocchini; Piquet's search bot is bot-pimc)\n",
                    word);
            return -1;
        }
    }
    games[n] = NULL;
    return n;
}

int main(int argc, char **argv)
{
    static struct search_bot self;
    static char all[] = "all";
    static const struct search_policy greedy = { game_greedy_policy, NULL };
    const char *name = "search", *games[CODEC_GAMES_MAX + 1];
    search_options_default(&self.options);
    self.search_bids = 1;
    self.search_discard = 1;
    self.match_value = 1;
    self.infer = -1;
    rebuild_cache_init(&self.cache);
    static char replay_actions[REPLAY_ACTIONS][GAME_ACTION_MAX];
    static struct infer_told told[REPLAY_ACTIONS];
    self.replay.actions = replay_actions;
    self.replay.cap = REPLAY_ACTIONS;
    self.told = told;
    self.cache.replay = &self.replay;
    if (parse_games(all, games) < 0) return 2;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seed") && i + 1 < argc) self.options.seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--name") && i + 1 < argc) name = argv[++i];
        else if (!strcmp(argv[i], "--budget") && i + 1 < argc) {
            if (search_parse_budget(&self.options, argv[++i]) < 0) {
                fprintf(stderr, "bot-search: --budget takes N (worlds) or Nms, not '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--playout") && i + 1 < argc) {
            i++;
            self.playout_told = 1;
            if (!strcmp(argv[i], "thumb")) {
                self.options.policy = NULL;
                self.options.thumb = 1;
            } else if (!strcmp(argv[i], "random")) {
                self.options.policy = NULL;
                self.options.thumb = 0;
            } else if (!strcmp(argv[i], "greedy")) {
                self.options.policy = &greedy;
            } else {
                fprintf(stderr, "bot-search: --playout takes thumb, random or greedy, not '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--playout-plies") && i + 1 < argc) {
            char *end;
            long plies = strtol(argv[++i], &end, 10);
            if (end == argv[i] || *end || plies < 0 || plies > 10000) {
                fprintf(stderr, "bot-search: --playout-plies takes a number of actions (0: all), not '%s'\n", argv[i]);
                return 2;
            }
            self.options.policy_plies = (int)plies;
        } else if (!strcmp(argv[i], "--greedy-bids")) {
            self.search_bids = 0;
        } else if (!strcmp(argv[i], "--greedy-discard")) {
            self.search_discard = 0;
        } else if (!strcmp(argv[i], "--deal-points")) {
            self.match_value = 0;
        } else if (!strcmp(argv[i], "--infer") && i + 1 < argc) {
            i++;
            if (strcmp(argv[i], "on") && strcmp(argv[i], "off")) {
                fprintf(stderr, "bot-search: --infer takes on or off, not '%s'\n", argv[i]);
                return 2;
            }
            self.infer = !strcmp(argv[i], "on");
        } else if (!strcmp(argv[i], "--game") && i + 1 < argc) {
            if (parse_games(argv[++i], games) < 0) return 2;
        } else {
            fprintf(stderr, "usage: bot-search [--seed N] [--name NAME] [--budget N|Nms] [--playout thumb|random|greedy]\n"
                            "                  [--playout-plies N] [--greedy-bids] [--greedy-discard] [--deal-points]\n"
                            "                  [--infer on|off] [--game G[,G...]|all]\n"
                            "  --budget N     worlds sampled per card play (default 256); Nms: a time per play\n"
                            "  --playout P    the playouts' actions: thumb (the game's rules of thumb, game.h\n"
                            "                 playout, where it has them; random elsewhere), random (uniform)\n"
                            "                 or greedy's heuristic (through the JSON view); default greedy in\n"
                            "                 Belote at two, where it was measured a gain, thumb elsewhere\n"
                            "  --playout-plies N  greedy's for the first N actions of a playout, random after\n"
                            "                 (default 0: all)\n"
                            "  --greedy-bids  greedy's small choices that are no card play (bids, exchanges,\n"
                            "                 declarations); by default the Belote forms, Coinche (its auction\n"
                            "                 over a few candidates) and Tarot search them: a quarter of the\n"
                            "                 worlds, greedy's auction and the rules of thumb's card plays in\n"
                            "                 the playouts\n"
                            "  --greedy-discard  greedy's Tarot discard; by default the taker searches a few\n"
                            "                 candidates (bots/tarot_discards.h), four times the worlds\n"
                            "  --deal-points  value a deal's outcomes by its points; by default, in a match of\n"
                            "                 fixed deals, by the chance they leave of standing above each\n"
                            "                 opponent at its end (search.h search_match_value)\n"
                            "  --infer on|off the card plays' worlds weighed by how the others played: a play\n"
                            "                 greedy's heuristic would not have made in a world makes it less\n"
                            "                 likely (bots/infer.h); default on in Belote at two and three,\n"
                            "                 where it was measured a gain, off elsewhere\n"
                            "  --game G       the games to play (default all: the Belote forms, coinche, tarot,\n"
                            "                 tarocchini)\n"
                            "Determinised search over any game (bots/README.md); started by the arena, which\n"
                            "sets PIQUET_ENDPOINT and PIQUET_TOKEN.\n");
            return strcmp(argv[i], "--help") ? 2 : 0;
        }
    }
    struct sdk_game_bot bot = { name, "1.0", games, act_game, match_start, NULL, match_end, 0 };
    self.options.table = search_table_new(0);   /* the exact endings' table, kept (NULL: one a decision) */
    int rc = sdk_game_run(&bot, &self);
    search_table_free(self.options.table);
    free(self.state);
    free(self.replay.start);
    free(self.infer_scratch);
    free(self.infer_spare);
    rebuild_cache_clear(&self.cache);
    return rc;
}

/* bot_random.c - `bot-random`: plays a uniformly random legal action
 * (exchanges of every size, sinking, passes), from a seed, so it exercises
 * every rule. Usage: bot-random [--seed N] [--name NAME] [--game G[,G...]]
 * Without --game it plays Piquet over protocol 1; with it, the named games
 * (any of the arena's, or `all`) over protocol 2, where the legal actions
 * come as text and any game is the same loop.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bots/strategy.h"
#include "engine/rng.h"
#include "protocol/sdk.h"


struct random_bot {
    struct pq_rng rng;
    unsigned long long seed;
};

static int act(void *ctx, const struct codec_request *request, const struct pq_action *legal, int n)
{
    struct random_bot *self = ctx;
    (void)request;
    (void)legal;
    return strategy_random(&self->rng, n);
}

/* Reseeded at every partie from (seed, partie id): the arena may hand one
 * process several parties, in an order that depends on timing, and the
 * play must not depend on it. */
static void partie_start(void *ctx, const struct codec_partie_start *start)
{
    struct random_bot *self = ctx;
    pq_rng_seed(&self->rng, pq_rng_mix(self->seed, start->partie));
    /* One line per partie in the bot's log: which process played what. */
    fprintf(stderr, "partie %llu as %c against %s\n", (unsigned long long)start->partie, start->player ? 'B' : 'A',
            start->opponent);
}

/* Protocol 2: any game, the same uniform choice. */
static int act_game(void *ctx, const struct codec_game_message *request, char *answer, size_t cap)
{
    struct random_bot *self = ctx;
    (void)answer;
    (void)cap;
    return strategy_random(&self->rng, request->n_legal);
}

static void match_start(void *ctx, const struct codec_game_message *start)
{
    struct random_bot *self = ctx;
    pq_rng_seed(&self->rng, pq_rng_mix(self->seed, start->match));
    fprintf(stderr, "match %llu of %s as %c\n", (unsigned long long)start->match, start->game, 'A' + start->player);
}

/* "belote,piquet" or "all" into games[] (NULL-terminated); the count, or
 * -1 naming an unknown game on stderr. */
static int parse_games(char *list, const char *games[CODEC_GAMES_MAX + 1])
{
    int n = 0;
    if (!strcmp(list, "all")) {
        for (int i = 0; game_modules[i] && n < CODEC_GAMES_MAX; i++) games[n++] = game_modules[i]->name;
    } else {
        for (char *word = strtok(list, ","); word; word = strtok(NULL, ",")) {
            if (!game_find(word) || n == CODEC_GAMES_MAX) {
                fprintf(stderr, "bot-random: unknown game '%s'\n", word);
                return -1;
            }
            games[n++] = word;
        }
    }
    games[n] = NULL;
    return n;
}

int main(int argc, char **argv)
{
    static struct random_bot self;
    unsigned long long seed = 1;
    const char *name = "random", *games[CODEC_GAMES_MAX + 1];
    int n_games = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--name") && i + 1 < argc) name = argv[++i];
        else if (!strcmp(argv[i], "--game") && i + 1 < argc) {
            if ((n_games = parse_games(argv[++i], games)) < 0) return 2;
        } else {
            fprintf(stderr, "usage: bot-random [--seed N] [--name NAME] [--game G[,G...]|all]\n"
                            "A bot that plays uniformly random legal actions; started by the arena,\n"
                            "which sets PIQUET_ENDPOINT and PIQUET_TOKEN. Without --game it plays Piquet\n"
                            "(protocol 1); with it, the games named (protocol 2).\n");
            return strcmp(argv[i], "--help") ? 2 : 0;
        }
    }
    self.seed = seed;
    pq_rng_seed(&self.rng, seed);
    if (n_games > 0) {
        struct sdk_game_bot bot = { name, "1.0", games, act_game, match_start, NULL, NULL, 0 };
        return sdk_game_run(&bot, &self);
    }
    struct sdk_bot bot = { name, "1.0", act, partie_start, NULL, NULL, 0 };
    return sdk_run(&bot, &self);
}

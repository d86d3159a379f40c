/* bot_random.c - `bot-random`: plays a uniformly random legal action
 * (exchanges of every size, sinking, passes), from a seed, so it exercises
 * every rule. Usage: bot-random [--seed N] [--name NAME]
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

int main(int argc, char **argv)
{
    static struct random_bot self;
    unsigned long long seed = 1;
    const char *name = "random";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--name") && i + 1 < argc) name = argv[++i];
        else {
            fprintf(stderr, "usage: bot-random [--seed N] [--name NAME]\n"
                            "A Piquet bot that plays uniformly random legal actions; started by the arena,\n"
                            "which sets PIQUET_ENDPOINT and PIQUET_TOKEN.\n");
            return strcmp(argv[i], "--help") ? 2 : 0;
        }
    }
    self.seed = seed;
    pq_rng_seed(&self.rng, seed);
    struct sdk_bot bot = { name, "1.0", act, partie_start, NULL, NULL, 0 };
    return sdk_run(&bot, &self);
}

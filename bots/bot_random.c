/* bot_random.c - `bot-random`: plays a uniformly random legal action
 * (exchanges of every size, sinking, passes), from a seed, so it exercises
 * every rule. Usage: bot-random [--seed N] [--name NAME]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bots/strategy.h"
#include "protocol/sdk.h"

static int act(void *ctx, const struct codec_request *request, const struct pq_action *legal, int n)
{
    (void)request;
    (void)legal;
    return strategy_random(ctx, n);
}

int main(int argc, char **argv)
{
    struct pq_rng rng;
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
    pq_rng_seed(&rng, seed);
    struct sdk_bot bot = { name, "1.0", act, NULL, NULL, NULL, 0 };
    return sdk_run(&bot, &rng);
}

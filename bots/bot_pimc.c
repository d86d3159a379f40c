/* bot_pimc.c - `bot-pimc`: the search reference player of bots/pimc.h
 * (sampling over hidden cards, each world solved exactly).
 * Usage: bot-pimc [--budget N|Nms] [--seed N] [--model greedy|exchange] [--sink on|off] [--name NAME]
 *
 * Time: each decision is capped at 60% of the free time per move plus a
 * fortieth of the bank left (request.time), so that the default limits
 * are never approached; the budget (worlds, or milliseconds) is what
 * normally ends a decision.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bots/pimc.h"
#include "protocol/sdk.h"

static int act(void *ctx, const struct codec_request *request, const struct pq_action *legal, int n)
{
    struct pimc *pimc = ctx;
    double cap = 0.6 * request->time.move_ms + request->time.bank_ms / 40.0;
    if (cap < 1) cap = 1;
    return pimc_choose(pimc, &request->view, legal, n, cap);
}

static int usage(const char *arg)
{
    fprintf(stderr,
            "usage: bot-pimc [--budget N|Nms] [--seed N] [--model greedy|exchange] [--sink on|off]\n"
            "                [--name NAME]\n"
            "  --budget N    worlds solved per card played (default 48; the exchange\n"
            "                evaluates N sampled packs per candidate discard)\n"
            "  --budget Nms  instead, N milliseconds per decision\n"
            "  --seed N      seed of the sampling (default 1); with a worlds budget the\n"
            "                same seed plays the same way\n"
            "  --model M     the opponent's exchange: exchange (default) reconstructs it\n"
            "                from what was seen; greedy assumes greedy's (version 1)\n"
            "  --sink on|off declarations may sink when the solver measures a gain\n"
            "                (default off: it never measured one, at half as much time\n"
            "                again a decision; bots/README.md)\n"
            "  --model greedy --sink off is bot-pimc 1.0\n"
            "A Piquet bot: perfect-information Monte Carlo over the hidden cards with an\n"
            "exact play solver; started by the arena, which sets PIQUET_ENDPOINT and\n"
            "PIQUET_TOKEN.\n");
    return arg && strcmp(arg, "--help") ? 2 : 0;
}

int main(int argc, char **argv)
{
    struct pimc_options options;
    struct pimc pimc;
    const char *name = "pimc";
    pimc_options_default(&options);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--budget") && i + 1 < argc) {
            if (pimc_parse_budget(&options, argv[++i]) < 0) {
                fprintf(stderr, "bot-pimc: --budget wants N (worlds) or Nms, not '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            options.seed = strtoull(argv[++i], NULL, 10);
        } else if (!strcmp(argv[i], "--model") && i + 1 < argc) {
            i++;
            if (!strcmp(argv[i], "greedy")) options.model = PIMC_MODEL_GREEDY;
            else if (!strcmp(argv[i], "exchange")) options.model = PIMC_MODEL_EXCHANGE;
            else {
                fprintf(stderr, "bot-pimc: --model wants greedy or exchange, not '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--sink") && i + 1 < argc) {
            i++;
            if (!strcmp(argv[i], "on")) options.sink = 1;
            else if (!strcmp(argv[i], "off")) options.sink = 0;
            else {
                fprintf(stderr, "bot-pimc: --sink wants on or off, not '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--name") && i + 1 < argc) {
            name = argv[++i];
        } else {
            return usage(argv[i]);
        }
    }
    if (pimc_init(&pimc, &options) < 0) {
        fprintf(stderr, "bot-pimc: out of memory for the solver's table\n");
        return 1;
    }
    struct sdk_bot bot = { name, options.model == PIMC_MODEL_GREEDY && !options.sink ? "1.0" : "2.0", act, NULL, NULL, NULL, 0 };
    int rc = sdk_run(&bot, &pimc);
    pimc_release(&pimc);
    return rc;
}

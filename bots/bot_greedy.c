/* bot_greedy.c - `bot-greedy`: the heuristic reference player of
 * bots/strategy.h. Usage: bot-greedy [--name NAME]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bots/strategy.h"
#include "protocol/sdk.h"

static int exchange_max = 8;   /* --exchange N: discard at most N cards */

static int act(void *ctx, const struct codec_request *request, const struct pq_action *legal, int n)
{
    static struct pq_action some[PQ_MAX_LEGAL];
    int index[PQ_MAX_LEGAL], m = 0;
    (void)ctx;
    if (legal[0].kind != PQ_ACT_DISCARD) return strategy_greedy(&request->view, legal, n);
    for (int i = 0; i < n; i++)
        if (pq_mask_count(legal[i].cards) <= exchange_max || pq_mask_count(legal[i].cards) == request->discard_min) {
            index[m] = i;
            some[m++] = legal[i];
        }
    return index[strategy_greedy(&request->view, some, m)];
}

int main(int argc, char **argv)
{
    const char *name = "greedy";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--name") && i + 1 < argc) name = argv[++i];
        else if (!strcmp(argv[i], "--exchange") && i + 1 < argc) exchange_max = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: bot-greedy [--name NAME] [--exchange N]\n"
                            "  --exchange N  discard at most N cards (default: as many as allowed)\n"
                            "A heuristic Piquet bot; started by the arena, which sets PIQUET_ENDPOINT and\n"
                            "PIQUET_TOKEN.\n");
            return strcmp(argv[i], "--help") ? 2 : 0;
        }
    }
    struct sdk_bot bot = { name, "1.0", act, NULL, NULL, NULL, 0 };
    return sdk_run(&bot, NULL);
}

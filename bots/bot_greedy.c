/* bot_greedy.c - `bot-greedy`: the heuristic reference player. Without
 * --game it plays Piquet over protocol 1 (bots/strategy.h); with --game it
 * plays the Belote forms (bots/belote_strategy.h), Coinche
 * (bots/coinche_strategy.h), Tarot (bots/tarot_strategy.h) and Tarocchini
 * (bots/tarocchini_strategy.h) named, over protocol 2.
 * Usage: bot-greedy [--name NAME] [--exchange N] [--game G[,G...]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bots/game_greedy.h"
#include "bots/strategy.h"
#include "engine/game.h"
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

/* Protocol 2: a Belote form, Coinche, Tarot or Tarocchini, by the game its
 * view names (game_greedy.h). A view this strategy cannot read is said on
 * stderr and the first legal action played. */
static int act_game(void *ctx, const struct codec_game_message *request, char *answer, size_t cap)
{
    char err[160] = "";
    (void)ctx;
    int i = game_greedy_choose(request->view, request->legal, request->n_legal, answer, cap, err, sizeof err);
    if (err[0]) fprintf(stderr, "bot-greedy: %s\n", err);
    return i;
}

/* "belote,belote-partnership" or "all" (every Belote form) into games[]
 * (NULL-terminated); the count, or -1 naming a game it does not play. */
static int parse_games(char *list, const char *games[CODEC_GAMES_MAX + 1])
{
    static const char *const forms[] = { "belote", "belote-marseillaise", "belote-partnership", "coinche", "tarot",
                                         "tarocchini" };
    int n = 0;
    for (char *word = strtok(list, ","); word; word = strtok(NULL, ",")) {
        int known = !strcmp(word, "all");
        for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++)
            if (!strcmp(word, forms[f]) || known) {
                if (n < CODEC_GAMES_MAX) games[n++] = forms[f];
                if (!known) break;
            }
        if (!known && (n == 0 || strcmp(games[n - 1], word))) {
            fprintf(stderr, "bot-greedy: no --game '%s' (it plays belote, belote-marseillaise, belote-partnership, "
                            "coinche, tarot, tarocchini)\n",
                    word);
            return -1;
        }
    }
    games[n] = NULL;
    return n;
}

int main(int argc, char **argv)
{
    const char *name = "greedy", *games[CODEC_GAMES_MAX + 1];
    int n_games = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--name") && i + 1 < argc) name = argv[++i];
        else if (!strcmp(argv[i], "--exchange") && i + 1 < argc) exchange_max = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--game") && i + 1 < argc) {
            if ((n_games = parse_games(argv[++i], games)) < 0) return 2;
        } else {
            fprintf(stderr, "usage: bot-greedy [--name NAME] [--exchange N] [--game G[,G...]|all]\n"
                            "  --exchange N  Piquet: discard at most N cards (default: as many as allowed)\n"
                            "  --game G      play these games (Belote forms, coinche, tarot, tarocchini; protocol 2) instead of Piquet\n"
                            "A heuristic bot; started by the arena, which sets PIQUET_ENDPOINT and\n"
                            "PIQUET_TOKEN.\n");
            return strcmp(argv[i], "--help") ? 2 : 0;
        }
    }
    if (n_games > 0) {
        struct sdk_game_bot bot = { name, "1.0", games, act_game, NULL, NULL, NULL, 0 };
        return sdk_game_run(&bot, NULL);
    }
    struct sdk_bot bot = { name, "1.0", act, NULL, NULL, NULL, 0 };
    return sdk_run(&bot, NULL);
}

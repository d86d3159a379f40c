/* support_game_frames.c - the example frames of protocol/belote.md and the
 * other games' protocol sections (support_game_frames.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/game.h"
#include "engine/rng.h"
#include "tests/support_game_frames.h"

static int keep(struct codec_frame *out, int *n, int cap, enum codec_code code, struct codec_frame *f)
{
    if (code != CODEC_OK || *n >= cap) {
        codec_frame_release(f);
        return -1;
    }
    out[(*n)++] = *f;
    return 0;
}

int support_game_frames(struct codec_frame *out, int cap, char *err, size_t err_cap)
{
    const struct support_game_example belote = { &belote_game, 4, 11, { "belote", "belote-partnership", NULL } };
    return support_game_frames_of(&belote, out, cap, err, err_cap);
}

int support_game_frames_of(const struct support_game_example *example, struct codec_frame *out, int cap, char *err,
                           size_t err_cap)
{
    const struct game *g = example->game;
    struct codec_hello hello = { .protocol = PROTOCOL_VERSION_2, .token = "7f3a9c0d52e14b8e", .name = "bidder",
                                 .version = "0.3", .n_games = 0 };
    struct codec_welcome welcome = { PROTOCOL_VERSION_2, "piquet-arena 1" };
    struct codec_match_start start = { .match = 5, .game = g, .players = example->players, .player = 1,
                                       .first_dealer = 0, .rules = NULL,
                                       .names = { "north", "bidder", "south", "west" }, .clocks = { 1000, 30000, 200 } };
    struct game_setup setup = { example->players, example->seed, 0, NULL, 0 };
    struct codec_frame f;
    struct pq_rng rng;
    char text[GAME_ACTION_MAX];
    int n = 0;
    uint64_t id = 100;
    while (hello.n_games < 2 && example->games[hello.n_games]) {
        snprintf(hello.games[hello.n_games], sizeof hello.games[0], "%s", example->games[hello.n_games]);
        hello.n_games++;
    }
    void *state = malloc(g->state_size);
    if (!state || g->create(state, &setup, err, (int)err_cap) < 0) goto fail;
    if (keep(out, &n, cap, codec_encode_hello(&f, &hello, err, err_cap), &f) < 0 ||
        keep(out, &n, cap, codec_encode_welcome(&f, &welcome, err, err_cap), &f) < 0 ||
        keep(out, &n, cap, codec_encode_match_start(&f, &start, state, err, err_cap), &f) < 0)
        goto fail;
    pq_rng_seed(&rng, example->seed);
    while (g->to_act(state) >= 0) {
        int player = g->to_act(state), rc;
        struct codec_time time = { 1000, 30000 };
        int pick = (int)pq_rng_below(&rng, (uint32_t)g->legal_count(state));
        g->legal_text(state, pick, text, sizeof text);
        if (player == 1) {
            if (keep(out, &n, cap, codec_encode_game_request(&f, id, 5, g, state, &time, err, err_cap), &f) < 0 ||
                keep(out, &n, cap, codec_encode_action(&f, id, text, err, err_cap), &f) < 0)
                goto fail;
        }
        id++;
        rc = g->apply(state, text, (int)strlen(text), err, (int)err_cap);
        if (rc == GAME_ILLEGAL) goto fail;
        if (rc == GAME_DEAL_OVER &&
            keep(out, &n, cap, codec_encode_game_deal_end(&f, 5, g, state, err, err_cap), &f) < 0)
            goto fail;
    }
    long points[GAME_MAX_PLAYERS];
    g->match_points(state, points);
    if (keep(out, &n, cap, codec_encode_match_end(&f, 5, g, state, points, game_winner(g, state, points), NULL, err,
                                                   err_cap), &f) < 0)
        goto fail;
    free(state);
    return n;
fail:
    free(state);
    for (int i = 0; i < n; i++) codec_frame_release(&out[i]);
    return 0;
}

/* support_tarocchini_frames.c - protocol/tarocchini.md's example frames
 * (support_tarocchini_frames.h).
 */
#include <stdlib.h>
#include <string.h>
#include "engine/game.h"
#include "engine/rng.h"
#include "tests/support_tarocchini_frames.h"

static int keep(struct codec_frame *out, int *n, int cap, enum codec_code code, struct codec_frame *f)
{
    if (code != CODEC_OK || *n >= cap) {
        codec_frame_release(f);
        return -1;
    }
    out[(*n)++] = *f;
    return 0;
}

int support_tarocchini_frames(struct codec_frame *out, int cap, char *err, size_t err_cap)
{
    static const char *const rules[] = { "deals=4", NULL };
    const struct game *g = &tarocchini_game;
    struct codec_hello hello = { .protocol = PROTOCOL_VERSION_2, .token = "5d1e8c2a90b34f71", .name = "bolognese",
                                 .version = "0.1", .n_games = 1, .games = { "tarocchini" } };
    struct codec_welcome welcome = { PROTOCOL_VERSION_2, "piquet-arena 1" };
    struct codec_match_start start = { .match = 5, .game = g, .players = 4, .player = 1, .first_dealer = 0,
                                       .rules = rules, .names = { "north", "bolognese", "south", "west" },
                                       .clocks = { 1000, 30000, 200 } };
    struct game_setup setup = { 4, 11, 0, rules, 0 };
    struct codec_frame f;
    struct pq_rng rng;
    char text[GAME_ACTION_MAX];
    int n = 0;
    uint64_t id = 100;
    void *state = malloc(g->state_size);
    if (!state || g->create(state, &setup, err, (int)err_cap) < 0) goto fail;
    if (keep(out, &n, cap, codec_encode_hello(&f, &hello, err, err_cap), &f) < 0 ||
        keep(out, &n, cap, codec_encode_welcome(&f, &welcome, err, err_cap), &f) < 0 ||
        keep(out, &n, cap, codec_encode_match_start(&f, &start, state, err, err_cap), &f) < 0)
        goto fail;
    pq_rng_seed(&rng, 11);
    while (g->to_act(state) >= 0) {
        int player = g->to_act(state), rc, count = g->legal_count(state);
        struct codec_time time = { 1000, 30000 };
        /* declarations: the last listed before pass half the time, so the
         * example shows some without a legal list of hundreds */
        int pick = (int)pq_rng_below(&rng, (uint32_t)count);
        g->legal_text(state, count - 1, text, sizeof text);
        if (!strcmp(text, "pass") && count > 1 && pick < count - 2) pick = pq_rng_below(&rng, 2) ? count - 2 : count - 1;
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

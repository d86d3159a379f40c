/* support_game_frames.c - the example frames of protocol/belote.md and
 * protocol/tarot.md (support_game_frames.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/game.h"
#include "engine/rng.h"
#include <criterion/criterion.h>
#include <cjson/cJSON.h>
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
    struct support_game_example ex = { .game = &belote_game, .players = 4, .match = 5, .seed = 11, .rules = NULL,
                                       .names = { "north", "bidder", "south", "west" }, .n_games = 2,
                                       .games = { "belote", "belote-partnership" } };
    return support_game_frames_of(&ex, out, cap, err, err_cap);
}

int support_game_frames_of(const struct support_game_example *ex, struct codec_frame *out, int cap, char *err,
                           size_t err_cap)
{
    const struct game *g = ex->game;
    struct codec_hello hello = { .protocol = PROTOCOL_VERSION_2, .token = "7f3a9c0d52e14b8e", .version = "0.3",
                                 .n_games = (uint8_t)ex->n_games };
    snprintf(hello.name, sizeof hello.name, "%s", ex->names[1]);
    for (int i = 0; i < ex->n_games; i++) snprintf(hello.games[i], sizeof hello.games[i], "%s", ex->games[i]);
    struct codec_welcome welcome = { PROTOCOL_VERSION_2, "piquet-arena 1" };
    struct codec_match_start start = { .match = ex->match, .game = g, .players = ex->players, .player = 1,
                                       .first_dealer = 0, .rules = ex->rules,
                                       .names = { ex->names[0], ex->names[1], ex->names[2], ex->names[3], ex->names[4] },
                                       .clocks = { 1000, 30000, 200 } };
    struct game_setup setup = { ex->players, ex->seed, 0, ex->rules, 0 };
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
    pq_rng_seed(&rng, ex->seed);
    while (g->to_act(state) >= 0) {
        int player = g->to_act(state), rc;
        struct codec_time time = { 1000, 30000 };
        if (g->settle && g->settle(state) == GAME_DEAL_OVER) {       /* a void deal: no action */
            if (keep(out, &n, cap, codec_encode_game_deal_end(&f, ex->match, g, state, err, err_cap), &f) < 0) goto fail;
            continue;
        }
        int pick = (int)pq_rng_below(&rng, (uint32_t)g->legal_count(state));
        g->legal_text(state, pick, text, sizeof text);
        if (player == 1) {
            if (keep(out, &n, cap, codec_encode_game_request(&f, id, ex->match, g, state, &time, err, err_cap), &f) < 0 ||
                keep(out, &n, cap, codec_encode_action(&f, id, text, err, err_cap), &f) < 0)
                goto fail;
        }
        id++;
        rc = g->apply(state, text, (int)strlen(text), err, (int)err_cap);
        if (rc == GAME_ILLEGAL) goto fail;
        if (rc == GAME_DEAL_OVER &&
            keep(out, &n, cap, codec_encode_game_deal_end(&f, ex->match, g, state, err, err_cap), &f) < 0)
            goto fail;
    }
    long points[GAME_MAX_PLAYERS];
    g->match_points(state, points);
    if (keep(out, &n, cap, codec_encode_match_end(&f, ex->match, g, state, points, game_winner(g, state, points), NULL,
                                                   err, err_cap), &f) < 0)
        goto fail;
    free(state);
    return n;
fail:
    free(state);
    for (int i = 0; i < n; i++) codec_frame_release(&out[i]);
    return 0;
}

int support_game_doc_check(const char *doc_path, const struct support_game_example *example)
{
    static struct codec_frame frames[SUPPORT_GAME_FRAMES_MAX];
    static char text[200000];
    char err[256];
    FILE *file = fopen(doc_path, "rb");
    cr_assert(file, "run the tests from the top of the checkout (%s)", doc_path);
    size_t len = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[len] = '\0';
    int n = example ? support_game_frames_of(example, frames, SUPPORT_GAME_FRAMES_MAX, err, sizeof err)
                    : support_game_frames(frames, SUPPORT_GAME_FRAMES_MAX, err, sizeof err);
    int blocks = 0;
    cr_assert_gt(n, 10, "%s", err);
    for (char *at = text; (at = strstr(at, "```json\n")); blocks++) {
        char *start = at + 8, *end = strstr(start, "```");
        cr_assert(end, "%s: an unclosed json block", doc_path);
        cJSON *shown = cJSON_ParseWithLength(start, (size_t)(end - start));
        cr_assert(shown, "%s: a json block that is not JSON near: %.60s", doc_path, start);
        int found = -1;
        for (int i = 0; i < n && found < 0; i++) {
            cJSON *real = cJSON_ParseWithLength(frames[i].data, frames[i].len);
            if (cJSON_Compare(shown, real, 1)) found = i;
            cJSON_Delete(real);
        }
        cr_assert_geq(found, 0, "%s: not a frame of the example: %.80s", doc_path, start);
        const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(shown, "type"));
        if (!strcmp(type, "hello") || !strcmp(type, "action")) {
            /* The bot-side decoder checks actions in Piquet's notation
             * only; any other game's action is still an action frame. */
            struct codec_bot_message bot;
            int code = codec_decode_bot(frames[found].data, frames[found].len, &bot, err, sizeof err);
            cr_expect(code == CODEC_OK || (code == CODEC_BAD_ACTION && bot.type == CODEC_ACTION), "%s", err);
        } else {
            struct codec_game_message m;
            cr_expect_eq(codec_decode_game(frames[found].data, frames[found].len, &m, err, sizeof err), CODEC_OK,
                         "%s: %s", type, err);
            codec_game_message_release(&m);
        }
        cJSON_Delete(shown);
        at = end + 3;
    }
    for (int i = 0; i < n; i++) codec_frame_release(&frames[i]);
    return blocks;
}

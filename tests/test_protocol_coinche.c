/* test_protocol_coinche.c - protocol/coinche.md stays true: every JSON frame
 * shown in it is exactly one the encoder makes for the document's example
 * match (tests/support_game_frames.h: coinche, seed 11), and it decodes as a protocol-2 bot
 * (or the arena, for the bot's own frames) reads it.
 */
#include <criterion/criterion.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>
#include "protocol/codec.h"
#include "engine/game.h"
#include "tests/support_game_frames.h"

static const struct support_game_example example = {
    .game = &coinche_game, .players = 4, .match = 5, .seed = 11, .rules = NULL,
    .names = { "north", "bidder", "south", "west" }, .n_games = 1, .games = { "coinche" }
};

Test(protocol_coinche, every_frame_in_the_document_is_a_real_frame_and_decodes)
{
    cr_expect_geq(support_game_doc_check("protocol/coinche.md", &example), 8);
}

Test(protocol_coinche, the_example_match_is_a_whole_match_within_the_frame_cap)
{
    static struct codec_frame frames[SUPPORT_GAME_FRAMES_MAX];
    char err[256];
    int n = support_game_frames_of(&example, frames, SUPPORT_GAME_FRAMES_MAX, err, sizeof err), deal_ends = 0, ends = 0;
    cr_assert_gt(n, 10, "%s", err);
    for (int i = 0; i < n; i++) {
        cr_expect_leq(frames[i].len, PROTOCOL_MAX_FRAME);
        deal_ends += strstr(frames[i].data, "\"type\":\"deal_end\"") != NULL;
        ends += strstr(frames[i].data, "\"type\":\"match_end\"") != NULL;
        codec_frame_release(&frames[i]);
    }
    cr_expect_eq(deal_ends, 16, "coinche plays 16 deals (K38)");
    cr_expect_eq(ends, 1);
}

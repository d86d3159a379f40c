/* test_protocol_belote.c - protocol/belote.md stays true: every JSON frame
 * shown in it is exactly one the encoder makes for the document's example
 * match (tests/support_game_frames.h), and it decodes as a protocol-2 bot
 * (or the arena, for the bot's own frames) reads it.
 */
#include <criterion/criterion.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>
#include "protocol/codec.h"
#include "tests/support_game_frames.h"

Test(protocol_belote, every_frame_in_the_document_is_a_real_frame_and_decodes)
{
    cr_expect_geq(support_game_doc_check("protocol/belote.md", NULL), 8);
}

Test(protocol_belote, the_example_match_is_a_whole_match_within_the_frame_cap)
{
    static struct codec_frame frames[SUPPORT_GAME_FRAMES_MAX];
    char err[256];
    int n = support_game_frames(frames, SUPPORT_GAME_FRAMES_MAX, err, sizeof err), deal_ends = 0, ends = 0;
    cr_assert_gt(n, 10, "%s", err);
    for (int i = 0; i < n; i++) {
        cr_expect_leq(frames[i].len, PROTOCOL_MAX_FRAME);
        deal_ends += strstr(frames[i].data, "\"type\":\"deal_end\"") != NULL;
        ends += strstr(frames[i].data, "\"type\":\"match_end\"") != NULL;
        codec_frame_release(&frames[i]);
    }
    cr_expect_eq(deal_ends, 8, "belote at four plays 8 deals (B38)");
    cr_expect_eq(ends, 1);
}

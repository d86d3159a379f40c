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

static const struct support_game_example example = { &coinche_game, 4, 11, { "coinche", NULL } };

static char *read_doc(void)
{
    static char text[200000];
    FILE *file = fopen("protocol/coinche.md", "rb");
    cr_assert(file, "run the tests from the top of the checkout (protocol/coinche.md)");
    size_t n = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[n] = '\0';
    return text;
}

Test(protocol_coinche, every_frame_in_the_document_is_a_real_frame_and_decodes)
{
    static struct codec_frame frames[SUPPORT_GAME_FRAMES_MAX];
    char err[256], *at = read_doc();
    int n = support_game_frames_of(&example, frames, SUPPORT_GAME_FRAMES_MAX, err, sizeof err), blocks = 0;
    cr_assert_gt(n, 10, "%s", err);
    while ((at = strstr(at, "```json\n"))) {
        char *start = at + 8, *end = strstr(start, "```");
        cr_assert(end, "an unclosed json block");
        cJSON *shown = cJSON_ParseWithLength(start, (size_t)(end - start));
        cr_assert(shown, "a json block that is not JSON near: %.60s", start);
        int found = -1;
        for (int i = 0; i < n && found < 0; i++) {
            cJSON *real = cJSON_ParseWithLength(frames[i].data, frames[i].len);
            if (cJSON_Compare(shown, real, 1)) found = i;
            cJSON_Delete(real);
        }
        cr_assert_geq(found, 0, "not a frame of the example: %.80s", start);
        const char *type = cJSON_GetStringValue(cJSON_GetObjectItem(shown, "type"));
        if (!strcmp(type, "hello") || !strcmp(type, "action")) {
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
        blocks++;
        at = end + 3;
    }
    cr_expect_geq(blocks, 8);
    for (int i = 0; i < n; i++) codec_frame_release(&frames[i]);
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

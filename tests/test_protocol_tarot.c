/* test_protocol_tarot.c - protocol/tarot.md stays true: every JSON frame
 * shown in it is exactly one the encoder makes for the document's example
 * match (support_game_frames_of), and it decodes as a protocol-2 bot (or
 * the arena, for the bot's own frames) reads it; a request with more legal
 * actions than it lists carries a sample of distinct legal actions and
 * their count.
 */
#include <criterion/criterion.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>
#include "protocol/codec.h"
#include "tests/support_game_frames.h"

static const char *const rules[] = { "deals=4", NULL };
static const struct support_game_example example = {
    .game = &tarot_game, .players = 4, .match = 8, .seed = 108, .rules = rules,
    .names = { "west", "taker", "east", "south" }, .n_games = 1, .games = { "tarot" }
};

static char *read_doc(void)
{
    static char text[200000];
    FILE *file = fopen("protocol/tarot.md", "rb");
    cr_assert(file, "run the tests from the top of the checkout (protocol/tarot.md)");
    size_t n = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[n] = '\0';
    return text;
}

Test(protocol_tarot, every_frame_in_the_document_is_a_real_frame_and_decodes)
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
            /* the bot-side decoder checks actions in Piquet's notation
             * only; any other game's action is still an action frame */
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
    cr_expect_geq(blocks, 9);
    for (int i = 0; i < n; i++) codec_frame_release(&frames[i]);
}

Test(protocol_tarot, a_discard_request_lists_a_sample_of_distinct_legal_discards_and_their_count)
{
    static struct codec_frame frames[SUPPORT_GAME_FRAMES_MAX];
    char err[256];
    int n = support_game_frames_of(&example, frames, SUPPORT_GAME_FRAMES_MAX, err, sizeof err), sampled = 0;
    cr_assert_gt(n, 10, "%s", err);
    for (int i = 0; i < n; i++) {
        cr_expect_leq(frames[i].len, PROTOCOL_MAX_FRAME);
        cJSON *f = cJSON_ParseWithLength(frames[i].data, frames[i].len);
        const cJSON *count = cJSON_GetObjectItem(f, "legal_count"), *legal = cJSON_GetObjectItem(f, "legal"), *a;
        if (count) {
            sampled++;
            cr_expect_gt(count->valuedouble, CODEC_LEGAL_LISTED);
            cr_expect_eq(cJSON_GetArraySize(legal), CODEC_LEGAL_LISTED);
            const char *prev = "";
            cJSON_ArrayForEach(a, legal) {
                cr_expect(!strncmp(a->valuestring, "discard ", 8), "%s", a->valuestring);
                cr_expect_neq(strcmp(prev, a->valuestring), 0, "a discard listed twice");
                prev = a->valuestring;
            }
            struct codec_game_message m;
            cr_expect_eq(codec_decode_game(frames[i].data, frames[i].len, &m, err, sizeof err), CODEC_OK, "%s", err);
            cr_expect_eq(m.n_legal, CODEC_LEGAL_LISTED);
            codec_game_message_release(&m);
        }
        cJSON_Delete(f);
        codec_frame_release(&frames[i]);
    }
    cr_expect_eq(sampled, 1, "B's one discard in the example");
}

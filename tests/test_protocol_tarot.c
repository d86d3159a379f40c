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

Test(protocol_tarot, every_frame_in_the_document_is_a_real_frame_and_decodes)
{
    cr_expect_geq(support_game_doc_check("protocol/tarot.md", &example), 9);
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

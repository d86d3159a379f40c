#define _GNU_SOURCE   /* memmem */
/* test_protocol_tarocchini.c - protocol/tarocchini.md stays true: every JSON frame
 * shown in it is exactly one the encoder makes for the document's example
 * match (tests/support_game_frames.h: Tarocchini, seed 11), and it decodes as a protocol-2 bot
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
    .game = &tarocchini_game, .players = 4, .match = 5, .seed = 11, .rules = NULL,
    .names = { "north", "bidder", "south", "west" }, .n_games = 1, .games = { "tarocchini" }
};

Test(protocol_tarocchini, every_frame_in_the_document_is_a_real_frame_and_decodes)
{
    cr_expect_geq(support_game_doc_check("protocol/tarocchini.md", &example), 8);
}

Test(protocol_tarocchini, the_example_match_is_a_whole_match_within_the_frame_cap)
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
    cr_expect_eq(deal_ends, 8, "a match of 8 deals (O33)");
    cr_expect_eq(ends, 1);
}

/* The longest legal list a hand can bring (the grande with both wild
 * cards: about a thousand declarations) still fits in one frame. */
Test(protocol_tarocchini, the_largest_declaration_request_fits_in_a_frame_as_a_sample_and_its_count)
{
    static const char *const deck =
        "AN WO SU MO T16 T15 T14 T13 T12 T11 T10 T9 T8 BE MA T7 T6 T5 M1 M2 M3 M4 KS KB KC KD QS QB QC QD "
        "NS NB NC ND JS JB JC JD AS AB AC AD TS TB TC TD 9S 9B 9C 9D 8S 8B 8C 8D 7S 7B 7C 7D 6S 6B 6C 6D";
    const struct game *g = &tarocchini_game;
    static unsigned char state[1 << 16];
    char err[256];
    struct game_setup setup = { 4, 1, 0, NULL, 1 };
    cr_assert_leq(g->state_size, sizeof state);
    cr_assert_eq(g->create(state, &setup, err, sizeof err), 0, "%s", err);
    cr_assert_eq(g->set_deck(state, deck, err, sizeof err), 0, "%s", err);
    cr_assert_eq(g->apply(state, "discard 6S 6B", 13, err, sizeof err), GAME_GOES_ON, "%s", err);
    cr_assert_gt(g->legal_count(state), 1000);
    struct codec_frame f;
    struct codec_time time = { 1000, 30000 };
    cr_assert_eq(codec_encode_game_request(&f, 1, 1, g, state, &time, err, sizeof err), CODEC_OK, "%s", err);
    cr_expect_leq(f.len, PROTOCOL_MAX_FRAME);
    struct codec_game_message m;
    cr_expect_eq(codec_decode_game(f.data, f.len, &m, err, sizeof err), CODEC_OK, "%s", err);
    /* Over CODEC_LEGAL_BYTES of texts: a uniform sample and the count
     * (protocol/README.md "request"), any legal answer accepted. */
    cr_expect_eq(m.n_legal, CODEC_LEGAL_LISTED);
    char count[32];
    snprintf(count, sizeof count, "\"legal_count\":%d", g->legal_count(state));
    cr_expect(memmem(f.data, f.len, count, strlen(count)), "no %s in the request", count);
    codec_game_message_release(&m);
    codec_frame_release(&f);
}

/* test_instant.c - bot-instant's answer: the scan reads every request the
 * arena writes (so the harness benchmark measures the arena, not a JSON
 * decode in the bot), its answer is legal, and frames it cannot scan are
 * still answered through the codec or ignored.
 */
#include <criterion/criterion.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bots/instant.h"
#include "engine/game.h"
#include "engine/piquet/deal.h"
#include "engine/rng.h"
#include "protocol/codec.h"

Test(instant, scans_every_request_of_random_deals_and_answers_legally)
{
    struct pq_rules rules;
    struct codec_time time = { 1000, 60000 };
    long requests = 0, scanned = 0;
    pq_rules_default(&rules);
    for (int seed = 1; seed <= 60; seed++) {
        struct pq_deal deal;
        struct pq_rng rng;
        uint8_t deck[32];
        pq_rng_deck((uint64_t)seed, 0, deck);
        pq_rng_seed(&rng, (uint64_t)seed);
        pq_deal_init(&deal, &rules, deck);
        for (uint64_t id = 1000 * (uint64_t)seed; !pq_deal_over(&deal); id++) {
            struct codec_frame f = { NULL, 0 };
            struct pq_action a;
            char err[200], text[PQ_ACTION_TEXT_MAX];
            uint64_t got = 0;
            cr_assert_eq(codec_encode_request(&f, id, 7, 1, &deal, 0, &time, err, sizeof err), CODEC_OK, "%s", err);
            enum instant_path path = instant_answer(f.data, f.len, &got, text, sizeof text);
            requests++;
            scanned += path == INSTANT_SCANNED;
            cr_assert_eq(path, INSTANT_SCANNED, "not scanned: %.200s", f.data);
            cr_assert_eq(got, id);
            cr_assert_eq(pq_action_parse(text, (int)strlen(text), &a, err, sizeof err), 0, "'%s': %s", text, err);
            cr_assert_eq(pq_deal_check(&deal, &a, err, sizeof err), 0, "'%s' is illegal here: %s", text, err);
            codec_frame_release(&f);
            /* On with a random legal action, so that every phase is seen. */
            int n = pq_deal_legal_count(&deal);
            pq_deal_legal_nth(&deal, (int)pq_rng_below(&rng, (uint32_t)n), &a);
            pq_deal_apply(&deal, &a, NULL, 0);
        }
    }
    cr_expect_eq(scanned, requests);
    cr_expect_gt(requests, 60 * 20);
}

/* Every game's request (protocol 2): the scan finds the request's own
 * legal list, whatever the game's view holds before it, and answers its
 * first entry, as cJSON reads it. */
Test(instant, scans_every_game_request_and_answers_its_first_legal_action)
{
    char err[200], text[GAME_ACTION_MAX], got_text[GAME_ACTION_MAX];
    long requests = 0;
    for (int m = 0; game_modules[m]; m++) {
        const struct game *g = game_modules[m];
        void *state = malloc(g->state_size);
        cr_assert(state);
        for (uint64_t seed = 1; seed <= 4; seed++) {
            struct game_setup setup = { g->default_players, seed, 0, NULL, 0 };
            struct pq_rng rng;
            cr_assert_eq(g->create(state, &setup, err, (int)sizeof err), 0, "%s: %s", g->name, err);
            pq_rng_seed(&rng, seed);
            for (int step = 0; step < 300 && g->to_act(state) >= 0; step++) {
                struct codec_time time = { 1000, 5000 };
                struct codec_frame f = { NULL, 0 };
                uint64_t id = seed * 100000 + (uint64_t)step, got = 0;
                if (g->settle && g->settle(state) == GAME_DEAL_OVER) continue;
                cr_assert_eq(codec_encode_game_request(&f, id, seed, g, state, &time, err, sizeof err), CODEC_OK, "%s",
                             err);
                cJSON *root = cJSON_ParseWithLength(f.data, f.len);
                const cJSON *first = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "legal"), 0);
                cr_assert(cJSON_IsString(first), "%s: no legal list", g->name);
                cr_assert_eq(instant_answer(f.data, f.len, &got, got_text, sizeof got_text), INSTANT_SCANNED,
                             "%s step %d not scanned", g->name, step);
                cr_assert_eq(got, id);
                cr_assert_str_eq(got_text, first->valuestring, "%s step %d", g->name, step);
                cJSON_Delete(root);
                codec_frame_release(&f);
                requests++;
                int pick = (int)pq_rng_below(&rng, (uint32_t)g->legal_count(state));
                g->legal_text(state, pick, text, sizeof text);
                cr_assert_neq(g->apply(state, text, (int)strlen(text), err, (int)sizeof err), GAME_ILLEGAL, "%s", err);
            }
        }
        free(state);
    }
    cr_expect_gt(requests, 500);
}

/* The request that opens the deal of pack `seed` (the exchange), id `id`. */
static void first_request(uint64_t seed, uint64_t id, struct codec_frame *f)
{
    struct pq_rules rules;
    struct pq_deal deal;
    struct codec_time time = { 1000, 60000 };
    uint8_t deck[32];
    char err[200];
    pq_rules_default(&rules);
    pq_rng_deck(seed, 0, deck);
    pq_deal_init(&deal, &rules, deck);
    cr_assert_eq(codec_encode_request(f, id, 7, 1, &deal, 0, &time, err, sizeof err), CODEC_OK, "%s", err);
}

Test(instant, a_request_in_another_key_order_is_decoded_instead)
{
    struct codec_frame f = { NULL, 0 };
    char text[PQ_ACTION_TEXT_MAX], moved[PROTOCOL_MAX_FRAME];
    uint64_t got = 0;
    first_request(3, 41, &f);
    /* {"type":"request","id":41,REST} -> {"id":41,"type":"request",REST} */
    const char *rest = strstr(f.data, ",\"partie\"");
    cr_assert_not_null(rest);
    int n = snprintf(moved, sizeof moved, "{\"id\":41,\"type\":\"request\"%.*s", (int)(f.len - (size_t)(rest - f.data)), rest);
    cr_assert_eq(instant_answer(moved, (size_t)n, &got, text, sizeof text), INSTANT_DECODED);
    cr_expect_eq(got, 41);
    cr_expect_eq(strncmp(text, "discard", 7), 0, "the exchange comes first: '%s'", text);
    codec_frame_release(&f);
}

Test(instant, other_messages_and_cut_frames_get_no_answer)
{
    struct codec_frame f = { NULL, 0 };
    char text[PQ_ACTION_TEXT_MAX];
    uint64_t got = 0;
    static const char welcome[] = "{\"type\":\"welcome\",\"protocol\":1,\"arena\":\"piquet-arena 0.1\"}";
    cr_expect_eq(instant_answer(welcome, sizeof welcome - 1, &got, text, sizeof text), INSTANT_NONE);
    first_request(5, 9, &f);
    /* Every cut before the hand's cards: no answer, and no read past the cut
     * (the sanitizer build checks the latter). */
    const char *hand = strstr(f.data, "\"hand\":[");
    cr_assert_not_null(hand);
    for (size_t cut = 0; cut < (size_t)(hand - f.data) + 8; cut++) {
        char *copy = malloc(cut ? cut : 1);
        memcpy(copy, f.data, cut);
        cr_expect_eq(instant_answer(copy, cut, &got, text, sizeof text), INSTANT_NONE, "cut at %zu", cut);
        free(copy);
    }
    codec_frame_release(&f);
}

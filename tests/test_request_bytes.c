/* test_request_bytes.c - the request (the frame of every decision) is
 * written straight to text by protocol/codec_json.c's stream writer, which
 * is tuned for speed; these tests pin its bytes to a second, independent
 * route: cJSON parses the frame and prints it again unformatted, and the two
 * texts must be byte for byte the same. cJSON prints integers as we do and
 * strings without escapes (or with '"' and '\\') as we do, so any byte the
 * fast paths got wrong (a lost quote, a digit, a comma, a cut at the end of
 * the writer's room) shows. Over many random states of every game
 * (protocol 2) and of Piquet's protocol 1 request.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <criterion/criterion.h>
#include <cjson/cJSON.h>
#include "engine/game.h"
#include "engine/rng.h"
#include "protocol/codec.h"
#include "protocol/codec_json.h"
#include "tests/support_codec.h"

/* The frame as cJSON prints it back (unformatted), compared byte for byte. */
static void same_as_cjson(const struct codec_frame *f, const char *what)
{
    cr_assert(f->data && f->len > 0, "%s: no frame", what);
    cJSON *root = cJSON_ParseWithLength(f->data, f->len);
    cr_assert(root, "%s: cJSON cannot parse the frame", what);
    char *again = cJSON_PrintUnformatted(root);
    cr_assert(again);
    size_t len = strlen(again);
    size_t at = 0;
    while (at < len && at < f->len && again[at] == f->data[at]) at++;
    cr_assert(len == f->len && at == len, "%s: the frame differs from cJSON's print at byte %zu of %zu (%zu)", what,
              at, f->len, len);
    free(again);
    cJSON_Delete(root);
}

Test(request_bytes, every_game_request_prints_as_cjson_prints_it)
{
    char err[200], text[GAME_ACTION_MAX], what[96];
    int requests = 0, big = 0;
    for (int m = 0; game_modules[m]; m++) {
        const struct game *g = game_modules[m];
        void *state = malloc(g->state_size);
        cr_assert(state);
        for (uint64_t seed = 1; seed <= 6; seed++) {
            int players = g->min_players + (int)(seed % (uint64_t)(g->max_players - g->min_players + 1));
            struct game_setup setup = { players, seed, 0, NULL, 0 };
            struct pq_rng rng;
            uint64_t id = seed * 1000003u;
            cr_assert_eq(g->create(state, &setup, err, (int)sizeof err), 0, "%s: %s", g->name, err);
            pq_rng_seed(&rng, seed);
            for (int step = 0; step < 400 && g->to_act(state) >= 0; step++) {
                struct codec_time time = { (uint32_t)(seed * 977), (uint32_t)(step * 31337u) };
                struct codec_frame f = { NULL, 0 };
                if (g->settle && g->settle(state) == GAME_DEAL_OVER) continue;
                cr_assert_eq(codec_encode_game_request(&f, id + (uint64_t)step, 999999999999999ull - seed, g, state,
                                                       &time, err, sizeof err), CODEC_OK, "%s: %s", g->name, err);
                snprintf(what, sizeof what, "%s seed %d step %d", g->name, (int)seed, step);
                same_as_cjson(&f, what);
                big += f.len > 4096;
                requests++;
                codec_frame_release(&f);
                int pick = (int)pq_rng_below(&rng, (uint32_t)g->legal_count(state));
                g->legal_text(state, pick, text, sizeof text);
                cr_assert_neq(g->apply(state, text, (int)strlen(text), err, (int)sizeof err), GAME_ILLEGAL, "%s", err);
            }
        }
        free(state);
    }
    cr_assert_gt(requests, 1000, "only %d requests", requests);
    cr_assert_gt(big, 0, "no request outgrew the writer's first room");
}

Test(request_bytes, piquet_protocol1_request_prints_as_cjson_prints_it)
{
    char err[200], what[64];
    int requests = 0;
    for (uint64_t seed = 1; seed <= 40; seed++)
        for (int steps = 0; steps < 60; steps += 3) {
            struct pq_deal d;
            struct codec_frame f = { NULL, 0 };
            struct codec_time time = { 1000, (uint32_t)(seed * 7919) };
            support_random_deal(&d, seed, steps);
            if (pq_deal_over(&d)) break;
            cr_assert_eq(codec_encode_request(&f, seed * 131 + (uint64_t)steps, seed, 1 + (int)(seed % 6), &d,
                                              steps / 2, &time, err, sizeof err), CODEC_OK, "%s", err);
            snprintf(what, sizeof what, "seed %d steps %d", (int)seed, steps);
            same_as_cjson(&f, what);
            requests++;
            codec_frame_release(&f);
        }
    cr_assert_gt(requests, 200, "only %d requests", requests);
}

/* The deal end is written by the same stream writer: every finished deal
 * of random play, for each seat from several points. */
Test(request_bytes, piquet_protocol1_deal_end_prints_as_cjson_prints_it)
{
    char err[200], what[64];
    int ends = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        struct pq_deal d;
        support_random_deal(&d, seed, 200);
        if (!pq_deal_over(&d)) continue;
        for (int seat = 0; seat < PQ_SEATS; seat++)
            for (int since = 0; since <= d.n_history; since += 7) {
                struct codec_frame f = { NULL, 0 };
                cr_assert_eq(codec_encode_deal_end(&f, 999999999999999ull - seed, 1 + (int)(seed % 6), &d, seat, since,
                                                   err, sizeof err), CODEC_OK, "%s", err);
                snprintf(what, sizeof what, "seed %d seat %d since %d", (int)seed, seat, since);
                same_as_cjson(&f, what);
                ends++;
                codec_frame_release(&f);
            }
    }
    cr_assert_gt(ends, 200, "only %d deal ends", ends);
}

/* A bot's frames (action, hello, log) come from the same stream writer:
 * each prints as cJSON prints it, and decodes back to what was written. */
Test(request_bytes, bot_frames_print_as_cjson_prints_them)
{
    static const char *const texts[] = { "play AS", "discard 7S 8S 9S TS JS", "pass", "declare point TH JH QH KH",
                                         "a \"quoted\" word", "back\\slash", "\xc3\xa9t\xc3\xa9", "x" };
    char err[200];
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        for (uint64_t id = 0; id < 999999999999999ull; id = id * 10 + 7) {
            struct codec_frame f = { NULL, 0 };
            struct codec_bot_message msg;
            cr_assert_eq(codec_encode_action(&f, id, texts[i], err, sizeof err), CODEC_OK, "%s", err);
            same_as_cjson(&f, texts[i]);
            /* Texts outside Piquet's notation are read whole and called so. */
            enum codec_code code = codec_decode_bot(f.data, f.len, &msg, err, sizeof err);
            cr_assert(code == CODEC_OK || code == CODEC_BAD_ACTION, "%s: %s", texts[i], err);
            cr_assert_eq(msg.type, CODEC_ACTION);
            cr_assert_eq(msg.as.action.id, id);
            cr_assert_str_eq(msg.as.action.text, texts[i]);
            codec_frame_release(&f);
        }
    struct codec_hello hello = { .protocol = 2, .name = "n\"ame", .version = "1.0", .n_games = 2,
                                 .games = { "belote", "tarot" } };
    snprintf(hello.token, sizeof hello.token, "tok-123");
    struct codec_frame f = { NULL, 0 };
    cr_assert_eq(codec_encode_hello(&f, &hello, err, sizeof err), CODEC_OK, "%s", err);
    same_as_cjson(&f, "hello");
    cr_assert(f.len == strlen("{\"type\":\"hello\",\"protocol\":2,\"token\":\"tok-123\",\"name\":\"n\\\"ame\","
                              "\"version\":\"1.0\",\"games\":[\"belote\",\"tarot\"]}") &&
              !memcmp(f.data, "{\"type\":\"hello\",\"protocol\":2,\"token\":\"tok-123\",\"name\":\"n\\\"ame\","
                              "\"version\":\"1.0\",\"games\":[\"belote\",\"tarot\"]}", f.len),
              "%.*s", (int)f.len, f.data);
    codec_frame_release(&f);
    cr_assert_eq(codec_encode_log(&f, "a line\twith a tab", err, sizeof err), CODEC_OK, "%s", err);
    same_as_cjson(&f, "log");
    codec_frame_release(&f);
}

/* A list given at once (pq_writer's strings) with a byte needing an escape
 * anywhere in it, at each place of each width (the check reads eight bytes
 * at a time): the same bytes as the list written a string at a time, and
 * it reads back. */
Test(request_bytes, string_lists_escape_what_needs_it_wherever_it_is)
{
    static const char specials[] = { '"', '\\', '\n', 0x01, 0x1f, 'A' };
    char items[64], err[200], what[64];
    for (int width = 1; width <= 7; width++)
        for (int n = 0; n * width <= 40; n++)
            for (int at = 0; at < n * width; at++)
                for (size_t k = 0; k < sizeof specials; k++) {
                    struct codec_stream at_once, each;
                    struct codec_frame f = { NULL, 0 }, g = { NULL, 0 };
                    for (int i = 0; i < n * width; i++) items[i] = (char)('a' + i % 26);
                    items[at] = specials[k];
                    codec_stream_start(&at_once, CODEC_LOG);
                    pq_writer_strings(&at_once.writer, "list", items, width, n);
                    cr_assert_eq(codec_stream_finish(&at_once, &f, err, sizeof err), CODEC_OK, "%s", err);
                    codec_stream_start(&each, CODEC_LOG);
                    struct pq_writer one_by_one = each.writer;
                    one_by_one.strings = NULL;
                    pq_writer_strings(&one_by_one, "list", items, width, n);
                    cr_assert_eq(codec_stream_finish(&each, &g, err, sizeof err), CODEC_OK, "%s", err);
                    snprintf(what, sizeof what, "width %d, %d items, byte %d is %02x", width, n, at, specials[k]);
                    cr_assert(f.len == g.len && !memcmp(f.data, g.data, f.len), "%s: %.*s against %.*s", what,
                              (int)f.len, f.data, (int)g.len, g.data);
                    cJSON *root = cJSON_ParseWithLength(f.data, f.len);
                    const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, "list");
                    cr_assert_eq(cJSON_GetArraySize(list), n, "%s", what);
                    for (int i = 0; i < n; i++) {
                        const char *got = cJSON_GetArrayItem(list, i)->valuestring;
                        cr_assert(strlen(got) == (size_t)width && !memcmp(got, items + i * width, (size_t)width), "%s",
                                  what);
                    }
                    cJSON_Delete(root);
                    codec_frame_release(&f);
                    codec_frame_release(&g);
                }
}

/* The strings the fast path must hand to the general one: quotes,
 * backslashes and control characters escaped, UTF-8 kept as it is. */
Test(request_bytes, names_with_escapes_print_exactly)
{
    struct codec_match_start start = { .match = 3, .game = &belote_game, .players = 4, .player = 0,
                                       .names = { "a\"b", "back\\slash", "tab\there", "\xc3\xa9t\xc3\xa9" },
                                       .clocks = { 1, 2, 3 } };
    struct game_setup setup = { 4, 1, 0, NULL, 0 };
    struct codec_frame f = { NULL, 0 };
    char err[200];
    void *state = malloc(belote_game.state_size);
    cr_assert(state);
    cr_assert_eq(belote_game.create(state, &setup, err, (int)sizeof err), 0, "%s", err);
    cr_assert_eq(codec_encode_match_start(&f, &start, state, err, sizeof err), CODEC_OK, "%s", err);
    char *text = calloc(1, f.len + 1);
    cr_assert(text);
    memcpy(text, f.data, f.len);
    cr_assert(strstr(text, "\"names\":[\"a\\\"b\",\"back\\\\slash\",\"tab\\u0009here\",\"\xc3\xa9t\xc3\xa9\"]"), "%s",
              text);
    free(text);
    codec_frame_release(&f);
    free(state);
}

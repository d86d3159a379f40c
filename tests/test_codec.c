/* test_codec.c - the wire format (protocol/README.md, protocol/codec.h):
 * every message round-trips through its encoder and decoder, types are told
 * apart, and messages are printed within the cap. Malformed frames are in
 * test_codec_frames.c. Frames are always decoded from an exact-size heap
 * copy with no NUL after it, so the sanitizer run catches any read past a
 * frame.
 */
#include <criterion/criterion.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/piquet/partie.h"
#include "protocol/codec.h"
#include "protocol/codec_json.h"
#include "tests/support_codec.h"

/* ---- hello ---------------------------------------------------------------- */

/* An action frame laid out as codec_encode_action lays it out is read
 * without the parser (codec.c plain_action); the same frame with one
 * space more goes through the parser. Both must read alike: code, id,
 * text, parsed action and reason, for good actions, bad notation, empty
 * and long texts, every id width, and frames the short way must leave to
 * the parser (escapes, leading zeros, a 16-digit id, bytes after). */
static void read_both_ways(const char *frame)
{
    struct codec_bot_message plain, parsed;
    char err_plain[256], err_parsed[256], spaced[512];
    size_t len = strlen(frame);
    cr_assert(len + 1 < sizeof spaced && frame[0] == '{');
    snprintf(spaced, sizeof spaced, "{ %s", frame + 1);
    memset(&plain, 0x11, sizeof plain);
    memset(&parsed, 0x22, sizeof parsed);
    int a = codec_decode_bot(frame, len, &plain, err_plain, sizeof err_plain);
    int b = codec_decode_bot(spaced, len + 1, &parsed, err_parsed, sizeof err_parsed);
    cr_assert_eq(a, b, "%s: %s (%s) against %s (%s)", frame, codec_code_name(a), err_plain, codec_code_name(b), err_parsed);
    /* The reader's reasons alike (the parser's name an offset, one more in the spaced frame). */
    if (a == CODEC_BAD_ACTION || a == CODEC_BAD_FIELD) cr_assert_str_eq(err_plain, err_parsed, "%s", frame);
    cr_assert_eq(plain.type, parsed.type, "%s", frame);
    if (plain.type != CODEC_ACTION || (a != CODEC_OK && a != CODEC_BAD_ACTION)) return;
    cr_assert_eq(plain.as.action.id, parsed.as.action.id, "%s", frame);
    cr_assert_str_eq(plain.as.action.text, parsed.as.action.text, "%s", frame);
    cr_assert_eq(memcmp(&plain.as.action.action, &parsed.as.action.action, sizeof plain.as.action.action), 0, "%s",
                 frame);
}

Test(codec, a_plain_action_reads_as_the_parser_reads_it)
{
    static const char *const texts[] = { "play AS", "discard 7S 8S 9S", "pass", "declare point TH JH QH KH", "look",
                                         "announce 3", "play", "play ZZ", "", " ", "a\\\"b", "x\\u0041",
                                         "discard  7S", "fold", "play AS AH" };
    static const char *const ids[] = { "0", "7", "42", "999999999999999", "1000000000000000", "007", "-1", "1.5",
                                       "1e3" };
    char frame[400], long_text[300];
    for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++)
        for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
            snprintf(frame, sizeof frame, "{\"type\":\"action\",\"id\":%s,\"action\":\"%s\"}", ids[i], texts[t]);
            read_both_ways(frame);
        }
    memset(long_text, 'a', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    for (int n = GAME_ACTION_MAX - 3; n <= GAME_ACTION_MAX + 1; n++) {
        snprintf(frame, sizeof frame, "{\"type\":\"action\",\"id\":5,\"action\":\"%.*s\"}", n, long_text);
        read_both_ways(frame);
    }
    read_both_ways("{\"type\":\"action\",\"id\":5,\"action\":\"play AS\"}}");
    read_both_ways("{\"type\":\"action\",\"id\":5,\"action\":\"play AS\"} ");
    read_both_ways("{\"type\":\"action\",\"id\":5,\"action\":\"play AS\",\"x\":1}");
    read_both_ways("{\"type\":\"action\",\"id\":5,\"action\":\"play A\"}\"}");
    read_both_ways("{\"type\":\"action\",\"id\":5,\"action\":\"}");
    read_both_ways("{\"type\":\"action\",\"id\":,\"action\":\"pass\"}");
    read_both_ways("{\"type\":\"action\",\"id\":5,\"action\":\"caf\xc3\xa9\"}");
}

Test(codec, hello_round_trips)
{
    struct codec_hello in = { .protocol = PROTOCOL_VERSION_1, .token = "abc123", .name = "Émile ♠ bot", .version = "2.0-rc1" };
    struct codec_frame f = { NULL, 0 };
    struct codec_bot_message out;
    char err[200];
    cr_assert_eq(codec_encode_hello(&f, &in, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(support_bot_text(f.data, f.len, &out, err), CODEC_OK, "%s", err);
    cr_expect_eq(out.type, CODEC_HELLO);
    cr_expect_eq(out.as.hello.protocol, 1);
    cr_expect_str_eq(out.as.hello.token, "abc123");
    cr_expect_str_eq(out.as.hello.name, "Émile ♠ bot");
    cr_expect_str_eq(out.as.hello.version, "2.0-rc1");
    codec_frame_release(&f);
}

Test(codec, hello_with_another_major_version_is_refused_but_fully_read)
{
    struct codec_hello out;
    char err[200];
    const char *text = "{\"type\":\"hello\",\"protocol\":3,\"token\":\"t\",\"name\":\"n\",\"version\":\"\"}";
    char *copy = support_exact(text, strlen(text));
    cr_assert_eq(codec_decode_hello(copy, strlen(text), &out, err, sizeof err), CODEC_PROTOCOL_VERSION);
    free(copy);
    cr_expect_eq(out.protocol, 3);
    cr_expect_str_eq(out.name, "n");
    cr_expect(strstr(err, "speaks 1 and 2"), "%s", err);
}

Test(codec, a_protocol_2_hello_names_the_games_it_plays)
{
    struct codec_hello in = { .protocol = PROTOCOL_VERSION_2, .token = "t", .name = "n", .n_games = 2,
                              .games = { "belote", "piquet" } }, out;
    struct codec_frame f = { NULL, 0 };
    char err[200];
    cr_assert_eq(codec_encode_hello(&f, &in, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert(strstr(f.data, "\"games\":[\"belote\",\"piquet\"]"), "%s", f.data);
    cr_assert_eq(codec_decode_hello(f.data, f.len, &out, err, sizeof err), CODEC_OK, "%s", err);
    cr_expect_eq(out.n_games, 2);
    cr_expect(codec_hello_plays(&out, "belote") && codec_hello_plays(&out, "piquet"));
    cr_expect_not(codec_hello_plays(&out, "tarot"));
    codec_frame_release(&f);
    const char *none = "{\"type\":\"hello\",\"protocol\":2,\"token\":\"t\",\"name\":\"n\",\"version\":\"\"}";
    cr_expect_eq(codec_decode_hello(none, strlen(none), &out, err, sizeof err), CODEC_BAD_FIELD);
    cr_expect(strstr(err, "games"), "%s", err);
    const char *upper = "{\"type\":\"hello\",\"protocol\":2,\"token\":\"t\",\"name\":\"n\",\"version\":\"\","
                        "\"games\":[\"Belote\"]}";
    cr_expect_eq(codec_decode_hello(upper, strlen(upper), &out, err, sizeof err), CODEC_BAD_FIELD);
    /* A protocol-1 bot plays Piquet, and only Piquet. */
    const char *one = "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"name\":\"n\",\"version\":\"\"}";
    cr_assert_eq(codec_decode_hello(one, strlen(one), &out, err, sizeof err), CODEC_OK, "%s", err);
    cr_expect(codec_hello_plays(&out, "piquet"));
    cr_expect_not(codec_hello_plays(&out, "belote"));
}

Test(codec, hello_missing_any_field_is_refused)
{
    static const char *const texts[] = {
        "{\"type\":\"hello\",\"token\":\"t\",\"name\":\"n\",\"version\":\"v\"}",
        "{\"type\":\"hello\",\"protocol\":1,\"name\":\"n\",\"version\":\"v\"}",
        "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"version\":\"v\"}",
        "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"name\":\"n\"}",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct codec_bot_message out;
        char err[200];
        cr_expect_eq(support_bot(texts[i], &out, err), CODEC_BAD_FIELD, "%s", texts[i]);
        cr_expect(strstr(err, "is missing"), "%s", err);
    }
}

Test(codec, hello_with_wrong_typed_fields_is_refused)
{
    static const char *const texts[] = {
        "{\"type\":\"hello\",\"protocol\":\"1\",\"token\":\"t\",\"name\":\"n\",\"version\":\"v\"}",
        "{\"type\":\"hello\",\"protocol\":1.5,\"token\":\"t\",\"name\":\"n\",\"version\":\"v\"}",
        "{\"type\":\"hello\",\"protocol\":true,\"token\":\"t\",\"name\":\"n\",\"version\":\"v\"}",
        "{\"type\":\"hello\",\"protocol\":1,\"token\":7,\"name\":\"n\",\"version\":\"v\"}",
        "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"name\":[\"n\"],\"version\":\"v\"}",
        "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"name\":\"n\",\"version\":null}",
        "{\"type\":\"hello\",\"protocol\":0,\"token\":\"t\",\"name\":\"n\",\"version\":\"v\"}",
        "{\"type\":\"hello\",\"protocol\":1e400,\"token\":\"t\",\"name\":\"n\",\"version\":\"v\"}",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct codec_bot_message out;
        char err[200];
        cr_expect_eq(support_bot(texts[i], &out, err), CODEC_BAD_FIELD, "%s", texts[i]);
        cr_expect(err[0], "a refusal gives a reason");
    }
}

Test(codec, escaped_control_characters_in_names_and_tokens_are_refused)
{
    static const char *const texts[] = {
        "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"name\":\"a\\nb\",\"version\":\"v\"}",
        "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"name\":\"a\\u001bb\",\"version\":\"v\"}",
        "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"name\":\"a\\u007fb\",\"version\":\"v\"}",
        "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"name\":\"a\\u0085b\",\"version\":\"v\"}",
        "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"name\":\"n\",\"version\":\"\\t\"}",
        "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t k\",\"name\":\"n\",\"version\":\"v\"}",
        "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\\u00e9\",\"name\":\"n\",\"version\":\"v\"}",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct codec_bot_message out;
        char err[200];
        cr_expect_eq(support_bot(texts[i], &out, err), CODEC_BAD_FIELD, "%s", texts[i]);
    }
}

Test(codec, strings_over_their_length_are_refused)
{
    char text[400], name[100];
    struct codec_bot_message out;
    char err[200];
    memset(name, 'x', 64);
    name[64] = '\0';
    snprintf(text, sizeof text, "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"name\":\"%s\",\"version\":\"v\"}", name);
    cr_expect_eq(support_bot(text, &out, err), CODEC_BAD_FIELD);
    cr_expect(strstr(err, "longer than 63"), "%s", err);
    name[63] = '\0';
    snprintf(text, sizeof text, "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"name\":\"%s\",\"version\":\"v\"}", name);
    cr_expect_eq(support_bot(text, &out, err), CODEC_OK, "%s", err);
    snprintf(text, sizeof text, "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"name\":\"\",\"version\":\"v\"}");
    cr_expect_eq(support_bot(text, &out, err), CODEC_BAD_FIELD, "an empty name is refused");
}

Test(codec, hello_encoder_refuses_what_the_decoder_would_refuse)
{
    struct codec_hello bad_name = { .protocol = 1, .token = "t", .name = "a\nb" };
    struct codec_hello bad_token = { .protocol = 1, .token = "t k", .name = "n" };
    struct codec_hello bad_protocol = { .protocol = 0, .token = "t", .name = "n" };
    struct codec_frame f = { NULL, 0 };
    char err[200];
    cr_expect_eq(codec_encode_hello(&f, &bad_name, err, sizeof err), CODEC_BAD_FIELD);
    cr_expect_eq(codec_encode_hello(&f, &bad_token, err, sizeof err), CODEC_BAD_FIELD);
    cr_expect_eq(codec_encode_hello(&f, &bad_protocol, err, sizeof err), CODEC_BAD_FIELD);
    cr_expect_null(f.data, "a refused frame stays empty");
    codec_frame_release(&f);
}

/* ---- action and log ---------------------------------------------------------- */

Test(codec, action_round_trips)
{
    struct codec_frame f = { NULL, 0 };
    struct codec_bot_message out;
    char err[200];
    cr_assert_eq(codec_encode_action(&f, 999999999999999u, "declare point AH 7H KH", err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(support_bot_text(f.data, f.len, &out, err), CODEC_OK, "%s", err);
    cr_expect_eq(out.type, CODEC_ACTION);
    cr_expect_eq(out.as.action.id, 999999999999999u);
    cr_expect_str_eq(out.as.action.text, "declare point AH 7H KH");
    cr_expect_eq(out.as.action.action.kind, PQ_ACT_DECLARE);
    cr_expect_eq(out.as.action.action.cls, PQ_CLASS_POINT);
    cr_expect_eq(out.as.action.action.cards, PQ_BIT(PQ_CARD(PQ_HEARTS, PQ_RANK_A)) |
                 PQ_BIT(PQ_CARD(PQ_HEARTS, PQ_RANK_7)) | PQ_BIT(PQ_CARD(PQ_HEARTS, PQ_RANK_K)));
    codec_frame_release(&f);
}

Test(codec, action_in_bad_notation_is_refused_with_its_id_kept)
{
    struct codec_bot_message out;
    char err[200];
    cr_assert_eq(support_bot("{\"type\":\"action\",\"id\":42,\"action\":\"play ZZ\"}", &out, err), CODEC_BAD_ACTION);
    cr_expect_eq(out.type, CODEC_ACTION);
    cr_expect_eq(out.as.action.id, 42);
    cr_expect_str_eq(out.as.action.text, "play ZZ");
    cr_expect(strstr(err, "ZZ"), "%s", err);
}

Test(codec, action_ids_outside_0_to_10_15_are_refused)
{
    static const char *const texts[] = {
        "{\"type\":\"action\",\"id\":-1,\"action\":\"pass\"}",
        "{\"type\":\"action\",\"id\":1000000000000000,\"action\":\"pass\"}",
        "{\"type\":\"action\",\"id\":1.25,\"action\":\"pass\"}",
        "{\"type\":\"action\",\"id\":\"7\",\"action\":\"pass\"}",
        "{\"type\":\"action\",\"action\":\"pass\"}",
        "{\"type\":\"action\",\"id\":7,\"action\":[\"pass\"]}",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct codec_bot_message out;
        char err[200];
        cr_expect_eq(support_bot(texts[i], &out, err), CODEC_BAD_FIELD, "%s", texts[i]);
    }
}

Test(codec, action_text_over_159_bytes_is_refused_and_a_long_piquet_text_is_a_bad_action)
{
    struct codec_bot_message out;
    char err[200], text[300];
    snprintf(text, sizeof text, "{\"type\":\"action\",\"id\":1,\"action\":\"pass%160s\"}", "");
    cr_expect_eq(support_bot(text, &out, err), CODEC_BAD_FIELD);
    cr_expect(strstr(err, "longer than 159"), "%s", err);
    char word[71];
    memset(word, 'x', 70);
    word[70] = '\0';
    snprintf(text, sizeof text, "{\"type\":\"action\",\"id\":1,\"action\":\"%s\"}", word);
    cr_expect_eq(support_bot(text, &out, err), CODEC_BAD_ACTION, "%s", err);
    cr_expect_eq(out.type, CODEC_ACTION);
    cr_expect_str_eq(out.as.action.text, word);
}

Test(codec, log_round_trips_as_one_line)
{
    struct codec_frame f = { NULL, 0 };
    struct codec_bot_message out;
    char err[200];
    cr_assert_eq(codec_encode_log(&f, "thinking\nhard\tnow", err, sizeof err), CODEC_OK);
    cr_assert_eq(support_bot_text(f.data, f.len, &out, err), CODEC_OK, "%s", err);
    cr_expect_eq(out.type, CODEC_LOG);
    cr_expect_str_eq(out.as.log.text, "thinking hard now");
    codec_frame_release(&f);
    cr_assert_eq(support_bot("{\"type\":\"log\",\"text\":\"a\\nb\\u0085c\"}", &out, err), CODEC_OK, "%s", err);
    cr_expect_str_eq(out.as.log.text, "a b c");
}

Test(codec, long_log_is_cut_at_a_character_boundary)
{
    static char text[3000], frame[3200];
    struct codec_bot_message out;
    char err[200];
    for (int i = 0; i < 1000; i++) memcpy(text + 3 * i, "\xe2\x99\xa0", 3);   /* U+2660 */
    text[3000 - 1] = '\0';
    text[2997] = '\0';
    snprintf(frame, sizeof frame, "{\"type\":\"log\",\"text\":\"%s\"}", text);
    cr_assert_eq(support_bot(frame, &out, err), CODEC_OK, "%s", err);
    cr_expect_eq(strlen(out.as.log.text), 1023 / 3 * 3, "cut before a whole character");
    cr_assert_eq(support_bot("{\"type\":\"log\",\"text\":5}", &out, err), CODEC_BAD_FIELD);
}

/* ---- welcome, partie_start, error ------------------------------------------------ */

Test(codec, welcome_round_trips)
{
    struct codec_welcome in = { PROTOCOL_VERSION_1, "piquet-arena 1.0" };
    struct codec_frame f = { NULL, 0 };
    struct codec_arena_message *out = support_arena_message();
    char err[200];
    cr_assert_eq(codec_encode_welcome(&f, &in, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(support_arena_text(f.data, f.len, out, err), CODEC_OK, "%s", err);
    cr_expect_eq(out->type, CODEC_WELCOME);
    cr_expect_eq(memcmp(&out->as.welcome, &in, sizeof in), 0);
    codec_frame_release(&f);
}

Test(codec, partie_start_round_trips_with_every_rule)
{
    struct codec_partie_start in;
    struct codec_frame f = { NULL, 0 };
    struct codec_arena_message *out = support_arena_message();
    char err[200];
    memset(&in, 0, sizeof in);
    in.partie = 123456789012u;
    in.player = PQ_PLAYER_B;
    in.first_dealer = PQ_PLAYER_A;
    snprintf(in.opponent, sizeof in.opponent, "%s", "random 1.0");
    pq_rules_default(&in.rules);
    cr_assert_eq(pq_rules_set(&in.rules, "trick_scoring", "penguin", err, sizeof err), 0);
    cr_assert_eq(pq_rules_set(&in.rules, "point_min_len", "4", err, sizeof err), 0);
    cr_assert_eq(pq_rules_set(&in.rules, "partie_deals", "4", err, sizeof err), 0);
    cr_assert_eq(pq_rules_set(&in.rules, "carte_rouge", "true", err, sizeof err), 0);
    cr_assert_eq(pq_rules_set(&in.rules, "younger_must_discard", "false", err, sizeof err), 0);
    in.clocks = (struct codec_clocks){ 1000, 60000, 250 };
    cr_assert_eq(codec_encode_partie_start(&f, &in, err, sizeof err), CODEC_OK, "%s", err);
    cr_expect(strstr(f.data, "\"point_min_len\":4"), "numbers travel as numbers: %s", f.data);
    cr_expect(strstr(f.data, "\"carte_rouge\":true"), "booleans as booleans: %s", f.data);
    cr_assert_eq(support_arena_text(f.data, f.len, out, err), CODEC_OK, "%s", err);
    cr_expect_eq(out->type, CODEC_PARTIE_START);
    cr_expect_eq(memcmp(&out->as.partie_start, &in, sizeof in), 0);
    codec_frame_release(&f);
}

Test(codec, partie_start_with_an_unknown_rule_or_game_is_refused)
{
    struct codec_arena_message *out = support_arena_message();
    char err[200];
    const char *unknown_rule = "{\"type\":\"partie_start\",\"partie\":1,\"player\":\"A\",\"opponent\":\"x\","
        "\"game\":\"piquet\",\"first_dealer\":\"A\",\"rules\":{\"trumps\":true},"
        "\"clocks\":{\"move_ms\":1,\"bank_ms\":1,\"grace_ms\":1}}";
    const char *other_game = "{\"type\":\"partie_start\",\"partie\":1,\"player\":\"A\",\"opponent\":\"x\","
        "\"game\":\"chess\",\"first_dealer\":\"A\",\"rules\":{},"
        "\"clocks\":{\"move_ms\":1,\"bank_ms\":1,\"grace_ms\":1}}";
    cr_expect_eq(support_arena_text(unknown_rule, strlen(unknown_rule), out, err), CODEC_BAD_FIELD);
    cr_expect(strstr(err, "trumps"), "%s", err);
    cr_expect_eq(support_arena_text(other_game, strlen(other_game), out, err), CODEC_BAD_FIELD);
}

Test(codec, error_round_trips_for_every_code)
{
    for (int code = CODEC_OK + 1; code < CODEC_CODES; code++) {
        struct codec_frame f = { NULL, 0 };
        struct codec_arena_message *out = support_arena_message();
        char err[200];
        cr_assert_eq(codec_encode_error(&f, code, "why it failed", err, sizeof err), CODEC_OK, "%s", err);
        cr_assert_eq(support_arena_text(f.data, f.len, out, err), CODEC_OK, "%s", err);
        cr_expect_eq(out->type, CODEC_ERROR);
        cr_expect_eq(out->as.error.code, code);
        cr_expect_str_eq(out->as.error.message, "why it failed");
        cr_expect_eq(codec_code_parse(codec_code_name(code)), code);
        codec_frame_release(&f);
    }
}

Test(codec, error_message_is_cut_and_kept_valid_utf8)
{
    char message[600];
    struct codec_frame f = { NULL, 0 };
    struct codec_arena_message *out = support_arena_message();
    char err[200];
    memset(message, 'a', sizeof message);
    memcpy(message + 253, "\xc3\xa9\n\xff", 4);
    message[sizeof message - 1] = '\0';
    cr_assert_eq(codec_encode_error(&f, CODEC_BAD_JSON, message, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(support_arena_text(f.data, f.len, out, err), CODEC_OK, "%s", err);
    cr_expect_eq(strlen(out->as.error.message), 255);
    cr_expect_eq(memcmp(out->as.error.message + 253, "\xc3\xa9", 2), 0);
    codec_frame_release(&f);
    cr_expect_eq(codec_encode_error(&f, CODEC_OK, "fine", err, sizeof err), CODEC_BAD_FIELD);
    cr_expect_null(f.data);
}

/* ---- request, deal_end, partie_end (fixed states; random ones in test_codec_sight.c) */

Test(codec, request_round_trips_view_legal_events_and_time)
{
    struct pq_deal d;
    struct codec_frame f = { NULL, 0 };
    struct codec_time time = { 1500, 42000 };
    struct codec_request *out = &support_arena_message()->as.request;
    struct pq_action legal[PQ_MAX_LEGAL];
    struct pq_view view;
    char err[200];
    support_random_deal(&d, 5, 12);                 /* into the declarations */
    cr_assert_neq(d.phase, PQ_PHASE_DISCARD);
    cr_assert_eq(codec_encode_request(&f, 77, 3, 2, &d, 1, &time, err, sizeof err), CODEC_OK, "%s", err);
    char *copy = support_exact(f.data, f.len);
    cr_assert_eq(codec_decode_request(copy, f.len, &d.rules, out, err, sizeof err), CODEC_OK, "%s", err);
    free(copy);
    pq_view_build(&d, d.to_act, &view);
    cr_expect_eq(out->id, 77);
    cr_expect_eq(out->partie, 3);
    cr_expect_eq(out->deal, 2);
    cr_expect_eq(out->seat, d.to_act);
    cr_expect_eq(out->time.move_ms, 1500);
    cr_expect_eq(out->time.bank_ms, 42000);
    cr_expect_eq(memcmp(&out->view, &view, sizeof view), 0, "the view comes back exactly");
    int n = pq_deal_legal(&d, legal, PQ_MAX_LEGAL);
    cr_assert_eq(out->n_legal, n);
    for (int i = 0; i < n; i++) cr_expect(pq_action_equal(&out->legal[i], &legal[i]));
    cr_expect_eq(out->discard, 0);
    cr_expect_gt(out->n_events, 0);
    codec_frame_release(&f);
}

Test(codec, request_in_the_exchange_carries_sizes_not_a_list)
{
    struct pq_deal d;
    struct codec_frame f = { NULL, 0 };
    struct codec_time time = { 1, 2 };
    struct codec_request *out = &support_arena_message()->as.request;
    char err[200];
    support_random_deal(&d, 8, 0);
    if (d.phase == PQ_PHASE_ANNOUNCE) support_random_deal(&d, 8, 1);
    cr_assert_eq(d.phase, PQ_PHASE_DISCARD);
    cr_assert_eq(codec_encode_request(&f, 1, 1, 1, &d, 0, &time, err, sizeof err), CODEC_OK, "%s", err);
    cr_expect_null(strstr(f.data, "\"legal\""), "no list in the exchange");
    cr_assert_eq(codec_decode_request(f.data, f.len, NULL, out, err, sizeof err), CODEC_OK, "%s", err);
    cr_expect_eq(out->discard, 1);
    cr_expect_eq(out->n_legal, 0);
    cr_expect_eq(out->discard_min, 1);
    cr_expect_eq(out->discard_max, d.to_act == PQ_ELDER ? 5 : 8 - d.k);
    codec_frame_release(&f);
}

Test(codec, deal_end_round_trips_the_result)
{
    struct pq_deal d;
    struct codec_frame f = { NULL, 0 };
    struct codec_deal_end *out = &support_arena_message()->as.deal_end;
    char err[200];
    support_random_deal(&d, 17, 1000);
    cr_assert(pq_deal_over(&d));
    cr_assert_eq(codec_encode_deal_end(&f, 9, 3, &d, PQ_YOUNGER, d.n_history - 3, err, sizeof err), CODEC_OK, "%s", err);
    char *copy = support_exact(f.data, f.len);
    cr_assert_eq(codec_decode_deal_end(copy, f.len, out, err, sizeof err), CODEC_OK, "%s", err);
    free(copy);
    cr_expect_eq(out->partie, 9);
    cr_expect_eq(out->deal, 3);
    cr_expect_eq(out->seat, PQ_YOUNGER);
    cr_expect_eq(out->result.score[0], d.score[0]);
    cr_expect_eq(out->result.score[1], d.score[1]);
    cr_expect_eq(out->result.tricks[0] + out->result.tricks[1], 12);
    cr_expect_eq(out->result.n_scores, d.n_events);
    for (int i = 0; i < d.n_events; i++) {
        cr_expect_eq(out->result.scores[i].seat, d.events[i].seat);
        cr_expect_eq(out->result.scores[i].category, d.events[i].category);
        cr_expect_eq(out->result.scores[i].points, d.events[i].points);
    }
    for (int s = 0; s < PQ_SEATS; s++)
        for (int c = 0; c < PQ_CATEGORIES; c++) cr_expect_eq(out->result.categories[s][c], d.cat[s][c]);
    for (int c = 0; c < PQ_CLASSES; c++) cr_expect_eq(out->result.classes[c].outcome, d.classes[c].outcome);
    cr_expect_geq(out->n_events, 3, "the last three actions at least");
    codec_frame_release(&f);
}

Test(codec, partie_end_round_trips_a_finished_partie)
{
    static struct pq_partie p;
    struct codec_frame f = { NULL, 0 };
    struct codec_partie_end *out = &support_arena_message()->as.partie_end;
    char err[200];
    support_play_partie(&p, 4);
    cr_assert_eq(codec_encode_partie_end(&f, 5, &p, p.winner, p.settlement, NULL, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(codec_decode_partie_end(f.data, f.len, out, err, sizeof err), CODEC_OK, "%s", err);
    cr_expect_eq(out->partie, 5);
    cr_expect_eq(out->winner, p.winner);
    cr_expect_eq(out->settlement, p.settlement);
    cr_expect_eq(out->forfeited, 0);
    cr_expect_eq(out->result.over, 1);
    cr_expect_eq(out->result.totals[0], p.totals[0]);
    cr_expect_eq(out->result.totals[1], p.totals[1]);
    cr_expect_eq(out->result.n_deals, p.deal_no);
    for (int i = 0; i < out->result.n_deals; i++) {
        cr_expect_eq(out->result.deals[i].number, i + 1);
        cr_expect_eq(out->result.deals[i].score[0], p.deal_scores[i][0]);
        cr_expect_eq(out->result.deals[i].score[1], p.deal_scores[i][1]);
        cr_expect_eq(out->result.deals[i].elder, i % 2 == 0 ? PQ_PLAYER_B : PQ_PLAYER_A);
    }
    codec_frame_release(&f);
}

Test(codec, partie_end_carries_a_forfeit)
{
    struct pq_partie p;
    struct pq_rules rules;
    struct codec_forfeit forfeit = { PQ_PLAYER_B, CODEC_FAULT_TIMEOUT, "no answer to request 12 within 1000+0+200 ms" };
    struct codec_frame f = { NULL, 0 };
    struct codec_partie_end *out = &support_arena_message()->as.partie_end;
    char err[200];
    pq_rules_default(&rules);
    pq_partie_init(&p, &rules, 1, PQ_PLAYER_A);
    cr_assert_eq(codec_encode_partie_end(&f, 6, &p, PQ_PLAYER_A, 100, &forfeit, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(codec_decode_partie_end(f.data, f.len, out, err, sizeof err), CODEC_OK, "%s", err);
    cr_expect_eq(out->winner, PQ_PLAYER_A);
    cr_expect_eq(out->settlement, 100);
    cr_expect_eq(out->forfeited, 1);
    cr_expect_eq(memcmp(&out->forfeit, &forfeit, sizeof forfeit), 0);
    cr_expect_eq(out->result.over, 0, "the engine's record says the partie did not finish");
    cr_expect_eq(out->result.winner, -1);
    codec_frame_release(&f);
}

/* ---- dispatch and types ------------------------------------------------------------ */

Test(codec, bot_messages_are_told_apart_by_type)
{
    struct codec_bot_message out;
    char err[200];
    cr_expect_eq(support_bot(support_good_hello, &out, err), CODEC_OK, "%s", err);
    cr_expect_eq(out.type, CODEC_HELLO);
    cr_expect_eq(support_bot("{\"type\":\"action\",\"id\":1,\"action\":\"nolook\"}", &out, err), CODEC_OK, "%s", err);
    cr_expect_eq(out.type, CODEC_ACTION);
    cr_expect_eq(support_bot("{\"type\":\"log\",\"text\":\"hi\"}", &out, err), CODEC_OK, "%s", err);
    cr_expect_eq(out.type, CODEC_LOG);
}

Test(codec, unknown_missing_or_mistyped_type_is_refused)
{
    static const char *const texts[] = {
        "{\"type\":\"helo\"}", "{\"id\":1}", "{\"type\":1}", "{\"type\":null}", "{\"type\":\"\"}",
        "{\"type\":\"request\"}", "{\"type\":\"welcome\",\"protocol\":1,\"arena\":\"x\"}",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct codec_bot_message out;
        char err[200];
        cr_expect_eq(support_bot(texts[i], &out, err), CODEC_UNKNOWN_TYPE, "%s: %s", texts[i], err);
    }
}

Test(codec, typed_decoder_refuses_another_message_type)
{
    struct codec_hello hello;
    char err[200];
    const char *text = "{\"type\":\"log\",\"text\":\"x\"}";
    cr_expect_eq(codec_decode_hello(text, strlen(text), &hello, err, sizeof err), CODEC_UNEXPECTED);
    cr_expect(strstr(err, "hello"), "%s", err);
}

Test(codec, unknown_fields_are_ignored)
{
    struct codec_bot_message out;
    char err[200];
    const char *text = "{\"x-debug\":[1,{\"a\":null}],\"type\":\"hello\",\"protocol\":1,\"token\":\"t\","
                       "\"name\":\"n\",\"version\":\"v\",\"extra\":\"\\u0001\"}";
    cr_expect_eq(support_bot(text, &out, err), CODEC_OK, "%s", err);
    cr_expect_str_eq(out.as.hello.name, "n");
}

Test(codec, a_field_given_twice_is_refused)
{
    struct codec_bot_message out;
    char err[200];
    cr_expect_eq(support_bot("{\"type\":\"action\",\"id\":1,\"id\":2,\"action\":\"pass\"}", &out, err), CODEC_BAD_FIELD);
    cr_expect(strstr(err, "twice"), "%s", err);
    cr_expect_eq(support_bot("{\"type\":\"log\",\"type\":\"hello\",\"text\":\"x\"}", &out, err), CODEC_BAD_FIELD);
}

/* ---- printing frames ------------------------------------------------------------ */

Test(codec, printed_strings_escape_quotes_backslashes_and_control_characters)
{
    struct codec_frame f = { NULL, 0 };
    char err[200];
    const char *nasty = "a\"b\\c\x01d\ne\x1f\x7f \xc3\xa9 \xe2\x99\xa0";
    cJSON *root = cJSON_CreateObject();
    cr_assert(root);
    cr_assert(cJSON_AddStringToObject(root, "k\"ey", nasty));
    cr_assert(cJSON_AddNumberToObject(root, "big", 999999999999999.0));
    cr_assert(cJSON_AddNumberToObject(root, "negative", -42));
    cr_assert(cJSON_AddNumberToObject(root, "half", 0.5));
    cr_assert_eq(codec_frame_from(root, 0, &f, err, sizeof err), CODEC_OK, "%s", err);
    cr_expect_null(memchr(f.data, '\x01', f.len), "control characters are escaped");
    cJSON *back = cJSON_ParseWithLength(f.data, f.len);
    cr_assert(back, "%s", f.data);
    cr_expect_str_eq(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(back, "k\"ey")), nasty);
    cr_expect(strstr(f.data, "\"big\":999999999999999,"), "integers digit for digit: %s", f.data);
    cr_expect(strstr(f.data, "\"negative\":-42,"), "%s", f.data);
    cr_expect_eq(cJSON_GetObjectItemCaseSensitive(back, "half")->valuedouble, 0.5);
    cJSON_Delete(back);
    codec_frame_release(&f);
}

Test(codec, a_message_over_the_cap_is_not_encoded)
{
    static char big[PROTOCOL_MAX_FRAME];
    struct codec_frame f = { NULL, 0 };
    char err[200];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    cJSON *root = cJSON_CreateObject();
    cr_assert(root);
    cr_assert(cJSON_AddStringToObject(root, "text", big));
    cr_expect_eq(codec_frame_from(root, 0, &f, err, sizeof err), CODEC_OVERSIZED);
    cr_expect_null(f.data);
    cr_expect(strstr(err, "65536"), "%s", err);
    cr_expect_eq(codec_frame_from(NULL, 1, &f, err, sizeof err), CODEC_INTERNAL, "a failed build is reported");
}

Test(codec, field_paths_join_names_and_indexes_and_are_cut_to_fit)
{
    char buf[16];
    cr_expect_str_eq(codec_path(buf, sizeof buf, "view", "hand", 0), "view.hand");
    cr_expect_str_eq(codec_path(buf, sizeof buf, NULL, "events", 0), "events");
    cr_expect_str_eq(codec_path(buf, sizeof buf, "events", NULL, 0), "events[0]");
    cr_expect_str_eq(codec_path(buf, sizeof buf, "events", NULL, 120), "events[120]");
    cr_expect_str_eq(codec_path(buf, sizeof buf, "view.declarations", "point", 0), "view.declaratio");
    cr_expect_str_eq(codec_path(buf, 1, "view", "hand", 0), "");
}

/* ---- bot names ------------------------------------------------------------ */

Test(codec, bot_names_follow_one_rule)
{
    cr_expect_null(codec_bot_name_check("greedy"));
    cr_expect_null(codec_bot_name_check("Émile ♠ v2.1"));
    cr_expect_null(codec_bot_name_check(".."));                       /* a file-name prefix, never a path */
    cr_expect_null(codec_bot_name_check("123456789012345678901234567890123456789012345678901234567890123"));   /* 63 bytes */
    cr_expect_str_eq(codec_bot_name_check(""), "is empty");
    cr_expect_str_eq(codec_bot_name_check("1234567890123456789012345678901234567890123456789012345678901234"), "is longer than 63 bytes");
    cr_expect_str_eq(codec_bot_name_check("../../x"), "holds '/'");
    cr_expect_str_eq(codec_bot_name_check("a=b"), "holds '='");
    cr_expect_str_eq(codec_bot_name_check("tab\there"), "holds a control character");
    cr_expect_str_eq(codec_bot_name_check("del\x7f"), "holds a control character");
    cr_expect_str_eq(codec_bot_name_check("c1\xc2\x85"), "holds a control character");
    cr_expect_str_eq(codec_bot_name_check("bad\xff"), "is not valid UTF-8");
    cr_expect_str_eq(codec_bot_name_check("cut\xe2\x99"), "is not valid UTF-8");
    cr_expect_str_eq(codec_bot_name_check("surrogate\xed\xa0\x80"), "is not valid UTF-8");
}

/* test_codec.c - the wire format (protocol/README.md, protocol/codec.h):
 * every message round-trips through its encoder and decoder, and malformed
 * input of every kind (truncated, wrong-typed, oversized, NUL, bad UTF-8,
 * unknown types, random bytes) gives an error code and a reason, never a
 * crash. Frames are always decoded from an exact-size heap copy with no NUL
 * after it, so the sanitizer run catches any read past a frame.
 */
#include <criterion/criterion.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/partie.h"
#include "engine/rng.h"
#include "protocol/codec.h"
#include "protocol/codec_json.h"

/* A heap copy of exactly len bytes (no terminator). */
static char *exact(const char *text, size_t len)
{
    char *copy = malloc(len ? len : 1);
    cr_assert(copy);
    memcpy(copy, text, len);
    return copy;
}

static enum codec_code bot_text(const char *text, size_t len, struct codec_bot_message *out, char *err)
{
    char *copy = exact(text, len);
    enum codec_code code = codec_decode_bot(copy, len, out, err, 200);
    free(copy);
    return code;
}

static enum codec_code bot(const char *text, struct codec_bot_message *out, char *err)
{
    return bot_text(text, strlen(text), out, err);
}

static enum codec_code arena_text(const char *text, size_t len, struct codec_arena_message *out, char *err)
{
    char *copy = exact(text, len);
    enum codec_code code = codec_decode_arena(copy, len, NULL, out, err, 200);
    free(copy);
    return code;
}

static struct codec_arena_message *arena_message(void)
{
    static struct codec_arena_message msg;
    memset(&msg, 0, sizeof msg);
    return &msg;
}

static const char *const good_hello =
    "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t0k3n\",\"name\":\"greedy\",\"version\":\"1.2\"}";

/* A deal played at random from a seed up to `steps` actions (or its end). */
static void random_deal(struct pq_deal *d, uint64_t seed, int steps)
{
    struct pq_rules rules;
    struct pq_rng rng;
    uint8_t deck[32];
    pq_rules_default(&rules);
    pq_rng_deck(seed, 1, deck);
    pq_rng_seed(&rng, seed);
    cr_assert_eq(pq_deal_init(d, &rules, deck), 0);
    for (int i = 0; i < steps && !pq_deal_over(d); i++) {
        struct pq_action a;
        pq_deal_legal_nth(d, (int)pq_rng_below(&rng, (uint32_t)pq_deal_legal_count(d)), &a);
        cr_assert_eq(pq_deal_apply(d, &a, NULL, 0), 0);
    }
}

/* ---- hello ---------------------------------------------------------------- */

Test(codec, hello_round_trips)
{
    struct codec_hello in = { PROTOCOL_VERSION, "abc123", "Émile ♠ bot", "2.0-rc1" };
    struct codec_frame f = { NULL, 0 };
    struct codec_bot_message out;
    char err[200];
    cr_assert_eq(codec_encode_hello(&f, &in, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(bot_text(f.data, f.len, &out, err), CODEC_OK, "%s", err);
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
    const char *text = "{\"type\":\"hello\",\"protocol\":2,\"token\":\"t\",\"name\":\"n\",\"version\":\"\"}";
    char *copy = exact(text, strlen(text));
    cr_assert_eq(codec_decode_hello(copy, strlen(text), &out, err, sizeof err), CODEC_PROTOCOL_VERSION);
    free(copy);
    cr_expect_eq(out.protocol, 2);
    cr_expect_str_eq(out.name, "n");
    cr_expect(strstr(err, "speaks 1"), "%s", err);
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
        cr_expect_eq(bot(texts[i], &out, err), CODEC_BAD_FIELD, "%s", texts[i]);
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
        cr_expect_eq(bot(texts[i], &out, err), CODEC_BAD_FIELD, "%s", texts[i]);
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
        cr_expect_eq(bot(texts[i], &out, err), CODEC_BAD_FIELD, "%s", texts[i]);
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
    cr_expect_eq(bot(text, &out, err), CODEC_BAD_FIELD);
    cr_expect(strstr(err, "longer than 63"), "%s", err);
    name[63] = '\0';
    snprintf(text, sizeof text, "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"name\":\"%s\",\"version\":\"v\"}", name);
    cr_expect_eq(bot(text, &out, err), CODEC_OK, "%s", err);
    snprintf(text, sizeof text, "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"name\":\"\",\"version\":\"v\"}");
    cr_expect_eq(bot(text, &out, err), CODEC_BAD_FIELD, "an empty name is refused");
}

Test(codec, hello_encoder_refuses_what_the_decoder_would_refuse)
{
    struct codec_hello bad_name = { 1, "t", "a\nb", "" }, bad_token = { 1, "t k", "n", "" };
    struct codec_hello bad_protocol = { 0, "t", "n", "" };
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
    cr_assert_eq(bot_text(f.data, f.len, &out, err), CODEC_OK, "%s", err);
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
    cr_assert_eq(bot("{\"type\":\"action\",\"id\":42,\"action\":\"play ZZ\"}", &out, err), CODEC_BAD_ACTION);
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
        cr_expect_eq(bot(texts[i], &out, err), CODEC_BAD_FIELD, "%s", texts[i]);
    }
}

Test(codec, action_text_over_63_bytes_is_refused)
{
    struct codec_bot_message out;
    char err[200], text[200];
    snprintf(text, sizeof text, "{\"type\":\"action\",\"id\":1,\"action\":\"pass%70s\"}", "");
    cr_expect_eq(bot(text, &out, err), CODEC_BAD_FIELD);
}

Test(codec, log_round_trips_as_one_line)
{
    struct codec_frame f = { NULL, 0 };
    struct codec_bot_message out;
    char err[200];
    cr_assert_eq(codec_encode_log(&f, "thinking\nhard\tnow", err, sizeof err), CODEC_OK);
    cr_assert_eq(bot_text(f.data, f.len, &out, err), CODEC_OK, "%s", err);
    cr_expect_eq(out.type, CODEC_LOG);
    cr_expect_str_eq(out.as.log.text, "thinking hard now");
    codec_frame_release(&f);
    cr_assert_eq(bot("{\"type\":\"log\",\"text\":\"a\\nb\\u0085c\"}", &out, err), CODEC_OK, "%s", err);
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
    cr_assert_eq(bot(frame, &out, err), CODEC_OK, "%s", err);
    cr_expect_eq(strlen(out.as.log.text), 1023 / 3 * 3, "cut before a whole character");
    cr_assert_eq(bot("{\"type\":\"log\",\"text\":5}", &out, err), CODEC_BAD_FIELD);
}

/* ---- welcome, partie_start, error ------------------------------------------------ */

Test(codec, welcome_round_trips)
{
    struct codec_welcome in = { PROTOCOL_VERSION, "piquet-arena 1.0" };
    struct codec_frame f = { NULL, 0 };
    struct codec_arena_message *out = arena_message();
    char err[200];
    cr_assert_eq(codec_encode_welcome(&f, &in, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(arena_text(f.data, f.len, out, err), CODEC_OK, "%s", err);
    cr_expect_eq(out->type, CODEC_WELCOME);
    cr_expect_eq(memcmp(&out->as.welcome, &in, sizeof in), 0);
    codec_frame_release(&f);
}

Test(codec, partie_start_round_trips_with_every_rule)
{
    struct codec_partie_start in;
    struct codec_frame f = { NULL, 0 };
    struct codec_arena_message *out = arena_message();
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
    cr_assert_eq(arena_text(f.data, f.len, out, err), CODEC_OK, "%s", err);
    cr_expect_eq(out->type, CODEC_PARTIE_START);
    cr_expect_eq(memcmp(&out->as.partie_start, &in, sizeof in), 0);
    codec_frame_release(&f);
}

Test(codec, partie_start_with_an_unknown_rule_or_game_is_refused)
{
    struct codec_arena_message *out = arena_message();
    char err[200];
    const char *unknown_rule = "{\"type\":\"partie_start\",\"partie\":1,\"player\":\"A\",\"opponent\":\"x\","
        "\"game\":\"piquet\",\"first_dealer\":\"A\",\"rules\":{\"trumps\":true},"
        "\"clocks\":{\"move_ms\":1,\"bank_ms\":1,\"grace_ms\":1}}";
    const char *other_game = "{\"type\":\"partie_start\",\"partie\":1,\"player\":\"A\",\"opponent\":\"x\","
        "\"game\":\"chess\",\"first_dealer\":\"A\",\"rules\":{},"
        "\"clocks\":{\"move_ms\":1,\"bank_ms\":1,\"grace_ms\":1}}";
    cr_expect_eq(arena_text(unknown_rule, strlen(unknown_rule), out, err), CODEC_BAD_FIELD);
    cr_expect(strstr(err, "trumps"), "%s", err);
    cr_expect_eq(arena_text(other_game, strlen(other_game), out, err), CODEC_BAD_FIELD);
}

Test(codec, error_round_trips_for_every_code)
{
    for (int code = CODEC_OK + 1; code < CODEC_CODES; code++) {
        struct codec_frame f = { NULL, 0 };
        struct codec_arena_message *out = arena_message();
        char err[200];
        cr_assert_eq(codec_encode_error(&f, code, "why it failed", err, sizeof err), CODEC_OK, "%s", err);
        cr_assert_eq(arena_text(f.data, f.len, out, err), CODEC_OK, "%s", err);
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
    struct codec_arena_message *out = arena_message();
    char err[200];
    memset(message, 'a', sizeof message);
    memcpy(message + 253, "\xc3\xa9\n\xff", 4);
    message[sizeof message - 1] = '\0';
    cr_assert_eq(codec_encode_error(&f, CODEC_BAD_JSON, message, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(arena_text(f.data, f.len, out, err), CODEC_OK, "%s", err);
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
    struct codec_request *out = &arena_message()->as.request;
    struct pq_action legal[PQ_MAX_LEGAL];
    struct pq_view view;
    char err[200];
    random_deal(&d, 5, 12);                 /* into the declarations */
    cr_assert_neq(d.phase, PQ_PHASE_DISCARD);
    cr_assert_eq(codec_encode_request(&f, 77, 3, 2, &d, 1, &time, err, sizeof err), CODEC_OK, "%s", err);
    char *copy = exact(f.data, f.len);
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
    struct codec_request *out = &arena_message()->as.request;
    char err[200];
    random_deal(&d, 8, 0);
    if (d.phase == PQ_PHASE_ANNOUNCE) random_deal(&d, 8, 1);
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
    struct codec_deal_end *out = &arena_message()->as.deal_end;
    char err[200];
    random_deal(&d, 17, 1000);
    cr_assert(pq_deal_over(&d));
    cr_assert_eq(codec_encode_deal_end(&f, 9, 3, &d, PQ_YOUNGER, d.n_history - 3, err, sizeof err), CODEC_OK, "%s", err);
    char *copy = exact(f.data, f.len);
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

static void play_partie(struct pq_partie *p, uint64_t seed)
{
    struct pq_rules rules;
    struct pq_rng rng;
    pq_rules_default(&rules);
    pq_partie_init(p, &rules, seed, PQ_PLAYER_A);
    pq_rng_seed(&rng, seed);
    while (!p->over) {
        struct pq_action a;
        pq_deal_legal_nth(&p->deal, (int)pq_rng_below(&rng, (uint32_t)pq_deal_legal_count(&p->deal)), &a);
        cr_assert_geq(pq_partie_apply(p, &a, NULL, 0), 0);
    }
}

Test(codec, partie_end_round_trips_a_finished_partie)
{
    static struct pq_partie p;
    struct codec_frame f = { NULL, 0 };
    struct codec_partie_end *out = &arena_message()->as.partie_end;
    char err[200];
    play_partie(&p, 4);
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
    struct codec_partie_end *out = &arena_message()->as.partie_end;
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
    cr_expect_eq(bot(good_hello, &out, err), CODEC_OK, "%s", err);
    cr_expect_eq(out.type, CODEC_HELLO);
    cr_expect_eq(bot("{\"type\":\"action\",\"id\":1,\"action\":\"nolook\"}", &out, err), CODEC_OK, "%s", err);
    cr_expect_eq(out.type, CODEC_ACTION);
    cr_expect_eq(bot("{\"type\":\"log\",\"text\":\"hi\"}", &out, err), CODEC_OK, "%s", err);
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
        cr_expect_eq(bot(texts[i], &out, err), CODEC_UNKNOWN_TYPE, "%s: %s", texts[i], err);
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
    cr_expect_eq(bot(text, &out, err), CODEC_OK, "%s", err);
    cr_expect_str_eq(out.as.hello.name, "n");
}

Test(codec, a_field_given_twice_is_refused)
{
    struct codec_bot_message out;
    char err[200];
    cr_expect_eq(bot("{\"type\":\"action\",\"id\":1,\"id\":2,\"action\":\"pass\"}", &out, err), CODEC_BAD_FIELD);
    cr_expect(strstr(err, "twice"), "%s", err);
    cr_expect_eq(bot("{\"type\":\"log\",\"type\":\"hello\",\"text\":\"x\"}", &out, err), CODEC_BAD_FIELD);
}

/* ---- malformed frames -------------------------------------------------------------- */

Test(codec, oversized_frame_is_refused_before_parsing)
{
    size_t len = PROTOCOL_MAX_FRAME + 1;
    char *frame = malloc(len);
    struct codec_bot_message out;
    char err[200];
    cr_assert(frame);
    memset(frame, 0, len);   /* garbage a parser would call bad JSON or bad encoding */
    cr_expect_eq(codec_decode_bot(frame, len, &out, err, sizeof err), CODEC_OVERSIZED);
    cr_expect(strstr(err, "65536"), "%s", err);
    free(frame);
}

Test(codec, frame_of_exactly_the_cap_is_read)
{
    size_t len = PROTOCOL_MAX_FRAME;
    char *frame = malloc(len);
    struct codec_bot_message out;
    char err[200];
    const char *head = "{\"type\":\"log\",\"text\":\"";
    cr_assert(frame);
    memset(frame, 'x', len);
    memcpy(frame, head, strlen(head));
    memcpy(frame + len - 2, "\"}", 2);
    cr_expect_eq(codec_decode_bot(frame, len, &out, err, sizeof err), CODEC_OK, "%s", err);
    cr_expect_eq(strlen(out.as.log.text), CODEC_LOG_MAX - 1);
    free(frame);
}

Test(codec, empty_frame_is_refused)
{
    struct codec_bot_message out;
    char err[200];
    cr_expect_eq(codec_decode_bot(NULL, 0, &out, err, sizeof err), CODEC_BAD_JSON);
    cr_expect_eq(bot_text("{}", 0, &out, err), CODEC_BAD_JSON);
    cr_expect_eq(bot("   ", &out, err), CODEC_BAD_JSON);
}

Test(codec, nul_bytes_are_refused_anywhere)
{
    const char *text = good_hello;
    size_t len = strlen(text);
    for (size_t at = 0; at <= len; at++) {
        char frame[200];
        struct codec_bot_message out;
        char err[200];
        memcpy(frame, text, at);
        frame[at] = '\0';
        memcpy(frame + at + 1, text + at, len - at);
        cr_expect_eq(bot_text(frame, len + 1, &out, err), CODEC_BAD_ENCODING, "NUL at %zu", at);
    }
}

Test(codec, escaped_nul_is_refused_but_an_escaped_backslash_is_not)
{
    struct codec_bot_message out;
    char err[200];
    cr_expect_eq(bot("{\"type\":\"log\",\"text\":\"ab\\u0000cd\"}", &out, err), CODEC_BAD_ENCODING);
    cr_expect_eq(bot("{\"type\":\"log\",\"text\":\"ab\\\\u0000cd\"}", &out, err), CODEC_OK, "%s", err);
    cr_expect_str_eq(out.as.log.text, "ab\\u0000cd");
}

Test(codec, invalid_utf8_is_refused)
{
    static const char *const bad[] = {
        "\x80", "\xc0\xaf", "\xc1\xbf", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf0\x80\x80\xaf",
        "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xff", "\xc3", "\xe2\x99", "\xc3\x28"
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char frame[100];
        struct codec_bot_message out;
        char err[200];
        int n = snprintf(frame, sizeof frame, "{\"type\":\"log\",\"text\":\"a%sb\"}", bad[i]);
        cr_expect_eq(bot_text(frame, (size_t)n, &out, err), CODEC_BAD_ENCODING, "case %zu", i);
        /* and cut off at the end of the frame */
        n = snprintf(frame, sizeof frame, "{\"type\":\"log\",\"text\":\"a\"}%s", bad[i]);
        cr_expect_eq(bot_text(frame, (size_t)n, &out, err), CODEC_BAD_ENCODING, "case %zu at the end", i);
    }
}

Test(codec, valid_multibyte_utf8_is_accepted)
{
    struct codec_bot_message out;
    char err[200];
    const char *text = "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"name\":\"P\xc3\xaf" "quet \xe2\x99\xa0\xf0\x9f\x82\xa1\","
                       "\"version\":\"\\u00e9\\ud83c\\udca1\"}";
    cr_assert_eq(bot(text, &out, err), CODEC_OK, "%s", err);
    cr_expect_str_eq(out.as.hello.name, "P\xc3\xafquet \xe2\x99\xa0\xf0\x9f\x82\xa1");
    cr_expect_str_eq(out.as.hello.version, "\xc3\xa9\xf0\x9f\x82\xa1");
}

Test(codec, raw_control_character_in_a_string_is_bad_json)
{
    struct codec_bot_message out;
    char err[200];
    cr_expect_eq(bot("{\"type\":\"log\",\"text\":\"a\nb\"}", &out, err), CODEC_BAD_JSON);
    cr_expect_eq(bot("{\"type\":\"log\",\n\"text\":\"ab\"}\n", &out, err), CODEC_OK, "whitespace outside strings: %s", err);
}

/* One real frame of every message, for the malformed-input runs. */
static int sample_frames(struct codec_frame *out)
{
    static struct pq_partie partie;
    struct codec_hello hello = { 1, "tok", "sample \xe2\x99\xa0", "1" };
    struct codec_welcome welcome = { 1, "arena" };
    struct codec_partie_start start = { 3, PQ_PLAYER_A, PQ_PLAYER_B, "other", { 0 }, { 10, 20, 30 } };
    struct codec_forfeit forfeit = { PQ_PLAYER_B, CODEC_FAULT_PROTOCOL, "bad_json: not valid JSON" };
    struct codec_time time = { 1, 2 };
    struct pq_deal mid, exchange, over;
    char err[200];
    int n = 0;
    pq_rules_default(&start.rules);
    random_deal(&mid, 23, 20);
    random_deal(&exchange, 24, 1);
    random_deal(&over, 25, 1000);
    play_partie(&partie, 26);
    cr_assert_eq(codec_encode_hello(&out[n++], &hello, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(codec_encode_action(&out[n++], 12, "declare sequence 9H TH JH", err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(codec_encode_log(&out[n++], "a log line", err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(codec_encode_welcome(&out[n++], &welcome, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(codec_encode_partie_start(&out[n++], &start, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(codec_encode_request(&out[n++], 1, 1, 1, &mid, 3, &time, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(codec_encode_request(&out[n++], 2, 1, 1, &exchange, 0, &time, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(codec_encode_deal_end(&out[n++], 1, 1, &over, PQ_ELDER, 20, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(codec_encode_partie_end(&out[n++], 1, &partie, partie.winner, partie.settlement, &forfeit,
                                         err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(codec_encode_error(&out[n++], CODEC_TIMEOUT, "too late", err, sizeof err), CODEC_OK, "%s", err);
    return n;
}

static int from_bot(const struct codec_frame *f)
{
    static const char *const heads[] = { "{\"type\":\"hello\"", "{\"type\":\"action\"", "{\"type\":\"log\"" };
    for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++)
        if (!strncmp(f->data, heads[i], strlen(heads[i]))) return 1;
    return 0;
}

/* Decodes a frame as its direction's message; the code. */
static enum codec_code decode_either(const char *frame, size_t len, int bot_side)
{
    struct codec_bot_message bot_msg;
    char err[200];
    char *copy = exact(frame, len);
    enum codec_code code = bot_side ? codec_decode_bot(copy, len, &bot_msg, err, sizeof err)
                                    : codec_decode_arena(copy, len, NULL, arena_message(), err, sizeof err);
    free(copy);
    return code;
}

Test(codec, every_message_truncated_at_every_length_is_refused)
{
    struct codec_frame frames[16];
    int n = sample_frames(frames);
    for (int k = 0; k < n; k++) {
        cr_assert_eq(decode_either(frames[k].data, frames[k].len, from_bot(&frames[k])), CODEC_OK,
                     "the whole frame decodes: %s", frames[k].data);
        for (size_t len = 0; len < frames[k].len; len++) {
            enum codec_code code = decode_either(frames[k].data, len, from_bot(&frames[k]));
            cr_assert(code == CODEC_BAD_JSON || code == CODEC_BAD_ENCODING, "%.40s... cut to %zu bytes gave %s",
                      frames[k].data, len, codec_code_name(code));
        }
        codec_frame_release(&frames[k]);
    }
}

Test(codec, bytes_after_the_object_are_refused)
{
    struct codec_bot_message out;
    char err[200];
    cr_expect_eq(bot("{\"type\":\"log\",\"text\":\"a\"}{}", &out, err), CODEC_BAD_JSON);
    cr_expect_eq(bot("{\"type\":\"log\",\"text\":\"a\"} x", &out, err), CODEC_BAD_JSON);
    cr_expect_eq(bot("{\"type\":\"log\",\"text\":\"a\"} \r\n\t", &out, err), CODEC_OK, "%s", err);
}

Test(codec, json_other_than_an_object_is_refused)
{
    static const char *const texts[] = { "[]", "\"hello\"", "1", "null", "true", "{", "{\"type\":}", "{'type':'log'}" };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct codec_bot_message out;
        char err[200];
        cr_expect_eq(bot(texts[i], &out, err), CODEC_BAD_JSON, "%s", texts[i]);
    }
}

Test(codec, deep_nesting_is_refused_without_crashing)
{
    static char frame[60000];
    struct codec_bot_message out;
    char err[200];
    size_t n = 0;
    n += (size_t)sprintf(frame, "{\"type\":\"log\",\"text\":\"a\",\"x\":");
    while (n < 40000) frame[n++] = '[';
    while (n < 59990) frame[n++] = ']';
    frame[n++] = '}';
    cr_expect_eq(bot_text(frame, n, &out, err), CODEC_BAD_JSON);
}

static int nullable(const char *name)
{
    static const char *const names[] = { "lead", "carte_blanche", "look", "repique", "pique" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(name, names[i])) return 1;
    return 0;
}

/* Every field of a real request replaced by a value of each other JSON type:
 * always an error with a reason that names the field by its whole path
 * ("view.declarations.point.call.known", "events[1].seat") or an item by
 * its list, never a crash
 * (null is a value of the nullable fields, so it may be accepted there). */
static void mutate_fields(cJSON *node, const char *path, cJSON *root, int *tried)
{
    int index = 0;
    for (cJSON *c = node->child; c; c = c->next, index++) {
        char where[200];
        if (c->string) snprintf(where, sizeof where, "%s%s%s", path, path[0] ? "." : "", c->string);
        else snprintf(where, sizeof where, "%s[%d]", path, index);
        cJSON *kinds[] = { cJSON_CreateNull(), cJSON_CreateNumber(-7), cJSON_CreateString("ZZ"),
                           cJSON_CreateArray(), cJSON_CreateObject(), cJSON_CreateTrue() };
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            int same = (cJSON_IsNull(c) && cJSON_IsNull(kinds[k])) || (cJSON_IsNumber(c) && cJSON_IsNumber(kinds[k])) ||
                       (cJSON_IsString(c) && cJSON_IsString(kinds[k])) || (cJSON_IsArray(c) && cJSON_IsArray(kinds[k])) ||
                       (cJSON_IsObject(c) && cJSON_IsObject(kinds[k])) || (cJSON_IsBool(c) && cJSON_IsBool(kinds[k]));
            if (same || (c->string && !strcmp(c->string, "type"))) {
                cJSON_Delete(kinds[k]);
                continue;
            }
            cJSON saved = *c;
            /* Swap contents in place so that the tree keeps its shape. */
            c->type = kinds[k]->type;
            c->valueint = kinds[k]->valueint;
            c->valuedouble = kinds[k]->valuedouble;
            c->valuestring = kinds[k]->valuestring;
            c->child = NULL;
            char *text = cJSON_PrintUnformatted(root);
            struct codec_arena_message *out = arena_message();
            char err[200];
            cr_assert(text);
            enum codec_code code = arena_text(text, strlen(text), out, err);
            if (!(cJSON_IsNull(kinds[k]) && c->string && nullable(c->string))) {
                cr_expect_neq(code, CODEC_OK, "accepted a mutated field %s: %.300s", where, text);
                /* An item of a list may be named by its list ("view.tricks[2]
                 * must be [card led, card played to it]"). */
                cr_expect(strstr(err, where) || (!c->string && strstr(err, path)),
                          "the error for %s does not name it: %s", where, err);
            }
            cJSON_free(text);
            c->type = saved.type;
            c->valueint = saved.valueint;
            c->valuedouble = saved.valuedouble;
            c->valuestring = saved.valuestring;
            c->child = saved.child;
            cJSON_Delete(kinds[k]);
            (*tried)++;
        }
        if (c->child) mutate_fields(c, where, root, tried);
    }
}

Test(codec, every_field_of_a_request_with_a_wrong_type_is_refused)
{
    struct pq_deal d;
    struct codec_frame f = { NULL, 0 };
    struct codec_time time = { 1, 2 };
    char err[200];
    int tried = 0;
    random_deal(&d, 31, 25);                /* in the play, with tricks and declarations */
    cr_assert_eq(codec_encode_request(&f, 1, 1, 1, &d, 20, &time, err, sizeof err), CODEC_OK, "%s", err);
    cJSON *root = cJSON_ParseWithLength(f.data, f.len);
    cr_assert(root);
    mutate_fields(root, "", root, &tried);
    cr_expect_gt(tried, 500);
    cJSON_Delete(root);
    codec_frame_release(&f);
}

Test(codec, random_bytes_and_random_corruption_never_crash)
{
    struct codec_frame frames[16];
    struct pq_rng rng;
    int n = sample_frames(frames), ok = 0;
    pq_rng_seed(&rng, 99);
    for (int t = 0; t < 10000; t++) {
        const struct codec_frame *f = &frames[t % n];
        char *frame = exact(f->data, f->len);
        size_t len = f->len;
        int flips = 1 + (int)pq_rng_below(&rng, 4);
        for (int i = 0; i < flips; i++)
            frame[pq_rng_below(&rng, (uint32_t)len)] = (char)pq_rng_below(&rng, 256);
        if (t % 3 == 0) len = pq_rng_below(&rng, (uint32_t)len + 1);
        ok += decode_either(frame, len, from_bot(f)) == CODEC_OK;
        ok += decode_either(frame, len, !from_bot(f)) == CODEC_OK;
        free(frame);
    }
    for (int t = 0; t < 3000; t++) {
        size_t len = pq_rng_below(&rng, 200);
        char *frame = malloc(len + 1);
        cr_assert(frame);
        for (size_t i = 0; i < len; i++) frame[i] = (char)pq_rng_below(&rng, 256);
        if (len) frame[0] = '{';
        cr_expect_neq(decode_either(frame, len, t % 2), CODEC_OK);
        free(frame);
    }
    cr_log_info("%d of 10000 corrupted frames still decoded (a changed card, number or letter)", ok);
    for (int k = 0; k < n; k++) codec_frame_release(&frames[k]);
}

Test(codec, release_of_an_empty_frame_is_a_no_op)
{
    struct codec_frame f = { NULL, 0 };
    codec_frame_release(&f);
    codec_frame_release(NULL);
    cr_expect_null(f.data);
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

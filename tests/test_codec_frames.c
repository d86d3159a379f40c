/* test_codec_frames.c - malformed input of every kind (oversized, empty,
 * NUL, bad UTF-8, raw control characters, truncated at every length, bytes
 * after the object, other JSON, deep nesting, every field of a request with
 * a wrong type, random bytes) gives an error code and a reason, never a
 * crash. Frames are decoded from exact-size heap copies (support_codec.h).
 */
#include <criterion/criterion.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/piquet/partie.h"
#include "engine/rng.h"
#include "protocol/codec.h"
#include "protocol/codec_json.h"
#include "tests/support_codec.h"

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
    cr_expect_eq(support_bot_text("{}", 0, &out, err), CODEC_BAD_JSON);
    cr_expect_eq(support_bot("   ", &out, err), CODEC_BAD_JSON);
}

Test(codec, nul_bytes_are_refused_anywhere)
{
    const char *text = support_good_hello;
    size_t len = strlen(text);
    for (size_t at = 0; at <= len; at++) {
        char frame[200];
        struct codec_bot_message out;
        char err[200];
        memcpy(frame, text, at);
        frame[at] = '\0';
        memcpy(frame + at + 1, text + at, len - at);
        cr_expect_eq(support_bot_text(frame, len + 1, &out, err), CODEC_BAD_ENCODING, "NUL at %zu", at);
    }
}

Test(codec, escaped_nul_is_refused_but_an_escaped_backslash_is_not)
{
    struct codec_bot_message out;
    char err[200];
    cr_expect_eq(support_bot("{\"type\":\"log\",\"text\":\"ab\\u0000cd\"}", &out, err), CODEC_BAD_ENCODING);
    cr_expect_eq(support_bot("{\"type\":\"log\",\"text\":\"ab\\\\u0000cd\"}", &out, err), CODEC_OK, "%s", err);
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
        cr_expect_eq(support_bot_text(frame, (size_t)n, &out, err), CODEC_BAD_ENCODING, "case %zu", i);
        /* and cut off at the end of the frame */
        n = snprintf(frame, sizeof frame, "{\"type\":\"log\",\"text\":\"a\"}%s", bad[i]);
        cr_expect_eq(support_bot_text(frame, (size_t)n, &out, err), CODEC_BAD_ENCODING, "case %zu at the end", i);
    }
}

Test(codec, valid_multibyte_utf8_is_accepted)
{
    struct codec_bot_message out;
    char err[200];
    const char *text = "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t\",\"name\":\"P\xc3\xaf" "quet \xe2\x99\xa0\xf0\x9f\x82\xa1\","
                       "\"version\":\"\\u00e9\\ud83c\\udca1\"}";
    cr_assert_eq(support_bot(text, &out, err), CODEC_OK, "%s", err);
    cr_expect_str_eq(out.as.hello.name, "P\xc3\xafquet \xe2\x99\xa0\xf0\x9f\x82\xa1");
    cr_expect_str_eq(out.as.hello.version, "\xc3\xa9\xf0\x9f\x82\xa1");
}

Test(codec, raw_control_character_in_a_string_is_bad_json)
{
    struct codec_bot_message out;
    char err[200];
    cr_expect_eq(support_bot("{\"type\":\"log\",\"text\":\"a\nb\"}", &out, err), CODEC_BAD_JSON);
    cr_expect_eq(support_bot("{\"type\":\"log\",\n\"text\":\"ab\"}\n", &out, err), CODEC_OK, "whitespace outside strings: %s", err);
}

/* One real frame of every message, for the malformed-input runs. */
static int sample_frames(struct codec_frame *out)
{
    static struct pq_partie partie;
    struct codec_hello hello = { .protocol = 1, .token = "tok", .name = "sample \xe2\x99\xa0", .version = "1" };
    struct codec_welcome welcome = { 1, "arena" };
    struct codec_partie_start start = { 3, PQ_PLAYER_A, PQ_PLAYER_B, "other", { 0 }, { 10, 20, 30 } };
    struct codec_forfeit forfeit = { PQ_PLAYER_B, CODEC_FAULT_PROTOCOL, "bad_json: not valid JSON" };
    struct codec_time time = { 1, 2 };
    struct pq_deal mid, exchange, over;
    char err[200];
    int n = 0;
    pq_rules_default(&start.rules);
    support_random_deal(&mid, 23, 20);
    support_random_deal(&exchange, 24, 1);
    support_random_deal(&over, 25, 1000);
    support_play_partie(&partie, 26);
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
    char *copy = support_exact(frame, len);
    enum codec_code code = bot_side ? codec_decode_bot(copy, len, &bot_msg, err, sizeof err)
                                    : codec_decode_arena(copy, len, NULL, support_arena_message(), err, sizeof err);
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
    cr_expect_eq(support_bot("{\"type\":\"log\",\"text\":\"a\"}{}", &out, err), CODEC_BAD_JSON);
    cr_expect_eq(support_bot("{\"type\":\"log\",\"text\":\"a\"} x", &out, err), CODEC_BAD_JSON);
    cr_expect_eq(support_bot("{\"type\":\"log\",\"text\":\"a\"} \r\n\t", &out, err), CODEC_OK, "%s", err);
}

Test(codec, json_other_than_an_object_is_refused)
{
    static const char *const texts[] = { "[]", "\"hello\"", "1", "null", "true", "{", "{\"type\":}", "{'type':'log'}" };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct codec_bot_message out;
        char err[200];
        cr_expect_eq(support_bot(texts[i], &out, err), CODEC_BAD_JSON, "%s", texts[i]);
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
    cr_expect_eq(support_bot_text(frame, n, &out, err), CODEC_BAD_JSON);
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
            struct codec_arena_message *out = support_arena_message();
            char err[200];
            cr_assert(text);
            enum codec_code code = support_arena_text(text, strlen(text), out, err);
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
    support_random_deal(&d, 31, 25);                /* in the play, with tricks and declarations */
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
        char *frame = support_exact(f->data, f->len);
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

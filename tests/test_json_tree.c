/* test_json_tree.c - the pooled JSON parser (protocol/json_tree.h): it
 * builds the same tree as cJSON for every valid document (seeded random
 * documents with every kind of value, escape and spacing, and the frames
 * the codec writes), refuses invalid JSON at the offset where it stops
 * being JSON, and frees with one call. Text is always parsed from an
 * exact-size heap copy, freed before the tree is read, so the sanitizer
 * run catches a read past the text or a string left pointing into it.
 */
#include <criterion/criterion.h>
#include <cjson/cJSON.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/piquet/partie.h"
#include "engine/rng.h"
#include "protocol/codec.h"
#include "protocol/json_tree.h"
#include "tests/support_codec.h"

enum { RANDOM_DOCUMENTS = 600, FRAME_DEALS = 200 };

/* Parses len bytes from an exact-size copy, freed before returning. */
static cJSON *parse(const char *text, size_t len, size_t *end)
{
    char *copy = malloc(len ? len : 1);
    cr_assert(copy);
    memcpy(copy, text, len);
    cJSON *root = json_tree_parse(copy, len, end);
    free(copy);
    return root;
}

static cJSON *parse_cjson(const char *text, size_t len)
{
    char *copy = malloc(len ? len : 1);
    cr_assert(copy);
    memcpy(copy, text, len);
    cJSON *root = cJSON_ParseWithLength(copy, len);
    free(copy);
    return root;
}

/* Same shape and values as cJSON's tree, and linked as cJSON links. */
static void same_tree(const cJSON *mine, const cJSON *theirs, const char *text)
{
    const cJSON *m, *t;
    cr_assert_eq(mine->type & 0xff, theirs->type & 0xff, "type %d, not %d, in %s", mine->type, theirs->type, text);
    cr_assert_eq(!mine->string, !theirs->string, "%s", text);
    if (mine->string) cr_assert_str_eq(mine->string, theirs->string, "%s", text);
    switch (theirs->type & 0xff) {
    case cJSON_String:
        cr_assert_str_eq(mine->valuestring, theirs->valuestring, "%s", text);
        break;
    case cJSON_Number:
        cr_assert(mine->valuedouble == theirs->valuedouble, "%.17g, not %.17g, in %s", mine->valuedouble,
                  theirs->valuedouble, text);
        cr_assert_eq(mine->valueint, theirs->valueint, "%s", text);
        break;
    case cJSON_True:
    case cJSON_False:
    case cJSON_NULL:
        break;
    default:
        for (m = mine->child, t = theirs->child; m && t; m = m->next, t = t->next) {
            cr_assert_eq(m->next ? m->next->prev : mine->child->prev, m, "prev links in %s", text);
            same_tree(m, t, text);
        }
        cr_assert(!m && !t, "as many children in %s", text);
        cr_assert_eq(cJSON_GetArraySize(mine), cJSON_GetArraySize(theirs), "%s", text);
    }
}

/* Both parsers on the same text; mine must read all of it. */
static void agree(const char *text, size_t len)
{
    size_t end = 0;
    cJSON *theirs = parse_cjson(text, len), *mine = parse(text, len, &end);
    cr_assert(theirs, "cJSON reads %.*s", (int)len, text);
    cr_assert(mine, "refused at %zu: %.*s", end, (int)len, text);
    cr_assert_eq(end, len, "%.*s", (int)len, text);
    same_tree(mine, theirs, text);
    json_tree_free(mine);
    cJSON_Delete(theirs);
}

/* ---- random documents ---------------------------------------------------- */

static const char *const pieces[] = {
    "a", "Z", "0", " ", "/", "\"", "\\", "\b", "\f", "\n", "\r", "\t", "\x01", "\x1f", "\x7f",
    "\xc3\xa9", "\xe2\x99\xa0", "\xf0\x9d\x84\x9e", "\xef\xbf\xbf", "\xc2\x80", "play 9S", "\xe2\x80\xa8"
};

static void random_text(struct pq_rng *rng, char *out, size_t cap)
{
    size_t n = 0;
    int pieces_n = (int)pq_rng_below(rng, 9);
    out[0] = '\0';
    for (int i = 0; i < pieces_n; i++) {
        const char *p = pieces[pq_rng_below(rng, sizeof pieces / sizeof pieces[0])];
        if (n + strlen(p) + 1 > cap) break;
        strcpy(out + n, p);
        n += strlen(p);
    }
}

static double random_number(struct pq_rng *rng)
{
    double sign = pq_rng_below(rng, 2) ? -1 : 1;
    switch (pq_rng_below(rng, 6)) {
    case 0: return sign * pq_rng_below(rng, 10);
    case 1: return sign * pq_rng_below(rng, 4000000000u);
    case 2: return sign * (double)(pq_rng_next(rng) >> 11);              /* up to 2^53 */
    case 3: return sign * (double)pq_rng_below(rng, 1000000) / 1000.0;   /* fractions */
    case 4: return sign * (double)(pq_rng_next(rng) >> 11) / 9007199254740992.0;
    default: {
        double v = 1.0 + (double)pq_rng_below(rng, 1000000) / 1e6;      /* exponents both ways */
        int e = (int)pq_rng_below(rng, 600) - 300;
        while (e > 0) { v *= 10; e--; }
        while (e < 0) { v /= 10; e++; }
        return sign * v;
    }
    }
}

static cJSON *random_value(struct pq_rng *rng, int depth)
{
    char text[80];
    unsigned kind = pq_rng_below(rng, depth >= 6 ? 6 : 9);
    cJSON *node = NULL;
    switch (kind) {
    case 0: node = cJSON_CreateNull(); break;
    case 1: node = cJSON_CreateTrue(); break;
    case 2: node = cJSON_CreateFalse(); break;
    case 3: case 4: node = cJSON_CreateNumber(random_number(rng)); break;
    case 5: random_text(rng, text, sizeof text); node = cJSON_CreateString(text); break;
    case 6: case 7:
        node = cJSON_CreateObject();
        for (int n = (int)pq_rng_below(rng, 6); node && n > 0; n--) {
            cJSON *child = random_value(rng, depth + 1);
            cr_assert(child);
            random_text(rng, text, sizeof text);
            cr_assert(cJSON_AddItemToObject(node, text, child));   /* a repeated key stays */
        }
        break;
    default:
        node = cJSON_CreateArray();
        for (int n = (int)pq_rng_below(rng, 6); node && n > 0; n--) {
            cJSON *child = random_value(rng, depth + 1);
            cr_assert(child);
            cr_assert(cJSON_AddItemToArray(node, child));
        }
    }
    cr_assert(node);
    return node;
}

/* Length of the UTF-8 sequence starting with byte c. */
static int sequence_length(unsigned char c)
{
    return c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
}

static void put_escape(char **out, unsigned code, int upper)
{
    *out += sprintf(*out, upper ? "\\u%04X" : "\\u%04x", code);
}

/* Rewrites cJSON's compact text the ways another writer might: characters
 * in strings as \u escapes (surrogate pairs above U+FFFF), '/' as "\/",
 * and whitespace around structural characters. Same document. */
static size_t respell(struct pq_rng *rng, const char *in, char *out)
{
    static const char spaces[] = " \t\n\r";
    char *o = out;
    int in_string = 0;
    for (const char *p = in; *p;) {
        unsigned char c = (unsigned char)*p;
        if (in_string && c == '\\') {           /* an escape cJSON wrote: keep it */
            int n = p[1] == 'u' ? 6 : 2;
            memcpy(o, p, (size_t)n);
            o += n;
            p += n;
            continue;
        }
        if (c == '"') {
            in_string = !in_string;
            *o++ = *p++;
            continue;
        }
        if (in_string) {
            int n = sequence_length(c);
            if (c == '/' && pq_rng_below(rng, 2)) {
                o += sprintf(o, "\\/");
            } else if (pq_rng_below(rng, 3) == 0) {
                unsigned code = n == 1 ? c : n == 2 ? c & 0x1f : n == 3 ? c & 0x0f : c & 0x07;
                for (int k = 1; k < n; k++) code = code << 6 | ((unsigned char)p[k] & 0x3f);
                int upper = (int)pq_rng_below(rng, 2);
                if (code >= 0x10000) {
                    put_escape(&o, 0xd800 + ((code - 0x10000) >> 10), upper);
                    put_escape(&o, 0xdc00 + ((code - 0x10000) & 0x3ff), upper);
                } else {
                    put_escape(&o, code, upper);
                }
            } else {
                memcpy(o, p, (size_t)n);
                o += n;
            }
            p += n;
            continue;
        }
        if (strchr("{}[],:", c) && pq_rng_below(rng, 4) == 0) *o++ = spaces[pq_rng_below(rng, 4)];
        *o++ = *p++;
        if (strchr("{}[],:", c) && pq_rng_below(rng, 4) == 0) *o++ = spaces[pq_rng_below(rng, 4)];
    }
    *o = '\0';
    return (size_t)(o - out);
}

Test(json_tree, builds_the_same_tree_as_cjson_for_random_documents)
{
    struct pq_rng rng;
    pq_rng_seed(&rng, 20240611);
    for (int i = 0; i < RANDOM_DOCUMENTS; i++) {
        cJSON *doc = random_value(&rng, 0);
        char *text = cJSON_PrintUnformatted(doc);
        cr_assert(text);
        char *spelled = malloc(strlen(text) * 12 + 16);   /* a \uXXXX pair per 4 bytes at most */
        cr_assert(spelled);
        agree(text, strlen(text));
        size_t n = respell(&rng, text, spelled);
        agree(spelled, n);
        free(spelled);
        free(text);
        cJSON_Delete(doc);
    }
}

Test(json_tree, reads_numbers_as_cjson_does)
{
    static const char *const numbers[] = {
        "0", "-0", "7", "-7", "10", "2147483647", "2147483648", "-2147483648", "-2147483649",
        "999999999999999", "-999999999999999", "1000000000000000", "9007199254740993",
        "12345678901234567890", "0.5", "-0.5", "0.0001", "3.14159265358979323846", "1e5", "1E5",
        "1e+5", "1e-5", "-1.5E-300", "2.5e308", "1e400", "-1e400", "1e-400", "0e0", "0.0e-0",
        "123456789012345678901234567890123456789012345678901234567890"
    };
    char text[200];
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        agree(numbers[i], strlen(numbers[i]));
        snprintf(text, sizeof text, "[%s,{\"n\":%s}]", numbers[i], numbers[i]);
        agree(text, strlen(text));
    }
}

Test(json_tree, reads_a_number_longer_than_its_copy_buffer)
{
    char text[400];
    size_t end;
    memset(text, '7', 300);
    memcpy(text + 300, ".25e-3", 6);
    cJSON *root = parse(text, 306, &end);
    text[306] = '\0';
    cr_assert(root);
    cr_expect_eq(end, 306);
    cr_expect(root->valuedouble == strtod(text, NULL));
    cr_expect_eq(root->valueint, INT_MAX);
    json_tree_free(root);
}

Test(json_tree, saturates_valueint_as_cjson_does)
{
    const char *text = "[3000000000,-3000000000,1e300,-1e300,2.9,-2.9]";
    const int want[] = { INT_MAX, INT_MIN, INT_MAX, INT_MIN, 2, -2 };
    size_t end;
    cJSON *root = parse(text, strlen(text), &end), *item;
    int i = 0;
    cr_assert(root);
    cJSON_ArrayForEach(item, root) cr_expect_eq(item->valueint, want[i++]);
    cr_expect_eq(i, 6);
    json_tree_free(root);
}

Test(json_tree, decodes_every_escape)
{
    const char *text = "[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\", \"\\u0041\\u00e9\\u2660\\uD834\\uDD1E\\ud83c\\udca1\\uFFFF\"]";
    size_t end;
    cJSON *root = parse(text, strlen(text), &end);
    cr_assert(root, "refused at %zu", end);
    cr_expect_str_eq(cJSON_GetArrayItem(root, 0)->valuestring, "\"\\/\b\f\n\r\t");
    cr_expect_str_eq(cJSON_GetArrayItem(root, 1)->valuestring,
                     "A\xc3\xa9\xe2\x99\xa0\xf0\x9d\x84\x9e\xf0\x9f\x82\xa1\xef\xbf\xbf");
    json_tree_free(root);
}

Test(json_tree, keeps_utf8_bytes_and_every_repeated_key)
{
    const char *text = "{\"k\":1,\"\xc3\xa9\":\"\xe2\x99\xa0 bot\",\"k\":2}";
    size_t end;
    cJSON *root = parse(text, strlen(text), &end);
    cr_assert(root);
    cr_expect_eq(cJSON_GetArraySize(root), 3);
    cr_expect_str_eq(root->child->next->string, "\xc3\xa9");
    cr_expect_str_eq(root->child->next->valuestring, "\xe2\x99\xa0 bot");
    cr_expect_str_eq(root->child->prev->string, "k", "the first child's prev is the last child");
    cr_expect_eq(root->child->prev->valuedouble, 2);
    json_tree_free(root);
}

Test(json_tree, holds_documents_denser_than_its_first_guess)
{
    enum { ITEMS = 20000 };
    char *text = malloc(ITEMS * 2 + 2);
    size_t n = 0, end;
    cr_assert(text);
    text[n++] = '[';
    for (int i = 0; i < ITEMS; i++) {
        text[n++] = (char)('0' + i % 10);
        text[n++] = i + 1 < ITEMS ? ',' : ']';
    }
    cJSON *root = parse(text, n, &end);
    free(text);
    cr_assert(root);
    cr_expect_eq(end, n);
    cr_assert_eq(cJSON_GetArraySize(root), ITEMS);
    cr_expect_eq(cJSON_GetArrayItem(root, ITEMS - 1)->valueint, (ITEMS - 1) % 10);
    int i = 0;
    for (cJSON *item = root->child; item; item = item->next, i++) cr_assert_eq(item->valueint, i % 10);
    json_tree_free(root);
}

/* ---- frames -------------------------------------------------------------- */

static void agree_frame(struct codec_frame *f, enum codec_code code, const char *err)
{
    cr_assert_eq(code, CODEC_OK, "%s", err);
    agree(f->data, f->len);
    codec_frame_release(f);
}

Test(json_tree, builds_the_same_tree_as_cjson_for_every_frame_the_codec_writes)
{
    static struct pq_partie partie;
    struct pq_rules rules;
    struct codec_time time = { 1500, 42000 };
    char err[200];
    for (uint64_t seed = 1; seed <= FRAME_DEALS; seed++) {
        struct pq_deal d;
        struct codec_frame f = { NULL, 0 };
        support_random_deal(&d, seed, seed % 10 == 0 ? 1000 : (int)(seed % 40));   /* some to their end */
        if (pq_deal_over(&d)) {
            agree_frame(&f, codec_encode_deal_end(&f, seed, 1, &d, (int)(seed % 2), 0, err, sizeof err), err);
            continue;
        }
        agree_frame(&f, codec_encode_request(&f, seed, 1, 1, &d, 0, &time, err, sizeof err), err);
    }
    pq_rules_default(&rules);
    for (uint64_t seed = 1; seed <= 5; seed++) {
        struct codec_frame f = { NULL, 0 };
        struct pq_rng rng;
        pq_partie_init(&partie, &rules, seed, PQ_PLAYER_A);
        pq_rng_seed(&rng, seed);
        while (!partie.over) {
            struct pq_action a;
            pq_deal_legal_nth(&partie.deal, (int)pq_rng_below(&rng, (uint32_t)pq_deal_legal_count(&partie.deal)), &a);
            cr_assert_geq(pq_partie_apply(&partie, &a, NULL, 0), 0);
        }
        agree_frame(&f, codec_encode_partie_end(&f, seed, &partie, partie.winner, partie.settlement, NULL, err,
                                                sizeof err), err);
    }
}

Test(json_tree, refuses_a_request_cut_anywhere_where_it_ends)
{
    struct pq_deal d;
    struct codec_frame f = { NULL, 0 };
    struct codec_time time = { 1, 2 };
    char err[200];
    support_random_deal(&d, 3, 15);
    cr_assert_eq(codec_encode_request(&f, 3, 1, 1, &d, 0, &time, err, sizeof err), CODEC_OK, "%s", err);
    for (size_t cut = 0; cut < f.len; cut++) {
        size_t end = 0;
        cJSON *root = parse(f.data, cut, &end);
        cr_assert_null(root, "a request cut at %zu", cut);
        cr_assert_eq(end, cut, "a request cut at %zu is JSON up to its end, not to %zu", cut, end);
    }
    codec_frame_release(&f);
}

/* ---- refusals ------------------------------------------------------------ */

struct refusal {
    const char *text;
    size_t at;          /* where the text stops being JSON */
};

static void check_refusals(const struct refusal *r, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t end = 0;
        cJSON *root = parse(r[i].text, strlen(r[i].text), &end);
        cr_expect_null(root, "accepted %s", r[i].text);
        cr_expect_eq(end, r[i].at, "%s refused at %zu, not %zu", r[i].text, end, r[i].at);
        json_tree_free(root);
    }
}

Test(json_tree, refuses_numbers_outside_the_grammar)
{
    static const struct refusal r[] = {
        { "[01]", 2 }, { "[-01]", 3 }, { "[+1]", 1 }, { "[1.]", 3 }, { "[.5]", 1 }, { "[-]", 2 },
        { "[-a]", 2 }, { "[1e]", 3 }, { "[1e+]", 4 }, { "[1.e5]", 3 }, { "[0x10]", 2 }, { "[1.5.2]", 4 },
        { "[Infinity]", 1 }, { "[NaN]", 1 }, { "-", 1 }, { "1.", 2 }, { "2e", 2 },
    };
    check_refusals(r, sizeof r / sizeof r[0]);
}

Test(json_tree, refuses_bad_strings_and_escapes)
{
    static const struct refusal r[] = {
        { "\"abc", 4 }, { "[\"abc", 5 }, { "\"a\\", 3 }, { "\"a\\x\"", 3 }, { "\"\\u12G4\"", 5 },
        { "\"\\u12", 5 }, { "\"\\U0041\"", 2 }, { "\"a\tb\"", 2 }, { "\"a\nb\"", 2 }, { "\"\x1f\"", 1 },
        { "\"\\uD800\"", 7 }, { "\"\\uD800\\n\"", 8 }, { "\"\\uD800\\u0041\"", 7 }, { "\"\\uDBFF\\uD800\"", 7 },
        { "\"\\uDC00\"", 1 }, { "\"x\\uDFFF\\uDC00\"", 2 }, { "\"\\uD83C", 7 }, { "\"\\uD83C\\", 8 },
        { "\"\\u0000\"", 1 }, { "'a'", 0 },
    };
    check_refusals(r, sizeof r / sizeof r[0]);
}

Test(json_tree, refuses_broken_arrays_and_objects)
{
    static const struct refusal r[] = {
        { "", 0 }, { "   ", 3 }, { "[", 1 }, { "[1,2", 4 }, { "[1 2]", 3 }, { "[1,]", 3 }, { "[,1]", 1 },
        { "[1,,2]", 3 }, { "[}", 1 }, { "{", 1 }, { "{\"a\":1", 6 }, { "{\"a\"", 4 }, { "{\"a\" 1}", 5 },
        { "{\"a\":}", 5 }, { "{\"a\":1,}", 7 }, { "{1:2}", 1 }, { "{a:1}", 1 }, { "{\"a\":1]", 6 },
        { "[tru]", 4 }, { "[nul", 4 }, { "[True]", 1 }, { "[falsy]", 5 }, { "[\f1]", 1 },
        { "[\v1]", 1 }, { "[\xc2\xa0" "1]", 1 }, { "{\"a\":1;\"b\":2}", 6 },
    };
    check_refusals(r, sizeof r / sizeof r[0]);
}

Test(json_tree, reports_where_a_value_followed_by_more_bytes_ends)
{
    static const struct {
        const char *text;
        size_t end;
    } cases[] = { { "{\"a\":1}}", 7 }, { "1 x", 2 }, { "01", 1 }, { "[] \n[]", 4 }, { "true\r\n\t ", 8 } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t end = 0;
        cJSON *root = parse(cases[i].text, strlen(cases[i].text), &end);
        cr_expect(root, "%s", cases[i].text);
        cr_expect_eq(end, cases[i].end, "%s ends at %zu", cases[i].text, end);
        json_tree_free(root);
    }
}

Test(json_tree, refuses_nesting_deeper_than_its_limit)
{
    char text[2 * JSON_TREE_DEPTH + 4];
    size_t end;
    for (int depth = JSON_TREE_DEPTH; depth <= JSON_TREE_DEPTH + 1; depth++) {
        memset(text, '[', (size_t)depth);
        memset(text + depth, ']', (size_t)depth);
        cJSON *root = parse(text, 2 * (size_t)depth, &end);
        if (depth == JSON_TREE_DEPTH) {
            cr_expect(root, "%d deep is allowed", depth);
            cr_expect_eq(end, 2 * (size_t)depth);
        } else {
            cr_expect_null(root, "%d deep is refused", depth);
            cr_expect_eq(end, (size_t)JSON_TREE_DEPTH, "at the bracket one too deep");
        }
        json_tree_free(root);
    }
    text[0] = '{';
    memcpy(text + 1, "\"a\":", 4);
    cr_expect_null(parse(text, 5, &end), "an object is refused like an array");
    cr_expect_eq(end, 5);
}

Test(json_tree, refuses_a_million_open_brackets_without_recursing)
{
    enum { DEEP = 1000000 };
    char *text = malloc(DEEP);
    size_t end;
    cr_assert(text);
    memset(text, '[', DEEP);
    cr_expect_null(parse(text, DEEP, &end));
    cr_expect_eq(end, (size_t)JSON_TREE_DEPTH);
    free(text);
}

/* ---- release ------------------------------------------------------------- */

Test(json_tree, freeing_null_does_nothing)
{
    json_tree_free(NULL);
}

Test(json_tree, outlives_its_text_and_frees_with_one_call)
{
    const char *text = "{\"s\":\"kept\",\"a\":[{\"b\":\"deep\"}]}";
    size_t end;
    cJSON *root = parse(text, strlen(text), &end);   /* the copy is already freed */
    cr_assert(root);
    cr_expect_str_eq(cJSON_GetObjectItemCaseSensitive(root, "s")->valuestring, "kept");
    cr_expect_str_eq(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "a"), 0)->child->valuestring, "deep");
    json_tree_free(root);
}

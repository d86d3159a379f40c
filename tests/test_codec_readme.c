/* test_codec_readme.c - protocol/README.md stays true: every JSON message
 * shown in it is exactly a frame the encoder makes for the worked example
 * (the Cavendish deal as deal 1 of partie 17, then seeded random deals),
 * every one decodes, and the document names every message type, error
 * code and fault. Run from the top of the checkout (as `make test` does).
 */
#include <criterion/criterion.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/rng.h"
#include "protocol/codec.h"
#include "protocol/codec_json.h"

enum { MAX_FRAMES = 200 };

static const char *const cavendish_deck =
    "AS KS JS AH QH JH 8H JC 8C 7C 9D 8D TS 7S TH 9H 7H KC QC TC AD QD JD TD 9S 8S KH 9C KD QS AC 7D";
static const char *const cavendish_actions[] = {
    "discard KS 8C 7C 9D 8D", "discard 7S 9H 7H", "declare point 8H JH QH KH AH",
    "declare point 7D TD JD QD AD", "declare sequence JH QH KH AH", "declare sequence QC KC AC", "pass",
    "declare set JS JH JC", "declare set TS TH TD TC", "declare set QS QD QC", "pass", "play AH", "play TH",
    "play KH", "play 7D", "play QH", "play TD", "play JH", "play JD", "play 8H", "play QD", "play KD", "play AD",
    "play AC", "play 9C", "play KC", "play JC", "play QC", "play 8S", "play TC", "play 9S", "play QS", "play AS",
    "play JS", "play TS", NULL
};

struct frames {
    int n;
    struct codec_frame f[MAX_FRAMES];
};

static void keep(struct frames *self, enum codec_code code, struct codec_frame *f, const char *err)
{
    cr_assert_eq(code, CODEC_OK, "%s", err);
    cr_assert_lt(self->n, MAX_FRAMES);
    self->f[self->n++] = *f;
}

static void parse_action(const char *text, struct pq_action *a)
{
    char err[160];
    cr_assert_eq(pq_action_parse(text, (int)strlen(text), a, err, sizeof err), 0, "%s", err);
}

/* The frames of the README's example, in the order a session has them. */
static void example_frames(struct frames *out)
{
    struct codec_hello hello = { .protocol = 1, .token = "7f3a9c0d52e14b8e", .name = "greedy", .version = "1.0.2" };
    struct codec_welcome welcome = { 1, "piquet-arena 1" };
    struct codec_partie_start start;
    struct codec_forfeit forfeit = { PQ_PLAYER_A, CODEC_FAULT_TIMEOUT,
                                     "no answer to request 57 within 1000 ms + bank 0 ms + grace 200 ms" };
    static struct pq_partie p, q;
    struct codec_frame f;
    struct pq_rng rng;
    uint8_t deck[32];
    char err[200];
    int since[2] = { 0, 0 }, step = 0;
    uint64_t id = 41;
    for (int i = 0; i < 32; i++) deck[i] = (uint8_t)pq_card_parse(cavendish_deck + 3 * i);
    keep(out, codec_encode_hello(&f, &hello, err, sizeof err), &f, err);
    keep(out, codec_encode_welcome(&f, &welcome, err, sizeof err), &f, err);
    memset(&start, 0, sizeof start);
    start.partie = 17;
    start.player = PQ_PLAYER_B;
    start.first_dealer = PQ_PLAYER_A;
    snprintf(start.opponent, sizeof start.opponent, "random");
    pq_rules_default(&start.rules);
    start.clocks = (struct codec_clocks){ 1000, 30000, 200 };
    keep(out, codec_encode_partie_start(&f, &start, err, sizeof err), &f, err);
    cr_assert_eq(pq_partie_init_deck(&p, &start.rules, PQ_PLAYER_A, deck), 0);
    pq_rng_seed(&rng, 11);
    while (!p.over) {
        struct pq_deal *d = &p.deal;
        struct codec_time time = { 1000, 30000 };
        struct pq_action a;
        char text[PQ_ACTION_TEXT_MAX];
        int seat = d->to_act, first_deal = p.deal_no == 1;
        if (first_deal) keep(out, codec_encode_request(&f, id, 17, 1, d, since[seat], &time, err, sizeof err), &f, err);
        since[seat] = d->n_history;
        if (first_deal) parse_action(cavendish_actions[step++], &a);
        else pq_deal_legal_nth(d, (int)pq_rng_below(&rng, (uint32_t)pq_deal_legal_count(d)), &a);
        pq_action_format(&a, text, sizeof text);
        if (first_deal) keep(out, codec_encode_action(&f, id, text, err, sizeof err), &f, err);
        id++;
        int rc = pq_partie_apply(&p, &a, err, sizeof err);
        cr_assert_geq(rc, 0, "%s", err);
        if (rc == 1 && first_deal)
            for (int s = 0; s < PQ_SEATS; s++)
                keep(out, codec_encode_deal_end(&f, 17, 1, &p.finished, s, since[s], err, sizeof err), &f, err);
        if (rc == 1) since[0] = since[1] = 0;
    }
    keep(out, codec_encode_partie_end(&f, 17, &p, p.winner, p.settlement, NULL, err, sizeof err), &f, err);
    cr_assert_eq(pq_partie_init_deck(&q, &start.rules, PQ_PLAYER_A, deck), 0);
    for (int i = 0; i < 16; i++) {
        struct pq_action a;
        parse_action(cavendish_actions[i], &a);
        cr_assert_geq(pq_partie_apply(&q, &a, NULL, 0), 0);
    }
    keep(out, codec_encode_partie_end(&f, 17, &q, PQ_PLAYER_B, 100, &forfeit, err, sizeof err), &f, err);
    keep(out, codec_encode_error(&f, CODEC_ILLEGAL_ACTION,
                                 "action 'play 7C' for request 55: must follow suit to KD (R20)", err, sizeof err), &f, err);
    keep(out, codec_encode_log(&f, "point: keeping hearts, 5 cards", err, sizeof err), &f, err);
}

static char *read_readme(void)
{
    FILE *file = fopen("protocol/README.md", "rb");
    cr_assert(file, "run the tests from the top of the checkout (protocol/README.md)");
    static char text[200000];
    size_t n = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[n] = '\0';
    return text;
}

Test(codec, every_message_in_the_readme_is_a_real_frame_and_decodes)
{
    static struct frames frames;
    static struct codec_arena_message arena;
    char *text = read_readme(), *at = text;
    int blocks = 0;
    example_frames(&frames);
    while ((at = strstr(at, "```json\n"))) {
        char *start = at + 8, *end = strstr(start, "```");
        cr_assert(end, "an unclosed json block");
        cJSON *shown = cJSON_ParseWithLength(start, (size_t)(end - start));
        cr_assert(shown, "a json block that is not JSON near: %.60s", start);
        int found = 0;
        for (int i = 0; i < frames.n && !found; i++) {
            cJSON *real = cJSON_ParseWithLength(frames.f[i].data, frames.f[i].len);
            cr_assert(real);
            found = cJSON_Compare(shown, real, 1);
            cJSON_Delete(real);
        }
        cr_expect(found, "an example the encoder does not make: %.200s", start);
        const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(shown, "type"));
        char err[200];
        if (type && (!strcmp(type, "hello") || !strcmp(type, "action") || !strcmp(type, "log"))) {
            struct codec_bot_message bot;
            cr_expect_eq(codec_decode_bot(start, (size_t)(end - start), &bot, err, sizeof err), CODEC_OK, "%s", err);
        } else {
            cr_expect_eq(codec_decode_arena(start, (size_t)(end - start), NULL, &arena, err, sizeof err), CODEC_OK,
                         "%s: %s", type, err);
        }
        cJSON_Delete(shown);
        blocks++;
        at = end + 3;
    }
    cr_expect_geq(blocks, 13);
    for (int i = 0; i < frames.n; i++) codec_frame_release(&frames.f[i]);
}

Test(codec, the_readme_names_every_type_code_and_fault)
{
    char *text = read_readme();
    char quoted[64];
    for (int t = 0; t < CODEC_TYPES; t++) {
        snprintf(quoted, sizeof quoted, "### %s\n", codec_type_name(t));
        cr_expect(strstr(text, quoted), "no section for %s", codec_type_name(t));
    }
    for (int c = CODEC_OK + 1; c < CODEC_CODES; c++) {
        snprintf(quoted, sizeof quoted, "| `%s` |", codec_code_name(c));
        cr_expect(strstr(text, quoted), "error code %s is not in the table", codec_code_name(c));
    }
    for (int f = 0; f < CODEC_FAULTS; f++) {
        snprintf(quoted, sizeof quoted, "| `%s` |", codec_fault_name(f));
        cr_expect(strstr(text, quoted), "fault %s is not in the table", codec_fault_name(f));
    }
}

/* The event examples, one per line, read as events. */
Test(codec, the_readme_event_examples_read_as_events)
{
    char *text = read_readme();
    char *at = strstr(text, "Real events from the example");
    int n = 0;
    cr_assert(at, "no event examples");
    at = strstr(at, "```\n");
    cr_assert(at);
    at += 4;
    while (at && !strncmp(at, "{\"event\": ", 10)) {
        char *eol = strchr(at, '\n');
        char wrapped[600], err[200];
        struct codec_reader r;
        struct codec_event event;
        uint16_t count;
        cr_assert(eol);
        snprintf(wrapped, sizeof wrapped, "{\"events\": [%.*s]}", (int)(eol - at), at);
        cJSON *root = cJSON_Parse(wrapped);
        cr_assert(root, "%s", wrapped);
        codec_reader_init(&r, err, sizeof err);
        cr_expect_eq(codec_read_events(&r, root, "events", &event, &count), 0, "%s: %s", wrapped, err);
        cJSON_Delete(root);
        n++;
        at = eol + 1;
    }
    cr_expect_geq(n, 10);
}

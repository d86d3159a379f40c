/* test_protocol2.c - protocol 2, one frame for every game: the frames
 * written from a game's state decode as a bot reads them, and a protocol-2
 * bot plays through the arena beside a protocol-1 bot (real processes,
 * real ZeroMQ).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/play/match.h"
#include "engine/game.h"
#include "protocol/codec.h"
#include "records/replay.h"
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

Test(protocol2, match_start_names_the_game_seats_teams_and_typed_rules)
{
    static struct pq_partie state;
    const char *rules[] = { "partie_deals=4", "law49=false", NULL };
    struct game_setup setup = { 2, 9, 0, rules, 0 };
    struct codec_match_start start = { .match = 12, .game = &piquet_game, .players = 2, .player = 1,
                                       .rules = rules, .names = { "alpha", "beta" }, .clocks = { 100, 200, 30 } };
    struct codec_frame f = { NULL, 0 };
    struct codec_game_message m;
    char err[200];
    cr_assert_eq(piquet_game.create(&state, &setup, err, sizeof err), 0, "%s", err);
    cr_assert_eq(codec_encode_match_start(&f, &start, &state, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(codec_decode_game(f.data, f.len, &m, err, sizeof err), CODEC_OK, "%s", err);
    cr_expect_eq(m.type, CODEC_MATCH_START);
    cr_expect_eq(m.match, 12);
    cr_expect_str_eq(m.game, "piquet");
    cr_expect_eq(m.players, 2);
    cr_expect_eq(m.player, 1);
    cr_expect_eq(m.clocks.grace_ms, 30);
    /* Every flag, typed: a number, a boolean, a word. */
    cr_expect_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(m.rules, "partie_deals")), 4);
    cr_expect(cJSON_IsFalse(cJSON_GetObjectItem(m.rules, "law49")));
    cr_expect_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(m.rules, "trick_scoring")), "law65");
    cr_expect(strstr(f.data, "\"partners\":[]") && strstr(f.data, "\"names\":[\"alpha\",\"beta\"]"), "%s", f.data);
    codec_game_message_release(&m);
    codec_frame_release(&f);
}

Test(protocol2, a_request_carries_the_view_and_every_legal_action_as_text)
{
    static struct pq_partie state;
    struct game_setup setup = { 0, 3, 1, NULL, 0 };
    struct codec_time time = { 500, 7000 };
    struct codec_frame f = { NULL, 0 };
    struct codec_game_message m;
    char err[200], text[GAME_ACTION_MAX];
    cr_assert_eq(piquet_game.create(&state, &setup, err, sizeof err), 0, "%s", err);
    cr_assert_eq(codec_encode_game_request(&f, 77, 12, &piquet_game, &state, &time, err, sizeof err), CODEC_OK, "%s",
                 err);
    cr_assert_eq(codec_decode_game(f.data, f.len, &m, err, sizeof err), CODEC_OK, "%s", err);
    cr_expect_eq(m.type, CODEC_REQUEST);
    cr_expect_eq(m.id, 77);
    cr_expect_eq(m.deal, 1);
    cr_expect_eq(m.player, piquet_game.to_act(&state));
    cr_expect_eq(m.time.bank_ms, 7000);
    cr_assert_eq(m.n_legal, piquet_game.legal_count(&state));
    for (int i = 0; i < m.n_legal; i++) {
        piquet_game.legal_text(&state, i, text, sizeof text);
        cr_assert_str_eq(m.legal[i], text);
    }
    cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(m.view, "hand")), 12);
    codec_game_message_release(&m);
    codec_frame_release(&f);
    /* A bot's answer of 159 bytes is carried; 160 is refused. */
    char long_text[161];
    memset(long_text, 'x', 160);
    long_text[160] = '\0';
    cr_expect_eq(codec_encode_action(&f, 1, long_text, err, sizeof err), CODEC_BAD_FIELD);
    long_text[159] = '\0';
    cr_expect_eq(codec_encode_action(&f, 1, long_text, err, sizeof err), CODEC_OK, "%s", err);
    codec_frame_release(&f);
}

Test(protocol2, deal_end_and_match_end_carry_the_games_results_and_the_points)
{
    static struct pq_partie state;
    struct game_setup setup = { 0, 5, 0, NULL, 0 };
    struct codec_frame f = { NULL, 0 };
    struct codec_game_message m;
    char err[200], text[GAME_ACTION_MAX];
    int deal_over = 0;
    cr_assert_eq(piquet_game.create(&state, &setup, err, sizeof err), 0);
    while (!deal_over) {
        piquet_game.legal_text(&state, 0, text, sizeof text);
        deal_over = piquet_game.apply(&state, text, (int)strlen(text), err, sizeof err) == GAME_DEAL_OVER;
    }
    cr_assert_eq(codec_encode_game_deal_end(&f, 12, &piquet_game, &state, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(codec_decode_game(f.data, f.len, &m, err, sizeof err), CODEC_OK, "%s", err);
    cr_expect_eq(m.type, CODEC_DEAL_END);
    cr_expect_eq(m.deal, 1);
    cr_expect_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(m.result, "elder")), state.finished.score[PQ_ELDER]);
    codec_game_message_release(&m);
    codec_frame_release(&f);
    long points[2] = { 215, -215 };
    struct codec_forfeit forfeit = { 1, CODEC_FAULT_TIMEOUT, "no answer" };
    cr_assert_eq(codec_encode_match_end(&f, 12, &piquet_game, &state, points, 0, &forfeit, err, sizeof err), CODEC_OK);
    cr_assert_eq(codec_decode_game(f.data, f.len, &m, err, sizeof err), CODEC_OK, "%s", err);
    cr_expect_eq(m.type, CODEC_MATCH_END);
    cr_expect_eq(cJSON_GetNumberValue(cJSON_GetArrayItem(m.points, 1)), -215);
    cr_expect(strstr(f.data, "\"winner\":0") && strstr(f.data, "\"fault\":\"timeout\""), "%s", f.data);
    codec_game_message_release(&m);
    codec_frame_release(&f);
}

Test(protocol2, a_protocol_2_bot_plays_piquet_beside_a_protocol_1_bot, .timeout = 120)
{
    static struct match_config config;
    static struct referee ref;
    char commands[2][512], err[256];
    match_config_default(&config);
    config.log_dir = support_scratch_path("logs");
    snprintf(commands[0], sizeof commands[0], "%s/bot-random --seed 3 --game piquet", support_bin_dir());
    snprintf(commands[1], sizeof commands[1], "%s/bot-random --seed 8", support_bin_dir());
    config.bots[0].command = commands[0];
    config.bots[1].command = commands[1];
    snprintf(config.bots[0].name, sizeof config.bots[0].name, "two");
    snprintf(config.bots[1].name, sizeof config.bots[1].name, "one");
    for (int first = 0; first < 2; first++) {
        cr_assert_eq(match_play(&config, (uint64_t)(first + 1), 21, first, &ref, err, sizeof err), 0, "%s", err);
        cr_assert_not(ref.forfeited, "forfeit: %s", ref.forfeit.message);
        cr_assert(ref.partie.over);
        cr_expect_eq(ref.protocol[0], PROTOCOL_VERSION_2);
        cr_expect_eq(ref.protocol[1], PROTOCOL_VERSION_1);
        cr_expect_gt(ref.decisions[0], 20);
        /* Its record is Piquet's own, and replays. */
        cJSON *rec = referee_record(&ref, 21);
        struct record_partie parsed;
        struct replay r;
        cr_assert_eq(record_read(rec, &parsed, r.error, sizeof r.error), 0, "%s", r.error);
        cr_expect_eq(replay_record(&parsed, &r), REPLAY_OK, "%s", r.error);
        cJSON_Delete(r.result);
        cJSON_Delete(rec);
        referee_release(&ref);
    }
}

/* Every C example in README.md and protocol/README.md compiles against
 * the SDK as it is (a bot author copies them). */
Test(protocol2, the_readmes_c_examples_compile, .timeout = 60)
{
    static char text[600000];
    size_t n = 0;
    const char *docs[] = { "protocol/README.md", "README.md" };
    for (int d = 0; d < 2; d++) {
        FILE *f = fopen(docs[d], "rb");
        cr_assert(f, "run from the top of the checkout");
        n += fread(text + n, 1, sizeof text - 1 - n, f);
        fclose(f);
    }
    text[n] = '\0';
    int blocks = 0;
    for (char *at = text; (at = strstr(at, "```c\n")); blocks++) {
        char *start = at + 5, *end = strstr(start, "```");
        cr_assert(end);
        char path[1024], cmd[2048];
        snprintf(path, sizeof path, "%s/example%d.c", support_scratch_dir(), blocks);
        FILE *out = fopen(path, "w");
        cr_assert(out);
        fwrite(start, 1, (size_t)(end - start), out);
        fclose(out);
        snprintf(cmd, sizeof cmd, "cc -std=c11 -Wall -Wextra -Werror -I. $(pkg-config --cflags libcjson libzmq) "
                 "-fsyntax-only %s 2>&1", path);
        FILE *p = popen(cmd, "r");
        char output[4096];
        size_t got = fread(output, 1, sizeof output - 1, p);
        output[got] = '\0';
        cr_expect_eq(pclose(p), 0, "example %d does not compile:\n%.60s\n%s", blocks, start, output);
        at = end + 3;
    }
    cr_expect_geq(blocks, 3, "the C SDK examples of both protocols, and the README's");
}

/* test_tarot_check.c - `arena check --game tarot`: the constructed packs
 * are packs with the hands they announce (and only the first is a petit
 * sec), the readers name the situation of states the engine reaches, a
 * sound bot passes every situation the packs bring about at 3, 4 and 5
 * players, and a faulty one fails the situation it broke in.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/play/check.h"
#include "tests/support_scratch.h"
#include "tests/test_tarot_support.h"
#include "tests/support_cmd.h"

/* A situation's number by its name's start. */
static int situation(const char *start)
{
    for (int s = 0; s < tarot_check.n_situations; s++)
        if (!strncmp(tarot_check.names[s], start, strlen(start))) return s;
    cr_assert_fail("no situation '%s'", start);
    return -1;
}

Test(tarot_check, the_constructed_packs_are_packs_and_only_the_first_is_void)
{
    static struct tarot_match m;
    static char texts[GAME_CHECK_MAX_DECKS][GAME_DECK_TEXT];
    char err[256];
    for (int n = 3; n <= 5; n++) {
        struct game_setup setup = { n, 20261126, 0, NULL, 0 };
        cr_assert_eq(tarot_game.create(&m, &setup, err, sizeof err), 0, "%s", err);
        int count = tarot_check.decks(&m, 0, texts, GAME_CHECK_MAX_DECKS);
        cr_assert_geq(count, 7);
        cr_expect_eq(tarot_check.decks(&m, 1, texts, GAME_CHECK_MAX_DECKS), 0);
        for (int k = 0; k < count; k++) {
            struct tarot_match one;
            tt_start(&one, n, NULL, texts[k]);
            int bot = (n - 1 - k % n + n) % n;
            cr_expect_eq(tarot_game.settle(&one) == GAME_DEAL_OVER, k == 0, "%d players, pack %d: void only first", n, k);
            if (k == 4) {
                int trumps = tarot_count(one.deal.hand[bot] & TAROT_TRUMP_MASK);
                cr_expect_eq(trumps + 1, tarot_poignee_threshold(n, 1), "pack 4: a poignée with the Excuse");
                cr_expect(one.deal.hand[bot] & TAROT_BIT(TAROT_EXCUSE));
            }
            if (k == 3) {
                tarot_mask plain = (one.deal.hand[bot] | one.deal.dog) & ~TAROT_TRUMP_MASK & ~TAROT_BIT(TAROT_EXCUSE) & ~tarot_kings();
                cr_expect_lt(tarot_count(plain), one.deal.dog_size, "pack 3: trumps forced into the discard");
            }
        }
    }
}

Test(tarot_check, the_readers_name_the_situation_of_each_phase)
{
    static struct tarot_match m;
    tt_fixture(&m, "W1", 0, NULL);
    cr_expect_eq(tarot_check.situation(&m, 0), situation("the auction"));
    tt_fixture(&m, "W1", 4, NULL);
    cr_expect_eq(tarot_check.situation(&m, 0), situation("the dog shown"));
    tt_fixture(&m, "W1", 5, NULL);
    cr_expect_eq(tarot_check.situation(&m, 0), situation("the taker's chelem"));
    tt_fixture(&m, "W1", 6, NULL);
    cr_expect_eq(tarot_check.situation(&m, 0), situation("a poignee offered"));
    uint64_t met = tarot_check.decision(&m, 0);
    cr_expect(met & (1ull << situation("playing a deal whose dog was shown")));
    cr_expect(met & (1ull << situation("playing with the Excuse")));
    tt_fixture(&m, "W1", 8, NULL);
    cr_expect_eq(tarot_check.situation(&m, 1), situation("following"));
    tt_fixture(&m, "W5", 5, NULL);
    cr_expect_eq(tarot_check.situation(&m, 2), situation("five players: the taker calls"));
    tt_fixture(&m, "W5", 10, NULL);
    cr_expect(tarot_check.decision(&m, 3) & (1ull << situation("five players: the secret partner")));
    tt_fixture(&m, "W4", 8, NULL);
    cr_expect(tarot_check.decision(&m, 1) & (1ull << situation("playing a deal whose dog nobody saw")));
    tt_fixture(&m, "W3", -1, NULL);
    cr_expect(tarot_check.deal_over(&m, 0) & (1ull << situation("the Petit")));
    tt_fixture(&m, "W8-all-pass", -1, NULL);
    cr_expect(tarot_check.deal_over(&m, 0) & (1ull << situation("a deal every seat passed")));
    cr_expect(tarot_check.absent(&m, situation("five players: the taker calls")));
}

static void run_check(int players, const char *bot_command, struct check_report *r)
{
    struct match_config config;
    struct match_bot bot;
    char cmd[512], opponent[512], err[256];
    match_config_default(&config);
    config.log_dir = support_scratch_path("logs");
    config.game = &tarot_game;
    config.players = players;
    memset(&bot, 0, sizeof bot);
    snprintf(bot.name, sizeof bot.name, "tested");
    if (!strncmp(bot_command, "bots/", 5)) snprintf(cmd, sizeof cmd, "%s", bot_command);
    else snprintf(cmd, sizeof cmd, "%s/%s", support_bin_dir(), bot_command);
    snprintf(opponent, sizeof opponent, "%s/bot-greedy --game tarot", support_bin_dir());
    bot.command = cmd;
    cr_assert_eq(check_run(&bot, opponent, &config, r, err, sizeof err), 0, "%s", err);
}

Test(tarot_check, bot_greedy_meets_and_passes_every_situation_at_three_four_and_five, .timeout = 120)
{
    for (int n = 3; n <= 5; n++) {
        struct check_report r;
        run_check(n, "bot-greedy --game tarot", &r);
        for (int s = 0; s < r.n_situations; s++) {
            int absent = n != 5 && (s == situation("five players: the taker") || s == situation("five players: the secret"));
            cr_expect_eq(r.status[s], absent ? CHECK_ABSENT : CHECK_PASSED, "%d players: %s: %d %s", n,
                         tarot_check.names[s], r.status[s], r.why[s]);
        }
    }
}

Test(tarot_check, bot_random_fails_nothing_and_meets_what_the_packs_force, .timeout = 120)
{
    const char *forced[] = { "hello", "the auction", "a petit sec", "a poignee offered", "playing with the Excuse",
                             "leading", "following", "deal and match", NULL };
    for (int n = 3; n <= 5; n++) {
        struct check_report r;
        run_check(n, "bot-random --game tarot --seed 3", &r);
        for (int s = 0; s < r.n_situations; s++) cr_expect_neq(r.status[s], CHECK_FAILED, "%s: %s", tarot_check.names[s], r.why[s]);
        for (int i = 0; forced[i]; i++)
            cr_expect_eq(r.status[situation(forced[i])], CHECK_PASSED, "%d players: %s", n, forced[i]);
    }
}

Test(tarot_check, a_fault_fails_the_situation_it_happened_in, .timeout = 60)
{
    struct check_report r;
    /* deal 1 is the petit sec: the bot's first request is its bid in deal 2 */
    run_check(4, "bots/python/run-bot tests/python/tarot_probe.py", &r);
    int auction = situation("the auction");
    cr_expect_eq(r.status[auction], CHECK_FAILED);
    cr_expect(strstr(r.why[auction], "illegal"), "%s", r.why[auction]);
    cr_expect_eq(r.status[situation("hello")], CHECK_PASSED);
    cr_expect_eq(r.status[situation("a petit sec")], CHECK_PASSED, "met before the fault");
}

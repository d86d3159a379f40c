/* test_tarocchini_bots.c - Tarocchini through the whole arena with real bot
 * processes: a round robin of bot-random, bot-greedy and the two example
 * bots (C and Python) by `arena run`, every record it journals passing
 * `arena replay --check` and the ratings printed with intervals; bot-greedy
 * beating bot-random; and the greedy heuristic on views of real deals. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bots/tarocchini_strategy.h"
#include "tests/support_scratch.h"
#include "tests/test_tarocchini_support.h"

#define PYTHON_BOT "bots/python/run-bot bots/python/examples/tarocchini_bot.py"

/* The total of `name` in arena match's last line "name: +N (W won); ...". */
static long total_of(const char *out, const char *name)
{
    char key[64];
    snprintf(key, sizeof key, "%s: ", name);
    const char *at = strstr(out, key);
    cr_assert_not_null(at, "no total for %s in %s", name, out);
    return strtol(at + strlen(key), NULL, 10);
}

Test(tarocchini_bots, a_round_robin_of_random_greedy_and_the_examples_replays_and_rates, .timeout = 180)
{
    static char out[65536], cmd[8192];
    const char *journal = support_scratch_path("t.jsonl");
    const char *bin = tk_bin();
    snprintf(cmd, sizeof cmd,
             "%s/arena run --quiet --game tarocchini --pairs 2 --seed 5 --journal %s --log-dir %s "
             "--bot 'random=%s/bot-random --seed 1 --game tarocchini' --bot 'greedy=%s/bot-greedy --game tarocchini' "
             "--bot 'example=%s/bot-example-tarocchini' --bot 'python=%s'",
             bin, journal, support_scratch_path("logs"), bin, bin, bin, PYTHON_BOT);
    cr_assert_eq(tk_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "95% interval"), "%s", out);
    cr_expect_null(strstr(out, "forfeit:"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", bin, journal);
    cr_assert_eq(tk_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, ": 24 matches replayed, 0 failed"), "%s", out);   /* 6 pairings x 2 pairs x 2 */
    snprintf(cmd, sizeof cmd, "grep -c '\"forfeit\":{' %s", journal);
    tk_run(cmd, out, sizeof out);
    cr_expect_eq(atoi(out), 0, "forfeits: %s", out);
    snprintf(cmd, sizeof cmd, "%s/arena ratings %s", bin, journal);
    cr_assert_eq(tk_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "greedy") && strstr(out, "python") && strstr(out, ".."), "%s", out);
}

Test(tarocchini_bots, the_example_bots_play_through_the_arena_without_a_fault, .timeout = 120)
{
    static char out[16384], cmd[4096];
    const char *const examples[] = { "bot-example-tarocchini", NULL };
    const char *bin = tk_bin();
    for (int i = 0; i < 2; i++) {
        char bot[512];
        if (examples[i]) snprintf(bot, sizeof bot, "%s/%s", bin, examples[i]);
        else snprintf(bot, sizeof bot, "%s", PYTHON_BOT);
        snprintf(cmd, sizeof cmd,
                 "%s/arena match --game tarocchini --seed 7 --pairs 2 --quiet --log-dir %s 'ex=%s' "
                 "'random=%s/bot-random --seed 3 --game tarocchini'",
                 bin, support_scratch_path("logs"), bot, bin);
        cr_assert_eq(tk_run(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
        cr_expect_null(strstr(out, "forfeit"), "%s", out);
        cr_expect(strstr(out, "ex: "), "%s", out);
    }
}

Test(tarocchini_bots, greedy_beats_random_over_duplicate_sets, .timeout = 120)
{
    static char out[16384], cmd[4096];
    const char *bin = tk_bin();
    snprintf(cmd, sizeof cmd,
             "%s/arena match --game tarocchini --seed 11 --pairs 6 --quiet --log-dir %s "
             "'greedy=%s/bot-greedy --game tarocchini' 'random=%s/bot-random --seed 2 --game tarocchini'",
             bin, support_scratch_path("logs"), bin, bin);
    cr_assert_eq(tk_run(cmd, out, sizeof out), 0, "%s", out);
    cr_expect_gt(total_of(out, "greedy"), 0, "%s", out);
}

/* The strategy on the view of seat `player` after E2's first `k` actions. */
static int choose_after(int k, int player, char *chosen, size_t cap)
{
    struct tar_match m;
    static char texts[2048][GAME_ACTION_MAX];
    static const char *legal[2048];
    char err[160];
    tk_start(&m, NULL, tk_e2_deck);
    tk_play(&m, tk_e2_actions, k);
    cr_assert_eq(tarocchini_game.to_act(&m), player);
    int n = tarocchini_game.legal_count(&m);
    cr_assert_leq(n, 2048);
    for (int i = 0; i < n; i++) {
        tarocchini_game.legal_text(&m, i, texts[i], GAME_ACTION_MAX);
        legal[i] = texts[i];
    }
    cJSON *v = tk_view(&m, player);
    struct tarocchini_strategy s;
    cr_assert_eq(tarocchini_strategy_read(&s, v, err, sizeof err), 0, "%s", err);
    cJSON_Delete(v);
    int i = tarocchini_strategy_choose(&s, legal, n);
    cr_assert(i >= 0 && i < n);
    snprintf(chosen, cap, "%s", legal[i]);
    return i;
}

Test(tarocchini_strategy, declares_the_whole_grande_and_the_four_card_cricche)
{
    char chosen[GAME_ACTION_MAX];
    choose_after(1, 0, chosen, sizeof chosen);
    cr_expect_str_eq(chosen, "declare sequence AN WO SU MO T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6");
    choose_after(3, 1, chosen, sizeof chosen);
    cr_expect(!strncmp(chosen, "declare cricca ", 15) && strlen(chosen) == 15 + 11, "%s", chosen);
    choose_after(7, 2, chosen, sizeof chosen);   /* the Jacks or the Aces with BE */
    cr_expect(!strcmp(chosen, "declare cricca JS JB JC JD") || !strcmp(chosen, "declare sequence BE AS AB AC AD"),
              "%s", chosen);
    choose_after(2, 0, chosen, sizeof chosen);
    cr_expect_str_eq(chosen, "pass");
}

Test(tarocchini_strategy, discards_no_counter_it_needs_and_leads_a_sure_winner)
{
    char chosen[GAME_ACTION_MAX];
    choose_after(0, 3, chosen, sizeof chosen);   /* the dealer: MA and 16 numerals */
    cr_expect(!strncmp(chosen, "discard ", 8) && !strstr(chosen, "MA"), "%s", chosen);
    choose_after(11, 0, chosen, sizeof chosen);  /* seat 0 leads: the Angel wins for sure */
    cr_expect_str_eq(chosen, "play AN");
}

Test(tarocchini_strategy, a_card_costs_by_its_points_and_its_use)
{
    cr_expect_gt(tarocchini_strategy_cost(tk_card("KS")), tarocchini_strategy_cost(tk_card("QS")));
    cr_expect_gt(tarocchini_strategy_cost(tk_card("QS")), tarocchini_strategy_cost(tk_card("6S")));
    cr_expect_gt(tarocchini_strategy_cost(tk_card("T9")), tarocchini_strategy_cost(tk_card("6S")));
    cr_expect_gt(tarocchini_strategy_cost(TAR_AN), tarocchini_strategy_cost(TAR_SU));
}

/* test_search_bots.c - bot-search as a real process through the arena: it
 * passes `arena check` in every game it plays, and plays a duplicate set of
 * each game and player count against bot-greedy (and bot-random in the
 * seats beyond two programs) without a fault, its journal replaying, and
 * leaves a play to the heuristic only where no state fits the view. Small
 * budgets keep the runs short; the strength figures are bots/README.md's
 * ladders, not tests.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

static void check_game(const char *game, int players)
{
    static char cmd[4096], out[65536];
    snprintf(cmd, sizeof cmd, "%s/arena check --game %s --players %d --log-dir %s 'search=%s/bot-search --game %s "
             "--budget 4'", support_bin_dir(), game, players, support_scratch_path("logs"), support_bin_dir(), game);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    cr_assert(strstr(out, " 0 failed"), "%s", out);
    cr_assert_null(strstr(out, "FAILED"), "%s", out);
}

Test(search_bots, passes_the_check_in_coinche_and_tarocchini, .timeout = 300)
{
    check_game("coinche", 4);
    check_game("tarocchini", 4);
}

Test(search_bots, passes_the_check_in_every_belote_form, .timeout = 300)
{
    check_game("belote", 4);
    check_game("belote-marseillaise", 2);
    check_game("belote-partnership", 4);
}

Test(search_bots, passes_the_check_in_tarot, .timeout = 300)
{
    check_game("tarot", 4);
    /* the check's poignée packs: the first card, offered beside the
     * poignées, is searched when greedy would not show one (it was
     * greedy's: the list is no card play and no small choice) */
    static char cmd[4096], out[4096];
    snprintf(cmd, sizeof cmd, "cat %s/*/search-* | grep -c 'a card play offered beside a declaration searched'",
             support_scratch_path("logs"));
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "no trick-1 play beside a poignée was searched: %s", out);
    cr_assert_geq(atoi(out), 1, "%s", out);
}

/* One duplicate set of `game` at `players` under `rules` (extra arena
 * options, "" for the defaults): bot-search, bot-greedy, and bot-random in
 * the seats beyond two programs; no fault, and the journal replays. */
static void plays_with(const char *game, int players, int programs, const char *rules)
{
    static char cmd[8192], out[65536];
    const char *journal = support_scratch_path("search.jsonl");
    remove(journal);
    int at = snprintf(cmd, sizeof cmd, "%s/arena match --game %s --players %d %s --pairs 1 --seed 5 --quiet "
                      "--log-dir %s --journal %s 'search=%s/bot-search --game %s --budget 4' "
                      "'greedy=%s/bot-greedy --game %s'", support_bin_dir(), game, players, rules, support_scratch_path("logs"),
                      journal, support_bin_dir(), game, support_bin_dir(), game);
    for (int s = 2; s < programs; s++)
        at += snprintf(cmd + at, sizeof cmd - (size_t)at, " 'random%d=%s/bot-random --seed %d --game %s'", s,
                       support_bin_dir(), s, game);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    cr_assert_null(strstr(out, "forfeit"), "%s", out);
    cr_assert(strstr(out, "search"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena replay --check %s", support_bin_dir(), journal);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, " 0 failed"), "%s", out);
    snprintf(cmd, sizeof cmd, "grep -c '\"forfeit\":{' %s", journal);
    support_run(cmd, out, sizeof out);
    cr_assert_eq(atoi(out), 0, "a forfeit in the journal");
    /* a play left to the heuristic is one whose state no pack fits, never
     * a match the bot could not set up (Tarot's default rules once) */
    snprintf(cmd, sizeof cmd, "grep -rh 'heuristic play (' %s | grep -v 'no state fits' | head -3",
             support_scratch_path("logs"));
    support_run(cmd, out, sizeof out);
    cr_assert_str_empty(out, "%s: %s", game, out);
}

/* Like Tarot's below, one deal each dealer: every seating of the set,
 * a match from its start to its end, at a quarter of the default length
 * or less (the checks play the default rules). */
Test(search_bots, plays_two_sided_games_without_a_fault, .timeout = 300)
{
    plays_with("coinche", 4, 2, "--rule deals=4");
    plays_with("belote-partnership", 4, 2, "--rule deals=4");
    plays_with("tarocchini", 4, 2, "--rule deals=4");
    plays_with("belote", 2, 2, "--rule deals=2");
    plays_with("belote-marseillaise", 2, 2, "--rule deals=2");
    /* every match of fixed deals is played for the match, not the deal */
    static char cmd[4096], out[4096];
    snprintf(cmd, sizeof cmd, "cat %s/*/search-* | grep -c 'outcomes valued for the match'", support_scratch_path("logs"));
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "no decision valued for the match: %s", out);
    cr_assert_geq(atoi(out), 5, "%s", out);
}

Test(search_bots, plays_belote_at_three_and_four_without_a_fault, .timeout = 300)
{
    plays_with("belote", 3, 3, "--rule deals=3");
    plays_with("belote", 4, 4, "--rule deals=4");
}

/* One deal each dealer (a quarter of the default match), which keeps the
 * duplicate set and its seatings; the default rules, which once failed the
 * bot's rebuild, are the check's (passes_the_check_in_tarot). */
Test(search_bots, plays_tarot_at_three_and_five_without_a_fault, .timeout = 600)
{
    plays_with("tarot", 3, 3, "--rule deals=3");
    plays_with("tarot", 5, 5, "--rule deals=5");   /* four players: passes_the_check_in_tarot's matches */
}

Test(search_bots, refuses_piquet_with_the_reason)
{
    static char cmd[1024], out[4096];
    snprintf(cmd, sizeof cmd, "%s/bot-search --game piquet", support_bin_dir());
    cr_assert_eq(support_run(cmd, out, sizeof out), 2);
    cr_assert(strstr(out, "bot-pimc"), "%s", out);
}

/* --deal-points: every outcome valued by the deal's points, none for the
 * match (the bot's log says so at a match's first decision valued for it,
 * as it plays: its end may not be read before the bot is stopped). */
Test(search_bots, deal_points_value_no_decision_for_the_match, .timeout = 120)
{
    static char cmd[4096], out[65536];
    const char *logs = support_scratch_path("points-logs");
    snprintf(cmd, sizeof cmd, "%s/arena match --game coinche --players 4 --rule deals=4 --pairs 1 --seed 5 --quiet "
             "--log-dir %s 'search=%s/bot-search --game coinche --budget 4 --deal-points' "
             "'greedy=%s/bot-greedy --game coinche'", support_bin_dir(), logs, support_bin_dir(), support_bin_dir());
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    snprintf(cmd, sizeof cmd, "cat %s/*/search-* | grep -c 'of coinche as'", logs);
    support_run(cmd, out, sizeof out);
    cr_assert_geq(atoi(out), 1, "the search played no match: %s", out);
    snprintf(cmd, sizeof cmd, "cat %s/*/search-* | grep -c 'valued for the match'", logs);
    support_run(cmd, out, sizeof out);
    cr_assert_eq(atoi(out), 0, "--deal-points valued decisions for the match: %s", out);
}

/* The number of the logs' lines under `logs` that hold `text`. */
static int log_lines(const char *logs, const char *text)
{
    static char cmd[4096], out[256];
    snprintf(cmd, sizeof cmd, "cat %s/*/search-* | grep -c '%s'", logs, text);
    support_run(cmd, out, sizeof out);
    return atoi(out);
}

/* A match of Belote between bot-search (its `option` added) and greedy,
 * random players in the seats beyond two, logged under the scratch
 * folder `name` (its path into logs, cap bytes). */
static void belote_match_logged(const char *name, const char *option, int players, char *logs, size_t cap)
{
    static char cmd[4096], out[65536];
    char others[1024] = "";
    const char *bin = support_bin_dir();
    snprintf(logs, cap, "%s", support_scratch_path(name));
    if (players > 2)   /* one bot a seat */
        snprintf(others, sizeof others, " 'random=%s/bot-random --game belote'%s%s%s", bin,
                 players > 3 ? " 'random-b=" : "", players > 3 ? bin : "",
                 players > 3 ? "/bot-random --game belote --seed 2'" : "");
    snprintf(cmd, sizeof cmd, "%s/arena match --game belote --players %d --rule deals=%d --pairs 1 --seed 5 --quiet "
             "--log-dir %s 'search=%s/bot-search --game belote --budget 4 %s' 'greedy=%s/bot-greedy --game belote'%s",
             bin, players, players, logs, bin, option, bin, others);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0, "%s\n%s", cmd, out);
    cr_assert_geq(log_lines(logs, "of belote as"), 1, "%s: the search played no match", name);
}

/* Each run's match (belote_match_logged): its logs say `said` at least
 * once when `says`, never otherwise. */
struct logged_run {
    const char *name, *option;
    int players, says;
};

static void expect_logs_say(const struct logged_run *runs, size_t n, const char *said)
{
    for (size_t k = 0; k < n; k++) {
        char logs[1024];
        belote_match_logged(runs[k].name, runs[k].option, runs[k].players, logs, sizeof logs);
        int lines = log_lines(logs, said);
        if (runs[k].says) cr_expect_geq(lines, 1, "%s: no '%s' in the log", runs[k].name, said);
        else cr_expect_eq(lines, 0, "%s: '%s' in the log", runs[k].name, said);
    }
}

/* --infer: by default the card plays' worlds are weighed in Belote at two
 * and three only (bots/infer.h infer_by_default); on and off say
 * otherwise; a bad value is refused. */
Test(search_bots, infer_weighs_worlds_at_two_and_three_by_default_and_as_told, .timeout = 300)
{
    static const struct logged_run runs[] = {
        { "two", "", 2, 1 }, { "two-off", "--infer off", 2, 0 }, { "three", "", 3, 1 },
        { "three-off", "--infer off", 3, 0 }, { "four", "", 4, 0 }, { "four-on", "--infer on", 4, 1 } };
    static char cmd[4096], out[65536];
    expect_logs_say(runs, sizeof runs / sizeof runs[0], "weighed by the others");
    snprintf(cmd, sizeof cmd, "%s/bot-search --infer maybe", support_bin_dir());
    cr_assert_eq(support_run(cmd, out, sizeof out), 2);
    cr_assert(strstr(out, "--infer takes on or off"), "%s", out);
}

/* The card plays' playouts are greedy's heuristic by default in Belote
 * at two (game_greedy.h game_greedy_playouts_by_default), the rules of
 * thumb at three, and as --playout says when it is given; the bot says
 * so in its log as it plays. */
Test(search_bots, playouts_are_greedy_s_at_two_by_default_and_as_told, .timeout = 300)
{
    static const struct logged_run runs[] = {
        { "po-two", "", 2, 1 }, { "po-two-thumb", "--playout thumb", 2, 0 }, { "po-three", "", 3, 0 } };
    expect_logs_say(runs, sizeof runs / sizeof runs[0], "played out by greedy");
}

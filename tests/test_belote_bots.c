/* test_belote_bots.c - the Belote players as real processes through the
 * arena (arena match --game): the example bot plays every form without a
 * fault, and bot-greedy beats bot-random at every player count. Packs and
 * bots are seeded, so the totals are the same at every run.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

/* Runs `arena match --game ARGS` with the bots given; its output into out. */
static void arena_match(const char *game_args, const char *bots, char *out, size_t cap)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "%s/arena match --game %s --seed 11 --quiet --log-dir '%s' %s 2>&1", support_bin_dir(), game_args,
             support_scratch_path("logs"), bots);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    cr_assert_eq(WEXITSTATUS(status), 0, "%s\n%s", cmd, out);
    cr_assert_null(strstr(out, "forfeit"), "%s", out);
}

/* The total of `name` in the final line "name: +N (W won); ...". */
static long total_of(const char *out, const char *name)
{
    char key[64];
    snprintf(key, sizeof key, "%s: ", name);
    const char *at = strstr(out, key);
    cr_assert_not_null(at, "no total for %s in %s", name, out);
    return strtol(at + strlen(key), NULL, 10);
}

Test(belote_bots, the_example_bot_plays_every_form_through_the_arena, .timeout = 60)
{
    static const char *const forms[] = { "belote --players 2", "belote --players 3", "belote --players 4",
                                         "belote-marseillaise", "belote-partnership" };
    static const int seats[] = { 2, 3, 4, 2, 2 };
    char bots[2048], out[16384];
    for (int f = 0; f < 5; f++) {
        const char *game = strncmp(forms[f], "belote ", 7) ? forms[f] : "belote";
        int at = snprintf(bots, sizeof bots, "'example=%s/bot-example-belote'", support_bin_dir());
        for (int s = 1; s < seats[f]; s++)
            at += snprintf(bots + at, sizeof bots - (size_t)at, " 'random%d=%s/bot-random --seed %d --game %s'", s,
                           support_bin_dir(), s, game);
        arena_match(forms[f], bots, out, sizeof out);
        cr_assert(strstr(out, "example: "), "%s", out);
    }
}

/* Greedy at one seat, random at the others, 3 duplicate sets: greedy's
 * total is above every random's. */
static void greedy_beats_random(const char *form, const char *game, int seats)
{
    char bots[2048], out[16384], name[24];
    int at = snprintf(bots, sizeof bots, "--pairs 3 'greedy=%s/bot-greedy --game %s'", support_bin_dir(), game);
    for (int s = 1; s < seats; s++)
        at += snprintf(bots + at, sizeof bots - (size_t)at, " 'random%d=%s/bot-random --seed %d --game %s'", s,
                       support_bin_dir(), s, game);
    arena_match(form, bots, out, sizeof out);
    long greedy = total_of(out, "greedy");
    for (int s = 1; s < seats; s++) {
        snprintf(name, sizeof name, "random%d", s);
        cr_assert_gt(greedy, total_of(out, name), "%s: %s", form, out);
    }
}

Test(belote_bots, greedy_beats_random_at_two_hands, .timeout = 60)
{
    greedy_beats_random("belote --players 2", "belote", 2);
}

Test(belote_bots, greedy_beats_random_at_three_hands, .timeout = 60)
{
    greedy_beats_random("belote --players 3", "belote", 3);
}

Test(belote_bots, greedy_beats_random_at_four_hands, .timeout = 60)
{
    greedy_beats_random("belote --players 4", "belote", 4);
}

Test(belote_bots, greedy_beats_random_at_marseillaise, .timeout = 60)
{
    greedy_beats_random("belote-marseillaise", "belote-marseillaise", 2);
}

Test(belote_bots, greedy_side_beats_random_side_at_partnership, .timeout = 60)
{
    greedy_beats_random("belote-partnership", "belote-partnership", 2);
}

Test(belote_bots, bot_greedy_refuses_a_game_it_does_not_play)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s/bot-greedy --game no-such-game 2>/dev/null", support_bin_dir());
    int status = system(cmd);
    cr_assert_eq(WEXITSTATUS(status), 2);
}

/* test_tarocchini_check.c - the game's side of `arena check` (engine/game.h
 * struct game_check, engine/tarocchini/tarocchini_check.c): its packs are
 * real packs that put the named cards in the bot's seat, and matches played
 * as the check plays them (the bot as player A, A dealing first, each
 * match's rule added, the packs first) meet every situation, as read by the
 * game's own readers; and the real `arena check` with real bots. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "engine/rng.h"
#include "tests/support_scratch.h"
#include "tests/test_tarocchini_support.h"

static const struct game_check *check(void)
{
    cr_assert_not_null(tarocchini_game.check);
    return tarocchini_game.check;
}

static void create(struct tar_match *m, int match, uint64_t seed)
{
    const char *rules[2] = { check()->match_rules[match], NULL };
    struct game_setup setup = { 4, seed, 0, rules[0] ? rules : NULL, 0 };
    char err[200];
    cr_assert_eq(tarocchini_game.create(m, &setup, err, sizeof err), 0, "%s", err);
}

Test(tarocchini_check, the_packs_are_whole_packs_that_give_the_bot_its_cards)
{
    static char texts[GAME_CHECK_MAX_DECKS][GAME_DECK_TEXT];
    struct tar_match m;
    char err[200];
    create(&m, 0, 1);
    int n = check()->decks(&m, 0, texts, GAME_CHECK_MAX_DECKS);
    cr_assert_eq(n, 4);
    for (int k = 0; k < n; k++) {
        uint8_t deck[TAR_CARDS];
        cr_assert_eq(tar_deck_parse(texts[k], deck, err, sizeof err), 0, "%d: %s", k, err);
    }
    cr_assert_eq(tarocchini_game.set_deck(&m, texts[0], err, sizeof err), 0, "%s", err);
    int seat = tar_match_player_seat(&m, 0);
    cr_expect_eq(seat, 3, "A deals the first deal");
    cr_expect_eq(m.deal.hand[3] & tk_cards("MA BE M1 M2 KS KB KC KD"), tk_cards("MA BE M1 M2 KS KB KC KD"));
    cr_expect_eq(tar_count(m.deal.hand[3]), 17);
    cr_expect_eq(check()->decks(&m, 1, texts, GAME_CHECK_MAX_DECKS), 0);
    cr_expect_eq(check()->decks(&m, 0, texts, 2), 2);
}

Test(tarocchini_check, the_first_and_last_situations_and_one_absent_without_signals)
{
    const struct game_check *c = check();
    cr_expect_eq(c->n_situations, 12);
    cr_expect_str_eq(c->names[0], "hello and match start");
    cr_expect_str_eq(c->names[c->n_situations - 1], "deal and match results");
    cr_expect_leq(c->matches, GAME_CHECK_MAX_MATCHES);
    struct tar_match m;
    create(&m, 0, 1);
    for (int s = 0; s < c->n_situations; s++) cr_expect_eq(c->absent(&m, s), 0, "%s", c->names[s]);
    static const char *const off[] = { "signals=off", NULL };
    struct game_setup setup = { 4, 1, 0, off, 0 };
    char err[100];
    cr_assert_eq(tarocchini_game.create(&m, &setup, err, sizeof err), 0);
    cr_expect_eq(c->absent(&m, 6), 1);
}

/* Plays the check's matches with random choices everywhere (player A's
 * too) from seed `seed`; the situations met by A. */
static uint64_t play_check(uint64_t seed)
{
    static char texts[GAME_CHECK_MAX_DECKS][GAME_DECK_TEXT];
    const struct game_check *c = check();
    uint64_t met = 1, choice = seed * 7919;   /* situation 0: the match started */
    for (int match = 0; match < c->matches; match++) {
        struct tar_match m;
        char err[200];
        create(&m, match, seed + (uint64_t)match);
        int n = c->decks(&m, match, texts, GAME_CHECK_MAX_DECKS), deal = 0;
        if (n > 0) cr_assert_eq(tarocchini_game.set_deck(&m, texts[0], err, sizeof err), 0, "%s", err);
        while (tarocchini_game.to_act(&m) >= 0) {
            if (tarocchini_game.to_act(&m) == 0) {
                int s = c->situation(&m, 0);
                cr_assert(s > 0 && s < c->n_situations - 1, "situation %d", s);
                met |= c->decision(&m, 0);
            }
            if (tk_random_action(&m, &choice) == GAME_DEAL_OVER) {
                met |= c->deal_over(&m, 0);
                deal++;
                if (deal < n && tarocchini_game.to_act(&m) >= 0)
                    cr_assert_eq(tarocchini_game.set_deck(&m, texts[deal], err, sizeof err), 0, "%s", err);
            }
        }
    }
    return met;
}

Test(tarocchini_check, the_checks_matches_meet_every_situation)
{
    const struct game_check *c = check();
    uint64_t all = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) all |= play_check(seed);
    for (int s = 0; s < c->n_situations; s++) cr_expect(all & (1ull << s), "not met: %s", c->names[s]);
}

Test(tarocchini_check, the_first_deal_offers_the_bot_its_discard_cricche_and_wild_sequences)
{
    static char texts[GAME_CHECK_MAX_DECKS][GAME_DECK_TEXT];
    const struct game_check *c = check();
    struct tar_match m;
    char err[200];
    create(&m, 0, 3);
    c->decks(&m, 0, texts, GAME_CHECK_MAX_DECKS);
    cr_assert_eq(tarocchini_game.set_deck(&m, texts[0], err, sizeof err), 0);
    cr_expect_eq(c->situation(&m, 0), 2);   /* the dealer's discard */
    cr_expect(c->decision(&m, 0) & (1ull << 2));
    static const char *const to_a[] = { "discard 6S 7S", "pass", "pass", "pass" };
    tk_play(&m, to_a, 4);
    uint64_t d = c->decision(&m, 0);
    cr_expect(d & (1ull << 3), "a cricca");
    cr_expect(d & (1ull << 4), "a wild sequence");
    cr_expect(d & (1ull << 5), "three cricche: doubled");
}

/* The real `arena check --game tarocchini` with real bot processes: every
 * situation passed by bot-greedy, bot-random and the C example. */
Test(tarocchini_check, arena_check_passes_greedy_random_and_the_example_in_every_situation, .timeout = 180)
{
    static const char *const bots[] = { "bot-greedy --game tarocchini", "bot-random --seed 4 --game tarocchini",
                                        "bot-example-tarocchini" };
    for (size_t i = 0; i < sizeof bots / sizeof bots[0]; i++) {
        char cmd[1024], out[8192];
        snprintf(cmd, sizeof cmd, "%s/arena check --game tarocchini --log-dir %s '%s/%s'", tk_bin(),
                 support_scratch_path("logs"), tk_bin(), bots[i]);
        cr_expect_eq(tk_run(cmd, out, sizeof out), 0, "%s: %s", bots[i], out);
        cr_expect(strstr(out, "12 passed, 0 failed, 0 not reached"), "%s: %s", bots[i], out);
        cr_expect(strstr(out, "pass  the Matto played as an excuse and a card handed back"), "%s: %s", bots[i], out);
    }
}

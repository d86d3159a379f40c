/* test_coinche_check.c - Coinche's struct game_check (engine/coinche/
 * coinche_check.c) on its own state: its packs are whole packs the game
 * takes, and its matches, played with bot-greedy's Coinche heuristic
 * (bots/coinche_strategy.h) at every seat as `arena check` would seat the
 * reference bot, bring player A every situation the check names; the
 * readers tell what they see in hand-made positions. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bots/coinche_strategy.h"
#include "tests/support_scratch.h"
#include "tests/test_coinche_support.h"

static struct coinche_match m;

static int greedy_action(char *text, int cap)
{
    static char texts[80][GAME_ACTION_MAX];
    static const char *legal[80];
    struct coinche_strategy s;
    char err[160];
    int n = coinche_game.legal_count(&m);
    cr_assert(n > 0 && n <= 80);
    for (int i = 0; i < n; i++) {
        coinche_game.legal_text(&m, i, texts[i], GAME_ACTION_MAX);
        legal[i] = texts[i];
    }
    cJSON *v = ct_view(&m, coinche_game.to_act(&m));
    cr_assert_eq(coinche_strategy_read(&s, v, err, sizeof err), 0, "%s", err);
    cJSON_Delete(v);
    return snprintf(text, (size_t)cap, "%s", legal[coinche_strategy_choose(&s, legal, n)]);
}

Test(coinche_check, greedy_everywhere_meets_every_situation_of_the_check, .timeout = 60)
{
    const struct game_check *c = coinche_game.check;
    static char decks[GAME_CHECK_MAX_DECKS][GAME_DECK_TEXT];
    char err[256], text[GAME_ACTION_MAX];
    uint64_t met = 1;       /* the handshake is the arena's */
    cr_assert_not_null(c);
    cr_assert_leq(c->n_situations, GAME_CHECK_MAX_SITUATIONS);
    for (int k = 0; k < c->matches; k++) {
        const char *rules[] = { c->match_rules[k], NULL };
        struct game_setup setup = { 4, 20261126 + (uint64_t)k, 0, rules, 0 };
        cr_assert_eq(coinche_game.create(&m, &setup, err, sizeof err), 0, "%s", err);
        for (int s = 0; s < c->n_situations; s++) cr_expect_eq(c->absent(&m, s), 0);
        int n_decks = c->decks(&m, k, decks, GAME_CHECK_MAX_DECKS), deal = 0;
        cr_assert_gt(n_decks, 0);
        while (coinche_game.to_act(&m) >= 0) {
            if (m.deal.n_hist == 0 && deal < n_decks)
                cr_assert_eq(coinche_game.set_deck(&m, decks[deal], err, sizeof err), 0, "%s", err);
            if (coinche_game.to_act(&m) == 0) met |= c->decision(&m, 0);
            int len = greedy_action(text, sizeof text);
            int rc = coinche_game.apply(&m, text, len, err, sizeof err);
            cr_assert_neq(rc, GAME_ILLEGAL, "%s: %s", text, err);
            if (rc == GAME_DEAL_OVER) {
                met |= c->deal_over(&m, 0);
                deal++;
            }
        }
    }
    met |= 1ull << (c->n_situations - 1);      /* the results */
    for (int s = 0; s < c->n_situations; s++)
        cr_expect(met & (1ull << s), "situation %d (%s) not reached", s, c->names[s]);
}

Test(coinche_check, the_readers_name_the_decision_and_what_it_shows)
{
    const struct game_check *c = coinche_game.check;
    ct_start(&m, NULL, ct_pack_r);
    cr_expect_str_eq(c->names[c->situation(&m, 0)], "the auction: pass or bid");
    ct_run(&m, "bid 80 H");
    uint64_t met = c->decision(&m, 1);
    cr_expect(met & (1ull << 2), "coinche offered to seat 1");
    ct_run(&m, "coinche");
    cr_expect_str_eq(c->names[c->situation(&m, 2)], "surcoinche: the coinched side answers");
    ct_run(&m, "pass, pass, play JH, play TH");
    met = c->decision(&m, 2);
    int belote = 0, suit = 0;
    for (int s = 0; s < c->n_situations; s++) {
        if (!(met & (1ull << s))) continue;
        belote |= !strcmp(c->names[s], "King and Queen of trumps: belote offered");
        suit |= !strcmp(c->names[s], "playing a suit contract");
    }
    cr_expect(belote && suit);
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "pass, pass, pass, pass");
    cr_expect(c->deal_over(&m, 0) & (1ull << 16), "a passed-out deal");
}

/* The real `arena check` program with real bots. */
static int run_check(const char *bot, char *out, size_t cap)
{
    char cmd[1024];
    const char *dir = getenv("BIN") ? getenv("BIN") : "build/bin";
    snprintf(cmd, sizeof cmd, "%s/arena check '%s/%s' --game coinche --log-dir %s 2>&1", dir, dir, bot,
             support_scratch_path("logs"));
    FILE *p = popen(cmd, "r");
    cr_assert(p);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = '\0';
    return pclose(p);
}

Test(coinche_check, arena_check_passes_greedy_everywhere_and_random_but_the_pass_out, .timeout = 120)
{
    static char out[16384];
    cr_assert_eq(run_check("bot-greedy --game coinche", out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "19 passed, 0 failed, 0 not reached"), "%s", out);
    cr_assert_eq(run_check("bot-random --seed 3 --game coinche", out, sizeof out), 0, "%s", out);
    cr_expect(strstr(out, "18 passed, 0 failed, 1 not reached"), "%s", out);
    cr_expect(strstr(out, "----  a passed-out deal (not reached)"), "%s", out);
}

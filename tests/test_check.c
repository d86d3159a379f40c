/* test_check.c - `arena check`: the constructed packs are what they claim,
 * a sound bot passes every check it reaches, and a faulty one fails the
 * check of the situation it broke in.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "arena/play/check.h"
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

/* The situations' numbers, in the order of engine/piquet/piquet_check.c. */
enum {
    PQ_HANDSHAKE, PQ_EXCHANGE_ELDER, PQ_EXCHANGE_YOUNGER, PQ_CB_ANNOUNCE, PQ_CB_ELDER_DISCARD, PQ_CB_YOUNGER,
    PQ_AGAINST_CB_ELDER, PQ_AGAINST_CB_YOUNGER, PQ_CALL, PQ_ANSWER, PQ_EXTRAS, PQ_EQUAL, PQ_LOOK, PQ_LEAD,
    PQ_FOLLOW, PQ_CAPOT, PQ_RESULTS, PQ_SITUATIONS
};

/* The name of situation s of game g's check. */
static const char *situation_name(const struct game *g, int s)
{
    return g->check->names[s];
}

Test(check, the_constructed_packs_are_packs_with_the_announced_hands)
{
    static char texts[GAME_CHECK_MAX_DECKS][GAME_DECK_TEXT];
    static struct pq_partie partie;
    const struct game_check *c = piquet_game.check;
    struct game_setup setup = { 2, 1, 0, NULL, 0 };
    struct pq_rules rules;
    struct pq_deal d;
    uint8_t deck[32];
    char err[160];
    cr_assert_not_null(c);
    cr_assert_eq(c->n_situations, PQ_SITUATIONS);
    cr_assert_str_eq(situation_name(&piquet_game, PQ_CB_ANNOUNCE), "own carte blanche as elder: announce");
    cr_assert_eq(piquet_game.create(&partie, &setup, err, sizeof err), 0, "%s", err);
    pq_rules_default(&rules);
    cr_assert_eq(c->decks(&partie, 0, texts, GAME_CHECK_MAX_DECKS), 6);
    cr_assert_eq(c->decks(&partie, 1, texts + 6, GAME_CHECK_MAX_DECKS - 6), 4);
    for (int i = 0; i < 10; i++) {
        cr_assert_eq(pq_deck_parse(texts[i], deck, err, sizeof err), 0, "pack %d: %s", i, err);
        cr_assert_eq(pq_deal_init(&d, &rules, deck), 0, "pack %d is not a pack", i);
        /* Each pack twice in a row: the bot meets it from both seats. */
        if (i % 2) cr_assert_str_eq(texts[i], texts[i - 1]);
    }
    pq_deck_parse(texts[0], deck, err, sizeof err);
    pq_deal_init(&d, &rules, deck);
    cr_assert_eq(d.carte_blanche, PQ_ELDER);
    pq_deck_parse(texts[2], deck, err, sizeof err);
    pq_deal_init(&d, &rules, deck);
    cr_assert_eq(d.carte_blanche, PQ_YOUNGER);
    pq_deck_parse(texts[8], deck, err, sizeof err);
    pq_deal_init(&d, &rules, deck);
    /* The capot hand: elder holds the six best spades and hearts. */
    cr_assert_eq(d.dealt[PQ_ELDER] & 0xffffu, 0xfcfcu);
}

static void run_check(const char *bot_command, struct check_report *report)
{
    struct match_config config;
    struct match_bot bot;
    char cmd[512], opponent[512], err[256];
    match_config_default(&config);
    config.log_dir = support_scratch_path("logs");
    memset(&bot, 0, sizeof bot);
    snprintf(bot.name, sizeof bot.name, "tested");
    snprintf(cmd, sizeof cmd, "%s/%s", support_bin_dir(), bot_command);
    snprintf(opponent, sizeof opponent, "%s/bot-greedy --exchange 3", support_bin_dir());
    bot.command = cmd;
    cr_assert_eq(check_run(&bot, opponent, &config, report, err, sizeof err), 0, "%s", err);
}

Test(check, a_sound_bot_passes_and_meets_the_rare_cases, .timeout = 60)
{
    struct check_report r;
    run_check("bot-random --seed 5", &r);
    cr_assert_eq(r.n_situations, PQ_SITUATIONS);
    for (int s = 0; s < PQ_SITUATIONS; s++)
        cr_assert_neq(r.status[s], CHECK_FAILED, "%s: %s", situation_name(&piquet_game, s), r.why[s]);
    /* These come from the dealt hands, whatever the bot chooses. */
    static const int forced[] = { PQ_HANDSHAKE, PQ_EXCHANGE_ELDER, PQ_EXCHANGE_YOUNGER, PQ_CB_ANNOUNCE,
                                  PQ_CB_ELDER_DISCARD, PQ_CB_YOUNGER, PQ_AGAINST_CB_ELDER, PQ_AGAINST_CB_YOUNGER,
                                  PQ_CALL, PQ_ANSWER, PQ_LEAD, PQ_FOLLOW, PQ_RESULTS };
    for (size_t k = 0; k < sizeof forced / sizeof forced[0]; k++)
        cr_assert_eq(r.status[forced[k]], CHECK_PASSED, "%s not reached", situation_name(&piquet_game, forced[k]));
    cr_assert_gt(r.decisions, 100);
}

Test(check, a_fault_fails_the_check_of_its_situation, .timeout = 60)
{
    struct check_report r;
    run_check("bot-faulty --mode garbage --after 1", &r);
    /* The bot is younger in deal 1, where elder holds carte blanche: its
     * first request is to discard first against it. */
    cr_assert_eq(r.status[PQ_AGAINST_CB_ELDER], CHECK_FAILED);
    cr_assert(strstr(r.why[PQ_AGAINST_CB_ELDER], "protocol"), "%s", r.why[PQ_AGAINST_CB_ELDER]);
    cr_assert_eq(r.status[PQ_HANDSHAKE], CHECK_PASSED);
    cr_assert_eq(r.status[PQ_RESULTS], CHECK_NOT_REACHED);
    for (int s = 0; s < PQ_SITUATIONS; s++)
        if (s != PQ_AGAINST_CB_ELDER) cr_assert_neq(r.status[s], CHECK_FAILED, "%s", situation_name(&piquet_game, s));
}

Test(check, a_bot_that_cannot_start_fails_the_handshake, .timeout = 60)
{
    struct check_report r;
    run_check("no-such-program-here", &r);
    cr_assert_eq(r.status[PQ_HANDSHAKE], CHECK_FAILED);
    cr_assert(strstr(r.why[PQ_HANDSHAKE], "exit status 127"), "%s", r.why[PQ_HANDSHAKE]);
}

Test(check, a_bad_bot_name_is_refused_before_anything_runs, .timeout = 60)
{
    const char *dir = support_scratch_dir();
    char cmd[4096], out[8192];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/logs/a/b' && %s/arena check --log-dir '%s/logs/a/b' '../../x=%s/bot-random' "
             "2>&1", dir, support_bin_dir(), dir, support_bin_dir());
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    cr_assert_eq(WEXITSTATUS(status), 2, "%s", out);
    cr_assert(strstr(out, "arena check: bot name '../../x' holds '/'"), "%s", out);
    snprintf(cmd, sizeof cmd, "find '%s/logs' -maxdepth 1 -type f | grep -c .", dir);
    p = popen(cmd, "r");
    n = fread(out, 1, sizeof out - 1, p);
    out[n] = '\0';
    pclose(p);
    cr_assert_eq(atoi(out), 0, "logs written above --log-dir");
}

/* ---- Belote ---------------------------------------------------------------------- */

struct belote_form {
    const struct game *game;
    int players;
};

static const struct belote_form belote_forms[] = {
    { &belote_game, 2 }, { &belote_game, 3 }, { &belote_game, 4 },
    { &belote_partnership_game, 4 }, { &belote_marseillaise_game, 2 },
};

/* The situations' numbers, in the order of engine/belote/belote_check.c. */
enum {
    BEL_HANDSHAKE, BEL_AUCTION1, BEL_AUCTION2, BEL_TURNUP, BEL_SEVEN, BEL_MELD, BEL_COMPARE, BEL_BELOTE,
    BEL_LEAD, BEL_FOLLOW, BEL_CAPOT, BEL_FAILED, BEL_RESERVE, BEL_RESULTS, BEL_SITUATIONS
};

/* Game g's constructed packs of its check's first match at `players`. */
static int belote_decks(const struct game *g, int players, char (*texts)[GAME_DECK_TEXT])
{
    static _Alignas(16) unsigned char state[32768];
    struct game_setup setup = { players, 1, 0, NULL, 0 };
    char err[160];
    cr_assert_eq(g->create(state, &setup, err, sizeof err), 0, "%s", err);
    cr_assert_eq(g->check->decks(state, 1, texts, GAME_CHECK_MAX_DECKS), 0, "the second match is the seed's");
    return g->check->decks(state, 0, texts, GAME_CHECK_MAX_DECKS);
}

Test(check, the_constructed_belote_packs_are_packs_of_every_form)
{
    static char texts[GAME_CHECK_MAX_DECKS][GAME_DECK_TEXT];
    static _Alignas(16) unsigned char state[32768];
    char err[160];
    for (size_t f = 0; f < sizeof belote_forms / sizeof belote_forms[0]; f++) {
        const struct game *g = belote_forms[f].game;
        struct game_setup setup = { belote_forms[f].players, 1, 0, NULL, 1 };
        int n = belote_decks(g, belote_forms[f].players, texts);
        cr_assert_geq(n, 2 * belote_forms[f].players, "%s: %d packs", g->name, n);
        for (int i = 0; i < n; i++) {
            cr_assert_eq(g->create(state, &setup, err, sizeof err), 0, "%s", err);
            cr_assert_eq(g->set_deck(state, texts[i], err, sizeof err), 0, "%s pack %d: %s (%s)", g->name, i, err,
                         texts[i]);
        }
    }
}

Test(check, the_capot_pack_gives_seat_0_every_trump)
{
    static char texts[GAME_CHECK_MAX_DECKS][GAME_DECK_TEXT];
    belote_decks(&belote_game, 4, texts);
    /* Deal 3 at four: seat 0 holds five spades, the turn-up is the Queen, and
     * the two cards the maker receives (p[21], p[22]) are the last trumps. */
    cr_assert(!strncmp(texts[2], "JS 9S AS TS KS", 14), "%s", texts[2]);
    cr_assert(!strncmp(texts[2] + 60, "QS 8S 7S", 8), "%s", texts[2]);
}

static void run_belote_check(const struct game *game, int players, const char *bot_command, struct check_report *report)
{
    struct match_config config;
    struct match_bot bot;
    char cmd[512], opponent[512], err[256];
    match_config_default(&config);
    config.log_dir = support_scratch_path("logs");
    config.game = game;
    config.players = players;
    memset(&bot, 0, sizeof bot);
    snprintf(bot.name, sizeof bot.name, "tested");
    snprintf(cmd, sizeof cmd, "%s/%s", support_bin_dir(), bot_command);
    snprintf(opponent, sizeof opponent, "%s/bot-greedy --game %s", support_bin_dir(), game->name);
    bot.command = cmd;
    cr_assert_eq(check_run(&bot, opponent, &config, report, err, sizeof err), 0, "%s", err);
}

/* Every situation the packs force, whatever the bot chooses, is reached;
 * nothing fails. */
static void assert_sound(const struct game *game, int players, const char *bot_command)
{
    struct check_report r;
    run_belote_check(game, players, bot_command, &r);
    cr_assert_eq(r.n_situations, BEL_SITUATIONS);
    for (int s = 0; s < BEL_SITUATIONS; s++)
        cr_assert_neq(r.status[s], CHECK_FAILED, "%s %d %s: %s: %s", game->name, players, bot_command,
                      situation_name(game, s), r.why[s]);
    static const int forced[] = { BEL_HANDSHAKE, BEL_AUCTION1, BEL_TURNUP, BEL_MELD,
                                  BEL_LEAD, BEL_FOLLOW, BEL_CAPOT, BEL_FAILED, BEL_RESULTS };
    for (size_t k = 0; k < sizeof forced / sizeof forced[0]; k++)
        cr_assert_eq(r.status[forced[k]], CHECK_PASSED, "%s %d %s: %s not reached", game->name, players, bot_command,
                     situation_name(game, forced[k]));
    if (game == &belote_game) {
        cr_assert_eq(r.status[BEL_SEVEN], CHECK_PASSED, "%s %d: the Seven", game->name, players);
        cr_assert_eq(r.status[BEL_BELOTE], CHECK_PASSED, "%s %d: belote", game->name, players);
    } else {
        cr_assert_eq(r.status[BEL_SEVEN], CHECK_ABSENT);
    }
    cr_assert_gt(r.decisions, 100);
}

Test(check, bot_greedy_passes_the_belote_check_of_every_form, .timeout = 60)
{
    for (size_t f = 0; f < sizeof belote_forms / sizeof belote_forms[0]; f++)
        assert_sound(belote_forms[f].game, belote_forms[f].players, "bot-greedy --game all");
}

Test(check, bot_random_passes_the_belote_check_of_every_form, .timeout = 60)
{
    for (size_t f = 0; f < sizeof belote_forms / sizeof belote_forms[0]; f++)
        assert_sound(belote_forms[f].game, belote_forms[f].players, "bot-random --seed 7 --game all");
}

Test(check, the_example_bot_passes_the_belote_check_of_every_form, .timeout = 60)
{
    for (size_t f = 0; f < sizeof belote_forms / sizeof belote_forms[0]; f++)
        assert_sound(belote_forms[f].game, belote_forms[f].players, "bot-example-belote");
}

Test(check, a_bot_of_another_game_fails_the_belote_handshake, .timeout = 60)
{
    struct check_report r;
    run_belote_check(&belote_game, 4, "bot-random --game belote-partnership", &r);
    cr_assert_eq(r.status[BEL_HANDSHAKE], CHECK_FAILED);
    cr_assert_eq(r.status[BEL_RESULTS], CHECK_NOT_REACHED);
}

Test(check, arena_check_game_prints_each_belote_situation, .timeout = 60)
{
    char cmd[4096], out[8192];
    snprintf(cmd, sizeof cmd, "%s/arena check --game belote --players 3 --log-dir '%s' '%s/bot-greedy --game belote' 2>&1",
             support_bin_dir(), support_scratch_path("logs"), support_bin_dir());
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    cr_assert_eq(WEXITSTATUS(status), 0, "%s", out);
    cr_assert(strstr(out, "pass  bidding round 2: name a suit or pass\n"), "%s", out);
    cr_assert(strstr(out, "pass  a capot deal\n"), "%s", out);
    cr_assert(strstr(out, "pass  a deal the maker failed\n"), "%s", out);
    cr_assert(strstr(out, "14 passed, 0 failed, 0 not reached;"), "%s", out);
}

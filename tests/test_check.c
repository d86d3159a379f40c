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

static const char *bin_dir(void)
{
    const char *dir = getenv("BIN");
    return dir ? dir : "build/bin";
}

Test(check, the_constructed_packs_are_packs_with_the_announced_hands)
{
    const uint8_t (*decks)[32];
    struct pq_rules rules;
    struct pq_deal d;
    int n = check_decks(&decks);
    pq_rules_default(&rules);
    cr_assert_geq(n, 5);
    for (int i = 0; i < n; i++) cr_assert_eq(pq_deal_init(&d, &rules, decks[i]), 0, "pack %d is not a pack", i);
    pq_deal_init(&d, &rules, decks[0]);
    cr_assert_eq(d.carte_blanche, PQ_ELDER);
    pq_deal_init(&d, &rules, decks[1]);
    cr_assert_eq(d.carte_blanche, PQ_YOUNGER);
    pq_deal_init(&d, &rules, decks[4]);
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
    snprintf(cmd, sizeof cmd, "%s/%s", bin_dir(), bot_command);
    snprintf(opponent, sizeof opponent, "%s/bot-greedy --exchange 3", bin_dir());
    bot.command = cmd;
    cr_assert_eq(check_run(&bot, opponent, &config, report, err, sizeof err), 0, "%s", err);
}

Test(check, a_sound_bot_passes_and_meets_the_rare_cases, .timeout = 60)
{
    struct check_report r;
    run_check("bot-random --seed 5", &r);
    for (int s = 0; s < CHECK_SITUATIONS; s++)
        cr_assert_neq(r.status[s], CHECK_FAILED, "%s: %s", check_situation_name(s), r.why[s]);
    /* These come from the dealt hands, whatever the bot chooses. */
    cr_assert_eq(r.status[CHECK_CB_ANNOUNCE], CHECK_PASSED);
    cr_assert_eq(r.status[CHECK_CB_ELDER_DISCARD], CHECK_PASSED);
    cr_assert_eq(r.status[CHECK_CB_YOUNGER], CHECK_PASSED);
    cr_assert_eq(r.status[CHECK_AGAINST_CB_ELDER], CHECK_PASSED);
    cr_assert_eq(r.status[CHECK_AGAINST_CB_YOUNGER], CHECK_PASSED);
    cr_assert_eq(r.status[CHECK_RESULTS], CHECK_PASSED);
    cr_assert_gt(r.decisions, 100);
}

Test(check, a_fault_fails_the_check_of_its_situation, .timeout = 60)
{
    struct check_report r;
    run_check("bot-faulty --mode garbage --after 1", &r);
    /* The first request of partie 1 is the carte blanche announcement. */
    cr_assert_eq(r.status[CHECK_CB_ANNOUNCE], CHECK_FAILED);
    cr_assert(strstr(r.why[CHECK_CB_ANNOUNCE], "protocol"), "%s", r.why[CHECK_CB_ANNOUNCE]);
    cr_assert_eq(r.status[CHECK_HANDSHAKE], CHECK_PASSED);
    cr_assert_eq(r.status[CHECK_RESULTS], CHECK_NOT_REACHED);
}

Test(check, a_bot_that_cannot_start_fails_the_handshake, .timeout = 60)
{
    struct check_report r;
    run_check("no-such-program-here", &r);
    cr_assert_eq(r.status[CHECK_HANDSHAKE], CHECK_FAILED);
    cr_assert(strstr(r.why[CHECK_HANDSHAKE], "exit status 127"), "%s", r.why[CHECK_HANDSHAKE]);
}

Test(check, a_bad_bot_name_is_refused_before_anything_runs, .timeout = 60)
{
    const char *dir = support_scratch_dir();
    char cmd[4096], out[8192];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/logs/a/b' && %s/arena check --log-dir '%s/logs/a/b' '../../x=%s/bot-random' "
             "2>&1", dir, bin_dir(), dir, bin_dir());
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

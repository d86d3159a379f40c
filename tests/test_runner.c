/* test_runner.c - the runner's handling of what bots say of themselves
 * (arena/play/runner.c): a name given in a hello enters the records only when
 * it obeys the name rule (codec_bot_name_check).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "records/journal.h"
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

struct names {
    char a[80], b[80];
    int parties;
};

static int read_names(const struct journal_entry *entry, void *ctx, char *err, size_t cap)
{
    struct names *n = ctx;
    const cJSON *players = cJSON_GetObjectItem(entry->record, "players");
    (void)err;
    (void)cap;
    if (entry->type != JOURNAL_PARTIE) return 0;
    snprintf(n->a, sizeof n->a, "%s", cJSON_GetStringValue(cJSON_GetObjectItem(players, "A")));
    snprintf(n->b, sizeof n->b, "%s", cJSON_GetStringValue(cJSON_GetObjectItem(players, "B")));
    n->parties++;
    return 0;
}

Test(runner, a_hello_name_outside_the_name_rule_is_not_recorded, .timeout = 60)
{
    char cmd[4096], err[256];
    int torn;
    const char *dir = support_scratch_dir(), *journal = support_scratch_path("j.jsonl");
    /* Bare commands: the names come from the hellos. */
    snprintf(cmd, sizeof cmd, "%s/arena match --quiet --log-dir %s/logs --journal %s '%s/bot-random --name ../../x' "
                              "'%s/bot-greedy' > /dev/null 2>&1",
             support_bin_dir(), dir, journal, support_bin_dir(), support_bin_dir());
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    struct names n = { "", "", 0 };
    cr_assert_geq(journal_read(journal, read_names, &n, &torn, err, sizeof err), 0, "%s", err);
    cr_expect_eq(n.parties, 2);
    cr_expect_str_eq(n.a, "A", "the hello's name '../../x' was recorded as '%s'", n.a);
    cr_expect_str_eq(n.b, "greedy");
    snprintf(cmd, sizeof cmd, "grep -q \"the name in the hello holds '/'\" %s/logs/*/A-p1-A.log", dir);
    cr_expect_eq(system(cmd), 0, "the bot's log does not say why its name was not taken");
}

static int count_forfeits(const struct journal_entry *entry, void *ctx, char *err, size_t cap)
{
    int *n = ctx;
    (void)err;
    (void)cap;
    if (entry->type != JOURNAL_PARTIE) return 0;
    const cJSON *forfeit = cJSON_GetObjectItem(entry->record, "forfeit");
    n[0]++;
    n[1] += forfeit && !cJSON_IsNull(forfeit);
    return 0;
}

/* A process kept from one partie for another is spoken to in the protocol
 * its hello named: a Piquet bot of protocol 2 (bot-random --game piquet)
 * was sent protocol 1's partie start in its second partie (each partie's
 * referee starts from protocol 1, and only a hello set it), could not
 * read it and forfeited. */
Test(runner, a_kept_process_is_spoken_to_in_its_own_protocol, .timeout = 120)
{
    char cmd[4096], err[256], out[256];
    int torn, counts[2] = { 0, 0 };
    const char *dir = support_scratch_dir(), *journal = support_scratch_path("kept.jsonl");
    snprintf(cmd, sizeof cmd,
             "%s/arena run --quiet --no-sandbox --concurrency 1 --reuse 4 --pairs 2 --seed 5 --log-dir %s/kept "
             "--journal %s --bot r2='%s/bot-random --game piquet' --bot g='%s/bot-greedy' > /dev/null 2>&1",
             support_bin_dir(), dir, journal, support_bin_dir(), support_bin_dir());
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    cr_assert_geq(journal_read(journal, count_forfeits, counts, &torn, err, sizeof err), 0, "%s", err);
    cr_assert_eq(counts[0], 4);
    cr_expect_eq(counts[1], 0, "%d of 4 parties forfeited", counts[1]);
    /* the protocol-2 bot's processes: fewer than its parties, so one was kept */
    snprintf(cmd, sizeof cmd, "ls %s/kept/*/r2-* | wc -l", dir);
    cr_assert_eq(support_run(cmd, out, sizeof out), 0);
    cr_assert_lt(atoi(out), 4, "no process of r2 played a second partie (%s)", out);
}

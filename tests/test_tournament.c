/* test_tournament.c - tournament settings (arena/tournament/tournament.h)
 * from flags, files and headers, and the tally (arena/tournament/tally.h)
 * of finished parties. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "arena/tournament/sched.h"
#include "arena/tournament/tally.h"
#include "arena/tournament/tournament.h"
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

static void write_file(const char *path, const char *text, int mode)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fputs(text, f);
    fclose(f);
    chmod(path, (mode_t)mode);
}

Test(tournament, a_file_takes_the_keys_of_the_flags)
{
    struct tournament t;
    char err[256];
    write_file(support_scratch_path("tournament.json"),
               "{\"bots\": [{\"name\": \"g\", \"command\": \"bot-greedy\"}, \"r=bot-random --seed 3\"],"
               " \"format\": \"gauntlet\", \"pairs\": 7, \"seed\": \"18446744073709551615\", \"move_ms\": 250,"
               " \"bank-ms\": 5000, \"reuse\": 4, \"rules\": {\"trick_scoring\": \"penguin\"},"
               " \"results\": \"out.json\", \"journal\": \"t.jsonl\"}", 0644);
    tournament_init(&t);
    cr_assert_eq(tournament_read_file(&t, support_scratch_path("tournament.json"), err, sizeof err), 0, "%s", err);
    cr_assert_eq(t.n_bots, 2);
    cr_assert_str_eq(t.bots[1].command, "bot-random --seed 3");
    cr_assert_eq(t.format, SCHED_GAUNTLET);
    cr_assert_eq(t.pairs, 7);
    cr_assert_eq(t.seed, 18446744073709551615ULL);
    cr_assert_eq(t.config.clock.move_ms, 250);
    cr_assert_eq(t.config.clock.bank_ms, 5000);
    cr_assert_eq(t.reuse, 4);
    char buf[16];
    cr_assert_str_eq(pq_rules_get(&t.config.rules, "trick_scoring", buf), "penguin");
    cr_assert_str_eq(t.results, "out.json");
    /* A flag after the file overrides it. */
    cr_assert_eq(tournament_option(&t, "--pairs", "3", err, sizeof err), 0);
    cr_assert_eq(t.pairs, 3);
    cr_assert_eq(tournament_check(&t, err, sizeof err), 0, "%s", err);
    tournament_release(&t);
}

Test(tournament, a_header_round_trips)
{
    struct tournament t, back;
    char err[256];
    tournament_init(&t);
    cr_assert_eq(tournament_option(&t, "--bot", "a=bot-one", err, sizeof err), 0);
    cr_assert_eq(tournament_option(&t, "--bot", "b=bot-two --x", err, sizeof err), 0);
    cr_assert_eq(tournament_option(&t, "--seed", "12345678901234567890", err, sizeof err), 0);
    cr_assert_eq(tournament_option(&t, "--rule", "partie_deals=4", err, sizeof err), 0);
    cr_assert_eq(tournament_option(&t, "--max-faults", "9", err, sizeof err), 0);
    cr_assert_eq(tournament_option(&t, "--remote-max-connections", "3", err, sizeof err), 0);
    snprintf(t.run, sizeof t.run, "0123456789abcdef");
    cJSON *h = tournament_header(&t);
    tournament_init(&back);
    cr_assert_eq(tournament_from_json(&back, h, err, sizeof err), 0, "%s", err);
    cr_assert_eq(back.seed, 12345678901234567890ULL);
    cr_assert_eq(back.max_faults, 9);
    cr_assert_eq(back.remote_max_connections, 3);
    cr_assert_str_eq(back.run, "0123456789abcdef");
    cr_assert_str_eq(back.bots[1].command, "bot-two --x");
    cr_assert_eq(back.config.rules.partie_deals, 4);
    cJSON_Delete(h);
    tournament_release(&t);
    tournament_release(&back);
}

Test(tournament, bad_settings_are_named)
{
    struct tournament t;
    char err[256];
    const char *cases[][2] = {
        { "{\"pairs\": 0}", "bad value '0' for --pairs" },
        { "{\"colour\": \"red\"}", "unknown key \"colour\"" },
        { "{\"bots\": [\"x\"]}", "NAME=COMMAND" },
        { "{\"bots\": [\"a=one\", \"a=two\"]}", "two bots are called 'a'" },
        { "{\"rules\": {\"trick_scoring\": \"chess\"}}", "--rule trick_scoring=chess" },
        { "{\"seed\": -4}", "bad value '-4' for --seed" },
        { "{\"remote_max_connections\": 0}", "bad value '0' for --remote-max-connections" },
        { "[1, 2]", "must be a JSON object" },
        { "{\"pairs\": 3", "not valid JSON" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        write_file(support_scratch_path("bad.json"), cases[i][0], 0644);
        tournament_init(&t);
        cr_assert_eq(tournament_read_file(&t, support_scratch_path("bad.json"), err, sizeof err), -1, "%s", cases[i][0]);
        cr_assert(strstr(err, cases[i][1]), "'%s' gave '%s'", cases[i][0], err);
        tournament_release(&t);
    }
}

Test(tournament, remote_bots_need_a_private_token_and_an_endpoint)
{
    struct tournament t;
    char err[256], spec[PATH_MAX + 16], open_token[PATH_MAX], short_token[PATH_MAX], no_token[PATH_MAX];
    snprintf(open_token, sizeof open_token, "%s", support_scratch_path("open.token"));
    snprintf(short_token, sizeof short_token, "%s", support_scratch_path("short.token"));
    snprintf(no_token, sizeof no_token, "%s", support_scratch_path("no_such.token"));
    write_file(support_scratch_path("remote.token"), "a-secret-token-of-32-characters!\n", 0600);
    write_file(open_token, "a-secret-token-of-32-characters?\n", 0644);
    write_file(short_token, "short\n", 0600);
    tournament_init(&t);
    cr_assert_eq(tournament_option(&t, "--bot", "local=bot-greedy", err, sizeof err), 0);
    snprintf(spec, sizeof spec, "friend=%s", support_scratch_path("remote.token"));
    cr_assert_eq(tournament_option(&t, "--remote", spec, err, sizeof err), 0);
    cr_assert_eq(tournament_check(&t, err, sizeof err), -1);
    cr_assert(strstr(err, "--listen"), "%s", err);
    cr_assert_eq(tournament_option(&t, "--listen", "tcp://127.0.0.1:0", err, sizeof err), 0);
    cr_assert_eq(tournament_check(&t, err, sizeof err), 0, "%s", err);
    cr_assert_str_eq(t.bots[1].token, "a-secret-token-of-32-characters!");
    cJSON *h = tournament_header(&t);
    char *text = cJSON_PrintUnformatted(h);
    cr_assert_null(strstr(text, "a-secret-token"), "the header leaks the token: %s", text);
    free(text);
    cJSON_Delete(h);
    tournament_release(&t);
    const char *bad[][2] = { { open_token, "may be read by others" },
                             { short_token, "must be 16" },
                             { no_token, "cannot read" } };
    for (int i = 0; i < 3; i++) {
        tournament_init(&t);
        snprintf(spec, sizeof spec, "friend=%s", bad[i][0]);
        tournament_option(&t, "--bot", "local=bot-greedy", err, sizeof err);
        tournament_option(&t, "--remote", spec, err, sizeof err);
        tournament_option(&t, "--listen", "tcp://127.0.0.1:0", err, sizeof err);
        cr_assert_eq(tournament_check(&t, err, sizeof err), -1, "%s", bad[i][0]);
        cr_assert(strstr(err, bad[i][1]), "%s", err);
        tournament_release(&t);
    }
}

/* A partie as record_read() gives it, with what the tally reads: the
 * players, the outcome, and for a forfeit player A's timeout. */
static struct record_partie partie(const char *a, const char *b, int winner, int settlement, int forfeiter)
{
    struct record_partie rec;
    memset(&rec, 0, sizeof rec);
    rec.players[0] = a;
    rec.players[1] = b;
    rec.winner = winner;
    rec.settlement = settlement;
    rec.forfeit.player = forfeiter;
    rec.forfeit.fault = forfeiter >= 0 ? CODEC_FAULT_TIMEOUT : -1;
    rec.faults[0][CODEC_FAULT_TIMEOUT] = forfeiter >= 0;
    return rec;
}

Test(tally, counts_results_settlements_and_faults_per_bot_and_pairing)
{
    struct tally t;
    char err[128];
    const char *names[] = { "x", "y", "z" };
    cr_assert_eq(tally_init(&t, names, 3), 0);
    cr_assert_eq(tally_leader(&t), -1);
    struct record_partie recs[] = { partie("x", "y", 0, 300, -1), partie("y", "x", 0, 120, -1),
                                    partie("z", "x", -1, 0, -1), partie("z", "y", 1, 250, 0) };
    for (int i = 0; i < 4; i++) cr_assert_eq(tally_add(&t, &recs[i], err, sizeof err), 0, "%s", err);
    cr_assert_eq(t.bots[0].parties, 3);
    cr_assert_eq(t.bots[0].wins, 1);
    cr_assert_eq(t.bots[0].draws, 1);
    cr_assert_eq(t.bots[0].losses, 1);
    cr_assert_eq(t.bots[0].settlement, 300 - 120);
    cr_assert_eq(t.bots[2].forfeits, 1);
    cr_assert_eq(t.bots[2].faults[CODEC_FAULT_TIMEOUT], 1);
    cr_assert_eq(t.bots[1].settlement, -300 + 120 + 250);
    cr_assert_eq(tally_leader(&t), 1, "y: 2 wins of 3 parties");
    cr_assert_eq(t.pairings[0].parties, 2);   /* x-y */
    cr_assert_eq(t.pairings[0].wins_a, 1);
    cr_assert_eq(t.pairings[0].wins_b, 1);
    cr_assert_eq(t.pairings[0].settlement_a, 180);
    struct record_partie unknown = partie("x", "w", 0, 100, -1);
    cr_assert_eq(tally_add(&t, &unknown, err, sizeof err), -1, "a bot outside the tournament");
    char *csv = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&csv, &len);
    cr_assert_eq(tally_print_csv(&t, out), 0);
    fclose(out);
    cr_assert(strstr(csv, "\ny,3,2,0,1,66.7,70,0,0,0,0,0,no\n"), "%s", csv);
    free(csv);
    tally_release(&t);
}

/* ---- bot names, everywhere a name enters (codec_bot_name_check) ---- */

/* The test's directory, with logs/a/b inside: a name climbing two
 * levels out of logs/a/b would land in logs/. */
static const char *make_dir(void)
{
    char sub[PATH_MAX + 32];
    snprintf(sub, sizeof sub, "mkdir -p '%s/logs/a/b'", support_scratch_dir());
    cr_assert_eq(system(sub), 0);
    return support_scratch_dir();
}

static int run_program(const char *cmd, char *out, size_t cap)
{
    char full[4096];
    snprintf(full, sizeof full, "%s 2>&1", cmd);
    FILE *p = popen(full, "r");
    cr_assert_not_null(p, "cannot run %s", cmd);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Names of the files in dir/logs (not below), one per line. */
static void logs_of(char *out, size_t cap)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "find '%s/logs' -maxdepth 1 -type f", support_scratch_dir());
    run_program(cmd, out, cap);
}

Test(tournament, a_bot_name_with_a_slash_never_reaches_the_log_dir, .timeout = 60)
{
    const char *dir = make_dir();
    char cmd[4096], out[8192];
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet --bot '../../x=%s/bot-random' --bot r=%s/bot-random --pairs 1 "
             "--journal '%s/t.jsonl' --log-dir '%s/logs/a/b'", support_bin_dir(), support_bin_dir(), support_bin_dir(), dir, dir);
    cr_assert_eq(run_program(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "arena run: bot name '../../x' holds '/'"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/t.jsonl", dir);
    cr_assert_neq(access(cmd, F_OK), 0, "the tournament started");
    logs_of(out, sizeof out);
    cr_assert_str_eq(out, "", "logs written above --log-dir: %s", out);

    /* A remote bot's name is the same kind of name. */
    snprintf(cmd, sizeof cmd, "printf 'a-token-of-24-characters\\n' > '%s/token' && chmod 600 '%s/token' && "
             "%s/arena run --quiet --bot r=%s/bot-random --remote '../y=%s/token' --listen tcp://127.0.0.1:0 "
             "--remote-wait-ms 1 --pairs 1 --journal '%s/t.jsonl' --log-dir '%s/logs/a/b'",
             dir, dir, support_bin_dir(), support_bin_dir(), dir, dir, dir);
    cr_assert_eq(run_program(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "arena run: bot name '../y' holds '/'"), "%s", out);
}

Test(tournament, a_name_in_a_tournament_file_never_reaches_the_shell, .timeout = 60)
{
    const char *dir = make_dir();
    char cmd[4096], out[8192], path[128], pwned[128];
    snprintf(path, sizeof path, "%s/t.json", dir);
    snprintf(pwned, sizeof pwned, "%s/pwned", dir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fprintf(f, "{\"bots\": [{\"name\": \"x=touch pwned;\", \"command\": \"%s/bot-random\"},"
               " {\"name\": \"r\", \"command\": \"%s/bot-random\"}], \"pairs\": 1}", support_bin_dir(), support_bin_dir());
    fclose(f);
    /* Bots start in the arena's directory: a name cut at its '=' would
     * leave "touch pwned;" at the head of a command there. */
    snprintf(cmd, sizeof cmd, "cd '%s' && %s/arena run --quiet --file t.json --journal t.jsonl --log-dir logs", dir,
             support_bin_dir());
    int status = run_program(cmd, out, sizeof out);
    cr_assert_neq(access(pwned, F_OK), 0, "part of a bot's name was run by the shell");
    cr_assert_eq(status, 2, "%s", out);
    cr_assert(strstr(out, "arena run: t.json: bot name 'x=touch pwned;' holds '='"), "%s", out);
}

Test(tournament, two_bots_of_one_name_are_refused, .timeout = 60)
{
    const char *dir = make_dir();
    char cmd[4096], out[8192], path[128];
    snprintf(path, sizeof path, "%s/t.json", dir);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fprintf(f, "{\"bots\": [{\"name\": \"r\", \"command\": \"%s/bot-random\"},"
               " {\"name\": \"r\", \"command\": \"%s/bot-greedy\"}], \"pairs\": 1}", support_bin_dir(), support_bin_dir());
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet --file '%s' --journal '%s/t.jsonl' --log-dir '%s/logs'", support_bin_dir(),
             path, dir, dir);
    cr_assert_eq(run_program(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "two bots are called 'r'"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena run --quiet --file '%s' --bot r=%s/bot-greedy --journal '%s/t.jsonl'", support_bin_dir(),
             path, support_bin_dir(), dir);
    cr_assert_eq(run_program(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "two bots are called 'r'"), "%s", out);
}

Test(tournament, a_journal_header_naming_a_bad_bot_is_not_resumed, .timeout = 60)
{
    const char *dir = make_dir();
    char cmd[4096], out[8192], path[128];
    struct tournament t;
    snprintf(path, sizeof path, "%s/t.jsonl", dir);
    /* The header an older arena, without the name rule, would have written. */
    tournament_init(&t);
    snprintf(cmd, sizeof cmd, "%s/bot-random", support_bin_dir());
    char err[256];
    cr_assert_eq(tournament_option(&t, "--bot", "placeholder=x", err, sizeof err), 0, "%s", err);
    cr_assert_eq(tournament_option(&t, "--bot", "r=x", err, sizeof err), 0, "%s", err);
    snprintf(t.bots[0].name, sizeof t.bots[0].name, "../../x");
    free(t.bots[0].command);
    free(t.bots[1].command);
    t.bots[0].command = strdup(cmd);
    t.bots[1].command = strdup(cmd);
    snprintf(cmd, sizeof cmd, "%s/logs/a/b", dir);
    cr_assert_eq(tournament_option(&t, "--log-dir", cmd, err, sizeof err), 0, "%s", err);
    cr_assert_eq(tournament_option(&t, "--pairs", "1", err, sizeof err), 0, "%s", err);
    snprintf(t.run, sizeof t.run, "0123456789abcdef");
    cJSON *h = tournament_header(&t);
    char *text = cJSON_PrintUnformatted(h);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    fprintf(f, "%s\n", text);
    fclose(f);
    free(text);
    cJSON_Delete(h);
    tournament_release(&t);
    snprintf(cmd, sizeof cmd, "%s/arena resume --quiet '%s'", support_bin_dir(), path);
    cr_assert_eq(run_program(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "bot name '../../x' holds '/'"), "%s", out);
    logs_of(out, sizeof out);
    cr_assert_str_eq(out, "", "logs written above --log-dir: %s", out);
}

Test(tournament, bot_names_follow_the_one_rule_of_the_codec)
{
    struct tournament t;
    char err[256];
    const char *cases[][2] = {
        { "1234567890123456789012345678901234567890123456789012345678901234=bot",
          "bot name '1234567890123456789012345678901234567890123456789012345678901234' is longer than 63 bytes" },
        { "../x=bot", "bot name '../x' holds '/'" },
        { "tab\there=bot", "holds a control character" },
        { "=bot", "bot name '' is empty" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        tournament_init(&t);
        cr_assert_eq(tournament_option(&t, "--bot", cases[i][0], err, sizeof err), -1, "%s", cases[i][0]);
        cr_assert(strstr(err, cases[i][1]), "'%s' gave '%s'", cases[i][0], err);
        tournament_release(&t);
    }
    /* What the rule allows, the arena takes: spaces and UTF-8 included;
     * the command keeps every '=' after the first. */
    tournament_init(&t);
    cr_assert_eq(tournament_option(&t, "--bot", "Émile ♠ v2=env A=1 bot", err, sizeof err), 0, "%s", err);
    cr_assert_str_eq(t.bots[0].name, "Émile ♠ v2");
    cr_assert_str_eq(t.bots[0].command, "env A=1 bot");
    tournament_release(&t);
}

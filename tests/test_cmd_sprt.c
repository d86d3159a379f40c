/* test_cmd_sprt.c - `arena sprt` with real bots: a clearly stronger test
 * version is accepted (H1), two equal versions stay inconclusive within a
 * few pairs, the same verdict comes offline from a recorded journal, a
 * stopped test resumes from its journal, the plot is well-formed SVG, and
 * the margin stops in fewer pairs than the pentanomial on the same pairs.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "tests/support_scratch.h"
#include "tests/support_cmd.h"

Test(cmd_sprt, greedy_against_random_is_accepted_as_better_and_replays_offline)
{
    char cmd[4096], out[1 << 16];
    const char *journal = support_scratch_path("sprt.jsonl");
    snprintf(cmd, sizeof cmd,
             "%s/arena sprt --base random=%s/bot-random --test greedy=%s/bot-greedy --t1 0.3 --record %s "
             "--log-dir %s 2>&1",
             support_bin_dir(), support_bin_dir(), support_bin_dir(), journal, support_scratch_path("logs"));
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "H1 accepted"), "%s", out);
    cr_assert(strstr(out, "pairs 1 "), "a plain status line at the first pair: %s", out);
    cr_assert(strstr(out, "test         margin, H0 t = 0, H1 t = 0.3"), "margin is the default: %s", out);
    snprintf(cmd, sizeof cmd, "%s/arena sprt --from %s --base random --test greedy --t1 0.3 2>&1", support_bin_dir(), journal);
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "H1 accepted"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena sprt --from %s --base random --test greedy --elo1 50 2>&1", support_bin_dir(), journal);
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 4, "%s", out);
    cr_assert(strstr(out, "inconclusive: the journal has no more pairs"), "%s", out);
    cr_assert(strstr(out, "pentanomial, H0 Elo = 0, H1 Elo = 50"), "Elo bounds mean the pentanomial: %s", out);
    snprintf(cmd, sizeof cmd, "%s/arena ratings %s 2>&1", support_bin_dir(), journal);
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 0, "%s", out);
    cr_assert(strstr(out, "duplicate pairs:"), "%s", out);
}

Test(cmd_sprt, the_summary_shows_both_statistics_with_the_head_to_head_labels)
{
    char cmd[4096], out[1 << 16];
    snprintf(cmd, sizeof cmd,
             "%s/arena sprt --concurrency 1 --max-pairs 6 --base 'g3=%s/bot-greedy --exchange 3' --test g=%s/bot-greedy "
             "--log-dir %s 2>&1",
             support_bin_dir(), support_bin_dir(), support_bin_dir(), support_scratch_path("logs"));
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 4, "%s", out);
    static const char *const lines[] = {
        "bots         test g against base g3", "pairs        6 (12 parties)", "W-D-L        ",
        "pentanomial  LL-LD-WL/DD-DW-WW ", "score        ", "margin       ", "LLR          ",
        "decision     inconclusive: max pairs reached",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        cr_assert(strstr(out, lines[i]), "no '%s' in %s", lines[i], out);
    cr_assert(strstr(out, "points per partie"), "%s", out);
}

/* Well-formed enough for any XML reader: one root, every element closed in
 * order, attribute values quoted, no bare '&' or '<' in text. */
static void check_xml(const char *text)
{
    char stack[32][32];
    int depth = 0, roots = 0;
    const char *p = strstr(text, "?>");
    cr_assert(!strncmp(text, "<?xml ", 6) && p, "no XML declaration");
    for (p += 2; *p; p++) {
        if (*p == '&') {
            cr_assert(!strncmp(p, "&amp;", 5) || !strncmp(p, "&lt;", 4) || !strncmp(p, "&gt;", 4) ||
                      !strncmp(p, "&quot;", 6), "a bare '&'");
            continue;
        }
        if (*p != '<') continue;
        const char *end = strchr(p, '>');
        cr_assert(end, "an unclosed tag");
        char name[32];
        int closing = p[1] == '/', empty = end[-1] == '/';
        size_t len = strcspn(p + 1 + closing, " />");
        cr_assert(len > 0 && len < sizeof name);
        snprintf(name, sizeof name, "%.*s", (int)len, p + 1 + closing);
        int quotes = 0;
        for (const char *q = p; q < end; q++) {
            cr_assert(*q != '<' || q == p, "'<' inside a tag");
            quotes += *q == '"';
        }
        cr_assert_eq(quotes % 2, 0, "an unquoted attribute in <%s>", name);
        if (closing) {
            cr_assert(depth > 0 && !strcmp(stack[depth - 1], name), "</%s> closes nothing open", name);
            depth--;
        } else if (!empty) {
            cr_assert_lt(depth, 32);
            roots += depth == 0;
            snprintf(stack[depth++], sizeof stack[0], "%s", name);
        } else {
            roots += depth == 0;
        }
        p = end;
    }
    cr_assert_eq(depth, 0, "unclosed elements");
    cr_assert_eq(roots, 1, "not one root element");
}

Test(cmd_sprt, a_stopped_test_resumes_from_its_journal_and_plots_svg)
{
    char cmd[4096], out[1 << 16];
    const char *journal = support_scratch_path("resume.jsonl"), *plot = support_scratch_path("plot.svg");
    const char *logs = support_scratch_path("logs");
    snprintf(cmd, sizeof cmd,
             "%s/arena sprt --concurrency 1 --max-pairs 3 --seed 9 --t1 0.25 --bank-ms 20000 --grace-ms 300 "
             "--reuse 4 --max-faults 5 --rule law49=false --base 'g3=%s/bot-greedy --exchange 3' "
             "--test g=%s/bot-greedy --journal %s --log-dir %s 2>&1",
             support_bin_dir(), support_bin_dir(), support_bin_dir(), journal, logs);
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 4, "%s", out);
    cr_assert(strstr(out, "pairs        3 (6 parties)"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena sprt --resume %s --t1 0.5 2>&1", support_bin_dir(), journal);
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "--t1 is fixed by the journal's header"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena sprt --resume %s --max-pairs 5 --concurrency 1 --plot %s --log-dir %s 2>&1",
             support_bin_dir(), journal, plot, logs);
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 4, "%s", out);
    cr_assert(strstr(out, "resumed: 3 pairs"), "%s", out);
    cr_assert(strstr(out, "pairs        5 (10 parties)"), "%s", out);
    cr_assert(strstr(out, "H1 t = 0.25"), "the header's bounds: %s", out);

    /* The journal holds the header and each partie once, with the rule. */
    FILE *f = fopen(journal, "r");
    cr_assert(f);
    int lines = 0, law49 = 0;
    char line[1 << 16];
    while (fgets(line, sizeof line, f)) {
        lines++;
        law49 += strstr(line, "\"law49\":\"false\"") != NULL;
    }
    fclose(f);
    cr_assert_eq(lines, 11, "a header and 10 parties");
    cr_assert_eq(law49, 10, "every partie under --rule law49=false");

    /* A resume of the same journal does the same again, playing nothing. */
    char again[1 << 16];
    snprintf(cmd, sizeof cmd, "%s/arena sprt --resume %s --max-pairs 5 2>&1", support_bin_dir(), journal);
    cr_assert_eq(support_run_stdout(cmd, again, sizeof again), 4, "%s", again);
    cr_assert(strstr(again, strstr(out, "pentanomial  ")), "the same counts: %s", again);

    f = fopen(plot, "r");
    cr_assert(f, "no plot");
    size_t n = fread(line, 1, sizeof line - 1, f);
    line[n] = '\0';
    fclose(f);
    check_xml(line);
    static const char *const parts[] = { "<svg xmlns=\"http://www.w3.org/2000/svg\"", "<title>g against g3",
                                         "class=\"llr\"", "class=\"interval\"", "class=\"estimate\"", "H1 +2.94",
                                         "H0 -2.94", "</svg>" };
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        cr_assert(strstr(line, parts[i]), "no '%s' in the plot", parts[i]);
    if (access("/usr/bin/xmllint", X_OK) == 0) {
        snprintf(cmd, sizeof cmd, "xmllint --noout %s 2>&1", plot);
        cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 0, "xmllint: %s", out);
    }
}

/* The same pairs (one at a time, deterministic bots, the same seed) under
 * both metrics with the same normalised bounds: greedy's margin over
 * greedy with at most 3 cards exchanged decides in fewer pairs. */
static int pairs_to_decide(const char *metric, char *out, size_t cap)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd,
             "%s/arena sprt --concurrency 1 --seed 3 --t1 0.2 --metric %s --base 'g3=%s/bot-greedy --exchange 3' "
             "--test g=%s/bot-greedy --log-dir %s 2>&1",
             support_bin_dir(), metric, support_bin_dir(), support_bin_dir(), support_scratch_path("logs"));
    cr_assert_eq(support_run_stdout(cmd, out, cap), 0, "%s", out);
    const char *at = strstr(out, "\npairs        ");
    cr_assert(at, "%s", out);
    return atoi(at + 14);
}

Test(cmd_sprt, the_margin_decides_in_fewer_pairs_than_the_pentanomial, .timeout = 60)
{
    char out[1 << 16];
    int margin = pairs_to_decide("margin", out, sizeof out);
    int pentanomial = pairs_to_decide("pentanomial", out, sizeof out);
    cr_assert_lt(margin, pentanomial, "margin %d pairs, pentanomial %d", margin, pentanomial);
}

Test(cmd_sprt, bounds_and_metric_must_agree)
{
    char cmd[1024], out[4096];
    static const struct { const char *args, *why; } cases[] = {
        { "--t1 0.2 --elo1 10", "one kind of bounds" },
        { "--metric margin --elo1 10", "bounds of the pentanomial" },
        { "--metric pentanomial --m1 5", "bounds of the margin" },
        { "--m0 1", "give --m1" },
        { "--t0 0.3 --t1 0.1", "t0 < t1" },
        { "--metric other", "not one of margin|pentanomial" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(cmd, sizeof cmd, "%s/arena sprt --base a=x --test b=y %s 2>&1", support_bin_dir(), cases[i].args);
        cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 2, "%s: %s", cases[i].args, out);
        cr_assert(strstr(out, cases[i].why), "%s: %s", cases[i].args, out);
    }
}

Test(cmd_sprt, two_copies_of_one_bot_stay_inconclusive_over_a_few_pairs)
{
    char cmd[4096], out[1 << 16];
    snprintf(cmd, sizeof cmd,
             "%s/arena sprt --quiet --base a=%s/bot-greedy --test b=%s/bot-greedy --elo0 0 --elo1 20 --max-pairs 4 "
             "--log-dir %s 2>&1",
             support_bin_dir(), support_bin_dir(), support_bin_dir(), support_scratch_path("logs"));
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 4, "%s", out);
    cr_assert(strstr(out, "inconclusive"), "%s", out);
}

Test(cmd_sprt, bad_usage_is_refused_with_the_reason)
{
    char cmd[1024], out[4096];
    snprintf(cmd, sizeof cmd, "%s/arena sprt --base x 2>&1", support_bin_dir());
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 2);
    cr_assert(strstr(out, "give --base and --test"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena sprt --base x --test y --elo0 10 --elo1 5 2>&1", support_bin_dir());
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 2, "%s", out);
    snprintf(cmd, sizeof cmd, "%s/arena sprt --from /nonexistent.jsonl --base x --test y 2>&1", support_bin_dir());
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 2);
    cr_assert(strstr(out, "cannot open"), "%s", out);
}

Test(cmd_sprt, a_bad_bot_name_is_refused_before_anything_runs, .timeout = 60)
{
    const char *dir = support_scratch_dir();
    char cmd[4096], out[8192];
    snprintf(cmd, sizeof cmd, "%s/arena sprt --quiet --max-pairs 1 --record '%s/s.jsonl' --base '../../x=%s/bot-random' "
             "--test r=%s/bot-random 2>&1", support_bin_dir(), dir, support_bin_dir(), support_bin_dir());
    cr_assert_eq(support_run_stdout(cmd, out, sizeof out), 2, "%s", out);
    cr_assert(strstr(out, "arena sprt: bot name '../../x' holds '/'"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s/s.jsonl", dir);
    cr_assert_neq(access(cmd, F_OK), 0, "parties were played");
}

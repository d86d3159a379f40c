/* test_cli.c - the command line people can trust (arena/options.h): one
 * parser for every command, help texts and README sections that list what
 * the commands accept, bots that cannot start stopped before any partie,
 * results formats read or refused, honest progress lines and numbers.
 * Every test runs real build/bin/arena processes in a directory of its own.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <arpa/inet.h>
#include <ctype.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "arena/options.h"
#include "arena/version.h"
#include "engine/piquet/rules.h"
#include "stats/table.h"

static char dir[64];

static void make_dir(void)
{
    snprintf(dir, sizeof dir, "/tmp/pq_cli_XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

static void remove_dir(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

TestSuite(cli, .init = make_dir, .fini = remove_dir);

static const char *bin(void)
{
    const char *b = getenv("BIN");
    return b ? b : "build/bin";
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    int c;
    while (f && (c = fgetc(f)) != EOF) fputc(c, mem);
    if (f) fclose(f);
    fclose(mem);
    return text;
}

struct run {
    int status;
    char *out, *err;
};

/* Runs `arena ARGS` in the test's directory, stdout and stderr kept. */
static struct run arena(const char *format, ...) __attribute__((format(printf, 1, 2)));
static struct run arena(const char *format, ...)
{
    char args[4096], cmd[8192], path[128];
    va_list ap;
    va_start(ap, format);
    vsnprintf(args, sizeof args, format, ap);
    va_end(ap);
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s/arena' %s > out 2> err < /dev/null", dir, bin(), args);
    int status = system(cmd);
    cr_assert(status != -1 && WIFEXITED(status), "%s", cmd);
    struct run r = { WEXITSTATUS(status), NULL, NULL };
    snprintf(path, sizeof path, "%s/out", dir);
    r.out = slurp(path);
    snprintf(path, sizeof path, "%s/err", dir);
    r.err = slurp(path);
    return r;
}

static void run_free(struct run *r)
{
    free(r->out);
    free(r->err);
}

/* A bot program of the build, as an absolute path. */
static const char *bot(const char *name)
{
    static char paths[4][1024];
    static int next;
    char *p = paths[next++ % 4];
    char real[1024];
    snprintf(p, 1024, "%s/bot-%s", bin(), name);
    if (realpath(p, real)) snprintf(p, 1024, "%s", real);
    return p;
}

/* The options a help text lists: "  --name" at the start of a line. */
static int help_flags(const char *help, char names[][64], int cap)
{
    int n = 0;
    for (const char *p = help; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        if (strncmp(p, "  --", 4)) continue;
        size_t len = strcspn(p + 4, " \n=");
        cr_assert_lt(n, cap);
        snprintf(names[n++], 64, "%.*s", (int)len, p + 4);
    }
    return n;
}

static int has(char names[][64], int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(names[i], name)) return 1;
    return 0;
}

Test(cli, every_help_lists_exactly_the_options_its_command_accepts, .timeout = 60)
{
    for (int c = 0; options_commands[c]; c++) {
        const struct command_spec *spec = options_commands[c];
        char names[64][64];
        struct run r = arena("%s --help", spec->name);
        cr_assert_eq(r.status, 0, "arena %s --help", spec->name);
        cr_assert(strstr(r.out, "usage: arena "), "%s", spec->name);
        int n = help_flags(r.out, names, 64);
        cr_assert_eq(n, spec->n_options, "arena %s --help lists %d options, the command takes %d", spec->name, n,
                     spec->n_options);
        for (int i = 0; i < spec->n_options; i++)
            cr_assert(has(names, n, options_option(spec->options[i].id)->name), "arena %s --help lacks --%s",
                      spec->name, options_option(spec->options[i].id)->name);
        /* Every listed option is accepted: a bad value or none may be
         * refused, but never as an unknown option. */
        for (int i = 0; i < n; i++) {
            struct run o = arena("%s --%s=@bad@", spec->name, names[i]);
            cr_assert_not(strstr(o.err, "unknown option"), "arena %s --%s: %s", spec->name, names[i], o.err);
            run_free(&o);
        }
        struct run u = arena("%s --no-such-option", spec->name);
        cr_assert_eq(u.status, 2, "arena %s --no-such-option", spec->name);
        cr_assert(strstr(u.err, "unknown option '--no-such-option'"), "%s", u.err);
        run_free(&u);
        run_free(&r);
    }
}

/* The options a README section names in its synopsis (the first code
 * block) and in its table rows ("| `--name ..."). */
static int readme_flags(const char *readme, const char *heading, char names[][64], int cap)
{
    const char *at = strstr(readme, heading);
    cr_assert_not_null(at, "README.md has no '%s'", heading);
    at += strlen(heading);
    const char *end = strstr(at, "\n### ");
    const char *block = strstr(at, "```\n"), *block_end = block ? strstr(block + 4, "```") : NULL;
    int n = 0;
    cr_assert(block && block_end && (!end || block < end), "%s: no synopsis", heading);
    for (const char *p = block; p < block_end; p++) {
        if (strncmp(p, "--", 2) || (p > block && p[-1] != ' ' && p[-1] != '[' && p[-1] != '|')) continue;
        size_t len = strcspn(p + 2, " ]|\n=,:)");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)len, p + 2);
        if (!has(names, n, name)) snprintf(names[n++], 64, "%s", name);
        cr_assert_lt(n, cap);
    }
    /* Table rows: the options in the first cell only. */
    for (const char *p = at; (p = strstr(p, "\n| `--")) && (!end || p < end); p++) {
        const char *cell_end = strchr(p + 2, '|');
        while (cell_end && cell_end[-1] == '\\') cell_end = strchr(cell_end + 1, '|');   /* an escaped \| */
        for (const char *q = p + 3; cell_end && q < cell_end; q++) {
            if (strncmp(q, "`--", 3)) continue;
            size_t len = strcspn(q + 3, " `\n=");
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)len, q + 3);
            if (!has(names, n, name)) snprintf(names[n++], 64, "%s", name);
            cr_assert_lt(n, cap);
        }
    }
    return n;
}

Test(cli, readme_command_sections_name_exactly_the_options_of_their_commands)
{
    static const struct { const char *heading; const char *commands[6]; } sections[] = {
        { "### arena run and arena resume", { "run", "resume" } },
        { "### arena post", { "post" } },
        { "### arena merge", { "merge" } },
        { "### arena match", { "match" } },
        { "### arena check", { "check" } },
        { "### arena sprt", { "sprt" } },
        { "### arena replay", { "replay" } },
        { "### arena bench",
          { "bench engine", "bench zmq", "bench harness", "bench start", "bench throughput", "bench serve" } },
        { "### arena ratings", { "ratings" } },
        { "### arena rules", { "rules" } },
        { "### arena keys", { "keys" } },
        { "### arena serve", { "serve" } },
    };
    char *readme = slurp("README.md");
    cr_assert_not_null(readme);
    for (size_t s = 0; s < sizeof sections / sizeof sections[0]; s++) {
        char documented[96][64], accepted[96][64];
        int n_doc = readme_flags(readme, sections[s].heading, documented, 96), n_acc = 0;
        for (int c = 0; c < 6 && sections[s].commands[c]; c++) {
            const struct command_spec *spec = options_command(sections[s].commands[c]);
            cr_assert_not_null(spec);
            for (int i = 0; i < spec->n_options; i++) {
                const char *name = options_option(spec->options[i].id)->name;
                if (!has(accepted, n_acc, name)) snprintf(accepted[n_acc++], 64, "%s", name);
            }
        }
        for (int i = 0; i < n_doc; i++)
            cr_assert(has(accepted, n_acc, documented[i]), "README '%s' names --%s, which no command there takes",
                      sections[s].heading, documented[i]);
        for (int i = 0; i < n_acc; i++)
            cr_assert(has(documented, n_doc, accepted[i]), "README '%s' does not name --%s", sections[s].heading,
                      accepted[i]);
    }
    free(readme);
}

Test(cli, a_negative_seed_is_refused_by_every_command_that_takes_one)
{
    static const char *const commands[] = { "match a b", "run --bot a=x --bot b=y", "sprt --base a --test b",
                                            "bench engine" };
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        struct run r = arena("%s --seed -5", commands[i]);
        cr_assert_eq(r.status, 2, "arena %s --seed -5", commands[i]);
        cr_assert(strstr(r.err, "bad value '-5' for --seed"), "%s: %s", commands[i], r.err);
        run_free(&r);
        r = arena("%s --seed=-5", commands[i]);
        cr_assert_eq(r.status, 2, "arena %s --seed=-5", commands[i]);
        run_free(&r);
    }
}

Test(cli, bad_values_and_misplaced_values_name_the_option_and_exit_2)
{
    struct run r = arena("run --pairs 0 --bot a=x --bot b=y");
    cr_assert_eq(r.status, 2);
    cr_assert(strstr(r.err, "bad value '0' for --pairs: not a whole number from 1 to 1000000"), "%s", r.err);
    run_free(&r);
    r = arena("match --quiet=yes a b");
    cr_assert_eq(r.status, 2);
    cr_assert(strstr(r.err, "--quiet takes no value"), "%s", r.err);
    run_free(&r);
    r = arena("match a b --move-ms");
    cr_assert_eq(r.status, 2);
    cr_assert(strstr(r.err, "--move-ms needs a value"), "%s", r.err);
    run_free(&r);
    r = arena("match --rule law49=maybe a b");
    cr_assert_eq(r.status, 2);
    cr_assert(strstr(r.err, "rules.law49: 'maybe' is not false or true"), "%s", r.err);
    run_free(&r);
    r = arena("sprt --base a --test b --alpha 2");
    cr_assert_eq(r.status, 2);
    cr_assert(strstr(r.err, "bad value '2' for --alpha"), "%s", r.err);
    run_free(&r);
    r = arena("ratings --format xml x.csv");
    cr_assert_eq(r.status, 2);
    cr_assert(strstr(r.err, "bad value 'xml' for --format: not one of table|json|csv|pgn"), "%s", r.err);
    run_free(&r);
}

Test(cli, an_option_takes_its_value_after_an_equals_sign_as_well)
{
    struct run a = arena("ratings --format csv --anchor Beta '%s/tests/fixtures/ratings/games.pgn'", getenv("PWD"));
    struct run b = arena("ratings --format=csv --anchor=Beta '%s/tests/fixtures/ratings/games.pgn'", getenv("PWD"));
    struct run c = arena("ratings --csv --anchor Beta '%s/tests/fixtures/ratings/games.pgn'", getenv("PWD"));
    cr_assert_eq(a.status, 0, "%s", a.err);
    cr_assert_eq(b.status, 0, "%s", b.err);
    cr_assert_eq(c.status, 0, "%s", c.err);
    cr_assert(strstr(a.out, "rank,bot,status"));
    cr_assert_str_eq(a.out, b.out);
    cr_assert_str_eq(a.out, c.out);
    run_free(&a);
    run_free(&b);
    run_free(&c);
}

Test(cli, version_is_printed_by_the_command_and_the_flag)
{
    struct run a = arena("--version"), b = arena("version");
    cr_assert_eq(a.status, 0);
    cr_assert_eq(b.status, 0);
    cr_assert(strstr(a.out, "piquet-arena") && strstr(a.out, ARENA_VERSION) && strstr(a.out, "protocols 1 and 2") &&
              strstr(a.out, "games: piquet"), "%s",
              a.out);
    cr_assert_str_eq(a.out, b.out);
    run_free(&a);
    run_free(&b);
}

Test(cli, a_bot_that_cannot_start_stops_every_command_before_the_first_partie, .timeout = 60)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "cd '%s' && printf '#!/bin/sh\\n' > notexec && chmod 644 notexec", dir);
    cr_assert_eq(system(cmd), 0);
    const char *random = bot("random");
    /* Each case: the arguments before the working bot, after it, and the
     * program that must be named. */
    struct { const char *before, *after, *program; } cases[] = {
        { "match --no-sandbox a=/nowhere/bot b=", "", "/nowhere/bot" },
        { "match --no-sandbox no-such-bot-program ", "", "no-such-bot-program" },
        { "match --journal j.jsonl a=./notexec b=", "", "./notexec" },
        { "run --no-sandbox --journal j.jsonl --bot a=./notexec --bot b=", "", "./notexec" },
        { "run --journal j.jsonl --bot a=/nowhere/bot --bot b=", "", "/nowhere/bot" },
        { "sprt --no-sandbox --record j.jsonl --base a=/nowhere/bot --test ", "", "/nowhere/bot" },
        { "check --no-sandbox --opponent ", " /nowhere/bot", "/nowhere/bot" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char args[1024], struct_path[128];
        snprintf(args, sizeof args, "%s%s%s", cases[i].before, random, cases[i].after);
        struct run r = arena("%s", args);
        cr_assert_eq(r.status, 2, "arena %s: exit %d, %s", args, r.status, r.err);
        cr_assert(strstr(r.err, "bot program '") && strstr(r.err, cases[i].program), "arena %s: %s", args, r.err);
        cr_assert_not(strstr(r.out, "partie"), "arena %s played: %s", args, r.out);
        snprintf(struct_path, sizeof struct_path, "%s/j.jsonl", dir);
        struct stat st;
        cr_assert(stat(struct_path, &st) != 0 || st.st_size == 0, "arena %s wrote a journal", args);
        run_free(&r);
    }
}

/* The option table is indexed by option id: an entry out of place would
 * give one option another's name, kind and range. */
Test(cli, every_option_sits_at_its_own_id_in_the_table)
{
    for (int id = 0; id < OPTIONS_COUNT; id++)
        cr_assert_eq((int)options_option((enum option_id)id)->id, id, "the option at %d is --%s", id,
                     options_option((enum option_id)id)->name);
}

Test(cli, arena_rules_lists_any_games_flags_and_a_bad_game_is_named)
{
    struct run rules = arena("rules --game belote-partnership"), bad = arena("rules --game bezique");
    cr_assert_eq(rules.status, 0, "%s", rules.err);
    for (int i = 0; i < belote_partnership_game.n_flags; i++)
        cr_assert(strstr(rules.out, belote_partnership_game.flags[i].name) &&
                  strstr(rules.out, belote_partnership_game.flags[i].help), "%s", rules.out);
    cr_assert(strstr(rules.out, "belote-partnership: 4 to 4 players"), "%s", rules.out);
    cr_assert(strstr(rules.out, "docs/rules-belote.md"), "%s", rules.out);
    cr_assert_eq(bad.status, 2);
    cr_assert(strstr(bad.err, "bad value 'bezique' for --game: not a game of this arena (piquet, belote"), "%s", bad.err);
    run_free(&rules);
    run_free(&bad);
}

Test(cli, arena_rules_and_run_help_list_the_engines_rule_flags)
{
    struct run rules = arena("rules"), help = arena("run --help");
    char values[160], line[300];
    cr_assert_eq(rules.status, 0);
    for (int i = 0; i < PQ_RULE_FLAGS; i++) {
        const struct pq_rule_flag *f = &pq_rule_flags[i];
        pq_rule_values_text(f, values, sizeof values);
        cr_assert(strstr(rules.out, f->name) && strstr(rules.out, values) && strstr(rules.out, f->help), "%s",
                  f->name);
        snprintf(line, sizeof line, "%s=%s (default %s)", f->name, values, f->fallback);
        cr_assert(strstr(help.out, line), "arena run --help lacks '%s'", line);
    }
    run_free(&rules);
    run_free(&help);
}

/* A small tournament of greedy and random in the test's directory. */
static struct run tournament(const char *extra)
{
    return arena("run --bot greedy=%s --bot random=%s --pairs 2 --concurrency 1 --journal t.jsonl %s", bot("greedy"),
                 bot("random"), extra);
}

Test(cli, ratings_refuses_the_summaries_of_run_results_naming_the_journal, .timeout = 60)
{
    struct run r = tournament("--quiet --results t.json");
    cr_assert_eq(r.status, 0, "%s", r.err);
    run_free(&r);
    r = arena("ratings t.json");
    cr_assert_eq(r.status, 2);
    cr_assert_str_empty(r.out);
    cr_assert(strstr(r.err, "t.json is the summary that arena run --results writes") &&
              strstr(r.err, "arena ratings t.jsonl"), "%s", r.err);
    run_free(&r);
    r = arena("ratings t.csv");
    cr_assert_eq(r.status, 2);
    cr_assert(strstr(r.err, "t.csv is the per-bot table that arena run --results writes"), "%s", r.err);
    run_free(&r);
    struct run a = arena("ratings --format json t.jsonl"), b = arena("ratings --json t.jsonl");
    cr_assert_eq(a.status, 0, "%s", a.err);
    cr_assert_str_eq(a.out, b.out);
    cr_assert(strstr(a.out, "\"left_out\""), "%s", a.out);
    run_free(&a);
    run_free(&b);
    r = arena("ratings --json --csv t.jsonl");
    cr_assert_eq(r.status, 2);
    run_free(&r);
}

Test(cli, the_progress_line_shows_no_rate_before_it_means_something, .timeout = 60)
{
    struct run r = tournament("--standings-every 2");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.out, "2 pairs per pairing: 4 parties (4 to play)"), "%s", r.out);
    cr_assert(strstr(r.out, "1/4 parties, leader"), "%s", r.out);
    cr_assert_not(strstr(r.out, "/s"), "a rate after at most 4 parties in well under a second? %s", r.out);
    cr_assert(strstr(r.out, "standings after 2 of 4 parties:"), "%s", r.out);
    cr_assert(strstr(r.out, "left out of the fit"), "random lost everything: %s", r.out);
    run_free(&r);
    r = arena("resume t.jsonl");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.out, "(0 to play)"), "%s", r.out);
    cr_assert_not(strstr(r.out, "/s"), "a rate on a resume with nothing to play: %s", r.out);
    run_free(&r);
    r = arena("run --bot a=%s --bot b=%s --pairs 1 --concurrency 1 --journal one.jsonl", bot("greedy"),
              bot("random"));
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.out, "1 pair per pairing: 2 parties"), "%s", r.out);
    run_free(&r);
}

Test(cli, no_number_prints_as_minus_zero)
{
    char path[128];
    snprintf(path, sizeof path, "%s/z.csv", dir);
    FILE *f = fopen(path, "w");
    /* Symmetric results: Elo 0 that the fit leaves a hair below zero. */
    fputs("first,second,score,pair,settlement\nA,B,1,p1\nB,A,1,p1\nA,C,1,p2\nC,A,1,p2\nB,C,0.5,p3\nC,B,1,p3\n"
          "C,B,0,p4\nB,C,0.5,p4\n", f);
    fclose(f);
    static const char *const forms[] = { "", "--head-to-head", "--csv", "--head-to-head --csv" };
    for (size_t i = 0; i < 4; i++) {
        struct run r = arena("ratings %s z.csv", forms[i]);
        cr_assert_eq(r.status, 0, "%s", r.err);
        /* A sign, not a dash between counts (2-1-1), before nothing but zeros. */
        for (const char *p = r.out; (p = strchr(p, '-')); p++)
            cr_assert(p == r.out || isalnum((unsigned char)p[-1]) || p[1] != '0' ||
                          strspn(p + 1, "0.") != strspn(p + 1, "0123456789."),
                      "ratings %s printed a minus zero: %s", forms[i], r.out);
        run_free(&r);
    }
    char text[64];
    snprintf(text, sizeof text, "%.2f -12.7..%.1f 1e-05 2-1-1 -0.5", -0.001, -0.01);
    table_unsign_zeros(text, 0);
    cr_assert_str_eq(text, "0.00 -12.7..0.0 1e-05 2-1-1 -0.5");
    snprintf(text, sizeof text, "%+.1f (%+.1f..%+.1f)", -0.04, -3.0, -0.01);
    table_unsign_zeros(text, 1);
    cr_assert_str_eq(text, "+0.0 (-3.0..+0.0)");
}

Test(cli, match_plays_pairs_and_prints_a_summary_unless_asked_for_the_transcript, .timeout = 60)
{
    struct run r = arena("match --pairs 2 --seed 7 g=%s r=%s", bot("greedy"), bot("random"));
    cr_assert_eq(r.status, 0, "%s", r.err);
    for (int k = 1; k <= 4; k++) {
        char line[32];
        snprintf(line, sizeof line, "partie %d, ", k);
        cr_assert(strstr(r.out, line), "%s", r.out);
    }
    cr_assert(strstr(r.out, "pair 2 (seed 8): "), "%s", r.out);
    cr_assert(strstr(r.out, "over 2 pairs"), "%s", r.out);
    cr_assert_not(strstr(r.out, "deck "), "%s", r.out);
    int lines = 0;
    for (const char *p = r.out; (p = strchr(p, '\n')); p++) lines++;
    cr_assert_leq(lines, 24, "one screen: %s", r.out);
    run_free(&r);
    r = arena("match --transcript --seed 7 g=%s r=%s", bot("greedy"), bot("random"));
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.out, "deck ") && strstr(r.out, "== pair (seed 7): "), "%s", r.out);
    run_free(&r);
}

Test(cli, post_to_an_unreachable_server_fails_and_says_so, .timeout = 60)
{
    /* A port nothing listens on: bound, then closed. */
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
    socklen_t len = sizeof a;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    cr_assert_eq(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
    cr_assert_eq(getsockname(fd, (struct sockaddr *)&a, &len), 0);
    close(fd);
    struct run r = arena("match --journal j.jsonl --quiet %s %s", bot("greedy"), bot("random"));
    cr_assert_eq(r.status, 0, "%s", r.err);
    run_free(&r);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "cd '%s' && echo 0123456789abcdef0123 > lb.token && chmod 600 lb.token", dir);
    cr_assert_eq(system(cmd), 0);
    r = arena("post j.jsonl --post http://127.0.0.1:%d --token-file lb.token --wait-ms 800", ntohs(a.sin_port));
    cr_assert_eq(r.status, 1, "%s", r.err);
    cr_assert(strstr(r.err, "2 parties not sent to http://127.0.0.1:") && strstr(r.err, "run arena post again"),
              "%s", r.err);
    cr_assert_not(strstr(r.err, "tournament goes on"), "%s", r.err);
    run_free(&r);
}

/* make keeps the bots' object files: before .SECONDARY every make deleted
 * them after linking and rebuilt them all the next time. */
Test(cli, the_build_keeps_the_bots_object_files)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/../obj/bots/bot_greedy.o", bin());
    cr_assert_eq(access(path, F_OK), 0, "%s was deleted by make", path);
    snprintf(path, sizeof path, "%s/../obj/bots/bot_random.o", bin());
    cr_assert_eq(access(path, F_OK), 0, "%s was deleted by make", path);
}

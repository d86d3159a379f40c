/* options.h - the one parser of the arena's command lines.
 *
 * Every option of every command is declared once in the table of
 * options.c (struct option: its name, the kind and range of its value, a
 * line of help), and each command (struct command_spec) lists the options
 * it takes, so that a flag means the same thing and is checked the same
 * way wherever it appears, and `arena CMD --help` is printed from the same
 * lists the parser reads. A tournament file and a journal's header go
 * through options_convert() too.
 *
 * Accepted forms: `--name value`, `--name=value`, `--flag`, and `-x value`
 * for the few options that have a letter (`-o J`); `--` ends the
 * options; `-h` or `--help` anywhere prints the command's help. Anything
 * else not starting with '-' (and a lone "-") is an operand. An unknown
 * option or a bad value stops the command with exit status 2 and a message
 * naming the option: "arena match: bad value '-5' for --seed: not a whole
 * number from 0 to 18446744073709551615".
 */
#ifndef ARENA_OPTIONS_H
#define ARENA_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

enum option_kind {
    OPTION_FLAG,          /* no value on a command line; true or false in a file */
    OPTION_INT,           /* a whole number from min to max */
    OPTION_UINT64,        /* a whole number from 0 to 2^64 - 1 (seeds) */
    OPTION_NUMBER,        /* a finite decimal number from min to max */
    OPTION_TEXT,          /* any text but the empty one */
    OPTION_PATH,          /* a file or directory name, not empty */
    OPTION_CHOICE,        /* one of `choices` ("a|b|c") */
    OPTION_RULE,          /* NAME=VALUE, a variant flag of a game (engine/game.h) */
    OPTION_GAME           /* a game's name (engine/game.h game_find) */
};

enum option_id {
    OPT_BOT, OPT_REMOTE, OPT_LISTEN, OPT_REMOTE_WAIT_MS, OPT_REMOTE_MAX_CONNECTIONS, OPT_FILE, OPT_SCHEDULE,
    OPT_PAIRS, OPT_SEED, OPT_CONCURRENCY, OPT_MOVE_MS, OPT_BANK_MS, OPT_GRACE_MS, OPT_RULE, OPT_JOURNAL,
    OPT_RESULTS, OPT_POST, OPT_TOKEN_FILE, OPT_LOG_DIR, OPT_NO_SANDBOX, OPT_BOT_NETWORK, OPT_REUSE,
    OPT_MAX_FAULTS, OPT_QUIET, OPT_STANDINGS_EVERY, OPT_TRANSCRIPT, OPT_OPPONENT, OPT_BASE, OPT_TEST,
    OPT_RECORD, OPT_ELO0, OPT_ELO1, OPT_ALPHA, OPT_BETA, OPT_MAX_PAIRS, OPT_OUTPUT_FORMAT, OPT_JSON, OPT_CSV,
    OPT_PGN, OPT_HEAD_TO_HEAD, OPT_ANCHOR, OPT_NO_ADVANTAGE, OPT_MIN_MATCHES, OPT_CHECK, OPT_COMPACT, OPT_WAIT_MS, OPT_SECONDS,
    OPT_RUNS, OPT_TRIPS, OPT_PARTIES, OPT_WIDE, OPT_PROCESSES, OPT_GAME, OPT_PLAYERS,
    OPT_METRIC, OPT_T0, OPT_T1, OPT_M0, OPT_M1, OPT_PLOT, OPT_RESUME, OPT_FROM, OPT_FILL,
    OPT_SERVER_KEY, OPT_INSECURE_REMOTE, OPT_DIR, OPT_BOTS, OPT_MAX_MATCHES,
    OPT_SHARD, OPT_OUTPUT, OPT_PARTIAL, OPT_ROUNDS, OPT_LEADERBOARD, OPT_PIN, OPT_START_AHEAD,
    OPTIONS_COUNT
};

struct option {
    enum option_id id;
    const char *name;             /* without the dashes: "move-ms" */
    enum option_kind kind;
    const char *value;            /* the value's name in help: "N", "FILE" */
    double min, max;              /* OPTION_INT, OPTION_NUMBER */
    const char *choices;          /* OPTION_CHOICE: "round-robin|gauntlet|swiss" */
    const char *alias;            /* a flag standing for another option's value: "format=json" */
    const char *help;
};

/* An option as one command takes it, with help of the command's own words
 * when the option's line does not say enough (NULL: the option's help). */
struct option_use {
    enum option_id id;
    const char *help;
};

struct command_spec {
    const char *name;             /* "match", "bench engine" */
    const char *usage;            /* synopsis lines, each after "arena " */
    const char *about;            /* what the command does: a paragraph */
    const struct option_use *options;
    int n_options;
    const char *trailer;          /* exit status, examples */
};

/* A value read and checked. */
struct option_value {
    const struct option *option;  /* the option it sets (an alias's target) */
    const char *text;             /* as given; for an alias, the value it stands for */
    long long integer;            /* OPTION_INT; OPTION_FLAG: 1 (or 0 for "false" in a file) */
    unsigned long long u64;       /* OPTION_UINT64 */
    double number;                /* OPTION_NUMBER */
};

/* Applies one option to the caller's settings. 0, or -1 with the reason
 * in err (printed as "arena CMD: err", exit status 2). */
typedef int (*options_apply_fn)(void *ctx, const struct option_value *v, char *err, size_t cap);

/* The spec of command `name` ("run", "bench engine"), or NULL. */
const struct command_spec *options_command(const char *name);

/* Every command spec, NULL-terminated (for tests and help). */
extern const struct command_spec *const options_commands[];

/* The option `name` (without dashes) as spec takes it, or NULL. */
const struct option *options_find(const struct command_spec *spec, const char *name);

/* The option with this id, from the one table. */
const struct option *options_option(enum option_id id);

/* Checks `text` as a value of o and fills out (an alias's target and value
 * when o is an alias; text NULL for a flag). 0, or -1 with
 * "bad value '-5' for --seed: not a whole number from 0 to
 * 18446744073709551615" in err. */
int options_convert(const struct option *o, const char *text, struct option_value *out, char *err, size_t cap);

/* Parses argv (the arguments after the command's name) in order, calling
 * apply (may be NULL) for each option and putting each operand into
 * operands (room for max_operands; one more is "unexpected 'x'"), counted
 * in *n_operands. Returns 0 to go on, or -1 when the command must stop
 * with *status: 0 after printing the help (--help), 2 after saying on
 * stderr what was wrong. */
int options_parse(const struct command_spec *spec, int argc, char **argv, options_apply_fn apply, void *ctx,
                  const char **operands, int max_operands, int *n_operands, int *status);

/* The help of a command: usage, about, one entry per option, trailer. */
void options_print_help(const struct command_spec *spec, FILE *out);

/* Says "arena CMD: WHY" and "(arena CMD --help lists the options)" on
 * stderr; returns 2, the exit status of bad usage. */
int options_usage_error(const struct command_spec *spec, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif

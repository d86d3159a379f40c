/* options.c - every option of the arena's commands, declared once, each
 * command's list of them, and the parser and help printer that read those
 * lists (options.h). A value is checked here, by its kind and range, the
 * same way for every command and for tournament files; what a value means
 * for a command's settings is the command's business (its apply callback).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "arena/options.h"
#include "arena/play/runner.h"
#include "engine/piquet/rules.h"

#define MS_MAX 3600000
#define SEED_HELP "master seed: the schedule and every pack (default 1)"
#define SANDBOX_HELP "run the bots without their sandbox (bubblewrap): UNSAFE for bots you did not write " \
                     "(README \"Running other people's bots\")"
#define LOG_HELP "bot logs go to DIR/RUN-ID/, one 0600 file per process (default $TMPDIR/piquet-arena-logs)"

static const struct option table[OPTIONS_COUNT] = {
    { OPT_BOT, "bot", OPTION_TEXT, "NAME=COMMAND", 0, 0, NULL, NULL,
      "a bot the arena starts (at least two bots in all), repeatable; a NAME is 1 to 32 bytes of UTF-8 "
      "without control characters, '/' or '=', and one name is one bot" },
    { OPT_REMOTE, "remote", OPTION_TEXT, "NAME=FILE", 0, 0, NULL, NULL,
      "a bot that starts itself and connects to --listen with the token in FILE (chmod 600; see the README), "
      "repeatable" },
    { OPT_LISTEN, "listen", OPTION_TEXT, "ENDPOINT", 0, 0, NULL, NULL,
      "where remote bots connect, tcp://HOST:PORT (e.g. tcp://0.0.0.0:5601)" },
    { OPT_REMOTE_WAIT_MS, "remote-wait-ms", OPTION_INT, "N", 1, 86400000, NULL, NULL,
      "how long a partie waits for a remote bot to be free (default 60000), then a timeout fault" },
    { OPT_REMOTE_MAX_CONNECTIONS, "remote-max-connections", OPTION_INT, "N", 1, 1024, NULL, NULL,
      "connections one remote bot may have at once (default 8); a hello past them is refused with bad_token" },
    { OPT_FILE, "file", OPTION_PATH, "F", 0, 0, NULL, NULL,
      "settings from a tournament file (JSON, the same keys as these options: {\"bots\": [...], \"pairs\": 20, "
      "...}); options after it override it" },
    { OPT_SCHEDULE, "format", OPTION_CHOICE, "F", 0, 0, "round-robin|gauntlet|swiss", NULL,
      "round-robin (default), gauntlet (the first bot against each other) or swiss (--rounds R, each pairing "
      "bots of like points who have not met; README \"Swiss\")" },
    { OPT_PAIRS, "pairs", OPTION_INT, "N", 1, 1000000, NULL, NULL, "duplicate pairs per pairing (default 10)" },
    { OPT_SEED, "seed", OPTION_UINT64, "N", 0, 0, NULL, NULL, SEED_HELP },
    { OPT_CONCURRENCY, "concurrency", OPTION_INT, "N", 1, 1024, NULL, NULL,
      "parties in flight at once (default: the number of cores)" },
    { OPT_MOVE_MS, "move-ms", OPTION_INT, "N", 0, MS_MAX, NULL, NULL, "free time per decision (default 1000)" },
    { OPT_BANK_MS, "bank-ms", OPTION_INT, "N", 0, MS_MAX, NULL, NULL,
      "time bank per partie beyond the free time (default 10000)" },
    { OPT_GRACE_MS, "grace-ms", OPTION_INT, "N", 0, MS_MAX, NULL, NULL, "transport tolerance (default 200)" },
    { OPT_RULE, "rule", OPTION_RULE, "NAME=VALUE", 0, 0, NULL, NULL,
      "a variant flag of docs/rules-piquet.md section 8, repeatable (arena rules lists them):" },
    { OPT_JOURNAL, "journal", OPTION_PATH, "FILE", 0, 0, NULL, NULL, "the journal" },
    { OPT_RESULTS, "results", OPTION_PATH, "FILE", 0, 0, NULL, NULL,
      "also write the results as JSON to FILE and as CSV to FILE with .csv for its extension" },
    { OPT_POST, "post", OPTION_TEXT, "URL", 0, 0, NULL, NULL, "post every finished partie to the leaderboard at URL" },
    { OPT_TOKEN_FILE, "token-file", OPTION_PATH, "F", 0, 0, NULL, NULL, "the leaderboard's token (first line of F)" },
    { OPT_LOG_DIR, "log-dir", OPTION_PATH, "DIR", 0, 0, NULL, NULL, LOG_HELP },
    { OPT_NO_SANDBOX, "no-sandbox", OPTION_FLAG, NULL, 0, 0, NULL, NULL, SANDBOX_HELP },
    { OPT_BOT_NETWORK, "bot-network", OPTION_FLAG, NULL, 0, 0, NULL, NULL,
      "let the sandboxed bots use the network (default: none)" },
    { OPT_REUSE, "reuse", OPTION_INT, "N", 1, RUNNER_REUSE_MAX, NULL, NULL,
      "parties one bot process may play (default 32, at most 64; 1: a fresh process every partie). A process "
      "never plays both parties of a duplicate pair, and one that faulted is replaced" },
    { OPT_MAX_FAULTS, "max-faults", OPTION_INT, "N", 0, 1000000, NULL, NULL,
      "faults after which a bot is disqualified: its remaining parties are recorded as forfeits (default 3; "
      "0: never)" },
    { OPT_QUIET, "quiet", OPTION_FLAG, NULL, 0, 0, NULL, NULL, "no progress lines" },
    { OPT_STANDINGS_EVERY, "standings-every", OPTION_INT, "N", 0, 1000000, NULL, NULL,
      "print the standings so far every N finished parties (default 0: only at the end)" },
    { OPT_TRANSCRIPT, "transcript", OPTION_FLAG, NULL, 0, 0, NULL, NULL,
      "print every deal's pack, exchanges, declarations and tricks instead of the summary" },
    { OPT_OPPONENT, "opponent", OPTION_TEXT, "COMMAND", 0, 0, NULL, NULL,
      "the opponent (default: bot-greedy --exchange 3 beside arena)" },
    { OPT_BASE, "base", OPTION_TEXT, "[NAME=]CMD", 0, 0, NULL, NULL,
      "the base version (with --from: its name in the journal)" },
    { OPT_TEST, "test", OPTION_TEXT, "[NAME=]CMD", 0, 0, NULL, NULL,
      "the version under test (with --from: its name in the journal)" },
    { OPT_RECORD, "record", OPTION_PATH, "FILE", 0, 0, NULL, NULL,
      "append every partie played to FILE (a journal), under a run id of this command's own" },
    { OPT_ELO0, "elo0", OPTION_NUMBER, "E", -2000, 2000, NULL, NULL, "H0: test is not better than E (default 0)" },
    { OPT_ELO1, "elo1", OPTION_NUMBER, "E", -2000, 2000, NULL, NULL, "H1: test is at least E better (default 10)" },
    { OPT_ALPHA, "alpha", OPTION_NUMBER, "A", 1e-9, 0.5, NULL, NULL, "false H1 rate (default 0.05)" },
    { OPT_BETA, "beta", OPTION_NUMBER, "B", 1e-9, 0.5, NULL, NULL, "false H0 rate (default 0.05)" },
    { OPT_MAX_PAIRS, "max-pairs", OPTION_INT, "N", 1, 1000000, NULL, NULL, "stop after N pairs (default 2000)" },
    { OPT_OUTPUT_FORMAT, "format", OPTION_CHOICE, "F", 0, 0, "table|json|csv|pgn", NULL,
      "table (default: for a terminal; names over 40 columns are cut and control characters escaped), json, "
      "csv or pgn" },
    { OPT_JSON, "json", OPTION_FLAG, NULL, 0, 0, NULL, "format=json", "the same as --format json" },
    { OPT_CSV, "csv", OPTION_FLAG, NULL, 0, 0, NULL, "format=csv", "the same as --format csv" },
    { OPT_PGN, "pgn", OPTION_FLAG, NULL, 0, 0, NULL, "format=pgn", "the same as --format pgn" },
    { OPT_HEAD_TO_HEAD, "head-to-head", OPTION_FLAG, NULL, 0, 0, NULL, NULL,
      "per pairing instead of per bot: W-D-L, pentanomial counts over duplicate pairs (LL-LD-WL/DD-DW-WW), "
      "score, Elo +- 95%, nElo, LOS and the mean settlement margin per partie with its 95% interval, and beside "
      "them the margin's normalised effect t with its interval and LOS, and the duplicate efficiency (rho) of "
      "the score and of the margin; without pairs, from the parties taken as independent. Combines with --format json or csv" },
    { OPT_ANCHOR, "anchor", OPTION_TEXT, "NAME[=RATING]", 0, 0, NULL, NULL,
      "fix NAME's rating at RATING (default 0) instead of a mean rating of 0" },
    { OPT_NO_ADVANTAGE, "no-advantage", OPTION_FLAG, NULL, 0, 0, NULL, NULL, "fit no first-dealer advantage" },
    { OPT_MIN_MATCHES, "min-matches", OPTION_INT, "N", 0, 1000000, NULL, NULL,
      "rank only bots with at least N matches (parties, or tables of a game of N seats) in at least 3 clusters "
      "(duplicate pairs or sets); the others are listed as provisional, unranked (default 20; 0: rank every "
      "rated bot)" },
    { OPT_CHECK, "check", OPTION_FLAG, NULL, 0, 0, NULL, NULL,
      "compare each fixture's result with its \"expect\" and print 'ok FILE' or 'FAIL FILE: why' instead of the "
      "result (for a journal: 'ok FILE:LINE partie N', and a count at the end)" },
    { OPT_COMPACT, "compact", OPTION_FLAG, NULL, 0, 0, NULL, NULL, "print each result on one line" },
    { OPT_WAIT_MS, "wait-ms", OPTION_INT, "N", 0, 86400000, NULL, NULL,
      "how long to retry while the server cannot be reached (default 30000)" },
    { OPT_SECONDS, "seconds", OPTION_NUMBER, "S", 0.001, 600, NULL, NULL, "seconds per run (default 1)" },
    { OPT_RUNS, "runs", OPTION_INT, "N", 1, 64, NULL, NULL, "runs (default 5 for engine, 3 for harness)" },
    { OPT_TRIPS, "trips", OPTION_INT, "N", 100, 10000000, NULL, NULL, "round trips (default 20000)" },
    { OPT_PARTIES, "parties", OPTION_INT, "N", 2, 100000, NULL, NULL, "parties per run (default 40)" },
    { OPT_WIDE, "wide", OPTION_INT, "N", 0, 1024, NULL, NULL,
      "parties in flight in the last level (default 256; 0: skip it)" },
    { OPT_PROCESSES, "processes", OPTION_INT, "N", 1, 10000, NULL, NULL, "processes to start (default 50)" },
    { OPT_GAME, "game", OPTION_GAME, "NAME", 0, 0, NULL, NULL,
      "the game (default piquet; arena version lists them, arena rules --game NAME its flags)" },
    { OPT_PLAYERS, "players", OPTION_INT, "N", 2, GAME_MAX_PLAYERS, NULL, NULL,
      "players at a table, where the game takes several (default: the game's)" },
    { OPT_METRIC, "metric", OPTION_CHOICE, "M", 0, 0, "margin|pentanomial", NULL,
      "what a duplicate pair counts as: margin (the default; with --elo0/--elo1, pentanomial): the test bot's "
      "settlement points over the pair, normal model; pentanomial: its score over the pair, 0 to 2" },
    { OPT_T0, "t0", OPTION_NUMBER, "T", -10, 10, NULL, NULL,
      "H0 as a normalised effect mean/sd of the pair values (default 0; bounds of either metric)" },
    { OPT_T1, "t1", OPTION_NUMBER, "T", -10, 10, NULL, NULL,
      "H1 as a normalised effect (default 0.1 when no other bounds are given)" },
    { OPT_M0, "m0", OPTION_NUMBER, "P", -100000, 100000, NULL, NULL,
      "H0 as the test bot's margin in points per partie (default 0 with --m1; margin only)" },
    { OPT_M1, "m1", OPTION_NUMBER, "P", -100000, 100000, NULL, NULL, "H1 as points per partie (margin only)" },
    { OPT_PLOT, "plot", OPTION_PATH, "FILE.svg", 0, 0, NULL, NULL,
      "draw the LLR against its bounds and the estimate with its 95% interval, pair by pair, as SVG" },
    { OPT_RESUME, "resume", OPTION_PATH, "JOURNAL", 0, 0, NULL, NULL,
      "continue the test of JOURNAL (written with --journal) where it stopped" },
    { OPT_FROM, "from", OPTION_PATH, "FILE", 0, 0, NULL, NULL,
      "test the pairs of a finished journal (any arena journal) instead of playing; --base and --test are "
      "then names" },
    { OPT_FILL, "fill", OPTION_TEXT, "[NAME=]CMD", 0, 0, NULL, NULL,
      "a bot taking one of the other seats of a table of three or more independent seats, repeatable: the "
      "test and the base sit at the same tables with them, in duplicate sets" },
    { OPT_SERVER_KEY, "server-key", OPTION_PATH, "FILE.key", 0, 0, NULL, NULL,
      "the arena's CURVE key pair (arena keys new): remote bots connect to --listen encrypted, and authenticate "
      "the arena by its public key" },
    { OPT_INSECURE_REMOTE, "insecure-remote", OPTION_FLAG, NULL, 0, 0, NULL, NULL,
      "let remote bots connect to a --listen address other than loopback without --server-key (their tokens "
      "and cards then cross the network in clear)" },
    { OPT_DIR, "dir", OPTION_PATH, "DIR", 0, 0, NULL, NULL, "the directory the files go to (default: .)" },
    { OPT_BOTS, "bots", OPTION_PATH, "FILE", 0, 0, NULL, NULL,
      "the registered bots, a line each: NAME and its CURVE public key (or a file holding it); read again "
      "whenever it changes: a new line registers a bot, a line removed retires it at once" },
    { OPT_MAX_MATCHES, "max-matches", OPTION_INT, "N", 0, 100000000, NULL, NULL,
      "stop after N matches (default 0: never)" },
    { OPT_SHARD, "shard", OPTION_TEXT, "K/N", 0, 0, NULL, NULL,
      "play only shard K of N (K from 0): the duplicate pairs or sets of the schedule dealt in turn, the j-th "
      "to shard j mod N, with the tournament's seed, seats and packs; arena merge joins the shards' journals" },
    { OPT_OUTPUT, "output", OPTION_PATH, "FILE", 0, 0, NULL, NULL, "the journal to write; must be new" },
    { OPT_PARTIAL, "partial", OPTION_FLAG, NULL, 0, 0, NULL, NULL,
      "write the journal even when matches are missing (they are listed); arena resume plays them" },
    { OPT_ROUNDS, "rounds", OPTION_INT, "R", 1, 1000, NULL, NULL,
      "rounds of a Swiss (--format swiss; required there): each pairs the bots by their points so far" },
    { OPT_LEADERBOARD, "leaderboard", OPTION_TEXT, "URL", 0, 0, NULL, NULL,
      "take the registered bots of the game from the leaderboard at URL (GET /api/v1/bots, again every 2 s: a "
      "retired bot is refused at once), report who is connected there, and post every match there (unless "
      "--post says where); takes --token-file" },
    { OPT_PIN, "pin", OPTION_CHOICE, "WHEN", 0, 0, "auto|on|off", NULL,
      "keep the arena's own threads on the processor it starts on: auto (default) with at most 2 parties in "
      "flight, where it saves a wake-up of another processor at every decision; on; off. Bots are never pinned "
      "(README \"Where the arena runs\")" },
    { OPT_START_AHEAD, "start-ahead", OPTION_CHOICE, "WHEN", 0, 0, "on|off", NULL,
      "start the bot processes the next partie needs while the parties in flight are played (on, the default: "
      "their start-up overlaps play), or each partie's when it begins (off)" },
};

/* The options that have a one-letter spelling too (-o FILE). */
static const struct { enum option_id id; char letter; } letters[] = { { OPT_OUTPUT, 'o' } };

static char letter_of(const struct option *o)
{
    for (size_t i = 0; i < sizeof letters / sizeof letters[0]; i++)
        if (letters[i].id == o->id) return letters[i].letter;
    return 0;
}

#define USES(list) list, (int)(sizeof list / sizeof list[0])
#define NAME_RULE "A NAME is 1 to 32 bytes of UTF-8 without control characters, '/' or '='."

/* ---- run and resume ------------------------------------------------------------ */

static const struct option_use run_options[] = {
    { OPT_BOT, NULL }, { OPT_REMOTE, NULL }, { OPT_LISTEN, NULL }, { OPT_REMOTE_WAIT_MS, NULL },
    { OPT_REMOTE_MAX_CONNECTIONS, NULL }, { OPT_SERVER_KEY, NULL }, { OPT_INSECURE_REMOTE, NULL },
    { OPT_FILE, NULL }, { OPT_SCHEDULE, NULL }, { OPT_ROUNDS, NULL },
    { OPT_PAIRS, "duplicate pairs (sets) per pairing, or per table and round in a Swiss (default 10)" },
    { OPT_SEED, NULL }, { OPT_CONCURRENCY, NULL }, { OPT_PIN, NULL }, { OPT_START_AHEAD, NULL }, { OPT_MOVE_MS, NULL },
    { OPT_BANK_MS, NULL }, { OPT_GRACE_MS, NULL }, { OPT_RULE, NULL }, { OPT_GAME, NULL }, { OPT_PLAYERS, NULL },
    { OPT_SHARD, NULL },
    { OPT_JOURNAL, "the journal (default tournament.jsonl); must be new" },
    { OPT_RESULTS, NULL }, { OPT_POST, NULL }, { OPT_TOKEN_FILE, NULL },
    { OPT_LOG_DIR, "bot logs go to DIR/RUN-ID/, 0600 files in a 0700 directory (default: arena-logs beside the "
                   "journal); each capped at 10 MiB" },
    { OPT_NO_SANDBOX, NULL }, { OPT_BOT_NETWORK, NULL }, { OPT_REUSE, NULL }, { OPT_MAX_FAULTS, NULL },
    { OPT_STANDINGS_EVERY, NULL }, { OPT_QUIET, NULL },
};

static const struct command_spec run_spec = {
    "run",
    "run --bot NAME=COMMAND --bot NAME=COMMAND [...] [OPTIONS]\n"
    "run --file TOURNAMENT.json [OPTIONS]",
    "Plays a tournament of duplicate pairs (each pairing on the same packs twice, seats swapped, no process "
    "seeing a pack twice), several parties at once on one socket, appends every finished partie to the journal "
    "(fsync'd), and prints the standings (arena ratings), a crosstable and the faults at the end. SIGINT or "
    "SIGTERM stops cleanly: parties in flight are abandoned, the journal keeps every finished one, and arena "
    "resume continues where it stopped. " NAME_RULE,
    USES(run_options),
    "exit status: 0 finished; 1 the arena failed; 2 bad usage or a bot that cannot start; 130 interrupted.\n"
    "\n"
    "example: arena run --bot greedy=build/bin/bot-greedy --bot random=build/bin/bot-random \\\n"
    "             --pairs 20 --journal t.jsonl --results t.json\n"
};

static const struct option_use resume_options[] = {
    { OPT_CONCURRENCY, NULL }, { OPT_PIN, NULL }, { OPT_START_AHEAD, NULL }, { OPT_POST, NULL }, { OPT_TOKEN_FILE, NULL },
    { OPT_NO_SANDBOX, NULL }, { OPT_STANDINGS_EVERY, NULL },
    { OPT_RESULTS, "write the results as JSON to FILE and as CSV beside it at the end (of a finished journal, "
                   "such as one arena merge wrote: at once)" },
    { OPT_QUIET, NULL },
};

static const struct command_spec resume_spec = {
    "resume",
    "resume JOURNAL [OPTIONS]",
    "Continues the tournament of JOURNAL: reads every setting from its header, skips every partie already "
    "recorded, cuts a torn last line left by a crash, and plays the rest; the options below override the "
    "header's.",
    USES(resume_options),
    "exit status: 0 finished; 1 the arena failed; 2 bad usage or a bot that cannot start; 130 interrupted.\n"
};

/* ---- match, check, sprt --------------------------------------------------------- */

static const struct option_use match_options[] = {
    { OPT_GAME, NULL }, { OPT_PLAYERS, NULL },
    { OPT_PAIRS, "duplicate pairs (duplicate sets, in a game of three or more seats) to play, each on packs of "
                 "its own (default 1)" },
    { OPT_SEED, "master seed of the packs (default 1)" }, { OPT_MOVE_MS, NULL }, { OPT_BANK_MS, NULL },
    { OPT_GRACE_MS, NULL }, { OPT_RULE, NULL }, { OPT_LOG_DIR, NULL }, { OPT_NO_SANDBOX, NULL },
    { OPT_BOT_NETWORK, NULL },
    { OPT_JOURNAL, "append every partie record to FILE (JSON lines; see arena replay), under a run id of this "
                   "match's own" },
    { OPT_TRANSCRIPT, NULL },
    { OPT_QUIET, "only the final line (with --transcript: only each deal's score and the results)" },
};

static const struct command_spec match_spec = {
    "match",
    "match [OPTIONS] BOT_A BOT_B\nmatch --game GAME [--players N] [OPTIONS] BOT...",
    "Plays duplicate pairs between two bot programs: in each pair, one partie with A dealing first and one on "
    "the same packs with B dealing first (fresh processes), and prints a summary of each partie and the "
    "result. With --game, a duplicate set of that game: the same packs at every seating (two programs: the "
    "sides swapped; three seats: the six orders; four or more: each rotation), one bot per team of the table. "
    "A bot is NAME=COMMAND or COMMAND (then the name the bot gives in its hello is used); COMMAND runs "
    "under /bin/sh with PIQUET_ENDPOINT and PIQUET_TOKEN set. " NAME_RULE,
    USES(match_options),
    "exit status: 0 played (whatever the result); 1 the arena failed; 2 bad usage or a bot that cannot start.\n"
    "\n"
    "example: arena match greedy=build/bin/bot-greedy random=build/bin/bot-random --seed 7\n"
    "         arena match --game belote --players 4 'r1=build/bin/bot-random --game belote' \\\n"
    "             'r2=build/bin/bot-random --seed 2 --game belote' 'r3=build/bin/bot-random --seed 3 --game belote' \\\n"
    "             'r4=build/bin/bot-random --seed 4 --game belote'\n"
};

static const struct option_use check_options[] = {
    { OPT_GAME, "the game (default piquet; or belote, belote-marseillaise, belote-partnership, coinche, tarot, "
                "tarocchini)" },
    { OPT_PLAYERS, "players at the table (belote: 2, 3 or 4; tarot: 3, 4 or 5; default: the game's)" },
    { OPT_MOVE_MS, "time per decision (default 1000; bank 10000)" },
    { OPT_OPPONENT, "the opponent (default: bot-greedy --exchange 3 beside arena; with --game: bot-greedy --game "
                    "GAME, one copy per other seat)" },
    { OPT_LOG_DIR, NULL }, { OPT_NO_SANDBOX, NULL }, { OPT_BOT_NETWORK, NULL },
};

static const struct command_spec check_spec = {
    "check",
    "check [OPTIONS] BOT",
    "Takes a bot through every phase and rare case of Piquet (carte blanche for either seat and against it, "
    "exchanges, calls, answers, extras, an equal class, untaken cards and look/nolook, leads and follows, a "
    "capot hand, deal and partie ends) in two parties on constructed packs, and reports each check as passed, "
    "FAILED (with the reason), or not reached (the bot's own choices avoided it; not a failure). With --game, "
    "that game's own list, on constructed packs and then seeded ones: for a Belote form both bidding rounds and "
    "the turn-up, the Seven of trumps, melds and the engine's comparison, belote-rebelote, leads and follows, a "
    "capot, a maker's failure and points held en reserve across deals; for Coinche, French Tarot and Tarocchini "
    "their auctions, contracts, exchanges or discards, announcements, leads and follows and deal ends (each "
    "game's situations, engine/game.h struct game_check). BOT is NAME=COMMAND or COMMAND. " NAME_RULE,
    USES(check_options),
    "exit status: 0 no check failed; 1 a check failed or the arena failed; 2 bad usage or a bot that cannot "
    "start.\n"
    "\n"
    "example: arena check build/bin/bot-random\n"
    "         arena check --game belote --players 4 'build/bin/bot-random --game belote'\n"
    "         arena check --game tarot --players 5 'build/bin/bot-greedy --game tarot'\n"
};

static const struct option_use sprt_options[] = {
    { OPT_BASE, NULL }, { OPT_TEST, NULL }, { OPT_METRIC, NULL }, { OPT_T0, NULL }, { OPT_T1, NULL },
    { OPT_M0, NULL }, { OPT_M1, NULL }, { OPT_ELO0, "H0 in logistic Elo: test is not better than E (pentanomial "
                                                     "only; default 0)" },
    { OPT_ELO1, "H1 in logistic Elo: test is at least E better (pentanomial only; default 10)" },
    { OPT_ALPHA, NULL }, { OPT_BETA, NULL }, { OPT_MAX_PAIRS, NULL },
    { OPT_SEED, "master seed of the packs (default 1)" }, { OPT_MOVE_MS, NULL }, { OPT_BANK_MS, NULL },
    { OPT_GRACE_MS, NULL }, { OPT_RULE, NULL }, { OPT_GAME, "the game (default piquet): two players, or a "
                                                             "partnership game with one program per side" },
    { OPT_PLAYERS, NULL }, { OPT_FILL, NULL }, { OPT_CONCURRENCY, NULL }, { OPT_PIN, NULL }, { OPT_START_AHEAD, NULL },
    { OPT_REUSE, NULL },
    { OPT_MAX_FAULTS, "faults of one bot after which the test stops, inconclusive (default 3; 0: never); each "
                      "fault forfeits its partie" },
    { OPT_LOG_DIR, NULL }, { OPT_NO_SANDBOX, NULL }, { OPT_BOT_NETWORK, NULL },
    { OPT_JOURNAL, "write the test's settings and every partie to FILE (must be new), so that --resume "
                   "continues it" },
    { OPT_RESUME, NULL }, { OPT_FROM, NULL }, { OPT_RECORD, NULL }, { OPT_PLOT, NULL },
    { OPT_QUIET, "no status line and no summary: only the verdict" },
};

static const struct command_spec sprt_spec = {
    "sprt",
    "sprt --base [NAME=]CMD --test [NAME=]CMD [OPTIONS]\n"
    "sprt --resume JOURNAL [OPTIONS]\n"
    "sprt --from FILE --base NAME --test NAME [OPTIONS]",
    "Is the test version better than the base? Plays duplicate pairs (the same packs twice, seats swapped) "
    "and after each pair updates a generalised SPRT; stops at a bound or after --max-pairs. The metric is the "
    "pair's point margin by default (the test bot's settlement points over the pair, a normal model: pairs "
    "whose two parties split one win each still say who played them better), or the pentanomial of pair "
    "scores; both are shown whichever decides. Bounds: --t0/--t1 (normalised effect, either metric), "
    "--m0/--m1 (points per partie, margin) or --elo0/--elo1 (logistic Elo, pentanomial); one kind at a time. "
    "On a terminal one status line updates in place (pairs, LLR and bounds, margin and t, score and Elo with "
    "their intervals); otherwise a plain line every 10 pairs. A summary ends it. SIGINT or SIGTERM stops "
    "cleanly; with --journal, --resume continues. " NAME_RULE,
    USES(sprt_options),
    "exit status: 0 H1 accepted (test is better); 3 H0 accepted; 4 inconclusive (max pairs reached, or a bot\n"
    "over --max-faults); 1 the arena failed; 2 bad usage or a bot that cannot start; 130 interrupted.\n"
    "Estimates shown after a sequential stop are biased away from zero.\n"
    "\n"
    "example: arena sprt --base build/bin/bot-random --test build/bin/bot-greedy --t1 0.3\n"
};

/* ---- serve ----------------------------------------------------------------------- */

static const struct option_use serve_options[] = {
    { OPT_GAME, NULL }, { OPT_PLAYERS, NULL }, { OPT_RULE, NULL },
    { OPT_LISTEN, "where bots connect, tcp://HOST:PORT, with CURVE (required)" },
    { OPT_SERVER_KEY, "the arena's CURVE key pair (required; arena keys new)" }, { OPT_BOTS, NULL },
    { OPT_LEADERBOARD, NULL },
    { OPT_JOURNAL, "the ladder's journal, which must be new (every match; --resume continues it)" },
    { OPT_RESUME, "continue the ladder of JOURNAL (its game, rules, seed and clocks; its match ids and counts)" },
    { OPT_POST, "post every finished match to the leaderboard at URL" }, { OPT_TOKEN_FILE, NULL },
    { OPT_CONCURRENCY, "matches in flight at once (default 2, at most 64)" }, { OPT_PIN, NULL },
    { OPT_REMOTE_MAX_CONNECTIONS, NULL },
    { OPT_REMOTE_WAIT_MS, "how long a match of a set waits for its bot's connection (default 30000), then a "
                          "timeout fault" },
    { OPT_SEED, "master seed of the sets' packs (default 1)" }, { OPT_MOVE_MS, NULL }, { OPT_BANK_MS, NULL },
    { OPT_GRACE_MS, NULL }, { OPT_MAX_MATCHES, NULL }, { OPT_LOG_DIR, NULL }, { OPT_QUIET, NULL },
};

static const struct command_spec serve_spec = {
    "serve",
    "serve --listen tcp://HOST:PORT --server-key FILE.key (--bots FILE | --leaderboard URL) --journal FILE [OPTIONS]\n"
    "serve --resume JOURNAL --listen tcp://HOST:PORT --server-key FILE.key (--bots FILE | --leaderboard URL) [OPTIONS]",
    "The ladder arena: runs until stopped, admitting only the registered bots' CURVE keys, and keeps duplicate "
    "sets going between the bots connected now: the bot with the fewest matches first, against the bots whose "
    "mean score is closest to its own, never the same table twice in a row when another is possible. Every "
    "match is journaled and, with --post, sent to the leaderboard as it ends. A bot may hold several "
    "connections; one that disconnects in a match forfeits it and is not scheduled until it is back; after 3 "
    "faults in a row a bot is paused for 30 s, doubled each time up to 10 minutes. SIGINT or SIGTERM stops: "
    "matches in flight are abandoned, never half-written.",
    USES(serve_options),
    "exit status: 0 stopped; 1 the arena failed; 2 bad usage.\n"
    "\n"
    "example: arena serve --game belote --players 4 --listen tcp://0.0.0.0:5601 --server-key arena.key \\\n"
    "             --bots bots.txt --journal ladder.jsonl --post http://127.0.0.1:8080 --token-file lb.token\n"
};

/* ---- keys ------------------------------------------------------------------------ */

static const struct option_use keys_options[] = {
    { OPT_DIR, NULL },
};

static const struct command_spec keys_spec = {
    "keys",
    "keys new NAME [--dir DIR]",
    "Makes a CURVE key pair (ZeroMQ's CurveZMQ): DIR/NAME.key holds the pair and is readable by you alone "
    "(0600); DIR/NAME.pub holds the public key, printed too, to give away. An arena listening for remote bots "
    "takes its pair with --server-key; a bot takes the arena's public key in PIQUET_SERVER_KEY and, to be known "
    "by its own key, its pair in PIQUET_KEY_FILE. Existing files are never overwritten.",
    USES(keys_options),
    "exit status: 0 written; 1 the files could not be written; 2 bad usage.\n"
    "\n"
    "example: arena keys new arena --dir keys\n"
};

/* ---- ratings, replay, post ------------------------------------------------------- */

static const struct option_use ratings_options[] = {
    { OPT_OUTPUT_FORMAT, NULL }, { OPT_JSON, NULL }, { OPT_CSV, NULL }, { OPT_PGN, NULL },
    { OPT_HEAD_TO_HEAD, NULL }, { OPT_ANCHOR, NULL }, { OPT_NO_ADVANTAGE, NULL }, { OPT_MIN_MATCHES, NULL },
};

static const struct command_spec ratings_spec = {
    "ratings",
    "ratings [--format table|json|csv|pgn] [--head-to-head] [--anchor NAME[=RATING]] [--no-advantage] "
    "[--min-matches N] FILE...",
    "Rates bots from finished parties: maximum-likelihood Bradley-Terry Elo with a fitted first-dealer "
    "advantage (Ordo's model, standard Elo scale), 95% intervals from the cluster-robust covariance over "
    "duplicate pairs, the model (Hessian) error, and the likelihood of superiority (LOS) of each bot over the "
    "one ranked next below it. Bots that cannot be rated (all wins, all losses, no parties, or separated: beat "
    "every bot of one group and lost to every bot of another) are listed apart with the reason and the number "
    "of their parties left out of the fit.",
    USES(ratings_options),
    "Input: one or more files; bots are merged by name.\n"
    "  NAME.pgn   PGN games (what Ordo and BayesElo read): [White] is the first\n"
    "             dealer, [Result] 1-0, 0-1 or 1/2-1/2 (\"*\" is skipped). Each\n"
    "             game is a cluster of its own: PGN cannot mark duplicate pairs.\n"
    "  NAME.jsonl a journal (arena run, arena match --journal, arena sprt --record):\n"
    "             every partie record; the two parties on one seed between the\n"
    "             same bots are a duplicate pair; a torn last line is skipped.\n"
    "  other      a results file: CSV with the header line\n"
    "               first,second,score,pair,settlement\n"
    "             first       the first dealer's name\n"
    "             second      the other bot's name\n"
    "             score       the first dealer's score: 1, 0.5 or 0\n"
    "             pair        optional duplicate-pair id, shared by the two\n"
    "                         parties of a pair (same deal seeds, seats swapped);\n"
    "                         empty: the partie is a cluster of its own. Ids are\n"
    "                         local to their file.\n"
    "             settlement  optional integer: the first dealer's settlement in\n"
    "                         points (negative when he lost)\n"
    "             Lines starting with '#' are comments; trailing empty fields may\n"
    "             be left out. Quote a field holding a comma or a quote, or a\n"
    "             name starting with '#', as RFC 4180 does: \"Bot \"\"X\"\", v2\".\n"
    "             Names are UTF-8. Every file must hold at least one partie.\n"
    "  The summary files of arena run --results (its JSON and CSV) hold counts,\n"
    "  not parties: they are refused with the journal to rate instead.\n"
    "\n"
    "--format json prints one object: \"bots\" (name, rank, status, group, rating,\n"
    "ci_low, ci_high, se_model, se_robust, parties, score, score_pct, los_next,\n"
    "left_out), \"advantage\", \"anchor\", \"pairs\", \"rho\", \"los\", ...; csv the\n"
    "standings, one record per bot (RFC 4180 quoting); pgn the parties, to\n"
    "cross-check with Ordo (ordo -p out.pgn -a 0 -z 200.2409 -W); pairs and\n"
    "settlements are not kept.\n"
    "\n"
    "exit status: 0 done; 1 out of memory or cannot write; 2 bad usage or bad\n"
    "input (stderr names the file and line; nothing is written to stdout).\n"
    "\n"
    "example: arena ratings tests/fixtures/ratings/games.pgn\n"
};

static const struct option_use replay_options[] = { { OPT_CHECK, NULL }, { OPT_COMPACT, NULL } };

static const struct command_spec replay_spec = {
    "replay",
    "replay [--check] [--compact] FILE...",
    "Re-executes each deal record ({\"deck\", \"rules\", \"actions\"}) or partie record ({\"first_dealer\", "
    "\"deals\", \"rules\"}) through the engine and prints its result as JSON, one document per file; a record "
    "naming its game ({\"game\": \"belote\", \"players\": 4, ...}: a deal, or a match with \"deals\") is replayed "
    "through that game. A worked-deal fixture ({\"record\", \"expect\"}) is replayed as its record. A journal (a "
    "FILE ending in .jsonl, as arena run writes) has each partie or match record replayed and its totals, winner "
    "and points compared with the engine's (a forfeit: the deals played replay and the score is the fault "
    "policy's); one result per line. A journal line that is not exactly one record of a known type, or a partie "
    "or match that appears twice in one run, stops it with exit status 2 naming the line.",
    USES(replay_options),
    "exit status: 0 all replayed (and matched); 1 an illegal action, or a record\n"
    "that ends before its deal or match is over (stderr says 'action N (ACTION): why',\n"
    "N counting from 0, after 'deal D: ' in a match record, ACTION 'end' for a record\n"
    "that stops early); 2 unreadable input (bad JSON, pack, game, rule or value);\n"
    "3 a --check mismatch.\n"
    "\n"
    "example: arena replay tests/fixtures/deals/D1-cavendish-example.json\n"
};

static const struct option_use post_options[] = {
    { OPT_POST, "the leaderboard" }, { OPT_TOKEN_FILE, NULL }, { OPT_WAIT_MS, NULL },
    { OPT_QUIET, "no counts on stdout" },
};

static const struct command_spec post_spec = {
    "post",
    "post JOURNAL --post URL --token-file F [--wait-ms N] [--quiet]",
    "Posts to the leaderboard at URL every partie of JOURNAL it has not yet acknowledged (a run with --post "
    "marks what the server accepted; the rest is sent here). The server keeps each partie once, so nothing is "
    "duplicated. While the server cannot be reached it retries with backoff for up to --wait-ms, then gives up "
    "and says so; the parties stay unsent in the journal for the next arena post.",
    USES(post_options),
    "exit status: 0 every partie is on the leaderboard; 1 some are not (unreachable,\n"
    "refused token, or refused records: see stderr); 2 bad usage.\n"
    "\n"
    "example: arena post t.jsonl --post http://127.0.0.1:8080 --token-file lb.token\n"
};

static const struct option_use merge_options[] = {
    { OPT_OUTPUT, "the merged journal; must be new" }, { OPT_PARTIAL, NULL },
    { OPT_QUIET, "say nothing when every match is there" },
};

static const struct command_spec merge_spec = {
    "merge",
    "merge JOURNAL... --output FILE [--partial] [--quiet]",
    "Joins the journals of the shards of one tournament (arena run --shard K/N) into one journal, as one machine "
    "would have written it: checks that they are shards of one tournament (the same header but for the shard, "
    "the run and where files go), each shard given once, every match in its own shard's journal and none twice, "
    "and writes the header without the shard, every match in schedule order and the leaderboard's marks. "
    "arena ratings, resume, replay and post read the merged journal. When matches are missing it lists them, "
    "shard by shard, and writes nothing unless --partial; arena resume of a partial journal plays them.",
    USES(merge_options),
    "exit status: 0 written (with --partial, even with matches missing); 1 matches\n"
    "missing without --partial (nothing written), or the journal cannot be written;\n"
    "2 bad usage, or journals that are not the shards of one tournament.\n"
    "\n"
    "example: arena merge shard-0.jsonl shard-1.jsonl shard-2.jsonl shard-3.jsonl -o t.jsonl\n"
};

/* ---- bench, rules, version ------------------------------------------------------- */

static const struct command_spec bench_spec = {
    "bench",
    "bench engine [--seconds S] [--runs N] [--seed N]\n"
    "bench zmq [--trips N]\n"
    "bench harness [--parties N] [--runs N] [--wide N] [--no-sandbox]\n"
    "bench start [--processes N]\n"
    "bench throughput [--parties N] [--runs N] [--no-sandbox]\n"
    "bench serve [--runs N] [--max-matches N]",
    "engine: plays random deals (shuffle, exchange, declarations, 12 tricks; uniformly random legal actions) "
    "on one core for S seconds (default 1), N times (default 5), and prints each run and the median deals per "
    "second. zmq: N (default 20000) raw ZeroMQ round trips between the arena's ROUTER and an echo process over "
    "ipc://, the floor under every refereed decision; prints the median, 99th percentile and mean in "
    "microseconds. harness: parties (default 40) between two copies of bot-instant (next to this program: it "
    "answers the first legal action, reading as little of the request as it can) through the whole arena "
    "path, N runs per level (default 3): at concurrency 1 with a fresh process for every partie, at "
    "concurrency 1 and at the number of cores with processes reused (the default of arena run), bot-random (a "
    "bot on the C SDK, which decodes every request in full) at concurrency 1, and with --wide N (default 256; "
    "0: skip) parties in flight at a 100 ms move limit, counting the parties lost to timeouts. Prints "
    "decisions per second and microseconds per decision beside 5000 raw ZeroMQ round trips measured just "
    "before each run (medians over the runs). The bots run in their sandbox, as arena run starts them, unless "
    "--no-sandbox; one more level plays fresh processes without it, for the sandbox's cost. start: starts "
    "bot-instant N times (default 50) one after the other, with its sandbox and without, and prints the "
    "milliseconds from the start of a process to its hello (median and mean). throughput: N rounds (default "
    "5), each of the raw ZeroMQ round trip, the arena at concurrency 1, the raw multiplexed ceiling (two echo "
    "peers with a request each in flight) and the arena at concurrency 2, with bot-instant and processes "
    "reused; prints each round and the medians with the two ratios. serve: arena serve (this "
    "program) on a loopback tcp port with CURVE at concurrency 2 and four bot-instant connected with their own "
    "keys, N runs (default 3) of --max-matches matches (default 200): matches per second and microseconds per "
    "decision, beside a raw CURVE round trip measured before each run. 'arena bench WHAT --help' "
    "gives each one's options.",
    NULL, 0, NULL
};

static const struct option_use bench_engine_options[] = {
    { OPT_SECONDS, NULL }, { OPT_RUNS, "runs (default 5)" }, { OPT_SEED, "seed of the first run (default 1)" },
};
static const struct command_spec bench_engine_spec = {
    "bench engine", "bench engine [--seconds S] [--runs N] [--seed N]",
    "Random playouts of whole deals on one core: deals per second, median over the runs.",
    USES(bench_engine_options), NULL
};

static const struct option_use bench_zmq_options[] = { { OPT_TRIPS, NULL } };
static const struct command_spec bench_zmq_spec = {
    "bench zmq", "bench zmq [--trips N]",
    "Raw ZeroMQ DEALER/ROUTER round trips over ipc:// with an echo process.", USES(bench_zmq_options), NULL
};

static const struct option_use bench_harness_options[] = {
    { OPT_PARTIES, NULL }, { OPT_RUNS, "runs per level (default 3)" }, { OPT_WIDE, NULL },
    { OPT_NO_SANDBOX, "run the bots without their sandbox" }, { OPT_GAME, NULL }, { OPT_PLAYERS, NULL },
    { OPT_PIN, NULL }, { OPT_START_AHEAD, NULL },
};
static const struct command_spec bench_harness_spec = {
    "bench harness", "bench harness [--parties N] [--runs N] [--wide N] [--no-sandbox] [--game G [--players N]] "
    "[--pin WHEN] [--start-ahead WHEN]",
    "Parties of bot-instant against itself through the whole arena path, beside raw ZeroMQ round trips; with "
    "--game, matches of that game with bot-instant at every seat.",
    USES(bench_harness_options), NULL
};

static const struct option_use bench_start_options[] = { { OPT_PROCESSES, NULL } };
static const struct command_spec bench_start_spec = {
    "bench start", "bench start [--processes N]",
    "Starts bot-instant N times with its sandbox and without: milliseconds from start to hello.",
    USES(bench_start_options), NULL
};

static const struct option_use bench_throughput_options[] = {
    { OPT_PARTIES, NULL }, { OPT_RUNS, "rounds (default 5)" }, { OPT_NO_SANDBOX, "run the bots without their sandbox" },
    { OPT_PIN, NULL }, { OPT_START_AHEAD, NULL },
};
static const struct command_spec bench_throughput_spec = {
    "bench throughput", "bench throughput [--parties N] [--runs N] [--no-sandbox] [--pin WHEN] [--start-ahead WHEN]",
    "The arena at concurrency 1 and 2 beside the raw ZeroMQ round trip and the raw multiplexed ceiling, in "
    "interleaved rounds: the ratios of issue 21's targets.",
    USES(bench_throughput_options), NULL
};

static const struct option_use bench_serve_options[] = {
    { OPT_RUNS, "runs (default 3)" }, { OPT_MAX_MATCHES, "matches per run (default 200; the rate is taken from the 10th on)" },
};
static const struct command_spec bench_serve_spec = {
    "bench serve", "bench serve [--runs N] [--max-matches N]",
    "arena serve on a loopback tcp port with CURVE at concurrency 2, four bot-instant connected with their keys: "
    "matches per second, beside a raw CURVE round trip measured before each run.",
    USES(bench_serve_options), NULL
};

static const struct option_use rules_options[] = {
    { OPT_GAME, "the game whose flags to list (default piquet)" },
};

static const struct command_spec rules_spec = {
    "rules", "rules [--game NAME]",
    "Lists the variant flags of a game that --rule NAME=VALUE sets (arena run, match, a tournament file, a "
    "record's \"rules\"): each flag's values, its default and what it does. Piquet's are docs/rules-piquet.md "
    "section 8.",
    USES(rules_options), "example: arena rules --game belote\n"
};

static const struct command_spec version_spec = {
    "version", "version", "Prints the arena's version and the protocol version it speaks.", NULL, 0, NULL
};

const struct command_spec *const options_commands[] = {
    &run_spec, &resume_spec, &match_spec, &check_spec, &sprt_spec, &ratings_spec, &replay_spec, &post_spec,
    &merge_spec, &bench_spec, &bench_engine_spec, &bench_zmq_spec, &bench_harness_spec, &bench_start_spec,
    &bench_throughput_spec, &bench_serve_spec,
    &rules_spec, &serve_spec, &keys_spec, &version_spec, NULL
};

const struct command_spec *options_command(const char *name)
{
    for (int i = 0; options_commands[i]; i++)
        if (!strcmp(options_commands[i]->name, name)) return options_commands[i];
    return NULL;
}

const struct option *options_option(enum option_id id)
{
    if (id < 0 || id >= OPTIONS_COUNT) return NULL;
    return &table[id];
}

const struct option *options_find(const struct command_spec *spec, const char *name)
{
    for (int i = 0; i < spec->n_options; i++)
        if (!strcmp(table[spec->options[i].id].name, name)) return &table[spec->options[i].id];
    return NULL;
}

/* ---- values --------------------------------------------------------------------- */

static int choice_ok(const char *choices, const char *text)
{
    size_t n = strlen(text);
    for (const char *p = choices; *p;) {
        size_t len = strcspn(p, "|");
        if (len == n && !strncmp(p, text, n)) return 1;
        p += len + (p[len] == '|');
    }
    return 0;
}

/* A number's bound as text: 3600000, not 3.6e+06; 0.001. */
static void bound(char *out, size_t cap, double v)
{
    if (v == floor(v) && fabs(v) < 1e15) snprintf(out, cap, "%.0f", v);
    else snprintf(out, cap, "%g", v);
}

int options_convert(const struct option *o, const char *text, struct option_value *out, char *err, size_t cap)
{
    char lo[32], hi[32];
    memset(out, 0, sizeof *out);
    out->option = o;
    out->text = text;
    if (o->alias) {
        /* "format=json": the target option's value, checked as such. */
        const char *eq = strchr(o->alias, '=');
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(eq - o->alias), o->alias);
        const struct option *target = NULL;
        for (int i = 0; i < OPTIONS_COUNT && !target; i++)
            if (!strcmp(table[i].name, name) && !table[i].alias && table[i].kind == OPTION_CHOICE &&
                table[i].choices && choice_ok(table[i].choices, eq + 1))
                target = &table[i];
        if (!target) {
            snprintf(err, cap, "--%s: no option '%s' takes '%s'", o->name, name, eq + 1);
            return -1;
        }
        if (text && strcmp(text, "true")) {
            snprintf(err, cap, "--%s takes no value ('%.100s')", o->name, text);
            return -1;
        }
        return options_convert(target, eq + 1, out, err, cap);
    }
    if (o->kind == OPTION_FLAG) {
        out->integer = 1;
        if (!text || !strcmp(text, "true")) return 0;
        if (!strcmp(text, "false")) {
            out->integer = 0;
            return 0;
        }
        snprintf(err, cap, "--%s takes no value ('%.100s')", o->name, text);
        return -1;
    }
    if (!text) {
        snprintf(err, cap, "--%s needs a value (%s)", o->name, o->value);
        return -1;
    }
    char *end = NULL;
    switch (o->kind) {
    case OPTION_INT: {
        errno = 0;
        long long v = strtoll(text, &end, 10);
        if (*text && *end == '\0' && !errno && text[0] != ' ' && v >= (long long)o->min && v <= (long long)o->max) {
            out->integer = v;
            return 0;
        }
        bound(lo, sizeof lo, o->min);
        bound(hi, sizeof hi, o->max);
        snprintf(err, cap, "bad value '%.100s' for --%s: not a whole number from %s to %s", text, o->name, lo, hi);
        return -1;
    }
    case OPTION_UINT64: {
        errno = 0;
        unsigned long long v = strtoull(text, &end, 10);
        if (text[0] >= '0' && text[0] <= '9' && *end == '\0' && !errno) {
            out->u64 = v;
            return 0;
        }
        snprintf(err, cap, "bad value '%.100s' for --%s: not a whole number from 0 to 18446744073709551615", text,
                 o->name);
        return -1;
    }
    case OPTION_NUMBER: {
        errno = 0;
        double v = strtod(text, &end);
        if (*text && *end == '\0' && !errno && isfinite(v) && v >= o->min && v <= o->max) {
            out->number = v;
            return 0;
        }
        bound(lo, sizeof lo, o->min);
        bound(hi, sizeof hi, o->max);
        snprintf(err, cap, "bad value '%.100s' for --%s: not a number from %s to %s", text, o->name, lo, hi);
        return -1;
    }
    case OPTION_CHOICE:
        if (choice_ok(o->choices, text)) return 0;
        snprintf(err, cap, "bad value '%.100s' for --%s: not one of %s", text, o->name, o->choices);
        return -1;
    case OPTION_RULE: {
        struct pq_rules scratch;
        char name[64], why[300];
        const char *eq = strchr(text, '=');
        if (!eq || eq == text || (size_t)(eq - text) >= sizeof name) {
            snprintf(err, cap, "bad value '%.100s' for --%s: not NAME=VALUE (arena rules lists them)", text, o->name);
            return -1;
        }
        snprintf(name, sizeof name, "%.*s", (int)(eq - text), text);
        pq_rules_default(&scratch);
        if (pq_rules_set(&scratch, name, eq + 1, why, (int)sizeof why) == 0) return 0;
        /* A flag of another game is checked against its own table here,
         * and against the game chosen (--game) by the command. */
        for (int i = 0; game_modules[i]; i++) {
            const struct game_flag *f = game_flag_find(game_modules[i], name);
            if (!f || game_modules[i] == &piquet_game) continue;
            if (game_flag_check(f, eq + 1, why, (int)sizeof why) == 0) return 0;
            break;
        }
        snprintf(err, cap, "--%s %.100s: %s", o->name, text, why);
        return -1;
    }
    case OPTION_GAME: {
        if (game_find(text)) return 0;
        int n = snprintf(err, cap, "bad value '%.60s' for --%s: not a game of this arena (", text, o->name);
        for (int i = 0; game_modules[i] && n > 0 && (size_t)n < cap; i++)
            n += snprintf(err + n, cap - (size_t)n, "%s%s", i ? ", " : "", game_modules[i]->name);
        if (n > 0 && (size_t)n < cap) snprintf(err + n, cap - (size_t)n, ")");
        return -1;
    }
    case OPTION_TEXT:
    case OPTION_PATH:
        if (*text) return 0;
        snprintf(err, cap, "bad value '' for --%s: give %s", o->name, o->value);
        return -1;
    case OPTION_FLAG:
        break;
    }
    return 0;
}

/* ---- the command line ------------------------------------------------------------ */

int options_usage_error(const struct command_spec *spec, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "arena %s: ", spec->name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n(arena %s --help lists the options)\n", spec->name);
    return 2;
}

int options_parse(const struct command_spec *spec, int argc, char **argv, options_apply_fn apply, void *ctx,
                  const char **operands, int max_operands, int *n_operands, int *status)
{
    char err[600], name[128];
    int options_end = argc;
    *n_operands = 0;
    for (int i = 0; i < argc; i++)
        if (!strcmp(argv[i], "--")) {
            options_end = i;
            break;
        }
    for (int i = 0; i < options_end; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            options_print_help(spec, stdout);
            *status = 0;
            return -1;
        }
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (i == options_end) continue;
        if (i > options_end || arg[0] != '-' || !arg[1]) {
            if (*n_operands == max_operands) {
                *status = options_usage_error(spec, "unexpected '%s'", arg);
                return -1;
            }
            operands[(*n_operands)++] = arg;
            continue;
        }
        const char *eq = NULL, *value = NULL;
        const struct option *o = NULL;
        if (arg[1] != '-') {
            /* -x: an option's letter, its value the next argument. */
            for (int k = 0; !arg[2] && k < spec->n_options && !o; k++)
                if (letter_of(&table[spec->options[k].id]) == arg[1]) o = &table[spec->options[k].id];
            if (!o) {
                *status = options_usage_error(spec, "unknown option '%s'", arg);
                return -1;
            }
        } else {
            eq = strchr(arg, '=');
            size_t len = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
            snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), arg + 2);
            o = len < sizeof name ? options_find(spec, name) : NULL;
        }
        if (!o) {
            *status = options_usage_error(spec, "unknown option '--%s'", name);
            return -1;
        }
        int takes_value = o->kind != OPTION_FLAG && !o->alias;
        if (eq) {
            value = eq + 1;
            if (!takes_value) {
                *status = options_usage_error(spec, "--%s takes no value ('%s')", o->name, arg);
                return -1;
            }
        } else if (takes_value) {
            if (i + 1 >= options_end) {
                *status = options_usage_error(spec, "--%s needs a value (%s)", o->name, o->value);
                return -1;
            }
            value = argv[++i];
        }
        struct option_value v;
        if (options_convert(o, value, &v, err, sizeof err) < 0 || (apply && apply(ctx, &v, err, sizeof err) < 0)) {
            fprintf(stderr, "arena %s: %s\n", spec->name, err);
            *status = 2;
            return -1;
        }
    }
    *status = 0;
    return 0;
}

/* ---- help ------------------------------------------------------------------------- */

enum { HELP_WIDTH = 79, HELP_COLUMN = 26 };

/* Writes text word by word from column `at` (the cursor's), wrapping to
 * `indent`; returns the column after it. */
static int wrap(FILE *out, const char *text, int at, int indent)
{
    while (*text) {
        size_t n = strcspn(text, " ");
        if (at > indent && at + 1 + (int)n > HELP_WIDTH) {
            fprintf(out, "\n%*s", indent, "");
            at = indent;
        } else if (at > indent) {
            fputc(' ', out);
            at++;
        }
        fprintf(out, "%.*s", (int)n, text);
        at += (int)n;
        text += n;
        while (*text == ' ') text++;
    }
    return at;
}

static void print_rule_flags(FILE *out)
{
    char values[160], line[400];
    for (int i = 0; i < PQ_RULE_FLAGS; i++) {
        const struct pq_rule_flag *f = &pq_rule_flags[i];
        snprintf(line, sizeof line, "%s=%s (default %s)", f->name, pq_rule_values_text(f, values, sizeof values),
                 f->fallback);
        fprintf(out, "%*s%s\n", HELP_COLUMN, "", line);   /* whole, to be found and copied */
    }
}

void options_print_help(const struct command_spec *spec, FILE *out)
{
    const char *u = spec->usage;
    for (int first = 1; *u; first = 0) {
        size_t n = strcspn(u, "\n");
        fprintf(out, "%s arena %.*s\n", first ? "usage:" : "      ", (int)n, u);
        u += n + (u[n] == '\n');
    }
    fputc('\n', out);
    wrap(out, spec->about, 0, 0);
    fputs("\n", out);
    if (spec->n_options) fputs("\noptions:\n", out);
    for (int i = 0; i < spec->n_options; i++) {
        const struct option *o = &table[spec->options[i].id];
        char head[96];
        int valued = o->value && !o->alias && o->kind != OPTION_FLAG;
        int n = snprintf(head, sizeof head, "  --%s%s%s", o->name, valued ? " " : "", valued ? o->value : "");
        if (letter_of(o))
            n += snprintf(head + n, sizeof head - (size_t)n, ", -%c%s%s", letter_of(o), valued ? " " : "",
                          valued ? o->value : "");
        fputs(head, out);
        if (n + 2 > HELP_COLUMN) fprintf(out, "\n%*s", HELP_COLUMN, "");
        else fprintf(out, "%*s", HELP_COLUMN - n, "");
        wrap(out, spec->options[i].help ? spec->options[i].help : o->help, HELP_COLUMN, HELP_COLUMN);
        fputc('\n', out);
        if (o->kind == OPTION_RULE) print_rule_flags(out);
    }
    if (spec->trailer) fprintf(out, "\n%s", spec->trailer);
}

/* match.h - one refereed partie between two bot programs, start to end:
 * starts both processes, checks their hello (token, protocol version),
 * runs the referee over one ROUTER socket, watches the processes and the
 * clock, and stops the processes. Used by `arena match` and `arena check`.
 */
#ifndef ARENA_PLAY_MATCH_H
#define ARENA_PLAY_MATCH_H

#include "arena/play/botproc.h"
#include "arena/play/referee.h"

struct match_bot {
    char name[CODEC_NAME_MAX];      /* as given, or the hello's name when empty */
    const char *command;            /* shell command starting the bot */
};

struct match_config {
    struct match_bot bots[GAME_MAX_PLAYERS];   /* player A, B, ... */
    const struct game *game;        /* NULL: Piquet */
    int players;                    /* seats (0: the game's default; Piquet 2) */
    const char *const *game_rules;  /* any other game's rules, "name=value",
                                       NULL-terminated, or NULL */
    struct pq_rules rules;          /* Piquet's */
    struct referee_clock clock;
    int handshake_ms;
    struct botproc_limits limits;
    struct sandbox *sandbox;        /* every bot process in it; NULL: none (--no-sandbox) */
    const char *log_dir;            /* this run's bot logs (botlog.h) */
    const char *const *game_decks;  /* the packs of the first deals as the game's deck
                                       texts (arena check), NULL-terminated, or NULL */
};

void match_config_default(struct match_config *self);

/* Where the bots of one invocation run (arena run, match, check, sprt,
 * bench harness): a log directory of its own, LOG_BASE/RUN (LOG_BASE NULL:
 * $TMPDIR/piquet-arena-logs; RUN NULL: a fresh run id), written into
 * log_dir; and unless no_sandbox, SANDBOX prepared and probed for the n
 * commands with the hidden paths and the log directory masked. Points
 * config->log_dir and config->sandbox at them. With no_sandbox the n
 * commands' programs are checked all the same (sandbox_probe), and
 * config->sandbox stays NULL. 0, or -1 with err (a program that cannot
 * be run is named). */
struct match_setup {
    int no_sandbox, network;
    const char *log_base, *run;
    const char *const *commands;
    int n_commands;
    const char *const *hidden;
    int n_hidden;
};
int match_prepare(struct match_config *config, struct sandbox *sandbox, const struct match_setup *setup,
                  char *log_dir, size_t log_cap, char *err, size_t cap);
/* Checks a bot's name by the one rule for names (codec_bot_name_check()).
 * 0, or -1 with "bot name 'NAME' holds '/'" in err (control characters of
 * the name shown as '?'). */
int match_bot_name_check(const char *name, char *err, size_t cap);

/* A bot given on a command line: NAME=COMMAND, or a bare COMMAND (also
 * when its first '=' comes after a space, as in "bot --depth=3"), which
 * is named `fallback` ("": the name its hello gives). bot->command points
 * into arg. 0, or -1 with the reason in err (a bad name, no command). */
int match_bot_parse(struct match_bot *bot, const char *arg, const char *fallback, char *err, size_t cap);

/* Plays partie `partie_id` from `seed` with player `first_dealer` dealing
 * first; the finished referee (outcome, deals, faults) is left in *out,
 * which the caller releases with referee_release() (it holds the
 * transcript of the deals).
 * Returns 0, or -1 when the arena itself failed (socket, fork), with err. */
int match_play(const struct match_config *config, uint64_t partie_id, uint64_t seed, int first_dealer,
               struct referee *out, char *err, size_t cap);

#endif

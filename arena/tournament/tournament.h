/* tournament.h - the settings of a tournament (`arena run`), from command
 * line flags, from a tournament file, or from a journal's header; the
 * three use the same keys, so a tournament file is a header without
 * "type" and "run", and flags given after --file override the file.
 *
 *   {"bots": [{"name": "greedy", "command": "build/bin/bot-greedy"},
 *             {"name": "friend", "remote": true, "token_file": "friend.token"},
 *             "random=build/bin/bot-random --seed 3"],
 *    "format": "round-robin", "pairs": 20, "seed": "7", "concurrency": 2,
 *    "move_ms": 1000, "bank_ms": 10000, "grace_ms": 200, "max_faults": 3,
 *    "game": "belote", "players": 4,
 *    "reuse": 32, "rules": {"trick_scoring": "law65"}, "listen": "tcp://0.0.0.0:5601",
 *    "remote_wait_ms": 60000, "remote_max_connections": 8,
 *    "shard": "1/4",
 *    "journal": "t.jsonl", "results": "t-results.json", "log_dir": "logs",
 *    "post": "http://127.0.0.1:8080", "token_file": "leaderboard.token"}
 *
 * Every key is the flag's name without the dashes (move-ms or move_ms).
 * Remote bots start themselves and say hello with the token kept in their
 * token file (runner.h); the token itself is never written anywhere.
 */
#ifndef ARENA_TOURNAMENT_TOURNAMENT_H
#define ARENA_TOURNAMENT_TOURNAMENT_H

#include <cjson/cJSON.h>
#include "arena/options.h"
#include "arena/play/match.h"
#include "arena/tournament/sched.h"
#include "arena/tournament/shard.h"
#include "protocol/codec.h"
#include "records/record.h"

enum { TOURNAMENT_MAX_BOTS = 64, TOURNAMENT_TOKEN_MAX = 256, TOURNAMENT_MAX_RULES = 32 };

struct tournament_bot {
    char name[CODEC_NAME_MAX];
    char *command;                        /* owned; NULL for a remote bot */
    char *token_file;                     /* owned; remote bots */
    char token[TOURNAMENT_TOKEN_MAX];     /* read from token_file by tournament_check */
};

struct tournament {
    struct match_config config;           /* rules, clocks, limits; log_dir points into log_dir */
    int n_bots;
    struct tournament_bot bots[TOURNAMENT_MAX_BOTS];
    int format;                           /* enum sched_format */
    int rounds;                           /* --rounds: a Swiss's (swiss.h); 0: not given */
    int pairs, concurrency, max_faults, reuse, quiet;
    int standings_every;                  /* interim standings every N parties; 0: none */
    int pin;                              /* enum runner_pin (--pin; not journaled: where the
                                           * arena's threads run changes no result) */
    int start_late;                       /* --start-ahead off (runner.h peek_job; not
                                           * journaled either) */
    int remote_wait_ms;                   /* 0: the runner's default */
    int no_sandbox, bot_network;          /* --no-sandbox, --bot-network (sandbox.h) */
    struct sandbox sandbox;               /* filled when the run starts */
    int remote_max_connections;           /* per remote bot; 0: the runner's default (8) */
    unsigned long long seed;
    char run[RECORD_RUN_ID_LEN + 1];      /* "" until drawn or read from a header */
    /* The game (--game; NULL: Piquet) and, for any other game, its --rule
     * texts (owned), checked against its flags by tournament_check, which
     * points config.game, config.players and config.game_rules at them. */
    const struct game *game;
    int players;
    struct shard shard;                   /* --shard K/N; n = 0: the whole tournament */
    char *rule_texts[TOURNAMENT_MAX_RULES + 1];
    int n_rule_texts;
    /* Owned strings, NULL when not given. */
    char *journal, *results, *post, *token_file, *listen, *log_dir;
    char *server_key;                     /* --server-key: the arena's CURVE pair file */
    int insecure_remote;                  /* --insecure-remote */
    char server_public[41], server_secret[41];   /* read by tournament_check */
};

/* The defaults: round robin, 10 pairs, seed 1, concurrency = cores, clocks
 * and limits of match_config_default, 3 faults, reuse 32. */
void tournament_init(struct tournament *self);

/* Frees the owned strings. */
void tournament_release(struct tournament *self);

/* One option of `arena run` (options.h), its value already checked by
 * options_convert(). 0; 1 when it is not a tournament setting (--file);
 * -1 with the reason in err (a bad bot, out of memory). */
int tournament_apply(struct tournament *self, const struct option_value *v, char *err, size_t cap);

/* One setting by its option's name, "--pairs" or "pairs", and its value
 * as text ("true" or "false" for a flag), checked as the command line's.
 * 0; 1 when it is not a tournament setting; -1 with the reason in err. */
int tournament_option(struct tournament *self, const char *opt, const char *val, char *err, size_t cap);

/* The keys of a tournament file or header object. 0, or -1 with err. */
int tournament_from_json(struct tournament *self, const cJSON *settings, char *err, size_t cap);

/* Reads a tournament file. 0, or -1 with "PATH: why" in err. */
int tournament_read_file(struct tournament *self, const char *path, char *err, size_t cap);

/* Checks what no single flag can: at least two bots; --rounds with
 * --format swiss and only there, never with --shard; a --listen endpoint
 * when a bot is remote; reads the remote bots' tokens (at least 16
 * characters; a token file others may read is refused); a --listen address
 * other than loopback only with --server-key (whose pair it reads) or
 * --insecure-remote. 0, or -1 with err. */
int tournament_check(struct tournament *self, char *err, size_t cap);

/* The whole schedule of the tournament (sched.h): its pairs, or for any
 * other game its duplicate sets at tables of its players; it needs the
 * settings only, not tournament_check (so a header whose remote bots'
 * token files are elsewhere still gives it). The caller releases it.
 * 0, or -1 with err (a Swiss has no whole schedule). */
int tournament_schedule(const struct tournament *self, struct sched *out, char *err, size_t cap);

/* The table of the tournament's game: team_of[] filled for each seat (NULL
 * for Piquet, whose duplicate pair sched.h knows), its number of players
 * returned; -1 with err. */
int tournament_table(const struct tournament *self, int team_of[GAME_MAX_PLAYERS], const int **team_of_or_null,
                     char *err, size_t cap);

/* The versions of the journal header this arena writes ("version"): 2
 * since headers may hold "shard"; 3 for a Swiss (format "swiss", with
 * "rounds", and "round" records in the journal: an arena older than
 * Swiss refuses to resume it rather than play it as a round robin); other
 * tournaments still write 2. A header without a version is version 1,
 * and one of a later version is refused by tournament_from_json. */
#define TOURNAMENT_HEADER_VERSION 3
#define TOURNAMENT_HEADER_VERSION_SWISS 3
#define TOURNAMENT_HEADER_VERSION_OTHERS 2

/* The journal header: its version, every setting but the journal's own
 * path, the run id, the shard (when one), and a fingerprint of each local
 * bot's files. The caller owns it; NULL when out of memory. */
cJSON *tournament_header(const struct tournament *self);

#endif

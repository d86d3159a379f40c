/* roster.h - who may play on the ladder (`arena serve`): the registered
 * bots and their CURVE public keys, from one of two sources, and, with a
 * leaderboard, the arena's report of who is connected.
 *
 *   - a bots file: "NAME KEY" a line, KEY 40 Z85 characters or a file
 *     holding the key (`arena keys new`); blank and '#' lines skipped; read
 *     again when its size or time changes (looked at every
 *     ROSTER_FILE_CHECK_MS);
 *   - a leaderboard (leaderboard/README.md "Registering a bot"): GET
 *     URL/api/v1/bots?game=KEY every ROSTER_FETCH_MS from a thread of its
 *     own (libcurl), so that a slow or dead server never holds up the
 *     matches; the bots not retired are the roster. The same thread posts
 *     the arena's last report (roster_report) to URL/api/v1/arena with the
 *     posting token.
 * Either way a read that fails, or a list that breaks a rule (a name
 * refused by codec_bot_name_check, a bad key, a name or key twice), leaves
 * the roster as it was, and says why once. The caller (cmd_serve.c) turns
 * a new roster into registrations, retirements and new keys, one path for
 * both sources.
 */
#ifndef ARENA_TOURNAMENT_ROSTER_H
#define ARENA_TOURNAMENT_ROSTER_H

#include <stddef.h>
#include <stdint.h>
#include "arena/tournament/ladder.h"
#include "protocol/codec.h"
#include "protocol/curve_keys.h"

enum { ROSTER_MAX = LADDER_MAX_BOTS, ROSTER_FILE_CHECK_MS = 500, ROSTER_FETCH_MS = 2000 };

struct roster_entry {
    char name[CODEC_NAME_MAX];
    char key[CURVE_KEY_TEXT];
};

/* What the arena says of one registered bot. */
struct roster_presence {
    char name[CODEC_NAME_MAX];
    int connections;        /* connected now */
    int playing;            /* of them, in a match */
};

struct roster;

/* A roster read from the bots file at path (read once now: a bad file is
 * an error). NULL with err. Free with roster_close. */
struct roster *roster_open_file(const char *path, char *err, size_t cap);

/* A roster fetched from the leaderboard at url for the game key `game`
 * ("piquet", "belote-4"), with the posting token in the first line of
 * token_file (for the reports); fetched once now (an unreachable
 * leaderboard or a refused list is an error), then every ROSTER_FETCH_MS
 * by its thread. NULL with err. */
struct roster *roster_open_leaderboard(const char *url, const char *game, const char *token_file, char *err,
                                       size_t cap);

/* The registered bots now into entries[0..*n-1]: 1 when the list changed
 * since the last call (the first call: 1), 0 when not (entries untouched),
 * -1 when the source could not be read or breaks a rule (err says why;
 * the entries are untouched and the last list stands). now_ms is a
 * monotonic clock in ms (the bots file is looked at no more often than
 * ROSTER_FILE_CHECK_MS). */
int roster_read(struct roster *self, int64_t now_ms, struct roster_entry *entries, int *n, char *err, size_t cap);

/* Hands the thread the arena's report: where it listens, its server public
 * key, and its registered bots' presence (copied); the thread posts the
 * latest one every ROSTER_FETCH_MS. A no-op for a bots file. */
void roster_report(struct roster *self, const char *endpoint, const char *server_key,
                   const struct roster_presence *presence, int n);

/* Stops the thread (a request in flight ends within its timeout) and
 * frees; NULL is a no-op. */
void roster_close(struct roster *self);

#endif

/* botlog.h - the bot logs of a run: one directory per run, one file per
 * bot process, each capped.
 *
 * A run's logs live in BASE/RUN (both made 0700; BASE is --log-dir, by
 * default beside the journal), each file 0600 and named after its bot
 * with every byte outside [A-Za-z0-9._-] written '_' (names are checked
 * by codec_bot_name_check already; the file name must not depend on it).
 * A bot's standard output and error go straight to its file, capped by
 * RLIMIT_FSIZE (botproc.h); the protocol's log lines are appended by the
 * arena with the same cap. Past the cap the rest is dropped and the file
 * ends with one line saying so; the bot goes on.
 */
#ifndef ARENA_PLAY_BOTLOG_H
#define ARENA_PLAY_BOTLOG_H

#include <stddef.h>

enum { BOTLOG_DEFAULT_BYTES = 10 << 20 };

/* Makes BASE and BASE/RUN (mode 0700) and writes BASE/RUN into out.
 * RUN NULL: BASE itself is the run's directory. Returns 0, or -1 with the
 * reason in err. */
int botlog_make_dir(const char *base, const char *run, char *out, size_t cap, char *err, size_t err_cap);

/* The file of one bot process: DIR/NAME-pPARTIE-PLAYER.log, NAME made
 * safe for a file name (an empty name becomes the player's letter). */
void botlog_path(char *out, size_t cap, const char *dir, const char *name, unsigned long long partie, char player);

/* The log of a remote bot's connections: DIR/NAME-remote.log, NAME made
 * safe as above. */
void botlog_remote_path(char *out, size_t cap, const char *dir, const char *name);

/* Appends "[TAG] LINE" ("bot log": the bot's log messages; "arena": what
 * the arena notes) unless the file has reached cap_bytes (0: no
 * cap); the line that would pass the cap is dropped and the file sealed. */
void botlog_append(const char *path, const char *tag, const char *line, long cap_bytes);

/* Ends a file that reached cap_bytes with the line saying it was cut
 * (once). A no-op for a shorter file or cap_bytes 0. */
void botlog_seal(const char *path, long cap_bytes);

#endif

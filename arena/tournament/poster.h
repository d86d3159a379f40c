/* poster.h - sends finished parties (Piquet) and matches (every other
 * game: the server takes both on one route) to a leaderboard
 * (leaderboard/README.md, POST /api/v1/parties) from a thread of its own,
 * so that a slow or dead server never holds up the tournament.
 *
 * Records are queued as they are journaled and posted in batches with
 * libcurl (timeouts, retries with exponential backoff while the server is
 * unreachable or answers 5xx). What the server accepted is marked in the
 * journal by an appended line
 *     {"type": "posted", "run": RUN, "url": URL, "ids": [N, ...]}
 * and a record it refused for good (400/409/413/422) by
 *     {"type": "post_refused", "run": RUN, "url": URL, "id": N, "status": S, "error": "..."}
 * so `arena post` later sends exactly what is left. The server is
 * idempotent by partie and match (RUN-ID), so a record posted twice (the
 * arena killed between the server's answer and the mark) is stored once:
 * nothing is lost and nothing duplicated.
 */
#ifndef ARENA_TOURNAMENT_POSTER_H
#define ARENA_TOURNAMENT_POSTER_H

#include <stddef.h>
#include <cjson/cJSON.h>

struct poster;

enum { POSTER_BATCH_MAX = 50 };

/* Starts the poster: `url` is the leaderboard's base URL (the API path is
 * added), the token is the first line of token_file, marks go to the
 * journal at journal_path. NULL with the reason in err. */
struct poster *poster_open(const char *url, const char *token_file, const char *journal_path, int quiet, char *err,
                           size_t cap);

/* What the message at the start of an outage says the arena does
 * meanwhile (default: "retrying in the background, the tournament goes
 * on"). Call it before the first poster_submit. */
void poster_say_while_down(struct poster *self, const char *what);

/* Queues a copy of a partie or match record (it must carry "run" and "id"). */
void poster_submit(struct poster *self, const cJSON *record);

/* Waits until the queue is empty, the server refused the token, or
 * wait_ms passed (-1: no limit). Returns the number of records not posted
 * (and says so on stderr unless none). */
long poster_finish(struct poster *self, int wait_ms);

/* Counts so far. */
long poster_posted(const struct poster *self);
long poster_refused(const struct poster *self);

/* Stops the thread (a post in flight is finished or abandoned within its
 * timeout) and frees everything; NULL is a no-op. */
void poster_close(struct poster *self);

#endif

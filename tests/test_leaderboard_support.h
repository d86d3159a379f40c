/* test_leaderboard_support.h - what the leaderboard tests share: a real
 * server process on a free port with a temporary database, a real libcurl
 * client, and real partie records from a real `arena run` journal.
 */
#ifndef TEST_LEADERBOARD_SUPPORT_H
#define TEST_LEADERBOARD_SUPPORT_H

#include <stddef.h>
#include <sys/types.h>
#include <cjson/cJSON.h>

#define LB_TOKEN "test-token-7f3a"
/* Two authors allowed to register bots (LEADERBOARD_AUTHOR_TOKENS). */
#define LB_AUTHOR "alice"
#define LB_AUTHOR_TOKEN "alice-token-91c2"
#define LB_AUTHOR2 "bob"
#define LB_AUTHOR2_TOKEN "bob-token-44d0"

struct lb_server {
    pid_t pid;
    int port;
    char dir[128];     /* the test's scratch directory, holding the database */
    char db[192];
    const char *const *extra;   /* more options for the server, NULL-ended (lb_start_with) */
};

struct lb_reply {
    long status;
    char *body;        /* NUL-terminated */
    size_t len;
    char *headers;     /* raw response headers */
};

/* Starts a server on a new database in the test's scratch directory
 * (support_scratch.h). */
void lb_start(struct lb_server *s);
/* The same with more options (a NULL-ended list, kept for lb_restart). */
void lb_start_with(struct lb_server *s, const char *const *extra);
/* Starts a server again on s->db (after lb_kill or lb_stop). */
void lb_restart(struct lb_server *s);
/* SIGTERM; asserts a clean exit (status 0). */
void lb_stop(struct lb_server *s);
/* SIGKILL and reap. */
void lb_kill(struct lb_server *s);
/* Stops the server if running and removes the scratch directory. */
void lb_cleanup(struct lb_server *s);

/* One request; token NULL sends no Authorization header. 0, or -1 when
 * the transfer failed (server gone). extra_header may be NULL. */
int lb_request(const struct lb_server *s, const char *method, const char *path, const char *body, size_t len,
               const char *token, const char *extra_header, struct lb_reply *out);
void lb_reply_release(struct lb_reply *r);

/* GET path, asserting the status; the parsed body (caller deletes). */
cJSON *lb_get(const struct lb_server *s, const char *path, long status);

/* POST a JSON value with the test token, asserting the status; the parsed
 * reply (caller deletes). */
cJSON *lb_post(const struct lb_server *s, const cJSON *value, long status);

/* The journal of a three-bot round robin (g, r1, r2; 4 pairs: 24
 * parties), made once by `arena run` and kept under build/tests. */
const char *lb_journal(void);

/* Its partie records as a new array (caller deletes). */
cJSON *lb_records(void);

/* A duplicate pair where bot-faulty forfeits both parties with an illegal
 * action in deal 3 (records with "forfeit" and "unfinished_deal"). */
const char *lb_forfeit_journal(void);

/* A tournament where bot-faulty crashes in its first partie and is
 * disqualified (--max-faults 1, one partie at a time): its other parties
 * are recorded as "disqualified" forfeits before any deal. */
const char *lb_disqualified_journal(void);

/* The journal of a round robin of game (e.g. "belote") at players
 * players between five random bots r1..r5 (--pairs 1), made once by
 * `arena run` and kept under build/tests. */
const char *lb_game_journal(const char *game, int players);

/* The match records of a journal, at least one (caller deletes). */
cJSON *lb_matches_of(const char *path);

/* The partie records of a journal (caller deletes). */
cJSON *lb_records_of(const char *path);

/* `arena ratings --json FILE` parsed (caller deletes). */
cJSON *lb_arena_ratings(const char *journal);

/* Number of stored parties, from the API (parties list, paged). */
int lb_count(const struct lb_server *s);

#endif

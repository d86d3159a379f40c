/* lbclient.h - what the arena's two clients of the leaderboard (the
 * poster, which posts results, and the roster, which fetches registered
 * bots) share: the bearer token read from its file, and libcurl started
 * once for the process.
 *
 * State: none but libcurl's own global state, started at most once and
 * never cleaned up (a client's thread may still be using it when another
 * client closes).
 */
#ifndef ARENA_LBCLIENT_H
#define ARENA_LBCLIENT_H

#include <stddef.h>

/* Reads the first line of token_file (its line ending dropped) and writes
 * "Authorization: Bearer TOKEN" into header. Returns 0, or -1 with a
 * message in err when the file cannot be read, its first line is empty
 * or the header would not fit in cap bytes. The token is wiped from this
 * function's own memory. */
int lbclient_auth_header(const char *token_file, char *header, size_t cap, char *err, size_t err_cap);

/* Starts libcurl (curl_global_init) once for the whole process, whatever
 * the threads that call it. Returns 0, or -1 with a message in err. */
int lbclient_curl_start(char *err, size_t err_cap);

#endif

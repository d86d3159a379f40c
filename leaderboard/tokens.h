/* tokens.h - the bearer tokens allowed to post results.
 *
 * Tokens come from a file (one per line; blank lines and lines starting
 * with '#' are skipped; spaces around a token are dropped) or from an
 * environment variable (tokens separated by commas or white space), never
 * from the command line, where other users' `ps` would show them. A token
 * is 1 to 256 printable ASCII characters. The comparison takes the same
 * time whatever the offered token holds.
 */
#ifndef LEADERBOARD_TOKENS_H
#define LEADERBOARD_TOKENS_H

#include <stddef.h>

enum { TOKENS_MAX = 64, TOKENS_MAX_LEN = 256 };

struct tokens {
    char *token[TOKENS_MAX];
    size_t len[TOKENS_MAX];
    int n;
};

void tokens_init(struct tokens *self);
void tokens_release(struct tokens *self);

/* Adds the tokens of a file; 0, or -1 with err. */
int tokens_read_file(struct tokens *self, const char *path, char *err, size_t cap);

/* Adds the tokens of a list separated by commas or white space. */
int tokens_read_list(struct tokens *self, const char *list, char *err, size_t cap);

/* Whether an "Authorization" header value ("Bearer TOKEN") names one of
 * the tokens. NULL is not. */
int tokens_allow(const struct tokens *self, const char *authorization);

#endif

/* tokens.h - the bearer tokens allowed to post results, and the author
 * tokens that register bots (leaderboard/README.md "Registering a bot").
 *
 * Tokens come from a file (one per line; blank lines and lines starting
 * with '#' are skipped; spaces around a token are dropped) or from an
 * environment variable (tokens separated by commas or white space), never
 * from the command line, where other users' `ps` would show them. A token
 * is 1 to 256 printable ASCII characters. The comparison takes the same
 * time whatever the offered token holds.
 *
 * An author token is owned: each entry is "AUTHOR:TOKEN" (in the file, a
 * line; in the environment, an item), AUTHOR 1 to 64 of [A-Za-z0-9._-],
 * the name the leaderboard lists as the owner of the bots registered with
 * that token. A set is either owned (tokens_init_owned) or not.
 */
#ifndef LEADERBOARD_TOKENS_H
#define LEADERBOARD_TOKENS_H

#include <stddef.h>

enum { TOKENS_MAX = 64, TOKENS_MAX_LEN = 256 };

enum { TOKENS_OWNER_MAX = 65 };

struct tokens {
    char *token[TOKENS_MAX];
    size_t len[TOKENS_MAX];
    char owner[TOKENS_MAX][TOKENS_OWNER_MAX];   /* owned sets: the author of each */
    int owned;
    int n;
};

void tokens_init(struct tokens *self);
/* A set of author tokens: every entry "AUTHOR:TOKEN". */
void tokens_init_owned(struct tokens *self);
void tokens_release(struct tokens *self);

/* Adds the tokens of a file; 0, or -1 with err. */
int tokens_read_file(struct tokens *self, const char *path, char *err, size_t cap);

/* Adds the tokens of a list separated by commas or white space. */
int tokens_read_list(struct tokens *self, const char *list, char *err, size_t cap);

/* Whether an "Authorization" header value ("Bearer TOKEN") names one of
 * the tokens. NULL is not. */
int tokens_allow(const struct tokens *self, const char *authorization);

/* The author of the token an "Authorization" header names in an owned
 * set (a string of the set's), or NULL. Takes the same time whatever the
 * offered token holds. */
const char *tokens_owner(const struct tokens *self, const char *authorization);

#endif

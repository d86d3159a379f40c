/* tokens.c - bearer tokens for posting (tokens.h). Each offered token is
 * compared with every allowed one over the allowed token's whole length,
 * with no early exit, so the time taken says nothing about how much of a
 * token matched.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "leaderboard/tokens.h"

void tokens_init(struct tokens *self)
{
    memset(self, 0, sizeof *self);
}

void tokens_init_owned(struct tokens *self)
{
    tokens_init(self);
    self->owned = 1;
}

void tokens_release(struct tokens *self)
{
    int owned = self->owned;
    for (int i = 0; i < self->n; i++) {
        memset(self->token[i], 0, self->len[i]);
        free(self->token[i]);
    }
    tokens_init(self);
    self->owned = owned;
}

static int add(struct tokens *self, const char *text, size_t len, char *err, size_t cap)
{
    char owner[TOKENS_OWNER_MAX] = "";
    if (len == 0) return 0;
    if (self->owned) {
        const char *colon = memchr(text, ':', len);
        size_t n = colon ? (size_t)(colon - text) : 0;
        if (!colon || n == 0 || n >= TOKENS_OWNER_MAX || text[0] == '.' ||
            strspn(text, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-") < n) {
            snprintf(err, cap, "an author token is AUTHOR:TOKEN, AUTHOR 1 to 64 of [A-Za-z0-9._-]");
            return -1;
        }
        memcpy(owner, text, n);
        owner[n] = 0;
        text = colon + 1;
        len -= n + 1;
        if (len == 0) {
            snprintf(err, cap, "the author '%s' has an empty token", owner);
            return -1;
        }
    }
    if (len > TOKENS_MAX_LEN) {
        snprintf(err, cap, "a token is longer than %d characters", TOKENS_MAX_LEN);
        return -1;
    }
    for (size_t i = 0; i < len; i++)
        if (text[i] <= ' ' || text[i] > '~') {
            snprintf(err, cap, "a token holds a character that is not printable ASCII");
            return -1;
        }
    if (self->n == TOKENS_MAX) {
        snprintf(err, cap, "more than %d tokens", TOKENS_MAX);
        return -1;
    }
    char *copy = malloc(len + 1);
    if (!copy) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    memcpy(copy, text, len);
    copy[len] = 0;
    memcpy(self->owner[self->n], owner, sizeof owner);
    self->token[self->n] = copy;
    self->len[self->n++] = len;
    return 0;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int tokens_read_file(struct tokens *self, const char *path, char *err, size_t cap)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t line_cap = 0;
    ssize_t n;
    int rc = 0, line_no = 0;
    if (!f) {
        snprintf(err, cap, "cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    while (rc == 0 && (n = getline(&line, &line_cap, f)) >= 0) {
        char *s = line, *e = line + n;
        line_no++;
        while (s < e && is_space(*s)) s++;
        while (e > s && is_space(e[-1])) e--;
        if (s == e || *s == '#') continue;
        char why[128];
        if (add(self, s, (size_t)(e - s), why, sizeof why) < 0) {
            snprintf(err, cap, "%s:%d: %s", path, line_no, why);
            rc = -1;
        }
    }
    if (line) memset(line, 0, line_cap);
    free(line);
    if (rc == 0 && ferror(f)) {
        snprintf(err, cap, "cannot read '%s'", path);
        rc = -1;
    }
    fclose(f);
    return rc;
}

int tokens_read_list(struct tokens *self, const char *list, char *err, size_t cap)
{
    const char *s = list;
    while (*s) {
        while (*s && (is_space(*s) || *s == ',')) s++;
        const char *e = s;
        while (*e && !is_space(*e) && *e != ',') e++;
        if (add(self, s, (size_t)(e - s), err, cap) < 0) return -1;
        s = e;
    }
    return 0;
}

/* 1 when equal; time depends on want's length only. */
static int same(const char *given, size_t given_len, const char *want, size_t want_len)
{
    unsigned char diff = given_len != want_len;
    for (size_t i = 0; i < want_len; i++)
        diff |= (unsigned char)(want[i] ^ (i < given_len ? given[i] : 0));
    return diff == 0;
}

/* The index of the token named, or -1; every token is compared whole. */
static int find(const struct tokens *self, const char *authorization)
{
    static const char bearer[] = "Bearer ";
    int found = -1;
    if (!authorization || strncmp(authorization, bearer, sizeof bearer - 1) != 0) return -1;
    const char *given = authorization + sizeof bearer - 1;
    size_t len = strlen(given);
    for (int i = 0; i < self->n; i++)
        if (same(given, len, self->token[i], self->len[i])) found = i;
    return found;
}

int tokens_allow(const struct tokens *self, const char *authorization)
{
    return find(self, authorization) >= 0;
}

const char *tokens_owner(const struct tokens *self, const char *authorization)
{
    int i = self->owned ? find(self, authorization) : -1;
    return i >= 0 ? self->owner[i] : NULL;
}

/* roster.c - growable name and partie lists (roster.h). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "records/roster.h"

int roster_bot(char ***names, int *n, int *cap, const char *name)
{
    for (int i = 0; i < *n; i++)
        if (strcmp((*names)[i], name) == 0) return i;
    if (*n == *cap) {
        if (*cap > INT_MAX / 2) return -1;
        int grown_cap = *cap ? 2 * *cap : 16;
        char **grown = realloc(*names, sizeof *grown * (size_t)grown_cap);
        if (!grown) return -1;
        *names = grown;
        *cap = grown_cap;
    }
    char *copy = strdup(name);
    if (!copy) return -1;
    (*names)[*n] = copy;
    return (*n)++;
}

int roster_partie(struct ratings_partie **parties, size_t *n, size_t *cap, const struct ratings_partie *p)
{
    if (*n == *cap) {
        size_t grown_cap = *cap ? 2 * *cap : 256;
        struct ratings_partie *grown = realloc(*parties, sizeof *grown * grown_cap);
        if (!grown) return -1;
        *parties = grown;
        *cap = grown_cap;
    }
    (*parties)[(*n)++] = *p;
    return 0;
}

/* seating.c - the seatings of a duplicate set (seating.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/tournament/seating.h"

int seating_teams(const struct game *g, int players, const char *const *rules, int team_of[GAME_MAX_PLAYERS],
                  char *err, size_t cap)
{
    struct game_setup setup = { players, 0, 0, rules, 0 };
    char why[200];
    void *state = malloc(g->state_size);
    int n = -1;
    if (!state) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    if (g->create(state, &setup, why, sizeof why) < 0) {
        snprintf(err, cap, "%s: %s", g->name, why);
    } else {
        n = g->players(state);
        for (int p = 0; p < n; p++) team_of[p] = g->team(state, p);
    }
    free(state);
    return n;
}

int seating_entrants(int players, const int *team_of)
{
    int teams = 0;
    for (int p = 0; p < players; p++)
        if (team_of[p] + 1 > teams) teams = team_of[p] + 1;
    return teams;
}

int seating_set(int players, const int *team_of, struct seating out[SEATING_MAX])
{
    int teams = seating_entrants(players, team_of);
    memset(out, 0, sizeof *out * SEATING_MAX);
    if (players < 2 || players > GAME_MAX_PLAYERS) return -1;
    if (teams == 2) {
        /* Two sides: each program holds its side, then the other's. */
        for (int k = 0; k < 2; k++) {
            out[k].players = players;
            for (int p = 0; p < players; p++) out[k].entrant[p] = k ? 1 - team_of[p] : team_of[p];
        }
        return 2;
    }
    if (teams != players) return -1;
    if (players == 3) {
        static const int perms[6][3] = { { 0, 1, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 0, 2, 1 }, { 2, 1, 0 }, { 1, 0, 2 } };
        for (int k = 0; k < 6; k++) {
            out[k].players = 3;
            memcpy(out[k].entrant, perms[k], sizeof perms[k]);
        }
        return 6;
    }
    for (int k = 0; k < players; k++) {
        out[k].players = players;
        for (int p = 0; p < players; p++) out[k].entrant[p] = (p + k) % players;
    }
    return players;
}

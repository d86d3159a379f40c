/* check.c - posted partie and match records checked and replayed
 * (check.h).
 *
 * Everything here is untrusted input, and nothing is kept unless the
 * whole record passes. Three judges, in this order:
 * - the shape: the arena's reader, record_read() (records/record.h), and
 *   here what the leaderboard adds: a run, and names within the one rule;
 * - the course and the score: the arena's own check, replay_record()
 *   (`arena replay --check`): each recorded deal finished, a forfeit only
 *   while the partie is being played and its unfinished deal unfinished, a
 *   partie without one over; the engine's totals, winner and settlement, or
 *   for a forfeit the fault policy's (arena/play/referee.h), not copied here;
 * - the fault counts: exactly those the arena writes for the outcome.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "records/game_record.h"
#include "records/replay.h"
#include "protocol/codec.h"
#include "leaderboard/check.h"

static const char *const players[] = { "A", "B" };

/* What the leaderboard needs beyond the arena's reading: a run, since it
 * keys parties by RUN-ID, and names within codec_bot_name_check(). */
static int check_identity(const struct record_partie *p, char *err, size_t cap)
{
    if (!p->run) {
        snprintf(err, cap, "\"run\" must be %d lowercase hex digits", RECORD_RUN_ID_LEN);
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        const char *why = codec_bot_name_check(p->players[i]);
        if (why) {
            snprintf(err, cap, "players.%s %s", players[i], why);
            return -1;
        }
    }
    return 0;
}

/* The score, judged by the arena's own check: the engine's totals, winner
 * and settlement, or for a forfeit the fault policy's. */
static int judge_score(const struct record_partie *p, char *err, size_t cap)
{
    struct replay r;
    int status = replay_record(p, &r);
    cJSON_Delete(r.result);
    if (status == REPLAY_OK) return CHECK_OK;
    snprintf(err, cap, "%s", r.error);
    return status == REPLAY_BAD_INPUT ? CHECK_BAD_RECORD : CHECK_NOT_GENUINE;
}

/* The fault counts the arena writes: the referee counts one fault, of the
 * forfeit's kind, for the player who forfeited and none else
 * (arena/play/referee.c, referee_fault_policy), and none when nobody
 * forfeited; `arena run` records the parties a disqualified bot had left as its
 * forfeits before any deal, counting none (the faults that disqualified
 * it were counted where they happened). */
static int check_fault_counts(const struct record_partie *p, char *err, size_t cap)
{
    int loser = p->forfeit.player, fault = p->forfeit.fault;
    if (fault == RECORD_FAULT_DISQUALIFIED && (p->n_deals > 0 || p->has_unfinished)) {
        snprintf(err, cap, "a \"disqualified\" forfeit is recorded before any deal is played");
        return -1;
    }
    for (int i = 0; i < 2; i++)
        for (int f = 0; f < CODEC_FAULTS; f++) {
            int want = i == loser && f == fault;
            if (p->faults[i][f] == want) continue;
            if (loser < 0 || fault == RECORD_FAULT_DISQUALIFIED)
                snprintf(err, cap, "\"faults.%s.%s\" is %d: a partie %s counts no fault", players[i],
                         codec_fault_name(f), p->faults[i][f], loser < 0 ? "nobody forfeited" : "forfeited unplayed");
            else
                snprintf(err, cap, "\"faults.%s.%s\" is %d: the forfeit of %s for %s counts that fault once and "
                         "no other", players[i], codec_fault_name(f), p->faults[i][f], players[loser],
                         codec_fault_name(fault));
            return -1;
        }
    return 0;
}

static int check_partie(const cJSON *record, struct check_record *self, char *err, size_t cap)
{
    struct record_partie *p = &self->partie;
    int status;
    if (record_read(record, p, err, cap) < 0 || check_identity(p, err, cap) < 0) return CHECK_BAD_RECORD;
    if ((status = judge_score(p, err, cap)) != CHECK_OK) return status;
    if (check_fault_counts(p, err, cap) < 0) return CHECK_NOT_GENUINE;
    snprintf(self->key, sizeof self->key, "%s-%llu", p->run, (unsigned long long)p->id);
    snprintf(self->game, sizeof self->game, "%s", STORE_PIQUET);
    self->out = (struct store_record){ .key = self->key, .partie = p, .game = self->game };
    return CHECK_OK;
}

/* ---- match records of the other games ---- */

static const char *const letters[GAME_MAX_PLAYERS] = { "A", "B", "C", "D", "E" };

/* `o` is an object whose keys are all in known[] (NULL-terminated), none
 * twice; `where` names it in the error ("" at the top). */
static int known_fields(const cJSON *o, const char *const *known, const char *where, char *err, size_t cap)
{
    const cJSON *a, *b;
    if (!cJSON_IsObject(o)) return 0;   /* the reader names a field of the wrong type */
    cJSON_ArrayForEach(a, o) {
        int ok = 0;
        for (int i = 0; known[i] && !ok; i++) ok = !strcmp(a->string, known[i]);
        if (!ok) {
            snprintf(err, cap, "unknown field \"%s%.40s\"", where, a->string);
            return -1;
        }
        for (b = a->next; b; b = b->next)
            if (!strcmp(a->string, b->string)) {
                snprintf(err, cap, "field \"%s%.40s\" given twice", where, a->string);
                return -1;
            }
    }
    return 0;
}

/* Exactly the fields game_record_write and `arena run` write. */
static int match_fields(const cJSON *record, char *err, size_t cap)
{
    static const char *const top[] = { "type", "id", "seed", "game", "players", "first_dealer", "rules", "names",
                                       "deals", "unfinished_deal", "scores", "points", "winner", "forfeit",
                                       "faults", "decisions", "think_ms", "run", "set", NULL };
    static const char *const deal[] = { "deck", "actions", NULL };
    static const char *const forfeit[] = { "player", "fault", "message", NULL };
    static const char *const required[] = { "id", "seed", "names", "scores", "points", "winner", "forfeit",
                                            "faults", "run", NULL };
    char where[32];
    const cJSON *item;
    int d = 0;
    if (known_fields(record, top, "", err, cap) < 0) return -1;
    for (int i = 0; required[i]; i++)
        if (!cJSON_GetObjectItemCaseSensitive(record, required[i])) {
            snprintf(err, cap, "missing field \"%s\"", required[i]);
            return -1;
        }
    cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(record, "deals")) {
        snprintf(where, sizeof where, "deals[%d].", d++);
        if (known_fields(item, deal, where, err, cap) < 0) return -1;
    }
    if (known_fields(cJSON_GetObjectItemCaseSensitive(record, "unfinished_deal"), deal, "unfinished_deal.", err,
                     cap) < 0 ||
        known_fields(cJSON_GetObjectItemCaseSensitive(record, "forfeit"), forfeit, "forfeit.", err, cap) < 0)
        return -1;
    const char *run = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(record, "run"));
    int good = run && strlen(run) == RECORD_RUN_ID_LEN;
    for (int i = 0; good && run[i]; i++) good = (run[i] >= '0' && run[i] <= '9') || (run[i] >= 'a' && run[i] <= 'f');
    if (!good) {
        snprintf(err, cap, "\"run\" must be %d lowercase hex digits", RECORD_RUN_ID_LEN);
        return -1;
    }
    return 0;
}

void check_game_key(const struct game *g, int n_players, char out[STORE_GAME_KEY_MAX])
{
    if (g == &piquet_game) snprintf(out, STORE_GAME_KEY_MAX, "%s", STORE_PIQUET);
    else snprintf(out, STORE_GAME_KEY_MAX, "%s-%d", g->name, n_players);
}

int check_entrants(const struct game *g, int n_players, int entrant[GAME_MAX_PLAYERS])
{
    struct game_setup setup = { n_players, 0, 0, NULL, 0 };
    char why[160];
    void *state = malloc(g->state_size);
    int n = -1;
    if (state && g->create(state, &setup, why, sizeof why) == 0) {
        int teams = g->teams(state);
        for (int p = 0; p < n_players; p++) entrant[p] = teams == n_players ? p : g->team(state, p);
        n = teams == n_players || teams == 2 ? teams : 0;
    }
    free(state);
    return n;
}

static int check_match(const cJSON *record, struct check_record *self, char *err, size_t cap)
{
    struct game_record *m = &self->match;
    struct replay r;
    int entrant[GAME_MAX_PLAYERS];
    if (match_fields(record, err, cap) < 0 || game_record_read(record, m, err, cap) < 0) return CHECK_BAD_RECORD;
    int entrants = check_entrants(m->game, m->players, entrant);
    if (entrants < 0) {
        snprintf(err, cap, "%s cannot be played by %d players", m->game->name, m->players);
        return CHECK_BAD_RECORD;
    }
    if (entrants == 0) {
        snprintf(err, cap, "the leaderboard cannot rate %s with %d players", m->game->name, m->players);
        return CHECK_BAD_RECORD;
    }
    for (int p = 0; p < m->players; p++)
        for (int q = p + 1; q < m->players; q++)
            if (entrant[p] == entrant[q] && strcmp(m->names[p], m->names[q])) {
                snprintf(err, cap, "names.%s and names.%s share a side but name two bots", letters[p], letters[q]);
                return CHECK_BAD_RECORD;
            }
    int status = game_record_check(record, &r);
    cJSON_Delete(r.result);
    if (status != REPLAY_OK) {
        snprintf(err, cap, "%s", r.error);
        return status == REPLAY_BAD_INPUT ? CHECK_BAD_RECORD : CHECK_NOT_GENUINE;
    }
    snprintf(self->key, sizeof self->key, "%s-%llu", m->run, (unsigned long long)m->id);
    check_game_key(m->game, m->players, self->game);
    self->out = (struct store_record){ .key = self->key, .match = m, .game = self->game,
                                       .has_set = cJSON_GetObjectItemCaseSensitive(record, "set") != NULL };
    return CHECK_OK;
}

int check_record(const cJSON *record, struct check_record *self, char *err, size_t cap)
{
    int status;
    memset(self, 0, sizeof *self);
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(record, "type"));
    if (type && !strcmp(type, "match")) status = check_match(record, self, err, cap);
    else status = check_partie(record, self, err, cap);
    if (status != CHECK_OK) return status;
    if (!(self->record = cJSON_PrintUnformatted(record))) {
        snprintf(err, cap, "out of memory");
        return CHECK_NO_MEMORY;
    }
    self->out.record = self->record;
    return CHECK_OK;
}

void check_release(struct check_record *self)
{
    cJSON_free(self->record);
    memset(self, 0, sizeof *self);
}

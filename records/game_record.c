/* game_record.c - the match record of every game but Piquet: its writer,
 * its one reader, and its check against the engine (game_record.h).
 * Input is untrusted: every field is checked and named in errors.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "records/game_record.h"
#include "records/game_replay.h"
#include "records/record.h"

static const char *const letters[GAME_MAX_PLAYERS] = { "A", "B", "C", "D", "E" };

static void add_per_player(cJSON *root, const char *key, const long *values, int n)
{
    cJSON *obj = cJSON_AddObjectToObject(root, key);
    for (int p = 0; obj && p < n; p++) cJSON_AddNumberToObject(obj, letters[p], (double)values[p]);
}

cJSON *game_record_write(const struct game_record_play *play)
{
    char seed[24];
    long scores[GAME_MAX_PLAYERS] = { 0 }, counts[GAME_MAX_PLAYERS] = { 0 };
    int n = play->players;
    cJSON *root = cJSON_CreateObject();
    if (!root) return NULL;
    cJSON_AddStringToObject(root, "type", "match");
    cJSON_AddNumberToObject(root, "id", (double)play->id);
    snprintf(seed, sizeof seed, "%" PRIu64, play->seed);
    cJSON_AddStringToObject(root, "seed", seed);
    cJSON_AddStringToObject(root, "game", play->game->name);
    cJSON_AddNumberToObject(root, "players", n);
    cJSON_AddStringToObject(root, "first_dealer", letters[play->first_dealer]);
    cJSON *rules = cJSON_AddObjectToObject(root, "rules");
    for (int i = 0; rules && play->rules && play->rules[i]; i++) {
        const char *eq = strchr(play->rules[i], '=');
        char name[64];
        if (!eq || (size_t)(eq - play->rules[i]) >= sizeof name) continue;
        snprintf(name, sizeof name, "%.*s", (int)(eq - play->rules[i]), play->rules[i]);
        cJSON_AddStringToObject(rules, name, eq + 1);
    }
    cJSON *names = cJSON_AddObjectToObject(root, "names");
    for (int p = 0; names && p < n; p++) cJSON_AddStringToObject(names, letters[p], play->names[p] ? play->names[p] : "");
    /* The finished deals, and a forfeit's deal in progress apart. */
    cJSON *deals = cJSON_AddArrayToObject(root, "deals");
    int total = cJSON_GetArraySize(play->transcript), finished = total;
    int over = play->game->to_act(play->state) < 0;
    if (play->forfeit_player >= 0 && !over && total > 0) finished = total - 1;
    for (int d = 0; deals && d < finished; d++)
        cJSON_AddItemToArray(deals, cJSON_Duplicate(cJSON_GetArrayItem(play->transcript, d), 1));
    if (finished < total) {
        const cJSON *last = cJSON_GetArrayItem(play->transcript, total - 1);
        if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(last, "actions")) > 0)
            cJSON_AddItemToObject(root, "unfinished_deal", cJSON_Duplicate(last, 1));
    }
    play->game->scores(play->state, scores);
    add_per_player(root, "scores", scores, n);
    add_per_player(root, "points", play->points, n);
    if (play->winner >= 0) cJSON_AddStringToObject(root, "winner", letters[play->winner]);
    else cJSON_AddNullToObject(root, "winner");
    if (play->forfeit_player >= 0) {
        cJSON *f = cJSON_AddObjectToObject(root, "forfeit");
        cJSON_AddStringToObject(f, "player", letters[play->forfeit_player]);
        cJSON_AddStringToObject(f, "fault", codec_fault_name(play->forfeit_fault));
        cJSON_AddStringToObject(f, "message", play->forfeit_message ? play->forfeit_message : "");
    } else {
        cJSON_AddNullToObject(root, "forfeit");
    }
    cJSON *faults = cJSON_AddObjectToObject(root, "faults");
    for (int p = 0; faults && p < n; p++) {
        cJSON *mine = cJSON_AddObjectToObject(faults, letters[p]);
        for (int f = 0; mine && f < CODEC_FAULTS; f++)
            cJSON_AddNumberToObject(mine, codec_fault_name(f), play->faults[p][f]);
    }
    for (int p = 0; p < n; p++) counts[p] = (long)play->decisions[p];
    add_per_player(root, "decisions", counts, n);
    for (int p = 0; p < n; p++) counts[p] = (long)play->think_ms[p];
    add_per_player(root, "think_ms", counts, n);
    if (!cJSON_GetObjectItemCaseSensitive(root, "think_ms")) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

/* ---- reading ---------------------------------------------------------------- */

static int fail(char *err, size_t cap, const char *message)
{
    snprintf(err, cap, "%s", message);
    return -1;
}

static int whole(const cJSON *item, double lo, double hi, long *out)
{
    if (!cJSON_IsNumber(item) || item->valuedouble != floor(item->valuedouble) || item->valuedouble < lo ||
        item->valuedouble > hi)
        return -1;
    *out = (long)item->valuedouble;
    return 0;
}

static int letter_of(const char *text, int players)
{
    if (!text || strlen(text) != 1 || text[0] < 'A' || text[0] >= 'A' + players) return -1;
    return text[0] - 'A';
}

static int per_player(const cJSON *json, const char *key, int players, long *out, char *err, size_t cap)
{
    const cJSON *obj = cJSON_GetObjectItemCaseSensitive(json, key);
    for (int p = 0; p < players; p++)
        if (!cJSON_IsObject(obj) || whole(cJSON_GetObjectItemCaseSensitive(obj, letters[p]), -1e9, 1e9, &out[p]) < 0) {
            snprintf(err, cap, "\"%s\" must be an object with a whole number for every player", key);
            return -1;
        }
    return 0;
}

int game_record_read(const cJSON *json, struct game_record *out, char *err, size_t cap)
{
    long v;
    memset(out, 0, sizeof *out);
    out->run = "";
    const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(json, "type"));
    if (!type || strcmp(type, "match")) return fail(err, cap, "not a match record (\"type\": \"match\")");
    const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(json, "game"));
    if (!name || !(out->game = game_find(name))) return fail(err, cap, "\"game\" must name a known game");
    if (whole(cJSON_GetObjectItemCaseSensitive(json, "players"), out->game->min_players, out->game->max_players, &v) < 0)
        return fail(err, cap, "\"players\" must be a number of players the game takes");
    out->players = (int)v;
    if (whole(cJSON_GetObjectItemCaseSensitive(json, "id"), 0, 9007199254740991.0, &v) < 0)
        return fail(err, cap, "\"id\" must be an integer from 0");
    out->id = (uint64_t)v;
    const char *run = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(json, "run"));
    if (run) out->run = run;
    const cJSON *set = cJSON_GetObjectItemCaseSensitive(json, "set");
    if (set && whole(set, 0, 9007199254740991.0, &out->set) < 0)
        return fail(err, cap, "\"set\" must be an integer from 0");
    out->first_dealer =
        letter_of(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(json, "first_dealer")), out->players);
    if (out->first_dealer < 0) return fail(err, cap, "\"first_dealer\" must be a player's letter");
    const cJSON *names = cJSON_GetObjectItemCaseSensitive(json, "names");
    for (int p = 0; p < out->players; p++) {
        const char *n = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(names, letters[p]));
        const char *why = n ? codec_bot_name_check(n) : "is missing";
        if (why) {
            snprintf(err, cap, "names.%s %s", letters[p], why);
            return -1;
        }
        snprintf(out->names[p], sizeof out->names[p], "%s", n);
    }
    out->rules = cJSON_GetObjectItemCaseSensitive(json, "rules");
    out->deals = cJSON_GetObjectItemCaseSensitive(json, "deals");
    out->unfinished = cJSON_GetObjectItemCaseSensitive(json, "unfinished_deal");
    if (out->rules && !cJSON_IsObject(out->rules)) return fail(err, cap, "\"rules\" must be an object");
    if (!cJSON_IsArray(out->deals)) return fail(err, cap, "\"deals\" must be an array of deal records");
    if (per_player(json, "points", out->players, out->points, err, cap) < 0 ||
        per_player(json, "scores", out->players, out->scores, err, cap) < 0)
        return -1;
    const cJSON *winner = cJSON_GetObjectItemCaseSensitive(json, "winner");
    out->winner = cJSON_IsNull(winner) ? -1 : letter_of(cJSON_GetStringValue(winner), out->players);
    if (!cJSON_IsNull(winner) && out->winner < 0) return fail(err, cap, "\"winner\" must be a player's letter or null");
    const cJSON *forfeit = cJSON_GetObjectItemCaseSensitive(json, "forfeit");
    out->forfeit_player = -1;
    if (forfeit && !cJSON_IsNull(forfeit)) {
        out->forfeit_player =
            letter_of(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(forfeit, "player")), out->players);
        const char *fault = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(forfeit, "fault"));
        out->forfeit_fault = fault && !strcmp(fault, "disqualified") ? RECORD_FAULT_DISQUALIFIED : -1;
        for (int f = 0; fault && f < CODEC_FAULTS; f++)
            if (!strcmp(fault, codec_fault_name(f))) out->forfeit_fault = f;
        if (out->forfeit_player < 0 || out->forfeit_fault < 0)
            return fail(err, cap, "\"forfeit\" must name a player and a fault");
    }
    const cJSON *faults = cJSON_GetObjectItemCaseSensitive(json, "faults");
    for (int p = 0; p < out->players; p++) {
        const cJSON *mine = cJSON_GetObjectItemCaseSensitive(faults, letters[p]);
        for (int f = 0; f < CODEC_FAULTS; f++) {
            long n = 0;
            const cJSON *c = cJSON_GetObjectItemCaseSensitive(mine, codec_fault_name(f));
            if (c && whole(c, 0, 1e6, &n) < 0) return fail(err, cap, "\"faults\" must hold counts");
            out->faults[p][f] = (int)n;
        }
    }
    return 0;
}

/* ---- checking --------------------------------------------------------------- */

static int mismatch(struct replay *self, const char *what, int player, long recorded, long engine)
{
    snprintf(self->error, sizeof self->error, "%s of %s: the record says %ld, the engine %ld", what, letters[player],
             recorded, engine);
    return REPLAY_MISMATCH;
}

int game_record_check(const cJSON *json, struct replay *self)
{
    struct game_record rec;
    long scores[GAME_MAX_PLAYERS], points[GAME_MAX_PLAYERS];
    char err[200];
    memset(self, 0, sizeof *self);
    self->error_index = -1;
    if (game_record_read(json, &rec, err, sizeof err) < 0) {
        snprintf(self->error, sizeof self->error, "%s", err);
        return REPLAY_BAD_INPUT;
    }
    /* The replayable part, as a match record. */
    cJSON *doc = cJSON_CreateObject();
    void *state = malloc(rec.game->state_size);
    cJSON *none = cJSON_CreateNull();
    int status = REPLAY_BAD_INPUT;
    if (!doc || !state || !none) {
        snprintf(self->error, sizeof self->error, "out of memory");
        goto out;
    }
    cJSON_AddStringToObject(doc, "game", rec.game->name);
    cJSON_AddNumberToObject(doc, "players", rec.players);
    cJSON_AddStringToObject(doc, "first_dealer", letters[rec.first_dealer]);
    if (rec.rules) cJSON_AddItemToObject(doc, "rules", cJSON_Duplicate(rec.rules, 1));
    cJSON_AddItemToObject(doc, "deals", cJSON_Duplicate(rec.deals, 1));
    const cJSON *unfinished = rec.forfeit_player >= 0 ? (rec.unfinished ? rec.unfinished : none) : NULL;
    status = game_replay_into(doc, rec.game, state, unfinished, self);
    if (status != REPLAY_OK) goto out;
    rec.game->scores(state, scores);
    for (int p = 0; p < rec.players; p++)
        if (scores[p] != rec.scores[p]) {
            status = mismatch(self, "the score", p, rec.scores[p], scores[p]);
            goto out;
        }
    if (rec.forfeit_player >= 0) rec.game->forfeit_points(state, rec.forfeit_player, points);
    else rec.game->match_points(state, points);
    for (int p = 0; p < rec.players; p++)
        if (points[p] != rec.points[p]) {
            status = mismatch(self, "the match points", p, rec.points[p], points[p]);
            goto out;
        }
    int winner = game_winner(rec.game, state, points);
    if (winner != rec.winner) {
        snprintf(self->error, sizeof self->error, "the winner: the record says %s, the engine %s",
                 rec.winner < 0 ? "none" : letters[rec.winner], winner < 0 ? "none" : letters[winner]);
        status = REPLAY_MISMATCH;
        goto out;
    }
    if (!self->result) self->result = cJSON_CreateObject();
    if (!self->result) {
        status = REPLAY_BAD_INPUT;
        goto out;
    }
    add_per_player(self->result, "points", points, rec.players);
    status = REPLAY_OK;
out:
    cJSON_Delete(none);
    cJSON_Delete(doc);
    free(state);
    return status;
}

/* game_replay.c - deal and match records of any game through its module
 * (game_replay.h). Input is untrusted: every field's type is checked, and
 * every failure is a status and a message, never an exit.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "protocol/json_writer.h"
#include "records/game_replay.h"

enum { RULES_MAX = 32, RULE_TEXT_MAX = 96 };

/* The "rules" object as name=value strings. */
struct rule_list {
    char text[RULES_MAX][RULE_TEXT_MAX];
    const char *items[RULES_MAX + 1];
};

static int bad(struct replay *self, const char *why)
{
    snprintf(self->error, sizeof self->error, "%s", why);
    return REPLAY_BAD_INPUT;
}

const struct game *game_replay_game(const cJSON *doc, struct replay *self, int *status)
{
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(doc, "game");
    *status = REPLAY_OK;
    if (!cJSON_IsObject(doc) || !name) return NULL;
    if (!cJSON_IsString(name)) {
        *status = bad(self, "\"game\" must be a string naming a game");
        return NULL;
    }
    const struct game *g = game_find(name->valuestring);
    if (!g) {
        char why[160];
        snprintf(why, sizeof why, "unknown game '%.40s' (the games: ", name->valuestring);
        for (int i = 0; game_modules[i]; i++) {
            size_t n = strlen(why);
            snprintf(why + n, sizeof why - n, "%s%s", i ? ", " : "", game_modules[i]->name);
        }
        size_t n = strlen(why);
        snprintf(why + n, sizeof why - n, ")");
        *status = bad(self, why);
    }
    return g;
}

static int read_rules(const cJSON *doc, struct rule_list *out, struct replay *self)
{
    const cJSON *rules = cJSON_GetObjectItemCaseSensitive(doc, "rules"), *item;
    int n = 0;
    out->items[0] = NULL;
    if (!rules || cJSON_IsNull(rules)) return 0;
    if (!cJSON_IsObject(rules)) return bad(self, "\"rules\" must be an object of flags");
    cJSON_ArrayForEach(item, rules) {
        char *slot = out->text[n];
        if (n == RULES_MAX) return bad(self, "\"rules\" holds too many flags");
        if (cJSON_IsString(item)) {
            snprintf(slot, RULE_TEXT_MAX, "%s=%s", item->string, item->valuestring);
        } else if (cJSON_IsBool(item)) {
            snprintf(slot, RULE_TEXT_MAX, "%s=%s", item->string, cJSON_IsTrue(item) ? "true" : "false");
        } else if (cJSON_IsNumber(item) && item->valuedouble == floor(item->valuedouble) &&
                   fabs(item->valuedouble) < 1e9) {
            snprintf(slot, RULE_TEXT_MAX, "%s=%ld", item->string, (long)item->valuedouble);
        } else {
            snprintf(self->error, sizeof self->error, "rules.%.40s: must be a string, a whole number or a boolean",
                     item->string);
            return REPLAY_BAD_INPUT;
        }
        out->items[n++] = slot;
        out->items[n] = NULL;
    }
    return 0;
}

static int read_players(const cJSON *doc, const struct game *g, int *players, struct replay *self)
{
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(doc, "players");
    *players = g->default_players;
    if (!p) return 0;
    if (!cJSON_IsNumber(p) || p->valuedouble != floor(p->valuedouble) || p->valuedouble < g->min_players ||
        p->valuedouble > g->max_players) {
        snprintf(self->error, sizeof self->error, "\"players\" must be a whole number from %d to %d for %s",
                 g->min_players, g->max_players, g->name);
        return REPLAY_BAD_INPUT;
    }
    *players = (int)p->valuedouble;
    return 0;
}

static int read_first_dealer(const cJSON *doc, int players, int *first, struct replay *self)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(doc, "first_dealer");
    *first = 0;
    if (!f) return 0;
    if (!cJSON_IsString(f) || strlen(f->valuestring) != 1 || f->valuestring[0] < 'A' ||
        f->valuestring[0] >= 'A' + players) {
        snprintf(self->error, sizeof self->error, "\"first_dealer\" must be a player's letter, A to %c",
                 'A' + players - 1);
        return REPLAY_BAD_INPUT;
    }
    *first = f->valuestring[0] - 'A';
    return 0;
}

/* A deal's "deck" and "actions", checked for their types. */
static int read_deal(const cJSON *deal, const char *where, const char **deck, const cJSON **actions,
                     struct replay *self)
{
    const cJSON *d = cJSON_GetObjectItemCaseSensitive(deal, "deck");
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(deal, "actions"), *item;
    if (!cJSON_IsObject(deal)) {
        snprintf(self->error, sizeof self->error, "%sa deal record must be an object", where);
        return REPLAY_BAD_INPUT;
    }
    if (!cJSON_IsString(d)) {
        snprintf(self->error, sizeof self->error, "%s\"deck\" must be a string of cards", where);
        return REPLAY_BAD_INPUT;
    }
    if (!cJSON_IsArray(a)) {
        snprintf(self->error, sizeof self->error, "%s\"actions\" must be an array of strings", where);
        return REPLAY_BAD_INPUT;
    }
    cJSON_ArrayForEach(item, a) {
        if (!cJSON_IsString(item)) {
            snprintf(self->error, sizeof self->error, "%s\"actions\" must be an array of strings", where);
            return REPLAY_BAD_INPUT;
        }
    }
    *deck = d->valuestring;
    *actions = a;
    return 0;
}

/* Numbers of a deal record besides its known keys, for the game. */
static int read_deal_fields(const cJSON *deal, const struct game *g, void *state, struct replay *self)
{
    static const char *const known[] = { "game", "players", "deck", "rules", "actions", "first_dealer", NULL };
    const cJSON *item;
    if (!g->set_deal_field) return 0;
    cJSON_ArrayForEach(item, deal) {
        int skip = !cJSON_IsNumber(item);
        for (int i = 0; known[i] && !skip; i++) skip = !strcmp(item->string, known[i]);
        if (skip) continue;
        char reason[160];
        if (item->valuedouble != floor(item->valuedouble) || fabs(item->valuedouble) > 1e9) {
            snprintf(self->error, sizeof self->error, "\"%.40s\" must be a whole number", item->string);
            return REPLAY_BAD_INPUT;
        }
        int rc = g->set_deal_field(state, item->string, (long)item->valuedouble, reason, sizeof reason);
        if (rc == -1) {
            snprintf(self->error, sizeof self->error, "\"%.40s\": %s", item->string, reason);
            return REPLAY_BAD_INPUT;
        }
    }
    return 0;
}

int game_replay_start_deal(const struct game *g, void *state, const cJSON *deal, const char *where,
                           struct replay *self)
{
    const cJSON *deck = cJSON_GetObjectItemCaseSensitive(deal, "deck");
    struct rule_list rules;
    char err[200];
    int status;
    if (!cJSON_IsString(deck)) {
        snprintf(self->error, sizeof self->error, "%s\"deck\" must be a string of cards", where);
        return REPLAY_BAD_INPUT;
    }
    if (g->set_deck(state, deck->valuestring, err, sizeof err) < 0) {
        snprintf(self->error, sizeof self->error, "%s%s", where, err);
        return REPLAY_BAD_INPUT;
    }
    if (!g->set_deal_rules) return REPLAY_OK;
    if ((status = read_rules(deal, &rules, self))) {
        char why[sizeof self->error];
        snprintf(why, sizeof why, "%s", self->error);
        snprintf(self->error, sizeof self->error, "%s%s", where, why);
        return status;
    }
    if (rules.items[0] && g->set_deal_rules(state, rules.items, err, sizeof err) < 0) {
        snprintf(self->error, sizeof self->error, "%s%s", where, err);
        return REPLAY_BAD_INPUT;
    }
    return REPLAY_OK;
}

/* The game's words for a replay reason, or the house's. */
static const char *words(const struct game *g, int which, const char *house)
{
    const struct game_replay_words *w = g->replay_words;
    const char *own = !w ? NULL : which == 0 ? w->deal_over : which == 1 ? w->deal_not_over
                                : which == 2 ? w->match_over : w->match_not_over;
    return own ? own : house;
}

/* Plays one deal's actions. `prefix` is "" or "deal D: ". Returns 0 when
 * the deal ended with its last action, else a status with the error. */
static int play_deal(const struct game *g, void *state, const cJSON *actions, const char *prefix,
                     struct replay *self)
{
    const cJSON *item;
    int i = 0, ended = 0;
    /* A deal void before its first action (game.h settle) has none. */
    if (g->settle && g->settle(state) == GAME_DEAL_OVER) ended = 1;
    cJSON_ArrayForEach(item, actions) {
        char reason[200];
        const char *text = item->valuestring;
        int rc;
        if (ended || g->to_act(state) < 0) {
            rc = GAME_ILLEGAL;
            snprintf(reason, sizeof reason, "%s", words(g, 0, "the deal is over"));
        } else {
            rc = g->apply(state, text, (int)strlen(text), reason, sizeof reason);
        }
        if (rc == GAME_ILLEGAL) {
            self->error_index = i;
            snprintf(self->error, sizeof self->error, "%saction %d (%.60s): %.150s", prefix, i, text, reason);
            return REPLAY_ILLEGAL;
        }
        ended = rc == GAME_DEAL_OVER;
        i++;
    }
    if (!ended) {
        self->error_index = i;
        snprintf(self->error, sizeof self->error, "%saction %d (end): %s", prefix, i,
                 words(g, 1, "the record ends before the deal is over"));
        return REPLAY_ILLEGAL;
    }
    return 0;
}

static int write_result(const struct game *g, const void *state, int match, struct replay *self)
{
    struct json_writer jw;
    self->result = cJSON_CreateObject();
    if (!self->result) return bad(self, "out of memory");
    json_writer_init(&jw, self->result);
    if (match) g->result(state, &jw.writer);
    else g->deal_result(state, &jw.writer);
    if (jw.failed) return bad(self, "out of memory writing the result");
    return REPLAY_OK;
}

/* A forfeited match: after its finished deals the match goes on, and the
 * deal in progress (a JSON null or absent: none had begun) replays as far
 * as it went without ending. */
static int replay_unfinished(const struct game *g, void *state, const cJSON *unfinished, int d, struct replay *self)
{
    char prefix[32];
    const char *deck;
    const cJSON *actions, *item;
    int i = 0;
    self->error_deal = d + 1;
    if (g->to_act(state) < 0) {
        snprintf(self->error, sizeof self->error, "a forfeit after the match was over (after deal %d)", d);
        return REPLAY_ILLEGAL;
    }
    if (cJSON_IsNull(unfinished)) return REPLAY_OK;
    snprintf(prefix, sizeof prefix, "deal %d: ", d);
    int status = read_deal(unfinished, "unfinished_deal: ", &deck, &actions, self);
    if (status || (status = game_replay_start_deal(g, state, unfinished, "unfinished_deal: ", self))) return status;
    cJSON_ArrayForEach(item, actions) {
        char reason[200];
        int rc = g->apply(state, item->valuestring, (int)strlen(item->valuestring), reason, sizeof reason);
        if (rc != GAME_GOES_ON) {
            self->error_index = i;
            snprintf(self->error, sizeof self->error, "%saction %d (%.60s): %.150s", prefix, i, item->valuestring,
                     rc == GAME_ILLEGAL ? reason : "the deal of a forfeit ended before the forfeit");
            return REPLAY_ILLEGAL;
        }
        i++;
    }
    self->error_deal = 0;
    return REPLAY_OK;
}

static int replay_match(const cJSON *doc, const struct game *g, void *state, struct game_setup *setup,
                        const cJSON *unfinished, struct replay *self)
{
    const cJSON *deals = cJSON_GetObjectItemCaseSensitive(doc, "deals"), *deal;
    char err[200];
    int d = 0, status;
    if ((status = read_first_dealer(doc, setup->players, &setup->first_dealer, self))) return status;
    if (g->create(state, setup, err, sizeof err) < 0) return bad(self, err);
    cJSON_ArrayForEach(deal, deals) {
        char prefix[32], where[32];
        const char *deck;
        const cJSON *actions;
        snprintf(prefix, sizeof prefix, "deal %d: ", d);
        snprintf(where, sizeof where, "deals[%d]: ", d);
        if ((status = read_deal(deal, where, &deck, &actions, self))) return status;
        self->error_deal = d + 1;
        if (g->to_act(state) < 0) {
            const cJSON *first = cJSON_GetArrayItem(actions, 0);
            self->error_index = 0;
            snprintf(self->error, sizeof self->error, "%saction 0 (%.60s): %s", prefix,
                     first ? first->valuestring : "end", words(g, 2, "the match is over"));
            return REPLAY_ILLEGAL;
        }
        if ((status = game_replay_start_deal(g, state, deal, where, self))) return status;
        if ((status = play_deal(g, state, actions, prefix, self))) return status;
        d++;
    }
    if (unfinished) return replay_unfinished(g, state, unfinished, d, self);
    if (g->to_act(state) >= 0) {
        self->error_deal = d + 1;
        self->error_index = 0;
        snprintf(self->error, sizeof self->error, "deal %d: action 0 (end): %s", d,
                 words(g, 3, "the record ends before the match is over"));
        return REPLAY_ILLEGAL;
    }
    self->error_deal = 0;
    return write_result(g, state, 1, self);
}

static int replay_one_deal(const cJSON *doc, const struct game *g, void *state, struct game_setup *setup,
                           struct replay *self)
{
    const char *deck;
    const cJSON *actions;
    char err[200];
    int status;
    if ((status = read_deal(doc, "", &deck, &actions, self))) return status;
    setup->one_deal = 1;
    if (g->create(state, setup, err, sizeof err) < 0) return bad(self, err);
    if (g->set_deck(state, deck, err, sizeof err) < 0) return bad(self, err);
    if ((status = read_deal_fields(doc, g, state, self))) return status;
    if ((status = play_deal(g, state, actions, "", self))) return status;
    return write_result(g, state, 0, self);
}

int game_replay_json(const cJSON *doc, const struct game *g, struct replay *self)
{
    return game_replay_into(doc, g, NULL, NULL, self);
}

int game_replay_into(const cJSON *doc, const struct game *g, void *into, const cJSON *unfinished,
                     struct replay *self)
{
    struct rule_list rules;
    struct game_setup setup = { 0, 0, 0, NULL, 0 };
    int status;
    memset(self, 0, sizeof *self);
    self->error_index = -1;
    if ((status = read_rules(doc, &rules, self)) || (status = read_players(doc, g, &setup.players, self)))
        return status;
    setup.rules = rules.items;
    void *state = into ? into : malloc(g->state_size);
    if (!state) return bad(self, "out of memory");
    const cJSON *deals = cJSON_GetObjectItemCaseSensitive(doc, "deals");
    if (deals && !cJSON_IsArray(deals)) status = bad(self, "\"deals\" must be an array of deal records");
    else if (deals) status = replay_match(doc, g, state, &setup, unfinished, self);
    else status = replay_one_deal(doc, g, state, &setup, self);
    if (!into) free(state);
    return status;
}

int game_replay_deal_alone(const cJSON *doc, const struct game *g, const cJSON *deal, void *state,
                           struct replay *self)
{
    struct rule_list rules;
    struct game_setup setup = { 0, 0, 0, NULL, 1 };
    char err[200];
    int status;
    memset(self, 0, sizeof *self);
    self->error_index = -1;
    if ((status = read_rules(doc, &rules, self)) || (status = read_players(doc, g, &setup.players, self)))
        return status;
    setup.rules = rules.items;
    if (g->create(state, &setup, err, sizeof err) < 0) return bad(self, err);
    return game_replay_start_deal(g, state, deal, "", self);
}

int game_replay_create(const cJSON *doc, const struct game *g, void *state, struct replay *self)
{
    struct rule_list rules;
    struct game_setup setup = { 0, 0, 0, NULL, 0 };
    char err[200];
    int status;
    memset(self, 0, sizeof *self);
    self->error_index = -1;
    if ((status = read_rules(doc, &rules, self)) || (status = read_players(doc, g, &setup.players, self)) ||
        (status = read_first_dealer(doc, setup.players, &setup.first_dealer, self)))
        return status;
    setup.rules = rules.items;
    if (g->create(state, &setup, err, sizeof err) < 0) return bad(self, err);
    return REPLAY_OK;
}

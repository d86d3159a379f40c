/* check.c - the compliance check (check.h): one loop over the game's
 * struct game_check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/play/check.h"

const char *check_report_situation_name(const struct check_report *report, int situation)
{
    return report->game->check->names[situation];
}

static void pass(struct check_report *r, int situation)
{
    if (r->status[situation] == CHECK_NOT_REACHED) r->status[situation] = CHECK_PASSED;
}

static void pass_all(struct check_report *r, uint64_t met)
{
    for (int s = 0; s < r->n_situations; s++)
        if (met & (1ull << s)) pass(r, s);
}

static const char *text_of(const cJSON *object, const char *key)
{
    const char *text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(object, key));
    return text ? text : "";
}

/* Replays one match's transcript through the game in `state` (created as
 * the match was), reading what player 0 met; *pending is the situation of
 * the decision asked at the end (where a fault happened), or the results'.
 * 0, or -1 when the transcript does not replay (the arena's own bug). */
static int read_match(const struct referee *ref, void *state, struct check_report *r, int *pending, char *err,
                      size_t cap)
{
    const struct game *g = r->game;
    const struct game_check *c = g->check;
    char why[200];
    const cJSON *deal;
    cJSON_ArrayForEach(deal, ref->transcript)
    {
        if (g->set_deck(state, text_of(deal, "deck"), why, sizeof why) < 0) {
            snprintf(err, cap, "cannot replay the check's match: %s", why);
            return -1;
        }
        const cJSON *action;
        cJSON_ArrayForEach(action, cJSON_GetObjectItemCaseSensitive(deal, "actions"))
        {
            const char *text = cJSON_GetStringValue(action);
            if (g->to_act(state) == 0) pass_all(r, c->decision(state, 0));
            int applied = text ? g->apply(state, text, (int)strlen(text), why, sizeof why) : GAME_ILLEGAL;
            if (applied == GAME_ILLEGAL) {
                snprintf(err, cap, "cannot replay the check's match: %s", why);
                return -1;
            }
            if (applied == GAME_DEAL_OVER) pass_all(r, c->deal_over(state, 0));
        }
    }
    *pending = g->to_act(state) == 0 ? c->situation(state, 0) : c->n_situations - 1;
    return 0;
}

/* The user's rules with `extra` after them (NULL-terminated into out). */
static const char *const *rules_with(const char *const *user, const char *extra, const char **out, int room)
{
    int n = 0;
    for (int i = 0; user && user[i] && n < room - 2; i++) out[n++] = user[i];
    if (extra) out[n++] = extra;
    out[n] = NULL;
    return out;
}

int check_run(const struct match_bot *bot, const char *opponent, const struct match_config *base,
              struct check_report *report, char *err, size_t cap)
{
    static struct referee ref;
    static char decks[GAME_CHECK_MAX_DECKS][GAME_DECK_TEXT];
    const char *deck_list[GAME_CHECK_MAX_DECKS + 1], *rules[66];
    const struct game *g = base->game ? base->game : &piquet_game;
    const struct game_check *c = g->check;
    struct match_config config = *base;
    char why[200];
    memset(report, 0, sizeof *report);
    report->game = g;
    if (!c) {
        snprintf(err, cap, "arena check does not know %s yet", g->name);
        return -1;
    }
    report->n_situations = c->n_situations;
    int players = base->players > 0 ? base->players : g->default_players;
    void *state = aligned_alloc(16, (g->state_size + 15) / 16 * 16);
    if (!state) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    config.bots[0] = *bot;
    for (int p = 1; p < players; p++) {
        config.bots[p].command = opponent;
        snprintf(config.bots[p].name, sizeof config.bots[p].name, "checker-%c", 'A' + p);
    }
    int rc = -1;
    for (int k = 0; k < c->matches; k++) {
        uint64_t seed = 20261126 + (uint64_t)k;
        struct game_setup setup = { players, seed, 0, NULL, 0 };
        setup.rules = rules_with(base->game_rules, c->match_rules ? c->match_rules[k] : NULL, rules, 66);
        if (g->create(state, &setup, why, sizeof why) < 0) {
            snprintf(err, cap, "%s: %s", g->name, why);
            goto out;
        }
        if (k == 0)
            for (int s = 0; s < c->n_situations; s++)
                if (c->absent(state, s)) report->status[s] = CHECK_ABSENT;
        int n_decks = c->decks(state, k, decks, GAME_CHECK_MAX_DECKS);
        for (int i = 0; i < n_decks; i++) deck_list[i] = decks[i];
        deck_list[n_decks] = NULL;
        config.game_decks = deck_list;
        config.game_rules = setup.rules;
        if (match_play(&config, (uint64_t)k + 1, seed, 0, &ref, err, cap) < 0) goto out;
        report->think_ms += ref.think_ms[0];
        report->decisions += ref.decisions[0];
        if (ref.started) pass(report, 0);
        int pending = c->n_situations - 1;
        if (g->create(state, &setup, why, sizeof why) < 0 ||
            (ref.transcript && read_match(&ref, state, report, &pending, err, cap) < 0)) {
            referee_release(&ref);
            goto out;
        }
        referee_release(&ref);
        if (ref.forfeited && ref.forfeit.player == 0) {
            int s = ref.started ? pending : 0;
            report->status[s] = CHECK_FAILED;
            snprintf(report->why[s], sizeof report->why[s], "%s: %.200s", codec_fault_name(ref.forfeit.fault),
                     ref.forfeit.message);
            rc = 0;
            goto out;
        }
        if (ref.forfeited) {
            snprintf(err, cap, "the checker's own opponent faulted: %s", ref.forfeit.message);
            goto out;
        }
    }
    pass(report, c->n_situations - 1);
    rc = 0;
out:
    free(state);
    return rc;
}

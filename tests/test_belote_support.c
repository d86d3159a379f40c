/* test_belote_support.c - see test_belote_support.h. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "protocol/json_writer.h"
#include "tests/test_belote_support.h"

cJSON *bt_read_json(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    cJSON *root = cJSON_Parse(buf);
    cr_assert_not_null(root, "%s is not JSON", path);
    return root;
}

const struct game *bt_game(const struct bel_match *m)
{
    return m->rules.form == BEL_MARSEILLAISE ? &belote_marseillaise_game
           : m->rules.form == BEL_PARTNERSHIP ? &belote_partnership_game : &belote_game;
}

const struct game *bt_start(struct bel_match *m, const char *game, int players, const char *const *rules,
                            const char *deck, long reserve)
{
    const struct game *g = game_find(game);
    char err[256];
    cr_assert_not_null(g, "%s", game);
    cr_assert_eq(g->state_size, sizeof *m);
    struct game_setup setup = { players, 1, 0, rules, 1 };
    cr_assert_eq(g->create(m, &setup, err, sizeof err), 0, "%s", err);
    if (deck) cr_assert_eq(g->set_deck(m, deck, err, sizeof err), 0, "%s", err);
    if (reserve) cr_assert_eq(g->set_deal_field(m, "reserve", reserve, err, sizeof err), 0, "%s", err);
    return g;
}

int bt_do(struct bel_match *m, const char *action, char *err, int cap)
{
    return bt_game(m)->apply(m, action, (int)strlen(action), err, cap);
}

int bt_replay(struct bel_match *m, const cJSON *record, char *err, int cap)
{
    static char texts[16][64];
    const char *rules[17];
    int n_rules = 0;
    const cJSON *r, *item;
    cJSON_ArrayForEach(r, cJSON_GetObjectItem(record, "rules")) {
        cr_assert_lt(n_rules, 16);
        if (cJSON_IsNumber(r)) snprintf(texts[n_rules], 64, "%s=%d", r->string, r->valueint);
        else if (cJSON_IsBool(r)) snprintf(texts[n_rules], 64, "%s=%s", r->string, cJSON_IsTrue(r) ? "true" : "false");
        else snprintf(texts[n_rules], 64, "%s=%s", r->string, r->valuestring);
        rules[n_rules] = texts[n_rules];
        n_rules++;
    }
    rules[n_rules] = NULL;
    const cJSON *reserve = cJSON_GetObjectItem(record, "reserve");
    bt_start(m, cJSON_GetStringValue(cJSON_GetObjectItem(record, "game")),
             cJSON_GetObjectItem(record, "players")->valueint, rules,
             cJSON_GetStringValue(cJSON_GetObjectItem(record, "deck")), reserve ? (long)reserve->valuedouble : 0);
    int i = 0, rc = GAME_GOES_ON;
    cJSON_ArrayForEach(item, cJSON_GetObjectItem(record, "actions")) {
        if (rc == GAME_DEAL_OVER) {
            snprintf(err, (size_t)cap, "the deal is over");
            return i;
        }
        rc = bt_do(m, item->valuestring, err, cap);
        if (rc == GAME_ILLEGAL) return i;
        i++;
    }
    if (rc != GAME_DEAL_OVER) {
        snprintf(err, (size_t)cap, "the record ends before the deal is over");
        return i;
    }
    return -1;
}

static cJSON *written(const struct bel_match *m, int which, int player)
{
    cJSON *root = cJSON_CreateObject();
    struct json_writer jw;
    const struct game *g = bt_game(m);
    json_writer_init(&jw, root);
    if (which == 0) g->deal_result(m, &jw.writer);
    else if (which == 1) g->result(m, &jw.writer);
    else g->view(m, player, &jw.writer);
    cr_assert_not(jw.failed);
    return root;
}

cJSON *bt_deal_result(const struct bel_match *m)
{
    return written(m, 0, 0);
}

cJSON *bt_match_result(const struct bel_match *m)
{
    return written(m, 1, 0);
}

cJSON *bt_view(const struct bel_match *m, int player)
{
    return written(m, 2, player);
}

int bt_ints(const cJSON *array, long *out, int max)
{
    int n = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, array) {
        if (n < max) out[n] = (long)item->valuedouble;
        n++;
    }
    return n;
}

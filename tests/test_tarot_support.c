/* test_tarot_support.c - see test_tarot_support.h. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "protocol/json_writer.h"
#include "tests/test_tarot_support.h"

cJSON *tt_read_json(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    static char buf[1 << 17];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    cJSON *root = cJSON_Parse(buf);
    cr_assert_not_null(root, "%s is not JSON", path);
    return root;
}

void tt_start(struct tarot_match *m, int players, const char *const *rules, const char *deck)
{
    char err[256];
    struct game_setup setup = { players, 1, 0, rules, 1 };
    cr_assert_eq(tarot_game.state_size, sizeof *m);
    cr_assert_eq(tarot_game.create(m, &setup, err, sizeof err), 0, "%s", err);
    if (deck) cr_assert_eq(tarot_game.set_deck(m, deck, err, sizeof err), 0, "%s", err);
}

tarot_mask tt_cards(const char *list)
{
    tarot_mask m = 0;
    for (const char *p = list; p && *p;) {
        while (*p == ' ') p++;
        if (!*p) break;
        int c = tarot_card_parse(p);
        cr_assert_geq(c, 0, "bad token in '%s'", list);
        cr_assert(!(m & TAROT_BIT(c)), "%.2s twice", p);
        m |= TAROT_BIT(c);
        p += 2;
    }
    return m;
}

void tt_deck(int players, const char *const *hands, const char *dog, char *out)
{
    int dog_size = players == 5 ? 3 : 6, size = (TAROT_CARDS - dog_size) / players;
    uint8_t deck[TAROT_CARDS];
    tarot_mask used = 0, block[TAROT_MAX_SEATS + 1];
    for (int s = 0; s <= players; s++) {
        block[s] = tt_cards(s < players ? hands[s] : dog);
        cr_assert(!(used & block[s]), "a card is in two hands");
        used |= block[s];
    }
    tarot_mask rest = TAROT_ALL_CARDS & ~used;
    for (int s = 0; s <= players; s++) {
        int want = s < players ? size : dog_size, k = 0;
        cr_assert_leq(tarot_count(block[s]), want);
        while (tarot_count(block[s]) < want) {
            int c = tarot_first(rest);
            rest &= ~TAROT_BIT(c);
            block[s] |= TAROT_BIT(c);
        }
        for (tarot_mask b = block[s]; b; b &= b - 1) deck[(s < players ? s * size : TAROT_CARDS - dog_size) + k++] = (uint8_t)tarot_first(b);
    }
    tarot_deck_format(deck, out, TAROT_DECK_TEXT);
}

int tt_do(struct tarot_match *m, const char *action, char *err, int cap)
{
    char spare[256];
    if (!err) {
        err = spare;
        cap = sizeof spare;
    }
    tarot_game.settle(m);
    return tarot_game.apply(m, action, (int)strlen(action), err, cap);
}

void tt_play(struct tarot_match *m, const char *const *actions)
{
    char err[256];
    for (int i = 0; actions[i]; i++)
        cr_assert_neq(tt_do(m, actions[i], err, sizeof err), GAME_ILLEGAL, "action %d (%s): %s", i, actions[i], err);
}

int tt_legal(const struct tarot_match *m, const char *action)
{
    static struct tarot_match copy;
    char err[256];
    int index = tarot_game.find_legal(m, action, (int)strlen(action));
    copy = *m;
    int rc = tarot_game.apply(&copy, action, (int)strlen(action), err, sizeof err);
    cr_assert_eq(index >= 0, rc != GAME_ILLEGAL, "find_legal and apply disagree on '%s': %s", action, err);
    if (index >= 0) {
        char text[GAME_ACTION_MAX];
        cr_assert_geq(tarot_game.legal_text(m, index, text, sizeof text), 0);
        cr_assert_eq(tarot_game.find_legal(m, text, (int)strlen(text)), index, "'%s' and '%s'", text, action);
    }
    return index >= 0;
}

void tt_fixture(struct tarot_match *m, const char *id, int count, const char *const *extra_rules)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "tests/fixtures/tarot/%s.json", id);
    cJSON *root = tt_read_json(path);
    const cJSON *record = cJSON_GetObjectItem(root, "record"), *item;
    const cJSON *players = cJSON_GetObjectItem(record, "players");
    static char texts[16][64];
    const char *rules[17];
    int n = 0;
    cJSON_ArrayForEach(item, cJSON_GetObjectItem(record, "rules")) {
        snprintf(texts[n], 64, "%s=%s", item->string, item->valuestring);
        rules[n] = texts[n];
        n++;
    }
    for (int i = 0; extra_rules && extra_rules[i]; i++) rules[n++] = extra_rules[i];
    rules[n] = NULL;
    tt_start(m, players ? players->valueint : 4, rules, cJSON_GetObjectItem(record, "deck")->valuestring);
    int i = 0;
    cJSON_ArrayForEach(item, cJSON_GetObjectItem(record, "actions")) {
        if (count >= 0 && i >= count) break;
        cr_assert_neq(tt_do(m, item->valuestring, err, sizeof err), GAME_ILLEGAL, "%s action %d (%s): %s", id, i,
                      item->valuestring, err);
        i++;
    }
    cJSON_Delete(root);
}

static cJSON *written(const struct tarot_match *m, int kind, int player)
{
    struct json_writer jw;
    cJSON *root = cJSON_CreateObject();
    json_writer_init(&jw, root);
    if (kind == 0) tarot_game.deal_result(m, &jw.writer);
    else if (kind == 1) tarot_game.result(m, &jw.writer);
    else tarot_game.view(m, player, &jw.writer);
    cr_assert(!jw.failed);
    return root;
}

cJSON *tt_deal_result(const struct tarot_match *m)
{
    return written(m, 0, 0);
}

cJSON *tt_match_result(const struct tarot_match *m)
{
    return written(m, 1, 0);
}

cJSON *tt_view(const struct tarot_match *m, int player)
{
    return written(m, 2, player);
}

long tt_int(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItem(obj, key);
    cr_assert(cJSON_IsNumber(v), "%s is not a number", key);
    return (long)v->valuedouble;
}

long tt_at(const cJSON *obj, const char *key, int i)
{
    const cJSON *v = cJSON_GetArrayItem(cJSON_GetObjectItem(obj, key), i);
    cr_assert(cJSON_IsNumber(v), "%s[%d] is not a number", key, i);
    return (long)v->valuedouble;
}

/* test_coinche_support.c - see test_coinche_support.h. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "protocol/json_writer.h"
#include "tests/test_coinche_support.h"

const char *const ct_pack_r = "JS JH JD JC 9S 9H 9D 9C AS AH AD AC TS TH TD TC KS KH KD KC QS QH QD QC "
                              "8S 8H 8D 8C 7S 7H 7D 7C";
const char *const ct_pack_s = "7H 8H 9H TH JH QH KH AH 7S 8S 9S TS JS QS KS AS 7D 8D 9D TD JD QD KD AD "
                              "7C 8C 9C TC JC QC KC AC";
const char *const ct_pack_t = "JS 9S AS AH TH KH AD TD 7S 8S AC TC KC QC 7H 8H KS QS 9H JH QH 7D 8D 9D "
                              "TS JD QD KD JC 9C 8C 7C";

void ct_pack(char *out, const char *s0, const char *s1, const char *s2, const char *s3)
{
    const char *hands[4] = { s0, s1, s2, s3 };
    uint8_t deck[32];
    int n[4] = { 0 };
    pq_mask used = 0;
    for (int s = 0; s < 4; s++)
        for (const char *p = hands[s]; p && *p; p += p[2] ? 3 : 2) {
            int c = pq_card_parse(p);
            cr_assert(c >= 0 && !(used & PQ_BIT(c)) && n[s] < 8, "bad hand '%s'", hands[s]);
            used |= PQ_BIT(c);
            deck[8 * s + n[s]++] = (uint8_t)c;
            if (!p[2]) break;
        }
    for (int s = 0; s < 4; s++)
        while (n[s] < 8) {
            int c = pq_mask_first(~used);
            used |= PQ_BIT(c);
            deck[8 * s + n[s]++] = (uint8_t)c;
        }
    pq_deck_format(deck, out);
}

void ct_start(struct coinche_match *m, const char *const *rules, const char *deck)
{
    char err[256];
    struct game_setup setup = { 4, 1, 0, rules, 1 };
    cr_assert_eq(coinche_game.state_size, sizeof *m);
    cr_assert_eq(coinche_game.create(m, &setup, err, sizeof err), 0, "%s", err);
    if (deck) cr_assert_eq(coinche_game.set_deck(m, deck, err, sizeof err), 0, "%s", err);
}

int ct_do(struct coinche_match *m, const char *action, char *err, int cap)
{
    return coinche_game.apply(m, action, (int)strlen(action), err, cap);
}

int ct_run(struct coinche_match *m, const char *actions)
{
    char text[COINCHE_TEXT], err[256];
    int rc = GAME_GOES_ON;
    for (const char *p = actions; *p;) {
        const char *end = strstr(p, ", ");
        int len = end ? (int)(end - p) : (int)strlen(p);
        snprintf(text, sizeof text, "%.*s", len, p);
        rc = ct_do(m, text, err, sizeof err);
        cr_assert_neq(rc, GAME_ILLEGAL, "'%s' refused: %s", text, err);
        p += len + (end ? 2 : 0);
    }
    return rc;
}

int ct_refused(struct coinche_match *m, const char *action, char *err, int cap)
{
    static struct coinche_match before;
    before = *m;
    int rc = ct_do(m, action, err, cap);
    if (rc == GAME_ILLEGAL) cr_assert(!memcmp(&before, m, sizeof before), "a refused '%s' changed the state", action);
    else *m = before;
    return rc == GAME_ILLEGAL;
}

int ct_legal(const struct coinche_match *m, const char *action)
{
    return coinche_game.find_legal(m, action, (int)strlen(action)) >= 0;
}

static cJSON *written(const struct coinche_match *m, int which, int player)
{
    cJSON *root = cJSON_CreateObject();
    struct json_writer jw;
    json_writer_init(&jw, root);
    if (which == 0) coinche_game.deal_result(m, &jw.writer);
    else if (which == 1) coinche_game.result(m, &jw.writer);
    else coinche_game.view(m, player, &jw.writer);
    cr_assert_not(jw.failed);
    return root;
}

cJSON *ct_deal_result(const struct coinche_match *m)
{
    return written(m, 0, 0);
}

cJSON *ct_match_result(const struct coinche_match *m)
{
    return written(m, 1, 0);
}

cJSON *ct_view(const struct coinche_match *m, int player)
{
    return written(m, 2, player);
}

long ct_at(const cJSON *obj, const char *field, int i)
{
    const cJSON *item = cJSON_GetArrayItem(cJSON_GetObjectItem(obj, field), i);
    cr_assert_not_null(item, "no %s[%d]", field, i);
    return (long)item->valuedouble;
}

int ct_events(const cJSON *result, const char *category, int seat, long points)
{
    int n = 0;
    const cJSON *ev;
    cJSON_ArrayForEach(ev, cJSON_GetObjectItem(result, "events"))
        n += !strcmp(cJSON_GetObjectItem(ev, "category")->valuestring, category) &&
             cJSON_GetObjectItem(ev, "seat")->valueint == seat && (long)cJSON_GetObjectItem(ev, "points")->valuedouble == points;
    return n;
}

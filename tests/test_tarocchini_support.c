/* test_tarocchini_support.c - see test_tarocchini_support.h. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include "engine/rng.h"
#include "protocol/json_writer.h"
#include "tests/test_tarocchini_support.h"

const char *const tk_e2_deck =
    "AN WO SU MO T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 M1 M2 KS KB KC KD QS QB QC QD NS NB NC ND "
    "M3 M4 BE JS JB JC JD AS AB AC AD TS TB TC TD MA 9S 8S 7S 6S 9B 8B 7B 6B 9C 8C 7C 6C 9D 8D 7D 6D";
const char *const tk_e3_deck =
    "AN WO SU MO T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 6S T5 M1 M2 KS KB KC KD QS QB QC QD NS NB NC ND "
    "M3 M4 BE JS JB JC JD AS AB AC AD TS TB TC TD MA T6 9S 8S 7S 9B 8B 7B 6B 9C 8C 7C 6C 9D 8D 7D 6D";

const char *const tk_e2_actions[TT_E2_ACTIONS] = {
    "discard 6S 6B", "declare sequence AN WO SU MO T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6", "pass",
    "declare cricca KS KB KC KD", "declare cricca QS QB QC QD", "declare cricca NS NB NC ND", "pass",
    "declare cricca JS JB JC JD", "declare sequence AS AB AC AD BE", "pass", "pass",
    "play AN busso", "play T5", "play M3", "play MA",
    "play WO striscio", "play M1", "play M4", "play 9S",
    "play SU", "play M2", "play BE", "play 8S",
    "play MO", "play KS", "play JS", "play 7S",
    "play T16", "play KB", "play JB", "play 9B",
    "play T15", "play KC", "play JC", "play 8B",
    "play T14", "play KD", "play JD", "play 7B",
    "play T13", "play QS", "play AS", "play 9C",
    "play T12", "play QB", "play AB", "play 8C",
    "play T11", "play QC", "play AC", "play 7C",
    "play T10", "play QD", "play AD", "play 6C",
    "play T9", "play NS", "play TS", "play 9D",
    "play T8", "play NB", "play TB", "play 8D",
    "play T7", "play NC", "play TC", "play 7D",
    "play T6 volo", "play ND", "play TD", "play 6D",
};

void tk_start(struct tar_match *m, const char *const *rules, const char *deck)
{
    char err[256];
    cr_assert_eq(tarocchini_game.state_size, sizeof *m);
    struct game_setup setup = { 4, 1, 0, rules, 1 };
    cr_assert_eq(tarocchini_game.create(m, &setup, err, sizeof err), 0, "%s", err);
    if (deck) cr_assert_eq(tarocchini_game.set_deck(m, deck, err, sizeof err), 0, "%s", err);
}

int tk_do(struct tar_match *m, const char *action, char *err, int cap)
{
    return tarocchini_game.apply(m, action, (int)strlen(action), err, cap);
}

int tk_play(struct tar_match *m, const char *const *actions, int n)
{
    char err[256];
    int rc = GAME_GOES_ON;
    for (int i = 0; i < n; i++) {
        rc = tk_do(m, actions[i], err, sizeof err);
        cr_assert_neq(rc, GAME_ILLEGAL, "action %d (%s): %s", i, actions[i], err);
    }
    return rc;
}

int tk_random_action(struct tar_match *m, uint64_t *rng_state)
{
    struct pq_rng rng;
    char text[GAME_ACTION_MAX], err[256];
    pq_rng_seed(&rng, (*rng_state)++);
    int n = tarocchini_game.legal_count(m);
    cr_assert_gt(n, 0);
    int len = tarocchini_game.legal_text(m, (int)pq_rng_below(&rng, (uint32_t)n), text, sizeof text);
    cr_assert_gt(len, 0);
    int rc = tarocchini_game.apply(m, text, len, err, sizeof err);
    cr_assert_neq(rc, GAME_ILLEGAL, "'%s': %s", text, err);
    return rc;
}

static cJSON *written(const struct tar_match *m, int what, int player)
{
    struct json_writer jw;
    cJSON *root = cJSON_CreateObject();
    json_writer_init(&jw, root);
    if (what == 0) tarocchini_game.deal_result(m, &jw.writer);
    else if (what == 1) tarocchini_game.result(m, &jw.writer);
    else tarocchini_game.view(m, player, &jw.writer);
    cr_assert(!jw.failed);
    return root;
}

cJSON *tk_deal_result(const struct tar_match *m)
{
    return written(m, 0, 0);
}

cJSON *tk_match_result(const struct tar_match *m)
{
    return written(m, 1, 0);
}

cJSON *tk_view(const struct tar_match *m, int player)
{
    return written(m, 2, player);
}

long tk_event(const cJSON *result, const char *category, int seat)
{
    const cJSON *ev;
    cJSON_ArrayForEach(ev, cJSON_GetObjectItem(result, "events"))
        if (!strcmp(cJSON_GetObjectItem(ev, "category")->valuestring, category) &&
            cJSON_GetObjectItem(ev, "seat")->valueint == seat)
            return cJSON_GetObjectItem(ev, "points")->valueint;
    return 0;
}

void tk_legal_list(const struct tar_match *m, char *buf, size_t cap)
{
    size_t used = 0;
    int n = tarocchini_game.legal_count(m);
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        char text[GAME_ACTION_MAX];
        cr_assert_geq(tarocchini_game.legal_text(m, i, text, sizeof text), 0);
        int w = snprintf(buf + used, cap - used, "%s\n", text);
        cr_assert(w > 0 && (size_t)w < cap - used, "legal list longer than %zu", cap);
        used += (size_t)w;
    }
}

int tk_card(const char *token)
{
    int c = tar_card_parse(token, (int)strlen(token));
    cr_assert_geq(c, 0, "%s", token);
    return c;
}

tar_mask tk_cards(const char *list)
{
    tar_mask m = 0;
    const char *p = list;
    while (*p) {
        const char *e = strchr(p, ' ');
        int len = e ? (int)(e - p) : (int)strlen(p);
        int c = tar_card_parse(p, len);
        cr_assert_geq(c, 0, "%.*s", len, p);
        m |= TAR_BIT(c);
        p += len;
        while (*p == ' ') p++;
    }
    return m;
}

int tk_run(const char *cmd, char *out, size_t cap)
{
    char full[4096];
    snprintf(full, sizeof full, "%s 2>&1", cmd);
    FILE *p = popen(full, "r");
    cr_assert_not_null(p);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

const char *tk_bin(void)
{
    const char *b = getenv("BIN");
    return b && *b ? b : "build/bin";
}

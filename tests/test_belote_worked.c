/* test_belote_worked.c - the worked deals W1-W9 of shared/RULES-belote.md
 * section 17, replayed from tests/fixtures/belote/ through the game
 * interface: the deal result (section 16's object, its keys in order),
 * the scores, the events, and W6 as a match record. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "tests/test_belote_support.h"

static const char *const deal_keys[] = { "game", "players", "void", "maker", "trump", "turnup", "bergere",
                                         "exchange", "outcome", "tricks", "counts", "rounded", "scores",
                                         "meld_winner", "reserve_out", "events", NULL };

static void expect_field(const cJSON *result, const cJSON *want, const char *id)
{
    const cJSON *got = cJSON_GetObjectItem(result, want->string);
    cr_assert_not_null(got, "%s: no %s", id, want->string);
    char *a = cJSON_PrintUnformatted(got), *b = cJSON_PrintUnformatted(want);
    cr_expect_str_eq(a, b, "%s: %s is %s, not %s", id, want->string, a, b);
    cJSON_free(a);
    cJSON_free(b);
}

/* Replays fixture `id` (with extra rules when given) and returns its
 * deal result; checks the stated fields and that events sum to scores. */
static cJSON *worked(const char *id, const char *const *extra, int check_expect)
{
    char path[128], err[256];
    struct bel_match m;
    snprintf(path, sizeof path, "tests/fixtures/belote/%s.json", id);
    cJSON *root = bt_read_json(path);
    cJSON *record = cJSON_GetObjectItem(root, "record");
    cJSON *rules = cJSON_GetObjectItem(record, "rules");
    for (int i = 0; extra && extra[i]; i++) {
        char name[64];
        const char *eq = strchr(extra[i], '=');
        snprintf(name, sizeof name, "%.*s", (int)(eq - extra[i]), extra[i]);
        cJSON_AddStringToObject(rules, name, eq + 1);
    }
    int at = bt_replay(&m, record, err, sizeof err);
    cr_assert_eq(at, -1, "%s: action %d: %s", id, at, err);
    cJSON *result = bt_deal_result(&m);
    const cJSON *want;
    if (check_expect)
        cJSON_ArrayForEach(want, cJSON_GetObjectItem(root, "expect")) expect_field(result, want, id);
    /* B35, B45: each unit's events sum to its score */
    long scores[4] = { 0 }, sums[4] = { 0 };
    int units = bt_ints(cJSON_GetObjectItem(result, "scores"), scores, 4);
    const cJSON *ev;
    cJSON_ArrayForEach(ev, cJSON_GetObjectItem(result, "events")) {
        const cJSON *side = cJSON_GetObjectItem(ev, "side");
        int u = side ? side->valueint : cJSON_GetObjectItem(ev, "seat")->valueint;
        sums[u] += cJSON_GetObjectItem(ev, "points")->valueint;
    }
    for (int u = 0; u < units; u++) cr_expect_eq(sums[u], scores[u], "%s: unit %d events %ld, score %ld", id, u, sums[u], scores[u]);
    cJSON_Delete(root);
    return result;
}

static long score_of(const cJSON *result, int unit)
{
    long s[4];
    bt_ints(cJSON_GetObjectItem(result, "scores"), s, 4);
    return s[unit];
}

static int count_events(const cJSON *result, const char *category, int seat, long points)
{
    int n = 0;
    const cJSON *ev;
    cJSON_ArrayForEach(ev, cJSON_GetObjectItem(result, "events"))
        n += !strcmp(cJSON_GetObjectItem(ev, "category")->valuestring, category) &&
             cJSON_GetObjectItem(ev, "seat")->valueint == seat &&
             cJSON_GetObjectItem(ev, "points")->valueint == points;
    return n;
}

Test(belote_worked, w1_seven_exchanged_cent_beats_tierce_belote_made_with_section_16s_exact_output)
{
    cJSON *r = worked("W1", NULL, 1);
    int i = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, r) {
        cr_assert_not_null(deal_keys[i], "extra key %s", item->string);
        cr_expect_str_eq(item->string, deal_keys[i], "key %d", i);
        i++;
    }
    cr_expect_null(deal_keys[i]);
    cJSON_Delete(r);
}

Test(belote_worked, w2_the_maker_fails_and_how_high_between_tierces)
{
    cJSON_Delete(worked("W2", NULL, 1));
}

Test(belote_worked, w2_with_belote_on_failure_keep_the_maker_keeps_his_20)
{
    const char *keep[] = { "belote_on_failure=keep", NULL };
    cJSON *r = worked("W2", keep, 0);
    cr_expect_eq(score_of(r, 0), 140);
    cr_expect_eq(score_of(r, 1), 20);
    cJSON_Delete(r);
}

Test(belote_worked, w3_litige_holds_the_makers_points_en_reserve)
{
    cJSON_Delete(worked("W3", NULL, 1));
}

Test(belote_worked, w3_with_compare_exact_the_maker_makes)
{
    const char *exact[] = { "compare=exact", NULL };
    cJSON *r = worked("W3", exact, 0);
    cr_expect_str_eq(cJSON_GetObjectItem(r, "outcome")->valuestring, "made");
    cr_expect_eq(score_of(r, 0), 50);
    cr_expect_eq(score_of(r, 1), 50);
    cJSON_Delete(r);
}

Test(belote_worked, w3_with_rounding_none_the_maker_makes_52_to_50)
{
    const char *none[] = { "rounding=none", NULL };
    cJSON *r = worked("W3", none, 0);
    cr_expect_str_eq(cJSON_GetObjectItem(r, "outcome")->valuestring, "made");
    cr_expect_eq(score_of(r, 0), 52);
    cr_expect_eq(score_of(r, 1), 50);
    cJSON_Delete(r);
}

Test(belote_worked, w4_capot_and_a_carre_of_aces_beating_a_cent)
{
    cJSON *r = worked("W4", NULL, 1);
    cr_expect_eq(count_events(r, "capot", 1, 100), 1);
    cr_expect_eq(count_events(r, "last", 1, 10), 1);
    cJSON_Delete(r);
}

Test(belote_worked, w4_with_capot_last_instead_the_capot_replaces_the_10)
{
    const char *instead[] = { "capot_last=instead", NULL };
    cJSON *r = worked("W4", instead, 0);
    cr_expect_eq(score_of(r, 1), 420);
    cr_expect_eq(count_events(r, "last", 1, 10), 0);
    cJSON_Delete(r);
}

Test(belote_worked, w5_partnership_partners_melds_exemption_and_capot)
{
    cJSON *r = worked("W5", NULL, 1);
    const cJSON *ev;
    cJSON_ArrayForEach(ev, cJSON_GetObjectItem(r, "events")) cr_expect_not_null(cJSON_GetObjectItem(ev, "side"));
    cr_expect_eq(count_events(r, "meld", 0, 50), 1);
    cr_expect_eq(count_events(r, "meld", 2, 20), 1);
    cr_expect_eq(count_events(r, "capot", 0, 100), 1);
    cr_expect_eq(count_events(r, "last", 0, 10), 0);
    cJSON_Delete(r);
}

Test(belote_worked, w5_as_four_hand_belote_is_illegal_at_action_23)
{
    char err[256];
    struct bel_match m;
    cJSON *root = bt_read_json("tests/fixtures/belote/W5.json");
    cJSON *record = cJSON_GetObjectItem(root, "record");
    cJSON_ReplaceItemInObject(record, "game", cJSON_CreateString("belote"));
    cJSON_AddStringToObject(cJSON_GetObjectItem(record, "rules"), "seven_exchange", "false");
    int at = bt_replay(&m, record, err, sizeof err);
    cr_expect_eq(at, 23, "refused at %d: %s", at, err);
    cr_expect(strstr(err, "must trump"), "%s", err);
    cr_expect_str_eq(cJSON_GetArrayItem(cJSON_GetObjectItem(record, "actions"), 23)->valuestring, "play 7D");
    cJSON_Delete(root);
}

Test(belote_worked, w6_the_reserve_is_won_by_the_next_deals_maker)
{
    cJSON_Delete(worked("W6", NULL, 1));
}

Test(belote_worked, w6_as_a_match_record_b_wins_by_200)
{
    char err[256];
    struct bel_match m;
    cJSON *root = bt_read_json("tests/fixtures/belote/W6.json");
    cJSON *match = cJSON_GetObjectItem(root, "match");
    const struct game *g = game_find("belote");
    const char *rules[] = { "deals=2", NULL };
    struct game_setup setup = { 2, 1, 0, rules, 0 };     /* first_dealer A */
    cr_assert_eq(g->create(&m, &setup, err, sizeof err), 0, "%s", err);
    const cJSON *deal, *a;
    int d = 0, rc = GAME_GOES_ON;
    cJSON_ArrayForEach(deal, cJSON_GetObjectItem(match, "deals")) {
        cr_assert_eq(g->set_deck(&m, cJSON_GetStringValue(cJSON_GetObjectItem(deal, "deck")), err, sizeof err), 0, "%s", err);
        cJSON_ArrayForEach(a, cJSON_GetObjectItem(deal, "actions")) {
            rc = g->apply(&m, a->valuestring, (int)strlen(a->valuestring), err, sizeof err);
            cr_assert_neq(rc, GAME_ILLEGAL, "deal %d: %s: %s", d, a->valuestring, err);
        }
        cr_assert_eq(rc, GAME_DEAL_OVER);
        d++;
    }
    cr_assert_eq(g->to_act(&m), -1, "the match is over after 2 deals");
    cJSON *r = bt_match_result(&m);
    const cJSON *want;
    cJSON_ArrayForEach(want, cJSON_GetObjectItem(root, "match_expect")) expect_field(r, want, "W6 match");
    cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(r, "deals")), 2);
    long points[2];
    g->match_points(&m, points);
    cr_expect_eq(points[1], 200);
    cr_expect_eq(points[0], -200);
    cJSON_Delete(r);
    cJSON_Delete(root);
}

Test(belote_worked, w7_three_hands_the_maker_exchanges_fails_and_the_capot_share)
{
    cJSON *r = worked("W7", NULL, 1);
    cr_expect_eq(count_events(r, "capot", 0, 50), 1);
    cr_expect_eq(count_events(r, "capot", 1, 50), 1);
    cr_expect_eq(count_events(r, "failed", 1, -120), 1);
    cr_expect_eq(count_events(r, "failed", 0, 120), 1);
    cJSON_Delete(r);
}

Test(belote_worked, w8_four_hands_the_seven_exchanged_before_the_deal_is_completed)
{
    cJSON_Delete(worked("W8", NULL, 1));
}

Test(belote_worked, w9_marseillaise_claims_and_automatic_belote)
{
    cJSON *r = worked("W9", NULL, 1);
    cr_expect_eq(count_events(r, "belote", 0, 20), 1);
    cr_expect_eq(count_events(r, "meld", 0, 20), 1);
    cJSON_Delete(r);
}

/* test_rules_table.c - the variant flags' one table (engine/piquet/rules.h):
 * defaults, parsing, the names records write and the protocol's typed
 * JSON all come from it.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "engine/game.h"
#include "engine/piquet/rules.h"
#include "protocol/codec.h"


Test(rules_table, defaults_are_the_tables_fallbacks)
{
    struct pq_rules rules;
    pq_rules_default(&rules);
    for (int i = 0; i < PQ_RULE_FLAGS; i++)
        cr_assert_str_eq(pq_rules_get(&rules, pq_rule_flags[i].name, NULL), pq_rule_flags[i].fallback, "%s",
                         pq_rule_flags[i].name);
    cr_assert_eq(rules.trick_scoring, PQ_TRICKS_LAW65);
    cr_assert_eq(rules.partie_deals, 6);
    cr_assert_eq(rules.point_min_len, 1);
    cr_assert_eq(rules.younger_must_discard, 1);
    cr_assert_eq(rules.carte_rouge, 0);
}

Test(rules_table, every_allowed_value_reads_back_as_written)
{
    for (int i = 0; i < PQ_RULE_FLAGS; i++)
        for (int v = 0; pq_rule_flags[i].values[v]; v++) {
            struct pq_rules rules;
            char err[200];
            pq_rules_default(&rules);
            cr_assert_eq(pq_rules_set(&rules, pq_rule_flags[i].name, pq_rule_flags[i].values[v], err, sizeof err), 0,
                         "%s", err);
            cr_assert_str_eq(pq_rules_get(&rules, pq_rule_flags[i].name, NULL), pq_rule_flags[i].values[v]);
        }
}

Test(rules_table, numbers_are_stored_as_numbers_and_a_bad_value_names_the_choices)
{
    struct pq_rules rules;
    char err[200];
    pq_rules_default(&rules);
    cr_assert_eq(pq_rules_set(&rules, "partie_deals", "4", err, sizeof err), 0);
    cr_assert_eq(rules.partie_deals, 4);
    cr_assert_eq(pq_rules_set(&rules, "partie_deals", "5", err, sizeof err), -1);
    cr_assert_str_eq(err, "rules.partie_deals: '5' is not 6 or 4");
    cr_assert_eq(pq_rules_set(&rules, "law49", "yes", err, sizeof err), -1);
    cr_assert_str_eq(err, "rules.law49: 'yes' is not false or true");
    cr_assert_eq(pq_rules_set(&rules, "trumps", "1", err, sizeof err), -1);
    cr_assert(strstr(err, "unknown flag 'trumps'") && strstr(err, "carte_rouge"), "%s", err);
}

Test(rules_table, the_names_and_the_game_options_follow_the_table)
{
    char buf[64];
    for (int i = 0; i < PQ_RULE_FLAGS; i++) {
        cr_assert_str_eq(pq_rules_names[i], pq_rule_flags[i].name);
        cr_assert_str_eq(piquet_game.flags[i].name, pq_rule_flags[i].name);
        cr_assert_str_eq(piquet_game.flags[i].fallback, pq_rule_flags[i].fallback);
        cr_assert_eq(piquet_game.flags[i].values, pq_rule_flags[i].values);
        cr_assert_eq((int)piquet_game.flags[i].type, (int)pq_rule_flags[i].type);
    }
    cr_assert_eq(piquet_game.n_flags, PQ_RULE_FLAGS);
    cr_assert_null(pq_rules_names[PQ_RULE_FLAGS]);
    cr_assert_str_eq(pq_rule_values_text(pq_rule_flag_find("point_min_len"), buf, sizeof buf), "1..8");
    cr_assert_str_eq(pq_rule_values_text(pq_rule_flag_find("partie_deals"), buf, sizeof buf), "6|4");
    cr_assert_str_eq(pq_rule_values_text(pq_rule_flag_find("trick_scoring"), buf, sizeof buf),
                     "law65|penguin|lead_only|ten_for_last");
}

/* The wire keeps its format (booleans, numbers, strings: protocol/README.md)
 * and takes each flag's JSON type from the table. */
Test(rules_table, the_protocol_writes_each_flag_with_its_tables_type)
{
    struct codec_partie_start start, back;
    struct codec_frame frame;
    char err[200];
    memset(&start, 0, sizeof start);
    start.partie = 1;
    snprintf(start.opponent, sizeof start.opponent, "x");
    pq_rules_default(&start.rules);
    cr_assert_eq(pq_rules_set(&start.rules, "partie_deals", "4", err, sizeof err), 0);
    cr_assert_eq(codec_encode_partie_start(&frame, &start, err, sizeof err), CODEC_OK, "%s", err);
    cJSON *root = cJSON_ParseWithLength(frame.data, frame.len);
    const cJSON *rules = cJSON_GetObjectItem(root, "rules");
    cr_assert(cJSON_IsString(cJSON_GetObjectItem(rules, "trick_scoring")));
    cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(rules, "law49")));
    cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(rules, "carte_rouge")));
    cr_assert_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(rules, "partie_deals")), 4);
    cr_assert_eq(cJSON_GetNumberValue(cJSON_GetObjectItem(rules, "point_min_len")), 1);
    cr_assert_eq(cJSON_GetArraySize(rules), PQ_RULE_FLAGS);
    cr_assert_eq(codec_decode_partie_start(frame.data, frame.len, &back, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(memcmp(&back.rules, &start.rules, sizeof back.rules), 0);
    cJSON_Delete(root);
    codec_frame_release(&frame);
}

/* test_tarot_strategy.c - bot-greedy's Tarot (bots/tarot_strategy.h) on
 * views the engine writes: every answer it gives, including the discards
 * and poignées it builds itself, is legal in every phase at 3, 4 and 5
 * players; it bids only with a strong hand and never discards a king or
 * a bout.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "bots/tarot_strategy.h"
#include "engine/rng.h"
#include "protocol/json_writer.h"
#include "tests/test_tarot_support.h"

/* The strategy's answer for the player to act, as text, from its view
 * and the legal list (every action, or a sample of 512 as the protocol
 * sends). */
static void answer_of(const struct tarot_match *m, char *out, size_t cap)
{
    static char texts[512][GAME_ACTION_MAX];
    const char *legal[512];
    char err[160];
    int n = tarot_game.legal_count(m), listed = n < 512 ? n : 512;
    for (int i = 0; i < listed; i++) {
        tarot_game.legal_text(m, (int)((long)i * n / listed), texts[i], GAME_ACTION_MAX);
        legal[i] = texts[i];
    }
    cJSON *view = tt_view(m, tarot_game.to_act(m));
    struct tarot_strategy seat;
    cr_assert_eq(tarot_strategy_read(&seat, view, legal, listed, err, sizeof err), 0, "%s", err);
    int pick = tarot_strategy_choose(&seat, legal, listed, out, cap);
    if (pick >= 0) {
        cr_assert_lt(pick, listed);
        snprintf(out, cap, "%s", legal[pick]);
    }
    cJSON_Delete(view);
}

Test(tarot_strategy, every_answer_is_legal_in_every_phase_at_three_four_and_five)
{
    static struct tarot_match m;
    struct pq_rng rng;
    int answers = 0, discards = 0, poignees = 0;
    pq_rng_seed(&rng, 18);
    for (int k = 0; k < 240; k++) {
        char err[256], text[GAME_ACTION_MAX];
        struct game_setup setup = { 3 + k % 3, pq_rng_next(&rng), 0, NULL, 1 };
        cr_assert_eq(tarot_game.create(&m, &setup, err, sizeof err), 0);
        while (tarot_game.to_act(&m) >= 0 && tarot_game.settle(&m) != GAME_DEAL_OVER) {
            answer_of(&m, text, sizeof text);
            cr_assert_geq(tarot_game.find_legal(&m, text, (int)strlen(text)), 0, "deal %d: '%s' is not legal", k, text);
            discards += !strncmp(text, "discard ", 8);
            poignees += !strncmp(text, "poignee ", 8);
            if (!strncmp(text, "discard ", 8))
                for (const char *p = text + 7; *p; p += 3) {
                    int c = tarot_card_parse(p + 1);
                    cr_assert(!(tarot_kings() & TAROT_BIT(c)) && !(tarot_bouts() & TAROT_BIT(c)), "%s", text);
                }
            cr_assert_neq(tarot_game.apply(&m, text, (int)strlen(text), err, sizeof err), GAME_ILLEGAL, "%s", err);
            answers++;
        }
    }
    cr_expect_gt(answers, 10000);
    cr_expect_gt(discards, 10, "discards built: %d", discards);
    cr_expect_gt(poignees, 0, "poignées shown: %d", poignees);
}

Test(tarot_strategy, bids_only_with_a_strong_hand)
{
    tarot_mask weak = 0, strong = 0;
    const char *w = "02 03 1S 2S 3S 4S 1H 2H 3H 4H 1D 2D 3D 4D 1C 2C 3C 4C";
    const char *s = "21 20 19 18 17 16 15 01 EX KS KH KD KC QS 1D 2D 1C 2C";
    for (size_t i = 0; i < strlen(w); i += 3) weak |= TAROT_BIT(tarot_card_parse(w + i));
    for (size_t i = 0; i < strlen(s); i += 3) strong |= TAROT_BIT(tarot_card_parse(s + i));
    cr_expect_lt(tarot_strategy_strength(weak, 4), 40, "no prise");
    cr_expect_geq(tarot_strategy_strength(strong, 4), 71, "a garde sans");
}

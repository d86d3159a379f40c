/* test_coinche_strategy.c - bot-greedy's Coinche heuristic
 * (bots/coinche_strategy.h) on real views of constructed deals: it bids
 * on a strong hand and passes a weak one, coinches an overbid, announces
 * belote, never overtakes a partner who is winning for sure, and wins a
 * trick cheaply. */
#include <criterion/criterion.h>
#include <string.h>
#include "bots/coinche_strategy.h"
#include "tests/test_coinche_support.h"

static struct coinche_match m;

/* The strategy's choice for the player to act, as text. */
static const char *choice(void)
{
    static char texts[80][GAME_ACTION_MAX];
    static const char *legal[80];
    struct coinche_strategy s;
    char err[160];
    int n = coinche_game.legal_count(&m), player = coinche_game.to_act(&m);
    cr_assert_leq(n, 80);
    for (int i = 0; i < n; i++) {
        coinche_game.legal_text(&m, i, texts[i], GAME_ACTION_MAX);
        legal[i] = texts[i];
    }
    cJSON *v = ct_view(&m, player);
    cr_assert_eq(coinche_strategy_read(&s, v, err, sizeof err), 0, "%s", err);
    cJSON_Delete(v);
    int k = coinche_strategy_choose(&s, legal, n);
    cr_assert(k >= 0 && k < n);
    return legal[k];
}

Test(coinche_strategy, the_estimate_prefers_the_jack_nine_suit)
{
    pq_mask hand = 0;
    const char *cards[] = { "JH", "9H", "AH", "7H", "AS", "8D", "7C", "8C" };
    for (int i = 0; i < 8; i++) hand |= PQ_BIT(pq_card_parse(cards[i]));
    cr_expect_gt(coinche_strategy_estimate(hand, 1), coinche_strategy_estimate(hand, 0));
    cr_expect_geq(coinche_strategy_estimate(hand, 1), 100);
    cr_expect_lt(coinche_strategy_estimate(hand, 3), 80);
}

Test(coinche_strategy, bids_a_strong_hand_and_passes_a_weak_one)
{
    char pack[100];
    ct_pack(pack, "JH 9H AH 7H AS 8D 7C 8C", "7S 8S 9S TS QD KD 9C TC", NULL, NULL);
    ct_start(&m, NULL, pack);
    const char *bid = choice();
    cr_expect(!strncmp(bid, "bid ", 4) && bid[strlen(bid) - 1] == 'H', "%s", bid);
    ct_run(&m, bid);
    cr_expect_str_eq(choice(), "pass", "seat 1's hand is weak");
}

Test(coinche_strategy, coinches_a_capot_it_can_beat)
{
    char pack[100];
    ct_pack(pack, "7S 8S 9S TS QD KD 9C TC", "AH JD 9D AD 8H 7D AC 8C", NULL, NULL);
    ct_start(&m, NULL, pack);
    ct_run(&m, "bid capot S");
    cr_expect_str_eq(choice(), "coinche", "seat 1 holds Aces");
}

Test(coinche_strategy, announces_belote_and_lets_a_sure_partner_win)
{
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "bid 80 H, pass, pass, pass, play JH, play TH");
    const char *c = choice();
    cr_expect(!strcmp(c, "play KH belote") || !strcmp(c, "play QH belote"), "partner's JH is master: %s", c);
}

Test(coinche_strategy, wins_a_trick_with_the_cheapest_sure_card)
{
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "pass, bid 90 D, pass, pass, pass, play JD, play TD, play QD, play 7D, play 9S");
    cr_expect_str_eq(choice(), "play TS", "with the Ace in hand the Ten wins for sure too, and costs less");
}

/* test_belote_strategy.c - bot-greedy's Belote decisions (bots/belote_strategy.h)
 * on hand-made views: the keys engine/belote/belote.h documents, written
 * by hand for each situation, with the legal actions the engine would list.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "bots/belote_strategy.h"

/* A view of `game` at `players` for `seat`: the rest of the keys as given
 * (a JSON fragment), every key a test does not name left neutral. */
static cJSON *view_of(const char *game, int players, int seat, const char *rest)
{
    char text[4096];
    snprintf(text, sizeof text,
             "{\"game\": \"%s\", \"players\": %d, \"seat\": %d, \"turnup_place\": null, \"bergere\": null,"
             " \"exchange\": null, %s}",
             game, players, seat, rest);
    cJSON *view = cJSON_Parse(text);
    cr_assert_not_null(view, "bad hand-made view: %s", text);
    return view;
}

/* The action the strategy picks among the legal ones, as text. */
static const char *choose(const cJSON *view, const char *const *legal, int n)
{
    struct belote_strategy seat;
    char err[160];
    cr_assert_eq(belote_strategy_read(&seat, view, err, sizeof err), 0, "%s", err);
    int i = belote_strategy_choose(&seat, legal, n);
    cr_assert(i >= 0 && i < n);
    return legal[i];
}

#define N(a) ((int)(sizeof(a) / sizeof(a)[0]))

static const char *const bid1[] = { "take", "pass" };

Test(belote_strategy, takes_with_the_jack_and_nine_of_the_turnup_suit)
{
    cJSON *v = view_of("belote", 4, 1,
                       "\"phase\": \"auction\", \"hand\": [\"JS\", \"9S\", \"AH\", \"7D\", \"8C\"], \"turnup\": \"7S\","
                       " \"trump\": null, \"maker\": null, \"history\": [{\"seat\": 0, \"action\": \"pass\"}],"
                       " \"trick\": {\"leader\": 0, \"cards\": []}");
    cr_assert_str_eq(choose(v, bid1, N(bid1)), "take");
    cJSON_Delete(v);
}

Test(belote_strategy, passes_without_trump_strength)
{
    cJSON *v = view_of("belote", 4, 0,
                       "\"phase\": \"auction\", \"hand\": [\"7S\", \"QH\", \"9D\", \"TD\", \"8C\"], \"turnup\": \"KS\","
                       " \"trump\": null, \"maker\": null, \"history\": [], \"trick\": {\"leader\": 0, \"cards\": []}");
    cr_assert_str_eq(choose(v, bid1, N(bid1)), "pass");
    cJSON_Delete(v);
}

Test(belote_strategy, names_its_strongest_suit_in_the_second_round)
{
    static const char *const legal[] = { "name S", "name D", "name C", "pass" };
    cJSON *v = view_of("belote", 2, 0,
                       "\"phase\": \"name\", \"hand\": [\"7S\", \"JD\", \"9D\", \"AD\", \"AC\", \"8C\"], \"turnup\": \"KH\","
                       " \"trump\": null, \"maker\": null, \"history\": [{\"seat\": 0, \"action\": \"pass\"},"
                       " {\"seat\": 1, \"action\": \"pass\"}], \"trick\": {\"leader\": 0, \"cards\": []}");
    cr_assert_str_eq(choose(v, legal, N(legal)), "name D");
    cJSON_Delete(v);
}

Test(belote_strategy, trump_strength_counts_jack_nine_length_and_side_aces)
{
    pq_mask jack_nine = PQ_BIT(PQ_CARD(PQ_SPADES, PQ_RANK_J)) | PQ_BIT(PQ_CARD(PQ_SPADES, PQ_RANK_9));
    pq_mask side_ace = PQ_BIT(PQ_CARD(PQ_HEARTS, PQ_RANK_A));
    pq_mask small = PQ_BIT(PQ_CARD(PQ_SPADES, PQ_RANK_7));
    cr_assert_gt(belote_strategy_trump_strength(jack_nine, PQ_SPADES), belote_strategy_trump_strength(small, PQ_SPADES));
    cr_assert_gt(belote_strategy_trump_strength(jack_nine | side_ace, PQ_SPADES),
                 belote_strategy_trump_strength(jack_nine, PQ_SPADES));
    cr_assert_gt(belote_strategy_trump_strength(jack_nine | small, PQ_SPADES),
                 belote_strategy_trump_strength(jack_nine, PQ_SPADES));
    /* The same cards are worth little with another suit as trump. */
    cr_assert_lt(belote_strategy_trump_strength(jack_nine, PQ_HEARTS), 1.0);
}

Test(belote_strategy, exchanges_the_seven_for_the_turnup)
{
    static const char *const legal[] = { "exchange", "keep" };
    cJSON *v = view_of("belote", 4, 2,
                       "\"phase\": \"exchange\", \"hand\": [\"7S\", \"QH\", \"9D\", \"TD\", \"8C\"], \"turnup\": \"JS\","
                       " \"turnup_place\": \"JS\", \"trump\": \"S\", \"maker\": 0, \"history\": [{\"seat\": 0,"
                       " \"action\": \"take\"}], \"trick\": {\"leader\": 0, \"cards\": []}");
    cr_assert_str_eq(choose(v, legal, N(legal)), "exchange");
    cJSON_Delete(v);
}

/* Seat 2 at trick 1 holding a tierce to the King of hearts and four Kings. */
static const char *const meld_legal[] = { "meld", "meld KH,QH,JH", "meld KS,KH,KD,KC", "meld KH,QH,JH KS,KH,KD,KC" };
#define MELD_HAND "\"hand\": [\"KS\", \"KH\", \"QH\", \"JH\", \"KD\", \"KC\", \"7C\", \"8C\"], \"turnup\": \"AD\"," \
                  " \"trump\": \"D\", \"maker\": 0, \"phase\": \"meld\", \"trick\": {\"leader\": 0, \"cards\": [\"AD\", \"7D\"]}"

Test(belote_strategy, declares_every_meld_when_nobody_called_higher)
{
    cJSON *v = view_of("belote", 4, 2,
                       MELD_HAND ", \"history\": [{\"seat\": 0, \"action\": \"take\"},"
                       " {\"seat\": 0, \"action\": \"meld\", \"say\": \"tierce\"}, {\"seat\": 0, \"action\": \"play AD\"},"
                       " {\"seat\": 1, \"action\": \"meld\", \"say\": \"good\"}, {\"seat\": 1, \"action\": \"play 7D\"}]");
    cr_assert_str_eq(choose(v, meld_legal, N(meld_legal)), "meld KH,QH,JH KS,KH,KD,KC");
    cJSON_Delete(v);
}

Test(belote_strategy, hides_melds_that_cannot_beat_the_call_made)
{
    static const char *const legal[] = { "meld", "meld KH,QH,JH" };
    cJSON *v = view_of("belote", 4, 2,
                       MELD_HAND ", \"history\": [{\"seat\": 0, \"action\": \"take\"},"
                       " {\"seat\": 0, \"action\": \"meld\", \"say\": \"cinquante\"}, {\"seat\": 0, \"action\": \"play AD\"},"
                       " {\"seat\": 1, \"action\": \"meld\", \"say\": \"good\"}, {\"seat\": 1, \"action\": \"play 7D\"}]");
    cr_assert_str_eq(choose(v, legal, N(legal)), "meld");
    cJSON_Delete(v);
}

Test(belote_strategy, compares_a_same_class_call_made_public_by_how_high)
{
    static const char *const legal[] = { "meld", "meld KH,QH,JH" };
    /* Seat 1 asked "How high?" of seat 0's tierce to the Ace: a tierce to the King cannot win. */
    cJSON *v = view_of("belote", 4, 2,
                       MELD_HAND ", \"history\": [{\"seat\": 0, \"action\": \"take\"},"
                       " {\"seat\": 0, \"action\": \"meld\", \"say\": \"tierce\"}, {\"seat\": 0, \"action\": \"play AD\"},"
                       " {\"seat\": 1, \"action\": \"meld\", \"say\": \"good\", \"asked\": {\"seat\": 0, \"length\": 3,"
                       " \"top\": \"A\"}}, {\"seat\": 1, \"action\": \"play 7D\"}]");
    cr_assert_str_eq(choose(v, legal, N(legal)), "meld");
    cJSON_Delete(v);
    /* Against a tierce to the Queen it declares. */
    v = view_of("belote", 4, 2,
                MELD_HAND ", \"history\": [{\"seat\": 0, \"action\": \"take\"},"
                " {\"seat\": 0, \"action\": \"meld\", \"say\": \"tierce\"}, {\"seat\": 0, \"action\": \"play AD\"},"
                " {\"seat\": 1, \"action\": \"meld\", \"say\": \"good\", \"asked\": {\"seat\": 0, \"length\": 3,"
                " \"top\": \"Q\"}}, {\"seat\": 1, \"action\": \"play 7D\"}]");
    cr_assert_str_eq(choose(v, legal, N(legal)), "meld KH,QH,JH");
    cJSON_Delete(v);
}

Test(belote_strategy, declares_beside_a_partner_holding_the_best_call)
{
    static const char *const legal[] = { "meld", "meld KH,QH,JH" };
    cJSON *v = view_of("belote-partnership", 4, 2,
                       MELD_HAND ", \"history\": [{\"seat\": 0, \"action\": \"take\"},"
                       " {\"seat\": 0, \"action\": \"meld\", \"say\": \"cinquante\"}, {\"seat\": 0, \"action\": \"play AD\"},"
                       " {\"seat\": 1, \"action\": \"meld\", \"say\": \"good\"}, {\"seat\": 1, \"action\": \"play 7D\"}]");
    cr_assert_str_eq(choose(v, legal, N(legal)), "meld KH,QH,JH");   /* BP2: the partner's win scores it */
    cJSON_Delete(v);
}

Test(belote_strategy, announces_belote_and_rebelote)
{
    static const char *const legal[] = { "play KS", "play KS belote" };
    cJSON *v = view_of("belote", 2, 1,
                       "\"phase\": \"play\", \"hand\": [\"KS\", \"QS\", \"8H\"], \"turnup\": \"7S\", \"trump\": \"S\","
                       " \"maker\": 1, \"history\": [{\"seat\": 0, \"action\": \"play 9S\"}],"
                       " \"trick\": {\"leader\": 0, \"cards\": [\"9S\"]}");
    cr_assert_str_eq(choose(v, legal, N(legal)), "play KS belote");
    cJSON_Delete(v);
    /* The Queen later, with its rebelote. */
    static const char *const legal2[] = { "play QS", "play QS rebelote" };
    v = view_of("belote", 2, 1,
                "\"phase\": \"play\", \"hand\": [\"QS\", \"8H\"], \"turnup\": \"7S\", \"trump\": \"S\", \"maker\": 1,"
                " \"history\": [{\"seat\": 0, \"action\": \"play 9S\"}, {\"seat\": 1, \"action\": \"play KS belote\"},"
                " {\"seat\": 0, \"action\": \"play 8S\"}], \"trick\": {\"leader\": 0, \"cards\": [\"8S\"]}");
    cr_assert_str_eq(choose(v, legal2, N(legal2)), "play QS rebelote");
    cJSON_Delete(v);
}

Test(belote_strategy, the_maker_draws_trumps_with_the_master_trump)
{
    static const char *const legal[] = { "play JS", "play 7S", "play AH", "play 8D" };
    cJSON *v = view_of("belote", 2, 0,
                       "\"phase\": \"play\", \"hand\": [\"JS\", \"7S\", \"AH\", \"8D\"], \"turnup\": \"QS\","
                       " \"trump\": \"S\", \"maker\": 0, \"history\": [], \"trick\": {\"leader\": 0, \"cards\": []}");
    cr_assert_str_eq(choose(v, legal, N(legal)), "play JS");
    cJSON_Delete(v);
    /* A defender keeps its trumps and cashes its Ace instead. */
    v = view_of("belote", 2, 0,
                "\"phase\": \"play\", \"hand\": [\"JS\", \"7S\", \"AH\", \"8D\"], \"turnup\": \"QS\","
                " \"trump\": \"S\", \"maker\": 1, \"history\": [], \"trick\": {\"leader\": 0, \"cards\": []}");
    cr_assert_str_eq(choose(v, legal, N(legal)), "play AH");
    cJSON_Delete(v);
}

Test(belote_strategy, stops_drawing_when_the_opponents_have_no_trump_left)
{
    static const char *const legal[] = { "play JS", "play 7S", "play 9H", "play 8D" };
    /* Seat 1 did not trump a heart lead it could not follow: it has no trump (B24). Every other
     * trump has been played or lies on the table. */
    cJSON *v = view_of("belote", 2, 0,
                       "\"phase\": \"play\", \"hand\": [\"JS\", \"7S\", \"9H\", \"8D\"], \"turnup\": \"QS\","
                       " \"turnup_place\": \"QS\", \"trump\": \"S\", \"maker\": 0, \"history\": [{\"seat\": 0, \"action\":"
                       " \"play 7H\"}, {\"seat\": 1, \"action\": \"play 7C\"}, {\"seat\": 1, \"action\": \"play 8C\"},"
                       " {\"seat\": 0, \"action\": \"play 9C\"}], \"trick\": {\"leader\": 0, \"cards\": []}");
    cr_assert_str_neq(choose(v, legal, N(legal)), "play JS");
    cJSON_Delete(v);
}

Test(belote_strategy, never_overtakes_a_partner_whose_trick_is_safe)
{
    /* Partnership, seat 3 last to a heart trick its partner (seat 1) wins with the Ace: void in
     * hearts, it may discard (BP3) and gives the Ten of clubs rather than trump. */
    static const char *const legal[] = { "play 7S", "play 9S", "play TC", "play 8D" };
    cJSON *v = view_of("belote-partnership", 4, 3,
                       "\"phase\": \"play\", \"hand\": [\"7S\", \"9S\", \"TC\", \"8D\"], \"turnup\": \"QS\","
                       " \"trump\": \"S\", \"maker\": 1, \"history\": [{\"seat\": 0, \"action\": \"play 8H\"},"
                       " {\"seat\": 1, \"action\": \"play AH\"}, {\"seat\": 2, \"action\": \"play 7H\"}],"
                       " \"trick\": {\"leader\": 0, \"cards\": [\"8H\", \"AH\", \"7H\"]}");
    cr_assert_str_eq(choose(v, legal, N(legal)), "play TC");
    cJSON_Delete(v);
}

Test(belote_strategy, wins_a_rich_trick_cheaply_when_last)
{
    static const char *const legal[] = { "play 8H", "play TH", "play AH" };
    cJSON *v = view_of("belote", 2, 1,
                       "\"phase\": \"play\", \"hand\": [\"8H\", \"TH\", \"AH\", \"KS\"], \"turnup\": \"QS\","
                       " \"trump\": \"S\", \"maker\": 0, \"history\": [{\"seat\": 0, \"action\": \"play KH\"}],"
                       " \"trick\": {\"leader\": 0, \"cards\": [\"KH\"]}");
    cr_assert_str_eq(choose(v, legal, N(legal)), "play TH");
    cJSON_Delete(v);
}

Test(belote_strategy, throws_its_cheapest_card_when_it_cannot_win)
{
    static const char *const legal[] = { "play 7H", "play TH" };
    cJSON *v = view_of("belote", 2, 1,
                       "\"phase\": \"play\", \"hand\": [\"7H\", \"TH\", \"KS\"], \"turnup\": \"QS\", \"trump\": \"S\","
                       " \"maker\": 0, \"history\": [{\"seat\": 0, \"action\": \"play AH\"}],"
                       " \"trick\": {\"leader\": 0, \"cards\": [\"AH\"]}");
    cr_assert_str_eq(choose(v, legal, N(legal)), "play 7H");
    cJSON_Delete(v);
}

/* Marseillaise: seat 0's face-up cards are its hand; seat 1's are public in the layouts. */
#define LAYOUTS(theirs) "\"layouts\": [[], [" theirs "]]"

Test(belote_strategy, marseillaise_leads_what_the_opponents_face_up_cards_cannot_beat)
{
    static const char *const legal[] = { "play AH", "play KD", "play 7C" };
    /* Seat 1 shows the Ten of hearts and no trump: the Ace of hearts wins for sure; the King of
     * diamonds would lose to its Ace. */
    cJSON *v = view_of("belote-marseillaise", 2, 0,
                       "\"phase\": \"play\", \"hand\": [\"AH\", \"KD\", \"7C\"], \"turnup\": \"9S\", \"trump\": \"S\","
                       " \"maker\": 0, \"history\": [], \"trick\": {\"leader\": 0, \"cards\": []}, "
                       LAYOUTS("{\"up\": \"TH\", \"down\": true}, {\"up\": \"AD\", \"down\": false},"
                               " {\"up\": \"8C\", \"down\": true}"));
    cr_assert_str_eq(choose(v, legal, N(legal)), "play AH");
    cJSON_Delete(v);
}

Test(belote_strategy, marseillaise_bids_on_the_better_layout)
{
    cJSON *v = view_of("belote-marseillaise", 2, 0,
                       "\"phase\": \"auction\", \"hand\": [\"JS\", \"9S\", \"AS\", \"AH\", \"7D\", \"8D\", \"7C\", \"8C\"],"
                       " \"turnup\": \"7S\", \"trump\": null, \"maker\": null, \"history\": [],"
                       " \"trick\": {\"leader\": 0, \"cards\": []}, "
                       LAYOUTS("{\"up\": \"8S\", \"down\": true}, {\"up\": \"9H\", \"down\": true}"));
    cr_assert_str_eq(choose(v, bid1, N(bid1)), "take");
    cJSON_Delete(v);
    /* The same hand against a layout holding the top trumps passes. */
    v = view_of("belote-marseillaise", 2, 0,
                "\"phase\": \"auction\", \"hand\": [\"TS\", \"KS\", \"AH\", \"7D\", \"8D\", \"7C\", \"8C\", \"9C\"],"
                " \"turnup\": \"7S\", \"trump\": null, \"maker\": null, \"history\": [],"
                " \"trick\": {\"leader\": 0, \"cards\": []}, "
                LAYOUTS("{\"up\": \"JS\", \"down\": true}, {\"up\": \"9S\", \"down\": true}, {\"up\": \"AS\", \"down\": true}"));
    cr_assert_str_eq(choose(v, bid1, N(bid1)), "pass");
    cJSON_Delete(v);
}

Test(belote_strategy, marseillaise_claims_the_richest_melds)
{
    static const char *const legal[] = { "meld", "meld AH,KH,QH", "meld AH,KH,QH,JH" };
    cJSON *v = view_of("belote-marseillaise", 2, 0,
                       "\"phase\": \"meld\", \"hand\": [\"AH\", \"KH\", \"QH\", \"JH\"], \"turnup\": \"9S\","
                       " \"trump\": \"S\", \"maker\": 0, \"history\": [], \"trick\": {\"leader\": 0, \"cards\": []}, "
                       LAYOUTS(""));
    cr_assert_str_eq(choose(v, legal, N(legal)), "meld AH,KH,QH,JH");
    cJSON_Delete(v);
}

Test(belote_strategy, a_view_without_its_keys_is_refused)
{
    struct belote_strategy seat;
    char err[160];
    cJSON *v = cJSON_Parse("{\"game\": \"belote\", \"players\": 4}");
    cr_assert_eq(belote_strategy_read(&seat, v, err, sizeof err), -1);
    cr_assert(strstr(err, "hand"), "%s", err);
    cJSON_Delete(v);
}

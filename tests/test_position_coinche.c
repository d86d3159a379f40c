/* test_position_coinche.c - Coinche's position key (game.h position,
 * coinche.h coinche_deal_position): two orders of play to one position
 * share a key, every field that bears on the rest of the deal or its score
 * changes it, it is 0 outside the card play, and over random matches two
 * states of one key agree on their legal actions and their score. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "engine/rng.h"
#include "tests/support_transpose.h"
#include "tests/test_coinche_support.h"

static struct coinche_match m, other;
static char pack[100];

static const char *const with_melds[] = { "melds=true", NULL };

/* Seat 0 holds the top spades and hearts, the others one low card of each
 * to follow with; seats 2 and 3 hold club melds, seat 3 the belote. */
static void start_melds(void)
{
    ct_pack(pack, "AS AH AD KS KH KD QS QH", "7S 7H 7D 8D 9D TD JD 7C", "8S 8H JS JH QD 8C 9C TC",
            "9S 9H TS TH JC QC KC AC");
    ct_start(&m, with_melds, pack);
    ct_run(&m, "bid 80 C, coinche, pass, pass");
}

static uint64_t key(const struct coinche_match *x)
{
    return coinche_game.position(x);
}

/* The legal action texts, one per line. */
static void legal_list(const struct coinche_match *x, char *buf, size_t cap)
{
    char text[GAME_ACTION_MAX];
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < coinche_game.legal_count(x); i++) {
        cr_assert_gt(coinche_game.legal_text(x, i, text, sizeof text), 0);
        at += (size_t)snprintf(buf + at, cap - at, "%s\n", text);
        cr_assert_lt(at, cap);
    }
}

Test(position_coinche, two_tricks_in_either_order_with_melds_give_one_key)
{
    char a[2000], b[2000];
    start_melds();
    ct_run(&m, "meld AS,KS,QS, play AS, meld, play 7S, meld TC,9C,8C, play 8S, meld AC,KC,QC,JC, play 9S, "
               "play AH, play 7H, play 8H, play 9H");
    other = m;
    start_melds();
    ct_run(&m, "meld AS,KS,QS, play AH, meld, play 7H, meld TC,9C,8C, play 8H, meld AC,KC,QC,JC, play 9H, "
               "play AS, play 7S, play 8S, play 9S");
    cr_assert_neq(memcmp(&m.deal.hist, &other.deal.hist, sizeof m.deal.hist), 0, "two orders of play");
    cr_assert_neq(key(&m), 0);
    cr_expect_eq(key(&m), key(&other));
    legal_list(&m, a, sizeof a);
    legal_list(&other, b, sizeof b);
    cr_expect_str_eq(a, b);
    /* and on through a trick with the belote: still one position */
    const char *on = "play AD, play 7D, play QD, play KC belote, play TS, play KS";
    ct_run(&m, on);
    ct_run(&other, on);
    cr_expect_eq(key(&m), key(&other));
    cr_expect_neq(key(&m), 0);
}

Test(position_coinche, two_tricks_in_either_order_without_melds_give_one_key)
{
    ct_pack(pack, "AS AH AD KS KH KD QS QH", "7S 7H 7D 8D 9D TD JD 7C", "8S 8H JS JH QD 8C 9C TC",
            "9S 9H TS TH JC QC KC AC");
    ct_start(&m, NULL, pack);
    ct_run(&m, "bid 80 C, pass, pass, pass, play AS, play 7S, play 8S, play 9S, play AH, play 7H, play 8H, play 9H, "
               "play AD");
    other = m;
    ct_start(&m, NULL, pack);
    ct_run(&m, "bid 80 C, pass, pass, pass, play AH, play 7H, play 8H, play 9H, play AS, play 7S, play 8S, play 9S, "
               "play AD");
    cr_expect_eq(key(&m), key(&other));
    ct_run(&m, "play 7D");
    cr_expect_neq(key(&m), key(&other), "one card more on the table");
}

/* The base of the sensitivity test: trick 4 with two cards down, melds
 * declared, a belote said, a coinche. */
static void start_base(void)
{
    start_melds();
    ct_run(&m, "meld AS,KS,QS, play AS, meld, play 7S, meld TC,9C,8C, play 8S, meld AC,KC,QC,JC, play 9S, "
               "play AH, play 7H, play 8H, play 9H, play AD, play 7D, play QD, play KC belote, play TS, play KS");
    cr_assert_eq(m.deal.trick, 3);
    cr_assert_eq(m.deal.n_played, 2);
    cr_assert_eq(m.deal.meld_winner, 3);
}

/* The meld action of seat s in the history. */
static struct coinche_act *meld_of(struct coinche_deal *d, int s)
{
    for (int h = 0; h < d->n_hist; h++)
        if (d->hist[h].kind == COINCHE_ACT_MELD && d->hist[h].seat == s) return &d->hist[h];
    cr_assert_fail("no meld of seat %d", s);
    return NULL;
}

#define CHANGES(change)                                                                         \
    do {                                                                                        \
        other = m;                                                                              \
        struct coinche_deal *d = &other.deal;                                                   \
        change;                                                                                 \
        (void)d;                                                                                \
        cr_expect_neq(key(&other), base, "key unchanged by: %s", #change);                      \
    } while (0)

#define KEEPS(change)                                                                           \
    do {                                                                                        \
        other = m;                                                                              \
        struct coinche_deal *d = &other.deal;                                                   \
        change;                                                                                 \
        cr_expect_eq(key(&other), base, "key changed by: %s", #change);                         \
    } while (0)

Test(position_coinche, every_field_that_bears_on_the_deal_changes_the_key)
{
    start_base();
    uint64_t base = key(&m);
    int seven = pq_card_parse("7S"), eight = pq_card_parse("8D");
    cr_assert_neq(base, 0);
    /* the hands */
    for (int s = 0; s < 4; s++) CHANGES(d->hand[s] ^= PQ_BIT(seven));
    CHANGES(d->hand[1] &= ~PQ_BIT(eight); d->hand[2] |= PQ_BIT(eight));
    /* the trick on the table and the turn */
    CHANGES(d->to_act = 2);
    CHANGES(d->leader = 2);
    CHANGES(d->n_played = 1);
    CHANGES(d->win_pos = 1);
    CHANGES(d->trick = 4);
    CHANGES(d->played[0] = (uint8_t)pq_card_parse("9S"));
    CHANGES(d->played[1] = (uint8_t)pq_card_parse("QS"));
    /* what the seats won and said */
    for (int s = 0; s < 4; s++) CHANGES(d->tricks_won[s]++);
    CHANGES(d->cards_won[0] += 10);
    CHANGES(d->cards_won[3] += 10);
    for (int s = 0; s < 4; s++) CHANGES(d->belote[s] ^= 1u << 4 | 1u << COINCHE_C);
    CHANGES(d->last = 0);
    /* the contract */
    CHANGES(d->contract.taker = 2);
    CHANGES(d->contract.level = 1);
    CHANGES(d->contract.den = COINCHE_H);
    CHANGES(d->contract.coinche = 2);
    CHANGES(d->coincher = 3);
    /* the melds (K20, K21) and their values the sheet reads from the history */
    CHANGES(d->melded = 0x7);
    CHANGES(d->holder = 0);
    CHANGES(d->meld_winner = 0);
    for (int s = 0; s < 4; s++) CHANGES(d->call[s] ^= PQ_BIT(seven));
    CHANGES(d->pool[meld_of(d, 3)->pool_at] ^= PQ_BIT(seven));
    CHANGES(meld_of(d, 2)->pool_n = 0);
    CHANGES(meld_of(d, 2)->seat = 0);
    /* the rules a deal reads */
    CHANGES(d->rules.nt_at ^= 1);
    CHANGES(d->rules.nt_at_seed ^= 1);
    CHANGES(d->rules.bid_bridge ^= 1);
    CHANGES(d->rules.generale ^= 1);
    CHANGES(d->rules.eighty_needs = 80);
    CHANGES(d->rules.must_beat_defence ^= 1);
    CHANGES(d->rules.scoring = COINCHE_BID_ONLY);
    CHANGES(d->rules.coinche_total ^= 1);
    CHANGES(d->rules.surcoinche_multiplier = 3);
    CHANGES(d->rules.belote_transfer ^= 1);
    CHANGES(d->rules.at_belote_none ^= 1);
    CHANGES(d->rules.undertrump_forced ^= 1);
    CHANGES(d->rules.capot_points = 252);
    CHANGES(d->rules.meld_tie_trump ^= 1);
    CHANGES(d->rules.rounding_tens ^= 1);
    /* what only records the past or what the players know */
    KEEPS(d->known[1] ^= PQ_BIT(eight));
    KEEPS(d->forbid[2] ^= PQ_BIT(eight));
    KEEPS(d->hist[0].seat = 3);
    KEEPS(meld_of(d, 3)->say = COINCHE_SAY_NOT_GOOD);
    KEEPS(d->cards_won[0] -= 10; d->cards_won[2] += 10);   /* the sheet counts a side's */
    KEEPS(other.totals[0] += 100);                          /* the match around the deal */
}

Test(position_coinche, the_melds_flag_changes_the_key)
{
    start_base();
    uint64_t base = key(&m);
    CHANGES(d->rules.melds = 0);
}

Test(position_coinche, zero_outside_the_card_play)
{
    start_melds();
    cr_expect_neq(key(&m), 0, "a meld action due is the card play's");
    ct_start(&m, NULL, NULL);
    cr_expect_eq(key(&m), 0, "the auction");
    ct_run(&m, "bid 80 S, coinche");
    cr_expect_eq(m.deal.phase, COINCHE_PHASE_ANSWER);
    cr_expect_eq(key(&m), 0, "the coinched side's answer");
    ct_run(&m, "pass, pass");
    cr_expect_neq(key(&m), 0);
    uint64_t rng = 7;
    int rc = GAME_GOES_ON;
    while (rc == GAME_GOES_ON) {
        rc = transpose_apply(&coinche_game, &m, (int)(rng++ % (uint64_t)coinche_game.legal_count(&m)));
        cr_assert_neq(rc, GAME_ILLEGAL);
        if (rc == GAME_GOES_ON) cr_expect_neq(key(&m), 0);
    }
    cr_expect(m.over);
    cr_expect_eq(key(&m), 0, "the match is over");
    m.over = 0;
    cr_expect_eq(key(&m), 0, "the deal is over");
}

/* With three tricks left, a trick to lead. */
static int late(const void *state)
{
    const struct coinche_match *x = state;
    return x->deal.trick == 5 && x->deal.n_played == 0;
}

/* Seeded random matches under `rules`: at the first card play of each
 * deal and late in it, random lines from there. */
static void random_matches(const char *const *rules, int matches, struct transpose_tally *tally)
{
    char why[300];
    cr_assert_eq(transpose_matches(&coinche_game, &m, rules, matches, 1000, 77, 30, 300, late, tally, why, sizeof why), 0, "%s",
                 why);
}

Test(position_coinche, random_matches_one_key_one_set_of_legal_actions_and_one_score, .timeout = 300)
{
    static const char *const plain[] = { "deals=4", NULL };
    static const char *const rich[] = { "deals=4", "melds=true", "nt_at=true", "generale=true", "bid_order=bridge",
                                        "scoring=points_faits", "belote_on_failure=transfer", NULL };
    struct transpose_tally tally = { 0, 0, 0 };
    random_matches(plain, 3, &tally);
    random_matches(rich, 3, &tally);
    cr_log_info("position_coinche: %ld states keyed, %ld met again, %ld transpositions", tally.states,
                tally.repeats, tally.transpositions);
    cr_expect_gt(tally.transpositions, 100, "the check compared states reached by other orders of play");
}

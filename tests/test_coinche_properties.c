/* test_coinche_properties.c - random legal play at fixed seeds over every
 * variant flag (100,000 deals in all, four players as the game always
 * has): cards are conserved, card points add up to the pack's total
 * (K28, K36), scores stay in bounds and are the sums of their events
 * (K36, K44), K32's shape holds (the side that loses a failed or
 * coinched contract scores belote only), the match totals are the sums
 * of the deal scores, and the same seed and choices give the same match. */
#include <criterion/criterion.h>
#include <string.h>
#include "engine/rng.h"
#include "tests/test_coinche_support.h"

struct flag_case {
    const char *rules[8];
    int deals;
};

/* Every flag takes every value in at least one case. */
static const struct flag_case cases[] = {
    { { NULL }, 16000 },
    { { "nt_at=true", "bid_order=bridge", NULL }, 14000 },
    { { "nt_at=true", "nt_at_points=seed", "generale=true", "at_belote=none", "deals=4", NULL }, 12000 },
    { { "melds=true", "meld_tie=trump", "rounding=tens", "capot_points=252", NULL }, 12000 },
    { { "scoring=points_faits", "eighty_needs=80", "must_beat_defence=true", "undertrump=forced", NULL }, 12000 },
    { { "scoring=bid_only", "surcoinche_multiplier=3", "nt_at=true", "target=1000", NULL }, 10000 },
    { { "coinche_applies=total", "belote_on_failure=transfer", "melds=true", "nt_at=true", "generale=true", NULL },
      12000 },
    { { "target=3000", "melds=true", "bid_order=bridge", NULL }, 12000 },
};

static void conserved(const struct coinche_deal *d)
{
    pq_mask all = 0;
    for (int h = 0; h < d->n_hist; h++)
        if (d->hist[h].kind == COINCHE_ACT_PLAY) {
            cr_assert_eq(all & PQ_BIT(d->hist[h].card), 0, "a card played twice");
            all |= PQ_BIT(d->hist[h].card);
        }
    for (int s = 0; s < 4; s++) {
        cr_assert_eq(all & d->hand[s], 0, "seat %d holds a card seen elsewhere", s);
        all |= d->hand[s];
    }
    cr_assert_eq(all, PQ_ALL_CARDS, "cards lost: %08x", ~all);
}

static int random_action(const struct coinche_match *m, struct pq_rng *rng, char *text, int cap)
{
    int n = coinche_game.legal_count(m);
    cr_assert_gt(n, 0);
    return coinche_game.legal_text(m, (int)pq_rng_below(rng, (uint32_t)n), text, cap);
}

static void check_deal(const struct coinche_match *m, const struct coinche_sheet *sh)
{
    struct coinche_result r;
    coinche_score(sh, &m->rules, &r);
    if (sh->is_void) {
        cr_assert_eq(r.n_events, 0);
        cr_assert_eq(r.scores[0] + r.scores[1], 0);
        return;
    }
    const struct coinche_contract *c = &sh->contract;
    int tricks = 0;
    for (int s = 0; s < 4; s++) tricks += sh->tricks[s];
    cr_assert_eq(tricks, 8);
    cr_assert_eq(r.card_points[0] + r.card_points[1], coinche_pack_points(c->den, &m->rules), "K28");
    long sums[2] = { 0, 0 };
    for (int e = 0; e < r.n_events; e++) {
        cr_assert_neq(r.events[e].points, 0, "K44: no event of 0 points");
        sums[r.events[e].side] += r.events[e].points;
    }
    int m_mult = c->coinche == 0 ? 1 : c->coinche == 1 ? 2 : m->rules.surcoinche_multiplier;
    long bound = 4L * (252 + 500 + r.melds[0] + r.melds[1]) + 160 + 10;
    for (int side = 0; side < 2; side++) {
        cr_assert_eq(sums[side], r.scores[side], "K44: side %d's events sum to its score", side);
        cr_assert_geq(r.scores[side], 0, "K36");
        cr_assert_leq(r.scores[side], bound);
        if (m->rules.rounding_tens) cr_assert_eq(r.scores[side] % 10, 0, "K35");
    }
    cr_assert(r.melds[0] == 0 || r.melds[1] == 0, "K20: one side's melds score");
    int t = c->taker & 1, x = r.outcome == COINCHE_MADE ? t : 1 - t;
    if (m->rules.scoring == COINCHE_BID_ONLY) {
        cr_assert_eq(r.scores[x], m_mult * coinche_level_value(c->level), "K33");
        cr_assert_eq(r.scores[1 - x], 0);
    } else if (m_mult > 1 || r.outcome == COINCHE_FAILED) {
        /* K32: the other side scores its belote at most */
        cr_assert_leq(r.scores[1 - x], r.belote[1 - x] + (m->rules.rounding_tens ? 5 : 0));
        cr_assert_geq(r.scores[x], 160);
    } else {
        cr_assert_geq(r.scores[t], coinche_level_value(c->level), "K32: made");
    }
}

static void play_out(const struct flag_case *fc, uint64_t seed)
{
    static struct coinche_match m;
    struct pq_rng rng;
    char text[GAME_ACTION_MAX], err[256];
    int deals = 0;
    pq_rng_seed(&rng, seed);
    while (deals < fc->deals) {
        struct game_setup setup = { 4, pq_rng_next(&rng), (int)pq_rng_below(&rng, 4), fc->rules, 0 };
        long totals[2] = { 0, 0 };
        cr_assert_eq(coinche_game.create(&m, &setup, err, sizeof err), 0, "%s", err);
        while (coinche_game.to_act(&m) >= 0) {
            int len = random_action(&m, &rng, text, sizeof text);
            cr_assert_geq(coinche_game.find_legal(&m, text, len), 0, "%s", text);
            int rc = coinche_game.apply(&m, text, len, err, sizeof err);
            cr_assert_neq(rc, GAME_ILLEGAL, "%s: %s", text, err);
            if (rc != GAME_DEAL_OVER) {
                if (m.deal.phase == COINCHE_PHASE_PLAY) conserved(&m.deal);
                continue;
            }
            deals++;
            const struct coinche_sheet *sh = &m.sheets[m.n_sheets - 1];
            struct coinche_result r;
            check_deal(&m, sh);
            coinche_score(sh, &m.rules, &r);
            /* the deal's sides are partnerships by its dealer (K38) */
            int dealer = (m.first_dealer + m.n_sheets - 1) % 4;
            for (int side = 0; side < 2; side++) totals[(dealer + 1 + side) % 2] += r.scores[side];
        }
        cr_assert_eq(totals[0], m.totals[0]);
        cr_assert_eq(totals[1], m.totals[1]);
        if (m.rules.target == 0) cr_assert_eq(m.n_sheets, m.rules.deals, "K38: exactly D deals");
        else cr_assert(m.n_sheets == 100 || ((m.totals[0] >= m.rules.target || m.totals[1] >= m.rules.target) &&
                                             m.totals[0] != m.totals[1]), "K40");
    }
}

Test(coinche_properties, k36_random_play_conserves_cards_points_and_events_under_every_flag, .timeout = 120)
{
    int total = 0;
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        play_out(&cases[i], 1717 + i);
        total += cases[i].deals;
    }
    cr_assert_geq(total, 100000);
}

Test(coinche_properties, the_same_seed_and_choices_give_the_same_match)
{
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        static struct coinche_match a, b;
        char text[GAME_ACTION_MAX], err[256];
        struct coinche_match *ms[2] = { &a, &b };
        for (int k = 0; k < 2; k++) {
            struct pq_rng rng;
            struct game_setup setup = { 4, 4242, 1, cases[i].rules, 0 };
            pq_rng_seed(&rng, 9);
            cr_assert_eq(coinche_game.create(ms[k], &setup, err, sizeof err), 0);
            while (coinche_game.to_act(ms[k]) >= 0) {
                int len = random_action(ms[k], &rng, text, sizeof text);
                cr_assert_neq(coinche_game.apply(ms[k], text, len, err, sizeof err), GAME_ILLEGAL, "%s", err);
            }
        }
        cr_assert_eq(memcmp(&a, &b, sizeof a), 0, "case %u", i);
        char ta[100], tb[100];
        cr_assert(a.n_sheets > 1);
        coinche_game.deck_text(&a, ta, sizeof ta);
        coinche_game.create(&b, &(struct game_setup){ 4, 4243, 1, cases[i].rules, 0 }, err, sizeof err);
        coinche_game.deck_text(&b, tb, sizeof tb);
        cr_assert_str_neq(ta, tb, "another seed, another pack");
    }
}

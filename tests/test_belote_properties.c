/* test_belote_properties.c - random legal play at fixed seeds over every
 * form and player count (100,000 deals in all): cards are conserved, card
 * points add up (B35), scores stay in bounds and are the sums of their
 * events (B45), the reserve is conserved (B36-B37), and the same seed
 * gives the same deals. */
#include <criterion/criterion.h>
#include <string.h>
#include "engine/rng.h"
#include "tests/test_belote_support.h"

struct form_case {
    const char *game;
    int players, deals;
};

static const struct form_case cases[] = {
    { "belote", 2, 25000 }, { "belote", 3, 20000 }, { "belote", 4, 20000 },
    { "belote-partnership", 4, 17000 }, { "belote-marseillaise", 2, 18000 },
};

/* Every card is in exactly one place: a hand, the tricks, the layout's
 * face-down or just-turned cards, the stock, the turn-up place. */
static void conserved(const struct bel_deal *d)
{
    pq_mask all = d->played_all;
    for (int s = 0; s < d->n; s++) {
        cr_assert_eq(all & d->hand[s], 0, "seat %d holds a card seen elsewhere", s);
        all |= d->hand[s];
    }
    if (d->rules.form == BEL_MARSEILLAISE) {
        for (int s = 0; s < 2; s++) {
            cr_assert_eq(all & (d->down[s] | d->pending[s]), 0);
            all |= d->down[s] | d->pending[s];
        }
    } else {
        int from = d->n == 4 ? (d->complete ? 32 : 21) : d->complete ? 9 * d->n + 1 : 6 * d->n + 1;
        for (int p = from; p < 32; p++) {
            cr_assert_eq(all & PQ_BIT(d->deck[p]), 0);
            all |= PQ_BIT(d->deck[p]);
        }
        if (d->place != BEL_NO_CARD) all |= PQ_BIT(d->place);
    }
    cr_assert_eq(all, PQ_ALL_CARDS, "cards lost: %08x", ~all);
}

static int random_action(const struct bel_match *m, struct pq_rng *rng, char *text, int cap)
{
    const struct game *g = bt_game(m);
    int n = g->legal_count(m);
    cr_assert_gt(n, 0);
    return g->legal_text(m, (int)pq_rng_below(rng, (uint32_t)n), text, cap);
}

static void play_out(const struct form_case *c, uint64_t seed)
{
    const struct game *g = game_find(c->game);
    static struct bel_match m;
    struct pq_rng rng;
    char text[GAME_ACTION_MAX], err[256];
    int deals = 0;
    pq_rng_seed(&rng, seed);
    while (deals < c->deals) {
        struct game_setup setup = { c->players, pq_rng_next(&rng), (int)pq_rng_below(&rng, (uint32_t)c->players), NULL, 0 };
        cr_assert_eq(g->create(&m, &setup, err, sizeof err), 0, "%s", err);
        while (g->to_act(&m) >= 0) {
            const struct bel_deal *d = &m.deal;
            pq_mask in_play = d->played_all;
            for (int s = 0; s < d->n; s++) in_play |= d->hand[s];
            if (d->rules.form == BEL_MARSEILLAISE) in_play = PQ_ALL_CARDS;
            int trump = d->trump;
            int len = random_action(&m, &rng, text, sizeof text);
            cr_assert_eq(g->find_legal(&m, text, len) >= 0, 1, "%s", text);
            int rc = g->apply(&m, text, len, err, sizeof err);
            cr_assert_neq(rc, GAME_ILLEGAL, "%s: %s", text, err);
            if (rc != GAME_DEAL_OVER) {
                conserved(&m.deal);
                continue;
            }
            deals++;
            const struct bel_sheet *sh = &m.sheets[m.n_sheets - 1];
            struct bel_result r;
            bel_score(sh, &m.rules, &r);
            if (sh->is_void) {
                cr_assert_eq(r.n_events, 0);
                continue;
            }
            /* B35: the tricks hold the points of the cards in play */
            int cards = 0, want = 0;
            for (int s = 0; s < sh->n; s++) cards += sh->cards[s];
            for (int k = 0; k < 32; k++)
                if (in_play & PQ_BIT(k)) want += bel_card_points(k, trump);
            cr_assert_eq(cards, want);
            if (sh->n == 4 || sh->form == BEL_MARSEILLAISE) cr_assert_eq(cards, 152);
            /* B45: events sum to scores; bounds; the reserve conserved */
            long sums[4] = { 0 }, total_scores = 0, total_rounded = 0;
            for (int e = 0; e < r.n_events; e++) sums[r.events[e].side >= 0 ? r.events[e].side : r.events[e].seat] += r.events[e].points;
            for (int u = 0; u < r.units; u++) {
                cr_assert_eq(sums[u], r.scores[u], "unit %d", u);
                cr_assert_geq(r.scores[u], 0);
                cr_assert_leq(r.scores[u], 1200 + sh->reserve_in);
                cr_assert_eq(r.rounded[u] % 10, 0);
                total_scores += r.scores[u];
                total_rounded += r.rounded[u];
            }
            cr_assert_eq(total_scores + r.reserve_out, total_rounded + sh->reserve_in);
        }
    }
}

Test(belote_properties, b35_random_play_conserves_cards_points_and_events_in_every_form, .timeout = 60)
{
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) play_out(&cases[i], 77 + i);
}

Test(belote_properties, the_same_seed_and_choices_give_the_same_match)
{
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        static struct bel_match a, b;
        const struct game *g = game_find(cases[i].game);
        char text[GAME_ACTION_MAX], err[256];
        struct bel_match *ms[2] = { &a, &b };
        for (int k = 0; k < 2; k++) {
            struct pq_rng rng;
            struct game_setup setup = { cases[i].players, 4242, 1, NULL, 0 };
            pq_rng_seed(&rng, 9);
            cr_assert_eq(g->create(ms[k], &setup, err, sizeof err), 0);
            while (g->to_act(ms[k]) >= 0) {
                int len = random_action(ms[k], &rng, text, sizeof text);
                cr_assert_neq(g->apply(ms[k], text, len, err, sizeof err), GAME_ILLEGAL, "%s", err);
            }
        }
        cr_assert_eq(memcmp(&a, &b, sizeof a), 0, "%s", cases[i].game);
        uint8_t d1[32], d2[32];
        pq_rng_deck(4242, 1, d1);
        pq_rng_deck(4242, 2, d2);
        cr_assert_neq(memcmp(d1, d2, 32), 0);
    }
}

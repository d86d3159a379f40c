/* test_coinche_view.c - what each seat may see (RULES-coinche.md K41-K43)
 * and sampling (game.h sample).
 *
 * The leak checker walks every view of every player at every decision of
 * random deals and collects each card named anywhere in it; each must be
 * in the set this file derives on its own from the actions applied: the
 * player's own hand, the cards played, the other card of a `belote`, its
 * own meld declaration, and the melds of the seats whose side won the K20
 * comparison once they played to trick 2 (the comparison computed here
 * again, from the meld texts). An injected leak (coinche_test_leak) must
 * make it fail.
 *
 * The sampler's states must look the same to the player (its view is
 * unchanged) and keep every hand's size, the known cards and the voids;
 * and with nothing known but a seat's own hand, each hidden card must land
 * in each other hand about a third of the time (a chi-square test at a
 * fixed seed). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "engine/rng.h"
#include "tests/support_told.h"
#include "tests/test_coinche_support.h"
#include "tests/support_scale.h"

/* What the test itself knows of a deal, from the actions applied. */
struct seen {
    pq_mask hand[4], played, belote_other[4], own_melds[4], shown;
    pq_mask melds[4][8];
    int n_melds[4], melded, trick2_played[4], meld_winner, plays;
};

/* An independent K18 rank of a meld (class, then carré over sequence in
 * class 100 and carrés A > T > K > Q, then length, then top). */
static long meld_rank(pq_mask meld)
{
    int n = pq_mask_count(meld), low = pq_mask_first(meld), top = 31 - __builtin_clz(meld);
    if (n == 4 && PQ_RANK(low) == PQ_RANK(top) && PQ_SUIT(low) != PQ_SUIT(top)) {
        static const int value[8] = { 0, 0, 150, 100, 200, 100, 100, 100 };
        static const int order[8] = { 0, 0, 0, 2, 0, 0, 1, 3 };
        return value[PQ_RANK(low)] * 10000L + 5000 + order[PQ_RANK(low)];
    }
    int value = n == 3 ? 20 : n == 4 ? 50 : 100;
    return value * 10000L + n * 10 + PQ_RANK(top);
}

static void seen_init(struct seen *k, const struct coinche_deal *d)
{
    memset(k, 0, sizeof *k);
    for (int s = 0; s < 4; s++)
        for (int i = 0; i < 8; i++) k->hand[s] |= PQ_BIT(d->deck[8 * s + i]);
    k->meld_winner = -1;
}

/* Records `text` applied by seat s. */
static void seen_apply(struct seen *k, int s, const char *text, const struct coinche_rules *r, int trump)
{
    if (!strncmp(text, "meld", 4)) {
        for (const char *p = text + 4; *p == ' ';) {
            pq_mask m = 0;
            p++;
            while (pq_card_parse(p) >= 0) {
                m |= PQ_BIT(pq_card_parse(p));
                p += 2;
                if (*p != ',') break;
                p++;
            }
            k->melds[s][k->n_melds[s]++] = m;
            k->own_melds[s] |= m;
        }
        k->melded |= 1 << s;
        if (k->melded == 0xf) {    /* K20: the best call, earlier seat on equal ranks */
            long best = 0;
            int best_trump = 0;
            for (int seat = 0; seat < 4; seat++)
                for (int i = 0; i < k->n_melds[seat]; i++) {
                    pq_mask m = k->melds[seat][i];
                    long rank = meld_rank(m);
                    int in_trump = r->meld_tie_trump && trump >= 0 && trump < 4 && pq_mask_count(m & PQ_SUIT_MASK(trump)) == pq_mask_count(m);
                    if (rank > best || (rank == best && in_trump && !best_trump)) {
                        best = rank;
                        best_trump = in_trump;
                        k->meld_winner = seat;
                    }
                }
        }
        return;
    }
    if (strncmp(text, "play ", 5)) return;
    int c = pq_card_parse(text + 5);
    k->hand[s] &= ~PQ_BIT(c);
    k->played |= PQ_BIT(c);
    if (strstr(text, " belote"))
        k->belote_other[s] |= PQ_BIT(PQ_CARD(PQ_SUIT(c), PQ_RANK(c) == PQ_RANK_K ? PQ_RANK_Q : PQ_RANK_K));
    if (k->plays >= 4 && k->plays < 8 && k->meld_winner >= 0 && (s & 1) == (k->meld_winner & 1))
        k->shown |= k->own_melds[s];
    k->plays++;
}

static pq_mask allowed(const struct seen *k, int v)
{
    pq_mask a = k->hand[v] | k->played | k->own_melds[v] | k->shown;
    for (int s = 0; s < 4; s++) a |= k->belote_other[s];
    return a;
}

/* Every card named in the strings of `node` that is not in `ok`. */
static int leaks(const cJSON *node, pq_mask ok)
{
    int n = 0;
    if (cJSON_IsString(node)) {
        const char *p = node->valuestring;
        for (size_t i = 0; p[i]; i++) {
            int start = i == 0 || p[i - 1] == ' ' || p[i - 1] == ',';
            int end = p[i + 1] && (p[i + 2] == '\0' || p[i + 2] == ' ' || p[i + 2] == ',');
            if (start && end && pq_card_parse(p + i) >= 0 && !(ok & PQ_BIT(pq_card_parse(p + i)))) n++;
        }
    }
    const cJSON *child;
    cJSON_ArrayForEach(child, node) n += leaks(child, ok);
    return n;
}

/* Random one-deal games under `rules`: the number of leaks seen. */
static int leak_run(const char *const *rules, uint64_t seed, int deals)
{
    static struct coinche_match m;
    struct pq_rng rng;
    char text[GAME_ACTION_MAX], err[256];
    int found = 0;
    pq_rng_seed(&rng, seed);
    for (int d = 0; d < deals; d++) {
        struct game_setup setup = { 4, pq_rng_next(&rng), 0, rules, 1 };
        struct seen k;
        cr_assert_eq(coinche_game.create(&m, &setup, err, sizeof err), 0, "%s", err);
        seen_init(&k, &m.deal);
        while (coinche_game.to_act(&m) >= 0) {
            for (int p = 0; p < 4; p++) {
                cJSON *v = ct_view(&m, p);
                found += leaks(v, allowed(&k, p));
                cJSON_Delete(v);
            }
            int s = m.deal.to_act, n = coinche_game.legal_count(&m);
            int len = coinche_game.legal_text(&m, (int)pq_rng_below(&rng, (uint32_t)n), text, sizeof text);
            int trump = m.deal.contract.taker >= 0 ? m.deal.contract.den : -1;
            cr_assert_neq(coinche_game.apply(&m, text, len, err, sizeof err), GAME_ILLEGAL, "%s", err);
            seen_apply(&k, s, text, &m.rules, trump);
        }
    }
    return found;
}

Test(coinche_view, k41_k43_no_view_shows_a_card_its_seat_may_not_see)
{
    const char *const *sets[] = { NULL, (const char *[]){ "melds=true", NULL },
                                  (const char *[]){ "melds=true", "meld_tie=trump", "nt_at=true", NULL } };
    for (int i = 0; i < 3; i++) cr_expect_eq(leak_run(sets[i], 300 + (uint64_t)i, SUPPORT_CASES(400)), 0, "rule set %d", i);
}

Test(coinche_view, an_injected_leak_is_caught)
{
    coinche_test_leak = 1;
    int found = leak_run(NULL, 5, 3);
    coinche_test_leak = 0;
    cr_expect_gt(found, 0);
}

Test(coinche_view, k42_a_meld_is_bare_to_others_and_k21_shown_at_trick_2)
{
    static struct coinche_match m;
    const char *rules[] = { "melds=true", NULL };
    ct_start(&m, rules, ct_pack_r);
    ct_run(&m, "bid 80 H, pass, pass, pass, meld 9S,9H,9D,9C, play JH, meld, play AH");
    cJSON *v = ct_view(&m, 1);
    cr_expect_eq(leaks(v, PQ_BIT(pq_card_parse("JH")) | PQ_BIT(pq_card_parse("AH")) | m.deal.hand[1]), 0,
                 "seat 1 sees seat 0's meld as bare");
    cJSON_Delete(v);
}

/* ---- sampling ---- */

static char *view_text(const struct coinche_match *m, int player)
{
    cJSON *v = ct_view(m, player);
    char *t = cJSON_PrintUnformatted(v);
    cJSON_Delete(v);
    return t;
}

Test(coinche_view, sampled_states_look_the_same_to_the_player_and_keep_what_is_known)
{
    static struct coinche_match m, s;
    struct pq_rng rng;
    char text[GAME_ACTION_MAX], err[256];
    const char *rules[] = { "melds=true", "nt_at=true", NULL };
    pq_rng_seed(&rng, 31);
    int checked = 0;
    for (int d = 0; d < 60; d++) {
        struct game_setup setup = { 4, pq_rng_next(&rng), 0, rules, 1 };
        cr_assert_eq(coinche_game.create(&m, &setup, err, sizeof err), 0);
        while (coinche_game.to_act(&m) >= 0) {
            int p = (int)pq_rng_below(&rng, 4);
            cr_assert_eq(coinche_game.sample(&s, &m, p, pq_rng_next(&rng)), 0);
            char *a = view_text(&m, p), *b = view_text(&s, p);
            cr_assert_str_eq(a, b, "the player's view changed");
            cJSON_free(a);
            cJSON_free(b);
            for (int seat = 0; seat < 4; seat++) {
                cr_assert_eq(pq_mask_count(s.deal.hand[seat]), pq_mask_count(m.deal.hand[seat]));
                cr_assert_eq(s.deal.hand[seat] & m.deal.known[seat], m.deal.known[seat] & m.deal.hand[seat]);
                cr_assert_eq(s.deal.hand[seat] & m.deal.forbid[seat], 0, "a void shown in play");
            }
            /* the sampled state plays on */
            int n = coinche_game.legal_count(&s);
            int len = coinche_game.legal_text(&s, (int)pq_rng_below(&rng, (uint32_t)n), text, sizeof text);
            cr_assert_neq(coinche_game.apply(&s, text, len, err, sizeof err), GAME_ILLEGAL, "%s: %s", text, err);
            checked++;
            n = coinche_game.legal_count(&m);
            len = coinche_game.legal_text(&m, (int)pq_rng_below(&rng, (uint32_t)n), text, sizeof text);
            cr_assert_neq(coinche_game.apply(&m, text, len, err, sizeof err), GAME_ILLEGAL, "%s", err);
        }
    }
    cr_assert_gt(checked, 1000);
}

Test(coinche_view, k21_samples_keep_what_the_dialogue_told)
{
    /* random deals with melds (and with meld_tie trump), sampled for every
     * player once the trick-1 melds are made and some tricks later */
    static struct coinche_match m, s;
    const char *const *sets[] = { (const char *[]){ "melds=true", NULL },
                                  (const char *[]){ "melds=true", "meld_tie=trump", NULL } };
    struct pq_rng rng;
    char text[GAME_ACTION_MAX], err[256];
    int checks = 0, detail = 0;
    pq_rng_seed(&rng, 77);
    for (int d = 0; d < 240; d++) {
        struct game_setup setup = { 4, pq_rng_next(&rng), 0, sets[d % 2], 1 };
        cr_assert_eq(coinche_game.create(&m, &setup, err, sizeof err), 0);
        int stop = 4 + (int)pq_rng_below(&rng, 16), rc = GAME_GOES_ON;
        while (coinche_game.to_act(&m) >= 0 && stop > 0 && rc == GAME_GOES_ON) {
            if (m.deal.melded == 0xf) stop--;
            int n = coinche_game.legal_count(&m);
            int len = coinche_game.legal_text(&m, (int)pq_rng_below(&rng, (uint32_t)n), text, sizeof text);
            rc = coinche_game.apply(&m, text, len, err, sizeof err);
        }
        if (rc != GAME_GOES_ON || m.deal.melded != 0xf) continue;
        for (int p = 0; p < 4; p++) {
            cJSON *v = ct_view(&m, p);
            for (uint64_t k = 0; k < 4; k++) {
                cr_assert_eq(coinche_game.sample(&s, &m, p, k), 0);
                int failed = support_told_failures(v, s.deal.hand, coinche_match_player_seat(&m, p), &checks, &detail);
                cr_expect_eq(failed, 0, "deal %d, player %d", d, p);
            }
            cJSON_Delete(v);
        }
    }
    cr_expect_gt(checks, 900, "%d checks", checks);   /* 1848 when written */
    cr_expect_gt(detail, 150, "%d checks of a whole call", detail);   /* 348 */
}

Test(coinche_view, sampling_spreads_hidden_cards_uniformly_chi_square)
{
    static struct coinche_match m, s;
    ct_start(&m, NULL, ct_pack_r);
    ct_run(&m, "bid 80 H, pass, pass, pass");
    int counts[32][4] = { { 0 } }, samples = 12000;
    for (int i = 0; i < samples; i++) {
        cr_assert_eq(coinche_game.sample(&s, &m, 0, 1000 + (uint64_t)i), 0);
        for (int seat = 1; seat < 4; seat++)
            for (pq_mask h = s.deal.hand[seat]; h; h &= h - 1) counts[pq_mask_first(h)][seat]++;
    }
    double chi2 = 0, expected = samples / 3.0;
    int cells = 0;
    for (int c = 0; c < 32; c++) {
        if (m.deal.hand[0] & PQ_BIT(c)) continue;
        for (int seat = 1; seat < 4; seat++) {
            double diff = counts[c][seat] - expected;
            chi2 += diff * diff / expected;
            cells++;
        }
    }
    cr_assert_eq(cells, 72);
    /* 24 cards x (3 - 1) = 48 degrees of freedom: the 0.999 quantile is 84.0 */
    cr_expect_lt(chi2, 84.0, "chi2 = %.1f", chi2);
    cr_expect_gt(chi2, 20.0, "chi2 = %.1f is too good to be random", chi2);
}

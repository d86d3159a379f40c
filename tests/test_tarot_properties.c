/* test_tarot_properties.c - 100,000 random Tarot deals at fixed seeds over
 * every player count and every variant flag: each card in exactly one
 * pile, the attack's card points counted again here from the tricks
 * (half points summing to 182 with the defence's), scores zero-sum,
 * within the game's bounds and equal to their events, targets by bouts;
 * and the same seed and choices giving the same state byte for byte. */
#include <criterion/criterion.h>
#include <string.h>
#include "engine/rng.h"
#include "tests/test_tarot_support.h"

static const char *const flag_values[][4] = {
    { "petit_sec=fft", "petit_sec=parlett", "petit_sec=off", NULL },
    { "trump_discard=shown", "trump_discard=counted", NULL },
    { "poignee_level=free", "poignee_level=highest", NULL },
    { "half_point=winner", "half_point=down", NULL },
    { "called_suit_lead=banned", "called_suit_lead=free", NULL },
    { "excuse_last=fft", "excuse_last=winner", NULL },
};
enum { N_FLAGS = 6 };

/* Rules for deal k: each flag's value drawn from k's bits. */
static void rules_for(uint64_t k, const char *rules[N_FLAGS + 1])
{
    struct pq_rng r;
    pq_rng_seed(&r, k);
    for (int f = 0; f < N_FLAGS; f++) {
        int n = 0;
        while (flag_values[f][n]) n++;
        rules[f] = flag_values[f][pq_rng_below(&r, (uint32_t)n)];
    }
    rules[N_FLAGS] = NULL;
}

/* One random deal from `seed`: a one-deal match, random legal actions. */
static void play_random(struct tarot_match *m, int players, uint64_t seed, const char *const *rules)
{
    struct pq_rng rng;
    char text[GAME_ACTION_MAX], err[256];
    struct game_setup setup = { players, seed, 0, rules, 1 };
    cr_assert_eq(tarot_game.create(m, &setup, err, sizeof err), 0, "%s", err);
    pq_rng_seed(&rng, seed ^ 0x9e3779b97f4a7c15ull);
    while (tarot_game.to_act(m) >= 0) {
        if (tarot_game.settle(m) == GAME_DEAL_OVER) break;
        int n = tarot_game.legal_count(m);
        cr_assert_gt(n, 0);
        int len = tarot_game.legal_text(m, (int)pq_rng_below(&rng, (uint32_t)n), text, sizeof text);
        cr_assert_gt(len, 0);
        cr_assert_neq(tarot_game.apply(m, text, len, err, sizeof err), GAME_ILLEGAL, "%s: %s", text, err);
    }
}

/* The attack's and the defence's half points counted here (F26-F28). */
static void count_piles(const struct tarot_deal *d, int halves[2])
{
    int n = d->n, last = d->hand_size - 1;
    halves[0] = halves[1] = 0;
    for (int t = 0; t < d->hand_size; t++) {
        int won = tarot_camp(d, d->winner[t]);
        for (int i = 0; i < n; i++) {
            int c = d->plays[t * n + i], by = d->play_seat[t * n + i];
            if (c != TAROT_EXCUSE) {
                halves[won] += tarot_card_halves(c);
                continue;
            }
            int mine = tarot_camp(d, by);
            if (by == d->winner[t]) halves[mine] += 9;                 /* F38 */
            else if (t == last) halves[d->rules.excuse_last == TAROT_EXCUSE_WINNER ? won : 1 - mine] += 9;
            else if (mine == won) halves[mine] += 9;
            else {
                halves[mine] += 8;
                halves[won] += 1;
            }
        }
    }
    if (d->contract <= TAROT_GARDE) halves[TAROT_ATTACK] += tarot_mask_halves(d->discard);
    else halves[d->contract == TAROT_GARDE_CONTRE ? TAROT_DEFENCE : TAROT_ATTACK] += tarot_mask_halves(d->dog);
}

static void check_deal(const struct tarot_match *m)
{
    const struct tarot_deal *d = &m->deal;
    const struct tarot_result *r = &m->results[0];
    long sum = 0;
    for (int s = 0; s < d->n; s++) sum += r->scores[s];
    cr_assert_eq(sum, 0, "F42: zero sum");
    if (d->void_kind != TAROT_NOT_VOID) {
        for (int s = 0; s < d->n; s++) cr_assert_eq(r->scores[s], 0);
        return;
    }
    /* F42: every card once: the tricks, and the discard or the dog */
    tarot_mask seen = 0;
    int cards = d->n * d->hand_size;
    for (int i = 0; i < cards; i++) {
        cr_assert(!(seen & TAROT_BIT(d->plays[i])), "a card played twice");
        seen |= TAROT_BIT(d->plays[i]);
    }
    tarot_mask pile = d->contract <= TAROT_GARDE ? d->discard : d->dog;
    cr_assert(!(seen & pile));
    cr_assert((seen | pile) == TAROT_ALL_CARDS, "F42: 78 cards");
    for (int s = 0; s < d->n; s++) cr_assert_eq(d->hand[s], 0);
    int halves[2];
    count_piles(d, halves);
    cr_assert_eq(halves[0] + halves[1], 182, "F42: 91 points");
    cr_assert_eq(r->half_points, halves[0], "the engine's count and this one");
    static const int targets[] = { 56, 51, 41, 36 };
    cr_assert_eq(r->target, targets[r->bouts]);
    int u = r->u_contract + r->u_petit + r->u_chelem;
    for (int i = 0; i < r->n_poignees; i++) u += r->u_poignee[i];
    cr_assert_leq(u < 0 ? -u : u, (25 + 56) * 6 + 60 + 5 * 40 + 400, "|u| within its bounds");
    cr_assert_geq(r->u_contract < 0 ? -r->u_contract : r->u_contract, 25 * r->multiplier);
    int tricks = 0;
    for (int s = 0; s < d->n; s++) {
        tricks += r->tricks[s];
        int events = tarot_share(r, s, r->u_contract) + tarot_share(r, s, r->u_petit) + tarot_share(r, s, r->u_chelem);
        for (int i = 0; i < r->n_poignees; i++) events += tarot_share(r, s, r->u_poignee[i]);
        cr_assert_eq(events, r->scores[s], "a seat's events sum to its score");
    }
    cr_assert_eq(tricks, d->hand_size);
}

Test(tarot_properties, one_hundred_thousand_random_deals_keep_cards_points_and_scores)
{
    static struct tarot_match m;
    int played = 0, voids = 0;
    for (uint64_t k = 0; k < 100000; k++) {
        const char *rules[N_FLAGS + 1];
        rules_for(k, rules);
        play_random(&m, 3 + (int)(k % 3), 1000003 * k + 17, rules);
        cr_assert_eq(m.n_results, 1);
        check_deal(&m);
        played++;
        voids += m.deal.void_kind != TAROT_NOT_VOID;
    }
    cr_expect_eq(played, 100000);
    cr_expect_gt(voids, 100, "void deals met: %d", voids);
    cr_log_info("%d deals, %d void", played, voids);
}

Test(tarot_properties, the_same_seed_and_choices_give_the_same_state)
{
    static struct tarot_match a, b;
    for (uint64_t k = 0; k < 3000; k++) {
        const char *rules[N_FLAGS + 1];
        rules_for(k, rules);
        memset(&a, 0xa5, sizeof a);
        memset(&b, 0x5a, sizeof b);
        play_random(&a, 3 + (int)(k % 3), k * 7919 + 1, rules);
        play_random(&b, 3 + (int)(k % 3), k * 7919 + 1, rules);
        cr_assert_eq(memcmp(&a, &b, sizeof a), 0, "deal %lu", (unsigned long)k);
    }
}

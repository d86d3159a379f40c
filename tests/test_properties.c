/* test_properties.c - property runs over many random deals with fixed
 * seeds: every legal action is accepted, illegal ones change nothing, cards
 * are conserved, hands have the right sizes, scores stay in bounds, no view
 * ever shows a card its seat may not see, and the same seed and actions give
 * the same deal. The "may see" set (tests/support_sight.c) is derived from
 * the pack and the action history, independently of the engine's view code.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "engine/piquet/deal.h"
#include "engine/rng.h"
#include "engine/piquet/view.h"
#include "tests/support_sight.h"

enum { PROPERTY_DEALS = 100000 };

static pq_mask talon_cards(const struct pq_deal *d, int from, int count)
{
    pq_mask out = 0;
    for (int i = from; i < from + count && i < 8; i++) out |= PQ_BIT(d->deck[24 + i]);
    return out;
}

static void check_conservation(const struct pq_deal *d)
{
    pq_mask parts[] = { d->hand[0], d->hand[1], d->discards[0], d->discards[1], d->played[0], d->played[1] };
    pq_mask all = 0;
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        cr_assert_eq(all & parts[i], 0, "a card is in two places");
        all |= parts[i];
    }
    pq_mask talon_left = talon_cards(d, 0, 8) & ~(d->drawn[0] | d->drawn[1]);
    cr_assert_eq(all & talon_left, 0);
    cr_assert_eq(all | talon_left, PQ_ALL_CARDS, "cards were lost");
}

static void check_hand_sizes(const struct pq_deal *d)
{
    if (d->phase < PQ_PHASE_CALL) return;
    for (int s = 0; s < PQ_SEATS; s++)
        cr_assert_eq(pq_mask_count(d->hand[s]) + pq_mask_count(d->played[s]), 12);
    cr_assert(pq_mask_count(d->played[0]) - pq_mask_count(d->played[1]) >= -1 &&
              pq_mask_count(d->played[0]) - pq_mask_count(d->played[1]) <= 1);
}

static void check_views(const struct pq_deal *d)
{
    for (int s = 0; s < PQ_SEATS; s++) {
        struct pq_view v;
        pq_view_build(d, s, &v);
        pq_mask leaked = pq_view_cards(&v) & ~ss_allowed_cards(d, s);
        cr_assert_eq(leaked, 0, "view of %s shows cards it may not see: %08x", pq_seat_name(s), leaked);
        cr_assert_eq(v.hand, d->hand[s]);
    }
}

static void check_refusal_changes_nothing(const struct pq_deal *d, struct pq_rng *rng)
{
    struct pq_deal copy = *d;
    struct pq_action bogus = { 0 };
    char err[160];
    /* A card the seat does not hold, in whatever action the phase wants. */
    pq_mask foreign = ~d->hand[d->to_act];
    bogus.kind = d->phase == PQ_PHASE_PLAY ? PQ_ACT_PLAY : d->phase == PQ_PHASE_DISCARD ? PQ_ACT_DISCARD
               : d->phase == PQ_PHASE_LOOK ? PQ_ACT_PLAY : PQ_ACT_DECLARE;
    bogus.cls = d->cls;
    bogus.number = (uint8_t)pq_mask_nth(foreign, (int)pq_rng_below(rng, (uint32_t)pq_mask_count(foreign)));
    bogus.cards = PQ_BIT(bogus.number);
    cr_assert_eq(pq_deal_apply(&copy, &bogus, err, sizeof err), -1);
    cr_assert(err[0] != '\0', "a refusal gives a reason");
    cr_assert_eq(memcmp(&copy, d, sizeof copy), 0, "a refused action changed the deal");
}

Test(properties, random_deals_keep_every_invariant, .timeout = 600)
{
    struct pq_rules rules;
    struct pq_rng rng;
    long play_min = 1000, play_max = 0, total_max = 0, passes = 0, sinks = 0;
    pq_rules_default(&rules);
    pq_rng_seed(&rng, 20261122);
    for (int n = 0; n < PROPERTY_DEALS; n++) {
        uint8_t deck[32];
        struct pq_deal d;
        pq_rng_deck(7, n, deck);
        cr_assert_eq(pq_deal_init(&d, &rules, deck), 0);
        int full = n % 10 == 0;   /* views and refusals on every tenth deal */
        while (!pq_deal_over(&d)) {
            struct pq_action a;
            char err[160];
            int count = pq_deal_legal_count(&d);
            cr_assert(count >= 1 && count <= PQ_MAX_LEGAL);
            pq_deal_legal_nth(&d, (int)pq_rng_below(&rng, (uint32_t)count), &a);
            if (a.kind == PQ_ACT_PASS) passes++;
            if (a.kind == PQ_ACT_DECLARE && a.cls == PQ_CLASS_POINT &&
                a.cards != (d.hand[d.to_act] & PQ_SUIT_MASK(PQ_SUIT(pq_mask_first(a.cards))))) sinks++;
            if (full) check_refusal_changes_nothing(&d, &rng);
            cr_assert_eq(pq_deal_apply(&d, &a, err, sizeof err), 0, "legal action refused: %s", err);
            check_conservation(&d);
            check_hand_sizes(&d);
            if (full) check_views(&d);
        }
        int play = d.cat[0][PQ_CAT_PLAY] + d.cat[1][PQ_CAT_PLAY];
        cr_assert(play >= 13 && play <= 25, "play points %d outside 13..25 (R21)", play);
        cr_assert_leq(d.score[0] + d.score[1], 170);   /* R27 */
        cr_assert_eq(d.tricks[0] + d.tricks[1], 12);
        if (play < play_min) play_min = play;
        if (play > play_max) play_max = play;
        if (d.score[0] + d.score[1] > total_max) total_max = d.score[0] + d.score[1];
    }
    /* The random player really did exercise passes and sinking. */
    cr_assert_gt(passes, PROPERTY_DEALS);
    cr_assert_gt(sinks, PROPERTY_DEALS / 10);
    cr_log_info("play points %ld..%ld, largest deal total %ld", play_min, play_max, total_max);
}

/* Same seed and actions, same deal: replaying a history onto a fresh deal
 * gives a byte-identical state, and two runs from one seed agree. */
Test(properties, same_seed_and_actions_give_the_same_deal)
{
    struct pq_rules rules;
    pq_rules_default(&rules);
    for (int n = 0; n < 2000; n++) {
        struct pq_rng rng1, rng2;
        struct pq_deal a, b, c;
        uint8_t deck[32];
        pq_rng_deck(99, n, deck);
        pq_deal_init(&a, &rules, deck);
        pq_rng_deck(99, n, deck);
        pq_deal_init(&b, &rules, deck);
        pq_rng_seed(&rng1, (uint64_t)n);
        pq_rng_seed(&rng2, (uint64_t)n);
        while (!pq_deal_over(&a)) {
            struct pq_action x, y;
            pq_deal_legal_nth(&a, (int)pq_rng_below(&rng1, (uint32_t)pq_deal_legal_count(&a)), &x);
            pq_deal_legal_nth(&b, (int)pq_rng_below(&rng2, (uint32_t)pq_deal_legal_count(&b)), &y);
            cr_assert_eq(pq_deal_apply(&a, &x, NULL, 0), 0);
            cr_assert_eq(pq_deal_apply(&b, &y, NULL, 0), 0);
        }
        cr_assert_eq(memcmp(&a, &b, sizeof a), 0);
        pq_deal_init(&c, &rules, deck);
        for (int i = 0; i < a.n_history; i++) {
            char text[PQ_ACTION_TEXT_MAX], err[160];
            pq_action_format(&a.history[i], text, sizeof text);
            cr_assert_eq(pq_deal_apply_text(&c, text, (int)strlen(text), err, sizeof err), 0, "%s: %s", text, err);
        }
        cr_assert_eq(memcmp(&a, &c, sizeof a), 0, "replaying the text actions gave another deal");
    }
}

/* The pack of a deal depends on the seed alone, on every machine: these
 * are the first cards of deal 1 of seed 1, fixed when the generator was
 * chosen (xoshiro256** seeded by splitmix64; rng.h). */
Test(properties, seeded_pack_is_a_permutation_and_stable)
{
    uint8_t deck[32], again[32];
    for (int n = 1; n <= 1000; n++) {
        pq_mask seen = 0;
        pq_rng_deck(1, n, deck);
        for (int i = 0; i < 32; i++) seen |= PQ_BIT(deck[i]);
        cr_assert_eq(seen, PQ_ALL_CARDS);
        pq_rng_deck(1, n, again);
        cr_assert_eq(memcmp(deck, again, 32), 0);
    }
    pq_rng_deck(1, 1, deck);
    pq_rng_deck(2, 1, again);
    cr_assert_neq(memcmp(deck, again, 32), 0, "different seeds give different packs");
}

/* Every listed legal action is accepted by the checker, and the list has
 * no duplicates (checked where the list is short enough to compare). */
Test(properties, legal_list_is_exact)
{
    struct pq_rules rules;
    struct pq_rng rng;
    static struct pq_action list[PQ_MAX_LEGAL];
    pq_rules_default(&rules);
    pq_rng_seed(&rng, 5);
    for (int n = 0; n < 300; n++) {
        uint8_t deck[32];
        struct pq_deal d;
        pq_rng_deck(11, n, deck);
        pq_deal_init(&d, &rules, deck);
        while (!pq_deal_over(&d)) {
            int count = pq_deal_legal(&d, list, PQ_MAX_LEGAL);
            for (int i = 0; i < count; i++) {
                char err[160];
                cr_assert_eq(pq_deal_check(&d, &list[i], err, sizeof err), 0, "%s", err);
                for (int j = 0; j < i && count <= 600; j++)
                    cr_assert(!pq_action_equal(&list[i], &list[j]), "action listed twice");
            }
            pq_deal_apply(&d, &list[pq_rng_below(&rng, (uint32_t)count)], NULL, 0);
        }
    }
}

/* Random playouts over four rule sets: every legal count and every action
 * taken, and each deal's scores, folded into one FNV-1a hash. */
static unsigned long long playouts_hash(int deals, int by_index)
{
    unsigned long long h = 1469598103934665603ull;
    for (int variant = 0; variant < 4; variant++) {
        struct pq_rules rules;
        struct pq_rng rng;
        struct pq_deal deal;
        pq_rules_default(&rules);
        if (variant & 1) rules.law49 = !rules.law49;
        if (variant & 2) {
            rules.carte_rouge = !rules.carte_rouge;
            rules.point_min_len = 3;
            rules.younger_must_discard = !rules.younger_must_discard;
        }
        pq_rng_seed(&rng, 7 + (uint64_t)variant);
        for (int d = 0; d < deals; d++) {
            uint8_t deck[32];
            pq_rng_deck(99 + (uint64_t)variant, d, deck);
            pq_deal_init(&deal, &rules, deck);
            while (!pq_deal_over(&deal)) {
                struct pq_action a;
                int n = pq_deal_legal_count(&deal), pick = (int)pq_rng_below(&rng, (uint32_t)n);
                if (by_index) {   /* the action as the history records it */
                    cr_assert_eq(pq_deal_apply_legal(&deal, pick), 0);
                    a = deal.history[deal.n_history - 1];
                } else {
                    pq_deal_legal_nth(&deal, pick, &a);
                    cr_assert_eq(pq_deal_apply(&deal, &a, NULL, 0), 0);
                }
                unsigned long long v = (unsigned long long)n << 40 | (unsigned long long)a.kind << 32 | a.cards;
                h = (h ^ v) * 1099511628211ull;
            }
            h = (h ^ (unsigned long long)(uint16_t)deal.score[0] << 16 ^ (uint16_t)deal.score[1]) * 1099511628211ull;
        }
    }
    return h;
}

/* The legal actions' order and the random draws are part of every
 * recorded benchmark, bot and playout: the engine's speed-ups must not
 * move them. The value was taken from the engine before its sequences,
 * discards and draws were made faster (issue 21), 5000 deals per rule set. */
Test(properties, random_playouts_draw_the_same_actions_as_the_engine_always_did)
{
    cr_assert_eq(playouts_hash(5000, 0), 0x7c344f9d5ff5dc8aull, "%llx", playouts_hash(5000, 0));
}

/* The same playouts applied by index (pq_deal_apply_legal, what `arena
 * bench engine` and the game interface's apply_legal use) take the same
 * actions to the same scores. */
Test(properties, playouts_applied_by_index_take_the_same_actions)
{
    cr_assert_eq(playouts_hash(5000, 1), 0x7c344f9d5ff5dc8aull, "%llx", playouts_hash(5000, 1));
    struct pq_rules rules;
    struct pq_deal deal, before;
    uint8_t deck[32];
    pq_rules_default(&rules);
    pq_rng_deck(5, 1, deck);
    pq_deal_init(&deal, &rules, deck);
    while (!pq_deal_over(&deal)) {   /* an index past the list, or below it, changes nothing */
        int n = pq_deal_legal_count(&deal);
        before = deal;
        cr_assert_eq(pq_deal_apply_legal(&deal, n), -1);
        cr_assert_eq(pq_deal_apply_legal(&deal, -1), -1);
        cr_assert_eq(memcmp(&deal, &before, sizeof deal), 0);
        cr_assert_eq(pq_deal_apply_legal(&deal, n - 1), 0);
    }
    cr_assert_eq(pq_deal_apply_legal(&deal, 0), -1, "no action once the deal is over");
}

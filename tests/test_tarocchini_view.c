/* test_tarocchini_view.c - what each seat may see (shared/RULES-tarocchini.md
 * section 7, O37-O41) and sampling. The leak checker derives on its own,
 * from the pack and the actions it played (never from the engine's state),
 * the cards a seat may know of at each moment: its own cards (in the monte
 * round its first five), every card played, every declared card, and the
 * discards for the dealer; any other card in any string of a view fails
 * it. A test-only switch in the engine (tar_test_leak) shows it catching an
 * injected leak. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "engine/rng.h"
#include "tests/test_tarocchini_support.h"
#include "tests/support_scale.h"

/* What the test knows of a deal from outside the engine. */
struct tracker {
    uint8_t deck[TAR_CARDS];
    int monte_over, ended;   /* ended: a deal played out, its won cards public (O40) */
    tar_mask played, declared, discards;
};

static void track_start(struct tracker *t, const struct tar_match *m, int monte)
{
    char deck[400];
    memset(t, 0, sizeof *t);
    tarocchini_game.deck_text(m, deck, sizeof deck);   /* the pack, as a record gives it */
    cr_assert_eq(tar_deck_parse(deck, t->deck, NULL, 0), 0);
    t->monte_over = !monte;
}

static tar_mask cards_after(const char *text, int skip_words)
{
    tar_mask m = 0;
    const char *p = text;
    for (int i = 0; i < skip_words; i++) p = strchr(p, ' ') + 1;
    char buf[GAME_ACTION_MAX];
    snprintf(buf, sizeof buf, "%s", p);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        int c = tar_card_parse(tok, (int)strlen(tok));
        if (c >= 0) m |= TAR_BIT(c);
    }
    return m;
}

static void track(struct tracker *t, const char *text)
{
    if (!strcmp(text, "pass")) t->monte_over = 1;
    else if (!strncmp(text, "discard ", 8)) t->discards = cards_after(text, 1), t->monte_over = 1;
    else if (!strncmp(text, "declare ", 8)) t->declared |= cards_after(text, 2);
    else if (!strncmp(text, "play ", 5)) t->played |= TAR_BIT(tar_card_parse(text + 5, text[7] && text[7] != ' ' ? 3 : 2));
}

/* The cards seat v may know of now (O37-O41). */
static tar_mask allowed(const struct tracker *t, int v)
{
    tar_mask own = 0;
    int dealt = t->monte_over ? (v == 3 ? 17 : 15) : 5;
    for (int i = 0; i < dealt; i++) own |= TAR_BIT(t->deck[15 * v + i]);   /* the dealer's 16th and 17th: p[60], p[61] */
    tar_mask ok = t->played | t->declared | own;
    if (t->ended) return TAR_ALL;
    if (v != 3) ok &= ~(t->discards & ~t->played);   /* O38, O41: the discards stay private */
    return ok;
}

/* The first card in any string of `node` outside `ok`, or -1. */
static int leak_in(const cJSON *node, tar_mask ok)
{
    for (const cJSON *c = node->child; c; c = c->next) {
        int found = leak_in(c, ok);
        if (found >= 0) return found;
    }
    if (!cJSON_IsString(node)) return -1;
    tar_mask seen = cards_after(node->valuestring, 0);
    return seen & ~ok ? __builtin_ctzll(seen & ~ok) : -1;
}

/* Plays random deals and checks every view at every step: the first leak
 * found as "deal D player P card C", or "" when none. */
static void check_views(int deals, uint64_t seed, char *leak, size_t cap)
{
    uint64_t choice = seed;
    leak[0] = '\0';
    for (int deal = 0; deal < deals && !leak[0]; deal++) {
        static const char *const monte[] = { "monte=true", "discard_rule=any", NULL };
        struct tar_match m;
        struct tracker t;
        int with_monte = deal % 2;
        struct game_setup setup = { 4, seed * 1000 + (uint64_t)deal, 0, with_monte ? monte : NULL, 1 };
        char err[128];
        cr_assert_eq(tarocchini_game.create(&m, &setup, err, sizeof err), 0);
        track_start(&t, &m, with_monte);
        for (;;) {
            for (int p = 0; p < 4 && !leak[0]; p++) {
                cJSON *v = tk_view(&m, p);
                int c = leak_in(v, allowed(&t, p));
                if (c >= 0) {
                    char *txt = cJSON_PrintUnformatted(v);
                    snprintf(leak, cap, "deal %d player %d card %s: %.900s", deal, p, tar_card_name(c), txt);
                    cJSON_free(txt);
                }
                cJSON_Delete(v);
            }
            if (leak[0] || tarocchini_game.to_act(&m) < 0) break;
            struct pq_rng rng;
            char text[GAME_ACTION_MAX];
            pq_rng_seed(&rng, choice++);
            int n = tarocchini_game.legal_count(&m);
            tarocchini_game.legal_text(&m, (int)pq_rng_below(&rng, (uint32_t)n), text, sizeof text);
            cr_assert_neq(tk_do(&m, text, err, sizeof err), GAME_ILLEGAL, "%s", err);
            track(&t, text);
            t.ended = tarocchini_game.to_act(&m) < 0 && !m.results[0].monte;
        }
    }
}

Test(tarocchini_view, o37_o41_no_view_shows_a_card_its_seat_may_not_know, .timeout = 60)
{
    char leak[1200];
    check_views(SUPPORT_CASES(300), 1, leak, sizeof leak);
    cr_expect_str_empty(leak, "%s", leak);
}

Test(tarocchini_view, the_leak_checker_catches_an_injected_leak)
{
    char leak[1200];
    tar_test_leak = 1;
    check_views(5, 2, leak, sizeof leak);
    tar_test_leak = 0;
    cr_expect_str_not_empty(leak);
}

Test(tarocchini_view, o37_in_the_monte_round_a_seat_sees_its_first_five_cards_only)
{
    static const char *const rules[] = { "monte=true", NULL };
    struct tar_match m;
    tk_start(&m, rules, tk_e2_deck);
    cJSON *v = tk_view(&m, 1);
    char *hand = cJSON_PrintUnformatted(cJSON_GetObjectItem(v, "hand"));
    cr_expect_str_eq(hand, "[\"T5\",\"M1\",\"M2\",\"KS\",\"KB\"]");
    cr_expect_str_eq(cJSON_GetObjectItem(v, "phase")->valuestring, "monte");
    cJSON_free(hand);
    cJSON_Delete(v);
    char err[64];
    tk_do(&m, "pass", err, sizeof err);
    v = tk_view(&m, 1);
    cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(v, "hand")), 15);
    cJSON_Delete(v);
    v = tk_view(&m, 3);
    cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(v, "hand")), 17);   /* the dealer before his discard */
    cJSON_Delete(v);
}

Test(tarocchini_view, o38_o39_the_discards_are_the_dealers_alone_that_he_discarded_is_public)
{
    struct tar_match m;
    tk_start(&m, NULL, tk_e2_deck);
    tk_play(&m, tk_e2_actions, 1);
    cJSON *dealer = tk_view(&m, 3), *other = tk_view(&m, 0);
    char *a = cJSON_PrintUnformatted(cJSON_GetObjectItem(dealer, "history"));
    char *b = cJSON_PrintUnformatted(cJSON_GetObjectItem(other, "history"));
    cr_expect_str_eq(a, "[{\"seat\":3,\"action\":\"discard 6S 6B\"}]");
    cr_expect_str_eq(b, "[{\"seat\":3,\"action\":\"discard\"}]");
    cr_expect_not_null(cJSON_GetObjectItem(dealer, "discards"));
    cr_expect_null(cJSON_GetObjectItem(other, "discards"));
    cJSON_free(a);
    cJSON_free(b);
    cJSON_Delete(dealer);
    cJSON_Delete(other);
}

Test(tarocchini_view, o39_signals_plays_and_trick_winners_are_public)
{
    struct tar_match m;
    tk_start(&m, NULL, tk_e2_deck);
    tk_play(&m, tk_e2_actions, 16);
    cJSON *v = tk_view(&m, 2);
    char *h = cJSON_PrintUnformatted(cJSON_GetObjectItem(v, "history"));
    cr_expect(strstr(h, "{\"seat\":0,\"action\":\"play AN busso\"},{\"seat\":1,\"action\":\"play T5\"},"
                        "{\"seat\":2,\"action\":\"play M3\"},{\"seat\":3,\"action\":\"play MA\"},"
                        "{\"seat\":0,\"action\":\"wins\"},{\"seat\":0,\"action\":\"play WO striscio\"}"), "%s", h);
    char *trick = cJSON_PrintUnformatted(cJSON_GetObjectItem(v, "trick"));
    cr_expect_str_eq(trick, "{\"leader\":0,\"cards\":[\"WO\"]}");
    char *declared = cJSON_PrintUnformatted(cJSON_GetObjectItem(v, "declared"));
    cr_expect_str_eq(declared, "[114,176]");   /* O39: scores as they are made: 70 + 44, 176 */
    cJSON_free(h);
    cJSON_free(trick);
    cJSON_free(declared);
    cJSON_Delete(v);
}

/* ---- sampling ---- */

Test(tarocchini_sample, sampled_states_agree_with_the_view_and_keep_the_revealed_voids)
{
    uint64_t choice = 11;
    for (int deal = 0; deal < 60; deal++) {
        struct tar_match m, s;
        struct game_setup setup = { 4, 300 + (uint64_t)deal, 0, NULL, 1 };
        char err[128];
        cr_assert_eq(tarocchini_game.create(&m, &setup, err, sizeof err), 0);
        while (tarocchini_game.to_act(&m) >= 0) {
            int p = tarocchini_game.to_act(&m);
            cr_assert_eq(tarocchini_game.sample(&s, &m, p, choice), 0);
            const struct tar_deal *a = &m.deal, *b = &s.deal;
            cr_assert_eq(b->hand[p], a->hand[p]);
            tar_mask all_a = a->discards, all_b = b->discards;
            for (int q = 0; q < 4; q++) {
                all_a |= a->hand[q];
                all_b |= b->hand[q];
                cr_assert_eq(tar_count(b->hand[q]), tar_count(a->hand[q]));
                cr_assert_eq(b->hand[q] & a->declared[q] & a->hand[q], a->declared[q] & a->hand[q]);
                for (int suit = 0; suit <= TAR_SUIT_TRUMPS; suit++)
                    if (a->void_of[q] & (1u << suit)) cr_assert_eq(b->hand[q] & tar_suit_cards(suit), 0);
            }
            cr_assert_eq(all_a, all_b);   /* the unplayed cards, redealt */
            if (p == 3) cr_assert_eq(b->discards, a->discards);
            cr_assert_eq(memcmp(b->cards, a->cards, sizeof a->cards), 0);
            /* the sample plays on to the end */
            struct tar_match play = s;
            uint64_t c2 = choice;
            while (tarocchini_game.to_act(&play) >= 0) tk_random_action(&play, &c2);
            choice++;
            tk_random_action(&m, &choice);
        }
    }
}

Test(tarocchini_sample, hidden_cards_are_spread_uniformly_over_the_unseen_hands)
{
    /* The dealer, after everyone passed: 45 hidden cards, 15 per other seat. */
    static const char *const pre[] = { "discard 6S 6B", "pass", "pass", "pass", "pass" };
    struct tar_match m, s;
    tk_start(&m, NULL, tk_e2_deck);
    tk_play(&m, pre, 5);
    enum { N = 3000 };
    static int counts[TAR_CARDS][3];
    memset(counts, 0, sizeof counts);
    tar_mask hidden = m.deal.hand[0] | m.deal.hand[1] | m.deal.hand[2];
    for (int i = 0; i < N; i++) {
        cr_assert_eq(tarocchini_game.sample(&s, &m, 3, 1000 + (uint64_t)i), 0);
        for (int q = 0; q < 3; q++)
            for (tar_mask x = s.deal.hand[q]; x; x &= x - 1) counts[__builtin_ctzll(x)][q]++;
    }
    double chi = 0, expected = N / 3.0;
    for (int c = 0; c < TAR_CARDS; c++) {
        if (!(hidden & TAR_BIT(c))) continue;
        for (int q = 0; q < 3; q++) chi += (counts[c][q] - expected) * (counts[c][q] - expected) / expected;
    }
    /* 45 cards x 3 places, 90 degrees of freedom: 0.001 critical value 137.2 */
    cr_expect_lt(chi, 137.2, "chi-square %.1f", chi);
    cr_expect_gt(chi, 50.0, "chi-square %.1f: too regular to be random", chi);
}

Test(tarocchini_view, o40_at_the_end_the_won_cards_and_the_handover_are_public)
{
    struct tar_match m;
    tk_start(&m, NULL, tk_e3_deck);
    cJSON *v = tk_view(&m, 0);
    cr_expect(cJSON_IsNull(cJSON_GetObjectItem(v, "last_deal")));
    cJSON_Delete(v);
    static const char *const e3[] = {
        "discard 6B 6C", "declare sequence AN WO SU MO T16 T15 T14 T13 T12 T11 T10 T9 T8 T7", "pass", "pass", "pass",
        "pass", "play AN", "play T5", "play M3", "play T6", "play WO", "play M1", "play M4", "play MA",
        "play SU", "play M2", "play BE", "play 9S", "play MO", "play KB", "play JS", "play 7S",
        "play T16", "play KC", "play JB", "play 9B", "play T15", "play KD", "play JC", "play 8B",
        "play T14", "play QS", "play JD", "play 7B", "play T13", "play QB", "play AS", "play 9C",
        "play T12", "play QC", "play AB", "play 8C", "play T11", "play QD", "play AC", "play 7C",
        "play T10", "play NS", "play AD", "play 9D", "play T9", "play NB", "play TB", "play 8D",
        "play T8", "play NC", "play TC", "play 7D", "play T7", "play ND", "play TD", "play 6D",
        "play 6S volo", "play KS", "play TS", "play 8S",
    };
    cr_assert_eq(tk_play(&m, e3, 66), GAME_DEAL_OVER);
    v = tk_view(&m, 2);
    char *last = cJSON_PrintUnformatted(cJSON_GetObjectItem(v, "last_deal"));
    cr_expect(strstr(last, "[\"MA\",\"KS\",\"TS\",\"8S\",\"6B\",\"6C\"]"), "%s", last);   /* team 1, in pack order */
    cr_expect(strstr(last, "\"handover\":\"6S\",\"teams\":[707,17]"), "%s", last);
    cJSON_free(last);
    cJSON_Delete(v);
}

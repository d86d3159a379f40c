/* test_belote_view.c - what a seat may see (RULES-belote.md section 14,
 * B40-B44) and sampling. The leak checker derives, on its own from the
 * pack and the actions it played (never from the engine's state), the
 * cards a seat may know of at each moment, and fails on any other card
 * in a view; a test-only switch in the engine (bel_test_leak) shows it
 * catching an injected leak. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>
#include "engine/rng.h"
#include "tests/support_told.h"
#include "tests/test_belote_support.h"

/* What the test knows of a deal from outside the engine. */
struct tracker {
    int form, n;
    uint8_t deck[32];
    int maker, trump, complete, exchanger, trick_plays;
    pq_mask played, belote_known[4], melds[4], shown[4];
    int played_to_trick2[4];
};

static void track_start(struct tracker *t, const struct bel_match *m)
{
    memset(t, 0, sizeof *t);
    t->form = m->rules.form;
    t->n = m->n;
    memcpy(t->deck, m->deal.deck, 32);     /* the pack, as a record gives it */
    t->maker = t->trump = t->exchanger = -1;
}

/* Updates the tracker with `text`, played by `seat`; `next_legal0` is
 * the first legal action after it (to see whether the deal waits for an
 * exchange decision). */
static void track(struct tracker *t, int seat, const char *text, const char *next_legal0)
{
    int n = t->n, turnup = t->deck[t->form == BEL_MARSEILLAISE ? 31 : n == 4 ? 20 : 6 * n];
    if (!strcmp(text, "take") || !strncmp(text, "name ", 5)) {
        t->maker = seat;
        t->trump = text[0] == 't' ? PQ_SUIT(turnup) : (int)(strchr("SHDC", text[5]) - "SHDC");
        if (n < 4 || strcmp(next_legal0, "exchange")) t->complete = 1;
    } else if (!strcmp(text, "exchange") || !strcmp(text, "keep")) {
        t->complete = 1;
        if (text[0] == 'e') t->exchanger = seat;
    } else if (!strncmp(text, "meld", 4) && t->form != BEL_MARSEILLAISE) {
        for (const char *p = text + 4; *p; p++)
            if (p[0] != ' ' && p[0] != ',' && pq_card_parse(p) >= 0 && (p[-1] == ' ' || p[-1] == ',')) t->melds[seat] |= PQ_BIT(pq_card_parse(p));
    } else if (!strncmp(text, "play ", 5)) {
        int c = pq_card_parse(text + 5);
        t->played |= PQ_BIT(c);
        if (t->trick_plays >= n && t->trick_plays < 2 * n) t->shown[seat] = t->melds[seat];   /* B21 (a superset: scoring or not) */
        t->trick_plays++;
        if (strstr(text, " belote")) t->belote_known[seat] |= PQ_BIT(PQ_CARD(PQ_SUIT(c), PQ_RANK(c) == PQ_RANK_K ? PQ_RANK_Q : PQ_RANK_K));
    }
}

/* The cards seat v may know of now (section 14). */
static pq_mask allowed(const struct tracker *t, int v)
{
    int n = t->n;
    pq_mask ok = t->played;
    if (t->form == BEL_MARSEILLAISE) {
        for (int j = 0; j < 8; j++)
            for (int s = 0; s < 2; s++) {
                int top = t->deck[16 + 8 * s + j], bottom = t->deck[8 * s + j];
                ok |= PQ_BIT(top);
                if (t->played & PQ_BIT(top)) ok |= PQ_BIT(bottom);    /* BM2: turned up */
            }
        return ok;
    }
    int per = n == 4 ? 5 : 6, turnup = t->deck[per * n];
    ok |= PQ_BIT(turnup);
    for (int i = 0; i < per; i++) ok |= PQ_BIT(t->deck[per * v + i]);
    if (t->complete) {
        if (n == 4) {
            int k = 21;
            for (int s = 0; s < 4; s++)
                for (int i = 0; i < (s == t->maker ? 2 : 3); i++, k++)
                    if (s == v) ok |= PQ_BIT(t->deck[k]);
        } else {
            for (int i = 0; i < 3; i++) ok |= PQ_BIT(t->deck[6 * n + 1 + 3 * v + i]);
            ok |= PQ_BIT(t->deck[31]);      /* the bergère */
        }
    }
    if (t->exchanger >= 0) ok |= PQ_BIT(PQ_CARD(t->trump, PQ_RANK_7));
    for (int s = 0; s < n; s++) ok |= t->shown[s] | t->belote_known[s];
    return ok;
}

/* Every card named in any string of the view; the first that is not in
 * `ok`, or -1. */
static int leaked(const cJSON *node, pq_mask ok)
{
    const cJSON *child;
    if (cJSON_IsString(node)) {
        const char *s = node->valuestring;
        for (int i = 0; s[i]; i++) {
            int starts = i == 0 || s[i - 1] == ' ' || s[i - 1] == ',';
            int ends = s[i + 1] && (!s[i + 2] || s[i + 2] == ' ' || s[i + 2] == ',');
            int c = starts && ends ? pq_card_parse(s + i) : -1;
            if (c >= 0 && !(ok & PQ_BIT(c))) return c;
        }
        return -1;
    }
    cJSON_ArrayForEach(child, node) {
        int c = leaked(child, ok);
        if (c >= 0) return c;
    }
    return -1;
}

/* Plays `deals` random deals of a form, checking every seat's view at
 * every decision; returns the number of leaks found. */
static int check_views(const char *game, int players, int deals, uint64_t seed)
{
    static struct bel_match m;
    struct tracker t;
    struct pq_rng rng;
    char text[GAME_ACTION_MAX], next[GAME_ACTION_MAX], err[256];
    int leaks = 0;
    pq_rng_seed(&rng, seed);
    for (int k = 0; k < deals; k++) {
        const struct game *g = bt_start(&m, game, players, NULL, NULL, 0);
        uint8_t deck[32];
        char deck_text[96];
        pq_rng_deck(seed, k + 1, deck);
        pq_deck_format(deck, deck_text);
        g->set_deck(&m, deck_text, err, sizeof err);
        track_start(&t, &m);
        while (g->to_act(&m) >= 0) {
            for (int p = 0; p < players; p++) {
                cJSON *view = bt_view(&m, p);
                int seat = bel_match_player_seat(&m, p), c = leaked(view, allowed(&t, seat));
                if (c >= 0) leaks++;
                cJSON_Delete(view);
            }
            int seat = m.deal.to_act;
            g->legal_text(&m, (int)pq_rng_below(&rng, (uint32_t)g->legal_count(&m)), text, sizeof text);
            cr_assert_neq(bt_do(&m, text, err, sizeof err), GAME_ILLEGAL, "%s: %s", text, err);
            next[0] = '\0';
            if (g->to_act(&m) >= 0) g->legal_text(&m, 0, next, sizeof next);
            track(&t, seat, text, next);
        }
    }
    return leaks;
}

Test(belote_view, b40_b44_no_view_shows_a_card_its_seat_may_not_know_in_any_form, .timeout = 60)
{
    cr_assert_eq(check_views("belote", 2, 150, 11), 0);
    cr_assert_eq(check_views("belote", 3, 150, 12), 0);
    cr_assert_eq(check_views("belote", 4, 150, 13), 0);
    cr_assert_eq(check_views("belote-partnership", 4, 150, 14), 0);
    cr_assert_eq(check_views("belote-marseillaise", 2, 100, 15), 0);
}

Test(belote_view, the_leak_checker_catches_an_injected_leak)
{
    bel_test_leak = 1;
    int leaks = check_views("belote", 4, 3, 21) + check_views("belote-marseillaise", 2, 2, 22);
    bel_test_leak = 0;
    cr_assert_gt(leaks, 0);
}

Test(belote_view, b41_a_keep_is_seen_only_by_its_holder)
{
    static struct bel_match m;
    char err[256];
    /* W1's pack: s1 takes hearts and holds the 7H */
    bt_start(&m, "belote", 2, NULL, "AS KS QS 8D 7D 9C 7H KH QH AD KD 9S JH 8C 7C TD TH 9H 8H JS TS 8S 7S AH QD JD 9D AC KC QC JC TC", 0);
    bt_do(&m, "pass", err, sizeof err);
    bt_do(&m, "take", err, sizeof err);
    cJSON *other = bt_view(&m, 0);
    cr_expect_str_eq(cJSON_GetObjectItem(other, "phase")->valuestring, "waiting");
    cr_expect(cJSON_IsNull(cJSON_GetObjectItem(other, "turn")));
    cJSON_Delete(other);
    cr_assert_eq(bt_do(&m, "keep", err, sizeof err), GAME_GOES_ON, "%s", err);
    cJSON *holder = bt_view(&m, 1), *seat0 = bt_view(&m, 0);
    cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(holder, "history")), 3);
    cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(seat0, "history")), 2);
    cr_expect_str_eq(cJSON_GetObjectItem(holder, "bergere")->valuestring, "TC");
    cJSON_Delete(holder);
    cJSON_Delete(seat0);
}

Test(belote_view, b20_b21_the_dialogue_is_public_and_only_scoring_melds_are_shown_at_trick_2)
{
    static struct bel_match m;
    char err[256];
    cJSON *root = bt_read_json("tests/fixtures/belote/W1.json");
    const cJSON *rec = cJSON_GetObjectItem(root, "record"), *a;
    bt_start(&m, "belote", 2, NULL, cJSON_GetObjectItem(rec, "deck")->valuestring, 0);
    int i = 0;
    cJSON_ArrayForEach(a, cJSON_GetObjectItem(rec, "actions")) {
        if (i++ == 9) break;    /* through T2's lead (s0's KS) and s1's 8H */
        cr_assert_neq(bt_do(&m, a->valuestring, err, sizeof err), GAME_ILLEGAL, "%s", err);
    }
    cJSON *v0 = bt_view(&m, 0);
    cJSON *h = cJSON_GetObjectItem(v0, "history");
    cJSON *meld0 = cJSON_GetArrayItem(h, 3), *meld1 = cJSON_GetArrayItem(h, 5);
    cr_expect_str_eq(cJSON_GetObjectItem(meld0, "action")->valuestring, "meld 9C,8C,7C AS,KS,QS");
    cr_expect_str_eq(cJSON_GetObjectItem(meld0, "say")->valuestring, "tierce");
    cr_expect_str_eq(cJSON_GetObjectItem(meld1, "action")->valuestring, "meld");
    cr_expect_str_eq(cJSON_GetObjectItem(meld1, "say")->valuestring, "cent");
    /* s1 played 8H to trick 2: its cent is shown; s0's annulled tierces never are */
    cJSON *play = cJSON_GetArrayItem(h, 8);
    cr_expect_str_eq(cJSON_GetObjectItem(play, "action")->valuestring, "play 8H");
    cJSON *shows = cJSON_GetObjectItem(play, "shows");
    cr_expect_str_eq(cJSON_GetArrayItem(shows, 0)->valuestring, "KH,QH,JH,TH,9H,8H");
    cJSON *v1 = bt_view(&m, 1);
    char *text = cJSON_PrintUnformatted(v1);
    cr_expect_null(strstr(text, "9C,8C,7C"), "s0's unscored melds stay hidden: %s", text);
    cr_expect_null(strstr(text, "\"9C\""));
    cJSON_free(text);
    cJSON_Delete(v0);
    cJSON_Delete(v1);
    cJSON_Delete(root);
}

/* ---- sampling ---- */

/* Plays a seeded deal of `game` for `steps` actions (random). */
static const struct game *position(struct bel_match *m, const char *game, int players, uint64_t seed, int steps)
{
    const struct game *g = game_find(game);
    struct pq_rng rng;
    char text[GAME_ACTION_MAX], err[256];
    struct game_setup setup = { players, seed, 0, NULL, 0 };
    pq_rng_seed(&rng, seed);
    cr_assert_eq(g->create(m, &setup, err, sizeof err), 0);
    for (int i = 0; i < steps && g->to_act(m) >= 0; i++) {
        if (m->deal.n_hist == 0 && i > 0) break;
        g->legal_text(m, (int)pq_rng_below(&rng, (uint32_t)g->legal_count(m)), text, sizeof text);
        bt_do(m, text, err, sizeof err);
    }
    return g;
}

Test(belote_sample, sampled_states_agree_with_the_view_and_keep_the_revealed_voids)
{
    static const struct { const char *game; int players; } forms[] = {
        { "belote", 2 }, { "belote", 3 }, { "belote", 4 }, { "belote-partnership", 4 }, { "belote-marseillaise", 2 } };
    static struct bel_match m, s;
    for (unsigned f = 0; f < 5; f++)
        for (uint64_t seed = 1; seed <= 30; seed++) {
            const struct game *g = position(&m, forms[f].game, forms[f].players, seed, (int)(seed % 40));
            int p = g->to_act(&m);
            if (p < 0) continue;
            cJSON *want = bt_view(&m, p);
            char *a = cJSON_PrintUnformatted(want);
            for (uint64_t k = 0; k < 5; k++) {
                cr_assert_eq(g->sample(&s, &m, p, k), 0);
                cJSON *got = bt_view(&s, p);
                char *b = cJSON_PrintUnformatted(got);
                cr_expect_str_eq(a, b, "%s seed %lu", forms[f].game, (unsigned long)seed);
                for (int seat = 0; seat < s.deal.n; seat++) {
                    cr_expect_eq(pq_mask_count(s.deal.hand[seat]), pq_mask_count(m.deal.hand[seat]));
                    cr_expect_eq(s.deal.hand[seat] & s.deal.forbid[seat], 0, "a revealed void is kept");
                    cr_expect_eq(s.deal.hand[seat] & m.deal.known[seat], m.deal.known[seat] & m.deal.hand[seat]);
                }
                cr_expect_eq(g->legal_count(&s), g->legal_count(&m));
                cJSON_free(b);
                cJSON_Delete(got);
            }
            cJSON_free(a);
            cJSON_Delete(want);
        }
}

Test(belote_sample, hidden_cards_are_spread_uniformly_over_the_unseen_hands)
{
    static struct bel_match m, s;
    /* four hands, trick 1 not started: s0's view; the maker's turn-up is known */
    const struct game *g = position(&m, "belote", 4, 5, 0);
    char err[256];
    while (m.deal.phase != BEL_PHASE_PLAY) {
        char text[GAME_ACTION_MAX];
        g->legal_text(&m, 0, text, sizeof text);
        bt_do(&m, text, err, sizeof err);
    }
    int p = bel_match_seat_player(&m, 0);
    pq_mask unseen = 0;
    int free_slots[4] = { 0 }, total = 0;
    for (int seat = 1; seat < 4; seat++) {
        unseen |= m.deal.hand[seat] & ~m.deal.known[seat];
        free_slots[seat] = pq_mask_count(m.deal.hand[seat] & ~m.deal.known[seat]);
        total += free_slots[seat];
    }
    static long count[32][4];
    const int samples = 20000;
    for (int k = 0; k < samples; k++) {
        cr_assert_eq(g->sample(&s, &m, p, (uint64_t)k + 1000), 0);
        for (int seat = 1; seat < 4; seat++)
            for (pq_mask h = s.deal.hand[seat] & unseen; h; h &= h - 1) count[pq_mask_first(h)][seat]++;
    }
    double chi = 0;
    int cells = 0;
    for (int c = 0; c < 32; c++) {
        if (!(unseen & PQ_BIT(c))) continue;
        for (int seat = 1; seat < 4; seat++) {
            double expect = (double)samples * free_slots[seat] / total;
            chi += (count[c][seat] - expect) * (count[c][seat] - expect) / expect;
            cells++;
        }
    }
    int cards = pq_mask_count(unseen), df = (cards - 1) * 2;
    cr_assert_eq(cells, cards * 3);
    /* about p = 0.0001 for a chi-square with df degrees of freedom */
    cr_expect_lt(chi, df + 4.0 * sqrt(2.0 * df) + 10, "chi-square %.1f with %d degrees of freedom", chi, df);
}

/* ---- sampling keeps what the dialogue told (B20; tests/support_told.h) ---- */

Test(belote_sample, a_call_the_dialogue_told_is_held_in_every_sample)
{
    /* W1 at two after trick 1: s0 said tierce and lost to s1's cent, so its
     * tierces are never shown; s1's view must still find one in s0's hand */
    static struct bel_match m, s;
    char err[256];
    cJSON *root = bt_read_json("tests/fixtures/belote/W1.json");
    const cJSON *rec = cJSON_GetObjectItem(root, "record"), *a;
    const struct game *g = bt_start(&m, "belote", 2, NULL, cJSON_GetObjectItem(rec, "deck")->valuestring, 0);
    int i = 0;
    cJSON_ArrayForEach(a, cJSON_GetObjectItem(rec, "actions")) {
        if (i++ == 7) break;
        cr_assert_neq(bt_do(&m, a->valuestring, err, sizeof err), GAME_ILLEGAL, "%s", err);
    }
    int p = bel_match_seat_player(&m, 1), detail = 0, checks = 0;
    cJSON *view = bt_view(&m, p);
    for (uint64_t k = 0; k < 200; k++) {
        cr_assert_eq(g->sample(&s, &m, p, k), 0);
        cr_expect_eq(support_told_failures(view, s.deal.hand, 1, &checks, &detail), 0, "sample %lu", (unsigned long)k);
        pq_mask held = s.deal.hand[0] | PQ_BIT(pq_card_parse("AS"));
        cr_expect_eq(held & s.deal.call[0], s.deal.call[0], "s0's call is a meld of its hand");
        cr_expect_eq(bel_meld_value(s.deal.call[0]), 20);
    }
    cr_expect_eq(checks, 200);
    cJSON_Delete(view);
    cJSON_Delete(root);
}

Test(belote_sample, every_form_keeps_the_dialogue_in_its_samples, .timeout = 60)
{
    /* random deals of every form with trick-1 melds, sampled for each
     * player once the melds are made and again some tricks later */
    static const struct { const char *game; int players; } forms[] = {
        { "belote", 2 }, { "belote", 3 }, { "belote", 4 }, { "belote-partnership", 4 } };
    static struct bel_match m, s;
    int checks = 0, detail = 0;
    for (unsigned f = 0; f < 4; f++)
        for (uint64_t seed = 1; seed <= 120; seed++) {
            const struct game *g = position(&m, forms[f].game, forms[f].players, seed, 0);
            struct pq_rng rng;
            char text[GAME_ACTION_MAX], err[256];
            pq_rng_seed(&rng, seed);
            int stop = m.deal.n + (int)(seed % 12);   /* card plays after the melds */
            while (g->to_act(&m) >= 0 && stop > 0) {
                if (m.deal.melded == (1u << m.deal.n) - 1) stop--;
                g->legal_text(&m, (int)pq_rng_below(&rng, (uint32_t)g->legal_count(&m)), text, sizeof text);
                if (bt_do(&m, text, err, sizeof err) != GAME_GOES_ON) break;   /* a void deal */
            }
            if (g->to_act(&m) < 0 || m.deal.melded != (1u << m.deal.n) - 1 || stop > 0) continue;
            for (int p = 0; p < m.n; p++) {
                cJSON *view = bt_view(&m, p);
                for (uint64_t k = 0; k < 4; k++) {
                    cr_assert_eq(g->sample(&s, &m, p, k), 0);
                    int failed = support_told_failures(view, s.deal.hand, bel_match_player_seat(&m, p), &checks, &detail);
                    cr_expect_eq(failed, 0, "%s seed %lu, player %d", forms[f].game, (unsigned long)seed, p);
                }
                cJSON_Delete(view);
            }
        }
    cr_expect_gt(checks, 1000, "%d checks", checks);   /* 2816 when written */
    cr_expect_gt(detail, 100, "%d checks of a whole call", detail);   /* 500 */
}

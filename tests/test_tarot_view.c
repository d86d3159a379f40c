/* test_tarot_view.c - what a seat may see (RULES-tarot.md section 14) and
 * sampling. The leak checker derives on its own, from the pack and the
 * actions it played (never from the engine's state), the cards each seat
 * may know of at each moment and who it may know the partner to be, and
 * fails on any other card named anywhere in a view; a test-only switch in
 * the engine (tarot_test_leak) shows it catching an injected leak.
 * Sampled states must give the seat exactly its view, replay legally from
 * their own pack, and spread the hidden cards uniformly (chi-square). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "engine/rng.h"
#include "tests/test_tarot_support.h"
#include "tests/support_scale.h"

/* What the test knows of a deal from outside the engine. */
struct tracker {
    int n, size, dog_size, taker, contract, called, called_public, discarded, counted;
    uint8_t deck[TAROT_CARDS];
    tarot_mask played, shown, dog, discard;
};

static void track_start(struct tracker *t, const struct tarot_match *m)
{
    memset(t, 0, sizeof *t);
    t->n = m->n;
    t->dog_size = t->n == 5 ? 3 : 6;
    t->size = (TAROT_CARDS - t->dog_size) / t->n;
    memcpy(t->deck, m->deal.deck, TAROT_CARDS);        /* the pack, as a record gives it */
    for (int i = TAROT_CARDS - t->dog_size; i < TAROT_CARDS; i++) t->dog |= TAROT_BIT(t->deck[i]);
    t->taker = -1;
    t->called = -1;
    t->counted = m->rules.trump_discard == TAROT_DISCARD_COUNTED;
}

static tarot_mask block(const struct tracker *t, int seat)
{
    tarot_mask m = 0;
    for (int i = 0; i < t->size; i++) m |= TAROT_BIT(t->deck[t->size * seat + i]);
    return m;
}

static tarot_mask cards_in(const char *text)
{
    tarot_mask m = 0;
    for (const char *p = strchr(text, ' '); p; p = strchr(p + 1, ' ')) m |= TAROT_BIT(tarot_card_parse(p + 1));
    return m;
}

static void track(struct tracker *t, int seat, const char *text)
{
    static const char *const contracts[] = { "", "bid prise", "bid garde", "bid garde_sans", "bid garde_contre" };
    for (int c = 1; c <= 4; c++)
        if (!strcmp(text, contracts[c])) {
            t->taker = seat;
            t->contract = c;
        }
    if (!strncmp(text, "call ", 5)) {
        t->called = tarot_card_parse(text + 5);
        if (t->contract <= 2 && (t->dog & TAROT_BIT(t->called))) t->called_public = 1;
    }
    if (!strncmp(text, "discard ", 8)) {
        t->discard = cards_in(text);
        t->discarded = 1;
    }
    if (!strncmp(text, "poignee ", 8)) t->shown |= cards_in(text);
    if (!strncmp(text, "play ", 5)) {
        int c = tarot_card_parse(text + 5);
        t->played |= TAROT_BIT(c);
        if (c == t->called) t->called_public = 1;
    }
}

/* The cards seat v may know of now (section 14). */
static tarot_mask allowed(const struct tracker *t, int v, int auction_over)
{
    tarot_mask ok = block(t, v) | t->played | t->shown;
    if (t->called >= 0) ok |= TAROT_BIT(t->called);                  /* the call is public */
    if (auction_over && t->contract >= 1 && t->contract <= 2) ok |= t->dog;
    if (v == t->taker) ok |= t->discard;
    else if (!t->counted) ok |= t->discard & TAROT_TRUMP_MASK;
    return ok;
}

/* Whether seat v may know the partner now. */
static int partner_known(const struct tracker *t, int v)
{
    if (t->called < 0 || t->called_public) return 1;
    if (block(t, v) & TAROT_BIT(t->called)) return 1;                 /* the holder, or a self-calling taker */
    return 0;
}

static int leak_in(const cJSON *node, tarot_mask ok, char *what, int cap)
{
    const cJSON *child;
    if (cJSON_IsString(node)) {
        const char *s = node->valuestring;
        for (const char *p = s; *p; p++) {
            if (p != s && p[-1] != ' ') continue;
            if (!p[0] || !p[1] || (p[2] && p[2] != ' ')) continue;
            int c = tarot_card_parse(p);
            if (c >= 0 && !(ok & TAROT_BIT(c))) {
                snprintf(what, (size_t)cap, "%.2s in \"%s\"", p, s);
                return 1;
            }
        }
        return 0;
    }
    cJSON_ArrayForEach(child, node) if (leak_in(child, ok, what, cap)) return 1;
    return 0;
}

/* Plays `deals` random deals, checking every seat's view before every
 * action; the number of views that showed too much. */
static int check_views(int deals, uint64_t seed, char *what, int cap)
{
    static struct tarot_match m;
    static const char *const flags[][3] = { { "trump_discard=shown", "trump_discard=counted", NULL } };
    struct pq_rng rng;
    int leaks = 0;
    pq_rng_seed(&rng, seed);
    for (int k = 0; k < deals; k++) {
        struct tracker t;
        char text[GAME_ACTION_MAX], err[256];
        const char *rules[] = { flags[0][k % 2], "petit_sec=off", NULL };
        struct game_setup setup = { 3 + k % 3, pq_rng_next(&rng), 0, rules, 1 };
        cr_assert_eq(tarot_game.create(&m, &setup, err, sizeof err), 0, "%s", err);
        track_start(&t, &m);
        while (tarot_game.to_act(&m) >= 0) {
            int auction_over = m.deal.phase > TAROT_CALL || (m.deal.phase == TAROT_CALL && 0);
            for (int v = 0; v < m.n; v++) {
                cJSON *view = tt_view(&m, v);
                tarot_mask ok = allowed(&t, v, auction_over && m.deal.phase >= TAROT_DISCARD);
                if (leak_in(view, ok, what, cap)) leaks++;
                const cJSON *p = cJSON_GetObjectItem(view, "partner");
                int alone = cJSON_IsTrue(cJSON_GetObjectItem(view, "alone"));
                if ((!cJSON_IsNull(p) || alone) && !partner_known(&t, v)) {
                    snprintf(what, (size_t)cap, "seat %d is told the partner", v);
                    leaks++;
                }
                cJSON_Delete(view);
            }
            int seat = m.deal.to_act, n = tarot_game.legal_count(&m);
            tarot_game.legal_text(&m, (int)pq_rng_below(&rng, (uint32_t)n), text, sizeof text);
            cr_assert_neq(tarot_game.apply(&m, text, (int)strlen(text), err, sizeof err), GAME_ILLEGAL, "%s", err);
            track(&t, seat, text);
        }
    }
    return leaks;
}

Test(tarot_view, no_view_shows_a_card_or_a_partner_its_seat_may_not_know)
{
    char what[160] = "";
    int leaks = check_views(SUPPORT_CASES(600), 14, what, sizeof what);
    cr_expect_eq(leaks, 0, "%d leaks, e.g. %s", leaks, what);
}

Test(tarot_view, the_checker_catches_an_injected_leak)
{
    char what[160] = "";
    tarot_test_leak = 1;
    int leaks = check_views(20, 15, what, sizeof what);
    tarot_test_leak = 0;
    cr_expect_gt(leaks, 0, "the injected card went unnoticed");
}

/* ---- sampling ---- */

static char *view_text(const struct tarot_match *m, int player)
{
    cJSON *v = tt_view(m, player);
    char *s = cJSON_PrintUnformatted(v);
    cJSON_Delete(v);
    return s;
}

/* Replays the sampled deal from its own pack with its history: every
 * action must be legal there (the sample keeps the voids play showed). */
static void replay_sample(const struct tarot_match *s)
{
    static struct tarot_match r;
    char deck[TAROT_DECK_TEXT], err[256];
    const struct tarot_deal *d = &s->deal;
    const char *rules[8];
    static char texts[8][48];
    int n = 0;
    for (int k = 0; k < tarot_n_flags; k++) {
        const struct game_flag *f = &tarot_flags[k];
        int v = k == 0 ? 0 : k == 1 ? d->rules.petit_sec : k == 2 ? d->rules.trump_discard : k == 3 ? d->rules.poignee_level
                : k == 4 ? d->rules.half_point : k == 5 ? d->rules.called_suit_lead : d->rules.excuse_last;
        if (k == 0) continue;
        snprintf(texts[n], sizeof texts[n], "%s=%s", f->name, f->values[v]);
        rules[n] = texts[n];
        n++;
    }
    rules[n] = NULL;
    tarot_deck_format(d->deck, deck, sizeof deck);
    tt_start(&r, d->n, rules, deck);
    int poignees = 0;
    for (int i = 0; i < d->n_hist; i++) {
        struct tarot_action a = { d->hist[i].kind, d->hist[i].arg, 0 };
        char text[GAME_ACTION_MAX];
        if (a.kind == TAROT_ACT_DISCARD) a.cards = d->discard;
        if (a.kind == TAROT_ACT_POIGNEE) a.cards = d->poignee[d->poignee_order[poignees++]];
        tarot_action_format(&a, text, sizeof text);
        cr_assert_neq(tarot_game.apply(&r, text, (int)strlen(text), err, sizeof err), GAME_ILLEGAL,
                      "sampled deal, action %d (%s): %s", i, text, err);
    }
    for (int s2 = 0; s2 < d->n; s2++) cr_assert(r.deal.hand[s2] == d->hand[s2], "seat %d's hand", s2);
}

Test(tarot_view, sampled_states_show_the_seat_exactly_its_view_and_replay_legally)
{
    static struct tarot_match m, s;
    struct pq_rng rng;
    int checked = 0, moved = 0;
    pq_rng_seed(&rng, 71);
    for (int k = 0; k < 300; k++) {
        char text[GAME_ACTION_MAX], err[256];
        const char *rules[] = { k % 2 ? "trump_discard=counted" : "trump_discard=shown", NULL };
        struct game_setup setup = { 3 + k % 3, pq_rng_next(&rng), 0, rules, 1 };
        cr_assert_eq(tarot_game.create(&m, &setup, err, sizeof err), 0);
        int stop = (int)pq_rng_below(&rng, 80);
        for (int i = 0; i < stop && m.deal.phase != TAROT_OVER; i++) {
            int n = tarot_game.legal_count(&m);
            tarot_game.legal_text(&m, (int)pq_rng_below(&rng, (uint32_t)n), text, sizeof text);
            cr_assert_neq(tarot_game.apply(&m, text, (int)strlen(text), err, sizeof err), GAME_ILLEGAL);
        }
        if (m.deal.phase == TAROT_OVER) continue;
        int v = (int)pq_rng_below(&rng, (uint32_t)m.n);
        cr_assert_eq(tarot_game.sample(&s, &m, v, pq_rng_next(&rng)), 0);
        char *a = view_text(&m, v), *b = view_text(&s, v);
        cr_assert_str_eq(a, b, "deal %d seat %d:\n%s\n%s", k, v, a, b);
        cJSON_free(a);
        cJSON_free(b);
        replay_sample(&s);
        moved += memcmp(s.deal.hand, m.deal.hand, sizeof m.deal.hand) != 0;
        checked++;
    }
    cr_expect_gt(checked, 150);
    cr_expect_gt(moved, checked * 3 / 4, "the hidden cards moved in %d of %d samples", moved, checked);
}

Test(tarot_view, f25_under_poignee_level_highest_a_sample_keeps_each_poignee_the_highest)
{
    /* a seat that showed a poignée could show no higher one: in every
     * sample its hand then (now and its plays since) holds fewer trumps
     * than the next level asks, and the sampled deal replays legally */
    static struct tarot_match m, s;
    struct pq_rng rng;
    const char *rules[] = { "poignee_level=highest", NULL };
    int checked = 0;
    pq_rng_seed(&rng, 25);
    for (int k = 0; k < 4000; k++) {
        char text[GAME_ACTION_MAX], err[256];
        struct game_setup setup = { 3 + k % 3, pq_rng_next(&rng), 0, rules, 1 };
        cr_assert_eq(tarot_game.create(&m, &setup, err, sizeof err), 0);
        int stop = 2 * m.n + (int)pq_rng_below(&rng, 20), shown = 0;
        while (m.deal.phase != TAROT_OVER && (m.deal.trick_no < 1 || stop-- > 0)) {
            int n = tarot_game.legal_count(&m);
            tarot_game.legal_text(&m, (int)pq_rng_below(&rng, (uint32_t)n), text, sizeof text);
            cr_assert_neq(tarot_game.apply(&m, text, (int)strlen(text), err, sizeof err), GAME_ILLEGAL);
        }
        for (int seat = 0; seat < m.n; seat++) shown += m.deal.poignee_level[seat] > 0;
        if (m.deal.phase == TAROT_OVER || !shown) continue;
        for (int v = 0; v < m.n; v++) {
            cr_assert_eq(tarot_game.sample(&s, &m, v, pq_rng_next(&rng)), 0);
            replay_sample(&s);
            for (int seat = 0; seat < m.n; seat++) {
                int level = m.deal.poignee_level[seat];
                if (!level || seat == tarot_match_player_seat(&m, v) || level == 3) continue;
                tarot_mask then = s.deal.hand[seat];
                int plays = s.deal.trick_no * s.deal.n + s.deal.in_trick;
                for (int i = 0; i < plays; i++)
                    if (s.deal.play_seat[i] == seat) then |= TAROT_BIT(s.deal.plays[i]);
                int trumps = tarot_count(then & TAROT_TRUMP_MASK), excuse = (then & TAROT_BIT(TAROT_EXCUSE)) != 0;
                int next = tarot_poignee_threshold(m.n, level + 1);
                cr_expect(trumps < next && !(excuse && trumps == next - 1), "deal %d: seat %d showed level %d with %d trumps%s", k,
                          seat, level, trumps, excuse ? " and the Excuse" : "");
                checked++;
            }
        }
    }
    cr_expect_gt(checked, 120, "%d poignées checked", checked);   /* 239 when written */
}

Test(tarot_view, sampling_spreads_the_hidden_cards_uniformly)
{
    static struct tarot_match m, s;
    char deck[TAROT_DECK_TEXT];
    const char *hands[] = { "", "", "", "" };
    /* four players, garde sans: seat 0 sees 18 cards, the other 60 lie in
     * three hands of 18 and a dog of 6 that nobody has seen */
    tt_deck(4, hands, "", deck);
    tt_start(&m, 4, (const char *const[]){ "petit_sec=off", NULL }, deck);
    tt_play(&m, (const char *const[]){ "bid garde_sans", "pass", "pass", "pass", "pass", NULL });
    enum { N = 4000 };
    static int where[TAROT_CARDS][4];
    memset(where, 0, sizeof where);
    for (int k = 0; k < N; k++) {
        cr_assert_eq(tarot_game.sample(&s, &m, 0, 1000 + (uint64_t)k), 0);
        for (int c = 0; c < TAROT_CARDS; c++) {
            if (m.deal.hand[0] & TAROT_BIT(c)) continue;
            int h = s.deal.dog & TAROT_BIT(c) ? 3 : -1;
            for (int p = 1; p < 4; p++)
                if (s.deal.hand[p] & TAROT_BIT(c)) h = p - 1;
            cr_assert_geq(h, 0, "card %d lost", c);
            where[c][h]++;
        }
    }
    double chi = 0, expect[4] = { N * 18.0 / 60, N * 18.0 / 60, N * 18.0 / 60, N * 6.0 / 60 };
    int cells = 0;
    for (int c = 0; c < TAROT_CARDS; c++) {
        if (m.deal.hand[0] & TAROT_BIT(c)) continue;
        for (int h = 0; h < 4; h++) {
            chi += (where[c][h] - expect[h]) * (where[c][h] - expect[h]) / expect[h];
            cells++;
        }
    }
    /* 60 cards x (4 - 1) degrees of freedom = 180: the 0.999 quantile is
     * about 180 + 3.1 * sqrt(360) = 239 */
    int df = 60 * 3;
    cr_expect_eq(cells, 240);
    cr_expect_lt(chi, df + 3.1 * sqrt(2.0 * df), "chi-square %.1f over %d degrees of freedom", chi, df);
    cr_expect_gt(chi, df - 3.1 * sqrt(2.0 * df), "chi-square %.1f: too regular to be random", chi);
    cr_log_info("chi-square %.1f, %d degrees of freedom", chi, df);
}

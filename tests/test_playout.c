/* test_playout.c - the games' rules of thumb for a search's playouts
 * (game.h playout: engine/belote/belote_playout.c,
 * engine/tarot/tarot_playout.c): over whole seeded matches they name only
 * legal actions, a card play in every card play and nothing elsewhere, the
 * same for the same state and seed; on constructed tricks they follow
 * their own rules (the cheapest card when the trick is lost, the cheapest
 * safe winner, points to a partner's safe trick, the Excuse and the Petit
 * kept); and the search with them (search.h thumb) is still a search that
 * repeats for a seed.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bots/search.h"
#include "engine/belote/belote.h"
#include "engine/rng.h"
#include "engine/tarocchini/tarocchini.h"
#include "engine/tarot/tarot.h"
#include "tests/support_play.h"
#include "tests/support_rules.h"
#include "tests/test_tarocchini_support.h"
#include "tests/test_tarot_support.h"

/* Plays whole matches where every action is the rules of thumb's (uniform
 * random where they have no opinion, and one action in five at random so
 * that the positions vary), checking each answer. */
Test(playout, the_rules_of_thumb_name_legal_card_plays_only_and_repeat_for_a_seed, .timeout = 120)
{
    static const char *const names[] = { "belote", "belote-marseillaise", "belote-partnership", "tarot", "tarocchini" };
    char text[GAME_ACTION_MAX], err[160];
    for (int k = 0; k < 5; k++) {
        const struct game *g = game_find(names[k]);
        cr_assert(g && g->playout, "%s has no rules of thumb", names[k]);
        void *state = malloc(g->state_size);
        cr_assert(state);
        for (int players = g->min_players; players <= g->max_players; players++) {
            long plays = 0, asked = 0;
            for (uint64_t seed = 1; seed <= 3; seed++) {
                struct game_setup setup = { players, seed, 0, NULL, 0 };
                struct pq_rng rng;
                cr_assert_eq(g->create(state, &setup, err, sizeof err), 0, "%s", err);
                pq_rng_seed(&rng, seed * 101);
                for (int ply = 0; ply < 20000; ply++) {
                    if (g->settle && g->settle(state) == GAME_DEAL_OVER) continue;
                    if (g->to_act(state) < 0) break;
                    int n = g->legal_count(state);
                    cr_assert_gt(n, 0);
                    g->legal_text(state, 0, text, sizeof text);
                    int card_play = !strncmp(text, "play ", 5);
                    uint64_t s = pq_rng_next(&rng);
                    int i = g->playout(state, s);
                    asked++;
                    cr_assert_eq(i, g->playout(state, s), "%s: two answers for one state and seed", g->name);
                    if (card_play) {
                        cr_assert(i >= 0 && i < n, "%s at %d: %d of %d legal actions in a card play", g->name,
                                  players, i, n);
                        g->legal_text(state, i, text, sizeof text);
                        cr_assert(!strncmp(text, "play ", 5), "%s: '%s' is not a card play", g->name, text);
                        plays++;
                    } else {
                        cr_assert_eq(i, -1, "%s: an opinion (%d) on '%s'", g->name, i, text);
                    }
                    if (i < 0 || pq_rng_below(&rng, 5) == 0) i = (int)pq_rng_below(&rng, (uint32_t)n);
                    int len = g->legal_text(state, i, text, sizeof text);
                    cr_assert_neq(g->apply(state, text, len, err, sizeof err), GAME_ILLEGAL, "%s: '%s': %s",
                                  g->name, text, err);
                }
                cr_assert_lt(g->to_act(state), 0, "%s at %d: the match did not end", g->name, players);
            }
            cr_assert_gt(plays, 100, "%s at %d: %ld card plays in %ld decisions", g->name, players, plays, asked);
        }
        free(state);
    }
}

/* ---- Belote: constructed tricks ---- */

/* A new match of g at `players`, played at random from `seed` until
 * `reached` says its state is the one wanted. */
static void *random_play_until(const struct game *g, int players, uint64_t seed, int (*reached)(const void *state, int arg))
{
    struct game_setup setup = { players, seed, 0, NULL, 0 };
    void *m = support_play_until(g, &setup, seed, reached, 0);
    cr_assert(m, "%s: the state looked for was not reached", g->name);
    return m;
}

/* A Belote card play at trick 2 or later, a trick not yet led. */
static int belote_trick_to_lead(const void *state, int arg)
{
    (void)arg;
    const struct bel_deal *d = &((const struct bel_match *)state)->deal;
    return d->phase == BEL_PHASE_PLAY && d->trick >= 1 && d->n_played == 0;
}

static struct bel_match *belote_at_play(const struct game *g, int players, uint64_t seed)
{
    return random_play_until(g, players, seed, belote_trick_to_lead);
}

/* Sets the trick: `leader` led, the cards played so far in order (space
 * separated, "" for none), the hands by seat, hearts trumps; the winning
 * position computed. */
static void belote_trick(struct bel_match *m, int leader, const char *played, const char *const *hands)
{
    struct bel_deal *d = &m->deal;
    d->trump = PQ_SUIT(pq_card_parse("7H"));
    d->leader = (uint8_t)leader;
    d->n_played = 0;
    d->win_pos = 0;
    for (const char *p = played; *p; p += p[2] ? 3 : 2) {
        int c = pq_card_parse(p);
        d->played[d->n_played] = (uint8_t)c;
        if (d->n_played > 0 && bel_beats(c, d->played[d->win_pos], d->trump)) d->win_pos = d->n_played;
        d->n_played++;
    }
    for (int s = 0; s < d->n; s++) d->hand[s] = sr_cards(hands[s]);
    memset(d->belote, 0, sizeof d->belote);
    d->to_act = (int8_t)((leader + d->n_played) % d->n);
}

/* The text of the rules of thumb's play in m. */
static const char *thumb_text(const struct game *g, const void *m, char *text)
{
    int i = g->playout(m, 7);
    cr_assert_geq(i, 0);
    cr_assert_gt(g->legal_text(m, i, text, GAME_ACTION_MAX), 0);
    return text;
}

Test(playout, belote_follows_its_rules_on_constructed_tricks)
{
    const struct game *g = &belote_partnership_game;
    struct bel_match *m = belote_at_play(g, 4, 3);
    char text[GAME_ACTION_MAX];
    /* seat 3 last: an opponent's AS holds, seat 3 must follow: the 7, not the Ten */
    belote_trick(m, 0, "AS 8S 9S", (const char *const[]){ "KD", "QD", "JD", "TS 7S" });
    cr_assert_str_eq(thumb_text(g, m, text), "play 7S");
    /* last, KS of an opponent holds: the cheapest winner, the Ten (10) before the Ace (11) */
    belote_trick(m, 0, "KS 8S 9S", (const char *const[]){ "KD", "QD", "JD", "AS TS 7S" });
    cr_assert_str_eq(thumb_text(g, m, text), "play TS");
    /* last, the partner's (seat 1) AS holds: the most points, the King */
    belote_trick(m, 0, "8S AS 9S", (const char *const[]){ "KD", "QD", "JD", "KS 7S 8D" });
    cr_assert_str_eq(thumb_text(g, m, text), "play KS");
    /* third, the partner's KS holds but the last seat (an opponent) has the Ace: the cheapest */
    belote_trick(m, 0, "KS 7S", (const char *const[]){ "KD", "QD", "QS 8S", "AS 9D" });
    cr_assert_str_eq(thumb_text(g, m, text), "play 8S");
    /* the same with the last seat holding no spade and no trump: safe, the Queen */
    belote_trick(m, 0, "KS 7S", (const char *const[]){ "KD", "QD", "QS 8S", "AD 9D" });
    cr_assert_str_eq(thumb_text(g, m, text), "play QS");
    /* leading the master AS (every other seat must follow spades under it) */
    belote_trick(m, 0, "", (const char *const[]){ "AS 7D", "7S", "8S", "9S" });
    cr_assert_str_eq(thumb_text(g, m, text), "play AS");
    /* last, must overtrump 7H with KH or QH: the cheapest, the Queen, saying belote */
    belote_trick(m, 0, "7S 8S 7H", (const char *const[]){ "KD", "QD", "JD", "KH QH" });
    cr_assert_str_eq(thumb_text(g, m, text), "play QH belote");
    free(m);
}

/* ---- Tarot: constructed tricks ---- */

/* A Tarot card play at trick 2 or later, a trick not yet led. */
static int tarot_trick_to_lead(const void *state, int arg)
{
    (void)arg;
    const struct tarot_deal *d = &((const struct tarot_match *)state)->deal;
    return d->phase == TAROT_PLAY && d->trick_no >= 1 && d->in_trick == 0;
}

static struct tarot_match *tarot_at_play(uint64_t seed)
{
    return random_play_until(&tarot_game, 4, seed, tarot_trick_to_lead);
}

/* Seat 0 takes; `leader` led the cards `played`; the hands by seat. */
static void tarot_trick(struct tarot_match *m, int leader, const char *played, const char *const *hands)
{
    struct tarot_deal *d = &m->deal;
    d->taker = 0;
    d->partner = -1;
    d->leader[d->trick_no] = (uint8_t)leader;
    d->in_trick = 0;
    d->lead = d->best = d->top = d->top_seat = -1;
    for (const char *p = played; *p; p += p[2] ? 3 : 2) {
        int c = tarot_card_parse(p), seat = (leader + d->in_trick) % d->n;
        d->plays[d->trick_no * d->n + d->in_trick] = (uint8_t)c;
        d->play_seat[d->trick_no * d->n + d->in_trick] = (uint8_t)seat;
        d->in_trick++;
        if (c == TAROT_EXCUSE) continue;
        if (d->lead < 0) d->lead = (int8_t)c;
        if (TAROT_IS_TRUMP(c) && c > d->best) d->best = (int8_t)c;
        int wins = d->top < 0 || (TAROT_IS_TRUMP(c) ? !TAROT_IS_TRUMP(d->top) || c > d->top
                                                    : !TAROT_IS_TRUMP(d->top) && TAROT_SUIT(c) == TAROT_SUIT(d->top) && c > d->top);
        if (wins) {
            d->top = (int8_t)c;
            d->top_seat = (int8_t)seat;
        }
    }
    for (int s = 0; s < d->n; s++) d->hand[s] = tt_cards(hands[s]);
    d->to_act = (int8_t)((leader + d->in_trick) % d->n);
    tarot_deal_refresh(d);
}

Test(playout, tarot_follows_its_rules_on_constructed_tricks)
{
    const struct game *g = &tarot_game;
    struct tarot_match *m = tarot_at_play(11);
    char text[GAME_ACTION_MAX];
    /* defender 3 last, the taker's KS holds: the smallest spade */
    tarot_trick(m, 0, "KS 3S 4S", (const char *const[]){ "5H", "6H", "7H", "QS 2S EX 9H" });
    cr_assert_str_eq(thumb_text(g, m, text), "play 2S");
    /* defender 3 last, defender 2's trump holds over the taker: the King onto it */
    tarot_trick(m, 0, "5S 3S 02", (const char *const[]){ "5H", "6H", "7H", "KS 2S EX 9H" });
    cr_assert_str_eq(thumb_text(g, m, text), "play KS");
    /* defender 1, void in spades, must trump the taker's KS; the seats after
       him are defenders: both trumps win safely, the cheapest is the 05, not the Petit */
    tarot_trick(m, 0, "KS", (const char *const[]){ "5H", "01 05 9H", "2S", "3S" });
    cr_assert_str_eq(thumb_text(g, m, text), "play 05");
    /* the Excuse is kept while other cards may be played */
    tarot_trick(m, 1, "", (const char *const[]){ "5H 6H 7H", "EX 2C 3C 4C", "2S 3S 4S", "8H 9H TH" });
    cr_assert_str_neq(thumb_text(g, m, text), "play EX");
    /* and played with the last two cards */
    tarot_trick(m, 1, "", (const char *const[]){ "5H 6H", "EX 2C", "2S 3S", "8H 9H" });
    cr_assert_str_eq(thumb_text(g, m, text), "play EX");
    free(m);
}

/* The search with the rules of thumb: a decision repeats for a state, seed
 * and budget, and differs from the random playouts' search somewhere (the
 * option is used). */
Test(playout, the_search_with_rules_of_thumb_repeats_and_is_not_the_random_search, .timeout = 120)
{
    const struct game *g = &belote_game;
    struct search_options thumb, random;
    search_options_default(&thumb);
    search_options_default(&random);
    cr_assert_eq(thumb.thumb, 1);
    random.thumb = 0;
    thumb.worlds = random.worlds = 24;
    int differ = 0;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        struct bel_match *m = belote_at_play(g, 4, seed);
        int p = g->to_act(m);
        struct search_stats a, b, r;
        int first = search_choose(&thumb, g, m, p, seed, 0, &a);
        cr_assert_eq(search_choose(&thumb, g, m, p, seed, 0, &b), first);
        cr_assert_float_eq(a.best_value, b.best_value, 0);
        search_choose(&random, g, m, p, seed, 0, &r);
        differ += a.best_value != r.best_value;
        free(m);
    }
    cr_assert_gt(differ, 0, "the rules of thumb changed no value");
}

/* Tarocchini's rules of thumb find their card's index without the list:
 * tar_deal_play_index is the index of "play C" (no signal) for every card
 * the seat may play, in leads with signals and in follows, over seeded
 * random deals; -1 for a card it may not play. */
Test(playout, tarocchini_s_play_index_is_the_listed_plain_play)
{
    const struct game *g = game_find("tarocchini");
    char text[GAME_ACTION_MAX], err[160];
    struct tar_match *m = malloc(g->state_size);
    struct pq_rng rng;
    long checked = 0, leads = 0;
    cr_assert(m);
    for (uint64_t seed = 1; seed <= 3; seed++) {
        struct game_setup setup = { 4, seed, 0, NULL, 0 };
        cr_assert_eq(g->create(m, &setup, err, sizeof err), 0, "%s", err);
        pq_rng_seed(&rng, seed);
        for (int ply = 0; ply < 3000 && g->to_act(m) >= 0; ply++) {
            const struct tar_deal *d = &m->deal;
            if (d->phase == TAR_PHASE_PLAY) {
                for (int c = 0; c < TAR_CARDS; c++) {
                    int len = snprintf(text, sizeof text, "play %s", tar_card_name(c));
                    int listed = tar_deal_find_legal(d, text, len);
                    cr_assert_eq(tar_deal_play_index(d, c), listed, "'%s': %d, listed at %d", text,
                                 tar_deal_play_index(d, c), listed);
                    checked += listed >= 0;
                }
                leads += d->n_played == 0;
            }
            int n = g->legal_count(m);
            int len = g->legal_text(m, (int)pq_rng_below(&rng, (uint32_t)n), text, sizeof text);
            cr_assert_neq(g->apply(m, text, len, err, sizeof err), GAME_ILLEGAL, "%s", err);
        }
    }
    cr_assert_gt(checked, 500);
    cr_assert_gt(leads, 50);
    free(m);
}

/* ---- Tarocchini: constructed tricks ---- */

/* A Tarocchini card play at trick 2 or later, a trick not yet led. */
static int tarocchini_trick_to_lead(const void *state, int arg)
{
    (void)arg;
    const struct tar_deal *d = &((const struct tar_match *)state)->deal;
    return d->phase == TAR_PHASE_PLAY && d->trick >= 1 && d->n_played == 0;
}

/* Sets the trick: `leader` led the cards `played` (in order), the hands
 * by seat; the winning card and the legal actions kept as the engine
 * keeps them. */
static void tarocchini_trick(struct tar_match *m, int leader, const char *played, const char *const *hands)
{
    struct tar_deal *d = &m->deal;
    d->leader = (uint8_t)leader;
    d->n_played = 0;
    for (const char *p = played; *p;) {
        int len = 0;
        while (p[len] && p[len] != ' ') len++;
        d->cards[d->trick][d->n_played++] = (uint8_t)tar_card_parse(p, len);
        p += len;
        while (*p == ' ') p++;
    }
    d->trick_suit = (uint8_t)tar_trick_suit(d->cards[d->trick], d->n_played);
    int winner = tar_trick_winner(&d->rules, d->cards[d->trick], d->n_played, leader);
    d->best_at = (int8_t)(winner < 0 ? -1 : (winner - leader + TAR_SEATS) % TAR_SEATS);
    for (int s = 0; s < TAR_SEATS; s++) d->hand[s] = tk_cards(hands[s]);
    d->to_act = (int8_t)((leader + d->n_played) % TAR_SEATS);
    tar_deal_refresh(d);
}

Test(playout, tarocchini_follows_its_rules_on_constructed_tricks)
{
    const struct game *g = &tarocchini_game;
    struct tar_match *m = random_play_until(g, 4, 5, tarocchini_trick_to_lead);
    char text[GAME_ACTION_MAX];
    /* seat 3 last, its partner's King of swords holds: the card worth most */
    tarocchini_trick(m, 0, "7S KS 8S", (const char *const[]){ "6B", "6C", "7C", "QS 6S 9B" });
    cr_assert_str_eq(thumb_text(g, m, text), "play QS");
    /* seat 3 last, an opponent's King holds: the cheapest */
    tarocchini_trick(m, 0, "KS 7S 8S", (const char *const[]){ "6B", "6C", "7C", "QS 6S" });
    cr_assert_str_eq(thumb_text(g, m, text), "play 6S");
    /* the same trick lost with a Queen and the Matto: the Matto, which comes back */
    tarocchini_trick(m, 0, "KS 7S 8S", (const char *const[]){ "6B", "6C", "7C", "QS MA" });
    cr_assert_str_eq(thumb_text(g, m, text), "play MA");
    /* lost with a blank: the blank, the Matto kept */
    tarocchini_trick(m, 0, "KS 7S 8S", (const char *const[]){ "6B", "6C", "7C", "6S MA" });
    cr_assert_str_eq(thumb_text(g, m, text), "play 6S");
    /* seat 1 second: the 8 wins and the opponent after it cannot beat it: the 8, not the King */
    tarocchini_trick(m, 0, "7S", (const char *const[]){ "6B", "KS 8S 9B", "6S AS", "6C" });
    cr_assert_str_eq(thumb_text(g, m, text), "play 8S");
    /* the opponent after holds the 9: only the King wins safely */
    tarocchini_trick(m, 0, "7S", (const char *const[]){ "6B", "KS 8S 9B", "9S 6S", "6C" });
    cr_assert_str_eq(thumb_text(g, m, text), "play KS");
    /* a lead: the King of swords no opponent can beat, worth most */
    tarocchini_trick(m, 0, "", (const char *const[]){ "KS 6B 7B", "6S 8C", "9C", "7S 9D" });
    cr_assert_str_eq(thumb_text(g, m, text), "play KS");
    free(m);
}

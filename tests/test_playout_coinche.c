/* test_playout_coinche.c - Coinche's rules of thumb for a search's
 * playouts (game.h playout: engine/coinche/coinche_playout.c): over whole
 * seeded matches, with and without NT and AT, melds and forced
 * undertrumping, they name only legal actions, a card play in every card
 * play and nothing elsewhere (the auction, the answer to a coinche, the
 * melds), the same for the same state and seed; on constructed tricks
 * they follow their own habits under Coinche's trick rules (the cheapest
 * card when the trick is lost, the cheapest safe winner, points to a
 * partner's safe trick, no trump wasted on it when the partner holds the
 * trick (K24a), the takers drawing trumps, a master cashed, the
 * contract's own point table in AT).
 */
#include <criterion/criterion.h>
#include <string.h>
#include "engine/coinche/coinche.h"
#include "engine/rng.h"
#include "tests/support_rules.h"
#include "tests/test_coinche_support.h"

/* Plays whole matches where every action is the rules of thumb's (uniform
 * random where they have no opinion, and one action in five at random so
 * that the positions vary), checking each answer. */
Test(playout, coinche_names_legal_card_plays_only_and_repeats_for_a_seed, .timeout = 120)
{
    static const char *const forms[][3] = {
        { NULL }, { "nt_at=true", NULL }, { "melds=true", "nt_at=true", NULL }, { "undertrump=forced", NULL },
    };
    const struct game *g = &coinche_game;
    static struct coinche_match m;
    char text[GAME_ACTION_MAX], err[160];
    cr_assert(g->playout, "coinche has no rules of thumb");
    for (int f = 0; f < 4; f++) {
        long plays = 0, others = 0;
        for (uint64_t seed = 1; seed <= 3; seed++) {
            struct game_setup setup = { 4, seed, 0, forms[f][0] ? forms[f] : NULL, 0 };
            struct pq_rng rng;
            cr_assert_eq(g->create(&m, &setup, err, sizeof err), 0, "%s", err);
            pq_rng_seed(&rng, seed * 101 + (uint64_t)f);
            for (int ply = 0; ply < 20000; ply++) {
                if (g->to_act(&m) < 0) break;
                int n = g->legal_count(&m);
                cr_assert_gt(n, 0);
                g->legal_text(&m, 0, text, sizeof text);
                int card_play = !strncmp(text, "play ", 5);
                uint64_t s = pq_rng_next(&rng);
                int i = g->playout(&m, s);
                cr_assert_eq(i, g->playout(&m, s), "form %d: two answers for one state and seed", f);
                if (card_play) {
                    cr_assert(i >= 0 && i < n, "form %d: %d of %d legal actions in a card play", f, i, n);
                    g->legal_text(&m, i, text, sizeof text);
                    cr_assert(!strncmp(text, "play ", 5), "form %d: '%s' is not a card play", f, text);
                    plays++;
                } else {
                    cr_assert_eq(i, -1, "form %d: an opinion (%d) on '%s'", f, i, text);
                    others++;
                }
                /* an auction at random mostly bids capot: pass more often */
                if (!card_play && pq_rng_below(&rng, 4) > 0) i = 0;
                else if (i < 0 || pq_rng_below(&rng, 5) == 0) i = (int)pq_rng_below(&rng, (uint32_t)n);
                int len = g->legal_text(&m, i, text, sizeof text);
                cr_assert_neq(g->apply(&m, text, len, err, sizeof err), GAME_ILLEGAL, "form %d: '%s': %s", f, text, err);
            }
            cr_assert_lt(g->to_act(&m), 0, "form %d: the match did not end", f);
        }
        cr_assert_gt(plays, 500, "form %d: %ld card plays, %ld other decisions", f, plays, others);
        cr_assert_gt(others, 50, "form %d: %ld card plays, %ld other decisions", f, plays, others);
    }
}

/* ---- constructed tricks ---- */

/* A card play at trick 4 of a one-deal match: the contract `den` (a
 * coinche_den) taken by `taker`, `leader` led the cards `played` so far
 * in order (space separated, "" for none), the hands by seat; the winning
 * position computed. */
static void trick(struct coinche_match *m, int den, int taker, int leader, const char *played,
                  const char *const *hands)
{
    static const char *const rules[] = { "nt_at=true", NULL };
    ct_start(m, rules, NULL);
    struct coinche_deal *d = &m->deal;
    d->phase = COINCHE_PHASE_PLAY;
    d->contract.taker = (int8_t)taker;
    d->contract.level = 0;
    d->contract.den = (uint8_t)den;
    d->trick = 3;
    d->leader = (uint8_t)leader;
    d->n_played = 0;
    d->win_pos = 0;
    for (const char *p = played; *p; p += p[2] ? 3 : 2) {
        int c = pq_card_parse(p);
        d->played[d->n_played] = (uint8_t)c;
        if (d->n_played > 0 && coinche_beats(c, d->played[d->win_pos], den)) d->win_pos = d->n_played;
        d->n_played++;
        if (!p[2]) break;
    }
    for (int s = 0; s < 4; s++) d->hand[s] = sr_cards(hands[s]);
    memset(d->belote, 0, sizeof d->belote);
    d->to_act = (int8_t)((leader + d->n_played) & 3);
}

/* The text of the rules of thumb's play in m. */
static const char *thumb_text(const struct coinche_match *m, char *text)
{
    int i = coinche_game.playout(m, 7);
    cr_assert_geq(i, 0);
    cr_assert_gt(coinche_game.legal_text(m, i, text, GAME_ACTION_MAX), 0);
    return text;
}

Test(playout, coinche_follows_its_habits_on_constructed_tricks)
{
    static struct coinche_match m;
    char text[GAME_ACTION_MAX];
    /* hearts trumps, seat 1 takes. Seat 3 last: an opponent's AS holds,
       seat 3 must follow: the 7, not the Ten */
    trick(&m, COINCHE_H, 1, 0, "AS 8S 9S", (const char *const[]){ "KD", "QD", "JD", "TS 7S" });
    cr_assert_str_eq(thumb_text(&m, text), "play 7S");
    /* last, KS of an opponent holds: the cheapest winner, the Ten (10) before the Ace (11) */
    trick(&m, COINCHE_H, 1, 0, "KS 8S 9S", (const char *const[]){ "KD", "QD", "JD", "AS TS 7S" });
    cr_assert_str_eq(thumb_text(&m, text), "play TS");
    /* last, the partner's (seat 1) AS holds: the most points, the King */
    trick(&m, COINCHE_H, 1, 0, "8S AS 9S", (const char *const[]){ "KD", "QD", "JD", "KS 7S 8D" });
    cr_assert_str_eq(thumb_text(&m, text), "play KS");
    /* the same void in spades (K24a, the partner holds the trick: no need to
       trump): the plain Ten of diamonds, not a trump */
    trick(&m, COINCHE_H, 1, 0, "8S AS 9S", (const char *const[]){ "KD", "QD", "JD", "TD 7H JH" });
    cr_assert_str_eq(thumb_text(&m, text), "play TD");
    /* third, the partner's KS holds but the last seat (an opponent) has the Ace: the cheapest */
    trick(&m, COINCHE_H, 1, 0, "KS 7S", (const char *const[]){ "KD", "QD", "QS 8S", "AS 9D" });
    cr_assert_str_eq(thumb_text(&m, text), "play 8S");
    /* the last seat with no spade but a trump (K24b: it must ruff): the cheapest still */
    trick(&m, COINCHE_H, 1, 0, "KS 7S", (const char *const[]){ "KD", "QD", "QS 8S", "7H 9D" });
    cr_assert_str_eq(thumb_text(&m, text), "play 8S");
    /* with no spade and no trump: safe, the Queen */
    trick(&m, COINCHE_H, 1, 0, "KS 7S", (const char *const[]){ "KD", "QD", "QS 8S", "AD 9D" });
    cr_assert_str_eq(thumb_text(&m, text), "play QS");
    /* last, must overtrump 7H with KH or QH: the cheapest, the Queen, saying belote */
    trick(&m, COINCHE_H, 1, 0, "7S 8S 7H", (const char *const[]){ "KD", "QD", "JD", "KH QH" });
    cr_assert_str_eq(thumb_text(&m, text), "play QH belote");
}

Test(playout, coinche_leads_by_its_habits)
{
    static struct coinche_match m;
    char text[GAME_ACTION_MAX];
    /* a defender leads the master AS (every other seat must follow under it) */
    trick(&m, COINCHE_H, 1, 0, "", (const char *const[]){ "AS 7D", "7S", "8S", "9S" });
    cr_assert_str_eq(thumb_text(&m, text), "play AS");
    /* a taker holding the master trump (AH, the Jack and Nine gone) and the
       master AS, an opponent with a trump left: trumps drawn first */
    trick(&m, COINCHE_H, 0, 0, "", (const char *const[]){ "AS AH", "7H 7S", "8S 8D", "9S 9D" });
    cr_assert_str_eq(thumb_text(&m, text), "play AH");
    /* the same hand on the defence cashes the master AS (equal points, the
       plain card the cheaper) */
    trick(&m, COINCHE_H, 1, 0, "", (const char *const[]){ "AS AH", "7H 7S", "8S 8D", "9S 9D" });
    cr_assert_str_eq(thumb_text(&m, text), "play AS");
    /* a taker without the master trump (an opponent's JH) but two low ones:
       the lowest trump, to draw the opponents' */
    trick(&m, COINCHE_H, 2, 0, "", (const char *const[]){ "8H 7H QD", "JH 7S", "8S 8D", "9S 9D" });
    cr_assert_str_eq(thumb_text(&m, text), "play 7H");
    /* the same with the opponents out of trumps: a plain card */
    trick(&m, COINCHE_H, 2, 0, "", (const char *const[]){ "8H 7H QD", "JH 7S", "8S 8D", "9S 9D" });
    m.deal.hand[1] = sr_cards("TS 7S");
    m.deal.hand[2] = sr_cards("JH 8D");
    cr_assert_str_eq(thumb_text(&m, text), "play QD");
}

Test(playout, coinche_counts_the_contracts_own_points)
{
    static struct coinche_match m;
    char text[GAME_ACTION_MAX];
    /* AT, seat 3 last and void in spades, the partner's JS holds: the card
       worth most in AT is the Nine (9), not the Ace (6) */
    trick(&m, COINCHE_AT, 1, 0, "7S JS 8S", (const char *const[]){ "KD", "QD", "JD", "9D AC 7C" });
    cr_assert_str_eq(thumb_text(&m, text), "play 9D");
    /* the same in NT: the Ace (19) */
    trick(&m, COINCHE_NT, 1, 0, "7S AS 8S", (const char *const[]){ "KD", "QD", "JD", "9D AC 7C" });
    cr_assert_str_eq(thumb_text(&m, text), "play AC");
    /* outside the card play: no opinion */
    ct_start(&m, NULL, NULL);
    cr_assert_eq(coinche_game.playout(&m, 7), -1);
    ct_run(&m, "bid 80 H, coinche");
    cr_assert_eq(coinche_game.playout(&m, 7), -1, "the answer to a coinche is no card play");
}

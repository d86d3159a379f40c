/* test_position_tarot.c - the position key of a Tarot card play (game.h
 * position, tarot.h tarot_deal_position): two orders of play that reach
 * one position share a key, and the same play goes on from both to the
 * same score; each field the key hashes changes it when it alone changes;
 * it is 0 outside the card play and once the match is over; and over
 * seeded random play at 3, 4 and 5 players, states met along different
 * lines from one position with one key have the same legal actions and
 * score the same under the same continuations.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "engine/rng.h"
#include "engine/tarot/tarot.h"
#include "tests/support_play.h"

static const struct game *const g = &tarot_game;

static uint64_t key_of(const struct tarot_match *m)
{
    return g->position(m);
}

/* A new match of `players` from `seed`, played at random (void deals
 * settled) until `reached(m, arg)`; NULL when the match ends first. */
static struct tarot_match *play_until(int players, uint64_t seed, const char *const *rules,
                                      int (*reached)(const void *m, int arg), int arg)
{
    struct game_setup setup = { players, seed, 0, rules, 0 };
    return support_play_until(g, &setup, seed * 7919, reached, arg);
}

/* A trick to lead at trick `arg` (arg < 0: counted from the end). */
static int trick_to_lead(const void *m, int arg)
{
    const struct tarot_deal *d = &((const struct tarot_match *)m)->deal;
    int want = arg >= 0 ? arg : d->hand_size + arg;
    return d->phase == TAROT_PLAY && d->in_trick == 0 && d->trick_no == want;
}

/* The legal action texts of m, one after another, into buf. */
static void legal_list(const struct tarot_match *m, char *buf, int cap)
{
    int len = 0, n = g->legal_count(m);
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        int k = g->legal_text(m, i, buf + len, cap - len - 1);
        cr_assert_geq(k, 0);
        len += k;
        buf[len++] = '|';
        buf[len] = '\0';
    }
}

static void assert_same_legal(const struct tarot_match *a, const struct tarot_match *b)
{
    static char la[1 << 16], lb[1 << 16];
    legal_list(a, la, sizeof la);
    legal_list(b, lb, sizeof lb);
    cr_assert_str_eq(la, lb, "one key, two lists of legal actions");
}

/* Plays both matches to the end of the deal by one seeded random choice
 * per ply (the same index in both while their legal lists agree) and
 * checks the totals agree at the end. */
static void assert_same_future(const struct tarot_match *a, const struct tarot_match *b, uint64_t seed)
{
    struct tarot_match *x = malloc(sizeof *x), *y = malloc(sizeof *y);
    struct pq_rng rng;
    long sx[GAME_MAX_PLAYERS], sy[GAME_MAX_PLAYERS];
    cr_assert(x && y);
    memcpy(x, a, sizeof *x);
    memcpy(y, b, sizeof *y);
    pq_rng_seed(&rng, seed);
    int deal = x->deal_no;
    while (x->deal_no == deal && !x->over) {
        cr_assert_eq(key_of(x), key_of(y), "the same play from one key parted");
        assert_same_legal(x, y);
        int i = (int)pq_rng_below(&rng, (uint32_t)g->legal_count(x));
        int rx = g->apply_legal(x, i), ry = g->apply_legal(y, i);
        cr_assert_eq(rx, ry);
        cr_assert_neq(rx, GAME_ILLEGAL);
    }
    g->scores(x, sx);
    g->scores(y, sy);
    for (int p = 0; p < x->n; p++) cr_assert_eq(sx[p], sy[p], "player %d scores %ld and %ld from one key", p, sx[p], sy[p]);
    free(x);
    free(y);
}

/* ---- (a) a transposition ---- */

/* Plays one random trick from m (its card plays only): 1 when the seat
 * that led it won it, the cards in `cards` in order. */
static int random_trick(struct tarot_match *m, struct pq_rng *rng, int *cards)
{
    const struct tarot_deal *d = &m->deal;
    int leader = d->to_act, trick = d->trick_no;
    for (int i = 0; i < d->n; i++) {
        int k = (int)pq_rng_below(rng, d->n_playable);
        cards[i] = tarot_nth(d->playable, k);
        cr_assert_eq(g->apply_legal(m, k), GAME_GOES_ON);
    }
    cr_assert_eq(d->trick_no, trick + 1);
    return d->to_act == leader;
}

/* Plays cards (one trick) through the text interface; 0 when one is not legal. */
static int play_cards(struct tarot_match *m, const int *cards, int n)
{
    char text[8], err[160];
    for (int i = 0; i < n; i++) {
        memcpy(text, "play ", 5);
        tarot_card_format(cards[i], text + 5);
        if (g->find_legal(m, text, 7) < 0) return 0;
        cr_assert_neq(g->apply(m, text, 7, err, sizeof err), GAME_ILLEGAL, "%s", err);
    }
    return 1;
}

/* From one trick to lead, two tricks X then Y both won by their leader
 * (so the same seat leads both), and Y then X: the same cards leave the
 * same hands to the same camps, in another order of the history. */
Test(position_tarot, two_tricks_played_in_either_order_share_a_key_and_a_future, .timeout = 120)
{
    for (int players = 3; players <= 5; players++) {
        int found = 0;
        for (uint64_t seed = 1; seed <= 60 && found < 3; seed++) {
            struct tarot_match *s = play_until(players, seed, NULL, trick_to_lead, 2);
            if (!s) continue;
            struct tarot_match *xy = malloc(sizeof *xy), *yx = malloc(sizeof *yx);
            struct pq_rng rng;
            cr_assert(xy && yx);
            pq_rng_seed(&rng, seed);
            for (int attempt = 0; attempt < 400 && found < 3; attempt++) {
                int x[TAROT_MAX_SEATS], y[TAROT_MAX_SEATS];
                memcpy(xy, s, sizeof *xy);
                if (!random_trick(xy, &rng, x) || !random_trick(xy, &rng, y)) continue;
                memcpy(yx, s, sizeof *yx);
                if (!play_cards(yx, y, players) || yx->deal.to_act != s->deal.to_act || !play_cards(yx, x, players))
                    continue;
                /* a real transposition: the histories differ */
                cr_assert_neq(memcmp(xy->deal.plays, yx->deal.plays, sizeof xy->deal.plays), 0);
                cr_assert_eq(key_of(xy), key_of(yx), "%d players, seed %llu: X then Y, Y then X, two keys", players,
                             (unsigned long long)seed);
                cr_assert_neq(key_of(xy), key_of(s));
                for (int p = 0; p < players; p++) cr_assert(xy->deal.hand[p] == yx->deal.hand[p]);
                assert_same_legal(xy, yx);
                assert_same_future(xy, yx, seed * 31 + (uint64_t)attempt);
                found++;
            }
            free(xy);
            free(yx);
            free(s);
        }
        cr_assert_eq(found, 3, "%d players: only %d transpositions found", players, found);
    }
}

/* ---- (b) every field hashed moves the key ---- */

/* The suit card of `rank` (0 for the 1 .. 13 for the king) in `suit`. */
static int low(int suit, int rank)
{
    return TAROT_CARD(suit, rank);
}

static struct tarot_match *base;   /* a 4-player card play at trick 3, mid-trick */

static int mid_trick(const void *m, int arg)
{
    const struct tarot_deal *d = &((const struct tarot_match *)m)->deal;
    return d->phase == TAROT_PLAY && d->trick_no == arg && d->in_trick == 2 && d->contract <= TAROT_GARDE;
}

/* The base, its three finished tricks rebuilt from low suit cards (no
 * bout, no Excuse): trick 0 won by the taker, 1 by a defender, 2 by the
 * taker. */
static void make_base(void)
{
    for (uint64_t seed = 1; !base; seed++) {
        cr_assert_lt(seed, 100);
        base = play_until(4, seed, NULL, mid_trick, 3);
    }
    struct tarot_deal *d = &base->deal;
    int taker = d->taker, defender = (taker + 1) % 4;
    for (int t = 0; t < 3; t++) {
        d->winner[t] = (uint8_t)(t == 1 ? defender : taker);
        for (int i = 0; i < 4; i++) {
            d->plays[t * 4 + i] = (uint8_t)low(t, i + 1);          /* 2S.., 2H.., 2D.. worth 1 half each */
            d->play_seat[t * 4 + i] = (uint8_t)((d->leader[t] + i) % 4);
        }
    }
}

/* The key of the base with one change: CHANGED(expression on d, the
 * copy's deal). */
static struct tarot_match copy;
static struct tarot_deal *const d = &copy.deal;
#define CHANGED(change) (memcpy(&copy, base, sizeof copy), (void)(change), key_of(&copy))

Test(position_tarot, each_field_that_bears_on_the_rest_of_the_deal_moves_the_key)
{
    make_base();
    const struct tarot_deal *b = &base->deal;
    uint64_t k = key_of(base);
    int taker = b->taker, defender = (taker + 1) % 4, other = (taker + 2) % 4;
    int at = b->trick_no * 4;
    cr_assert_neq(k, 0);
    cr_assert_eq(CHANGED((void)0), k, "a copy has the same key");

    /* the deal's constants */
    cr_assert_neq(CHANGED(d->rules.poignee_level ^= 1), k, "rules.poignee_level");
    cr_assert_neq(CHANGED(d->rules.half_point ^= 1), k, "rules.half_point");
    cr_assert_neq(CHANGED(d->rules.called_suit_lead ^= 1), k, "rules.called_suit_lead");
    cr_assert_neq(CHANGED(d->rules.excuse_last ^= 1), k, "rules.excuse_last");
    cr_assert_neq(CHANGED(d->contract = d->contract == TAROT_PRISE ? TAROT_GARDE : TAROT_PRISE), k, "contract");
    /* the taker, no finished trick won by him or the new one */
    {
        uint64_t defence_won = CHANGED(d->winner[0] = d->winner[2] = (uint8_t)defender);
        cr_assert_neq(CHANGED((d->winner[0] = d->winner[2] = (uint8_t)defender, d->taker = (int8_t)other)),
                      defence_won, "taker");
    }
    cr_assert_neq(CHANGED(d->partner = (int8_t)other), k, "partner");
    cr_assert_neq(CHANGED(d->called = (uint8_t)low(0, TAROT_KING)), k, "called card");
    cr_assert_neq(CHANGED(d->chelem_announced ^= 1), k, "chelem announced");
    cr_assert_neq(CHANGED(d->discard ^= TAROT_BIT(low(0, 1)) | TAROT_BIT(low(1, 1))), k, "the discard");
    cr_assert_neq(CHANGED(d->discard ^= TAROT_BIT(low(3, 1)) | TAROT_BIT(low(3, 2))), k, "the discard's clubs");
    {
        /* under garde sans the dog scores instead */
        uint64_t sans = CHANGED(d->contract = TAROT_GARDE_SANS);
        cr_assert_neq(CHANGED((d->contract = TAROT_GARDE_SANS, d->dog ^= TAROT_BIT(low(0, 1)) | TAROT_BIT(low(2, 1)))),
                      sans, "the dog under garde sans");
    }
    cr_assert_neq(CHANGED((copy.seat_player[0] = base->seat_player[1], copy.seat_player[1] = base->seat_player[0])), k,
                  "the players at the seats");

    /* the hands: a card moved from one to another */
    {
        int from = -1, card = -1;
        for (int s = 0; s < 4 && from < 0; s++)
            if (s != b->to_act && b->hand[s]) {
                from = s;
                card = tarot_first(b->hand[s]);
            }
        int to = (from + 1) % 4;
        cr_assert_neq(CHANGED((d->hand[from] &= ~TAROT_BIT(card), d->hand[to] |= TAROT_BIT(card))), k, "a hand");
    }

    /* the trick on the table and the turn */
    cr_assert_neq(CHANGED(d->plays[at + 1] = (uint8_t)(b->plays[at + 1] == low(3, 0) ? low(3, 1) : low(3, 0))), k,
                  "a card on the table");
    cr_assert_neq(CHANGED(d->to_act = (int8_t)((b->to_act + 1) % 4)), k, "the seat to act");
    /* the Petit on the table (card 0) against no card */
    cr_assert_neq(CHANGED((d->in_trick = 3, d->plays[at + 2] = TAROT_PETIT)), k, "the number of cards on the table");
    cr_assert_neq(CHANGED(d->played_first &= 0x7), k, "the seats that played to trick 1");
    cr_assert_neq(CHANGED(d->poignee_level[defender] = 2), k, "a poignée shown");

    /* the finished tricks: half points only (a 2S worth 1 becomes a JS worth 3) */
    cr_assert_neq(CHANGED(d->plays[0] = (uint8_t)low(0, 10)), k, "the attack's half points");
    /* a bout for a king, both 9 half points: the bouts only */
    {
        uint64_t king = CHANGED(d->plays[0] = (uint8_t)low(0, TAROT_KING));
        cr_assert_neq(CHANGED(d->plays[0] = TAROT_PETIT), king, "the Petit won by the attack");
        cr_assert_neq(CHANGED(d->plays[0] = TAROT_21), king, "the 21 won by the attack");
        /* the Excuse in a trick the attack won, played by the attack (kept,
         * 9 half points, a bout) and by the defence (1 half point given) */
        uint64_t ours = CHANGED((d->plays[0] = TAROT_EXCUSE, d->play_seat[0] = (uint8_t)taker));
        uint64_t theirs = CHANGED((d->plays[0] = TAROT_EXCUSE, d->play_seat[0] = (uint8_t)defender));
        cr_assert_neq(ours, theirs, "the Excuse's camp");
        cr_assert_eq(ours, CHANGED(d->plays[0] = TAROT_PETIT), "the Excuse kept by the attack scores as a won Petit");
    }
    /* which camps won a trick, the half points kept: trick 1 to the taker
     * (4 x 1 half point more) against a 2S that becomes a NS (4 more), a
     * state no play reaches (it only moves this one thing) */
    uint64_t more_points = CHANGED(d->plays[0] = (uint8_t)low(0, 11));
    cr_assert_neq(CHANGED(d->winner[1] = (uint8_t)taker), more_points, "the camps that won a trick");
}

/* Every card in a hand, given to any other seat instead or exchanged for
 * a played card of its value, at 3, 4 and 5 players (the clubs, cards
 * 64..77, are kept apart from the rest). */
Test(position_tarot, a_card_moved_from_one_hand_to_another_moves_the_key)
{
    for (int players = 3; players <= 5; players++) {
        struct tarot_match *m = NULL;
        for (uint64_t seed = 1; !m; seed++) {
            cr_assert_lt(seed, 100);
            m = play_until(players, seed, NULL, mid_trick, 8);
        }
        struct tarot_deal *deal = &m->deal;
        uint64_t k = key_of(m);
        int moves = 0, clubs = 0;
        for (int from = 0; from < players; from++)
            for (int c = 0; c < TAROT_CARDS; c++) {
                if (!tarot_has(deal->hand[from], c)) continue;
                for (int to = 0; to < players; to++) {
                    if (to == from) continue;
                    tarot_mask a = deal->hand[from], b = deal->hand[to];
                    deal->hand[from] = tarot_without(a, c);
                    deal->hand[to] = b | TAROT_BIT(c);
                    cr_assert_neq(key_of(m), k, "%d players: %s from seat %d to seat %d", players, tarot_tokens[c], from, to);
                    deal->hand[from] = a;
                    deal->hand[to] = b;
                    moves++;
                    clubs += c >= 64;
                }
            }
        /* a card of a hand exchanged with one of the same value in a
         * finished trick: only that hand changes */
        int swaps = 0, swapped_clubs[TAROT_MAX_SEATS] = { 0 };
        for (int seat = 0; seat < players; seat++)
            for (int c = 0; c < TAROT_CARDS; c++) {
                if (!tarot_has(deal->hand[seat], c)) continue;
                for (int i = 0; i < deal->trick_no * players; i++) {
                    int z = deal->plays[i];
                    if (tarot_halves[z] != tarot_halves[c] || (tarot_bouts() & TAROT_BIT(z))) continue;
                    tarot_mask a = deal->hand[seat];
                    deal->hand[seat] = tarot_without(a, c) | TAROT_BIT(z);
                    deal->plays[i] = (uint8_t)c;
                    cr_assert_neq(key_of(m), k, "%d players: seat %d's %s for the played %s", players, seat,
                                  tarot_tokens[c], tarot_tokens[z]);
                    deal->hand[seat] = a;
                    deal->plays[i] = (uint8_t)z;
                    swaps++;
                    swapped_clubs[seat] += c >= 64 || z >= 64;
                }
            }
        cr_assert_eq(key_of(m), k);
        cr_assert_gt(clubs, 0);
        cr_assert_gt(moves, 20 * players);
        cr_assert_gt(swaps, 20 * players);
        for (int seat = 0; seat < players; seat++) cr_assert_gt(swapped_clubs[seat], 0, "%d players: seat %d", players, seat);
        free(m);
    }
}

/* The Petit in the last trick but one, against in the one before it,
 * both won by the attack for 9 half points with a king in the other (the
 * last trick to play: F38 may make that trick the Petit's last). */
Test(position_tarot, the_petit_in_the_last_trick_but_one_moves_the_key)
{
    struct tarot_match *m = NULL;
    for (uint64_t seed = 1; !m; seed++) {
        cr_assert_lt(seed, 100);
        m = play_until(4, seed, NULL, trick_to_lead, -1);
    }
    struct tarot_deal *deal = &m->deal;
    int last = deal->trick_no - 1, before = last - 1, king = low(1, TAROT_KING);   /* last: the last finished */
    for (int i = 0; i < deal->trick_no * 4; i++)                         /* no other Petit nor king of hearts */
        if (deal->plays[i] == TAROT_PETIT || deal->plays[i] == king) deal->plays[i] = (uint8_t)low(2, 1);
    deal->winner[last] = deal->winner[before] = (uint8_t)deal->taker;
    deal->plays[last * 4] = TAROT_PETIT;
    deal->plays[before * 4] = (uint8_t)king;
    uint64_t in_last = key_of(m);
    deal->plays[last * 4] = (uint8_t)king;
    deal->plays[before * 4] = TAROT_PETIT;
    cr_assert_neq(key_of(m), in_last, "the Petit's trick");
    free(m);
}

/* ---- (c) 0 outside the card play ---- */

Test(position_tarot, the_key_is_zero_outside_the_card_play_and_once_the_match_is_over)
{
    char err[160];
    for (int players = 3; players <= 5; players++) {
        int seen[TAROT_OVER + 1] = { 0 };
        for (uint64_t seed = 1; seed <= 3; seed++) {
            static struct tarot_match m;
            struct game_setup setup = { players, seed, 0, NULL, 0 };
            struct pq_rng rng;
            cr_assert_eq(g->create(&m, &setup, err, sizeof err), 0, "%s", err);
            pq_rng_seed(&rng, seed);
            while (g->to_act(&m) >= 0) {
                int phase = m.deal.phase;
                seen[phase]++;
                if (phase == TAROT_PLAY) cr_assert_neq(key_of(&m), 0);
                else cr_assert_eq(key_of(&m), 0, "phase %d: key", phase);
                if (g->settle(&m) == GAME_DEAL_OVER) continue;
                int n = g->legal_count(&m);
                cr_assert_neq(g->apply_legal(&m, (int)pq_rng_below(&rng, (uint32_t)n)), GAME_ILLEGAL);
            }
            cr_assert_eq(key_of(&m), 0, "the match is over");
        }
        for (int phase = TAROT_AUCTION; phase <= TAROT_PLAY; phase++)
            if (phase != TAROT_CALL || players == 5) cr_assert_gt(seen[phase], 0, "%d players: phase %d not met", players, phase);
    }
}

/* ---- (d) soundness over random play ---- */

enum { LINES = 300, MET = 4096 };

struct met {
    uint64_t key;
    uint64_t line;      /* which line met it first */
    struct tarot_match *state;
};

/* From positions late in random deals (4 tricks from the end), many
 * random lines of 3 tricks (the last trick but one among them); every two
 * states of one key met along two lines (two histories) have the same
 * legal actions and the same futures. The number of such meetings. */
static int soundness(int players, const char *const *rules, uint64_t seeds)
{
    static struct met met[MET];
    int equal = 0;
    for (uint64_t seed = 1; seed <= seeds; seed++) {
        struct tarot_match *s = play_until(players, seed, rules, trick_to_lead, -4);
        if (!s) continue;
        struct tarot_match *x = malloc(sizeof *x);
        struct pq_rng rng;
        int n_met = 0;
        cr_assert(x);
        pq_rng_seed(&rng, seed * 97);
        for (uint64_t line = 0; line < LINES; line++) {
            memcpy(x, s, sizeof *x);
            for (int ply = 0; ply < 3 * players; ply++) {
                int k = (int)pq_rng_below(&rng, (uint32_t)g->legal_count(x));
                cr_assert_eq(g->apply_legal(x, k), GAME_GOES_ON);
                uint64_t key = key_of(x);
                cr_assert_neq(key, 0);
                int i = 0;
                while (i < n_met && met[i].key != key) i++;
                if (i == n_met) {
                    if (n_met == MET) continue;
                    met[n_met].key = key;
                    met[n_met].line = line;
                    met[n_met].state = malloc(sizeof *x);
                    cr_assert(met[n_met].state);
                    memcpy(met[n_met++].state, x, sizeof *x);
                    continue;
                }
                if (met[i].line == line || !memcmp(met[i].state->deal.plays, x->deal.plays, sizeof x->deal.plays))
                    continue;                                            /* the same history: no transposition */
                assert_same_legal(met[i].state, x);
                equal++;
                assert_same_future(met[i].state, x, line);
            }
        }
        for (int i = 0; i < n_met; i++) free(met[i].state);
        free(x);
        free(s);
    }
    return equal;
}

Test(position_tarot, states_of_one_key_met_along_random_lines_play_alike, .timeout = 300)
{
    static const char *const variant[] = { "excuse_last=winner", "half_point=down", NULL };
    for (int players = 3; players <= 5; players++) {
        int equal = soundness(players, NULL, 6);
        cr_assert_gt(equal, 20, "%d players: only %d transpositions met", players, equal);
    }
    cr_assert_gt(soundness(4, variant, 3), 10, "with variant rules");
}

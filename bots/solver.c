/* solver.c - exact alpha-beta over the remaining tricks (solver.h).
 *
 * Tricks are won and scored by the engine's helpers (engine/piquet/deal.h:
 * pq_trick_beats, pq_trick_lead_points, pq_trick_win_points,
 * pq_cards_points); only credit()'s pique rule is mirrored here, and the
 * whole is tested against the engine. Values are small
 * integers (|value| < 128), so the table stores a lower and an upper bound
 * per position in one byte each; a position is stored only at a trick's
 * start (no card led), where its value is fully described by the order of
 * the cards in play (squeeze_hands), the leader, elder's tricks, the pique
 * state and the scoring rule.
 */
#include <stdlib.h>
#include <string.h>
#include "bots/solver.h"

struct solver_entry {
    pq_mask hand0, hand1;
    uint16_t extra;       /* 0 = empty slot (extra always has bit 15 set) */
    int8_t lower, upper;
    int8_t best;          /* the card that gave the bound, tried first; -1 none */
};

enum { INF = 1000 };

static void squeeze_init(void);

int solver_init(struct solver *self, int bits)
{
    memset(self, 0, sizeof *self);
    self->table = calloc((size_t)1 << bits, sizeof *self->table);
    if (!self->table) return -1;
    squeeze_init();   /* 64K entries: cheap beside the table itself */
    self->mask = (uint32_t)(((size_t)1 << bits) - 1);
    self->use_table = true;
    self->use_equivalence = true;
    return 0;
}

void solver_release(struct solver *self)
{
    free(self->table);
    self->table = NULL;
}

void solver_clear(struct solver *self)
{
    if (self->table) memset(self->table, 0, ((size_t)self->mask + 1) * sizeof *self->table);
}

void solver_position_from_deal(struct solver_position *out, const struct pq_deal *d)
{
    memset(out, 0, sizeof *out);
    out->hand[0] = d->hand[0];
    out->hand[1] = d->hand[1];
    out->lead_card = d->lead_card;
    out->leader = d->leader;
    out->trick = d->trick;
    out->tricks[0] = d->tricks[0];
    out->tricks[1] = d->tricks[1];
    out->trick_scoring = d->rules.trick_scoring;
    out->elder_score = (int16_t)(d->score[PQ_ELDER] - d->cat[PQ_ELDER][PQ_CAT_CARDS]);
    if (d->trick == 0 && d->lead_card < 0) {
        /* The engine opens the pique at the first lead (deal.c apply_play). */
        int younger_declared = 0;
        for (int cat = 0; cat <= PQ_CAT_CARTE_ROUGE; cat++) younger_declared += d->declared[1][cat];
        out->pique_live = (uint8_t)(d->repique < 0 && younger_declared == 0);
    } else {
        out->pique_live = d->pique_live;
    }
}

int solver_to_play(const struct solver_position *pos)
{
    if (pos->trick >= 12) return -1;
    return pos->lead_card < 0 ? pos->leader : 1 - pos->leader;
}

pq_mask solver_playable(const struct solver_position *pos)
{
    if (pos->trick >= 12) return 0;
    pq_mask hand = pos->hand[pos->lead_card < 0 ? pos->leader : 1 - pos->leader];
    if (pos->lead_card < 0) return hand;
    pq_mask follow = hand & PQ_SUIT_MASK(PQ_SUIT(pos->lead_card));
    return follow ? follow : hand;   /* R20 */
}

/* credit() of deal.c for play points: returns elder-minus-younger gained,
 * the pique included. */
static int credit_play(struct solver_position *pos, int seat, int points)
{
    if (!points) return 0;
    if (seat == PQ_YOUNGER) {
        pos->pique_live = 0;
        return -points;
    }
    pos->elder_score = (int16_t)(pos->elder_score + points);
    if (pos->pique_live && pos->elder_score >= 30) {
        pos->pique_live = 0;
        pos->elder_score = (int16_t)(pos->elder_score + 30);
        return points + 30;
    }
    return points;
}

int solver_play(struct solver_position *pos, int card)
{
    int seat = pos->lead_card < 0 ? pos->leader : 1 - pos->leader;
    int ts = pos->trick_scoring;
    pos->hand[seat] &= ~PQ_BIT(card);
    if (pos->lead_card < 0) {
        pos->lead_card = (int8_t)card;
        return credit_play(pos, seat, pq_trick_lead_points(ts, pos->trick));
    }
    int winner = pq_trick_beats(pos->lead_card, card) ? seat : pos->leader;
    int gained = credit_play(pos, winner, pq_trick_win_points(ts, pos->trick, winner != pos->leader));
    pos->tricks[winner]++;
    pos->lead_card = -1;
    pos->leader = (uint8_t)winner;
    if (++pos->trick == 12)
        gained += pq_cards_points(ts, pos->tricks[PQ_ELDER]) - pq_cards_points(ts, pos->tricks[PQ_YOUNGER]);
    return gained;
}

/* ---- the table -------------------------------------------------------- */

static uint16_t key_extra(const struct solver_position *pos)
{
    unsigned extra = pos->leader | (unsigned)pos->tricks[0] << 1 | (unsigned)pos->trick_scoring << 5;
    if (pos->pique_live) extra |= 1u << 7 | (unsigned)(pos->elder_score & 31) << 8;
    return (uint16_t)(extra | 1u << 15);
}

/* Only the order of the cards still in play matters, not their ranks:
 * each suit's cards are renumbered 0, 1, ... from the lowest still held,
 * so positions that differ only in which low cards are gone share an
 * entry (within a world and across worlds). squeeze[a][b] is the
 * renumbered holding of a when a and b hold a suit's remaining cards. */
static uint8_t squeeze[256][256];

static void squeeze_init(void)
{
    for (unsigned a = 0; a < 256; a++)
        for (unsigned b = 0; b < 256; b++) {
            unsigned all = a | b, x = 0, i = 0;
            if (a & b) continue;
            for (; all; all &= all - 1, i++)
                if (a & all & -all) x |= 1u << i;
            squeeze[a][b] = (uint8_t)x;
        }
}

static void squeeze_hands(pq_mask h0, pq_mask h1, pq_mask *c0, pq_mask *c1)
{
    pq_mask r0 = 0, r1 = 0;
    for (int s = 0; s < PQ_SUITS; s++) {
        unsigned a = (h0 >> (8 * s)) & 0xff, b = (h1 >> (8 * s)) & 0xff;
        unsigned n = (unsigned)pq_mask_count(a | b), x = squeeze[a][b];
        r0 |= (pq_mask)x << (8 * s);
        r1 |= (pq_mask)(((1u << n) - 1) & ~x) << (8 * s);
    }
    *c0 = r0;
    *c1 = r1;
}

static uint32_t slot(const struct solver *self, pq_mask h0, pq_mask h1, uint16_t extra)
{
    uint64_t x = ((uint64_t)h0 << 32 | h1) ^ ((uint64_t)extra * 0x9e3779b97f4a7c15ull);
    x ^= x >> 31;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 29;
    return (uint32_t)x & self->mask;
}

/* ---- search ----------------------------------------------------------- */

/* The cards to try, one per class of equivalent cards: the highest card of
 * each run of the mover's cards with no card in play between them. */
static pq_mask representatives(const struct solver_position *pos, pq_mask moves)
{
    pq_mask in_play = pos->hand[0] | pos->hand[1];
    if (pos->lead_card >= 0) in_play |= PQ_BIT(pos->lead_card);
    pq_mask out = 0;
    for (pq_mask m = moves; m; m &= m - 1) {
        int card = pq_mask_first(m);
        pq_mask above = in_play & PQ_SUIT_MASK(PQ_SUIT(card)) & ~((PQ_BIT(card) << 1) - 1);
        if (above && (moves & (above & -above))) continue;   /* the next card up is ours */
        out |= PQ_BIT(card);
    }
    return out;
}

/* Move order: a follower tries his cheapest winner then his lowest cards;
 * a leader his highest card of each suit first, then the lowest. */
static int order_moves(const struct solver_position *pos, pq_mask moves, int hint, int out[12])
{
    int n = 0;
    if (hint >= 0 && (moves & PQ_BIT(hint))) {
        out[n++] = hint;
        moves &= ~PQ_BIT(hint);
    }
    if (pos->lead_card >= 0) {
        pq_mask winners = moves & PQ_SUIT_MASK(PQ_SUIT(pos->lead_card)) & ~((PQ_BIT(pos->lead_card) << 1) - 1);
        if (winners) {
            out[n] = pq_mask_first(winners);
            moves &= ~PQ_BIT(out[n]);
            n++;
        }
        for (pq_mask m = moves; m; m &= m - 1) out[n++] = pq_mask_first(m);
        return n;
    }
    for (int s = 0; s < PQ_SUITS; s++) {
        pq_mask suit = moves & PQ_SUIT_MASK(s);
        if (!suit) continue;
        int top = 31 - __builtin_clz(suit);
        out[n++] = top;
        moves &= ~PQ_BIT(top);
    }
    for (pq_mask m = moves; m; m &= m - 1) out[n++] = pq_mask_first(m);
    return n;
}

static int search(struct solver *self, const struct solver_position *pos, int alpha, int beta)
{
    if (pos->trick >= 12) return 0;
    self->nodes++;
    struct solver_entry *entry = NULL;
    uint16_t extra = 0;
    int alpha0 = alpha, beta0 = beta, hint = -1;
    pq_mask key0 = 0, key1 = 0, in_play = pos->hand[0] | pos->hand[1];
    if (self->use_table && pos->lead_card < 0) {
        extra = key_extra(pos);
        squeeze_hands(pos->hand[0], pos->hand[1], &key0, &key1);
        entry = &self->table[slot(self, key0, key1, extra)];
        if (entry->extra == extra && entry->hand0 == key0 && entry->hand1 == key1) {
            if (entry->best >= 0) {
                /* back from the renumbered card to the real one */
                int suit = entry->best >> 3;
                pq_mask held = in_play & PQ_SUIT_MASK(suit);
                if (pq_mask_count(held) > (entry->best & 7)) hint = pq_mask_nth(held, entry->best & 7);
            }
            if (entry->lower == entry->upper) return entry->lower;
            if (entry->lower >= beta) return entry->lower;
            if (entry->upper <= alpha) return entry->upper;
            if (entry->lower > alpha) alpha = entry->lower;
            if (entry->upper < beta) beta = entry->upper;
        }
    }
    int seat = pos->lead_card < 0 ? pos->leader : 1 - pos->leader;
    pq_mask moves = solver_playable(pos);
    if (self->use_equivalence) moves = representatives(pos, moves);
    int order[12], n = order_moves(pos, moves, hint, order);
    int best = seat == PQ_ELDER ? -INF : INF, best_card = -1;
    for (int i = 0; i < n; i++) {
        struct solver_position child = *pos;
        int gained = solver_play(&child, order[i]);
        int v = gained + search(self, &child, alpha - gained, beta - gained);
        if (seat == PQ_ELDER ? v > best : v < best) {
            best = v;
            best_card = order[i];
        }
        if (seat == PQ_ELDER && best > alpha) alpha = best;
        if (seat == PQ_YOUNGER && best < beta) beta = best;
        if (alpha >= beta) break;
    }
    if (entry) {
        int same = entry->extra == extra && entry->hand0 == key0 && entry->hand1 == key1;
        int lower = same ? entry->lower : -128, upper = same ? entry->upper : 127;
        if (best <= alpha0) upper = best;
        else if (best >= beta0) lower = best;
        else lower = upper = best;
        entry->hand0 = key0;
        entry->hand1 = key1;
        entry->extra = extra;
        entry->lower = (int8_t)lower;
        entry->upper = (int8_t)upper;
        entry->best = (int8_t)(best_card < 0 ? -1
            : (best_card & ~7) + pq_mask_count(in_play & PQ_SUIT_MASK(PQ_SUIT(best_card)) & (PQ_BIT(best_card) - 1)));
    }
    return best;
}

/* MTD(f): zero-window searches converging on the value, each cheap
 * thanks to the table (Plaat et al., 1996). Without the table, a plain
 * full-window search. */
static int value_of(struct solver *self, const struct solver_position *pos, int guess)
{
    if (!self->use_table) return search(self, pos, -INF, INF);
    int lower = -INF, upper = INF, g = guess;
    while (lower < upper) {
        int beta = g == lower ? g + 1 : g;
        g = search(self, pos, beta - 1, beta);
        if (g < beta) upper = g;
        else lower = g;
    }
    return g;
}

int solver_value(struct solver *self, const struct solver_position *pos)
{
    return value_of(self, pos, 0);
}

pq_mask solver_values(struct solver *self, const struct solver_position *pos, int values[PQ_CARDS])
{
    pq_mask moves = solver_playable(pos), tried = self->use_equivalence ? representatives(pos, moves) : moves;
    for (pq_mask m = tried; m; m &= m - 1) {
        struct solver_position child = *pos;
        int card = pq_mask_first(m);
        int gained = solver_play(&child, card);
        values[card] = gained + value_of(self, &child, 0);
    }
    /* An untried card shares the value of the next card up in its suit
     * among the playable ones (its run's representative, valued already). */
    for (int card = 31; card >= 0; card--) {
        if (!(moves & PQ_BIT(card)) || (tried & PQ_BIT(card))) continue;
        pq_mask above = moves & PQ_SUIT_MASK(PQ_SUIT(card)) & ~((PQ_BIT(card) << 1) - 1);
        values[card] = values[pq_mask_first(above)];
    }
    return moves;
}

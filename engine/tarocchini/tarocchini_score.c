/* tarocchini_score.c - the end of a Tarocchini deal (RULES-tarocchini.md
 * O12, O17, O19, O26-O32, section 9): the piles of won cards after the
 * discards and the Matto's exchange, each team's cricche, sequences, card
 * points and last trick, the hand declarations, and the events in the order
 * `arena replay` prints them: per declaring seat (0..3) hand_cricche then
 * hand_sequences, then per team (0 first) cricche, sequences, cards, last;
 * events of 0 points are left out.
 */
#include <assert.h>
#include <string.h>
#include "engine/tarocchini/tarocchini.h"

const char *tar_category_name(int category)
{
    static const char *const names[] = { "hand_cricche", "hand_sequences", "cricche", "sequences", "cards", "last" };
    return names[category];
}

/* O27: the card a team hands over for its Matto, the first of this order it
 * has: numerals, Aces, T5..T16, Moors, MO SU, Jacks, Knights, Queens, Kings,
 * WO AN BE. */
#define NUMERALS(s) TAR_CARD(s, TAR_6), TAR_CARD(s, TAR_7), TAR_CARD(s, TAR_8), TAR_CARD(s, TAR_9), TAR_CARD(s, TAR_TEN)
#define RANK(r) TAR_CARD(0, r), TAR_CARD(1, r), TAR_CARD(2, r), TAR_CARD(3, r)
static const uint8_t handover_order[] = {
    NUMERALS(0), NUMERALS(1), NUMERALS(2), NUMERALS(3), RANK(TAR_ACE),
    TAR_NUMBERED(5), TAR_NUMBERED(6), TAR_NUMBERED(7), TAR_NUMBERED(8), TAR_NUMBERED(9), TAR_NUMBERED(10),
    TAR_NUMBERED(11), TAR_NUMBERED(12), TAR_NUMBERED(13), TAR_NUMBERED(14), TAR_NUMBERED(15), TAR_NUMBERED(16),
    TAR_M1, TAR_M1 + 1, TAR_M1 + 2, TAR_M1 + 3, TAR_MO, TAR_SU,
    RANK(TAR_J), RANK(TAR_N), RANK(TAR_Q), RANK(TAR_K), TAR_WO, TAR_AN, TAR_BE,
};

static int handover_card(tar_mask pile)
{
    for (size_t i = 0; i < sizeof handover_order; i++)
        if (pile & TAR_BIT(handover_order[i])) return handover_order[i];
    return -1;
}

static void add_event(struct tar_result *r, int seat, int side, int category, int points)
{
    if (points <= 0) return;
    assert(r->n_events < TAR_MAX_EVENTS);
    struct tar_event *e = &r->events[r->n_events++];
    e->seat = (int8_t)seat;
    e->side = (int8_t)side;
    e->category = (uint8_t)category;
    e->points = (int16_t)points;
    r->teams[side] = (int16_t)(r->teams[side] + points);
}

void tar_score(const struct tar_deal *d, struct tar_result *out)
{
    memset(out, 0, sizeof *out);
    out->last = -1;
    out->matto_seat = out->matto_trick = out->matto_kept_by = -1;
    out->handover = TAR_NO_CARD;
    if (d->thrown_in) {   /* O10 */
        out->monte = 1;
        return;
    }
    tar_mask pile[2] = { d->won[0], d->won[1] };
    out->tricks[0] = d->tricks_won[0];
    out->tricks[1] = d->tricks_won[1];
    out->last = (int8_t)tar_team(d->winners[TAR_TRICKS - 1]);
    int most = 0;
    for (int k = 0; k < TAR_TRICKS; k++) {
        int moors = 0;
        for (int i = 0; i < TAR_SEATS; i++) moors += (unsigned)(d->cards[k][i] - TAR_M1) < 4;   /* M1 .. M4 */
        most = moors > most ? moors : most;
    }
    out->most_moors = (uint8_t)most;
    pile[d->tricks_won[1] > 0 ? 1 : 0] |= d->discards;   /* O12: the dealer's team is team 1 */
    if (d->matto_seat >= 0) {                              /* O26 */
        int own = tar_team(d->matto_seat), taker = tar_team(d->winners[d->matto_trick]);
        if (taker != own && d->tricks_won[own] > 0) {
            pile[taker] &= ~TAR_BIT(TAR_MA);
            pile[own] |= TAR_BIT(TAR_MA);
            int h = handover_card(pile[own] & ~TAR_BIT(TAR_MA));
            assert(h >= 0);
            pile[own] &= ~TAR_BIT(h);
            pile[taker] |= TAR_BIT(h);
            out->handover = (uint8_t)h;
        }
        out->matto_seat = d->matto_seat;
        out->matto_trick = (int8_t)(d->matto_trick + 1);
        out->matto_kept_by = (int8_t)(pile[0] & TAR_BIT(TAR_MA) ? 0 : 1);
    }
    out->piles[0] = pile[0];
    out->piles[1] = pile[1];
    for (int s = 0; s < TAR_SEATS; s++) {   /* O19 */
        add_event(out, s, tar_team(s), TAR_EV_HAND_CRICCHE, tar_doubled(d->hand_cricche[s], d->n_cricche[s]));
        add_event(out, s, tar_team(s), TAR_EV_HAND_SEQUENCES,
                  tar_doubled(d->hand_sequences[s], d->n_sequences[s]));
    }
    for (int t = 0; t < 2; t++) {   /* O29 */
        int total, count;
        tar_pile_cricche(pile[t], &total, &count);
        add_event(out, t, t, TAR_EV_CRICCHE, tar_doubled(total, count));
        tar_pile_sequences(pile[t], &d->rules, &total, &count);
        add_event(out, t, t, TAR_EV_SEQUENCES, tar_doubled(total, count));
        add_event(out, t, t, TAR_EV_CARDS, tar_card_points(pile[t]));
        add_event(out, t, t, TAR_EV_LAST, out->last == t ? 6 : 0);
    }
}

/* tarot_score.c - the end of a deal (RULES-tarot.md F26-F40): the piles,
 * the Excuse's place, bouts, target, difference, petit au bout, poignées,
 * chelem, the attack unit u and the seat scores. The one place each of
 * these is computed; reports and tests read struct tarot_result.
 */
#include <string.h>
#include "engine/tarot/tarot.h"

/* F29 */
static int target_of(int bouts)
{
    static const int targets[4] = { 56, 51, 41, 36 };
    return targets[bouts];
}

void tarot_score(const struct tarot_deal *d, struct tarot_result *r)
{
    int n = d->n, tricks = d->hand_size, halves[2] = { 0, 0 }, bouts = 0;
    tarot_mask attack = 0;
    memset(r, 0, sizeof *r);
    r->n = (uint8_t)n;
    r->void_kind = d->void_kind;
    r->taker = r->partner = -1;
    r->called = TAROT_NO_CARD;
    r->petit_au_bout = r->chelem = TAROT_NOBODY;
    if (d->void_kind != TAROT_NOT_VOID) return;
    r->taker = d->taker;
    r->partner = d->partner;
    r->contract = d->contract;
    r->called = d->called;
    r->chelem_announced = d->chelem_announced;
    for (int s = 0; s < n; s++) r->tricks[s] = d->tricks_won[s];

    /* F28: the piles, the Excuse apart (F26, F27, F38). Each trick's cards
     * go to its winner's camp, the Excuse too and taken back below; where
     * the Excuse and the two trump bouts fell is noted on the way (no
     * branch per card). */
    int excuse_at = -1, petit_at = -1, trump21_at = -1;
    for (int t = 0; t < tricks; t++) {
        int sum = 0;
        for (int i = t * n; i < t * n + n; i++) {
            int c = d->plays[i];
            sum += tarot_card_halves(c);
            excuse_at = c == TAROT_EXCUSE ? i : excuse_at;
            petit_at = c == TAROT_PETIT ? i : petit_at;
            trump21_at = c == TAROT_21 ? i : trump21_at;
        }
        halves[tarot_camp(d, d->winner[t])] += sum;
    }
    /* the bouts are all the attack's cards are needed for */
    if (petit_at >= 0 && tarot_camp(d, d->winner[petit_at / n]) == TAROT_ATTACK) attack |= TAROT_BIT(TAROT_PETIT);
    if (trump21_at >= 0 && tarot_camp(d, d->winner[trump21_at / n]) == TAROT_ATTACK) attack |= TAROT_BIT(TAROT_21);
    int excuse_owner = -1, excuse_trick = -1, excuse_seat = -1;
    if (excuse_at >= 0) {
        excuse_trick = excuse_at / n;
        excuse_seat = d->play_seat[excuse_at];
        excuse_owner = tarot_camp(d, excuse_seat);
        halves[tarot_camp(d, d->winner[excuse_trick])] -= tarot_card_halves(TAROT_EXCUSE);
    }
    tarot_mask rest = d->contract <= TAROT_GARDE ? d->discard : d->dog;
    int rest_camp = d->contract == TAROT_GARDE_CONTRE ? TAROT_DEFENCE : TAROT_ATTACK;
    halves[rest_camp] += tarot_mask_halves(rest);
    if (rest_camp == TAROT_ATTACK) attack |= rest;
    if (excuse_trick >= 0) {
        int won_by = tarot_camp(d, d->winner[excuse_trick]), keeper = excuse_owner;
        if (excuse_trick == tricks - 1 && excuse_seat != d->winner[excuse_trick]) {
            /* F27; under F38 the Excuse won the trick and stays */
            keeper = d->rules.excuse_last == TAROT_EXCUSE_WINNER ? won_by : 1 - excuse_owner;
            won_by = keeper;                                           /* no low card handed back */
        }
        if (keeper == won_by) {
            halves[keeper] += 9;
        } else {                                                       /* F26 */
            halves[keeper] += 8;
            halves[won_by] += 1;
        }
        if (keeper == TAROT_ATTACK) attack |= TAROT_BIT(TAROT_EXCUSE);
    }
    bouts = tarot_count(attack & tarot_bouts());
    r->half_points = (int16_t)halves[TAROT_ATTACK];
    r->bouts = (uint8_t)bouts;
    r->target = (uint8_t)target_of(bouts);

    /* F30, F31 */
    int h = halves[TAROT_ATTACK], goal = 2 * r->target, diff;
    if (d->rules.half_point == TAROT_HALF_DOWN) h -= h % 2;
    r->made = h >= goal;
    diff = h >= goal ? h - goal : goal - h;
    r->difference = (uint8_t)((diff + 1) / 2);
    r->multiplier = (uint8_t)tarot_multiplier(d->contract);
    int m = r->multiplier, sign = r->made ? 1 : -1;

    /* F32, F38: the petit au bout */
    int last = tricks - 1 - (excuse_trick == tricks - 1 && excuse_seat == d->winner[tricks - 1]);
    for (int i = 0; last >= 0 && i < n; i++)
        if (d->plays[last * n + i] == TAROT_PETIT) r->petit_au_bout = (int8_t)tarot_camp(d, d->winner[last]);

    /* F33: chelem */
    int all[2] = { 1, 1 };
    for (int t = 0; t < tricks; t++) all[1 - tarot_camp(d, d->winner[t])] = 0;
    r->chelem = all[TAROT_ATTACK] ? TAROT_ATTACK : all[TAROT_DEFENCE] ? TAROT_DEFENCE : TAROT_NOBODY;

    /* F34-F39 */
    r->u_contract = (int16_t)(sign * (25 + r->difference) * m);
    r->u_petit = (int16_t)(r->petit_au_bout == TAROT_ATTACK ? 10 * m : r->petit_au_bout == TAROT_DEFENCE ? -10 * m : 0);
    r->n_poignees = d->n_poignees;
    for (int i = 0; i < d->n_poignees; i++) {
        int s = d->poignee_order[i];
        r->poignee_seat[i] = (uint8_t)s;
        r->poignee_level[i] = d->poignee_level[s];
        r->u_poignee[i] = (int16_t)(sign * tarot_poignee_value(d->poignee_level[s]));
    }
    int chelem = 0;
    if (r->chelem == TAROT_ATTACK) chelem = d->chelem_announced ? 400 : 200;
    else if (d->chelem_announced) chelem = -200;
    if (r->chelem == TAROT_DEFENCE) chelem -= 200;
    r->u_chelem = (int16_t)chelem;
    int u = r->u_contract + r->u_petit + r->u_chelem;
    for (int i = 0; i < r->n_poignees; i++) u += r->u_poignee[i];
    for (int s = 0; s < n; s++) r->scores[s] = tarot_share(r, s, u);
}

/* F40: a seat's share of a component x of u (scores and events). */
int tarot_share(const struct tarot_result *r, int seat, int x)
{
    if (seat != r->taker && seat != r->partner) return -x;
    if (seat != r->taker) return x;
    if (r->n == 5) return r->partner >= 0 ? 2 * x : 4 * x;
    return (r->n - 1) * x;
}

/* tarot_report.c - what a Tarot match writes through a pq_writer: a deal's
 * result (RULES-tarot.md section 16, keys in its order), the match result,
 * and a player's view (section 14; keys listed in tarot.h). The view shows
 * nothing section 14 does not allow: the checker in tests/test_tarot_view.c
 * derives the allowed cards on its own.
 */
#include <string.h>
#include "engine/tarot/tarot.h"

int tarot_test_leak;

static const char *const letters[TAROT_MAX_SEATS] = { "A", "B", "C", "D", "E" };

static void w_card(const struct pq_writer *w, const char *key, int card)
{
    char tok[3];
    if (card == TAROT_NO_CARD) {
        pq_writer_str(w, key, NULL);
        return;
    }
    tarot_card_format(card, tok);
    pq_writer_str(w, key, tok);
}

static void w_cards(const struct pq_writer *w, const char *key, tarot_mask m)
{
    w->begin(w->ctx, key, 1);
    for (; m; m &= m - 1) w_card(w, NULL, tarot_first(m));
    w->end(w->ctx);
}

static const char *camp_name(int camp)
{
    return camp == TAROT_ATTACK ? "attack" : camp == TAROT_DEFENCE ? "defence" : NULL;
}

static void w_group(const struct pq_writer *w, const struct tarot_result *r, const char *category, int x)
{
    if (x == 0) return;
    for (int s = 0; s < r->n; s++) {
        w->begin(w->ctx, NULL, 0);
        pq_writer_int(w, "seat", s);
        pq_writer_str(w, "category", category);
        pq_writer_int(w, "points", tarot_share(r, s, x));
        w->end(w->ctx);
    }
}

void tarot_report_deal(const struct tarot_result *r, int with_seats, const struct pq_writer *w)
{
    static const char *const voids[] = { NULL, "petit_sec", "all_pass" };
    int played = r->void_kind == TAROT_NOT_VOID;
    if (with_seats) {
        pq_writer_str(w, "dealer", letters[r->dealer]);
        w->begin(w->ctx, "seats", 1);
        for (int s = 0; s < r->n; s++) pq_writer_str(w, NULL, letters[r->seat_player[s]]);
        w->end(w->ctx);
    }
    pq_writer_str(w, "game", "tarot");
    pq_writer_int(w, "players", r->n);
    pq_writer_str(w, "void", voids[r->void_kind]);
    pq_writer_seat(w, "taker", r->taker);
    pq_writer_str(w, "contract", played ? tarot_contract_name(r->contract) : NULL);
    w_card(w, "called", r->called);
    pq_writer_seat(w, "partner", r->partner);
    w->boolean(w->ctx, "chelem_announced", r->chelem_announced);
    pq_writer_int(w, "half_points", r->half_points);
    pq_writer_int(w, "bouts", r->bouts);
    pq_writer_int(w, "target", r->target);
    w->boolean(w->ctx, "made", r->made);
    pq_writer_int(w, "difference", r->difference);
    pq_writer_int(w, "multiplier", r->multiplier);
    pq_writer_str(w, "petit_au_bout", camp_name(r->petit_au_bout));
    w->begin(w->ctx, "poignees", 1);
    for (int i = 0; i < r->n_poignees; i++) {
        w->begin(w->ctx, NULL, 0);
        pq_writer_int(w, "seat", r->poignee_seat[i]);
        pq_writer_str(w, "level", tarot_level_name(r->poignee_level[i]));
        pq_writer_int(w, "points", tarot_poignee_value(r->poignee_level[i]));
        w->end(w->ctx);
    }
    w->end(w->ctx);
    pq_writer_str(w, "chelem", camp_name(r->chelem));
    w->begin(w->ctx, "tricks", 1);
    for (int s = 0; s < r->n; s++) pq_writer_int(w, NULL, r->tricks[s]);
    w->end(w->ctx);
    w->begin(w->ctx, "scores", 1);
    for (int s = 0; s < r->n; s++) pq_writer_int(w, NULL, r->scores[s]);
    w->end(w->ctx);
    w->begin(w->ctx, "events", 1);
    if (played) {
        w_group(w, r, "contract", r->u_contract);
        w_group(w, r, "petit_au_bout", r->u_petit);
        for (int i = 0; i < r->n_poignees; i++) w_group(w, r, "poignee", r->u_poignee[i]);
        w_group(w, r, "chelem", r->u_chelem);
    }
    w->end(w->ctx);
}

/* F45 */
void tarot_report_match(const struct tarot_match *m, const struct pq_writer *w)
{
    int n = m->n, order[TAROT_MAX_SEATS];
    for (int i = 0; i < n; i++) order[i] = i;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && m->totals[order[j]] > m->totals[order[j - 1]]; j--) {
            int k = order[j];
            order[j] = order[j - 1];
            order[j - 1] = k;
        }
    w->begin(w->ctx, "totals", 0);
    for (int p = 0; p < n; p++) pq_writer_int(w, letters[p], m->totals[p]);
    w->end(w->ctx);
    w->begin(w->ctx, "ranking", 1);
    for (int i = 0; i < n;) {
        int j = i;
        w->begin(w->ctx, NULL, 1);
        while (j < n && m->totals[order[j]] == m->totals[order[i]]) pq_writer_str(w, NULL, letters[order[j++]]);
        w->end(w->ctx);
        i = j;
    }
    w->end(w->ctx);
    pq_writer_str(w, "winner", m->totals[order[0]] == m->totals[order[1]] ? NULL : letters[order[0]]);
    w->begin(w->ctx, "deals", 1);
    for (int i = 0; i < m->n_results; i++) {
        w->begin(w->ctx, NULL, 0);
        tarot_report_deal(&m->results[i], 1, w);
        w->end(w->ctx);
    }
    w->end(w->ctx);
}

/* ---- the view ---- */

static const char *phase_name(int phase)
{
    static const char *const names[] = { "auction", "call", "discard", "chelem", "play", "over" };
    return names[phase];
}

/* The dog is turned up (F17) once the taker takes it. */
static int dog_seen(const struct tarot_deal *d)
{
    if (d->phase == TAROT_OVER) return d->void_kind == TAROT_NOT_VOID;
    return d->taker >= 0 && d->contract <= TAROT_GARDE && d->phase >= TAROT_DISCARD;
}

/* Section 14: the partner as `seat` knows him; *alone when it knows
 * there is none. */
static int known_partner(const struct tarot_deal *d, int seat, int *alone)
{
    *alone = 0;
    if (d->called == TAROT_NO_CARD) return -1;
    int self_called = d->partner < 0 && (tarot_dealt_hand(d, d->taker) & TAROT_BIT(d->called));
    if (d->partner_public || d->phase == TAROT_OVER || seat == d->partner || (seat == d->taker && self_called)) {
        *alone = d->partner < 0;
        return d->partner;
    }
    return -1;
}

static void w_history(const struct tarot_deal *d, int seat, const struct pq_writer *w)
{
    int poignees = 0;
    w->begin(w->ctx, "history", 1);
    for (int i = 0; i < d->n_hist; i++) {
        const struct tarot_played *h = &d->hist[i];
        struct tarot_action a = { h->kind, h->arg, 0 };
        char text[GAME_ACTION_MAX];
        if (h->kind == TAROT_ACT_DISCARD && (seat == d->taker || d->phase == TAROT_OVER)) a.cards = d->discard;
        if (h->kind == TAROT_ACT_POIGNEE) {
            a.cards = d->poignee[d->poignee_order[poignees++]];
        }
        tarot_action_format(&a, text, sizeof text);
        w->begin(w->ctx, NULL, 0);
        pq_writer_int(w, "seat", h->seat);
        pq_writer_str(w, "action", text);
        w->end(w->ctx);
    }
    w->end(w->ctx);
}

static void w_trick(const struct pq_writer *w, const struct tarot_deal *d, const char *key, int t, int count, int winner)
{
    w->begin(w->ctx, key, 0);
    pq_writer_int(w, "leader", d->leader[t]);
    w->begin(w->ctx, "cards", 1);
    for (int i = 0; i < count; i++) w_card(w, NULL, d->plays[t * d->n + i]);
    w->end(w->ctx);
    if (winner) pq_writer_int(w, "winner", d->winner[t]);
    w->end(w->ctx);
}

void tarot_report_view(const struct tarot_match *m, int player, const struct pq_writer *w)
{
    const struct tarot_deal *d = &m->deal;
    int seat = tarot_match_player_seat(m, player), alone, partner = known_partner(d, seat, &alone);
    tarot_mask hand = d->hand[seat];
    tarot_mask other = d->hand[(seat + 1) % d->n] & ~hand;
    if (tarot_test_leak && other) hand |= TAROT_BIT(tarot_first(other));
    pq_writer_str(w, "game", "tarot");
    pq_writer_int(w, "players", m->n);
    pq_writer_int(w, "deal", m->deal_no);
    pq_writer_str(w, "player", letters[player]);
    pq_writer_int(w, "seat", seat);
    w->begin(w->ctx, "seats", 1);
    for (int s = 0; s < m->n; s++) pq_writer_str(w, NULL, letters[m->seat_player[s]]);
    w->end(w->ctx);
    pq_writer_str(w, "dealer", letters[tarot_match_dealer(m)]);
    pq_writer_str(w, "phase", phase_name(d->phase));
    pq_writer_seat(w, "turn", d->to_act);
    w_cards(w, "hand", hand);
    w->begin(w->ctx, "bids", 1);
    for (int s = 0; s < m->n; s++) pq_writer_str(w, NULL, d->bids[s] < 0 ? NULL : tarot_contract_name(d->bids[s]));
    w->end(w->ctx);
    pq_writer_seat(w, "taker", d->taker);
    pq_writer_str(w, "contract", d->taker >= 0 ? tarot_contract_name(d->contract) : NULL);
    w_card(w, "called", d->called);
    pq_writer_seat(w, "partner", partner);
    w->boolean(w->ctx, "alone", alone);
    if (dog_seen(d)) w_cards(w, "dog", d->dog);
    else pq_writer_str(w, "dog", NULL);
    int discarded = d->taker >= 0 && d->contract <= TAROT_GARDE && d->phase >= TAROT_CHELEM && d->void_kind == TAROT_NOT_VOID;
    if (discarded && (seat == d->taker || d->phase == TAROT_OVER)) w_cards(w, "discard", d->discard);
    else pq_writer_str(w, "discard", NULL);
    if (!discarded) pq_writer_str(w, "discard_trumps", NULL);
    else if (d->rules.trump_discard == TAROT_DISCARD_SHOWN) w_cards(w, "discard_trumps", d->discard & TAROT_TRUMP_MASK);
    else pq_writer_int(w, "discard_trumps", tarot_count(d->discard & TAROT_TRUMP_MASK));
    if (d->chelem_spoken) w->boolean(w->ctx, "chelem", d->chelem_announced);
    else pq_writer_str(w, "chelem", NULL);
    w->begin(w->ctx, "poignees", 1);
    for (int i = 0; i < d->n_poignees; i++) {
        int s = d->poignee_order[i];
        w->begin(w->ctx, NULL, 0);
        pq_writer_int(w, "seat", s);
        pq_writer_str(w, "level", tarot_level_name(d->poignee_level[s]));
        w_cards(w, "cards", d->poignee[s]);
        w->end(w->ctx);
    }
    w->end(w->ctx);
    w_history(d, seat, w);
    if (d->phase == TAROT_PLAY) w_trick(w, d, "trick", d->trick_no, d->in_trick, 0);
    else pq_writer_str(w, "trick", NULL);
    if (d->trick_no > 0) w_trick(w, d, "last_trick", d->trick_no - 1, d->n, 1);
    else pq_writer_str(w, "last_trick", NULL);
    w->begin(w->ctx, "tricks_won", 1);
    for (int s = 0; s < m->n; s++) pq_writer_int(w, NULL, d->tricks_won[s]);
    w->end(w->ctx);
    w->begin(w->ctx, "totals", 0);
    for (int p = 0; p < m->n; p++) pq_writer_int(w, letters[p], m->totals[p]);
    w->end(w->ctx);
}

/* coinche_report.c - what a Coinche match writes through a pq_writer: a
 * deal's result (RULES-coinche.md section 12, keys in its order), the
 * match result, and a player's view (keys listed in coinche.h). The view
 * shows nothing K41-K43 do not allow: the checker in
 * tests/test_coinche_view.c derives the allowed cards on its own.
 */
#include <string.h>
#include "engine/coinche/coinche.h"

static const char *const letters[] = { "A", "B", "C", "D" };
static const char *const partnerships[] = { "AC", "BD" };

/* The contract object of section 12, or null. */
static void w_contract(const struct pq_writer *w, const struct coinche_contract *c)
{
    if (c->taker < 0) {
        pq_writer_str(w, "contract", NULL);
        return;
    }
    pq_writer_begin(w, "contract", 0);
    pq_writer_int(w, "taker", c->taker);
    pq_writer_int(w, "side", c->taker & 1);
    pq_writer_int(w, "value", coinche_level_value(c->level));
    pq_writer_str(w, "bid", coinche_level_word(c->level));
    pq_writer_str(w, "denomination", coinche_den_word(c->den));
    pq_writer_int(w, "coinche", c->coinche);
    pq_writer_end(w);
}

void coinche_report_deal(const struct coinche_sheet *s, const struct coinche_rules *rules, const struct pq_writer *w)
{
    struct coinche_result r;
    int32_t tricks[COINCHE_SEATS];
    coinche_score(s, rules, &r);
    for (int i = 0; i < COINCHE_SEATS; i++) tricks[i] = s->tricks[i];
    pq_writer_str(w, "game", "coinche");
    pq_writer_int(w, "players", 4);
    pq_writer_str(w, "outcome", coinche_outcome_name(r.outcome));
    w_contract(w, &s->contract);
    pq_writer_ints(w, "tricks", tricks, COINCHE_SEATS);
    pq_writer_ints(w, "card_points", r.card_points, 2);
    pq_writer_ints(w, "melds", r.melds, 2);
    pq_writer_ints(w, "belote", r.belote, 2);
    pq_writer_ints(w, "scores", r.scores, 2);
    pq_writer_begin(w, "events", 1);
    for (int e = 0; e < r.n_events; e++) {
        const struct coinche_event *ev = &r.events[e];
        pq_writer_side_event(w, ev->seat, ev->side, coinche_category_name(ev->category), ev->points);
    }
    pq_writer_end(w);
}

void coinche_report_match(const struct coinche_match *m, const struct pq_writer *w)
{
    long diff = (long)m->totals[0] - m->totals[1];
    pq_writer_begin(w, "totals", 0);
    for (int e = 0; e < 2; e++) pq_writer_int(w, partnerships[e], m->totals[e]);
    pq_writer_end(w);
    pq_writer_str(w, "winner", diff == 0 ? NULL : partnerships[diff > 0 ? 0 : 1]);
    pq_writer_int(w, "settlement", diff >= 0 ? diff : -diff);
    pq_writer_begin(w, "deals", 1);
    for (int i = 0; i < m->n_sheets; i++) {
        pq_writer_begin(w, NULL, 0);
        coinche_report_deal(&m->sheets[i], &m->rules, w);
        pq_writer_end(w);
    }
    pq_writer_end(w);
}

/* ---- the view ---- */

/* The melds seat s declared, as meld texts, into the current array. */
static void w_seat_melds(const struct pq_writer *w, const struct coinche_deal *d, int s)
{
    char t[40];
    for (int k = 0; k < d->n_hist; k++)
        if (d->hist[k].kind == COINCHE_ACT_MELD && d->hist[k].seat == s)
            for (int j = 0; j < d->hist[k].pool_n; j++) {
                bel_meld_format(d->pool[d->hist[k].pool_at + j], t);
                pq_writer_str(w, NULL, t);
            }
}

static void w_action(const struct pq_writer *w, const struct coinche_deal *d, const struct coinche_act *act, int v)
{
    static const char *const words[] = { "pass", "bid", "coinche", "surcoinche", "meld", "play" };
    char text[COINCHE_TEXT];
    pq_writer_begin(w, NULL, 0);
    pq_writer_int(w, "seat", act->seat);
    switch (act->kind) {
    case COINCHE_ACT_BID:
        strcpy(text, "bid ");
        strcat(text, coinche_level_word(act->card));
        strcat(text, " ");
        strcat(text, coinche_den_word(act->den));
        pq_writer_str(w, "action", text);
        break;
    case COINCHE_ACT_MELD:
        if (act->seat == v) {       /* K42: only its own declaration in full */
            bel_meld_action_format(d->pool + act->pool_at, act->pool_n, text, sizeof text);
            pq_writer_str(w, "action", text);
        } else {
            pq_writer_str(w, "action", "meld");
        }
        bel_write_say(w, act->seat, act->say, act->asked, d->call);
        break;
    case COINCHE_ACT_PLAY:
        bel_put_play(text, sizeof text, act->card, act->den);   /* a play's den holds its suffix */
        pq_writer_str(w, "action", text);
        if (act->shows) {
            pq_writer_begin(w, "shows", 1);
            w_seat_melds(w, d, act->seat);
            pq_writer_end(w);
        }
        break;
    default:
        pq_writer_str(w, "action", words[act->kind]);
    }
    pq_writer_end(w);
}

/* A card this seat may not see, for the leak checker's own test. */
static int hidden_card(const struct coinche_deal *d, int v)
{
    for (int s = 0; s < COINCHE_SEATS; s++)
        if (s != v && (d->hand[s] & ~d->known[s])) return pq_mask_first(d->hand[s] & ~d->known[s]);
    return -1;
}

void coinche_report_view(const struct coinche_match *m, int player, const struct pq_writer *w)
{
    const struct coinche_deal *d = &m->deal;
    int v = coinche_match_player_seat(m, player);
    pq_writer_str(w, "game", "coinche");
    pq_writer_int(w, "players", 4);
    pq_writer_int(w, "deal", m->deal_no);
    pq_writer_str(w, "player", letters[player]);
    pq_writer_int(w, "seat", v);
    pq_writer_begin(w, "seats", 1);
    for (int s = 0; s < COINCHE_SEATS; s++) pq_writer_str(w, NULL, letters[coinche_match_seat_player(m, s)]);
    pq_writer_end(w);
    pq_writer_str(w, "dealer", letters[coinche_match_dealer(m)]);
    pq_writer_int(w, "side", v & 1);
    const char *phase = "over";
    switch (d->phase) {
    case COINCHE_PHASE_AUCTION: phase = "auction"; break;
    case COINCHE_PHASE_ANSWER: phase = "surcoinche"; break;
    case COINCHE_PHASE_PLAY: phase = coinche_deal_meld_due(d) ? "meld" : "play"; break;
    default: break;
    }
    pq_writer_str(w, "phase", phase);
    if (d->to_act < 0) pq_writer_str(w, "turn", NULL);
    else pq_writer_int(w, "turn", d->to_act);
    pq_writer_begin(w, "hand", 1);
    for (pq_mask h = d->hand[v]; h; h &= h - 1) bel_write_card(w, NULL, pq_mask_first(h));
    if (coinche_test_leak && hidden_card(d, v) >= 0) bel_write_card(w, NULL, hidden_card(d, v));
    pq_writer_end(w);
    w_contract(w, &d->contract);
    pq_writer_begin(w, "history", 1);
    for (int i = 0; i < d->n_hist; i++) w_action(w, d, &d->hist[i], v);
    pq_writer_end(w);
    bel_write_trick(w, d->leader, d->played, d->n_played, d->tricks_won, COINCHE_SEATS);
    pq_writer_begin(w, "shown", 1);
    for (int s = 0; s < COINCHE_SEATS; s++) {
        int shown = 0;
        for (int i = 0; i < d->n_hist; i++) shown |= d->hist[i].kind == COINCHE_ACT_PLAY && d->hist[i].seat == s && d->hist[i].shows;
        pq_writer_begin(w, NULL, 1);
        if (shown) w_seat_melds(w, d, s);
        pq_writer_end(w);
    }
    pq_writer_end(w);
    pq_writer_begin(w, "totals", 0);
    for (int e = 0; e < 2; e++) pq_writer_int(w, partnerships[e], m->totals[e]);
    pq_writer_end(w);
}

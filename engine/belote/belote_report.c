/* belote_report.c - what a Belote match writes through a pq_writer: a deal's
 * result (RULES-belote.md section 16, keys in its order), the match
 * result, and a player's view (section 14; keys listed in belote.h). The
 * view shows nothing B40-B44 do not allow: the checker in
 * tests/test_belote_view.c derives the allowed cards on its own.
 */
#include <string.h>
#include "engine/belote/belote.h"

static const char suit_letters[] = "SHDC";

static void w_suit(const struct pq_writer *w, const char *key, int suit)
{
    char x[2] = { suit >= 0 ? suit_letters[suit] : '\0', '\0' };
    pq_writer_str(w, key, suit >= 0 ? x : NULL);
}

static const char *entrant_name(const struct bel_match *m, int e)
{
    static const char *const letters[] = { "A", "B", "C", "D" };
    static const char *const sides[] = { "AC", "BD" };
    return m->rules.form == BEL_PARTNERSHIP ? sides[e] : letters[e];
}

void bel_report_deal(const struct bel_match *m, const struct bel_sheet *s, const struct pq_writer *w)
{
    struct bel_result r;
    int32_t tricks[BEL_MAX_SEATS];
    bel_score(s, &m->rules, &r);
    for (int i = 0; i < s->n; i++) tricks[i] = s->tricks[i];
    pq_writer_str(w, "game", bel_form_name(s->form));
    pq_writer_int(w, "players", s->n);
    w->boolean(w->ctx, "void", s->is_void);
    pq_writer_seat(w, "maker", s->maker);
    w_suit(w, "trump", s->trump);
    bel_write_card(w, "turnup", s->turnup);
    bel_write_card(w, "bergere", s->bergere);
    pq_writer_seat(w, "exchange", s->exchange);
    pq_writer_str(w, "outcome", bel_outcome_name(r.outcome));
    pq_writer_ints(w, "tricks", tricks, s->n);
    pq_writer_ints(w, "counts", r.counts, r.units);
    pq_writer_ints(w, "rounded", r.rounded, r.units);
    pq_writer_ints(w, "scores", r.scores, r.units);
    pq_writer_seat(w, "meld_winner", s->meld_winner);
    pq_writer_int(w, "reserve_out", r.reserve_out);
    pq_writer_begin(w, "events", 1);
    for (int e = 0; e < r.n_events; e++) {
        const struct bel_event *ev = &r.events[e];
        pq_writer_begin(w, NULL, 0);
        pq_writer_int(w, "seat", ev->seat);
        pq_writer_str(w, "category", bel_category_name(ev->category));
        pq_writer_int(w, "points", ev->points);
        if (ev->side >= 0) pq_writer_int(w, "side", ev->side);
        pq_writer_end(w);
    }
    pq_writer_end(w);
}

void bel_report_match(const struct bel_match *m, const struct pq_writer *w)
{
    long totals[BEL_MAX_SEATS] = { 0 };
    int e = bel_match_entrants(m), order[BEL_MAX_SEATS] = { 0 };
    bel_match_entrant_totals(m, totals);
    for (int i = 0; i < e; i++) order[i] = i;
    for (int i = 1; i < e; i++)
        for (int j = i; j > 0 && totals[order[j]] > totals[order[j - 1]]; j--) {
            int k = order[j];
            order[j] = order[j - 1];
            order[j - 1] = k;
        }
    pq_writer_begin(w, "totals", 0);
    for (int i = 0; i < e; i++) pq_writer_int(w, entrant_name(m, i), totals[i]);
    pq_writer_end(w);
    pq_writer_begin(w, "ranking", 1);
    for (int i = 0; i < e;) {
        int j = i;
        pq_writer_begin(w, NULL, 1);
        while (j < e && totals[order[j]] == totals[order[i]]) pq_writer_str(w, NULL, entrant_name(m, order[j++]));
        pq_writer_end(w);
        i = j;
    }
    pq_writer_end(w);
    int draw = e > 1 && totals[order[0]] == totals[order[1]];
    pq_writer_str(w, "winner", draw ? NULL : entrant_name(m, order[0]));
    if (e == 2) pq_writer_int(w, "settlement", totals[order[0]] - totals[order[1]]);
    else pq_writer_str(w, "settlement", NULL);
    pq_writer_int(w, "reserve_lost", m->over ? m->reserve_lost : 0);
    pq_writer_begin(w, "deals", 1);
    for (int i = 0; i < m->n_sheets; i++) {
        pq_writer_begin(w, NULL, 0);
        bel_report_deal(m, &m->sheets[i], w);
        pq_writer_end(w);
    }
    pq_writer_end(w);
}

/* ---- the view ---- */

static void w_action(const struct pq_writer *w, const struct bel_deal *d, const struct bel_act *act, int v)
{
    static const char *const words[] = { "take", "name", "pass", "exchange", "keep", "meld", "play" };
    char text[BEL_TEXT];
    pq_writer_begin(w, NULL, 0);
    pq_writer_int(w, "seat", act->seat);
    switch (act->kind) {
    case BEL_ACT_NAME:
        text[0] = '\0';
        strcpy(text, "name ");
        text[5] = suit_letters[act->card];
        text[6] = '\0';
        pq_writer_str(w, "action", text);
        break;
    case BEL_ACT_MELD:
        if (d->rules.form == BEL_MARSEILLAISE || act->seat == v) {
            bel_meld_action_format(d->pool + act->pool_at, act->pool_n, text, sizeof text);
            pq_writer_str(w, "action", text);
        } else {
            pq_writer_str(w, "action", "meld");
        }
        if (d->rules.form == BEL_MARSEILLAISE) break;
        bel_write_say(w, act->seat, act->say, act->asked, d->call);
        break;
    case BEL_ACT_PLAY:
        bel_put_play(text, sizeof text, act->card, act->suffix);
        pq_writer_str(w, "action", text);
        if (act->shows && d->rules.form == BEL_MARSEILLAISE) {
            w->boolean(w->ctx, "belote", 1);
        } else if (act->shows) {
            pq_writer_begin(w, "shows", 1);
            for (int i = 0; i < d->n_hist; i++) {
                const struct bel_act *m = &d->hist[i];
                if (m->kind != BEL_ACT_MELD || m->seat != act->seat) continue;
                char t[32];
                for (int k = 0; k < m->pool_n; k++) {
                    bel_meld_format(d->pool[m->pool_at + k], t);
                    pq_writer_str(w, NULL, t);
                }
            }
            pq_writer_end(w);
        }
        break;
    default:
        pq_writer_str(w, "action", words[act->kind]);
    }
    pq_writer_end(w);
}

/* A card this seat may not see, for the leak checker's own test. */
static int hidden_card(const struct bel_deal *d, int v)
{
    for (int s = 0; s < d->n; s++)
        if (s != v && (d->hand[s] & ~d->known[s])) return pq_mask_first(d->hand[s] & ~d->known[s]);
    if (d->rules.form == BEL_MARSEILLAISE && d->down[0]) return pq_mask_first(d->down[0]);
    return -1;
}

void bel_report_view(const struct bel_match *m, int player, const struct pq_writer *w)
{
    static const char *const letters[] = { "A", "B", "C", "D" };
    const struct bel_deal *d = &m->deal;
    int v = bel_match_player_seat(m, player), waiting = d->phase == BEL_PHASE_EXCHANGE && d->asked != v;
    long totals[BEL_MAX_SEATS] = { 0 };
    pq_writer_str(w, "game", bel_form_name(m->rules.form));
    pq_writer_int(w, "players", m->n);
    pq_writer_int(w, "deal", m->deal_no);
    pq_writer_str(w, "player", letters[player]);
    pq_writer_int(w, "seat", v);
    pq_writer_begin(w, "seats", 1);
    for (int s = 0; s < m->n; s++) pq_writer_str(w, NULL, letters[bel_match_seat_player(m, s)]);
    pq_writer_end(w);
    pq_writer_str(w, "dealer", letters[bel_match_dealer(m)]);
    if (m->rules.form == BEL_PARTNERSHIP) pq_writer_int(w, "side", v & 1);
    const char *phase = "over";
    switch (d->phase) {
    case BEL_PHASE_AUCTION1: phase = "auction"; break;
    case BEL_PHASE_AUCTION2: phase = "name"; break;
    case BEL_PHASE_EXCHANGE: phase = waiting ? "waiting" : "exchange"; break;
    case BEL_PHASE_PLAY: phase = bel_deal_meld_due(d) ? "meld" : "play"; break;
    default: break;
    }
    pq_writer_str(w, "phase", phase);
    pq_writer_seat(w, "turn", waiting || d->phase == BEL_PHASE_OVER ? -1 : d->to_act);
    pq_writer_begin(w, "hand", 1);
    for (pq_mask h = d->hand[v]; h; h &= h - 1) bel_write_card(w, NULL, pq_mask_first(h));
    if (bel_test_leak && hidden_card(d, v) >= 0) bel_write_card(w, NULL, hidden_card(d, v));
    pq_writer_end(w);
    bel_write_card(w, "turnup", d->turnup);
    bel_write_card(w, "turnup_place", d->place);
    bel_write_card(w, "bergere", d->bergere);
    w_suit(w, "trump", d->trump);
    pq_writer_seat(w, "maker", d->maker);
    pq_writer_seat(w, "exchange", d->exchanger);
    pq_writer_begin(w, "history", 1);
    for (int i = 0; i < d->n_hist; i++) {
        const struct bel_act *act = &d->hist[i];
        if (act->kind == BEL_ACT_KEEP && act->seat != v) continue;     /* B41 */
        w_action(w, d, act, v);
    }
    pq_writer_end(w);
    bel_write_trick(w, d->leader, d->played, d->n_played, d->tricks_won, d->n);
    pq_writer_begin(w, "shown", 1);
    for (int s = 0; s < d->n; s++) {
        pq_writer_begin(w, NULL, 1);
        for (int i = 0; i < d->n_hist; i++) {
            const struct bel_act *act = &d->hist[i];
            if (act->seat != s) continue;
            if (d->rules.form == BEL_MARSEILLAISE && act->kind == BEL_ACT_MELD) {
                char t[32];
                for (int k = 0; k < act->pool_n; k++) {
                    bel_meld_format(d->pool[act->pool_at + k], t);
                    pq_writer_str(w, NULL, t);
                }
            }
            if (d->rules.form != BEL_MARSEILLAISE && act->kind == BEL_ACT_PLAY && act->shows) {
                for (int k = 0; k < d->n_hist; k++)
                    if (d->hist[k].kind == BEL_ACT_MELD && d->hist[k].seat == s) {
                        char t[32];
                        for (int j = 0; j < d->hist[k].pool_n; j++) {
                            bel_meld_format(d->pool[d->hist[k].pool_at + j], t);
                            pq_writer_str(w, NULL, t);
                        }
                    }
            }
        }
        pq_writer_end(w);
    }
    pq_writer_end(w);
    if (m->rules.form == BEL_MARSEILLAISE) {
        pq_writer_begin(w, "layouts", 1);
        for (int s = 0; s < 2; s++) {
            pq_writer_begin(w, NULL, 1);
            for (int j = 0; j < 8; j++) {
                pq_writer_begin(w, NULL, 0);
                bel_write_card(w, "up", d->top[s][j]);
                w->boolean(w->ctx, "down", d->bottom[s][j] != BEL_NO_CARD);
                pq_writer_end(w);
            }
            pq_writer_end(w);
        }
        pq_writer_end(w);
    }
    bel_match_entrant_totals(m, totals);
    pq_writer_begin(w, "totals", 0);
    for (int e = 0; e < bel_match_entrants(m); e++) pq_writer_int(w, entrant_name(m, e), totals[e]);
    pq_writer_end(w);
    pq_writer_int(w, "reserve", m->reserve);
}

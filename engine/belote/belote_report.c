/* belote_report.c - what a Belote match writes through a pq_writer: a deal's
 * result (RULES-belote.md section 16, keys in its order), the match
 * result, and a player's view (section 14; keys listed in belote.h). The
 * view shows nothing B40-B44 do not allow: the checker in
 * tests/test_belote_view.c derives the allowed cards on its own.
 */
#include <string.h>
#include "engine/belote/belote.h"

static const char suit_letters[] = "SHDC";

static void w_begin(const struct pq_writer *w, const char *key, int array)
{
    w->begin(w->ctx, key, array);
}

static void w_end(const struct pq_writer *w)
{
    w->end(w->ctx);
}

static void w_int(const struct pq_writer *w, const char *key, long v)
{
    w->integer(w->ctx, key, v);
}

static void w_str(const struct pq_writer *w, const char *key, const char *v)
{
    w->string(w->ctx, key, v);
}

static void w_card(const struct pq_writer *w, const char *key, int card)
{
    char text[3];
    if (card == BEL_NO_CARD || card < 0) {
        w_str(w, key, NULL);
        return;
    }
    pq_card_format(card, text);
    w_str(w, key, text);
}

static void w_seat(const struct pq_writer *w, const char *key, int seat)
{
    if (seat < 0) w_str(w, key, NULL);
    else w_int(w, key, seat);
}

static void w_suit(const struct pq_writer *w, const char *key, int suit)
{
    char x[2] = { suit >= 0 ? suit_letters[suit] : '\0', '\0' };
    w_str(w, key, suit >= 0 ? x : NULL);
}

static void w_ints(const struct pq_writer *w, const char *key, const int32_t *v, int n)
{
    w_begin(w, key, 1);
    for (int i = 0; i < n; i++) w_int(w, NULL, v[i]);
    w_end(w);
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
    w_str(w, "game", bel_form_name(s->form));
    w_int(w, "players", s->n);
    w->boolean(w->ctx, "void", s->is_void);
    w_seat(w, "maker", s->maker);
    w_suit(w, "trump", s->trump);
    w_card(w, "turnup", s->turnup);
    w_card(w, "bergere", s->bergere);
    w_seat(w, "exchange", s->exchange);
    w_str(w, "outcome", bel_outcome_name(r.outcome));
    w_ints(w, "tricks", tricks, s->n);
    w_ints(w, "counts", r.counts, r.units);
    w_ints(w, "rounded", r.rounded, r.units);
    w_ints(w, "scores", r.scores, r.units);
    w_seat(w, "meld_winner", s->meld_winner);
    w_int(w, "reserve_out", r.reserve_out);
    w_begin(w, "events", 1);
    for (int e = 0; e < r.n_events; e++) {
        const struct bel_event *ev = &r.events[e];
        w_begin(w, NULL, 0);
        w_int(w, "seat", ev->seat);
        w_str(w, "category", bel_category_name(ev->category));
        w_int(w, "points", ev->points);
        if (ev->side >= 0) w_int(w, "side", ev->side);
        w_end(w);
    }
    w_end(w);
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
    w_begin(w, "totals", 0);
    for (int i = 0; i < e; i++) w_int(w, entrant_name(m, i), totals[i]);
    w_end(w);
    w_begin(w, "ranking", 1);
    for (int i = 0; i < e;) {
        int j = i;
        w_begin(w, NULL, 1);
        while (j < e && totals[order[j]] == totals[order[i]]) w_str(w, NULL, entrant_name(m, order[j++]));
        w_end(w);
        i = j;
    }
    w_end(w);
    int draw = e > 1 && totals[order[0]] == totals[order[1]];
    w_str(w, "winner", draw ? NULL : entrant_name(m, order[0]));
    if (e == 2) w_int(w, "settlement", totals[order[0]] - totals[order[1]]);
    else w_str(w, "settlement", NULL);
    w_int(w, "reserve_lost", m->over ? m->reserve_lost : 0);
    w_begin(w, "deals", 1);
    for (int i = 0; i < m->n_sheets; i++) {
        w_begin(w, NULL, 0);
        bel_report_deal(m, &m->sheets[i], w);
        w_end(w);
    }
    w_end(w);
}

/* ---- the view ---- */

static void w_action(const struct pq_writer *w, const struct bel_deal *d, const struct bel_act *act, int v)
{
    static const char *const words[] = { "take", "name", "pass", "exchange", "keep", "meld", "play" };
    char text[BEL_TEXT], card[3];
    w_begin(w, NULL, 0);
    w_int(w, "seat", act->seat);
    switch (act->kind) {
    case BEL_ACT_NAME:
        text[0] = '\0';
        strcpy(text, "name ");
        text[5] = suit_letters[act->card];
        text[6] = '\0';
        w_str(w, "action", text);
        break;
    case BEL_ACT_MELD:
        if (d->rules.form == BEL_MARSEILLAISE || act->seat == v) {
            bel_meld_action_format(d->pool + act->pool_at, act->pool_n, text, sizeof text);
            w_str(w, "action", text);
        } else {
            w_str(w, "action", "meld");
        }
        if (d->rules.form == BEL_MARSEILLAISE) break;
        bel_write_say(w, act->seat, act->say, act->asked, d->call);
        break;
    case BEL_ACT_PLAY:
        pq_card_format(act->card, card);
        strcpy(text, "play ");
        strcat(text, card);
        if (act->suffix) strcat(text, act->suffix == BEL_SUFFIX_BELOTE ? " belote" : " rebelote");
        w_str(w, "action", text);
        if (act->shows && d->rules.form == BEL_MARSEILLAISE) {
            w->boolean(w->ctx, "belote", 1);
        } else if (act->shows) {
            w_begin(w, "shows", 1);
            for (int i = 0; i < d->n_hist; i++) {
                const struct bel_act *m = &d->hist[i];
                if (m->kind != BEL_ACT_MELD || m->seat != act->seat) continue;
                char t[32];
                for (int k = 0; k < m->pool_n; k++) {
                    bel_meld_format(d->pool[m->pool_at + k], t);
                    w_str(w, NULL, t);
                }
            }
            w_end(w);
        }
        break;
    default:
        w_str(w, "action", words[act->kind]);
    }
    w_end(w);
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
    w_str(w, "game", bel_form_name(m->rules.form));
    w_int(w, "players", m->n);
    w_int(w, "deal", m->deal_no);
    w_str(w, "player", letters[player]);
    w_int(w, "seat", v);
    w_begin(w, "seats", 1);
    for (int s = 0; s < m->n; s++) w_str(w, NULL, letters[bel_match_seat_player(m, s)]);
    w_end(w);
    w_str(w, "dealer", letters[bel_match_dealer(m)]);
    if (m->rules.form == BEL_PARTNERSHIP) w_int(w, "side", v & 1);
    const char *phase = "over";
    switch (d->phase) {
    case BEL_PHASE_AUCTION1: phase = "auction"; break;
    case BEL_PHASE_AUCTION2: phase = "name"; break;
    case BEL_PHASE_EXCHANGE: phase = waiting ? "waiting" : "exchange"; break;
    case BEL_PHASE_PLAY: phase = bel_deal_meld_due(d) ? "meld" : "play"; break;
    default: break;
    }
    w_str(w, "phase", phase);
    w_seat(w, "turn", waiting || d->phase == BEL_PHASE_OVER ? -1 : d->to_act);
    w_begin(w, "hand", 1);
    for (pq_mask h = d->hand[v]; h; h &= h - 1) w_card(w, NULL, pq_mask_first(h));
    if (bel_test_leak && hidden_card(d, v) >= 0) w_card(w, NULL, hidden_card(d, v));
    w_end(w);
    w_card(w, "turnup", d->turnup);
    w_card(w, "turnup_place", d->place);
    w_card(w, "bergere", d->bergere);
    w_suit(w, "trump", d->trump);
    w_seat(w, "maker", d->maker);
    w_seat(w, "exchange", d->exchanger);
    w_begin(w, "history", 1);
    for (int i = 0; i < d->n_hist; i++) {
        const struct bel_act *act = &d->hist[i];
        if (act->kind == BEL_ACT_KEEP && act->seat != v) continue;     /* B41 */
        w_action(w, d, act, v);
    }
    w_end(w);
    w_begin(w, "trick", 0);
    w_int(w, "leader", d->leader);
    w_begin(w, "cards", 1);
    for (int i = 0; i < d->n_played; i++) w_card(w, NULL, d->played[i]);
    w_end(w);
    w_end(w);
    w_begin(w, "tricks_won", 1);
    for (int s = 0; s < d->n; s++) w_int(w, NULL, d->tricks_won[s]);
    w_end(w);
    w_begin(w, "shown", 1);
    for (int s = 0; s < d->n; s++) {
        w_begin(w, NULL, 1);
        for (int i = 0; i < d->n_hist; i++) {
            const struct bel_act *act = &d->hist[i];
            if (act->seat != s) continue;
            if (d->rules.form == BEL_MARSEILLAISE && act->kind == BEL_ACT_MELD) {
                char t[32];
                for (int k = 0; k < act->pool_n; k++) {
                    bel_meld_format(d->pool[act->pool_at + k], t);
                    w_str(w, NULL, t);
                }
            }
            if (d->rules.form != BEL_MARSEILLAISE && act->kind == BEL_ACT_PLAY && act->shows) {
                for (int k = 0; k < d->n_hist; k++)
                    if (d->hist[k].kind == BEL_ACT_MELD && d->hist[k].seat == s) {
                        char t[32];
                        for (int j = 0; j < d->hist[k].pool_n; j++) {
                            bel_meld_format(d->pool[d->hist[k].pool_at + j], t);
                            w_str(w, NULL, t);
                        }
                    }
            }
        }
        w_end(w);
    }
    w_end(w);
    if (m->rules.form == BEL_MARSEILLAISE) {
        w_begin(w, "layouts", 1);
        for (int s = 0; s < 2; s++) {
            w_begin(w, NULL, 1);
            for (int j = 0; j < 8; j++) {
                w_begin(w, NULL, 0);
                w_card(w, "up", d->top[s][j]);
                w->boolean(w->ctx, "down", d->bottom[s][j] != BEL_NO_CARD);
                w_end(w);
            }
            w_end(w);
        }
        w_end(w);
    }
    bel_match_entrant_totals(m, totals);
    w_begin(w, "totals", 0);
    for (int e = 0; e < bel_match_entrants(m); e++) w_int(w, entrant_name(m, e), totals[e]);
    w_end(w);
    w_int(w, "reserve", m->reserve);
}

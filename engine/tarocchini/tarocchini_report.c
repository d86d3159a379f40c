/* tarocchini_report.c - what a Tarocchini match writes through a pq_writer:
 * a deal's result and the match result exactly as RULES-tarocchini.md
 * section 9 prints them (keys in its order), and a player's view (section
 * 7; keys listed in tarocchini.h). The view shows nothing O37-O41 do not
 * allow: the checker in tests/test_tarocchini_view.c derives the allowed
 * cards on its own.
 */
#include <string.h>
#include "engine/tarocchini/tarocchini.h"

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

static void w_letter(const struct pq_writer *w, const char *key, int player)
{
    char x[2] = { (char)('A' + player), '\0' };
    w_str(w, key, x);
}

static void w_cards(const struct pq_writer *w, const char *key, tar_mask m)
{
    w_begin(w, key, 1);
    for (; m; m &= m - 1) w_str(w, NULL, tar_card_name(__builtin_ctzll(m)));
    w_end(w);
}

void tar_report_deal(const struct tar_result *r, const struct pq_writer *w)
{
    w_str(w, "game", "tarocchini");
    w_int(w, "players", TAR_SEATS);
    w_begin(w, "teams", 1);
    for (int t = 0; t < 2; t++) w_int(w, NULL, r->teams[t]);
    w_end(w);
    w_begin(w, "seats", 1);
    for (int s = 0; s < TAR_SEATS; s++) w_int(w, NULL, r->teams[tar_team(s)]);
    w_end(w);
    w_begin(w, "tricks", 1);
    for (int t = 0; t < 2; t++) w_int(w, NULL, r->tricks[t]);
    w_end(w);
    if (r->last < 0) w_str(w, "last_trick", NULL);
    else w_int(w, "last_trick", r->last);
    w->boolean(w->ctx, "monte", r->monte);
    if (r->matto_seat < 0) {
        w_str(w, "matto", NULL);
    } else {
        w_begin(w, "matto", 0);
        w_int(w, "seat", r->matto_seat);
        w_int(w, "trick", r->matto_trick);
        w_int(w, "kept_by", r->matto_kept_by);
        w_str(w, "handover", r->handover == TAR_NO_CARD ? NULL : tar_card_name(r->handover));
        w_end(w);
    }
    w_begin(w, "events", 1);
    for (int i = 0; i < r->n_events; i++) {
        const struct tar_event *e = &r->events[i];
        w_begin(w, NULL, 0);
        w_int(w, "seat", e->seat);
        w_int(w, "side", e->side);
        w_str(w, "category", tar_category_name(e->category));
        w_int(w, "points", e->points);
        w_end(w);
    }
    w_end(w);
}

static void w_totals(const struct pq_writer *w, const struct tar_match *m)
{
    w_begin(w, "totals", 0);
    w_int(w, "AC", m->totals[0]);
    w_int(w, "BD", m->totals[1]);
    w_end(w);
}

/* O34. */
void tar_report_match(const struct tar_match *m, const struct pq_writer *w)
{
    long diff = (long)m->totals[0] - m->totals[1];
    w_totals(w, m);
    w_str(w, "winner", diff > 0 ? "AC" : diff < 0 ? "BD" : NULL);
    w_int(w, "settlement", diff < 0 ? -diff : diff);
    w_begin(w, "deals", 1);
    for (int i = 0; i < m->n_results; i++) {
        w_begin(w, NULL, 0);
        tar_report_deal(&m->results[i], w);
        w_end(w);
    }
    w_end(w);
}

static const char *phase_name(int phase)
{
    static const char *const names[] = { "monte", "discard", "declare", "play", "over" };
    return names[phase];
}

/* One history entry as the viewer `seat` may see it. */
static void w_act(const struct pq_writer *w, const struct tar_act *h, int seat)
{
    static const char *const signal_words[3] = { "volo", "busso", "striscio" };
    char text[TAR_TEXT];
    w_begin(w, NULL, 0);
    w_int(w, "seat", h->seat);
    switch (h->kind) {
    case TAR_ACT_MONTE: w_str(w, "action", "monte"); break;
    case TAR_ACT_PASS:
        w_str(w, "action", "pass");
        if (h->klass) {   /* the end of a seat's declarations (O19) */
            w_int(w, "cricche", h->value);
            w_int(w, "sequences", h->sequences);
        }
        break;
    case TAR_ACT_WINS: w_str(w, "action", "wins"); break;
    case TAR_ACT_DISCARD:   /* O38: the cards only to the dealer */
        if (seat == h->seat) {
            memcpy(text, "discard ", 8);
            tar_cards_format(h->cards, text + 8, (int)sizeof text - 8);
            w_str(w, "action", text);
        } else {
            w_str(w, "action", "discard");
        }
        break;
    case TAR_ACT_DECLARE: {
        int n = (int)strlen(h->klass == TAR_CLASS_CRICCA ? "declare cricca " : "declare sequence ");
        memcpy(text, h->klass == TAR_CLASS_CRICCA ? "declare cricca " : "declare sequence ", (size_t)n);
        tar_cards_format(h->cards, text + n, (int)sizeof text - n);
        w_str(w, "action", text);
        w_int(w, "value", h->value);
        break;
    }
    default: {
        int n = 5;
        memcpy(text, "play ", 5);
        const char *name = tar_card_name(h->card);
        memcpy(text + n, name, strlen(name) + 1);
        n += (int)strlen(name);
        for (int k = 0; k < 3; k++)
            if (h->signals & (1 << k)) {
                text[n++] = ' ';
                memcpy(text + n, signal_words[k], strlen(signal_words[k]) + 1);
                n += (int)strlen(signal_words[k]);
            }
        w_str(w, "action", text);
        break;
    }
    }
    w_end(w);
}

void tar_report_view(const struct tar_match *m, int player, const struct pq_writer *w)
{
    const struct tar_deal *d = &m->deal;
    int seat = tar_match_player_seat(m, player);
    int declared[2] = { 0, 0 };
    tar_mask hand = d->hand[seat];
    if (d->phase == TAR_PHASE_MONTE || d->thrown_in) {   /* O37: the first five cards only (a thrown-in deal too) */
        hand = 0;
        for (int i = 0; i < 5; i++) hand |= TAR_BIT(d->deck[15 * seat + i]);
    }
    if (tar_test_leak) hand |= d->hand[(seat + 1) % TAR_SEATS] & -d->hand[(seat + 1) % TAR_SEATS];
    w_str(w, "game", "tarocchini");
    w_int(w, "players", TAR_SEATS);
    w_int(w, "deal", m->deal_no);
    w_letter(w, "player", player);
    w_int(w, "seat", seat);
    w_begin(w, "seats", 1);
    for (int s = 0; s < TAR_SEATS; s++) w_letter(w, NULL, tar_match_seat_player(m, s));
    w_end(w);
    w_letter(w, "dealer", tar_match_dealer(m));
    w_int(w, "team", tar_team(seat));
    w_str(w, "phase", phase_name(m->over ? TAR_PHASE_OVER : d->phase));
    if (d->to_act < 0 || m->over) w_str(w, "turn", NULL);
    else w_int(w, "turn", d->to_act);
    w_cards(w, "hand", hand);
    if (seat == 3 && d->discards) w_cards(w, "discards", d->discards);
    w_begin(w, "history", 1);
    for (int i = 0; i < d->n_hist; i++) {
        const struct tar_act *h = &d->hist[i];
        w_act(w, h, seat);
    }
    w_end(w);
    for (int s = 0; s < TAR_SEATS; s++)
        if (d->phase > TAR_PHASE_DECLARE || (d->phase == TAR_PHASE_DECLARE && s < d->to_act))
            declared[tar_team(s)] += tar_doubled(d->hand_cricche[s], d->n_cricche[s]) +
                                     tar_doubled(d->hand_sequences[s], d->n_sequences[s]);
    w_begin(w, "trick", 0);
    w_int(w, "leader", d->leader);
    w_begin(w, "cards", 1);
    for (int i = 0; i < d->n_played; i++) w_str(w, NULL, tar_card_name(d->cards[d->trick][i]));
    w_end(w);
    w_end(w);
    w_begin(w, "tricks_won", 1);   /* by seat: the generic viewer finds each trick's winner from them */
    for (int s = 0; s < TAR_SEATS; s++) {
        int won = 0;
        for (int k = 0; k < d->trick; k++) won += d->winners[k] == s;
        w_int(w, NULL, won);
    }
    w_end(w);
    w_begin(w, "declared", 1);
    for (int t = 0; t < 2; t++) w_int(w, NULL, declared[t]);
    w_end(w);
    w_totals(w, m);
    if (m->n_results == 0) {
        w_str(w, "last_deal", NULL);
        return;
    }
    const struct tar_result *r = &m->results[m->n_results - 1];   /* O40: public once it ended */
    w_begin(w, "last_deal", 0);
    w_begin(w, "won", 1);
    for (int t = 0; t < 2; t++) w_cards(w, NULL, r->piles[t]);
    w_end(w);
    w_str(w, "handover", r->handover == TAR_NO_CARD ? NULL : tar_card_name(r->handover));
    w_begin(w, "teams", 1);
    for (int t = 0; t < 2; t++) w_int(w, NULL, r->teams[t]);
    w_end(w);
    w_end(w);
}

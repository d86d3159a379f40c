/* tarocchini_report.c - what a Tarocchini match writes through a pq_writer:
 * a deal's result and the match result exactly as RULES-tarocchini.md
 * section 9 prints them (keys in its order), and a player's view (section
 * 7; keys listed in tarocchini.h). The view shows nothing O37-O41 do not
 * allow: the checker in tests/test_tarocchini_view.c derives the allowed
 * cards on its own.
 */
#include <string.h>
#include "engine/tarocchini/tarocchini.h"

static void w_letter(const struct pq_writer *w, const char *key, int player)
{
    char x[2] = { (char)('A' + player), '\0' };
    pq_writer_str(w, key, x);
}

static void w_cards(const struct pq_writer *w, const char *key, tar_mask m)
{
    pq_writer_begin(w, key, 1);
    for (; m; m &= m - 1) pq_writer_str(w, NULL, tar_card_name(__builtin_ctzll(m)));
    pq_writer_end(w);
}

void tar_report_deal(const struct tar_result *r, const struct pq_writer *w)
{
    pq_writer_str(w, "game", "tarocchini");
    pq_writer_int(w, "players", TAR_SEATS);
    pq_writer_begin(w, "teams", 1);
    for (int t = 0; t < 2; t++) pq_writer_int(w, NULL, r->teams[t]);
    pq_writer_end(w);
    pq_writer_begin(w, "seats", 1);
    for (int s = 0; s < TAR_SEATS; s++) pq_writer_int(w, NULL, r->teams[tar_team(s)]);
    pq_writer_end(w);
    pq_writer_begin(w, "tricks", 1);
    for (int t = 0; t < 2; t++) pq_writer_int(w, NULL, r->tricks[t]);
    pq_writer_end(w);
    if (r->last < 0) pq_writer_str(w, "last_trick", NULL);
    else pq_writer_int(w, "last_trick", r->last);
    w->boolean(w->ctx, "monte", r->monte);
    if (r->matto_seat < 0) {
        pq_writer_str(w, "matto", NULL);
    } else {
        pq_writer_begin(w, "matto", 0);
        pq_writer_int(w, "seat", r->matto_seat);
        pq_writer_int(w, "trick", r->matto_trick);
        pq_writer_int(w, "kept_by", r->matto_kept_by);
        pq_writer_str(w, "handover", r->handover == TAR_NO_CARD ? NULL : tar_card_name(r->handover));
        pq_writer_end(w);
    }
    pq_writer_begin(w, "events", 1);
    for (int i = 0; i < r->n_events; i++) {
        const struct tar_event *e = &r->events[i];
        pq_writer_side_event(w, e->seat, e->side, tar_category_name(e->category), e->points);
    }
    pq_writer_end(w);
}

static void w_totals(const struct pq_writer *w, const struct tar_match *m)
{
    pq_writer_begin(w, "totals", 0);
    pq_writer_int(w, "AC", m->totals[0]);
    pq_writer_int(w, "BD", m->totals[1]);
    pq_writer_end(w);
}

/* O34. */
void tar_report_match(const struct tar_match *m, const struct pq_writer *w)
{
    long diff = (long)m->totals[0] - m->totals[1];
    w_totals(w, m);
    pq_writer_str(w, "winner", diff > 0 ? "AC" : diff < 0 ? "BD" : NULL);
    pq_writer_int(w, "settlement", diff < 0 ? -diff : diff);
    pq_writer_begin(w, "deals", 1);
    for (int i = 0; i < m->n_results; i++) {
        pq_writer_begin(w, NULL, 0);
        tar_report_deal(&m->results[i], w);
        pq_writer_end(w);
    }
    pq_writer_end(w);
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
    pq_writer_begin(w, NULL, 0);
    pq_writer_int(w, "seat", h->seat);
    switch (h->kind) {
    case TAR_ACT_MONTE: pq_writer_str(w, "action", "monte"); break;
    case TAR_ACT_PASS:
        pq_writer_str(w, "action", "pass");
        if (h->klass) {   /* the end of a seat's declarations (O19) */
            pq_writer_int(w, "cricche", h->value);
            pq_writer_int(w, "sequences", h->sequences);
        }
        break;
    case TAR_ACT_WINS: pq_writer_str(w, "action", "wins"); break;
    case TAR_ACT_DISCARD:   /* O38: the cards only to the dealer */
        if (seat == h->seat) {
            memcpy(text, "discard ", 8);
            tar_cards_format(h->cards, text + 8, (int)sizeof text - 8);
            pq_writer_str(w, "action", text);
        } else {
            pq_writer_str(w, "action", "discard");
        }
        break;
    case TAR_ACT_DECLARE: {
        int n = (int)strlen(h->klass == TAR_CLASS_CRICCA ? "declare cricca " : "declare sequence ");
        memcpy(text, h->klass == TAR_CLASS_CRICCA ? "declare cricca " : "declare sequence ", (size_t)n);
        tar_cards_format(h->cards, text + n, (int)sizeof text - n);
        pq_writer_str(w, "action", text);
        pq_writer_int(w, "value", h->value);
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
        pq_writer_str(w, "action", text);
        break;
    }
    }
    pq_writer_end(w);
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
    pq_writer_str(w, "game", "tarocchini");
    pq_writer_int(w, "players", TAR_SEATS);
    pq_writer_int(w, "deal", m->deal_no);
    w_letter(w, "player", player);
    pq_writer_int(w, "seat", seat);
    pq_writer_begin(w, "seats", 1);
    for (int s = 0; s < TAR_SEATS; s++) w_letter(w, NULL, tar_match_seat_player(m, s));
    pq_writer_end(w);
    w_letter(w, "dealer", tar_match_dealer(m));
    pq_writer_int(w, "team", tar_team(seat));
    pq_writer_str(w, "phase", phase_name(m->over ? TAR_PHASE_OVER : d->phase));
    if (d->to_act < 0 || m->over) pq_writer_str(w, "turn", NULL);
    else pq_writer_int(w, "turn", d->to_act);
    w_cards(w, "hand", hand);
    if (seat == 3 && d->discards) w_cards(w, "discards", d->discards);
    pq_writer_begin(w, "history", 1);
    for (int i = 0; i < d->n_hist; i++) {
        const struct tar_act *h = &d->hist[i];
        w_act(w, h, seat);
    }
    pq_writer_end(w);
    for (int s = 0; s < TAR_SEATS; s++)
        if (d->phase > TAR_PHASE_DECLARE || (d->phase == TAR_PHASE_DECLARE && s < d->to_act))
            declared[tar_team(s)] += tar_doubled(d->hand_cricche[s], d->n_cricche[s]) +
                                     tar_doubled(d->hand_sequences[s], d->n_sequences[s]);
    pq_writer_begin(w, "trick", 0);
    pq_writer_int(w, "leader", d->leader);
    pq_writer_begin(w, "cards", 1);
    for (int i = 0; i < d->n_played; i++) pq_writer_str(w, NULL, tar_card_name(d->cards[d->trick][i]));
    pq_writer_end(w);
    pq_writer_end(w);
    pq_writer_begin(w, "tricks_won", 1);   /* by seat: the generic viewer finds each trick's winner from them */
    for (int s = 0; s < TAR_SEATS; s++) {
        int won = 0;
        for (int k = 0; k < d->trick; k++) won += d->winners[k] == s;
        pq_writer_int(w, NULL, won);
    }
    pq_writer_end(w);
    pq_writer_begin(w, "declared", 1);
    for (int t = 0; t < 2; t++) pq_writer_int(w, NULL, declared[t]);
    pq_writer_end(w);
    w_totals(w, m);
    if (m->n_results == 0) {
        pq_writer_str(w, "last_deal", NULL);
        return;
    }
    const struct tar_result *r = &m->results[m->n_results - 1];   /* O40: public once it ended */
    pq_writer_begin(w, "last_deal", 0);
    pq_writer_begin(w, "won", 1);
    for (int t = 0; t < 2; t++) w_cards(w, NULL, r->piles[t]);
    pq_writer_end(w);
    pq_writer_str(w, "handover", r->handover == TAR_NO_CARD ? NULL : tar_card_name(r->handover));
    pq_writer_begin(w, "teams", 1);
    for (int t = 0; t < 2; t++) pq_writer_int(w, NULL, r->teams[t]);
    pq_writer_end(w);
    pq_writer_end(w);
}

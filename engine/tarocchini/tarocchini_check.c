/* tarocchini_check.c - what `arena check BOT --game tarocchini` asks of
 * the game (game.h struct game_check): the situations of issue 19 a bot
 * must meet (the dealer's discard of two, the monte round, declarations of
 * cricche and of sequences with the wild Matto and Bègato, three or more of
 * a class doubled, leads with signals, several Moors in one trick, the
 * Matto's excuse with its card handed back, counting in pairs), the
 * constructed packs that bring them about, and readers that find them in
 * this module's own state.
 *
 * The check plays the bot as player A, A dealing the first deal: in deal k
 * (from 0) A sits at seat 3 - k (O33), so the packs below give seat 3, 2,
 * 1, 0 in turn what the situation needs. Match 1 adds the monte round.
 */
#include <string.h>
#include "engine/tarocchini/tarocchini.h"
#include "engine/text.h"

enum {
    SIT_START, SIT_MONTE, SIT_DISCARD, SIT_CRICCA, SIT_WILD_SEQUENCE, SIT_DOUBLED, SIT_LEAD_SIGNALS, SIT_FOLLOW,
    SIT_MOORS, SIT_MATTO, SIT_PAIRS, SIT_RESULTS, SITUATIONS
};

static const char *const names[SITUATIONS] = {
    "hello and match start",
    "the monte round: throw the deal in or play on",
    "the dealer's discard of two cards",
    "declaring a cricca",
    "declaring a sequence with a wild card (the Matto or the Bègato)",
    "three or more cricche or sequences to declare: doubled",
    "leading to a trick, with signals offered",
    "following to a trick",
    "several Moors in one trick",
    "the Matto played as an excuse and a card handed back",
    "won cards counted in pairs",
    "deal and match results",
};

static const char *const match_rules[] = { NULL, "monte=true" };

/* The packs of match 0: per seat the cards it must hold (the dealer's
 * seventeen include p[60], p[61]); every other place takes the cards
 * nobody named, in pack order. */
static const char *const packs[][4] = {
    /* deal 1, A deals (seat 3): three cricche, the wilds and two Moors */
    { "AN T16 T15 T14 T13", "WO SU MO T12 T11", "T10 T9 T8 M3 M4",
      "KS KB KC KD QS QB QC NS NB NC MA BE M1 M2 6S 7S 8S" },
    /* deal 2, A at seat 2: the Matto in a weak hand, the partner strong */
    { "AN WO SU MO T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6", "", "MA 6S 7S 8S 9S 6B 7B 8B 9B TS TB 6C 7C 8C 9C", "" },
    /* deal 3, A at seat 1: a Moor each, few trumps elsewhere */
    { "M1 KS QS NS JS", "M2 KB QB NB JB", "M3 KC QC NC JC", "M4 KD QD ND JD" },
    /* deal 4, A at seat 0 (eldest, first lead): a long suit and the grande head */
    { "AN WO SU KS QS NS JS TS 9S 8S 7S", "", "", "" },
};

static int decks(const void *state, int match, char (*texts)[GAME_DECK_TEXT], int max)
{
    (void)state;
    if (match != 0) return 0;
    int n = (int)(sizeof packs / sizeof packs[0]);
    if (n > max) n = max;
    for (int k = 0; k < n; k++) {
        int place[TAR_CARDS];
        tar_mask named = 0;
        for (int i = 0; i < TAR_CARDS; i++) place[i] = -1;
        for (int s = 0; s < TAR_SEATS; s++) {   /* O9: seat s's places 15s.., the dealer's also 60, 61 */
            const char *p = packs[k][s];
            for (int j = 0; *p; j++) {
                int len = (int)strcspn(p, " "), c = tar_card_parse(p, len);
                place[j < TAR_HAND ? s * TAR_HAND + j : 60 + j - TAR_HAND] = c;
                named |= TAR_BIT(c);
                p += len + (p[len] == ' ');
            }
        }
        tar_mask rest = TAR_ALL & ~named;
        struct pq_text t;
        pq_text_init(&t, texts[k], GAME_DECK_TEXT);
        for (int i = 0; i < TAR_CARDS; i++) {
            int c = place[i];
            if (c < 0) {
                c = __builtin_ctzll(rest);
                rest &= rest - 1;
            }
            if (i) pq_text_str(&t, " ");
            pq_text_str(&t, tar_card_name(c));
        }
    }
    return n;
}

static int absent(const void *state, int situation)
{
    const struct tar_match *m = state;
    return situation == SIT_LEAD_SIGNALS && !m->rules.signals;
}

static int situation(const void *state, int player)
{
    const struct tar_match *m = state;
    const struct tar_deal *d = &m->deal;
    if (m->over || tar_match_to_act(m) != player) return SIT_RESULTS;
    switch (d->phase) {
    case TAR_PHASE_MONTE: return SIT_MONTE;
    case TAR_PHASE_DISCARD: return SIT_DISCARD;
    case TAR_PHASE_DECLARE: return SIT_CRICCA;
    case TAR_PHASE_PLAY: return d->n_played ? SIT_FOLLOW : SIT_LEAD_SIGNALS;
    default: return SIT_RESULTS;
    }
}

/* What the seat may declare now: how many kinds of cricca, and whether a
 * sequence with a wild card. */
struct offer {
    int cricche, wild;
    unsigned kinds;
};

static int note_offer(void *ctx, int klass, tar_mask cards)
{
    struct offer *o = ctx;
    if (klass == TAR_CLASS_CRICCA) {
        int k = tar_cricca_kind(cards);
        if (!(o->kinds & (1u << k))) o->cricche++;
        o->kinds |= 1u << k;
    } else {
        o->wild |= (cards & TAR_WILDS) != 0;
    }
    return 0;
}

static uint64_t decision(const void *state, int player)
{
    const struct tar_match *m = state;
    const struct tar_deal *d = &m->deal;
    uint64_t met = 0;
    int s = situation(state, player);
    if (s == SIT_RESULTS) return 0;
    if (s != SIT_CRICCA) met |= 1ull << s;
    if (d->phase == TAR_PHASE_DECLARE) {
        struct offer o = { 0, 0, 0 };
        tar_declarations(d, d->to_act, note_offer, &o);
        int total, count;
        tar_pile_sequences(d->hand[d->to_act], &d->rules, &total, &count);
        if (o.cricche) met |= 1ull << SIT_CRICCA;
        if (o.wild) met |= 1ull << SIT_WILD_SEQUENCE;
        if (o.cricche >= 3 || count >= 3) met |= 1ull << SIT_DOUBLED;
    }
    if (s == SIT_LEAD_SIGNALS && !d->rules.signals) met &= ~(1ull << SIT_LEAD_SIGNALS);
    if (s == SIT_FOLLOW) {   /* a Moor on the table, and one it may add */
        int moor = 0;
        for (int i = 0; i < d->n_played; i++) moor |= d->cards[d->trick][i] >= TAR_M1 && d->cards[d->trick][i] < TAR_BE;
        if (moor && (tar_deal_playable(d) & TAR_MOORS)) met |= 1ull << SIT_MOORS;
    }
    return met;
}

static uint64_t deal_over(const void *state, int player)
{
    const struct tar_match *m = state;
    if (m->n_results == 0) return 0;
    const struct tar_result *r = &m->results[m->n_results - 1];
    uint64_t met = 1ull << SIT_RESULTS;
    if (r->monte) return met;
    /* the deal that ended was dealt with the dealer before the current one
     * (or is the last, when the match is over) */
    int deal_no = m->over ? m->deal_no : m->deal_no - 1;
    int dealer = (m->first_dealer + deal_no - 1) % TAR_SEATS;
    int seat = (player - dealer - 1 + 2 * TAR_SEATS) % TAR_SEATS, team = tar_team(seat);
    if (r->handover != TAR_NO_CARD && r->matto_seat >= 0 && tar_team(r->matto_seat) == team) met |= 1ull << SIT_MATTO;
    if (tar_card_points(r->piles[team]) > 0) met |= 1ull << SIT_PAIRS;
    if (r->most_moors >= 2) met |= 1ull << SIT_MOORS;
    return met;
}

const struct game_check tarocchini_check = {
    .n_situations = SITUATIONS, .names = names, .matches = 2, .match_rules = match_rules,
    .decks = decks, .absent = absent, .situation = situation, .decision = decision, .deal_over = deal_over,
};

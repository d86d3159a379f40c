/* belote_check.c - what `arena check --game belote...` asks of the Belote
 * family (game.h struct game_check): its situations, the constructed
 * packs of the first match and how to read what the bot met from the
 * match state.
 *
 * The first match's packs bring, wherever the bot sits (it deals the
 * first deal, so it is seat N-1, then N-2, ...): the first and second
 * bidding rounds, the turn-up taken, the Seven of trumps to exchange,
 * melds on both sides (the engine's comparison, "How high?"),
 * belote-rebelote in the bot's hand, a capot and a maker's failure. The
 * second match is longer (48 deals) on the seed's packs, where a litige
 * holds points en réserve for a later deal. A pack is written per seat
 * (struct bel_pack) and laid into the pack order of RULES-belote.md B6,
 * B7 and BM1.
 */
#include <string.h>
#include "engine/belote/belote.h"

enum {
    BEL_CHECK_HANDSHAKE,      /* hello accepted, match started */
    BEL_CHECK_AUCTION1,       /* bidding round 1: take or pass the turn-up's suit */
    BEL_CHECK_AUCTION2,       /* bidding round 2: name a suit or pass */
    BEL_CHECK_TURNUP,         /* playing a deal whose turn-up was taken */
    BEL_CHECK_SEVEN,          /* the Seven of trumps: exchange or keep */
    BEL_CHECK_MELD,           /* trick-1 melds (Marseillaise: claims after a won trick) */
    BEL_CHECK_COMPARE,        /* its melds against another seat's: the engine's comparison */
    BEL_CHECK_BELOTE,         /* King and Queen of trumps: belote offered */
    BEL_CHECK_LEAD,
    BEL_CHECK_FOLLOW,
    BEL_CHECK_CAPOT,          /* a deal with every trick to one seat (side) */
    BEL_CHECK_FAILED,         /* a deal whose maker failed */
    BEL_CHECK_RESERVE,        /* deciding while points are held en réserve */
    BEL_CHECK_RESULTS,        /* deal and match ends received, matches completed */
    BEL_CHECK_SITUATIONS
};

static const char *const names[BEL_CHECK_SITUATIONS] = {
    "hello and match start",
    "bidding round 1: take or pass the turn-up",
    "bidding round 2: name a suit or pass",
    "playing a deal whose turn-up was taken",
    "the Seven of trumps: exchange or keep",
    "melds (Marseillaise: claims after a won trick)",
    "melds against another seat's: the engine's comparison",
    "King and Queen of trumps: belote offered",
    "leading to a trick",
    "following to a trick",
    "a capot deal",
    "a deal the maker failed",
    "deciding while points are held en reserve",
    "deal and match results"
};

/* A constructed pack: per seat the cards it holds before the auction
 * (first) and those that complete its hand (more; N = 4: dealt in seat
 * order, three each and two to `maker`), the turn-up and cards put in the
 * stock (N = 2, 3). Marseillaise: first = the face-up tops by packet (seat
 * 1's seven, the turn-up being its eighth), more = the face-down bottoms.
 * Every place not named takes the cards nobody named, in card order. */
struct bel_pack {
    const char *first[4], *more[4], *turnup, *stock;
    int maker;
};

/* Two hands: the bot is seat 1 in odd deals, seat 0 in even ones. */
#define FAIL2  { { "JS 9S 7H 8H 7D 8D", "AS TS KS AH TH AD" }, { "7C 8C 9C", "TD AC TC" }, "8S", NULL, 0 }
#define EXCH2  { { "JH 9H AH 9C 8C 7C", "7H KH QH AD KD QD" }, { "7D 8D 7S", "8H TS JS" }, "TH", NULL, 0 }
#define CAPOT2 { { "JS 9S AS TS KS QS", "7H 8H 9H 7D 8D 9D" }, { "AH AD AC", "7C 8C 9C" }, "8S", "7S", 0 }
#define NAME2A { { "JD 9D AD 7S 8S 7C", "8H 9H 8C 9C TC QS" }, { NULL }, "7H", NULL, 0 }
#define NAME2B { { "JC 9C AC 7D 8D 7S", "8H 9H 8S 9S TS QD" }, { NULL }, "7H", NULL, 0 }
static const struct bel_pack packs_2[] = { FAIL2, NAME2A, EXCH2, NAME2B, CAPOT2, NAME2A, EXCH2, NAME2B };

/* Three hands: the bot is seat 2, 1, 0, 2, 1, 0, ... */
static const struct bel_pack packs_3[] = {
    { { "JS 9S 7H 8H 7D 8D", "AS TS KS AH TH AD" }, { "7C 8C 9C", "TD AC TC" }, "8S", NULL, 0 },
    { { "JH 9H AH 9C 8C 7C", "7H KH QH AD KD QD" }, { "7D 8D 7S", "8H TS JS" }, "TH", NULL, 0 },
    { { "JD 9D AD 7S 8S 7C", "8H 9H 8C 9C TC QS", "KS AS 7D 8D TD 9S" }, { NULL }, "7H", NULL, 0 },
    { { "JS 9S AS TS KS QS" }, { "AH AD AC" }, "8S", "7S", 0 },
    { { "JS 9S 7H 8H 7D 8D", NULL, "AS TS KS AH TH AD" }, { "7C 8C 9C", NULL, "TD AC TC" }, "8S", NULL, 0 },
    { { "JC 9C AC 7D 8D 7S", "8H 9H 8S 9S TS QD", "KD AD 9D TD JD KS" }, { NULL }, "7H", NULL, 0 },
    { { "JH 9H AH 9C 8C 7C", NULL, "7H KH QH AD KD QD" }, { "7D 8D 7S", NULL, "8H TS JS" }, "TH", NULL, 0 },
    { { "JS 9S AS TS KS QS" }, { "AH AD AC" }, "8S", "7S", 0 },
    { { "JD 9D AD 7S 8S 7C", "8H 9H 8C 9C TC QS", "KS AS 7D 8D TD 9S" }, { NULL }, "7H", NULL, 0 },
};

/* Four hands (and Partnership): the bot is seat 3, 2, 1, 0, 3, ... */
#define FAIL4  { { "JS 9S 7H 7D 7C", "AS TS KS QS 7S" }, { "8H 8D", "AH AD AC" }, "8S", NULL, 0 }
#define CAPOT4 { { "JS 9S AS TS KS" }, { "8S 7S" }, "QS", NULL, 0 }
#define NAME4  { { "JD 9D AD 7S 8S", "8H 7D 8C 9C TC", "TS JS QS KS AS", "JC AC KC QD 7C" }, \
                 { NULL, "JH 9H AH", "TH KH QH" }, "7H", NULL, -1 }
static const struct bel_pack packs_4[] = {
    FAIL4,
    { { "JH 9H AH 9C 8C", NULL, "7H KH QH AD KD" }, { "7C 7S", NULL, "QD 8D 7D" }, "TH", NULL, 0 },
    CAPOT4,
    NAME4,
    { { "JH 9H AH 9C 8C", NULL, NULL, "7H KH QH AD KD" }, { "7C 7S", NULL, NULL, "QD 8D 7D" }, "TH", NULL, 0 },
    FAIL4,
    { { "JH 9H AH 9C 8C", "7H KH QH AD KD" }, { "7C 7S", "QD 8D 7D" }, "TH", NULL, 0 },
    NAME4,
};

/* Marseillaise: the bot is seat 1 in odd deals, seat 0 in even ones. */
#define CAPOTM { { "JS 9S AS TS KS QS 8S AH", "QH JH 9H QD JD 9D QC" }, \
                 { "TH KH AD TD KD AC TC KC", "8H 7H 8D 7D JC 9C 8C 7C" }, "7S", NULL, 0 }
#define FAILM  { { "JS 9S 7H 8H 7D 8D 7C 8C", "9H 9D 9C JH JD JC QH" }, \
                 { "QS 7S KH KD TC KC QD QC", "AS TS KS AH TH AD TD AC" }, "8S", NULL, 0 }
#define NAMEM  { { "JD 9D AD 7S 8S 7C 8C 9C", "8H 9H TS QS TC QC 8D" }, { NULL }, "7H", NULL, 0 }
static const struct bel_pack packs_m[] = { CAPOTM, NAMEM, FAILM, NAMEM, CAPOTM, NAMEM, FAILM, NAMEM };

/* Puts the cards of `text` at places where[0..], marking them used (the
 * packs above are constants: a card named twice is skipped). */
static void lay_cards(const char *text, const int *where, int room, int *deck, pq_mask *used)
{
    for (int k = 0; text && text[0] && k < room; k++, text += text[2] ? 3 : 2) {
        int card = pq_card_parse(text);
        if (card >= 0 && !(*used & PQ_BIT(card))) {
            deck[where[k]] = card;
            *used |= PQ_BIT(card);
        }
        if (!text[2]) break;
    }
}

/* Lays one pack into deck text (B6, B7, BM1). */
static void lay_pack(const struct bel_pack *p, int marseillaise, int n, char *out)
{
    int deck[32], where[16], at;
    pq_mask used = 0;
    for (int i = 0; i < 32; i++) deck[i] = -1;
    if (marseillaise) {
        for (int s = 0; s < 2; s++) {
            for (int j = 0; j < 8; j++) where[j] = 16 + 8 * s + j;
            lay_cards(p->first[s], where, s ? 7 : 8, deck, &used);
            for (int j = 0; j < 8; j++) where[j] = 8 * s + j;
            lay_cards(p->more[s], where, 8, deck, &used);
        }
        where[0] = 31;
        lay_cards(p->turnup, where, 1, deck, &used);
    } else {
        int before = n == 4 ? 5 : 6;
        for (int s = 0; s < n; s++) {
            for (int j = 0; j < before; j++) where[j] = before * s + j;
            lay_cards(p->first[s], where, before, deck, &used);
        }
        where[0] = before * n;
        lay_cards(p->turnup, where, 1, deck, &used);
        at = before * n + 1;
        for (int s = 0; s < n; s++) {
            int room = n == 4 && s == (p->maker < 0 ? 3 : p->maker) ? 2 : 3;
            for (int j = 0; j < room; j++) where[j] = at + j;
            lay_cards(p->more[s], where, room, deck, &used);
            at += room;
        }
        for (int j = 0; at + j < 32 && j < 16; j++) where[j] = at + j;
        lay_cards(p->stock, where, 32 - at, deck, &used);
    }
    for (int i = 0, c = 0; i < 32; i++) {
        while (deck[i] < 0 && (used & PQ_BIT(c))) c++;
        if (deck[i] < 0) {
            deck[i] = c;
            used |= PQ_BIT(c);
        }
    }
    for (int i = 0; i < 32; i++) {
        pq_card_format(deck[i], out + 3 * i);
        out[3 * i + 2] = i < 31 ? ' ' : '\0';
    }
}

static int decks(const void *state, int match, char (*texts)[GAME_DECK_TEXT], int max)
{
    const struct bel_match *m = state;
    int marseillaise = m->rules.form == BEL_MARSEILLAISE, count;
    const struct bel_pack *table;
    if (match > 0) return 0;
    if (marseillaise) {
        table = packs_m;
        count = (int)(sizeof packs_m / sizeof packs_m[0]);
    } else if (m->n == 2) {
        table = packs_2;
        count = (int)(sizeof packs_2 / sizeof packs_2[0]);
    } else if (m->n == 3) {
        table = packs_3;
        count = (int)(sizeof packs_3 / sizeof packs_3[0]);
    } else {
        table = packs_4;
        count = (int)(sizeof packs_4 / sizeof packs_4[0]);
    }
    if (count > max) count = max;
    for (int i = 0; i < count; i++) lay_pack(&table[i], marseillaise, m->n, texts[i]);
    return count;
}

/* The Seven in Partnership and Marseillaise (BP1, BM1); belote in
 * Marseillaise is automatic (BM5). */
static int absent(const void *state, int situation)
{
    const struct bel_match *m = state;
    if (situation == BEL_CHECK_SEVEN) return m->rules.form != BEL_BASIC;
    if (situation == BEL_CHECK_BELOTE) return m->rules.form == BEL_MARSEILLAISE;
    return 0;
}

static int situation(const void *state, int player)
{
    const struct bel_match *m = state;
    const struct bel_deal *d = &m->deal;
    (void)player;
    switch (d->phase) {
    case BEL_PHASE_AUCTION1: return BEL_CHECK_AUCTION1;
    case BEL_PHASE_AUCTION2: return BEL_CHECK_AUCTION2;
    case BEL_PHASE_EXCHANGE: return BEL_CHECK_SEVEN;
    case BEL_PHASE_PLAY:
        if (bel_deal_meld_due(d)) return BEL_CHECK_MELD;
        return d->n_played ? BEL_CHECK_FOLLOW : BEL_CHECK_LEAD;
    default: return BEL_CHECK_RESULTS;
    }
}

/* Whether `seat` declared or claimed melds and another seat made a call
 * or claim too, in the current deal. */
static int melds_compared(const struct bel_deal *d, int seat)
{
    int mine = 0, theirs = 0;
    for (int i = 0; i < d->n_hist; i++) {
        const struct bel_act *a = &d->hist[i];
        if (a->kind != BEL_ACT_MELD) continue;
        if (a->seat == seat) mine |= a->pool_n > 0;
        else theirs |= a->pool_n > 0 || a->say == BEL_SAY_CLASS || a->say == BEL_SAY_NOT_GOOD || a->asked != 0xff;
    }
    return mine && theirs;
}

static uint64_t decision(const void *state, int player)
{
    const struct bel_match *m = state;
    const struct bel_deal *d = &m->deal;
    const struct game *g = m->rules.form == BEL_MARSEILLAISE   ? &belote_marseillaise_game
                           : m->rules.form == BEL_PARTNERSHIP ? &belote_partnership_game
                                                               : &belote_game;
    int s = situation(state, player), n = g->legal_count(state);
    uint64_t met = 0;
    char action[GAME_ACTION_MAX];
    if (s == BEL_CHECK_MELD && n < 2) s = BEL_CHECK_RESULTS;   /* nothing to choose */
    if (s != BEL_CHECK_RESULTS) met |= 1ull << s;
    for (int i = 0; i < n; i++)
        if (g->legal_text(state, i, action, sizeof action) > 0 && strstr(action, " belote"))
            met |= 1ull << BEL_CHECK_BELOTE;
    if (m->reserve > 0) met |= 1ull << BEL_CHECK_RESERVE;
    if (s == BEL_CHECK_LEAD || s == BEL_CHECK_FOLLOW) {
        for (int i = 0; i < d->n_hist; i++)
            if (d->hist[i].kind == BEL_ACT_TAKE) met |= 1ull << BEL_CHECK_TURNUP;
        if (melds_compared(d, bel_match_player_seat(m, player))) met |= 1ull << BEL_CHECK_COMPARE;
    }
    return met;
}

/* Capot (every trick to one seat, or to one side) and the maker's
 * failure, from the last finished deal's sheet. */
static uint64_t deal_over(const void *state, int player)
{
    const struct bel_match *m = state;
    struct bel_result result;
    uint64_t met = 0;
    (void)player;
    if (m->n_sheets < 1) return 0;
    const struct bel_sheet *s = &m->sheets[m->n_sheets - 1];
    int total = 0, best = 0, side[2] = { 0, 0 };
    for (int i = 0; i < s->n; i++) {
        total += s->tricks[i];
        side[i % 2] += s->tricks[i];
        if (s->tricks[i] > best) best = s->tricks[i];
    }
    if (total > 0 && (best == total || (m->rules.form == BEL_PARTNERSHIP && (side[0] == total || side[1] == total))))
        met |= 1ull << BEL_CHECK_CAPOT;
    bel_score(s, &m->rules, &result);
    if (result.outcome == BEL_FAILED) met |= 1ull << BEL_CHECK_FAILED;
    return met;
}

static const char *const match_rules[] = { NULL, "deals=48" };

const struct game_check bel_check = {
    .n_situations = BEL_CHECK_SITUATIONS, .names = names, .matches = 2, .match_rules = match_rules,
    .decks = decks, .absent = absent, .situation = situation, .decision = decision, .deal_over = deal_over
};

/* coinche_check.c - what `arena check --game coinche` asks of Coinche
 * (game.h struct game_check): its situations, the constructed packs of
 * its matches and how to read what the bot met from the match state.
 *
 * The bot is player A and deals the first deal, so it holds seat 3, 2, 1,
 * 0, 3, ... in deals 1, 2, 3, 4, 5, ... (K4, K38); the other seats are the
 * reference bot (bot-greedy). The packs give the seats hands that bring
 * the situations about with any sensible bidder: a strong spade hand
 * opposite the bot (a suit contract to coinche, the King and Queen of
 * trumps in the bot's hand), the bot's partner's heart bid coinched by an
 * opponent holding the top trumps (the bot answers surcoinche or pass,
 * the contract fails), a sure capot (every spade) bid capot, a heart
 * contract with the bot void in clubs (trumping, and the partner
 * exemption), and four weak hands (a passed-out deal). The second match
 * (nt_at) gives one seat four Aces and Tens (no trump) or four Jacks and
 * Nines (all trump); the third (melds) deals the bot a tierce or better
 * every time. A pack is written per seat; cards not named fill the hands
 * in card order.
 */
#include <string.h>
#include "engine/coinche/coinche.h"

enum {
    COINCHE_CHECK_HANDSHAKE,    /* hello accepted, match started */
    COINCHE_CHECK_AUCTION,      /* pass or bid */
    COINCHE_CHECK_COINCHE,      /* coinche among the legal calls */
    COINCHE_CHECK_SURCOINCHE,   /* the coinched side answers */
    COINCHE_CHECK_SUIT,         /* playing a suit contract */
    COINCHE_CHECK_CAPOT_BID,    /* playing a capot contract */
    COINCHE_CHECK_NT,           /* playing a no-trump contract */
    COINCHE_CHECK_AT,           /* playing an all-trump contract */
    COINCHE_CHECK_MELD,         /* trick-1 melds */
    COINCHE_CHECK_BELOTE,       /* King and Queen of trumps: belote offered */
    COINCHE_CHECK_LEAD,
    COINCHE_CHECK_FOLLOW,
    COINCHE_CHECK_TRUMP,        /* void, an opponent winning: trump or overtrump */
    COINCHE_CHECK_EXEMPT,       /* void, the partner winning: any card */
    COINCHE_CHECK_MADE,
    COINCHE_CHECK_FAILED,
    COINCHE_CHECK_PASSED_OUT,
    COINCHE_CHECK_CAPOT,        /* every trick to one side */
    COINCHE_CHECK_RESULTS,      /* deal and match ends received, matches completed */
    COINCHE_CHECK_SITUATIONS
};

static const char *const names[COINCHE_CHECK_SITUATIONS] = {
    "hello and match start",
    "the auction: pass or bid",
    "coinche: the other side's bid may be doubled",
    "surcoinche: the coinched side answers",
    "playing a suit contract",
    "playing a capot contract",
    "playing a no-trump contract (nt_at)",
    "playing an all-trump contract (nt_at)",
    "trick-1 melds (melds)",
    "King and Queen of trumps: belote offered",
    "leading to a trick",
    "following to a trick",
    "void, an opponent winning: trump or overtrump",
    "void, the partner winning: any card (partner exemption)",
    "a contract made",
    "a contract failed",
    "a passed-out deal",
    "a capot deal",
    "deal and match results"
};

/* A constructed pack: each seat's cards (up to 8, NULL: none named). */
struct coinche_pack {
    const char *seat[4];
};

/* Match 1, default rules: the bot is seat 3, 2, 1, 0, 3, 2, 1, 0. */
#define SUIT_COINCHE { { "JS 9S AS TS 8S AH AD 7C", NULL, NULL, "KS QS KH QH KD QD KC QC" } }
#define SURCOINCHE   { { "TH KH QH AH AS TS KS 7D", "JH 9H 8H 7H AC AD TC TD", NULL, NULL } }
#define CAPOT_BID    { { "JS 9S AS TS KS QS 8S 7S", NULL, NULL, NULL } }
#define TRUMPING     { { "7H 8H 7D 8D 9D 7S 8S 9S", "AC KC QC JC 9C TD JD QD", "JH 9H AH TH KH AS AD 8C", NULL } }
#define PASSED_OUT   { { "7S 8S 7H 8H 7D 8D 7C 8C", "9S TS 9H TH 9D TD 9C TC", "JS QS JH QH JD QD JC QC", NULL } }
static const struct coinche_pack packs_plain[] = { SUIT_COINCHE, SURCOINCHE, CAPOT_BID, TRUMPING,
                                                   PASSED_OUT,   SURCOINCHE, CAPOT_BID, TRUMPING };

/* Match 2, nt_at: no trump and all trump bids. */
#define NO_TRUMP  { { "AS TS AH TH AD TD AC TC", "7S 8S 7H 8H 7D 8D 7C 8C", "9S 9H JD JC QS QH KD KC", \
                     "JS JH 9D 9C KS KH QD QC" } }
#define ALL_TRUMP { { "JS 9S JH 9H JD 9D JC 9C", "AS KS AH KH 7D 8D 7C 8C", "TS QS TH QH AD KD AC KC", \
                     "7S 8S 7H 8H TD QD TC QC" } }
static const struct coinche_pack packs_nt_at[] = {
    NO_TRUMP, ALL_TRUMP, NO_TRUMP, { { NULL, "JS 9S JH 9H JD 9D JC 9C", NULL, NULL } },
};

/* Match 3, melds: the bot holds melds in every deal, others too. */
static const struct coinche_pack packs_melds[] = {
    { { "AD KD QD", "JC TC 9C 8C", NULL, "9S 8S 7S AH KH QH" } },
    { { "KC QC JC", NULL, "TS JS QS KS AS", "9H 9D 9C" } },
    { { NULL, "AS AH AD AC 7C 8C 9C", "KH QH JH", "TD 9D 8D" } },
    { { "QS QH QD QC", "JD TD 9D", NULL, NULL } },
};

/* Lays one pack into deck text (K6: seat s holds p[8s .. 8s+7]). */
static void lay_pack(const struct coinche_pack *p, char *out)
{
    int deck[32], n[4] = { 0 };
    pq_mask used = 0;
    for (int s = 0; s < 4; s++)
        for (const char *t = p->seat[s]; t && t[0] && n[s] < 8; t += t[2] ? 3 : 2) {
            int card = pq_card_parse(t);
            if (card >= 0 && !(used & PQ_BIT(card))) {
                deck[8 * s + n[s]++] = card;
                used |= PQ_BIT(card);
            }
            if (!t[2]) break;
        }
    for (int s = 0; s < 4; s++)
        while (n[s] < 8) {
            int card = pq_mask_first(~used);
            deck[8 * s + n[s]++] = card;
            used |= PQ_BIT(card);
        }
    for (int i = 0; i < 32; i++) {
        pq_card_format(deck[i], out + 3 * i);
        out[3 * i + 2] = i < 31 ? ' ' : '\0';
    }
}

static int decks(const void *state, int match, char (*texts)[GAME_DECK_TEXT], int max)
{
    const struct coinche_pack *table = match == 0 ? packs_plain : match == 1 ? packs_nt_at : packs_melds;
    int count = match == 0   ? (int)(sizeof packs_plain / sizeof packs_plain[0])
                : match == 1 ? (int)(sizeof packs_nt_at / sizeof packs_nt_at[0])
                             : (int)(sizeof packs_melds / sizeof packs_melds[0]);
    (void)state;
    if (match > 2) return 0;
    if (count > max) count = max;
    for (int i = 0; i < count; i++) lay_pack(&table[i], texts[i]);
    return count;
}

/* Every situation can happen: the flags' matches bring NT, AT and melds. */
static int absent(const void *state, int situation)
{
    (void)state;
    (void)situation;
    return 0;
}

static int situation(const void *state, int player)
{
    const struct coinche_deal *d = &((const struct coinche_match *)state)->deal;
    (void)player;
    switch (d->phase) {
    case COINCHE_PHASE_AUCTION: return COINCHE_CHECK_AUCTION;
    case COINCHE_PHASE_ANSWER: return COINCHE_CHECK_SURCOINCHE;
    case COINCHE_PHASE_PLAY:
        if (coinche_deal_meld_due(d)) return COINCHE_CHECK_MELD;
        return d->n_played ? COINCHE_CHECK_FOLLOW : COINCHE_CHECK_LEAD;
    default: return COINCHE_CHECK_RESULTS;
    }
}

static uint64_t decision(const void *state, int player)
{
    const struct coinche_match *m = state;
    const struct coinche_deal *d = &m->deal;
    int s = situation(state, player), n = coinche_deal_legal_count(d), seat = d->to_act, den = d->contract.den;
    uint64_t met = 0;
    char action[GAME_ACTION_MAX];
    if (s == COINCHE_CHECK_MELD && n < 2) s = COINCHE_CHECK_RESULTS;   /* nothing to choose */
    if (s != COINCHE_CHECK_RESULTS) met |= 1ull << s;
    if (coinche_may_coinche(d)) met |= 1ull << COINCHE_CHECK_COINCHE;
    if (d->phase != COINCHE_PHASE_PLAY) return met;
    int kind = d->contract.level == COINCHE_LEVEL_CAPOT ? COINCHE_CHECK_CAPOT_BID
               : den == COINCHE_NT                    ? COINCHE_CHECK_NT
               : den == COINCHE_AT                    ? COINCHE_CHECK_AT
                                                      : COINCHE_CHECK_SUIT;
    met |= 1ull << kind;
    for (int i = 0; i < n; i++)
        if (coinche_deal_legal_text(d, i, action, sizeof action) > 0 && strstr(action, " belote"))
            met |= 1ull << COINCHE_CHECK_BELOTE;
    if (s == COINCHE_CHECK_FOLLOW && den < COINCHE_NT) {
        int led = PQ_SUIT(d->played[0]), winner = (d->leader + d->win_pos) & 3;
        pq_mask h = d->hand[seat];
        if (led != den && !(h & PQ_SUIT_MASK(led)) && (h & PQ_SUIT_MASK(den)))
            met |= 1ull << (winner == ((seat + 2) & 3) ? COINCHE_CHECK_EXEMPT : COINCHE_CHECK_TRUMP);
    }
    return met;
}

/* Made, failed, passed out and capot, from the last finished deal. */
static uint64_t deal_over(const void *state, int player)
{
    const struct coinche_match *m = state;
    struct coinche_result result;
    (void)player;
    if (m->n_sheets < 1) return 0;
    const struct coinche_sheet *s = &m->sheets[m->n_sheets - 1];
    if (s->is_void) return 1ull << COINCHE_CHECK_PASSED_OUT;
    coinche_score(s, &m->rules, &result);
    uint64_t met = 1ull << (result.outcome == COINCHE_MADE ? COINCHE_CHECK_MADE : COINCHE_CHECK_FAILED);
    if (s->tricks[0] + s->tricks[2] == 8 || s->tricks[1] + s->tricks[3] == 8) met |= 1ull << COINCHE_CHECK_CAPOT;
    return met;
}

static const char *const match_rules[] = { NULL, "nt_at=true", "melds=true" };

const struct game_check coinche_check = {
    .n_situations = COINCHE_CHECK_SITUATIONS, .names = names, .matches = 3, .match_rules = match_rules,
    .decks = decks, .absent = absent, .situation = situation, .decision = decision, .deal_over = deal_over
};

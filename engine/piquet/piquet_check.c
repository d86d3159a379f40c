/* piquet_check.c - what `arena check` asks of Piquet (game.h struct
 * game_check): its situations, the constructed packs and how to read what
 * the bot met from the partie.
 *
 * The bot deals the first deal of each partie, so it is younger in odd
 * deals and elder in even ones; each constructed pack is dealt twice in a
 * row, so the bot meets it from both seats: carte blanche for elder and
 * for younger, a hand rich in sequences and sets (extras) in the first
 * partie, two equal points and a capot hand in the second, whose last two
 * deals take the seed's packs. The reference opponent exchanges at most
 * three cards, so that talon cards stay untaken (look or nolook). A pack
 * is written as elder's twelve cards, younger's twelve and the talon from
 * the top (R5).
 */
#include "engine/game.h"
#include "engine/piquet/partie.h"

enum {
    PQ_CHECK_HANDSHAKE,          /* hello accepted, partie started */
    PQ_CHECK_EXCHANGE_ELDER,
    PQ_CHECK_EXCHANGE_YOUNGER,
    PQ_CHECK_CB_ANNOUNCE,        /* own carte blanche as elder: announce k */
    PQ_CHECK_CB_ELDER_DISCARD,   /* ... then discard exactly k */
    PQ_CHECK_CB_YOUNGER,         /* own carte blanche as younger: exchange after showing it */
    PQ_CHECK_AGAINST_CB_ELDER,   /* younger discarding first against elder's carte blanche */
    PQ_CHECK_AGAINST_CB_YOUNGER, /* elder exchanging against younger's carte blanche */
    PQ_CHECK_CALL,               /* elder's call */
    PQ_CHECK_ANSWER,             /* younger's answer */
    PQ_CHECK_EXTRAS,             /* class winner's extras */
    PQ_CHECK_EQUAL,              /* a class ended equal */
    PQ_CHECK_LOOK,               /* look or nolook at untaken cards */
    PQ_CHECK_LEAD,
    PQ_CHECK_FOLLOW,
    PQ_CHECK_CAPOT,              /* a deal with all twelve tricks to one side */
    PQ_CHECK_RESULTS,            /* deal and partie ends received, partie completed */
    PQ_CHECK_SITUATIONS
};

static const char *const names[PQ_CHECK_SITUATIONS] = {
    "hello and partie start",
    "exchange as elder",
    "exchange as younger",
    "own carte blanche as elder: announce",
    "own carte blanche as elder: discard exactly k",
    "own carte blanche as younger: exchange after showing",
    "against elder's carte blanche: discard first",
    "against younger's carte blanche: exchange",
    "calls as elder",
    "answers as younger",
    "extras after winning a class",
    "a class declared equal",
    "look or nolook at untaken cards",
    "leading to a trick",
    "following to a trick",
    "a capot deal",
    "deal and partie results"
};

static const char *const packs[] = {
    /* elder holds carte blanche */
    "7S 8S 9S TS AS 7H 8H 9H TH AH 7D 8D KS QS JS KH QH JH KD QD JD KC QC JC 9D TD AD 7C 8C 9C TC AC",
    /* younger holds carte blanche */
    "KS QS JS KH QH JH KD QD JD KC QC JC 9D TD AD 7C 8C 9C TC AC 9H TH AH 7H 7S 8S 9S TS AS 8H 7D 8D",
    /* sequences and sets for elder: extras */
    "AS KS QS JS 7H 8H 9H TH AD 7D AC KC TS 9S 8S JH QH KD QD JD TD 9C TC JC 7S 8D 9D 7C 8C KH AH QC",
    /* two points of 41 */
    "AS KS QS JS 9D 8D 7C 8C 9C 7H 8H 9H AD QD JD TD 7S 8S 9S TS TH JH QC JC 7D TC QH KH AH KD KC AC",
    /* elder holds the top of spades and hearts: a capot hand */
    "AS KS QS JS TS 9S AH KH QH JH TH 9H 7D 8D 9D TD JD QD 7C 8C 9C TC JC QC 7S 8S 7H 8H KD AD KC AC",
};

/* Partie 1: packs 0, 0, 1, 1, 2, 2; partie 2: 3, 3, 4, 4. */
static int decks(const void *state, int match, char (*texts)[GAME_DECK_TEXT], int max)
{
    int first = match == 0 ? 0 : 3, count = match == 0 ? 6 : 4, n = 0;
    (void)state;
    if (match > 1) return 0;
    for (int i = 0; i < count && n < max; i++, n++) {
        const char *p = packs[first + i / 2];
        int k = 0;
        for (; p[k] && k < GAME_DECK_TEXT - 1; k++) texts[n][k] = p[k];
        texts[n][k] = '\0';
    }
    return n;
}

static int absent(const void *state, int situation)
{
    (void)state;
    (void)situation;
    return 0;
}

static int situation(const void *state, int player)
{
    const struct pq_deal *d = &((const struct pq_partie *)state)->deal;
    int seat = d->to_act;
    (void)player;
    switch (d->phase) {
    case PQ_PHASE_ANNOUNCE: return PQ_CHECK_CB_ANNOUNCE;
    case PQ_PHASE_DISCARD:
        if (d->carte_blanche == seat) return seat == PQ_ELDER ? PQ_CHECK_CB_ELDER_DISCARD : PQ_CHECK_CB_YOUNGER;
        if (d->carte_blanche >= 0) return seat == PQ_YOUNGER ? PQ_CHECK_AGAINST_CB_ELDER : PQ_CHECK_AGAINST_CB_YOUNGER;
        return seat == PQ_ELDER ? PQ_CHECK_EXCHANGE_ELDER : PQ_CHECK_EXCHANGE_YOUNGER;
    case PQ_PHASE_CALL: return PQ_CHECK_CALL;
    case PQ_PHASE_ANSWER: return PQ_CHECK_ANSWER;
    case PQ_PHASE_EXTRA: return PQ_CHECK_EXTRAS;
    case PQ_PHASE_LOOK: return PQ_CHECK_LOOK;
    case PQ_PHASE_PLAY: return d->lead_card < 0 ? PQ_CHECK_LEAD : PQ_CHECK_FOLLOW;
    default: return PQ_CHECK_RESULTS;
    }
}

/* An exchange is both an exchange of its seat and, with a carte blanche
 * on the table, a carte-blanche situation. */
static uint64_t decision(const void *state, int player)
{
    const struct pq_deal *d = &((const struct pq_partie *)state)->deal;
    int s = situation(state, player);
    uint64_t met = s == PQ_CHECK_RESULTS ? 0 : 1ull << s;
    if (d->phase == PQ_PHASE_DISCARD)
        met |= 1ull << (d->to_act == PQ_ELDER ? PQ_CHECK_EXCHANGE_ELDER : PQ_CHECK_EXCHANGE_YOUNGER);
    return met;
}

static uint64_t deal_over(const void *state, int player)
{
    const struct pq_deal *d = &((const struct pq_partie *)state)->finished;
    uint64_t met = 0;
    (void)player;
    for (int cls = 0; cls < PQ_CLASSES; cls++)
        if (d->classes[cls].outcome == PQ_OUTCOME_EQUAL) met |= 1ull << PQ_CHECK_EQUAL;
    if (d->tricks[0] == 12 || d->tricks[1] == 12) met |= 1ull << PQ_CHECK_CAPOT;
    return met;
}

const struct game_check piquet_check = {
    .n_situations = PQ_CHECK_SITUATIONS, .names = names, .matches = 2, .match_rules = NULL,
    .decks = decks, .absent = absent, .situation = situation, .decision = decision, .deal_over = deal_over
};

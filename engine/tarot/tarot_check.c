/* tarot_check.c - what `arena check --game tarot [--players N]` asks of
 * French Tarot (game.h struct game_check): its situations, the constructed
 * packs of the first match, and how to read what the bot met from the
 * match state.
 *
 * The bot is player A and deals the first deal, so it sits in seat N-1,
 * then N-2, ... (F44). The packs (one table per player count, written per
 * role and laid by lay_pack) bring about, whatever the bot's own choices:
 * a petit sec (a void deal without action), a deal where every seat is
 * weak (the opponents, bot-greedy by default, pass: an all-pass deal if
 * the bot passes too), a hand that takes a garde (the dog shown, the
 * discard, the chelem decision), a hand whose discard must hold trumps
 * (F18) and shows a poignée, a poignée that needs the Excuse, an opponent
 * strong enough for a garde sans (the dog nobody sees), the Petit and the
 * Excuse in the bot's hand to the end; with five players, the four kings
 * in the bot's hand while an opponent takes (whatever king he calls, the
 * bot is his secret partner) and a hand that takes and calls. The deals
 * after them come from the seed.
 */
#include <string.h>
#include "engine/tarot/tarot.h"

enum {
    TC_HANDSHAKE,
    TC_AUCTION,        /* its one turn to bid or pass */
    TC_ALL_PASS,
    TC_PETIT_SEC,
    TC_CALL,           /* five players: the taker calls a king */
    TC_DISCARD,        /* the dog shown: the taker discards */
    TC_FORCED,         /* a discard that must hold trumps (F18) */
    TC_DOG_SHOWN,      /* playing a deal whose dog every seat saw */
    TC_DOG_UNSEEN,     /* playing a deal whose dog nobody saw */
    TC_CHELEM,         /* the taker announces a chelem or not */
    TC_POIGNEE,        /* a poignée offered before the first card */
    TC_POIGNEE_EXCUSE, /* a poignée that needs the Excuse */
    TC_EXCUSE,         /* playing with the Excuse in hand */
    TC_PETIT,          /* the last tricks with the Petit, or a petit au bout */
    TC_PARTNER,        /* five players: the secret partner */
    TC_LEAD,
    TC_FOLLOW,
    TC_RESULTS,
    TC_SITUATIONS
};

static const char *const names[TC_SITUATIONS] = {
    "hello and match start",
    "the auction: its one turn to bid or pass",
    "a deal every seat passed (void)",
    "a petit sec: the deal void before any action",
    "five players: the taker calls a king",
    "the dog shown: the taker's discard",
    "a discard that must hold trumps (F18)",
    "playing a deal whose dog was shown (prise, garde)",
    "playing a deal whose dog nobody saw (garde sans, garde contre)",
    "the taker's chelem: announced or not",
    "a poignee offered before the first card",
    "a poignee that needs the Excuse",
    "playing with the Excuse in hand",
    "the Petit in the last tricks, or a petit au bout",
    "five players: the secret partner of the called king",
    "leading to a trick",
    "following to a trick",
    "deal and match results"
};

/* One constructed pack: the bot's hand, one opponent's (the first to
 * speak among the others), the dog, and a petit sec seat when wanted; the
 * other cards fill the rest in turn, seat by seat. */
struct tarot_pack {
    const char *bot, *other, *dog;
};

static const struct tarot_pack packs_4[] = {
    { NULL, "01 1S 2S 3S 4S 5S 6S 7S 8S 9S TS 1H 2H 3H 4H 5H 6H 7H", NULL },
    { NULL, NULL, "01 21 EX KS KH KD" },
    { "21 19 17 15 13 11 09 01 EX KS KH QS NS 1D 2D 3D 1C 2C", NULL, "4D 5D 6D 4C 5C 6C" },
    { "02 03 04 05 06 07 08 09 10 11 12 13 14 15 KS KH KD KC", "01 21 EX", "16 17 18 19 20 1S" },
    { "01 02 03 04 05 06 07 08 09 EX 1S 2S 3S 1H 2H 3H 1D 2D", "21 20 19 18 17 16 15 KS KH KD", "4S 5S 6S 4H 5H 6H" },
    { NULL, "21 20 19 18 17 16 15 14 13 12 EX 01 KS KH KD KC 1S 2S", NULL },
    { "21 20 19 18 17 16 01 EX KS KH KD KC QS QH 1C 2C 3C 4C", NULL, "1S 2S 3S 1H 2H 3H" },
};

static const struct tarot_pack packs_3[] = {
    { NULL, "01 1S 2S 3S 4S 5S 6S 7S 8S 9S TS 1H 2H 3H 4H 5H 6H 7H 8H 9H TH 1D 2D 3D", NULL },
    { NULL, NULL, "01 21 EX KS KH KD" },
    { "21 19 17 15 13 11 09 01 EX KS KH QS NS 1D 2D 3D 1C 2C 3S 4S 5H 6H 7D 8D", NULL, "4D 5D 6D 4C 5C 6C" },
    { "02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20 KS KH KD KC 1S", NULL, "01 21 EX 1H 2H 3H" },
    { "01 02 03 04 05 06 07 08 09 10 11 12 EX 1S 2S 3S 4S 1H 2H 3H 4H 1D 2D 3D", "21 20 19 18 17 16 15 14 KS KH KD KC",
      "5S 6S 7S 5H 6H 7H" },
    { NULL, "21 20 19 18 17 16 15 14 13 12 11 10 09 08 07 06 05 EX 01 KS KH KD KC QS", NULL },
    { "21 20 19 18 17 16 15 01 EX KS KH KD KC QS QH 1C 2C 3C 4C 5C 6C 7C 8C 9C", NULL, "1S 2S 3S 1H 2H 3H" },
};

static const struct tarot_pack packs_5[] = {
    { NULL, "01 1S 2S 3S 4S 5S 6S 7S 8S 9S TS 1H 2H 3H 4H", NULL },
    { "KS KH KD KC 1S 2S 3S 1H 2H 3H 1D 2D 3D 1C 2C", "21 20 19 18 17 16 15 14 EX 01 QS QH QD 4S 4H", NULL },
    { "21 19 17 15 13 01 EX KS KH QS NS 1D 2D 1C 2C", NULL, "4D 5D 6D" },
    { "02 03 04 05 06 07 08 09 10 11 12 KS KH KD KC", "01 21 EX", "13 14 1S" },
    { "01 02 03 04 05 06 07 EX 1S 2S 3S 1H 2H 3H 1D", "21 20 19 18 17 16 KS KH KD", "4S 5S 6S" },
    { NULL, "21 20 19 18 17 16 15 14 13 12 EX 01 KS KH KD", NULL },
    { "21 20 19 18 01 EX KS KH KD KC QS 1C 2C 3C 4C", NULL, "1S 2S 3S" },
};

static tarot_mask cards_of(const char *list)
{
    tarot_mask m = 0;
    for (const char *p = list; p && p[0] && p[1]; p += p[2] ? 3 : 2) {
        int c = tarot_card_parse(p);
        if (c >= 0) m |= TAROT_BIT(c);
        if (!p[2]) break;
    }
    return m;
}

/* Lays pack `p` for deal k (0-based) of an N-player match into deck text. */
static void lay_pack(const struct tarot_pack *p, int n, int k, char *out)
{
    int dog_size = n == 5 ? 3 : 6, size = (TAROT_CARDS - dog_size) / n;
    int bot = ((n - 1 - k) % n + n) % n, other = bot == 0 ? 1 : 0;
    tarot_mask block[TAROT_MAX_SEATS + 1] = { 0 }, used = 0;
    uint8_t deck[TAROT_CARDS];
    block[bot] = cards_of(p->bot);
    block[other] = cards_of(p->other);
    block[n] = cards_of(p->dog);
    for (int s = 0; s <= n; s++) used |= block[s];
    /* the rest in turn, seat by seat, then the dog */
    int s = 0;
    for (tarot_mask rest = TAROT_ALL_CARDS & ~used; rest; rest &= rest - 1) {
        for (int tries = 0; tries <= n; tries++, s = (s + 1) % (n + 1))
            if (tarot_count(block[s]) < (s == n ? dog_size : size)) break;
        block[s] |= TAROT_BIT(tarot_first(rest));
        s = (s + 1) % (n + 1);
    }
    for (int seat = 0, at = 0; seat <= n; seat++)
        for (tarot_mask b = block[seat]; b; b &= b - 1) deck[at++] = (uint8_t)tarot_first(b);
    tarot_deck_format(deck, out, GAME_DECK_TEXT);
}

static int decks(const void *state, int match, char (*texts)[GAME_DECK_TEXT], int max)
{
    const struct tarot_match *m = state;
    const struct tarot_pack *table = m->n == 3 ? packs_3 : m->n == 5 ? packs_5 : packs_4;
    int count = 7;
    if (match > 0) return 0;
    if (count > max) count = max;
    for (int k = 0; k < count; k++) lay_pack(&table[k], m->n, k, texts[k]);
    return count;
}

static int absent(const void *state, int situation)
{
    const struct tarot_match *m = state;
    return (situation == TC_CALL || situation == TC_PARTNER) && m->n != 5;
}

/* A poignée is offered now: its levels' counts (tarot_deal_legal_count
 * beyond the playable cards), and whether one needs the Excuse. */
static int poignee_offered(const struct tarot_deal *d, int *with_excuse)
{
    int seat = d->to_act, t = tarot_count(d->hand[seat] & TAROT_TRUMP_MASK);
    *with_excuse = 0;
    if (d->phase != TAROT_PLAY || tarot_deal_legal_count(d) <= tarot_count(d->playable)) return 0;
    for (int level = 1; level <= 3; level++)
        if (t == tarot_poignee_threshold(d->n, level) - 1 && (d->hand[seat] & TAROT_BIT(TAROT_EXCUSE))) *with_excuse = 1;
    return 1;
}

static int situation(const void *state, int player)
{
    const struct tarot_match *m = state;
    const struct tarot_deal *d = &m->deal;
    int excuse;
    (void)player;
    switch (d->phase) {
    case TAROT_AUCTION: return TC_AUCTION;
    case TAROT_CALL: return TC_CALL;
    case TAROT_DISCARD: return tarot_count(d->hand[d->taker] & ~TAROT_TRUMP_MASK & ~TAROT_BIT(TAROT_EXCUSE) & ~tarot_kings()) < d->dog_size
                                   ? TC_FORCED : TC_DISCARD;
    case TAROT_CHELEM: return TC_CHELEM;
    case TAROT_PLAY:
        if (poignee_offered(d, &excuse)) return excuse ? TC_POIGNEE_EXCUSE : TC_POIGNEE;
        return d->in_trick ? TC_FOLLOW : TC_LEAD;
    default: return TC_RESULTS;
    }
}

static uint64_t decision(const void *state, int player)
{
    const struct tarot_match *m = state;
    const struct tarot_deal *d = &m->deal;
    int s = situation(state, player), seat = tarot_match_player_seat(m, player), excuse;
    uint64_t met = 0;
    if (s != TC_RESULTS) met |= 1ull << s;
    if (s == TC_FORCED) met |= 1ull << TC_DISCARD;
    if (d->phase != TAROT_PLAY) return met;
    met |= 1ull << (d->in_trick ? TC_FOLLOW : TC_LEAD);
    if (poignee_offered(d, &excuse)) met |= 1ull << TC_POIGNEE | (excuse ? 1ull << TC_POIGNEE_EXCUSE : 0);
    met |= 1ull << (d->contract <= TAROT_GARDE ? TC_DOG_SHOWN : TC_DOG_UNSEEN);
    if (d->hand[seat] & TAROT_BIT(TAROT_EXCUSE)) met |= 1ull << TC_EXCUSE;
    if ((d->hand[seat] & TAROT_BIT(TAROT_PETIT)) && tarot_count(d->hand[seat]) <= 2) met |= 1ull << TC_PETIT;
    if (d->n == 5 && seat == d->partner) met |= 1ull << TC_PARTNER;
    return met;
}

static uint64_t deal_over(const void *state, int player)
{
    const struct tarot_match *m = state;
    (void)player;
    if (m->n_results < 1) return 0;
    const struct tarot_result *r = &m->results[m->n_results - 1];
    uint64_t met = 0;
    if (r->void_kind == TAROT_ALL_PASS) met |= 1ull << TC_ALL_PASS;
    if (r->void_kind == TAROT_PETIT_SEC) met |= 1ull << TC_PETIT_SEC;
    if (r->petit_au_bout != TAROT_NOBODY) met |= 1ull << TC_PETIT;
    return met;
}

const struct game_check tarot_check = {
    .n_situations = TC_SITUATIONS, .names = names, .matches = 1, .match_rules = NULL,
    .decks = decks, .absent = absent, .situation = situation, .decision = decision, .deal_over = deal_over
};

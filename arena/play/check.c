/* check.c - the compliance check (check.h). Piquet's packs are written
 * as elder's twelve cards, younger's twelve and the talon from the top;
 * Belote's as each seat's cards (struct bel_pack), laid into the pack
 * order of shared/RULES-belote.md B6, B7 and BM1.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include "arena/play/check.h"
#include "protocol/json_writer.h"

static const char *const situation_names[CHECK_SITUATIONS] = {
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

const char *check_situation_name(int situation)
{
    return situation_names[situation];
}

static const char *const pack_texts[] = {
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
enum { N_PACKS = sizeof pack_texts / sizeof pack_texts[0] };

static uint8_t packs[N_PACKS][32];

int check_decks(const uint8_t (**decks)[32])
{
    for (int p = 0; p < N_PACKS; p++) {
        int parsed = pq_deck_parse(pack_texts[p], packs[p], NULL, 0);
        assert(parsed == 0);   /* the packs above are constants */
        (void)parsed;
    }
    *decks = (const uint8_t (*)[32])packs;
    return N_PACKS;
}

static void pass(struct check_report *r, int situation)
{
    if (r->status[situation] == CHECK_NOT_REACHED) r->status[situation] = CHECK_PASSED;
}

/* Marks what the bot (seat `seat`) met in one deal it played. */
static void read_deal(const struct pq_deal *played, int seat, struct check_report *r)
{
    struct pq_deal d;
    pq_deal_init(&d, &played->rules, played->deck);
    for (int i = 0; i < played->n_history; i++) {
        if (d.to_act == seat) {
            int other = 1 - seat;
            switch (d.phase) {
            case PQ_PHASE_ANNOUNCE: pass(r, CHECK_CB_ANNOUNCE); break;
            case PQ_PHASE_DISCARD:
                pass(r, seat == PQ_ELDER ? CHECK_EXCHANGE_ELDER : CHECK_EXCHANGE_YOUNGER);
                if (d.carte_blanche == seat) pass(r, seat == PQ_ELDER ? CHECK_CB_ELDER_DISCARD : CHECK_CB_YOUNGER);
                if (d.carte_blanche == other) pass(r, other == PQ_ELDER ? CHECK_AGAINST_CB_ELDER : CHECK_AGAINST_CB_YOUNGER);
                break;
            case PQ_PHASE_CALL: pass(r, CHECK_CALL); break;
            case PQ_PHASE_ANSWER: pass(r, CHECK_ANSWER); break;
            case PQ_PHASE_EXTRA: pass(r, CHECK_EXTRAS); break;
            case PQ_PHASE_LOOK: pass(r, CHECK_LOOK); break;
            case PQ_PHASE_PLAY: pass(r, d.lead_card < 0 ? CHECK_LEAD : CHECK_FOLLOW); break;
            default: break;
            }
        }
        pq_deal_apply(&d, &played->history[i], NULL, 0);
    }
    if (!pq_deal_over(&d)) return;
    for (int cls = 0; cls < PQ_CLASSES; cls++)
        if (d.classes[cls].outcome == PQ_OUTCOME_EQUAL) pass(r, CHECK_EQUAL);
    if (d.tricks[0] == 12 || d.tricks[1] == 12) pass(r, CHECK_CAPOT);
}

/* The situation a request in this state puts the bot in. */
static int situation_of(const struct pq_deal *d)
{
    int seat = d->to_act;
    switch (d->phase) {
    case PQ_PHASE_ANNOUNCE: return CHECK_CB_ANNOUNCE;
    case PQ_PHASE_DISCARD:
        if (d->carte_blanche == seat) return seat == PQ_ELDER ? CHECK_CB_ELDER_DISCARD : CHECK_CB_YOUNGER;
        if (d->carte_blanche >= 0) return seat == PQ_YOUNGER ? CHECK_AGAINST_CB_ELDER : CHECK_AGAINST_CB_YOUNGER;
        return seat == PQ_ELDER ? CHECK_EXCHANGE_ELDER : CHECK_EXCHANGE_YOUNGER;
    case PQ_PHASE_CALL: return CHECK_CALL;
    case PQ_PHASE_ANSWER: return CHECK_ANSWER;
    case PQ_PHASE_EXTRA: return CHECK_EXTRAS;
    case PQ_PHASE_LOOK: return CHECK_LOOK;
    case PQ_PHASE_PLAY: return d->lead_card < 0 ? CHECK_LEAD : CHECK_FOLLOW;
    default: return CHECK_RESULTS;
    }
}

int check_run(const struct match_bot *bot, const char *opponent, const struct match_config *base,
              struct check_report *report, char *err, size_t cap)
{
    static struct referee ref;
    struct match_config config = *base;
    memset(report, 0, sizeof *report);
    report->n_situations = CHECK_SITUATIONS;
    config.bots[0] = *bot;
    config.bots[1].command = opponent;
    snprintf(config.bots[1].name, sizeof config.bots[1].name, "checker");
    config.n_decks = check_decks(&config.decks);
    for (int k = 0; k < 2; k++) {
        /* Partie 1: the opponent deals first, so the bot is elder in odd deals. */
        if (match_play(&config, (uint64_t)k + 1, 20261122, 1 - k, &ref, err, cap) < 0) return -1;
        report->think_ms += ref.think_ms[0];
        report->decisions += ref.decisions[0];
        if (ref.started) pass(report, CHECK_HANDSHAKE);
        for (int i = 0; i < ref.n_deals; i++) {
            int elder = pq_partie_elder_in(ref.partie.first_dealer, i + 1);
            read_deal(&ref.deals[i], elder == 0 ? PQ_ELDER : PQ_YOUNGER, report);
        }
        if (ref.forfeited && ref.forfeit.player == 0) {
            /* The fault belongs to the situation the bot was asked in. */
            int s = ref.started ? situation_of(&ref.partie.deal) : CHECK_HANDSHAKE;
            report->status[s] = CHECK_FAILED;
            snprintf(report->why[s], sizeof report->why[s], "%s: %.200s", codec_fault_name(ref.forfeit.fault),
                     ref.forfeit.message);
            return 0;
        }
        if (ref.forfeited) {
            snprintf(err, cap, "the checker's own opponent faulted: %s", ref.forfeit.message);
            return -1;
        }
    }
    pass(report, CHECK_RESULTS);
    return 0;
}

/* ---- Belote, every form ---------------------------------------------------------- */

static const char *const belote_names[CHECK_BEL_SITUATIONS] = {
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

const char *check_belote_situation_name(int situation)
{
    return belote_names[situation];
}

const char *check_report_situation_name(const struct check_report *report, int situation)
{
    return report->game ? belote_names[situation] : situation_names[situation];
}

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

/* Puts the cards of `text` at places where[0..], marking them used. */
static void lay_cards(const char *text, const int *where, int room, int *deck, pq_mask *used)
{
    for (int k = 0; text && text[0] && k < room; k++, text += text[2] ? 3 : 2) {
        int card = pq_card_parse(text);
        assert(card >= 0 && !(*used & PQ_BIT(card)));   /* the packs above are constants */
        deck[where[k]] = card;
        *used |= PQ_BIT(card);
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

/* The form's players: `players`, or its default. */
static int players_of(const struct game *game, int players)
{
    return players > 0 ? players : game->default_players;
}

int check_belote_decks(const struct game *game, int players, char (*texts)[CHECK_DECK_TEXT])
{
    int n = players_of(game, players), marseillaise = game == &belote_marseillaise_game, count;
    const struct bel_pack *table;
    if (marseillaise) {
        table = packs_m;
        count = (int)(sizeof packs_m / sizeof packs_m[0]);
    } else if (n == 2) {
        table = packs_2;
        count = (int)(sizeof packs_2 / sizeof packs_2[0]);
    } else if (n == 3) {
        table = packs_3;
        count = (int)(sizeof packs_3 / sizeof packs_3[0]);
    } else {
        table = packs_4;
        count = (int)(sizeof packs_4 / sizeof packs_4[0]);
    }
    for (int i = 0; i < count; i++) lay_pack(&table[i], marseillaise, n, texts[i]);
    return count;
}

/* The game's view of `player` as JSON (owned by the caller), or NULL. */
static cJSON *view_of(const struct game *g, const void *state, int player)
{
    cJSON *root = cJSON_CreateObject();
    struct json_writer jw;
    if (!root) return NULL;
    json_writer_init(&jw, root);
    g->view(state, player, &jw.writer);
    if (jw.failed) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

static const char *text_of(const cJSON *object, const char *key)
{
    const char *text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(object, key));
    return text ? text : "";
}

static int int_of(const cJSON *object, const char *key)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    return cJSON_IsNumber(item) ? item->valueint : -1;
}

/* The situation the bot (player 0) is asked in, from its view. */
static int belote_situation(const cJSON *view)
{
    const char *phase = text_of(view, "phase");
    if (!strcmp(phase, "auction")) return CHECK_BEL_AUCTION1;
    if (!strcmp(phase, "name")) return CHECK_BEL_AUCTION2;
    if (!strcmp(phase, "exchange")) return CHECK_BEL_SEVEN;
    if (!strcmp(phase, "meld")) return CHECK_BEL_MELD;
    if (!strcmp(phase, "play"))
        return cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(view, "trick"),
                                                                  "cards"))
                   ? CHECK_BEL_FOLLOW
                   : CHECK_BEL_LEAD;
    return CHECK_BEL_RESULTS;
}

/* What one decision of the bot shows: its situation, belote offered, a
 * reserve held, a deal in the turn-up's suit. */
static void read_decision(const struct game *g, const void *state, const cJSON *view, struct check_report *r)
{
    char action[GAME_ACTION_MAX];
    int situation = belote_situation(view), n = g->legal_count(state);
    if (situation == CHECK_BEL_MELD && n < 2) situation = CHECK_BEL_RESULTS;   /* nothing to choose */
    if (situation != CHECK_BEL_RESULTS) pass(r, situation);
    for (int i = 0; i < n; i++)
        if (g->legal_text(state, i, action, sizeof action) > 0 && strstr(action, " belote")) pass(r, CHECK_BEL_BELOTE);
    if (int_of(view, "reserve") > 0) pass(r, CHECK_BEL_RESERVE);
    const cJSON *entry;
    cJSON_ArrayForEach(entry, cJSON_GetObjectItemCaseSensitive(view, "history"))
        if (!strcmp(text_of(entry, "action"), "take") && (situation == CHECK_BEL_LEAD || situation == CHECK_BEL_FOLLOW))
            pass(r, CHECK_BEL_TURNUP);
}

/* Whether the bot (seat `seat`) declared or claimed a meld and another seat
 * made a call or claim too, in the history of its last view of a deal. */
static int melds_compared(const cJSON *view)
{
    int seat = int_of(view, "seat"), mine = 0, theirs = 0;
    const cJSON *entry;
    cJSON_ArrayForEach(entry, cJSON_GetObjectItemCaseSensitive(view, "history"))
    {
        const char *action = text_of(entry, "action"), *say = text_of(entry, "say");
        if (strncmp(action, "meld", 4)) continue;
        if (int_of(entry, "seat") == seat) mine |= action[4] == ' ';
        else theirs |= action[4] == ' ' || (say[0] && strcmp(say, "pass") && strcmp(say, "good")) ||
                       cJSON_GetObjectItemCaseSensitive(entry, "asked") != NULL;
    }
    return mine && theirs;
}

/* The end of a deal: capot (every trick to one seat, or to one side) and
 * the maker's failure, from the game's deal result. */
static void read_deal_result(const struct game *g, const void *state, struct check_report *r)
{
    cJSON *result = cJSON_CreateObject();
    struct json_writer jw;
    if (!result) return;
    json_writer_init(&jw, result);
    g->deal_result(state, &jw.writer);
    const cJSON *tricks = cJSON_GetObjectItemCaseSensitive(result, "tricks");
    int n = cJSON_GetArraySize(tricks), total = 0, side[2] = { 0, 0 }, best = 0;
    for (int s = 0; s < n; s++) {
        int t = cJSON_GetArrayItem(tricks, s)->valueint;
        total += t;
        side[s % 2] += t;
        if (t > best) best = t;
    }
    if (total > 0 && (best == total || (g == &belote_partnership_game && (side[0] == total || side[1] == total))))
        pass(r, CHECK_BEL_CAPOT);
    if (!strcmp(text_of(result, "outcome"), "failed")) pass(r, CHECK_BEL_FAILED);
    cJSON_Delete(result);
}

/* Replays one match's transcript through the game, reading what player 0
 * met; *last_situation is the situation of the decision pending at the
 * end (where a fault happened). 0, or -1 when the transcript does not
 * replay (the arena's own bug). */
static int read_match(const struct referee *ref, const struct match_config *config, uint64_t seed,
                      struct check_report *r, int *last_situation, char *err, size_t cap)
{
    static _Alignas(16) unsigned char state[REFEREE_STATE_MAX];
    const struct game *g = config->game;
    struct game_setup setup = { config->players, seed, 0, config->game_rules, 0 };
    char why[160];
    cJSON *last_view = NULL;
    int rc = -1;
    if (g->create(state, &setup, why, sizeof why) < 0) {
        snprintf(err, cap, "cannot replay the check's match: %s", why);
        return -1;
    }
    const cJSON *deal;
    cJSON_ArrayForEach(deal, ref->transcript)
    {
        if (g->set_deck(state, text_of(deal, "deck"), why, sizeof why) < 0) {
            snprintf(err, cap, "cannot replay the check's match: %s", why);
            goto out;
        }
        const cJSON *action;
        cJSON_ArrayForEach(action, cJSON_GetObjectItemCaseSensitive(deal, "actions"))
        {
            const char *text = cJSON_GetStringValue(action);
            if (g->to_act(state) == 0) {
                cJSON_Delete(last_view);
                last_view = view_of(g, state, 0);
                if (last_view) read_decision(g, state, last_view, r);
            }
            int applied = text ? g->apply(state, text, (int)strlen(text), why, sizeof why) : GAME_ILLEGAL;
            if (applied == GAME_ILLEGAL) {
                snprintf(err, cap, "cannot replay the check's match: %s", why);
                goto out;
            }
            if (applied == GAME_DEAL_OVER) {
                read_deal_result(g, state, r);
                if (last_view && melds_compared(last_view)) pass(r, CHECK_BEL_COMPARE);
                cJSON_Delete(last_view);
                last_view = NULL;
            }
        }
    }
    *last_situation = CHECK_BEL_RESULTS;
    if (g->to_act(state) == 0) {
        cJSON *view = view_of(g, state, 0);
        if (view) *last_situation = belote_situation(view);
        cJSON_Delete(view);
    }
    rc = 0;
out:
    cJSON_Delete(last_view);
    return rc;
}

int check_run_game(const struct match_bot *bot, const char *opponent, const struct match_config *base,
                   struct check_report *report, char *err, size_t cap)
{
    static struct referee ref;
    static char decks[CHECK_BEL_DEALS_MAX][CHECK_DECK_TEXT];
    const char *deck_list[CHECK_BEL_DEALS_MAX + 1];
    const char *rules[66];
    struct match_config config = *base;
    int n_rules = 0;
    memset(report, 0, sizeof *report);
    report->game = base->game;
    report->n_situations = CHECK_BEL_SITUATIONS;
    int players = players_of(base->game, base->players);
    if (base->game == &belote_marseillaise_game) {
        report->status[CHECK_BEL_SEVEN] = CHECK_ABSENT;
        report->status[CHECK_BEL_BELOTE] = CHECK_ABSENT;
    }
    if (base->game == &belote_partnership_game) report->status[CHECK_BEL_SEVEN] = CHECK_ABSENT;
    int n_decks = check_belote_decks(base->game, players, decks);
    for (int i = 0; i < n_decks; i++) deck_list[i] = decks[i];
    deck_list[n_decks] = NULL;
    config.bots[0] = *bot;
    for (int p = 1; p < players; p++) {
        config.bots[p].command = opponent;
        snprintf(config.bots[p].name, sizeof config.bots[p].name, "checker-%c", 'A' + p);
    }
    /* Match 2 is longer, on the seed's packs: litiges hold points en réserve. */
    for (int i = 0; base->game_rules && base->game_rules[i] && n_rules < 64; i++)
        if (strncmp(base->game_rules[i], "deals=", 6)) rules[n_rules++] = base->game_rules[i];
    for (int k = 0; k < 2; k++) {
        uint64_t seed = 20261126 + (uint64_t)k;
        int situation = CHECK_BEL_RESULTS;
        config.game_decks = k == 0 ? deck_list : NULL;
        rules[n_rules] = k == 0 ? NULL : "deals=48";
        rules[n_rules + 1] = NULL;
        config.game_rules = rules;
        if (match_play(&config, (uint64_t)k + 1, seed, 0, &ref, err, cap) < 0) return -1;
        report->think_ms += ref.think_ms[0];
        report->decisions += ref.decisions[0];
        if (ref.started) pass(report, CHECK_BEL_HANDSHAKE);
        if (ref.transcript && read_match(&ref, &config, seed, report, &situation, err, cap) < 0) {
            referee_release(&ref);
            return -1;
        }
        referee_release(&ref);
        if (ref.forfeited && ref.forfeit.player == 0) {
            int s = ref.started ? situation : CHECK_BEL_HANDSHAKE;
            report->status[s] = CHECK_FAILED;
            snprintf(report->why[s], sizeof report->why[s], "%s: %.200s", codec_fault_name(ref.forfeit.fault),
                     ref.forfeit.message);
            return 0;
        }
        if (ref.forfeited) {
            snprintf(err, cap, "the checker's own opponent faulted: %s", ref.forfeit.message);
            return -1;
        }
    }
    pass(report, CHECK_BEL_RESULTS);
    return 0;
}

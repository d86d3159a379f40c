/* check.c - the compliance check (check.h). The packs are written as
 * elder's twelve cards, younger's twelve and the talon from the top.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include "arena/play/check.h"

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

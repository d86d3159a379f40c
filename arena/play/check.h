/* check.h - `arena check`: takes a bot through every phase and rare case
 * of a deal and says, for each, whether it coped.
 *
 * Two parties against bot-greedy (exchanging at most three cards, so that
 * talon cards stay untaken), on constructed packs: carte blanche for elder
 * and for younger, a hand rich in sequences and sets (extras), two equal
 * points, a capot hand, then a seeded pack. The second partie swaps the
 * seats, so the bot meets each pack from both sides. Situations are read
 * back from the deals actually played (a bot's own choices can avoid some:
 * those are reported as not reached, which is not a failure).
 */
#ifndef ARENA_PLAY_CHECK_H
#define ARENA_PLAY_CHECK_H

#include "arena/play/match.h"

enum check_situation {
    CHECK_HANDSHAKE,          /* hello accepted, partie started */
    CHECK_EXCHANGE_ELDER,
    CHECK_EXCHANGE_YOUNGER,
    CHECK_CB_ANNOUNCE,        /* own carte blanche as elder: announce k */
    CHECK_CB_ELDER_DISCARD,   /* ... then discard exactly k */
    CHECK_CB_YOUNGER,         /* own carte blanche as younger: exchange after showing it */
    CHECK_AGAINST_CB_ELDER,   /* younger discarding first against elder's carte blanche */
    CHECK_AGAINST_CB_YOUNGER, /* elder exchanging against younger's carte blanche */
    CHECK_CALL,               /* elder's call */
    CHECK_ANSWER,             /* younger's answer */
    CHECK_EXTRAS,             /* class winner's extras */
    CHECK_EQUAL,              /* a class ended equal */
    CHECK_LOOK,               /* look or nolook at untaken cards */
    CHECK_LEAD,
    CHECK_FOLLOW,
    CHECK_CAPOT,              /* a deal with all twelve tricks to one side */
    CHECK_RESULTS,            /* deal and partie ends received, partie completed */
    CHECK_SITUATIONS
};

enum check_status { CHECK_NOT_REACHED, CHECK_PASSED, CHECK_FAILED };

struct check_report {
    int status[CHECK_SITUATIONS];
    char why[CHECK_SITUATIONS][CODEC_MESSAGE_MAX];
    int64_t think_ms;             /* the bot's decision time, both parties */
    int decisions;
};

/* Words for a situation ("carte blanche as elder: announce"). */
const char *check_situation_name(int situation);

/* The constructed packs (n of them). */
int check_decks(const uint8_t (**decks)[32]);

/* Runs the check of `bot` against `opponent` (a command); fills report.
 * Returns 0, or -1 when the arena itself failed, with err. */
int check_run(const struct match_bot *bot, const char *opponent, const struct match_config *base,
              struct check_report *report, char *err, size_t cap);

#endif

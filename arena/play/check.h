/* check.h - `arena check`: takes a bot through every phase and rare case
 * of a deal and says, for each, whether it coped.
 *
 * Piquet (check_run):
 * Two parties against bot-greedy (exchanging at most three cards, so that
 * talon cards stay untaken), on constructed packs: carte blanche for elder
 * and for younger, a hand rich in sequences and sets (extras), two equal
 * points, a capot hand, then a seeded pack. The second partie swaps the
 * seats, so the bot meets each pack from both sides. Situations are read
 * back from the deals actually played (a bot's own choices can avoid some:
 * those are reported as not reached, which is not a failure).
 *
 * Belote, every form (check_run_game): one match against copies of
 * bot-greedy (--game), the bot as player A, its first deals on constructed
 * packs (check_belote_decks) that bring, wherever the bot sits, the first
 * and second bidding rounds, the turn-up taken, the Seven of trumps to
 * exchange, melds on both sides (the engine's comparison, "How high?"),
 * belote-rebelote in the bot's hand, a capot, a maker's failure; then a
 * longer match on seeded packs (48 deals), where a litige holds points en
 * réserve for a later deal. Situations are read back from the transcript
 * replayed through the game's own views and deal results.
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

/* Belote's situations (any form). */
enum check_belote_situation {
    CHECK_BEL_HANDSHAKE,      /* hello accepted, match started */
    CHECK_BEL_AUCTION1,       /* bidding round 1: take or pass the turn-up's suit */
    CHECK_BEL_AUCTION2,       /* bidding round 2: name a suit or pass */
    CHECK_BEL_TURNUP,         /* playing a deal whose turn-up was taken */
    CHECK_BEL_SEVEN,          /* the Seven of trumps: exchange or keep */
    CHECK_BEL_MELD,           /* trick-1 melds (Marseillaise: claims after a won trick) */
    CHECK_BEL_COMPARE,        /* its melds against another seat's: the engine's comparison */
    CHECK_BEL_BELOTE,         /* King and Queen of trumps: belote offered */
    CHECK_BEL_LEAD,
    CHECK_BEL_FOLLOW,
    CHECK_BEL_CAPOT,          /* a deal with every trick to one seat (side) */
    CHECK_BEL_FAILED,         /* a deal whose maker failed */
    CHECK_BEL_RESERVE,        /* deciding while points are held en réserve */
    CHECK_BEL_RESULTS,        /* deal and match ends received, matches completed */
    CHECK_BEL_SITUATIONS
};

enum { CHECK_MAX_SITUATIONS = (int)CHECK_SITUATIONS > (int)CHECK_BEL_SITUATIONS ? (int)CHECK_SITUATIONS : (int)CHECK_BEL_SITUATIONS };

/* CHECK_ABSENT: the form has no such situation (the Seven in Partnership
 * and Marseillaise, BP1 and BM1; belote in Marseillaise is automatic, BM5). */
enum check_status { CHECK_NOT_REACHED, CHECK_PASSED, CHECK_FAILED, CHECK_ABSENT };

struct check_report {
    const struct game *game;      /* NULL: Piquet's situations; else Belote's */
    int n_situations;
    int status[CHECK_MAX_SITUATIONS];
    char why[CHECK_MAX_SITUATIONS][CODEC_MESSAGE_MAX];
    int64_t think_ms;             /* the bot's decision time, both parties */
    int decisions;
};

/* Words for a situation ("carte blanche as elder: announce"). */
const char *check_situation_name(int situation);
const char *check_belote_situation_name(int situation);
/* The words for situation s of the report's game. */
const char *check_report_situation_name(const struct check_report *report, int situation);

/* The constructed packs (n of them). */
int check_decks(const uint8_t (**decks)[32]);

/* Runs the check of `bot` against `opponent` (a command); fills report.
 * Returns 0, or -1 when the arena itself failed, with err. */
int check_run(const struct match_bot *bot, const char *opponent, const struct match_config *base,
              struct check_report *report, char *err, size_t cap);

/* Belote: the constructed packs of the first match's deals for `game` at
 * `players` (0: its default), as deck texts (texts[i], NUL-terminated,
 * CHECK_DECK_TEXT bytes each); their number (the match's deals). The bot
 * is player A and player A deals the first deal. */
enum { CHECK_DECK_TEXT = 100, CHECK_BEL_DEALS_MAX = 9 };
int check_belote_decks(const struct game *game, int players, char (*texts)[CHECK_DECK_TEXT]);

/* Runs the Belote check of `bot` (config->game, config->players) against
 * copies of `opponent`; fills report. 0, or -1 when the arena itself
 * failed, with err. */
int check_run_game(const struct match_bot *bot, const char *opponent, const struct match_config *base,
                   struct check_report *report, char *err, size_t cap);

#endif

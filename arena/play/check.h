/* check.h - `arena check`: takes a bot through every phase and rare case
 * of a game and says, for each, whether it coped.
 *
 * One loop for every game, driven by the game's struct game_check
 * (engine/game.h): the check plays the game's check matches with the bot
 * as player A (dealing the first deal) and copies of a reference bot in
 * the other seats, the first deals of each match on the game's constructed
 * packs, the rest on the seed's. Each match's transcript is replayed
 * through the game, and every decision player A was asked and every deal
 * that ended is read with the game's check readers. A bot's own choices
 * can avoid some situations: those are reported as not reached, which is
 * not a failure. A fault fails the situation of the decision it happened
 * in (the hello's, when the bot never started) and ends the check.
 */
#ifndef ARENA_PLAY_CHECK_H
#define ARENA_PLAY_CHECK_H

#include "arena/play/match.h"

/* CHECK_ABSENT: the form has no such situation (game_check absent()). */
enum check_status { CHECK_NOT_REACHED, CHECK_PASSED, CHECK_FAILED, CHECK_ABSENT };

struct check_report {
    const struct game *game;
    int n_situations;
    int status[GAME_CHECK_MAX_SITUATIONS];
    char why[GAME_CHECK_MAX_SITUATIONS][CODEC_MESSAGE_MAX];
    int64_t think_ms;             /* the bot's decision time, every match */
    int decisions;
};

/* The words for situation s of the report's game. */
const char *check_report_situation_name(const struct check_report *report, int situation);

/* Runs the check of `bot` at base->game (NULL: Piquet), base->players,
 * base->game_rules, against copies of `opponent` (a command); fills
 * report. 0, or -1 when the arena itself failed or the game has no check,
 * with err. */
int check_run(const struct match_bot *bot, const char *opponent, const struct match_config *base,
              struct check_report *report, char *err, size_t cap);

#endif

/* support_rules.h - helpers shared by the rules tests (tests/test_rules_*.c).
 *
 * A test writes a deal as three texts, elder's twelve cards, younger's
 * twelve and the talon top first (docs/rules-piquet.md R5), and drives it with action
 * strings (docs/design.md "Actions"). Every helper fails the calling Criterion
 * test when an expectation breaks, so tests read as the rules do: "this is
 * legal", "this is refused and changes nothing", then exact scores.
 * The sr_ prefix stands for support_rules.
 */
#ifndef SUPPORT_RULES_H
#define SUPPORT_RULES_H

#include "engine/piquet/deal.h"
#include "engine/piquet/partie.h"
#include "engine/piquet/view.h"

/* A deal worked out by hand: the pack as three texts and a NULL-terminated
 * list of actions (the rest of the deal, when the list stops early, does
 * not matter to the tests using it). */
struct sr_script {
    const char *elder, *younger, *talon;
    const char *const *actions;
};

/* Deck A: elder all spades and AH KH QH JH; younger TH 9H 8H 7H and all
 * diamonds; the talon all clubs, AC on top. After "discard JH" (AC in),
 * "discard 7D" (KC in) elder holds the eight spades, AH KH QH, AC and
 * younger TH 9H 8H 7H, AD..8D, KC: elder wins every trick however the
 * cards are played. */
#define SR_A_ELDER   "AS KS QS JS TS 9S 8S 7S AH KH QH JH"
#define SR_A_YOUNGER "TH 9H 8H 7H AD KD QD JD TD 9D 8D 7D"
#define SR_A_TALON   "AC KC QC JC TC 9C 8C 7C"

/* Carte blanche hands, dealt either way round: twelve cards without
 * K Q J, and the twelve courts but JD JC, which are talon cards 2 and 3. */
#define SR_CB_BLANK  "AH TH 9H 8H 7H AD TD 9D 8D 7D AC TC"
#define SR_CB_COURTS "AS KS QS JS TS KH KD KC QH QD QC JH"
#define SR_CB_TALON  "7C JD JC 9S 8S 9C 8C 7S"

/* The mask of space-separated card texts ("AS KS 7D"). */
pq_mask sr_cards(const char *text);

/* The pack: elder's 12 cards, younger's 12, talon's 8 (top first). */
void sr_deck(const char *elder, const char *younger, const char *talon, uint8_t deck[32]);

/* The talon cards i..i+n-1 (0-based, top first) of a started deal. */
pq_mask sr_talon(const struct pq_deal *d, int from, int n);

/* Rules with one flag changed from the defaults. */
struct pq_rules sr_rules(const char *name, const char *value);

/* Starts a deal; rules NULL means the defaults of docs/rules-piquet.md section 8. */
void sr_start(struct pq_deal *d, const struct pq_rules *rules,
              const char *elder, const char *younger, const char *talon);
void sr_start_script(struct pq_deal *d, const struct pq_rules *rules, const struct sr_script *s);

/* Applies a legal action (fails the test with the engine's reason if not). */
void sr_do(struct pq_deal *d, const char *action);

/* Applies a NULL-terminated list of legal actions. */
void sr_do_list(struct pq_deal *d, const char *const *actions);

/* Asserts the action is refused with a non-empty reason containing
 * `reason_part` (when not NULL), and that the whole deal is unchanged. */
void sr_refuse(struct pq_deal *d, const char *action, const char *reason_part);

/* Starts a scripted deal and applies all its actions. */
void sr_play_script(struct pq_deal *d, const struct pq_rules *rules, const struct sr_script *s);

/* Plays the first legal action until the deal is over. */
void sr_finish(struct pq_deal *d);

/* Plays a scripted deal inside a partie (the script from its first action,
 * then first legal actions to the end of the deal); next_deck is the pack
 * of the deal that follows. */
void sr_partie_deal(struct pq_partie *p, const struct sr_script *s, const uint8_t next_deck[32]);

/* Scripted deals shared by several test files, each worked out in
 * support_rules.c:
 *   sr_six_six     each side wins six tricks; play 7-7, no declarations
 *   sr_eleven      elder 82 (pique, 11 tricks), younger 2
 *   sr_hoyle       Hoyle's hand: elder 170, younger 0 (R27)
 *   sr_capot       deck A to the end of the declarations: elder 29,
 *                  younger nothing; elder's first lead makes a pique and
 *                  he wins every trick                                  */
extern const struct sr_script sr_six_six, sr_eleven, sr_hoyle, sr_capot;

#endif

/* tarot.h - French Tarot for 3, 4 and 5 players (shared/RULES-tarot.md,
 * rules F1-F47): one deal engine (tarot_deal.c), one scorer
 * (tarot_score.c), one match (tarot_match.c), the reports and the view
 * (tarot_report.c) behind one game module (tarot_game.c: tarot_game).
 *
 * Cards are numbers 0..77 in the canonical pack order of F3: 0..20 the
 * trumps 01..21, 21 the Excuse, then 22 + 14 * suit + rank for the suits
 * S H D C and the ranks 1 2 ... 9 T J N Q K (0..13). A set of cards is a
 * 128-bit mask (tarot_mask), bit c for card c: the shared 32-bit pq_mask
 * of engine/card.h holds no 78-card pack.
 *
 * Everything is plain fixed-size data: a struct tarot_match (the game
 * state) may be copied with memcpy. Seats are 0..N-1 in playing order,
 * seat N-1 dealing (F7); deal k of a match is dealt by player
 * (first_dealer + k) mod N and seat j is player (first_dealer + k + 1 + j)
 * mod N (F44); game_setup.one_deal makes seat j player j.
 *
 * Legal-action lists (game.h legal_text), in this order:
 *   auction: pass, then every higher bid from prise up to garde_contre;
 *   call: `call C` for every callable card in pack order (F15);
 *   discard: every legal d-card discard (F18), its cards in pack order,
 *   the discards in lexicographic order of their cards' pack positions
 *   (so each is found by its rank, never by a list: a 3-player discard may
 *   have hundreds of thousands);
 *   chelem: pass, chelem;
 *   play: `play C` for every playable card in pack order, then, when the
 *   seat may show a poignée (F25), every poignée text: simple, double,
 *   triple, and in each level the sets of k trumps in lexicographic
 *   order, then the set of k-1 trumps and the Excuse when it is allowed.
 *
 * The view (game.h view) writes these keys, in this order:
 *   game        "tarot"
 *   players     N
 *   deal        the current deal, from 1
 *   player      this player's letter, "A".."E"
 *   seat        this player's seat in the deal (0 speaks first, N-1 deals)
 *   seats       the players' letters by seat
 *   dealer      the dealing player's letter
 *   phase       "auction", "call", "discard", "chelem", "play" or "over"
 *   turn        the seat to act, null when the deal is over
 *   hand        this seat's cards now, in pack order (the taker's includes
 *               the dog between taking it and discarding)
 *   bids        per seat: null (not spoken yet), "pass" or the contract
 *   taker       seat or null;  contract: its token or null
 *   called      the called card (5 players) or null
 *   partner     the taker's partner as this seat knows it (F24, section
 *               14): a seat, or null while unknown or when there is none
 *   alone       true once this seat knows the taker plays alone
 *   dog         the dog's cards once turned up (prise, garde), else null
 *   discard     the taker's own discard, in the taker's view only, else null
 *   discard_trumps  the trumps discarded (trump_discard=shown), or their
 *               number (counted), once discarded; else null
 *   chelem      true or false once the taker has spoken, else null
 *   poignees    [{"seat": s, "level": "simple", "cards": [...]}...] as shown
 *   history     the deal's actions in order, each {"seat": s, "action":
 *               text}; another seat's discard is written bare "discard"
 *   trick       {"leader": seat, "cards": [...]} of the current trick
 *   last_trick  {"leader", "cards", "winner"} of the last finished trick, or null
 *   tricks_won  per seat
 *   totals      the match totals so far by player letter
 *
 * Forfeit (game.h forfeit_points): each other player keeps its total and
 * the forfeiting player's match points are the lowest other total minus
 * 10000, more than any deal can swing (a deal moves a seat by at most
 * 4 x 1202), so it ranks last; the others keep their order.
 *
 * Sampling (game.h sample): the cards the player cannot see (other hands,
 * an unseen dog, the hidden part of the discard) are redealt uniformly by
 * rejection among the placements that keep its own hand, every card shown
 * (played, the dog turned up, poignées, discarded trumps under `shown`),
 * every hand's size, the number of discarded trumps, and what play and
 * rules revealed: a suit not followed, no trump when one was due, no trump
 * above the trick's best when overtrumping was due, no other trump after a
 * poignée with the Excuse, no suit card but kings in a taker who had to
 * discard trumps, no king or bout in the discard. After 2000 rejected
 * deals a constrained random fill is used (consistent, not exactly
 * uniform). The partner (5 players) follows the called card's new holder.
 * Under poignee_level=highest a seat that showed a poignée held no higher
 * one when it showed it (its hand then: its hand now and the cards it has
 * played since); one that showed none may hold one (showing is optional).
 */
#ifndef TAROT_H
#define TAROT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "engine/game.h"

__extension__ typedef unsigned __int128 tarot_mask;

enum {
    TAROT_CARDS = 78,
    TAROT_TRUMPS = 21,
    TAROT_EXCUSE = 21,
    TAROT_FIRST_SUIT_CARD = 22,
    TAROT_RANKS = 14,
    TAROT_MAX_SEATS = 5,
    TAROT_MAX_TRICKS = 24,
    TAROT_MAX_DEALS = 100,
    TAROT_HISTORY = 96,     /* 5 bids, call, discard, chelem, 5 poignées, 78 plays */
    TAROT_NO_CARD = 0xff
};

enum tarot_contract { TAROT_PASS, TAROT_PRISE, TAROT_GARDE, TAROT_GARDE_SANS, TAROT_GARDE_CONTRE };
enum tarot_phase { TAROT_AUCTION, TAROT_CALL, TAROT_DISCARD, TAROT_CHELEM, TAROT_PLAY, TAROT_OVER };
enum tarot_void { TAROT_NOT_VOID, TAROT_PETIT_SEC, TAROT_ALL_PASS };
enum tarot_kind { TAROT_ACT_PASS, TAROT_ACT_BID, TAROT_ACT_CALL, TAROT_ACT_DISCARD, TAROT_ACT_CHELEM,
                  TAROT_ACT_POIGNEE, TAROT_ACT_PLAY };
enum tarot_camp { TAROT_NOBODY = -1, TAROT_ATTACK = 0, TAROT_DEFENCE = 1 };

/* Variant flags (section 13), each 0 for its default. */
enum { TAROT_PETIT_SEC_FFT, TAROT_PETIT_SEC_PARLETT, TAROT_PETIT_SEC_OFF };
enum { TAROT_DISCARD_SHOWN, TAROT_DISCARD_COUNTED };
enum { TAROT_POIGNEE_FREE, TAROT_POIGNEE_HIGHEST };
enum { TAROT_HALF_WINNER, TAROT_HALF_DOWN };
enum { TAROT_LEAD_BANNED, TAROT_LEAD_FREE };
enum { TAROT_EXCUSE_FFT, TAROT_EXCUSE_WINNER };

struct tarot_rules {
    uint8_t players;
    int16_t deals;
    uint8_t petit_sec, trump_discard, poignee_level, half_point, called_suit_lead, excuse_last;
};

/* One action (section 15). */
struct tarot_action {
    uint8_t kind;           /* enum tarot_kind */
    uint8_t arg;            /* BID: the contract; CALL, PLAY: the card */
    tarot_mask cards;       /* DISCARD, POIGNEE */
};

/* One entry of a deal's history. */
struct tarot_played {
    uint8_t seat, kind, arg;
};

struct tarot_deal {
    struct tarot_rules rules;
    uint8_t n, dog_size, hand_size;
    uint8_t deck[TAROT_CARDS];
    uint8_t phase;                  /* enum tarot_phase */
    int8_t to_act;                  /* -1 once over */
    uint8_t void_kind;              /* enum tarot_void */
    int8_t bids[TAROT_MAX_SEATS];   /* -1 not spoken, else enum tarot_contract */
    uint8_t spoken;
    int8_t taker, partner;          /* partner: the called card's holder, -1 alone */
    uint8_t contract;
    uint8_t called;                 /* TAROT_NO_CARD when none */
    uint8_t chelem_spoken, chelem_announced;
    uint8_t partner_public;         /* the called card was played or seen in the dog */
    tarot_mask hand[TAROT_MAX_SEATS];
    tarot_mask dog, discard;
    tarot_mask poignee[TAROT_MAX_SEATS];
    uint8_t poignee_level[TAROT_MAX_SEATS];   /* 0 none, 1 simple, 2 double, 3 triple */
    uint8_t poignee_order[TAROT_MAX_SEATS], n_poignees;
    uint8_t played_first;           /* bit s: seat s has played to trick 1 */
    /* Kept by tarot_deal_refresh after every change (init, apply,
     * sampling), so that listing an action costs a look-up: */
    tarot_mask playable;            /* the cards the seat to act may play now */
    uint8_t n_playable;             /* how many */
    uint8_t n_playable_low;         /* how many below card 64 (finding the n-th) */
    int32_t n_legal;                /* the number of legal actions now */
    int8_t lead, best;              /* the current trick's led card (not the Excuse) and best trump, or -1 */
    int8_t top, top_seat;           /* the card winning the current trick so far (F23, not the Excuse) and
                                       its seat, or -1 */
    /* tricks: trick t's cards are plays[t * n ...], its leader and winner */
    uint8_t trick_no, in_trick;
    uint8_t plays[TAROT_CARDS], play_seat[TAROT_CARDS];
    uint8_t leader[TAROT_MAX_TRICKS], winner[TAROT_MAX_TRICKS];
    uint8_t tricks_won[TAROT_MAX_SEATS];
    uint8_t n_hist;
    struct tarot_played hist[TAROT_HISTORY];
};

/* A finished deal as reports need it (F28-F40). */
struct tarot_result {
    uint8_t void_kind;
    int8_t taker, partner;
    uint8_t contract, called, chelem_announced, n;
    int16_t half_points;
    uint8_t bouts, target, made, difference, multiplier;
    int8_t petit_au_bout, chelem;       /* enum tarot_camp */
    uint8_t n_poignees;
    uint8_t poignee_seat[TAROT_MAX_SEATS], poignee_level[TAROT_MAX_SEATS];
    uint8_t tricks[TAROT_MAX_SEATS];
    int8_t dealer;                      /* the dealing player (match reports) */
    int8_t seat_player[TAROT_MAX_SEATS];
    /* the components of the attack unit u (F39), signed */
    int16_t u_contract, u_petit, u_poignee[TAROT_MAX_SEATS], u_chelem;
    int32_t scores[TAROT_MAX_SEATS];
};

struct tarot_match {
    struct tarot_rules rules;
    uint8_t n, over, one_deal;
    int8_t first_dealer;
    int16_t deal_no;                /* from 1 */
    uint64_t seed;
    int8_t seat_player[TAROT_MAX_SEATS];
    long totals[TAROT_MAX_SEATS];   /* by player */
    struct tarot_deal deal;
    int16_t n_results;
    struct tarot_result results[TAROT_MAX_DEALS];
};

/* ---- cards (tarot_cards.c) ---- */

#define TAROT_BIT(card)     ((tarot_mask)1 << (card))
#define TAROT_TRUMP_MASK    (((tarot_mask)1 << TAROT_TRUMPS) - 1)
#define TAROT_SUIT_MASK(s)  ((((tarot_mask)1 << TAROT_RANKS) - 1) << (TAROT_FIRST_SUIT_CARD + TAROT_RANKS * (s)))
#define TAROT_ALL_CARDS     ((((tarot_mask)1) << TAROT_CARDS) - 1)
#define TAROT_IS_TRUMP(c)   ((c) < TAROT_TRUMPS)
#define TAROT_SUIT(c)       (((c) - TAROT_FIRST_SUIT_CARD) / TAROT_RANKS)    /* suit cards only */
#define TAROT_RANK(c)       (((c) - TAROT_FIRST_SUIT_CARD) % TAROT_RANKS)
#define TAROT_CARD(s, r)    (TAROT_FIRST_SUIT_CARD + TAROT_RANKS * (s) + (r))
#define TAROT_PETIT         0
#define TAROT_21            20
#define TAROT_KING          13

/* SWAR counts: no popcnt instruction is assumed (a libgcc call otherwise). */
static inline int tarot_count64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    return (int)((((x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full) * 0x0101010101010101ull) >> 56);
}

static inline int tarot_count(tarot_mask m)
{
    return tarot_count64((uint64_t)m) + tarot_count64((uint64_t)(m >> 64));
}

/* The n-th lowest card (n from 0) of a mask holding more than n cards. */
static inline int tarot_nth(tarot_mask m, int n)
{
    uint64_t lo = (uint64_t)m;
    int below = tarot_count64(lo), base = 0;
    if (n >= below) {
        lo = (uint64_t)(m >> 64);
        n -= below;
        base = 64;
    }
    while (n-- > 0) lo &= lo - 1;
    return base + __builtin_ctzll(lo);
}

/* Whether card c is in m, and m without card c, worked on the mask's two
 * 64-bit halves: a 128-bit shift by a variable costs more, and the play
 * path does these for every card. */
static inline int tarot_has(tarot_mask m, int c)
{
    uint64_t half = c < 64 ? (uint64_t)m : (uint64_t)(m >> 64);
    return (int)(half >> (c & 63)) & 1;
}

static inline tarot_mask tarot_without(tarot_mask m, int c)
{
    uint64_t bit = (uint64_t)1 << (c & 63);
    uint64_t lo = (uint64_t)m & ~(c < 64 ? bit : 0), hi = (uint64_t)(m >> 64) & ~(c < 64 ? 0 : bit);
    return (tarot_mask)hi << 64 | lo;
}

static inline int tarot_first(tarot_mask m)
{
    uint64_t lo = (uint64_t)m;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}

/* Kings of every suit; bouts 01 21 EX (F4). */
tarot_mask tarot_kings(void);
tarot_mask tarot_bouts(void);
tarot_mask tarot_rank_mask(int rank);

/* The card of a two-character token (F3), or -1. */
int tarot_card_parse(const char *text);
/* Each card's token with its NUL ("01".."21", "EX", "1S".."KC"). */
extern const char tarot_tokens[TAROT_CARDS][3];
static inline void tarot_card_format(int card, char out[3])
{
    memcpy(out, tarot_tokens[card], 3);
}
/* F6: half points of a card. */
extern const uint8_t tarot_halves[TAROT_CARDS];
static inline int tarot_card_halves(int card)
{
    return tarot_halves[card];
}
int tarot_mask_halves(tarot_mask m);
/* Cards of a mask in pack order, separated by spaces; length as snprintf. */
int tarot_mask_format(tarot_mask m, char *buf, int cap);

/* A pack order: 78 distinct tokens separated by spaces. 0, or -1 with a
 * reason ("'ZZ' is not a card", "the pack names KH twice", "the pack has
 * 77 cards, not 78"). */
int tarot_deck_parse(const char *text, uint8_t deck[TAROT_CARDS], char *err, int cap);
int tarot_deck_format(const uint8_t deck[TAROT_CARDS], char *buf, int cap);
/* The pack of deal `index` (1, 2, ...) of a match seeded with `seed`. */
void tarot_deck_shuffle(uint64_t seed, int index, uint8_t deck[TAROT_CARDS]);

/* C(n, k) (0 outside 0..n). */
long tarot_binomial(int n, int k);
/* The rank of k-subset `sub` of `from` in lexicographic order of pack
 * positions, and back: the `rank`-th k-subset of `from`. */
long tarot_subset_rank(tarot_mask from, tarot_mask sub);
tarot_mask tarot_subset_unrank(tarot_mask from, int k, long rank);

/* ---- rules (tarot_game.c) ---- */

extern const struct game_flag tarot_flags[];
extern const int tarot_n_flags;
void tarot_rules_default(struct tarot_rules *self, int players);
int tarot_rules_set(struct tarot_rules *self, const char *name, const char *value, char *err, int cap);
const char *tarot_contract_name(int contract);
/* F12: the multiplier of a contract. */
int tarot_multiplier(int contract);
/* F25: the poignée thresholds for N players, level 1..3. */
int tarot_poignee_threshold(int players, int level);
const char *tarot_level_name(int level);
/* F36: a poignée's value. */
int tarot_poignee_value(int level);

/* ---- one deal (tarot_deal.c) ---- */

void tarot_deal_init(struct tarot_deal *d, const struct tarot_rules *rules, const uint8_t deck[TAROT_CARDS]);
int tarot_deal_legal_count(const struct tarot_deal *d);
int tarot_deal_legal_text(const struct tarot_deal *d, int n, char *buf, int cap);
int tarot_deal_find_legal(const struct tarot_deal *d, const char *text, int len);
/* Parses an action's text (section 15); 0, or -1 with a reason. */
int tarot_action_parse(const char *text, int len, struct tarot_action *a, char *err, int cap);
int tarot_action_format(const struct tarot_action *a, char *buf, int cap);
/* Checks and applies: 0 goes on, 1 the deal is over, -1 illegal (reason). */
int tarot_deal_apply(struct tarot_deal *d, const struct tarot_action *a, char *err, int cap);
/* Applies the n-th legal action (legal_text's n-th) as tarot_deal_apply
 * applies it: 0 goes on, 1 the deal is over, -1 when n is out of range. */
int tarot_deal_apply_legal(struct tarot_deal *d, int n);
/* Plays `card`, one of d->playable (the caller checked): what
 * tarot_deal_apply does with a legal play, without the checks. 0 goes on,
 * 1 the deal is over. */
int tarot_deal_play(struct tarot_deal *d, int card);
/* The cards `seat` may play now (F22, F24). */
tarot_mask tarot_deal_playable(const struct tarot_deal *d, int seat);
/* Recomputes what the deal keeps of its legal actions (playable,
 * n_playable, n_legal) after the state changed outside tarot_deal_init
 * and tarot_deal_apply, which call it (sampling moves the hands). */
void tarot_deal_refresh(struct tarot_deal *d);
/* The seat winning trick `t` so far (F23, F38) over its `count` cards. */
int tarot_trick_winner(const struct tarot_deal *d, int t, int count);
/* The camp of a seat (F8). */
int tarot_camp(const struct tarot_deal *d, int seat);
/* game.h playout for the deal (tarot_playout.c): the index of the legal
 * play the seat to act takes by its rules of thumb, deterministic for
 * (d, seed); -1 outside a card play. */
int tarot_deal_playout(const struct tarot_deal *d, uint64_t seed);
/* The seats' hands as dealt (F9) and the dog. */
tarot_mask tarot_dealt_hand(const struct tarot_deal *d, int seat);
tarot_mask tarot_dealt_dog(const struct tarot_deal *d);
/* game.h play_classes for the deal: -1 outside the card play, else 0
 * with out[i] (i < n, n the legal count) the first legal action that
 * action i is interchangeable with, or i. Two legal plays share a class
 * when they are neighbours in pack order among the seat's legal plays,
 * both trumps 02..20 or both pip cards 1..10 of one suit (half a point
 * each, F6), neither the called card, and no card in any hand or on the
 * table lies between them; the classes are the chains of such pairs.
 * Never merged: the bouts (F26, F27, F29, F32, F33, F38), the face cards
 * (each alone at its points), the called card (F24) and the poignées. */
int tarot_deal_play_classes(const struct tarot_deal *d, uint8_t *out, int n);
/* The highest poignée level `seat` may show now, 0 if none (F25). */
int tarot_poignee_max_level(const struct tarot_deal *d, int seat);
/* The highest poignée level (0 none) a hand of `players`' deal can show. */
int tarot_poignee_level_of(int players, tarot_mask hand);
/* game.h position for the deal: 0 outside the card play (phase play),
 * else a nonzero hash of what the rest of the deal and its score read:
 * the rules the play and the score read (poignee_level, half_point,
 * called_suit_lead, excuse_last), contract, taker, partner, called card
 * and chelem said; the discard (prise, garde) or the dog (garde sans,
 * garde contre) the score counts; every hand; the trick on the table card
 * by card, the seat to act, the seats that have played to trick 1 (F25);
 * each seat's poignée level; and of the finished tricks only what the
 * score reads (F26-F38): the attack's half points in them (the Excuse's
 * share as F26 gives it), the number of bouts the attack holds of them,
 * the camp that won the Petit when it fell in the last trick but one,
 * and which camps won a trick. Left out: the order of the tricks and the
 * seats that won them (tricks_won reaches the reports, not the scores),
 * the history, the bids, the poignées' cards and what is public
 * (partner_public), the dog under prise and garde (in the hands and the
 * discard by then), the rules read before the play (petit_sec,
 * trump_discard, deals), and what follows from the fields hashed (the
 * number of players and the trick number from the hands; playable, lead,
 * best, top from the table). */
uint64_t tarot_deal_position(const struct tarot_deal *d);

/* ---- scoring (tarot_score.c) ---- */

void tarot_score(const struct tarot_deal *d, struct tarot_result *r);
/* F40: a seat's share of a component x of the attack unit u. */
int tarot_share(const struct tarot_result *r, int seat, int x);

/* ---- the match (tarot_match.c) ---- */

int tarot_match_create(struct tarot_match *m, const struct game_setup *setup, char *err, int cap);
int tarot_match_apply(struct tarot_match *m, const char *text, int len, char *err, int cap);
/* game.h apply_legal: the n-th legal action, as tarot_match_apply applies
 * its text; GAME_ILLEGAL when none (the match over, a void deal, n out of
 * range). */
int tarot_match_apply_legal(struct tarot_match *m, int n);
/* A deal over before its first action (F11) waits for tarot_match_settle;
 * meanwhile seat 0 is said to act (the match is not over) with nothing
 * legal. */
static inline int tarot_match_to_act(const struct tarot_match *m)
{
    if (m->over) return -1;
    return m->seat_player[m->deal.to_act < 0 ? 0 : m->deal.to_act];
}
/* game.h settle: ends a deal void before its first action (F11). */
int tarot_match_settle(struct tarot_match *m);
int tarot_match_dealer(const struct tarot_match *m);
int tarot_match_player_seat(const struct tarot_match *m, int player);
int tarot_match_sample(struct tarot_match *out, const struct tarot_match *m, int player, uint64_t seed);
/* Test-only: when set, views show one card the seat may not see. */
extern int tarot_test_leak;

/* ---- reports (tarot_report.c) ---- */

void tarot_report_deal(const struct tarot_result *r, int with_seats, const struct pq_writer *w);
void tarot_report_match(const struct tarot_match *m, const struct pq_writer *w);
void tarot_report_view(const struct tarot_match *m, int player, const struct pq_writer *w);

extern const struct game_check tarot_check;

#endif

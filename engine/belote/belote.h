/* belote.h - the Belote family (shared/RULES-belote.md): basic Belote for
 * 2, 3 or 4 players each for himself, Belote Marseillaise (2, à la
 * découverte) and Partnership Belote (4, two sides), as one deal engine
 * (deal.c, melds.c), one scorer (belote_score.c) and one match (belote_match.c) behind
 * three game modules (belote_game.c: belote_game,
 * belote_marseillaise_game, belote_partnership_game). The rules Coinche
 * shares with them (cards, tricks, melds, belote, the notation) are
 * written once in belote_family.h, which this header includes.
 *
 * Everything is plain fixed-size data: a struct bel_match (the game
 * state) may be copied with memcpy. Seats are 0..N-1 in playing order from
 * the dealer's left (B4): seat 0 is eldest, seat N-1 deals. Deal d
 * (0-based) of a match is dealt by player (first_dealer + d) mod N and seat
 * s is player (dealer + 1 + s) mod N (B38); game_setup.one_deal makes seat
 * s player s.
 *
 * Legal-action lists (game.h legal_text), in this order:
 *   auction round 1: take, pass;  round 2: name S, name H, name D, name C
 *   (the turn-up's suit left out), pass;  the Seven: exchange, keep;
 *   meld: every set of melds the seat may declare or claim, each in its
 *   canonical text (section 16: a sequence high to low, a carré S H D C,
 *   the melds of one action sorted as strings), the whole list sorted as
 *   strings (so bare `meld` comes first);  play: cards in card order
 *   (engine/card.h: spades, hearts, diamonds, clubs, each 7 up to A), each
 *   `play C` followed by `play C belote` or `play C rebelote` when B26
 *   allows it.
 *
 * The view (game.h view) writes these keys, in this order:
 *   game        "belote", "belote-marseillaise" or "belote-partnership"
 *   players     N
 *   deal        the current deal, from 1
 *   player      this player's letter, "A".."D"
 *   seat        this player's seat in the deal (0 eldest .. N-1 dealer)
 *   seats       the players' letters by seat, ["B", "A"]
 *   dealer      the dealing player's letter
 *   side        Partnership only: this seat's side, 0 (seats 0 and 2) or 1
 *   phase       "auction" (round 1), "name" (round 2), "exchange" (this
 *               seat must exchange or keep), "meld" (trick-1 declaration
 *               or Marseillaise claim), "play", "waiting" (another seat
 *               takes a decision this seat may not know of, B41), "over"
 *   turn        the seat to act, null while "waiting" or "over"
 *   hand        this seat's cards (Marseillaise: its available cards)
 *   turnup      the proposed-trump card (B6, B7, BM1)
 *   turnup_place  the card lying in the turn-up place now: the turn-up,
 *               the Seven after an exchange, null once the maker took it
 *               (N = 4) and in Marseillaise
 *   bergere     the bergère once the deal is complete (N = 2, 3), else null
 *   trump       "S", "H", "D", "C" or null;  maker: seat or null
 *   exchange    the seat that exchanged the Seven, or null
 *   history     the deal's public actions in order, each {"seat": s,
 *               "action": text} plus, on a trick-1 `meld` (B20): "say"
 *               ("pass", "tierce", "cinquante", "cent", "150", "200",
 *               "good", "not good") and, after "How high?", "asked": the
 *               holder's seat and call, "call": the new call when "not
 *               good" (a call is {"seat", "carre": "A"} or {"seat",
 *               "length": 3, "top": "A"}); the `meld` text is this seat's
 *               own full declaration and another seat's bare "meld"; a
 *               `play` to trick 2 whose owner's melds score has "shows":
 *               those melds (B21); a Marseillaise play that completes an
 *               automatic belote has "belote": true (BM5). A `keep` is
 *               listed only in its holder's own view (B41).
 *   trick       {"leader": seat, "cards": ["AS", ...]} of the current trick
 *   tricks_won  per seat
 *   shown       per seat, the melds known to be its (B21; Marseillaise:
 *               every claim), as meld texts
 *   layouts     Marseillaise only: per seat 8 packets {"up": card or null,
 *               "down": true while a card lies face down}
 *   totals      the match totals so far by player letter (Partnership:
 *               "AC", "BD")
 *   reserve     the points held en réserve now (B36)
 *
 * Forfeit (game.h forfeit_points): two entrants (2 players or two sides):
 * the other entrant wins and the settlement is (its total - the
 * forfeiter's, at least 0) + 1000, more than any deal is worth; three or
 * four players: each other player keeps its total and the forfeiter's
 * match points are the lowest other total - 1000, so it ranks last by a
 * margin no played match reaches.
 *
 * Match result (game.h result): "settlement" is a number for two entrants
 * and null for three or four (B38: the ranking and totals are the result).
 *
 * Sampling (game.h sample): the cards a player cannot see (other hands,
 * the undealt cards and the stock; Marseillaise: the face-down cards) are
 * redealt uniformly (rejection sampling; after 4000 rejected deals a
 * constrained random fill, consistent but not exactly uniform) among the
 * deals that keep: its own hand, every public card where it is (played,
 * the turn-up, the bergère, a card an exchange or the N = 4 maker's
 * taking put in a known hand, shown melds, the other card of a `belote`),
 * every hand's size, and the voids play revealed (no card of a suit not
 * followed; no trump when one was required; no trump above the trick's
 * best when overtrumping was required), and what the trick-1 dialogue
 * told of each call (B20, bel_deal_told: a class announced, a detail
 * made public, a `good` to "How high?"): the seat's hand when it declared
 * holds a meld that tells the same, which becomes its call in the sample
 * (its other melds are kept as declared: they score only for the meld
 * winner, whose melds are shown, and so kept in place, from trick 2).
 * Exactly uniform over such deals by
 * rejection; after 4000 rejected deals, a deal that keeps the voids but
 * may not keep the dialogue.
 */
#ifndef BELOTE_H
#define BELOTE_H

#include <stddef.h>
#include <stdint.h>
#include "engine/card.h"
#include "engine/game.h"
#include "engine/belote/belote_family.h"

enum bel_form { BEL_BASIC, BEL_MARSEILLAISE, BEL_PARTNERSHIP };

enum bel_compare { BEL_COMPARE_ROUNDED, BEL_COMPARE_EXACT };
enum bel_rounding { BEL_ROUND_NEAREST, BEL_ROUND_NONE };
enum bel_on_failure { BEL_BELOTE_TRANSFER, BEL_BELOTE_KEEP };
enum bel_meld_tie { BEL_TIE_PRIORITY, BEL_TIE_TRUMP };
enum bel_capot_last { BEL_CAPOT_PLUS, BEL_CAPOT_INSTEAD };
enum bel_reveal { BEL_REVEAL_ON_PLAY, BEL_REVEAL_END_OF_TRICK };

enum {
    BEL_MAX_SEATS = 4,
    BEL_POOL = 32,          /* melds declared or claimed in one deal */
    BEL_HISTORY = 64,       /* actions of one deal (Marseillaise: <= 55) */
    BEL_MAX_DEALS = 100,    /* B39's cap */
    BEL_MAX_EVENTS = 64,
    BEL_SEAT_MELDS = BEL_ACTION_MELDS,  /* scoring melds of one seat in one deal */
    BEL_TEXT = BEL_ACTION_TEXT,         /* the longest action text, with its NUL */
    BEL_MAX_MELD_ACTIONS = 256,
    BEL_NO_CARD = 0xff
};

/* The variant flags of section 13 and the form. */
struct bel_rules {
    uint8_t form;               /* enum bel_form */
    uint8_t players;
    uint8_t seven_exchange;
    uint8_t compare, rounding, belote_on_failure, meld_tie, capot_last, reveal;
    int16_t deals;              /* fixed deals; the cap (100) in a target match */
    int16_t target;             /* 0: fixed deals */
};

enum bel_phase { BEL_PHASE_AUCTION1, BEL_PHASE_AUCTION2, BEL_PHASE_EXCHANGE, BEL_PHASE_PLAY, BEL_PHASE_OVER };

enum bel_kind { BEL_ACT_TAKE, BEL_ACT_NAME, BEL_ACT_PASS, BEL_ACT_EXCHANGE, BEL_ACT_KEEP, BEL_ACT_MELD, BEL_ACT_PLAY };

/* A parsed action. */
struct bel_action {
    uint8_t kind;               /* enum bel_kind */
    uint8_t card;               /* play: the card; name: the suit */
    uint8_t suffix;             /* enum bel_suffix */
    uint8_t n_melds;
    pq_mask melds[BEL_SEAT_MELDS];
};

/* One action of the deal's history. */
struct bel_act {
    uint8_t seat, kind, card, suffix;
    uint8_t pool_at, pool_n;    /* meld: its melds in the pool */
    uint8_t say, asked;         /* trick-1 meld: B20 (asked: holder seat or 0xff) */
    uint8_t shows;              /* play to trick 2 that shows scoring melds (B21);
                                   Marseillaise: 1 when it completed a belote */
};

struct bel_deal {
    struct bel_rules rules;
    uint8_t n;                  /* seats */
    uint8_t deck[32];
    uint8_t phase;              /* enum bel_phase */
    int8_t to_act;
    int8_t maker, trump;        /* -1: none */
    int8_t exchanger, asked;    /* the seat that exchanged; the seat asked */
    uint8_t turnup, place, bergere;  /* BEL_NO_CARD when absent */
    uint8_t complete;           /* every card given (B6, B7) */
    pq_mask hand[BEL_MAX_SEATS];     /* held (Marseillaise: available) */
    pq_mask known[BEL_MAX_SEATS];    /* publicly known to be in that hand */
    pq_mask forbid[BEL_MAX_SEATS];   /* publicly known not to be (voids) */
    pq_mask played_all;
    /* the current trick */
    uint8_t trick;              /* tricks finished */
    uint8_t leader, n_played, win_pos;
    uint8_t played[BEL_MAX_SEATS];
    uint8_t tricks_won[BEL_MAX_SEATS];
    int16_t cards_won[BEL_MAX_SEATS];
    int8_t last;                /* the last trick's winner */
    /* melds */
    uint8_t melded;             /* bit per seat: made its trick-1 meld */
    uint8_t need_claim;         /* Marseillaise: the trick winner claims */
    int8_t holder;              /* best call so far (B20) */
    int8_t meld_winner;
    pq_mask call[BEL_MAX_SEATS];     /* each seat's best declared meld */
    int8_t best_at[BEL_MAX_SEATS];   /* Marseillaise: history index of the best claim */
    uint8_t n_pool;
    pq_mask pool[BEL_POOL];
    uint8_t pool_seat[BEL_POOL];    /* the seat whose meld action made pool[i] */
    uint8_t belote[BEL_MAX_SEATS];   /* 1: said belote, 2: scored */
    pq_mask belote_seen[BEL_MAX_SEATS];  /* Marseillaise: K/Q of trumps played */
    /* Marseillaise layout (BM1) */
    uint8_t top[2][8], bottom[2][8];
    uint8_t packet_of[32];      /* each card's packet number j */
    pq_mask down[2];            /* still face down */
    pq_mask pending[2];         /* turned up, available from the next trick */
    pq_mask turn_at_end[2];     /* reveal end_of_trick: to turn at the trick's end */
    pq_mask claimed_seq[2], claimed_carre[2];
    uint8_t n_hist;
    struct bel_act hist[BEL_HISTORY];
};

/* What a finished deal was, enough to score it again (belote_score.c). */
struct bel_sheet {
    uint8_t form, n, is_void;
    int8_t maker, trump, exchange, meld_winner, last;
    uint8_t turnup, bergere;
    uint8_t tricks[BEL_MAX_SEATS];
    int16_t cards[BEL_MAX_SEATS];
    uint8_t meld_n[BEL_MAX_SEATS];
    uint8_t meld_val[BEL_MAX_SEATS][BEL_SEAT_MELDS];   /* value / 10 */
    uint8_t belote[BEL_MAX_SEATS];
    uint8_t struck[BEL_MAX_SEATS];   /* per unit (seat, or side): B34 */
    int32_t reserve_in;
};

enum bel_category { BEL_EV_CARDS, BEL_EV_LAST, BEL_EV_MELD, BEL_EV_BELOTE, BEL_EV_CAPOT,
                    BEL_EV_ROUNDING, BEL_EV_FAILED, BEL_EV_RESERVE_HELD, BEL_EV_RESERVE_WON };

enum bel_outcome { BEL_MADE, BEL_FAILED, BEL_LITIGE, BEL_VOID };

struct bel_event {
    int8_t seat, side;          /* side: -1 outside Partnership */
    uint8_t category;
    int16_t points;
};

/* A deal's scores (units: seats, or the two sides in Partnership). */
struct bel_result {
    uint8_t outcome, units;
    int32_t counts[BEL_MAX_SEATS], rounded[BEL_MAX_SEATS], scores[BEL_MAX_SEATS];
    int32_t reserve_out;
    int n_events;
    struct bel_event events[BEL_MAX_EVENTS];
};

struct bel_match {
    struct bel_rules rules;
    uint64_t seed;
    uint8_t n, one_deal, over;
    int8_t first_dealer;
    int16_t deal_no;            /* the current deal, from 1 */
    int32_t reserve;            /* held at the start of the current deal */
    int32_t reserve_lost;
    int32_t totals[BEL_MAX_SEATS];   /* per player */
    int8_t seat_player[BEL_MAX_SEATS];   /* of the current deal (B38) */
    struct bel_deal deal;
    int16_t n_sheets;
    struct bel_sheet sheets[BEL_MAX_DEALS];
};

/* Test-only: when set, views show one card the player may not see (the
 * view-leak checker's own test). Never set outside tests. */
extern int bel_test_leak;

/* ---- rules (belote_game.c) ---- */
extern const struct game_flag bel_flags_basic[], bel_flags_marseillaise[], bel_flags_partnership[];
/* The defaults of `form` at `players`. */
void bel_rules_default(struct bel_rules *self, int form, int players);
/* Sets flag "name" from text. 0, or -1 with a reason. */
int bel_rules_set(struct bel_rules *self, const struct game *g, const char *name, const char *value,
                  char *err, int cap);
const char *bel_form_name(int form);

/* ---- cards (belote_family.h: bel_card_points, bel_beats, bel_follow) ---- */
/* Seat s's side (Partnership) or s itself. */
int bel_unit(const struct bel_rules *r, int seat);

/* ---- melds (belote_melds.c; a meld's key, value, texts: belote_family.h) ---- */
/* The canonical meld actions seat `seat` may make now, sorted; returns
 * the number (<= max). texts[i] are NUL-terminated. */
int bel_meld_actions(const struct bel_deal *d, int seat, char (*texts)[BEL_TEXT], int max);
/* Checks the melds of a `meld` action for the acting seat: 0, or -1 with
 * a reason. */
int bel_meld_check(const struct bel_deal *d, int seat, const pq_mask *melds, int n, char *err, int cap);
/* Whether meld a beats b (B17, meld_tie). */
int bel_meld_beats(const struct bel_deal *d, pq_mask a, pq_mask b);
/* B19 meld_tie: the suit whose sequences win a tie of keys (trump), or -1. */
int bel_meld_tie_trump(const struct bel_deal *d);

/* ---- the deal (belote_deal.c) ---- */
void bel_deal_init(struct bel_deal *d, const struct bel_rules *rules, const uint8_t deck[32]);
int bel_action_parse(const char *text, int len, struct bel_action *a, char *err, int cap);
/* Legal actions: count, n-th as text (its length or -1 when cap is short). */
int bel_deal_legal_count(const struct bel_deal *d);
int bel_deal_legal_text(const struct bel_deal *d, int n, char *buf, int cap);
int bel_deal_find_legal(const struct bel_deal *d, const char *text, int len);
/* The cards the acting seat may play now (B23, B24, BP3, BM2). */
pq_mask bel_deal_legal_cards(const struct bel_deal *d);
/* What the acting seat may say with its plays (belote, rebelote). */
struct bel_belote bel_deal_belote(const struct bel_deal *d);
/* Whether the acting seat must make a `meld` action now. */
int bel_deal_meld_due(const struct bel_deal *d);
/* 0 goes on, 1 the deal is over, -1 illegal with a reason in err. */
int bel_deal_apply(struct bel_deal *d, const struct bel_action *a, char *err, int cap);
/* The n-th legal action (as bel_deal_legal_text numbers them) applied: a
 * play without its text and without checking it again. As
 * bel_deal_apply; -1 with nothing changed for n outside the list. */
int bel_deal_apply_legal(struct bel_deal *d, int n);
/* What the trick-1 dialogue (B20) made public of each seat's call but
 * seat v's, into told[] (belote_family.h bel_told; a seat with nothing
 * to hold has cls 0), and the cards each seat has played into played[]
 * (with its hand, what it held when it declared). The number of seats
 * told something; 0 in Marseillaise (its claims show their cards). Under
 * meld_tie `trump` a key equal to another seat's is kept to its class:
 * which of the two was in trumps is not all public. */
int bel_deal_told(const struct bel_deal *d, int v, struct bel_told *told, pq_mask *played);
/* The sheet of a finished deal (struck and reserve_in left 0). */
void bel_deal_sheet(const struct bel_deal *d, struct bel_sheet *s);
/* game.h position: the key of the deal's card play (melds due included),
 * 0 in any other phase. It hashes what the rest of the deal and its sheet
 * read: the rules that bear on play and score, the seat to act, maker,
 * trump, tricks finished, the trick on the table, per seat its hand
 * (Marseillaise: available cards), tricks and card points won, belote
 * state, best call and Marseillaise K/Q seen; the trick-1 dialogue
 * (melded, holder) and its winner; the melds each seat made (pool with
 * pool_seat, as a set: the order of Marseillaise claims is the past's);
 * Marseillaise: whether seat 0's best claim came first (BM4, when both
 * claimed), the layouts (top, bottom, down, pending, turn_at_end) and the
 * cards claimed. Not hashed, since they record only the order of the past
 * or what the players know of it, or are not read once the card play
 * starts: the history, known, forbid, played_all, the deck and
 * packet_of, turnup, place, bergère, exchanger, asked, complete, last,
 * best_at's values (only their order counts) and a finished trick's
 * played[] and win_pos. */
uint64_t bel_deal_position(const struct bel_deal *d);

/* game.h play_classes: the classes of the acting seat's plays (n: the
 * legal count), as bel_play_classes (belote_family.h) gives them: legal
 * cards of one suit, of equal points, with no card still to be played
 * between them in the trick order (any hand, the trick on the table;
 * Marseillaise: the face-down cards too), neither the King or Queen of
 * trumps (B26, BM5). Marseillaise also keeps apart a card lying on a
 * face-down one (BM2: playing it turns that card up) and one that may yet
 * be claimed in a meld (BM3: a claim reads the cards the seat has). The
 * trick-1 declarations read the hand only when they are made: a card
 * played after its seat's `meld` counts for nothing more. -1, nothing
 * written, outside the card play and when a `meld` action is due (B18,
 * BM3); else 0. */
int bel_deal_play_classes(const struct bel_deal *d, uint8_t *out, int n);

/* ---- a search's playouts (belote_playout.c) ---- */
/* game.h playout for the deal: the index of the legal play the acting
 * seat takes by the rules of thumb of belote_playout.c, deterministic for
 * (d, seed); -1 outside a card play (the auction, a meld due). */
int bel_deal_playout(const struct bel_deal *d, uint64_t seed);

/* ---- scoring (belote_score.c) ---- */
void bel_score(const struct bel_sheet *s, const struct bel_rules *r, struct bel_result *out);
const char *bel_category_name(int category);
const char *bel_outcome_name(int outcome);

/* ---- the match (belote_match.c) ---- */
int bel_match_create(struct bel_match *m, int form, const struct game *g, const struct game_setup *setup,
                     char *err, int cap);
int bel_match_dealer(const struct bel_match *m);
int bel_match_seat_player(const struct bel_match *m, int seat);
int bel_match_player_seat(const struct bel_match *m, int player);
int bel_match_to_act(const struct bel_match *m);
int bel_match_apply(struct bel_match *m, const char *text, int len, char *err, int cap);
/* game.h apply_legal: the n-th legal action, as bel_deal_apply_legal. */
int bel_match_apply_legal(struct bel_match *m, int n);
int bel_match_entrants(const struct bel_match *m);
int bel_match_entrant(const struct bel_match *m, int player);
/* Entrant totals (players, or sides "AC"/"BD"). */
void bel_match_entrant_totals(const struct bel_match *m, long *out);
int bel_match_sample(struct bel_match *out, const struct bel_match *m, int player, uint64_t seed);

/* ---- arena check (belote_check.c) ---- */
extern const struct game_check bel_check;

/* ---- reports (belote_report.c) ---- */
void bel_report_deal(const struct bel_match *m, const struct bel_sheet *s, const struct pq_writer *w);
void bel_report_match(const struct bel_match *m, const struct pq_writer *w);
void bel_report_view(const struct bel_match *m, int player, const struct pq_writer *w);

#endif

/* coinche.h - Coinche (Belote coinchée, contrée) and Belote Bridgée
 * (shared/RULES-coinche.md, rules K1-K44): four players in two fixed
 * partnerships, an auction of contracts with coinche and surcoinche, trick
 * play with the trump obligations, belote-rebelote and (flag) melds. One
 * game module, `coinche` (coinche_game.c), over one deal engine
 * (coinche_deal.c, coinche_melds.c), one scorer (coinche_score.c), one
 * match (coinche_match.c), one writer of views and results
 * (coinche_report.c) and what `arena check` asks (coinche_check.c). The
 * rules it shares with Belote (card ranks and points in a suit contract,
 * the trick obligations, melds, belote-rebelote, the action notation, the
 * sampler's redeal) are engine/belote/belote_family.h's; this folder keeps
 * its differences (the auction, NT and AT, the flags that change a rule).
 *
 * Everything is plain fixed-size data: a struct coinche_match (the game
 * state) may be copied with memcpy. Seats are 0..3 in playing order, seat
 * 0 the dealer's neighbour (speaks first, leads to trick 1), seat 3 the
 * dealer (K4); side 0 is seats 0 and 2, side 1 seats 1 and 3 (K5). Deal d
 * (0-based) of a match is dealt by player (first_dealer + d) mod 4 and
 * seat s is player (dealer + 1 + s) mod 4 (K38); players A and C form the
 * partnership "AC", B and D "BD". game_setup.one_deal makes seat s player s.
 *
 * Legal-action lists (game.h legal_text), in this order:
 *   auction: pass, then every bid higher than the current one in K9's
 *   order (under `value`: by value, each value in S H D C [NT AT]; under
 *   `bridge`: by value, each value in C D H S [NT AT]; capot after 160,
 *   generale after capot), then coinche when K10 allows it;
 *   the coinched side's answer (K11): pass, surcoinche;
 *   meld (flag melds, trick 1): every set of melds the seat may declare,
 *   each in its canonical text (a sequence high to low, a carré S H D C,
 *   the melds of one action sorted as strings), the list sorted as strings
 *   (bare `meld` first);
 *   play: cards in card order (engine/card.h: spades, hearts, diamonds,
 *   clubs, each 7 up to A), each `play C` followed by `play C belote` or
 *   `play C rebelote` when K27 allows it.
 *
 * The view (game.h view) writes these keys, in this order:
 *   game        "coinche"
 *   players     4
 *   deal        the current deal, from 1
 *   player      this player's letter, "A".."D"
 *   seat        this player's seat in the deal (0 speaks first, 3 deals)
 *   seats       the players' letters by seat
 *   dealer      the dealing player's letter
 *   side        this seat's side, 0 (seats 0 and 2) or 1 (seats 1 and 3)
 *   phase       "auction", "surcoinche" (the coinched side answers),
 *               "meld" (this seat's trick-1 declaration is due), "play",
 *               "over"
 *   turn        the seat to act, null when the deal is over
 *   hand        this seat's cards
 *   contract    the highest bid so far, null before any: {"taker" (its
 *               bidder), "side", "value", "bid" ("80".."160", "capot",
 *               "generale"), "denomination" ("S".."C", "NT", "AT"),
 *               "coinche" (0, 1, 2)}
 *   history     the deal's public actions in order, each {"seat": s,
 *               "action": text} plus, on a trick-1 `meld` (K21): "say"
 *               ("pass", "tierce", "cinquante", "cent", "150", "200",
 *               "good", "not good") and, after "How high?", "asked": the
 *               holder's seat and call, "call": the new call when "not
 *               good" (a call is {"seat", "carre": "A"} or {"seat",
 *               "length": 3, "top": "A"}); the `meld` text is this seat's
 *               own full declaration and another seat's bare "meld"; a
 *               `play` to trick 2 whose owner's melds score has "shows":
 *               those melds (K21)
 *   trick       {"leader": seat, "cards": ["AS", ...]} of the current trick
 *   tricks_won  per seat
 *   shown       per seat, the melds known to be its (K21), as meld texts
 *   totals      the match totals so far, {"AC": n, "BD": n}
 *
 * Forfeit (game.h forfeit_points): the other partnership wins; its
 * settlement is its lead (at least 0) plus 3000, the traditional game
 * ([P]: "Game is 3000 points"), more than a played match is normally won
 * by; the forfeiting side's players get the negative.
 *
 * Sampling (game.h sample): the cards a player cannot see (the other
 * three hands less their publicly known cards) are redealt uniformly
 * (rejection sampling; after 4000 rejected deals a constrained random
 * fill, consistent but not exactly uniform) among the deals that keep: its
 * own hand, every played card, the other card of a `belote` and the cards
 * of shown melds in their owners' hands, every hand's size, and the voids
 * play revealed (K23-K26: no card of a suit not followed; no trump when
 * one was required; no trump, or card of the suit led in AT, above the
 * trick's best when heading it was required), and what the trick-1
 * dialogue told of each call (K21, coinche_deal_told, as Belote's
 * sampler: the seat's hand when it declared holds a meld that tells the
 * same, its call in the sample). Exactly uniform over such deals by
 * rejection; after 4000 rejected deals, a deal that keeps the voids but
 * may not keep the dialogue.
 */
#ifndef ENGINE_COINCHE_COINCHE_H
#define ENGINE_COINCHE_COINCHE_H

#include <stddef.h>
#include <stdint.h>
#include "engine/card.h"
#include "engine/game.h"
#include "engine/belote/belote_family.h"

enum {
    COINCHE_SEATS = 4,
    COINCHE_MAX_DEALS = 100,    /* K40's cap; the largest `deals` */
    COINCHE_HISTORY = 224,      /* the longest auction (66 bids, 2 passes
                                   between) + 4 melds + 32 plays */
    COINCHE_POOL = 24,          /* melds declared in one deal */
    COINCHE_SEAT_MELDS = 6,     /* melds of one `meld` action */
    COINCHE_MAX_EVENTS = 48,
    COINCHE_TEXT = BEL_ACTION_TEXT,     /* the longest action text, with its NUL */
    COINCHE_MAX_MELD_ACTIONS = 64,
    COINCHE_NO_SEAT = BEL_NOBODY
};

/* Denominations in text order (K1): the suits in engine/card.h order. */
enum coinche_den { COINCHE_S, COINCHE_H, COINCHE_D, COINCHE_C, COINCHE_NT, COINCHE_AT, COINCHE_DENS };

/* Bid levels: 0..8 are 80..160, then capot and générale (K8). */
enum { COINCHE_LEVEL_CAPOT = 9, COINCHE_LEVEL_GENERALE = 10, COINCHE_LEVELS = 11 };

enum coinche_scoring { COINCHE_MADE_PLUS_BID, COINCHE_POINTS_FAITS, COINCHE_BID_ONLY };

/* The variant flags of section 9 (each value the index in its flag's
 * list, defaults 0, except the numbers). */
struct coinche_rules {
    int16_t deals;              /* fixed deals; the cap (100) in a target match */
    int16_t target;             /* 0: fixed deals */
    uint8_t nt_at;
    uint8_t nt_at_seed;         /* nt_at_points: seed */
    uint8_t bid_bridge;         /* bid_order: bridge */
    uint8_t generale;
    uint8_t eighty_needs;       /* 82 or 80 */
    uint8_t must_beat_defence;
    uint8_t scoring;            /* enum coinche_scoring */
    uint8_t coinche_total;      /* coinche_applies: total */
    uint8_t surcoinche_multiplier;  /* 4 or 3 */
    uint8_t belote_transfer;    /* belote_on_failure: transfer */
    uint8_t at_belote_none;     /* at_belote: none */
    uint8_t undertrump_forced;  /* undertrump: forced */
    int16_t capot_points;       /* 250 or 252 */
    uint8_t melds;
    uint8_t meld_tie_trump;     /* meld_tie: trump */
    uint8_t rounding_tens;      /* rounding: tens */
};

enum coinche_phase { COINCHE_PHASE_AUCTION, COINCHE_PHASE_ANSWER, COINCHE_PHASE_PLAY, COINCHE_PHASE_OVER };

enum coinche_kind { COINCHE_ACT_PASS, COINCHE_ACT_BID, COINCHE_ACT_COINCHE, COINCHE_ACT_SURCOINCHE,
                    COINCHE_ACT_MELD, COINCHE_ACT_PLAY };

/* The trick-1 dialogue's words (the family's, belote_family.h). */
enum coinche_say { COINCHE_SAY_PASS = BEL_SAY_PASS, COINCHE_SAY_CLASS = BEL_SAY_CLASS, COINCHE_SAY_GOOD = BEL_SAY_GOOD,
                   COINCHE_SAY_NOT_GOOD = BEL_SAY_NOT_GOOD };

/* A play's word (the family's notation, engine/belote/belote_family.h). */
enum coinche_suffix { COINCHE_SUFFIX_NONE = BEL_SUFFIX_NONE, COINCHE_SUFFIX_BELOTE = BEL_SUFFIX_BELOTE,
                      COINCHE_SUFFIX_REBELOTE = BEL_SUFFIX_REBELOTE };

/* A parsed action. */
struct coinche_action {
    uint8_t kind;               /* enum coinche_kind */
    uint8_t card;               /* play: the card */
    uint8_t level, den;         /* bid */
    uint8_t suffix;             /* play: enum coinche_suffix */
    uint8_t n_melds;
    pq_mask melds[COINCHE_SEAT_MELDS];
};

/* One action of the deal's history. */
struct coinche_act {
    uint8_t seat, kind;
    uint8_t card;               /* play: the card; bid: the level */
    uint8_t den;                /* bid: the denomination; play: the suffix */
    uint8_t pool_at, pool_n;    /* meld: its melds in the pool */
    uint8_t say, asked;         /* trick-1 meld: K21 (asked: holder seat or COINCHE_NO_SEAT) */
    uint8_t shows;              /* a play to trick 2 that shows scoring melds (K21) */
};

/* The contract (K15) of a deal, or the highest bid while bidding. */
struct coinche_contract {
    int8_t taker;               /* -1: no bid yet */
    uint8_t level, den;
    uint8_t coinche;            /* 0, 1 coinched, 2 surcoinched */
};

struct coinche_deal {
    struct coinche_rules rules;
    uint8_t deck[32];
    uint8_t phase;              /* enum coinche_phase */
    int8_t to_act;
    struct coinche_contract contract;
    int8_t coincher;
    uint8_t passes;             /* passes in succession since the last bid */
    uint8_t answers;            /* answers of the coinched side (K11) */
    pq_mask hand[COINCHE_SEATS];     /* held now */
    pq_mask known[COINCHE_SEATS];    /* publicly known to be in that hand */
    pq_mask forbid[COINCHE_SEATS];   /* publicly known not to be (voids) */
    /* trick play */
    uint8_t trick;              /* tricks finished */
    uint8_t leader, n_played, win_pos;
    uint8_t played[COINCHE_SEATS];
    uint8_t tricks_won[COINCHE_SEATS];
    int16_t cards_won[COINCHE_SEATS];   /* card points, without the last trick's 10 */
    int8_t last;                /* the last trick's winner */
    uint8_t belote[COINCHE_SEATS];      /* bit suit: `belote` said; bit 4 + suit: `rebelote` */
    /* melds (flag melds) */
    uint8_t melded;             /* bit per seat: made its trick-1 meld */
    int8_t holder;              /* best call so far (K20) */
    int8_t meld_winner;
    pq_mask call[COINCHE_SEATS];     /* each seat's best declared meld */
    uint8_t n_pool;
    pq_mask pool[COINCHE_POOL];
    uint16_t n_hist;
    struct coinche_act hist[COINCHE_HISTORY];
};

/* What a finished deal was, enough to score it again (coinche_score.c). */
struct coinche_sheet {
    uint8_t is_void;
    struct coinche_contract contract;
    int8_t last;                /* seat that won the last trick */
    int8_t meld_winner;         /* seat, or -1 */
    uint8_t tricks[COINCHE_SEATS];
    int16_t cards[2];           /* per side, without the last trick's 10 */
    uint8_t belotes[COINCHE_SEATS];     /* belotes completed per seat (K27) */
    uint8_t meld_n[COINCHE_SEATS];      /* scoring melds per seat (K20) */
    uint8_t meld_val[COINCHE_SEATS][COINCHE_SEAT_MELDS];   /* value / 10 */
};

enum coinche_category { COINCHE_EV_CARDS, COINCHE_EV_LAST, COINCHE_EV_CAPOT, COINCHE_EV_BASE, COINCHE_EV_CONTRACT,
                        COINCHE_EV_MELD, COINCHE_EV_BELOTE, COINCHE_EV_ROUNDING };

enum coinche_outcome { COINCHE_MADE, COINCHE_FAILED, COINCHE_VOID };

struct coinche_event {
    int8_t seat, side;
    uint8_t category;           /* enum coinche_category */
    int16_t points;
};

/* A deal's scores (K28-K37) per side. */
struct coinche_result {
    uint8_t outcome;            /* enum coinche_outcome */
    int32_t card_points[2];     /* K28, before the capot rule */
    int32_t melds[2], belote[2], scores[2];
    int n_events;
    struct coinche_event events[COINCHE_MAX_EVENTS];
};

struct coinche_match {
    struct coinche_rules rules;
    uint64_t seed;
    uint8_t one_deal, over;
    int8_t first_dealer;
    int16_t deal_no;            /* the current deal, from 1 */
    int32_t totals[2];          /* per partnership: 0 "AC", 1 "BD" */
    struct coinche_deal deal;
    int16_t n_sheets;
    struct coinche_sheet sheets[COINCHE_MAX_DEALS];
};

/* Test-only: when set, views show one card the player may not see (the
 * view-leak checker's own test). Never set outside tests. */
extern int coinche_test_leak;

/* ---- rules (coinche_game.c) ---- */
extern const struct game_flag coinche_flags[];
extern const int coinche_n_flags;
void coinche_rules_default(struct coinche_rules *self);
/* Sets flag "name" from text. 0, or -1 with a reason. */
int coinche_rules_set(struct coinche_rules *self, const char *name, const char *value, char *err, int cap);

/* ---- cards and contracts (coinche_deal.c) ---- */
/* K2, K3: the points of `card` under the contract's denomination. */
int coinche_card_points(int card, int den, const struct coinche_rules *r);
/* K28: the card points of the whole pack with the last trick (162, or
 * 130 / 258 under nt_at_points: seed). */
int coinche_pack_points(int den, const struct coinche_rules *r);
/* K8: the value of a bid level (80..160, 250, 500). */
int coinche_level_value(int level);
/* "80".."160", "capot", "generale". */
const char *coinche_level_word(int level);
/* "S", "H", "D", "C", "NT", "AT". */
const char *coinche_den_word(int den);
/* K22, K25, K26: whether `card` beats the trick's winning card `best`. */
int coinche_beats(int card, int best, int den);

/* ---- melds (coinche_melds.c, K17-K21) ----
 * A meld, its key (K18), value (K17), canonical texts and comparison are
 * Belote's: engine/belote/belote_family.h bel_meld_key, bel_meld_value,
 * bel_meld_is_carre, bel_meld_format, bel_meld_action_format. */
/* The canonical meld actions a seat holding `hand` may make, sorted;
 * returns the number (<= max). */
int coinche_meld_actions(pq_mask hand, char (*texts)[COINCHE_TEXT], int max);
/* Checks the melds of a `meld` action for a seat holding `hand`: 0, or -1
 * with a reason. */
int coinche_meld_check(pq_mask hand, const pq_mask *melds, int n, char *err, int cap);
/* Whether meld a beats b (K18, meld_tie). */
int coinche_meld_beats(const struct coinche_deal *d, pq_mask a, pq_mask b);
/* Records a trick-1 `meld` action's melds into the K20 comparison and the
 * K21 dialogue (the action is the deal's last history entry). */
void coinche_meld_declare(struct coinche_deal *d, struct coinche_act *act, const pq_mask *melds, int n);
/* What the K21 dialogue made public of each seat's call but seat v's,
 * into told[] (belote_family.h bel_told), the cards each seat has played
 * into played[] and the seat of each pool entry into pool_seat[]
 * (COINCHE_POOL); the number of seats told something. */
int coinche_deal_told(const struct coinche_deal *d, int v, struct bel_told *told, pq_mask *played, uint8_t *pool_seat);

/* ---- the deal (coinche_deal.c) ---- */
void coinche_deal_init(struct coinche_deal *d, const struct coinche_rules *rules, const uint8_t deck[32]);
int coinche_action_parse(const char *text, int len, struct coinche_action *a, char *err, int cap);
int coinche_deal_legal_count(const struct coinche_deal *d);
int coinche_deal_legal_text(const struct coinche_deal *d, int n, char *buf, int cap);
int coinche_deal_find_legal(const struct coinche_deal *d, const char *text, int len);
/* The cards the acting seat may play now (K23-K26). */
pq_mask coinche_deal_legal_cards(const struct coinche_deal *d);
/* Whether the acting seat must make its `meld` action now. */
int coinche_deal_meld_due(const struct coinche_deal *d);
/* K27: what the acting seat may say with its plays (the suits of a
 * belote in this contract, and what it said already), for callers that
 * number its plays as the legal list does (bel_plays_nth). */
struct bel_belote coinche_deal_belote(const struct coinche_deal *d);
/* Whether the acting seat may bid now, and its first legal bid's index in
 * the bid order (legal-action lists above); the number of bid indexes. */
int coinche_bid_first(const struct coinche_deal *d);
int coinche_bid_count(const struct coinche_rules *r);
/* The bid of index i in the bid order. */
void coinche_bid_of(const struct coinche_rules *r, int i, int *level, int *den);
/* Whether the acting seat may coinche now (K10). */
int coinche_may_coinche(const struct coinche_deal *d);
/* 0 goes on, 1 the deal is over, -1 illegal with a reason in err. */
int coinche_deal_apply(struct coinche_deal *d, const struct coinche_action *a, char *err, int cap);
/* The sheet of a finished deal. */
void coinche_deal_sheet(const struct coinche_deal *d, struct coinche_sheet *s);
/* Whether the seat's melds score (its side won the K20 comparison). */
int coinche_melds_score(const struct coinche_deal *d, int seat);
/* game.h position: the key of the card play's position (trick-1 meld
 * actions included), 0 outside it. Hashed: the hands, the trick on the
 * table (its cards, leader, winning card), the seat to act, the tricks
 * finished, each seat's tricks and each side's card points (the sheet's),
 * the belotes said, the contract and coincher, the rules a deal reads, and
 * with melds the K20 calls, holder, winner and each seat's declared melds
 * (the sheet reads their values from the history). Left out: the pack
 * (the hands hold what is left of it), the auction's counters, `known` and
 * `forbid` (what the players know) and the order of the history. */
uint64_t coinche_deal_position(const struct coinche_deal *d);

/* game.h play_classes: the classes of the acting seat's plays (n: the
 * legal count), as bel_play_classes (belote_family.h) gives them under
 * the contract's points and trick orders (K2, K3: a suit contract's
 * trumps and plain suits, NT's plain order, AT's trump order in every
 * suit): legal cards of one suit, of equal points, with no card still to
 * be played between them (any hand, the trick on the table), neither the
 * King or Queen of a belote suit (K27). Trick-1 melds (K19) read the hand
 * only when they are declared. -1, nothing written, outside the card play
 * and when a `meld` action is due; else 0. */
int coinche_deal_play_classes(const struct coinche_deal *d, uint8_t *out, int n);

/* ---- a search's playouts (coinche_playout.c) ---- */
/* game.h playout for the deal: the index of the legal play the acting
 * seat takes by the rules of thumb of coinche_playout.c, deterministic for
 * the deal and seed; -1 outside the card play and when a meld is due. */
int coinche_deal_playout(const struct coinche_deal *d, uint64_t seed);

/* ---- scoring (coinche_score.c) ---- */
void coinche_score(const struct coinche_sheet *s, const struct coinche_rules *r, struct coinche_result *out);
const char *coinche_category_name(int category);
const char *coinche_outcome_name(int outcome);

/* ---- the match (coinche_match.c) ---- */
int coinche_match_create(struct coinche_match *m, const struct game_setup *setup, char *err, int cap);
int coinche_match_dealer(const struct coinche_match *m);
int coinche_match_seat_player(const struct coinche_match *m, int seat);
int coinche_match_player_seat(const struct coinche_match *m, int player);
int coinche_match_to_act(const struct coinche_match *m);
int coinche_match_apply(struct coinche_match *m, const char *text, int len, char *err, int cap);
int coinche_match_sample(struct coinche_match *out, const struct coinche_match *m, int player, uint64_t seed);

/* ---- arena check (coinche_check.c) ---- */
extern const struct game_check coinche_check;

/* ---- reports (coinche_report.c) ---- */
void coinche_report_deal(const struct coinche_sheet *s, const struct coinche_rules *r, const struct pq_writer *w);
void coinche_report_match(const struct coinche_match *m, const struct pq_writer *w);
void coinche_report_view(const struct coinche_match *m, int player, const struct pq_writer *w);

#endif

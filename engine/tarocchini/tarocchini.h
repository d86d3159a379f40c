/* tarocchini.h - Tarocchino Bolognese, "Ottocento" (shared/RULES-tarocchini.md,
 * rules O1-O41): four players in two fixed partnerships, the 62-card pack,
 * the dealer's discard, declarations of cricche and sequences with the wild
 * Matto and Bègato, 15 tricks with the Matto as excuse, counting in pairs.
 *
 * Parts: tarocchini_cards.c (the pack, tokens, ranks, values),
 * tarocchini_combos.c (cricche and sequences: validity, values, the
 * declarations a hand may make, the best sequences of a pile),
 * tarocchini_deal.c (one deal's phases, legality, the legal-action list),
 * tarocchini_score.c (the end of a deal: piles, the Matto's exchange,
 * events), tarocchini_match.c (deals in turn, totals, the end, sampling),
 * tarocchini_report.c (views and results through a pq_writer),
 * tarocchini_check.c (what `arena check` asks of the game) and
 * tarocchini_game.c (the game.h adapter and the variant flags).
 *
 * Cards are numbers 0..61 in the canonical pack order of O2: AN WO SU MO
 * T16..T5 M1..M4 BE MA, then swords, batons, cups, coins, each K Q N J T 9
 * 8 7 6 A. A set of cards is a 64-bit mask (engine/card.h's masks hold 32
 * cards only, so this game keeps its own). Everything is plain fixed-size
 * data: a struct tar_match may be copied with memcpy.
 *
 * Seats 0..3 in playing order, seat 3 deals (O7); team 0 = seats 0 and 2,
 * team 1 = seats 1 and 3 (O8). In a match, deal k (0-based) is dealt by
 * player (first_dealer + k) mod 4 and seat s is player (dealer + 1 + s) mod
 * 4 (O33); game_setup.one_deal makes seat s player s. Match entrants are
 * the partnerships AC (players A, C) and BD.
 *
 * Legal-action lists (game.h legal_text), in this order:
 *   monte round: `monte`, `pass`;
 *   discard: every pair the dealer may discard, as `discard C1 C2` in pack
 *     order, pairs in pack order of C1 then C2;
 *   declarations: every valid declaration (every sinking), cricche first
 *     (tarocchi, Kings, Queens, Knights, Jacks; within a kind the 3-card
 *     subsets then the 4 cards), then sequences family by family (grande,
 *     swords, batons, cups, coins, Moors, Aces), each with its cards in
 *     pack order; then `pass`;
 *   play: the legal cards in pack order; on a lead each card is followed by
 *     its signal sets: none, `volo`, `busso`, `striscio`, `volo busso`,
 *     `volo striscio`, `busso striscio` (volo only when true; none on the
 *     Matto; only the bare card when the flag `signals` is off).
 * find_legal takes a declaration's or discard's cards in any order and two
 * signals in either order.
 *
 * The view (game.h view) writes these keys, in this order:
 *   game        "tarocchini"
 *   players     4
 *   deal        the current deal, from 1
 *   player      this player's letter;  seat  its seat (0..3, 3 deals)
 *   seats       the players' letters by seat;  dealer  the dealer's letter
 *   team        this seat's team (0: seats 0 and 2; 1: seats 1 and 3)
 *   phase       "monte", "discard", "declare", "play" or "over"
 *   turn        the seat to act (null when over)
 *   hand        this seat's cards in pack order (monte round: its first five)
 *   discards    the dealer's own view only: his two discards once made
 *   history     the deal's public actions in order, each {"seat", "action"}:
 *               monte calls and passes, "discard" (the dealer sees his cards),
 *               declarations with "value" (points before doubling), passes
 *               with "cricche" and "sequences" (that seat's points scored),
 *               plays (with their signals), and after each fourth card of a
 *               trick {"seat": winner, "action": "wins"}
 *   trick       {"leader": seat, "cards": [...]} of the current trick
 *   tricks_won  per seat
 *   declared    points scored by declarations so far, per team
 *   totals      {"AC": n, "BD": n}, the match so far
 *   last_deal   null before the first deal ends; then the last finished
 *               deal's {"won": [team 0's cards, team 1's] (its piles after
 *               the discards and the Matto's exchange), "handover": card or
 *               null, "teams": [n0, n1]} (O40)
 *
 * Forfeit (game.h forfeit_points): the other partnership wins the match and
 * the settlement is (its lead, at least 0) + 2000, more than any deal is
 * worth; the forfeiting partnership gets its negative.
 *
 * Sampling (game.h sample): the cards the player cannot see (the other
 * hands, the discards while the player is not the dealer, in the monte
 * round its own cards past the first five) are redealt
 * uniformly among the deals that keep: its own hand, every played card, the
 * declared cards still unplayed in their declarer's hand, every hand's size
 * and the two discards, and the voids play revealed (no card of a suit not
 * followed; no trump when a seat did not trump a suit it could not follow;
 * no five-point card among the discards under discard_rule no_five).
 * Rejection sampling (exactly uniform); after 4000 rejected deals a
 * constrained fill (the most constrained cards first: consistent, not
 * exactly uniform); -1 only if no deal fits, which a real deal never gives.
 * Declarations the real hands make are otherwise not honoured (a sampled
 * hand may hold more than its declarations showed).
 */
#ifndef TAROCCHINI_H
#define TAROCCHINI_H

#include <stddef.h>
#include <stdint.h>
#include "engine/game.h"

typedef uint64_t tar_mask;   /* a set of cards, bit c for card c */

enum {
    TAR_CARDS = 62,
    TAR_SEATS = 4,
    TAR_TRICKS = 15,
    TAR_HAND = 15,
    TAR_MAX_DEALS = 100,         /* the longest fixed match (flag deals) */
    TAR_TARGET_CAP = 60,         /* O36: a target match stops after 60 deals */
    TAR_HISTORY = 140,           /* monte 4 + discard 1 + declarations 52 + plays 60 + wins 15 */
    TAR_MAX_EVENTS = 16,
    TAR_TEXT = 128,              /* the longest action text, with its NUL */
    TAR_NO_CARD = 0xff
};

/* Cards (O2): indices in the canonical pack order. */
enum {
    TAR_AN = 0, TAR_WO = 1, TAR_SU = 2, TAR_MO = 3,
    TAR_T16 = 4,                 /* numbered trump n is TAR_T16 + 16 - n, n = 16..5 */
    TAR_M1 = 16,                 /* the Moors, 16..19 */
    TAR_BE = 20, TAR_MA = 21,
    TAR_SUIT0 = 22               /* suit s (S B C D) rank r (K Q N J T 9 8 7 6 A): 22 + 10 s + r */
};
enum { TAR_SWORDS, TAR_BATONS, TAR_CUPS, TAR_COINS, TAR_SUITS };
enum { TAR_K, TAR_Q, TAR_N, TAR_J, TAR_TEN, TAR_9, TAR_8, TAR_7, TAR_6, TAR_ACE };
enum { TAR_SUIT_TRUMPS = 4, TAR_SUIT_NONE = 5 };   /* tar_suit() of a trump, of the Matto */

#define TAR_BIT(c)          ((tar_mask)1 << (c))
#define TAR_CARD(suit, r)   (TAR_SUIT0 + 10 * (suit) + (r))
#define TAR_NUMBERED(n)     (TAR_T16 + 16 - (n))
#define TAR_WILDS           (TAR_BIT(TAR_BE) | TAR_BIT(TAR_MA))
#define TAR_MOORS           ((tar_mask)0xf << TAR_M1)
#define TAR_TRUMPS          (((tar_mask)1 << 21) - 1)   /* AN .. BE */
#define TAR_ALL             (((tar_mask)1 << TAR_CARDS) - 1)

/* Combination kinds: the five cricche, then the seven sequence families. */
enum { TAR_CRICCA_TAROCCHI, TAR_CRICCA_KINGS, TAR_CRICCA_QUEENS, TAR_CRICCA_KNIGHTS, TAR_CRICCA_JACKS,
       TAR_CRICCHE };
enum { TAR_FAMILY_GRANDE, TAR_FAMILY_SWORDS, TAR_FAMILY_BATONS, TAR_FAMILY_CUPS, TAR_FAMILY_COINS,
       TAR_FAMILY_MOORS, TAR_FAMILY_ACES, TAR_FAMILIES };
enum { TAR_BLOCKS = TAR_CRICCHE + TAR_FAMILIES };   /* of a declaration list (tar_declaration_blocks) */
enum { TAR_CLASS_CRICCA, TAR_CLASS_SEQUENCE };

/* The variant flags (section 6). */
enum { TAR_DISCARD_NO_FIVE, TAR_DISCARD_ANY };
struct tar_rules {
    uint8_t round_suits_inverted, monte, discard_rule, suit_wilds, signals;
    int16_t deals, target;
};

enum tar_phase { TAR_PHASE_MONTE, TAR_PHASE_DISCARD, TAR_PHASE_DECLARE, TAR_PHASE_PLAY, TAR_PHASE_OVER };
enum tar_kind { TAR_ACT_MONTE, TAR_ACT_PASS, TAR_ACT_DISCARD, TAR_ACT_DECLARE, TAR_ACT_PLAY, TAR_ACT_WINS,
                TAR_ACT_UNKNOWN };
enum { TAR_SIGNAL_VOLO = 1, TAR_SIGNAL_BUSSO = 2, TAR_SIGNAL_STRISCIO = 4 };

/* A parsed action. */
struct tar_action {
    uint8_t kind;                /* enum tar_kind (not WINS) */
    uint8_t klass;               /* declare: TAR_CLASS_* */
    uint8_t card, signals;       /* play; discard and declare: card = the number of
                                    cards named, signals = 1 when one was named twice */
    tar_mask cards;              /* discard, declare */
};

/* One public action of the deal (the view's history). */
struct tar_act {
    uint8_t seat, kind, klass, card, signals, group;   /* group: cricca kind or family */
    int16_t value;               /* declare: before doubling; a declarations pass
                                    (klass 1): the seat's cricche points */
    int16_t sequences;           /* a declarations pass: the seat's sequences points */
    tar_mask cards;
};

struct tar_deal {
    struct tar_rules rules;
    uint8_t deck[TAR_CARDS];
    uint8_t phase;               /* enum tar_phase */
    int8_t to_act;               /* seat, -1 when over */
    uint8_t thrown_in;           /* O10: all four said monte */
    tar_mask hand[TAR_SEATS];
    tar_mask discards;
    /* declarations (O19) */
    uint8_t cricche_done[TAR_SEATS];     /* bit per cricca kind */
    uint8_t families_done[TAR_SEATS];    /* bit per family */
    tar_mask wilds_used[TAR_SEATS];      /* in this seat's sequences */
    int16_t hand_cricche[TAR_SEATS], hand_sequences[TAR_SEATS];  /* raw sums */
    uint8_t n_cricche[TAR_SEATS], n_sequences[TAR_SEATS];
    tar_mask declared[TAR_SEATS];        /* cards shown by declarations */
    /* play */
    uint8_t trick;               /* tricks finished */
    uint8_t leader, n_played;
    uint8_t cards[TAR_TRICKS][TAR_SEATS];  /* by position from the leader */
    uint8_t leaders[TAR_TRICKS], winners[TAR_TRICKS], signals[TAR_TRICKS];
    uint8_t tricks_won[2];
    tar_mask won[2];             /* the cards of the tricks each team won */
    int8_t matto_seat, matto_trick;      /* who played the Matto, in which trick (0-based) */
    tar_mask void_of[TAR_SEATS];         /* per seat: suits shown void, bit = tar_suit() */
    /* Kept by tar_deal_refresh after every change (init, apply, sampling),
     * so that listing and playing a card cost look-ups: */
    uint8_t suit_held[TAR_SEATS][TAR_SUIT_NONE + 1];   /* per seat, its cards of each suit
                                                          (tar_suit's numbers) */
    tar_mask playable;           /* the cards the seat to act may play now (0 outside the play) */
    int16_t n_legal;             /* the number of legal actions now */
    int16_t declaration_blocks[TAR_BLOCKS];   /* the declarations phase: the acting seat's
                                                 (tar_declaration_blocks) */
    /* Kept by each play: the current trick's suit to follow (tar_trick_suit)
     * and the card winning it so far (its position, -1 none, and strength) */
    uint8_t trick_suit;
    int8_t best_at;
    uint8_t best_strength;
    uint8_t n_hist;
    struct tar_act hist[TAR_HISTORY];
};

enum tar_category { TAR_EV_HAND_CRICCHE, TAR_EV_HAND_SEQUENCES, TAR_EV_CRICCHE, TAR_EV_SEQUENCES, TAR_EV_CARDS,
                    TAR_EV_LAST };

struct tar_event {
    int8_t seat, side;
    uint8_t category;
    int16_t points;
};

/* A finished deal's result (section 9's object). */
struct tar_result {
    uint8_t monte;
    int16_t teams[2];
    uint8_t tricks[2];
    int8_t last;                 /* team that won trick 15, -1 (monte) */
    int8_t matto_seat, matto_trick, matto_kept_by;   /* matto_seat -1: null */
    uint8_t handover;            /* TAR_NO_CARD: null */
    tar_mask piles[2];           /* each team's won cards at the end (O28) */
    uint8_t most_moors;          /* the most Moors played to one trick (O5) */
    uint8_t n_events;
    struct tar_event events[TAR_MAX_EVENTS];
};

struct tar_match {
    struct tar_rules rules;
    uint64_t seed;
    uint8_t one_deal, over;
    int8_t first_dealer;
    int16_t deal_no;             /* the current deal, from 1 */
    int32_t totals[2];           /* AC, BD */
    struct tar_deal deal;
    int16_t n_results;
    struct tar_result results[TAR_MAX_DEALS];
};

/* Test-only: when set, views show one card the player may not see (the
 * view-leak checker's own test). Never set outside tests. */
extern int tar_test_leak;

/* ---- rules (tarocchini_game.c) ---- */
extern const struct game_flag tar_flags[];
extern const int tar_n_flags;
void tar_rules_default(struct tar_rules *self);
/* Sets flag `name` from text: 0, or -1 with a reason. */
int tar_rules_set(struct tar_rules *self, const char *name, const char *value, char *err, int cap);
/* Sets every "name=value" of a NULL-terminated list (NULL: none): 0, or -1
 * with a reason. */
int tar_rules_set_list(struct tar_rules *self, const char *const *rules, char *err, int cap);

/* ---- cards (tarocchini_cards.c) ---- */
/* Parses one token of `len` bytes: the card, or -1. */
int tar_card_parse(const char *text, int len);
/* The token of `card` (static text). */
const char *tar_card_name(int card);
/* TAR_SWORDS..TAR_COINS, TAR_SUIT_TRUMPS or TAR_SUIT_NONE (the Matto).
 * Inline, with tar_suit_cards and tar_count: every play asks them. */
static inline int tar_suit(int card)
{
    return card == TAR_MA ? TAR_SUIT_NONE : card < TAR_SUIT0 ? TAR_SUIT_TRUMPS : (card - TAR_SUIT0) / 10;
}
/* The cards of suit `suit` (tar_suit's numbering; trumps: TAR_SUIT_TRUMPS). */
static inline tar_mask tar_suit_cards(int suit)
{
    return suit == TAR_SUIT_TRUMPS ? TAR_TRUMPS : suit == TAR_SUIT_NONE ? TAR_BIT(TAR_MA)
                                                                        : ((tar_mask)0x3ff) << (TAR_SUIT0 + 10 * suit);
}
/* The number of cards in a set (a SWAR count: the build targets no popcnt). */
static inline int tar_count(tar_mask m)
{
    m = m - ((m >> 1) & 0x5555555555555555ull);
    m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
    m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((m * 0x0101010101010101ull) >> 56);
}
/* Rank within its suit, higher beats lower (O3, O4); Moors share a rank.
 * Read from a table (tarocchini_cards.c): every trick compares ranks. */
extern const uint8_t tar_rank_table[2][TAR_CARDS];
static inline int tar_rank(int card, const struct tar_rules *rules)
{
    return tar_rank_table[rules->round_suits_inverted != 0][card];
}
/* O6: 5, 4, 3, 2 or 0 (a blank). */
int tar_card_value(int card);
/* O30: card points of a pile (even size). */
int tar_card_points(tar_mask pile);
/* The deck of deal `index` (1, 2, ...) from `seed`: a shuffle of 0..61. */
void tar_deck_from_seed(uint64_t seed, int index, uint8_t deck[TAR_CARDS]);
/* Parses a deck text: 62 tokens, a permutation of the pack. 0, or -1. */
int tar_deck_parse(const char *text, uint8_t deck[TAR_CARDS], char *err, int cap);
/* Writes a mask's cards in pack order, separated by spaces; the length. */
int tar_cards_format(tar_mask m, char *buf, int cap);

/* ---- combinations (tarocchini_combos.c) ---- */
/* O14: the cricca kind of a set (3 or 4 cards of one kind), or -1. */
int tar_cricca_kind(tar_mask m);
int tar_cricca_value(int kind, int n);
/* O15, O16: the family of a valid sequence, or -1. */
int tar_sequence_family(tar_mask m, const struct tar_rules *rules);
/* O16: 5 x (n - 1). */
int tar_sequence_value(tar_mask m);
/* Calls fn for every declaration seat `seat` may make now, in list order;
 * stops early when fn returns nonzero (fn NULL: only counts). Returns how
 * many were visited. */
int tar_declarations(const struct tar_deal *d, int seat, int (*fn)(void *ctx, int klass, tar_mask cards),
                     void *ctx);
/* The list comes in blocks: one per cricca kind (TAR_CRICCHE), then one
 * per family (TAR_FAMILIES), each empty once declared. Writes each block's
 * size for seat `seat` now and returns their total, the list's length. */
int tar_declaration_blocks(const struct tar_deal *d, int seat, int16_t sizes[TAR_BLOCKS]);
/* The n-th (n >= 0, from 0) of those declarations, found from the block
 * sizes tar_declaration_blocks gives for this state, without visiting the
 * blocks before it: returns n + 1 with its class and cards written, or the
 * list's length (<= n, nothing written) when the list is shorter. */
int tar_declaration_nth(const struct tar_deal *d, int seat, const int16_t sizes[TAR_BLOCKS], int n, int *klass,
                        tar_mask *cards);
/* O29: a pile's cricche total and number, and its best sequences (their
 * total and number, before doubling) under O16-O18. */
void tar_pile_cricche(tar_mask pile, int *total, int *count);
void tar_pile_sequences(tar_mask pile, const struct tar_rules *rules, int *total, int *count);
/* O17: a unit's class total, doubled when it has 3 or more. */
int tar_doubled(int total, int count);

/* ---- the deal (tarocchini_deal.c) ---- */
void tar_deal_init(struct tar_deal *d, const struct tar_rules *rules, const uint8_t deck[TAR_CARDS]);
/* Parses an action text; 0, or -1 with a reason (section 8's words). On a
 * refusal a->kind still names a known verb (TAR_ACT_UNKNOWN otherwise), so
 * that a verb out of its phase is "not your turn" whatever follows it. */
int tar_action_parse(const char *text, int len, struct tar_action *a, char *err, int cap);
/* Section 8's first checks: "deal is over", then "not your turn" for a known
 * verb out of its phase. 0, or -1 with the reason. */
int tar_deal_check_phase(const struct tar_deal *d, int kind, char *err, int cap);
/* Whether `a` is legal for the acting seat now: 0, or -1 with a reason. */
int tar_deal_check(const struct tar_deal *d, const struct tar_action *a, char *err, int cap);
/* The hot path of tar_action_parse and tar_deal_check together: 1 when
 * `text` is a play in legal_text's form ("play KS", "play KS volo") that
 * is legal now, with `a` as tar_action_parse gives it; 0 for anything else,
 * legal or not, which those two then judge (and give their reasons for). */
int tar_deal_legal_play(const struct tar_deal *d, const char *text, int len, struct tar_action *a);
/* Applies a checked action: 0 goes on, 1 the deal is over. */
int tar_deal_apply(struct tar_deal *d, const struct tar_action *a);
/* Recomputes what the deal keeps of its hands and legal actions
 * (suit_held, playable, n_legal, declaration_blocks) after its state was
 * changed other than by tar_deal_init and tar_deal_apply (a sample, a test
 * that sets hands).
 * legal_count, legal_text, tar_deal_legal_nth and tar_deal_legal_play read
 * them; tar_deal_check, tar_deal_find_legal and tar_deal_playable do not. */
void tar_deal_refresh(struct tar_deal *d);
int tar_deal_legal_count(const struct tar_deal *d);
int tar_deal_legal_text(const struct tar_deal *d, int n, char *buf, int cap);
int tar_deal_find_legal(const struct tar_deal *d, const char *text, int len);
/* The index of the legal action that plays `card` with no signal (the
 * list's order, without writing or parsing it), or -1 when the seat to
 * act may not play it now. */
int tar_deal_play_index(const struct tar_deal *d, int card);
/* The n-th legal action (legal_text's n-th, as tar_action_parse reads
 * that text): 0, or -1 when n is out of range. */
int tar_deal_legal_nth(const struct tar_deal *d, int n, struct tar_action *a);
/* The cards the acting seat may play now (O22, O23). */
tar_mask tar_deal_playable(const struct tar_deal *d);
/* O22, O23: the cards of `hand` playable to a trick whose suit to follow
 * is `suit` (TAR_SUIT_NONE: a lead, or only the Matto so far). */
tar_mask tar_hand_playable(tar_mask hand, int suit);
/* O3-O5, O24: whether card x, played after `best` (the card winning so
 * far, -1: none) to a trick whose suit to follow is `suit`, takes it. */
int tar_card_beats(const struct tar_rules *r, int x, int best, int suit);
/* The seat winning the current (or a finished) trick so far. */
int tar_trick_winner(const struct tar_rules *r, const uint8_t *cards, int n, int leader);
/* The suit to follow in a trick of n cards (O23), TAR_SUIT_NONE when free. */
int tar_trick_suit(const uint8_t *cards, int n);
/* Seat s's team (O8). */
int tar_team(int seat);
/* game.h position: the key of the play's position, 0 outside it. Hashed:
 * the hands, each team's won cards and tricks, the discards, the trick on
 * the table (its cards, leader, suit, winning card), the seat to act, the
 * tricks finished, who played the Matto, each seat's declaration points,
 * counts and kinds declared, the rules, and the kept legal actions
 * (playable, n_legal). Left out: the pack, the finished tricks' cards,
 * leaders, winners and signals and the Matto's trick (the order of the
 * past: the won piles hold who took the Matto), void_of and declared (what
 * the players know), the history. */
uint64_t tar_deal_position(const struct tar_deal *d);

/* game.h play_classes: in the card play, out[i] (i < n, n the legal count)
 * is the first legal action interchangeable with action i (i itself when
 * none): 0, or -1 outside the play or when n is not the legal count
 * (nothing written). A card's signal sets are one class (O25: nothing
 * reads them). Cards of the seat's hand join only where they score alike
 * in every pile and rank alike in every trick: the numerals 6..10 of one
 * plain suit with no other card of that suit still to be played (in a hand
 * or on the table) between them, the Moors (one rank, O5), the Sun with
 * the Moon (neighbours, both blanks of the grande's top group). Never
 * joined: the tarocchi AN WO BE MA (counters, the tarocchi cricca, wilds,
 * the Matto's own play), courts (points, cricche, suit sequences), Aces
 * (suit and Ace sequences), the numbered trumps (each a number of the
 * grande's run). Declared cards join like any: a declaration scores when
 * made and nothing later reads its cards. */
int tar_deal_play_classes(const struct tar_deal *d, uint8_t *out, int n);

/* ---- rules of thumb (tarocchini_playout.c) ---- */
/* game.h playout: a card play by simple habits, in a state where every
 * hand is known (a search's world), no lookahead beyond the trick: the
 * index of the legal plain "play" of the chosen card, or -1 outside the
 * play. Leading: the card worth most that no opponent still to play can
 * beat, else the cheapest of a plain suit drawn from `seed`, else the
 * cheapest trump. Following: onto a partner's trick no opponent still to
 * play can take, the card worth most (a plain one when it can); else the
 * cheapest card that wins and that no opponent still to play can beat;
 * else the cheapest. "Cheapest": the lowest value (O6), then the lowest
 * rank (a trump above every suit card). The Matto only when it is the one
 * card the seat may play, or the trick is lost (it comes back, O26).
 * Combinations (cricche, sequences) are not weighed. */
int tar_deal_playout(const struct tar_deal *d, uint64_t seed);

/* ---- scoring (tarocchini_score.c) ---- */
void tar_score(const struct tar_deal *d, struct tar_result *out);
const char *tar_category_name(int category);

/* ---- the match (tarocchini_match.c) ---- */
int tar_match_create(struct tar_match *m, const struct game_setup *setup, char *err, int cap);
int tar_match_dealer(const struct tar_match *m);
int tar_match_seat_player(const struct tar_match *m, int seat);
int tar_match_player_seat(const struct tar_match *m, int player);
int tar_match_to_act(const struct tar_match *m);
int tar_match_apply(struct tar_match *m, const char *text, int len, char *err, int cap);
/* game.h apply_legal: applies the n-th legal action, as tar_match_apply
 * applies its text; GAME_ILLEGAL when the match is over or n is out of
 * range. */
int tar_match_apply_legal(struct tar_match *m, int n);
/* Section 9: a deal record inside a match record takes the match's rules,
 * its own `rules` overriding them for that deal (game.h set_deal_rules).
 * Before the deal's first action: the deal starts again from its pack
 * under the match's flags with `rules` set over them. The match's own
 * flags (deals, target) are unchanged: in a deal's rules they are read
 * and checked but decide nothing. 0, or -1 with a reason. */
int tar_match_set_deal_rules(struct tar_match *m, const char *const *rules, char *err, int cap);
/* Player p's partnership: 0 = AC, 1 = BD. */
int tar_match_partnership(int player);
int tar_match_sample(struct tar_match *out, const struct tar_match *m, int player, uint64_t seed);

/* ---- arena check (tarocchini_check.c) ---- */
extern const struct game_check tarocchini_check;

/* ---- reports (tarocchini_report.c) ---- */
void tar_report_deal(const struct tar_result *r, const struct pq_writer *w);
void tar_report_match(const struct tar_match *m, const struct pq_writer *w);
void tar_report_view(const struct tar_match *m, int player, const struct pq_writer *w);

#endif

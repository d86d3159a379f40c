/* belote_family.h - the rules the Belote family shares, each in one place:
 * Belote's forms (engine/belote/) and Coinche (engine/coinche/) play the
 * same 32 cards with the same ranks, card points, trick obligations,
 * melds and belote-rebelote, and write their actions in one notation
 * (RULES-coinche.md K2, K17-K19, K22-K24, K27 are RULES-belote.md B2,
 * B16-B17, B23-B26). What differs stays with the game that has it, as a
 * parameter here or a table there: Coinche's auction, its no-trump and
 * all-trump orders and points (K3, K25, K26), the undertrump flag (K24c),
 * each game's reasons in its own rule numbers.
 *
 * Why here, in Belote's folder: the family's rules are written once, in
 * RULES-belote.md, and Coinche's rules file cites them; the arrow is
 * Coinche -> Belote (engine/coinche/ includes this header, never
 * belote.h's deal, match or scorer), and nothing here knows a struct of
 * either game: every function takes cards, masks and numbers.
 *
 * Pure functions over plain data; text only into the caller's buffers.
 * The hot ones (a trick's winner, the cards a seat may play) are inline.
 */
#ifndef ENGINE_BELOTE_BELOTE_FAMILY_H
#define ENGINE_BELOTE_BELOTE_FAMILY_H

#include <stdint.h>
#include <string.h>
#include "engine/card.h"
#include "engine/writer.h"

/* ---- cards and tricks (belote_family.c) ---- */

/* B2: by rank 7 8 9 T J Q K A, the points of a trump and of a plain card,
 * and the trick order of each (higher wins): trumps J 9 A T K Q 8 7,
 * plain suits A T K Q J 9 8 7. */
extern const uint8_t bel_trump_points[PQ_RANKS], bel_plain_points[PQ_RANKS];
extern const uint8_t bel_trump_strength[PQ_RANKS], bel_plain_strength[PQ_RANKS];

/* B2: the points of `card` when `trump` (a suit, or -1: none) is trumps. */
static inline int bel_card_points(int card, int trump)
{
    return PQ_SUIT(card) == trump ? bel_trump_points[PQ_RANK(card)] : bel_plain_points[PQ_RANK(card)];
}

/* The cards of card's suit above it in the trump order J 9 A T K Q 8 7. */
static inline pq_mask bel_trumps_above(int card)
{
    static const uint8_t above[PQ_RANKS] = { 0xfe, 0xfc, 0x10, 0x94, 0x00, 0xdc, 0x9c, 0x14 };
    return (pq_mask)above[PQ_RANK(card)] << (PQ_SUIT(card) * 8);
}

/* B25, K22: whether `card` beats the trick's winning card `best` with
 * `trump` trumps (a suit). */
static inline int bel_beats(int card, int best, int trump)
{
    if (PQ_SUIT(card) == PQ_SUIT(best))
        return PQ_SUIT(card) == trump ? bel_trump_strength[PQ_RANK(card)] > bel_trump_strength[PQ_RANK(best)]
                                      : bel_plain_strength[PQ_RANK(card)] > bel_plain_strength[PQ_RANK(best)];
    return PQ_SUIT(card) == trump;
}

/* B23, B24 (K23, K24): the cards of `hand` a seat may play to a trick
 * already led (suit `led`, winning card so far `best`) with `trump`
 * trumps. partner_wins: the seat's partner holds the trick (BP3, K24a:
 * no need to trump); undertrump: when the seat cannot overtrump an
 * opponent's trump, it must still trump (Belote B24 always; Coinche's
 * flag undertrump, K24c) or may play any card. */
static inline pq_mask bel_follow(pq_mask hand, int led, int best, int trump, int partner_wins, int undertrump)
{
    pq_mask t = hand & PQ_SUIT_MASK(trump), f;
    if (led == trump) {
        if (!t) return hand;
        pq_mask hi = t & bel_trumps_above(best);
        return hi ? hi : t;
    }
    f = hand & PQ_SUIT_MASK(led);
    if (f) return f;
    if (partner_wins || !t) return hand;
    if (PQ_SUIT(best) != trump) return t;
    pq_mask hi = t & bel_trumps_above(best);
    if (hi) return hi;
    return undertrump ? t : hand;
}

/* What the play of `card` under bel_follow's obligations (same
 * arguments) shows everybody the seat does not hold: the cards to add to
 * its publicly known voids. */
static inline pq_mask bel_voids_shown(int card, int led, int best, int trump, int partner_wins, int undertrump)
{
    pq_mask v = 0;
    if (PQ_SUIT(card) != led) v |= PQ_SUIT_MASK(led);
    if (led == trump) {
        if (PQ_SUIT(card) == trump && !bel_beats(card, best, trump)) v |= bel_trumps_above(best);
        return v;
    }
    if (PQ_SUIT(card) == led || partner_wins) return v;
    if (PQ_SUIT(best) != trump) {
        if (PQ_SUIT(card) != trump) v |= PQ_SUIT_MASK(trump);
    } else if (!bel_beats(card, best, trump)) {
        v |= bel_trumps_above(best);
        if (PQ_SUIT(card) != trump && undertrump) v |= PQ_SUIT_MASK(trump);
    }
    return v;
}

/* ---- action text (belote_family.c): the notation both games share ----
 * Tokens separated by single spaces; a card is written like AS; a meld is
 * its cards joined by commas; a play may carry the word belote or
 * rebelote (B26, K27). */

enum bel_suffix { BEL_SUFFIX_NONE, BEL_SUFFIX_BELOTE, BEL_SUFFIX_REBELOTE };

enum {
    BEL_ACTION_MELDS = 10,      /* the most melds one action names, in any game of the family */
    BEL_MAX_TOKENS = BEL_ACTION_MELDS + 2,
    BEL_ACTION_TEXT = 96        /* the longest action text, with its NUL */
};

/* An action's text split into tokens (pointers into the caller's text). */
struct bel_tokens {
    int n;
    const char *at[BEL_MAX_TOKENS];
    int len[BEL_MAX_TOKENS];
    const char *text;           /* the whole text and its length */
    int text_len, printable;
    char word[BEL_ACTION_TEXT]; /* bel_tokens_word's quote */
};

/* Writes `a`, `b`, `c` (NULL: nothing) into err and returns -1. */
int bel_fail(char *err, int cap, const char *a, const char *b, const char *c);

/* The hot path of reading an action: the card of exactly "play XX", or
 * -1 for any other text. */
static inline int bel_bare_play(const char *text, int len)
{
    if (len != 7 || text[0] != 'p' || text[1] != 'l' || text[2] != 'a' || text[3] != 'y' || text[4] != ' ') return -1;
    return pq_card_parse(text + 5);
}

/* Splits an action's text (len bytes; callers try bel_bare_play first)
 * into at most `max` (<= BEL_MAX_TOKENS) tokens: 0, or -1 with a reason
 * (empty, not single spaces, too many tokens). printable: a byte of the
 * quote (bel_tokens_word) outside ' '..'~' is written '?' (Coinche quotes
 * a refused action so; Belote quotes it as sent). */
int bel_tokens_read(struct bel_tokens *t, const char *text, int len, int max, int printable, char *err, int cap);
/* The text as sent, cut to BEL_ACTION_TEXT - 1 bytes, to quote in a
 * reason (written only when a reason needs it). */
const char *bel_tokens_word(struct bel_tokens *t);
/* Whether token k is `word` (inline: a literal word's length folds). */
static inline int bel_token_is(const struct bel_tokens *t, int k, const char *word)
{
    size_t n = strlen(word);
    return t->len[k] == (int)n && !memcmp(t->at[k], word, n);
}
/* "play C", "play C belote", "play C rebelote" (token 0 is play): 0, or
 * -1 with a reason. */
int bel_parse_play(struct bel_tokens *t, uint8_t *card, uint8_t *suffix, char *err, int cap);
/* "meld M1 M2 ..." (token 0 is meld), at most `max` melds, each a card
 * mask (not yet checked to be a meld): 0, or -1 with a reason. */
int bel_parse_melds(struct bel_tokens *t, int max, pq_mask *melds, uint8_t *n, char *err, int cap);

/* ---- belote and rebelote (B26, K27) ---- */

/* What a seat may say with its plays: the suits whose King and Queen make
 * a belote (Belote: trumps; Coinche: by contract), and the suits in which
 * the seat said belote, and rebelote, already (bit per suit). */
struct bel_belote {
    unsigned suits, said, resaid;
};

/* The words a play of `card` may carry for a seat holding `hand`: bit
 * 1 << BEL_SUFFIX_BELOTE with the first of a King and Queen while holding
 * the other, 1 << BEL_SUFFIX_REBELOTE with the second after the belote. */
static inline int bel_suffixes(int card, pq_mask hand, struct bel_belote b)
{
    int r = PQ_RANK(card), suit = PQ_SUIT(card);
    if ((r != PQ_RANK_K && r != PQ_RANK_Q) || !(b.suits & (1u << suit))) return 0;
    int other = PQ_CARD(suit, r == PQ_RANK_K ? PQ_RANK_Q : PQ_RANK_K);
    if (!(b.said & (1u << suit)) && (hand & PQ_BIT(other))) return 1 << BEL_SUFFIX_BELOTE;
    if ((b.said & (1u << suit)) && !(b.resaid & (1u << suit))) return 1 << BEL_SUFFIX_REBELOTE;
    return 0;
}

/* "play XX" and its suffix (enum bel_suffix), as bel_put returns. */
int bel_put_play(char *buf, int cap, int card, int suffix);

/* The plays of the cards `legal` in card order, each `play C` followed by
 * `play C belote` or `play C rebelote` when bel_suffixes allows it: how
 * many, and the n-th as text (as bel_put returns; -1 past the last).
 * Inline: every decision of a playout asks both. */
static inline int bel_plays_count(pq_mask legal, pq_mask hand, struct bel_belote b)
{
    /* the King and Queen of each set of suits */
    static const pq_mask kq_of[16] = {
        0, 0x60, 0x6000, 0x6060, 0x600000, 0x600060, 0x606000, 0x606060, 0x60000000, 0x60000060,
        0x60006000, 0x60006060, 0x60600000, 0x60600060, 0x60606000, 0x60606060
    };
    int n = pq_mask_count(legal);
    for (pq_mask kq = legal & kq_of[b.suits & 0xf]; kq; kq &= kq - 1) n += bel_suffixes(pq_mask_first(kq), hand, b) != 0;
    return n;
}

/* The n-th of those plays: its card and suffix (enum bel_suffix), 0, or
 * -1 past the last (or n < 0). */
static inline int bel_plays_nth(pq_mask legal, pq_mask hand, struct bel_belote b, int n, int *card, int *suffix)
{
    int k = 0;
    while (legal && n >= 0) {
        int c = pq_mask_first(legal), sfx = bel_suffixes(c, hand, b);
        legal &= legal - 1;
        *card = c;
        if (k++ == n) {
            *suffix = BEL_SUFFIX_NONE;
            return 0;
        }
        if (sfx && k++ == n) {
            *suffix = sfx == 1 << BEL_SUFFIX_BELOTE ? BEL_SUFFIX_BELOTE : BEL_SUFFIX_REBELOTE;
            return 0;
        }
    }
    return -1;
}

static inline int bel_plays_text(pq_mask legal, pq_mask hand, struct bel_belote b, int n, char *buf, int cap)
{
    int card, suffix;
    if (bel_plays_nth(legal, hand, b, n, &card, &suffix) < 0) return -1;
    return bel_put_play(buf, cap, card, suffix);
}

/* The index among those plays of `card`'s, with its belote word when the
 * hand may say it (the playouts' habit: belote said whenever it may be),
 * or -1 when `card` is not in `legal`. */
static inline int bel_plays_index_said(pq_mask legal, pq_mask hand, struct bel_belote b, int card)
{
    int k = 0;
    for (; legal; legal &= legal - 1) {
        int c = pq_mask_first(legal), said = bel_suffixes(c, hand, b) != 0;
        if (c == card) return k + said;
        k += 1 + said;
    }
    return -1;
}

/* Writes `a`, `b`, `c` (NULL: nothing) one after the other into buf: the
 * length, or -1 when cap is short (buf then holds what fits). */
int bel_put(char *buf, int cap, const char *a, const char *b, const char *c);

/* ---- melds (belote_family.c): B16-B21, K17-K21 ----
 * A meld is a card mask: four cards of one rank (a carré) or three or
 * more in sequence in one suit; the natural order A K Q J T 9 8 7 (B3) is
 * engine/card.h's rank order, so a sequence is a run of bits inside one
 * suit's byte. */

/* A valid meld (B16): its key (B17, > 0), or 0. */
int bel_meld_key(pq_mask meld);
/* Value of a valid meld: 20, 50, 100, 150, 200. */
int bel_meld_value(pq_mask meld);
int bel_meld_is_carre(pq_mask meld);
/* Canonical text "AH,KH,QH" into buf (>= 32 bytes); returns its length. */
int bel_meld_format(pq_mask meld, char *buf);
/* Canonical text of a meld action ("meld" + sorted melds, n <=
 * BEL_ACTION_MELDS); its length or -1. */
int bel_meld_action_format(const pq_mask *melds, int n, char *buf, int cap);

/* B17, B19 (K18, K20): whether meld a beats b: the higher key; equal keys
 * tie, unless tie_trump is a suit (the flag meld_tie: trump), when a
 * sequence in it beats one outside. */
int bel_meld_beats_by(pq_mask a, pq_mask b, int tie_trump);

/* The canonical meld actions of a seat holding `hand`, sorted as
 * strings, each naming at most max_melds melds: its melds, sequences
 * pairwise disjoint; none whose sequence uses a card of no_seq, no carré
 * of no_carre (the cards a Marseillaise seat claimed already, BM3; 0
 * elsewhere). Bare "meld" alone when the hand holds none. Returns the
 * number (<= max). */
int bel_meld_list(pq_mask hand, pq_mask no_seq, pq_mask no_carre, int max_melds,
                  char (*texts)[BEL_ACTION_TEXT], int max);

/* What is wrong with the melds of a `meld` action (same arguments as
 * bel_meld_list's), the first fault in order; *at: the faulty meld. */
enum bel_meld_fault { BEL_MELD_OK, BEL_MELD_NOT_A_MELD, BEL_MELD_NOT_HELD, BEL_MELD_TWICE,
                      BEL_MELD_CARRE_CLAIMED, BEL_MELD_SEQUENCES_SHARE, BEL_MELD_SEQUENCE_CLAIMED };
int bel_meld_fault(pq_mask hand, pq_mask no_seq, pq_mask no_carre, const pq_mask *melds, int n, int *at);

/* The trick-1 dialogue (B19, B20; K20, K21). */
enum bel_say { BEL_SAY_PASS, BEL_SAY_CLASS, BEL_SAY_GOOD, BEL_SAY_NOT_GOOD };
enum { BEL_NOBODY = 0xff };     /* no seat was asked */
/* The best of n melds (the first of equals), or 0 when n is 0. */
pq_mask bel_meld_best(const pq_mask *melds, int n, int tie_trump);
/* Seat `seat` calls its best meld `call` (0: none) after the calls so far
 * (calls[] per seat, *holder the seat with the best, -1 before any):
 * records it in calls[seat], says what the table hears (enum bel_say),
 * sets *asked to the holder asked "How high?" (else BEL_NOBODY) and moves
 * *holder when the call is better. */
int bel_meld_say(pq_mask call, int seat, pq_mask *calls, int8_t *holder, uint8_t *asked, int tie_trump);

/* What the dialogue (B20) made public of one seat's call, as the test a
 * meld of a sampled hand must pass to tell the same (belote.h and
 * coinche.h "Sampling"): its class when it was announced or asked "How
 * high?", its whole key once its detail was made public ("not good", or
 * the holder asked), and after `good` to "How high?" the call it did not
 * beat. A `pass`, or a `good` without the question, tells nothing a seat
 * must hold: declaring is optional (B18). */
struct bel_told {
    int cls;            /* the call's class (bel_meld_key / 1000); 0: nothing public */
    int key;            /* its whole key, once public; else 0 */
    pq_mask under;      /* `good` after "How high?": the holder's call it did not beat */
    int tie_trump;      /* bel_meld_beats_by's, for `under` */
};
/* Whether `meld` tells what `told` says. */
int bel_meld_tells(pq_mask meld, const struct bel_told *told);
/* A meld of `hand` that tells what `told` says: `prefer` when it is one
 * and held, else the one of highest key; 0 when the hand holds none. */
pq_mask bel_meld_telling(pq_mask hand, const struct bel_told *told, pq_mask prefer);
/* One seat's trick-1 `meld` (seat, what it said, the holder it asked or
 * BEL_NOBODY) read into told[] (zeroed before the first; calls[]: each
 * seat's call). */
void bel_told_add(struct bel_told *told, const pq_mask *calls, int seat, int say, int asked, int tie_trump);
/* After the last: under tie_trump a key equal to another seat's call's
 * is kept to its class (which of the two was in trumps is not all
 * public); seat v told nothing (its own hand is known). The number of the
 * n seats told something. */
int bel_told_finish(struct bel_told *told, const pq_mask *calls, int n, int v, int tie_trump);
/* The sampler's calls: each seat told something holds a meld that tells
 * it in held[s] (its hand and its played cards), which replaces its call
 * in calls[] and in the pool (pool_seat's entries equal to the call); a
 * call the hand holds stays. */
void bel_told_calls(const struct bel_told *told, const pq_mask *held, int n, pq_mask *calls, pq_mask *pool,
                    const uint8_t *pool_seat, int n_pool);

/* ---- the pack (belote_family.c): game.h set_deck and deck_text ---- */
/* Reads a deal record's "deck" into deck: 0, or -1 with a reason when it
 * is no 32-card pack or when the deal has `started` (a deal's pack is set
 * before its first action). */
int bel_deck_read(const char *text, int started, uint8_t deck[32], char *err, int cap);
/* Writes a pack as a deal record's "deck"; its length. */
int bel_deck_write(const uint8_t deck[32], char *buf, int cap);

/* ---- equivalent plays (belote_family.c): game.h play_classes ---- */

/* The classes of the plays bel_plays_count and bel_plays_nth list for the
 * cards `legal` of a seat holding `hand` (n: their number; -1 and nothing
 * written when n is another). out[i]: the index of the first play of i's
 * class. Two plays share a class when they are plain plays (no word) of
 * cards that are legal, of one suit, of equal points (points[suit][rank])
 * and next to each other in the suit's trick order (trump_suits: the
 * suits in the trump order J 9 A T K Q 8 7, the others A T K Q J 9 8 7)
 * among the cards `in_play` (every hand and the trick on the table, and
 * what else may yet be played), so that none still to be played ranks
 * between them; and neither is a card of `role` (the caller's: a card the
 * score or a later rule reads) nor the King or Queen of a suit of
 * b.suits (belote, B26, K27). Then whichever is played, the rest of the
 * deal can go the same: every later trick is won by the same seat with
 * the same points, and every later obligation (follow, trump, head the
 * trick) allows the same cards, the other one in place of it. */
int bel_play_classes(pq_mask legal, pq_mask hand, struct bel_belote b, pq_mask in_play, pq_mask role,
                     unsigned trump_suits, const uint8_t *const points[PQ_SUITS], uint8_t *out, int n);

/* ---- sampling (belote_family.c): belote.h and coinche.h "Sampling" ---- */
struct pq_rng;
/* Deals the n (<= 32) unseen cards of pool[] to n slots at random into
 * cards[] (card i to slot i): a slot of seat slot_seat[i] (0..3) may not
 * take a card of forbid[seat]; a slot of seat -1 (a pack position) takes
 * any. Exactly uniform by rejection (4000 tries), else a constrained
 * random fill (each card in random order to a random free slot that may
 * take it; 200 tries), else pool[] as it is (the real deal: consistent). */
void bel_redeal(const int8_t *slot_seat, int n, const pq_mask *forbid, const uint8_t *pool, uint8_t *cards,
                struct pq_rng *rng);
/* bel_redeal's deal in which, besides, each of the seats told something
 * by the dialogue (bel_told) holds a meld that tells it, with held[s]
 * (its fixed and played cards) and the cards dealt to it: exactly uniform
 * by rejection (4000 tries), else bel_redeal's (the voids kept, the
 * dialogue maybe not). */
void bel_redeal_telling(const int8_t *slot_seat, int n, const pq_mask *forbid, const uint8_t *pool, uint8_t *cards,
                        struct pq_rng *rng, const struct bel_told *told, const pq_mask *held, int seats);

/* ---- reports (belote_family.c) ---- */
/* A card as its text ("AS"), or null for no card (negative or 0xff). */
void bel_write_card(const struct pq_writer *w, const char *key, int card);
/* A view's trick so far, "trick": {"leader", "cards"}, then "tricks_won",
 * each of the n seats' count. */
void bel_write_trick(const struct pq_writer *w, int leader, const uint8_t *played, int n_played,
                     const uint8_t *tricks_won, int n);
/* A view's "say" of a trick-1 meld and, after "How high?", the "asked"
 * holder's call and the new "call" when not good (belote.h, coinche.h
 * "history"). */
void bel_write_say(const struct pq_writer *w, int seat, int say, int asked, const pq_mask *calls);

#endif

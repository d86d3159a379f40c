/* game.h - the one door to every game: the interface the referee, replay,
 * check, bench, the SDKs and the generic bots drive a game through.
 *
 * A game module is a constant `struct game`: a table of functions over an
 * opaque, plain, fixed-size state of `state_size` bytes that the caller
 * owns and may copy with memcpy (a clone is a copy). Chance comes only from
 * the caller's seed; views and results are written through a pq_writer
 * (the engine knows no JSON).
 *
 * Players are the places at the table, 0..N-1 in playing order, written A,
 * B, C, ... in records (docs/design.md "Games, seats and teams"). A game
 * names per-deal positions in its own words (Piquet's elder and younger,
 * Belote's seats counted from the dealer) only inside its views and
 * results. Players of one team share one score; in a game where everyone
 * plays for himself each player is its own team.
 *
 * A match (Piquet's partie) is the unit a tournament plays and rates: deals
 * until the game's rules end it. Each deal's pack comes from the seed
 * (pq_rng_deck(seed, deal number)), or from the caller before the deal's
 * first action (set_deck: replaying a record).
 *
 * Actions are text in the game's one notation (its docs/rules-*.md
 * section). Whether two texts are the same action is the game's question
 * (find_legal): card order inside a discard or a meld never matters.
 */
#ifndef GAME_H
#define GAME_H

#include <stddef.h>
#include <stdint.h>
#include "engine/writer.h"

enum {
    GAME_MAX_PLAYERS = 5,
    GAME_ACTION_MAX = 160,      /* the longest action text, with its NUL */
    GAME_DECK_MAX = 80          /* the largest pack (Tarot 78) */
};

/* A variant flag of a game (its docs/rules-*.md table), declared once:
 * the defaults, the parser, records, the wire and every --help listing are
 * read from it. */
enum game_flag_type {
    GAME_FLAG_CHOICE,   /* a word among `values` */
    GAME_FLAG_BOOL,     /* "false" or "true" (a JSON boolean on the wire) */
    GAME_FLAG_NUMBER    /* a decimal number among `values` */
};

struct game_flag {
    const char *name;               /* "seven_exchange" */
    enum game_flag_type type;
    const char *const *values;      /* every allowed value, NULL-terminated;
                                       NULL for a NUMBER flag that takes any
                                       whole number in [min, max] */
    const char *fallback;           /* the default, as text */
    const char *help;               /* one line, no newline */
    long min, max;                  /* NUMBER flags without `values` */
};

/* How a match starts. */
struct game_setup {
    int players;                    /* 0: the game's default_players */
    uint64_t seed;                  /* every pack of the match */
    int first_dealer;               /* the player who deals the first deal */
    const char *const *rules;       /* "name=value" strings, NULL-terminated;
                                       NULL: all defaults */
    int one_deal;                   /* the match is one deal, whose seat s is
                                       player s (replaying a deal record);
                                       first_dealer is then ignored */
};

/* What `arena check BOT --game NAME` asks of a game (its
 * engine/<game>/<game>_check.c): the situations a bot must meet, the
 * constructed packs that bring them about, and how to read them off the
 * states the bot is asked in. The check plays `matches` matches with the
 * bot as player A and player A dealing the first deal, the other seats
 * copies of a reference bot; it replays each match's transcript through
 * the game and marks what player A met. A situation is passed when met
 * and the match went on, failed when the bot faulted there, not reached
 * otherwise. Situation 0 is always the hello and the match start, the
 * last one the deal and match results. */
enum {
    GAME_CHECK_MAX_SITUATIONS = 40,
    GAME_CHECK_MAX_DECKS = 16,      /* constructed packs per match */
    GAME_CHECK_MAX_MATCHES = 4,
    GAME_DECK_TEXT = 400            /* a deck text with its NUL (78 cards) */
};

struct game_check {
    int n_situations;
    const char *const *names;       /* "bidding round 1: take or pass" */
    int matches;                    /* 1..GAME_CHECK_MAX_MATCHES */
    const char *const *match_rules; /* per match: one rule added to the
                                       user's ("deals=48"), or NULL */

    /* The constructed packs of match `match`'s first deals at the table
     * `state` (just created for that match) as deck texts; their number
     * (0..max; the deals after them take the seed's packs). */
    int (*decks)(const void *state, int match, char (*texts)[GAME_DECK_TEXT], int max);

    /* 1 when situation s cannot happen in this form (`state` just created):
     * reported as not in this game. */
    int (*absent)(const void *state, int situation);

    /* The situation of the decision `player` (to act) is asked now: where
     * a fault in it is reported. */
    int (*situation)(const void *state, int player);

    /* Every situation that decision shows (bit s: situation s met). */
    uint64_t (*decision)(const void *state, int player);

    /* The situations the deal that just ended showed `player` (called
     * right after apply() returned GAME_DEAL_OVER). */
    uint64_t (*deal_over)(const void *state, int player);
};

/* apply()'s results. */
enum { GAME_ILLEGAL = -1, GAME_GOES_ON = 0, GAME_DEAL_OVER = 1 };

struct game {
    const char *name;               /* "piquet", "belote", "belote-partnership" */
    const char *title;              /* "Piquet", for people */
    int min_players, max_players, default_players;
    size_t state_size;
    const struct game_flag *flags;  /* the variant flags */
    int n_flags;

    /* Starts a match. 0, or -1 with a reason in err ("rules: unknown flag
     * 'x'", "players: belote takes 2, 3 or 4"); the state is then unusable. */
    int (*create)(void *state, const struct game_setup *setup, char *err, int cap);

    /* Number of players, and each player's team (0..teams-1). */
    int (*players)(const void *state);
    int (*teams)(const void *state);
    int (*team)(const void *state, int player);

    /* The player to act, or -1 when the match is over. */
    int (*to_act)(const void *state);

    /* The legal actions of the player to act: how many, and the n-th as
     * text (its length, or -1 when it does not fit in cap). Listed in the
     * game's canonical form and order. */
    int (*legal_count)(const void *state);
    int (*legal_text)(const void *state, int n, char *buf, int cap);

    /* The index of the legal action that `text` (len bytes, no NUL needed)
     * names, in the game's judgement of sameness; -1 when none. */
    int (*find_legal)(const void *state, const char *text, int len);

    /* Applies the acting player's action: GAME_GOES_ON, GAME_DEAL_OVER when
     * it ended a deal (the next one, if any, is dealt from the seed), or
     * GAME_ILLEGAL with a reason in err (nothing changes). */
    int (*apply)(void *state, const char *text, int len, char *err, int cap);

    /* Optional (NULL: callers apply legal_text's n-th text instead): applies
     * the n-th legal action without its text, leaving exactly the state
     * apply(legal_text(n)) leaves, with the same result; GAME_ILLEGAL when
     * there is no n-th legal action (nothing changes). For callers that
     * pick by index (random playouts, searches). */
    int (*apply_legal)(void *state, int n);

    /* Ends the current deal when it is over before any action (a void
     * deal, Tarot's petit sec): GAME_DEAL_OVER as apply() returns it (the
     * next deal, if any, is dealt), else GAME_GOES_ON. Until then the deal
     * has no legal action. Callers call it once a deal's pack is final
     * (before asking for an action, and before replaying a deal's
     * actions). NULL when the game has no such deals. */
    int (*settle)(void *state);

    /* Replaces the pack of the current deal before its first action (a
     * record's "deck"): n cards in the game's pack order, each a card of
     * the game's text form parsed by the game. 0, or -1 with a reason. */
    int (*set_deck)(void *state, const char *deck_text, char *err, int cap);

    /* The current deal's pack as a deal record's "deck" text (the game's
     * pack order); its length, as snprintf counts. */
    int (*deck_text)(const void *state, char *buf, int cap);

    /* Sets a field a deal record may carry besides deck and actions (Belote's
     * "reserve"), before the deal's first action. 0; -1 with a reason for a
     * bad value; -2 when the game has no such field (readers ignore it).
     * NULL when the game has none. */
    int (*set_deal_field)(void *state, const char *name, long value, char *err, int cap);

    /* Sets the current deal's own variant flags before its first action (a
     * deal record's "rules" inside a match record): `rules` ("name=value",
     * NULL-terminated) replace the match's flags of the same names for
     * this deal only; the next deal takes the match's again. 0, or -1 with
     * a reason for an unknown flag or value. NULL when the game reads no
     * rules from a match's deal records. */
    int (*set_deal_rules)(void *state, const char *const *rules, char *err, int cap);

    /* Everything `player` may know now, as the fields of the current object:
     * its hand, what is public, the current deal's public history, whose
     * turn it is. Never a card the player may not see. */
    void (*view)(const void *state, int player, const struct pq_writer *w);

    /* The current deal (from 1); once the match is over, the number of
     * deals played. */
    int (*deal_number)(const void *state);

    /* Optional (NULL: not known): the number of deals the match plays,
     * fixed by its rules; 0 when it is played to a target score (its
     * length is not known in advance). */
    int (*match_deals)(const void *state);

    /* The last finished deal's result, as the fields of the current object:
     * exactly what `arena replay` prints for a deal record of this game. */
    void (*deal_result)(const void *state, const struct pq_writer *w);

    /* The match result so far (over or not), as the fields of the current
     * object: what `arena replay` prints for a match record. */
    void (*result)(const void *state, const struct pq_writer *w);

    /* Each player's running total so far (out[0..players-1]), in the
     * game's points; players of one team have their team's total. */
    void (*scores)(const void *state, long *out);

    /* Once the match is over: what it is worth to each player
     * (out[0..players-1]), the number ratings and margins compare. Two
     * entrants: the winner's settlement, + for the winner and - for the
     * loser (0 each for a draw); three or more: the totals. */
    void (*match_points)(const void *state, long *out);

    /* What a fault costs (docs/design.md "Clocks and faults"): the match
     * points of every player when `player` forfeits the match now
     * (out[0..players-1]), the forfeiting player's the worst the game
     * allows; the others' as the game's rules file documents. */
    void (*forfeit_points)(const void *state, int player, long *out);

    /* Samples into `out` a full state that `player` cannot tell from the
     * real one: the cards it cannot see redealt at random from `seed`,
     * consistent with everything its view shows. The sample's pack
     * (deck_text) deals its hands: the current deal replayed from it
     * through the same actions (those the player could not see aside)
     * comes to the sample again. 0, or -1 when the game offers no
     * sampling. */
    int (*sample)(void *out, const void *state, int player, uint64_t seed);

    /* Optional (NULL: none): a cheap rule-of-thumb card play for the
     * playouts of a search (bots/search.h), a pure function of the state
     * and `seed` (no lookahead, no clock): the index of the legal action
     * the player to act would take by the game's simple habits (follow
     * with the cheapest card, win a trick with the cheapest card that
     * wins it, leave a partner's winning card alone, give him points,
     * cash a master card), each game's rules of thumb in its own module;
     * -1 where it has no opinion (an auction, a declaration: the caller
     * picks). Never a strategy to play a match by. */
    int (*playout)(const void *state, uint64_t seed);

    /* Optional (NULL: none): the key of the position of the current
     * deal's card play, for a search's transposition table
     * (bots/search.h search_solve): a 64-bit hash (game_key_add) of
     * everything in the state that bears on the rest of the deal and on
     * its score (the hands, the cards out of them that still score, the
     * trick on the table, the player to act, what each seat has won so
     * far, declarations made and still to score), and of nothing that
     * records only the order in which the past was played or what the
     * players know of it. So two states that differ only in that order
     * share a key (a transposition), and two that can end differently get
     * two keys, but for a hash's chance. The match around the deal (its
     * totals, its next deals) is not in the key: a search within one deal
     * holds it fixed. 0 outside the card play. */
    uint64_t (*position)(const void *state);

    /* Optional (NULL: none): equivalent cards, for the ending solver.
     * Writes into out[0..n-1] (n: legal_count) the class of each legal
     * action: the index of the first legal action it is interchangeable
     * with, or its own. Two actions are interchangeable when the rest of
     * the deal goes the same whichever is taken, whatever anyone does
     * next: two cards of one player's hand, of one suit, worth the same
     * points, with no card still to be played (in any hand or on the
     * table) ranking between them, and neither with a meaning of its own
     * (a declaration, a card that scores a bonus or has a rule of its
     * own). Cheap: called once per position of a search. 0, or -1 when
     * the state has no classes to give (outside the card play: then
     * every action is its own). */
    int (*play_classes)(const void *state, uint8_t *out, int n);

    /* Optional (NULL: the teams are the sides): in the card play, the
     * side (0 or 1) of `player` where the game has more than two teams
     * but the deal's score moves every player's total by one number's
     * multiple, the same sign for one side and the other for the other
     * (Tarot: the taker and his partner against the defenders, who each
     * pay or gain alike). Then every player's value of the deal is set by
     * that number, max^n is a game between two sides, and the ending
     * solver searches it with alpha-beta (the same values). -1 outside
     * the card play. */
    int (*side)(const void *state, int player);

    /* What `arena check` needs; NULL when the check does not know the game. */
    const struct game_check *check;

    /* The reasons `arena replay` gives for a record that goes on past the
     * end of a deal or match, or stops before it, in the words of the game's
     * rules file; NULL (or a NULL member): the house's words. */
    const struct game_replay_words *replay_words;
};

struct game_replay_words {
    const char *deal_over;          /* an action after the deal's end */
    const char *deal_not_over;      /* the record ends inside a deal */
    const char *match_over;         /* a deal record after the match's end */
    const char *match_not_over;     /* too few deal records */
};

/* The modules (each in its engine/<game>/ folder). */
extern const struct game piquet_game;
extern const struct game belote_game, belote_marseillaise_game, belote_partnership_game;
extern const struct game coinche_game;
extern const struct game tarot_game;
extern const struct game tarocchini_game;

/* Every game compiled in, NULL-terminated, and lookup by name (NULL when
 * unknown). */
extern const struct game *const game_modules[];
const struct game *game_find(const char *name);

/* The flag of game `g` called `name`, or NULL. */
const struct game_flag *game_flag_find(const struct game *g, const char *name);

/* Checks `value` against `flag`: 0, or -1 with a reason in err
 * ("rules.compare: 'x' is not rounded or exact"). */
int game_flag_check(const struct game_flag *flag, const char *value, char *err, int cap);

/* The flag of flags[0..n) called `name`, with `value` checked against it:
 * its index, or -1 with the reason ("rules: unknown flag 'x' for GAME",
 * or game_flag_check's). */
int game_flag_at(const struct game_flag *flags, int n, const char *name, const char *value, const char *game,
                 char *err, int cap);

/* The index of `value` among a flag's values; 0 when the flag has no list
 * or the value is not in it (callers check values with game_flag_check). */
int game_flag_index(const struct game_flag *flag, const char *value);

/* The number a flag value's leading digits write (0 for none): a checked
 * NUMBER flag's value. */
long game_flag_number(const char *value);

/* Checks a setup's first dealer against n players (any when one_deal): 0,
 * or -1 with the reason ("first_dealer: not one of the 4 players"). */
int game_first_dealer_check(const struct game_setup *setup, int n, char *err, int cap);

/* One step of a position key (game.h position): the key so far with
 * `value` mixed in (a strong 64-bit mix, so that keys of positions that
 * differ in any value differ but for a hash's chance). Start from 0. */
static inline uint64_t game_key_add(uint64_t key, uint64_t value)
{
    uint64_t z = key ^ (value + 0x9e3779b97f4a7c15ull + (key << 6) + (key >> 2));
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Gives each "name=value" of a game_setup's rules (NULL-terminated; NULL:
 * none) to set(ctx, name, value, err, cap) in order: 0, or -1 with the
 * reason ("rules: 'x' is not name=value", a name of 32 bytes or more
 * included, or set's own). */
int game_rules_each(const char *const *rules, int (*set)(void *ctx, const char *name, const char *value, char *err, int cap),
                    void *ctx, char *err, int cap);

/* A flag's values as one text into buf (cap bytes): "a|b|c", a run of
 * three or more consecutive numbers as "1..8", "MIN..MAX" for a number
 * flag without a list. Returns buf. */
const char *game_flag_values_text(const struct game_flag *flag, char *buf, int cap);

/* The winner of a finished match from its match points: the player of
 * the team with the most, the lowest such player; -1 when two or more
 * teams share the most. */
int game_winner(const struct game *g, const void *state, const long *points);

#endif

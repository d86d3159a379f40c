/* tarocchini_deal.c - one deal of Tarocchini (RULES-tarocchini.md O9-O12,
 * O19-O25, section 8): the hands from the pack, the monte round, the
 * dealer's discard, the declarations seat by seat, the fifteen tricks; the
 * action notation, its error reasons and the legal-action list
 * (tarocchini.h gives its order). A refused action changes nothing.
 */
#include <assert.h>
#include <string.h>
#include "engine/tarocchini/tarocchini.h"
#include "engine/text.h"

enum { MAX_TOKENS = 24 };

int tar_team(int seat)
{
    return seat & 1;   /* O8 */
}

static int fail(char *err, int cap, const char *why)
{
    struct pq_text t;
    pq_text_init(&t, err, cap);
    pq_text_str(&t, why);
    return -1;
}

/* O9: seat s holds p[15s .. 15s+14], the dealer also p[60] and p[61]. */
void tar_deal_init(struct tar_deal *d, const struct tar_rules *rules, const uint8_t deck[TAR_CARDS])
{
    memset(d, 0, sizeof *d);
    d->rules = *rules;
    memcpy(d->deck, deck, TAR_CARDS);
    for (int s = 0; s < TAR_SEATS; s++) {   /* in a local: |= on d->hand[] chains through memory */
        tar_mask hand = 0;
        for (int i = TAR_HAND * s; i < TAR_HAND * (s + 1); i++) hand |= TAR_BIT(deck[i]);
        d->hand[s] = hand;
    }
    d->hand[3] |= TAR_BIT(deck[60]) | TAR_BIT(deck[61]);
    d->phase = rules->monte ? TAR_PHASE_MONTE : TAR_PHASE_DISCARD;
    d->to_act = (int8_t)(rules->monte ? 0 : 3);
    d->matto_seat = d->matto_trick = -1;
    d->trick_suit = TAR_SUIT_NONE;
    d->best_at = -1;
    tar_deal_refresh(d);
}

/* ---- parsing (section 8) ---- */

/* Whether token k is the word `lit` (a string literal). */
#define IS_WORD(k, lit) (tlen[k] == (int)sizeof(lit) - 1 && !memcmp(tok[k], lit, sizeof(lit) - 1))

/* The signal word at text[0..] ended by a space or the end: its flag and
 * length, or 0. */
static int signal_word(const char *text, int len, int *n)
{
#define SIGNAL_IS(lit) (len >= (int)sizeof(lit) - 1 && !memcmp(text, lit, sizeof(lit) - 1) && \
                        (len == (int)sizeof(lit) - 1 || text[sizeof(lit) - 1] == ' ') && (*n = (int)sizeof(lit) - 1))
    if (len > 0 && text[0] == 'v') return SIGNAL_IS("volo") ? TAR_SIGNAL_VOLO : 0;
    if (len > 0 && text[0] == 'b') return SIGNAL_IS("busso") ? TAR_SIGNAL_BUSSO : 0;
    if (len > 0 && text[0] == 's') return SIGNAL_IS("striscio") ? TAR_SIGNAL_STRISCIO : 0;
    return 0;
#undef SIGNAL_IS
}

/* A play in the form legal_text writes ("play KS", "play KS volo busso"),
 * the common case, parsed without tokens: 1 when `a` holds it; 0 for
 * anything else, which the general parser below reads (and refuses with
 * its reason). */
static int play_fast(const char *text, int len, struct tar_action *a)
{
    if (len < 7 || memcmp(text, "play ", 5)) return 0;
    int end = 5;
    while (end < len && end < 8 && text[end] != ' ') end++;
    int c = tar_card_parse(text + 5, end - 5), signals = 0;
    if (c < 0) return 0;
    for (int i = end, k = 0; i < len; k++) {   /* O25: at most two, different */
        int n, s = text[i] == ' ' ? signal_word(text + i + 1, len - i - 1, &n) : 0;
        if (!s || k == 2 || (signals & s)) return 0;
        signals |= s;
        i += 1 + n;
    }
    a->kind = TAR_ACT_PLAY;
    a->card = (uint8_t)c;
    a->signals = (uint8_t)signals;
    return 1;
}

int tar_action_parse(const char *text, int len, struct tar_action *a, char *err, int cap)
{
    const char *tok[MAX_TOKENS];
    int tlen[MAX_TOKENS], n = 0, i = 0;
    memset(a, 0, sizeof *a);
    if (len < 0) len = 0;
    a->kind = TAR_ACT_UNKNOWN;
    if (play_fast(text, len, a)) return 0;
    tok[0] = text;   /* the loop makes at least this token */
    tlen[0] = 0;
    while (i <= len) {   /* single spaces between tokens: an empty token is an error below */
        int start = i;
        while (i < len && text[i] != ' ') i++;
        if (n == MAX_TOKENS) return fail(err, cap, "unknown action");
        tok[n] = text + start;
        tlen[n++] = i - start;
        i++;
    }
    if (IS_WORD(0, "monte") || IS_WORD(0, "pass")) {
        a->kind = tok[0][0] == 'm' ? TAR_ACT_MONTE : TAR_ACT_PASS;
        return n == 1 ? 0 : fail(err, cap, "unknown action");
    }
    int first;
    if (IS_WORD(0, "discard")) {
        a->kind = TAR_ACT_DISCARD;
        first = 1;
    } else if (IS_WORD(0, "declare")) {
        a->kind = TAR_ACT_DECLARE;
        if (n < 2 || !(IS_WORD(1, "cricca") || IS_WORD(1, "sequence")))
            return fail(err, cap, "unknown action");
        a->klass = tok[1][0] == 'c' ? TAR_CLASS_CRICCA : TAR_CLASS_SEQUENCE;
        first = 2;
    } else if (IS_WORD(0, "play")) {
        a->kind = TAR_ACT_PLAY;
        int c = n >= 2 ? tar_card_parse(tok[1], tlen[1]) : -1;
        if (c < 0) return fail(err, cap, "unknown card");
        a->card = (uint8_t)c;
        for (int k = 2; k < n; k++) {
            int s = IS_WORD(k, "volo")       ? TAR_SIGNAL_VOLO
                    : IS_WORD(k, "busso")    ? TAR_SIGNAL_BUSSO
                    : IS_WORD(k, "striscio") ? TAR_SIGNAL_STRISCIO
                                                           : 0;
            if (!s) return fail(err, cap, "unknown action");
            if (k >= 4 || (a->signals & s)) return fail(err, cap, "signal not allowed");   /* O25: two different */
            a->signals |= (uint8_t)s;
        }
        return 0;
    } else {
        return fail(err, cap, "unknown action");
    }
    int count = 0;
    for (int k = first; k < n; k++) {
        int c = tar_card_parse(tok[k], tlen[k]);
        if (c < 0) return fail(err, cap, "unknown card");
        if (a->cards & TAR_BIT(c)) a->signals = 1;   /* a card named twice */
        a->cards |= TAR_BIT(c);
        count++;
    }
    a->card = (uint8_t)count;
    return 0;
}

/* ---- play (O22-O24) ---- */

int tar_trick_suit(const uint8_t *cards, int n)
{
    for (int i = 0; i < n; i++)
        if (cards[i] != TAR_MA) return tar_suit(cards[i]);   /* O23: after a Matto lead, the next card */
    return TAR_SUIT_NONE;
}

/* A card's strength in a trick whose suit to follow is `suit`: a trump
 * 64 + its rank, a card of that suit 32 + its rank, any other card (the
 * Matto, another suit) 0. Comparing strengths is O3-O5 and O24 without a
 * branch per case: a random playout's cards defeat branch prediction. */
static inline int strength(const struct tar_rules *r, int c, int suit)
{
    int s = tar_suit(c), rank = tar_rank(c, r);
    return s == TAR_SUIT_TRUMPS ? 64 + rank : s == suit && c != TAR_MA ? 32 + rank : 0;
}

enum { MOOR_STRENGTH = 64 + 10 };   /* the four Moors share one rank (O3) */

/* tar_card_beats, inline for the trick's winner: a higher strength wins,
 * except that over a card of strength 0 (no card of the trick's suit) only
 * a trump does; of two Moors the later (O5). */
static inline int beats(const struct tar_rules *r, int x, int best, int suit)
{
    if (x == TAR_MA) return 0;   /* O24: the Matto never wins */
    if (best < 0) return 1;
    int kx = strength(r, x, suit), kb = strength(r, best, suit);
    return (kx > kb && (kb > 0 || kx >= 64)) || (kx == MOOR_STRENGTH && kb == MOOR_STRENGTH);
}

int tar_card_beats(const struct tar_rules *r, int x, int best, int suit)
{
    return beats(r, x, best, suit);
}

/* beats() from strengths: whether card c of strength k takes the trick
 * from the best so far (strength kb; none yet when `none`). */
static inline int takes(int c, int k, int kb, int none)
{
    return c != TAR_MA && (none || (k > kb && (kb > 0 || k >= 64)) || (k == MOOR_STRENGTH && kb == MOOR_STRENGTH));
}

int tar_trick_winner(const struct tar_rules *r, const uint8_t *cards, int n, int leader)
{
    int best = -1, kb = 0, suit = tar_trick_suit(cards, n);
    for (int i = 0; i < n; i++) {   /* beats(), each card's strength computed once */
        int c = cards[i], k = strength(r, c, suit), take = takes(c, k, kb, best < 0);
        best = take ? i : best;
        kb = take ? k : kb;
    }
    return best < 0 ? -1 : (leader + best) % TAR_SEATS;
}

tar_mask tar_hand_playable(tar_mask hand, int suit)
{
    if (suit == TAR_SUIT_NONE) return hand;
    tar_mask follow = hand & tar_suit_cards(suit), trumps = hand & TAR_TRUMPS, matto = hand & TAR_BIT(TAR_MA);
    return follow ? follow | matto : trumps ? trumps | matto : hand;
}

tar_mask tar_deal_playable(const struct tar_deal *d)
{
    return tar_hand_playable(d->hand[d->to_act], tar_trick_suit(d->cards[d->trick], d->n_played));
}

/* O25: whether `volo` is true for card c led from `hand`. */
static int volo_true(tar_mask hand, int c)
{
    return (hand & tar_suit_cards(tar_suit(c)) & ~TAR_BIT(c)) == 0;
}

/* ---- legality ---- */

static int phase_of(int kind)
{
    switch (kind) {
    case TAR_ACT_MONTE: return TAR_PHASE_MONTE;
    case TAR_ACT_DISCARD: return TAR_PHASE_DISCARD;
    case TAR_ACT_DECLARE: return TAR_PHASE_DECLARE;
    default: return TAR_PHASE_PLAY;
    }
}

/* The cards the dealer may discard (O11). */
static tar_mask discardable(const struct tar_deal *d)
{
    tar_mask fives = TAR_BIT(TAR_AN) | TAR_BIT(TAR_WO) | TAR_WILDS;
    for (int s = 0; s < TAR_SUITS; s++) fives |= TAR_BIT(TAR_CARD(s, TAR_K));
    return d->rules.discard_rule == TAR_DISCARD_NO_FIVE ? d->hand[3] & ~fives : d->hand[3];
}

static int check_declare(const struct tar_deal *d, const struct tar_action *a, char *err, int cap)
{
    int seat = d->to_act;
    if (a->cards & ~d->hand[seat]) return fail(err, cap, "not in hand");
    if (a->signals) return fail(err, cap, "invalid combination");   /* a card named twice */
    if (a->klass == TAR_CLASS_CRICCA) {
        int k = tar_cricca_kind(a->cards);
        if (k < 0) return fail(err, cap, "invalid combination");
        if (d->cricche_done[seat] & (1u << k)) return fail(err, cap, "already declared");
        return 0;
    }
    int f = tar_sequence_family(a->cards, &d->rules);
    if (f < 0) return fail(err, cap, "invalid combination");
    if (d->families_done[seat] & (1u << f)) return fail(err, cap, "already declared");
    if (a->cards & d->wilds_used[seat]) return fail(err, cap, "wild card used twice");   /* O18 */
    return 0;
}

int tar_deal_check_phase(const struct tar_deal *d, int kind, char *err, int cap)
{
    if (d->phase == TAR_PHASE_OVER) return fail(err, cap, "deal is over");
    if (kind == TAR_ACT_UNKNOWN) return 0;
    if (kind == TAR_ACT_PASS ? d->phase != TAR_PHASE_MONTE && d->phase != TAR_PHASE_DECLARE : phase_of(kind) != d->phase)
        return fail(err, cap, "not your turn");
    return 0;
}

/* O25: why the signals of a play of a card the seat may play are refused,
 * or NULL. */
static const char *signal_refusal(const struct tar_deal *d, const struct tar_action *a)
{
    if (!a->signals) return NULL;
    if (!d->rules.signals || d->n_played > 0 || a->card == TAR_MA) return "signal not allowed";
    if ((a->signals & TAR_SIGNAL_VOLO) && !volo_true(d->hand[d->to_act], a->card)) return "volo is false";
    return NULL;
}

int tar_deal_check(const struct tar_deal *d, const struct tar_action *a, char *err, int cap)
{
    if (tar_deal_check_phase(d, a->kind, err, cap) < 0) return -1;
    switch (a->kind) {
    case TAR_ACT_MONTE:
    case TAR_ACT_PASS:
        return 0;
    case TAR_ACT_DISCARD:
        if (a->card != 2 || a->signals) return fail(err, cap, "discard exactly 2 cards");
        if (a->cards & ~d->hand[d->to_act]) return fail(err, cap, "not in hand");
        if (a->cards & ~discardable(d)) return fail(err, cap, "five-point card");   /* O11 */
        return 0;
    case TAR_ACT_DECLARE:
        return check_declare(d, a, err, cap);
    default: {
        tar_mask hand = d->hand[d->to_act];
        if (!(hand & TAR_BIT(a->card))) return fail(err, cap, "not in hand");
        if (!(tar_deal_playable(d) & TAR_BIT(a->card))) {
            int suit = tar_trick_suit(d->cards[d->trick], d->n_played);
            return fail(err, cap, hand & tar_suit_cards(suit) ? "must follow suit" : "must play a trump");
        }
        const char *why = signal_refusal(d, a);
        return why ? fail(err, cap, why) : 0;
    }
    }
}

int tar_deal_legal_play(const struct tar_deal *d, const char *text, int len, struct tar_action *a)
{
    memset(a, 0, sizeof *a);
    if (d->phase != TAR_PHASE_PLAY || !play_fast(text, len, a)) return 0;
    return (d->playable & TAR_BIT(a->card)) && !signal_refusal(d, a);
}

/* ---- applying ---- */

static void record(struct tar_deal *d, int seat, int kind, const struct tar_action *a)
{
    struct tar_act *h = &d->hist[d->n_hist++];   /* field by field: cheaper than a struct built and copied */
    h->seat = (uint8_t)seat;
    h->kind = (uint8_t)kind;
    h->klass = a ? a->klass : 0;
    h->card = a ? a->card : 0;
    h->signals = a ? a->signals : 0;
    h->group = 0;
    h->value = h->sequences = 0;
    h->cards = a ? a->cards : 0;
}

/* O19: a seat's pass scores its declarations. */
static void declarer_passes(struct tar_deal *d, int seat)
{
    struct tar_act *h = &d->hist[d->n_hist - 1];
    h->klass = 1;
    h->value = (int16_t)tar_doubled(d->hand_cricche[seat], d->n_cricche[seat]);
    h->sequences = (int16_t)tar_doubled(d->hand_sequences[seat], d->n_sequences[seat]);
    if (seat == 3) {
        d->phase = TAR_PHASE_PLAY;
        d->to_act = 0;   /* O21 */
        d->leader = 0;
    } else {
        d->to_act = (int8_t)(seat + 1);
    }
}

static int play_card(struct tar_deal *d, int seat, const struct tar_action *a)
{
    int c = a->card, suit = d->trick_suit, own = tar_suit(c);   /* suit: tar_trick_suit of the cards before c */
    d->hand[seat] &= ~TAR_BIT(c);
    d->suit_held[seat][own]--;
    if (d->n_played == 0) d->signals[d->trick] = a->signals;
    if (suit != TAR_SUIT_NONE && c != TAR_MA && own != suit) {
        d->void_of[seat] |= 1u << suit;
        if (own != TAR_SUIT_TRUMPS) d->void_of[seat] |= 1u << TAR_SUIT_TRUMPS;
    }
    if (c == TAR_MA) {
        d->matto_seat = (int8_t)seat;
        d->matto_trick = (int8_t)d->trick;
    }
    if (suit == TAR_SUIT_NONE && c != TAR_MA) d->trick_suit = (uint8_t)own;   /* O23 */
    int k = strength(&d->rules, c, d->trick_suit), take = takes(c, k, d->best_strength, d->best_at < 0);
    d->best_at = (int8_t)(take ? d->n_played : d->best_at);   /* tar_trick_winner, a card at a time */
    d->best_strength = (uint8_t)(take ? k : d->best_strength);
    d->cards[d->trick][d->n_played++] = (uint8_t)c;
    if (d->n_played < TAR_SEATS) {
        d->to_act = (int8_t)((seat + 1) & (TAR_SEATS - 1));
        return 0;
    }
    int w = (d->leader + d->best_at) & (TAR_SEATS - 1);
    d->trick_suit = TAR_SUIT_NONE;
    d->best_at = -1;
    d->best_strength = 0;
    d->leaders[d->trick] = d->leader;
    d->winners[d->trick] = (uint8_t)w;
    tar_mask won = 0;   /* in a local: |= on d->won[] chains through memory */
    for (int i = 0; i < TAR_SEATS; i++) won |= TAR_BIT(d->cards[d->trick][i]);
    d->won[tar_team(w)] |= won;
    d->tricks_won[tar_team(w)]++;
    record(d, w, TAR_ACT_WINS, NULL);
    d->trick++;
    d->n_played = 0;
    d->leader = (uint8_t)w;
    d->to_act = (int8_t)w;
    if (d->trick < TAR_TRICKS) return 0;
    d->phase = TAR_PHASE_OVER;
    d->to_act = -1;
    return 1;
}

static int apply_action(struct tar_deal *d, const struct tar_action *a);
static void keep_play(struct tar_deal *d);
static void keep(struct tar_deal *d);

int tar_deal_apply(struct tar_deal *d, const struct tar_action *a)
{
    int rc = apply_action(d, a);
    if (a->kind == TAR_ACT_DECLARE && !(a->cards & TAR_WILDS)) {
        /* The same seat declares on: its list loses the block declared;
         * the others depend on its hand and wilds, unchanged (O18, O19). */
        const struct tar_act *h = &d->hist[d->n_hist - 1];
        int b = (h->klass == TAR_CLASS_CRICCA ? 0 : TAR_CRICCHE) + h->group;
        d->n_legal = (int16_t)(d->n_legal - d->declaration_blocks[b]);
        d->declaration_blocks[b] = 0;
        return rc;
    }
    if (d->phase == TAR_PHASE_PLAY)   /* suit_held kept as the cards left the hands */
        keep_play(d);
    else
        keep(d);
    return rc;
}

static int apply_action(struct tar_deal *d, const struct tar_action *a)
{
    int seat = d->to_act;
    record(d, seat, a->kind, a);
    switch (a->kind) {
    case TAR_ACT_MONTE:   /* O10 */
        if (seat < 3) {
            d->to_act = (int8_t)(seat + 1);
            return 0;
        }
        d->thrown_in = 1;
        d->phase = TAR_PHASE_OVER;
        d->to_act = -1;
        return 1;
    case TAR_ACT_PASS:
        if (d->phase == TAR_PHASE_MONTE) {
            d->phase = TAR_PHASE_DISCARD;
            d->to_act = 3;
        } else {
            declarer_passes(d, seat);
        }
        return 0;
    case TAR_ACT_DISCARD:   /* O11 */
        d->hand[3] &= ~a->cards;
        for (tar_mask x = a->cards; x; x &= x - 1) d->suit_held[3][tar_suit(__builtin_ctzll(x))]--;
        d->discards = a->cards;
        d->phase = TAR_PHASE_DECLARE;
        d->to_act = 0;
        return 0;
    case TAR_ACT_DECLARE: {
        struct tar_act *h = &d->hist[d->n_hist - 1];
        d->declared[seat] |= a->cards;
        if (a->klass == TAR_CLASS_CRICCA) {
            int k = tar_cricca_kind(a->cards);
            h->group = (uint8_t)k;
            h->value = (int16_t)tar_cricca_value(k, tar_count(a->cards));
            d->cricche_done[seat] |= (uint8_t)(1u << k);
            d->hand_cricche[seat] = (int16_t)(d->hand_cricche[seat] + h->value);
            d->n_cricche[seat]++;
        } else {
            int f = tar_sequence_family(a->cards, &d->rules);
            h->group = (uint8_t)f;
            h->value = (int16_t)tar_sequence_value(a->cards);
            d->families_done[seat] |= (uint8_t)(1u << f);
            d->wilds_used[seat] |= a->cards & TAR_WILDS;
            d->hand_sequences[seat] = (int16_t)(d->hand_sequences[seat] + h->value);
            d->n_sequences[seat]++;
        }
        return 0;
    }
    default:
        return play_card(d, seat, a);
    }
}

/* ---- the legal-action list (tarocchini.h gives its order) ---- */

static const uint8_t signal_sets[7] = { 0, TAR_SIGNAL_VOLO, TAR_SIGNAL_BUSSO, TAR_SIGNAL_STRISCIO,
                                        TAR_SIGNAL_VOLO | TAR_SIGNAL_BUSSO, TAR_SIGNAL_VOLO | TAR_SIGNAL_STRISCIO,
                                        TAR_SIGNAL_BUSSO | TAR_SIGNAL_STRISCIO };

/* The signal sets card c may carry now, as a bit per signal_sets index. */
static int signal_choices(const struct tar_deal *d, int c)
{
    if (d->n_played > 0 || !d->rules.signals || c == TAR_MA) return 1;
    return volo_true(d->hand[d->to_act], c) ? 0x7f : 0x4d;   /* without the volo sets: 0, 2, 3, 6 */
}

/* Walks the list: calls fn with each action until it returns nonzero. */
struct walker {
    int target, index, done;
    struct tar_action found;
    const struct tar_action *match;
};

static int visit(struct walker *w, const struct tar_action *a)
{
    if (w->match) {
        if (w->match->kind == a->kind && w->match->klass == a->klass && w->match->cards == a->cards &&
            (a->kind != TAR_ACT_PLAY || (w->match->card == a->card && w->match->signals == a->signals)))
            return w->done = 1;
    } else if (w->index == w->target) {
        w->found = *a;
        return w->done = 1;
    }
    w->index++;
    return 0;
}

static int visit_declaration(void *ctx, int klass, tar_mask cards)
{
    struct tar_action a = { TAR_ACT_DECLARE, (uint8_t)klass, 0, 0, cards };
    return visit(ctx, &a);
}

/* Returns 1 when the walk stopped (found), 0 when the list ended. */
static int walk(const struct tar_deal *d, struct walker *w)
{
    struct tar_action a;
    memset(&a, 0, sizeof a);
    switch (d->phase) {
    case TAR_PHASE_MONTE:
        a.kind = TAR_ACT_MONTE;
        if (visit(w, &a)) return 1;
        a.kind = TAR_ACT_PASS;
        return visit(w, &a);
    case TAR_PHASE_DISCARD: {
        a.kind = TAR_ACT_DISCARD;
        a.card = 2;
        for (tar_mask x = discardable(d); x; x &= x - 1) {
            for (tar_mask y = x & (x - 1); y; y &= y - 1) {
                a.cards = (x & -x) | (y & -y);
                if (visit(w, &a)) return 1;
            }
        }
        return 0;
    }
    case TAR_PHASE_DECLARE: {
        tar_declarations(d, d->to_act, visit_declaration, w);
        if (w->done) return 1;
        a.kind = TAR_ACT_PASS;
        return visit(w, &a);
    }
    case TAR_PHASE_PLAY:
        a.kind = TAR_ACT_PLAY;
        for (tar_mask x = tar_deal_playable(d); x; x &= x - 1) {
            int c = __builtin_ctzll(x), choices = signal_choices(d, c);
            a.card = (uint8_t)c;
            for (int k = 0; k < 7; k++) {
                if (!(choices & (1 << k))) continue;
                a.signals = signal_sets[k];
                if (visit(w, &a)) return 1;
            }
        }
        return 0;
    default:
        return 0;
    }
}

/* The n-th lowest (from 0) card of a mask holding more than n cards (a
 * short loop measured faster here than a branch-free select). */
static inline int nth_card(tar_mask m, int n)
{
    while (n-- > 0) m &= m - 1;
    return __builtin_ctzll(m);
}

/* A lead's actions come in blocks by suit, in card order (the trumps, the
 * Matto, then each suit): a card carries every signal set when it is its
 * suit's only card (volo is true), four sets otherwise, and the Matto
 * none (signal_choices). */
enum { LEAD_BLOCKS = 6 };
static const uint8_t lead_suits[LEAD_BLOCKS] = { TAR_SUIT_TRUMPS, TAR_SUIT_NONE, TAR_SWORDS,
                                                 TAR_BATONS,      TAR_CUPS,      TAR_COINS };
static const tar_mask lead_blocks[LEAD_BLOCKS] = {
    TAR_TRUMPS, TAR_BIT(TAR_MA), (tar_mask)0x3ff << TAR_CARD(TAR_SWORDS, 0), (tar_mask)0x3ff << TAR_CARD(TAR_BATONS, 0),
    (tar_mask)0x3ff << TAR_CARD(TAR_CUPS, 0), (tar_mask)0x3ff << TAR_CARD(TAR_COINS, 0),
};

/* The number of lead actions of block b, of n cards. */
static int lead_block_size(int n, int b)
{
    return b == 1 ? n : n == 1 ? 7 : 4 * n;
}

/* The n-th action of the play or discard list, found without walking the
 * list (the same order as walk()); 0, or -1 when n is past its end. */
static int nth_direct(const struct tar_deal *d, int n, struct tar_action *a)
{
    memset(a, 0, sizeof *a);
    if (d->phase == TAR_PHASE_DISCARD) {
        tar_mask x = discardable(d);
        a->kind = TAR_ACT_DISCARD;
        a->card = 2;
        for (; x; x &= x - 1) {
            tar_mask above = x & (x - 1);
            int k = tar_count(above);
            if (n < k) {
                a->cards = (x & -x) | TAR_BIT(nth_card(above, n));
                return 0;
            }
            n -= k;
        }
        return -1;
    }
    a->kind = TAR_ACT_PLAY;
    tar_mask x = d->playable;
    if (d->n_played > 0 || !d->rules.signals) {   /* no signals: one action per card */
        if (n >= d->n_legal) return -1;
        a->card = (uint8_t)nth_card(x, n);
        return 0;
    }
    const uint8_t *held = d->suit_held[d->to_act];
    for (int b = 0; b < LEAD_BLOCKS; b++) {   /* a lead: by suit, in card order */
        int k = lead_block_size(held[lead_suits[b]], b);
        if (n >= k) {
            n -= k;
            continue;
        }
        int per_card = k == 7 ? 7 : b == 1 ? 1 : 4;   /* the suit's only card: every set; the Matto: none */
        int c = nth_card(x & lead_blocks[b], n / per_card), choices = signal_choices(d, c);
        a->card = (uint8_t)c;
        a->signals = signal_sets[nth_card((tar_mask)choices, n % per_card)];
        return 0;
    }
    return -1;
}

static int count_legal(const struct tar_deal *d)
{
    if (d->phase == TAR_PHASE_DISCARD) {
        int k = tar_count(discardable(d));
        return k * (k - 1) / 2;
    }
    struct walker w = { -1, 0, 0, { 0, 0, 0, 0, 0 }, NULL };
    walk(d, &w);
    return w.index;
}

/* The play's legal actions from the kept suit counts: the cards the seat
 * may play (tar_hand_playable(), O22, O23) and their number; on a lead with
 * signals every card but the Matto has 4 actions, 7 when alone in its
 * suit (lead_block_size). */
static inline void keep_play(struct tar_deal *d)
{
    int seat = d->to_act, suit = d->trick_suit;
    const uint8_t *held = d->suit_held[seat];
    tar_mask hand = d->hand[seat], matto = hand & TAR_BIT(TAR_MA);
    /* the suit it must play (the Matto besides), -1 when any card */
    int follow = suit == TAR_SUIT_NONE ? -1 : held[suit] ? suit : held[TAR_SUIT_TRUMPS] ? TAR_SUIT_TRUMPS : -1;
    if (follow >= 0) {
        d->playable = (hand & tar_suit_cards(follow)) | matto;
        d->n_legal = (int16_t)(held[follow] + held[TAR_SUIT_NONE]);
        return;
    }
    /* written out: the loop over the five suits cost twice as much */
    int cards = held[TAR_SWORDS] + held[TAR_BATONS] + held[TAR_CUPS] + held[TAR_COINS] + held[TAR_SUIT_TRUMPS];
    int alone = (held[TAR_SWORDS] == 1) + (held[TAR_BATONS] == 1) + (held[TAR_CUPS] == 1) + (held[TAR_COINS] == 1) +
                (held[TAR_SUIT_TRUMPS] == 1);
    d->playable = hand;
    if (d->n_played > 0 || !d->rules.signals)
        d->n_legal = (int16_t)(cards + held[TAR_SUIT_NONE]);
    else
        d->n_legal = (int16_t)(3 * alone + 4 * cards + held[TAR_SUIT_NONE]);
}

/* Keeps the legal actions (tar_deal_refresh) from the kept suit counts. */
static void keep(struct tar_deal *d)
{
    d->playable = 0;
    if (d->phase == TAR_PHASE_PLAY)
        keep_play(d);
    else if (d->phase == TAR_PHASE_DECLARE)   /* the declarations, then pass */
        d->n_legal = (int16_t)(tar_declaration_blocks(d, d->to_act, d->declaration_blocks) + 1);
    else
        d->n_legal = (int16_t)count_legal(d);
}

void tar_deal_refresh(struct tar_deal *d)
{
    for (int s = 0; s < TAR_SEATS; s++) {
        tar_mask hand = d->hand[s];
        for (int suit = 0; suit < TAR_SUITS; suit++)
            d->suit_held[s][suit] = (uint8_t)tar_count(hand & (tar_mask)0x3ff << TAR_CARD(suit, 0));
        d->suit_held[s][TAR_SUIT_TRUMPS] = (uint8_t)tar_count(hand & TAR_TRUMPS);
        d->suit_held[s][TAR_SUIT_NONE] = (uint8_t)(hand >> TAR_MA & 1);
    }
    keep(d);
}

int tar_deal_legal_count(const struct tar_deal *d)
{
    return d->n_legal;
}

static int format(const struct tar_action *a, char *buf, int cap)
{
    static const char *const signal_words[3] = { " volo", " busso", " striscio" };
    char text[TAR_TEXT];
    int len = 0;
    switch (a->kind) {
    case TAR_ACT_MONTE: memcpy(text, "monte", len = 5); break;
    case TAR_ACT_PASS: memcpy(text, "pass", len = 4); break;
    case TAR_ACT_DISCARD:
    case TAR_ACT_DECLARE: {   /* the verb, then the cards */
        const char *verb = a->kind == TAR_ACT_DISCARD ? "discard " : a->klass == TAR_CLASS_CRICCA ? "declare cricca "
                                                                                                    : "declare sequence ";
        len = (int)strlen(verb);
        memcpy(text, verb, (size_t)len);
        len += tar_cards_format(a->cards, text + len, (int)sizeof text - len);
        break;
    }
    default: {
        const char *name = tar_card_name(a->card);
        memcpy(text, "play ", 5);
        memcpy(text + 5, name, 3);
        len = 5 + (name[2] ? 3 : 2);
        for (int k = 0; k < 3; k++)
            if (a->signals & (1 << k)) {
                int n = (int)strlen(signal_words[k]);
                memcpy(text + len, signal_words[k], (size_t)n);
                len += n;
            }
        break;
    }
    }
    if (len >= cap) {
        if (cap > 0) buf[0] = '\0';
        return -1;
    }
    memcpy(buf, text, (size_t)len);
    buf[len] = '\0';
    return len;
}

/* format() of a play, written straight into buf (the hot path of every
 * playout): with room for the longest play, in place with fixed-size
 * copies the compiler inlines; else through a local text. */
static int format_play(int card, int signals, char *buf, int cap)
{
    static const struct { char text[10]; int len; } words[3] = { { " volo", 5 }, { " busso", 6 }, { " striscio", 9 } };
    enum { LONGEST = 32 };   /* "play T16 busso striscio" and the 10-byte copies' slack */
    const char *name = tar_card_name(card);
    char local[LONGEST], *text = cap >= LONGEST ? buf : local;
    int len = 5 + (name[2] ? 3 : 2);
    memcpy(text, "play ", 5);
    memcpy(text + 5, name, 3);
    for (int k = 0; signals && k < 3; k++)
        if (signals & (1 << k)) {
            memcpy(text + len, words[k].text, 10);
            len += words[k].len;
        }
    if (len >= cap) {
        if (cap > 0) buf[0] = '\0';
        return -1;
    }
    if (text == local) memcpy(buf, local, (size_t)len);
    buf[len] = '\0';
    return len;
}

int tar_deal_legal_nth(const struct tar_deal *d, int n, struct tar_action *a)
{
    if (n < 0 || n >= d->n_legal) return -1;
    if (d->phase == TAR_PHASE_PLAY || d->phase == TAR_PHASE_DISCARD) return nth_direct(d, n, a);
    memset(a, 0, sizeof *a);
    if (d->phase == TAR_PHASE_DECLARE) {   /* the declarations, then pass */
        int klass;
        tar_mask cards;
        if (tar_declaration_nth(d, d->to_act, d->declaration_blocks, n, &klass, &cards) > n) {
            a->kind = TAR_ACT_DECLARE;
            a->klass = (uint8_t)klass;
            a->cards = cards;
            a->card = (uint8_t)tar_count(cards);   /* as tar_action_parse counts them */
        } else {
            a->kind = TAR_ACT_PASS;
        }
        return 0;
    }
    struct walker w = { n, 0, 0, { 0, 0, 0, 0, 0 }, NULL };
    if (!walk(d, &w)) return -1;
    *a = w.found;
    return 0;
}

int tar_deal_legal_text(const struct tar_deal *d, int n, char *buf, int cap)
{
    struct walker w = { n, 0, 0, { 0, 0, 0, 0, 0 }, NULL };
    int direct = d->phase == TAR_PHASE_PLAY || d->phase == TAR_PHASE_DISCARD;
    if (d->phase == TAR_PHASE_PLAY && n >= 0 && nth_direct(d, n, &w.found) == 0)
        return format_play(w.found.card, w.found.signals, buf, cap);
    if (d->phase == TAR_PHASE_DECLARE && n >= 0) {   /* the declarations, then pass */
        int klass;
        tar_mask cards;
        int k = tar_declaration_nth(d, d->to_act, d->declaration_blocks, n, &klass, &cards);
        struct tar_action a = { k > n ? TAR_ACT_DECLARE : TAR_ACT_PASS, (uint8_t)(k > n ? klass : 0), 0, 0,
                                k > n ? cards : 0 };
        if (k >= n) return format(&a, buf, cap);
    }
    if (n < 0 || (direct ? nth_direct(d, n, &w.found) < 0 : !walk(d, &w))) {
        if (cap > 0) buf[0] = '\0';
        return -1;
    }
    return format(&w.found, buf, cap);
}

int tar_deal_play_index(const struct tar_deal *d, int card)
{
    if (d->phase != TAR_PHASE_PLAY || card < 0 || card >= TAR_CARDS || !(d->playable & TAR_BIT(card))) return -1;
    int index = 0;   /* walk()'s order: the cards below it, each with its signal sets */
    for (tar_mask x = d->playable & (TAR_BIT(card) - 1); x; x &= x - 1)
        index += __builtin_popcount((unsigned)signal_choices(d, __builtin_ctzll(x)));
    return index;   /* its first action carries no signal (signal_sets[0]) */
}

int tar_deal_find_legal(const struct tar_deal *d, const char *text, int len)
{
    struct tar_action a;
    char err[8];
    if (tar_action_parse(text, len, &a, err, sizeof err) < 0 || tar_deal_check(d, &a, err, sizeof err) < 0)
        return -1;
    struct walker w = { -1, 0, 0, { 0, 0, 0, 0, 0 }, &a };
    return walk(d, &w) ? w.index : -1;
}

/* ---- equivalent cards (game.h play_classes) ---- */

/* The cards that score and rank alike (tarocchini.h tar_deal_play_classes):
 * a plain suit's numerals 6..10 (blanks in no combination, O6, O15), the
 * four Moors (one rank, O3, O5; blanks; only the Moors' sequence counts
 * them, by number, O16), and the Sun with the Moon (adjacent trumps,
 * blanks, the grande's top group counts them by number, O16). The O27
 * handover gives the first of its order a pile holds: numerals of one suit,
 * the Moors and MO SU are neighbours in that order, so two such piles that
 * differ by a swap hand over cards that score alike. */
#define NUMERALS_OF(s) ((tar_mask)0x1f << TAR_CARD(s, TAR_TEN))   /* T 9 8 7 6 */

/* Writes out[] for the cards of `cls` (one class, its lowest card first)
 * at their indices `at`. */
static void classes_join(uint8_t *out, const uint8_t *at, const uint8_t *per_card, tar_mask cls)
{
    int first = at[__builtin_ctzll(cls)];
    for (tar_mask x = cls & (cls - 1); x; x &= x - 1) {
        int c = __builtin_ctzll(x);
        for (int j = 0; j < per_card[c]; j++) out[at[c] + j] = (uint8_t)first;
    }
}

int tar_deal_play_classes(const struct tar_deal *d, uint8_t *out, int n)
{
    if (d->phase != TAR_PHASE_PLAY || n != d->n_legal) return -1;
    uint8_t at[TAR_CARDS], per_card[TAR_CARDS];
    tar_mask playable = d->playable;
    int lead_signals = d->n_played == 0 && d->rules.signals, seat = d->to_act, i = 0;
    /* the list's layout (nth_direct): cards in pack order, a lead's each
     * with its signal sets; a card's every set is one class (O25: signals
     * bind nobody and no rule or score reads them) */
    for (tar_mask x = playable; x; x &= x - 1) {
        int c = __builtin_ctzll(x), k = 1;
        if (lead_signals && c != TAR_MA) k = d->suit_held[seat][tar_suit(c)] == 1 ? 7 : 4;
        at[c] = (uint8_t)i;
        per_card[c] = (uint8_t)k;
        for (int j = 0; j < k; j++) out[i + j] = (uint8_t)i;
        i += k;
    }
    assert(i == n);
    tar_mask moors = playable & TAR_MOORS, sun_moon = playable & (TAR_BIT(TAR_SU) | TAR_BIT(TAR_MO));
    if (moors & (moors - 1)) classes_join(out, at, per_card, moors);
    if (sun_moon & (sun_moon - 1)) classes_join(out, at, per_card, sun_moon);
    /* numerals: a run of the seat's own with no other card of the suit
     * still to be played (another hand, the table) between them; a suit's
     * numerals are adjacent in pack and rank order alike (O4, either way) */
    tar_mask live = d->hand[0] | d->hand[1] | d->hand[2] | d->hand[3];
    for (int k = 0; k < d->n_played; k++) live |= TAR_BIT(d->cards[d->trick][k]);
    for (int s = 0; s < TAR_SUITS; s++) {
        tar_mask own = playable & NUMERALS_OF(s), others = live & NUMERALS_OF(s) & ~own;
        while (own & (own - 1)) {
            /* the seat's run from its lowest card up to the next card of another */
            tar_mask low = own & -own, above = others & ~(low | (low - 1)), run = above ? own & ((above & -above) - 1) : own;
            if (run & (run - 1)) classes_join(out, at, per_card, run);
            own &= ~run;
        }
    }
    return 0;
}

/* ---- the position key (game.h position) ---- */

uint64_t tar_deal_position(const struct tar_deal *d)
{
    if (d->phase != TAR_PHASE_PLAY) return 0;
    const struct tar_rules *r = &d->rules;
    uint64_t table = 0xffffffffu;   /* the trick's cards in play order, 0xff: none yet */
    for (int i = 0; i < d->n_played; i++)
        table = (table & ~(0xffull << 8 * i)) | (uint64_t)d->cards[d->trick][i] << 8 * i;
    uint64_t key = game_key_add(0, d->hand[0]);
    key = game_key_add(key, d->hand[1]);
    key = game_key_add(key, d->hand[2]);
    key = game_key_add(key, d->hand[3]);
    /* the piles and the discards tar_score counts; the Matto's exchange
     * (O26) reads who played it and, through the piles, who took it */
    key = game_key_add(key, d->won[0]);
    key = game_key_add(key, d->won[1]);
    key = game_key_add(key, d->discards);
    key = game_key_add(key, table | (uint64_t)d->tricks_won[0] << 32 | (uint64_t)d->tricks_won[1] << 40 |
                                (uint64_t)(uint8_t)d->matto_seat << 48);
    key = game_key_add(key, (uint64_t)(uint8_t)d->to_act | (uint64_t)d->leader << 8 | (uint64_t)d->n_played << 16 |
                                (uint64_t)d->trick << 24 | (uint64_t)d->trick_suit << 32 |
                                (uint64_t)(uint8_t)d->best_at << 40 | (uint64_t)d->best_strength << 48);
    /* O19: the declarations' points and counts per seat, and what each
     * declared (fixed in the play, which follows the declarations) */
    key = game_key_add(key, (uint64_t)(uint16_t)d->hand_cricche[0] | (uint64_t)(uint16_t)d->hand_cricche[1] << 16 |
                                (uint64_t)(uint16_t)d->hand_cricche[2] << 32 |
                                (uint64_t)(uint16_t)d->hand_cricche[3] << 48);
    key = game_key_add(key, (uint64_t)(uint16_t)d->hand_sequences[0] |
                                (uint64_t)(uint16_t)d->hand_sequences[1] << 16 |
                                (uint64_t)(uint16_t)d->hand_sequences[2] << 32 |
                                (uint64_t)(uint16_t)d->hand_sequences[3] << 48);
    key = game_key_add(key, (uint64_t)d->n_cricche[0] | (uint64_t)d->n_cricche[1] << 8 |
                                (uint64_t)d->n_cricche[2] << 16 | (uint64_t)d->n_cricche[3] << 24 |
                                (uint64_t)d->n_sequences[0] << 32 | (uint64_t)d->n_sequences[1] << 40 |
                                (uint64_t)d->n_sequences[2] << 48 | (uint64_t)d->n_sequences[3] << 56);
    key = game_key_add(key, (uint64_t)d->cricche_done[0] | (uint64_t)d->cricche_done[1] << 8 |
                                (uint64_t)d->cricche_done[2] << 16 | (uint64_t)d->cricche_done[3] << 24 |
                                (uint64_t)d->families_done[0] << 32 | (uint64_t)d->families_done[1] << 40 |
                                (uint64_t)d->families_done[2] << 48 | (uint64_t)d->families_done[3] << 56);
    key = game_key_add(key, (d->wilds_used[0] | d->wilds_used[1] << 2 | d->wilds_used[2] << 4 |
                             d->wilds_used[3] << 6) >> TAR_BE);
    key = game_key_add(key, (uint64_t)r->round_suits_inverted | (uint64_t)r->monte << 8 |
                                (uint64_t)r->discard_rule << 16 | (uint64_t)r->suit_wilds << 24 |
                                (uint64_t)r->signals << 32 | (uint64_t)(uint16_t)d->n_legal << 40);
    key = game_key_add(key, d->playable);
    return key ? key : 1;
}

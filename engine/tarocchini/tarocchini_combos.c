/* tarocchini_combos.c - cricche and sequences (RULES-tarocchini.md O13-O18,
 * O29): which sets of cards are valid combinations and what they are worth,
 * every declaration a hand may make (sinkings included, in the order of the
 * legal-action list), and the best cricche and sequences of a pile of won
 * cards. Each rule is computed here once: the deal, the scorer, the check and
 * the bots call these functions.
 */
#include <assert.h>
#include "engine/tarocchini/tarocchini.h"

#define TOP_GROUP   (TAR_BIT(TAR_WO) | TAR_BIT(TAR_SU) | TAR_BIT(TAR_MO))
#define RUN         ((tar_mask)0xfff << TAR_T16)       /* T16 .. T5 */
#define GRANDE      (TAR_BIT(TAR_AN) | TOP_GROUP | RUN)

/* The cards below run index i (T16 .. the number before it). */
static tar_mask run_above(int i)
{
    return ((TAR_BIT(i) - 1) & RUN);
}

static tar_mask suit_courts(int s, int first, int last)
{
    return (((tar_mask)2 << (last - first)) - 1) << (TAR_SUIT0 + 10 * s + first);
}

/* O14: the cards of a cricca kind. */
#define OF_EACH_SUIT(r) \
    (TAR_BIT(TAR_CARD(0, r)) | TAR_BIT(TAR_CARD(1, r)) | TAR_BIT(TAR_CARD(2, r)) | TAR_BIT(TAR_CARD(3, r)))
static tar_mask kind_cards(int kind)
{
    static const tar_mask cards[TAR_CRICCHE] = { TAR_BIT(TAR_AN) | TAR_BIT(TAR_WO) | TAR_WILDS, OF_EACH_SUIT(TAR_K),
                                                 OF_EACH_SUIT(TAR_Q), OF_EACH_SUIT(TAR_N), OF_EACH_SUIT(TAR_J) };
    return cards[kind];
}

int tar_cricca_kind(tar_mask m)
{
    int n = tar_count(m);
    if (n < 3 || n > 4) return -1;
    for (int k = 0; k < TAR_CRICCHE; k++)
        if ((m & ~kind_cards(k)) == 0) return k;
    return -1;
}

int tar_cricca_value(int kind, int n)
{
    static const int three[TAR_CRICCHE] = { 18, 17, 14, 13, 12 };
    if (n < 3) return 0;
    return n == 4 ? 2 * three[kind] : three[kind];
}

/* O15: the natural cards of a family: the grande; each suit's K Q N J and
 * Ace; the Moors; the Aces. */
#define SUIT_FAMILY(s) ((tar_mask)0x20f << (TAR_SUIT0 + 10 * (s)))
#define ACES ((((tar_mask)1 << 9) | ((tar_mask)1 << 19) | ((tar_mask)1 << 29) | ((tar_mask)1 << 39)) << TAR_SUIT0)
static const tar_mask naturals[TAR_FAMILIES] = { GRANDE, SUIT_FAMILY(0), SUIT_FAMILY(1), SUIT_FAMILY(2),
                                                 SUIT_FAMILY(3), TAR_MOORS, ACES };

static tar_mask family_naturals(int f)
{
    return naturals[f];
}

/* The cards one of which family f's every sequence holds (O15, O16): the
 * Angel, the suit's King; any Moor, any Ace. Without them no sequence. */
static tar_mask family_keys(int f)
{
    static const tar_mask keys[TAR_FAMILIES] = {
        TAR_BIT(TAR_AN),   TAR_BIT(TAR_CARD(0, TAR_K)), TAR_BIT(TAR_CARD(1, TAR_K)), TAR_BIT(TAR_CARD(2, TAR_K)),
        TAR_BIT(TAR_CARD(3, TAR_K)), TAR_MOORS, ACES,
    };
    return keys[f];
}

/* The small sets a cricca kind, a family or the wilds hold, counted in a
 * few operations where tar_count takes a dozen: the declarations and the
 * piles count them all the time. */

/* The cards of v, a set of bits 0..3: the sixteen counts are the 4-bit
 * digits of one constant. */
static inline int count4(unsigned v)
{
    return (int)(0x4332322132212110ull >> (4 * v) & 0xf);
}

/* The cards of m at bits 0, 10, 20 and 30 (one rank of each suit, m
 * shifted down to it): the product adds the four bits up at bit 30, every
 * other sum of it staying below bit 30 or from bit 40 up. */
static inline int count_each_suit(tar_mask m)
{
    return (int)(((m & (tar_mask)0x40100401) * (tar_mask)0x40100401) >> 30 & 7);
}

/* The cards of cricca kind k in `hand`. */
static int kind_count(tar_mask hand, int k)
{
    if (k == TAR_CRICCA_TAROCCHI)   /* AN WO at bits 0 1, BE MA moved to 2 3 */
        return count4((unsigned)(hand & 3) | (unsigned)(hand >> (TAR_BE - 2) & 0xc));
    return count_each_suit(hand >> TAR_CARD(0, TAR_K + k - TAR_CRICCA_KINGS));
}

/* The wild cards of m. */
static int wild_count(tar_mask m)
{
    return count4((unsigned)(m >> TAR_BE & 3));
}

/* The grande's top group (WO SU MO) in m. */
static int top_count(tar_mask m)
{
    return count4((unsigned)(m >> TAR_WO & 7));
}

/* The naturals of the Moors or of the Aces (family f) in m. */
static int small_family_count(int f, tar_mask m)
{
    return f == TAR_FAMILY_MOORS ? count4((unsigned)(m >> TAR_M1 & 0xf)) : count_each_suit(m >> TAR_CARD(0, TAR_ACE));
}

/* Suit s's K Q N J in m, as bits 0..3. */
static unsigned suit_courts_held(tar_mask m, int s)
{
    return (unsigned)(m >> TAR_CARD(s, TAR_K) & 0xf);
}

/* O16 from counts: a suit's sequence, of its King (king), t of its Q N J
 * and w wilds; a sequence of the Moors or the Aces, of n naturals and w
 * wilds. */
static int suit_valid(int king, int t, int w, const struct tar_rules *rules)
{
    return king && t >= 1 && t + w >= 2 && w <= rules->suit_wilds;
}

static int small_valid(int n, int w)
{
    return n >= 2 && n + w >= 3 && w <= 2;
}

/* O16: whether naturals `nat` of family f with w wild cards make a valid
 * sequence. */
static int valid_in(int f, tar_mask nat, int w, const struct tar_rules *rules)
{
    if (f == TAR_FAMILY_GRANDE) {
        int t = top_count(nat);
        if (!(nat & TAR_BIT(TAR_AN)) || t < 1 || t + w < 2) return 0;
        int r = w - (t == 1);               /* one wild is taken by the top group */
        tar_mask run = nat & RUN;
        if (!run) return 1;
        int low = 63 - __builtin_clzll(run);
        tar_mask missing = run_above(low) & ~run;
        return tar_count(missing) <= r && (missing & (missing >> 1)) == 0;   /* no two consecutive */
    }
    if (f == TAR_FAMILY_MOORS || f == TAR_FAMILY_ACES) return small_valid(small_family_count(f, nat), w);
    unsigned courts = suit_courts_held(nat, f - TAR_FAMILY_SWORDS);
    return suit_valid(courts & 1, count4(courts >> 1), w, rules);
}

int tar_sequence_family(tar_mask m, const struct tar_rules *rules)
{
    tar_mask nat = m & ~TAR_WILDS;
    int f = -1, w = wild_count(m);
    if (!nat) return -1;
    if (nat & GRANDE) f = TAR_FAMILY_GRANDE;
    else if (nat & TAR_MOORS) f = TAR_FAMILY_MOORS;
    else
        for (int s = 0; s < TAR_SUITS && f < 0; s++)
            if (nat & suit_courts(s, TAR_K, TAR_J)) f = TAR_FAMILY_SWORDS + s;
    if (f < 0) f = TAR_FAMILY_ACES;
    if (nat & ~family_naturals(f)) return -1;
    return valid_in(f, nat, w, rules) ? f : -1;
}

int tar_sequence_value(tar_mask m)
{
    return 5 * (tar_count(m) - 1);
}

int tar_doubled(int total, int count)
{
    return count >= 3 ? 2 * total : total;   /* O17 */
}

/* ---- the declarations a hand may make (O19, every sinking) ---- */

/* The list is walked by an emitter: each declaration is counted, and given
 * to fn when there is one. A block of declarations whose size is known
 * beforehand (skip_block) is only counted when nobody needs its members:
 * fn is NULL (counting), or the one declaration wanted (target) lies
 * beyond the block. */
struct emitter {
    int (*fn)(void *ctx, int klass, tar_mask cards);
    void *ctx;
    int count, stop;
    int target;                 /* the index wanted by fn, -1: every one */
    int runs[3];                /* grande_runs() sizes by spare wilds, -1: not yet known */
};

static void emit(struct emitter *e, int klass, tar_mask cards)
{
    if (e->stop) return;
    int index = e->count++;
    if (e->fn && (e->target < 0 || index == e->target) && e->fn(e->ctx, klass, cards)) e->stop = 1;
}

/* Whether a block of k declarations is passed over whole (then counted). */
static int skip_block(struct emitter *e, int k)
{
    if (e->stop) return 1;
    if (e->fn && (e->target < 0 || e->count + k > e->target)) return 0;
    e->count += k;
    return 1;
}

static void grande_runs(struct emitter *e, tar_mask base, tar_mask held, int r)
{
    emit(e, TAR_CLASS_SEQUENCE, base);
    for (int i = TAR_T16; i <= TAR_NUMBERED(5); i++) {
        if (!(held & TAR_BIT(i))) continue;
        tar_mask forced = run_above(i) & ~held;
        if (tar_count(forced) > r || (forced & (forced >> 1))) break;   /* lower runs only add gaps */
        tar_mask cand = run_above(i) & held;
        int spare = r - tar_count(forced);
        tar_mask span = run_above(i) | TAR_BIT(i);
        emit(e, TAR_CLASS_SEQUENCE, base | (span & ~forced));
        for (tar_mask a = cand; spare >= 1 && a; a &= a - 1) {
            tar_mask m1 = forced | (a & -a);
            if (!(m1 & (m1 >> 1))) emit(e, TAR_CLASS_SEQUENCE, base | (span & ~m1));
        }
        for (tar_mask a = cand; spare >= 2 && a; a &= a - 1)
            for (tar_mask b = a & (a - 1); b; b &= b - 1) {
                tar_mask m2 = forced | (a & -a) | (b & -b);
                if (!(m2 & (m2 >> 1))) emit(e, TAR_CLASS_SEQUENCE, base | (span & ~m2));
            }
    }
}

/* The wild sets a seat may add to a sequence, in list order (none, BE,
 * MA, both, those it may use), and how many of them have 0, 1 and 2
 * wilds. */
struct wilds {
    tar_mask sets[4];
    int n, of_size[3];
};

/* at_least[h][j]: the subsets of j or more of h cards (h <= 4). */
static const uint8_t at_least[5][5] = {
    { 1, 0, 0, 0, 0 }, { 2, 1, 0, 0, 0 }, { 4, 3, 1, 0, 0 }, { 8, 7, 4, 1, 0 }, { 16, 15, 11, 5, 1 },
};
static const uint8_t choose3[4][4] = { { 1 }, { 1, 1 }, { 1, 2, 1 }, { 1, 3, 3, 1 } };   /* C(n, k), n <= 3 */

/* The number of declarations family_declarations() lists for family f,
 * counted from the sizes of what is held and of the wild sets (valid_in()'s
 * rules are rules on sizes), so that a family before the one wanted is
 * passed over whole. */
static int family_count(struct emitter *e, int f, tar_mask held, const struct wilds *wi,
                        const struct tar_rules *rules)
{
    int n = 0;
    if (f == TAR_FAMILY_GRANDE) {   /* the Angel, 1 or more of WO SU MO, 2 or more of these with the wilds */
        if (!(held & TAR_BIT(TAR_AN))) return 0;
        int th = top_count(held);
        for (int t = 1; t <= th; t++)
            for (int w = 0; w <= 2; w++) {
                int r = w - (t == 1);
                if (t + w < 2 || !wi->of_size[w]) continue;
                if (e->runs[r] < 0) {   /* the runs depend only on the run cards held and r */
                    struct emitter c = { NULL, NULL, 0, 0, -1, { -1, -1, -1 } };
                    grande_runs(&c, 0, held & RUN, r);
                    e->runs[r] = c.count;
                }
                n += choose3[th][t] * wi->of_size[w] * e->runs[r];
            }
        return n;
    }
    if (f == TAR_FAMILY_MOORS || f == TAR_FAMILY_ACES) {   /* 2 or more naturals, 3 or more cards */
        int h = small_family_count(f, held);
        return at_least[h][3] + wi->of_size[1] * at_least[h][2] + wi->of_size[2] * at_least[h][2];
    }
    int s = f - TAR_FAMILY_SWORDS;
    unsigned courts = suit_courts_held(held, s);
    int th = count4(courts >> 1);
    if (!(courts & 1)) return 0;
    n = at_least[th][2];   /* the King, 1 or more of Q N J, 2 or more cards without the Ace */
    for (int w = 1; w <= 2 && w <= rules->suit_wilds; w++) n += wi->of_size[w] * at_least[th][1];
    return held & TAR_BIT(TAR_CARD(s, TAR_ACE)) ? 2 * n : n;
}

static void family_declarations(struct emitter *e, int f, tar_mask hand, const struct wilds *wi,
                                 const struct tar_rules *rules)
{
    const tar_mask *ws = wi->sets;
    tar_mask held = hand & family_naturals(f);
    int nw = wi->n;
    if (skip_block(e, family_count(e, f, held, wi, rules))) return;
    if (f == TAR_FAMILY_GRANDE) {
        if (!(held & TAR_BIT(TAR_AN))) return;
        tar_mask top = held & TOP_GROUP;
        for (tar_mask ts = top; ts; ts = (ts - 1) & top)   /* sizes vary; order fixed by the mask */
            for (int k = 0; k < nw; k++) {
                int t = top_count(ts), w = wild_count(ws[k]), r = w - (t == 1);
                if (t + w < 2) continue;
                if (!skip_block(e, e->runs[r])) grande_runs(e, TAR_BIT(TAR_AN) | ts | ws[k], held & RUN, r);
            }
        return;
    }
    if (f == TAR_FAMILY_MOORS || f == TAR_FAMILY_ACES) {
        tar_mask sub = 0;
        do {
            sub = (sub - held) & held;
            for (int k = 0; sub && k < nw; k++)
                if (valid_in(f, sub, wild_count(ws[k]), rules)) emit(e, TAR_CLASS_SEQUENCE, sub | ws[k]);
        } while (sub);
        return;
    }
    int s = f - TAR_FAMILY_SWORDS;
    tar_mask king = TAR_BIT(TAR_CARD(s, TAR_K)), ace = TAR_BIT(TAR_CARD(s, TAR_ACE));
    tar_mask top = held & suit_courts(s, TAR_Q, TAR_J);
    if (!(held & king)) return;
    for (tar_mask ts = top; ts; ts = (ts - 1) & top)
        for (int k = 0; k < nw; k++) {
            if (!valid_in(f, king | ts, wild_count(ws[k]), rules)) continue;
            emit(e, TAR_CLASS_SEQUENCE, king | ts | ws[k]);
            if (held & ace) emit(e, TAR_CLASS_SEQUENCE, king | ts | ws[k] | ace);
        }
}

/* The wild sets seat `seat` may still add to a sequence (O18). */
static const struct wilds *seat_wilds(const struct tar_deal *d, int seat)
{
    static const struct wilds by_wilds[4] = {   /* by the wilds it may use: bit 0 BE, bit 1 MA */
        { { 0 }, 1, { 1, 0, 0 } },
        { { 0, TAR_BIT(TAR_BE) }, 2, { 1, 1, 0 } },
        { { 0, TAR_BIT(TAR_MA) }, 2, { 1, 1, 0 } },
        { { 0, TAR_BIT(TAR_BE), TAR_BIT(TAR_MA), TAR_WILDS }, 4, { 1, 2, 1 } },
    };
    return &by_wilds[(d->hand[seat] & ~d->wilds_used[seat]) >> TAR_BE & 3];
}

/* Cricca kind k's block: the 3-card subsets of a 4-card cricca (the
 * highest card left out first), then all it holds. */
static void cricca_declarations(struct emitter *e, tar_mask hand, int k)
{
    tar_mask held = hand & kind_cards(k);
    int n = kind_count(held, k);
    if (n < 3 || skip_block(e, n == 4 ? 5 : 1)) return;
    for (tar_mask x = n == 4 ? held : 0; x; x &= ~TAR_BIT(63 - __builtin_clzll(x)))
        emit(e, TAR_CLASS_CRICCA, held & ~TAR_BIT(63 - __builtin_clzll(x)));
    emit(e, TAR_CLASS_CRICCA, held);
}

static void declarations(struct emitter *e, const struct tar_deal *d, int seat)
{
    tar_mask hand = d->hand[seat];
    for (int k = 0; k < TAR_CRICCHE && !e->stop; k++)
        if (!(d->cricche_done[seat] & (1u << k))) cricca_declarations(e, hand, k);
    const struct wilds *wi = seat_wilds(d, seat);
    for (int f = 0; f < TAR_FAMILIES && !e->stop; f++)
        if (!(d->families_done[seat] & (1u << f))) family_declarations(e, f, hand, wi, &d->rules);
}

int tar_declarations(const struct tar_deal *d, int seat, int (*fn)(void *ctx, int klass, tar_mask cards),
                     void *ctx)
{
    struct emitter e = { fn, ctx, 0, 0, -1, { -1, -1, -1 } };
    declarations(&e, d, seat);
    return e.count;
}

int tar_declaration_blocks(const struct tar_deal *d, int seat, int16_t sizes[TAR_BLOCKS])
{
    static const uint8_t cricca_size[5] = { 0, 0, 0, 1, 5 };   /* by cards held */
    struct emitter e = { NULL, NULL, 0, 0, -1, { -1, -1, -1 } };
    const struct wilds *wi = seat_wilds(d, seat);
    tar_mask hand = d->hand[seat];
    int total = 0;
    for (int k = 0; k < TAR_CRICCHE; k++) {
        sizes[k] = d->cricche_done[seat] & (1u << k) ? 0 : cricca_size[kind_count(hand, k)];
        total += sizes[k];
    }
    for (int f = 0; f < TAR_FAMILIES; f++) {
        int16_t n = 0;
        if (!(d->families_done[seat] & (1u << f)) && (hand & family_keys(f)))
            n = (int16_t)family_count(&e, f, hand & family_naturals(f), wi, &d->rules);
        sizes[TAR_CRICCHE + f] = n;
        total += n;
    }
    return total;
}

struct nth {
    int klass;
    tar_mask cards;
};

static int take(void *ctx, int klass, tar_mask cards)
{
    struct nth *x = ctx;
    x->klass = klass;
    x->cards = cards;
    return 1;
}

int tar_declaration_nth(const struct tar_deal *d, int seat, const int16_t sizes[TAR_BLOCKS], int n, int *klass,
                        tar_mask *cards)
{
    struct nth x = { 0, 0 };
    int b = 0, start = 0;
    assert(n >= 0);
    while (b < TAR_BLOCKS && n >= start + sizes[b]) start += sizes[b++];
    if (b == TAR_BLOCKS) return start;
    struct emitter e = { take, &x, start, 0, n, { -1, -1, -1 } };   /* the blocks before counted */
    if (b < TAR_CRICCHE) {
        cricca_declarations(&e, d->hand[seat], b);
    } else {
        family_declarations(&e, b - TAR_CRICCHE, d->hand[seat], seat_wilds(d, seat), &d->rules);
    }
    assert(e.stop);   /* the sizes were this state's */
    *klass = x.klass;
    *cards = x.cards;
    return n + 1;
}

/* ---- the best combinations of a pile (O29) ---- */

void tar_pile_cricche(tar_mask pile, int *total, int *count)
{
    *total = *count = 0;
    for (int k = 0; k < TAR_CRICCHE; k++) {
        int n = kind_count(pile, k);
        if (n < 3) continue;
        *total += tar_cricca_value(k, n);
        (*count)++;
    }
}

/* The size of the largest valid sequence of family f from the pile's
 * naturals and w wild cards (all of them used), for w = 0, 1, 2; 0 when
 * none. Only the number of wilds matters (O16 counts them). */
static void best_sizes(int f, tar_mask pile, const struct tar_rules *rules, int size[3])
{
    tar_mask held = pile & family_naturals(f);
    if (f == TAR_FAMILY_MOORS || f == TAR_FAMILY_ACES) {
        int n = small_family_count(f, held);
        for (int w = 0; w < 3; w++) size[w] = small_valid(n, w) ? n + w : 0;
        return;
    }
    if (f != TAR_FAMILY_GRANDE) {   /* a suit: valid_in() from the counts made once */
        int s = f - TAR_FAMILY_SWORDS;
        unsigned courts = suit_courts_held(held, s);
        int t = count4(courts >> 1), n = count4(courts) + (int)(held >> TAR_CARD(s, TAR_ACE) & 1);
        for (int w = 0; w < 3; w++) size[w] = suit_valid(courts & 1, t, w, rules) ? n + w : 0;
        return;
    }
    tar_mask head = held & (TAR_BIT(TAR_AN) | TOP_GROUP), run = held & RUN;
    int t = top_count(head), heads = t + (int)(head & TAR_BIT(TAR_AN));
    /* run[g]: the longest run down from T16 with at most g gaps, none two
     * consecutive, every gap above its lowest card filled by a wild (O16) */
    int runs[3] = { 0, 0, 0 }, n = 0, gaps = 0, gap_before = 0;
    for (int i = TAR_T16; i <= TAR_NUMBERED(5); i++) {
        if (run & TAR_BIT(i)) {
            n++;
            for (int g = gaps; g < 3; g++) runs[g] = n;
            gap_before = 0;
        } else {
            if (gap_before || ++gaps > 2) break;
            gap_before = 1;
        }
    }
    for (int w = 0; w < 3; w++) {
        int spare = w - (t == 1);   /* one wild is taken by the top group */
        size[w] = valid_in(f, head, w, rules) ? heads + w + runs[spare] : 0;
    }
}

/* O16-O18, O29: every way to give each wild to one family or none; the
 * way with the maximum total (before doubling, as O29 words it), among
 * equal totals the one O17 doubles. */
void tar_pile_sequences(tar_mask pile, const struct tar_rules *rules, int *total, int *count)
{
    int wilds = wild_count(pile);
    /* value[f][w]: family f's best sequence with w of the pile's wilds, 0
     * for none; every sequence has 3 or more cards (O16), so a value > 0
     * is one sequence made */
    int value[TAR_FAMILIES][3], base = 0, base_n = 0, best = -1;
    int takers[TAR_FAMILIES + 1] = { -1 }, n_takers = 1;
    *total = *count = 0;
    for (int f = 0; f < TAR_FAMILIES; f++) {
        int size[3] = { 0, 0, 0 }, gains = 0;   /* whether a wild changes anything here */
        if (pile & family_keys(f)) best_sizes(f, pile, rules, size);
        for (int w = 0; w <= wilds; w++) {
            value[f][w] = size[w] > 0 ? 5 * (size[w] - 1) : 0;
            gains |= value[f][w] != value[f][0];
        }
        base += value[f][0];
        base_n += value[f][0] > 0;
        if (gains) takers[n_takers++] = f;
    }
    /* be, ma: the family each wild goes to, -1 for none; only those
     * families change from the base (no wild anywhere). A wild given to a
     * family it changes nothing in is the same as none, a choice the loop
     * meets first: such families are left out. */
    for (int i = 0; i < n_takers; i++) {
        int be = takers[i];
        if (be >= 0 && !(pile & TAR_BIT(TAR_BE))) break;
        for (int j = 0; j < n_takers; j++) {
            int ma = takers[j];
            if (ma >= 0 && !(pile & TAR_BIT(TAR_MA))) break;
            int sum = base, n = base_n;
            if (be >= 0 && be == ma) {
                sum += value[be][2] - value[be][0];
                n += (value[be][2] > 0) - (value[be][0] > 0);
            } else {
                if (be >= 0) sum += value[be][1] - value[be][0], n += (value[be][1] > 0) - (value[be][0] > 0);
                if (ma >= 0) sum += value[ma][1] - value[ma][0], n += (value[ma][1] > 0) - (value[ma][0] > 0);
            }
            /* O29: the maximum total, then (equal totals) the most doubled */
            if (sum > *total || (sum == *total && tar_doubled(sum, n) > best)) {
                best = tar_doubled(sum, n);
                *total = sum;
                *count = n;
            }
        }
    }
}

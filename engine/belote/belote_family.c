/* belote_family.c - the rules the Belote family shares (belote_family.h):
 * the card tables of B2, the action notation's reading and writing, what
 * a meld is and how melds compare, every meld action a hand allows, the
 * trick-1 dialogue and how a view writes it, for Belote's forms and
 * Coinche alike. No state of either game: masks, cards and numbers in,
 * text into the caller's buffers.
 */
#include <string.h>
#include "engine/belote/belote_family.h"
#include "engine/rng.h"
#include "engine/text.h"

/* B2 (K2): by rank 7 8 9 T J Q K A. */
const uint8_t bel_trump_points[PQ_RANKS] = { 0, 0, 14, 10, 20, 3, 4, 11 };
const uint8_t bel_plain_points[PQ_RANKS] = { 0, 0, 0, 10, 2, 3, 4, 11 };
const uint8_t bel_trump_strength[PQ_RANKS] = { 0, 1, 6, 4, 7, 2, 3, 5 };   /* J 9 A T K Q 8 7 */
const uint8_t bel_plain_strength[PQ_RANKS] = { 0, 1, 2, 6, 3, 4, 5, 7 };   /* A T K Q J 9 8 7 */

/* ---- action text ---- */

int bel_fail(char *err, int cap, const char *a, const char *b, const char *c)
{
    struct pq_text t;
    pq_text_init(&t, err, cap);
    pq_text_str(&t, a);
    if (b) pq_text_str(&t, b);
    if (c) pq_text_str(&t, c);
    return -1;
}

const char *bel_tokens_word(struct bel_tokens *t)
{
    int wl = t->text_len < BEL_ACTION_TEXT ? t->text_len : BEL_ACTION_TEXT - 1;
    memcpy(t->word, t->text, (size_t)wl);
    t->word[wl] = '\0';
    for (int i = 0; t->printable && i < wl; i++)
        if ((unsigned char)t->word[i] < 32 || (unsigned char)t->word[i] > 126) t->word[i] = '?';
    return t->word;
}

int bel_tokens_read(struct bel_tokens *t, const char *text, int len, int max, int printable, char *err, int cap)
{
    if (len <= 0) return bel_fail(err, cap, "an empty action", NULL, NULL);
    t->text = text;
    t->text_len = len;
    t->printable = printable;
    t->n = 0;
    for (int i = 0; i < len;) {
        int j = i;
        while (j < len && text[j] != ' ') j++;
        if (j == i) return bel_fail(err, cap, "tokens are separated by single spaces", NULL, NULL);
        if (t->n == max) return bel_fail(err, cap, "too many tokens in '", bel_tokens_word(t), "'");
        t->at[t->n] = text + i;
        t->len[t->n++] = j - i;
        i = j + 1;
        if (j == len - 1) return bel_fail(err, cap, "tokens are separated by single spaces", NULL, NULL);
    }
    return 0;
}

int bel_parse_play(struct bel_tokens *t, uint8_t *card, uint8_t *suffix, char *err, int cap)
{
    int c = t->n >= 2 && t->len[1] == 2 ? pq_card_parse(t->at[1]) : -1;
    if (c < 0 || t->n > 3) return bel_fail(err, cap, "'", bel_tokens_word(t), "': play takes a card like AS and maybe belote or rebelote");
    *card = (uint8_t)c;
    if (t->n == 3) {
        if (bel_token_is(t, 2, "belote")) *suffix = BEL_SUFFIX_BELOTE;
        else if (bel_token_is(t, 2, "rebelote")) *suffix = BEL_SUFFIX_REBELOTE;
        else return bel_fail(err, cap, "'", bel_tokens_word(t), "': the word after the card is belote or rebelote");
    }
    return 0;
}

/* One meld token: cards like AS joined by commas, none twice. */
static int parse_meld(const char *p, int len, pq_mask *out, char *err, int cap)
{
    char tok[40];
    pq_mask m = 0;
    if (len >= (int)sizeof tok) len = (int)sizeof tok - 1;
    memcpy(tok, p, (size_t)len);
    tok[len] = '\0';
    for (int i = 0; i < len; i += 3) {
        int c = i + 2 <= len ? pq_card_parse(p + i) : -1;
        if (c < 0 || (i + 2 < len && p[i + 2] != ','))
            return bel_fail(err, cap, "meld '", tok, "': cards are written like AS and joined by commas");
        if (m & PQ_BIT(c)) return bel_fail(err, cap, "meld '", tok, "' names a card twice");
        m |= PQ_BIT(c);
        if (i + 2 == len - 1) return bel_fail(err, cap, "meld '", tok, "' ends with a comma");
    }
    *out = m;
    return 0;
}

int bel_parse_melds(struct bel_tokens *t, int max, pq_mask *melds, uint8_t *n, char *err, int cap)
{
    if (t->n - 1 > max) return bel_fail(err, cap, "'", bel_tokens_word(t), "': too many melds");
    for (int k = 1; k < t->n; k++)
        if (parse_meld(t->at[k], t->len[k], &melds[(*n)++], err, cap) < 0) return -1;
    return 0;
}

int bel_put(char *buf, int cap, const char *a, const char *b, const char *c)
{
    const char *parts[3] = { a, b, c };
    int len = 0;
    for (int i = 0; i < 3; i++)
        for (const char *p = parts[i]; p && *p; p++) {
            if (len + 1 >= cap) {
                if (cap > 0) buf[len] = '\0';
                return -1;
            }
            buf[len++] = *p;
        }
    if (cap > 0) buf[len] = '\0';
    return len;
}

int bel_put_play(char *buf, int cap, int card, int suffix)
{
    static const char ranks[] = "789TJQKA", suits[] = "SHDC";
    char text[8] = "play ";
    text[5] = ranks[PQ_RANK(card)];
    text[6] = suits[PQ_SUIT(card)];
    text[7] = '\0';
    if (cap < 17) {
        const char *word = suffix == BEL_SUFFIX_BELOTE ? " belote" : suffix == BEL_SUFFIX_REBELOTE ? " rebelote" : "";
        return bel_put(buf, cap, text, word, NULL);
    }
    /* the hot path (every decision lists its plays): room for the longest,
     * copies of known sizes */
    memcpy(buf, text, 8);
    if (suffix == BEL_SUFFIX_BELOTE) {
        memcpy(buf + 7, " belote", 8);
        return 14;
    }
    if (suffix == BEL_SUFFIX_REBELOTE) {
        memcpy(buf + 7, " rebelote", 10);
        return 16;
    }
    return 7;
}

/* ---- melds ---- */

int bel_meld_is_carre(pq_mask meld)
{
    int r = PQ_RANK(pq_mask_first(meld));
    pq_mask four = PQ_BIT(PQ_CARD(0, r)) | PQ_BIT(PQ_CARD(1, r)) | PQ_BIT(PQ_CARD(2, r)) | PQ_BIT(PQ_CARD(3, r));
    return meld == four;
}

static int is_sequence(pq_mask meld)
{
    int low = pq_mask_first(meld), n = pq_mask_count(meld);
    if (n < 3 || PQ_SUIT(low) != PQ_SUIT(31 - __builtin_clz(meld))) return 0;
    return (meld >> low) == ((1u << n) - 1);
}

/* B17: class first (20 < 50 < 100 < 150 < 200); within 100 a carré beats
 * a sequence, carrés A > T > K > Q; sequences by length then top card. */
int bel_meld_key(pq_mask meld)
{
    if (!meld) return 0;
    if (bel_meld_is_carre(meld)) {
        int r = PQ_RANK(pq_mask_first(meld));
        static const int carre_key[PQ_RANKS] = { 0, 0, 4500, 3502, 5500, 3500, 3501, 3503 };
        return carre_key[r];
    }
    if (!is_sequence(meld)) return 0;
    int n = pq_mask_count(meld), top = PQ_RANK(31 - __builtin_clz(meld));
    int cls = n == 3 ? 1 : n == 4 ? 2 : 3;
    return cls * 1000 + n * 10 + top;
}

int bel_meld_value(pq_mask meld)
{
    static const int value[] = { 0, 20, 50, 100, 150, 200 };
    return value[bel_meld_key(meld) / 1000];
}

int bel_meld_format(pq_mask meld, char *buf)
{
    int len = 0;
    if (bel_meld_is_carre(meld)) {
        for (int s = 0; s < PQ_SUITS; s++) {
            int c = PQ_CARD(s, PQ_RANK(pq_mask_first(meld)));
            if (len) buf[len++] = ',';
            pq_card_format(c, buf + len);
            len += 2;
        }
    } else {
        for (int c = 31; c >= 0; c--) {
            if (!(meld & PQ_BIT(c))) continue;
            if (len) buf[len++] = ',';
            pq_card_format(c, buf + len);
            len += 2;
        }
    }
    buf[len] = '\0';
    return len;
}

int bel_meld_action_format(const pq_mask *melds, int n, char *buf, int cap)
{
    char texts[BEL_ACTION_MELDS][32];
    int order[BEL_ACTION_MELDS];
    struct pq_text t;
    for (int i = 0; i < n; i++) {
        bel_meld_format(melds[i], texts[i]);
        order[i] = i;
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strcmp(texts[order[j - 1]], texts[order[j]]) > 0; j--) {
            int k = order[j];
            order[j] = order[j - 1];
            order[j - 1] = k;
        }
    pq_text_init(&t, buf, cap);
    pq_text_str(&t, "meld");
    for (int i = 0; i < n; i++) {
        pq_text_str(&t, " ");
        pq_text_str(&t, texts[order[i]]);
    }
    return t.len < cap ? t.len : -1;
}

int bel_meld_beats_by(pq_mask a, pq_mask b, int tie_trump)
{
    int ka = bel_meld_key(a), kb = bel_meld_key(b);
    if (ka != kb) return ka > kb;
    if (tie_trump >= 0) {
        pq_mask tm = PQ_SUIT_MASK(tie_trump);
        int ta = !bel_meld_is_carre(a) && (a & tm), tb = !bel_meld_is_carre(b) && (b & tm);
        return ta && !tb;
    }
    return 0;
}

/* Every meld a hand could name: carrés, then every run of 3+ cards. */
static int candidates(pq_mask h, pq_mask no_seq, pq_mask no_carre, pq_mask *out)
{
    int n = 0;
    for (int r = PQ_RANK_9; r <= PQ_RANK_A; r++) {
        pq_mask four = (pq_mask)0x01010101u << r;
        if ((h & four) == four && !(four & no_carre)) out[n++] = four;
    }
    pq_mask free_seq = h & ~no_seq;
    for (int s = 0; s < PQ_SUITS; s++) {
        unsigned bits = (free_seq >> (s * 8)) & 0xffu;
        if (!(bits & (bits >> 1) & (bits >> 2))) continue;     /* no three in a row */
        for (int lo = 0; lo < 6; lo++)
            for (int len = 3; lo + len <= 8; len++) {
                unsigned run = ((1u << len) - 1) << lo;
                if ((bits & run) != run) break;
                out[n++] = (pq_mask)run << (s * 8);
            }
    }
    return n;
}

struct meld_walk {
    const pq_mask *cand;
    int n_cand, max_melds;
    pq_mask chosen[BEL_ACTION_MELDS];
    int n_chosen;
    char (*texts)[BEL_ACTION_TEXT];
    int count, max;
};

/* Every subset of the candidates whose sequences are pairwise disjoint. */
static void walk(struct meld_walk *w, int i, pq_mask seq_used)
{
    if (i == w->n_cand) {
        if (w->count < w->max) bel_meld_action_format(w->chosen, w->n_chosen, w->texts[w->count], BEL_ACTION_TEXT);
        w->count++;
        return;
    }
    walk(w, i + 1, seq_used);
    pq_mask m = w->cand[i];
    int carre = bel_meld_is_carre(m);
    if ((!carre && (m & seq_used)) || w->n_chosen == w->max_melds) return;
    w->chosen[w->n_chosen++] = m;
    walk(w, i + 1, carre ? seq_used : seq_used | m);
    w->n_chosen--;
}

/* Whether `h` holds any meld at all: a carré of 9s up, or three in a row
 * inside one suit (bits that do not cross a suit's byte). The hot path:
 * most hands have none. */
static int any_meld(pq_mask h)
{
    for (int r = PQ_RANK_9; r <= PQ_RANK_A; r++)
        if (((h >> r) & 0x01010101u) == 0x01010101u) return 1;
    return (h & (h >> 1) & (h >> 2) & 0x3f3f3f3fu) != 0;
}

int bel_meld_list(pq_mask hand, pq_mask no_seq, pq_mask no_carre, int max_melds,
                  char (*texts)[BEL_ACTION_TEXT], int max)
{
    pq_mask cand[96];       /* 6 carrés and 21 runs a suit at most */
    int n = any_meld(hand) ? candidates(hand, no_seq, no_carre, cand) : 0;
    if (n == 0) {
        if (max > 0) strcpy(texts[0], "meld");
        return 1;
    }
    struct meld_walk w = { cand, n, max_melds, { 0 }, 0, texts, 0, max };
    walk(&w, 0, 0);
    int count = w.count < max ? w.count : max;
    for (int i = 1; i < count; i++) {       /* insertion sort: lists are short */
        char tmp[BEL_ACTION_TEXT];
        int j = i;
        memcpy(tmp, texts[i], BEL_ACTION_TEXT);
        while (j > 0 && strcmp(texts[j - 1], tmp) > 0) {
            memcpy(texts[j], texts[j - 1], BEL_ACTION_TEXT);
            j--;
        }
        memcpy(texts[j], tmp, BEL_ACTION_TEXT);
    }
    return count;
}

int bel_meld_fault(pq_mask hand, pq_mask no_seq, pq_mask no_carre, const pq_mask *melds, int n, int *at)
{
    pq_mask seq_used = 0;
    for (int i = 0; i < n; i++) {
        pq_mask m = melds[i];
        *at = i;
        if (!bel_meld_key(m)) return BEL_MELD_NOT_A_MELD;
        if ((m & hand) != m) return BEL_MELD_NOT_HELD;
        for (int j = 0; j < i; j++)
            if (melds[j] == m) return BEL_MELD_TWICE;
        if (bel_meld_is_carre(m)) {
            if (m & no_carre) return BEL_MELD_CARRE_CLAIMED;
        } else {
            if (m & seq_used) return BEL_MELD_SEQUENCES_SHARE;
            if (m & no_seq) return BEL_MELD_SEQUENCE_CLAIMED;
            seq_used |= m;
        }
    }
    return BEL_MELD_OK;
}

pq_mask bel_meld_best(const pq_mask *melds, int n, int tie_trump)
{
    pq_mask call = 0;
    for (int i = 0; i < n; i++)
        if (!call || bel_meld_beats_by(melds[i], call, tie_trump)) call = melds[i];
    return call;
}

int bel_meld_say(pq_mask call, int seat, pq_mask *calls, int8_t *holder, uint8_t *asked, int tie_trump)
{
    int h = *holder;
    calls[seat] = call;
    *asked = BEL_NOBODY;
    if (!call) return h < 0 ? BEL_SAY_PASS : BEL_SAY_GOOD;
    if (h < 0 || bel_meld_key(call) / 1000 > bel_meld_key(calls[h]) / 1000) {     /* a higher class */
        *holder = (int8_t)seat;
        return BEL_SAY_CLASS;
    }
    if (bel_meld_key(call) / 1000 < bel_meld_key(calls[h]) / 1000) return BEL_SAY_GOOD;
    *asked = (uint8_t)h;    /* "How high?" */
    if (!bel_meld_beats_by(call, calls[h], tie_trump)) return BEL_SAY_GOOD;
    *holder = (int8_t)seat;
    return BEL_SAY_NOT_GOOD;
}

int bel_meld_tells(pq_mask meld, const struct bel_told *told)
{
    int key = bel_meld_key(meld);
    if (!key) return 0;
    if (told->key) return key == told->key;
    if (key / 1000 != told->cls) return 0;
    return !told->under || !bel_meld_beats_by(meld, told->under, told->tie_trump);
}

pq_mask bel_meld_telling(pq_mask hand, const struct bel_told *told, pq_mask prefer)
{
    pq_mask best = 0;
    if (prefer && (hand & prefer) == prefer && bel_meld_tells(prefer, told)) return prefer;
    for (int r = 0; r < PQ_RANKS; r++) {   /* carrés */
        pq_mask m = 0;
        for (int s = 0; s < PQ_SUITS; s++) m |= PQ_BIT(PQ_CARD(s, r));
        if ((hand & m) == m && bel_meld_tells(m, told) && bel_meld_key(m) > bel_meld_key(best)) best = m;
    }
    for (int s = 0; s < PQ_SUITS; s++)     /* sequences: runs of bits in a suit's byte */
        for (int low = 0; low + 3 <= PQ_RANKS; low++)
            for (int len = 3; low + len <= PQ_RANKS; len++) {
                pq_mask m = (pq_mask)((1u << len) - 1) << (PQ_CARD(s, low));
                if ((hand & m) != m) break;
                if (bel_meld_tells(m, told) && bel_meld_key(m) > bel_meld_key(best)) best = m;
            }
    return best;
}

void bel_told_add(struct bel_told *told, const pq_mask *calls, int seat, int say, int asked, int tie_trump)
{
    told[seat].tie_trump = tie_trump;
    if (say == BEL_SAY_CLASS) told[seat].cls = bel_meld_key(calls[seat]) / 1000;
    if (asked == BEL_NOBODY) return;
    told[asked].key = bel_meld_key(calls[asked]);   /* "How high?": the holder's detail */
    told[seat].cls = told[asked].cls;
    if (say == BEL_SAY_NOT_GOOD) told[seat].key = bel_meld_key(calls[seat]);
    else told[seat].under = calls[asked];
}

int bel_told_finish(struct bel_told *told, const pq_mask *calls, int n, int v, int tie_trump)
{
    int count = 0;
    for (int s = 0; s < n; s++) {
        for (int q = 0; q < n && tie_trump >= 0 && told[s].key; q++)
            if (q != s && bel_meld_key(calls[q]) == told[s].key) told[s].key = 0;
        if (s == v) told[s].cls = told[s].key = 0, told[s].under = 0;
        count += told[s].cls > 0;
    }
    return count;
}

void bel_told_calls(const struct bel_told *told, const pq_mask *held, int n, pq_mask *calls, pq_mask *pool,
                    const uint8_t *pool_seat, int n_pool)
{
    for (int s = 0; s < n; s++) {
        pq_mask was = calls[s], call = told[s].cls ? bel_meld_telling(held[s], &told[s], was) : 0;
        if (!call || call == was) continue;
        for (int i = 0; i < n_pool; i++)
            if (pool_seat[i] == s && pool[i] == was) pool[i] = call;
        calls[s] = call;
    }
}

/* ---- the pack ---- */

int bel_deck_read(const char *text, int started, uint8_t deck[32], char *err, int cap)
{
    if (pq_deck_parse(text, deck, err, cap) < 0) return -1;
    if (started) return bel_fail(err, cap, "the pack of a deal is set before its first action", NULL, NULL);
    return 0;
}

int bel_deck_write(const uint8_t deck[32], char *buf, int cap)
{
    char text[96];
    struct pq_text t;
    pq_deck_format(deck, text);
    pq_text_init(&t, buf, cap);
    pq_text_str(&t, text);
    return t.len;
}

/* ---- equivalent plays ---- */

/* The ranks of a suit from its highest card down, in the trump order and
 * in a plain suit's (B2, the inverse of the strength tables). */
static const uint8_t trump_order[PQ_RANKS] = { PQ_RANK_J, PQ_RANK_9, PQ_RANK_A, PQ_RANK_T,
                                               PQ_RANK_K, PQ_RANK_Q, PQ_RANK_8, PQ_RANK_7 };
static const uint8_t plain_order[PQ_RANKS] = { PQ_RANK_A, PQ_RANK_T, PQ_RANK_K, PQ_RANK_Q,
                                               PQ_RANK_J, PQ_RANK_9, PQ_RANK_8, PQ_RANK_7 };

/* The King and Queen of each suit of `suits`. */
static pq_mask kings_and_queens(unsigned suits)
{
    pq_mask kq = 0;
    for (int suit = 0; suit < PQ_SUITS; suit++)
        if (suits & (1u << suit)) kq |= PQ_BIT(PQ_CARD(suit, PQ_RANK_K)) | PQ_BIT(PQ_CARD(suit, PQ_RANK_Q));
    return kq;
}

/* The index of the plain play of card c (legal) in the list of plays:
 * the legal cards below it, and the words some of them carry. */
static int play_index(pq_mask legal, pq_mask hand, struct bel_belote b, pq_mask kq, int c)
{
    pq_mask below = legal & (PQ_BIT(c) - 1);
    int k = pq_mask_count(below);
    for (pq_mask m = below & kq; m; m &= m - 1) k += bel_suffixes(pq_mask_first(m), hand, b) != 0;
    return k;
}

int bel_play_classes(pq_mask legal, pq_mask hand, struct bel_belote b, pq_mask in_play, pq_mask role,
                     unsigned trump_suits, const uint8_t *const points[PQ_SUITS], uint8_t *out, int n)
{
    if (bel_plays_count(legal, hand, b) != n) return -1;
    for (int i = 0; i < n; i++) out[i] = (uint8_t)i;
    /* the King and Queen of the belote suits have a word of their own */
    pq_mask kq = kings_and_queens(b.suits), free_cards = legal & ~role & ~kq;
    in_play |= legal;
    for (int suit = 0; suit < PQ_SUITS; suit++) {
        /* the common case: no two free cards of the suit of equal points */
        unsigned seen = 0, twice = 0;
        for (pq_mask m = free_cards & PQ_SUIT_MASK(suit); m; m &= m - 1) {
            unsigned bit = 1u << (points[suit][PQ_RANK(pq_mask_first(m))] & 31);
            twice |= seen & bit;
            seen |= bit;
        }
        if (!twice) continue;
        const uint8_t *order = trump_suits & (1u << suit) ? trump_order : plain_order;
        /* runs of free cards of equal points, down the trick order; any
         * other card still in play ends a run */
        uint8_t run[PQ_RANKS];
        int len = 0, run_points = -1;
        for (int i = 0; i <= PQ_RANKS; i++) {
            int c = i < PQ_RANKS ? PQ_CARD(suit, order[i]) : -1;
            if (c >= 0 && !(in_play & PQ_BIT(c))) continue;     /* played: nothing between */
            int joins = c >= 0 && (free_cards & PQ_BIT(c)) && len > 0 && points[suit][PQ_RANK(c)] == run_points;
            if (joins) {
                run[len++] = (uint8_t)c;
                continue;
            }
            if (len > 1) {
                /* the run's plays in the list: its lowest card's is the
                 * first (the list is in card order) */
                int at[PQ_RANKS], first = n;
                for (int j = 0; j < len; j++) {
                    at[j] = play_index(legal, hand, b, kq, run[j]);
                    if (at[j] < first) first = at[j];
                }
                for (int j = 0; j < len; j++) out[at[j]] = (uint8_t)first;
            }
            len = 0;
            if (c >= 0 && (free_cards & PQ_BIT(c))) {
                run[len++] = (uint8_t)c;
                run_points = points[suit][PQ_RANK(c)];
            }
        }
    }
    return 0;
}

/* ---- sampling ---- */

static int may_take(const int8_t *slot_seat, const pq_mask *forbid, int slot, int card)
{
    return slot_seat[slot] < 0 || !(forbid[slot_seat[slot]] & PQ_BIT(card));
}

static int constrained_fill(const int8_t *slot_seat, int n, const pq_mask *forbid, const uint8_t *pool, uint8_t *out,
                            struct pq_rng *rng)
{
    for (int attempt = 0; attempt < 200; attempt++) {
        uint8_t cards[32];
        int taken[32] = { 0 }, ok = 1;
        memcpy(cards, pool, (size_t)n);
        pq_rng_shuffle(rng, cards, n);
        for (int i = 0; i < n && ok; i++) {
            int options[32], k = 0;
            for (int j = 0; j < n; j++)
                if (!taken[j] && may_take(slot_seat, forbid, j, cards[i])) options[k++] = j;
            if (!k) {
                ok = 0;
                break;
            }
            int j = options[pq_rng_below(rng, (uint32_t)k)];
            taken[j] = 1;
            out[j] = cards[i];
        }
        if (ok) return 0;
    }
    return -1;
}

/* One try of the rejection: 1 when every slot may take its card. */
static int redeal_once(const int8_t *slot_seat, int n, const pq_mask *forbid, const uint8_t *pool, uint8_t *cards,
                       struct pq_rng *rng)
{
    memcpy(cards, pool, (size_t)n);
    pq_rng_shuffle(rng, cards, n);
    for (int i = 0; i < n; i++)
        if (!may_take(slot_seat, forbid, i, cards[i])) return 0;
    return 1;
}

void bel_redeal(const int8_t *slot_seat, int n, const pq_mask *forbid, const uint8_t *pool, uint8_t *cards,
                struct pq_rng *rng)
{
    int placed = 0;
    for (int tries = 0; tries < 4000 && !placed; tries++) placed = redeal_once(slot_seat, n, forbid, pool, cards, rng);
    if (!placed && constrained_fill(slot_seat, n, forbid, pool, cards, rng) < 0) memcpy(cards, pool, (size_t)n);
}

void bel_redeal_telling(const int8_t *slot_seat, int n, const pq_mask *forbid, const uint8_t *pool, uint8_t *cards,
                        struct pq_rng *rng, const struct bel_told *told, const pq_mask *held, int seats)
{
    for (int tries = 0; tries < 4000; tries++) {
        if (!redeal_once(slot_seat, n, forbid, pool, cards, rng)) continue;
        pq_mask hand[4];
        int fits = 1;
        for (int s = 0; s < seats; s++) hand[s] = held[s];
        for (int i = 0; i < n; i++)
            if (slot_seat[i] >= 0) hand[slot_seat[i]] |= PQ_BIT(cards[i]);
        for (int s = 0; s < seats && fits; s++) fits = !told[s].cls || bel_meld_telling(hand[s], &told[s], 0) != 0;
        if (fits) return;
    }
    bel_redeal(slot_seat, n, forbid, pool, cards, rng);
}

/* ---- reports ---- */

void bel_write_card(const struct pq_writer *w, const char *key, int card)
{
    char text[3];
    if (card == 0xff || card < 0) {
        w->string(w->ctx, key, NULL);
        return;
    }
    pq_card_format(card, text);
    w->string(w->ctx, key, text);
}

void bel_write_trick(const struct pq_writer *w, int leader, const uint8_t *played, int n_played,
                     const uint8_t *tricks_won, int n)
{
    pq_writer_begin(w, "trick", 0);
    pq_writer_int(w, "leader", leader);
    pq_writer_begin(w, "cards", 1);
    for (int i = 0; i < n_played; i++) bel_write_card(w, NULL, played[i]);
    pq_writer_end(w);
    pq_writer_end(w);
    pq_writer_begin(w, "tricks_won", 1);
    for (int s = 0; s < n; s++) pq_writer_int(w, NULL, tricks_won[s]);
    pq_writer_end(w);
}

static const char *class_name(pq_mask call)
{
    static const char *const names[] = { "", "tierce", "cinquante", "cent", "150", "200" };
    return names[bel_meld_key(call) / 1000];
}

static void write_call(const struct pq_writer *w, const char *key, int seat, pq_mask call)
{
    static const char ranks[] = "789TJQKA";
    char top[2] = { 0, 0 };
    w->begin(w->ctx, key, 0);
    w->integer(w->ctx, "seat", seat);
    if (bel_meld_is_carre(call)) {
        top[0] = ranks[PQ_RANK(pq_mask_first(call))];
        w->string(w->ctx, "carre", top);
    } else {
        top[0] = ranks[PQ_RANK(31 - __builtin_clz(call))];
        w->integer(w->ctx, "length", pq_mask_count(call));
        w->string(w->ctx, "top", top);
    }
    w->end(w->ctx);
}

void bel_write_say(const struct pq_writer *w, int seat, int say, int asked, const pq_mask *calls)
{
    static const char *const says[] = { "pass", "", "good", "not good" };
    w->string(w->ctx, "say", say == BEL_SAY_CLASS ? class_name(calls[seat]) : says[say]);
    if (asked == BEL_NOBODY) return;
    write_call(w, "asked", asked, calls[asked]);
    if (say == BEL_SAY_NOT_GOOD) write_call(w, "call", seat, calls[seat]);
}

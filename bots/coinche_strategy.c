/* coinche_strategy.c - bot-greedy's Coinche heuristic (coinche_strategy.h
 * says what it does). Card strength and points follow RULES-coinche.md
 * K2-K3 (the default tables); the view is read as engine/coinche/coinche.h
 * documents it.
 */
#include <stdlib.h>
#include <string.h>
#include "bots/coinche_strategy.h"

enum { NT = 4, AT = 5 };

static const char *const den_words[6] = { "S", "H", "D", "C", "NT", "AT" };
/* K2, K3 by rank 7 8 9 T J Q K A: trick order and points. */
static const int trump_strength[8] = { 0, 1, 6, 4, 7, 2, 3, 5 };
static const int plain_strength[8] = { 0, 1, 2, 6, 3, 4, 5, 7 };
static const int trump_points[8] = { 0, 0, 14, 10, 20, 3, 4, 11 };
static const int plain_points[8] = { 0, 0, 0, 10, 2, 3, 4, 11 };

static int is_trumpish(int card, int den)
{
    return den == AT || PQ_SUIT(card) == den;
}

static int strength(int card, int den)
{
    return is_trumpish(card, den) ? trump_strength[PQ_RANK(card)] : plain_strength[PQ_RANK(card)];
}

static int points(int card, int den)
{
    return is_trumpish(card, den) ? trump_points[PQ_RANK(card)] : plain_points[PQ_RANK(card)];
}

/* K22: whether card beats best in a trick. */
static int beats(int card, int best, int den)
{
    if (PQ_SUIT(card) == PQ_SUIT(best)) return strength(card, den) > strength(best, den);
    return den < NT && PQ_SUIT(card) == den;
}

int coinche_strategy_estimate(pq_mask hand, int den)
{
    int value = 0;
    if (den == NT || den == AT) {
        for (int s = 0; s < 4; s++) {
            pq_mask suit = hand & PQ_SUIT_MASK(s);
            int top = PQ_CARD(s, den == NT ? PQ_RANK_A : PQ_RANK_J), next = PQ_CARD(s, den == NT ? PQ_RANK_T : PQ_RANK_9);
            if (suit & PQ_BIT(top)) value += 25 + ((suit & PQ_BIT(next)) ? 15 : 0) + 3 * pq_mask_count(suit);
        }
        return value;
    }
    pq_mask trumps = hand & PQ_SUIT_MASK(den);
    int n = pq_mask_count(trumps);
    if (trumps & PQ_BIT(PQ_CARD(den, PQ_RANK_J))) value += 30;
    if (trumps & PQ_BIT(PQ_CARD(den, PQ_RANK_9))) value += n >= 3 || (trumps & PQ_BIT(PQ_CARD(den, PQ_RANK_J))) ? 20 : 8;
    if (trumps & PQ_BIT(PQ_CARD(den, PQ_RANK_A))) value += 10;
    value += 10 + 10 * n;
    if ((trumps & PQ_BIT(PQ_CARD(den, PQ_RANK_K))) && (trumps & PQ_BIT(PQ_CARD(den, PQ_RANK_Q)))) value += 20;
    for (int s = 0; s < 4; s++) {
        if (s == den) continue;
        pq_mask suit = hand & PQ_SUIT_MASK(s);
        if (suit & PQ_BIT(PQ_CARD(s, PQ_RANK_A))) value += 12 + ((suit & PQ_BIT(PQ_CARD(s, PQ_RANK_T))) ? 8 : 0);
        else if (!suit && n >= 3) value += 6;   /* a void to ruff */
    }
    return value;
}

/* ---- reading the view ---- */

static int fail(char *err, size_t cap, const char *why)
{
    if (cap) {
        strncpy(err, why, cap - 1);
        err[cap - 1] = '\0';
    }
    return -1;
}

static int den_of(const char *word)
{
    for (int d = 0; d < 6; d++)
        if (!strcmp(word, den_words[d])) return d;
    return -1;
}

static int bid_value(const char *word)
{
    return !strcmp(word, "capot") ? 250 : !strcmp(word, "generale") ? 500 : atoi(word);
}

int coinche_strategy_read(struct coinche_strategy *self, const cJSON *view, char *err, size_t cap)
{
    const cJSON *seat = cJSON_GetObjectItem(view, "seat"), *hand = cJSON_GetObjectItem(view, "hand");
    const cJSON *history = cJSON_GetObjectItem(view, "history"), *trick = cJSON_GetObjectItem(view, "trick");
    const cJSON *contract = cJSON_GetObjectItem(view, "contract"), *item;
    memset(self, 0, sizeof *self);
    if (!cJSON_IsNumber(seat) || !cJSON_IsArray(hand) || !cJSON_IsArray(history) || !cJSON_IsObject(trick))
        return fail(err, cap, "not a coinche view: seat, hand, history and trick are needed");
    self->seat = seat->valueint;
    self->den = self->taker = -1;
    cJSON_ArrayForEach(item, hand) {
        int c = cJSON_IsString(item) ? pq_card_parse(item->valuestring) : -1;
        if (c < 0) return fail(err, cap, "a card of the hand is not a card");
        self->hand |= PQ_BIT(c);
    }
    if (cJSON_IsObject(contract)) {
        const cJSON *taker = cJSON_GetObjectItem(contract, "taker"), *value = cJSON_GetObjectItem(contract, "value");
        const cJSON *den = cJSON_GetObjectItem(contract, "denomination"), *co = cJSON_GetObjectItem(contract, "coinche");
        if (!cJSON_IsNumber(taker) || !cJSON_IsNumber(value) || !cJSON_IsString(den) || !cJSON_IsNumber(co))
            return fail(err, cap, "the contract needs taker, value, denomination and coinche");
        self->taker = taker->valueint;
        self->value = value->valueint;
        self->den = den_of(den->valuestring);
        self->coinche = co->valueint;
    }
    int plays = 0, led = -1;
    cJSON_ArrayForEach(item, history) {
        const cJSON *s = cJSON_GetObjectItem(item, "seat"), *a = cJSON_GetObjectItem(item, "action");
        if (!cJSON_IsNumber(s) || !cJSON_IsString(a) || s->valueint < 0 || s->valueint > 3)
            return fail(err, cap, "a history entry needs seat and action");
        const char *text = a->valuestring;
        if (!strncmp(text, "bid ", 4)) {
            const char *sp = strchr(text + 4, ' ');
            if (!sp) continue;
            char word[16];
            size_t len = (size_t)(sp - text - 4) < sizeof word - 1 ? (size_t)(sp - text - 4) : sizeof word - 1;
            memcpy(word, text + 4, len);
            word[len] = '\0';
            self->bid_value[s->valueint] = bid_value(word);
            self->bid_den[s->valueint] = den_of(sp + 1);
        } else if (!strncmp(text, "play ", 5)) {
            int c = pq_card_parse(text + 5);
            if (c < 0) continue;
            self->played |= PQ_BIT(c);
            if (plays % 4 == 0) led = PQ_SUIT(c);
            else if (PQ_SUIT(c) != led) self->void_of[s->valueint] |= 1 << led;
            plays++;
        }
    }
    const cJSON *leader = cJSON_GetObjectItem(trick, "leader"), *cards = cJSON_GetObjectItem(trick, "cards");
    if (!cJSON_IsNumber(leader) || !cJSON_IsArray(cards)) return fail(err, cap, "the trick needs leader and cards");
    self->leader = leader->valueint;
    cJSON_ArrayForEach(item, cards) {
        int c = cJSON_IsString(item) ? pq_card_parse(item->valuestring) : -1;
        if (c < 0 || self->n_trick >= 4) return fail(err, cap, "a card of the trick is not a card");
        self->trick[self->n_trick++] = c;
    }
    return 0;
}

/* ---- deciding ---- */

static int find(const char *const *legal, int n, const char *text)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(legal[i], text)) return i;
    return -1;
}

/* The cards nobody has shown: not played, not in the seat's hand. */
static pq_mask unseen(const struct coinche_strategy *s)
{
    return ~(s->played | s->hand);
}

/* Whether card c cannot be beaten in its suit by any unseen card. */
static int master(const struct coinche_strategy *s, int c)
{
    pq_mask rest = unseen(s) & PQ_SUIT_MASK(PQ_SUIT(c));
    for (; rest; rest &= rest - 1)
        if (strength(pq_mask_first(rest), s->den) > strength(c, s->den)) return 0;
    return 1;
}

/* Whether a hand takes every trick in suit contract `den`: it holds its
 * trumps from the top without a gap, five at least, and nothing but Aces
 * beside them. */
static int sure_capot(pq_mask hand, int den)
{
    static const int top_down[8] = { PQ_RANK_J, PQ_RANK_9, PQ_RANK_A, PQ_RANK_T, PQ_RANK_K, PQ_RANK_Q, PQ_RANK_8,
                                      PQ_RANK_7 };
    pq_mask trumps = hand & PQ_SUIT_MASK(den), side = hand & ~PQ_SUIT_MASK(den);
    int n = pq_mask_count(trumps), run = 0;
    while (run < 8 && (trumps & PQ_BIT(PQ_CARD(den, top_down[run])))) run++;
    for (; side; side &= side - 1)
        if (PQ_RANK(pq_mask_first(side)) != PQ_RANK_A) return 0;
    return n >= 5 && run == n;
}

int coinche_strategy_support(const struct coinche_strategy *s, int den)
{
    int partner = (s->seat + 2) & 3, e = coinche_strategy_estimate(s->hand, den);
    if (s->bid_value[partner] && s->bid_den[partner] == den && s->bid_value[partner] < 250)
        e = s->bid_value[partner] + (e - 45) / 2;
    if (den >= NT) e -= 10;     /* no trump to fall back on */
    return e;
}

static int auction(const struct coinche_strategy *s, const char *const *legal, int n)
{
    int ours = s->taker >= 0 && (s->taker & 1) == (s->seat & 1);
    int coinche = find(legal, n, "coinche"), surcoinche = find(legal, n, "surcoinche");
    if (surcoinche >= 0) {
        int mine = coinche_strategy_estimate(s->hand, s->den);
        int support = s->taker == s->seat ? mine : s->value + (mine - 40) / 2;
        return support >= s->value + 20 && s->value < 250 ? surcoinche : 0;
    }
    if (coinche >= 0 && !ours && s->den >= 0) {
        /* the defence the seat holds against the contract */
        int defence = 0;
        for (int c = 0; c < 32; c++) {
            if (!(s->hand & PQ_BIT(c))) continue;
            if (is_trumpish(c, s->den) && strength(c, s->den) >= 5) defence += s->den == AT ? 15 : 25;
            else if (!is_trumpish(c, s->den) && PQ_RANK(c) == PQ_RANK_A) defence += s->den == NT ? 20 : 12;
        }
        if (s->den < NT) defence += 6 * pq_mask_count(s->hand & PQ_SUIT_MASK(s->den));
        if (s->value >= 250 ? defence >= 12 : s->value + defence >= 170) return coinche;
    }
    for (int d = 0; d < 4; d++) {
        char text[16] = "bid capot ";
        strcat(text, den_words[d]);
        if (sure_capot(s->hand, d) && find(legal, n, text) >= 0) return find(legal, n, text);
    }
    /* the best denomination: own estimate, or the partner's bid and support */
    int best = 0, best_den = -1;
    for (int d = 0; d < 6; d++) {
        int e = coinche_strategy_support(s, d);
        if (e > best) best = e, best_den = d;
    }
    int limit = best > 160 ? 160 : best / 10 * 10;
    int chosen = 0, chosen_value = 1000;
    for (int i = 0; i < n && best_den >= 0; i++) {
        if (strncmp(legal[i], "bid ", 4)) continue;
        const char *sp = strchr(legal[i] + 4, ' ');
        char word[16];
        size_t len = (size_t)(sp - legal[i] - 4);
        if (!sp || len >= sizeof word) continue;
        memcpy(word, legal[i] + 4, len);
        word[len] = '\0';
        int v = bid_value(word);
        if (den_of(sp + 1) == best_den && v <= limit && v < chosen_value) chosen = i, chosen_value = v;
    }
    return chosen;      /* 0: pass */
}

/* The legal text playing card c, with its belote word when there is one. */
static int play_index(const char *const *legal, int n, int c)
{
    char text[8] = "play ", card[3];
    int plain = -1;
    pq_card_format(c, card);
    memcpy(text + 5, card, 3);
    for (int i = 0; i < n; i++) {
        if (strncmp(legal[i], text, 7)) continue;
        if (legal[i][7]) return i;      /* belote or rebelote: always said */
        plain = i;
    }
    return plain;
}

static int cheapest(const struct coinche_strategy *s, pq_mask cards)
{
    int pick = -1, cost = 1000;
    for (; cards; cards &= cards - 1) {
        int c = pq_mask_first(cards), k = points(c, s->den) * 4 + strength(c, s->den) + (is_trumpish(c, s->den) && s->den < NT ? 40 : 0);
        if (k < cost) cost = k, pick = c;
    }
    return pick;
}

static int play(const struct coinche_strategy *s, const char *const *legal, int n)
{
    pq_mask cards = 0;
    for (int i = 0; i < n; i++) {
        int c = strncmp(legal[i], "play ", 5) ? -1 : pq_card_parse(legal[i] + 5);
        if (c >= 0) cards |= PQ_BIT(c);
    }
    if (!cards) return 0;
    int den = s->den, takers = s->taker >= 0 && (s->taker & 1) == (s->seat & 1);
    if (s->n_trick == 0) {
        pq_mask trumps = den < NT ? cards & PQ_SUIT_MASK(den) : 0;
        pq_mask out = den < NT ? unseen(s) & PQ_SUIT_MASK(den) : 0;
        if (takers && trumps && out) {
            int top = -1;
            for (pq_mask t = trumps; t; t &= t - 1)
                if (top < 0 || strength(pq_mask_first(t), den) > strength(top, den)) top = pq_mask_first(t);
            if (master(s, top)) return play_index(legal, n, top);
        }
        pq_mask masters = 0;
        for (pq_mask t = cards; t; t &= t - 1)
            if (master(s, pq_mask_first(t))) masters |= PQ_BIT(pq_mask_first(t));
        if (masters) {
            int best = -1;
            for (pq_mask t = masters; t; t &= t - 1)
                if (best < 0 || points(pq_mask_first(t), den) > points(best, den)) best = pq_mask_first(t);
            return play_index(legal, n, best);
        }
        pq_mask side = den < NT ? cards & ~PQ_SUIT_MASK(den) : cards;
        return play_index(legal, n, cheapest(s, side ? side : cards));
    }
    int win = 0, trick_points = 0;
    for (int i = 0; i < s->n_trick; i++) {
        trick_points += points(s->trick[i], den);
        if (i > 0 && beats(s->trick[i], s->trick[win], den)) win = i;
    }
    int best = s->trick[win], last = s->n_trick == 3;
    int partner_wins = ((s->leader + win) & 3) == ((s->seat + 2) & 3);
    if (partner_wins) {
        /* safe when last to play, or when his card is master and the
         * last opponent cannot ruff */
        int after = (s->seat + 1) & 3;
        int safe = last || (master(s, best) && !(den < NT && (s->void_of[after] >> PQ_SUIT(s->trick[0]) & 1) &&
                                                 PQ_SUIT(best) != den));
        if (safe) {
            int give = -1;
            for (pq_mask t = cards; t; t &= t - 1) {
                int c = pq_mask_first(t);
                if (den < NT && PQ_SUIT(c) == den && strength(c, den) >= 5) continue;   /* keep the top trumps */
                if (master(s, c) && points(c, den) >= 10 && !last) continue;
                if (give < 0 || points(c, den) > points(give, den)) give = c;
            }
            if (give >= 0) return play_index(legal, n, give);
        }
        return play_index(legal, n, cheapest(s, cards));
    }
    pq_mask winners = 0, sure = 0;
    for (pq_mask t = cards; t; t &= t - 1) {
        int c = pq_mask_first(t);
        if (!beats(c, best, den)) continue;
        winners |= PQ_BIT(c);
        if (last || master(s, c)) sure |= PQ_BIT(c);
    }
    if (sure) return play_index(legal, n, cheapest(s, sure));
    if (winners && trick_points >= 10 && s->n_trick == 2) return play_index(legal, n, cheapest(s, winners));
    return play_index(legal, n, cheapest(s, cards));
}

int coinche_strategy_choose(const struct coinche_strategy *s, const char *const *legal, int n)
{
    if (n <= 0) return 0;
    if (!strcmp(legal[0], "pass")) return auction(s, legal, n);
    if (!strncmp(legal[0], "meld", 4)) {
        int pick = 0;
        for (int i = 1; i < n; i++)
            if (strlen(legal[i]) > strlen(legal[pick])) pick = i;
        return pick;
    }
    int i = play(s, legal, n);
    return i >= 0 ? i : 0;
}

/* tarot_strategy.c - bot-greedy's French Tarot (tarot_strategy.h says what
 * it does). The rules it needs (the cards a seat may play, F22-F24) come
 * from the engine itself, on a deal rebuilt from the view.
 */
#include <stdio.h>
#include <string.h>
#include "bots/tarot_strategy.h"

static const char *const contracts[] = { "pass", "prise", "garde", "garde_sans", "garde_contre" };
static const char *const phases[] = { "auction", "call", "discard", "chelem", "play", "over" };

static int word_index(const char *const *words, int n, const char *word)
{
    for (int i = 0; word && i < n; i++)
        if (!strcmp(words[i], word)) return i;
    return -1;
}

static int int_or(const cJSON *view, const char *key, int fallback)
{
    const cJSON *v = cJSON_GetObjectItem(view, key);
    return cJSON_IsNumber(v) ? v->valueint : fallback;
}

static tarot_mask cards_of(const cJSON *array)
{
    tarot_mask m = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, array) {
        int card = cJSON_IsString(c) ? tarot_card_parse(c->valuestring) : -1;
        if (card >= 0) m |= TAROT_BIT(card);
    }
    return m;
}

/* What play revealed (F22), as the engine's sampler reads it. */
static void note_play(struct tarot_strategy *self, int seat, int card, int lead, int best)
{
    if (card == TAROT_EXCUSE || lead < 0) return;
    int trump_led = TAROT_IS_TRUMP(lead);
    if (!trump_led && !TAROT_IS_TRUMP(card) && TAROT_SUIT(card) != TAROT_SUIT(lead)) {
        self->void_suit[seat] |= (uint8_t)(1u << TAROT_SUIT(lead));
        self->no_trump[seat] = 1;
    } else if (!trump_led && TAROT_IS_TRUMP(card)) {
        self->void_suit[seat] |= (uint8_t)(1u << TAROT_SUIT(lead));
    } else if (trump_led && !TAROT_IS_TRUMP(card)) {
        self->no_trump[seat] = 1;
    }
    (void)best;
}

int tarot_strategy_read(struct tarot_strategy *self, const cJSON *view, const char *const *legal, int n_legal,
                        char *err, size_t cap)
{
    const cJSON *hand = cJSON_GetObjectItem(view, "hand"), *history = cJSON_GetObjectItem(view, "history"), *h;
    const cJSON *trick = cJSON_GetObjectItem(view, "trick");
    memset(self, 0, sizeof *self);
    self->players = int_or(view, "players", 0);
    self->seat = int_or(view, "seat", -1);
    if (self->players < 3 || self->players > 5 || self->seat < 0 || !cJSON_IsArray(hand) || !cJSON_IsArray(history)) {
        snprintf(err, cap, "not a tarot view (players, seat, hand, history)");
        return -1;
    }
    self->taker = int_or(view, "taker", -1);
    self->partner = int_or(view, "partner", -1);
    self->contract = word_index(contracts, 5, cJSON_GetStringValue(cJSON_GetObjectItem(view, "contract")));
    const char *called = cJSON_GetStringValue(cJSON_GetObjectItem(view, "called"));
    self->called = called ? tarot_card_parse(called) : -1;
    self->phase = word_index(phases, 6, cJSON_GetStringValue(cJSON_GetObjectItem(view, "phase")));
    self->hand = cards_of(hand);
    self->discard_own = cards_of(cJSON_GetObjectItem(view, "discard"));
    self->hand_size = self->players == 4 ? 18 : self->players == 3 ? 24 : 15;
    for (int l = 1; l <= 3; l++) self->poignee_threshold[l] = tarot_poignee_threshold(self->players, l);
    int plays = 0, lead = -1, best = -1;
    cJSON_ArrayForEach(h, history) {
        const char *a = cJSON_GetStringValue(cJSON_GetObjectItem(h, "action"));
        int seat = int_or(h, "seat", 0) % self->players;
        if (!a) continue;
        if (!strncmp(a, "bid ", 4)) {
            int c = word_index(contracts, 5, a + 4);
            if (c > self->highest_bid) self->highest_bid = c;
        }
        if (strncmp(a, "play ", 5)) continue;
        int card = tarot_card_parse(a + 5);
        if (card < 0) continue;
        if (plays % self->players == 0) lead = best = -1;
        note_play(self, seat, card, lead, best);
        if (card != TAROT_EXCUSE && lead < 0) lead = card;
        if (TAROT_IS_TRUMP(card) && card > best) best = card;
        self->played |= TAROT_BIT(card);
        plays++;
    }
    self->tricks_done = plays / self->players;
    self->unseen = TAROT_ALL_CARDS & ~self->hand & ~self->played & ~self->discard_own;
    self->leader = int_or(trick, "leader", self->seat);
    const cJSON *c;
    cJSON_ArrayForEach(c, cJSON_GetObjectItem(trick, "cards")) {
        if (self->n_trick < TAROT_MAX_SEATS) self->trick[self->n_trick++] = tarot_card_parse(c->valuestring);
    }
    for (int i = 0; i < n_legal; i++) self->may_show |= !strncmp(legal[i], "poignee ", 8);
    return 0;
}

/* ---- bidding ---- */

int tarot_strategy_strength(tarot_mask hand, int players)
{
    int trumps = tarot_count(hand & TAROT_TRUMP_MASK), points = 2 * trumps, size = players == 4 ? 18 : players == 3 ? 24 : 15;
    if (hand & TAROT_BIT(TAROT_21)) points += 10;
    if (hand & TAROT_BIT(TAROT_EXCUSE)) points += 8;
    if (hand & TAROT_BIT(TAROT_PETIT)) points += trumps >= 6 ? 8 : trumps >= 5 ? 5 : 0;
    points += tarot_count(hand & TAROT_TRUMP_MASK & ~(TAROT_BIT(15) - 1));    /* trumps 16..21 */
    for (int s = 0; s < 4; s++) {
        tarot_mask suit = hand & TAROT_SUIT_MASK(s);
        int len = tarot_count(suit);
        if (suit & TAROT_BIT(TAROT_CARD(s, 13))) points += 6;
        if (suit & TAROT_BIT(TAROT_CARD(s, 12))) points += 3;
        if (suit & TAROT_BIT(TAROT_CARD(s, 11))) points += 2;
        if (suit & TAROT_BIT(TAROT_CARD(s, 10))) points += 1;
        if (len >= 5) points += 2 * (len - 4);
    }
    return points * 18 / size;
}

/* The strength each contract needs, by enum tarot_contract. */
static const int needs[] = { 0, 40, 56, 71, 81 };

int tarot_strategy_bid_strength(tarot_mask hand, int players)
{
    return tarot_strategy_strength(hand, players) + (players == 5 ? 4 : 0);
}

int tarot_strategy_bid_need(int contract)
{
    return contract <= TAROT_PASS ? 0 : needs[contract > TAROT_GARDE_CONTRE ? TAROT_GARDE_CONTRE : contract];
}

static int bid(const struct tarot_strategy *self, const char *const *legal, int n_legal)
{
    int strength = tarot_strategy_bid_strength(self->hand, self->players);
    for (int c = 4; c >= 1; c--) {
        char text[32];
        snprintf(text, sizeof text, "bid %s", contracts[c]);
        if (strength < needs[c]) continue;
        for (int i = 0; i < n_legal; i++)
            if (!strcmp(legal[i], text)) return i;
    }
    return 0;
}

/* Five players: a king not held, in the longest suit. */
static int call(const struct tarot_strategy *self, const char *const *legal, int n_legal)
{
    int pick = 0, longest = -1;
    for (int i = 0; i < n_legal; i++) {
        int c = tarot_card_parse(legal[i] + 5);
        if (c < 0 || (self->hand & TAROT_BIT(c))) continue;
        int len = tarot_count(self->hand & TAROT_SUIT_MASK(TAROT_SUIT(c)));
        if (len > longest) longest = len, pick = i;
    }
    return pick;
}

/* F18: the shortest suits emptied first, then the cards worth most. */
tarot_mask tarot_strategy_discard(tarot_mask hand, int d)
{
    tarot_mask plain = hand & ~TAROT_TRUMP_MASK & ~TAROT_BIT(TAROT_EXCUSE) & ~tarot_kings(), out = 0;
    if (tarot_count(plain) <= d) {
        tarot_mask trumps = hand & TAROT_TRUMP_MASK & ~tarot_bouts();
        out = plain;
        while (tarot_count(out) < d && trumps) {
            out |= TAROT_BIT(tarot_first(trumps));
            trumps &= trumps - 1;
        }
        return out;
    }
    for (int round = 0; round < 4; round++) {
        int best = -1, len = 99;
        for (int s = 0; s < 4; s++) {
            int n = tarot_count(plain & ~out & TAROT_SUIT_MASK(s));
            if (n > 0 && n < len && tarot_count(out) + n <= d) best = s, len = n;
        }
        if (best >= 0) out |= plain & TAROT_SUIT_MASK(best);
    }
    while (tarot_count(out) < d) {
        int pick = -1;
        for (tarot_mask m = plain & ~out; m; m &= m - 1) {
            int c = tarot_first(m);
            if (pick < 0 || tarot_card_halves(c) > tarot_card_halves(pick) ||
                (tarot_card_halves(c) == tarot_card_halves(pick) && TAROT_RANK(c) > TAROT_RANK(pick)))
                pick = c;
        }
        out |= TAROT_BIT(pick);
    }
    return out;
}

/* F25: the lowest trumps of the highest level, the Excuse when needed. */
static tarot_mask poignee(const struct tarot_strategy *self)
{
    tarot_mask trumps = self->hand & TAROT_TRUMP_MASK, out = 0;
    int t = tarot_count(trumps), ex = (self->hand & TAROT_BIT(TAROT_EXCUSE)) != 0;
    for (int level = 3; level >= 1; level--) {
        int k = self->poignee_threshold[level];
        if (t >= k) {
            for (; tarot_count(out) < k; trumps &= trumps - 1) out |= TAROT_BIT(tarot_first(trumps));
            return out;
        }
        if (ex && t == k - 1) return trumps | TAROT_BIT(TAROT_EXCUSE);
    }
    return 0;
}

/* ---- play ---- */

static int camp_of(const struct tarot_strategy *self, int seat)
{
    return seat == self->taker || (self->partner >= 0 && seat == self->partner) ? TAROT_ATTACK : TAROT_DEFENCE;
}

/* Does card c beat card w (w winning a trick led with `lead`)? */
static int beats(int c, int w, int lead)
{
    if (c == TAROT_EXCUSE) return 0;
    if (w < 0) return 1;
    if (TAROT_IS_TRUMP(c)) return !TAROT_IS_TRUMP(w) || c > w;
    return !TAROT_IS_TRUMP(w) && lead >= 0 && !TAROT_IS_TRUMP(lead) && TAROT_SUIT(c) == TAROT_SUIT(lead) && c > w;
}

/* Can no seat after this one beat card w, led with `lead`? */
static int sure(const struct tarot_strategy *self, int w, int lead)
{
    int later = self->players - 1 - self->n_trick;
    if (later <= 0) return 1;
    tarot_mask higher_trumps = self->unseen & TAROT_TRUMP_MASK & (TAROT_IS_TRUMP(w) ? ~((TAROT_BIT(w) << 1) - 1) : TAROT_TRUMP_MASK);
    int trump_risk = 0, suit_risk = 0;
    for (int k = 1; k <= later; k++) {
        int s = (self->seat + k) % self->players;
        if (higher_trumps && !self->no_trump[s]) trump_risk = 1;
        if (!TAROT_IS_TRUMP(w) && lead >= 0 && !TAROT_IS_TRUMP(lead)) {
            int suit = TAROT_SUIT(lead);
            tarot_mask above = self->unseen & TAROT_SUIT_MASK(suit) & ~((TAROT_BIT(w) << 1) - 1);
            if (above && !(self->void_suit[s] & (1u << suit))) suit_risk = 1;
            /* a trump may come only from a seat out of the suit */
            if (trump_risk && !(self->void_suit[s] & (1u << suit)) &&
                tarot_count(self->unseen & TAROT_SUIT_MASK(suit)) >= 2 * later)
                trump_risk = 0;
        }
    }
    return !trump_risk && !suit_risk;
}

/* The highest card of a non-empty set, in pack order. */
static int highest(tarot_mask m)
{
    uint64_t hi = (uint64_t)(m >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)m);
}

/* The cheapest card of a set: fewest half points, then lowest. */
static int cheapest(tarot_mask set)
{
    int pick = -1;
    for (; set; set &= set - 1) {
        int c = tarot_first(set);
        int key = tarot_card_halves(c) * 100 + (TAROT_IS_TRUMP(c) ? 50 + c : TAROT_RANK(c));
        int old = pick < 0 ? 1 << 30 : tarot_card_halves(pick) * 100 + (TAROT_IS_TRUMP(pick) ? 50 + pick : TAROT_RANK(pick));
        if (key < old) pick = c;
    }
    return pick;
}

static int lowest_winner(tarot_mask set, int w, int lead)
{
    int pick = -1;
    for (; set; set &= set - 1) {
        int c = tarot_first(set);
        if (beats(c, w, lead) && (pick < 0 || tarot_card_halves(c) < tarot_card_halves(pick) ||
                                  (tarot_card_halves(c) == tarot_card_halves(pick) && c < pick)))
            pick = c;
    }
    return pick;
}

static int choose_lead(const struct tarot_strategy *self, tarot_mask ok)
{
    tarot_mask trumps = ok & TAROT_TRUMP_MASK, unseen_trumps = self->unseen & TAROT_TRUMP_MASK;
    int mine = camp_of(self, self->seat);
    if (mine == TAROT_ATTACK && trumps && unseen_trumps) {
        int top = highest(trumps), top_unseen = highest(unseen_trumps);
        if (top > top_unseen && tarot_count(trumps) >= 2) return top;        /* draw trumps */
    }
    for (int s = 0; s < 4; s++) {                                          /* cash a master card */
        tarot_mask suit = ok & TAROT_SUIT_MASK(s);
        if (!suit) continue;
        int top = highest(suit);
        int risky = 0;
        for (int p = 0; p < self->players; p++)
            if (p != self->seat && camp_of(self, p) != mine && (self->void_suit[p] & (1u << s)) && !self->no_trump[p]) risky = 1;
        if (!risky && !(self->unseen & TAROT_SUIT_MASK(s) & ~((TAROT_BIT(top) << 1) - 1)) && tarot_card_halves(top) >= 5) return top;
    }
    int pick = -1, len = 99;                                                /* low from the shortest suit */
    for (int s = 0; s < 4; s++) {
        tarot_mask suit = ok & TAROT_SUIT_MASK(s) & ~tarot_kings();
        if (suit && tarot_count(self->hand & TAROT_SUIT_MASK(s)) < len) len = tarot_count(self->hand & TAROT_SUIT_MASK(s)), pick = tarot_first(suit);
    }
    if (pick >= 0) return pick;
    tarot_mask rest = ok & ~TAROT_BIT(TAROT_PETIT) & ~TAROT_BIT(TAROT_EXCUSE);
    return rest ? cheapest(rest) : cheapest(ok);
}

static int choose_play(const struct tarot_strategy *self, tarot_mask ok)
{
    int n = self->players, lead = -1, win = -1, win_seat = -1, trick_value = 0;
    int last_chance = tarot_count(self->hand) == 2 && (ok & TAROT_BIT(TAROT_EXCUSE));
    if (last_chance) return TAROT_EXCUSE;                                  /* F27: never to the last trick */
    if (self->n_trick == 0) return choose_lead(self, ok);
    for (int i = 0; i < self->n_trick; i++) {
        int c = self->trick[i], s = (self->leader + i) % n;
        trick_value += tarot_card_halves(c);
        if (c == TAROT_EXCUSE) continue;
        if (lead < 0) lead = c;
        if (win < 0 || beats(c, win, lead)) win = c, win_seat = s;
    }
    int mine = camp_of(self, self->seat), ours = win_seat >= 0 && camp_of(self, win_seat) == mine;
    tarot_mask no_petit = ok & ~TAROT_BIT(TAROT_PETIT) & ~TAROT_BIT(TAROT_EXCUSE);
    if (ours && sure(self, win, lead)) {                                  /* load points */
        if (ok & TAROT_BIT(TAROT_PETIT)) return TAROT_PETIT;
        int pick = -1;
        for (tarot_mask m = no_petit; m; m &= m - 1) {
            int c = tarot_first(m);
            if (c == TAROT_21) continue;
            int v = tarot_card_halves(c) * 100 - (TAROT_IS_TRUMP(c) ? 50 + c : 0);
            int pv = pick < 0 ? -(1 << 30) : tarot_card_halves(pick) * 100 - (TAROT_IS_TRUMP(pick) ? 50 + pick : 0);
            if (v > pv) pick = c;
        }
        if (pick >= 0) return pick;
    }
    if ((ok & TAROT_BIT(TAROT_PETIT)) && beats(TAROT_PETIT, win, lead) && sure(self, TAROT_PETIT, lead))
        return TAROT_PETIT;                                                /* the Petit wins for sure */
    int winner = lowest_winner(no_petit, win, lead);
    if (winner >= 0 && !ours && (sure(self, winner, lead) || trick_value >= 5)) return winner;
    tarot_mask low = no_petit ? no_petit : ok;
    int c = cheapest(low & ~TAROT_BIT(TAROT_EXCUSE) ? low & ~TAROT_BIT(TAROT_EXCUSE) : low);
    if ((ok & TAROT_BIT(TAROT_EXCUSE)) && c >= 0 && tarot_card_halves(c) >= 5 && !ours) return TAROT_EXCUSE;
    return c >= 0 ? c : tarot_first(ok);
}

/* The cards the seat may play, by the engine's rule (F22, F24). */
static tarot_mask playable(const struct tarot_strategy *self)
{
    static struct tarot_deal d;
    memset(&d, 0, sizeof d);
    tarot_rules_default(&d.rules, self->players);
    d.n = (uint8_t)self->players;
    d.hand[self->seat] = self->hand;
    d.trick_no = (uint8_t)self->tricks_done;
    d.in_trick = (uint8_t)self->n_trick;
    d.called = self->called >= 0 ? (uint8_t)self->called : TAROT_NO_CARD;
    d.lead = d.best = -1;
    for (int i = 0; i < self->n_trick; i++) {
        int c = self->trick[i];
        if (c != TAROT_EXCUSE && d.lead < 0) d.lead = (int8_t)c;
        if (TAROT_IS_TRUMP(c) && c > d.best) d.best = (int8_t)c;
    }
    return tarot_deal_playable(&d, self->seat);
}

static int answer_with(const char *verb, tarot_mask cards, const char *const *legal, int n_legal, char *answer,
                       size_t cap)
{
    char list[240];
    tarot_mask_format(cards, list, sizeof list);
    snprintf(answer, cap, "%s %s", verb, list);
    for (int i = 0; i < n_legal; i++)
        if (!strcmp(legal[i], answer)) return i;
    return -1;
}

int tarot_strategy_choose(const struct tarot_strategy *self, const char *const *legal, int n_legal, char *answer,
                          size_t cap)
{
    switch (self->phase) {
    case TAROT_AUCTION: return bid(self, legal, n_legal);
    case TAROT_CALL: return call(self, legal, n_legal);
    case TAROT_DISCARD:
        return answer_with("discard", tarot_strategy_discard(self->hand, tarot_count(self->hand) - self->hand_size),
                           legal, n_legal, answer, cap);
    case TAROT_CHELEM: return 0;                                           /* pass */
    case TAROT_PLAY:
        if (self->may_show && self->seat == self->taker && poignee(self))
            return answer_with("poignee", poignee(self), legal, n_legal, answer, cap);
        return answer_with("play", TAROT_BIT(choose_play(self, playable(self))), legal, n_legal, answer, cap);
    default: return 0;
    }
}

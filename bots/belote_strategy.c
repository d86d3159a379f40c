/* belote_strategy.c - bot-greedy's Belote (belote_strategy.h).
 *
 * Everything is read from the view: the hand, the public history (plays,
 * the meld dialogue, claims), the turn-up place and the bergère, the
 * Marseillaise layouts. The order of cards in a trick is the engine's:
 * B2's orders sort cards by their points (bel_card_points) and, among
 * cards of equal points, by rank (8 over 7 in trumps; 9 over 8 over 7 in
 * plain suits), so strength() derives it from the engine's points instead
 * of keeping a second table.
 */
#include <stdio.h>
#include <string.h>
#include "bots/belote_strategy.h"
#include "engine/belote/belote.h"

static const char rank_chars[] = "789TJQKA";
static const char suit_chars[] = "SHDC";

static int card_of(const cJSON *item)
{
    return cJSON_IsString(item) && strlen(item->valuestring) == 2 ? pq_card_parse(item->valuestring) : -1;
}

/* A card's place in the trick order (B2, B25): trumps above every plain card. */
static int strength(int card, int trump)
{
    return (PQ_SUIT(card) == trump ? 1000 : 0) + bel_card_points(card, trump) * 8 + PQ_RANK(card);
}

/* Whether `card` beats `best`, the best card of a trick so far (B25):
 * a card of another suit than best's wins only as a trump. */
static int beats(int card, int best, int trump)
{
    int cs = PQ_SUIT(card), bs = PQ_SUIT(best);
    if (cs == bs) return strength(card, trump) > strength(best, trump);
    return cs == trump;
}

static pq_mask trumps_of(pq_mask cards, int trump)
{
    return trump >= 0 ? cards & PQ_SUIT_MASK(trump) : 0;
}

double belote_strategy_trump_strength(pq_mask hand, int suit)
{
    static const double trump_value[PQ_RANKS] = { 0.4, 0.4, 2.0, 1.0, 3.0, 0.6, 0.6, 1.2 };  /* 7 8 9 T J Q K A */
    double score = 0;
    pq_mask trumps = hand & PQ_SUIT_MASK(suit);
    int length = pq_mask_count(trumps);
    for (pq_mask m = trumps; m; m &= m - 1) score += trump_value[PQ_RANK(pq_mask_first(m))];
    if (length > 2) score += 0.5 * (length - 2);
    if ((trumps & PQ_BIT(PQ_CARD(suit, PQ_RANK_K))) && (trumps & PQ_BIT(PQ_CARD(suit, PQ_RANK_Q)))) score += 1.0;
    for (int s = 0; s < PQ_SUITS; s++) {
        if (s == suit) continue;
        int ace = (hand & PQ_BIT(PQ_CARD(s, PQ_RANK_A))) != 0, ten = (hand & PQ_BIT(PQ_CARD(s, PQ_RANK_T))) != 0;
        score += ace * 1.0 + ten * (ace ? 0.5 : 0.2);
    }
    return score;
}

/* ---- reading the view ---------------------------------------------------- */

static int int_of(const cJSON *item, int fallback)
{
    return cJSON_IsNumber(item) ? item->valueint : fallback;
}

static int get_int(const cJSON *view, const char *key, int fallback)
{
    return int_of(cJSON_GetObjectItemCaseSensitive(view, key), fallback);
}

/* The fields of `object` named keys[0..n-1] into at[] (NULL: absent), in
 * one pass over its fields: a search reads thousands of views a decision,
 * and a look-up per field compared the keys over and over. */
static void fields_of(const cJSON *object, const char *const *keys, int n, const cJSON **at)
{
    const cJSON *field;
    for (int i = 0; i < n; i++) at[i] = NULL;
    cJSON_ArrayForEach(field, object)
    {
        const char *k = field->string;
        if (!k) continue;
        for (int i = 0; i < n; i++)
            if (k[0] == keys[i][0] && !strcmp(k, keys[i])) {
                at[i] = field;
                break;
            }
    }
}

static pq_mask cards_of(const cJSON *array)
{
    pq_mask m = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, array)
    {
        int c = card_of(item);
        if (c >= 0) m |= PQ_BIT(c);
    }
    return m;
}

static int rank_of(const char *text)
{
    const char *p = text && text[0] ? strchr(rank_chars, text[0]) : NULL;
    return p ? (int)(p - rank_chars) : -1;
}

/* The key (B17) of a call made public by the dialogue: {"carre": "A"} or
 * {"length": 3, "top": "A"}. The suit does not change the key. */
static int call_key(const cJSON *call)
{
    const cJSON *carre = cJSON_GetObjectItemCaseSensitive(call, "carre");
    if (cJSON_IsString(carre)) {
        int r = rank_of(carre->valuestring);
        return r < 0 ? 0 : bel_meld_key((pq_mask)0x01010101u << r);
    }
    int length = get_int(call, "length", 0);
    const cJSON *top = cJSON_GetObjectItemCaseSensitive(call, "top");
    int r = cJSON_IsString(top) ? rank_of(top->valuestring) : -1;
    if (length < 3 || r < 0 || r - length + 1 < 0) return 0;
    pq_mask seq = 0;
    for (int k = 0; k < length; k++) seq |= PQ_BIT(PQ_CARD(PQ_SPADES, r - k));
    return bel_meld_key(seq);
}

static int class_of_say(const char *say)
{
    static const struct { const char *word; int value; } classes[] = {
        { "tierce", 20 }, { "cinquante", 50 }, { "cent", 100 }, { "150", 150 }, { "200", 200 },
    };
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
        if (!strcmp(say, classes[i].word)) return classes[i].value;
    return 0;
}

/* Parses "meld AH,KH,QH 9C,8C,7C" into melds; their number, or -1. */
static int parse_melds(const char *text, pq_mask *melds, int max)
{
    int n = 0;
    if (strncmp(text, "meld", 4)) return -1;
    const char *p = text + 4;
    while (*p == ' ') {
        pq_mask m = 0;
        p++;
        while (*p && *p != ' ') {
            char two[3] = { p[0], p[0] ? p[1] : 0, 0 };
            int c = pq_card_parse(two);
            if (c < 0) return -1;
            m |= PQ_BIT(c);
            p += 2;
            if (*p == ',') p++;
        }
        if (n == max) return -1;
        melds[n++] = m;
    }
    return n;
}

/* The best key among melds, and their total value. */
static int melds_best_key(const pq_mask *melds, int n, int *total)
{
    int best = 0;
    *total = 0;
    for (int i = 0; i < n; i++) {
        int key = bel_meld_key(melds[i]);
        if (key > best) best = key;
        *total += bel_meld_value(melds[i]);
    }
    return best;
}

/* The public history: plays (voids), the meld dialogue, claims, shown melds. */
static void read_history(struct belote_strategy *self, const cJSON *history, pq_mask *voids, pq_mask *known)
{
    int trick[BELOTE_STRATEGY_SEATS], seats[BELOTE_STRATEGY_SEATS], n = 0;
    const cJSON *entry;
    cJSON_ArrayForEach(entry, history)
    {
        static const char *const keys[] = { "seat", "action", "say", "asked", "call", "shows" };
        const cJSON *at[6];
        fields_of(entry, keys, 6, at);
        const cJSON *action = at[1], *say = at[2], *asked = at[3], *call = at[4], *shows = at[5];
        int seat = int_of(at[0], -1);
        if (seat < 0 || seat >= self->players || !cJSON_IsString(action)) continue;
        const char *text = action->valuestring;
        if (!strncmp(text, "meld", 4) && self->form == BEL_MARSEILLAISE) {
            pq_mask melds[BEL_SEAT_MELDS];
            int total, m = parse_melds(text, melds, BEL_SEAT_MELDS);
            int key = m > 0 ? melds_best_key(melds, m, &total) : 0;
            if (seat == self->seat && key > self->own_claim_key) self->own_claim_key = key;
            if (seat != self->seat && key > self->opponent_claim_key) self->opponent_claim_key = key;
        } else if (!strncmp(text, "meld", 4)) {
            self->declared[seat] = 1;
            const char *word = cJSON_IsString(say) ? say->valuestring : "";
            if (asked && self->best_key == 0) self->best_key = call_key(asked);
            if (class_of_say(word)) {
                self->best_class = class_of_say(word);
                self->best_holder = seat;
                self->best_key = 0;
            } else if (!strcmp(word, "not good")) {
                self->best_holder = seat;
                self->best_key = call ? call_key(call) : 0;
            }
        } else if (!strncmp(text, "play ", 5)) {
            int card = pq_card_parse(text + 5);
            if (card < 0) continue;
            self->seen |= PQ_BIT(card);
            if (n > 0) {
                int led = PQ_SUIT(trick[0]), w = 0;
                for (int i = 1; i < n; i++)
                    if (beats(trick[i], trick[w], self->trump)) w = i;
                if (PQ_SUIT(card) != led) {
                    voids[seat] |= PQ_SUIT_MASK(led);
                    /* No trump either, unless a partner's winning trick let it discard (BP3). */
                    int partner_winning = self->partner >= 0 && seats[w] == (seat + 2) % 4;
                    if (self->trump >= 0 && PQ_SUIT(card) != self->trump && !partner_winning)
                        voids[seat] |= PQ_SUIT_MASK(self->trump);
                }
            }
            trick[n] = card;
            seats[n++] = seat;
            if (n == self->players) n = 0;
        }
        const cJSON *meld;
        cJSON_ArrayForEach(meld, shows)
        {
            if (!cJSON_IsString(meld)) continue;
            char text_meld[64];
            pq_mask one;
            snprintf(text_meld, sizeof text_meld, "meld %s", meld->valuestring);
            if (parse_melds(text_meld, &one, 1) == 1) known[seat] |= one;
        }
    }
}

int belote_strategy_read(struct belote_strategy *self, const cJSON *view, char *err, size_t cap)
{
    static const char *const keys[] = { "game",   "hand",         "trick",   "history",  "trump",  "players", "seat",
                                        "maker",  "turnup",       "turnup_place", "bergere", "exchange", "layouts" };
    const cJSON *at[13];
    fields_of(view, keys, 13, at);
    const cJSON *game = at[0], *hand = at[1], *trick = at[2], *history = at[3], *trump = at[4];
    pq_mask voids[BELOTE_STRATEGY_SEATS] = { 0 }, known[BELOTE_STRATEGY_SEATS] = { 0 };
    memset(self, 0, sizeof *self);
    if (!cJSON_IsString(game) || !cJSON_IsArray(hand) || !cJSON_IsObject(trick) || !cJSON_IsArray(history)) {
        snprintf(err, cap, "a Belote view needs game, hand, trick and history");
        return -1;
    }
    self->form = !strcmp(game->valuestring, "belote-marseillaise") ? BEL_MARSEILLAISE
                 : !strcmp(game->valuestring, "belote-partnership") ? BEL_PARTNERSHIP
                                                                    : BEL_BASIC;
    self->players = int_of(at[5], 0);
    self->seat = int_of(at[6], -1);
    if (self->players < 2 || self->players > BELOTE_STRATEGY_SEATS || self->seat < 0 || self->seat >= self->players) {
        snprintf(err, cap, "players or seat out of range");
        return -1;
    }
    self->partner = self->form == BEL_PARTNERSHIP ? (self->seat + 2) % 4 : -1;
    self->trump = cJSON_IsString(trump) && trump->valuestring[0] && strchr(suit_chars, trump->valuestring[0])
                      ? (int)(strchr(suit_chars, trump->valuestring[0]) - suit_chars)
                      : -1;
    self->maker = int_of(at[7], -1);
    self->turnup = card_of(at[8]);
    self->hand = cards_of(hand);
    self->best_holder = -1;
    int place = card_of(at[9]);
    int bergere = card_of(at[10]);
    if (place >= 0) self->seen |= PQ_BIT(place);
    if (bergere >= 0) self->seen |= PQ_BIT(bergere);
    read_history(self, history, voids, known);
    /* Cards an exchange or the four-hand maker's taking put in a known hand. */
    int exchanger = int_of(at[11], -1);
    if (self->form != BEL_MARSEILLAISE && self->turnup >= 0 && self->trump == PQ_SUIT(self->turnup)) {
        int seven = PQ_CARD(self->trump, PQ_RANK_7);
        if (exchanger >= 0 && exchanger < self->players) known[exchanger] |= PQ_BIT(self->turnup);
        if (self->players == 4 && self->maker >= 0 && place < 0)
            known[self->maker] |= PQ_BIT(exchanger >= 0 ? seven : self->turnup);
    } else if (self->form != BEL_MARSEILLAISE && self->players == 4 && self->maker >= 0 && place < 0 && self->turnup >= 0)
        known[self->maker] |= PQ_BIT(self->turnup);
    self->leader = get_int(trick, "leader", 0);
    const cJSON *card;
    cJSON_ArrayForEach(card, cJSON_GetObjectItemCaseSensitive(trick, "cards"))
    {
        int c = card_of(card);
        if (c >= 0 && self->n_trick < BELOTE_STRATEGY_SEATS) self->trick[self->n_trick++] = c;
    }
    pq_mask unseen = ~(self->hand | self->seen);
    pq_mask placed = 0;
    for (int s = 0; s < self->players; s++) placed |= known[s] & unseen;
    for (int s = 0; s < self->players; s++) {
        if (s == self->seat) continue;
        self->possible[s] = ((unseen & ~placed) | (known[s] & unseen)) & ~voids[s];
    }
    if (self->form == BEL_MARSEILLAISE) {
        /* The opponent plays only its face-up cards, which everybody sees (B43). */
        const cJSON *theirs = cJSON_GetArrayItem(at[12], 1 - self->seat);
        const cJSON *packet;
        pq_mask up = 0;
        cJSON_ArrayForEach(packet, theirs) {
            int c = card_of(cJSON_GetObjectItemCaseSensitive(packet, "up"));
            if (c >= 0) up |= PQ_BIT(c);
        }
        self->possible[1 - self->seat] = up & ~self->seen;
    }
    return 0;
}

/* ---- deciding ------------------------------------------------------------ */

/* Whether seat s may beat `best` in a trick led in `led`: it follows when it
 * may hold the suit, else may trump. */
static int may_beat(const struct belote_strategy *self, int s, int best, int led)
{
    pq_mask possible = self->possible[s];
    pq_mask follow = possible & PQ_SUIT_MASK(led);
    pq_mask candidates = follow ? follow : trumps_of(possible, self->trump);
    for (pq_mask m = candidates; m; m &= m - 1)
        if (beats(pq_mask_first(m), best, self->trump)) return 1;
    return 0;
}

static int is_opponent(const struct belote_strategy *self, int s)
{
    return s != self->seat && s != self->partner;
}

/* Whether `card`, best in the trick, stays best after every seat still to
 * play after the seat acting now (`played` cards are in the trick with it). */
static int stays_best(const struct belote_strategy *self, int card, int led, int played)
{
    for (int k = played; k < self->players; k++) {
        int s = (self->leader + k) % self->players;
        if (is_opponent(self, s) && may_beat(self, s, card, led)) return 0;
    }
    return 1;
}

/* What giving a card away costs: its points, a trump much more, a sure
 * winner more. */
static int keep_value(const struct belote_strategy *self, int card)
{
    int v = strength(card, self->trump) % 1000;
    if (PQ_SUIT(card) == self->trump) v += 300;
    return v;
}

static int cheapest(const struct belote_strategy *self, pq_mask cards)
{
    int best = -1;
    for (pq_mask m = cards; m; m &= m - 1) {
        int c = pq_mask_first(m);
        if (best < 0 || keep_value(self, c) < keep_value(self, best)) best = c;
    }
    return best;
}

static int weakest_winner(const struct belote_strategy *self, pq_mask cards)
{
    int best = -1;
    for (pq_mask m = cards; m; m &= m - 1) {
        int c = pq_mask_first(m);
        if (best < 0 || strength(c, self->trump) < strength(best, self->trump)) best = c;
    }
    return best;
}

static int choose_lead(const struct belote_strategy *self, pq_mask legal)
{
    int trump = self->trump;
    pq_mask my_trumps = trumps_of(legal, trump), plain = legal & ~my_trumps;
    int makers = self->maker >= 0 && (self->maker == self->seat || self->maker == self->partner);
    /* Draw trumps while the master trump is ours and an opponent may hold one. */
    if (makers && my_trumps) {
        int top = -1;
        for (pq_mask m = my_trumps; m; m &= m - 1)
            if (top < 0 || strength(pq_mask_first(m), trump) > strength(top, trump)) top = pq_mask_first(m);
        int opponents_trumps = 0;
        for (int s = 0; s < self->players; s++)
            if (is_opponent(self, s) && trumps_of(self->possible[s], trump)) opponents_trumps = 1;
        if (opponents_trumps && stays_best(self, top, trump, 1)) return top;
    }
    /* Cash a sure winner, the richest first. */
    int best = -1;
    for (pq_mask m = plain; m; m &= m - 1) {
        int c = pq_mask_first(m);
        if (stays_best(self, c, PQ_SUIT(c), 1) && (best < 0 || strength(c, trump) > strength(best, trump))) best = c;
    }
    if (best >= 0) return best;
    /* Low from a side suit, keeping Tens and Aces for later. */
    if (plain) return cheapest(self, plain);
    return cheapest(self, legal);
}

static int choose_follow(const struct belote_strategy *self, pq_mask legal)
{
    int trump = self->trump, led = PQ_SUIT(self->trick[0]), w = 0, points = 0;
    for (int i = 0; i < self->n_trick; i++) {
        points += bel_card_points(self->trick[i], trump);
        if (i > 0 && beats(self->trick[i], self->trick[w], trump)) w = i;
    }
    int winner_seat = (self->leader + w) % self->players, best = self->trick[w];
    int last = self->n_trick == self->players - 1;
    if (self->partner >= 0 && winner_seat == self->partner) {
        /* Never overtake the partner; give him points when his trick is safe. */
        if (last || stays_best(self, best, led, self->n_trick + 1)) {
            pq_mask give = legal & ~trumps_of(legal, trump);
            int rich = -1;
            for (pq_mask m = give; m; m &= m - 1) {
                int c = pq_mask_first(m);
                if (!stays_best(self, c, PQ_SUIT(c), 1) || bel_card_points(c, trump) == 10)
                    if (rich < 0 || keep_value(self, c) > keep_value(self, rich)) rich = c;
            }
            if (rich >= 0) return rich;
        }
        pq_mask under = 0;
        for (pq_mask m = legal; m; m &= m - 1)
            if (!beats(pq_mask_first(m), best, trump)) under |= PQ_BIT(pq_mask_first(m));
        return cheapest(self, under ? under : legal);
    }
    pq_mask sure = 0;
    for (pq_mask m = legal; m; m &= m - 1) {
        int c = pq_mask_first(m);
        if (!beats(c, best, trump)) continue;
        if (last || stays_best(self, c, led, self->n_trick + 1)) sure |= PQ_BIT(c);
    }
    if (sure) {
        int c = weakest_winner(self, sure);
        /* A high trump is not spent on a trick worth nothing. */
        if (PQ_SUIT(c) != trump || points + bel_card_points(c, trump) >= 10 || bel_card_points(c, trump) < 10)
            return c;
    }
    return cheapest(self, legal);
}

/* The index of `play C`, with its belote or rebelote when offered. */
static int index_of_play(const char *const *legal, int n, int card)
{
    char want[8];
    int found = -1;
    pq_card_format(card, want + 5);
    memcpy(want, "play ", 5);
    for (int i = 0; i < n; i++)
        if (!strncmp(legal[i], want, 7)) {
            if (found < 0 || legal[i][7] == ' ') found = i;
        }
    return found < 0 ? 0 : found;
}

double belote_strategy_bid_threshold(int form, int players)
{
    if (form == BEL_MARSEILLAISE) return 4.0;
    if (form == BEL_PARTNERSHIP) return 5.0;
    return players == 4 ? 5.5 : 4.5;
}

static double bid_threshold(const struct belote_strategy *self)
{
    return belote_strategy_bid_threshold(self->form, self->players);
}

/* The hand a bid is judged on: N = 4 counts the turn-up the maker receives. */
double belote_strategy_bid_strength(int form, int players, pq_mask hand, int turnup, int suit)
{
    if (form != BEL_MARSEILLAISE && players == 4 && turnup >= 0) hand |= PQ_BIT(turnup);
    return belote_strategy_trump_strength(hand, suit);
}

static double bid_value(const struct belote_strategy *self, int suit)
{
    double mine = belote_strategy_bid_strength(self->form, self->players, self->hand, self->turnup, suit);
    if (self->form == BEL_MARSEILLAISE) {
        /* The opponent's face-up cards are known: take only with the better layout. */
        double theirs = belote_strategy_trump_strength(self->possible[1 - self->seat], suit);
        if (mine - theirs < 1.0) return 0;
    }
    return mine;
}

static int choose_meld(const struct belote_strategy *self, const char *const *legal, int n)
{
    int best = 0, best_total = -1, best_key = -1, bare = -1;
    for (int i = 0; i < n; i++) {
        pq_mask melds[BEL_SEAT_MELDS];
        int total, m = parse_melds(legal[i], melds, BEL_SEAT_MELDS);
        if (m < 0) continue;
        if (m == 0) bare = i;
        int key = melds_best_key(melds, m, &total);
        if (total > best_total || (total == best_total && key > best_key)) {
            best = i;
            best_total = total;
            best_key = key;
        }
    }
    if (self->form == BEL_MARSEILLAISE || bare < 0) return best;
    /* Declared only when the call may still win (B19-B20): hiding costs nothing. */
    int holder = self->best_holder;
    if (holder < 0) return best;
    if (self->partner >= 0 && (holder == self->partner || !self->declared[self->partner])) return best;
    int class_mine = 0;
    pq_mask melds[BEL_SEAT_MELDS];
    int total, m = parse_melds(legal[best], melds, BEL_SEAT_MELDS);
    for (int k = 0; k < m; k++)
        if (bel_meld_key(melds[k]) == best_key) class_mine = bel_meld_value(melds[k]);
    (void)total;
    if (class_mine > self->best_class) return best;
    if (class_mine == self->best_class && (self->best_key == 0 || best_key > self->best_key)) return best;
    return bare;
}

int belote_strategy_choose(const struct belote_strategy *self, const char *const *legal, int n)
{
    pq_mask cards = 0;
    int take = -1, pass = -1, exchange = -1, name = -1;
    double name_value = 0;
    for (int i = 0; i < n; i++) {
        const char *a = legal[i];
        if (!strcmp(a, "take")) take = i;
        else if (!strcmp(a, "pass")) pass = i;
        else if (!strcmp(a, "exchange")) exchange = i;
        else if (!strncmp(a, "meld", 4)) return choose_meld(self, legal, n);
        else if (!strncmp(a, "name ", 5) && strchr(suit_chars, a[5]) && a[5]) {
            double v = bid_value(self, (int)(strchr(suit_chars, a[5]) - suit_chars));
            if (name < 0 || v > name_value) {
                name = i;
                name_value = v;
            }
        } else if (!strncmp(a, "play ", 5)) {
            int c = pq_card_parse(a + 5);
            if (c >= 0) cards |= PQ_BIT(c);
        }
    }
    if (exchange >= 0) return exchange;
    if (take >= 0 && self->turnup >= 0) return bid_value(self, PQ_SUIT(self->turnup)) >= bid_threshold(self) ? take : pass;
    if (name >= 0) return name_value >= bid_threshold(self) || pass < 0 ? name : pass;
    if (cards) return index_of_play(legal, n, self->n_trick ? choose_follow(self, cards) : choose_lead(self, cards));
    return 0;
}

/* tarocchini_strategy.c - bot-greedy's Tarocchini (tarocchini_strategy.h
 * gives the heuristic). Reads the view into what the seat knows, then picks
 * among the legal actions' texts; every rule question (a combination's
 * value, who wins a trick) goes to the engine's own functions.
 */
#include <stdio.h>
#include <string.h>
#include "bots/tarocchini_strategy.h"

static int fail(char *err, size_t cap, const char *why)
{
    snprintf(err, cap, "tarocchini view: %s", why);
    return -1;
}

/* The cards of a space-separated text (words that are not cards skipped). */
static tar_mask cards_of(const char *text)
{
    tar_mask m = 0;
    for (const char *p = text; *p;) {
        const char *end = strchr(p, ' ');
        int len = end ? (int)(end - p) : (int)strlen(p), c = tar_card_parse(p, len);
        if (c >= 0) m |= TAR_BIT(c);
        p += len + (end != NULL);
    }
    return m;
}

static int card_array(const cJSON *array, tar_mask *out, uint8_t *order, int max)
{
    const cJSON *item;
    int n = 0;
    *out = 0;
    if (!cJSON_IsArray(array)) return -1;
    cJSON_ArrayForEach(item, array) {
        int c = cJSON_IsString(item) ? tar_card_parse(item->valuestring, (int)strlen(item->valuestring)) : -1;
        if (c < 0) return -1;
        *out |= TAR_BIT(c);
        if (order && n < max) order[n] = (uint8_t)c;
        n++;
    }
    return n;
}

int tarocchini_strategy_read(struct tarocchini_strategy *self, const cJSON *view, char *err, size_t cap)
{
    const cJSON *seat = cJSON_GetObjectItem(view, "seat"), *history = cJSON_GetObjectItem(view, "history"), *h;
    const cJSON *trick = cJSON_GetObjectItem(view, "trick");
    tar_mask declared[TAR_SEATS] = { 0, 0, 0, 0 }, played_now, discards = 0;
    unsigned voids[TAR_SEATS] = { 0, 0, 0, 0 };
    uint8_t cards[TAR_SEATS];
    int in_trick = 0;
    memset(self, 0, sizeof *self);
    tar_rules_default(&self->rules);
    if (!cJSON_IsNumber(seat) || seat->valueint < 0 || seat->valueint > 3) return fail(err, cap, "no seat");
    self->seat = seat->valueint;
    if (card_array(cJSON_GetObjectItem(view, "hand"), &self->hand, NULL, 0) < 0) return fail(err, cap, "no hand");
    if (card_array(cJSON_GetObjectItem(view, "discards"), &discards, NULL, 0) < 0) discards = 0;
    if (!cJSON_IsArray(history) || !cJSON_IsObject(trick)) return fail(err, cap, "no history or trick");
    cJSON_ArrayForEach(h, history) {
        const cJSON *who = cJSON_GetObjectItem(h, "seat"), *act = cJSON_GetObjectItem(h, "action");
        if (!cJSON_IsNumber(who) || !cJSON_IsString(act) || who->valueint < 0 || who->valueint > 3)
            return fail(err, cap, "a history entry without seat or action");
        int s = who->valueint;
        const char *text = act->valuestring;
        if (!strncmp(text, "declare ", 8)) declared[s] |= cards_of(text + 8);
        if (!strcmp(text, "wins")) in_trick = 0;
        if (strncmp(text, "play ", 5)) continue;
        int c = tar_card_parse(text + 5, (int)strcspn(text + 5, " "));
        if (c < 0 || in_trick >= TAR_SEATS) return fail(err, cap, "a play that is not a card");
        int suit = tar_trick_suit(cards, in_trick);   /* O22: what not following shows */
        if (suit != TAR_SUIT_NONE && c != TAR_MA && tar_suit(c) != suit) {
            voids[s] |= 1u << suit;
            if (tar_suit(c) != TAR_SUIT_TRUMPS) voids[s] |= 1u << TAR_SUIT_TRUMPS;
        }
        cards[in_trick++] = (uint8_t)c;
        self->gone |= TAR_BIT(c);
    }
    self->gone |= discards;
    const cJSON *leader = cJSON_GetObjectItem(trick, "leader");
    if (!cJSON_IsNumber(leader)) return fail(err, cap, "a trick without leader");
    self->leader = leader->valueint & 3;
    self->n_trick = card_array(cJSON_GetObjectItem(trick, "cards"), &played_now, self->trick, TAR_SEATS);
    if (self->n_trick < 0 || self->n_trick > 3) return fail(err, cap, "a trick without cards");
    tar_mask unseen = TAR_ALL & ~self->hand & ~self->gone;
    for (int s = 0; s < TAR_SEATS; s++) {
        if (s == self->seat) continue;
        tar_mask others_declared = 0;
        for (int t = 0; t < TAR_SEATS; t++)
            if (t != s) others_declared |= declared[t];
        tar_mask may = unseen & ~others_declared;
        for (int suit = 0; suit <= TAR_SUIT_TRUMPS; suit++)
            if (voids[s] & (1u << suit)) may &= ~tar_suit_cards(suit);
        self->possible[s] = may | (declared[s] & unseen);
    }
    return 0;
}

/* ---- valuing cards ---- */

int tarocchini_strategy_cost(int card)
{
    int cost = 4 * tar_card_value(card);
    if (card == TAR_MA) return cost;
    if (tar_suit(card) == TAR_SUIT_TRUMPS) cost += card <= TAR_MO ? 4 : 2;   /* trumps take tricks */
    if ((card >= TAR_T16 && card < TAR_BE) || (card >= TAR_SUIT0 && (card - TAR_SUIT0) % 10 == TAR_ACE))
        cost += 1;   /* sequence material: the run, the Moors, the Aces */
    return cost;
}

/* The card winning the current trick, or -1. */
static int winning_card(const struct tarocchini_strategy *self)
{
    int w = tar_trick_winner(&self->rules, self->trick, self->n_trick, 0);
    return w < 0 ? -1 : self->trick[w];
}

/* Whether `card`, winning after this seat plays it, can still be beaten by a
 * seat playing after it (any card it may hold). */
static int may_be_beaten(const struct tarocchini_strategy *self, int card, int suit)
{
    for (int k = self->n_trick + 1; k < TAR_SEATS; k++) {
        int s = (self->leader + k) % TAR_SEATS;
        for (tar_mask x = self->possible[s]; x; x &= x - 1)
            if (tar_card_beats(&self->rules, __builtin_ctzll(x), card, suit)) return 1;
    }
    return 0;
}

/* ---- the decisions ---- */

static int find(const char *const *legal, int n, const char *text)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(legal[i], text)) return i;
    return 0;
}

/* What discarding card c costs: a Queen, Knight or Jack that makes no hand
 * combination is banked (O12: the discards join the dealer's won cards). */
static int discard_cost(const struct tarocchini_strategy *self, int c)
{
    int s = (c - TAR_SUIT0) / 10, r = (c - TAR_SUIT0) % 10;
    if (c < TAR_SUIT0 || r < TAR_Q || r > TAR_J) return 2 * tarocchini_strategy_cost(c);
    int kind = 0, courts = 0;
    for (int t = 0; t < TAR_SUITS; t++) kind += (self->hand & TAR_BIT(TAR_CARD(t, r))) != 0;
    for (int q = TAR_Q; q <= TAR_J; q++) courts += (self->hand & TAR_BIT(TAR_CARD(s, q))) != 0;
    if (kind >= 3 || ((self->hand & TAR_BIT(TAR_CARD(s, TAR_K))) && courts >= 2)) return 2 * tarocchini_strategy_cost(c);
    return -tar_card_value(c);
}

static int choose_discard(const struct tarocchini_strategy *self, const char *const *legal, int n)
{
    int best = 0, best_cost = 1 << 30;
    for (int i = 0; i < n; i++) {
        tar_mask pair = cards_of(legal[i] + 8);
        int cost = 0;
        for (tar_mask x = pair; x; x &= x - 1) cost += discard_cost(self, __builtin_ctzll(x));
        int a = __builtin_ctzll(pair), suit = tar_suit(a);
        if (suit < TAR_SUIT_TRUMPS && (self->hand & tar_suit_cards(suit) & ~pair) == 0) cost -= 3;   /* a void */
        if (cost < best_cost) best_cost = cost, best = i;
    }
    return best;
}

/* The family naturals a sequence blocks for the rest of the hand (O18:
 * one per family; an Ace counts in its suit and in the Ace sequence). */
static tar_mask blocked_by(tar_mask seq, const struct tar_rules *r)
{
    static const uint8_t aces[4] = { TAR_CARD(0, TAR_ACE), TAR_CARD(1, TAR_ACE), TAR_CARD(2, TAR_ACE),
                                     TAR_CARD(3, TAR_ACE) };
    tar_mask ace_mask = TAR_BIT(aces[0]) | TAR_BIT(aces[1]) | TAR_BIT(aces[2]) | TAR_BIT(aces[3]);
    int f = tar_sequence_family(seq, r);
    tar_mask m = seq;
    if (f == TAR_FAMILY_GRANDE) m |= ((tar_mask)1 << TAR_M1) - 1;
    else if (f == TAR_FAMILY_MOORS) m |= TAR_MOORS;
    else if (f == TAR_FAMILY_ACES) m |= ace_mask;
    else if (f > 0) m |= tar_suit_cards(f - TAR_FAMILY_SWORDS) & ~ace_mask;
    return f == TAR_FAMILY_ACES ? m : m & ~ace_mask;
}

static int choose_declaration(const struct tarocchini_strategy *self, const char *const *legal, int n)
{
    int best = n - 1, best_score = 0;
    for (int i = 0; i < n - 1; i++) {
        int sequence = !strncmp(legal[i], "declare sequence ", 17);
        tar_mask cards = cards_of(legal[i] + (sequence ? 17 : 15));
        int value = sequence ? tar_sequence_value(cards) : tar_cricca_value(tar_cricca_kind(cards), tar_count(cards));
        int rest, count;
        tar_pile_sequences(self->hand & ~(sequence ? blocked_by(cards, &self->rules) : 0), &self->rules, &rest, &count);
        if (value + rest > best_score) best_score = value + rest, best = i;
    }
    return best;
}

static int choose_play(const struct tarocchini_strategy *self, const char *const *legal, int n)
{
    tar_mask playable = 0, volo = 0;
    for (int i = 0; i < n; i++) {
        int c = tar_card_parse(legal[i] + 5, (int)strcspn(legal[i] + 5, " "));
        if (c < 0) continue;
        playable |= TAR_BIT(c);
        if (strstr(legal[i], " volo") && !strchr(strstr(legal[i], " volo") + 5, ' ')) volo |= TAR_BIT(c);
    }
    int suit = tar_trick_suit(self->trick, self->n_trick), best = winning_card(self), pick = -1;
    int cheapest = -1, dearest = -1, dearest_plain = -1, cheapest_winner = -1, sure_dearest = -1, cheapest_beater = -1, points = 0;
    for (int i = 0; i < self->n_trick; i++) points += tarocchini_strategy_cost(self->trick[i]);
    for (tar_mask x = playable; x; x &= x - 1) {
        int c = __builtin_ctzll(x), cost = tarocchini_strategy_cost(c);
        int lead_suit = self->n_trick == 0 || suit == TAR_SUIT_NONE ? tar_suit(c) : suit;
        int wins = tar_card_beats(&self->rules, c, best, lead_suit), sure = wins && !may_be_beaten(self, c, lead_suit);
        if (c != TAR_MA && (cheapest < 0 || cost < tarocchini_strategy_cost(cheapest))) cheapest = c;
        if (c != TAR_MA && (dearest < 0 || cost > tarocchini_strategy_cost(dearest))) dearest = c;
        if (c >= TAR_SUIT0 && (dearest_plain < 0 || cost > tarocchini_strategy_cost(dearest_plain))) dearest_plain = c;
        if (sure && (cheapest_winner < 0 || cost < tarocchini_strategy_cost(cheapest_winner))) cheapest_winner = c;
        if (wins && (cheapest_beater < 0 || cost < tarocchini_strategy_cost(cheapest_beater))) cheapest_beater = c;
        if (sure && (sure_dearest < 0 || cost > tarocchini_strategy_cost(sure_dearest))) sure_dearest = c;
    }
    if (cheapest < 0) cheapest = dearest = TAR_MA;   /* the Matto alone */
    if (self->n_trick == 0) {
        pick = sure_dearest >= 0 ? sure_dearest : cheapest;   /* lead a sure winner, else cheap */
    } else {
        int w = tar_trick_winner(&self->rules, self->trick, self->n_trick, self->leader);
        int partner_wins = w == (self->seat + 2) % TAR_SEATS && best >= 0 && !may_be_beaten(self, best, suit);
        if (partner_wins) pick = dearest_plain >= 0 ? dearest_plain : cheapest;   /* points, not the trumps that take tricks */
        else if (cheapest_winner >= 0) pick = cheapest_winner;   /* every won card is combination material */
        else if (cheapest_beater >= 0 && (self->n_trick == 2 || points >= 4)) pick = cheapest_beater;
        else if ((playable & TAR_BIT(TAR_MA)) && tarocchini_strategy_cost(cheapest) >= 4) pick = TAR_MA;
        else pick = cheapest;
    }
    char text[16];
    snprintf(text, sizeof text, "play %s%s", tar_card_name(pick), volo & TAR_BIT(pick) ? " volo" : "");
    return find(legal, n, text);
}

int tarocchini_strategy_choose(const struct tarocchini_strategy *self, const char *const *legal, int n)
{
    if (n <= 1) return 0;
    if (!strcmp(legal[0], "monte")) {   /* five cards without a trump or a counter */
        int weak = 1;
        for (tar_mask x = self->hand; x; x &= x - 1)
            if (tarocchini_strategy_cost(__builtin_ctzll(x)) >= 2) weak = 0;
        return weak ? 0 : 1;
    }
    if (!strncmp(legal[0], "discard ", 8)) return choose_discard(self, legal, n);
    if (!strcmp(legal[n - 1], "pass")) return choose_declaration(self, legal, n);
    return choose_play(self, legal, n);
}

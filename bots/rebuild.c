/* rebuild.c - a full state rebuilt from one player's view by replaying the
 * deal's public history over a pack repaired until the views agree
 * (rebuild.h).
 *
 * The pack is a permutation of the game's cards (slot -> card). Dealing
 * puts cards by slot whatever they are, so moving a card where the deal
 * needs it is a swap of two slots; a pinned card has been put where the
 * history or the view needs it: a firm pin (an exact place the view shows)
 * is never moved again, a soft one (a hand the card had to be in, a set
 * paired arbitrarily) only by a later difference of the views (a second
 * need for a firm card means the attempt cannot succeed: a fresh shuffled
 * pack is tried).
 * Each replay starts from the fresh match, so the state is always one the
 * engine built itself. Before the first replay of a pack, the cards the
 * history shows each seat play or show are put in its dealt hand (soft
 * pins), so that a replay is rarely refused for a public card; a pack
 * kept in a rebuild_cache (the caller's, between the decisions of one
 * deal) is tried before fresh ones, with its pins.
 */
#include "bots/rebuild.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "engine/rng.h"
#include "protocol/json_writer.h"

enum {
    CARD_TEXT = 8,
    ATTEMPTS = 24,          /* fresh packs */
    REPAIRS = 80,           /* replays per pack */
    HIDDEN_RUN = 16         /* hidden actions in a row before giving up */
};

enum replay_outcome { REPLAY_OK, REPLAY_NEED, REPLAY_FAIL };

/* How a card is pinned: softly where a replayed action needed it in a
 * seat's hand or a set of the view (a hand, a dog) was paired with the
 * rebuilt one arbitrarily (the card may reach its place another way: a dog
 * card the taker discards or plays, so a later difference may move it), or
 * firmly in the exact place the view shows it (a turn-up, a packet). */
enum { PIN_SOFT = 1, PIN_PLACE = 2 };

/* need_card beside a card: the seat holds a card its refused play says it
 * cannot hold; the seat's hand cannot tell what its entry tells. */
enum { NEED_NOT_HOLD = -1, NEED_OTHER_HAND = -2 };

struct rebuilder {
    const struct rebuild_table *table;
    const cJSON *view, *history;
    int player;
    int n_cards;
    char cards[GAME_DECK_MAX][CARD_TEXT];   /* the game's cards, by index */
    int deck[GAME_DECK_MAX];                /* slot -> card index */
    int owner[GAME_DECK_MAX];               /* slot -> player whose hand the fresh
                                               deal puts it in, or -1 (a dog, a stock) */
    unsigned char pinned[GAME_DECK_MAX];    /* by card index: 0, PIN_SOFT, PIN_PLACE */
    unsigned char gone[GAME_DECK_MAX];      /* named by an action replayed so far */
    unsigned char known[GAME_DECK_MAX];     /* cards the view names anywhere */
    unsigned char acted[GAME_DECK_MAX];     /* cards the history's actions name */
    unsigned char shed[GAME_DECK_MAX];      /* cards a seat's redacted action (a
                                               discard) should name: a later play
                                               shows the seat without them */
    unsigned char placed[GAME_DECK_MAX];    /* cards the view shows in an exact place
                                               (a turn-up, a packet), outside the history */
    unsigned char shown[GAME_MAX_PLAYERS][GAME_DECK_MAX];   /* by seat: cards its
                                               entries show beside the action */
    void *scratch;                          /* a state to try an action on */
    int seat_player[GAME_MAX_PLAYERS];
    int player_seat[GAME_MAX_PLAYERS];
    int players, dealer;
    int given, giver;                       /* a card a seat gave for the turn-up
                                               (Belote's Seven exchanged) and that
                                               seat's player, or -1 */
    int need_card, need_player;             /* REPLAY_NEED: who needs what (a card,
                                               or NEED_NOT_HOLD, NEED_OTHER_HAND) */
    long reserve;
    int has_reserve;
    struct rebuild_replay *log;             /* the caller's, or NULL */
    const char *fail;                       /* why the last attempt failed */
    double deadline;                        /* now_ms() to stop at; 0: none */
};

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Applies an action to the replayed state and logs it (self->log). */
static int apply_logged(const struct rebuilder *self, void *state, const char *text, int len)
{
    char err[160];
    int rc = self->table->game->apply(state, text, len, err, sizeof err);
    struct rebuild_replay *log = self->log;
    if (rc != GAME_ILLEGAL && log) {
        if (log->n < log->cap) snprintf(log->actions[log->n++], GAME_ACTION_MAX, "%.*s", len, text);
        else log->n = log->cap + 1;   /* outgrown: dropped at the end */
    }
    return rc;
}

cJSON *rebuild_view(const struct game *g, const void *state, int player)
{
    cJSON *root = cJSON_CreateObject();
    struct json_writer jw;
    if (!root) return NULL;
    json_writer_init(&jw, root);
    g->view(state, player, &jw.writer);
    if (jw.failed) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

static int card_index(const struct rebuilder *self, const char *text, size_t len)
{
    if (len == 0 || len >= CARD_TEXT) return -1;
    for (int i = 0; i < self->n_cards; i++)
        if (!strncmp(self->cards[i], text, len) && self->cards[i][len] == '\0') return i;
    return -1;
}

static int string_card(const struct rebuilder *self, const cJSON *item)
{
    return cJSON_IsString(item) ? card_index(self, item->valuestring, strlen(item->valuestring)) : -1;
}

/* Whether every element of an array is one of the game's cards. */
static int card_array(const struct rebuilder *self, const cJSON *array)
{
    const cJSON *item;
    cJSON_ArrayForEach(item, array) if (string_card(self, item) < 0) return 0;
    return 1;
}

static int letter_player(const cJSON *item)
{
    if (!cJSON_IsString(item) || strlen(item->valuestring) != 1) return -1;
    return item->valuestring[0] - 'A';
}

static int slot_of(const struct rebuilder *self, int card)
{
    for (int s = 0; s < self->n_cards; s++)
        if (self->deck[s] == card) return s;
    return -1;
}

static void swap_cards(struct rebuilder *self, int a, int b)
{
    int sa = slot_of(self, a), sb = slot_of(self, b);
    self->deck[sa] = b;
    self->deck[sb] = a;
}

/* A pq_writer that keeps only the top-level "hand" of a view, as card
 * membership: a seat's hand without building the view's JSON. */
struct hand_sink {
    const struct rebuilder *self;
    unsigned char *in_hand;
    int depth, in, found;
};

static void hand_begin(void *ctx, const char *key, int array)
{
    struct hand_sink *h = ctx;
    (void)array;
    h->depth++;
    if (h->depth == 2 && key && !strcmp(key, "hand")) h->in = h->found = 1;
}

static void hand_end(void *ctx)
{
    struct hand_sink *h = ctx;
    if (h->depth == 2) h->in = 0;
    h->depth--;
}

static void hand_integer(void *ctx, const char *key, long value)
{
    (void)ctx, (void)key, (void)value;
}

static void hand_boolean(void *ctx, const char *key, int value)
{
    (void)ctx, (void)key, (void)value;
}

static void hand_string(void *ctx, const char *key, const char *value)
{
    struct hand_sink *h = ctx;
    (void)key;
    if (h->in && h->depth == 2 && value) {
        int c = card_index(h->self, value, strlen(value));
        if (c >= 0) h->in_hand[c] = 1;
    }
}

static void hand_strings(void *ctx, const char *key, const char *items, int width, int n)
{
    struct hand_sink *h = ctx;
    if (h->depth != 1 || !key || strcmp(key, "hand")) return;
    h->found = 1;
    for (int i = 0; i < n; i++) {
        int c = card_index(h->self, items + (size_t)i * (size_t)width, (size_t)width);
        if (c >= 0) h->in_hand[c] = 1;
    }
}

/* The cards in `player`'s hand in `state` (bit per card index, as a
 * membership array), from the view's "hand" as the engine writes it. 0, or
 * -1 when the view has no hand. */
static int hand_of(const struct rebuilder *self, const void *state, int player, unsigned char *in_hand)
{
    struct hand_sink h = { self, in_hand, 0, 0, 0 };
    struct pq_writer w = { &h, hand_begin, hand_end, hand_integer, hand_string, hand_boolean, hand_strings };
    memset(in_hand, 0, GAME_DECK_MAX);
    /* the view is one object: its fields are at depth 1 once it begins */
    h.depth = 1;
    self->table->game->view(state, player, &w);
    return h.found ? 0 : -1;
}

/* Whether action `text` names a card the view shows somewhere (a hidden
 * action should not spend a card the history or the hand still needs). */
static int names_known(const struct rebuilder *self, const char *text)
{
    for (const char *t = text + strcspn(text, " "); *t;) {
        t += strspn(t, " ");
        size_t tl = strcspn(t, " ");
        int c = card_index(self, t, tl);
        if (c >= 0 && self->known[c]) return 1;
        t += tl;
    }
    return 0;
}

/* Plays a legal action of the player to act chosen by rng among those whose
 * first word is `word` (len bytes; 0: any), preferring one that names no
 * card the view shows. 0, or -1 when there is none. */
static int play_like(const struct rebuilder *self, void *state, const char *word, size_t len, struct pq_rng *rng)
{
    const struct game *g = self->table->game;
    char text[GAME_ACTION_MAX];
    int n = g->legal_count(state), fallback = -1;
    if (n <= 0) return -1;
    for (int tries = 0; tries < 64 + n && tries < 64 + 20000; tries++) {
        /* random picks first (the long lists of Tarot discards), then in order */
        int i = tries < 64 ? (int)pq_rng_below(rng, (uint32_t)n) : tries - 64;
        if (i >= n) break;
        int tl = g->legal_text(state, i, text, sizeof text);
        if (tl < 0) continue;
        if (len > 0 && (strncmp(text, word, len) || (text[len] != ' ' && text[len] != '\0'))) continue;
        if (names_known(self, text)) {
            if (fallback < 0) fallback = i;
            continue;
        }
        return apply_logged(self, state, text, tl) == GAME_ILLEGAL ? -1 : 0;
    }
    if (fallback < 0) return -1;
    int tl = g->legal_text(state, fallback, text, sizeof text);
    return tl < 0 || apply_logged(self, state, text, tl) == GAME_ILLEGAL ? -1 : 0;
}

/* A redacted action that names cards (Tarot's discard as the defence sees
 * it), built from the acting seat's hand: the cards a later refused play
 * showed the seat without (shed[]) first, then cards no action of the
 * history names (a discarded card is never played), those the view names
 * nowhere before those it shows (a dog card), rng breaking ties. A card the
 * rules forbid there (a king in a discard) is found by trying it in place
 * of one card of a legal action. 0 applied, -1 when no such action is
 * found (play_like then draws one). */
static int play_built(const struct rebuilder *self, void *state, const char *word, size_t len, struct pq_rng *rng)
{
    const struct game *g = self->table->game;
    char legal[GAME_ACTION_MAX], text[GAME_ACTION_MAX];
    unsigned char in_hand[GAME_DECK_MAX], in_legal[GAME_DECK_MAX] = { 0 };
    int n = g->legal_count(state), first = -1, k = 0, p = g->to_act(state);
    for (int i = 0; i < n && i < 64 && first < 0; i++)
        if (g->legal_text(state, i, legal, sizeof legal) >= 0 && !strncmp(legal, word, len) && legal[len] == ' ')
            first = i;
    if (first < 0 || p < 0 || hand_of(self, state, p, in_hand) < 0) return -1;
    int base[GAME_DECK_MAX];
    for (const char *t = legal + len; *t;) {
        t += strspn(t, " ");
        size_t tl = strcspn(t, " ");
        int c = card_index(self, t, tl);
        if (c < 0) return -1;   /* a word that is no card: not built */
        base[k++] = c;
        in_legal[c] = 1;
        t += tl;
    }
    if (k == 0) return -1;
    /* candidates by tier, shuffled within it */
    int order[GAME_DECK_MAX], n_order = 0;
    for (int tier = 0; tier < 4; tier++) {
        int from = n_order;
        for (int c = 0; c < self->n_cards; c++) {
            if (!in_hand[c]) continue;
            int t = self->shed[c] ? 0 : self->acted[c] ? 3 : self->known[c] ? 2 : 1;
            if (t != tier) continue;
            if (!in_legal[c]) {
                /* may c stand in a legal action's place? */
                int at = snprintf(text, sizeof text, "%.*s", (int)len, word);
                for (int j = 0; j < k; j++)
                    at += snprintf(text + at, sizeof text - (size_t)at, " %s", self->cards[j ? base[j] : c]);
                if (g->find_legal(state, text, at) < 0) continue;
            }
            order[n_order++] = c;
        }
        for (int i = n_order - 1; i > from; i--) {
            int o = from + (int)pq_rng_below(rng, (uint32_t)(i - from + 1)), x = order[i];
            order[i] = order[o];
            order[o] = x;
        }
    }
    if (n_order < k) return -1;
    unsigned char chosen[GAME_DECK_MAX] = { 0 };
    for (int j = 0; j < k; j++) chosen[order[j]] = 1;
    int at = snprintf(text, sizeof text, "%.*s", (int)len, word);
    for (int c = 0; c < self->n_cards; c++)
        if (chosen[c]) at += snprintf(text + at, sizeof text - (size_t)at, " %s", self->cards[c]);
    if (at >= (int)sizeof text || g->find_legal(state, text, at) < 0) return -1;
    return apply_logged(self, state, text, at) == GAME_ILLEGAL ? -1 : 0;
}

/* The fresh match of this deal with the pack `deck`, before any action. */
static int start_deal(struct rebuilder *self, void *state)
{
    const struct game *g = self->table->game;
    char text[GAME_DECK_MAX * CARD_TEXT], err[160];
    struct game_setup setup = { self->players, 1, self->dealer, self->table->rules, 0 };
    size_t at = 0;
    if (g->create(state, &setup, err, sizeof err) < 0) return -1;
    for (int s = 0; s < self->n_cards; s++)
        at += (size_t)snprintf(text + at, sizeof text - at, "%s%s", s ? " " : "", self->cards[self->deck[s]]);
    if (g->set_deck(state, text, err, sizeof err) < 0) return -1;
    if (self->has_reserve && g->set_deal_field) g->set_deal_field(state, "reserve", self->reserve, err, sizeof err);
    if (g->settle && g->settle(state) == GAME_DEAL_OVER) return -1;
    return 0;
}

/* Every card named in the strings of `item` (words split at spaces and
 * commas: a meld's cards) into set[]. */
static void mark_cards(const struct rebuilder *self, const cJSON *item, unsigned char *set)
{
    const cJSON *child;
    if (cJSON_IsString(item)) {
        for (const char *t = item->valuestring; *t;) {
            t += strspn(t, " ,");
            size_t tl = strcspn(t, " ,");
            int c = card_index(self, t, tl);
            if (c >= 0) set[c] = 1;
            t += tl;
        }
    }
    cJSON_ArrayForEach(child, item) mark_cards(self, child, set);
}

static const cJSON *entry_action(const cJSON *entry)
{
    return cJSON_GetObjectItem(entry, "action");
}

/* Whether a history entry tells more than its action ("say" in Belote's
 * meld dialogue): fields the replay must reproduce. */
static int entry_tells(const cJSON *entry)
{
    return cJSON_GetArraySize(entry) > 2;
}

/* Whether the entry `apply` just made in the rebuilt view (its last one)
 * agrees with the real entry in every field it has. */
static int entry_agrees(const struct rebuilder *self, const void *state, const cJSON *real)
{
    cJSON *mine = rebuild_view(self->table->game, state, self->player);
    const cJSON *history = cJSON_GetObjectItem(mine, "history"), *field;
    const cJSON *last = cJSON_GetArrayItem(history, cJSON_GetArraySize(history) - 1);
    /* as many fields: an `asked` only the real entry has ("How high?"
     * answered in the real deal, the seat's class lower in the rebuilt
     * one) is a difference too */
    int ok = last != NULL && cJSON_GetArraySize(last) == cJSON_GetArraySize(real);
    cJSON_ArrayForEach(field, last) if (!cJSON_Compare(field, cJSON_GetObjectItem(real, field->string), 1)) ok = 0;
    cJSON_Delete(mine);
    return ok;
}

/* Belote's meld dialogue names a seat's *call* (its best declared meld)
 * in a later seat's entry: `asked` (the holder's, after "How high?") and
 * `call` (the new holder's, "not good"), {"seat", "carre": rank} or
 * {"seat", "length", "top": rank}. A seat's bare `meld` entry tells only
 * the class of its call, so the replay must choose among the melds of
 * that class the one a later entry names: else that entry differs beyond
 * its cards and the pack is dropped (most of Belote at four's failures,
 * bots/README.md "How high?, rebuilt"). The key orders calls as the
 * rules' B17 does: the class, then a carré above a sequence in class 100
 * (A > T > K > Q), a sequence by length, then by its top card. */
static const char CALL_RANKS[] = "789TJQKA";

static int carre_key(char rank)
{
    switch (rank) {
    case 'J': return 5500;
    case '9': return 4500;
    case 'A': return 3503;
    case 'T': return 3502;
    case 'K': return 3501;
    case 'Q': return 3500;
    default: return -1;
    }
}

static int sequence_key(int length, char top)
{
    const char *r = top ? strchr(CALL_RANKS, top) : NULL;
    if (!r || length < 3) return -1;
    return (length == 3 ? 1 : length == 4 ? 2 : 3) * 1000 + length * 10 + (int)(r - CALL_RANKS);
}

/* The call that the history's `asked` or `call` fields name for `seat`:
 * its key (-1 when none does), *rank its carré's rank or its sequence's
 * top, *length its sequence's length (0: a carré). */
static int named_call(const struct rebuilder *self, int seat, char *rank, int *length)
{
    const cJSON *entry;
    cJSON_ArrayForEach(entry, self->history)
    {
        static const char *const fields[] = { "asked", "call" };
        for (int f = 0; f < 2; f++) {
            const cJSON *call = cJSON_GetObjectItem(entry, fields[f]);
            const cJSON *who = cJSON_GetObjectItem(call, "seat");
            if (!cJSON_IsNumber(who) || who->valueint != seat) continue;
            const char *carre = cJSON_GetStringValue(cJSON_GetObjectItem(call, "carre"));
            const char *top = cJSON_GetStringValue(cJSON_GetObjectItem(call, "top"));
            const cJSON *n = cJSON_GetObjectItem(call, "length");
            if (carre && carre[0]) {
                *rank = carre[0];
                *length = 0;
                return carre_key(carre[0]);
            }
            if (top && top[0] && cJSON_IsNumber(n)) {
                *rank = top[0];
                *length = n->valueint;
                return sequence_key(n->valueint, top[0]);
            }
        }
    }
    return -1;
}

/* A card that player p, playing seat `seat`, lacks for the call the
 * history tells: the one a later entry names (named_call), or for a seat
 * whose own entry said "good" after "How high?" a sequence as long as the
 * holder's call and no higher. Of the calls that fit, the one whose cards
 * p holds most of (a carré: the rank in every suit), every card of it in
 * p's hand or named nowhere in the view, so that it may come into the
 * hand. NEED_OTHER_HAND when nothing is told or no call can be made. */
static int call_card(const struct rebuilder *self, const void *state, int p, int seat, const cJSON *entry)
{
    char rank = 0, text[CARD_TEXT] = "";
    int length = 0, best = NEED_OTHER_HAND, most = -1, lowest;
    unsigned char in_hand[GAME_DECK_MAX];
    const char *top;
    static const char suits[] = "SHDC";
    if (named_call(self, seat, &rank, &length) >= 0) {
        lowest = (int)(strchr(CALL_RANKS, rank) ? strchr(CALL_RANKS, rank) - CALL_RANKS : 0);
    } else {
        const cJSON *asked = cJSON_GetObjectItem(entry, "asked");
        const char *say = cJSON_GetStringValue(cJSON_GetObjectItem(entry, "say"));
        const char *t = cJSON_GetStringValue(cJSON_GetObjectItem(asked, "top"));
        const cJSON *n = cJSON_GetObjectItem(asked, "length");
        if (!say || strcmp(say, "good") || !t || !t[0] || !cJSON_IsNumber(n)) return NEED_OTHER_HAND;
        rank = t[0];
        length = n->valueint;
        lowest = length - 1;
    }
    if (hand_of(self, state, p, in_hand) < 0 || !rank || !(top = strchr(CALL_RANKS, rank))) return NEED_OTHER_HAND;
    if (length > 0 && top - CALL_RANKS + 1 < length) return NEED_OTHER_HAND;
    for (int r = length > 0 ? lowest : 0; r <= (length > 0 ? (int)(top - CALL_RANKS) : 0); r++)
        for (int su = 0; su < (length > 0 ? 4 : 1); su++) {
            int held = 0, missing = -1, ok = 1;
            for (int k = 0; k < (length > 0 ? length : 4) && ok; k++) {
                text[0] = length > 0 ? CALL_RANKS[r - k] : rank;
                text[1] = suits[length > 0 ? su : k];
                text[2] = '\0';
                int c = card_index(self, text, 2);
                if (c < 0 || (!in_hand[c] && self->known[c])) ok = 0;
                else if (in_hand[c]) held++;
                else if (missing < 0) missing = c;
            }
            if (ok && missing >= 0 && held > most) {
                most = held;
                best = missing;
            }
        }
    return best;
}

/* The key of the call a `meld` action text makes: its best meld (cards
 * joined by commas, a sequence's top card first, as the engine writes
 * them), 0 for a bare `meld`. */
static int call_of(const char *text)
{
    int best = 0;
    for (const char *t = text + strcspn(text, " "); *t;) {
        t += strspn(t, " ");
        size_t len = strcspn(t, " ");
        int n = 0, same = 1;
        for (size_t k = 0; k + 1 < len; k += 3) {
            if (t[k] != t[0]) same = 0;
            n++;
        }
        int key = n == 4 && same ? carre_key(t[0]) : sequence_key(n, len ? t[0] : 0);
        if (key > best) best = key;
        t += len;
    }
    return best;
}

/* Whether a legal action is of the kind `word` (len bytes) names. */
static int offers(const struct game *g, const void *state, const char *word, size_t len)
{
    char text[GAME_ACTION_MAX];
    for (int i = 0, n = g->legal_count(state); i < n && i < 4096; i++)
        if (g->legal_text(state, i, text, sizeof text) >= 0 && !strncmp(text, word, len) &&
            (text[len] == ' ' || text[len] == '\0'))
            return 1;
    return 0;
}

/* An action of the entry's kind whose rebuilt entry agrees with `entry`,
 * naming the cards the seat shows when one does, applied. 0, or -1. */
static int play_telling(const struct rebuilder *self, void *state, const cJSON *entry, const char *word, size_t len,
                        int seat, struct pq_rng *rng)
{
    const struct game *g = self->table->game;
    char text[GAME_ACTION_MAX], err[160];
    char rank;
    int n = g->legal_count(state), best = -1, length, call = named_call(self, seat, &rank, &length);
    for (int tries = 0; tries < 64 + n && tries < 64 + 4096; tries++) {
        int i = tries < 64 ? (int)pq_rng_below(rng, (uint32_t)n) : tries - 64;
        if (i >= n) break;
        int tl = g->legal_text(state, i, text, sizeof text);
        if (tl < 0 || strncmp(text, word, len) || (text[len] != ' ' && text[len] != '\0')) continue;
        if (call >= 0 && call_of(text) != call) continue;   /* another call than a later entry names */
        memcpy(self->scratch, state, g->state_size);
        if (g->apply(self->scratch, text, tl, err, sizeof err) == GAME_ILLEGAL) continue;
        if (!entry_agrees(self, self->scratch, entry)) continue;
        unsigned char named[GAME_DECK_MAX] = { 0 };
        cJSON item = { 0 };
        item.type = cJSON_String;
        item.valuestring = text;
        mark_cards(self, &item, named);
        int all = 1;
        for (int c = 0; c < self->n_cards; c++)
            if (self->shown[seat][c] && !named[c]) all = 0;
        best = i;
        if (all) break;
    }
    if (best < 0) return -1;
    int tl = g->legal_text(state, best, text, sizeof text);
    return apply_logged(self, state, text, tl) == GAME_ILLEGAL ? -1 : 0;
}

/* Replays the history over the pack; hidden actions are drawn from
 * `hidden_seed`. REPLAY_NEED names a card a seat must hold. */
static enum replay_outcome replay(struct rebuilder *self, void *state, uint64_t hidden_seed)
{
    const struct game *g = self->table->game;
    const cJSON *entry;
    struct pq_rng rng;
    pq_rng_seed(&rng, hidden_seed);
    memset(self->gone, 0, sizeof self->gone);
    if (start_deal(self, state) < 0) return REPLAY_FAIL;
    if (self->log) {
        memcpy(self->log->start, state, g->state_size);
        self->log->n = 0;
    }
    cJSON_ArrayForEach(entry, self->history)
    {
        const cJSON *seat_item = cJSON_GetObjectItem(entry, "seat");
        const char *text = cJSON_GetStringValue(cJSON_GetObjectItem(entry, "action"));
        if (!cJSON_IsNumber(seat_item) || !text) return REPLAY_FAIL;
        int seat = seat_item->valueint, hidden = 0, p;
        if (seat < 0 || seat >= self->players) return REPLAY_FAIL;
        /* A player to act who is not the entry's seat acts unseen. */
        while ((p = g->to_act(state)) >= 0 && self->player_seat[p] != seat) {
            if (++hidden > HIDDEN_RUN || play_like(self, state, NULL, 0, &rng) < 0) return REPLAY_FAIL;
        }
        if (p < 0) return REPLAY_FAIL;
        size_t len = strlen(text), word = strcspn(text, " ");
        if (entry_tells(entry) && !strchr(text, ' ')) {
            /* a bare word that tells more (a meld announced by its class):
             * the seat holds what it later shows, and the action made must
             * tell the same; a decision of its own that the view hides
             * comes first (Belote's keep of the Seven, listed only in the
             * holder's view: the seat is the next to meld too), never a
             * card play (a seat without melds is offered none: its hand
             * must change, below) */
            while (!offers(g, state, text, word) && !offers(g, state, "play", 4) && g->to_act(state) == p)
                if (++hidden > HIDDEN_RUN || play_like(self, state, NULL, 0, &rng) < 0) return REPLAY_FAIL;
            if (g->to_act(state) != p) return REPLAY_FAIL;
            unsigned char in_hand[GAME_DECK_MAX];
            if (hand_of(self, state, p, in_hand) < 0) return REPLAY_FAIL;
            for (int c = 0; c < self->n_cards; c++)
                if (self->shown[seat][c] && !in_hand[c] && !self->gone[c]) {
                    self->need_card = c;
                    self->need_player = p;
                    return REPLAY_NEED;
                }
            if (play_telling(self, state, entry, text, word, seat, &rng) < 0) {
                /* the seat cannot tell it (no such meld): a card of the
                 * call a later entry names, else another hand */
                self->need_card = call_card(self, state, p, seat, entry);
                self->need_player = p;
                return REPLAY_NEED;
            }
            continue;
        }
        if (g->find_legal(state, text, (int)len) >= 0) {
            if (apply_logged(self, state, text, (int)len) == GAME_ILLEGAL) return REPLAY_FAIL;
            mark_cards(self, entry_action(entry), self->gone);
            continue;
        }
        /* A named card the seat does not hold: the pack must change (a
         * meld's cards are joined by commas: Belote's declaration, whole in
         * every view once its cards are shown) */
        unsigned char in_hand[GAME_DECK_MAX];
        int have_hand = 0;
        for (const char *t = text + word; *t;) {
            t += strspn(t, " ,");
            size_t tl = strcspn(t, " ,");
            int c = card_index(self, t, tl);
            if (c >= 0) {
                if (!have_hand && hand_of(self, state, p, in_hand) < 0) return REPLAY_FAIL;
                have_hand = 1;
                if (!in_hand[c]) {
                    self->need_card = c;
                    self->need_player = p;
                    return REPLAY_NEED;
                }
            }
            t += tl;
        }
        /* Every named card held and still refused: the seat holds a card it
         * would have had to play (a suit it showed void). */
        if (have_hand) {
            self->need_card = NEED_NOT_HOLD;
            self->need_player = p;
            return REPLAY_NEED;
        }
        /* Redacted (a discard shown without its cards), or a notice that is
         * no action ("wins"): the same kind of action, or nothing. */
        if (!strchr(text, ' ') && play_built(self, state, text, word, &rng) == 0) continue;
        if (play_like(self, state, text, word, &rng) < 0) continue;
    }
    for (int hidden = 0; (void)0, g->to_act(state) >= 0 && g->to_act(state) != self->player; hidden++)
        if (hidden >= HIDDEN_RUN || play_like(self, state, NULL, 0, &rng) < 0) return REPLAY_FAIL;
    return g->to_act(state) == self->player ? REPLAY_OK : REPLAY_FAIL;
}

/* Compares the real view `a` with the rebuilt `b`: card pairs (real card,
 * rebuilt card found in its place) into pairs[], and the count of other
 * differences into *hard. */
struct view_diff {
    int pairs[2 * GAME_DECK_MAX][3];   /* real, rebuilt, 1 when from a set */
    int n_pairs;
    int hard;
};

static void diff_pair(struct view_diff *d, int real, int rebuilt, int from_set)
{
    if (d->n_pairs < 2 * GAME_DECK_MAX) {
        d->pairs[d->n_pairs][0] = real;
        d->pairs[d->n_pairs][1] = rebuilt;
        d->pairs[d->n_pairs][2] = from_set;
        d->n_pairs++;
    } else {
        d->hard++;
    }
}

static int skipped(const char *key)
{
    static const char *const keys[] = REBUILD_SKIPPED;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (!strcmp(key, keys[i])) return 1;
    return 0;
}

static void diff(const struct rebuilder *self, const cJSON *a, const cJSON *b, int top, struct view_diff *d)
{
    if (!a || !b || (a->type & 0xFF) != (b->type & 0xFF)) {
        d->hard++;
        return;
    }
    if (cJSON_IsObject(a)) {
        const cJSON *item;
        int na = 0, nb = cJSON_GetArraySize(b);
        cJSON_ArrayForEach(item, a)
        {
            na++;
            if (top && skipped(item->string)) continue;
            if (!strcmp(item->string, "say")) continue;   /* rebuild.h: the meld dialogue */
            diff(self, item, cJSON_GetObjectItemCaseSensitive(b, item->string), 0, d);
        }
        if (na != nb) d->hard++;
    } else if (cJSON_IsArray(a)) {
        int na = cJSON_GetArraySize(a), nb = cJSON_GetArraySize(b);
        if (na != nb) {
            d->hard++;
        } else if (na > 0 && card_array(self, a) && card_array(self, b)) {
            /* a set of cards (a hand, a dog): order is the view's sorting */
            unsigned char in_a[GAME_DECK_MAX] = { 0 }, in_b[GAME_DECK_MAX] = { 0 };
            const cJSON *item;
            cJSON_ArrayForEach(item, a) in_a[string_card(self, item)] = 1;
            cJSON_ArrayForEach(item, b) in_b[string_card(self, item)] = 1;
            /* the rebuilt set's extra cards, those the view names nowhere
             * first (a card the view shows elsewhere, such as a dog card in
             * the taker's hand, is better left where it is) */
            int extras[GAME_DECK_MAX], n_extras = 0, next = 0;
            for (int pass = 0; pass < 2; pass++)
                for (int c = 0; c < self->n_cards; c++)
                    if (in_b[c] && !in_a[c] && (self->known[c] != 0) == pass) extras[n_extras++] = c;
            for (int c = 0; c < self->n_cards; c++)
                if (in_a[c] && !in_b[c]) {
                    if (next == n_extras) {
                        d->hard++;
                        return;
                    }
                    diff_pair(d, c, extras[next++], 1);
                }
        } else {
            for (int i = 0; i < na; i++) diff(self, cJSON_GetArrayItem(a, i), cJSON_GetArrayItem(b, i), 0, d);
        }
    } else if (cJSON_IsString(a)) {
        if (!strcmp(a->valuestring, b->valuestring)) return;
        int ca = string_card(self, a), cb = string_card(self, b);
        if (ca >= 0 && cb >= 0) diff_pair(d, ca, cb, 0);
        else d->hard++;
    } else if (cJSON_IsNumber(a)) {
        if (a->valuedouble != b->valuedouble) d->hard++;
    } else if (cJSON_IsBool(a)) {
        if (cJSON_IsTrue(a) != cJSON_IsTrue(b)) d->hard++;
    }
}

int rebuild_views_match(const cJSON *a, const cJSON *b)
{
    /* no card pairs can be told apart here: every difference counts */
    struct rebuilder none;
    struct view_diff d;
    memset(&none, 0, sizeof none);
    memset(&d, 0, sizeof d);
    diff(&none, a, b, 1, &d);
    return d.hard == 0 && d.n_pairs == 0;
}

/* placed[]: the cards the view shows in an exact place, as diff() pairs
 * them (a card string that is a field, or an element of a list that is
 * not a set of cards), outside the history. */
static void mark_places(struct rebuilder *self, const cJSON *item, int top)
{
    const cJSON *child;
    if (cJSON_IsString(item)) {
        int c = string_card(self, item);
        if (c >= 0) self->placed[c] = 1;
        return;
    }
    if (cJSON_IsArray(item) && card_array(self, item)) return;
    cJSON_ArrayForEach(child, item)
    {
        if (top && child->string && !strcmp(child->string, "history")) continue;
        mark_places(self, child, 0);
    }
}

/* known[]: every card the view names; shown[seat]: the cards named beside
 * the action in a seat's history entries (Belote's `shows`). */
static void mark_known(struct rebuilder *self, const cJSON *view)
{
    const cJSON *entry, *field;
    mark_cards(self, view, self->known);
    mark_places(self, view, 1);
    cJSON_ArrayForEach(entry, self->history)
    {
        mark_cards(self, entry_action(entry), self->acted);
        int seat = cJSON_GetNumberValue(cJSON_GetObjectItem(entry, "seat"));
        if (seat < 0 || seat >= GAME_MAX_PLAYERS) continue;
        cJSON_ArrayForEach(field, entry) if (strcmp(field->string, "action")) mark_cards(self, field, self->shown[seat]);
    }
}

/* given, giver: a seat that exchanged the Seven of trumps for the turn-up
 * (Belote: the view names the seat in "exchange" and the suit in "trump")
 * held the Seven as dealt. No action names the Seven there: the maker who
 * takes it from the turn-up place at four plays it, so without it the
 * Seven went into the maker's hand, the exchanger had no exchange to
 * make, and every replay of the deal failed. */
static void read_exchange(struct rebuilder *self)
{
    const cJSON *seat = cJSON_GetObjectItem(self->view, "exchange");
    const char *trump = cJSON_GetStringValue(cJSON_GetObjectItem(self->view, "trump"));
    char seven[CARD_TEXT];
    self->given = self->giver = -1;
    if (!cJSON_IsNumber(seat) || seat->valueint < 0 || seat->valueint >= self->players || !trump || strlen(trump) != 1)
        return;
    snprintf(seven, sizeof seven, "7%s", trump);
    self->given = card_index(self, seven, strlen(seven));
    if (self->given >= 0) self->giver = self->seat_player[seat->valueint];
}

/* The fixed facts of the view: cards, seats, dealer, history. */
static int read_table(struct rebuilder *self, void *state, char *err, int cap)
{
    const struct game *g = self->table->game;
    char text[GAME_DECK_MAX * CARD_TEXT], e[160];
    struct game_setup setup = { self->table->players, 1, 0, self->table->rules, 0 };
    if (g->create(state, &setup, e, sizeof e) < 0) {
        snprintf(err, (size_t)cap, "%s", e);
        return -1;
    }
    self->players = g->players(state);
    g->deck_text(state, text, sizeof text);
    self->n_cards = 0;
    for (char *t = strtok(text, " "); t && self->n_cards < GAME_DECK_MAX; t = strtok(NULL, " "))
        snprintf(self->cards[self->n_cards++], CARD_TEXT, "%s", t);
    self->history = cJSON_GetObjectItem(self->view, "history");
    if (!cJSON_IsArray(self->history)) {
        snprintf(err, (size_t)cap, "%s: the view has no history to replay", g->name);
        return -1;
    }
    self->dealer = letter_player(cJSON_GetObjectItem(self->view, "dealer"));
    if (self->dealer < 0 || self->dealer >= self->players) {
        snprintf(err, (size_t)cap, "%s: the view names no dealer", g->name);
        return -1;
    }
    const cJSON *seats = cJSON_GetObjectItem(self->view, "seats");
    for (int s = 0; s < self->players; s++) {
        int p = cJSON_IsArray(seats) ? letter_player(cJSON_GetArrayItem(seats, s)) : s;
        if (p < 0 || p >= self->players) {
            snprintf(err, (size_t)cap, "%s: the view's seats are not the table's", g->name);
            return -1;
        }
        self->seat_player[s] = p;
        self->player_seat[p] = s;
    }
    mark_known(self, self->view);
    read_exchange(self);
    const cJSON *reserve = cJSON_GetObjectItem(self->view, "reserve");
    self->has_reserve = cJSON_IsNumber(reserve);
    self->reserve = self->has_reserve ? (long)reserve->valuedouble : 0;
    return 0;
}

/* Puts card c into the dealt hand of player p (owner: slot -> player whose
 * hand it deals, or -1), for one of p's cards that no action names, one
 * the view names nowhere first; c is pinned softly. */
static void place_card(struct rebuilder *self, int c, int p, int *slot)
{
    int best = -1;
    if (self->owner[slot[c]] == p) {
        if (!self->pinned[c]) self->pinned[c] = PIN_SOFT;
        return;
    }
    for (int s = 0; s < self->n_cards; s++) {
        int x = self->deck[s];
        if (self->owner[s] != p || self->pinned[x] || self->acted[x]) continue;
        if (best < 0 || (self->known[self->deck[best]] && !self->known[x])) best = s;
    }
    if (best < 0) return;
    int x = self->deck[best], from = slot[c];
    self->deck[best] = c;
    self->deck[from] = x;
    slot[c] = best;
    slot[x] = from;
    self->pinned[c] = PIN_SOFT;
}

/* Before any replay, every card the history shows a seat playing or
 * showing (a play, a poignée's trumps) is put into that seat's hand as
 * dealt, where the fresh deal gives the seat a
 * hand (a soft pin: a card it took from a dog or a turn-up may have to go
 * back there, which a later difference of the views tells). Without it
 * each played card costs one replay, a deal's worth of them dozens. */
static void place_plays(struct rebuilder *self, void *state)
{
    int slot[GAME_DECK_MAX];
    unsigned char in_hand[GAME_DECK_MAX];
    const cJSON *entry;
    for (int s = 0; s < self->n_cards; s++) self->owner[s] = -1;
    if (start_deal(self, state) < 0) return;
    for (int s = 0; s < self->n_cards; s++) {
        slot[self->deck[s]] = s;
    }
    for (int p = 0; p < self->players; p++) {
        if (hand_of(self, state, p, in_hand) < 0) return;
        for (int c = 0; c < self->n_cards; c++)
            if (in_hand[c]) self->owner[slot[c]] = p;
    }
    if (self->given >= 0 && self->pinned[self->given] != PIN_PLACE) place_card(self, self->given, self->giver, slot);
    cJSON_ArrayForEach(entry, self->history)
    {
        int seat = cJSON_GetNumberValue(cJSON_GetObjectItem(entry, "seat"));
        unsigned char cards[GAME_DECK_MAX] = { 0 };
        if (seat < 0 || seat >= self->players) continue;
        mark_cards(self, entry_action(entry), cards);
        for (int c = 0; c < self->n_cards; c++)
            if (cards[c] && self->pinned[c] != PIN_PLACE && !self->placed[c] && c != self->given) place_card(self, c, self->seat_player[seat], slot);
    }
}

/* One pack's repairs until the views agree: 0 done, -1 this pack fails. */
static int attempt(struct rebuilder *self, void *state, struct pq_rng *rng, uint64_t hidden_seed,
                   const struct rebuild_cache *from, struct rebuild_stats *stats)
{
    const struct game *g = self->table->game;
    struct view_diff d;
    unsigned char in_hand[GAME_DECK_MAX];
    memset(self->shed, 0, sizeof self->shed);
    if (from) {
        /* the pack that gave the last state of this deal, with its pins */
        memcpy(self->deck, from->deck, sizeof self->deck);
        memcpy(self->pinned, from->pinned, sizeof self->pinned);
    } else {
        memset(self->pinned, 0, sizeof self->pinned);
        for (int s = 0; s < self->n_cards; s++) self->deck[s] = s;
        for (int s = self->n_cards - 1; s > 0; s--) {
            int o = (int)pq_rng_below(rng, (uint32_t)(s + 1)), t = self->deck[s];
            self->deck[s] = self->deck[o];
            self->deck[o] = t;
        }
    }
    place_plays(self, state);
    for (int r = 0; r < REPAIRS; r++) {
        if (self->deadline > 0 && now_ms() > self->deadline) {
            self->fail = "out of time";
            return -1;
        }
        stats->replays++;
        enum replay_outcome out = replay(self, state, hidden_seed);
        if (out == REPLAY_FAIL) {
            self->fail = "the history does not replay";
            return -1;
        }
        if (out == REPLAY_NEED) {
            int c = self->need_card, options[GAME_DECK_MAX], n = 0;
            if (c < 0) {
                /* the seat's cards that its legal plays name are those that
                 * made the real play illegal: one of them, unpinned, goes
                 * elsewhere for an unpinned card outside the hand (for a
                 * hand that cannot tell what it told, any of its cards) */
                int culprits[GAME_DECK_MAX], others[GAME_DECK_MAX], nc = 0, no = 0;
                unsigned char named[GAME_DECK_MAX] = { 0 };
                char text[GAME_ACTION_MAX];
                if (hand_of(self, state, self->need_player, in_hand) < 0) return -1;
                for (int i = 0, n_legal = g->legal_count(state); i < n_legal && i < 4096; i++) {
                    if (g->legal_text(state, i, text, sizeof text) < 0) continue;
                    for (const char *t = text + strcspn(text, " "); *t;) {
                        t += strspn(t, " ");
                        size_t tl = strcspn(t, " ");
                        int x = card_index(self, t, tl);
                        if (x >= 0) named[x] = 1;
                        t += tl;
                    }
                }
                /* unpinned cards first; a soft pin (a card placed where a
                 * later action names it) gives way when no other will */
                for (int pin = 0; pin <= PIN_SOFT && (nc == 0 || no == 0); pin++) {
                    if (nc == 0)
                        for (int x = 0; x < self->n_cards; x++)
                            if (self->pinned[x] == pin && in_hand[x] && (named[x] || c == NEED_OTHER_HAND))
                                culprits[nc++] = x;
                    if (no == 0)
                        for (int x = 0; x < self->n_cards; x++)
                            if (self->pinned[x] == pin && !in_hand[x]) others[no++] = x;
                }
                /* a culprit the seat did not get in its deal (a dog card
                 * the view shows) cannot move: the seat's redacted action
                 * (its discard) sheds it, when there is one */
                int shed = 0;
                for (int k = 0; k < nc; k++)
                    if (self->owner[slot_of(self, culprits[k])] != self->need_player && self->known[culprits[k]] &&
                        !self->shed[culprits[k]]) {
                        self->shed[culprits[k]] = 1;
                        shed = 1;
                    }
                if (shed) continue;
                if (nc == 0 || no == 0) {
                    self->fail = "a seat's plays cannot be made legal";
                    return -1;
                }
                swap_cards(self, culprits[pq_rng_below(rng, (uint32_t)nc)], others[pq_rng_below(rng, (uint32_t)no)]);
                continue;
            }
            /* a soft pin that did not bring the card into the hand gives way */
            if (self->pinned[c] == PIN_PLACE || hand_of(self, state, self->need_player, in_hand) < 0) {
                self->fail = "a card is needed in two places";
                return -1;
            }
            /* a card dealt to the seat first: one it took from a dog or a
             * turn-up would put c there, where the view shows other cards */
            for (int x = 0; x < self->n_cards; x++)
                if (in_hand[x] && !self->pinned[x] && self->owner[slot_of(self, x)] == self->need_player) options[n++] = x;
            if (n == 0)
                for (int x = 0; x < self->n_cards; x++)
                    if (in_hand[x] && !self->pinned[x]) options[n++] = x;
            if (n == 0) {
                self->fail = "a hand has no card left to exchange";
                return -1;
            }
            swap_cards(self, c, options[pq_rng_below(rng, (uint32_t)n)]);
            self->pinned[c] = PIN_SOFT;
            continue;
        }
        cJSON *mine = rebuild_view(g, state, self->player);
        memset(&d, 0, sizeof d);
        diff(self, self->view, mine, 1, &d);
        cJSON_Delete(mine);
        if (d.n_pairs == 0 && d.hard == 0) return 0;
        if (d.n_pairs == 0) {
            self->fail = "the rebuilt view differs beyond its cards";
            return -1;
        }
        /* a card's exact place (a turn-up, a layout's packet) before a
         * set's (a hand): the set's pairing is arbitrary */
        unsigned char moved[GAME_DECK_MAX] = { 0 };
        for (int k = 0; k < 2 * d.n_pairs; k++) {
            int i = k % d.n_pairs, real = d.pairs[i][0], there = d.pairs[i][1];
            if (d.pairs[i][2] != (k >= d.n_pairs)) continue;
            /* a card moved in this round makes the later pairs naming it
             * stale (one card in two fields: Belote's turn-up): the next
             * replay tells */
            if (moved[real] || moved[there]) continue;
            /* a soft pin gives way (the next replay tells whether the
             * card still reaches where it was needed) */
            if (self->pinned[real] == PIN_PLACE || self->pinned[there] == PIN_PLACE) {
                self->fail = "a card is needed in two places";
                return -1;
            }
            swap_cards(self, real, there);
            self->pinned[real] = d.pairs[i][2] ? PIN_SOFT : PIN_PLACE;
            self->pinned[there] = 0;
            moved[real] = moved[there] = 1;
        }
    }
    self->fail = "too many repairs";
    return -1;
}

void rebuild_cache_init(struct rebuild_cache *self)
{
    memset(self, 0, sizeof *self);
}

void rebuild_cache_clear(struct rebuild_cache *self)
{
    struct rebuild_replay *replay = self->replay;
    cJSON_Delete(self->history);
    rebuild_cache_init(self);
    self->replay = replay;
}

static int view_number(const cJSON *view, const char *key)
{
    const cJSON *item = cJSON_GetObjectItem(view, key);
    return cJSON_IsNumber(item) ? item->valueint : -1;
}

/* Whether the cache holds an earlier decision of this deal: the same
 * match, game, player, deal and dealer, and a history the view's begins
 * with. */
static int cache_fits(const struct rebuilder *self, const struct rebuild_cache *cache, uint64_t match)
{
    const cJSON *a, *b;
    if (!cache || !cache->history || cache->match != match || cache->game != self->table->game ||
        cache->player != self->player || cache->dealer != self->dealer ||
        cache->deal != view_number(self->view, "deal") || cache->n_cards != self->n_cards ||
        cJSON_GetArraySize(cache->history) > cJSON_GetArraySize(self->history))
        return 0;
    b = self->history->child;
    cJSON_ArrayForEach(a, cache->history)
    {
        if (!cJSON_Compare(a, b, 1)) return 0;
        b = b->next;
    }
    return 1;
}

/* Keeps the pack of the state just rebuilt for the next decision. */
static void cache_keep(const struct rebuilder *self, struct rebuild_cache *cache, uint64_t match, uint64_t hidden_seed)
{
    cJSON *history = cJSON_Duplicate(self->history, 1);
    if (!history) return;   /* out of memory: the next rebuild starts afresh */
    cJSON_Delete(cache->history);
    cache->history = history;
    cache->match = match;
    cache->game = self->table->game;
    cache->player = self->player;
    cache->dealer = self->dealer;
    cache->deal = view_number(self->view, "deal");
    cache->n_cards = self->n_cards;
    cache->hidden_seed = hidden_seed;
    memcpy(cache->deck, self->deck, sizeof cache->deck);
    memcpy(cache->pinned, self->pinned, sizeof cache->pinned);
}

int rebuild_state_cached(void *out, const struct rebuild_table *table, const cJSON *view, int player, uint64_t seed,
                         double cap_ms, struct rebuild_cache *cache, uint64_t match, struct rebuild_stats *stats,
                         char *err, int cap)
{
    struct rebuilder *self = calloc(1, sizeof *self);
    struct rebuild_stats none;
    struct pq_rng rng;
    int rc = -1;
    if (!stats) stats = &none;
    memset(stats, 0, sizeof *stats);
    if (!self) {
        snprintf(err, (size_t)cap, "out of memory");
        return -1;
    }
    self->table = table;
    self->view = view;
    self->player = player;
    self->deadline = cap_ms > 0 ? now_ms() + cap_ms : 0;
    self->log = cache && cache->replay && cache->replay->start && cache->replay->actions ? cache->replay : NULL;
    self->scratch = malloc(table->game->state_size);
    if (!self->scratch) {
        snprintf(err, (size_t)cap, "out of memory");
        goto out;
    }
    if (read_table(self, out, err, cap) < 0) goto out;
    if (player < 0 || player >= self->players) {
        snprintf(err, (size_t)cap, "player %d is not at the table", player);
        goto out;
    }
    pq_rng_seed(&rng, seed);
    if (cache_fits(self, cache, match) && !(self->deadline > 0 && now_ms() > self->deadline)) {
        stats->attempts++;
        if (attempt(self, out, &rng, cache->hidden_seed, cache, stats) == 0) {
            stats->from_cache = 1;
            cache_keep(self, cache, match, cache->hidden_seed);
            rc = 0;
            goto out;
        }
    }
    for (int a = 0; a < ATTEMPTS && !(self->deadline > 0 && now_ms() > self->deadline); a++) {
        uint64_t hidden_seed = pq_rng_mix(seed, (uint64_t)a);
        stats->attempts++;
        if (attempt(self, out, &rng, hidden_seed, NULL, stats) == 0) {
            if (cache) cache_keep(self, cache, match, hidden_seed);
            rc = 0;
            goto out;
        }
    }
    snprintf(err, (size_t)cap, "%s: no state fits the view after %d packs (last: %s)", table->game->name, stats->attempts,
             self->fail ? self->fail : "?");
out:
    if (self->log && (rc < 0 || self->log->n > self->log->cap)) self->log->n = 0;   /* no replay to weigh with */
    free(self->scratch);
    free(self);
    return rc;
}

int rebuild_state(void *out, const struct rebuild_table *table, const cJSON *view, int player, uint64_t seed,
                  double cap_ms, struct rebuild_stats *stats, char *err, int cap)
{
    return rebuild_state_cached(out, table, view, player, seed, cap_ms, NULL, 0, stats, err, cap);
}

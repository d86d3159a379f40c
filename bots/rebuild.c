/* rebuild.c - a full state rebuilt from one player's view by replaying the
 * deal's public history over a pack repaired until the views agree
 * (rebuild.h).
 *
 * The pack is a permutation of the game's cards (slot -> card). Dealing
 * puts cards by slot whatever they are, so moving a card where the deal
 * needs it is a swap of two slots; a pinned card has been put where the
 * history or the view needs it and is never moved again (a second need for
 * it means the attempt cannot succeed: a fresh shuffled pack is tried).
 * Each replay starts from the fresh match, so the state is always one the
 * engine built itself.
 */
#include "bots/rebuild.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/rng.h"
#include "protocol/json_writer.h"

enum {
    CARD_TEXT = 8,
    ATTEMPTS = 24,          /* fresh packs */
    REPAIRS = 80,           /* replays per pack */
    HIDDEN_RUN = 16         /* hidden actions in a row before giving up */
};

enum replay_outcome { REPLAY_OK, REPLAY_NEED, REPLAY_FAIL };

struct rebuilder {
    const struct rebuild_table *table;
    const cJSON *view, *history;
    int player;
    int n_cards;
    char cards[GAME_DECK_MAX][CARD_TEXT];   /* the game's cards, by index */
    int deck[GAME_DECK_MAX];                /* slot -> card index */
    unsigned char pinned[GAME_DECK_MAX];    /* by card index */
    int seat_player[GAME_MAX_PLAYERS];
    int player_seat[GAME_MAX_PLAYERS];
    int players, dealer;
    int need_card, need_player;             /* REPLAY_NEED: who needs what (card -1:
                                               a card it must not hold) */
    long reserve;
    int has_reserve;
    const char *fail;                       /* why the last attempt failed */
};

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

/* The cards in `player`'s hand in `state` (bit per card index, as a
 * membership array). 0, or -1 when the view has no hand. */
static int hand_of(const struct rebuilder *self, const void *state, int player, unsigned char *in_hand)
{
    cJSON *view = rebuild_view(self->table->game, state, player);
    const cJSON *hand = cJSON_GetObjectItem(view, "hand"), *item;
    int rc = cJSON_IsArray(hand) ? 0 : -1;
    memset(in_hand, 0, GAME_DECK_MAX);
    cJSON_ArrayForEach(item, hand)
    {
        int c = string_card(self, item);
        if (c >= 0) in_hand[c] = 1;
    }
    cJSON_Delete(view);
    return rc;
}

/* Plays a legal action of the player to act chosen by rng among those whose
 * first word is `word` (len bytes; 0: any). 0, or -1 when there is none. */
static int play_like(const struct game *g, void *state, const char *word, size_t len, struct pq_rng *rng)
{
    char text[GAME_ACTION_MAX], err[160];
    int n = g->legal_count(state);
    if (n <= 0) return -1;
    for (int tries = 0; tries < 64 + n && tries < 64 + 20000; tries++) {
        /* random picks first (the long lists of Tarot discards), then in order */
        int i = tries < 64 ? (int)pq_rng_below(rng, (uint32_t)n) : tries - 64;
        if (i >= n) break;
        int tl = g->legal_text(state, i, text, sizeof text);
        if (tl < 0) continue;
        if (len > 0 && (strncmp(text, word, len) || (text[len] != ' ' && text[len] != '\0'))) continue;
        return g->apply(state, text, tl, err, sizeof err) == GAME_ILLEGAL ? -1 : 0;
    }
    return -1;
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

/* Replays the history over the pack; hidden actions are drawn from
 * `hidden_seed`. REPLAY_NEED names a card a seat must hold. */
static enum replay_outcome replay(struct rebuilder *self, void *state, uint64_t hidden_seed)
{
    const struct game *g = self->table->game;
    const cJSON *entry;
    struct pq_rng rng;
    char err[160];
    pq_rng_seed(&rng, hidden_seed);
    if (start_deal(self, state) < 0) return REPLAY_FAIL;
    cJSON_ArrayForEach(entry, self->history)
    {
        const cJSON *seat_item = cJSON_GetObjectItem(entry, "seat");
        const char *text = cJSON_GetStringValue(cJSON_GetObjectItem(entry, "action"));
        if (!cJSON_IsNumber(seat_item) || !text) return REPLAY_FAIL;
        int seat = seat_item->valueint, hidden = 0, p;
        if (seat < 0 || seat >= self->players) return REPLAY_FAIL;
        /* A player to act who is not the entry's seat acts unseen. */
        while ((p = g->to_act(state)) >= 0 && self->player_seat[p] != seat) {
            if (++hidden > HIDDEN_RUN || play_like(g, state, NULL, 0, &rng) < 0) return REPLAY_FAIL;
        }
        if (p < 0) return REPLAY_FAIL;
        size_t len = strlen(text);
        if (g->find_legal(state, text, (int)len) >= 0) {
            if (g->apply(state, text, (int)len, err, sizeof err) == GAME_ILLEGAL) return REPLAY_FAIL;
            continue;
        }
        size_t word = strcspn(text, " ");
        /* A named card the seat does not hold: the pack must change. */
        unsigned char in_hand[GAME_DECK_MAX];
        int have_hand = 0;
        for (const char *t = text + word; *t;) {
            t += strspn(t, " ");
            size_t tl = strcspn(t, " ");
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
            self->need_card = -1;
            self->need_player = p;
            return REPLAY_NEED;
        }
        /* Redacted (a discard shown without its cards), or a notice that is
         * no action ("wins"): the same kind of action, or nothing. */
        if (play_like(g, state, text, word, &rng) < 0) continue;
    }
    for (int hidden = 0; (void)0, g->to_act(state) >= 0 && g->to_act(state) != self->player; hidden++)
        if (hidden >= HIDDEN_RUN || play_like(g, state, NULL, 0, &rng) < 0) return REPLAY_FAIL;
    return g->to_act(state) == self->player ? REPLAY_OK : REPLAY_FAIL;
}

/* Compares the real view `a` with the rebuilt `b`: card pairs (real card,
 * rebuilt card found in its place) into pairs[], and the count of other
 * differences into *hard. */
struct view_diff {
    int pairs[GAME_DECK_MAX][2];
    int n_pairs;
    int hard;
};

static void diff_pair(struct view_diff *d, int real, int rebuilt)
{
    if (d->n_pairs < GAME_DECK_MAX) {
        d->pairs[d->n_pairs][0] = real;
        d->pairs[d->n_pairs][1] = rebuilt;
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
            int extra = 0;
            for (int c = 0; c < self->n_cards; c++)
                if (in_a[c] && !in_b[c]) {
                    while (extra < self->n_cards && !(in_b[extra] && !in_a[extra])) extra++;
                    if (extra == self->n_cards) {
                        d->hard++;
                        return;
                    }
                    diff_pair(d, c, extra++);
                }
        } else {
            for (int i = 0; i < na; i++) diff(self, cJSON_GetArrayItem(a, i), cJSON_GetArrayItem(b, i), 0, d);
        }
    } else if (cJSON_IsString(a)) {
        if (!strcmp(a->valuestring, b->valuestring)) return;
        int ca = string_card(self, a), cb = string_card(self, b);
        if (ca >= 0 && cb >= 0) diff_pair(d, ca, cb);
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
    const cJSON *reserve = cJSON_GetObjectItem(self->view, "reserve");
    self->has_reserve = cJSON_IsNumber(reserve);
    self->reserve = self->has_reserve ? (long)reserve->valuedouble : 0;
    return 0;
}

/* One pack's repairs until the views agree: 0 done, -1 this pack fails. */
static int attempt(struct rebuilder *self, void *state, struct pq_rng *rng, uint64_t hidden_seed,
                   struct rebuild_stats *stats)
{
    const struct game *g = self->table->game;
    struct view_diff d;
    unsigned char in_hand[GAME_DECK_MAX];
    memset(self->pinned, 0, sizeof self->pinned);
    for (int s = 0; s < self->n_cards; s++) self->deck[s] = s;
    for (int s = self->n_cards - 1; s > 0; s--) {
        int o = (int)pq_rng_below(rng, (uint32_t)(s + 1)), t = self->deck[s];
        self->deck[s] = self->deck[o];
        self->deck[o] = t;
    }
    for (int r = 0; r < REPAIRS; r++) {
        stats->replays++;
        enum replay_outcome out = replay(self, state, hidden_seed);
        if (out == REPLAY_FAIL) {
            self->fail = "the history does not replay";
            return -1;
        }
        if (out == REPLAY_NEED) {
            int c = self->need_card, options[GAME_DECK_MAX], n = 0;
            if (c < 0) {
                /* a card of the seat's, unpinned, for one elsewhere: a random
                 * walk among the packs until the seat's plays are legal */
                int mine[GAME_DECK_MAX], others[GAME_DECK_MAX], nm = 0, no = 0;
                if (hand_of(self, state, self->need_player, in_hand) < 0) return -1;
                for (int x = 0; x < self->n_cards; x++)
                    if (!self->pinned[x]) {
                        if (in_hand[x]) mine[nm++] = x;
                        else others[no++] = x;
                    }
                if (nm == 0 || no == 0) {
                    self->fail = "a seat's plays cannot be made legal";
                    return -1;
                }
                swap_cards(self, mine[pq_rng_below(rng, (uint32_t)nm)], others[pq_rng_below(rng, (uint32_t)no)]);
                continue;
            }
            if (self->pinned[c] || hand_of(self, state, self->need_player, in_hand) < 0) {
                self->fail = "a card is needed in two places";
                return -1;
            }
            for (int x = 0; x < self->n_cards; x++)
                if (in_hand[x] && !self->pinned[x]) options[n++] = x;
            if (n == 0) {
                self->fail = "a hand has no card left to exchange";
                return -1;
            }
            swap_cards(self, c, options[pq_rng_below(rng, (uint32_t)n)]);
            self->pinned[c] = 1;
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
        unsigned char moved[GAME_DECK_MAX] = { 0 };
        for (int i = 0; i < d.n_pairs; i++) {
            int real = d.pairs[i][0], there = d.pairs[i][1];
            if (moved[real]) continue;     /* one card in two fields (Belote's turn-up) */
            moved[real] = 1;
            if (self->pinned[real] || self->pinned[there]) {
                self->fail = "a card is needed in two places";
                return -1;
            }
            swap_cards(self, real, there);
            self->pinned[real] = 1;
        }
    }
    self->fail = "too many repairs";
    return -1;
}

int rebuild_state(void *out, const struct rebuild_table *table, const cJSON *view, int player, uint64_t seed,
                  struct rebuild_stats *stats, char *err, int cap)
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
    if (read_table(self, out, err, cap) < 0) goto out;
    if (player < 0 || player >= self->players) {
        snprintf(err, (size_t)cap, "player %d is not at the table", player);
        goto out;
    }
    pq_rng_seed(&rng, seed);
    for (int a = 0; a < ATTEMPTS; a++) {
        stats->attempts++;
        if (attempt(self, out, &rng, pq_rng_mix(seed, (uint64_t)a), stats) == 0) {
            rc = 0;
            goto out;
        }
    }
    snprintf(err, (size_t)cap, "%s: no state fits the view after %d packs (last: %s)", table->game->name, ATTEMPTS,
             self->fail ? self->fail : "?");
out:
    free(self);
    return rc;
}

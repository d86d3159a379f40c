/* infer.c - a world's weight from the others' card plays (infer.h). */
#include "bots/infer.h"

#include <string.h>

/* Whether two action texts begin with the same word (`meld`, `keep`). */
static int same_word(const char *a, const char *b)
{
    size_t word = strcspn(a, " ");
    return strcspn(b, " ") == word && !strncmp(a, b, word);
}

/* An action the world's cards refuse that is no card play (one the player
 * did not see: Belote's keep of the Seven, asked of its holder, who may be
 * another seat in this world): the first legal action of the same word
 * applied instead; GAME_ILLEGAL when there is none. */
static int same_kind(const struct game *g, void *s, const char *text)
{
    char other[GAME_ACTION_MAX], err[160];
    for (int k = 0, n = g->legal_count(s); k < n; k++) {
        int len = g->legal_text(s, k, other, sizeof other);
        if (len >= 0 && same_word(text, other))
            return g->apply(s, other, len, err, sizeof err);
    }
    return GAME_ILLEGAL;
}

/* ---- what a seat sees: its view hashed, and its history's length,
 * through a writer that keeps nothing else ---- */
struct sight {
    uint64_t hash;
    int depth, in_history, history;
    int fields;         /* the fields of the history's last entry */
};

static void sight_mark(struct sight *v, char mark, const char *key)
{
    if (v->in_history && v->depth == 3 && key) v->fields++;
    v->hash = search_hash_more(v->hash, &mark, 1);
    if (key) v->hash = search_hash_more(v->hash, key, strlen(key) + 1);
}

static void sight_begin(void *ctx, const char *key, int array)
{
    struct sight *v = ctx;
    sight_mark(v, array ? '[' : '{', key);
    if (v->in_history && v->depth == 2) v->history++, v->fields = 0;
    if (v->depth == 1 && array && key && !strcmp(key, "history")) v->in_history = 1;
    v->depth++;
}

static void sight_end(void *ctx)
{
    struct sight *v = ctx;
    sight_mark(v, '}', NULL);
    if (--v->depth == 1) v->in_history = 0;
}

static void sight_integer(void *ctx, const char *key, long value)
{
    struct sight *v = ctx;
    sight_mark(v, 'i', key);
    v->hash = search_hash_more(v->hash, (const char *)&value, sizeof value);
}

static void sight_string(void *ctx, const char *key, const char *value)
{
    struct sight *v = ctx;
    sight_mark(v, value ? 's' : 'n', key);
    if (value) v->hash = search_hash_more(v->hash, value, strlen(value) + 1);
    if (v->in_history && v->depth == 2) v->history++;
}

static void sight_boolean(void *ctx, const char *key, int value)
{
    sight_mark(ctx, value ? 't' : 'f', key);
}

static void sight_strings(void *ctx, const char *key, const char *items, int width, int n)
{
    struct sight *v = ctx;
    int shape[2] = { width, n };
    sight_mark(v, 'S', key);
    v->hash = search_hash_more(v->hash, (const char *)shape, sizeof shape);
    v->hash = search_hash_more(v->hash, items, (size_t)width * (size_t)n);
}

/* The player's view of a state: its hash (never 0) and its history's
 * length (the view is one object, its fields at depth 1). */
static struct sight sight_of(const struct game *g, const void *state, int player)
{
    struct sight v = { SEARCH_HASH_START, 1, 0, 0, 0 };
    struct pq_writer w = { &v, sight_begin, sight_end, sight_integer, sight_string, sight_boolean, sight_strings };
    g->view(state, player, &w);
    if (!v.hash) v.hash = 1;
    return v;
}

/* Whether action `text`, about to be made in s, is another seat's and
 * no card play (infer_told keeps those whose sight tells more than the
 * action's name or nothing at all). */
static int told_kind(const struct game *g, const void *s, const char *text, int player)
{
    int seat = g->to_act(s);
    return seat >= 0 && seat != player && strncmp(text, "play ", 5);
}

int infer_told(const struct game *g, const struct infer *in, int player, struct infer_told *told)
{
    char err[160];
    void *s = in->scratch;
    for (int i = 0; i < in->n; i++) told[i].view = 0, told[i].hidden = 0;
    if (!in->start || !s) return -1;
    memcpy(s, in->start, g->state_size);
    if (g->settle && g->settle(s) != GAME_GOES_ON) return -1;
    int seen = sight_of(g, s, player).history;
    for (int i = 0; i < in->n; i++) {
        const char *text = in->actions[i];
        int kind = told_kind(g, s, text, player);
        int rc = g->apply(s, text, (int)strnlen(text, GAME_ACTION_MAX), err, sizeof err);
        if (rc == GAME_ILLEGAL) return -1;
        struct sight v = sight_of(g, s, player);
        told[i].hidden = v.history == seen;
        /* a choice the view hides (no entry) or tells more of than its
         * name (Belote's meld dialogue), not a public call: the auction's
         * calls are the searched bids' (world_fits.h) */
        told[i].view = kind && (told[i].hidden || v.fields > 2) ? v.hash : 0;
        seen = v.history;
        if (rc != GAME_GOES_ON) return i + 1 == in->n ? 0 : -1;
    }
    return 0;
}

/* Whether the world can make the deal's action `text` now: as it is, or
 * (no card play) one of the same word. */
static int can_make(const struct game *g, const void *s, const char *text)
{
    char other[GAME_ACTION_MAX];
    if (g->find_legal(s, text, (int)strnlen(text, GAME_ACTION_MAX)) >= 0) return 1;
    if (!strncmp(text, "play ", 5)) return 0;
    for (int k = 0, n = g->legal_count(s); k < n; k++) {
        int len = g->legal_text(s, k, other, sizeof other);
        if (len >= 0 && same_word(text, other)) return 1;
    }
    return 0;
}

/* The world asks another seat a question the deal did not (Belote: the
 * Seven's holder is another seat here): applies to s the answer that the
 * player would not have seen and after which the deal's action `text` can
 * be made, the model's (`habit`) if it is one, else the first legal;
 * t: room for a state. 1 and *weight times `unlike` unless it was the
 * model's; 0 when there is none (s unchanged). */
static int answer_unseen(const struct game *g, void *s, void *t, const char *text, int player, int habit,
                         double unlike, double *weight)
{
    int history = sight_of(g, s, player).history, n = g->legal_count(s);
    for (int j = -1; j < n; j++) {
        int k = j < 0 ? habit : j;
        if (k < 0 || (j >= 0 && k == habit)) continue;
        memcpy(t, s, g->state_size);
        if (g->apply_legal(t, k) != GAME_GOES_ON || sight_of(g, t, player).history != history || !can_make(g, t, text))
            continue;
        memcpy(s, t, g->state_size);
        if (k != habit) *weight *= unlike;
        return 1;
    }
    return 0;
}

/* Applies to s, a state of the world where action `text` of another seat
 * is to be made, an action that shows the player what `seen` hashes:
 * `text` when it does, else the first legal action of the same word that
 * does (`skip`, known not to, left out). t: room for a state. 1 when one
 * was applied (the deal goes on), 0 when none shows it (s unchanged). */
static int apply_telling(const struct game *g, void *s, void *t, const char *text, int skip, int player,
                         uint64_t seen)
{
    char other[GAME_ACTION_MAX], err[160];
    memcpy(t, s, g->state_size);
    if (g->apply(t, text, (int)strnlen(text, GAME_ACTION_MAX), err, sizeof err) == GAME_GOES_ON &&
        sight_of(g, t, player).hash == seen) {
        memcpy(s, t, g->state_size);
        return 1;
    }
    for (int k = 0, n = g->legal_count(s); k < n; k++) {
        int len = k == skip ? -1 : g->legal_text(s, k, other, sizeof other);
        if (len < 0 || !same_word(text, other)) continue;
        memcpy(t, s, g->state_size);
        if (g->apply_legal(t, k) == GAME_GOES_ON && sight_of(g, t, player).hash == seen) {
            memcpy(s, t, g->state_size);
            return 1;
        }
    }
    return 0;
}

/* The model's choice for the seat to act in s (-1: none). */
static int model_choice(const struct infer *in, const struct game *g, const void *s)
{
    char own[GAME_ACTION_MAX];
    return in->model ? in->model->choose(in->model->ctx, g, s, own, sizeof own) : g->playout(s, 0);
}

double infer_weigh(void *ctx, const struct game *g, const void *world, int player, double floor)
{
    const struct infer *in = ctx;
    char deck[GAME_DECK_TEXT], err[160];
    if (!in || !in->start || !in->scratch || !g->playout || !g->set_deck || !g->deck_text) return 1;
    double unlike = (in->unlike > 0 ? in->unlike : INFER_UNLIKE) / 1000.0, weight = 1;
    void *s = in->scratch;
    int len = g->deck_text(world, deck, sizeof deck);
    if (len <= 0 || len >= (int)sizeof deck) return 1;
    memcpy(s, in->start, g->state_size);
    if (g->set_deck(s, deck, err, sizeof err) < 0) return 0;
    if (g->settle && g->settle(s) != GAME_GOES_ON) return 0;
    /* with what the player saw, the replay follows the world's hidden
     * actions and weighs the others' other actions while it has shown
     * the player what the deal did */
    int sync = in->told && in->spare, telling = sync && in->model;
    void *t = in->spare;
    for (int i = 0; i < in->n; i++) {
        const char *text = in->actions[i];
        int n = (int)strnlen(text, GAME_ACTION_MAX), seat = g->to_act(s);
        if (sync && !can_make(g, s, text)) {
            if (in->told[i].hidden) continue;   /* the deal's own hidden action: none in this world */
            if (seat < 0 || seat == player || !answer_unseen(g, s, t, text, player, model_choice(in, g, s), unlike, &weight))
                return 0;
            if (weight < floor) return weight;
            i--;   /* the deal's action i, now */
            continue;
        }
        if (telling && in->told[i].view && told_kind(g, s, text, player) && g->legal_count(s) > 1) {
            int habit = model_choice(in, g, s);
            if (habit >= 0) {
                memcpy(t, s, g->state_size);
                if (g->apply_legal(t, habit) == GAME_GOES_ON && sight_of(g, t, player).hash == in->told[i].view) {
                    memcpy(s, t, g->state_size);
                    continue;
                }
                if ((weight *= unlike) < floor) return weight;
            }
            if (apply_telling(g, s, t, text, habit, player, in->told[i].view)) continue;
            telling = 0;   /* the world's seat cannot show it: replayed as before, its views differ from here on */
        }
        if (seat != player && !strncmp(text, "play ", 5) && g->legal_count(s) > 1) {
            int habit = model_choice(in, g, s), played = g->find_legal(s, text, n);
            if (habit >= 0 && played >= 0 && habit != played && (weight *= unlike) < floor) return weight;
        }
        int rc = g->apply(s, text, n, err, sizeof err);
        if (rc == GAME_ILLEGAL && strncmp(text, "play ", 5)) rc = same_kind(g, s, text);
        if (rc != GAME_GOES_ON) return rc == GAME_DEAL_OVER && i + 1 == in->n ? weight : 0;
    }
    return weight;
}

int infer_by_default(const struct game *g, int players)
{
    return g && !strcmp(g->name, "belote") && (players == 2 || players == 3);
}

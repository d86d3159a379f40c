/* infer.c - a world's weight from the others' card plays (infer.h). */
#include "bots/infer.h"

#include <string.h>

/* An action the world's cards refuse that is no card play (one the player
 * did not see: Belote's keep of the Seven, asked of its holder, who may be
 * another seat in this world): the first legal action of the same word
 * applied instead; GAME_ILLEGAL when there is none. */
static int same_kind(const struct game *g, void *s, const char *text)
{
    char other[GAME_ACTION_MAX], err[160];
    size_t word = strcspn(text, " ");
    for (int k = 0, n = g->legal_count(s); k < n; k++) {
        int len = g->legal_text(s, k, other, sizeof other);
        if (len >= 0 && strcspn(other, " ") == word && !strncmp(other, text, word))
            return g->apply(s, other, len, err, sizeof err);
    }
    return GAME_ILLEGAL;
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
    for (int i = 0; i < in->n; i++) {
        const char *text = in->actions[i];
        int n = (int)strnlen(text, GAME_ACTION_MAX), seat = g->to_act(s);
        if (seat != player && !strncmp(text, "play ", 5) && g->legal_count(s) > 1) {
            char own[GAME_ACTION_MAX];
            int habit = in->model ? in->model->choose(in->model->ctx, g, s, own, sizeof own) : g->playout(s, 0), played = g->find_legal(s, text, n);
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

/* test_view_arena.c - the block cJSON views are built in during a search
 * (bots/view_arena.h): the views and greedy's choices it gives are the
 * ones malloc gives, a tree too big for the block spills to malloc and is
 * held by the next, grown block, and cJSON outside a scope is unchanged.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "bots/game_greedy.h"
#include "bots/rebuild.h"
#include "bots/view_arena.h"
#include "engine/game.h"

/* Plays one greedy deal of `name` at `players`; at every decision the view
 * built in a scope equals the one built with malloc, and greedy's choice
 * through the scope (game_greedy_policy) is the one read from the malloc
 * view. The decisions compared. */
static int compare_deal(const char *name, int players, uint64_t seed)
{
    const struct game *g = game_find(name);
    cr_assert(g, "%s", name);
    void *state = malloc(g->state_size);
    struct game_setup setup = { players, seed, 0, NULL, 1 };
    char err[256], text[GAME_ACTION_MAX], answer[GAME_ACTION_MAX];
    static char texts[256][GAME_ACTION_MAX];
    const char *legal[256];
    int compared = 0;
    cr_assert_eq(g->create(state, &setup, err, sizeof err), 0, "%s", err);
    for (int ply = 0; ply < 2000; ply++) {
        if (g->settle && g->settle(state) == GAME_DEAL_OVER) break;
        int p = g->to_act(state), n = p >= 0 ? g->legal_count(state) : 0;
        if (p < 0 || n <= 0) break;
        cJSON *plain = rebuild_view(g, state, p);
        cr_assert(plain);
        cr_assert_eq(view_arena_open(), 0);
        cJSON *scoped = rebuild_view(g, state, p);
        cr_assert(scoped);
        cr_expect(cJSON_Compare(plain, scoped, 1), "%s: the views differ at ply %d", name, ply);
        if (!view_arena_holds_all()) cJSON_Delete(scoped);
        view_arena_close();
        if (n > 256) n = 256;
        for (int a = 0; a < n; a++) {
            g->legal_text(state, a, texts[a], GAME_ACTION_MAX);
            legal[a] = texts[a];
        }
        int want = game_greedy_choose(plain, legal, n, answer, sizeof answer, err, sizeof err);
        cJSON_Delete(plain);
        int got = game_greedy_policy(NULL, g, state, text, sizeof text);
        cr_expect_eq(got, want, "%s: greedy's choice at ply %d", name, ply);
        if (got < 0) cr_expect_str_eq(text, answer, "%s", name);
        compared++;
        if (got >= 0) g->legal_text(state, got, text, sizeof text);
        int rc = g->apply(state, text, (int)strlen(text), err, sizeof err);
        cr_assert_neq(rc, GAME_ILLEGAL, "%s: %s", name, err);
        if (rc == GAME_DEAL_OVER) break;
    }
    free(state);
    return compared;
}

Test(view_arena, views_and_greedy_s_choices_are_the_same_as_with_malloc)
{
    static const struct {
        const char *game;
        int players;
    } forms[] = { { "belote", 2 }, { "belote", 3 }, { "belote", 4 }, { "belote-partnership", 4 },
                  { "belote-marseillaise", 2 }, { "coinche", 4 }, { "tarot", 3 }, { "tarot", 4 },
                  { "tarot", 5 }, { "tarocchini", 4 } };
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
        int compared = 0;   /* a deal everyone passes ends at once */
        for (uint64_t seed = 1; seed <= 4; seed++) compared += compare_deal(forms[f].game, forms[f].players, seed);
        cr_expect_gt(compared, 40, "%s at %d: %d decisions", forms[f].game, forms[f].players, compared);
    }
}

#define ITEM "a string of forty characters, give or t"

/* An array of n strings of 40 characters. */
static cJSON *big_tree(int n)
{
    cJSON *array = cJSON_CreateArray();
    for (int i = 0; i < n; i++) cJSON_AddItemToArray(array, cJSON_CreateString(ITEM));
    return array;
}

Test(view_arena, a_tree_too_big_for_the_block_spills_and_the_next_block_holds_it)
{
    cr_assert_eq(view_arena_open(), 0);
    cJSON *small = big_tree(10);
    cr_expect(view_arena_holds_all());
    view_arena_close();
    (void)small;   /* dropped with the block */
    cr_assert_eq(view_arena_open(), 0);
    cJSON *big = big_tree(20000);   /* about 2.5 MB: more than the first block */
    cr_expect_not(view_arena_holds_all());
    cr_expect_eq(cJSON_GetArraySize(big), 20000);
    cJSON_Delete(big);   /* frees what spilled to malloc */
    view_arena_close();
    for (int round = 0; round < 8; round++) {
        cr_assert_eq(view_arena_open(), 0);
        big = big_tree(20000);
        int held = view_arena_holds_all();
        cr_expect_eq(cJSON_GetArraySize(big), 20000);
        if (!held) cJSON_Delete(big);
        view_arena_close();
        if (held) return;
    }
    cr_expect_fail("the block never grew to hold the tree");
}

Test(view_arena, cjson_outside_a_scope_allocates_as_before)
{
    cr_expect_not(view_arena_holds_all());
    cJSON *before = big_tree(100);
    cr_assert_eq(view_arena_open(), 0);
    cJSON *inside = big_tree(100);
    cJSON_Delete(before);   /* malloc's, given back to it */
    cr_expect(view_arena_holds_all());
    cr_expect_eq(cJSON_GetArraySize(inside), 100);
    view_arena_close();
    cJSON *after = big_tree(100);
    char *text = cJSON_PrintUnformatted(after);
    cr_assert(text);
    cr_expect_eq(strlen(text), 2 + 100 * (strlen(ITEM) + 2) + 99, "%s", text);
    cJSON_free(text);
    cJSON_Delete(after);
}

/* test_game_fuzz.c - any text a bot may send reaches a game's apply (the
 * arena passes protocol-2 actions through as they come): every game must
 * refuse what is not a legal action, with a reason and without changing
 * its state, and never crash or read out of bounds (the sanitizer run
 * checks the latter). Texts are built from the games' own words and cards,
 * mangled, at fixed seeds.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/game.h"
#include "engine/rng.h"

enum { FUZZ_STATE_MAX = 65536 };

static const char *const words[] = {
    "take", "pass", "name", "exchange", "keep", "meld", "play", "belote", "rebelote", "discard", "declare",
    "point", "sequence", "set", "announce", "look", "nolook", "S", "H", "D", "C", "AS", "KH", "QD", "JC", "TS",
    "9H", "8D", "7C", "AS,KS,QS", "JH,TH,9H,8H", "AC,AD,AH,AS", "ZZ", "", ",", ",,", "  ", "\t", "1", "-3",
    "99999999999999999999", "meld AS,AS,AS", "bid", "coinche", "surcoinche", "capot", "generale", "NT", "AT", "80",
    "160", "bid 80 S", "bid capot NT",
};

/* A random text of up to cap - 1 bytes from the words, or raw bytes. */
static void random_text(struct pq_rng *rng, char *out, size_t cap)
{
    size_t n = 0;
    int parts = 1 + (int)pq_rng_below(rng, 6);
    out[0] = '\0';
    for (int i = 0; i < parts && n + 1 < cap; i++) {
        if (pq_rng_below(rng, 8) == 0) {
            /* a raw byte, printable or not (the codec lets printable
             * ASCII through; the engine must cope with anything) */
            out[n++] = (char)(1 + pq_rng_below(rng, 255));
            out[n] = '\0';
            continue;
        }
        const char *w = words[pq_rng_below(rng, sizeof words / sizeof words[0])];
        int len = snprintf(out + n, cap - n, "%s%s", i ? (pq_rng_below(rng, 4) ? " " : "") : "", w);
        if (len < 0 || (size_t)len >= cap - n) break;
        n += (size_t)len;
    }
}

Test(game_fuzz, every_game_refuses_any_text_that_is_not_a_legal_action_and_changes_nothing)
{
    static unsigned char state[FUZZ_STATE_MAX], before[FUZZ_STATE_MAX];
    char text[GAME_ACTION_MAX], legal[GAME_ACTION_MAX], err[256];
    for (int g = 0; game_modules[g]; g++) {
        const struct game *game = game_modules[g];
        cr_assert_leq(game->state_size, sizeof state);
        struct pq_rng rng;
        pq_rng_seed(&rng, 1000 + (uint64_t)g);
        int refused = 0, tried = 0;
        for (int match = 0; match < 4; match++) {
            struct game_setup setup = { 0, (uint64_t)match + 1, 0, NULL, 0 };
            cr_assert_eq(game->create(state, &setup, err, sizeof err), 0, "%s: %s", game->name, err);
            for (int step = 0; step < 400 && game->to_act(state) >= 0; step++) {
                for (int k = 0; k < 20; k++) {
                    random_text(&rng, text, sizeof text);
                    int len = (int)strlen(text);
                    int index = game->find_legal(state, text, len);
                    memcpy(before, state, game->state_size);
                    int rc = game->apply(state, text, len, err, sizeof err);
                    tried++;
                    if (index < 0) {
                        cr_assert_eq(rc, GAME_ILLEGAL, "%s took '%s', which find_legal does not know", game->name,
                                     text);
                        cr_assert(err[0], "%s refused '%s' without a reason", game->name, text);
                        cr_assert_eq(memcmp(before, state, game->state_size), 0, "%s changed on '%s'", game->name,
                                     text);
                        refused++;
                    } else {
                        cr_assert_neq(rc, GAME_ILLEGAL, "%s refused '%s', its own legal action %d: %s", game->name,
                                      text, index, err);
                        break;   /* it played: go on from the new state */
                    }
                }
                if (game->to_act(state) < 0) break;
                /* Play on with a random legal action. */
                int n = game->legal_count(state);
                game->legal_text(state, (int)pq_rng_below(&rng, (uint32_t)n), legal, sizeof legal);
                cr_assert_neq(game->apply(state, legal, (int)strlen(legal), err, sizeof err), GAME_ILLEGAL, "%s: %s",
                              game->name, err);
            }
        }
        cr_expect_gt(refused, tried / 2, "%s: %d of %d texts refused", game->name, refused, tried);
        cr_log_info("%s: %d of %d texts refused", game->name, refused, tried);
    }
}

/* support_codec.c - helpers of the codec tests (support_codec.h). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "engine/rng.h"
#include "tests/support_codec.h"

/* A heap copy of exactly len bytes (no terminator). */
char *support_exact(const char *text, size_t len)
{
    char *copy = malloc(len ? len : 1);
    cr_assert(copy);
    memcpy(copy, text, len);
    return copy;
}

enum codec_code support_bot_text(const char *text, size_t len, struct codec_bot_message *out, char *err)
{
    char *copy = support_exact(text, len);
    enum codec_code code = codec_decode_bot(copy, len, out, err, 200);
    free(copy);
    return code;
}

enum codec_code support_bot(const char *text, struct codec_bot_message *out, char *err)
{
    return support_bot_text(text, strlen(text), out, err);
}

enum codec_code support_arena_text(const char *text, size_t len, struct codec_arena_message *out, char *err)
{
    char *copy = support_exact(text, len);
    enum codec_code code = codec_decode_arena(copy, len, NULL, out, err, 200);
    free(copy);
    return code;
}

struct codec_arena_message *support_arena_message(void)
{
    static struct codec_arena_message msg;
    memset(&msg, 0, sizeof msg);
    return &msg;
}

const char *const support_good_hello =
    "{\"type\":\"hello\",\"protocol\":1,\"token\":\"t0k3n\",\"name\":\"greedy\",\"version\":\"1.2\"}";

/* A deal played at random from a seed up to `steps` actions (or its end). */
void support_random_deal(struct pq_deal *d, uint64_t seed, int steps)
{
    struct pq_rules rules;
    struct pq_rng rng;
    uint8_t deck[32];
    pq_rules_default(&rules);
    pq_rng_deck(seed, 1, deck);
    pq_rng_seed(&rng, seed);
    cr_assert_eq(pq_deal_init(d, &rules, deck), 0);
    for (int i = 0; i < steps && !pq_deal_over(d); i++) {
        struct pq_action a;
        pq_deal_legal_nth(d, (int)pq_rng_below(&rng, (uint32_t)pq_deal_legal_count(d)), &a);
        cr_assert_eq(pq_deal_apply(d, &a, NULL, 0), 0);
    }
}


void support_play_partie(struct pq_partie *p, uint64_t seed)
{
    struct pq_rules rules;
    struct pq_rng rng;
    pq_rules_default(&rules);
    pq_partie_init(p, &rules, seed, PQ_PLAYER_A);
    pq_rng_seed(&rng, seed);
    while (!p->over) {
        struct pq_action a;
        pq_deal_legal_nth(&p->deal, (int)pq_rng_below(&rng, (uint32_t)pq_deal_legal_count(&p->deal)), &a);
        cr_assert_geq(pq_partie_apply(p, &a, NULL, 0), 0);
    }
}

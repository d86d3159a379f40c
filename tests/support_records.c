/* support_records.c - refereed parties and their records for the tests
 * (support_records.h). */
#include <criterion/criterion.h>
#include "engine/rng.h"
#include "records/record.h"
#include "tests/support_records.h"

static int swallow(void *ctx, int player, const struct codec_frame *frame)
{
    (void)ctx;
    (void)player;
    (void)frame;
    return 0;
}

void support_referee_partie(struct referee *ref, uint64_t seed, int first_dealer, int crash_after)
{
    static const struct referee_clock clock = { 1000, 10000, 200 };
    struct pq_rules rules;
    struct pq_rng rng;
    int64_t now = 0;
    pq_rules_default(&rules);
    pq_rng_seed(&rng, seed * 7 + 1);
    referee_init(ref, 7, seed, first_dealer, &rules, &clock, "alpha", "beta", swallow, NULL);
    referee_start(ref, now);
    for (int n = 0; ref->state != REFEREE_DONE; n++) {
        if (n == crash_after) {
            referee_on_fault(ref, PQ_PLAYER_B, CODEC_FAULT_CRASH, "the bot disconnected");
            break;
        }
        struct codec_action a;
        memset(&a, 0, sizeof a);
        a.id = ref->pending_id;
        const struct pq_deal *d = &ref->partie.deal;
        pq_deal_legal_nth(d, (int)pq_rng_below(&rng, (uint32_t)pq_deal_legal_count(d)), &a.action);
        pq_action_format(&a.action, a.text, sizeof a.text);
        referee_on_action(ref, ref->pending_player, &a, now += 3);
    }
    cr_assert_eq(ref->state, REFEREE_DONE);
}

cJSON *support_partie_record(uint64_t seed, int first_dealer, int crash_after)
{
    static struct referee ref;
    support_referee_partie(&ref, seed, first_dealer, crash_after);
    cJSON *rec = referee_record(&ref, seed);
    referee_release(&ref);
    cr_assert_not_null(rec);
    cJSON_AddStringToObject(rec, "run", "0123456789abcdef");
    cJSON_AddNumberToObject(rec, "pair", 4);
    return rec;
}

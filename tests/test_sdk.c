/* test_sdk.c - the C SDK's expansion of an exchange, which travels as a
 * size range, into every legal discard.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "protocol/sdk.h"

Test(sdk, an_exchange_expands_to_every_discard_of_the_allowed_sizes)
{
    static struct codec_request request;
    static struct pq_action legal[PQ_MAX_LEGAL];
    memset(&request, 0, sizeof request);
    request.discard = 1;
    request.discard_min = 1;
    request.discard_max = 5;
    request.view.hand = 0x00000fffu;   /* twelve cards */
    int n = sdk_legal_actions(&request, legal, PQ_MAX_LEGAL);
    cr_assert_eq(n, 12 + 66 + 220 + 495 + 792, "C(12,1) + ... + C(12,5)");
    for (int i = 0; i < n; i++) {
        cr_assert_eq(legal[i].kind, PQ_ACT_DISCARD);
        cr_assert_eq(legal[i].cards & ~request.view.hand, 0);
        int size = pq_mask_count(legal[i].cards);
        cr_assert(size >= 1 && size <= 5);
    }
    request.discard_min = 0;
    request.discard_max = 0;
    cr_assert_eq(sdk_legal_actions(&request, legal, PQ_MAX_LEGAL), 1, "a bare discard, when allowed");
    cr_assert_eq(legal[0].cards, 0);
}

Test(sdk, outside_the_exchange_the_list_is_the_requests_own)
{
    static struct codec_request request;
    static struct pq_action legal[8];
    memset(&request, 0, sizeof request);
    request.n_legal = 2;
    request.legal[0].kind = PQ_ACT_PASS;
    request.legal[1].kind = PQ_ACT_PLAY;
    cr_assert_eq(sdk_legal_actions(&request, legal, 8), 2);
    cr_assert_eq(legal[1].kind, PQ_ACT_PLAY);
}

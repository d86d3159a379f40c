/* test_codec_sight.c - what the codec lets each seat see (docs/rules-piquet.md section
 * 7), over many seeded random deals under every rules variant: no request,
 * event or deal end ever names a card outside the seat's allowed set (derived
 * independently in tests/support_sight.c); views, legal lists and events
 * decode back to exactly what was encoded; and the events of consecutive
 * requests add up to the whole deal, each action and score once, in order.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "engine/piquet/report.h"
#include "engine/rng.h"
#include "protocol/codec.h"
#include "protocol/codec_json.h"
#include "tests/support_sight.h"
#include "tests/support_scale.h"

enum { SIGHT_DEALS = SUPPORT_CASES(3000), ROUND_TRIP_DEALS = 1500 };

static struct codec_request request;   /* large: one, reused */

/* Rules of deal n: the defaults and each variant in turn. */
static void rules_of(int n, struct pq_rules *rules)
{
    static const char *const variants[][2] = {
        { NULL, NULL }, { "trick_scoring", "penguin" }, { "younger_must_discard", "false" },
        { "point_min_len", "4" }, { "carte_rouge", "true" }, { "law49", "false" },
        { "trick_scoring", "ten_for_last" }, { "trick_scoring", "lead_only" }
    };
    char err[160];
    pq_rules_default(rules);
    int v = n % (int)(sizeof variants / sizeof variants[0]);
    if (variants[v][0]) cr_assert_eq(pq_rules_set(rules, variants[v][0], variants[v][1], err, sizeof err), 0, "%s", err);
}

/* Packs with a carte blanche are rare (about 1 in 3000); every 50th deal
 * gets one by moving the twelve court cards out of elder's or younger's
 * hand, so both R7 and R8 are exercised often. */
static void deck_of(int n, uint8_t deck[32])
{
    pq_rng_deck(1000 + (uint64_t)n, 1, deck);
    if (n % 50 != 7 && n % 50 != 31) return;
    int from = n % 50 == 7 ? 0 : 12;   /* elder's hand or younger's */
    for (int i = from; i < from + 12; i++)
        for (int j = 0; j < 32 && (PQ_BIT(deck[i]) & PQ_COURTS); j++)
            if ((j < from || j >= from + 12) && !(PQ_BIT(deck[j]) & PQ_COURTS)) {
                uint8_t t = deck[i];
                deck[i] = deck[j];
                deck[j] = t;
            }
}

static void start(struct pq_deal *d, int n)
{
    struct pq_rules rules;
    uint8_t deck[32];
    rules_of(n, &rules);
    deck_of(n, deck);
    cr_assert_eq(pq_deal_init(d, &rules, deck), 0);
}

static void play_random(struct pq_deal *d, struct pq_rng *rng)
{
    struct pq_action a;
    pq_deal_legal_nth(d, (int)pq_rng_below(rng, (uint32_t)pq_deal_legal_count(d)), &a);
    cr_assert_eq(pq_deal_apply(d, &a, NULL, 0), 0);
}

static pq_mask event_cards(const struct codec_event *e, int n)
{
    pq_mask cards = 0;
    for (int i = 0; i < n; i++) cards |= e[i].action.cards | e[i].declaration.cards;
    return cards;
}

static void check_frame(const struct codec_frame *f, const struct pq_deal *d, int seat, const char *what)
{
    pq_mask leaked = ss_text_cards(f->data, f->len) & ~ss_allowed_cards(d, seat);
    cr_assert_eq(leaked, 0, "%s for %s names cards it may not see (%08x): %.*s", what, pq_seat_name(seat),
                 leaked, (int)f->len, f->data);
}

Test(codec, no_request_event_or_deal_end_shows_a_card_the_seat_may_not_see)
{
    struct pq_rng rng;
    long requests = 0, hidden = 0;
    size_t largest = 0;
    pq_rng_seed(&rng, 20261122);
    for (int n = 0; n < SIGHT_DEALS; n++) {
        struct pq_deal d;
        int last[PQ_SEATS] = { 0, 0 };
        start(&d, n);
        while (!pq_deal_over(&d)) {
            struct codec_frame f = { NULL, 0 };
            struct codec_time time = { 1000, 30000 };
            struct codec_event events[CODEC_EVENTS_MAX];
            char err[200];
            int seat = d.to_act, other = 1 - seat;
            cr_assert_eq(codec_encode_request(&f, (uint64_t)requests, 1, 1, &d, last[seat], &time, err, sizeof err),
                         CODEC_OK, "%s", err);
            check_frame(&f, &d, seat, "request");
            if (f.len > largest) largest = f.len;
            codec_frame_release(&f);
            last[seat] = d.n_history;
            requests++;
            /* The other seat's events from any earlier point, as they stand now. */
            int since = (int)pq_rng_below(&rng, (uint32_t)d.n_history + 1);
            int k = codec_events_since(&d, other, since, events, CODEC_EVENTS_MAX);
            cr_assert_eq(event_cards(events, k) & ~ss_allowed_cards(&d, other), 0, "events leak to %s", pq_seat_name(other));
            for (int i = 0; i < k; i++) hidden += events[i].kind == CODEC_EVENT_ACTION && !events[i].visible;
            play_random(&d, &rng);
        }
        for (int s = 0; s < PQ_SEATS; s++) {
            struct codec_frame f = { NULL, 0 };
            char err[200];
            cr_assert_eq(codec_encode_deal_end(&f, 1, 1, &d, s, last[s], err, sizeof err), CODEC_OK, "%s", err);
            check_frame(&f, &d, s, "deal_end");
            codec_frame_release(&f);
        }
    }
    cr_assert_gt(hidden, SIGHT_DEALS, "hidden discards and declarations were exercised");
    cr_assert_lt(largest, PROTOCOL_MAX_FRAME);
    cr_log_info("%ld requests, %ld hidden events, largest request %zu bytes", requests, hidden, largest);
}

Test(codec, view_legal_list_and_events_round_trip_exactly)
{
    struct pq_rng rng;
    static struct pq_action legal[PQ_MAX_LEGAL];
    long states = 0;
    pq_rng_seed(&rng, 77);
    for (int n = 0; n < ROUND_TRIP_DEALS; n++) {
        struct pq_deal d;
        int last[PQ_SEATS] = { 0, 0 };
        start(&d, n);
        while (!pq_deal_over(&d)) {
            struct codec_frame f = { NULL, 0 };
            struct codec_time time = { (uint32_t)n, 4000000000u };
            struct codec_event events[CODEC_EVENTS_MAX];
            struct pq_view view;
            char err[200];
            int seat = d.to_act;
            cr_assert_eq(codec_encode_request(&f, 5, (uint64_t)n, 1 + n % 8, &d, last[seat], &time, err, sizeof err),
                         CODEC_OK, "%s", err);
            char *copy = malloc(f.len);
            cr_assert(copy);
            memcpy(copy, f.data, f.len);
            cr_assert_eq(codec_decode_request(copy, f.len, &d.rules, &request, err, sizeof err), CODEC_OK,
                         "%s in %.*s", err, (int)f.len, f.data);
            free(copy);
            pq_view_build(&d, seat, &view);
            cr_assert_eq(memcmp(&request.view, &view, sizeof view), 0, "view differs after a round trip: %.*s",
                         (int)f.len, f.data);
            cr_assert_eq(request.deal, 1 + n % 8);
            cr_assert_eq(request.partie, (uint64_t)n);
            cr_assert_eq(request.time.bank_ms, 4000000000u);
            int count = pq_deal_legal(&d, legal, PQ_MAX_LEGAL);
            if (d.phase == PQ_PHASE_DISCARD) {
                int in_range = 1;
                for (int i = 0; i < count; i++) {
                    int size = pq_mask_count(legal[i].cards);
                    in_range &= size >= request.discard_min && size <= request.discard_max;
                }
                cr_assert(request.discard && in_range, "every legal discard has a size in min..max");
            } else {
                cr_assert_eq(request.n_legal, count);
                cr_assert_eq(memcmp(request.legal, legal, (size_t)count * sizeof legal[0]), 0, "legal list differs");
            }
            int k = codec_events_since(&d, seat, last[seat], events, CODEC_EVENTS_MAX);
            cr_assert_eq(request.n_events, k);
            cr_assert_eq(memcmp(request.events, events, (size_t)k * sizeof events[0]), 0, "events differ");
            codec_frame_release(&f);
            last[seat] = d.n_history;
            states++;
            play_random(&d, &rng);
        }
    }
    cr_log_info("%ld states round-tripped", states);
}

/* Views of both seats in every state, including the ones no request
 * carries (the seat not to act, the deal over), read back exactly. */
Test(codec, every_view_of_either_seat_reads_back_exactly)
{
    struct pq_rng rng;
    pq_rng_seed(&rng, 78);
    for (int n = 0; n < 500; n++) {
        struct pq_deal d;
        start(&d, n);
        for (;;) {
            for (int s = 0; s < PQ_SEATS; s++) {
                struct pq_view view, back;
                struct json_writer jw;
                struct codec_reader r;
                char err[200];
                cJSON *root = cJSON_CreateObject();
                cr_assert(root);
                json_writer_init(&jw, root);
                pq_view_build(&d, s, &view);
                pq_report_view(&view, "view", &jw.writer);
                cr_assert_not(jw.failed);
                codec_reader_init(&r, err, sizeof err);
                cr_assert_eq(codec_read_view(&r, root, NULL, "view", &d.rules, &back), 0, "%s", err);
                cr_assert_eq(memcmp(&view, &back, sizeof view), 0, "%s's view in phase %s", pq_seat_name(s),
                             pq_phase_name(d.phase));
                cJSON_Delete(root);
            }
            if (pq_deal_over(&d)) break;
            play_random(&d, &rng);
        }
    }
}

/* The referee's way: each request carries the events since the seat's
 * previous one, the deal end the rest. Together they hold every action
 * and every score of the deal exactly once, in order. */
Test(codec, events_of_consecutive_requests_add_up_to_the_whole_deal)
{
    struct pq_rng rng;
    pq_rng_seed(&rng, 79);
    for (int n = 0; n < 400; n++) {
        static struct codec_event seen[PQ_SEATS][PQ_MAX_HISTORY + PQ_MAX_EVENTS + 8];
        int n_seen[PQ_SEATS] = { 0, 0 }, last[PQ_SEATS] = { 0, 0 };
        struct pq_deal d;
        start(&d, n);
        while (!pq_deal_over(&d)) {
            int s = d.to_act;
            n_seen[s] += codec_events_since(&d, s, last[s], seen[s] + n_seen[s], CODEC_EVENTS_MAX);
            last[s] = d.n_history;
            play_random(&d, &rng);
        }
        for (int s = 0; s < PQ_SEATS; s++) {
            int actions = 0, scores = 0;
            n_seen[s] += codec_events_since(&d, s, last[s], seen[s] + n_seen[s], CODEC_EVENTS_MAX);
            for (int i = 0; i < n_seen[s]; i++) {
                const struct codec_event *e = &seen[s][i];
                if (e->kind == CODEC_EVENT_SCORE) {
                    cr_assert_lt(scores, d.n_events);
                    cr_assert_eq(e->seat, d.events[scores].seat);
                    cr_assert_eq(e->category, d.events[scores].category);
                    cr_assert_eq(e->points, d.events[scores].points);
                    scores++;
                } else {
                    cr_assert_lt(actions, d.n_history);
                    cr_assert_eq(e->seat, d.history[actions].pad);
                    if (e->visible) cr_assert(pq_action_equal(&e->action, &d.history[actions]));
                    actions++;
                }
            }
            cr_assert_eq(actions, d.n_history, "every action once");
            cr_assert_eq(scores, d.n_events, "every score once");
        }
    }
}

/* The replay a referee keeps from one request to the next gives exactly
 * the events and the request bytes of a replay from the pack, for either
 * seat from any point, when it follows the deal an action at a time, when
 * it jumps ahead several, and when it is handed another deal: the next
 * deal, an earlier point of this one, or the same pack played otherwise;
 * and the deal end the same bytes. */
Test(codec, a_kept_replay_gives_the_events_of_a_replay_from_the_pack)
{
    static struct codec_replay replay;   /* kept across deals, as a referee keeps it */
    struct pq_rng rng;
    long compared = 0, jumps = 0;
    codec_replay_reset(&replay);
    pq_rng_seed(&rng, 81);
    for (int n = 0; n < 300; n++) {
        static struct pq_deal d, earlier, other;
        int have_earlier = 0;
        start(&d, n);
        start(&other, n);   /* the same pack and rules, played otherwise */
        while (!pq_deal_over(&other) && other.n_history < 12) play_random(&other, &rng);
        for (;;) {
            struct codec_event a[CODEC_EVENTS_MAX], b[CODEC_EVENTS_MAX];
            const struct pq_deal *which = &d;
            uint32_t pick = pq_rng_below(&rng, 8);
            if (pick == 0 && have_earlier) which = &earlier;
            if (pick == 1) which = &other;
            jumps += which != &d;
            int seat = (int)pq_rng_below(&rng, 2), since = (int)pq_rng_below(&rng, (uint32_t)which->n_history + 1);
            memset(a, 0xa5, sizeof a);
            memset(b, 0x5a, sizeof b);
            int na = codec_events_since(which, seat, since, a, CODEC_EVENTS_MAX);
            int nb = codec_events_since_replayed(&replay, which, seat, since, b, CODEC_EVENTS_MAX);
            cr_assert_eq(nb, na, "deal %d at action %d: %d events kept, %d replayed", n, which->n_history, nb, na);
            cr_assert_eq(memcmp(a, b, (size_t)na * sizeof a[0]), 0, "deal %d at action %d, seat %d since %d", n,
                         which->n_history, seat, since);
            if (!pq_deal_over(which) && which == &d) {
                struct codec_frame fa = { NULL, 0 }, fb = { NULL, 0 };
                struct codec_time time = { 1000, 5000 };
                char err[200];
                int to_act = d.to_act;
                cr_assert_eq(codec_encode_request(&fa, 9, 3, 2, &d, since, &time, err, sizeof err), CODEC_OK, "%s", err);
                cr_assert_eq(codec_encode_request_replayed(&fb, 9, 3, 2, &d, since, &time, &replay, err, sizeof err),
                             CODEC_OK, "%s", err);
                cr_assert(fa.len == fb.len && !memcmp(fa.data, fb.data, fa.len), "request for %s differs",
                          pq_seat_name(to_act));
                codec_frame_release(&fa);
                codec_frame_release(&fb);
            }
            if (pq_deal_over(which) && which == &d) {
                struct codec_frame fa = { NULL, 0 }, fb = { NULL, 0 };
                char err[200];
                cr_assert_eq(codec_encode_deal_end(&fa, 9, 3, &d, seat, since, err, sizeof err), CODEC_OK, "%s", err);
                cr_assert_eq(codec_encode_deal_end_replayed(&fb, 9, 3, &d, seat, since, &replay, err, sizeof err),
                             CODEC_OK, "%s", err);
                cr_assert(fa.len == fb.len && !memcmp(fa.data, fb.data, fa.len), "deal end for %s differs",
                          pq_seat_name(seat));
                codec_frame_release(&fa);
                codec_frame_release(&fb);
            }
            compared++;
            if (pq_deal_over(&d)) break;
            if (pq_rng_below(&rng, 4) == 0) {
                earlier = d;
                have_earlier = 1;
            }
            /* One action, or several at once now and then. */
            for (int k = pq_rng_below(&rng, 5) == 0 ? 3 : 1; k > 0 && !pq_deal_over(&d); k--) play_random(&d, &rng);
        }
    }
    cr_assert_gt(jumps, 1000, "the replay was handed other deals (%ld times)", jumps);
    cr_log_info("%ld comparisons, %ld of them on another deal than the one followed", compared, jumps);
}

/* Finds a deal of the random stream that reaches a state `wanted` accepts. */
static int find_state(struct pq_deal *d, int (*wanted)(const struct pq_deal *), int tries)
{
    struct pq_rng rng;
    pq_rng_seed(&rng, 80);
    for (int n = 0; n < tries; n++) {
        start(d, n * 8);   /* default rules */
        while (!pq_deal_over(d)) {
            if (wanted(d)) return 1;
            play_random(d, &rng);
        }
    }
    return 0;
}

static int younger_to_exchange(const struct pq_deal *d)
{
    return d->phase == PQ_PHASE_DISCARD && d->to_act == PQ_YOUNGER && d->carte_blanche < 0;
}

Test(codec, opponent_discard_shows_only_its_count)
{
    struct pq_deal d;
    struct codec_frame f = { NULL, 0 };
    struct codec_time time = { 1, 1 };
    char err[200];
    cr_assert(find_state(&d, younger_to_exchange, 10));
    cr_assert_eq(codec_encode_request(&f, 1, 1, 1, &d, 0, &time, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(codec_decode_request(f.data, f.len, NULL, &request, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(request.n_events, 1);
    cr_expect_eq(request.events[0].seat, PQ_ELDER);
    cr_expect_eq(request.events[0].phase, PQ_PHASE_DISCARD);
    cr_expect_eq(request.events[0].visible, 0);
    cr_expect_eq(request.events[0].count, d.k);
    cr_expect_eq(ss_text_cards(f.data, f.len) & d.discards[PQ_ELDER], 0, "%.*s", (int)f.len, f.data);
    cr_expect(strstr(f.data, "{\"event\":\"action\",\"seat\":\"elder\",\"phase\":\"discard\",\"count\":"), "%s", f.data);
    codec_frame_release(&f);
}

static int younger_to_answer_a_call(const struct pq_deal *d)
{
    return d->phase == PQ_PHASE_ANSWER && d->classes[d->cls].call != 0;
}

Test(codec, a_call_being_answered_shows_only_its_announcement)
{
    struct pq_deal d;
    struct codec_event events[CODEC_EVENTS_MAX];
    cr_assert(find_state(&d, younger_to_answer_a_call, 10));
    int n = codec_events_since(&d, PQ_YOUNGER, d.n_history - 1, events, CODEC_EVENTS_MAX);
    cr_assert_eq(n, 1);
    cr_expect_eq(events[0].visible, 0);
    cr_expect_eq(events[0].phase, PQ_PHASE_CALL);
    cr_expect_eq(events[0].declaration.known, 1);
    cr_expect_eq(events[0].declaration.length, pq_mask_count(d.classes[d.cls].call));
    cr_expect_eq(events[0].declaration.cards, 0);
    cr_expect_eq(events[0].action.cards, 0);
}

/* Right after younger answered elder's point call and lost the class. */
static int point_answered(const struct pq_deal *d)
{
    return d->cls == PQ_CLASS_SEQUENCE && d->phase == PQ_PHASE_CALL &&
           d->history[d->n_history - 1].pad == PQ_YOUNGER &&
           d->classes[PQ_CLASS_POINT].outcome == PQ_OUTCOME_GOOD;
}

static int conceding_answer_made(const struct pq_deal *d)
{
    return point_answered(d) && d->classes[PQ_CLASS_POINT].answer != 0;
}

static int passed_answer_made(const struct pq_deal *d)
{
    return point_answered(d) && d->classes[PQ_CLASS_POINT].answer == 0;
}

/* R16 and view.h: a conceding answer reveals nothing, not even whether it
 * was a pass, so both travel to elder as the same event. */
Test(codec, conceding_answer_and_pass_look_the_same_to_elder)
{
    struct pq_deal conceded, passed;
    struct codec_event a[CODEC_EVENTS_MAX], b[CODEC_EVENTS_MAX];
    cr_assert(find_state(&conceded, conceding_answer_made, 200));
    cr_assert(find_state(&passed, passed_answer_made, 200));
    int na = codec_events_since(&conceded, PQ_ELDER, conceded.n_history - 1, a, CODEC_EVENTS_MAX);
    int nb = codec_events_since(&passed, PQ_ELDER, passed.n_history - 1, b, CODEC_EVENTS_MAX);
    cr_assert_geq(na, 1);
    cr_assert_geq(nb, 1);
    cr_expect_eq(a[0].phase, PQ_PHASE_ANSWER);
    cr_expect_eq(a[0].visible, 0);
    cr_expect_eq(a[0].declaration.known, 0);
    cr_expect_eq(memcmp(&a[0], &b[0], sizeof a[0]), 0, "the two answers are told apart");
}

static int carte_blanche_held(const struct pq_deal *d)
{
    return d->carte_blanche >= 0;
}

Test(codec, scores_made_at_the_start_come_first)
{
    struct pq_deal d;
    struct pq_rules rules;
    uint8_t deck[32];
    struct codec_event events[CODEC_EVENTS_MAX];
    pq_rules_default(&rules);
    deck_of(31, deck);   /* younger's carte blanche */
    cr_assert_eq(pq_deal_init(&d, &rules, deck), 0);
    cr_assert(carte_blanche_held(&d));
    int n = codec_events_since(&d, PQ_ELDER, 0, events, CODEC_EVENTS_MAX);
    cr_assert_eq(n, 1);
    cr_expect_eq(events[0].kind, CODEC_EVENT_SCORE);
    cr_expect_eq(events[0].category, PQ_CAT_CARTE_BLANCHE);
    cr_expect_eq(events[0].points, 10);
    cr_expect_eq(events[0].seat, PQ_YOUNGER);
}

/* The largest list outside the exchange: elder holding eight spades and
 * four hearts calls a point (255 + 15 subsets, and pass). */
Test(codec, the_largest_legal_list_fits)
{
    static const char *const cards[32] = {
        "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "7H", "8H", "9H", "TH",
        "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "7D", "8D", "9D", "TD",
        "JH", "QH", "KH", "AH", "JD", "QD", "KD", "AD"
    };
    struct pq_deal d;
    struct pq_rules rules;
    struct codec_frame f = { NULL, 0 };
    struct codec_time time = { 1, 1 };
    uint8_t deck[32];
    char err[200];
    for (int i = 0; i < 32; i++) deck[i] = (uint8_t)pq_card_parse(cards[i]);
    pq_rules_default(&rules);
    cr_assert_eq(pq_deal_init(&d, &rules, deck), 0);
    cr_assert_eq(pq_deal_apply_text(&d, "discard 7H", 10, err, sizeof err), 0, "%s", err);
    cr_assert_eq(pq_deal_apply_text(&d, "discard 7D", 10, err, sizeof err), 0, "%s", err);
    cr_assert_eq(pq_deal_legal_count(&d), 271);
    cr_assert_eq(codec_encode_request(&f, 1, 1, 1, &d, 0, &time, err, sizeof err), CODEC_OK, "%s", err);
    cr_assert_eq(codec_decode_request(f.data, f.len, NULL, &request, err, sizeof err), CODEC_OK, "%s", err);
    cr_expect_eq(request.n_legal, 271);
    cr_expect_leq(271, CODEC_LEGAL_MAX);
    cr_log_info("a 271-action request is %zu bytes", f.len);
    codec_frame_release(&f);
}

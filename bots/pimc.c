/* pimc.c - bot-pimc's decisions (pimc.h): sampling over hidden cards and
 * exact solving of each sampled world.
 *
 * Every decision seeds its own generator from the options' seed and a hash
 * of the view, so the same view with the same seed and budget gives the
 * same answer whatever came before. The solver's table is kept for the
 * life of the bot: it stores exact positions only (solver.h), so entries
 * of earlier worlds and deals stay true.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bots/pimc.h"
#include "bots/strategy.h"
#include "bots/worlds.h"

enum { ENUMERATE_MAX = 4096, SAMPLE_TRIES = 200 };

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

void pimc_options_default(struct pimc_options *out)
{
    memset(out, 0, sizeof *out);
    out->seed = 1;
    out->worlds = 48;
    out->candidates = 10;
    out->bias = 0.4;
}

int pimc_parse_budget(struct pimc_options *self, const char *text)
{
    char *end;
    long value = strtol(text, &end, 10);
    if (end == text || value < 1 || value > 1000000) return -1;
    if (!strcmp(end, "ms")) {
        self->ms = (int)value;
        return 0;
    }
    if (*end) return -1;
    self->worlds = (int)value;
    self->ms = 0;
    return 0;
}

int pimc_init(struct pimc *self, const struct pimc_options *options)
{
    memset(self, 0, sizeof *self);
    self->options = *options;
    return solver_init(&self->solver, 20);
}

void pimc_release(struct pimc *self)
{
    solver_release(&self->solver);
}

/* ---- helpers ---------------------------------------------------------- */

static uint64_t mix(uint64_t h, uint64_t x)
{
    return (h ^ x) * 0x100000001b3ull;
}

static uint64_t view_hash(const struct pq_view *v)
{
    uint64_t h = 0xcbf29ce484222325ull;
    h = mix(h, v->seat | (uint64_t)v->phase << 8 | (uint64_t)v->cls << 16 | (uint64_t)v->trick << 24 |
               (uint64_t)(uint8_t)v->lead_card << 32 | (uint64_t)v->k << 40 | (uint64_t)v->m << 48);
    h = mix(h, v->hand | (uint64_t)v->dealt << 32);
    h = mix(h, v->discards | (uint64_t)v->played << 32);
    h = mix(h, v->opponent_played | (uint64_t)v->opponent_shown << 32);
    h = mix(h, (uint64_t)(uint16_t)v->score[0] | (uint64_t)(uint16_t)v->score[1] << 16);
    return h;
}

void pimc_position_from_view(const struct pq_view *v, pq_mask opponent_hand, struct solver_position *pos)
{
    memset(pos, 0, sizeof *pos);
    pos->hand[v->seat] = v->hand;
    pos->hand[1 - v->seat] = opponent_hand;
    pos->lead_card = v->lead_card;
    pos->leader = v->leader;
    pos->trick = v->trick;
    pos->tricks[0] = v->tricks[0];
    pos->tricks[1] = v->tricks[1];
    pos->trick_scoring = v->rules.trick_scoring;
    pos->elder_score = v->score[PQ_ELDER];
    if (v->trick == 0 && v->lead_card < 0) {
        /* R25: open at the first lead when nobody repiqued and younger
         * scored nothing in declarations (public: classes and carte blanche). */
        int younger_declared = v->carte_blanche == PQ_YOUNGER ? 10 : 0;
        for (int cls = 0; cls < PQ_CLASSES; cls++)
            if (v->classes[cls].outcome == PQ_OUTCOME_NOT_GOOD) younger_declared += v->classes[cls].points;
        pos->pique_live = (uint8_t)(v->repique < 0 && younger_declared == 0);
    } else {
        /* After the first lead younger's score holds his declarations and
         * play points: any of them closes the pique. */
        pos->pique_live = (uint8_t)(v->repique < 0 && v->pique < 0 && v->score[PQ_YOUNGER] == 0);
    }
}

int pimc_deal_value(struct solver *solver, const struct pq_deal *d)
{
    struct solver_position pos;
    int value = 0;
    for (int cat = PQ_CAT_CARTE_BLANCHE; cat <= PQ_CAT_CARTE_ROUGE; cat++)
        value += d->declared[PQ_ELDER][cat] - d->declared[PQ_YOUNGER][cat];
    if (d->repique >= 0) value += d->repique == PQ_ELDER ? 60 : -60;
    solver_position_from_deal(&pos, d);
    return value + solver_value(solver, &pos);
}

/* The time this decision may take: the budget's or the caller's cap. */
static double time_limit(const struct pimc *self, double cap_ms)
{
    double limit = self->options.ms > 0 ? self->options.ms : 1e12;
    if (cap_ms > 0 && cap_ms < limit) limit = cap_ms;
    return limit;
}

/* ---- play ------------------------------------------------------------- */

static int choose_play(struct pimc *self, const struct pq_view *v, const struct pq_action *legal, int n,
                       struct pq_rng *rng, double start, double cap_ms)
{
    static pq_mask listed[ENUMERATE_MAX];
    struct worlds w;
    struct solver_position base;
    double sum[PQ_CARDS] = { 0 };
    int budget = self->options.ms > 0 ? 1000000 : self->options.worlds;
    double limit = time_limit(self, cap_ms);
    worlds_infer(&w, v);
    w.bias = self->options.bias;
    int count = worlds_enumerate(&w, listed, ENUMERATE_MAX, budget < ENUMERATE_MAX ? budget : ENUMERATE_MAX);
    self->last_enumerated = count > 0;
    pimc_position_from_view(v, 0, &base);
    int solved = 0, opp = 1 - v->seat;
    for (int i = 0; count > 0 ? i < count : i < budget; i++) {
        struct solver_position pos = base;
        int values[PQ_CARDS];
        pq_mask world;
        double weight = 1;
        if (count > 0) {
            world = listed[i];
            weight = worlds_weight(&w, world);
        } else {
            worlds_sample(&w, rng, SAMPLE_TRIES, &world);
        }
        /* A world of the wrong size can only come from a view the
         * inference could not explain (worlds_infer's relaxed case): skip. */
        if (pq_mask_count(world) != v->opponent_hand_count) continue;
        pos.hand[opp] = world;
        pq_mask moves = solver_values(&self->solver, &pos, values);
        for (pq_mask m = moves; m; m &= m - 1) {
            int card = pq_mask_first(m);
            sum[card] += weight * (v->seat == PQ_ELDER ? values[card] : -values[card]);
        }
        solved++;
        if (now_ms() - start >= limit) break;
    }
    self->last_worlds = solved;
    if (!solved) return strategy_greedy(v, legal, n);
    int best = 0;
    for (int i = 1; i < n; i++)
        if (sum[legal[i].number] > sum[legal[best].number] + 1e-9) best = i;
    return best;
}

/* ---- exchange --------------------------------------------------------- */

/* A pack consistent with what the seat knows before its exchange: its own
 * dealt hand in its place, the other 20 cards shuffled, and the opponent
 * holding carte blanche exactly when the view says so. */
static int sample_deck(const struct pq_view *v, struct pq_rng *rng, uint8_t deck[32])
{
    int opp = 1 - v->seat;
    for (int attempt = 0; attempt < 100; attempt++) {
        int rest[20], n = 0, mine = 0, base = v->seat == PQ_ELDER ? 0 : 12;
        for (int card = 0; card < PQ_CARDS; card++) {
            if (v->dealt & PQ_BIT(card)) deck[base + mine++] = (uint8_t)card;
            else rest[n++] = card;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = (int)pq_rng_below(rng, (uint32_t)(i + 1));
            int tmp = rest[i];
            rest[i] = rest[j];
            rest[j] = tmp;
        }
        pq_mask opp_dealt = 0;
        for (int i = 0, pos = 0; pos < 32; pos++) {
            if (pos >= base && pos < base + 12) continue;
            deck[pos] = (uint8_t)rest[i++];
            if (pos < 24) opp_dealt |= PQ_BIT(deck[pos]);
        }
        if (!(opp_dealt & PQ_COURTS) == (v->carte_blanche == opp)) return 0;
    }
    return -1;
}

/* The opponent's exchange in a simulated deal: the greedy player's, of the
 * size he is known to have taken when it is known. */
static pq_mask opponent_discard(const struct pq_deal *d, int size)
{
    static struct pq_action all[PQ_MAX_LEGAL], some[PQ_MAX_LEGAL];
    struct pq_view ov;
    int n = pq_deal_legal(d, all, PQ_MAX_LEGAL), m = 0, most = 0;
    for (int i = 0; i < n; i++)
        if (pq_mask_count(all[i].cards) > most) most = pq_mask_count(all[i].cards);
    if (size <= 0) size = most;
    for (int i = 0; i < n; i++)
        if (pq_mask_count(all[i].cards) == size) some[m++] = all[i];
    if (m == 0) return all[0].cards;
    pq_view_build(d, d->to_act, &ov);
    return some[strategy_greedy(&ov, some, m)].cards;
}

/* Plays a simulated deal from `deck` through the exchange (ours:
 * `discard`) and the declarations; returns its value to the seat, or
 * sets *ok to 0 when the simulation cannot follow the real deal. */
static int simulate(struct pimc *self, const struct pq_view *v, const uint8_t deck[32], pq_mask discard,
                    pq_mask opp_cache[9], int *ok)
{
    static struct pq_action legal[PQ_MAX_LEGAL];
    struct pq_deal d;
    int me = v->seat;
    *ok = 0;
    if (pq_deal_init(&d, &v->rules, deck) < 0) return 0;
    while (d.phase == PQ_PHASE_ANNOUNCE || d.phase == PQ_PHASE_DISCARD) {
        struct pq_action a = { .kind = PQ_ACT_DISCARD };
        if (d.phase == PQ_PHASE_ANNOUNCE) {
            a.kind = PQ_ACT_ANNOUNCE;
            a.number = v->announced ? v->announced : 5;
        } else if (d.to_act == me) {
            a.cards = discard;
        } else {
            /* Known size: elder's k when we are younger, younger's m when
             * we are elder holding carte blanche (R7). */
            int size = me == PQ_YOUNGER ? v->k : v->m;
            int key = me == PQ_YOUNGER ? 0 : pq_mask_count(discard);
            if (!opp_cache[key]) opp_cache[key] = opponent_discard(&d, size);
            a.cards = opp_cache[key];
        }
        if (pq_deal_apply(&d, &a, NULL, 0) < 0) return 0;
    }
    while (d.phase == PQ_PHASE_CALL || d.phase == PQ_PHASE_ANSWER || d.phase == PQ_PHASE_EXTRA) {
        struct pq_view sv;
        int n = pq_deal_legal(&d, legal, PQ_MAX_LEGAL);
        pq_view_build(&d, d.to_act, &sv);
        if (pq_deal_apply(&d, &legal[strategy_greedy(&sv, legal, n)], NULL, 0) < 0) return 0;
    }
    if (d.phase != PQ_PHASE_PLAY) return 0;
    *ok = 1;
    int value = pimc_deal_value(&self->solver, &d);
    return me == PQ_ELDER ? value : -value;
}

static int choose_exchange(struct pimc *self, const struct pq_view *v, const struct pq_action *legal, int n,
                           struct pq_rng *rng, double start, double cap_ms)
{
    static struct pq_action some[PQ_MAX_LEGAL];
    int index[PQ_MAX_LEGAL], candidate[32], nc = 0, most = 0, least = 9;
    for (int i = 0; i < n; i++) {
        int size = pq_mask_count(legal[i].cards);
        if (size > most) most = size;
        if (size < least) least = size;
    }
    /* Prefilter: the greedy player's best few of each of the three
     * largest sizes, most of the largest. */
    for (int size = most; size >= least && size > most - 3; size--) {
        int keep = size == most ? (self->options.candidates + 1) / 2
                 : size == most - 1 ? self->options.candidates / 3 : 1;
        int m = 0;
        for (int i = 0; i < n; i++)
            if (pq_mask_count(legal[i].cards) == size) {
                index[m] = i;
                some[m++] = legal[i];
            }
        for (int k = 0; k < keep && m > 0 && nc < 32; k++) {
            int g = strategy_greedy(v, some, m);
            candidate[nc++] = index[g];
            some[g] = some[m - 1];
            index[g] = index[m - 1];
            m--;
        }
    }
    self->last_worlds = 0;
    self->last_enumerated = 0;
    if (nc <= 1) return nc ? candidate[0] : 0;
    double sum[32] = { 0 }, limit = time_limit(self, cap_ms);
    int samples = self->options.samples > 0 ? self->options.samples : self->options.worlds;
    if (self->options.ms > 0) samples = 1000000;
    for (int s = 0; s < samples; s++) {
        uint8_t deck[32];
        pq_mask opp_cache[9] = { 0 };
        int values[32], ok = 1;
        if (sample_deck(v, rng, deck) < 0) break;
        for (int c = 0; c < nc && ok; c++) values[c] = simulate(self, v, deck, legal[candidate[c]].cards, opp_cache, &ok);
        if (!ok) continue;   /* this pack cannot be the real one */
        for (int c = 0; c < nc; c++) sum[c] += values[c];
        self->last_worlds++;
        if (now_ms() - start >= limit) break;
    }
    int best = 0;
    for (int c = 1; c < nc; c++)
        if (sum[c] > sum[best] + 1e-9) best = c;
    return candidate[best];
}

/* ---- the decision ----------------------------------------------------- */

int pimc_choose(struct pimc *self, const struct pq_view *v, const struct pq_action *legal, int n, double cap_ms)
{
    double start = now_ms();
    struct pq_rng rng;
    self->last_worlds = 0;
    self->last_enumerated = 0;
    if (n <= 1) return 0;
    pq_rng_seed(&rng, pq_rng_mix(self->options.seed, view_hash(v)));
    switch (legal[0].kind) {
    case PQ_ACT_PLAY:
        return choose_play(self, v, legal, n, &rng, start, cap_ms);
    case PQ_ACT_DISCARD:
        return choose_exchange(self, v, legal, n, &rng, start, cap_ms);
    default:
        /* Announce five, declare in full, look at untaken cards. */
        return strategy_greedy(v, legal, n);
    }
}

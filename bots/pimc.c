/* pimc.c - bot-pimc's decisions (pimc.h): sampling over hidden cards and
 * exact solving of each sampled world.
 *
 * Every decision seeds its own generator from the options' seed and a hash
 * of the view, so the same view with the same seed and budget gives the
 * same answer whatever came before. The solver's table is kept for the
 * life of the bot: it stores exact positions only (solver.h), so entries
 * of earlier worlds and deals stay true. Measuring a sink plays rebuilt
 * deals through the engine (rebuild_deal: the seat's own cards, a sampled
 * exchange of the opponent, the declarations so far replayed from the
 * view); a sample that cannot reproduce the view is skipped.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>
#include "bots/exchanges.h"
#include "bots/pimc.h"
#include "bots/strategy.h"
#include "bots/worlds.h"

enum { ENUMERATE_MAX = 4096, SAMPLE_TRIES = 200, EXCHANGE_TRIES = 100 };

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
    out->model = PIMC_MODEL_EXCHANGE;
    out->temperature = 3;
    out->sink = 0;   /* measured: never a gain, half as much time again (bots/README.md) */
    out->sink_tricks = 3;
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
    struct exchanges model;
    int use_model = count <= 0 && self->options.model == PIMC_MODEL_EXCHANGE &&
                    exchanges_init(&model, v, self->options.temperature) == 0;
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
            struct exchange x;
            if (use_model && exchanges_sample(&model, rng, EXCHANGE_TRIES, &x) == 0) {
                world = x.hand;
                weight = x.weight;
            } else {
                worlds_sample(&w, rng, SAMPLE_TRIES, &world);
            }
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

/* The opponent's exchange in a simulated deal, of the size he is known to
 * have taken when it is known (else the most): the greedy player's
 * (version 1), or drawn from the exchange model (exchanges.h). */
static pq_mask opponent_discard(const struct pimc *self, const struct pq_deal *d, int size, struct pq_rng *rng)
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
    if (self->options.model == PIMC_MODEL_EXCHANGE)
        return exchanges_discard(d->hand[d->to_act], size, self->options.temperature, rng);
    pq_view_build(d, d->to_act, &ov);
    return some[strategy_greedy(&ov, some, m)].cards;
}

/* Plays a simulated deal from `deck` through the exchange (ours:
 * `discard`) and the declarations; returns its value to the seat, or
 * sets *ok to 0 when the simulation cannot follow the real deal. */
static int simulate(struct pimc *self, const struct pq_view *v, const uint8_t deck[32], pq_mask discard,
                    pq_mask opp_cache[9], struct pq_rng *rng, int *ok)
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
            if (!opp_cache[key]) opp_cache[key] = opponent_discard(self, &d, size, rng);
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
        for (int c = 0; c < nc && ok; c++) values[c] = simulate(self, v, deck, legal[candidate[c]].cards, opp_cache, rng, &ok);
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

/* ---- declarations: sinking -------------------------------------------- */

/* A sunk declaration is tried only when the full one scores at most this:
 * beyond it no hidden card has been seen to repay the points. */
enum { SINK_STAKE = 5, SINK_OPPONENT_WORLDS = 4, SINK_SAMPLES_MIN = 4 };

/* The action that replays a declaration the view shows: its cards when
 * known, else the opponent's best combination matching what he announced
 * (length, top or set rank, pips), else a pass (a conceding answer keeps
 * the outcome whatever it was). */
static int replay_declaration(struct pq_deal *d, const struct pq_view_declaration *decl)
{
    static struct pq_action legal[PQ_MAX_LEGAL];
    struct pq_action a = { .kind = PQ_ACT_PASS };
    if (decl->known == 2) {
        a.kind = PQ_ACT_DECLARE;
        a.cls = d->cls;
        a.cards = decl->cards;
    } else if (decl->known == 1) {
        int n = pq_deal_legal(d, legal, PQ_MAX_LEGAL), best = -1, best_key = 0;
        for (int i = 0; i < n; i++) {
            if (legal[i].kind != PQ_ACT_DECLARE || pq_mask_count(legal[i].cards) != decl->length) continue;
            int key = pq_combo_key(d->cls, legal[i].cards);
            if (decl->rank != 0xff && (d->cls == PQ_CLASS_SET ? PQ_RANK(pq_mask_first(legal[i].cards)) : key % 16) != decl->rank)
                continue;
            if (decl->pips && d->cls == PQ_CLASS_POINT && key % 256 != decl->pips) continue;
            if (key > best_key) {
                best_key = key;
                best = i;
            }
        }
        if (best < 0) return -1;
        a = legal[best];
    }
    return pq_deal_apply(d, &a, NULL, 0);
}

/* The winner's next extra: the largest legal combination of what the view
 * shows he added, or a pass when all are made. */
static int replay_extra(struct pq_deal *d, pq_mask extras)
{
    static struct pq_action legal[PQ_MAX_LEGAL];
    struct pq_action a = { .kind = PQ_ACT_PASS };
    pq_mask left = extras & ~d->classes[d->cls].extras;
    if (left) {
        int n = pq_deal_legal(d, legal, PQ_MAX_LEGAL), best = -1;
        for (int i = 0; i < n; i++)
            if (legal[i].kind == PQ_ACT_DECLARE && !(legal[i].cards & ~left) &&
                (best < 0 || pq_mask_count(legal[i].cards) > pq_mask_count(legal[best].cards)))
                best = i;
        if (best < 0) return -1;
        a = legal[best];
    }
    return pq_deal_apply(d, &a, NULL, 0);
}

/* A deal the seat cannot tell from the real one at this declaration: its
 * own cards, the opponent's sampled exchange, the talon split by k and m,
 * and the declarations so far replayed. Returns 0, or -1 when the sample
 * cannot reproduce the view. */
static int rebuild_deal(const struct pq_view *v, const struct exchange *x, struct pq_deal *d)
{
    int me = v->seat, opp = 1 - me;
    pq_mask dealt[2], drawn[2], discards[2];
    dealt[me] = v->dealt;
    drawn[me] = v->drawn;
    discards[me] = v->discards;
    dealt[opp] = x->dealt;
    drawn[opp] = x->drawn;
    discards[opp] = x->discards;
    pq_mask untaken = ~(dealt[0] | dealt[1] | drawn[0] | drawn[1]);
    if (pq_mask_count(untaken) != 8 - v->k - v->m) return -1;
    uint8_t deck[32];
    int pos = 0;
    pq_mask order[5] = { dealt[PQ_ELDER], dealt[PQ_YOUNGER], drawn[PQ_ELDER], drawn[PQ_YOUNGER], untaken };
    for (int g = 0; g < 5; g++)
        for (pq_mask m = order[g]; m; m &= m - 1) deck[pos++] = (uint8_t)pq_mask_first(m);
    if (pos != 32 || pq_deal_init(d, &v->rules, deck) < 0) return -1;
    for (int seat = PQ_ELDER; seat <= PQ_YOUNGER; seat++) {
        struct pq_action a = { .kind = PQ_ACT_DISCARD, .cards = discards[seat] };
        if (d->phase != PQ_PHASE_DISCARD || d->to_act != seat || pq_deal_apply(d, &a, NULL, 0) < 0) return -1;
    }
    for (int step = 0; step < 64; step++) {
        if (d->cls == v->cls && d->phase == v->phase &&
            (d->phase != PQ_PHASE_EXTRA || d->classes[d->cls].extras == v->classes[d->cls].extras))
            break;
        const struct pq_view_class *c = &v->classes[d->cls];
        int rc;
        if (d->phase == PQ_PHASE_CALL) rc = replay_declaration(d, &c->call);
        else if (d->phase == PQ_PHASE_ANSWER) rc = replay_declaration(d, &c->answer);
        else if (d->phase == PQ_PHASE_EXTRA) rc = replay_extra(d, c->extras);
        else rc = -1;
        if (rc < 0) return -1;
    }
    if (d->phase != v->phase || d->cls != v->cls || d->to_act != me || d->hand[me] != v->hand) return -1;
    if (d->score[0] != v->score[0] || d->score[1] != v->score[1]) return -1;
    return 0;
}

/* The opponent's card in a simulated play: PIMC over his own view, with
 * few worlds (greedy's bias), as today's bot-pimc plays. */
static int opponent_card(struct pimc *self, const struct pq_deal *d, struct pq_rng *rng)
{
    struct pq_view ov;
    struct worlds w;
    struct solver_position base;
    double sum[PQ_CARDS] = { 0 };
    pq_mask moves = 0;
    pq_view_build(d, d->to_act, &ov);
    worlds_infer(&w, &ov);
    w.bias = self->options.bias;
    pimc_position_from_view(&ov, 0, &base);
    for (int i = 0; i < SINK_OPPONENT_WORLDS; i++) {
        struct solver_position pos = base;
        int values[PQ_CARDS];
        pq_mask world;
        worlds_sample(&w, rng, SAMPLE_TRIES, &world);
        if (pq_mask_count(world) != ov.opponent_hand_count) continue;
        pos.hand[1 - ov.seat] = world;
        moves = solver_values(&self->solver, &pos, values);
        for (pq_mask m = moves; m; m &= m - 1) {
            int card = pq_mask_first(m);
            sum[card] += ov.seat == PQ_ELDER ? values[card] : -values[card];
        }
    }
    if (!moves) moves = solver_playable(&base);
    int best = pq_mask_first(moves);
    for (pq_mask m = moves; m; m &= m - 1)
        if (sum[pq_mask_first(m)] > sum[best] + 1e-9) best = pq_mask_first(m);
    return best;
}

/* The best card with both hands known. */
static int exact_card(struct pimc *self, const struct pq_deal *d)
{
    struct solver_position pos;
    int values[PQ_CARDS];
    solver_position_from_deal(&pos, d);
    pq_mask moves = solver_values(&self->solver, &pos, values);
    int best = pq_mask_first(moves), sign = d->to_act == PQ_ELDER ? 1 : -1;
    for (pq_mask m = moves; m; m &= m - 1)
        if (sign * values[pq_mask_first(m)] > sign * values[best]) best = pq_mask_first(m);
    return best;
}

/* Plays a rebuilt deal from the seat's declaration `a` to its end: the
 * rest of the declarations in full (greedy's), then the play, the seat
 * with both hands known, the opponent from what he saw (his own view, so
 * the cards the declaration shows him) for the first `sink_tricks` tricks
 * and exactly after. Returns the deal's score to the seat, or sets *ok
 * to 0. */
static int play_out(struct pimc *self, struct pq_deal d, const struct pq_action *a, int me, uint64_t seed, int *ok)
{
    static struct pq_action legal[PQ_MAX_LEGAL];
    struct pq_rng rng;
    pq_rng_seed(&rng, seed);
    *ok = 0;
    if (pq_deal_apply(&d, a, NULL, 0) < 0) return 0;
    while (!pq_deal_over(&d)) {
        struct pq_action next;
        if (d.phase == PQ_PHASE_PLAY && d.trick >= self->options.sink_tricks && d.lead_card < 0) {
            /* From here both play exactly: the solver's value. */
            struct solver_position pos;
            solver_position_from_deal(&pos, &d);
            int rest = solver_value(&self->solver, &pos);
            *ok = 1;
            return d.score[me] - d.score[1 - me] + (me == PQ_ELDER ? rest : -rest);
        }
        if (d.phase == PQ_PHASE_PLAY) {
            int card = d.to_act != me ? opponent_card(self, &d, &rng) : exact_card(self, &d);
            next = (struct pq_action){ .kind = PQ_ACT_PLAY, .number = (uint8_t)card, .cards = PQ_BIT(card) };
        } else {
            struct pq_view sv;
            int n = pq_deal_legal(&d, legal, PQ_MAX_LEGAL);
            pq_view_build(&d, d.to_act, &sv);
            next = legal[strategy_greedy(&sv, legal, n)];
        }
        if (pq_deal_apply(&d, &next, NULL, 0) < 0) return 0;
    }
    *ok = 1;
    return d.score[me] - d.score[1 - me];
}

/* The declaration: in full unless a smaller one (the same less its lowest
 * card, or nothing) measurably gains, on rebuilt deals drawn from the
 * exchange model, more in play than it costs in points: its mean gain over
 * the full declaration on the same deals must pass twice its standard
 * error. */
static int choose_declaration(struct pimc *self, const struct pq_view *v, const struct pq_action *legal, int n,
                              struct pq_rng *rng, double start, double cap_ms)
{
    int full = strategy_greedy(v, legal, n), candidate[3], nc = 0;
    if (!self->options.sink || legal[full].kind != PQ_ACT_DECLARE) return full;
    if (pq_combo_score(legal[full].cls, legal[full].cards) > SINK_STAKE) return full;
    const struct pq_view_declaration *call = &v->classes[v->cls].call;
    if (v->phase == PQ_PHASE_ANSWER && call->known == 1) {
        /* An answer shorter than the call (or a lesser set) concedes and
         * shows nothing, whatever it is. */
        int beaten = legal[full].cls == PQ_CLASS_SET
                         ? pq_combo_key(PQ_CLASS_SET, legal[full].cards) < call->length * 16 + call->rank
                         : pq_mask_count(legal[full].cards) < call->length;
        if (beaten) return full;
    }
    candidate[nc++] = full;
    int shorter = -1;
    for (int i = 0; i < n; i++) {
        if (legal[i].kind == PQ_ACT_PASS) candidate[nc++] = i;
        if (legal[i].kind != PQ_ACT_DECLARE || (legal[i].cards & ~legal[full].cards) ||
            pq_mask_count(legal[i].cards) != pq_mask_count(legal[full].cards) - 1)
            continue;
        if (shorter < 0 || pq_combo_key(legal[i].cls, legal[i].cards) > pq_combo_key(legal[shorter].cls, legal[shorter].cards))
            shorter = i;
    }
    if (shorter >= 0) candidate[nc++] = shorter;
    struct exchanges model;
    if (nc < 2 || exchanges_init(&model, v, self->options.temperature) < 0) return full;
    double sum[3] = { 0 }, square[3] = { 0 }, weight_squares = 0, limit = time_limit(self, cap_ms);
    /* A quarter of the budget: sinking is rarely right (bots/README.md),
     * and the play after it should keep its time. */
    int samples = (self->options.samples > 0 ? self->options.samples : self->options.worlds) / 4, done = 0;
    if (samples < SINK_SAMPLES_MIN) samples = SINK_SAMPLES_MIN;
    if (self->options.ms > 0) samples = 1000000, limit /= 4;
    for (int s = 0; s < samples; s++) {
        struct exchange x;
        struct pq_deal d;
        int values[3], ok = 1;
        if (exchanges_sample(&model, rng, EXCHANGE_TRIES, &x) < 0) break;
        if (rebuild_deal(v, &x, &d) < 0) continue;
        uint64_t seed = pq_rng_next(rng);
        for (int c = 0; c < nc && ok; c++) values[c] = play_out(self, d, &legal[candidate[c]], v->seat, seed, &ok);
        if (!ok) continue;
        for (int c = 1; c < nc; c++) {
            double gain = values[c] - values[0];
            sum[c] += x.weight * gain;
            square[c] += x.weight * gain * gain;
        }
        sum[0] += x.weight;
        weight_squares += x.weight * x.weight;
        done++;
        if (now_ms() - start >= limit) break;
    }
    self->last_worlds = done;
    if (done < SINK_SAMPLES_MIN || sum[0] <= 0) return full;
    int best = 0;
    double best_gain = 0;
    self->last_sink_gain = -1e9;
    for (int c = 1; c < nc; c++) {
        /* Weighted mean and its standard error over the deals (Kish's
         * effective number of them). */
        double mean = sum[c] / sum[0];
        double spread = square[c] / sum[0] - mean * mean;
        double error = sqrt((spread > 0 ? spread : 0) * weight_squares / (sum[0] * sum[0]));
        if (mean > self->last_sink_gain) {
            self->last_sink_gain = mean;
            self->last_sink_error = error;
        }
        if (mean > 2 * error && mean > best_gain) {
            best_gain = mean;
            best = c;
        }
    }
    return candidate[best];
}

/* ---- the decision ----------------------------------------------------- */

int pimc_choose(struct pimc *self, const struct pq_view *v, const struct pq_action *legal, int n, double cap_ms)
{
    double start = now_ms();
    struct pq_rng rng;
    self->last_worlds = 0;
    self->last_enumerated = 0;
    self->last_sink_gain = self->last_sink_error = 0;
    if (n <= 1) return 0;
    pq_rng_seed(&rng, pq_rng_mix(self->options.seed, view_hash(v)));
    switch (legal[0].kind) {
    case PQ_ACT_PLAY:
        return choose_play(self, v, legal, n, &rng, start, cap_ms);
    case PQ_ACT_DISCARD:
        return choose_exchange(self, v, legal, n, &rng, start, cap_ms);
    case PQ_ACT_DECLARE:
    case PQ_ACT_PASS:
        return choose_declaration(self, v, legal, n, &rng, start, cap_ms);
    default:
        /* Announce five, look at untaken cards. */
        return strategy_greedy(v, legal, n);
    }
}

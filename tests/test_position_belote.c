/* test_position_belote.c - the Belote family's position key (game.h
 * position, belote.h bel_deal_position): two orders of play that reach
 * one position share a key; each field the key hashes changes it, and
 * the fields it leaves out (the past's order, what players know) do not;
 * 0 outside the card play; and over random lines from seeded positions of
 * every form and player count, states with one key have the same legal
 * actions and end the deal with the same scores.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/belote/belote.h"
#include "engine/rng.h"
#include "tests/test_belote_support.h"
#include "tests/support_rules.h"

/* The legal action texts of a state, joined by '|', into out. */
static void legal_texts(const struct game *g, const void *state, char *out, int cap)
{
    int n = g->legal_count(state), at = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        char text[GAME_ACTION_MAX];
        int len = g->legal_text(state, i, text, sizeof text);
        cr_assert_geq(len, 0);
        cr_assert_lt(at + len + 2, cap, "legal texts longer than %d", cap);
        if (i) out[at++] = '|';
        memcpy(out + at, text, (size_t)len + 1);
        at += len;
    }
}

/* ---- (a) a transposition ---- */

/* Partnership (no Seven exchange), seat 0 takes clubs. Its hands:
 *   seat 0: AS AH KD QD JD TC 9C 8C   seat 1: 7S 7H 7D 8D 9D TD AD 7C
 *   seat 2: 8S 8H KS QS JS TS JC QC   seat 3: 9S 9H KH QH JH TH AC KC
 * dealt as B7 says (five each, the turn-up TC, then the maker's two and
 * three to each other seat). Seat 0 wins a spade trick and a heart trick
 * with its Aces in either order. */
static const char *const TRANSPOSE_DECK =
    "AS AH KD QD JD 7S 7H 7D 8D 9D 8S 8H KS QS JS 9S 9H KH QH JH TC 9C 8C TD AD 7C TS JC QC TH AC KC";

static void two_tricks(struct bel_match *m, const char *first, const char *second)
{
    char err[256], action[16];
    bt_start(m, "belote-partnership", 4, NULL, TRANSPOSE_DECK, 0);
    cr_assert_eq(bt_do(m, "take", err, sizeof err), GAME_GOES_ON, "%s", err);
    const char *tricks[2] = { first, second };
    for (int t = 0; t < 2; t++)
        for (int s = 0; s < 4; s++) {
            if (t == 0) cr_assert_eq(bt_do(m, "meld", err, sizeof err), GAME_GOES_ON, "%s", err);
            snprintf(action, sizeof action, "play %.2s", tricks[t] + 3 * s);
            cr_assert_eq(bt_do(m, action, err, sizeof err), GAME_GOES_ON, "%s: %s", action, err);
        }
}

Test(position_belote, two_tricks_played_in_either_order_reach_one_key)
{
    static struct bel_match a, b;
    char la[2048], lb[2048];
    two_tricks(&a, "AS 7S 8S 9S", "AH 7H 8H 9H");
    two_tricks(&b, "AH 7H 8H 9H", "AS 7S 8S 9S");
    const struct game *g = bt_game(&a);
    cr_assert(g->position, "belote-partnership has no position key");
    cr_assert_eq(a.deal.trick, 2);
    cr_assert_eq(a.deal.to_act, 0);
    cr_assert_eq(a.deal.tricks_won[0], 2);
    /* two orders: the histories differ */
    cr_assert_neq(memcmp(a.deal.hist, b.deal.hist, sizeof a.deal.hist), 0);
    cr_assert_neq(g->position(&a), 0);
    cr_assert_eq(g->position(&a), g->position(&b), "one position, two keys");
    legal_texts(g, &a, la, sizeof la);
    legal_texts(g, &b, lb, sizeof lb);
    cr_assert_str_eq(la, lb);
    /* and the same position all the way to the end, by the same plays */
    char err[256], text[GAME_ACTION_MAX];
    while (a.deal.phase == BEL_PHASE_PLAY) {
        int len = g->legal_text(&a, 0, text, sizeof text);
        cr_assert_eq(g->position(&a), g->position(&b));
        int ra = g->apply(&a, text, len, err, sizeof err), rb = g->apply(&b, text, len, err, sizeof err);
        cr_assert_eq(ra, rb);
        if (ra == GAME_DEAL_OVER) break;
    }
    long sa[4], sb[4];
    g->scores(&a, sa);
    g->scores(&b, sb);
    cr_assert_arr_eq(sa, sb, sizeof sa);
    cr_assert_eq(g->position(&a), 0, "the match is over after its one deal");
}

/* ---- (b) sensitivity: each field hashed, and the fields left out ---- */

/* A card play of `form` with every hashed field set to something: two
 * cards on the table, melds in the pool, calls made. */
static void base(struct bel_deal *d, int form)
{
    struct bel_rules r;
    uint8_t deck[32];
    for (int i = 0; i < 32; i++) deck[i] = (uint8_t)i;
    int n = form == BEL_MARSEILLAISE ? 2 : 4;
    bel_rules_default(&r, form, n);
    bel_deal_init(d, &r, deck);
    d->phase = BEL_PHASE_PLAY;
    d->trump = PQ_CLUBS;
    d->maker = 1;
    d->trick = 3;
    d->leader = 1;
    d->n_played = 2;
    d->played[0] = (uint8_t)pq_card_parse("KH");
    d->played[1] = (uint8_t)pq_card_parse("AH");
    d->win_pos = 1;
    d->to_act = 3 % n;
    if (form == BEL_MARSEILLAISE) {
        d->hand[0] = sr_cards("AS TS KH QH");
        d->hand[1] = sr_cards("7D 8D 9D TC");
    } else {
        d->hand[0] = sr_cards("AS TS KH QH AC");
        d->hand[1] = sr_cards("7D 8D 9D TC");
        d->hand[2] = sr_cards("7H 8H 9H JD QD");
        d->hand[3] = sr_cards("7S 8S 9S JS QS");
    }
    for (int s = 0; s < n; s++) {
        d->tricks_won[s] = (uint8_t)(s & 1);
        d->cards_won[s] = (int16_t)(10 * s + 3);
        d->call[s] = sr_cards("7D 8D 9D") << (s & 1);
    }
    d->melded = 0x0f;
    d->holder = 1;
    d->meld_winner = 1;
    d->belote[1] = 1;
    d->n_pool = 3;
    d->pool[0] = sr_cards("7D 8D 9D");
    d->pool[1] = sr_cards("JS JH JD JC");
    d->pool[2] = sr_cards("8S 9S TS");
    d->pool_seat[0] = 0;
    d->pool_seat[1] = 1;
    d->pool_seat[2] = 1;
    d->n_hist = 20;
    if (form == BEL_MARSEILLAISE) {
        d->need_claim = 0;
        d->best_at[0] = 4;
        d->best_at[1] = 9;
        d->belote_seen[0] = sr_cards("QC");
        d->down[0] = sr_cards("7C 8C");
        d->pending[1] = sr_cards("JC");
        d->turn_at_end[0] = sr_cards("9C");
        d->claimed_seq[1] = sr_cards("7D 8D 9D");
        d->claimed_carre[1] = sr_cards("JS JH JD JC");
    }
}

#define CHANGES(form, what, change)                                                                        \
    do {                                                                                                  \
        struct bel_deal x;                                                                                \
        base(&x, form);                                                                                   \
        uint64_t before = bel_deal_position(&x);                                                          \
        change;                                                                                           \
        cr_assert_neq(bel_deal_position(&x), before, "%s: %s leaves the key as it was", bel_form_name(form), what); \
    } while (0)

#define KEEPS(form, what, change)                                                                          \
    do {                                                                                                  \
        struct bel_deal x;                                                                                \
        base(&x, form);                                                                                   \
        uint64_t before = bel_deal_position(&x);                                                          \
        change;                                                                                           \
        cr_assert_eq(bel_deal_position(&x), before, "%s: %s changes the key", bel_form_name(form), what); \
    } while (0)

static void move_card(struct bel_deal *d, int from, int to)
{
    int c = pq_mask_first(d->hand[from]);
    d->hand[from] &= ~PQ_BIT(c);
    d->hand[to] |= PQ_BIT(c);
}

/* The fields every form hashes. */
static void common_fields_change_the_key(int form)
{
    int n = form == BEL_MARSEILLAISE ? 2 : 4;
    CHANGES(form, "rules.form", x.rules.form = (uint8_t)(form == BEL_BASIC ? BEL_PARTNERSHIP : BEL_BASIC));
    CHANGES(form, "rules.players", x.rules.players = 3);
    CHANGES(form, "rules.compare", x.rules.compare ^= 1);
    CHANGES(form, "rules.rounding", x.rules.rounding ^= 1);
    CHANGES(form, "rules.belote_on_failure", x.rules.belote_on_failure ^= 1);
    CHANGES(form, "rules.meld_tie", x.rules.meld_tie ^= 1);
    CHANGES(form, "rules.capot_last", x.rules.capot_last ^= 1);
    CHANGES(form, "rules.reveal", x.rules.reveal ^= 1);
    CHANGES(form, "the seat to act", x.to_act = (int8_t)((x.to_act + 1) % n));
    CHANGES(form, "the maker", x.maker = 0);
    CHANGES(form, "the trump", x.trump = PQ_HEARTS);
    CHANGES(form, "the tricks finished", x.trick++);
    CHANGES(form, "melded", x.melded = 0x07);
    CHANGES(form, "need_claim", x.need_claim ^= 1);
    CHANGES(form, "the call's holder", x.holder = 0);
    CHANGES(form, "the meld winner", x.meld_winner = -1);
    CHANGES(form, "the trick's leader", x.leader = 0);
    CHANGES(form, "the number of cards on the table", x.n_played = 1);
    CHANGES(form, "the first card on the table", x.played[0] = (uint8_t)pq_card_parse("QH"));
    CHANGES(form, "the second card on the table", x.played[1] = (uint8_t)pq_card_parse("TH"));
    CHANGES(form, "the trick's best card", x.win_pos = 0);
    for (int s = 0; s < n; s++) {
        char what[64];
        snprintf(what, sizeof what, "seat %d's hand", s);
        CHANGES(form, what, move_card(&x, s, (s + 1) % n));
        snprintf(what, sizeof what, "seat %d's tricks won", s);
        CHANGES(form, what, x.tricks_won[s]++);
        snprintf(what, sizeof what, "seat %d's card points", s);
        CHANGES(form, what, x.cards_won[s] += 10);
        snprintf(what, sizeof what, "seat %d's belote", s);
        CHANGES(form, what, x.belote[s] = 2);
        snprintf(what, sizeof what, "seat %d's call", s);
        CHANGES(form, what, x.call[s] = sr_cards("QD KD AD"));
        snprintf(what, sizeof what, "seat %d's K/Q of trumps seen", s);
        CHANGES(form, what, x.belote_seen[s] ^= sr_cards("KC"));
    }
    CHANGES(form, "a meld made", x.pool[2] = sr_cards("8S 9S TS JS"));
    CHANGES(form, "the seat of a meld", x.pool_seat[0] = 1);
    CHANGES(form, "the melds made", x.n_pool = 2);
}

Test(position_belote, each_hashed_field_changes_the_key)
{
    common_fields_change_the_key(BEL_BASIC);
    common_fields_change_the_key(BEL_PARTNERSHIP);
    common_fields_change_the_key(BEL_MARSEILLAISE);
    int f = BEL_MARSEILLAISE;
    CHANGES(f, "which best claim came first", (x.best_at[0] = 12));
    for (int s = 0; s < 2; s++) {
        char what[64];
        snprintf(what, sizeof what, "seat %d's layout (top)", s);
        CHANGES(f, what, x.top[s][3] = BEL_NO_CARD);
        snprintf(what, sizeof what, "seat %d's layout (bottom)", s);
        CHANGES(f, what, x.bottom[s][5] = BEL_NO_CARD);
        snprintf(what, sizeof what, "seat %d's face-down cards", s);
        CHANGES(f, what, x.down[s] ^= sr_cards("AD"));
        snprintf(what, sizeof what, "seat %d's cards available next trick", s);
        CHANGES(f, what, x.pending[s] ^= sr_cards("AD"));
        snprintf(what, sizeof what, "seat %d's cards to turn at the trick's end", s);
        CHANGES(f, what, x.turn_at_end[s] ^= sr_cards("AD"));
        snprintf(what, sizeof what, "seat %d's cards claimed in sequences", s);
        CHANGES(f, what, x.claimed_seq[s] ^= sr_cards("QD KD AD"));
        snprintf(what, sizeof what, "seat %d's cards claimed in carrés", s);
        CHANGES(f, what, x.claimed_carre[s] ^= sr_cards("AS AH AD AC"));
    }
}

/* What records only the order of the past, what the players know, or
 * what no longer bears once the card play has begun. */
static void other_fields_keep_the_key(int form)
{
    KEEPS(form, "the history", (x.hist[3].card ^= 7, x.hist[5].kind = BEL_ACT_PASS));
    KEEPS(form, "its length", x.n_hist = 30);
    KEEPS(form, "known", x.known[1] = sr_cards("7D"));
    KEEPS(form, "forbid", x.forbid[2] = PQ_SUIT_MASK(PQ_SPADES));
    KEEPS(form, "played_all", x.played_all = sr_cards("AH KH"));
    KEEPS(form, "the deck", x.deck[0] = 31);
    KEEPS(form, "the turn-up and its place", (x.turnup = 3, x.place = 3, x.bergere = 4));
    KEEPS(form, "the exchanger and the seat asked", (x.exchanger = 1, x.asked = 1));
    KEEPS(form, "the last trick's cards", x.played[2] = 9);
    KEEPS(form, "a pool entry past n_pool", x.pool[3] = sr_cards("7H 8H 9H"));
    KEEPS(form, "the melds' order", {
        pq_mask m = x.pool[1];
        x.pool[1] = x.pool[2];
        x.pool[2] = m;
    });
    KEEPS(form, "the order of two seats' melds", {
        pq_mask m = x.pool[0];
        x.pool[0] = x.pool[1];
        x.pool[1] = m;
        x.pool_seat[0] = 1;
        x.pool_seat[1] = 0;
    });
    {
        struct bel_deal y;
        base(&y, form);
        y.n_played = 0;
        uint64_t before = bel_deal_position(&y);
        y.win_pos = 2;
        cr_assert_eq(bel_deal_position(&y), before, "the last trick's best card");
    }
}

Test(position_belote, the_past_order_and_knowledge_leave_the_key)
{
    other_fields_keep_the_key(BEL_BASIC);
    other_fields_keep_the_key(BEL_PARTNERSHIP);
    other_fields_keep_the_key(BEL_MARSEILLAISE);
    KEEPS(BEL_MARSEILLAISE, "best_at's values in the same order", (x.best_at[0] = 1, x.best_at[1] = 30));
    KEEPS(BEL_MARSEILLAISE, "packet_of", x.packet_of[5] = 7);
    {
        /* one seat claimed: the other's best claim will come later */
        struct bel_deal y;
        base(&y, BEL_MARSEILLAISE);
        y.call[1] = 0;
        y.best_at[1] = -1;
        uint64_t before = bel_deal_position(&y);
        y.best_at[0] = 2;
        cr_assert_eq(bel_deal_position(&y), before, "best_at of the only claim");
    }
}

/* ---- (c) 0 outside the card play ---- */

Test(position_belote, no_key_outside_the_card_play)
{
    static struct bel_match m;
    char err[256];
    /* the auction, both rounds */
    const struct game *g = bt_start(&m, "belote", 4, NULL, NULL, 0);
    cr_assert(g->position);
    cr_assert_eq(g->position(&m), 0, "auction round 1");
    for (int s = 0; s < 4; s++) bt_do(&m, "pass", err, sizeof err);
    cr_assert_eq(m.deal.phase, BEL_PHASE_AUCTION2);
    cr_assert_eq(g->position(&m), 0, "auction round 2");
    /* the Seven's exchange: the first seeded deal where a take asks it */
    int found = 0;
    for (uint64_t seed = 1; seed < 200 && !found; seed++) {
        struct game_setup setup = { 4, seed, 0, NULL, 1 };
        cr_assert_eq(g->create(&m, &setup, err, sizeof err), 0);
        bt_do(&m, "take", err, sizeof err);
        if (m.deal.phase == BEL_PHASE_EXCHANGE) {
            found = 1;
            cr_assert_eq(g->position(&m), 0, "the Seven's exchange");
            bt_do(&m, "keep", err, sizeof err);
            cr_assert_eq(m.deal.phase, BEL_PHASE_PLAY);
            cr_assert_neq(g->position(&m), 0, "a meld due is in the card play");
        }
    }
    cr_assert(found, "no Seven's exchange in 200 seeds");
    /* the match over */
    bt_start(&m, "belote-marseillaise", 2, NULL, NULL, 0);
    g = bt_game(&m);
    cr_assert_eq(g->position(&m), 0, "Marseillaise's auction");
    while (!m.over) {
        char text[GAME_ACTION_MAX];
        int len = g->legal_text(&m, 0, text, sizeof text);
        cr_assert_neq(g->apply(&m, text, len, err, sizeof err), GAME_ILLEGAL, "%s", err);
    }
    cr_assert_eq(g->position(&m), 0, "the match is over");
}

/* ---- (d) soundness over random lines ---- */

struct seen {
    uint64_t key;
    uint32_t line;
    uint8_t hist_hash_n;
    uint64_t hist_hash;
    long scores[BEL_MAX_SEATS];
    char *texts;
};

static int by_key(const void *a, const void *b)
{
    const struct seen *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key;
}

static uint64_t hist_hash(const struct bel_deal *d)
{
    uint64_t h = 0;
    for (int i = 0; i < d->n_hist; i++) {
        const struct bel_act *a = &d->hist[i];
        h = game_key_add(h, (uint64_t)a->seat | (uint64_t)a->kind << 8 | (uint64_t)a->card << 16 |
                                (uint64_t)a->pool_at << 24 | (uint64_t)a->pool_n << 32);
    }
    return h;
}

/* The match totals once the deal is played out by each seat's first
 * legal action. */
static void first_action_scores(const struct game *g, const struct bel_match *from, long *out)
{
    static struct bel_match m;
    char err[256], text[GAME_ACTION_MAX];
    memcpy(&m, from, sizeof m);
    for (;;) {
        int len = g->legal_text(&m, 0, text, sizeof text);
        int rc = g->apply(&m, text, len, err, sizeof err);
        cr_assert_neq(rc, GAME_ILLEGAL, "%s", err);
        if (rc == GAME_DEAL_OVER) break;
    }
    memset(out, 0, sizeof(long) * BEL_MAX_SEATS);
    g->scores(&m, out);
}

/* `lines` random lines from `root` to the end of its deal: every two
 * card-play states with one key and different histories have the same
 * legal actions and the same scores at the end. The number of such pairs
 * (transpositions met). */
static long lines_agree(const struct game *g, const struct bel_match *root, int lines, struct pq_rng *rng)
{
    static struct bel_match m;
    static char texts[1 << 16];
    int cap = 8192, n = 0;
    struct seen *seen = malloc(sizeof *seen * (size_t)cap);
    cr_assert(seen);
    int deal = root->deal_no;
    for (int line = 0; line < lines; line++) {
        memcpy(&m, root, sizeof m);
        while (!m.over && m.deal_no == deal) {
            uint64_t key = g->position(&m);
            cr_assert_eq(key != 0, m.deal.phase == BEL_PHASE_PLAY, "a key outside the card play, or none in it");
            if (key) {
                cr_assert_lt(n, cap);
                struct seen *s = &seen[n++];
                s->key = key;
                s->line = (uint32_t)line;
                s->hist_hash = hist_hash(&m.deal);
                legal_texts(g, &m, texts, sizeof texts);
                s->texts = strdup(texts);
                first_action_scores(g, &m, s->scores);
            }
            int count = g->legal_count(&m);
            cr_assert_gt(count, 0);
            cr_assert_neq(g->apply_legal(&m, (int)pq_rng_below(rng, (uint32_t)count)), GAME_ILLEGAL);
        }
    }
    qsort(seen, (size_t)n, sizeof *seen, by_key);
    long met = 0;
    for (int i = 1; i < n; i++) {
        if (seen[i].key != seen[i - 1].key) continue;
        cr_assert_str_eq(seen[i].texts, seen[i - 1].texts, "%s: one key, two lists of legal actions", g->name);
        cr_assert_arr_eq(seen[i].scores, seen[i - 1].scores, sizeof seen[i].scores,
                         "%s: one key, two scores at the deal's end", g->name);
        met += seen[i].hist_hash != seen[i - 1].hist_hash;
    }
    for (int i = 0; i < n; i++) free(seen[i].texts);
    free(seen);
    return met;
}

static int tricks_in(const struct bel_match *m)
{
    return m->rules.form == BEL_MARSEILLAISE ? 16 : m->n == 4 ? 8 : 9;
}

Test(position_belote, one_key_one_position_over_random_lines, .timeout = 300)
{
    static const char *const reveal_late[] = { "reveal=end_of_trick", NULL };
    static const char *const tie_trump[] = { "meld_tie=trump", "seven_exchange=true", NULL };
    static const struct { const char *game; int players; const char *const *rules; } forms[] = {
        { "belote", 2, NULL }, { "belote", 3, NULL }, { "belote", 4, NULL }, { "belote", 4, tie_trump },
        { "belote-partnership", 4, NULL }, { "belote-partnership", 4, tie_trump },
        { "belote-marseillaise", 2, NULL }, { "belote-marseillaise", 2, reveal_late },
    };
    static struct bel_match m;
    char err[256];
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
        const struct game *g = game_find(forms[f].game);
        cr_assert(g && g->position, "%s", forms[f].game);
        long met = 0, roots = 0;
        for (uint64_t seed = 1; seed <= 6; seed++) {
            struct game_setup setup = { forms[f].players, seed, 0, forms[f].rules, 0 };
            struct pq_rng rng;
            cr_assert_eq(g->create(&m, &setup, err, sizeof err), 0, "%s", err);
            pq_rng_seed(&rng, seed * 7919 + f);
            int done_deal = 0, done_at = -1;
            while (!m.over) {
                /* roots: the first play of the first three deals, and
                 * three and two tricks from its end */
                int t = m.deal.trick, end = tricks_in(&m);
                if (m.deal_no <= 3 && m.deal.phase == BEL_PHASE_PLAY && m.deal.n_played == 0 &&
                    (t == 0 || t == end - 3 || t == end - 2) && !(done_deal == m.deal_no && done_at == t)) {
                    done_deal = m.deal_no;
                    done_at = t;
                    met += lines_agree(g, &m, t == 0 ? 24 : 64, &rng);
                    roots++;
                }
                int count = g->legal_count(&m);
                cr_assert_gt(count, 0);
                cr_assert_neq(g->apply_legal(&m, (int)pq_rng_below(&rng, (uint32_t)count)), GAME_ILLEGAL);
            }
            cr_assert_eq(g->position(&m), 0, "%s: the match is over", g->name);
        }
        cr_assert_gt(roots, 3, "%s at %d: %ld roots", g->name, forms[f].players, roots);
        cr_assert_gt(met, 0, "%s at %d: no transposition met", g->name, forms[f].players);
        cr_log_info("%s at %d%s: %ld roots, %ld transpositions met", g->name, forms[f].players,
                    forms[f].rules ? " (rules varied)" : "", roots, met);
    }
}

/* partie.c - deals in sequence, totals, ties and the rubicon settlement
 * (docs/rules-piquet.md R4, R28, R29; Laws 71-73).
 */
#include <assert.h>
#include <string.h>
#include "engine/piquet/partie.h"
#include "engine/rng.h"

int pq_settlement(int winner_total, int loser_total)
{
    if (winner_total == loser_total) return 0;
    if (loser_total >= 100) return 100 + winner_total - loser_total;
    return 100 + winner_total + loser_total;   /* rubiconed */
}

int pq_partie_weight(const struct pq_partie *self, int deal_no)
{
    return (self->rules.partie_deals == 4 && (deal_no == 1 || deal_no == 4)) ? 2 : 1;
}


static void start(struct pq_partie *self, const struct pq_rules *rules, uint64_t seed, int first_dealer)
{
    memset(self, 0, sizeof *self);
    self->rules = *rules;
    self->seed = seed;
    self->first_dealer = (uint8_t)first_dealer;
    self->deal_no = 1;
    self->n_deals = rules->partie_deals;
    self->winner = -1;
}

void pq_partie_init(struct pq_partie *self, const struct pq_rules *rules, uint64_t seed, int first_dealer)
{
    uint8_t deck[32];
    start(self, rules, seed, first_dealer);
    pq_rng_deck(seed, 1, deck);
    pq_deal_init(&self->deal, rules, deck);
}

int pq_partie_init_deck(struct pq_partie *self, const struct pq_rules *rules,
                        int first_dealer, const uint8_t deck[32])
{
    start(self, rules, 0, first_dealer);
    return pq_deal_init(&self->deal, rules, deck);
}

static void finish_deal(struct pq_partie *self)
{
    int elder = pq_partie_elder(self), w = pq_partie_weight(self, self->deal_no);
    int16_t *row = self->deal_scores[self->deal_no - 1];
    self->finished = self->deal;
    row[elder] = (int16_t)(w * self->deal.score[PQ_ELDER]);
    row[1 - elder] = (int16_t)(w * self->deal.score[PQ_YOUNGER]);
    self->totals[0] = (int16_t)(self->totals[0] + row[0]);
    self->totals[1] = (int16_t)(self->totals[1] + row[1]);
    if (self->deal_no < self->n_deals) return;
    if (self->totals[0] == self->totals[1] && self->n_deals == self->rules.partie_deals) {
        self->n_deals = (uint8_t)(self->n_deals + 2);   /* R28: each deals once more */
        return;
    }
    self->over = 1;
    if (self->totals[0] != self->totals[1]) {
        int w_player = self->totals[0] > self->totals[1] ? 0 : 1;
        self->winner = (int8_t)w_player;
        self->settlement = pq_settlement(self->totals[w_player], self->totals[1 - w_player]);
    }
}

/* The deal just ended: its scores counted and, unless the partie is
 * over, the next deal started from next_deck (NULL: the seed's pack). */
static int deal_ended(struct pq_partie *self, const uint8_t next_deck[32])
{
    finish_deal(self);
    if (self->over) return 1;
    uint8_t deck[32];
    self->deal_no++;
    if (!next_deck) {
        pq_rng_deck(self->seed, self->deal_no, deck);
        next_deck = deck;
    }
    int rc = pq_deal_init(&self->deal, &self->rules, next_deck);
    assert(rc == 0);
    (void)rc;
    return 1;
}

int pq_partie_apply_deck(struct pq_partie *self, const struct pq_action *action,
                         const uint8_t next_deck[32], char *err, int cap)
{
    if (self->over) {
        pq_deal_check(&self->deal, action, err, cap);   /* says "the deal is over" */
        return -1;
    }
    if (pq_deal_apply(&self->deal, action, err, cap) < 0) return -1;
    return pq_deal_over(&self->deal) ? deal_ended(self, next_deck) : 0;
}

int pq_partie_apply_legal(struct pq_partie *self, int n)
{
    if (self->over || pq_deal_apply_legal(&self->deal, n) < 0) return -1;
    return pq_deal_over(&self->deal) ? deal_ended(self, NULL) : 0;
}

int pq_partie_apply(struct pq_partie *self, const struct pq_action *action, char *err, int cap)
{
    return pq_partie_apply_deck(self, action, NULL, err, cap);
}

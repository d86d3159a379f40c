/* referee.c - the refereeing of one partie (referee.h). Every way out of
 * a partie goes through finish(), which sends partie_end to both players.
 */
#include <stdio.h>
#include <string.h>
#include "arena/play/referee.h"

void referee_init(struct referee *self, uint64_t partie_id, uint64_t seed, int first_dealer,
                  const struct pq_rules *rules, const struct referee_clock *clock,
                  const char *name_a, const char *name_b,
                  int (*send)(void *ctx, int player, const struct codec_frame *frame), void *ctx)
{
    memset(self, 0, sizeof *self);
    pq_partie_init(&self->partie, rules, seed, first_dealer);
    self->partie_id = partie_id;
    snprintf(self->names[0], sizeof self->names[0], "%s", name_a);
    snprintf(self->names[1], sizeof self->names[1], "%s", name_b);
    self->clock = *clock;
    self->bank_left[0] = self->bank_left[1] = clock->bank_ms;
    self->next_id = 1;
    self->winner = -1;
    self->send = send;
    self->ctx = ctx;
    self->state = REFEREE_READY;
}

void referee_init_decks(struct referee *self, uint64_t partie_id, uint64_t seed, int first_dealer,
                        const struct pq_rules *rules, const struct referee_clock *clock,
                        const char *name_a, const char *name_b, const uint8_t (*decks)[32], int n,
                        int (*send)(void *ctx, int player, const struct codec_frame *frame), void *ctx)
{
    referee_init(self, partie_id, seed, first_dealer, rules, clock, name_a, name_b, send, ctx);
    if (n > 0 && pq_partie_init_deck(&self->partie, rules, first_dealer, decks[0]) == 0) {
        self->partie.seed = seed;
        self->decks = decks;
        self->n_decks = n;
    }
}

static void finish(struct referee *self)
{
    struct codec_frame frame = { NULL, 0 };
    char err[256];
    self->state = REFEREE_DONE;
    for (int player = 0; player < 2; player++) {
        if (codec_encode_partie_end(&frame, self->partie_id, &self->partie, self->winner, self->settlement,
                                    self->forfeited ? &self->forfeit : NULL, err, sizeof err) == CODEC_OK)
            self->send(self->ctx, player, &frame);
        codec_frame_release(&frame);
    }
}

void referee_fault_policy(struct referee *self, int player, int fault, const char *message)
{
    int other = 1 - player;
    self->faults[player][fault]++;
    self->forfeited = 1;
    self->forfeit.player = (uint8_t)player;
    self->forfeit.fault = (uint8_t)fault;
    snprintf(self->forfeit.message, sizeof self->forfeit.message, "%s", message);
    /* A forfeit scores as a rubicon loss on the totals so far (R29). */
    self->winner = other;
    self->settlement = 100 + self->partie.totals[0] + self->partie.totals[1];
}

void referee_on_fault(struct referee *self, int player, int fault, const char *message)
{
    if (self->state == REFEREE_DONE) return;
    referee_fault_policy(self, player, fault, message);
    finish(self);
}

/* Sends the next request, or the end of the partie. */
static void ask(struct referee *self, int64_t now_ms)
{
    struct codec_frame frame = { NULL, 0 };
    char err[256];
    if (self->partie.over) {
        self->winner = self->partie.winner;
        self->settlement = self->partie.settlement;
        finish(self);
        return;
    }
    int player = pq_partie_to_act(&self->partie);
    int seat = self->partie.deal.to_act;
    struct codec_time time = { self->clock.move_ms, (uint32_t)(self->bank_left[player] > 0 ? self->bank_left[player] : 0) };
    self->pending_id = self->next_id++;
    self->pending_player = player;
    self->sent_at = now_ms;
    self->state = REFEREE_WAITING;
    int rc = codec_encode_request(&frame, self->pending_id, self->partie_id, self->partie.deal_no, &self->partie.deal,
                                  self->since[seat], &time, err, sizeof err);
    if (rc != CODEC_OK) {
        /* Our own encoder refused our own state: a bug, not the bot's fault;
         * end the partie drawn rather than blame a player. */
        fprintf(stderr, "arena: cannot encode a request: %s\n", err);
        self->winner = -1;
        self->settlement = 0;
        finish(self);
        return;
    }
    self->since[seat] = self->partie.deal.n_history;
    int sent = self->send(self->ctx, player, &frame);
    codec_frame_release(&frame);
    if (sent < 0) referee_on_fault(self, player, CODEC_FAULT_CRASH, "the bot cannot be reached");
}

void referee_start(struct referee *self, int64_t now_ms)
{
    struct codec_frame frame = { NULL, 0 };
    char err[256];
    self->started = 1;
    for (int player = 0; player < 2; player++) {
        struct codec_partie_start start;
        memset(&start, 0, sizeof start);
        start.partie = self->partie_id;
        start.player = (uint8_t)player;
        start.first_dealer = self->partie.first_dealer;
        snprintf(start.opponent, sizeof start.opponent, "%s", self->names[1 - player]);
        start.rules = self->partie.rules;
        start.clocks = (struct codec_clocks){ self->clock.move_ms, self->clock.bank_ms, self->clock.grace_ms };
        if (codec_encode_partie_start(&frame, &start, err, sizeof err) != CODEC_OK ||
            self->send(self->ctx, player, &frame) < 0) {
            codec_frame_release(&frame);
            referee_on_fault(self, player, CODEC_FAULT_CRASH, "the bot cannot be reached");
            return;
        }
        codec_frame_release(&frame);
    }
    ask(self, now_ms);
}

/* The deal just ended: both seats get its end and their unseen events. */
static void deal_ended(struct referee *self)
{
    struct codec_frame frame = { NULL, 0 };
    char err[256];
    const struct pq_deal *deal = &self->partie.finished;
    int number = self->partie.over ? self->partie.deal_no : self->partie.deal_no - 1;
    int elder = pq_partie_elder_in(self->partie.first_dealer, number);
    if (self->n_deals < PQ_MAX_DEALS) self->deals[self->n_deals++] = *deal;
    for (int seat = 0; seat < PQ_SEATS; seat++) {
        int player = seat == PQ_ELDER ? elder : 1 - elder;
        if (codec_encode_deal_end(&frame, self->partie_id, number, deal, seat, self->since[seat], err, sizeof err) == CODEC_OK)
            self->send(self->ctx, player, &frame);
        codec_frame_release(&frame);
    }
    self->since[0] = self->since[1] = 0;
}

void referee_on_action(struct referee *self, int player, const struct codec_action *action, int64_t now_ms)
{
    char reason[200], message[CODEC_MESSAGE_MAX];
    if (self->state != REFEREE_WAITING || player != self->pending_player || action->id != self->pending_id)
        return;   /* late, early or not this player's turn: ignored */
    int64_t used = now_ms - self->sent_at;
    self->think_ms[player] += used;
    self->decisions[player]++;
    if (used > self->clock.move_ms) self->bank_left[player] -= used - self->clock.move_ms;
    int next = self->partie.deal_no;   /* index of the next deal's pack */
    const uint8_t *deck = next < self->n_decks ? self->decks[next] : NULL;
    int rc = pq_partie_apply_deck(&self->partie, &action->action, deck, reason, sizeof reason);
    if (rc < 0) {
        snprintf(message, sizeof message, "illegal action '%.60s': %.150s", action->text, reason);
        referee_on_fault(self, player, CODEC_FAULT_ILLEGAL, message);
        return;
    }
    self->state = REFEREE_READY;
    if (rc == 1) deal_ended(self);
    ask(self, now_ms);
}

int64_t referee_deadline(const struct referee *self)
{
    if (self->state != REFEREE_WAITING) return INT64_MAX;
    int64_t bank = self->bank_left[self->pending_player];
    return self->sent_at + self->clock.move_ms + (bank > 0 ? bank : 0) + self->clock.grace_ms;
}

void referee_on_tick(struct referee *self, int64_t now_ms)
{
    char message[CODEC_MESSAGE_MAX];
    if (self->state != REFEREE_WAITING || now_ms < referee_deadline(self)) return;
    snprintf(message, sizeof message, "no answer to request %llu within %lld ms",
             (unsigned long long)self->pending_id, (long long)(now_ms - self->sent_at));
    referee_on_fault(self, self->pending_player, CODEC_FAULT_TIMEOUT, message);
}

void referee_record_play(const struct referee *self, uint64_t seed, struct record_play *out)
{
    memset(out, 0, sizeof *out);
    out->id = self->partie_id;
    out->seed = seed;
    out->first_dealer = self->partie.first_dealer;
    out->names[0] = self->names[0];
    out->names[1] = self->names[1];
    out->rules = &self->partie.rules;
    out->deals = self->deals;
    out->n_deals = self->n_deals;
    /* A forfeit in a deal begun keeps the deal as far as it went. */
    out->unfinished = self->forfeited && !self->partie.over && self->partie.deal.n_history > 0 ? &self->partie.deal : NULL;
    out->totals[0] = self->partie.totals[0];
    out->totals[1] = self->partie.totals[1];
    out->winner = self->winner;
    out->settlement = self->settlement;
    out->forfeit_player = self->forfeited ? self->forfeit.player : -1;
    out->forfeit_fault = self->forfeit.fault;
    out->forfeit_message = self->forfeit.message;
    memcpy(out->faults, self->faults, sizeof out->faults);
    for (int p = 0; p < 2; p++) {
        out->decisions[p] = self->decisions[p];
        out->think_ms[p] = self->think_ms[p];
    }
}

cJSON *referee_record(const struct referee *self, uint64_t seed)
{
    struct record_play play;
    referee_record_play(self, seed, &play);
    return record_write(&play);
}

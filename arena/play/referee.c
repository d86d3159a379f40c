/* referee.c - the refereeing of one match (referee.h). Every way out of
 * a match goes through finish(), which sends the end to every player.
 * The game is reached through engine/game.h; only the protocol-1 frames
 * and Piquet's own record read Piquet's partie directly.
 */
#include <stdio.h>
#include <string.h>
#include "arena/play/referee.h"
#include "records/game_record.h"

static int is_piquet(const struct referee *self)
{
    return self->game == &piquet_game;
}

void *referee_game_state(struct referee *self)
{
    return is_piquet(self) ? (void *)&self->partie : (void *)self->game_state;
}

const void *referee_game_state_const(const struct referee *self)
{
    return is_piquet(self) ? (const void *)&self->partie : (const void *)self->game_state;
}

static void init_common(struct referee *self, const struct game *game, uint64_t match_id, int players,
                        const struct referee_clock *clock,
                        int (*send)(void *ctx, int player, const struct codec_frame *frame), void *ctx)
{
    /* The game state buffer is left as it is: create() fills it. */
    size_t head = offsetof(struct referee, game_state), tail = head + sizeof self->game_state;
    memset(self, 0, head);
    memset((char *)self + tail, 0, sizeof *self - tail);
    self->game = game;
    self->n_players = players;
    self->partie_id = match_id;
    self->clock = *clock;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        self->bank_left[p] = clock->bank_ms;
        self->protocol[p] = PROTOCOL_VERSION_1;
    }
    self->next_id = 1;
    self->winner = -1;
    self->send = send;
    self->ctx = ctx;
    self->state = REFEREE_READY;
}

void referee_init(struct referee *self, uint64_t partie_id, uint64_t seed, int first_dealer,
                  const struct pq_rules *rules, const struct referee_clock *clock,
                  const char *name_a, const char *name_b,
                  int (*send)(void *ctx, int player, const struct codec_frame *frame), void *ctx)
{
    init_common(self, &piquet_game, partie_id, 2, clock, send, ctx);
    pq_partie_init(&self->partie, rules, seed, first_dealer);
    snprintf(self->names[0], sizeof self->names[0], "%s", name_a);
    snprintf(self->names[1], sizeof self->names[1], "%s", name_b);
    self->transcript = cJSON_CreateArray();   /* NULL (out of memory): none kept */
}

int referee_init_game(struct referee *self, const struct game *game, uint64_t match_id, uint64_t seed,
                      int first_dealer, int players, const char *const *rules,
                      const struct referee_clock *clock, const char *const *names,
                      int (*send)(void *ctx, int player, const struct codec_frame *frame), void *ctx,
                      char *err, size_t cap)
{
    struct game_setup setup = { players, seed, first_dealer, rules, 0 };
    char why[200];
    if (game != &piquet_game && game->state_size > REFEREE_STATE_MAX) {
        snprintf(err, cap, "%s: its state (%zu bytes) is larger than a referee holds", game->name, game->state_size);
        return -1;
    }
    init_common(self, game, match_id, 0, clock, send, ctx);
    if (game->create(referee_game_state(self), &setup, why, sizeof why) < 0) {
        snprintf(err, cap, "%s: %s", game->name, why);
        return -1;
    }
    self->n_players = game->players(referee_game_state(self));
    self->rules = rules;
    for (int p = 0; p < self->n_players; p++)
        snprintf(self->names[p], sizeof self->names[p], "%s", names && names[p] ? names[p] : "");
    self->transcript = cJSON_CreateArray();
    if (!self->transcript) {
        snprintf(err, cap, "out of memory");
        return -1;
    }
    return 0;
}

void referee_release(struct referee *self)
{
    cJSON_Delete(self->transcript);
    self->transcript = NULL;
}

/* A pack given for this deal replaces the seed's, and the current deal's
 * pack opens a new transcript entry. */
static void transcript_deal(struct referee *self)
{
    char deck[GAME_DECK_MAX * 4], err[160];
    void *state = referee_game_state(self);
    int number = self->game->deal_number(state);
    for (int i = 0; self->game_decks && self->game_decks[i]; i++)
        if (i == number - 1) {
            if (self->game->set_deck(state, self->game_decks[i], err, sizeof err) < 0)
                fprintf(stderr, "arena: the pack given for deal %d is refused: %s\n", number, err);
            break;
        }
    if (!self->transcript) return;
    cJSON *deal = cJSON_CreateObject();
    if (!deal) return;
    cJSON_AddItemToArray(self->transcript, deal);
    self->game->deck_text(state, deck, sizeof deck);
    cJSON_AddStringToObject(deal, "deck", deck);
    cJSON_AddArrayToObject(deal, "actions");
}

static void transcript_action(struct referee *self, const char *text)
{
    if (!self->transcript) return;
    cJSON *deal = cJSON_GetArrayItem(self->transcript, cJSON_GetArraySize(self->transcript) - 1);
    cJSON *actions = cJSON_GetObjectItemCaseSensitive(deal, "actions");
    if (actions) cJSON_AddItemToArray(actions, cJSON_CreateString(text));
}

static void finish(struct referee *self)
{
    struct codec_frame frame = { NULL, 0 };
    char err[256];
    const struct codec_forfeit *forfeit = self->forfeited ? &self->forfeit : NULL;
    self->state = REFEREE_DONE;
    for (int player = 0; player < self->n_players; player++) {
        enum codec_code code;
        if (is_piquet(self) && self->protocol[player] == PROTOCOL_VERSION_1)
            code = codec_encode_partie_end(&frame, self->partie_id, &self->partie, self->winner, self->settlement,
                                           forfeit, err, sizeof err);
        else
            code = codec_encode_match_end(&frame, self->partie_id, self->game, referee_game_state(self),
                                          self->points, self->winner, forfeit, err, sizeof err);
        if (code == CODEC_OK) self->send(self->ctx, player, &frame);
        codec_frame_release(&frame);
    }
}

void referee_fault_policy(struct referee *self, int player, int fault, const char *message)
{
    self->faults[player][fault]++;
    self->forfeited = 1;
    self->forfeit.player = (uint8_t)player;
    self->forfeit.fault = (uint8_t)fault;
    snprintf(self->forfeit.message, sizeof self->forfeit.message, "%s", message);
    /* The game says what a forfeit costs (Piquet: a rubicon loss on the
     * totals so far, R29: the other wins 100 + both totals). */
    self->game->forfeit_points(referee_game_state(self), player, self->points);
    self->winner = game_winner(self->game, referee_game_state(self), self->points);
    self->settlement = is_piquet(self) && self->winner >= 0 ? (int32_t)self->points[self->winner] : 0;
}

void referee_on_fault(struct referee *self, int player, int fault, const char *message)
{
    if (self->state == REFEREE_DONE) return;
    referee_fault_policy(self, player, fault, message);
    finish(self);
}

/* Our own encoder refused our own state: a bug, not the bot's fault; the
 * match ends drawn rather than blame a player. */
static void encoder_failed(struct referee *self, const char *err)
{
    fprintf(stderr, "arena: cannot encode a request: %s\n", err);
    self->winner = -1;
    self->settlement = 0;
    memset(self->points, 0, sizeof self->points);
    finish(self);
}

static void game_deal_ended(struct referee *self);

/* Sends the next request, or the end of the match. */
static void ask(struct referee *self, int64_t now_ms)
{
    struct codec_frame frame = { NULL, 0 };
    char err[256];
    const struct game *g = self->game;
    void *state = referee_game_state(self);
    /* A deal void before its first action ends here (game.h settle). */
    while (g->settle && g->settle(state) == GAME_DEAL_OVER) game_deal_ended(self);
    int player = g->to_act(state);
    if (player < 0) {
        g->match_points(state, self->points);
        if (is_piquet(self)) {
            self->winner = self->partie.winner;
            self->settlement = self->partie.settlement;
        } else {
            self->winner = game_winner(g, state, self->points);
        }
        finish(self);
        return;
    }
    struct codec_time time = { self->clock.move_ms, (uint32_t)(self->bank_left[player] > 0 ? self->bank_left[player] : 0) };
    self->pending_id = self->next_id++;
    self->pending_player = player;
    self->sent_at = now_ms;
    self->credited_ms = 0;
    self->state = REFEREE_WAITING;
    int rc;
    if (is_piquet(self) && self->protocol[player] == PROTOCOL_VERSION_1) {
        int seat = self->partie.deal.to_act;
        rc = codec_encode_request_replayed(&frame, self->pending_id, self->partie_id, self->partie.deal_no,
                                           &self->partie.deal, self->since[seat], &time, &self->replay, err,
                                           sizeof err);
        if (rc == CODEC_OK) self->since[seat] = self->partie.deal.n_history;
    } else {
        rc = codec_encode_game_request(&frame, self->pending_id, self->partie_id, g, state, &time, err, sizeof err);
    }
    if (rc != CODEC_OK) {
        encoder_failed(self, err);
        return;
    }
    int sent = self->send(self->ctx, player, &frame);
    codec_frame_release(&frame);
    if (sent < 0) referee_on_fault(self, player, CODEC_FAULT_CRASH, "the bot cannot be reached");
}

static enum codec_code encode_start(struct referee *self, int player, struct codec_frame *frame, char *err,
                                    size_t cap)
{
    if (is_piquet(self) && self->protocol[player] == PROTOCOL_VERSION_1) {
        struct codec_partie_start start;
        memset(&start, 0, sizeof start);
        start.partie = self->partie_id;
        start.player = (uint8_t)player;
        start.first_dealer = self->partie.first_dealer;
        snprintf(start.opponent, sizeof start.opponent, "%s", self->names[1 - player]);
        start.rules = self->partie.rules;
        start.clocks = (struct codec_clocks){ self->clock.move_ms, self->clock.bank_ms, self->clock.grace_ms };
        return codec_encode_partie_start(frame, &start, err, cap);
    }
    struct codec_match_start start;
    memset(&start, 0, sizeof start);
    start.match = self->partie_id;
    start.game = self->game;
    start.players = self->n_players;
    start.player = player;
    start.first_dealer = is_piquet(self) ? self->partie.first_dealer : 0;
    start.rules = self->rules;
    for (int p = 0; p < self->n_players; p++) start.names[p] = self->names[p];
    start.clocks = (struct codec_clocks){ self->clock.move_ms, self->clock.bank_ms, self->clock.grace_ms };
    return codec_encode_match_start(frame, &start, referee_game_state(self), err, cap);
}

void referee_start(struct referee *self, int64_t now_ms)
{
    struct codec_frame frame = { NULL, 0 };
    char err[256];
    self->started = 1;
    transcript_deal(self);
    for (int player = 0; player < self->n_players; player++) {
        if (encode_start(self, player, &frame, err, sizeof err) != CODEC_OK ||
            self->send(self->ctx, player, &frame) < 0) {
            codec_frame_release(&frame);
            referee_on_fault(self, player, CODEC_FAULT_CRASH, "the bot cannot be reached");
            return;
        }
        codec_frame_release(&frame);
    }
    ask(self, now_ms);
}

/* Piquet's deal just ended: protocol-1 players get its end and their
 * unseen events, protocol-2 players the frame every game shares. */
static void piquet_deal_ended(struct referee *self)
{
    struct codec_frame frame = { NULL, 0 };
    char err[256];
    const struct pq_deal *deal = &self->partie.finished;
    int number = self->partie.over ? self->partie.deal_no : self->partie.deal_no - 1;
    int elder = pq_partie_elder_in(self->partie.first_dealer, number);
    if (self->n_deals < PQ_MAX_DEALS) self->deals[self->n_deals++] = *deal;
    for (int seat = 0; seat < PQ_SEATS; seat++) {
        int player = seat == PQ_ELDER ? elder : 1 - elder;
        enum codec_code code =
            self->protocol[player] == PROTOCOL_VERSION_1
                ? codec_encode_deal_end_replayed(&frame, self->partie_id, number, deal, seat, self->since[seat],
                                                 &self->replay, err, sizeof err)
                : codec_encode_game_deal_end(&frame, self->partie_id, self->game, &self->partie, err, sizeof err);
        if (code == CODEC_OK) self->send(self->ctx, player, &frame);
        codec_frame_release(&frame);
    }
    self->since[0] = self->since[1] = 0;
    if (!self->partie.over) transcript_deal(self);
}

static void game_deal_ended(struct referee *self)
{
    struct codec_frame frame = { NULL, 0 };
    char err[256];
    if (codec_encode_game_deal_end(&frame, self->partie_id, self->game, self->game_state, err, sizeof err) == CODEC_OK)
        for (int player = 0; player < self->n_players; player++) self->send(self->ctx, player, &frame);
    codec_frame_release(&frame);
    if (self->game->to_act(self->game_state) >= 0) transcript_deal(self);
}

void referee_on_action(struct referee *self, int player, const struct codec_action *action, int64_t now_ms)
{
    char reason[200], message[CODEC_MESSAGE_MAX];
    if (self->state != REFEREE_WAITING || player != self->pending_player || action->id != self->pending_id)
        return;   /* late, early or not this player's turn: ignored */
    int64_t used = now_ms - self->sent_at;
    self->think_ms[player] += used;
    self->decisions[player]++;
    /* Time credited (a processor waited for) is not charged. */
    int64_t charged = used - self->credited_ms - self->clock.move_ms;
    if (charged > 0) {
        self->bank_left[player] -= charged;
        self->charged_ms[player] += charged;
    }
    int rc = self->game->apply(referee_game_state(self), action->text, (int)strlen(action->text), reason,
                               sizeof reason);
    if (rc == GAME_ILLEGAL) {
        snprintf(message, sizeof message, "illegal action '%.60s': %.150s", action->text, reason);
        referee_on_fault(self, player, CODEC_FAULT_ILLEGAL, message);
        return;
    }
    self->state = REFEREE_READY;
    if (rc == GAME_DEAL_OVER) {
        transcript_action(self, action->text);   /* in its deal's entry, before the next deal's opens */
        if (is_piquet(self)) piquet_deal_ended(self);
        else game_deal_ended(self);
        ask(self, now_ms);
        return;
    }
    /* The deal goes on (no deal opens in ask, game.h settle): the next
     * request goes out first, and the transcript, which only the record
     * reads, is written while the bot thinks. */
    ask(self, now_ms);
    transcript_action(self, action->text);
}

int64_t referee_deadline(const struct referee *self)
{
    if (self->state != REFEREE_WAITING) return INT64_MAX;
    int64_t bank = self->bank_left[self->pending_player];
    return self->sent_at + self->credited_ms + self->clock.move_ms + (bank > 0 ? bank : 0) + self->clock.grace_ms;
}

int64_t referee_backstop(const struct referee *self)
{
    if (self->state != REFEREE_WAITING) return INT64_MAX;
    int64_t span = REFEREE_CREDIT_BACKSTOP * ((int64_t)self->clock.move_ms + self->clock.bank_ms + self->clock.grace_ms);
    return self->sent_at + (span > REFEREE_BACKSTOP_MIN_MS ? span : REFEREE_BACKSTOP_MIN_MS);
}

int64_t referee_credit(struct referee *self, int player, int64_t ms, int64_t now_ms)
{
    int64_t given = 0;
    if (self->state == REFEREE_DONE || ms <= 0 || player < 0 || player >= self->n_players) return 0;
    if (self->state == REFEREE_WAITING && self->pending_player == player) {
        if (now_ms >= referee_backstop(self)) return 0;
        int64_t room = now_ms - self->sent_at - self->credited_ms;
        int64_t take = ms < room ? ms : room > 0 ? room : 0;
        self->credited_ms += take;
        ms -= take;
        given += take;
    }
    int64_t back = ms < self->charged_ms[player] ? ms : self->charged_ms[player];
    if (back > 0) {
        self->bank_left[player] += back;
        self->charged_ms[player] -= back;
        given += back;
    }
    return given;
}

void referee_on_tick(struct referee *self, int64_t now_ms)
{
    char message[CODEC_MESSAGE_MAX];
    if (self->state != REFEREE_WAITING || now_ms < referee_deadline(self)) return;
    int n = snprintf(message, sizeof message, "no answer to request %llu within %lld ms",
                     (unsigned long long)self->pending_id, (long long)(now_ms - self->sent_at));
    if (self->credited_ms > 0 && n > 0 && (size_t)n < sizeof message)
        snprintf(message + n, sizeof message - (size_t)n, " (%lld of them waiting for a processor, not charged)",
                 (long long)self->credited_ms);
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
    for (int p = 0; p < 2; p++) {
        memcpy(out->faults[p], self->faults[p], sizeof out->faults[p]);
        out->decisions[p] = self->decisions[p];
        out->think_ms[p] = self->think_ms[p];
    }
}

cJSON *referee_record(const struct referee *self, uint64_t seed)
{
    if (!is_piquet(self)) {
        struct game_record_play play;
        memset(&play, 0, sizeof play);
        play.id = self->partie_id;
        play.seed = seed;
        play.game = self->game;
        play.state = self->game_state;
        play.players = self->n_players;
        play.rules = self->rules;
        play.transcript = self->transcript;
        for (int p = 0; p < self->n_players; p++) {
            play.names[p] = self->names[p];
            play.points[p] = self->points[p];
            play.decisions[p] = self->decisions[p];
            play.think_ms[p] = self->think_ms[p];
            memcpy(play.faults[p], self->faults[p], sizeof play.faults[p]);
        }
        play.winner = self->winner;
        play.forfeit_player = self->forfeited ? self->forfeit.player : -1;
        play.forfeit_fault = self->forfeit.fault;
        play.forfeit_message = self->forfeit.message;
        return game_record_write(&play);
    }
    struct record_play play;
    referee_record_play(self, seed, &play);
    return record_write(&play);
}

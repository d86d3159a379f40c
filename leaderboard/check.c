/* check.c - posted partie records checked and replayed (check.h).
 *
 * Everything here is untrusted input, and nothing is kept unless the
 * whole record passes. Three judges, in this order:
 * - the shape: the arena's reader, record_read() (records/record.h), and
 *   here what the leaderboard adds: a run, and names within the one rule;
 * - the course and the score: the arena's own check, replay_record()
 *   (`arena replay --check`): each recorded deal finished, a forfeit only
 *   while the partie is being played and its unfinished deal unfinished, a
 *   partie without one over; the engine's totals, winner and settlement, or
 *   for a forfeit the fault policy's (arena/play/referee.h), not copied here;
 * - the fault counts: exactly those the arena writes for the outcome.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "records/replay.h"
#include "protocol/codec.h"
#include "leaderboard/check.h"

static const char *const players[] = { "A", "B" };

/* What the leaderboard needs beyond the arena's reading: a run, since it
 * keys parties by RUN-ID, and names within codec_bot_name_check(). */
static int check_identity(const struct record_partie *p, char *err, size_t cap)
{
    if (!p->run) {
        snprintf(err, cap, "\"run\" must be %d lowercase hex digits", RECORD_RUN_ID_LEN);
        return -1;
    }
    for (int i = 0; i < 2; i++) {
        const char *why = codec_bot_name_check(p->players[i]);
        if (why) {
            snprintf(err, cap, "players.%s %s", players[i], why);
            return -1;
        }
    }
    return 0;
}

/* The score, judged by the arena's own check: the engine's totals, winner
 * and settlement, or for a forfeit the fault policy's. */
static int judge_score(const struct record_partie *p, char *err, size_t cap)
{
    struct replay r;
    int status = replay_record(p, &r);
    cJSON_Delete(r.result);
    if (status == REPLAY_OK) return CHECK_OK;
    snprintf(err, cap, "%s", r.error);
    return status == REPLAY_BAD_INPUT ? CHECK_BAD_RECORD : CHECK_NOT_GENUINE;
}

/* The fault counts the arena writes: the referee counts one fault, of the
 * forfeit's kind, for the player who forfeited and none else
 * (arena/play/referee.c, referee_fault_policy), and none when nobody
 * forfeited; `arena run` records the parties a disqualified bot had left as its
 * forfeits before any deal, counting none (the faults that disqualified
 * it were counted where they happened). */
static int check_fault_counts(const struct record_partie *p, char *err, size_t cap)
{
    int loser = p->forfeit.player, fault = p->forfeit.fault;
    if (fault == RECORD_FAULT_DISQUALIFIED && (p->n_deals > 0 || p->has_unfinished)) {
        snprintf(err, cap, "a \"disqualified\" forfeit is recorded before any deal is played");
        return -1;
    }
    for (int i = 0; i < 2; i++)
        for (int f = 0; f < CODEC_FAULTS; f++) {
            int want = i == loser && f == fault;
            if (p->faults[i][f] == want) continue;
            if (loser < 0 || fault == RECORD_FAULT_DISQUALIFIED)
                snprintf(err, cap, "\"faults.%s.%s\" is %d: a partie %s counts no fault", players[i],
                         codec_fault_name(f), p->faults[i][f], loser < 0 ? "nobody forfeited" : "forfeited unplayed");
            else
                snprintf(err, cap, "\"faults.%s.%s\" is %d: the forfeit of %s for %s counts that fault once and "
                         "no other", players[i], codec_fault_name(f), p->faults[i][f], players[loser],
                         codec_fault_name(fault));
            return -1;
        }
    return 0;
}

int check_partie(const cJSON *record, struct check_partie *self, char *err, size_t cap)
{
    struct record_partie *p = &self->partie;
    int status;
    memset(self, 0, sizeof *self);
    if (record_read(record, p, err, cap) < 0 || check_identity(p, err, cap) < 0) return CHECK_BAD_RECORD;
    if ((status = judge_score(p, err, cap)) != CHECK_OK) return status;
    if (check_fault_counts(p, err, cap) < 0) return CHECK_NOT_GENUINE;
    if (!(self->record = cJSON_PrintUnformatted(record))) {
        snprintf(err, cap, "out of memory");
        return CHECK_NO_MEMORY;
    }
    snprintf(self->key, sizeof self->key, "%s-%llu", p->run, (unsigned long long)p->id);
    self->out = (struct store_partie){ self->key, p, self->record };
    return CHECK_OK;
}

void check_release(struct check_partie *self)
{
    cJSON_free(self->record);
    memset(self, 0, sizeof *self);
}

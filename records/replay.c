/* replay.c - deal and partie records through the engine (replay.h).
 * All input is untrusted: records are read by records/record.h's reader,
 * which checks every field's type, and every failure becomes a status and
 * a message, never an exit.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "records/replay.h"
#include "records/game_replay.h"
#include "engine/piquet/partie.h"
#include "engine/piquet/report.h"
#include "protocol/json_writer.h"

enum { REPLAY_MAX_FILE = 16 << 20 };

static int bad(struct replay *self, const char *why)
{
    snprintf(self->error, sizeof self->error, "%s", why);
    return REPLAY_BAD_INPUT;
}

static void write_deal(const struct pq_deal *deal, cJSON *into)
{
    struct json_writer jw;
    json_writer_init(&jw, into);
    pq_report_deal(deal, &jw.writer);
}

/* docs/design.md "Actions and records": a deal that ends early fails at
 * ACTION `end`, N being the number of its actions; `prefix` is "" or
 * "deal D: " in a partie record. */
static void stop_early(struct replay *self, const struct pq_deal *deal, int n, const char *prefix)
{
    snprintf(self->error, sizeof self->error,
             "%saction %d (end): the record ends before the deal is over (%s to act: %s)",
             prefix, n, pq_seat_name(deal->to_act), pq_phase_name(deal->phase));
}

/* A deal record on its own, {"deck", "rules"?, "actions"}. */
static int replay_deal(const cJSON *json, struct replay *self)
{
    struct record_deal record;
    struct pq_rules rules;
    struct pq_deal deal;
    const cJSON *item;
    pq_rules_default(&rules);
    if (record_read_deal(json, "", &record, self->error, sizeof self->error) < 0 ||
        record_read_rules(cJSON_GetObjectItemCaseSensitive(json, "rules"), &rules, self->error, sizeof self->error) < 0)
        return REPLAY_BAD_INPUT;
    pq_deal_init(&deal, &rules, record.deck);
    int i = 0;
    cJSON_ArrayForEach(item, record.actions) {
        char reason[160];
        const char *text = item->valuestring;
        if (pq_deal_apply_text(&deal, text, (int)strlen(text), reason, sizeof reason) < 0) {
            self->error_index = i;
            snprintf(self->error, sizeof self->error, "action %d (%.60s): %s", i, text, reason);
            return REPLAY_ILLEGAL;
        }
        i++;
    }
    if (!pq_deal_over(&deal)) {
        self->error_index = i;
        stop_early(self, &deal, i, "");
        return REPLAY_ILLEGAL;
    }
    self->result = cJSON_CreateObject();
    if (!self->result) return bad(self, "out of memory");
    write_deal(&deal, self->result);
    return REPLAY_OK;
}

/* The deals of a partie record through the engine, into *partie. With
 * `unfinished` (a forfeited partie) it may stop after any finished deal
 * but must stop before the partie is over: no result is made then, only
 * legality checked, and partie->totals are those of the finished deals
 * (0 without any). */
static int replay_deals(const struct record_partie *rec, int unfinished, struct pq_partie *partie,
                        struct replay *self)
{
    struct pq_deal finished[PQ_MAX_DEALS];
    int n = rec->n_deals;
    memset(partie, 0, sizeof *partie);
    if (n < (unfinished ? 0 : 1)) return bad(self, "\"deals\" must be an array of 1 to 8 deal records");
    for (int d = 0; d < n; d++) {
        const cJSON *item;
        self->error_deal = d + 1;
        if (d == 0) pq_partie_init_deck(partie, &rec->rules, rec->first_dealer, rec->deals[0].deck);
        else if (partie->over) {
            const cJSON *first = cJSON_GetArrayItem(rec->deals[d].actions, 0);
            snprintf(self->error, sizeof self->error, "deal %d: action 0 (%.60s): the partie was over after deal %d",
                     d, cJSON_IsString(first) ? first->valuestring : "end", d);
            return REPLAY_ILLEGAL;
        }
        const uint8_t *next = d + 1 < n ? rec->deals[d + 1].deck : NULL;
        int i = 0, ended = 0;
        cJSON_ArrayForEach(item, rec->deals[d].actions) {
            char reason[160];
            struct pq_action a;
            const char *text = item->valuestring;
            if (ended) {
                self->error_index = i;
                snprintf(self->error, sizeof self->error, "deal %d: action %d (%.60s): the deal is over", d, i, text);
                return REPLAY_ILLEGAL;
            }
            int rc = pq_action_parse(text, (int)strlen(text), &a, reason, sizeof reason);
            if (rc == 0) rc = pq_partie_apply_deck(partie, &a, next, reason, sizeof reason);
            if (rc < 0) {
                self->error_index = i;
                snprintf(self->error, sizeof self->error, "deal %d: action %d (%.60s): %.150s", d, i, text, reason);
                return REPLAY_ILLEGAL;
            }
            ended = rc == 1;
            i++;
        }
        if (!ended) {
            self->error_index = i;
            char prefix[24];
            snprintf(prefix, sizeof prefix, "deal %d: ", d);
            stop_early(self, &partie->deal, i, prefix);
            return REPLAY_ILLEGAL;
        }
        finished[d] = partie->finished;
    }
    if (unfinished) {
        if (n && partie->over) {
            /* A forfeit decides a partie that is still being played; a
             * finished one was decided by its cards. */
            snprintf(self->error, sizeof self->error, "a forfeit after the partie was over (after deal %d)", n);
            self->error_deal = 0;
            return REPLAY_ILLEGAL;
        }
        self->error_deal = 0;
        return REPLAY_OK;
    }
    if (!partie->over) {
        snprintf(self->error, sizeof self->error,
                 "deal %d: action 0 (end): the record ends after %d deals, before the partie is over", n, n);
        self->error_deal = 0;
        return REPLAY_ILLEGAL;
    }
    self->error_deal = 0;
    self->result = cJSON_CreateObject();
    if (!self->result) return bad(self, "out of memory");
    struct json_writer jw;
    json_writer_init(&jw, self->result);
    pq_report_partie(partie, finished, n, &jw.writer);
    return REPLAY_OK;
}

/* A partie record as `arena replay` takes it: its course alone. */
static int replay_partie(const cJSON *doc, struct replay *self)
{
    struct record_partie rec;
    struct pq_partie partie;
    if (record_read_course(doc, &rec, self->error, sizeof self->error) < 0) return REPLAY_BAD_INPUT;
    return replay_deals(&rec, 0, &partie, self);
}

/* The record's totals, winner and settlement against what they should be;
 * REPLAY_MISMATCH names the first that differs. */
static int compare_score(const struct record_partie *rec, const int totals[2], int winner, int settlement,
                         struct replay *self)
{
    static const char *const names[] = { "\"A\"", "\"B\"" };
    const char *field = NULL;
    char want[64], got[64];
    if (rec->totals[0] != totals[0] || rec->totals[1] != totals[1]) {
        field = "totals";
        snprintf(want, sizeof want, "{\"A\":%d,\"B\":%d}", rec->totals[0], rec->totals[1]);
        snprintf(got, sizeof got, "{\"A\":%d,\"B\":%d}", totals[0], totals[1]);
    } else if (rec->winner != winner) {
        field = "winner";
        snprintf(want, sizeof want, "%s", rec->winner < 0 ? "null" : names[rec->winner]);
        snprintf(got, sizeof got, "%s", winner < 0 ? "null" : names[winner]);
    } else if (rec->settlement != settlement) {
        field = "settlement";
        snprintf(want, sizeof want, "%d", rec->settlement);
        snprintf(got, sizeof got, "%d", settlement);
    }
    if (!field) return REPLAY_OK;
    snprintf(self->error, sizeof self->error, "%s: the record says %s, the engine %s", field, want, got);
    return REPLAY_MISMATCH;
}

/* The unfinished deal of a forfeit, as far as it went: every action
 * legal, and the deal not over (a deal that ended belongs in "deals"). */
static int replay_unfinished(const struct record_partie *rec, struct replay *self)
{
    struct pq_deal deal;
    const cJSON *item;
    int i = 0;
    pq_deal_init(&deal, &rec->rules, rec->unfinished.deck);
    cJSON_ArrayForEach(item, rec->unfinished.actions) {
        char reason[160];
        const char *text = item->valuestring;
        if (pq_deal_over(&deal) || pq_deal_apply_text(&deal, text, (int)strlen(text), reason, sizeof reason) < 0) {
            self->error_index = i;
            snprintf(self->error, sizeof self->error, "unfinished deal action %d (%.60s): %.150s", i, text,
                     !pq_deal_over(&deal) ? reason : "not a legal action here");
            return REPLAY_ILLEGAL;
        }
        i++;
    }
    if (pq_deal_over(&deal)) {
        self->error_index = i;
        snprintf(self->error, sizeof self->error, "\"unfinished_deal\" is finished: it belongs in \"deals\"");
        return REPLAY_ILLEGAL;
    }
    return REPLAY_OK;
}

int replay_record(const struct record_partie *rec, struct replay *self)
{
    struct pq_partie partie;
    memset(self, 0, sizeof *self);
    self->error_index = -1;
    if (rec->forfeit.player < 0) {
        int status = replay_deals(rec, 0, &partie, self);
        if (status != REPLAY_OK) return status;
        const int totals[2] = { partie.totals[0], partie.totals[1] };
        return compare_score(rec, totals, partie.winner, partie.settlement, self);
    }
    /* A forfeit: the deals played replay, the unfinished one as far as it
     * went, and the score is the fault policy's (arena/play/referee.h): the
     * other player wins 100 plus both totals of the finished deals. */
    int loser = rec->forfeit.player;
    int status = replay_deals(rec, 1, &partie, self);
    const int sums[2] = { partie.totals[0], partie.totals[1] };
    if (status == REPLAY_OK && rec->has_unfinished) status = replay_unfinished(rec, self);
    if (status != REPLAY_OK) return status;
    cJSON *expect = cJSON_CreateObject();
    cJSON *t = expect ? cJSON_AddObjectToObject(expect, "totals") : NULL;
    if (!t || !cJSON_AddNumberToObject(t, "A", sums[0]) || !cJSON_AddNumberToObject(t, "B", sums[1]) ||
        !cJSON_AddStringToObject(expect, "winner", loser == PQ_PLAYER_A ? "B" : "A") ||
        !cJSON_AddNumberToObject(expect, "settlement", 100 + sums[0] + sums[1])) {
        cJSON_Delete(expect);
        return bad(self, "out of memory");
    }
    status = compare_score(rec, sums, 1 - loser, 100 + sums[0] + sums[1], self);
    if (status != REPLAY_OK) {
        cJSON_Delete(expect);
        return status;
    }
    self->result = expect;
    return REPLAY_OK;
}

/* Compares the fields "expect" names with the result. */
static int check_expect(const cJSON *expect, struct replay *self, int status)
{
    const cJSON *want_error = cJSON_GetObjectItemCaseSensitive(expect, "error");
    if (cJSON_IsTrue(want_error)) {
        int index = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(expect, "error_index"));
        char got[200];
        if (status == REPLAY_ILLEGAL && self->error_index == index) return REPLAY_OK;
        snprintf(got, sizeof got, "%.199s", status == REPLAY_OK ? "a legal record" : self->error);
        snprintf(self->error, sizeof self->error, "expected an illegal action at %d, got %.200s", index, got);
        return REPLAY_MISMATCH;
    }
    if (status != REPLAY_OK) return status;
    const cJSON *field;
    cJSON_ArrayForEach(field, expect) {
        const cJSON *got = cJSON_GetObjectItemCaseSensitive(self->result, field->string);
        if (!strcmp(field->string, "classes")) {
            const cJSON *cls;
            cJSON_ArrayForEach(cls, field) {
                const cJSON *mine = cJSON_GetObjectItemCaseSensitive(got, cls->string);
                const cJSON *kv;
                cJSON_ArrayForEach(kv, cls)
                    if (!cJSON_Compare(kv, cJSON_GetObjectItemCaseSensitive(mine, kv->string), 1)) {
                        snprintf(self->error, sizeof self->error, "classes.%s.%s differs from the expected value",
                                 cls->string, kv->string);
                        return REPLAY_MISMATCH;
                    }
            }
            continue;
        }
        if (!cJSON_Compare(field, got, 1)) {
            char *want = cJSON_PrintUnformatted(field), *have = got ? cJSON_PrintUnformatted(got) : NULL;
            snprintf(self->error, sizeof self->error, "%s: expected %s, got %s", field->string,
                     want ? want : "?", have ? have : "nothing");
            free(want);
            free(have);
            return REPLAY_MISMATCH;
        }
    }
    return REPLAY_OK;
}

int replay_json(const cJSON *doc, int check, struct replay *self)
{
    const cJSON *record = cJSON_GetObjectItemCaseSensitive(doc, "record");
    const cJSON *expect = cJSON_GetObjectItemCaseSensitive(doc, "expect");
    memset(self, 0, sizeof *self);
    self->error_index = -1;
    if (!cJSON_IsObject(doc)) return bad(self, "a record must be a JSON object");
    if (check && !cJSON_IsObject(expect)) return bad(self, "--check needs a fixture with \"record\" and \"expect\"");
    if (!record) record = doc;
    int status;
    const struct game *g = game_replay_game(record, self, &status);
    if (status != REPLAY_OK) return status;
    if (g && g != &piquet_game) status = game_replay_json(record, g, self);
    else if (cJSON_GetObjectItemCaseSensitive(record, "deals")) status = replay_partie(record, self);
    else status = replay_deal(record, self);
    return check ? check_expect(expect, self, status) : status;
}

int replay_file(const char *path, int check, struct replay *self)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    cJSON *doc = NULL;
    int status;
    memset(self, 0, sizeof *self);
    self->error_index = -1;
    if (!f) {
        snprintf(self->error, sizeof self->error, "cannot open '%s': %s", path, strerror(errno));
        return REPLAY_BAD_INPUT;
    }
    text = malloc(REPLAY_MAX_FILE + 1);
    size_t n = text ? fread(text, 1, REPLAY_MAX_FILE + 1, f) : 0;
    if (!text || ferror(f)) {
        status = bad(self, text ? "cannot read the file" : "out of memory");
        goto out;
    }
    if (n > REPLAY_MAX_FILE) {
        status = bad(self, "the file is larger than 16 MiB");
        goto out;
    }
    doc = cJSON_ParseWithLength(text, n);
    if (!doc) {
        snprintf(self->error, sizeof self->error, "'%s' is not valid JSON (near byte %ld)", path,
                 (long)(cJSON_GetErrorPtr() ? cJSON_GetErrorPtr() - text : 0));
        status = REPLAY_BAD_INPUT;
        goto out;
    }
    status = replay_json(doc, check, self);
out:
    cJSON_Delete(doc);
    free(text);
    fclose(f);
    return status;
}

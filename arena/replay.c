/* replay.c - deal and partie records through the engine (replay.h).
 * All input is untrusted: every field's type is checked and every failure
 * becomes a status and a message, never an exit.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arena/replay.h"
#include "engine/partie.h"
#include "engine/report.h"
#include "protocol/json_writer.h"

enum { REPLAY_MAX_FILE = 16 << 20 };

static int bad(struct replay *self, const char *why)
{
    snprintf(self->error, sizeof self->error, "%s", why);
    return REPLAY_BAD_INPUT;
}

/* A deal record's "deck": a pack order through the engine's reader. */
static int parse_deck(const cJSON *deck, uint8_t out[32], char *err, size_t cap)
{
    const char *text = cJSON_GetStringValue(deck);
    char why[96];
    if (!text) {
        snprintf(err, cap, "\"deck\" must be a string of 32 cards");
        return -1;
    }
    if (pq_deck_parse(text, out, why, (int)sizeof why) < 0) {
        snprintf(err, cap, "\"deck\": %s", why);
        return -1;
    }
    return 0;
}

int replay_rules(const cJSON *rules, struct pq_rules *out, char *err, size_t cap)
{
    const cJSON *flag;
    if (!rules || cJSON_IsNull(rules)) return 0;
    if (!cJSON_IsObject(rules)) {
        snprintf(err, cap, "\"rules\" must be an object");
        return -1;
    }
    cJSON_ArrayForEach(flag, rules) {
        char value[32], why[128];
        if (cJSON_IsString(flag)) snprintf(value, sizeof value, "%.31s", flag->valuestring);
        else if (cJSON_IsBool(flag)) snprintf(value, sizeof value, "%s", cJSON_IsTrue(flag) ? "true" : "false");
        else if (cJSON_IsNumber(flag)) snprintf(value, sizeof value, "%g", flag->valuedouble);
        else {
            snprintf(err, cap, "rules.%.40s must be a string, number or boolean", flag->string);
            return -1;
        }
        if (pq_rules_set(out, flag->string, value, why, (int)sizeof why) < 0) {
            snprintf(err, cap, "rules: %s", why);
            return -1;
        }
    }
    return 0;
}

/* Checks a deal record's shape; fills deck and returns its actions. */
static const cJSON *deal_parts(const cJSON *record, uint8_t deck[32], struct replay *self)
{
    const cJSON *actions = cJSON_GetObjectItemCaseSensitive(record, "actions");
    if (!cJSON_IsObject(record)) {
        bad(self, "a deal record must be an object with \"deck\" and \"actions\"");
        return NULL;
    }
    if (parse_deck(cJSON_GetObjectItemCaseSensitive(record, "deck"), deck, self->error, sizeof self->error) < 0)
        return NULL;
    if (!cJSON_IsArray(actions)) {
        bad(self, "\"actions\" must be an array of strings");
        return NULL;
    }
    return actions;
}

static void write_deal(const struct pq_deal *deal, cJSON *into)
{
    struct json_writer jw;
    json_writer_init(&jw, into);
    pq_report_deal(deal, &jw.writer);
}

static void stop_early(struct replay *self, const struct pq_deal *deal, int n)
{
    snprintf(self->error, sizeof self->error,
             "the record ends after %d actions, before the deal is over (%s to act: %s)",
             n, pq_seat_name(deal->to_act), pq_phase_name(deal->phase));
}

static int replay_deal(const cJSON *record, const struct pq_rules *base, struct replay *self)
{
    uint8_t deck[32];
    struct pq_rules rules = *base;
    struct pq_deal deal;
    const cJSON *actions = deal_parts(record, deck, self), *item;
    if (!actions) return REPLAY_BAD_INPUT;
    if (replay_rules(cJSON_GetObjectItemCaseSensitive(record, "rules"), &rules, self->error, sizeof self->error) < 0)
        return REPLAY_BAD_INPUT;
    pq_deal_init(&deal, &rules, deck);
    int i = 0;
    cJSON_ArrayForEach(item, actions) {
        char reason[160];
        const char *text = cJSON_GetStringValue(item);
        if (!text) {
            self->error_index = i;
            snprintf(self->error, sizeof self->error, "action %d: not a string", i);
            return REPLAY_ILLEGAL;
        }
        if (pq_deal_apply_text(&deal, text, (int)strlen(text), reason, sizeof reason) < 0) {
            self->error_index = i;
            snprintf(self->error, sizeof self->error, "action %d (%.60s): %s", i, text, reason);
            return REPLAY_ILLEGAL;
        }
        i++;
    }
    if (!pq_deal_over(&deal)) {
        self->error_index = i;
        stop_early(self, &deal, i);
        return REPLAY_ILLEGAL;
    }
    self->result = cJSON_CreateObject();
    if (!self->result) return bad(self, "out of memory");
    write_deal(&deal, self->result);
    return REPLAY_OK;
}

/* A partie record; with `unfinished` (a forfeited partie) it may stop
 * after any finished deal but must stop before the partie is over: no
 * result is made then, only legality checked, and *totals gets the totals
 * of the finished deals. */
static int replay_partie_of(const cJSON *doc, int unfinished, int totals[2], struct replay *self)
{
    struct pq_rules rules;
    struct pq_partie partie;
    struct pq_deal finished[PQ_MAX_DEALS];
    const char *first = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "first_dealer"));
    const cJSON *deals = cJSON_GetObjectItemCaseSensitive(doc, "deals");
    int n = cJSON_GetArraySize(deals);
    pq_rules_default(&rules);
    if (!first || (strcmp(first, "A") && strcmp(first, "B")))
        return bad(self, "\"first_dealer\" must be \"A\" or \"B\"");
    if (!cJSON_IsArray(deals) || n < (unfinished ? 0 : 1) || n > PQ_MAX_DEALS)
        return bad(self, "\"deals\" must be an array of 1 to 8 deal records");
    if (totals) totals[0] = totals[1] = 0;
    if (replay_rules(cJSON_GetObjectItemCaseSensitive(doc, "rules"), &rules, self->error, sizeof self->error) < 0)
        return REPLAY_BAD_INPUT;
    for (int d = 0; d < n; d++) {
        uint8_t deck[32], next[32];
        const cJSON *record = cJSON_GetArrayItem(deals, d), *item;
        const cJSON *actions = deal_parts(record, deck, self);
        if (!actions) {
            char why[256];
            snprintf(why, sizeof why, "deal %d: %.200s", d + 1, self->error);
            return bad(self, why);
        }
        self->error_deal = d + 1;
        if (d == 0) pq_partie_init_deck(&partie, &rules, first[0] - 'A', deck);
        else if (partie.over) {
            snprintf(self->error, sizeof self->error, "deal %d: the partie was over after deal %d", d + 1, d);
            return REPLAY_ILLEGAL;
        }
        const cJSON *next_record = d + 1 < n ? cJSON_GetArrayItem(deals, d + 1) : NULL;
        int have_next = next_record && parse_deck(cJSON_GetObjectItemCaseSensitive(next_record, "deck"), next,
                                                  self->error, sizeof self->error) == 0;
        int i = 0, ended = 0;
        cJSON_ArrayForEach(item, actions) {
            char reason[160];
            struct pq_action a;
            const char *text = cJSON_GetStringValue(item);
            if (!text || ended) {
                self->error_index = i;
                snprintf(self->error, sizeof self->error, "deal %d action %d: %s", d + 1, i,
                         ended ? "the deal is over" : "not a string");
                return REPLAY_ILLEGAL;
            }
            int rc = pq_action_parse(text, (int)strlen(text), &a, reason, sizeof reason);
            if (rc == 0) rc = pq_partie_apply_deck(&partie, &a, have_next ? next : NULL, reason, sizeof reason);
            if (rc < 0) {
                self->error_index = i;
                snprintf(self->error, sizeof self->error, "deal %d action %d (%.60s): %s", d + 1, i, text, reason);
                return REPLAY_ILLEGAL;
            }
            ended = rc == 1;
            i++;
        }
        if (!ended) {
            self->error_index = i;
            stop_early(self, &partie.deal, i);
            return REPLAY_ILLEGAL;
        }
        finished[d] = partie.finished;
    }
    if (unfinished) {
        if (n && partie.over) {
            /* A forfeit decides a partie that is still being played; a
             * finished one was decided by its cards. */
            snprintf(self->error, sizeof self->error, "a forfeit after the partie was over (after deal %d)", n);
            self->error_deal = 0;
            return REPLAY_ILLEGAL;
        }
        if (totals && n) {
            totals[0] = partie.totals[0];
            totals[1] = partie.totals[1];
        }
        self->error_deal = 0;
        return REPLAY_OK;
    }
    if (!partie.over) {
        snprintf(self->error, sizeof self->error, "the record ends after %d deals, before the partie is over", n);
        self->error_deal = 0;
        return REPLAY_ILLEGAL;
    }
    self->error_deal = 0;
    self->result = cJSON_CreateObject();
    if (!self->result) return bad(self, "out of memory");
    struct json_writer jw;
    json_writer_init(&jw, self->result);
    pq_report_partie(&partie, finished, n, &jw.writer);
    return REPLAY_OK;
}

static int replay_partie(const cJSON *doc, struct replay *self)
{
    return replay_partie_of(doc, 0, NULL, self);
}

static int mismatch(struct replay *self, const char *field, const cJSON *want, const cJSON *got)
{
    char *a = want ? cJSON_PrintUnformatted(want) : NULL, *b = got ? cJSON_PrintUnformatted(got) : NULL;
    snprintf(self->error, sizeof self->error, "%s: the record says %.80s, the engine %.80s", field, a ? a : "nothing",
             b ? b : "nothing");
    free(a);
    free(b);
    return REPLAY_MISMATCH;
}

int replay_journal_record(const cJSON *rec, struct replay *self)
{
    const cJSON *forfeit = cJSON_GetObjectItemCaseSensitive(rec, "forfeit");
    const cJSON *totals = cJSON_GetObjectItemCaseSensitive(rec, "totals");
    const cJSON *winner = cJSON_GetObjectItemCaseSensitive(rec, "winner");
    const cJSON *settlement = cJSON_GetObjectItemCaseSensitive(rec, "settlement");
    memset(self, 0, sizeof *self);
    self->error_index = -1;
    if (!cJSON_IsObject(rec)) return bad(self, "a record must be a JSON object");
    if (!cJSON_IsObject(forfeit)) {
        int status = replay_partie(rec, self);
        if (status != REPLAY_OK) return status;
        const char *keys[] = { "totals", "winner", "settlement" };
        const cJSON *want[] = { totals, winner, settlement };
        for (int i = 0; i < 3; i++) {
            const cJSON *got = cJSON_GetObjectItemCaseSensitive(self->result, keys[i]);
            if (!cJSON_Compare(want[i], got, 1)) return mismatch(self, keys[i], want[i], got);
        }
        return REPLAY_OK;
    }
    /* A forfeit: the deals played replay, the unfinished one as far as it
     * went, and the score is the fault policy's (arena/referee.h): the
     * other player wins 100 plus both totals of the finished deals. */
    int sums[2];
    const char *loser = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(forfeit, "player"));
    if (!loser || (strcmp(loser, "A") && strcmp(loser, "B"))) return bad(self, "\"forfeit.player\" must be A or B");
    int status = replay_partie_of(rec, 1, sums, self);
    if (status != REPLAY_OK) return status;
    const cJSON *partial = cJSON_GetObjectItemCaseSensitive(rec, "unfinished_deal");
    if (partial) {
        struct pq_rules rules;
        uint8_t deck[32];
        struct pq_deal deal;
        const cJSON *item;
        int i = 0;
        pq_rules_default(&rules);
        if (replay_rules(cJSON_GetObjectItemCaseSensitive(rec, "rules"), &rules, self->error, sizeof self->error) < 0)
            return REPLAY_BAD_INPUT;
        const cJSON *actions = deal_parts(partial, deck, self);
        if (!actions) return REPLAY_BAD_INPUT;
        pq_deal_init(&deal, &rules, deck);
        cJSON_ArrayForEach(item, actions) {
            char reason[160];
            const char *text = cJSON_GetStringValue(item);
            if (!text || pq_deal_over(&deal) ||
                pq_deal_apply_text(&deal, text, (int)strlen(text), reason, sizeof reason) < 0) {
                self->error_index = i;
                snprintf(self->error, sizeof self->error, "unfinished deal action %d (%.60s): %.150s", i,
                         text ? text : "?", text && !pq_deal_over(&deal) ? reason : "not a legal action here");
                return REPLAY_ILLEGAL;
            }
            i++;
        }
        if (pq_deal_over(&deal)) {
            /* A deal that ended belongs in "deals", where it scores. */
            self->error_index = i;
            snprintf(self->error, sizeof self->error, "\"unfinished_deal\" is finished: it belongs in \"deals\"");
            return REPLAY_ILLEGAL;
        }
    }
    cJSON *expect = cJSON_CreateObject();
    if (!expect) return bad(self, "out of memory");
    cJSON *t = cJSON_AddObjectToObject(expect, "totals");
    cJSON_AddNumberToObject(t, "A", sums[0]);
    cJSON_AddNumberToObject(t, "B", sums[1]);
    cJSON_AddStringToObject(expect, "winner", loser[0] == 'A' ? "B" : "A");
    cJSON_AddNumberToObject(expect, "settlement", 100 + sums[0] + sums[1]);
    const char *keys[] = { "totals", "winner", "settlement" };
    const cJSON *want[] = { totals, winner, settlement };
    for (int i = 0; i < 3; i++) {
        const cJSON *got = cJSON_GetObjectItemCaseSensitive(expect, keys[i]);
        if (!cJSON_Compare(want[i], got, 1)) {
            int rc = mismatch(self, keys[i], want[i], got);
            cJSON_Delete(expect);
            return rc;
        }
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
    struct pq_rules rules;
    const cJSON *record = cJSON_GetObjectItemCaseSensitive(doc, "record");
    const cJSON *expect = cJSON_GetObjectItemCaseSensitive(doc, "expect");
    memset(self, 0, sizeof *self);
    self->error_index = -1;
    if (!cJSON_IsObject(doc)) return bad(self, "a record must be a JSON object");
    if (check && !cJSON_IsObject(expect)) return bad(self, "--check needs a fixture with \"record\" and \"expect\"");
    if (!record) record = doc;
    pq_rules_default(&rules);
    int status = cJSON_GetObjectItemCaseSensitive(record, "deals") ? replay_partie(record, self)
                                                                   : replay_deal(record, &rules, self);
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

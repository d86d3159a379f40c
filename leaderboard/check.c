/* check.c - posted partie records checked and replayed (check.h).
 *
 * Everything here is untrusted input: each field's type is checked before
 * it is read, every message says which field is wrong, and nothing is
 * kept unless the whole record passes. The replay drives the engine's
 * partie (pq_partie_apply_deck) exactly as `arena replay` does.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine/partie.h"
#include "arena/replay.h"
#include "protocol/codec.h"
#include "leaderboard/check.h"

static const char *const players[] = { "A", "B" };

static int utf8_valid(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned char c = *p;
        size_t len = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2
                   : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
        if (len == 0) return 0;
        for (size_t i = 1; i < len; i++)
            if ((p[i] & 0xC0) != 0x80) return 0;
        if ((c == 0xE0 && p[1] < 0xA0) || (c == 0xED && p[1] >= 0xA0) ||
            (c == 0xF0 && p[1] < 0x90) || (c == 0xF4 && p[1] >= 0x90))
            return 0;
        p += len;
    }
    return 1;
}

int check_deck(const char *text, unsigned char deck[32], char *err, size_t cap)
{
    unsigned seen = 0;
    int n = 0;
    for (const char *p = text; *p;) {
        if (*p == ' ') {
            p++;
            continue;
        }
        int card = (p[1] && (p[2] == ' ' || !p[2])) ? pq_card_parse(p) : -1;
        if (card < 0) {
            snprintf(err, cap, "\"deck\": '%.2s' is not a card", p);
            return -1;
        }
        if (n == 32 || (seen & PQ_BIT(card))) {
            snprintf(err, cap, n == 32 ? "\"deck\" has more than 32 cards" : "\"deck\" names a card twice");
            return -1;
        }
        seen |= PQ_BIT(card);
        deck[n++] = (unsigned char)card;
        p += 2;
    }
    if (n != 32) {
        snprintf(err, cap, "\"deck\" has %d cards, not 32", n);
        return -1;
    }
    return 0;
}

int check_rules(const cJSON *rules, struct pq_rules *out, char *err, size_t cap)
{
    return replay_rules(rules, out, err, cap);   /* the arena's reading, so both agree */
}

static const cJSON *field(const cJSON *o, const char *name)
{
    return cJSON_GetObjectItemCaseSensitive(o, name);
}

/* A JSON number that is an integer in [lo, hi]. */
static int integer(const cJSON *item, double lo, double hi, long long *out)
{
    if (!cJSON_IsNumber(item)) return -1;
    double v = item->valuedouble;
    if (!isfinite(v) || v != floor(v) || v < lo || v > hi) return -1;
    *out = (long long)v;
    return 0;
}

static int player_of(const cJSON *item)
{
    const char *s = cJSON_GetStringValue(item);
    if (!s) return -1;
    if (!strcmp(s, "A")) return 0;
    if (!strcmp(s, "B")) return 1;
    return -1;
}

/* {"A": int, "B": int} */
static int per_player_int(const cJSON *o, const char *name, int out[2], double lo, double hi, char *err, size_t cap)
{
    const cJSON *obj = field(o, name);
    for (int p = 0; p < 2; p++) {
        long long v;
        if (!cJSON_IsObject(obj) || integer(field(obj, players[p]), lo, hi, &v) < 0) {
            snprintf(err, cap, "\"%s\" must be {\"A\": integer, \"B\": integer}", name);
            return -1;
        }
        out[p] = (int)v;
    }
    return 0;
}

/* The fault counts: {"A": {kind: count...}, "B": {...}}, kept as JSON. */
static int check_faults(const cJSON *record, struct check_partie *self, char *err, size_t cap)
{
    const cJSON *faults = field(record, "faults");
    if (!faults || cJSON_IsNull(faults)) {
        for (int p = 0; p < 2; p++)
            if (!(self->faults[p] = strdup("{}"))) goto oom;
        return 0;
    }
    if (!cJSON_IsObject(faults)) goto bad;
    for (int p = 0; p < 2; p++) {
        const cJSON *kinds = field(faults, players[p]), *kind;
        int n = 0;
        if (!cJSON_IsObject(kinds)) goto bad;
        cJSON_ArrayForEach(kind, kinds) {
            long long v;
            if (++n > 16 || strlen(kind->string) > 32 || !utf8_valid(kind->string) ||
                integer(kind, 0, 1e6, &v) < 0)
                goto bad;
        }
        if (!(self->faults[p] = cJSON_PrintUnformatted(kinds))) goto oom;
    }
    return 0;
bad:
    snprintf(err, cap, "\"faults\" must be {\"A\": {kind: count...}, \"B\": {...}} with at most 16 "
                       "kinds of at most 32 bytes and counts from 0");
    return -1;
oom:
    snprintf(err, cap, "out of memory");
    return -1;
}

/* The partie replayed; compares totals, winner and settlement. */
static int replay(const cJSON *record, struct check_partie *self, char *err, size_t cap)
{
    struct store_partie *out = &self->out;
    struct pq_rules rules;
    struct pq_partie partie;
    const cJSON *deals = field(record, "deals");
    const cJSON *unfinished = field(record, "unfinished_deal");
    int n = cJSON_GetArraySize(deals), forfeit = out->forfeit >= 0;
    pq_rules_default(&rules);
    if (check_rules(field(record, "rules"), &rules, err, cap) < 0) return CHECK_BAD_RECORD;
    if (!cJSON_IsArray(deals) || n > PQ_MAX_DEALS || (n < 1 && !forfeit)) {
        snprintf(err, cap, "\"deals\" must be an array of 1 to 8 deal records");
        return CHECK_BAD_RECORD;
    }
    if (unfinished && !cJSON_IsNull(unfinished) && !forfeit) {
        snprintf(err, cap, "\"unfinished_deal\" without a forfeit");
        return CHECK_BAD_RECORD;
    }
    int total = n + (unfinished && !cJSON_IsNull(unfinished) ? 1 : 0);
    unsigned char decks[PQ_MAX_DEALS + 1][32];
    const cJSON *records[PQ_MAX_DEALS + 1];
    for (int d = 0; d < total; d++) {
        const cJSON *deal = d < n ? cJSON_GetArrayItem(deals, d) : unfinished;
        const char *deck = cJSON_GetStringValue(field(deal, "deck"));
        char why[128];
        records[d] = deal;
        if (!cJSON_IsObject(deal) || !deck || !cJSON_IsArray(field(deal, "actions"))) {
            snprintf(err, cap, "deal %d: a deal record is {\"deck\": string, \"actions\": [strings]}", d + 1);
            return CHECK_BAD_RECORD;
        }
        if (field(deal, "rules")) {
            snprintf(err, cap, "deal %d: rules belong to the partie record", d + 1);
            return CHECK_BAD_RECORD;
        }
        if (check_deck(deck, decks[d], why, sizeof why) < 0) {
            snprintf(err, cap, "deal %d: %s", d + 1, why);
            return CHECK_BAD_RECORD;
        }
    }
    if (total == 0) {
        /* Forfeited before the first deal's first action: nothing to replay. */
        if (out->totals[0] || out->totals[1]) {
            snprintf(err, cap, "\"totals\" are not 0 with no deal played");
            return CHECK_NOT_GENUINE;
        }
        return CHECK_OK;
    }
    if (pq_partie_init_deck(&partie, &rules, out->first_dealer, decks[0]) < 0) {
        snprintf(err, cap, "deal 1: bad deck");
        return CHECK_BAD_RECORD;
    }
    for (int d = 0; d < total; d++) {
        const cJSON *item;
        int i = 0, ended = 0;
        if (d > 0 && partie.over) {
            snprintf(err, cap, "deal %d: the partie was over after deal %d", d + 1, d);
            return CHECK_NOT_GENUINE;
        }
        if (d > 0 && memcmp(partie.deal.deck, decks[d], 32) != 0) {
            snprintf(err, cap, "deal %d: the deal does not start from its deck", d + 1);
            return CHECK_NOT_GENUINE;
        }
        cJSON_ArrayForEach(item, field(records[d], "actions")) {
            char reason[160];
            struct pq_action a;
            const char *text = cJSON_GetStringValue(item);
            if (!text) {
                snprintf(err, cap, "deal %d action %d: not a string", d + 1, i);
                return CHECK_BAD_RECORD;
            }
            if (ended) {
                snprintf(err, cap, "deal %d action %d: the deal is over", d + 1, i);
                return CHECK_NOT_GENUINE;
            }
            int rc = pq_action_parse(text, (int)strlen(text), &a, reason, sizeof reason);
            if (rc == 0)
                rc = pq_partie_apply_deck(&partie, &a, d + 1 < total ? decks[d + 1] : NULL, reason,
                                          sizeof reason);
            if (rc < 0) {
                snprintf(err, cap, "deal %d action %d (%.60s): %s", d + 1, i, text, reason);
                return CHECK_NOT_GENUINE;
            }
            ended = rc == 1;
            i++;
        }
        if (!ended && d < n) {
            snprintf(err, cap, "deal %d: the record ends after %d actions, before the deal is over", d + 1, i);
            return CHECK_NOT_GENUINE;
        }
        if (ended && d == n) {
            snprintf(err, cap, "\"unfinished_deal\" is finished");
            return CHECK_NOT_GENUINE;
        }
    }
    if (!forfeit && !partie.over) {
        snprintf(err, cap, "the record ends after %d deals, before the partie is over", n);
        return CHECK_NOT_GENUINE;
    }
    if (forfeit && partie.over) {
        snprintf(err, cap, "a forfeit after the partie was over");
        return CHECK_NOT_GENUINE;
    }
    if (partie.totals[0] != out->totals[0] || partie.totals[1] != out->totals[1]) {
        snprintf(err, cap, "\"totals\" are A %d, B %d; the deals replay to A %d, B %d", out->totals[0],
                 out->totals[1], partie.totals[0], partie.totals[1]);
        return CHECK_NOT_GENUINE;
    }
    if (!forfeit && (partie.winner != out->winner || partie.settlement != out->settlement)) {
        snprintf(err, cap, "\"winner\" %s and \"settlement\" %d; the deals replay to %s and %d",
                 out->winner < 0 ? "null" : players[out->winner], out->settlement,
                 partie.winner < 0 ? "null" : players[partie.winner], (int)partie.settlement);
        return CHECK_NOT_GENUINE;
    }
    return CHECK_OK;
}

int check_partie(const cJSON *record, struct check_partie *self, char *err, size_t cap)
{
    struct store_partie *out = &self->out;
    long long v;
    memset(self, 0, sizeof *self);
    out->forfeit = -1;
    if (!cJSON_IsObject(record)) {
        snprintf(err, cap, "a partie record must be a JSON object");
        return CHECK_BAD_RECORD;
    }
    const cJSON *type = field(record, "type");
    if (type && !(cJSON_IsString(type) && !strcmp(type->valuestring, "partie"))) {
        snprintf(err, cap, "\"type\" must be \"partie\"");
        return CHECK_BAD_RECORD;
    }
    const char *run = cJSON_GetStringValue(field(record, "run"));
    int hex = run && strlen(run) == 16;
    for (int i = 0; hex && i < 16; i++) hex = (run[i] >= '0' && run[i] <= '9') || (run[i] >= 'a' && run[i] <= 'f');
    if (!hex) {
        snprintf(err, cap, "\"run\" must be 16 lowercase hex digits");
        return CHECK_BAD_RECORD;
    }
    if (integer(field(record, "id"), 0, 9007199254740991.0, &v) < 0) {
        snprintf(err, cap, "\"id\" must be an integer from 0");
        return CHECK_BAD_RECORD;
    }
    memcpy(self->run, run, 17);
    out->id = v;
    snprintf(self->key, sizeof self->key, "%s-%lld", run, v);
    out->key = self->key;
    out->run = self->run;
    const cJSON *seed = field(record, "seed");
    const char *digits = cJSON_GetStringValue(seed);
    size_t n_digits = digits ? strlen(digits) : 0;
    int seed_ok = n_digits >= 1 && n_digits <= 20;
    for (size_t i = 0; seed_ok && i < n_digits; i++) seed_ok = digits[i] >= '0' && digits[i] <= '9';
    if (seed_ok) {
        errno = 0;
        unsigned long long s = strtoull(digits, NULL, 10);
        seed_ok = errno == 0;
        snprintf(self->seed, sizeof self->seed, "%llu", s);
    } else if (cJSON_IsNumber(seed) && seed->valuedouble >= 0 && seed->valuedouble < 18446744073709551616.0) {
        /* Older journals wrote the seed as a JSON number (a double). */
        seed_ok = 1;
        snprintf(self->seed, sizeof self->seed, "%llu", (unsigned long long)seed->valuedouble);
    }
    if (!seed_ok) {
        snprintf(err, cap, "\"seed\" must be a decimal string of a 64-bit number");
        return CHECK_BAD_RECORD;
    }
    out->seed = self->seed;
    const cJSON *names = field(record, "players");
    for (int p = 0; p < 2; p++) {
        const char *name = cJSON_GetStringValue(field(names, players[p]));
        const char *why;
        if (!cJSON_IsObject(names) || !name) {
            snprintf(err, cap, "\"players\" must be {\"A\": name, \"B\": name}");
            return CHECK_BAD_RECORD;
        }
        if ((why = codec_bot_name_check(name))) {   /* the project's one name rule */
            snprintf(err, cap, "players.%s %s", players[p], why);
            return CHECK_BAD_RECORD;
        }
        out->players[p] = name;
    }
    if (!strcmp(out->players[0], out->players[1])) {
        snprintf(err, cap, "a bot cannot play itself");
        return CHECK_BAD_RECORD;
    }
    if ((out->first_dealer = player_of(field(record, "first_dealer"))) < 0) {
        snprintf(err, cap, "\"first_dealer\" must be \"A\" or \"B\"");
        return CHECK_BAD_RECORD;
    }
    if (per_player_int(record, "totals", out->totals, 0, 100000, err, cap) < 0) return CHECK_BAD_RECORD;
    const cJSON *winner = field(record, "winner");
    out->winner = player_of(winner);
    if (out->winner < 0 && !cJSON_IsNull(winner)) {
        snprintf(err, cap, "\"winner\" must be \"A\", \"B\" or null");
        return CHECK_BAD_RECORD;
    }
    if (integer(field(record, "settlement"), 0, 1000000, &v) < 0) {
        snprintf(err, cap, "\"settlement\" must be an integer from 0");
        return CHECK_BAD_RECORD;
    }
    out->settlement = (int)v;
    const cJSON *forfeit = field(record, "forfeit");
    if (forfeit && !cJSON_IsNull(forfeit)) {
        const char *fault = cJSON_GetStringValue(field(forfeit, "fault"));
        const cJSON *message = field(forfeit, "message");
        if (!cJSON_IsObject(forfeit) || (out->forfeit = player_of(field(forfeit, "player"))) < 0 || !fault ||
            (message && !cJSON_IsString(message))) {
            snprintf(err, cap, "\"forfeit\" must be null or {\"player\": \"A\"|\"B\", \"fault\": string, "
                               "\"message\": string}");
            return CHECK_BAD_RECORD;
        }
        if (out->winner != 1 - out->forfeit) {
            snprintf(err, cap, "the player who forfeits cannot win or draw");
            return CHECK_NOT_GENUINE;
        }
    }
    if (out->winner < 0 && out->settlement != 0) {
        snprintf(err, cap, "a drawn partie settles 0");
        return CHECK_NOT_GENUINE;
    }
    if (check_faults(record, self, err, cap) < 0) return CHECK_BAD_RECORD;
    out->faults[0] = self->faults[0];
    out->faults[1] = self->faults[1];
    int status = replay(record, self, err, cap);
    if (status != CHECK_OK) return status;
    if (!(self->record = cJSON_PrintUnformatted(record))) {
        snprintf(err, cap, "out of memory");
        return CHECK_BAD_RECORD;
    }
    out->record = self->record;
    return CHECK_OK;
}

void check_release(struct check_partie *self)
{
    free(self->faults[0]);
    free(self->faults[1]);
    cJSON_free(self->record);
    memset(self, 0, sizeof *self);
}

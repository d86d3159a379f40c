/* check.c - posted partie records checked and replayed (check.h).
 *
 * Everything here is untrusted input. A record must have the shape the
 * arena writes (arena/record.c): every field it writes, no other, none
 * twice; each field's type is checked before it is read, every message
 * names the field, and nothing is kept unless the whole record passes.
 *
 * Three judges, in this order:
 * - the shape, here: every field, deck and action of the right type;
 * - the course and the score: the arena's own check,
 *   replay_journal_record() (`arena replay --check`): each recorded deal
 *   finished, a forfeit only while the partie is being played and its
 *   unfinished deal unfinished, a partie without one over; the engine's
 *   totals, winner and settlement, or for a forfeit the fault policy's
 *   (arena/referee.h), which is not copied here;
 * - the fault counts: exactly those the arena writes for the outcome.
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

static const char *const players[] = { "A", "B", NULL };

/* The fields of a partie record. arena/record.c writes all of them but
 * "run" and "pair", which `arena run` adds ("run" is added by `arena post`
 * to the records of older journals; "pair" is absent from `arena match`
 * and `arena sprt` journals and from every journal before 3f791d1), and
 * "unfinished_deal", written for a forfeit with actions in its deal. */
static const char *const record_fields[] = { "type", "run", "id", "seed", "first_dealer", "players", "rules",
                                             "deals", "unfinished_deal", "totals", "winner", "settlement",
                                             "forfeit", "faults", "decisions", "think_ms", "pair", NULL };
static const char *const optional_fields[] = { "unfinished_deal", "pair", NULL };
static const char *const deal_fields[] = { "deck", "actions", NULL };
static const char *const forfeit_fields[] = { "player", "fault", "message", NULL };

/* A forfeit's "fault": a codec fault (enum codec_fault), or the word
 * `arena run` writes for the parties a disqualified bot had left
 * (arena/cmd_run.c, forfeit_unplayed). */
enum { FAULT_DISQUALIFIED = CODEC_FAULTS };
static const char disqualified[] = "disqualified";

int check_rules(const cJSON *rules, struct pq_rules *out, char *err, size_t cap)
{
    return replay_rules(rules, out, err, cap);   /* the arena's reading, so both agree */
}

static const cJSON *field(const cJSON *o, const char *name)
{
    return cJSON_GetObjectItemCaseSensitive(o, name);
}

static int listed(const char *const list[], const char *name)
{
    for (int i = 0; list[i]; i++)
        if (!strcmp(list[i], name)) return 1;
    return 0;
}

/* `o` is an object whose every key is in known[], none given twice. `where`
 * is its path for messages ("" for the record, "deals[2]"). 0, or -1. */
static int only_known(const cJSON *o, const char *const known[], const char *where, char *err, size_t cap)
{
    const char *dot = *where ? "." : "";
    if (!cJSON_IsObject(o)) {
        snprintf(err, cap, "\"%s\" must be an object", where);
        return -1;
    }
    for (const cJSON *a = o->child; a; a = a->next)
        if (!listed(known, a->string)) {
            snprintf(err, cap, "unknown field \"%s%s%.40s\"", where, dot, a->string);
            return -1;
        }
    /* Known keys only now, so a repeat is found within a few steps. */
    for (const cJSON *a = o->child; a; a = a->next)
        for (const cJSON *b = a->next; b; b = b->next)
            if (!strcmp(a->string, b->string)) {
                snprintf(err, cap, "field \"%s%s%s\" given twice", where, dot, a->string);
                return -1;
            }
    return 0;
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

/* {"A": integer, "B": integer}, each in [lo, hi]. */
static int per_player(const cJSON *record, const char *name, double lo, double hi, long long out[2], char *err,
                      size_t cap)
{
    if (only_known(field(record, name), players, name, err, cap) < 0) return -1;
    for (int p = 0; p < 2; p++)
        if (integer(field(field(record, name), players[p]), lo, hi, &out[p]) < 0) {
            snprintf(err, cap, "\"%s.%s\" must be an integer from %.0f to %.0f", name, players[p], lo, hi);
            return -1;
        }
    return 0;
}

/* Every field the arena writes is there, and no other. */
static int read_fields(const cJSON *record, char *err, size_t cap)
{
    if (only_known(record, record_fields, "", err, cap) < 0) return -1;
    for (int i = 0; record_fields[i]; i++)
        if (!field(record, record_fields[i]) && !listed(optional_fields, record_fields[i])) {
            snprintf(err, cap, "missing field \"%s\"", record_fields[i]);
            return -1;
        }
    const char *type = cJSON_GetStringValue(field(record, "type"));
    if (!type || strcmp(type, "partie")) {
        snprintf(err, cap, "\"type\" must be \"partie\"");
        return -1;
    }
    return 0;
}

/* "seed": decimal text, exact to 64 bits, or a number as older journals
 * wrote it (a double); kept as decimal text. */
static int read_seed(const cJSON *seed, struct check_partie *self, char *err, size_t cap)
{
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
        seed_ok = 1;
        snprintf(self->seed, sizeof self->seed, "%llu", (unsigned long long)seed->valuedouble);
    }
    if (!seed_ok) {
        snprintf(err, cap, "\"seed\" must be a decimal string of a 64-bit number");
        return -1;
    }
    self->out.seed = self->seed;
    return 0;
}

/* "run", "id" and "seed": the partie's key RUN-ID and its seed. */
static int read_identity(const cJSON *record, struct check_partie *self, char *err, size_t cap)
{
    struct store_partie *out = &self->out;
    long long v;
    const char *run = cJSON_GetStringValue(field(record, "run"));
    int hex = run && strlen(run) == 16;
    for (int i = 0; hex && i < 16; i++) hex = (run[i] >= '0' && run[i] <= '9') || (run[i] >= 'a' && run[i] <= 'f');
    if (!hex) {
        snprintf(err, cap, "\"run\" must be 16 lowercase hex digits");
        return -1;
    }
    if (integer(field(record, "id"), 0, 9007199254740991.0, &v) < 0) {
        snprintf(err, cap, "\"id\" must be an integer from 0");
        return -1;
    }
    memcpy(self->run, run, 17);
    out->id = v;
    snprintf(self->key, sizeof self->key, "%s-%lld", run, v);
    out->key = self->key;
    out->run = self->run;
    return read_seed(field(record, "seed"), self, err, cap);
}

/* "players": two different names, each within the project's one name
 * rule (codec_bot_name_check). */
static int read_players(const cJSON *record, struct store_partie *out, char *err, size_t cap)
{
    if (only_known(field(record, "players"), players, "players", err, cap) < 0) return -1;
    for (int p = 0; p < 2; p++) {
        const char *name = cJSON_GetStringValue(field(field(record, "players"), players[p]));
        const char *why = name ? codec_bot_name_check(name) : "must be a string";
        if (why) {
            snprintf(err, cap, "players.%s %s", players[p], why);
            return -1;
        }
        out->players[p] = name;
    }
    if (!strcmp(out->players[0], out->players[1])) {
        snprintf(err, cap, "a bot cannot play itself");
        return -1;
    }
    return 0;
}

/* "forfeit": null, or {"player", "fault", "message"} as the arena writes
 * it; *fault gets its enum codec_fault or FAULT_DISQUALIFIED (-1 without a
 * forfeit). */
static int read_forfeit(const cJSON *record, struct store_partie *out, int *fault, char *err, size_t cap)
{
    const cJSON *forfeit = field(record, "forfeit");
    out->forfeit = *fault = -1;
    if (cJSON_IsNull(forfeit)) return 0;
    if (only_known(forfeit, forfeit_fields, "forfeit", err, cap) < 0) return -1;
    if ((out->forfeit = player_of(field(forfeit, "player"))) < 0) {
        snprintf(err, cap, "\"forfeit.player\" must be \"A\" or \"B\"");
        return -1;
    }
    const char *name = cJSON_GetStringValue(field(forfeit, "fault"));
    for (int f = 0; name && f < CODEC_FAULTS; f++)
        if (!strcmp(name, codec_fault_name(f))) *fault = f;
    if (name && !strcmp(name, disqualified)) *fault = FAULT_DISQUALIFIED;
    if (*fault < 0) {
        snprintf(err, cap, "\"forfeit.fault\" must be \"%s\", \"%s\", \"%s\", \"%s\" or \"%s\"",
                 codec_fault_name(0), codec_fault_name(1), codec_fault_name(2), codec_fault_name(3), disqualified);
        return -1;
    }
    const char *message = cJSON_GetStringValue(field(forfeit, "message"));
    if (!message || strlen(message) >= CODEC_MESSAGE_MAX) {
        snprintf(err, cap, "\"forfeit.message\" must be a string of at most %d bytes", CODEC_MESSAGE_MAX - 1);
        return -1;
    }
    return 0;
}
_Static_assert(CODEC_FAULTS == 4, "read_forfeit names every fault");

/* "first_dealer", "totals", "winner", "settlement" and "forfeit". */
static int read_outcome(const cJSON *record, struct store_partie *out, int *fault, char *err, size_t cap)
{
    long long totals[2], settlement;
    if ((out->first_dealer = player_of(field(record, "first_dealer"))) < 0) {
        snprintf(err, cap, "\"first_dealer\" must be \"A\" or \"B\"");
        return -1;
    }
    if (per_player(record, "totals", 0, 100000, totals, err, cap) < 0) return -1;
    out->totals[0] = (int)totals[0];
    out->totals[1] = (int)totals[1];
    const cJSON *winner = field(record, "winner");
    if ((out->winner = player_of(winner)) < 0 && !cJSON_IsNull(winner)) {
        snprintf(err, cap, "\"winner\" must be \"A\", \"B\" or null");
        return -1;
    }
    if (integer(field(record, "settlement"), 0, 1000000, &settlement) < 0) {
        snprintf(err, cap, "\"settlement\" must be an integer from 0 to 1000000");
        return -1;
    }
    out->settlement = (int)settlement;
    return read_forfeit(record, out, fault, err, cap);
}

/* "decisions", "think_ms" and "pair": kept as posted, but of their type. */
static int read_timings(const cJSON *record, char *err, size_t cap)
{
    long long ignored[2];
    const cJSON *pair = field(record, "pair");
    if (per_player(record, "decisions", 0, 1e9, ignored, err, cap) < 0 ||
        per_player(record, "think_ms", 0, 9007199254740991.0, ignored, err, cap) < 0)
        return -1;
    if (pair && integer(pair, 0, 9007199254740991.0, ignored) < 0) {
        snprintf(err, cap, "\"pair\" must be an integer from 0");
        return -1;
    }
    return 0;
}

/* "faults": {"A": {kind: count...}, "B": {...}} with every kind of
 * codec_fault_name() and no other; the counts into counts[][], each
 * player's object kept as compact JSON. An enum check_status. */
static int read_faults(const cJSON *record, struct check_partie *self, int counts[2][CODEC_FAULTS], char *err,
                       size_t cap)
{
    const char *kinds[CODEC_FAULTS + 1] = { NULL };
    const cJSON *faults = field(record, "faults");
    for (int f = 0; f < CODEC_FAULTS; f++) kinds[f] = codec_fault_name(f);
    if (only_known(faults, players, "faults", err, cap) < 0) return CHECK_BAD_RECORD;
    for (int p = 0; p < 2; p++) {
        char where[16];
        const cJSON *of = field(faults, players[p]);
        snprintf(where, sizeof where, "faults.%s", players[p]);
        if (only_known(of, kinds, where, err, cap) < 0) return CHECK_BAD_RECORD;
        for (int f = 0; f < CODEC_FAULTS; f++) {
            long long v;
            const cJSON *count = field(of, kinds[f]);
            if (!count || integer(count, 0, 1e6, &v) < 0) {
                snprintf(err, cap, count ? "\"%s.%s\" must be an integer from 0 to 1000000" : "\"%s.%s\" is missing",
                         where, kinds[f]);
                return CHECK_BAD_RECORD;
            }
            counts[p][f] = (int)v;
        }
        if (!(self->faults[p] = cJSON_PrintUnformatted(of))) {
            snprintf(err, cap, "out of memory");
            return CHECK_NO_MEMORY;
        }
    }
    return CHECK_OK;
}

/* The packs and actions of the deals played: "deals", then the
 * unfinished deal of a forfeit. */
struct course {
    unsigned char decks[PQ_MAX_DEALS + 1][32];
    const cJSON *actions[PQ_MAX_DEALS + 1];
    int n;       /* finished deals recorded */
    int total;   /* n, and 1 more with an unfinished deal */
};

/* A deal record {"deck": pack, "actions": [strings]} named `where`. */
static int read_deal(const cJSON *deal, const char *where, struct course *c, int d, char *err, size_t cap)
{
    const char *deck = cJSON_GetStringValue(field(deal, "deck"));
    const cJSON *actions = field(deal, "actions"), *item;
    char why[128];
    if (only_known(deal, deal_fields, where, err, cap) < 0) return -1;
    if (!deck || !cJSON_IsArray(actions)) {
        snprintf(err, cap, "\"%s\" must be {\"deck\": string, \"actions\": [strings]}", where);
        return -1;
    }
    cJSON_ArrayForEach(item, actions)
        if (!cJSON_IsString(item)) {
            snprintf(err, cap, "\"%s.actions\" must hold strings only", where);
            return -1;
        }
    if (pq_deck_parse(deck, c->decks[d], why, (int)sizeof why) < 0) {
        snprintf(err, cap, "%s: %s", where, why);
        return -1;
    }
    c->actions[d] = actions;
    return 0;
}

static int read_course(const cJSON *record, int forfeit, struct course *c, char *err, size_t cap)
{
    const cJSON *deals = field(record, "deals"), *unfinished = field(record, "unfinished_deal");
    c->n = cJSON_GetArraySize(deals);
    if (!cJSON_IsArray(deals) || c->n > PQ_MAX_DEALS || (c->n < 1 && !forfeit)) {
        snprintf(err, cap, "\"deals\" must be an array of 1 to 8 deal records (0 with a forfeit)");
        return -1;
    }
    if (unfinished && !forfeit) {
        snprintf(err, cap, "\"unfinished_deal\" without a forfeit");
        return -1;
    }
    c->total = c->n + (unfinished != NULL);
    for (int d = 0; d < c->total; d++) {
        char where[24];
        snprintf(where, sizeof where, d < c->n ? "deals[%d]" : "unfinished_deal", d);
        if (read_deal(d < c->n ? cJSON_GetArrayItem(deals, d) : unfinished, where, c, d, err, cap) < 0) return -1;
    }
    return 0;
}

/* The shape of the deals: rules, decks, actions. Their course (each deal
 * finished, the partie over or forfeited while still being played, the
 * unfinished deal unfinished) is the arena's own check's, in judge_score. */
static int read_shape(const cJSON *record, const struct store_partie *out, char *err, size_t cap)
{
    struct course c;
    struct pq_rules rules;
    pq_rules_default(&rules);
    if (only_known(field(record, "rules"), pq_rules_names, "rules", err, cap) < 0 ||
        check_rules(field(record, "rules"), &rules, err, cap) < 0 ||
        read_course(record, out->forfeit >= 0, &c, err, cap) < 0)
        return CHECK_BAD_RECORD;
    return CHECK_OK;
}

/* The score, judged by the arena's own check: the engine's totals, winner
 * and settlement, or for a forfeit the fault policy's. */
static int judge_score(const cJSON *record, char *err, size_t cap)
{
    struct replay r;
    int status = replay_journal_record(record, &r);
    cJSON_Delete(r.result);
    if (status == REPLAY_OK) return CHECK_OK;
    snprintf(err, cap, "%s", r.error);
    return status == REPLAY_BAD_INPUT ? CHECK_BAD_RECORD : CHECK_NOT_GENUINE;
}

/* The fault counts the arena writes: the referee counts one fault, of the
 * forfeit's kind, for the player who forfeited and none else
 * (arena/referee.c, referee_fault_policy), and none when nobody forfeited;
 * `arena run` records the parties a disqualified bot had left as its
 * forfeits before any deal, counting none (the faults that disqualified
 * it were counted where they happened). */
static int check_fault_counts(int counts[2][CODEC_FAULTS], int loser, int fault, int played, char *err,
                              size_t cap)
{
    if (fault == FAULT_DISQUALIFIED && played) {
        snprintf(err, cap, "a \"disqualified\" forfeit is recorded before any deal is played");
        return -1;
    }
    for (int p = 0; p < 2; p++)
        for (int f = 0; f < CODEC_FAULTS; f++) {
            int want = p == loser && f == fault;
            if (counts[p][f] == want) continue;
            if (loser < 0 || fault == FAULT_DISQUALIFIED)
                snprintf(err, cap, "\"faults.%s.%s\" is %d: a partie %s counts no fault", players[p],
                         codec_fault_name(f), counts[p][f], loser < 0 ? "nobody forfeited" : "forfeited unplayed");
            else
                snprintf(err, cap, "\"faults.%s.%s\" is %d: the forfeit of %s for %s counts that fault once and "
                         "no other", players[p], codec_fault_name(f), counts[p][f], players[loser],
                         codec_fault_name(fault));
            return -1;
        }
    return 0;
}

int check_partie(const cJSON *record, struct check_partie *self, char *err, size_t cap)
{
    struct store_partie *out = &self->out;
    int counts[2][CODEC_FAULTS], fault = -1, status;
    memset(self, 0, sizeof *self);
    out->forfeit = -1;
    if (!cJSON_IsObject(record)) {
        snprintf(err, cap, "a partie record must be a JSON object");
        return CHECK_BAD_RECORD;
    }
    if (read_fields(record, err, cap) < 0 || read_identity(record, self, err, cap) < 0 ||
        read_players(record, out, err, cap) < 0 || read_outcome(record, out, &fault, err, cap) < 0 ||
        read_timings(record, err, cap) < 0)
        return CHECK_BAD_RECORD;
    if ((status = read_faults(record, self, counts, err, cap)) != CHECK_OK ||
        (status = read_shape(record, out, err, cap)) != CHECK_OK ||
        (status = judge_score(record, err, cap)) != CHECK_OK)
        return status;
    int played = cJSON_GetArraySize(field(record, "deals")) > 0 || field(record, "unfinished_deal");
    if (check_fault_counts(counts, out->forfeit, fault, played, err, cap) < 0) return CHECK_NOT_GENUINE;
    out->faults[0] = self->faults[0];
    out->faults[1] = self->faults[1];
    if (!(self->record = cJSON_PrintUnformatted(record))) {
        snprintf(err, cap, "out of memory");
        return CHECK_NO_MEMORY;
    }
    out->record = self->record;
    return CHECK_OK;
}

void check_release(struct check_partie *self)
{
    cJSON_free(self->faults[0]);
    cJSON_free(self->faults[1]);
    cJSON_free(self->record);
    memset(self, 0, sizeof *self);
}

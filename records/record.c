/* record.c - partie records: written from a struct record_play (what a
 * referee holds of a finished partie), and read back into a struct
 * record_partie (record.h).
 *
 * Writing: every node is attached to its parent as soon as it is made;
 * only the root is freed. Reading: everything is untrusted input (a
 * journal on disk, a record posted to the leaderboard); each field is
 * read by one function here that checks its type and range before its
 * value is used, and every message names the field by its path.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "records/record.h"
#include "engine/rng.h"

cJSON *record_deal(const struct pq_deal *d)
{
    char deck[96];
    cJSON *record = cJSON_CreateObject();
    if (!record) return NULL;
    pq_deck_format(d->deck, deck);
    cJSON_AddStringToObject(record, "deck", deck);
    cJSON *actions = cJSON_AddArrayToObject(record, "actions");
    for (int i = 0; actions && i < d->n_history; i++) {
        char text[PQ_ACTION_TEXT_MAX];
        pq_action_format(&d->history[i], text, sizeof text);
        cJSON_AddItemToArray(actions, cJSON_CreateString(text));
    }
    return record;
}

static void per_player_number(cJSON *parent, const char *key, double a, double b)
{
    cJSON *o = cJSON_AddObjectToObject(parent, key);
    cJSON_AddNumberToObject(o, "A", a);
    cJSON_AddNumberToObject(o, "B", b);
}

cJSON *record_write(const struct record_play *play)
{
    static const char *const players[] = { "A", "B" };
    cJSON *root = cJSON_CreateObject();
    if (!root) return NULL;
    cJSON_AddStringToObject(root, "type", "partie");
    cJSON_AddNumberToObject(root, "id", (double)play->id);
    char seed_text[24];
    snprintf(seed_text, sizeof seed_text, "%llu", (unsigned long long)play->seed);
    cJSON_AddStringToObject(root, "seed", seed_text);   /* exact: a JSON number is a double */
    cJSON_AddStringToObject(root, "first_dealer", players[play->first_dealer]);
    cJSON *names = cJSON_AddObjectToObject(root, "players");
    cJSON_AddStringToObject(names, "A", play->names[0]);
    cJSON_AddStringToObject(names, "B", play->names[1]);
    cJSON *rules = cJSON_AddObjectToObject(root, "rules");
    for (int i = 0; pq_rules_names[i]; i++) {
        char buf[16];
        cJSON_AddStringToObject(rules, pq_rules_names[i], pq_rules_get(play->rules, pq_rules_names[i], buf));
    }
    cJSON *deals = cJSON_AddArrayToObject(root, "deals");
    for (int i = 0; i < play->n_deals; i++) cJSON_AddItemToArray(deals, record_deal(&play->deals[i]));
    if (play->unfinished) cJSON_AddItemToObject(root, "unfinished_deal", record_deal(play->unfinished));
    per_player_number(root, "totals", play->totals[0], play->totals[1]);
    if (play->winner < 0) cJSON_AddNullToObject(root, "winner");
    else cJSON_AddStringToObject(root, "winner", players[play->winner]);
    cJSON_AddNumberToObject(root, "settlement", play->settlement);
    if (play->forfeit_player >= 0) {
        cJSON *f = cJSON_AddObjectToObject(root, "forfeit");
        cJSON_AddStringToObject(f, "player", players[play->forfeit_player]);
        cJSON_AddStringToObject(f, "fault", codec_fault_name(play->forfeit_fault));
        cJSON_AddStringToObject(f, "message", play->forfeit_message);
    } else {
        cJSON_AddNullToObject(root, "forfeit");
    }
    cJSON *faults = cJSON_AddObjectToObject(root, "faults");
    for (int p = 0; p < 2; p++) {
        cJSON *o = cJSON_AddObjectToObject(faults, players[p]);
        for (int f = 0; f < CODEC_FAULTS; f++) cJSON_AddNumberToObject(o, codec_fault_name(f), play->faults[p][f]);
    }
    per_player_number(root, "decisions", (double)play->decisions[0], (double)play->decisions[1]);
    per_player_number(root, "think_ms", (double)play->think_ms[0], (double)play->think_ms[1]);
    return root;
}

int record_new_run_id(char out[RECORD_RUN_ID_LEN + 1])
{
    unsigned char bytes[RECORD_RUN_ID_LEN / 2];
    size_t got = 0;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    while (fd >= 0 && got < sizeof bytes) {
        ssize_t n = read(fd, bytes + got, sizeof bytes - got);
        if (n <= 0) break;
        got += (size_t)n;
    }
    if (fd >= 0) close(fd);
    if (got < sizeof bytes) return -1;
    for (size_t i = 0; i < sizeof bytes; i++) snprintf(out + 2 * i, 3, "%02x", bytes[i]);
    return 0;
}

bool record_run_id_ok(const char *text)
{
    if (!text || strlen(text) != RECORD_RUN_ID_LEN) return false;
    for (const char *c = text; *c; c++)
        if (!((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f'))) return false;
    return true;
}

void record_run_of_seed(uint64_t seed, char out[RECORD_RUN_ID_LEN + 1])
{
    snprintf(out, RECORD_RUN_ID_LEN + 1, "%016llx", (unsigned long long)pq_rng_mix(seed, 0x72756e));   /* "run" */
}

int record_seed_parse(const char *text, uint64_t *out)
{
    if (!text || !*text || strlen(text) > 20) return -1;
    for (const char *c = text; *c; c++)
        if (*c < '0' || *c > '9') return -1;
    errno = 0;
    unsigned long long v = strtoull(text, NULL, 10);
    if (errno) return -1;
    *out = v;
    return 0;
}

int record_seed(const cJSON *item, uint64_t *out)
{
    if (cJSON_IsNumber(item)) {
        /* Older journals wrote the seed as a number (a double). */
        if (!(item->valuedouble >= 0 && item->valuedouble < 18446744073709551616.0)) return -1;
        *out = (uint64_t)item->valuedouble;
        return 0;
    }
    return record_seed_parse(cJSON_GetStringValue(item), out);
}

/* ---- reading ------------------------------------------------------------ */

static const char *const players[] = { "A", "B", NULL };

/* The fields of a partie record, and those of them that may be absent:
 * "run" and "pair" (see record.h) and "unfinished_deal". */
static const char *const record_fields[] = { "type", "run", "id", "seed", "first_dealer", "players", "rules",
                                             "deals", "unfinished_deal", "totals", "winner", "settlement",
                                             "forfeit", "faults", "decisions", "think_ms", "pair", NULL };
static const char *const optional_fields[] = { "run", "unfinished_deal", "pair", NULL };
static const char *const deal_fields[] = { "deck", "actions", NULL };
static const char *const forfeit_fields[] = { "player", "fault", "message", NULL };
static const char disqualified[] = "disqualified";

__attribute__((format(printf, 3, 4))) static int fail(char *err, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
    return -1;
}

static const cJSON *field(const cJSON *o, const char *name)
{
    return cJSON_GetObjectItemCaseSensitive(o, name);
}

static bool listed(const char *const list[], const char *name)
{
    for (int i = 0; list[i]; i++)
        if (!strcmp(list[i], name)) return true;
    return false;
}

/* "where.key", or "key" at the top. */
static const char *path(const char *where, const char *key, char buf[96])
{
    snprintf(buf, 96, "%s%s%.40s", where, *where ? "." : "", key);
    return buf;
}

/* `o` is an object whose every key is in known[], none given twice. `where`
 * is its path ("" for the record itself). */
static int only_known(const cJSON *o, const char *const known[], const char *where, char *err, size_t cap)
{
    char at[96];
    if (!cJSON_IsObject(o)) return fail(err, cap, "\"%s\" must be an object", where);
    for (const cJSON *a = o->child; a; a = a->next)
        if (!listed(known, a->string)) return fail(err, cap, "unknown field \"%s\"", path(where, a->string, at));
    /* Known keys only now, so a repeat is found within a few steps. */
    for (const cJSON *a = o->child; a; a = a->next)
        for (const cJSON *b = a->next; b; b = b->next)
            if (!strcmp(a->string, b->string))
                return fail(err, cap, "field \"%s\" given twice", path(where, a->string, at));
    return 0;
}

/* A JSON number that is an integer in [lo, hi]. */
static int integer(const cJSON *item, double lo, double hi, int64_t *out)
{
    if (!cJSON_IsNumber(item)) return -1;
    double v = item->valuedouble;
    if (!isfinite(v) || v != floor(v) || v < lo || v > hi) return -1;
    *out = (int64_t)v;
    return 0;
}

/* "A" or "B" as a player, or -1. */
static int player_of(const cJSON *item)
{
    const char *s = cJSON_GetStringValue(item);
    if (!s) return -1;
    if (!strcmp(s, "A")) return PQ_PLAYER_A;
    if (!strcmp(s, "B")) return PQ_PLAYER_B;
    return -1;
}

/* {"A": integer, "B": integer}, each in [lo, hi]. */
static int per_player(const cJSON *record, const char *name, double lo, double hi, int64_t out[2], char *err,
                      size_t cap)
{
    if (only_known(field(record, name), players, name, err, cap) < 0) return -1;
    for (int p = 0; p < 2; p++)
        if (integer(field(field(record, name), players[p]), lo, hi, &out[p]) < 0)
            return fail(err, cap, "\"%s.%s\" must be an integer from %.0f to %.0f", name, players[p], lo, hi);
    return 0;
}

int record_read_rules(const cJSON *json, struct pq_rules *rules, char *err, size_t cap)
{
    const cJSON *flag;
    if (!json || cJSON_IsNull(json)) return 0;
    if (only_known(json, pq_rules_names, "rules", err, cap) < 0) return -1;
    cJSON_ArrayForEach(flag, json) {
        char value[32], why[128];
        if (cJSON_IsString(flag)) snprintf(value, sizeof value, "%.31s", flag->valuestring);
        else if (cJSON_IsBool(flag)) snprintf(value, sizeof value, "%s", cJSON_IsTrue(flag) ? "true" : "false");
        else if (cJSON_IsNumber(flag)) snprintf(value, sizeof value, "%g", flag->valuedouble);
        else return fail(err, cap, "rules.%.40s must be a string, number or boolean", flag->string);
        if (pq_rules_set(rules, flag->string, value, why, (int)sizeof why) < 0) return fail(err, cap, "rules: %s", why);
    }
    return 0;
}

int record_read_deal(const cJSON *json, const char *where, struct record_deal *out, char *err, size_t cap)
{
    char at[96], why[96];
    const cJSON *actions = field(json, "actions"), *item;
    const char *deck = cJSON_GetStringValue(field(json, "deck"));
    memset(out, 0, sizeof *out);
    if (!cJSON_IsObject(json)) {
        if (*where) return fail(err, cap, "\"%s\" must be a deal record {\"deck\", \"actions\"}", where);
        return fail(err, cap, "a deal record must be an object with \"deck\" and \"actions\"");
    }
    if (!deck) return fail(err, cap, "\"%s\" must be a string of 32 cards", path(where, "deck", at));
    if (pq_deck_parse(deck, out->deck, why, (int)sizeof why) < 0)
        return fail(err, cap, "\"%s\": %s", path(where, "deck", at), why);
    if (!cJSON_IsArray(actions))
        return fail(err, cap, "\"%s\" must be an array of strings", path(where, "actions", at));
    cJSON_ArrayForEach(item, actions) {
        if (!cJSON_IsString(item))
            return fail(err, cap, "\"%s\" must hold strings only (item %d is not one)", path(where, "actions", at),
                        out->n_actions);
        out->n_actions++;
    }
    out->actions = actions;
    return 0;
}

/* The course; `whole` for a whole partie record, whose deal records hold
 * "deck" and "actions" and nothing else. */
static int read_course(const cJSON *json, bool whole, struct record_partie *out, char *err, size_t cap)
{
    const cJSON *deals = field(json, "deals"), *unfinished = field(json, "unfinished_deal");
    pq_rules_default(&out->rules);
    out->n_deals = 0;
    out->has_unfinished = false;
    if ((out->first_dealer = player_of(field(json, "first_dealer"))) < 0)
        return fail(err, cap, "\"first_dealer\" must be \"A\" or \"B\"");
    if (whole && !cJSON_IsObject(field(json, "rules"))) return fail(err, cap, "\"rules\" must be an object");
    if (record_read_rules(field(json, "rules"), &out->rules, err, cap) < 0) return -1;
    if (!cJSON_IsArray(deals) || cJSON_GetArraySize(deals) > PQ_MAX_DEALS)
        return fail(err, cap, "\"deals\" must be an array of 1 to %d deal records", PQ_MAX_DEALS);
    for (const cJSON *deal = deals->child; deal; deal = deal->next) {
        char where[24];
        snprintf(where, sizeof where, "deals[%d]", out->n_deals);
        if ((whole && only_known(deal, deal_fields, where, err, cap) < 0) ||
            record_read_deal(deal, where, &out->deals[out->n_deals], err, cap) < 0)
            return -1;
        out->n_deals++;
    }
    if (unfinished) {
        if ((whole && only_known(unfinished, deal_fields, "unfinished_deal", err, cap) < 0) ||
            record_read_deal(unfinished, "unfinished_deal", &out->unfinished, err, cap) < 0)
            return -1;
        out->has_unfinished = true;
    }
    return 0;
}

int record_read_course(const cJSON *json, struct record_partie *out, char *err, size_t cap)
{
    return read_course(json, false, out, err, cap);
}

int record_read_faults(const cJSON *json, const char *where, int counts[CODEC_FAULTS], char *err, size_t cap)
{
    const char *kinds[CODEC_FAULTS + 1] = { NULL };
    for (int f = 0; f < CODEC_FAULTS; f++) kinds[f] = codec_fault_name(f);
    if (only_known(json, kinds, where, err, cap) < 0) return -1;
    for (int f = 0; f < CODEC_FAULTS; f++) {
        int64_t v;
        const cJSON *count = field(json, kinds[f]);
        if (!count) return fail(err, cap, "\"%s.%s\" is missing", where, kinds[f]);
        if (integer(count, 0, 1e6, &v) < 0)
            return fail(err, cap, "\"%s.%s\" must be an integer from 0 to 1000000", where, kinds[f]);
        counts[f] = (int)v;
    }
    return 0;
}

/* "type", "run", "id" and "seed". */
static int read_identity(const cJSON *json, struct record_partie *out, char *err, size_t cap)
{
    const cJSON *run = field(json, "run");
    int64_t id;
    const char *type = cJSON_GetStringValue(field(json, "type"));
    if (!type || strcmp(type, "partie")) return fail(err, cap, "\"type\" must be \"partie\"");
    if (run && !record_run_id_ok(cJSON_GetStringValue(run)))
        return fail(err, cap, "\"run\" must be %d lowercase hex digits", RECORD_RUN_ID_LEN);
    out->run = run ? run->valuestring : NULL;
    if (integer(field(json, "id"), 0, 9007199254740991.0, &id) < 0)
        return fail(err, cap, "\"id\" must be an integer from 0");
    out->id = (uint64_t)id;
    if (record_seed(field(json, "seed"), &out->seed) < 0)
        return fail(err, cap, "\"seed\" must be a decimal string of a 64-bit number");
    return 0;
}

/* "players": two names, not empty, not the same. */
static int read_players(const cJSON *json, struct record_partie *out, char *err, size_t cap)
{
    if (only_known(field(json, "players"), players, "players", err, cap) < 0) return -1;
    for (int p = 0; p < 2; p++) {
        const char *name = cJSON_GetStringValue(field(field(json, "players"), players[p]));
        if (!name) return fail(err, cap, "players.%s must be a string", players[p]);
        if (!*name) return fail(err, cap, "players.%s is empty", players[p]);
        out->players[p] = name;
    }
    if (!strcmp(out->players[0], out->players[1])) return fail(err, cap, "a bot cannot play itself");
    return 0;
}

/* "forfeit": null, or {"player", "fault", "message"}. */
static int read_forfeit(const cJSON *json, struct record_partie *out, char *err, size_t cap)
{
    const cJSON *forfeit = field(json, "forfeit");
    out->forfeit.player = out->forfeit.fault = -1;
    out->forfeit.message = NULL;
    if (cJSON_IsNull(forfeit)) return 0;
    if (only_known(forfeit, forfeit_fields, "forfeit", err, cap) < 0) return -1;
    if ((out->forfeit.player = player_of(field(forfeit, "player"))) < 0)
        return fail(err, cap, "\"forfeit.player\" must be \"A\" or \"B\"");
    const char *name = cJSON_GetStringValue(field(forfeit, "fault"));
    for (int f = 0; name && f < CODEC_FAULTS; f++)
        if (!strcmp(name, codec_fault_name(f))) out->forfeit.fault = f;
    if (name && !strcmp(name, disqualified)) out->forfeit.fault = RECORD_FAULT_DISQUALIFIED;
    if (out->forfeit.fault < 0)
        return fail(err, cap, "\"forfeit.fault\" must be \"%s\", \"%s\", \"%s\", \"%s\" or \"%s\"",
                    codec_fault_name(0), codec_fault_name(1), codec_fault_name(2), codec_fault_name(3), disqualified);
    const char *message = cJSON_GetStringValue(field(forfeit, "message"));
    if (!message || strlen(message) >= CODEC_MESSAGE_MAX)
        return fail(err, cap, "\"forfeit.message\" must be a string of at most %d bytes", CODEC_MESSAGE_MAX - 1);
    out->forfeit.message = message;
    return 0;
}
_Static_assert(CODEC_FAULTS == 4, "read_forfeit names every fault");

/* "totals", "winner", "settlement" and "forfeit". */
static int read_outcome(const cJSON *json, struct record_partie *out, char *err, size_t cap)
{
    int64_t totals[2], settlement;
    if (per_player(json, "totals", 0, 100000, totals, err, cap) < 0) return -1;
    out->totals[0] = (int)totals[0];
    out->totals[1] = (int)totals[1];
    const cJSON *winner = field(json, "winner");
    if ((out->winner = player_of(winner)) < 0 && !cJSON_IsNull(winner))
        return fail(err, cap, "\"winner\" must be \"A\", \"B\" or null");
    if (integer(field(json, "settlement"), 0, 1000000, &settlement) < 0)
        return fail(err, cap, "\"settlement\" must be an integer from 0 to 1000000");
    out->settlement = (int)settlement;
    return read_forfeit(json, out, err, cap);
}

/* "first_dealer", "rules", "deals" and "unfinished_deal": 1 to 8 deals,
 * or none for a forfeit, which alone may leave a deal unfinished. */
static int read_deals(const cJSON *json, struct record_partie *out, char *err, size_t cap)
{
    bool forfeit = out->forfeit.player >= 0;
    if (read_course(json, true, out, err, cap) < 0) return -1;
    if (out->n_deals < 1 && !forfeit)
        return fail(err, cap, "\"deals\" must be an array of 1 to %d deal records (0 with a forfeit)", PQ_MAX_DEALS);
    if (out->has_unfinished && !forfeit) return fail(err, cap, "\"unfinished_deal\" without a forfeit");
    return 0;
}

/* "faults", "decisions", "think_ms" and "pair". */
static int read_counts(const cJSON *json, struct record_partie *out, char *err, size_t cap)
{
    const cJSON *faults = field(json, "faults"), *pair = field(json, "pair");
    int64_t v;
    if (only_known(faults, players, "faults", err, cap) < 0) return -1;
    for (int p = 0; p < 2; p++) {
        char where[16];
        snprintf(where, sizeof where, "faults.%s", players[p]);
        if (record_read_faults(field(faults, players[p]), where, out->faults[p], err, cap) < 0) return -1;
    }
    if (per_player(json, "decisions", 0, 1e9, out->decisions, err, cap) < 0 ||
        per_player(json, "think_ms", 0, 9007199254740991.0, out->think_ms, err, cap) < 0)
        return -1;
    out->has_pair = pair != NULL;
    out->pair = 0;
    if (pair) {
        if (integer(pair, 0, 9007199254740991.0, &v) < 0) return fail(err, cap, "\"pair\" must be an integer from 0");
        out->pair = (uint64_t)v;
    }
    return 0;
}

int record_read(const cJSON *json, struct record_partie *out, char *err, size_t cap)
{
    memset(out, 0, sizeof *out);
    if (!cJSON_IsObject(json)) return fail(err, cap, "a partie record must be a JSON object");
    if (only_known(json, record_fields, "", err, cap) < 0) return -1;
    for (int i = 0; record_fields[i]; i++)
        if (!field(json, record_fields[i]) && !listed(optional_fields, record_fields[i]))
            return fail(err, cap, "missing field \"%s\"", record_fields[i]);
    if (read_identity(json, out, err, cap) < 0 || read_players(json, out, err, cap) < 0 ||
        read_outcome(json, out, err, cap) < 0 || read_deals(json, out, err, cap) < 0 ||
        read_counts(json, out, err, cap) < 0)
        return -1;
    return 0;
}

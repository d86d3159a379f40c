/* record.c - partie records from a finished referee (record.h). Every node
 * is attached to its parent as soon as it is made; only the root is freed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "arena/record.h"
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

cJSON *record_partie(const struct referee *ref, uint64_t seed)
{
    static const char *const players[] = { "A", "B" };
    cJSON *root = cJSON_CreateObject();
    if (!root) return NULL;
    cJSON_AddStringToObject(root, "type", "partie");
    cJSON_AddNumberToObject(root, "id", (double)ref->partie_id);
    char seed_text[24];
    snprintf(seed_text, sizeof seed_text, "%llu", (unsigned long long)seed);
    cJSON_AddStringToObject(root, "seed", seed_text);   /* exact: a JSON number is a double */
    cJSON_AddStringToObject(root, "first_dealer", players[ref->partie.first_dealer]);
    cJSON *names = cJSON_AddObjectToObject(root, "players");
    cJSON_AddStringToObject(names, "A", ref->names[0]);
    cJSON_AddStringToObject(names, "B", ref->names[1]);
    cJSON *rules = cJSON_AddObjectToObject(root, "rules");
    for (int i = 0; pq_rules_names[i]; i++) {
        char buf[16];
        cJSON_AddStringToObject(rules, pq_rules_names[i], pq_rules_get(&ref->partie.rules, pq_rules_names[i], buf));
    }
    cJSON *deals = cJSON_AddArrayToObject(root, "deals");
    for (int i = 0; i < ref->n_deals; i++) cJSON_AddItemToArray(deals, record_deal(&ref->deals[i]));
    if (ref->forfeited && !ref->partie.over && ref->partie.deal.n_history > 0)
        cJSON_AddItemToObject(root, "unfinished_deal", record_deal(&ref->partie.deal));
    per_player_number(root, "totals", ref->partie.totals[0], ref->partie.totals[1]);
    if (ref->winner < 0) cJSON_AddNullToObject(root, "winner");
    else cJSON_AddStringToObject(root, "winner", players[ref->winner]);
    cJSON_AddNumberToObject(root, "settlement", ref->settlement);
    if (ref->forfeited) {
        cJSON *f = cJSON_AddObjectToObject(root, "forfeit");
        cJSON_AddStringToObject(f, "player", players[ref->forfeit.player]);
        cJSON_AddStringToObject(f, "fault", codec_fault_name(ref->forfeit.fault));
        cJSON_AddStringToObject(f, "message", ref->forfeit.message);
    } else {
        cJSON_AddNullToObject(root, "forfeit");
    }
    cJSON *faults = cJSON_AddObjectToObject(root, "faults");
    for (int p = 0; p < 2; p++) {
        cJSON *o = cJSON_AddObjectToObject(faults, players[p]);
        for (int f = 0; f < CODEC_FAULTS; f++) cJSON_AddNumberToObject(o, codec_fault_name(f), ref->faults[p][f]);
    }
    per_player_number(root, "decisions", ref->decisions[0], ref->decisions[1]);
    per_player_number(root, "think_ms", (double)ref->think_ms[0], (double)ref->think_ms[1]);
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

int record_seed(const cJSON *item, uint64_t *out)
{
    if (cJSON_IsNumber(item)) {
        /* Older journals wrote the seed as a number (a double). */
        if (!(item->valuedouble >= 0 && item->valuedouble < 18446744073709551616.0)) return -1;
        *out = (uint64_t)item->valuedouble;
        return 0;
    }
    const char *text = cJSON_GetStringValue(item);
    if (!text || !*text || strlen(text) > 20) return -1;
    for (const char *c = text; *c; c++)
        if (*c < '0' || *c > '9') return -1;
    errno = 0;
    unsigned long long v = strtoull(text, NULL, 10);
    if (errno) return -1;
    *out = v;
    return 0;
}

/* tally.c - the counts of tally.h. Pairings are kept for every pair of
 * bots (a < b) in a fixed order, so the JSON and the crosstable list them
 * the same way whatever order the parties finished in.
 */
#include <stdlib.h>
#include <string.h>
#include "arena/tournament/tally.h"

int tally_init(struct tally *self, const char *const *names, int n)
{
    memset(self, 0, sizeof *self);
    self->bots = calloc((size_t)(n > 0 ? n : 1), sizeof *self->bots);
    self->pairings = calloc((size_t)(n > 1 ? n * (n - 1) / 2 : 1), sizeof *self->pairings);
    if (!self->bots || !self->pairings) {
        tally_release(self);
        return -1;
    }
    self->n_bots = n;
    for (int i = 0; i < n; i++) snprintf(self->bots[i].name, sizeof self->bots[i].name, "%s", names[i]);
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            struct tally_pairing *p = &self->pairings[self->n_pairings++];
            p->a = a;
            p->b = b;
        }
    return 0;
}

void tally_release(struct tally *self)
{
    free(self->bots);
    free(self->pairings);
    memset(self, 0, sizeof *self);
}

static int bot_index(const struct tally *self, const char *name)
{
    for (int i = 0; name && i < self->n_bots; i++)
        if (!strcmp(self->bots[i].name, name)) return i;
    return -1;
}

static struct tally_pairing *pairing_of(struct tally *self, int a, int b)
{
    for (int i = 0; i < self->n_pairings; i++)
        if (self->pairings[i].a == a && self->pairings[i].b == b) return &self->pairings[i];
    return NULL;
}

int tally_add(struct tally *self, const struct record_partie *rec, char *err, size_t cap)
{
    int seat[2] = { bot_index(self, rec->players[0]), bot_index(self, rec->players[1]) };
    if (seat[0] < 0 || seat[1] < 0 || seat[0] == seat[1]) {
        snprintf(err, cap, "not a partie between two bots of this tournament");
        return -1;
    }
    int won = rec->winner;
    long points = rec->settlement;
    for (int p = 0; p < 2; p++) {
        struct tally_bot *bot = &self->bots[seat[p]];
        bot->parties++;
        if (won < 0) bot->draws++;
        else if (won == p) bot->wins++;
        else bot->losses++;
        bot->settlement += won < 0 ? 0 : won == p ? points : -points;
        for (int f = 0; f < CODEC_FAULTS; f++) bot->faults[f] += rec->faults[p][f];
    }
    if (rec->forfeit.player >= 0) self->bots[seat[rec->forfeit.player]].forfeits++;
    int lo = seat[0] < seat[1] ? 0 : 1;
    struct tally_pairing *pairing = pairing_of(self, seat[lo], seat[1 - lo]);
    pairing->parties++;
    if (won < 0) pairing->draws++;
    else if (won == lo) pairing->wins_a++;
    else pairing->wins_b++;
    pairing->settlement_a += won < 0 ? 0 : won == lo ? points : -points;
    return 0;
}

int tally_add_match(struct tally *self, const struct game_record *rec, char *err, size_t cap)
{
    int bot[GAME_MAX_PLAYERS], first[GAME_MAX_PLAYERS];
    int n = rec->players;
    /* Each bot once, at its first seat: a side's players share points. */
    for (int p = 0; p < n; p++) {
        bot[p] = bot_index(self, rec->names[p]);
        if (bot[p] < 0) {
            snprintf(err, cap, "a match naming '%.40s', who is not a bot of this tournament", rec->names[p]);
            return -1;
        }
        first[p] = 1;
        for (int q = 0; q < p; q++)
            if (bot[q] == bot[p]) first[p] = 0;
    }
    for (int p = 0; p < n; p++) {
        struct tally_bot *b = &self->bots[bot[p]];
        for (int f = 0; f < CODEC_FAULTS; f++) b->faults[f] += rec->faults[p][f];
        if (!first[p]) continue;
        b->parties++;
        if (rec->winner < 0) b->draws++;
        else if (bot[rec->winner] == bot[p]) b->wins++;
        else b->losses++;
        b->settlement += rec->points[p];
    }
    if (rec->forfeit_player >= 0) self->bots[bot[rec->forfeit_player]].forfeits++;
    /* Every two bots at the table: who scored more, and by how much
     * (two entrants: the winner's settlement, as for Piquet). */
    int entrants = 0;
    for (int p = 0; p < n; p++) entrants += first[p];
    for (int p = 0; p < n; p++)
        for (int q = 0; q < n; q++) {
            if (!first[p] || !first[q] || bot[p] >= bot[q]) continue;
            struct tally_pairing *pairing = pairing_of(self, bot[p], bot[q]);
            long diff = rec->points[p] - rec->points[q];
            pairing->parties++;
            if (diff > 0) pairing->wins_a++;
            else if (diff < 0) pairing->wins_b++;
            else pairing->draws++;
            pairing->settlement_a += entrants == 2 ? rec->points[p] : diff;
        }
    return 0;
}

double tally_score_pct(const struct tally *self, int i)
{
    const struct tally_bot *b = &self->bots[i];
    return b->parties ? 100.0 * (b->wins + 0.5 * b->draws) / b->parties : 0;
}

int tally_leader(const struct tally *self)
{
    int best = -1;
    for (int i = 0; i < self->n_bots; i++) {
        if (!self->bots[i].parties) continue;
        if (best < 0) {
            best = i;
            continue;
        }
        double s = tally_score_pct(self, i), t = tally_score_pct(self, best);
        if (s > t || (s == t && self->bots[i].settlement > self->bots[best].settlement)) best = i;
    }
    return best;
}

static double pct(int wins, int draws, int parties)
{
    return parties ? 100.0 * (wins + 0.5 * draws) / parties : 0;
}

cJSON *tally_json(const struct tally *self)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *bots = cJSON_AddArrayToObject(root, "bots");
    cJSON *pairings = cJSON_AddArrayToObject(root, "pairings");
    if (!bots || !pairings) goto oom;
    for (int i = 0; i < self->n_bots; i++) {
        const struct tally_bot *b = &self->bots[i];
        cJSON *o = cJSON_CreateObject();
        if (!cJSON_AddItemToArray(bots, o)) goto oom;
        cJSON_AddStringToObject(o, "name", b->name);
        cJSON_AddNumberToObject(o, "parties", b->parties);
        cJSON_AddNumberToObject(o, "wins", b->wins);
        cJSON_AddNumberToObject(o, "draws", b->draws);
        cJSON_AddNumberToObject(o, "losses", b->losses);
        cJSON_AddNumberToObject(o, "score_pct", tally_score_pct(self, i));
        cJSON_AddNumberToObject(o, "settlement", (double)b->settlement);
        cJSON *f = cJSON_AddObjectToObject(o, "faults");
        if (!f) goto oom;
        for (int k = 0; k < CODEC_FAULTS; k++) cJSON_AddNumberToObject(f, codec_fault_name(k), b->faults[k]);
        cJSON_AddNumberToObject(o, "forfeits", b->forfeits);
        cJSON_AddBoolToObject(o, "disqualified", b->disqualified);
    }
    for (int i = 0; i < self->n_pairings; i++) {
        const struct tally_pairing *p = &self->pairings[i];
        cJSON *o = cJSON_CreateObject();
        if (!cJSON_AddItemToArray(pairings, o)) goto oom;
        const char *names[2] = { self->bots[p->a].name, self->bots[p->b].name };
        int wins[2] = { p->wins_a, p->wins_b };
        double scores[2] = { pct(p->wins_a, p->draws, p->parties), pct(p->wins_b, p->draws, p->parties) };
        double points[2] = { (double)p->settlement_a, (double)-p->settlement_a };
        cJSON_AddItemToObject(o, "bots", cJSON_CreateStringArray(names, 2));
        cJSON_AddNumberToObject(o, "parties", p->parties);
        cJSON_AddItemToObject(o, "wins", cJSON_CreateIntArray(wins, 2));
        cJSON_AddNumberToObject(o, "draws", p->draws);
        cJSON_AddItemToObject(o, "score_pct", cJSON_CreateDoubleArray(scores, 2));
        cJSON_AddItemToObject(o, "settlement", cJSON_CreateDoubleArray(points, 2));
    }
    return root;
oom:
    cJSON_Delete(root);
    return NULL;
}

/* A CSV field: quoted when it holds a comma, quote or line break. */
static int csv_field(FILE *out, const char *text)
{
    if (!strpbrk(text, ",\"\r\n")) return fputs(text, out) < 0 ? -1 : 0;
    if (fputc('"', out) == EOF) return -1;
    for (const char *c = text; *c; c++)
        if ((*c == '"' && fputc('"', out) == EOF) || fputc(*c, out) == EOF) return -1;
    return fputc('"', out) == EOF ? -1 : 0;
}

int tally_print_csv(const struct tally *self, FILE *out)
{
    int bad = fputs("bot,parties,wins,draws,losses,score_pct,settlement", out) < 0;
    for (int k = 0; k < CODEC_FAULTS; k++) bad |= fprintf(out, ",%s", codec_fault_name(k)) < 0;
    bad |= fputs(",forfeits,disqualified\n", out) < 0;
    for (int i = 0; i < self->n_bots; i++) {
        const struct tally_bot *b = &self->bots[i];
        bad |= csv_field(out, b->name) < 0;
        bad |= fprintf(out, ",%d,%d,%d,%d,%.1f,%ld", b->parties, b->wins, b->draws, b->losses,
                       tally_score_pct(self, i), b->settlement) < 0;
        for (int k = 0; k < CODEC_FAULTS; k++) bad |= fprintf(out, ",%d", b->faults[k]) < 0;
        bad |= fprintf(out, ",%d,%s\n", b->forfeits, b->disqualified ? "yes" : "no") < 0;
    }
    return bad ? -1 : 0;
}

int tally_print_crosstable(const struct tally *self, FILE *out)
{
    int width = 4, bad = 0;
    for (int i = 0; i < self->n_bots; i++) {
        int len = (int)strlen(self->bots[i].name);
        if (len > width) width = len > 24 ? 24 : len;
    }
    bad |= fprintf(out, "crosstable: the row bot's score %% against the column bot (parties)\n%-*s", width, "") < 0;
    for (int j = 0; j < self->n_bots; j++) bad |= fprintf(out, "  %12.12s", self->bots[j].name) < 0;
    bad |= fputc('\n', out) == EOF;
    for (int i = 0; i < self->n_bots; i++) {
        bad |= fprintf(out, "%-*.*s", width, width, self->bots[i].name) < 0;
        for (int j = 0; j < self->n_bots; j++) {
            char cell[32] = "           -";
            if (i != j) {
                const struct tally_pairing *p = pairing_of((struct tally *)self, i < j ? i : j, i < j ? j : i);
                int wins = i < j ? p->wins_a : p->wins_b;
                if (p->parties) snprintf(cell, sizeof cell, "%5.1f (%4d)", pct(wins, p->draws, p->parties), p->parties);
                else snprintf(cell, sizeof cell, "%12s", "");
            }
            bad |= fprintf(out, "  %12s", cell) < 0;
        }
        bad |= fputc('\n', out) == EOF;
    }
    return bad ? -1 : 0;
}

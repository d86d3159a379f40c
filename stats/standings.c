/* standings.c - the per-bot report of a rating fit (see standings.h).
 *
 * The order is decided once in standings_init(); the three forms only read
 * it, so text, CSV and JSON always agree. Text and CSV are laid out through
 * stats/table.h, which keeps users' bot names from reaching a terminal raw
 * and quotes them for CSV. The standings borrow the ratings and own only
 * their three arrays.
 */
#include "stats/standings.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "stats/table.h"

#define NAME_COLUMNS 40
#define Z95 1.959963984540054

bool standings_provisional(const struct standings *self, int i)
{
    const struct ratings *r = self->ratings;
    return r->matches[i] < self->min_matches ||
           (self->min_matches > 0 && r->clusters_of[i] < STANDINGS_MIN_CLUSTERS);
}

/* Where bot i goes (standings.h), and its place among the sub-sections of
 * the provisional and apart ones. */
static enum standings_section section_of(const struct standings *self, int i, int *sub)
{
    enum ratings_status st = self->ratings->status[i];
    *sub = 0;
    if (st == RATINGS_NO_GAMES) {
        *sub = 1;
        return STANDINGS_APART;
    }
    if (standings_provisional(self, i)) {
        *sub = st == RATINGS_ALL_WINS ? 0 : st == RATINGS_RATED ? 1 : st == RATINGS_SEPARATED ? 2 : 3;
        return STANDINGS_PROVISIONAL;
    }
    switch (st) {
    case RATINGS_ALL_WINS: return STANDINGS_ABOVE;
    case RATINGS_RATED: return STANDINGS_RANKED;
    case RATINGS_ALL_LOSSES:
        *sub = 1; /* below the separated bots, which won something */
        return STANDINGS_BELOW;
    case RATINGS_SEPARATED:
        if (self->ratings->beyond[i] > 0) {
            *sub = 1; /* below the all-wins bots, which lost nothing */
            return STANDINGS_ABOVE;
        }
        return self->ratings->beyond[i] < 0 ? STANDINGS_BELOW : STANDINGS_APART;
    default: return STANDINGS_APART;
    }
}

/* How bots i and j compare: negative when i comes first, by section, then
 * by group and rating down among rated bots, by score among separated ones;
 * 0 when none of these tells them apart. */
static int compare(const struct standings *self, int i, int j)
{
    const struct ratings *r = self->ratings;
    int si, sj;
    enum standings_section a = section_of(self, i, &si), b = section_of(self, j, &sj);
    if (a != b) return a < b ? -1 : 1;
    if (si != sj) return si < sj ? -1 : 1;
    if (r->status[i] == RATINGS_SEPARATED && r->status[j] == RATINGS_SEPARATED) {
        double x = r->score[i] * r->parties[j], y = r->score[j] * r->parties[i]; /* the better score first */
        return x > y ? -1 : x < y ? 1 : 0;
    }
    if (r->status[i] != RATINGS_RATED || r->status[j] != RATINGS_RATED) return 0;
    if (a == STANDINGS_RANKED && r->group[i] != r->group[j]) return r->group[i] < r->group[j] ? -1 : 1;
    return r->rating[i] > r->rating[j] ? -1 : r->rating[i] < r->rating[j] ? 1 : 0;
}

/* Whether bot i comes before bot j: as compare() says, and bots it cannot
 * tell apart by name, so that the order never depends on the order the
 * bots were met in (the arena's journal and the leaderboard's database
 * list them differently, and must print the same standings). */
static bool before(const struct standings *self, int i, int j)
{
    int c = compare(self, i, j);
    return c ? c < 0 : strcmp(self->ratings->names[i], self->ratings->names[j]) < 0;
}

int standings_init(struct standings *self, const struct ratings *ratings,
                   const struct standings_options *options)
{
    int n = ratings->n_bots;
    size_t count = (size_t)n + 1;
    *self = (struct standings){ .ratings = ratings,
                                .min_matches = options ? options->min_matches : STANDINGS_MIN_MATCHES };
    self->order = malloc(sizeof(int) * count);
    self->rank = malloc(sizeof(int) * count);
    self->below = malloc(sizeof(int) * count);
    self->section = malloc(sizeof *self->section * count);
    self->interval_ok = malloc(sizeof *self->interval_ok * count);
    if (!self->order || !self->rank || !self->below || !self->section || !self->interval_ok) {
        standings_release(self);
        return -1;
    }
    /* An insertion sort: stable, and n is a number of bots. */
    for (int i = 0; i < n; i++) {
        int sub;
        self->rank[i] = 0;
        self->below[i] = -1;
        self->section[i] = section_of(self, i, &sub);
        self->interval_ok[i] = ratings->status[i] == RATINGS_RATED && ratings->robust &&
                               ratings->clusters_of[i] >= STANDINGS_MIN_CLUSTERS;
        if (self->section[i] == STANDINGS_RANKED) self->n_ranked++;
        int k = i;
        while (k > 0 && before(self, i, self->order[k - 1])) {
            self->order[k] = self->order[k - 1];
            k--;
        }
        self->order[k] = i;
    }
    /* Ranks: 1 + the ranked bots above in the group, shared by ties. */
    int prev = -1, place = 0;
    for (int k = 0; k < n; k++) {
        int i = self->order[k];
        if (self->section[i] != STANDINGS_RANKED) continue;
        bool same = prev >= 0 && ratings->group[prev] == ratings->group[i];
        place = same ? place + 1 : 1;
        if (same && ratings->rating[prev] - ratings->rating[i] < STANDINGS_TIE)
            self->rank[i] = self->rank[prev];
        else
            self->rank[i] = place;
        if (same) self->below[prev] = i;
        prev = i;
    }
    return 0;
}

void standings_release(struct standings *self)
{
    free(self->order);
    free(self->rank);
    free(self->below);
    free(self->section);
    free(self->interval_ok);
    *self = (struct standings){ 0 };
}

static double score_pct(const struct ratings *r, int i)
{
    return 100.0 * r->score[i] / r->parties[i];
}

/* Every partie counted once (the per-bot counts see each twice). */
static long total_parties(const struct ratings *r)
{
    long twice = 0;
    for (int i = 0; i < r->n_bots; i++) twice += r->parties[i];
    return twice / 2;
}

/* What the note column says of a bot that is not ranked. */
static const char *note_of(const struct standings *self, int i)
{
    switch (self->section[i]) {
    case STANDINGS_RANKED: return "";
    case STANDINGS_PROVISIONAL: return "provisional";
    default: return ratings_status_name(self->ratings->status[i]);
    }
}

/* Every bot in report order. */
static int main_table(const struct standings *self, struct table *t)
{
    const struct ratings *r = self->ratings;
    bool groups = r->n_groups > 1;
    int c = 0, bad = 0;
    int low_w = 0, high_w = 0;
    for (int i = 0; i < r->n_bots; i++) {
        if (!self->interval_ok[i]) continue;
        int lw = snprintf(NULL, 0, "%.1f", r->low[i]);
        int hw = snprintf(NULL, 0, "%.1f", r->high[i]);
        if (lw > low_w) low_w = lw;
        if (hw > high_w) high_w = hw;
    }
    if (table_init(t, groups ? 10 : 9) < 0) return -1;
    bad |= table_column(t, c++, "rank", TABLE_RIGHT, 0);
    if (groups) bad |= table_column(t, c++, "group", TABLE_RIGHT, 0);
    bad |= table_column(t, c++, "bot", TABLE_LEFT, NAME_COLUMNS);
    bad |= table_column(t, c++, "rating", TABLE_RIGHT, 0);
    bad |= table_column(t, c++, "95% interval", TABLE_RIGHT, 0);
    bad |= table_column(t, c++, "+-model", TABLE_RIGHT, 0);
    bad |= table_column(t, c++, "parties", TABLE_RIGHT, 0);
    bad |= table_column(t, c++, "score", TABLE_RIGHT, 0);
    bad |= table_column(t, c++, "LOS next", TABLE_RIGHT, 0);
    bad |= table_column(t, c++, "note", TABLE_LEFT, 0);
    for (int k = 0; k < r->n_bots && !bad; k++) {
        int i = self->order[k], below = self->below[i];
        bool rated = r->status[i] == RATINGS_RATED;
        c = 0;
        bad |= table_add_row(t);
        if (self->rank[i] > 0) bad |= table_setf(t, c, "%d", self->rank[i]);
        else bad |= table_set(t, c, "-");
        c++;
        if (groups) {
            if (rated) bad |= table_setf(t, c, "%d", r->group[i] + 1);
            c++;
        }
        bad |= table_set(t, c++, r->names[i]);
        if (rated) bad |= table_setf(t, c, "%.2f", r->rating[i]);
        else if (r->status[i] == RATINGS_ALL_WINS) bad |= table_set(t, c, "+inf");
        else if (r->status[i] == RATINGS_ALL_LOSSES) bad |= table_set(t, c, "-inf");
        c++;
        if (self->interval_ok[i])
            bad |= table_setf(t, c, "%*.1f..%*.1f", low_w, r->low[i], high_w, r->high[i]);
        else if (rated)
            bad |= table_setf(t, c, "(%d cluster%s)", r->clusters_of[i], r->clusters_of[i] == 1 ? "" : "s");
        c++;
        if (rated) bad |= table_setf(t, c, "%.2f", r->se_model[i]);
        c++;
        bad |= table_setf(t, c++, "%d", r->parties[i]);
        if (r->parties[i] > 0) bad |= table_setf(t, c, "%.1f%%", score_pct(r, i));
        c++;
        if (below >= 0) bad |= table_setf(t, c, "%.1f%%", 100 * r->los[i * r->n_bots + below]);
        c++;
        bad |= table_set(t, c++, note_of(self, i));
    }
    return bad ? -1 : 0;
}

/* Why a bot has no rating, in words a reader can act on. */
static const char *unrated_why(enum ratings_status status)
{
    switch (status) {
    case RATINGS_ALL_WINS: return "all wins: its rating would be +infinity";
    case RATINGS_ALL_LOSSES: return "all losses: its rating would be -infinity";
    case RATINGS_SEPARATED: return "separated: won or lost every partie against some bots";
    case RATINGS_NO_GAMES: return "no parties";
    case RATINGS_RATED: break;
    }
    return ratings_status_name(status);
}

/* The bots that could not be rated: why, and their parties, every one of
 * which the fit left out (a partie counts only between two rated bots). */
static int unrated_table(const struct standings *self, struct table *t)
{
    const struct ratings *r = self->ratings;
    int bad = 0;
    if (table_init(t, 5) < 0) return -1;
    bad |= table_column(t, 0, "bot", TABLE_LEFT, NAME_COLUMNS);
    bad |= table_column(t, 1, "not rated: why", TABLE_LEFT, 0);
    bad |= table_column(t, 2, "parties", TABLE_RIGHT, 0);
    bad |= table_column(t, 3, "left out of the fit", TABLE_RIGHT, 0);
    bad |= table_column(t, 4, "score", TABLE_RIGHT, 0);
    for (int k = 0; k < r->n_bots && !bad; k++) {
        int i = self->order[k];
        if (r->status[i] == RATINGS_RATED) continue;
        bad |= table_add_row(t);
        bad |= table_set(t, 0, r->names[i]);
        bad |= table_set(t, 1, unrated_why(r->status[i]));
        bad |= table_setf(t, 2, "%d", r->parties[i]);
        bad |= table_setf(t, 3, "%d", r->parties[i]);
        if (r->parties[i] > 0) bad |= table_setf(t, 4, "%.1f%%", score_pct(r, i));
    }
    return bad ? -1 : 0;
}

/* The lines under the table: scale, advantage, clusters and pairs. */
static int print_summary(const struct standings *self, FILE *out)
{
    const struct ratings *r = self->ratings;
    int bad = 0;
    if (r->anchor >= 0) {
        bad |= fputs("scale: Elo, ", out) == EOF;
        bad |= table_put_text(out, r->names[r->anchor], 0) < 0;
        bad |= table_printf(out, " fixed at %.2f%s\n", r->rating[r->anchor],
                       r->n_groups > 1 ? " (other groups: mean 0)" : "") < 0;
    } else {
        bad |= fprintf(out, "scale: Elo, mean 0%s\n",
                       r->n_groups > 1 ? " in each group" : "") < 0;
    }
    if (r->n_groups > 1)
        bad |= fprintf(out, "groups: %d; between two groups one side won every partie "
                       "or they never met,\nso ratings compare only within a group\n",
                       r->n_groups) < 0;
    if (r->seats > 2) {
        /* Tables of N seats: one term per seat (sum 0), robust intervals;
         * the model's own errors are too small for comparisons that share
         * a match, and are not shown. */
        bad |= fprintf(out, "seat terms (Elo, sum 0; 95%% interval, clustered by duplicate set):") < 0;
        for (int s = 0; s < r->seats && r->seat; s++)
            bad |= table_printf(out, " %c %+.1f (%.1f..%.1f)%s", 'A' + s, r->seat[s],
                                r->seat[s] - Z95 * r->seat_se_robust[s], r->seat[s] + Z95 * r->seat_se_robust[s],
                                s + 1 < r->seats ? "," : "\n") < 0;
        bad |= fprintf(out, "comparisons: %zu (two seats of one match held by different bots), in %zu duplicate "
                       "sets\n", r->parties_fitted, r->clusters) < 0;
        if (!r->robust && r->parties_fitted > 0)
            bad |= fputs("the intervals are the model's own (fewer than 2 duplicate sets): too small\n", out) == EOF;
        return bad ? -1 : 0;
    }
    switch (r->advantage_status) {
    case RATINGS_ADVANTAGE_FITTED:
        bad |= table_printf(out, "first-dealer advantage: %.2f +- %.2f (model); 95%% interval "
                       "%.1f..%.1f\n", r->advantage, r->advantage_se_model,
                       r->advantage - Z95 * r->advantage_se_robust,
                       r->advantage + Z95 * r->advantage_se_robust) < 0;
        break;
    case RATINGS_ADVANTAGE_OFF:
        bad |= fputs("first-dealer advantage: not fitted (--no-advantage)\n", out) == EOF;
        break;
    case RATINGS_ADVANTAGE_UNIDENTIFIED:
        bad |= fputs("first-dealer advantage: not identifiable (no pairing swapped the "
                     "first dealer); ratings fitted without it\n", out) == EOF;
        break;
    case RATINGS_ADVANTAGE_UNBOUNDED:
        bad |= fputs("first-dealer advantage: no finite value (e.g. the first dealer "
                     "always won); ratings fitted without it\n", out) == EOF;
        break;
    }
    bad |= fprintf(out, "duplicate pairs: %zu (%zu parties rated, in %zu clusters)\n",
                   r->pairs, r->parties_fitted, r->clusters) < 0;
    if (r->pairs > 0)
        bad |= table_printf(out, "duplicate efficiency: rho %.3f, so duplicate play needs "
                       "%.2fx the parties of independent play\n", r->rho, 1 + r->rho) < 0;
    else
        bad |= fputs("duplicate efficiency: no pairs, no rho\n", out) == EOF;
    if (!r->robust && r->parties_fitted > 0)
        bad |= fputs("fewer than 2 clusters: the intervals use the model error\n", out) == EOF;
    return bad ? -1 : 0;
}

/* Bots listed as provisional. */
static int provisional_count(const struct standings *self)
{
    int n = 0;
    for (int i = 0; i < self->ratings->n_bots; i++) n += self->section[i] == STANDINGS_PROVISIONAL;
    return n;
}

int standings_print_text(const struct standings *self, FILE *out)
{
    const struct ratings *r = self->ratings;
    struct table rated = { 0 }, unrated = { 0 };
    int rc = -1, n_rated = 0, n_provisional = provisional_count(self);
    for (int i = 0; i < r->n_bots; i++) n_rated += r->status[i] == RATINGS_RATED;
    if (n_rated == 0 && fprintf(out, "no bot could be rated (%ld parties)\n", total_parties(r)) < 0)
        goto out;
    if (r->n_bots > 0 && (main_table(self, &rated) < 0 || table_print_text(&rated, out, "") < 0))
        goto out;
    if (fprintf(out, "\nranked: %d of %d bots; ", self->n_ranked, r->n_bots) < 0 ||
        (self->min_matches > 0
             ? fprintf(out, "%d provisional (fewer than %d matches or %d clusters), not ranked\n",
                       n_provisional, self->min_matches, STANDINGS_MIN_CLUSTERS)
             : fprintf(out, "no minimum of matches\n")) < 0)
        goto out;
    if (print_summary(self, out) < 0) goto out;
    if (n_rated < r->n_bots) {
        long all = total_parties(r), out_of_fit = all - (long)r->parties_fitted;
        if (fputc('\n', out) == EOF || unrated_table(self, &unrated) < 0 ||
            table_print_text(&unrated, out, "") < 0 ||
            fprintf(out, "left out of the fit: %ld of %ld %s, every one with a bot above: a bot without a finite "
                    "rating would pull the others' to infinity\n", out_of_fit, all, all == 1 ? "partie" : "parties") < 0)
            goto out;
    }
    rc = 0;
out:
    table_release(&rated);
    table_release(&unrated);
    return rc;
}

int standings_print_csv(const struct standings *self, FILE *out)
{
    static const char *const headers[] = {
        "rank", "bot", "status", "group", "rating", "ci_low", "ci_high", "se_model",
        "se_robust", "parties", "score", "score_pct", "los_next", "matches", "clusters",
        "provisional", "interval_ok"
    };
    enum { N = sizeof headers / sizeof headers[0] };
    const struct ratings *r = self->ratings;
    struct table t;
    int bad = 0;
    if (table_init(&t, N) < 0) return -1;
    for (int c = 0; c < N; c++) bad |= table_column(&t, c, headers[c], TABLE_LEFT, 0);
    for (int k = 0; k < r->n_bots && !bad; k++) {
        int i = self->order[k], below = self->below[i];
        bool rated = r->status[i] == RATINGS_RATED;
        bad |= table_add_row(&t);
        bad |= table_set(&t, 1, r->names[i]);
        bad |= table_set(&t, 2, ratings_status_name(r->status[i]));
        bad |= table_setf(&t, 9, "%d", r->parties[i]);
        bad |= table_setf(&t, 10, "%g", r->score[i]);
        if (r->parties[i] > 0) bad |= table_setf(&t, 11, "%.4f", score_pct(r, i));
        bad |= table_setf(&t, 13, "%d", r->matches[i]);
        bad |= table_setf(&t, 14, "%d", r->clusters_of[i]);
        bad |= table_set(&t, 15, standings_provisional(self, i) ? "true" : "false");
        bad |= table_set(&t, 16, self->interval_ok[i] ? "true" : "false");
        if (self->rank[i] > 0) bad |= table_setf(&t, 0, "%d", self->rank[i]);
        if (!rated) continue;
        bad |= table_setf(&t, 3, "%d", r->group[i] + 1);
        bad |= table_setf(&t, 4, "%.4f", r->rating[i]);
        bad |= table_setf(&t, 5, "%.4f", r->low[i]);
        bad |= table_setf(&t, 6, "%.4f", r->high[i]);
        bad |= table_setf(&t, 7, "%.4f", r->se_model[i]);
        bad |= table_setf(&t, 8, "%.4f", r->se_robust[i]);
        if (below >= 0) bad |= table_setf(&t, 12, "%.6f", r->los[i * r->n_bots + below]);
    }
    int rc = bad || table_print_csv(&t, out) < 0 ? -1 : 0;
    table_release(&t);
    return rc;
}

/* Adds a number, or null when !present; false when out of memory. */
static bool add_number(cJSON *object, const char *key, bool present, double value)
{
    return present ? cJSON_AddNumberToObject(object, key, value) != NULL
                   : cJSON_AddNullToObject(object, key) != NULL;
}

static const char *section_name(enum standings_section section)
{
    static const char *const names[] = { "above", "ranked", "provisional", "below", "apart" };
    return names[section];
}

static bool add_bot(const struct standings *self, cJSON *bots, int i)
{
    const struct ratings *r = self->ratings;
    bool rated = r->status[i] == RATINGS_RATED;
    int below = self->below[i];
    cJSON *bot = cJSON_CreateObject();
    if (!bot || !cJSON_AddItemToArray(bots, bot)) {
        cJSON_Delete(bot);
        return false;
    }
    return add_number(bot, "rank", self->rank[i] > 0, self->rank[i]) &&
           cJSON_AddStringToObject(bot, "name", r->names[i]) &&
           cJSON_AddStringToObject(bot, "status", ratings_status_name(r->status[i])) &&
           add_number(bot, "group", rated, r->group[i] + 1) &&
           add_number(bot, "rating", rated, r->rating[i]) &&
           add_number(bot, "ci_low", rated, r->low[i]) &&
           add_number(bot, "ci_high", rated, r->high[i]) &&
           add_number(bot, "se_model", rated, r->se_model[i]) &&
           add_number(bot, "se_robust", rated, r->se_robust[i]) &&
           add_number(bot, "parties", true, r->parties[i]) &&
           add_number(bot, "score", true, r->score[i]) &&
           add_number(bot, "score_pct", r->parties[i] > 0,
                      r->parties[i] > 0 ? score_pct(r, i) : 0) &&
           add_number(bot, "los_next", below >= 0,
                      below >= 0 ? r->los[i * r->n_bots + below] : 0) &&
           add_number(bot, "left_out", !rated, r->parties[i]) &&
           add_number(bot, "matches", true, r->matches[i]) &&
           add_number(bot, "clusters", true, r->clusters_of[i]) &&
           cJSON_AddBoolToObject(bot, "provisional", standings_provisional(self, i)) &&
           cJSON_AddBoolToObject(bot, "interval_ok", self->interval_ok[i]) &&
           cJSON_AddStringToObject(bot, "section", section_name(self->section[i]));
}

static bool add_advantage(const struct ratings *r, cJSON *root)
{
    bool fitted = r->advantage_status == RATINGS_ADVANTAGE_FITTED;
    cJSON *a = cJSON_AddObjectToObject(root, "advantage");
    return a && cJSON_AddStringToObject(a, "status",
                                        ratings_advantage_name(r->advantage_status)) &&
           add_number(a, "rating", fitted, r->advantage) &&
           add_number(a, "se_model", fitted, r->advantage_se_model) &&
           add_number(a, "se_robust", fitted, r->advantage_se_robust) &&
           add_number(a, "ci_low", fitted, r->advantage - Z95 * r->advantage_se_robust) &&
           add_number(a, "ci_high", fitted, r->advantage + Z95 * r->advantage_se_robust);
}

static bool add_los(const struct standings *self, cJSON *root)
{
    const struct ratings *r = self->ratings;
    cJSON *los = cJSON_AddObjectToObject(root, "los");
    if (!los) return false;
    for (int a = 0; a < r->n_bots; a++) {
        int i = self->order[a];
        if (r->status[i] != RATINGS_RATED) continue;
        cJSON *row = cJSON_AddObjectToObject(los, r->names[i]);
        if (!row) return false;
        for (int b = 0; b < r->n_bots; b++) {
            int j = self->order[b];
            if (i != j && r->status[j] == RATINGS_RATED && r->group[i] == r->group[j] &&
                !cJSON_AddNumberToObject(row, r->names[j], r->los[i * r->n_bots + j]))
                return false;
        }
    }
    return true;
}

cJSON *standings_json(const struct standings *self, bool with_los)
{
    const struct ratings *r = self->ratings;
    cJSON *root = cJSON_CreateObject();
    cJSON *bots = root ? cJSON_AddArrayToObject(root, "bots") : NULL;
    bool ok = bots != NULL;
    for (int k = 0; ok && k < r->n_bots; k++) ok = add_bot(self, bots, self->order[k]);
    ok = ok && add_advantage(r, root);
    if (ok && r->anchor >= 0) {
        cJSON *anchor = cJSON_AddObjectToObject(root, "anchor");
        ok = anchor && cJSON_AddStringToObject(anchor, "name", r->names[r->anchor]) &&
             cJSON_AddNumberToObject(anchor, "rating", r->rating[r->anchor]);
    } else if (ok) {
        ok = cJSON_AddNullToObject(root, "anchor") != NULL;
    }
    ok = ok && add_number(root, "groups", true, r->n_groups) &&
         add_number(root, "parties", true, (double)total_parties(r)) &&
         add_number(root, "parties_rated", true, (double)r->parties_fitted) &&
         add_number(root, "clusters", true, (double)r->clusters) &&
         add_number(root, "pairs", true, (double)r->pairs) &&
         add_number(root, "rho", r->pairs > 0, r->rho) &&
         cJSON_AddBoolToObject(root, "robust", r->robust) &&
         add_number(root, "min_matches", true, self->min_matches) &&
         add_number(root, "ranked", true, self->n_ranked) &&
         add_number(root, "provisional", true, provisional_count(self)) &&
         (!with_los || add_los(self, root));
    if (!ok) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

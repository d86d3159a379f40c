/* standings.h - the per-bot report of a rating fit (stats/ratings.h): the
 * order of the bots, their ranks, and the table as text, CSV or JSON. The
 * one place that decides where a bot stands: `arena ratings`, `arena run`'s
 * live standings and the leaderboard all call it.
 *
 * The order, top to bottom, in sections:
 *   1. "all wins" bots (no finite rating: +infinity), unranked, above every
 *      rated bot, then the separated bots that won every partie they played
 *      against rated bots (ratings.h `beyond`), the better score first;
 *   2. the ranked bots: rated, not provisional, group by group (ratings of
 *      different groups cannot be compared, so ranks restart in each
 *      group), best first; bots whose ratings are equal to the shown 0.01
 *      (STANDINGS_TIE) share a rank (1, 1, 3);
 *   3. provisional bots, unranked: fewer than `min_matches` matches
 *      (parties, or tables of a game of N seats), or a rating resting on
 *      fewer than STANDINGS_MIN_CLUSTERS clusters (duplicate pairs or sets)
 *      when min_matches > 0; all wins first, then by rating, then the rest;
 *   4. the separated bots that lost every partie they played against rated
 *      bots (and won some against bots without a rating), the better score
 *      first, then the "all losses" bots (-infinity): below every rated bot;
 *   5. the other separated bots (between groups, or that met no rated
 *      bot), then bots without parties.
 * Bots these rules cannot tell apart stand by name, never by the order they
 * were met in (the journal and the leaderboard's database differ in that).
 * An interval is reliable only when the bot is rated, the fit is robust
 * and the bot's results fall in at least STANDINGS_MIN_CLUSTERS clusters;
 * the forms never show another as if it were. "LOS next" is the
 * cluster-robust likelihood that a ranked bot is stronger than the ranked
 * bot just below it in its group.
 */
#ifndef STATS_STANDINGS_H
#define STATS_STANDINGS_H

#include <stdbool.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "stats/ratings.h"

/* The default minimum of matches before a bot is ranked. */
#define STANDINGS_MIN_MATCHES 20
/* Clusters under which an interval is not worth showing as one. */
#define STANDINGS_MIN_CLUSTERS 3
/* Ratings closer than this (Elo) share a rank: equal as printed. */
#define STANDINGS_TIE 0.005

struct standings_options {
    int min_matches;               /* 0: nobody is provisional */
};

enum standings_section {
    STANDINGS_ABOVE,               /* all wins, and separated above */
    STANDINGS_RANKED,
    STANDINGS_PROVISIONAL,
    STANDINGS_BELOW,               /* all losses, and separated below */
    STANDINGS_APART                /* separated otherwise, no parties */
};

struct standings {
    const struct ratings *ratings; /* not owned; must outlive self */
    int min_matches;
    int *order;                    /* every bot, in report order */
    int n_ranked;                  /* ranked bots (section STANDINGS_RANKED) */
    enum standings_section *section; /* per bot */
    int *rank;                     /* per bot: 1, 2, ... in its group, shared
                                    * by ties; 0 when not ranked */
    int *below;                    /* per bot: the next ranked bot down in its
                                    * group, or -1 */
    bool *interval_ok;             /* per bot: its interval is reliable */
};

/* Orders the bots of `ratings`; options NULL for the defaults
 * (STANDINGS_MIN_MATCHES). Returns 0, or -1 when out of memory (self is
 * then released). */
int standings_init(struct standings *self, const struct ratings *ratings,
                   const struct standings_options *options);

/* Whether bot i is provisional (fewer matches or clusters than asked). */
bool standings_provisional(const struct standings *self, int i);

/* Frees the arrays; the ratings are the caller's. */
void standings_release(struct standings *self);

/* The table for a terminal (every bot in report order, with a note for
 * the bots not ranked), then the first-dealer advantage, the duplicate
 * pairs and rho, and the bots not rated with their reason. Names wider than
 * 40 columns are cut (the CSV and JSON forms keep them whole). Returns 0,
 * or -1 on a write error or out of memory. */
int standings_print_text(const struct standings *self, FILE *out);

/* One CSV record per bot, rated or not, with a header line:
 * rank,bot,status,group,rating,ci_low,ci_high,se_model,se_robust,parties,
 * score,score_pct,los_next,matches,clusters,provisional,interval_ok.
 * Fields that do not apply are empty. Returns 0,
 * or -1 on a write error or out of memory. */
int standings_print_csv(const struct standings *self, FILE *out);

/* The whole report as one JSON object:
 *   {"bots": [{"rank", "name", "status", "group", "rating", "ci_low",
 *              "ci_high", "se_model", "se_robust", "parties", "score",
 *              "score_pct", "los_next", "left_out", "matches", "clusters",
 *              "provisional", "interval_ok", "section" ("above", "ranked",
 *              "provisional", "below", "apart")}, ...],
 *    "advantage": {"status", "rating", "se_model", "se_robust", "ci_low",
 *                  "ci_high"},
 *    "anchor": {"name", "rating"} or null, "groups",
 *    "parties" (between two bots), "parties_rated" (in the fit; in
 *    "clusters" clusters, "pairs" of them duplicate pairs), "rho" (null
 *    without pairs), "robust" (false: under 2 clusters, model errors),
 *    "min_matches", "ranked" (bots ranked), "provisional" (bots),
 *    "los": {"A": {"B": P(A stronger than B), ...}, ...} over rated bots,
 *    left out when !with_los}
 * Numbers that do not apply are null; "score" is in points (win 1, draw
 * 1/2). Returns a tree the caller frees with cJSON_Delete(), or NULL when
 * out of memory. */
cJSON *standings_json(const struct standings *self, bool with_los);

#endif

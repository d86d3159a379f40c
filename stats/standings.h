/* standings.h - the per-bot report of a rating fit (stats/ratings.h): the
 * order of the bots, and the table as text, CSV or JSON.
 *
 * Rated bots come first, best first, group by group (ratings of different
 * groups cannot be compared, so ranks restart in each group); the bots that
 * could not be rated follow in input order with their reason. "LOS next" is
 * the cluster-robust likelihood that a bot is stronger than the bot ranked
 * just below it in its group.
 */
#ifndef STATS_STANDINGS_H
#define STATS_STANDINGS_H

#include <stdio.h>

#include <cjson/cJSON.h>

#include "stats/ratings.h"

struct standings {
    const struct ratings *ratings; /* not owned; must outlive self */
    int *order;                    /* every bot, in report order */
    int n_rated;                   /* order[0..n_rated-1] are the rated bots */
    int *rank;                     /* per bot: 1, 2, ... in its group; 0 when
                                    * not rated */
    int *below;                    /* per bot: the next bot down in its group,
                                    * or -1 */
};

/* Orders the bots of `ratings`. Returns 0, or -1 when out of memory (self
 * is then released). */
int standings_init(struct standings *self, const struct ratings *ratings);

/* Frees the arrays; the ratings are the caller's. */
void standings_release(struct standings *self);

/* The table for a terminal, then the first-dealer advantage, the duplicate
 * pairs and rho, and the bots not rated with their reason. Names wider than
 * 40 columns are cut (the CSV and JSON forms keep them whole). Returns 0,
 * or -1 on a write error or out of memory. */
int standings_print_text(const struct standings *self, FILE *out);

/* One CSV record per bot, rated or not, with a header line:
 * rank,bot,status,group,rating,ci_low,ci_high,se_model,se_robust,parties,
 * score,score_pct,los_next. Fields that do not apply are empty. Returns 0,
 * or -1 on a write error or out of memory. */
int standings_print_csv(const struct standings *self, FILE *out);

/* The whole report as one JSON object:
 *   {"bots": [{"rank", "name", "status", "group", "rating", "ci_low",
 *              "ci_high", "se_model", "se_robust", "parties", "score",
 *              "score_pct", "los_next"}, ...],
 *    "advantage": {"status", "rating", "se_model", "se_robust", "ci_low",
 *                  "ci_high"},
 *    "anchor": {"name", "rating"} or null, "groups",
 *    "parties" (between two bots), "parties_rated" (in the fit; in
 *    "clusters" clusters, "pairs" of them duplicate pairs), "rho" (null
 *    without pairs), "robust" (false: under 2 clusters, model errors),
 *    "los": {"A": {"B": P(A stronger than B), ...}, ...} over rated bots}
 * Numbers that do not apply are null; "score" is in points (win 1, draw
 * 1/2). Returns a tree the caller frees with cJSON_Delete(), or NULL when
 * out of memory. */
cJSON *standings_json(const struct standings *self);

#endif

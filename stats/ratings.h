/* ratings.h - maximum-likelihood Bradley-Terry Elo with a first-dealer
 * advantage, model and cluster-robust (duplicate pair) errors, likelihood of
 * superiority and duplicate efficiency (docs/statistics.md sections 1 and 2);
 * the same fit for matches of N independent seats, one comparison per two
 * seats held by different bots, with a term per seat position (section 6).
 *
 * Scale: standard Elo, P(w scores) = 1 / (1 + 10^(-(r_w - r_b + h)/400)).
 * This is Ordo's model run with `-z 200.2409` (a 200.2409-point gap means a
 * 76% expected score).
 *
 * A bot gets a finite rating only inside a group: a strongly connected set of
 * at least two bots of the graph "i scored something against j". Bots alone
 * are reported apart with their reason (no parties, all wins, all losses,
 * or separated: beat every bot of some groups and lost to every bot of
 * others). Each group is fitted with its own constraint (mean zero, or the
 * anchor bot's rating in the anchor's group); ratings in different groups
 * cannot be compared, and a result with more than one group says so.
 */
#ifndef STATS_RATINGS_H
#define STATS_RATINGS_H

#include <stdbool.h>
#include <stddef.h>

/* One partie as the statistics see it. */
struct ratings_partie {
    int first;        /* bot index of the first dealer ('w' of docs/statistics.md) */
    int second;       /* bot index of the other player */
    double score;     /* first's score: 1 win, 0.5 draw, 0 loss */
    long cluster;     /* duplicate pair id: the two parties of a pair share
                       * it; a lone partie has an id of its own */
    bool has_points;  /* whether `points` is known */
    int points;       /* settlement for first, signed (negative: first lost) */
};

/* Seat positions a table can have: GAME_MAX_PLAYERS of engine/game.h
 * (stats/ includes nothing of the engine; tests/test_ratings_seats.c checks
 * that the two agree). */
#define RATINGS_MAX_SEATS 5

/* One match of a game of independent seats (docs/statistics.md section 6).
 * Seat positions are the game's own, from 0 (with two seats, seat 0 is the
 * first dealer, `first` of a partie). */
struct ratings_table {
    int seats;                         /* 2..RATINGS_MAX_SEATS */
    int bot[RATINGS_MAX_SEATS];        /* bot index in each seat */
    double points[RATINGS_MAX_SEATS];  /* final match points; higher is better */
    long set;                          /* duplicate set: every match played on
                                        * the same deals shares it; a match
                                        * alone has an id of its own */
};

enum ratings_status {
    RATINGS_RATED,      /* finite rating, comparable within group[i] */
    RATINGS_NO_GAMES,   /* no partie (comparison) against another bot */
    RATINGS_ALL_WINS,   /* won every partie: rating +infinity */
    RATINGS_ALL_LOSSES, /* lost every partie: rating -infinity */
    RATINGS_SEPARATED   /* lost every partie to some bots and won every one
                         * against others: between groups, no finite rating */
};

/* Whether the first-dealer advantage h, or with tables the seat terms, were
 * fitted. */
enum ratings_advantage {
    RATINGS_ADVANTAGE_FITTED,       /* h estimated */
    RATINGS_ADVANTAGE_OFF,          /* not asked for: h = 0 */
    RATINGS_ADVANTAGE_UNIDENTIFIED, /* the schedule cannot tell h from the
                                     * ratings (first dealer never swapped):
                                     * fitted with h = 0 */
    RATINGS_ADVANTAGE_UNBOUNDED     /* no finite h (e.g. the first dealer
                                     * always won): fitted with h = 0 */
};

struct ratings_options {
    bool fit_advantage;    /* fit h, or the seat terms (default true) */
    const char *anchor;    /* NULL: each group has mean rating 0; else this
                            * bot's rating is anchor_rating */
    double anchor_rating;
};

/* The fit; every array has n_bots entries unless said otherwise. Numbers of
 * bots that are not RATINGS_RATED are 0, never NaN or infinite. From
 * tables, "parties" below are comparisons (two seats of one match) and
 * "pairs" clusters of exactly two comparisons. */
struct ratings {
    int n_bots;
    int seats;                     /* seat positions: 2 from ratings_fit() */
    char **names;                  /* copies of the names given */
    enum ratings_status *status;
    int *group;                    /* 0..n_groups-1, or -1 when not rated */
    int *beyond;                   /* which side of the rated bots a bot
                                    * without a finite rating stands on: +1
                                    * above (all wins, or separated with a win
                                    * over every rated bot it met and no loss
                                    * to one), -1 below (all losses, or
                                    * separated with only losses to the rated
                                    * bots it met), 0 neither (rated, no
                                    * parties, or separated between groups or
                                    * from every rated bot) */
    int n_groups;                  /* more than 1: ratings of different groups
                                    * are not comparable */
    int *parties;                  /* parties against other bots */
    int *matches;                  /* parties, or tables, played with
                                    * another bot: records, not comparisons */
    int *clusters_of;              /* distinct clusters (duplicate pairs or
                                    * sets, a lone partie its own) among them */
    double *score;                 /* points scored in them (win 1, draw 0.5) */
    double *rating;                /* Elo */
    double *se_model;              /* from the information matrix */
    double *se_robust;             /* cluster-robust (duplicate pairs or sets) */
    double *low, *high;            /* 95% interval, rating -+ 1.96 se_robust */
    double *cov_model;             /* side n_bots + seats - 1, row-major, Elo^2;
                                    * index n_bots + s is the contrast
                                    * d_s = h_s - h_{seats-1}; with two seats
                                    * (n_bots+1)^2 and index n_bots is the
                                    * advantage */
    double *cov_robust;            /* same layout */
    double *los;                   /* n_bots^2: los[i*n_bots+j] = P(r_i > r_j)
                                    * from cov_robust; 0.5 unless both bots
                                    * are rated in the same group */
    enum ratings_advantage advantage_status;
    double advantage;              /* h in Elo: seat 0's edge over the last
                                    * seat, d_0 = h_0 - h_{seats-1} */
    double advantage_se_model;
    double advantage_se_robust;
    double *seat;                  /* seats entries: h_s in Elo, sum 0; 0 when
                                    * not fitted (two seats: +-advantage/2) */
    double *seat_se_model;         /* model error alone: too small for tables,
                                    * whose comparisons are not independent */
    double *seat_se_robust;        /* cluster-robust (duplicate sets) */
    int anchor;                    /* anchored bot, or -1 */
    size_t parties_fitted;         /* parties the fit used */
    size_t clusters;               /* their clusters */
    bool robust;                   /* false: fewer than 2 clusters, so the
                                    * robust numbers are the model ones */
    size_t pairs;                  /* clusters of exactly two fitted parties */
    double rho;                    /* duplicate efficiency over those pairs:
                                    * correlation of the two parties' model
                                    * residuals; 0 without pairs */
    int iterations;                /* Newton steps of the final fit */
};

/* Fits the ratings of bots 0..n_bots-1 (names[i] is bot i's name) from
 * `parties`. `options` may be NULL for the defaults (fit h, mean zero).
 * Returns a result the caller owns and frees with ratings_free(), or NULL
 * with the reason in err (err_size bytes): out of memory, a bot index out
 * of range, a score outside [0, 1], an unknown anchor or an anchor without
 * a finite rating. No parties or one bot is not an error: every bot is then
 * RATINGS_NO_GAMES. */
struct ratings *ratings_fit(const struct ratings_partie *parties,
                            size_t n_parties, const char *const *names,
                            int n_bots, const struct ratings_options *options,
                            char *err, size_t err_size);

/* The same fit for matches of N independent seats (docs/statistics.md
 * section 6): every two seats i < j of a table held by different bots are
 * one comparison, scored ratings_table_score(t, i, j) for bot[i], with
 * P(i beats j) = f(r_i - r_j + h_i - h_j); clusters are the duplicate sets.
 * Every table must have the same seat count (the seats of the result; 2
 * without tables). Tables of two seats give exactly ratings_fit() of the
 * parties {bot[0], bot[1], score, set}, bar parties of a bot against itself,
 * which ratings_fit() uses for h and tables do not. Errors as
 * ratings_fit(), and: a seat count outside 2..RATINGS_MAX_SEATS or unlike
 * the first table's, points that are NaN or infinite. */
struct ratings *ratings_fit_tables(const struct ratings_table *tables,
                                   size_t n_tables, const char *const *names,
                                   int n_bots,
                                   const struct ratings_options *options,
                                   char *err, size_t err_size);

/* Seat i's score against seat j of a match: 1, 0.5 or 0 as its points are
 * higher, equal or lower (docs/statistics.md section 6). */
double ratings_table_score(const struct ratings_table *self, int i, int j);

/* Frees a result; NULL is a no-op. */
void ratings_free(struct ratings *self);

/* Likelihood that bot i is stronger than bot j, Phi((r_i - r_j) / sd), with
 * sd from cov_robust or cov_model. 0.5 unless both are rated in the same
 * group. */
double ratings_los(const struct ratings *self, int i, int j, bool robust);

/* The index of the bot called `name`, or -1. */
int ratings_find(const struct ratings *self, const char *name);

/* Short English words for a status ("all wins", ...); static storage. */
const char *ratings_status_name(enum ratings_status status);

/* Short English words for an advantage status; static storage. */
const char *ratings_advantage_name(enum ratings_advantage status);

#endif

/* pairings.h - the head-to-head report: every two bots that met, tallied
 * with stats/pentanomial.h, as text, CSV or JSON.
 *
 * A pairing's statistics (score, Elo +- 95%, nElo, LOS, settlement margin,
 * and the margin's normalised effect t, its LOS and the duplicate
 * efficiency rho of the score and of the margin) come from its duplicate pairs, so the correlation inside a pair is
 * accounted for. When the two bots never played a duplicate pair (PGN
 * input, say), they come from the parties taken as independent: the same
 * formulas over the trinomial of single parties (docs/statistics.md 3 with a "pair"
 * of one partie). `basis` says which.
 */
#ifndef STATS_PAIRINGS_H
#define STATS_PAIRINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <cjson/cJSON.h>

#include "stats/pentanomial.h"
#include "stats/ratings.h"

enum pairing_basis { PAIRING_PAIRS, PAIRING_PARTIES };

struct pairing {
    struct pentanomial counts;  /* as pentanomial_tally() left it, from
                                 * counts.bot's side */
    enum pairing_basis basis;
    int n;                      /* pairs or parties the statistics use */
    double score, score_low, score_high;  /* mean score per partie, 0..1 */
    bool elo_finite;            /* else the score is 0 or 1: elo is 0 */
    double elo;
    bool error_finite;          /* else the interval reaches 0 or 1 */
    double elo_error;           /* half the 95% interval */
    bool nelo_finite;           /* else no variance: nelo is 0 */
    double nelo;
    double los;                 /* likelihood that counts.bot is stronger */
    int margin_n;               /* pairs or parties with settlements */
    double margin;              /* mean settlement per partie, bot's side */
    bool margin_interval;       /* margin_n >= 2; else low = high = margin */
    double margin_low, margin_high;
    /* Side by side (docs/statistics.md 4a), from the pairs only: each
     * statistic's evidence Z, the margin's normalised effect t and LOS,
     * and the duplicate efficiency rho of each. */
    bool score_z_finite;        /* pairs with a variance */
    double score_z;             /* (s - 1/2) / sqrt(var / n) */
    bool margin_t_finite;       /* two pairs with points and a spread */
    double margin_t, margin_t_low, margin_t_high, margin_z, margin_los;
    bool score_rho_finite, margin_rho_finite;
    double score_rho, margin_rho;
};

struct pairings {
    struct pairing *items;
    size_t n;
};

/* Tallies every two bots of `order` (each bot index 0..n_bots-1 once; the
 * report order, e.g. standings.h's) that played at least one partie, the
 * one placed earlier being counts.bot; pairings come in that order too.
 * Returns 0, or -1 with the reason in err (a score other than 1, 0.5 or 0,
 * out of memory; self is then empty). */
int pairings_tally(struct pairings *self, const struct ratings_partie *parties,
                   size_t n_parties, const int *order, int n_bots, char *err,
                   size_t err_size);

/* Frees the pairings; self is then empty. */
void pairings_release(struct pairings *self);

/* The table for a terminal; names wider than 32 columns are cut. Returns
 * 0, or -1 on a write error or out of memory. */
int pairings_print_text(const struct pairings *self, const char *const *names,
                        FILE *out);

/* One CSV record per pairing with a header line: bot,opponent,parties,
 * wins,draws,losses,ll,ld,wl_dd,dw,ww,unpaired,basis,n,score,score_low,
 * score_high,elo,elo_error,nelo,los,margin,margin_low,margin_high,
 * margin_n,score_z,margin_t,margin_t_low,margin_t_high,margin_z,margin_los,
 * rho_score,rho_margin. Numbers that do not apply are empty. 0, or -1. */
int pairings_print_csv(const struct pairings *self, const char *const *names,
                       FILE *out);

/* {"pairings": [{"bot", "opponent", "parties", "wins", "draws", "losses",
 * "pentanomial": [LL, LD, WL+DD, DW, WW], "unpaired", "basis" ("pairs" or
 * "parties"), "n", "score", "score_low", "score_high", "elo", "elo_error",
 * "nelo", "los", "score_z", "margin": {"mean", "low", "high", "n", "t",
 * "t_low", "t_high", "z", "los"} or null, "rho": {"score", "margin"}},
 * ...]};
 * numbers that do not apply are null. The caller frees the tree with
 * cJSON_Delete(); NULL when out of memory. */
cJSON *pairings_json(const struct pairings *self, const char *const *names);

#endif

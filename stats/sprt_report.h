/* sprt_report.h - what a running sequential test shows a person
 * (docs/statistics.md sections 3 to 6): the status line, the verdict and
 * the summary block, for duplicate pairs (both statistics side by side)
 * and for duplicate sets at a table with other bots. Text only; the
 * caller decides where it goes.
 */
#ifndef STATS_SPRT_REPORT_H
#define STATS_SPRT_REPORT_H

#include <stdio.h>

#include "stats/sprt_tally.h"

/* One line: pairs (or sets), the LLR with its bounds, both estimates with
 * their intervals; into out (cap bytes). */
void sprt_report_status(const struct sprt_tally *t, char *out, size_t cap);

/* The decision in words; `stopped` (NULL: max pairs reached) when the
 * test stopped undecided for another reason. Static storage or stopped. */
const char *sprt_report_verdict(enum sprt_decision d, const char *stopped);

/* The block at the end: bots, pairs, W-D-L, pentanomial counts (labels as
 * in ratings --head-to-head), both estimates, LOS, Z and the ratio of
 * pairs they need, the LLR and the decision; for sets, the per-set score
 * and margin. */
void sprt_report_summary(const struct sprt_tally *t, const char *test, const char *base, const char *verdict,
                         FILE *out);

#endif

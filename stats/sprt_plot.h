/* sprt_plot.h - a running test drawn as SVG, written by our own code: the
 * LLR pair by pair against its two bounds, and below it the estimate on the
 * bounds' scale with its 95% interval as a band, against H0 and H1.
 */
#ifndef STATS_SPRT_PLOT_H
#define STATS_SPRT_PLOT_H

#include <stdio.h>

#include "stats/sprt_tally.h"

/* Writes one standalone SVG document; `title` (any UTF-8 text, escaped
 * here) heads it. Returns 0, or -1 on a write error. */
int sprt_plot_svg(const struct sprt_tally *tally, const char *title, FILE *out);

#endif

/* report.h - describing deals, parties and views through a pq_writer.
 *
 * The shapes are contracts (docs/design.md "Deal record"):
 *   deal:   {"elder": N, "younger": N, "tricks": {"elder": N, "younger": N},
 *            "carte_blanche": null|"elder"|"younger", "repique": ...,
 *            "pique": null|"elder", "classes": {"point": {"outcome",
 *            "winner", "points"}, "sequence": ..., "set": ...},
 *            "categories": {"elder": {category: N...}, "younger": {...}},
 *            "events": [{"seat", "category", "points"}...]}
 *   partie: {"totals": {"A": N, "B": N}, "winner": "A"|"B"|null,
 *            "settlement": N, "deals": [{"number", "elder": "A"|"B",
 *            "weight", "A": N, "B": N}...]}
 *   view:   what the seat may know (view.h), cards as text lists.
 */
#ifndef PQ_REPORT_H
#define PQ_REPORT_H

#include "engine/piquet/partie.h"
#include "engine/piquet/view.h"
#include "engine/writer.h"

/* The result of a deal (final when the deal is over, else so far). */
void pq_report_deal(const struct pq_deal *deal, const struct pq_writer *w);

/* The partie's totals, winner, settlement and per-deal scores. With
 * `deals` non-NULL each per-deal object also holds the deal's full result
 * under "result" (deals[i] is deal i+1, n of them); nested, because the
 * per-deal "elder" names a player and the result's "elder" is a score. */
void pq_report_partie(const struct pq_partie *partie, const struct pq_deal *deals,
                      int n, const struct pq_writer *w);

/* A seat's view as an object with the given key (NULL in an array). */
void pq_report_view(const struct pq_view *view, const char *key, const struct pq_writer *w);

/* The same view as the fields of the current object (game.h's view). */
void pq_report_view_fields(const struct pq_view *view, const struct pq_writer *w);

#endif

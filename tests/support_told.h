/* support_told.h - what the trick-1 meld dialogue (RULES-belote.md B20,
 * RULES-coinche.md K21) told of each seat's call, read from a view by the
 * test itself (its "say", "asked" and "call" entries), and a check that a
 * sampled deal's hands hold it: the samplers' tests of Belote and Coinche. */
#ifndef SUPPORT_TOLD_H
#define SUPPORT_TOLD_H

#include <cjson/cJSON.h>
#include "engine/card.h"

/* The hands of a sampled deal (hands[s] for seat s) against what `view`,
 * seat viewer's, told of the others: each seat that announced a class or
 * answered "How high?" must hold a meld of that class, and a seat whose
 * call's detail was made public a run of that length and top (or that
 * carré), with the cards it played. Adds the checks made to *checks (those
 * of a whole call also to *detail); returns the number that failed. */
int support_told_failures(const cJSON *view, const pq_mask *hands, int viewer, int *checks, int *detail);

#endif

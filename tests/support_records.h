/* support_records.h - partie records as the arena writes them, from a
 * referee (arena/play/referee.h) between two players that pick random legal
 * actions: no bot processes, no sockets, no files. */
#ifndef SUPPORT_RECORDS_H
#define SUPPORT_RECORDS_H

#include <stdint.h>
#include <cjson/cJSON.h>
#include "arena/play/referee.h"

/* Referees partie 7 of `seed` between "alpha" (A) and "beta" (B), player
 * `first_dealer` dealing first. With crash_after >= 0, B crashes when that
 * many decisions have been made (a forfeit). *ref is left as the arena
 * leaves it (REFEREE_DONE). */
void support_referee_partie(struct referee *ref, uint64_t seed, int first_dealer, int crash_after);

/* record_partie() of such a partie with "run" and "pair" added as
 * `arena run` adds them; the caller deletes it. */
cJSON *support_partie_record(uint64_t seed, int first_dealer, int crash_after);

#endif

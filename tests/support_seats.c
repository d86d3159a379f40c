/* support_seats.c - the tables of docs/statistics.md section 6 (see
 * support_seats.h). */
#include "tests/support_seats.h"

const struct ratings_table support_seats_tables[SUPPORT_SEATS_TABLES] = {
    { 3, { 0, 1, 2 }, { 2, 1, 0 }, 0 },
    { 3, { 1, 2, 0 }, { 1, 0, 2 }, 0 },
    { 3, { 2, 0, 1 }, { 0, 2, 1 }, 0 },
    { 3, { 0, 1, 2 }, { 2, 0, 1 }, 1 },
    { 3, { 1, 2, 0 }, { 0, 1, 2 }, 1 },
    { 3, { 2, 0, 1 }, { 1, 2, 0 }, 1 },
    { 3, { 0, 1, 2 }, { 1, 2, 0 }, 2 },
    { 3, { 1, 2, 0 }, { 2, 0, 1 }, 2 },
    { 3, { 2, 0, 1 }, { 0, 1, 2 }, 2 },
    { 3, { 0, 1, 2 }, { 1, 0, 2 }, 3 },
    { 3, { 1, 2, 0 }, { 0, 2, 1 }, 3 },
    { 3, { 2, 0, 1 }, { 2, 1, 0 }, 3 },
};

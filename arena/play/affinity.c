/* affinity.c - the arena's own threads kept on one processor (affinity.h). */
#define _GNU_SOURCE
#include <sched.h>
#include <string.h>
#include "arena/play/affinity.h"

_Static_assert(sizeof(cpu_set_t) <= sizeof(((struct affinity *)0)->before), "a cpu_set_t fits in before");

int affinity_pin_here(struct affinity *self)
{
    cpu_set_t before, one;
    memset(self, 0, sizeof *self);
    if (sched_getaffinity(0, sizeof before, &before) != 0 || CPU_COUNT(&before) < 2) return -1;
    int cpu = sched_getcpu();
    if (cpu < 0 || cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &before)) return -1;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0) return -1;
    memcpy(self->before, &before, sizeof before);
    self->cpu = cpu;
    self->pinned = 1;
    return cpu;
}

void affinity_restore(const struct affinity *self)
{
    cpu_set_t before;
    if (!self->pinned) return;
    memcpy(&before, self->before, sizeof before);
    (void)sched_setaffinity(0, sizeof before, &before);   /* nothing better to do if refused */
}

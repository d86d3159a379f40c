/* affinity.h - the arena's own threads kept on one processor.
 *
 * With one or two parties in flight the arena's main thread and ZeroMQ's
 * I/O thread mostly wait for each other: each decision passes from one to
 * the other and back, and when the two sit on different processors every
 * pass wakes an idle processor (an interprocessor interrupt, and on a
 * virtual machine an exit to the host), which costs more than the arena's
 * work itself. Pinned to the processor the arena runs on, the pass is a
 * switch on that processor. Threads inherit the mask of the thread that
 * creates them, so pinning the main thread before the hub's context is
 * made pins ZeroMQ's threads too; a bot must not inherit it, so a forked
 * child puts back the mask the arena had before (affinity_restore).
 *
 * Pinning changes only where threads run, never what they do: a run's
 * journal is the same either way.
 */
#ifndef ARENA_PLAY_AFFINITY_H
#define ARENA_PLAY_AFFINITY_H

/* Zeroed: nothing pinned. */
struct affinity {
    int pinned;                  /* 1: the thread was pinned, before holds its mask */
    int cpu;                     /* the processor pinned to */
    unsigned char before[128];   /* the thread's mask before (a cpu_set_t) */
};

/* Pins the calling thread to the processor it is running on, keeping its
 * mask in *self. Returns the processor, or -1 with nothing changed (the
 * mask allows one processor only, or the system refused; not an error:
 * the arena runs as it would have). */
int affinity_pin_here(struct affinity *self);

/* Puts the calling thread back on the mask kept by affinity_pin_here (a
 * no-op when it pinned nothing, or for a zeroed struct). Safe in a forked
 * child before exec. */
void affinity_restore(const struct affinity *self);

#endif

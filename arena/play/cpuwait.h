/* cpuwait.h - how long a bot waited for a processor: the time its
 * processes were ready to run while none of them ran, read from Linux's
 * per-thread scheduler statistics (/proc/PID/task/TID/schedstat: the time
 * a thread ran and the time it waited on a run queue, in ns) and the
 * processes' CPU times (/proc/PID/stat). The arena's clock does not charge
 * a bot for that time (README "arena run", the clock): on a machine with
 * more bot processes than processors a bot may get the processor too
 * seldom to answer within its limit, through no fault of its own.
 *
 * A reading (struct cpuwait) covers a process and all its descendants
 * (every thread of each, found through /proc/PID/task/TID/children): for a
 * sandboxed bot, its guard, bubblewrap and everything inside the sandbox.
 * The starved time between two readings is a lower bound that a bot cannot
 * raise by running more threads or processes than there are processors:
 * while a thread waited, another thread of the same tree may have run, so
 * each thread's wait is credited only beyond everything the rest of the
 * tree ran (dead threads and reaped children included, through the
 * processes' CPU times, to the kernel's tick of 1/USER_HZ):
 *
 *     starved = max over threads t of (waited(t) - (ran(tree) - ran(t)))
 *
 * which is exact for a single thread and 0 when the tree's own threads are
 * what kept each other waiting. A thread that did not exist at the first
 * reading counts from its start; a reading that could not see the whole
 * tree (more than CPUWAIT_THREADS_MAX threads or CPUWAIT_PROCESSES_MAX
 * processes) credits nothing. A kernel without scheduler statistics
 * (CONFIG_SCHED_INFO off) has no schedstat files: every reading fails and
 * nothing is credited.
 *
 * A watch (struct cpuwait_watch) keeps the last reading of one bot:
 * cpuwait_watch_start takes the first, each cpuwait_watch_starved_ms
 * another and returns the starved time since the one before. Each reading
 * costs a few system calls per thread and process, so a caller takes them
 * only when it needs them (the runner: when a partie starts and when a
 * deadline passes), never per message.
 */
#ifndef ARENA_PLAY_CPUWAIT_H
#define ARENA_PLAY_CPUWAIT_H

#include <stdint.h>
#include <sys/types.h>

enum { CPUWAIT_THREADS_MAX = 96, CPUWAIT_PROCESSES_MAX = 32 };

struct cpuwait_thread {
    pid_t tid;
    int process;                  /* index in processes[] */
    uint64_t ran_ns, waited_ns;   /* since the thread started */
    int ready;                    /* ready to run at the reading (state R): running,
                                   * or waiting on a run queue */
};

struct cpuwait_process {
    pid_t pid;
    uint64_t ticks;               /* utime + stime + cutime + cstime, 1/USER_HZ s:
                                   * its threads dead or alive and its reaped children */
};

struct cpuwait {
    int64_t at_ms;                /* when it was taken (CLOCK_MONOTONIC) */
    int complete;                 /* every thread and process of the tree was read */
    int n_threads, n_processes;
    struct cpuwait_thread threads[CPUWAIT_THREADS_MAX];
    struct cpuwait_process processes[CPUWAIT_PROCESSES_MAX];
};

/* Reads process `root` and its descendants. 0, or -1 when root cannot be
 * read (gone, or no scheduler statistics); a descendant that ends while
 * it is read is left out. */
int cpuwait_read(struct cpuwait *self, pid_t root);

/* Reads the threads of process `pid` only, none of its descendants. */
int cpuwait_read_process(struct cpuwait *self, pid_t pid);

/* What the threads of `after` waited for a processor since `before`, in
 * all (a thread new since `before` from its start), in ns. */
uint64_t cpuwait_waited_ns(const struct cpuwait *before, const struct cpuwait *after);

/* The time the tree was starved between two readings of the same root
 * (see above), in ns; 0 when either is incomplete. */
uint64_t cpuwait_starved_ns(const struct cpuwait *before, const struct cpuwait *after);

/* Whether the tree may be waiting for a processor at `after`: one of its
 * threads but `except` (0: none) is ready to run (before NULL: any such
 * thread) and, since `before`, either has not run, or waited beyond what
 * the rest of the tree ran (as cpuwait_starved_ns credits it) longer than
 * it ran, or the whole tree ran less than half the time between the
 * readings (a thread preempted after it ran waits again, and that wait is
 * in neither reading). The kernel adds a wait to a thread's statistics
 * only when the thread gets a processor, so a wait still going on is in
 * no reading yet: a caller that finds the tree stalled looks again later
 * rather than judge it on the readings so far. A tree whose threads keep
 * each other waiting, or that runs on processors of its own, is not
 * stalled. */
int cpuwait_stalled(const struct cpuwait *before, const struct cpuwait *after, pid_t except);

/* One bot's last reading. A zeroed watch holds none; the reading is the
 * watch's own (heap), freed by cpuwait_watch_release. */
struct cpuwait_watch {
    pid_t root;
    struct cpuwait *last;         /* NULL: no reading yet, or it failed */
};

/* Takes the first reading of root (any earlier one is dropped). 0, or -1
 * (then cpuwait_watch_starved_ms returns 0 until a start succeeds). */
int cpuwait_watch_start(struct cpuwait_watch *self, pid_t root);

/* Takes a reading and returns the whole milliseconds the bot was starved
 * since the previous one, which it replaces; 0 when either reading
 * failed. *stalled is cpuwait_stalled of the two readings, of the new one
 * alone when the previous one was taken before fresh_ms (so "has not run
 * since" means since fresh_ms at the latest); 0 when the reading failed. */
int64_t cpuwait_watch_starved_ms(struct cpuwait_watch *self, int64_t fresh_ms, int *stalled);

/* Frees the reading; the watch is zeroed. A zeroed watch is harmless. */
void cpuwait_watch_release(struct cpuwait_watch *self);

/* The caller's own process (the arena): its threads' waits for a
 * processor, summed over every reading, so that the time the arena itself
 * could not run (to send a request, or to take an answer off its socket)
 * is not charged to a bot either. A zeroed one holds no reading. */
struct cpuwait_own {
    struct cpuwait *last;         /* the watch's own (heap), or NULL */
    uint64_t waited_ns;           /* every thread's waits between the readings taken */
    int stalled;                  /* at the last update: a thread other than the
                                   * caller's is ready to run and has not run since
                                   * the reading before (an answer may be waiting in
                                   * a socket for it) */
};

/* Takes the first reading. 0, or -1 (then updates add nothing). */
int cpuwait_own_start(struct cpuwait_own *self);

/* Takes a reading: waited_ns grows by the threads' waits since the last
 * one, and stalled is set. 0, or -1 when it cannot be read. */
int cpuwait_own_update(struct cpuwait_own *self);

/* Frees the reading; zeroed again. */
void cpuwait_own_release(struct cpuwait_own *self);

#endif

/* cpuwait.c - readings of a process tree's scheduler statistics
 * (cpuwait.h). A reading walks the tree breadth first from its root: for
 * each process its /proc/PID/stat, then each of its threads' schedstat
 * and children lists. Nothing is kept open between readings.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "arena/play/cpuwait.h"

/* The whole of a small /proc file into buf (NUL-terminated); its length,
 * or -1. */
static ssize_t read_small(const char *path, char *buf, size_t cap)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buf, cap - 1);
    close(fd);
    if (n < 0) return -1;
    buf[n] = '\0';
    return n;
}

/* utime + stime + cutime + cstime of /proc/PID/stat; -1 when unreadable. */
static int process_ticks(pid_t pid, uint64_t *ticks)
{
    char path[64], text[1024];
    unsigned long utime, stime;
    long cutime, cstime;
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    if (read_small(path, text, sizeof text) < 0) return -1;
    /* The fields after the command name, which ends with the last ')':
     * state, ppid, pgrp, session, tty, tpgid, flags, four fault counts,
     * then utime, stime, cutime, cstime. */
    const char *at = strrchr(text, ')');
    if (!at || sscanf(at + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu %ld %ld", &utime, &stime,
                      &cutime, &cstime) != 4)
        return -1;
    *ticks = (uint64_t)utime + stime + (uint64_t)(cutime > 0 ? cutime : 0) + (uint64_t)(cstime > 0 ? cstime : 0);
    return 0;
}

/* One thread's schedstat; -1 when unreadable. */
static int thread_times(pid_t pid, pid_t tid, uint64_t *ran, uint64_t *waited)
{
    char path[96], text[128];
    unsigned long long r, w;
    snprintf(path, sizeof path, "/proc/%d/task/%d/schedstat", (int)pid, (int)tid);
    if (read_small(path, text, sizeof text) < 0 || sscanf(text, "%llu %llu", &r, &w) != 2) return -1;
    *ran = r;
    *waited = w;
    return 0;
}

/* Whether one thread is ready to run (state R: running, or waiting on a
 * run queue); 0 when it is not or cannot be read. */
static int thread_ready(pid_t pid, pid_t tid)
{
    char path[96], text[512];
    snprintf(path, sizeof path, "/proc/%d/task/%d/stat", (int)pid, (int)tid);
    if (read_small(path, text, sizeof text) < 0) return 0;
    const char *at = strrchr(text, ')');
    return at && at[1] == ' ' && at[2] == 'R';
}

/* Appends the children of one thread to the queue of processes. */
static void add_children(struct cpuwait *self, pid_t pid, pid_t tid, pid_t *queue, int *n_queue)
{
    char path[96], text[4096];
    snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)pid, (int)tid);
    if (read_small(path, text, sizeof text) < 0) return;
    if (strlen(text) >= sizeof text - 16) self->complete = 0;   /* the list may go on */
    for (char *p = text, *end; *p;) {
        long child = strtol(p, &end, 10);
        if (end == p) break;
        p = end;
        if (child <= 0) continue;
        if (*n_queue == CPUWAIT_PROCESSES_MAX) {
            self->complete = 0;
            return;
        }
        queue[(*n_queue)++] = (pid_t)child;
    }
}

/* One process: its CPU times, then each of its threads, whose children
 * join the queue (none when queue is NULL). 0, or -1 when it could not be
 * read at all (it ended). */
static int read_process(struct cpuwait *self, pid_t pid, pid_t *queue, int *n_queue)
{
    char path[64];
    uint64_t ticks;
    if (process_ticks(pid, &ticks) < 0) return -1;
    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    DIR *dir = opendir(path);
    if (!dir) return -1;
    int index = self->n_processes++;
    self->processes[index].pid = pid;
    self->processes[index].ticks = ticks;
    int threads = 0;
    struct dirent *e;
    while ((e = readdir(dir))) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        pid_t tid = (pid_t)atoi(e->d_name);
        uint64_t ran, waited;
        if (thread_times(pid, tid, &ran, &waited) < 0) continue;   /* it ended meanwhile */
        if (self->n_threads == CPUWAIT_THREADS_MAX) {
            self->complete = 0;
            break;
        }
        struct cpuwait_thread *t = &self->threads[self->n_threads++];
        t->tid = tid;
        t->process = index;
        t->ran_ns = ran;
        t->waited_ns = waited;
        t->ready = thread_ready(pid, tid);
        threads++;
        if (queue) add_children(self, pid, tid, queue, n_queue);
    }
    closedir(dir);
    return threads ? 0 : -1;
}

static int read_tree(struct cpuwait *self, pid_t root, int descendants)
{
    pid_t queue[CPUWAIT_PROCESSES_MAX];
    int n_queue = 0;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    self->at_ms = (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
    self->complete = 1;
    self->n_threads = self->n_processes = 0;
    if (root <= 0) return -1;
    queue[n_queue++] = root;
    for (int i = 0; i < n_queue; i++) {
        if (read_process(self, queue[i], descendants ? queue : NULL, &n_queue) < 0 && i == 0)
            return -1;   /* the root itself is gone, or there are no statistics */
    }
    return 0;
}

int cpuwait_read(struct cpuwait *self, pid_t root)
{
    return read_tree(self, root, 1);
}

int cpuwait_read_process(struct cpuwait *self, pid_t pid)
{
    return read_tree(self, pid, 0);
}

static const struct cpuwait_thread *find_thread(const struct cpuwait *r, pid_t tid)
{
    for (int i = 0; i < r->n_threads; i++)
        if (r->threads[i].tid == tid) return &r->threads[i];
    return NULL;
}

static const struct cpuwait_process *find_process(const struct cpuwait *r, pid_t pid)
{
    for (int i = 0; i < r->n_processes; i++)
        if (r->processes[i].pid == pid) return &r->processes[i];
    return NULL;
}

/* A counter's growth; a counter that went back belongs to another thread
 * or process that took the same number, and counts from its start. */
static uint64_t grown(uint64_t before, uint64_t after)
{
    return after >= before ? after - before : after;
}

uint64_t cpuwait_waited_ns(const struct cpuwait *before, const struct cpuwait *after)
{
    uint64_t waited = 0;
    for (int i = 0; i < after->n_threads; i++) {
        const struct cpuwait_thread *t = &after->threads[i];
        const struct cpuwait_thread *then = find_thread(before, t->tid);
        waited += then ? grown(then->waited_ns, t->waited_ns) : t->waited_ns;
    }
    return waited;
}

/* What the whole tree ran between two readings: per process the more of
 * its live threads' growth and its CPU times' growth (which also holds
 * threads that ended and children it reaped). */
static uint64_t tree_ran_ns(const struct cpuwait *before, const struct cpuwait *after)
{
    long tick = sysconf(_SC_CLK_TCK);
    uint64_t tick_ns = 1000000000ull / (uint64_t)(tick > 0 ? tick : 100), tree_ran = 0;
    for (int p = 0; p < after->n_processes; p++) {
        const struct cpuwait_process *was = find_process(before, after->processes[p].pid);
        uint64_t threads_ran = 0;
        for (int i = 0; i < after->n_threads; i++) {
            const struct cpuwait_thread *t = &after->threads[i];
            if (t->process != p) continue;
            const struct cpuwait_thread *then = find_thread(before, t->tid);
            threads_ran += then ? grown(then->ran_ns, t->ran_ns) : t->ran_ns;
        }
        uint64_t ticks_ran = (was ? grown(was->ticks, after->processes[p].ticks) : after->processes[p].ticks) * tick_ns;
        tree_ran += threads_ran > ticks_ran ? threads_ran : ticks_ran;
    }
    return tree_ran;
}

/* What thread t of `after` waited beyond what the rest of the tree ran
 * since `before` (tree_ran: tree_ran_ns of the two), and what it ran. */
static uint64_t thread_starved_ns(const struct cpuwait *before, const struct cpuwait_thread *t, uint64_t tree_ran,
                                  uint64_t *ran)
{
    const struct cpuwait_thread *then = find_thread(before, t->tid);
    *ran = then ? grown(then->ran_ns, t->ran_ns) : t->ran_ns;
    uint64_t waited = then ? grown(then->waited_ns, t->waited_ns) : t->waited_ns;
    uint64_t others = tree_ran - (*ran < tree_ran ? *ran : tree_ran);
    return waited > others ? waited - others : 0;
}

uint64_t cpuwait_starved_ns(const struct cpuwait *before, const struct cpuwait *after)
{
    if (!before->complete || !after->complete) return 0;
    uint64_t tree_ran = tree_ran_ns(before, after), starved = 0, ran;
    for (int i = 0; i < after->n_threads; i++) {
        uint64_t own = thread_starved_ns(before, &after->threads[i], tree_ran, &ran);
        if (own > starved) starved = own;
    }
    return starved;
}

int cpuwait_stalled(const struct cpuwait *before, const struct cpuwait *after, pid_t except)
{
    uint64_t tree_ran = before ? tree_ran_ns(before, after) : 0, ran;
    /* The tree ran less than half the time since `before`: a ready thread
     * that ran meanwhile and was preempted is likely in a wait no reading
     * holds yet. */
    int short_of_processor = before && (after->at_ms - before->at_ms) * 1000000 > 2 * (int64_t)tree_ran;
    for (int i = 0; i < after->n_threads; i++) {
        const struct cpuwait_thread *t = &after->threads[i];
        if (!t->ready || t->tid == except) continue;
        if (!before || short_of_processor) return 1;
        uint64_t starved = thread_starved_ns(before, t, tree_ran, &ran);
        if (ran == 0 || starved > ran) return 1;
    }
    return 0;
}

int cpuwait_watch_start(struct cpuwait_watch *self, pid_t root)
{
    self->root = root;
    if (!self->last && !(self->last = malloc(sizeof *self->last))) return -1;
    if (cpuwait_read(self->last, root) == 0) return 0;
    free(self->last);
    self->last = NULL;
    return -1;
}

int64_t cpuwait_watch_starved_ms(struct cpuwait_watch *self, int64_t fresh_ms, int *stalled)
{
    struct cpuwait *now = malloc(sizeof *now);
    int64_t ms = 0;
    *stalled = 0;
    if (!now) return 0;
    if (cpuwait_read(now, self->root) < 0) {
        free(now);
        return 0;
    }
    if (self->last) ms = (int64_t)(cpuwait_starved_ns(self->last, now) / 1000000u);
    *stalled = cpuwait_stalled(self->last && self->last->at_ms >= fresh_ms ? self->last : NULL, now, 0);
    free(self->last);
    self->last = now;
    return ms;
}

int cpuwait_own_start(struct cpuwait_own *self)
{
    if (!self->last && !(self->last = malloc(sizeof *self->last))) return -1;
    if (cpuwait_read_process(self->last, getpid()) == 0) return 0;
    free(self->last);
    self->last = NULL;
    return -1;
}

int cpuwait_own_update(struct cpuwait_own *self)
{
    struct cpuwait *now = malloc(sizeof *now);
    self->stalled = 0;
    if (!now) return -1;
    if (cpuwait_read_process(now, getpid()) < 0) {
        free(now);
        return -1;
    }
    if (self->last) {
        self->waited_ns += cpuwait_waited_ns(self->last, now);
        self->stalled = cpuwait_stalled(self->last, now, gettid());
    }
    free(self->last);
    self->last = now;
    return 0;
}

void cpuwait_own_release(struct cpuwait_own *self)
{
    free(self->last);
    memset(self, 0, sizeof *self);
}

void cpuwait_watch_release(struct cpuwait_watch *self)
{
    free(self->last);
    memset(self, 0, sizeof *self);
}

/* botproc.h - starting, watching and stopping one bot process.
 *
 * With a sandbox (sandbox.h; the default everywhere) the command runs
 * under bubblewrap as sandbox.h describes, and the process the arena
 * watches is the sandbox's guard (botproc.c), which ends the whole sandbox
 * when it is asked to or when the arena dies, even by SIGKILL; its exit
 * status is the bot's (128 + N for a bot killed by signal N, which
 * botproc_describe_exit says in words). Without
 * one (--no-sandbox), a bot is started with `/bin/sh -c "exec COMMAND"` (plain `sh -c` for a
 * compound command with ; & | or newlines) in its own process group, with PIQUET_ENDPOINT and a fresh random PIQUET_TOKEN in its
 * environment, stdin from /dev/null, stdout and stderr appended to a log
 * file, every other descriptor of the arena closed, resource limits set
 * (address space, CPU seconds, open files, no core files), and a parent-
 * death signal so that it dies with the arena even when the arena is
 * killed with SIGKILL (for a compound command only its shell has that
 * signal; processes it forks are stopped with the group by botproc_stop,
 * which a SIGKILLed arena cannot run). The struct owns the process until botproc_stop()
 * has reaped it.
 */
#ifndef ARENA_PLAY_BOTPROC_H
#define ARENA_PLAY_BOTPROC_H

#include <stddef.h>
#include <sys/types.h>
#include "arena/play/affinity.h"
#include "arena/play/sandbox.h"

struct botproc_limits {
    long address_space_mb;   /* RLIMIT_AS; 0 = unlimited */
    long cpu_seconds;        /* RLIMIT_CPU; 0 = unlimited */
    long open_files;         /* RLIMIT_NOFILE; 0 = keep */
    long processes;          /* processes and threads in a sandbox (RLIMIT_NPROC); 0 = no cap */
    long log_bytes;          /* RLIMIT_FSIZE: the log's cap (botlog.h); 0 = none */
    struct affinity arena_pin;   /* the arena's pinning, undone in the bot (zeroed: none) */
};

/* Defaults: 2048 MiB (none in an AddressSanitizer build), 600 CPU
 * seconds, 256 files, 64 processes, 10 MiB of log. */
void botproc_limits_default(struct botproc_limits *self);

struct botproc {
    pid_t pid;               /* 0 when not running (never started, or reaped) */
    int exited;              /* it ran and has been reaped */
    int status;              /* waitpid status once exited */
    char token[33];          /* 32 hex characters */
    int sandboxed;           /* started under bwrap */
    long log_bytes;          /* the log's cap, sealed when the process is reaped */
    char log_path[1024];
};

/* Starts COMMAND with its output appended to LOG_PATH (created 0600), in
 * SANDBOX when it is not NULL and enabled (the endpoint must then be an
 * ipc:// one, bound into the sandbox). Returns 0, or -1 with the reason in
 * err. */
int botproc_start(struct botproc *self, const char *command, const char *endpoint,
                  const char *log_path, const struct botproc_limits *limits,
                  struct sandbox *sandbox, char *err, size_t cap);

/* True while the process has not exited (reaps it without blocking). */
int botproc_alive(struct botproc *self);

/* Asks the process group to stop (SIGTERM), waits up to grace_ms, then
 * kills it (SIGKILL) and reaps it. A no-op when not running. */
void botproc_stop(struct botproc *self, int grace_ms);

enum { BOTPROC_CPU_PARTIES = 64 };

/* The CPU limit is per partie: when a process is given another partie,
 * its soft RLIMIT_CPU becomes the CPU time it used so far plus
 * cpu_seconds (never above the hard limit, cpu_seconds times
 * BOTPROC_CPU_PARTIES). 0, or -1 when the process cannot be read. */
int botproc_renew_cpu(struct botproc *self, long cpu_seconds);

/* Asks the process group to stop (SIGTERM) and returns at once; the
 * caller polls botproc_alive() and ends with botproc_stop(self, 0), which
 * kills and reaps what is left. A no-op when not running. */
void botproc_terminate(struct botproc *self);

/* How the process ended, in words ("exit status 3", "killed by signal 9
 * (Killed)"), into buf. */
void botproc_describe_exit(const struct botproc *self, char *buf, size_t cap);

/* A fingerprint of the files a command names, so that a journal tells
 * which build of a bot played: FNV-1a 64 over the contents of every word
 * of COMMAND that is a regular file (the first word also looked up in
 * PATH), as 16 hex digits. 0, or -1 when no word names a readable file. */
int botproc_command_digest(const char *command, char out[17]);

/* Fills buf with 32 random hex characters and a NUL (getrandom). */
int botproc_random_token(char buf[33]);

#endif

/* sandbox.h - the walls around every bot process the arena starts
 * (README "Running other people's bots").
 *
 * A sandboxed bot runs under bubblewrap (bwrap) in PID, IPC, UTS, mount,
 * cgroup and (unless the tournament allows it) network namespaces of its
 * own:
 * - the filesystem is read-only ('/' bound read-only), /tmp is private
 *   (a tmpfs of SANDBOX_TMP_MB), /proc is fresh and shows only the bot's
 *   own processes, /dev is minimal, /run is hidden (the sockets of system
 *   services live there), and the arena's private files (journal, bot
 *   logs, token files) are masked;
 * - the arena's ipc socket is bound in at SANDBOX_SOCKET, which is the
 *   endpoint the bot is given;
 * - the user is unprivileged: when the arena is not root, a user namespace
 *   (the arena user's uid, no capabilities, no further user namespaces);
 *   when the arena is root, a uid of the bot process's own from
 *   SANDBOX_UID_BASE on, dropped to with setpriv(1), so that no bot reads
 *   root's files. Directories on the way to the working directory that such
 *   a uid could not pass are replaced by empty ones and the working
 *   directory bound back;
 * - no new privileges, a session of its own, a clean environment (a short
 *   list of variables, HOME=/tmp, and the PIQUET_ ones);
 * - the sandbox dies with the arena, even a SIGKILLed one: bwrap carries a
 *   parent-death signal, and when bwrap dies its PID 1 dies, which kills
 *   every process left in the namespace, setsid() or not;
 * - the number of processes and threads is capped inside the sandbox by
 *   prlimit(1), once the user namespace exists, so that only the
 *   sandbox's own processes count.
 * A sandbox description is filled once by the command front end
 * (sandbox_init, then sandbox_hide for each private path) and checked with
 * sandbox_probe before any bot starts; botproc builds each process's
 * command line from it with sandbox_argv, in the parent, before fork.
 */
#ifndef ARENA_PLAY_SANDBOX_H
#define ARENA_PLAY_SANDBOX_H

#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

#define SANDBOX_SOCKET "/tmp/piquet-arena.sock"

enum {
    SANDBOX_HIDDEN_MAX = 72,              /* journal, results, logs, every token file */
    SANDBOX_TMP_MB = 256,                 /* the private /tmp */
    SANDBOX_ARGV_MAX = 96,
    SANDBOX_TEXT_MAX = 4 * PATH_MAX + 8192
};

/* Uids of sandboxed bots when the arena runs as root: SANDBOX_UID_BASE +
 * ((r + n) mod SANDBOX_UID_SPAN) for the n-th process started, r drawn at
 * random per arena so that arenas side by side do not share uids. Far above
 * Debian's human and system users, outside systemd's documented ranges. */
#define SANDBOX_UID_BASE 3000000000u
#define SANDBOX_UID_SPAN 65536u

struct sandbox {
    int enabled;                          /* 0: --no-sandbox */
    int network;                          /* 1: --bot-network */
    int as_root;                          /* the arena is root: drop to a uid of the bot's own */
    char bwrap[PATH_MAX];                 /* the bubblewrap program */
    char cwd[PATH_MAX];                   /* the working directory bots start in */
    char hidden[SANDBOX_HIDDEN_MAX][PATH_MAX];   /* real paths masked from bots */
    int hidden_dir[SANDBOX_HIDDEN_MAX];
    int n_hidden;
    unsigned next_uid;                    /* as_root: the next uid offset (random start) */
};

/* One process's command line and environment for execve, built before
 * fork (nothing is allocated between fork and exec). */
struct sandbox_exec {
    const char *path;                     /* the program to exec */
    char *argv[SANDBOX_ARGV_MAX];
    char *envp[24];
    char text[SANDBOX_TEXT_MAX];          /* the strings argv and envp point into */
    size_t used;
};

/* Runs exec (a sandbox_argv command line) under a guard and never
 * returns: called in a child the arena (process arena) just forked, which
 * becomes the guard. The guard runs bwrap as its child and, whether the
 * arena asks it (SIGTERM: the bot may stop within a grace period; SIGUSR1:
 * at once) or dies (its parent-death signal), ends everything of the
 * sandbox, reaps it and exits with bwrap's status (128 + N for signal
 * N). So once the guard is reaped nothing of its sandbox runs, even when
 * the arena was killed while the sandbox was being built. Only system
 * calls: safe between fork and exec in a threaded arena. */
_Noreturn void sandbox_guard(const struct sandbox_exec *exec, pid_t arena);

/* Sandboxing on, no network; finds bwrap ($PIQUET_BWRAP, else
 * /usr/bin/bwrap, else bwrap on PATH) and the working directory. Nothing
 * is checked yet: see sandbox_probe. */
void sandbox_init(struct sandbox *self);

/* Masks PATH (a file or a directory, made real with realpath) from every
 * bot: a directory becomes an empty tmpfs, a file /dev/null. A path that
 * does not exist yet is skipped (0). -1 when the list is full. */
int sandbox_hide(struct sandbox *self, const char *path);

/* Checks that a sandbox can be built here by starting one that runs
 * `true`, and that each of the n commands' programs (their first words,
 * looked up like the shell does) can be run inside it. Returns 0, or -1
 * with the reason and the fix in err (install bubblewrap, enable user
 * namespaces, make a bot readable, or --no-sandbox). A disabled sandbox
 * checks the same programs the same way with /bin/sh outside any sandbox,
 * so that a bot that cannot start stops every command before its first
 * partie, sandbox or not. */
int sandbox_probe(struct sandbox *self, const char *const *commands, int n, char *err, size_t cap);

/* The whole preparation in one call, for the command front ends:
 * sandbox_init, the two switches, sandbox_hide for each of the hidden
 * paths (NULLs skipped), sandbox_probe of the commands. 0, or -1 with err. */
int sandbox_setup(struct sandbox *self, int enabled, int network, const char *const *hidden, int n_hidden,
                  const char *const *commands, int n_commands, char *err, size_t cap);

/* Fills out with the execve of SHELL_COMMAND (run by /bin/sh -c) inside
 * the sandbox, given the arena's real ipc socket path, the process limit
 * and the bot's token. Returns 0, or -1 with the reason in err. */
int sandbox_argv(struct sandbox *self, const char *shell_command, const char *socket_path,
                 long processes, const char *token, struct sandbox_exec *out, char *err, size_t cap);

/* The socket path of an ipc:// endpoint, or NULL for another transport. */
const char *sandbox_ipc_path(const char *endpoint);

#endif

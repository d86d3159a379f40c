/* support_scratch.h - a test's own corner of the machine: a scratch
 * directory for every file and ipc socket it makes, loopback ports that
 * nobody else is given, and processes named after the directory, so that
 * suites run side by side (two checkouts, two `make test` at once) never
 * share a name, a socket, a port or a process they look for (issue 13).
 *
 * State: one scratch directory and its ports per test process (Criterion
 * runs each test in a process of its own), kept in this module. The first
 * call that needs the directory makes it, mkdtemp under $TMPDIR (/tmp when
 * TMPDIR is unset or empty), named after the test's suite, mode 0700; from
 * then on TMPDIR names it, so that whatever the programs a test starts,
 * and the arena code it calls, write in their default places (bot logs in
 * $TMPDIR/piquet-arena-logs, the arena's ipc socket directory, a
 * browser's profile) lands in it as well. It is removed with everything
 * in it when the test process exits, passed or failed, or earlier by
 * support_scratch_remove; a test killed by its timeout leaves it behind.
 *
 * Paths go into shell commands unquoted in places, so TMPDIR may not hold
 * a space, a quote or a shell metacharacter, and it must be short enough
 * for an ipc socket path under the directory (108 bytes on Linux). Run as
 * root, one sandbox test runs an arena as nobody in its directory: others
 * must be able to pass TMPDIR's directories (o+x, as /tmp).
 *
 * Errors: every function asserts (Criterion) instead of returning one.
 */
#ifndef SUPPORT_SCRATCH_H
#define SUPPORT_SCRATCH_H

/* This test's scratch directory (made on the first call). The string is
 * static and stays valid until support_scratch_remove. */
const char *support_scratch_dir(void);

/* dir/name in the scratch directory, made if need be; name may hold
 * subdirectories, which are not made. In a static buffer that stays valid
 * for the next 15 calls. */
const char *support_scratch_path(const char *name);

/* Runs the shell command made of format (printf's) under /bin/sh in the
 * scratch directory; asserts that it exited, and returns its exit status. */
int support_scratch_sh(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* The whole text of the scratch directory's file name ("" when there is
 * none), which the caller frees. */
char *support_scratch_slurp(const char *name);

/* A shell command that runs $BIN/program (build/bin when BIN is unset)
 * with args (may be ""), its process named dir/program: bash's `exec -a`
 * sets its argv[0], so that its command line, "dir/program args", is what
 * support_scratch_processes finds and no other test's process matches.
 * (A copy of the program under dir would do the same.) It holds single quotes: give
 * it to a shell inside double quotes. In a static buffer that stays valid
 * for the next 15 calls. */
const char *support_scratch_command(const char *program, const char *args);

/* How many live processes (zombies excluded) have a command line, its
 * arguments joined by single spaces, that starts with the words of prefix
 * ("x --seed 3" is not a prefix of "x --seed 31"). */
int support_scratch_processes(const char *prefix);

/* How many live processes other than this one (zombies excluded) have a
 * command line that mentions the scratch directory: every process a test
 * started with a path in it, and what those forked. When list is not
 * NULL, a line for each ("pid P ppid Q S: command line") goes into it, cut
 * at cap bytes, for a failure message. */
int support_scratch_mentions(char *list, size_t cap);

/* A loopback TCP port that is this test's until support_scratch_remove:
 * bound on 127.0.0.1 with SO_REUSEADDR and never listened on. The kernel
 * gives it to no one else (not to a bind to port 0, not to a plain bind of
 * the port); a program of the test that binds it with SO_REUSEADDR, as
 * libzmq does, can listen on it; while nothing listens a connection to it
 * is refused. So no bind-then-release race: the port is never free. */
int support_scratch_port(void);

/* A loopback TCP port the test itself listens on (without SO_REUSEADDR)
 * until support_scratch_remove: a program that binds it is refused,
 * "Address already in use". */
int support_scratch_port_in_use(void);

/* Removes the scratch directory and everything under it, gives back the
 * ports and puts TMPDIR back as it was; the next call that needs a
 * directory makes a new one. A no-op when there is none. */
void support_scratch_remove(void);

#endif

/* support_cmd.h - running the project's programs from a test: where they
 * are, and a shell command's output and exit status.
 *
 * The programs are in $BIN (the Makefile sets it to the build's bin
 * directory, plain or sanitizer build), build/bin when it is unset.
 *
 * Errors: a command that cannot be started fails the test (Criterion
 * assert); a command that fails is the caller's to judge by its status.
 */
#ifndef SUPPORT_CMD_H
#define SUPPORT_CMD_H

#include <stddef.h>

/* The directory of the programs under test. Static string. */
const char *support_bin_dir(void);

/* Runs `cmd` through the shell with its standard error merged into its
 * output, `(cmd) 2>&1`; the first cap-1 bytes of the output into out
 * (NUL-terminated; the rest is read and dropped, so the command never
 * dies of a closed pipe). Returns its exit status, -1 when a signal ended
 * it. */
int support_run(const char *cmd, char *out, size_t cap);

/* The same with the standard output alone (standard error goes to the
 * test's own). */
int support_run_stdout(const char *cmd, char *out, size_t cap);

#endif

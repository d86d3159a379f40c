/* support_cmd.c - see support_cmd.h. */
#include "tests/support_cmd.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

const char *support_bin_dir(void)
{
    const char *dir = getenv("BIN");
    return dir ? dir : "build/bin";
}

static int run_shell(const char *line, char *out, size_t cap)
{
    FILE *p = popen(line, "r");
    cr_assert(p, "cannot run %s", line);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = '\0';
    while (fgetc(p) != EOF) {}
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int support_run(const char *cmd, char *out, size_t cap)
{
    size_t len = strlen(cmd) + sizeof "( ) 2>&1";
    char *line = malloc(len);
    cr_assert(line);
    snprintf(line, len, "(%s) 2>&1", cmd);
    int status = run_shell(line, out, cap);
    free(line);
    return status;
}

int support_run_stdout(const char *cmd, char *out, size_t cap)
{
    return run_shell(cmd, out, cap);
}

/* support_scratch.c - a test's scratch directory, ports and named commands
 * (support_scratch.h). One directory per process at a time: its path, the
 * TMPDIR it replaced, the ports held and the pid that made it are this
 * module's state. Only that pid removes the directory, so that a child
 * forked by a test and ending through exit() leaves it to its parent.
 */
#define _XOPEN_SOURCE 700
#include <criterion/criterion.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/support_scratch.h"

/* An ipc socket the arena makes under the directory is
 * "<dir>/piquet-arena-XXXXXX/arena.sock" (31 bytes after dir) and must fit
 * in sun_path (108 bytes with its NUL). */
enum { SCRATCH_DIR_MAX = 72, SCRATCH_PORTS_MAX = 8 };

static char dir[PATH_MAX];
static char saved_tmpdir[PATH_MAX];
static int had_tmpdir;
static pid_t owner;
static int ports[SCRATCH_PORTS_MAX];
static int n_ports;

/* Characters a path may hold to go into a shell command unquoted. */
static int shell_safe(const char *s)
{
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && !strchr("/._-+,:@%", *s)) return 0;
    return 1;
}

static int removal_failed;

/* Removes one entry; goes on after a failure, so that as much as can go
 * goes. */
static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    if (flag == FTW_DP ? rmdir(path) : unlink(path)) {
        fprintf(stderr, "support_scratch: cannot remove %s: %s\n", path, strerror(errno));
        removal_failed = 1;
    }
    return 0;
}

/* Removes the directory; 0, or -1 when something was left (said on
 * stderr). */
static int scratch_remove(void)
{
    int left = 0;
    if (!dir[0] || getpid() != owner) return 0;
    for (int i = 0; i < n_ports; i++) close(ports[i]);
    n_ports = 0;
    removal_failed = 0;
    if (nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0 || removal_failed) left = -1;
    if (had_tmpdir) setenv("TMPDIR", saved_tmpdir, 1);
    else unsetenv("TMPDIR");
    dir[0] = '\0';
    return left;
}

static void remove_at_exit(void)
{
    scratch_remove();
}

const char *support_scratch_dir(void)
{
    static int registered;
    if (dir[0]) return dir;
    const char *tmp = getenv("TMPDIR");
    const char *suite = criterion_current_suite ? criterion_current_suite->name : "test";
    had_tmpdir = tmp != NULL;
    snprintf(saved_tmpdir, sizeof saved_tmpdir, "%s", tmp ? tmp : "");
    snprintf(dir, sizeof dir, "%s/pq-%.16s.XXXXXX", tmp && *tmp ? tmp : "/tmp", suite);
    cr_assert(shell_safe(dir), "TMPDIR '%s' holds a character the tests' shell commands cannot take", tmp);
    cr_assert_leq(strlen(dir), SCRATCH_DIR_MAX, "TMPDIR '%s' is too long for an ipc socket path under it", tmp);
    cr_assert_not_null(mkdtemp(dir), "cannot make a scratch directory %s: %s", dir, strerror(errno));
    owner = getpid();
    if (!registered) {
        cr_assert_eq(atexit(remove_at_exit), 0);
        registered = 1;
    }
    cr_assert_eq(setenv("TMPDIR", dir, 1), 0);
    return dir;
}

const char *support_scratch_path(const char *name)
{
    static char paths[16][PATH_MAX];
    static int next;
    char *p = paths[next++ % 16];
    int n = snprintf(p, sizeof paths[0], "%s/%s", support_scratch_dir(), name);
    cr_assert(n > 0 && (size_t)n < sizeof paths[0], "a path too long: %s/%s", dir, name);
    return p;
}

int support_scratch_sh(const char *format, ...)
{
    static char args[16384], cmd[17000];
    va_list ap;
    va_start(ap, format);
    int len = vsnprintf(args, sizeof args, format, ap);
    va_end(ap);
    cr_assert_lt(len, (int)sizeof args, "a command too long for support_scratch_sh");
    len = snprintf(cmd, sizeof cmd, "cd %s && %s", support_scratch_dir(), args);
    cr_assert_lt(len, (int)sizeof cmd, "a command too long for support_scratch_sh");
    int status = system(cmd);
    cr_assert(status != -1 && WIFEXITED(status), "%s", cmd);
    return WEXITSTATUS(status);
}

char *support_scratch_slurp(const char *name)
{
    FILE *f = fopen(support_scratch_path(name), "r");
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    cr_assert_not_null(mem);
    int c;
    while (f && (c = fgetc(f)) != EOF) fputc(c, mem);
    if (f) fclose(f);
    fclose(mem);
    return text;
}

const char *support_scratch_command(const char *program, const char *args)
{
    static char commands[16][3 * PATH_MAX];
    static int next;
    const char *bin = getenv("BIN");
    char *c = commands[next++ % 16];
    int n = snprintf(c, sizeof commands[0], "bash -c 'exec -a %s/%s %s/%s%s%s'", support_scratch_dir(), program,
                     bin && *bin ? bin : "build/bin", program, *args ? " " : "", args);
    cr_assert(n > 0 && (size_t)n < sizeof commands[0], "a command too long");
    cr_assert(!strchr(args, '\''), "a quote in the arguments of %s", program);
    return c;
}

/* Calls seen(pid, line) for every live process (zombies and kernel threads,
 * whose command line is empty, left out) but this one, its command line's
 * arguments joined by single spaces; returns how many it counted. */
static int scan_processes(int (*seen)(const char *pid, const char *line, void *arg), void *arg)
{
    DIR *proc = opendir("/proc");
    struct dirent *e;
    char path[64], line[8192], self[24];
    int count = 0;
    cr_assert_not_null(proc);
    snprintf(self, sizeof self, "%ld", (long)getpid());
    while ((e = readdir(proc))) {
        if (!isdigit((unsigned char)e->d_name[0]) || !strcmp(e->d_name, self)) continue;
        snprintf(path, sizeof path, "/proc/%.20s/cmdline", e->d_name);
        FILE *f = fopen(path, "r");
        if (!f) continue;   /* gone meanwhile */
        size_t len = fread(line, 1, sizeof line - 1, f);
        fclose(f);
        if (len == 0) continue;
        for (size_t i = 0; i < len; i++)
            if (line[i] == '\0') line[i] = ' ';
        while (len > 0 && line[len - 1] == ' ') len--;
        line[len] = '\0';
        count += seen(e->d_name, line, arg);
    }
    closedir(proc);
    return count;
}

static int starts_with_words(const char *pid, const char *line, void *arg)
{
    (void)pid;
    const char *prefix = arg;
    size_t want = strlen(prefix);
    return !strncmp(line, prefix, want) && (line[want] == '\0' || line[want] == ' ');
}

int support_scratch_processes(const char *prefix)
{
    return scan_processes(starts_with_words, (void *)prefix);
}

struct mention_list { char *list; size_t cap, used; };

static int mentions_dir(const char *pid, const char *line, void *arg)
{
    struct mention_list *out = arg;
    if (!strstr(line, dir)) return 0;
    if (out->list && out->used < out->cap) {
        char path[64], stat[512] = "";
        snprintf(path, sizeof path, "/proc/%.20s/stat", pid);
        FILE *f = fopen(path, "r");
        size_t n = f ? fread(stat, 1, sizeof stat - 1, f) : 0;
        if (f) fclose(f);
        stat[n] = '\0';
        /* After the name's last ')': the state, then the parent's pid. */
        const char *at = strrchr(stat, ')');
        char state = '?';
        long ppid = 0;
        if (at) sscanf(at + 1, " %c %ld", &state, &ppid);
        int w = snprintf(out->list + out->used, out->cap - out->used, "  pid %s ppid %ld %c: %.300s\n", pid, ppid,
                         state, line);
        out->used = w < 0 ? out->cap : out->used + (size_t)w < out->cap ? out->used + (size_t)w : out->cap;
    }
    return 1;
}

int support_scratch_mentions(char *list, size_t cap)
{
    struct mention_list out = { list, cap, 0 };
    if (list && cap) list[0] = '\0';
    cr_assert(dir[0], "no scratch directory yet");
    return scan_processes(mentions_dir, &out);
}

/* A loopback TCP port bound for the rest of the test (given back with
 * the directory): with SO_REUSEADDR and never listened on (reserved), or
 * without it and listened on (in use). */
static int held_port(int listening)
{
    struct sockaddr_in a;
    socklen_t len = sizeof a;
    int one = 1;
    support_scratch_dir();
    cr_assert_lt(n_ports, SCRATCH_PORTS_MAX, "more than %d ports in one test", SCRATCH_PORTS_MAX);
    int s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    cr_assert_geq(s, 0, "socket: %s", strerror(errno));
    if (!listening) cr_assert_eq(setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one), 0);
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    cr_assert_eq(bind(s, (struct sockaddr *)&a, sizeof a), 0, "bind: %s", strerror(errno));
    if (listening) cr_assert_eq(listen(s, 1), 0, "listen: %s", strerror(errno));
    cr_assert_eq(getsockname(s, (struct sockaddr *)&a, &len), 0);
    ports[n_ports++] = s;
    return ntohs(a.sin_port);
}

int support_scratch_port(void)
{
    return held_port(0);
}

int support_scratch_port_in_use(void)
{
    return held_port(1);
}

void support_scratch_remove(void)
{
    char was[PATH_MAX];
    snprintf(was, sizeof was, "%s", dir);
    cr_expect_eq(scratch_remove(), 0, "the scratch directory %s was not removed whole", was);
}

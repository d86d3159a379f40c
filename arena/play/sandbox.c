/* sandbox.c - bubblewrap command lines for bot processes (sandbox.h).
 * Everything is computed in the parent: botproc's child only calls execve
 * with what sandbox_argv wrote into a struct sandbox_exec.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "arena/play/sandbox.h"

/* Variables a bot keeps from the arena's environment; everything else
 * (tokens, keys, the user's settings) stays outside. */
static const char *const kept_env[] = {
    "PATH", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_NUMERIC", "TZ",
    "PYTHONPATH", "PYTHONHASHSEED", "LD_LIBRARY_PATH"
};

static int executable(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

void sandbox_init(struct sandbox *self)
{
    memset(self, 0, sizeof *self);
    self->enabled = 1;
    self->as_root = getuid() == 0;
    /* Arenas running side by side must not share uids (a uid's process
     * count is one budget): each starts at a random place in the span. */
    if (getrandom(&self->next_uid, sizeof self->next_uid, 0) != (ssize_t)sizeof self->next_uid)
        self->next_uid = (unsigned)getpid() * 2654435761u;
    const char *given = getenv("PIQUET_BWRAP");
    if (given && *given) {
        snprintf(self->bwrap, sizeof self->bwrap, "%s", given);
    } else if (executable("/usr/bin/bwrap")) {
        snprintf(self->bwrap, sizeof self->bwrap, "/usr/bin/bwrap");
    } else {
        const char *path = getenv("PATH");
        snprintf(self->bwrap, sizeof self->bwrap, "bwrap");   /* not found: the probe says so */
        while (path && *path) {
            size_t dir = strcspn(path, ":");
            char full[PATH_MAX];
            if (dir && snprintf(full, sizeof full, "%.*s/bwrap", (int)dir, path) < (int)sizeof full &&
                executable(full)) {
                snprintf(self->bwrap, sizeof self->bwrap, "%s", full);
                break;
            }
            path += dir + (path[dir] == ':');
        }
    }
    if (!getcwd(self->cwd, sizeof self->cwd)) snprintf(self->cwd, sizeof self->cwd, "/");
}

int sandbox_hide(struct sandbox *self, const char *path)
{
    char real[PATH_MAX];
    struct stat st;
    if (!path || !realpath(path, real) || stat(real, &st) < 0) return 0;
    for (int i = 0; i < self->n_hidden; i++)
        if (!strcmp(self->hidden[i], real)) return 0;
    if (self->n_hidden == SANDBOX_HIDDEN_MAX) return -1;
    snprintf(self->hidden[self->n_hidden], PATH_MAX, "%s", real);
    self->hidden_dir[self->n_hidden] = S_ISDIR(st.st_mode);
    self->n_hidden++;
    return 0;
}

const char *sandbox_ipc_path(const char *endpoint)
{
    return strncmp(endpoint, "ipc://", 6) ? NULL : endpoint + 6;
}

/* ---- building a command line ---------------------------------------------- */

static char *put(struct sandbox_exec *out, const char *text)
{
    size_t n = strlen(text) + 1;
    if (out->used + n > sizeof out->text) return NULL;
    char *at = out->text + out->used;
    memcpy(at, text, n);
    out->used += n;
    return at;
}

static int arg(struct sandbox_exec *out, int *argc, const char *text)
{
    if (*argc >= SANDBOX_ARGV_MAX - 1) return -1;
    char *s = put(out, text);
    if (!s) return -1;
    out->argv[(*argc)++] = s;
    out->argv[*argc] = NULL;
    return 0;
}

static int args(struct sandbox_exec *out, int *argc, const char *const *list)
{
    for (; *list; list++)
        if (arg(out, argc, *list) < 0) return -1;
    return 0;
}

/* The first directory on the way to PATH (PATH itself excluded) that
 * other users may not pass, written to out; 0 when there is none. */
static int blocked_ancestor(const char *path, char *out, size_t cap)
{
    char prefix[PATH_MAX];
    size_t n = strlen(path);
    for (size_t i = 1; i < n && i < sizeof prefix; i++) {
        if (path[i] != '/') continue;
        memcpy(prefix, path, i);
        prefix[i] = '\0';
        struct stat st;
        if (stat(prefix, &st) == 0 && !(st.st_mode & S_IXOTH)) {
            snprintf(out, cap, "%s", prefix);
            return 1;
        }
    }
    return 0;
}

static int env(struct sandbox_exec *out, int *envc, const char *name, const char *value)
{
    char line[PATH_MAX + 64];
    if (*envc >= (int)(sizeof out->envp / sizeof out->envp[0]) - 1) return -1;
    if (snprintf(line, sizeof line, "%s=%s", name, value) >= (int)sizeof line) return 0;   /* too long: left out */
    char *s = put(out, line);
    if (!s) return -1;
    out->envp[(*envc)++] = s;
    out->envp[*envc] = NULL;
    return 0;
}

static int under(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    return !strncmp(path, dir, n) && (path[n] == '/' || path[n] == '\0');
}

/* Binds DIR back, read-only, below the mount COVER that hid it: the
 * directories between them are made 0755 first (bwrap would make them
 * 0700 and root's, closed to a bot running under a uid of its own). */
static int rebind(struct sandbox_exec *out, int *argc, const char *cover, const char *dir)
{
    char part[PATH_MAX];
    size_t start = strlen(cover), n = strlen(dir);
    for (size_t i = start + 1; i < n && i < sizeof part; i++) {
        if (dir[i] != '/') continue;
        memcpy(part, dir, i);
        part[i] = '\0';
        if (args(out, argc, (const char *const[]){ "--perms", "0755", "--dir", part, NULL }) < 0) return -1;
    }
    return args(out, argc, (const char *const[]){ "--ro-bind", dir, dir, NULL });
}

/* The program a shell command starts, resolved, when its first word
 * (after "exec") is an absolute path to a file. */
static int program_file(const char *command, char *out, size_t cap)
{
    char word[PATH_MAX], real[PATH_MAX];
    while (*command == ' ' || *command == '\t') command++;
    if (!strncmp(command, "exec ", 5)) command += 5;
    while (*command == ' ' || *command == '\t') command++;
    size_t n = strcspn(command, " \t;&|\n'\"<>()");
    if (*command != '/' || n >= sizeof word) return 0;
    memcpy(word, command, n);
    word[n] = '\0';
    if (!realpath(word, real) || strlen(real) >= cap) return 0;
    snprintf(out, cap, "%s", real);
    return 1;
}

/* The directory of that program. */
static int program_directory(const char *command, char *out, size_t cap)
{
    char real[PATH_MAX];
    if (!program_file(command, real, sizeof real)) return 0;
    char *slash = strrchr(real, '/');
    if (!slash || slash == real) return 0;
    *slash = '\0';
    snprintf(out, cap, "%s", real);
    return 1;
}

static int argv_for(struct sandbox *self, const char *shell_command, const char *program_command,
                    const char *socket_path, long processes, const char *token, struct sandbox_exec *out, char *err,
                    size_t cap);

int sandbox_argv(struct sandbox *self, const char *shell_command, const char *socket_path,
                 long processes, const char *token, struct sandbox_exec *out, char *err, size_t cap)
{
    return argv_for(self, shell_command, shell_command, socket_path, processes, token, out, err, cap);
}

/* The sandbox running shell_command for the bot whose command is
 * program_command (the same but for the probe, which runs a check of that
 * bot's program): its program's directory is bound back as for the bot. */
static int argv_for(struct sandbox *self, const char *shell_command, const char *program_command,
                    const char *socket_path, long processes, const char *token, struct sandbox_exec *out, char *err,
                    size_t cap)
{
    int argc = 0, envc = 0;
    char number[64], blocked[PATH_MAX];
    memset(out, 0, offsetof(struct sandbox_exec, text));
    out->used = 0;
    out->path = self->bwrap;
    static const char *const base[] = { "bwrap", "--die-with-parent", "--new-session",
                                        "--unshare-ipc", "--unshare-pid", "--unshare-uts", "--unshare-cgroup-try",
                                        "--ro-bind", "/", "/", NULL };
    int ok = args(out, &argc, base) == 0;
    if (!self->as_root) ok = ok && args(out, &argc, (const char *const[]){ "--unshare-user", "--disable-userns", NULL }) == 0;
    if (!self->network) ok = ok && arg(out, &argc, "--unshare-net") == 0;
    snprintf(number, sizeof number, "%ld", (long)SANDBOX_TMP_MB << 20);
    ok = ok && args(out, &argc, (const char *const[]){ "--proc", "/proc", "--dev", "/dev", "--perms", "1777",
                                                        "--size", number, "--tmpfs", "/tmp", NULL }) == 0;
    /* /run holds system services' sockets (a filesystem socket ignores the
     * network namespace); a networked bot keeps it for resolv.conf. */
    if (!self->network) ok = ok && args(out, &argc, (const char *const[]){ "--tmpfs", "/run", NULL }) == 0;
    /* The working directory and the directory of the bot's program, when
     * the mounts above hid them or (as root) a directory on the way is
     * closed to the bot's uid: bound back read-only. */
    char program_dir[PATH_MAX], program_file_path[PATH_MAX], hidden_above[2][PATH_MAX] = { "", "" };
    const char *dirs[2] = { self->cwd, NULL };
    if (program_directory(program_command, program_dir, sizeof program_dir)) dirs[1] = program_dir;
    for (int k = 0; k < 2 && ok; k++) {
        if (!dirs[k] || (k == 1 && !strcmp(dirs[1], dirs[0]))) continue;
        const char *cover = NULL;
        if (self->as_root && blocked_ancestor(dirs[k], blocked, sizeof blocked)) {
            if (strcmp(blocked, hidden_above[0])) {
                ok = args(out, &argc, (const char *const[]){ "--tmpfs", blocked, NULL }) == 0;
                snprintf(hidden_above[k], PATH_MAX, "%s", blocked);
            }
            cover = blocked;
        } else if (under(dirs[k], "/tmp")) {
            cover = "/tmp";
        } else if (!self->network && under(dirs[k], "/run")) {
            cover = "/run";
        }
        /* The working directory or the program's being /tmp (or /run)
         * itself, binding it back would cover the private /tmp with the
         * real one, read-only, and every other user's files in it: the
         * private one stands (a program lying directly in it is bound
         * back alone, below). */
        if (ok && cover && strcmp(cover, dirs[k])) ok = rebind(out, &argc, cover, dirs[k]) == 0;
    }
    if (ok && dirs[1] && (!strcmp(dirs[1], "/tmp") || (!self->network && !strcmp(dirs[1], "/run"))) &&
        program_file(program_command, program_file_path, sizeof program_file_path))
        ok = args(out, &argc, (const char *const[]){ "--ro-bind", program_file_path, program_file_path, NULL }) == 0;
    if (socket_path) ok = ok && args(out, &argc, (const char *const[]){ "--bind", socket_path, SANDBOX_SOCKET, NULL }) == 0;
    for (int i = 0; i < self->n_hidden && ok; i++)
        ok = self->hidden_dir[i] ? args(out, &argc, (const char *const[]){ "--tmpfs", self->hidden[i], NULL }) == 0
                                 : args(out, &argc, (const char *const[]){ "--ro-bind", "/dev/null", self->hidden[i], NULL }) == 0;
    ok = ok && args(out, &argc, (const char *const[]){ "--chdir", self->cwd, "--", NULL }) == 0;
    if (self->as_root) {
        char uid[32];
        snprintf(uid, sizeof uid, "%u", SANDBOX_UID_BASE + self->next_uid++ % SANDBOX_UID_SPAN);
        ok = ok && args(out, &argc, (const char *const[]){ "/usr/bin/setpriv", "--reuid", uid, "--regid", uid,
                                                            "--clear-groups", "--no-new-privs", "--inh-caps=-all",
                                                            "--bounding-set=-all", "--", NULL }) == 0;
    }
    if (processes > 0) {
        snprintf(number, sizeof number, "--nproc=%ld", processes);
        ok = ok && args(out, &argc, (const char *const[]){ "/usr/bin/prlimit", number, "--", NULL }) == 0;
    }
    ok = ok && args(out, &argc, (const char *const[]){ "/bin/sh", "-c", shell_command, NULL }) == 0;
    for (size_t i = 0; i < sizeof kept_env / sizeof kept_env[0] && ok; i++) {
        const char *value = getenv(kept_env[i]);
        if (value) ok = env(out, &envc, kept_env[i], value) == 0;
    }
    ok = ok && env(out, &envc, "HOME", "/tmp") == 0 && env(out, &envc, "TMPDIR", "/tmp") == 0 &&
         env(out, &envc, "PIQUET_ENDPOINT", "ipc://" SANDBOX_SOCKET) == 0 &&
         env(out, &envc, "PIQUET_TOKEN", token) == 0;
    if (!ok) {
        snprintf(err, cap, "the sandbox's command line is too long (bot command, paths)");
        return -1;
    }
    return 0;
}

/* ---- the guard of a sandbox ----------------------------------------------
 *
 * A sandboxed bot runs as: arena -> guard (this process, a fork of the
 * arena) -> bwrap -> the sandbox's PID 1 (bwrap again) -> the bot. bwrap
 * arms the parent-death signal of the sandbox's PID 1 only once it has
 * set up its mounts; an arena killed in that window (SIGKILL, so no code
 * of the arena runs) used to leave that PID 1 and its bot running for
 * good. The guard closes the window: it is a subreaper, so a PID 1 whose
 * bwrap died comes back to it, and its own parent-death signal is SIGTERM,
 * which it handles: whether the arena asked (SIGTERM: a bot may stop on
 * its own; SIGUSR1: at once) or died, it kills the sandbox's PID 1 (the
 * kernel then kills every process of the namespace), reaps everything it
 * holds and exits with bwrap's status. Between fork and exec, and in the
 * guard, only system calls: the arena has other threads.
 *
 * The probe needs the guard as much as a bot does: bwrap's PID 1 waits
 * for its parent's word before it arms anything, so a probe's bwrap
 * killed with the arena left that PID 1 waiting for good. */

enum { GUARD_GRACE_MS = 300 };

static _Noreturn void guard_fail(const char *what)
{
    (void)!write(2, "arena: cannot start bot: ", 25);
    (void)!write(2, what, strlen(what));
    (void)!write(2, "\n", 1);
    _exit(127);
}


static pid_t child_of(pid_t pid)
{
    char path[64] = "/proc/", digits[16], text[32];
    int n = 0, len = 6;
    unsigned v = (unsigned)pid;
    do digits[n++] = (char)('0' + v % 10); while ((v /= 10) && n < 15);
    for (int k = 0; k < 2; k++) {
        for (int i = n - 1; i >= 0; i--) path[len++] = digits[i];
        memcpy(path + len, k ? "/children" : "/task/", k ? 10 : 6);
        len += k ? 10 : 6;
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    ssize_t got = read(fd, text, sizeof text - 1);
    close(fd);
    pid_t child = 0;
    for (ssize_t i = 0; i < got && text[i] >= '0' && text[i] <= '9'; i++) child = child * 10 + (text[i] - '0');
    return child;
}

/* Kills the sandbox under bwrap (its PID 1), then every other process the
 * guard holds, and reaps them all; bwrap's status into *status. */
static void guard_teardown(pid_t bwrap, int *status, int *bwrap_done)
{
    pid_t init = *bwrap_done ? 0 : child_of(bwrap);
    if (init > 0) kill(init, SIGKILL);
    for (;;) {
        pid_t left = child_of(getpid());
        if (left > 0 && (left != bwrap || *bwrap_done || init <= 0)) kill(left, SIGKILL);
        int st;
        pid_t w = waitpid(-1, &st, 0);
        if (w < 0) break;   /* ECHILD: nothing left */
        if (w == bwrap) {
            *status = st;
            *bwrap_done = 1;
        }
    }
}

/* Reaps the guard's children that have ended, without waiting; bwrap's
 * status into *status when it is one of them. */
static void reap_ready(pid_t bwrap, int *status, int *bwrap_done)
{
    int st;
    pid_t w;
    while ((w = waitpid(-1, &st, WNOHANG)) > 0)
        if (w == bwrap) {
            *status = st;
            *bwrap_done = 1;
        }
}

_Noreturn void sandbox_guard(const struct sandbox_exec *exec, pid_t arena)
{
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGUSR1);
    sigaddset(&set, SIGCHLD);
    sigprocmask(SIG_BLOCK, &set, &old);
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != arena) _exit(127);   /* the arena died already */
    pid_t guard_pid = getpid(), bwrap = fork();
    if (bwrap < 0) guard_fail("cannot fork");
    if (bwrap == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != guard_pid) _exit(127);
        sigprocmask(SIG_SETMASK, &old, NULL);
        execve(exec->path, exec->argv, exec->envp);
        guard_fail("cannot run bubblewrap");
    }
    int status = 0, bwrap_done = 0;
    for (;;) {
        siginfo_t info;
        int sig = sigwaitinfo(&set, &info);
        if (sig == SIGCHLD) {
            reap_ready(bwrap, &status, &bwrap_done);
            if (bwrap_done) break;
        } else if (sig == SIGTERM) {
            /* The bot may stop on its own within the grace period. */
            pid_t init = child_of(bwrap), bot = init > 0 ? child_of(init) : 0;
            if (bot > 0) kill(bot, SIGTERM);
            struct timespec grace = { 0, GUARD_GRACE_MS * 1000000L };
            sigset_t chld;
            sigemptyset(&chld);
            sigaddset(&chld, SIGCHLD);
            while (!bwrap_done && sigtimedwait(&chld, &info, &grace) == SIGCHLD)
                reap_ready(bwrap, &status, &bwrap_done);
            break;
        } else if (sig == SIGUSR1) {
            break;
        }
    }
    guard_teardown(bwrap, &status, &bwrap_done);
    _exit(WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 1);
}

/* ---- the probe ---------------------------------------------------------------- */

/* Runs the program at path and collects up to cap-1 bytes of its stderr;
 * the exit status, or -1 when it could not be started or ran over 10 s. */
static int run_collect(const char *path, char *const argv[], char *const envp[], const struct sandbox_exec *guarded,
                       char *text, size_t cap)
{
    int fds[2];
    text[0] = '\0';
    if (pipe2(fds, O_CLOEXEC) < 0) return -1;
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(127);
        int null_fd = open("/dev/null", O_RDWR);
        if (null_fd < 0 || dup2(null_fd, 0) < 0 || dup2(fds[1], 1) < 0 || dup2(fds[1], 2) < 0) _exit(127);
        if (guarded) sandbox_guard(guarded, parent);
        execve(path, argv, envp);
        (void)!write(2, "cannot run ", 11);
        (void)!write(2, path, strlen(path));
        (void)!write(2, ": ", 2);
        (void)!write(2, strerror(errno), strlen(strerror(errno)));
        _exit(127);
    }
    close(fds[1]);
    size_t used = 0;
    int timed_out = 0;
    struct pollfd p = { fds[0], POLLIN, 0 };
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        clock_gettime(CLOCK_MONOTONIC, &now);
        long left = 10000 - ((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000);
        if (left <= 0 || poll(&p, 1, (int)left) <= 0) {
            kill(pid, guarded ? SIGUSR1 : SIGKILL);   /* a guard ends its sandbox first */
            timed_out = 1;
            break;
        }
        char chunk[512];
        ssize_t n = read(fds[0], chunk, sizeof chunk);
        if (n <= 0) break;
        size_t take = (size_t)n < cap - 1 - used ? (size_t)n : cap - 1 - used;
        memcpy(text + used, chunk, take);
        used += take;
    }
    text[used] = '\0';
    close(fds[0]);
    int status;
    if (waitpid(pid, &status, 0) != pid) return -1;
    if (timed_out || WIFSIGNALED(status)) return -1;
    while (used && (text[used - 1] == '\n' || text[used - 1] == ' ')) text[--used] = '\0';
    return WEXITSTATUS(status);
}

/* The first word of a shell command (up to a blank or an operator). */
static void first_word(const char *command, char *out, size_t cap)
{
    while (*command == ' ' || *command == '\t') command++;
    size_t n = strcspn(command, " \t;&|\n'\"<>()");
    if (n >= cap) n = cap - 1;
    memcpy(out, command, n);
    out[n] = '\0';
}

/* A word quoted for sh: '...' with each ' written '\''. */
static int quote(char *out, size_t cap, const char *word)
{
    size_t used = 0;
    if (cap < 3) return -1;
    out[used++] = '\'';
    for (; *word; word++) {
        const char *piece = *word == '\'' ? "'\\''" : NULL;
        size_t n = piece ? 4 : 1;
        if (used + n + 2 > cap) return -1;
        if (piece) memcpy(out + used, piece, n);
        else out[used] = *word;
        used += n;
    }
    out[used++] = '\'';
    out[used] = '\0';
    return 0;
}

/* A shell script that checks the program (first word) of each command
 * as the shell that starts the bot would find it, says which cannot be
 * run, and exits 3 when one cannot. `where` ends each message (" inside
 * the sandbox", or ""). Commands starting with VAR=value are not checked. */
static void program_check_script(const char *const *commands, int n, const char *where, char *script, size_t cap)
{
    char word[1024], quoted[2100];
    size_t used = (size_t)snprintf(script, cap, "s=0\n");
    for (int i = 0; i < n; i++) {
        first_word(commands[i], word, sizeof word);
        if (!word[0] || strchr(word, '=') || quote(quoted, sizeof quoted, word) < 0) continue;
        int len = strchr(word, '/')
            ? snprintf(script + used, cap - used,
                       "[ -f %s ] && [ -r %s ] && [ -x %s ] || { echo \"bot program %s cannot be run%s "
                       "(not found, not a file, or not readable and executable)\" >&2; s=3; }\n",
                       quoted, quoted, quoted, quoted, where)
            : snprintf(script + used, cap - used,
                       "command -v %s >/dev/null || { echo \"bot program %s is not found on PATH%s\" >&2; s=3; }\n",
                       quoted, quoted, where);
        if (len < 0 || (size_t)len >= cap - used) break;
        used += (size_t)len;
    }
    snprintf(script + used, cap - used, "exit $s\n");
}

int sandbox_probe(struct sandbox *self, const char *const *commands, int n, char *err, size_t cap)
{
    static const char fix[] =
        "install bubblewrap (apt-get install bubblewrap) and allow unprivileged user namespaces "
        "(sysctl kernel.unprivileged_userns_clone=1), or pass --no-sandbox, which is unsafe for bots you did not write";
    char script[8192], output[1024];
    struct sandbox_exec *exec;
    int rc = -1;
    if (!self->enabled) {
        /* The same check, outside any sandbox, by the shell that will
         * start the bots. */
        extern char **environ;
        program_check_script(commands, n, "", script, sizeof script);
        char *argv[] = { "sh", "-c", script, NULL };
        int status = run_collect("/bin/sh", argv, environ, NULL, output, sizeof output);
        if (status == 0) return 0;
        if (status == 3) snprintf(err, cap, "%s", output);
        else snprintf(err, cap, "cannot check the bots' programs with /bin/sh: %s", output[0] ? output : "it failed");
        return -1;
    }
    if (!executable(self->bwrap) || !(exec = malloc(sizeof *exec))) {
        snprintf(err, cap, "cannot sandbox the bots: bubblewrap (%s) is not installed; %s", self->bwrap, fix);
        return -1;
    }
    /* A sandbox per bot checks its program, as that bot will see it. */
    int status = 0;
    for (int i = 0; i < n && status == 0; i++) {
        program_check_script(&commands[i], 1, " inside the sandbox", script, sizeof script);
        if (argv_for(self, script, commands[i], NULL, 0, "probe", exec, err, cap) < 0) goto out;
        status = run_collect(exec->path, exec->argv, exec->envp, exec, output, sizeof output);
    }
    if (status == 0) {
        rc = 0;
    } else if (status == 3) {
        snprintf(err, cap, "%s%s", output,
                 self->as_root ? " (as root the arena runs bots under uids of their own, so their files and the "
                                 "directories above them must be readable by others: chmod o+rx; or run the arena as "
                                 "a normal user, or pass --no-sandbox)"
                               : " (check the path and the permissions; or pass --no-sandbox)");
    } else {
        snprintf(err, cap, "cannot sandbox the bots: %s (%s); %s", output[0] ? output : "bubblewrap failed",
                 self->bwrap, fix);
    }
out:
    free(exec);
    return rc;
}

int sandbox_setup(struct sandbox *self, int enabled, int network, const char *const *hidden, int n_hidden,
                  const char *const *commands, int n_commands, char *err, size_t cap)
{
    sandbox_init(self);
    self->enabled = enabled;
    self->network = network;
    for (int i = 0; i < n_hidden; i++)
        if (hidden[i] && sandbox_hide(self, hidden[i]) < 0) {
            snprintf(err, cap, "more than %d private paths to hide from the bots", SANDBOX_HIDDEN_MAX);
            return -1;
        }
    return sandbox_probe(self, commands, n_commands, err, cap);
}

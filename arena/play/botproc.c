/* botproc.c - bot processes (botproc.h). Everything between fork and exec
 * in the child uses only async-signal-safe calls; failures there end the
 * child with status 127 after writing the reason to its log.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "arena/play/botlog.h"
#include "arena/play/botproc.h"

void botproc_limits_default(struct botproc_limits *self)
{
    /* AddressSanitizer reserves terabytes of address space for its shadow
     * memory, so a sanitizer build (make asan) cannot cap it. */
#if defined(__SANITIZE_ADDRESS__)
    self->address_space_mb = 0;
#else
    self->address_space_mb = 2048;
#endif
    self->cpu_seconds = 600;
    self->open_files = 256;
    self->processes = 64;
    self->log_bytes = BOTLOG_DEFAULT_BYTES;
    memset(&self->arena_pin, 0, sizeof self->arena_pin);
}

int botproc_random_token(char buf[33])
{
    unsigned char raw[16];
    static const char hex[] = "0123456789abcdef";
    if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw) return -1;
    for (int i = 0; i < 16; i++) {
        buf[2 * i] = hex[raw[i] >> 4];
        buf[2 * i + 1] = hex[raw[i] & 15];
    }
    buf[32] = '\0';
    return 0;
}

static void set_limit(int resource, rlim_t value)
{
    struct rlimit r = { value, value };
    setrlimit(resource, &r);
}

static void child_fail(int log_fd, const char *what)
{
    if (log_fd >= 0) {
        (void)!write(log_fd, "arena: cannot start bot: ", 25);
        (void)!write(log_fd, what, strlen(what));
        (void)!write(log_fd, "\n", 1);
    }
    _exit(127);
}

int botproc_start(struct botproc *self, const char *command, const char *endpoint,
                  const char *log_path, const struct botproc_limits *limits,
                  struct sandbox *sandbox, char *err, size_t cap)
{
    char env_endpoint[1100], env_token[64], shell[4200];
    struct sandbox_exec *exec = NULL;
    memset(self, 0, sizeof *self);
    /* A simple command is exec'd by the shell, so the bot itself carries the
     * parent-death signal (a forked grandchild would not); a compound one
     * (; & | or several lines) runs under the shell, in the same group. */
    int simple = !strpbrk(command, ";&|\n");
    if (snprintf(shell, sizeof shell, simple ? "exec %s" : "%s", command) >= (int)sizeof shell) {
        snprintf(err, cap, "bot command longer than 4000 characters");
        return -1;
    }
    if (botproc_random_token(self->token) < 0) {
        snprintf(err, cap, "cannot make a token: %s", strerror(errno));
        return -1;
    }
    if (strlen(endpoint) > 1000) {
        snprintf(err, cap, "endpoint too long");
        return -1;
    }
    snprintf(env_endpoint, sizeof env_endpoint, "PIQUET_ENDPOINT=%s", endpoint);
    snprintf(env_token, sizeof env_token, "PIQUET_TOKEN=%s", self->token);
    if (sandbox && sandbox->enabled) {
        const char *socket_path = sandbox_ipc_path(endpoint);
        if (!socket_path) {
            snprintf(err, cap, "a sandboxed bot needs an ipc:// endpoint, not '%s'", endpoint);
            return -1;
        }
        if (!(exec = malloc(sizeof *exec))) {
            snprintf(err, cap, "out of memory");
            return -1;
        }
        if (sandbox_argv(sandbox, shell, socket_path, limits->processes, self->token, exec, err, cap) < 0) {
            free(exec);
            return -1;
        }
        self->sandboxed = 1;
    }
    snprintf(self->log_path, sizeof self->log_path, "%s", log_path);
    self->log_bytes = limits->log_bytes;
    int log_fd = open(log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (log_fd < 0) {
        snprintf(err, cap, "cannot open bot log '%s': %s", log_path, strerror(errno));
        free(exec);
        return -1;
    }
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, cap, "cannot fork: %s", strerror(errno));
        close(log_fd);
        free(exec);
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        affinity_restore(&limits->arena_pin);   /* a bot runs where the arena could before it pinned itself */
        if (getppid() != parent) _exit(127);   /* the arena died already */
        int null_fd = open("/dev/null", O_RDONLY);
        if (null_fd < 0 || dup2(null_fd, 0) < 0 || dup2(log_fd, 1) < 0 || dup2(log_fd, 2) < 0)
            child_fail(log_fd, "cannot redirect standard streams");
        /* Close every inherited descriptor but the standard three: one
         * close_range(2) call (Linux 5.9), else one close(2) per number. */
        if (syscall(SYS_close_range, 3U, ~0U, 0U) != 0) {
            long max_fd = sysconf(_SC_OPEN_MAX);
            for (long fd = 3; fd < (max_fd > 0 && max_fd < 65536 ? max_fd : 65536); fd++) close((int)fd);
        }
        if (limits->address_space_mb > 0) set_limit(RLIMIT_AS, (rlim_t)limits->address_space_mb << 20);
        if (limits->cpu_seconds > 0) {
            /* The soft limit is per partie (botproc_renew_cpu raises it when
             * the process is given another); the hard limit bounds a whole
             * life of BOTPROC_CPU_PARTIES parties. */
            struct rlimit cpu = { (rlim_t)limits->cpu_seconds, (rlim_t)limits->cpu_seconds * BOTPROC_CPU_PARTIES };
            setrlimit(RLIMIT_CPU, &cpu);
        }
        if (limits->open_files > 0) set_limit(RLIMIT_NOFILE, (rlim_t)limits->open_files);
        set_limit(RLIMIT_CORE, 0);
        /* The log's cap: a write past it fails (EFBIG) instead of killing
         * the bot with SIGXFSZ, so a flood of output costs the bot only. */
        if (limits->log_bytes > 0) {
            long at = lseek(log_fd, 0, SEEK_END);
            set_limit(RLIMIT_FSIZE, (rlim_t)(at > limits->log_bytes ? at : limits->log_bytes));
            signal(SIGXFSZ, SIG_IGN);
        }
        signal(SIGPIPE, SIG_DFL);
        if (exec) sandbox_guard(exec, parent);
        putenv(env_endpoint);
        putenv(env_token);
        execl("/bin/sh", "sh", "-c", shell, (char *)NULL);
        child_fail(2, "cannot run /bin/sh");
    }
    close(log_fd);
    free(exec);
    setpgid(pid, pid);   /* also from the parent, so the group exists at once */
    self->pid = pid;
    return 0;
}

/* The first child of process pid (from /proc/PID/task/PID/children), or 0. */
static pid_t first_child(pid_t pid)
{
    char path[64];
    int child = 0;
    snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)pid, (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    if (fscanf(f, "%d", &child) != 1) child = 0;
    fclose(f);
    return (pid_t)child;
}

/* Reaps an exited bot. Its group is killed first, while the zombie still
 * holds the process id, so that the signal can never reach a process that
 * reused the id. A sandbox's guard is told to end it at once (SIGUSR1): it
 * exits only once nothing of the sandbox runs any more, so once the guard
 * is reaped the sandbox is gone. (A SIGKILL would stop the guard before
 * it could do that.) */
static void reap(struct botproc *self)
{
    int status;
    if (self->sandboxed) kill(self->pid, SIGUSR1);
    else kill(-self->pid, SIGKILL);
    if (waitpid(self->pid, &status, 0) == self->pid) self->status = status;
    botlog_seal(self->log_path, self->log_bytes);
    self->exited = 1;
    self->pid = 0;
}

int botproc_alive(struct botproc *self)
{
    siginfo_t info;
    if (!self->pid) return 0;
    memset(&info, 0, sizeof info);
    if (waitid(P_PID, (id_t)self->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == self->pid) {
        reap(self);
        return 0;
    }
    return 1;
}

static void sleep_ms(int ms)
{
    struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

/* Asks the bot to stop: SIGTERM to its group, or to its sandbox's guard,
 * which passes it to the bot and ends the sandbox after a grace period. */
static void ask_to_stop(struct botproc *self)
{
    kill(self->sandboxed ? self->pid : -self->pid, SIGTERM);
}

void botproc_stop(struct botproc *self, int grace_ms)
{
    if (!botproc_alive(self)) return;
    ask_to_stop(self);
    for (int waited = 0; waited < grace_ms; waited += 5) {
        sleep_ms(5);
        if (!botproc_alive(self)) return;
    }
    reap(self);
}

void botproc_terminate(struct botproc *self)
{
    if (botproc_alive(self)) ask_to_stop(self);
}

void botproc_describe_exit(const struct botproc *self, char *buf, size_t cap)
{
    if (!self->exited) snprintf(buf, cap, "still running");
    else if (self->sandboxed && WIFEXITED(self->status) && WEXITSTATUS(self->status) > 128 &&
             WEXITSTATUS(self->status) < 128 + 65)
        snprintf(buf, cap, "killed by signal %d (%s)", WEXITSTATUS(self->status) - 128,
                 strsignal(WEXITSTATUS(self->status) - 128));
    else if (WIFEXITED(self->status)) snprintf(buf, cap, "exit status %d", WEXITSTATUS(self->status));
    else if (WIFSIGNALED(self->status))
        snprintf(buf, cap, "killed by signal %d (%s)", WTERMSIG(self->status), strsignal(WTERMSIG(self->status)));
    else snprintf(buf, cap, "ended (status %d)", self->status);
}

static int digest_file(const char *path, uint64_t *h)
{
    struct stat st;
    unsigned char buf[65536];
    if (stat(path, &st) < 0 || !S_ISREG(st.st_mode)) return -1;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0)
        for (ssize_t i = 0; i < n; i++) *h = (*h ^ buf[i]) * 0x100000001b3ULL;
    close(fd);
    return n < 0 ? -1 : 0;
}

int botproc_command_digest(const char *command, char out[17])
{
    uint64_t h = 0xcbf29ce484222325ULL;
    int files = 0, first = 1;
    char word[1024];
    const char *c = command;
    while (*c) {
        while (*c == ' ' || *c == '\t') c++;
        size_t len = strcspn(c, " \t;&|\n'\"");
        if (len == 0) {
            if (*c) c++;
            first = 0;
            continue;
        }
        if (len < sizeof word) {
            memcpy(word, c, len);
            word[len] = '\0';
            if (digest_file(word, &h) == 0) {
                files++;
            } else if (first && !strchr(word, '/')) {
                const char *path = getenv("PATH");
                char full[2048];
                while (path && *path) {
                    size_t dir = strcspn(path, ":");
                    if (dir && snprintf(full, sizeof full, "%.*s/%s", (int)dir, path, word) < (int)sizeof full &&
                        access(full, X_OK) == 0 && digest_file(full, &h) == 0) {
                        files++;
                        break;
                    }
                    path += dir + (path[dir] == ':');
                }
            }
        }
        c += len;
        first = 0;
    }
    if (!files) return -1;
    snprintf(out, 17, "%016llx", (unsigned long long)h);
    return 0;
}


int botproc_renew_cpu(struct botproc *self, long cpu_seconds)
{
    char path[64], text[1024];
    unsigned long utime = 0, stime = 0;
    if (!self->pid || cpu_seconds <= 0) return 0;
    /* In a sandbox the bot is the guard's great-grandchild: bwrap, the
     * sandbox's PID 1, then the bot (setpriv, prlimit and sh exec into it). */
    pid_t bot = self->pid;
    for (int k = 0; self->sandboxed && k < 3; k++)
        if (!(bot = first_child(bot))) return -1;
    snprintf(path, sizeof path, "/proc/%d/stat", (int)bot);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f) fclose(f);
    text[n] = '\0';
    /* Fields 14 and 15 (utime, stime) follow the command name, which ends
     * with the last ')'. */
    const char *at = strrchr(text, ')');
    if (!at || sscanf(at + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2) return -1;
    long ticks = sysconf(_SC_CLK_TCK);
    rlim_t used = (rlim_t)((utime + stime) / (unsigned long)(ticks > 0 ? ticks : 100));
    struct rlimit old, now;
    if (prlimit(bot, RLIMIT_CPU, NULL, &old) < 0) return -1;
    now.rlim_max = old.rlim_max;
    now.rlim_cur = used + (rlim_t)cpu_seconds;
    if (old.rlim_max != RLIM_INFINITY && now.rlim_cur > old.rlim_max) now.rlim_cur = old.rlim_max;
    return prlimit(bot, RLIMIT_CPU, &now, NULL);
}

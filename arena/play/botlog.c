/* botlog.c - bot log files (botlog.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "arena/play/botlog.h"

static const char cut_note[] = "\n[arena] log cut here: it reached its cap; the bot's further output was dropped\n";

static int make_private_dir(const char *path, char *err, size_t cap)
{
    struct stat st;
    if (mkdir(path, 0700) == 0) return 0;
    if (errno == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) return 0;
    snprintf(err, cap, "cannot create the log directory '%s': %s", path,
             errno == EEXIST ? "not a directory" : strerror(errno));
    return -1;
}

int botlog_make_dir(const char *base, const char *run, char *out, size_t cap, char *err, size_t err_cap)
{
    if (make_private_dir(base, err, err_cap) < 0) return -1;
    if (!run) {
        snprintf(out, cap, "%s", base);
        return 0;
    }
    if (snprintf(out, cap, "%s/%s", base, run) >= (int)cap) {
        snprintf(err, err_cap, "log directory path too long: '%s'", base);
        return -1;
    }
    return make_private_dir(out, err, err_cap);
}

/* NAME with every byte outside [A-Za-z0-9._-] as '_', never starting
 * with '.'; empty: `fallback`. */
static void safe_name(char safe[64], const char *name, char fallback)
{
    size_t n = 0;
    for (const char *c = name; *c && n < 63; c++) {
        int ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
                 *c == '.' || *c == '_' || *c == '-';
        safe[n++] = ok ? *c : '_';
    }
    if (n == 0) safe[n++] = fallback;
    safe[n] = '\0';
    if (safe[0] == '.') safe[0] = '_';   /* never a hidden file, never "." or ".." */
}

void botlog_path(char *out, size_t cap, const char *dir, const char *name, unsigned long long partie, char player)
{
    char safe[64];
    safe_name(safe, name, player);
    snprintf(out, cap, "%s/%s-p%llu-%c.log", dir, safe, partie, player);
}

void botlog_remote_path(char *out, size_t cap, const char *dir, const char *name)
{
    char safe[64];
    safe_name(safe, name, 'R');
    snprintf(out, cap, "%s/%s-remote.log", dir, safe);
}

static long file_size(int fd)
{
    struct stat st;
    return fstat(fd, &st) == 0 ? (long)st.st_size : 0;
}

/* Ends the file with the cut note unless it ends with it already. */
static void seal_fd(int fd)
{
    char tail[sizeof cut_note];
    long size = file_size(fd), n = (long)sizeof cut_note - 1;
    if (size >= n && pread(fd, tail, (size_t)n, size - n) == n && !memcmp(tail, cut_note, (size_t)n)) return;
    (void)!write(fd, cut_note, (size_t)n);
}

void botlog_seal(const char *path, long cap_bytes)
{
    if (cap_bytes <= 0) return;
    int fd = open(path, O_RDWR | O_APPEND | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return;
    if (file_size(fd) >= cap_bytes) seal_fd(fd);
    close(fd);
}

void botlog_append(const char *path, const char *tag, const char *line, long cap_bytes)
{
    char text[1200];
    int n = snprintf(text, sizeof text, "[%s] %s\n", tag, line);
    if (n < 0) return;
    if ((size_t)n >= sizeof text) n = (int)sizeof text - 1;
    int fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) return;
    if (cap_bytes > 0 && file_size(fd) + n > cap_bytes) seal_fd(fd);
    else (void)!write(fd, text, (size_t)n);
    close(fd);
}

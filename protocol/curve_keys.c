/* curve_keys.c - CURVE key pairs on disk (curve_keys.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zmq.h>
#include "protocol/curve_keys.h"

enum { KEY_FILE_MAX = 4096 };

int curve_key_valid(const char *text)
{
    uint8_t bytes[32];
    return text && strlen(text) == 40 && zmq_z85_decode(bytes, text) != NULL;
}

static int name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n < 1 || n > 64 || name[0] == '.') return 0;
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
              c == '-'))
            return 0;
    }
    return 1;
}

/* Writes `text` to a new file `path` with `mode`; 0, or -1 with err. */
static int write_new(const char *path, const char *text, mode_t mode, char *err, size_t cap)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd < 0) {
        snprintf(err, cap, "cannot create '%s': %s", path, strerror(errno));
        return -1;
    }
    size_t len = strlen(text);
    ssize_t n = write(fd, text, len);
    int bad = n != (ssize_t)len || fchmod(fd, mode) != 0;
    if (close(fd) != 0) bad = 1;
    if (bad) {
        snprintf(err, cap, "cannot write '%s': %s", path, strerror(errno ? errno : EIO));
        unlink(path);
        return -1;
    }
    return 0;
}

int curve_keys_new(const char *dir, const char *name, char public_key[CURVE_KEY_TEXT], char *err, size_t cap)
{
    char secret[CURVE_KEY_TEXT], key_path[4096], pub_path[4096], text[256];
    struct stat st;
    if (!name_ok(name)) {
        snprintf(err, cap, "key name '%.80s': 1 to 64 of A-Z a-z 0-9 . _ -, not starting with '.'", name);
        return -1;
    }
    snprintf(key_path, sizeof key_path, "%s/%s.key", dir, name);
    snprintf(pub_path, sizeof pub_path, "%s/%s.pub", dir, name);
    if (stat(key_path, &st) == 0 || stat(pub_path, &st) == 0) {
        snprintf(err, cap, "'%s' or '%s' exists: keys are never overwritten", key_path, pub_path);
        return -1;
    }
    if (zmq_curve_keypair(public_key, secret) != 0) {
        snprintf(err, cap, "cannot make a key pair: %s (is libzmq built with CURVE?)", zmq_strerror(errno));
        return -1;
    }
    snprintf(text, sizeof text, "# CURVE key pair %s: keep this file secret\npublic = %s\nsecret = %s\n", name,
             public_key, secret);
    int rc = write_new(key_path, text, 0600, err, cap);
    memset(text, 0, sizeof text);
    memset(secret, 0, sizeof secret);
    if (rc < 0) return -1;
    snprintf(text, sizeof text, "%s\n", public_key);
    if (write_new(pub_path, text, 0644, err, cap) < 0) {
        unlink(key_path);
        return -1;
    }
    return 0;
}

/* The whole file (at most KEY_FILE_MAX bytes) into buf. */
static int slurp(const char *path, char *buf, size_t cap_buf, struct stat *st, char *err, size_t cap)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, cap, "cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
        snprintf(err, cap, "'%s' is not a file", path);
        close(fd);
        return -1;
    }
    ssize_t n = read(fd, buf, cap_buf - 1);
    close(fd);
    if (n < 0 || (size_t)n >= cap_buf - 1) {
        snprintf(err, cap, "cannot read '%s' (a key file is a few lines)", path);
        return -1;
    }
    buf[n] = '\0';
    return 0;
}

/* The value of one "word = KEY" line into out (0), or -1 when the line is
 * not that word. */
static int key_line(const char *line, const char *word, char out[CURVE_KEY_TEXT])
{
    size_t w = strlen(word);
    if (strncmp(line, word, w)) return -1;
    line += w;
    while (*line == ' ' || *line == '\t') line++;
    if (*line++ != '=') return -1;
    while (*line == ' ' || *line == '\t') line++;
    size_t n = strcspn(line, " \t\r\n");
    if (n != 40) return -1;
    memcpy(out, line, 40);
    out[40] = '\0';
    return 0;
}

int curve_keys_read(const char *path, char public_key[CURVE_KEY_TEXT], char secret_key[CURVE_KEY_TEXT], char *err,
                    size_t cap)
{
    char buf[KEY_FILE_MAX], derived[CURVE_KEY_TEXT];
    struct stat st;
    int have_public = 0, have_secret = 0, line_no = 0;
    if (slurp(path, buf, sizeof buf, &st, err, cap) < 0) return -1;
    if (st.st_mode & 077) {
        snprintf(err, cap, "'%s' may be read or written by others (mode %03o): chmod 600 it", path,
                 (unsigned)(st.st_mode & 0777));
        memset(buf, 0, sizeof buf);
        return -1;
    }
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
        line_no++;
        if (line[0] == '#' || line[strspn(line, " \t\r")] == '\0') continue;
        if (key_line(line, "public", public_key) == 0) have_public = 1;
        else if (key_line(line, "secret", secret_key) == 0) have_secret = 1;
        else {
            snprintf(err, cap, "'%s': a line is neither 'public = KEY' nor 'secret = KEY'", path);
            memset(buf, 0, sizeof buf);
            return -1;
        }
    }
    memset(buf, 0, sizeof buf);
    if (!have_public || !have_secret || !curve_key_valid(public_key) || !curve_key_valid(secret_key)) {
        snprintf(err, cap, "'%s' is not a key pair (arena keys new NAME writes one)", path);
        return -1;
    }
    if (zmq_curve_public(derived, secret_key) != 0 || strcmp(derived, public_key)) {
        snprintf(err, cap, "'%s': the public key is not the secret key's", path);
        return -1;
    }
    return 0;
}

int curve_key_read_public(const char *path, char public_key[CURVE_KEY_TEXT], char *err, size_t cap)
{
    char buf[KEY_FILE_MAX];
    struct stat st;
    if (slurp(path, buf, sizeof buf, &st, err, cap) < 0) return -1;
    const char *text = buf + strspn(buf, " \t\r\n");
    size_t n = strcspn(text, " \t\r\n");
    if (n == 40 && text[n + strspn(text + n, " \t\r\n")] == '\0') {   /* a .pub: the key alone */
        memcpy(public_key, text, 40);
        public_key[40] = '\0';
        if (curve_key_valid(public_key)) return 0;
    }
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
        if (key_line(line, "public", public_key) == 0 && curve_key_valid(public_key)) {
            memset(buf, 0, sizeof buf);
            return 0;
        }
    memset(buf, 0, sizeof buf);
    snprintf(err, cap, "'%s' holds no public key (40 Z85 characters)", path);
    return -1;
}

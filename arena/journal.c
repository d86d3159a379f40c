/* journal.c - JSON-lines journal (journal.h). A record is formatted first
 * and written with one write() call loop, then fsync, so readers only ever
 * see whole lines except after a crash mid-write.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "arena/journal.h"

int journal_open(struct journal *self, const char *path, char *err, size_t cap)
{
    snprintf(self->path, sizeof self->path, "%s", path);
    self->fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (self->fd < 0) {
        snprintf(err, cap, "cannot open journal '%s': %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int journal_append(struct journal *self, const cJSON *record, char *err, size_t cap)
{
    char *text = cJSON_PrintUnformatted(record);
    int rc = -1;
    if (!text) {
        snprintf(err, cap, "out of memory formatting a journal record");
        return -1;
    }
    size_t len = strlen(text);
    text[len] = '\n';   /* replaces the NUL; len + 1 bytes go out */
    for (size_t done = 0; done < len + 1;) {
        ssize_t n = write(self->fd, text + done, len + 1 - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            snprintf(err, cap, "cannot write journal '%s': %s", self->path, strerror(errno));
            goto out;
        }
        done += (size_t)n;
    }
    if (fsync(self->fd) < 0) {
        snprintf(err, cap, "cannot sync journal '%s': %s", self->path, strerror(errno));
        goto out;
    }
    rc = 0;
out:
    free(text);
    return rc;
}

void journal_close(struct journal *self)
{
    if (self->fd >= 0) close(self->fd);
    self->fd = -1;
}

int journal_read(const char *path, int (*each)(const cJSON *record, int line, void *ctx), void *ctx,
                 int *torn, char *err, size_t cap)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t size = 0;
    int count = 0, number = 0;
    *torn = 0;
    if (!f) {
        snprintf(err, cap, "cannot open journal '%s': %s", path, strerror(errno));
        return -1;
    }
    ssize_t len;
    while ((len = getline(&line, &size, f)) >= 0) {
        number++;
        int complete = len > 0 && line[len - 1] == '\n';
        if (complete) len--;
        if (len == 0) continue;
        cJSON *record = cJSON_ParseWithLength(line, (size_t)len);
        if (!record || !cJSON_IsObject(record)) {
            cJSON_Delete(record);
            if (!complete && feof(f)) {   /* the last line, cut by a crash */
                *torn = 1;
                break;
            }
            snprintf(err, cap, "%s:%d: not a JSON object", path, number);
            count = -1;
            break;
        }
        count++;
        int stop = each(record, number, ctx);
        cJSON_Delete(record);
        if (stop) break;
    }
    free(line);
    fclose(f);
    return count;
}

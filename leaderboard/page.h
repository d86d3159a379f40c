/* page.h - the web page's files (leaderboard/page/), embedded in the
 * binary at build time by the generator embed.c: every file under
 * leaderboard/page/ becomes an entry, so a new or changed file is served
 * after a rebuild with no change to the code.
 */
#ifndef LEADERBOARD_PAGE_H
#define LEADERBOARD_PAGE_H

#include <stddef.h>

struct page_file {
    const char *path;            /* "/index.html", "/app.js", ... */
    const unsigned char *data;
    size_t size;
    const char *etag;            /* quoted hash of the content */
};

/* Generated: the files, and how many. */
extern const struct page_file page_files[];
extern const int page_n_files;

/* The file served at URL path `path` ("/" is "/index.html"), or NULL. */
const struct page_file *page_find(const char *path);

/* The Content-Type of a file by its extension. */
const char *page_content_type(const char *path);

#endif

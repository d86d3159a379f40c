/* page.c - finding an embedded page file and its Content-Type (page.h). */
#include <string.h>
#include "leaderboard/page.h"

const struct page_file *page_find(const char *path)
{
    if (!strcmp(path, "/")) path = "/index.html";
    for (int i = 0; i < page_n_files; i++)
        if (!strcmp(page_files[i].path, path)) return &page_files[i];
    return NULL;
}

const char *page_content_type(const char *path)
{
    static const struct { const char *ext, *type; } types[] = {
        { ".html", "text/html; charset=utf-8" },
        { ".js", "text/javascript; charset=utf-8" },
        { ".css", "text/css; charset=utf-8" },
        { ".svg", "image/svg+xml" },
        { ".json", "application/json" },
        { ".png", "image/png" },
        { ".ico", "image/x-icon" },
        { ".txt", "text/plain; charset=utf-8" },
        { ".woff2", "font/woff2" },
    };
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(dot, types[i].ext)) return types[i].type;
    return "application/octet-stream";
}

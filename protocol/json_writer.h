/* json_writer.h - a pq_writer (engine/writer.h) that builds cJSON trees.
 *
 * Usage: json_writer_init(&jw, root) with a cJSON object or array the
 * caller owns; pass &jw.writer to the engine; nodes are attached to their
 * parent as soon as they are made, so deleting the root frees everything.
 * Nesting deeper than JSON_WRITER_DEPTH or an allocation failure sets
 * `failed` and drops the rest; check it before using the tree.
 */
#ifndef JSON_WRITER_H
#define JSON_WRITER_H

#include <cjson/cJSON.h>
#include "engine/writer.h"

enum { JSON_WRITER_DEPTH = 16 };

struct json_writer {
    struct pq_writer writer;
    cJSON *stack[JSON_WRITER_DEPTH];
    int depth;
    int failed;
};

void json_writer_init(struct json_writer *self, cJSON *root);

#endif

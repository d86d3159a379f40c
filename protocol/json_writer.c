/* json_writer.c - the cJSON implementation of pq_writer (json_writer.h).
 * The stack holds borrowed pointers into the caller's tree.
 */
#include "protocol/json_writer.h"

static void attach(struct json_writer *self, const char *key, cJSON *node)
{
    cJSON *parent = self->stack[self->depth - 1];
    if (!node) {
        self->failed = 1;
        return;
    }
    if (cJSON_IsArray(parent) || !key) cJSON_AddItemToArray(parent, node);
    else cJSON_AddItemToObject(parent, key, node);
}

static void jw_begin(void *ctx, const char *key, int array)
{
    struct json_writer *self = ctx;
    cJSON *node = array ? cJSON_CreateArray() : cJSON_CreateObject();
    if (self->depth >= JSON_WRITER_DEPTH) {
        cJSON_Delete(node);
        self->failed = 1;
        self->depth++;   /* keep begin/end balanced */
        return;
    }
    cJSON *parent = self->stack[self->depth - 1];
    attach(self, key, node);
    self->stack[self->depth] = node ? node : parent;
    self->depth++;
}

static void jw_end(void *ctx)
{
    struct json_writer *self = ctx;
    if (self->depth > 1) self->depth--;
}

static int deep(struct json_writer *self)
{
    return self->depth > JSON_WRITER_DEPTH;
}

static void jw_integer(void *ctx, const char *key, long value)
{
    struct json_writer *self = ctx;
    if (!deep(self)) attach(self, key, cJSON_CreateNumber((double)value));
}

static void jw_string(void *ctx, const char *key, const char *value)
{
    struct json_writer *self = ctx;
    if (!deep(self)) attach(self, key, value ? cJSON_CreateString(value) : cJSON_CreateNull());
}

static void jw_boolean(void *ctx, const char *key, int value)
{
    struct json_writer *self = ctx;
    if (!deep(self)) attach(self, key, cJSON_CreateBool(value));
}

void json_writer_init(struct json_writer *self, cJSON *root)
{
    self->writer = (struct pq_writer){ self, jw_begin, jw_end, jw_integer, jw_string, jw_boolean, NULL };
    self->stack[0] = root;
    self->depth = 1;
    self->failed = 0;
}

/* writer.h - a sink for structured data (objects, arrays, numbers,
 * strings), so that the engine can describe views and results without
 * knowing JSON (docs/design.md: the engine never includes cJSON). The protocol
 * and the arena implement it with cJSON.
 *
 * Calls nest: begin(key, array?) ... end(). Inside an array keys are NULL.
 * string() with a NULL value writes a null.
 */
#ifndef PQ_WRITER_H
#define PQ_WRITER_H

struct pq_writer {
    void *ctx;
    void (*begin)(void *ctx, const char *key, int array);
    void (*end)(void *ctx);
    void (*integer)(void *ctx, const char *key, long value);
    void (*string)(void *ctx, const char *key, const char *value);
    void (*boolean)(void *ctx, const char *key, int value);
};

#endif

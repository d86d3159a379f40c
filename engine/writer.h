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

#include <stddef.h>
#include <stdint.h>

struct pq_writer {
    void *ctx;
    void (*begin)(void *ctx, const char *key, int array);
    void (*end)(void *ctx);
    void (*integer)(void *ctx, const char *key, long value);
    void (*string)(void *ctx, const char *key, const char *value);
    void (*boolean)(void *ctx, const char *key, int value);
    /* Optional (NULL: none): an array of n strings given at once, each
     * `width` bytes (1..15, no NUL among them) back to back in `items`,
     * as a list of cards "AS" "TD" is "ASTD". The same text as begin, a
     * string each and end, in one call: pq_writer_strings() calls it, or
     * falls back on those. */
    void (*strings)(void *ctx, const char *key, const char *items, int width, int n);
};

/* The calls in short, and the shapes every game's reports write. */
static inline void pq_writer_begin(const struct pq_writer *w, const char *key, int array)
{
    w->begin(w->ctx, key, array);
}

static inline void pq_writer_end(const struct pq_writer *w)
{
    w->end(w->ctx);
}

static inline void pq_writer_int(const struct pq_writer *w, const char *key, long v)
{
    w->integer(w->ctx, key, v);
}

static inline void pq_writer_str(const struct pq_writer *w, const char *key, const char *v)
{
    w->string(w->ctx, key, v);
}

/* A seat (or player) number, null when it is negative (none). */
static inline void pq_writer_seat(const struct pq_writer *w, const char *key, int seat)
{
    if (seat < 0) w->string(w->ctx, key, NULL);
    else w->integer(w->ctx, key, seat);
}

/* An array of n numbers. */
static inline void pq_writer_ints(const struct pq_writer *w, const char *key, const int32_t *v, int n)
{
    w->begin(w->ctx, key, 1);
    for (int i = 0; i < n; i++) w->integer(w->ctx, NULL, v[i]);
    w->end(w->ctx);
}

/* A report's scoring event of a partnership game, as Coinche and
 * Tarocchini write it: {"seat", "side", "category", "points"} in that
 * order. */
static inline void pq_writer_side_event(const struct pq_writer *w, int seat, int side, const char *category, long points)
{
    w->begin(w->ctx, NULL, 0);
    w->integer(w->ctx, "seat", seat);
    w->integer(w->ctx, "side", side);
    w->string(w->ctx, "category", category);
    w->integer(w->ctx, "points", points);
    w->end(w->ctx);
}

/* An array of n strings of `width` bytes each, back to back in items,
 * through w->strings when the sink has it. */
static inline void pq_writer_strings(const struct pq_writer *w, const char *key, const char *items, int width, int n)
{
    if (w->strings) {
        w->strings(w->ctx, key, items, width, n);
        return;
    }
    w->begin(w->ctx, key, 1);
    for (int i = 0; i < n; i++) {
        char one[16];
        for (int j = 0; j < width && j < 15; j++) one[j] = items[i * width + j];
        one[width < 15 ? width : 15] = '\0';
        w->string(w->ctx, NULL, one);
    }
    w->end(w->ctx);
}

#endif

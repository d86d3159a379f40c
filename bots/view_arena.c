/* view_arena.c - a bump allocator for cJSON views (view_arena.h). */
#include "bots/view_arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <cjson/cJSON.h>

enum { ARENA_ALIGN = 16, ARENA_FIRST = 256 * 1024 };

static char *block;        /* the scope's memory */
static size_t cap, used;   /* its size, and what the open scope handed out */
static int open_scope, spilled, hooked;

static void *arena_malloc(size_t size)
{
    size_t rounded = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    if (!open_scope || rounded < size || rounded > cap - used) {
        spilled |= open_scope;
        return malloc(size);
    }
    void *p = block + used;
    used += rounded;
    return p;
}

static void arena_free(void *p)
{
    if (block && (uintptr_t)p >= (uintptr_t)block && (uintptr_t)p < (uintptr_t)block + cap) return;
    free(p);
}

int view_arena_open(void)
{
    if (!hooked) {
        cJSON_Hooks hooks = { arena_malloc, arena_free };
        cJSON_InitHooks(&hooks);
        hooked = 1;
    }
    if (!block || spilled) {
        size_t want = !block ? ARENA_FIRST : 2 * cap;
        char *bigger = malloc(want);
        if (!bigger) return -1;
        free(block);
        block = bigger;
        cap = want;
        spilled = 0;
    }
    used = 0;
    open_scope = 1;
    return 0;
}

int view_arena_holds_all(void)
{
    return open_scope && !spilled;
}

void view_arena_close(void)
{
    open_scope = 0;
    used = 0;
}

/* view_arena.h - the memory of the cJSON views a search builds and drops
 * by the thousand: greedy's heuristic (game_greedy.h game_greedy_policy),
 * in the playouts and in the weighing of worlds, reads a view of the state
 * at each of its choices, a tree of hundreds of small nodes, and glibc's
 * malloc and free took a third of the search's time (bots/README.md "Tests
 * and speed").
 *
 * While a scope is open, every cJSON allocation comes from one block,
 * handed out in order, and is given back all at once when the scope
 * closes: cJSON_Delete inside or after the scope frees nothing of the
 * block (its nodes are dropped with it). Outside a scope, and for what does
 * not fit in the block, cJSON allocates with malloc and frees with free as
 * before; the block grows for the next scope when one did not fit. Nothing
 * allocated in a scope may be used after it closes. One scope at a time,
 * one thread (the bots are single-threaded); scopes do not nest.
 *
 * view_arena_open installs the allocator in cJSON (cJSON_InitHooks) the
 * first time; the process's other cJSON use goes through it unchanged.
 */
#ifndef BOTS_VIEW_ARENA_H
#define BOTS_VIEW_ARENA_H

/* Opens a scope: cJSON allocations come from the block until it closes.
 * 0, or -1 when no block could be had (cJSON then allocates as before). */
int view_arena_open(void);

/* Whether everything the open scope allocated came from the block (none
 * of it from malloc): a tree built in it then needs no cJSON_Delete, the
 * close drops it whole. 0 outside a scope. */
int view_arena_holds_all(void);

/* Closes the scope: everything allocated in it is given back. */
void view_arena_close(void);

#endif

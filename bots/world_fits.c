/* world_fits.c - the per-game filters of sampled worlds behind one
 * function (world_fits.h). */
#include "bots/world_fits.h"

#include <string.h>
#include "bots/belote_bids.h"
#include "bots/coinche_bids.h"
#include "bots/tarot_bids.h"

int game_world_fits(const struct game *g, const void *world, int player)
{
    if (!strcmp(g->name, "coinche")) return coinche_world_fits(g, world, player);
    if (!strcmp(g->name, "belote") || !strcmp(g->name, "belote-partnership"))
        return belote_world_fits(g, world, player);
    if (!strcmp(g->name, "tarot") && g->players(world) < 5) return tarot_world_fits(g, world, player);
    return 1;
}

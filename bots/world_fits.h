/* world_fits.h - which sampled worlds a search takes (search.h
 * options.fits), one entry for every game, so that no caller names a
 * game's own filter: Coinche's auction (bots/coinche_bids.h
 * coinche_world_fits), the Belote forms' (bots/belote_bids.h
 * belote_world_fits), Tarot's at three and four players (bots/tarot_bids.h
 * tarot_world_fits: at five bot-search's searched bids lost with it in
 * process, bots/README.md); every world of any other game.
 */
#ifndef BOTS_WORLD_FITS_H
#define BOTS_WORLD_FITS_H

#include "engine/game.h"

/* search.h options.fit_tries for game_world_fits: the samples a world
 * may take before the last one is kept. */
enum { WORLD_FIT_TRIES = 40 };

/* search.h options.fits for any game: its own filter's answer, 1 for a
 * game that has none. Deterministic for a world. */
int game_world_fits(const struct game *g, const void *world, int player);

#endif

/* tarot_sample.c - sampling full states consistent with a seat's view
 * (game.h sample; tarot.h says what is kept). */
#include "engine/tarot/tarot.h"

int tarot_match_sample(struct tarot_match *out, const struct tarot_match *m, int player, uint64_t seed)
{
    (void)out; (void)m; (void)player; (void)seed;
    return -1;
}
